#include "core/model/fieldregistry.h"

#include "core/base/translate.h"
#include "core/hardware/device.h"
#include "core/hardware/roofline.h"
#include "core/hardware/training.h"
#include "core/model/scenario.h"
#include "core/project/accuracy.h"
#include "core/project/labeling.h"
#include "core/project/specs.h"
#include "core/project/task.h"
#include "core/training/schedule.h"

#include <algorithm>
#include <cmath>
#include <concepts>
#include <limits>

namespace pipeplan::fieldregistry {

PIPEPLAN_TR_CONTEXT("pipeplan::fieldregistry")

namespace {

void assign(double &member, std::optional<double> value)
{
    if (value)
        member = *value;
}

void assign(std::optional<double> &member, std::optional<double> value)
{
    member = value;
}

// An integer member (the Monte Carlo's trials and seed) takes only a number it can hold:
// converting any other double is undefined behaviour, and the checks refuse it anyway.
template <std::integral Int> void assign(Int &member, std::optional<double> value)
{
    // 2^31 or 2^64, exact as a double; Int's maximum as a double would round up to it.
    const double end = std::ldexp(1.0, std::numeric_limits<Int>::digits);
    if (value && *value >= static_cast<double>(std::numeric_limits<Int>::min()) && *value < end)
        member = static_cast<Int>(*value);
}

// The member a row reads and writes, named once: its getter and setter.
#define PIPEPLAN_MEMBER(member)                                                                    \
    .get = [](const Scenario &s) -> std::optional<double> { return s.member; },                    \
    .set = [](Scenario &s, std::optional<double> value) { assign(s.member, value); },              \
    .at = [](const Scenario &s) -> const void * { return &s.member; }

QString countedMany(const Scenario &s)
{
    return s.workload.counted.many;
}

constexpr double kMiB = 1024.0 * 1024;
constexpr double kGiB = 1024 * kMiB;

constexpr Sections kModel = Section::Inputs | Section::Model;
constexpr Sections kTail = Section::Inputs | Section::Tail;
constexpr Sections kTraining = Section::Inputs | Section::Training;
constexpr Sections kProject = Section::Inputs | Section::Project;
// The hardware and the workers' price set the job's latency and cost and the training run's.
constexpr Sections kModelAndTraining = kModel | Section::Training;

// Each section in the order its reader reads it: the first bad number of a file is the one
// reported, as before the rows.
constexpr Field kFields[] = {
    // The job (seed 000).
    {.path = "workload.users",
     .spec = &fields::users,
     PIPEPLAN_MEMBER(workload.users),
     .labelIn = [](const Scenario &s) { return s.workload.counted.capitalizedMany(); },
     .unitIn = countedMany,
     .presence = Presence::Required,
     .feeds = kModel,
     .rangeable = true,
     .slot = uncertainty::Slot::Users,
     .flag = "users"},
    {.path = "workload.predictions_per_user",
     .spec = &fields::predictionsPerUser,
     PIPEPLAN_MEMBER(workload.predictionsPerUser),
     .labelIn = [](const Scenario &s) { return tr("Predictions per ") + s.workload.counted.one; },
     .presence = Presence::Required,
     .feeds = kModel,
     .rangeable = true,
     .slot = uncertainty::Slot::Predictions,
     .flag = "predictions"},
    {.path = "workload.latency_ms",
     .spec = &fields::latencyMs,
     PIPEPLAN_MEMBER(workload.latencyMs),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Latency per prediction"),
     .decimals = 2,
     .step = 0.01,
     .presence = Presence::Required,
     .feeds = kModel,
     .rangeable = true,
     .slot = uncertainty::Slot::Latency,
     // With the accelerator lever on, the typed latency is not the one in force.
     .inForce = [](const Scenario &s) { return !s.workload.acceleratorLatencyMs.has_value(); },
     .lever = true,
     .flag = "latency-ms"},
    {.path = "workload.accelerator_latency_ms",
     .spec = &fields::acceleratorLatencyMs,
     PIPEPLAN_MEMBER(workload.acceleratorLatencyMs),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Accelerator latency"),
     .decimals = 2,
     .step = 0.01,
     .presence = Presence::Nullable,
     .feeds = kModel,
     .rangeable = true,
     .slot = uncertainty::Slot::Latency,
     .lever = true,
     .flag = "accelerator-latency-ms"},
    {.path = "workload.batch_ms_per_user",
     .spec = &fields::batchMsPerUser,
     PIPEPLAN_MEMBER(workload.batchMsPerUser),
     .labelIn = [](const Scenario &s) { return tr("Batched time per ") + s.workload.counted.one; },
     .decimals = 2,
     .step = 0.01,
     .presence = Presence::Nullable,
     .feeds = kModel,
     .rangeable = true,
     .slot = uncertainty::Slot::BatchMs,
     .lever = true,
     .flag = "batch-ms"},
    {.path = "workload.keep_fraction",
     .spec = &fields::keepFraction,
     PIPEPLAN_MEMBER(workload.keepFraction),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Keep fraction"),
     .decimals = 3,
     .step = 0.001,
     .presence = Presence::Required,
     .feeds = kModel,
     .rangeable = true,
     .support = Support::Fraction,
     .slot = uncertainty::Slot::Keep,
     .lever = true,
     .flag = "keep-fraction"},
    {.path = "workload.workers",
     .spec = &fields::workers,
     PIPEPLAN_MEMBER(workload.workers),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Workers"),
     .presence = Presence::Required,
     .feeds = kModel,
     .lever = true,
     .flag = "workers"},
    {.path = "workload.parallel_fraction",
     .spec = &fields::parallelFraction,
     PIPEPLAN_MEMBER(workload.parallelFraction),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Parallel fraction p"),
     .decimals = 4,
     .step = 0.0001,
     .presence = Presence::Required,
     .feeds = kModel,
     .rangeable = true,
     .support = Support::Fraction,
     .slot = uncertainty::Slot::Parallel,
     .lever = true,
     .flag = "parallel-fraction"},
    // At the top of the scenario.
    {.path = "microbatches",
     .spec = &fields::microbatches,
     PIPEPLAN_MEMBER(microbatches),
     .presence = Presence::Required,
     .feeds = kModel,
     .flag = "microbatches"},
    // The comparison p only draws a second curve, but it belongs with the model's views.
    {.path = "compare_parallel_fraction",
     .spec = &fields::parallelFraction,
     PIPEPLAN_MEMBER(comparisonParallelFraction),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Comparison parallel fraction"),
     .decimals = 4,
     .step = 0.0001,
     .presence = Presence::Nullable,
     .feeds = kModel},
    // Where the naive model lies (seed 000): overheads, shared limits, the memory cap.
    {.path = "overheads.cold_start_s",
     .spec = &fields::coldStartSeconds,
     PIPEPLAN_MEMBER(overheads.coldStartSeconds),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Cold start per worker"),
     .decimals = 1,
     .step = 0.1,
     .presence = Presence::Nullable,
     .feeds = kModel,
     .rangeable = true,
     .slot = uncertainty::Slot::ColdStart,
     .lever = true,
     .flag = "cold-start-s"},
    {.path = "overheads.request_overhead_ms",
     .spec = &fields::requestOverheadMs,
     PIPEPLAN_MEMBER(overheads.requestOverheadMs),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Overhead per request"),
     .decimals = 2,
     .step = 0.01,
     .presence = Presence::Nullable,
     .feeds = kModel,
     .rangeable = true,
     .slot = uncertainty::Slot::RequestOverhead,
     .lever = true},
    {.path = "overheads.shared_cap_per_s",
     .spec = &fields::sharedCapPerSecond,
     PIPEPLAN_MEMBER(overheads.sharedCapPerSecond),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Shared cap"),
     .unitIn = [](const Scenario &s) { return s.workload.counted.many + QStringLiteral("/s"); },
     .presence = Presence::Nullable,
     .feeds = kModel,
     .rangeable = true,
     .slot = uncertainty::Slot::SharedCap,
     .lever = true},
    {.path = "overheads.dispatch_cap_per_s",
     .spec = &fields::dispatchCapPerSecond,
     PIPEPLAN_MEMBER(overheads.dispatchCapPerSecond),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Dispatch cap"),
     .decimals = 2,
     .step = 0.01,
     .presence = Presence::Nullable,
     .feeds = kModel,
     .rangeable = true,
     .slot = uncertainty::Slot::DispatchCap,
     .lever = true,
     .flag = "dispatch-cap-per-s"},
    {.path = "overheads.users_per_shard",
     .spec = &fields::usersPerShard,
     PIPEPLAN_MEMBER(overheads.usersPerShard),
     .labelIn =
         [](const Scenario &s) { return s.workload.counted.capitalizedMany() + tr(" per shard"); },
     .unitIn = countedMany,
     .feeds = kModel},
    {.path = "memory.accelerator_memory_bytes",
     .spec = &fields::acceleratorMemoryBytes,
     PIPEPLAN_MEMBER(memory.acceleratorMemoryBytes),
     .displayScale = 1 / kGiB,
     .presence = Presence::Nullable,
     .feeds = kModel},
    {.path = "memory.model_bytes",
     .spec = &fields::modelBytes,
     PIPEPLAN_MEMBER(memory.modelBytes),
     .displayScale = 1 / kGiB,
     .feeds = kModel},
    {.path = "memory.bytes_per_item",
     .spec = &fields::bytesPerItem,
     PIPEPLAN_MEMBER(memory.bytesPerItem),
     .displayScale = 1 / kMiB,
     .feeds = kModel},
    {.path = "memory.batch_items",
     .spec = &fields::batchItems,
     PIPEPLAN_MEMBER(memory.batchItems),
     .presence = Presence::Nullable,
     .feeds = kModel},
    // The simulated tail.
    {.path = "simulation.straggler_prob",
     .spec = &fields::stragglerProbability,
     PIPEPLAN_MEMBER(simulation.stragglerProbability),
     .decimals = 4,
     .step = 0.0001,
     .feeds = kTail,
     .flag = "straggler-prob"},
    {.path = "simulation.straggler_factor",
     .spec = &fields::stragglerFactor,
     PIPEPLAN_MEMBER(simulation.stragglerFactor),
     .decimals = 1,
     .step = 0.1,
     .feeds = kTail,
     .flag = "straggler-factor"},
    {.path = "simulation.failure_prob",
     .spec = &fields::failureProbability,
     PIPEPLAN_MEMBER(simulation.failureProbability),
     .decimals = 4,
     .step = 0.0001,
     .feeds = kTail,
     .flag = "failure-prob"},
    {.path = "simulation.checkpoint_s",
     .spec = &fields::checkpointSeconds,
     PIPEPLAN_MEMBER(simulation.checkpointSeconds),
     .decimals = 1,
     .step = 0.1,
     .presence = Presence::Nullable,
     .feeds = kTail,
     .flag = "checkpoint-s"},
    {.path = "simulation.checkpoint_cost_s",
     .spec = &fields::checkpointCostSeconds,
     PIPEPLAN_MEMBER(simulation.checkpointCostSeconds),
     .decimals = 1,
     .step = 0.1,
     .feeds = kTail,
     .flag = "checkpoint-cost-s"},
    {.path = "simulation.trials",
     .spec = &fields::trials,
     PIPEPLAN_MEMBER(simulation.trials),
     .feeds = kTail,
     .flag = "trials"},
    {.path = "simulation.seed",
     .spec = &fields::seed,
     PIPEPLAN_MEMBER(simulation.seed),
     .feeds = kTail,
     .flag = "seed"},
    // The goal. The one deadline is written only when set, as the format has held
    // it since version 9; the headline, the verdict and the goal seek judge the plan against it.
    {.path = "goal.deadline_s",
     .spec = &fields::deadlineSeconds,
     PIPEPLAN_MEMBER(goal.deadlineSeconds),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Deadline"),
     .displayScale = 1 / 3600.0, // shown in hours
     .presence = Presence::WhenSet,
     .feeds = kModel | Section::Tail},
    {.path = "goal.price_per_worker_hour",
     .spec = &fields::pricePerWorkerHour,
     PIPEPLAN_MEMBER(goal.pricePerWorkerHour),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Price per worker-hour"),
     .unitIn = [](const Scenario &s) { return s.goal.currency + QStringLiteral("/worker-h"); },
     .decimals = 2,
     .step = 0.01,
     .feeds = kModelAndTraining,
     .rangeable = true,
     .slot = uncertainty::Slot::Price,
     // With a device pricing the workers, the typed price is not the one in force.
     .inForce = [](const Scenario &s) { return !(s.hardware.enabled && s.hardware.devicePrice); },
     .flag = "price-per-worker-hour"},
    {.path = "goal.trials",
     .spec = &fields::trials,
     PIPEPLAN_MEMBER(goal.trials),
     .feeds = kTail,
     .flag = "trials"},
    // What it would take answers for the budget as for the deadline.
    {.path = "goal.budget",
     .spec = &fields::budget,
     PIPEPLAN_MEMBER(goal.budget),
     .unitIn = [](const Scenario &s) { return s.goal.currency; },
     .decimals = 2,
     .step = 0.01,
     .presence = Presence::WhenSet,
     .feeds = kModel},
    // The device and the model the latency comes from. The model's shape and the
    // plan's own devices are read by core/hardware's own readers (modelFromJson, deviceFromJson).
    {.path = "hardware.batch",
     .spec = &hardware::fields::batch,
     PIPEPLAN_MEMBER(hardware.batch),
     .feeds = kModelAndTraining,
     .flag = "batch"},
    {.path = "hardware.compute_efficiency",
     .spec = &hardware::fields::efficiency,
     PIPEPLAN_MEMBER(hardware.efficiency.compute),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Compute efficiency"),
     .decimals = 2,
     .step = 0.01,
     .displayScale = 100, // shown in %
     .feeds = kModelAndTraining,
     .rangeable = true,
     .support = Support::Fraction,
     .slot = uncertainty::Slot::ComputeEfficiency,
     .inForce = [](const Scenario &s) { return s.hardware.enabled; },
     .flag = "compute-efficiency"},
    {.path = "hardware.memory_efficiency",
     .spec = &hardware::fields::efficiency,
     PIPEPLAN_MEMBER(hardware.efficiency.memory),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Memory efficiency"),
     .decimals = 2,
     .step = 0.01,
     .displayScale = 100, // shown in %
     .feeds = kModelAndTraining,
     .rangeable = true,
     .support = Support::Fraction,
     .slot = uncertainty::Slot::MemoryEfficiency,
     .inForce = [](const Scenario &s) { return s.hardware.enabled; },
     .flag = "memory-efficiency"},
    {.path = "hardware.training.microbatch_sequences",
     .spec = &hardware::fields::trainingCount,
     PIPEPLAN_MEMBER(hardware.training.microbatchSequences),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Sequences per microbatch"),
     .feeds = kModelAndTraining},
    {.path = "hardware.training.sequence_length",
     .spec = &hardware::fields::trainingCount,
     PIPEPLAN_MEMBER(hardware.training.sequenceLength),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Sequence length"),
     .feeds = kModelAndTraining},
    {.path = "hardware.training.tensor_parallel",
     .spec = &hardware::fields::trainingCount,
     PIPEPLAN_MEMBER(hardware.training.tensorParallel),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Tensor parallel"),
     .feeds = kModelAndTraining},
    {.path = "hardware.training.data_parallel",
     .spec = &hardware::fields::trainingCount,
     PIPEPLAN_MEMBER(hardware.training.dataParallel),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Data parallel"),
     .feeds = kModelAndTraining},
    {.path = "hardware.training.tokens",
     .spec = &hardware::fields::trainingTokens,
     PIPEPLAN_MEMBER(hardware.trainingTokens),
     .feeds = kModelAndTraining},
    // The training pipeline's schedules. The per-device times (forward_ms, ...) are lists.
    {.path = "training.devices",
     .spec = &fields::pipelineDevices,
     PIPEPLAN_MEMBER(training.devices),
     .feeds = kTraining,
     .flag = "devices"},
    {.path = "training.microbatches",
     .spec = &fields::scheduleMicrobatches,
     PIPEPLAN_MEMBER(training.microbatches),
     .feeds = kTraining,
     .flag = "microbatches"},
    {.path = "training.virtual_stages",
     .spec = &fields::virtualStages,
     PIPEPLAN_MEMBER(training.virtualStages),
     .feeds = kTraining,
     .flag = "virtual-stages"},
    {.path = "training.comm_ms",
     .spec = &fields::commMs,
     PIPEPLAN_MEMBER(training.commMs),
     .decimals = 2,
     .step = 0.01,
     .feeds = kTraining,
     .flag = "comm-ms"},
    {.path = "training.memory_limit",
     .spec = &schedule::memoryLimitField,
     PIPEPLAN_MEMBER(training.memoryLimitMicrobatches),
     .presence = Presence::WhenSet,
     .feeds = kTraining,
     .flag = "memory-limit"},
    {.path = "training.activation_bytes",
     .spec = &schedule::activationBytesField,
     PIPEPLAN_MEMBER(training.activationBytesPerMicrobatch),
     .displayScale = 1 / kGiB,
     .presence = Presence::WhenSet,
     .feeds = kTraining,
     .flag = "activation-bytes"},
    {.path = "training.device_memory",
     .spec = &schedule::deviceMemoryField,
     PIPEPLAN_MEMBER(training.deviceMemoryBytes),
     .displayScale = 1 / kGiB,
     .presence = Presence::WhenSet,
     .feeds = kTraining,
     .flag = "device-memory"},
    // How the ranges are sampled.
    {.path = "uncertainty.samples",
     .spec = &fields::samples,
     PIPEPLAN_MEMBER(uncertainty.samples),
     .feeds = kModel},
    {.path = "uncertainty.seed",
     .spec = &fields::seed,
     PIPEPLAN_MEMBER(uncertainty.seed),
     .feeds = kModel},
    {.path = "uncertainty.percentile",
     .spec = &fields::percentile,
     PIPEPLAN_MEMBER(uncertainty.percentile),
     .decimals = 2,
     .step = 0.01,
     .displayScale = 100,
     .feeds = kModel},
    // The project (seed 003), each part in the order its reader reads it; the tasks, the
    // strata and the actuals are lists. A file before version 4 has none of them: defaults.
    // The buffers: a share added to each category's tasks, then the contingency on the whole.
    {.path = "project.buffers.labeling",
     .spec = &estimate::specs::buffer,
     PIPEPLAN_MEMBER(project.buffers.labeling),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Labeling buffer"),
     .step = 0.01,
     .displayScale = 100,
     .feeds = kProject},
    {.path = "project.buffers.training",
     .spec = &estimate::specs::buffer,
     PIPEPLAN_MEMBER(project.buffers.training),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Training buffer"),
     .step = 0.01,
     .displayScale = 100,
     .feeds = kProject},
    {.path = "project.buffers.optimization",
     .spec = &estimate::specs::buffer,
     PIPEPLAN_MEMBER(project.buffers.optimization),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Optimization buffer"),
     .step = 0.01,
     .displayScale = 100,
     .feeds = kProject},
    {.path = "project.buffers.research",
     .spec = &estimate::specs::buffer,
     PIPEPLAN_MEMBER(project.buffers.research),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Research buffer"),
     .step = 0.01,
     .displayScale = 100,
     .feeds = kProject},
    {.path = "project.buffers.other",
     .spec = &estimate::specs::buffer,
     PIPEPLAN_MEMBER(project.buffers.other),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Other buffer"),
     .step = 0.01,
     .displayScale = 100,
     .feeds = kProject},
    {.path = "project.buffers.contingency",
     .spec = &estimate::specs::buffer,
     PIPEPLAN_MEMBER(project.buffers.contingency),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Contingency"),
     .step = 0.01,
     .displayScale = 100,
     .feeds = kProject},
    // The Monte Carlo's trials and seed are integers: the reader checks them as it reads them.
    {.path = "project.monte_carlo.trials",
     .spec = &estimate::specs::trials,
     PIPEPLAN_MEMBER(project.monteCarlo.trials),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Trials"),
     .step = 1000,
     .feeds = kProject},
    {.path = "project.monte_carlo.seed",
     .spec = &fields::seed,
     PIPEPLAN_MEMBER(project.monteCarlo.seed),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Seed"),
     .feeds = kProject},
    {.path = "project.monte_carlo.category_correlation",
     .spec = &fields::categoryCorrelation,
     PIPEPLAN_MEMBER(project.monteCarlo.categoryCorrelation),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Correlation"),
     .decimals = 2,
     .step = 0.01,
     .feeds = kProject},
    {.path = "project.calendar.hours_per_day",
     .spec = &fields::hoursPerDay,
     PIPEPLAN_MEMBER(project.calendar.hoursPerDay),
     .decimals = 1,
     .step = 0.5,
     .feeds = kProject},
    // The labeling effort. Its items may be 0 when the strata give counts (their sum then):
    // validate() applies the spec only to a plan whose strata give shares.
    {.path = "project.labeling.items",
     .spec = &estimate::specs::items,
     PIPEPLAN_MEMBER(project.labeling.items),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Items"),
     .feeds = kProject},
    {.path = "project.labeling.qc_rate",
     .spec = &estimate::specs::rate,
     PIPEPLAN_MEMBER(project.labeling.qcSampleRate),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "QC sampling"),
     .decimals = 1,
     .step = 0.01,
     .displayScale = 100,
     .feeds = kProject},
    {.path = "project.labeling.adjudication_share",
     .spec = &estimate::specs::rate,
     PIPEPLAN_MEMBER(project.labeling.adjudicationShare),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Adjudication"),
     .decimals = 1,
     .step = 0.01,
     .displayScale = 100,
     .feeds = kProject},
    // Unset: each stratum's labeling time.
    {.path = "project.labeling.adjudication_minutes_per_item",
     .spec = &estimate::specs::minutesPerItem,
     PIPEPLAN_MEMBER(project.labeling.adjudicationMinutesPerItem),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Adjudication time"),
     .decimals = 1,
     .step = 0.1,
     .presence = Presence::Nullable,
     .feeds = kProject},
    {.path = "project.labeling.annotators",
     .spec = &estimate::specs::annotators,
     PIPEPLAN_MEMBER(project.labeling.annotators),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Annotators"),
     .feeds = kProject},
    {.path = "project.labeling.hours_per_week",
     .spec = &estimate::specs::hoursPerWeek,
     PIPEPLAN_MEMBER(project.labeling.hoursPerWeek),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Hours per week"),
     .feeds = kProject},
    {.path = "project.labeling.first_week_productivity",
     .spec = &estimate::specs::productivity,
     PIPEPLAN_MEMBER(project.labeling.firstWeekProductivity),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "First-week productivity"),
     .step = 0.01,
     .displayScale = 100,
     .feeds = kProject},
    {.path = "project.labeling.contingency",
     .spec = &estimate::specs::buffer,
     PIPEPLAN_MEMBER(project.labeling.contingency),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Labeling contingency"),
     .step = 0.01,
     .displayScale = 100,
     .feeds = kProject},
    {.path = "project.labeling.hourly_rate",
     .spec = &estimate::specs::money,
     PIPEPLAN_MEMBER(project.labeling.hourlyRate),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Blended rate"),
     .decimals = 2,
     .step = 0.01,
     .feeds = kProject},
    {.path = "project.labeling.tooling_cost",
     .spec = &estimate::specs::money,
     PIPEPLAN_MEMBER(project.labeling.toolingCost),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Tooling cost"),
     .feeds = kProject},
    // A training job's ETA from a canary run (seed 003).
    {.path = "project.job_eta.samples_per_second",
     .spec = &estimate::specs::samplesPerSecond,
     PIPEPLAN_MEMBER(project.jobEta.samplesPerSecond),
     .decimals = 2,
     .step = 0.01,
     .feeds = kProject},
    {.path = "project.job_eta.dataset_samples",
     .spec = &estimate::specs::datasetSamples,
     PIPEPLAN_MEMBER(project.jobEta.datasetSamples),
     .feeds = kProject},
    {.path = "project.job_eta.epochs",
     .spec = &estimate::specs::epochs,
     PIPEPLAN_MEMBER(project.jobEta.epochs),
     .decimals = 1,
     .step = 0.1,
     .feeds = kProject},
    {.path = "project.job_eta.safety_factor",
     .spec = &estimate::specs::safetyFactor,
     PIPEPLAN_MEMBER(project.jobEta.safetyFactor),
     .decimals = 2,
     .step = 0.01,
     .feeds = kProject},
    {.path = "project.job_eta.checkpoint_minutes",
     .spec = &estimate::specs::checkpointMinutes,
     PIPEPLAN_MEMBER(project.jobEta.checkpointMinutes),
     .label = QT_TRANSLATE_NOOP("pipeplan::fieldregistry", "Checkpoint every"),
     .feeds = kProject},
};

