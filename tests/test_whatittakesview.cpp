// Issue 35 in the window: "What it would take" beside the scaling table, its Apply buttons and
// the headline's fewest workers, as a person uses them.

#include "core/plan/explain.h"
#include "core/plan/options.h"
#include "core/plan/scenariofile.h"
#include "tests/support/presets.h"
#include "ui/document/scenariodocument.h"
#include "ui/model/headlinewidget.h"
#include "ui/model/inputspanel.h"
#include "ui/model/optiondialog.h"
#include "ui/model/optionsview.h"
#include "ui/model/planechart.h"
#include "ui/model/planeview.h"
#include "ui/model/scalingview.h"
#include "ui/model/whatittakesview.h"
#include "ui/widgets/valuecontrol.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace pipeplan;

namespace {

using testsupport::loadPreset;

void typeInto(ValueControl *control, const QString &text)
{
    control->spinBox()->setFocus(Qt::MouseFocusReason);
    control->lineEdit()->selectAll();
    QTest::keyClicks(control->spinBox(), text);
    QTest::keyClick(control->spinBox(), Qt::Key_Return);
}

int rowOf(const WhatItTakesView *view, const QString &lever)
{
    for (int row = 0; row < view->table()->rowCount(); ++row)
        if (view->table()->item(row, 0)->text() == lever)
            return row;
    return -1;
}

} // namespace

// The acceptance's overnight story in four actions: (1) set the deadline, (2) read the table
// (it comes forward by itself), (3) apply one row, (4) read "meets" in the headline. The table
// shows core's rows; Apply is one undo step.
TEST(WhatItTakesWindow, TheOvernightStoryInFourActions)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    ScenarioDocument *doc = window.document();
    doc->load(loadPreset(QStringLiteral("nightly-scoring.json")), QString());
    ASSERT_EQ(window.answers()->currentWidget(), static_cast<QWidget *>(window.scaling()));

    // 1. The deadline: tick "Finish within" and type 8 hours.
    ValueControl *deadline = window.inputs()->deadlineControl();
    QTest::mouseClick(deadline->checkBox(), Qt::LeftButton);
    typeInto(deadline, QStringLiteral("8"));
    ASSERT_EQ(doc->scenario().goal.deadlineSeconds, std::optional(8 * 3600.0));
    EXPECT_FALSE(doc->planResult().whatItTakes.meetsNow);

    // 2. The table is in front, and it is core's rows.
    WhatItTakesView *view = window.whatItTakes();
    ASSERT_EQ(window.answers()->currentWidget(), static_cast<QWidget *>(view));
    const whatittakes::Result &takes = doc->planResult().whatItTakes;
    const std::vector<QStringList> rows = explain::whatItTakesRows(takes);
    ASSERT_EQ(view->table()->rowCount(), static_cast<int>(rows.size()) - 1);
    for (int row = 0; row < view->table()->rowCount(); ++row) {
        EXPECT_EQ(view->table()->item(row, 0)->text(), rows[static_cast<size_t>(row) + 1][0]);
        EXPECT_EQ(view->table()->item(row, 1)->text(), rows[static_cast<size_t>(row) + 1][1]);
    }
    EXPECT_TRUE(view->summaryText().startsWith(QStringLiteral("What it would take to finish "
                                                              "within 8 hours")));
    // The workers cannot alone: p = 0.98 leaves a serial 2 %, 16.67 hours, over 8.
    const int workers = rowOf(view, QStringLiteral("Workers"));
    ASSERT_GE(workers, 0);
    EXPECT_EQ(view->table()->item(workers, 1)->text(), QStringLiteral("cannot alone"));
    auto *workersApply = qobject_cast<QPushButton *>(
        view->table()->cellWidget(workers, WhatItTakesView::kApplyColumn));
    ASSERT_NE(workersApply, nullptr);
    EXPECT_FALSE(workersApply->isEnabled());

    // 3. Apply the latency's row.
    const int latency = rowOf(view, QStringLiteral("Latency per prediction"));
    ASSERT_GE(latency, 0);
    const whatittakes::Row expected = takes.rows[static_cast<size_t>(latency)];
    ASSERT_TRUE(expected.needed);
    auto *apply = qobject_cast<QPushButton *>(
        view->table()->cellWidget(latency, WhatItTakesView::kApplyColumn));
    ASSERT_NE(apply, nullptr);
    ASSERT_TRUE(apply->isEnabled());
    const int steps = doc->undoStack()->count();
    QTest::mouseClick(apply, Qt::LeftButton);
    EXPECT_EQ(doc->scenario().workload.latencyMs, *expected.needed);
    EXPECT_EQ(doc->undoStack()->count(), steps + 1);

    // 4. The headline says it meets.
    EXPECT_TRUE(window.headline()->verdictText().startsWith(QStringLiteral("Meets the deadline")))
        << window.headline()->verdictText().toStdString();
    EXPECT_TRUE(doc->planResult().whatItTakes.meetsNow);

    // One undo step takes it back.
    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().workload.latencyMs, 1000);
}

