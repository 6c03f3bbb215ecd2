#include "app/cli/cli.h"

#include "core/base/fields.h"
#include "core/base/fileio.h"
#include "core/base/format.h"
#include "core/base/numparse.h"
#include "core/base/units.h"
#include "core/model/amdahl.h"
#include "core/model/bandwidth.h"
#include "core/model/explain.h"
#include "core/model/scenario.h"
#include "core/plan/goalseek.h"
#include "core/plan/planresult.h"
#include "core/plan/scenariofile.h"
#include "core/project/estimate.h"
#include "core/tail/simulate.h"
#include "core/tail/tailbreakdown.h"
#include "core/training/schedule.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <functional>
#include <optional>

#include <sys/stat.h>

namespace pipeplan::cli {

namespace {

/// Raised while reading flags; run() turns it into one line on stderr and exit code 2.
struct InvalidInput
{
    QString message;
};

enum class FlagKind
{
    Value,
    Switch,
    Repeated ///< may be given many times: --set a=1 --set b=2
};

struct FlagDef
{
    QString name; ///< without the leading "--"
    FlagKind kind;
    QString help;
};

/// The one parser per kind of value: a fraction or probability also takes "50%", a byte count
/// or rate reads "B" as bytes ("512B", "1.5GB", "512MiB"), anything else is a plain number.
numparse::Parsed parseFor(const FieldSpec &spec, const QString &text)
{
    const QLatin1String unit(spec.unit);
    if (unit == QLatin1String("B") || unit == QLatin1String("B/s"))
        return numparse::bytes(text);
    if (spec.min >= 0 && spec.max <= 1)
        return numparse::fraction(text);
    return numparse::number(text);
}

/// The flags of one invocation, checked against the command's definitions.
class Flags
{
public:
    Flags(const QStringList &args, const std::vector<FlagDef> &defs, int maxPositional = 0)
    {
        for (qsizetype i = 0; i < args.size(); ++i) {
            const QString &arg = args[i];
            if (!arg.startsWith(QStringLiteral("--"))) {
                if (m_positional.size() >= maxPositional)
                    throw InvalidInput{QStringLiteral("unexpected argument '%1'").arg(arg)};
                m_positional << arg;
                continue;
            }
            QString name = arg.mid(2);
            std::optional<QString> inlineValue;
            if (const qsizetype eq = name.indexOf(QLatin1Char('=')); eq >= 0) {
                inlineValue = name.mid(eq + 1);
                name.truncate(eq);
            }
            const auto def = std::find_if(defs.begin(), defs.end(),
                                          [&name](const FlagDef &d) { return d.name == name; });
            if (def == defs.end())
                throw InvalidInput{QStringLiteral("unknown flag --%1").arg(name)};
            if (def->kind == FlagKind::Switch) {
                if (inlineValue)
                    throw InvalidInput{QStringLiteral("--%1: takes no value").arg(name)};
                m_switches.insert(name, true);
                continue;
            }
            QString value;
            if (inlineValue) {
                value = *inlineValue;
            } else if (i + 1 < args.size()) {
                // The next argument is the value even when it looks like a flag ("-5"), so that
                // a negative number is reported as negative rather than as a missing value.
                const QString &next = args[i + 1];
                if (next.startsWith(QStringLiteral("--")))
                    throw InvalidInput{QStringLiteral("--%1: missing value").arg(name)};
                value = next;
                ++i;
            } else {
                throw InvalidInput{QStringLiteral("--%1: missing value").arg(name)};
            }
            if (def->kind == FlagKind::Repeated)
                m_repeated[name] << value;
            else
                m_values.insert(name, value);
        }
    }

    bool has(const QString &name) const { return m_values.contains(name); }
    /// The flag's value as given; required.
    QString text(const QString &name) const
    {
        if (!has(name))
            throw InvalidInput{QStringLiteral("--%1: required").arg(name)};
        return m_values.value(name);
    }
    QStringList repeated(const QString &name) const { return m_repeated.value(name); }
    const QStringList &positional() const { return m_positional; }
    bool isSet(const QString &name) const { return m_switches.value(name, false); }

    /// The flag's number, checked against `spec`; `fallback` when absent (required if none).
    double number(const QString &name, const FieldSpec &spec,
                  std::optional<double> fallback = std::nullopt) const
    {
        if (!has(name)) {
            if (fallback)
                return *fallback;
            throw InvalidInput{QStringLiteral("--%1: required").arg(name)};
        }
        const numparse::Parsed parsed = parseFor(spec, m_values.value(name));
        if (!parsed.value)
            throw InvalidInput{QStringLiteral("--%1: %2").arg(name, parsed.error)};
        if (auto reason = checkValue(spec, *parsed.value))
            throw InvalidInput{QStringLiteral("--%1: %2").arg(name, *reason)};
        return *parsed.value;
    }

    std::optional<double> optionalNumber(const QString &name, const FieldSpec &spec) const
    {
        return has(name) ? std::optional<double>(number(name, spec)) : std::nullopt;
    }

    std::vector<double> list(const QString &name, const FieldSpec &spec,
                             std::optional<std::vector<double>> fallback = std::nullopt) const
    {
        if (!has(name)) {
            if (fallback)
                return *fallback;
            throw InvalidInput{QStringLiteral("--%1: required").arg(name)};
        }
        const numparse::ParsedList parsed = numparse::numberList(m_values.value(name));
        if (!parsed.values)
            throw InvalidInput{QStringLiteral("--%1: %2").arg(name, parsed.error)};
        for (size_t i = 0; i < parsed.values->size(); ++i) {
            if (auto reason = checkValue(spec, (*parsed.values)[i]))
                throw InvalidInput{
                    QStringLiteral("--%1: item %2 %3").arg(name).arg(i + 1).arg(*reason)};
        }
        return *parsed.values;
    }

private:
    QHash<QString, QString> m_values;
    QHash<QString, bool> m_switches;
    QHash<QString, QStringList> m_repeated;
    QStringList m_positional;
};

/// JSON has no infinity: a value without a finite answer (the ceiling at p = 1) is null.
QJsonValue jsonNumber(double value)
{
    return std::isfinite(value) ? QJsonValue(value) : QJsonValue(QJsonValue::Null);
}

void printJson(QTextStream &out, const QJsonObject &object)
{
    out << QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Indented));
}

/// Aligned "label  value" lines for the human-readable output.
void printRows(QTextStream &out, const std::vector<std::pair<QString, QString>> &rows)
{
    qsizetype width = 0;
    for (const auto &row : rows)
        width = std::max(width, row.first.size());
    for (const auto &[label, value] : rows)
        out << label.leftJustified(width + 2) << value << '\n';
}

const FlagDef kJson{QStringLiteral("json"), FlagKind::Switch,
                    QStringLiteral("print one JSON object")};
const FlagDef kHelp{QStringLiteral("help"), FlagKind::Switch, QStringLiteral("show this help")};

std::vector<FlagDef> workloadFlags()
{
    return {
        {QStringLiteral("users"), FlagKind::Value,
         QStringLiteral("users to score (required), e.g. 150M")},
        {QStringLiteral("predictions"), FlagKind::Value,
         QStringLiteral("predictions per user (required)")},
        {QStringLiteral("latency-ms"), FlagKind::Value,
         QStringLiteral("latency per prediction in ms (required)")},
        {QStringLiteral("baseline-latency-ms"), FlagKind::Value,
         QStringLiteral("latency before the accelerator lever, for the waterfall (ms)")},
        {QStringLiteral("batch-ms"), FlagKind::Value,
         QStringLiteral("batched time per user in ms; replaces predictions x latency")},
        {QStringLiteral("keep-fraction"), FlagKind::Value,
         QStringLiteral(
             "share of users that still needs scoring after pre-filtering, (0, 1]; default 1")},
        {QStringLiteral("workers"), FlagKind::Value, QStringLiteral("parallel workers; default 1")},
        {QStringLiteral("parallel-fraction"), FlagKind::Value,
         QStringLiteral("Amdahl's p in [0, 1]; default 1 (near-linear scaling)")},
        kJson,
        kHelp,
    };
}

Scenario scenarioFromWorkloadFlags(const Flags &flags)
{
    Scenario scenario;
    Workload &w = scenario.workload;
    w.users = flags.number(QStringLiteral("users"), fields::users);
    w.predictionsPerUser = flags.number(QStringLiteral("predictions"), fields::predictionsPerUser);
    w.latencyMs = flags.number(QStringLiteral("latency-ms"), fields::latencyMs);
    w.baselineLatencyMs =
        flags.optionalNumber(QStringLiteral("baseline-latency-ms"), fields::baselineLatencyMs);
    w.batchMsPerUser = flags.optionalNumber(QStringLiteral("batch-ms"), fields::batchMsPerUser);
    w.keepFraction = flags.number(QStringLiteral("keep-fraction"), fields::keepFraction, 1.0);
    w.workers = flags.number(QStringLiteral("workers"), fields::workers, 1.0);
    w.parallelFraction =
        flags.number(QStringLiteral("parallel-fraction"), fields::parallelFraction, 1.0);
    return scenario;
}

int runRuntime(const Flags &flags, QTextStream &out)
{
    const Scenario scenario = scenarioFromWorkloadFlags(flags);
    const ScenarioResult r = evaluate(scenario);
    const double seconds = r.runtimeSeconds;
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
                       });
        return kExitOk;
    }
    printRows(
        out,
        {
            {QStringLiteral("Users scored"), format::count(r.usersScored, QStringLiteral("users"))},
            {QStringLiteral("Total predictions"),
             format::count(r.totalPredictions, QStringLiteral("predictions"))},
            {QStringLiteral("Time per user"), format::milliseconds(r.perUserMs)},
            {QStringLiteral("Work (one stream)"),
             format::grouped(r.workSeconds, 2) + QStringLiteral(" s")},
            {QStringLiteral("Workers"), format::count(scenario.workload.workers, QString())},
            {QStringLiteral("Speedup"), format::trimmed(r.speedup, 2) + QStringLiteral("x")},
            {QStringLiteral("Runtime"), format::duration(seconds)},
            {QStringLiteral("  seconds"), format::grouped(seconds, 2)},
            {QStringLiteral("  minutes"), format::grouped(units::toMinutes(seconds), 2)},
            {QStringLiteral("  hours"), format::grouped(units::toHours(seconds), 2)},
            {QStringLiteral("  days"), format::grouped(units::toDays(seconds), 2)},
            {QStringLiteral("  years (365.25 d)"), format::grouped(units::toYears(seconds), 2)},
            {QStringLiteral("Throughput"),
             format::ratePerSecond(r.throughputUsersPerSecond, QStringLiteral("users"))},
        });
    return kExitOk;
}

