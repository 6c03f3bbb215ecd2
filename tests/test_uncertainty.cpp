// Ranges, not points (issue 34): the range syntax, the sampled job against its closed form, the
// sensitivity's stability, the kernel against evaluate(), and the file.
#include "core/hardware/roofline.h"
#include "core/model/uncertainty.h"
#include "core/plan/evaluation.h"
#include "core/plan/planresult.h"
#include "core/plan/scenariofile.h"
#include "tests/support/ranges.h"

#include <QJsonObject>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

using namespace pipeplan;

namespace {

constexpr double kZ90 = 1.2815515655446004; // standard normal's 90th percentile

/// The 95th percentile of the standard normal computed here, not PipePlan's constant: a 90 %
/// interval spans +-z95 sigma.
const double kZ95Here = testsupport::normalQuantileByBisection(0.95);

/// The seed's job at p = 1 and no overheads: runtime = users x predictions x latency / N.
Scenario productJob()
{
    Scenario s;
    s.workload.users = 150e6;
    s.workload.predictionsPerUser = 20;
    s.workload.latencyMs = 1000;
    s.workload.workers = 10'000;
    s.workload.parallelFraction = 1;
    return s;
}

Range interval(double low, double high)
{
    return Range{Range::Kind::Interval, low, 0, high};
}

} // namespace

TEST(Ranges, TheSyntaxAPersonTypes)
{
    RangeParse p = parseRange(QStringLiteral("800..1,200"));
    ASSERT_TRUE(p.range);
    EXPECT_EQ(*p.range, interval(800, 1200));
    p = parseRange(QStringLiteral("800 to 1200"));
    ASSERT_TRUE(p.range);
    EXPECT_EQ(*p.range, interval(800, 1200));
    p = parseRange(QStringLiteral("100M..200M"));
    ASSERT_TRUE(p.range);
    EXPECT_EQ(*p.range, interval(100e6, 200e6));
    p = parseRange(QStringLiteral("800/1,000/1,500"));
    ASSERT_TRUE(p.range);
    EXPECT_EQ(*p.range, (Range{Range::Kind::ThreePoint, 800, 1000, 1500}));
    p = parseRange(QStringLiteral("95%..99%"), Support::Fraction);
    ASSERT_TRUE(p.range);
    EXPECT_DOUBLE_EQ(p.range->low, 0.95);
    EXPECT_DOUBLE_EQ(p.range->high, 0.99);
    p = parseRange(QStringLiteral("1,000"));
    EXPECT_FALSE(p.range);
    EXPECT_EQ(p.number, 1000);
    p = parseRange(QStringLiteral("1200..800"));
    EXPECT_FALSE(p.range);
    EXPECT_EQ(p.error, QStringLiteral("the low end must be below the high end, got '1200..800'"));
    p = parseRange(QStringLiteral("800/1,600/1,500"));
    EXPECT_FALSE(p.range);
    EXPECT_TRUE(p.error.startsWith(QStringLiteral("three points must read low/likely/high")));
    EXPECT_EQ(rangeText(interval(800, 1200)), QStringLiteral("800..1,200"));
    EXPECT_EQ(rangeText(Range{Range::Kind::ThreePoint, 800, 1000, 1500}),
              QStringLiteral("800/1,000/1,500"));
}

// A refused range is quoted as typed: its parts read back ("800...1200" as 800 and .1200, "1,200"
// as 1200) would show numbers nobody wrote.
TEST(Ranges, ARefusedRangeIsQuotedAsTyped)
{
    RangeParse p = parseRange(QStringLiteral("800...1200"));
    EXPECT_FALSE(p.range);
    EXPECT_FALSE(p.number);
    EXPECT_EQ(p.error, QStringLiteral("a range is two numbers with two dots between, like "
                                      "800..1,200, got '800...1200'"));
    p = parseRange(QStringLiteral(" 1,200 .. 800 "));
    EXPECT_FALSE(p.range);
    EXPECT_EQ(p.error,
              QStringLiteral("the low end must be below the high end, got '1,200 .. 800'"));
    p = parseRange(QStringLiteral("99%..95%"), Support::Fraction);
    EXPECT_EQ(p.error, QStringLiteral("the low end must be below the high end, got '99%..95%'"));
    p = parseRange(QStringLiteral("1k/2,000/1.5k"));
    EXPECT_EQ(p.error, QStringLiteral("three points must read low/likely/high in that order, "
                                      "got '1k/2,000/1.5k'"));
    // A part that is no number is quoted as typed, grouping included.
    p = parseRange(QStringLiteral("1,20..300"));
    EXPECT_EQ(p.error, QStringLiteral("a range is two numbers like 800..1,200: '1,20' is not a "
                                      "number"));
    // A decimal point beside the two dots is still a decimal point.
    p = parseRange(QStringLiteral("0.5..1.5"));
    ASSERT_TRUE(p.range);
    EXPECT_EQ(*p.range, interval(0.5, 1.5));
}

