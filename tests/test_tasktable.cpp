// The project's task table as a model (issue 31): it passes Qt's model tester through edits,
// announces only the rows an edit changed (a one-task edit of 10,000 tasks repaints one row, not
// the table), shows what the task and its PERT are, and its pickers edit through the delegate;
// the document's undo steps keep the changed tasks only.
#include "core/base/format.h"
#include "tests/support/tasks.h"
#include "ui/document/scenariobindings.h"
#include "ui/document/scenariodocument.h"
#include "ui/model/inputspanel.h"
#include "ui/project/tasktablemodel.h"
#include "ui/widgets/valuecontrol.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace pipeplan;

namespace {

std::vector<estimate::TaskStats> statsOf(const std::vector<estimate::Task> &tasks)
{
    std::vector<estimate::TaskStats> stats;
    for (const estimate::Task &task : tasks)
        stats.push_back(estimate::taskStats(task));
    return stats;
}

QString cell(const TaskTableModel &model, int row, int column)
{
    return model.data(model.index(row, column)).toString();
}

} // namespace

TEST(TaskTable, PassesTheModelTesterThroughEditsResetsAndCriticality)
{
    TaskTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    CowList<estimate::Task> tasks(testsupport::chain(3));
    model.setTasks(tasks, statsOf(tasks), std::nullopt);
    ASSERT_EQ(model.rowCount(), 3);
    EXPECT_EQ(model.columnCount(), TaskTableModel::ColumnCount);

    CowList<estimate::Task> edited = tasks;
    edited[1].pessimistic = 9;
    model.setTasks(edited, statsOf(edited), changedRows(tasks, edited));
    // (1 + 4 * 2 + 9) / 6 = 3 hours.
    EXPECT_EQ(cell(model, 1, TaskTableModel::PertMean), QStringLiteral("3 hours"));

    CowList<estimate::Task> longer = edited;
    longer.push_back(testsupport::task(2, 4, 12));
    model.setTasks(longer, statsOf(longer), changedRows(edited, longer));
    EXPECT_EQ(model.rowCount(), 4);
    model.setCriticality({1.0, 0.5, 0.25, 0.0});
    EXPECT_EQ(cell(model, 2, TaskTableModel::Criticality), QStringLiteral("25"));
    model.setTasks(tasks, statsOf(tasks), std::nullopt);
    EXPECT_EQ(model.rowCount(), 3);
    EXPECT_EQ(cell(model, 2, TaskTableModel::Criticality), QString()); // a new list: no run yet
}

