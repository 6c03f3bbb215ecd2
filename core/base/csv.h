#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

/// Comma-separated values as RFC 4180 writes them (fields with a comma, quote or line break are
/// quoted, quotes doubled, lines end in CRLF), and tab-separated text for the clipboard, which
/// spreadsheets paste into cells.
namespace pipeplan::csv {

QString field(const QString &text);
/// One line per row, CRLF-terminated.
QString write(const std::vector<QStringList> &rows);
/// Tab-separated, LF-terminated; tabs and line breaks inside cells become spaces.
QString tabSeparated(const std::vector<QStringList> &rows);

/// Parses RFC 4180 text back into rows (for tests and imports); nothing when a quote is left
/// open.
std::optional<std::vector<QStringList>> parse(const QString &text);

} // namespace pipeplan::csv
