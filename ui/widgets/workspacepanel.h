#pragma once

#include "core/plan/planresult.h"

#include <QPointer>
#include <QWidget>

namespace pipeplan {

class ScenarioBindings;
class ScenarioDocument;

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
    /// The workspace's bound inputs (their controls by EditId).
    ScenarioBindings *bindings() const { return m_bound; }

protected:
    /// The column of inputs setInputsVisible() shows and hides.
    void setInputsArea(QWidget *inputs) { m_inputsArea = inputs; }
    void showEvent(QShowEvent *event) override;
    /// Shows the document's state; starts with `if (!refreshNow()) return;`.
    virtual void refresh() = 0;
    /// For panels whose views follow the document themselves.
    virtual void documentAttached(ScenarioDocument *document) { Q_UNUSED(document); }
    /// True when the panel is visible and there is a document: refresh now. Otherwise the
    /// refresh waits until the panel is shown.
    bool refreshNow();

    QPointer<ScenarioDocument> m_document;
    ScenarioBindings *m_bound;

private:
    void refreshFromDocument() { refresh(); }
    Sections m_sections;
    QPointer<QWidget> m_inputsArea;
    bool m_stale = false; ///< changed while hidden: refresh when shown
};

} // namespace pipeplan
