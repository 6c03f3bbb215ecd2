// The project plan a lead can commit to (issue 21), in the window: the calendar and the task
// status edit the plan as one undoable step each, the dates, the criticality column and the risk
// charts show exactly what core computes, and the Monte Carlo with its tornado stays in the
// background with Cancel.
#include "core/base/format.h"
#include "core/plan/planresult.h"
#include "core/plan/scenariofile.h"
#include "ui/document/montecarlorunner.h"
#include "ui/document/scenariodocument.h"
#include "ui/project/estimatecharts.h"
#include "ui/project/projectpanel.h"
#include "ui/project/riskcharts.h"
#include "ui/project/tasktablemodel.h"
#include "ui/widgets/appearance.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QCalendarWidget>
#include <QCheckBox>
#include <QDateEdit>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStyle>
#include <QStyleOptionViewItem>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace pipeplan;

namespace {

/// `window` at `size` in presentation mode on the Project workspace, its Monte Carlo finished:
/// the panel, or null when the run did not answer within a minute.
ProjectPanel *presentProject(MainWindow &window, QSize size)
{
    window.resize(size);
    window.show();
    window.workspaces()->setCurrentIndex(3);
    appearance::Look look = window.look();
    look.presentation = true;
    window.setLook(look);
    ProjectPanel *panel = window.projectPanel();
    const bool ran = QTest::qWaitFor(
        [&window, panel]() {
            return !panel->isRunning() && window.document()->jobs()->monteCarlo()->estimateFor(
                                              window.document()->scenario().project);
        },
        60'000);
    QTest::qWait(150);
    return ran ? panel : nullptr;
}

Plan forecastPreset()
{
    QFile file(QStringLiteral(PIPEPLAN_PRESETS_DIR "/project-forecast.json"));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly));
    const scenariofile::LoadResult loaded = scenariofile::fromJson(file.readAll());
    EXPECT_TRUE(loaded.plan.has_value()) << loaded.error.toString().toStdString();
    return loaded.plan.value_or(Plan{});
}

struct ProjectWindow
{
    explicit ProjectWindow(const std::optional<Plan> &plan = std::nullopt)
        : window(MainWindow::Options::headless())
    {
        if (plan)
            window.document()->load(*plan, QString());
        window.resize(1366, 768);
        window.show();
        window.workspaces()->setCurrentIndex(3);
        QTest::qWait(20);
    }
    MainWindow window;
    ScenarioDocument *document() { return window.document(); }
    ProjectPanel *panel() { return window.projectPanel(); }
    bool waitForEstimate()
    {
        return QTest::qWaitFor(
            [this]() {
                return !panel()->isRunning() &&
                       window.document()->jobs()->monteCarlo()->estimateFor(
                           document()->scenario().project);
            },
            60'000);
    }
};

QString cellAt(const QTableView *table, int row, int column)
{
    return table->model()->data(table->model()->index(row, column)).toString();
}

/// Types `text` into a cell as the view's editor commits it: the model's setData.
void typeInto(QTableView *table, int row, int column, const QString &text)
{
    table->model()->setData(table->model()->index(row, column), text);
}

} // namespace

