// The forecast that learns (issue 21): the team's pace, the remaining work as a plan of its own
// and its Monte Carlo against a direct simulation, the expected schedule with and without a
// status date, the finish dates and the burn-up. Dates are on the 2026 calendar (2026-06-01 is a
// Monday).

#include "core/project/forecast.h"
#include "tests/support/tasks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

using namespace pipeplan;
using namespace pipeplan::estimate;

namespace {

const QDate kMonday(2026, 6, 1);

using testsupport::task;

Task done(Task t, double actual, QDate finishedOn = {})
{
    t.progress.state = TaskState::Done;
    t.progress.actual = actual;
    t.progress.finishedOn = finishedOn;
    return t;
}

Task inProgress(Task t, double shareDone)
{
    t.progress.state = TaskState::InProgress;
    t.progress.shareDone = shareDone;
    return t;
}

/// 0 -> {1, 2} -> 3, PERT means 4, 11, 2 and 3: the critical path 0, 1, 3 is 18 h.
std::vector<Task> diamond()
{
    return {task(2, 4, 6), task(8, 10, 18, {0}), task(1, 2, 3, {0}), task(3, 3, 3, {1, 2})};
}

double maxFinish(const std::vector<ScheduledTask> &schedule)
{
    double last = 0;
    for (const ScheduledTask &t : schedule)
        last = std::max(last, t.finishHours);
    return last;
}

MonteCarloResult anyResult(double p50, double p80, double p90, double p95)
{
    MonteCarloResult result;
    result.trials = 1000;
    result.p50Hours = p50;
    result.p80Hours = p80;
    result.p90Hours = p90;
    result.p95Hours = p95;
    return result;
}

MonteCarloOptions fastOptions(int trials)
{
    MonteCarloOptions options;
    options.trials = trials;
    options.seed = 2026;
    options.criticality = false;
    return options;
}

} // namespace

TEST(Forecast, PaceIsActualOverPertMeans)
{
    // 12 h against a PERT mean of 10 h (in days: 1.5 of (1, 1.25, 1.5)), 9 h against 10 h.
    const std::vector<Task> tasks{done(task(1, 1.25, 1.5, {}, TimeUnit::Days), 1.5),
                                  done(task(10, 10, 10), 9), task(5, 6, 7),
                                  inProgress(task(5, 6, 7), 0.5)};
    const Pace p = pace(tasks);
    EXPECT_EQ(p.doneTasks, 2);
    EXPECT_DOUBLE_EQ(p.actualHours, 21.0);
    EXPECT_DOUBLE_EQ(p.estimateHours, 20.0);
    EXPECT_DOUBLE_EQ(p.ratio(), 1.05);

    EXPECT_EQ(pace({task(1, 2, 3)}).ratio(), 1.0);          // nothing done
    EXPECT_EQ(pace({done(task(0, 0, 0), 5)}).ratio(), 1.0); // estimates of 0
    EXPECT_EQ(pace({done(task(1, 2, 3), 0)}).ratio(), 0.0); // done in no time
    EXPECT_TRUE(hasProgress(tasks));
    EXPECT_FALSE(hasProgress({task(1, 2, 3), task(2, 3, 4)}));
    EXPECT_TRUE(hasProgress({task(1, 2, 3), inProgress(task(2, 3, 4), 0.1)}));
}

