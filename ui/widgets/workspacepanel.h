#pragma once

#include "core/plan/planresult.h"

#include <QPointer>
#include <QWidget>

namespace pipeplan {

class ScenarioBindings;
class ScenarioDocument;
enum class Job;

/// A workspace tab with its own inputs: it follows one document, edits it through its bindings,
/// and refreshes only while visible (a hidden workspace costs nothing per slider tick and
/// catches up when it is shown).
class WorkspacePanel : public QWidget
{
    Q_OBJECT
public:
    /// `sections`: the parts of the plan's result (and its inputs) this workspace shows.
    explicit WorkspacePanel(Sections sections, QWidget *parent = nullptr);
    void setDocument(ScenarioDocument *document);
    /// Shows or hides the workspace's own inputs column (View > Show Inputs, presentation mode),
    /// so its charts take the width.
    void setInputsVisible(bool visible);
    bool inputsVisible() const;
    /// The workspace's bound inputs (their controls found by field).
    ScenarioBindings *bindings() const { return m_bound; }

protected:
    /// The column of inputs setInputsVisible() shows and hides.
    void setInputsArea(QWidget *inputs) { m_inputsArea = inputs; }
    void showEvent(QShowEvent *event) override;
    /// Shows the document's state; starts with `if (!refreshNow()) return;`.
    virtual void refresh() = 0;
    /// For panels whose views follow the document themselves.
    virtual void documentAttached(ScenarioDocument *document) { Q_UNUSED(document); }
    /// The document's background jobs, as it announces them (ScenarioDocument::jobStarted and
    /// so on): a panel shows their progress from these and reads their answers from the
    /// document's result; it starts and stops them through the document, never a job itself.
    virtual void jobStarted(Job job) { Q_UNUSED(job); }
    virtual void jobProgress(Job job, double fraction)
    {
        Q_UNUSED(job);
        Q_UNUSED(fraction);
    }
    virtual void jobFinished(Job job) { Q_UNUSED(job); }
    virtual void jobCancelled(Job job) { Q_UNUSED(job); }
    /// True when the panel is visible and there is a document: refresh now. Otherwise the
    /// refresh waits until the panel is shown.
    bool refreshNow();

    QPointer<ScenarioDocument> m_document;
    ScenarioBindings *m_bound;

private:
    void refreshFromDocument() { refresh(); }
    /// Receives the document's job signals: observeDocument drops every connection of a document
    /// to the panel itself, so the jobs' go through this context, which setDocument moves.
    QObject m_jobContext;
    Sections m_sections;
    QPointer<QWidget> m_inputsArea;
    bool m_stale = false; ///< changed while hidden: refresh when shown
};

} // namespace pipeplan
