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
        Marker marker{new QCPItemStraightLine(this), new QCPItemText(this)};
        marker.line->setPen(QPen(color, 1.5, Qt::DashLine));
        marker.label->setColor(color);
        marker.label->setBrush(QColor(255, 255, 255, 210)); // readable across other markers
        marker.label->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
        marker.label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        marker.label->setPadding(QMargins(0, 0, 4, 0));
        m_markers.push_back(marker);
    }
    clearResult();
    connect(this, &QCustomPlot::afterLayout, this, &HistogramChart::stackMarkerLabels);
}

void HistogramChart::stackMarkerLabels()
{
    // One label under the other by their own height, not by a share of the plot: on a short
    // plot (a laptop in presentation mode) 9 % of it was less than a line, and P50, P90 and P99
    // printed over each other.
    const double plotHeight = std::max(1, axisRect()->height());
    double top = 2;
    for (const Marker &marker : m_markers) {
        const double ratio = top / plotHeight;
        if (marker.label->position->coords().y() != ratio)
            marker.label->position->setCoords(marker.label->position->coords().x(), ratio);
        top += QFontMetrics(marker.label->font()).height() + 2;
    }
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
    // Labels stack from the top so close percentiles never print over each other; a line in
    // the left half carries its label on its right, so no label leaves the plot.
    const double middle = (low + high) / 2;
    for (size_t i = 0; i < m_markers.size(); ++i) {
        const Marker &marker = m_markers[i];
        const double x = marks[i].second / unit;
        marker.line->setVisible(true);
        marker.label->setVisible(true);
        marker.line->point1->setCoords(x, 0);
        marker.line->point2->setCoords(x, 1);
        marker.label->setText(marks[i].first.arg(format::duration(marks[i].second)));
        const bool onRight = x < middle;
        marker.label->setPositionAlignment((onRight ? Qt::AlignLeft : Qt::AlignRight) |
                                           Qt::AlignTop);
        marker.label->setPadding(onRight ? QMargins(4, 0, 0, 0) : QMargins(0, 0, 4, 0));
        marker.label->position->setCoords(x, 0);
    }
    stackMarkerLabels();
    // The four labels stack down to about 38 % of the plot: the bars stop below them, so no
    // label is drawn over a bar.
    yAxis->setRange(0, highest / 0.6);
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pipeplan
