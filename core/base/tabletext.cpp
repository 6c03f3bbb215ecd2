#include "core/base/tabletext.h"

namespace pipeplan::tabletext {

std::vector<bool> numericColumns(const std::vector<QStringList> &) { return {}; }
QString markdown(const std::vector<QStringList> &) { return {}; }
QString html(const std::vector<QStringList> &, const QString &) { return {}; }
std::optional<std::vector<QStringList>> parseMarkdown(const QString &) { return std::nullopt; }
std::optional<std::vector<QStringList>> parseHtml(const QString &) { return std::nullopt; }

} // namespace pipeplan::tabletext
