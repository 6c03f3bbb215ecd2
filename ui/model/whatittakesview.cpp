#include "ui/model/whatittakesview.h"

#include "core/base/format.h"
#include "core/plan/explain.h"
#include "ui/document/scenariodocument.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/rowbuttons.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace pipeplan {

WhatItTakesView::WhatItTakesView(QWidget *parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_table(new QTableWidget(0, 4, this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_summary->setWordWrap(true);
    m_summary->setAccessibleName(tr("What it would take"));
    layout->addWidget(m_summary);
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    // The change (or why not) last and stretched, wrapped whole ("Amdahl's ceiling:
    // the serial 2% alone ta..." was cut): at 1366x768 a reason is longer than the table is
    // wide, and Apply stays in sight before it. A row is as tall as its reason needs.
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(true);
    m_table->setTextElideMode(Qt::ElideNone);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setProperty(appearance::kWrapsLastColumn, true);
    m_table->setAccessibleName(tr("What it would take"));
    m_table->setToolTip(
        tr("Each lever alone, everything else as it is: the value that meets the deadline and "
           "is nearest to missing it (one step of the field's precision further misses), or why "
           "no value of it can. Apply sets it (Ctrl+Z undoes); Enter applies the selected row."));
    layout->addWidget(m_table, 1);
    // Enter or a double click on a row applies it, as its button does.
    connect(m_table, &QTableWidget::cellActivated, this, [this](int row, int) { applyRow(row); });
    refresh();
}

void WhatItTakesView::setDocument(ScenarioDocument *document)
{
    observeDocument(this, m_document, document, &WhatItTakesView::refresh, Section::Model);
}

QString WhatItTakesView::summaryText() const
{
    return m_summary->text();
}

bool WhatItTakesView::applyRow(int row)
{
    if (!m_document || row < 0 || row >= static_cast<int>(m_result.rows.size()))
        return false;
    const whatittakes::Row r = m_result.rows[static_cast<size_t>(row)];
    Scenario next = m_document->scenario();
    if (!whatittakes::apply(next, r))
        return false;
    return m_document->edit(next, tr("Apply %1 %2").arg(r.lever, r.neededText));
}

void WhatItTakesView::refresh()
{
    m_result = m_document ? m_document->planResult().whatItTakes : whatittakes::Result{};
    m_table->setVisible(m_result.active);
    if (!m_result.active) {
        m_table->setRowCount(0);
        rowbuttons::setText(m_summary,
                            tr("Set a deadline (Goal: Finish within) and this lists, for each "
                               "lever of the plan, the value that alone would meet it."));
        return;
    }
    rowbuttons::setText(m_summary, explain::whatItTakesTitle(m_result) + QLatin1Char('.'));
    std::vector<QStringList> rows = explain::whatItTakesRows(m_result);
    const QStringList header = rows.front();
    rows.erase(rows.begin());
    m_table->setHorizontalHeaderLabels(
        {header.value(0), header.value(1), QString(), tr("Change, or why not")});
    const int count = static_cast<int>(rows.size());
    m_table->setRowCount(count);
    for (int row = 0; row < count; ++row) {
        const QStringList &cells = rows[static_cast<size_t>(row)];
        const whatittakes::Row &r = m_result.rows[static_cast<size_t>(row)];
        // The change and the runtime it gives, or why the lever cannot alone.
        const QString change = cells.value(3).isEmpty()
                                   ? cells.value(2)
                                   : tr("%1 (runtime %2)").arg(cells.value(2), cells.value(3));
        const QStringList shown{cells.value(0), cells.value(1), QString(), change};
        for (int column = 0; column < static_cast<int>(shown.size()); ++column) {
            if (column == kApplyColumn)
                continue;
            rowbuttons::setCell(m_table, row, column, shown[column]);
        }
        // The buttons are made once per row and kept: a slider tick only relabels them.
        QPushButton *button = rowbuttons::button(m_table, row, kApplyColumn, tr("Apply"),
                                                 [this](int clicked) { applyRow(clicked); });
        Scenario trial = m_document->scenario();
        const bool applicable = whatittakes::apply(trial, r);
        button->setEnabled(applicable);
        const QString what = applicable
                                 ? tr("Set %1 to %2 (one undo step)").arg(r.lever, r.neededText)
                             : r.possible ? tr("%1 is already there").arg(r.lever)
                                          : tr("%1 cannot meet the deadline alone").arg(r.lever);
        button->setToolTip(what);
        button->setAccessibleName(applicable ? tr("Apply %1 %2").arg(r.lever, r.neededText)
                                             : tr("Apply %1").arg(r.lever));
        button->setAccessibleDescription(what);
    }
    for (int column = 0; column <= kApplyColumn; ++column)
        m_table->resizeColumnToContents(column);
}

} // namespace pipeplan
