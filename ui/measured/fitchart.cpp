#include "ui/measured/fitchart.h"

#include "core/base/format.h"
#include "ui/widgets/chartstyle.h"

namespace pipeplan {

FitChart::FitChart(QWidget *parent) : QCustomPlot(parent)
{
    chartstyle::applyDefaults(this);
    chartstyle::setLogAxis(xAxis);
    chartstyle::setGroupedTicks({yAxis});
    xAxis->setLabel(tr("workers N (log)"));
    setMinimumSize(320, 220);

    m_bandHigh = addGraph();
    m_bandLow = addGraph();
    const QColor band(chartstyle::kSecondary.red(), chartstyle::kSecondary.green(),
                      chartstyle::kSecondary.blue(), 50);
    m_bandHigh->setPen(Qt::NoPen);
    m_bandLow->setPen(Qt::NoPen);
    m_bandHigh->setBrush(band);
    m_bandHigh->setChannelFillGraph(m_bandLow);
    m_bandHigh->setName(tr("USL 95 % band"));
    m_bandLow->removeFromLegend();

    m_amdahl = addGraph();
    m_amdahl->setPen(QPen(chartstyle::kPrimary, 2));
    m_amdahl->setName(tr("Amdahl fit"));
    m_usl = addGraph();
    m_usl->setPen(QPen(chartstyle::kSecondary, 2, Qt::DashLine));
    m_usl->setName(tr("USL fit"));
    m_points = addGraph();
    m_points->setLineStyle(QCPGraph::lsNone);
    m_points->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, chartstyle::kAlert, Qt::white, 7));
    m_points->setName(tr("measured runs"));

    m_peakLine = new QCPItemStraightLine(this);
    m_peakLine->setPen(QPen(chartstyle::kAlert, 1.2, Qt::DashLine));
    m_peakLabel = new QCPItemText(this);
    m_peakLabel->setColor(chartstyle::kAlert);
    m_peakLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_peakLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_peakLabel->setPadding(QMargins(4, 2, 4, 2));
    m_peakLabel->setBrush(QColor(255, 255, 255, 210));
    m_planLine = new QCPItemStraightLine(this);
    m_planLine->setPen(QPen(chartstyle::kMuted, 1.2, Qt::DotLine));
    m_planLabel = new QCPItemText(this);
    m_planLabel->setColor(chartstyle::kMuted.darker(130));
    m_planLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    m_planLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_planLabel->setPadding(QMargins(4, 2, 4, 2));
    m_empty = new QCPItemText(this);
    m_empty->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_empty->position->setCoords(0.5, 0.5);
    m_empty->setColor(chartstyle::kMuted.darker(130));

    legend->setVisible(true);
    // Top left: the curves start low there, and the peak and the plan are labelled on the right.
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
}

QString FitChart::peakText() const
{
    return m_peakLabel->visible() ? m_peakLabel->text() : QString();
}

void FitChart::setInputsShown(bool shown)
{
    m_inputsShown = shown;
}

QString FitChart::emptyText() const
{
    return m_empty->visible() ? m_empty->text() : QString();
}

void FitChart::setSeries(const FitSeries &series)
{
    const bool runtime = series.measure == fit::Measure::RuntimeSeconds;
    yAxis->setLabel(runtime ? tr("runtime (s)") : tr("throughput (items/s)"));
    auto toVector = [](const std::vector<double> &v) {
        return QVector<double>(v.begin(), v.end());
    };
    m_points->setData(toVector(series.runWorkers), toVector(series.runValues));
    const QVector<double> curveN = toVector(series.curveWorkers);
    auto set = [&curveN, &toVector](QCPGraph *graph, const std::vector<double> &y) {
        graph->setData(y.empty() ? QVector<double>() : curveN, toVector(y));
        graph->setVisible(!y.empty());
    };
    set(m_amdahl, series.amdahl);
    set(m_usl, series.usl);
    set(m_bandLow, series.uslLow);
    set(m_bandHigh, series.uslHigh);
    xAxis->setRange(series.minWorkers / 1.5, series.maxWorkers);
    yAxis->setRange(0, series.topValue > 0 ? series.topValue * 1.15 : 1);
    // Without runs there is no value to scale: no made-up 0 to 1 on the value axis.
    const bool runs = !series.runWorkers.empty();
    yAxis->setTicks(runs);
    yAxis->setTickLabels(runs);
    yAxis->grid()->setVisible(runs);

    const bool peak = series.peakWorkers.has_value();
    m_peakLine->setVisible(peak);
    m_peakLabel->setVisible(peak);
    if (peak) {
        const double n = *series.peakWorkers;
        m_peakLine->point1->setCoords(n, 0);
        m_peakLine->point2->setCoords(n, 1);
        m_peakLabel->position->setCoords(n, 0.02);
        m_peakLabel->setText(tr("N* = %1 workers (USL peak)").arg(format::grouped(n, 0)));
    }
    const double plan = series.planWorkers;
    m_planLine->point1->setCoords(plan, 0);
    m_planLine->point2->setCoords(plan, 1);
    m_planLabel->position->setCoords(plan, 0.02);
    m_planLabel->setText(tr("plan: %1").arg(format::grouped(plan, 0)));
    m_empty->setVisible(!series.fitted);
    // Without runs the legend would name four series that are not there.
    legend->setVisible(!series.runWorkers.empty());
    // One line of what fills the chart; the step where the person can take it (the runs'
    // table is hidden in presentation mode).
    m_empty->setText(!runs ? m_inputsShown ? tr("Measured runs fill this chart with the fitted "
                                                "laws: enter or import them on the left")
                                           : tr("Measured runs fill this chart with the fitted "
                                                "laws: none are entered yet")
                           : series.problem);
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pipeplan
