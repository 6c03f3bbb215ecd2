// The closed-form model commands, from flags alone: runtime, scaling, amdahl, pipeline and
// bandwidth.

#include "app/cli/cli.h"
#include "app/cli/commands.h"

#include "core/base/fields.h"
#include "core/base/format.h"
#include "core/base/units.h"
#include "core/model/amdahl.h"
#include "core/model/bandwidth.h"
#include "core/plan/evaluation.h"
#include "core/plan/explain.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace pipeplan::cli {

namespace {

/// The job's rows, each found by its member: the flag's name, bounds and file key are the row's.
const fieldregistry::Field &usersRow()
{
    return rowFor(&Scenario::workload, &Workload::users);
}
const fieldregistry::Field &predictionsRow()
{
    return rowFor(&Scenario::workload, &Workload::predictionsPerUser);
}
const fieldregistry::Field &latencyRow()
{
    return rowFor(&Scenario::workload, &Workload::latencyMs);
}
const fieldregistry::Field &acceleratorLatencyRow()
{
    return rowFor(&Scenario::workload, &Workload::acceleratorLatencyMs);
}
const fieldregistry::Field &batchRow()
{
    return rowFor(&Scenario::workload, &Workload::batchMsPerUser);
}
const fieldregistry::Field &keepRow()
{
    return rowFor(&Scenario::workload, &Workload::keepFraction);
}
const fieldregistry::Field &workersRow()
{
    return rowFor(&Scenario::workload, &Workload::workers);
}
const fieldregistry::Field &parallelRow()
{
    return rowFor(&Scenario::workload, &Workload::parallelFraction);
}

// The pipeline command's microbatches in flight are the plan's (Scenario::microbatches).
const fieldregistry::Field &microbatchesRow()
{
    return rowFor(&Scenario::microbatches);
}

std::vector<FlagDef> workloadFlags()
{
    return {
        valueFlag(usersRow(), QCoreApplication::translate(
                                  "pipeplan::cli", "how many the job scores (required), e.g. 150M; "
                                                   "--counted names them")),
        {QStringLiteral("counted"), FlagKind::Value,
         QCoreApplication::translate(
             "pipeplan::cli",
             "what the job counts, in the plural (documents, images); default users")},
        valueFlag(predictionsRow(),
                  QCoreApplication::translate("pipeplan::cli", "predictions per user (required)")),
        valueFlag(
            latencyRow(),
            QCoreApplication::translate(
                "pipeplan::cli", "latency per prediction in ms as the job runs today (required)")),
        valueFlag(acceleratorLatencyRow(),
                  QCoreApplication::translate(
                      "pipeplan::cli",
                      "accelerator lever: latency per prediction on the accelerator "
                      "(ms)")),
        {QStringLiteral("baseline-latency-ms"), FlagKind::Value,
         QCoreApplication::translate(
             "pipeplan::cli",
             "older spelling of the accelerator lever: the latency before it (ms); "
             "--latency-ms is then the accelerator's")},
        valueFlag(batchRow(), QCoreApplication::translate(
                                  "pipeplan::cli", "batching lever: batched time per user in ms; "
                                                   "replaces predictions x latency")),
        valueFlag(keepRow(), QCoreApplication::translate(
                                 "pipeplan::cli", "share of users that still needs scoring after "
                                                  "pre-filtering, (0, 1]; default 1")),
        valueFlag(workersRow(),
                  QCoreApplication::translate("pipeplan::cli", "parallel workers; default 1")),
        valueFlag(parallelRow(),
                  QCoreApplication::translate(
                      "pipeplan::cli", "Amdahl's p in [0, 1]; default 1 (near-linear scaling)")),
        kJson,
        kHelp,
    };
}

Scenario scenarioFromWorkloadFlags(const Flags &flags)
{
    Scenario scenario;
    Workload &w = scenario.workload;
    // A number of the job that takes a range reads one as the scenario file does:
    // the range goes to its key below, which sets the point value (its median). Every other
    // flag refuses a range in number().
    struct Ranged
    {
        QString flag;
        QString key;
        Range range;
    };
    std::vector<Ranged> ranged;
    // `flag` is read with `row`'s bounds; a range goes to `keyRow`'s key (the older spelling's
    // --latency-ms is the accelerator's latency).
    const auto readAs = [&flags, &ranged](const QString &flag, const fieldregistry::Field &row,
                                          const fieldregistry::Field &keyRow,
                                          std::optional<double> fallback) {
        if (row.rangeable) {
            if (const std::optional<Range> range = flags.range(flag, *row.spec)) {
                ranged.push_back({flag, QLatin1String(keyRow.path), *range});
                return rangeMedian(*range, supportFor(*row.spec));
            }
        }
        return flags.number(flag, *row.spec, fallback);
    };
    const auto read = [&readAs](const fieldregistry::Field &row, std::optional<double> fallback) {
        return readAs(flagName(row), row, row, fallback);
    };
    // Sets `row`'s number from its flag: required without a fallback, unset when an optional
    // number's flag is absent.
    const auto store = [&scenario, &flags, &read](const fieldregistry::Field &row,
                                                  std::optional<double> fallback) {
        const bool absent = row.optional() && !flags.has(row);
        row.set(scenario, absent ? std::nullopt : std::optional<double>(read(row, fallback)));
    };
    store(usersRow(), std::nullopt);
    store(predictionsRow(), std::nullopt);
    // The older spelling keeps its meaning: --latency-ms was the accelerated latency and
    // --baseline-latency-ms the one before the accelerator (a range goes with its meaning).
    const QString baselineFlag = QStringLiteral("baseline-latency-ms");
    const bool older = flags.has(baselineFlag);
    const double latency = readAs(flagName(latencyRow()), latencyRow(),
                                  older ? acceleratorLatencyRow() : latencyRow(), std::nullopt);
    w.latencyMs = latency;
    store(acceleratorLatencyRow(), std::nullopt);
    if (older) {
        if (w.acceleratorLatencyMs) {
            throw InvalidInput{
                QCoreApplication::translate("pipeplan::cli", "--%1: give it or --%2, not both")
                    .arg(baselineFlag, flagName(acceleratorLatencyRow()))};
        }
        w.acceleratorLatencyMs = latency;
        w.latencyMs = readAs(baselineFlag, latencyRow(), latencyRow(), std::nullopt);
    }
    store(batchRow(), std::nullopt);
    store(keepRow(), 1.0);
    store(workersRow(), 1.0);
    store(parallelRow(), 1.0);
    for (const Ranged &r : ranged) {
        if (const QString problem = uncertainty::setRange(scenario, r.key, r.range);
            !problem.isEmpty())
            throw InvalidInput{QStringLiteral("--%1: %2").arg(r.flag, problem)};
    }
    if (flags.has(QStringLiteral("counted"))) {
        const QString plural = flags.text(QStringLiteral("counted"));
        const std::optional<CountedNoun> noun = countedNoun(plural);
        if (!noun)
            throw InvalidInput{QStringLiteral("--counted: %1").arg(countedNounProblem(plural))};
        w.counted = *noun;
    }
    return scenario;
}

int runRuntime(const Flags &flags, QTextStream &out)
{
    const Scenario scenario = scenarioFromWorkloadFlags(flags);
    const ScenarioResult r = evaluate(scenario);
    const double seconds = r.runtimeSeconds;
    const uncertainty::Result spread =
        uncertainty::evaluate(scenario, *uncertainty::draw(scenario));
    if (flags.isSet(kJson.name)) {
        QJsonArray waterfall;
        for (const LeverStep &step : r.waterfall) {
            waterfall.append(QJsonObject{{QStringLiteral("lever"), step.name},
                                         {QStringLiteral("explanation"), step.explanation},
                                         {QStringLiteral("applied"), step.applied},
                                         {QStringLiteral("runtime_seconds"), step.runtimeSeconds}});
        }
        printJson(out, QJsonObject{
                           {QStringLiteral("users_scored"), r.usersScored},
                           {QStringLiteral("total_predictions"), r.totalPredictions},
                           {QStringLiteral("ms_per_user"), r.perUserMs},
                           {QStringLiteral("work_seconds"), r.workSeconds},
                           {QStringLiteral("workers"), scenario.workload.workers},
                           {QStringLiteral("runtime_seconds"), seconds},
                           {QStringLiteral("minutes"), units::toMinutes(seconds)},
                           {QStringLiteral("hours"), units::toHours(seconds)},
                           {QStringLiteral("days"), units::toDays(seconds)},
                           {QStringLiteral("years"), units::toYears(seconds)},
                           {QStringLiteral("human"), format::duration(seconds)},
                           {QStringLiteral("speedup"), r.speedup},
                           {QStringLiteral("efficiency"), r.efficiency},
                           {QStringLiteral("max_speedup"), jsonNumber(r.maxSpeedup)},
                           {QStringLiteral("throughput_users_per_s"), r.throughputUsersPerSecond},
                           {QStringLiteral("waterfall"), waterfall},
                           {QStringLiteral("percentiles"), percentilesJson(spread)},
                           {QStringLiteral("sensitivity"), sensitivityJson(spread)},
                       });
        return kExitOk;
    }
    printRows(
        out,
        {
            {QCoreApplication::translate("pipeplan::cli", "%1 scored")
                 .arg(scenario.workload.counted.capitalizedMany()),
             scenario.workload.counted.count(r.usersScored)},
            {QCoreApplication::translate("pipeplan::cli", "Total predictions"),
             format::count(r.totalPredictions,
                           QCoreApplication::translate("pipeplan::cli", "predictions"))},
            {QCoreApplication::translate("pipeplan::cli", "Time per %1")
                 .arg(scenario.workload.counted.one),
             format::milliseconds(r.perUserMs)},
            {QCoreApplication::translate("pipeplan::cli", "Work (one stream)"),
             QCoreApplication::translate("pipeplan::cli", "%1 s")
                 .arg(format::grouped(r.workSeconds, 2))},
            {QCoreApplication::translate("pipeplan::cli", "Workers"),
             format::count(scenario.workload.workers, QString())},
            {QCoreApplication::translate("pipeplan::cli", "Speedup"),
             format::trimmed(r.speedup, 2) + QStringLiteral("x")},
            {QCoreApplication::translate("pipeplan::cli", "Runtime"), format::duration(seconds)},
            {QStringLiteral("  ") + QCoreApplication::translate("pipeplan::cli", "seconds"),
             format::grouped(seconds, 2)},
            {QStringLiteral("  ") + QCoreApplication::translate("pipeplan::cli", "minutes"),
             format::grouped(units::toMinutes(seconds), 2)},
            {QStringLiteral("  ") + QCoreApplication::translate("pipeplan::cli", "hours"),
             format::grouped(units::toHours(seconds), 2)},
            {QStringLiteral("  ") + QCoreApplication::translate("pipeplan::cli", "days"),
             format::grouped(units::toDays(seconds), 2)},
            {QStringLiteral("  ") +
                 QCoreApplication::translate("pipeplan::cli", "years (365.25 d)"),
             format::grouped(units::toYears(seconds), 2)},
            {QCoreApplication::translate("pipeplan::cli", "Throughput"),
             format::ratePerSecond(r.throughputUsersPerSecond, scenario.workload.counted.many)},
        });
    if (spread.active) {
        printRows(out, {{QCoreApplication::translate("pipeplan::cli", "Runtime over the ranges"),
                         explain::runtimePercentiles(spread)}});
        const std::vector<QStringList> drivers = explain::driverRows(spread);
        for (size_t i = 1; i < drivers.size(); ++i)
            printRows(out, {{QStringLiteral("  ") + drivers[i].value(0),
                             QCoreApplication::translate("pipeplan::cli", "%1 of the spread (%2)")
                                 .arg(drivers[i].value(2), drivers[i].value(1))}});
    }
    return kExitOk;
}

} // namespace

