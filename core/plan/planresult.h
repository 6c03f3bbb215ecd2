#pragma once

#include "core/model/fieldregistry.h"
#include "core/model/uncertainty.h"
#include "core/plan/background.h"
#include "core/plan/evaluation.h"
#include "core/plan/explain.h"
#include "core/plan/options.h"
#include "core/plan/scenariofile.h"
#include "core/plan/series.h"
#include "core/plan/whatittakes.h"

#include <QFlags>

#include <memory>
#include <optional>
#include <vector>

/// The whole plan evaluated once: the top layer of core, composing every domain. The window's
/// document holds one PlanResult and recomputes only the sections whose inputs changed; the
/// report and the CLI evaluate the same way, so every place shows the same number.
namespace pipeplan {

// Section and Sections, the parts of a plan's result, are declared with the field registry
// (core/model/fieldregistry.h): each row says which sections it feeds.

/// The job over the samples of its ranges: percentiles, the chance to meet the
/// deadline and what drives the spread. The draws are kept and reused while only medians move.
struct UncertaintySection
{
    std::shared_ptr<const uncertainty::Samples> samples;
    /// The scenario's job over every sample (sampleJobs): what the scaling table's percentiles,
    /// the fan and the goal seek read. Derived from the samples and the scenario, so not compared.
    std::shared_ptr<const uncertainty::SampledJobs> jobs;
    uncertainty::Result result;
    bool operator==(const UncertaintySection &other) const
    {
        return samples == other.samples && result == other.result;
    }
};

/// The pinned baseline, evaluated, and the comparison of the current scenario against it.
struct BaselineSection
{
    std::optional<ScenarioResult> result;
    std::optional<Comparison> comparison;
    bool operator==(const BaselineSection &) const = default;
};

/// The job as the simulation and the goal seek see it (they run in the background).
struct TailSection
{
    simulation::Params simulation;
    /// Why the job cannot be simulated (too many shards ...), empty when it can.
    QString simulationError;
    /// The goal seek's inputs; unset without a deadline (the goal seek section is then Failed
    /// with goalseek::noDeadline()).
    std::optional<goalseek::Inputs> goal;
    /// The plan against the goal's deadline (the model's verdict); unset without a deadline.
    std::optional<DeadlineVerdict> verdict;
    bool operator==(const TailSection &) const = default;
};

/// Every schedule of the training workspace, computed (or why it cannot be).
struct TrainingSection
{
    std::vector<TrainingSchedule> schedules;
    /// The plan's model trained on its device (Hardware & cost's model and device).
    std::optional<TrainingFromModel> fromModel;
    bool operator==(const TrainingSection &) const = default;
};

/// The project estimate's closed forms (the Monte Carlo runs in the background).
struct ProjectSection
{
    /// Each task's numbers in hours (PERT mean and sigma per task), in the plan's task order.
    std::vector<estimate::TaskStats> taskStats;
    estimate::PertResult pert;
    /// PERT with the category buffers and the project contingency.
    estimate::PertResult pertBuffered;
    estimate::LabelingEstimate labeling;
    estimate::JobEta jobEta;
    /// The estimated-vs-actual log: the entries typed into it, then the done tasks
    /// (estimate::doneEntries), in that order.
    std::vector<estimate::ActualEntry> logged;
    std::optional<estimate::Accuracy> accuracy; ///< of `logged`, when it has entries

