#pragma once

#include "core/measured/fit.h"
#include "core/model/amdahl.h"
#include "core/model/overheads.h"
#include "core/model/pipeline.h"
#include "core/model/uncertainty.h"
#include "core/model/workload.h"
#include "core/plan/evaluation.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

/// What the model's charts draw, computed once in core: the Amdahl curves and the knee, the
/// runtime against workers with and without overheads, the pipeline as is and balanced. A chart
/// takes one of these (setSeries) and draws it; a test can hand it a literal one.
namespace pipeplan {

/// Points a log-spaced curve has: smooth at any chart size.
inline constexpr int kSeriesCurvePoints = 160;

/// Speedup against workers (seed 000's Amdahl, S(N) = 1 / ((1 - p) + p / N)).
struct AmdahlSeries
{
    /// The x axis runs from 1 to here: a million workers, twice the largest row of the scaling
    /// table, ten times the scenario's workers, whichever is largest.
    double maxWorkers = 1e6;
    double parallelFraction = 0;
    std::vector<amdahl::CurvePoint> ideal;  ///< S = N, its two ends
    std::vector<amdahl::CurvePoint> amdahl; ///< S(p, N)
    /// The pinned second p ("compare p"), and its curve.
    std::optional<double> comparisonParallelFraction;
    std::vector<amdahl::CurvePoint> comparison;
    /// The marker: the scenario's workers and their speedup.
    double workers = 1;
    double speedup = 1;
    /// With overheads on: the speedup they leave (effectiveSpeedupCurve) and the knee where a
    /// cap binds.
    bool overheads = false;
    std::vector<amdahl::CurvePoint> effective;
    std::optional<amdahl::CurvePoint> knee;
    /// The pinned baseline's curve and point.
    struct Baseline
    {
        double parallelFraction = 0;
        double workers = 1;
        double speedup = 1;
        std::vector<amdahl::CurvePoint> curve;
        bool operator==(const Baseline &) const = default;
    };
    std::optional<Baseline> baseline;
    /// The ceiling 1 / (1 - p); infinite at p = 1 (no ceiling drawn).
    double maxSpeedup = 0;
    bool operator==(const AmdahlSeries &) const = default;
};

/// The Amdahl chart's series of `scenario` evaluated as `model`, with `baseline` and its result
/// when one is pinned.
AmdahlSeries amdahlSeries(const Scenario &scenario, const ScenarioResult &model,
                          const Scenario *baseline, const ScenarioResult *baselineResult);

/// Runtime against workers, naive (seed 000) and with the overheads (cold start, request
/// overhead, shared caps: runtimeCurve), the scenario's point, and the knee where a cap binds.
struct OverheadSeries
{
    double maxWorkers = 1e6; ///< a million, ten times the workers, ten times the knee
    std::vector<RuntimePoint> curve;
    bool enabled = false; ///< some overhead is set
    double workers = 1;   ///< the marker
    double runtimeSeconds = 0;
    struct Knee
    {
        double workers = 0;
        double runtimeSeconds = 0;
        QString limit; ///< what binds there: "feature store", "coordinator", ...
        bool operator==(const Knee &) const = default;
    };
    std::optional<Knee> knee;
    /// With ranges: the runtime's P10-P90 fan over the same worker range.
    uncertainty::Fan fan;
    bool operator==(const OverheadSeries &) const = default;
};

OverheadSeries overheadSeries(const Scenario &scenario, const ScenarioResult &model);

/// Runtime against cost over worker counts: each point one worker count N, its
/// runtime (with the overheads) and its bill, N x runtime x price; the plan's point, and the
/// fewest workers that meet the deadline when one is set.
struct CostPoint
{
    double workers = 0;
    double runtimeSeconds = 0;
    double cost = 0;
    bool operator==(const CostPoint &) const = default;
};
struct CostSeries
{
    std::vector<CostPoint> curve; ///< log-spaced N from 1, increasing
    CostPoint plan;
    std::optional<CostPoint> fewest; ///< the fewest workers that meet the deadline
    std::optional<double> deadlineSeconds;
    QString currency;
    bool operator==(const CostSeries &) const = default;
};

CostSeries costSeries(const Scenario &scenario, const ScenarioResult &model);

/// The pipeline (seed 001) over the scenario's stages as they are and re-cut into equal ones,
/// with what "Apply balanced split" would change.
struct PipelineSeries
{
    QStringList stageNames;
    CountedNoun counted; ///< what a stage time is per and the rates count (the plan's noun)
    double microbatches = 1;
    /// As is: each stage's effective time per user, the bottleneck, the summary, the schedule.
    std::vector<double> stageMs;
    int bottleneckIndex = -1;
    PipelineSummary summary;
    pipeline::Schedule schedule;
    /// Balanced: the same work in equal stages (pipeline::balance).
    std::vector<double> balancedStageMs;
    PipelineSummary balancedSummary;
    pipeline::Schedule balancedSchedule;
    /// The balanced split as a scenario edit (balancedSplit): whether it changes anything, each
    /// stage's time after, the scale of the scoring stage's model time, the workload and stages
    /// after (withBalancedSplit applies it).
    BalancedSplit split;
    QString scoringStageName;
    Workload workload;
    bool operator==(const PipelineSeries &) const = default;
};

PipelineSeries pipelineSeries(const Scenario &scenario, const ScenarioResult &model);

/// The lever waterfall (seed 000's levers, one bar per step from the baseline runtime), the
/// goal's deadline when "Finish within" is on (0 otherwise), and a pinned baseline's steps.
struct WaterfallSeries
{
    std::vector<LeverStep> steps;
    double deadlineSeconds = 0;
    std::optional<std::vector<LeverStep>> baselineSteps;
    /// Each step's cost in `currency` beside its runtime once a device prices the workers,
    /// as the scaling table's cost column; empty: runtimes only.
    QString costCurrency;
    /// With ranges: each step's runtime P10/P50/P90 over them (the whiskers), in the
    /// steps' order (zeros for a lever not used: it draws none); empty without.
    std::vector<uncertainty::Percentiles> stepSpread;
    bool operator==(const WaterfallSeries &) const = default;
};

/// The waterfall of `model`, with the baseline's steps when `baselineResult` is given.
/// `withCost`: the steps' costs are shown (Hardware & cost is on).
WaterfallSeries waterfallSeries(const ScenarioResult &model, const ScenarioResult *baselineResult,
                                bool withCost = false);

/// Points of the fitted laws' curves: log-spaced over the chart's worker range.
inline constexpr int kFitCurvePoints = 120;

/// The measured runs and the laws fitted to them, as the fit chart draws them: the
/// points, Amdahl's and the USL's curve with the USL's 95 % band (fit::predict) on a log-spaced
/// grid from the smallest run to 1.5 x the largest of the runs, the plan's workers and the USL's
/// peak, and the value axis' top.
struct FitSeries
{
    fit::Measure measure = fit::Measure::Throughput;
    std::vector<double> runWorkers;
    std::vector<double> runValues;
    /// The curves' grid; empty when neither law was fitted. `amdahl` is empty without an
    /// Amdahl fit, `usl`, `uslLow` and `uslHigh` without a USL fit.
    std::vector<double> curveWorkers;
    std::vector<double> amdahl;
    std::vector<double> usl;
    std::vector<double> uslLow;
    std::vector<double> uslHigh;
    double minWorkers = 1; ///< the x axis: minWorkers / 1.5 to maxWorkers
    double maxWorkers = 3;
    double topValue = 0;               ///< the largest finite value of the runs and the two curves
    std::optional<double> peakWorkers; ///< the USL's N*
    double planWorkers = 1;
    bool fitted = false;
    QString problem; ///< why nothing was fitted (fit::Result::problem)
    bool operator==(const FitSeries &) const = default;
};

FitSeries fitSeries(const fit::Runs &runs, const fit::Result &fit, double planWorkers);

} // namespace pipeplan
