#include "core/base/format.h"
#include "core/model/overheads.h"
#include "core/plan/evaluation.h"
#include "core/plan/explain.h"
#include "core/plan/goalseek.h"

#include <gtest/gtest.h>

using namespace pipeplan;

namespace {

/// Seed 000's pruned, batched job: 75M users at 50 ms per batched user, so each worker scores
/// 20 users/s and a 40,000 users/s feature store is saturated by 2,000 workers.
Scenario featureStoreJob()
{
    Scenario s = defaultScenario();
    s.workload.keepFraction = 0.5;
    s.workload.batchMsPerUser = 50;
    s.workload.parallelFraction = 1;
    s.workload.workers = 1000;
    s.overheads.sharedCapPerSecond = 40'000;
    return s;
}

} // namespace

TEST(Overheads, OffByDefaultAndTheNaiveModelIsUnchanged)
{
    const Scenario s = defaultScenario();
    const ScenarioResult r = evaluate(s);
    EXPECT_FALSE(r.overheads.enabled);
    EXPECT_DOUBLE_EQ(r.effectiveRuntimeSeconds, r.runtimeSeconds);
    EXPECT_DOUBLE_EQ(r.overheads.runtimeSeconds, r.runtimeSeconds);
    EXPECT_EQ(r.waterfall.size(), 5u);
}

