#pragma once

#include "core/measured/fit.h"
#include "core/model/amdahl.h"
#include "core/model/overheads.h"
#include "core/model/pipeline.h"
#include "core/model/reportsections.h"
#include "core/model/workload.h"
#include "core/plan/goalseek.h"
#include "core/project/estimate.h"
#include "core/tail/simulate.h"
#include "core/training/schedule.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace pipeplan {

/// Stages in one scenario and worker counts in its scaling table: one limit per collection,
/// applied alike by the scenario file and validate() (tasks: estimate::kMaxTasks).
inline constexpr int kMaxStages = 1000;
inline constexpr int kMaxWorkerCounts = 10'000;

/// "has 1,001 stages; at most 1,000" when `count` is over `limit`, else nothing.
std::optional<QString> tooMany(qsizetype count, int limit, const char *what);

/// A step of the pipeline (fetch, transform, score, write...). The scoring stage takes its time
/// from the workload (predictions x latency, or the batched time); the others carry their own.
struct Stage
{
    QString name;
    double msPerUser = 0; ///< ignored for the scoring stage
    bool isScoring = false;
    bool operator==(const Stage &) const = default;
};

enum class Execution
{
    Sequential, ///< one user at a time through every stage: cost is the sum (seed 000)
    Pipelined   ///< stages overlap through queues: cost is the slowest stage (seed 000)
};

/// The simulation's own knobs (what the closed form cannot express); shards, shard time,
/// workers, cold start and caps come from the scenario (see simulationParams).
struct SimulationSettings
{
    double stragglerProbability = 0.01;
    double stragglerFactor = 3;
    double failureProbability = 0;
    std::optional<double> checkpointSeconds; ///< unset: a failed attempt restarts its shard
    double checkpointCostSeconds = 0;
    bool speculativeBackups = false;
    double trials = 500;
    double seed = 1;
    bool operator==(const SimulationSettings &) const = default;
};

/// Goal seek: the fewest workers that finish by the deadline, and what each option costs.
struct GoalSettings
{
    double deadlineSeconds = 24 * 3600.0;
    /// The Model tab's "Finish within": the headline, the waterfall and the scaling table judge
    /// the plan against deadlineSeconds (off by default; the goal seek always uses it).
    bool finishWithin = false;
    double pricePerWorkerHour = 0.5;
    double trials = 200; ///< simulation trials per worker count tried
    bool operator==(const GoalSettings &) const = default;
};

/// The training pipeline the "Training schedules" workspace draws: one schedule, optionally
/// compared with others on the same time axis.
struct TrainingSettings
{
    schedule::Kind schedule = schedule::Kind::OneFOneB;
    double devices = 4;
    double microbatches = 8;
    double virtualStages = 2; ///< used by the interleaved schedule only
    std::vector<double> forwardMs{10.0};
    std::vector<double> backwardMs{10.0};
    std::vector<double> weightMs{10.0};
    double commMs = 0;
    /// Further schedules stacked under the first, in this order (compare mode when not empty).
    std::vector<schedule::Kind> compare;
    /// The interleaved warm-up: current Megatron-LM, or 2021's all forwards first at m = p.
    schedule::InterleavedRule interleavedRule = schedule::InterleavedRule::Current;
    /// The activation budget per device in microbatches held at once, and/or bytes of one
    /// microbatch's activations on a device with the device memory for them (see schedule::Params).
    std::optional<double> memoryLimitMicrobatches;
    std::optional<double> activationBytesPerMicrobatch;
    std::optional<double> deviceMemoryBytes;
    bool operator==(const TrainingSettings &) const = default;
};

/// The project around the pipeline (seed 003): three-point tasks aggregated by PERT and Monte
/// Carlo with buffers, the labeling effort, a training job's ETA from a canary, and a log of
/// estimates against actuals.
struct ProjectSettings
{
    std::vector<estimate::Task> tasks = defaultProjectTasks();
    estimate::Buffers buffers;
    estimate::MonteCarloOptions monteCarlo;
    estimate::LabelingInputs labeling = defaultLabeling();
    estimate::JobEtaInputs jobEta = defaultJobEta();
    std::vector<estimate::ActualEntry> actuals;
    /// When work happens (issue 21): the locale's working week, 8 hours a day, no holidays.
    estimate::WorkCalendar calendar = defaultCalendar();
    /// The day the project starts; without one the plan shows durations only, no dates.
    std::optional<QDate> startDate;
    /// The day the tasks' progress was recorded ("today" of the forecast); without one, the day
    /// the plan is evaluated (the window's and the CLI's clock) when any task has progress.
    std::optional<QDate> statusDate;
    /// Scale the remaining tasks' estimates by the team's measured pace (actual / estimate over
    /// the done tasks).
    bool scaleByPace = true;
    bool operator==(const ProjectSettings &) const = default;

    static estimate::WorkCalendar defaultCalendar();

    /// Seed 003's OCR microservice: seven phases in weeks, infrastructure in parallel with the
    /// labeling (both after discovery), the seed's ranges as optimistic and pessimistic.
    static std::vector<estimate::Task> defaultProjectTasks();
    /// Seed 003's labeling example: 100,000 items, 70 % at 1.5 min, 30 % at 6 min, 10 % QC,
    /// 20 % contingency.
    static estimate::LabelingInputs defaultLabeling();
    /// A canary at 1,200 samples/s over 1.2M samples for 3 epochs, x 1.5, checkpoints every 30 min.
    static estimate::JobEtaInputs defaultJobEta();
};

