#include "ui/window/mainwindow.h"

#include "core/base/fileio.h"
#include "core/model/fieldregistry.h"
#include "core/plan/explain.h"
#include "ui/document/montecarlorunner.h"
#include "ui/document/presets.h"
#include "ui/document/recoverystore.h"
#include "ui/document/scenariodocument.h"
#include "ui/document/simulationrunner.h"
#include "ui/hardware/hardwarepanel.h"
#include "ui/measured/measuredpanel.h"
#include "ui/measured/tracedialog.h"
#include "ui/measured/trackrecordbox.h"
#include "ui/model/amdahlchart.h"
#include "ui/model/ganttchart.h"
#include "ui/model/headlinewidget.h"
#include "ui/model/inputspanel.h"
#include "ui/model/optionsview.h"
#include "ui/model/overheadchart.h"
#include "ui/model/planeview.h"
#include "ui/model/scalingview.h"
#include "ui/model/stagechart.h"
#include "ui/model/waterfallchart.h"
#include "ui/model/whatittakesview.h"
#include "ui/project/estimatecharts.h"
#include "ui/project/projectpanel.h"
#include "ui/report/report.h"
#include "ui/report/reportdialog.h"
#include "ui/tail/histogramchart.h"
#include "ui/tail/tailpanel.h"
#include "ui/training/schedulechart.h"
#include "ui/training/trainingpanel.h"
#include "ui/watch/watchdialog.h"
#include "ui/watch/watchview.h"
#include "ui/widgets/accessibility.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/chartexport.h"
#include "ui/widgets/valuecontrol.h"
#include "ui/window/help.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPrintDialog>
#include <QPrinter>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QShortcut>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace pipeplan {

namespace {
QWidget *titled(const QString &title, QWidget *content, QWidget *parent)
{
    auto *box = new QGroupBox(title, parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(content);
    return box;
}

const QString kRecentKey = QStringLiteral("recentFiles");
constexpr int kMaxRecent = 8;
const QString kFileFilter =
    QStringLiteral("PipePlan scenarios (*.pipeplan.json *.json);;All files (*)");
} // namespace

namespace {
/// The platform's palette and font, captured before PipePlan changes either.
const QPalette &systemPalette()
{
    static const QPalette palette = QApplication::palette();
    return palette;
}
const QFont &systemFont()
{
    static const QFont font = QApplication::font();
    return font;
}
} // namespace

MainWindow::MainWindow(const Options &options, QWidget *parent)
    : QMainWindow(parent), m_options(options), m_document(new ScenarioDocument(this))
{
    m_deferred.setSingleShot(true);
    m_deferred.setInterval(0);
    connect(&m_deferred, &QTimer::timeout, this, &MainWindow::runDeferred);
    m_inputs = new InputsPanel(this);
    m_headline = new HeadlineWidget(this);
    m_scaling = new ScalingView(this);
    m_takes = new WhatItTakesView(this);
    m_optionsView = new OptionsView(this);
    m_plane = new PlaneView(this);
    m_amdahl = new AmdahlChart(this);
    m_gantt = new GanttChart(this);
    m_stages = new StageChart(this);
    m_waterfall = new WaterfallChart(this);
    m_tail = new TailPanel(this);
    m_training = new TrainingPanel(this);
    m_project = new ProjectPanel(this);
    m_measured = new MeasuredPanel(this);
    m_measured->trackRecord()->setUseSettings(m_options.useSettings);
    m_hardware = new HardwarePanel(this);

    auto *inputsScroll = new QScrollArea(this);
    inputsScroll->setWidget(m_inputs);
    inputsScroll->setWidgetResizable(true);
    inputsScroll->setMinimumWidth(m_inputs->minimumSizeHint().width() + 24);
    inputsScroll->setFrameShape(QFrame::NoFrame);

    m_topSplitter = new QSplitter(Qt::Horizontal, this);
    // The scaling table and, beside it in a tab, what each lever alone would take to meet the
    // deadline.
    m_answers = new QTabWidget(this);
    m_answers->setDocumentMode(true);
    m_answers->addTab(m_scaling, tr("Scaling table"));
    m_answers->addTab(m_takes, tr("What it would take"));
    m_answers->addTab(m_plane, tr("Two levers"));
    m_answers->addTab(m_optionsView, tr("Options"));
    m_answers->setTabToolTip(0, tr("Runtime at each worker count"));
    m_answers->setTabToolTip(1, tr("With a deadline: the value each lever alone would need to "
                                   "meet it, with Apply"));
    m_answers->setTabToolTip(2, tr("With a deadline: which combinations of two levers meet it, "
                                   "the cheapest and the smallest move"));
    m_answers->setTabToolTip(3, tr("The plan's named options side by side: runtime, cost, the "
                                   "deadline, memory; Switch makes the plan one of them"));
    m_topSplitter->addWidget(m_answers);
    m_topSplitter->addWidget(titled(tr("Amdahl's law"), m_amdahl, this));
    m_topSplitter->setStretchFactor(0, 1);
    m_topSplitter->setStretchFactor(1, 1);
    // Under them, the picture that answers the plan's question: for a job of one
    // stage the story (levers) beside the stage time; for a pipeline its Gantt beside the stage
    // times, as tall as its stages need, and the levers a tab beside the scaling table
    // (arrangeModelViews).
    m_sideSplitter = new QSplitter(Qt::Horizontal, this);
    m_leversBox = titled(tr("Levers: runtime after each"), m_waterfall, this);
    m_sideSplitter->addWidget(m_leversBox);
    m_stagesBox = titled(tr("Stage times"), m_stages, this);
    m_sideSplitter->addWidget(m_stagesBox);
    m_sideSplitter->setStretchFactor(0, 3);
    m_sideSplitter->setStretchFactor(1, 2);
    m_ganttBox = titled(tr("Pipeline Gantt"), m_gantt, this);
    m_ganttBox->setVisible(false);
    m_viewsSplitter = new QSplitter(Qt::Vertical, this);
    m_viewsSplitter->addWidget(m_topSplitter);
    m_viewsSplitter->addWidget(m_sideSplitter);
    m_viewsSplitter->setStretchFactor(0, 1);
    m_viewsSplitter->setStretchFactor(1, 1);
    connect(m_gantt, &GanttChart::preferredHeightChanged, this, &MainWindow::fitGanttHeight);

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_headline);
    // While stepping through options: which one the window shows, under the headline where a
    // meeting reads it.
    m_optionBanner = new QLabel(this);
    m_optionBanner->setAccessibleName(tr("Option shown"));
    m_optionBanner->setStyleSheet(
        QStringLiteral("QLabel { background: #1f5fbf; color: white; padding: 4px 8px; }"));
    QFont bannerFont = m_optionBanner->font();
    bannerFont.setBold(true);
    m_optionBanner->setFont(bannerFont);
    // A font of its own follows presentation mode's size by this scale (applyLook).
    m_optionBanner->setProperty("pp_fontScale", 1.1);
    m_optionBanner->setVisible(false);
    rightLayout->addWidget(m_optionBanner);
    m_workspaces = new QTabWidget(this);
    m_workspaces->setDocumentMode(true);
    // Every workspace scrolls inside the window rather than push it past a laptop's screen
    // (its charts' minimum sizes grow with presentation mode's fonts).
    auto *modelScroll = new QScrollArea(this);
    modelScroll->setWidget(m_viewsSplitter);
    modelScroll->setWidgetResizable(true);
    modelScroll->setFrameShape(QFrame::NoFrame);
    // The model's inputs live on its page, beside its views, like every other workspace's: the
    // headline and the tab bar start at the window's left edge on every tab (they jumped from
    // x = 490 on Model to 0 elsewhere).
    m_mainSplitter = new QSplitter(Qt::Horizontal, this);
    m_mainSplitter->addWidget(inputsScroll);
    m_mainSplitter->addWidget(modelScroll);
    m_mainSplitter->setStretchFactor(1, 1);
    m_mainSplitter->setChildrenCollapsible(false);
    m_workspaces->addTab(m_mainSplitter, tr("&Model"));
    m_workspaces->setTabToolTip(0, tr("Scaling, Amdahl, pipeline and levers (Ctrl+1)"));
    // In a scroll area: a hidden tab's minimum size would otherwise widen the whole window.
    auto *tailScroll = new QScrollArea(this);
    tailScroll->setWidget(m_tail);
    tailScroll->setWidgetResizable(true);
    tailScroll->setFrameShape(QFrame::NoFrame);
    m_workspaces->addTab(tailScroll, tr("&Overheads && tail"));
    m_workspaces->setTabToolTip(
        1, tr("Cold starts, shared caps, stragglers and failures, simulated; fewest workers for a "
              "deadline (Ctrl+2)"));
    auto *trainingScroll = new QScrollArea(this);
    trainingScroll->setWidget(m_training);
    trainingScroll->setWidgetResizable(true);
    trainingScroll->setFrameShape(QFrame::NoFrame);
    m_workspaces->addTab(trainingScroll, tr("&Training schedules"));
    m_workspaces->setTabToolTip(
        2, tr("GPipe, 1F1B, interleaved and zero-bubble pipeline schedules with their bubbles "
              "and activation memory (Ctrl+3)"));
    auto *projectScroll = new QScrollArea(this);
    projectScroll->setWidget(m_project);
    projectScroll->setWidgetResizable(true);
    projectScroll->setFrameShape(QFrame::NoFrame);
    m_workspaces->addTab(projectScroll, tr("&Project estimates"));
    m_workspaces->setTabToolTip(
        3, tr("Three-point tasks, PERT and Monte Carlo P50/P90 with buffers, labeling effort, "
              "job ETA, estimated vs actual (Ctrl+4)"));
    auto *measuredScroll = new QScrollArea(this);
    measuredScroll->setWidget(m_measured);
    measuredScroll->setWidgetResizable(true);
    measuredScroll->setFrameShape(QFrame::NoFrame);
    m_workspaces->addTab(measuredScroll, tr("M&easured"));
    m_workspaces->setTabToolTip(
        4, tr("Runs you made: Amdahl and the USL fitted to them, and stage times from a profiler "
              "trace (Ctrl+5)"));
    auto *hardwareScroll = new QScrollArea(this);
    hardwareScroll->setWidget(m_hardware);
    hardwareScroll->setWidgetResizable(true);
    hardwareScroll->setFrameShape(QFrame::NoFrame);
    m_workspaces->addTab(hardwareScroll, tr("&Hardware && cost"));
    m_workspaces->setTabToolTip(
        5, tr("The device and the model the latency comes from, the roofline per part, and the "
              "cheapest device that meets the deadline (Ctrl+6)"));
    rightLayout->addWidget(m_workspaces, 1);
    m_inputsScroll = inputsScroll;
    connect(m_workspaces, &QTabWidget::currentChanged, this, [this](int index) {
        // After the page is shown: a hidden table does not measure its columns.
        if (m_tablesToRefit)
            m_deferred.start();
        // The headline answers the question of the workspace in front.
        m_headline->setWorkspace(index == 2   ? HeadlineWidget::Workspace::Training
                                 : index == 3 ? HeadlineWidget::Workspace::Project
                                              : HeadlineWidget::Workspace::Job);
    });

