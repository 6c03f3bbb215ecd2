#pragma once

// The evaluation of a scenario (core/model/scenario.h holds its inputs): the runtime, the
// scaling, the pipeline, the overheads, the deadline verdict and the training schedules, each
// computed once for the window, the CLI and the report.

#include "core/model/scenario.h"
#include "core/plan/goalseek.h"

#include <QString>

#include <optional>
#include <span>
#include <vector>

namespace pipeplan {

/// One bar of the lever waterfall: the runtime after applying this lever and all before it.
struct LeverStep
{
    QString name;        ///< "Serial baseline", "Pre-filtering", ...
    QString explanation; ///< what changed, short enough for an axis label: "keep 50%"
    double runtimeSeconds = 0;
    bool applied = true; ///< false when the scenario does not use this lever (no change)
    /// What the step's runtime bills: one worker until the workers step, then the
    /// scenario's workers, at the price per worker-hour.
    double cost = 0;
    bool operator==(const LeverStep &) const = default;
};

/// Headline numbers of the pipeline-parallel schedule (seed 001) over the scenario's stages.
struct PipelineSummary
{
    double sequentialMs = 0;
    double totalMs = 0;
    double bubbleFraction = 0;
    double steadyRatePerSecond = 0;
    int bottleneckIndex = -1;
    double utilization = 0;
    double balancedStageMs = 0;
    double balancedRatePerSecond = 0;
    bool operator==(const PipelineSummary &) const = default;
};

PipelineSummary summarizePipeline(std::span<const double> stageMs, double microbatches);

/// "Apply balanced split" as a scenario edit: the same per-user work re-cut into equal stages
/// (seed 001 balance: 10, 10, 20, 10 ms -> four stages of 12.5 ms, 50/s -> 80/s).
struct BalancedSplit
{
    /// The workload and stages with the split applied (only these change: withBalancedSplit).
    Workload workload;
    std::vector<Stage> stages;
    double stageMs = 0; ///< every stage's time after: sum / stages
    /// The scoring stage's time comes from the workload, so re-cutting it scales every
    /// per-prediction time of the model (latency, accelerator latency, batched time) by
    /// stageMs / its time now: the scoring stage keeps that share of the model's layers and the
    /// rest move to the other stages (as in seed 001's layer split). 1 when it is unchanged.
    double scoringScale = 1;
    /// False when there is nothing to re-cut: one stage, or stages already equal.
    bool changes = false;
    bool operator==(const BalancedSplit &) const = default;
};

/// The balanced split of `scenario` (see BalancedSplit). Precondition: validate() is empty.
BalancedSplit balancedSplit(const Scenario &scenario);

/// `scenario` with `split`'s workload and stages: what "Apply balanced split" sets.
Scenario withBalancedSplit(Scenario scenario, const BalancedSplit &split);

/// The plan judged against its deadline (Model > Goal): whether the runtime the headline shows
/// meets it, by how much, and the fewest workers that would by the naive model and with the
/// overheads (the goal seek's closed forms), or why nothing can.
struct DeadlineVerdict
{
    double deadlineSeconds = 0;
    double runtimeSeconds = 0; ///< effectiveRuntimeSeconds
    bool meets = false;        ///< runtime <= deadline
    /// deadline - runtime: the time to spare when it meets it, minus how late it is otherwise.
    double marginSeconds = 0;
    goalseek::Option naive;
    goalseek::Option withOverheads;
    bool operator==(const DeadlineVerdict &) const = default;
};

/// What the plan costs at its workers: every worker is billed until the job ends.
struct CostSummary
{
    QString currency;
    double pricePerWorkerHour = 0;
    /// Where the price comes from: the device whose price per hour is in force ("H100 SXM");
    /// empty: the Goal's price per worker-hour.
    QString priceSource;
    double workerHours = 0; ///< workers x the runtime the headline shows, in hours
    double total = 0;       ///< workerHours x pricePerWorkerHour
    bool operator==(const CostSummary &) const = default;
};

/// Everything the window, the CLI and a report show for a scenario, computed once.
struct ScenarioResult
{
    double usersScored = 0;
    double totalPredictions = 0;
    double scoringMsPerUser = 0;
    std::vector<double> stageMs; ///< effective per-user time of every stage, scoring included
    double perUserMs = 0;        ///< sum (sequential) or max (pipelined) of stageMs
    int bottleneckIndex = -1;
    double workSeconds = 0;   ///< single stream
    double linearSeconds = 0; ///< work / N
    double speedup = 0;       ///< S(p, N)
    double efficiency = 0;
    double maxSpeedup = 0; ///< 1 / (1 - p)
    double runtimeSeconds = 0;
    double throughputUsersPerSecond = 0;
    double throughputPredictionsPerSecond = 0;
    std::vector<ScalingRow> scaling;
    int nearestScalingRow = -1;
    std::vector<LeverStep> waterfall;
    PipelineSummary pipeline;
    OverheadResult overheads;
    MemoryCheck memory;
    /// The runtime the headline shows: with overheads when any is set, else runtimeSeconds.
    /// The one definition of "the runtime" (headline, comparison, waterfall, report, eval).
    double effectiveRuntimeSeconds = 0;
    /// Set when the scenario's goal has a deadline.
    std::optional<DeadlineVerdict> deadline;
    CostSummary cost;
    bool operator==(const ScenarioResult &) const = default;
};

/// The device and model of a scenario evaluated: the roofline at the batch the
/// device's memory allows, and whether it sets the job's latency.
struct HardwareInForce
{
    bool inForce = false; ///< hardware on, and the model fits the device
    hardware::Device device;
    hardware::Roofline roofline; ///< at `batch`
    double requestedBatch = 0;
    double batch = 0;     ///< min(requested, the largest that fits)
    bool enabled = false; ///< hardware on in the plan
    /// What the lever replaces: the latency the person typed.
    double typedLatencyMs = 0;
    /// The device and model as the plan names them, for the words when the device is not in
    /// the catalogue or the model does not fit it.
    QString deviceName;
    QString modelName;
    bool deviceFound = false;
    /// What the device's memory holds: the weights, each item's bytes, the largest batch.
    hardware::MemoryFit memory;
    /// What does not fit when not even one item does (hardware::memoryFit's reason).
    hardware::FitLimit fitLimit = hardware::FitLimit::None;
    bool operator==(const HardwareInForce &) const = default;
};

/// The scenario's hardware evaluated (nothing in force when off or unfit).
HardwareInForce hardwareInForce(const Scenario &typed);

/// The scenario as the model evaluates it: `typed` with the roofline's latency per item as the
/// accelerator lever and, with devicePrice, the device's price per worker-hour, when `hardware`
/// is in force; `typed` as it is otherwise. What the person typed stays in the document.
Scenario scenarioInForce(Scenario typed, const HardwareInForce &hardware);

/// One row of "cheapest device that meets the deadline": the device at the plan's batch (capped
/// by its memory), the fewest of them that meet goal.deadline with the overheads, and the bill.
struct DeviceOption
{
    hardware::Device device;
    double batch = 0;
    double latencyMsPerItem = 0;
    hardware::Bound bound = hardware::Bound::Memory;
    bool possible = false;
    double workers = 0;
    double runtimeSeconds = 0;
    double workerHours = 0;
    double cost = 0;
    QString reason; ///< why it cannot: the model does not fit, or the deadline is out of reach
    bool operator==(const DeviceOption &) const = default;
};

/// Every device of the plan (the catalogue and its own), cheapest first; those that cannot
/// follow in catalogue order. With a deadline each at the fewest workers that meet it (with the
/// overheads); without one, each at the plan's workers.
std::vector<DeviceOption> deviceOptions(const Scenario &typed);

/// The speedup the overheads leave, naive single-stream work / T(N) with overheads (cold start,
/// request overhead, shared caps: seed 000's "real costs"), at `workers`; the Amdahl speedup
/// when no overhead is on. The Amdahl chart's second curve, flattening where a cap binds.
double effectiveSpeedup(const ScenarioResult &result, double workers);
/// effectiveSpeedup sampled like amdahl::curve (log-spaced, both ends included).
std::vector<amdahl::CurvePoint> effectiveSpeedupCurve(const ScenarioResult &result,
                                                      double minWorkers, double maxWorkers,
                                                      int points);

/// The naive model (seed 000) as an OverheadModel: the scenario's work and p, nothing else.
OverheadModel naiveModel(const Scenario &scenario, const ScenarioResult &result);

/// The scaling table's rows (scalingTable: linear, Amdahl) at `workerCounts`, each with the
/// runtime the overheads give at its count when any is set (OverheadModel::runtimeSeconds),
/// its worker-hours and its cost (cost::ofJob at `pricePerWorkerHour`). evaluate() makes the
/// table with it, and an explanation a row at any count.
std::vector<ScalingRow> scalingRows(double workSeconds, double parallelFraction,
                                    const std::vector<double> &workerCounts,
                                    const OverheadResult &overheads, double pricePerWorkerHour);

/// Cold start, request overhead and shared caps applied to the scenario (see OverheadModel).
OverheadResult evaluateOverheads(const Scenario &scenario, const ScenarioResult &result);

/// The scenario's numbers for the job's model (job.h): the workload's, the execution, and with
/// `withOverheads` the request overhead and the caps (the naive model without them).
job::Numbers jobNumbers(const Scenario &scenario, bool withOverheads);

/// job::work over the scenario's stages: the one computation of its single-stream work and caps.
job::Work jobWork(const Scenario &scenario, bool withOverheads);

/// The runtime model with the overheads (seed 000's "real costs": W' with the request overhead on
/// the scoring stage, p, cold start, the shared and dispatch caps) of `scenario`; the ms per user
/// with the request overhead into `msPerUser`.
OverheadModel overheadModel(const Scenario &scenario, double *msPerUser = nullptr);

/// evaluate(scenario).effectiveRuntimeSeconds (the headline's runtime: Amdahl's, or with the
/// overheads when any is set) by the same functions, without the rest of evaluate(): what a
/// search over one input asks hundreds of times (whatittakes).
double effectiveRuntimeSeconds(const Scenario &scenario);

/// The scenario as a simulated job: S = ceil(users scored / users per shard) shards of
/// D = p x users per shard x per-user ms (request overhead included) / 1000 seconds, the serial
/// residue (1 - p) W' once, the scenario's workers and cold start, and the caps as a dispatch
/// rate (shared cap / users per shard, coordinator cap, the smaller).
simulation::Params simulationParams(const Scenario &scenario, const ScenarioResult &result);

/// The goal seek's closed forms for `deadlineSeconds`: the scenario's naive and overhead models
/// (result's) and the price in force. The one place the verdict, What it would take's workers
/// and the goal seek take them from.
goalseek::Inputs goalModelInputs(const Scenario &scenario, const ScenarioResult &result,
                                 double deadlineSeconds);

/// The goal seek for the scenario: goalModelInputs at its deadline and its simulated job
/// (workers left at 1: the seek varies them) with the goal's trials. Unset without a deadline:
/// the goal seek plans for none it was not given.
std::optional<goalseek::Inputs> goalInputs(const Scenario &scenario, const ScenarioResult &result);

/// The scenario against its goal's deadline: meets = effectiveRuntimeSeconds <= deadline, the
/// margin, and goalseek::naiveOption / overheadOption for the fewest workers (seed 000's Amdahl
/// inverted: N with S(p, N) >= W' / (deadline - C)). Unset without a deadline.
std::optional<DeadlineVerdict> deadlineVerdict(const Scenario &scenario,
                                               const ScenarioResult &result);

/// One device's activations over time, as the memory chart draws it: memoryOverTime's steps,
/// then the last value held again at the makespan so the line reaches the chart's end.
struct MemoryLine
{
    int device = 0; ///< 0-based
    std::vector<schedule::MemoryStep> steps;
    bool operator==(const MemoryLine &) const = default;
};

/// The devices a memory chart draws lines for: every device up to kMemoryLines, else that many
/// spread evenly from the first to the last.
inline constexpr int kMemoryLines = 8;

/// The memory lines of a computed schedule (schedule::memoryOverTime of each drawn device).
std::vector<MemoryLine> memoryLines(const schedule::Result &result);

/// One schedule of the training workspace: computed, or why it cannot be (interleaved with m not
/// a multiple of p), or still to be searched.
struct TrainingSchedule
{
    schedule::Kind kind = schedule::Kind::OneFOneB;
    std::optional<schedule::Result> result;
    /// memoryLines(*result), computed with it.
    std::vector<MemoryLine> memory;
    QString error;
    /// A large search left to the background (schedule::searchesInBackground): no result yet;
    /// completeTraining() computes it.
    bool searching = false;
    bool operator==(const TrainingSchedule &) const = default;
};

/// Training the plan's model on its device: a stage's F, B, W and memory, and
/// the run of the token budget at the first runnable schedule's step time.
struct TrainingFromModel
{
    QString model;
    QString device;
    hardware::TrainingStage stage;
    std::optional<hardware::TrainingRun> run;
    schedule::Kind runSchedule = schedule::Kind::OneFOneB; ///< whose step time `run` uses
    bool operator==(const TrainingFromModel &) const = default;
};

/// Nothing for a model without a transformer shape or a device nobody has.
std::optional<TrainingFromModel> trainingFromModel(const Scenario &scenario,
                                                   const std::vector<TrainingSchedule> &schedules);

/// `training` with the stage's F, B, W (one value for every device), its activation bytes per
/// microbatch and the memory left for them: what "Use for F, B, W and memory" sets.
TrainingSettings withTrainingFromModel(TrainingSettings training, const TrainingFromModel &model);

/// The first schedule that could run (its result set), or null: the one whose memory is charted.
const TrainingSchedule *firstRunnable(const std::vector<TrainingSchedule> &schedules);

/// Where computeTraining runs the large searches: here and now (the CLI, the report), or left
/// for the background (the window: TrainingSchedule::searching).
enum class TrainingSearch : std::uint8_t
{
    Inline,
    Background
};

/// The chosen schedule first, then each compared one not already listed.
std::vector<schedule::Kind> trainingKinds(const TrainingSettings &training);

/// Every schedule of trainingKinds(), computed; with TrainingSearch::Background the searches
/// above schedule::kInlineSearchCells are left `searching`. Precondition: validate() of the
/// scenario is empty.
std::vector<TrainingSchedule> computeTraining(const TrainingSettings &training,
                                              TrainingSearch search = TrainingSearch::Inline);

/// Whether any schedule is still to be searched.
bool trainingSearching(const std::vector<TrainingSchedule> &schedules);
/// Candidate orders the searching schedules time in all (the background run's progress total).
int trainingSearchCandidates(const std::vector<TrainingSchedule> &schedules,
                             const TrainingSettings &training);
/// Computes every searching schedule of `schedules` (computeTraining's for `training`), telling
/// `progress` the candidates timed over all of them; false when `progress` stopped it (the
/// schedules are then as they were).
bool completeTraining(std::vector<TrainingSchedule> &schedules, const TrainingSettings &training,
                      const schedule::SearchProgress &progress = {});

/// Effective per-user time of every stage, the scoring stage from the workload.
std::vector<double> effectiveStageMs(const Scenario &scenario);

/// Per-user cost: sum of the stages when sequential, the slowest when pipelined (seed 000).
double perUserMs(std::span<const double> stageMs, Execution execution);

/// Runs the whole model. The scenario must be valid (see validate).
ScenarioResult evaluate(const Scenario &scenario);

/// A pinned baseline against the current scenario, for "what if we prune half the users?".
struct Comparison
{
    /// current / baseline of the runtimes the headline shows (effectiveRuntimeSeconds: with
    /// overheads when they are on).
    double runtimeRatio = 1;
    double runtimeDeltaSeconds = 0; ///< current - baseline, effective runtimes
    double workDeltaSeconds = 0;
    double throughputRatio = 1;
    /// The baseline's scaling rows at the current scenario's worker counts, so the two tables
    /// line up row by row (with the baseline's own overheads in effectiveHours).
    std::vector<ScalingRow> baselineScaling;
    bool operator==(const Comparison &) const = default;
};

Comparison compare(const Scenario &current, const ScenarioResult &currentResult,
                   const Scenario &baseline, const ScenarioResult &baselineResult);

/// Lever waterfall (seed 000 "The three levers"): the serial baseline (every user, baseline
/// latency, unbatched, one worker), then pre-filtering, accelerator latency, batching and finally
/// the workers, each step's runtime after it and all before it.
std::vector<LeverStep> leverWaterfall(const Scenario &scenario);

/// The job at each step of the lever waterfall: the levers up to that step applied, no
/// overheads, one worker until the workers step (what each bar's runtime is the runtime of; the
/// ranges' whiskers on the bars sample these).
std::vector<Scenario> leverScenarios(const Scenario &scenario);

} // namespace pipeplan