QJsonArray scalingRowsJson(const std::vector<ScalingRow> &scaling)
{
    QJsonArray rows;
    for (const ScalingRow &row : scaling) {
        rows.append(QJsonObject{{QStringLiteral("workers"), row.workers},
                                {QStringLiteral("hours"), row.linearHours},
                                {QStringLiteral("days"), row.linearDays},
                                {QStringLiteral("amdahl_speedup"), row.amdahlSpeedup},
                                {QStringLiteral("amdahl_hours"), row.amdahlHours},
                                {QStringLiteral("amdahl_days"), row.amdahlDays},
                                // With the scenario's overheads (amdahl_hours when off).
                                {QStringLiteral("effective_hours"), row.effectiveHours},
                                {QStringLiteral("worker_hours"), row.workerHours},
                                {QStringLiteral("cost"), row.cost},
                                {QStringLiteral("effective_days"), row.effectiveDays}});
    }
    return rows;
}

void printScalingTable(QTextStream &out, const std::vector<ScalingRow> &rows, int highlighted)
{
    QStringList headers;
    for (int c = 0; c < explain::kScalingColumnCount; ++c)
        headers << explain::scalingHeader(static_cast<explain::ScalingColumn>(c));
    std::vector<QStringList> lines{headers};
    for (const ScalingRow &row : rows) {
        QStringList cells;
        for (int c = 0; c < explain::kScalingColumnCount; ++c)
            cells << explain::scalingCell(row, static_cast<explain::ScalingColumn>(c));
        lines.push_back(cells);
    }
    std::vector<qsizetype> widths(headers.size(), 0);
    for (const QStringList &line : lines)
        for (qsizetype c = 0; c < line.size(); ++c)
            widths[static_cast<size_t>(c)] =
                std::max(widths[static_cast<size_t>(c)], line[c].size());
    for (size_t i = 0; i < lines.size(); ++i) {
        QStringList cells;
        for (qsizetype c = 0; c < lines[i].size(); ++c)
            cells << lines[i][c].rightJustified(widths[static_cast<size_t>(c)]);
        const bool mark = highlighted >= 0 && i == static_cast<size_t>(highlighted) + 1;
        out << (mark ? "> " : "  ") << cells.join(QStringLiteral("  ")) << '\n';
    }
}

