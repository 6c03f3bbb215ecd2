#include "core/base/random.h"
#include "core/base/stats.h"
#include "core/tail/simulate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

using namespace pipeplan;
using simulation::Params;

namespace {

Params plainJob(double shards, double shardSeconds, double workers)
{
    Params p;
    p.shards = shards;
    p.shardSeconds = shardSeconds;
    p.workers = workers;
    p.trials = 20;
    return p;
}

/// An independent implementation of the rules, written from the text rather than from
/// simulate.cpp: a linear scan for the earliest free worker, the standard library's Mersenne
/// Twister, and attempts replayed checkpoint by checkpoint.
double independentTrial(const Params &p, std::mt19937_64 &engine)
{
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    std::vector<double> freeAt(static_cast<size_t>(std::min(p.workers, p.shards)),
                               p.coldStartSeconds);
    double last = 0;
    for (long long shard = 0; shard < static_cast<long long>(p.shards); ++shard) {
        auto worker = std::min_element(freeAt.begin(), freeAt.end());
        double work = p.shardSeconds;
        if (uniform(engine) < p.stragglerProbability)
            work *= p.stragglerFactor;
        double clock = *worker;
        double done = 0; // work secured by checkpoints
        for (;;) {
            // Replay the attempt as a list of (work, then maybe a checkpoint) segments.
            std::vector<std::pair<double, bool>> segments;
            double left = work - done;
            while (p.checkpointSeconds > 0 && left > p.checkpointSeconds) {
                segments.emplace_back(p.checkpointSeconds, true);
                left -= p.checkpointSeconds;
            }
            segments.emplace_back(left, false);
            double length = 0;
            for (const auto &[seconds, checkpoint] : segments)
                length += seconds + (checkpoint ? p.checkpointCostSeconds : 0);
            if (uniform(engine) >= p.failureProbability) {
                clock += length;
                break;
            }
            const double failAt = uniform(engine) * length;
            double t = 0;
            for (const auto &[seconds, checkpoint] : segments) {
                t += seconds + (checkpoint ? p.checkpointCostSeconds : 0);
                if (t > failAt || !checkpoint)
                    break;
                done += seconds;
            }
            clock += failAt;
        }
        *worker = clock;
        last = std::max(last, clock);
    }
    return p.serialSeconds + last;
}

std::vector<double> independentRun(const Params &p, int trials, unsigned seed)
{
    std::mt19937_64 engine(seed);
    std::vector<double> seconds;
    for (int i = 0; i < trials; ++i)
        seconds.push_back(independentTrial(p, engine));
    std::sort(seconds.begin(), seconds.end());
    return seconds;
}

double standardDeviation(const std::vector<double> &values)
{
    const double mean = stats::mean(values);
    double sum = 0;
    for (double v : values)
        sum += (v - mean) * (v - mean);
    return std::sqrt(sum / static_cast<double>(values.size() - 1));
}

} // namespace

