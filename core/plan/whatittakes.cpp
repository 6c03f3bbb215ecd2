#include "core/plan/whatittakes.h"

#include "core/base/format.h"
#include "core/model/amdahl.h"
#include "core/model/uncertainty.h"
#include "core/plan/evaluation.h"
#include "core/plan/goalseek.h"

#include <algorithm>
#include <cmath>

namespace pipeplan::whatittakes {

namespace {

/// A lever: one of uncertainty::inputs() (the registry of the plan's numbers, with their keys,
/// labels, bounds and setters) or the workers, with the field's precision and which way helps.
struct Lever
{
    uncertainty::Input input;
    int decimals = 0;
    bool upHelps = false; ///< a larger value shortens the job
};

uncertainty::Input workersInput()
{
    uncertainty::Input in;
    in.key = QStringLiteral("workload.workers");
    in.label = QStringLiteral("Workers");
    in.unit = QStringLiteral("workers");
    in.spec = &fields::workers;
    in.get = [](const Scenario &s, int) -> std::optional<double> { return s.workload.workers; };
    in.set = [](Scenario &s, int, double v) { s.workload.workers = v; };
    return in;
}

/// The levers of `s` in the order a person weighs them: scale-out first, then the work.
std::vector<Lever> leversOf(const Scenario &s, bool deviceSetsLatency)
{
    std::vector<Lever> levers;
    levers.push_back({workersInput(), 0, true});
    const std::vector<uncertainty::Input> all = uncertainty::inputs(s);
    const auto add = [&](uncertainty::Slot slot, int decimals, bool upHelps) {
        for (const uncertainty::Input &in : all) {
            if (in.slot == slot && in.get(s, in.stage))
                levers.push_back({in, decimals, upHelps});
        }
    };
    using uncertainty::Slot;
    add(Slot::Parallel, 4, true);
    // The scoring stage's time: the batched time when batching is on, else the latency in
    // force (typed, or the accelerator's), unless a device's roofline sets it.
    if (s.workload.batchMsPerUser)
        add(Slot::BatchMs, 2, false);
    else if (!deviceSetsLatency)
        add(Slot::Latency, 2, false);
    add(Slot::Keep, 3, false);
    add(Slot::Stage, 2, false);
    add(Slot::ColdStart, 1, false);
    add(Slot::RequestOverhead, 2, false);
    add(Slot::SharedCap, 0, true);
    add(Slot::DispatchCap, 2, true);
    return levers;
}

QString valueText(double value, int decimals)
{
    QString text = format::grouped(value, decimals);
    if (decimals > 0 && text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

QString withUnit(const QString &text, const QString &unit)
{
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

/// Why no value of the lever meets the deadline, read off the job at the lever's best value:
/// the goal seek's reasons (cold start, a cap, Amdahl's serial residue), else the runtime there.
QString whyNot(const Scenario &best, const Lever &lever, double bestValue, double deadlineSeconds)
{
    const ScenarioResult r = evaluate(best);
    const OverheadModel &m = r.overheads.model;
    const QString within = QStringLiteral(" (deadline %1)").arg(format::duration(deadlineSeconds));
    const double free = deadlineSeconds - m.coldStartSeconds;
    if (!(free > 0))
        return QStringLiteral("the cold start alone takes %1")
                   .arg(format::duration(m.coldStartSeconds)) +
               within;
    if (const auto [capSeconds, capLimit] = m.capSeconds(); capSeconds > free)
        return QStringLiteral("the %1 cap alone takes %2")
                   .arg(limitName(capLimit, m.sharedResourceName), format::duration(capSeconds)) +
               within;
    const double serialSeconds = (1 - m.parallelFraction) * m.workSeconds;
    if (serialSeconds >= free)
        return QStringLiteral("Amdahl's ceiling: the serial %1% alone takes %2")
                   .arg(format::trimmed((1 - m.parallelFraction) * 100, 2),
                        format::duration(serialSeconds)) +
               within;
    return QStringLiteral("even with %1 at %2 the job takes %3")
               .arg(lever.input.label.toLower(),
                    withUnit(valueText(bestValue, lever.decimals), lever.input.unit),
                    format::duration(r.effectiveRuntimeSeconds)) +
           within;
}

/// The closed form's guess for the lever, when one exists: the workers by Amdahl's inverse with
/// the overheads (the goal seek's), p by its own inverse.
std::optional<double> closedForm(const Scenario &s, const Lever &lever, double deadlineSeconds,
                                 QString *reason)
{
    const bool workers = lever.input.key == QLatin1String("workload.workers");
    if (!workers && lever.input.slot != uncertainty::Slot::Parallel)
        return std::nullopt;
    const ScenarioResult r = evaluate(s);
    const OverheadModel &m = r.overheads.model;
    if (workers) {
        goalseek::Inputs in;
        in.withOverheads = m;
        in.deadlineSeconds = deadlineSeconds;
        const goalseek::Option option = goalseek::overheadOption(in);
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

Result whatItTakes(const Scenario &inForce, bool deviceSetsLatency)
{
    Result result;
    if (!inForce.goal.finishWithin)
        return result;
    result.active = true;
    const double deadline = inForce.goal.deadlineSeconds;
    result.deadlineSeconds = deadline;
    result.runtimeSeconds = effectiveRuntimeSeconds(inForce);
    result.meetsNow = result.runtimeSeconds <= deadline;

    for (const Lever &lever : leversOf(inForce, deviceSetsLatency)) {
        const uncertainty::Input &in = lever.input;
        Row row;
        row.lever = in.label;
        row.key = in.key;
        row.unit = in.unit;
        row.decimals = lever.decimals;
        row.atLeast = lever.upHelps;
        row.current = in.get(inForce, in.stage).value_or(0);

        // The field's grid: k / scale for whole k inside the field's bounds.
        const double scale = std::pow(10.0, lever.decimals);
        const FieldSpec &spec = *in.spec;
        double kMin = std::ceil(spec.min * scale);
        if (spec.minExclusive && kMin / scale <= spec.min)
            kMin += 1;
        double kMax = std::floor(spec.max * scale);
        if (spec.maxExclusive && kMax / scale >= spec.max)
            kMax -= 1;
        Scenario trial = inForce;
        const auto runtimeAt = [&](double k) {
            in.set(trial, in.stage, k / scale);
            return effectiveRuntimeSeconds(trial);
        };
        const auto meets = [&](double k) { return runtimeAt(k) <= deadline; };
        const double kBest = lever.upHelps ? kMax : kMin;
        const double kWorst = lever.upHelps ? kMin : kMax;
        const double toward = lever.upHelps ? -1 : 1; // one step toward failing

        QString reason;
        std::optional<double> guess = closedForm(inForce, lever, deadline, &reason);
        std::optional<double> kNeeded;
        bool anyValue = false;
        if (!meets(kBest)) {
            row.reason = !reason.isEmpty() ? reason : whyNot(trial, lever, kBest / scale, deadline);
        } else if (meets(kWorst)) {
            kNeeded = kWorst; // every value of the field meets
            anyValue = true;
        } else {
            // The grid value on the meeting side of the crossing: from the closed form when
            // its rounding checks out (meets, and one step toward failing misses), else by
            // bisection between the field's best and worst ends.
            if (guess) {
                const double k = lever.upHelps ? std::ceil(*guess * scale - 1e-9)
                                               : std::floor(*guess * scale + 1e-9);
                const double kClamped = std::clamp(k, std::min(kMin, kMax), std::max(kMin, kMax));
                if (meets(kClamped) && (kClamped == kWorst || !meets(kClamped + toward)))
                    kNeeded = kClamped;
            }
            if (!kNeeded) {
                double good = kBest;
                double bad = kWorst;
                while (std::abs(good - bad) > 1) {
                    const double middle = std::floor((good + bad) / 2);
                    if (meets(middle))
                        good = middle;
                    else
                        bad = middle;
                }
                kNeeded = good;
            }
        }
        if (kNeeded) {
            row.possible = true;
            row.needed = *kNeeded / scale;
            row.runtimeSeconds = runtimeAt(*kNeeded);
            row.change = row.current != 0 ? *row.needed / row.current - 1 : 0;
            const QString from = valueText(row.current, lever.decimals);
            const QString to = withUnit(valueText(*row.needed, lever.decimals), row.unit);
            row.neededText = to;
            row.changeText = anyValue ? QStringLiteral("any value meets it")
                             : *row.needed == row.current
                                 ? QStringLiteral("%1, as it is").arg(to)
                                 : QStringLiteral("%1 → %2, %3")
                                       .arg(from, to, changeText(*row.needed, row.current));
        }
        result.rows.push_back(std::move(row));
    }
    return result;
}

bool apply(Scenario &typed, const QString &key, double value)
{
    if (key == QLatin1String("workload.workers")) {
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
