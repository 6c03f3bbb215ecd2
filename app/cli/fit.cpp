#include "app/cli/commands.h"

namespace pipeplan::cli {

Command fitCommand()
{
    return {
        QStringLiteral("fit"),
        QStringLiteral(
            "fit Amdahl and the USL to measured runs (a CSV of workers and throughput or runtime)"),
        {kJson, kHelp},
        [](const Flags &, QTextStream &) -> int {
            throw InvalidInput{QStringLiteral("not implemented")};
        }};
}

} // namespace pipeplan::cli