// "Fewest workers that meet it" applies from the headline, with the table's workers row.
TEST(WhatItTakesWindow, TheHeadlinesFewestWorkersApply)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    ScenarioDocument *doc = window.document();
    Plan plan = loadPreset(QStringLiteral("embedding-h100.json"));
    plan.scenario.goal.deadlineSeconds = 8 * 3600;
    doc->load(plan, QString());
    QToolButton *applyWorkers = nullptr;
    for (QToolButton *button : window.headline()->findChildren<QToolButton *>())
        if (button->text().startsWith(QStringLiteral("Apply")))
            applyWorkers = button;
    ASSERT_NE(applyWorkers, nullptr);
    ASSERT_TRUE(applyWorkers->isVisible());
    EXPECT_EQ(applyWorkers->text(), QStringLiteral("Apply 226 workers"));
    EXPECT_TRUE(window.headline()->verdictText().contains(QStringLiteral("Fewest workers that "
                                                                         "meet it: 226")));
    QTest::mouseClick(applyWorkers, Qt::LeftButton);
    EXPECT_EQ(doc->scenario().workload.workers, 226);
    EXPECT_TRUE(window.headline()->verdictText().startsWith(QStringLiteral("Meets the deadline")));
    EXPECT_FALSE(applyWorkers->isVisible()); // nothing left to apply
}

// Options side by side: the view's rows are core's comparison (each option evaluated as its
// own file); Switch makes the plan that option in one undo step and keeps the options.
TEST(WhatItTakesWindow, OptionsSideBySideAndSwitch)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    ScenarioDocument *doc = window.document();
    Plan plan = loadPreset(QStringLiteral("nightly-scoring.json"));
    plan.scenario.goal.deadlineSeconds = 8 * 3600;
    plan.scenario.options = {
        {QStringLiteral("pruned"),
         {{QStringLiteral("workload.keep_fraction"), QStringLiteral("0.5")}}},
        {QStringLiteral("pruned + GPU"),
         {{QStringLiteral("workload.keep_fraction"), QStringLiteral("0.5")},
          {QStringLiteral("workload.accelerator_latency_ms"), QStringLiteral("10")}}},
    };
    doc->load(plan, QString());
    window.answers()->setCurrentWidget(window.optionsView());
    OptionsView *view = window.optionsView();
    const std::vector<QStringList> rows = options::rows(doc->planResult().options);
    ASSERT_EQ(view->table()->rowCount(), 3);
    for (int row = 0; row < 3; ++row) {
        EXPECT_EQ(view->table()->item(row, 0)->text(), rows[static_cast<size_t>(row) + 1][0]);
        EXPECT_EQ(view->table()->item(row, OptionsView::kSwitchColumn + 1)->text(),
                  rows[static_cast<size_t>(row) + 1][1]); // the runtime
    }
    auto *gpu =
        qobject_cast<QPushButton *>(view->table()->cellWidget(2, OptionsView::kSwitchColumn));
    ASSERT_NE(gpu, nullptr);
    const double gpuRuntime = doc->planResult().options[2].runtimeSeconds;
    const int steps = doc->undoStack()->count();
    QTest::mouseClick(gpu, Qt::LeftButton);
    EXPECT_EQ(doc->undoStack()->count(), steps + 1);
    EXPECT_EQ(doc->scenario().workload.keepFraction, 0.5);
    ASSERT_TRUE(doc->scenario().workload.acceleratorLatencyMs);
    EXPECT_EQ(*doc->scenario().workload.acceleratorLatencyMs, 10);
    EXPECT_EQ(doc->result().effectiveRuntimeSeconds, gpuRuntime);
    EXPECT_EQ(doc->scenario().options.size(), 2u); // the plan keeps its options
    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().workload.keepFraction, 1);
    EXPECT_FALSE(doc->scenario().workload.acceleratorLatencyMs);
}