    setCentralWidget(right);
    // The wheel scrolls the workspaces' panels: only a focused combo box takes it (value fields
    // see to their own).
    for (QWidget *panel : {static_cast<QWidget *>(m_tail), static_cast<QWidget *>(m_training),
                           static_cast<QWidget *>(m_project), static_cast<QWidget *>(m_measured),
                           static_cast<QWidget *>(m_hardware)}) {
        for (QComboBox *combo : panel->findChildren<QComboBox *>())
            wheelOnlyWhenFocused(combo);
    }

    m_pageSize = report::defaultPageSize(QLocale::system());
    if (m_options.useSettings) {
        const int theme = QSettings().value(QStringLiteral("theme"), 0).toInt();
        if (theme >= 0 && theme <= 2)
            m_look.theme = static_cast<appearance::Theme>(theme);
    }
    createActions();
    installExports();
    // First start: most of the screen, so every chart has room for its labels.
    if (const QScreen *screen = QGuiApplication::primaryScreen()) {
        // A laptop screen (1366 wide) is used whole: at 90 % the Gantt's legend and the
        // headline's captions no longer fit.
        const QSize available = screen->availableGeometry().size();
        resize(available.width() < 1500 ? available.width()
                                        : std::min(1600, available.width() * 9 / 10),
               std::min(1000, available.height() * 9 / 10));
    }
    if (m_options.useSettings)
        restoreLayout();