// The preset in week 6: the dates line, the criticality column and the Gantt's rows are the
// core's numbers for the same plan.
TEST(ProjectForecast, TheWindowShowsTheCoresDatesCriticalityAndGantt)
{
    const Plan plan = forecastPreset();
    ProjectWindow w(plan);
    ASSERT_TRUE(w.waitForEstimate());
    const ProjectSettings &project = w.document()->scenario().project;
    const ProjectSection &section = w.document()->planResult().project;
    EXPECT_TRUE(section.forecast);
    EXPECT_EQ(section.statusDate, QDate(2026, 11, 13));
    const estimate::PlanEstimate core = projectEstimate(project, section);
    EXPECT_EQ(*w.panel()->planEstimate(), core);

    const std::optional<ProjectDates> dates = projectDates(project, section, core);
    ASSERT_TRUE(dates.has_value());
    const QString text = w.panel()->datesLabel()->text();
    auto day = [](QDate d) { return QLocale().toString(d, QStringLiteral("ddd d MMM yyyy")); };
    for (QDate d : {dates->pertFinish, dates->monteCarlo.p50, dates->monteCarlo.p90,
                    dates->monteCarloBuffered.p90})
        EXPECT_TRUE(text.contains(day(d)))
            << text.toStdString() << " lacks " << day(d).toStdString();
    // The forecast finishes after the status date, the P90 no earlier than the P50.
    EXPECT_GT(dates->monteCarlo.p50, *section.statusDate);
    EXPECT_LE(dates->monteCarlo.p50, dates->monteCarlo.p90);

    const QTableView *tasks = w.panel()->taskTable();
    ASSERT_EQ(core.monteCarlo.criticality.size(), project.tasks.size());
    for (int row = 0; row < tasks->model()->rowCount(); ++row) {
        const double share = core.monteCarlo.criticality[static_cast<size_t>(row)];
        EXPECT_EQ(cellAt(tasks, row, ProjectPanel::Criticality), format::trimmed(100.0 * share, 1))
            << row;
    }
    // Discovery and the infrastructure are done; the labeling is half done.
    EXPECT_EQ(cellAt(tasks, 0, ProjectPanel::Status), QStringLiteral("done"));
    EXPECT_EQ(cellAt(tasks, 1, ProjectPanel::Status), QStringLiteral("in progress"));
    EXPECT_EQ(cellAt(tasks, 1, ProjectPanel::ShareDone), QStringLiteral("50"));
    // The pace: 2 + 3 weeks against 1.5 + 3 weeks of PERT means.
    EXPECT_NEAR(section.pace.ratio(), 5.0 / 4.5, 1e-12);
    EXPECT_TRUE(w.panel()->paceLabel()->text().contains(QStringLiteral("1.11")))
        << w.panel()->paceLabel()->text().toStdString();

    // The estimated-vs-actual log feeds from the done tasks: PERT mean against actual, weeks.
    ASSERT_EQ(section.logged.size(), 2u);
    EXPECT_EQ(section.logged[0].name, QStringLiteral("Discovery & requirements"));
    EXPECT_DOUBLE_EQ(section.logged[0].estimate, 1.5);
    EXPECT_DOUBLE_EQ(section.logged[0].actual, 2.0);
    EXPECT_DOUBLE_EQ(section.logged[1].estimate, 3.0);
    ASSERT_TRUE(section.accuracy.has_value());
    // |2 - 1.5| / 2 = 25 % and |3 - 3| / 3 = 0: the median of the two is 12.5 %.
    EXPECT_DOUBLE_EQ(section.accuracy->medianApe, 0.125);
    const QTableWidget *log = w.panel()->actualsTable();
    ASSERT_EQ(log->rowCount(), 2);
    EXPECT_EQ(cellAt(log, 0, 0), QStringLiteral("Discovery & requirements (task done)"));
    EXPECT_FALSE(log->item(0, 2)->flags() & Qt::ItemIsEditable);

    // The Gantt draws the core's rows.
    const std::optional<estimate::TaskGantt> gantt = projectGantt(project, section, &core);
    ASSERT_TRUE(gantt.has_value());
    EXPECT_EQ(w.panel()->ganttChart()->rowCount(), static_cast<int>(gantt->rows.size()));
}

