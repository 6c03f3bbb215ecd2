#pragma once

#include <QPointer>
#include <QWidget>

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

protected:
    /// A new font (presentation mode) re-measures the columns.
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void commitWorkerCounts();

    QPointer<ScenarioDocument> m_document;
    ScalingTableModel *m_model;
    QTableView *m_table;
    QLineEdit *m_workerCounts;
    QLabel *m_error;
};

} // namespace pipeplan
