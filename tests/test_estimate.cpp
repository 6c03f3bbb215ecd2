#include "core/base/stats.h"
#include "core/project/estimate.h"
#include "tests/support/tasks.h"

#include <QStringList>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>

using namespace pipeplan;
using namespace pipeplan::estimate;

namespace {

using testsupport::task;

/// The four published PERT examples as one sequential plan.
std::vector<Task> publishedPlan()
{
    return {task(4, 6, 12), task(5, 8, 14), task(4, 8, 13), task(1, 10, 17)};
}

/// A small DAG whose longest path is not the sum: 0 -> {1, 2} -> 3.
std::vector<Task> diamond()
{
    return {task(2, 4, 6), task(8, 10, 18, {0}), task(1, 2, 3, {0}), task(3, 3, 3, {1, 2})};
}

/// Eight sequential tasks with varied skews, one of zero width.
std::vector<Task> eightTasks()
{
    return {task(4, 6, 12), task(5, 8, 14), task(4, 8, 13), task(1, 10, 17),
            task(2, 2, 9),  task(3, 7, 7),  task(6, 6, 6),  task(10, 20, 60)};
}

double quantileType7(const std::vector<double> &sorted, double q)
{
    const double h = static_cast<double>(sorted.size() - 1) * q;
    const auto lower = static_cast<size_t>(std::floor(h));
    const size_t upper = std::min(lower + 1, sorted.size() - 1);
    return sorted[lower] + (h - static_cast<double>(lower)) * (sorted[upper] - sorted[lower]);
}

/// An independent sampler written from the definitions, not from estimate.cpp: the standard
/// library's Mersenne Twister, Beta(alpha, beta) as X / (X + Y) of two gamma variates, and the
/// plan's end by recursion over predecessors. Returns every trial's duration, sorted.
std::vector<double> independentSamples(const std::vector<Task> &tasks, int trials,
                                       std::uint64_t seed)
{
    std::mt19937_64 engine(seed);
    const auto preds = predecessors(tasks);
    std::vector<double> out;
    out.reserve(static_cast<size_t>(trials));
    std::vector<double> duration(tasks.size());
    for (int trial = 0; trial < trials; ++trial) {
        for (size_t i = 0; i < tasks.size(); ++i) {
            const double a = tasks[i].optimistic;
            const double m = tasks[i].mostLikely;
            const double b = tasks[i].pessimistic;
            if (b == a) {
                duration[i] = a;
                continue;
            }
            std::gamma_distribution<double> x(1 + 4 * (m - a) / (b - a), 1.0);
            std::gamma_distribution<double> y(1 + 4 * (b - m) / (b - a), 1.0);
            const double gx = x(engine);
            const double gy = y(engine);
            duration[i] = a + (b - a) * gx / (gx + gy);
        }
        std::vector<double> finish(tasks.size(), -1.0);
        std::function<double(size_t)> finishOf = [&](size_t i) {
            if (finish[i] < 0) {
                double start = 0;
                for (int p : preds[i])
                    start = std::max(start, finishOf(static_cast<size_t>(p)));
                finish[i] = start + duration[i];
            }
            return finish[i];
        };
        double end = 0;
        for (size_t i = 0; i < tasks.size(); ++i)
            end = std::max(end, finishOf(i));
        out.push_back(end);
    }
    std::sort(out.begin(), out.end());
    return out;
}

double sampleVariance(const std::vector<double> &values)
{
    const double mean = stats::mean(values);
    double sum = 0;
    for (double v : values)
        sum += (v - mean) * (v - mean);
    return sum / static_cast<double>(values.size() - 1);
}

/// Checks the Monte Carlo against the independent sampler at 200k trials each. Means: within 4
/// standard errors of a difference of two independent means. Quantiles: the standard error of a
/// sample q-quantile is sqrt(q (1 - q) / n) / f(x_q) (asymptotic normality of order
/// statistics); f is estimated from the independent sample as 0.02 / (x_{q+0.01} - x_{q-0.01}),
/// and the bound is 4 x sqrt(2) standard errors (two independent samples).
void expectAgreesWithIndependentSampler(const std::vector<Task> &tasks)
{
    constexpr int n = 200'000;
    MonteCarloOptions options;
    options.trials = n;
    options.seed = 7;
    options.keepTrialHours = true;
    const MonteCarloResult mc = monteCarlo(tasks, options);
    ASSERT_EQ(mc.trials, n);
    const std::vector<double> ref = independentSamples(tasks, n, 12345);

    const double meanBound =
        4.0 * std::sqrt(sampleVariance(mc.trialHours) / n + sampleVariance(ref) / n);
    EXPECT_NEAR(mc.meanHours, stats::mean(ref), meanBound);

    const std::pair<double, double> quantiles[] = {
        {0.5, mc.p50Hours}, {0.8, mc.p80Hours}, {0.9, mc.p90Hours}, {0.95, mc.p95Hours}};
    for (const auto &[q, value] : quantiles) {
        const double density = 0.02 / (quantileType7(ref, q + 0.01) - quantileType7(ref, q - 0.01));
        const double standardError = std::sqrt(q * (1 - q) / n) / density;
        EXPECT_NEAR(value, quantileType7(ref, q), 4.0 * std::sqrt(2.0) * standardError)
            << "quantile " << q;
    }
}

} // namespace

// ---------------------------------------------------------------------------------------------
// Three-point estimates.

