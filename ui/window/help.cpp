#include "ui/window/help.h"

#include "core/base/format.h"
#include "core/plan/explain.h"
#include "core/plan/planresult.h"
#include "ui/document/montecarlorunner.h"
#include "ui/document/presets.h"
#include "ui/document/scenariobindings.h"
#include "ui/document/scenariodocument.h"
#include "ui/hardware/costchart.h"
#include "ui/hardware/hardwarepanel.h"
#include "ui/measured/fitchart.h"
#include "ui/measured/measuredpanel.h"
#include "ui/model/amdahlchart.h"
#include "ui/model/ganttchart.h"
#include "ui/model/headlinewidget.h"
#include "ui/model/inputspanel.h"
#include "ui/model/optionsview.h"
#include "ui/model/overheadchart.h"
#include "ui/model/planechart.h"
#include "ui/model/planeview.h"
#include "ui/model/stagechart.h"
#include "ui/model/waterfallchart.h"
#include "ui/project/estimatecharts.h"
#include "ui/project/projectpanel.h"
#include "ui/project/riskcharts.h"
#include "ui/tail/histogramchart.h"
#include "ui/tail/tailpanel.h"
#include "ui/training/schedulechart.h"
#include "ui/training/trainingpanel.h"
#include "ui/widgets/accessibility.h"
#include "ui/widgets/valuecontrol.h"
#include "ui/window/mainwindow.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QChartView>
#include <QCheckBox>
#include <QChildEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace pipeplan::help {

namespace {

QString plainText(QString text)
{
    text.replace(QLatin1String("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    text.remove(QChar(0x2026)); // "Open…": the dots say a dialog follows, not part of the name
    return text.trimmed();
}

/// The menu path of every action in the menu bar: "File > Open Preset".
void menuPaths(const QMenu *menu, const QString &path, QHash<const QAction *, QString> &paths,
               std::vector<const QAction *> &order)
{
    for (const QAction *action : menu->actions()) {
        if (action->isSeparator())
            continue;
        if (const QMenu *sub = action->menu()) {
            menuPaths(sub, path + QStringLiteral(" > ") + plainText(sub->title()), paths, order);
            continue;
        }
        if (!paths.contains(action)) {
            paths.insert(action, path);
            order.push_back(action);
        }
    }
}

QString enclosingTitle(const QWidget *widget)
{
    for (const QWidget *scope = widget->parentWidget(); scope; scope = scope->parentWidget()) {
        if (const auto *box = qobject_cast<const QGroupBox *>(scope))
            return plainText(box->title());
    }
    return {};
}

/// A frame drawn over a control for a moment: "this one". It follows the control as the window
/// lays it out again (the guide docking beside the views narrows them after the frame was
/// placed, the frame ran across the guide's title and step), and it stays inside the
/// window's central widget, off its docks.
class Highlight : public QWidget
{
public:
    explicit Highlight(QMainWindow *window) : QWidget(window), m_window(window)
    {
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setFocusPolicy(Qt::NoFocus);
        m_timer.setSingleShot(true);
        m_timer.setInterval(1800);
        connect(&m_timer, &QTimer::timeout, this, &QWidget::hide);
        hide();
    }
    void over(QWidget *target)
    {
        if (m_target)
            m_target->removeEventFilter(this);
        m_target = target;
        if (!target || !target->isVisible()) {
            hide();
            return;
        }
        target->installEventFilter(this);
        place();
        raise();
        show();
        m_timer.start();
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_target &&
            (event->type() == QEvent::Resize || event->type() == QEvent::Move))
            place();
        else if (watched == m_target && event->type() == QEvent::Hide)
            hide();
        return QWidget::eventFilter(watched, event);
    }
    void paintEvent(QPaintEvent *) override
    {
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(QPen(palette().color(QPalette::Highlight), 3));
        painter.drawRoundedRect(QRectF(rect()).adjusted(1.5, 1.5, -1.5, -1.5), 5, 5);
    }

private:
    void place()
    {
        if (!m_target)
            return;
        const QPoint topLeft = m_target->mapTo(parentWidget(), QPoint(0, 0));
        QRect frame = QRect(topLeft, m_target->size()).adjusted(-4, -4, 4, 4);
        if (QWidget *central = m_window->centralWidget();
            central && central->isAncestorOf(m_target))
            frame &= central->geometry();
        setGeometry(frame);
    }

    QMainWindow *m_window;
    QPointer<QWidget> m_target;
    QTimer m_timer;
};

/// Keeps the window's accessibility current: chart descriptions on every change, names and the
/// tab order when widgets come or go (a stage row added) or another workspace shows.
class Keeper : public QObject
{
public:
    struct Chart
    {
        QPointer<QWidget> widget;
    };

    explicit Keeper(MainWindow *window) : QObject(window), m_window(window)
    {
        m_timer.setSingleShot(true);
        m_timer.setInterval(0);
        connect(&m_timer, &QTimer::timeout, this, &Keeper::refresh);
        // Widgets added or removed anywhere are noted as they come and go, so that a slider's
        // tick does not walk the whole window to count them.
        qApp->installEventFilter(this);
    }
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if ((event->type() == QEvent::ChildAdded || event->type() == QEvent::ChildRemoved) &&
            watched->isWidgetType() && static_cast<QChildEvent *>(event)->child()->isWidgetType())
            m_widgetsChanged = true;
        return QObject::eventFilter(watched, event);
    }
    void add(QWidget *chart, const QString &name, const std::function<QString()> &describe)
    {
        accessibility::makeChart(chart, name, describe);
        m_charts.push_back({chart});
        if (auto *plot = qobject_cast<QCustomPlot *>(chart))
            connect(plot, &QCustomPlot::afterReplot, this, &Keeper::schedule);
    }
    bool hasChart(const QWidget *chart) const
    {
        return std::any_of(m_charts.begin(), m_charts.end(),
                           [chart](const Chart &c) { return c.widget == chart; });
    }
    void schedule()
    {
        if (!m_timer.isActive())
            m_timer.start();
    }
    void restructure()
    {
        m_widgetsChanged = true;
        schedule();
    }
    void refresh()
    {
        if (!m_window)
            return;
        // A chart's description is composed when a screen reader reads it; here it is only
        // announced as changed.
        for (const Chart &chart : m_charts) {
            if (chart.widget && chart.widget->isVisible())
                accessibility::descriptionChanged(chart.widget);
        }
        if (!m_widgetsChanged)
            return;
        m_widgetsChanged = false;
        accessibility::nameControls(m_window);
        accessibility::titleTabs(m_window);
        accessibility::orderTabsByLayout(m_window->centralWidget());
        accessibility::addMnemonics(m_window->menuBar());
    }

private:
    QPointer<MainWindow> m_window;
    std::vector<Chart> m_charts;
    QTimer m_timer;
    bool m_widgetsChanged = true;
};

QString withPlot(const QString &text, const QWidget *chart)
{
    const QString plot = accessibility::plotSummary(chart);
    return plot.isEmpty() ? text : text + QLatin1Char(' ') + plot + QLatin1Char('.');
}

} // namespace

