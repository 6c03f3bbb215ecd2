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
    QString kneeLabelText() const;

protected:
    void showEvent(QShowEvent *event) override;

private:
    void refresh();

    QPointer<ScenarioDocument> m_document;
    QCPGraph *m_naive;
    QCPGraph *m_overhead;
    QCPGraph *m_marker;
    QCPGraph *m_knee;
    QCPItemText *m_kneeLabel;
    bool m_stale = false;
};

} // namespace pipeplan