TEST(Estimate, PublishedPertExamples)
{
    struct Example
    {
        double a, m, b, mean, sigma;
    };
    const Example examples[] = {{4, 6, 12, 6.67, 1.33},
                                {5, 8, 14, 8.5, 1.5},
                                {4, 8, 13, 8.17, 1.50},
                                {1, 10, 17, 9.67, 2.67}};
    for (const Example &e : examples) {
        EXPECT_NEAR(pertMean(e.a, e.m, e.b), e.mean, 0.005) << e.a << "," << e.m << "," << e.b;
        EXPECT_NEAR(pertSigma(e.a, e.b), e.sigma, 0.005) << e.a << "," << e.m << "," << e.b;
    }
    EXPECT_DOUBLE_EQ(pertMean(4, 6, 12), 40.0 / 6.0);
    EXPECT_DOUBLE_EQ(pertSigma(1, 17), 16.0 / 6.0);
}

TEST(Estimate, TriangularMeanAndPertShape)
{
    EXPECT_DOUBLE_EQ(triangularMean(4, 6, 12), 22.0 / 3.0);
    EXPECT_DOUBLE_EQ(triangularMean(1, 10, 17), 28.0 / 3.0);
    // alpha + beta = 6, and the beta's mean a + (b - a) alpha / 6 is the PERT mean.
    EXPECT_DOUBLE_EQ(pertAlpha(4, 6, 12), 2.0);
    EXPECT_DOUBLE_EQ(pertBeta(4, 6, 12), 4.0);
    EXPECT_DOUBLE_EQ(4 + 8 * pertAlpha(4, 6, 12) / 6, pertMean(4, 6, 12));
    // Zero width: no division by zero.
    EXPECT_DOUBLE_EQ(pertAlpha(5, 5, 5), 3.0);
    EXPECT_DOUBLE_EQ(pertBeta(5, 5, 5), 3.0);
}

TEST(Estimate, UnitsConvertToHours)
{
    EXPECT_DOUBLE_EQ(hoursPer(TimeUnit::Hours), 1.0);
    EXPECT_DOUBLE_EQ(hoursPer(TimeUnit::Days), 8.0);
    EXPECT_DOUBLE_EQ(hoursPer(TimeUnit::Weeks), 40.0);
    Task t = task(1, 2, 4);
    t.unit = TimeUnit::Days;
    const TaskStats s = taskStats(t);
    EXPECT_DOUBLE_EQ(s.pessimisticHours, 32.0);
    EXPECT_DOUBLE_EQ(s.pertMeanHours, (8.0 + 64.0 + 32.0) / 6.0);
    EXPECT_DOUBLE_EQ(s.pertSigmaHours, 4.0);
    EXPECT_DOUBLE_EQ(s.triangularMeanHours, 56.0 / 3.0);
    t.unit = TimeUnit::Weeks;
    EXPECT_DOUBLE_EQ(taskStats(t).mostLikelyHours, 80.0);
}

TEST(Estimate, SequentialPlanSumsMeansAndVariances)
{
    const PertResult r = pert(publishedPlan());
    // (40 + 51 + 49 + 58) / 6 = 33; variances (8^2 + 9^2 + 9^2 + 16^2) / 36.
    EXPECT_DOUBLE_EQ(r.meanHours, 33.0);
    EXPECT_NEAR(r.sigmaHours, std::sqrt(482.0) / 6.0, 1e-12);
    EXPECT_NEAR(r.sigmaHours, 3.659, 0.0005);
    EXPECT_EQ(r.criticalPath, (std::vector<int>{0, 1, 2, 3}));
    EXPECT_EQ(predecessors(publishedPlan()), (std::vector<std::vector<int>>{{}, {0}, {1}, {2}}));
}

TEST(Estimate, CriticalPathThroughDag)
{
    // 0 (mean 4) -> 1 (mean 11) -> 3 (3) is 18 h; 0 -> 2 (2) -> 3 is 9 h; the sum would be 20.
    const PertResult r = pert(diamond());
    EXPECT_DOUBLE_EQ(r.meanHours, 18.0);
    EXPECT_NEAR(r.sigmaHours, std::sqrt(16.0 + 100.0) / 6.0, 1e-12);
    EXPECT_EQ(r.criticalPath, (std::vector<int>{0, 1, 3}));

    // Two roots, the longer path ends early: the plan ends with the latest finish.
    const std::vector<Task> twoChains = {task(1, 1, 1), task(10, 10, 10, {0}), task(2, 2, 2),
                                         task(3, 3, 3, {2})};
    const PertResult chains = pert(twoChains);
    EXPECT_DOUBLE_EQ(chains.meanHours, 11.0);
    EXPECT_EQ(chains.criticalPath, (std::vector<int>{0, 1}));
}

// ---------------------------------------------------------------------------------------------
// Monte Carlo.

TEST(Estimate, MonteCarloAgreesWithIndependentSampler)
{
    expectAgreesWithIndependentSampler(eightTasks());
}

TEST(Estimate, MonteCarloOnDagAgreesWithIndependentSampler)
{
    // Parallel branches: the plan's end is a max, whose mean exceeds the PERT critical path's.
    std::vector<Task> tasks = {task(2, 4, 6),        task(8, 10, 18, {0}),  task(6, 9, 16, {0}),
                               task(1, 5, 9, {0}),   task(3, 4, 8, {1, 2}), task(2, 3, 10, {3}),
                               task(1, 2, 3, {4, 5})};
    expectAgreesWithIndependentSampler(tasks);
    MonteCarloOptions options;
    options.trials = 50'000;
    EXPECT_GT(monteCarlo(tasks, options).meanHours, pert(tasks).meanHours);
}

