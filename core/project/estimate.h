#pragma once

#include "core/base/fields.h"
#include "core/base/stats.h"
#include "core/tail/simulate.h"

#include <QString>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

/// Project estimates (seed 003 "Estimation and Scheduling Questions"): three-point task
/// estimates aggregated by PERT along the critical path and by Monte Carlo over the whole plan,
/// per-category uncertainty buffers with a project contingency, the labeling-effort model, a
/// training job's ETA from a canary run, and estimated-vs-actual accuracy (MdAPE).
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

/// Every task's predecessors: its dependsOn, or the previous task when the plan is sequential
/// (no task lists a dependency).
std::vector<std::vector<int>> predecessors(const std::vector<Task> &tasks);

/// PERT over the plan: the critical path is the longest path by PERT means through the
/// dependency graph (for a sequential plan, every task, and the mean is the sum); the plan's
/// sigma is the square root of the summed variances along that path (the PERT assumption of
/// independent tasks whose sum is about normal). Equal-length paths: the one with the larger
/// variance.
struct PertResult
{
    double meanHours = 0;
    double sigmaHours = 0;
    std::vector<int> criticalPath; ///< task indices from first to last
    bool operator==(const PertResult &) const = default;
};

/// The tasks must be valid (validate()).
PertResult pert(const std::vector<Task> &tasks);

// ---------------------------------------------------------------------------------------------
// Monte Carlo over the whole plan.

enum class Distribution
{
    PertBeta,  ///< Beta(pertAlpha, pertBeta) scaled to [a, b]
    Triangular ///< triangular on [a, b] with mode m
};

struct MonteCarloOptions
{
    int trials = 100'000; ///< 1 to 1,000,000
    std::uint64_t seed = 1;
    Distribution distribution = Distribution::PertBeta;
    int threads = 0; ///< 0: one per hardware thread
    int histogramBins = 40;
    bool keepTrialHours = false; ///< fill MonteCarloResult::trialHours (8 MB per million trials)
    bool operator==(const MonteCarloOptions &) const = default;
};

/// Lets a window show progress (trialsDone) and stop a run; the simulation's control.
using Control = simulation::Control;

/// Points of the cumulative curve: 0 %, 1 %, ..., 100 %.
inline constexpr int kCumulativePoints = 101;

struct MonteCarloResult
{
    int trials = 0;
    double meanHours = 0;
    double p50Hours = 0;
    double p80Hours = 0;
    double p90Hours = 0;
    double p95Hours = 0;
    double minHours = 0;
    double maxHours = 0;
    stats::Histogram histogram;
    /// cumulativeHours[k]: the plan finishes within this many hours with probability k / 100
    /// (type-7 quantiles; [0] is the minimum and [100] the maximum).
    std::vector<double> cumulativeHours;
    std::vector<double> trialHours; ///< each trial's duration in trial order, if asked for
    bool cancelled = false;
    bool operator==(const MonteCarloResult &) const = default;
};

/// Each trial draws every task once and the plan's duration is the latest finish through the
/// dependency graph. Tasks 2k and 2k + 1 of trial t take the two 32-bit halves of the k-th
/// number of random stream (seed, t), so results do not depend on the thread count. PERT-beta
/// draws come from a per-task inverse-CDF table: 1,025 quantiles of the regularized incomplete
/// beta (Simpson integration of the density on 4,096 cells, then inverted), linear
/// interpolation between them and the density's power law in the two end intervals (mean within
/// 4e-6 of the range, standard deviation within 0.02 %). Triangular draws use the closed-form
/// inverse CDF. Percentiles are exact type-7 quantiles (stats::quantileSorted's rule), found by
/// counting into fine bins instead of sorting. The tasks and options must be valid. A cancelled
/// run returns the summary of the trials finished so far, marked cancelled.
MonteCarloResult monteCarlo(const std::vector<Task> &tasks, const MonteCarloOptions &options,
                            Control *control = nullptr);

// ---------------------------------------------------------------------------------------------
// Buffers (seed 003 "Accounting for variance & buffers").

/// Fractions added to every task of a category (0.35 = +35 %), and a project contingency on the
/// total (seed 003). Defaults: the midpoints of the seed's ranges (labeling +20-50 % -> 35 %,
/// training +10-40 % -> 25 %), its single optimization figure (+30 %), nothing on other work.
/// Research tasks get the separate research buffer the seed reserves "for unknown research
/// spikes": 50 %, the top of the seed's task buffers, and what its one research-like range gives
/// (a 4-8 h proof of concept: the midpoint is 50 % above the optimistic end). The contingency
/// is 15 %, the low end of the seed's 15-30 %.
struct Buffers
{
    double labeling = 0.35;
    double training = 0.25;
    double optimization = 0.30;
    double research = 0.50;
    double other = 0.0;
    double contingency = 0.15;
    double forCategory(Category category) const;
    bool operator==(const Buffers &) const = default;
};

/// Each task's a, m and b scaled by (1 + its category's buffer); dependencies unchanged.
std::vector<Task> withBuffers(const std::vector<Task> &tasks, const Buffers &buffers);

