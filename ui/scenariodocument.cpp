#include "scenariodocument.h"

#include <QUndoCommand>

namespace pipeplan {

namespace {

/// The one generic edit: the whole scenario before and after. Scenarios are small, and a
/// snapshot cannot get out of step with the model the way per-field commands can.
class ChangeScenario : public QUndoCommand
{
public:
    ChangeScenario(ScenarioDocument *document, Scenario before, Scenario after, const QString &text,
                   EditId id, int session)
        : QUndoCommand(text), m_document(document), m_before(std::move(before)), m_after(std::move(after)),
          m_id(id), m_session(session)
    {
    }

    void undo() override { m_document->apply(m_before); }
    void redo() override { m_document->apply(m_after); }
    int id() const override { return static_cast<int>(m_id); }

    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *next = static_cast<const ChangeScenario *>(other);
        if (m_id == EditId::None || next->m_session != m_session)
            return false;
        m_after = next->m_after;
        // A drag that ends where it started leaves nothing to undo.
        setObsolete(m_after == m_before);
        return true;
    }

private:
    ScenarioDocument *m_document;
    Scenario m_before;
    Scenario m_after;
    EditId m_id;
    int m_session;
};

} // namespace

ScenarioDocument::ScenarioDocument(QObject *parent) : QObject(parent), m_scenario(defaultScenario())
{
    recompute();
}

bool ScenarioDocument::edit(const Scenario &after, const QString &text, EditId id)
{
    if (after == m_scenario)
        return true;
    if (!validate(after).empty())
        return false;
    // Outside a drag every edit is its own session, so two typed values never merge.
    if (!m_interactive)
        ++m_editSession;
    m_undoStack.push(new ChangeScenario(this, m_scenario, after, text, id, m_editSession));
    return true;
}

void ScenarioDocument::beginInteractiveEdit()
{
    m_interactive = true;
    ++m_editSession;
}

void ScenarioDocument::endInteractiveEdit()
{
    m_interactive = false;
    ++m_editSession;
}

void ScenarioDocument::setBalanced(bool balanced)
{
    if (balanced == m_balanced)
        return;
    m_balanced = balanced;
    recompute();
    emit balancedChanged(balanced);
    emit changed();
}

void ScenarioDocument::apply(const Scenario &scenario)
{
    m_scenario = scenario;
    recompute();
    emit changed();
}

void ScenarioDocument::recompute()
{
    m_result = evaluate(m_scenario);
    m_scheduleStageMs = m_balanced ? pipeline::balance(m_result.stageMs) : m_result.stageMs;
    m_schedule = pipeline::schedule(m_scheduleStageMs, static_cast<int>(m_scenario.microbatches));
}

} // namespace pipeplan
