// Each chart draws the series it is given (issue 31): a literal value in, the exact points out,
// with no document and no core computation behind it.
#include "ui/measured/fitchart.h"
#include "ui/model/amdahlchart.h"
#include "ui/model/waterfallchart.h"
#include "ui/training/schedulechart.h"

#include <gtest/gtest.h>

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
    chart.setSeries(FitSeries{});
    EXPECT_EQ(chart.emptyText(), QStringLiteral("Enter or import measured runs to fit the laws"));
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

} // namespace
} // namespace pipeplan
