// simulate and deadline: the distributed job simulated with its cold starts, stragglers,
// failures and retries, and the fewest workers that meet a deadline (goal seek).

#include "app/cli/cli.h"
#include "app/cli/commands.h"

#include "core/base/fields.h"
#include "core/base/format.h"
#include "core/plan/evaluation.h"
#include "core/plan/explain.h"
#include "core/plan/goalseek.h"
#include "core/plan/planresult.h"
#include "core/tail/simulate.h"
#include "core/tail/tailbreakdown.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <optional>

namespace pipeplan::cli {

namespace {

// The rows the simulation's flags read, each found by its member.
const fieldregistry::Field &coldStartRow()
{
    return rowFor(&Scenario::overheads, &Overheads::coldStartSeconds);
}
const fieldregistry::Field &dispatchCapRow()
{
    return rowFor(&Scenario::overheads, &Overheads::dispatchCapPerSecond);
}
const fieldregistry::Field &stragglerProbabilityRow()
{
    return rowFor(&Scenario::simulation, &SimulationSettings::stragglerProbability);
}
const fieldregistry::Field &stragglerFactorRow()
{
    return rowFor(&Scenario::simulation, &SimulationSettings::stragglerFactor);
}
const fieldregistry::Field &failureProbabilityRow()
{
    return rowFor(&Scenario::simulation, &SimulationSettings::failureProbability);
}
const fieldregistry::Field &checkpointRow()
{
    return rowFor(&Scenario::simulation, &SimulationSettings::checkpointSeconds);
}
const fieldregistry::Field &checkpointCostRow()
{
    return rowFor(&Scenario::simulation, &SimulationSettings::checkpointCostSeconds);
}
/// simulate's --trials; deadline's are the goal's (goalTrialsRow), under the same flag.
const fieldregistry::Field &simulationTrialsRow()
{
    return rowFor(&Scenario::simulation, &SimulationSettings::trials);
}
const fieldregistry::Field &goalTrialsRow()
{
    return rowFor(&Scenario::goal, &GoalSettings::trials);
}
const fieldregistry::Field &seedRow()
{
    return rowFor(&Scenario::simulation, &SimulationSettings::seed);
}
const fieldregistry::Field &priceRow()
{
    return rowFor(&Scenario::goal, &GoalSettings::pricePerWorkerHour);
}

/// The simulation's flags: the contract names plus the extras (caps, serial time).
std::vector<FlagDef> simulationFlags(bool withWorkers)
{
    std::vector<FlagDef> flags{
        {QStringLiteral("shards"), FlagKind::Value,
         QCoreApplication::translate("pipeplan::cli", "shards S (required)")},
        {QStringLiteral("shard-seconds"), FlagKind::Value,
         QCoreApplication::translate("pipeplan::cli", "seconds D per shard (required)")},
    };
    if (withWorkers)
        flags.push_back({QStringLiteral("workers"), FlagKind::Value,
                         QCoreApplication::translate("pipeplan::cli", "workers W (required)")});
    const std::vector<FlagDef> rest{
        valueFlag(coldStartRow(), QCoreApplication::translate(
                                      "pipeplan::cli", "cold start C per worker in s; default 0")),
        valueFlag(stragglerProbabilityRow(),
                  QCoreApplication::translate(
                      "pipeplan::cli", "chance q in [0, 1) that a shard straggles; default 0")),
        valueFlag(stragglerFactorRow(),
                  QCoreApplication::translate("pipeplan::cli", "a straggler takes k x D, k >= 1 "
                                                               "(required with --straggler-prob)")),
        valueFlag(failureProbabilityRow(),
                  QCoreApplication::translate(
                      "pipeplan::cli", "chance f in [0, 1) that an attempt fails; default 0")),
        valueFlag(checkpointRow(),
                  QCoreApplication::translate("pipeplan::cli",
                                              "checkpoint every K s of work; retries resume "
                                              "there (default: none)")),
        valueFlag(checkpointCostRow(),
                  QCoreApplication::translate("pipeplan::cli",
                                              "seconds each checkpoint takes; default 0")),
        valueFlag(dispatchCapRow(), QCoreApplication::translate(
                                        "pipeplan::cli", "coordinator hands out at most this many "
                                                         "shards/s (default: no cap)")),
        {QStringLiteral("serial-s"), FlagKind::Value,
         QCoreApplication::translate(
             "pipeplan::cli", "serial seconds no worker shares (Amdahl's residue); default 0")},
        {QStringLiteral("backups"), FlagKind::Switch,
         QCoreApplication::translate(
             "pipeplan::cli", "what-if: speculative backup copies of slow shards once the queue is "
                              "empty")},
        valueFlag(simulationTrialsRow(),
                  QCoreApplication::translate("pipeplan::cli", "trials T; default 1000")),
        valueFlag(seedRow(), QCoreApplication::translate(
                                 "pipeplan::cli",
                                 "random seed N; the same seed gives the same result; default 1")),
    };
    flags.insert(flags.end(), rest.begin(), rest.end());
    return flags;
}

/// The simulated job from flags alone; `trialsRow` is the row --trials reads (the simulation's,
/// or the goal seek's per worker count).
simulation::Params simulationFromFlags(const Flags &flags, double workers,
                                       const fieldregistry::Field &trialsRow, double defaultTrials)
{
    simulation::Params p;
    p.shards = flags.number(QStringLiteral("shards"), fields::shards);
    p.shardSeconds = flags.number(QStringLiteral("shard-seconds"), fields::shardSeconds);
    p.workers = workers;
    p.coldStartSeconds = flags.number(coldStartRow(), 0.0);
    p.stragglerProbability = flags.number(stragglerProbabilityRow(), 0.0);
    if (p.stragglerProbability > 0 && !flags.has(stragglerFactorRow()))
        throw InvalidInput{
            QCoreApplication::translate("pipeplan::cli",
                                        "--%1: required with --%2 (how many times slower a "
                                        "straggler is)")
                .arg(flagName(stragglerFactorRow()), flagName(stragglerProbabilityRow()))};
    p.stragglerFactor = flags.number(stragglerFactorRow(), 1.0);
    p.failureProbability = flags.number(failureProbabilityRow(), 0.0);
    p.checkpointSeconds = flags.optionalNumber(checkpointRow()).value_or(0);
    p.checkpointCostSeconds = flags.number(checkpointCostRow(), 0.0);
    p.dispatchPerSecond = flags.optionalNumber(dispatchCapRow()).value_or(0);
    p.serialSeconds = flags.number(QStringLiteral("serial-s"), fields::serialSeconds, 0.0);
    p.speculativeBackups = flags.isSet(QStringLiteral("backups"));
    p.trials = static_cast<int>(flags.number(trialsRow, defaultTrials));
    p.seed = static_cast<std::uint64_t>(flags.number(seedRow(), 1.0));
    if (const std::vector<FieldError> errors = simulation::validate(p); !errors.empty())
        throw InvalidInput{flagForKey(errors.front().field) + QStringLiteral(": ") +
                           errors.front().message};
    return p;
}

QJsonObject simulationJson(const simulation::Result &r)
{
    QJsonArray counts;
    for (long long count : r.histogram.counts)
        counts.append(static_cast<double>(count));
    return QJsonObject{
        {QStringLiteral("trials"), r.trials},
        {QStringLiteral("mean_seconds"), r.meanSeconds},
        {QStringLiteral("p50_seconds"), r.p50Seconds},
        {QStringLiteral("p90_seconds"), r.p90Seconds},
        {QStringLiteral("p99_seconds"), r.p99Seconds},
        {QStringLiteral("min_seconds"), r.minSeconds},
        {QStringLiteral("max_seconds"), r.maxSeconds},
        {QStringLiteral("histogram"),
         QJsonObject{{QStringLiteral("min_seconds"), r.histogram.minValue},
                     {QStringLiteral("bin_seconds"), r.histogram.binWidth},
                     {QStringLiteral("counts"), counts}}},
    };
}

std::vector<std::pair<QString, QString>> simulationRows(const simulation::Result &r)
{
    auto row = [](const QString &label, double seconds) {
        return std::pair{label, format::duration(seconds) + QStringLiteral("  (") +
                                    format::grouped(seconds, 2) + QStringLiteral(" s)")};
    };
    return {{QCoreApplication::translate("pipeplan::cli", "Trials"), format::grouped(r.trials, 0)},
            row(QCoreApplication::translate("pipeplan::cli", "Mean"), r.meanSeconds),
            row(QCoreApplication::translate("pipeplan::cli", "P50"), r.p50Seconds),
            row(QCoreApplication::translate("pipeplan::cli", "P90"), r.p90Seconds),
            row(QCoreApplication::translate("pipeplan::cli", "P99"), r.p99Seconds),
            row(QCoreApplication::translate("pipeplan::cli", "Fastest"), r.minSeconds),
            row(QCoreApplication::translate("pipeplan::cli", "Slowest"), r.maxSeconds)};
}

QJsonArray breakdownJson(const std::vector<tail::Step> &steps)
{
    QJsonArray array;
    for (const tail::Step &step : steps)
        array.append(QJsonObject{{QStringLiteral("cause"), step.cause},
                                 {QStringLiteral("seconds"), step.seconds}});
    return array;
}

/// "Where the time goes": the closed form, each random cause's change of P50 and P90, the
/// percentiles; nothing when the job has no random cause.
void printBreakdown(QTextStream &out, const tail::Breakdown &b)
{
    if (b.toP50.empty())
        return;
    const std::vector<QStringList> rows = explain::breakdownRows(
        b, QCoreApplication::translate("pipeplan::cli", "Closed form (no tail)"));
    qsizetype widths[3] = {0, 0, 0};
    for (const QStringList &row : rows) {
        for (qsizetype c = 0; c < 3; ++c)
            widths[c] = std::max(widths[c], row[c].size());
    }
    out << '\n';
    for (const QStringList &row : rows)
        out << row[0].leftJustified(widths[0] + 2) << row[1].rightJustified(widths[1]) << "  "
            << row[2].rightJustified(widths[2]) << '\n';
}

int runSimulate(const Flags &flags, QTextStream &out)
{
    const double workers = flags.number(QStringLiteral("workers"), fields::simulatedWorkers);
    const simulation::Params params =
        simulationFromFlags(flags, workers, simulationTrialsRow(), 1000);
    // The one set-up of a simulated job (core's simulateTail); no headline here, so the
    // breakdown starts from the closed form.
    const SimulatedTail simulated = simulateTail(params, std::nullopt);
    const simulation::Result &result = simulated.result;
    const std::optional<simulation::Result> &withoutBackups = simulated.withoutBackups;
    const double closedForm = simulation::closedFormSeconds(params);
    const tail::Breakdown &breakdown = *simulated.breakdown;
    if (flags.isSet(kJson.name)) {
        QJsonObject object = simulationJson(result);
        object.insert(QStringLiteral("closed_form_seconds"), closedForm);
        object.insert(QStringLiteral("breakdown"), breakdownJson(breakdown.toP50));
        object.insert(QStringLiteral("breakdown_p90"), breakdownJson(breakdown.toP90));
        object.insert(QStringLiteral("shards"), params.shards);
        object.insert(QStringLiteral("workers"), params.workers);
        object.insert(QStringLiteral("seed"), static_cast<double>(params.seed));
        object.insert(QStringLiteral("backups"), params.speculativeBackups);
        if (withoutBackups)
            object.insert(QStringLiteral("without_backups"), simulationJson(*withoutBackups));
        printJson(out, object);
        return kExitOk;
    }
    out << (params.speculativeBackups
                ? QCoreApplication::translate("pipeplan::cli",
                                              "Simulated %1 over %2 with speculative backups")
                : QCoreApplication::translate("pipeplan::cli", "Simulated %1 over %2"))
               .arg(format::count(params.shards,
                                  QCoreApplication::translate("pipeplan::cli", "shards")),
                    format::count(params.workers,
                                  QCoreApplication::translate("pipeplan::cli", "workers")))
        << '\n';
    std::vector<std::pair<QString, QString>> rows = simulationRows(result);
    rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Closed form (no tail)"),
                      format::duration(closedForm) + QStringLiteral("  (") +
                          format::grouped(closedForm, 2) + QStringLiteral(" s)"));
    if (withoutBackups)
        rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "P90 without backups"),
                          format::duration(withoutBackups->p90Seconds));
    printRows(out, rows);
    printBreakdown(out, breakdown);
    return kExitOk;
}

