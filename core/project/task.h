#pragma once

// A project plan's tasks: units and categories, the three-point estimate of one task and its
// PERT and triangular statistics, the dependency graph between tasks, and their validation.

#include "core/base/fields.h"
#include "core/project/specs.h"

#include <QDate>
#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace pipeplan::estimate {

// ---------------------------------------------------------------------------------------------
// Units. Seed 003 counts phases in weeks and "10 business days / 2 weeks" for a spike, so a week
// is 5 working days; a working day is 8 hours.

inline constexpr double kHoursPerWorkingDay = 8.0;
inline constexpr double kWorkingDaysPerWeek = 5.0;
inline constexpr double kHoursPerWorkingWeek = kHoursPerWorkingDay * kWorkingDaysPerWeek; // 40

enum class TimeUnit
{
    Hours,
    Days, ///< working days of kHoursPerWorkingDay
    Weeks ///< working weeks of kWorkingDaysPerWeek days
};

inline constexpr std::array<TimeUnit, 3> kAllUnits{TimeUnit::Hours, TimeUnit::Days,
                                                   TimeUnit::Weeks};

/// Hours in one `unit`: 1, 8 or 40.
double hoursPer(TimeUnit unit);

/// "hours", "days", "weeks" (the CSV's unit column).
QString unitKey(TimeUnit unit);

/// The seed's work categories; each has its own uncertainty buffer.
enum class Category
{
    Labeling,
    Training,
    Optimization,
    Research,
    Other
};

inline constexpr std::array<Category, 5> kAllCategories{Category::Labeling, Category::Training,
                                                        Category::Optimization, Category::Research,
                                                        Category::Other};

/// "labeling", "training", "optimization", "research", "other" (the CSV's category column).
QString categoryKey(Category category);

// ---------------------------------------------------------------------------------------------
// Limits: one per collection, applied alike by the CSV reader, the scenario file and validate().

/// Tasks in one plan. Each keeps a 1,025-point quantile table (8 KB) during a Monte Carlo run:
/// 10,000 tasks is 80 MB, and 1,000 trials of them take well under a second.
inline constexpr int kMaxTasks = 10'000;

/// "has 10,001 tasks; at most 10,000" when `count` is over kMaxTasks, else nothing.
std::optional<QString> tooManyTasks(qsizetype count);

// ---------------------------------------------------------------------------------------------
// Three-point estimates.

/// Where a task stands (the forecast that learns from what is done).
enum class TaskState
{
    NotStarted,
    InProgress,
    Done
};

/// "todo", "in_progress", "done" (the CSV's status column and the file).
QString stateKey(TaskState state);
/// The key, or also "not_started", "started", "in progress", "finished"; nothing when unknown.
std::optional<TaskState> parseTaskState(const QString &text);

/// What is known of a task's progress. Done: `actual` is the time it took, in the task's unit,
/// and `finishedOn` the day it finished (optional: an invalid date means "not recorded", and the
/// forecast then takes its finish as the day before the status date). In progress: `shareDone`
/// of it is done (0 to 1, exclusive of 1).
struct TaskProgress
{
    TaskState state = TaskState::NotStarted;
    double actual = 0;
    QDate finishedOn;
    double shareDone = 0;
    bool operator==(const TaskProgress &) const = default;
};

/// One task: optimistic a, most likely m and pessimistic b in `unit`. A task starts when all its
/// predecessors have finished. When no task of a plan lists a dependency the plan is sequential:
/// each task depends on the one before it.
struct Task
{
    QString name;
    Category category = Category::Other;
    double optimistic = 0;
    double mostLikely = 0;
    double pessimistic = 0;
    TimeUnit unit = TimeUnit::Hours;
    std::vector<int> dependsOn; ///< indices of predecessor tasks in the plan (0-based)
    TaskProgress progress;
    bool operator==(const Task &) const = default;
};

/// PERT mean (a + 4m + b) / 6 (Malcolm et al. 1959, the program evaluation and review
/// technique; seed 003 "simple PERT aggregation"). (4, 6, 12) -> 6.67; (5, 8, 14) -> 8.5.
double pertMean(double optimistic, double mostLikely, double pessimistic);

/// PERT standard deviation (b - a) / 6: the range spans six sigma. (4, 6, 12) -> 1.33.
double pertSigma(double optimistic, double pessimistic);

/// Mean of the triangular distribution on [a, b] with mode m: (a + m + b) / 3.
double triangularMean(double optimistic, double mostLikely, double pessimistic);

/// Shape of the PERT-beta (Vose, "Risk Analysis", 2008): Beta(alpha, beta) scaled to [a, b] with
/// alpha = 1 + 4 (m - a) / (b - a), beta = 1 + 4 (b - m) / (b - a), so alpha + beta = 6 and its
/// mean is the PERT mean. Both are 3 for a zero-width range (a == b), which is a constant.
double pertAlpha(double optimistic, double mostLikely, double pessimistic);
double pertBeta(double optimistic, double mostLikely, double pessimistic);

/// One task's numbers, converted to hours.
struct TaskStats
{
    double optimisticHours = 0;
    double mostLikelyHours = 0;
    double pessimisticHours = 0;
    double pertMeanHours = 0;
    double pertSigmaHours = 0;
    double triangularMeanHours = 0;
    bool operator==(const TaskStats &) const = default;
};
TaskStats taskStats(const Task &task);

/// Whether the tasks run one after another: no task lists a dependency (predecessors' rule).
bool runsInSequence(const std::vector<Task> &tasks);

/// Every task's predecessors: its dependsOn, or the previous task when the plan runs in
/// sequence (runsInSequence).
std::vector<std::vector<int>> predecessors(const std::vector<Task> &tasks);

/// Empty plan, more than kMaxTasks tasks, times negative, NaN or too large, pessimistic below
/// optimistic, most likely outside [a, b], a dependency out of range, on itself or in a cycle.
/// Tasks are named by number from 1, as depends_on counts them ("task 3").
std::vector<FieldError> validate(const std::vector<Task> &tasks);

} // namespace pipeplan::estimate