TEST(Forecast, RemainingWork)
{
    const std::vector<Task> tasks{done(task(1, 2, 3), 2.5, QDate(2026, 6, 1)),
                                  inProgress(task(10, 20, 40, {0}), 0.4),
                                  task(2, 4, 8, {1}, TimeUnit::Days)};
    const std::vector<Task> left = remainingWork(tasks, 1.5);
    ASSERT_EQ(left.size(), 3u);
    EXPECT_EQ(left[0].optimistic, 0.0);
    EXPECT_EQ(left[0].mostLikely, 0.0);
    EXPECT_EQ(left[0].pessimistic, 0.0);
    EXPECT_DOUBLE_EQ(left[1].optimistic, 6 * 1.5);
    EXPECT_DOUBLE_EQ(left[1].mostLikely, 12 * 1.5);
    EXPECT_DOUBLE_EQ(left[1].pessimistic, 24 * 1.5);
    EXPECT_DOUBLE_EQ(left[2].optimistic, 3.0);
    EXPECT_DOUBLE_EQ(left[2].mostLikely, 6.0);
    EXPECT_DOUBLE_EQ(left[2].pessimistic, 12.0);
    EXPECT_EQ(left[2].unit, TimeUnit::Days);
    for (size_t i = 0; i < left.size(); ++i) {
        EXPECT_EQ(left[i].progress, TaskProgress{}) << i;
        EXPECT_EQ(left[i].dependsOn, tasks[i].dependsOn) << i;
        EXPECT_EQ(left[i].name, tasks[i].name) << i;
    }
    // Ratio 1 and no progress: the plan itself.
    const std::vector<Task> fresh = diamond();
    EXPECT_EQ(remainingWork(fresh, 1.0), fresh);
    EXPECT_TRUE(validate(left).empty());
}

TEST(Forecast, EveryTaskDoneForecastEqualsTheActualFinish)
{
    const QDate lastFinish(2026, 6, 11); // Thursday
    std::vector<Task> tasks{done(task(8, 10, 12), 10, QDate(2026, 6, 2)),
                            done(task(4, 6, 20), 16, QDate(2026, 6, 4)),
                            done(task(1, 2, 3, {}, TimeUnit::Days), 2, lastFinish)};
    const WorkCalendar calendar;
    const Timeline line = timeline(calendar, kMonday, QDate(2026, 6, 15));
    EXPECT_EQ(line.statusHours, 80.0);

    // Whatever the Monte Carlo says, nothing is left to do.
    const MonteCarloResult runs[] = {
        anyResult(0, 0, 0, 0), anyResult(10, 20, 30, 400),
        monteCarlo(remainingWork(tasks, pace(tasks).ratio()), fastOptions(1000))};
    for (const MonteCarloResult &result : runs) {
        const FinishDates dates = finishDates(result, tasks, calendar, line);
        EXPECT_EQ(dates, (FinishDates{lastFinish, lastFinish, lastFinish, lastFinish}));
    }

    const double end = 9 * 8.0; // the end of Thursday 11 June
    EXPECT_EQ(lastDoneFinishHours(tasks, calendar, line), end);
    const std::vector<ScheduledTask> schedule =
        expectedSchedule(tasks, calendar, line, pace(tasks).ratio());
    EXPECT_EQ(maxFinish(schedule), end);
    EXPECT_EQ(dateAtHours(calendar, line, maxFinish(schedule)), lastFinish);
    EXPECT_EQ(schedule[0].finishHours, 16.0);
    EXPECT_EQ(schedule[1].finishHours, 32.0);
    EXPECT_EQ(schedule[2].startHours, end - 16); // its 2 days' actual before its finish
    for (const ScheduledTask &t : schedule) {
        EXPECT_EQ(t.state, TaskState::Done);
        EXPECT_FALSE(t.critical); // nothing is left to be critical
    }

    const BurnUp chart = burnUp(tasks, calendar, line, runs[1]);
    ASSERT_FALSE(chart.actual.empty());
    EXPECT_EQ(chart.actual.back().doneHours, chart.scopeHours);
    EXPECT_EQ(chart.actual.back().day, 14.0);
    EXPECT_EQ(chart.statusDay, 14.0);
    ASSERT_TRUE(chart.p50Finish && chart.p90Finish);
    EXPECT_EQ(*chart.p50Finish, (BurnUpPoint{11.0, chart.scopeHours})); // Thursday's end
    EXPECT_EQ(*chart.p90Finish, *chart.p50Finish);

    // A finish not recorded is the day before the status date.
    tasks[2].progress.finishedOn = QDate();
    const QDate sunday(2026, 6, 14);
    EXPECT_EQ(finishDates(runs[1], tasks, calendar, line),
              (FinishDates{sunday, sunday, sunday, sunday}));
    EXPECT_EQ(lastDoneFinishHours(tasks, calendar, line), line.statusHours);
}

