#include "core/plan/evaluation.h"

#include "core/base/cost.h"

#include "core/base/deadline.h"

#include "core/base/format.h"
#include "core/base/translate.h"
#include "core/base/units.h"
#include "core/model/amdahl.h"
#include "core/plan/hardwaretext.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace pipeplan {

PIPEPLAN_TR_CONTEXT("pipeplan")

std::vector<schedule::Kind> trainingKinds(const TrainingSettings &training)
{
    std::vector<schedule::Kind> kinds{training.schedule};
    for (schedule::Kind kind : training.compare) {
        if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
            kinds.push_back(kind);
    }
    return kinds;
}

std::vector<MemoryLine> memoryLines(const schedule::Result &result)
{
    const int devices = result.params.devices;
    std::vector<MemoryLine> lines;
    const int shown = std::min(devices, kMemoryLines);
    lines.reserve(static_cast<std::size_t>(std::max(shown, 0)));
    for (int i = 0; i < shown; ++i) {
        MemoryLine line;
        line.device = devices <= kMemoryLines
                          ? i
                          : static_cast<int>(std::lround(i * (devices - 1.0) / (kMemoryLines - 1)));
        line.steps = schedule::memoryOverTime(result, line.device);
        line.steps.push_back(
            {result.makespanMs, line.steps.empty() ? 0.0 : line.steps.back().microbatches});
        lines.push_back(std::move(line));
    }
    return lines;
}

const TrainingSchedule *firstRunnable(const std::vector<TrainingSchedule> &schedules)
{
    for (const TrainingSchedule &entry : schedules)
        if (entry.result)
            return &entry;
    return nullptr;
}

std::vector<TrainingSchedule> computeTraining(const TrainingSettings &training,
                                              TrainingSearch search)
{
    std::vector<TrainingSchedule> schedules;
    const std::vector<schedule::Kind> kinds = trainingKinds(training);
    schedules.reserve(kinds.size());
    for (schedule::Kind kind : kinds) {
        TrainingSchedule entry;
        entry.kind = kind;
        const schedule::Params params = trainingParams(training, kind);
        if (const auto errors = schedule::validate(params); !errors.empty())
            entry.error = errors.front().toString();
        else if (search == TrainingSearch::Background && schedule::searchesInBackground(params))
            entry.searching = true;
        else
            entry.result = schedule::compute(params);
        if (entry.result)
            entry.memory = memoryLines(*entry.result);
        schedules.push_back(std::move(entry));
    }
    return schedules;
}

bool trainingSearching(const std::vector<TrainingSchedule> &schedules)
{
    return std::any_of(schedules.begin(), schedules.end(),
                       [](const TrainingSchedule &entry) { return entry.searching; });
}

int trainingSearchCandidates(const std::vector<TrainingSchedule> &schedules,
                             const TrainingSettings &training)
{
    int total = 0;
    for (const TrainingSchedule &entry : schedules) {
        if (entry.searching)
            total += schedule::searchCandidates(trainingParams(training, entry.kind));
    }
    return total;
}

bool completeTraining(std::vector<TrainingSchedule> &schedules, const TrainingSettings &training,
                      const schedule::SearchProgress &progress)
{
    const int total = trainingSearchCandidates(schedules, training);
    int before = 0;
    std::vector<std::pair<std::size_t, schedule::Result>> found;
    for (std::size_t i = 0; i < schedules.size(); ++i) {
        if (!schedules[i].searching)
            continue;
        const schedule::Params params = trainingParams(training, schedules[i].kind);
        schedule::SearchProgress overall;
        if (progress)
            overall = [&progress, before, total](int done, int) {
                return progress(before + done, total);
            };
        std::optional<schedule::Result> result = schedule::compute(params, overall);
        if (!result)
            return false;
        before += schedule::searchCandidates(params);
        found.emplace_back(i, std::move(*result));
    }
    for (auto &[i, result] : found) {
        schedules[i].memory = memoryLines(result);
        schedules[i].result = std::move(result);
        schedules[i].searching = false;
    }
    return true;
}

