#include "core/plan/whatittakes.h"

#include "core/base/cost.h"

#include "core/base/deadline.h"

#include "core/base/format.h"
#include "core/base/translate.h"
#include "core/base/units.h"
#include "core/hardware/device.h"
#include "core/model/amdahl.h"
#include "core/model/uncertainty.h"
#include "core/plan/evaluation.h"
#include "core/plan/goalseek.h"
#include "core/plan/hardwaretext.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <utility>

namespace pipeplan::whatittakes {

PIPEPLAN_TR_CONTEXT("pipeplan::whatittakes")

namespace {

/// The workers' key in the file, from their registry row.
QLatin1StringView workersKey()
{
    static const QLatin1StringView key(
        fieldregistry::rowOf(&Scenario::workload, &Workload::workers)->path);
    return key;
}

/// A lever: a registry row marked as one (the workers, p, a latency, the keep fraction, an
/// overhead) or a stage's own time, with the field's precision and which way helps.
struct Lever
{
    uncertainty::Input input;
    int decimals = 0;
    bool upHelps = false; ///< a larger value shortens the job
};

/// The levers of `s` (the registry's rows marked as levers, and the stages' own times) in the
/// order a person weighs them: scale-out first, then the work, then the overheads.
std::vector<Lever> leversOf(const Scenario &s, bool deviceSetsLatency)
{
    // Which way helps and where a lever sits in the list are this view's; which numbers are
    // levers, their names and their precision are the rows'.
    // Each lever's row, found by its member (a member's address names its row).
    using fieldregistry::rowOf;
    const fieldregistry::Field *const batch =
        rowOf(s, &Scenario::workload, &Workload::batchMsPerUser);
    const fieldregistry::Field *const latency = rowOf(s, &Scenario::workload, &Workload::latencyMs);
    const fieldregistry::Field *const accelerator =
        rowOf(s, &Scenario::workload, &Workload::acceleratorLatencyMs);
    struct Order
    {
        const fieldregistry::Field *row; ///< null: the stages' own times
        bool upHelps;
    };
    const Order kOrder[] = {
        {rowOf(s, &Scenario::workload, &Workload::workers), true},
        {rowOf(s, &Scenario::workload, &Workload::parallelFraction), true},
        {batch, false},
        {latency, false},
        {accelerator, false},
        {rowOf(s, &Scenario::workload, &Workload::keepFraction), false},
        {nullptr, false}, // the stages' own times
        {rowOf(s, &Scenario::overheads, &Overheads::coldStartSeconds), false},
        {rowOf(s, &Scenario::overheads, &Overheads::requestOverheadMs), false},
        {rowOf(s, &Scenario::overheads, &Overheads::sharedCapPerSecond), true},
        {rowOf(s, &Scenario::overheads, &Overheads::dispatchCapPerSecond), true},
    };
    // The scoring stage's time: the batched time when batching is on, else the latency in
    // force (typed, or the accelerator's), unless a device's roofline sets it.
    const auto scoringTimeOff = [&](const fieldregistry::Field &field) {
        if (&field == batch)
            return !s.workload.batchMsPerUser;
        if (&field == latency || &field == accelerator)
            return s.workload.batchMsPerUser.has_value() || deviceSetsLatency;
        return false;
    };
    std::vector<Lever> levers;
    const auto add = [&](const fieldregistry::Field &field, bool upHelps) {
        if (field.lever && !scoringTimeOff(field) && field.inForceValue(s))
            levers.push_back({uncertainty::inputOf(field, s), field.decimals, upHelps});
    };
    for (const Order &order : kOrder) {
        if (order.row) {
            add(*order.row, order.upHelps);
            continue;
        }
        // A stage's time is a number of the stages' list, shown like the latency.
        const int stageDecimals = latency->decimals;
        for (const uncertainty::Input &in : uncertainty::inputs(s)) {
            if (in.slot == uncertainty::Slot::Stage)
                levers.push_back({in, stageDecimals, false});
        }
    }
    // A lever row this list does not place yet comes last, a larger value taken as slower.
    for (const fieldregistry::Field &field : fieldregistry::fields()) {
        const bool placed = std::any_of(std::begin(kOrder), std::end(kOrder),
                                        [&](const Order &o) { return o.row == &field; });
        if (!placed)
            add(field, false);
    }
    return levers;
}

/// What a row of the table and an axis of the plane say of their lever: its name, key, unit,
/// precision and value in `s`.
template <typename Named> void nameLever(Named &out, const Lever &lever, const Scenario &s)
{
    const uncertainty::Input &in = lever.input;
    out.lever = in.label;
    out.key = in.key;
    out.unit = in.unit;
    out.decimals = lever.decimals;
    out.current = in.get(s, in.stage).value_or(0);
}

/// The lever's field grid: k / scale for whole k from kMin to kMax (the field's bounds).
struct Grid
{
    double scale = 1;
    double kMin = 0;
    double kMax = 0;
};

Grid gridOf(const Lever &lever)
{
    Grid grid;
    grid.scale = std::pow(10.0, lever.decimals);
    const FieldSpec &spec = *lever.input.spec;
    grid.kMin = std::ceil(spec.min * grid.scale);
    if (spec.minExclusive && grid.kMin / grid.scale <= spec.min)
        grid.kMin += 1;
    grid.kMax = std::floor(spec.max * grid.scale);
    if (spec.maxExclusive && grid.kMax / grid.scale >= spec.max)
        grid.kMax -= 1;
    return grid;
}

/// The grid step on the meeting side of the crossing between `kBest` (meets) and `kWorst`
/// (misses), by bisection: `meets(k)` must hold at kBest and not at kWorst.
template <typename Meets> double bisect(double kBest, double kWorst, const Meets &meets)
{
    double good = kBest;
    double bad = kWorst;
    while (std::abs(good - bad) > 1) {
        const double middle = std::floor((good + bad) / 2);
        if (meets(middle))
            good = middle;
        else
            bad = middle;
    }
    return good;
}

QString withUnit(const QString &text, const QString &unit)
{
    // One worker is "1 worker" ("at 1 workers"); units of measure keep their form.
    if (text == QLatin1String("1") &&
        unit == QCoreApplication::translate("pipeplan::fields", "workers"))
        return format::workers(1);
    return unit.isEmpty() ? text : text + QLatin1Char(' ') + unit;
}

/// The change as a person reads it: a percentage (format::change) within a factor of ten,
/// beyond it the factor ("×52.3", "÷2,128"), where "-100 %" would hide how far it is.
QString changeText(double needed, double current)
{
    if (current > 0 && needed > 0) {
        const double ratio = needed / current;
        if (ratio >= 10)
            return QStringLiteral("×") + format::grouped(ratio, ratio < 100 ? 1 : 0);
        if (ratio <= 0.1)
            return QStringLiteral("÷") + format::grouped(1 / ratio, 1 / ratio < 100 ? 1 : 0);
    }
    return format::change(needed, current);
}

/// What the plan must meet: its deadline when one is set, its budget when set.
struct Target
{
    bool deadlineOn = false;
    double deadlineSeconds = 0;
    std::optional<double> budget;
    double pricePerWorkerHour = 0;
    QString currency;

