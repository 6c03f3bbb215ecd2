// Issue 20: Amdahl and the USL fitted to measured runs, checked against the R package `usl`
// (Moeding and Gunther, version 3.0.3, github.com/smoeding/usl): its data sets (data/*.rda) and
// the numbers its tests and README print (tests/*.Rout.save, README.md).
#include "core/measured/fit.h"
#include "core/plan/planresult.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace pipeplan;

namespace {

fit::Runs throughputRuns(const std::vector<double> &workers, const std::vector<double> &values)
{
    fit::Runs runs;
    for (size_t i = 0; i < workers.size(); ++i)
        runs.runs.push_back({workers[i], values[i]});
    return runs;
}

/// usl's data(specsdm91): a Sun SPARCcenter 2000 in SPEC SDM91 (Gunther 2007), users and
/// scripts per hour.
fit::Runs specSdm91()
{
    return throughputRuns({1, 18, 36, 72, 108, 144, 216},
                          {64.9, 995.9, 1652.4, 1853.2, 1828.9, 1775.0, 1702.2});
}

/// usl's data(raytracer): ray-geometry intersections per second on an SGI Origin 2000.
fit::Runs raytracer(size_t rows = 11)
{
    fit::Runs runs = throughputRuns({1, 4, 8, 12, 16, 20, 24, 28, 32, 48, 64},
                                    {20, 78, 130, 170, 190, 200, 210, 230, 260, 280, 310});
    runs.runs.resize(rows);
    return runs;
}

/// Within `relative` of `expected` (the acceptance: 1 % of the published number).
void expectRelative(double actual, double expected, double relative = 0.01)
{
    EXPECT_NEAR(actual, expected, std::abs(expected) * relative) << "expected " << expected;
}

/// R's usl confint() uses qt(0.95, n − 1), not the nls convention t(0.975, n − k) this code
/// uses (R/confint.R); its published interval is rebuilt from our SE with R's quantile.
constexpr double kRQt95With5Df = 2.015048372669157; // qt(0.95, 5), for raytracer[1:6]

} // namespace

// tests/summary.Rout.save and README.md: usl(throughput ~ load, specsdm91).
TEST(Fit, SpecSdm91MatchesRUsl)
{
    const fit::Result result = fit::fitRuns(specSdm91());
    ASSERT_TRUE(result.usl) << result.problem.toStdString();
    const fit::UslFit &usl = *result.usl;
    expectRelative(usl.sigma.value, 0.0277285);
    expectRelative(usl.kappa.value, 0.0001044);
    expectRelative(usl.lambda.value, 89.9952330);
    expectRelative(usl.sigma.standardError, 0.0091217);
    expectRelative(usl.kappa.standardError, 0.0000199);
    expectRelative(usl.lambda.standardError, 14.2134894);
    EXPECT_EQ(usl.degreesOfFreedom, 4);
    // "Residual standard error: 82.85 on 4 degrees of freedom": sqrt(RSS / 4), RSS = n rmse².
    expectRelative(std::sqrt(7 * usl.rmse * usl.rmse / 4), 82.85);
    // tests/peak-scalability.R: peak.scalability(u) = 96.51956; summary: throughput 1884 there.
    ASSERT_TRUE(usl.peakWorkers);
    expectRelative(*usl.peakWorkers, 96.51956, 1e-4);
    expectRelative(fit::uslThroughput(usl, *usl.peakWorkers), 1884);
    // Gunther, Guerrilla Capacity Planning (2007), SDM91: σ ≈ 0.0277, κ ≈ 0.000104.
    expectRelative(usl.sigma.value, 0.0277);
    expectRelative(usl.kappa.value, 0.000104);
}

// tests/predict.Rout.save: predict(u) at the measured loads.
TEST(Fit, SpecSdm91PredictionsMatchRUsl)
{
    const fit::Runs runs = specSdm91();
    const fit::Result result = fit::fitRuns(runs);
    const std::vector<double> published{90, 1078, 1541, 1850, 1879, 1822, 1646};
    std::vector<double> workers;
    for (const fit::Run &run : runs.runs)
        workers.push_back(run.workers);
    const std::vector<fit::Prediction> predicted =
        fit::predict(result, fit::Measure::Throughput, workers);
    ASSERT_EQ(predicted.size(), published.size());
    for (size_t i = 0; i < published.size(); ++i) {
        EXPECT_EQ(predicted[i].workers, workers[i]);
        expectRelative(predicted[i].usl, published[i]);
        EXPECT_LT(predicted[i].uslLow, predicted[i].usl);
        EXPECT_GT(predicted[i].uslHigh, predicted[i].usl);
    }
}

