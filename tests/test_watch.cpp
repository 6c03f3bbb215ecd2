// The running job's forecast (core/watch): exact numbers from made-up counters, the plan beside
// it, and the progress file read as it grows.

#include "core/plan/planresult.h"
#include "core/watch/burnup.h"
#include "core/watch/forecast.h"
#include "core/watch/planbeside.h"
#include "core/watch/progressfile.h"
#include "core/watch/watchtext.h"

#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>

using namespace pipeplan;
using namespace pipeplan::watch;

namespace {

// A counter read every second from t = 1000 s: value(t - 1000).
template <typename F> std::vector<Sample> readings(int seconds, F value)
{
    std::vector<Sample> out;
    for (int i = 0; i <= seconds; ++i)
        out.push_back({1000.0 + i, value(static_cast<double>(i))});
    return out;
}

} // namespace

TEST(WatchAccumulate, AFallIsARestartAndTheWorkBeforeItIsKept)
{
    const Accumulated a = accumulate({{0, 0}, {1, 10}, {2, 20}, {3, 5}, {4, 15}});
    ASSERT_EQ(a.done.size(), 5u);
    EXPECT_DOUBLE_EQ(a.done[3].value, 25); // 20 + the 5 counted since the reset
    EXPECT_DOUBLE_EQ(a.done[4].value, 35);
    EXPECT_EQ(a.restarts, 1);
    EXPECT_EQ(a.restartTimesSeconds, std::vector<double>{3});
    EXPECT_EQ(seriesProblem(a), SeriesProblem::None);
}

TEST(WatchAccumulate, AGaugeIsNotACounter)
{
    const Accumulated a = accumulate(readings(20, [](double t) { return 100 + 40 * std::sin(t); }));
    EXPECT_GE(a.falls, kNotCounterMinFalls);
    EXPECT_EQ(seriesProblem(a), SeriesProblem::NotACounter);
    EXPECT_EQ(seriesProblem(accumulate({{0, 5}, {1, 5}})), SeriesProblem::NotIncreasing);
    EXPECT_EQ(seriesProblem(accumulate({})), SeriesProblem::NoSamples);
}

TEST(WatchForecast, ConstantRateGivesTheExactEta)
{
    // 50 items/s for 100 s: 5,000 done of 20,000, 15,000 left = 300 s at 50/s.
    const Result r = forecast(readings(100, [](double t) { return 50 * t; }), 1100,
                              Options{20000, std::nullopt, std::nullopt});
    ASSERT_EQ(r.problem, SeriesProblem::None);
    const Forecast &f = r.forecast;
    EXPECT_DOUBLE_EQ(f.doneItems, 5000);
    EXPECT_NEAR(f.ratePerSecond, 50, 1e-9);
    EXPECT_NEAR(f.recentRatePerSecond, 50, 1e-9);
    EXPECT_DOUBLE_EQ(f.usualGapSeconds, 1);
    EXPECT_DOUBLE_EQ(f.recentWindowSeconds, 25); // max(5 x 1 s, 100 s / 4)
    EXPECT_EQ(f.windows, 4);
    EXPECT_NEAR(f.rateSpreadPerSecond, 0, 1e-9);
    ASSERT_TRUE(f.etaSeconds && f.etaP10Seconds && f.etaP90Seconds && f.finishAtSeconds);
    EXPECT_NEAR(*f.etaSeconds, 300, 1e-6);
    EXPECT_NEAR(*f.etaP10Seconds, 300, 1e-6);
    EXPECT_NEAR(*f.etaP90Seconds, 300, 1e-6);
    EXPECT_NEAR(*f.finishAtSeconds, 1400, 1e-6);
    EXPECT_FALSE(f.stalled);
    EXPECT_DOUBLE_EQ(f.stallAfterSeconds, 5);
    EXPECT_EQ(f.state, State::Finishing);
}