TEST(Estimate, MonteCarloMeanIsTheSumOfPertMeans)
{
    // The PERT-beta's mean is exactly the PERT mean; its variance is (b - a)^2 alpha beta / 252.
    const std::vector<Task> tasks = eightTasks();
    double mean = 0;
    double variance = 0;
    for (const Task &t : tasks) {
        mean += pertMean(t.optimistic, t.mostLikely, t.pessimistic);
        const double w = t.pessimistic - t.optimistic;
        variance += w * w * pertAlpha(t.optimistic, t.mostLikely, t.pessimistic) *
                    pertBeta(t.optimistic, t.mostLikely, t.pessimistic) / 252.0;
    }
    MonteCarloOptions options;
    options.trials = 200'000;
    options.seed = 3;
    const MonteCarloResult mc = monteCarlo(tasks, options);
    EXPECT_NEAR(mc.meanHours, mean, 4.0 * std::sqrt(variance / options.trials));
    EXPECT_DOUBLE_EQ(pert(tasks).meanHours, mean);
}

TEST(Estimate, TriangularMonteCarloMean)
{
    // Triangular mean (a + m + b) / 3, variance (a^2 + b^2 + m^2 - ab - am - bm) / 18.
    const std::vector<Task> tasks = eightTasks();
    double mean = 0;
    double variance = 0;
    for (const Task &t : tasks) {
        const double a = t.optimistic;
        const double m = t.mostLikely;
        const double b = t.pessimistic;
        mean += triangularMean(a, m, b);
        variance += (a * a + b * b + m * m - a * b - a * m - b * m) / 18.0;
    }
    MonteCarloOptions options;
    options.trials = 200'000;
    options.distribution = Distribution::Triangular;
    const MonteCarloResult mc = monteCarlo(tasks, options);
    EXPECT_NEAR(mc.meanHours, mean, 4.0 * std::sqrt(variance / options.trials));
    EXPECT_GE(mc.minHours, 35.0); // the sum of the optimistic times
    EXPECT_LE(mc.maxHours, 138.0);
}

