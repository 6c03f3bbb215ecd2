#include "core/plan/explain.h"

#include "core/base/cost.h"

#include "core/base/deadline.h"

#include "core/base/format.h"
#include "core/base/translate.h"
#include "core/base/units.h"
#include "core/model/fieldregistry.h"

#include <algorithm>
#include <cmath>

namespace pipeplan::explain {

PIPEPLAN_TR_CONTEXT("pipeplan::explain")

namespace {
QString num(double value, int decimals = 2)
{
    return format::trimmed(value, decimals);
}
} // namespace

QString totalPredictions(const Scenario &s, const ScenarioResult &r)
{
    const Workload &w = s.workload;
    QString text = num(w.users, 0) + QLatin1Char(' ') + w.counted.many;
    if (w.keepFraction < 1.0)
        text += tr(" × keep ") + num(w.keepFraction, 4);
    return text + QStringLiteral(" × ") + num(w.predictionsPerUser, 0) + tr(" predictions = ") +
           num(r.totalPredictions, 0);
}

QString perUserCost(const Scenario &s, const ScenarioResult &r)
{
    const Workload &w = s.workload;
    QString scoring = w.batchMsPerUser
                          ? tr("scoring ") + format::milliseconds(*w.batchMsPerUser) +
                                tr(" per batched ") + w.counted.one
                          : tr("scoring ") + num(w.predictionsPerUser, 0) + QStringLiteral(" × ") +
                                format::milliseconds(runtime::effectiveLatencyMs(w)) +
                                QStringLiteral(" = ") + format::milliseconds(r.scoringMsPerUser);
    if (s.stages.size() <= 1)
        return scoring;
    const bool sequential = s.execution == Execution::Sequential;
    return scoring + QStringLiteral("; ") +
           (sequential ? tr("sequential: sum of %1 stages = ")
                       : tr("pipelined: slowest of %1 stages = "))
               .arg(s.stages.size()) +
           format::milliseconds(r.perUserMs) + tr(" per ") + w.counted.one;
}

QString runtime(const Scenario &s, const ScenarioResult &r)
{
    const Workload &w = s.workload;
    return num(r.usersScored, 0) + QLatin1Char(' ') + w.counted.many + QStringLiteral(" × ") +
           format::milliseconds(r.perUserMs) + QStringLiteral(" = ") + num(r.workSeconds, 0) +
           tr(" s of work; ÷ speedup ") + num(r.speedup, 2) + tr(" (Amdahl, p = ") +
           num(w.parallelFraction, 4) + QStringLiteral(", N = ") + num(w.workers, 0) +
           QStringLiteral(") = ") + num(r.runtimeSeconds, 0) + QStringLiteral(" s = ") +
           format::duration(r.runtimeSeconds) +
           (r.overheads.enabled ? QStringLiteral("; ") + overheads(s, r) : QString());
}

QString fewestWorkers(const goalseek::Option &option)
{
    return option.workers ? num(*option.workers, 0) : tr("impossible: ") + option.reason;
}

namespace {
/// A goal-seek option's reason without what the sentence around it already says.
QString bareReason(const goalseek::Option &option, const QString &limit)
{
    QString reason = option.reason;
    reason.remove(QCoreApplication::translate("pipeplan::goalseek", " (deadline %1)").arg(limit));
    reason.remove(QCoreApplication::translate("pipeplan::goalseek", "Amdahl's ceiling: "));
    return reason;
}
} // namespace

QString deadline(const DeadlineVerdict &v)
{
    const QString limit = format::duration(v.deadlineSeconds);
    if (!v.naive.workers) {
        // The naive model is the optimistic one: when it cannot, nothing can.
        return tr("Impossible within %1 at any worker count: %2.")
            .arg(limit, bareReason(v.naive, limit));
    }
    QString text =
        v.meets
            ? tr("Meets the deadline of %1 with %2 to spare.")
                  .arg(limit, format::duration(v.marginSeconds))
            : tr("Misses the deadline of %1 by %2.").arg(limit, format::duration(-v.marginSeconds));
    text += tr(" Fewest workers that meet it: ");
    if (v.naive.workers == v.withOverheads.workers)
        return text + num(*v.naive.workers, 0) + QStringLiteral(".");
    if (!v.withOverheads.workers)
        return text + num(*v.naive.workers, 0) +
               tr(" by the naive model; with the overheads none: ") +
               bareReason(v.withOverheads, limit) + QStringLiteral(".");
    return text + num(*v.naive.workers, 0) + tr(" (naive), ") + num(*v.withOverheads.workers, 0) +
           tr(" (with overheads).");
}

QString deadlineCell(double runtimeSeconds, double deadlineSeconds)
{
    if (deadline::meets(runtimeSeconds, deadlineSeconds))
        return tr("meets");
    // Short enough for a table column: how many deadlines the run takes.
    const double times = runtimeSeconds / deadlineSeconds;
    return tr("late, ×") + num(times, times < 10 ? 2 : times < 100 ? 1 : 0);
}

QString goalSeekDeadline(const GoalSettings &goal)
{
    if (!goal.deadlineSeconds)
        return tr("No deadline set: the fewest workers need one.");
    return tr("Fewest workers for the deadline of %1 set under Model > Goal.")
        .arg(format::duration(*goal.deadlineSeconds));
}

QString deadlineShort(const DeadlineVerdict &v)
{
    if (!v.naive.workers)
        return tr("impossible");
    return v.meets ? tr("%1 to spare").arg(format::duration(v.marginSeconds))
                   : tr("late by %1").arg(format::duration(-v.marginSeconds));
}

QString overheads(const Scenario &s, const ScenarioResult &r)
{
    const OverheadResult &o = r.overheads;
    const OverheadModel &m = o.model;
    QString text = tr("with overheads: cold start ") + num(m.coldStartSeconds, 0) +
                   tr(" s + max(compute ") + num(m.computeSeconds(s.workload.workers), 0) +
                   QStringLiteral(" s");
    if (m.sharedCapSeconds > 0)
        text += QStringLiteral(", ") +
                limitText(Limit::SharedResource, s.overheads.sharedResourceName) +
                QStringLiteral(" ") + num(m.sharedCapSeconds, 0) + QStringLiteral(" s");
    if (m.dispatchCapSeconds > 0)
        text += tr(", coordinator ") + num(m.dispatchCapSeconds, 0) + QStringLiteral(" s");
    return text + QStringLiteral(") = ") + num(o.runtimeSeconds, 0) + QStringLiteral(" s = ") +
           format::duration(o.runtimeSeconds);
}

QString throughput(const Scenario &s, const ScenarioResult &r)
{
    const QString &many = s.workload.counted.many;
    return num(r.usersScored, 0) + QLatin1Char(' ') + many + QStringLiteral(" ÷ ") +
           num(r.effectiveRuntimeSeconds, 0) + QStringLiteral(" s = ") +
           format::ratePerSecond(r.throughputUsersPerSecond, many);
}

QString kneeText(const Scenario &scenario, const OverheadResult &overheads)
{
    if (overheads.capLimit == Limit::Compute)
        return {};
    const Workload &w = scenario.workload;
    const QString name = limitText(overheads.capLimit, scenario.overheads.sharedResourceName);
    const QString cap = overheads.capLimit == Limit::SharedResource
                            ? format::ratePerSecond(overheads.capPerSecond, w.counted.many)
                            : format::ratePerSecond(overheads.capPerSecond, tr("shards"));
    return overheads.kneeWorkers
               ? tr("%1 caps throughput at %2: more workers do nothing past %3")
                     .arg(name, cap, format::grouped(*overheads.kneeWorkers, 0))
               : tr("%1 caps throughput at %2, but the serial %3% binds first")
                     .arg(name, cap, format::trimmed((1 - w.parallelFraction) * 100, 2));
}

QString workerShareText(const Scenario &scenario, const OverheadResult &overheads)
{
    return tr("Each worker scores %1 in %2; cold start is %3% of its time")
        .arg(scenario.workload.counted.count(overheads.usersPerWorker),
             format::duration(overheads.workerBusySeconds),
             format::trimmed(overheads.coldStartShare * 100, 1));
}

QString speedup(const Scenario &s, const ScenarioResult &r)
{
    const Workload &w = s.workload;
    const QString p = num(w.parallelFraction, 4);
    // The two terms written out: the serial share and p / N. Seed 000's "≈ 48x" reads 0.98 /
    // 10,000 as 0.00098 (it is 0.000098); 1 / (0.02 + 0.00098) would be 47.66×.
    const double serial = 1 - w.parallelFraction;
    const double perWorker = w.parallelFraction / std::max(1.0, w.workers);
    QString text = QStringLiteral("S = 1 / ((1 − ") + p + QStringLiteral(") + ") + p +
                   QStringLiteral(" / ") + num(w.workers, 0) + QStringLiteral(") = 1 / (") +
                   format::significant(serial, 4) + QStringLiteral(" + ") +
                   format::significant(perWorker, 4) + QStringLiteral(") = ") + num(r.speedup, 2) +
                   QStringLiteral("×; ");
    // At p = 1 the ceiling's 1 / 0 is no number: nothing serial, nothing caps it.
    text += std::isfinite(r.maxSpeedup) ? tr("ceiling 1 / (1 − ") + p + QStringLiteral(") = ") +
                                              num(r.maxSpeedup, 2) + QStringLiteral("×")
                                        : tr("no ceiling: at p = 1 no part is serial");
    // Seed 000's own case: its reader compares the window with the seed's "≈ 48x" and is told
    // where the two part.
    if (std::abs(w.parallelFraction - 0.98) < 1e-12 && std::abs(w.workers - 10000) < 0.5)
        text += tr(". Seed 000's ≈ 48× takes 0.98 / 10,000 as 0.00098 (1 / 0.02098 = "
                   "47.66×); it is 0.000098");
    return text;
}

Headline headline(const Scenario &s, const ScenarioResult &r)
{
    Headline h;
    h.totalPredictions = format::grouped(r.totalPredictions, 0);
    h.runtime = format::duration(r.effectiveRuntimeSeconds);
    h.throughput = format::ratePerSecond(r.throughputUsersPerSecond, s.workload.counted.many);
    h.speedup =
        format::trimmed(r.speedup, 2) + QStringLiteral("× (") +
        (std::isfinite(r.maxSpeedup) ? format::trimmed(r.maxSpeedup, 2) + QStringLiteral("×")
                                     : QStringLiteral("∞")) +
        QStringLiteral(")");
    h.bottleneck = bottleneckName(s, r);
    return h;
}

namespace {
/// Hours and days with two decimals in every cell where that keeps two figures, so a column
/// reads at one precision; a shorter time names its own unit ("14.4 s", "3.33 min") rather than
/// reading "< 0.01" (seed 001 at 50,000 workers: 0.4 s).
QString hoursText(double hours)
{
    return format::timeInColumn(hours * units::kSecondsPerHour, units::kSecondsPerHour);
}

QString daysText(double days)
{
    return format::timeInColumn(days * units::kSecondsPerDay, units::kSecondsPerDay);
}
} // namespace

ShownScaling shownScaling(const Scenario &scenario, const ScenarioResult &result,
                          const std::vector<ScalingRow> &baselineRows, const Scenario *baseline,
                          const ScenarioResult *baselineResult)
{
    ShownScaling shown;
    shown.rows = result.scaling;
    const bool withBaseline =
        baseline && baselineResult && baselineRows.size() == shown.rows.size();
    if (withBaseline)
        shown.baseline = baselineRows;
    const double workers = scenario.workload.workers;
    // The scenario's own row: the listed count equal to its workers, else a row inserted before
    // the first larger count (the counts are listed in increasing order).
    const auto same = [workers](const ScalingRow &row) {
        return std::fabs(row.workers - workers) <= 1e-9 * std::fabs(workers);
    };
    const auto found = std::find_if(shown.rows.begin(), shown.rows.end(), same);
    const bool listed = found != shown.rows.end();
    size_t at = static_cast<size_t>(found - shown.rows.begin());
    if (!listed) {
        at = 0;
        while (at < shown.rows.size() && shown.rows[at].workers < workers)
            ++at;
    }
    if (!listed && std::isfinite(workers) && workers > 0) {
        const auto position = static_cast<std::ptrdiff_t>(at);
        shown.rows.insert(shown.rows.begin() + position,
                          scalingRows(result.workSeconds, scenario.workload.parallelFraction,
                                      {workers}, result.overheads, result.cost.pricePerWorkerHour)
                              .front());
        if (withBaseline)
            shown.baseline.insert(shown.baseline.begin() + position,
                                  scalingRows(baselineResult->workSeconds,
                                              baseline->workload.parallelFraction, {workers},
                                              baselineResult->overheads,
                                              baselineResult->cost.pricePerWorkerHour)
                                      .front());
        shown.inserted = static_cast<int>(at);
    }
    shown.highlighted = at < shown.rows.size() ? static_cast<int>(at) : -1;
    return shown;
}

QString scalingCell(const ScalingRow &row, ScalingColumn column)
{
    switch (column) {
    case ScalingColumn::Workers:
        return format::grouped(row.workers, 0);
    case ScalingColumn::LinearHours:
        return hoursText(row.linearHours);
    case ScalingColumn::LinearDays:
        return daysText(row.linearDays);
    case ScalingColumn::AmdahlSpeedup:
        return format::grouped(row.amdahlSpeedup, 2) + QStringLiteral("×");
    case ScalingColumn::AmdahlHours:
        return hoursText(row.amdahlHours);
    case ScalingColumn::AmdahlDays:
        return daysText(row.amdahlDays);
    case ScalingColumn::EffectiveHours:
        return hoursText(row.effectiveHours);
    case ScalingColumn::EffectiveDays:
        return daysText(row.effectiveDays);
    }
    return {};
}

QString hoursCell(double hours)
{
    return hoursText(hours);
}

QString scalingHeader(ScalingColumn column)
{
    switch (column) {
    case ScalingColumn::Workers:
        return tr("Workers");
    case ScalingColumn::LinearHours:
        return tr("Linear (h)");
    case ScalingColumn::LinearDays:
        return tr("Linear (days)");
    case ScalingColumn::AmdahlSpeedup:
        return tr("Amdahl S");
    case ScalingColumn::AmdahlHours:
        return tr("Amdahl (h)");
    case ScalingColumn::AmdahlDays:
        return tr("Amdahl (days)");
    case ScalingColumn::EffectiveHours:
        return tr("With overheads (h)");
    case ScalingColumn::EffectiveDays:
        return tr("With overheads (days)");
    }
    return {};
}

namespace {

using fieldregistry::Field;

/// The registry row of the member at a path of members of `s`.
template <typename... Members> const Field &rowAt(const Scenario &s, Members... path)
{
    const Field *row = fieldregistry::rowOf(s, path...);
    if (!row)
        qFatal("explain: an input with no registry row");
    return *row;
}

/// The report's row of a registry number: its label in the plan's words (labelFor), or the
/// report's own where it says more than a control's ("Keep fraction (pre-filtering)"); its
/// value as `text` shows it, "off" when unset.
template <typename Text>
std::pair<QString, QString> numberRow(const Scenario &s, const Field &row, Text text,
                                      const QString &reportLabel = {})
{
    const std::optional<double> value = row.get(s);
    return {reportLabel.isEmpty() ? row.labelFor(s) : reportLabel,
            value ? text(*value) : tr("off")};
}

} // namespace

std::vector<std::pair<QString, QString>> inputRows(const Scenario &s)
{
    const Workload &w = s.workload;
    auto ms = [](double v) { return format::milliseconds(v); };
    auto p = [](double v) { return format::trimmed(v, 4); };
    auto whole = [](double v) { return format::grouped(v, 0); };
    const auto gib = &format::gibibytes;
    // "2.5 s": the number with the row's own unit.
    auto withUnit = [&s](const Field &row) {
        return [unit = row.unitFor(s)](double v) {
            return format::trimmed(v, 2) + QLatin1Char(' ') + unit;
        };
    };
    const Field &workers = rowAt(s, &Scenario::workload, &Workload::workers);
    std::vector<std::pair<QString, QString>> rows{
        numberRow(s, rowAt(s, &Scenario::workload, &Workload::users),
                  [&w](double v) { return w.counted.count(v); }),
        numberRow(s, rowAt(s, &Scenario::workload, &Workload::predictionsPerUser), whole),
        numberRow(s, rowAt(s, &Scenario::workload, &Workload::latencyMs), ms),
        numberRow(s, rowAt(s, &Scenario::workload, &Workload::acceleratorLatencyMs), ms,
                  tr("Accelerator lever (latency on the accelerator)")),
        numberRow(s, rowAt(s, &Scenario::workload, &Workload::batchMsPerUser), ms,
                  tr("Batching lever (time per %1)").arg(w.counted.one)),
        numberRow(s, rowAt(s, &Scenario::workload, &Workload::keepFraction), p,
                  tr("Keep fraction (pre-filtering)")),
        numberRow(s, workers, [](double v) { return format::workers(v); }),
        numberRow(s, rowAt(s, &Scenario::workload, &Workload::parallelFraction), p),
        numberRow(s, rowAt(s, &Scenario::comparisonParallelFraction), p, tr("Compared p")),
        {tr("Execution"), s.execution == Execution::Sequential ? tr("sequential (sum of stages)")
                                                               : tr("pipelined (slowest stage)")},
        numberRow(s, rowAt(s, &Scenario::microbatches), whole),
    };
    for (size_t i = 0; i < s.stages.size(); ++i) {
        const Stage &stage = s.stages[i];
        rows.emplace_back(tr("Stage %1: %2").arg(i + 1).arg(stage.name),
                          stage.isScoring ? tr("from the workload")
                                          : ms(stage.msPerUser) + tr(" per ") + w.counted.one);
    }
    const Overheads &o = s.overheads;
    const Field &coldStart = rowAt(s, &Scenario::overheads, &Overheads::coldStartSeconds);
    rows.push_back(numberRow(s, coldStart, withUnit(coldStart)));
    rows.push_back(numberRow(s, rowAt(s, &Scenario::overheads, &Overheads::requestOverheadMs), ms));
    const Field &sharedCap = rowAt(s, &Scenario::overheads, &Overheads::sharedCapPerSecond);
    rows.push_back(numberRow(
        s, sharedCap, [&w](double v) { return format::ratePerSecond(v, w.counted.many); },
        QStringLiteral("%1 (%2)").arg(sharedCap.labelFor(s), o.sharedResourceName)));
    rows.push_back(numberRow(
        s, rowAt(s, &Scenario::overheads, &Overheads::dispatchCapPerSecond),
        [](double v) { return format::ratePerSecond(v, tr("shards")); },
        tr("Coordinator dispatch cap")));
    rows.push_back(numberRow(s, rowAt(s, &Scenario::overheads, &Overheads::usersPerShard), whole));
    rows.push_back(
        numberRow(s, rowAt(s, &Scenario::memory, &MemoryLimit::acceleratorMemoryBytes), gib));
    if (s.memory.acceleratorMemoryBytes) {
        rows.push_back(numberRow(s, rowAt(s, &Scenario::memory, &MemoryLimit::modelBytes), gib));
        rows.push_back(
            numberRow(s, rowAt(s, &Scenario::memory, &MemoryLimit::bytesPerItem), [](double v) {
                return format::trimmed(v / (1ULL << 20), 3) + QStringLiteral(" MiB");
            }));
    }
    const SimulationSettings &sim = s.simulation;
    // Only what the person set: no stragglers or failures reads "none", not a default's numbers.
    rows.emplace_back(tr("Stragglers"),
                      sim.stragglerProbability > 0
                          ? tr("%1% of shards, %2× slower")
                                .arg(format::trimmed(sim.stragglerProbability * 100, 2),
                                     format::trimmed(sim.stragglerFactor, 2))
                          : tr("none"));
    rows.push_back(numberRow(
        s, rowAt(s, &Scenario::simulation, &SimulationSettings::failureProbability),
        [](double v) {
            return v > 0 ? format::trimmed(v * 100, 2) + QStringLiteral("%") : tr("none");
        },
        tr("Failures per attempt")));
    const Field &checkpoint =
        rowAt(s, &Scenario::simulation, &SimulationSettings::checkpointSeconds);
    rows.push_back(numberRow(s, checkpoint, withUnit(checkpoint), tr("Checkpoint every")));
    rows.emplace_back(
        tr("Simulation"),
        tr("%1 trials, seed %2").arg(format::grouped(sim.trials, 0), format::grouped(sim.seed, 0)));
    rows.emplace_back(tr("Deadline"), s.goal.deadlineSeconds
                                          ? format::duration(*s.goal.deadlineSeconds)
                                          : tr("none set"));
    rows.push_back(numberRow(s, rowAt(s, &Scenario::goal, &GoalSettings::pricePerWorkerHour),
                             [&s](double v) { return format::money(v, s.goal.currency); }));
    // The device and the model, when they set the latency.
    const HardwareSettings &hw = s.hardware;
    if (hw.enabled) {
        const hardware::ModelSpec &m = hw.model;
        rows.emplace_back(tr("Device"), hw.device);
        rows.emplace_back(
            tr("Model"),
            m.kind == hardware::ModelKind::Direct
                ? tr("%1: %2 GFLOP per item").arg(m.name, format::trimmed(m.flopsPerItem / 1e9, 2))
                : tr("%1: %2 layers, hidden %3, %4 heads (%5 key/value)")
                      .arg(m.name, format::grouped(m.layers, 0), format::grouped(m.hidden, 0),
                           format::grouped(m.heads, 0), format::grouped(m.kvHeads, 0)));
        rows.emplace_back(tr("Tokens per item"), m.outputTokens > 0
                                                     ? tr("%1 in, %2 generated")
                                                           .arg(format::grouped(m.tokens, 0),
                                                                format::grouped(m.outputTokens, 0))
                                                     : format::grouped(m.tokens, 0));
        rows.emplace_back(tr("Bits (weights, activations)"),
                          QStringLiteral("%1, %2").arg(format::grouped(m.weightBits, 0),
                                                       format::grouped(m.activationBits, 0)));
        rows.push_back(numberRow(s, rowAt(s, &Scenario::hardware, &HardwareSettings::batch), whole,
                                 tr("Batch asked for")));
        rows.emplace_back(tr("Efficiency (compute, memory)"),
                          QStringLiteral("%1 %, %2 %")
                              .arg(format::trimmed(hw.efficiency.compute * 100, 1),
                                   format::trimmed(hw.efficiency.memory * 100, 1)));
        rows.emplace_back(tr("Workers priced at"), hw.devicePrice
                                                       ? tr("the device's price per hour")
                                                       : tr("the price per worker-hour above"));
    }
    return rows;
}

std::vector<QStringList> scalingTableRows(const std::vector<ScalingRow> &rows, bool withOverheads)
{
    const int columns = kScalingColumnCount + (withOverheads ? kScalingOverheadColumnCount : 0);
    std::vector<QStringList> table;
    QStringList header;
    for (int c = 0; c < columns; ++c)
        header << scalingHeader(static_cast<ScalingColumn>(c));
    table.push_back(header);
    for (const ScalingRow &row : rows) {
        QStringList cells;
        for (int c = 0; c < columns; ++c)
            cells << scalingCell(row, static_cast<ScalingColumn>(c));
        table.push_back(cells);
    }
    return table;
}

QString bottleneckName(const Scenario &s, const ScenarioResult &r)
{
    if (r.bottleneckIndex < 0 || r.bottleneckIndex >= static_cast<int>(s.stages.size()))
        return {};
    const auto index = static_cast<size_t>(r.bottleneckIndex);
    return s.stages[index].name + QStringLiteral(" (") + format::milliseconds(r.stageMs[index]) +
           QStringLiteral(")");
}

QString bottleneck(const Scenario &s, const ScenarioResult &r)
{
    if (s.stages.size() <= 1)
        return tr("one stage: it sets the pace");
    return tr("slowest stage, max of the stage times (first on ties); speeding up any other "
              "stage leaves the pipelined rate at ") +
           format::ratePerSecond(1000.0 / r.stageMs[static_cast<size_t>(r.bottleneckIndex)],
                                 s.workload.counted.many) +
           tr(" per worker");
}

std::vector<QStringList> breakdownRows(const tail::Breakdown &b, const QString &startLabel)
{
    std::vector<QStringList> rows{
        {tr("Where the time goes"), QStringLiteral("P50"), QStringLiteral("P90")},
        {startLabel, format::duration(b.startSeconds), format::duration(b.startSeconds)}};
    for (size_t i = 0; i < b.toP50.size() && i < b.toP90.size(); ++i)
        rows.push_back({b.toP50[i].label, format::signedDuration(b.toP50[i].seconds),
                        format::signedDuration(b.toP90[i].seconds)});
    rows.push_back(
        {tr("Simulated"), format::duration(b.p50Seconds), format::duration(b.p90Seconds)});
    return rows;
}

std::vector<QStringList> scheduleTableRows(const std::vector<schedule::Result> &schedules)
{
    std::vector<QStringList> rows{{tr("Schedule"), tr("Makespan"), tr("Bubble (share idle)"),
                                   tr("Bubble ratio (idle / ideal)"),
                                   tr("Peak in flight (microbatches)"), tr("Ops")}};
    rows.reserve(schedules.size() + 1);
    // With a memory budget, a last column says which schedules fit it.
    const bool budget = std::any_of(schedules.begin(), schedules.end(), [](const auto &r) {
        return schedule::memoryLimit(r.params).has_value();
    });
    if (budget)
        rows.front() << tr("Fits the budget");
    for (const schedule::Result &r : schedules) {
        rows.push_back({schedule::displayName(r.params.kind), format::milliseconds(r.makespanMs),
                        format::trimmed(r.bubbleFraction * 100, 1) + QStringLiteral(" %"),
                        format::trimmed(r.bubbleRatio, 3), format::trimmed(r.maxPeakInFlight(), 2),
                        format::grouped(static_cast<double>(r.ops.size()), 0)});
        if (budget)
            rows.back() << (r.fitsMemory ? tr("yes") : tr("no, over"));
    }
    return rows;
}

namespace {
QString timesText(const std::vector<double> &times)
{
    QStringList parts;
    for (double t : times)
        parts << format::trimmed(t, 3);
    return parts.join(QStringLiteral(", ")) +
           (times.size() == 1 ? tr(" ms (every device)") : QStringLiteral(" ms"));
}
} // namespace

std::vector<std::pair<QString, QString>> trainingRows(const TrainingSettings &t)
{
    QStringList compared;
    for (schedule::Kind kind : trainingKinds(t))
        compared << schedule::displayName(kind);
    std::vector<std::pair<QString, QString>> rows{
        {tr("Schedules"), compared.join(QStringLiteral(", "))},
        {tr("Devices p"), format::grouped(t.devices, 0)},
        {tr("Microbatches m"), format::grouped(t.microbatches, 0)},
        {tr("Virtual stages v (interleaved)"),
         format::grouped(t.virtualStages, 0) + tr(" chunks per device")},
        {tr("Forward F"), timesText(t.forwardMs)},
        {tr("Backward B (input gradients)"), timesText(t.backwardMs)},
        {tr("Weight gradients W"), t.weightMs.size() == 1 && t.weightMs.front() == 0
                                       ? tr("inside B")
                                       : timesText(t.weightMs)},
        {tr("Communication between devices"), format::milliseconds(t.commMs)},
    };
    if (t.interleavedRule != schedule::InterleavedRule::Current)
        rows.emplace_back(tr("Interleaved warm-up"),
                          tr("Megatron-LM 2021 (all forwards first at m = p)"));
    const schedule::Params params = trainingParams(t, t.schedule);
    if (const std::optional<double> limit = schedule::memoryLimit(params)) {
        QString budget = format::trimmed(*limit, 2) + tr(" microbatches per device");
        if (t.activationBytesPerMicrobatch && t.deviceMemoryBytes)
            budget += tr(" (%1 for %2 a microbatch)")
                          .arg(format::gibibytes(*t.deviceMemoryBytes),
                               format::gibibytes(*t.activationBytesPerMicrobatch));
        rows.emplace_back(tr("Activation memory budget"), budget);
    }
    return rows;
}

QString leverFactor(double beforeSeconds, double afterSeconds, bool applied)
{
    QString unchanged = tr("unchanged");
    if (!applied || !(beforeSeconds > 0) || !(afterSeconds > 0))
        return unchanged;
    const bool faster = afterSeconds <= beforeSeconds;
    const double factor = faster ? beforeSeconds / afterSeconds : afterSeconds / beforeSeconds;
    // Three significant digits: 49.76 reads 49.8, 1.333 reads 1.33, 10,000 stays whole.
    const int decimals = factor >= 100 ? 0 : factor >= 10 ? 1 : 2;
    const QString digits = format::trimmed(factor, decimals);
    if (digits == QLatin1String("1"))
        return unchanged;
    return (faster ? QStringLiteral("÷") : QStringLiteral("×")) + digits;
}

QStringList leverFactors(const std::vector<LeverStep> &steps)
{
    QStringList factors;
    for (size_t i = 0; i < steps.size(); ++i)
        factors << (i == 0 ? QString()
                           : leverFactor(steps[i - 1].runtimeSeconds, steps[i].runtimeSeconds,
                                         steps[i].applied));
    return factors;
}

QString biggestLever(const std::vector<LeverStep> &steps)
{
    int best = -1;
    double bestFactor = 1;
    for (size_t i = 1; i < steps.size(); ++i) {
        const double before = steps[i - 1].runtimeSeconds;
        const double after = steps[i].runtimeSeconds;
        if (!steps[i].applied || !(before > 0) || !(after > 0) || after >= before)
            continue;
        if (before / after > bestFactor) {
            bestFactor = before / after;
            best = static_cast<int>(i);
        }
    }
    if (best < 0 ||
        leverFactor(steps[static_cast<size_t>(best) - 1].runtimeSeconds,
                    steps[static_cast<size_t>(best)].runtimeSeconds, true) == tr("unchanged"))
        return tr("none");
    const LeverStep &step = steps[static_cast<size_t>(best)];
    return QStringLiteral("%1 %2 (%3)")
        .arg(step.name,
             leverFactor(steps[static_cast<size_t>(best) - 1].runtimeSeconds, step.runtimeSeconds,
                         true),
             step.explanation);
}

QString question(const Scenario &s, const ScenarioResult &r)
{
    const Workload &w = s.workload;
    auto counted = [](double n, const char *one, const char *many) {
        return format::count(n, QLatin1String(n == 1 ? one : many));
    };
    QString users = w.counted.count(r.usersScored);
    if (w.keepFraction < 1.0)
        users += tr(" (the %1% kept of %2)").arg(num(w.keepFraction * 100, 2), num(w.users, 0));
    const QString job = tr("How long does scoring %1 × %2 take on %3")
                            .arg(users, counted(w.predictionsPerUser, "prediction", "predictions"),
                                 counted(w.workers, "worker", "workers"));
    if (s.goal.deadlineSeconds)
        return job +
               tr(", and can it finish within %1?").arg(format::duration(*s.goal.deadlineSeconds));
    return job + QLatin1Char('?');
}

QString priceText(const CostSummary &price)
{
    const QString perHour = format::money(price.pricePerWorkerHour, price.currency);
    return price.priceSource.isEmpty() ? tr("%1/worker-h").arg(perHour)
                                       : tr("%1/worker-h (%2)").arg(perHour, price.priceSource);
}

std::vector<QStringList> goalSeekRows(const goalseek::Result &result, const CostSummary &price,
                                      const uncertainty::Result *ranges)
{
    const QString &currency = price.currency;
    std::vector<QStringList> rows{{tr("Model"), tr("Fewest workers"), tr("Finishes in"),
                                   tr("Cost at %1").arg(priceText(price)), tr("Why not")}};
    for (const goalseek::Option &option : result.options)
        rows.push_back({option.method, option.workers ? num(*option.workers, 0) : tr("impossible"),
                        option.workers ? format::duration(option.runtimeSeconds) : QString(),
                        option.workers ? format::money(option.cost, currency) : QString(),
                        option.reason});
    if (ranges && ranges->active) {
        for (const uncertainty::Result::Fewest &f : ranges->fewest) {
            const QString name = QStringLiteral("P%1").arg(format::trimmed(f.q * 100, 0));
            if (!f.workers) {
                rows.push_back({tr("over the ranges, ") + name, tr("impossible"), QString(),
                                QString(),
                                tr("even %1 workers leave the %2 over %3")
                                    .arg(num(fields::workers.max, 0), name,
                                         format::duration(ranges->deadlineSeconds))});
                continue;
            }
            const double fewestCost =
                cost::ofJob(*f.workers, f.runtimeSeconds, price.pricePerWorkerHour);
            rows.push_back({tr("over the ranges, ") + name, num(*f.workers, 0),
                            format::duration(f.runtimeSeconds), format::money(fewestCost, currency),
                            QString()});
        }
    }
    return rows;
}

QString fewestWorkersText(const uncertainty::Result &result)
{
    if (!result.active || result.fewest.size() < 2)
        return {};
    const auto &p50 = result.fewest[0];
    const auto &p90 = result.fewest[1];
    if (!p50.workers)
        return tr("no worker count brings P50 within %1")
            .arg(format::duration(result.deadlineSeconds));
    const QString first = tr("P50 needs %1 workers").arg(num(*p50.workers, 0));
    return p90.workers ? first + QStringLiteral(", P90 %1").arg(num(*p90.workers, 0))
                       : first + tr("; no worker count brings P90 within %1")
                                     .arg(format::duration(result.deadlineSeconds));
}

QString runtimeBand(double runtimeSeconds, double lowSeconds, double highSeconds)
{
    return tr("%1, 95 %: %2 to %3")
        .arg(format::duration(runtimeSeconds), format::duration(lowSeconds),
             format::duration(highSeconds));
}

std::vector<QStringList> fitRows(const fit::Result &result, const QString &unit)
{
    std::vector<QStringList> rows{
        {tr("Law"), tr("Parameter"), tr("Value"), tr("Std. error"), tr("95 % interval")}};
    auto estimate = [&rows](const QString &law, const QString &name, const fit::Estimate &e,
                            int decimals) {
        rows.push_back({law, name, num(e.value, decimals), num(e.standardError, decimals),
                        tr("%1 to %2").arg(num(e.low, decimals), num(e.high, decimals))});
    };
    auto quality = [&rows, &unit](const QString &law, double rmse, double rSquared) {
        rows.push_back({law, tr("RMSE (%1)").arg(unit), num(rmse, 4), QString(), QString()});
        rows.push_back({law, QStringLiteral("R²"), num(rSquared, 4), QString(), QString()});
    };
    const QString amdahl = tr("Amdahl");
    const QString usl = tr("USL");
    if (const auto &a = result.amdahl) {
        estimate(amdahl, tr("p (parallel fraction)"), a->p, 4);
        estimate(amdahl, tr("λ (%1 at one worker)").arg(unit), a->lambda, 4);
        quality(amdahl, a->rmse, a->rSquared);
    }
    if (const auto &u = result.usl) {
        estimate(usl, tr("σ (contention)"), u->sigma, 6);
        estimate(usl, tr("κ (coherency)"), u->kappa, 6);
        estimate(usl, tr("λ (%1 at one worker)").arg(unit), u->lambda, 4);
        quality(usl, u->rmse, u->rSquared);
        rows.push_back({usl, tr("Peak N* = √((1 − σ) / κ) (workers)"),
                        u->peakWorkers ? num(*u->peakWorkers, 0) : tr("none (κ = 0)"), QString(),
                        QString()});
    }
    return rows;
}

std::vector<QStringList> runRows(const fit::Runs &runs)
{
    const bool runtime = runs.measure == fit::Measure::RuntimeSeconds;
    std::vector<QStringList> rows{
        {tr("Workers"), runtime ? tr("Runtime (s)") : tr("Throughput (items/s)")}};
    for (const fit::Run &run : runs.runs)
        rows.push_back({num(run.workers, 0), num(run.value, 4)});
    return rows;
}

QString runtimePercentiles(const uncertainty::Result &result)
{
    if (!result.active)
        return {};
    const uncertainty::Percentiles &p = result.runtimeSeconds;
    return QStringLiteral("P10 %1 · P50 %2 · P90 %3")
        .arg(format::duration(p.p10), format::duration(p.p50), format::duration(p.p90));
}

QString costPercentiles(const uncertainty::Result &result)
{
    if (!result.active)
        return {};
    const uncertainty::Percentiles &p = result.cost;
    return QStringLiteral("P10 %1 · P50 %2 · P90 %3")
        .arg(format::money(p.p10, result.currency), format::money(p.p50, result.currency),
             format::money(p.p90, result.currency));
}

QString chancePercent(const uncertainty::Result &result)
{
    if (!result.active || !result.pMeetDeadline)
        return {};
    // Never "0 %" or "100 %" for a chance that is neither.
    const double percent = *result.pMeetDeadline * 100;
    return percent > 0 && percent < 0.5      ? QStringLiteral("< 1")
           : percent < 100 && percent > 99.5 ? QStringLiteral("> 99")
                                             : format::grouped(percent, 0);
}

QString chanceToMeet(const uncertainty::Result &result)
{
    if (!result.active || !result.pMeetDeadline)
        return {};
    return tr("%1 % to finish within %2")
        .arg(chancePercent(result), format::duration(result.deadlineSeconds));
}

std::vector<QStringList> rangeRows(const Scenario &scenario)
{
    std::vector<QStringList> rows{{tr("Input"), tr("Range"), tr("Median")}};
    for (const auto &[key, range] : scenario.uncertainty.ranges) {
        const std::optional<uncertainty::Input> in = uncertainty::input(scenario, key);
        if (!in)
            continue;
        const QString unit = in->unit.isEmpty() ? QString() : QLatin1Char(' ') + in->unit;
        const QString kind = range.kind == Range::Kind::ThreePoint ? tr(" (low/likely/high)")
                                                                   : QStringLiteral(" (90 %)");
        rows.push_back({in->label, rangeText(range) + unit + kind,
                        uncertainty::valueText(*in, rangeMedian(range, in->support))});
    }
    return rows;
}

std::vector<QStringList> driverRows(const uncertainty::Result &result)
{
    const bool deadline = result.pMeetDeadline.has_value();
    QStringList header{tr("Input"), tr("Range"), tr("Share of the spread")};
    if (deadline)
        header << tr("For P%1 within %2")
                      .arg(format::trimmed(result.percentile * 100, 0),
                           format::duration(result.deadlineSeconds));
    std::vector<QStringList> rows{header};
    for (const uncertainty::Driver &d : result.drivers) {
        QStringList row{d.label, d.rangeText,
                        format::trimmed(d.varianceShare * 100, 1) + QStringLiteral(" %")};
        if (deadline)
            row << (d.needed ? tr("median ") + d.neededText : tr("not by this alone"));
        rows.push_back(row);
    }
    return rows;
}

std::vector<QStringList> whatItTakesRows(const whatittakes::Result &result)
{
    std::vector<QStringList> rows{
        {tr("Lever"), tr("Alone, it must be"), tr("Change, or why not"), tr("Runtime then")}};
    for (const whatittakes::Row &row : result.rows) {
        if (!row.possible) {
            rows.push_back({row.lever, tr("cannot alone"), row.reason, QString()});
            continue;
        }
        rows.push_back({row.lever,
                        !row.choice.isEmpty()
                            ? row.neededText
                            : (row.atLeast ? tr("at least ") : tr("at most ")) + row.neededText,
                        row.changeText, format::duration(row.runtimeSeconds)});
    }
    return rows;
}

namespace {
/// The target as a title names it: "3.33 minutes", "a budget of $10", or both.
QString targetText(bool deadlineOn, double deadlineSeconds, const std::optional<double> &budget,
                   const QString &currency)
{
    QString target;
    if (deadlineOn)
        target = format::duration(deadlineSeconds);
    if (budget) {
        const QString money = format::money(*budget, currency);
        target = target.isEmpty() ? tr("a budget of %1").arg(money)
                                  : tr("%1 and a budget of %2").arg(target, money);
    }
    return target;
}
} // namespace

QString whatItTakesTitle(const whatittakes::Result &result)
{
    // The target: the deadline, the budget, or both.
    const QString target =
        targetText(result.deadlineOn, result.deadlineSeconds, result.budget, result.currency);
    if (result.meetsNow)
        return tr("Meets %1%2: how far each lever alone can move and still meet it")
            .arg(result.deadlineOn ? tr("the deadline of ") : QString(), target);
    return (result.deadlineOn ? tr("What it would take to finish within %1: each lever alone, "
                                   "everything else as it is")
                              : tr("What it would take to stay within %1: each lever alone, "
                                   "everything else as it is"))
        .arg(target);
}

QString planeValueText(const whatittakes::PlaneAxis &axis, double value)
{
    const QString number = format::trimmed(value, axis.decimals);
    return axis.unit.isEmpty() ? axis.lever.toLower() + QLatin1Char(' ') + number
                               : format::count(value, axis.unit);
}

QString planePointText(const whatittakes::Plane &plane, const whatittakes::PlanePoint &point)
{
    return tr("%1 and %2: %3, runtime %4")
        .arg(planeValueText(plane.x, point.x), planeValueText(plane.y, point.y),
             format::money(point.cost, plane.currency), format::duration(point.runtimeSeconds));
}

QString planeTarget(const whatittakes::Plane &plane)
{
    if (plane.deadlineOn && plane.budget)
        return tr("the deadline and the budget");
    return plane.budget ? tr("the budget") : tr("the deadline");
}

QStringList planeLines(const whatittakes::Plane &plane)
{
    if (!plane.active)
        return {tr("No plane: ") + plane.reason + QLatin1Char('.')};
    QStringList lines;
    const QString target = plane.deadlineOn
                               ? tr("the deadline ") + targetText(true, plane.deadlineSeconds,
                                                                  plane.budget, plane.currency)
                               : targetText(false, 0, plane.budget, plane.currency);
    lines << tr("%1 against %2, everything else as it is; %3.")
                 .arg(plane.x.lever, plane.y.lever.toLower(), target);
    lines << tr("The plan: ") + planePointText(plane, plane.plan) +
                 (plane.meetsNow ? tr(" (meets it).") : tr(" (misses)."));
    if (!plane.cheapest) {
        lines << tr("No combination on this plane meets %1.").arg(planeTarget(plane));
        return lines;
    }
    const QString nearest =
        plane.nearest ? tr("Smallest move that meets it: ") + planePointText(plane, *plane.nearest)
                      : QString();
    QString cheapest = tr("Cheapest that meets it: ") + planePointText(plane, *plane.cheapest);
    // Why the cheapest does not lead, after it: it costs no less than the smallest move, or it
    // is where an axis stops (the model prices no loss from pruning or a faster model).
    if (plane.leadReason == whatittakes::PlaneLead::CostTies) {
        cheapest += tr(", no cheaper than the smallest move (within %1 %)")
                        .arg(format::trimmed(whatittakes::kCostTieRelative * 100, 1));
    } else if (plane.leadReason == whatittakes::PlaneLead::CheapestAtEnd) {
        const whatittakes::PlaneAxis &axis = plane.endKey == plane.x.key ? plane.x : plane.y;
        cheapest = tr("Cheapest in the model: ") + planePointText(plane, *plane.cheapest) +
                   (axis.fieldLimits ? tr("; at the %1's limit, where the cost still "
                                          "falls")
                                     : tr("; at the end of the %1 drawn, where the "
                                          "cost still falls"))
                       .arg(axis.lever.toLower());
    }
    if (plane.leadsWithNearest)
        lines << nearest + QLatin1Char('.') << cheapest + QLatin1Char('.');
    else if (plane.nearest)
        lines << cheapest + QLatin1Char('.') << nearest + QLatin1Char('.');
    else
        lines << cheapest + QLatin1Char('.');
    return lines;
}

} // namespace pipeplan::explain
