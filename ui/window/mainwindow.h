#pragma once

#include "core/plan/reportplan.h"
#include "core/plan/scenariofile.h"
#include "ui/report/report.h"

#include <QMainWindow>
#include <QPageSize>

#include "core/base/fileio.h"
#include "ui/widgets/appearance.h"

#include <QTimer>
#include <vector>

#include <memory>

class QLabel;
class QMenu;
class QShortcut;
class QToolBar;
class QToolButton;
class QSplitter;
class QTabWidget;
class QActionGroup;

namespace pipeplan {

namespace report {
struct Options;
}
class AmdahlChart;
class GanttChart;
class HeadlineWidget;
class InputsPanel;
class RecoveryStore;
class ScalingView;
class WhatItTakesView;
class OptionsView;
class PlaneView;
class ScenarioDocument;
class StageChart;
class TailPanel;
class TrainingPanel;
class ProjectPanel;
class HardwarePanel;
class MeasuredPanel;
class ReportDialog;
class WaterfallChart;

/// One window, one scenario document: inputs on the left, the answer and every view on the right.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    struct Options
    {
        /// Restore the last layout from QSettings and keep the recent-files list there (off in
        /// tests and screenshots).
        bool useSettings = true;
        /// Write unsaved work to a recovery file a few seconds after each change.
        bool autosave = true;
        /// Ask before discarding unsaved changes (tests answer for the person instead).
        bool interactive = true;
        int autosaveDelayMs = 3000;
        QString recoveryDirectory; ///< empty: the default location
        /// Presentation mode fills the screen (off for --screenshot: the window keeps the size
        /// asked for, as a full screen takes the platform's, 800x800 on the offscreen one).
        bool presentationFillsScreen = true;

        /// No settings, no autosave, no dialogs: tests, benchmarks, screenshots and reports.
        static Options headless()
        {
            Options options;
            options.useSettings = false;
            options.autosave = false;
            options.interactive = false;
            return options;
        }
    };

    explicit MainWindow(const Options &options, QWidget *parent = nullptr);
    explicit MainWindow(QWidget *parent = nullptr) : MainWindow(Options{}, parent) {}
    ~MainWindow() override;

    ScenarioDocument *document() const { return m_document; }
    InputsPanel *inputs() const { return m_inputs; }
    HeadlineWidget *headline() const { return m_headline; }
    ScalingView *scaling() const { return m_scaling; }
    WhatItTakesView *whatItTakes() const { return m_takes; }
    OptionsView *optionsView() const { return m_optionsView; }
    PlaneView *planeView() const { return m_plane; }
    /// The tabs over the scaling table: "Scaling table" and "What it would take".
    QTabWidget *answers() const { return m_answers; }
    AmdahlChart *amdahlChart() const { return m_amdahl; }
    GanttChart *ganttChart() const { return m_gantt; }
    StageChart *stageChart() const { return m_stages; }
    WaterfallChart *waterfallChart() const { return m_waterfall; }
    TailPanel *tailPanel() const { return m_tail; }
    TrainingPanel *trainingPanel() const { return m_training; }
    ProjectPanel *projectPanel() const { return m_project; }
    MeasuredPanel *measuredPanel() const { return m_measured; }
    HardwarePanel *hardwarePanel() const { return m_hardware; }
    /// Import trace…: the trace dialog on `path` (tests call it with a path; the button asks).
    void importTrace(const QString &path);
    /// The workspaces: 0 the model's views, 1 overheads and the simulated tail, 2 training
    /// pipeline schedules, 3 project estimates.
    QTabWidget *workspaces() const { return m_workspaces; }
    /// Where Save As and Export report suggest writing (`suffix` ".pipeplan.json", ".pdf", ...):
    /// beside the saved scenario under its name, else in Documents under the plan's name.
    QString suggestedPath(const QString &suffix) const;
    RecoveryStore *recovery() const { return m_recovery.get(); }

    /// Replots every QCustomPlot chart now and repaints it at once (queued replots are otherwise
    /// merged into the next frame).
    void replotAll();

