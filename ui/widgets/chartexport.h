#pragma once

#include <QPicture>
#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

class QAbstractItemView;
class QMenu;
class QTableView;
class QChartView;
class QCustomPlot;
class QWidget;

/// Charts and tables leave the window as vector drawings and as text: one chart as PDF, SVG or
/// PNG (1x, 2x, 3x) or on the clipboard, one table as CSV, Markdown or HTML, or on the clipboard
/// as tab-separated text that pastes into a spreadsheet's cells, as Markdown for a wiki or as
/// HTML for a document or a mail. The report uses the same recordings.
namespace pipeplan::chartexport {

/// A chart drawn at `size` (logical pixels, 96 dpi) as vector drawing commands.
QPicture recordPlot(QCustomPlot *plot, QSize size);
QPicture recordChartView(QChartView *view, QSize size);

/// Write `picture` (drawn at `size`) to a file, atomically. Return the problem, empty on success.
QString savePdf(const QPicture &picture, QSize size, const QString &path, const QString &title);
QString saveSvg(const QPicture &picture, QSize size, const QString &path, const QString &title);
QString savePng(const QPicture &picture, QSize size, int scale, const QString &path);
QByteArray svgBytes(const QPicture &picture, QSize size, const QString &title);

/// Puts the chart on the clipboard as a 2x PNG image and as SVG.
void copyToClipboard(const QPicture &picture, QSize size, const QString &title);

/// Adds the export entries to `chart`'s context menu. `record` draws the chart at a size.
void installChartMenu(QWidget *chart, const QString &title, std::function<QPicture(QSize)> record);

/// A table's context menu: "Export CSV…", "Export Markdown…", "Export HTML…", then "Copy as
/// tab-separated text", "Copy as Markdown", "Copy as HTML". `rows` gives the table as text,
/// header first (with the units), when an entry is chosen; `title` names the file and the
/// dialogs. The menu is a child of `view`, which owns it.
QMenu *tableMenu(QAbstractItemView *view, const QString &title,
                 std::function<std::vector<QStringList>()> rows);

/// Gives `view` the tableMenu as its context menu.
void installTableMenu(QAbstractItemView *view, const QString &title,
                      std::function<std::vector<QStringList>()> rows);

/// The menu installTableMenu gave `view` (tests trigger its entries); nullptr when none.
QMenu *installedTableMenu(const QAbstractItemView *view);

/// A table's cells as text rows, as its model displays them, header first (for
/// installTableMenu); row labels in the vertical header, when the table has them, come first
/// under an empty header cell.
std::vector<QStringList> tableRows(const QTableView *table);

/// A default export path in the documents folder: "Amdahl's law" -> ".../amdahl-s-law.pdf".
QString suggestedPath(const QString &title, const QString &suffix);
/// A plan's name as a file name: "Nightly scoring (seed 000)" is "nightly-scoring-seed-000".
QString fileStem(const QString &title);
/// Beside the saved plan, under its own name ("plan.pipeplan.json" gives "plan.pdf"); an unsaved
/// plan's in Documents under its name, as Save As suggests it.
QString suggestedPathBeside(const QString &documentPath, const QString &title,
                            const QString &suffix);

/// CSV, Markdown and HTML file writing, atomically, in UTF-8 (tests call them directly). The
/// HTML file is a page of its own with `title` as its title and the table's caption.
QString saveCsv(const std::vector<QStringList> &rows, const QString &path);
QString saveMarkdown(const std::vector<QStringList> &rows, const QString &path);
QString saveHtml(const std::vector<QStringList> &rows, const QString &path, const QString &title);

/// The table on the clipboard: as tab-separated text; as Markdown; as HTML with the
/// tab-separated text beside it as plain text, so a spreadsheet still pastes it into cells.
void copyTabSeparated(const std::vector<QStringList> &rows);
void copyMarkdown(const std::vector<QStringList> &rows);
void copyHtml(const std::vector<QStringList> &rows);

} // namespace pipeplan::chartexport