TEST(Estimate, SameResultForAnyThreadCount)
{
    for (const std::vector<Task> &tasks : {eightTasks(), diamond()}) {
        for (Distribution distribution : {Distribution::PertBeta, Distribution::Triangular}) {
            MonteCarloOptions options;
            options.trials = 20'001; // not a whole number of chunks or blocks
            options.seed = 99;
            options.distribution = distribution;
            options.keepTrialHours = true;
            options.threads = 1;
            const MonteCarloResult one = monteCarlo(tasks, options);
            options.threads = 2;
            const MonteCarloResult two = monteCarlo(tasks, options);
            options.threads = 3;
            const MonteCarloResult three = monteCarlo(tasks, options);
            EXPECT_EQ(one, two);
            EXPECT_EQ(one, three);
            EXPECT_EQ(one.trials, 20'001);
            options.seed = 100;
            EXPECT_NE(monteCarlo(tasks, options).meanHours, one.meanHours);
        }
    }
}

TEST(Estimate, PercentilesAndHistogramMatchSortedSample)
{
    MonteCarloOptions options;
    options.trials = 30'000;
    options.keepTrialHours = true;
    options.histogramBins = 25;
    const MonteCarloResult mc = monteCarlo(eightTasks(), options);
    std::vector<double> sorted = mc.trialHours;
    std::sort(sorted.begin(), sorted.end());
    ASSERT_EQ(mc.cumulativeHours.size(), 101u);
    for (int k = 0; k <= 100; ++k)
        EXPECT_EQ(mc.cumulativeHours[static_cast<size_t>(k)],
                  stats::quantileSorted(sorted, k / 100.0));
    EXPECT_EQ(mc.p50Hours, stats::quantileSorted(sorted, 0.5));
    EXPECT_EQ(mc.p80Hours, stats::quantileSorted(sorted, 0.8));
    EXPECT_EQ(mc.p90Hours, stats::quantileSorted(sorted, 0.9));
    EXPECT_EQ(mc.p95Hours, stats::quantileSorted(sorted, 0.95));
    EXPECT_EQ(mc.minHours, sorted.front());
    EXPECT_EQ(mc.maxHours, sorted.back());
    EXPECT_EQ(mc.histogram, stats::histogram(sorted, 25));
    EXPECT_NEAR(mc.meanHours, stats::mean(sorted), 1e-9);
}

TEST(Estimate, DegenerateTasksAreConstants)
{
    const std::vector<Task> constant = {task(3, 3, 3), task(0, 0, 0), task(4.5, 4.5, 4.5)};
    const PertResult p = pert(constant);
    EXPECT_DOUBLE_EQ(p.meanHours, 7.5);
    EXPECT_DOUBLE_EQ(p.sigmaHours, 0.0);
    for (Distribution distribution : {Distribution::PertBeta, Distribution::Triangular}) {
        MonteCarloOptions options;
        options.trials = 5000;
        options.distribution = distribution;
        const MonteCarloResult mc = monteCarlo(constant, options);
        EXPECT_EQ(mc.minHours, 7.5);
        EXPECT_EQ(mc.maxHours, 7.5);
        EXPECT_EQ(mc.meanHours, 7.5);
        EXPECT_EQ(mc.p95Hours, 7.5);
        EXPECT_EQ(mc.histogram.counts, std::vector<long long>{5000});
        EXPECT_EQ(mc.histogram.binWidth, 0.0);
    }
    // A constant DAG: every trial is the longest path exactly.
    std::vector<Task> dag = diamond();
    for (Task &t : dag)
        t.optimistic = t.pessimistic = t.mostLikely;
    MonteCarloOptions options;
    options.trials = 1000;
    const MonteCarloResult mc = monteCarlo(dag, options);
    EXPECT_EQ(mc.minHours, 17.0); // 4 + 10 + 3
    EXPECT_EQ(mc.maxHours, 17.0);
    // Modes at the ends (alpha or beta = 1) stay inside [a, b].
    const MonteCarloResult edges = monteCarlo({task(2, 2, 9), task(3, 7, 7)}, options);
    EXPECT_GE(edges.minHours, 5.0);
    EXPECT_LE(edges.maxHours, 16.0);
}

TEST(Estimate, CancelAndProgress)
{
    Control control;
    MonteCarloOptions options;
    options.trials = 10'000;
    MonteCarloResult mc = monteCarlo(eightTasks(), options, &control);
    EXPECT_EQ(control.trialsDone.load(), 10'000);
    EXPECT_FALSE(mc.cancelled);
    control.cancel = true;
    mc = monteCarlo(eightTasks(), options, &control);
    EXPECT_TRUE(mc.cancelled);
    EXPECT_EQ(mc.trials, 0);
}

// ---------------------------------------------------------------------------------------------
// Buffers.

TEST(Estimate, BufferDefaultsAndScaling)
{
    const Buffers buffers;
    EXPECT_DOUBLE_EQ(buffers.forCategory(Category::Labeling), 0.35);
    EXPECT_DOUBLE_EQ(buffers.forCategory(Category::Training), 0.25);
    EXPECT_DOUBLE_EQ(buffers.forCategory(Category::Optimization), 0.30);
    EXPECT_DOUBLE_EQ(buffers.forCategory(Category::Research), 0.50);
    EXPECT_DOUBLE_EQ(buffers.forCategory(Category::Other), 0.0);
    EXPECT_DOUBLE_EQ(buffers.contingency, 0.15);

    const std::vector<Task> tasks = {task(4, 6, 12, {}, Category::Labeling),
                                     task(5, 8, 14, {}, Category::Research),
                                     task(1, 2, 3, {}, Category::Other)};
    const std::vector<Task> buffered = withBuffers(tasks, buffers);
    EXPECT_DOUBLE_EQ(buffered[0].pessimistic, 12 * 1.35);
    EXPECT_DOUBLE_EQ(buffered[1].optimistic, 5 * 1.5);
    EXPECT_DOUBLE_EQ(buffered[2].mostLikely, 2.0);

    MonteCarloOptions options;
    options.trials = 20'000;
    const PlanEstimate e = estimatePlan(tasks, buffers, options);
    const double plain = 40.0 / 6 + 8.5 + 2.0;
    EXPECT_NEAR(e.pert.meanHours, plain, 1e-12);
    EXPECT_NEAR(e.pertBuffered.meanHours, (40.0 / 6 * 1.35 + 8.5 * 1.5 + 2.0) * 1.15, 1e-12);
    EXPECT_NEAR(
        e.pertBuffered.sigmaHours,
        std::sqrt(std::pow(8.0 / 6 * 1.35, 2) + std::pow(1.5 * 1.5, 2) + std::pow(2.0 / 6, 2)) *
            1.15,
        1e-12);
    EXPECT_EQ(e.monteCarlo, monteCarlo(tasks, options));
    EXPECT_GT(e.monteCarloBuffered.p90Hours, e.monteCarlo.p90Hours * 1.15);

    // One category: the buffered run is the plain run scaled by (1 + buffer)(1 + contingency),
    // trial for trial, because it draws the same random numbers.
    const std::vector<Task> labeling = {task(4, 6, 12, {}, Category::Labeling),
                                        task(1, 10, 17, {}, Category::Labeling)};
    const PlanEstimate l = estimatePlan(labeling, buffers, options);
    const double factor = 1.35 * 1.15;
    EXPECT_NEAR(l.monteCarloBuffered.meanHours, l.monteCarlo.meanHours * factor, 1e-9);
    EXPECT_NEAR(l.monteCarloBuffered.p50Hours, l.monteCarlo.p50Hours * factor, 1e-9);
    EXPECT_NEAR(l.monteCarloBuffered.p95Hours, l.monteCarlo.p95Hours * factor, 1e-9);
    EXPECT_NEAR(l.monteCarloBuffered.maxHours, l.monteCarlo.maxHours * factor, 1e-9);
}

// ---------------------------------------------------------------------------------------------
// Labeling.

namespace {
/// Seed 003's example: 100,000 items, 70 % at 1.5 min (stratum A), 30 % at 6 min (B).
LabelingInputs seedLabeling()
{
    LabelingInputs in;
    in.items = 100'000;
    in.strata = {Stratum{QStringLiteral("A"), 0.7, std::nullopt, 1.5, std::nullopt},
                 Stratum{QStringLiteral("B"), 0.3, std::nullopt, 6.0, std::nullopt}};
    in.qcSampleRate = 0.10;
    in.contingency = 0.20;
    return in;
}
} // namespace

TEST(Estimate, SeedLabelingExample)
{
    const LabelingInputs in = seedLabeling();
    EXPECT_TRUE(validate(in).empty());
    const LabelingEstimate e = estimateLabeling(in);
    EXPECT_DOUBLE_EQ(e.items, 100'000);
    EXPECT_NEAR(e.baseHours, 4750.0, 1e-9); // 100k x (0.7 x 1.5 + 0.3 x 6) min / 60
    EXPECT_NEAR(e.qcHours, 475.0, 1e-9);    // 10 % re-reviewed at the labeling time
    EXPECT_DOUBLE_EQ(e.adjudicationHours, 0.0);
    EXPECT_DOUBLE_EQ(e.rampUpHours, 0.0);
    // The seed rounds this to "~6,000 hours"; its own formula gives (4,750 + 475) x 1.2 = 6,270.
    EXPECT_NEAR(e.totalHours, 6270.0, 1e-9);
    EXPECT_NEAR(e.contingencyHours, 1045.0, 1e-9);
    EXPECT_NEAR(e.annotatorHours, 4750.0, 1e-9);
    EXPECT_NEAR(e.reviewerHours, 475.0, 1e-9);

    // The same strata as counts.
    LabelingInputs counts = in;
    counts.items = 0;
    counts.strata[0].share.reset();
    counts.strata[0].count = 70'000;
    counts.strata[1].share.reset();
    counts.strata[1].count = 30'000;
    EXPECT_TRUE(validate(counts).empty());
    const LabelingEstimate c = estimateLabeling(counts);
    EXPECT_DOUBLE_EQ(c.items, 100'000);
    EXPECT_NEAR(c.totalHours, 6270.0, 1e-9);
}

TEST(Estimate, SeedPilotExample)
{
    // "pilot shows 100 samples/hr; dataset 50k -> 500 h + 25 % QA buffer = 625 h".
    EXPECT_DOUBLE_EQ(minutesPerItemFromRate(100), 0.6);
    LabelingInputs in;
    in.items = 50'000;
    in.strata = {Stratum{QStringLiteral("all"), 1.0, std::nullopt, minutesPerItemFromRate(100),
                         std::nullopt}};
    in.qcSampleRate = 0.25; // a QA pass over 25 % of the items at the labeling time
    in.contingency = 0;
    LabelingEstimate e = estimateLabeling(in);
    EXPECT_NEAR(e.baseHours, 500.0, 1e-9);
    EXPECT_NEAR(e.totalHours, 625.0, 1e-9);
    in.qcSampleRate = 0; // or the 25 % as a contingency
    in.contingency = 0.25;
    e = estimateLabeling(in);
    EXPECT_NEAR(e.totalHours, 625.0, 1e-9);
}

TEST(Estimate, LabelingReviewAdjudicationRampUpAndCost)
{
    LabelingInputs in = seedLabeling();
    in.strata[1].reviewMinutesPerItem = 3.0;
    // QC: 0.1 x (70,000 x 1.5 + 30,000 x 3) / 60.
    EXPECT_NEAR(estimateLabeling(in).qcHours, 325.0, 1e-9);

    in = seedLabeling();
    in.adjudicationShare = 0.05;
    EXPECT_NEAR(estimateLabeling(in).adjudicationHours, 237.5, 1e-9); // 5 % relabeled
    in.adjudicationMinutesPerItem = 10.0;
    EXPECT_NEAR(estimateLabeling(in).adjudicationHours, 100'000 * 0.05 * 10 / 60.0, 1e-9);

    // Ramp-up: 2 annotators x 40 h in the first week at 50 %: 80 h deliver 40 h of work.
    in = seedLabeling();
    in.annotators = 2;
    in.firstWeekProductivity = 0.5;
    LabelingEstimate e = estimateLabeling(in);
    EXPECT_NEAR(e.rampUpHours, 40.0, 1e-9);
    EXPECT_NEAR(e.totalHours, (4750.0 + 475.0 + 40.0) * 1.2, 1e-9);
    EXPECT_NEAR(e.annotatorHours, 4790.0, 1e-9);
    // A job that fits in the first week takes base / r: ramp-up = base (1 / r - 1).
    in.items = 200; // 200 x 2.85 min = 9.5 h of work
    e = estimateLabeling(in);
    EXPECT_NEAR(e.rampUpHours, 9.5, 1e-9);

    in = seedLabeling();
    in.hourlyRate = 20;
    in.toolingCost = 5000;
    EXPECT_NEAR(estimateLabeling(in).cost, 6270.0 * 20 + 5000, 1e-6);
}

TEST(Estimate, SharesMustSumToOneOrBeNormalized)
{
    LabelingInputs in = seedLabeling();
    in.strata[1].share = 0.2;
    const std::vector<FieldError> errors = validate(in);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].field, QStringLiteral("strata"));
    EXPECT_EQ(
        errors[0].message,
        QStringLiteral("shares sum to 0.9, not 1: correct them or normalize them to sum to 1"));
    const LabelingInputs fixed = in.normalized();
    EXPECT_TRUE(validate(fixed).empty());
    EXPECT_DOUBLE_EQ(*fixed.strata[0].share, 0.7 / 0.9);
    EXPECT_DOUBLE_EQ(*fixed.strata[1].share, 0.2 / 0.9);
    // Within 1e-9 is accepted.
    in.strata[1].share = 0.3 + 5e-10;
    EXPECT_TRUE(validate(in).empty());
}

TEST(Estimate, LabelingValidationMessages)
{
    LabelingInputs in = seedLabeling();
    in.strata[1].share.reset();
    in.strata[1].count = 30'000;
    std::vector<FieldError> errors = validate(in);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].toString(),
              QStringLiteral("strata[1].count: is given while strata[0] gives a share: give "
                             "every stratum a share, or every stratum a count"));

    in = seedLabeling();
    in.strata[0].count = 5;
    in.strata[1].share.reset();
    errors = validate(in);
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_EQ(errors[0].toString(),
              QStringLiteral("strata[0]: has both a share and a count: give one"));
    EXPECT_EQ(errors[1].toString(),
              QStringLiteral("strata[1]: has neither a share nor a count: give one"));

    in = seedLabeling();
    in.strata[0].minutesPerItem = 0;
    in.qcSampleRate = 1.5;
    in.firstWeekProductivity = 0;
    in.items = 0;
    errors = validate(in);
    ASSERT_EQ(errors.size(), 4u);
    EXPECT_EQ(errors[0].toString(),
              QStringLiteral("strata[0].minutes_per_item: must be greater than 0, got 0"));
    EXPECT_EQ(errors[1].toString(), QStringLiteral("items: must be at least 1, got 0"));
    EXPECT_EQ(errors[2].toString(), QStringLiteral("qc_rate: is too large: at most 1, got 1.5"));
    EXPECT_EQ(errors[3].toString(),
              QStringLiteral("first_week_productivity: must be greater than 0, got 0"));

    in = seedLabeling();
    in.strata.clear();
    errors = validate(in);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].toString(), QStringLiteral("strata: is empty: add a stratum"));

    in = seedLabeling();
    in.strata[0].share.reset();
    in.strata[0].count = 70'000;
    in.strata[1].share.reset();
    in.strata[1].count = 20'000;
    errors = validate(in);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].toString(),
              QStringLiteral("items: is 100000, but the strata's counts sum to 90000: with "
                             "counts, leave items at 0 (it is their sum)"));
}

