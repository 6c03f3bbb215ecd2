// The track record (seed 003): calibrate prints how past jobs ran against their estimates;
// prerun prints the pre-run estimation template of a plan; eval --history applies the
// calibration (see commands.h).

#include "app/cli/cli.h"
#include "app/cli/commands.h"

#include "core/base/fileio.h"
#include "core/base/format.h"
#include "core/plan/prerun.h"
#include "core/project/task.h"
#include "core/track/calibration.h"
#include "core/track/record.h"
#include "core/track/tracktext.h"

#include <QCoreApplication>
#include <QFileInfo>
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

const QString kImportFlag = QStringLiteral("import");
const QString kFromFlag = QStringLiteral("from");
const QString kColumnsFlag = QStringLiteral("columns");
const QString kAsKindFlag = QStringLiteral("as-kind");
const QString kUnitFlag = QStringLiteral("unit");
const QString kDryRunFlag = QStringLiteral("dry-run");

/// "a, b, c or d": the values a flag takes, as its message lists them.
QString oneOf(const QStringList &values)
{
    if (values.size() < 2)
        return values.join(QString());
    return QCoreApplication::translate("pipeplan::cli", "%1 or %2")
        .arg(values.first(values.size() - 1).join(QStringLiteral(", ")), values.last());
}

/// The codes of the import units a person may name: "s, min, h, d or w".
QString unitCodes()
{
    QStringList codes;
    for (const track::ImportUnit &unit : track::importUnits())
        codes << QLatin1String(unit.code);
    return oneOf(codes);
}

/// The import units for --help, those longer than an hour with their hours: "s, min, h, d = 8 h,
/// w = 40 h".
QString unitCodesWithHours()
{
    QStringList codes;
    for (const track::ImportUnit &unit : track::importUnits())
        codes << (unit.seconds > 3600 ? QStringLiteral("%1 = %2 h")
                                            .arg(QLatin1String(unit.code))
                                            .arg(unit.seconds / 3600)
                                      : QString(QLatin1String(unit.code)));
    return codes.join(QStringLiteral(", "));
}

/// The rows of --import FILE read as --from says, and what could not be read.
struct Imported
{
    QString file;
    QString from;
    track::ReadResult read;
};

/// --columns "name=Run,actual_seconds=Wall hours:h": which column holds each field, an
/// estimate's or an actual's unit after a colon.
track::Columns mappedColumns(track::Columns columns, const QString &spec)
{
    for (const QString &part : spec.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const qsizetype eq = part.indexOf(QLatin1Char('='));
        const QString field = part.left(eq).trimmed();
        QString column = eq < 0 ? QString() : part.mid(eq + 1).trimmed();
        if (eq <= 0 || column.isEmpty())
            throw InvalidInput{QCoreApplication::translate(
                                   "pipeplan::cli", "--columns: expected field=column, got '%1'")
                                   .arg(part.trimmed())};
        const qsizetype colon = column.lastIndexOf(QLatin1Char(':'));
        if (colon > 0 && (field == QLatin1String("estimated_seconds") ||
                          field == QLatin1String("actual_seconds"))) {
            const auto unit = track::importUnitSeconds(column.mid(colon + 1));
            if (!unit)
                throw InvalidInput{
                    QCoreApplication::translate(
                        "pipeplan::cli", "--columns %1: the unit after ':' must be %2, got '%3'")
                        .arg(field, unitCodes(), column.mid(colon + 1))};
            (field == QLatin1String("estimated_seconds") ? columns.estimatedUnitSeconds
                                                         : columns.actualUnitSeconds) = *unit;
            column = column.left(colon).trimmed();
        }
        if (!track::mapColumn(columns, field, column))
            throw InvalidInput{
                QCoreApplication::translate("pipeplan::cli", "--columns: no field '%1' (one of %2)")
                    .arg(field, track::mappableFields().join(QStringLiteral(", ")))};
    }
    return columns;
}

