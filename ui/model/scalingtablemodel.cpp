#include "ui/model/scalingtablemodel.h"

#include "core/base/deadline.h"

#include "core/base/format.h"
#include "core/base/units.h"
#include "core/plan/explain.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <cmath>
#include <optional>

namespace pipeplan {

ScalingTableModel::ScalingTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void ScalingTableModel::setRows(const std::vector<ScalingRow> &rows, int highlightedRow,
                                const std::vector<ScalingRow> &baselineRows, bool withOverheads,
                                int insertedRow, std::optional<double> deadlineSeconds,
                                const std::vector<double> &uslHours, const QString &currency,
                                const std::vector<uncertainty::Percentiles> &spreadRows)
{
    const std::vector<uncertainty::Percentiles> spread =
        spreadRows.size() == rows.size() ? spreadRows : std::vector<uncertainty::Percentiles>{};
    const std::vector<double> usl =
        uslHours.size() == rows.size() ? uslHours : std::vector<double>{};
    m_inserted = insertedRow;
    const bool shapeChanged =
        rows.size() != m_rows.size() ||
        deadlineSeconds.has_value() != m_deadlineSeconds.has_value() ||
        baselineRows.empty() != m_baseline.empty() ||
        (!baselineRows.empty() && baselineRows.size() != rows.size()) ||
        withOverheads != m_withOverheads || usl.empty() != m_uslHours.empty() ||
        spread.empty() != m_spread.empty() || currency.isEmpty() != m_currency.isEmpty();
    if (shapeChanged) {
        beginResetModel();
        m_uslHours = usl;
        m_spread = spread;
        m_currency = currency;
        m_withOverheads = withOverheads;
        m_deadlineSeconds = deadlineSeconds;
        m_rows = rows;
        m_baseline = baselineRows.size() == rows.size() ? baselineRows : std::vector<ScalingRow>{};
        m_highlighted = highlightedRow;
        endResetModel();
        return;
    }
    const int columns = columnCount();
    std::vector<QString> before;
    before.reserve(m_rows.size() * static_cast<size_t>(columns));
    for (int r = 0; r < rowCount(); ++r)
        for (int c = 0; c < columns; ++c)
            before.push_back(textAt(r, c));
    m_rows = rows;
    m_baseline = baselineRows;
    m_uslHours = usl;
    m_spread = spread;
    const bool currencyChanged = m_currency != currency;
    m_currency = currency;
    if (currencyChanged)
        emit headerDataChanged(Qt::Horizontal, costColumn(), costColumn());
    const bool deadlineMoved = m_deadlineSeconds != deadlineSeconds;
    m_deadlineSeconds = deadlineSeconds;
    if (deadlineMoved)
        emit headerDataChanged(Qt::Horizontal, deadlineColumn(), deadlineColumn());
    // Same rows: announce only what changed, the smallest rectangle around the changed cells.
    int firstRow = -1, lastRow = -1, firstColumn = columns, lastColumn = -1;
    for (int r = 0; r < rowCount(); ++r) {
        for (int c = 0; c < columns; ++c) {
            if (textAt(r, c) == before[static_cast<size_t>(r) * static_cast<size_t>(columns) +
                                       static_cast<size_t>(c)])
                continue;
            firstRow = firstRow < 0 ? r : firstRow;
            lastRow = r;
            firstColumn = std::min(firstColumn, c);
            lastColumn = std::max(lastColumn, c);
        }
    }
    const int oldHighlight = m_highlighted;
    m_highlighted = highlightedRow;
    if (firstRow >= 0)
        emit dataChanged(index(firstRow, firstColumn), index(lastRow, lastColumn),
                         {Qt::DisplayRole});
    if (oldHighlight != highlightedRow) {
        const QList<int> roles{Qt::BackgroundRole, Qt::FontRole};
        if (oldHighlight >= 0)
            emit dataChanged(index(oldHighlight, 0), index(oldHighlight, columns - 1), roles);
        if (highlightedRow >= 0)
            emit dataChanged(index(highlightedRow, 0), index(highlightedRow, columns - 1), roles);
    }
}

int ScalingTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ScalingTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid()
               ? 0
               : ColumnCount + (m_withOverheads ? explain::kScalingOverheadColumnCount : 0) +
                     spreadColumns() + (m_deadlineSeconds ? 1 : 0) + (m_uslHours.empty() ? 0 : 1) +
                     (m_currency.isEmpty() ? 0 : 1) + (m_baseline.empty() ? 0 : 1);
}