// tests/confint.Rout.save: usl(throughput ~ processors, raytracer[1:6]).
TEST(Fit, RaytracerFirstSixMatchesRUsl)
{
    const fit::Result result = fit::fitRuns(raytracer(6));
    ASSERT_TRUE(result.usl) << result.problem.toStdString();
    const fit::UslFit &usl = *result.usl;
    expectRelative(usl.sigma.value, 0.02444);
    expectRelative(usl.kappa.value, 0.00163);
    expectRelative(usl.lambda.value, 20.85605);
    const std::vector<std::pair<const fit::Estimate *, std::pair<double, double>>> intervals{
        {&usl.sigma, {0.00754, 0.04135}},
        {&usl.kappa, {0.00110, 0.00215}},
        {&usl.lambda, {19.26717, 22.44492}}};
    for (const auto &[estimate, published] : intervals) {
        expectRelative(estimate->value - kRQt95With5Df * estimate->standardError, published.first);
        expectRelative(estimate->value + kRQt95With5Df * estimate->standardError, published.second);
    }
    // Our own interval is the nls one: ± t(0.975, 3) SE, clamped to the bounds.
    constexpr double t975With3Df = 3.182446305284263;
    EXPECT_NEAR(usl.lambda.low, usl.lambda.value - t975With3Df * usl.lambda.standardError, 1e-9);
    EXPECT_NEAR(usl.lambda.high, usl.lambda.value + t975With3Df * usl.lambda.standardError, 1e-9);
    EXPECT_EQ(usl.sigma.low, 0.0); // 0.0244 − 3.18 × 0.0084 < 0: clamped to the bound
    EXPECT_NEAR(usl.sigma.high, usl.sigma.value + t975With3Df * usl.sigma.standardError, 1e-12);
}

// tests/warn-accuracy.Rout.save: raytracer[1:5] prints gamma 21.059.
TEST(Fit, RaytracerFirstFiveMatchesRUsl)
{
    const fit::Result result = fit::fitRuns(raytracer(5));
    ASSERT_TRUE(result.usl);
    expectRelative(result.usl->lambda.value, 21.059);
}

// The whole raytracer set: contention, and no measurable coherency within 64 processors.
TEST(Fit, RaytracerWholeSetFits)
{
    const fit::Result result = fit::fitRuns(raytracer());
    ASSERT_TRUE(result.usl);
    ASSERT_TRUE(result.amdahl);
    EXPECT_GT(result.usl->rSquared, 0.99);
    EXPECT_GT(result.amdahl->rSquared, 0.99);
    EXPECT_GE(result.usl->sigma.value, 0.0);
    EXPECT_GE(result.usl->kappa.value, 0.0);
    EXPECT_FALSE(std::isnan(result.usl->kappa.standardError));
}

// tests/coef.Rout.save and usl-nls.Rout.save: data made from α = β = 0.02, γ = 1.
TEST(Fit, CoefficientTestMatchesRUsl)
{
    const fit::Result result = fit::fitRuns(
        throughputRuns({1, 2, 4, 6, 8, 10}, {1, 1.8868, 3.0769, 3.5294, 3.5398, 3.3557}));
    ASSERT_TRUE(result.usl);
    expectRelative(result.usl->sigma.value, 0.02);
    expectRelative(result.usl->kappa.value, 0.02);
    expectRelative(result.usl->lambda.value, 1.00);
}

