// Issue 18 (made for the meeting room), items 8 and 9: help that teaches, and a window a screen
// reader and a keyboard can use.
#include "core/base/format.h"
#include "core/plan/explain.h"
#include "ui/document/presets.h"
#include "ui/document/scenariodocument.h"
#include "ui/model/amdahlchart.h"
#include "ui/model/ganttchart.h"
#include "ui/model/headlinewidget.h"
#include "ui/model/inputspanel.h"
#include "ui/model/scalingview.h"
#include "ui/model/waterfallchart.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/valuecontrol.h"
#include "ui/window/help.h"
#include "ui/window/mainwindow.h"

#include <QAccessible>
#include <QApplication>
#include <QChartView>
#include <QCheckBox>
#include <QDialog>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSlider>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QToolButton>

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace pipeplan;

namespace {

/// Lets queued work run: the accessibility keeper refreshes on the next turn of the event loop.
void settle()
{
    for (int i = 0; i < 3; ++i)
        QApplication::processEvents();
}

bool isInteractiveRole(QAccessible::Role role)
{
    switch (role) {
    case QAccessible::SpinBox:
    case QAccessible::Slider:
    case QAccessible::CheckBox:
    case QAccessible::ComboBox:
    case QAccessible::EditableText:
    case QAccessible::PushButton: // also QAccessible::Button
    case QAccessible::ButtonMenu:
    case QAccessible::ButtonDropDown:
    case QAccessible::RadioButton:
    case QAccessible::Table:
    case QAccessible::List:
    case QAccessible::Tree:
    case QAccessible::PageTab:
        return true;
    default:
        return false;
    }
}

QString describe(QAccessibleInterface *iface)
{
    QObject *object = iface->object();
    return QStringLiteral("%1 '%2' (role %3)")
        .arg(object ? QString::fromLatin1(object->metaObject()->className()) : QStringLiteral("?"),
             object ? object->objectName() : QString())
        .arg(static_cast<int>(iface->role()));
}

/// Walks the visible accessible tree: every interactive control without a name, and every
/// chart with its name and description.
struct Walk
{
    QStringList unnamed;
    QStringList charts;
    QStringList undescribedCharts;
    int controls = 0;

    void visit(QAccessibleInterface *iface, int depth = 0)
    {
        if (!iface || depth > 60 || iface->state().invisible)
            return;
        const QAccessible::Role role = iface->role();
        if (isInteractiveRole(role)) {
            ++controls;
            if (iface->text(QAccessible::Name).trimmed().isEmpty())
                unnamed.append(describe(iface));
        }
        if (role == QAccessible::Chart) {
            charts.append(iface->text(QAccessible::Name));
            if (iface->text(QAccessible::Name).isEmpty() ||
                iface->text(QAccessible::Description).isEmpty())
                undescribedCharts.append(describe(iface));
        }
        // Table cells are named by their content; walking thousands of them proves nothing.
        if (role == QAccessible::Table)
            return;
        for (int i = 0; i < iface->childCount(); ++i)
            visit(iface->child(i), depth + 1);
    }
};

QString menuItemsWithoutMnemonic(QMenu *menu, const QString &path)
{
    emit menu->aboutToShow(); // as when the person opens it
    QStringList missing;
    for (const QAction *action : menu->actions()) {
        if (action->isSeparator() || action->text().isEmpty())
            continue;
        QString text = action->text();
        text.remove(QLatin1String("&&"));
        if (!text.contains(QLatin1Char('&')))
            missing.append(path + QStringLiteral(" > ") + action->text());
        if (QMenu *sub = action->menu())
            missing.append(
                menuItemsWithoutMnemonic(sub, path + QStringLiteral(" > ") + sub->title()));
    }
    missing.removeAll(QString());
    return missing.join(QStringLiteral(", "));
}

Scenario seedScenario()
{
    for (const presets::Preset &preset : presets::all()) {
        if (preset.resourcePath.endsWith(QLatin1String("nightly-scoring.json")))
            return presets::load(preset).plan->scenario;
    }
    return {};
}

} // namespace