int ScalingTableModel::costColumn() const
{
    return m_currency.isEmpty()
               ? -1
               : ColumnCount + (m_withOverheads ? explain::kScalingOverheadColumnCount : 0) +
                     spreadColumns() + (m_deadlineSeconds ? 1 : 0) + (m_uslHours.empty() ? 0 : 1);
}

int ScalingTableModel::uslColumn() const
{
    return m_uslHours.empty()
               ? -1
               : ColumnCount + (m_withOverheads ? explain::kScalingOverheadColumnCount : 0) +
                     spreadColumns() + (m_deadlineSeconds ? 1 : 0);
}

int ScalingTableModel::deadlineColumn() const
{
    return m_deadlineSeconds
               ? ColumnCount + (m_withOverheads ? explain::kScalingOverheadColumnCount : 0) +
                     spreadColumns()
               : -1;
}

int ScalingTableModel::spreadColumn() const
{
    return m_spread.empty()
               ? -1
               : ColumnCount + (m_withOverheads ? explain::kScalingOverheadColumnCount : 0);
}

QString ScalingTableModel::textAt(int row, int column) const
{
    const ScalingRow &current = m_rows[static_cast<size_t>(row)];
    if (column == baselineColumn())
        return baselineCellText(current, m_baseline[static_cast<size_t>(row)]);
    if (column == deadlineColumn())
        return explain::deadlineCell(current.effectiveSeconds, *m_deadlineSeconds);
    if (column == uslColumn())
        return explain::hoursCell(m_uslHours[static_cast<size_t>(row)]);
    if (column == costColumn())
        return format::money(current.cost, m_currency);
    if (const int p50 = spreadColumn(); p50 >= 0 && (column == p50 || column == p50 + 1)) {
        const uncertainty::Percentiles &p = m_spread[static_cast<size_t>(row)];
        return format::grouped(units::toDays(column == p50 ? p.p50 : p.p90), 2);
    }
    return cellText(current, column);
}

QString ScalingTableModel::baselineCellText(const ScalingRow &current, const ScalingRow &baseline)
{
    // The runtimes with overheads (the Amdahl runtime when none is set), as the headline.
    return explain::hoursCell(baseline.effectiveHours) + QStringLiteral(" (") +
           format::change(current.effectiveHours, baseline.effectiveHours) + QStringLiteral(")");
}

QString ScalingTableModel::cellText(const ScalingRow &row, int column)
{
    return explain::scalingCell(row, static_cast<explain::ScalingColumn>(column));
}

QVariant ScalingTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const bool highlighted = index.row() == m_highlighted;
    switch (role) {
    case Qt::DisplayRole:
        return textAt(index.row(), index.column());
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        if (highlighted)
            return QBrush(QColor(255, 214, 102));
        if (index.column() == deadlineColumn()) {
            // Translucent, so it reads on a light or a dark table.
            const bool meets = deadline::meets(
                m_rows[static_cast<size_t>(index.row())].effectiveSeconds, *m_deadlineSeconds);
            return QBrush(meets ? QColor(46, 160, 67, 70) : QColor(215, 58, 73, 60));
        }
        return {};
    case Qt::ForegroundRole:
        return highlighted ? QVariant(QBrush(Qt::black)) : QVariant();
    case Qt::FontRole:
        if (highlighted) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole: {
        const QString tip = toolTip(index.row(), index.column());
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    default:
        return {};
    }
}