TEST(Overheads, FeatureStoreCapShowsItsKnee)
{
    const Scenario s = featureStoreJob();
    const ScenarioResult r = evaluate(s);
    ASSERT_TRUE(r.overheads.enabled);
    EXPECT_DOUBLE_EQ(r.overheads.model.sharedCapSeconds, 1875); // 75M / 40,000 users/s
    ASSERT_TRUE(r.overheads.kneeWorkers.has_value());
    EXPECT_DOUBLE_EQ(*r.overheads.kneeWorkers, 2000);
    EXPECT_EQ(explain::kneeText(s, r.overheads),
              QStringLiteral("feature store caps throughput at 40,000 users/s: more workers do "
                             "nothing past 2,000"));
    // Below the knee compute binds: 3.75M s / 1,000 workers.
    EXPECT_DOUBLE_EQ(r.overheads.runtimeSeconds, 3750);
    EXPECT_EQ(r.overheads.binding, Limit::Compute);
    // Past it, the cap: 10x the workers, the same 31.25 minutes.
    const OverheadModel &m = r.overheads.model;
    EXPECT_DOUBLE_EQ(m.runtimeSeconds(2000), 1875);
    EXPECT_DOUBLE_EQ(m.runtimeSeconds(20'000), 1875);
    EXPECT_EQ(m.bindingLimit(20'000), Limit::SharedResource);
    // The naive curve keeps falling; the overhead curve flattens at the knee.
    const std::vector<RuntimePoint> curve = runtimeCurve(naiveModel(s, r), m, 1, 1e6, 61);
    EXPECT_DOUBLE_EQ(curve.back().naiveSeconds, 3.75);
    EXPECT_DOUBLE_EQ(curve.back().overheadSeconds, 1875);
    EXPECT_DOUBLE_EQ(curve.front().naiveSeconds, curve.front().overheadSeconds);
}

TEST(Overheads, ColdStartRequestOverheadAndCoordinator)
{
    Scenario s = featureStoreJob();
    s.overheads.sharedCapPerSecond.reset();
    s.overheads.coldStartSeconds = 30;
    s.overheads.requestOverheadMs = 5; // one request per batched user
    s.overheads.dispatchCapPerSecond = 2;
    s.overheads.usersPerShard = 10'000; // 7,500 shards: 3,750 s to dispatch them all
    const ScenarioResult r = evaluate(s);
    EXPECT_DOUBLE_EQ(r.overheads.requestsPerUser, 1);
    EXPECT_DOUBLE_EQ(r.overheads.msPerUser, 55);
    EXPECT_DOUBLE_EQ(r.overheads.shards, 7500);
    EXPECT_DOUBLE_EQ(r.overheads.model.dispatchCapSeconds, 3750);
    // 75M x 55 ms = 4.125M s over 1,000 workers = 4,125 s, above the coordinator's 3,750 s.
    EXPECT_DOUBLE_EQ(r.overheads.runtimeSeconds, 30 + 4125);
    EXPECT_EQ(r.overheads.binding, Limit::Compute);
    EXPECT_DOUBLE_EQ(*r.overheads.kneeWorkers, 1100); // 4.125M / 3,750
    EXPECT_EQ(explain::kneeText(s, r.overheads).left(53),
              QStringLiteral("coordinator caps throughput at 2 shards/s: more worke"));
    EXPECT_EQ(explain::workerShareText(s, r.overheads),
              QStringLiteral("Each worker scores 75,000 users in 68.75 minutes; cold start is "
                             "0.7% of its time"));
    EXPECT_EQ(r.waterfall.back().name, QStringLiteral("Overheads"));
    EXPECT_DOUBLE_EQ(r.waterfall.back().runtimeSeconds, 4155);
    EXPECT_DOUBLE_EQ(r.effectiveRuntimeSeconds, 4155);

    // Unbatched, every prediction is a request: 20 x 5 ms more per user.
    s.workload.batchMsPerUser.reset();
    s.workload.latencyMs = 10;
    EXPECT_DOUBLE_EQ(evaluate(s).overheads.msPerUser, 20 * 10 + 20 * 5);
}

TEST(Overheads, SerialResidueBindsBeforeTheCap)
{
    Scenario s = featureStoreJob();
    s.workload.parallelFraction = 0.98; // serial 2% of 3.75M s = 75,000 s > the cap's 1,875 s
    const ScenarioResult r = evaluate(s);
    EXPECT_FALSE(r.overheads.kneeWorkers.has_value());
    EXPECT_EQ(explain::kneeText(s, r.overheads),
              QStringLiteral("feature store caps throughput at 40,000 "
                             "users/s, but the serial 2% binds first"));
}

TEST(Overheads, MemoryCapsTheBatch)
{
    MemoryLimit memory;
    memory.acceleratorMemoryBytes = 16.0 * (1ULL << 30); // a T4
    const MemoryCheck fits = checkMemory(memory, 20);
    EXPECT_TRUE(fits.checked);
    EXPECT_DOUBLE_EQ(fits.largestBatch, 307); // floor(15 GiB / 50 MiB) = floor(307.2)
    EXPECT_TRUE(fits.fits);
    EXPECT_EQ(fits.message, QStringLiteral("Largest batch that fits: 307 items = (16 GiB − 1 GiB "
                                           "model) / 50 MiB per item"));
    memory.batchItems = 400;
    const MemoryCheck tooBig = checkMemory(memory, 20);
    EXPECT_FALSE(tooBig.fits);
    EXPECT_TRUE(tooBig.message.startsWith(
        QStringLiteral("A batch of 400 items does not fit: it needs 20.53 GiB.")));
    memory.modelBytes = 20.0 * (1ULL << 30);
    const MemoryCheck noRoom = checkMemory(memory, 20);
    EXPECT_DOUBLE_EQ(noRoom.largestBatch, 0);
    EXPECT_EQ(
        noRoom.message,
        QStringLiteral("The model alone (20 GiB) does not fit in 16 GiB of accelerator memory"));
    EXPECT_FALSE(checkMemory(MemoryLimit{}, 20).checked);
}

TEST(Overheads, ScenarioValidationNamesTheSection)
{
    Scenario s = defaultScenario();
    s.overheads.coldStartSeconds = -1;
    s.simulation.failureProbability = 1;
    s.goal.deadlineSeconds = 0;
    const std::vector<FieldError> errors = validate(s);
    ASSERT_EQ(errors.size(), 3u);
    EXPECT_EQ(errors[0].toString(),
              QStringLiteral("overheads.cold_start_s: must be at least 0, got -1"));
    EXPECT_EQ(
        errors[1].toString(),
        QStringLiteral("simulation.failure_prob: is too large: at most 0.99, got 1 (above it each "
                       "shard needs over 100 attempts on average)"));
    EXPECT_EQ(errors[2].toString(),
              QStringLiteral("goal.deadline_s: must be greater than 0, got 0"));
}

TEST(Overheads, SimulationParamsFromTheScenario)
{
    Scenario s = featureStoreJob();
    s.overheads.coldStartSeconds = 30;
    const ScenarioResult r = evaluate(s);
    const simulation::Params p = simulationParams(s, r);
    EXPECT_DOUBLE_EQ(p.shards, 7500);
    EXPECT_DOUBLE_EQ(p.shardSeconds, 500); // 10,000 users x 50 ms
    EXPECT_DOUBLE_EQ(p.workers, 1000);
    EXPECT_DOUBLE_EQ(p.coldStartSeconds, 30);
    EXPECT_DOUBLE_EQ(p.dispatchPerSecond, 4); // 40,000 users/s / 10,000 users per shard
    EXPECT_DOUBLE_EQ(p.serialSeconds, 0);
    EXPECT_TRUE(simulation::validate(p).empty());
    // Without stragglers the simulation is the closed form: 8 rounds of 500 s (7,500 / 1,000
    // rounded up) after the cold start, against 30 + 3,750 s for the fluid model.
    simulation::Params noTail = p;
    noTail.stragglerProbability = 0;
    noTail.dispatchPerSecond = 0;
    noTail.trials = 4;
    EXPECT_DOUBLE_EQ(simulation::simulate(noTail).p50Seconds, 30 + 8 * 500);
}

TEST(GoalSeek, NaiveSeed000JobByTomorrow)
{
    Scenario s = defaultScenario();
    s.workload.parallelFraction = 1;
    ScenarioResult r = evaluate(s);
    goalseek::Inputs in;
    in.naive = naiveModel(s, r);
    in.withOverheads = r.overheads.model;
    in.deadlineSeconds = 86'400;
    in.pricePerWorkerHour = 0.5;
    const goalseek::Option naive = goalseek::naiveOption(in);
    ASSERT_TRUE(naive.workers.has_value());
    EXPECT_DOUBLE_EQ(*naive.workers, 34'723); // ceil(3e9 s / 86,400 s) = ceil(34,722.2)
    EXPECT_NEAR(naive.cost, 34'723 * (3e9 / 34'723) / 3600 * 0.5, 1e-6); // 416,666.67
    EXPECT_EQ(format::grouped(naive.cost, 2), QStringLiteral("416,666.67"));

    // The seed's 2 % serial residue alone is 6e7 s = 694 days: no worker count makes a day.
    s.workload.parallelFraction = 0.98;
    r = evaluate(s);
    in.naive = naiveModel(s, r);
    const goalseek::Option impossible = goalseek::naiveOption(in);
    EXPECT_FALSE(impossible.workers.has_value());
    EXPECT_EQ(impossible.reason, QStringLiteral("Amdahl's ceiling: the serial 2% alone takes "
                                                "694.44 days (deadline 24 hours)"));
}

TEST(GoalSeek, CapsAndColdStartMakeDeadlinesImpossible)
{
    Scenario s = featureStoreJob();
    s.overheads.coldStartSeconds = 30;
    const ScenarioResult r = evaluate(s);
    goalseek::Inputs in;
    in.naive = naiveModel(s, r);
    in.withOverheads = r.overheads.model;
    in.deadlineSeconds = 1800; // 30 minutes: the feature store alone needs 31.25
    const goalseek::Option capped = goalseek::overheadOption(in);
    EXPECT_FALSE(capped.workers.has_value());
    EXPECT_EQ(capped.reason, QStringLiteral("the feature store cap alone takes 31.25 minutes "
                                            "(deadline 30 minutes)"));
    ASSERT_TRUE(goalseek::naiveOption(in).workers.has_value());
    EXPECT_DOUBLE_EQ(*goalseek::naiveOption(in).workers, 2084); // ceil(3.75M / 1,800)
    in.deadlineSeconds = 20;
    EXPECT_EQ(goalseek::overheadOption(in).reason,
              QStringLiteral("the cold start alone takes 30 seconds (deadline 20 seconds)"));
    in.deadlineSeconds = 3600; // 3,570 s after the cold start: 3.75M / 3,570 = 1,050.4
    EXPECT_DOUBLE_EQ(*goalseek::overheadOption(in).workers, 1051);
}

TEST(GoalSeek, SimulatedWorkersMatchTheRoundsWithoutATail)
{
    goalseek::Inputs in;
    in.simulation.shards = 1000;
    in.simulation.shardSeconds = 60;
    in.simulation.coldStartSeconds = 30;
    in.simulation.trials = 8;
    in.naive.workSeconds = 60'000;
    in.withOverheads = in.naive;
    in.withOverheads.coldStartSeconds = 30;
    in.deadlineSeconds = 600;
    in.pricePerWorkerHour = 2;
    // 570 s after the cold start is 9 rounds of 60 s: 1,000 / 9 = 111.1, so 112 workers.
    const goalseek::Result result = goalseek::seek(in);
    ASSERT_EQ(result.options.size(), 4u);
    EXPECT_EQ(result.options[2].key, QStringLiteral("simulated_p50"));
    EXPECT_DOUBLE_EQ(result.options[2].workers.value_or(0), 112);
    EXPECT_DOUBLE_EQ(result.options[3].workers.value_or(0), 112);
    EXPECT_DOUBLE_EQ(result.options[3].runtimeSeconds, 30 + 9 * 60);
    EXPECT_DOUBLE_EQ(result.options[3].cost, 112 * 570.0 / 3600 * 2);
    EXPECT_DOUBLE_EQ(result.options[0].workers.value_or(0), 100); // the fluid model: 60,000 / 600

    in.deadlineSeconds = 80; // one 60 s shard after a 30 s cold start cannot make 80 s
    const goalseek::Result impossible = goalseek::seek(in);
    EXPECT_FALSE(impossible.options[3].workers.has_value());
    EXPECT_EQ(impossible.options[3].reason,
              QStringLiteral("even 1,000 workers (one shard each) take 90 seconds at P90 "
                             "(deadline 80 seconds)"));
}

TEST(GoalSeek, StragglersNeedMoreWorkersAtP90ThanAtP50)
{
    goalseek::Inputs in;
    in.simulation.shards = 2000;
    in.simulation.shardSeconds = 60;
    in.simulation.stragglerProbability = 0.002;
    in.simulation.stragglerFactor = 5;
    in.simulation.trials = 200;
    in.naive.workSeconds = 120'000;
    in.withOverheads = in.naive;
    in.deadlineSeconds = 900;
    const goalseek::Result result = goalseek::seek(in);
    const double p50 = result.options[2].workers.value_or(0);
    const double p90 = result.options[3].workers.value_or(0);
    EXPECT_GE(p50, 134); // 2,000 / 15 rounds: the no-tail bound
    EXPECT_GT(p90, p50);
    EXPECT_LE(result.options[3].runtimeSeconds, 900);
}
