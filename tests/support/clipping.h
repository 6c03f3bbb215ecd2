#pragma once

// Issue 52's clipping walk: every visible text of a window measured against the room it is
// drawn in. A text wider (or taller) than its room, or elided without a tooltip that carries the
// whole text, is a cut; so is a chart's tick label that runs off the chart or into its
// neighbour. The walk measures with the widget's own font and Qt's own size hints, so it finds
// what a person sees on the screen at that size, in that look.

#include <QString>
#include <QStringList>

class QWidget;

namespace pipeplan::testsupport {

/// Every cut text under `root` (visible widgets only; a widget scrolled out of its scroll area
/// is not cut: it is reachable). Each entry names the widget and the text, with the room it
/// needs and the room it has: "QLabel 'runtime caption' \"Runtime, N = 10,000\": needs 142 px,
/// has 90".
QStringList clippedTexts(QWidget *root);

/// Every visible scroll area under `root` (a table, a panel) that shows a sideways scroll bar:
/// part of it is out of view. "QTableView in 'Scaling table': scrolls sideways (312 px of 480)".
QStringList sidewaysScrolled(QWidget *root);

} // namespace pipeplan::testsupport
