#pragma once

#include "core/base/cowlist.h"
#include "core/project/task.h"

#include <QAbstractTableModel>
#include <QStyledItemDelegate>

#include <optional>
#include <vector>

namespace pipeplan {

/// The project's task table (seed 003's three-point tasks with their PERT, status and the Monte
/// Carlo's criticality) as a model over the plan's task list. It holds a shared copy of the list
/// (CowList: no copy of 10,000 tasks) and, told which rows an edit changed, announces only
/// those: a one-task edit repaints one row, not 10,000.
///
/// An edit typed into a cell is not applied here: setData() reports it as cellEdited(), the
/// panel turns it into one undoable document edit or refuses it, and the document's change comes
/// back through setTasks().
class TaskTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        Name,
        Category,
        Unit,
        Optimistic,
        MostLikely,
        Pessimistic,
        DependsOn,
        PertMean,
        PertSigma,
        Status,      ///< todo, in progress, done
        ShareDone,   ///< in progress: the share done (%)
        Actual,      ///< done: the time it took, in the task's unit
        FinishedOn,  ///< done: the day it finished
        Criticality, ///< the Monte Carlo's criticality index (%)
        ColumnCount
    };

    explicit TaskTableModel(QObject *parent = nullptr);

    /// Shows `tasks` with their PERT `stats` (one per task). `changed` names the rows that
    /// differ from the list shown now when the caller knows them (the document's last edit);
    /// without it the model finds them itself. Rows added or removed reset the model.
    void setTasks(const CowList<estimate::Task> &tasks,
                  const std::vector<estimate::TaskStats> &stats,
                  const std::optional<std::vector<int>> &changed);
    /// The Monte Carlo's criticality per task (a share of trials), or empty before it ran.
    void setCriticality(const std::vector<double> &shares);

    const CowList<estimate::Task> &tasks() const { return m_tasks; }
    /// How many times setTasks() reset the whole table (tests: a one-task edit does not).
    int resetCount() const { return m_resets; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    /// Reports the typed value as cellEdited(); the table changes when the document does.
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

signals:
    /// A cell was edited: the text typed, or for Category and Unit the picked value (an int).
    void cellEdited(int row, int column, const QVariant &value);

private:
    QString text(int row, int column) const;
    void rowsChanged(const std::vector<int> &rows);

    CowList<estimate::Task> m_tasks;
    std::vector<estimate::TaskStats> m_stats;
    std::vector<double> m_criticality;
    int m_resets = 0;
};

/// The Category and Unit cells' editor: a picker of the values the column takes, applied as soon
/// as one is picked (no cell widgets: a table of 10,000 tasks has one editor at a time).
class TaskChoiceDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model,
                      const QModelIndex &index) const override;
};

} // namespace pipeplan
