#include "core/hardware/roofline.h"
#include "core/model/pipeline.h"
#include "core/model/uncertainty.h"
#include "core/plan/evaluation.h"
#include "core/plan/planresult.h"
#include "core/plan/whatittakes.h"
#include "core/tail/simulate.h"
#include "core/training/schedule.h"
#include "tests/support/ranges.h"

#include <QProcess>
#include <QStringList>

#include <benchmark/benchmark.h>

namespace {

// The whole model for the default scenario: what one slider tick costs before any drawing.
void BM_Evaluate(benchmark::State &state)
{
    const pipeplan::Scenario scenario = pipeplan::defaultScenario();
    for (auto _ : state)
        benchmark::DoNotOptimize(pipeplan::evaluate(scenario));
}
BENCHMARK(BM_Evaluate)->Name("BM_Evaluate/default");

// Every cell of a 64-stage, 512-microbatch schedule (the large Gantt).
void BM_PipelineSchedule(benchmark::State &state)
{
    std::vector<double> stageMs(64);
    for (size_t i = 0; i < stageMs.size(); ++i)
        stageMs[i] = 5.0 + static_cast<double>(i % 7);
    for (auto _ : state)
        benchmark::DoNotOptimize(pipeplan::pipeline::schedule(stageMs, 512));
}
BENCHMARK(BM_PipelineSchedule)->Name("BM_PipelineSchedule/64x512");

// Computing the largest training schedule the workspace shows: interleaved 1F1B over 64 devices,
// 512 microbatches, 4 chunks per device (262,144 ops), no drawing.
void BM_ScheduleCompute(benchmark::State &state)
{
    pipeplan::schedule::Params params;
    params.kind = pipeplan::schedule::Kind::Interleaved;
    params.devices = 64;
    params.microbatches = 512;
    params.virtualStages = 4;
    params.forwardMs = {4.0};
    params.backwardMs = {8.0};
    params.weightMs = {0.0};
    for (auto _ : state)
        benchmark::DoNotOptimize(pipeplan::schedule::compute(params));
    state.SetItemsProcessed(state.iterations() * 64 * 512 * 4 * 2);
}
BENCHMARK(BM_ScheduleCompute)
    ->Name("BM_ScheduleCompute/interleaved_64x512x4")
    ->Unit(benchmark::kMillisecond);

pipeplan::simulation::Params largeJob()
{
    pipeplan::simulation::Params params;
    params.shards = 1'000'000;
    params.shardSeconds = 60;
    params.workers = 10'000;
    params.coldStartSeconds = 30;
    params.trials = 1;
    return params;
}

// One trial of the job: 1M shards through one queue to 10k workers, no tail.
void BM_Simulate(benchmark::State &state)
{
    const pipeplan::simulation::Params params = largeJob();
    std::uint64_t trial = 0;
    for (auto _ : state)
        benchmark::DoNotOptimize(pipeplan::simulation::simulateTrial(params, trial++));
    state.SetItemsProcessed(state.iterations() * 1'000'000);
}
BENCHMARK(BM_Simulate)->Name("BM_Simulate/10k_workers_1M_shards")->Unit(benchmark::kMillisecond);

// The same trial with every random rule on: stragglers, failures with checkpoints, backups.
void BM_SimulateTail(benchmark::State &state)
{
    pipeplan::simulation::Params params = largeJob();
    params.stragglerProbability = 0.01;
    params.stragglerFactor = 3;
    params.failureProbability = 0.02;
    params.checkpointSeconds = 20;
    params.checkpointCostSeconds = 1;
    params.speculativeBackups = true;
    std::uint64_t trial = 0;
    for (auto _ : state)
        benchmark::DoNotOptimize(pipeplan::simulation::simulateTrial(params, trial++));
    state.SetItemsProcessed(state.iterations() * 1'000'000);
}
BENCHMARK(BM_SimulateTail)
    ->Name("BM_Simulate/10k_workers_1M_shards_tail")
    ->Unit(benchmark::kMillisecond);

// 100 trials on every core: what the window's simulation panel runs for a large job.
void BM_SimulateTrials(benchmark::State &state)
{
    pipeplan::simulation::Params params = largeJob();
    params.shards = 100'000;
    params.stragglerProbability = 0.01;
    params.stragglerFactor = 3;
    params.trials = 100;
    for (auto _ : state)
        benchmark::DoNotOptimize(pipeplan::simulation::simulate(params));
}
BENCHMARK(BM_SimulateTrials)
    ->Name("BM_Simulate/100_trials_10k_workers_100k_shards")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The peer, measured in the same run: the same job at 100k shards over 1k workers, ours and as
// a SimPy script (tests/bench/simpy_peer.py; skipped where python3-simpy is not installed).
void BM_SimulateSmall(benchmark::State &state)
{
    pipeplan::simulation::Params params = largeJob();
    params.shards = 100'000;
    params.workers = 1000;
    std::uint64_t trial = 0;
    for (auto _ : state)
        benchmark::DoNotOptimize(pipeplan::simulation::simulateTrial(params, trial++));
}
BENCHMARK(BM_SimulateSmall)
    ->Name("BM_Simulate/1k_workers_100k_shards")
    ->Unit(benchmark::kMillisecond);

void BM_SimulateSimPyPeer(benchmark::State &state)
{
    for (auto _ : state) {
        QProcess python;
        python.start(QStringLiteral("/usr/bin/python3"),
                     {QStringLiteral(PIPEPLAN_SIMPY_PEER), QStringLiteral("100000"),
                      QStringLiteral("1000")});
        if (!python.waitForFinished(600'000) || python.exitCode() != 0) {
            state.SkipWithError("python3-simpy is not installed (apt-get install python3-simpy)");
            return;
        }
        const QStringList fields =
            QString::fromUtf8(python.readAllStandardOutput()).split(QLatin1Char(' '));
        // Same answer as ours (30 s + 100 rounds of 60 s), timed inside the script.
        if (fields.size() != 2 || fields[0].toDouble() != 6030) {
            state.SkipWithError("the SimPy peer gave a different answer");
            return;
        }
        state.SetIterationTime(fields[1].toDouble());
    }
}
BENCHMARK(BM_SimulateSimPyPeer)
    ->Name("BM_Simulate/simpy_peer_1k_workers_100k_shards")
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->Iterations(1);

} // namespace

// Issue 33: every catalogue device at every batch from 1 to the largest its memory holds, for
// Llama 3 8B's forward pass of 512 tokens: the cheapest-device search's whole sweep.
void BM_RooflineCatalogue(benchmark::State &state)
{
    const pipeplan::hardware::ModelSpec model = pipeplan::HardwareSettings::defaultModel();
    const pipeplan::hardware::Efficiency efficiency;
    const auto &devices = pipeplan::hardware::builtInCatalogue().devices;
    double batches = 0;
    for (auto _ : state) {
        batches = 0;
        double total = 0;
        for (const pipeplan::hardware::Device &device : devices) {
            const double cap = pipeplan::hardware::maxBatch(model, device);
            for (double b = 1; b <= cap; ++b) {
                total += pipeplan::hardware::secondsPerBatch(model, device, efficiency, b);
                ++batches;
            }
        }
        benchmark::DoNotOptimize(total);
    }
    state.counters["batches"] = batches;
}
BENCHMARK(BM_RooflineCatalogue)->Name("BM_Roofline/catalogue")->Unit(benchmark::kMillisecond);

/// Issue 34: 100,000 samples through the whole job model (three stages, Amdahl, cold start,
/// request overhead and a shared cap) with three ranges set, and the runtime's and the cost's
/// percentiles: what a slider tick costs once the draws exist (a moved median reuses them).
/// Without a deadline: the sensitivity's ranking is included, its "needed" search is not.
void BM_Uncertainty(benchmark::State &state)
{
    using namespace pipeplan;
    Scenario s = defaultScenario();
    s.stages = {Stage{QStringLiteral("fetch"), 120, false}, Stage{QStringLiteral("score"), 0, true},
                Stage{QStringLiteral("write"), 40, false}};
    s.overheads.coldStartSeconds = 300;
    s.overheads.requestOverheadMs = 5;
    s.overheads.sharedCapPerSecond = 40'000;
    testsupport::withThreeRanges(s);
    s.uncertainty.samples = 100'000;
    const auto samples = uncertainty::draw(s);
    uncertainty::Result result;
    for (auto _ : state) {
        result = uncertainty::evaluate(s, *samples);
        benchmark::DoNotOptimize(result);
    }
    state.counters["samples"] = result.samples;
    state.counters["p90_hours"] = result.runtimeSeconds.p90 / 3600;
}
BENCHMARK(BM_Uncertainty)->Name("BM_Uncertainty/100k_samples")->Unit(benchmark::kMillisecond);

/// The core's share of BM_LiveUpdate/ranges_deadline: the plan's model sections recomputed for
/// a latency tick with three ranges and a 30-day deadline (the headline's percentiles and
/// chance, the fewest workers at P50/P90, each input's needed median, the scaling rows' P50/P90,
/// the fan and the whiskers), without the window.
void BM_PlanReevaluateRanges(benchmark::State &state)
{
    using namespace pipeplan;
    Scenario s = defaultScenario();
    testsupport::withThreeRanges(s);
    s.goal.deadlineSeconds = state.range(0) != 0 ? std::optional(30 * 86400.0) : std::nullopt;
    Plan plan{s, std::nullopt};
    PlanResult result = evaluatePlan(plan);
    bool flip = false;
    for (auto _ : state) {
        plan.scenario.workload.latencyMs = flip ? 1000 : 900;
        flip = !flip;
        reevaluate(result, plan, Section::Model, false);
        benchmark::DoNotOptimize(result);
    }
}
BENCHMARK(BM_PlanReevaluateRanges)
    ->Name("BM_PlanReevaluate/ranges_latency")
    ->Arg(0)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PlanReevaluateRanges)
    ->Name("BM_PlanReevaluate/ranges_deadline")
    ->Arg(1)
    ->Unit(benchmark::kMillisecond);

