#include "ui/model/planechart.h"

#include "core/base/format.h"
#include "core/plan/explain.h"
#include "ui/widgets/chartstyle.h"

#include <QCoreApplication>

#include <cmath>
#include <limits>

namespace pipeplan {

namespace {

QString axisLabel(const whatittakes::PlaneAxis &axis)
{
    QString label = axis.unit.isEmpty() ||
                            axis.unit == QCoreApplication::translate("pipeplan::fields", "workers")
                        ? axis.lever
                        : QStringLiteral("%1 (%2)").arg(axis.lever, axis.unit);
    if (axis.logScale)
        label += QCoreApplication::translate("pipeplan::PlaneChart", ", log");
    return label;
}

void setScale(QCPAxis *axis, const whatittakes::PlaneAxis &lever)
{
    axis->setScaleType(lever.logScale ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    // Core's ticks, so the window and the report label the same numbers.
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (size_t i = 0; i < lever.ticks.size(); ++i)
        ticker->addTick(lever.ticks[i], lever.tickTexts.value(static_cast<qsizetype>(i)));
    axis->setTicker(ticker);
    // Thinned to what the axis holds when presentation mode's labels would stack.
    axis->setProperty("pp_thinTicks", true);
    axis->setLabel(axisLabel(lever));
    // Room beyond the span so a marker at its ends (the largest 18 px) shows whole rather than
    // clipped by the axis rect, down to a plot 120 px high.
    constexpr double kMargin = 0.08;
    if (lever.logScale) {
        const double margin = std::pow(lever.high / lever.low, kMargin);
        axis->setRange(lever.low / margin, lever.high * margin);
    } else {
        const double margin = (lever.high - lever.low) * kMargin;
        axis->setRange(lever.low - margin, lever.high + margin);
    }
}

QCPScatterStyle cheapestStyle(bool leads)
{
    return QCPScatterStyle(QCPScatterStyle::ssStar, QPen(chartstyle::kSecondary, leads ? 3 : 1.5),
                           Qt::NoBrush, leads ? 18 : 11);
}

QCPScatterStyle nearestStyle(bool leads)
{
    return QCPScatterStyle(
        QCPScatterStyle::ssDiamond,
        QPen(leads ? chartstyle::kSecondary.darker(170) : chartstyle::kSecondary, leads ? 2 : 1),
        chartstyle::kSecondary, leads ? 16 : 10);
}

} // namespace

PlaneChart::PlaneChart(QWidget *parent) : QCustomPlot(parent)
{
    chartstyle::applyDefaults(this);
    m_edge = addGraph();
    m_edge->setPen(Qt::NoPen);
    m_edge->removeFromLegend();
    m_boundary = addGraph();
    m_boundary->setName(tr("just meets it"));
    m_boundary->removeFromLegend(); // the shading and the sentences above say it
    m_boundary->setPen(QPen(chartstyle::kPrimary, 2.5));
    QColor fill = chartstyle::kPrimary;
    fill.setAlpha(60);
    m_boundary->setBrush(fill);
    m_boundary->setChannelFillGraph(m_edge);
    m_plan = addGraph();
    m_plan->setName(tr("the plan"));
    m_plan->setLineStyle(QCPGraph::lsNone);
    m_plan->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(chartstyle::kAlert, 2.5), Qt::white, 12));
    m_cheapest = addGraph();
    m_cheapest->setName(tr("cheapest that meets it"));
    m_cheapest->setLineStyle(QCPGraph::lsNone);
    m_cheapest->setScatterStyle(cheapestStyle(true));
    m_nearest = addGraph();
    m_nearest->setName(tr("smallest move that meets it"));
    m_nearest->setLineStyle(QCPGraph::lsNone);
    m_nearest->setScatterStyle(nearestStyle(false));