#undef PIPEPLAN_MEMBER

// The number of a list's element a row reads and writes, named once (each lambda becomes the
// function pointer of the row's element type).
#define PIPEPLAN_ELEMENT_MEMBER(member)                                                            \
    .get = [](const auto &e) -> std::optional<double> { return e.member; },                        \
    .set = [](auto &e, std::optional<double> value) { assign(e.member, value); }

// Each list's rows in the order its reader reads them.
constexpr ElementField<Stage> kStageFields[] = {
    // A stage that scores takes its time from the job's latency.
    {.key = "ms_per_user",
     .spec = &fields::stageMs,
     PIPEPLAN_ELEMENT_MEMBER(msPerUser),
     .applies = [](const Stage &stage) { return !stage.isScoring; }},
};

constexpr ElementField<estimate::Task> kTaskFields[] = {
    {.key = "optimistic", .spec = &estimate::specs::taskTime, PIPEPLAN_ELEMENT_MEMBER(optimistic)},
    {.key = "most_likely", .spec = &estimate::specs::taskTime, PIPEPLAN_ELEMENT_MEMBER(mostLikely)},
    {.key = "pessimistic",
     .spec = &estimate::specs::taskTime,
     PIPEPLAN_ELEMENT_MEMBER(pessimistic)},
};

