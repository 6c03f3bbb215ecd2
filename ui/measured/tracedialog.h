#pragma once

#include <QDialog>

namespace pipeplan {

class ScenarioDocument;

/// Import trace (issue 20): reads a profiler trace in the background (trace::readFile, with
/// progress and Cancel), lists its spans by total time (filterable) with count, mean, P50 and
/// P90, and maps chosen spans to the Model's stages (ms per user, or per item × predictions per
/// user) or to the Training tab's F, B and W per device (a lane, pid/tid, as the rank). Apply is
/// one undoable edit that also records the source file, when it was read and what it set
/// (MeasuredSettings::traceFile, traceReadAt, traceMapping).
class TraceDialog : public QDialog
{
    Q_OBJECT
public:
    explicit TraceDialog(ScenarioDocument *document, QWidget *parent = nullptr);
    ~TraceDialog() override;

    /// Starts reading `path` in the background; the list fills when it is done.
    void load(const QString &path);
};

} // namespace pipeplan
