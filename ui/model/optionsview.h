#pragma once

#include "core/plan/options.h"

#include <QPointer>
#include <QWidget>

#include <optional>

class QAction;
class QCPGraph;
class QCustomPlot;
class QLabel;
class QPushButton;
class QTableWidget;

namespace pipeplan {

class ScenarioDocument;

/// Options side by side: the plan and each of its named options (the file's
/// `options`, `pipeplan-cli options`) with runtime, P50 · P90 over the ranges, throughput,
/// worker-hours, cost, the deadline, memory and the nearest lever, as core compared them
/// (options::rows); a chart of runtime against cost with the efficient ones filled; and per
/// option a Switch button that makes the plan that option in one undo step.
class OptionsView : public QWidget
{
    Q_OBJECT
public:
    explicit OptionsView(QWidget *parent = nullptr);
    void setDocument(ScenarioDocument *document);

    QTableWidget *table() const { return m_table; }
    QCustomPlot *chart() const { return m_chart; }
    QString summaryText() const;
    /// Makes the plan option `option` (an index into its options): one undo step.
    bool switchTo(int option);

    /// Sets option `index` (the plan's option count: a new one, added last) to `option` in one
    /// undo step; false, with nothing changed, when the options would not be valid.
    bool setOption(int index, const PlanOption &option);
    /// Removes option `index` in one undo step.
    bool removeOption(int index);
    /// The option dialog for option `index` (-1: a new one); true when it changed the plan.
    bool editOption(int index);
    /// The plan "Keep as option" compares the plan with: the pinned baseline, else the plan as
    /// it was last opened or saved.
    Scenario keepBase() const;
    /// Why "Keep as option" cannot run now (the plan is its base, the options are full); empty
    /// when it can.
    QString keepProblem() const;
    /// "Option 3": the first such name no option of the plan has.
    QString newOptionName() const;
    /// Keeps the plan's differences from keepBase() (options::differences) as a new option
    /// `name` of the base, and returns the plan to the base: one undo step. False, with why in
    /// `error`, when the name is refused, nothing differs, the options are full or a difference
    /// cannot be an override (a stage added).
    bool keepAsOption(const QString &name, QString *error = nullptr);
    /// Asks for the name (OptionNameDialog), then keepAsOption(); true when it changed the plan.
    bool askKeepAsOption();

    /// The option of the selected row (-1: none, or the plan's own row).
    int selectedOption() const;

    /// Presentation mode's stepping: shows the next (+1) or the previous (-1) option
    /// of the plan the stepping started from, then the plan again, each one undo step. Any
    /// other edit ends the stepping. False when the plan has no options.
    bool step(int delta);
    /// "Option 2 of 4: pruned + GPU" while stepping shows an option, else empty.
    QString stepText() const;

    QPushButton *addButton() const { return m_add; }
    QPushButton *editButton() const { return m_edit; }
    QPushButton *removeButton() const { return m_remove; }
    QPushButton *keepButton() const { return m_keep; }
    /// The same as the button, for the window's menu: enabled and explained as the button is.
    QAction *keepAction() const { return m_keepAction; }

    static constexpr int kSwitchColumn = 1;

signals:
    /// The stepping's text changed (stepText()).
    void stepChanged(const QString &text);

private:
    void refresh();
    void updateButtons();

    QPointer<ScenarioDocument> m_document;
    QLabel *m_summary;
    QTableWidget *m_table;
    QCustomPlot *m_chart;
    QCPGraph *m_all;
    QCPGraph *m_efficient;
    QPushButton *m_add;
    QPushButton *m_edit;
    QPushButton *m_remove;
    QPushButton *m_keep;
    QAction *m_keepAction;
    std::vector<options::Row> m_rows;
    /// The plan the stepping started from, what it shows (-1: the plan) and the scenario it
    /// last set (another edit ends the stepping).
    std::optional<Scenario> m_stepBase;
    int m_stepShown = -1;
    Scenario m_stepScenario;
    QString m_stepText;
};

} // namespace pipeplan
