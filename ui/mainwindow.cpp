#include "mainwindow.h"

#include "amdahlchart.h"
#include "ganttchart.h"
#include "headlinewidget.h"
#include "inputspanel.h"
#include "scalingview.h"
#include "scenariodocument.h"
#include "scenariofile.h"
#include "stagechart.h"
#include "waterfallchart.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QGroupBox>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QToolBar>
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

const QString kScenarioKey = QStringLiteral("lastScenario");
} // namespace

MainWindow::MainWindow(const Options &options, QWidget *parent)
    : QMainWindow(parent), m_options(options), m_document(new ScenarioDocument(this))
{
    m_inputs = new InputsPanel(this);
    m_headline = new HeadlineWidget(this);
    m_scaling = new ScalingView(this);
    m_amdahl = new AmdahlChart(this);
    m_gantt = new GanttChart(this);
    m_stages = new StageChart(this);
    m_waterfall = new WaterfallChart(this);

    auto *inputsScroll = new QScrollArea(this);
    inputsScroll->setWidget(m_inputs);
    inputsScroll->setWidgetResizable(true);
    inputsScroll->setMinimumWidth(m_inputs->minimumSizeHint().width() + 24);
    inputsScroll->setFrameShape(QFrame::NoFrame);

    m_topSplitter = new QSplitter(Qt::Horizontal, this);
    m_topSplitter->addWidget(titled(tr("Scaling table"), m_scaling, this));
    m_topSplitter->addWidget(titled(tr("Amdahl's law"), m_amdahl, this));
    m_topSplitter->setStretchFactor(0, 1);
    m_topSplitter->setStretchFactor(1, 1);
    m_sideSplitter = new QSplitter(Qt::Vertical, this);
    m_sideSplitter->addWidget(titled(tr("Levers: runtime after each"), m_waterfall, this));
    m_sideSplitter->addWidget(titled(tr("Stage times"), m_stages, this));
    m_bottomSplitter = new QSplitter(Qt::Horizontal, this);
    m_bottomSplitter->addWidget(titled(tr("Pipeline Gantt"), m_gantt, this));
    m_bottomSplitter->addWidget(m_sideSplitter);
    m_bottomSplitter->setStretchFactor(0, 1);
    m_bottomSplitter->setStretchFactor(1, 1);
    m_viewsSplitter = new QSplitter(Qt::Vertical, this);
    m_viewsSplitter->addWidget(m_topSplitter);
    m_viewsSplitter->addWidget(m_bottomSplitter);

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_headline);
    rightLayout->addWidget(m_viewsSplitter, 1);

    m_mainSplitter = new QSplitter(Qt::Horizontal, this);
    m_mainSplitter->addWidget(inputsScroll);
    m_mainSplitter->addWidget(right);
    m_mainSplitter->setStretchFactor(1, 1);
    setCentralWidget(m_mainSplitter);

    createActions();
    if (m_options.restoreSettings)
        restoreState();

    m_inputs->setDocument(m_document);
    m_headline->setDocument(m_document);
    m_scaling->setDocument(m_document);
    m_amdahl->setDocument(m_document);
    m_gantt->setDocument(m_document);
    m_stages->setDocument(m_document);
    m_waterfall->setDocument(m_document);
    connect(m_document, &ScenarioDocument::changed, this, &MainWindow::updateTitle);
    updateTitle();
    statusBar()->showMessage(tr("Drag a slider or type a value: every number and chart follows."), 8000);
}

void MainWindow::createActions()
{
    QUndoStack *stack = m_document->undoStack();
    QAction *undo = stack->createUndoAction(this, tr("&Undo"));
    undo->setShortcuts(QKeySequence::Undo);
    undo->setIcon(QIcon::fromTheme(QStringLiteral("edit-undo")));
    QAction *redo = stack->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts(QKeySequence::Redo);
    redo->setIcon(QIcon::fromTheme(QStringLiteral("edit-redo")));
    auto *reset = new QAction(tr("Reset to &defaults"), this);
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    reset->setToolTip(tr("Back to the seed's nightly scoring job (undoable)"));
    connect(reset, &QAction::triggered, this,
            [this]() { m_document->edit(defaultScenario(), tr("Reset to defaults"), EditId::Reset); });
    auto *quit = new QAction(tr("&Quit"), this);
    quit->setShortcuts(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &QWidget::close);
    auto *about = new QAction(tr("&About PipePlan"), this);
    connect(about, &QAction::triggered, this, [this]() {
        QMessageBox::about(this, tr("About PipePlan"),
                           tr("<h3>PipePlan %1</h3><p>Will this job ever finish, and what would make it "
                              "finish?</p><p>Licensed under the MIT licence.</p>")
                               .arg(QStringLiteral(PIPEPLAN_VERSION)));
    });

    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(quit);
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(reset);
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(about);

    QToolBar *toolbar = addToolBar(tr("Main"));
    toolbar->setObjectName(QStringLiteral("mainToolbar"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolbar->addAction(undo);
    toolbar->addAction(redo);
    toolbar->addAction(reset);
}

void MainWindow::replotAll(QCustomPlot::RefreshPriority refresh)
{
    m_amdahl->replot(refresh);
    m_waterfall->replot(refresh);
    m_gantt->plot()->replot(refresh);
}

void MainWindow::updateTitle()
{
    setWindowTitle(m_document->scenario().name + QStringLiteral(" — PipePlan"));
}

void MainWindow::restoreState()
{
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("geometry")).toByteArray());
    QMainWindow::restoreState(settings.value(QStringLiteral("windowState")).toByteArray());
    m_mainSplitter->restoreState(settings.value(QStringLiteral("mainSplitter")).toByteArray());
    m_viewsSplitter->restoreState(settings.value(QStringLiteral("viewsSplitter")).toByteArray());
    m_topSplitter->restoreState(settings.value(QStringLiteral("topSplitter")).toByteArray());
    m_bottomSplitter->restoreState(settings.value(QStringLiteral("bottomSplitter")).toByteArray());
    m_sideSplitter->restoreState(settings.value(QStringLiteral("sideSplitter")).toByteArray());
    // Last values: restored only when they still load cleanly; otherwise the default scenario.
    const scenariofile::LoadResult last = scenariofile::fromJson(settings.value(kScenarioKey).toByteArray());
    if (last.scenario)
        m_document->apply(*last.scenario);
}

void MainWindow::saveState() const
{
    if (!m_options.restoreSettings)
        return;
    QSettings settings;
    settings.setValue(QStringLiteral("geometry"), saveGeometry());
    settings.setValue(QStringLiteral("windowState"), QMainWindow::saveState());
    settings.setValue(QStringLiteral("mainSplitter"), m_mainSplitter->saveState());
    settings.setValue(QStringLiteral("viewsSplitter"), m_viewsSplitter->saveState());
    settings.setValue(QStringLiteral("topSplitter"), m_topSplitter->saveState());
    settings.setValue(QStringLiteral("bottomSplitter"), m_bottomSplitter->saveState());
    settings.setValue(QStringLiteral("sideSplitter"), m_sideSplitter->saveState());
    settings.setValue(kScenarioKey, scenariofile::toJson(m_document->scenario()));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveState();
    event->accept();
}

} // namespace pipeplan
