#include "ui/project/tasktablemodel.h"

#include "core/base/format.h"
#include "core/project/calendar.h"

#include <QComboBox>

#include <algorithm>
#include <utility>

namespace pipeplan {

namespace {
/// Dependencies as task numbers, "1, 3" (1-based, as the table numbers its rows).
QString dependsText(const std::vector<int> &dependsOn)
{
    QStringList parts;
    for (int index : dependsOn)
        parts << QString::number(index + 1);
    return parts.join(QStringLiteral(", "));
}

bool isNumberColumn(int column)
{
    switch (column) {
    case TaskTableModel::Optimistic:
    case TaskTableModel::MostLikely:
    case TaskTableModel::Pessimistic:
    case TaskTableModel::PertMean:
    case TaskTableModel::PertSigma:
    case TaskTableModel::ShareDone:
    case TaskTableModel::Actual:
    case TaskTableModel::Criticality:
        return true;
    default:
        return false;
    }
}

bool isChoiceColumn(int column)
{
    return column == TaskTableModel::Category || column == TaskTableModel::Unit;
}
} // namespace

TaskTableModel::TaskTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void TaskTableModel::setTasks(const CowList<estimate::Task> &tasks,
                              const std::vector<estimate::TaskStats> &stats,
                              const std::optional<std::vector<int>> &changed)
{
    if (tasks.sharesWith(m_tasks) && stats == m_stats)
        return;
    // The caller's rows hold only while the model shows the list they were taken against; a
    // list of another length is a new table.
    std::optional<std::vector<int>> rows = changed;
    if (!rows)
        rows = changedRows(m_tasks, tasks);
    if (!rows || tasks.size() != m_tasks.size() || stats.size() != tasks.size()) {
        beginResetModel();
        m_tasks = tasks;
        m_stats = stats;
        m_stats.resize(m_tasks.size());
        m_criticality.clear();
        endResetModel();
        ++m_resets;
        return;
    }
    m_tasks = tasks;
    // A task's PERT is its own (taskStats reads nothing else): the stats change with its row.
    for (int row : *rows)
        m_stats[static_cast<std::size_t>(row)] = stats[static_cast<std::size_t>(row)];
    rowsChanged(*rows);
}

void TaskTableModel::setCriticality(const std::vector<double> &shares)
{
    if (shares == m_criticality)
        return;
    m_criticality = shares;
    if (rowCount() > 0)
        emit dataChanged(index(0, Criticality), index(rowCount() - 1, Criticality),
                         {Qt::DisplayRole});
}

/// Consecutive rows go out as one range: a view repaints what is on screen of them.
void TaskTableModel::rowsChanged(const std::vector<int> &rows)
{
    for (std::size_t i = 0; i < rows.size();) {
        std::size_t last = i;
        while (last + 1 < rows.size() && rows[last + 1] == rows[last] + 1)
            ++last;
        emit dataChanged(index(rows[i], 0), index(rows[last], ColumnCount - 1));
        i = last + 1;
    }
}

int TaskTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_tasks.size());
}

int TaskTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString TaskTableModel::text(int row, int column) const
{
    const auto i = static_cast<std::size_t>(row);
    const estimate::Task &task = m_tasks[i];
    const estimate::TaskStats &stats = m_stats[i];
    const estimate::TaskProgress &progress = task.progress;
    const bool done = progress.state == estimate::TaskState::Done;
    const bool started = progress.state == estimate::TaskState::InProgress;
    const QString unit = estimate::unitKey(task.unit);
    const double perUnit = estimate::hoursPer(task.unit);
    switch (column) {
    case Name:
        return task.name;
    case Category:
        return estimate::categoryKey(task.category);
    case Unit:
        return estimate::unitKey(task.unit);
    case Optimistic:
        return format::trimmed(task.optimistic, 3);
    case MostLikely:
        return format::trimmed(task.mostLikely, 3);
    case Pessimistic:
        return format::trimmed(task.pessimistic, 3);
    case DependsOn:
        return dependsText(task.dependsOn);
    case PertMean:
        return format::trimmed(stats.pertMeanHours / perUnit, 2) + QLatin1Char(' ') + unit;
    case PertSigma:
        return format::trimmed(stats.pertSigmaHours / perUnit, 2) + QLatin1Char(' ') + unit;
    case Status:
        return done ? tr("done") : started ? tr("in progress") : tr("todo");
    case ShareDone:
        return started ? format::trimmed(progress.shareDone * 100, 1)
               : done  ? QStringLiteral("100")
                       : QString();
    case Actual:
        return done ? format::trimmed(progress.actual, 3) : QString();
    case FinishedOn:
        return done && progress.finishedOn.isValid() ? estimate::isoDate(progress.finishedOn)
                                                     : QString();
    case Criticality:
        return i < m_criticality.size() ? format::trimmed(100.0 * m_criticality[i], 1) : QString();
    default:
        return {};
    }
}