TEST(Fit, PeakIsWhereThroughputTurnsDown)
{
    fit::UslFit usl;
    usl.sigma.value = 0.05;
    usl.kappa.value = 0.0001;
    usl.lambda.value = 10;
    const fit::Result result = fit::fitRuns(throughputRuns(
        {1, 2, 4, 8, 16, 32, 64, 128, 256},
        {fit::uslThroughput(usl, 1), fit::uslThroughput(usl, 2), fit::uslThroughput(usl, 4),
         fit::uslThroughput(usl, 8), fit::uslThroughput(usl, 16), fit::uslThroughput(usl, 32),
         fit::uslThroughput(usl, 64), fit::uslThroughput(usl, 128), fit::uslThroughput(usl, 256)}));
    ASSERT_TRUE(result.usl && result.usl->peakWorkers);
    EXPECT_NEAR(*result.usl->peakWorkers, std::sqrt(0.95 / 0.0001), 1e-6);
    EXPECT_NEAR(result.usl->sigma.value, 0.05, 1e-9);
    EXPECT_NEAR(result.usl->kappa.value, 0.0001, 1e-12);
    EXPECT_NEAR(result.usl->rSquared, 1.0, 1e-12);
}

// Amdahl data have no coherency term: κ is held on its bound 0 and there is no peak; its SE is
// 0 and its interval the bound, the others' from the remaining columns (fit.h).
TEST(Fit, NoPeakWhenKappaIsZero)
{
    // p = 0.9 with a little noise, so that the residual variance is not zero.
    const std::vector<double> workers{1, 2, 4, 8, 16, 32, 64};
    std::vector<double> values;
    const std::vector<double> noise{1.01, 0.99, 1.0, 1.01, 0.995, 1.0, 1.005};
    for (size_t i = 0; i < workers.size(); ++i)
        values.push_back(5 * workers[i] / (1 + 0.1 * (workers[i] - 1)) * noise[i]);
    const fit::Result result = fit::fitRuns(throughputRuns(workers, values));
    ASSERT_TRUE(result.usl);
    EXPECT_EQ(result.usl->kappa.value, 0.0);
    EXPECT_FALSE(result.usl->peakWorkers);
    EXPECT_EQ(result.usl->kappa.standardError, 0.0);
    EXPECT_EQ(result.usl->kappa.low, 0.0);
    EXPECT_EQ(result.usl->kappa.high, 0.0);
    EXPECT_GT(result.usl->sigma.standardError, 0.0);
    EXPECT_GT(result.usl->lambda.standardError, 0.0);
    EXPECT_LT(result.usl->sigma.low, result.usl->sigma.value);
    EXPECT_GT(result.usl->sigma.high, result.usl->sigma.value);
}

TEST(Fit, AmdahlRecoversExactData)
{
    const double p = 0.95;
    const double lambda = 123.5;
    std::vector<double> workers{1, 2, 3, 5, 8, 13, 21, 34};
    std::vector<double> values;
    values.reserve(workers.size());
    for (double n : workers)
        values.push_back(lambda * n / (1 + (1 - p) * (n - 1)));
    const fit::Result result = fit::fitRuns(throughputRuns(workers, values));
    ASSERT_TRUE(result.amdahl);
    EXPECT_NEAR(result.amdahl->p.value, p, 1e-9);
    EXPECT_NEAR(result.amdahl->lambda.value, lambda, 1e-9);
    EXPECT_NEAR(result.amdahl->rmse, 0.0, 1e-9);
    EXPECT_NEAR(result.amdahl->rSquared, 1.0, 1e-12);
    EXPECT_NEAR(fit::amdahlThroughput(*result.amdahl, 100), lambda * 100 / (1 + 0.05 * 99), 1e-6);
}

// Linear speedup: p sits on its upper bound 1.
TEST(Fit, AmdahlHoldsPOnItsBound)
{
    const fit::Result result = fit::fitRuns(throughputRuns({1, 2, 4, 8}, {10.2, 20.5, 41.5, 83.5}));
    ASSERT_TRUE(result.amdahl);
    EXPECT_EQ(result.amdahl->p.value, 1.0);
    EXPECT_EQ(result.amdahl->p.standardError, 0.0);
    EXPECT_EQ(result.amdahl->p.low, 1.0);
    EXPECT_GT(result.amdahl->lambda.standardError, 0.0);
    ASSERT_TRUE(result.usl);
    EXPECT_EQ(result.usl->sigma.value, 0.0);
    EXPECT_EQ(result.usl->kappa.value, 0.0);
    EXPECT_FALSE(std::isnan(result.usl->lambda.standardError));
}

