#include "ui/tail/histogramchart.h"

#include "core/base/format.h"
#include "core/tail/simulate.h"
#include "ui/widgets/chartstyle.h"

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
    chartstyle::setGroupedTicks({xAxis, yAxis});
    xAxis->ticker()->setTickCount(5);
    xAxis->setLabel(tr("job completion time"));
    yAxis->setLabel(tr("trials"));
    m_bars = new QCPBars(xAxis, yAxis);
    m_bars->setPen(Qt::NoPen);
    m_bars->setBrush(QColor(chartstyle::kPrimary.red(), chartstyle::kPrimary.green(),
                            chartstyle::kPrimary.blue(), 170));
    m_bars->setName(tr("trials"));
    const QColor colors[] = {chartstyle::kPrimary, chartstyle::kSecondary, chartstyle::kAlert,
                             chartstyle::kMuted};
    for (const QColor &color : colors) {
        Marker marker{new QCPItemStraightLine(this), new QCPItemText(this), 0, true};
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
    for (const Marker &marker : m_markers)
        labels.push_back({marker.label, marker.key, marker.labelOnRight});
    chartstyle::placeMarkerLabels(axisRect(), labels);
}

QString HistogramChart::markerText(int i) const
{
    return m_markers.at(static_cast<size_t>(i)).label->text();
}

void HistogramChart::clearResult()
{
    m_bars->data()->clear();
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
        {tr("P50 %1"), result.p50Seconds},
        {tr("P90 %1"), result.p90Seconds},
        {tr("P99 %1"), result.p99Seconds},
        {tr("no tail %1"), closedFormSeconds},
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
    for (size_t i = 0; i < m_markers.size(); ++i) {
        Marker &marker = m_markers[i];
        marker.key = marks[i].second / unit;
        marker.labelOnRight = marker.key < middle;
        marker.line->setVisible(true);
        marker.label->setVisible(true);
        marker.line->point1->setCoords(marker.key, 0);
        marker.line->point2->setCoords(marker.key, 1);
        marker.label->setText(marks[i].first.arg(format::duration(marks[i].second)));
    }
    placeMarkerLabels();
    // The labels take four rows at most, down to about 38 % of the plot: the bars stop below
    // them, so no label is drawn over a bar.
    yAxis->setRange(0, highest / 0.6);
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pipeplan