// Typing a status is one undoable edit; a status that is not one is refused with a message and
// changes nothing.
TEST(ProjectForecast, AStatusTypedIntoTheTableIsOneUndoableEdit)
{
    ProjectWindow w;
    QTableView *tasks = w.panel()->taskTable();
    const Scenario before = w.document()->scenario();
    typeInto(tasks, 0, ProjectPanel::Status, QStringLiteral("done"));
    const estimate::Task &first = w.document()->scenario().project.tasks[0];
    EXPECT_EQ(first.progress.state, estimate::TaskState::Done);
    // Marked done without a time: its PERT mean (1.5 weeks) to start from.
    EXPECT_DOUBLE_EQ(first.progress.actual, 1.5);
    EXPECT_EQ(w.document()->undoStack()->undoText(), QStringLiteral("Change task status"));
    EXPECT_TRUE(w.document()->planResult().project.forecast);
    typeInto(tasks, 0, ProjectPanel::Actual, QStringLiteral("2"));
    EXPECT_DOUBLE_EQ(w.document()->scenario().project.tasks[0].progress.actual, 2.0);
    typeInto(tasks, 1, ProjectPanel::ShareDone, QStringLiteral("40"));
    EXPECT_DOUBLE_EQ(w.document()->scenario().project.tasks[1].progress.shareDone, 0.4);
    EXPECT_EQ(w.document()->scenario().project.tasks[1].progress.state,
              estimate::TaskState::InProgress);

    const Scenario typed = w.document()->scenario();
    typeInto(tasks, 2, ProjectPanel::Status, QStringLiteral("maybe"));
    EXPECT_EQ(w.document()->scenario(), typed);
    EXPECT_TRUE(w.panel()->messageLabel()->isVisible());
    EXPECT_TRUE(w.panel()->messageLabel()->text().contains(QStringLiteral("not a status")))
        << w.panel()->messageLabel()->text().toStdString();
    typeInto(tasks, 1, ProjectPanel::ShareDone, QStringLiteral("100"));
    EXPECT_EQ(w.document()->scenario(), typed);

    for (int i = 0; i < 3; ++i)
        w.document()->undoStack()->undo();
    EXPECT_EQ(w.document()->scenario(), before);
}

// The calendar's controls edit the plan; a holiday that is not a date is refused at the field
// and the text stays as typed.
TEST(ProjectForecast, TheCalendarControlsEditThePlanAndRefuseABadHoliday)
{
    ProjectWindow w;
    ProjectPanel *panel = w.panel();
    panel->startDateEdit()->setDate(QDate(2027, 1, 4));
    panel->startEnabled()->setChecked(true);
    EXPECT_EQ(w.document()->scenario().project.startDate, QDate(2027, 1, 4));
    EXPECT_TRUE(w.document()->planResult().project.timeline.has_value());
    panel->workingDayBox(5)->setChecked(true); // Saturday
    EXPECT_TRUE(w.document()->scenario().project.calendar.workingDays[5]);
    EXPECT_EQ(w.document()->undoStack()->undoText(), QStringLiteral("Change working days"));

    panel->holidaysEdit()->setText(QStringLiteral("2027-01-06, 2027-13-01"));
    emit panel->holidaysEdit()->editingFinished();
    EXPECT_TRUE(w.document()->scenario().project.calendar.holidays.empty());
    EXPECT_FALSE(panel->holidaysError()->isHidden());
    EXPECT_TRUE(panel->holidaysError()->text().contains(QStringLiteral("2027-13-01")));
    EXPECT_EQ(panel->holidaysEdit()->text(), QStringLiteral("2027-01-06, 2027-13-01"));
    panel->holidaysEdit()->setText(QStringLiteral("2027-01-06"));
    emit panel->holidaysEdit()->editingFinished();
    EXPECT_EQ(w.document()->scenario().project.calendar.holidays,
              std::vector<QDate>{QDate(2027, 1, 6)});
    EXPECT_TRUE(panel->holidaysError()->isHidden());

    ASSERT_TRUE(w.waitForEstimate());
    // The example's PERT from Monday 4 January 2027, on the six-day calendar with the 6th off.
    const ProjectSettings &project = w.document()->scenario().project;
    const std::optional<ProjectDates> dates =
        projectDates(project, w.document()->planResult().project, *panel->planEstimate());
    ASSERT_TRUE(dates.has_value());
    EXPECT_EQ(dates->start, QDate(2027, 1, 4));
    EXPECT_EQ(dates->pertFinish,
              estimate::finishDate(project.calendar, QDate(2027, 1, 4),
                                   w.document()->planResult().project.pert.meanHours));
}

