#pragma once

// Internal to core/project: the dependency graph's order, and the task checks that validate()
// and the CSV reader share, each naming a task its own way.

#include "core/base/fields.h"
#include "core/project/task.h"

#include <QString>

#include <functional>
#include <vector>

namespace pipeplan::estimate::detail {

/// How validation names a task's field and a task: "tasks[2].pessimistic" and "task 2" for the
/// API, "row 3, pessimistic" and "row 3" for a CSV file.
struct Naming
{
    std::function<QString(int, const char *)> field;
    std::function<QString(int)> task;
    QString whole;
};

/// Kahn's algorithm: every task after its predecessors. Tasks in or after a cycle are left out.
std::vector<int> topologicalOrder(const std::vector<std::vector<int>> &preds);

/// Every problem of `tasks` (as validate(tasks) lists them), named by `names`.
std::vector<FieldError> validateTasks(const std::vector<Task> &tasks, const Naming &names);

} // namespace pipeplan::estimate::detail