    // The forecast that learns.
    /// Some task is in progress or done: the Monte Carlo runs the remaining work from the
    /// status date.
    bool forecast = false;
    /// The status date of a forecast: the scenario's, else the day the plan was evaluated.
    std::optional<QDate> statusDate;
    estimate::Pace pace;
    /// The pace applied to the remaining tasks: pace.ratio() when the scenario scales by it and
    /// some task is done, else 1.
    double paceRatio = 1;
    /// What the Monte Carlo runs: remainingWork(tasks, paceRatio) for a forecast, else the tasks.
    std::vector<estimate::Task> simulated;
    /// PERT of `simulated` (equal to pert without a forecast), plain and buffered.
    estimate::PertResult simulatedPert;
    estimate::PertResult simulatedPertBuffered;
    /// When the scenario has a start date: the timeline and each task's expected dates.
    std::optional<estimate::Timeline> timeline;
    std::vector<estimate::ScheduledTask> schedule;
    bool operator==(const ProjectSection &) const = default;
};

/// The project's section of a plan evaluated on `today` (the status date of a forecast when the
/// scenario records none).
ProjectSection projectSection(const ProjectSettings &project, QDate today);

/// The trials projectEstimate counts into its control's progress (its progress bar's total).
std::int64_t projectEstimateTrials(const ProjectSettings &project, const ProjectSection &section);

/// The estimate as dates: PERT's mean and the Monte Carlo's percentiles, with and
/// without buffers, as finish dates on the project's calendar.
struct ProjectDates
{
    QDate start; ///< the first working day on or after the start date
    QDate pertFinish;
    QDate pertBufferedFinish;
    estimate::FinishDates monteCarlo;
    estimate::FinishDates monteCarloBuffered;
    bool operator==(const ProjectDates &) const = default;
};
/// Nothing without a start date (or before the Monte Carlo has trials).
std::optional<ProjectDates> projectDates(const ProjectSettings &project,
                                         const ProjectSection &section,
                                         const estimate::PlanEstimate &estimate);

/// The task Gantt of the plan (expected dates, the Monte Carlo's P10-P90 finishes when it ran
/// with task ranges); nothing without a start date.
std::optional<estimate::TaskGantt> projectGantt(const ProjectSettings &project,
                                                const ProjectSection &section,
                                                const estimate::PlanEstimate *estimate);

/// The burn-up (plan, actual progress, forecast cone); nothing without a start date.
std::optional<estimate::BurnUp> projectBurnUp(const ProjectSettings &project,
                                              const ProjectSection &section,
                                              const estimate::PlanEstimate &estimate);

/// What the project's charts and dates line draw: the dates and the burn-up once
/// the Monte Carlo is ready, the task Gantt (with its P10-P90 whiskers once it is).
struct ProjectCharts
{
    std::optional<ProjectDates> dates;
    std::optional<estimate::TaskGantt> gantt;
    std::optional<estimate::BurnUp> burnUp;
    bool operator==(const ProjectCharts &) const = default;
};

/// projectDates, projectGantt and projectBurnUp of the section and its Monte Carlo (null: not
/// run yet, so only the Gantt without whiskers).
ProjectCharts projectCharts(const ProjectSettings &project, const ProjectSection &section,
                            const estimate::PlanEstimate *estimate);

/// The runtime the headline shows, at the fitted p's 95 % interval (the plan uses the fitted p).
struct RuntimeBand
{
    double lowSeconds = 0;  ///< at p_high
    double highSeconds = 0; ///< at p_low
    bool operator==(const RuntimeBand &) const = default;
};

/// Amdahl and the USL fitted to the measured runs (fit::fitRuns), and what they say of the plan.
struct MeasuredSection
{
    fit::Result fit;
    /// Set when the scenario's parallel fraction is the fitted p ("Use fitted p"): the runtime
    /// at the ends of p's 95 % interval, everything else as it is.
    std::optional<RuntimeBand> runtimeBand;
    /// What the fit chart draws: the runs, the laws' curves and band, the plan's workers.
    FitSeries curve;
    bool operator==(const MeasuredSection &) const = default;
};

/// Whether the scenario's parallel fraction is the fit's p (to the 4 decimals the window shows).
bool usesFittedP(const Scenario &scenario, const fit::Result &fit);

/// The USL's runtime at N for `workSeconds` of single-stream work: work / C(N), the USL's
/// relative capacity C(N) = N / (1 + σ(N − 1) + κN(N − 1)) (Gunther 2007), as the scaling
/// table's Amdahl column is work / S(N).
double uslRuntimeSeconds(const fit::UslFit &usl, double workSeconds, double workers);

/// The scaling table as every view shows it (the window's table, the report, the CSV): the rows
/// at the scenario's worker counts with its own count highlighted, the baseline's column when one
/// is pinned, and the USL fitted to the measured runs at each row. Derived from the model, the
/// baseline and the measured sections, and recomputed with any of them.
struct ScalingSection
{
    explain::ShownScaling shown;
    /// The USL's runtime at each row's workers, in hours (uslRuntimeSeconds / 3600); empty
    /// without a USL fit.
    std::vector<double> uslHours;
    /// With ranges: the runtime's P10/P50/P90 at each row's workers, in seconds
    /// (uncertainty::runtimePercentiles); empty without.
    std::vector<uncertainty::Percentiles> spread;
    bool operator==(const ScalingSection &) const = default;
};

/// The scaling section of `plan` from its evaluated model, baseline and measured sections, and
/// the jobs sampled over its ranges (null: no range set).
ScalingSection scalingSection(const Plan &plan, const ScenarioResult &model,
                              const BaselineSection &baseline, const MeasuredSection &measured,
                              const uncertainty::SampledJobs *jobs = nullptr);

/// The device and model of the plan: what is in force, and every device's answer.
struct HardwareSection
{
    HardwareInForce current;
    /// "Cheapest device that meets the deadline" (deviceOptions), with hardware on.
    std::vector<DeviceOption> options;
    bool operator==(const HardwareSection &) const = default;
};

struct PlanResult
{
    /// The scenario the model section evaluated: the typed one, with the device's latency per
    /// item and price when hardware is in force (scenarioInForce). Views that explain a number
    /// ("Show how") read this; input fields show what was typed.
    Scenario inForce;
    HardwareSection hardware; ///< with Model, Baseline or Tail
    ScenarioResult model;
    UncertaintySection uncertainty; ///< with Model
    /// With a deadline, the value each lever alone would need to meet it.
    whatittakes::Result whatItTakes; ///< with Model
    /// With a deadline, the two levers the plan names drawn as a plane: which combinations meet
    /// it, the cheapest and the nearest.
    whatittakes::Plane plane; ///< with Model
    /// The plan and its named options side by side; only the plan without options.
    std::vector<options::Row> options; ///< with Model
    /// The model's runtime without batching, as seed 000's table counts it (the model's own
    /// runtime when the scenario does not batch): what Getting Started compares against.
    double unbatchedRuntimeSeconds = 0;
    BaselineSection baseline;
    TailSection tail;
    TrainingSection training;
    ProjectSection project;
    MeasuredSection measured;
    ScalingSection scaling; ///< with Model, Baseline or Measured
    /// What the model's charts draw: the Amdahl curves (with Model or Baseline), the runtime
    /// with overheads and the pipeline as is and balanced (with Model).
    AmdahlSeries amdahl;
    WaterfallSeries waterfall; ///< with Model or Baseline
    OverheadSeries overheadCurve;
    CostSeries costCurve; ///< with Model

