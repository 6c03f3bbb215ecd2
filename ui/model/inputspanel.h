#pragma once

#include "core/base/noun.h"

#include <QPointer>
#include <QWidget>

#include <functional>
#include <vector>

class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QVBoxLayout;

namespace pipeplan {

class ScenarioBindings;
class ScenarioDocument;
class ValueControl;
struct Scenario;

/// Every input of the scenario as a slider and a spin box, and the pipeline's stages (add,
/// remove, rename, reorder). Shows what the document holds; edits go through the document.
class InputsPanel : public QWidget
{
    Q_OBJECT
public:
    /// The Model tab's bound inputs: a control is found by its field.
    ScenarioBindings *bindings() const { return m_bound; }
    explicit InputsPanel(QWidget *parent = nullptr);
    void setDocument(ScenarioDocument *document);

    /// The time field of stage `index`, null for the scoring stage (its time is the workload's).
    ValueControl *stageTimeControl(int index) const;
    ValueControl *usersControl() const;
    ValueControl *predictionsControl() const;
    ValueControl *workersControl() const;
    ValueControl *latencyControl() const;
    ValueControl *acceleratorControl() const;
    ValueControl *batchingControl() const;
    ValueControl *parallelFractionControl() const;
    /// "Finish within": the plan's one deadline in hours (any unit typed), led by its on/off check
    /// box; off, the plan has none.
    ValueControl *deadlineControl() const;
    /// "Set a deadline…" from a view that needs one: turns the Goal's deadline on
    /// and gives it the focus.
    void focusDeadline();
    ValueControl *budgetControl() const;
    QLineEdit *nameEdit() const { return m_name; }
    /// What the job counts, in the plural ("documents"); a bad name is refused under it.
    QLineEdit *countedEdit() const { return m_counted; }
    QLabel *countedProblem() const { return m_countedProblem; }
    QPlainTextEdit *notesEdit() const { return m_notes; }
    /// The controls of this panel that do not show the plan's value (ScenarioBindings::
    /// notShowing and the stage rows): empty when it shows the plan.
    QStringList notShowing() const;
    /// Commits the notes being typed (also done on focus out and a moment after typing stops).
    void commitNotes();

private:
    void syncFromDocument();
    void rebuildStageRows();
    /// Applies `change` to a copy of the scenario and submits it as one undoable edit.
    void editScenario(const QString &text, const std::function<void(Scenario &)> &change);

    QPointer<ScenarioDocument> m_document;
    /// The numbers of the form (goal, workload, scale-out, microbatches): one row each.
    ScenarioBindings *m_bound;
    QComboBox *m_execution;
    QLabel *m_hardwareNote;
    QLineEdit *m_name;
    QLineEdit *m_counted;
    QLabel *m_countedProblem;
    QFormLayout *m_workloadForm;
    QGroupBox *m_stagesBox;
    /// The noun the labels and units were last written for.
    CountedNoun m_noun;
    void commitCounted();
    void applyNoun(const CountedNoun &noun);
    QPlainTextEdit *m_notes;
    QVBoxLayout *m_stageRowsLayout;
    QWidget *m_stageRows;

    struct StageRow
    {
        QWidget *row;
        QLineEdit *name;
        ValueControl *time; ///< null for the scoring stage
        QLabel *scoringTime;
    };
    std::vector<StageRow> m_stageRowWidgets;
};

} // namespace pipeplan