// A large plan's Monte Carlo with its tornado runs in the background; Cancel stops it and
// keeps the previous estimate.
// Issue 32: a start date typed into the field survives a refresh while it is being typed (the
// Monte Carlo delivering used to reset it) and is taken on Enter; one picked from the popup is
// taken at once, not when focus leaves.
TEST(ProjectForecast, AStartDateTypedOrPickedIsTakenAtOnce)
{
    ProjectWindow w;
    ProjectPanel *panel = w.panel();
    panel->startDateEdit()->setDate(QDate(2027, 1, 4));
    panel->startEnabled()->setChecked(true);
    ASSERT_EQ(w.document()->scenario().project.startDate, QDate(2027, 1, 4));
    QDateEdit *start = panel->startDateEdit();
    w.window.activateWindow();
    start->setFocus();
    QApplication::processEvents();
    ASSERT_TRUE(start->hasFocus());
    start->setDate(QDate(2027, 2, 1)); // as typing does, section by section
    // The project is recomputed meanwhile (another edit, the Monte Carlo delivering).
    ASSERT_TRUE(w.document()->editScenario(QStringLiteral("seed"),
                                           [](Scenario &s) { s.project.monteCarlo.seed = 7; }));
    EXPECT_EQ(start->date(), QDate(2027, 2, 1));
    emit start->editingFinished();
    EXPECT_EQ(w.document()->scenario().project.startDate, QDate(2027, 2, 1));
    EXPECT_EQ(w.document()->undoStack()->undoText(), QStringLiteral("Change start date"));

    // Picked from the popup: taken on the click.
    start->setDate(QDate(2027, 3, 1));
    emit start->calendarWidget()->clicked(QDate(2027, 3, 1));
    EXPECT_EQ(w.document()->scenario().project.startDate, QDate(2027, 3, 1));
}

