// What drives the risk (issue 21): the Monte Carlo's criticality index, tornado, per-task finish
// ranges and the correlation within a category.

#include "core/project/buffers.h"
#include "core/project/montecarlo.h"
#include "tests/support/tasks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <future>
#include <numeric>
#include <thread>

namespace est = pipeplan::estimate;

namespace {

using pipeplan::testsupport::task;

est::MonteCarloOptions options(int trials)
{
    est::MonteCarloOptions o;
    o.trials = trials;
    o.seed = 7;
    return o;
}

/// 0 -> {1, 2} -> 3, branch 1 and branch 2 given.
std::vector<est::Task> twoBranches(est::Task first, est::Task second)
{
    first.dependsOn = {0};
    second.dependsOn = {0};
    return {task(1, 2, 3), first, second, task(1, 2, 3, {1, 2})};
}

/// Two sources and two sinks with crossing links, ranges overlapping everywhere.
std::vector<est::Task> crossedGraph()
{
    return {task(1, 3, 9),         task(2, 3, 7),         task(2, 5, 9, {0, 1}),
            task(1, 6, 8, {0}),    task(3, 4, 8, {1}),    task(1, 2, 9, {2, 3}),
            task(2, 4, 6, {2, 4}), task(1, 3, 5, {3, 4}), task(2, 3, 4, {5, 6})};
}

std::vector<double> ranks(const std::vector<double> &values)
{
    std::vector<size_t> order(values.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::sort(order.begin(), order.end(),
              [&](size_t x, size_t y) { return values[x] < values[y]; });
    std::vector<double> r(values.size());
    for (size_t k = 0; k < order.size(); ++k)
        r[order[k]] = static_cast<double>(k);
    return r;
}

double pearson(const std::vector<double> &x, const std::vector<double> &y)
{
    const double n = static_cast<double>(x.size());
    const double mx = std::accumulate(x.begin(), x.end(), 0.0) / n;
    const double my = std::accumulate(y.begin(), y.end(), 0.0) / n;
    double sxy = 0;
    double sxx = 0;
    double syy = 0;
    for (size_t i = 0; i < x.size(); ++i) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    return sxy / std::sqrt(sxx * syy);
}

double spearman(const std::vector<double> &x, const std::vector<double> &y)
{
    return pearson(ranks(x), ranks(y));
}

double variance(const std::vector<double> &x)
{
    const double n = static_cast<double>(x.size());
    const double m = std::accumulate(x.begin(), x.end(), 0.0) / n;
    double s = 0;
    for (double v : x)
        s += (v - m) * (v - m);
    return s / (n - 1);
}

/// Task `wide`'s draws, trial by trial, in a sequential plan of `categories` where every other
/// task is 0: its draw is the trial's duration. The permutations Iman-Conover applies depend on
/// the random streams and the categories, not on the ranges, so runs that differ only in which
/// task is wide show the joint draws of one plan.
std::vector<double> drawsOf(const std::vector<est::Category> &categories, size_t wide,
                            est::MonteCarloOptions o)
{
    std::vector<est::Task> tasks;
    for (size_t i = 0; i < categories.size(); ++i)
        tasks.push_back(i == wide ? task(2, 4, 12, {}, categories[i])
                                  : task(0, 0, 0, {}, categories[i]));
    o.keepTrialHours = true;
    return est::monteCarlo(tasks, o).trialHours;
}

// ---------------------------------------------------------------------------------------------
// Criticality.

TEST(MonteCarloRisk, CriticalityOfChainAndSequentialPlanIsOne)
{
    const std::vector<est::Task> chain{task(1, 2, 3), task(2, 4, 9, {0}), task(1, 5, 6, {1}),
                                       task(3, 3, 3, {2})};
    std::vector<est::Task> sequential = chain;
    for (est::Task &t : sequential)
        t.dependsOn.clear();
    for (const auto &plan : {chain, sequential}) {
        const est::MonteCarloResult mc = est::monteCarlo(plan, options(10'000));
        EXPECT_EQ(mc.criticality, std::vector<double>(plan.size(), 1.0));
    }
    est::MonteCarloOptions off = options(1'000);
    off.criticality = false;
    EXPECT_TRUE(est::monteCarlo(chain, off).criticality.empty());
}

TEST(MonteCarloRisk, CriticalityOfDominantBranch)
{
    const est::MonteCarloResult mc =
        est::monteCarlo(twoBranches(task(10, 11, 12), task(1, 1.5, 2)), options(20'000));
    EXPECT_EQ(mc.criticality, (std::vector<double>{1.0, 1.0, 0.0, 1.0}));
}

TEST(MonteCarloRisk, CriticalityOfIdenticalBranchesIsHalf)
{
    const est::MonteCarloResult mc =
        est::monteCarlo(twoBranches(task(4, 6, 10), task(4, 6, 10)), options(100'000));
    ASSERT_EQ(mc.criticality.size(), 4U);
    EXPECT_EQ(mc.criticality[0], 1.0);
    EXPECT_EQ(mc.criticality[3], 1.0);
    EXPECT_NEAR(mc.criticality[1], 0.5, 0.01);
    EXPECT_NEAR(mc.criticality[2], 0.5, 0.01);
    EXPECT_NEAR(mc.criticality[1] + mc.criticality[2], 1.0, 1e-12);
}

TEST(MonteCarloRisk, CriticalityOfGraphSumsToOnePerCut)
{
    // Diamond: start and end always, the branches share the trials.
    const est::MonteCarloResult diamond =
        est::monteCarlo(twoBranches(task(2, 5, 9), task(3, 4, 8)), options(20'000));
    EXPECT_EQ(diamond.criticality[0], 1.0);
    EXPECT_EQ(diamond.criticality[3], 1.0);
    EXPECT_GT(diamond.criticality[1], 0.0);
    EXPECT_GT(diamond.criticality[2], 0.0);
    EXPECT_NEAR(diamond.criticality[1] + diamond.criticality[2], 1.0, 1e-12);
    // Every path starts at one source and ends at one sink.
    const est::MonteCarloResult crossed = est::monteCarlo(crossedGraph(), options(20'000));
    const std::vector<double> &c = crossed.criticality;
    ASSERT_EQ(c.size(), 9U);
    EXPECT_NEAR(c[0] + c[1], 1.0, 1e-12);
    EXPECT_NEAR(c[7] + c[8], 1.0, 1e-12);
    for (double share : c) {
        EXPECT_GE(share, 0.0);
        EXPECT_LE(share, 1.0);
    }
    // A task's share is at most its successors' shares together (every path through it goes on
    // to one of them, unless it is a sink).
    EXPECT_LE(c[2], c[5] + c[6] + 1e-12);
    EXPECT_LE(c[3], c[5] + c[7] + 1e-12);
    EXPECT_LE(c[4], c[6] + c[7] + 1e-12);
}

TEST(MonteCarloRisk, CriticalityLeavesTheResultUnchanged)
{
    for (const auto &plan : {crossedGraph(), twoBranches(task(2, 5, 9), task(3, 4, 8)),
                             std::vector<est::Task>{task(1, 2, 3), task(2, 4, 9), task(1, 5, 6)}}) {
        est::MonteCarloOptions on = options(30'000);
        on.keepTrialHours = true;
        est::MonteCarloOptions off = on;
        off.criticality = false;
        est::MonteCarloOptions everything = on;
        everything.taskRanges = true;
        everything.tornado = true;
        est::MonteCarloResult withPaths = est::monteCarlo(plan, on);
        est::MonteCarloResult withAll = est::monteCarlo(plan, everything);
        const est::MonteCarloResult without = est::monteCarlo(plan, off);
        EXPECT_FALSE(withPaths.criticality.empty());
        withPaths.criticality.clear();
        EXPECT_EQ(withPaths, without);
        EXPECT_FALSE(withAll.tornado.empty());
        EXPECT_FALSE(withAll.taskFinish.empty());
        withAll.criticality.clear();
        withAll.tornado.clear();
        withAll.tornadoTrials = 0;
        withAll.taskFinish.clear();
        withAll.taskFinishTrials = 0;
        EXPECT_EQ(withAll, without);
    }
}

// ---------------------------------------------------------------------------------------------
// Tornado.

TEST(MonteCarloRisk, TornadoPutsTheDominantTaskFirst)
{
    const std::vector<est::Task> plan{task(2, 3, 5), task(1, 2, 4), task(10, 20, 200),
                                      task(3, 4, 8), task(2, 2, 2)};
    est::MonteCarloOptions o = options(5'000);
    o.tornado = true;
    est::Control control;
    const est::MonteCarloResult mc = est::monteCarlo(plan, o, &control);
    EXPECT_EQ(mc.tornadoTrials, 5'000); // all the trials: 2e8 / (2 x 25) is over them
    EXPECT_TRUE(mc.tornadoNote.isEmpty());
    EXPECT_EQ(control.trialsDone.load(), 5'000 + 2 * 5 * 5'000);
    EXPECT_EQ(est::plannedTrials(plan, o), control.trialsDone.load());
    ASSERT_EQ(mc.tornado.size(), plan.size());
    EXPECT_EQ(mc.tornado.front().task, 2);
    for (size_t k = 0; k < mc.tornado.size(); ++k) {
        const est::TornadoBar &bar = mc.tornado[k];
        EXPECT_LE(bar.p90LowHours, bar.p90HighHours);
        if (k > 0) {
            const est::TornadoBar &before = mc.tornado[k - 1];
            EXPECT_GE(before.swingHours(), bar.swingHours());
            if (before.swingHours() == bar.swingHours()) {
                EXPECT_LT(before.task, bar.task);
            }
        }
        // Sequential, common random numbers: fixing a task at a or b shifts every trial by a
        // constant, so the swing is b - a.
        const est::Task &t = plan[static_cast<size_t>(bar.task)];
        EXPECT_NEAR(bar.swingHours(), t.pessimistic - t.optimistic, 1e-9);
        // The same trials as the plan's own P90: optimistic below it, pessimistic above.
        if (t.pessimistic > t.optimistic) {
            EXPECT_LT(bar.p90LowHours, mc.p90Hours);
            EXPECT_GT(bar.p90HighHours, mc.p90Hours);
        }
    }
    EXPECT_EQ(mc.tornado.back().task, 4); // the zero-width task: no swing
    EXPECT_EQ(mc.tornado.back().swingHours(), 0.0);
}

TEST(MonteCarloRisk, TornadoOnGraph)
{
    est::MonteCarloOptions o = options(20'000);
    o.tornado = true;
    const est::MonteCarloResult mc = est::monteCarlo(crossedGraph(), o);
    ASSERT_EQ(mc.tornado.size(), 9U);
    EXPECT_EQ(mc.tornadoTrials, 20'000);
    std::vector<int> seen;
    for (size_t k = 0; k < mc.tornado.size(); ++k) {
        const est::TornadoBar &bar = mc.tornado[k];
        seen.push_back(bar.task);
        EXPECT_LE(bar.p90LowHours, mc.p90Hours);
        EXPECT_GE(bar.p90HighHours, mc.p90Hours);
        if (k > 0) {
            EXPECT_GE(mc.tornado[k - 1].swingHours(), bar.swingHours());
        }
    }
    std::sort(seen.begin(), seen.end());
    EXPECT_EQ(seen, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
    // Triangular too.
    o.distribution = est::Distribution::Triangular;
    const est::MonteCarloResult triangular = est::monteCarlo(crossedGraph(), o);
    ASSERT_EQ(triangular.tornado.size(), 9U);
    EXPECT_LE(triangular.tornado.front().p90LowHours, triangular.p90Hours);
    EXPECT_GE(triangular.tornado.front().p90HighHours, triangular.p90Hours);
}

TEST(MonteCarloRisk, TornadoTrialsAndLargePlans)
{
    std::vector<est::Task> big(301, task(1, 2, 3));
    est::MonteCarloOptions o = options(300);
    o.tornado = true;
    est::MonteCarloResult mc = est::monteCarlo(big, o);
    EXPECT_TRUE(mc.tornado.empty());
    EXPECT_EQ(mc.tornadoTrials, 0);
    EXPECT_TRUE(mc.tornadoNote.contains(QStringLiteral("300")));
    EXPECT_EQ(est::plannedTrials(big, o), 300);
    big.pop_back();
    // 300 tasks: 2e8 / (2 x 300^2) = 1,111 trials per run, capped by the run's own 300.
    mc = est::monteCarlo(big, o);
    EXPECT_EQ(mc.tornado.size(), 300U);
    EXPECT_EQ(mc.tornadoTrials, 300);
    EXPECT_TRUE(mc.tornadoNote.isEmpty());
    o.trials = 100'000;
    EXPECT_EQ(est::plannedTrials(big, o), 100'000 + 2 * 300 * 1'111);
    // 30 tasks: capped at 20,000.
    EXPECT_EQ(est::plannedTrials(std::vector<est::Task>(30, task(1, 2, 3)), o),
              100'000 + 2 * 30 * 20'000);
    o.tornado = false;
    EXPECT_EQ(est::plannedTrials(big, o), 100'000);
}

// ---------------------------------------------------------------------------------------------
// Per-task finish ranges.

TEST(MonteCarloRisk, TaskFinishOfChain)
{
    std::vector<est::Task> chain;
    chain.reserve(40);
    for (int i = 0; i < 40; ++i)
        chain.push_back(task(1 + i % 3, 3 + i % 4, 8 + i % 5,
                             i > 0 ? std::vector<int>{i - 1} : std::vector<int>{}));
    est::MonteCarloOptions o = options(200'000);
    o.taskRanges = true;
    const est::MonteCarloResult mc = est::monteCarlo(chain, o);
    EXPECT_EQ(mc.taskFinishTrials, 100'000); // 4,000,000 / 40
    ASSERT_EQ(mc.taskFinish.size(), chain.size());
    for (size_t i = 0; i < chain.size(); ++i) {
        const est::TaskFinishRange &r = mc.taskFinish[i];
        EXPECT_LE(r.p10Hours, r.p50Hours);
        EXPECT_LE(r.p50Hours, r.p90Hours);
        if (i > 0) { // each finishes after its predecessor in every trial
            EXPECT_GE(r.p50Hours, mc.taskFinish[i - 1].p50Hours);
        }
    }
    EXPECT_NEAR(mc.taskFinish.back().p50Hours, mc.p50Hours, 0.005 * mc.p50Hours);
    EXPECT_NEAR(mc.taskFinish.back().p90Hours, mc.p90Hours, 0.005 * mc.p90Hours);
    EXPECT_GT(mc.taskFinish.front().p10Hours, 1.0);
    EXPECT_LT(mc.taskFinish.front().p90Hours, 8.0);
}

TEST(MonteCarloRisk, TaskFinishOfSequentialPlanAndGraph)
{
    // Sequential, every trial kept: the last task's finish is the plan's duration, bit for bit.
    const std::vector<est::Task> plan{task(1, 2, 3), task(2, 4, 9), task(1, 5, 6)};
    est::MonteCarloOptions o = options(10'000);
    o.taskRanges = true;
    const est::MonteCarloResult mc = est::monteCarlo(plan, o);
    EXPECT_EQ(mc.taskFinishTrials, 10'000);
    ASSERT_EQ(mc.taskFinish.size(), 3U);
    EXPECT_EQ(mc.taskFinish.back().p50Hours, mc.p50Hours);
    EXPECT_EQ(mc.taskFinish.back().p90Hours, mc.p90Hours);
    EXPECT_LT(mc.taskFinish[0].p90Hours, mc.taskFinish[1].p10Hours + 3.0);
    // A graph: the sinks' latest finish is the plan's, the sources' finish their own draws.
    const est::MonteCarloResult graph = est::monteCarlo(crossedGraph(), o);
    ASSERT_EQ(graph.taskFinish.size(), 9U);
    for (const est::TaskFinishRange &r : graph.taskFinish) {
        EXPECT_LE(r.p10Hours, r.p50Hours);
        EXPECT_LE(r.p50Hours, r.p90Hours);
        EXPECT_LE(r.p90Hours, graph.maxHours);
    }
    EXPECT_EQ(graph.taskFinish[8].p50Hours, graph.p50Hours); // the one sink of the longer paths
    EXPECT_GT(graph.taskFinish[0].p10Hours, 1.0);
    EXPECT_LT(graph.taskFinish[0].p90Hours, 9.0);
}

// ---------------------------------------------------------------------------------------------
// Thread count, cancel, validation, scaling.

TEST(MonteCarloRisk, SameRiskOutputsForAnyThreadCount)
{
    for (double rho : {0.0, 0.6}) {
        std::vector<est::Task> plan = crossedGraph();
        for (size_t i = 0; i < plan.size(); ++i)
            plan[i].category = i % 2 == 0 ? est::Category::Labeling : est::Category::Training;
        est::MonteCarloOptions o = options(9'000); // five chunks, the last one short
        o.tornado = true;
        o.taskRanges = true;
        o.categoryCorrelation = rho;
        o.threads = 1;
        const est::MonteCarloResult one = est::monteCarlo(plan, o);
        EXPECT_EQ(one.criticality.size(), plan.size());
        EXPECT_EQ(one.tornado.size(), plan.size());
        EXPECT_EQ(one.taskFinish.size(), plan.size());
        for (int threads : {2, 3}) {
            o.threads = threads;
            EXPECT_EQ(est::monteCarlo(plan, o), one) << threads << " threads, rho " << rho;
        }
    }
}

TEST(MonteCarloRisk, CancelStopsTheRiskOutputs)
{
    est::MonteCarloOptions o = options(10'000);
    o.tornado = true;
    o.taskRanges = true;
    est::Control control;
    control.cancel = true;
    est::MonteCarloResult mc = est::monteCarlo(crossedGraph(), o, &control);
    EXPECT_TRUE(mc.cancelled);
    EXPECT_EQ(mc.trials, 0);
    EXPECT_TRUE(mc.criticality.empty());
    EXPECT_TRUE(mc.tornado.empty());
    EXPECT_TRUE(mc.taskFinish.empty());

    // Cancelled during the tornado: the plan's own trials stand, the tornado is dropped.
    std::vector<est::Task> plan;
    plan.reserve(100);
    for (int i = 0; i < 100; ++i)
        plan.push_back(task(1, 2, 4, i > 0 ? std::vector<int>{i - 1} : std::vector<int>{}));
    est::Control during;
    auto running =
        std::async(std::launch::async, [&] { return est::monteCarlo(plan, o, &during); });
    while (during.trialsDone.load() <= o.trials &&
           running.wait_for(std::chrono::milliseconds(1)) != std::future_status::ready) {
    }
    during.cancel = true;
    mc = running.get();
    EXPECT_LT(during.trialsDone.load(), est::plannedTrials(plan, o));
    EXPECT_TRUE(mc.cancelled);
    EXPECT_EQ(mc.trials, o.trials);
    EXPECT_TRUE(mc.tornado.empty());
    EXPECT_EQ(mc.tornadoTrials, 0);
    EXPECT_EQ(mc.criticality.size(), plan.size());
}

TEST(MonteCarloRisk, CategoryCorrelationValidation)
{
    est::MonteCarloOptions o;
    for (double ok : {0.0, 0.5, est::kMaxCategoryCorrelation})
        EXPECT_TRUE(est::validate(est::MonteCarloOptions{.categoryCorrelation = ok}).empty()) << ok;
    for (double bad : {-0.1, 0.96, std::nan("")}) {
        o.categoryCorrelation = bad;
        const std::vector<pipeplan::FieldError> errors = est::validate(o);
        ASSERT_EQ(errors.size(), 1U) << bad;
        EXPECT_EQ(errors[0].field, QStringLiteral("category_correlation"));
        EXPECT_FALSE(errors[0].message.isEmpty());
    }
}

TEST(MonteCarloRisk, ScaledResultScalesTheRiskHours)
{
    est::MonteCarloOptions o = options(5'000);
    o.tornado = true;
    o.taskRanges = true;
    const est::MonteCarloResult mc = est::monteCarlo(crossedGraph(), o);
    const est::MonteCarloResult twice = est::scaled(mc, 2.0);
    EXPECT_EQ(twice.criticality, mc.criticality);
    ASSERT_EQ(twice.tornado.size(), mc.tornado.size());
    for (size_t k = 0; k < mc.tornado.size(); ++k) {
        EXPECT_EQ(twice.tornado[k].task, mc.tornado[k].task);
        EXPECT_EQ(twice.tornado[k].p90LowHours, 2 * mc.tornado[k].p90LowHours);
        EXPECT_EQ(twice.tornado[k].p90HighHours, 2 * mc.tornado[k].p90HighHours);
    }
    ASSERT_EQ(twice.taskFinish.size(), mc.taskFinish.size());
    for (size_t i = 0; i < mc.taskFinish.size(); ++i) {
        EXPECT_EQ(twice.taskFinish[i].p10Hours, 2 * mc.taskFinish[i].p10Hours);
        EXPECT_EQ(twice.taskFinish[i].p50Hours, 2 * mc.taskFinish[i].p50Hours);
        EXPECT_EQ(twice.taskFinish[i].p90Hours, 2 * mc.taskFinish[i].p90Hours);
    }
}

// ---------------------------------------------------------------------------------------------
// Correlation within a category.

TEST(MonteCarloRisk, CategoryCorrelationReachesTheAskedSpearman)
{
    using est::Category;
    // Five labeling tasks and two training tasks.
    const std::vector<Category> categories{
        Category::Labeling, Category::Labeling, Category::Labeling, Category::Labeling,
        Category::Labeling, Category::Training, Category::Training};
    est::MonteCarloOptions o = options(100'000);
    for (double rho : {0.8, 0.3}) {
        o.categoryCorrelation = rho;
        const std::vector<double> first = drawsOf(categories, 0, o);
        const std::vector<double> fourth = drawsOf(categories, 3, o);
        const std::vector<double> training = drawsOf(categories, 5, o);
        const std::vector<double> training2 = drawsOf(categories, 6, o);
        EXPECT_NEAR(spearman(first, fourth), rho, 0.02) << rho;
        EXPECT_NEAR(spearman(training, training2), rho, 0.02) << rho;
        // Different categories stay independent.
        EXPECT_NEAR(spearman(first, training), 0.0, 0.02) << rho;
        // Each task's draws keep their distribution: the same values, other trials.
        o.categoryCorrelation = 0;
        std::vector<double> alone = drawsOf(categories, 0, o);
        std::vector<double> sorted = first;
        std::sort(sorted.begin(), sorted.end());
        std::sort(alone.begin(), alone.end());
        EXPECT_EQ(sorted, alone);
    }
    o.categoryCorrelation = 0;
    EXPECT_NEAR(spearman(drawsOf(categories, 0, o), drawsOf(categories, 3, o)), 0.0, 0.02);
}

TEST(MonteCarloRisk, CategoryCorrelationWidensThePlan)
{
    std::vector<est::Task> plan;
    plan.reserve(6);
    for (int i = 0; i < 5; ++i)
        plan.push_back(task(2, 4, 12, {}, est::Category::Labeling));
    plan.push_back(task(5, 6, 9, {}, est::Category::Training));
    est::MonteCarloOptions o = options(200'000);
    o.keepTrialHours = true;
    const est::MonteCarloResult independent = est::monteCarlo(plan, o);
    o.categoryCorrelation = 0.8;
    const est::MonteCarloResult correlated = est::monteCarlo(plan, o);
    EXPECT_NEAR(correlated.meanHours, independent.meanHours, 0.005 * independent.meanHours);
    EXPECT_GT(correlated.p95Hours, independent.p95Hours);
    EXPECT_GT(correlated.p90Hours - correlated.cumulativeHours[10],
              independent.p90Hours - independent.cumulativeHours[10]);
    // Var(sum of k alike tasks) = k sigma^2 (1 + (k - 1) r), the Pearson r of these mildly
    // skewed draws close to their Spearman.
    plan.pop_back();
    o.categoryCorrelation = 0;
    const double alone = variance(est::monteCarlo(plan, o).trialHours);
    o.categoryCorrelation = 0.8;
    const double together = variance(est::monteCarlo(plan, o).trialHours);
    EXPECT_NEAR(together / alone, 1 + 4 * 0.8, 0.15);
}

} // namespace
