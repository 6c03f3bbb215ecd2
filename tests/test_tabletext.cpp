// Tables that paste anywhere (issue 19): Markdown and HTML copies parse back to the same cells.
#include "core/base/tabletext.h"

#include "core/plan/evaluation.h"
#include "core/plan/explain.h"

#include <gtest/gtest.h>

using namespace pipeplan;

QT_BEGIN_NAMESPACE
inline void PrintTo(const QString &text, std::ostream *os)
{
    *os << '"' << text.toStdString() << '"';
}
inline void PrintTo(const QStringList &list, std::ostream *os)
{
    *os << '[' << list.join(QStringLiteral("; ")).toStdString() << ']';
}
QT_END_NAMESPACE

namespace {

/// The scaling table of the seed scenario as the window copies it (its own row, no overheads).
std::vector<QStringList> seedScalingRows()
{
    const Scenario s = defaultScenario();
    const ScenarioResult r = evaluate(s);
    const explain::ShownScaling shown = explain::shownScaling(s, r);
    return explain::scalingTableRows(shown.rows, r.overheads.enabled);
}

/// Stage and time: a label column and a number column, the smallest table with both alignments.
const std::vector<QStringList> kStageTimes{{QStringLiteral("Stage"), QStringLiteral("Time (ms)")},
                                           {QStringLiteral("score"), QStringLiteral("20")}};

/// Cells that each format has to escape, or that a careless parser would change.
QStringList awkwardCells()
{
    return {QStringLiteral("a|b"),
            QStringLiteral("|"),
            QStringLiteral("\\|"),
            QStringLiteral("ends in a backslash\\"),
            QStringLiteral("C:\\dir"),
            QStringLiteral("<"),
            QStringLiteral("< 0.01"),
            QStringLiteral("<b>bold?</b>"),
            QStringLiteral("<br>"),
            QStringLiteral("&"),
            QStringLiteral("R&D"),
            QStringLiteral("&amp;"),
            QStringLiteral("&#32;"),
            QStringLiteral("\"quoted\" > 'single'"),
            QStringLiteral("49.76×"),
            QStringLiteral("−12 %"),
            QString(),
            QStringLiteral(" leading"),
            QStringLiteral("trailing "),
            QStringLiteral("\t"),
            QStringLiteral("two  spaces"),
            QStringLiteral("line one\nline two"),
            QStringLiteral("crlf\r\nend"),
            QStringLiteral("\u00a0no-break\u00a0"),
            QStringLiteral("日本語 ünïcödé 😀"),
            QStringLiteral("*not italic* _nor this_ `nor code` ~nor struck~ [nor a link](x)"),
            QStringLiteral("---"),
            QStringLiteral(":---:")};
}

/// The awkward cells in a table three wide, under a header that is awkward too.
std::vector<QStringList> awkwardTable()
{
    const QStringList cells = awkwardCells();
    std::vector<QStringList> rows{
        {QStringLiteral("Name | with pipe"), QStringLiteral("Value (< 1 h)"), QStringLiteral("")}};
    for (qsizetype i = 0; i < cells.size(); i += 3)
        rows.push_back({cells.value(i), cells.value(i + 1), cells.value(i + 2)});
    return rows;
}

} // namespace

TEST(TableText, ScalingTableMarkdownParsesBackToTheSameCells)
{
    const std::vector<QStringList> rows = seedScalingRows();
    // The seed's table: 100 to 50,000 workers, its own 10,000 among them, units in the header.
    ASSERT_EQ(rows.size(), 8u);
    EXPECT_EQ(rows[0],
              QStringList({QStringLiteral("Workers"), QStringLiteral("Linear (h)"),
                           QStringLiteral("Linear (days)"), QStringLiteral("Amdahl S"),
                           QStringLiteral("Amdahl (h)"), QStringLiteral("Amdahl (days)")}));
    EXPECT_EQ(rows[5][0], QStringLiteral("10,000"));
    EXPECT_EQ(rows[5][3], QStringLiteral("49.76×"));

    const QString text = tabletext::markdown(rows);
    const std::optional<std::vector<QStringList>> parsed = tabletext::parseMarkdown(text);
    ASSERT_TRUE(parsed.has_value()) << text.toStdString();
    EXPECT_EQ(*parsed, rows) << text.toStdString();
    // Every column is a quantity: right-aligned, and the raw text lines up as well.
    const QStringList lines = text.split(u'\n');
    ASSERT_EQ(lines.size(), 10); // header, delimiter, seven rows, and the final line feed
    EXPECT_EQ(lines[1].count(QStringLiteral(": |")), 6) << lines[1].toStdString();
    EXPECT_TRUE(lines.back().isEmpty());
    for (const QString &line : lines.mid(0, 9))
        EXPECT_EQ(line.size(), lines[0].size()) << line.toStdString();
}

