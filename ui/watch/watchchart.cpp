#include "ui/watch/watchchart.h"

#include "ui/widgets/chartstyle.h"

#include <algorithm>

namespace pipeplan {

namespace {

void setSamples(QCPGraph *graph, const std::vector<watch::Sample> &samples)
{
    QVector<double> keys;
    QVector<double> values;
    for (const watch::Sample &s : samples) {
        keys.push_back(s.timeSeconds);
        values.push_back(s.value);
    }
    graph->setData(keys, values, true);
}

} // namespace

WatchChart::WatchChart(QWidget *parent) : QCustomPlot(parent)
{
    chartstyle::applyDefaults(this);
    xAxis->setLabel(tr("Time"));
    auto ticker = QSharedPointer<QCPAxisTickerDateTime>::create();
    ticker->setDateTimeFormat(QStringLiteral("HH:mm:ss"));
    ticker->setDateTimeSpec(Qt::LocalTime);
    xAxis->setTicker(ticker);
    yAxis->setLabel(tr("Items done"));
    chartstyle::setGroupedTicks({yAxis});
    // Drawn from the back: the cone, the plan, the forecast's middle, the actual on top.
    m_cone = new QCPCurve(xAxis, yAxis);
    m_cone->setPen(Qt::NoPen);
    QColor fill = chartstyle::kPrimary;
    fill.setAlpha(50);
    m_cone->setBrush(fill);
    m_cone->setName(tr("forecast P10 to P90"));
    m_plan = addGraph();
    m_plan->setPen(QPen(chartstyle::kSecondary, 1.8, Qt::DashLine));
    m_plan->setName(tr("plan"));
    m_middle = addGraph();
    m_middle->setPen(QPen(chartstyle::kPrimary, 1.5, Qt::DashLine));
    m_middle->setName(tr("forecast"));
    m_done = addGraph();
    m_done->setPen(QPen(chartstyle::kPrimary, 2.2));
    m_done->setName(tr("done"));
    legend->setVisible(true);
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    m_total = new QCPItemStraightLine(this);
    m_total->setPen(QPen(chartstyle::kMuted, 1.2));
    m_now = new QCPItemStraightLine(this);
    m_now->setPen(QPen(chartstyle::kMuted, 1.2, Qt::DotLine));
    setBurnUp({});
}

void WatchChart::setBurnUp(const watch::BurnUp &burnUp)
{
    setSamples(m_done, burnUp.done);
    setSamples(m_plan, burnUp.plan);
    setSamples(m_middle, burnUp.middle);
    // The cone as one closed outline: along the fast edge, back along the slow one.
    QVector<QCPCurveData> outline;
    if (burnUp.fast.size() == 2 && burnUp.slow.size() == 2) {
        int i = 0;
        for (const watch::Sample &s :
             {burnUp.fast[0], burnUp.fast[1], burnUp.slow[1], burnUp.slow[0]})
            outline.push_back(QCPCurveData(i++, s.timeSeconds, s.value));
    }
    m_cone->data()->set(outline, true);
    m_plan->setVisible(!burnUp.plan.empty());
    m_cone->setVisible(!outline.isEmpty());
    m_middle->setVisible(!burnUp.middle.empty());

    double left = burnUp.nowSeconds - 60;
    double right = burnUp.nowSeconds + 60;
    double top = 1;
    if (!burnUp.done.empty()) {
        left = burnUp.done.front().timeSeconds;
        right = std::max(right, burnUp.done.back().timeSeconds);
        top = std::max(top, burnUp.done.back().value);
    }
    for (const auto *line : {&burnUp.plan, &burnUp.middle, &burnUp.slow, &burnUp.fast}) {
        for (const watch::Sample &s : *line)
            right = std::max(right, s.timeSeconds);
    }
    if (burnUp.totalItems) {
        top = std::max(top, *burnUp.totalItems);
        m_total->point1->setCoords(left, *burnUp.totalItems);
        m_total->point2->setCoords(right, *burnUp.totalItems);
    }
    m_total->setVisible(burnUp.totalItems.has_value());
    m_now->point1->setCoords(burnUp.nowSeconds, 0);
    m_now->point2->setCoords(burnUp.nowSeconds, 1);
    xAxis->setRange(left, right + 0.02 * (right - left));
    yAxis->setRange(0, top * 1.05);
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pipeplan
