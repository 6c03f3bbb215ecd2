#pragma once

#include <QPointer>
#include <QWidget>

#include <functional>
#include <vector>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QVBoxLayout;

namespace pipeplan {

class ScenarioDocument;
class ValueControl;
struct Scenario;
enum class EditId;

/// Every input of the scenario as a slider and a spin box, and the pipeline's stages (add,
/// remove, rename, reorder). Shows what the document holds; edits go through the document.
class InputsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit InputsPanel(QWidget *parent = nullptr);
    void setDocument(ScenarioDocument *document);

    ValueControl *usersControl() const { return m_users; }
    ValueControl *workersControl() const { return m_workers; }
    ValueControl *latencyControl() const { return m_latency; }
    ValueControl *acceleratorControl() const { return m_acceleratorLatency; }
    ValueControl *batchingControl() const { return m_batchMs; }
    ValueControl *parallelFractionControl() const { return m_parallelFraction; }
    /// "Finish within": the goal's deadline in minutes, led by its on/off check box.
    ValueControl *deadlineControl() const { return m_deadline; }
    QLineEdit *nameEdit() const { return m_name; }
    QPlainTextEdit *notesEdit() const { return m_notes; }
    /// Commits the notes being typed (also done on focus out and a moment after typing stops).
    void commitNotes();

private:
    void syncFromDocument();
    void rebuildStageRows();
    /// Applies `change` to a copy of the scenario and submits it as one undoable edit.
    void editScenario(const QString &text, EditId id,
                      const std::function<void(Scenario &)> &change);
    ValueControl *addControl(QFormLayout *form, const QString &label, const QString &toolTip,
                             ValueControl *control);
    void connectDrag(ValueControl *control);

    QPointer<ScenarioDocument> m_document;
    ValueControl *m_deadline;
    ValueControl *m_users;
    ValueControl *m_predictions;
    ValueControl *m_latency;
    ValueControl *m_acceleratorLatency;
    ValueControl *m_batchMs;
    ValueControl *m_keepFraction;
    ValueControl *m_workers;
    ValueControl *m_parallelFraction;
    ValueControl *m_comparison;
    ValueControl *m_microbatches;
    QComboBox *m_execution;
    QLineEdit *m_name;
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