TEST(AccessibilityTree, EveryVisibleControlHasANameAndEveryChartADescriptionInEachWorkspace)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    // Rows added after construction (a second stage) are named too.
    window.document()->editScenario(QStringLiteral("add"), [](Scenario &s) {
        s.stages.insert(s.stages.begin(), Stage{QStringLiteral("fetch"), 250, false});
    });
    settle();
    for (int workspace = 0; workspace < window.workspaces()->count(); ++workspace) {
        window.workspaces()->setCurrentIndex(workspace);
        settle();
        Walk walk;
        walk.visit(QAccessible::queryAccessibleInterface(&window));
        EXPECT_GT(walk.controls, 10) << "workspace " << workspace;
        EXPECT_TRUE(walk.unnamed.isEmpty())
            << "workspace " << workspace << ": "
            << walk.unnamed.join(QStringLiteral("; ")).toStdString();
        EXPECT_FALSE(walk.charts.isEmpty()) << "workspace " << workspace;
        EXPECT_TRUE(walk.undescribedCharts.isEmpty())
            << "workspace " << workspace << ": "
            << walk.undescribedCharts.join(QStringLiteral("; ")).toStdString();
    }
    // Every chart of the window, shown or not, is announced as a chart with a description.
    QList<QWidget *> charts;
    for (QCustomPlot *plot : window.findChildren<QCustomPlot *>())
        charts.append(plot);
    for (QChartView *view : window.findChildren<QChartView *>())
        charts.append(view);
    EXPECT_GE(charts.size(), 10);
    for (QWidget *chart : charts) {
        QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(chart);
        ASSERT_NE(iface, nullptr);
        EXPECT_EQ(iface->role(), QAccessible::Chart) << chart->metaObject()->className();
        EXPECT_FALSE(iface->text(QAccessible::Name).isEmpty()) << chart->metaObject()->className();
        EXPECT_FALSE(iface->text(QAccessible::Description).isEmpty())
            << chart->metaObject()->className();
    }
}

TEST(AccessibilityTree, ChartDescriptionsFollowTheDocument)
{
    MainWindow window(MainWindow::Options::headless());
    settle();
    ScenarioDocument *doc = window.document();
    const auto waterfall = [&window]() {
        return QAccessible::queryAccessibleInterface(window.waterfallChart())
            ->text(QAccessible::Description);
    };
    EXPECT_TRUE(waterfall().contains(QStringLiteral("95.06 years"))) << waterfall().toStdString();
    doc->editScenario(QStringLiteral("keep half"),
                      [](Scenario &s) { s.workload.keepFraction = 0.5; });
    settle();
    // The numbers core computes for the new scenario, as the chart draws them.
    for (const LeverStep &step : doc->result().waterfall)
        EXPECT_TRUE(waterfall().contains(format::duration(step.runtimeSeconds)))
            << waterfall().toStdString();
    EXPECT_TRUE(waterfall().contains(QStringLiteral("47.53 years")));
    const QString amdahl =
        QAccessible::queryAccessibleInterface(window.amdahlChart())->text(QAccessible::Description);
    EXPECT_TRUE(amdahl.contains(explain::speedup(doc->scenario(), doc->result())))
        << amdahl.toStdString();
}