TEST(Fit, FewerRunsThanParametersGiveTheProblem)
{
    const fit::Result one = fit::fitRuns(throughputRuns({4}, {10}));
    EXPECT_FALSE(one.amdahl);
    EXPECT_FALSE(one.usl);
    EXPECT_EQ(one.problem, QStringLiteral("1 run: Amdahl needs at least 2 and the USL at least 3"));

    const fit::Result two = fit::fitRuns(throughputRuns({1, 4}, {10, 30}));
    EXPECT_TRUE(two.amdahl);
    EXPECT_FALSE(two.usl);
    EXPECT_EQ(two.problem, QStringLiteral("2 runs: the USL needs at least 3"));

    const fit::Result oneCount = fit::fitRuns(throughputRuns({4, 4, 4}, {10, 11, 12}));
    EXPECT_FALSE(oneCount.amdahl);
    EXPECT_FALSE(oneCount.usl);
    EXPECT_EQ(oneCount.problem,
              QStringLiteral("every run is at 4 workers: a fit needs at least two worker counts"));

    const fit::Result twoCounts = fit::fitRuns(throughputRuns({1, 1, 4, 4}, {10, 11, 30, 31}));
    EXPECT_TRUE(twoCounts.amdahl);
    EXPECT_FALSE(twoCounts.usl);
    EXPECT_EQ(twoCounts.problem,
              QStringLiteral("runs at 2 worker counts: the USL needs at least 3"));

    const fit::Result none = fit::fitRuns({});
    EXPECT_FALSE(none.amdahl);
    EXPECT_EQ(none.problem,
              QStringLiteral("0 runs: Amdahl needs at least 2 and the USL at least 3"));

    const fit::Result bad = fit::fitRuns(throughputRuns({1, 0.5, 4}, {10, 11, 12}));
    EXPECT_FALSE(bad.amdahl);
    EXPECT_EQ(bad.problem, QStringLiteral("run 2: workers must be at least 1, got 0.5"));
}

// As many runs as parameters: the curve passes through them, nothing is left for the error.
TEST(Fit, ExactlyAsManyRunsAsParameters)
{
    const fit::Result result = fit::fitRuns(throughputRuns({1, 4, 16}, {10, 30, 60}));
    ASSERT_TRUE(result.usl);
    EXPECT_EQ(result.usl->degreesOfFreedom, 0);
    EXPECT_EQ(result.usl->lambda.standardError, 0.0);
    EXPECT_EQ(result.usl->lambda.low, 0.0);
    EXPECT_TRUE(std::isinf(result.usl->lambda.high));
    EXPECT_NEAR(fit::uslThroughput(*result.usl, 4), 30, 1e-6);
}

// Repeated runs at one N are separate points: the fit goes through their mean.
TEST(Fit, RepeatedRunsAtOneWorkerCount)
{
    const fit::Result repeated =
        fit::fitRuns(throughputRuns({1, 1, 2, 2, 4, 4, 8, 8}, {9, 11, 17, 19, 29, 31, 39, 41}));
    const fit::Result means = fit::fitRuns(throughputRuns({1, 2, 4, 8}, {10, 18, 30, 40}));
    ASSERT_TRUE(repeated.usl && means.usl);
    EXPECT_NEAR(repeated.usl->sigma.value, means.usl->sigma.value, 1e-7);
    EXPECT_NEAR(repeated.usl->kappa.value, means.usl->kappa.value, 1e-9);
    EXPECT_NEAR(repeated.usl->lambda.value, means.usl->lambda.value, 1e-6);
    EXPECT_EQ(repeated.usl->degreesOfFreedom, 5);
}

// Runtime runs are fitted as throughput 1 / runtime and predicted back in seconds.
TEST(Fit, RuntimeRunsPredictRuntime)
{
    fit::Runs throughput = specSdm91();
    fit::Runs runtime = throughput;
    runtime.measure = fit::Measure::RuntimeSeconds;
    for (fit::Run &run : runtime.runs)
        run.value = 1 / run.value;
    const fit::Result byThroughput = fit::fitRuns(throughput);
    const fit::Result byRuntime = fit::fitRuns(runtime);
    ASSERT_TRUE(byRuntime.usl);
    EXPECT_NEAR(byRuntime.usl->sigma.value, byThroughput.usl->sigma.value, 1e-7);
    const std::vector<fit::Prediction> seconds =
        fit::predict(byRuntime, fit::Measure::RuntimeSeconds, {100, 1000});
    const std::vector<fit::Prediction> perSecond =
        fit::predict(byThroughput, fit::Measure::Throughput, {100, 1000});
    ASSERT_EQ(seconds.size(), 2u);
    for (size_t i = 0; i < 2; ++i) {
        EXPECT_NEAR(seconds[i].usl * perSecond[i].usl, 1.0, 1e-6);
        EXPECT_NEAR(seconds[i].amdahl * perSecond[i].amdahl, 1.0, 1e-6);
        // The band inverted: the high throughput is the short runtime.
        EXPECT_NEAR(seconds[i].uslLow * perSecond[i].uslHigh, 1.0, 1e-6);
        EXPECT_LT(seconds[i].uslLow, seconds[i].usl);
        EXPECT_GT(seconds[i].uslHigh, seconds[i].usl);
    }
}

