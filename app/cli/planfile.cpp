// The scenario file named on the command line: read with every --set applied (eval, deadline
// and the report), and the report command's arguments, which name that file and the PDF.

#include "app/cli/cli.h"
#include "app/cli/commands.h"

#include "core/base/fileio.h"
#include "core/plan/scenariofile.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <sys/stat.h>

namespace pipeplan::cli {

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
        // A --set names a key of the current format, present or not in an older file (a
        // version 6 file has no "hardware"): applied to the file as this version writes it.
        if (!sets.isEmpty()) {
            if (const scenariofile::LoadResult as = scenariofile::fromJsonObject(root); as.plan)
                root = scenariofile::toJsonObject(*as.plan);
        }
        for (const QString &assignment : sets) {
            const qsizetype eq = assignment.indexOf(QLatin1Char('='));
            if (eq <= 0) {
                *error = QCoreApplication::translate("pipeplan::cli",
                                                     "--set: expected key=value, got '%1'")
                             .arg(assignment);
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

/// The scenario file named by the first positional argument, with every --set applied.
Plan loadPlanArgument(const Flags &flags)
{
    if (flags.positional().isEmpty())
        throw InvalidInput{
            QCoreApplication::translate("pipeplan::cli", "FILE: required (a scenario .json file)")};
    QString error;
    std::optional<Plan> plan =
        loadPlanFile(flags.positional().first(), flags.repeated(QStringLiteral("set")), &error);
    if (!plan)
        throw InvalidInput{error};
    return *plan;
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
        {QStringLiteral("sections"), FlagKind::Value, QString()},
        {QStringLiteral("format"), FlagKind::Value, QString()},
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
        if (flags.has(QStringLiteral("sections")))
            report.sections = flags.text(QStringLiteral("sections"));
        if (flags.has(QStringLiteral("format")))
            report.format = flags.text(QStringLiteral("format"));
        // `--sections help` lists the names: no file needed.
        if (report.help || report.sections == QLatin1String("help"))
            return report;
        if (flags.positional().isEmpty())
            throw InvalidInput{QCoreApplication::translate(
                "pipeplan::cli", "FILE: required (a scenario .json file)")};
        report.file = flags.positional().first();
        if (!flags.has(QStringLiteral("output")))
            throw InvalidInput{QCoreApplication::translate(
                "pipeplan::cli", "-o: required (the report to write: .pdf, .html, .md, "
                                 ".csv or .tsv)")};
        report.output = flags.text(QStringLiteral("output"));
        if (flags.has(QStringLiteral("page")))
            report.page = flags.text(QStringLiteral("page"));
        report.sets = flags.repeated(QStringLiteral("set"));
        report.simulate = flags.isSet(QStringLiteral("simulate"));
        if (sameFile(report.file, report.output))
            throw InvalidInput{QCoreApplication::translate(
                                   "pipeplan::cli", "-o %1: is the scenario file itself; write the "
                                                    "report to another file")
                                   .arg(report.output)};
        // Checked before the plan is read or a page drawn: a FIFO, a device or a directory at
        // -o is never replaced.
        if (const fileio::WriteTarget target = fileio::writeTargetOf(report.output);
            !target.error.isEmpty())
            throw InvalidInput{QStringLiteral("-o %1: %2").arg(report.output, target.error)};
        return report;
    } catch (const InvalidInput &invalid) {
        *error = oneLineMessage(invalid.message);
        return std::nullopt;
    }
}

} // namespace pipeplan::cli
