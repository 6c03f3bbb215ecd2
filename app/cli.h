#pragma once

#include <QStringList>
#include <QTextStream>

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

/// Runs one pipeplan-cli command. `args` excludes the program name, e.g.
/// {"runtime", "--users", "150M", "--predictions", "20", "--latency-ms", "1000", "--json"}.
int run(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace pipeplan::cli
