#include "core/plan/evaluation.h"
#include "core/plan/scenariofile.h"
#include "core/tail/tailbreakdown.h"

#include <gtest/gtest.h>

#include <QFile>

#include <cmath>

using namespace pipeplan;
using simulation::Params;

namespace {

/// 1,050 shards of 60 s over 100 workers: 11 rounds, 660 s, against a smooth 630 s.
Params plainJob()
{
    Params p;
    p.shards = 1050;
    p.shardSeconds = 60;
    p.workers = 100;
    p.trials = 200;
    p.seed = 7;
    return p;
}

constexpr double kSmoothSeconds = 1050 * 60 / 100.0;

double sum(const std::vector<tail::Step> &steps)
{
    double total = 0;
    for (const tail::Step &step : steps)
        total += step.seconds;
    return total;
}

QStringList causes(const std::vector<tail::Step> &steps)
{
    QStringList keys;
    for (const tail::Step &step : steps)
        keys << step.cause;
    return keys;
}

Plan preset(const char *name)
{
    QFile file(QStringLiteral(PIPEPLAN_PRESETS_DIR "/") + QLatin1String(name));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << name;
    scenariofile::LoadResult loaded = scenariofile::fromJson(file.readAll());
    EXPECT_TRUE(loaded.plan.has_value()) << name;
    return loaded.plan.value_or(Plan{});
}

} // namespace

TEST(TailBreakdown, WithNoTailOnlyTheWholeShardsStepRemains)
{
    const tail::Breakdown b = tail::fromHeadline(plainJob(), kSmoothSeconds);
    EXPECT_EQ(b.startSeconds, 630);
    EXPECT_EQ(b.p50Seconds, 660);
    EXPECT_EQ(b.p90Seconds, 660);
    const std::vector<tail::Step> expected{
        {QStringLiteral("shards"), QStringLiteral("Whole shards (closed form)"), 30}};
    EXPECT_EQ(b.toP50, expected);
    EXPECT_EQ(b.toP90, expected);
    EXPECT_EQ(b.toP50.front().seconds, simulation::closedFormSeconds(plainJob()) - kSmoothSeconds);
    EXPECT_EQ(tail::extraSimulations(plainJob()), 0);
}

// The headline already holds the cold start (the overhead model's C): the closed-form step holds
// whatever the headline lacks of it, and no step takes it out and puts it back.
TEST(TailBreakdown, TheColdStartIsInTheClosedFormStep)
{
    Params job = plainJob();
    job.coldStartSeconds = 45;
    const tail::Breakdown b = tail::fromHeadline(job, kSmoothSeconds + 45);
    ASSERT_EQ(causes(b.toP50), QStringList{QStringLiteral("shards")});
    EXPECT_EQ(b.toP50[0].seconds, 30); // only the whole shards
    EXPECT_EQ(b.toP90[0].seconds, 30);
    EXPECT_EQ(b.p50Seconds, 705);
    // The window passes the job's own simulation: the same numbers, as the simulation equals the
    // closed form without randomness.
    const simulation::Result full = simulation::simulate(job);
    EXPECT_EQ(tail::fromHeadline(job, kSmoothSeconds + 45, nullptr, &full), b);
}

TEST(TailBreakdown, StepsSumToThePercentilesMinusTheHeadline)
{
    Params job = plainJob();
    job.coldStartSeconds = 20;
    job.dispatchPerSecond = 2;
    job.stragglerProbability = 0.05;
    job.stragglerFactor = 3;
    job.failureProbability = 0.02;
    job.checkpointSeconds = 20;
    job.checkpointCostSeconds = 1;
    job.speculativeBackups = true;
    const tail::Breakdown b = tail::fromHeadline(job, kSmoothSeconds);
    const QStringList all{QStringLiteral("shards"), QStringLiteral("stragglers"),
                          QStringLiteral("failures"), QStringLiteral("checkpoints"),
                          QStringLiteral("backups")};
    EXPECT_EQ(causes(b.toP50), all);
    EXPECT_EQ(causes(b.toP90), all);
    const simulation::Result full = simulation::simulate(job);
    EXPECT_EQ(b.p50Seconds, full.p50Seconds);
    EXPECT_EQ(b.p90Seconds, full.p90Seconds);
    EXPECT_NEAR(sum(b.toP50), full.p50Seconds - kSmoothSeconds, 1e-9 * full.p50Seconds);
    EXPECT_NEAR(sum(b.toP90), full.p90Seconds - kSmoothSeconds, 1e-9 * full.p90Seconds);
    // Before any randomness: the closed form (cold start, paced dispatch) minus the headline.
    Params closed = job;
    closed.stragglerProbability = 0;
    closed.failureProbability = 0;
    closed.checkpointSeconds = 0;
    closed.checkpointCostSeconds = 0;
    closed.speculativeBackups = false;
    EXPECT_EQ(b.toP50[0].seconds, simulation::closedFormSeconds(closed) - kSmoothSeconds);
    EXPECT_EQ(tail::extraSimulations(job),
              3); // stragglers, failures, checkpoints; backups is the job
    // Deterministic: the same inputs give the same breakdown, with or without the job's result.
    EXPECT_EQ(tail::fromHeadline(job, kSmoothSeconds), b);
    EXPECT_EQ(tail::fromHeadline(job, kSmoothSeconds, nullptr, &full), b);
}