Imported importRows(const Flags &flags)
{
    Imported imported;
    imported.file = flags.text(kImportFlag);
    imported.from = flags.has(kFromFlag) ? flags.text(kFromFlag).trimmed().toLower()
                    : imported.file.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)
                        ? QStringLiteral("plan")
                        : QString();
    const QString asKind = flags.has(kAsKindFlag) ? flags.text(kAsKindFlag).trimmed() : QString();
    const std::optional<track::ImportSource> source = track::importSourceFromName(imported.from);
    if (!source) {
        QStringList names;
        for (const track::ImportSourceName &name : track::importSourceNames())
            names << QLatin1String(name.name);
        throw InvalidInput{
            QCoreApplication::translate("pipeplan::cli", "--from: must be %1, got '%2'")
                .arg(oneOf(names), flags.has(kFromFlag) ? flags.text(kFromFlag) : QString())};
    }
    if (*source == track::ImportSource::ActualsLog) {
        // The project's Estimated vs actual log: the typed entries in --unit, the done tasks in
        // their own units and of their own categories.
        const auto unit = track::importUnitSeconds(flags.has(kUnitFlag) ? flags.text(kUnitFlag)
                                                                        : QStringLiteral("h"));
        if (!unit)
            throw InvalidInput{
                QCoreApplication::translate("pipeplan::cli", "--unit: must be %1, got '%2'")
                    .arg(unitCodes(), flags.text(kUnitFlag))};
        QString error;
        const std::optional<Plan> plan = loadPlanFile(imported.file, {}, &error);
        if (!plan)
            throw InvalidInput{QStringLiteral("--import %1").arg(error)};
        const ProjectSettings &project = plan->scenario.project;
        imported.read.rows = track::fromProjectLog(project.actuals, project.tasks, asKind, *unit);
        return imported;
    }
    // The command line guesses no column: given no header, a spreadsheet's defaults are empty
    // and --columns names them all.
    track::Columns columns = track::defaultColumns(*source, {}).value_or(track::Columns{});
    if (*source == track::ImportSource::Spreadsheet && !flags.has(kColumnsFlag))
        throw InvalidInput{QCoreApplication::translate(
            "pipeplan::cli",
            "--columns: required with --from csv, e.g. --columns "
            "\"name=Job,estimated_seconds=Estimate (h):h,actual_seconds=Took (h):h\"")};
    if (flags.has(kColumnsFlag))
        columns = mappedColumns(columns, flags.text(kColumnsFlag));
    columns.fixedKind = asKind;
    const fileio::ReadResult bytes = fileio::readBounded(imported.file, track::kMaxFileBytes);
    if (!bytes.bytes)
        throw InvalidInput{
            QStringLiteral("--import %1: %2").arg(imported.file, readProblem(bytes.error))};
    imported.read = track::importTable(QString::fromUtf8(*bytes.bytes), columns);
    if (!imported.read.error.isEmpty())
        throw InvalidInput{
            QStringLiteral("--import %1: %2").arg(imported.file, imported.read.error)};
    return imported;
}

QJsonValue orNull(bool present, double value)
{
    return present ? QJsonValue(value) : QJsonValue(QJsonValue::Null);
}

int runCalibrate(const Flags &flags, QTextStream &out)
{
    const QString path = flags.has(kHistoryFlag) ? flags.text(kHistoryFlag) : QString();
    // A history named but not there yet is started by an import.
    const bool startsHistory =
        flags.has(kImportFlag) && !path.isEmpty() && !QFileInfo::exists(path);
    track::ReadResult history =
        path.isEmpty() || startsHistory ? track::ReadResult{} : readHistory(path);
    std::optional<Imported> imported;
    bool written = false;
    if (flags.has(kImportFlag)) {
        imported = importRows(flags);
        history.rows.insert(history.rows.end(), imported->read.rows.begin(),
                            imported->read.rows.end());
        if (!path.isEmpty() && !flags.isSet(kDryRunFlag) && !imported->read.rows.empty()) {
            // The rows go after the file's own lines, malformed ones kept, in the order of its
            // header; atomically, so a write that fails leaves the history as it was.
            QString existing;
            if (!startsHistory) {
                const fileio::ReadResult bytes = fileio::readBounded(path, track::kMaxFileBytes);
                if (!bytes.bytes)
                    throw InvalidInput{
                        QStringLiteral("--history %1: %2").arg(path, readProblem(bytes.error))};
                existing = QString::fromUtf8(*bytes.bytes);
            }
            if (const QString error = fileio::writeAtomically(
                    path, track::appended(existing, imported->read.rows).toUtf8());
                !error.isEmpty())
                throw InvalidInput{QStringLiteral("--history %1: %2").arg(path, error)};
            written = true;
        }
    }
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
        object.insert(QStringLiteral("file"),
                      path.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(path));
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
        if (imported) {
            QJsonArray importProblems;
            for (const track::Problem &p : imported->read.problems)
                importProblems.append(QJsonObject{{QStringLiteral("line"), p.line},
                                                  {QStringLiteral("column"), p.column},
                                                  {QStringLiteral("message"), p.message}});
            object.insert(
                QStringLiteral("imported"),
                QJsonObject{{QStringLiteral("file"), imported->file},
                            {QStringLiteral("from"), imported->from},
                            {QStringLiteral("rows"), static_cast<int>(imported->read.rows.size())},
                            {QStringLiteral("problems"), importProblems},
                            {QStringLiteral("written"), written}});
        }
        printJson(out, object);
        return kExitOk;
    }
    if (imported) {
        // The count as digits, ungrouped, as the line has always written it.
        const int count = static_cast<int>(imported->read.rows.size());
        const bool dryRun = !written && !path.isEmpty() && !imported->read.rows.empty();
        QString line =
            written ? QCoreApplication::translate(
                          "pipeplan::cli", "Imported %n row(s) from %1 into %2", nullptr, count)
            : dryRun
                ? QCoreApplication::translate("pipeplan::cli",
                                              "Imported %n row(s) from %1 (dry run: %2 unchanged)",
                                              nullptr, count)
                : QCoreApplication::translate("pipeplan::cli", "Imported %n row(s) from %1",
                                              nullptr, count);
        line.replace(QStringLiteral("(s)"), count == 1 ? QString() : QStringLiteral("s"));
        out << (written || dryRun ? line.arg(imported->file, path) : line.arg(imported->file))
            << '\n';
        for (const track::Problem &p : imported->read.problems)
            out << QCoreApplication::translate("pipeplan::cli", "skipped %1").arg(p.toString())
                << '\n';
        out << '\n';
    }
    out << track::sentence(chosen) << '\n';
    if (chosen.calibrated())
        out << track::intervalText(chosen) << '\n';
    if (!kind && !summary.kinds.empty()) {
        out << '\n' << QCoreApplication::translate("pipeplan::cli", "By kind") << '\n';
        std::vector<std::pair<QString, QString>> lines;
        for (const track::Calibration &c : summary.kinds)
            lines.emplace_back(QStringLiteral("  ") +
                                   (c.kind.isEmpty()
                                        ? QCoreApplication::translate("pipeplan::cli", "(no kind)")
                                        : c.kind),
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
    out << '\n'
        << QCoreApplication::translate("pipeplan::cli", "Over their estimate by more than 25 %")
        << '\n';
    if (over.empty())
        out << "  " << QCoreApplication::translate("pipeplan::cli", "none") << '\n';
    printTable(track::overrunRows(over));
    if (!retro.months.empty()) {
        out << '\n'
            << QCoreApplication::translate("pipeplan::cli", "MdAPE by month (month, jobs, MdAPE)")
            << '\n';
        printTable(track::monthRows(retro));
    }
    if (const QString text = track::retrospectiveText(retro); !text.isEmpty())
        out << '\n' << text << '\n';
    for (const track::Problem &p : history.problems)
        out << QCoreApplication::translate("pipeplan::cli", "skipped %1").arg(p.toString()) << '\n';
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
    out << QCoreApplication::translate("pipeplan::cli", "wrote %1").arg(output) << '\n';
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
            QCoreApplication::translate("pipeplan::cli",
                                        "the track record: a CSV of name,kind,estimated_seconds,"
                                        "actual_seconds,... (docs/calibration.md)")};
}

