// The forecast that learns from what is done: pace, remaining work, expected dates, burn-up.

#include "core/project/forecast.h"

#include "core/project/taskgraph.h"

#include <algorithm>
#include <numeric>

namespace pipeplan::estimate {

namespace {

bool isDone(const Task &task)
{
    return task.progress.state == TaskState::Done;
}

bool allDone(const std::vector<Task> &tasks)
{
    return !tasks.empty() && std::all_of(tasks.begin(), tasks.end(), isDone);
}

/// A done task's finish date: its finishedOn, or when not recorded the day before the status
/// date (invalid without one).
QDate doneFinishDate(const Task &task, const Timeline &timeline)
{
    if (task.progress.finishedOn.isValid())
        return task.progress.finishedOn;
    return timeline.status ? timeline.status->addDays(-1) : QDate();
}

/// A done task's finish in working hours from the start: the end of its finish date, which is
/// the working hours before the next day (statusHours for the day before the status date).
double doneFinishHours(const Task &task, const WorkCalendar &calendar, const Timeline &timeline)
{
    if (task.progress.finishedOn.isValid())
        return workingHoursBetween(calendar, timeline.start, task.progress.finishedOn.addDays(1));
    return timeline.statusHours;
}

/// The latest of the predecessors' finishes, 0 for none.
double readyAt(const std::vector<int> &preds, const std::vector<ScheduledTask> &schedule)
{
    double ready = 0;
    for (int p : preds)
        ready = std::max(ready, schedule[static_cast<size_t>(p)].finishHours);
    return ready;
}

std::vector<Task> withoutProgress(std::vector<Task> tasks)
{
    for (Task &task : tasks)
        task.progress = {};
    return tasks;
}

} // namespace

bool hasProgress(const std::vector<Task> &tasks)
{
    return std::any_of(tasks.begin(), tasks.end(), [](const Task &task) {
        return task.progress.state != TaskState::NotStarted;
    });
}

double Pace::ratio() const
{
    return doneTasks > 0 && estimateHours > 0 ? actualHours / estimateHours : 1.0;
}

/// Sum of actual hours over the sum of PERT means (a ratio of sums, so a long task weighs more
/// than a short one, as in earned-value's cost performance index).
Pace pace(const std::vector<Task> &tasks)
{
    Pace result;
    for (const Task &task : tasks) {
        if (!isDone(task))
            continue;
        ++result.doneTasks;
        result.actualHours += task.progress.actual * hoursPer(task.unit);
        result.estimateHours += taskStats(task).pertMeanHours;
    }
    return result;
}

std::vector<Task> remainingWork(const std::vector<Task> &tasks, double ratio)
{
    std::vector<Task> remaining = tasks;
    for (Task &task : remaining) {
        double share = 0; // of a, m and b still to do
        switch (task.progress.state) {
        case TaskState::Done:
            share = 0;
            break;
        case TaskState::InProgress:
            share = (1.0 - task.progress.shareDone) * ratio;
            break;
        case TaskState::NotStarted:
            share = ratio;
            break;
        }
        task.optimistic *= share;
        task.mostLikely *= share;
        task.pessimistic *= share;
        task.progress = {};
    }
    return remaining;
}

Timeline timeline(const WorkCalendar &calendar, QDate start, std::optional<QDate> status)
{
    Timeline result;
    result.start = start;
    result.status = status;
    result.statusHours = status ? workingHoursBetween(calendar, start, *status) : 0.0;
    return result;
}

/// The critical path method's forward pass (Kelley and Walker 1959) by PERT means; the critical
/// flags are pert()'s path (of remainingWork with a status date, its done tasks left unflagged:
/// they are behind the status date).
std::vector<ScheduledTask> expectedSchedule(const std::vector<Task> &tasks,
                                            const WorkCalendar &calendar, const Timeline &timeline,
                                            double ratio)
{
    const std::vector<std::vector<int>> preds = predecessors(tasks);
    std::vector<ScheduledTask> schedule(tasks.size());
    const bool forecast = timeline.status.has_value();
    const std::vector<Task> remaining = forecast ? remainingWork(tasks, ratio) : tasks;
    for (int index : detail::topologicalOrder(preds)) {
        const auto i = static_cast<size_t>(index);
        const Task &task = tasks[i];
        ScheduledTask &slot = schedule[i];
        slot.state = task.progress.state;
        const double ready = readyAt(preds[i], schedule);
        if (!forecast) {
            slot.startHours = ready;
            slot.finishHours = ready + taskStats(task).pertMeanHours;
            continue;
        }
        if (isDone(task)) {
            const double actualHours = task.progress.actual * hoursPer(task.unit);
            slot.finishHours = doneFinishHours(task, calendar, timeline);
            slot.startHours =
                std::min(slot.finishHours, std::max(slot.finishHours - actualHours, ready));
            continue;
        }
        const double begin = std::max(timeline.statusHours, ready);
        slot.finishHours = begin + taskStats(remaining[i]).pertMeanHours;
        slot.startHours = begin;
        if (task.progress.state == TaskState::InProgress) {
            // The done share at the team's pace, before the status date.
            const double doneHours =
                task.progress.shareDone * taskStats(task).pertMeanHours * ratio;
            slot.startHours = std::max(0.0, std::min(begin, timeline.statusHours) - doneHours);
        }
    }
    for (int index : pert(remaining).criticalPath) {
        const auto i = static_cast<size_t>(index);
        schedule[i].critical = !(forecast && isDone(tasks[i]));
    }
    return schedule;
}

double finishHoursFromStart(const Timeline &timeline, double hours)
{
    return timeline.status ? timeline.statusHours + hours : hours;
}

QDate dateAtHours(const WorkCalendar &calendar, const Timeline &timeline, double hoursFromStart)
{
    return finishDate(calendar, timeline.start, hoursFromStart);
}

std::optional<double> lastDoneFinishHours(const std::vector<Task> &tasks,
                                          const WorkCalendar &calendar, const Timeline &timeline)
{
    std::optional<double> last;
    for (const Task &task : tasks) {
        if (isDone(task))
            last = std::max(last.value_or(0.0), doneFinishHours(task, calendar, timeline));
    }
    return last;
}

FinishDates finishDates(const MonteCarloResult &result, const std::vector<Task> &tasks,
                        const WorkCalendar &calendar, const Timeline &timeline)
{
    if (allDone(tasks)) {
        // The recorded date itself, even a weekend one that the hours would put on the Friday.
        QDate last;
        for (const Task &task : tasks) {
            const QDate day = doneFinishDate(task, timeline);
            if (day.isValid() && (!last.isValid() || day > last))
                last = day;
        }
        if (!last.isValid())
            last = dateAtHours(calendar, timeline,
                               lastDoneFinishHours(tasks, calendar, timeline).value_or(0.0));
        return {last, last, last, last};
    }
    const auto date = [&](double hours) {
        return dateAtHours(calendar, timeline, finishHoursFromStart(timeline, hours));
    };
    return {date(result.p50Hours), date(result.p80Hours), date(result.p90Hours),
            date(result.p95Hours)};
}

BurnUp burnUp(const std::vector<Task> &tasks, const WorkCalendar &calendar,
              const Timeline &timeline, const MonteCarloResult &forecast)
{
    BurnUp result;
    std::vector<double> means(tasks.size());
    for (size_t i = 0; i < tasks.size(); ++i) {
        means[i] = taskStats(tasks[i]).pertMeanHours;
        result.scopeHours += means[i];
    }
    const auto dayAt = [&](double hours) {
        return calendarDaysAt(calendar, timeline.start, hours);
    };
    // Tasks finishing at one day make one step, so a day appears once on a line.
    const auto earn = [](std::vector<BurnUpPoint> &line, double day, double doneHours) {
        if (!line.empty() && line.back().day == day)
            line.back().doneHours = doneHours;
        else
            line.push_back({day, doneHours});
    };
    const auto byFinish = [](const std::vector<double> &finish, std::vector<size_t> order) {
        std::stable_sort(order.begin(), order.end(),
                         [&finish](size_t x, size_t y) { return finish[x] < finish[y]; });
        return order;
    };

    // Plan: the schedule without progress, each task's mean earned at its finish.
    const std::vector<ScheduledTask> plan =
        expectedSchedule(withoutProgress(tasks), calendar, Timeline{timeline.start, {}, 0}, 1.0);
    std::vector<double> planFinish(tasks.size());
    std::vector<size_t> all(tasks.size());
    std::iota(all.begin(), all.end(), size_t{0});
    for (size_t i = 0; i < tasks.size(); ++i)
        planFinish[i] = plan[i].finishHours;
    result.plan.push_back({0, 0});
    double earned = 0;
    for (size_t i : byFinish(planFinish, all)) {
        earned += means[i];
        earn(result.plan, dayAt(planFinish[i]), earned);
    }
    if (!tasks.empty())
        result.plan.back().doneHours = result.scopeHours; // no rounding left between the two sums

    // Actual: done tasks at the end of their finish days, then the in-progress shares at the
    // status date.
    if (timeline.status) {
        const double statusDay = static_cast<double>(timeline.start.daysTo(*timeline.status));
        result.statusDay = statusDay;
        std::vector<double> doneFinish(tasks.size());
        std::vector<size_t> done;
        double total = 0; // in plan order, so with every task done it is scopeHours exactly
        for (size_t i = 0; i < tasks.size(); ++i) {
            const Task &task = tasks[i];
            if (isDone(task)) {
                doneFinish[i] = doneFinishHours(task, calendar, timeline);
                done.push_back(i);
                total += means[i];
            } else if (task.progress.state == TaskState::InProgress) {
                total += task.progress.shareDone * means[i];
            }
        }
        result.actual.push_back({0, 0});
        earned = 0;
        for (size_t i : byFinish(doneFinish, done)) {
            earned += means[i];
            earn(result.actual, dayAt(doneFinish[i]), earned);
        }
        // A finish recorded after the status date would step back; the line never does.
        earn(result.actual, std::max(statusDay, result.actual.back().day), total);
    }

    // The cone's ends: the forecast's P50 and P90 finishes, or the last done finish when no work
    // is left.
    if (forecast.trials > 0) {
        const std::optional<double> doneEnd = lastDoneFinishHours(tasks, calendar, timeline);
        const bool finished = allDone(tasks) && doneEnd.has_value();
        const auto end = [&](double hours) {
            const double fromStart = finished ? *doneEnd : finishHoursFromStart(timeline, hours);
            return BurnUpPoint{dayAt(fromStart), result.scopeHours};
        };
        result.p50Finish = end(forecast.p50Hours);
        result.p90Finish = end(forecast.p90Hours);
    }
    return result;
}

std::vector<ActualEntry> doneEntries(const std::vector<Task> &tasks)
{
    std::vector<ActualEntry> entries;
    for (const Task &task : tasks) {
        if (task.progress.state != TaskState::Done)
            continue;
        entries.push_back(
            {task.name, taskStats(task).pertMeanHours / hoursPer(task.unit), task.progress.actual});
    }
    return entries;
}

} // namespace pipeplan::estimate
