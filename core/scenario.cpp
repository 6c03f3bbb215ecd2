#include "scenario.h"

#include "amdahl.h"
#include "format.h"

namespace pipeplan {

Scenario defaultScenario()
{
    Scenario scenario;
    scenario.workload.workers = 10'000;
    scenario.workload.parallelFraction = 0.98;
    return scenario;
}

std::vector<FieldError> validate(const Scenario &scenario)
{
    std::vector<FieldError> errors;
    for (FieldError error : validate(scenario.workload)) {
        error.field.prepend(QStringLiteral("workload."));
        errors.push_back(error);
    }
    auto check = [&errors](const FieldSpec &spec, double value, const QString &name) {
        if (auto error = checkField(spec, value, name))
            errors.push_back(*error);
    };
    check(fields::microbatches, scenario.microbatches, QStringLiteral("microbatches"));
    if (scenario.comparisonParallelFraction) {
        check(fields::parallelFraction, *scenario.comparisonParallelFraction,
              QStringLiteral("compare_parallel_fraction"));
    }
    int scoringStages = 0;
    for (size_t i = 0; i < scenario.stages.size(); ++i) {
        const Stage &stage = scenario.stages[i];
        const QString path = QStringLiteral("stages[%1]").arg(i);
        if (stage.isScoring)
            ++scoringStages;
        else
            check(fields::stageMs, stage.msPerUser, path + QStringLiteral(".ms_per_user"));
        if (stage.name.trimmed().isEmpty())
            errors.push_back({path + QStringLiteral(".name"), QStringLiteral("must not be empty")});
    }
    if (scoringStages != 1) {
        errors.push_back({QStringLiteral("stages"),
                          QStringLiteral("must contain exactly one scoring stage, found %1")
                              .arg(scoringStages)});
    }
    if (scenario.stages.size() > 1000)
        errors.push_back({QStringLiteral("stages"), QStringLiteral("at most 1,000 stages")});
    if (scenario.workerCounts.empty())
        errors.push_back({QStringLiteral("worker_counts"), QStringLiteral("must not be empty")});
    if (scenario.workerCounts.size() > 10'000)
        errors.push_back(
            {QStringLiteral("worker_counts"), QStringLiteral("at most 10,000 worker counts")});
    for (size_t i = 0; i < scenario.workerCounts.size(); ++i)
        check(fields::workers, scenario.workerCounts[i],
              QStringLiteral("worker_counts[%1]").arg(i));
    return errors;
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

std::vector<LeverStep> leverWaterfall(const Scenario &scenario)
{
    const Workload &target = scenario.workload;
    Scenario step = scenario;
    Workload &w = step.workload;
    auto workSecondsNow = [&step]() {
        const std::vector<double> stageMs = effectiveStageMs(step);
        return runtime::workSeconds(runtime::usersScored(step.workload),
                                    perUserMs(stageMs, step.execution));
    };

    // Serial baseline: the job as first written down, before any lever.
    w.keepFraction = 1.0;
    w.latencyMs = target.baselineLatencyMs.value_or(target.latencyMs);
    w.batchMsPerUser.reset();
    std::vector<LeverStep> steps;
    steps.push_back({QStringLiteral("Serial baseline"),
                     QStringLiteral("%1/prediction").arg(format::milliseconds(w.latencyMs)),
                     workSecondsNow(), true});

    w.keepFraction = target.keepFraction;
    steps.push_back({QStringLiteral("Pre-filtering"),
                     QStringLiteral("keep %1%").arg(format::trimmed(target.keepFraction * 100, 2)),
                     workSecondsNow(), target.keepFraction < 1.0});

    w.latencyMs = target.latencyMs;
    steps.push_back(
        {QStringLiteral("Accelerator"),
         QStringLiteral("%1/prediction").arg(format::milliseconds(target.latencyMs)),
         workSecondsNow(),
         target.baselineLatencyMs.has_value() && *target.baselineLatencyMs != target.latencyMs});

    w.batchMsPerUser = target.batchMsPerUser;
    steps.push_back({QStringLiteral("Batching"),
                     target.batchMsPerUser ? QStringLiteral("%1/user").arg(
                                                 format::milliseconds(*target.batchMsPerUser))
                                           : QStringLiteral("not batched"),
                     workSecondsNow(), target.batchMsPerUser.has_value()});

    steps.push_back(
        {QStringLiteral("Workers"),
         QStringLiteral("%1, p = %2")
             .arg(format::grouped(target.workers, 0), format::trimmed(target.parallelFraction, 4)),
         runtime::runtimeSeconds(workSecondsNow(), target.workers, target.parallelFraction),
         target.workers > 1});
    return steps;
}

ScenarioResult evaluate(const Scenario &scenario)
{
    const Workload &w = scenario.workload;
    ScenarioResult r;
    r.usersScored = runtime::usersScored(w);
    r.totalPredictions = runtime::totalPredictions(w);
    r.scoringMsPerUser = runtime::scoringMsPerUser(w);
    r.stageMs = effectiveStageMs(scenario);
    r.perUserMs = perUserMs(r.stageMs, scenario.execution);
    r.bottleneckIndex = pipeline::bottleneck(r.stageMs);
    r.workSeconds = runtime::workSeconds(r.usersScored, r.perUserMs);
    r.linearSeconds = r.workSeconds / w.workers;
    r.speedup = amdahl::speedup(w.parallelFraction, w.workers);
    r.efficiency = amdahl::efficiency(w.parallelFraction, w.workers);
    r.maxSpeedup = amdahl::maxSpeedup(w.parallelFraction);
    r.runtimeSeconds = runtime::runtimeSeconds(r.workSeconds, w.workers, w.parallelFraction);
    r.throughputUsersPerSecond = r.usersScored / r.runtimeSeconds;
    r.throughputPredictionsPerSecond = r.totalPredictions / r.runtimeSeconds;
    r.scaling = scalingTable(r.workSeconds, w.parallelFraction, scenario.workerCounts);
    r.nearestScalingRow = nearestRow(scenario.workerCounts, w.workers);
    r.waterfall = leverWaterfall(scenario);
    r.pipeline = summarizePipeline(r.stageMs, scenario.microbatches);
    return r;
}

Comparison compare(const Scenario &current, const ScenarioResult &currentResult,
                   const Scenario &baseline, const ScenarioResult &baselineResult)
{
    Comparison c;
    c.runtimeRatio = currentResult.runtimeSeconds / baselineResult.runtimeSeconds;
    c.runtimeDeltaSeconds = currentResult.runtimeSeconds - baselineResult.runtimeSeconds;
    c.workDeltaSeconds = currentResult.workSeconds - baselineResult.workSeconds;
    c.throughputRatio =
        currentResult.throughputUsersPerSecond / baselineResult.throughputUsersPerSecond;
    c.baselineScaling = scalingTable(baselineResult.workSeconds, baseline.workload.parallelFraction,
                                     current.workerCounts);
    return c;
}

} // namespace pipeplan
