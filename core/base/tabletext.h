#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

/// A table as text that pastes anywhere: GitHub-flavoured Markdown for wikis and READMEs, HTML for
/// documents and mail (besides csv::write and csv::tabSeparated). Rows are header first, as
/// explain::scalingTableRows and chartexport::tableRows give them; the header carries the units.
namespace pipeplan::tabletext {

/// A column is numeric when every non-empty cell below the header reads as a number with an
/// optional unit or sign ("1,000", "833.33", "49.76×", "−12 %", "< 0.01"): those align right.
std::vector<bool> numericColumns(const std::vector<QStringList> &rows);

/// A GFM pipe table: the header row, a delimiter row ("---" or "---:" for numeric columns), then
/// one line per row. "|" in a cell is escaped as "\|", a line break becomes "<br>"; short rows
/// are padded with empty cells. LF-terminated; empty text for no rows.
QString markdown(const std::vector<QStringList> &rows);

/// An HTML fragment: <table> with <thead> (th) and <tbody> (td), text escaped (& < > "), numeric
/// columns right-aligned, an optional <caption>. Pastes into word processors and mail as a table.
QString html(const std::vector<QStringList> &rows, const QString &caption = {});

/// html() as a page of its own, for a file: UTF-8 declared (so "×" and "−" read right when the
/// file is opened in a browser), `title` as its title and the table's caption.
QString htmlDocument(const std::vector<QStringList> &rows, const QString &title);

/// Parse the text markdown() and html() write back into rows (tests, and a round trip for any
/// table pasted back): nothing when the text is not such a table. Rows come back as wide as the
/// header, short ones padded with empty cells, as the writers pad them; a caption is not a row.
std::optional<std::vector<QStringList>> parseMarkdown(const QString &text);
std::optional<std::vector<QStringList>> parseHtml(const QString &text);

} // namespace pipeplan::tabletext