constexpr ElementField<estimate::Task> kTaskProgressFields[] = {
    {.key = "actual",
     .spec = &estimate::specs::taskTime,
     PIPEPLAN_ELEMENT_MEMBER(progress.actual),
     .applies =
         [](const estimate::Task &task) {
             return task.progress.state == estimate::TaskState::Done;
         }},
    {.key = "share_done",
     .spec = &fields::shareDone,
     PIPEPLAN_ELEMENT_MEMBER(progress.shareDone),
     .applies =
         [](const estimate::Task &task) {
             return task.progress.state == estimate::TaskState::InProgress;
         }},
};

constexpr ElementField<estimate::Stratum> kStratumFields[] = {
    {.key = "share",
     .spec = &estimate::specs::share,
     PIPEPLAN_ELEMENT_MEMBER(share),
     .presence = Presence::Nullable},
    {.key = "count",
     .spec = &estimate::specs::count,
     PIPEPLAN_ELEMENT_MEMBER(count),
     .presence = Presence::Nullable},
    {.key = "minutes_per_item",
     .spec = &estimate::specs::minutesPerItem,
     PIPEPLAN_ELEMENT_MEMBER(minutesPerItem)},
    {.key = "review_minutes_per_item",
     .spec = &estimate::specs::minutesPerItem,
     PIPEPLAN_ELEMENT_MEMBER(reviewMinutesPerItem),
     .presence = Presence::Nullable},
};