TEST(Fit, PredictionsAtGivenWorkers)
{
    const fit::Result result = fit::fitRuns(specSdm91());
    const std::vector<fit::Prediction> predicted =
        fit::predict(result, fit::Measure::Throughput, {100, 1000});
    ASSERT_EQ(predicted.size(), 2u);
    EXPECT_EQ(predicted[0].workers, 100);
    EXPECT_DOUBLE_EQ(predicted[0].usl, fit::uslThroughput(*result.usl, 100));
    EXPECT_DOUBLE_EQ(predicted[1].amdahl, fit::amdahlThroughput(*result.amdahl, 1000));
    // Past the peak the USL falls; Amdahl never does.
    EXPECT_LT(predicted[1].usl, predicted[0].usl);
    EXPECT_GT(predicted[1].amdahl, predicted[0].amdahl);
    // The band widens away from the runs.
    EXPECT_GT(predicted[1].uslHigh - predicted[1].uslLow,
              predicted[0].uslHigh - predicted[0].uslLow);
}

TEST(FitCsv, ReadsThroughputAndRuntime)
{
    const fit::CsvRuns throughput =
        fit::readRunsCsv(QStringLiteral("workers,throughput\n1,10\n2,19.5\n\n4, 1.5k\n"));
    ASSERT_TRUE(throughput.errors.empty()) << throughput.errors.front().toString().toStdString();
    EXPECT_EQ(throughput.runs.measure, fit::Measure::Throughput);
    EXPECT_EQ(throughput.runs.runs, (std::vector<fit::Run>{{1, 10}, {2, 19.5}, {4, 1500}}));

    const fit::CsvRuns runtime =
        fit::readRunsCsv(QString::fromUtf8("\xEF\xBB\xBFRuntime_s,Workers\r\n100,1\r\n55,2\r\n"));
    ASSERT_TRUE(runtime.errors.empty()) << runtime.errors.front().toString().toStdString();
    EXPECT_EQ(runtime.runs.measure, fit::Measure::RuntimeSeconds);
    EXPECT_EQ(runtime.runs.runs, (std::vector<fit::Run>{{1, 100}, {2, 55}}));
}

TEST(FitCsv, WriteReadsBack)
{
    fit::Runs runs = specSdm91();
    runs.measure = fit::Measure::RuntimeSeconds;
    const QString text = fit::writeRunsCsv(runs);
    EXPECT_TRUE(text.startsWith(QStringLiteral("workers,runtime_s\r\n1,64.9\r\n")));
    const fit::CsvRuns back = fit::readRunsCsv(text);
    EXPECT_TRUE(back.errors.empty());
    EXPECT_EQ(back.runs, runs);
}