QJsonValue optionalJson(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

/// With a scenario file, deadline's simulation flags change the file's settings, as --set with
/// the file's key would; the job's shape (shards, shard time, serial time) comes from the file's
/// workload, so those flags are refused with the key that sets it.
void applySimulationFlags(const Flags &flags, Scenario &s)
{
    const QLatin1StringView perShard(rowFor(&Scenario::overheads, &Overheads::usersPerShard).path);
    const QLatin1StringView latency(rowFor(&Scenario::workload, &Workload::latencyMs).path);
    const QLatin1StringView parallel(rowFor(&Scenario::workload, &Workload::parallelFraction).path);
    const std::pair<QString, QString> derived[] = {
        {QStringLiteral("shards"),
         QCoreApplication::translate("pipeplan::cli", "%1 (shards = users / users per shard)")
             .arg(perShard)},
        {QStringLiteral("shard-seconds"),
         QCoreApplication::translate("pipeplan::cli", "%1 or %2").arg(perShard, latency)},
        {QStringLiteral("serial-s"), parallel}};
    for (const auto &[flag, key] : derived) {
        if (flags.has(flag))
            throw InvalidInput{
                QCoreApplication::translate("pipeplan::cli",
                                            "--%1: comes from the scenario file's workload; "
                                            "use --set %2")
                    .arg(flag, key)};
    }
    // Each flag given sets its row's number, as --set with the row's key would.
    const fieldregistry::Field *const rows[] = {&stragglerProbabilityRow(),
                                                &stragglerFactorRow(),
                                                &failureProbabilityRow(),
                                                &checkpointRow(),
                                                &checkpointCostRow(),
                                                &seedRow(),
                                                &coldStartRow(),
                                                &dispatchCapRow()};
    for (const fieldregistry::Field *row : rows) {
        if (flags.has(*row))
            row->set(s, flags.number(*row));
    }
    if (flags.isSet(QStringLiteral("backups")))
        s.simulation.speculativeBackups = true;
}

int runDeadline(const Flags &flags, QTextStream &out)
{
    goalseek::Inputs in;
    std::optional<goalseek::Result> seeked;
    QString currency = GoalSettings{}.currency;
    if (!flags.positional().isEmpty()) {
        // A scenario file: its workload, overheads, simulation and goal settings, with any
        // simulation flag applied on top, evaluated as every command evaluates a plan.
        Plan plan = loadPlanArgument(flags);
        applySimulationFlags(flags, plan.scenario);
        GoalSettings &goal = plan.scenario.goal;
        goal.trials = flags.number(goalTrialsRow(), goal.trials);
        // --deadline-s sets the Goal's deadline, as --set goal.deadline_s would; a plan without
        // one is not sought for a hidden one.
        const fieldregistry::Field &deadline =
            rowFor(&Scenario::goal, &GoalSettings::deadlineSeconds);
        if (flags.has(QStringLiteral("deadline-s")))
            goal.deadlineSeconds = flags.number(QStringLiteral("deadline-s"), *deadline.spec);
        if (!goal.deadlineSeconds)
            throw InvalidInput{
                QCoreApplication::translate(
                    "pipeplan::cli", "%1 sets no deadline: give --deadline-s or --set %2=SECONDS")
                    .arg(flags.positional().first(), QLatin1StringView(deadline.path))};
        goal.pricePerWorkerHour = flags.number(priceRow(), goal.pricePerWorkerHour);
        if (flags.has(QStringLiteral("currency")))
            goal.currency = flags.text(QStringLiteral("currency")).toUpper();
        currency = goal.currency;
        if (const auto errors = validate(plan.scenario); !errors.empty())
            throw InvalidInput{flagForKey(errors.front().field) + QStringLiteral(": ") +
                               errors.front().message};
        PlanResult result = evaluatePlan(plan);
        in = *result.tail.goal;
        if (const auto errors = simulation::validate(in.simulation); !errors.empty())
            throw InvalidInput{QCoreApplication::translate("pipeplan::cli", "simulation of %1: %2")
                                   .arg(flags.positional().first(), errors.front().toString())};
        completeBackground(result, plan, Background::GoalSeek);
        seeked = result.goalSeek.value;
    } else {
        in.simulation = simulationFromFlags(flags, 1, goalTrialsRow(), 200);
        const simulation::Params &p = in.simulation;
        // The closed forms see the same job: serial + S x D of work, the parallel share p.
        const double parallelWork = p.shards * p.shardSeconds;
        in.naive.workSeconds = p.serialSeconds + parallelWork;
        in.naive.parallelFraction = parallelWork / in.naive.workSeconds;
        in.withOverheads = in.naive;
        in.withOverheads.coldStartSeconds = p.coldStartSeconds;
        in.withOverheads.dispatchCapSeconds =
            p.dispatchPerSecond > 0 ? p.shards / p.dispatchPerSecond : 0;
        in.deadlineSeconds = flags.number(QStringLiteral("deadline-s"), fields::deadlineSeconds);
        in.pricePerWorkerHour = flags.number(priceRow(), 0.0);
        if (flags.has(QStringLiteral("currency")))
            currency = flags.text(QStringLiteral("currency")).toUpper();
        if (!format::isCurrencyCode(currency))
            throw InvalidInput{
                QCoreApplication::translate("pipeplan::cli",
                                            "--currency: must be a three-letter ISO 4217 code "
                                            "such as USD or EUR, got '%1'")
                    .arg(currency)};
        seeked = goalseek::seek(in);
    }
    const goalseek::Result &result = *seeked;
    if (flags.isSet(kJson.name)) {
        QJsonArray options;
        QJsonObject object{{QStringLiteral("deadline_seconds"), in.deadlineSeconds},
                           {QStringLiteral("price_per_worker_hour"), in.pricePerWorkerHour},
                           {QStringLiteral("currency"), currency},
                           {QStringLiteral("trials"), in.simulation.trials},
                           {QStringLiteral("seed"), static_cast<double>(in.simulation.seed)},
                           {QStringLiteral("simulations_run"), result.simulationsRun}};
        for (const goalseek::Option &option : result.options) {
            options.append(QJsonObject{
                {QStringLiteral("method"), option.method},
                {QStringLiteral("key"), option.key},
                {QStringLiteral("possible"), option.workers.has_value()},
                {QStringLiteral("workers"), optionalJson(option.workers)},
                {QStringLiteral("runtime_seconds"),
                 option.workers ? QJsonValue(option.runtimeSeconds) : QJsonValue(QJsonValue::Null)},
                {QStringLiteral("cost"),
                 option.workers ? QJsonValue(option.cost) : QJsonValue(QJsonValue::Null)},
                {QStringLiteral("reason"), option.reason}});
            object.insert(option.key + QStringLiteral("_workers"), optionalJson(option.workers));
        }
        object.insert(QStringLiteral("options"), options);
        printJson(out, object);
        return kExitOk;
    }
    out << QCoreApplication::translate("pipeplan::cli", "Fewest workers to finish within %1")
               .arg(format::duration(in.deadlineSeconds))
        << '\n';
    std::vector<std::pair<QString, QString>> rows;
    for (const goalseek::Option &option : result.options) {
        rows.emplace_back(
            QStringLiteral("  ") + option.method,
            option.workers
                ? QCoreApplication::translate("pipeplan::cli", "%1, done in %2, costs %3")
                      .arg(format::count(*option.workers,
                                         QCoreApplication::translate("pipeplan::cli", "workers")),
                           format::duration(option.runtimeSeconds),
                           format::money(option.cost, currency))
                : QCoreApplication::translate("pipeplan::cli", "impossible: %1")
                      .arg(option.reason));
    }
    printRows(out, rows);
    return kExitOk;
}

} // namespace