// Two levers in the window: the tab draws core's plane for the levers the plan names, picking
// another lever is one undo step (and the file keeps it), and Apply cheapest sets both levers
// in one undo step, after which the plan meets the deadline.
TEST(WhatItTakesWindow, TwoLeversPickAndApplyTheCheapest)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    ScenarioDocument *doc = window.document();
    Plan plan = loadPreset(QStringLiteral("nightly-scoring.json"));
    plan.scenario.goal.deadlineSeconds = 8 * 3600.0;
    doc->load(plan, QString());
    PlaneView *view = window.planeView();
    window.answers()->setCurrentWidget(view);

    // The default pair, workers and keep fraction, cannot: even at keep 0.001 the serial 2 %
    // takes 16.67 hours.
    EXPECT_EQ(view->acrossBox()->currentText(), QStringLiteral("Workers"));
    EXPECT_EQ(view->upBox()->currentText(), QStringLiteral("Keep fraction"));
    EXPECT_TRUE(view->summaryText().endsWith(
        QStringLiteral("No combination on this plane meets the deadline.")));
    EXPECT_FALSE(view->applyCheapestButton()->isEnabled());

    // The file names workers and the latency: core's plane on the chart.
    plan.scenario.goal.levers[1] = QStringLiteral("workload.latency_ms");
    doc->load(plan, QString());
    EXPECT_EQ(view->upBox()->currentText(), QStringLiteral("Latency per prediction"));
    const whatittakes::Plane &plane = doc->planResult().plane;
    ASSERT_TRUE(plane.active);
    EXPECT_EQ(view->chart()->boundaryGraph()->dataCount(), static_cast<int>(plane.xs.size()));
    EXPECT_EQ(view->chart()->planMarker()->data()->at(0)->key, 10'000);
    EXPECT_EQ(view->summaryText(), explain::planeLines(plane).mid(2).join(QLatin1Char('\n')));
    // The latency costs nothing in the model, so the cheapest is where the axes stop: the
    // smallest move leads.
    EXPECT_TRUE(view->summaryText().startsWith(QStringLiteral("Smallest move that meets it: ")))
        << view->summaryText().toStdString();

    // Pick p up: one undo step, saved in the file.
    const int pIndex = view->upBox()->findData(QStringLiteral("workload.parallel_fraction"));
    ASSERT_GE(pIndex, 0);
    view->upBox()->setCurrentIndex(pIndex);
    emit view->upBox()->activated(pIndex);
    EXPECT_EQ(doc->scenario().goal.levers[1], QStringLiteral("workload.parallel_fraction"));
    EXPECT_EQ(doc->planResult().plane.y.key, QStringLiteral("workload.parallel_fraction"));
    EXPECT_TRUE(scenariofile::toJson(doc->plan()).contains("workload.parallel_fraction"));
    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().goal.levers[1], QStringLiteral("workload.latency_ms"));
    EXPECT_EQ(view->upBox()->currentText(), QStringLiteral("Latency per prediction"));
    // The same lever on both axes swaps them.
    EXPECT_TRUE(
        view->pick(QStringLiteral("workload.latency_ms"), QStringLiteral("workload.latency_ms")));
    EXPECT_EQ(doc->scenario().goal.levers[0], QStringLiteral("workload.latency_ms"));
    EXPECT_EQ(doc->scenario().goal.levers[1], QStringLiteral("workload.workers"));
    doc->undoStack()->undo();

    // Apply the cheapest: both levers in one step; the plan meets; undo restores both.
    ASSERT_TRUE(doc->planResult().plane.cheapest);
    const whatittakes::PlanePoint cheapest = *doc->planResult().plane.cheapest;
    ASSERT_TRUE(view->applyCheapestButton()->isEnabled());
    const int before = doc->undoStack()->index();
    QTest::mouseClick(view->applyCheapestButton(), Qt::LeftButton);
    EXPECT_EQ(doc->undoStack()->index(), before + 1);
    EXPECT_EQ(doc->scenario().workload.workers, cheapest.x);
    EXPECT_EQ(doc->scenario().workload.latencyMs, cheapest.y);
    EXPECT_LE(doc->planResult().model.effectiveRuntimeSeconds, 8 * 3600.0);
    EXPECT_DOUBLE_EQ(doc->planResult().model.cost.total, cheapest.cost);
    EXPECT_TRUE(window.headline()->verdictText().startsWith(QStringLiteral("Meets the deadline")))
        << window.headline()->verdictText().toStdString();
    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().workload.workers, 10'000);
    EXPECT_EQ(doc->scenario().workload.latencyMs, 1000);
}

