#include "core/plan/series.h"

#include "core/base/cost.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace pipeplan {

AmdahlSeries amdahlSeries(const Scenario &scenario, const ScenarioResult &model,
                          const Scenario *baseline, const ScenarioResult *baselineResult)
{
    AmdahlSeries series;
    double maxWorkers = 1e6;
    for (double workers : scenario.workerCounts)
        maxWorkers = std::max(maxWorkers, workers * 2);
    series.maxWorkers = std::max(maxWorkers, scenario.workload.workers * 10);
    const double top = series.maxWorkers;
    series.parallelFraction = scenario.workload.parallelFraction;
    series.ideal = amdahl::curve(1.0, 1, top, 2);
    series.amdahl = amdahl::curve(series.parallelFraction, 1, top, kSeriesCurvePoints);
    series.comparisonParallelFraction = scenario.comparisonParallelFraction;
    if (series.comparisonParallelFraction)
        series.comparison =
            amdahl::curve(*series.comparisonParallelFraction, 1, top, kSeriesCurvePoints);
    series.workers = scenario.workload.workers;
    series.speedup = model.speedup;
    series.overheads = model.overheads.enabled;
    if (series.overheads) {
        series.effective = effectiveSpeedupCurve(model, 1, top, kSeriesCurvePoints);
        if (const std::optional<double> knee = model.overheads.kneeWorkers)
            series.knee = amdahl::CurvePoint{*knee, effectiveSpeedup(model, *knee)};
    }
    if (baseline && baselineResult) {
        const double p = baseline->workload.parallelFraction;
        series.baseline =
            AmdahlSeries::Baseline{p, baseline->workload.workers, baselineResult->speedup,
                                   amdahl::curve(p, 1, top, kSeriesCurvePoints)};
    }
    series.maxSpeedup = model.maxSpeedup;
    return series;
}

OverheadSeries overheadSeries(const Scenario &scenario, const ScenarioResult &model)
{
    const OverheadResult &o = model.overheads;
    OverheadSeries series;
    series.maxWorkers = std::max(1e6, scenario.workload.workers * 10);
    if (o.kneeWorkers)
        series.maxWorkers = std::max(series.maxWorkers, *o.kneeWorkers * 10);
    series.curve = runtimeCurve(naiveModel(scenario, model), o.model, 1, series.maxWorkers,
                                kSeriesCurvePoints);
    series.enabled = o.enabled;
    series.workers = scenario.workload.workers;
    series.runtimeSeconds = model.effectiveRuntimeSeconds;
    if (o.kneeWorkers)
        series.knee = OverheadSeries::Knee{
            *o.kneeWorkers, o.model.runtimeSeconds(*o.kneeWorkers),
            limitText(o.model.capSeconds().second, scenario.overheads.sharedResourceName)};
    return series;
}

CostSeries costSeries(const Scenario &scenario, const ScenarioResult &model)
{
    CostSeries series;
    series.currency = model.cost.currency;
    const double price = model.cost.pricePerWorkerHour;
    const OverheadModel &runtime = model.overheads.model;
    auto at = [&](double workers) {
        const double seconds = runtime.runtimeSeconds(workers);
        return CostPoint{workers, seconds, cost::ofJob(workers, seconds, price)};
    };
    double top = std::max(scenario.workload.workers * 10, 1e3);
    for (double n : scenario.workerCounts)
        top = std::max(top, n);
    const std::optional<DeadlineVerdict> &deadline = model.deadline;
    if (deadline && deadline->withOverheads.workers)
        top = std::max(top, *deadline->withOverheads.workers * 10);
    const double steps = kSeriesCurvePoints - 1;
    for (int i = 0; i <= kSeriesCurvePoints - 1; ++i)
        series.curve.push_back(at(std::pow(top, i / steps)));
    series.plan = {scenario.workload.workers, model.effectiveRuntimeSeconds, model.cost.total};
    if (deadline) {
        series.deadlineSeconds = deadline->deadlineSeconds;
        if (deadline->withOverheads.workers)
            series.fewest = at(*deadline->withOverheads.workers);
    }
    return series;
}

