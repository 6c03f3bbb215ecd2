#pragma once

#include "pipeline.h"
#include "scenario.h"

#include <QObject>
#include <QUndoStack>

namespace pipeplan {

/// Merge ids of undoable edits: consecutive edits of one field during one slider drag merge into
/// a single undo step.
enum class EditId
{
    None = -1,
    Users = 1,
    Predictions,
    Latency,
    BaselineLatency,
    BatchMs,
    KeepFraction,
    Workers,
    ParallelFraction,
    ComparisonParallelFraction,
    Microbatches,
    StageMs,
    StageName,
    Stages,
    Execution,
    WorkerCounts,
    Reset,
    Notes,
};

/// The single source of truth of one window: the scenario, its undo stack, and the result the
/// core computed from it. Widgets observe `changed()` and edit through `edit()`.
class ScenarioDocument : public QObject
{
    Q_OBJECT
public:
    explicit ScenarioDocument(QObject *parent = nullptr);

    const Scenario &scenario() const { return m_scenario; }
    const ScenarioResult &result() const { return m_result; }
    /// The pipeline schedule over the scenario's stages, or over the balanced stages when
    /// balanced() is on.
    const pipeline::Schedule &schedule() const { return m_schedule; }
    const std::vector<double> &scheduleStageMs() const { return m_scheduleStageMs; }
    QUndoStack *undoStack() { return &m_undoStack; }

    /// Replaces the scenario as one undoable step named `text`. Edits with the same id inside one
    /// interactive session (a slider drag) merge. An invalid scenario is refused (returns false)
    /// and nothing changes.
    bool edit(const Scenario &after, const QString &text, EditId id = EditId::None);

    /// A slider press opens a session, its release closes it: the drag becomes one undo step.
    void beginInteractiveEdit();
    void endInteractiveEdit();
    int editSession() const { return m_editSession; }

    /// Show the Gantt with the same work re-cut into equal stages (a view option, not undoable).
    bool balanced() const { return m_balanced; }
    void setBalanced(bool balanced);

    /// Applies a scenario without an undo entry (the undo commands use this).
    void apply(const Scenario &scenario);

signals:
    void changed();
    void balancedChanged(bool balanced);

private:
    void recompute();

    Scenario m_scenario;
    ScenarioResult m_result;
    pipeline::Schedule m_schedule;
    std::vector<double> m_scheduleStageMs;
    QUndoStack m_undoStack;
    bool m_balanced = false;
    bool m_interactive = false;
    int m_editSession = 0;
};

} // namespace pipeplan