job::Numbers jobNumbers(const Scenario &scenario, bool withOverheads)
{
    job::Numbers n = runtime::jobNumbers(scenario.workload);
    n.sequential = scenario.execution == Execution::Sequential;
    const Overheads &o = scenario.overheads;
    n.usersPerShard = o.usersPerShard;
    if (withOverheads) {
        n.requestOverheadMs = o.requestOverheadMs.value_or(0);
        n.sharedCapPerSecond = o.sharedCapPerSecond.value_or(0);
        n.dispatchCapPerSecond = o.dispatchCapPerSecond.value_or(0);
    }
    return n;
}

job::Work jobWork(const Scenario &scenario, bool withOverheads)
{
    const std::vector<Stage> &stages = scenario.stages;
    return job::work(
        jobNumbers(scenario, withOverheads), stages.size(),
        [&stages](size_t k) { return stages[k].msPerUser; },
        [&stages](size_t k) { return stages[k].isScoring; });
}

std::vector<double> effectiveStageMs(const Scenario &scenario)
{
    std::vector<double> stageMs;
    stageMs.reserve(scenario.stages.size());
    const double scoringMs = runtime::scoringMsPerUser(scenario.workload);
    for (const Stage &stage : scenario.stages)
        stageMs.push_back(stage.isScoring ? scoringMs : stage.msPerUser);
    return stageMs;
}

double perUserMs(std::span<const double> stageMs, Execution execution)
{
    return execution == Execution::Sequential ? pipeline::sequentialMs(stageMs)
                                              : pipeline::intervalMs(stageMs);
}

PipelineSummary summarizePipeline(std::span<const double> stageMs, double microbatches)
{
    PipelineSummary summary;
    if (stageMs.empty())
        return summary;
    summary.sequentialMs = pipeline::sequentialMs(stageMs);
    summary.totalMs = pipeline::totalTimeMs(stageMs, microbatches);
    summary.bubbleFraction =
        pipeline::bubbleFraction(static_cast<double>(stageMs.size()), microbatches);
    summary.steadyRatePerSecond = pipeline::steadyRatePerSecond(stageMs);
    summary.bottleneckIndex = pipeline::bottleneck(stageMs);
    summary.utilization = pipeline::utilization(stageMs, microbatches);
    const std::vector<double> balanced = pipeline::balance(stageMs);
    summary.balancedStageMs = balanced.front();
    summary.balancedRatePerSecond = pipeline::steadyRatePerSecond(balanced);
    return summary;
}

BalancedSplit balancedSplit(const Scenario &scenario)
{
    BalancedSplit split;
    split.workload = scenario.workload;
    split.stages = scenario.stages;
    const std::vector<double> stageMs = effectiveStageMs(scenario);
    const std::vector<double> balanced = pipeline::balance(stageMs);
    if (balanced.empty())
        return split;
    split.stageMs = balanced.front();
    split.changes = balanced != stageMs;
    if (!split.changes)
        return split;
    Workload &w = split.workload;
    for (size_t i = 0; i < stageMs.size(); ++i) {
        Stage &stage = split.stages[i];
        if (!stage.isScoring) {
            stage.msPerUser = split.stageMs;
            continue;
        }
        if (stageMs[i] == split.stageMs)
            continue;
        if (stageMs[i] <= 0 || w.predictionsPerUser <= 0) {
            // No model time to scale (zero predictions): the split cannot be applied.
            split.workload = scenario.workload;
            split.stages = scenario.stages;
            split.changes = false;
            return split;
        }
        split.scoringScale = split.stageMs / stageMs[i];
        if (w.batchMsPerUser) {
            // The batched time is what the scoring stage takes: set it exactly.
            *w.batchMsPerUser = split.stageMs;
            w.latencyMs *= split.scoringScale;
            if (w.acceleratorLatencyMs)
                *w.acceleratorLatencyMs *= split.scoringScale;
        } else if (w.acceleratorLatencyMs) {
            w.latencyMs *= split.scoringScale;
            *w.acceleratorLatencyMs = split.stageMs / w.predictionsPerUser;
        } else {
            w.latencyMs = split.stageMs / w.predictionsPerUser;
        }
    }
    return split;
}