    m_empty = new QCPItemText(this);
    m_empty->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_empty->position->setCoords(0.5, 0.5);
    m_empty->setTextAlignment(Qt::AlignCenter);
    m_empty->setColor(chartstyle::kMuted);
    legend->setVisible(true);
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    // As low as the stage times: in presentation mode on a laptop the tab it sits in must not
    // push a pipeline's Gantt under the fold.
    setMinimumSize(260, 130);
    // The empty plane's sentence wraps to the plot's width (it ran past both edges).
    connect(this, &QCustomPlot::afterLayout, this, &PlaneChart::fitEmptyText);
}

void PlaneChart::fitEmptyText()
{
    // Wrapped again only for a new sentence, width or font: every slider tick lays the chart
    // out, and measuring each word is most of what an unchanged empty plane costs.
    const int widthPx = axisRect()->width() - 16;
    const QFont font = m_empty->font();
    if (!m_empty->visible() ||
        (m_emptyText == m_wrappedFrom && widthPx == m_wrappedWidthPx && font == m_wrappedFont))
        return;
    m_wrappedFrom = m_emptyText;
    m_wrappedWidthPx = widthPx;
    m_wrappedFont = font;
    const QString wrapped = chartstyle::wrapToWidth(m_emptyText, font, widthPx);
    if (wrapped != m_empty->text())
        m_empty->setText(wrapped);
}

void PlaneChart::setPlane(const whatittakes::Plane &plane)
{
    const bool active = plane.active;
    m_empty->setVisible(!active);
    legend->setVisible(active);
    if (!active) {
        m_emptyText = plane.reason;
        fitEmptyText();
        for (QCPGraph *graph : {m_edge, m_boundary, m_plan, m_cheapest, m_nearest})
            graph->data()->clear();
        replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    setScale(xAxis, plane.x);
    setScale(yAxis, plane.y);
    // Where no value of the second lever on the plane meets, a gap (NaN) in both lines. The
    // shading runs from the boundary to the column's far edge: the axis's end, or the most
    // workers the budget allows.
    const double gap = std::numeric_limits<double>::quiet_NaN();
    const double axisEnd = plane.y.upHelps ? plane.y.high : plane.y.low;
    QVector<double> xs, ys, edges;
    for (size_t i = 0; i < plane.xs.size(); ++i) {
        xs.push_back(plane.xs[i]);
        ys.push_back(plane.boundary[i] ? *plane.boundary[i] : gap);
        const std::optional<double> far =
            i < plane.farEdge.size() ? plane.farEdge[i] : std::optional<double>(axisEnd);
        edges.push_back(plane.boundary[i] && far ? *far : gap);
    }
    m_boundary->setData(xs, ys, true);
    m_edge->setData(xs, edges, true);
    m_plan->setData({plane.plan.x}, {plane.plan.y});
    m_plan->setName(plane.meetsNow ? tr("the plan (meets it)") : tr("the plan (misses)"));
    const auto mark = [](QCPGraph *graph, const std::optional<whatittakes::PlanePoint> &point) {
        if (point) {
            graph->setData({point->x}, {point->y});
            graph->addToLegend();
        } else {
            graph->data()->clear();
            graph->removeFromLegend();
        }
    };
    // The point the plane leads with (core's choice) first in the legend and drawn larger.
    const bool nearestLeads = plane.leadsWithNearest;
    m_cheapest->setScatterStyle(cheapestStyle(!nearestLeads));
    m_nearest->setScatterStyle(nearestStyle(nearestLeads));
    m_cheapest->removeFromLegend();
    m_nearest->removeFromLegend();
    if (nearestLeads) {
        mark(m_nearest, plane.nearest);
        mark(m_cheapest, plane.cheapest);
    } else {
        mark(m_cheapest, plane.cheapest);
        mark(m_nearest, plane.nearest);
    }
    if (plane.cheapest)
        m_cheapest->setName(
            tr("cheapest: %1").arg(format::money(plane.cheapest->cost, plane.currency)));
    m_empty->setVisible(!plane.cheapest);
    m_emptyText = tr("No combination on this plane meets %1").arg(explain::planeTarget(plane));
    fitEmptyText();
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pipeplan