// ---------------------------------------------------------------------------------------------
// Job ETA and accuracy.

TEST(Estimate, JobEtaFromCanary)
{
    JobEtaInputs in;
    in.samplesPerSecond = 1000;
    in.datasetSamples = 1.2e6;
    in.epochs = 3;
    in.checkpointMinutes = 15;
    EXPECT_TRUE(validate(in).empty());
    JobEta eta = jobEta(in);
    EXPECT_DOUBLE_EQ(eta.etaSeconds, 3600.0);
    EXPECT_DOUBLE_EQ(eta.paddedSeconds, 5400.0); // x 1.5, the seed's safety factor
    EXPECT_DOUBLE_EQ(eta.wallTimeMinutes, 90.0); // exactly 90 minutes is not rounded up
    EXPECT_DOUBLE_EQ(eta.checkpoints, 4.0);      // at 15, 30, 45 and 60 minutes (the end)

    in.samplesPerSecond = 333;
    in.datasetSamples = 1e6;
    in.epochs = 1;
    in.checkpointMinutes = 10;
    eta = jobEta(in);
    EXPECT_NEAR(eta.etaSeconds, 3003.003, 0.001);
    EXPECT_DOUBLE_EQ(eta.wallTimeMinutes, 76.0); // 75.08 minutes rounded up
    EXPECT_DOUBLE_EQ(eta.checkpoints, 5.0);      // the one at 60 minutes would be after the end

    in.checkpointMinutes = 0;
    EXPECT_DOUBLE_EQ(jobEta(in).checkpoints, 0.0);

    in.samplesPerSecond = 0;
    in.safetyFactor = 0.5;
    const std::vector<FieldError> errors = validate(in);
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_EQ(errors[0].toString(),
              QStringLiteral("samples_per_second: must be greater than 0, got 0"));
    EXPECT_EQ(errors[1].toString(), QStringLiteral("safety_factor: must be at least 1, got 0.5"));
}