TEST(ProjectForecast, TheRiskRunStaysInTheBackgroundAndCancelStopsIt)
{
    ProjectWindow w;
    ASSERT_TRUE(w.waitForEstimate());
    const estimate::PlanEstimate previous = *w.panel()->planEstimate();
    w.document()->editScenario(QStringLiteral("Big plan"), [](Scenario &s) {
        s.project.tasks.clear();
        for (int i = 0; i < 200; ++i) {
            estimate::Task task;
            task.name = QStringLiteral("task %1").arg(i + 1);
            task.optimistic = 1;
            task.mostLikely = 2 + i % 3;
            task.pessimistic = 6 + i % 5;
            if (i >= 3)
                task.dependsOn = {i - 1, i - 3};
            s.project.tasks.push_back(task);
        }
        s.project.monteCarlo.trials = 1'000'000;
    });
    ASSERT_TRUE(QTest::qWaitFor([&w]() { return w.panel()->isRunning(); }, 5'000));
    QTest::qWait(400); // the progress bar and Cancel appear after a blink
    QPushButton *cancelButton = nullptr;
    for (QPushButton *b : w.panel()->findChildren<QPushButton *>())
        if (b->text() == QStringLiteral("Cancel"))
            cancelButton = b;
    ASSERT_NE(cancelButton, nullptr);
    EXPECT_TRUE(cancelButton->isVisible());
    QTest::mouseClick(cancelButton, Qt::LeftButton);
    EXPECT_TRUE(QTest::qWaitFor([&w]() { return !w.panel()->isRunning(); }, 5'000));
    EXPECT_EQ(*w.panel()->planEstimate(), previous);
}

// The document says which task rows an edit changed, and the table redraws those rows only: a
// one-task edit is one row's dataChanged, no reset (issue 31); adding a task is a new table.
TEST(ProjectForecast, AOneTaskEditRedrawsThatRowOfTheTaskTable)
{
    ProjectWindow w;
    TaskTableModel *model = w.panel()->taskModel();
    ASSERT_EQ(model->rowCount(), static_cast<int>(w.document()->scenario().project.tasks.size()));
    const int resets = model->resetCount();
    QSignalSpy changed(model, &QAbstractItemModel::dataChanged);
    ASSERT_TRUE(w.document()->editScenario(QStringLiteral("Change most likely"), [](Scenario &s) {
        s.project.tasks[1].mostLikely += 1;
    }));
    EXPECT_EQ(w.document()->lastTaskRows().rows, std::optional(std::vector<int>{1}));
    EXPECT_EQ(model->resetCount(), resets);
    int rowRanges = 0;
    for (const QList<QVariant> &signal : changed) {
        const auto topLeft = signal.at(0).value<QModelIndex>();
        const auto bottomRight = signal.at(1).value<QModelIndex>();
        if (topLeft.column() == TaskTableModel::Criticality &&
            bottomRight.column() == TaskTableModel::Criticality)
            continue; // the criticality column, cleared until the Monte Carlo answers
        ++rowRanges;
        EXPECT_EQ(topLeft.row(), 1);
        EXPECT_EQ(bottomRight.row(), 1);
    }
    EXPECT_EQ(rowRanges, 1);
    EXPECT_EQ(cellAt(w.panel()->taskTable(), 1, TaskTableModel::MostLikely),
              format::trimmed(w.document()->scenario().project.tasks[1].mostLikely, 3));

    ASSERT_TRUE(w.document()->editScenario(QStringLiteral("Add task"), [](Scenario &s) {
        s.project.tasks.push_back(s.project.tasks.back());
    }));
    EXPECT_FALSE(w.document()->lastTaskRows().rows.has_value());
    EXPECT_EQ(model->resetCount(), resets + 1);
    EXPECT_EQ(model->rowCount(), static_cast<int>(w.document()->scenario().project.tasks.size()));
    w.document()->undoStack()->undo();
    EXPECT_EQ(model->rowCount(), static_cast<int>(w.document()->scenario().project.tasks.size()));
}

// Without a start date the Gantt and the burn-up have no dates to draw: their tabs wait (with a
// tooltip saying why) and the risk drivers show; a plan with a start date enables them.
TEST(ProjectForecast, TheDatedTabsWaitForAStartDate)
{
    ProjectWindow w;
    ASSERT_TRUE(w.waitForEstimate());
    QTabWidget *tabs = w.panel()->riskTabs();
    ASSERT_FALSE(w.document()->scenario().project.startDate.has_value());
    EXPECT_FALSE(tabs->isTabEnabled(0));
    EXPECT_FALSE(tabs->isTabEnabled(2));
    EXPECT_EQ(tabs->currentIndex(), 1);
    EXPECT_TRUE(tabs->tabToolTip(0).contains(QStringLiteral("Starts on")));

    w.document()->load(forecastPreset(), QString());
    ASSERT_TRUE(w.waitForEstimate());
    EXPECT_TRUE(tabs->isTabEnabled(0));
    EXPECT_TRUE(tabs->isTabEnabled(2));
    EXPECT_TRUE(tabs->tabToolTip(0).isEmpty());
}

// Presentation mode, turned on while the estimate is shown, widens the estimate table with its
// text: every column stays whole (it was cut to "24 wee").
TEST(ProjectForecast, TheEstimateTableFollowsThePresentationFont)
{
    ProjectWindow w;
    ASSERT_TRUE(w.waitForEstimate());
    QTest::qWait(60);
    appearance::Look look = w.window.look();
    look.presentation = true;
    w.window.setLook(look);
    w.window.resize(1920, 1080);
    QTest::qWait(100);
    const QTableWidget *results = w.panel()->resultTable();
    // The table is as wide as its columns, and the column holding it shows all of it.
    EXPECT_GE(results->width(), results->minimumWidth());
    EXPECT_GT(results->minimumWidth(), 0);
    EXPECT_LE(results->geometry().right(), results->parentWidget()->rect().right())
        << "table " << results->width() << " px in " << results->parentWidget()->width() << " px";
    for (int column = 0; column < 2; ++column)
        EXPECT_GE(results->columnWidth(column),
                  static_cast<const QAbstractItemView *>(results)->sizeHintForColumn(column))
            << column;
    look.presentation = false;
    w.window.setLook(look);
}

namespace {
/// At every scroll position, each column of `table` that starts in its viewport ends in it (no
/// header or cell cut by the table's edge), and each column is as wide as its header and cells.
void expectWholeColumns(QTableView *table, const std::string &where)
{
    QHeaderView *header = table->horizontalHeader();
    QScrollBar *scroll = table->horizontalScrollBar();
    for (int column = 0; column < header->count(); ++column) {
        EXPECT_GE(header->sectionSize(column), header->sectionSizeHint(column))
            << where << ", column " << column;
        EXPECT_GE(header->sectionSize(column),
                  static_cast<const QAbstractItemView *>(table)->sizeHintForColumn(column))
            << where << ", column " << column;
    }
    for (int position = scroll->minimum(); position <= scroll->maximum(); ++position) {
        scroll->setValue(position);
        QApplication::processEvents();
        const int viewport = table->viewport()->width();
        EXPECT_EQ(header->width(), viewport) << where << ", scrolled to " << position;
        int shownWidth = 0;
        int lastShown = -1;
        for (int column = 0; column < header->count(); ++column) {
            const int x = header->sectionViewportPosition(column);
            if (x < 0 || x >= viewport)
                continue;
            EXPECT_LE(x + header->sectionSize(column), viewport)
                << where << ", scrolled to " << position << ": column " << column << " ("
                << table->model()->headerData(column, Qt::Horizontal).toString().toStdString()
                << ") cut";
            shownWidth += header->sectionSize(column);
            lastShown = column;
        }
        // The viewport ends where its last whole column does, unless every column up to the
        // last is in it.
        if (lastShown + 1 < header->count()) {
            EXPECT_EQ(shownWidth, viewport) << where << ", scrolled to " << position;
        }
    }
    // Scrolled to the end, the last column is whole.
    const int last = header->count() - 1;
    EXPECT_GE(header->sectionViewportPosition(last), 0) << where;
    EXPECT_LE(header->sectionViewportPosition(last) + header->sectionSize(last),
              table->viewport()->width())
        << where;
    scroll->setValue(0);
    QApplication::processEvents();
}
} // namespace

// Issue 32: at 1366x768 the task table's columns overflow it, and the edge cut "Done (%)" to
// "Done (%" over "10" for 100; in presentation mode at 1920x1080 "Critical (% of trials)" to
// "Critical (% of". The table scrolls a column at a time and shows whole columns only.
TEST(ProjectForecast, TheTaskTableShowsWholeColumnsOnly)
{
    ProjectWindow w(forecastPreset());
    ASSERT_TRUE(w.waitForEstimate());
    QTest::qWait(60);
    QTableView *table = w.panel()->taskTable();
    QHeaderView *header = table->horizontalHeader();
    ASSERT_EQ(header->count(), 14);
    // They do overflow it: it scrolls.
    ASSERT_GT(header->length(), table->viewport()->width());
    ASSERT_GT(table->horizontalScrollBar()->maximum(), 0);
    EXPECT_TRUE(table->horizontalScrollBar()->isVisible());
    expectWholeColumns(table, "1366x768");
    // The scroll bar under the rows takes no row's room: all eight are whole.
    ASSERT_EQ(table->model()->rowCount(), 8);
    EXPECT_EQ(table->verticalScrollBar()->maximum(), 0);
    EXPECT_EQ(table->rowViewportPosition(7) + table->rowHeight(7), 8 * table->rowHeight(0));
    EXPECT_LE(8 * table->rowHeight(0), table->viewport()->height());

    // A window of 1920x1080 in presentation mode (as a presentation's --screenshot makes one).
    MainWindow::Options options = MainWindow::Options::headless();
    options.presentationFillsScreen = false;
    MainWindow window(options);
    window.document()->load(forecastPreset(), QString());
    window.resize(1920, 1080);
    window.show();
    window.workspaces()->setCurrentIndex(3);
    appearance::Look look = window.look();
    look.presentation = true;
    window.setLook(look);
    ASSERT_TRUE(QTest::qWaitFor(
        [&window]() {
            return !window.projectPanel()->isRunning() &&
                   window.document()->jobs()->monteCarlo()->estimateFor(
                       window.document()->scenario().project);
        },
        60'000));
    QTest::qWait(100);
    ASSERT_EQ(window.size(), QSize(1920, 1080));
    expectWholeColumns(window.projectPanel()->taskTable(), "1920x1080 presentation");

    // With room to spare (2560 px, no presentation) the Task column takes it: every column
    // shows, and they fill the table.
    look.presentation = false;
    window.setLook(look);
    window.resize(2560, 1080);
    QTest::qWait(200);
    QTableView *wide = window.projectPanel()->taskTable();
    EXPECT_EQ(wide->horizontalScrollBar()->maximum(), 0);
    EXPECT_EQ(wide->horizontalHeader()->length(), wide->viewport()->width());
    EXPECT_GT(
        wide->columnWidth(TaskTableModel::Name),
        static_cast<const QAbstractItemView *>(wide)->sizeHintForColumn(TaskTableModel::Name));
    expectWholeColumns(wide, "2560x1080");
}

// Issue 52, item 1: the line over the task table says how this plan's tasks follow one another.
// The default plan lists dependencies (2 and 3 after 1, 4 after both), so "one after another"
// would contradict its Depends on column; a plan that lists none does run one after another.
TEST(ProjectForecast, TheLineOverTheTasksFollowsTheirDependencies)
{
    ProjectWindow w;
    const QLabel *title = w.panel()->taskTitle();
    EXPECT_EQ(title->text(),
              QStringLiteral("<b>Tasks</b> — three-point estimates; a task starts when the tasks "
                             "it depends on have finished"));
    ASSERT_TRUE(w.document()->editScenario(QStringLiteral("No dependencies"), [](Scenario &s) {
        for (estimate::Task &task : s.project.tasks.edit())
            task.dependsOn.clear();
    }));
    QApplication::processEvents();
    EXPECT_EQ(title->text(),
              QStringLiteral("<b>Tasks</b> — three-point estimates; no task lists a dependency, "
                             "so they run one after another"));
    w.document()->undoStack()->undo();
    QApplication::processEvents();
    EXPECT_TRUE(title->text().endsWith(QStringLiteral("have finished")));
}

// Issue 52, item 3: in presentation mode the answer's chart (the distribution with its P50 and
// P90) stands whole above the fold, at a laptop's 1366x768 and at 1920x1080, with the
// estimate table's percentiles whole beside it; at 1920x1080 the risk drivers too. The task
// table is a few rows tall and scrolls inside itself; leaving presentation gives it all back.
TEST(ProjectForecast, InPresentationTheDistributionStandsAboveTheFold)
{
    for (const QSize size : {QSize(1366, 768), QSize(1920, 1080)}) {
        const std::string where =
            std::to_string(size.width()) + "x" + std::to_string(size.height()) + " presentation";
        MainWindow::Options options = MainWindow::Options::headless();
        options.presentationFillsScreen = false;
        MainWindow window(options);
        ProjectPanel *panel = presentProject(window, size);
        ASSERT_NE(panel, nullptr) << where;
        ASSERT_EQ(window.size(), size);
        EXPECT_TRUE(panel->isCompact()) << where;
        EXPECT_FALSE(panel->taskButtons()->isVisible()) << where;
        QScrollArea *page = nullptr;
        for (QWidget *w = panel->parentWidget(); w && !page; w = w->parentWidget())
            page = qobject_cast<QScrollArea *>(w);
        ASSERT_NE(page, nullptr);
        const QRect fold = page->viewport()->rect();
        auto onPage = [page](const QWidget *widget) {
            return QRect(widget->mapTo(page->viewport(), QPoint(0, 0)), widget->size());
        };
        EXPECT_EQ(page->verticalScrollBar()->value(), 0);
        EXPECT_TRUE(fold.contains(onPage(panel->estimateChart())))
            << where << ": chart bottom " << onPage(panel->estimateChart()).bottom()
            << " below the fold at " << fold.bottom();
        EXPECT_GE(panel->estimateChart()->height(), 300) << where;
        const QTableWidget *results = panel->resultTable();
        EXPECT_TRUE(fold.contains(onPage(results))) << where;
        // Every shown row whole: the percentiles, P95 last.
        const int p95 = results->rowCount() - 1;
        EXPECT_EQ(results->verticalHeaderItem(p95)->text(), QStringLiteral("P95"));
        EXPECT_LE(results->rowViewportPosition(p95) + results->rowHeight(p95),
                  results->viewport()->height())
            << where;
        EXPECT_TRUE(results->isRowHidden(0)) << "PERT mean, said by the line above";
        // The task table a few rows tall, scrolling inside itself.
        const QTableView *tasks = panel->taskTable();
        EXPECT_GT(tasks->verticalScrollBar()->maximum(), 0) << where;
        EXPECT_LE(tasks->viewport()->height(),
                  (ProjectPanel::kCompactTaskRows + 1) * tasks->rowHeight(0))
            << where;
        if (size.height() >= 1080) {
            EXPECT_TRUE(fold.contains(onPage(panel->riskTabs())))
                << where << ": risk views bottom " << onPage(panel->riskTabs()).bottom()
                << " below the fold at " << fold.bottom();
        }

        appearance::Look look = window.look();
        look.presentation = false;
        window.setLook(look);
        QTest::qWait(50);
        EXPECT_FALSE(panel->isCompact());
        EXPECT_TRUE(panel->taskButtons()->isVisible());
        EXPECT_FALSE(results->isRowHidden(0));
        EXPECT_EQ(tasks->verticalScrollBar()->maximum(), 0) << "all seven tasks shown";
    }
}

// At 1366x768 in presentation mode the risk tabs stood below the fold: their tab bar and the
// risk drivers' legend showed, the chart's body did not. On a window that short the
// distribution becomes the risk tabs' last page and the tabs stand beside the percentiles:
// Risk drivers is a click away and its chart whole in view. At 1920x1080, and out of
// presentation, the two stand one above the other as before.
TEST(ProjectForecast, OnALaptopInPresentationTheRiskDriversHaveTheRoom)
{
    for (const QSize size : {QSize(1366, 768), QSize(1920, 1080)}) {
        const std::string where =
            std::to_string(size.width()) + "x" + std::to_string(size.height()) + " presentation";
        MainWindow::Options options = MainWindow::Options::headless();
        options.presentationFillsScreen = false;
        MainWindow window(options);
        ProjectPanel *panel = presentProject(window, size);
        ASSERT_NE(panel, nullptr) << where;
        QTabWidget *tabs = panel->riskTabs();
        const bool laptop = size.height() < ProjectPanel::kTabbedBelowPx;
        EXPECT_EQ(tabs->count(), laptop ? 4 : 3) << where;
        if (laptop) {
            EXPECT_EQ(tabs->currentWidget(), panel->estimateChart()) << where;
        }
        QScrollArea *page = nullptr;
        for (QWidget *w = panel->parentWidget(); w && !page; w = w->parentWidget())
            page = qobject_cast<QScrollArea *>(w);
        ASSERT_NE(page, nullptr);
        const QRect fold = page->viewport()->rect();
        auto onPage = [page](const QWidget *widget) {
            return QRect(widget->mapTo(page->viewport(), QPoint(0, 0)), widget->size());
        };
        tabs->setCurrentIndex(1); // Risk drivers, as a person clicks it
        QTest::qWait(50);
        const QWidget *tornado = panel->tornadoChart();
        ASSERT_TRUE(tornado->isVisible()) << where;
        EXPECT_TRUE(fold.contains(onPage(tornado)))
            << where << ": risk drivers bottom " << onPage(tornado).bottom()
            << " below the fold at " << fold.bottom();
        EXPECT_GE(tornado->height(), 280) << where;

        appearance::Look look = window.look();
        look.presentation = false;
        window.setLook(look);
        QTest::qWait(50);
        EXPECT_EQ(tabs->count(), 3) << where;
        EXPECT_TRUE(panel->estimateChart()->isVisible()) << where;
        EXPECT_EQ(tabs->currentIndex(), 1) << where;
    }
}

// Issue 52, item 4: on the dark theme the task table's cells have a visible grid (Fusion's, the
// window's colour darkened, vanished on the dark cells and ran "8" and "1" together).
TEST(ProjectForecast, TheTaskTableHasAVisibleGridOnTheDarkTheme)
{
    ProjectWindow w;
    appearance::Look look = w.window.look();
    look.theme = appearance::Theme::Dark;
    w.window.setLook(look);
    QApplication::processEvents();
    QTableView *tasks = w.panel()->taskTable();
    ASSERT_TRUE(appearance::isDark(tasks->palette()));
    EXPECT_TRUE(tasks->showGrid());
    QStyleOptionViewItem option;
    option.initFrom(tasks);
    const QColor grid = QColor::fromRgba(static_cast<QRgb>(
        tasks->style()->styleHint(QStyle::SH_Table_GridLineColor, &option, tasks)));
    // Apart from the cells' colour: at least 40 levels lighter in each channel.
    const QColor base = tasks->palette().color(QPalette::Base);
    EXPECT_GE(grid.red() - base.red(), 40);
    EXPECT_GE(grid.green() - base.green(), 40);
    EXPECT_GE(grid.blue() - base.blue(), 40);
    look.theme = appearance::Theme::Light;
    w.window.setLook(look);
}
