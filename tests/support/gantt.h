#pragma once

// The task Gantt at the task limit, for the risk chart's test and its benchmark.

#include "core/project/taskgantt.h"

#include <QDate>

namespace pipeplan::testsupport {

/// `rows` half-day tasks in a chain from Monday 5 January 2026, every other one critical, each
/// with a P10-P90 finish band of -0.1 / +0.2 days.
inline estimate::TaskGantt chainGantt(int rows)
{
    estimate::TaskGantt gantt;
    gantt.start = QDate(2026, 1, 5);
    for (int i = 0; i < rows; ++i) {
        estimate::GanttRow row;
        row.name = QStringLiteral("Task %1").arg(i + 1);
        row.startDay = i * 0.5;
        row.finishDay = i * 0.5 + 0.5;
        row.p10FinishDay = row.finishDay - 0.1;
        row.p90FinishDay = row.finishDay + 0.2;
        row.critical = i % 2 == 0;
        if (i > 0)
            row.predecessors = {i - 1};
        gantt.rows.push_back(row);
    }
    gantt.finishDay = rows * 0.5;
    return gantt;
}

} // namespace pipeplan::testsupport