Command simulateCommand()
{
    std::vector<FlagDef> flags = simulationFlags(true);
    flags.push_back(kJson);
    flags.push_back(kHelp);
    return {QStringLiteral("simulate"),
            QCoreApplication::translate(
                "pipeplan::cli", "the distributed job with cold starts, stragglers, failures and "
                                 "retries"),
            flags, runSimulate};
}

Command deadlineCommand()
{
    std::vector<FlagDef> flags{
        {QStringLiteral("deadline-s"), FlagKind::Value,
         QCoreApplication::translate(
             "pipeplan::cli", "the deadline in seconds (required unless FILE sets goal.deadline_s; "
                              "with FILE it sets the Goal's deadline)")},
        valueFlag(priceRow(), QCoreApplication::translate(
                                  "pipeplan::cli",
                                  "price of one worker for one hour; default 0 (or the file's)")),
        {QStringLiteral("currency"), FlagKind::Value,
         QCoreApplication::translate(
             "pipeplan::cli", "the price's ISO 4217 code, e.g. EUR; default USD (or the file's)")},
        {QStringLiteral("set"), FlagKind::Repeated,
         QCoreApplication::translate("pipeplan::cli",
                                     "with FILE: key=value to change first, e.g. %1=30")
             .arg(QLatin1StringView(coldStartRow().path))},
    };
    for (FlagDef flag : simulationFlags(false)) {
        if (flag.name == flagName(goalTrialsRow()))
            flag.help = QCoreApplication::translate("pipeplan::cli",
                                                    "trials per worker count tried; default 200");
        flags.push_back(flag);
    }
    flags.push_back(kJson);
    flags.push_back(kHelp);
    return {
        QStringLiteral("deadline"),
        QCoreApplication::translate(
            "pipeplan::cli", "fewest workers to finish by a deadline: naive, overheads, simulated"),
        flags, runDeadline, 1};
}

} // namespace pipeplan::cli
