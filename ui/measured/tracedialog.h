#pragma once

#include "core/measured/trace.h"

#include <QDialog>
#include <QPointer>

#include <array>
#include <optional>
#include <vector>

class QComboBox;
class QDialogButtonBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QStackedWidget;
class QStandardItemModel;
class QTableView;

namespace pipeplan {

class BackgroundJob;
class ScenarioDocument;
struct TraceChoices;

/// Import trace: reads a profiler trace in the background (trace::readFile, with
/// progress and Cancel), lists its spans by total time (filterable) with count, mean, P50 and
/// P90, and maps chosen spans to the Model's stages (ms per user, or per item × predictions per
/// user) or to the Training tab's F, B and W per device (a lane, pid/tid, as the rank). Apply is
/// one undoable edit that also records the source file, when it was read and what it set
/// (MeasuredSettings::traceFile, traceReadAt, traceMapping).
///
/// Widgets tests drive by object name: "filter", "spans" (the table), "statistic", "target",
/// "stageSpan<i>" and "stageUnit<i>" for the scenario's stage i (non-scoring stages only),
/// "latencySpan", "trainingSpanF", "trainingSpanB", "trainingSpanW", "trainingNote" (per device
/// or one value), "stopReading", "message".
class TraceDialog : public QDialog
{
    Q_OBJECT
public:
    explicit TraceDialog(ScenarioDocument *document, QWidget *parent = nullptr);
    ~TraceDialog() override;

    /// Starts reading `path` in the background; the list fills when it is done.
    void load(const QString &path);

    /// True from load() until the trace is read, fails or is stopped.
    bool isLoading() const;
    /// The trace read, when it was read successfully.
    const std::optional<trace::Summary> &summary() const { return m_summary; }
    /// The line under the table: why the file could not be read, why Apply was refused, or
    /// whether training times are per device; empty when there is nothing to say.
    QString message() const;
    /// The "truncated" warning and the reader's notes; empty when the file read cleanly.
    QString warning() const;
    /// The button that makes the edit (the dialog's default button).
    QPushButton *applyButton() const { return m_apply; }

public slots:
    void reject() override;

private:
    QWidget *buildSummaryBox();
    QWidget *buildSpanBox();
    QWidget *buildMappingBox();
    QWidget *buildStagesPage();
    QWidget *buildTrainingPage();
    QComboBox *newSpanBox(const QString &objectName, const QString &accessibleName);

    void stopReading();
    void showSummary();
    void showLoadError(const QString &error);
    void fillSpanTable();
    void fillSpanBoxes();
    void applyFilter(const QString &text);
    void updateState();
    void applyMapping();

    /// What the widgets say now: the statistic, the target and the span for each time.
    TraceChoices choices() const;
    /// The span chosen in `box`, or nullptr for "keep".
    const trace::SpanStats *chosenSpan(const QComboBox *box) const;

    QPointer<ScenarioDocument> m_document;
    BackgroundJob *m_job;
    QString m_path;
    QString m_readAt; ///< ISO 8601 UTC, when the read finished
    std::optional<trace::Summary> m_summary;
    bool m_loading = false;

    QLabel *m_file;
    QLabel *m_counts;
    QLabel *m_warning;
    QProgressBar *m_progress;
    QPushButton *m_stop;
    QLineEdit *m_filter;
    QStandardItemModel *m_spanModel;
    QSortFilterProxyModel *m_spanProxy;
    QTableView *m_spans;
    QComboBox *m_statistic;
    QComboBox *m_target;
    QStackedWidget *m_targetPages;
    /// One per scenario stage, nullptr for the scoring stage (its time is the workload's).
    std::vector<QComboBox *> m_stageSpans;
    std::vector<QComboBox *> m_stageUnits;
    QComboBox *m_latencySpan = nullptr;
    std::array<QComboBox *, 3> m_trainingSpans{}; ///< F, B, W
    QLabel *m_trainingNote = nullptr;
    QLabel *m_message;
    QDialogButtonBox *m_buttons;
    QPushButton *m_apply;
};

} // namespace pipeplan
