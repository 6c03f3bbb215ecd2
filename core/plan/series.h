#pragma once

#include "core/model/amdahl.h"
#include "core/model/overheads.h"
#include "core/model/pipeline.h"
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
    bool operator==(const OverheadSeries &) const = default;
};

OverheadSeries overheadSeries(const Scenario &scenario, const ScenarioResult &model);

/// The pipeline (seed 001) over the scenario's stages as they are and re-cut into equal ones,
/// with what "Apply balanced split" would change.
struct PipelineSeries
{
    QStringList stageNames;
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
    /// stage's time after, the scale of the scoring stage's model time, the workload after.
    bool splitChanges = false;
    double splitStageMs = 0;
    double splitScoringScale = 1;
    QString scoringStageName;
    Workload workload;
    Workload splitWorkload;
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
    bool operator==(const WaterfallSeries &) const = default;
};

/// The waterfall of `model`, with the baseline's steps when `baselineResult` is given.
WaterfallSeries waterfallSeries(const ScenarioResult &model, const ScenarioResult *baselineResult);

} // namespace pipeplan
