#pragma once

#include "core/base/noun.h"

#include "ui/widgets/workspacepanel.h"

#include <QPointer>
#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QSplitter;
class QTableWidget;
class QTabWidget;

namespace pipeplan {

class SensitivityView;

class HistogramChart;
class OverheadChart;
class ScenarioBindings;
class ScenarioDocument;
class ValueControl;
struct Scenario;

/// The "Overheads & tail" workspace: the costs the naive model ignores (cold start, request
/// overhead, shared caps), the memory cap on batching, the simulated job with stragglers and
/// failures, and the goal seek (for the deadline set under Model > Goal), with its own inputs (the
/// Model tab's inputs panel hides here). Inputs edit the document (undoable); the simulation runs
/// in the background and is only re-run when its inputs change.
class TailPanel : public WorkspacePanel
{
    Q_OBJECT
public:
    explicit TailPanel(QWidget *parent = nullptr);

    /// The first row of "Where the time goes": the headline's runtime, named by what it is
    /// (Amdahl's law alone, or with the overheads when any is set), so it is not mistaken for
    /// the simulation's closed form (whole shards, no stragglers or failures) shown beside it.
    static QString breakdownStartLabel(bool overheadsSet);

    OverheadChart *overheadChart() const { return m_overheadChart; }
    HistogramChart *histogram() const { return m_histogram; }
    /// A simulation is waiting for the edits to settle or running (the document's job).
    bool isSimulationPending() const;
    QTableWidget *goalTable() const { return m_goalTable; }
    SensitivityView *sensitivityView() const { return m_sensitivity; }
    /// The goal seek's table and the sensitivity view, one tab each.
    QTabWidget *answerTabs() const { return m_answers; }
    /// Beside the goal table's tab: the deadline it plans for and where it is set, or that none
    /// is; and "Set a deadline…", shown while there is none.
    QLabel *goalDeadlineLabel() const { return m_goalDeadline; }
    QPushButton *setDeadlineButton() const { return m_setDeadline; }
    /// In the goal table while it has no rows: one line saying what fills it.
    QLabel *goalEmptyLabel() const { return m_goalEmpty; }
    /// The price's currency (an editable list of ISO codes) and its refusal, hidden when none.
    QComboBox *currencyBox() const { return m_currency; }
    QLabel *currencyProblem() const { return m_currencyProblem; }
    QLabel *kneeLabel() const { return m_knee; }
    QLabel *memoryLabel() const { return m_memory; }
    QLabel *simulationSummary() const { return m_summary; }
    QLabel *simulationStatus() const { return m_status; }
    /// Where the time goes from the headline to the simulated P50 and P90 (object name
    /// "tailBreakdown").
    QLabel *breakdownLabel() const { return m_breakdown; }
    ValueControl *workersControl() const;
    ValueControl *coldStartControl() const;
    ValueControl *sharedCapControl() const;
    ValueControl *stragglerControl() const;

signals:
    /// The person asked to set the plan's deadline: the window shows Model > Goal's.
    void deadlineRequested();

protected:
    void refresh() override;
    void documentAttached(ScenarioDocument *document) override;
    void jobStarted(Job job) override;
    void jobProgress(Job job, double fraction) override;
    void jobFinished(Job job) override;
    void jobCancelled(Job job) override;

private:
    QScrollArea *buildInputs();
    QGroupBox *buildScaleOutGroup(QWidget *parent);
    QGroupBox *buildOverheadsGroup(QWidget *parent);
    QGroupBox *buildMemoryGroup(QWidget *parent);
    QGroupBox *buildSimulationGroup(QWidget *parent);
    QGroupBox *buildGoalGroup(QWidget *parent);
    QWidget *buildOverheadView();
    QWidget *buildSimulationView();
    QWidget *buildGoalCorner();
    void buildGoalTable();
    void fitGoalTableHeight();
    void showGoalDeadline(const GoalSettings &goal);
    /// The goal table's line for no rows, or the table's own header and rows.
    void showGoalEmpty();
    QSplitter *buildViews(QWidget *overheadView, QWidget *simulationView);
    void layOut(QScrollArea *inputs, QSplitter *views);
    void connectInputs();
    void connectSimulation();
    void showResults();
    void showBreakdown();
    void startSimulation();

    QLineEdit *m_sharedName;
    QComboBox *m_currency;
    QLabel *m_currencyProblem;
    QCheckBox *m_backups;
    OverheadChart *m_overheadChart;
    HistogramChart *m_histogram;
    QLabel *m_knee;
    QLabel *m_share;
    QLabel *m_memory;
    QLabel *m_summary;
    QLabel *m_breakdown;
    QLabel *m_status;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QTableWidget *m_goalTable;
    QLabel *m_goalDeadline = nullptr;
    QLabel *m_goalEmpty = nullptr;
    QPushButton *m_setDeadline = nullptr;
    SensitivityView *m_sensitivity;
    QTabWidget *m_answers;
    QTimer *m_debounce;
    QTimer *m_showProgress;
    /// Names the shared cap's unit and the shard size in the plan's counted noun.
    void applyNoun(const CountedNoun &noun);
    CountedNoun m_noun;
};

} // namespace pipeplan
