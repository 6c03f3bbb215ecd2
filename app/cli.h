#pragma once

#include "scenariofile.h"

#include <QStringList>
#include <QTextStream>

#include <optional>

namespace pipeplan::cli {

/// Exit codes: 0 success, 2 invalid input (one line on `err` naming the flag and the problem).
inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 2;

/// What one run printed and returned (for tests).
struct CliRunResult
{
    int exitCode = -1;
    QString out;
    QString err;
};

/// Runs one command with its output captured (tests, and callers that embed the CLI).
CliRunResult runCaptured(const QStringList &args);

/// Reads a scenario file and applies each "key=value" of `sets`, as `eval --set` does. On a
/// problem returns nothing and sets `error` to one line naming the file, the path and the issue.
std::optional<Plan> loadPlanFile(const QString &path, const QStringList &sets, QString *error);

/// Runs one pipeplan-cli command. `args` excludes the program name, e.g.
/// {"runtime", "--users", "150M", "--predictions", "20", "--latency-ms", "1000", "--json"}.
int run(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace pipeplan::cli
