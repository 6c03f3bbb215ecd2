#include "ui/tail/histogramchart.h"

#include "core/base/format.h"
#include "core/tail/simulate.h"
#include "ui/widgets/chartstyle.h"

#include <algorithm>
#include <cmath>

namespace pipeplan {

namespace {

/// The unit the x axis counts in, chosen like format::duration so ticks are round numbers of a
/// unit a person reads at a glance: (seconds per unit, name).
std::pair<double, QString> axisUnit(double largestSeconds)
{
    if (largestSeconds < 120)
        return {1, QObject::tr("seconds")};
    if (largestSeconds < 2 * 3600)
        return {60, QObject::tr("minutes")};
    if (largestSeconds < 3 * 86'400)
        return {3600, QObject::tr("hours")};
    return {86'400, QObject::tr("days")};
}

} // namespace

HistogramChart::HistogramChart(QWidget *parent) : QCustomPlot(parent)
{
    chartstyle::applyDefaults(this);
    chartstyle::setGroupedTicks({xAxis});
    xAxis->ticker()->setTickCount(5);
    xAxis->setLabel(tr("job completion time"));
    yAxis->setLabel(tr("trials"));
    // The trials axis reads 0 and the tallest bar's count: two labels fit the shortest plot (a
    // laptop in presentation mode fitted one step, which left "0" alone).
    yAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    m_bars = new QCPBars(xAxis, yAxis);
    m_bars->setPen(Qt::NoPen);
    m_bars->setBrush(chartstyle::kBar);
    m_bars->setName(tr("trials"));
    const QColor colors[] = {chartstyle::kPrimary, chartstyle::kSecondary, chartstyle::kAlert,
                             chartstyle::kMuted};
    for (const QColor &color : colors) {
        Marker marker{new QCPItemStraightLine(this), new QCPItemText(this), 0, true, 0, QString()};
        marker.line->setPen(QPen(color, 1.5, Qt::DashLine));
        marker.label->setColor(color);
        marker.label->setBrush(QColor(255, 255, 255, 210)); // readable across other markers
        m_markers.push_back(marker);
    }
    clearResult();
    connect(this, &QCustomPlot::afterLayout, this, &HistogramChart::placeMarkerLabels);
}

void HistogramChart::placeMarkerLabels()
{
    std::vector<chartstyle::MarkerLabel> labels;
    // A label wider than the plot (four markers named at once, large fonts) in lines that fit.
    const int plotWidthPx = std::max(40, axisRect()->width() - 8);
    for (const Marker &marker : m_markers) {
        if (marker.label->visible())
            marker.label->setText(
                chartstyle::wrapToWidth(marker.text, marker.label->font(), plotWidthPx));
        labels.push_back({marker.label, marker.key, marker.labelOnRight});
    }
    const int rows = chartstyle::placeMarkerLabels(axisRect(), labels, kLabelsTopPx);
    if (m_highestCount <= 0 || rows == 0)
        return;
    // The bars stop below the labels, however tall the fonts and short the plot: the tallest
    // reaches the free height under the lowest label.
    double labelsPx = 0;
    for (const Marker &marker : m_markers) {
        if (marker.label->visible())
            labelsPx = std::max(labelsPx,
                                marker.label->bottom->pixelPosition().y() - axisRect()->top() + 4);
    }
    const double plotHeightPx = std::max(1, axisRect()->height());
    const double barShare = std::clamp(1 - labelsPx / plotHeightPx, 0.25, 0.9);
    const double upper = m_highestCount / barShare;
    // "0" only where it has a line's room below the count's label.
    const double tickGapPx = barShare * plotHeightPx;
    const bool zero = tickGapPx >= 1.5 * QFontMetrics(yAxis->tickLabelFont()).height();
    auto ticks = yAxis->ticker().staticCast<QCPAxisTickerText>();
    const bool zeroChanged = ticks->ticks().contains(0) != zero;
    if (zeroChanged) {
        ticks->clear();
        if (zero)
            ticks->addTick(0, QStringLiteral("0"));
        ticks->addTick(m_highestCount, format::grouped(m_highestCount, 0));
    }
    if (!zeroChanged && std::fabs(yAxis->range().upper - upper) < 1e-9 * upper)
        return;
    yAxis->setRange(0, upper);
    // Once more with the new range (as appearance's tick fitting does), before it draws.
    for (const auto phase :
         {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout})
        plotLayout()->update(phase);
}

QString HistogramChart::markerText(int i) const
{
    const Marker &marker = m_markers.at(static_cast<size_t>(i));
    return m_markers.at(static_cast<size_t>(marker.shownBy)).text;
}

void HistogramChart::clearResult()
{
    m_bars->data()->clear();
    m_highestCount = 0;
    for (const Marker &marker : m_markers) {
        marker.line->setVisible(false);
        marker.label->setVisible(false);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

void HistogramChart::setResult(const simulation::Result &result, double closedFormSeconds)
{
    const stats::Histogram &h = result.histogram;
    const auto [unit, unitName] = axisUnit(std::max(result.maxSeconds, closedFormSeconds));
    xAxis->setLabel(tr("job completion time (%1)").arg(unitName));
    QVector<double> keys, counts;
    double highest = 1;
    // Every trial equal (one bin of no width): one narrow bar centred on the value, the axis
    // around it. A bar 1 % of the value wide from the value on read as trials past it
    // (all at 7.98 h drawn up to 8.06 h, over an 8 h deadline).
    const bool single = !(h.binWidth > 0);
    const double width = single ? 0 : h.binWidth / unit;
    const double minValue = h.minValue / unit;
    for (size_t i = 0; i < h.counts.size(); ++i) {
        keys.push_back(minValue + width * (static_cast<double>(i) + 0.5));
        counts.push_back(static_cast<double>(h.counts[i]));
        highest = std::max(highest, counts.back());
    }
    m_bars->setWidthType(single ? QCPBars::wtAbsolute : QCPBars::wtPlotCoords);
    m_bars->setWidth(single ? chartstyle::kSingleBinPixels : width);
    m_bars->setData(keys, counts, true);

    const std::pair<QString, double> marks[] = {
        {tr("P50"), result.p50Seconds},
        {tr("P90"), result.p90Seconds},
        {tr("P99"), result.p99Seconds},
        {tr("no tail"), closedFormSeconds},
    };
    const double low = std::min(minValue, closedFormSeconds / unit);
    const double high =
        std::max(minValue + width * static_cast<double>(h.counts.size()), closedFormSeconds / unit);
    const double margin =
        std::max((high - low) * 0.08, single ? std::max(high * 0.02, 1e-3) : width);
    xAxis->setRange(low - margin, high + margin);
    // A line in the left half carries its label on its right where it can, so the labels read
    // away from the plot's edges; placeMarkerLabels puts them in rows once the plot has its size.
    const double middle = (low + high) / 2;
    // Markers that read the same (no tail at all: every trial equal) share one label, "P50 =
    // P90 = P99 = no tail: 698.98 days", instead of repeating the time four times.
    for (size_t i = 0; i < m_markers.size(); ++i) {
        Marker &marker = m_markers[i];
        const QString time = format::duration(marks[i].second);
        marker.shownBy = static_cast<int>(i);
        for (size_t j = 0; j < i; ++j) {
            if (format::duration(marks[j].second) == time) {
                marker.shownBy = m_markers[j].shownBy;
                break;
            }
        }
        marker.key = marks[i].second / unit;
        marker.labelOnRight = marker.key < middle;
        marker.line->setVisible(true);
        marker.line->point1->setCoords(marker.key, 0);
        marker.line->point2->setCoords(marker.key, 1);
    }
    for (size_t i = 0; i < m_markers.size(); ++i) {
        QStringList names;
        for (size_t j = i; j < m_markers.size(); ++j) {
            if (m_markers[j].shownBy == static_cast<int>(i))
                names << marks[j].first;
        }
        QCPItemText *label = m_markers[i].label;
        label->setVisible(!names.isEmpty());
        const QString time = format::duration(marks[i].second);
        m_markers[i].text = names.size() == 1
                                ? tr("%1 %2").arg(names.front(), time)
                                : tr("%1: %2").arg(names.join(QStringLiteral(" = ")), time);
        label->setText(m_markers[i].text);
    }
    m_highestCount = highest;
    auto ticks = yAxis->ticker().staticCast<QCPAxisTickerText>();
    ticks->clear();
    ticks->addTick(0, QStringLiteral("0"));
    ticks->addTick(highest, format::grouped(highest, 0));
    // A first range for a plot not laid out yet; placeMarkerLabels fits it under the labels.
    yAxis->setRange(0, highest / 0.6);
    placeMarkerLabels();
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pipeplan
