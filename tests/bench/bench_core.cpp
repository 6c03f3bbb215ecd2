#include "pipeline.h"
#include "scenario.h"

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

} // namespace
