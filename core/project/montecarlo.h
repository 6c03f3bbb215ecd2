#pragma once

// Monte Carlo over a whole plan: every task drawn from its PERT-beta or triangular distribution,
// the plan's duration through the dependency graph, its mean, percentiles and histogram.

#include "core/base/fields.h"
#include "core/base/stats.h"
#include "core/project/task.h"
#include "core/tail/simulate.h"

#include <cstdint>
#include <vector>

namespace pipeplan::estimate {

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
    /// Fill MonteCarloResult::criticality: each task's share of trials on the longest path.
    bool criticality = true;
    /// Fill MonteCarloResult::tornado: two further runs per task (see TornadoBar).
    bool tornado = false;
    /// Fill MonteCarloResult::taskFinish: each task's P10, P50 and P90 finish (from a subsample
    /// of the trials, see MonteCarloResult::taskFinishTrials).
    bool taskRanges = false;
    /// Spearman rank correlation between the draws of tasks of one category, 0 (independent) to
    /// kMaxCategoryCorrelation, imposed by Iman-Conover (1982) on each block of trials: one cause
    /// that slows a labeling task slows the others too. Different categories stay independent.
    double categoryCorrelation = 0;
    bool operator==(const MonteCarloOptions &) const = default;
};

inline constexpr double kMaxCategoryCorrelation = 0.95;

/// One bar of the tornado: the plan's P90 with `task` fixed at its optimistic time (p90LowHours)
/// and at its pessimistic time (p90HighHours), every other task drawn as usual with the same
/// random numbers (common random numbers: the swing is the task's effect, not noise).
struct TornadoBar
{
    int task = 0;
    double p90LowHours = 0;
    double p90HighHours = 0;
    double swingHours() const { return p90HighHours - p90LowHours; }
    bool operator==(const TornadoBar &) const = default;
};

/// A task's finish time in the trials: hours from the run's start.
struct TaskFinishRange
{
    double p10Hours = 0;
    double p50Hours = 0;
    double p90Hours = 0;
    bool operator==(const TaskFinishRange &) const = default;
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
    /// Per task (plan order), the share of trials in which it lies on the longest path, 0 to 1:
    /// the path traced back from the task that finishes last through, at each task, the
    /// predecessor that finishes last (ties: the lowest index). Empty unless asked for.
    std::vector<double> criticality;
    /// Largest swing first (ties: task order). Empty unless asked for, or when the plan is too
    /// large for it (tornadoTrials is then 0 and tornadoNote says why).
    std::vector<TornadoBar> tornado;
    int tornadoTrials = 0; ///< trials of each of the tornado's runs
    QString tornadoNote;
    /// Per task (plan order), empty unless asked for.
    std::vector<TaskFinishRange> taskFinish;
    int taskFinishTrials = 0; ///< the first trials whose task finishes taskFinish counts
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

/// The trials monteCarlo counts into Control::trialsDone when it runs to the end: the trials,
/// plus 2 n x MonteCarloResult::tornadoTrials when a tornado is asked for (two runs per task of
/// an n-task plan; nothing for a plan too large for it). A progress bar's total.
std::int64_t plannedTrials(const std::vector<Task> &tasks, const MonteCarloOptions &options);

std::vector<FieldError> validate(const MonteCarloOptions &options);

/// Quantiles Q(k / 1,024), k = 0..1,024, of Beta(alpha, beta) on [0, 1] for alpha, beta >= 1
/// (the PERT-beta tables the tasks sample from; the job's three-point ranges use them too).
std::vector<double> unitBetaQuantiles(double alpha, double beta);

} // namespace pipeplan::estimate
