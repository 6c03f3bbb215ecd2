#include "scalingtablemodel.h"

#include "format.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace pipeplan {

ScalingTableModel::ScalingTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void ScalingTableModel::setRows(const std::vector<ScalingRow> &rows, int highlightedRow)
{
    if (rows.size() != m_rows.size()) {
        beginResetModel();
        m_rows = rows;
        m_highlighted = highlightedRow;
        endResetModel();
        return;
    }
    // Same rows: announce only what changed, the smallest rectangle around the changed cells.
    int firstRow = -1, lastRow = -1, firstColumn = ColumnCount, lastColumn = -1;
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        for (int c = 0; c < ColumnCount; ++c) {
            if (cellText(rows[static_cast<size_t>(r)], c) == cellText(m_rows[static_cast<size_t>(r)], c))
                continue;
            firstRow = firstRow < 0 ? r : firstRow;
            lastRow = r;
            firstColumn = std::min(firstColumn, c);
            lastColumn = std::max(lastColumn, c);
        }
    }
    m_rows = rows;
    const int oldHighlight = m_highlighted;
    m_highlighted = highlightedRow;
    if (firstRow >= 0)
        emit dataChanged(index(firstRow, firstColumn), index(lastRow, lastColumn), {Qt::DisplayRole});
    if (oldHighlight != highlightedRow) {
        const QList<int> roles{Qt::BackgroundRole, Qt::FontRole};
        if (oldHighlight >= 0)
            emit dataChanged(index(oldHighlight, 0), index(oldHighlight, ColumnCount - 1), roles);
        if (highlightedRow >= 0)
            emit dataChanged(index(highlightedRow, 0), index(highlightedRow, ColumnCount - 1), roles);
    }
}

int ScalingTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ScalingTableModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString ScalingTableModel::cellText(const ScalingRow &row, int column)
{
    switch (column) {
    case Workers:
        return format::grouped(row.workers, 0);
    case LinearHours:
        return format::grouped(row.linearHours, 2);
    case LinearDays:
        return format::grouped(row.linearDays, 2);
    case AmdahlSpeedup:
        return format::grouped(row.amdahlSpeedup, 2) + QStringLiteral("×");
    case AmdahlHours:
        return format::grouped(row.amdahlHours, 2);
    case AmdahlDays:
        return format::grouped(row.amdahlDays, 2);
    default:
        return {};
    }
}

QVariant ScalingTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const bool highlighted = index.row() == m_highlighted;
    switch (role) {
    case Qt::DisplayRole:
        return cellText(m_rows[static_cast<size_t>(index.row())], index.column());
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        return highlighted ? QVariant(QBrush(QColor(255, 214, 102))) : QVariant();
    case Qt::ForegroundRole:
        return highlighted ? QVariant(QBrush(Qt::black)) : QVariant();
    case Qt::FontRole:
        if (highlighted) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole:
        return highlighted ? tr("Nearest to the chosen number of workers") : QVariant();
    default:
        return {};
    }
}

QVariant ScalingTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Workers:
            return tr("Workers");
        case LinearHours:
            return tr("Linear (h)");
        case LinearDays:
            return tr("Linear (days)");
        case AmdahlSpeedup:
            return tr("Amdahl S");
        case AmdahlHours:
            return tr("Amdahl (h)");
        case AmdahlDays:
            return tr("Amdahl (days)");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case LinearHours:
        case LinearDays:
            return tr("Near-linear scaling: work / N");
        case AmdahlSpeedup:
            return tr("Amdahl speedup S = 1 / ((1 − p) + p / N)");
        case AmdahlHours:
        case AmdahlDays:
            return tr("Amdahl-limited: work / S(p, N)");
        default:
            return {};
        }
    }
    return {};
}

} // namespace pipeplan