FlagDef kindFlag()
{
    return {kKindFlag, FlagKind::Value,
            QCoreApplication::translate(
                "pipeplan::cli",
                "calibrate on the rows of this job kind only (default: every row, or "
                "the plan's track.kind)")};
}

Command calibrateCommand()
{
    return {
        QStringLiteral("calibrate"),
        QCoreApplication::translate(
            "pipeplan::cli", "how past jobs ran against their estimates: calibrate --history "
                             "FILE.csv"),
        {historyFlag(),
         kindFlag(),
         {kImportFlag, FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli", "rows to add to the history (written to --history atomically; "
                               "without --history, calibrate on them alone)")},
         {kFromFlag, FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli", "what --import is: mlflow (mlflow.search_runs(...).to_csv()), wandb "
                               "(the runs table's CSV export), csv (a spreadsheet, with "
                               "--columns), pipeplan (another history) or plan (a plan's "
                               "Estimated vs actual log and done tasks; the default for .json)")},
         {kColumnsFlag, FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli",
              "which column holds each field: name=Job,estimated_seconds="
              "Estimate:h,actual_seconds=Took:h (units %1; fields are the history's "
              "columns and started_at, ended_at)")
              .arg(unitCodesWithHours())},
         {kAsKindFlag, FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli", "the kind of every imported row (default: the file's kind column; "
                               "project for a plan's log)")},
         {kUnitFlag, FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "with --from plan: the unit of the typed log (%1); default h")
              .arg(unitCodesWithHours())},
         {kDryRunFlag, FlagKind::Switch,
          QCoreApplication::translate("pipeplan::cli",
                                      "import and calibrate, but leave --history unchanged")},
         kJson,
         kHelp},
        [](const Flags &flags, QTextStream &out) {
            if (!flags.has(kHistoryFlag) && !flags.has(kImportFlag))
                throw InvalidInput{QCoreApplication::translate(
                    "pipeplan::cli", "--history: required (a track record "
                                     ".csv file), or --import FILE")};
            return runCalibrate(flags, out);
        }};
}

Command prerunCommand()
{
    return {
        QStringLiteral("prerun"),
        QCoreApplication::translate(
            "pipeplan::cli", "the pre-run estimation template as Markdown: prerun FILE.json [-o "
                             "out.md]"),
        {{QStringLiteral("output"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "write the Markdown here (-o); default: standard output")},
         historyFlag(),
         kindFlag(),
         {QStringLiteral("set"), FlagKind::Repeated,
          QCoreApplication::translate("pipeplan::cli",
                                      "key=value to change before evaluating (repeatable)")},
         kHelp},
        runPrerun,
        1};
}

} // namespace pipeplan::cli