TEST(TaskTable, AOneTaskEditOfTenThousandAnnouncesThatRowOnly)
{
    TaskTableModel model;
    const CowList<estimate::Task> tasks(testsupport::chain(10'000));
    const std::vector<estimate::TaskStats> stats = statsOf(tasks);
    model.setTasks(tasks, stats, std::nullopt);
    const int resets = model.resetCount();
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

    CowList<estimate::Task> after = tasks;
    after[5'000].mostLikely = 2.5;
    std::vector<estimate::TaskStats> afterStats = stats;
    afterStats[5'000] = estimate::taskStats(after[5'000]);
    // Told the row (the document's last edit), and finding it itself: the same one range.
    for (const std::optional<std::vector<int>> &hint :
         {changedRows(tasks, after), std::optional<std::vector<int>>{}}) {
        model.setTasks(tasks, stats, std::nullopt);
        changed.clear();
        model.setTasks(after, afterStats, hint);
        ASSERT_EQ(changed.count(), 1);
        const auto topLeft = changed.front().at(0).value<QModelIndex>();
        const auto bottomRight = changed.front().at(1).value<QModelIndex>();
        EXPECT_EQ(topLeft.row(), 5'000);
        EXPECT_EQ(bottomRight.row(), 5'000);
        EXPECT_EQ(topLeft.column(), 0);
        EXPECT_EQ(bottomRight.column(), TaskTableModel::ColumnCount - 1);
    }
    EXPECT_EQ(reset.count(), 0);
    EXPECT_EQ(model.resetCount(), resets);
    EXPECT_EQ(cell(model, 5'000, TaskTableModel::MostLikely), QStringLiteral("2.5"));
    // (1 + 4 * 2.5 + 3) / 6 = 2.33 hours; its neighbour keeps (1 + 8 + 3) / 6 = 2.
    EXPECT_EQ(cell(model, 5'000, TaskTableModel::PertMean), QStringLiteral("2.33 hours"));
    EXPECT_EQ(cell(model, 4'999, TaskTableModel::PertMean), QStringLiteral("2 hours"));
    // The same list again announces nothing.
    changed.clear();
    model.setTasks(after, afterStats, std::nullopt);
    EXPECT_EQ(changed.count(), 0);
    // The criticality is one column's range.
    model.setCriticality(std::vector<double>(10'000, 0.5));
    ASSERT_EQ(changed.count(), 1);
    EXPECT_EQ(changed.front().at(0).value<QModelIndex>().column(), TaskTableModel::Criticality);
    EXPECT_EQ(changed.front().at(1).value<QModelIndex>().row(), 9'999);
}

TEST(TaskTable, CellsShowTheTaskItsProgressAndWhatCanBeEdited)
{
    TaskTableModel model;
    estimate::Task done = testsupport::task(1, 2, 6, {}, estimate::TimeUnit::Weeks);
    done.name = QStringLiteral("Labeling");
    done.category = estimate::Category::Labeling;
    done.progress.state = estimate::TaskState::Done;
    done.progress.actual = 2.5;
    done.progress.finishedOn = QDate(2026, 11, 13);
    estimate::Task started = testsupport::task(4, 6, 12, {0});
    started.progress.state = estimate::TaskState::InProgress;
    started.progress.shareDone = 0.4;
    const CowList<estimate::Task> tasks({done, started});
    model.setTasks(tasks, statsOf(tasks), std::nullopt);

    EXPECT_EQ(cell(model, 0, TaskTableModel::Name), QStringLiteral("Labeling"));
    EXPECT_EQ(cell(model, 0, TaskTableModel::Category), estimate::categoryKey(done.category));
    EXPECT_EQ(model.data(model.index(0, TaskTableModel::Category), Qt::EditRole).toInt(),
              static_cast<int>(estimate::Category::Labeling));
    EXPECT_EQ(cell(model, 0, TaskTableModel::Unit), QStringLiteral("weeks"));
    // (1 + 8 + 6) / 6 = 2.5 weeks, sigma (6 - 1) / 6 = 0.83.
    EXPECT_EQ(cell(model, 0, TaskTableModel::PertMean), QStringLiteral("2.5 weeks"));
    EXPECT_EQ(cell(model, 0, TaskTableModel::PertSigma), QStringLiteral("0.83 weeks"));
    EXPECT_EQ(cell(model, 0, TaskTableModel::Status), QStringLiteral("done"));
    EXPECT_EQ(cell(model, 0, TaskTableModel::ShareDone), QStringLiteral("100"));
    EXPECT_EQ(cell(model, 0, TaskTableModel::Actual), QStringLiteral("2.5"));
    EXPECT_EQ(cell(model, 0, TaskTableModel::FinishedOn), QStringLiteral("2026-11-13"));
    EXPECT_EQ(cell(model, 1, TaskTableModel::Status), QStringLiteral("in progress"));
    EXPECT_EQ(cell(model, 1, TaskTableModel::ShareDone), QStringLiteral("40"));
    EXPECT_EQ(cell(model, 1, TaskTableModel::Actual), QString());
    EXPECT_EQ(cell(model, 1, TaskTableModel::DependsOn), QStringLiteral("1"));
    // (4 + 24 + 12) / 6 = 6.67 hours.
    EXPECT_EQ(cell(model, 1, TaskTableModel::PertMean), QStringLiteral("6.67 hours"));
    EXPECT_TRUE(model.flags(model.index(0, TaskTableModel::Optimistic)) & Qt::ItemIsEditable);
    EXPECT_FALSE(model.flags(model.index(0, TaskTableModel::PertMean)) & Qt::ItemIsEditable);
    EXPECT_FALSE(model.flags(model.index(0, TaskTableModel::Criticality)) & Qt::ItemIsEditable);
    EXPECT_EQ(model.headerData(TaskTableModel::Unit, Qt::Horizontal).toString(),
              QStringLiteral("Unit"));
}

// Typing into a cell and picking a category go out as cellEdited (the panel makes them document
// edits); the table itself changes only when the tasks it is given do.
TEST(TaskTable, TheViewsEditorsReportTypedAndPickedValues)
{
    TaskTableModel model;
    const CowList<estimate::Task> tasks(testsupport::chain(3));
    model.setTasks(tasks, statsOf(tasks), std::nullopt);
    QTableView view;
    view.setModel(&model);
    view.setItemDelegate(new TaskChoiceDelegate(&view));
    view.resize(900, 300);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    QSignalSpy edited(&model, &TaskTableModel::cellEdited);

    const QModelIndex pessimistic = model.index(2, TaskTableModel::Pessimistic);
    view.setCurrentIndex(pessimistic);
    view.edit(pessimistic);
    auto *line = view.findChild<QLineEdit *>();
    ASSERT_NE(line, nullptr);
    EXPECT_EQ(line->text(), QStringLiteral("3"));
    line->selectAll();
    QTest::keyClicks(line, QStringLiteral("9"));
    QTest::keyClick(line, Qt::Key_Return);
    // The delegate commits on the next turn of the event loop, after the editor saw the key.
    ASSERT_TRUE(QTest::qWaitFor([&edited]() { return edited.count() == 1; }, 2000));
    EXPECT_EQ(edited.front().at(0).toInt(), 2);
    EXPECT_EQ(edited.front().at(1).toInt(), TaskTableModel::Pessimistic);
    EXPECT_EQ(edited.front().at(2).toString(), QStringLiteral("9"));
    EXPECT_EQ(cell(model, 2, TaskTableModel::Pessimistic), QStringLiteral("3")); // not yet applied

    const QModelIndex category = model.index(0, TaskTableModel::Category);
    view.setCurrentIndex(category);
    view.edit(category);
    auto *picker = view.findChild<QComboBox *>();
    ASSERT_NE(picker, nullptr);
    EXPECT_EQ(picker->currentData().toInt(), static_cast<int>(estimate::Category::Other));
    const int labeling = picker->findData(static_cast<int>(estimate::Category::Labeling));
    ASSERT_GE(labeling, 0);
    picker->setCurrentIndex(labeling);
    emit picker->activated(labeling);
    ASSERT_EQ(edited.count(), 2);
    EXPECT_EQ(edited.back().at(1).toInt(), TaskTableModel::Category);
    EXPECT_EQ(edited.back().at(2).toInt(), static_cast<int>(estimate::Category::Labeling));
}

// Undo steps keep only the tasks they changed (issue 31), and undoing and redoing through task
// edits, notes and a removed task gives back every plan exactly.
TEST(TaskTable, UndoStepsThatKeepTheChangedTasksOnlyGiveBackEveryPlan)
{
    ScenarioDocument doc;
    Plan plan{defaultScenario(), std::nullopt};
    plan.scenario.project.tasks = testsupport::chain(200);
    doc.load(plan, QString());
    std::vector<Plan> seen{doc.plan()};
    auto edit = [&doc, &seen](const QString &text, const std::function<void(Scenario &)> &change) {
        ASSERT_TRUE(doc.editScenario(text, change));
        seen.push_back(doc.plan());
    };
    edit(QStringLiteral("one task"), [](Scenario &s) { s.project.tasks[7].mostLikely = 2.5; });
    edit(QStringLiteral("note"), [](Scenario &s) { s.notes = QStringLiteral("a"); });
    edit(QStringLiteral("two tasks"), [](Scenario &s) {
        s.project.tasks[3].name = QStringLiteral("renamed");
        s.project.tasks[150].pessimistic = 8;
    });
    edit(QStringLiteral("remove"), [](Scenario &s) {
        std::vector<estimate::Task> &tasks = s.project.tasks.edit();
        tasks.pop_back();
    });
    edit(QStringLiteral("one task"), [](Scenario &s) { s.project.tasks[0].optimistic = 0.5; });
    edit(QStringLiteral("note"), [](Scenario &s) { s.notes = QStringLiteral("b"); });
    ASSERT_EQ(doc.undoStack()->count(), 6);

    for (int i = static_cast<int>(seen.size()) - 2; i >= 0; --i) {
        doc.undoStack()->undo();
        EXPECT_EQ(doc.plan(), seen[static_cast<std::size_t>(i)]) << "undo to step " << i;
    }
    for (std::size_t i = 1; i < seen.size(); ++i) {
        doc.undoStack()->redo();
        EXPECT_EQ(doc.plan(), seen[i]) << "redo to step " << i;
    }
    // The table's rows for the last task edit, as the document names them.
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    EXPECT_EQ(doc.lastTaskRows().rows, std::optional(std::vector<int>{0}));
}

// Code reaches a bound control by its field, not by its place in the form (issue 31) nor an id
// (issue 51): binding another input first moves no accessor.
TEST(TaskTable, BindingsFindAControlByItsFieldNotItsPosition)
{
    ScenarioDocument doc;
    ScenarioBindings bindings;
    bindings.setDocument(&doc);
    QWidget form;
    auto *layout = new QFormLayout(&form);
    const auto row = [](const char *label, ScenarioField field) {
        return BindingRow{
            QString::fromLatin1(label), QStringLiteral("Explained."),
            ValueControl::makeConfig(0, 1e6, ValueControl::Scale::Linear, 0, QString()),
            QStringLiteral("Change it"), std::move(field)};
    };
    bindings.bind(layout, &form,
                  {row("Seed", field(&Scenario::project, &ProjectSettings::monteCarlo,
                                     &estimate::MonteCarloOptions::seed))});
    ValueControl *seed = bindings.control(field(&Scenario::project, &ProjectSettings::monteCarlo,
                                                &estimate::MonteCarloOptions::seed));
    bindings.bind(layout, &form, {row("Workers", field(&Scenario::workload, &Workload::workers))});
    ValueControl *workers = bindings.control(field(&Scenario::workload, &Workload::workers));
    ASSERT_NE(seed, nullptr);
    ASSERT_NE(workers, nullptr);
    EXPECT_NE(seed, workers);
    EXPECT_EQ(seed->name(), QStringLiteral("Seed"));
    EXPECT_EQ(workers->name(), QStringLiteral("Workers"));
    EXPECT_EQ(bindings.control(field(&Scenario::workload, &Workload::workers)), workers);
    EXPECT_EQ(bindings.control(field(&Scenario::project, &ProjectSettings::monteCarlo,
                                     &estimate::MonteCarloOptions::seed)),
              seed);
    EXPECT_EQ(bindings.control(field(&Scenario::project, &ProjectSettings::monteCarlo,
                                     &estimate::MonteCarloOptions::trials)),
              nullptr);
    bindings.show(doc.scenario());
    EXPECT_EQ(bindings.control(field(&Scenario::workload, &Workload::workers))->value(),
              doc.scenario().workload.workers);
}

// The Model tab's inputs are rows of the bindings table too (issue 31): a lever that is off
// shows where it would start (a value that makes the job faster), ticking it on and off are two
// named undo steps, the deadline shows hours of a field in seconds and takes any unit of time,
// and the dense form explains each input in its tooltip only.
TEST(TaskTable, TheModelTabsLeversAndDeadlineAreBoundRows)
{
    ScenarioDocument doc;
    InputsPanel panel;
    panel.setDocument(&doc);
    const QUndoStack *undo = doc.undoStack();

    ValueControl *accelerator = panel.acceleratorControl();
    ASSERT_NE(accelerator, nullptr);
    EXPECT_FALSE(accelerator->isEnabledValue());
    // Seed 000: 1,000 ms on a CPU core, the lever starts at the GPU's 10 ms.
    EXPECT_DOUBLE_EQ(doc.scenario().workload.latencyMs, 1000);
    EXPECT_DOUBLE_EQ(accelerator->value(), 10);
    accelerator->checkBox()->click();
    EXPECT_EQ(doc.scenario().workload.acceleratorLatencyMs, std::optional<double>(10));
    EXPECT_EQ(undo->undoText(), QStringLiteral("Use accelerator lever"));
    accelerator->lineEdit()->setText(QStringLiteral("25"));
    ASSERT_TRUE(accelerator->commitText());
    EXPECT_EQ(doc.scenario().workload.acceleratorLatencyMs, std::optional<double>(25));
    EXPECT_EQ(undo->undoText(), QStringLiteral("Change accelerator latency"));
    accelerator->checkBox()->click();
    EXPECT_FALSE(doc.scenario().workload.acceleratorLatencyMs.has_value());
    EXPECT_EQ(undo->undoText(), QStringLiteral("Drop accelerator lever"));
    // Off again, it shows the start again, not the 25 ms it had.
    EXPECT_DOUBLE_EQ(accelerator->value(), 10);

    // The batching lever starts below the unbatched 20 x 1,000 ms per user.
    ValueControl *batching = panel.batchingControl();
    EXPECT_DOUBLE_EQ(batching->value(), levers::batchStartMs(doc.scenario().workload));
    EXPECT_LT(batching->value(), 20'000);
    batching->checkBox()->click();
    EXPECT_EQ(undo->undoText(), QStringLiteral("Batch predictions"));
    EXPECT_EQ(doc.scenario().workload.batchMsPerUser, std::optional(batching->value()));

    // The deadline: off by default, showing the 24 h a new deadline starts from, in hours.
    ValueControl *deadline = panel.deadlineControl();
    EXPECT_FALSE(deadline->isEnabledValue());
    EXPECT_DOUBLE_EQ(deadline->value(), 24);
    deadline->checkBox()->click();
    EXPECT_EQ(doc.scenario().goal.deadlineSeconds, std::optional(86'400.0));
    EXPECT_EQ(undo->undoText(), QStringLiteral("Set a deadline"));
    // Typed in any unit of time (issue 32), kept in the field's hours.
    deadline->lineEdit()->setText(QStringLiteral("45 min"));
    ASSERT_TRUE(deadline->commitText()) << deadline->refusalMessage().toStdString();
    EXPECT_DOUBLE_EQ(*doc.scenario().goal.deadlineSeconds, 2700);
    EXPECT_EQ(undo->undoText(), QStringLiteral("Change deadline"));
    deadline->checkBox()->click();
    // Off is no deadline: none is kept for a goal seek to plan for (issue 51).
    EXPECT_FALSE(doc.scenario().goal.deadlineSeconds.has_value());
    EXPECT_EQ(undo->undoText(), QStringLiteral("Drop the deadline"));
    doc.undoStack()->undo();
    EXPECT_TRUE(deadline->isEnabledValue());
    EXPECT_DOUBLE_EQ(deadline->value(), 0.75);
    deadline->lineEdit()->setText(QStringLiteral("1.5 weeks"));
    ASSERT_TRUE(deadline->commitText()) << deadline->refusalMessage().toStdString();
    EXPECT_DOUBLE_EQ(*doc.scenario().goal.deadlineSeconds, 1.5 * 7 * 86'400);
    EXPECT_DOUBLE_EQ(deadline->value(), 252);
    deadline->lineEdit()->setText(QStringLiteral("8 fortnights"));
    EXPECT_FALSE(deadline->commitText());
    EXPECT_TRUE(deadline->refusalMessage().contains(QStringLiteral("not a unit of time")))
        << deadline->refusalMessage().toStdString();

    // Tooltips only: no grey line repeats a control's explanation on the Model tab.
    EXPECT_TRUE(accelerator->toolTip().startsWith(QStringLiteral("Latency per prediction on")));
    for (const QLabel *label : panel.findChildren<QLabel *>())
        EXPECT_NE(label->text(), accelerator->toolTip());
    // The label names its control (a click on it focuses the spin box, a reader says it).
    bool labelled = false;
    for (const QLabel *label : panel.findChildren<QLabel *>())
        labelled |= label->text() == QStringLiteral("Workers") &&
                    label->buddy() == panel.workersControl()->spinBox();
    EXPECT_TRUE(labelled);
}

// A field reads and writes the scenario's number as it is stored, through a path of members.
TEST(TaskTable, AFieldReadsAndWritesTheNumberAtItsPath)
{
    Scenario s = defaultScenario();
    const ScenarioField trials = field(&Scenario::project, &ProjectSettings::monteCarlo,
                                       &estimate::MonteCarloOptions::trials);
    trials.set(s, 2500.0);
    EXPECT_EQ(s.project.monteCarlo.trials, 2500);
    EXPECT_EQ(trials.get(s), std::optional<double>(2500));
    const ScenarioField seed =
        field(&Scenario::project, &ProjectSettings::monteCarlo, &estimate::MonteCarloOptions::seed);
    seed.set(s, 42.0);
    EXPECT_EQ(s.project.monteCarlo.seed, 42u);
    // An optional field is cleared by an unticked control; a plain one keeps its value.
    const ScenarioField coldStart = field(&Scenario::overheads, &Overheads::coldStartSeconds);
    coldStart.set(s, 30.0);
    EXPECT_EQ(s.overheads.coldStartSeconds, std::optional<double>(30));
    coldStart.set(s, std::nullopt);
    EXPECT_FALSE(s.overheads.coldStartSeconds.has_value());
    EXPECT_EQ(coldStart.get(s), std::nullopt);
    const ScenarioField workers = field(&Scenario::workload, &Workload::workers);
    workers.set(s, 64.0);
    workers.set(s, std::nullopt);
    EXPECT_EQ(s.workload.workers, 64);
}
