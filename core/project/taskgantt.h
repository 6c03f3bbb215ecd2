#pragma once

// The task Gantt's rows: each task on the calendar, computed once for the window's
// chart and the report's.

#include "core/project/calendar.h"
#include "core/project/forecast.h"
#include "core/project/montecarlo.h"
#include "core/project/task.h"

#include <QDate>
#include <QString>

#include <optional>
#include <vector>

namespace pipeplan::estimate {

/// One task's row, in calendar days from the plan's start date (calendarDaysAt's scale: 0 is the
/// beginning of the start date, 1.5 is noon of the next day).
struct GanttRow
{
    QString name;
    double startDay = 0;
    double finishDay = 0;
    /// The P10 to P90 finish of the Monte Carlo (whisker), when it was run with task ranges.
    std::optional<double> p10FinishDay;
    std::optional<double> p90FinishDay;
    bool critical = false;
    TaskState state = TaskState::NotStarted;
    double shareDone = 0;          ///< 1 for a done task
    std::vector<int> predecessors; ///< the rows this one waits for (arrows)
    bool operator==(const GanttRow &) const = default;
};

struct TaskGantt
{
    QDate start;
    std::vector<GanttRow> rows;      ///< in plan order
    std::optional<double> statusDay; ///< today's line
    double finishDay = 0;            ///< the last expected finish
    bool operator==(const TaskGantt &) const = default;
};

/// The rows of `schedule` (expectedSchedule) on the calendar; `ranges` are the Monte Carlo's
/// per-task finishes (MonteCarloResult::taskFinish, hours from the run's start: the plan's start,
/// or the status date for a forecast), empty for none.
TaskGantt taskGantt(const std::vector<Task> &tasks, const std::vector<ScheduledTask> &schedule,
                    const std::vector<TaskFinishRange> &ranges, const WorkCalendar &calendar,
                    const Timeline &timeline);

} // namespace pipeplan::estimate