    systemPalette(); // captured before any theme is applied
    systemFont();
    // Every chart's ticks fit its axes in any look, the system's too.
    for (QCustomPlot *plot : findChildren<QCustomPlot *>())
        appearance::fitTicksOnReplot(plot);
    appearance::installContrastStyle();
    if (m_look.theme != appearance::Theme::System)
        applyLook();
    m_inputs->setDocument(m_document);
    m_headline->setDocument(m_document);
    m_scaling->setDocument(m_document);
    m_takes->setDocument(m_document);
    m_optionsView->setDocument(m_document);
    m_plane->setDocument(m_document);
    // Setting a deadline asks "what would make it finish?": its table comes forward then, once.
    connect(m_document, &ScenarioDocument::changed, this, [this](Sections sections) {
        const bool set = m_document->scenario().goal.deadlineSeconds.has_value() ||
                         m_document->scenario().goal.budget.has_value();
        // A person's edit, not a plan opened (a load recomputes every section and keeps the
        // scaling table in front, with its own row in view).
        const bool opened = sections == Sections(Section::All);
        if (set && !m_deadlineWasSet && !opened && !m_document->planResult().whatItTakes.meetsNow)
            m_answers->setCurrentWidget(m_takes);
        m_deadlineWasSet = set;
    });
    connect(m_scaling, &ScalingView::contentWidthChanged, this, &MainWindow::fitScalingWidth);
    // A row narrowed by the window or a docked guide splits again: the splitter alone keeps its
    // proportions and scrolled the table sideways.
    m_topSplitter->installEventFilter(this);
    m_amdahl->setDocument(m_document);
    m_gantt->setDocument(m_document);
    arrangeModelViews();
    connect(m_document, &ScenarioDocument::changed, this, [this](Sections sections) {
        if (sections & Section::Model)
            arrangeModelViews();
    });
    m_stages->setDocument(m_document);
    m_waterfall->setDocument(m_document);
    // Once the window is laid out: the Gantt's height from its stages.
    m_fitGantt = true;
    m_deferred.start();
    m_tail->setDocument(m_document);
    m_training->setDocument(m_document);
    m_project->setDocument(m_document);
    m_measured->setDocument(m_document);
    m_hardware->setDocument(m_document);
    // The deadline is set in one place, Model > Goal: the workspaces that need one send there.
    connect(m_tail, &TailPanel::deadlineRequested, this, &MainWindow::showGoalDeadline);
    connect(m_hardware, &HardwarePanel::deadlineRequested, this, &MainWindow::showGoalDeadline);
    connect(m_measured, &MeasuredPanel::importTraceRequested, this, [this]() {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Import profiler trace"), QString(),
            tr("Chrome traces (*.json *.json.gz *.gz);;All files (*)"));
        if (!path.isEmpty())
            importTrace(path);
    });
    connect(m_document, &ScenarioDocument::changed, this, &MainWindow::updateTitle);
    m_diskCheck.setSingleShot(true);
    m_diskCheck.setInterval(0);
    connect(&m_diskCheck, &QTimer::timeout, this, &MainWindow::checkFileOnDisk);
    connect(m_document, &ScenarioDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &ScenarioDocument::filePathChanged, this, &MainWindow::updateTitle);

    if (m_options.autosave) {
        m_recovery = std::make_unique<RecoveryStore>(m_options.recoveryDirectory);
        m_autosaveTimer.setSingleShot(true);
        m_autosaveTimer.setInterval(m_options.autosaveDelayMs);
        connect(&m_autosaveTimer, &QTimer::timeout, this, &MainWindow::writeRecoveryNow);
        // Every change (re)starts the timer, so a slider drag writes once, a moment after it ends.
        connect(m_document, &ScenarioDocument::changed, this,
                [this]() { m_autosaveTimer.start(); });
        connect(m_document, &ScenarioDocument::modifiedChanged, this, [this](bool modified) {
            if (!modified) {
                m_autosaveTimer.stop();
                m_recovery->clear();
            }
        });
    }
    updateTitle();
    statusBar()->showMessage(inputsHint(), 8000);
    // Help and accessibility: names, chart descriptions, tab order, the first-start
    // hint over the workspaces.
    help::makeAccessible(this);
    // A tab title that does not fit is elided with the whole title in its tooltip, never
    // scrolled out of view.
    accessibility::titleTabs(this);
    help::installFirstStartHint(this, m_options.useSettings);
}

MainWindow::~MainWindow()
{
    // The document is a child QObject and outlives this class's members: its undo stack announces
    // "clean" while it is destroyed, which must not reach the recovery store that is gone by then.
    disconnect(m_document, nullptr, this, nullptr);
    m_autosaveTimer.stop();
}

