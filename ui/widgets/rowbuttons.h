#pragma once

#include <QString>

#include <functional>

class QLabel;
class QPushButton;
class QTableWidget;

namespace pipeplan::rowbuttons {

/// Sets the text (and tooltip) of the cell at (row, column), making its item when there is none
/// and leaving an unchanged text alone: tables that follow a slider relabel, not rebuild.
void setCell(QTableWidget *table, int row, int column, const QString &text);

/// Sets a label's text only when it changed: a new text re-lays out a word-wrapped label, and a
/// slider tick gives the same sentence again.
void setText(QLabel *label, const QString &text);

/// The button in (row, column), made once with `text` and kept across refreshes; a click calls
/// `clicked` with the row the button is in then.
QPushButton *button(QTableWidget *table, int row, int column, const QString &text,
                    const std::function<void(int row)> &clicked);

} // namespace pipeplan::rowbuttons