    explicit Target(const Scenario &s)
        : deadlineOn(s.goal.deadlineSeconds.has_value()),
          deadlineSeconds(s.goal.deadlineSeconds.value_or(0)), budget(s.goal.budget),
          pricePerWorkerHour(s.goal.pricePerWorkerHour), currency(s.goal.currency)
    {
    }
    /// Every worker billed until the job ends (CostSummary's definition).
    double cost(double workers, double runtimeSeconds) const
    {
        return cost::ofJob(workers, runtimeSeconds, pricePerWorkerHour);
    }
    bool inTime(double runtimeSeconds) const
    {
        return !deadlineOn || deadline::meets(runtimeSeconds, deadlineSeconds);
    }
    bool affordable(double cost) const { return !budget || cost <= *budget; }
    bool withinBudget(double workers, double runtimeSeconds) const
    {
        return affordable(cost(workers, runtimeSeconds));
    }
    bool meets(double workers, double runtimeSeconds) const
    {
        return inTime(runtimeSeconds) && withinBudget(workers, runtimeSeconds);
    }
};

bool isWorkers(const Lever &lever)
{
    return lever.input.key == workersKey();
}

/// Which way the lever helps meet `target`: more workers shorten the job but cost more, so
/// with a budget and no deadline fewer workers help; every other lever moves runtime and cost
/// together.
bool upHelps(const Lever &lever, const Target &target)
{
    return isWorkers(lever) && !target.deadlineOn ? false : lever.upHelps;
}

/// Why no value of the lever meets the deadline, read off the job at the lever's best value
/// (shown to `decimals`): the goal seek's reasons (cold start, a cap, Amdahl's serial residue),
/// else the runtime there.
QString whyNot(const Scenario &best, const Lever &lever, double bestValue, int decimals,
               const Target &target)
{
    const ScenarioResult r = evaluate(best);
    const QString at = withUnit(format::trimmed(bestValue, decimals), lever.input.unit);
    // In time there, but over the budget.
    if (target.inTime(r.effectiveRuntimeSeconds))
        return tr("even with %1 at %2 the job costs %3 (budget %4)")
            .arg(lever.input.label.toLower(), at,
                 format::money(target.cost(best.workload.workers, r.effectiveRuntimeSeconds),
                               target.currency),
                 format::money(target.budget.value_or(0), target.currency));
    const double deadlineSeconds = target.deadlineSeconds;
    const OverheadModel &m = r.overheads.model;
    const QString within = tr(" (deadline %1)").arg(format::duration(deadlineSeconds));
    const double free = deadlineSeconds - m.coldStartSeconds;
    if (!(free > 0))
        return tr("the cold start alone takes %1").arg(format::duration(m.coldStartSeconds)) +
               within;
    if (const auto [capSeconds, capLimit] = m.capSeconds(); capSeconds > free)
        return tr("the %1 cap alone takes %2")
                   .arg(limitText(capLimit, m.sharedResourceName), format::duration(capSeconds)) +
               within;
    const double serialSeconds = (1 - m.parallelFraction) * m.workSeconds;
    if (serialSeconds >= free)
        return tr("Amdahl's ceiling: the serial %1% alone takes %2")
                   .arg(format::trimmed((1 - m.parallelFraction) * 100, 2),
                        format::duration(serialSeconds)) +
               within;
    return tr("even with %1 at %2 the job takes %3")
               .arg(lever.input.label.toLower(), at, format::duration(r.effectiveRuntimeSeconds)) +
           within;
}

/// Why no value on the lever's grid meets, the grid's best end `end` missing: the grid can
/// stop short of the field's own bound (a fraction or a time above 0 ends one step of the
/// field's precision above it), and then the step may be what binds, not the job: the serial
/// part of a job shrinks with its work. Values 1 to 6 decimals finer toward the bound tell
/// which: the first that meets is refined on its grid and named; when none does, the job's own
/// reason at the finest value tried (whyNot). `meetsValue` sets the lever in `trial`.
template <typename MeetsValue>
QString beyondTheGrid(const Lever &lever, bool up, double end, const MeetsValue &meetsValue,
                      Scenario &trial, const Target &target)
{
    const FieldSpec &spec = *lever.input.spec;
    const double bound = up ? spec.max : spec.min;
    const double scale = std::pow(10.0, lever.decimals);
    double tried = end;
    int triedDecimals = lever.decimals;
    for (int extra = 1; extra <= 6 && end != bound; ++extra) {
        const double fine = scale * std::pow(10.0, extra);
        // The fine grid's value a tenth as far from the bound for each extra decimal, inside
        // the field (a step inward when the bound itself is excluded).
        const double toward = bound + (end - bound) / std::pow(10.0, extra);
        double k = up ? std::floor(toward * fine + 1e-9) : std::ceil(toward * fine - 1e-9);
        if (checkValue(spec, k / fine))
            k += up ? -1 : 1;
        if (checkValue(spec, k / fine) || (up ? k / fine <= end : k / fine >= end))
            break;
        tried = k / fine;
        triedDecimals = lever.decimals + extra;
        if (!meetsValue(tried))
            continue;
        // The meeting value on this grid nearest to the field's step: bisection between the
        // value found and the grid's end, which misses.
        const double kEnd = std::round(end * fine);
        const double k0 = bisect(k, kEnd, [&](double kk) { return meetsValue(kk / fine); });
        const QString value = format::trimmed(k0 / fine, triedDecimals);
        // What the job does at the field's step: over the deadline, or in time and over the
        // budget.
        meetsValue(end);
        const double runtime = effectiveRuntimeSeconds(trial);
        const QString job =
            target.inTime(runtime)
                ? tr("costs %1 (budget %2)")
                      .arg(format::money(target.cost(trial.workload.workers, runtime),
                                         target.currency),
                           format::money(target.budget.value_or(0), target.currency))
                : tr("takes %1 (deadline %2)")
                      .arg(format::duration(runtime), format::duration(target.deadlineSeconds));
        return tr("at %1, the field's %2 step, the job still %3; %4 meets it, finer "
                  "than the field keeps")
            .arg(withUnit(format::trimmed(end, lever.decimals), lever.input.unit),
                 up ? tr("largest") : tr("smallest"), job, withUnit(value, lever.input.unit));
    }
    meetsValue(tried);
    return whyNot(trial, lever, tried, triedDecimals, target);
}

/// The closed form's guess for the lever, when one exists: the workers by Amdahl's inverse with
/// the overheads (the goal seek's), p by its own inverse.
std::optional<double> closedForm(const Scenario &s, const Lever &lever, double deadlineSeconds,
                                 QString *reason)
{
    const bool workers = lever.input.key == workersKey();
    if (!workers && lever.input.slot != uncertainty::Slot::Parallel)
        return std::nullopt;
    const ScenarioResult r = evaluate(s);
    const OverheadModel &m = r.overheads.model;
    if (workers) {
        const goalseek::Option option =
            goalseek::overheadOption(goalModelInputs(s, r, deadlineSeconds));
        if (!option.workers)
            *reason = option.reason;
        return option.workers;
    }
    const double free = deadlineSeconds - m.coldStartSeconds;
    if (m.capSeconds().first > free || !(free > 0))
        return std::nullopt;
    return parallelFractionNeeded(m.workSeconds, s.workload.workers, free);
}

} // namespace

std::optional<double> parallelFractionNeeded(double workSeconds, double workers, double freeSeconds)
{
    // W' ((1 - p) + p / N) = F  <=>  p (1 - 1/N) = 1 - F / W'.
    if (!(workers > 1) || !(workSeconds > 0))
        return std::nullopt;
    const double p = (1 - freeSeconds / workSeconds) / (1 - 1 / workers);
    if (p > 1)
        return std::nullopt;
    return std::max(p, 0.0);
}

namespace {

/// The device row: each device of the plan in place of its own, everything else as typed.
Row deviceRow(const Scenario &typed, const Target &target)
{
    const double deadlineSeconds = target.deadlineSeconds;
    Row row;
    row.lever = tr("Device");
    row.key = QStringLiteral("hardware.device");
    const HardwareInForce now = hardwareInForce(typed);
    row.changeText = typed.hardware.device;
    struct Tried
    {
        QString name;
        double runtimeSeconds = 0;
        double cost = 0;
    };
    std::optional<Tried> cheapest;
    std::optional<Tried> fastest;
    for (const hardware::Device &device : hardware::devicesOf(typed.hardware.devices)) {
        Scenario on = typed;
        on.hardware.device = device.name;
        const HardwareInForce hw = hardwareInForce(on);
        if (!hw.inForce)
            continue; // the model does not fit it
        const Scenario s = scenarioInForce(on, hw);
        const Tried tried{
            device.name, effectiveRuntimeSeconds(s),
            cost::ofJob(s.workload.workers, effectiveRuntimeSeconds(s), s.goal.pricePerWorkerHour)};
        if (!fastest || tried.runtimeSeconds < fastest->runtimeSeconds)
            fastest = tried;
        const bool inBudget = !target.budget || tried.cost <= *target.budget;
        if (target.inTime(tried.runtimeSeconds) && inBudget &&
            (!cheapest || tried.cost < cheapest->cost))
            cheapest = tried;
    }
    const QString within = tr(" (deadline %1)").arg(format::duration(deadlineSeconds));
    if (cheapest) {
        row.possible = true;
        row.choice = cheapest->name;
        row.neededText = cheapest->name;
        row.runtimeSeconds = cheapest->runtimeSeconds;
        row.cost = cheapest->cost;
        row.changeText = cheapest->name == typed.hardware.device
                             ? tr("%1, as it is").arg(cheapest->name)
                             : tr("%1 → %2, %3 at these workers")
                                   .arg(typed.hardware.device, cheapest->name,
                                        // Rounded as the headline rounds money; the exact
                                        // amount is the row's cost.
                                        format::roundedMoney(cheapest->cost, typed.goal.currency));
    } else if (fastest && !target.inTime(fastest->runtimeSeconds)) {
        row.reason = tr("even the fastest device, %1, takes %2")
                         .arg(fastest->name, format::duration(fastest->runtimeSeconds)) +
                     within;
    } else if (fastest) {
        row.reason = tr("no device that meets the deadline stays within the budget "
                        "of %1 at these workers")
                         .arg(format::money(target.budget.value_or(0), target.currency));
    } else {
        const QString problem = explain::hardwareProblem(now);
        row.reason = problem.isEmpty() ? tr("the model fits no device")
                                       : tr("no device fits the model: ") + problem;
    }
    return row;
}

} // namespace

Result whatItTakes(const Scenario &inForce, bool deviceSetsLatency, const Scenario *typed)
{
    Result result;
    const Target target(inForce);
    if (!target.deadlineOn && !target.budget)
        return result;
    result.active = true;
    result.deadlineOn = target.deadlineOn;
    result.deadlineSeconds = target.deadlineSeconds;
    result.budget = target.budget;
    result.currency = target.currency;
    result.runtimeSeconds = effectiveRuntimeSeconds(inForce);
    result.costNow = target.cost(inForce.workload.workers, result.runtimeSeconds);
    result.meetsNow = target.meets(inForce.workload.workers, result.runtimeSeconds);

    for (const Lever &lever : leversOf(inForce, deviceSetsLatency)) {
        const uncertainty::Input &in = lever.input;
        Row row;
        nameLever(row, lever, inForce);
        const bool workers = isWorkers(lever);
        // More workers cost more: with a budget and no deadline the workers' answer is the most
        // the budget allows.
        const bool up = upHelps(lever, target);
        row.atLeast = up;

        const Grid grid = gridOf(lever);
        const double scale = grid.scale;
        const double kMin = grid.kMin;
        const double kMax = grid.kMax;
        Scenario trial = inForce;
        const auto runtimeOf = [&](double value) {
            in.set(trial, in.stage, value);
            return effectiveRuntimeSeconds(trial);
        };
        const auto runtimeAt = [&](double k) { return runtimeOf(k / scale); };
        // The workers with a deadline: searched for the deadline alone (the budget is checked
        // at the answer: more workers only cost more); every other lever moves runtime and
        // cost together, so both are searched at once.
        const bool deadlineOnly = workers && target.deadlineOn;
        const auto meetsValue = [&](double value) {
            const double runtime = runtimeOf(value);
            return deadlineOnly ? target.inTime(runtime)
                                : target.meets(trial.workload.workers, runtime);
        };
        const auto meets = [&](double k) { return meetsValue(k / scale); };
        const double kBest = up ? kMax : kMin;
        const double kWorst = up ? kMin : kMax;
        const double toward = up ? -1 : 1; // one step toward failing

        QString reason;
        std::optional<double> guess;
        if (target.deadlineOn)
            guess = closedForm(inForce, lever, target.deadlineSeconds, &reason);
        std::optional<double> kNeeded;
        bool anyValue = false;
        if (!meets(kBest)) {
            row.reason = !reason.isEmpty()
                             ? reason
                             : beyondTheGrid(lever, up, kBest / scale, meetsValue, trial, target);
        } else if (meets(kWorst)) {
            kNeeded = kWorst; // every value of the field meets
            anyValue = true;
        } else {
            // The grid value on the meeting side of the crossing: from the closed form when
            // its rounding checks out (meets, and one step toward failing misses), else by
            // bisection between the field's best and worst ends.
            if (guess) {
                const double k =
                    up ? std::ceil(*guess * scale - 1e-9) : std::floor(*guess * scale + 1e-9);
                const double kClamped = std::clamp(k, std::min(kMin, kMax), std::max(kMin, kMax));
                if (meets(kClamped) && (kClamped == kWorst || !meets(kClamped + toward)))
                    kNeeded = kClamped;
            }
            if (!kNeeded)
                kNeeded = bisect(kBest, kWorst, meets);
        }
        // The fewest workers in time, over the budget: no worker count meets both.
        if (kNeeded && deadlineOnly && target.budget) {
            const double runtime = runtimeAt(*kNeeded);
            if (!target.withinBudget(*kNeeded / scale, runtime)) {
                row.reason =
                    tr("the fewest workers that meet the deadline, %1, cost %2 "
                       "(budget %3)")
                        .arg(format::grouped(*kNeeded / scale, 0),
                             format::money(target.cost(*kNeeded / scale, runtime), target.currency),
                             format::money(*target.budget, target.currency));
                kNeeded.reset();
            }
        }
        if (kNeeded) {
            row.possible = true;
            row.needed = *kNeeded / scale;
            row.runtimeSeconds = runtimeAt(*kNeeded);
            row.change = row.current != 0 ? *row.needed / row.current - 1 : 0;
            const QString from = format::trimmed(row.current, lever.decimals);
            const QString to = withUnit(format::trimmed(*row.needed, lever.decimals), row.unit);
            row.neededText = to;
            row.changeText = anyValue ? tr("any value meets it")
                             : *row.needed == row.current
                                 ? tr("%1, as it is").arg(to)
                                 : QStringLiteral("%1 → %2, %3")
                                       .arg(from, to, changeText(*row.needed, row.current));
        }
        result.rows.push_back(std::move(row));
    }
    if (typed && typed->hardware.enabled)
        result.rows.push_back(deviceRow(*typed, target));
    return result;
}

namespace {

const Lever *findLever(const std::vector<Lever> &levers, const QString &key)
{
    for (const Lever &lever : levers) {
        if (lever.input.key == key)
            return &lever;
    }
    return nullptr;
}

/// The parallel fraction is drawn on a linear axis up to its bound (what matters is how close
/// to 1 it gets); the others, factors of the work or of its speed, on a log axis.
bool linearAxis(const Lever &lever)
{
    return lever.input.slot == uncertainty::Slot::Parallel;
}

/// Whether `value` lies within [low, high], allowing for rounding in the tick arithmetic.
bool withinSpan(double value, double low, double high)
{
    const double slack = 1e-9 * std::max(std::abs(low), std::abs(high));
    return value >= low - slack && value <= high + slack;
}

/// 10^k, exact for whole k >= 0 and the nearest double of the decimal for k < 0.
double powerOfTen(int k)
{
    return k >= 0 ? std::pow(10.0, k) : 1 / std::pow(10.0, -k);
}

/// Ticks at mantissa x 10^k for k across [low, high] (low > 0), ascending.
std::vector<double> logTicks(double low, double high, std::initializer_list<double> mantissas,
                             int everyDecades = 1)
{
    std::vector<double> ticks;
    const int first = static_cast<int>(std::floor(std::log10(low))) - 1;
    const int last = static_cast<int>(std::ceil(std::log10(high))) + 1;
    for (int k = first; k <= last; ++k) {
        if ((k % everyDecades) != 0)
            continue;
        for (const double mantissa : mantissas) {
            const double tick = mantissa * powerOfTen(k);
            if (withinSpan(tick, low, high))
                ticks.push_back(tick);
        }
    }
    return ticks;
}

/// Multiples of `step` across [low, high], ascending (counted in steps, so no sum drifts).
std::vector<double> linearTicks(double low, double high, double step)
{
    std::vector<double> ticks;
    for (double k = std::ceil(low / step - 1e-9); k * step <= high + 1e-9 * step; ++k)
        ticks.push_back(k * step);
    return ticks;
}

/// The linear axis's step: 1, 2 or 5 times a power of ten, the smallest that labels [low, high]
/// with at most 6 ticks (a fraction 0 to 1: 0.2), and never fewer than 3.
double linearStep(double low, double high)
{
    const double span = high - low;
    double step = powerOfTen(static_cast<int>(std::floor(std::log10(span))) - 2);
    for (int guard = 0; guard < 40; ++guard) {
        for (const double mantissa : {1.0, 2.0, 5.0}) {
            const double candidate = mantissa * step;
            if (linearTicks(low, high, candidate).size() <= 6)
                return candidate;
        }
        step *= 10;
    }
    return span / 2;
}

/// Sets `axis`'s labelled ticks: on a log axis its decades when they are 3 or more (every
/// second or third one beyond 7), else 1-2-5 steps, else 1 to 9; on a linear axis (or a log
/// one too short for those) 1, 2 or 5 times a power of ten, labelled at the step's precision
/// (0.90, 0.95, 1.00); so every axis reads at least 3 numbers.
void setTicks(PlaneAxis &axis)
{
    const double low = axis.low;
    const double high = axis.high;
    std::vector<double> ticks;
    if (axis.logScale && low > 0) {
        ticks = logTicks(low, high, {1});
        if (ticks.size() > 7)
            ticks = logTicks(low, high, {1}, ticks.size() > 14 ? 3 : 2);
        if (ticks.size() < 3)
            ticks = logTicks(low, high, {1, 2, 5});
        if (ticks.size() < 3)
            ticks = logTicks(low, high, {1, 2, 3, 4, 5, 6, 7, 8, 9});
    }
    axis.ticks.clear();
    axis.tickTexts.clear();
    if (ticks.size() >= 3) {
        for (const double tick : ticks) {
            axis.ticks.push_back(tick);
            // Each decade at the decimals it needs: 0.001, 0.01, 0.1, 1, 10.
            axis.tickTexts << format::trimmed(tick, 9);
        }
        return;
    }
    const double step = linearStep(low, high);
    for (const double tick : linearTicks(low, high, step)) {
        axis.ticks.push_back(tick);
        axis.tickTexts << format::tickLabel(tick, step);
    }
}

/// A lever's axis and where the plan's own question sits on it.
struct AxisSpan
{
    PlaneAxis axis;
    /// The practical range (the plan's value, its single answer and the margin beyond): the
    /// span itself, or on a fraction's axis the part sampled more densely.
    double practicalLow = 0;
    double practicalHigh = 0;
};

/// The axis of `lever`. A fraction (the keep fraction, p) spans its field's own limits, on the
/// field's grid, so a point at an end of it is where the lever stops, not the drawing. Any
/// other spans the practical range the plan states: its value now and its single-lever answer,
/// a factor of three beyond them (log) or a third of the span (linear); without an answer, on
/// to a factor of thirty in the helping direction. Snapped to the field's grid.
AxisSpan axisOf(const Lever &lever, const Scenario &s, const Result &single, bool up)
{
    AxisSpan out;
    PlaneAxis &axis = out.axis;
    const uncertainty::Input &in = lever.input;
    nameLever(axis, lever, s);
    axis.upHelps = up;
    std::optional<double> needed;
    for (const Row &row : single.rows) {
        if (row.key == in.key)
            needed = row.needed;
    }
    const Grid grid = gridOf(lever);
    const double fieldLow = grid.kMin / grid.scale;
    const double fieldHigh = grid.kMax / grid.scale;
    const double c = axis.current;
    double low = needed ? std::min(c, *needed) : c;
    double high = needed ? std::max(c, *needed) : c;
    axis.logScale = !linearAxis(lever) && c > 0;
    if (!axis.logScale) {
        const double pad = std::max(0.02, (high - low) / 3);
        low -= pad;
        high += pad;
        if (!needed && up)
            high = fieldHigh;
        else if (!needed)
            low = fieldLow;
    } else {
        low /= 3;
        high *= 3;
        if (!needed && up)
            high *= 10;
        else if (!needed)
            low /= 10;
    }
    const auto onGrid = [&](double &from, double &to) {
        from = std::clamp(from, fieldLow, fieldHigh);
        to = std::clamp(to, fieldLow, fieldHigh);
        from = std::ceil(from * grid.scale - 1e-9) / grid.scale;
        to = std::floor(to * grid.scale + 1e-9) / grid.scale;
        if (to <= from)
            to = std::min(fieldHigh, from + 10 / grid.scale);
        if (axis.logScale && from <= 0)
            from = 1 / grid.scale;
    };
    onGrid(low, high);
    out.practicalLow = low;
    out.practicalHigh = high;
    axis.fieldLimits = in.support == Support::Fraction;
    if (axis.fieldLimits) {
        axis.low = fieldLow;
        axis.high = fieldHigh;
        onGrid(axis.low, axis.high);
    } else {
        axis.low = low;
        axis.high = high;
    }
    setTicks(axis);
    return out;
}

/// `steps` + 1 values across [low, high] (log on a log axis), on the grid of `scale`.
void sample(std::vector<double> &xs, const PlaneAxis &axis, double low, double high, int steps,
            double scale)
{
    for (int i = 0; i <= steps; ++i) {
        const double t = static_cast<double>(i) / steps;
        const double x = axis.logScale ? low * std::pow(high / low, t) : low + (high - low) * t;
        xs.push_back(std::clamp(std::round(x * scale) / scale, axis.low, axis.high));
    }
}

/// Where `value` sits across the axis's span, 0 at low and 1 at high (log on a log axis).
double across(const PlaneAxis &axis, double value)
{
    if (axis.logScale)
        return std::log(value / axis.low) / std::log(axis.high / axis.low);
    return (value - axis.low) / (axis.high - axis.low);
}

/// Where the plane leads (Plane::leadsWithNearest): with the nearest when the cheapest saves
/// less than kCostTieRelative of its cost, or when the cheapest sits at an end of an axis with
/// the cost one grid step inward higher (the cost still falls toward the end, so the end decides
/// it); ends that are a field's limits are named before ends of a practical range. `point`
/// evaluates a combination as plane() does.
template <typename PointAt> void lead(Plane &plane, const PointAt &point)
{
    plane.leadsWithNearest = false;
    plane.leadReason = PlaneLead::Cheapest;
    plane.endKey.clear();
    if (!plane.cheapest)
        return;
    const PlanePoint cheapest = *plane.cheapest;
    if (plane.nearest && plane.nearest->cost <= cheapest.cost * (1 + kCostTieRelative)) {
        plane.leadsWithNearest = true;
        plane.leadReason = PlaneLead::CostTies;
        return;
    }
    // The cost one grid step inward from the end the cheapest sits at, along one axis.
    const auto fallingAtEnd = [&](const PlaneAxis &axis, bool alongX) {
        const double value = alongX ? cheapest.x : cheapest.y;
        const double step = std::pow(10.0, -axis.decimals);
        double inward = 0;
        if (value <= axis.low)
            inward = std::min(axis.high, value + step);
        else if (value >= axis.high)
            inward = std::max(axis.low, value - step);
        else
            return false;
        const PlanePoint in = alongX ? point(inward, cheapest.y) : point(cheapest.x, inward);
        return in.cost > cheapest.cost;
    };
    for (const bool limits : {true, false}) {
        for (const auto &[axis, alongX] : {std::pair{&plane.x, true}, std::pair{&plane.y, false}}) {
            if (axis->fieldLimits != limits || !fallingAtEnd(*axis, alongX))
                continue;
            plane.leadReason = PlaneLead::CheapestAtEnd;
            plane.endKey = axis->key;
            plane.leadsWithNearest = plane.nearest.has_value();
            return;
        }
    }
    if (plane.nearest)
        plane.leadReason = PlaneLead::CostSeparates;
}

} // namespace

Plane plane(const Scenario &inForce, bool deviceSetsLatency, const QString &keyX,
            const QString &keyY, const Result &single)
{
    Plane result;
    // The lever table's target, read off the same plan.
    const Target target(inForce);
    if (!target.deadlineOn && !target.budget) {
        result.reason = tr("set a deadline (Finish within) or a budget (Within "
                           "budget) to see which combinations meet it");
        return result;
    }
    const std::vector<Lever> levers = leversOf(inForce, deviceSetsLatency);
    const Lever *leverX = findLever(levers, keyX);
    const Lever *leverY = findLever(levers, keyY);
    for (const auto &[lever, key] : {std::pair{leverX, keyX}, std::pair{leverY, keyY}}) {
        if (!lever) {
            result.reason = tr("the plan has no lever %1 (an overhead that is not set, a stage "
                               "it does not have, or a latency the device sets)")
                                .arg(key);
            return result;
        }
    }
    if (keyX == keyY) {
        result.reason = tr("pick two different levers");
        return result;
    }
    result.active = true;
    result.deadlineOn = target.deadlineOn;
    result.deadlineSeconds = target.deadlineSeconds;
    result.budget = target.budget;
    result.currency = target.currency;
    result.pricePerWorkerHour = target.pricePerWorkerHour;
    const AxisSpan spanX = axisOf(*leverX, inForce, single, upHelps(*leverX, target));
    result.x = spanX.axis;
    result.y = axisOf(*leverY, inForce, single, upHelps(*leverY, target)).axis;

    Scenario trial = inForce;
    const uncertainty::Input &inX = leverX->input;
    const uncertainty::Input &inY = leverY->input;
    const auto point = [&](double x, double y) {
        inX.set(trial, inX.stage, x);
        inY.set(trial, inY.stage, y);
        const double runtime = effectiveRuntimeSeconds(trial);
        return PlanePoint{x, y, runtime, target.cost(trial.workload.workers, runtime)};
    };
    const auto meets = [&](const PlanePoint &p) {
        return target.inTime(p.runtimeSeconds) && target.affordable(p.cost);
    };
    result.plan = point(result.x.current, result.y.current);
    result.meetsNow = meets(result.plan);

    // The first lever's values: 48 steps across its span, on its grid; on a fraction's axis
    // (its field's limits) 24 more across the practical range, where the plan's question is
    // (p from 0.96 to 1 on an axis from 0 to 1); and its value now (so the nearest point can
    // be the second lever alone).
    constexpr int kSteps = 48;
    constexpr int kPracticalSteps = 24;
    const double xScale = gridOf(*leverX).scale;
    sample(result.xs, result.x, result.x.low, result.x.high, kSteps, xScale);
    if (result.x.fieldLimits)
        sample(result.xs, result.x, spanX.practicalLow, spanX.practicalHigh, kPracticalSteps,
               xScale);
    if (result.x.current >= result.x.low && result.x.current <= result.x.high)
        result.xs.push_back(result.x.current);
    std::sort(result.xs.begin(), result.xs.end());
    result.xs.erase(std::unique(result.xs.begin(), result.xs.end()), result.xs.end());

    const double yScale = gridOf(*leverY).scale;
    const double kLow = std::round(result.y.low * yScale);
    const double kHigh = std::round(result.y.high * yScale);
    const double kBest = result.y.upHelps ? kHigh : kLow;
    const double kWorst = result.y.upHelps ? kLow : kHigh;
    // More workers shorten the job and cost more: with a deadline and a budget the workers up
    // that meet both are a span, from the fewest in time to the most the budget allows. Every
    // other second lever (and the workers for one target) helps one way for both.
    const bool workersSpan = isWorkers(*leverY) && target.deadlineOn && target.budget;
    const double planAcross[2] = {across(result.x, result.x.current),
                                  across(result.y, result.y.current)};
    double nearestDistance = std::numeric_limits<double>::infinity();
    for (const double x : result.xs) {
        const auto meetsAt = [&](double k) { return meets(point(x, k / yScale)); };
        // The column's meeting span on the grid: `near` nearest to missing, `far` its other end.
        std::optional<double> near;
        std::optional<double> far;
        if (workersSpan) {
            const auto inTime = [&](double k) {
                return target.inTime(point(x, k / yScale).runtimeSeconds);
            };
            const auto affordable = [&](double k) {
                return target.affordable(point(x, k / yScale).cost);
            };
            std::optional<double> fewest;
            if (inTime(kLow))
                fewest = kLow;
            else if (inTime(kHigh))
                fewest = bisect(kHigh, kLow, inTime);
            if (fewest && affordable(*fewest)) {
                near = fewest;
                far = affordable(kHigh) ? kHigh : bisect(*fewest, kHigh, affordable);
            }
        } else {
            if (meetsAt(kWorst))
                near = kWorst;
            else if (meetsAt(kBest))
                near = bisect(kBest, kWorst, meetsAt);
            if (near)
                far = kBest;
        }
        result.boundary.push_back(near ? std::optional<double>(*near / yScale) : std::nullopt);
        result.farEdge.push_back(far ? std::optional<double>(*far / yScale) : std::nullopt);
        if (!near)
            continue;
        // The cost along the column is least at one of the ends of its meeting span: the
        // boundary (fewer workers, say) or the far end (less work). Each is checked against
        // the whole target before it is offered.
        for (const double end : {*near, *far}) {
            const PlanePoint candidate = point(x, end / yScale);
            if (!meets(candidate))
                continue;
            if (!result.cheapest || candidate.cost < result.cheapest->cost ||
                (candidate.cost == result.cheapest->cost &&
                 candidate.runtimeSeconds < result.cheapest->runtimeSeconds))
                result.cheapest = candidate;
        }
        if (result.meetsNow)
            continue;
        // The nearest meeting point of this column: the plan's own y when it lies in the
        // column's span, else the span's end nearest it.
        const double lo = std::min(*near, *far) / yScale;
        const double hi = std::max(*near, *far) / yScale;
        const double y = std::clamp(result.y.current, lo, hi);
        const PlanePoint candidate = point(x, y);
        if (!meets(candidate))
            continue;
        const double dx = across(result.x, x) - planAcross[0];
        const double dy = across(result.y, y) - planAcross[1];
        const double distance = std::hypot(dx, dy);
        if (distance < nearestDistance) {
            nearestDistance = distance;
            result.nearest = candidate;
        }
    }
    lead(result, point);
    return result;
}

bool apply(Scenario &typed, const Row &row)
{
    if (!row.choice.isEmpty()) {
        if (row.key != QLatin1String("hardware.device") || typed.hardware.device == row.choice)
            return false;
        typed.hardware.device = row.choice;
        return true;
    }
    if (!row.needed || *row.needed == row.current)
        return false;
    return apply(typed, row.key, *row.needed);
}

std::optional<double> valueOf(const Scenario &typed, const QString &key)
{
    if (key == workersKey())
        return typed.workload.workers;
    const std::optional<uncertainty::Input> in = uncertainty::input(typed, key);
    if (!in)
        return std::nullopt;
    return in->get(typed, in->stage);
}

bool apply(Scenario &typed, const QString &key, double value)
{
    if (key == workersKey()) {
        typed.workload.workers = value;
        return true;
    }
    const std::optional<uncertainty::Input> in = uncertainty::input(typed, key);
    if (!in)
        return false;
    in->set(typed, in->stage, value);
    return true;
}

} // namespace pipeplan::whatittakes