TEST(TailBreakdown, CancelStopsIt)
{
    Params job = plainJob();
    job.stragglerProbability = 0.05;
    job.stragglerFactor = 3;
    job.failureProbability = 0.1;
    simulation::Control control;
    control.cancel = true;
    const tail::Breakdown b = tail::fromHeadline(job, kSmoothSeconds, &control);
    EXPECT_TRUE(b.cancelled);
    EXPECT_TRUE(b.toP50.empty());
}

TEST(TailBreakdown, FromTheClosedFormTheStepsAreTheRandomCauses)
{
    Params job = plainJob();
    job.coldStartSeconds = 20;
    job.stragglerProbability = 0.05;
    job.stragglerFactor = 3;
    job.failureProbability = 0.02;
    job.checkpointSeconds = 20;
    job.checkpointCostSeconds = 1;
    const simulation::Result full = simulation::simulate(job);
    const tail::Breakdown b = tail::fromClosedForm(job, nullptr, &full);
    EXPECT_EQ(b.startSeconds, simulation::closedFormSeconds(job)); // 20 + 11 x (60 + 2 x 1)
    EXPECT_EQ(b.startSeconds, 702);
    EXPECT_EQ(causes(b.toP50),
              (QStringList{QStringLiteral("stragglers"), QStringLiteral("failures")}));
    EXPECT_EQ(b.toP50[1].label, QStringLiteral("Failures and retries (from the last checkpoint)"));
    EXPECT_EQ(b.p50Seconds, full.p50Seconds);
    EXPECT_NEAR(sum(b.toP50), full.p50Seconds - b.startSeconds, 1e-9 * full.p50Seconds);
    EXPECT_NEAR(sum(b.toP90), full.p90Seconds - b.startSeconds, 1e-9 * full.p90Seconds);
    EXPECT_EQ(tail::fromClosedForm(job), b);
    // No random cause: nothing to explain.
    const tail::Breakdown none = tail::fromClosedForm(plainJob());
    EXPECT_TRUE(none.toP50.empty());
    EXPECT_EQ(none.startSeconds, 660);
    EXPECT_EQ(none.p50Seconds, 660);
}

// The example: a headline of 31.75 minutes, 35.58 without a tail, a P50 of 44.13.
TEST(TailBreakdown, FeatureStorePresetNamesTheCausesItTurnsOn)
{
    const Plan plan = preset("feature-store-cap.json");
    const Scenario &s = plan.scenario;
    const ScenarioResult r = evaluate(s);
    const Params job = simulationParams(s, r);
    const tail::Breakdown b = tail::fromHeadline(job, r.effectiveRuntimeSeconds);
    const QStringList expected{QStringLiteral("shards"), QStringLiteral("stragglers"),
                               QStringLiteral("failures")};
    EXPECT_EQ(causes(b.toP50), expected);
    EXPECT_EQ(causes(b.toP90), expected);
    const simulation::Result full = simulation::simulate(job);
    EXPECT_EQ(b.p50Seconds, full.p50Seconds);
    EXPECT_EQ(b.p90Seconds, full.p90Seconds);
    EXPECT_NEAR(sum(b.toP50), full.p50Seconds - r.effectiveRuntimeSeconds, 1e-9);
    EXPECT_NEAR(sum(b.toP90), full.p90Seconds - r.effectiveRuntimeSeconds, 1e-9);
    // 75M users / 40,000 users/s + 30 s = 1,905 s (31.75 minutes); 15,000 shards of 260 s over
    // 5,000 workers: 3 rounds, 780 s with no tail; at 8 shards/s the last shard starts at
    // 1,874.875 s and ends 260 s later (35.58 minutes, the closed form).
    EXPECT_EQ(b.startSeconds, 1905);
    EXPECT_EQ(full.closedFormSeconds, 2134.875);
    EXPECT_EQ(b.toP50[0].label, QStringLiteral("Whole shards and paced dispatch (closed form)"));
    const double p50[] = {229.875, 511.5, 1.6875};
    const double p90[] = {229.875, 518.8875, 58.885466992807324};
    for (size_t i = 0; i < 3; ++i) {
        EXPECT_NEAR(b.toP50[i].seconds, p50[i], 1e-9) << i;
        EXPECT_NEAR(b.toP90[i].seconds, p90[i], 1e-9) << i;
    }
    EXPECT_EQ(b.p50Seconds, 2648.0625); // 44.13 minutes
    EXPECT_NEAR(b.p90Seconds, 2712.647966992807, 1e-9);
}
