#include "ui/widgets/rowbuttons.h"

#include <QLabel>
#include <QPushButton>
#include <QTableWidget>

namespace pipeplan::rowbuttons {

void setCell(QTableWidget *table, int row, int column, const QString &text)
{
    QTableWidgetItem *item = table->item(row, column);
    if (!item) {
        item = new QTableWidgetItem;
        table->setItem(row, column, item);
    }
    if (item->text() != text) {
        item->setText(text);
        item->setToolTip(text);
    }
}

QPushButton *button(QTableWidget *table, int row, int column, const QString &text,
                    const std::function<void(int row)> &clicked)
{
    if (auto *kept = qobject_cast<QPushButton *>(table->cellWidget(row, column)))
        return kept;
    auto *made = new QPushButton(text, table);
    made->setAutoDefault(false);
    QObject::connect(made, &QPushButton::clicked, table, [table, made, column, clicked]() {
        for (int i = 0; i < table->rowCount(); ++i)
            if (table->cellWidget(i, column) == made)
                clicked(i);
    });
    table->setCellWidget(row, column, made);
    return made;
}

void setText(QLabel *label, const QString &text)
{
    if (label->text() != text)
        label->setText(text);
}

} // namespace pipeplan::rowbuttons