Scenario withBalancedSplit(Scenario scenario, const BalancedSplit &split)
{
    scenario.workload = split.workload;
    scenario.stages = split.stages;
    return scenario;
}

std::vector<Scenario> leverScenarios(const Scenario &scenario)
{
    const Workload &target = scenario.workload;
    Scenario step = scenario;
    step.overheads = Overheads{};
    Workload &w = step.workload;
    // Serial baseline: the job as first written down, before any lever.
    w.keepFraction = 1.0;
    w.acceleratorLatencyMs.reset();
    w.batchMsPerUser.reset();
    w.workers = 1;
    // A range on the keep fraction is no range of the baseline, which keeps everyone.
    step.uncertainty.ranges.erase(QStringLiteral("workload.keep_fraction"));
    std::vector<Scenario> steps{step};
    w.keepFraction = target.keepFraction;
    step.uncertainty.ranges = scenario.uncertainty.ranges;
    steps.push_back(step);
    w.acceleratorLatencyMs = target.acceleratorLatencyMs;
    steps.push_back(step);
    w.batchMsPerUser = target.batchMsPerUser;
    steps.push_back(step);
    w.workers = target.workers;
    steps.push_back(step);
    return steps;
}

std::vector<LeverStep> leverWaterfall(const Scenario &scenario)
{
    const Workload &target = scenario.workload;
    const std::vector<Scenario> at = leverScenarios(scenario);
    auto workSeconds = [](const Scenario &step) { return jobWork(step, false).workSeconds; };

    std::vector<LeverStep> steps;
    steps.push_back({tr("Serial baseline"),
                     tr("%1/prediction").arg(format::milliseconds(target.latencyMs)),
                     workSeconds(at[0]), true});
    steps.push_back({tr("Pre-filtering"),
                     tr("keep %1%").arg(format::trimmed(target.keepFraction * 100, 2)),
                     workSeconds(at[1]), target.keepFraction < 1.0});
    steps.push_back({tr("Accelerator"),
                     target.acceleratorLatencyMs
                         ? tr("%1 → %2/prediction")
                               .arg(format::milliseconds(target.latencyMs),
                                    format::milliseconds(*target.acceleratorLatencyMs))
                         : tr("none"),
                     workSeconds(at[2]),
                     target.acceleratorLatencyMs.has_value() &&
                         *target.acceleratorLatencyMs != target.latencyMs});
    steps.push_back({tr("Batching"),
                     target.batchMsPerUser
                         ? QStringLiteral("%1/%2").arg(format::milliseconds(*target.batchMsPerUser),
                                                       target.counted.one)
                         : tr("not batched"),
                     workSeconds(at[3]), target.batchMsPerUser.has_value()});
    steps.push_back(
        {tr("Workers"),
         QStringLiteral("%1, p = %2")
             .arg(format::grouped(target.workers, 0), format::trimmed(target.parallelFraction, 4)),
         runtime::runtimeSeconds(workSeconds(at[4]), target.workers, target.parallelFraction),
         target.workers > 1});
    return steps;
}

std::vector<ScalingRow> scalingRows(double workSeconds, double parallelFraction,
                                    const std::vector<double> &workerCounts,
                                    const OverheadResult &overheads, double pricePerWorkerHour)
{
    std::vector<ScalingRow> rows = scalingTable(workSeconds, parallelFraction, workerCounts);
    for (ScalingRow &row : rows) {
        if (overheads.enabled) {
            const double seconds = overheads.model.runtimeSeconds(row.workers);
            row.effectiveSeconds = seconds;
            row.effectiveHours = units::toHours(seconds);
            row.effectiveDays = units::toDays(seconds);
        }
        row.workerHours = row.workers * row.effectiveHours;
        row.cost = cost::ofJob(row.workers, row.effectiveSeconds, pricePerWorkerHour);
    }
    return rows;
}