/// Issue 35: the whole "What it would take" table of the default job with an 8-hour deadline
/// (every lever's value that alone meets it, each checked on its field's grid), what a slider
/// tick recomputes with a deadline set.
void BM_WhatItTakes(benchmark::State &state)
{
    using namespace pipeplan;
    Scenario s = defaultScenario();
    s.goal.deadlineSeconds = 8 * 3600.0;
    whatittakes::Result result;
    for (auto _ : state) {
        result = whatittakes::whatItTakes(s, false);
        benchmark::DoNotOptimize(result);
    }
    int possible = 0;
    for (const whatittakes::Row &row : result.rows)
        possible += row.possible ? 1 : 0;
    state.counters["levers"] = static_cast<double>(result.rows.size());
    state.counters["possible"] = possible;
}
BENCHMARK(BM_WhatItTakes)->Name("BM_WhatItTakes/default")->Unit(benchmark::kMillisecond);

/// The table with hardware on: the default job on its device, the device row trying every
/// device of the catalogue at the plan's workers.
void BM_WhatItTakesHardware(benchmark::State &state)
{
    using namespace pipeplan;
    Scenario s = defaultScenario();
    s.hardware.enabled = true;
    s.goal.deadlineSeconds = 8 * 3600.0;
    const HardwareInForce hw = hardwareInForce(s);
    const Scenario inForce = scenarioInForce(s, hw);
    whatittakes::Result result;
    for (auto _ : state) {
        result = whatittakes::whatItTakes(inForce, hw.inForce, &s);
        benchmark::DoNotOptimize(result);
    }
    state.counters["levers"] = static_cast<double>(result.rows.size());
}
BENCHMARK(BM_WhatItTakesHardware)->Name("BM_WhatItTakes/hardware")->Unit(benchmark::kMillisecond);