namespace {

int runScaling(const Flags &flags, QTextStream &out)
{
    Scenario scenario = scenarioFromWorkloadFlags(flags);
    scenario.workerCounts =
        flags.list(QStringLiteral("workers-list"), *workersRow().spec, defaultWorkerCounts());
    const ScenarioResult r = evaluate(scenario);
    if (flags.isSet(kJson.name)) {
        printJson(out, QJsonObject{{QStringLiteral("work_seconds"), r.workSeconds},
                                   {QStringLiteral("parallel_fraction"),
                                    scenario.workload.parallelFraction},
                                   {QStringLiteral("rows"), scalingRowsJson(r.scaling)}});
        return kExitOk;
    }
    // Given --workers, the table marks that count, in a row of its own when it is not listed (as
    // the window); without it the list stands alone.
    if (flags.has(workersRow())) {
        const explain::ShownScaling shown = explain::shownScaling(scenario, r);
        printScalingTable(out, shown.rows, shown.highlighted);
    } else {
        printScalingTable(out, r.scaling, -1);
    }
    out << QCoreApplication::translate(
               "pipeplan::cli",
               "p = %1; hours and days linear (work / N) and Amdahl-limited (work / S(p, N)).")
               .arg(format::trimmed(scenario.workload.parallelFraction, 6))
        << '\n';
    return kExitOk;
}

int runAmdahl(const Flags &flags, QTextStream &out)
{
    const double p = flags.number(parallelRow());
    const double workers = flags.number(workersRow());
    const std::optional<double> target =
        flags.optionalNumber(QStringLiteral("target-speedup"), fields::targetSpeedup);
    const double speedup = amdahl::speedup(p, workers);
    const double ceiling = amdahl::maxSpeedup(p);
    // -1 when not asked or impossible (a plain double: GCC 12 warns falsely on optional copies).
    const double neededWorkers = target ? amdahl::workersNeeded(p, *target).value_or(-1.0) : -1.0;
    const bool possible = neededWorkers >= 1.0;
    if (flags.isSet(kJson.name)) {
        QJsonObject object{{QStringLiteral("speedup"), speedup},
                           {QStringLiteral("efficiency"), amdahl::efficiency(p, workers)},
                           {QStringLiteral("max_speedup"), jsonNumber(ceiling)},
                           {QStringLiteral("workers_needed"),
                            possible ? QJsonValue(neededWorkers) : QJsonValue(QJsonValue::Null)}};
        if (target) {
            object.insert(QStringLiteral("target_speedup"), *target);
            object.insert(QStringLiteral("impossible"), !possible);
        }
        printJson(out, object);
        return kExitOk;
    }
    std::vector<std::pair<QString, QString>> rows{
        {QCoreApplication::translate("pipeplan::cli", "Speedup"),
         format::trimmed(speedup, 4) + QStringLiteral("x")},
        {QCoreApplication::translate("pipeplan::cli", "Efficiency"),
         format::trimmed(amdahl::efficiency(p, workers) * 100, 2) + QStringLiteral(" %")},
        {QCoreApplication::translate("pipeplan::cli", "Ceiling 1/(1-p)"),
         std::isfinite(ceiling) ? format::trimmed(ceiling, 4) + QStringLiteral("x")
                                : QCoreApplication::translate("pipeplan::cli", "none (p = 1)")},
    };
    if (target) {
        rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Workers for %1x")
                              .arg(format::trimmed(*target, 4)),
                          possible
                              ? format::grouped(neededWorkers, 0)
                              : QCoreApplication::translate(
                                    "pipeplan::cli", "impossible: at or above the ceiling of %1x")
                                    .arg(format::trimmed(ceiling, 4)));
    }
    printRows(out, rows);
    return kExitOk;
}

