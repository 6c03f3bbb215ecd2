#pragma once

#include "workload.h"

#include <QAbstractTableModel>

namespace pipeplan {

/// Worker counts against hours and days, linear and Amdahl-limited, the row nearest the chosen
/// workers highlighted. Holds the rows the core computed; formats, never computes.
class ScalingTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        Workers,
        LinearHours,
        LinearDays,
        AmdahlSpeedup,
        AmdahlHours,
        AmdahlDays,
        ColumnCount
    };

    explicit ScalingTableModel(QObject *parent = nullptr);

    void setRows(const std::vector<ScalingRow> &rows, int highlightedRow);
    int highlightedRow() const { return m_highlighted; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The text a cell shows, as the window, CSV export and reports format it.
    static QString cellText(const ScalingRow &row, int column);

private:
    std::vector<ScalingRow> m_rows;
    int m_highlighted = -1;
};

} // namespace pipeplan
