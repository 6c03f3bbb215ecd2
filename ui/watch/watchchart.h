#pragma once

// The running job's burn-up: work done against the clock (restarts kept), the plan's line and
// the forecast cone from the last reading to the total (watch::burnUp computes every point).

#include "core/watch/burnup.h"

#include <qcustomplot.h>

namespace pipeplan {

class WatchChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit WatchChart(QWidget *parent = nullptr);
    void setBurnUp(const watch::BurnUp &burnUp);

    QCPGraph *doneGraph() const { return m_done; }
    QCPGraph *planGraph() const { return m_plan; }
    QCPGraph *middleGraph() const { return m_middle; }
    /// The shaded cone between the fast (P10) and the slow (P90) edges.
    QCPCurve *cone() const { return m_cone; }

private:
    QCPGraph *m_done;
    QCPGraph *m_plan;
    QCPGraph *m_middle;
    QCPCurve *m_cone;
    QCPItemStraightLine *m_total;
    QCPItemStraightLine *m_now;
};

} // namespace pipeplan
