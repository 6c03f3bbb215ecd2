#pragma once

#include "core/plan/series.h"

#include <QPointer>
#include <qcustomplot.h>

namespace pipeplan {

class ScenarioDocument;

/// Runtime against cost over worker counts, both on log axes: each point of the
/// curve one worker count, more workers going down (faster) and, once the serial share or an
/// overhead bites, right (dearer). The plan's point is marked, and with a deadline its line and
/// the fewest workers that meet it.
class CostChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit CostChart(QWidget *parent = nullptr);
    void setDocument(ScenarioDocument *document);
    /// Draws `series` (core's costSeries) now.
    void setSeries(const CostSeries &series);

    QCPCurve *curve() const { return m_curve; }
    QCPGraph *planMarker() const { return m_plan; }
    QCPGraph *fewestMarker() const { return m_fewest; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    /// What the chart shows, the start of its tooltip (the exact amounts follow).
    static QString about();
    void refresh();

    QPointer<ScenarioDocument> m_document;
    QCPCurve *m_curve;
    QCPGraph *m_plan;
    QCPGraph *m_fewest;
    QCPItemStraightLine *m_deadline;
    QCPItemText *m_deadlineLabel;
    bool m_stale = false;
};

} // namespace pipeplan
