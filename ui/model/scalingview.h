#pragma once

#include <QFont>
#include <QHash>
#include <QPointer>
#include <QWidget>

#include <vector>

class QLineEdit;
class QTableView;
class QLabel;

namespace pipeplan {

class ScenarioDocument;
class ScalingTableModel;

/// The scaling table with its editable list of worker counts.
class ScalingView : public QWidget
{
    Q_OBJECT
public:
    explicit ScalingView(QWidget *parent = nullptr);
    void setDocument(ScenarioDocument *document);
    ScalingTableModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QLineEdit *workerCountsEdit() const { return m_workerCounts; }
    /// The message shown under the worker counts when they cannot be used; empty when fine.
    QString errorText() const;

    /// As wide as every column's text, so a splitter gives the table its columns when there is
    /// room; on a narrow window the table scrolls sideways instead of widening the window.
    QSize sizeHint() const override;

signals:
    /// The columns' width changed (a deadline column came or went, a new font): the window
    /// gives the table room for it.
    void contentWidthChanged();

protected:
    /// A new font (presentation mode) re-measures the columns.
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void refresh();
    /// Where every column does not fit the table's width, the hours columns that have a days
    /// twin step aside (the same runtime in another unit), then the linear ideal's days,
    /// before the table scrolls sideways.
    void fitColumns();
    void commitWorkerCounts();

    QPointer<ScenarioDocument> m_document;
    ScalingTableModel *m_model;
    QTableView *m_table;
    int m_contentWidth = 0;
    /// Each column's measured width (refresh), to show a hidden one at its width again.
    std::vector<int> m_columnWidths;
    QLineEdit *m_workerCounts;
    QLabel *m_error;
    /// The widths refresh measures cells and headers with, for the font they were measured in.
    QFont m_measuredFont;
    QHash<char16_t, int> m_charWidths;
    QHash<QString, int> m_headerWidths;
};

} // namespace pipeplan