void MainWindow::createActions()
{
    QUndoStack *stack = m_document->undoStack();
    auto *newAction =
        new QAction(QIcon::fromTheme(QStringLiteral("document-new")), tr("&New"), this);
    newAction->setShortcuts(QKeySequence::New);
    newAction->setToolTip(tr("Start again from the default scenario"));
    connect(newAction, &QAction::triggered, this, [this]() {
        if (maybeSave())
            m_document->load(Plan{}, QString());
    });
    auto *newWindow = new QAction(tr("New &Window"), this);
    newWindow->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    newWindow->setToolTip(tr("A second window, to compare two scenarios side by side"));
    connect(newWindow, &QAction::triggered, this, [this]() {
        auto *window = new MainWindow(m_options);
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->document()->load(m_document->plan(), QString());
        window->show();
    });
    auto *openAction =
        new QAction(QIcon::fromTheme(QStringLiteral("document-open")), tr("&Open…"), this);
    openAction->setShortcuts(QKeySequence::Open);
    connect(openAction, &QAction::triggered, this, &MainWindow::open);
    auto *saveAction =
        new QAction(QIcon::fromTheme(QStringLiteral("document-save")), tr("&Save"), this);
    saveAction->setShortcuts(QKeySequence::Save);
    connect(saveAction, &QAction::triggered, this, &MainWindow::save);
    auto *saveAsAction = new QAction(tr("Save &As…"), this);
    saveAsAction->setShortcuts(QKeySequence::SaveAs);
    connect(saveAsAction, &QAction::triggered, this, &MainWindow::saveAs);
    auto *closeAction = new QAction(tr("&Close Window"), this);
    closeAction->setShortcuts(QKeySequence::Close);
    connect(closeAction, &QAction::triggered, this, &QWidget::close);
    auto *quit = new QAction(tr("&Quit"), this);
    quit->setShortcuts(QKeySequence::Quit);
    connect(quit, &QAction::triggered, qApp, &QApplication::closeAllWindows);

    // Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y on every platform, whatever its own bindings: a value
    // field leaves these keys to the document's undo (ValueControl).
    const auto withKeys = [](QKeySequence::StandardKey standard,
                             std::initializer_list<QKeySequence> extra) {
        QList<QKeySequence> keys = QKeySequence::keyBindings(standard);
        for (const QKeySequence &key : extra) {
            if (!keys.contains(key))
                keys.append(key);
        }
        return keys;
    };
    QAction *undo = stack->createUndoAction(this, tr("&Undo"));
    undo->setShortcuts(withKeys(QKeySequence::Undo, {QKeySequence(Qt::CTRL | Qt::Key_Z)}));
    undo->setIcon(QIcon::fromTheme(QStringLiteral("edit-undo")));
    QAction *redo = stack->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts(withKeys(QKeySequence::Redo, {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z),
                                                     QKeySequence(Qt::CTRL | Qt::Key_Y)}));
    redo->setIcon(QIcon::fromTheme(QStringLiteral("edit-redo")));
    auto *reset = new QAction(tr("Reset to &Defaults"), this);
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    reset->setToolTip(tr("Back to the seed's nightly scoring job (undoable)"));
    connect(reset, &QAction::triggered, this, [this]() {
        m_document->edit(ScenarioDocument::newScenario(), tr("Reset to defaults"));
    });

    auto *pin = new QAction(tr("&Pin as Baseline"), this);
    pin->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    pin->setToolTip(tr("Keep the current scenario as the baseline: every view then shows baseline "
                       "against current"));
    connect(pin, &QAction::triggered, m_document, &ScenarioDocument::pinBaseline);
    auto *unpin = new QAction(tr("&Unpin Baseline"), this);
    unpin->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    connect(unpin, &QAction::triggered, m_document, &ScenarioDocument::unpinBaseline);
    auto updateCompare = [this, unpin]() { unpin->setEnabled(m_document->baseline().has_value()); };
    connect(m_document, &ScenarioDocument::changed, this, updateCompare);
    updateCompare();

    auto *about = new QAction(tr("&About PipePlan"), this);
    connect(about, &QAction::triggered, this, [this]() {
        QMessageBox::about(
            this, tr("About PipePlan"),
            tr("<h3>PipePlan %1</h3><p>Will this job ever finish, and what would make it "
               "finish?</p><p>Licensed under the MIT licence.</p>")
                .arg(QStringLiteral(PIPEPLAN_VERSION)));
    });

    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(newAction);
    file->addAction(newWindow);
    file->addAction(openAction);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    QMenu *presetsMenu = file->addMenu(tr("Open &Preset"));
    for (const presets::Preset &preset : presets::all()) {
        presetsMenu->addAction(preset.title, this, [this, preset]() {
            if (!maybeSave())
                return;
            const scenariofile::LoadResult loaded = presets::load(preset);
            if (loaded.plan)
                m_document->load(*loaded.plan, QString());
        });
    }
    file->addSeparator();
    file->addAction(saveAction);
    file->addAction(saveAsAction);
    file->addSeparator();
    auto *exportAction =
        file->addAction(tr("&Export Report…"), this, &MainWindow::exportReportInteractively);
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAction->setToolTip(tr("The plan for planning documents: choose the sections, then PDF, "
                                "HTML, Markdown, CSV or tab-separated text"));
    file->addAction(tr("&Watch Running Job…"), this, [this] {
        // The running job against this window's plan, as it is now.
        const watch::PlanModel plan = watch::planModel(m_document->planResult());
        WatchDialog dialog(plan.totalItems, this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        auto *view = new WatchView(dialog.settings(), plan, this);
        view->setAttribute(Qt::WA_DeleteOnClose);
        // The finished job's actual, into the plan's track record (one row, as Measured >
        // Track record > Record actual writes it).
        view->setRecorder([this](double actualSeconds, bool *recorded) {
            TrackRecordBox *box = m_measured->trackRecord();
            *recorded = box->recordActual(actualSeconds);
            return box->messageText();
        });
        view->resize(900, 620);
        view->show();
    });
    QMenu *pageMenu = file->addMenu(tr("Report Page &Size"));
    m_pageGroup = new QActionGroup(this);
    QActionGroup *pageGroup = m_pageGroup;
    for (const auto &[id, label] :
         {std::pair{QPageSize::A4, tr("A4")}, std::pair{QPageSize::Letter, tr("US Letter")}}) {
        QAction *choice = pageMenu->addAction(label);
        choice->setCheckable(true);
        choice->setChecked(id == m_pageSize);
        pageGroup->addAction(choice);
        const QPageSize::PageSizeId size = id;
        connect(choice, &QAction::triggered, this, [this, size]() { m_pageSize = size; });
    }
    auto *printAction = new QAction(tr("&Print…"), this);
    printAction->setShortcuts(QKeySequence::Print);
    connect(printAction, &QAction::triggered, this, &MainWindow::print);
    file->addAction(printAction);
    file->addSeparator();
    file->addAction(closeAction);
    file->addAction(quit);
    updateRecentMenu();

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(reset);
    QMenu *view = menuBar()->addMenu(tr("&View"));
    const QString workspaceNames[] = {tr("&Model"),
                                      tr("&Overheads && tail"),
                                      tr("&Training schedules"),
                                      tr("&Project estimates"),
                                      tr("M&easured"),
                                      tr("&Hardware && cost")};
    for (int i = 0; i < static_cast<int>(std::size(workspaceNames)); ++i) {
        QAction *show = view->addAction(workspaceNames[i]);
        show->setShortcut(QKeySequence(Qt::CTRL | (Qt::Key_1 + i)));
        connect(show, &QAction::triggered, this, [this, i]() { m_workspaces->setCurrentIndex(i); });
    }
    view->addSeparator();
    m_inputsAction = view->addAction(tr("Show &Inputs"));
    m_inputsAction->setCheckable(true);
    m_inputsAction->setChecked(true);
    m_inputsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    m_inputsAction->setToolTip(tr("Hide the inputs panel so the charts fill the window"));
    connect(m_inputsAction, &QAction::toggled, this, &MainWindow::setInputsVisible);
    m_presentationAction = view->addAction(tr("&Presentation Mode"));
    m_presentationAction->setCheckable(true);
    m_presentationAction->setShortcut(QKeySequence(Qt::Key_F11));
    m_presentationAction->setToolTip(
        tr("Full screen, larger fonts, thicker lines and high contrast for projectors and screen "
           "sharing (F11)"));
    connect(m_presentationAction, &QAction::toggled, this, [this](bool on) {
        appearance::Look look = m_look;
        look.presentation = on;
        setLook(look);
    });
    // Stepping through the plan's options: each shown in turn, then the plan again;
    // in presentation mode a clicker's Page Down / Page Up do it too.
    m_nextOption = view->addAction(tr("&Next Option"));
    m_nextOption->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketRight));
    m_nextOption->setToolTip(tr("Show the plan's next option (one undo step each); after the "
                                "last, the plan again"));
    connect(m_nextOption, &QAction::triggered, this, [this]() { m_optionsView->step(1); });
    m_previousOption = view->addAction(tr("P&revious Option"));
    m_previousOption->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketLeft));
    m_previousOption->setToolTip(tr("Show the plan's previous option"));
    connect(m_previousOption, &QAction::triggered, this, [this]() { m_optionsView->step(-1); });
    QMenu *themeMenu = view->addMenu(tr("&Theme"));
    auto *themeGroup = new QActionGroup(this);
    const std::pair<appearance::Theme, QString> themes[] = {
        {appearance::Theme::System, tr("Follow the &System")},
        {appearance::Theme::Light, tr("&Light")},
        {appearance::Theme::Dark, tr("&Dark")}};
    for (const auto &[theme, label] : themes) {
        QAction *choice = themeMenu->addAction(label);
        choice->setCheckable(true);
        choice->setChecked(theme == m_look.theme);
        themeGroup->addAction(choice);
        m_themeActions.push_back(choice);
        const appearance::Theme chosen = theme;
        connect(choice, &QAction::triggered, this, [this, chosen]() {
            appearance::Look look = m_look;
            look.theme = chosen;
            setLook(look);
            if (m_options.useSettings)
                QSettings().setValue(QStringLiteral("theme"), static_cast<int>(chosen));
        });
    }
    QMenu *compare = menuBar()->addMenu(tr("&Compare"));
    compare->addAction(pin);
    compare->addAction(unpin);
    compare->addAction(m_optionsView->keepAction());
    compare->addAction(newWindow);
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(about);
    help::addHelpActions(this, help);

    // Shortcuts work with the menu bar hidden (presentation mode): the window holds every
    // menu's actions as well.
    const std::function<void(QMenu *)> adopt = [this, &adopt](QMenu *menu) {
        for (QAction *action : menu->actions()) {
            if (action->menu())
                adopt(action->menu());
            else if (!action->shortcuts().isEmpty())
                addAction(action);
        }
    };
    for (QAction *top : menuBar()->actions()) {
        if (top->menu())
            adopt(top->menu());
    }
    m_leavePresentation = new QToolButton(this);
    m_leavePresentation->setText(tr("✕ Leave presentation (Esc)"));
    m_leavePresentation->setToolTip(tr("Back to the normal window: menus, toolbar and inputs"));
    m_leavePresentation->setAccessibleName(tr("Leave presentation mode"));
    m_leavePresentation->setAutoRaise(true);
    // In the status bar's corner: over nothing a meeting needs to read.
    statusBar()->addPermanentWidget(m_leavePresentation);
    m_leavePresentation->setVisible(false);
    connect(m_leavePresentation, &QToolButton::clicked, m_presentationAction, &QAction::trigger);
    connect(m_optionsView, &OptionsView::stepChanged, this, [this](const QString &text) {
        m_optionBanner->setText(
            text.isEmpty()
                ? QString()
                : tr("Showing %1  ·  Ctrl+] next, Ctrl+[ previous, Ctrl+Z back").arg(text));
        m_optionBanner->setVisible(!text.isEmpty());
    });
    m_leaveShortcut = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    m_leaveShortcut->setEnabled(false);
    connect(m_leaveShortcut, &QShortcut::activated, this, [this]() {
        if (m_look.presentation)
            m_presentationAction->trigger();
    });

    QToolBar *toolbar = addToolBar(tr("Main"));
    m_toolbar = toolbar;
    toolbar->setObjectName(QStringLiteral("mainToolbar"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolbar->addAction(openAction);
    toolbar->addAction(saveAction);
    toolbar->addSeparator();
    toolbar->addAction(undo);
    toolbar->addAction(redo);
    toolbar->addAction(reset);
    toolbar->addSeparator();
    toolbar->addAction(pin);
    toolbar->addAction(unpin);
    toolbar->addSeparator();
    toolbar->addAction(m_presentationAction);
}

void MainWindow::replotAll()
{
    constexpr auto refresh = QCustomPlot::rpImmediateRefresh;
    m_amdahl->replot(refresh);
    m_waterfall->replot(refresh);
    m_gantt->plot()->replot(refresh);
    m_tail->overheadChart()->replot(refresh);
    m_tail->histogram()->replot(refresh);
    m_training->ganttChart()->replot(refresh);
    m_training->memoryChart()->replot(refresh);
    m_project->estimateChart()->replot(refresh);
    m_project->accuracyChart()->replot(refresh);
}

void MainWindow::installExports()
{
    using chartexport::installChartMenu;
    using chartexport::recordPlot;
    installChartMenu(m_amdahl, tr("Amdahl's law"),
                     [this](QSize size) { return recordPlot(m_amdahl, size); });
    installChartMenu(m_waterfall, tr("Levers"),
                     [this](QSize size) { return recordPlot(m_waterfall, size); });
    installChartMenu(m_gantt->plot(), tr("Pipeline Gantt"),
                     [this](QSize size) { return recordPlot(m_gantt->plot(), size); });
    installChartMenu(m_stages, tr("Stage times"),
                     [this](QSize size) { return chartexport::recordChartView(m_stages, size); });
    installChartMenu(m_tail->overheadChart(), tr("Runtime against workers"),
                     [this](QSize size) { return recordPlot(m_tail->overheadChart(), size); });
    installChartMenu(m_tail->histogram(), tr("Simulated completion time"),
                     [this](QSize size) { return recordPlot(m_tail->histogram(), size); });
    chartexport::installTableMenu(m_scaling->table(), tr("Scaling table"), [this]() {
        // As the window's table shows it: the scenario's own row, the overhead columns when on.
        return explain::scalingTableRows(m_document->planResult().scaling.shown.rows,
                                         m_document->result().overheads.enabled);
    });
    chartexport::installTableMenu(m_tail->goalTable(), tr("Fewest workers"),
                                  [this]() { return chartexport::tableRows(m_tail->goalTable()); });
    installChartMenu(m_training->ganttChart(), tr("Training schedule"),
                     [this](QSize size) { return recordPlot(m_training->ganttChart(), size); });
    installChartMenu(m_training->memoryChart(), tr("Activations held"),
                     [this](QSize size) { return recordPlot(m_training->memoryChart(), size); });
    chartexport::installTableMenu(
        m_training->comparisonTable(), tr("Schedules compared"),
        [this]() { return chartexport::tableRows(m_training->comparisonTable()); });
    installChartMenu(m_project->estimateChart(), tr("Plan duration"),
                     [this](QSize size) { return recordPlot(m_project->estimateChart(), size); });
    installChartMenu(m_project->accuracyChart(), tr("Estimated vs actual"),
                     [this](QSize size) { return recordPlot(m_project->accuracyChart(), size); });
    // Each table under its own title: the suggested file name, the dialog and the HTML caption.
    for (const auto &[table, title] :
         {std::pair<QTableView *, QString>{m_project->taskTable(), tr("Project tasks")},
          std::pair<QTableView *, QString>{m_project->resultTable(), tr("Project estimate")},
          std::pair<QTableView *, QString>{m_project->strataTable(), tr("Labeling strata")},
          std::pair<QTableView *, QString>{m_project->actualsTable(), tr("Estimated vs actual")}}) {
        QTableView *shown = table;
        chartexport::installTableMenu(shown, title,
                                      [shown]() { return chartexport::tableRows(shown); });
    }
}

void MainWindow::setLook(const appearance::Look &look)
{
    const bool presentationChanged = look.presentation != m_look.presentation;
    m_look = look;
    if (presentationChanged) {
        const QSignalBlocker blocker(m_presentationAction);
        m_presentationAction->setChecked(look.presentation);
        if (!look.presentation)
            showNormal();
        else if (m_options.presentationFillsScreen)
            showFullScreen();
        m_inputsAction->setChecked(!look.presentation);
        // A shared screen shows the answer, not the tool: no menu bar, no toolbar. The actions
        // keep their shortcuts (they are the window's own too), Esc or F11 leave, and so does
        // the small button in the corner.
        menuBar()->setVisible(!look.presentation);
        m_toolbar->setVisible(!look.presentation);
        m_leavePresentation->setVisible(look.presentation);
        m_leaveShortcut->setEnabled(look.presentation);
        m_headline->setPresentation(look.presentation);
        m_nextOption->setShortcuts(
            look.presentation ? QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::Key_BracketRight),
                                                    QKeySequence(Qt::Key_PageDown)}
                              : QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::Key_BracketRight)});
        m_previousOption->setShortcuts(
            look.presentation ? QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::Key_BracketLeft),
                                                    QKeySequence(Qt::Key_PageUp)}
                              : QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::Key_BracketLeft)});
    }
    for (size_t i = 0; i < m_themeActions.size(); ++i)
        m_themeActions[i]->setChecked(static_cast<int>(i) == static_cast<int>(look.theme));
    applyLook();
}

