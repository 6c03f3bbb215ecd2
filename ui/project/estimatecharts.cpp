#include "ui/project/estimatecharts.h"

#include "core/base/format.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/chartstyle.h"

#include <QEvent>

#include <algorithm>

namespace pipeplan {

EstimateChart::EstimateChart(QWidget *parent) : QCustomPlot(parent)
{
    chartstyle::applyDefaults(this);
    chartstyle::setGroupedTicks({xAxis, yAxis, yAxis2});
    yAxis->setLabel(tr("trials"));
    yAxis2->setVisible(true);
    yAxis2->setLabel(tr("finished by then (%)"));
    yAxis2->setRange(0, 100);
    m_bars = new QCPBars(xAxis, yAxis);
    m_bars->setPen(Qt::NoPen);
    // Opaque in a colour both themes read: kPrimary at partial alpha was dark navy on a dark
    // chart.
    m_bars->setBrush(chartstyle::kBar);
    m_bars->setName(tr("trials"));
    m_cumulative = addGraph(xAxis, yAxis2);
    m_cumulative->setPen(QPen(chartstyle::kSecondary, 2));
    m_cumulative->setName(tr("cumulative"));
    const QColor colors[] = {chartstyle::kPrimary, chartstyle::kAlert};
    for (const QColor &color : colors) {
        // Created first, so drawn under its line.
        auto *halo = new QCPItemStraightLine(this);
        halo->setPen(QPen(Qt::white, 5));
        auto *line = new QCPItemStraightLine(this);
        line->setPen(QPen(color, 1.5, Qt::DashLine));
        auto *label = new QCPItemText(this);
        label->setColor(color);
        m_markers.push_back({line, halo, label, 0, color});
    }
    styleMarkers();
    legend->setVisible(true);
    // Bottom right: under the cumulative curve's plateau and the right tail's short bars, away
    // from the P50 and P90 labels at the top.
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    clearResult();
    connect(this, &QCustomPlot::afterLayout, this, &EstimateChart::placeMarkerLabels);
}

void EstimateChart::styleMarkers()
{
    const QPalette &colors = palette();
    const bool dark = appearance::isDark(colors);
    for (const Marker &marker : m_markers) {
        // On a dark chart the marker's hue made light enough to read on the background, as
        // appearance::apply does for its label.
        const QColor own = marker.color;
        const QColor ink =
            dark ? QColor::fromHslF(own.hslHueF(), own.hslSaturationF(), 0.72f) : own;
        // Colours only: the widths are appearance::apply's (presentation mode's thicker lines).
        QPen line = marker.line->pen();
        line.setColor(ink);
        marker.line->setPen(line);
        // A band of the chart's background either side of the dashes: across the bars a blue
        // P50 in blue bars vanished; in its band it reads on any bar colour, in either theme.
        QPen halo = marker.halo->pen();
        halo.setColor(colors.color(QPalette::Base));
        marker.halo->setPen(halo);
        if (!dark)
            marker.label->setBrush(QColor(255, 255, 255, 220));
    }
}

void EstimateChart::changeEvent(QEvent *event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        styleMarkers();
        replot(QCustomPlot::rpQueuedReplot);
    }
}

QString EstimateChart::markerText(int i) const
{
    return m_markers.at(static_cast<std::size_t>(i)).label->text();
}

void EstimateChart::placeMarkerLabels()
{
    // P50 to the left of its line and P90 to the right, so close ones read apart.
    std::vector<chartstyle::MarkerLabel> labels;
    for (std::size_t i = 0; i < m_markers.size(); ++i)
        labels.push_back({m_markers[i].label, m_markers[i].key, i == 1});
    chartstyle::placeMarkerLabels(axisRect(), labels);
}

