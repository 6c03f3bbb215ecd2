#include "ui/hardware/costchart.h"

#include "core/base/format.h"
#include "ui/document/scenariodocument.h"
#include "ui/widgets/chartstyle.h"

#include <algorithm>
#include <cmath>

namespace pipeplan {

namespace {

/// Money on a log axis: "$1k", "$10k" (the currency's sign, or its code).
class MoneyTicker : public QCPAxisTickerLog
{
public:
    QString currency;

protected:
    QString getTickLabel(double tick, const QLocale &, QChar, int) override
    {
        const QString sign = format::currencySymbol(currency);
        const QString number = chartstyle::compactNumber(tick);
        return sign.isEmpty() ? number + QLatin1Char(' ') + currency : sign + number;
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
    m_curve->setName(tr("1 → more workers (down)"));
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
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
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
    m_plan->setName(tr("plan: %1, %2")
                        .arg(format::workers(series.plan.workers),
                             format::money(series.plan.cost, series.currency)));
    const bool fewest = series.fewest.has_value();
    if (fewest) {
        m_fewest->setData({series.fewest->cost}, {series.fewest->runtimeSeconds});
        m_fewest->setName(tr("fewest in time: %1, %2")
                              .arg(format::workers(series.fewest->workers),
                                   format::money(series.fewest->cost, series.currency)));
        m_fewest->addToLegend();
    } else {
        m_fewest->data()->clear();
        m_fewest->removeFromLegend();
    }
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