    PipelineSeries pipeline;
    // The background sections (background.h): reevaluate puts each back to NotAsked when its
    // inputs change; the window's jobs, or completeBackground, fill them.
    /// The simulated tail of tailRequest(*this); Failed with the tail's simulationError.
    BackgroundSection<SimulatedTail> simulation;
    /// The goal seek of tail.goal.
    BackgroundSection<goalseek::Result> goalSeek;
    /// The project's Monte Carlo (projectEstimate of the project section).
    BackgroundSection<estimate::PlanEstimate> monteCarlo;
    /// The project's dates, Gantt and burn-up: of the Monte Carlo when it is ready.
    ProjectCharts projectCharts;
    bool operator==(const PlanResult &) const = default;
};

/// Puts a finished Monte Carlo of `project` into the result: the section ready, and the project
/// charts that follow from it (the window's job delivering, or completeBackground).
void setMonteCarlo(PlanResult &result, const ProjectSettings &project,
                   estimate::PlanEstimate estimate);

/// What the result's simulation and goal seek answer: its tail section's job and goal, and the
/// headline runtime (model.effectiveRuntimeSeconds) the breakdown starts from.
TailRequest tailRequest(const PlanResult &result);

/// Completes the background sections `which` of `result` that are not ready, with the functions
/// the window's jobs run (simulateTail, goalseek::seek, projectEstimate, completeTraining): what
/// the report and the CLI do instead of waiting for a job. It evaluates nothing again.
void completeBackground(PlanResult &result, const Plan &plan, Backgrounds which);

/// How many times evaluatePlan and reevaluate ran in this process: a test checks that exporting
/// the window's report evaluates nothing and `pipeplan-cli report` evaluates once.
long long planEvaluations();

/// The sections whose inputs differ between two plans (Inputs whenever anything does).
/// Model: the workload, stages, execution, microbatches, worker counts, overheads, memory.
/// Baseline: the baseline itself, or the model (the comparison reads both). Tail: the model,
/// the simulation settings, the goal. Training and Project: their own settings.
Sections changedSections(const Plan &before, const Plan &after);

/// Evaluates every section of a valid plan (validate() of its scenarios empty).
PlanResult evaluatePlan(const Plan &plan);

/// Recomputes the `sections` of `result` for `typed` (the plan as the person typed it; the
/// hardware in force is applied here, scenarioInForce), leaving the others as they are. The
/// baseline's own evaluation is redone only when `baselineChanged` (a workers tick re-uses it
/// and only redoes the comparison). Returns the sections whose values actually changed.
/// `search`: whether the training section's large searches run now or are left `searching` for
/// the window's background job (ScheduleSearchRunner).
Sections reevaluate(PlanResult &result, const Plan &typed, Sections sections, bool baselineChanged,
                    TrainingSearch search = TrainingSearch::Inline);

/// The project's Monte Carlo, with and without buffers (seed 003; estimate::simulatePlan) over
/// the section's `simulated` tasks (the remaining work of a forecast), with the criticality, the
/// tornado and each task's finish range on the unbuffered run, joined to the PERT the project
/// section already holds (simulatedPert), so PERT is never computed twice. It is not part
/// of evaluatePlan because a million trials take a while: the window runs it in the background
/// (its document's jobs), the report and the CLI call this. `control` cancels and counts progress.
estimate::PlanEstimate projectEstimate(const ProjectSettings &project,
                                       const ProjectSection &section,
                                       estimate::Control *control = nullptr);

} // namespace pipeplan
