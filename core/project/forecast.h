#pragma once

// The plan on the calendar and the forecast that learns from what is done (seed 003
// "set checkpoints ... re-estimate with actual metrics, adjust remaining schedule"): the team's
// pace, the remaining work as a plan of its own, each task's expected dates, the finish dates of
// a Monte Carlo's percentiles, and the burn-up.

#include "core/project/accuracy.h"
#include "core/project/calendar.h"
#include "core/project/montecarlo.h"
#include "core/project/pert.h"
#include "core/project/task.h"

#include <QDate>

#include <optional>
#include <vector>

namespace pipeplan::estimate {

/// Any task in progress or done: the plan is then forecast from its status date.
bool hasProgress(const std::vector<Task> &tasks);

/// The team's measured pace over the done tasks: their actual hours over their PERT means.
struct Pace
{
    int doneTasks = 0;
    double actualHours = 0;
    double estimateHours = 0; ///< summed PERT means of the done tasks
    /// actual / estimate; 1 when nothing is done yet (or the estimates sum to 0).
    double ratio() const;
    bool operator==(const Pace &) const = default;
};
Pace pace(const std::vector<Task> &tasks);

/// The done tasks as entries of the estimated-vs-actual log: each one's PERT mean and actual
/// time in its own unit, named after the task (the log feeds from the done tasks).
std::vector<ActualEntry> doneEntries(const std::vector<Task> &tasks);

/// The remaining work as a plan of its own, in the same order with the same dependencies (and
/// the same sequential rule: a plan without dependencies stays sequential): a done task takes
/// 0 hours (a = m = b = 0), an in-progress task (1 - shareDone) of its a, m and b, a task not
/// started all of them; every task not done is then scaled by `ratio` (pass 1 for none). The
/// progress of every returned task is cleared (NotStarted).
std::vector<Task> remainingWork(const std::vector<Task> &tasks, double ratio);

/// Where the schedule's hours are counted from: the plan's start, and for a forecast the status
/// date ("today"), both as working hours from the beginning of the start date.
struct Timeline
{
    QDate start;                 ///< the plan's start date (valid)
    std::optional<QDate> status; ///< the status date when the plan has progress
    double statusHours = 0;      ///< workingHoursBetween(start, status), 0 without one
    bool operator==(const Timeline &) const = default;
};
Timeline timeline(const WorkCalendar &calendar, QDate start, std::optional<QDate> status);

/// One task on the expected schedule, in working hours from the plan's start.
struct ScheduledTask
{
    double startHours = 0;
    double finishHours = 0;
    bool critical = false; ///< on the critical path (of the remaining work, for a forecast)
    TaskState state = TaskState::NotStarted;
    bool operator==(const ScheduledTask &) const = default;
};

/// Each task at its expected start and finish under the dependencies (a forward pass by PERT
/// means, which ends at PERT's mean on its critical path). Without a status date: from hour 0,
/// every task at its full PERT mean (progress and `ratio` unused); critical: pert()'s path.
/// With one: a done task ends at the end of its finishedOn day (or the day before the status
/// date when not recorded) and starts its actual hours earlier (not before its predecessors'
/// finishes); every other task runs its remaining work (remainingWork with `ratio`) starting no
/// earlier than the status date and its predecessors' finishes; an in-progress task is drawn
/// from where its done share began (shareDone of its PERT mean times `ratio` before the status
/// date); critical: pert(remainingWork)'s path less its done tasks. Tasks must be valid.
std::vector<ScheduledTask> expectedSchedule(const std::vector<Task> &tasks,
                                            const WorkCalendar &calendar, const Timeline &timeline,
                                            double ratio);

/// Hours of work from the plan's start at which `hours` of a Monte Carlo end: statusHours +
/// hours (the remaining work runs from the status date), or plain `hours` without a status date.
double finishHoursFromStart(const Timeline &timeline, double hours);

/// The date on which `hoursFromStart` working hours after the plan's start end (finishDate).
QDate dateAtHours(const WorkCalendar &calendar, const Timeline &timeline, double hoursFromStart);

/// The last done task's finish in working hours from the start (end of its finishedOn day, or
/// the day before the status date when not recorded); nothing when no task is done.
std::optional<double> lastDoneFinishHours(const std::vector<Task> &tasks,
                                          const WorkCalendar &calendar, const Timeline &timeline);

/// A Monte Carlo's percentiles as finish dates.
struct FinishDates
{
    QDate p50;
    QDate p80;
    QDate p90;
    QDate p95;
    bool operator==(const FinishDates &) const = default;
};

/// The dates of a Monte Carlo run over the plan (no status date: its hours are from the start)
/// or over remainingWork (its hours are from the status date). When every task is done the
/// dates are all the last done task's finish date (the latest finishedOn, a weekend one too, or
/// the day before the status date for one not recorded).
FinishDates finishDates(const MonteCarloResult &result, const std::vector<Task> &tasks,
                        const WorkCalendar &calendar, const Timeline &timeline);

/// A point of the burn-up: calendar days from the start date (calendarDaysAt's scale, fractional)
/// and estimated hours of work done by then (each task counts its PERT mean, the scope).
struct BurnUpPoint
{
    double day = 0;
    double doneHours = 0;
    bool operator==(const BurnUpPoint &) const = default;
};

/// The burn-up chart's lines. Plan: the scope earned as each task finishes on the plan's expected
/// schedule (no progress, from hour 0), starting at (0, 0). Actual: done tasks earned at their
/// finish days, in-progress tasks' done share at the status date; starts at (0, 0), ends at the
/// status date; empty without a status date. The forecast cone runs from the last actual point
/// to the full scope at the P50 and at the P90 finish (of the remaining work's Monte Carlo).
struct BurnUp
{
    double scopeHours = 0; ///< sum of every task's PERT mean
    std::vector<BurnUpPoint> plan;
    std::vector<BurnUpPoint> actual;
    std::optional<double> statusDay; ///< start.daysTo(status), when there is a status date
    std::optional<BurnUpPoint> p50Finish;
    std::optional<BurnUpPoint> p90Finish;
    bool operator==(const BurnUp &) const = default;
};
/// `forecast` is the Monte Carlo over remainingWork (hours from the status date) or over the plan
/// itself without a status date (then the cone starts at (0, 0)); nothing for the cone when it
/// has no trials. With every task done the cone's ends are the last done finish. Points of one
/// line on the same day merge into one.
BurnUp burnUp(const std::vector<Task> &tasks, const WorkCalendar &calendar,
              const Timeline &timeline, const MonteCarloResult &forecast);

} // namespace pipeplan::estimate