TEST(WatchForecast, TheBandWidensWithTheRateSpreadAndNarrowsOverManyWindows)
{
    // Alternating windows of 40/s and 60/s, 25 s each (the window is set): spread s = 11.55/s
    // over four windows; the recent window runs at 60/s.
    const auto value = [](double t) {
        double v = 0;
        for (int i = 0; i < static_cast<int>(t); ++i)
            v += (i / 25) % 2 == 0 ? 40 : 60;
        return v;
    };
    const Result r = forecast(readings(100, value), 1100, Options{20000, std::nullopt, 25.0});
    const Forecast &f = r.forecast;
    EXPECT_DOUBLE_EQ(f.doneItems, 5000);
    EXPECT_EQ(f.windows, 4);
    EXPECT_NEAR(f.recentRatePerSecond, 60, 1e-9);
    EXPECT_NEAR(f.rateSpreadPerSecond, std::sqrt(4 * 100.0 / 3), 1e-6);
    // ETA = 15,000 / 60 = 250 s, m = 250 / 25 = 10 windows; half band z s / sqrt(10).
    const double half = kZ90 * f.rateSpreadPerSecond / std::sqrt(10.0);
    EXPECT_NEAR(*f.etaSeconds, 250, 1e-6);
    EXPECT_NEAR(*f.etaP10Seconds, 15000 / (60 + half), 1e-6);
    EXPECT_NEAR(*f.etaP90Seconds, 15000 / (60 - half), 1e-6);
}

TEST(WatchForecast, StalledAfterTheStatedTimeWithWhenItLastMoved)
{
    // Moves at 10/s until 1030, then stops; read until 1060.
    const auto samples = readings(60, [](double t) { return 10 * std::min(t, 30.0); });
    const Result early = forecast(samples, 1060, Options{1000, 45.0, std::nullopt});
    EXPECT_FALSE(early.forecast.stalled);
    const Result late = forecast(samples, 1060, Options{1000, 30.0, std::nullopt});
    EXPECT_TRUE(late.forecast.stalled);
    EXPECT_DOUBLE_EQ(late.forecast.lastProgressSeconds, 1030);
    EXPECT_EQ(late.forecast.state, State::Stalled);
    // The default: five usual gaps (1 s) without a rise.
    const Result byDefault = forecast(samples, 1060, Options{1000, std::nullopt, std::nullopt});
    EXPECT_DOUBLE_EQ(byDefault.forecast.stallAfterSeconds, 5);
    EXPECT_TRUE(byDefault.forecast.stalled);
    EXPECT_EQ(text::headline(late.forecast, std::nullopt).left(14),
              QStringLiteral("Stalled since "));
}

TEST(WatchForecast, ATotalBelowTheDoneIsRefusedAndTheTotalReachedIsDone)
{
    const auto samples = readings(10, [](double t) { return 10 * t; });
    EXPECT_TRUE(forecast(samples, 1010, Options{50, std::nullopt, std::nullopt}).totalBelowDone);
    const Result done = forecast(samples, 1010, Options{100, std::nullopt, std::nullopt});
    EXPECT_EQ(done.forecast.state, State::Done);
    EXPECT_EQ(*done.forecast.etaSeconds, 0);
}

TEST(WatchForecast, ARestartIsCountedAndTheRateKeepsTheWorkBeforeIt)
{
    // 20/s for 30 s (600), reset, 20/s again for 30 s: 1,200 done.
    const auto samples =
        readings(60, [](double t) { return t <= 30 ? 20 * t : 20 * (t - 30) - 0.0; });
    const Result r = forecast(samples, 1060, Options{3000, std::nullopt, std::nullopt});
    // At t = 31 the counter reads 20: a fall from 600, counted as 20 new items.
    EXPECT_DOUBLE_EQ(r.forecast.doneItems, 1200);
    EXPECT_EQ(r.forecast.restarts, 1);
    EXPECT_NE(text::headline(r.forecast, std::nullopt).indexOf(QStringLiteral("Restarted 1 time")),
              -1);
}