/// What was measured rather than guessed (issue 20): runs of the job at several worker counts, to
/// which Amdahl's law and the USL are fitted, and the profiler trace stage times were read from.
struct MeasuredSettings
{
    fit::Runs runs;
    /// The trace the stage times or the training F/B/W came from, when it was read (ISO 8601,
    /// UTC) and what it set, one line per target ("fetch ← DataLoader P50 12.5 ms"); empty when
    /// no trace was read.
    QString traceFile;
    QString traceReadAt;
    QStringList traceMapping;
    bool operator==(const MeasuredSettings &) const = default;
};

/// Everything the window edits: one coherent model from which every number is derived.
struct Scenario
{
    QString name = QStringLiteral("Nightly scoring job");
    QString notes;
    Workload workload;
    std::vector<Stage> stages{Stage{QStringLiteral("score"), 0, true}};
    Execution execution = Execution::Sequential;
    double microbatches = 8;
    std::vector<double> workerCounts = defaultWorkerCounts();
    /// A second parallel fraction pinned for comparison on the Amdahl chart.
    std::optional<double> comparisonParallelFraction;
    Overheads overheads;
    MemoryLimit memory;
    SimulationSettings simulation;
    GoalSettings goal;
    TrainingSettings training;
    ProjectSettings project;
    MeasuredSettings measured;
    /// The report's sections as the person chose them in Export Report (report.sections).
    ReportSettings report;

    bool operator==(const Scenario &) const = default;
};

/// The seed 000 nightly scoring job (150M users, 20 predictions, 1 s each) at 10,000 workers with
/// the seed's 2 % serial residue (p = 0.98): the window's default scenario.
Scenario defaultScenario();

/// Every field of the scenario checked, errors named by their scenario-file key
/// ("workload.users", "stages[2].ms_per_user").
std::vector<FieldError> validate(const Scenario &scenario);

/// One bar of the lever waterfall: the runtime after applying this lever and all before it.
struct LeverStep
{
    QString name;        ///< "Serial baseline", "Pre-filtering", ...
    QString explanation; ///< what changed, short enough for an axis label: "keep 50%"
    double runtimeSeconds = 0;
    bool applied = true; ///< false when the scenario does not use this lever (no change)
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
    Scenario scenario;  ///< the scenario with the balanced split applied
    double stageMs = 0; ///< every stage's time after: sum / stages
    /// The scoring stage's time comes from the workload, so re-cutting it scales every
    /// per-prediction time of the model (latency, accelerator latency, batched time) by
    /// stageMs / its time now: the scoring stage keeps that share of the model's layers and the
    /// rest move to the other stages (as in seed 001's layer split). 1 when it is unchanged.
    double scoringScale = 1;
    /// False when there is nothing to re-cut: one stage, or stages already equal.
    bool changes = false;
};

/// The balanced split of `scenario` (see BalancedSplit). Precondition: validate() is empty.
BalancedSplit balancedSplit(const Scenario &scenario);

/// The plan judged against its deadline ("Finish within"): whether the runtime the headline shows
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
    /// Set when the scenario's goal has finishWithin on.
    std::optional<DeadlineVerdict> deadline;
    bool operator==(const ScenarioResult &) const = default;
};

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

/// Cold start, request overhead and shared caps applied to the scenario (see OverheadModel).
OverheadResult evaluateOverheads(const Scenario &scenario, const ScenarioResult &result);

/// The scenario as a simulated job: S = ceil(users scored / users per shard) shards of
/// D = p x users per shard x per-user ms (request overhead included) / 1000 seconds, the serial
/// residue (1 - p) W' once, the scenario's workers and cold start, and the caps as a dispatch
/// rate (shared cap / users per shard, coordinator cap, the smaller).
simulation::Params simulationParams(const Scenario &scenario, const ScenarioResult &result);

/// The goal seek for the scenario: its naive and overhead models, its simulated job (workers
/// left at 1: the seek varies them) with the goal's trials, deadline and price.
goalseek::Inputs goalInputs(const Scenario &scenario, const ScenarioResult &result);

/// The scenario against its goal's deadline: meets = effectiveRuntimeSeconds <= deadline, the
/// margin, and goalseek::naiveOption / overheadOption for the fewest workers (seed 000's Amdahl
/// inverted: N with S(p, N) >= W' / (deadline - C)). Evaluated whether or not finishWithin is on.
DeadlineVerdict deadlineVerdict(const Scenario &scenario, const ScenarioResult &result);

/// The schedule `kind` of the scenario's training pipeline: its devices, microbatches and
/// times; virtual stages only for the interleaved schedule (the others take 1).
schedule::Params trainingParams(const TrainingSettings &training, schedule::Kind kind);

/// One schedule of the training workspace: computed, or why it cannot be (interleaved with m not
/// a multiple of p), or still to be searched.
struct TrainingSchedule
{
    schedule::Kind kind = schedule::Kind::OneFOneB;
    std::optional<schedule::Result> result;
    QString error;
    /// A large search left to the background (schedule::searchesInBackground): no result yet;
    /// completeTraining() computes it.
    bool searching = false;
    bool operator==(const TrainingSchedule &) const = default;
};

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

} // namespace pipeplan