void addHelpActions(MainWindow *window, QMenu *helpMenu)
{
    QAction *first = helpMenu->actions().value(0);
    auto *guide = new QAction(QObject::tr("&Getting Started"), window);
    guide->setShortcuts(QKeySequence::HelpContents);
    guide->setToolTip(QObject::tr("Walk seed 000's nightly scoring job from 95 years to minutes, "
                                  "step by step, in this window"));
    QObject::connect(guide, &QAction::triggered, window,
                     [window]() { showGettingStarted(window); });
    auto *keys = new QAction(QObject::tr("&Keyboard Shortcuts"), window);
    keys->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    keys->setToolTip(QObject::tr("Every shortcut of this window, with its menu"));
    QObject::connect(keys, &QAction::triggered, window,
                     [window]() { keyboardShortcutsDialog(window)->show(); });
    helpMenu->insertAction(first, guide);
    helpMenu->insertAction(first, keys);
    if (first)
        helpMenu->insertSeparator(first);
}

void makeAccessible(MainWindow *window)
{
    auto *keeper = new Keeper(window);
    ScenarioDocument *document = window->document();
    const auto scenario = [document]() -> const Scenario & { return document->scenario(); };
    const auto result = [document]() -> const ScenarioResult & { return document->result(); };
    using namespace accessibility;
    keeper->add(window->amdahlChart(), QObject::tr("Amdahl's law"), [=]() {
        return withPlot(describe::amdahl(scenario(), result()), window->amdahlChart());
    });
    keeper->add(window->waterfallChart(), QObject::tr("Levers: runtime after each"),
                [=]() { return describe::waterfall(result()); });
    keeper->add(window->ganttChart()->plot(), QObject::tr("Pipeline Gantt"),
                [=]() { return describe::gantt(scenario(), result()); });
    keeper->add(window->stageChart(), QObject::tr("Stage times"),
                [=]() { return describe::stages(scenario(), result()); });
    keeper->add(
        window->optionsView()->chart(), QObject::tr("Options: runtime against cost"), [=]() {
            QStringList points;
            for (const options::Row &row : document->planResult().options) {
                if (row.error.isEmpty())
                    points << QObject::tr("%1: %2, %3%4")
                                  .arg(row.name, format::duration(row.runtimeSeconds),
                                       format::money(row.cost, row.currency),
                                       row.efficient ? QObject::tr(" (efficient)") : QString());
            }
            return points.size() > 1
                       ? QObject::tr("Options on runtime against cost: %1.")
                             .arg(points.join(QStringLiteral("; ")))
                       : QObject::tr("Options on runtime against cost: the plan has no options.");
        });
    keeper->add(window->planeView()->chart(), QObject::tr("Two levers"), [=]() {
        return explain::planeLines(document->planResult().plane).join(QLatin1Char(' '));
    });
    TailPanel *tail = window->tailPanel();
    keeper->add(tail->overheadChart(), QObject::tr("Runtime against workers"), [=]() {
        return withPlot(describe::overheads(scenario(), result()), tail->overheadChart());
    });
    keeper->add(tail->histogram(), QObject::tr("Simulated completion time"), [=]() {
        const SimulatedTail *tailResult = document->planResult().simulation.ready();
        const simulation::Result *simulated = tailResult ? &tailResult->result : nullptr;
        if (!simulated)
            return QObject::tr("Simulated completion time: not simulated for these inputs yet.");
        return withPlot(QObject::tr("Simulated completion time over %1 trials: mean %2, P50 %3, "
                                    "P90 %4, P99 %5.")
                            .arg(format::grouped(simulated->trials, 0),
                                 format::duration(simulated->meanSeconds),
                                 format::duration(simulated->p50Seconds),
                                 format::duration(simulated->p90Seconds),
                                 format::duration(simulated->p99Seconds)),
                        tail->histogram());
    });
    TrainingPanel *training = window->trainingPanel();
    keeper->add(training->ganttChart(), QObject::tr("Training schedule"), [=]() {
        return QObject::tr("Training pipeline schedule, forward, backward and weight-gradient "
                           "ops per device over time: %1")
            .arg(describe::training(document->planResult()));
    });
    keeper->add(training->memoryChart(), QObject::tr("Activations held"), [=]() {
        return withPlot(QObject::tr("Microbatches whose activations each device holds over time: "
                                    "%1")
                            .arg(describe::training(document->planResult())),
                        training->memoryChart());
    });
    ProjectPanel *project = window->projectPanel();
    keeper->add(project->estimateChart(), QObject::tr("Plan duration"), [=]() {
        return withPlot(describe::project(document->planResult()), project->estimateChart());
    });
    keeper->add(project->accuracyChart(), QObject::tr("Estimated vs actual"), [=]() {
        const auto &accuracy = document->planResult().project.accuracy;
        const QString text =
            accuracy ? QObject::tr("Estimate against actual of each finished task: median "
                                   "absolute percentage error %1 %.")
                           .arg(format::trimmed(accuracy->medianApe * 100, 1))
                     : QObject::tr("Estimate against actual: no finished task logged yet.");
        return withPlot(text, project->accuracyChart());
    });
    // The risk charts say what they draw from the plan's own rows.
    keeper->add(project->ganttChart(), QObject::tr("Task Gantt"),
                [=]() { return project->ganttChart()->description(); });
    keeper->add(project->tornadoChart(), QObject::tr("Risk drivers"),
                [=]() { return project->tornadoChart()->description(); });
    keeper->add(project->burnUpChart(), QObject::tr("Burn-up"),
                [=]() { return project->burnUpChart()->description(); });
    MeasuredPanel *measured = window->measuredPanel();
    keeper->add(measured->chart(), QObject::tr("Measured runs and fitted laws"), [=]() {
        const Scenario &s = document->scenario();
        const fit::Result &fitted = document->planResult().measured.fit;
        QString text = QObject::tr("%n measured run(s)", nullptr,
                                   static_cast<int>(s.measured.runs.runs.size()));
        if (fitted.amdahl)
            text += QObject::tr("; Amdahl p = %1 (95 %: %2 to %3)")
                        .arg(format::trimmed(fitted.amdahl->p.value, 4),
                             format::trimmed(fitted.amdahl->p.low, 4),
                             format::trimmed(fitted.amdahl->p.high, 4));
        if (fitted.usl)
            text += QObject::tr("; USL σ = %1, κ = %2, %3")
                        .arg(format::trimmed(fitted.usl->sigma.value, 6),
                             format::trimmed(fitted.usl->kappa.value, 6),
                             fitted.usl->peakWorkers
                                 ? QObject::tr("peak at %1 workers")
                                       .arg(format::grouped(*fitted.usl->peakWorkers, 0))
                                 : QObject::tr("no peak"));
        if (!fitted.problem.isEmpty())
            text += QStringLiteral("; ") + fitted.problem;
        return withPlot(text + QLatin1Char('.'), measured->chart());
    });
    HardwarePanel *hardware = window->hardwarePanel();
    keeper->add(hardware->costChart(), QObject::tr("Runtime against cost"), [=]() {
        const CostSeries &c = document->planResult().costCurve;
        QString text =
            QObject::tr("Runtime against cost over worker counts; the plan: %1 workers, %2, %3")
                .arg(format::grouped(c.plan.workers, 0), format::duration(c.plan.runtimeSeconds),
                     format::money(c.plan.cost, c.currency));
        if (c.fewest)
            text += QObject::tr("; the fewest that meet the deadline: %1 workers, %2")
                        .arg(format::grouped(c.fewest->workers, 0),
                             format::money(c.fewest->cost, c.currency));
        return withPlot(text + QLatin1Char('.'), hardware->costChart());
    });
    // Any other chart: named by its group box, described by what it plots.
    for (QCustomPlot *plot : window->findChildren<QCustomPlot *>()) {
        if (!keeper->hasChart(plot))
            keeper->add(plot, enclosingTitle(plot), [plot]() { return plotSummary(plot); });
    }
    QObject::connect(document, &ScenarioDocument::changed, keeper, &Keeper::schedule);
    QObject::connect(document, &ScenarioDocument::loaded, keeper, &Keeper::restructure);
    QObject::connect(window->workspaces(), &QTabWidget::currentChanged, keeper,
                     &Keeper::restructure);
    keeper->refresh();
}

