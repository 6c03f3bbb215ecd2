#include "ui/tail/sensitivityview.h"

#include "core/base/format.h"
#include "core/plan/explain.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/chartstyle.h"

#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>

namespace pipeplan {

namespace {

constexpr int kShareColumn = 2;

/// The share as a bar under its number: the ranking reads at a glance on a shared screen.
class ShareDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        const double share = index.data(Qt::UserRole).toDouble();
        if (share > 0) {
            painter->save();
            // A lighter blue on a dark table, where the chart blue would sink into the base.
            const bool dark = appearance::isDark(option.palette);
            QColor fill = dark ? QColor(0x5a, 0x9c, 0xf0) : chartstyle::kPrimary;
            fill.setAlpha(dark ? 150 : 90);
            const QRect cell = option.rect.adjusted(2, 3, -2, -3);
            painter->fillRect(QRect(cell.left(), cell.top(),
                                    static_cast<int>(cell.width() * std::min(share, 1.0)),
                                    cell.height()),
                              fill);
            painter->restore();
        }
        QStyledItemDelegate::paint(painter, option, index);
    }
};

} // namespace

SensitivityView::SensitivityView(QWidget *parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_table(new QTableWidget(0, 3, this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_summary->setWordWrap(true);
    m_summary->setAccessibleName(tr("What drives the spread"));
    layout->addWidget(m_summary);
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setItemDelegateForColumn(kShareColumn, new ShareDelegate(m_table));
    m_table->setAccessibleName(tr("What drives the spread"));
    m_table->setToolTip(tr("Each uncertain input's share of the runtime's spread: its rank "
                           "correlation with the runtime, squared and normalized over the "
                           "inputs. With a deadline, the median it would need, the others as "
                           "they are, for the percentile to meet it."));
    layout->addWidget(m_table, 1);
    setResult({});
}

QString SensitivityView::summaryText() const
{
    return m_summary->text();
}

void SensitivityView::setResult(const uncertainty::Result &result)
{
    m_table->setVisible(result.active);
    if (!result.active) {
        m_table->setRowCount(0);
        m_summary->setText(tr("No range set. Type a range into a number (800..1,200 for a 90 % "
                              "interval, or 800/1,000/1,500 for low/likely/high) and this ranks "
                              "what drives the runtime's spread."));
        return;
    }
    m_summary->setText(tr("Share of the runtime's spread over %1 samples (rank-based)")
                           .arg(format::grouped(result.samples, 0)));
    std::vector<QStringList> rows = explain::driverRows(result);
    const QStringList header = rows.front();
    rows.erase(rows.begin());
    m_table->setColumnCount(static_cast<int>(header.size()));
    m_table->setHorizontalHeaderLabels(header);
    m_table->setRowCount(static_cast<int>(rows.size()));
    for (int row = 0; row < static_cast<int>(rows.size()); ++row) {
        const QStringList &cells = rows[static_cast<size_t>(row)];
        for (int column = 0; column < cells.size(); ++column) {
            auto *item = new QTableWidgetItem(cells[column]);
            // Numbers right, the last (stretched) column beside them rather than far right.
            if (column > 0 && column + 1 < cells.size())
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (column == kShareColumn)
                item->setData(Qt::UserRole, result.drivers[static_cast<size_t>(row)].varianceShare);
            item->setToolTip(cells[column]);
            m_table->setItem(row, column, item);
        }
    }
    for (int column = 0; column + 1 < m_table->columnCount(); ++column)
        m_table->resizeColumnToContents(column);
    m_table->setColumnWidth(kShareColumn, std::max(m_table->columnWidth(kShareColumn), 140));
}

} // namespace pipeplan