TEST(Estimate, MedianAbsolutePercentageError)
{
    const std::vector<ActualEntry> entries = {{QStringLiteral("a"), 10, 8},
                                              {QStringLiteral("b"), 5, 5},
                                              {QStringLiteral("c"), 12, 10},
                                              {QStringLiteral("d"), 20, 40}};
    EXPECT_TRUE(validate(entries).empty());
    const Accuracy a = accuracy(entries);
    EXPECT_EQ(a.absolutePercentageErrors, (std::vector<double>{0.25, 0.0, 0.2, 0.5}));
    EXPECT_DOUBLE_EQ(a.medianApe, 0.225); // between 0.2 and 0.25
    EXPECT_DOUBLE_EQ(accuracy({entries[0], entries[1], entries[3]}).medianApe, 0.25);

    std::vector<ActualEntry> bad = entries;
    bad[2].actual = 0;
    bad[3].actual = -4;
    const std::vector<FieldError> errors = validate(bad);
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_EQ(errors[0].toString(),
              QStringLiteral("entries[2].actual: must be greater than 0, got 0"));
    EXPECT_EQ(errors[1].toString(),
              QStringLiteral("entries[3].actual: must be greater than 0, got -4"));
    EXPECT_EQ(validate(std::vector<ActualEntry>{}).front().toString(),
              QStringLiteral("entries: is empty: log at least one finished task"));
}

// ---------------------------------------------------------------------------------------------
// Validation of plans and options.

