#include "core/project/estimate.h"

#include <benchmark/benchmark.h>

namespace {

/// 30 sequential tasks with varied ranges and skews, including a zero-width one, in hours.
std::vector<pipeplan::estimate::Task> thirtyTasks()
{
    std::vector<pipeplan::estimate::Task> tasks;
    tasks.reserve(30);
    for (int i = 0; i < 30; ++i) {
        pipeplan::estimate::Task task;
        task.name = QStringLiteral("task %1").arg(i);
        task.optimistic = 2.0 + i % 7;
        task.mostLikely = task.optimistic + 1.0 + i % 5;
        task.pessimistic = task.mostLikely + 2.0 + (i * 3) % 11;
        if (i == 17)
            task.mostLikely = task.pessimistic = task.optimistic;
        tasks.push_back(task);
    }
    return tasks;
}

void runMonteCarlo(benchmark::State &state, int threads)
{
    const std::vector<pipeplan::estimate::Task> tasks = thirtyTasks();
    pipeplan::estimate::MonteCarloOptions options;
    options.trials = 1'000'000;
    options.seed = 42;
    options.threads = threads;
    for (auto _ : state)
        benchmark::DoNotOptimize(pipeplan::estimate::monteCarlo(tasks, options));
    state.SetItemsProcessed(state.iterations() * 30'000'000);
}

// The target: 1M trials of a 30-task plan, PERT-beta, every hardware thread. The Time
// column is wall time; the calling thread draws its share of the trials, so its CPU time stays
// close to it and no UseRealTime suffix is needed on the name.
void BM_MonteCarlo(benchmark::State &state)
{
    runMonteCarlo(state, 0);
}
BENCHMARK(BM_MonteCarlo)->Name("BM_MonteCarlo/1M_trials_30_tasks")->Unit(benchmark::kMillisecond);

// The same on one thread, for the parallel speedup.
void BM_MonteCarloOneThread(benchmark::State &state)
{
    runMonteCarlo(state, 1);
}
BENCHMARK(BM_MonteCarloOneThread)
    ->Name("BM_MonteCarlo/1M_trials_30_tasks_1thread")
    ->Unit(benchmark::kMillisecond);

} // namespace
