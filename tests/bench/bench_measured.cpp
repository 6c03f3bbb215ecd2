// Issue 20: BM_Fit and BM_TraceImport.
#include <benchmark/benchmark.h>

// ---- BM_Fit: measured runs -------------------------------------------------------------------
#include "core/measured/fit.h"

#include <cmath>

namespace {

// 1,000 runs drawn around σ = 0.03, κ = 0.0001, λ = 50 with a deterministic ±2 % ripple, at
// `distinctWorkers` worker counts from 1 to 1,000 (a campaign repeats each count).
pipeplan::fit::Runs generatedRuns(int distinctWorkers)
{
    pipeplan::fit::Runs runs;
    const int spacing = 1000 / distinctWorkers;
    for (int i = 0; i < 1000; ++i) {
        const double workers = 1 + spacing * (i % distinctWorkers);
        const double throughput =
            50 * workers / (1 + 0.03 * (workers - 1) + 0.0001 * workers * (workers - 1));
        runs.runs.push_back({workers, throughput * (1 + 0.02 * std::sin(i * 12.9898))});
    }
    return runs;
}

// Both laws fitted to 1,000 runs, ten at each of 100 worker counts. The GUI refits on every edit
// of the runs table, so the whole fit must stay far below a frame (median under 1 ms).
void BM_Fit(benchmark::State &state)
{
    const pipeplan::fit::Runs runs = generatedRuns(100);
    for ([[maybe_unused]] auto _ : state)
        benchmark::DoNotOptimize(pipeplan::fit::fitRuns(runs));
}
BENCHMARK(BM_Fit)->Name("BM_Fit/usl_1000_points")->Unit(benchmark::kMicrosecond);

// The worst case: 1,000 runs at 1,000 distinct worker counts, nothing to group.
void BM_FitDistinct(benchmark::State &state)
{
    const pipeplan::fit::Runs runs = generatedRuns(1000);
    for ([[maybe_unused]] auto _ : state)
        benchmark::DoNotOptimize(pipeplan::fit::fitRuns(runs));
}
BENCHMARK(BM_FitDistinct)->Name("BM_Fit/usl_1000_distinct_workers")->Unit(benchmark::kMicrosecond);

} // namespace
// ---- end BM_Fit ------------------------------------------------------------------------------