TEST(TableText, ScalingTableHtmlParsesBackToTheSameCells)
{
    const std::vector<QStringList> rows = seedScalingRows();
    for (const QString &caption : {QString(), QStringLiteral("Scaling table <seed 000> & more")}) {
        const QString text = tabletext::html(rows, caption);
        const std::optional<std::vector<QStringList>> parsed = tabletext::parseHtml(text);
        ASSERT_TRUE(parsed.has_value()) << text.toStdString();
        EXPECT_EQ(*parsed, rows) << text.toStdString();
        // Six right-aligned header cells and six in each of the seven rows.
        EXPECT_EQ(text.count(QStringLiteral(" style=\"text-align:right\"")), 6 * 8);
        EXPECT_EQ(text.contains(QStringLiteral("<caption>")), !caption.isEmpty());
    }
    const std::optional<std::vector<QStringList>> page =
        tabletext::parseHtml(tabletext::htmlDocument(rows, QStringLiteral("Scaling table")));
    ASSERT_TRUE(page.has_value());
    EXPECT_EQ(*page, rows);
}

TEST(TableText, MarkdownOfATwoByTwoTableIsExactlyThis)
{
    EXPECT_EQ(tabletext::markdown(kStageTimes), QStringLiteral("| Stage | Time (ms) |\n"
                                                               "| ----- | --------: |\n"
                                                               "| score |        20 |\n"));
    // Short columns get the three dashes GFM needs; a short row is padded with empty cells.
    const std::vector<QStringList> ragged{{QStringLiteral("A"), QStringLiteral("B")},
                                          {QStringLiteral("x")}};
    EXPECT_EQ(tabletext::markdown(ragged), QStringLiteral("| A   | B   |\n"
                                                          "| --- | --- |\n"
                                                          "| x   |     |\n"));
    EXPECT_EQ(*tabletext::parseMarkdown(tabletext::markdown(ragged)),
              std::vector<QStringList>(
                  {{QStringLiteral("A"), QStringLiteral("B")}, {QStringLiteral("x"), QString()}}));
    EXPECT_EQ(tabletext::markdown({}), QString());
}

TEST(TableText, HtmlOfATwoByTwoTableIsExactlyThis)
{
    EXPECT_EQ(
        tabletext::html(kStageTimes),
        QStringLiteral("<table>\n"
                       "<thead>\n"
                       "<tr><th>Stage</th><th style=\"text-align:right\">Time (ms)</th></tr>\n"
                       "</thead>\n"
                       "<tbody>\n"
                       "<tr><td>score</td><td style=\"text-align:right\">20</td></tr>\n"
                       "</tbody>\n"
                       "</table>\n"));
    EXPECT_EQ(
        tabletext::html(kStageTimes, QStringLiteral("Stage times")),
        QStringLiteral("<table>\n"
                       "<caption>Stage times</caption>\n"
                       "<thead>\n"
                       "<tr><th>Stage</th><th style=\"text-align:right\">Time (ms)</th></tr>\n"
                       "</thead>\n"
                       "<tbody>\n"
                       "<tr><td>score</td><td style=\"text-align:right\">20</td></tr>\n"
                       "</tbody>\n"
                       "</table>\n"));
    EXPECT_EQ(tabletext::html({}), QString());
    EXPECT_TRUE(tabletext::htmlDocument(kStageTimes, QStringLiteral("R&D"))
                    .startsWith(QStringLiteral("<!DOCTYPE html>\n<html>\n<head>\n<meta "
                                               "charset=\"utf-8\">\n<title>R&amp;D</title>")));
}