TEST(AccessibilityTree, ValueControlsAreNamedByTheirLabelAndUnit)
{
    MainWindow window(MainWindow::Options::headless());
    settle();
    ValueControl *latency = window.inputs()->latencyControl();
    EXPECT_EQ(latency->spinBox()->accessibleName(), QStringLiteral("Latency per prediction (ms)"));
    EXPECT_EQ(latency->slider()->accessibleName(), QStringLiteral("Latency per prediction (ms)"));
    EXPECT_EQ(latency->slider()->accessibleDescription(), latency->toolTip());
    EXPECT_FALSE(latency->toolTip().isEmpty());
    // A count's unit is in its name already: "Workers", not "Workers (workers)".
    EXPECT_EQ(window.inputs()->workersControl()->spinBox()->accessibleName(),
              QStringLiteral("Workers"));
    EXPECT_EQ(window.inputs()->acceleratorControl()->checkBox()->accessibleName(),
              QStringLiteral("Accelerator lever: on"));
    // The slider reads the field's value, not its position on a 0 to 1,000 log scale.
    QAccessibleInterface *slider =
        QAccessible::queryAccessibleInterface(window.inputs()->workersControl()->slider());
    ASSERT_NE(slider->valueInterface(), nullptr);
    EXPECT_EQ(slider->valueInterface()->currentValue().toDouble(), 10'000);
    EXPECT_EQ(slider->text(QAccessible::Value), QStringLiteral("10,000 workers"));
    slider->valueInterface()->setCurrentValue(500.0);
    EXPECT_EQ(window.document()->scenario().workload.workers, 500);
    // The form's label leads to the field.
    QAccessibleInterface *spin =
        QAccessible::queryAccessibleInterface(window.inputs()->usersControl()->spinBox());
    EXPECT_EQ(spin->text(QAccessible::Name), QStringLiteral("Users"));
}

TEST(AccessibilityTabOrder, InputsTopToBottomThenTheViews)
{
    MainWindow window(MainWindow::Options::headless());
    window.show();
    // A stage added later joins the inputs, not the end of the chain.
    window.document()->editScenario(QStringLiteral("add"), [](Scenario &s) {
        s.stages.push_back(Stage{QStringLiteral("write"), 10, false});
    });
    settle();
    QList<QWidget *> chain;
    // The tab bar heads the chain: the inputs live on the Model page (the tabs start at x = 0 on
    // every workspace, issue 32).
    QWidget *widget = window.workspaces()->tabBar();
    for (int i = 0; i < 2000 && widget; ++i) {
        if (chain.contains(widget))
            break;
        chain.append(widget);
        widget = widget->nextInFocusChain();
    }
    const auto at = [&chain](QWidget *w) { return chain.indexOf(w); };

    InputsPanel *inputs = window.inputs();
    QWidget *lastStageName = nullptr;
    for (QLineEdit *edit : inputs->findChildren<QLineEdit *>()) {
        if (edit->text() == QLatin1String("write"))
            lastStageName = edit;
    }
    ASSERT_NE(lastStageName, nullptr);
    EXPECT_EQ(at(window.workspaces()->tabBar()), 0);
    EXPECT_LT(at(window.workspaces()->tabBar()), at(inputs->nameEdit()));
    EXPECT_LT(at(inputs->nameEdit()), at(inputs->usersControl()->spinBox()));
    EXPECT_LT(at(inputs->usersControl()->slider()), at(inputs->usersControl()->spinBox()));
    EXPECT_LT(at(inputs->usersControl()->spinBox()), at(inputs->latencyControl()->spinBox()));
    EXPECT_LT(at(inputs->latencyControl()->spinBox()), at(inputs->workersControl()->spinBox()));
    EXPECT_LT(at(inputs->workersControl()->spinBox()), at(lastStageName));
    EXPECT_LT(at(lastStageName), at(window.amdahlChart()));
    // Two stages: the Gantt is the view under the table and Amdahl (issue 52).
    EXPECT_LT(at(window.amdahlChart()), at(window.ganttChart()->balanceToggle()));
}

TEST(HelpMenus, EveryMenuItemHasAMnemonic)
{
    MainWindow window(MainWindow::Options::headless());
    settle();
    QStringList missing;
    for (const QAction *top : window.menuBar()->actions()) {
        EXPECT_TRUE(top->text().contains(QLatin1Char('&'))) << top->text().toStdString();
        if (QMenu *menu = top->menu())
            missing.append(menuItemsWithoutMnemonic(menu, menu->title()));
    }
    missing.removeAll(QString());
    EXPECT_TRUE(missing.isEmpty()) << missing.join(QStringLiteral("; ")).toStdString();
}

TEST(HelpShortcuts, TheDialogListsEveryActionShortcutWithItsMenu)
{
    MainWindow window(MainWindow::Options::headless());
    QDialog *dialog = help::keyboardShortcutsDialog(&window);
    auto *table = dialog->findChild<QTableWidget *>(QStringLiteral("shortcutTable"));
    ASSERT_NE(table, nullptr);
    const auto rowWith = [table](const QKeySequence &key) {
        const QString text = key.toString(QKeySequence::NativeText);
        for (int row = 0; row < table->rowCount(); ++row) {
            if (table->item(row, 0)->text().split(QStringLiteral(", ")).contains(text))
                return row;
        }
        return -1;
    };
    const int save = rowWith(QKeySequence(Qt::CTRL | Qt::Key_S));
    const int undo = rowWith(QKeySequence(Qt::CTRL | Qt::Key_Z));
    const int presentation = rowWith(QKeySequence(Qt::Key_F11));
    ASSERT_GE(save, 0);
    ASSERT_GE(undo, 0);
    ASSERT_GE(presentation, 0);
    EXPECT_EQ(table->item(save, 1)->text(), QStringLiteral("Save"));
    EXPECT_EQ(table->item(save, 2)->text(), QStringLiteral("File"));
    EXPECT_EQ(table->item(undo, 2)->text(), QStringLiteral("Edit"));
    EXPECT_EQ(table->item(presentation, 1)->text(), QStringLiteral("Presentation Mode"));
    EXPECT_EQ(table->item(presentation, 2)->text(), QStringLiteral("View"));
    // The guide and the dialog itself are listed; so is the headline's Show how button.
    EXPECT_GE(rowWith(QKeySequence(Qt::Key_F1)), 0);
    EXPECT_GE(rowWith(QKeySequence(Qt::CTRL | Qt::Key_H)), 0);
    // Built from the actions: one row per action with a shortcut.
    int withShortcut = 0;
    for (const QAction *action : window.findChildren<QAction *>())
        withShortcut += action->shortcuts().isEmpty() ? 0 : 1;
    EXPECT_GE(table->rowCount(), withShortcut);
    delete dialog;
}

// Issue 32: at 1366x768 Getting Started does not widen the window (it did, to 1,431 px, its
// Next and close buttons off screen): it floats inside the window's width.
TEST(HelpGettingStarted, ALaptopWindowKeepsItsWidthAndTheGuideItsButtons)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    QCoreApplication::processEvents();
    const int before = window.width();
    help::GettingStarted *guide = help::showGettingStarted(&window);
    QCoreApplication::processEvents();
    EXPECT_EQ(window.width(), before);
    EXPECT_LE(window.width(), 1366);
    const QRect frame = window.geometry();
    const QRect shown(guide->mapToGlobal(QPoint(0, 0)), guide->size());
    EXPECT_LE(shown.right(), frame.right()) << shown.right() << " > " << frame.right();
    EXPECT_GE(shown.left(), frame.left());
}

