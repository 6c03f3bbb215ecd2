#include "core/model/bandwidth.h"
#include "core/model/pipeline.h"
#include "core/plan/evaluation.h"

#include <gtest/gtest.h>

#include <random>

using namespace pipeplan;

namespace {
const std::vector<double> kSeed001{10, 10, 20, 10};
}

// Seed 001 "Do it hands-on": 4 stages, 8 microbatches; 10, 10, 20, 10 ms; re-cut into 12.5 ms.
TEST(Pipeline, Seed001Answers)
{
    EXPECT_NEAR(pipeline::bubbleFraction(4, 8), 0.273, 0.0005);
    EXPECT_DOUBLE_EQ(pipeline::bubbleFraction(4, 8), 3.0 / 11.0);
    EXPECT_DOUBLE_EQ(pipeline::steadyRatePerSecond(kSeed001), 50.0);
    const std::vector<double> balanced = pipeline::balance(kSeed001);
    EXPECT_EQ(balanced, (std::vector<double>{12.5, 12.5, 12.5, 12.5}));
    EXPECT_DOUBLE_EQ(pipeline::steadyRatePerSecond(balanced), 80.0);
    EXPECT_DOUBLE_EQ(pipeline::totalTimeMs(kSeed001, 8), 50 + 7 * 20);
    EXPECT_EQ(pipeline::bottleneck(kSeed001), 2);
    EXPECT_DOUBLE_EQ(pipeline::utilization(kSeed001, 8), 50.0 * 8 / (4 * 190.0));
    EXPECT_DOUBLE_EQ(pipeline::sequentialMs(kSeed001), 50);
}

TEST(Pipeline, BottleneckIsFirstOnTies)
{
    EXPECT_EQ(pipeline::bottleneck(std::vector<double>{5, 9, 9, 1}), 1);
    EXPECT_EQ(pipeline::bottleneck(std::vector<double>{3, 3, 3}), 0);
    EXPECT_EQ(pipeline::bottleneck(std::vector<double>{}), -1);
}

// Balanced stages: utilization is exactly 1 - bubble fraction.
TEST(Pipeline, BalancedUtilizationIsOneMinusBubble)
{
    const std::vector<double> equal(6, 7.5);
    for (int m : {1, 2, 8, 63, 1000})
        EXPECT_NEAR(pipeline::utilization(equal, m), 1.0 - pipeline::bubbleFraction(6, m), 1e-12);
    // p = 8 needs m >= 63 for a bubble of at most 10 % (reference-values.md).
    EXPECT_LE(pipeline::bubbleFraction(8, 63), 0.10);
    EXPECT_GT(pipeline::bubbleFraction(8, 62), 0.10);
}

// Seed 000: "If scoring is 200 ms but feature fetch is 500 ms/user, adding scoring GPUs does
// nothing until you fix fetch."
TEST(Pipeline, SpeedingUpANonBottleneckBuysNothing)
{
    const std::vector<double> stages{500, 200};
    EXPECT_DOUBLE_EQ(pipeline::steadyRatePerSecond(stages), 2.0);
    EXPECT_DOUBLE_EQ(pipeline::rateAfterChangePerSecond(stages, 1, 20), 2.0);
    EXPECT_DOUBLE_EQ(pipeline::rateAfterChangePerSecond(stages, 0, 250), 4.0);
    EXPECT_DOUBLE_EQ(pipeline::sequentialMs(stages), 700); // latency: the sum
    EXPECT_DOUBLE_EQ(pipeline::intervalMs(stages), 500);   // throughput: the max
}

TEST(Pipeline, ScheduleOfSeed001)
{
    const pipeline::Schedule s = pipeline::schedule(kSeed001, 8);
    ASSERT_EQ(s.cells.size(), 32u);
    EXPECT_DOUBLE_EQ(s.makespanMs, 190);
    // Stage 3 (20 ms) starts microbatch 0 at 20 ms and then runs back to back.
    EXPECT_EQ(s.cells[2 * 8 + 0], (pipeline::Cell{2, 0, 20, 40}));
    EXPECT_EQ(s.cells[2 * 8 + 7], (pipeline::Cell{2, 7, 160, 180}));
    // Stage 4 waits 10 ms behind the slow stage between microbatches.
    EXPECT_EQ(s.cells[3 * 8 + 1], (pipeline::Cell{3, 1, 60, 70}));
    int fill = 0, wait = 0, drain = 0;
    double idleMs = 0;
    for (const pipeline::Idle &idle : s.idle) {
        idleMs += idle.endMs - idle.startMs;
        fill += idle.kind == pipeline::IdleKind::Fill;
        wait += idle.kind == pipeline::IdleKind::Wait;
        drain += idle.kind == pipeline::IdleKind::Drain;
    }
    EXPECT_EQ(fill, 3);  // every stage but the first waits to fill
    EXPECT_EQ(wait, 7);  // stage 4 between its 8 microbatches
    EXPECT_EQ(drain, 3); // every stage but the last idles while later ones drain
    // Busy + idle covers the whole schedule on every stage.
    EXPECT_DOUBLE_EQ(idleMs + 50 * 8, 4 * 190.0);
}