void MainWindow::setInputsVisible(bool visible)
{
    {
        const QSignalBlocker blocker(m_inputsAction);
        m_inputsAction->setChecked(visible);
    }
    m_inputsScroll->setVisible(visible);
    // The status line never points at controls that are not there: with the inputs hidden it
    // says how to bring them back instead of "drag a slider".
    if (!statusBar()->currentMessage().isEmpty())
        statusBar()->showMessage(inputsHint(), 8000);
    // Every workspace's own inputs too: with them hidden the charts fill the window.
    m_tail->setInputsVisible(visible);
    m_training->setInputsVisible(visible);
    m_project->setInputsVisible(visible);
    m_measured->setInputsVisible(visible);
    m_hardware->setInputsVisible(visible);
}

void MainWindow::importTrace(const QString &path)
{
    TraceDialog dialog(m_document, this);
    dialog.load(path);
    dialog.exec();
}

QString MainWindow::inputsHint() const
{
    return inputsVisible()
               ? tr("Drag a slider or type a value: every number and chart follows.")
               : tr("Inputs hidden: %1 shows them.")
                     .arg(m_inputsAction->shortcut().toString(QKeySequence::NativeText));
}

bool MainWindow::inputsVisible() const
{
    return m_inputsAction->isChecked();
}

void MainWindow::showGoalDeadline()
{
    m_workspaces->setCurrentWidget(m_mainSplitter);
    if (!inputsVisible())
        setInputsVisible(true);
    // The Goal group is at the top, but the inputs column may be scrolled down.
    if (auto *scroll = qobject_cast<QScrollArea *>(m_inputsScroll))
        scroll->ensureWidgetVisible(m_inputs->deadlineControl());
    m_inputs->focusDeadline();
}