/// A PERT result with the plan total scaled by `factor` (mean and sigma; the path is unchanged).
PertResult scaled(const PertResult &result, double factor);

/// A Monte Carlo result with every trial's duration multiplied by `factor` (mean, percentiles,
/// curve, histogram bins and any kept trials).
MonteCarloResult scaled(const MonteCarloResult &result, double factor);

/// The plan with and without buffers. Buffered: category buffers on each task (withBuffers),
/// then the total x (1 + contingency). The buffered Monte Carlo runs the buffered tasks with the
/// same seed: a PERT-beta or triangular draw on (k a, k m, k b) is k times the draw on (a, m, b)
/// from the same random number, so trial for trial each task takes (1 + buffer) times as long
/// as unbuffered (up to rounding), and the plan's duration is then scaled by (1 + contingency).
/// Progress counts both runs (2 x trials).
struct PlanEstimate
{
    PertResult pert;
    MonteCarloResult monteCarlo;
    PertResult pertBuffered;
    MonteCarloResult monteCarloBuffered;
    bool operator==(const PlanEstimate &) const = default;
};
PlanEstimate estimatePlan(const std::vector<Task> &tasks, const Buffers &buffers,
                          const MonteCarloOptions &options, Control *control = nullptr);
/// estimatePlan's two Monte Carlo runs alone (monteCarlo and monteCarloBuffered; the PERT fields
/// stay empty): for a caller that already holds the PERT (the plan's project section).
PlanEstimate simulatePlan(const std::vector<Task> &tasks, const Buffers &buffers,
                          const MonteCarloOptions &options, Control *control = nullptr);

// ---------------------------------------------------------------------------------------------
// Labeling effort (seed 003 "Start by clarifying scope", steps 2-4).

/// Items of one difficulty stratum: a share of all items, or a count (all strata of an estimate
/// use shares, or all use counts).
struct Stratum
{
    QString name;
    std::optional<double> share;                ///< fraction of the items, 0 to 1
    std::optional<double> count;                ///< items in this stratum
    double minutesPerItem = 0;                  ///< labeling time t_s
    std::optional<double> reviewMinutesPerItem; ///< QC review time; unset: minutesPerItem
    bool operator==(const Stratum &) const = default;
};

/// Ramp-up model: the team of `annotators`, each working `hoursPerWeek`, produces at
/// `firstWeekProductivity` r of steady state during its first week. The first week's
/// min(annotators x hoursPerWeek, base / r) worked hours deliver only r of their worth, so
/// ramp-up = min(annotators x hoursPerWeek, base / r) x (1 - r): 0 when r = 1, and
/// base x (1 / r - 1) when the whole job fits in the first week.
struct LabelingInputs
{
    double items = 0; ///< total items when the strata give shares; 0 (unset) with counts
    std::vector<Stratum> strata;
    double qcSampleRate = 0.10;     ///< q: share of items reviewed (seed: 5-10 % spot checks)
    double adjudicationShare = 0.0; ///< p_relabel: share of items adjudicated
    std::optional<double> adjudicationMinutesPerItem; ///< unset: the stratum's labeling time
    double annotators = 1;
    double hoursPerWeek = kHoursPerWorkingWeek; ///< per annotator
    double firstWeekProductivity = 1.0;         ///< r in (0, 1]; the seed: often 0.5-0.8
    double contingency = 0.20;                  ///< C; the seed's worked example (range 15-30 %)
    double hourlyRate = 0;                      ///< blended rate per hour
    double toolingCost = 0;                     ///< tooling and cloud, added once
    bool operator==(const LabelingInputs &) const = default;
    /// The same inputs with the strata's shares scaled to sum to 1 (unchanged when they use
    /// counts or the shares sum to 0).
    LabelingInputs normalized() const;
};

/// Seed 003: base = sum_s N_s t_s / 60; QC = q sum_s N_s r_s / 60 (r_s the review time, by
/// default t_s); adjudication = p sum_s N_s t_adj / 60; ramp-up as in LabelingInputs;
/// total = (base + QC + adjudication + ramp-up) x (1 + C);
/// cost = total x hourly rate + tooling ("(annotator + reviewer hours) x blended rate + tooling";
/// project-management hours are not modelled). The seed's 100,000 items, 70 % at 1.5 min and
/// 30 % at 6 min: base 4,750 h, QC at 10 % 475 h, total with 20 % contingency 6,270 h.
struct LabelingEstimate
{
    double items = 0;
    double baseHours = 0;         ///< annotators labeling at steady state
    double qcHours = 0;           ///< reviewers spot-checking
    double adjudicationHours = 0; ///< reviewers adjudicating / relabeling
    double rampUpHours = 0;       ///< annotators' first-week shortfall
    double annotatorHours = 0;    ///< base + ramp-up
    double reviewerHours = 0;     ///< QC + adjudication
    double contingencyHours = 0;  ///< (annotator + reviewer) x C
    double totalHours = 0;
    double cost = 0;
    bool operator==(const LabelingEstimate &) const = default;
};

