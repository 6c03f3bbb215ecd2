#pragma once

#include "core/base/cowlist.h"
#include "core/hardware/roofline.h"
#include "core/hardware/training.h"
#include "core/measured/fit.h"
#include "core/model/amdahl.h"
#include "core/model/overheads.h"
#include "core/model/pipeline.h"
#include "core/model/range.h"
#include "core/model/reportsections.h"
#include "core/model/workload.h"
#include "core/project/estimate.h"
#include "core/tail/simulate.h"
#include "core/track/calibration.h"
#include "core/training/schedule.h"

#include <QString>
#include <QStringList>

#include <array>
#include <map>
#include <optional>
#include <utility>
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

/// One option of a plan: a name and the plan's values it changes, each a scenario-file
/// key path and its value as `--set` takes it ("workload.keep_fraction" = "0.5",
/// "hardware.device" = "L4", "workload.latency_ms" = "800..1200").
struct PlanOption
{
    QString name;
    std::map<QString, QString> set; ///< key path: value, in key order as the file keeps them
    bool operator==(const PlanOption &) const = default;
};
/// At most this many options in a plan.
inline constexpr int kMaxOptions = 8;

/// The simulation's own knobs (what the closed form cannot express); shards, shard time,
/// workers, cold start and caps come from the scenario (see simulationParams).
/// The simulated tail. Stragglers and failures are off (0) until the person sets them, like the
/// overheads: a simulation of what nobody entered is the closed form (files of
/// version 5 and before wrote 1 % at 3x whether set or not, see scenariofile.h).
struct SimulationSettings
{
    double stragglerProbability = 0;
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
    /// The one deadline, set under Model > Goal: the headline, the waterfall, the
    /// scaling table, the goal seek and the device ranking judge the plan against it. Unset, no
    /// deadline: nothing plans for a hidden one, and the goal seek does not run.
    std::optional<double> deadlineSeconds;
    double pricePerWorkerHour = 0.5;
    /// "Within budget": what the job may cost (workers x runtime x price), in
    /// `currency`; unset, no budget. What it would take answers for it with the deadline.
    std::optional<double> budget;
    /// The price's currency, an ISO 4217 code: costs print as "$18,055.56" (format::money).
    QString currency = QStringLiteral("USD");
    double trials = 200; ///< simulation trials per worker count tried
    /// The two levers "What it would take" draws on a plane, as scenario-file keys.
    std::array<QString, 2> levers{QStringLiteral("workload.workers"),
                                  QStringLiteral("workload.keep_fraction")};
    bool operator==(const GoalSettings &) const = default;
};

/// The device and the model the job's latency per prediction comes from: with
/// `enabled`, the accelerator lever is the roofline's latency per item at the batch (capped by
/// the device's memory) and the workers' price the device's; off, the typed latency holds.
struct HardwareSettings
{
    bool enabled = false;
    QString device = QStringLiteral("H100 SXM"); ///< a catalogue or plan device, by name
    hardware::ModelSpec model = defaultModel();
    double batch = 16; ///< items per batch asked for; the memory check caps it
    hardware::Efficiency efficiency;
    /// The workers' price per hour is the device's (else goal.price_per_worker_hour holds).
    bool devicePrice = true;
    /// The plan's own devices and prices: over the catalogue's by name, or new ones.
    std::vector<hardware::Device> devices;
    /// Training the model on the device (the Training workspace's "From the model"): the split
    /// and recomputation; its pipeline stages are the Training workspace's devices.
    hardware::TrainingSetup training;
    double trainingTokens = 1e9; ///< the token budget of a training run
    bool operator==(const HardwareSettings &) const = default;

    /// Llama 3 8B, one forward pass of 512 tokens (an embedding job).
    static hardware::ModelSpec defaultModel();
};

/// The price of the device in force for this plan: the device's numbers kept among the plan's
/// own devices (replacing an own copy of the same name) with `pricePerHour`; the catalogue stays
/// as it is. Nothing when no device has that name.
void setDevicePrice(HardwareSettings &hardware, double pricePerHour);

