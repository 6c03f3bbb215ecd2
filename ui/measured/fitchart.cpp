#include "ui/measured/fitchart.h"

#include "core/base/format.h"
#include "ui/widgets/chartstyle.h"

#include <algorithm>
#include <cmath>

namespace pipeplan {

namespace {
constexpr int kCurvePoints = 120;
}

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

QString FitChart::emptyText() const
{
    return m_empty->visible() ? m_empty->text() : QString();
}

void FitChart::setFit(const fit::Runs &runs, const fit::Result &result, double planWorkers)
{
    const bool runtime = runs.measure == fit::Measure::RuntimeSeconds;
    yAxis->setLabel(runtime ? tr("runtime (s)") : tr("throughput (items/s)"));
    QVector<double> keys, values;
    double smallest = 1;
    double largest = std::max(planWorkers, 2.0);
    double top = 0;
    for (const fit::Run &run : runs.runs) {
        keys.push_back(run.workers);
        values.push_back(run.value);
        smallest = std::min(smallest, run.workers);
        largest = std::max(largest, run.workers);
        top = std::max(top, run.value);
    }
    m_points->setData(keys, values);
    const bool fitted = result.amdahl || result.usl;
    if (result.usl && result.usl->peakWorkers)
        largest = std::max(largest, *result.usl->peakWorkers);
    largest *= 1.5;
    QVector<double> curveN, amdahl, usl, low, high;
    if (fitted) {
        std::vector<double> grid;
        for (int i = 0; i <= kCurvePoints; ++i)
            grid.push_back(smallest *
                           std::pow(largest / smallest, static_cast<double>(i) / kCurvePoints));
        for (const fit::Prediction &p : fit::predict(result, runs.measure, grid)) {
            curveN.push_back(p.workers);
            if (result.amdahl)
                amdahl.push_back(p.amdahl);
            if (result.usl) {
                usl.push_back(p.usl);
                low.push_back(p.uslLow);
                high.push_back(p.uslHigh);
            }
        }
    }
    auto set = [](QCPGraph *graph, const QVector<double> &x, const QVector<double> &y) {
        graph->setData(y.isEmpty() ? QVector<double>() : x, y);
        graph->setVisible(!y.isEmpty());
    };
    set(m_amdahl, curveN, amdahl);
    set(m_usl, curveN, usl);
    set(m_bandLow, curveN, low);
    set(m_bandHigh, curveN, high);
    // The band can run far off at large N: the axis follows the points and the curves, and the
    // band is clipped rather than squashing everything else.
    for (const QVector<double> *series : {&amdahl, &usl})
        for (double v : *series)
            if (std::isfinite(v))
                top = std::max(top, v);
    xAxis->setRange(smallest / 1.5, largest);
    yAxis->setRange(0, top > 0 ? top * 1.15 : 1);

    const bool peak = result.usl && result.usl->peakWorkers;
    m_peakLine->setVisible(peak);
    m_peakLabel->setVisible(peak);
    if (peak) {
        const double n = *result.usl->peakWorkers;
        m_peakLine->point1->setCoords(n, 0);
        m_peakLine->point2->setCoords(n, 1);
        m_peakLabel->position->setCoords(n, 0.02);
        m_peakLabel->setText(tr("N* = %1 workers (USL peak)").arg(format::grouped(n, 0)));
    }
    m_planLine->point1->setCoords(planWorkers, 0);
    m_planLine->point2->setCoords(planWorkers, 1);
    m_planLabel->position->setCoords(planWorkers, 0.02);
    m_planLabel->setText(tr("plan: %1").arg(format::grouped(planWorkers, 0)));
    m_empty->setVisible(!fitted);
    m_empty->setText(runs.runs.empty() ? tr("Enter or import measured runs to fit the laws")
                                       : result.problem);
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pipeplan