/// The inputs must be valid.
LabelingEstimate estimateLabeling(const LabelingInputs &inputs);

/// A pilot's throughput as a labeling time: 60 / itemsPerHour (100 items/h -> 0.6 min).
double minutesPerItemFromRate(double itemsPerHour);

// ---------------------------------------------------------------------------------------------
// Training job ETA from a canary (seed 003 "Pre-Run Estimation Template").

struct JobEtaInputs
{
    double samplesPerSecond = 0; ///< measured by a 1-2 step canary run
    double datasetSamples = 0;
    double epochs = 1;
    double safetyFactor = 1.5;    ///< the seed's x 1.5
    double checkpointMinutes = 0; ///< 0: no checkpoints
    bool operator==(const JobEtaInputs &) const = default;
};

/// ETA = samples x epochs / rate. The wall time to request is ETA x safety rounded up to a whole
/// minute (schedulers such as Slurm take minutes; a value within a relative 1e-12 of a whole
/// minute counts as that minute). Checkpoints = floor(ETA / interval): one at
/// every full interval up to and including the ETA; the final save at the end of training is
/// not counted unless it falls on an interval.
struct JobEta
{
    double etaSeconds = 0;
    double paddedSeconds = 0;   ///< ETA x safety, not rounded
    double wallTimeMinutes = 0; ///< ceil(paddedSeconds / 60)
    double checkpoints = 0;
    bool operator==(const JobEta &) const = default;
};
JobEta jobEta(const JobEtaInputs &inputs);

// ---------------------------------------------------------------------------------------------
// Estimated vs actual (seed 003 "median absolute percentage error").

struct ActualEntry
{
    QString name;
    double estimate = 0;
    double actual = 0; ///< same unit as estimate; must be above 0
    bool operator==(const ActualEntry &) const = default;
};

struct Accuracy
{
    std::vector<double> absolutePercentageErrors; ///< |actual - estimate| / actual, 0.25 = 25 %
    double medianApe = 0; ///< MdAPE: the type-7 median of the above, as a fraction
    bool operator==(const Accuracy &) const = default;
};
/// The entries must be valid.
Accuracy accuracy(const std::vector<ActualEntry> &entries);

// ---------------------------------------------------------------------------------------------
// Validation: every error names the row and field ("tasks[2].pessimistic": "is 3, below the
// optimistic 4"). Tasks are 0-based as in the scenario file's JSON paths.

namespace specs {
extern const FieldSpec taskTime; ///< a, m, b in the task's unit
extern const FieldSpec trials;   ///< 1 to 1,000,000
extern const FieldSpec histogramBins;
extern const FieldSpec buffer; ///< a category buffer or the contingency, 0 to 5 (+500 %)
extern const FieldSpec items;
extern const FieldSpec share;
extern const FieldSpec count;
extern const FieldSpec minutesPerItem;
extern const FieldSpec rate; ///< a share of items: QC sampling, adjudication
extern const FieldSpec annotators;
extern const FieldSpec hoursPerWeek;
extern const FieldSpec productivity;
extern const FieldSpec money;
extern const FieldSpec samplesPerSecond;
extern const FieldSpec datasetSamples;
extern const FieldSpec epochs;
extern const FieldSpec safetyFactor;
extern const FieldSpec checkpointMinutes;
extern const FieldSpec estimate;
extern const FieldSpec actual;
} // namespace specs

/// Empty plan, more than kMaxTasks tasks, times negative, NaN or too large, pessimistic below
/// optimistic, most likely outside [a, b], a dependency out of range, on itself or in a cycle.
/// Tasks are named by number from 1, as depends_on counts them ("task 3").
std::vector<FieldError> validate(const std::vector<Task> &tasks);
std::vector<FieldError> validate(const MonteCarloOptions &options);
std::vector<FieldError> validate(const Buffers &buffers);
/// Also: shares not summing to 1 within 1e-9, strata mixing shares and counts.
std::vector<FieldError> validate(const LabelingInputs &inputs);
std::vector<FieldError> validate(const JobEtaInputs &inputs);
std::vector<FieldError> validate(const std::vector<ActualEntry> &entries);

// ---------------------------------------------------------------------------------------------
// CSV import for the CLI.

/// Tasks from CSV text (RFC 4180, core/csv.h). The header is name,optimistic,most_likely,
/// pessimistic, optionally followed by any of category (labeling, training, optimization,
/// research, other; empty: other), unit (hours, days, weeks or h, d, w; empty: hours) and
/// depends_on (data row numbers of predecessors, 1-based, separated by ';' or spaces; when no row
/// has one, the tasks run in sequence). Blank lines are skipped. Errors name the data row
/// (1-based, the header not counted) and the column: "row 3, pessimistic": "is 3, below the
/// optimistic 4". Tasks are returned only when there is no error.
struct CsvTasks
{
    std::vector<Task> tasks;
    std::vector<FieldError> errors;
};
CsvTasks readTasksCsv(const QString &text);

} // namespace pipeplan::estimate
