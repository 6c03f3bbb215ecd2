#pragma once

#include "core/plan/whatittakes.h"

#include <qcustomplot.h>

namespace pipeplan {

/// Two levers on a plane: the first across, the second up, the region where the job
/// meets the deadline shaded and bounded by core's boundary (whatittakes::plane), the plan's
/// point, the cheapest and the nearest combinations that meet it. It draws what core computed.
class PlaneChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit PlaneChart(QWidget *parent = nullptr);
    void setPlane(const whatittakes::Plane &plane);

    QCPGraph *boundaryGraph() const { return m_boundary; }
    QCPGraph *planMarker() const { return m_plan; }
    QCPGraph *cheapestMarker() const { return m_cheapest; }
    QCPGraph *nearestMarker() const { return m_nearest; }

private:
    void fitEmptyText();
    QCPGraph *m_boundary;
    QCPGraph *m_edge; ///< the helping end of the second axis: the shading fills to it
    QCPGraph *m_plan;
    QCPGraph *m_cheapest;
    QCPGraph *m_nearest;
    QCPItemText *m_empty;
    QString m_emptyText; ///< the empty plane's sentence, before wrapping
    // What the shown wrapping was made from (fitEmptyText).
    QString m_wrappedFrom;
    int m_wrappedWidthPx = -1;
    QFont m_wrappedFont;
};

} // namespace pipeplan
