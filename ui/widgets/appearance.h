#pragma once

#include <QPalette>

class QChart;
class QLabel;
class QTableView;
class QCustomPlot;

/// How the window looks: a light or dark theme (or the system's), and presentation mode for
/// projectors and screen sharing (larger fonts, thicker lines, a high-contrast palette).
namespace pipeplan::appearance {

enum class Theme
{
    System,
    Light,
    Dark
};

struct Look
{
    Theme theme = Theme::System;
    bool presentation = false;
};

/// The palette for `look`; `system` is the platform's own (what "System" follows).
QPalette palette(const Look &look, const QPalette &system);

/// True when `palette` reads as dark (light text on a dark window).
bool isDark(const QPalette &palette);

/// Outlines check box and radio button indicators in the palette's Mid colour on a dark palette:
/// Fusion draws an unchecked box in the window's own dark tones, invisible on a dark theme.
/// Installed once for the application (idempotent).
void installContrastStyle();

/// Fits a table's columns to their text in the current font; a table that never scrolls
/// sideways also gets a minimum width that shows every column whole.
void fitColumns(QTableView *table);
/// The property a table sets (true) when its stretched last column wraps its text: fitColumns
/// leaves that column the room left rather than its text's one-line width.
inline constexpr const char *kWrapsLastColumn = "pp_wrapsLastColumn";

/// Rows a line of the table's font tall (plus padding), now and whenever its font changes
/// (presentation mode's larger font cut a fixed row height's text).
void fitRowsToFont(QTableView *table);

/// A word-wrapped label's minimum height becomes its text's wrapped height at its width, now
/// (after a new text) and, with keepWrappedHeight, on every resize, show and font change: a
/// splitter or a scroll area's page does not ask a label its height for its width and squeezed
/// it to its first line.
void fitWrappedHeight(QLabel *label);
void keepWrappedHeight(QLabel *label);

/// Font and line factors of presentation mode.
/// (1.6: table and axis text about 20 px on a 1080p shared screen; at 1.35 it was 17 px.)
inline constexpr double kPresentationFontScale = 1.6;
inline constexpr double kPresentationLineScale = 2.0;

/// Restyles a chart for `palette`: background, axes, grid, legend and text colours; line widths
/// and fonts scaled from the chart's own (remembered on first use, so scaling never compounds).
void apply(QCustomPlot *plot, const QPalette &palette, double fontScale, double lineScale);
/// From now on, every replot of `plot` thins its numeric axes' ticks to what their length holds
/// and leaves the room its end labels overhang (idempotent; apply() calls it).
void fitTicksOnReplot(QCustomPlot *plot);
void apply(QChart *chart, const QPalette &palette, double fontScale);

} // namespace pipeplan::appearance
