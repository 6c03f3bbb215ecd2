// The window shows the plan: after opening a file or a preset (from the default plan or from
// another preset), undo and redo, every bound control shows the plan's value and every choice
// box the plan's choice. Checked through the bindings themselves, so a control added to any
// panel's bindings is covered without a list here.
#include "core/model/scenario.h"
#include "tests/support/windowtest.h"
#include "ui/document/presets.h"
#include "ui/document/scenariobindings.h"
#include "ui/document/scenariodocument.h"
#include "ui/model/inputspanel.h"
#include "ui/widgets/valuecontrol.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTabWidget>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <memory>

using namespace pipeplan;

namespace {

std::unique_ptr<MainWindow> shownWindow()
{
    auto window = std::make_unique<MainWindow>(MainWindow::Options::headless());
    window->resize(1366, 740);
    window->show();
    return window;
}

using testsupport::openPreset;
using testsupport::presetTitle;

/// Every control of every workspace that does not show the plan, named. Each workspace is shown
/// in turn, as a person looks at it (a hidden workspace refreshes when it is shown).
QStringList notShowing(MainWindow &window)
{
    const Scenario &plan = window.document()->scenario();
    QStringList wrong = window.inputs()->notShowing();
    QTabWidget *workspaces = window.workspaces();
    const int current = workspaces->currentIndex();
    for (int i = 0; i < workspaces->count(); ++i) {
        workspaces->setCurrentIndex(i);
        QCoreApplication::processEvents();
        for (const ScenarioBindings *bindings : window.findChildren<ScenarioBindings *>()) {
            const auto *owner = qobject_cast<const QWidget *>(bindings->parent());
            if (owner && owner->isVisible())
                wrong << bindings->notShowing(plan);
        }
    }
    workspaces->setCurrentIndex(current);
    wrong.removeDuplicates();
    return wrong;
}

/// The preset's menu title, found by its file name.

QString joined(const QStringList &list)
{
    return list.join(QStringLiteral("; "));
}

QComboBox *executionBox(const MainWindow &window)
{
    for (QComboBox *box : window.inputs()->findChildren<QComboBox *>()) {
        if (box->accessibleName() == QLatin1String("Execution"))
            return box;
    }
    return nullptr;
}

} // namespace

TEST(WindowShowsThePlan, SeedOneOpensPipelinedFromTheDefault)
{
    auto window = shownWindow();
    openPreset(*window, presetTitle("seed001-pipeline.json"));
    ASSERT_EQ(window->document()->scenario().execution, Execution::Pipelined);
    ASSERT_NE(executionBox(*window), nullptr);
    EXPECT_EQ(executionBox(*window)->currentText(), QStringLiteral("Pipelined (slowest stage)"));
    EXPECT_EQ(joined(notShowing(*window)), QString());
}

TEST(WindowShowsThePlan, FiveStageOpensPipelinedAndNightlySequentialAfterIt)
{
    auto window = shownWindow();
    openPreset(*window, presetTitle("five-stage.json"));
    ASSERT_EQ(window->document()->scenario().execution, Execution::Pipelined);
    EXPECT_EQ(executionBox(*window)->currentIndex(), 1);
    openPreset(*window, presetTitle("nightly-scoring.json"));
    ASSERT_EQ(window->document()->scenario().execution, Execution::Sequential);
    EXPECT_EQ(executionBox(*window)->currentText(), QStringLiteral("Sequential (sum of stages)"));
    EXPECT_EQ(joined(notShowing(*window)), QString());
}