constexpr ElementField<estimate::ActualEntry> kActualFields[] = {
    {.key = "estimate", .spec = &estimate::specs::estimate, PIPEPLAN_ELEMENT_MEMBER(estimate)},
    {.key = "actual", .spec = &estimate::specs::actual, PIPEPLAN_ELEMENT_MEMBER(actual)},
};

#undef PIPEPLAN_ELEMENT_MEMBER

// The member a per-device row reads and writes, named once.
#define PIPEPLAN_PER_DEVICE(member)                                                                \
    .get = [](const Scenario &s) -> const std::vector<double> & { return s.member; },              \
    .at = [](Scenario &s) -> std::vector<double> & { return s.member; }

constexpr PerDeviceField kPerDeviceFields[] = {
    {.path = "training.forward_ms",
     .spec = &fields::forwardMs,
     PIPEPLAN_PER_DEVICE(training.forwardMs)},
    {.path = "training.backward_ms",
     .spec = &fields::backwardMs,
     PIPEPLAN_PER_DEVICE(training.backwardMs)},
    {.path = "training.weight_ms",
     .spec = &fields::weightMs,
     PIPEPLAN_PER_DEVICE(training.weightMs)},
};

#undef PIPEPLAN_PER_DEVICE

} // namespace

QLatin1StringView Field::section() const
{
    const QLatin1StringView all(path);
    const qsizetype dot = all.lastIndexOf(QLatin1Char('.'));
    return dot < 0 ? QLatin1StringView() : all.first(dot);
}