    /// Opens a scenario file into this window. On any problem the document stays exactly as it
    /// was and the message names the file, the field and what is wrong (also returned).
    bool openFile(const QString &path, QString *errorMessage = nullptr);
    /// Saves atomically (QSaveFile): a failed save leaves the old file intact and the document
    /// modified.
    bool saveFile(const QString &path, QString *errorMessage = nullptr);
    /// Applies "key=value" (the scenario file's key paths, as `pipeplan-cli eval --set`) as one
    /// undoable edit. On a problem nothing changes and `errorMessage` says what is wrong.
    bool applySetting(const QString &assignment, QString *errorMessage = nullptr);
    /// Writes the report of the open plan (with the last simulation, if any), atomically, in the
    /// format its suffix names (report::formatForPath: .pdf, .html, .md, .csv, .tsv), with the
    /// plan's sections (report::sectionsFor).
    bool exportReport(const QString &path, QString *errorMessage = nullptr);
    /// File > Export Report's dialog for the plan as it is now (tests drive it without exec()).
    std::unique_ptr<ReportDialog> makeReportDialog();
    /// The dialog's choice: saves its sections in the plan (one undoable edit, "Choose report
    /// sections") when they differ from what the report would print anyway, so the choice lands
    /// in the scenario file and `pipeplan-cli report` prints the same.
    void keepReportSections(const std::vector<ReportSection> &sections);
    /// Puts the report in `format` (not PDF) on the clipboard: HTML as rich text with the
    /// Markdown as its plain text, the others as plain text.
    void copyReport(report::Format format);
    /// The report's page size: the locale's (A4, or Letter in the US...) until chosen.
    QPageSize::PageSizeId reportPageSize() const { return m_pageSize; }
    void setReportPageSize(QPageSize::PageSizeId size) { m_pageSize = size; }
    /// Theme and presentation mode (larger fonts, thicker lines, high contrast, full screen,
    /// inputs hidden). Applies to the whole application.
    void setLook(const appearance::Look &look);
    const appearance::Look &look() const { return m_look; }
    /// Shows or hides the inputs panel so the charts fill the window.
    void setInputsVisible(bool visible);
    /// View > Show Inputs: the inputs of every workspace shown (off in presentation mode).
    bool inputsVisible() const;
    /// "Set a deadline…" from a workspace that needs one: the Model tab with its
    /// inputs shown, and Goal's deadline turned on and focused, the one place it is set.
    void showGoalDeadline();
    /// The small "Leave presentation" button in the status bar's corner (presentation mode).
    QToolButton *leavePresentationButton() const { return m_leavePresentation; }
    QAction *presentationAction() const { return m_presentationAction; }
    QAction *nextOptionAction() const { return m_nextOption; }
    QAction *previousOptionAction() const { return m_previousOption; }
    /// "Showing Option 2 of 4: pruned + GPU" while stepping through the options.
    QLabel *optionBanner() const { return m_optionBanner; }
    /// Writes the recovery file now (the autosave timer does this a few seconds after a change).
    void writeRecoveryNow();

    /// Offers the work of windows that died (crash, kill) back, one window each. Returns the
    /// windows opened.
    static QList<MainWindow *> offerRecovery(QWidget *parent, const Options &options);

    /// Reads and validates a scenario file without touching any window.
    static scenariofile::LoadResult readPlanFile(const QString &path);

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// The status line's first hint: how to change the plan, or how to bring the inputs back.
    QString inputsHint() const;
    void createActions();
    void installExports();
    void applyLook();
    /// Fits the columns of the tables in `page` to their contents in the current font.
    static void fitTableColumns(QWidget *page);
    /// Gives the pipeline Gantt the height its stages ask for (GanttChart::preferredHeight).
    void fitGanttHeight();
    /// The Gantt beside the stage times for a pipeline, the levers there for one stage.
    void arrangeModelViews();
    bool showsPipeline() const;
    void fitScalingWidth();
    /// The table refit and the first Gantt fit, after the window has been laid out.
    void runDeferred();
    void print();
    report::Options reportOptions() const;
    void exportReportInteractively();
    void restoreLayout();
    void saveLayout() const;
    void updateTitle();
    void updateRecentMenu();
    void addRecentFile(const QString &path);
    /// Asks to save unsaved changes; false when the person cancels.
    bool maybeSave();
    bool save();
    bool saveAs();
    void open();
    void showError(const QString &title, const QString &message);
    /// Saving over a file another window or program wrote since: asks (refuses when headless).
    bool confirmOverwriteChanged(const QString &path);
    /// Offers to reload the file when it changed on disk (once per version of the file).
    void checkFileOnDisk();

    Options m_options;
    ScenarioDocument *m_document;
    InputsPanel *m_inputs;
    HeadlineWidget *m_headline;
    ScalingView *m_scaling;
    WhatItTakesView *m_takes;
    OptionsView *m_optionsView;
    PlaneView *m_plane;
    QTabWidget *m_answers;
    bool m_deadlineWasSet = false; ///< to bring "What it would take" forward when one is set
    AmdahlChart *m_amdahl;
    GanttChart *m_gantt;
    StageChart *m_stages;
    WaterfallChart *m_waterfall;
    TailPanel *m_tail;
    TrainingPanel *m_training;
    ProjectPanel *m_project;
    MeasuredPanel *m_measured;
    HardwarePanel *m_hardware;
    QTabWidget *m_workspaces;
    QPageSize::PageSizeId m_pageSize;
    appearance::Look m_look;
    QWidget *m_inputsScroll = nullptr;
    QAction *m_presentationAction = nullptr;
    QAction *m_nextOption = nullptr;
    QAction *m_previousOption = nullptr;
    QLabel *m_optionBanner = nullptr;
    QAction *m_inputsAction = nullptr;
    QToolBar *m_toolbar = nullptr;
    bool m_tablesToRefit = false; ///< the font changed: a workspace's tables refit when shown
    bool m_fitGantt = false;      ///< the Gantt's height is fitted once the window is laid out
    bool m_fitScaling = false;    ///< the table and Amdahl's row was resized (a guide docked)
    /// Work done once the event loop has shown and laid out what changed (runDeferred).
    QTimer m_deferred;
    QToolButton *m_leavePresentation = nullptr;
    QShortcut *m_leaveShortcut = nullptr;
    std::vector<QAction *> m_themeActions;
    QActionGroup *m_pageGroup = nullptr;
    QSplitter *m_mainSplitter;
    QSplitter *m_viewsSplitter;
    QSplitter *m_topSplitter;
    QWidget *m_ganttBox;
    QWidget *m_leversBox;
    QWidget *m_stagesBox;
    QSplitter *m_sideSplitter;
    QMenu *m_recentMenu = nullptr;
    std::unique_ptr<RecoveryStore> m_recovery;
    QTimer m_autosaveTimer;
    fileio::DiskStamp m_askedAboutStamp;
    QTimer m_diskCheck; ///< checks the file on disk once the window is active again
};

} // namespace pipeplan
