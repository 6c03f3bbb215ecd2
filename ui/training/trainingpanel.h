#pragma once

#include "ui/widgets/workspacepanel.h"

#include "core/model/scenario.h"
#include "ui/training/scheduleset.h"

#include <QPointer>
#include <QWidget>

#include <array>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace pipeplan {

class ScheduleChart;
class ScheduleMemoryChart;

class ScenarioBindings;
class ScenarioDocument;
class ValueControl;

/// The "Training schedules" workspace: a training pipeline of p devices and m microbatches with
/// forward, backward and weight-gradient times, drawn as GPipe, 1F1B, interleaved 1F1B or ZB-H1,
/// several stacked on one time axis in compare mode, with a table of makespan, bubble and peak
/// memory and a chart of activations held per device. Its own inputs edit the document
/// (undoable); schedules are recomputed only when the training settings change.
class TrainingPanel : public WorkspacePanel
{
    Q_OBJECT
public:
    explicit TrainingPanel(QWidget *parent = nullptr);

    ScheduleChart *ganttChart() const { return m_gantt; }
    ScheduleMemoryChart *memoryChart() const { return m_memory; }
    QTableWidget *comparisonTable() const { return m_table; }
    QComboBox *schedulePicker() const { return m_picker; }
    QCheckBox *compareBox(schedule::Kind kind) const;
    QLabel *messageLabel() const { return m_message; }
    ValueControl *devicesControl() const;
    ValueControl *microbatchesControl() const;
    ValueControl *forwardControl() const;
    ValueControl *weightControl() const;
    /// The activation budget: in microbatches, bytes of a microbatch's activations, device memory.
    ValueControl *memoryLimitControl() const;
    ValueControl *activationBytesControl() const;
    ValueControl *deviceMemoryControl() const;
    /// The memory chart's title: its schedule, the peak (in bytes too when known) and, over the
    /// budget, by how much.
    QString memoryTitleText() const;
    /// The title for `result`'s memory chart (rich text).
    static QString memoryTitle(const schedule::Result &result);
    /// The schedules drawn now (the chosen one first); the document's recomputations of its
    /// training section so far (a test checks unrelated edits start none).
    const ScheduleSet &schedules() const { return m_schedules; }
    int computeCount() const;
    /// The background search's line: what it searches, its progress, Cancel / Search again.
    QWidget *searchBar() const { return m_searchBar; }
    QLabel *searchStatus() const { return m_searchStatus; }
    QProgressBar *searchProgress() const { return m_searchProgress; }
    QPushButton *searchButton() const { return m_searchButton; }

    /// "From the model": what training Hardware & cost's model on its device takes.
    QString fromModelText() const;
    QPushButton *useModelButton() const { return m_useModel; }
    /// Puts the model's F, B, W and activation memory into the schedules (one undoable step).
    bool useModel();

protected:
    void refresh() override;
    void jobStarted(Job job) override;
    void jobProgress(Job job, double fraction) override;
    void jobFinished(Job job) override;
    void jobCancelled(Job job) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// The schedule table as wide as its columns and as tall as its rows, in its font now.
    void fitTable();
    QGroupBox *fromModelBox(QWidget *parent);
    void refreshFromModel();
    void updateSearchBar();

    QComboBox *m_picker;
    std::array<QCheckBox *, schedule::kAllKinds.size()> m_compare{};
    QLabel *m_perDevice;
    QLabel *m_message;
    QLabel *m_fromModel = nullptr;
    QComboBox *m_recompute = nullptr;
    QCheckBox *m_shardOptimizer = nullptr;
    QPushButton *m_useModel = nullptr;
    QTableWidget *m_table;
    ScheduleChart *m_gantt;
    QLabel *m_memoryTitle;
    ScheduleMemoryChart *m_memory;
    QWidget *m_searchBar;
    QLabel *m_searchStatus;
    QProgressBar *m_searchProgress;
    QPushButton *m_searchButton;
    ScheduleSet m_schedules;
    int m_drawnGeneration = -1; ///< the training section's recompute count last drawn
};

} // namespace pipeplan
