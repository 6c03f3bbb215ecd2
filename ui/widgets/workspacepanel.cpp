#include "ui/widgets/workspacepanel.h"

#include "ui/document/scenariobindings.h"
#include "ui/document/scenariodocument.h"

namespace pipeplan {

WorkspacePanel::WorkspacePanel(Sections sections, QWidget *parent)
    : QWidget(parent), m_bound(new ScenarioBindings(this)), m_sections(sections)
{
}

void WorkspacePanel::setDocument(ScenarioDocument *document)
{
    m_bound->setDocument(document);
    if (m_document)
        disconnect(m_document, nullptr, &m_jobContext, nullptr);
    if (document) {
        connect(document, &ScenarioDocument::jobStarted, &m_jobContext,
                [this](Job job) { jobStarted(job); });
        connect(document, &ScenarioDocument::jobProgress, &m_jobContext,
                [this](Job job, double fraction) { jobProgress(job, fraction); });
        connect(document, &ScenarioDocument::jobFinished, &m_jobContext,
                [this](Job job) { jobFinished(job); });
        connect(document, &ScenarioDocument::jobCancelled, &m_jobContext,
                [this](Job job) { jobCancelled(job); });
    }
    documentAttached(document);
    m_stale = true;
    observeDocument(this, m_document, document, &WorkspacePanel::refreshFromDocument, m_sections);
}

void WorkspacePanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

bool WorkspacePanel::refreshNow()
{
    if (!m_document)
        return false;
    m_stale = !isVisible();
    return !m_stale;
}

void WorkspacePanel::setInputsVisible(bool visible)
{
    if (m_inputsArea)
        m_inputsArea->setVisible(visible);
    // What a panel says may point at its inputs ("enter runs on the left"): without them it
    // offers another step, so it says it again.
    if (m_document)
        refresh();
}

bool WorkspacePanel::inputsVisible() const
{
    return m_inputsArea && !m_inputsArea->isHidden();
}

} // namespace pipeplan