/// The scaling rows as the CLI's JSON contract names them.
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
                                {QStringLiteral("effective_days"), row.effectiveDays}});
    }
    return rows;
}

/// The scaling table with the window's texts, the row nearest the chosen workers marked ">".
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

int runScaling(const Flags &flags, QTextStream &out)
{
    Scenario scenario = scenarioFromWorkloadFlags(flags);
    scenario.workerCounts =
        flags.list(QStringLiteral("workers-list"), fields::workers, defaultWorkerCounts());
    const ScenarioResult r = evaluate(scenario);
    if (flags.isSet(kJson.name)) {
        printJson(out, QJsonObject{{QStringLiteral("work_seconds"), r.workSeconds},
                                   {QStringLiteral("parallel_fraction"),
                                    scenario.workload.parallelFraction},
                                   {QStringLiteral("rows"), scalingRowsJson(r.scaling)}});
        return kExitOk;
    }
    printScalingTable(out, r.scaling, r.nearestScalingRow);
    out << "p = " << format::trimmed(scenario.workload.parallelFraction, 6)
        << "; hours and days linear (work / N) and Amdahl-limited (work / S(p, N)).\n";
    return kExitOk;
}

int runAmdahl(const Flags &flags, QTextStream &out)
{
    const double p = flags.number(QStringLiteral("parallel-fraction"), fields::parallelFraction);
    const double workers = flags.number(QStringLiteral("workers"), fields::workers);
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
        {QStringLiteral("Speedup"), format::trimmed(speedup, 4) + QStringLiteral("x")},
        {QStringLiteral("Efficiency"),
         format::trimmed(amdahl::efficiency(p, workers) * 100, 2) + QStringLiteral(" %")},
        {QStringLiteral("Ceiling 1/(1-p)"), std::isfinite(ceiling)
                                                ? format::trimmed(ceiling, 4) + QStringLiteral("x")
                                                : QStringLiteral("none (p = 1)")},
    };
    if (target) {
        rows.emplace_back(QStringLiteral("Workers for %1x").arg(format::trimmed(*target, 4)),
                          possible ? format::grouped(neededWorkers, 0)
                                   : QStringLiteral("impossible: at or above the ceiling of %1x")
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
            QStringLiteral("--stage-ms: at most 1,000 stages, got %1").arg(stageMs.size())};
    const double microbatches =
        flags.number(QStringLiteral("microbatches"), fields::microbatches, 8.0);
    const PipelineSummary s = summarizePipeline(stageMs, microbatches);
    if (flags.isSet(kJson.name)) {
        printJson(out,
                  QJsonObject{{QStringLiteral("stages"), static_cast<double>(stageMs.size())},
                              {QStringLiteral("microbatches"), microbatches},
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
    printRows(out,
              {
                  {QStringLiteral("Stages"), QString::number(stageMs.size())},
                  {QStringLiteral("Microbatches"), format::grouped(microbatches, 0)},
                  {QStringLiteral("Sequential latency"), format::milliseconds(s.sequentialMs)},
                  {QStringLiteral("Total time"), format::milliseconds(s.totalMs)},
                  {QStringLiteral("Bubble fraction"), format::grouped(s.bubbleFraction, 3)},
                  {QStringLiteral("Steady rate"),
                   format::ratePerSecond(s.steadyRatePerSecond, QStringLiteral("microbatches"))},
                  {QStringLiteral("Bottleneck"),
                   QStringLiteral("stage %1 (%2)")
                       .arg(s.bottleneckIndex + 1)
                       .arg(format::milliseconds(stageMs[static_cast<size_t>(s.bottleneckIndex)]))},
                  {QStringLiteral("Utilization"),
                   format::trimmed(s.utilization * 100, 1) + QStringLiteral(" %")},
                  {QStringLiteral("Balanced stage"), format::milliseconds(s.balancedStageMs)},
                  {QStringLiteral("Balanced rate"),
                   format::ratePerSecond(s.balancedRatePerSecond, QStringLiteral("microbatches"))},
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
    printRows(
        out, {{QStringLiteral("Lower bound"), format::plainNumber(seconds) + QStringLiteral(" s")},
              {QStringLiteral("Rate ceiling"), format::plainNumber(rate) + QStringLiteral(" /s")}});
    return kExitOk;
}

/// Everything the window shows for a scenario, as one JSON object.
QJsonObject resultObject(const Scenario &s, const ScenarioResult &r)
{
    const explain::Headline h = explain::headline(s, r);
    QJsonArray stages;
    for (size_t i = 0; i < s.stages.size(); ++i) {
        stages.append(QJsonObject{{QStringLiteral("name"), s.stages[i].name},
                                  {QStringLiteral("ms_per_user"), r.stageMs[i]},
                                  {QStringLiteral("scoring"), s.stages[i].isScoring}});
    }
    const QJsonArray rows = scalingRowsJson(r.scaling);
    QJsonArray waterfall;
    for (const LeverStep &step : r.waterfall) {
        waterfall.append(
            QJsonObject{{QStringLiteral("lever"), step.name},
                        {QStringLiteral("explanation"), step.explanation},
                        {QStringLiteral("applied"), step.applied},
                        {QStringLiteral("runtime_seconds"), step.runtimeSeconds},
                        {QStringLiteral("runtime_human"), format::duration(step.runtimeSeconds)}});
    }
    const PipelineSummary &p = r.pipeline;
    return QJsonObject{
        {QStringLiteral("name"), s.name},
        {QStringLiteral("users_scored"), r.usersScored},
        {QStringLiteral("total_predictions"), r.totalPredictions},
        {QStringLiteral("scoring_ms_per_user"), r.scoringMsPerUser},
        {QStringLiteral("ms_per_user"), r.perUserMs},
        {QStringLiteral("execution"), s.execution == Execution::Sequential
                                          ? QStringLiteral("sequential")
                                          : QStringLiteral("pipelined")},
        {QStringLiteral("work_seconds"), r.workSeconds},
        {QStringLiteral("workers"), s.workload.workers},
        {QStringLiteral("linear_seconds"), r.linearSeconds},
        {QStringLiteral("runtime_seconds"), r.runtimeSeconds},
        {QStringLiteral("runtime_human"), h.runtime},
        {QStringLiteral("throughput_users_per_s"), r.throughputUsersPerSecond},
        {QStringLiteral("throughput_predictions_per_s"), r.throughputPredictionsPerSecond},
        {QStringLiteral("speedup"), r.speedup},
        {QStringLiteral("efficiency"), r.efficiency},
        {QStringLiteral("max_speedup"), jsonNumber(r.maxSpeedup)},
        {QStringLiteral("bottleneck"),
         QJsonObject{
             {QStringLiteral("index"), r.bottleneckIndex},
             {QStringLiteral("name"), s.stages[static_cast<size_t>(r.bottleneckIndex)].name},
             {QStringLiteral("ms_per_user"), r.stageMs[static_cast<size_t>(r.bottleneckIndex)]}}},
        {QStringLiteral("headline"),
         QJsonObject{{QStringLiteral("total_predictions"), h.totalPredictions},
                     {QStringLiteral("runtime"), h.runtime},
                     {QStringLiteral("throughput"), h.throughput},
                     {QStringLiteral("speedup"), h.speedup},
                     {QStringLiteral("bottleneck"), h.bottleneck}}},
        {QStringLiteral("how"),
         QJsonObject{{QStringLiteral("total_predictions"), explain::totalPredictions(s, r)},
                     {QStringLiteral("per_user"), explain::perUserCost(s, r)},
                     {QStringLiteral("runtime"), explain::runtime(s, r)},
                     {QStringLiteral("throughput"), explain::throughput(s, r)},
                     {QStringLiteral("speedup"), explain::speedup(s, r)}}},
        {QStringLiteral("stages"), stages},
        {QStringLiteral("rows"), rows},
        {QStringLiteral("nearest_row"), r.nearestScalingRow},
        {QStringLiteral("waterfall"), waterfall},
        {QStringLiteral("effective_runtime_seconds"), r.effectiveRuntimeSeconds},
        {QStringLiteral("overheads"),
         QJsonObject{
             {QStringLiteral("enabled"), r.overheads.enabled},
             {QStringLiteral("ms_per_user"), r.overheads.msPerUser},
             {QStringLiteral("shards"), r.overheads.shards},
             {QStringLiteral("runtime_seconds"), r.overheads.runtimeSeconds},
             {QStringLiteral("binding"),
              limitName(r.overheads.binding, s.overheads.sharedResourceName)},
             {QStringLiteral("knee_workers"), r.overheads.kneeWorkers
                                                  ? QJsonValue(*r.overheads.kneeWorkers)
                                                  : QJsonValue(QJsonValue::Null)},
             {QStringLiteral("knee"), r.overheads.kneeText},
             {QStringLiteral("worker_share"), r.overheads.shareText},
             {QStringLiteral("how"), r.overheads.enabled ? explain::overheads(s, r) : QString()}}},
        {QStringLiteral("memory"),
         QJsonObject{{QStringLiteral("checked"), r.memory.checked},
                     {QStringLiteral("largest_batch"), r.memory.largestBatch},
                     {QStringLiteral("batch_items"), r.memory.batchItems},
                     {QStringLiteral("fits"), r.memory.fits},
                     {QStringLiteral("message"), r.memory.message}}},
        {QStringLiteral("pipeline"),
         QJsonObject{{QStringLiteral("microbatches"), s.microbatches},
                     {QStringLiteral("sequential_ms"), p.sequentialMs},
                     {QStringLiteral("total_ms"), p.totalMs},
                     {QStringLiteral("bubble_fraction"), p.bubbleFraction},
                     {QStringLiteral("steady_rate_per_s"), p.steadyRatePerSecond},
                     {QStringLiteral("bottleneck_index"), p.bottleneckIndex},
                     {QStringLiteral("utilization"), p.utilization},
                     {QStringLiteral("balanced_stage_ms"), p.balancedStageMs},
                     {QStringLiteral("balanced_rate_per_s"), p.balancedRatePerSecond}}},
    };
}

/// The scenario file named by the first positional argument, with every --set applied.
Plan loadPlanArgument(const Flags &flags)
{
    if (flags.positional().isEmpty())
        throw InvalidInput{QStringLiteral("FILE: required (a scenario .json file)")};
    QString error;
    std::optional<Plan> plan =
        loadPlanFile(flags.positional().first(), flags.repeated(QStringLiteral("set")), &error);
    if (!plan)
        throw InvalidInput{error};
    return *plan;
}

int runEval(const Flags &flags, QTextStream &out)
{
    const QString path = flags.positional().value(0);
    const Plan plan = loadPlanArgument(flags);
    // One evaluation of the plan, the window's and the report's.
    const PlanResult evaluated = evaluatePlan(plan);
    const ScenarioResult &r = evaluated.model;
    const std::optional<ScenarioResult> &baseline = evaluated.baseline.result;

    if (flags.isSet(kJson.name)) {
        QJsonObject object = resultObject(plan.scenario, r);
        object.insert(QStringLiteral("file"), path);
        if (baseline) {
            const Comparison &c = *evaluated.baseline.comparison;
            QJsonArray baselineRows;
            for (const ScalingRow &row : c.baselineScaling)
                baselineRows.append(
                    QJsonObject{{QStringLiteral("workers"), row.workers},
                                {QStringLiteral("amdahl_hours"), row.amdahlHours},
                                {QStringLiteral("effective_hours"), row.effectiveHours}});
            object.insert(QStringLiteral("baseline"), resultObject(*plan.baseline, *baseline));
            object.insert(
                QStringLiteral("comparison"),
                QJsonObject{
                    {QStringLiteral("runtime_ratio"), c.runtimeRatio},
                    {QStringLiteral("runtime_delta_seconds"), c.runtimeDeltaSeconds},
                    {QStringLiteral("throughput_ratio"), c.throughputRatio},
                    // The window's "(+100 %)" / "(same)": format::change of the
                    // runtimes and throughputs the headlines show.
                    {QStringLiteral("runtime_change"),
                     format::change(r.effectiveRuntimeSeconds, baseline->effectiveRuntimeSeconds)},
                    {QStringLiteral("throughput_change"),
                     format::change(r.throughputUsersPerSecond,
                                    baseline->throughputUsersPerSecond)},
                    {QStringLiteral("baseline_rows"), baselineRows}});
        } else {
            object.insert(QStringLiteral("baseline"), QJsonValue::Null);
        }
        printJson(out, object);
        return kExitOk;
    }
    const Scenario &s = plan.scenario;
    const explain::Headline h = explain::headline(s, r);
    out << s.name << '\n';
    std::vector<std::pair<QString, QString>> rows{
        {QStringLiteral("Total predictions"), h.totalPredictions},
        {QStringLiteral("Runtime at ") +
             format::count(s.workload.workers, s.workload.workers == 1 ? QStringLiteral("worker")
                                                                       : QStringLiteral("workers")),
         h.runtime},
        {QStringLiteral("Throughput"), h.throughput},
        {QStringLiteral("Speedup (ceiling)"), h.speedup},
        {QStringLiteral("Bottleneck (per user)"), h.bottleneck},
        {QStringLiteral("How"), explain::runtime(s, r)},
    };
    if (baseline) {
        const explain::Headline b = explain::headline(*plan.baseline, *baseline);
        rows.emplace_back(QStringLiteral("Baseline runtime"), b.runtime + QStringLiteral(" (") +
                                                                  plan.baseline->name +
                                                                  QStringLiteral(")"));
        rows.emplace_back(
            QStringLiteral("Runtime change"),
            format::change(r.effectiveRuntimeSeconds, baseline->effectiveRuntimeSeconds));
    }
    printRows(out, rows);
    out << "\nScaling\n";
    printScalingTable(out, r.scaling, r.nearestScalingRow);
    out << "\nLevers\n";
    std::vector<std::pair<QString, QString>> levers;
    for (const LeverStep &step : r.waterfall)
        levers.emplace_back(QStringLiteral("  ") + step.name + QStringLiteral(" (") +
                                step.explanation + QStringLiteral(")"),
                            step.applied || &step == &r.waterfall.front()
                                ? format::duration(step.runtimeSeconds)
                                : QStringLiteral("unchanged"));
    printRows(out, levers);
    out << "\nPipeline (" << format::grouped(s.microbatches, 0) << " microbatches)\n";
    printRows(
        out,
        {{QStringLiteral("  Bubble (p-1)/(m+p-1)"), format::grouped(r.pipeline.bubbleFraction, 3)},
         {QStringLiteral("  Utilization"),
          format::trimmed(r.pipeline.utilization * 100, 1) + QStringLiteral(" %")},
         {QStringLiteral("  Total time"), format::milliseconds(r.pipeline.totalMs)},
         {QStringLiteral("  Steady rate"),
          format::ratePerSecond(r.pipeline.steadyRatePerSecond, QStringLiteral("items"))},
         {QStringLiteral("  Balanced rate"),
          format::ratePerSecond(r.pipeline.balancedRatePerSecond, QStringLiteral("items"))}});
    return kExitOk;
}

/// The simulation's flags: the contract names plus the extras (caps, serial time).
std::vector<FlagDef> simulationFlags(bool withWorkers)
{
    std::vector<FlagDef> flags{
        {QStringLiteral("shards"), FlagKind::Value, QStringLiteral("shards S (required)")},
        {QStringLiteral("shard-seconds"), FlagKind::Value,
         QStringLiteral("seconds D per shard (required)")},
    };
    if (withWorkers)
        flags.push_back(
            {QStringLiteral("workers"), FlagKind::Value, QStringLiteral("workers W (required)")});
    const std::vector<FlagDef> rest{
        {QStringLiteral("cold-start-s"), FlagKind::Value,
         QStringLiteral("cold start C per worker in s; default 0")},
        {QStringLiteral("straggler-prob"), FlagKind::Value,
         QStringLiteral("chance q in [0, 1) that a shard straggles; default 0")},
        {QStringLiteral("straggler-factor"), FlagKind::Value,
         QStringLiteral("a straggler takes k x D, k >= 1 (required with --straggler-prob)")},
        {QStringLiteral("failure-prob"), FlagKind::Value,
         QStringLiteral("chance f in [0, 1) that an attempt fails; default 0")},
        {QStringLiteral("checkpoint-s"), FlagKind::Value,
         QStringLiteral("checkpoint every K s of work; retries resume there (default: none)")},
        {QStringLiteral("checkpoint-cost-s"), FlagKind::Value,
         QStringLiteral("seconds each checkpoint takes; default 0")},
        {QStringLiteral("dispatch-cap-per-s"), FlagKind::Value,
         QStringLiteral("coordinator hands out at most this many shards/s (default: no cap)")},
        {QStringLiteral("serial-s"), FlagKind::Value,
         QStringLiteral("serial seconds no worker shares (Amdahl's residue); default 0")},
        {QStringLiteral("backups"), FlagKind::Switch,
         QStringLiteral("what-if: speculative backup copies of slow shards once the queue is "
                        "empty")},
        {QStringLiteral("trials"), FlagKind::Value, QStringLiteral("trials T; default 1000")},
        {QStringLiteral("seed"), FlagKind::Value,
         QStringLiteral("random seed N; the same seed gives the same result; default 1")},
    };
    flags.insert(flags.end(), rest.begin(), rest.end());
    return flags;
}

/// "--straggler-factor" for the simulation key "straggler_factor".
QString flagForKey(const QString &key)
{
    return QStringLiteral("--") + QString(key).replace(QLatin1Char('_'), QLatin1Char('-'));
}

simulation::Params simulationFromFlags(const Flags &flags, double workers, double defaultTrials)
{
    simulation::Params p;
    p.shards = flags.number(QStringLiteral("shards"), fields::shards);
    p.shardSeconds = flags.number(QStringLiteral("shard-seconds"), fields::shardSeconds);
    p.workers = workers;
    p.coldStartSeconds =
        flags.number(QStringLiteral("cold-start-s"), fields::coldStartSeconds, 0.0);
    p.stragglerProbability =
        flags.number(QStringLiteral("straggler-prob"), fields::stragglerProbability, 0.0);
    if (p.stragglerProbability > 0 && !flags.has(QStringLiteral("straggler-factor")))
        throw InvalidInput{QStringLiteral("--straggler-factor: required with --straggler-prob "
                                          "(how many times slower a straggler is)")};
    p.stragglerFactor =
        flags.number(QStringLiteral("straggler-factor"), fields::stragglerFactor, 1.0);
    p.failureProbability =
        flags.number(QStringLiteral("failure-prob"), fields::failureProbability, 0.0);
    p.checkpointSeconds =
        flags.optionalNumber(QStringLiteral("checkpoint-s"), fields::checkpointSeconds).value_or(0);
    p.checkpointCostSeconds =
        flags.number(QStringLiteral("checkpoint-cost-s"), fields::checkpointCostSeconds, 0.0);
    p.dispatchPerSecond =
        flags.optionalNumber(QStringLiteral("dispatch-cap-per-s"), fields::dispatchCapPerSecond)
            .value_or(0);
    p.serialSeconds = flags.number(QStringLiteral("serial-s"), fields::serialSeconds, 0.0);
    p.speculativeBackups = flags.isSet(QStringLiteral("backups"));
    p.trials =
        static_cast<int>(flags.number(QStringLiteral("trials"), fields::trials, defaultTrials));
    p.seed = static_cast<std::uint64_t>(flags.number(QStringLiteral("seed"), fields::seed, 1.0));
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
    auto row = [](const char *label, double seconds) {
        return std::pair{QLatin1String(label), format::duration(seconds) + QStringLiteral("  (") +
                                                   format::grouped(seconds, 2) +
                                                   QStringLiteral(" s)")};
    };
    return {{QStringLiteral("Trials"), format::grouped(r.trials, 0)},
            row("Mean", r.meanSeconds),
            row("P50", r.p50Seconds),
            row("P90", r.p90Seconds),
            row("P99", r.p99Seconds),
            row("Fastest", r.minSeconds),
            row("Slowest", r.maxSeconds)};
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
    const std::vector<QStringList> rows =
        explain::breakdownRows(b, QStringLiteral("Closed form (no tail)"));
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
    const simulation::Params params = simulationFromFlags(flags, workers, 1000);
    const simulation::Result result = simulation::simulate(params);
    std::optional<simulation::Result> withoutBackups;
    if (params.speculativeBackups) {
        simulation::Params plain = params;
        plain.speculativeBackups = false;
        withoutBackups = simulation::simulate(plain);
    }
    const double closedForm = simulation::closedFormSeconds(params);
    const tail::Breakdown breakdown = tail::fromClosedForm(params, nullptr, &result);
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
    out << "Simulated " << format::count(params.shards, QStringLiteral("shards")) << " over "
        << format::count(params.workers, QStringLiteral("workers"))
        << (params.speculativeBackups ? " with speculative backups" : "") << '\n';
    std::vector<std::pair<QString, QString>> rows = simulationRows(result);
    rows.emplace_back(QStringLiteral("Closed form (no tail)"),
                      format::duration(closedForm) + QStringLiteral("  (") +
                          format::grouped(closedForm, 2) + QStringLiteral(" s)"));
    if (withoutBackups)
        rows.emplace_back(QStringLiteral("P90 without backups"),
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
    const std::pair<const char *, const char *> derived[] = {
        {"shards", "overheads.users_per_shard (shards = users / users per shard)"},
        {"shard-seconds", "overheads.users_per_shard or workload.latency_ms"},
        {"serial-s", "workload.parallel_fraction"}};
    for (const auto &[flag, key] : derived) {
        if (flags.has(QLatin1String(flag)))
            throw InvalidInput{QStringLiteral("--%1: comes from the scenario file's workload; "
                                              "use --set %2")
                                   .arg(QLatin1String(flag), QLatin1String(key))};
    }
    SimulationSettings &sim = s.simulation;
    sim.stragglerProbability = flags.number(QStringLiteral("straggler-prob"),
                                            fields::stragglerProbability, sim.stragglerProbability);
    sim.stragglerFactor = flags.number(QStringLiteral("straggler-factor"), fields::stragglerFactor,
                                       sim.stragglerFactor);
    sim.failureProbability = flags.number(QStringLiteral("failure-prob"),
                                          fields::failureProbability, sim.failureProbability);
    if (flags.has(QStringLiteral("checkpoint-s")))
        sim.checkpointSeconds =
            flags.number(QStringLiteral("checkpoint-s"), fields::checkpointSeconds);
    sim.checkpointCostSeconds =
        flags.number(QStringLiteral("checkpoint-cost-s"), fields::checkpointCostSeconds,
                     sim.checkpointCostSeconds);
    if (flags.isSet(QStringLiteral("backups")))
        sim.speculativeBackups = true;
    sim.seed = flags.number(QStringLiteral("seed"), fields::seed, sim.seed);
    if (flags.has(QStringLiteral("cold-start-s")))
        s.overheads.coldStartSeconds =
            flags.number(QStringLiteral("cold-start-s"), fields::coldStartSeconds);
    if (flags.has(QStringLiteral("dispatch-cap-per-s")))
        s.overheads.dispatchCapPerSecond =
            flags.number(QStringLiteral("dispatch-cap-per-s"), fields::dispatchCapPerSecond);
}

int runDeadline(const Flags &flags, QTextStream &out)
{
    goalseek::Inputs in;
    if (!flags.positional().isEmpty()) {
        // A scenario file: its workload, overheads, simulation and goal settings, with any
        // simulation flag applied on top.
        Plan plan = loadPlanArgument(flags);
        applySimulationFlags(flags, plan.scenario);
        const Scenario &s = plan.scenario;
        const ScenarioResult r = evaluate(s);
        in = goalInputs(s, r);
        in.simulation.trials =
            static_cast<int>(flags.number(QStringLiteral("trials"), fields::trials, s.goal.trials));
        in.deadlineSeconds = flags.number(QStringLiteral("deadline-s"), fields::deadlineSeconds,
                                          s.goal.deadlineSeconds);
        in.pricePerWorkerHour = flags.number(QStringLiteral("price-per-worker-hour"),
                                             fields::pricePerWorkerHour, s.goal.pricePerWorkerHour);
        if (const auto errors = simulation::validate(in.simulation); !errors.empty())
            throw InvalidInput{QStringLiteral("simulation of %1: %2")
                                   .arg(flags.positional().first(), errors.front().toString())};
    } else {
        in.simulation = simulationFromFlags(flags, 1, 200);
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
        in.pricePerWorkerHour =
            flags.number(QStringLiteral("price-per-worker-hour"), fields::pricePerWorkerHour, 0.0);
    }
    const goalseek::Result result = goalseek::seek(in);
    if (flags.isSet(kJson.name)) {
        QJsonArray options;
        QJsonObject object{{QStringLiteral("deadline_seconds"), in.deadlineSeconds},
                           {QStringLiteral("price_per_worker_hour"), in.pricePerWorkerHour},
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
    out << "Fewest workers to finish within " << format::duration(in.deadlineSeconds) << '\n';
    std::vector<std::pair<QString, QString>> rows;
    for (const goalseek::Option &option : result.options) {
        rows.emplace_back(QStringLiteral("  ") + option.method,
                          option.workers
                              ? QStringLiteral("%1, done in %2, costs %3")
                                    .arg(format::count(*option.workers, QStringLiteral("workers")),
                                         format::duration(option.runtimeSeconds),
                                         format::grouped(option.cost, 2))
                              : QStringLiteral("impossible: ") + option.reason);
    }
    printRows(out, rows);
    return kExitOk;
}

/// The flag for a schedule::validate() field: "backward_ms[2]" is "--backward-ms: item 3".
QString scheduleFlagForField(const QString &field)
{
    const qsizetype bracket = field.indexOf(QLatin1Char('['));
    if (bracket < 0)
        return flagForKey(field);
    const int index = field.mid(bracket + 1).chopped(1).toInt();
    return flagForKey(field.left(bracket)) + QStringLiteral(": item %1").arg(index + 1);
}

/// The schedule's inputs from its flags. p is the length of any list with more than one value
/// (they must agree, and agree with --devices); with only one-value lists, --devices or 1.
schedule::Params scheduleFromFlags(const Flags &flags)
{
    schedule::Params params;
    const QString kindText = flags.text(QStringLiteral("schedule"));
    const std::optional<schedule::Kind> kind = schedule::parseKind(kindText);
    if (!kind)
        throw InvalidInput{QStringLiteral("--schedule: unknown schedule '%1' (gpipe, 1f1b, "
                                          "interleaved or zb-h1)")
                               .arg(kindText)};
    params.kind = *kind;
    params.forwardMs = flags.list(QStringLiteral("forward-ms"), fields::forwardMs);
    params.backwardMs = flags.list(QStringLiteral("backward-ms"), fields::backwardMs);
    params.weightMs =
        flags.list(QStringLiteral("weight-ms"), fields::weightMs, std::vector<double>{0.0});

    // The device count, and which flag set it (for the message when another disagrees).
    std::optional<int> devices;
    QString devicesFrom;
    if (flags.has(QStringLiteral("devices"))) {
        devices =
            static_cast<int>(flags.number(QStringLiteral("devices"), fields::pipelineDevices));
        devicesFrom = QStringLiteral("--devices");
    }
    const std::pair<QString, const std::vector<double> *> lists[] = {
        {QStringLiteral("--forward-ms"), &params.forwardMs},
        {QStringLiteral("--backward-ms"), &params.backwardMs},
        {QStringLiteral("--weight-ms"), &params.weightMs}};
    for (const auto &[flag, values] : lists) {
        if (values->size() <= 1)
            continue;
        const auto count = static_cast<int>(values->size());
        if (!devices) {
            devices = count;
            devicesFrom = flag;
        } else if (*devices != count) {
            throw InvalidInput{QStringLiteral("%1: %2 values, but %3 gives %4 devices (give one "
                                              "value per device, or one for all)")
                                   .arg(flag)
                                   .arg(count)
                                   .arg(devicesFrom)
                                   .arg(*devices)};
        }
    }
    if (devices && devicesFrom != QLatin1String("--devices")) {
        if (auto reason = checkValue(fields::pipelineDevices, *devices))
            throw InvalidInput{QStringLiteral("%1: %2 values, one per device: the device count %3")
                                   .arg(devicesFrom)
                                   .arg(*devices)
                                   .arg(*reason)};
    }
    params.devices = devices.value_or(1);
    params.microbatches = static_cast<int>(
        flags.number(QStringLiteral("microbatches"), fields::scheduleMicrobatches));
    params.virtualStages = static_cast<int>(
        flags.number(QStringLiteral("virtual-stages"), fields::virtualStages, 1.0));
    params.commMs = flags.number(QStringLiteral("comm-ms"), fields::commMs, 0.0);
    if (const std::vector<FieldError> errors = schedule::validate(params); !errors.empty())
        throw InvalidInput{scheduleFlagForField(errors.front().field) + QStringLiteral(": ") +
                           errors.front().message};
    return params;
}

/// Human output lists every op only up to this many; beyond, --json has them.
constexpr std::size_t kMaxPrintedOps = 64;

int runSchedule(const Flags &flags, QTextStream &out)
{
    const schedule::Params params = scheduleFromFlags(flags);
    const schedule::Result r = schedule::compute(params);
    if (flags.isSet(kJson.name)) {
        QJsonArray peaks;
        for (double peak : r.peakInFlight)
            peaks.append(peak);
        const QJsonObject summary{{QStringLiteral("schedule"), schedule::keyOf(params.kind)},
                                  {QStringLiteral("devices"), params.devices},
                                  {QStringLiteral("microbatches"), params.microbatches},
                                  {QStringLiteral("virtual_stages"), params.virtualStages},
                                  {QStringLiteral("makespan_ms"), r.makespanMs},
                                  {QStringLiteral("busy_ms"), r.busyMs},
                                  {QStringLiteral("bubble_fraction"), r.bubbleFraction},
                                  {QStringLiteral("bubble_ratio"), r.bubbleRatio},
                                  {QStringLiteral("peak_in_flight"), peaks}};
        // The ops are written one line each as they go: up to 4M ops as one QJsonArray would
        // take gigabytes. The summary's text ends "\n}\n"; "ops" joins it as the last key.
        QByteArray text = QJsonDocument(summary).toJson(QJsonDocument::Indented);
        text.chop(3);
        out << QString::fromUtf8(text) << ",\n    \"ops\": [";
        for (std::size_t i = 0; i < r.ops.size(); ++i) {
            const schedule::Op &op = r.ops[i];
            const QJsonObject object{{QStringLiteral("device"), op.device},
                                     {QStringLiteral("kind"), schedule::keyOf(op.kind)},
                                     {QStringLiteral("microbatch"), op.microbatch},
                                     {QStringLiteral("chunk"), op.chunk},
                                     {QStringLiteral("start_ms"), op.startMs},
                                     {QStringLiteral("end_ms"), op.endMs}};
            out << (i == 0 ? "\n        " : ",\n        ")
                << QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
        }
        out << (r.ops.empty() ? "]\n}\n" : "\n    ]\n}\n");
        return kExitOk;
    }
    QStringList peaks;
    for (double peak : r.peakInFlight)
        peaks << format::trimmed(peak, 2);
    QString shape = format::count(params.devices, params.devices == 1 ? QStringLiteral("device")
                                                                      : QStringLiteral("devices"));
    if (params.virtualStages > 1)
        shape += QStringLiteral(" x %1 chunks").arg(params.virtualStages);
    shape += QStringLiteral(", ") +
             format::count(params.microbatches, params.microbatches == 1
                                                    ? QStringLiteral("microbatch")
                                                    : QStringLiteral("microbatches"));
    printRows(
        out,
        {
            {QStringLiteral("Schedule"),
             schedule::displayName(params.kind) + QStringLiteral(", ") + shape},
            {QStringLiteral("Makespan"), format::trimmed(r.makespanMs, 3) + QStringLiteral(" ms")},
            {QStringLiteral("Busy (all devices)"),
             format::trimmed(r.busyMs, 3) + QStringLiteral(" ms")},
            {QStringLiteral("Bubble (share idle)"),
             format::trimmed(r.bubbleFraction * 100, 2) + QStringLiteral(" %")},
            {QStringLiteral("Bubble ratio (idle / ideal)"), format::trimmed(r.bubbleRatio, 4)},
            {QStringLiteral("Peak in flight"),
             peaks.join(QStringLiteral(", ")) +
                 (params.devices == 1
                      ? QStringLiteral(" microbatches")
                      : QStringLiteral(" microbatches (device 0 to %1)").arg(params.devices - 1))},
        });
    if (r.ops.size() > kMaxPrintedOps) {
        out << format::grouped(static_cast<double>(r.ops.size()), 0)
            << " ops; run with --json to list them.\n";
        return kExitOk;
    }
    out << '\n';
    std::vector<QStringList> lines{{QStringLiteral("device"), QStringLiteral("op"),
                                    QStringLiteral("microbatch"), QStringLiteral("chunk"),
                                    QStringLiteral("start ms"), QStringLiteral("end ms")}};
    for (const schedule::Op &op : r.ops) {
        lines.push_back({QString::number(op.device), schedule::keyOf(op.kind),
                         QString::number(op.microbatch), QString::number(op.chunk),
                         format::trimmed(op.startMs, 3), format::trimmed(op.endMs, 3)});
    }
    std::vector<qsizetype> widths(lines.front().size(), 0);
    for (const QStringList &line : lines)
        for (qsizetype c = 0; c < line.size(); ++c)
            widths[static_cast<size_t>(c)] =
                std::max(widths[static_cast<size_t>(c)], line[c].size());
    for (const QStringList &line : lines) {
        QStringList cells;
        for (qsizetype c = 0; c < line.size(); ++c)
            cells << line[c].rightJustified(widths[static_cast<size_t>(c)]);
        out << "  " << cells.join(QStringLiteral("  ")) << '\n';
    }
    return kExitOk;
}

// ---------------------------------------------------------------------------------------------
// Project estimates (seed 003): montecarlo over a task file, labeling effort.

/// A task file is read whole; far above any real plan (10,000 tasks of long names is ~1 MB).
constexpr qint64 kMaxTaskFileBytes = qint64{4} * 1024 * 1024;

/// "cannot read it (No such file or directory)", or readBounded's own sentence when it says
/// what the path is ("is a pipe, not a regular file").
QString readProblem(const QString &error)
{
    if (error.startsWith(QLatin1String("is ")))
        return error;
    return QStringLiteral("cannot read it (%1)").arg(error);
}

/// A message on one line: CSV cells quoted in it may hold line breaks.
QString oneLine(QString text)
{
    text.replace(QLatin1String("\r\n"), QLatin1String(" "));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    text.replace(QLatin1Char('\r'), QLatin1Char(' '));
    return text;
}

/// The tasks of the --tasks CSV file; every problem names the file, and the row and column.
std::vector<estimate::Task> readTaskFile(const Flags &flags)
{
    if (!flags.has(QStringLiteral("tasks")))
        throw InvalidInput{QStringLiteral("--tasks: required (a CSV file with the header "
                                          "name,optimistic,most_likely,pessimistic)")};
    const QString path = flags.text(QStringLiteral("tasks"));
    const QString prefix = QStringLiteral("--tasks ") + path;
    const fileio::ReadResult read = fileio::readBounded(path, kMaxTaskFileBytes);
    if (!read.bytes)
        throw InvalidInput{oneLine(prefix + QStringLiteral(": ") + readProblem(read.error))};
    const estimate::CsvTasks csv = estimate::readTasksCsv(QString::fromUtf8(*read.bytes));
    if (!csv.errors.empty()) {
        QString message = prefix + QStringLiteral(": ") + csv.errors.front().toString();
        if (csv.errors.size() > 1)
            message += QStringLiteral(" (and %1 more %2)")
                           .arg(csv.errors.size() - 1)
                           .arg(csv.errors.size() == 2 ? QStringLiteral("problem")
                                                       : QStringLiteral("problems"));
        throw InvalidInput{oneLine(message)};
    }
    return csv.tasks;
}

/// "1, 2, 4": task numbers, 1-based in the file's order (the n-th task; blank lines do not
/// count, unlike the row numbers of depends_on and of CSV errors). A long list keeps its first
/// ten and its last: "1, 2, ..., 10, ... 9,989 more ..., 10000".
QString taskList(const std::vector<int> &indices)
{
    constexpr size_t kShown = 10;
    QStringList numbers;
    for (size_t i = 0; i < indices.size(); ++i) {
        if (indices.size() > kShown + 2 && i == kShown) {
            numbers << QStringLiteral("... %1 more ...")
                           .arg(format::grouped(static_cast<double>(indices.size() - kShown - 1),
                                                0));
            i = indices.size() - 1;
        }
        numbers << QString::number(indices[i] + 1);
    }
    return numbers.join(QStringLiteral(", "));
}

QString hoursText(double hours)
{
    return format::grouped(hours, 2) + QStringLiteral(" h");
}

int runMonteCarlo(const Flags &flags, QTextStream &out)
{
    const std::vector<estimate::Task> tasks = readTaskFile(flags);
    estimate::MonteCarloOptions options;
    options.trials = static_cast<int>(
        flags.number(QStringLiteral("trials"), estimate::specs::trials, options.trials));
    options.seed = static_cast<std::uint64_t>(
        flags.number(QStringLiteral("seed"), fields::seed, static_cast<double>(options.seed)));
    const QString distribution = flags.has(QStringLiteral("distribution"))
                                     ? flags.text(QStringLiteral("distribution"))
                                     : QStringLiteral("pert");
    if (distribution == QLatin1String("pert")) {
        options.distribution = estimate::Distribution::PertBeta;
    } else if (distribution == QLatin1String("triangular")) {
        options.distribution = estimate::Distribution::Triangular;
    } else {
        throw InvalidInput{
            QStringLiteral("--distribution: unknown distribution '%1' (pert or triangular)")
                .arg(distribution)};
    }
    if (const auto errors = estimate::validate(options); !errors.empty())
        throw InvalidInput{flagForKey(errors.front().field) + QStringLiteral(": ") +
                           errors.front().message};

    const estimate::PertResult pert = estimate::pert(tasks);
    const estimate::MonteCarloResult mc = estimate::monteCarlo(tasks, options);
    if (flags.isSet(kJson.name)) {
        QJsonArray path;
        for (int task : pert.criticalPath)
            path.append(task + 1);
        printJson(out, QJsonObject{{QStringLiteral("trials"), mc.trials},
                                   {QStringLiteral("mean"), mc.meanHours},
                                   {QStringLiteral("p50"), mc.p50Hours},
                                   {QStringLiteral("p80"), mc.p80Hours},
                                   {QStringLiteral("p90"), mc.p90Hours},
                                   {QStringLiteral("p95"), mc.p95Hours},
                                   {QStringLiteral("pert_mean"), pert.meanHours},
                                   {QStringLiteral("pert_sigma"), pert.sigmaHours},
                                   {QStringLiteral("unit"), QStringLiteral("hours")},
                                   {QStringLiteral("min"), mc.minHours},
                                   {QStringLiteral("max"), mc.maxHours},
                                   {QStringLiteral("seed"), static_cast<double>(options.seed)},
                                   {QStringLiteral("distribution"), distribution},
                                   {QStringLiteral("tasks"), static_cast<double>(tasks.size())},
                                   {QStringLiteral("critical_path"), path}});
        return kExitOk;
    }
    const bool sequential = std::none_of(
        tasks.begin(), tasks.end(), [](const estimate::Task &t) { return !t.dependsOn.empty(); });
    const QString plan =
        format::count(static_cast<double>(tasks.size()),
                      tasks.size() == 1 ? QStringLiteral("task") : QStringLiteral("tasks")) +
        (sequential ? QStringLiteral(" in sequence")
                    : QStringLiteral(", critical path: tasks ") + taskList(pert.criticalPath));
    auto withDays = [](double hours) {
        return hoursText(hours) + QStringLiteral("  (") +
               format::grouped(hours / estimate::kHoursPerWorkingDay, 2) +
               QStringLiteral(" working days)");
    };
    printRows(out,
              {
                  {QStringLiteral("Plan"), plan},
                  {QStringLiteral("Simulation"),
                   QStringLiteral("%1, %2, seed %3")
                       .arg(format::count(mc.trials, QStringLiteral("trials")),
                            options.distribution == estimate::Distribution::PertBeta
                                ? QStringLiteral("PERT-beta")
                                : QStringLiteral("triangular"),
                            QString::number(options.seed))},
                  {QStringLiteral("PERT mean"), withDays(pert.meanHours)},
                  {QStringLiteral("PERT sigma"), hoursText(pert.sigmaHours)},
                  {QStringLiteral("Monte Carlo mean"), withDays(mc.meanHours)},
                  {QStringLiteral("  P50"), withDays(mc.p50Hours)},
                  {QStringLiteral("  P80"), withDays(mc.p80Hours)},
                  {QStringLiteral("  P90"), withDays(mc.p90Hours)},
                  {QStringLiteral("  P95"), withDays(mc.p95Hours)},
                  {QStringLiteral("  Range"), format::grouped(mc.minHours, 2) +
                                                  QStringLiteral(" to ") + hoursText(mc.maxHours)},
              });
    out << "Hours (a working day is 8 h); a CSV without a unit column is read as hours.\n";
    return kExitOk;
}

/// A share of items or a rate: "0.7" or "70%". Problems start with `label`; `tooLarge` is the
/// hint for a plain number above the range (someone meaning a percentage).
double fractionValue(const QString &label, const QString &text, const FieldSpec &spec,
                     const QString &tooLarge = QStringLiteral("a fraction: 0.1 or 10%"))
{
    const bool percent = text.trimmed().endsWith(QLatin1Char('%'));
    const numparse::Parsed parsed = numparse::fraction(text);
    if (!parsed.value)
        throw InvalidInput{label + QStringLiteral(": ") + parsed.error};
    const double value = *parsed.value;
    if (auto reason = checkValue(spec, value)) {
        QString message = label + QStringLiteral(": ") + *reason;
        if (!percent && value > spec.max)
            message += QStringLiteral(" (") + tooLarge + QStringLiteral(")");
        throw InvalidInput{message};
    }
    return value;
}

/// --NAME as a fraction or a percentage, `fallback` when absent.
double fractionFlag(const Flags &flags, const QString &name, const FieldSpec &spec, double fallback)
{
    if (!flags.has(name))
        return fallback;
    return fractionValue(QStringLiteral("--") + name, flags.text(name), spec);
}

/// A plain number in a compound value such as SHARE:MINUTES.
double partValue(const QString &label, const QString &text, const FieldSpec &spec)
{
    const numparse::Parsed parsed = numparse::number(text);
    if (!parsed.value)
        throw InvalidInput{label + QStringLiteral(": ") + parsed.error};
    if (auto reason = checkValue(spec, *parsed.value))
        throw InvalidInput{label + QStringLiteral(": ") + *reason};
    return *parsed.value;
}

/// With --normalize a stratum's share is a weight, such as its count of pilot items.
const FieldSpec kShareWeight{"share", "share weight", "", 0, 1e12};

/// One --stratum SHARE:MINUTES[:REVIEW_MINUTES]; with `weights` (--normalize) SHARE may be any
/// weight at or above 0.
estimate::Stratum parseStratum(const QString &value, bool weights)
{
    const QString label = QStringLiteral("--stratum '%1'").arg(value);
    const QStringList parts = value.split(QLatin1Char(':'));
    if (parts.size() < 2 || parts[1].trimmed().isEmpty())
        throw InvalidInput{label + QStringLiteral(": no minutes per item: give SHARE:MINUTES, "
                                                  "e.g. 0.7:1.5 (70 % of the items at 1.5 min)")};
    if (parts.size() > 3)
        throw InvalidInput{
            label + QStringLiteral(": expected SHARE:MINUTES or SHARE:MINUTES:REVIEW_MINUTES")};
    estimate::Stratum stratum;
    stratum.share =
        fractionValue(label + QStringLiteral(": share"), parts[0],
                      weights ? kShareWeight : estimate::specs::share,
                      QStringLiteral("a fraction: 0.7 or 70%; or add --normalize to give weights"));
    stratum.minutesPerItem = partValue(label + QStringLiteral(": minutes per item"), parts[1],
                                       estimate::specs::minutesPerItem);
    if (parts.size() == 3)
        stratum.reviewMinutesPerItem =
            partValue(label + QStringLiteral(": review minutes per item"), parts[2],
                      estimate::specs::minutesPerItem);
    stratum.name = QStringLiteral("stratum %1").arg(value);
    return stratum;
}

/// The flag that sets a LabelingInputs field of estimate::validate().
QString labelingFlagForField(const QString &field, const QStringList &strata)
{
    static const QHash<QString, QString> flagOf{
        {QStringLiteral("items"), QStringLiteral("--items")},
        {QStringLiteral("strata"), QStringLiteral("--stratum")},
        {QStringLiteral("qc_rate"), QStringLiteral("--qc-rate")},
        {QStringLiteral("adjudication_share"), QStringLiteral("--adjudication")},
        {QStringLiteral("adjudication_minutes_per_item"), QStringLiteral("--adjudication")},
        {QStringLiteral("annotators"), QStringLiteral("--annotators")},
        {QStringLiteral("hours_per_week"), QStringLiteral("--hours-per-week")},
        {QStringLiteral("first_week_productivity"), QStringLiteral("--ramp-up")},
        {QStringLiteral("contingency"), QStringLiteral("--contingency")},
        {QStringLiteral("hourly_rate"), QStringLiteral("--hourly-rate")},
        {QStringLiteral("tooling_cost"), QStringLiteral("--tooling-cost")}};
    if (field.startsWith(QLatin1String("strata["))) {
        const int index = field.mid(7, field.indexOf(QLatin1Char(']')) - 7).toInt();
        return QStringLiteral("--stratum '%1'").arg(strata.value(index));
    }
    return flagOf.value(field, field);
}

/// The labeling inputs from the flags; every problem names its flag.
estimate::LabelingInputs labelingFromFlags(const Flags &flags)
{
    estimate::LabelingInputs in;
    in.items = flags.number(QStringLiteral("items"), estimate::specs::items);
    const QStringList strata = flags.repeated(QStringLiteral("stratum"));
    if (strata.isEmpty())
        throw InvalidInput{QStringLiteral("--stratum: required, one SHARE:MINUTES per stratum "
                                          "(e.g. --stratum 0.7:1.5 --stratum 0.3:6)")};
    double shareSum = 0;
    for (const QString &value : strata) {
        in.strata.push_back(parseStratum(value, flags.isSet(QStringLiteral("normalize"))));
        shareSum += *in.strata.back().share;
    }
    if (!(shareSum > 0))
        throw InvalidInput{QStringLiteral("--stratum: shares sum to 0: give at least one stratum "
                                          "a share above 0")};
    if (flags.isSet(QStringLiteral("normalize"))) {
        in = in.normalized();
    } else if (!(std::fabs(shareSum - 1.0) <= 1e-9)) {
        QString sum = format::trimmed(shareSum, 6);
        if (sum == QLatin1String("1"))
            sum = format::plainNumber(shareSum);
        throw InvalidInput{QStringLiteral("--stratum: shares sum to %1, not 1: correct them or "
                                          "add --normalize to scale them to sum to 1")
                               .arg(sum)};
    }
    in.qcSampleRate = fractionFlag(flags, QStringLiteral("qc-rate"), estimate::specs::rate, 0.0);
    in.contingency =
        fractionFlag(flags, QStringLiteral("contingency"), estimate::specs::buffer, 0.0);
    in.adjudicationShare = 0;
    if (flags.has(QStringLiteral("adjudication"))) {
        const QString value = flags.text(QStringLiteral("adjudication"));
        const QString label = QStringLiteral("--adjudication '%1'").arg(value);
        const QStringList parts = value.split(QLatin1Char(':'));
        if (parts.size() > 2)
            throw InvalidInput{label + QStringLiteral(": expected SHARE or SHARE:MINUTES")};
        in.adjudicationShare =
            fractionValue(label + QStringLiteral(": share"), parts[0], estimate::specs::rate);
        if (parts.size() == 2)
            in.adjudicationMinutesPerItem = partValue(label + QStringLiteral(": minutes per item"),
                                                      parts[1], estimate::specs::minutesPerItem);
    }
    if (flags.has(QStringLiteral("ramp-up"))) {
        in.firstWeekProductivity =
            fractionFlag(flags, QStringLiteral("ramp-up"), estimate::specs::productivity, 1.0);
        if (!flags.has(QStringLiteral("annotators")))
            throw InvalidInput{QStringLiteral("--annotators: required with --ramp-up (the "
                                              "team's size sets the first week's hours)")};
        in.annotators = flags.number(QStringLiteral("annotators"), estimate::specs::annotators);
        in.hoursPerWeek = flags.number(QStringLiteral("hours-per-week"),
                                       estimate::specs::hoursPerWeek, in.hoursPerWeek);
    } else {
        for (const char *name : {"annotators", "hours-per-week"}) {
            if (flags.has(QLatin1String(name)))
                throw InvalidInput{
                    QStringLiteral("--%1: only used with --ramp-up (the first week's "
                                   "productivity, e.g. 0.6)")
                        .arg(QLatin1String(name))};
        }
    }
    in.hourlyRate = flags.number(QStringLiteral("hourly-rate"), estimate::specs::money, 0.0);
    in.toolingCost = flags.number(QStringLiteral("tooling-cost"), estimate::specs::money, 0.0);
    if (const auto errors = estimate::validate(in); !errors.empty())
        throw InvalidInput{labelingFlagForField(errors.front().field, strata) +
                           QStringLiteral(": ") + errors.front().message};
    return in;
}

QString percentText(double fraction)
{
    return format::trimmed(fraction * 100, 2) + QStringLiteral(" %");
}

int runLabeling(const Flags &flags, QTextStream &out)
{
    const estimate::LabelingInputs in = labelingFromFlags(flags);
    const estimate::LabelingEstimate e = estimate::estimateLabeling(in);
    if (flags.isSet(kJson.name)) {
        QJsonArray strata;
        for (const estimate::Stratum &s : in.strata) {
            const double items = *s.share * in.items;
            strata.append(QJsonObject{{QStringLiteral("share"), *s.share},
                                      {QStringLiteral("minutes_per_item"), s.minutesPerItem},
                                      {QStringLiteral("review_minutes_per_item"),
                                       s.reviewMinutesPerItem.value_or(s.minutesPerItem)},
                                      {QStringLiteral("items"), items},
                                      {QStringLiteral("hours"), items * s.minutesPerItem / 60.0}});
        }
        printJson(out, QJsonObject{{QStringLiteral("items"), e.items},
                                   {QStringLiteral("base_hours"), e.baseHours},
                                   {QStringLiteral("qc_hours"), e.qcHours},
                                   {QStringLiteral("adjudication_hours"), e.adjudicationHours},
                                   {QStringLiteral("ramp_up_hours"), e.rampUpHours},
                                   {QStringLiteral("annotator_hours"), e.annotatorHours},
                                   {QStringLiteral("reviewer_hours"), e.reviewerHours},
                                   {QStringLiteral("contingency_hours"), e.contingencyHours},
                                   {QStringLiteral("total_hours"), e.totalHours},
                                   {QStringLiteral("cost"), e.cost},
                                   {QStringLiteral("qc_rate"), in.qcSampleRate},
                                   {QStringLiteral("contingency"), in.contingency},
                                   {QStringLiteral("strata"), strata}});
        return kExitOk;
    }
    auto hours = [](double value) { return format::trimmed(value, 2) + QStringLiteral(" h"); };
    std::vector<std::pair<QString, QString>> rows{
        {QStringLiteral("Items"), format::count(e.items, QStringLiteral("items")) +
                                      QStringLiteral(" in %1 %2")
                                          .arg(in.strata.size())
                                          .arg(in.strata.size() == 1 ? QStringLiteral("stratum")
                                                                     : QStringLiteral("strata"))}};
    for (size_t i = 0; i < in.strata.size(); ++i) {
        const estimate::Stratum &s = in.strata[i];
        const double items = *s.share * in.items;
        rows.emplace_back(QStringLiteral("  Stratum %1").arg(i + 1),
                          QStringLiteral("%1 at %2 min: %3, %4")
                              .arg(percentText(*s.share), format::trimmed(s.minutesPerItem, 4),
                                   format::count(items, QStringLiteral("items")),
                                   hours(items * s.minutesPerItem / 60.0)));
    }
    rows.emplace_back(QStringLiteral("Base labeling"), hours(e.baseHours));
    rows.emplace_back(QStringLiteral("QC review (%1)").arg(percentText(in.qcSampleRate)),
                      hours(e.qcHours));
    if (in.adjudicationShare > 0)
        rows.emplace_back(
            QStringLiteral("Adjudication (%1)").arg(percentText(in.adjudicationShare)),
            hours(e.adjudicationHours));
    if (flags.has(QStringLiteral("ramp-up")))
        rows.emplace_back(
            QStringLiteral("Ramp-up (week 1 at %1)").arg(percentText(in.firstWeekProductivity)),
            hours(e.rampUpHours));
    rows.emplace_back(QStringLiteral("Contingency (%1)").arg(percentText(in.contingency)),
                      hours(e.contingencyHours));
    rows.emplace_back(QStringLiteral("Total"),
                      hours(e.totalHours) +
                          QStringLiteral("  (annotators %1, reviewers %2 "
                                         "before contingency)")
                              .arg(hours(e.annotatorHours), hours(e.reviewerHours)));
    if (in.hourlyRate > 0 || in.toolingCost > 0)
        rows.emplace_back(QStringLiteral("Cost"), format::grouped(e.cost, 2));
    printRows(out, rows);
    return kExitOk;
}

struct Command
{
    QString name;
    QString summary;
    std::vector<FlagDef> flags;
    std::function<int(const Flags &, QTextStream &)> handler;
    int positional = 0; ///< positional arguments accepted (eval's FILE)
    QString notes{};    ///< printed under the flags by --help
};

std::vector<Command> commands()
{
    std::vector<FlagDef> scalingFlags = workloadFlags();
    scalingFlags.insert(
        scalingFlags.end() - 2,
        {QStringLiteral("workers-list"), FlagKind::Value,
         QStringLiteral("comma-separated worker counts; default 100,500,1k,5k,10k,35k,50k")});
    return {
        {QStringLiteral("runtime"),
         QStringLiteral("total predictions, work and runtime of a batch scoring job"),
         workloadFlags(), runRuntime},
        {QStringLiteral("scaling"),
         QStringLiteral("hours and days over a list of worker counts, linear and Amdahl"),
         scalingFlags, runScaling},
        {QStringLiteral("amdahl"),
         QStringLiteral("Amdahl speedup, efficiency, ceiling and workers needed"),
         {{QStringLiteral("parallel-fraction"), FlagKind::Value,
           QStringLiteral("p in [0, 1] (required)")},
          {QStringLiteral("workers"), FlagKind::Value, QStringLiteral("workers N (required)")},
          {QStringLiteral("target-speedup"), FlagKind::Value,
           QStringLiteral("speedup to reach: prints the workers needed")},
          kJson,
          kHelp},
         runAmdahl},
        {QStringLiteral("pipeline"),
         QStringLiteral("pipeline-parallel bubble, total time, rate, bottleneck and balance"),
         {{QStringLiteral("stage-ms"), FlagKind::Value,
           QStringLiteral("comma-separated stage times in ms (required)")},
          {QStringLiteral("microbatches"), FlagKind::Value,
           QStringLiteral("microbatches in flight; default 8")},
          kJson,
          kHelp},
         runPipeline},
        {QStringLiteral("eval"),
         QStringLiteral("every result the window shows for a scenario file: eval FILE.json"),
         {{QStringLiteral("set"), FlagKind::Repeated,
           QStringLiteral("key=value to change before evaluating (repeatable), e.g. users=75M or "
                          "stages[0].ms_per_user=250")},
          kJson,
          kHelp},
         runEval,
         1},
        {QStringLiteral("simulate"),
         QStringLiteral("the distributed job with cold starts, stragglers, failures and retries"),
         [] {
             std::vector<FlagDef> flags = simulationFlags(true);
             flags.push_back(kJson);
             flags.push_back(kHelp);
             return flags;
         }(),
         runSimulate},
        {QStringLiteral("deadline"),
         QStringLiteral("fewest workers to finish by a deadline: naive, overheads, simulated"),
         [] {
             std::vector<FlagDef> flags{
                 {QStringLiteral("deadline-s"), FlagKind::Value,
                  QStringLiteral("the deadline in seconds (required without FILE)")},
                 {QStringLiteral("price-per-worker-hour"), FlagKind::Value,
                  QStringLiteral("price of one worker for one hour; default 0 (or the file's)")},
                 {QStringLiteral("set"), FlagKind::Repeated,
                  QStringLiteral("with FILE: key=value to change first, e.g. "
                                 "overheads.cold_start_s=30")},
             };
             for (FlagDef flag : simulationFlags(false)) {
                 if (flag.name == QLatin1String("trials"))
                     flag.help = QStringLiteral("trials per worker count tried; default 200");
                 flags.push_back(flag);
             }
             flags.push_back(kJson);
             flags.push_back(kHelp);
             return flags;
         }(),
         runDeadline, 1},
        {QStringLiteral("schedule"),
         QStringLiteral("a training pipeline schedule: makespan, bubble, activations in flight"),
         {{QStringLiteral("schedule"), FlagKind::Value,
           QStringLiteral("gpipe, 1f1b, interleaved or zb-h1 (required)")},
          {QStringLiteral("forward-ms"), FlagKind::Value,
           QStringLiteral("forward time of a microbatch on a device in ms: one value for all "
                          "devices or one per device, comma-separated (required)")},
          {QStringLiteral("backward-ms"), FlagKind::Value,
           QStringLiteral("backward time (input gradients) in ms, listed like --forward-ms "
                          "(required)")},
          {QStringLiteral("weight-ms"), FlagKind::Value,
           QStringLiteral("weight-gradient time in ms, listed like --forward-ms; default 0 "
                          "(inside the backward)")},
          {QStringLiteral("microbatches"), FlagKind::Value,
           QStringLiteral("microbatches m (required; interleaved: a multiple of the devices)")},
          {QStringLiteral("virtual-stages"), FlagKind::Value,
           QStringLiteral("chunks per device v, interleaved only; default 1")},
          {QStringLiteral("comm-ms"), FlagKind::Value,
           QStringLiteral("time to pass activations or gradients to the next device in ms; "
                          "default 0")},
          {QStringLiteral("devices"), FlagKind::Value,
           QStringLiteral("devices p; default: the length of the per-device lists, else 1")},
          kJson,
          kHelp},
         runSchedule},
        {QStringLiteral("bandwidth"),
         QStringLiteral("bytes / bandwidth lower bound and the rate ceiling it implies"),
         {{QStringLiteral("bytes"), FlagKind::Value,
           QStringLiteral("bytes to move (required), e.g. 14G or 512Mi")},
          {QStringLiteral("bytes-per-second"), FlagKind::Value,
           QStringLiteral("sustained bandwidth in bytes/s (required)")},
          kJson,
          kHelp},
         runBandwidth},
        {QStringLiteral("montecarlo"),
         QStringLiteral("project duration from three-point task estimates: PERT and Monte Carlo"),
         {{QStringLiteral("tasks"), FlagKind::Value,
           QStringLiteral("CSV file (required): name,optimistic,most_likely,pessimistic, then "
                          "optionally category, unit and depends_on")},
          {QStringLiteral("trials"), FlagKind::Value,
           QStringLiteral("trials, 1 to 1,000,000; default 100,000")},
          {QStringLiteral("seed"), FlagKind::Value,
           QStringLiteral("random seed N; the same seed gives the same result; default 1")},
          {QStringLiteral("distribution"), FlagKind::Value,
           QStringLiteral("pert (PERT-beta) or triangular; default pert")},
          kJson,
          kHelp},
         runMonteCarlo,
         0,
         QStringLiteral(
             "Tasks run in the file's order, each after the one before, unless a\n"
             "depends_on column lists predecessors (data row numbers, 1 is the first under\n"
             "the header).\n"
             "Every result is in HOURS. A unit column (hours, days = 8 h, weeks = 40 h) converts\n"
             "each task; without one the times are read as hours, so the results are in the\n"
             "CSV's own units. pert_mean and pert_sigma: PERT along the critical path,\n"
             "sum (a + 4m + b) / 6 and sqrt(sum ((b - a) / 6)^2). mean, p50, p80, p90, p95:\n"
             "the simulated plan. JSON: trials, mean, p50, p80, p90, p95, pert_mean, pert_sigma\n"
             "(+ unit, min, max, seed, distribution, tasks, critical_path: 1-based task\n"
             "numbers, the n-th task of the file).\n")},
        {QStringLiteral("labeling"),
         QStringLiteral("labeling effort: base, QC, adjudication, ramp-up and contingency hours"),
         {{QStringLiteral("items"), FlagKind::Value,
           QStringLiteral("items to label (required), e.g. 100k")},
          {QStringLiteral("stratum"), FlagKind::Repeated,
           QStringLiteral("SHARE:MINUTES, one per stratum (required, repeatable): share of the "
                          "items (0.7 or 70%) and labeling minutes per item; "
                          "SHARE:MINUTES:REVIEW sets the QC review minutes (default: MINUTES)")},
          {QStringLiteral("qc-rate"), FlagKind::Value,
           QStringLiteral("share of items QC-reviewed, e.g. 0.1 or 10%; default 0")},
          {QStringLiteral("contingency"), FlagKind::Value,
           QStringLiteral("contingency on the total, e.g. 0.2 or 20%; default 0")},
          {QStringLiteral("adjudication"), FlagKind::Value,
           QStringLiteral("SHARE[:MINUTES]: share of items adjudicated and minutes each "
                          "(default: the stratum's labeling minutes); default none")},
          {QStringLiteral("ramp-up"), FlagKind::Value,
           QStringLiteral("first week's productivity in (0, 1], e.g. 0.6 or 60%; needs "
                          "--annotators; default 1 (no ramp-up)")},
          {QStringLiteral("annotators"), FlagKind::Value,
           QStringLiteral("annotators in the first week (with --ramp-up)")},
          {QStringLiteral("hours-per-week"), FlagKind::Value,
           QStringLiteral("hours per annotator per week (with --ramp-up); default 40")},
          {QStringLiteral("hourly-rate"), FlagKind::Value,
           QStringLiteral("blended rate per hour for the cost; default 0")},
          {QStringLiteral("tooling-cost"), FlagKind::Value,
           QStringLiteral("tooling and cloud cost, added once; default 0")},
          {QStringLiteral("normalize"), FlagKind::Switch,
           QStringLiteral("scale the shares to sum to 1 (otherwise they must); shares may then "
                          "be any weights, e.g. pilot counts 350:1.5 150:6")},
          kJson,
          kHelp},
         runLabeling,
         0,
         QStringLiteral(
             "base = sum items x share x minutes / 60; QC = qc-rate x sum items x share x review\n"
             "minutes / 60; adjudication = its share x sum items x share x its minutes / 60;\n"
             "ramp-up = min(annotators x hours per week, base / r) x (1 - r);\n"
             "total = (base + QC + adjudication + ramp-up) x (1 + contingency);\n"
             "cost = total x hourly rate + tooling. --qc-rate and --contingency default to 0, so\n"
             "the result holds exactly what is passed. JSON: base_hours, qc_hours, total_hours\n"
             "(+ items, adjudication_hours, ramp_up_hours, annotator_hours, reviewer_hours,\n"
             "contingency_hours, cost, qc_rate, contingency, strata).\n")},
    };
}

void printUsage(QTextStream &out, const std::vector<Command> &all)
{
    out << "Usage: pipeplan-cli COMMAND [flags]\n\n"
           "Will this job ever finish, and what would make it finish?\n\nCommands:\n";
    for (const Command &command : all)
        out << "  " << command.name.leftJustified(12) << command.summary << '\n';
    out << "  " << QStringLiteral("report").leftJustified(12)
        << "the planning report as a vector PDF: report FILE.json -o out.pdf [--page a4|letter]\n";
    out << "\nNumbers accept 150000000, 150e6, 150M, 1.5k, 2G, 512Mi.\n"
           "Run 'pipeplan-cli COMMAND --help' for a command's flags. Exit codes: 0 ok, 2 invalid "
           "input.\n";
}

void printCommandHelp(QTextStream &out, const Command &command)
{
    out << "Usage: pipeplan-cli " << command.name << " [flags]\n" << command.summary << "\n\n";
    for (const FlagDef &flag : command.flags) {
        const QString name = QStringLiteral("--") + flag.name +
                             (flag.kind == FlagKind::Switch ? QString() : QStringLiteral(" X"));
        out << "  " << name.leftJustified(26) << flag.help << '\n';
    }
    if (!command.notes.isEmpty())
        out << '\n' << command.notes;
}

} // namespace

std::optional<Plan> loadPlanFile(const QString &path, const QStringList &sets, QString *error)
{
    const fileio::ReadResult read = fileio::readBounded(path, scenariofile::kMaxFileBytes);
    if (!read.bytes) {
        *error = QStringLiteral("%1: %2").arg(path, readProblem(read.error));
        return std::nullopt;
    }
    const QByteArray &bytes = *read.bytes;
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    scenariofile::LoadResult loaded;
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        loaded = scenariofile::fromJson(bytes); // names the problem
    } else {
        QJsonObject root = document.object();
        for (const QString &assignment : sets) {
            const qsizetype eq = assignment.indexOf(QLatin1Char('='));
            if (eq <= 0) {
                *error = QStringLiteral("--set: expected key=value, got '%1'").arg(assignment);
                return std::nullopt;
            }
            if (auto problem =
                    scenariofile::setValue(root, assignment.left(eq), assignment.mid(eq + 1))) {
                *error = QStringLiteral("--set %1").arg(problem->toString());
                return std::nullopt;
            }
        }
        loaded = scenariofile::fromJsonObject(root);
    }
    if (!loaded.plan) {
        *error = QStringLiteral("%1: %2").arg(path, loaded.error.toString());
        return std::nullopt;
    }
    return loaded.plan;
}

namespace {

/// Both paths name one file on disk: the same device and inode (a symlink, a hard link, "./x").
bool sameFile(const QString &a, const QString &b)
{
    struct stat first
    {
    };
    struct stat second
    {
    };
    if (::stat(QFile::encodeName(a).constData(), &first) != 0 ||
        ::stat(QFile::encodeName(b).constData(), &second) != 0)
        return false;
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino;
}

} // namespace

std::optional<ReportArgs> parseReportArgs(const QStringList &args, QString *error)
{
    const std::vector<FlagDef> defs{
        {QStringLiteral("output"), FlagKind::Value, QString()},
        {QStringLiteral("page"), FlagKind::Value, QString()},
        {QStringLiteral("set"), FlagKind::Repeated, QString()},
        {QStringLiteral("simulate"), FlagKind::Switch, QString()},
        kHelp,
    };
    QStringList normalized;
    for (const QString &arg : args)
        normalized << (arg == QLatin1String("-o") ? QStringLiteral("--output") : arg);
    try {
        const Flags flags(normalized, defs, 1);
        ReportArgs report;
        report.help = flags.isSet(kHelp.name);
        if (report.help)
            return report;
        if (flags.positional().isEmpty())
            throw InvalidInput{QStringLiteral("FILE: required (a scenario .json file)")};
        report.file = flags.positional().first();
        if (!flags.has(QStringLiteral("output")))
            throw InvalidInput{QStringLiteral("-o: required (the PDF to write)")};
        report.output = flags.text(QStringLiteral("output"));
        if (flags.has(QStringLiteral("page")))
            report.page = flags.text(QStringLiteral("page"));
        report.sets = flags.repeated(QStringLiteral("set"));
        report.simulate = flags.isSet(QStringLiteral("simulate"));
        if (sameFile(report.file, report.output))
            throw InvalidInput{QStringLiteral("-o %1: is the scenario file itself; write the PDF "
                                              "to another file")
                                   .arg(report.output)};
        return report;
    } catch (const InvalidInput &invalid) {
        *error = oneLineMessage(invalid.message);
        return std::nullopt;
    }
}

QString oneLineMessage(const QString &message)
{
    QString line;
    line.reserve(std::min<qsizetype>(message.size(), kMaxMessageChars) + 8);
    for (const QChar c : message) {
        if (line.size() >= kMaxMessageChars) {
            line += QStringLiteral("...");
            break;
        }
        if (c == QLatin1Char('\n'))
            line += QStringLiteral("\\n");
        else if (c == QLatin1Char('\r'))
            line += QStringLiteral("\\r");
        else if (c.category() == QChar::Other_Control || c == QChar::LineSeparator ||
                 c == QChar::ParagraphSeparator)
            line += QLatin1Char('?');
        else
            line += c;
    }
    return line;
}

int run(const QStringList &args, QTextStream &out, QTextStream &err)
{
    const std::vector<Command> all = commands();
    if (args.isEmpty() || args.first() == QLatin1String("--help") ||
        args.first() == QLatin1String("-h") || args.first() == QLatin1String("help")) {
        printUsage(out, all);
        return args.isEmpty() ? kExitInvalid : kExitOk;
    }
    if (args.first() == QLatin1String("--version")) {
        out << "pipeplan-cli " << PIPEPLAN_VERSION << '\n';
        return kExitOk;
    }
    const auto command = std::find_if(all.begin(), all.end(),
                                      [&args](const Command &c) { return c.name == args.first(); });
    if (command == all.end()) {
        err << oneLineMessage(QStringLiteral("pipeplan-cli: unknown command '%1' (try --help)")
                                  .arg(args.first()))
            << '\n';
        return kExitInvalid;
    }
    try {
        const Flags flags(args.mid(1), command->flags, command->positional);
        if (flags.isSet(kHelp.name)) {
            printCommandHelp(out, *command);
            return kExitOk;
        }
        return command->handler(flags, out);
    } catch (const InvalidInput &invalid) {
        err << oneLineMessage(QStringLiteral("pipeplan-cli ") + command->name +
                              QStringLiteral(": ") + invalid.message)
            << '\n';
        return kExitInvalid;
    }
}

CliRunResult runCaptured(const QStringList &args)
{
    CliRunResult result;
    QTextStream out(&result.out);
    QTextStream err(&result.err);
    result.exitCode = run(args, out, err);
    out.flush();
    err.flush();
    return result;
}

} // namespace pipeplan::cli
