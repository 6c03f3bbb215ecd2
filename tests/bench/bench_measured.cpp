// Issue 20: BM_Fit and BM_TraceImport.
#include <benchmark/benchmark.h>

// ---- BM_Fit: measured runs -------------------------------------------------------------------
#include "core/measured/fit.h"

#include <cmath>

namespace {

// Both laws fitted to 1,000 runs: 100 worker counts from 1 to 1,000, ten repeats each, drawn
// around σ = 0.03, κ = 0.0001, λ = 50 with a deterministic ±2 % ripple. The GUI refits on every
// edit of the runs table, so the whole fit must stay far below a frame (median under 1 ms).
void BM_Fit(benchmark::State &state)
{
    pipeplan::fit::Runs runs;
    for (int i = 0; i < 1000; ++i) {
        const double workers = 1 + 10 * (i % 100);
        const double throughput =
            50 * workers / (1 + 0.03 * (workers - 1) + 0.0001 * workers * (workers - 1));
        runs.runs.push_back({workers, throughput * (1 + 0.02 * std::sin(i * 12.9898))});
    }
    for (auto _ : state)
        benchmark::DoNotOptimize(pipeplan::fit::fitRuns(runs));
}
BENCHMARK(BM_Fit)->Name("BM_Fit/usl_1000_points")->Unit(benchmark::kMicrosecond);

} // namespace
// ---- end BM_Fit ------------------------------------------------------------------------------