void EstimateChart::clearResult()
{
    m_bars->data()->clear();
    m_cumulative->data()->clear();
    for (const Marker &marker : m_markers) {
        marker.line->setVisible(false);
        marker.halo->setVisible(false);
        marker.label->setVisible(false);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

void EstimateChart::setResult(const estimate::MonteCarloResult &result)
{
    if (result.trials == 0) {
        clearResult();
        return;
    }
    const auto [perUnit, unitName] = planUnit(result.maxHours);
    xAxis->setLabel(tr("plan duration (%1)").arg(unitName));
    const stats::Histogram &h = result.histogram;
    // Every trial equal (one bin of no width): one narrow bar centred on the value, the axis
    // around it, not a bar 1 % wide to its right.
    const bool single = !(h.binWidth > 0);
    const double width = single ? 0 : h.binWidth / perUnit;
    QVector<double> keys;
    QVector<double> counts;
    double highest = 1;
    for (std::size_t i = 0; i < h.counts.size(); ++i) {
        keys.push_back(h.minValue / perUnit + width * (static_cast<double>(i) + 0.5));
        counts.push_back(static_cast<double>(h.counts[i]));
        highest = std::max(highest, counts.back());
    }
    m_bars->setWidthType(single ? QCPBars::wtAbsolute : QCPBars::wtPlotCoords);
    m_bars->setWidth(single ? chartstyle::kSingleBinPixels : width);
    m_bars->setData(keys, counts, true);
    QVector<double> curveX;
    QVector<double> curveY;
    for (std::size_t k = 0; k < result.cumulativeHours.size(); ++k) {
        curveX.push_back(result.cumulativeHours[k] / perUnit);
        curveY.push_back(static_cast<double>(k) * 100.0 /
                         static_cast<double>(result.cumulativeHours.size() - 1));
    }
    m_cumulative->setData(curveX, curveY, true);

    const double low = result.minHours / perUnit;
    const double high = result.maxHours / perUnit;
    const double margin =
        std::max((high - low) * 0.05, single ? std::max(high * 0.02, 1e-3) : width);
    xAxis->setRange(low - margin, high + margin);
    yAxis->setRange(0, highest * 1.15);
    const std::pair<QString, double> marks[] = {{tr("P50 %1"), result.p50Hours},
                                                {tr("P90 %1"), result.p90Hours}};
    for (std::size_t i = 0; i < m_markers.size(); ++i) {
        Marker &marker = m_markers[i];
        marker.key = marks[i].second / perUnit;
        for (QCPItemStraightLine *line : {marker.line, marker.halo}) {
            line->setVisible(true);
            line->point1->setCoords(marker.key, 0);
            line->point2->setCoords(marker.key, 1);
        }
        marker.label->setVisible(true);
        marker.label->setText(marks[i].first.arg(planDuration(marks[i].second, result.maxHours)));
    }
    placeMarkerLabels();
    replot(QCustomPlot::rpQueuedReplot);
}

AccuracyChart::AccuracyChart(QWidget *parent) : QCustomPlot(parent)
{
    chartstyle::applyDefaults(this);
    chartstyle::setGroupedTicks({xAxis, yAxis});
    xAxis->setLabel(tr("estimate"));
    yAxis->setLabel(tr("actual"));
    m_exact = addGraph();
    m_exact->setPen(QPen(chartstyle::kMuted, 1.2, Qt::DashLine));
    m_exact->setName(tr("exact (actual = estimate)"));
    m_points = addGraph();
    m_points->setLineStyle(QCPGraph::lsNone);
    m_points->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDisc, chartstyle::kPrimary, chartstyle::kPrimary, 8));
    m_points->setName(tr("finished task or job"));
    legend->setVisible(true);
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
}

void AccuracyChart::setEntries(const std::vector<estimate::ActualEntry> &entries)
{
    QVector<double> x;
    QVector<double> y;
    double highest = 1;
    for (const estimate::ActualEntry &entry : entries) {
        x.push_back(entry.estimate);
        y.push_back(entry.actual);
        highest = std::max({highest, entry.estimate, entry.actual});
    }
    m_points->setData(x, y);
    m_exact->setData(QVector<double>{0, highest * 1.1}, QVector<double>{0, highest * 1.1});
    xAxis->setRange(0, highest * 1.1);
    yAxis->setRange(0, highest * 1.1);
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pipeplan