void MainWindow::applyLook()
{
    appearance::installContrastStyle();
    const QPalette palette = appearance::palette(m_look, systemPalette());
    const double fontScale = m_look.presentation ? appearance::kPresentationFontScale : 1.0;
    const double lineScale = m_look.presentation ? appearance::kPresentationLineScale : 1.0;
    QApplication::setPalette(palette);
    QFont font = systemFont();
    font.setPointSizeF(font.pointSizeF() * fontScale);
    QApplication::setFont(font);
    // Widgets with a font of their own (the explanations) follow the new size by their scale.
    for (QWidget *widget : findChildren<QWidget *>()) {
        if (const QVariant scale = widget->property("pp_fontScale"); scale.isValid()) {
            QFont own = widget->font();
            own.setPointSizeF(font.pointSizeF() * scale.toDouble());
            widget->setFont(own);
        }
    }
    // Style sheets resolve "palette(mid)" when they are set: set them again in the new theme's
    // colours (the explanations under the inputs would keep the old grey).
    for (QWidget *widget : findChildren<QWidget *>()) {
        if (const QString sheet = widget->styleSheet(); sheet.contains(QLatin1String("palette("))) {
            widget->setStyleSheet(QString());
            widget->setStyleSheet(sheet);
        }
    }
    for (QCustomPlot *plot : findChildren<QCustomPlot *>())
        appearance::apply(plot, palette, fontScale, lineScale);
    appearance::apply(m_stages->chart(), palette, fontScale);
    // Column widths follow the new font (columns a table stretches keep stretching); a hidden
    // workspace's tables measure their new font once they are shown.
    m_tablesToRefit = true;
    m_deferred.start();
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_topSplitter && event->type() == QEvent::Resize) {
        m_fitScaling = true;
        m_deferred.start();
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::runDeferred()
{
    if (m_tablesToRefit)
        fitTableColumns(m_workspaces->currentWidget());
    if (m_fitGantt) {
        m_fitGantt = false;
        fitGanttHeight();
    }
    if (m_fitScaling) {
        m_fitScaling = false;
        fitScalingWidth();
    }
}

bool MainWindow::showsPipeline() const
{
    return m_sideSplitter->indexOf(m_ganttBox) >= 0;
}

void MainWindow::arrangeModelViews()
{
    // A pipeline (more than one stage) is answered by its Gantt: it takes the levers' and the
    // stage times' row under the table, above the fold at 1366x768. One stage has no bubble to
    // show: the levers tell its story.
    const bool pipeline = m_document->scenario().stages.size() > 1;
    if (pipeline == showsPipeline())
        return;
    if (pipeline) {
        // The Gantt the whole width, so every stage's label and microbatch number reads on a
        // projector; the levers and the stage times become tabs beside the scaling table.
        m_sideSplitter->replaceWidget(0, m_ganttBox);
        m_ganttBox->setVisible(true);
        m_answers->insertTab(1, m_leversBox, tr("Levers"));
        m_answers->setTabToolTip(1, tr("The runtime after each lever in turn: pre-filtering, "
                                       "the accelerator, batching, the workers"));
        m_answers->insertTab(2, m_stagesBox, tr("Stage times"));
        m_answers->setTabToolTip(2, tr("Each stage's time per item; the slowest sets the pace"));
    } else {
        for (QWidget *tab : {m_stagesBox, m_leversBox}) {
            if (const int index = m_answers->indexOf(tab); index >= 0)
                m_answers->removeTab(index);
        }
        m_sideSplitter->replaceWidget(0, m_leversBox);
        m_sideSplitter->addWidget(m_stagesBox);
        m_sideSplitter->setStretchFactor(0, 3);
        m_sideSplitter->setStretchFactor(1, 2);
        m_leversBox->setVisible(true);
        m_stagesBox->setVisible(true);
        m_ganttBox->setParent(this);
        m_ganttBox->setVisible(false);
    }
    // The tabs just added elide with their titles in their tooltips, as every tab does.
    accessibility::titleTabs(this);
    m_fitGantt = true;
    m_deferred.start();
}

void MainWindow::fitGanttHeight()
{
    const QList<int> sizes = m_viewsSplitter->sizes();
    int total = 0;
    for (int size : sizes)
        total += size;
    if (total <= 0)
        return;
    if (showsPipeline()) {
        // The Gantt takes the height its stages ask for (every stage's label and microbatch
        // numbers read); the table and Amdahl share the rest.
        const int gantt = m_ganttBox->sizeHint().height();
        const int top = std::max(total - gantt, m_topSplitter->minimumSizeHint().height());
        m_viewsSplitter->setSizes({top, total - top});
    } else {
        // The scaling table and Amdahl a little more than the levers, which read in one line
        // each.
        const int top = total * 11 / 20;
        m_viewsSplitter->setSizes({top, total - top});
    }
    fitScalingWidth();
}

void MainWindow::fitScalingWidth()
{
    // The scaling table as wide as its columns where Amdahl's chart keeps a readable width: at
    // 1366x768 an even split scrolled the "Within 8 hours" column out of sight.
    const QList<int> sizes = m_topSplitter->sizes();
    const int total = sizes.value(0) + sizes.value(1);
    if (total <= 0)
        return;
    // As wide as its columns and its tab titles (elided titles read "Lev…" in presentation
    // mode on a laptop), where Amdahl keeps its width.
    const int wanted = std::max(m_topSplitter->widget(0)->sizeHint().width(),
                                m_answers->tabBar()->sizeHint().width());
    const int amdahlMinimum = std::min(total / 2, 240);
    const int table = std::clamp(wanted, total / 2, total - amdahlMinimum);
    if (table != sizes.value(0))
        m_topSplitter->setSizes({table, total - table});
}

void MainWindow::fitTableColumns(QWidget *page)
{
    if (!page)
        return;
    for (QTableView *table : page->findChildren<QTableView *>())
        appearance::fitColumns(table);
}

/// The report prints the document's result, its finished background runs included, so it shows
/// what the window shows.
report::Options MainWindow::reportOptions() const
{
    report::Options options;
    options.pageSize = m_pageSize;
    return options;
}

bool MainWindow::exportReport(const QString &path, QString *errorMessage)
{
    const QString problem = report::write(m_document->plan(), m_document->planResult(), path,
                                          reportOptions(), report::formatForPath(path));
    if (errorMessage)
        *errorMessage = problem;
    return problem.isEmpty();
}

std::unique_ptr<ReportDialog> MainWindow::makeReportDialog()
{
    auto dialog =
        std::make_unique<ReportDialog>(m_document->plan(), m_document->planResult(),
                                       reportplan::contextOf(m_document->planResult()), this);
    ReportDialog *shown = dialog.get();
    connect(shown, &ReportDialog::copyRequested, this, [this, shown]() {
        keepReportSections(shown->sections());
        copyReport(shown->format());
        statusBar()->showMessage(tr("Report copied"), 4000);
    });
    return dialog;
}

void MainWindow::keepReportSections(const std::vector<ReportSection> &sections)
{
    const std::vector<ReportSection> chosen = reportsections::normalized(sections);
    if (chosen.empty() || chosen == report::sectionsFor(m_document->plan(),
                                                        m_document->planResult(), reportOptions()))
        return;
    m_document->editScenario(tr("Choose report sections"),
                             [&chosen](Scenario &s) { s.report.sections = chosen; });
}

void MainWindow::copyReport(report::Format format)
{
    if (format == report::Format::Pdf)
        return;
    const Plan &plan = m_document->plan();
    const PlanResult &result = m_document->planResult();
    const report::Options options = reportOptions();
    auto *mime = new QMimeData;
    if (format == report::Format::Html) {
        mime->setHtml(report::text(plan, result, options, report::Format::Html));
        mime->setText(report::text(plan, result, options, report::Format::Markdown));
    } else {
        mime->setText(report::text(plan, result, options, format));
    }
    QApplication::clipboard()->setMimeData(mime);
}

void MainWindow::exportReportInteractively()
{
    const std::unique_ptr<ReportDialog> dialog = makeReportDialog();
    if (dialog->exec() != QDialog::Accepted)
        return;
    keepReportSections(dialog->sections());
    const report::Format format = dialog->format();
    const QString suffix = report::formatSuffix(format);
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export report"), suggestedPath(suffix),
        tr("%1 (*%2)").arg(report::formatKey(format).toUpper(), suffix));
    if (path.isEmpty())
        return;
    report::Options options = reportOptions();
    options.sections = dialog->sections();
    if (const QString problem =
            report::write(m_document->plan(), m_document->planResult(), path, options, format);
        !problem.isEmpty())
        QMessageBox::warning(this, tr("Export failed"), problem);
    else
        statusBar()->showMessage(tr("Report written to %1").arg(path), 6000);
}

