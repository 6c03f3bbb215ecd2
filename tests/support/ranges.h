#pragma once

#include "core/model/uncertainty.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <optional>
#include <random>
#include <utility>
#include <vector>

namespace pipeplan::testsupport {

/// Three ranges, as the benchmarks set them: latency 800..1,200 ms, users 100M..200M and p
/// 0.97/0.98/0.995.
inline void withThreeRanges(Scenario &s)
{
    uncertainty::setRange(s, QStringLiteral("workload.latency_ms"),
                          Range{Range::Kind::Interval, 800, 0, 1200});
    uncertainty::setRange(s, QStringLiteral("workload.users"),
                          Range{Range::Kind::Interval, 100e6, 0, 200e6});
    uncertainty::setRange(s, QStringLiteral("workload.parallel_fraction"),
                          Range{Range::Kind::ThreePoint, 0.97, 0.98, 0.995});
}

/// The standard normal's distribution function, from the C library's erfc.
inline double normalCdf(double z)
{
    return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

/// The standard normal's q-quantile by bisection of normalCdf down to adjacent doubles: apart
/// from PipePlan's constant and its sampler's approximation, so that it checks both.
inline double normalQuantileByBisection(double q)
{
    double lo = -40;
    double hi = 40;
    for (;;) {
        const double mid = lo + (hi - lo) / 2;
        if (mid <= lo || mid >= hi)
            return mid;
        (normalCdf(mid) < q ? lo : hi) = mid;
    }
}

/// One factor of a job's runtime at p = 1: a plain number (low == high) or a 90 % interval,
/// lognormal on a positive number and logit-normal on a fraction.
struct Factor
{
    double low = 1;
    double high = 1;
    bool fraction = false;
};

/// The q-quantile of the product of independent `factors`, in closed form from the ranges as
/// typed: the lognormal factors' log-medians add and their sigmas, ln(high / low) / (2 z95),
/// add in quadrature. A logit-normal factor (one at most) is integrated over its normal and the
/// quantile found by bisection of the product's distribution function.
inline double productQuantile(const std::vector<Factor> &factors, double q)
{
    const double z95 = normalQuantileByBisection(0.95);
    double mu = 0;
    double variance = 0;
    std::optional<std::pair<double, double>> logit; // its logits' mean and sigma
    for (const Factor &f : factors) {
        if (!(f.low < f.high)) {
            mu += std::log(f.low);
        } else if (f.fraction) {
            const auto toLogit = [](double p) { return std::log(p / (1 - p)); };
            logit = {(toLogit(f.low) + toLogit(f.high)) / 2,
                     (toLogit(f.high) - toLogit(f.low)) / (2 * z95)};
        } else {
            mu += std::log(std::sqrt(f.low) * std::sqrt(f.high));
            variance += std::pow(std::log(f.high / f.low) / (2 * z95), 2);
        }
    }
    const double sigma = std::sqrt(variance);
    const double z = normalQuantileByBisection(q);
    if (!logit)
        return std::exp(mu + sigma * z);
    const auto logKeep = [&logit](double zk) {
        return -std::log1p(std::exp(-(logit->first + logit->second * zk)));
    };
    if (sigma == 0)
        return std::exp(mu + logKeep(z));
    // P(T <= t) = integral of phi(zk) Phi((ln t - mu - ln K(zk)) / sigma) over zk, by the
    // trapezoid rule (spectrally accurate on a Gaussian weight at this step).
    constexpr double kStep = 0.01;
    constexpr double kEdge = 9;
    std::vector<std::pair<double, double>> nodes; // (weight, ln K)
    for (double zk = -kEdge; zk <= kEdge + kStep / 2; zk += kStep)
        nodes.emplace_back(std::exp(-zk * zk / 2) / std::sqrt(2 * std::numbers::pi) * kStep,
                           logKeep(zk));
    const auto cdf = [&](double logT) {
        double sum = 0;
        for (const auto &[weight, logK] : nodes)
            sum += weight * normalCdf((logT - mu - logK) / sigma);
        return sum;
    };
    double lo = mu + logKeep(-kEdge) - 10 * sigma;
    double hi = mu + 10 * sigma;
    while (hi - lo > 1e-11) {
        const double mid = (lo + hi) / 2;
        (cdf(mid) < q ? lo : hi) = mid;
    }
    return std::exp((lo + hi) / 2);
}

/// A job at p = 1 (or one worker, where p does not count) with some of its workload numbers as
/// ranges, for the property tests: the CLI's flags and the file's keys for it, and the factors
/// of its runtime, users x keep x (batched time, or predictions x the latency in force) / N.
struct RangedJob
{
    struct Number
    {
        double low = 1;
        double high = 1; ///< above low: a range
        bool ranged() const { return low < high; }
        QString text() const
        {
            const auto n = [](double v) { return QString::number(v, 'g', 15); };
            return ranged() ? n(low) + QStringLiteral("..") + n(high) : n(low);
        }
    };
    Number users;
    Number predictions;
    Number latency;
    std::optional<Number> accelerator;
    std::optional<Number> batch;
    Number keep;
    Number parallel;
    double workers = 1;
    bool olderSpelling = false; ///< the accelerator as --latency-ms, the latency as --baseline-...

    int ranges() const
    {
        return int(users.ranged()) + int(predictions.ranged()) + int(latency.ranged()) +
               int(accelerator && accelerator->ranged()) + int(batch && batch->ranged()) +
               int(keep.ranged()) + int(parallel.ranged());
    }

    QStringList flags() const
    {
        QStringList args{QStringLiteral("--users"), users.text(), QStringLiteral("--predictions"),
                         predictions.text()};
        if (accelerator && olderSpelling) {
            args << QStringLiteral("--latency-ms") << accelerator->text()
                 << QStringLiteral("--baseline-latency-ms") << latency.text();
        } else {
            args << QStringLiteral("--latency-ms") << latency.text();
            if (accelerator)
                args << QStringLiteral("--accelerator-latency-ms") << accelerator->text();
        }
        if (batch)
            args << QStringLiteral("--batch-ms") << batch->text();
        args << QStringLiteral("--keep-fraction") << keep.text() << QStringLiteral("--workers")
             << QString::number(workers, 'g', 15) << QStringLiteral("--parallel-fraction")
             << parallel.text();
        return args;
    }

    /// key=value as --set takes them (a range at the number's own path).
    std::vector<std::pair<QString, QString>> sets() const
    {
        std::vector<std::pair<QString, QString>> set{
            {QStringLiteral("workload.users"), users.text()},
            {QStringLiteral("workload.predictions_per_user"), predictions.text()},
            {QStringLiteral("workload.latency_ms"), latency.text()},
            {QStringLiteral("workload.keep_fraction"), keep.text()},
            {QStringLiteral("workload.workers"), QString::number(workers, 'g', 15)},
            {QStringLiteral("workload.parallel_fraction"), parallel.text()}};
        if (accelerator)
            set.emplace_back(QStringLiteral("workload.accelerator_latency_ms"),
                             accelerator->text());
        if (batch)
            set.emplace_back(QStringLiteral("workload.batch_ms_per_user"), batch->text());
        return set;
    }

    /// The runtime's factors; the parallel fraction is none (p = 1, or one worker).
    std::vector<Factor> factors() const
    {
        const auto factor = [](const Number &n, bool fraction = false) {
            return Factor{n.low, n.ranged() ? n.high : n.low, fraction};
        };
        std::vector<Factor> list{factor(users), factor(keep, true),
                                 Factor{1 / (1000 * workers), 1 / (1000 * workers)}};
        if (batch) {
            list.push_back(factor(*batch));
        } else {
            list.push_back(factor(predictions));
            list.push_back(factor(accelerator ? *accelerator : latency));
        }
        return list;
    }
};

/// A seeded random job: every workload number plain or a range (at least one range), the
/// accelerator and the batching on or off, counts with medians between whole numbers, p = 1
/// or one worker under a range of p. Spreads stay where 100,000 samples hold the percentiles
/// within 0.5 % (ends at most 4x apart, a keep fraction's range over a lognormal spread).
inline RangedJob randomRangedJob(std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    // From the raw bits: the same job on every standard library.
    const auto uniform = [&rng](double lo, double hi) {
        return lo + (hi - lo) * static_cast<double>(rng() >> 11) * 0x1p-53;
    };
    const auto chance = [&uniform](double p) { return uniform(0, 1) < p; };
    const auto rounded = [](double v, double step) { return std::round(v / step) * step; };
    // A positive number: log-uniform in [lo, hi], a range up to 4x wide with `p`.
    const auto positive = [&](double lo, double hi, double step, double p) {
        RangedJob::Number n;
        n.low = std::max(step, rounded(std::exp(uniform(std::log(lo), std::log(hi))), step));
        n.high = n.low;
        if (chance(p))
            n.high = std::max(n.low + step, rounded(n.low * uniform(1.3, 4), step));
        return n;
    };
    RangedJob job;
    job.users = positive(1e3, 1e9, 1, 0.6);
    job.predictions = positive(1, 40, 1, 0.6);
    job.latency = positive(0.5, 3000, 0.01, 0.6);
    if (chance(0.3))
        job.accelerator = positive(0.1, 100, 0.01, 0.6);
    job.olderSpelling = job.accelerator && chance(0.5);
    if (chance(0.25))
        job.batch = positive(1, 5000, 0.01, 0.6);
    job.keep.low = job.keep.high = chance(0.5) ? 1 : rounded(uniform(0.05, 0.95), 0.01);
    if (chance(0.4)) {
        job.keep.low = rounded(uniform(0.05, 0.8), 0.01);
        job.keep.high =
            rounded(uniform(job.keep.low + 0.05, std::min(0.99, job.keep.low + 0.3)), 0.01);
        // The closed form integrates the keep fraction over a lognormal spread of its own.
        if (!job.users.ranged() || job.users.high < 1.5 * job.users.low)
            job.users.high = std::round(job.users.low * 2);
    }
    job.workers = chance(0.3) ? 1 : std::round(std::exp(uniform(0, std::log(1e5))));
    job.parallel.low = job.parallel.high = 1;
    if (job.workers == 1 && chance(0.5)) {
        job.parallel.low = rounded(uniform(0.5, 0.9), 0.01);
        job.parallel.high = rounded(uniform(job.parallel.low + 0.01, 0.99), 0.01);
    }
    if (job.ranges() == 0)
        job.latency.high = rounded(job.latency.low * 2, 0.01);
    return job;
}

} // namespace pipeplan::testsupport
