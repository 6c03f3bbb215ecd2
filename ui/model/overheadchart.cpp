#include "ui/model/overheadchart.h"

#include "core/base/format.h"
#include "ui/document/scenariodocument.h"
#include "ui/widgets/chartstyle.h"

#include <algorithm>
#include <cmath>

namespace pipeplan {

OverheadChart::OverheadChart(QWidget *parent) : QCustomPlot(parent)
{
    chartstyle::applyDefaults(this);
    chartstyle::setLogAxis(xAxis);
    chartstyle::setDurationAxis(yAxis);
    xAxis->setLabel(tr("workers N (log)"));
    yAxis->setLabel(tr("runtime (log)"));

    // The fan first, so the curves draw over it.
    m_fanLow = addGraph();
    m_fanLow->setPen(Qt::NoPen);
    m_fanLow->removeFromLegend();
    m_fanHigh = addGraph();
    m_fanHigh->setPen(Qt::NoPen);
    QColor fill = chartstyle::kPrimary;
    fill.setAlpha(60);
    m_fanHigh->setBrush(fill);
    m_fanHigh->setChannelFillGraph(m_fanLow);
    m_fanHigh->setName(tr("P10–P90 over the ranges"));
    m_naive = addGraph();
    m_naive->setName(tr("naive: work / S(p, N)"));
    m_naive->setPen(QPen(chartstyle::kMuted, 2, Qt::DashLine));
    m_overhead = addGraph();
    m_overhead->setName(tr("with overheads"));
    m_overhead->setPen(QPen(chartstyle::kPrimary, 2.5));
    m_marker = addGraph();
    m_marker->setLineStyle(QCPGraph::lsNone);
    m_marker->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, chartstyle::kPrimary, Qt::white, 11));
    m_knee = addGraph();
    m_knee->setLineStyle(QCPGraph::lsNone);
    m_knee->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDiamond, chartstyle::kAlert, chartstyle::kAlert, 12));
    m_kneeLabel = new QCPItemText(this);
    m_kneeLabel->setColor(chartstyle::kAlert);
    m_kneeLabel->setBrush(QColor(255, 255, 255, 210)); // readable where a grid line passes
    m_kneeLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_kneeLabel->setPadding(QMargins(6, 0, 0, 6));

    legend->setVisible(true);
    // Top right: above the flat part of the curve, clear of the knee's label below the slope.
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
}

void OverheadChart::setDocument(ScenarioDocument *document)
{
    observeDocument(this, m_document, document, &OverheadChart::refresh, Section::Model);
}

QString OverheadChart::kneeLabelText() const
{
    return m_kneeLabel->visible() ? m_kneeLabel->text() : QString();
}

void OverheadChart::showEvent(QShowEvent *event)
{
    QCustomPlot::showEvent(event);
    if (m_stale)
        refresh();
}

void OverheadChart::refresh()
{
    // Drawn when shown: a hidden workspace's chart waits until it is opened.
    m_stale = !isVisible();
    if (!m_document || m_stale)
        return;
    setSeries(m_document->planResult().overheadCurve);
}

void OverheadChart::setSeries(const OverheadSeries &series)
{
    const double maxWorkers = series.maxWorkers;
    QVector<double> keys, naive, overhead;
    for (const RuntimePoint &point : series.curve) {
        keys.push_back(point.workers);
        naive.push_back(point.naiveSeconds);
        overhead.push_back(point.overheadSeconds);
    }
    m_naive->setData(keys, naive, true);
    const uncertainty::Fan &fan = series.fan;
    const bool fanned = !fan.workers.empty();
    m_fanLow->setData(QVector<double>(fan.workers.begin(), fan.workers.end()),
                      QVector<double>(fan.p10Seconds.begin(), fan.p10Seconds.end()), true);
    m_fanHigh->setData(QVector<double>(fan.workers.begin(), fan.workers.end()),
                       QVector<double>(fan.p90Seconds.begin(), fan.p90Seconds.end()), true);
    m_fanHigh->setVisible(fanned);
    m_fanLow->setVisible(fanned);
    if (fanned)
        m_fanHigh->addToLegend();
    else
        m_fanHigh->removeFromLegend();
    m_overhead->setData(keys, overhead, true);
    m_overhead->setName(series.enabled ? tr("with overheads") : tr("with overheads (none set)"));
    m_marker->setData({series.workers}, {series.runtimeSeconds});
    m_marker->setName(
        tr("%1 at N = %2")
            .arg(format::duration(series.runtimeSeconds), format::grouped(series.workers, 0)));

    const bool knee = series.knee.has_value();
    m_knee->setVisible(knee);
    m_kneeLabel->setVisible(knee);
    if (knee) {
        const OverheadSeries::Knee &k = *series.knee;
        m_knee->setData({k.workers}, {k.runtimeSeconds});
        const double kneeWorkers = std::round(k.workers);
        m_knee->setName(tr("knee: %1").arg(format::workers(kneeWorkers)));
        m_knee->addToLegend();
        m_kneeLabel->position->setCoords(k.workers, k.runtimeSeconds);
        // Two short lines below the curve, left of the knee, where neither curve runs (unless
        // the knee sits at the far left: then right of it).
        const bool roomOnLeft = std::log10(k.workers) > std::log10(maxWorkers) * 0.3;
        m_kneeLabel->setPositionAlignment((roomOnLeft ? Qt::AlignRight : Qt::AlignLeft) |
                                          Qt::AlignTop);
        m_kneeLabel->setPadding(roomOnLeft ? QMargins(0, 8, 8, 0) : QMargins(8, 8, 0, 0));
        m_kneeLabel->setText(tr("%1 binds\npast %2").arg(k.limit, format::workers(kneeWorkers)));
    } else {
        m_knee->data()->clear();
        m_knee->removeFromLegend();
    }
    xAxis->setRange(1, maxWorkers);
    if (!overhead.isEmpty()) {
        const auto [low, high] = std::minmax_element(overhead.begin(), overhead.end());
        const double lowest = std::min(*low, naive.back());
        double top = std::max(*high, naive.front());
        double bottom = lowest;
        if (fanned) {
            top = std::max(top, *std::max_element(fan.p90Seconds.begin(), fan.p90Seconds.end()));
            bottom =
                std::min(bottom, *std::min_element(fan.p10Seconds.begin(), fan.p10Seconds.end()));
        }
        yAxis->setRange(std::max(bottom / 2, 1e-3), top * 2);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pipeplan