TEST(WatchPlan, BehindPlanAndTheWorkersTheRestNeedsByThePlansOwnModel)
{
    // A plan of 1,000 users at 1 s each, p = 1, 10 workers: 100 s; deadline 200 s.
    Plan plan;
    plan.scenario.workload.users = 1000;
    plan.scenario.workload.predictionsPerUser = 1;
    plan.scenario.workload.latencyMs = 1000;
    plan.scenario.workload.keepFraction = 1;
    plan.scenario.workload.parallelFraction = 1;
    plan.scenario.workload.workers = 10;
    plan.scenario.goal.deadlineSeconds = 200;
    const PlanModel model = planModel(evaluatePlan(plan));
    EXPECT_DOUBLE_EQ(model.totalItems, 1000);
    EXPECT_DOUBLE_EQ(model.runtimeSeconds, 100);
    EXPECT_DOUBLE_EQ(model.workers, 10);
    // Measured: 5/s (half the plan's 10/s) for 100 s: 500 done, 500 left take 100 s more, so
    // the job ends at 200 s, 100 s behind the plan. The deadline has 100 s left; the rest needs
    // W' = 500 x 10 / 5 = 1,000 s of single-stream work: 10 workers.
    const Result r = forecast(readings(100, [](double t) { return 5 * t; }), 1100,
                              Options{1000, std::nullopt, std::nullopt});
    const Beside beside = besidePlan(model, r.forecast);
    EXPECT_DOUBLE_EQ(beside.planRuntimeSeconds, 100);
    EXPECT_NEAR(*beside.behindPlanSeconds, 100, 1e-6);
    ASSERT_TRUE(beside.workersToMeetDeadline);
    EXPECT_DOUBLE_EQ(*beside.workersToMeetDeadline, 10);
    // A deadline of 150 s leaves 50 s: 20 workers.
    PlanModel tighter = model;
    tighter.deadlineSeconds = 150;
    EXPECT_DOUBLE_EQ(*besidePlan(tighter, r.forecast).workersToMeetDeadline, 20);
    EXPECT_TRUE(text::headline(r.forecast, beside).startsWith(QStringLiteral("Behind plan by ")));
}

TEST(WatchProgressFile, CsvAndJsonLinesAndALineCutMidWrite)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("progress.csv"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("time,done\n1000,0\n1001,50\n{\"time\": 1002, \"done\": 100}\n1003,1");
    file.flush();
    ProgressFile progress(path);
    ProgressFile::Read read = progress.read();
    ASSERT_TRUE(read.error.isEmpty()) << qPrintable(read.error);
    // The cut line "1003,1" (of 150) waits for its line break.
    ASSERT_EQ(progress.samples().size(), 3u);
    EXPECT_DOUBLE_EQ(progress.samples().back().value, 100);
    file.write("50\n1970-01-01T00:16:44Z,200\n");
    file.flush();
    read = progress.read();
    ASSERT_TRUE(read.error.isEmpty()) << qPrintable(read.error);
    ASSERT_EQ(read.added.size(), 2u);
    EXPECT_EQ(read.added[0], (Sample{1003, 150}));
    EXPECT_EQ(read.added[1], (Sample{1004, 200}));
    const Result r = forecast(progress.samples(), 1004, Options{1000, std::nullopt, std::nullopt});
    EXPECT_NEAR(r.forecast.ratePerSecond, 50, 1e-9);
    EXPECT_NEAR(*r.forecast.etaSeconds, 16, 1e-9);
}

TEST(WatchProgressFile, ABadLineIsNamedByItsNumber)
{
    EXPECT_EQ(readText("1000,0\n1001,x\n").error,
              QStringLiteral("line 2: done is not a number: 'x'"));
    EXPECT_EQ(readText("1000,0\n999,1\n").error, QStringLiteral("line 2: time goes back"));
    EXPECT_EQ(readText("1000;0\n").error, QStringLiteral("line 1: expected time,done"));
}

TEST(WatchBurnUp, ThePlansLineAndTheConeFromTheLastReadingToTheTotal)
{
    // 50 items/s for 100 s of 20,000, against a plan of 400 s; the band's edges from a spread.
    Result r = forecast(readings(100, [](double t) { return 50 * t; }), 1100,
                        Options{20000, std::nullopt, std::nullopt});
    r.forecast.etaP10Seconds = 250;
    r.forecast.etaP90Seconds = 350;
    PlanModel plan;
    plan.totalItems = 20000;
    plan.runtimeSeconds = 400;
    const BurnUp chart = burnUp(r, plan);
    EXPECT_EQ(chart.done.size(), 101u);
    EXPECT_EQ(chart.plan, (std::vector<Sample>{{1000, 0}, {1400, 20000}}));
    EXPECT_EQ(chart.fast, (std::vector<Sample>{{1100, 5000}, {1350, 20000}}));
    EXPECT_EQ(chart.middle.back().value, 20000);
    EXPECT_NEAR(chart.middle.back().timeSeconds, 1400, 1e-6);
    EXPECT_EQ(chart.slow, (std::vector<Sample>{{1100, 5000}, {1450, 20000}}));
    // No total: the work done alone.
    const BurnUp open = burnUp(forecast(readings(10, [](double t) { return t; }), 1010, {}), plan);
    EXPECT_TRUE(open.plan.empty() && open.fast.empty() && open.slow.empty());
}