void MainWindow::print()
{
    QPrinter printer(QPrinter::ScreenResolution);
    printer.setResolution(96); // the report's units (see report.h)
    printer.setPageSize(QPageSize(m_pageSize));
    printer.setPageMargins(QMarginsF(15, 15, 15, 12), QPageLayout::Millimeter);
    printer.setDocName(m_document->scenario().name);
    QPrintDialog dialog(&printer, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    report::render(&printer, m_document->plan(), m_document->planResult(), reportOptions());
}

void MainWindow::updateTitle()
{
    const QString path = m_document->filePath();
    const QString file = path.isEmpty() ? tr("untitled") : QFileInfo(path).fileName();
    setWindowTitle(m_document->scenario().name + QStringLiteral(" — ") + file +
                   QStringLiteral("[*] — PipePlan"));
    setWindowModified(m_document->isModified());
}

scenariofile::LoadResult MainWindow::readPlanFile(const QString &path)
{
    // Only a regular file, and never more than the cap: /dev/zero or a FIFO is refused unread.
    const fileio::ReadResult read = fileio::readBounded(path, scenariofile::kMaxFileBytes);
    if (!read.bytes)
        return {std::nullopt, {tr("(file)"), read.error}};
    return scenariofile::fromJson(*read.bytes);
}

bool MainWindow::openFile(const QString &path, QString *errorMessage)
{
    const scenariofile::LoadResult loaded = readPlanFile(path);
    if (!loaded.plan) {
        const QString message =
            tr("Could not open %1\n%2: %3").arg(path, loaded.error.field, loaded.error.message);
        if (errorMessage)
            *errorMessage = message;
        showError(tr("Open scenario"), message);
        return false;
    }
    m_document->load(*loaded.plan, QFileInfo(path).absoluteFilePath());
    addRecentFile(QFileInfo(path).absoluteFilePath());
    // What reading an older file changed is said, not done behind the person's back.
    if (loaded.notes.isEmpty())
        statusBar()->showMessage(tr("Opened %1").arg(path), 4000);
    else
        statusBar()->showMessage(
            tr("Opened %1. %2").arg(path, loaded.notes.join(QLatin1Char(' '))));
    return true;
}

bool MainWindow::saveFile(const QString &path, QString *errorMessage)
{
    m_inputs->commitNotes();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (absolute == m_document->filePath() && m_document->fileChangedOnDisk() &&
        !confirmOverwriteChanged(path)) {
        const QString message =
            tr("Not saved: %1 changed on disk since this window opened or saved it (another "
               "window or program wrote it). Use Save As to keep both, or reload it.")
                .arg(path);
        if (errorMessage)
            *errorMessage = message;
        statusBar()->showMessage(message);
        return false;
    }
    // Atomic: a full disk or a failed write leaves the previous file exactly as it was.
    const QString problem = fileio::writeAtomically(path, scenariofile::toJson(m_document->plan()));
    if (!problem.isEmpty()) {
        const QString message =
            tr("Could not save %1\n%2\nThe previous file, if any, is unchanged.")
                .arg(path, problem);
        if (errorMessage)
            *errorMessage = message;
        showError(tr("Save scenario"), message);
        return false;
    }
    m_document->markSaved(QFileInfo(path).absoluteFilePath());
    addRecentFile(QFileInfo(path).absoluteFilePath());
    statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
    return true;
}

bool MainWindow::confirmOverwriteChanged(const QString &path)
{
    if (!m_options.interactive)
        return false; // nobody to ask: keep the other writer's work
    return QMessageBox::warning(
               this, tr("File changed on disk"),
               tr("%1 changed on disk since this window opened or saved it: another window or "
                  "program wrote it.\n\nOverwrite it with this window's plan? The other "
                  "changes would be lost.")
                   .arg(path),
               QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Cancel) == QMessageBox::Save;
}

void MainWindow::checkFileOnDisk()
{
    if (!m_document->fileChangedOnDisk())
        return;
    const fileio::DiskStamp now = fileio::stampOf(m_document->filePath());
    if (now == m_askedAboutStamp)
        return; // asked about this version of the file already
    m_askedAboutStamp = now;
    const QString path = m_document->filePath();
    if (!m_options.interactive) {
        statusBar()->showMessage(tr("%1 changed on disk").arg(path));
        return;
    }
    const QString question =
        m_document->isModified()
            ? tr("%1 changed on disk: another window or program wrote it.\n\nReload it? Your "
                 "unsaved changes in this window would be lost.")
            : tr("%1 changed on disk: another window or program wrote it.\n\nReload it?");
    if (QMessageBox::question(this, tr("File changed on disk"), question.arg(path),
                              QMessageBox::Yes | QMessageBox::No,
                              QMessageBox::Yes) == QMessageBox::Yes)
        openFile(path);
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    // Back from another window or program: the file may have been written meanwhile. Queued, so
    // a dialog never opens inside the activation itself.
    if (event->type() == QEvent::ActivationChange && isActiveWindow())
        m_diskCheck.start();
}

void MainWindow::showError(const QString &title, const QString &message)
{
    if (m_options.interactive)
        QMessageBox::warning(this, title, message);
    else // the status bar is one line: the message's lines joined as a sentence's parts
        statusBar()->showMessage(QString(message).replace(QLatin1Char('\n'), QStringLiteral(": ")));
}

bool MainWindow::save()
{
    if (m_document->filePath().isEmpty())
        return saveAs();
    return saveFile(m_document->filePath());
}

QString MainWindow::suggestedPath(const QString &suffix) const
{
    // The scenario and its report share a name and a folder (they disagreed).
    if (suffix == QLatin1String(".pipeplan.json") && !m_document->filePath().isEmpty())
        return m_document->filePath();
    return chartexport::suggestedPathBeside(m_document->filePath(), m_document->scenario().name,
                                            suffix);
}

bool MainWindow::saveAs()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save scenario"), suggestedPath(QStringLiteral(".pipeplan.json")), kFileFilter);
    return !path.isEmpty() && saveFile(path);
}

