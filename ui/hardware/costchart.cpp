#include "ui/hardware/costchart.h"

#include "core/base/format.h"
#include "ui/document/scenariodocument.h"
#include "ui/widgets/chartstyle.h"

#include <algorithm>
#include <cmath>

namespace pipeplan {

namespace {

/// Money on a log axis: "$1k", "$10M", "$1B" (the currency's sign, or its code).
class MoneyTicker : public QCPAxisTickerLog
{
public:
    QString currency;

protected:
    QString getTickLabel(double tick, const QLocale &, QChar, int) override
    {
        return chartstyle::compactMoney(tick, currency);
    }
};

} // namespace

CostChart::CostChart(QWidget *parent) : QCustomPlot(parent)
{
    chartstyle::applyDefaults(this);
    auto ticker = QSharedPointer<MoneyTicker>::create();
    xAxis->setTicker(ticker);
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    chartstyle::setDurationAxis(yAxis);
    xAxis->setLabel(tr("cost (log)"));
    yAxis->setLabel(tr("runtime (log)"));

    m_curve = new QCPCurve(xAxis, yAxis);
    m_curve->setName(tr("more workers: faster (down)"));
    m_curve->setPen(QPen(chartstyle::kPrimary, 2.5));
    m_plan = addGraph();
    m_plan->setLineStyle(QCPGraph::lsNone);
    m_plan->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, chartstyle::kPrimary, Qt::white, 11));
    m_fewest = addGraph();
    m_fewest->setLineStyle(QCPGraph::lsNone);
    m_fewest->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, chartstyle::kSecondary,
                                              chartstyle::kSecondary, 12));
    m_deadline = new QCPItemStraightLine(this);
    m_deadline->setPen(QPen(chartstyle::kAlert, 1.5, Qt::DashLine));
    m_deadlineLabel = new QCPItemText(this);
    m_deadlineLabel->setColor(chartstyle::kAlert);
    m_deadlineLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_deadlineLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_deadlineLabel->setPadding(QMargins(4, 0, 0, 2));
    legend->setVisible(true);
    setToolTip(about());
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
}

QString CostChart::about()
{
    return tr("Each point of the curve one worker count: more workers run faster (down) and, "
              "once the serial share or an overhead bites, cost more (right).");
}

void CostChart::setDocument(ScenarioDocument *document)
{
    observeDocument(this, m_document, document, &CostChart::refresh, Section::Model);
}

void CostChart::showEvent(QShowEvent *event)
{
    QCustomPlot::showEvent(event);
    if (m_stale)
        refresh();
}

void CostChart::refresh()
{
    m_stale = !isVisible();
    if (!m_document || m_stale)
        return;
    setSeries(m_document->planResult().costCurve);
}

void CostChart::setSeries(const CostSeries &series)
{
    static_cast<MoneyTicker *>(xAxis->ticker().data())->currency = series.currency;
    QVector<double> costs, seconds;
    for (const CostPoint &p : series.curve) {
        costs.push_back(p.cost);
        seconds.push_back(p.runtimeSeconds);
    }
    m_curve->setData(costs, seconds);
    m_plan->setData({series.plan.cost}, {series.plan.runtimeSeconds});
    // The legend to the three figures a decision needs ("$83.7M"); the exact amounts, as the
    // report prints them, in the tooltip.
    const auto named = [&series](const QString &text, const CostPoint &point, bool exact) {
        return text.arg(format::workers(point.workers),
                        exact ? format::money(point.cost, series.currency)
                              : format::roundedMoney(point.cost, series.currency));
    };
    m_plan->setName(named(tr("plan: %1, %2"), series.plan, false));
    QString exact = named(tr("Plan: %1, %2"), series.plan, true);
    const bool fewest = series.fewest.has_value();
    if (fewest) {
        m_fewest->setData({series.fewest->cost}, {series.fewest->runtimeSeconds});
        m_fewest->setName(named(tr("fewest in time: %1, %2"), *series.fewest, false));
        exact += QLatin1Char('\n') + named(tr("Fewest in time: %1, %2"), *series.fewest, true);
        m_fewest->addToLegend();
    } else {
        m_fewest->data()->clear();
        m_fewest->removeFromLegend();
    }
    setToolTip(about() + QStringLiteral("\n\n") + exact);
    m_deadline->setVisible(series.deadlineSeconds.has_value());
    m_deadlineLabel->setVisible(series.deadlineSeconds.has_value());
    if (series.deadlineSeconds) {
        m_deadline->point1->setCoords(1e-300, *series.deadlineSeconds);
        m_deadline->point2->setCoords(1e300, *series.deadlineSeconds);
        m_deadlineLabel->position->setCoords(0.01, *series.deadlineSeconds);
        m_deadlineLabel->setText(tr("deadline %1").arg(format::duration(*series.deadlineSeconds)));
    }
    if (!costs.isEmpty()) {
        const auto [lowCost, highCost] = std::minmax_element(costs.begin(), costs.end());
        // One cost at every worker count (p = 1, no overheads): a vertical line, drawn left of
        // the legend (top right).
        const double lo = std::max(*lowCost, 1e-6), hi = std::max(*highCost, lo);
        if (hi / lo < 3)
            xAxis->setRange(lo / 2, hi * 10);
        else
            xAxis->setRange(lo / 1.5, hi * 4);
        const auto [lowTime, highTime] = std::minmax_element(seconds.begin(), seconds.end());
        double bottom = *lowTime, top = *highTime;
        if (series.deadlineSeconds) {
            bottom = std::min(bottom, *series.deadlineSeconds);
            top = std::max(top, *series.deadlineSeconds);
        }
        yAxis->setRange(std::max(bottom / 2, 1e-3), top * 2);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pipeplan
