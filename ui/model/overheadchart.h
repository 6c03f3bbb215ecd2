#pragma once

#include "core/plan/series.h"

#include <QPointer>
#include <qcustomplot.h>

namespace pipeplan {

class ScenarioDocument;

/// Runtime against workers on log axes, twice: the naive model and the model with overheads.
/// Where a cap binds, the overhead curve flattens; the knee is marked and named.
class OverheadChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit OverheadChart(QWidget *parent = nullptr);
    /// Follows the document's result (its overhead curve), drawn when shown.
    void setDocument(ScenarioDocument *document);
    /// Draws `series` (core's overheadSeries) now.
    void setSeries(const OverheadSeries &series);

    QCPGraph *naiveGraph() const { return m_naive; }
    QCPGraph *overheadGraph() const { return m_overhead; }
    QCPGraph *kneeGraph() const { return m_knee; }
    /// The P10-P90 fan over the ranges: the P90 graph fills down to the P10 one.
    QCPGraph *fanLowGraph() const { return m_fanLow; }
    QCPGraph *fanHighGraph() const { return m_fanHigh; }
    QString kneeLabelText() const;

protected:
    void showEvent(QShowEvent *event) override;

private:
    void refresh();

    QPointer<ScenarioDocument> m_document;
    QCPGraph *m_fanLow;
    QCPGraph *m_fanHigh;
    QCPGraph *m_naive;
    QCPGraph *m_overhead;
    QCPGraph *m_marker;
    QCPGraph *m_knee;
    QCPItemText *m_kneeLabel;
    bool m_stale = false;
};

} // namespace pipeplan
