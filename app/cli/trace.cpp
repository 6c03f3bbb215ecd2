#include "app/cli/commands.h"

namespace pipeplan::cli {

Command traceCommand()
{
    return {
        QStringLiteral("trace"),
        QStringLiteral("span statistics of a profiler trace (Chrome trace JSON, plain or gzip)"),
        {kJson, kHelp},
        [](const Flags &, QTextStream &) -> int {
            throw InvalidInput{QStringLiteral("not implemented")};
        }};
}

} // namespace pipeplan::cli