TEST(FitCsv, ErrorsNameRowAndColumn)
{
    auto firstError = [](const char *text) {
        const fit::CsvRuns read = fit::readRunsCsv(QString::fromUtf8(text));
        EXPECT_TRUE(read.runs.runs.empty());
        return read.errors.empty() ? QString() : read.errors.front().toString();
    };
    EXPECT_EQ(firstError("workers,throughput\n1,10\n2,x\n"),
              QStringLiteral("row 3, column throughput: must be a number above 0, got 'x'"));
    EXPECT_EQ(firstError("workers,throughput\n1,10\n2,0\n"),
              QStringLiteral("row 3, column throughput: must be a number above 0, got '0'"));
    EXPECT_EQ(firstError("workers,runtime_s\n1,10\n2,-4\n"),
              QStringLiteral("row 3, column runtime_s: must be a number above 0, got '-4'"));
    EXPECT_EQ(firstError("workers,throughput\n0.5,10\n"),
              QStringLiteral("row 2, column workers: must be a number of at least 1, got '0.5'"));
    EXPECT_EQ(firstError("workers,throughput\nfour,10\n"),
              QStringLiteral("row 2, column workers: must be a number of at least 1, got 'four'"));
    EXPECT_EQ(firstError("throughput\n10\n"),
              QStringLiteral("row 1, column workers: missing: the header is workers and "
                             "throughput (items/s) or runtime_s (seconds)"));
    EXPECT_EQ(firstError("workers\n10\n"),
              QStringLiteral("row 1, column throughput: missing (or runtime_s): the header is "
                             "workers and throughput (items/s) or runtime_s (seconds)"));
    EXPECT_EQ(firstError("workers,throughput,host\n1,10,a\n"),
              QStringLiteral("row 1, column host: unknown column: the header is workers and "
                             "throughput (items/s) or runtime_s (seconds)"));
    EXPECT_EQ(firstError("workers,throughput,runtime_s\n1,10,1\n"),
              QStringLiteral("row 1, column runtime_s: a file holds throughput or runtime_s, not "
                             "both"));
    EXPECT_EQ(firstError(""), QStringLiteral("row 1: the file is empty: the header is workers and "
                                             "throughput (items/s) or runtime_s (seconds)"));
    EXPECT_EQ(firstError("\n\n"),
              QStringLiteral("row 1: the file is empty: the header is workers "
                             "and throughput (items/s) or runtime_s (seconds)"));
    EXPECT_EQ(firstError("workers,throughput\n"),
              QStringLiteral("row 2: no runs under the header"));
    EXPECT_EQ(firstError("workers,throughput\n1,10,3\n"),
              QStringLiteral("row 2: has 3 fields, the header has 2"));
}

// The scaling table every view prints comes from the plan's result (issue 31): the rows at the
// scenario's worker counts with its own count highlighted, and the USL column row by row.
TEST(ScalingSection, TheResultHoldsTheRowsAndTheUslColumnEveryViewShows)
{
    Plan plan{defaultScenario(), std::nullopt};
    plan.scenario.workload.workers = 3000; // not in the list: inserted and highlighted
    PlanResult result = evaluatePlan(plan);
    const ScalingSection &plain = result.scaling;
    EXPECT_EQ(plain.shown, explain::shownScaling(plan.scenario, result.model));
    ASSERT_GE(plain.shown.highlighted, 0);
    EXPECT_EQ(plain.shown.inserted, plain.shown.highlighted);
    EXPECT_EQ(plain.shown.rows[static_cast<size_t>(plain.shown.highlighted)].workers, 3000);
    EXPECT_TRUE(plain.uslHours.empty()); // no measured runs, no USL column

    // SPEC SDM91 (the R package usl's `specsdm91`): throughput at 1 to 216 users.
    fit::Runs &runs = plan.scenario.measured.runs;
    runs.measure = fit::Measure::Throughput;
    runs.runs = {{1, 64.9},     {18, 995.9},   {36, 1652.4}, {72, 1853.2},
                 {108, 1828.9}, {144, 1775.0}, {216, 1702.2}};
    result = evaluatePlan(plan);
    ASSERT_TRUE(result.measured.fit.usl.has_value());
    const ScalingSection &fitted = result.scaling;
    ASSERT_EQ(fitted.uslHours.size(), fitted.shown.rows.size());
    for (size_t i = 0; i < fitted.shown.rows.size(); ++i) {
        const double workers = fitted.shown.rows[i].workers;
        EXPECT_DOUBLE_EQ(
            fitted.uslHours[i],
            uslRuntimeSeconds(*result.measured.fit.usl, result.model.workSeconds, workers) / 3600)
            << workers << " workers";
    }
    // Past its peak the USL's runtime grows again (retrograde: κ > 0), where Amdahl's only falls.
    EXPECT_GT(result.measured.fit.usl->kappa.value, 0);
    EXPECT_GT(fitted.uslHours.back(),
              *std::min_element(fitted.uslHours.begin(), fitted.uslHours.end()));

    // A re-evaluation of the measured section alone refreshes the column.
    plan.scenario.measured.runs.runs.clear();
    reevaluate(result, plan, Section::Measured, false);
    EXPECT_TRUE(result.scaling.uslHours.empty());
}