int runPipeline(const Flags &flags, QTextStream &out)
{
    const std::vector<double> stageMs = flags.list(QStringLiteral("stage-ms"), fields::stageMs);
    if (stageMs.size() > 1000)
        throw InvalidInput{
            QCoreApplication::translate("pipeplan::cli", "--stage-ms: at most 1,000 stages, got %1")
                .arg(stageMs.size())};
    const double microbatches = flags.number(microbatchesRow(), 8.0);
    const PipelineSummary s = summarizePipeline(stageMs, microbatches);
    if (flags.isSet(kJson.name)) {
        printJson(out,
                  QJsonObject{
                      {QStringLiteral("stages"), static_cast<double>(stageMs.size())},
                      {QCoreApplication::translate("pipeplan::cli", "microbatches"), microbatches},
                      {QStringLiteral("sequential_ms"), s.sequentialMs},
                      {QStringLiteral("total_ms"), s.totalMs},
                      {QStringLiteral("bubble_fraction"), s.bubbleFraction},
                      {QStringLiteral("steady_rate_per_s"), s.steadyRatePerSecond},
                      {QStringLiteral("bottleneck_index"), s.bottleneckIndex},
                      {QStringLiteral("utilization"), s.utilization},
                      {QStringLiteral("balanced_stage_ms"), s.balancedStageMs},
                      {QStringLiteral("balanced_rate_per_s"), s.balancedRatePerSecond}});
        return kExitOk;
    }
    printRows(
        out,
        {
            {QCoreApplication::translate("pipeplan::cli", "Stages"),
             QString::number(stageMs.size())},
            {QCoreApplication::translate("pipeplan::cli", "Microbatches"),
             format::grouped(microbatches, 0)},
            {QCoreApplication::translate("pipeplan::cli", "Sequential latency"),
             format::milliseconds(s.sequentialMs)},
            {QCoreApplication::translate("pipeplan::cli", "Total time"),
             format::milliseconds(s.totalMs)},
            {QCoreApplication::translate("pipeplan::cli", "Bubble fraction"),
             format::grouped(s.bubbleFraction, 3)},
            {QCoreApplication::translate("pipeplan::cli", "Steady rate"),
             format::ratePerSecond(s.steadyRatePerSecond,
                                   QCoreApplication::translate("pipeplan::cli", "microbatches"))},
            {QCoreApplication::translate("pipeplan::cli", "Bottleneck"),
             QCoreApplication::translate("pipeplan::cli", "stage %1 (%2)")
                 .arg(QString::number(s.bottleneckIndex + 1),
                      format::milliseconds(stageMs[static_cast<size_t>(s.bottleneckIndex)]))},
            {QCoreApplication::translate("pipeplan::cli", "Utilization"),
             format::trimmed(s.utilization * 100, 1) + QStringLiteral(" %")},
            {QCoreApplication::translate("pipeplan::cli", "Balanced stage"),
             format::milliseconds(s.balancedStageMs)},
            {QCoreApplication::translate("pipeplan::cli", "Balanced rate"),
             format::ratePerSecond(s.balancedRatePerSecond,
                                   QCoreApplication::translate("pipeplan::cli", "microbatches"))},
        });
    return kExitOk;
}