// Property over random stage times: the schedule never violates a dependency, never runs two
// microbatches on one stage at once, and its makespan is the closed form.
TEST(Pipeline, ScheduleProperties)
{
    std::mt19937 rng(42);
    std::uniform_real_distribution<double> ms(0.1, 50);
    std::uniform_int_distribution<int> count(1, 24);
    for (int trial = 0; trial < 200; ++trial) {
        std::vector<double> stages(static_cast<size_t>(count(rng)));
        for (double &t : stages)
            t = ms(rng);
        const int m = count(rng);
        const pipeline::Schedule s = pipeline::schedule(stages, m);
        ASSERT_EQ(s.cells.size(), stages.size() * static_cast<size_t>(m));
        EXPECT_NEAR(s.makespanMs, pipeline::totalTimeMs(stages, m), 1e-9 * s.makespanMs);
        for (size_t st = 0; st < stages.size(); ++st) {
            for (int j = 0; j < m; ++j) {
                const pipeline::Cell &c =
                    s.cells[st * static_cast<size_t>(m) + static_cast<size_t>(j)];
                EXPECT_NEAR(c.endMs - c.startMs, stages[st], 1e-9);
                if (st > 0) {
                    EXPECT_GE(
                        c.startMs,
                        s.cells[(st - 1) * static_cast<size_t>(m) + static_cast<size_t>(j)].endMs);
                }
                if (j > 0) {
                    EXPECT_GE(
                        c.startMs,
                        s.cells[st * static_cast<size_t>(m) + static_cast<size_t>(j) - 1].endMs);
                }
            }
        }
    }
}

TEST(Pipeline, BalanceKeepsTheTotal)
{
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> ms(0.01, 1000);
    for (int trial = 0; trial < 100; ++trial) {
        std::vector<double> stages(static_cast<size_t>(1 + trial % 13));
        for (double &t : stages)
            t = ms(rng);
        const std::vector<double> balanced = pipeline::balance(stages);
        EXPECT_NEAR(pipeline::sequentialMs(balanced), pipeline::sequentialMs(stages),
                    1e-9 * pipeline::sequentialMs(stages));
        EXPECT_GE(pipeline::steadyRatePerSecond(balanced),
                  pipeline::steadyRatePerSecond(stages) * (1 - 1e-12));
    }
}

TEST(Pipeline, ScheduleRefusesUnboundedSizes)
{
    const std::vector<double> stages(1000, 1.0);
    EXPECT_TRUE(pipeline::schedule(stages, 1'000'000).cells.empty());
    EXPECT_TRUE(pipeline::schedule({}, 8).cells.empty());
}

// Seed 001 "Worked example": 14 GB at 700 GB/s is at least 0.02 s, a 50 steps/s ceiling; a
// 512-MiB KV transfer over 32 GiB/s takes at least 1/64 s.
TEST(Bandwidth, Seed001Examples)
{
    EXPECT_NEAR(bandwidth::lowerBoundSeconds(14e9, 700e9), 0.02, 1e-15);
    EXPECT_NEAR(bandwidth::rateCeilingPerSecond(14e9, 700e9), 50, 1e-9);
    EXPECT_DOUBLE_EQ(bandwidth::lowerBoundSeconds(512.0 * 1024 * 1024, 32.0 * 1024 * 1024 * 1024),
                     1.0 / 64);
    EXPECT_DOUBLE_EQ(
        bandwidth::rateCeilingPerSecond(512.0 * 1024 * 1024, 32.0 * 1024 * 1024 * 1024), 64);
}

// "Apply balanced split" as a scenario edit: seed 001's preset re-cut into four 12.5 ms stages.
// The scoring stage's time is the workload's (1 prediction x 20 ms), so its latency scales.
TEST(Pipeline, BalancedSplitOfSeed001RunsAt80PerSecond)
{
    Scenario s = defaultScenario();
    s.workload.predictionsPerUser = 1;
    s.workload.latencyMs = 20;
    s.execution = Execution::Pipelined;
    s.stages = {Stage{QStringLiteral("fetch"), 10, false},
                Stage{QStringLiteral("transform"), 10, false},
                Stage{QStringLiteral("score"), 0, true}, Stage{QStringLiteral("write"), 10, false}};
    const BalancedSplit split = balancedSplit(s);
    const Scenario splitScenario = withBalancedSplit(s, split);
    EXPECT_TRUE(split.changes);
    EXPECT_DOUBLE_EQ(split.stageMs, 12.5);
    EXPECT_DOUBLE_EQ(split.scoringScale, 0.625);
    EXPECT_DOUBLE_EQ(split.workload.latencyMs, 12.5);
    const ScenarioResult r = evaluate(splitScenario);
    EXPECT_EQ(r.stageMs, (std::vector<double>{12.5, 12.5, 12.5, 12.5}));
    EXPECT_DOUBLE_EQ(r.pipeline.steadyRatePerSecond, 80.0);
    // Only the stage times and the scoring stage's model time change.
    Scenario rest = splitScenario;
    rest.stages = s.stages;
    rest.workload.latencyMs = s.workload.latencyMs;
    EXPECT_EQ(rest, s);

    // Batched scoring: the batched time is set; the other model times scale with it.
    s.workload.batchMsPerUser = 40;
    s.workload.acceleratorLatencyMs = 8;
    const BalancedSplit batched = balancedSplit(s);
    EXPECT_DOUBLE_EQ(*batched.workload.batchMsPerUser, 17.5); // (10+10+40+10) / 4
    EXPECT_DOUBLE_EQ(*batched.workload.acceleratorLatencyMs, 8 * 17.5 / 40);
    EXPECT_DOUBLE_EQ(evaluate(withBalancedSplit(s, batched)).pipeline.steadyRatePerSecond,
                     1000 / 17.5);

    // Nothing to re-cut: one stage, or equal stages.
    EXPECT_FALSE(balancedSplit(defaultScenario()).changes);
    EXPECT_EQ(withBalancedSplit(defaultScenario(), balancedSplit(defaultScenario())),
              defaultScenario());
    EXPECT_FALSE(balancedSplit(splitScenario).changes);
}
