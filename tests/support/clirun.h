#pragma once

// Running pipeplan-cli in process, for the CLI tests.

#include "app/cli/cli.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

namespace pipeplan::testsupport {

/// One in-process run of pipeplan-cli: its exit code, standard output and error.
struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
    QJsonObject json() const { return QJsonDocument::fromJson(out.toUtf8()).object(); }
};

inline CliRun runCli(const QStringList &args)
{
    const cli::CliRunResult run = cli::runCaptured(args);
    return CliRun{run.exitCode, run.out, run.err};
}

/// runCli of `line` split at spaces (no argument of it holds one).
inline CliRun runCliLine(const QString &line)
{
    return runCli(line.split(QLatin1Char(' ')));
}

} // namespace pipeplan::testsupport