PipelineSeries pipelineSeries(const Scenario &scenario, const ScenarioResult &model)
{
    PipelineSeries series;
    series.counted = scenario.workload.counted;
    for (const Stage &stage : scenario.stages) {
        series.stageNames << stage.name;
        if (stage.isScoring)
            series.scoringStageName = stage.name;
    }
    series.microbatches = scenario.microbatches;
    const int microbatches = static_cast<int>(scenario.microbatches);
    series.stageMs = model.stageMs;
    series.bottleneckIndex = model.bottleneckIndex;
    series.summary = model.pipeline;
    series.schedule = pipeline::schedule(series.stageMs, microbatches);
    series.balancedStageMs = pipeline::balance(series.stageMs);
    series.balancedSummary = summarizePipeline(series.balancedStageMs, scenario.microbatches);
    // Equal stages already: the balanced schedule is the same one, not computed twice.
    series.balancedSchedule = series.balancedStageMs == series.stageMs
                                  ? series.schedule
                                  : pipeline::schedule(series.balancedStageMs, microbatches);
    series.split = balancedSplit(scenario);
    series.workload = scenario.workload;
    return series;
}

WaterfallSeries waterfallSeries(const ScenarioResult &model, const ScenarioResult *baselineResult,
                                bool withCost)
{
    WaterfallSeries series;
    if (withCost)
        series.costCurrency = model.cost.currency;
    series.steps = model.waterfall;
    series.deadlineSeconds = model.deadline ? model.deadline->deadlineSeconds : 0;
    if (baselineResult)
        series.baselineSteps = baselineResult->waterfall;
    return series;
}

FitSeries fitSeries(const fit::Runs &runs, const fit::Result &fit, double planWorkers)
{
    FitSeries series;
    series.measure = runs.measure;
    series.planWorkers = planWorkers;
    series.problem = fit.problem;
    double smallest = 1;
    double largest = std::max(planWorkers, 2.0);
    for (const fit::Run &run : runs.runs) {
        series.runWorkers.push_back(run.workers);
        series.runValues.push_back(run.value);
        smallest = std::min(smallest, run.workers);
        largest = std::max(largest, run.workers);
        series.topValue = std::max(series.topValue, run.value);
    }
    series.fitted = fit.amdahl || fit.usl;
    if (fit.usl && fit.usl->peakWorkers) {
        series.peakWorkers = fit.usl->peakWorkers;
        largest = std::max(largest, *fit.usl->peakWorkers);
    }
    largest *= 1.5;
    series.minWorkers = smallest;
    series.maxWorkers = largest;
    if (!series.fitted)
        return series;
    std::vector<double> grid;
    grid.reserve(kFitCurvePoints + 1);
    for (int i = 0; i <= kFitCurvePoints; ++i)
        grid.push_back(smallest *
                       std::pow(largest / smallest, static_cast<double>(i) / kFitCurvePoints));
    for (const fit::Prediction &p : fit::predict(fit, runs.measure, grid)) {
        series.curveWorkers.push_back(p.workers);
        if (fit.amdahl)
            series.amdahl.push_back(p.amdahl);
        if (fit.usl) {
            series.usl.push_back(p.usl);
            series.uslLow.push_back(p.uslLow);
            series.uslHigh.push_back(p.uslHigh);
        }
    }
    // The band can run far off at large N: the top follows the points and the curves, and the
    // chart clips the band rather than squashing everything else.
    for (const std::vector<double> *curve : {&series.amdahl, &series.usl})
        for (double v : *curve)
            if (std::isfinite(v))
                series.topValue = std::max(series.topValue, v);
    return series;
}

} // namespace pipeplan