ScenarioResult evaluate(const Scenario &scenario)
{
    const Workload &w = scenario.workload;
    ScenarioResult r;
    const job::Work naive = jobWork(scenario, false);
    r.usersScored = naive.usersScored;
    r.totalPredictions = runtime::totalPredictions(w);
    r.scoringMsPerUser = naive.scoringMsPerUser;
    r.stageMs = effectiveStageMs(scenario);
    r.perUserMs = naive.perUserMs;
    r.bottleneckIndex = pipeline::bottleneck(r.stageMs);
    r.workSeconds = naive.workSeconds;
    r.linearSeconds = r.workSeconds / w.workers;
    r.speedup = amdahl::speedup(w.parallelFraction, w.workers);
    r.efficiency = amdahl::efficiency(w.parallelFraction, w.workers);
    r.maxSpeedup = amdahl::maxSpeedup(w.parallelFraction);
    r.runtimeSeconds = runtime::runtimeSeconds(r.workSeconds, w.workers, w.parallelFraction);
    r.throughputUsersPerSecond = r.usersScored / r.runtimeSeconds;
    r.throughputPredictionsPerSecond = r.totalPredictions / r.runtimeSeconds;
    r.nearestScalingRow = nearestRow(scenario.workerCounts, w.workers);
    r.waterfall = leverWaterfall(scenario);
    r.pipeline = summarizePipeline(r.stageMs, scenario.microbatches);
    r.overheads = evaluateOverheads(scenario, r);
    r.memory = checkMemory(scenario.memory, w.predictionsPerUser);
    r.effectiveRuntimeSeconds = r.overheads.enabled ? r.overheads.runtimeSeconds : r.runtimeSeconds;
    r.deadline = deadlineVerdict(scenario, r);
    const double price = scenario.goal.pricePerWorkerHour;
    r.scaling =
        scalingRows(r.workSeconds, w.parallelFraction, scenario.workerCounts, r.overheads, price);
    r.throughputUsersPerSecond = r.usersScored / r.effectiveRuntimeSeconds;
    r.throughputPredictionsPerSecond = r.totalPredictions / r.effectiveRuntimeSeconds;
    r.cost.currency = scenario.goal.currency;
    r.cost.pricePerWorkerHour = price;
    r.cost.workerHours = w.workers * units::toHours(r.effectiveRuntimeSeconds);
    r.cost.total = cost::ofJob(w.workers, r.effectiveRuntimeSeconds, price);
    if (r.overheads.enabled) {
        r.waterfall.push_back(
            {tr("Overheads"),
             limitText(r.overheads.binding, scenario.overheads.sharedResourceName) + tr(" binds"),
             r.overheads.runtimeSeconds, true});
    }
    for (size_t i = 0; i < r.waterfall.size(); ++i) {
        // Serial baseline, pre-filtering, accelerator and batching run one stream; the workers
        // step and the overheads after it bill every worker.
        const double workers = i >= 4 ? w.workers : 1;
        r.waterfall[i].cost = cost::ofJob(workers, r.waterfall[i].runtimeSeconds, price);
    }
    return r;
}

double effectiveSpeedup(const ScenarioResult &result, double workers)
{
    if (!result.overheads.enabled)
        return amdahl::speedup(result.overheads.model.parallelFraction, workers);
    return result.workSeconds / result.overheads.model.runtimeSeconds(workers);
}

std::vector<amdahl::CurvePoint> effectiveSpeedupCurve(const ScenarioResult &result,
                                                      double minWorkers, double maxWorkers,
                                                      int points)
{
    // The ideal curve (p = 1) gives the log-spaced worker counts.
    std::vector<amdahl::CurvePoint> curve = amdahl::curve(1.0, minWorkers, maxWorkers, points);
    for (amdahl::CurvePoint &point : curve)
        point.speedup = effectiveSpeedup(result, point.workers);
    return curve;
}

OverheadModel naiveModel(const Scenario &scenario, const ScenarioResult &result)
{
    OverheadModel model;
    model.workSeconds = result.workSeconds;
    model.parallelFraction = scenario.workload.parallelFraction;
    return model;
}