// The constant a 90 % interval is read with is the normal's 95th percentile (computed here by
// bisection of erfc), not a rounding of it: 1.6449 or 1.64 would move every sigma.
TEST(Ranges, TheIntervalsZIsTheNormalsNinetyFifthPercentile)
{
    EXPECT_NEAR(kZ95, kZ95Here, 1e-12);
    EXPECT_NEAR(testsupport::normalCdf(kZ95), 0.95, 1e-15);
}

// A range's draw at the interval's z gives back the ends as typed, to 1e-12: a lognormal (the
// ratio form), a normal (offset, an end at or below zero) and a logit-normal (fraction) range.
TEST(Ranges, ADrawAtTheIntervalsZGivesBackTheTypedEnds)
{
    struct Case
    {
        Range range;
        Support support;
        Spread spread;
    };
    const Case cases[] = {
        {interval(800, 1200), Support::Positive, Spread::Ratio},
        {interval(100e6, 200e6), Support::Positive, Spread::Ratio},
        {interval(10, 30), Support::Positive, Spread::Ratio},
        {interval(-10, 30), Support::Positive, Spread::Offset},
        {interval(0, 5), Support::Positive, Spread::Offset},
        {interval(0.9, 0.99), Support::Fraction, Spread::Logit},
        {interval(0.05, 0.6), Support::Fraction, Spread::Logit},
    };
    const std::vector<double> noTable;
    for (const Case &c : cases) {
        const QString name = rangeText(c.range);
        ASSERT_EQ(spreadOf(c.range, c.support), c.spread) << name.toStdString();
        const double median = rangeMedian(c.range, c.support);
        const auto at = [&](double z) {
            return valueOfDraw(c.spread, median,
                               relativeDraw(c.range, c.support, median, z, 0.5, noTable));
        };
        const double scale = std::max(std::abs(c.range.low), std::abs(c.range.high));
        EXPECT_NEAR(at(-kZ95Here), c.range.low, 1e-12 * scale) << name.toStdString();
        EXPECT_NEAR(at(kZ95Here), c.range.high, 1e-12 * scale) << name.toStdString();
        EXPECT_NEAR(at(0), median, 1e-12 * scale) << name.toStdString();
    }
}

TEST(Ranges, MediansAndMovedRangesKeepTheirSpread)
{
    EXPECT_DOUBLE_EQ(rangeMedian(interval(800, 1200), Support::Positive), std::sqrt(800.0 * 1200));
    EXPECT_DOUBLE_EQ(rangeMedian(interval(-10, 30), Support::Positive), 10);
    // A fraction's median and moved range stay inside (0, 1).
    const Range p = interval(0.95, 0.99);
    const double median = rangeMedian(p, Support::Fraction);
    EXPECT_GT(median, 0.95);
    EXPECT_LT(median, 0.99);
    const Range moved = movedTo(p, Support::Fraction, 0.999);
    EXPECT_NEAR(rangeMedian(moved, Support::Fraction), 0.999, 1e-12);
    EXPECT_LT(moved.high, 1.0);
    EXPECT_GT(moved.low, 0.99);
    // A positive range scales: the same ratio of high to low.
    const Range scaled = movedTo(interval(800, 1200), Support::Positive, 2 * median * 1000);
    EXPECT_NEAR(scaled.high / scaled.low, 1.5, 1e-12);
}

