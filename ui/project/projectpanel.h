#pragma once

#include "ui/widgets/workspacepanel.h"

#include "core/project/estimate.h"
#include "ui/project/tasktablemodel.h"

#include <QPointer>
#include <QWidget>

#include <array>
#include <optional>

class QCheckBox;
class QComboBox;
class QDateEdit;
class QLineEdit;
class QTabWidget;
class QFormLayout;
class QHBoxLayout;
class QGroupBox;
class QLabel;
class QProgressBar;
class QResizeEvent;
class QPushButton;
class QTableView;
class QTableWidget;
class QVBoxLayout;

namespace pipeplan {

class AccuracyChart;
class BurnUpChart;
class TaskGanttChart;
class TornadoChart;
class EstimateChart;
class ScenarioBindings;
class ScenarioDocument;
class ValueControl;
struct Scenario;

/// The "Project estimates" workspace (seed 003): the three-point task table with PERT per task,
/// the plan aggregated by PERT and by a Monte Carlo run in the background (with and without
/// buffers), the distribution with its cumulative curve, the labeling estimator, a job's ETA from
/// a canary, and estimated against actual. Every input edits the document (undoable).
class ProjectPanel : public WorkspacePanel
{
    Q_OBJECT
public:
    explicit ProjectPanel(QWidget *parent = nullptr);

    QTableView *taskTable() const { return m_tasks; }
    /// The line over the task table: how the tasks follow one another in this plan.
    QLabel *taskTitle() const { return m_taskTitle; }
    /// The task buttons (Add task, Remove, Move up and down, Import CSV).
    QWidget *taskButtons() const { return m_taskButtons; }
    /// With the inputs hidden (presentation mode, View > Show Inputs off) the workspace shows
    /// the answer first: the task table a few rows tall, scrolling inside itself, without its
    /// buttons, and the estimate table its percentiles only, so the distribution stands above
    /// the fold on a laptop.
    bool isCompact() const { return m_compact; }
    static constexpr int kCompactTaskRows = 3;
    static constexpr int kTaskRows = 12;
    TaskTableModel *taskModel() const { return m_taskModel; }
    QTableWidget *resultTable() const { return m_results; }
    QTableWidget *strataTable() const { return m_strata; }
    QTableWidget *actualsTable() const { return m_actuals; }
    EstimateChart *estimateChart() const { return m_chart; }
    AccuracyChart *accuracyChart() const { return m_accuracyChart; }
    QLabel *messageLabel() const { return m_message; }
    QLabel *labelingResult() const { return m_labelingResult; }
    QLabel *etaResult() const { return m_etaResult; }
    /// Import CSV: the tasks of the CSV file at `path` replace the table's, after asking when
    /// the table holds tasks (an undoable edit). False when refused, cancelled or unreadable.
    bool importTasksFrom(const QString &path);
    QLabel *accuracyResult() const { return m_accuracyResult; }
    QPushButton *normalizeButton() const { return m_normalize; }
    QComboBox *distributionPicker() const { return m_distribution; }
    // The calendar, the status and the risk views.
    QCheckBox *startEnabled() const { return m_hasStart; }
    QDateEdit *startDateEdit() const { return m_start; }
    QCheckBox *workingDayBox(int day) const { return m_workDays.at(static_cast<size_t>(day)); }
    QLineEdit *holidaysEdit() const { return m_holidays; }
    QLabel *holidaysError() const { return m_holidaysError; }
    QCheckBox *statusEnabled() const { return m_hasStatus; }
    QDateEdit *statusDateEdit() const { return m_statusDate; }
    QCheckBox *scaleByPaceBox() const { return m_scaleByPace; }
    QLabel *paceLabel() const { return m_pace; }
    QLabel *datesLabel() const { return m_dates; }
    ValueControl *correlationControl() const;
    ValueControl *hoursPerDayControl() const;
    QTabWidget *riskTabs() const { return m_riskTabs; }
    TaskGanttChart *ganttChart() const { return m_gantt; }
    TornadoChart *tornadoChart() const { return m_tornado; }
    BurnUpChart *burnUpChart() const { return m_burnUp; }
    /// In the compact layout in a window less than kTabbedBelowPx tall the distribution is the
    /// risk tabs' last page (kDistributionTab), and the tabs stand where the distribution stood,
    /// beside the percentiles: on a laptop in presentation mode the risk views under it were
    /// below the fold, their tab bar and the risk drivers' legend all that showed. A taller
    /// window (1920x1080) shows both, one above the other.
    static constexpr int kDistributionTab = 3;
    static constexpr int kTabbedBelowPx = 900;
    /// Shows one of the risk tabs (0 Gantt, 1 risk drivers, 2 burn-up) and scrolls the
    /// workspace to it.
    void showRiskView(int tab);
    ValueControl *trialsControl() const;
    ValueControl *labelingBufferControl() const;
    /// The last finished Monte Carlo (with and without buffers), and how many runs started.
    const std::optional<estimate::PlanEstimate> &planEstimate() const;
    int runsStarted() const;
    bool isRunning() const;
    /// The task table's columns (ProjectPanel::PertMean and so on).
    using enum TaskTableModel::Column;

protected:
    void refresh() override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    /// A new font (presentation mode) refits the estimate table to its columns.
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void jobStarted(Job job) override;
    void jobProgress(Job job, double fraction) override;
    void jobFinished(Job job) override;
    void jobCancelled(Job job) override;

private:
    QWidget *buildInputs();
    QGroupBox *buildMonteCarloGroup(QWidget *parent);
    QGroupBox *buildBuffersGroup(QWidget *parent);
    QGroupBox *buildCalendarGroup(QWidget *parent);
    void connectCalendar();
    QWidget *buildRiskViews(QWidget *views);
    void showRisk();
    void progressEdited(int row, int column, const QString &text);
    /// The task rows and the criticality as the document and its result hold them.
    void showTasks();
    void setCompact(bool compact);
    /// The estimate table's rows a compact workspace hides (the PERT line above says them).
    void hideRowsWhenCompact();
    /// The distribution beside the percentiles, or (compact) a page of the risk tabs there.
    void placeDistribution();
    QGroupBox *buildLabelingGroup(QWidget *parent);
    QWidget *buildStrataButtons(QWidget *parent);
    void bindLabelingRates(QFormLayout *labeling, QGroupBox *labelingBox);
    QGroupBox *buildEtaGroup(QWidget *parent);
    QWidget *buildViews();
    void buildTasksGroup(QWidget *views, QVBoxLayout *viewsLayout);
    QWidget *buildTaskButtons(QWidget *views);
    QWidget *buildEstimateView(QWidget *views);
    void buildActualsGroup(QWidget *views, QVBoxLayout *viewsLayout);
    void layOut(QWidget *inputs, QWidget *views);
    void connectEdits();
    void connectMonteCarlo();
    void fillStrata(const Scenario &s);
    void fillActuals(const Scenario &s, const ProjectSection &project);
    void showEstimate();
    void startMonteCarlo();
    /// Applies `change` to a copy of the scenario; refuses it with the first problem shown when
    /// the result is invalid.
    void editProject(const QString &text, const std::function<void(Scenario &)> &change);
    void taskEdited(int row, int column, const QVariant &value);
    void stratumEdited(int row, int column);
    void actualEdited(int row, int column);
    void moveTask(int delta);
    void importCsv();

