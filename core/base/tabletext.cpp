#include "core/base/tabletext.h"

#include <QRegularExpression>

#include <algorithm>
#include <utility>

namespace pipeplan::tabletext {

namespace {

/// The widest row: every row is written with this many cells (GFM needs at least one).
qsizetype columnCount(const std::vector<QStringList> &rows)
{
    qsizetype columns = 0;
    for (const QStringList &row : rows)
        columns = std::max(columns, row.size());
    return columns;
}

QString cellAt(const QStringList &row, qsizetype column)
{
    return column < row.size() ? row[column] : QString();
}

/// A number as the tables write one, with what may stand around it: a comparison ("< 0.01"), a
/// sign ("−12", the typographic minus too), a currency, and one unit word after it ("49.76×",
/// "27.3 %", "1.5 hours", "2.49 users/s", "50 /s"). Two words after the number ("3D printer")
/// make a label, not a quantity.
const QRegularExpression &quantityPattern()
{
    static const QRegularExpression pattern(
        QStringLiteral("^(?:[<>≤≥~≈]\\s?)?[+\\-−±]?[×÷]?[$€£¥]?"
                       "(?:(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?|\\.\\d+)(?:[eE][+\\-]?\\d+)?"
                       "(?:\\s?(?:%|×|[\\p{L}°/][\\p{L}°/\\-·²³]*))?$"),
        QRegularExpression::UseUnicodePropertiesOption);
    return pattern;
}

bool isQuantity(const QString &cell)
{
    return quantityPattern().match(cell.trimmed()).hasMatch();
}

/// Width in the raw text, to pad columns so the Markdown reads as a table before it is
/// rendered: code points, so "×" and an emoji count once.
qsizetype textWidth(const QString &text)
{
    return static_cast<qsizetype>(text.toUcs4().size());
}

// ---- Markdown ----------------------------------------------------------------------------------

/// GFM trims spaces and tabs around a cell, and nothing else (a no-break space is content):
/// where the content starts and where it ends.
std::pair<qsizetype, qsizetype> contentSpan(const QString &text)
{
    const auto blank = [](QChar c) { return c == u' ' || c == u'\t'; };
    qsizetype first = 0;
    qsizetype last = text.size();
    while (first < last && blank(text[first]))
        ++first;
    while (last > first && blank(text[last - 1]))
        --last;
    return {first, last};
}

QString trimmedCell(const QString &text)
{
    const auto [first, last] = contentSpan(text);
    return text.mid(first, last - first);
}

/// One cell as GFM pipe-table text that renders as exactly `cell` and reads back as it.
/// Escaped with a backslash: the backslash itself, "|" (the cell separator), and the inline
/// markup characters "*", "_", "`", "~", "[", so a task named "a*b*c" is not set in italics.
/// "<" only where it could open an HTML tag ("<br>" is our line break, "< 0.01" stays as it is)
/// and "&" only where it would read as an entity ("R&D" stays). A line break is "<br>", a
/// carriage return "&#13;", and spaces or tabs at either end are written as character
/// references, since GFM trims a cell's whitespace.
QString markdownCell(const QString &cell)
{
    static const QRegularExpression entity(QStringLiteral("&#?[A-Za-z0-9]+;"));
    QString out;
    out.reserve(cell.size() + 8);
    const auto [first, last] = contentSpan(cell);
    for (qsizetype i = 0; i < cell.size(); ++i) {
        const QChar c = cell[i];
        if ((i < first || i >= last) && (c == u' ' || c == u'\t')) {
            out += c == u' ' ? QStringLiteral("&#32;") : QStringLiteral("&#9;");
            continue;
        }
        switch (c.unicode()) {
        case u'\\':
        case u'|':
        case u'*':
        case u'_':
        case u'`':
        case u'~':
        case u'[':
            out += u'\\';
            out += c;
            break;
        case u'<': {
            const QChar next = i + 1 < cell.size() ? cell[i + 1] : QChar();
            if (next.isLetter() || next == u'/' || next == u'!' || next == u'?')
                out += u'\\';
            out += c;
            break;
        }
        case u'&':
            if (entity
                    .match(cell, i, QRegularExpression::NormalMatch,
                           QRegularExpression::AnchorAtOffsetMatchOption)
                    .hasMatch())
                out += u'\\';
            out += c;
            break;
        case u'\n':
            out += QStringLiteral("<br>");
            break;
        case u'\r':
            out += QStringLiteral("&#13;");
            break;
        default:
            out += c;
        }
    }
    return out;
}

QString markdownLine(const QStringList &cells, const std::vector<qsizetype> &widths,
                     const std::vector<bool> &numeric)
{
    QString line = QStringLiteral("|");
    for (qsizetype c = 0; c < cells.size(); ++c) {
        const auto column = static_cast<std::size_t>(c);
        const qsizetype padding = widths[column] - textWidth(cells[c]);
        const QString spaces(std::max<qsizetype>(padding, 0), u' ');
        // Numbers are padded on the left, so the raw text lines up as the rendered table does.
        line +=
            u' ' + (numeric[column] ? spaces + cells[c] : cells[c] + spaces) + QStringLiteral(" |");
    }
    return line + u'\n';
}

/// Splits one table line on the pipes that are not escaped, without the outer pipes; the
/// cells are still escaped. Nothing when the line is not a table row.
std::optional<QStringList> splitMarkdownLine(const QString &line)
{
    const QString text = trimmedCell(line);
    if (!text.startsWith(u'|'))
        return std::nullopt;
    QStringList cells;
    QString cell;
    bool closed = false;
    for (qsizetype i = 1; i < text.size(); ++i) {
        const QChar c = text[i];
        closed = false;
        if (c == u'\\' && i + 1 < text.size()) {
            cell += c;
            cell += text[++i];
        } else if (c == u'|') {
            cells << cell;
            cell.clear();
            closed = true;
        } else {
            cell += c;
        }
    }
    if (!closed)
        cells << cell; // GFM allows a row without its closing pipe
    return cells;
}

/// The character a numeric character reference ("&#32;", "&#x2212;") or one of the entities
/// an editor may have written ("&amp;") stands for, and its length; nothing when the text at
/// `at` is not one.
std::optional<std::pair<QString, qsizetype>> entityAt(const QString &text, qsizetype at)
{
    static const QRegularExpression reference(
        QStringLiteral("&(?:#([0-9]{1,7})|#[xX]([0-9A-Fa-f]{1,6})|(amp|lt|gt|quot|apos|nbsp));"));
    const QRegularExpressionMatch match = reference.match(
        text, at, QRegularExpression::NormalMatch, QRegularExpression::AnchorAtOffsetMatchOption);
    if (!match.hasMatch())
        return std::nullopt;
    const auto length = match.capturedLength(0);
    if (match.hasCaptured(3)) {
        static const std::pair<const char16_t *, const char16_t *> named[] = {
            {u"amp", u"&"},   {u"lt", u"<"},   {u"gt", u">"},
            {u"quot", u"\""}, {u"apos", u"'"}, {u"nbsp", u"\u00a0"}};
        for (const auto &[name, character] : named) {
            if (match.capturedView(3) == QStringView(name))
                return std::pair(QString::fromUtf16(character), length);
        }
        return std::nullopt;
    }
    bool ok = false;
    const uint code = match.hasCaptured(1) ? match.capturedView(1).toUInt(&ok, 10)
                                           : match.capturedView(2).toUInt(&ok, 16);
    if (!ok || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
        return std::nullopt;
    const auto point = static_cast<char32_t>(code);
    return std::pair(QString::fromUcs4(&point, 1), length);
}

/// A line break as HTML and Markdown write it: "<br>", "<br/>", "<br />"; its length.
qsizetype lineBreakAt(const QString &text, qsizetype at)
{
    static const QRegularExpression lineBreak(QStringLiteral("<br\\s*/?>"),
                                              QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch match = lineBreak.match(
        text, at, QRegularExpression::NormalMatch, QRegularExpression::AnchorAtOffsetMatchOption);
    return match.hasMatch() ? match.capturedLength(0) : 0;
}

/// What a backslash escapes in CommonMark: ASCII punctuation and symbols ("\\|", "\\<").
bool isAsciiPunctuation(QChar c)
{
    return c.unicode() < 128 && (c.isPunct() || c.isSymbol());
}

/// The text of one escaped cell: the inverse of markdownCell, in one pass so that an escaped
/// "\<br>" or "\&#32;" stays literal.
QString unescapeMarkdownCell(const QString &raw)
{
    const QString text = trimmedCell(raw);
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c == u'\\' && i + 1 < text.size() && isAsciiPunctuation(text[i + 1])) {
            out += text[++i];
        } else if (const qsizetype length = c == u'<' ? lineBreakAt(text, i) : 0; length > 0) {
            out += u'\n';
            i += length - 1;
        } else if (const auto entity = c == u'&' ? entityAt(text, i) : std::nullopt; entity) {
            out += entity->first;
            i += entity->second - 1;
        } else {
            out += c;
        }
    }
    return out;
}

bool isDelimiterCell(const QString &cell)
{
    static const QRegularExpression delimiter(QStringLiteral("^:?-+:?$"));
    return delimiter.match(trimmedCell(cell)).hasMatch();
}

// ---- HTML --------------------------------------------------------------------------------------

/// Text in an HTML element: & < > " as entities, a line break as <br>, a carriage return as a
/// reference (the parser reads every other character back as written).
QString htmlText(const QString &text)
{
    QString out = text.toHtmlEscaped();
    out.replace(u'\r', QStringLiteral("&#13;"));
    out.replace(u'\n', QStringLiteral("<br>"));
    return out;
}

QString htmlRow(const QStringList &cells, qsizetype columns, const std::vector<bool> &numeric,
                const QString &tag)
{
    static const QString right = QStringLiteral(" style=\"text-align:right\"");
    QString line = QStringLiteral("<tr>");
    for (qsizetype c = 0; c < columns; ++c) {
        line += u'<' + tag + (numeric[static_cast<std::size_t>(c)] ? right : QString()) + u'>' +
                htmlText(cellAt(cells, c)) + QStringLiteral("</") + tag + u'>';
    }
    return line + QStringLiteral("</tr>\n");
}

/// One tag: its lower-case name ("td", "/td", "br") and where the text after it starts.
struct Tag
{
    QString name;
    qsizetype end = 0;
};

std::optional<Tag> tagAt(const QString &text, qsizetype at)
{
    const qsizetype close = text.indexOf(u'>', at);
    if (close < 0)
        return std::nullopt;
    QStringView inside = QStringView(text).mid(at + 1, close - at - 1).trimmed();
    qsizetype length = 0;
    while (length < inside.size() && !inside[length].isSpace() && inside[length] != u'/')
        ++length;
    if (length == 0 && inside.startsWith(u'/')) { // a closing tag: "/td"
        length = 1;
        while (length < inside.size() && !inside[length].isSpace())
            ++length;
    }
    return Tag{inside.left(length).toString().toLower(), close + 1};
}

} // namespace

std::vector<bool> numericColumns(const std::vector<QStringList> &rows)
{
    const qsizetype columns = columnCount(rows);
    std::vector<bool> numeric(static_cast<std::size_t>(columns), false);
    for (qsizetype c = 0; c < columns; ++c) {
        bool anyQuantity = false;
        bool onlyQuantities = true;
        for (std::size_t r = 1; r < rows.size() && onlyQuantities; ++r) {
            const QString cell = cellAt(rows[r], c);
            if (cell.trimmed().isEmpty())
                continue;
            const bool quantity = isQuantity(cell);
            anyQuantity = anyQuantity || quantity;
            onlyQuantities = quantity;
        }
        numeric[static_cast<std::size_t>(c)] = anyQuantity && onlyQuantities;
    }
    return numeric;
}

QString markdown(const std::vector<QStringList> &rows)
{
    if (rows.empty())
        return {};
    const qsizetype columns = std::max<qsizetype>(columnCount(rows), 1);
    const std::vector<bool> numeric = numericColumns(rows);
    std::vector<bool> alignRight(static_cast<std::size_t>(columns), false);
    std::copy(numeric.begin(), numeric.end(), alignRight.begin());

    std::vector<QStringList> escaped;
    escaped.reserve(rows.size());
    std::vector<qsizetype> widths(static_cast<std::size_t>(columns), 3); // "---" at least
    for (const QStringList &row : rows) {
        QStringList cells;
        for (qsizetype c = 0; c < columns; ++c) {
            cells << markdownCell(cellAt(row, c));
            auto &width = widths[static_cast<std::size_t>(c)];
            width = std::max(width, textWidth(cells.back()));
        }
        escaped.push_back(cells);
    }

    QString out = markdownLine(escaped.front(), widths, alignRight);
    QStringList delimiters;
    for (qsizetype c = 0; c < columns; ++c) {
        const auto column = static_cast<std::size_t>(c);
        delimiters << (alignRight[column] ? QString(widths[column] - 1, u'-') + u':'
                                          : QString(widths[column], u'-'));
    }
    out += markdownLine(delimiters, widths, alignRight);
    for (std::size_t r = 1; r < escaped.size(); ++r)
        out += markdownLine(escaped[r], widths, alignRight);
    return out;
}

QString html(const std::vector<QStringList> &rows, const QString &caption)
{
    if (rows.empty())
        return {};
    const qsizetype columns = columnCount(rows);
    const std::vector<bool> numeric = numericColumns(rows);
    QString out = QStringLiteral("<table>\n");
    if (!caption.isEmpty())
        out += QStringLiteral("<caption>") + htmlText(caption) + QStringLiteral("</caption>\n");
    out += QStringLiteral("<thead>\n") +
           htmlRow(rows.front(), columns, numeric, QStringLiteral("th")) +
           QStringLiteral("</thead>\n<tbody>\n");
    for (std::size_t r = 1; r < rows.size(); ++r)
        out += htmlRow(rows[r], columns, numeric, QStringLiteral("td"));
    return out + QStringLiteral("</tbody>\n</table>\n");
}

QString htmlDocument(const std::vector<QStringList> &rows, const QString &title)
{
    return QStringLiteral("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>") +
           htmlText(title) + QStringLiteral("</title>\n</head>\n<body>\n") + html(rows, title) +
           QStringLiteral("</body>\n</html>\n");
}

std::optional<std::vector<QStringList>> parseMarkdown(const QString &text)
{
    QStringList lines = text.split(u'\n');
    for (QString &line : lines) {
        if (line.endsWith(u'\r'))
            line.chop(1);
    }
    while (!lines.isEmpty() && lines.front().trimmed().isEmpty())
        lines.removeFirst();
    while (!lines.isEmpty() && lines.back().trimmed().isEmpty())
        lines.removeLast();
    if (lines.size() < 2)
        return std::nullopt;

    const std::optional<QStringList> header = splitMarkdownLine(lines[0]);
    const std::optional<QStringList> delimiter = splitMarkdownLine(lines[1]);
    if (!header || !delimiter || header->size() != delimiter->size() ||
        !std::all_of(delimiter->begin(), delimiter->end(), isDelimiterCell))
        return std::nullopt;

    std::vector<QStringList> rows;
    rows.reserve(static_cast<std::size_t>(lines.size()) - 1);
    const qsizetype columns = header->size();
    for (qsizetype l = 0; l < lines.size(); ++l) {
        if (l == 1)
            continue;
        const std::optional<QStringList> raw = l == 0 ? header : splitMarkdownLine(lines[l]);
        if (!raw)
            return std::nullopt;
        // As GFM renders a row: cut to the header's cells, or filled up with empty ones.
        QStringList cells;
        for (qsizetype c = 0; c < columns; ++c)
            cells << unescapeMarkdownCell(cellAt(*raw, c));
        rows.push_back(cells);
    }
    return rows;
}

std::optional<std::vector<QStringList>> parseHtml(const QString &text)
{
    const qsizetype start = text.indexOf(QStringLiteral("<table"), 0, Qt::CaseInsensitive);
    if (start < 0)
        return std::nullopt;
    std::vector<QStringList> rows;
    std::optional<QStringList> row;
    std::optional<QString> cell;
    for (qsizetype i = start; i < text.size();) {
        const QChar c = text[i];
        if (c == u'<') {
            if (const qsizetype length = lineBreakAt(text, i); length > 0) {
                if (cell)
                    *cell += u'\n';
                i += length;
                continue;
            }
            const std::optional<Tag> tag = tagAt(text, i);
            if (!tag)
                return std::nullopt;
            i = tag->end;
            if (tag->name == u"/table") {
                if (row || cell)
                    return std::nullopt;
                return rows;
            }
            if (tag->name == u"tr") {
                if (row)
                    return std::nullopt;
                row = QStringList();
            } else if (tag->name == u"/tr") {
                if (!row || cell)
                    return std::nullopt;
                rows.push_back(*row);
                row.reset();
            } else if (tag->name == u"td" || tag->name == u"th") {
                if (!row || cell)
                    return std::nullopt;
                cell = QString();
            } else if (tag->name == u"/td" || tag->name == u"/th") {
                if (!row || !cell)
                    return std::nullopt;
                *row << *cell;
                cell.reset();
            }
            continue; // <table>, <thead>, <tbody> and markup inside a cell carry no text
        }
        if (c == u'&') {
            if (const auto entity = entityAt(text, i); entity) {
                if (cell)
                    *cell += entity->first;
                i += entity->second;
                continue;
            }
        }
        if (cell) // the caption and the white space between tags are no cell's text
            *cell += c;
        ++i;
    }
    return std::nullopt; // no </table>
}

} // namespace pipeplan::tabletext