OverheadModel overheadModel(const Scenario &scenario, double *msPerUser)
{
    const job::Work work = jobWork(scenario, true);
    if (msPerUser)
        *msPerUser = work.perUserMs;
    OverheadModel m;
    m.workSeconds = work.workSeconds;
    m.parallelFraction = scenario.workload.parallelFraction;
    m.coldStartSeconds = scenario.overheads.coldStartSeconds.value_or(0);
    m.sharedCapSeconds = work.sharedCapSeconds;
    m.dispatchCapSeconds = work.dispatchCapSeconds;
    m.sharedResourceName = scenario.overheads.sharedResourceName;
    return m;
}

double effectiveRuntimeSeconds(const Scenario &scenario)
{
    // The same model as evaluate(): the naive one (no cold start, no caps) without overheads.
    const bool overheads = scenario.overheads.any();
    const job::Work work = jobWork(scenario, overheads);
    const Workload &w = scenario.workload;
    return job::runtimeSeconds(work.workSeconds, w.parallelFraction, 1.0 / w.workers,
                               overheads ? scenario.overheads.coldStartSeconds.value_or(0) : 0.0,
                               work.capSeconds());
}

OverheadResult evaluateOverheads(const Scenario &scenario, const ScenarioResult &result)
{
    const Overheads &o = scenario.overheads;
    const Workload &w = scenario.workload;
    OverheadResult r;
    r.enabled = o.any();
    r.requestsPerUser = requestsPerUser(w.predictionsPerUser, w.batchMsPerUser.has_value());
    r.model = overheadModel(scenario, &r.msPerUser);
    r.shards = std::ceil(result.usersScored / o.usersPerShard);
    const OverheadModel &m = r.model;
    r.runtimeSeconds = m.runtimeSeconds(w.workers);
    r.binding = m.bindingLimit(w.workers);

    const auto [capSeconds, capLimit] = m.capSeconds();
    if (capSeconds > 0) {
        r.capLimit = capLimit;
        r.capPerSecond =
            capLimit == Limit::SharedResource ? *o.sharedCapPerSecond : *o.dispatchCapPerSecond;
        r.kneeWorkers = kneeWorkers(m, capSeconds);
    }
    r.usersPerWorker = result.usersScored / w.workers;
    r.workerBusySeconds = m.computeSeconds(w.workers);
    r.coldStartShare = m.coldStartSeconds / (m.coldStartSeconds + r.workerBusySeconds);
    return r;
}

simulation::Params simulationParams(const Scenario &scenario, const ScenarioResult &result)
{
    const OverheadResult &o = result.overheads;
    const SimulationSettings &s = scenario.simulation;
    const double p = scenario.workload.parallelFraction;
    simulation::Params params;
    params.shards = o.shards;
    params.shardSeconds = p * scenario.overheads.usersPerShard * o.msPerUser / 1000;
    params.workers = scenario.workload.workers;
    params.coldStartSeconds = o.model.coldStartSeconds;
    params.serialSeconds = (1 - p) * o.model.workSeconds;
    double dispatch = 0;
    if (scenario.overheads.sharedCapPerSecond)
        dispatch = *scenario.overheads.sharedCapPerSecond / scenario.overheads.usersPerShard;
    if (scenario.overheads.dispatchCapPerSecond) {
        dispatch = dispatch > 0 ? std::min(dispatch, *scenario.overheads.dispatchCapPerSecond)
                                : *scenario.overheads.dispatchCapPerSecond;
    }
    params.dispatchPerSecond = dispatch;
    params.stragglerProbability = s.stragglerProbability;
    params.stragglerFactor = s.stragglerFactor;
    params.failureProbability = s.failureProbability;
    params.checkpointSeconds = s.checkpointSeconds.value_or(0);
    params.checkpointCostSeconds = s.checkpointCostSeconds;
    params.speculativeBackups = s.speculativeBackups;
    params.trials = static_cast<int>(s.trials);
    params.seed = static_cast<std::uint64_t>(s.seed);
    return params;
}

