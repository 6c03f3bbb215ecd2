#pragma once

#include "ui/widgets/workspacepanel.h"

#include "core/project/estimate.h"

#include <QPointer>
#include <QWidget>

#include <optional>

class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QVBoxLayout;

namespace pipeplan {

class AccuracyChart;
class EstimateChart;
class MonteCarloRunner;
class ScenarioBindings;
class ScenarioDocument;
class ValueControl;
struct Scenario;
enum class EditId;

/// The "Project estimates" workspace (seed 003): the three-point task table with PERT per task,
/// the plan aggregated by PERT and by a Monte Carlo run in the background (with and without
/// buffers), the distribution with its cumulative curve, the labeling estimator, a job's ETA from
/// a canary, and estimated against actual. Every input edits the document (undoable).
class ProjectPanel : public WorkspacePanel
{
    Q_OBJECT
public:
    explicit ProjectPanel(QWidget *parent = nullptr);

    QTableWidget *taskTable() const { return m_tasks; }
    QTableWidget *resultTable() const { return m_results; }
    QTableWidget *strataTable() const { return m_strata; }
    QTableWidget *actualsTable() const { return m_actuals; }
    EstimateChart *estimateChart() const { return m_chart; }
    AccuracyChart *accuracyChart() const { return m_accuracyChart; }
    QLabel *messageLabel() const { return m_message; }
    QLabel *labelingResult() const { return m_labelingResult; }
    QLabel *etaResult() const { return m_etaResult; }
    QLabel *accuracyResult() const { return m_accuracyResult; }
    QPushButton *normalizeButton() const { return m_normalize; }
    QComboBox *distributionPicker() const { return m_distribution; }
    ValueControl *trialsControl() const;
    ValueControl *labelingBufferControl() const;
    /// The last finished Monte Carlo (with and without buffers), and how many runs started.
    const std::optional<estimate::PlanEstimate> &planEstimate() const;
    int runsStarted() const;
    bool isRunning() const;
    /// The task table's columns.
    enum Column
    {
        Name,
        Category,
        Unit,
        Optimistic,
        MostLikely,
        Pessimistic,
        DependsOn,
        PertMean,
        PertSigma,
        ColumnCount
    };

protected:
    void refresh() override;
    void documentAttached(ScenarioDocument *document) override;

private:
    QWidget *buildInputs();
    QGroupBox *buildMonteCarloGroup(QWidget *parent);
    QGroupBox *buildBuffersGroup(QWidget *parent);
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
    void fillTasks(const Scenario &s, const ProjectSection &project);
    void fillStrata(const Scenario &s);
    void fillActuals(const Scenario &s, const ProjectSection &project);
    void showEstimate();
    void startMonteCarlo();
    /// Applies `change` to a copy of the scenario; refuses it with the first problem shown when
    /// the result is invalid.
    void editProject(const QString &text, EditId id, const std::function<void(Scenario &)> &change);
    void taskEdited(int row, int column);
    void stratumEdited(int row, int column);
    void actualEdited(int row, int column);
    void moveTask(int delta);
    void importCsv();

    QTableWidget *m_tasks;
    QTableWidget *m_results;
    QTableWidget *m_strata;
    QTableWidget *m_actuals;
    EstimateChart *m_chart;
    AccuracyChart *m_accuracyChart;
    QComboBox *m_distribution;
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
    /// The document's Monte Carlo job (PlanJobs), which holds the one cache of its estimate.
    QPointer<MonteCarloRunner> m_monteCarlo;
    /// Strata the person typed that do not sum to 1, kept for Normalize.
    std::optional<estimate::LabelingInputs> m_unnormalized;
    bool m_filling = false;
};

} // namespace pipeplan