TEST(TableText, MarkdownEscapesWhatWouldBreakTheTableOrItsRendering)
{
    const auto cell = [](const QString &text) {
        const QString line = tabletext::markdown({{text}}).section(u'\n', 0, 0);
        return line.mid(2, line.size() - 4).trimmed(); // without "| " and " |" and padding
    };
    EXPECT_EQ(cell(QStringLiteral("a|b")), QStringLiteral("a\\|b"));
    EXPECT_EQ(cell(QStringLiteral("line one\nline two")), QStringLiteral("line one<br>line two"));
    EXPECT_EQ(cell(QStringLiteral("C:\\dir")), QStringLiteral("C:\\\\dir"));
    EXPECT_EQ(cell(QStringLiteral("*a* _b_ `c` ~d~ [e]")),
              QStringLiteral("\\*a\\* \\_b\\_ \\`c\\` \\~d\\~ \\[e]"));
    // "<" and "&" only where GFM would read a tag or an entity: "< 0.01" and "R&D" stay readable.
    EXPECT_EQ(cell(QStringLiteral("< 0.01")), QStringLiteral("< 0.01"));
    EXPECT_EQ(cell(QStringLiteral("<br> <b> </b>")), QStringLiteral("\\<br> \\<b> \\</b>"));
    EXPECT_EQ(cell(QStringLiteral("R&D")), QStringLiteral("R&D"));
    EXPECT_EQ(cell(QStringLiteral("&amp; &#32;")), QStringLiteral("\\&amp; \\&#32;"));
    // GFM trims a cell: spaces at its ends are written as references, inside ones as they are.
    EXPECT_EQ(cell(QStringLiteral(" a  b\t")), QStringLiteral("&#32;a  b&#9;"));
    EXPECT_EQ(cell(QStringLiteral("49.76× −12 % 日本")), QStringLiteral("49.76× −12 % 日本"));
}

TEST(TableText, HtmlEscapesAmpersandAnglesAndQuotes)
{
    const QString text =
        tabletext::html({{QStringLiteral("h")}, {QStringLiteral("a < b & \"c\" > d\ne")}});
    EXPECT_TRUE(text.contains(QStringLiteral("<td>a &lt; b &amp; &quot;c&quot; &gt; d<br>e</td>")))
        << text.toStdString();
}

TEST(TableText, AwkwardCellsParseBackExactlyFromBothFormats)
{
    const std::vector<QStringList> rows = awkwardTable();
    const QString markdown = tabletext::markdown(rows);
    const std::optional<std::vector<QStringList>> fromMarkdown = tabletext::parseMarkdown(markdown);
    ASSERT_TRUE(fromMarkdown.has_value()) << markdown.toStdString();
    EXPECT_EQ(*fromMarkdown, rows) << markdown.toStdString();
    // A GFM table is one line per row: line breaks inside cells must not split it.
    EXPECT_EQ(markdown.count(u'\n'), static_cast<qsizetype>(rows.size()) + 1);

    const QString html = tabletext::html(rows, QStringLiteral("awkward | <cells>"));
    const std::optional<std::vector<QStringList>> fromHtml = tabletext::parseHtml(html);
    ASSERT_TRUE(fromHtml.has_value()) << html.toStdString();
    EXPECT_EQ(*fromHtml, rows) << html.toStdString();

    // Each cell on its own too, as header and as body.
    for (const QString &cell : awkwardCells()) {
        const std::vector<QStringList> single{{cell}, {cell}};
        EXPECT_EQ(tabletext::parseMarkdown(tabletext::markdown(single)), single)
            << tabletext::markdown(single).toStdString();
        EXPECT_EQ(tabletext::parseHtml(tabletext::html(single)), single)
            << tabletext::html(single).toStdString();
    }
}