TEST(Estimate, TaskValidationMessages)
{
    auto messages = [](const std::vector<Task> &tasks) {
        QStringList out;
        for (const FieldError &e : validate(tasks))
            out << e.toString();
        return out;
    };
    EXPECT_TRUE(messages(publishedPlan()).isEmpty());
    EXPECT_EQ(messages({task(1, 2, 3), task(1, 2, 3), task(4, 4, 3)}),
              QStringList{QStringLiteral("tasks[2].pessimistic: is 3, below the optimistic 4")});
    EXPECT_EQ(messages({task(4, 2, 6)}),
              QStringList{QStringLiteral("tasks[0].most_likely: is 2, below the optimistic 4")});
    EXPECT_EQ(messages({task(4, 7, 6)}),
              QStringList{QStringLiteral("tasks[0].most_likely: is 7, above the pessimistic 6")});
    EXPECT_EQ(messages({task(-1, 2, 3)}),
              QStringList{QStringLiteral("tasks[0].optimistic: must be at least 0, got -1")});
    EXPECT_EQ(messages({task(1, std::nan(""), 3)}),
              QStringList{QStringLiteral("tasks[0].most_likely: is not a number (NaN)")});
    EXPECT_EQ(
        messages({task(1, 2, 3), task(1, 2, 3, {5})}),
        QStringList{QStringLiteral(
            "tasks[1].depends_on: names task 6, which is not in the plan (task 1 to task 2)")});
    EXPECT_EQ(messages({task(1, 2, 3, {0})}),
              QStringList{QStringLiteral(
                  "tasks[0].depends_on: lists task 1 itself: a task cannot wait for its own end")});
    EXPECT_EQ(
        messages({task(1, 2, 3, {2}), task(1, 2, 3, {0}), task(1, 2, 3, {1})}),
        QStringList{QStringLiteral("tasks[0].depends_on: makes a cycle: task 1 waits for "
                                   "task 3, which waits for task 2, which waits for task 1")});
    EXPECT_EQ(messages({}), QStringList{QStringLiteral("tasks: is empty: add at least one task")});
}

TEST(Estimate, OptionAndBufferValidation)
{
    MonteCarloOptions options;
    EXPECT_TRUE(validate(options).empty());
    options.trials = 1'000'000;
    EXPECT_TRUE(validate(options).empty());
    options.trials = 1'000'001;
    EXPECT_EQ(validate(options).front().toString(),
              QStringLiteral("trials: is too large: at most 1000000, got 1000001"));
    options.trials = 0;
    EXPECT_EQ(validate(options).front().toString(),
              QStringLiteral("trials: must be at least 1, got 0"));

    Buffers buffers;
    EXPECT_TRUE(validate(buffers).empty());
    buffers.training = -0.1;
    buffers.contingency = 6;
    const std::vector<FieldError> errors = validate(buffers);
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_EQ(errors[0].toString(),
              QStringLiteral("training_buffer: must be at least 0, got -0.1"));
    EXPECT_EQ(errors[1].toString(), QStringLiteral("contingency: is too large: at most 5, got 6"));
}

// ---------------------------------------------------------------------------------------------
// CSV.

TEST(Estimate, CsvReadsTasksInSequence)
{
    const CsvTasks csv = readTasksCsv(QStringLiteral("name,optimistic,most_likely,pessimistic\n"
                                                     "Pilot labeling,4,6,12\n"
                                                     "\"Full labeling, batch 1\",5,8,14\r\n"
                                                     "QA,4,8,13\n\n"));
    ASSERT_TRUE(csv.errors.empty()) << csv.errors.front().toString().toStdString();
    ASSERT_EQ(csv.tasks.size(), 3u);
    EXPECT_EQ(csv.tasks[1].name, QStringLiteral("Full labeling, batch 1"));
    EXPECT_DOUBLE_EQ(csv.tasks[2].pessimistic, 13);
    EXPECT_EQ(csv.tasks[0].unit, TimeUnit::Hours);
    EXPECT_EQ(csv.tasks[0].category, Category::Other);
    EXPECT_DOUBLE_EQ(pert(csv.tasks).meanHours, (40.0 + 51.0 + 49.0) / 6.0);
}

TEST(Estimate, CsvOptionalColumns)
{
    const CsvTasks csv = readTasksCsv(QStringLiteral("\xFEFF"
                                                     "name,optimistic,most_likely,pessimistic,unit,"
                                                     "category,depends_on\n"
                                                     "a,2,4,6,hours,labeling,\n"
                                                     "b,1,1.25,2.25,days,training,1\n"
                                                     "c,1,2,3,h,,1\n"
                                                     "d,3,3,3,w,research,2;3\n"));
    ASSERT_TRUE(csv.errors.empty()) << csv.errors.front().toString().toStdString();
    ASSERT_EQ(csv.tasks.size(), 4u);
    EXPECT_EQ(csv.tasks[1].unit, TimeUnit::Days);
    EXPECT_EQ(csv.tasks[1].category, Category::Training);
    EXPECT_EQ(csv.tasks[2].category, Category::Other);
    EXPECT_EQ(csv.tasks[3].unit, TimeUnit::Weeks);
    EXPECT_EQ(csv.tasks[3].dependsOn, (std::vector<int>{1, 2}));
    EXPECT_TRUE(csv.tasks[0].dependsOn.empty());
    // 4 + (8 + 40 + 18) / 6 + 120 h.
    EXPECT_DOUBLE_EQ(pert(csv.tasks).meanHours, 4.0 + 11.0 + 120.0);
}

