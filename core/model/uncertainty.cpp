#include "core/model/uncertainty.h"

#include "core/base/cost.h"

#include "core/base/deadline.h"

#include "core/base/format.h"
#include "core/base/random.h"
#include "core/base/translate.h"
#include "core/hardware/device.h"
#include "core/hardware/roofline.h"
#include "core/model/amdahl.h"
#include "core/model/job.h"
#include "core/model/overheads.h"
#include "core/project/montecarlo.h"
#include "core/track/calibration.h"

#include <QRegularExpression>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <numeric>
#include <utility>

namespace pipeplan::uncertainty {

PIPEPLAN_TR_CONTEXT("pipeplan::uncertainty")

namespace {

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

/// A double's bits as an unsigned key in the same order (negative values inverted, the others
/// with the sign bit set; -0 ranks as 0); NaN does not occur here.
std::uint64_t orderedKey(double value)
{
    const auto bits = std::bit_cast<std::uint64_t>(value + 0.0);
    constexpr std::uint64_t kSign = std::uint64_t{1} << 63;
    return (bits & kSign) != 0 ? ~bits : bits | kSign;
}

std::vector<double> ranksOf(const std::vector<double> &values)
{
    // The 0-based rank of each value, ties in their order (a stable ranking): a least-
    // significant-digit radix sort of the values' keys with their places, a byte per pass, the
    // passes where every key has the same byte skipped. Several times faster than sorting the
    // pairs by comparison at the ranking's 10,000 samples, in the same order.
    const size_t n = values.size();
    std::vector<std::uint64_t> keys(n), keysNext(n);
    std::vector<std::uint32_t> places(n), placesNext(n);
    for (size_t i = 0; i < n; ++i) {
        keys[i] = orderedKey(values[i]);
        places[i] = static_cast<std::uint32_t>(i);
    }
    std::array<std::array<size_t, 256>, 8> counts{};
    for (const std::uint64_t key : keys)
        for (size_t pass = 0; pass < 8; ++pass)
            ++counts.at(pass).at((key >> (8 * pass)) & 0xFFU);
    for (size_t pass = 0; pass < 8; ++pass) {
        std::array<size_t, 256> &count = counts.at(pass);
        if (n == 0 || count.at((keys[0] >> (8 * pass)) & 0xFFU) == n)
            continue; // every key has this byte: the order stays
        size_t start = 0;
        for (size_t &c : count) {
            const size_t here = c;
            c = start;
            start += here;
        }
        for (size_t i = 0; i < n; ++i) {
            const size_t to = count.at((keys[i] >> (8 * pass)) & 0xFFU)++;
            keysNext[to] = keys[i];
            placesNext[to] = places[i];
        }
        keys.swap(keysNext);
        places.swap(placesNext);
    }
    std::vector<double> ranks(n);
    for (size_t i = 0; i < n; ++i)
        ranks[places[i]] = static_cast<double>(i);
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

std::optional<double> Input::get(const Scenario &scenario, int stageIndex) const
{
    return field ? field->inForceValue(scenario) : read(scenario, stageIndex);
}

void Input::set(Scenario &scenario, int stageIndex, double value) const
{
    if (field)
        field->set(scenario, value);
    else
        write(scenario, stageIndex, value);
}

Input inputOf(const fieldregistry::Field &field, const Scenario &scenario)
{
    Input in;
    in.key = QLatin1String(field.path);
    in.label = field.labelFor(scenario);
    in.unit = field.unitFor(scenario);
    in.support = field.support;
    in.spec = field.spec;
    in.field = &field;
    in.slot = field.slot.value_or(Slot::Users);
    return in;
}

QString stageKey(size_t index)
{
    return QStringLiteral("stages[%1].ms_per_user").arg(index);
}

std::vector<Input> inputs(const Scenario &s)
{
    std::vector<Input> list;
    for (const fieldregistry::Field &field : fieldregistry::fields()) {
        if (!field.rangeable)
            continue;
        list.push_back(inputOf(field, s));
        if (field.slot != Slot::Price)
            continue;
        // The device's price per hour replaces the workers' typed price with Hardware & cost
        // on; it is a number of the plan's devices, not of a row.
        Input device;
        device.key = kDevicePriceKey.toString();
        device.label = tr("Price per device-hour");
        device.unit = s.goal.currency + QStringLiteral("/device-h");
        device.spec = &fields::pricePerWorkerHour;
        device.read = [](const Scenario &sc, int) -> std::optional<double> {
            if (!sc.hardware.enabled || !sc.hardware.devicePrice)
                return std::nullopt;
            const auto found = hardware::findDevice(sc.hardware.device, sc.hardware.devices);
            return found ? std::optional<double>(found->pricePerHour) : std::nullopt;
        };
        device.write = [](Scenario &sc, int, double v) { setDevicePrice(sc.hardware, v); };
        device.slot = Slot::Price;
        list.push_back(device);
    }
    // A stage's own time: rows of a list, one per stage but the scoring one (whose time is the
    // workload's).
    for (size_t i = 0; i < s.stages.size(); ++i) {
        if (s.stages[i].isScoring)
            continue;
        Input stage;
        stage.key = stageKey(i);
        stage.label = tr("Stage %1 (%2)").arg(i + 1).arg(s.stages[i].name);
        stage.unit = QStringLiteral("ms");
        stage.spec = &fields::stageMs;
        stage.read = [](const Scenario &sc, int index) -> std::optional<double> {
            return sc.stages[static_cast<size_t>(index)].msPerUser;
        };
        stage.write = [](Scenario &sc, int index, double v) {
            sc.stages[static_cast<size_t>(index)].msPerUser = v;
        };
        stage.stage = static_cast<int>(i);
        stage.slot = Slot::Stage;
        list.push_back(stage);
    }
    return list;
}

namespace {
/// The input at `key` in a list inputs() built once (a loop over the ranges asks per range).
const Input *findInput(const std::vector<Input> &all, const QString &key)
{
    const auto found =
        std::find_if(all.begin(), all.end(), [&key](const Input &in) { return in.key == key; });
    return found == all.end() ? nullptr : &*found;
}
} // namespace

bool isLeverKey(const QString &key)
{
    static const QRegularExpression stage(QStringLiteral(R"(^stages\[\d+\]\.ms_per_user$)"));
    if (const fieldregistry::Field *field = fieldregistry::find(key))
        return field->lever;
    return stage.match(key).hasMatch();
}

std::optional<Input> input(const Scenario &scenario, const QString &key)
{
    const std::vector<Input> all = inputs(scenario);
    const Input *in = findInput(all, key);
    return in ? std::optional<Input>(*in) : std::nullopt;
}

namespace {
QString rangeProblem(const Input &in, const Range &range)
{
    const FieldSpec &spec = *in.spec;
    for (const double end : {range.low, range.high}) {
        if (auto error = checkField(spec, end, in.key))
            return tr("the range's end ") + error->message;
    }
    return {};
}
} // namespace

QString setRange(Scenario &scenario, const QString &key, const std::optional<Range> &range,
                 double number)
{
    const std::optional<Input> in = input(scenario, key);
    if (!in)
        return tr("takes no range (the numbers that do: the workload's, the stages' "
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
    if (after.uncertainty.ranges.empty())
        return;
    const std::vector<Input> nowInputs = inputs(after);
    const std::vector<Input> thenInputs = inputs(before);
    for (auto &[key, range] : after.uncertainty.ranges) {
        const auto was = before.uncertainty.ranges.find(key);
        if (was == before.uncertainty.ranges.end() || was->second != range)
            continue; // the range itself was edited: it sets the point
        const Input *in = findInput(nowInputs, key);
        const Input *old = findInput(thenInputs, key);
        if (!in || !old)
            continue;
        const std::optional<double> now = in->get(after, in->stage);
        const std::optional<double> then = old->get(before, old->stage);
        if (now && then && *now != *then)
            range = movedTo(range, in->support, *now);
    }
}

namespace {
/// Moves the stage ranges' keys: `to(i)` the new index of stage i, nullopt when it is gone.
void renumberStageRanges(Scenario &s, size_t stages,
                         const std::function<std::optional<size_t>(size_t)> &to)
{
    std::map<QString, Range> moved;
    for (size_t i = 0; i < stages; ++i) {
        const auto found = s.uncertainty.ranges.find(stageKey(i));
        if (found == s.uncertainty.ranges.end())
            continue;
        if (const std::optional<size_t> now = to(i))
            moved[stageKey(*now)] = found->second;
        s.uncertainty.ranges.erase(found);
    }
    s.uncertainty.ranges.insert(moved.begin(), moved.end());
}
} // namespace

void swapStages(Scenario &s, size_t a, size_t b)
{
    std::swap(s.stages[a], s.stages[b]);
    renumberStageRanges(s, s.stages.size(), [a, b](size_t i) -> std::optional<size_t> {
        return i == a ? b : i == b ? a : i;
    });
}

void removeStage(Scenario &s, size_t index)
{
    const size_t before = s.stages.size();
    s.stages.erase(s.stages.begin() + static_cast<std::ptrdiff_t>(index));
    renumberStageRanges(s, before, [index](size_t i) -> std::optional<size_t> {
        if (i == index)
            return std::nullopt;
        return i > index ? i - 1 : i;
    });
}

std::vector<FieldError> validate(const Scenario &scenario)
{
    std::vector<FieldError> errors;
    const std::vector<Input> all = inputs(scenario);
    for (const auto &[key, range] : scenario.uncertainty.ranges) {
        const QString field = QStringLiteral("uncertainty.ranges.") + key;
        const Input *in = findInput(all, key);
        if (!in) {
            errors.push_back({field, tr("is not a number that takes a range")});
            continue;
        }
        const bool ordered =
            range.kind == Range::Kind::Interval
                ? range.low < range.high
                : range.low <= range.mode && range.mode <= range.high && range.low < range.high;
        if (!ordered) {
            errors.push_back({field, tr("must run from low to high")});
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
        errors.push_back({QStringLiteral("uncertainty.samples"), tr("must be at most 1,000,000")});
    if (!(scenario.uncertainty.percentile > 0 && scenario.uncertainty.percentile < 1))
        errors.push_back({QStringLiteral("uncertainty.percentile"), tr("must be between 0 and 1")});
    return errors;
}

std::shared_ptr<const Samples> draw(const Scenario &scenario,
                                    std::shared_ptr<const Samples> previous)
{
    const UncertaintySettings &u = scenario.uncertainty;
    const int count = static_cast<int>(u.samples);
    // The shapes the ranges have now: reuse the draws when nothing but a median moved.
    std::vector<Samples::Draws> wanted;
    const std::vector<Input> all = inputs(scenario);
    for (const auto &[key, range] : u.ranges) {
        const Input *in = findInput(all, key);
        if (!in)
            continue;
        Samples::Draws d;
        d.key = key;
        d.support = in->support;
        d.spread = spreadOf(range, in->support);
        d.shape = movedTo(range, in->support, unitMedian(d.spread));
        wanted.push_back(std::move(d));
    }
    const track::Calibration &calibration = scenario.track.calibration;
    if (scenario.track.inForce()) {
        // The shape says what was drawn: the predictive's 10-90 % around median 1 and its
        // degrees of freedom (so a new calibration draws anew).
        Samples::Draws d;
        d.key = QString(kCalibrationKey);
        d.spread = Spread::Ratio;
        d.shape =
            Range{Range::Kind::Interval, calibration.ratioP10 / calibration.medianRatio,
                  calibration.degreesOfFreedom(), calibration.ratioP90 / calibration.medianRatio};
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
        const bool ratio = d.key == kCalibrationKey;
        const double scale = calibration.predictiveScale();
        const double dof = calibration.degreesOfFreedom();
        d.draws.resize(static_cast<size_t>(count));
        for (int i = 0; i < count; ++i) {
            // Stratified: one uniform per 1/count slice, shuffled below; the percentiles then
            // converge faster than plain Monte Carlo.
            const double uniform = (i + rng.uniform()) / count;
            const double clamped = std::clamp(uniform, 1e-12, 1 - 1e-12);
            if (ratio) {
                d.draws[static_cast<size_t>(i)] =
                    std::exp(scale * track::studentQuantile(clamped, dof));
                continue;
            }
            const double z = normalQuantile(clamped);
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

namespace {
/// A ranged number's value in each of the first n samples, its range moved to `median`.
void rangedValues(const Samples::Draws &d, double median, size_t n, std::vector<double> &values)
{
    values.resize(n);
    switch (d.spread) {
    case Spread::Ratio:
        for (size_t i = 0; i < n; ++i)
            values[i] = median * d.draws[i];
        break;
    case Spread::Offset:
        for (size_t i = 0; i < n; ++i)
            values[i] = median + d.draws[i];
        break;
    case Spread::Logit: {
        // logistic(logit(m) + d) = 1 / (1 + (1 - m) / m x e^-d), e^-d drawn once.
        const double odds = median > 0 ? (1 - median) / median : 1e300;
        for (size_t i = 0; i < n; ++i)
            values[i] = 1 / (1 + odds * d.expNegative[i]);
        break;
    }
    }
}

/// The median a ranged number's samples are drawn around: its point value, which the slider and
/// the levers move and the samples follow. A count's point value is its range's median rounded
/// (setRange), a whole number only for the field to show: its samples stay around the range's
/// own median, so that the distribution is the range typed (10..30 predictions is 17.32 at the
/// median, not 17).
double drawnMedian(const Input &in, const Range &range, double point)
{
    if (!in.spec->wholeNumber)
        return point;
    const double median = rangeMedian(range, in.support);
    return std::round(median) == point ? median : point;
}

/// The draws of the calibrated ratio, when the samples hold them.
const Samples::Draws *calibrationDraws(const Samples &samples)
{
    for (const Samples::Draws &d : samples.inputs)
        if (d.key == kCalibrationKey)
            return &d;
    return nullptr;
}

/// Each sample's work, cold start and cap times its calibrated ratio: the whole runtime
/// cold + max(work / S, cap) scales by it, at every worker count.
void calibrate(const Scenario &s, const Samples &samples, SampledJobs &jobs)
{
    const Samples::Draws *ratio = calibrationDraws(samples);
    if (!ratio || !s.track.inForce())
        return;
    const double median = s.track.calibration.medianRatio;
    std::vector<SampledJobs::Part *> parts{&jobs.workSeconds};
    if (jobs.overheads) {
        parts.push_back(&jobs.coldStartSeconds);
        parts.push_back(&jobs.capSeconds);
    }
    for (SampledJobs::Part *part : parts) {
        if (part->values.empty())
            part->values.assign(jobs.count, part->constant);
        for (size_t i = 0; i < jobs.count; ++i)
            part->values[i] *= median * ratio->draws[i];
    }
}

/// sampleJobs with the scenario's inputs() given (the sensitivity's search asks dozens of times).
SampledJobs sampleJobsOf(const Scenario &s, const std::vector<Input> &all, const Samples &samples,
                         size_t count, int overrideInput, double overrideMedian)
{
    const Workload &w = s.workload;
    const Overheads &o = s.overheads;
    const size_t n = count == 0 ? static_cast<size_t>(samples.count)
                                : std::min(count, static_cast<size_t>(samples.count));
    // The point values; a ranged number's samples replace its point value below.
    const size_t stages = s.stages.size();
    std::vector<double> point(static_cast<size_t>(Slot::Stage) + stages, 0.0);
    const auto at = [&point](Slot slot) -> double & { return point[static_cast<size_t>(slot)]; };
    at(Slot::Users) = w.users;
    at(Slot::Keep) = w.keepFraction;
    at(Slot::Predictions) = w.predictionsPerUser;
    at(Slot::Latency) = w.acceleratorLatencyMs.value_or(w.latencyMs);
    at(Slot::BatchMs) = w.batchMsPerUser.value_or(0);
    at(Slot::Parallel) = w.parallelFraction;
    at(Slot::ColdStart) = o.coldStartSeconds.value_or(0);
    at(Slot::RequestOverhead) = o.requestOverheadMs.value_or(0);
    at(Slot::SharedCap) = o.sharedCapPerSecond.value_or(0);
    at(Slot::DispatchCap) = o.dispatchCapPerSecond.value_or(0);
    at(Slot::Price) = s.goal.pricePerWorkerHour;
    at(Slot::ComputeEfficiency) = s.hardware.efficiency.compute;
    at(Slot::MemoryEfficiency) = s.hardware.efficiency.memory;
    for (size_t i = 0; i < stages; ++i)
        point[static_cast<size_t>(Slot::Stage) + i] = s.stages[i].msPerUser;

    // Each ranged number's values for every sample, around its median now.
    std::vector<std::vector<double>> ranged(point.size());
    for (size_t k = 0; k < samples.inputs.size(); ++k) {
        const Samples::Draws &d = samples.inputs[k];
        const auto range = s.uncertainty.ranges.find(d.key);
        if (range == s.uncertainty.ranges.end())
            continue; // not a range of this scenario (a lever step without it)
        const Input *in = findInput(all, d.key);
        if (!in || !in->get(s, in->stage))
            continue; // not in force: a lever off, an overhead not set
        const size_t slot = static_cast<size_t>(in->slot) +
                            (in->slot == Slot::Stage ? static_cast<size_t>(in->stage) : 0);
        const double median = static_cast<int>(k) == overrideInput
                                  ? overrideMedian
                                  : drawnMedian(*in, range->second, point[slot]);
        rangedValues(d, median, n, ranged[slot]);
    }
    // The device's efficiencies reach the job through the roofline: each sample's latency per
    // item at its efficiencies, where the device's latency is in force (the accelerator lever
    // set by scenarioInForce; a lever step without it keeps the typed latency).
    std::vector<double> &computeDraws = ranged[static_cast<size_t>(Slot::ComputeEfficiency)];
    std::vector<double> &memoryDraws = ranged[static_cast<size_t>(Slot::MemoryEfficiency)];
    if ((!computeDraws.empty() || !memoryDraws.empty()) && s.hardware.enabled &&
        w.acceleratorLatencyMs) {
        const auto device = hardware::findDevice(s.hardware.device, s.hardware.devices);
        const double fits = device ? hardware::maxBatch(s.hardware.model, *device) : 0;
        if (device && fits >= 1) {
            const double batch = std::min(s.hardware.batch, fits);
            std::vector<double> &latency = ranged[static_cast<size_t>(Slot::Latency)];
            latency.resize(n);
            for (size_t i = 0; i < n; ++i) {
                const hardware::Efficiency e{
                    computeDraws.empty() ? at(Slot::ComputeEfficiency) : computeDraws[i],
                    memoryDraws.empty() ? at(Slot::MemoryEfficiency) : memoryDraws[i]};
                latency[i] =
                    hardware::secondsPerBatch(s.hardware.model, *device, e, batch) / batch * 1000;
            }
        }
    }
    computeDraws.clear();
    memoryDraws.clear();
    const auto part = [&](Slot slot) {
        SampledJobs::Part p;
        p.constant = at(slot);
        p.values = ranged[static_cast<size_t>(slot)];
        return p;
    };

    SampledJobs jobs;
    jobs.count = n;
    jobs.overheads = o.any();
    jobs.parallelFraction = part(Slot::Parallel);
    jobs.coldStartSeconds = part(Slot::ColdStart);
    jobs.pricePerWorkerHour = part(Slot::Price);
    // The work and the caps of one sample, from its numbers, by the job's model (job::work, the
    // function evaluate() calls for the plan): only the numbers come from the sample.
    std::vector<double> v = point;
    job::Numbers numbers;
    numbers.batched = w.batchMsPerUser.has_value();
    numbers.sequential = s.execution == Execution::Sequential;
    numbers.usersPerShard = o.usersPerShard;
    const auto jobOf = [&](double &work, double &cap) {
        const auto val = [&v](Slot slot) { return v[static_cast<size_t>(slot)]; };
        numbers.users = val(Slot::Users);
        numbers.keepFraction = val(Slot::Keep);
        numbers.predictionsPerUser = val(Slot::Predictions);
        numbers.latencyMs = val(Slot::Latency);
        numbers.batchMsPerUser = val(Slot::BatchMs);
        if (jobs.overheads) {
            numbers.requestOverheadMs = val(Slot::RequestOverhead);
            numbers.sharedCapPerSecond = val(Slot::SharedCap);
            numbers.dispatchCapPerSecond = val(Slot::DispatchCap);
        }
        const job::Work one = job::work(
            numbers, stages, [&v](size_t k) { return v[static_cast<size_t>(Slot::Stage) + k]; },
            [&s](size_t k) { return s.stages[k].isScoring; });
        work = one.workSeconds;
        cap = jobs.overheads ? one.capSeconds() : 0;
    };
    // Only the parallel fraction, the cold start and the price leave the work and caps alone.
    std::vector<size_t> moving;
    for (size_t slot = 0; slot < ranged.size(); ++slot) {
        const auto kind = static_cast<Slot>(std::min(slot, static_cast<size_t>(Slot::Stage)));
        if (!ranged[slot].empty() && kind != Slot::Parallel && kind != Slot::ColdStart &&
            kind != Slot::Price && kind != Slot::ComputeEfficiency &&
            kind != Slot::MemoryEfficiency)
            moving.push_back(slot);
    }
    jobOf(jobs.workSeconds.constant, jobs.capSeconds.constant);
    if (!moving.empty()) {
        jobs.workSeconds.values.resize(n);
        jobs.capSeconds.values.resize(n);
        for (size_t i = 0; i < n; ++i) {
            for (const size_t slot : moving)
                v[slot] = ranged[slot][i];
            jobOf(jobs.workSeconds.values[i], jobs.capSeconds.values[i]);
        }
    }
    calibrate(s, samples, jobs);
    return jobs;
}

} // namespace

SampledJobs sampleJobs(const Scenario &s, const Samples &samples, size_t count, int overrideInput,
                       double overrideMedian)
{
    return sampleJobsOf(s, inputs(s), samples, count, overrideInput, overrideMedian);
}

namespace {
/// runtimesAt's loop for one combination of the parts that vary by sample (the others are one
/// constant), so that each combination compiles to a loop without branches that vectorizes.
/// The runtime of each sample is job::runtimeSeconds, evaluate()'s own formula, with 1/N
/// computed once per call.
template <bool kWork, bool kParallel, bool kOverheads, bool kCold, bool kCap>
void runtimesKernel(const SampledJobs &jobs, double workers, double *out, size_t n)
{
    const double *work = jobs.workSeconds.values.data();
    const double *parallel = jobs.parallelFraction.values.data();
    const double *cold = jobs.coldStartSeconds.values.data();
    const double *cap = jobs.capSeconds.values.data();
    const double workConstant = jobs.workSeconds.constant;
    const double parallelConstant = jobs.parallelFraction.constant;
    const double coldConstant = jobs.coldStartSeconds.constant;
    const double capConstant = jobs.capSeconds.constant;
    const double perWorker = 1.0 / workers;
    for (size_t i = 0; i < n; ++i) {
        const double p = kParallel ? parallel[i] : parallelConstant;
        const double workSeconds = kWork ? work[i] : workConstant;
        if constexpr (kOverheads)
            out[i] = job::runtimeSeconds(workSeconds, p, perWorker, kCold ? cold[i] : coldConstant,
                                         kCap ? cap[i] : capConstant);
        else
            out[i] = job::computeSeconds(workSeconds, p, perWorker);
    }
}

using RuntimesKernel = void (*)(const SampledJobs &, double, double *, size_t);

template <size_t kBits> constexpr RuntimesKernel runtimesKernelFor()
{
    return &runtimesKernel<(kBits & 1U) != 0, (kBits & 2U) != 0, (kBits & 4U) != 0,
                           (kBits & 8U) != 0, (kBits & 16U) != 0>;
}

template <size_t... kBits>
constexpr std::array<RuntimesKernel, sizeof...(kBits)>
runtimesKernels(std::index_sequence<kBits...> /*bits*/)
{
    return {runtimesKernelFor<kBits>()...};
}

constexpr auto kRuntimesKernels = runtimesKernels(std::make_index_sequence<32>{});
} // namespace

void runtimesAt(const SampledJobs &jobs, double workers, std::span<double> runtimes)
{
    const size_t n = std::min(runtimes.size(), jobs.count);
    const size_t bits = (jobs.workSeconds.values.empty() ? 0U : 1U) |
                        (jobs.parallelFraction.values.empty() ? 0U : 2U) |
                        (jobs.overheads ? 4U : 0U) |
                        (jobs.coldStartSeconds.values.empty() ? 0U : 8U) |
                        (jobs.capSeconds.values.empty() ? 0U : 16U);
    kRuntimesKernels.at(bits)(jobs, workers, runtimes.data(), n);
}

void sampleRuntimes(const Scenario &s, const Samples &samples, std::span<double> runtimes,
                    std::span<double> prices)
{
    const SampledJobs jobs = sampleJobs(s, samples, runtimes.size());
    runtimesAt(jobs, s.workload.workers, runtimes);
    for (size_t i = 0; i < std::min(prices.size(), jobs.count); ++i)
        prices[i] = jobs.pricePerWorkerHour.at(i);
}

namespace {
/// std::nth_element's contract over [first, last) with the k-th smallest put at `nth`:
/// quickselect with a median-of-three pivot and a partition without branches (Lomuto's, every
/// element swapped and the boundary advanced by the comparison), about twice as fast on values
/// in random order, where a branch per element mispredicts half the time. After 64 rounds (bad
/// pivots) it hands over to std::nth_element, which guarantees its linear time.
void selectNth(double *first, double *nth, double *last)
{
    for (int round = 0; last - first > 16; ++round) {
        if (round == 64) {
            std::nth_element(first, nth, last);
            return;
        }
        double *middle = first + (last - first) / 2;
        double *back = last - 1;
        // The median of the first, middle and last values, moved to the back as the pivot.
        if (*middle < *first)
            std::swap(*middle, *first);
        if (*back < *first)
            std::swap(*back, *first);
        if (*middle < *back)
            std::swap(*middle, *back);
        const double pivot = *back;
        double *boundary = first;
        for (double *it = first; it != back; ++it) {
            const double value = *it;
            const bool smaller = value < pivot;
            *it = *boundary;
            *boundary = value;
            boundary += static_cast<std::ptrdiff_t>(smaller);
        }
        std::swap(*boundary, *back);
        if (nth == boundary)
            return;
        if (nth < boundary) {
            last = boundary;
            continue;
        }
        // Ties with the pivot (a plateau of equal runtimes, a tail at infinity) would leave
        // the part above it nearly whole: they are split off in a second pass.
        double *above = boundary + 1;
        for (double *it = boundary + 1; it != last; ++it) {
            const double value = *it;
            const bool equal = !(pivot < value);
            *it = *above;
            *above = value;
            above += static_cast<std::ptrdiff_t>(equal);
        }
        if (nth < above)
            return; // equal to the pivot
        first = above;
    }
    std::nth_element(first, nth, last);
}

/// The k-th and (k+1)-th smallest of `values` (the second clamped to the last), by a full
/// selection: `values` reordered.
std::pair<double, double> orderPairBySelection(std::span<double> values, size_t k)
{
    const auto begin = values.begin();
    selectNth(values.data(), values.data() + k, values.data() + values.size());
    const double at = values[k];
    const double next =
        k + 1 < values.size()
            ? *std::min_element(begin + static_cast<std::ptrdiff_t>(k) + 1, values.end())
            : at;
    return {at, next};
}

/// The pairs at several ranks by nested selections: the middle rank splits `values`, the ranks
/// below it are selected among the values below, those above among the values above (P10, P50
/// and P90 of a thousand values read about 2n values instead of 3n). `[from, to)` is the part
/// still unordered; the value at `to` (when inside) is already the to-th smallest.
void orderPairsNested(std::span<double> values, std::span<const size_t> order,
                      const std::vector<size_t> &ranks, size_t from, size_t to,
                      std::vector<std::pair<double, double>> &pairs)
{
    if (order.empty())
        return;
    const size_t middle = order.size() / 2;
    const size_t t = order[middle];
    const size_t k = ranks[t];
    const auto at = [&values](size_t i) { return values.begin() + static_cast<std::ptrdiff_t>(i); };
    selectNth(values.data() + from, values.data() + k, values.data() + to);
    double next = values[k];
    if (k + 1 < to)
        next = *std::min_element(at(k + 1), at(to));
    else if (k + 1 < values.size())
        next = values[k + 1];
    pairs[t] = {values[k], next};
    // Equal ranks share the pair; the others split at k.
    size_t low = middle, high = middle + 1;
    while (low > 0 && ranks[order[low - 1]] == k)
        pairs[order[--low]] = pairs[t];
    while (high < order.size() && ranks[order[high]] == k)
        pairs[order[high++]] = pairs[t];
    orderPairsNested(values, order.first(low), ranks, from, k, pairs);
    orderPairsNested(values, order.subspan(high), ranks, k + 1, to, pairs);
}

std::vector<std::pair<double, double>> orderPairsBySelection(std::span<double> values,
                                                             const std::vector<size_t> &ranks)
{
    std::vector<size_t> order(ranks.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::sort(order.begin(), order.end(),
              [&ranks](size_t a, size_t b) { return ranks[a] < ranks[b]; });
    std::vector<std::pair<double, double>> pairs(ranks.size());
    orderPairsNested(values, order, ranks, 0, values.size(), pairs);
    return pairs;
}

/// The order-statistic pairs at the ranks `ranks` (each k and k+1) of `values`, exactly, in one
/// pass: a strided sample of the values (they come in random order) brackets each rank; the
/// values inside a bracket are kept and selected among, those below only counted (the idea of
/// Floyd and Rivest's selection). A bracket that misses its rank falls back to a full selection.
std::vector<std::pair<double, double>> orderPairs(std::span<double> values,
                                                  const std::vector<size_t> &ranks)
{
    const size_t n = values.size();
    std::vector<std::pair<double, double>> pairs(ranks.size());
    constexpr size_t kSample = 256;
    if (n < 8 * kSample)
        return orderPairsBySelection(values, ranks);
    // The sample grows with n (an eighth of it, up to 2,048): the brackets narrow as its
    // square root, so fewer values are kept and selected among.
    const size_t m = std::clamp<size_t>(n / 8, kSample, 8 * kSample);
    thread_local std::vector<double> sample;
    sample.resize(m);
    for (size_t j = 0; j < m; ++j)
        sample[j] = values[j * n / m];
    struct Bracket
    {
        double low = 0;
        double high = 0;
        size_t below = 0;
        size_t inside = 0;
        double *kept = nullptr; ///< the values inside, in the scratch buffer
    };
    std::vector<Bracket> brackets(ranks.size());
    // Each bracket may keep up to all n values; the buffer is reused between calls.
    thread_local std::vector<double> scratch;
    scratch.resize(std::max(scratch.size(), ranks.size() * n));
    constexpr double kInfinity = std::numeric_limits<double>::infinity();
    // Each bracket's ends: the sample's order statistics three standard deviations of the
    // sample's rank either side (a miss, about one call in three hundred, falls back to the
    // full selection below), selected rather than sorted; past the sample's ends, unbounded.
    std::vector<size_t> ends;
    std::vector<std::pair<bool, bool>> bounded(ranks.size());
    const auto sampleRank = [m](double position) {
        return position <= 0 ? size_t{0} : std::min(m - 1, static_cast<size_t>(position));
    };
    for (size_t t = 0; t < ranks.size(); ++t) {
        const double r = static_cast<double>(ranks[t]) / static_cast<double>(n - 1);
        const double at = r * static_cast<double>(m - 1);
        const double margin = 3 * std::sqrt(static_cast<double>(m) * r * (1 - r)) + 2;
        const double lo = std::floor(at - margin);
        const double hi = std::ceil(at + margin);
        bounded[t] = {lo > 0, hi < static_cast<double>(m - 1)};
        ends.push_back(sampleRank(lo));
        ends.push_back(sampleRank(hi));
    }
    const std::vector<std::pair<double, double>> endValues = orderPairsBySelection(sample, ends);
    for (size_t t = 0; t < ranks.size(); ++t) {
        Bracket &b = brackets[t];
        b.low = -kInfinity;
        if (bounded[t].first)
            b.low = endValues[2 * t].first;
        b.high = kInfinity;
        if (bounded[t].second)
            b.high = endValues[2 * t + 1].first;
        b.kept = scratch.data() + t * n;
    }
    // Branch-free: a value is written to every bracket and kept where it falls inside (the
    // values are in random order, so a branch per bracket would mispredict half the time).
    for (const double v : values) {
        for (Bracket &b : brackets) {
            b.kept[b.inside] = v;
            b.inside += static_cast<size_t>((v >= b.low) & (v <= b.high));
            b.below += static_cast<size_t>(v < b.low);
        }
    }
    for (size_t t = 0; t < ranks.size(); ++t) {
        Bracket &b = brackets[t];
        const size_t k = ranks[t];
        const size_t last = std::min(k + 1, n - 1); // the highest rank the pair reads
        if (b.below > k || b.below + b.inside <= last) {
            pairs[t] = orderPairBySelection(values, k);
            continue;
        }
        pairs[t] = orderPairBySelection(std::span<double>(b.kept, b.inside), k - b.below);
        // The next value past the bracket's top is above it: the pair's second is inside.
    }
    return pairs;
}

/// Between the pair `at` <= `next` at `fraction` of the way, never past `next` (the rounding of
/// at + f (next - at) can pass it by an ulp). Equal neighbours (ties, or a tail at infinity)
/// need no interpolation: inf - inf.
double interpolated(double at, double next, double fraction)
{
    return next == at ? at : std::min(next, at + fraction * (next - at));
}

/// Linear between the order statistics either side of each q (numpy's default).
std::vector<double> quantiles(std::span<double> values, std::initializer_list<double> qs)
{
    if (values.empty())
        return std::vector<double>(qs.size(), 0.0);
    const double last = static_cast<double>(values.size() - 1);
    std::vector<size_t> ranks;
    for (const double q : qs)
        ranks.push_back(static_cast<size_t>(q * last));
    const std::vector<std::pair<double, double>> pairs = orderPairs(values, ranks);
    std::vector<double> result;
    size_t t = 0;
    for (const double q : qs) {
        const auto [at, next] = pairs[t];
        result.push_back(interpolated(at, next, q * last - static_cast<double>(ranks[t])));
        ++t;
    }
    return result;
}
} // namespace

double quantile(std::span<double> values, double q)
{
    return quantiles(values, {q}).front();
}

bool quantileAtMost(std::span<const double> values, double q, double limit)
{
    // The count at or below the limit places it among the order statistics; only when it falls
    // between the pair q reads are the pair's values needed (the largest at or below, the
    // smallest above). The goal seek asks this at every step.
    if (values.empty())
        return 0.0 <= limit;
    const double last = static_cast<double>(values.size() - 1);
    const auto k = static_cast<size_t>(q * last);
    size_t atOrBelow = 0;
    double highestBelow = -std::numeric_limits<double>::infinity();
    double lowestAbove = std::numeric_limits<double>::infinity();
    for (const double v : values) {
        const bool below = v <= limit;
        atOrBelow += static_cast<size_t>(below);
        highestBelow = below ? std::max(highestBelow, v) : highestBelow;
        lowestAbove = below ? lowestAbove : std::min(lowestAbove, v);
    }
    const size_t next = std::min(k + 1, values.size() - 1);
    if (atOrBelow <= k)
        return false; // the k-th value is above the limit, and the quantile is at least it
    if (atOrBelow > next)
        return true; // the pair is at or below, and the quantile between them
    return interpolated(highestBelow, lowestAbove, q * last - static_cast<double>(k)) <= limit;
}

Percentiles percentiles(std::vector<double> values)
{
    const std::vector<double> q = quantiles(values, {0.1, 0.5, 0.9});
    return {q[0], q[1], q[2]};
}

QString valueText(const Input &in, double value)
{
    QString text;
    if (in.spec->wholeNumber)
        text = format::grouped(std::round(value), 0);
    else if (in.support == Support::Fraction)
        text = format::trimmed(value, 4);
    else {
        const double magnitude = std::abs(value);
        const int decimals = magnitude >= 1000 ? 0 : magnitude >= 100 ? 1 : magnitude >= 10 ? 2 : 3;
        // Trailing zeros say nothing: "12.50" reads "12.5".
        text = format::trimmed(value, decimals);
    }
    return in.unit.isEmpty() ? text : text + QLatin1Char(' ') + in.unit;
}

Percentiles runtimePercentiles(const SampledJobs &jobs, double workers)
{
    std::vector<double> runtimes(jobs.count);
    runtimesAt(jobs, workers, runtimes);
    return percentiles(std::move(runtimes));
}

Fan fan(const SampledJobs &jobs, double maxWorkers)
{
    Fan f;
    if (jobs.count == 0)
        return f;
    std::vector<double> runtimes(std::min(jobs.count, kFanSamples));
    for (int i = 0; i < kFanPoints; ++i) {
        const double workers = std::pow(maxWorkers, i / double(kFanPoints - 1));
        runtimesAt(jobs, workers, runtimes);
        const Percentiles p = percentiles(runtimes);
        f.workers.push_back(workers);
        f.p10Seconds.push_back(p.p10);
        f.p50Seconds.push_back(p.p50);
        f.p90Seconds.push_back(p.p90);
    }
    return f;
}

std::optional<double> fewestWorkers(const SampledJobs &jobs, double deadlineSeconds, double q,
                                    double maxWorkers)
{
    const size_t n = jobs.count;
    if (n == 0)
        return std::nullopt;
    std::vector<double> runtimes(n);
    const auto meets = [&](double workers) {
        runtimesAt(jobs, workers, runtimes);
        return quantileAtMost(runtimes, q, deadline::latestMeeting(deadlineSeconds));
    };
    // Each sample's own fewest workers: cold + max(w (1 - p) + w p / N, cap) <= D.
    std::vector<double> own(n);
    for (size_t i = 0; i < n; ++i) {
        const double w = jobs.workSeconds.at(i);
        const double p = jobs.parallelFraction.at(i);
        const double left = deadlineSeconds - (jobs.overheads ? jobs.coldStartSeconds.at(i) : 0.0);
        const double serial = w * (1 - p);
        if ((jobs.overheads && jobs.capSeconds.at(i) > left) || serial >= left)
            own[i] = std::numeric_limits<double>::infinity();
        else
            own[i] = std::max(1.0, w * p / (left - serial));
    }
    // The q-quantile meets the deadline once the samples around its position do: between
    // the own counts of the order statistics either side of it.
    const auto below = static_cast<size_t>(q * static_cast<double>(n - 1));
    const auto [low, high] = orderPairs(own, {below}).front();
    if (!std::isfinite(low) || low > maxWorkers)
        return std::nullopt;
    double lo = std::max(1.0, std::floor(low) - 1);
    double hi = std::min(maxWorkers, std::isfinite(high) ? std::ceil(high) + 1 : maxWorkers);
    if (meets(lo))
        return lo;
    if (!meets(hi))
        return std::nullopt;
    // Bisection over whole counts: the percentile itself decides (rounding included).
    while (hi - lo > 1) {
        const double mid = std::floor((lo + hi) / 2);
        if (meets(mid))
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

namespace {
enum class Scale
{
    Linear,
    Log,
    Logit,
};

/// Where g (monotone in x: the log of a percentile over the deadline) crosses zero in [lo, hi],
/// searched from `now`: a secant step past the crossing (then doubling steps) brackets it, then
/// false position (the Illinois variant) closes in to a few parts per million of x. Returns the
/// side that meets (g <= 0); `now` when every value toward the crossing meets; nothing when none
/// does. About seven evaluations where bisecting the field's whole span took twenty-six.
std::optional<double> crossing(const std::function<double(double)> &g, double now, double lo,
                               double hi, Scale scale)
{
    const auto toT = [scale](double x) {
        return scale == Scale::Log     ? std::log(x)
               : scale == Scale::Logit ? std::log(x / (1 - x))
                                       : x;
    };
    const auto fromT = [scale](double t) {
        return scale == Scale::Log     ? std::exp(t)
               : scale == Scale::Logit ? 1 / (1 + std::exp(-t))
                                       : t;
    };
    const double tLo = toT(lo), tHi = toT(hi);
    const double t0 = toT(std::clamp(now, lo, hi));
    const double h = scale == Scale::Log     ? std::log(2.0)
                     : scale == Scale::Logit ? 0.5
                                             : std::max(std::abs(now), 1.0) * 0.5;
    const double g0 = g(fromT(t0));
    // Which way g runs: one step up (down at the top of the field).
    double tp = std::min(t0 + h, tHi);
    if (tp <= t0)
        tp = t0 - h;
    const double gp = g(fromT(tp));
    if (gp == g0)
        return g0 <= 0 ? std::optional<double>(now) : std::nullopt; // flat: no crossing here
    const bool rising = (gp - g0) * (tp - t0) > 0;
    const double direction = (g0 > 0) == rising ? -1 : 1;
    double tA = t0, gA = g0;
    // The first step: the secant through the two probes, a tenth past it, so that a g close
    // to linear in t (the caller's log ratio) is bracketed at once; then doubling.
    const double secant =
        std::isfinite(g0) && std::isfinite(gp) ? std::abs(g0 * (tp - t0) / (gp - g0)) * 1.1 : h;
    double step = std::isfinite(secant) && secant > 0 ? std::max(secant, 1e-3 * h) : h;
    double tB = std::clamp(tA + direction * step, tLo, tHi);
    double gB = g(fromT(tB));
    while ((gB <= 0) == (gA <= 0)) {
        if (tB == tLo || tB == tHi)
            return g0 <= 0 ? std::optional<double>(now) : std::nullopt;
        tA = tB;
        gA = gB;
        step *= 2;
        tB = std::clamp(tA + direction * step, tLo, tHi);
        gB = g(fromT(tB));
    }
    // False position between the bracket's ends, halving the stale end's value (Illinois) so
    // neither end sticks; the flags keep which end meets.
    const bool aMeets = gA <= 0;
    double fA = gA, fB = gB;
    int stale = 0;
    const double tolerance = scale == Scale::Linear ? 1e-6 * std::max(std::abs(now), 1.0) : 1e-6;
    for (int i = 0; i < 60 && std::abs(tB - tA) > tolerance; ++i) {
        double t = fB != fA ? (tA * fB - tB * fA) / (fB - fA) : (tA + tB) / 2;
        if (!(t > std::min(tA, tB) && t < std::max(tA, tB)))
            t = (tA + tB) / 2;
        const double gt = g(fromT(t));
        if ((gt <= 0) == aMeets) {
            tA = t;
            fA = gt;
            if (stale == 1)
                fB /= 2;
            stale = 1;
        } else {
            tB = t;
            fB = gt;
            if (stale == 2)
                fA /= 2;
            stale = 2;
        }
    }
    return fromT(aMeets ? tA : tB);
}
} // namespace

bool rangeInForce(const Scenario &inForce, const QString &key)
{
    if (key == kCalibrationKey)
        return true;
    const std::vector<Input> all = inputs(inForce);
    const Input *in = findInput(all, key);
    return in && in->get(inForce, in->stage).has_value();
}

bool anyInForce(const Scenario &inForce, const Samples &samples)
{
    return std::any_of(
        samples.inputs.begin(), samples.inputs.end(),
        [&inForce](const Samples::Draws &d) { return rangeInForce(inForce, d.key); });
}

Result evaluate(const Scenario &s, const Samples &samples, const SampledJobs *given)
{
    Result result;
    // Ranges that all sit on numbers not in force draw no spread: one runtime, as without them.
    result.active = anyInForce(s, samples);
    if (!result.active)
        return result;
    result.samples = samples.count;
    result.seed = samples.seed;
    result.currency = s.goal.currency;
    result.percentile = s.uncertainty.percentile;
    const auto n = static_cast<size_t>(samples.count);
    const SampledJobs own = given ? SampledJobs{} : sampleJobs(s, samples);
    const SampledJobs &jobs = given ? *given : own;
    std::vector<double> runtimes(n);
    runtimesAt(jobs, s.workload.workers, runtimes);
    result.runtimeSeconds = percentiles(runtimes);
    result.calibrated = calibrationDraws(samples) && s.track.inForce();
    const auto hoursOf = [&s](double seconds) { return s.workload.workers * seconds / 3600.0; };
    result.workerHours = {hoursOf(result.runtimeSeconds.p10), hoursOf(result.runtimeSeconds.p50),
                          hoursOf(result.runtimeSeconds.p90)};
    // Each sample's cost, kept when a budget is judged on the same samples as the deadline.
    std::vector<double> costs;
    if (!jobs.pricePerWorkerHour.values.empty() || s.goal.budget) {
        costs.resize(n);
        for (size_t i = 0; i < n; ++i)
            costs[i] = cost::ofJob(s.workload.workers, runtimes[i], jobs.pricePerWorkerHour.at(i));
    }
    if (s.goal.budget) {
        const double budget = *s.goal.budget;
        result.budget = budget;
        const auto within =
            std::count_if(costs.begin(), costs.end(), [budget](double c) { return c <= budget; });
        result.pMeetBudget = static_cast<double>(within) / static_cast<double>(n);
        if (s.goal.deadlineSeconds) {
            const double deadlineSeconds = *s.goal.deadlineSeconds;
            size_t both = 0;
            for (size_t i = 0; i < n; ++i)
                both += costs[i] <= budget && deadline::meets(runtimes[i], deadlineSeconds) ? 1 : 0;
            result.pMeetBoth = static_cast<double>(both) / static_cast<double>(n);
        }
    }
    // Without a range on the price the cost is the runtime times a constant: its percentiles
    // are the runtime's, scaled.
    if (!jobs.pricePerWorkerHour.values.empty()) {
        result.cost = percentiles(std::move(costs));
    } else {
        const auto at = [&s](double seconds) {
            return cost::ofJob(s.workload.workers, seconds, s.goal.pricePerWorkerHour);
        };
        result.cost = {at(result.runtimeSeconds.p10), at(result.runtimeSeconds.p50),
                       at(result.runtimeSeconds.p90)};
    }
    if (s.goal.deadlineSeconds) {
        const double deadlineSeconds = *s.goal.deadlineSeconds;
        result.deadlineSeconds = deadlineSeconds;
        const auto meet =
            std::count_if(runtimes.begin(), runtimes.end(), [deadlineSeconds](double t) {
                return deadline::meets(t, deadlineSeconds);
            });
        result.pMeetDeadline = static_cast<double>(meet) / static_cast<double>(n);
        for (const double q : {0.5, 0.9}) {
            Result::Fewest fewest{q, fewestWorkers(jobs, deadlineSeconds, q, fields::workers.max)};
            if (fewest.workers) {
                runtimesAt(jobs, *fewest.workers, runtimes);
                fewest.runtimeSeconds = quantile(runtimes, q);
            }
            result.fewest.push_back(fewest);
        }
    }
    // Spearman's rho of each input with the runtime (the price moves the cost, not the runtime).
    const size_t ranked = std::min<size_t>(n, kSensitivitySamples);
    const std::vector<double> runtimeRanks = ranksOf(std::vector<double>(
        runtimes.begin(), runtimes.begin() + static_cast<std::ptrdiff_t>(ranked)));
    double total = 0;
    const std::vector<Input> all = inputs(s);
    SampledJobs searchBase; // the needed search's jobs, built once when a driver can reuse them
    for (size_t k = 0; k < samples.inputs.size(); ++k) {
        const Samples::Draws &d = samples.inputs[k];
        const Input *in = findInput(all, d.key);
        if (!in)
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
        if (s.goal.deadlineSeconds && now && in->slot != Slot::Price) {
            const size_t m = std::min<size_t>(n, 2000);
            std::vector<double> trial(m);
            // The parallel fraction and the cold start leave every sample's work and caps as
            // they are: only their own part is redrawn around the median tried.
            // (A calibrated cold start is its draw times the ratio: redrawn whole.)
            const bool ownPartOnly = in->slot == Slot::Parallel ||
                                     (in->slot == Slot::ColdStart && !calibrationDraws(samples));
            if (ownPartOnly && searchBase.count != m)
                searchBase = sampleJobsOf(s, all, samples, m, -1, 0);
            const auto percentileAt = [&](double median) {
                if (ownPartOnly) {
                    SampledJobs::Part &part = in->slot == Slot::Parallel
                                                  ? searchBase.parallelFraction
                                                  : searchBase.coldStartSeconds;
                    const std::vector<double> kept = part.values;
                    rangedValues(d, median, m, part.values);
                    runtimesAt(searchBase, s.workload.workers, trial);
                    part.values = kept;
                } else {
                    runtimesAt(sampleJobsOf(s, all, samples, m, static_cast<int>(k), median),
                               s.workload.workers, trial);
                }
                return quantile(trial, s.uncertainty.percentile);
            };
            const double lo =
                in->support == Support::Fraction ? 1e-6 : std::max(in->spec->min, 1e-9);
            const double hi = in->support == Support::Fraction ? 1 - 1e-9 : in->spec->max;
            const Scale scale = in->support == Support::Fraction ? Scale::Logit
                                : in->spec->min >= 0             ? Scale::Log
                                                                 : Scale::Linear;
            driver.needed = crossing(
                [&](double median) {
                    // The log of the ratio: close to linear in the median's log (the runtime
                    // is nearly a power of most inputs), so the secant lands near the crossing.
                    return std::log(percentileAt(median) / *s.goal.deadlineSeconds);
                },
                *now, lo, hi, scale);
        }
        if (driver.needed)
            driver.neededText = valueText(*in, *driver.needed);
        if (const auto typed = s.uncertainty.ranges.find(d.key);
            typed != s.uncertainty.ranges.end())
            driver.rangeText = in->unit.isEmpty() ? pipeplan::rangeText(typed->second)
                                                  : pipeplan::rangeText(typed->second) +
                                                        QLatin1Char(' ') + in->unit;
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
