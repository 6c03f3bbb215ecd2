#include "core/model/uncertainty.h"

#include "core/base/format.h"
#include "core/base/random.h"
#include "core/model/amdahl.h"
#include "core/model/overheads.h"
#include "core/project/montecarlo.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace pipeplan::uncertainty {

namespace {

std::optional<double> plain(double value)
{
    return value;
}

Input make(const char *key, const char *label, const char *unit, Support support,
           const FieldSpec &spec, std::optional<double> (*get)(const Scenario &, int),
           void (*set)(Scenario &, int, double))
{
    return Input{
        QLatin1String(key), QLatin1String(label), QLatin1String(unit), support, &spec, get, set};
}

/// Standard normal quantile (Acklam's rational approximation, relative error below 1.15e-9).
double normalQuantile(double p)
{
    static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                                   -2.759285104469687e+02, 1.383577518672690e+02,
                                   -3.066479806614716e+01, 2.506628277459239e+00};
    static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                                   -1.556989798598866e+02, 6.680131188771972e+01,
                                   -1.328068155288572e+01};
    static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                                   -2.400758277161838e+00, -2.549732539343734e+00,
                                   4.374664141464968e+00,  2.938163982698783e+00};
    static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                                   2.445134137142996e+00, 3.754408661907416e+00};
    constexpr double low = 0.02425;
    if (p < low) {
        const double q = std::sqrt(-2 * std::log(p));
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
               ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    if (p > 1 - low) {
        const double q = std::sqrt(-2 * std::log(1 - p));
        return -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
               ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    const double q = p - 0.5;
    const double r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
           (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

std::vector<double> ranksOf(const std::vector<double> &values)
{
    std::vector<std::uint32_t> order(values.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(),
              [&values](std::uint32_t a, std::uint32_t b) { return values[a] < values[b]; });
    std::vector<double> ranks(values.size());
    for (size_t i = 0; i < order.size(); ++i)
        ranks[order[i]] = static_cast<double>(i);
    return ranks;
}

/// Pearson's correlation of two rank vectors of the same length (Spearman's rho).
double rankCorrelation(const std::vector<double> &a, const std::vector<double> &b, size_t n)
{
    const double mean = (static_cast<double>(n) - 1) / 2;
    double sab = 0, saa = 0, sbb = 0;
    for (size_t i = 0; i < n; ++i) {
        const double x = a[i] - mean;
        const double y = b[i] - mean;
        sab += x * y;
        saa += x * x;
        sbb += y * y;
    }
    return saa > 0 && sbb > 0 ? sab / std::sqrt(saa * sbb) : 0;
}

/// The median a range's shape was drawn around: 1 for a ratio, 0 for an offset, 0.5 for a
/// fraction. A shape is the range moved there, so two ranges of the same spread share draws.
double unitMedian(Spread spread)
{
    switch (spread) {
    case Spread::Ratio:
        return 1;
    case Spread::Offset:
        return 0;
    case Spread::Logit:
        return 0.5;
    }
    return 1;
}

/// FNV-1a of the key's UTF-16: the same stream on every machine and Qt version.
std::uint64_t streamOf(const QString &key)
{
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (const QChar c : key) {
        hash ^= c.unicode();
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

} // namespace

std::vector<Input> inputs(const Scenario &s)
{
    std::vector<Input> list{
        make(
            "workload.users", "Users", "", Support::Positive, fields::users,
            [](const Scenario &sc, int) { return plain(sc.workload.users); },
            [](Scenario &sc, int, double v) { sc.workload.users = v; }),
        make(
            "workload.predictions_per_user", "Predictions per user", "", Support::Positive,
            fields::predictionsPerUser,
            [](const Scenario &sc, int) { return plain(sc.workload.predictionsPerUser); },
            [](Scenario &sc, int, double v) { sc.workload.predictionsPerUser = v; }),
        make(
            "workload.latency_ms", "Latency per prediction", "ms", Support::Positive,
            fields::latencyMs,
            [](const Scenario &sc, int) {
                // With the accelerator lever on, the typed latency is not the one in force.
                return sc.workload.acceleratorLatencyMs ? std::nullopt
                                                        : plain(sc.workload.latencyMs);
            },
            [](Scenario &sc, int, double v) { sc.workload.latencyMs = v; }),
        make(
            "workload.accelerator_latency_ms", "Accelerator latency", "ms", Support::Positive,
            fields::acceleratorLatencyMs,
            [](const Scenario &sc, int) { return sc.workload.acceleratorLatencyMs; },
            [](Scenario &sc, int, double v) { sc.workload.acceleratorLatencyMs = v; }),
        make(
            "workload.batch_ms_per_user", "Batched time per user", "ms", Support::Positive,
            fields::batchMsPerUser,
            [](const Scenario &sc, int) { return sc.workload.batchMsPerUser; },
            [](Scenario &sc, int, double v) { sc.workload.batchMsPerUser = v; }),
        make(
            "workload.keep_fraction", "Keep fraction", "", Support::Fraction, fields::keepFraction,
            [](const Scenario &sc, int) { return plain(sc.workload.keepFraction); },
            [](Scenario &sc, int, double v) { sc.workload.keepFraction = v; }),
        make(
            "workload.parallel_fraction", "Parallel fraction p", "", Support::Fraction,
            fields::parallelFraction,
            [](const Scenario &sc, int) { return plain(sc.workload.parallelFraction); },
            [](Scenario &sc, int, double v) { sc.workload.parallelFraction = v; }),
        make(
            "overheads.cold_start_s", "Cold start per worker", "s", Support::Positive,
            fields::coldStartSeconds,
            [](const Scenario &sc, int) { return sc.overheads.coldStartSeconds; },
            [](Scenario &sc, int, double v) { sc.overheads.coldStartSeconds = v; }),
        make(
            "overheads.request_overhead_ms", "Overhead per request", "ms", Support::Positive,
            fields::requestOverheadMs,
            [](const Scenario &sc, int) { return sc.overheads.requestOverheadMs; },
            [](Scenario &sc, int, double v) { sc.overheads.requestOverheadMs = v; }),
        make(
            "overheads.shared_cap_per_s", "Shared cap", "/s", Support::Positive,
            fields::sharedCapPerSecond,
            [](const Scenario &sc, int) { return sc.overheads.sharedCapPerSecond; },
            [](Scenario &sc, int, double v) { sc.overheads.sharedCapPerSecond = v; }),
        make(
            "overheads.dispatch_cap_per_s", "Dispatch cap", "shards/s", Support::Positive,
            fields::dispatchCapPerSecond,
            [](const Scenario &sc, int) { return sc.overheads.dispatchCapPerSecond; },
            [](Scenario &sc, int, double v) { sc.overheads.dispatchCapPerSecond = v; }),
        make(
            "goal.price_per_worker_hour", "Price per worker-hour", "", Support::Positive,
            fields::pricePerWorkerHour,
            [](const Scenario &sc, int) { return plain(sc.goal.pricePerWorkerHour); },
            [](Scenario &sc, int, double v) { sc.goal.pricePerWorkerHour = v; }),
    };
    // The plan's own words for what it counts.
    list[0].label = s.workload.counted.capitalizedMany();
    list[1].label = QStringLiteral("Predictions per ") + s.workload.counted.one;
    list[4].label = QStringLiteral("Batched time per ") + s.workload.counted.one;
    for (size_t i = 0; i < s.stages.size(); ++i) {
        if (s.stages[i].isScoring)
            continue;
        Input stage = make(
            "", "", "ms", Support::Positive, fields::stageMs,
            [](const Scenario &sc, int index) {
                return plain(sc.stages[static_cast<size_t>(index)].msPerUser);
            },
            [](Scenario &sc, int index, double v) {
                sc.stages[static_cast<size_t>(index)].msPerUser = v;
            });
        stage.key = QStringLiteral("stages[%1].ms_per_user").arg(i);
        stage.label = QStringLiteral("Stage %1 (%2)").arg(i + 1).arg(s.stages[i].name);
        stage.stage = static_cast<int>(i);
        list.push_back(stage);
    }
    return list;
}

std::optional<Input> input(const Scenario &scenario, const QString &key)
{
    for (Input &candidate : inputs(scenario)) {
        if (candidate.key == key)
            return candidate;
    }
    return std::nullopt;
}

namespace {
QString rangeProblem(const Input &in, const Range &range)
{
    const FieldSpec &spec = *in.spec;
    for (const double end : {range.low, range.high}) {
        if (auto error = checkField(spec, end, in.key))
            return QStringLiteral("the range's end ") + error->message;
    }
    return {};
}
} // namespace

QString setRange(Scenario &scenario, const QString &key, const std::optional<Range> &range,
                 double number)
{
    const std::optional<Input> in = input(scenario, key);
    if (!in)
        return QStringLiteral("takes no range (the numbers that do: the workload's, the stages' "
                              "times, the overheads and the price)");
    if (!range) {
        scenario.uncertainty.ranges.erase(key);
        in->set(scenario, in->stage, number);
        return {};
    }
    if (QString problem = rangeProblem(*in, *range); !problem.isEmpty())
        return problem;
    scenario.uncertainty.ranges[key] = *range;
    // A count's point value is the whole number nearest the median (its samples need not be).
    const double median = rangeMedian(*range, in->support);
    in->set(scenario, in->stage, in->spec->wholeNumber ? std::round(median) : median);
    return {};
}

void followPoints(const Scenario &before, Scenario &after)
{
    for (auto &[key, range] : after.uncertainty.ranges) {
        const auto was = before.uncertainty.ranges.find(key);
        if (was == before.uncertainty.ranges.end() || was->second != range)
            continue; // the range itself was edited: it sets the point
        const std::optional<Input> in = input(after, key);
        const std::optional<Input> old = input(before, key);
        if (!in || !old)
            continue;
        const std::optional<double> now = in->get(after, in->stage);
        const std::optional<double> then = old->get(before, old->stage);
        if (now && then && *now != *then)
            range = movedTo(range, in->support, *now);
    }
}

std::vector<FieldError> validate(const Scenario &scenario)
{
    std::vector<FieldError> errors;
    for (const auto &[key, range] : scenario.uncertainty.ranges) {
        const QString field = QStringLiteral("uncertainty.ranges.") + key;
        const std::optional<Input> in = input(scenario, key);
        if (!in) {
            errors.push_back({field, QStringLiteral("is not a number that takes a range")});
            continue;
        }
        const bool ordered =
            range.kind == Range::Kind::Interval
                ? range.low < range.high
                : range.low <= range.mode && range.mode <= range.high && range.low < range.high;
        if (!ordered) {
            errors.push_back({field, QStringLiteral("must run from low to high")});
            continue;
        }
        if (QString problem = rangeProblem(*in, range); !problem.isEmpty())
            errors.push_back({field, problem});
    }
    const auto check = [&errors](const FieldSpec &spec, double value, const char *key) {
        if (auto error = checkField(spec, value, QLatin1String(key)))
            errors.push_back(*error);
    };
    check(fields::trials, scenario.uncertainty.samples, "uncertainty.samples");
    if (scenario.uncertainty.samples > 1e6)
        errors.push_back(
            {QStringLiteral("uncertainty.samples"), QStringLiteral("must be at most 1,000,000")});
    if (!(scenario.uncertainty.percentile > 0 && scenario.uncertainty.percentile < 1))
        errors.push_back(
            {QStringLiteral("uncertainty.percentile"), QStringLiteral("must be between 0 and 1")});
    return errors;
}

std::shared_ptr<const Samples> draw(const Scenario &scenario,
                                    std::shared_ptr<const Samples> previous)
{
    const UncertaintySettings &u = scenario.uncertainty;
    const int count = static_cast<int>(u.samples);
    // The shapes the ranges have now: reuse the draws when nothing but a median moved.
    std::vector<Samples::Draws> wanted;
    for (const auto &[key, range] : u.ranges) {
        const std::optional<Input> in = input(scenario, key);
        if (!in)
            continue;
        Samples::Draws d;
        d.key = key;
        d.support = in->support;
        d.spread = spreadOf(range, in->support);
        d.shape = movedTo(range, in->support, unitMedian(d.spread));
        wanted.push_back(std::move(d));
    }
    if (previous && previous->count == count && previous->seed == u.seed &&
        previous->inputs.size() == wanted.size() &&
        std::equal(wanted.begin(), wanted.end(), previous->inputs.begin(),
                   [](const Samples::Draws &a, const Samples::Draws &b) {
                       // Shapes compared to 1e-9: a moved range's ends carry rounding.
                       const auto near = [](double x, double y) {
                           return std::abs(x - y) <= 1e-9 * std::max(1.0, std::abs(x));
                       };
                       return a.key == b.key && a.spread == b.spread &&
                              a.shape.kind == b.shape.kind && near(a.shape.low, b.shape.low) &&
                              near(a.shape.mode, b.shape.mode) && near(a.shape.high, b.shape.high);
                   }))
        return previous;
    auto samples = std::make_shared<Samples>();
    samples->count = count;
    samples->seed = u.seed;
    const auto seed = static_cast<std::uint64_t>(u.seed);
    for (Samples::Draws &wantedDraws : wanted) {
        Samples::Draws d = std::move(wantedDraws);
        // One stream per input, named by its key: adding a range leaves the others' draws.
        random::Xoshiro256 rng(seed, streamOf(d.key));
        std::vector<double> table;
        if (d.shape.kind == Range::Kind::ThreePoint) {
            const auto [alpha, beta] = pertShape(d.shape);
            table = estimate::unitBetaQuantiles(alpha, beta);
        }
        const double median = rangeMedian(d.shape, d.support);
        d.draws.resize(static_cast<size_t>(count));
        for (int i = 0; i < count; ++i) {
            // Stratified: one uniform per 1/count slice, shuffled below; the percentiles then
            // converge faster than plain Monte Carlo.
            const double uniform = (i + rng.uniform()) / count;
            const double z = normalQuantile(std::clamp(uniform, 1e-12, 1 - 1e-12));
            d.draws[static_cast<size_t>(i)] =
                relativeDraw(d.shape, d.support, median, z, uniform, table);
        }
        // Fisher-Yates with the input's own stream: inputs are independent.
        for (int i = count - 1; i > 0; --i) {
            const auto j = static_cast<int>(rng.next() % static_cast<std::uint64_t>(i + 1));
            std::swap(d.draws[static_cast<size_t>(i)], d.draws[static_cast<size_t>(j)]);
        }
        if (d.spread == Spread::Logit) {
            d.expNegative.resize(d.draws.size());
            for (size_t i = 0; i < d.draws.size(); ++i)
                d.expNegative[i] = std::exp(-d.draws[i]);
        }
        d.ranks = ranksOf(std::vector<double>(
            d.draws.begin(),
            d.draws.begin() + std::min<std::ptrdiff_t>(count, kSensitivitySamples)));
        samples->inputs.push_back(std::move(d));
    }
    return samples;
}

void sampleRuntimes(const Scenario &s, const Samples &samples, std::span<double> runtimes,
                    std::span<double> prices, int overrideInput, double overrideMedian)
{
    // The job's numbers as slots; a ranged one reads its sample, the others their point value.
    enum Slot
    {
        Users,
        Keep,
        Predictions,
        Latency,
        BatchMs,
        Parallel,
        ColdStart,
        RequestOverhead,
        SharedCap,
        DispatchCap,
        Price,
        FirstStage,
    };
    const Workload &w = s.workload;
    const Overheads &o = s.overheads;
    const size_t stages = s.stages.size();
    std::vector<double> base(FirstStage + stages, 0.0);
    base[Users] = w.users;
    base[Keep] = w.keepFraction;
    base[Predictions] = w.predictionsPerUser;
    base[Latency] = w.acceleratorLatencyMs.value_or(w.latencyMs);
    base[BatchMs] = w.batchMsPerUser.value_or(0);
    base[Parallel] = w.parallelFraction;
    base[ColdStart] = o.coldStartSeconds.value_or(0);
    base[RequestOverhead] = o.requestOverheadMs.value_or(0);
    base[SharedCap] = o.sharedCapPerSecond.value_or(0);
    base[DispatchCap] = o.dispatchCapPerSecond.value_or(0);
    base[Price] = s.goal.pricePerWorkerHour;
    for (size_t i = 0; i < stages; ++i)
        base[FirstStage + i] = s.stages[i].msPerUser;
    const auto slotOf = [&w](const QString &key) -> int {
        static const std::pair<const char *, int> keys[] = {
            {"workload.users", Users},
            {"workload.keep_fraction", Keep},
            {"workload.predictions_per_user", Predictions},
            {"workload.parallel_fraction", Parallel},
            {"workload.batch_ms_per_user", BatchMs},
            {"overheads.cold_start_s", ColdStart},
            {"overheads.request_overhead_ms", RequestOverhead},
            {"overheads.shared_cap_per_s", SharedCap},
            {"overheads.dispatch_cap_per_s", DispatchCap},
            {"goal.price_per_worker_hour", Price},
        };
        for (const auto &[name, slot] : keys) {
            if (key == QLatin1String(name))
                return slot;
        }
        if (key == QLatin1String("workload.latency_ms"))
            return w.acceleratorLatencyMs ? -1 : Latency;
        if (key == QLatin1String("workload.accelerator_latency_ms"))
            return w.acceleratorLatencyMs ? Latency : -1;
        if (key.startsWith(QLatin1String("stages["))) {
            const int index = key.mid(7, key.indexOf(QLatin1Char(']')) - 7).toInt();
            return FirstStage + index;
        }
        return -1;
    };
    // Each ranged slot's values for every sample, around its median now.
    struct Ranged
    {
        int slot;
        std::vector<double> values;
    };
    std::vector<Ranged> ranged;
    const size_t n = std::min(runtimes.size(), static_cast<size_t>(samples.count));
    for (size_t k = 0; k < samples.inputs.size(); ++k) {
        const Samples::Draws &d = samples.inputs[k];
        const int slot = slotOf(d.key);
        if (slot < 0 || slot >= static_cast<int>(base.size()))
            continue;
        const double median = static_cast<int>(k) == overrideInput ? overrideMedian : base[slot];
        Ranged r{slot, std::vector<double>(n)};
        switch (d.spread) {
        case Spread::Ratio:
            for (size_t i = 0; i < n; ++i)
                r.values[i] = median * d.draws[i];
            break;
        case Spread::Offset:
            for (size_t i = 0; i < n; ++i)
                r.values[i] = median + d.draws[i];
            break;
        case Spread::Logit: {
            // logistic(logit(m) + d) = 1 / (1 + (1 - m) / m x e^-d), e^-d drawn once.
            const double odds = median > 0 ? (1 - median) / median : 1e300;
            for (size_t i = 0; i < n; ++i)
                r.values[i] = 1 / (1 + odds * d.expNegative[i]);
            break;
        }
        }
        ranged.push_back(std::move(r));
    }
    const bool batched = w.batchMsPerUser.has_value();
    const bool sequential = s.execution == Execution::Sequential;
    const bool overheads = o.any();
    const double workers = w.workers;
    const double usersPerShard = o.usersPerShard;
    std::vector<double> v = base;
    for (size_t i = 0; i < n; ++i) {
        for (const Ranged &r : ranged)
            v[static_cast<size_t>(r.slot)] = r.values[i];
        // The same steps as evaluate(): the scoring stage, the per-user cost, the work, Amdahl,
        // then the overheads' cold start and caps (evaluateOverheads).
        double scoringMs = batched ? v[BatchMs] : v[Predictions] * v[Latency];
        if (overheads)
            scoringMs += requestsPerUser(v[Predictions], batched) * v[RequestOverhead];
        double perUser = 0;
        for (size_t k = 0; k < stages; ++k) {
            const double ms = s.stages[k].isScoring ? scoringMs : v[FirstStage + k];
            perUser = sequential ? perUser + ms : std::max(perUser, ms);
        }
        const double usersScored = v[Users] * v[Keep];
        const double work = usersScored * perUser / 1000.0;
        double runtime = work / amdahl::speedup(v[Parallel], workers);
        if (overheads) {
            const double shared = v[SharedCap] > 0 ? usersScored / v[SharedCap] : 0;
            const double dispatch =
                v[DispatchCap] > 0 ? std::ceil(usersScored / usersPerShard) / v[DispatchCap] : 0;
            runtime = v[ColdStart] + std::max(runtime, std::max(shared, dispatch));
        }
        runtimes[i] = runtime;
        if (!prices.empty())
            prices[i] = v[Price];
    }
}

double quantile(std::span<double> values, double q)
{
    if (values.empty())
        return 0;
    const double position = q * static_cast<double>(values.size() - 1);
    const auto lower = static_cast<size_t>(position);
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(lower),
                     values.end());
    const double at = values[lower];
    if (lower + 1 >= values.size())
        return at;
    const double next =
        *std::min_element(values.begin() + static_cast<std::ptrdiff_t>(lower) + 1, values.end());
    return at + (position - static_cast<double>(lower)) * (next - at);
}

namespace {
/// The value at fractional `position` of the sorted values, with the partition [first, last)
/// known to hold it (every value before first is below, every one after last above).
double quantileWithin(std::vector<double> &v, size_t first, size_t last, double position)
{
    const auto lower = static_cast<size_t>(position);
    const auto begin = v.begin();
    std::nth_element(begin + static_cast<std::ptrdiff_t>(first),
                     begin + static_cast<std::ptrdiff_t>(lower),
                     begin + static_cast<std::ptrdiff_t>(last));
    const double at = v[lower];
    if (lower + 1 >= v.size() || position == static_cast<double>(lower))
        return at;
    // The next order statistic: the smallest after `lower` within the partition, or the
    // partition's bound just past it.
    const auto end = begin + static_cast<std::ptrdiff_t>(std::min(last + 1, v.size()));
    const double next = *std::min_element(begin + static_cast<std::ptrdiff_t>(lower) + 1, end);
    return at + (position - static_cast<double>(lower)) * (next - at);
}
} // namespace

Percentiles percentiles(std::vector<double> values)
{
    Percentiles p;
    if (values.size() < 16) {
        p.p10 = quantile(values, 0.1);
        p.p50 = quantile(values, 0.5);
        p.p90 = quantile(values, 0.9);
        return p;
    }
    // P50 first over everything, then P10 in the lower part and P90 in the upper: about half
    // the work of three selections over the whole.
    const double last = static_cast<double>(values.size() - 1);
    const auto mid = static_cast<size_t>(0.5 * last);
    p.p50 = quantileWithin(values, 0, values.size(), 0.5 * last);
    p.p10 = quantileWithin(values, 0, mid, 0.1 * last);
    p.p90 = quantileWithin(values, mid + 1, values.size(), 0.9 * last);
    return p;
}

Result evaluate(const Scenario &s, const Samples &samples)
{
    Result result;
    result.active = !samples.inputs.empty();
    if (!result.active)
        return result;
    result.samples = samples.count;
    result.seed = samples.seed;
    result.currency = s.goal.currency;
    result.percentile = s.uncertainty.percentile;
    const auto n = static_cast<size_t>(samples.count);
    std::vector<double> runtimes(n), prices(n);
    sampleRuntimes(s, samples, runtimes, prices);
    result.runtimeSeconds = percentiles(runtimes);
    // Without a range on the price the cost is the runtime times a constant: its percentiles
    // are the runtime's, scaled.
    if (s.uncertainty.ranges.contains(QStringLiteral("goal.price_per_worker_hour"))) {
        std::vector<double> costs(n);
        for (size_t i = 0; i < n; ++i)
            costs[i] = s.workload.workers * runtimes[i] / 3600.0 * prices[i];
        result.cost = percentiles(std::move(costs));
    } else {
        const double perSecond = s.workload.workers / 3600.0 * s.goal.pricePerWorkerHour;
        result.cost = {result.runtimeSeconds.p10 * perSecond, result.runtimeSeconds.p50 * perSecond,
                       result.runtimeSeconds.p90 * perSecond};
    }
    if (s.goal.finishWithin) {
        result.deadlineSeconds = s.goal.deadlineSeconds;
        const auto meet = std::count_if(runtimes.begin(), runtimes.end(),
                                        [&s](double t) { return t <= s.goal.deadlineSeconds; });
        result.pMeetDeadline = static_cast<double>(meet) / static_cast<double>(n);
    }
    // Spearman's rho of each input with the runtime (the price moves the cost, not the runtime).
    const size_t ranked = std::min<size_t>(n, kSensitivitySamples);
    const std::vector<double> runtimeRanks = ranksOf(std::vector<double>(
        runtimes.begin(), runtimes.begin() + static_cast<std::ptrdiff_t>(ranked)));
    double total = 0;
    const std::vector<Input> all = inputs(s);
    for (size_t k = 0; k < samples.inputs.size(); ++k) {
        const Samples::Draws &d = samples.inputs[k];
        const auto in =
            std::find_if(all.begin(), all.end(), [&d](const Input &i) { return i.key == d.key; });
        if (in == all.end())
            continue;
        Driver driver;
        driver.key = d.key;
        driver.label = in->label;
        driver.unit = in->unit;
        driver.correlation = rankCorrelation(d.ranks, runtimeRanks, ranked);
        total += driver.correlation * driver.correlation;
        // The median that brings the chosen percentile to the deadline: bisection over the
        // field's bounds (log scale for positive numbers) on the first 2,000 samples.
        const std::optional<double> now = in->get(s, in->stage);
        if (s.goal.finishWithin && now && d.key != QLatin1String("goal.price_per_worker_hour")) {
            const size_t m = std::min<size_t>(n, 2000);
            std::vector<double> trial(m);
            const auto percentileAt = [&](double median) {
                sampleRuntimes(s, samples, trial, {}, static_cast<int>(k), median);
                return quantile(trial, s.uncertainty.percentile);
            };
            const double deadline = s.goal.deadlineSeconds;
            const bool log = in->support == Support::Positive && in->spec->min >= 0;
            double lo = in->support == Support::Fraction ? 1e-6 : std::max(in->spec->min, 1e-9);
            double hi = in->support == Support::Fraction ? 1 - 1e-9 : in->spec->max;
            const double atLo = percentileAt(lo), atHi = percentileAt(hi);
            const bool rising = atHi > atLo;
            const bool reachable = rising ? atLo <= deadline : atHi <= deadline;
            if (reachable && (rising ? atHi > deadline : atLo > deadline)) {
                for (int step = 0; step < 60; ++step) {
                    const double mid = log ? std::sqrt(lo * hi) : (lo + hi) / 2;
                    const bool meets = percentileAt(mid) <= deadline;
                    if (meets == rising)
                        lo = mid;
                    else
                        hi = mid;
                }
                driver.needed = rising ? lo : hi;
            } else if (reachable) {
                driver.needed = *now; // meets at every value the field takes
            }
        }
        result.drivers.push_back(driver);
    }
    for (Driver &driver : result.drivers)
        driver.varianceShare = total > 0 ? driver.correlation * driver.correlation / total : 0;
    std::stable_sort(
        result.drivers.begin(), result.drivers.end(),
        [](const Driver &a, const Driver &b) { return a.varianceShare > b.varianceShare; });
    return result;
}

} // namespace pipeplan::uncertainty