QLatin1StringView Field::key() const
{
    const QLatin1StringView all(path);
    return all.sliced(all.lastIndexOf(QLatin1Char('.')) + 1);
}

QString Field::labelFor(const Scenario &scenario) const
{
    if (labelIn)
        return labelIn(scenario);
    if (label)
        return QCoreApplication::translate("pipeplan::fieldregistry", label);
    QString words = QCoreApplication::translate("pipeplan::fields", spec->label);
    if (!words.isEmpty())
        words[0] = words[0].toUpper();
    return words;
}

QString Field::unitFor(const Scenario &scenario) const
{
    return unitIn ? unitIn(scenario) : QCoreApplication::translate("pipeplan::fields", spec->unit);
}

std::optional<double> Field::inForceValue(const Scenario &scenario) const
{
    if (inForce && !inForce(scenario))
        return std::nullopt;
    return get(scenario);
}

std::span<const Field> fields()
{
    return kFields;
}

namespace {
template <typename View> const Field *findIn(View path)
{
    const auto found =
        std::find_if(std::begin(kFields), std::end(kFields),
                     [&path](const Field &f) { return QLatin1StringView(f.path) == path; });
    return found == std::end(kFields) ? nullptr : &*found;
}
} // namespace

const Field *find(QStringView path)
{
    return findIn(path);
}

