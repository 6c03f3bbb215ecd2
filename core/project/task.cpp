// A plan's tasks: units and categories, the three-point statistics of one task, the dependency
// graph (its order, its cycles) and the checks of a plan's tasks.

#include "core/project/task.h"
#include "core/project/taskgraph.h"

#include "core/base/format.h"
#include "core/base/translate.h"

#include <algorithm>
#include <utility>

namespace pipeplan::estimate {

PIPEPLAN_TR_CONTEXT("pipeplan::estimate")

namespace detail {

PIPEPLAN_TR_CONTEXT("pipeplan::estimate::detail")

/// Kahn's algorithm: every task after its predecessors. Tasks in or after a cycle are left out.
std::vector<int> topologicalOrder(const std::vector<std::vector<int>> &preds)
{
    const auto n = static_cast<int>(preds.size());
    std::vector<int> waiting(preds.size(), 0);
    std::vector<std::vector<int>> successors(preds.size());
    for (int i = 0; i < n; ++i) {
        for (int p : preds[static_cast<size_t>(i)]) {
            if (p >= 0 && p < n) {
                ++waiting[static_cast<size_t>(i)];
                successors[static_cast<size_t>(p)].push_back(i);
            }
        }
    }
    std::vector<int> order;
    order.reserve(preds.size());
    for (int i = 0; i < n; ++i) {
        if (waiting[static_cast<size_t>(i)] == 0)
            order.push_back(i);
    }
    for (size_t next = 0; next < order.size(); ++next) {
        for (int s : successors[static_cast<size_t>(order[next])]) {
            if (--waiting[static_cast<size_t>(s)] == 0)
                order.push_back(s);
        }
    }
    return order;
}

namespace {

QString num(double value)
{
    return format::plainNumber(value);
}

/// One cycle of the dependency graph as task indices (first == last), or empty. Every task
/// Kahn's algorithm leaves out waits for another one left out, so walking from one of them
/// through such predecessors must come back to a task already on the walk.
std::vector<int> findCycle(const std::vector<std::vector<int>> &preds)
{
    const std::vector<int> order = topologicalOrder(preds);
    if (order.size() == preds.size())
        return {};
    std::vector<bool> left(preds.size(), true);
    for (int task : order)
        left[static_cast<size_t>(task)] = false;
    std::vector<int> walk;
    std::vector<int> position(preds.size(), -1);
    int task = static_cast<int>(std::find(left.begin(), left.end(), true) - left.begin());
    while (position[static_cast<size_t>(task)] < 0) {
        position[static_cast<size_t>(task)] = static_cast<int>(walk.size());
        walk.push_back(task);
        const std::vector<int> &list = preds[static_cast<size_t>(task)];
        task = *std::find_if(list.begin(), list.end(), [&left](int p) {
            return p >= 0 && static_cast<size_t>(p) < left.size() && left[static_cast<size_t>(p)];
        });
    }
    std::vector<int> cycle(walk.begin() + position[static_cast<size_t>(task)], walk.end());
    cycle.push_back(task);
    return cycle;
}

/// Tasks of a cycle named in its message; a longer cycle ends with "and N more".
constexpr size_t kCycleTasksNamed = 4;

/// "makes a cycle: task 1 waits for task 3, which waits for task 2, which waits for task 1", or
/// for a long cycle its first kCycleTasksNamed steps, "... and 9,996 more tasks".
QString cycleMessage(const std::vector<int> &cycle, const Naming &names)
{
    QString message = tr("makes a cycle: ") + names.task(cycle[0]);
    const size_t steps = cycle.size() - 1; // cycle.back() == cycle.front()
    const size_t named = steps > kCycleTasksNamed + 1 ? kCycleTasksNamed : steps;
    for (size_t k = 1; k <= named; ++k) {
        message += (k == 1 ? tr(" waits for ") : tr(", which waits for ")) + names.task(cycle[k]);
    }
    if (named < steps) {
        message += tr(", and %1 more tasks back to %2")
                       .arg(format::grouped(static_cast<double>(steps - named - 1), 0),
                            names.task(cycle[0]));
    }
    return message;
}

} // namespace

std::vector<FieldError> validateTasks(const std::vector<Task> &tasks, const Naming &names)
{
    std::vector<FieldError> errors;
    if (tasks.empty()) {
        errors.push_back({names.whole, tr("is empty: add at least one task")});
        return errors;
    }
    if (auto tooMany = tooManyTasks(static_cast<qsizetype>(tasks.size()))) {
        errors.push_back({names.whole, *tooMany});
        return errors;
    }
    const auto n = static_cast<int>(tasks.size());
    bool graphOk = true;
    for (int i = 0; i < n; ++i) {
        const Task &task = tasks[static_cast<size_t>(i)];
        bool timesOk = true;
        const std::pair<const char *, double> times[] = {{"optimistic", task.optimistic},
                                                         {"most_likely", task.mostLikely},
                                                         {"pessimistic", task.pessimistic}};
        for (const auto &time : times) {
            // The field's name is formatted only for an error: valid tasks cost no strings.
            if (auto error = checkField(specs::taskTime, time.second,
                                        [&] { return names.field(i, time.first); })) {
                errors.push_back(*error);
                timesOk = false;
            }
        }
        if (timesOk) {
            if (task.pessimistic < task.optimistic) {
                errors.push_back({names.field(i, "pessimistic"),
                                  tr("is %1, below the optimistic %2")
                                      .arg(num(task.pessimistic), num(task.optimistic))});
            } else if (task.mostLikely < task.optimistic) {
                errors.push_back({names.field(i, "most_likely"),
                                  tr("is %1, below the optimistic %2")
                                      .arg(num(task.mostLikely), num(task.optimistic))});
            } else if (task.mostLikely > task.pessimistic) {
                errors.push_back({names.field(i, "most_likely"),
                                  tr("is %1, above the pessimistic %2")
                                      .arg(num(task.mostLikely), num(task.pessimistic))});
            }
        }
        const TaskProgress &progress = task.progress;
        if (progress.state == TaskState::Done) {
            if (auto error = checkField(specs::taskTime, progress.actual,
                                        [&] { return names.field(i, "actual"); }))
                errors.push_back(*error);
            else if (!(progress.actual > 0))
                errors.push_back(
                    {names.field(i, "actual"), tr("is 0: a done task needs the time it took")});
            if (!progress.finishedOn.isNull() && !progress.finishedOn.isValid())
                errors.push_back({names.field(i, "finished_on"), tr("is not a date")});
        } else if (progress.state == TaskState::InProgress) {
            if (!(progress.shareDone >= 0 && progress.shareDone < 1))
                errors.push_back({names.field(i, "share_done"),
                                  tr("must be at least 0 and below 1 (100 % is done), got %1")
                                      .arg(num(progress.shareDone))});
        }
        for (int d : task.dependsOn) {
            if (d == i) {
                errors.push_back(
                    {names.field(i, "depends_on"), tr("lists %1 itself: a task cannot wait for its "
                                                      "own end")
                                                       .arg(names.task(i))});
                graphOk = false;
            } else if (d < 0 || d >= n) {
                errors.push_back({names.field(i, "depends_on"),
                                  tr("names %1, which is not in the plan (%2 to %3)")
                                      .arg(names.task(d), names.task(0), names.task(n - 1))});
                graphOk = false;
            }
        }
    }
    if (graphOk) {
        const std::vector<int> cycle = findCycle(predecessors(tasks));
        if (!cycle.empty())
            errors.push_back({names.field(cycle[0], "depends_on"), cycleMessage(cycle, names)});
    }
    return errors;
}

} // namespace detail

namespace {

detail::Naming apiNaming()
{
    return {[](int task, const char *key) {
                return QStringLiteral("tasks[%1].%2").arg(task).arg(QLatin1String(key));
            },
            [](int task) { return tr("task %1").arg(task + 1); }, QStringLiteral("tasks")};
}

} // namespace

std::optional<QString> tooManyTasks(qsizetype count)
{
    if (count <= kMaxTasks)
        return std::nullopt;
    return tr("has %1 tasks; at most %2")
        .arg(format::grouped(static_cast<double>(count), 0),
             format::grouped(static_cast<double>(kMaxTasks), 0));
}

double hoursPer(TimeUnit unit)
{
    switch (unit) {
    case TimeUnit::Hours:
        return 1.0;
    case TimeUnit::Days:
        return kHoursPerWorkingDay;
    case TimeUnit::Weeks:
        return kHoursPerWorkingWeek;
    }
    return 1.0;
}

QString unitKey(TimeUnit unit)
{
    switch (unit) {
    case TimeUnit::Hours:
        return QStringLiteral("hours");
    case TimeUnit::Days:
        return QStringLiteral("days");
    case TimeUnit::Weeks:
        return QStringLiteral("weeks");
    }
    return QStringLiteral("hours");
}

QString stateKey(TaskState state)
{
    switch (state) {
    case TaskState::NotStarted:
        return QStringLiteral("todo");
    case TaskState::InProgress:
        return QStringLiteral("in_progress");
    case TaskState::Done:
        return QStringLiteral("done");
    }
    return {};
}

std::optional<TaskState> parseTaskState(const QString &text)
{
    const QString key = text.trimmed().toLower();
    if (key.isEmpty() || key == QLatin1String("todo") || key == QLatin1String("not_started") ||
        key == QLatin1String("not started"))
        return TaskState::NotStarted;
    if (key == QLatin1String("in_progress") || key == QLatin1String("in progress") ||
        key == QLatin1String("started"))
        return TaskState::InProgress;
    if (key == QLatin1String("done") || key == QLatin1String("finished"))
        return TaskState::Done;
    return std::nullopt;
}

QString categoryKey(Category category)
{
    switch (category) {
    case Category::Labeling:
        return QStringLiteral("labeling");
    case Category::Training:
        return QStringLiteral("training");
    case Category::Optimization:
        return QStringLiteral("optimization");
    case Category::Research:
        return QStringLiteral("research");
    case Category::Other:
        return QStringLiteral("other");
    }
    return QStringLiteral("other");
}

double pertMean(double optimistic, double mostLikely, double pessimistic)
{
    return (optimistic + 4.0 * mostLikely + pessimistic) / 6.0;
}

double pertSigma(double optimistic, double pessimistic)
{
    return (pessimistic - optimistic) / 6.0;
}

double triangularMean(double optimistic, double mostLikely, double pessimistic)
{
    return (optimistic + mostLikely + pessimistic) / 3.0;
}

double pertAlpha(double optimistic, double mostLikely, double pessimistic)
{
    const double width = pessimistic - optimistic;
    return width > 0 ? 1.0 + 4.0 * (mostLikely - optimistic) / width : 3.0;
}

double pertBeta(double optimistic, double mostLikely, double pessimistic)
{
    const double width = pessimistic - optimistic;
    return width > 0 ? 1.0 + 4.0 * (pessimistic - mostLikely) / width : 3.0;
}

TaskStats taskStats(const Task &task)
{
    const double hours = hoursPer(task.unit);
    TaskStats s;
    s.optimisticHours = task.optimistic * hours;
    s.mostLikelyHours = task.mostLikely * hours;
    s.pessimisticHours = task.pessimistic * hours;
    s.pertMeanHours = pertMean(s.optimisticHours, s.mostLikelyHours, s.pessimisticHours);
    s.pertSigmaHours = pertSigma(s.optimisticHours, s.pessimisticHours);
    s.triangularMeanHours =
        triangularMean(s.optimisticHours, s.mostLikelyHours, s.pessimisticHours);
    return s;
}

bool runsInSequence(const std::vector<Task> &tasks)
{
    return std::none_of(tasks.begin(), tasks.end(),
                        [](const Task &task) { return !task.dependsOn.empty(); });
}

std::vector<std::vector<int>> predecessors(const std::vector<Task> &tasks)
{
    std::vector<std::vector<int>> preds(tasks.size());
    const bool sequential = runsInSequence(tasks);
    for (size_t i = 0; i < tasks.size(); ++i) {
        if (sequential) {
            if (i > 0)
                preds[i].push_back(static_cast<int>(i) - 1);
        } else {
            preds[i] = tasks[i].dependsOn;
        }
    }
    return preds;
}

std::vector<FieldError> validate(const std::vector<Task> &tasks)
{
    return validateTasks(tasks, apiNaming());
}

} // namespace pipeplan::estimate