TEST(Stats, QuantileInterpolatesBetweenOrderStatistics)
{
    const std::vector<double> sorted{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    EXPECT_DOUBLE_EQ(stats::quantileSorted(sorted, 0.5), 5.5);
    EXPECT_DOUBLE_EQ(stats::quantileSorted(sorted, 0.9), 9.1); // NumPy: percentile(1..10, 90)
    EXPECT_DOUBLE_EQ(stats::quantileSorted(sorted, 0.0), 1);
    EXPECT_DOUBLE_EQ(stats::quantileSorted(sorted, 1.0), 10);
    EXPECT_TRUE(std::isnan(stats::quantileSorted({}, 0.5)));
    const stats::Histogram h = stats::histogram(sorted, 3);
    EXPECT_EQ(h.counts, (std::vector<long long>{3, 3, 4}));
    EXPECT_DOUBLE_EQ(h.binWidth, 3);
}

TEST(Simulation, EqualsClosedFormWithoutStragglersOrFailures)
{
    struct Case
    {
        double shards, seconds, workers, coldStart, checkpoint, checkpointCost, expected;
    };
    // ceil(S / W) rounds of D (plus its checkpoints) after the cold start.
    const Case cases[] = {
        {1000, 60, 100, 0, 0, 0, 600},           // 10 rounds of 60 s
        {1001, 60, 100, 30, 0, 0, 30 + 11 * 60}, // one shard left over costs a whole round
        {10, 60, 100, 30, 0, 0, 90},             // more workers than shards: one round
        {1, 3600, 1, 0, 600, 10, 3600 + 5 * 10}, // 5 checkpoints inside one hour of work
        {7, 100, 3, 5, 30, 2, 5 + 3 * (100 + 3 * 2)},
    };
    for (const Case &c : cases) {
        Params p = plainJob(c.shards, c.seconds, c.workers);
        p.coldStartSeconds = c.coldStart;
        p.checkpointSeconds = c.checkpoint;
        p.checkpointCostSeconds = c.checkpointCost;
        EXPECT_EQ(simulation::closedFormSeconds(p), c.expected);
        const simulation::Result r = simulation::simulate(p);
        EXPECT_EQ(r.trials, 20);
        EXPECT_EQ(r.minSeconds, c.expected) << c.shards << " shards";
        EXPECT_EQ(r.maxSeconds, c.expected) << c.shards << " shards";
    }
    // Non-integer times: the simulation adds 0.7 s 128 times where the closed form multiplies,
    // so they differ only by rounding (2e-13 s here).
    Params p = plainJob(12345, 0.7, 97);
    p.coldStartSeconds = 1.3;
    p.serialSeconds = 4.1;
    EXPECT_NEAR(simulation::simulate(p).p50Seconds, simulation::closedFormSeconds(p), 1e-12 * 95);
    EXPECT_DOUBLE_EQ(simulation::closedFormSeconds(p), 4.1 + 1.3 + 128 * 0.7);
}

TEST(Simulation, SameSeedSameResultOnAnyThreadCount)
{
    Params p = plainJob(5000, 60, 300);
    p.stragglerProbability = 0.02;
    p.stragglerFactor = 4;
    p.failureProbability = 0.05;
    p.checkpointSeconds = 20;
    p.checkpointCostSeconds = 1;
    p.trials = 64;
    p.seed = 42;
    const simulation::Result one = simulation::simulate(p, nullptr, 1);
    const simulation::Result two = simulation::simulate(p, nullptr, 2);
    const simulation::Result five = simulation::simulate(p, nullptr, 5);
    EXPECT_EQ(one.sortedSeconds, two.sortedSeconds);
    EXPECT_EQ(one.sortedSeconds, five.sortedSeconds);
    p.seed = 43;
    EXPECT_NE(simulation::simulate(p).sortedSeconds, one.sortedSeconds);
}

// One shard on one worker has textbook expectations: a straggler costs q (k - 1) D on average,
// and restarts from scratch cost f / (1 - f) failed attempts of D / 2 each.
TEST(Simulation, SingleShardMeansMatchTheirExpectations)
{
    Params straggler = plainJob(1, 100, 1);
    straggler.stragglerProbability = 0.2;
    straggler.stragglerFactor = 3;
    straggler.trials = 200'000;
    const simulation::Result s = simulation::simulate(straggler);
    const double expectedStraggler = 100 * (1 + 0.2 * 2); // 140 s
    // sd of a 100/300 mixture is 80 s: the mean's standard error is 80 / sqrt(200,000) = 0.18 s.
    EXPECT_NEAR(s.meanSeconds, expectedStraggler, 1.0);
    EXPECT_DOUBLE_EQ(s.p50Seconds, 100);
    EXPECT_DOUBLE_EQ(s.p90Seconds, 300);

    Params failing = plainJob(1, 100, 1);
    failing.failureProbability = 0.3;
    failing.trials = 200'000;
    const double expectedFailing = 100 + 0.3 / 0.7 * 50; // 121.43 s
    EXPECT_NEAR(simulation::simulate(failing).meanSeconds, expectedFailing, 1.0);
}

TEST(Simulation, AgreesWithAnIndependentSimulationOfTheSameRules)
{
    Params p = plainJob(400, 60, 40);
    p.coldStartSeconds = 45;
    p.stragglerProbability = 0.05;
    p.stragglerFactor = 4;
    p.failureProbability = 0.1;
    p.checkpointSeconds = 15;
    p.checkpointCostSeconds = 2;
    p.trials = 4000;
    p.seed = 7;
    const simulation::Result ours = simulation::simulate(p);
    const std::vector<double> theirs = independentRun(p, 4000, 12345);
    // Two independent samples of 4,000: a quantile's standard error is about
    // sqrt(q (1 - q) / n) / density; 5 sd of the pooled spread / sqrt(n) bounds it generously.
    const double tolerance = 5 * standardDeviation(theirs) * std::sqrt(2.0 / 4000) * 1.5;
    EXPECT_NEAR(ours.meanSeconds, stats::mean(theirs), tolerance);
    EXPECT_NEAR(ours.p50Seconds, stats::quantileSorted(theirs, 0.5), tolerance);
    EXPECT_NEAR(ours.p90Seconds, stats::quantileSorted(theirs, 0.9), tolerance * 1.5);
    EXPECT_GT(ours.p90Seconds, simulation::closedFormSeconds(p)); // the tail is real
}

TEST(Simulation, BackupsCutTheStragglerTail)
{
    // One shard per worker and a 5 % chance of 10x: nearly every trial has a straggler and
    // waits 10 D for it; a backup started when the first shards finish ends at 2 D (a backup
    // that straggles too is backed up again).
    Params p = plainJob(200, 60, 200);
    p.stragglerProbability = 0.05;
    p.stragglerFactor = 10;
    p.trials = 400;
    const simulation::Result without = simulation::simulate(p);
    p.speculativeBackups = true;
    const simulation::Result with = simulation::simulate(p);
    EXPECT_DOUBLE_EQ(without.p50Seconds, 600);
    EXPECT_DOUBLE_EQ(with.p50Seconds, 120);
    EXPECT_DOUBLE_EQ(with.p90Seconds, 120);
    EXPECT_GE(with.minSeconds, 60);
}

TEST(Simulation, DispatchCapDelaysStarts)
{
    Params p = plainJob(1000, 1, 1000);
    p.dispatchPerSecond = 100; // shard i starts at i / 100 s: the last at 9.99 s
    const simulation::Result r = simulation::simulate(p);
    EXPECT_DOUBLE_EQ(r.p50Seconds, 9.99 + 1);
    EXPECT_EQ(r.closedFormSeconds, r.p50Seconds);
    // A cap and a queue together: the closed form's recurrence is the simulation, exactly.
    Params both = plainJob(5000, 3, 40);
    both.coldStartSeconds = 7;
    both.dispatchPerSecond = 12.5;
    both.trials = 3;
    const simulation::Result b = simulation::simulate(both);
    EXPECT_EQ(b.minSeconds, simulation::closedFormSeconds(both));
    EXPECT_EQ(b.maxSeconds, simulation::closedFormSeconds(both));
    EXPECT_GE(b.minSeconds, 4999 / 12.5 + 3);
}

TEST(Simulation, AJobWithoutChanceRunsOneTrialForAll)
{
    // No stragglers and no failures: no trial draws a random number, so simulate() runs one and
    // gives every trial its time. Each trial run on its own gives that same time, to the bit,
    // with a cold start, a serial residue, a dispatch cap and backups (which then never win).
    Params p = plainJob(20000, 0.7, 97);
    p.coldStartSeconds = 1.3;
    p.serialSeconds = 4.1;
    p.dispatchPerSecond = 5000;
    p.speculativeBackups = true;
    p.trials = 200;
    simulation::Control control;
    const simulation::Result r = simulation::simulate(p, &control);
    EXPECT_EQ(r.trials, 200);
    EXPECT_EQ(control.trialsDone.load(), 200);
    for (std::uint64_t trial : {0U, 1U, 57U, 199U})
        EXPECT_EQ(simulation::simulateTrial(p, trial), r.minSeconds) << "trial " << trial;
    EXPECT_EQ(r.minSeconds, r.maxSeconds);
    EXPECT_NEAR(r.p50Seconds, simulation::closedFormSeconds(p), 1e-9);
    // One straggler chance and the trials differ again.
    p.stragglerProbability = 0.01;
    p.stragglerFactor = 3;
    EXPECT_LT(simulation::simulate(p).minSeconds, simulation::simulate(p).maxSeconds);
}

TEST(Simulation, CancelReturnsWhatFinished)
{
    Params p = plainJob(1000, 1, 10);
    p.trials = 1000;
    simulation::Control control;
    control.cancel = true;
    const simulation::Result r = simulation::simulate(p, &control);
    EXPECT_TRUE(r.cancelled);
    EXPECT_EQ(r.trials, 0);
}

TEST(Simulation, ValidationNamesTheField)
{
    auto firstError = [](Params p) {
        const auto errors = simulation::validate(p);
        return errors.empty() ? QString() : errors.front().toString();
    };
    Params p = plainJob(100, 60, 10);
    EXPECT_TRUE(simulation::validate(p).empty());
    p.stragglerProbability = 1;
    EXPECT_EQ(firstError(p), QStringLiteral("straggler_prob: must be below 1, got 1"));
    p = plainJob(100, 60, 10);
    p.failureProbability = -0.1;
    EXPECT_EQ(firstError(p), QStringLiteral("failure_prob: must be at least 0, got -0.1"));
    p = plainJob(100, 60, 10);
    p.stragglerFactor = 0.5;
    EXPECT_EQ(firstError(p), QStringLiteral("straggler_factor: must be at least 1, got 0.5"));
    EXPECT_EQ(firstError(plainJob(0, 60, 10)), QStringLiteral("shards: must be at least 1, got 0"));
    EXPECT_EQ(firstError(plainJob(10, 60, 0)),
              QStringLiteral("workers: must be at least 1, got 0"));
    EXPECT_EQ(firstError(plainJob(10, std::nan(""), 1)),
              QStringLiteral("shard_seconds: is not a number (NaN)"));
    p = plainJob(1e8, 1e12, 1);
    p.stragglerFactor = 1e6;
    EXPECT_EQ(firstError(p), QStringLiteral("shard_seconds: x straggler_factor x shards per worker "
                                            "is over 1e18 s: the job would never end"));
}

TEST(Random, StreamsAreReproducibleAndUniform)
{
    random::Xoshiro256 a(1, 0);
    random::Xoshiro256 b(1, 0);
    random::Xoshiro256 c(1, 1);
    double sum = 0;
    for (int i = 0; i < 100'000; ++i) {
        const double u = a.uniform();
        ASSERT_GE(u, 0.0);
        ASSERT_LT(u, 1.0);
        ASSERT_EQ(u, b.uniform());
        sum += u;
    }
    EXPECT_NEAR(sum / 100'000, 0.5, 0.005);
    EXPECT_NE(a.next(), c.next());
}
