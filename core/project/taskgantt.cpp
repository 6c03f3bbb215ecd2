// The task Gantt's rows: the expected schedule and the Monte Carlo's finish ranges as days.

#include "core/project/taskgantt.h"

#include <algorithm>

namespace pipeplan::estimate {

TaskGantt taskGantt(const std::vector<Task> &tasks, const std::vector<ScheduledTask> &schedule,
                    const std::vector<TaskFinishRange> &ranges, const WorkCalendar &calendar,
                    const Timeline &timeline)
{
    TaskGantt gantt;
    gantt.start = timeline.start;
    if (timeline.status)
        gantt.statusDay = static_cast<double>(timeline.start.daysTo(*timeline.status));
    const std::vector<std::vector<int>> preds = predecessors(tasks);
    auto day = [&](double hours) { return calendarDaysAt(calendar, timeline.start, hours); };
    for (size_t i = 0; i < tasks.size() && i < schedule.size(); ++i) {
        const Task &task = tasks[i];
        const ScheduledTask &at = schedule[i];
        GanttRow row;
        row.name = task.name;
        row.startDay = day(at.startHours);
        row.finishDay = day(at.finishHours);
        if (i < ranges.size() && task.progress.state != TaskState::Done) {
            row.p10FinishDay = day(finishHoursFromStart(timeline, ranges[i].p10Hours));
            row.p90FinishDay = day(finishHoursFromStart(timeline, ranges[i].p90Hours));
        }
        row.critical = at.critical;
        row.state = task.progress.state;
        row.shareDone = task.progress.state == TaskState::Done         ? 1.0
                        : task.progress.state == TaskState::InProgress ? task.progress.shareDone
                                                                       : 0.0;
        row.predecessors = preds[i];
        gantt.finishDay = std::max(gantt.finishDay, row.finishDay);
        gantt.rows.push_back(std::move(row));
    }
    return gantt;
}

} // namespace pipeplan::estimate
