#pragma once

#include "core/model/uncertainty.h"
#include "core/model/workload.h"

#include <QAbstractTableModel>

#include <optional>

namespace pipeplan {

/// Worker counts against hours and days, linear and Amdahl-limited, the row of the scenario's own
/// worker count highlighted (explain::shownScaling adds that row when the list lacks it). Holds
/// the rows the core computed; formats, never computes.
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
        ColumnCount,
        /// Shown only while a baseline is pinned and no overhead is on: its runtime at the same
        /// worker count and the change (with overheads, baselineColumn() says where it is).
        BaselineAmdahlHours = ColumnCount
    };

    explicit ScalingTableModel(QObject *parent = nullptr);

    /// `withOverheads` adds the runtime with overheads (hours, days) after the Amdahl columns;
    /// `baselineRows` (same worker counts) adds the baseline column last; empty removes it.
    /// `insertedRow` is the scenario's own row when it is not one of the listed counts.
    void setRows(const std::vector<ScalingRow> &rows, int highlightedRow,
                 const std::vector<ScalingRow> &baselineRows = {}, bool withOverheads = false,
                 int insertedRow = -1, std::optional<double> deadlineSeconds = std::nullopt,
                 const std::vector<double> &uslHours = {}, const QString &currency = {},
                 const std::vector<uncertainty::Percentiles> &spread = {});
    bool hasBaseline() const { return !m_baseline.empty(); }
    bool hasOverheads() const { return m_withOverheads; }
    /// The baseline column's index (the last column), -1 without a baseline.
    int baselineColumn() const { return m_baseline.empty() ? -1 : columnCount() - 1; }
    /// The deadline column's index (before the baseline's), -1 without a deadline: each row's
    /// runtime (with overheads when on) against the goal's deadline ("meets", "late, ×2.4").
    int deadlineColumn() const;
    /// The USL column's index (after the deadline's), -1 without a USL fitted to measured runs:
    /// each row's runtime predicted by the fitted USL, work / C(N) (uslRuntimeSeconds).
    int uslColumn() const;
    /// The cost column's index (before the baseline's), -1 without a currency: each row's
    /// workers x runtime x price.
    int costColumn() const;
    /// The P50 column's index (P90 follows it), after the runtimes, -1 without ranges (issue
    /// 34): each row's runtime over the ranges (ScalingSection::spread), in days.
    int spreadColumn() const;
    int highlightedRow() const { return m_highlighted; }
    /// The row added for the scenario's worker count, -1 when that count is listed.
    int insertedRow() const { return m_inserted; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    /// The text a cell shows, as the window, CSV export and reports format it.
    static QString cellText(const ScalingRow &row, int column);
    /// "16,748.33 (−50 %)": the baseline's runtime in hours (with its overheads, which is its
    /// Amdahl runtime when none is on) and how the current row's compares (format::change).
    static QString baselineCellText(const ScalingRow &current, const ScalingRow &baseline);

private:
    QString textAt(int row, int column) const;
    QString toolTip(int row, int column) const;
    int spreadColumns() const { return m_spread.empty() ? 0 : 2; }

    std::vector<ScalingRow> m_rows;
    std::vector<ScalingRow> m_baseline;
    std::vector<double> m_uslHours;
    std::vector<uncertainty::Percentiles> m_spread;
    int m_highlighted = -1;
    int m_inserted = -1;
    bool m_withOverheads = false;
    std::optional<double> m_deadlineSeconds;
    QString m_currency;
};

} // namespace pipeplan