Comparison compare(const Scenario &current, const ScenarioResult &currentResult,
                   const Scenario &baseline, const ScenarioResult &baselineResult)
{
    // The runtimes a person sees: with overheads when they are on (effectiveRuntimeSeconds),
    // on both sides, so the ratio, the headline and the report tell one story.
    Comparison c;
    c.runtimeRatio = 1 + format::relativeChange(currentResult.effectiveRuntimeSeconds,
                                                baselineResult.effectiveRuntimeSeconds);
    c.runtimeDeltaSeconds =
        currentResult.effectiveRuntimeSeconds - baselineResult.effectiveRuntimeSeconds;
    c.workDeltaSeconds = currentResult.workSeconds - baselineResult.workSeconds;
    c.throughputRatio = 1 + format::relativeChange(currentResult.throughputUsersPerSecond,
                                                   baselineResult.throughputUsersPerSecond);
    c.baselineScaling = scalingRows(baselineResult.workSeconds, baseline.workload.parallelFraction,
                                    current.workerCounts, baselineResult.overheads,
                                    baselineResult.cost.pricePerWorkerHour);
    return c;
}

goalseek::Inputs goalModelInputs(const Scenario &scenario, const ScenarioResult &result,
                                 double deadlineSeconds)
{
    goalseek::Inputs in;
    in.naive = naiveModel(scenario, result);
    in.withOverheads = result.overheads.model;
    in.deadlineSeconds = deadlineSeconds;
    in.pricePerWorkerHour = scenario.goal.pricePerWorkerHour;
    return in;
}

std::optional<goalseek::Inputs> goalInputs(const Scenario &scenario, const ScenarioResult &result)
{
    if (!scenario.goal.deadlineSeconds)
        return std::nullopt;
    goalseek::Inputs in = goalModelInputs(scenario, result, *scenario.goal.deadlineSeconds);
    in.simulation = simulationParams(scenario, result);
    in.simulation.workers = 1;
    in.simulation.trials = static_cast<int>(scenario.goal.trials);
    return in;
}

std::optional<DeadlineVerdict> deadlineVerdict(const Scenario &scenario,
                                               const ScenarioResult &result)
{
    if (!scenario.goal.deadlineSeconds)
        return std::nullopt;
    const goalseek::Inputs in = goalModelInputs(scenario, result, *scenario.goal.deadlineSeconds);
    DeadlineVerdict verdict;
    verdict.deadlineSeconds = in.deadlineSeconds;
    verdict.runtimeSeconds = result.effectiveRuntimeSeconds;
    verdict.meets = deadline::meets(verdict.runtimeSeconds, verdict.deadlineSeconds);
    // A tie met by the last bits of rounding has nothing to spare, not a negative margin.
    verdict.marginSeconds = verdict.meets
                                ? std::max(0.0, verdict.deadlineSeconds - verdict.runtimeSeconds)
                                : verdict.deadlineSeconds - verdict.runtimeSeconds;
    verdict.naive = goalseek::naiveOption(in);
    verdict.withOverheads = goalseek::overheadOption(in);
    return verdict;
}

HardwareInForce hardwareInForce(const Scenario &typed)
{
    const HardwareSettings &settings = typed.hardware;
    HardwareInForce hw;
    if (!settings.enabled)
        return hw;
    const std::optional<hardware::Device> device =
        hardware::findDevice(settings.device, settings.devices);
    hw.enabled = true;
    hw.deviceName = settings.device;
    hw.modelName = settings.model.name;
    hw.typedLatencyMs = typed.workload.latencyMs;
    if (!device)
        return hw;
    hw.deviceFound = true;
    hw.device = *device;
    hw.deviceName = device->name;
    hw.requestedBatch = settings.batch;
    const hardware::MemoryFit fit = hardware::memoryFit(settings.model, *device);
    hw.memory = fit;
    hw.fitLimit = fit.limit;
    if (fit.maxBatch < 1)
        return hw;
    hw.batch = std::min(settings.batch, fit.maxBatch);
    hw.roofline = hardware::roofline(settings.model, *device, settings.efficiency, hw.batch);
    hw.inForce = true;
    return hw;
}

Scenario scenarioInForce(Scenario typed, const HardwareInForce &hardware)
{
    if (!hardware.inForce)
        return typed;
    typed.workload.acceleratorLatencyMs = hardware.roofline.latencyMsPerItem;
    if (typed.hardware.devicePrice)
        typed.goal.pricePerWorkerHour = hardware.device.pricePerHour;
    return typed;
}

