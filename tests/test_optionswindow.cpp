// Options from the window: the plan's changes kept as an option in one undo step, and an
// option's overrides edited as fields with their labels and units, or as text.

#include "core/model/fieldregistry.h"
#include "core/plan/options.h"
#include "core/plan/scenariofile.h"
#include "tests/support/presets.h"
#include "ui/document/scenariodocument.h"
#include "ui/model/optiondialog.h"
#include "ui/model/optionsview.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace pipeplan;

namespace {

using testsupport::loadPreset;

int rowOfKey(const OptionDialog &dialog, const QString &key)
{
    for (int row = 0; row < dialog.fieldRowCount(); ++row)
        if (dialog.fieldKey(row) == key)
            return row;
    return -1;
}

bool okEnabled(const OptionDialog &dialog)
{
    return dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled();
}

} // namespace

// Edited through the document (workers, latency), the plan's changes become an option of the
// plan as it was opened, the plan returns to it, and one undo brings the edited plan back.
TEST(OptionsWindow, KeepAsOptionKeepsTheChangesAndReturnsToTheBase)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    ScenarioDocument *doc = window.document();
    doc->load(loadPreset(QStringLiteral("nightly-scoring.json")), QString());
    const Scenario base = doc->scenario();
    OptionsView *view = window.optionsView();
    window.answers()->setCurrentWidget(view);
    EXPECT_FALSE(view->keepButton()->isEnabled());
    EXPECT_EQ(view->keepButton()->toolTip(),
              QStringLiteral("The plan is the same as its base: change an input first"));
    EXPECT_FALSE(view->keepAction()->isEnabled());
    EXPECT_FALSE(view->keepAsOption(QStringLiteral("nothing")));

    ASSERT_NE(base.workload.workers, 12'000);
    ASSERT_NE(base.workload.latencyMs, 750);
    ASSERT_TRUE(doc->editScenario(QStringLiteral("workers"),
                                  [](Scenario &s) { s.workload.workers = 12'000; }));
    ASSERT_TRUE(doc->editScenario(QStringLiteral("latency"),
                                  [](Scenario &s) { s.workload.latencyMs = 750; }));
    const Scenario edited = doc->scenario();
    const double editedRuntime = doc->result().effectiveRuntimeSeconds;
    EXPECT_TRUE(view->keepButton()->isEnabled()) << view->keepButton()->toolTip().toStdString();
    EXPECT_TRUE(view->keepAction()->isEnabled());
    EXPECT_EQ(view->newOptionName(), QStringLiteral("Option 1"));

    const int steps = doc->undoStack()->count();
    QString error;
    ASSERT_TRUE(view->keepAsOption(view->newOptionName(), &error)) << error.toStdString();
    EXPECT_EQ(doc->undoStack()->count(), steps + 1);
    ASSERT_EQ(doc->scenario().options.size(), 1u);
    const PlanOption &kept = doc->scenario().options[0];
    EXPECT_EQ(kept.name, QStringLiteral("Option 1"));
    const std::map<QString, QString> expected{
        {QStringLiteral("workload.latency_ms"), QStringLiteral("750")},
        {QStringLiteral("workload.workers"), QStringLiteral("12000")},
    };
    EXPECT_EQ(kept.set, expected);
    Scenario returned = doc->scenario();
    returned.options.clear();
    EXPECT_TRUE(returned == base);
    EXPECT_FALSE(view->keepButton()->isEnabled()); // the plan is its base again

    // The option stands beside the plan, with the edited plan's runtime.
    ASSERT_EQ(view->table()->rowCount(), 2);
    EXPECT_EQ(view->table()->item(1, 0)->text().remove(QStringLiteral(" ★")),
              QStringLiteral("Option 1"));
    ASSERT_EQ(doc->planResult().options.size(), 2u);
    EXPECT_EQ(doc->planResult().options[1].runtimeSeconds, editedRuntime);
    const std::vector<QStringList> rows = options::rows(doc->planResult().options);
    EXPECT_EQ(view->table()->item(1, OptionsView::kSwitchColumn + 1)->text(), rows[2][1]);

    if (qEnvironmentVariableIsSet("PIPEPLAN_SCREENSHOT_DIR"))
        view->grab().save(qEnvironmentVariable("PIPEPLAN_SCREENSHOT_DIR") +
                          QStringLiteral("/options-view.png"));

    doc->undoStack()->undo();
    EXPECT_TRUE(doc->scenario() == edited);
    EXPECT_TRUE(doc->scenario().options.empty());
    EXPECT_TRUE(view->keepButton()->isEnabled());
}

// The name is asked with a unique default; an empty or taken name is refused at the field.
TEST(OptionsWindow, KeepAsOptionRefusesATakenName)
{
    MainWindow window(MainWindow::Options::headless());
    window.show();
    ScenarioDocument *doc = window.document();
    Plan plan = loadPreset(QStringLiteral("nightly-scoring.json"));
    plan.scenario.options = {{QStringLiteral("Option 1"),
                              {{QStringLiteral("workload.keep_fraction"), QStringLiteral("0.5")}}}};
    doc->load(plan, QString());
    OptionsView *view = window.optionsView();
    ASSERT_TRUE(doc->editScenario(QStringLiteral("workers"),
                                  [](Scenario &s) { s.workload.workers = 20'000; }));
    EXPECT_EQ(view->newOptionName(), QStringLiteral("Option 2"));

    OptionNameDialog dialog(doc->scenario(), view->newOptionName(), &window);
    EXPECT_TRUE(dialog.acceptable()) << dialog.problem().toStdString();
    dialog.nameEdit()->setText(QStringLiteral("Option 1"));
    EXPECT_FALSE(dialog.acceptable());
    EXPECT_EQ(dialog.problem(), QStringLiteral("\"Option 1\" is the name of an earlier option"));
    EXPECT_FALSE(dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
    dialog.nameEdit()->setText(QStringLiteral("  "));
    EXPECT_FALSE(dialog.acceptable());
    dialog.nameEdit()->setText(QStringLiteral("more workers"));
    EXPECT_TRUE(dialog.acceptable());

    const int steps = doc->undoStack()->count();
    QString error;
    EXPECT_FALSE(view->keepAsOption(QStringLiteral("Option 1"), &error));
    EXPECT_TRUE(error.startsWith(QStringLiteral("Name: "))) << error.toStdString();
    EXPECT_EQ(doc->undoStack()->count(), steps);
    EXPECT_EQ(doc->scenario().workload.workers, 20'000);
}

// With a baseline pinned, the changes are kept from the baseline.
TEST(OptionsWindow, KeepAsOptionComparesWithThePinnedBaseline)
{
    MainWindow window(MainWindow::Options::headless());
    window.show();
    ScenarioDocument *doc = window.document();
    doc->load(loadPreset(QStringLiteral("nightly-scoring.json")), QString());
    ASSERT_TRUE(doc->editScenario(QStringLiteral("keep"),
                                  [](Scenario &s) { s.workload.keepFraction = 0.5; }));
    doc->pinBaseline();
    const Scenario pinned = doc->scenario();
    OptionsView *view = window.optionsView();
    EXPECT_FALSE(view->keepButton()->isEnabled());
    ASSERT_TRUE(doc->editScenario(QStringLiteral("workers"),
                                  [](Scenario &s) { s.workload.workers = 30'000; }));
    ASSERT_TRUE(view->keepAsOption(QStringLiteral("wide")));
    ASSERT_EQ(doc->scenario().options.size(), 1u);
    EXPECT_EQ(doc->scenario().options[0].set,
              (std::map<QString, QString>{
                  {QStringLiteral("workload.workers"), QStringLiteral("30000")}}));
    EXPECT_EQ(doc->scenario().workload.keepFraction, 0.5);
    EXPECT_EQ(doc->scenario().workload.workers, pinned.workload.workers);
}

// Edit shows each override as its field: the registry's label, the value in the units the
// window shows (a deadline in hours, an efficiency in %), checked against the field's bounds at
// its row; the text form holds the same lines.
TEST(OptionsWindow, TheDialogShowsOverridesAsFields)
{
    Scenario plan = loadPreset(QStringLiteral("nightly-scoring.json")).scenario;
    plan.options = {{QStringLiteral("GPU"),
                     {{QStringLiteral("workload.latency_ms"), QStringLiteral("750")},
                      {QStringLiteral("goal.deadline_s"), QStringLiteral("28800")},
                      {QStringLiteral("hardware.compute_efficiency"), QStringLiteral("0.5")},
                      {QStringLiteral("hardware.device"), QStringLiteral("L4")}}}};
    OptionDialog dialog(plan, 0);
    EXPECT_EQ(dialog.forms()->currentIndex(), OptionDialog::kFieldsForm);
    ASSERT_EQ(dialog.fieldRowCount(), 4);
    ASSERT_TRUE(dialog.acceptable()) << dialog.problem().toStdString();

    const int latency = rowOfKey(dialog, QStringLiteral("workload.latency_ms"));
    ASSERT_GE(latency, 0);
    const fieldregistry::Field *latencyField = fieldregistry::find(u"workload.latency_ms");
    EXPECT_EQ(dialog.fieldLabel(latency), latencyField->labelFor(plan));
    EXPECT_EQ(dialog.fieldLabel(latency), QStringLiteral("Latency per prediction"));
    EXPECT_EQ(dialog.fieldUnit(latency), QStringLiteral("ms"));
    EXPECT_EQ(dialog.fieldValueEdit(latency)->text(), QStringLiteral("750"));

    const int deadline = rowOfKey(dialog, QStringLiteral("goal.deadline_s"));
    EXPECT_EQ(dialog.fieldLabel(deadline), QStringLiteral("Deadline"));
    EXPECT_EQ(dialog.fieldUnit(deadline), QStringLiteral("h"));
    EXPECT_EQ(dialog.fieldValueEdit(deadline)->text(), QStringLiteral("8"));

    const int efficiency = rowOfKey(dialog, QStringLiteral("hardware.compute_efficiency"));
    EXPECT_EQ(dialog.fieldLabel(efficiency), QStringLiteral("Compute efficiency"));
    EXPECT_EQ(dialog.fieldUnit(efficiency), QStringLiteral("%"));
    EXPECT_EQ(dialog.fieldValueEdit(efficiency)->text(), QStringLiteral("50"));

    // A key that is no number of the registry shows as its key, its value as text.
    const int device = rowOfKey(dialog, QStringLiteral("hardware.device"));
    EXPECT_EQ(dialog.fieldLabel(device), QStringLiteral("hardware.device"));
    EXPECT_EQ(dialog.fieldValueEdit(device)->text(), QStringLiteral("L4"));

    // Typed in the units shown, stored in the file's.
    dialog.fieldValueEdit(deadline)->setText(QStringLiteral("10"));
    dialog.fieldValueEdit(efficiency)->setText(QStringLiteral("40"));
    ASSERT_TRUE(dialog.acceptable()) << dialog.problem().toStdString();
    EXPECT_EQ(dialog.option().set.at(QStringLiteral("goal.deadline_s")), QStringLiteral("36000"));
    EXPECT_EQ(dialog.option().set.at(QStringLiteral("hardware.compute_efficiency")),
              QStringLiteral("0.4"));
    EXPECT_EQ(dialog.option().set.at(QStringLiteral("workload.latency_ms")), QStringLiteral("750"));

    // Out of its bounds: the problem at the row, naming the field, and OK waits.
    dialog.fieldValueEdit(efficiency)->setText(QStringLiteral("150"));
    EXPECT_FALSE(dialog.acceptable());
    EXPECT_FALSE(okEnabled(dialog));
    EXPECT_TRUE(dialog.fieldProblem(efficiency).startsWith(QStringLiteral("Compute efficiency")))
        << dialog.fieldProblem(efficiency).toStdString();
    EXPECT_TRUE(dialog.fieldProblem(efficiency).contains(QStringLiteral("got 150")))
        << dialog.fieldProblem(efficiency).toStdString();
    EXPECT_TRUE(dialog.fieldProblem(latency).isEmpty());
    dialog.fieldValueEdit(efficiency)->setText(QStringLiteral("45"));
    EXPECT_TRUE(dialog.acceptable()) << dialog.problem().toStdString();
    EXPECT_TRUE(okEnabled(dialog));
    EXPECT_TRUE(dialog.fieldProblem(efficiency).isEmpty());

    // The text form holds the same overrides, one key=value a line.
    dialog.forms()->setCurrentIndex(OptionDialog::kTextForm);
    EXPECT_EQ(dialog.overridesEdit()->toPlainText(),
              QStringLiteral("goal.deadline_s=36000\nhardware.compute_efficiency=0.45\n"
                             "hardware.device=L4\nworkload.latency_ms=750"));
    // Typed there, the fields follow.
    dialog.overridesEdit()->setPlainText(QStringLiteral("workload.workers=20000\n"
                                                        "workload.latency_ms=600"));
    ASSERT_EQ(dialog.fieldRowCount(), 2);
    EXPECT_EQ(dialog.fieldLabel(rowOfKey(dialog, QStringLiteral("workload.workers"))),
              QStringLiteral("Workers"));
    EXPECT_EQ(
        dialog.fieldValueEdit(rowOfKey(dialog, QStringLiteral("workload.latency_ms")))->text(),
        QStringLiteral("600"));
    EXPECT_TRUE(dialog.acceptable()) << dialog.problem().toStdString();
}

// A row added from the drop-down starts at the plan's value; a row removed leaves the option.
TEST(OptionsWindow, FieldRowsAreAddedByLabelAndRemoved)
{
    Scenario plan = loadPreset(QStringLiteral("nightly-scoring.json")).scenario;
    OptionDialog dialog(plan, -1);
    EXPECT_EQ(dialog.nameEdit()->text(), QStringLiteral("Option 1"));
    EXPECT_EQ(dialog.fieldRowCount(), 0); // the starting text is all comments
    QComboBox *add = dialog.addFieldBox();
    const int workers = add->findText(QStringLiteral("Workers"));
    ASSERT_GT(workers, 0);
    EXPECT_EQ(add->itemData(workers).toString(), QStringLiteral("workload.workers"));
    dialog.addField(add->itemData(workers).toString());
    ASSERT_EQ(dialog.fieldRowCount(), 1);
    EXPECT_EQ(dialog.fieldValueEdit(0)->text(), QString::number(plan.workload.workers, 'f', 0));
    dialog.fieldValueEdit(0)->setText(QStringLiteral("25000"));
    ASSERT_TRUE(dialog.acceptable()) << dialog.problem().toStdString();
    EXPECT_EQ(dialog.option().set, (std::map<QString, QString>{{QStringLiteral("workload.workers"),
                                                                QStringLiteral("25000")}}));
    dialog.fieldValueEdit(0)->setText(QStringLiteral("2.5"));
    EXPECT_FALSE(dialog.acceptable());
    EXPECT_TRUE(dialog.fieldProblem(0).startsWith(QStringLiteral("Workers must be a whole number")))
        << dialog.fieldProblem(0).toStdString();
    dialog.removeField(0);
    EXPECT_EQ(dialog.fieldRowCount(), 0);
    EXPECT_TRUE(dialog.acceptable()) << dialog.problem().toStdString();
    EXPECT_TRUE(dialog.option().set.empty());

    // For a look at the layout (clipped labels): the dialog as a person sees it.
    Scenario withOption = plan;
    withOption.options = {{QStringLiteral("pruned + GPU"),
                           {{QStringLiteral("workload.keep_fraction"), QStringLiteral("0.4")},
                            {QStringLiteral("workload.latency_ms"), QStringLiteral("12")},
                            {QStringLiteral("goal.deadline_s"), QStringLiteral("28800")},
                            {QStringLiteral("hardware.compute_efficiency"), QStringLiteral("1.5")},
                            {QStringLiteral("hardware.device"), QStringLiteral("L4")}}}};
    OptionDialog shown(withOption, 0);
    shown.show();
    shown.fieldValueEdit(rowOfKey(shown, QStringLiteral("hardware.compute_efficiency")))
        ->setText(QStringLiteral("150"));
    if (qEnvironmentVariableIsSet("PIPEPLAN_SCREENSHOT_DIR"))
        shown.grab().save(qEnvironmentVariable("PIPEPLAN_SCREENSHOT_DIR") +
                          QStringLiteral("/options-dialog.png"));
}
