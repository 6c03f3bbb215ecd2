#pragma once

#include "core/plan/whatittakes.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QTableWidget;

namespace pipeplan {

class ScenarioDocument;

/// What it would take: with a deadline, each lever of the plan with the value that
/// alone meets it (or why none does), the change it means and the runtime there, each with an
/// Apply button that sets it in one undo step. The rows are core's (explain::whatItTakesRows),
/// as the report and the CLI print them.
class WhatItTakesView : public QWidget
{
    Q_OBJECT
public:
    explicit WhatItTakesView(QWidget *parent = nullptr);
    void setDocument(ScenarioDocument *document);

    QTableWidget *table() const { return m_table; }
    /// The line above the table: the deadline and whether the plan meets it, or how to set one.
    QString summaryText() const;
    /// Applies row `row`'s value to the plan (one undo step); false when it cannot.
    bool applyRow(int row);

    static constexpr int kApplyColumn = 2;

private:
    void refresh();

    QPointer<ScenarioDocument> m_document;
    QLabel *m_summary;
    QTableWidget *m_table;
    whatittakes::Result m_result;
};

} // namespace pipeplan