/// Every hardware field checked, named by its scenario-file key ("hardware.model.layers").
std::vector<FieldError> validate(const HardwareSettings &hardware);

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
    /// Shared between copies of the plan until one changes them (undo steps, edited copies).
    CowList<estimate::Task> tasks = defaultProjectTasks();
    estimate::Buffers buffers;
    estimate::MonteCarloOptions monteCarlo;
    estimate::LabelingInputs labeling = defaultLabeling();
    estimate::JobEtaInputs jobEta = defaultJobEta();
    std::vector<estimate::ActualEntry> actuals;
    /// When work happens: the locale's working week, 8 hours a day, no holidays.
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

/// What was measured rather than guessed: runs of the job at several worker counts, to
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

/// The team's track record (seed 003): the history file the plan was calibrated on, the job
/// kind, and whether the calibration applies. Applied, the runtime of every sample is scaled by
/// a draw of the calibrated ratio (docs/calibration.md), so the runtime, the worker-hours and
/// the cost become ranges, or their ranges widen.
struct TrackSettings
{
    QString history; ///< the history file (track record CSV), as chosen; empty: none
    QString kind;    ///< the job kind calibrated on; empty: every kind
    bool apply = false;
    /// The calibration as computed from the history when it was read (kept with the plan, so
    /// the plan evaluates the same without the file).
    track::Calibration calibration;
    /// Applied and calibrated: the ratio's draws scale the runtime.
    bool inForce() const { return apply && calibration.calibrated(); }
    bool operator==(const TrackSettings &) const = default;
};

/// Everything the window edits: one coherent model from which every number is derived.
/// The job's numbers a person gave as ranges and how they are sampled: the runtime
/// and the cost become distributions (P10 / P50 / P90) and the inputs are ranked by their share
/// of the spread. The plain fields hold each range's median, so a plan with no range computes
/// exactly what it did before.
struct UncertaintySettings
{
    /// Keyed by the number's path in the scenario file ("workload.latency_ms",
    /// "stages[1].ms_per_user"); ordered, so the samples never depend on insertion order.
    std::map<QString, Range> ranges;
    double samples = 10'000; ///< per evaluation; common random numbers, drawn once per range
    double seed = 1;
    /// The percentile the sensitivity's "needed" value meets the deadline at (P80).
    double percentile = 0.8;
    bool operator==(const UncertaintySettings &) const = default;
};

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
    HardwareSettings hardware;
    SimulationSettings simulation;
    GoalSettings goal;
    TrainingSettings training;
    ProjectSettings project;
    MeasuredSettings measured;
    /// The report's sections as the person chose them in Export Report (report.sections).
    ReportSettings report;
    UncertaintySettings uncertainty;
    TrackSettings track;
    /// Named options of the plan: each a set of overrides of this scenario, compared
    /// side by side (core/plan/options). Written at the file's top only, like the report's.
    std::vector<PlanOption> options;

    bool operator==(const Scenario &) const = default;
};

/// The seed 000 nightly scoring job (150M users, 20 predictions, 1 s each) at 10,000 workers with
/// the seed's 2 % serial residue (p = 0.98): the window's default scenario.
Scenario defaultScenario();

/// Every field of the scenario checked, errors named by their scenario-file key
/// ("workload.users", "stages[2].ms_per_user").
std::vector<FieldError> validate(const Scenario &scenario);
/// validate(after) for an edit of a valid `before`: the task list is checked only when the edit
/// changed it (it shares no buffer with before's), the rest always (it is small). Editing a note
/// of a 10,000-task plan checks no task.
std::vector<FieldError> validateChange(const Scenario &before, const Scenario &after);

/// The schedule `kind` of the scenario's training pipeline: its devices, microbatches and
/// times; virtual stages only for the interleaved schedule (the others take 1).
schedule::Params trainingParams(const TrainingSettings &training, schedule::Kind kind);

} // namespace pipeplan