void MainWindow::open()
{
    if (!maybeSave())
        return;
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open scenario"), QString(), kFileFilter);
    if (!path.isEmpty())
        openFile(path);
}

bool MainWindow::maybeSave()
{
    if (!m_document->isModified() || !m_options.interactive)
        return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"),
        tr("“%1” has changes that are not saved. Save them?").arg(m_document->scenario().name),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::addRecentFile(const QString &path)
{
    if (!m_options.useSettings)
        return;
    QSettings settings;
    QStringList recent = settings.value(kRecentKey).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    settings.setValue(kRecentKey, recent);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList recent =
        m_options.useSettings ? QSettings().value(kRecentKey).toStringList() : QStringList();
    for (int i = 0; i < recent.size(); ++i) {
        const QString &path = recent[i];
        QAction *action = m_recentMenu->addAction(
            QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        action->setToolTip(path);
        connect(action, &QAction::triggered, this, [this, path]() {
            if (maybeSave())
                openFile(path);
        });
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

bool MainWindow::applySetting(const QString &assignment, QString *errorMessage)
{
    const qsizetype eq = assignment.indexOf(QLatin1Char('='));
    QString problem;
    std::optional<Plan> plan;
    if (eq <= 0) {
        problem = tr("expected key=value, got '%1'").arg(assignment);
    } else {
        QJsonObject root = scenariofile::toJsonObject(m_document->plan());
        if (auto error =
                scenariofile::setValue(root, assignment.left(eq), assignment.mid(eq + 1))) {
            problem = error->toString();
        } else {
            const scenariofile::LoadResult loaded = scenariofile::fromJsonObject(root);
            plan = loaded.plan;
            if (!plan)
                problem = loaded.error.toString();
        }
    }
    if (!plan) {
        if (errorMessage)
            *errorMessage = problem;
        return false;
    }
    // The undo text names the input as its control does ("Set Latency per prediction"), the
    // file key only where no registry row reads it (a stage's time).
    const QString key = assignment.left(eq);
    const fieldregistry::Field *row = fieldregistry::find(QStringView(key));
    const QString what = row ? row->labelFor(plan->scenario) : key;
    return m_document->edit(plan->scenario, tr("Set %1").arg(what));
}

void MainWindow::writeRecoveryNow()
{
    if (!m_recovery || !m_document->isModified())
        return;
    // A failed autosave (a full disk) keeps the previous recovery file and says so, quietly: the
    // person is typing, not saving.
    if (const QString problem = m_recovery->write(m_document->plan(), m_document->filePath());
        !problem.isEmpty())
        statusBar()->showMessage(
            tr("Unsaved work could not be written to the recovery file: %1").arg(problem));
}

QList<MainWindow *> MainWindow::offerRecovery(QWidget *parent, const Options &options)
{
    QList<MainWindow *> restored;
    const RecoveryStore::Found found = RecoveryStore::orphans(options.recoveryDirectory);
    // Work that cannot be offered back is never dropped without a word: the files are kept,
    // set aside so they are not offered again, and named.
    if (!found.unreadable.isEmpty()) {
        const QString message =
            tr("Unsaved work from an earlier session could not be read, so it cannot be offered "
               "back. The files are kept:\n\n%1")
                .arg(found.unreadable.join(QLatin1Char('\n')));
        if (options.interactive)
            QMessageBox::warning(parent, tr("Unsaved work could not be read"), message);
        else
            qWarning("pipeplan: %s", qPrintable(message));
    }
    for (const RecoveryStore::Orphan &orphan : found.orphans) {
        const QString when = QLocale().toString(orphan.savedAt.toLocalTime(), QLocale::ShortFormat);
        const QString what =
            orphan.originalPath.isEmpty() ? orphan.plan.scenario.name : orphan.originalPath;
        const auto answer =
            QMessageBox::question(parent, tr("Restore unsaved work?"),
                                  tr("PipePlan closed unexpectedly with unsaved changes to “%1” "
                                     "(last written %2).\n\nRestore them?")
                                      .arg(what, when),
                                  QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes);
        if (answer == QMessageBox::Yes) {
            auto *window = new MainWindow(options);
            window->setAttribute(Qt::WA_DeleteOnClose);
            window->document()->load(orphan.plan, orphan.originalPath, true);
            window->writeRecoveryNow(); // the work now belongs to the new window's recovery file
            restored.append(window);
        }
        RecoveryStore::discard(orphan);
    }
    return restored;
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("geometry")).toByteArray());
    QMainWindow::restoreState(settings.value(QStringLiteral("windowState")).toByteArray());
    m_mainSplitter->restoreState(settings.value(QStringLiteral("mainSplitter")).toByteArray());
    // Version 3: two rows (the table and Amdahl; the Gantt or the levers beside the stages).
    m_viewsSplitter->restoreState(settings.value(QStringLiteral("viewsSplitter3")).toByteArray());
    m_topSplitter->restoreState(settings.value(QStringLiteral("topSplitter")).toByteArray());
    // Version 2 of the layout: levers and stage times side by side, the Gantt under them.
    m_sideSplitter->restoreState(settings.value(QStringLiteral("leversSplitter")).toByteArray());
    // The last values: restored only when they still load cleanly; otherwise the default scenario.
    const scenariofile::LoadResult last =
        scenariofile::fromJson(settings.value(QStringLiteral("lastScenario")).toByteArray());
    if (last.plan)
        m_document->load(*last.plan, QString());
}

void MainWindow::saveLayout() const
{
    if (!m_options.useSettings)
        return;
    QSettings settings;
    settings.setValue(QStringLiteral("geometry"), saveGeometry());
    settings.setValue(QStringLiteral("windowState"), QMainWindow::saveState());
    settings.setValue(QStringLiteral("mainSplitter"), m_mainSplitter->saveState());
    settings.setValue(QStringLiteral("viewsSplitter3"), m_viewsSplitter->saveState());
    settings.setValue(QStringLiteral("topSplitter"), m_topSplitter->saveState());
    settings.setValue(QStringLiteral("leversSplitter"), m_sideSplitter->saveState());
    settings.setValue(QStringLiteral("lastScenario"), scenariofile::toJson(m_document->plan()));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    saveLayout();
    if (m_recovery)
        m_recovery->clear(); // closed on purpose: nothing to recover
    event->accept();
}

} // namespace pipeplan