TEST(Forecast, RemainingWorkMonteCarloMatchesADirectSimulation)
{
    // Six tasks in sequence, half of them done (one of those in progress at 40 %).
    const std::vector<Task> tasks{done(task(4, 6, 12), 8, QDate(2026, 6, 1)),
                                  done(task(5, 8, 14), 9, QDate(2026, 6, 2)),
                                  inProgress(task(4, 8, 13), 0.4),
                                  task(1, 10, 17),
                                  task(2, 2, 9),
                                  task(10, 20, 60)};
    const double ratio = pace(tasks).ratio();
    EXPECT_DOUBLE_EQ(ratio, 17.0 / (40.0 / 6 + 51.0 / 6)); // 8 + 9 h against 6.67 + 8.5 h
    const MonteCarloOptions options = fastOptions(200'000);
    const MonteCarloResult forecast = monteCarlo(remainingWork(tasks, ratio), options);

    // The same plan built by hand: zero-length placeholders keep every task on its random
    // numbers, so the runs agree to rounding.
    const double r = ratio;
    const double left = 1 - 0.4;
    const std::vector<Task> placeholders{task(0, 0, 0),
                                         task(0, 0, 0),
                                         task(4 * left * r, 8 * left * r, 13 * left * r),
                                         task(1 * r, 10 * r, 17 * r),
                                         task(2 * r, 2 * r, 9 * r),
                                         task(10 * r, 20 * r, 60 * r)};
    const MonteCarloResult same = monteCarlo(placeholders, options);
    EXPECT_NEAR(forecast.p50Hours, same.p50Hours, 1e-9 * same.p50Hours);
    EXPECT_NEAR(forecast.p90Hours, same.p90Hours, 1e-9 * same.p90Hours);
    EXPECT_NEAR(forecast.meanHours, same.meanHours, 1e-9 * same.meanHours);

    // Only the remaining tasks: other random numbers, so equal within the Monte Carlo's noise
    // (a quantile's standard error at 200,000 trials is some 0.03 % of it here).
    const std::vector<Task> direct(placeholders.begin() + 2, placeholders.end());
    const MonteCarloResult other = monteCarlo(direct, options);
    EXPECT_NEAR(forecast.p50Hours, other.p50Hours, 0.005 * other.p50Hours);
    EXPECT_NEAR(forecast.p90Hours, other.p90Hours, 0.005 * other.p90Hours);
    EXPECT_NEAR(forecast.meanHours, other.meanHours, 0.005 * other.meanHours);
    // And the mean is the remaining PERT means summed.
    EXPECT_NEAR(forecast.meanHours, pert(direct).meanHours, 0.005 * pert(direct).meanHours);
}

TEST(Forecast, ExpectedScheduleWithoutProgressIsPert)
{
    const WorkCalendar calendar;
    const Timeline line = timeline(calendar, kMonday, std::nullopt);
    EXPECT_EQ(line, (Timeline{kMonday, std::nullopt, 0}));

    const std::vector<Task> plan = diamond();
    const std::vector<ScheduledTask> schedule = expectedSchedule(plan, calendar, line, 1.0);
    const PertResult p = pert(plan);
    EXPECT_DOUBLE_EQ(maxFinish(schedule), p.meanHours);
    EXPECT_DOUBLE_EQ(p.meanHours, 18.0);
    const std::set<int> critical(p.criticalPath.begin(), p.criticalPath.end());
    for (size_t i = 0; i < plan.size(); ++i)
        EXPECT_EQ(schedule[i].critical, critical.count(static_cast<int>(i)) == 1) << i;
    EXPECT_EQ(schedule[1], (ScheduledTask{4, 15, true, TaskState::NotStarted}));
    EXPECT_EQ(schedule[2], (ScheduledTask{4, 6, false, TaskState::NotStarted}));
    EXPECT_EQ(schedule[3], (ScheduledTask{15, 18, true, TaskState::NotStarted}));

    // A sequential plan: one after the other, all critical, ending at the summed means.
    const std::vector<Task> sequence{task(4, 6, 12), task(1, 1, 1, {}, TimeUnit::Days),
                                     task(4, 8, 13)};
    const std::vector<ScheduledTask> chain = expectedSchedule(sequence, calendar, line, 1.0);
    EXPECT_DOUBLE_EQ(maxFinish(chain), pert(sequence).meanHours);
    for (size_t i = 0; i < chain.size(); ++i) {
        EXPECT_TRUE(chain[i].critical);
        if (i > 0) {
            EXPECT_EQ(chain[i].startHours, chain[i - 1].finishHours);
        }
    }
}

TEST(Forecast, ExpectedScheduleFromAStatusDate)
{
    const WorkCalendar calendar;
    // Done on Tuesday in 12 h against 8 h (pace 1.5), half of the next task done, status Thursday.
    const std::vector<Task> tasks{done(task(8, 8, 8), 12, QDate(2026, 6, 2)),
                                  inProgress(task(10, 10, 10), 0.5), task(4, 4, 4)};
    const double ratio = pace(tasks).ratio();
    EXPECT_EQ(ratio, 1.5);
    const Timeline line = timeline(calendar, kMonday, QDate(2026, 6, 4));
    EXPECT_EQ(line.statusHours, 24.0);
    const std::vector<ScheduledTask> schedule = expectedSchedule(tasks, calendar, line, ratio);
    EXPECT_EQ(schedule[0], (ScheduledTask{4, 16, false, TaskState::Done}));
    // 5 h left at pace 1.5 (7.5 h) from the status date, drawn from where its 7.5 h done share
    // began.
    EXPECT_EQ(schedule[1], (ScheduledTask{16.5, 31.5, true, TaskState::InProgress}));
    EXPECT_EQ(schedule[2], (ScheduledTask{31.5, 37.5, true, TaskState::NotStarted}));
    EXPECT_EQ(maxFinish(schedule), line.statusHours + pert(remainingWork(tasks, ratio)).meanHours);

    // A dependency graph: work waiting on a done task starts at the status date; the critical
    // path is the remaining work's.
    const std::vector<Task> graph{done(task(2, 4, 6), 4, QDate(2026, 6, 1)), task(8, 10, 18, {0}),
                                  task(1, 2, 3, {0}), task(3, 3, 3, {1, 2})};
    const std::vector<ScheduledTask> forward = expectedSchedule(graph, calendar, line, 1.0);
    EXPECT_EQ(forward[0], (ScheduledTask{4, 8, false, TaskState::Done}));
    EXPECT_EQ(forward[1], (ScheduledTask{24, 35, true, TaskState::NotStarted}));
    EXPECT_EQ(forward[2], (ScheduledTask{24, 26, false, TaskState::NotStarted}));
    EXPECT_EQ(forward[3], (ScheduledTask{35, 38, true, TaskState::NotStarted}));
    // A done task not recorded ends the day before the status date.
    std::vector<Task> unrecorded = graph;
    unrecorded[0].progress.finishedOn = QDate();
    EXPECT_EQ(expectedSchedule(unrecorded, calendar, line, 1.0)[0],
              (ScheduledTask{20, 24, false, TaskState::Done}));
}

TEST(Forecast, FinishDatesOverAWeekend)
{
    const WorkCalendar calendar;
    const std::vector<Task> plan{task(20, 40, 80)};
    const Timeline fromStart = timeline(calendar, kMonday, std::nullopt);
    EXPECT_EQ(finishHoursFromStart(fromStart, 41), 41.0);
    EXPECT_EQ(
        finishDates(anyResult(36, 40, 41, 80), plan, calendar, fromStart),
        (FinishDates{QDate(2026, 6, 5), QDate(2026, 6, 5), QDate(2026, 6, 8), QDate(2026, 6, 12)}));

    // From Wednesday's status date (16 h in): 24 h more end on Friday, 24.5 h on Monday.
    const std::vector<Task> started{inProgress(task(20, 40, 80), 0.25)};
    const Timeline fromStatus = timeline(calendar, kMonday, QDate(2026, 6, 3));
    EXPECT_EQ(fromStatus.statusHours, 16.0);
    EXPECT_EQ(finishHoursFromStart(fromStatus, 24), 40.0);
    EXPECT_EQ(
        finishDates(anyResult(24, 24.5, 25, 64), started, calendar, fromStatus),
        (FinishDates{QDate(2026, 6, 5), QDate(2026, 6, 8), QDate(2026, 6, 8), QDate(2026, 6, 12)}));
    EXPECT_EQ(dateAtHours(calendar, fromStatus, 0), kMonday);
    EXPECT_EQ(lastDoneFinishHours(started, calendar, fromStatus), std::nullopt);
}

TEST(Forecast, BurnUpPlanLineEndsAtTheLastFinishAndScope)
{
    const WorkCalendar calendar;
    const std::vector<Task> plan = diamond();
    const Timeline line = timeline(calendar, kMonday, std::nullopt);
    const BurnUp chart = burnUp(plan, calendar, line, anyResult(20, 25, 30, 32));
    EXPECT_DOUBLE_EQ(chart.scopeHours, 20.0);
    // Finishes at 4, 6, 15 and 18 h: days 0.5, 0.75, 1.875 and 2.25.
    const std::vector<BurnUpPoint> expected{{0, 0}, {0.5, 4}, {0.75, 6}, {1.875, 17}, {2.25, 20}};
    ASSERT_EQ(chart.plan.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        EXPECT_DOUBLE_EQ(chart.plan[i].day, expected[i].day) << i;
        EXPECT_DOUBLE_EQ(chart.plan[i].doneHours, expected[i].doneHours) << i;
    }
    EXPECT_EQ(
        chart.plan.back(),
        (BurnUpPoint{calendarDaysAt(calendar, kMonday, pert(plan).meanHours), chart.scopeHours}));
    EXPECT_TRUE(chart.actual.empty());
    EXPECT_EQ(chart.statusDay, std::nullopt);
    EXPECT_EQ(chart.p50Finish, (BurnUpPoint{2.5, 20}));
    EXPECT_EQ(chart.p90Finish, (BurnUpPoint{3.75, 20}));

    // No trials, no cone.
    const BurnUp empty = burnUp(plan, calendar, line, MonteCarloResult{});
    EXPECT_EQ(empty.p50Finish, std::nullopt);
    EXPECT_EQ(empty.p90Finish, std::nullopt);

    // Tasks ending together make one step; a week's task spans the weekend.
    const std::vector<Task> together{task(40, 40, 40), task(8, 8, 8, {0}), task(8, 8, 8, {0})};
    const BurnUp steps = burnUp(together, calendar, line, MonteCarloResult{});
    EXPECT_EQ(steps.plan,
              (std::vector<BurnUpPoint>{{0, 0}, {5.0, 40}, {8.0, 56}})); // Monday's end: day 8
}

TEST(Forecast, BurnUpActualLineAndCone)
{
    const WorkCalendar calendar;
    const std::vector<Task> tasks{done(task(8, 8, 8), 12, QDate(2026, 6, 2)),
                                  inProgress(task(10, 10, 10), 0.5), task(4, 4, 4)};
    const Timeline line = timeline(calendar, kMonday, QDate(2026, 6, 4));
    // The remaining work's Monte Carlo: 13.5 h from the status date at P50, 21.5 h at P90.
    const BurnUp chart = burnUp(tasks, calendar, line, anyResult(13.5, 16, 21.5, 24));
    EXPECT_EQ(chart.scopeHours, 22.0);
    EXPECT_EQ(chart.statusDay, 3.0);
    EXPECT_EQ(chart.actual, (std::vector<BurnUpPoint>{{0, 0}, {2.0, 8}, {3.0, 13}}));
    // 37.5 h from the start: Friday, 5.5 of its 8 h; 45.5 h: the next Monday, 5.5 h in.
    EXPECT_EQ(chart.p50Finish, (BurnUpPoint{4 + 5.5 / 8, 22}));
    EXPECT_EQ(chart.p90Finish, (BurnUpPoint{7 + 5.5 / 8, 22}));
    // The plan line ignores progress.
    EXPECT_EQ(chart.plan, (std::vector<BurnUpPoint>{{0, 0}, {1.0, 8}, {2.25, 18}, {2.75, 22}}));
}