std::vector<ShortcutRow> shortcutRows(const QMainWindow *window)
{
    QHash<const QAction *, QString> paths;
    std::vector<const QAction *> order;
    for (const QAction *top : window->menuBar()->actions()) {
        if (const QMenu *menu = top->menu())
            menuPaths(menu, plainText(menu->title()), paths, order);
    }
    // Actions outside the menus (on a toolbar or the window only) follow.
    for (const QAction *action : window->findChildren<QAction *>()) {
        if (!paths.contains(action) && !action->menu()) {
            paths.insert(action, QObject::tr("Window"));
            order.push_back(action);
        }
    }
    std::vector<ShortcutRow> rows;
    for (const QAction *action : order) {
        if (action->shortcuts().isEmpty())
            continue;
        const QString name = plainText(action->text());
        rows.push_back(
            {action->shortcuts(), name.isEmpty() ? action->toolTip() : name, paths.value(action)});
    }
    for (const QAbstractButton *button : window->findChildren<QAbstractButton *>()) {
        if (button->shortcut().isEmpty())
            continue;
        const QString where = enclosingTitle(button);
        rows.push_back({{button->shortcut()},
                        plainText(button->text()),
                        where.isEmpty() ? QObject::tr("Window") : where});
    }
    return rows;
}

QDialog *keyboardShortcutsDialog(QMainWindow *window)
{
    if (auto *open = window->findChild<QDialog *>(QStringLiteral("keyboardShortcuts"))) {
        open->deleteLater(); // rebuilt: the actions may have changed since
        open->hide();
        open->setObjectName(QString());
    }
    auto *dialog = new QDialog(window);
    dialog->setObjectName(QStringLiteral("keyboardShortcuts"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(QObject::tr("Keyboard Shortcuts"));
    auto *layout = new QVBoxLayout(dialog);
    auto *filter = new QLineEdit(dialog);
    filter->setPlaceholderText(QObject::tr("Filter: type an action, a key or a menu"));
    filter->setClearButtonEnabled(true);
    layout->addWidget(filter);
    const std::vector<ShortcutRow> rows = shortcutRows(window);
    auto *table = new QTableWidget(static_cast<int>(rows.size()), 3, dialog);
    table->setObjectName(QStringLiteral("shortcutTable"));
    table->setAccessibleName(QObject::tr("Keyboard shortcuts"));
    table->setHorizontalHeaderLabels(
        {QObject::tr("Shortcut"), QObject::tr("Action"), QObject::tr("Menu")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setTabKeyNavigation(false);
    for (int row = 0; row < static_cast<int>(rows.size()); ++row) {
        QStringList keys;
        for (const QKeySequence &key : rows[row].keys)
            keys.append(key.toString(QKeySequence::NativeText));
        const QString cells[] = {keys.join(QStringLiteral(", ")), rows[row].action,
                                 rows[row].where};
        for (int column = 0; column < 3; ++column)
            table->setItem(row, column, new QTableWidgetItem(cells[column]));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(table, 1);
    QObject::connect(filter, &QLineEdit::textChanged, table, [table](const QString &text) {
        for (int row = 0; row < table->rowCount(); ++row) {
            bool match = text.isEmpty();
            for (int column = 0; column < 3 && !match; ++column)
                match = table->item(row, column)->text().contains(text, Qt::CaseInsensitive);
            table->setRowHidden(row, !match);
        }
    });
    auto *note = new QLabel(
        QObject::tr("In a value field: Enter commits the typed value, Esc drops it, the arrow "
                    "keys and Page Up/Down step it. Alt with a menu's underlined letter opens "
                    "it; F10 reaches the menu bar."),
        dialog);
    note->setWordWrap(true);
    layout->addWidget(note);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(buttons);
    dialog->resize(620, 520);
    return dialog;
}

// ---- The first-start hint ----

StartHint::StartHint(MainWindow *window, bool remember)
    : QFrame(window), m_window(window), m_text(new QLabel(this)), m_remember(remember)
{
    setObjectName(QStringLiteral("startHint"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    setAccessibleName(tr("Hint"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 3, 3, 3);
    m_text->setText(tr("Drag a slider or type a value: every number and chart follows. "
                       "Help > Getting Started walks the seed story."));
    m_text->setWordWrap(true);
    layout->addWidget(m_text, 1);
    auto *guide = new QPushButton(tr("Getting Started"), this);
    guide->setToolTip(tr("Walk seed 000's story step by step (F1)"));
    connect(guide, &QPushButton::clicked, this, [this]() {
        if (m_window)
            showGettingStarted(m_window);
    });
    layout->addWidget(guide);
    auto *close = new QToolButton(this);
    close->setText(QStringLiteral("✕"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Close this hint; it will not show again"));
    close->setAccessibleName(tr("Close the hint"));
    connect(close, &QToolButton::clicked, this, &StartHint::dismiss);
    layout->addWidget(close);
}

QString StartHint::text() const
{
    return m_text->text();
}

void StartHint::dismiss()
{
    if (m_remember)
        QSettings().setValue(QLatin1String(kStartHintDismissedKey), true);
    hide();
    deleteLater();
}

StartHint *showStartHint(MainWindow *window, bool remember)
{
    if (auto *shown = window->findChild<StartHint *>())
        return shown;
    auto *hint = new StartHint(window, remember);
    // Over the workspaces, under the headline: where the person looks first.
    QWidget *workspaces = window->workspaces();
    if (auto *layout = qobject_cast<QBoxLayout *>(workspaces->parentWidget()->layout())) {
        hint->setParent(workspaces->parentWidget());
        layout->insertWidget(layout->indexOf(workspaces), hint);
    }
    hint->show();
    return hint;
}

void installFirstStartHint(MainWindow *window, bool useSettings)
{
    if (!useSettings || QSettings().value(QLatin1String(kStartHintDismissedKey)).toBool())
        return;
    showStartHint(window, true);
}

// ---- Getting Started ----

GettingStarted::GettingStarted(MainWindow *window)
    : QDockWidget(tr("Getting Started"), window), m_window(window), m_counter(new QLabel),
      m_title(new QLabel), m_text(new QLabel), m_lookAt(new QLabel), m_do(new QPushButton),
      m_back(new QPushButton(tr("&Back"))), m_next(new QPushButton(tr("Ne&xt")))
{
    setObjectName(QStringLiteral("gettingStarted"));
    setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable |
                QDockWidget::DockWidgetFloatable);
    auto *content = new QWidget(this);
    auto *layout = new QVBoxLayout(content);
    // The step in the text colour: palette(mid) was a faint grey on the panel.
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_title->setFont(titleFont);
    for (QLabel *label : {m_title, m_text, m_lookAt}) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_text->setTextFormat(Qt::PlainText);
    m_lookAt->setTextFormat(Qt::PlainText);
    layout->addWidget(m_counter);
    layout->addWidget(m_title);
    layout->addWidget(m_text);
    layout->addWidget(m_lookAt);
    layout->addWidget(m_do);
    layout->addStretch(1);
    auto *navigation = new QHBoxLayout;
    navigation->addWidget(m_back);
    navigation->addStretch(1);
    navigation->addWidget(m_next);
    layout->addLayout(navigation);
    // A step's text scrolls rather than be cut where the window is lower than it (presentation
    // mode on a laptop beside a deadline's longer headline).
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll = scroll;
    fitWidth();
    setWidget(scroll);
    m_do->setToolTip(tr("Does this step for you, as one undoable edit (Ctrl+Z takes it back)"));
    connect(m_do, &QPushButton::clicked, this, &GettingStarted::doStep);
    connect(m_back, &QPushButton::clicked, this, [this]() { setStep(m_current - 1); });
    connect(m_next, &QPushButton::clicked, this, [this]() { setStep(m_current + 1); });
    buildSteps();
    // The numbers follow the document: whoever changes it, the step says what the window shows.
    connect(window->document(), &ScenarioDocument::changed, this, &GettingStarted::refresh);
    setStep(0);
}

void GettingStarted::fitWidth()
{
    QWidget *content = m_scroll->widget();
    const int character = content->fontMetrics().averageCharWidth();
    // At least as wide as its widest button (Do it's longest text in a larger font).
    int least = character * 34;
    for (const QPushButton *button : {m_do, m_back, m_next})
        least = std::max(least, button->sizeHint().width() + 24);
    content->setMinimumWidth(least);
    content->setMaximumWidth(std::max(least, character * 48));
    // Its width leaves the step its own room whether or not the scroll bar shows.
    const int bar = m_scroll->verticalScrollBar()->sizeHint().width();
    m_scroll->setMinimumWidth(content->minimumWidth() + bar);
    m_scroll->setMaximumWidth(content->maximumWidth() + bar);
}

void GettingStarted::changeEvent(QEvent *event)
{
    QDockWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange && m_scroll)
        fitWidth();
}

void GettingStarted::buildSteps()
{
    MainWindow *window = m_window;
    ScenarioDocument *doc = window->document();
    InputsPanel *inputs = window->inputs();
    const auto headline = [doc]() { return explain::headline(doc->scenario(), doc->result()); };
    const auto runtimeText = [doc]() {
        return format::duration(doc->result().effectiveRuntimeSeconds);
    };
    const auto workers = [doc]() {
        const double n = doc->scenario().workload.workers;
        return format::workers(n);
    };
    const auto edit = [doc](const QString &text, const std::function<void(Scenario &)> &change) {
        doc->editScenario(text, change);
    };
    // The Keep fraction row's control, found by its field.
    const auto keepControl = [inputs]() -> QWidget * {
        return inputs->bindings()->control(field(&Scenario::workload, &Workload::keepFraction));
    };
    const auto seed = []() -> std::optional<Scenario> {
        for (const presets::Preset &preset : presets::all()) {
            if (preset.resourcePath.endsWith(QLatin1String("nightly-scoring.json"))) {
                if (const scenariofile::LoadResult loaded = presets::load(preset); loaded.plan)
                    return loaded.plan->scenario;
            }
        }
        return std::nullopt;
    };

    m_steps.push_back(
        {tr("The seed job: will it ever finish?"), tr("Load the seed job"),
         [=]() {
             if (const std::optional<Scenario> scenario = seed())
                 doc->edit(*scenario, tr("Getting Started: the seed job"));
         },
         [=]() {
             // The plan's own work on one worker (W'), so the predictions and the years are
             // the same plan's (the waterfall's top bar is before pre-filtering).
             const ScenarioResult &r = doc->result();
             return tr("Seed 000 scores 150M users with 20 predictions each at 1 s per "
                       "prediction. Load it (File > Open Preset > Nightly scoring job, or the "
                       "button below).\n\nNow: %1 predictions in all. One worker doing them "
                       "one after another would take %2; at %3 the headline says %4.")
                 .arg(headline().totalPredictions, format::duration(r.workSeconds), workers(),
                      runtimeText());
         },
         tr("Look at: the headline's answer and Runtime, and the top bar of \"Levers: runtime "
            "after each\"."),
         [window]() -> QWidget * { return window->headline(); }});

    m_steps.push_back(
        {tr("One worker"), tr("Set 1 worker"),
         [=]() {
             edit(tr("Getting Started: 1 worker"), [](Scenario &s) { s.workload.workers = 1; });
         },
         [=]() {
             return tr("Type 1 into Workers (Scale-out), or drag its slider to the left.\n\nNow: "
                       "at %1 the job takes %2.")
                 .arg(workers(), runtimeText());
         },
         tr("Look at: the headline's Runtime. At 1 worker it is the serial baseline, the "
            "waterfall's top bar."),
         [inputs]() -> QWidget * { return inputs->workersControl(); }});

    m_steps.push_back(
        {tr("Lever 1: pre-filtering"), tr("Keep 50 % of the users"),
         [=]() {
             edit(tr("Getting Started: keep 50 %"),
                  [](Scenario &s) { s.workload.keepFraction = 0.5; });
         },
         [=]() {
             const ScenarioResult &r = doc->result();
             return tr("Dormant users and cached scores need no scoring: set Keep fraction to "
                       "0.5.\n\nNow: %1 users are scored (%2 predictions); the job takes %3 at "
                       "%4.")
                 .arg(format::grouped(r.usersScored, 0), format::grouped(r.totalPredictions, 0),
                      runtimeText(), workers());
         },
         tr("Look at: the Pre-filtering bar of the waterfall."), keepControl});

    m_steps.push_back(
        {tr("Lever 2: an accelerator"), tr("Tick the accelerator"),
         [=]() {
             edit(tr("Getting Started: accelerator"), [](Scenario &s) {
                 if (!s.workload.acceleratorLatencyMs)
                     s.workload.acceleratorLatencyMs = levers::acceleratorStartMs(s.workload);
             });
         },
         [=]() {
             const ScenarioResult &r = doc->result();
             return tr("An inference GPU runs a prediction in about 10 ms instead of 1 s on a "
                       "CPU core: tick \"on\" beside Accelerator lever.\n\nNow: %1 per "
                       "prediction, %2 to score one user; the job takes %3 at %4.")
                 .arg(format::milliseconds(runtime::effectiveLatencyMs(doc->scenario().workload)),
                      format::milliseconds(r.scoringMsPerUser), runtimeText(), workers());
         },
         tr("Look at: the Accelerator bar of the waterfall, and Stage times."),
         [inputs]() -> QWidget * { return inputs->acceleratorControl(); }});

    m_steps.push_back(
        {tr("Lever 3: batching"), tr("Tick batching"),
         [=]() {
             edit(tr("Getting Started: batching"), [](Scenario &s) {
                 if (!s.workload.batchMsPerUser)
                     s.workload.batchMsPerUser = levers::batchStartMs(s.workload);
             });
         },
         [=]() {
             const ScenarioResult &r = doc->result();
             return tr("Grouping a user's predictions into one call saves the per-call overhead: "
                       "tick \"batched\" beside Batching lever (50 ms per user).\n\nNow: %1 to "
                       "score one user; the job takes %2 at %3. Seed 000 itself stays "
                       "conservative and leaves this lever out.")
                 .arg(format::milliseconds(r.scoringMsPerUser), runtimeText(), workers());
         },
         tr("Look at: the Batching bar of the waterfall."),
         [inputs]() -> QWidget * { return inputs->batchingControl(); }});

    m_steps.push_back(
        {tr("Lever 4: workers"), tr("Set 10,000 workers"),
         [=]() {
             edit(tr("Getting Started: 10,000 workers"),
                  [](Scenario &s) { s.workload.workers = 10'000; });
         },
         [=]() {
             return tr("Parallelism comes last: type 10000 (or 10k) into Workers.\n\nNow: the job "
                       "takes %1 at %2, a speedup of %3: with p = %4, the serial part caps "
                       "the speedup however many workers you add (Amdahl's law).")
                 .arg(runtimeText(), workers(), headline().speedup,
                      format::trimmed(doc->scenario().workload.parallelFraction, 4));
         },
         tr("Look at: the Amdahl's law chart, where the curve flattens under its ceiling."),
         [inputs]() -> QWidget * { return inputs->workersControl(); }});

    m_steps.push_back(
        {tr("The naive model: p = 1"), tr("Set p = 1"),
         [=]() {
             edit(tr("Getting Started: p = 1"),
                  [](Scenario &s) { s.workload.parallelFraction = 1; });
         },
         [=]() {
             const double seedSeconds = doc->planResult().unbatchedRuntimeSeconds;
             QString now = tr("Seed 000's table assumes near-linear scaling: set Parallel "
                              "fraction p to 1.\n\nNow: the job takes %1 at %2.")
                               .arg(runtimeText(), workers());
             // Without batching the two are one number: said once.
             if (format::duration(seedSeconds) == runtimeText())
                 return now;
             return now + tr(" Without batching, as seed 000 counts it, it would take %1.")
                              .arg(format::duration(seedSeconds));
         },
         tr("Look at: the headline's Runtime and the waterfall's last bar."),
         [inputs]() -> QWidget * { return inputs->parallelFractionControl(); }});

    m_steps.push_back(
        {tr("Read the waterfall"), tr("Show the waterfall"),
         [window]() {
             window->workspaces()->setCurrentIndex(0);
             window->waterfallChart()->setFocus(Qt::OtherFocusReason);
         },
         [=]() {
             QStringList bars;
             for (const LeverStep &step : doc->result().waterfall)
                 bars.append(QStringLiteral("• ") + step.name + QStringLiteral(": ") +
                             format::duration(step.runtimeSeconds) +
                             (step.applied ? QString() : tr(" (not used)")));
             return tr("Each bar is the runtime after that lever and all before it, on a log "
                       "scale: the levers, not the workers, did most of the work.\n\nNow:\n%1")
                 .arg(bars.join(QLatin1Char('\n')));
         },
         tr("Look at: \"Levers: runtime after each\". Right-click it (or the Menu key) to export "
            "it."),
         [window]() -> QWidget * { return window->waterfallChart(); }});

    m_steps.push_back(
        {tr("Read the headline"), tr("Show how"),
         [window]() {
             for (QToolButton *button : window->headline()->findChildren<QToolButton *>()) {
                 if (button->isCheckable() && !button->isChecked())
                     button->click();
             }
         },
         [=]() {
             const explain::Headline h = headline();
             return tr("The headline answers in one sentence and a few numbers: %1 Press Show "
                       "how (Ctrl+H) for the rest and the formula behind each number.\n\nNow: "
                       "%2 predictions, %3 at %4, %5, speedup %6.")
                 .arg(window->headline()->answerText(), h.totalPredictions, h.runtime, workers(),
                      h.throughput, h.speedup);
         },
         tr("Look at: the numbers under Show how and their formulas. Ctrl+Z undoes the guide's "
            "steps one by one; Ctrl+Shift+R goes back to the seed job."),
         [window]() -> QWidget * { return window->headline(); }});
}

void GettingStarted::setStep(int index)
{
    m_current = std::clamp(index, 0, stepCount() - 1);
    refresh();
    showTarget();
}

void GettingStarted::doStep()
{
    if (!m_window)
        return;
    const Step &step = m_steps[static_cast<size_t>(m_current)];
    step.action();
    refresh();
    showTarget();
}

QString GettingStarted::stepTitle() const
{
    return m_steps[static_cast<size_t>(m_current)].title;
}

QString GettingStarted::stepText() const
{
    return m_steps[static_cast<size_t>(m_current)].text();
}

void GettingStarted::refresh()
{
    if (!m_window)
        return;
    const Step &step = m_steps[static_cast<size_t>(m_current)];
    m_counter->setText(tr("Step %1 of %2").arg(m_current + 1).arg(stepCount()));
    m_title->setText(step.title);
    m_text->setText(step.text());
    m_lookAt->setText(step.lookAt);
    m_do->setText(tr("&Do it: %1").arg(step.actionLabel));
    fitWidth();
    m_back->setEnabled(m_current > 0);
    m_next->setEnabled(m_current + 1 < stepCount());
    // A screen reader hears the step as one text.
    widget()->setAccessibleDescription(step.title + QLatin1Char('\n') + m_text->text());
}

void GettingStarted::showTarget()
{
    if (!m_window)
        return;
    QWidget *target = m_steps[static_cast<size_t>(m_current)].target();
    if (!target)
        return;
    if (m_window->workspaces()->currentIndex() != 0)
        m_window->workspaces()->setCurrentIndex(0);
    if (target->parentWidget() && !target->isVisibleTo(m_window))
        m_window->setInputsVisible(true);
    for (QWidget *scope = target->parentWidget(); scope; scope = scope->parentWidget()) {
        if (auto *scroll = qobject_cast<QScrollArea *>(scope)) {
            scroll->ensureWidgetVisible(target);
            break;
        }
    }
    auto *highlight =
        static_cast<Highlight *>(m_window->findChild<QWidget *>(QStringLiteral("guideHighlight")));
    if (!highlight) {
        highlight = new Highlight(m_window);
        highlight->setObjectName(QStringLiteral("guideHighlight"));
    }
    highlight->over(target);
}

GettingStarted *showGettingStarted(MainWindow *window)
{
    auto *guide = window->findChild<GettingStarted *>();
    if (!guide) {
        guide = new GettingStarted(window);
        // Docked beside the views when the window has room for both as it is; else (a laptop,
        // whose window already fills the screen) the guide floats over the charts' corner:
        // docking would widen the window past the screen (to 1,431 px at 1366 px).
        const QScreen *screen = window->screen();
        const int width = screen ? std::min(window->width(), screen->availableGeometry().width())
                                 : window->width();
        const bool room = window->minimumSizeHint().width() + guide->sizeHint().width() <= width;
        window->addDockWidget(Qt::RightDockWidgetArea, guide);
        if (!room) {
            guide->setFloating(true);
            guide->adjustSize();
            const QRect frame = window->geometry();
            guide->move(frame.right() - guide->width() - 16, frame.top() + frame.height() / 4);
        }
    } else {
        guide->setStep(0);
    }
    guide->show();
    guide->raise();
    return guide;
}

} // namespace pipeplan::help