namespace {
/// WCAG 2's relative luminance of `c` (sRGB).
double luminance(const QColor &c)
{
    const auto channel = [](double v) {
        return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

/// The contrast of the most contrasting pixel of `image` with its top-left one (the background):
/// a text's own colour, where its strokes are solid.
double textContrast(const QImage &image)
{
    const double background = luminance(image.pixelColor(0, 0));
    double best = 1;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const double l = luminance(image.pixelColor(x, y));
            best =
                std::max(best, (std::max(l, background) + 0.05) / (std::min(l, background) + 0.05));
        }
    }
    return best;
}
} // namespace

// Issue 32: docked beside the views, the guide's blue frame around the headline was placed
// before the dock narrowed the headline, so it ran across the guide's title bar and "Step 1 of
// 9"; and that step was a faint grey (palette(mid)). The frame follows the headline and stays
// off the guide; the step reads at 4.5:1 or more in every theme.
TEST(HelpGettingStarted, TheHighlightStaysOffTheGuideAndTheStepReads)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1600, 900);
    window.show();
    QCoreApplication::processEvents();
    help::GettingStarted *guide = help::showGettingStarted(&window);
    guide->setFloating(false); // docked, as on a screen with room for it
    QTest::qWait(50);
    ASSERT_FALSE(guide->isFloating());
    ASSERT_EQ(guide->currentStep(), 0);
    const auto *highlight = window.findChild<QWidget *>(QStringLiteral("guideHighlight"));
    ASSERT_NE(highlight, nullptr);
    ASSERT_TRUE(highlight->isVisible());
    const QWidget *headline = window.headline();
    const QRect target(headline->mapTo(&window, QPoint(0, 0)), headline->size());
    EXPECT_EQ(highlight->geometry(),
              target.adjusted(-4, -4, 4, 4) & window.centralWidget()->geometry());
    const QRect panel(guide->mapTo(&window, QPoint(0, 0)), guide->size());
    EXPECT_FALSE(highlight->geometry().intersects(panel))
        << "frame right " << highlight->geometry().right() << ", guide left " << panel.left();
    EXPECT_LT(highlight->geometry().right(), panel.left());

    EXPECT_EQ(guide->counterLabel()->text(), QStringLiteral("Step 1 of 9"));
    for (const appearance::Theme theme :
         {appearance::Theme::System, appearance::Theme::Light, appearance::Theme::Dark}) {
        window.setLook({theme, false});
        QCoreApplication::processEvents();
        const QImage step = guide->counterLabel()->grab().toImage();
        EXPECT_GE(textContrast(step), 4.5) << "theme " << static_cast<int>(theme);
    }
    window.setLook({appearance::Theme::System, false});
}

