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

/// The same 30 tasks as a graph: task 0, then three chains (tasks 1-10, 11-20 and 21-28), each
/// task waiting for the one before it in its chain and every chain's first for task 0, and task
/// 29 waiting for every chain's last. A trial walks the graph; its longest path has a choice at
/// the join.
std::vector<pipeplan::estimate::Task> thirtyTaskGraph()
{
    std::vector<pipeplan::estimate::Task> tasks = thirtyTasks();
    for (int i = 1; i < 29; ++i) {
        const int chainStart = 1 + (i - 1) / 10 * 10;
        tasks[static_cast<size_t>(i)].dependsOn = {i == chainStart ? 0 : i - 1};
    }
    tasks[29].dependsOn = {10, 20, 28};
    return tasks;
}

enum class Shape
{
    Sequential,
    Graph
};

void runMonteCarlo(benchmark::State &state, int threads, Shape shape, bool criticality,
                   bool tornado = false, int trials = 1'000'000)
{
    const std::vector<pipeplan::estimate::Task> tasks =
        shape == Shape::Sequential ? thirtyTasks() : thirtyTaskGraph();
    pipeplan::estimate::MonteCarloOptions options;
    options.trials = trials;
    options.seed = 42;
    options.threads = threads;
    options.criticality = criticality;
    options.tornado = tornado;
    for (auto _ : state)
        benchmark::DoNotOptimize(pipeplan::estimate::monteCarlo(tasks, options));
    state.SetItemsProcessed(state.iterations() * 30 *
                            pipeplan::estimate::plannedTrials(tasks, options));
}

// The target: 1M trials of a 30-task plan, PERT-beta, every hardware thread. The Time
// column is wall time; the calling thread draws its share of the trials, so its CPU time stays
// close to it and no UseRealTime suffix is needed on the name. Without the criticality (a
// sequential plan's is free anyway); the variants below measure what it costs.
void BM_MonteCarlo(benchmark::State &state)
{
    runMonteCarlo(state, 0, Shape::Sequential, false);
}
BENCHMARK(BM_MonteCarlo)->Name("BM_MonteCarlo/1M_trials_30_tasks")->Unit(benchmark::kMillisecond);

void BM_MonteCarloCriticality(benchmark::State &state)
{
    runMonteCarlo(state, 0, Shape::Sequential, true);
}
BENCHMARK(BM_MonteCarloCriticality)
    ->Name("BM_MonteCarlo/1M_trials_30_tasks_criticality")
    ->Unit(benchmark::kMillisecond);

// The graph, where each trial walks the dependencies and the criticality traces a path back.
void BM_MonteCarloGraph(benchmark::State &state)
{
    runMonteCarlo(state, 0, Shape::Graph, false);
}
BENCHMARK(BM_MonteCarloGraph)
    ->Name("BM_MonteCarlo/1M_trials_30_tasks_graph")
    ->Unit(benchmark::kMillisecond);

void BM_MonteCarloGraphCriticality(benchmark::State &state)
{
    runMonteCarlo(state, 0, Shape::Graph, true);
}
BENCHMARK(BM_MonteCarloGraphCriticality)
    ->Name("BM_MonteCarlo/1M_trials_30_tasks_graph_criticality")
    ->Unit(benchmark::kMillisecond);

// The tornado: 100,000 trials, then 2 x 30 runs of 20,000 trials each.
void BM_MonteCarloTornado(benchmark::State &state)
{
    runMonteCarlo(state, 0, Shape::Sequential, true, true, 100'000);
}
BENCHMARK(BM_MonteCarloTornado)
    ->Name("BM_MonteCarlo/tornado_30_tasks")
    ->Unit(benchmark::kMillisecond);

// The same on one thread, for the parallel speedup.
void BM_MonteCarloOneThread(benchmark::State &state)
{
    runMonteCarlo(state, 1, Shape::Sequential, false);
}
BENCHMARK(BM_MonteCarloOneThread)
    ->Name("BM_MonteCarlo/1M_trials_30_tasks_1thread")
    ->Unit(benchmark::kMillisecond);

} // namespace
