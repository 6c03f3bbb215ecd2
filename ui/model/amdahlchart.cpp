#include "ui/model/amdahlchart.h"

#include "core/base/format.h"
#include "ui/document/scenariodocument.h"
#include "ui/widgets/chartstyle.h"

#include <cmath>

namespace pipeplan {

namespace {

void setCurve(QCPGraph *graph, const std::vector<amdahl::CurvePoint> &points)
{
    QVector<double> keys, values;
    keys.reserve(static_cast<qsizetype>(points.size()));
    values.reserve(static_cast<qsizetype>(points.size()));
    for (const amdahl::CurvePoint &point : points) {
        keys.push_back(point.workers);
        values.push_back(point.speedup);
    }
    graph->setData(keys, values, true);
}
} // namespace

AmdahlChart::AmdahlChart(QWidget *parent) : QCustomPlot(parent)
{
    chartstyle::applyDefaults(this);
    chartstyle::setLogAxis(xAxis);
    chartstyle::setLogAxis(yAxis);
    xAxis->setLabel(tr("workers N (log)"));
    yAxis->setLabel(tr("speedup S (log)"));

    m_ideal = addGraph();
    m_ideal->setName(tr("ideal: S = N"));
    // Patterned pens are slow to stroke antialiased: the ideal line is solid and light instead.
    m_ideal->setPen(QPen(chartstyle::kMuted, 1));
    m_ideal->setAntialiased(false);
    // The pinned baseline: a ghost of its curve and its point, under the current ones.
    m_baseline = addGraph();
    m_baseline->setPen(QPen(QColor(0x9a, 0x9e, 0xa6), 2, Qt::DashLine));
    m_baselineMarker = addGraph();
    m_baselineMarker->setLineStyle(QCPGraph::lsNone);
    m_baselineMarker->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssDiamond, QColor(0x9a, 0x9e, 0xa6), QColor(0x9a, 0x9e, 0xa6), 9));
    m_baselineMarker->removeFromLegend();
    m_comparison = addGraph();
    m_comparison->setPen(QPen(chartstyle::kSecondary, 2));
    m_amdahl = addGraph();
    m_amdahl->setPen(QPen(chartstyle::kPrimary, 2.5));
    // With overheads on: the speedup they leave, flat past the knee where a cap binds.
    m_effective = addGraph();
    m_effective->setPen(QPen(chartstyle::kAlert, 2.5));
    m_knee = addGraph();
    m_knee->setLineStyle(QCPGraph::lsNone);
    m_knee->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssTriangle, chartstyle::kAlert, chartstyle::kAlert, 10));
    m_marker = addGraph();
    m_marker->setLineStyle(QCPGraph::lsNone);
    m_marker->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, chartstyle::kPrimary, Qt::white, 11));

    m_ceiling = new QCPItemStraightLine(this);
    m_ceiling->setPen(QPen(chartstyle::kAlert, 1.5, Qt::DashLine));
    m_ceilingLabel = new QCPItemText(this);
    m_ceilingLabel->setColor(chartstyle::kAlert);
    m_ceilingLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_ceilingLabel->setTextAlignment(Qt::AlignRight);
    m_ceilingLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_ceilingLabel->position->setTypeY(QCPItemPosition::ptPlotCoords);

    // The legend sits in a row above the axis rect, two entries a row: inside the plot it covered
    // the ceiling, the knee or the current point wherever p put them. The chart keeps
    // its own minimum size, so the row above takes plot height, never the scaling table's.
    legend->setVisible(true);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(2);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    legend->setRowSpacing(0);
    legend->setColumnSpacing(6);
    legend->setMargins(QMargins(2, 0, 2, 0));
    plotLayout()->insertRow(0);
    auto *legendHolder = new QCPLayoutGrid;
    plotLayout()->addElement(0, 0, legendHolder);
    legendHolder->addElement(0, 0, legend);
    legendHolder->addElement(0, 1, new QCPLayoutElement(this));
    legendHolder->setColumnStretchFactors({0.001, 1});
    legendHolder->setMargins(QMargins(4, 0, 0, 0));
    legend->setIconSize(20, 10);
    connect(this, &QCustomPlot::beforeReplot, this, &AmdahlChart::fitLegendColumns);
    plotLayout()->setRowStretchFactor(0, 0.001);
    m_ceilingLabel->setPadding(QMargins(2, 0, 2, 2));
    // Over the ideal line where the chart is narrow: a backing of the plot's own colour keeps
    // it readable (the dark look gives it its own).
    m_ceilingLabel->setBrush(QColor(255, 255, 255, 210));
    connect(this, &QCustomPlot::afterLayout, this, &AmdahlChart::fitCeilingLabel);
}

