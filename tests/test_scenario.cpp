#include "core/base/format.h"
#include "core/plan/evaluation.h"
#include "tests/support/tasks.h"

#include <QStringList>

#include <gtest/gtest.h>

using namespace pipeplan;

TEST(Scenario, DefaultIsTheSeed000NightlyJob)
{
    const Scenario scenario = defaultScenario();
    EXPECT_TRUE(validate(scenario).empty());
    const ScenarioResult r = evaluate(scenario);
    EXPECT_DOUBLE_EQ(r.totalPredictions, 3e9);
    EXPECT_DOUBLE_EQ(r.workSeconds, 3e9);
    EXPECT_DOUBLE_EQ(r.linearSeconds, 3e5); // 83.33 hours at 10,000 workers
    EXPECT_NEAR(r.speedup, 49.76, 0.005);
    EXPECT_NEAR(r.maxSpeedup, 50, 1e-9);
    EXPECT_NEAR(r.runtimeSeconds, 60'294'000, 1e-3); // 3e9 s x (0.02 + 0.98 / 10,000)
    EXPECT_EQ(format::duration(r.runtimeSeconds), QStringLiteral("697.85 days"));
    EXPECT_EQ(r.nearestScalingRow, 4);
    EXPECT_EQ(r.scaling.size(), 7u);
    EXPECT_EQ(r.bottleneckIndex, 0);
}