TEST(Estimate, CsvErrorsNameRowAndField)
{
    auto firstError = [](const char *text) {
        const CsvTasks csv = readTasksCsv(QString::fromUtf8(text));
        EXPECT_TRUE(csv.tasks.empty());
        return csv.errors.empty() ? QString() : csv.errors.front().toString();
    };
    const char *header = "name,optimistic,most_likely,pessimistic\n";
    EXPECT_EQ(firstError((std::string(header) + "a,1,2,3\nb,1,2,3\nc,4,4,3\n").c_str()),
              QStringLiteral("row 3, pessimistic: is 3, below the optimistic 4"));
    EXPECT_EQ(firstError((std::string(header) + "a,1,x,3\n").c_str()),
              QStringLiteral("row 1, most_likely: 'x' is not a number"));
    EXPECT_EQ(firstError((std::string(header) + "a,,2,3\n").c_str()),
              QStringLiteral("row 1, optimistic: is empty: give a number"));
    EXPECT_EQ(firstError((std::string(header) + "a,1,2\n").c_str()),
              QStringLiteral("row 1: has 3 fields, the header has 4"));
    EXPECT_EQ(firstError("name,low,most_likely,pessimistic\na,1,2,3\n"),
              QStringLiteral("header: is \"name,low,most_likely,pessimistic\"; it must start with "
                             "name,optimistic,most_likely,pessimistic"));
    EXPECT_EQ(firstError("name,optimistic,most_likely,pessimistic,owner\na,1,2,3,me\n"),
              QStringLiteral("header: has an unknown column \"owner\": after the first four, the "
                             "columns may be category, unit, depends_on, status, actual, "
                             "finished_on and share_done"));
    EXPECT_EQ(firstError(""), QStringLiteral("header: is missing: the first line must be "
                                             "name,optimistic,most_likely,pessimistic"));
    EXPECT_EQ(firstError(header), QStringLiteral("csv: has no task rows under the header"));
    EXPECT_EQ(firstError((std::string(header) + "\"a,1,2,3\n").c_str()),
              QStringLiteral("csv: has a quote that is never closed"));
    EXPECT_EQ(firstError("name,optimistic,most_likely,pessimistic,category\na,1,2,3,cooking\n"),
              QStringLiteral("row 1, category: is \"cooking\": use labeling, training, "
                             "optimization, research or other"));
    EXPECT_EQ(firstError("name,optimistic,most_likely,pessimistic,unit\na,1,2,3,months\n"),
              QStringLiteral("row 1, unit: is \"months\": use hours, days (8 h) or weeks (40 h)"));
    EXPECT_EQ(
        firstError("name,optimistic,most_likely,pessimistic,depends_on\na,1,2,3,\nb,1,2,3,7\n"),
        QStringLiteral("row 2, depends_on: names row 7, which is not a task row"));
    EXPECT_EQ(firstError("name,optimistic,most_likely,pessimistic,depends_on\na,1,2,3,x\n"),
              QStringLiteral("row 1, depends_on: \"x\" is not a row number: list the data rows (1 "
                             "is the first under the header) this task waits for"));
    EXPECT_EQ(
        firstError("name,optimistic,most_likely,pessimistic,depends_on\na,1,2,3,2\nb,1,2,3,1\n"),
        QStringLiteral("row 1, depends_on: makes a cycle: row 1 waits for row 2, which "
                       "waits for row 1"));
    EXPECT_EQ(firstError("name,optimistic,most_likely,pessimistic,depends_on\na,1,2,3,1\n"),
              QStringLiteral("row 1, depends_on: lists row 1 itself: a task cannot wait for its "
                             "own end"));
}

// Issue 21: the status columns. A done task's actual is its time in the row's unit, a task in
// progress gives its share done in actual (or share_done); problems name the row and column.
TEST(Estimate, CsvStatusColumns)
{
    const estimate::CsvTasks csv = estimate::readTasksCsv(
        QStringLiteral("name,optimistic,most_likely,pessimistic,unit,status,actual,finished_on\n"
                       "a,1,2,3,days,done,2.5,2026-11-09\n"
                       "b,1,2,3,days,in_progress,40%,\n"
                       "c,1,2,3,days,,,\n"));
    ASSERT_TRUE(csv.errors.empty()) << csv.errors.front().toString().toStdString();
    ASSERT_EQ(csv.tasks.size(), 3u);
    EXPECT_EQ(csv.tasks[0].progress,
              (estimate::TaskProgress{estimate::TaskState::Done, 2.5, QDate(2026, 11, 9), 0}));
    EXPECT_EQ(csv.tasks[1].progress.state, estimate::TaskState::InProgress);
    EXPECT_DOUBLE_EQ(csv.tasks[1].progress.shareDone, 0.4);
    EXPECT_EQ(csv.tasks[2].progress, estimate::TaskProgress{});

    auto firstError = [](const char *rows) {
        const estimate::CsvTasks bad = estimate::readTasksCsv(
            QStringLiteral("name,optimistic,most_likely,pessimistic,status,actual,finished_on\n") +
            QString::fromUtf8(rows));
        return bad.errors.empty() ? QString() : bad.errors.front().toString();
    };
    EXPECT_EQ(firstError("a,1,2,3,done,,\n"),
              QStringLiteral("row 1, actual: is empty: a done task needs the time it took"));
    EXPECT_EQ(firstError("a,1,2,3,done,2,2026-13-01\n"),
              QStringLiteral("row 1, finished_on: is \"2026-13-01\": give a date as YYYY-MM-DD"));
    EXPECT_EQ(firstError("a,1,2,3,in_progress,1.5,\n"),
              QStringLiteral("row 1, actual: is 1.5: the share done is at least 0 and below 1 (a "
                             "finished task is done)"));
    EXPECT_EQ(firstError("a,1,2,3,paused,,\n"),
              QStringLiteral("row 1, status: is \"paused\": use todo, in_progress or done"));
}