    TaskTableModel *m_taskModel;
    QTableView *m_tasks;
    QLabel *m_taskTitle = nullptr;
    QWidget *m_inputs = nullptr;
    QWidget *m_taskButtons = nullptr;
    bool m_compact = false;
    bool m_tasksScroll = false; ///< the task table's horizontal scroll bar is shown
    QTableWidget *m_results;
    QTableWidget *m_strata;
    QTableWidget *m_actuals;
    EstimateChart *m_chart;
    AccuracyChart *m_accuracyChart;
    QComboBox *m_distribution;
    QCheckBox *m_hasStart;
    QDateEdit *m_start;
    std::array<QCheckBox *, 7> m_workDays{};
    QLineEdit *m_holidays;
    QLabel *m_holidaysError;
    QCheckBox *m_hasStatus;
    QDateEdit *m_statusDate;
    QCheckBox *m_scaleByPace;
    QLabel *m_pace;
    QLabel *m_dates;
    QTabWidget *m_riskTabs;
    QHBoxLayout *m_aggregateLayout = nullptr; ///< the percentiles and the distribution
    QVBoxLayout *m_riskLayout = nullptr;      ///< the dates line and the risk tabs
    int m_riskTabBeforeCompact = 1;
    TaskGanttChart *m_gantt;
    TornadoChart *m_tornado;
    BurnUpChart *m_burnUp;
    ValueControl *m_hoursPerDay = nullptr;
    QLabel *m_message;
    QLabel *m_pert;
    QLabel *m_labelingResult;
    QLabel *m_etaResult;
    QLabel *m_accuracyResult;
    QLabel *m_status;
    QPushButton *m_normalize;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QTimer *m_showProgress;
    /// Strata the person typed that do not sum to 1, kept for Normalize.
    std::optional<estimate::LabelingInputs> m_unnormalized;
    bool m_filling = false;
};

} // namespace pipeplan