QString ScalingTableModel::toolTip(int row, int column) const
{
    QStringList lines;
    if (row == m_inserted)
        lines << tr("The scenario's own worker count (not in the list of worker counts)");
    else if (row == m_highlighted)
        lines << tr("The scenario's worker count");
    // A time cell also reads in words ("25 minutes" for 0.42 h).
    const ScalingRow &r = m_rows[static_cast<size_t>(row)];
    std::optional<double> hours;
    switch (static_cast<explain::ScalingColumn>(column)) {
    case explain::ScalingColumn::LinearHours:
    case explain::ScalingColumn::LinearDays:
        hours = r.linearHours;
        break;
    case explain::ScalingColumn::AmdahlHours:
    case explain::ScalingColumn::AmdahlDays:
        hours = r.amdahlHours;
        break;
    case explain::ScalingColumn::EffectiveHours:
    case explain::ScalingColumn::EffectiveDays:
        if (m_withOverheads && column != baselineColumn())
            hours = r.effectiveHours;
        break;
    default:
        break;
    }
    if (column == baselineColumn())
        hours = m_baseline[static_cast<size_t>(row)].effectiveHours;
    if (column == uslColumn())
        hours = m_uslHours[static_cast<size_t>(row)];
    if (const int p50 = spreadColumn(); p50 >= 0 && (column == p50 || column == p50 + 1)) {
        const uncertainty::Percentiles &p = m_spread[static_cast<size_t>(row)];
        hours.reset();
        lines << tr("Over the ranges at this worker count: P10 %1 · P50 %2 · P90 %3")
                     .arg(format::duration(p.p10), format::duration(p.p50),
                          format::duration(p.p90));
    }
    if (column == deadlineColumn()) {
        hours.reset();
        lines << tr("Runtime %1 against the deadline %2")
                     .arg(format::duration(r.effectiveSeconds),
                          format::duration(*m_deadlineSeconds));
    }
    // The cell rounds (two decimals, or three figures in a unit of its own): the tooltip also
    // gives the hours to six figures.
    if (hours)
        lines << tr("%1 = %2 h")
                     .arg(format::duration(*hours * units::kSecondsPerHour),
                          format::significant(*hours, 6));
    return lines.join(QLatin1Char('\n'));
}

QVariant ScalingTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        if (section == baselineColumn())
            return tr("Baseline (h)");
        if (section == deadlineColumn())
            return tr("Within %1").arg(format::duration(*m_deadlineSeconds));
        if (section == uslColumn())
            return tr("USL fit (h)");
        if (section == costColumn())
            return tr("Cost");
        if (section == spreadColumn())
            return tr("P50 (days)");
        if (spreadColumn() >= 0 && section == spreadColumn() + 1)
            return tr("P90 (days)");
        return explain::scalingHeader(static_cast<explain::ScalingColumn>(section));
    }
    if (role == Qt::ToolTipRole) {
        if (spreadColumn() >= 0 && (section == spreadColumn() || section == spreadColumn() + 1))
            return tr("The runtime (with the overheads when they are on) over the plan's ranges "
                      "at this worker count: half the samples finish within P50, nine in ten "
                      "within P90");
        if (section == uslColumn())
            return tr("The runtime the USL fitted to the measured runs predicts: the single-stream "
                      "work ÷ C(N), C(N) = N / (1 + σ(N − 1) + κN(N − 1)) (Measured workspace)");
        if (section == costColumn())
            return tr("Workers × runtime (with the overheads when they are on) × the price per "
                      "worker-hour: every worker is billed until the job ends");
        if (section == deadlineColumn())
            return tr("Each row's runtime (with the overheads when they are on) against the goal's "
                      "deadline (Finish within)");
        if (section == baselineColumn())
            return tr("The pinned baseline's runtime at the same workers (with its overheads when "
                      "they are on), and the current scenario's change against it");
        switch (section) {
        case LinearHours:
        case LinearDays:
            return tr("Near-linear scaling: work / N");
        case AmdahlSpeedup:
            return tr("Amdahl speedup S = 1 / ((1 − p) + p / N)");
        case AmdahlHours:
        case AmdahlDays:
            return tr("Amdahl-limited: work / S(p, N)");
        case static_cast<int>(explain::ScalingColumn::EffectiveHours):
        case static_cast<int>(explain::ScalingColumn::EffectiveDays):
            return tr("With the overheads: cold start + max(work' / S(p, N), items / shared cap, "
                      "shards / dispatch cap); the headline's runtime");
        default:
            return {};
        }
    }
    return {};
}

} // namespace pipeplan