/// The two-lever plane (workers and keep fraction) of the default job at 8 hours: 49 columns,
/// each boundary by bisection, the cheapest and the nearest; on every tick with a deadline.
void BM_WhatItTakesPlane(benchmark::State &state)
{
    using namespace pipeplan;
    Scenario s = defaultScenario();
    s.goal.deadlineSeconds = 8 * 3600.0;
    const whatittakes::Result single = whatittakes::whatItTakes(s, false);
    whatittakes::Plane plane;
    for (auto _ : state) {
        plane = whatittakes::plane(s, false, s.goal.levers[0], s.goal.levers[1], single);
        benchmark::DoNotOptimize(plane);
    }
    state.counters["columns"] = static_cast<double>(plane.xs.size());
}
BENCHMARK(BM_WhatItTakesPlane)->Name("BM_WhatItTakes/plane")->Unit(benchmark::kMillisecond);

/// Drawing the samples anew (a range itself edited): 100,000 per range, three ranges.
void BM_UncertaintyDraw(benchmark::State &state)
{
    using namespace pipeplan;
    Scenario s = defaultScenario();
    testsupport::withThreeRanges(s);
    s.uncertainty.samples = 100'000;
    for (auto _ : state)
        benchmark::DoNotOptimize(uncertainty::draw(s));
}
BENCHMARK(BM_UncertaintyDraw)
    ->Name("BM_UncertaintyDraw/100k_samples")
    ->Unit(benchmark::kMillisecond);