namespace {
/// An axis's labelled ticks as the chart draws them: (value, text) in order.
QStringList tickTexts(QCPAxis *axis)
{
    const auto ticker = axis->ticker().dynamicCast<QCPAxisTickerText>();
    return ticker ? QStringList(ticker->ticks().values()) : QStringList();
}
} // namespace

// The nightly job (p = 0.98) within 24 hours on workers and the keep fraction, the default pair:
// the cheapest is the keep fraction's limit at the fewest workers drawn, because the model puts
// no price on users not scored. The tab leads with the smallest move (its sentence, its button
// and its legend entry first, its marker the larger), and both axes label readable ticks.
TEST(WhatItTakesWindow, TwoLeversLeadWithTheSmallestMoveOnReadableAxes)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    ScenarioDocument *doc = window.document();
    Plan plan = loadPreset(QStringLiteral("nightly-scoring.json"));
    plan.scenario.goal.deadlineSeconds = 24 * 3600.0;
    doc->load(plan, QString());
    PlaneView *view = window.planeView();
    window.answers()->setCurrentWidget(view);
    const whatittakes::Plane &plane = doc->planResult().plane;
    ASSERT_TRUE(plane.active);
    EXPECT_TRUE(plane.leadsWithNearest);
    EXPECT_EQ(plane.leadReason, whatittakes::PlaneLead::CheapestAtEnd);
    EXPECT_EQ(view->summaryText().toStdString(),
              "Smallest move that meets it: 10,000 workers and keep fraction 0.001: $83,741.67, "
              "runtime 16.75 hours.\n"
              "Cheapest in the model: 3,334 workers and keep fraction 0.001: $28,191.67, "
              "runtime 16.91 hours; at the keep fraction's limit, where the cost still falls.");

    // The axes: the keep fraction over its field's limits in decades, the workers in 1-2-5.
    PlaneChart *chart = view->chart();
    EXPECT_EQ(tickTexts(chart->yAxis), QStringList({QStringLiteral("0.001"), QStringLiteral("0.01"),
                                                    QStringLiteral("0.1"), QStringLiteral("1")}));
    EXPECT_EQ(tickTexts(chart->xAxis),
              QStringList({QStringLiteral("5,000"), QStringLiteral("10,000"),
                           QStringLiteral("20,000"), QStringLiteral("50,000"),
                           QStringLiteral("100,000"), QStringLiteral("200,000")}));
    // Every marker inside the drawn range, with room to its edge: the keep fraction's 0.001 is
    // the span's end, not the chart's.
    EXPECT_LT(chart->yAxis->range().lower, 0.001);
    EXPECT_LT(chart->xAxis->range().lower, 3334);

    // The lead marker is drawn larger and listed first; its button comes first.
    EXPECT_GT(chart->nearestMarker()->scatterStyle().size(),
              chart->cheapestMarker()->scatterStyle().size());
    EXPECT_EQ(chart->nearestMarker()->data()->at(0)->key, 10'000);
    EXPECT_EQ(chart->nearestMarker()->data()->at(0)->value, 0.001);
    QCPAbstractLegendItem *second = chart->legend->item(1);
    ASSERT_NE(second, nullptr);
    EXPECT_EQ(chart->legend->itemWithPlottable(chart->nearestMarker()), second);
    window.grab(); // lays the row out
    EXPECT_LT(view->applyNearestButton()->x(), view->applyCheapestButton()->x());

    // p on the other axis: its field's limits, 0 to 1, labelled at one precision.
    plan.scenario.goal.levers[1] = QStringLiteral("workload.parallel_fraction");
    doc->load(plan, QString());
    EXPECT_EQ(tickTexts(chart->yAxis),
              QStringList({QStringLiteral("0.0"), QStringLiteral("0.2"), QStringLiteral("0.4"),
                           QStringLiteral("0.6"), QStringLiteral("0.8"), QStringLiteral("1.0")}));
    // At p = 1 every worker count costs the same: the smallest move leads.
    EXPECT_EQ(doc->planResult().plane.leadReason, whatittakes::PlaneLead::CostTies);
    EXPECT_TRUE(view->summaryText().startsWith(
        QStringLiteral("Smallest move that meets it: 34,734 workers and parallel fraction p 1: ")))
        << view->summaryText().toStdString();
}

