#pragma once

#include "core/plan/scenariofile.h"

#include <QStringList>
#include <QTextStream>

#include <optional>

namespace pipeplan::cli {

/// Exit codes: 0 success, 2 invalid input (one line on `err` naming the flag and the problem).
inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 2;
/// Exit code 3: the source a command reads (watch's Prometheus server) cannot be reached.
inline constexpr int kExitUnreachable = 3;

/// What one run printed and returned (for tests).
struct CliRunResult
{
    int exitCode = -1;
    QString out;
    QString err;
};

/// Longest error line the CLI prints; a longer message is cut with "...".
inline constexpr qsizetype kMaxMessageChars = 1000;

/// `message` as one line: a line break inside a value a person typed is shown as \n, other
/// control characters as '?', and the whole is cut at kMaxMessageChars.
QString oneLineMessage(const QString &message);

/// Runs one command with its output captured (tests, and callers that embed the CLI).
CliRunResult runCaptured(const QStringList &args);

/// Reads a scenario file and applies each "key=value" of `sets`, as `eval --set` does. On a
/// problem returns nothing and sets `error` to one line naming the file, the path and the issue.
std::optional<Plan> loadPlanFile(const QString &path, const QStringList &sets, QString *error);

/// The report command's arguments, read by the same parser as every other command's flags
/// (--page a4 or --page=a4; -o is --output).
struct ReportArgs
{
    QString file;
    QString output;
    std::optional<QString> page; ///< as given: a4 or letter (the caller knows page sizes)
    /// As given: "summary,scaling,..." or "help" (the caller knows the section names).
    std::optional<QString> sections;
    /// As given: pdf, html, markdown, csv or tsv; unset: from the output's suffix.
    std::optional<QString> format;
    QStringList sets;
    bool simulate = false;
    bool help = false;
};

/// Parses `args` (after "report"). On a problem returns nothing and sets `error` to one line
/// naming the flag: a missing FILE or -o, or -o naming the scenario file itself (the same file
/// by path, link or hard link), which the PDF would overwrite.
std::optional<ReportArgs> parseReportArgs(const QStringList &args, QString *error);

/// Runs one pipeplan-cli command. `args` excludes the program name, e.g.
/// {"runtime", "--users", "150M", "--predictions", "20", "--latency-ms", "1000", "--json"}.
int run(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace pipeplan::cli