const Field *find(QLatin1StringView path)
{
    return findIn(path);
}

const Scenario &probe()
{
    // Any plan names its members by address; the defaults are the one every caller shares.
    static const Scenario plan;
    return plan;
}

const Field *findAt(const Scenario &scenario, const void *member)
{
    const auto found = std::find_if(std::begin(kFields), std::end(kFields), [&](const Field &f) {
        return f.at && f.at(scenario) == member;
    });
    return found == std::end(kFields) ? nullptr : &*found;
}

const ElementRows<Stage> &stageRows()
{
    static const ElementRows<Stage> rows{"stages", kStageFields};
    return rows;
}

const ElementRows<estimate::Task> &taskRows()
{
    static const ElementRows<estimate::Task> rows{"project.tasks", kTaskFields};
    return rows;
}

const ElementRows<estimate::Task> &taskProgressRows()
{
    static const ElementRows<estimate::Task> rows{"project.tasks", kTaskProgressFields};
    return rows;
}

const ElementRows<estimate::Stratum> &stratumRows()
{
    static const ElementRows<estimate::Stratum> rows{"project.labeling.strata", kStratumFields};
    return rows;
}

const ElementRows<estimate::ActualEntry> &actualRows()
{
    static const ElementRows<estimate::ActualEntry> rows{"project.actuals", kActualFields};
    return rows;
}

QLatin1StringView PerDeviceField::section() const
{
    const QLatin1StringView all(path);
    return all.first(all.lastIndexOf(QLatin1Char('.')));
}

QLatin1StringView PerDeviceField::key() const
{
    const QLatin1StringView all(path);
    return all.sliced(all.lastIndexOf(QLatin1Char('.')) + 1);
}

std::span<const PerDeviceField> perDeviceFields()
{
    return kPerDeviceFields;
}

} // namespace pipeplan::fieldregistry