// Options made in the window: the dialog names the key a bad override is refused at and waits;
// fixed, the option is one undo step; removing it is another.
TEST(WhatItTakesWindow, AnOptionNamedAndTypedInTheWindow)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    ScenarioDocument *doc = window.document();
    Plan plan = loadPreset(QStringLiteral("nightly-scoring.json"));
    plan.scenario.goal.deadlineSeconds = 8 * 3600;
    doc->load(plan, QString());
    OptionsView *view = window.optionsView();
    window.answers()->setCurrentWidget(view);
    EXPECT_TRUE(view->addButton()->isEnabled());
    EXPECT_FALSE(view->removeButton()->isEnabled());

    OptionDialog dialog(doc->scenario(), -1, &window);
    EXPECT_EQ(dialog.nameEdit()->text(), QStringLiteral("Option 1"));
    EXPECT_TRUE(dialog.acceptable()); // every starting line is a comment: changes nothing
    dialog.nameEdit()->setText(QStringLiteral("pruned"));
    dialog.overridesEdit()->setPlainText(QStringLiteral("workload.keep_fraction=7"));
    EXPECT_FALSE(dialog.acceptable());
    EXPECT_TRUE(dialog.problem().startsWith(QStringLiteral("workload.keep_fraction: ")))
        << dialog.problem().toStdString();
    dialog.overridesEdit()->setPlainText(QStringLiteral("workload.keep_fraction=0.4"));
    ASSERT_TRUE(dialog.acceptable()) << dialog.problem().toStdString();

    const int steps = doc->undoStack()->count();
    ASSERT_TRUE(view->setOption(0, dialog.option()));
    EXPECT_EQ(doc->undoStack()->count(), steps + 1);
    ASSERT_EQ(doc->scenario().options.size(), 1u);
    EXPECT_EQ(doc->scenario().options[0].name, QStringLiteral("pruned"));
    ASSERT_EQ(view->table()->rowCount(), 2);
    EXPECT_EQ(view->table()->item(1, 0)->text().remove(QStringLiteral(" ★")),
              QStringLiteral("pruned"));
    // The option's runtime is the plan's at keep 0.4: 40 % of the work (no overheads).
    EXPECT_NEAR(doc->planResult().options[1].runtimeSeconds,
                doc->planResult().options[0].runtimeSeconds * 0.4,
                1e-9 * doc->planResult().options[0].runtimeSeconds);

    // A second option of the same name is refused at the name.
    OptionDialog twice(doc->scenario(), -1, &window);
    twice.nameEdit()->setText(QStringLiteral("pruned"));
    EXPECT_TRUE(twice.problem().startsWith(QStringLiteral("Name: ")))
        << twice.problem().toStdString();

    view->table()->selectRow(1);
    EXPECT_EQ(view->selectedOption(), 0);
    EXPECT_TRUE(view->removeButton()->isEnabled());
    QTest::mouseClick(view->removeButton(), Qt::LeftButton);
    EXPECT_TRUE(doc->scenario().options.empty());
    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().options.size(), 1u);
}