namespace {
/// The strongest contrast with `surround` along the left edge of `field` as drawn (its first three
/// columns at half height): where a person sees the field's border, or nothing.
double leftEdgeContrast(QWidget *field, const QColor &surround)
{
    const QImage image = field->grab().toImage();
    const double around = luminance(surround);
    double best = 1;
    for (int x = 0; x < std::min(3, image.width()); ++x) {
        const double l = luminance(image.pixelColor(x, image.height() / 2));
        best = std::max(best, (std::max(l, around) + 0.05) / (std::min(l, around) + 0.05));
    }
    return best;
}
} // namespace

// On the dark theme a field's frame was the window's colour darkened, about 1.1:1 on a group
// box, and the Worker counts field read as plain text, in presentation mode too (black on
// black). Every editable field's edge reads at 3:1 against the window around it, the least a
// control's boundary needs; the light theme keeps the style's own frame.
TEST(DarkTheme, EveryEditableFieldHasAVisibleEdge)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    QCoreApplication::processEvents();
    for (const bool presentation : {false, true}) {
        window.setLook({appearance::Theme::Dark, presentation});
        if (QWidget *focused = QApplication::focusWidget())
            focused->clearFocus(); // a focused field shows the style's highlight instead
        QCoreApplication::processEvents();
        const QColor surround = QApplication::palette().color(QPalette::Window);
        const std::vector<std::pair<const char *, QWidget *>> fields = {
            {"worker counts", window.scaling()->workerCountsEdit()},
            {"workers spin box", window.inputs()->workersControl()->spinBox()},
            {"notes", window.inputs()->notesEdit()},
        };
        for (const auto &[name, field] : fields) {
            ASSERT_NE(field, nullptr) << name;
            if (!field->isVisible())
                continue; // presentation mode hides the inputs
            EXPECT_GE(leftEdgeContrast(field, surround), 3.0)
                << name << (presentation ? " (presentation)" : "");
        }
        EXPECT_GE(leftEdgeContrast(window.scaling()->workerCountsEdit(), surround), 3.0);
    }
    window.setLook({appearance::Theme::System, false});
}

