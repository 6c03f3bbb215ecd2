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
