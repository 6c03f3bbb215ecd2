// The track record (seed 003): calibrate prints how past jobs ran against their estimates;
// prerun prints the pre-run estimation template of a plan; eval --history applies the
// calibration (see commands.h).

#include "app/cli/cli.h"
#include "app/cli/commands.h"

#include "core/base/fileio.h"
#include "core/base/format.h"
#include "core/plan/prerun.h"
#include "core/track/calibration.h"
#include "core/track/record.h"
#include "core/track/tracktext.h"

#include <QJsonArray>
#include <QJsonObject>

namespace pipeplan::cli {

namespace {

const QString kHistoryFlag = QStringLiteral("history");
const QString kKindFlag = QStringLiteral("kind");

QString reasonKey(const track::Calibration &c)
{
    switch (c.status) {
    case track::Status::Calibrated:
        return {};
    case track::Status::TooFewJobs:
        break;
    }
    return QStringLiteral("too_few_jobs");
}

QJsonValue orNull(bool present, double value)
{
    return present ? QJsonValue(value) : QJsonValue(QJsonValue::Null);
}

int runCalibrate(const Flags &flags, QTextStream &out)
{
    const QString path = flags.text(kHistoryFlag);
    const track::ReadResult history = readHistory(path);
    const std::optional<QString> kind =
        flags.has(kKindFlag) ? std::optional<QString>(flags.text(kKindFlag)) : std::nullopt;
    const track::Calibration chosen = track::calibrate(history.rows, kind);
    const track::Summary summary = track::summarize(history.rows);
    std::vector<track::Row> rows;
    for (const track::Row &row : history.rows)
        if (!kind || row.kind == *kind)
            rows.push_back(row);
    const std::vector<track::Overrun> over = track::overruns(rows);
    const track::Retrospective retro = track::retrospective(rows);
    if (flags.isSet(kJson.name)) {
        QJsonObject object = calibrationJson(chosen);
        object.insert(QStringLiteral("file"), path);
        object.insert(QStringLiteral("kind"),
                      kind ? QJsonValue(*kind) : QJsonValue(QJsonValue::Null));
        QJsonObject kinds;
        for (const track::Calibration &c : summary.kinds)
            kinds.insert(c.kind, calibrationJson(c));
        object.insert(QStringLiteral("kinds"), kinds);
        QJsonArray overran;
        for (const track::Overrun &o : over)
            overran.append(
                QJsonObject{{QStringLiteral("name"), o.name},
                            {QStringLiteral("kind"), o.kind},
                            {QStringLiteral("ratio"), o.ratio},
                            {QStringLiteral("finished_on"),
                             o.finishedOn ? QJsonValue(o.finishedOn->toString(Qt::ISODate))
                                          : QJsonValue(QJsonValue::Null)}});
        object.insert(QStringLiteral("overran"), overran);
        QJsonArray months;
        for (const track::MonthError &m : retro.months)
            months.append(
                QJsonObject{{QStringLiteral("month"), m.month.toString(QStringLiteral("yyyy-MM"))},
                            {QStringLiteral("n"), m.jobs},
                            {QStringLiteral("mdape"), m.mdape}});
        object.insert(QStringLiteral("months"), months);
        object.insert(
            QStringLiteral("mdape_slope_per_month"),
            orNull(retro.mdapeSlopePerMonth.has_value(), retro.mdapeSlopePerMonth.value_or(0)));
        object.insert(QStringLiteral("wasted_gpu_hours"),
                      orNull(retro.wastedGpuHours.has_value(), retro.wastedGpuHours.value_or(0)));
        QJsonArray problems;
        for (const track::Problem &p : history.problems)
            problems.append(QJsonObject{{QStringLiteral("line"), p.line},
                                        {QStringLiteral("column"), p.column},
                                        {QStringLiteral("message"), p.message}});
        object.insert(QStringLiteral("problems"), problems);
        printJson(out, object);
        return kExitOk;
    }
    out << track::sentence(chosen) << '\n';
    if (chosen.calibrated())
        out << track::intervalText(chosen) << '\n';
    if (!kind && !summary.kinds.empty()) {
        out << "\nBy kind\n";
        std::vector<std::pair<QString, QString>> lines;
        for (const track::Calibration &c : summary.kinds)
            lines.emplace_back(QStringLiteral("  ") +
                                   (c.kind.isEmpty() ? QStringLiteral("(no kind)") : c.kind),
                               track::sentence(c));
        printRows(out, lines);
    }
    // The window's and the report's tables and words (core/track/tracktext).
    const auto printTable = [&out](const std::vector<QStringList> &table) {
        std::vector<std::pair<QString, QString>> lines;
        for (size_t i = 1; i < table.size(); ++i)
            lines.emplace_back(QStringLiteral("  ") + table[i].value(0),
                               table[i].mid(1).join(QStringLiteral("  ")));
        printRows(out, lines);
    };
    out << "\nOver their estimate by more than 25 %\n";
    if (over.empty())
        out << "  none\n";
    printTable(track::overrunRows(over));
    if (!retro.months.empty()) {
        out << "\nMdAPE by month (month, jobs, MdAPE)\n";
        printTable(track::monthRows(retro));
    }
    if (const QString text = track::retrospectiveText(retro); !text.isEmpty())
        out << '\n' << text << '\n';
    for (const track::Problem &p : history.problems)
        out << "skipped " << p.toString() << '\n';
    return kExitOk;
}

int runPrerun(const Flags &flags, QTextStream &out)
{
    Plan plan = loadPlanArgument(flags);
    if (flags.has(kHistoryFlag))
        applyHistory(plan, flags);
    const QString output =
        flags.has(QStringLiteral("output")) ? flags.text(QStringLiteral("output")) : QString();
    if (!output.isEmpty()) {
        if (const fileio::WriteTarget target = fileio::writeTargetOf(output);
            !target.error.isEmpty())
            throw InvalidInput{QStringLiteral("-o %1: %2").arg(output, target.error)};
    }
    const PlanResult evaluated = evaluatePlan(plan);
    const QString markdown = prerun::markdown(plan, evaluated);
    if (output.isEmpty()) {
        out << markdown;
        return kExitOk;
    }
    if (const QString error = fileio::writeAtomically(output, markdown.toUtf8()); !error.isEmpty())
        throw InvalidInput{QStringLiteral("-o %1: %2").arg(output, error)};
    out << "wrote " << output << '\n';
    return kExitOk;
}

} // namespace

track::ReadResult readHistory(const QString &path)
{
    const fileio::ReadResult bytes = fileio::readBounded(path, track::kMaxFileBytes);
    if (!bytes.bytes)
        throw InvalidInput{QStringLiteral("--history %1: %2").arg(path, readProblem(bytes.error))};
    track::ReadResult history = track::read(QString::fromUtf8(*bytes.bytes));
    if (!history.error.isEmpty())
        throw InvalidInput{QStringLiteral("--history %1: %2").arg(path, history.error)};
    return history;
}

void applyHistory(Plan &plan, const Flags &flags)
{
    const QString path = flags.text(kHistoryFlag);
    const track::ReadResult history = readHistory(path);
    TrackSettings &t = plan.scenario.track;
    if (flags.has(kKindFlag))
        t.kind = flags.text(kKindFlag);
    t.history = path;
    t.calibration = track::calibrate(
        history.rows, t.kind.isEmpty() ? std::nullopt : std::optional<QString>(t.kind));
    // Too few jobs: kept for the sentence, applied to nothing (TrackSettings::inForce).
    t.apply = true;
}

QJsonObject calibrationJson(const track::Calibration &c)
{
    const bool any = c.jobs > 0;
    const QString reason = reasonKey(c);
    return QJsonObject{{QStringLiteral("n"), c.jobs},
                       {QStringLiteral("median_ratio"), orNull(any, c.medianRatio)},
                       {QStringLiteral("mdape"), orNull(any, c.mdape)},
                       {QStringLiteral("ratio_p10"), orNull(c.calibrated(), c.ratioP10)},
                       {QStringLiteral("ratio_p90"), orNull(c.calibrated(), c.ratioP90)},
                       {QStringLiteral("log_sd"), orNull(c.calibrated(), c.logSd)},
                       {QStringLiteral("calibrated"), c.calibrated()},
                       {QStringLiteral("reason"),
                        reason.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(reason)},
                       {QStringLiteral("sentence"), track::sentence(c)}};
}

FlagDef historyFlag()
{
    return {kHistoryFlag, FlagKind::Value,
            QStringLiteral("the track record: a CSV of name,kind,estimated_seconds,"
                           "actual_seconds,... (docs/calibration.md)")};
}

FlagDef kindFlag()
{
    return {kKindFlag, FlagKind::Value,
            QStringLiteral("calibrate on the rows of this job kind only (default: every row, or "
                           "the plan's track.kind)")};
}

Command calibrateCommand()
{
    return {QStringLiteral("calibrate"),
            QStringLiteral("how past jobs ran against their estimates: calibrate --history "
                           "FILE.csv"),
            {historyFlag(), kindFlag(), kJson, kHelp},
            [](const Flags &flags, QTextStream &out) {
                if (!flags.has(kHistoryFlag))
                    throw InvalidInput{QStringLiteral("--history: required (a track record "
                                                      ".csv file)")};
                return runCalibrate(flags, out);
            }};
}

Command prerunCommand()
{
    return {QStringLiteral("prerun"),
            QStringLiteral("the pre-run estimation template as Markdown: prerun FILE.json [-o "
                           "out.md]"),
            {{QStringLiteral("output"), FlagKind::Value,
              QStringLiteral("write the Markdown here (-o); default: standard output")},
             historyFlag(),
             kindFlag(),
             {QStringLiteral("set"), FlagKind::Repeated,
              QStringLiteral("key=value to change before evaluating (repeatable)")},
             kHelp},
            runPrerun,
            1};
}

} // namespace pipeplan::cli