std::vector<DeviceOption> deviceOptions(const Scenario &typed)
{
    std::vector<DeviceOption> possible, impossible;
    for (const hardware::Device &device : hardware::devicesOf(typed.hardware.devices)) {
        Scenario on = typed;
        on.hardware.enabled = true;
        on.hardware.device = device.name;
        on.hardware.devicePrice = true;
        const HardwareInForce hw = hardwareInForce(on);
        DeviceOption option;
        option.device = device;
        if (!hw.inForce) {
            option.reason = explain::hardwareProblem(hw);
            impossible.push_back(std::move(option));
            continue;
        }
        option.batch = hw.batch;
        option.latencyMsPerItem = hw.roofline.latencyMsPerItem;
        option.bound = hw.roofline.bound;
        const Scenario s = scenarioInForce(on, hw);
        const ScenarioResult r = evaluate(s);
        // Without a deadline no device is judged against one: each runs the plan's
        // own workers.
        const std::optional<goalseek::Inputs> in = goalInputs(s, r);
        if (!in) {
            option.possible = true;
            option.workers = s.workload.workers;
            option.runtimeSeconds = r.effectiveRuntimeSeconds;
            option.workerHours = r.cost.workerHours;
            option.cost = r.cost.total;
            possible.push_back(std::move(option));
            continue;
        }
        const goalseek::Option fewest = goalseek::overheadOption(*in);
        if (!fewest.workers) {
            option.reason = fewest.reason;
            impossible.push_back(std::move(option));
            continue;
        }
        option.possible = true;
        option.workers = *fewest.workers;
        option.runtimeSeconds = fewest.runtimeSeconds;
        option.workerHours = option.workers * units::toHours(option.runtimeSeconds);
        option.cost = fewest.cost;
        possible.push_back(std::move(option));
    }
    std::stable_sort(possible.begin(), possible.end(),
                     [](const DeviceOption &a, const DeviceOption &b) { return a.cost < b.cost; });
    possible.insert(possible.end(), std::make_move_iterator(impossible.begin()),
                    std::make_move_iterator(impossible.end()));
    return possible;
}

std::optional<TrainingFromModel> trainingFromModel(const Scenario &scenario,
                                                   const std::vector<TrainingSchedule> &schedules)
{
    const HardwareSettings &hw = scenario.hardware;
    if (hw.model.kind != hardware::ModelKind::Transformer)
        return std::nullopt;
    const std::optional<hardware::Device> device = hardware::findDevice(hw.device, hw.devices);
    if (!device)
        return std::nullopt;
    TrainingFromModel t;
    t.model = hw.model.name;
    t.device = device->name;
    hardware::TrainingSetup setup = hw.training;
    setup.pipelineStages = scenario.training.devices;
    t.stage = hardware::trainingStage(hw.model, *device, hw.efficiency, setup);
    const double price = hw.devicePrice ? device->pricePerHour : scenario.goal.pricePerWorkerHour;
    if (const TrainingSchedule *first = firstRunnable(schedules)) {
        t.runSchedule = first->kind;
        t.run = hardware::trainingRun(t.stage, scenario.training.microbatches,
                                      first->result->makespanMs, hw.trainingTokens, price);
    }
    return t;
}

TrainingSettings withTrainingFromModel(TrainingSettings training, const TrainingFromModel &model)
{
    const hardware::TrainingStage &stage = model.stage;
    training.forwardMs = {stage.forwardMs};
    training.backwardMs = {stage.backwardMs};
    training.weightMs = {stage.weightMs};
    training.activationBytesPerMicrobatch = stage.activationBytesPerMicrobatch;
    // The activations' room: what the weights, gradients and optimizer leave (at least a byte,
    // so a plan whose static bytes do not fit reads "fits no microbatch" rather than refusing).
    training.deviceMemoryBytes = std::max(stage.memoryForActivationsBytes, 1.0);
    return training;
}

} // namespace pipeplan