QVariant TaskTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return text(row, column);
    case Qt::EditRole: {
        // The pickers edit the value itself; the other cells the text as shown.
        const estimate::Task &task = m_tasks[static_cast<std::size_t>(row)];
        if (column == Category)
            return static_cast<int>(task.category);
        if (column == Unit)
            return static_cast<int>(task.unit);
        return text(row, column);
    }
    case Qt::TextAlignmentRole:
        return isNumberColumn(column) ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    default:
        return {};
    }
}

QVariant TaskTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name:
        return tr("Task");
    case Category:
        return tr("Category");
    case Unit:
        return tr("Unit");
    case Optimistic:
        return tr("Optimistic");
    case MostLikely:
        return tr("Most likely");
    case Pessimistic:
        return tr("Pessimistic");
    case DependsOn:
        return tr("Depends on");
    case PertMean:
        return tr("PERT mean");
    case PertSigma:
        return tr("PERT σ");
    case Status:
        return tr("Status");
    case ShareDone:
        return tr("Done (%)");
    case Actual:
        return tr("Actual (task's unit)");
    case FinishedOn:
        return tr("Finished on");
    case Criticality:
        return tr("Critical (% of trials)");
    default:
        return {};
    }
}

Qt::ItemFlags TaskTableModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    if (!index.isValid())
        return flags;
    const int column = index.column();
    if (column != PertMean && column != PertSigma && column != Criticality)
        flags |= Qt::ItemIsEditable;
    return flags;
}

bool TaskTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) ||
        !(flags(index) & Qt::ItemIsEditable))
        return false;
    if (value == data(index, Qt::EditRole))
        return true; // the editor closed on what was there: no edit
    emit cellEdited(index.row(), index.column(), value);
    return true;
}

QWidget *TaskChoiceDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                          const QModelIndex &index) const
{
    if (!isChoiceColumn(index.column()))
        return QStyledItemDelegate::createEditor(parent, option, index);
    auto *picker = new QComboBox(parent);
    if (index.column() == TaskTableModel::Category) {
        for (estimate::Category c : estimate::kAllCategories)
            picker->addItem(estimate::categoryKey(c), static_cast<int>(c));
    } else {
        for (estimate::TimeUnit u : estimate::kAllUnits)
            picker->addItem(estimate::unitKey(u), static_cast<int>(u));
    }
    // A pick is the edit: applied at once, as the picker in the cell did.
    connect(picker, &QComboBox::activated, this, [this, picker]() {
        auto *self = const_cast<TaskChoiceDelegate *>(this);
        emit self->commitData(picker);
        emit self->closeEditor(picker);
    });
    return picker;
}

void TaskChoiceDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    if (auto *picker = qobject_cast<QComboBox *>(editor); picker && isChoiceColumn(index.column()))
        picker->setCurrentIndex(picker->findData(index.data(Qt::EditRole)));
    else
        QStyledItemDelegate::setEditorData(editor, index);
}

void TaskChoiceDelegate::setModelData(QWidget *editor, QAbstractItemModel *model,
                                      const QModelIndex &index) const
{
    if (auto *picker = qobject_cast<QComboBox *>(editor); picker && isChoiceColumn(index.column()))
        model->setData(index, picker->currentData(), Qt::EditRole);
    else
        QStyledItemDelegate::setModelData(editor, model, index);
}

} // namespace pipeplan