int runBandwidth(const Flags &flags, QTextStream &out)
{
    const double bytes = flags.number(QStringLiteral("bytes"), fields::bytes);
    const double bytesPerSecond =
        flags.number(QStringLiteral("bytes-per-second"), fields::bytesPerSecond);
    const double seconds = bandwidth::lowerBoundSeconds(bytes, bytesPerSecond);
    const double rate = bandwidth::rateCeilingPerSecond(bytes, bytesPerSecond);
    if (flags.isSet(kJson.name)) {
        printJson(out, QJsonObject{{QStringLiteral("seconds"), seconds},
                                   {QStringLiteral("rate_per_s"), rate}});
        return kExitOk;
    }
    printRows(out, {{QCoreApplication::translate("pipeplan::cli", "Lower bound"),
                     format::plainNumber(seconds) + QStringLiteral(" s")},
                    {QCoreApplication::translate("pipeplan::cli", "Rate ceiling"),
                     format::plainNumber(rate) + QStringLiteral(" /s")}});
    return kExitOk;
}

} // namespace

Command runtimeCommand()
{
    return {QStringLiteral("runtime"),
            QCoreApplication::translate(
                "pipeplan::cli", "total predictions, work and runtime of a batch scoring job"),
            workloadFlags(), runRuntime};
}