void AmdahlChart::fitCeilingLabel()
{
    // The speedup axis's title runs along the plot's height: on a short plot (a laptop in
    // presentation mode) it ran up under the legend, so it drops its first word there.
    const QString fullTitle = tr("speedup S (log)");
    const int titleRoom = axisRect()->height() + yAxis->padding();
    const QString title = QFontMetrics(yAxis->labelFont()).horizontalAdvance(fullTitle) <= titleRoom
                              ? fullTitle
                              : tr("S (log)");
    if (title != yAxis->label())
        yAxis->setLabel(title);

    // It ends at 98 % of the plot's width and must not start left of it: the longest form that
    // fits, on two lines in the narrowest chart, nothing where not even that fits (the dashed
    // line remains, and Show how names the ceiling).
    const int room = axisRect()->width() * 96 / 100;
    const QFontMetrics metrics(m_ceilingLabel->font());
    QString text;
    for (const QString &candidate : m_ceilingTexts) {
        if (metrics.boundingRect(QRect(), Qt::AlignRight, candidate).width() <= room) {
            text = candidate;
            break;
        }
    }
    if (text != m_ceilingLabel->text())
        m_ceilingLabel->setText(text);
    m_ceilingLabel->setVisible(!text.isEmpty() && m_ceiling->visible());
}

void AmdahlChart::fitLegendColumns()
{
    // Two entries a row where they fit the chart's width, else one: never cut at the edge.
    const auto arrange = [this](int columns) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true); // re-lays the entries out
    };
    arrange(2);
    if (legend->minimumOuterSizeHint().width() + 8 > width())
        arrange(1);
}

QSize AmdahlChart::minimumSizeHint() const
{
    return {160, 120};
}

QSize AmdahlChart::sizeHint() const
{
    return {320, 220};
}

QRect AmdahlChart::legendRect() const
{
    return legend->outerRect();
}

void AmdahlChart::setDocument(ScenarioDocument *document)
{
    observeDocument(this, m_document, document, &AmdahlChart::refresh,
                    Section::Model | Section::Baseline);
}

QString AmdahlChart::markerText() const
{
    return m_marker->name();
}

void AmdahlChart::refresh()
{
    if (m_document)
        setSeries(m_document->planResult().amdahl);
}

void AmdahlChart::setSeries(const AmdahlSeries &series)
{
    const double p = series.parallelFraction;
    const double maxWorkers = series.maxWorkers;
    setCurve(m_ideal, series.ideal);
    setCurve(m_amdahl, series.amdahl);
    m_amdahl->setName(tr("Amdahl, p = %1").arg(format::trimmed(p, 4)));
    const bool comparing = series.comparisonParallelFraction.has_value();
    m_comparison->setVisible(comparing);
    if (comparing) {
        setCurve(m_comparison, series.comparison);
        m_comparison->setName(
            tr("pinned, p = %1").arg(format::trimmed(*series.comparisonParallelFraction, 4)));
        m_comparison->addToLegend();
    } else {
        m_comparison->data()->clear();
        m_comparison->removeFromLegend();
    }
    m_marker->setData({series.workers}, {series.speedup});
    m_effective->setVisible(series.overheads);
    m_knee->setVisible(series.overheads && series.knee.has_value());
    if (series.overheads) {
        setCurve(m_effective, series.effective);
        m_effective->setName(tr("with overheads"));
        m_effective->addToLegend();
        if (series.knee) {
            m_knee->setData({series.knee->workers}, {series.knee->speedup});
            const double kneeWorkers = std::round(series.knee->workers);
            m_knee->setName(tr("knee: %1").arg(format::workers(kneeWorkers)));
            m_knee->addToLegend();
        } else {
            m_knee->data()->clear();
            m_knee->removeFromLegend();
        }
    } else {
        m_effective->data()->clear();
        m_effective->removeFromLegend();
        m_knee->data()->clear();
        m_knee->removeFromLegend();
    }
    const std::optional<AmdahlSeries::Baseline> &baseline = series.baseline;
    m_baseline->setVisible(baseline.has_value());
    m_baselineMarker->setVisible(baseline.has_value());
    if (baseline) {
        setCurve(m_baseline, baseline->curve);
        m_baseline->setName(tr("baseline, p = %1 at %2")
                                .arg(format::trimmed(baseline->parallelFraction, 4),
                                     format::workers(baseline->workers)));
        m_baselineMarker->setData({baseline->workers}, {baseline->speedup});
        m_baseline->addToLegend();
    } else {
        m_baseline->data()->clear();
        m_baselineMarker->data()->clear();
        m_baseline->removeFromLegend();
    }

    const bool hasCeiling = std::isfinite(series.maxSpeedup);
    m_ceiling->setVisible(hasCeiling);
    m_ceilingLabel->setVisible(hasCeiling);
    if (hasCeiling) {
        m_ceiling->point1->setCoords(1, series.maxSpeedup);
        m_ceiling->point2->setCoords(10, series.maxSpeedup);
        m_ceilingLabel->position->setCoords(0.98, series.maxSpeedup);
        const QString ceiling = format::trimmed(series.maxSpeedup, 2);
        // The narrowest form keeps its word on a line of its own: a bare "81.21×" beside the
        // marker's "80.57×" read as a third speedup.
        m_ceilingTexts = {tr("ceiling 1/(1−p) = %1×").arg(ceiling), tr("ceiling %1×").arg(ceiling),
                          tr("ceiling\n%1×").arg(ceiling)};
        fitCeilingLabel();
    }
    // The marker's numbers live in the legend: a label beside the point collides with the curve
    // and the ceiling wherever the point is.
    m_marker->setName(
        tr("%1× at N = %2")
            .arg(format::trimmed(series.speedup, 2), format::grouped(series.workers, 0)));

    xAxis->setRange(1, maxWorkers);
    yAxis->setRange(0.8, maxWorkers * 1.5);
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pipeplan