// Four stages with the scoring stage first, then seed 001 (its scoring stage third): every
// stage row is made again and shows the plan's 10 ms, never the control's own minimum of
// 0.01 ms (which one click on a spin arrow then wrote into the plan).
TEST(WindowShowsThePlan, OpenPresetSeedOneWhileFourStagesShowGivesTheStagesTimes)
{
    auto window = shownWindow();
    ScenarioDocument *document = window->document();
    for (int i = 0; i < 3; ++i) {
        ASSERT_TRUE(document->editScenario(QStringLiteral("Add stage"), [](Scenario &s) {
            s.stages.push_back(Stage{QStringLiteral("extra"), 3, false});
        }));
    }
    ASSERT_EQ(document->scenario().stages.size(), 4u);
    ASSERT_TRUE(document->scenario().stages[0].isScoring);
    document->undoStack()->setClean();
    openPreset(*window, presetTitle("seed001-pipeline.json"));
    const Scenario &plan = document->scenario();
    ASSERT_TRUE(plan.stages[2].isScoring);
    for (int i : {0, 1, 3}) {
        ValueControl *time = window->inputs()->stageTimeControl(i);
        ASSERT_NE(time, nullptr) << i;
        EXPECT_EQ(time->value(), 10.0) << i;
    }
    EXPECT_EQ(joined(notShowing(*window)), QString());
}

// Every preset, opened from the default plan and from every other preset, then an edit undone
// and redone: the window shows the plan each time.
TEST(WindowShowsThePlan, EveryPresetFromTheDefaultAndFromEveryOtherAfterUndoAndRedo)
{
    const std::vector<presets::Preset> all = presets::all();
    for (const presets::Preset &from : all) {
        auto window = shownWindow();
        openPreset(*window, from.title);
        EXPECT_EQ(joined(notShowing(*window)), QString()) << from.title.toStdString();
        for (const presets::Preset &to : all) {
            openPreset(*window, to.title);
            EXPECT_EQ(joined(notShowing(*window)), QString())
                << from.title.toStdString() << " then " << to.title.toStdString();
        }
        ScenarioDocument *document = window->document();
        ASSERT_TRUE(document->editScenario(QStringLiteral("Pipelined"), [](Scenario &s) {
            s.execution =
                s.execution == Execution::Pipelined ? Execution::Sequential : Execution::Pipelined;
            s.workload.workers *= 2;
        }));
        EXPECT_EQ(joined(notShowing(*window)), QString()) << "after an edit";
        document->undoStack()->undo();
        EXPECT_EQ(joined(notShowing(*window)), QString()) << "after undo";
        document->undoStack()->redo();
        EXPECT_EQ(joined(notShowing(*window)), QString()) << "after redo";
    }
}

// Reset, stepping through the options (each applied on the plan, then the plan again), and a
// saved plan opened again: the window shows the plan after each, through every binding.
TEST(WindowShowsThePlan, AfterResetSteppingThroughOptionsAndOpeningASavedFile)
{
    auto window = shownWindow();
    ScenarioDocument *document = window->document();
    openPreset(*window, presetTitle("seed001-pipeline.json"));
    Scenario withOptions = document->scenario();
    withOptions.options = {
        {QStringLiteral("sequential, half the users"),
         {{QStringLiteral("workload.users"), QStringLiteral("50000")},
          {QStringLiteral("workload.workers"), QStringLiteral("3")}}},
        {QStringLiteral("GPU"),
         {{QStringLiteral("workload.accelerator_latency_ms"), QStringLiteral("2")}}},
    };
    ASSERT_TRUE(document->edit(withOptions, QStringLiteral("Options")));
    const Scenario plan = document->scenario();
    for (int step = 0; step < 3; ++step) {
        window->nextOptionAction()->trigger();
        EXPECT_EQ(joined(notShowing(*window)), QString()) << "option step " << step;
    }
    EXPECT_EQ(document->scenario(), plan); // past the last option: the plan again

    const QString path = QDir::temp().filePath(
        QStringLiteral("pipeplan-showsplan-%1.json").arg(QCoreApplication::applicationPid()));
    QString error;
    ASSERT_TRUE(window->saveFile(path, &error)) << error.toStdString();
    for (QAction *action : window->findChildren<QAction *>()) {
        if (action->text() == QStringLiteral("Reset to &Defaults"))
            action->trigger();
    }
    EXPECT_EQ(document->scenario().stages.size(), 1u);
    EXPECT_EQ(joined(notShowing(*window)), QString()) << "after Reset";
    ASSERT_TRUE(window->openFile(path, &error)) << error.toStdString();
    EXPECT_EQ(document->scenario(), plan);
    EXPECT_EQ(joined(notShowing(*window)), QString()) << "after opening the saved file";
    QFile::remove(path);
}
