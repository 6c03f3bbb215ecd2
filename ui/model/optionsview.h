#pragma once

#include "core/plan/options.h"

#include <QPointer>
#include <QWidget>

class QCPGraph;
class QCustomPlot;
class QLabel;
class QTableWidget;

namespace pipeplan {

class ScenarioDocument;

/// Options side by side (issue 35): the plan and each of its named options (the file's
/// `options`, `pipeplan-cli options`) with runtime, P50 · P90 over the ranges, throughput,
/// worker-hours, cost, the deadline, memory and the nearest lever, as core compared them
/// (options::rows); a chart of runtime against cost with the efficient ones filled; and per
/// option a Switch button that makes the plan that option in one undo step.
class OptionsView : public QWidget
{
    Q_OBJECT
public:
    explicit OptionsView(QWidget *parent = nullptr);
    void setDocument(ScenarioDocument *document);

    QTableWidget *table() const { return m_table; }
    QCustomPlot *chart() const { return m_chart; }
    QString summaryText() const;
    /// Makes the plan option `option` (an index into its options): one undo step.
    bool switchTo(int option);

    static constexpr int kSwitchColumn = 1;

private:
    void refresh();

    QPointer<ScenarioDocument> m_document;
    QLabel *m_summary;
    QTableWidget *m_table;
    QCustomPlot *m_chart;
    QCPGraph *m_all;
    QCPGraph *m_efficient;
    std::vector<options::Row> m_rows;
};

} // namespace pipeplan
