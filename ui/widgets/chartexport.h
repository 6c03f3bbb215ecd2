#pragma once

#include <QPicture>
#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

class QAbstractItemView;
class QTableWidget;
class QChartView;
class QCustomPlot;
class QWidget;

/// Charts and tables leave the window as vector drawings and as text: one chart as PDF, SVG or
/// PNG (1x, 2x, 3x) or on the clipboard, one table as CSV or as tab-separated text that pastes
/// into a spreadsheet's cells. The report uses the same recordings.
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

/// Adds "Export CSV…" and "Copy as tab-separated text" to `view`'s context menu; `rows` gives
/// the table as text, header first.
void installTableMenu(QAbstractItemView *view, const QString &title,
                      std::function<std::vector<QStringList>()> rows);

/// A QTableWidget's cells as text rows, header first (for installTableMenu).
std::vector<QStringList> tableRows(const QTableWidget *table);

/// A default export path in the documents folder: "Amdahl's law" -> ".../amdahl-s-law.pdf".
QString suggestedPath(const QString &title, const QString &suffix);

/// CSV file writing, atomically (tests call it directly).
QString saveCsv(const std::vector<QStringList> &rows, const QString &path);

} // namespace pipeplan::chartexport