Command scalingCommand()
{
    std::vector<FlagDef> scalingFlags = workloadFlags();
    scalingFlags.insert(
        scalingFlags.end() - 2,
        {QStringLiteral("workers-list"), FlagKind::Value,
         QCoreApplication::translate(
             "pipeplan::cli", "comma-separated worker counts; default 100,500,1k,5k,10k,35k,50k")});
    return {QStringLiteral("scaling"),
            QCoreApplication::translate(
                "pipeplan::cli", "hours and days over a list of worker counts, linear and Amdahl"),
            scalingFlags, runScaling};
}

Command amdahlCommand()
{
    return {QStringLiteral("amdahl"),
            QCoreApplication::translate("pipeplan::cli",
                                        "Amdahl speedup, efficiency, ceiling and workers needed"),
            {valueFlag(parallelRow(),
                       QCoreApplication::translate("pipeplan::cli", "p in [0, 1] (required)")),
             valueFlag(workersRow(),
                       QCoreApplication::translate("pipeplan::cli", "workers N (required)")),
             {QStringLiteral("target-speedup"), FlagKind::Value,
              QCoreApplication::translate("pipeplan::cli",
                                          "speedup to reach: prints the workers needed")},
             kJson,
             kHelp},
            runAmdahl};
}

Command pipelineCommand()
{
    return {
        QStringLiteral("pipeline"),
        QCoreApplication::translate(
            "pipeplan::cli", "pipeline-parallel bubble, total time, rate, bottleneck and balance"),
        {{QStringLiteral("stage-ms"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "comma-separated stage times in ms (required)")},
         valueFlag(microbatchesRow(), QCoreApplication::translate(
                                          "pipeplan::cli", "microbatches in flight; default 8")),
         kJson,
         kHelp},
        runPipeline};
}

Command bandwidthCommand()
{
    return {QStringLiteral("bandwidth"),
            QCoreApplication::translate(
                "pipeplan::cli", "bytes / bandwidth lower bound and the rate ceiling it implies"),
            {{QStringLiteral("bytes"), FlagKind::Value,
              QCoreApplication::translate("pipeplan::cli",
                                          "bytes to move (required), e.g. 14G or 512Mi")},
             {QStringLiteral("bytes-per-second"), FlagKind::Value,
              QCoreApplication::translate("pipeplan::cli",
                                          "sustained bandwidth in bytes/s (required)")},
             kJson,
             kHelp},
            runBandwidth};
}

} // namespace pipeplan::cli
