#pragma once

// Three-point tasks for the estimate, forecast and risk tests.

#include "core/project/task.h"

#include <utility>
#include <vector>

namespace pipeplan::testsupport {

/// A task named "t" with optimistic `a`, most likely `m` and pessimistic `b`, after `dependsOn`.
inline estimate::Task task(double a, double m, double b, std::vector<int> dependsOn = {},
                           estimate::Category category = estimate::Category::Other)
{
    estimate::Task t;
    t.name = QStringLiteral("t");
    t.category = category;
    t.optimistic = a;
    t.mostLikely = m;
    t.pessimistic = b;
    t.dependsOn = std::move(dependsOn);
    return t;
}

/// The same in `unit` (hours, days, weeks).
inline estimate::Task task(double a, double m, double b, std::vector<int> dependsOn,
                           estimate::TimeUnit unit)
{
    estimate::Task t = task(a, m, b, std::move(dependsOn));
    t.unit = unit;
    return t;
}

} // namespace pipeplan::testsupport

namespace pipeplan::testsupport {

/// `count` tasks named t1, t2... of (1, 2, 3) hours, each after the `fanIn` (at least one) tasks
/// before it: the task limit's worst case for the graph, PERT and the dates.
inline std::vector<estimate::Task> chain(int count, int fanIn = 0)
{
    std::vector<estimate::Task> tasks;
    tasks.reserve(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) {
        estimate::Task task;
        task.name = QStringLiteral("t%1").arg(i + 1);
        task.optimistic = 1;
        task.mostLikely = 2;
        task.pessimistic = 3;
        for (int back = 1; back <= (fanIn > 1 ? fanIn : 1) && i - back >= 0; ++back)
            task.dependsOn.push_back(i - back);
        tasks.push_back(std::move(task));
    }
    return tasks;
}

} // namespace pipeplan::testsupport