TEST(TableText, ParsersAcceptCrlfAndRefuseWhatIsNoTable)
{
    QString crlf = tabletext::markdown(kStageTimes);
    crlf.replace(u'\n', QStringLiteral("\r\n"));
    EXPECT_EQ(tabletext::parseMarkdown(QStringLiteral("\n") + crlf + QStringLiteral("\n")),
              kStageTimes);
    EXPECT_FALSE(tabletext::parseMarkdown(QString()).has_value());
    EXPECT_FALSE(tabletext::parseMarkdown(QStringLiteral("just text")).has_value());
    EXPECT_FALSE(tabletext::parseMarkdown(QStringLiteral("| a |\n| b |\n")).has_value());
    EXPECT_FALSE(tabletext::parseMarkdown(QStringLiteral("| a | b |\n| --- |\n")).has_value());
    EXPECT_FALSE(
        tabletext::parseMarkdown(QStringLiteral("| a |\n| --- |\nplain line\n")).has_value());
    EXPECT_FALSE(tabletext::parseHtml(QStringLiteral("<p>no table</p>")).has_value());
    EXPECT_FALSE(tabletext::parseHtml(QStringLiteral("<table><tr><td>open")).has_value());
    EXPECT_FALSE(tabletext::parseHtml(QStringLiteral("<table><tr><td>a</tr></table>")).has_value());
}

TEST(TableText, NumericColumnsOfTheScalingTableAreAllNumeric)
{
    const std::vector<QStringList> rows = seedScalingRows();
    EXPECT_EQ(tabletext::numericColumns(rows), std::vector<bool>(6, true));
    // With the overhead columns too.
    Scenario s = defaultScenario();
    s.overheads.coldStartSeconds = 30;
    const ScenarioResult r = evaluate(s);
    ASSERT_TRUE(r.overheads.enabled);
    const std::vector<QStringList> withOverheads =
        explain::scalingTableRows(explain::shownScaling(s, r).rows, true);
    EXPECT_EQ(tabletext::numericColumns(withOverheads), std::vector<bool>(8, true));
}

TEST(TableText, NumericColumnsOfALabelValueTable)
{
    // The report's inputs: values mix quantities with words ("off", "pipelined (slowest
    // stage)"), so neither column aligns right.
    std::vector<QStringList> inputs{{QStringLiteral("Input"), QStringLiteral("Value")}};
    for (const auto &[label, value] : explain::inputRows(defaultScenario()))
        inputs.push_back({label, value});
    EXPECT_EQ(tabletext::numericColumns(inputs), std::vector<bool>({false, false}));

    // Labels beside quantities with units, signs, comparisons and gaps: the values align right.
    const std::vector<QStringList> quantities{
        {QStringLiteral("Measure"), QStringLiteral("Value")},
        {QStringLiteral("P50"), QStringLiteral("1.5 hours")},
        {QStringLiteral("Change"), QStringLiteral("−12 %")},
        {QStringLiteral("Smallest"), QStringLiteral("< 0.01")},
        {QStringLiteral("Users"), QStringLiteral("150,000,000 users")},
        {QStringLiteral("Rate"), QStringLiteral("2.49 users/s")},
        {QStringLiteral("Speedup"), QStringLiteral("49.76×")},
        {QStringLiteral("Not measured"), QString()},
        {QStringLiteral("Latency"), QStringLiteral("250 µs")}};
    EXPECT_EQ(tabletext::numericColumns(quantities), std::vector<bool>({false, true}));

    // Words after a number make a label; a list of numbers is not one quantity; a column with
    // nothing below its header is not numeric either.
    const std::vector<QStringList> labels{
        {QStringLiteral("Item"), QStringLiteral("Depends on"), QStringLiteral("Empty")},
        {QStringLiteral("3D printer"), QStringLiteral("1, 3"), QString()},
        {QStringLiteral("2"), QStringLiteral("2"), QString()}};
    EXPECT_EQ(tabletext::numericColumns(labels), std::vector<bool>({false, false, false}));
    EXPECT_TRUE(tabletext::numericColumns({}).empty());
}
