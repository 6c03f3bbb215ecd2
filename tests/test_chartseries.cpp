// Each chart draws the series it is given (issue 31): a literal value in, the exact points out,
// with no document and no core computation behind it.
#include "ui/measured/fitchart.h"
#include "ui/model/amdahlchart.h"
#include "ui/model/ganttchart.h"
#include "ui/model/overheadchart.h"
#include "ui/model/stagechart.h"
#include "ui/model/waterfallchart.h"
#include "ui/project/estimatecharts.h"
#include "ui/tail/histogramchart.h"
#include "ui/training/schedulechart.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/chartstyle.h"

#include <QCheckBox>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace pipeplan {
namespace {

TEST(ChartSeries, AmdahlChartDrawsTheCurveAndTheMarkerItIsGiven)
{
    AmdahlSeries series;
    series.maxWorkers = 1000;
    series.parallelFraction = 0.9;
    series.ideal = {{1, 1}, {1000, 1000}};
    series.amdahl = {{1, 1}, {10, 5.263}, {100, 9.174}, {1000, 9.911}};
    series.workers = 100;
    series.speedup = 9.174;
    AmdahlChart chart;
    chart.setSeries(series);
    ASSERT_EQ(chart.amdahlGraph()->dataCount(), 4);
    EXPECT_DOUBLE_EQ(chart.amdahlGraph()->data()->at(2)->key, 100);
    EXPECT_DOUBLE_EQ(chart.amdahlGraph()->data()->at(2)->value, 9.174);
    ASSERT_EQ(chart.markerGraph()->dataCount(), 1);
    EXPECT_DOUBLE_EQ(chart.markerGraph()->data()->at(0)->key, 100);
    EXPECT_DOUBLE_EQ(chart.markerGraph()->data()->at(0)->value, 9.174);
    // No comparison, no baseline, no overheads in the series: nothing of them drawn.
    EXPECT_EQ(chart.comparisonGraph()->dataCount(), 0);
    EXPECT_EQ(chart.effectiveGraph()->dataCount(), 0);
}

TEST(ChartSeries, AmdahlLegendIsAboveTheDataWhereverPPutsTheCeiling)
{
    // Issue 32: inside the plot the legend covered the ceiling (p = 0.999), the knee and the point.
    for (const double p : {0.5, 0.98, 0.999}) {
        AmdahlSeries series;
        series.maxWorkers = 1'000'000;
        series.parallelFraction = p;
        series.maxSpeedup = 1 / (1 - p);
        series.ideal = {{1, 1}, {1'000'000, 1'000'000}};
        series.amdahl = {{1, 1}, {1'000'000, series.maxSpeedup}};
        series.workers = 10'000;
        series.speedup = 1 / ((1 - p) + p / 10'000);
        AmdahlChart chart;
        chart.resize(285, 190); // the chart's size in the window at 1366x768
        chart.setViewport(chart.rect());
        chart.setSeries(series);
        chart.replot();
        const QRect legend = chart.legendRect();
        const QRect plot = chart.axisRect()->rect();
        EXPECT_FALSE(legend.isEmpty());
        EXPECT_LE(legend.bottom(), plot.top()) << "p = " << p;
        EXPECT_GT(plot.height(), 60) << "p = " << p;
        EXPECT_LE(chart.legend->minimumOuterSizeHint().width(), chart.width()) << "p = " << p;
    }
}

TEST(ChartSeries, WaterfallChartDrawsOneBarPerStepItIsGiven)
{
    WaterfallSeries series;
    series.steps = {{QStringLiteral("Serial baseline"), QString(), 3600, true},
                    {QStringLiteral("Pre-filtering"), QStringLiteral("keep 50%"), 1800, true},
                    {QStringLiteral("Batching"), QStringLiteral("off"), 1800, false}};
    WaterfallChart chart;
    chart.setSeries(series);
    const int bars = chart.appliedBars()->data()->size() + chart.unusedBars()->data()->size();
    EXPECT_EQ(bars, 3);
    EXPECT_EQ(chart.baselineBars()->data()->size(), 0);
}

TEST(ChartSeries, FitChartDrawsTheRunsCurvesAndPeakItIsGiven)
{
    FitSeries series;
    series.runWorkers = {1, 2, 4};
    series.runValues = {10, 19, 35};
    series.curveWorkers = {1, 10, 100};
    series.amdahl = {10, 60, 90};
    series.usl = {10, 70, 50};
    series.uslLow = {9, 60, 40};
    series.uslHigh = {11, 80, 60};
    series.minWorkers = 1;
    series.maxWorkers = 150;
    series.topValue = 90;
    series.peakWorkers = 42;
    series.planWorkers = 8;
    series.fitted = true;
    FitChart chart;
    chart.setSeries(series);
    ASSERT_EQ(chart.pointsGraph()->dataCount(), 3);
    EXPECT_DOUBLE_EQ(chart.pointsGraph()->data()->at(2)->value, 35);
    ASSERT_EQ(chart.uslGraph()->dataCount(), 3);
    EXPECT_DOUBLE_EQ(chart.uslGraph()->data()->at(1)->value, 70);
    EXPECT_DOUBLE_EQ(chart.bandHighGraph()->data()->at(2)->value, 60);
    EXPECT_EQ(chart.peakText(), QStringLiteral("N* = 42 workers (USL peak)"));
    EXPECT_TRUE(chart.emptyText().isEmpty());
    EXPECT_DOUBLE_EQ(chart.yAxis->range().upper, 90 * 1.15);

    // Runs but no fit: the series' problem is what the chart says.
    FitSeries unfitted;
    unfitted.runWorkers = {1};
    unfitted.runValues = {10};
    unfitted.problem = QStringLiteral("Two or more runs are needed");
    chart.setSeries(unfitted);
    EXPECT_EQ(chart.emptyText(), QStringLiteral("Two or more runs are needed"));
    EXPECT_FALSE(chart.uslGraph()->visible());
    EXPECT_TRUE(chart.peakText().isEmpty());
    EXPECT_TRUE(chart.yAxis->tickLabels());
    chart.setSeries(FitSeries{});
    EXPECT_EQ(chart.emptyText(), QStringLiteral("Measured runs fill this chart with the fitted "
                                                "laws: enter or import them on the left"));
}

// Issue 52: without runs there is no value to scale (no made-up 0 to 1.0 items/s), and with the
// runs' table hidden (presentation mode) the chart says what fills it without pointing at it.
TEST(ChartSeries, FitChartWithoutRunsDrawsNoValueScaleAndPointsAtNoHiddenTable)
{
    FitChart chart;
    chart.setInputsShown(false);
    chart.setSeries(FitSeries{});
    EXPECT_EQ(chart.emptyText(), QStringLiteral("Measured runs fill this chart with the fitted "
                                                "laws: none are entered yet"));
    EXPECT_FALSE(chart.yAxis->tickLabels());
    EXPECT_FALSE(chart.yAxis->ticks());
    EXPECT_FALSE(chart.yAxis->grid()->visible());
    FitSeries runs;
    runs.runWorkers = {1, 2};
    runs.runValues = {10, 19};
    runs.topValue = 19;
    runs.problem = QStringLiteral("Two or more runs are needed");
    chart.setSeries(runs);
    EXPECT_TRUE(chart.yAxis->tickLabels());
    EXPECT_TRUE(chart.yAxis->grid()->visible());
}

TEST(ChartSeries, MemoryChartDrawsTheLinesItIsGiven)
{
    TrainingSchedule schedule;
    schedule::Result result;
    result.params.devices = 16;
    result.makespanMs = 100;
    schedule.result = result;
    schedule.memory = {{0, {{0, 0}, {10, 3}, {100, 3}}}, {15, {{0, 0}, {50, 1}, {100, 1}}}};
    ScheduleMemoryChart chart;
    chart.setSchedule(&schedule);
    EXPECT_EQ(chart.devicesShown(), (std::vector<int>{0, 15}));
    ASSERT_EQ(chart.graphCount(), 2);
    ASSERT_EQ(chart.graph(0)->dataCount(), 3);
    EXPECT_DOUBLE_EQ(chart.graph(0)->data()->at(1)->value, 3);
    EXPECT_EQ(chart.graph(1)->name(), QStringLiteral("device 16"));
    EXPECT_FALSE(chart.showsBytes());
    chart.setSchedule(nullptr);
    EXPECT_EQ(chart.graphCount(), 0);
}

// A laptop's short memory chart in presentation mode labelled its microbatch axis "0" and
// "2.5" under a peak of 4: half a microbatch, and no number at the top. A count's axis is
// labelled in whole numbers with its peak among them, short or tall.
TEST(ChartSeries, MemoryChartCountsWholeMicrobatchesAndLabelsThePeak)
{
    TrainingSchedule schedule;
    schedule::Result result;
    result.params.devices = 2;
    result.makespanMs = 100;
    result.peakInFlight = {4, 3};
    schedule.result = result;
    schedule.memory = {{0, {{0, 0}, {10, 4}, {90, 0}}}, {1, {{0, 0}, {20, 3}, {80, 0}}}};
    ScheduleMemoryChart chart;
    chart.setSchedule(&schedule);
    ASSERT_FALSE(chart.showsBytes());
    // Presentation mode's fonts, and the ticks thinned to the axis's length, as in the window.
    appearance::apply(&chart, appearance::palette({appearance::Theme::Light, true}, QPalette()),
                      appearance::kPresentationFontScale, appearance::kPresentationLineScale);
    for (const int heightPx : {170, 420}) {
        chart.resize(700, heightPx);
        chart.setViewport(chart.rect());
        chart.replot();
        const QStringList labels = chart.yAxis->tickVectorLabels().toList();
        ASSERT_GE(labels.size(), 2) << heightPx;
        for (const QString &label : labels) {
            bool whole = false;
            label.toInt(&whole);
            EXPECT_TRUE(whole) << label.toStdString() << " at " << heightPx << " px";
        }
        EXPECT_TRUE(labels.contains(QStringLiteral("4")))
            << labels.join(QLatin1Char(' ')).toStdString() << " at " << heightPx << " px";
    }
}

TEST(ChartSeries, OverheadChartDrawsBothCurvesTheMarkerAndTheKneeItIsGiven)
{
    OverheadSeries series;
    series.maxWorkers = 10'000;
    series.curve = {{1, 3600, 3601}, {100, 36, 60}, {10'000, 0.36, 59}};
    series.enabled = true;
    series.workers = 100;
    series.runtimeSeconds = 60;
    series.knee = OverheadSeries::Knee{100, 60, QStringLiteral("feature store")};
    OverheadChart chart;
    chart.setSeries(series);
    ASSERT_EQ(chart.naiveGraph()->dataCount(), 3);
    ASSERT_EQ(chart.overheadGraph()->dataCount(), 3);
    EXPECT_DOUBLE_EQ(chart.naiveGraph()->data()->at(2)->key, 10'000);
    EXPECT_DOUBLE_EQ(chart.naiveGraph()->data()->at(2)->value, 0.36);
    EXPECT_DOUBLE_EQ(chart.overheadGraph()->data()->at(2)->value, 59);
    ASSERT_EQ(chart.kneeGraph()->dataCount(), 1);
    EXPECT_DOUBLE_EQ(chart.kneeGraph()->data()->at(0)->key, 100);
    EXPECT_DOUBLE_EQ(chart.kneeGraph()->data()->at(0)->value, 60);
    EXPECT_TRUE(chart.kneeLabelText().contains(QStringLiteral("feature store binds")))
        << chart.kneeLabelText().toStdString();
    EXPECT_TRUE(chart.kneeLabelText().contains(QStringLiteral("100 workers")));
    EXPECT_EQ(chart.overheadGraph()->name(), QStringLiteral("with overheads"));

    // No knee in the series: none drawn.
    series.knee.reset();
    series.enabled = false;
    chart.setSeries(series);
    EXPECT_EQ(chart.kneeGraph()->dataCount(), 0);
    EXPECT_FALSE(chart.kneeGraph()->visible());
    EXPECT_EQ(chart.overheadGraph()->name(), QStringLiteral("with overheads (none set)"));
}

TEST(ChartSeries, GanttChartDrawsTheScheduleAndSummaryItIsGiven)
{
    // Two stages of 10 and 30 ms, two microbatches: 10 + 30 + 30 = 70 ms, bubble 1/3.
    PipelineSeries series;
    series.stageNames = {QStringLiteral("fetch"), QStringLiteral("score")};
    series.microbatches = 2;
    series.stageMs = {10, 30};
    series.bottleneckIndex = 1;
    series.summary.totalMs = 70;
    series.summary.bubbleFraction = 1.0 / 3.0;
    series.summary.utilization = 0.5714;
    series.summary.steadyRatePerSecond = 33.3;
    series.schedule.cells = {{0, 0, 0, 10}, {0, 1, 10, 20}, {1, 0, 10, 40}, {1, 1, 40, 70}};
    series.schedule.makespanMs = 70;
    series.balancedStageMs = {20, 20};
    series.balancedSummary.totalMs = 60;
    series.balancedSchedule.cells = {{0, 0, 0, 20}, {0, 1, 20, 40}, {1, 0, 20, 40}, {1, 1, 40, 60}};
    series.balancedSchedule.makespanMs = 60;
    GanttChart chart;
    chart.setSeries(series, false);
    ASSERT_NE(chart.bars()->schedule(), nullptr);
    EXPECT_EQ(*chart.bars()->schedule(), series.schedule);
    EXPECT_FALSE(chart.ghost()->visible());
    EXPECT_FALSE(chart.balanceToggle()->isChecked());
    EXPECT_TRUE(chart.summaryText().contains(QStringLiteral("bubble (p−1)/(m+p−1) = 0.333")))
        << chart.summaryText().toStdString();
    EXPECT_TRUE(chart.summaryText().contains(QStringLiteral("utilization 57.1 %")));
    EXPECT_DOUBLE_EQ(chart.plot()->xAxis->range().upper, 70 * 1.01);

    // Balanced: the balanced schedule over a ghost of the current one, on one time axis.
    chart.setSeries(series, true);
    EXPECT_EQ(*chart.bars()->schedule(), series.balancedSchedule);
    ASSERT_NE(chart.ghost()->schedule(), nullptr);
    EXPECT_EQ(*chart.ghost()->schedule(), series.schedule);
    EXPECT_TRUE(chart.ghost()->visible());
    EXPECT_TRUE(chart.balanceToggle()->isChecked());
    EXPECT_DOUBLE_EQ(chart.plot()->xAxis->range().upper, 70 * 1.01);
}

TEST(ChartSeries, StageChartDrawsEachStageAndTheBottleneckApart)
{
    PipelineSeries series;
    series.stageNames = {QStringLiteral("fetch"), QStringLiteral("score"), QStringLiteral("write")};
    series.stageMs = {10, 30, 5};
    series.bottleneckIndex = 1;
    StageChart chart;
    chart.setSeries(series);
    EXPECT_EQ(chart.categories(), series.stageNames);
    EXPECT_DOUBLE_EQ(StageChart::barValue(chart.stageSet(), 0), 10);
    EXPECT_DOUBLE_EQ(StageChart::barValue(chart.stageSet(), 2), 5);
    // The bottleneck's bar is in its own set, and only there.
    EXPECT_DOUBLE_EQ(StageChart::barValue(chart.stageSet(), 1), 0);
    EXPECT_DOUBLE_EQ(StageChart::barValue(chart.bottleneckSet(), 1), 30);
    EXPECT_DOUBLE_EQ(StageChart::barValue(chart.bottleneckSet(), 0), 0);
}

TEST(ChartSeries, HistogramChartDrawsTheBinsAndPercentilesItIsGiven)
{
    simulation::Result result;
    result.histogram.minValue = 100;
    result.histogram.binWidth = 10;
    result.histogram.counts = {1, 3, 2};
    result.maxSeconds = 130;
    result.p50Seconds = 115;
    result.p90Seconds = 128;
    result.p99Seconds = 129.5;
    HistogramChart chart;
    chart.setResult(result, 110);
    ASSERT_EQ(chart.bars()->data()->size(), 3);
    EXPECT_DOUBLE_EQ(chart.bars()->data()->at(1)->value, 3);
    EXPECT_DOUBLE_EQ(chart.bars()->data()->at(2)->key - chart.bars()->data()->at(1)->key,
                     chart.bars()->width());
    EXPECT_TRUE(chart.markerText(0).startsWith(QStringLiteral("P50 ")))
        << chart.markerText(0).toStdString();
    EXPECT_TRUE(chart.markerText(3).startsWith(QStringLiteral("no tail ")));
}

TEST(ChartSeries, HistogramPercentileLabelsSitAboveTheBars)
{
    // Issue 32: the P50/P90/P99 labels were drawn over the bars.
    simulation::Result result;
    result.histogram.minValue = 100;
    result.histogram.binWidth = 10;
    result.histogram.counts = {5, 480, 20};
    result.maxSeconds = 130;
    result.p50Seconds = 115;
    result.p90Seconds = 118;
    result.p99Seconds = 125;
    HistogramChart chart;
    chart.resize(370, 300);
    chart.setViewport(chart.rect());
    chart.setResult(result, 114);
    chart.replot();
    const double tallestBarTop = chart.yAxis->coordToPixel(480);
    for (int i = 0; i < 4; ++i)
        EXPECT_LT(chart.markerLabel(i)->bottom->pixelPosition().y(), tallestBarTop)
            << chart.markerText(i).toStdString();
}

// Issue 32: every trial the same (no stragglers, no failures) gives one bin of no width. It was
// drawn 1 % of the value wide from the value on (all at 7.98 h: a bar to 8.06 h, as if trials
// crossed an 8 h deadline). One narrow bar centred on the value, the axis around it.
namespace {

/// Where a chart label was drawn by the last replot, in the chart's pixels.
QRectF drawnBox(const QCPItemText *label)
{
    return QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition())
        .normalized();
}

/// Every label inside the plot's axis rect and none over another.
void expectInsideAndApart(const QCustomPlot &chart, const std::vector<QRectF> &boxes)
{
    const QRect plot = chart.axisRect()->rect();
    for (size_t i = 0; i < boxes.size(); ++i) {
        EXPECT_GE(boxes[i].left(), plot.left() - 1) << i;
        EXPECT_LE(boxes[i].right(), plot.right() + 1) << i;
        EXPECT_GE(boxes[i].top(), plot.top() - 1) << i;
        EXPECT_LE(boxes[i].bottom(), plot.bottom() + 1) << i;
        for (size_t j = 0; j < i; ++j)
            EXPECT_FALSE(boxes[i].adjusted(1, 1, -1, -1).intersects(boxes[j]))
                << i << " over " << j;
    }
}

/// 500 trials that all took `seconds`: one bin of width 0 on the value, every percentile on it.
simulation::Result equalTrials(double seconds)
{
    simulation::Result result;
    result.histogram.minValue = seconds;
    result.histogram.binWidth = 0;
    result.histogram.counts = {500};
    result.maxSeconds = seconds;
    result.p50Seconds = seconds;
    result.p90Seconds = seconds;
    result.p99Seconds = seconds;
    return result;
}

} // namespace

// On a short plot (a laptop in presentation mode) the four labels stacked one under the other
// ran off its bottom: where a line has room on both sides, two of them share a row. (Four
// markers a hundredth of a day apart: four labels, the lines a pixel apart.)
TEST(ChartSeries, HistogramMarkerLabelsShareRowsInsideAShortPlot)
{
    const double seconds = 698.98 * 86'400;
    const double hundredthOfADay = 864;
    simulation::Result result = equalTrials(seconds);
    result.p90Seconds = seconds + hundredthOfADay;
    result.p99Seconds = seconds + 2 * hundredthOfADay;
    HistogramChart chart;
    chart.resize(600, 130);
    chart.setViewport(chart.rect());
    chart.setResult(result, seconds - hundredthOfADay);
    chart.replot();
    std::vector<QRectF> boxes;
    boxes.reserve(4);
    for (int i = 0; i < 4; ++i)
        boxes.push_back(drawnBox(chart.markerLabel(i)));
    expectInsideAndApart(chart, boxes);
    // The line stands in the middle: P50 left of it and P90 right in the first row, P99 and the
    // closed form likewise in the second.
    const double line = chart.xAxis->coordToPixel(698.98);
    EXPECT_LE(boxes[0].right(), line);
    EXPECT_GE(boxes[1].left(), line);
    EXPECT_DOUBLE_EQ(boxes[0].top(), boxes[1].top());
    EXPECT_DOUBLE_EQ(boxes[2].top(), boxes[3].top());
    EXPECT_GE(boxes[2].top(), boxes[0].bottom() - 1);
}

// Issue 52: every trial equal (no tail) put "698.98 days" in four labels over the bar's top. The
// markers that read the same say it once; the bar stops below the label and the trials axis
// names 0 and the bar's count, on a plot as short as a laptop's in presentation mode.
TEST(ChartSeries, HistogramMarkersThatCoincideShareOneLabelAboveTheBar)
{
    const double seconds = 698.98 * 86'400;
    simulation::Result result = equalTrials(seconds);
    HistogramChart chart;
    QFont large = chart.font();
    large.setPointSizeF(large.pointSizeF() * 1.8);
    for (int i = 0; i < 4; ++i)
        chart.markerLabel(i)->setFont(large);
    chart.resize(600, 130);
    chart.setViewport(chart.rect());
    chart.setResult(result, seconds);
    chart.replot();
    const QString once = QStringLiteral("P50 = P90 = P99 = no tail: 698.98 days");
    for (int i = 0; i < 4; ++i)
        EXPECT_EQ(chart.markerText(i), once) << i;
    EXPECT_TRUE(chart.markerLabel(0)->visible());
    for (int i = 1; i < 4; ++i)
        EXPECT_FALSE(chart.markerLabel(i)->visible()) << i;
    expectInsideAndApart(chart, {drawnBox(chart.markerLabel(0))});
    EXPECT_LT(drawnBox(chart.markerLabel(0)).bottom(), chart.yAxis->coordToPixel(500));
    const auto ticks = chart.yAxis->ticker().dynamicCast<QCPAxisTickerText>();
    ASSERT_TRUE(ticks);
    EXPECT_EQ(ticks->ticks().values(),
              (QList<QString>{QStringLiteral("0"), QStringLiteral("500")}));
    EXPECT_GE(chart.yAxis->range().upper, 500);

    // P50 apart from the rest: two labels, the rest named together.
    result.p50Seconds = seconds - 86'400;
    chart.setResult(result, seconds);
    EXPECT_EQ(chart.markerText(0), QStringLiteral("P50 697.98 days"));
    EXPECT_EQ(chart.markerText(3), QStringLiteral("P90 = P99 = no tail: 698.98 days"));
}

// Beside the docked guide the duration chart is narrow: the P50 kept left of its line and ran
// past the plot's left edge. A label goes to the side of its line that has room.
TEST(ChartSeries, EstimateMarkerLabelsStayInsideANarrowPlot)
{
    estimate::MonteCarloResult result;
    result.trials = 6;
    result.histogram.minValue = 40;
    result.histogram.binWidth = 4;
    result.histogram.counts = {1, 2, 3};
    result.cumulativeHours = {40, 44, 48, 52};
    result.minHours = 40;
    result.maxHours = 52;
    result.p50Hours = 41;
    result.p90Hours = 51;
    EstimateChart chart;
    chart.resize(300, 200);
    chart.setViewport(chart.rect());
    chart.setResult(result);
    chart.replot();
    const std::vector<QRectF> boxes{drawnBox(chart.markerLabel(0)), drawnBox(chart.markerLabel(1))};
    expectInsideAndApart(chart, boxes);
    // The P50 stands near the left edge: its label reads to the right of its line.
    const double perUnit = planUnit(result.maxHours).first;
    EXPECT_GE(boxes[0].left(), chart.xAxis->coordToPixel(41 / perUnit));
}

// Money ticks in billions read "$1B" (a slide's B, not a count's G).
TEST(ChartSeries, CompactMoneyWritesBillionsWithB)
{
    EXPECT_EQ(chartstyle::compactMoney(1e9, QStringLiteral("USD")), QStringLiteral("$1B"));
    EXPECT_EQ(chartstyle::compactMoney(1e6, QStringLiteral("USD")), QStringLiteral("$1M"));
    EXPECT_EQ(chartstyle::compactMoney(1e3, QStringLiteral("CHF")), QStringLiteral("1k CHF"));
    EXPECT_EQ(chartstyle::compactNumber(1e9), QStringLiteral("1G"));
}

TEST(ChartSeries, HistogramOfEqualTrialsIsANarrowBarOnTheValue)
{
    const double seconds = 7.98 * 3600;
    simulation::Result result = equalTrials(seconds);
    HistogramChart chart;
    chart.resize(400, 300);
    chart.setViewport(chart.rect());
    chart.setResult(result, seconds);
    chart.replot();
    EXPECT_EQ(chart.xAxis->label(), QStringLiteral("job completion time (hours)"));
    ASSERT_EQ(chart.bars()->data()->size(), 1);
    EXPECT_DOUBLE_EQ(chart.bars()->data()->at(0)->key, 7.98);
    EXPECT_DOUBLE_EQ(chart.bars()->data()->at(0)->value, 500);
    EXPECT_EQ(chart.bars()->widthType(), QCPBars::wtAbsolute);
    EXPECT_DOUBLE_EQ(chart.bars()->width(), 8);
    // The axis is centred on the value: 7.98 h ± 2 %.
    EXPECT_NEAR(chart.xAxis->range().center(), 7.98, 1e-12);
    EXPECT_NEAR(chart.xAxis->range().lower, 7.98 - 0.1596, 1e-12);
    EXPECT_NEAR(chart.xAxis->range().upper, 7.98 + 0.1596, 1e-12);
    // Drawn: the blue of the bar spans 8 pixels around 7.98 h and stops short of 8 h.
    const QImage image = chart.toPixmap(400, 300).toImage();
    const int y = static_cast<int>(chart.yAxis->coordToPixel(250));
    const double centre = chart.xAxis->coordToPixel(7.98);
    int left = image.width();
    int right = -1;
    for (int x = 0; x < image.width(); ++x) {
        const QColor c = image.pixelColor(x, y);
        if (c.blue() > c.red() + 60) {
            left = std::min(left, x);
            right = std::max(right, x);
        }
    }
    EXPECT_NEAR(left, centre - 4, 1.01);
    EXPECT_NEAR(right, centre + 4, 1.01);
    EXPECT_LT(right, chart.xAxis->coordToPixel(8.0));

    // Trials that differ again: bins of their own width, as before.
    result.histogram.binWidth = 36;
    result.histogram.counts = {300, 200};
    chart.setResult(result, seconds);
    EXPECT_EQ(chart.bars()->widthType(), QCPBars::wtPlotCoords);
    EXPECT_DOUBLE_EQ(chart.bars()->width(), 0.01);
    EXPECT_DOUBLE_EQ(chart.bars()->data()->at(0)->key, 7.985);
}

TEST(ChartSeries, EstimateOfEqualTrialsIsANarrowBarOnTheValue)
{
    estimate::MonteCarloResult result;
    result.trials = 4;
    result.histogram.minValue = 40;
    result.histogram.binWidth = 0;
    result.histogram.counts = {4};
    result.cumulativeHours = {40, 40, 40, 40};
    result.minHours = 40;
    result.maxHours = 40;
    result.p50Hours = 40;
    result.p90Hours = 40;
    EstimateChart chart;
    chart.setResult(result);
    ASSERT_EQ(chart.bars()->data()->size(), 1);
    EXPECT_DOUBLE_EQ(chart.bars()->data()->at(0)->key, chart.xAxis->range().center());
    EXPECT_EQ(chart.bars()->widthType(), QCPBars::wtAbsolute);
    EXPECT_DOUBLE_EQ(chart.bars()->width(), 8);
    EXPECT_NEAR(chart.xAxis->range().size(), chart.bars()->data()->at(0)->key * 0.04, 1e-12);
}

TEST(ChartSeries, EstimateChartDrawsTheDistributionAndItsCumulativeCurve)
{
    estimate::MonteCarloResult result;
    result.trials = 6;
    result.histogram.minValue = 40;
    result.histogram.binWidth = 4;
    result.histogram.counts = {1, 2, 3};
    result.cumulativeHours = {40, 44, 48, 52};
    result.minHours = 40;
    result.maxHours = 52;
    result.p50Hours = 47;
    result.p90Hours = 51;
    EstimateChart chart;
    chart.setResult(result);
    ASSERT_EQ(chart.bars()->data()->size(), 3);
    EXPECT_DOUBLE_EQ(chart.bars()->data()->at(2)->value, 3);
    ASSERT_EQ(chart.cumulative()->dataCount(), 4);
    // The cumulative curve runs from 0 % to 100 % of trials.
    EXPECT_DOUBLE_EQ(chart.cumulative()->data()->at(0)->value, 0);
    EXPECT_DOUBLE_EQ(chart.cumulative()->data()->at(3)->value, 100);
    EXPECT_TRUE(chart.markerText(1).startsWith(QStringLiteral("P90 ")))
        << chart.markerText(1).toStdString();
}

namespace {
/// WCAG 2's contrast ratio of two colours (sRGB).
double contrastRatio(const QColor &a, const QColor &b)
{
    const auto luminance = [](const QColor &c) {
        const auto channel = [](double v) {
            return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) +
               0.0722 * channel(c.blueF());
    };
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}
} // namespace

// On the dark theme the plan-duration bars were kPrimary at partial alpha, dark navy on a
// near-black chart, and the blue dashed P50 ran inside blue bars unseen. Drawn in either theme:
// the bars read at 3:1 against the chart, and each marker's dashes cross the bars in a band of
// the chart's background, the dashes at 3:1 against that band.
TEST(ChartSeries, EstimateBarsAndMarkersReadOnEitherTheme)
{
    estimate::MonteCarloResult result;
    result.trials = 60;
    result.histogram.minValue = 40;
    result.histogram.binWidth = 4;
    result.histogram.counts = {10, 20, 20, 10};
    result.cumulativeHours = {40, 46, 50, 56};
    result.minHours = 40;
    result.maxHours = 56;
    result.p50Hours = 49;
    result.p90Hours = 53;
    for (const appearance::Theme theme : {appearance::Theme::Light, appearance::Theme::Dark}) {
        const QPalette colors = appearance::palette({theme, false}, QPalette());
        EstimateChart chart;
        chart.setPalette(colors);
        appearance::apply(&chart, colors, 1.0, 1.0);
        chart.resize(500, 300);
        chart.setViewport(chart.rect());
        chart.setResult(result);
        chart.legend->setVisible(false);
        chart.replot();
        const QImage image = chart.toPixmap(500, 300).toImage();
        const QColor background = colors.color(QPalette::Base);
        const double perUnit = planUnit(result.maxHours).first;
        // Inside the second bar (44-48 h, 20 trials), away from the markers.
        const QColor bar =
            image.pixelColor(static_cast<int>(chart.xAxis->coordToPixel(45 / perUnit)),
                             static_cast<int>(chart.yAxis->coordToPixel(5)));
        EXPECT_GE(contrastRatio(bar, background), 3.0) << "theme " << static_cast<int>(theme);
        for (int marker = 0; marker < 2; ++marker) {
            const double hours = marker == 0 ? result.p50Hours : result.p90Hours;
            const int x = static_cast<int>(std::lround(chart.xAxis->coordToPixel(hours / perUnit)));
            // A dash in its band: rows inside the bar (up to 10 trials high) where the line's
            // pixel reads against the pixels two to its left and right, and those against the
            // bar (the legend, over the right tail, hidden).
            int readable = 0;
            for (int y = static_cast<int>(chart.yAxis->coordToPixel(9));
                 y < static_cast<int>(chart.yAxis->coordToPixel(1)); ++y) {
                const QColor left = image.pixelColor(x - 2, y);
                const QColor right = image.pixelColor(x + 2, y);
                bool dash = false;
                for (int dx = -1; dx <= 1; ++dx)
                    dash |= contrastRatio(image.pixelColor(x + dx, y), left) >= 3.0 &&
                            contrastRatio(image.pixelColor(x + dx, y), right) >= 3.0;
                if (dash && contrastRatio(left, bar) >= 3.0 && contrastRatio(right, bar) >= 3.0)
                    ++readable;
            }
            EXPECT_GE(readable, 5) << "theme " << static_cast<int>(theme) << ", marker " << marker;
        }
    }
}

TEST(ChartSeries, AccuracyChartDrawsOnePointPerLoggedTask)
{
    const std::vector<estimate::ActualEntry> entries = {{QStringLiteral("a"), 2, 3},
                                                        {QStringLiteral("b"), 5, 4}};
    AccuracyChart chart;
    chart.setEntries(entries);
    ASSERT_EQ(chart.points()->dataCount(), 2);
    EXPECT_DOUBLE_EQ(chart.points()->data()->at(0)->key, 2);
    EXPECT_DOUBLE_EQ(chart.points()->data()->at(0)->value, 3);
    EXPECT_DOUBLE_EQ(chart.points()->data()->at(1)->key, 5);
}

TEST(ChartSeries, ScheduleChartDrawsALaneAndACaptionPerScheduleItIsGiven)
{
    // Two devices, one microbatch: F on device 0, F on device 1, B on device 1, B on device 0.
    schedule::Result result;
    result.params.devices = 2;
    result.params.microbatches = 1;
    result.ops = {{0, 1, 0, 0, 0, schedule::OpKind::Forward},
                  {3, 5, 0, 0, 0, schedule::OpKind::Backward},
                  {1, 2, 1, 0, 0, schedule::OpKind::Forward},
                  {2, 3, 1, 0, 0, schedule::OpKind::Backward}};
    result.deviceBegin = {0, 2, 4};
    result.makespanMs = 5;
    result.bubbleFraction = 0.4;
    result.bubbleRatio = 0.667;
    result.peakInFlight = {1, 1};
    ScheduleChart chart;
    chart.setSchedules(
        std::make_shared<const std::vector<schedule::Result>>(std::vector{result, result}));
    // Two devices and a blank row per lane; one caption per lane, naming what it is given.
    EXPECT_EQ(chart.ops()->rowsPerLane(), 3);
    EXPECT_EQ(chart.laneCaption(0), ScheduleChart::captionOf(result));
    EXPECT_EQ(chart.laneCaption(1), ScheduleChart::captionOf(result));
    EXPECT_TRUE(chart.laneCaption(0).contains(QStringLiteral("bubble 40 %")))
        << chart.laneCaption(0).toStdString();
    EXPECT_EQ(chart.laneCaption(2), QString());
}

// Issue 32: the activations legend stands right of the plot, never on the lines, and names
// every device (inside the plot it covered them and stopped at "device 6").
TEST(ChartSeries, MemoryLegendNamesEveryDeviceBesideThePlot)
{
    TrainingSchedule schedule;
    schedule::Result result;
    result.params.devices = 12;
    result.makespanMs = 100;
    schedule.result = result;
    for (int device = 0; device < 12; ++device)
        schedule.memory.push_back({device, {{0, 0}, {10.0 + device, 1}, {100, 1}}});
    ScheduleMemoryChart chart;
    chart.resize(900, 220);
    chart.setSchedule(&schedule);
    chart.setViewport(chart.rect());
    chart.replot();
    EXPECT_FALSE(chart.legendRect().intersects(chart.axisRect()->rect()));
    EXPECT_GE(chart.legendRect().left(), chart.axisRect()->rect().right());
    QStringList named;
    for (int i = 0; i < chart.legend->itemCount(); ++i) {
        // A wrapped grid's last column may hold empty cells.
        auto *item = qobject_cast<QCPPlottableLegendItem *>(chart.legend->item(i));
        if (!item)
            continue;
        named << item->plottable()->name();
        EXPECT_TRUE(chart.rect().contains(item->outerRect())) << named.back().toStdString();
    }
    ASSERT_EQ(named.size(), 12);
    EXPECT_EQ(named.back(), QStringLiteral("device 12"));
    EXPECT_GT(chart.legend->columnCount(), 1); // 12 rows do not fit 220 px: two columns
}

} // namespace
} // namespace pipeplan