// Presentation mode steps through the options: each shown in turn (the banner names it), then
// the plan again; any other edit ends the stepping.
TEST(WhatItTakesWindow, PresentationStepsThroughTheOptions)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    ScenarioDocument *doc = window.document();
    Plan plan = loadPreset(QStringLiteral("nightly-scoring.json"));
    plan.scenario.options = {
        {QStringLiteral("pruned"),
         {{QStringLiteral("workload.keep_fraction"), QStringLiteral("0.5")}}},
        {QStringLiteral("GPU"),
         {{QStringLiteral("workload.accelerator_latency_ms"), QStringLiteral("10")}}},
    };
    doc->load(plan, QString());
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    window.presentationAction()->trigger();
    const double planRuntime = doc->result().effectiveRuntimeSeconds;

    QTest::keyClick(&window, Qt::Key_PageDown);
    EXPECT_EQ(doc->scenario().workload.keepFraction, 0.5);
    EXPECT_EQ(window.optionsView()->stepText(), QStringLiteral("Option 1 of 2: pruned"));
    EXPECT_TRUE(window.optionBanner()->isVisible());
    EXPECT_TRUE(window.optionBanner()->text().contains(QStringLiteral("Option 1 of 2: pruned")));
    EXPECT_DOUBLE_EQ(doc->result().effectiveRuntimeSeconds, planRuntime / 2);

    window.nextOptionAction()->trigger();
    EXPECT_EQ(doc->scenario().workload.keepFraction, 1); // from the plan, not on top of pruned
    ASSERT_TRUE(doc->scenario().workload.acceleratorLatencyMs);
    EXPECT_EQ(window.optionsView()->stepText(), QStringLiteral("Option 2 of 2: GPU"));
    EXPECT_EQ(doc->scenario().options.size(), 2u);

    window.nextOptionAction()->trigger(); // past the last: the plan again
    EXPECT_EQ(doc->scenario(), plan.scenario);
    EXPECT_FALSE(window.optionBanner()->isVisible());
    window.previousOptionAction()->trigger(); // back round to the last
    EXPECT_EQ(window.optionsView()->stepText(), QStringLiteral("Option 2 of 2: GPU"));

    // Another edit ends the stepping: the banner goes, the next step starts from there.
    doc->editScenario(QStringLiteral("workers"), [](Scenario &s) { s.workload.workers = 500; });
    EXPECT_FALSE(window.optionBanner()->isVisible());
    EXPECT_TRUE(window.optionsView()->stepText().isEmpty());
    window.presentationAction()->trigger();
}

// The device row's Apply sets the device (one undo step) and the plan then meets the deadline.
TEST(WhatItTakesWindow, TheDeviceRowApplies)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    ScenarioDocument *doc = window.document();
    Plan plan = loadPreset(QStringLiteral("embedding-h100.json"));
    plan.scenario.goal.deadlineSeconds = 60'000;
    doc->load(plan, QString());
    WhatItTakesView *view = window.whatItTakes();
    const int device = rowOf(view, QStringLiteral("Device"));
    ASSERT_GE(device, 0);
    const whatittakes::Row &row = doc->planResult().whatItTakes.rows[static_cast<size_t>(device)];
    ASSERT_FALSE(row.choice.isEmpty());
    EXPECT_EQ(view->table()->item(device, 1)->text(), row.choice);
    const QString choice = row.choice;
    auto *apply = qobject_cast<QPushButton *>(
        view->table()->cellWidget(device, WhatItTakesView::kApplyColumn));
    ASSERT_NE(apply, nullptr);
    ASSERT_TRUE(apply->isEnabled());
    QTest::mouseClick(apply, Qt::LeftButton);
    EXPECT_EQ(doc->scenario().hardware.device, choice);
    EXPECT_LE(doc->planResult().model.effectiveRuntimeSeconds, 60'000);
    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().hardware.device, plan.scenario.hardware.device);
}

// A budget typed in the window: "Within budget" on, $1,000; the table answers for it.
TEST(WhatItTakesWindow, ABudgetTypedInTheGoal)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    ScenarioDocument *doc = window.document();
    doc->load(loadPreset(QStringLiteral("nightly-scoring.json")), QString());
    ValueControl *budget = window.inputs()->budgetControl();
    ASSERT_NE(budget, nullptr);
    EXPECT_EQ(budget->suffix(), QStringLiteral(" USD"));
    QTest::mouseClick(budget->checkBox(), Qt::LeftButton);
    typeInto(budget, QStringLiteral("1000"));
    ASSERT_TRUE(doc->scenario().goal.budget);
    EXPECT_EQ(*doc->scenario().goal.budget, 1000);
    // The table comes forward and answers for the budget.
    ASSERT_EQ(window.answers()->currentWidget(), static_cast<QWidget *>(window.whatItTakes()));
    EXPECT_TRUE(window.whatItTakes()->summaryText().startsWith(
        QStringLiteral("What it would take to stay within a budget of $1,000.00")))
        << window.whatItTakes()->summaryText().toStdString();
    EXPECT_TRUE(scenariofile::toJson(doc->plan()).contains("\"budget\": 1000"));
    doc->undoStack()->undo();
    EXPECT_FALSE(doc->scenario().goal.budget);
}