TEST(HelpGettingStarted, StepsWalkTheSeedStoryOnTheDocument)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    ScenarioDocument *doc = window.document();
    // Start from something else: the guide loads the seed job itself.
    doc->editScenario(QStringLiteral("elsewhere"), [](Scenario &s) { s.workload.users = 1000; });
    help::GettingStarted *guide = help::showGettingStarted(&window);
    ASSERT_EQ(guide->stepCount(), 9);
    EXPECT_TRUE(guide->isVisible());
    const auto shownRuntime = [&window]() {
        return window.headline()->valueText(HeadlineWidget::Runtime);
    };

    guide->setStep(0);
    guide->doStep();
    EXPECT_EQ(doc->scenario(), seedScenario());
    EXPECT_TRUE(guide->stepText().contains(QStringLiteral("3,000,000,000")));
    EXPECT_TRUE(guide->stepText().contains(QStringLiteral("95.06 years")));
    EXPECT_TRUE(guide->stepText().contains(shownRuntime())) << guide->stepText().toStdString();

    guide->setStep(1);
    guide->doStep();
    EXPECT_EQ(doc->scenario().workload.workers, 1);
    EXPECT_EQ(shownRuntime(), QStringLiteral("95.06 years"));
    EXPECT_TRUE(guide->stepText().contains(QStringLiteral("95.06 years")));

    guide->setStep(2);
    guide->doStep();
    EXPECT_EQ(doc->scenario().workload.keepFraction, 0.5);
    EXPECT_TRUE(guide->stepText().contains(QStringLiteral("75,000,000 users")));
    EXPECT_TRUE(guide->stepText().contains(shownRuntime()));

    guide->setStep(3);
    guide->doStep();
    EXPECT_EQ(doc->scenario().workload.acceleratorLatencyMs, 10.0);
    EXPECT_TRUE(window.inputs()->acceleratorControl()->checkBox()->isChecked());
    EXPECT_TRUE(guide->stepText().contains(QStringLiteral("173.61 days")))
        << guide->stepText().toStdString();

    guide->setStep(4);
    guide->doStep();
    EXPECT_EQ(doc->scenario().workload.batchMsPerUser, 50.0);
    EXPECT_TRUE(guide->stepText().contains(shownRuntime()));

    guide->setStep(5);
    guide->doStep();
    EXPECT_EQ(doc->scenario().workload.workers, 10'000);
    EXPECT_TRUE(guide->stepText().contains(shownRuntime()));

    guide->setStep(6);
    guide->doStep();
    EXPECT_EQ(doc->scenario().workload.parallelFraction, 1.0);
    // Seed 000's own sum (no batching): 75M x 0.2 s / 10,000 = 1,500 s.
    EXPECT_TRUE(guide->stepText().contains(QStringLiteral("25 minutes")))
        << guide->stepText().toStdString();

    // The waterfall's last bar is the runtime core computes for the scenario the steps built.
    Scenario expected = seedScenario();
    expected.workload.keepFraction = 0.5;
    expected.workload.acceleratorLatencyMs = 10;
    expected.workload.batchMsPerUser = 50;
    expected.workload.workers = 10'000;
    expected.workload.parallelFraction = 1;
    EXPECT_EQ(doc->scenario(), expected);
    const ScenarioResult core = evaluate(expected);
    ASSERT_FALSE(doc->result().waterfall.empty());
    EXPECT_EQ(doc->result().waterfall.back().runtimeSeconds, core.waterfall.back().runtimeSeconds);
    EXPECT_EQ(shownRuntime(), format::duration(core.effectiveRuntimeSeconds));

    guide->setStep(7);
    guide->doStep();
    for (const LeverStep &step : core.waterfall)
        EXPECT_TRUE(guide->stepText().contains(format::duration(step.runtimeSeconds)));

    guide->setStep(8);
    guide->doStep();
    EXPECT_TRUE(guide->stepText().contains(shownRuntime()));
    EXPECT_TRUE(guide->stepText().contains(window.headline()->valueText(HeadlineWidget::Speedup)));
    // Every step is one undoable edit: undo walks back to where the person was.
    while (doc->undoStack()->canUndo())
        doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().workload.users, defaultScenario().workload.users);
}

TEST(HelpStartHint, ShownOverTheWorkspacesOnFirstStartAndGoneOnceClosed)
{
    QSettings().remove(QLatin1String(help::kStartHintDismissedKey));
    {
        MainWindow window(MainWindow::Options::headless());
        EXPECT_EQ(window.findChild<help::StartHint *>(), nullptr); // headless: not unless asked
        help::StartHint *hint = help::showStartHint(&window);
        window.show();
        settle();
        EXPECT_TRUE(hint->isVisible());
        EXPECT_TRUE(hint->text().contains(QStringLiteral("Help > Getting Started")));
        // Directly over the workspaces.
        EXPECT_LT(hint->mapTo(&window, QPoint(0, 0)).y(),
                  window.workspaces()->mapTo(&window, QPoint(0, 0)).y());
        QAccessibleInterface *close = nullptr;
        for (QToolButton *button : hint->findChildren<QToolButton *>())
            close = QAccessible::queryAccessibleInterface(button);
        ASSERT_NE(close, nullptr);
        EXPECT_FALSE(close->text(QAccessible::Name).isEmpty());
    }
    {
        // A first start with settings: shown; closing it is remembered.
        MainWindow window(MainWindow::Options::headless());
        help::installFirstStartHint(&window, true);
        help::StartHint *hint = window.findChild<help::StartHint *>();
        ASSERT_NE(hint, nullptr);
        hint->dismiss();
        EXPECT_TRUE(QSettings().value(QLatin1String(help::kStartHintDismissedKey)).toBool());
    }
    {
        MainWindow window(MainWindow::Options::headless());
        help::installFirstStartHint(&window, true);
        EXPECT_EQ(window.findChild<help::StartHint *>(), nullptr);
    }
    QSettings().remove(QLatin1String(help::kStartHintDismissedKey));
}