// Seed 000's combined example as a waterfall: 95.06 years -> pre-filtering 47.53 years ->
// GPU 173.6 days -> (no batching) -> 10,000 workers 25 minutes.
TEST(Scenario, WaterfallFrom95YearsTo25Minutes)
{
    Scenario scenario;
    scenario.workload.keepFraction = 0.5;
    scenario.workload.latencyMs = 1000; // the job as it runs today: 1 s on a CPU core
    scenario.workload.acceleratorLatencyMs = 10;
    scenario.workload.workers = 10'000;
    const std::vector<LeverStep> steps = leverWaterfall(scenario);
    ASSERT_EQ(steps.size(), 5u);
    EXPECT_EQ(steps[0].name, QStringLiteral("Serial baseline"));
    EXPECT_EQ(format::duration(steps[0].runtimeSeconds), QStringLiteral("95.06 years"));
    EXPECT_EQ(format::duration(steps[1].runtimeSeconds), QStringLiteral("47.53 years"));
    EXPECT_DOUBLE_EQ(steps[2].runtimeSeconds, 15e6);
    EXPECT_EQ(format::duration(steps[2].runtimeSeconds), QStringLiteral("173.61 days"));
    EXPECT_DOUBLE_EQ(steps[3].runtimeSeconds, 15e6);
    EXPECT_FALSE(steps[3].applied);
    EXPECT_DOUBLE_EQ(steps[4].runtimeSeconds, 1500);
    EXPECT_EQ(format::duration(steps[4].runtimeSeconds), QStringLiteral("25 minutes"));
    EXPECT_DOUBLE_EQ(evaluate(scenario).runtimeSeconds, steps.back().runtimeSeconds);

    // Batching at the seed's 50 ms per batched user.
    scenario.workload.batchMsPerUser = 50;
    const std::vector<LeverStep> batched = leverWaterfall(scenario);
    EXPECT_DOUBLE_EQ(batched[3].runtimeSeconds, 75e6 * 0.05);
    EXPECT_TRUE(batched[3].applied);
    EXPECT_DOUBLE_EQ(batched[4].runtimeSeconds, 75e6 * 0.05 / 10'000);
}

// Seed 000 "sequential vs parallel stages": sequential cost is the sum, pipelined the max.
TEST(Scenario, StagesAddToScoringOrOverlap)
{
    Scenario scenario;
    scenario.workload.latencyMs = 10; // 20 x 10 ms = 200 ms scoring
    scenario.stages = {Stage{QStringLiteral("fetch"), 500, false},
                       Stage{QStringLiteral("score"), 0, true},
                       Stage{QStringLiteral("write"), 50, false}};
    ASSERT_TRUE(validate(scenario).empty());
    ScenarioResult r = evaluate(scenario);
    EXPECT_EQ(r.stageMs, (std::vector<double>{500, 200, 50}));
    EXPECT_DOUBLE_EQ(r.perUserMs, 750);
    EXPECT_EQ(r.bottleneckIndex, 0);
    EXPECT_DOUBLE_EQ(r.workSeconds, 150e6 * 0.75);
    scenario.execution = Execution::Pipelined;
    r = evaluate(scenario);
    EXPECT_DOUBLE_EQ(r.perUserMs, 500);
    EXPECT_DOUBLE_EQ(r.workSeconds, 150e6 * 0.5);
    // A faster scoring stage changes nothing while fetch is the bottleneck.
    scenario.workload.latencyMs = 1;
    EXPECT_DOUBLE_EQ(evaluate(scenario).perUserMs, 500);
}

TEST(Scenario, PipelineSummaryOfSeed001)
{
    const PipelineSummary s = summarizePipeline(std::vector<double>{10, 10, 20, 10}, 8);
    EXPECT_NEAR(s.bubbleFraction, 0.273, 0.0005);
    EXPECT_DOUBLE_EQ(s.steadyRatePerSecond, 50);
    EXPECT_DOUBLE_EQ(s.balancedRatePerSecond, 80);
    EXPECT_DOUBLE_EQ(s.balancedStageMs, 12.5);
    EXPECT_DOUBLE_EQ(s.totalMs, 190);
    EXPECT_EQ(s.bottleneckIndex, 2);
}

TEST(Scenario, ValidationNamesThePath)
{
    Scenario scenario;
    scenario.stages = {Stage{QStringLiteral("fetch"), -1, false}, Stage{QString(), 5, false}};
    scenario.workerCounts = {100, 0};
    scenario.microbatches = 0.5;
    scenario.workload.latencyMs = 0;
    const std::vector<FieldError> errors = validate(scenario);
    QStringList fields;
    for (const FieldError &e : errors)
        fields << e.field;
    EXPECT_EQ(fields, (QStringList{
                          QStringLiteral("workload.latency_ms"), QStringLiteral("microbatches"),
                          QStringLiteral("stages[0].ms_per_user"), QStringLiteral("stages[1].name"),
                          QStringLiteral("stages"), QStringLiteral("worker_counts[1]")}));
}

// Issue 17: each lever, ticked on the default scenario (seed 000's job as it runs today),
// starts where seed 000 puts it and never makes the job slower; so does ticking it after the
// other, and on a job whose latency is already below the seed's accelerator.
TEST(Scenario, TickingALeverNeverMakesTheJobSlower)
{
    const Scenario today;
    EXPECT_EQ(today.workload.latencyMs, 1000);
    EXPECT_FALSE(today.workload.acceleratorLatencyMs.has_value());
    EXPECT_FALSE(today.workload.batchMsPerUser.has_value());
    EXPECT_EQ(levers::acceleratorStartMs(today.workload), 10);
    EXPECT_EQ(levers::batchStartMs(today.workload), 50);
    const double before = evaluate(today).runtimeSeconds;

    Scenario accelerated = today;
    accelerated.workload.acceleratorLatencyMs = levers::acceleratorStartMs(today.workload);
    EXPECT_DOUBLE_EQ(evaluate(accelerated).runtimeSeconds, before / 100);
    Scenario batched = today;
    batched.workload.batchMsPerUser = levers::batchStartMs(today.workload);
    EXPECT_DOUBLE_EQ(evaluate(batched).runtimeSeconds, before * 50 / 20'000);
    Scenario both = accelerated;
    both.workload.batchMsPerUser = levers::batchStartMs(accelerated.workload);
    EXPECT_LE(evaluate(both).runtimeSeconds, evaluate(accelerated).runtimeSeconds);

    for (double latencyMs : {0.01, 0.05, 3.0, 19.0, 60'000.0}) {
        Scenario fast;
        fast.workload.latencyMs = latencyMs;
        fast.workload.predictionsPerUser = 1;
        const double fastBefore = evaluate(fast).runtimeSeconds;
        Scenario withAccelerator = fast;
        withAccelerator.workload.acceleratorLatencyMs = levers::acceleratorStartMs(fast.workload);
        EXPECT_LE(evaluate(withAccelerator).runtimeSeconds, fastBefore) << latencyMs;
        Scenario withBatching = fast;
        withBatching.workload.batchMsPerUser = levers::batchStartMs(fast.workload);
        EXPECT_LE(evaluate(withBatching).runtimeSeconds, fastBefore) << latencyMs;
        EXPECT_TRUE(validate(withAccelerator).empty());
        EXPECT_TRUE(validate(withBatching).empty());
    }
}

// Copies of a plan share its task list until one changes it (issue 31): an undo step or an
// edited copy of a 10,000-task plan costs a pointer, and editing one copy leaves the other as
// it was.
TEST(ScenarioTasks, CopiesShareTheTaskListUntilOneChangesIt)
{
    Scenario a = defaultScenario();
    a.project.tasks = testsupport::chain(1000);
    Scenario b = a;
    EXPECT_TRUE(b.project.tasks.sharesWith(a.project.tasks));
    EXPECT_EQ(&a.project.tasks.items(), &b.project.tasks.items());
    b.project.tasks[500].mostLikely = 2.5;
    EXPECT_FALSE(b.project.tasks.sharesWith(a.project.tasks));
    EXPECT_EQ(a.project.tasks[500].mostLikely, 2.0);
    EXPECT_EQ(b.project.tasks[500].mostLikely, 2.5);
    EXPECT_NE(a, b);
    b.project.tasks[500].mostLikely = 2;
    EXPECT_EQ(a, b); // equal items in two buffers still compare equal
}

// An edit is checked where it changed: a note edit skips the tasks, a task edit checks them.
TEST(ScenarioTasks, ValidateChangeChecksTheTasksOnlyWhenTheyChanged)
{
    Scenario before = defaultScenario();
    Scenario notes = before;
    notes.notes = QStringLiteral("reviewed");
    EXPECT_TRUE(validateChange(before, notes).empty());
    Scenario badTask = before;
    badTask.project.tasks[2].mostLikely = -1;
    const std::vector<FieldError> errors = validateChange(before, badTask);
    ASSERT_FALSE(errors.empty());
    EXPECT_EQ(errors.front().field, QStringLiteral("project.tasks[2].most_likely"));
    EXPECT_EQ(validate(badTask).front().field, errors.front().field);
    Scenario badWorkers = notes;
    badWorkers.workload.workers = 0;
    EXPECT_FALSE(validateChange(before, badWorkers).empty());
}