// Acceptance: with p = 1 and no overheads the runtime is a product of lognormal inputs, so it is
// lognormal: ln T = ln(users) + ln(latency) + const, sigma^2 the sum of the two. Its P10, P50
// and P90 are exp(mu -+ 1.2816 sigma); 100,000 stratified samples meet them within 0.5 %.
TEST(Ranges, ALognormalProductMatchesItsClosedForm)
{
    Scenario s = productJob();
    ASSERT_TRUE(uncertainty::setRange(s, QStringLiteral("workload.latency_ms"), interval(800, 1200))
                    .isEmpty());
    ASSERT_TRUE(uncertainty::setRange(s, QStringLiteral("workload.users"), interval(100e6, 200e6))
                    .isEmpty());
    s.uncertainty.samples = 100'000;
    const auto samples = uncertainty::draw(s);
    const uncertainty::Result r = uncertainty::evaluate(s, *samples);
    ASSERT_TRUE(r.active);
    const double sigmaLatency = std::log(1200.0 / 800) / (2 * kZ95Here);
    const double sigmaUsers = std::log(2.0) / (2 * kZ95Here);
    const double sigma = std::hypot(sigmaLatency, sigmaUsers);
    const double median = std::sqrt(100e6 * 200e6) * 20 * std::sqrt(800.0 * 1200) / 1000 / 10'000;
    EXPECT_NEAR(r.runtimeSeconds.p50 / median, 1, 0.005);
    EXPECT_NEAR(r.runtimeSeconds.p10 / (median * std::exp(-kZ90 * sigma)), 1, 0.005);
    EXPECT_NEAR(r.runtimeSeconds.p90 / (median * std::exp(kZ90 * sigma)), 1, 0.005);
    // The point value is the median, so the plan's own runtime is the closed form's P50.
    EXPECT_NEAR(evaluate(s).effectiveRuntimeSeconds / median, 1, 1e-8); // users rounded
    // The cost at $0.50 per worker-hour follows the runtime sample by sample.
    EXPECT_NEAR(r.cost.p50, r.runtimeSeconds.p50 * 10'000 / 3600 * 0.5, 1e-9 * r.cost.p50 + 1e-6);
}

// Acceptance: a range on a count is the range typed. The field shows 10..30 predictions' median
// rounded (17), but the samples are drawn around the interval's own median (17.32), so the
// runtime is the product of the three lognormals: log-medians add, sigmas in quadrature.
TEST(Ranges, ARangeOnACountIsTheRangeTyped)
{
    Scenario s;
    s.workload.workers = 1000;
    s.workload.parallelFraction = 1;
    ASSERT_TRUE(uncertainty::setRange(s, QStringLiteral("workload.users"), interval(100e6, 200e6))
                    .isEmpty());
    ASSERT_TRUE(
        uncertainty::setRange(s, QStringLiteral("workload.predictions_per_user"), interval(10, 30))
            .isEmpty());
    ASSERT_TRUE(uncertainty::setRange(s, QStringLiteral("workload.latency_ms"), interval(500, 2000))
                    .isEmpty());
    EXPECT_EQ(s.workload.predictionsPerUser, 17);
    EXPECT_EQ(s.workload.users, 141'421'356);
    s.uncertainty.samples = 100'000;
    const uncertainty::Result r = uncertainty::evaluate(s, *uncertainty::draw(s));
    const double median =
        std::sqrt(100e6 * 200e6) * std::sqrt(10.0 * 30) * std::sqrt(500.0 * 2000) / 1000 / 1000;
    const double sigma = std::sqrt(std::pow(std::log(2.0), 2) + std::pow(std::log(3.0), 2) +
                                   std::pow(std::log(4.0), 2)) /
                         (2 * kZ95Here);
    EXPECT_NEAR(r.runtimeSeconds.p50 / median, 1, 0.005);
    EXPECT_NEAR(r.runtimeSeconds.p10 / (median * std::exp(-kZ90 * sigma)), 1, 0.005);
    EXPECT_NEAR(r.runtimeSeconds.p90 / (median * std::exp(kZ90 * sigma)), 1, 0.005);
    // A count moved off its range's median (the slider, a lever) takes the samples along.
    Scenario moved = s;
    moved.workload.predictionsPerUser = 20;
    uncertainty::followPoints(s, moved);
    const uncertainty::Result at20 = uncertainty::evaluate(moved, *uncertainty::draw(moved));
    EXPECT_NEAR(at20.runtimeSeconds.p50 / (median * 20 / std::sqrt(300.0)), 1, 0.005);
}

// Property: ranges on every workload number, set at their keys as the file and --set take them,
// in seeded random jobs at p = 1 (or one worker under a range of p): the sampled P10, P50 and
// P90 are the closed form's within 0.5 % at 100,000 samples, counts included (the worst of the
// 16 jobs is 0.29 % off). Every workload number is ranged in some job; about 0.3 s in a release
// build.
TEST(Ranges, EveryWorkloadNumbersRangeMeetsTheClosedForm)
{
    constexpr int kJobs = 16;
    const QJsonObject base = scenariofile::toJsonObject(Plan{Scenario{}, std::nullopt});
    for (int seed = 1; seed <= kJobs; ++seed) {
        const testsupport::RangedJob job = testsupport::randomRangedJob(seed);
        const std::string name = "seed " + std::to_string(seed) + ": " +
                                 job.flags().join(QLatin1Char(' ')).toStdString();
        QJsonObject root = base;
        for (const auto &[key, value] : job.sets())
            ASSERT_FALSE(scenariofile::setValue(root, key, value))
                << name << " " << key.toStdString();
        ASSERT_FALSE(scenariofile::setValue(root, QStringLiteral("uncertainty.samples"),
                                            QStringLiteral("100000")));
        const scenariofile::LoadResult loaded = scenariofile::fromJsonObject(root);
        ASSERT_TRUE(loaded.plan) << name << " " << loaded.error.toString().toStdString();
        const Scenario &s = loaded.plan->scenario;
        EXPECT_EQ(s.uncertainty.ranges.size(), static_cast<size_t>(job.ranges())) << name;
        const uncertainty::Result r = uncertainty::evaluate(s, *uncertainty::draw(s));
        ASSERT_TRUE(r.active) << name;
        const std::vector<testsupport::Factor> factors = job.factors();
        EXPECT_NEAR(r.runtimeSeconds.p10 / testsupport::productQuantile(factors, 0.1), 1, 0.005)
            << name;
        EXPECT_NEAR(r.runtimeSeconds.p50 / testsupport::productQuantile(factors, 0.5), 1, 0.005)
            << name;
        EXPECT_NEAR(r.runtimeSeconds.p90 / testsupport::productQuantile(factors, 0.9), 1, 0.005)
            << name;
    }
}

// The sampled kernel is evaluate()'s model, the same functions (job::work, job::runtimeSeconds):
// with every draw at the median it gives evaluate()'s runtime to the last bit, overheads, caps
// and stages included (issue 51: one formula, not a copy kept equal within a few ulps).
TEST(Ranges, TheSampledJobIsEvaluatesJob)
{
    Scenario s = productJob();
    s.workload.parallelFraction = 0.98;
    s.stages = {Stage{QStringLiteral("fetch"), 120, false}, Stage{QStringLiteral("score"), 0, true},
                Stage{QStringLiteral("write"), 40, false}};
    s.overheads.coldStartSeconds = 300;
    s.overheads.requestOverheadMs = 5;
    s.overheads.sharedCapPerSecond = 40'000;
    s.overheads.dispatchCapPerSecond = 20;
    for (const Execution execution : {Execution::Sequential, Execution::Pipelined}) {
        s.execution = execution;
        uncertainty::Samples samples;
        samples.count = 3;
        uncertainty::Samples::Draws draws;
        draws.key = QStringLiteral("stages[0].ms_per_user");
        draws.spread = Spread::Ratio;
        draws.draws = {1.0, 1.0, 1.0};
        draws.ranks = {0, 1, 2};
        samples.inputs.push_back(draws);
        std::vector<double> runtimes(3);
        uncertainty::sampleRuntimes(s, samples, runtimes);
        for (const double runtime : runtimes)
            EXPECT_EQ(runtime, evaluate(s).effectiveRuntimeSeconds);
        EXPECT_EQ(effectiveRuntimeSeconds(s), evaluate(s).effectiveRuntimeSeconds);
    }
}

// Acceptance: one dominant input and two small ones rank the same for five seeds and for the
// samples shuffled; the shares barely move.
TEST(Ranges, TheSensitivityRankingHoldsAcrossSeedsAndShuffles)
{
    Scenario s = productJob();
    s.workload.parallelFraction = 0.99;
    ASSERT_TRUE(uncertainty::setRange(s, QStringLiteral("workload.latency_ms"), interval(500, 2000))
                    .isEmpty());
    ASSERT_TRUE(uncertainty::setRange(s, QStringLiteral("workload.users"), interval(140e6, 160e6))
                    .isEmpty());
    ASSERT_TRUE(
        uncertainty::setRange(s, QStringLiteral("workload.keep_fraction"), interval(0.9, 0.99))
            .isEmpty());
    std::vector<QString> firstOrder;
    for (int seed = 1; seed <= 5; ++seed) {
        s.uncertainty.seed = seed;
        const auto samples = uncertainty::draw(s);
        const uncertainty::Result r = uncertainty::evaluate(s, *samples);
        ASSERT_EQ(r.drivers.size(), 3u);
        std::vector<QString> order;
        for (const uncertainty::Driver &d : r.drivers)
            order.push_back(d.key);
        if (firstOrder.empty())
            firstOrder = order;
        EXPECT_EQ(order, firstOrder) << "seed " << seed;
        EXPECT_EQ(r.drivers[0].key, QStringLiteral("workload.latency_ms"));
        EXPECT_GT(r.drivers[0].varianceShare, 0.85);
        // The samples in another order: every input's draws moved by one permutation.
        uncertainty::Samples shuffled = *samples;
        std::vector<size_t> permutation(static_cast<size_t>(shuffled.count));
        std::iota(permutation.begin(), permutation.end(), size_t{0});
        std::shuffle(permutation.begin(), permutation.end(), std::mt19937(seed));
        ASSERT_EQ(shuffled.count, uncertainty::kSensitivitySamples); // every sample ranked
        for (uncertainty::Samples::Draws &d : shuffled.inputs) {
            const uncertainty::Samples::Draws before = d;
            for (size_t i = 0; i < permutation.size(); ++i) {
                d.draws[i] = before.draws[permutation[i]];
                d.ranks[i] = before.ranks[permutation[i]];
                if (!d.expNegative.empty())
                    d.expNegative[i] = before.expNegative[permutation[i]];
            }
        }
        const uncertainty::Result again = uncertainty::evaluate(s, shuffled);
        for (size_t k = 0; k < r.drivers.size(); ++k) {
            EXPECT_EQ(again.drivers[k].key, r.drivers[k].key);
            EXPECT_NEAR(again.drivers[k].varianceShare, r.drivers[k].varianceShare, 1e-9);
        }
        EXPECT_NEAR(again.runtimeSeconds.p50, r.runtimeSeconds.p50, 1e-9 * r.runtimeSeconds.p50);
    }
}

// With a deadline: the chance to meet it, and each input's median that brings P80 to it.
TEST(Ranges, TheChanceToMeetTheDeadlineAndWhatItWouldNeed)
{
    Scenario s = productJob();
    ASSERT_TRUE(uncertainty::setRange(s, QStringLiteral("workload.latency_ms"), interval(800, 1200))
                    .isEmpty());
    s.goal.deadlineSeconds = 8 * 3600;
    const auto samples = uncertainty::draw(s);
    const uncertainty::Result r = uncertainty::evaluate(s, *samples);
    ASSERT_TRUE(r.pMeetDeadline);
    // 3e12 ms / 10,000 workers = 3e5 s at the median: 83 h, never within 8 h.
    EXPECT_EQ(*r.pMeetDeadline, 0);
    ASSERT_EQ(r.drivers.size(), 1u);
    ASSERT_TRUE(r.drivers[0].needed);
    // At the needed median, P80 of the runtime is the deadline (within the search's 2,000
    // samples' noise): about 8 / 83.3 x 979.8 ms / 1.12.
    Scenario at = s;
    uncertainty::setRange(at, QStringLiteral("workload.latency_ms"),
                          movedTo(interval(800, 1200), Support::Positive, *r.drivers[0].needed));
    const auto atSamples = uncertainty::draw(at);
    const uncertainty::Result check = uncertainty::evaluate(at, *atSamples);
    EXPECT_NEAR(*check.pMeetDeadline, 0.8, 0.02);
}

// The goal seek at P50 and P90: at p = 1 with no overheads the runtime at N is work / N, so
// the fewest workers are the work's percentile over the deadline (closed form within sampling
// error), and the count found is the fewest whose percentile meets it (one fewer does not).
TEST(Ranges, TheFewestWorkersAtP50AndP90)
{
    Scenario s = productJob();
    ASSERT_TRUE(uncertainty::setRange(s, QStringLiteral("workload.latency_ms"), interval(800, 1200))
                    .isEmpty());
    s.goal.deadlineSeconds = 8 * 3600;
    s.uncertainty.samples = 100'000;
    const auto samples = uncertainty::draw(s);
    const uncertainty::Result r = uncertainty::evaluate(s, *samples);
    ASSERT_EQ(r.fewest.size(), 2u);
    ASSERT_TRUE(r.fewest[0].workers);
    ASSERT_TRUE(r.fewest[1].workers);
    const double atP50 = *r.fewest[0].workers;
    const double atP90 = *r.fewest[1].workers;
    EXPECT_LE(r.fewest[1].runtimeSeconds, *s.goal.deadlineSeconds);
    const double sigma = std::log(1200.0 / 800.0) / (2 * 1.6448536269514722);
    const double workMedian = 150e6 * 20 * std::sqrt(800.0 * 1200.0) / 1000; // seconds
    EXPECT_NEAR(atP50 / (workMedian / (8 * 3600)), 1, 0.005);                // 102,057
    EXPECT_NEAR(atP90 / (workMedian * std::exp(kZ90 * sigma) / (8 * 3600)), 1,
                0.005); // 119,509
    const uncertainty::SampledJobs jobs = uncertainty::sampleJobs(s, *samples);
    for (const auto &[q, workers] : {std::pair{0.5, atP50}, {0.9, atP90}}) {
        std::vector<double> runtimes(jobs.count);
        uncertainty::runtimesAt(jobs, workers, runtimes);
        EXPECT_LE(uncertainty::quantile(runtimes, q), *s.goal.deadlineSeconds);
        uncertainty::runtimesAt(jobs, workers - 1, runtimes);
        EXPECT_GT(uncertainty::quantile(runtimes, q), *s.goal.deadlineSeconds);
    }
    // A serial part the deadline cannot hold: no count does.
    s.workload.parallelFraction = 0.9;
    const auto serial = uncertainty::draw(s);
    const uncertainty::Result none = uncertainty::evaluate(s, *serial);
    ASSERT_EQ(none.fewest.size(), 2u);
    EXPECT_FALSE(none.fewest[0].workers);
    EXPECT_FALSE(none.fewest[1].workers);
}

// One plan, one set of numbers: the scaling table's row at the plan's workers is the headline's
// P10/P50/P90; the waterfall's whiskers hold each bar's runtime between P10 and P90, the
// baseline's without the keep fraction's range; the fan narrows to the table at its counts.
TEST(Ranges, TheTableTheWaterfallAndTheFanReadTheSameSamples)
{
    Scenario s = productJob();
    s.workload.parallelFraction = 0.98;
    s.workload.keepFraction = 0.5;
    s.overheads.coldStartSeconds = 300;
    uncertainty::setRange(s, QStringLiteral("workload.latency_ms"), interval(800, 1200));
    uncertainty::setRange(s, QStringLiteral("workload.keep_fraction"), interval(0.3, 0.7));
    uncertainty::setRange(s, QStringLiteral("workload.parallel_fraction"), interval(0.97, 0.99));
    const PlanResult result = evaluatePlan(Plan{s, std::nullopt});
    const uncertainty::Result &u = result.uncertainty.result;
    ASSERT_TRUE(u.active);
    const explain::ShownScaling &shown = result.scaling.shown;
    ASSERT_EQ(result.scaling.spread.size(), shown.rows.size());
    ASSERT_GE(shown.highlighted, 0);
    EXPECT_EQ(shown.rows[static_cast<size_t>(shown.highlighted)].workers, 10'000);
    EXPECT_EQ(result.scaling.spread[static_cast<size_t>(shown.highlighted)], u.runtimeSeconds);
    // More workers, less time, at every percentile.
    for (size_t i = 1; i < shown.rows.size(); ++i)
        EXPECT_LT(result.scaling.spread[i].p90, result.scaling.spread[i - 1].p90);

    const std::vector<LeverStep> &steps = result.waterfall.steps;
    ASSERT_EQ(result.waterfall.stepSpread.size(), steps.size());
    for (size_t i = 0; i < steps.size(); ++i) {
        const uncertainty::Percentiles &p = result.waterfall.stepSpread[i];
        if (i > 0 && !steps[i].applied) { // the accelerator and batching: not used, no whisker
            EXPECT_EQ(p, uncertainty::Percentiles{}) << i;
            continue;
        }
        EXPECT_LT(p.p10, steps[i].runtimeSeconds) << i;
        EXPECT_GT(p.p90, steps[i].runtimeSeconds) << i;
    }
    // Each applied bar reads its own P50 over the ranges, and the last, the plan, the headline's
    // runtime and cost P50: one P50 on the screen, not the closed form beside it.
    for (size_t i = 0; i < steps.size(); ++i) {
        if (i > 0 && !steps[i].applied)
            continue;
        EXPECT_EQ(steps[i].runtimeSeconds,
                  i + 1 == steps.size() ? u.runtimeSeconds.p50 : result.waterfall.stepSpread[i].p50)
            << i;
    }
    // A lever not used carries the step before it, so the bars' factors multiply through.
    for (size_t i = 1; i < steps.size(); ++i) {
        if (!steps[i].applied) {
            EXPECT_EQ(steps[i].runtimeSeconds, steps[i - 1].runtimeSeconds) << i;
            EXPECT_EQ(steps[i].cost, steps[i - 1].cost) << i;
        }
    }
    ASSERT_GT(u.cost.p50, 0);
    EXPECT_EQ(steps.back().cost, u.cost.p50);
    EXPECT_NE(steps.back().runtimeSeconds, result.model.effectiveRuntimeSeconds);
    // The baseline keeps every user: only the latency's spread, +-22 % at P10/P90 (1.2816 sigma).
    const double sigma = std::log(1200.0 / 800.0) / (2 * 1.6448536269514722);
    EXPECT_NEAR(result.waterfall.stepSpread[0].p90 / steps[0].runtimeSeconds,
                std::exp(kZ90 * sigma), 0.01);
    // The keep fraction's range widens the pre-filtering step.
    EXPECT_GT(result.waterfall.stepSpread[1].p90 / steps[1].runtimeSeconds,
              result.waterfall.stepSpread[0].p90 / steps[0].runtimeSeconds + 0.05);

    const uncertainty::Fan &fan = result.overheadCurve.fan;
    ASSERT_EQ(fan.workers.size(), size_t(uncertainty::kFanPoints));
    EXPECT_EQ(fan.workers.front(), 1);
    EXPECT_NEAR(fan.workers.back(), result.overheadCurve.maxWorkers, 1e-6);
    for (size_t i = 0; i < fan.workers.size(); ++i) {
        EXPECT_LE(fan.p10Seconds[i], fan.p50Seconds[i]);
        EXPECT_LE(fan.p50Seconds[i], fan.p90Seconds[i]);
    }
    // Its first point (one worker) against the table's sampled numbers at one worker: within
    // the fan's 2,000 samples' noise.
    const uncertainty::Percentiles one =
        uncertainty::runtimePercentiles(*result.uncertainty.jobs, 1);
    EXPECT_NEAR(fan.p50Seconds.front() / one.p50, 1, 0.03);
    EXPECT_NEAR(fan.p90Seconds.front() / one.p90, 1, 0.05);

    // Without a range: none of it.
    const PlanResult plain = evaluatePlan(Plan{productJob(), std::nullopt});
    EXPECT_TRUE(plain.scaling.spread.empty());
    EXPECT_TRUE(plain.waterfall.stepSpread.empty());
    EXPECT_TRUE(plain.overheadCurve.fan.workers.empty());
}

// A range on the typed latency under a device's latency acts on nothing: the plan has one
// runtime (no P10..P90, no spread columns, no fan), as it would without the range; the same
// range with the device off spreads the runtime.
TEST(Ranges, ARangeOnANumberNotInForceSpreadsNothing)
{
    Scenario s = productJob();
    ASSERT_TRUE(uncertainty::setRange(s, QStringLiteral("workload.latency_ms"), interval(800, 1200))
                    .isEmpty());
    const PlanResult off = evaluatePlan(Plan{s, std::nullopt});
    EXPECT_TRUE(uncertainty::rangeInForce(off.inForce, QStringLiteral("workload.latency_ms")));
    ASSERT_TRUE(off.uncertainty.result.active);
    EXPECT_LT(off.uncertainty.result.runtimeSeconds.p10, off.uncertainty.result.runtimeSeconds.p90);
    EXPECT_FALSE(off.scaling.spread.empty());

    s.hardware.enabled = true; // Llama 3 8B on an H100 SXM: its latency per item is in force
    const PlanResult on = evaluatePlan(Plan{s, std::nullopt});
    ASSERT_TRUE(on.hardware.current.inForce);
    EXPECT_FALSE(uncertainty::rangeInForce(on.inForce, QStringLiteral("workload.latency_ms")));
    EXPECT_FALSE(on.uncertainty.result.active);
    EXPECT_TRUE(on.scaling.spread.empty());
    EXPECT_TRUE(on.overheadCurve.fan.workers.empty());
    // Another range beside it still spreads the runtime.
    ASSERT_TRUE(uncertainty::setRange(s, QStringLiteral("workload.users"), interval(100e6, 200e6))
                    .isEmpty());
    const PlanResult both = evaluatePlan(Plan{s, std::nullopt});
    EXPECT_TRUE(uncertainty::rangeInForce(both.inForce, QStringLiteral("workload.users")));
    ASSERT_TRUE(both.uncertainty.result.active);
    EXPECT_LT(both.uncertainty.result.runtimeSeconds.p10,
              both.uncertainty.result.runtimeSeconds.p90);
}

// The device's efficiencies and price (issue 33's numbers) take ranges: the efficiency reaches
// the runtime through the roofline sample by sample, the price only the cost.
TEST(Ranges, TheDevicesEfficiencyAndPriceTakeRanges)
{
    Scenario s = productJob();
    s.hardware.enabled = true; // Llama 3 8B on an H100 SXM at batch 16: compute-bound
    ASSERT_TRUE(
        uncertainty::setRange(s, QStringLiteral("hardware.compute_efficiency"), interval(0.4, 0.8))
            .isEmpty());
    ASSERT_TRUE(
        uncertainty::setRange(s, QStringLiteral("hardware.device_price_per_hour"), interval(2, 3))
            .isEmpty());
    // The typed price is not in force while the device prices the workers: it takes no part.
    EXPECT_FALSE(uncertainty::input(s, QStringLiteral("goal.price_per_worker_hour"))
                     ->get(s, -1)
                     .has_value());
    const PlanResult result = evaluatePlan(Plan{s, std::nullopt});
    const uncertainty::Result &u = result.uncertainty.result;
    ASSERT_TRUE(u.active);
    ASSERT_TRUE(result.hardware.current.inForce);
    EXPECT_EQ(result.hardware.current.roofline.bound, hardware::Bound::Compute);
    // The plan at the medians is the P50 (a runtime inverse to the efficiency: the median maps).
    const double runtime = result.model.effectiveRuntimeSeconds;
    EXPECT_NEAR(u.runtimeSeconds.p50 / runtime, 1, 0.02);
    EXPECT_LT(u.runtimeSeconds.p10, runtime * 0.9);
    EXPECT_GT(u.runtimeSeconds.p90, runtime * 1.1);
    // The efficiency drives the runtime alone; the price widens the cost beyond it.
    ASSERT_FALSE(u.drivers.empty());
    EXPECT_EQ(u.drivers.front().key, QStringLiteral("hardware.compute_efficiency"));
    EXPECT_GT(u.drivers.front().varianceShare, 0.99);
    EXPECT_GT(u.cost.p90 / u.cost.p10, u.runtimeSeconds.p90 / u.runtimeSeconds.p10 * 1.1);
}

// The percentiles' one-pass selection (a sample brackets each rank) is exact: the same numbers
// as sorting, for small and large sets, skewed values, ties and infinities.
TEST(Ranges, PercentilesAreExactOrderStatistics)
{
    std::mt19937_64 rng(7);
    std::lognormal_distribution<double> skewed(0, 1.5);
    for (const size_t n : {size_t(1), size_t(10), size_t(1000), size_t(2047), size_t(2048),
                           size_t(10'000), size_t(100'001)}) {
        for (int kind = 0; kind < 3; ++kind) {
            std::vector<double> values(n);
            for (double &v : values) {
                v = skewed(rng);
                if (kind == 1)
                    v = std::round(v * 4) / 4; // many ties
            }
            if (kind == 2) // a tail that never finishes
                for (size_t i = 0; i < n; i += 7)
                    values[i] = std::numeric_limits<double>::infinity();
            std::vector<double> sorted = values;
            std::sort(sorted.begin(), sorted.end());
            const auto exact = [&sorted](double q) {
                const double position = q * static_cast<double>(sorted.size() - 1);
                const auto k = static_cast<size_t>(position);
                const double next = k + 1 < sorted.size() ? sorted[k + 1] : sorted[k];
                if (next == sorted[k])
                    return sorted[k];
                return std::min(next, sorted[k] +
                                          (position - static_cast<double>(k)) * (next - sorted[k]));
            };
            const uncertainty::Percentiles p = uncertainty::percentiles(values);
            EXPECT_EQ(p.p10, exact(0.1)) << n << " " << kind;
            EXPECT_EQ(p.p50, exact(0.5)) << n << " " << kind;
            EXPECT_EQ(p.p90, exact(0.9)) << n << " " << kind;
            std::vector<double> copy = values;
            EXPECT_EQ(uncertainty::quantile(copy, 0.8), exact(0.8)) << n << " " << kind;
            // The goal seek's one-pass test agrees with the quantile at, just above and just
            // below it, and at the sorted values around it.
            for (const double q : {0.0, 0.1, 0.5, 0.8, 0.9, 1.0}) {
                const double at = exact(q);
                const auto k = static_cast<size_t>(q * static_cast<double>(n - 1));
                std::vector<double> limits{at,
                                           std::nextafter(at, 0.0),
                                           std::nextafter(at, std::numeric_limits<double>::max()),
                                           sorted[k],
                                           sorted[std::min(k + 1, n - 1)],
                                           sorted[k > 0 ? k - 1 : 0]};
                for (const double limit : limits)
                    EXPECT_EQ(uncertainty::quantileAtMost(values, q, limit), at <= limit)
                        << n << " " << kind << " q " << q << " limit " << limit;
            }
        }
    }
}

TEST(Ranges, NoRangeComputesExactlyAsBefore)
{
    const Plan plan{productJob(), std::nullopt};
    const PlanResult result = evaluatePlan(plan);
    EXPECT_FALSE(result.uncertainty.result.active);
    EXPECT_EQ(result.model, evaluate(plan.scenario));
}

TEST(Ranges, TheFileKeepsTheRangesAsTyped)
{
    Scenario s = productJob();
    uncertainty::setRange(s, QStringLiteral("workload.latency_ms"),
                          Range{Range::Kind::ThreePoint, 800, 1000, 1500});
    const Plan plan{s, std::nullopt};
    const QJsonObject json = scenariofile::toJsonObject(plan);
    EXPECT_EQ(json.value(QStringLiteral("uncertainty"))
                  .toObject()
                  .value(QStringLiteral("ranges"))
                  .toObject()
                  .value(QStringLiteral("workload.latency_ms"))
                  .toString(),
              QStringLiteral("800/1,000/1,500"));
    const scenariofile::LoadResult back = scenariofile::fromJson(scenariofile::toJson(plan));
    ASSERT_TRUE(back.plan) << back.error.toString().toStdString();
    EXPECT_EQ(back.plan->scenario.uncertainty, s.uncertainty);
    EXPECT_EQ(back.plan->scenario.workload.latencyMs, s.workload.latencyMs);

    // --set takes a range at a number's own path, and a plain number drops it.
    QJsonObject root = scenariofile::toJsonObject(Plan{productJob(), std::nullopt});
    ASSERT_FALSE(
        scenariofile::setValue(root, QStringLiteral("users"), QStringLiteral("100M..200M")));
    scenariofile::LoadResult set = scenariofile::fromJsonObject(root);
    ASSERT_TRUE(set.plan) << set.error.toString().toStdString();
    EXPECT_EQ(set.plan->scenario.uncertainty.ranges.at(QStringLiteral("workload.users")),
              interval(100e6, 200e6));
    EXPECT_EQ(set.plan->scenario.workload.users, std::round(std::sqrt(100e6 * 200e6)));
    ASSERT_FALSE(scenariofile::setValue(root, QStringLiteral("users"), QStringLiteral("150M")));
    set = scenariofile::fromJsonObject(root);
    ASSERT_TRUE(set.plan);
    EXPECT_TRUE(set.plan->scenario.uncertainty.ranges.empty());
    EXPECT_EQ(set.plan->scenario.workload.users, 150e6);

    // A range out of the field's bounds is refused by its path.
    QJsonObject bad = scenariofile::toJsonObject(plan);
    QJsonObject u = bad.value(QStringLiteral("uncertainty")).toObject();
    u.insert(QStringLiteral("ranges"), QJsonObject{{QStringLiteral("workload.parallel_fraction"),
                                                    QStringLiteral("0.9..1.2")}});
    bad.insert(QStringLiteral("uncertainty"), u);
    const scenariofile::LoadResult refused = scenariofile::fromJsonObject(bad);
    EXPECT_FALSE(refused.plan);
    EXPECT_EQ(refused.error.field, QStringLiteral("uncertainty.ranges.workload.parallel_fraction"));
}
