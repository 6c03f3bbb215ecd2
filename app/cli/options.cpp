// options: the plan and its named options side by side.

#include "app/cli/cli.h"
#include "app/cli/commands.h"

#include "core/plan/options.h"
#include "core/plan/planresult.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

namespace pipeplan::cli {

QJsonArray optionsJson(const std::vector<options::Row> &comparison)
{
    QJsonArray rows;
    const auto optional = [](const std::optional<double> &value) {
        return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
    };
    for (const options::Row &row : comparison) {
        QJsonObject object{{QStringLiteral("name"), row.name},
                           {QStringLiteral("option"), row.option},
                           {QStringLiteral("error"), row.error.isEmpty()
                                                         ? QJsonValue(QJsonValue::Null)
                                                         : QJsonValue(row.error)}};
        if (row.error.isEmpty()) {
            object.insert(QStringLiteral("runtime_seconds"), row.runtimeSeconds);
            object.insert(QStringLiteral("p50_seconds"), optional(row.p50Seconds));
            object.insert(QStringLiteral("p90_seconds"), optional(row.p90Seconds));
            object.insert(QStringLiteral("throughput_per_s"), row.throughputPerSecond);
            object.insert(QStringLiteral("worker_hours"), row.workerHours);
            object.insert(QStringLiteral("cost"), row.cost);
            object.insert(QStringLiteral("currency"), row.currency);
            object.insert(QStringLiteral("meets_deadline"), row.meetsDeadline
                                                                ? QJsonValue(*row.meetsDeadline)
                                                                : QJsonValue(QJsonValue::Null));
            object.insert(QStringLiteral("fits_memory"), row.fitsMemory);
            object.insert(QStringLiteral("memory"), row.memoryText);
            object.insert(QStringLiteral("nearest_lever"), row.biggestLever);
            object.insert(QStringLiteral("efficient"), row.efficient);
        }
        rows.append(object);
    }
    return rows;
}

namespace {

int runOptions(const Flags &flags, QTextStream &out)
{
    const Plan plan = loadPlanArgument(flags);
    // One evaluation of the plan, the window's and the report's: its options' rows included.
    const std::vector<options::Row> comparison = evaluatePlan(plan).options;
    if (flags.isSet(kJson.name)) {
        printJson(out, QJsonObject{{QStringLiteral("file"), flags.positional().value(0)},
                                   {QStringLiteral("options"), optionsJson(comparison)}});
        return kExitOk;
    }
    if (comparison.empty()) {
        out << QCoreApplication::translate(
                   "pipeplan::cli",
                   "No options in this plan: add \"options\": [{\"name\": ..., \"set\": {KEY: "
                   "VALUE}}] to the file (docs/scenario-format.md).")
            << '\n';
        return kExitOk;
    }
    const std::vector<QStringList> table = options::rows(comparison);
    // Columns padded to their widest cell, two spaces apart; ★ marks the efficient ones.
    std::vector<qsizetype> widths(static_cast<size_t>(table.front().size()), 0);
    for (const QStringList &row : table)
        for (qsizetype c = 0; c < row.size(); ++c)
            widths[static_cast<size_t>(c)] =
                std::max(widths[static_cast<size_t>(c)], row[c].size());
    for (const QStringList &row : table) {
        QString line;
        for (qsizetype c = 0; c < row.size(); ++c)
            line += row[c].leftJustified(widths[static_cast<size_t>(c)]) + QStringLiteral("  ");
        out << line.trimmed() << '\n';
    }
    out << QCoreApplication::translate("pipeplan::cli",
                                       "★ efficient: no other option is both faster and cheaper.")
        << '\n';
    return kExitOk;
}

} // namespace

Command optionsCommand()
{
    return {QStringLiteral("options"),
            QCoreApplication::translate(
                "pipeplan::cli", "the plan and its named options side by side: options FILE.json"),
            {{QStringLiteral("set"), FlagKind::Repeated,
              QCoreApplication::translate(
                  "pipeplan::cli", "key=value to change the plan before comparing (repeatable)")},
             kJson,
             kHelp},
            runOptions,
            1};
}

} // namespace pipeplan::cli
