#include "core/measured/trace.h"

namespace pipeplan::trace {

std::optional<Summary> readFile(const QString &, const Options &, QString *error)
{
    *error = QStringLiteral("not implemented");
    return std::nullopt;
}
std::optional<Summary> readBytes(const QByteArray &, const Options &, QString *error)
{
    *error = QStringLiteral("not implemented");
    return std::nullopt;
}

} // namespace pipeplan::trace
