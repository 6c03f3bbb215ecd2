// Issue 18, made for the meeting room: the window fits a laptop, starts from the goal, answers
// the question of the workspace in front, presents on a shared screen and reads in the dark.
#include "core/base/format.h"
#include "core/plan/explain.h"
#include "core/plan/summary.h"
#include "ui/document/montecarlorunner.h"
#include "ui/document/scenariodocument.h"
#include "ui/measured/measuredpanel.h"
#include "ui/model/headlinewidget.h"
#include "ui/model/inputspanel.h"
#include "ui/model/scalingtablemodel.h"
#include "ui/model/scalingview.h"
#include "ui/project/estimatecharts.h"
#include "ui/project/projectpanel.h"
#include "ui/tail/tailpanel.h"
#include "ui/training/schedulechart.h"
#include "ui/training/trainingpanel.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/valuecontrol.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QMenuBar>
#include <QScrollBar>
#include <QStatusBar>
#include <QStyle>
#include <QStyleOptionButton>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QToolBar>
#include <QToolButton>

#include <gtest/gtest.h>

using namespace pipeplan;

QT_BEGIN_NAMESPACE
inline void PrintTo(const QString &text, std::ostream *os)
{
    *os << '"' << text.toStdString() << '"';
}
QT_END_NAMESPACE

namespace {

/// What a window manager adds around the client area: a title bar and thin borders (a generous
/// allowance: GNOME's title bar is 37 px, KDE's 30 px).
constexpr int kFrameWidth = 2 * 4;
constexpr int kFrameHeight = 40 + 4;
const QSize kLaptop(1366, 768);

/// The smallest the window can be: what its layout allows.
QSize minimumWindowSize(MainWindow &window)
{
    QApplication::processEvents();
    window.layout()->activate();
    return window.minimumSizeHint()
        .expandedTo(window.minimumSize())
        .expandedTo(window.layout()->minimumSize());
}

/// Types `text` into a value control and commits it, as a person does (text, then Enter).
void type(ValueControl *control, const QString &text)
{
    control->lineEdit()->setText(text);
    ASSERT_TRUE(control->commitText()) << control->refusalMessage().toStdString();
}

} // namespace

TEST(MeetingFit, EveryWorkspaceFitsALaptopWithOrWithoutABaselineInEveryLook)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(kLaptop - QSize(kFrameWidth, kFrameHeight));
    window.show();
    const QSize unpinned = minimumWindowSize(window);
    for (const bool presentation : {false, true}) {
        for (const appearance::Theme theme : {appearance::Theme::Light, appearance::Theme::Dark}) {
            window.setLook({theme, presentation});
            for (const bool pinned : {false, true}) {
                if (pinned)
                    window.document()->pinBaseline();
                else
                    window.document()->unpinBaseline();
                for (int workspace = 0; workspace < window.workspaces()->count(); ++workspace) {
                    window.workspaces()->setCurrentIndex(workspace);
                    const QSize minimum = minimumWindowSize(window);
                    const std::string where =
                        "workspace " + std::to_string(workspace) +
                        (pinned ? ", baseline" : ", no baseline") +
                        (theme == appearance::Theme::Dark ? ", dark" : ", light") +
                        (presentation ? ", presentation" : "") + ": minimum " +
                        std::to_string(minimum.width()) + "x" + std::to_string(minimum.height());
                    EXPECT_LE(minimum.width() + kFrameWidth, kLaptop.width()) << where;
                    EXPECT_LE(minimum.height() + kFrameHeight, kLaptop.height()) << where;
                }
            }
        }
    }
    // Unpinning and leaving presentation mode give the room back (to a few pixels: fonts
    // scaled there and back round their sizes).
    window.setLook({appearance::Theme::Light, false});
    window.document()->unpinBaseline();
    window.workspaces()->setCurrentIndex(0);
    const QSize after = minimumWindowSize(window);
    EXPECT_LE(after.width(), unpinned.width() + 12);
    EXPECT_LE(after.height(), unpinned.height() + 12);
}

// Issue 32: on a laptop the scaling table opens with the scenario's own row in view, and the
// deadline column is as wide as its words ("late, ×1.3"), not squeezed to "m".
// Presentation mode hides the inputs: the status line says how to bring them back, not "drag a
// slider", and says "drag a slider" again once they are back.
TEST(MeetingFit, TheStatusLineNeverPointsAtHiddenInputs)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    EXPECT_EQ(window.statusBar()->currentMessage(),
              QStringLiteral("Drag a slider or type a value: every number and chart follows."));
    window.setLook({appearance::Theme::Light, true});
    EXPECT_FALSE(window.inputsVisible());
    EXPECT_EQ(window.statusBar()->currentMessage(),
              QStringLiteral("Inputs hidden: Ctrl+Shift+I shows them."));
    window.setLook({appearance::Theme::Light, false});
    EXPECT_EQ(window.statusBar()->currentMessage(),
              QStringLiteral("Drag a slider or type a value: every number and chart follows."));
}

TEST(MeetingFit, TheScalingTableShowsItsOwnRowAndWholeVerdicts)
{
    MainWindow window(MainWindow::Options::headless());
    Plan plan;
    plan.scenario.goal.deadlineSeconds = 8 * 3600;
    plan.scenario.workload.workers = 50'000; // the last listed row
    window.document()->load(plan, QString());
    window.resize(1366, 768);
    window.show();
    QTest::qWait(50);
    const QTableView *table = window.scaling()->table();
    const ScalingTableModel *model = window.scaling()->model();
    const int row = model->highlightedRow();
    ASSERT_GE(row, 0);
    const QRect cell = table->visualRect(model->index(row, 0));
    EXPECT_TRUE(table->viewport()->rect().intersects(cell))
        << "row " << row << " at y " << cell.y() << " of " << table->viewport()->height();
    const int column = model->deadlineColumn();
    ASSERT_GE(column, 0);
    QFont bold = table->font();
    bold.setBold(true);
    for (int r = 0; r < model->rowCount(); ++r) {
        const QString text = model->index(r, column).data().toString();
        EXPECT_GE(table->horizontalHeader()->sectionSize(column),
                  QFontMetrics(bold).horizontalAdvance(text))
            << text.toStdString();
    }
    // And in sight: the table is given its columns' width, no sideways scrolling to the verdict.
    const QRect verdict = table->visualRect(model->index(row, column));
    EXPECT_LE(verdict.right(), table->viewport()->width())
        << "the verdict column ends at x " << verdict.right() << " of "
        << table->viewport()->width();
    EXPECT_GE(verdict.left(), 0);
}

// Issue 32: on a laptop the goal seek shows all four rows, the simulated P90 included, and each
// two-line reason whole, with no sideways scrolling.
TEST(MeetingFit, TheGoalSeekShowsEveryRowAndWholeReasonsOnALaptop)
{
    MainWindow window(MainWindow::Options::headless());
    ASSERT_TRUE(window.openFile(QStringLiteral(PIPEPLAN_PRESETS_DIR "/nightly-scoring.json")));
    // The goal seek answers a deadline: the overnight job of issue 32 with 8 hours to finish.
    Plan plan = window.document()->plan();
    plan.scenario.goal.deadlineSeconds = 8 * 3600;
    window.document()->load(plan, QString());
    window.resize(1366, 768);
    window.show();
    window.workspaces()->setCurrentIndex(1); // Overheads & tail
    QTableWidget *table = window.tailPanel()->goalTable();
    // A QTRY that times out only warns under GoogleTest (and then waits twice as long again):
    // wait by hand and assert.
    QElapsedTimer waited;
    waited.start();
    while (table->rowCount() != 4 && waited.elapsed() < 30'000)
        QTest::qWait(20);
    ASSERT_EQ(table->rowCount(), 4);
    QTest::qWait(50);
    EXPECT_FALSE(table->horizontalScrollBar()->isVisible());
    const QFontMetrics metrics(table->font());
    for (int row = 0; row < table->rowCount(); ++row) {
        const QRect cell = table->visualRect(table->model()->index(row, 4));
        EXPECT_TRUE(table->viewport()->rect().contains(cell))
            << "row " << row << " at y " << cell.y() << "+" << cell.height() << " of "
            << table->viewport()->height();
        // The reason's wrapped lines all fit the row's height.
        const QRect needed = metrics.boundingRect(QRect(0, 0, cell.width() - 8, 10'000),
                                                  Qt::TextWordWrap, table->item(row, 4)->text());
        EXPECT_GE(cell.height(), needed.height()) << table->item(row, 4)->text().toStdString();
    }
}

TEST(MeetingDeadline, TheHeadlineSaysTheSeedJobCannotFinishInHalfAnHourAndWhatTheLeversNeed)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 720);
    window.show();
    ScenarioDocument *document = window.document();
    ValueControl *deadline = window.inputs()->deadlineControl();
    EXPECT_FALSE(deadline->isEnabledValue()); // off by default
    EXPECT_TRUE(window.headline()->verdictText().isEmpty());

    // Tick "Finish within" and type 30 minutes into the hours field: one plan, the verdict
    // computed in core.
    deadline->checkBox()->click();
    type(deadline, QStringLiteral("30 min"));
    ASSERT_TRUE(document->scenario().goal.deadlineSeconds.has_value());
    EXPECT_DOUBLE_EQ(*document->scenario().goal.deadlineSeconds, 1800);
    ASSERT_TRUE(document->result().deadline.has_value());
    const QString impossible = window.headline()->verdictText();
    EXPECT_EQ(impossible, explain::deadline(*document->result().deadline));
    EXPECT_TRUE(impossible.startsWith(QStringLiteral("Impossible within 30 minutes")))
        << impossible.toStdString();
    EXPECT_TRUE(impossible.contains(QStringLiteral("the serial 2% alone takes ") +
                                    format::duration(0.02 * 3e9)))
        << impossible.toStdString();

    // The scaling table marks every row against it.
    const ScalingTableModel *table = window.scaling()->model();
    const int column = table->deadlineColumn();
    ASSERT_GE(column, 0);
    EXPECT_EQ(table->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString(),
              QStringLiteral("Within 30 minutes"));
    for (int row = 0; row < table->rowCount(); ++row)
        EXPECT_TRUE(table->index(row, column).data().toString().startsWith(QStringLiteral("late")));

    // The seed's levers at p = 1: 75M users x 20 x 10 ms = 1.5e7 s of work, 1,500 s at 10,000
    // workers, and ceil(1.5e7 / 1800) = 8,334 workers would do.
    for (const char *setting : {"workload.keep_fraction=0.5", "workload.accelerator_latency_ms=10",
                                "workload.parallel_fraction=1"}) {
        QString error;
        ASSERT_TRUE(window.applySetting(QLatin1String(setting), &error)) << error.toStdString();
    }
    const QString meets = window.headline()->verdictText();
    EXPECT_EQ(meets, QStringLiteral("Meets the deadline of 30 minutes with 5 minutes to spare. "
                                    "Fewest workers that meet it: 8,334."));
    bool anyMeets = false;
    for (int row = 0; row < table->rowCount(); ++row)
        anyMeets |= table->index(row, column).data().toString() == QStringLiteral("meets");
    EXPECT_TRUE(anyMeets);

    // Off again: no verdict, no column, and no deadline kept while off (issue 51); undo brings
    // it back.
    deadline->checkBox()->click();
    EXPECT_FALSE(document->scenario().goal.deadlineSeconds.has_value());
    EXPECT_TRUE(window.headline()->verdictText().isEmpty());
    EXPECT_EQ(table->deadlineColumn(), -1);
    document->undoStack()->undo();
    EXPECT_EQ(document->scenario().goal.deadlineSeconds, std::optional(1800.0));
}

TEST(MeetingHeadline, EachWorkspaceHasItsOwnAnswer)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 720);
    window.show();
    HeadlineWidget *headline = window.headline();
    ScenarioDocument *document = window.document();
    EXPECT_TRUE(
        headline->captionText(HeadlineWidget::Runtime).startsWith(QStringLiteral("Runtime")));
    EXPECT_EQ(headline->valueText(HeadlineWidget::Runtime),
              format::duration(document->result().effectiveRuntimeSeconds));

    // Training: the selected schedule's makespan, bubble and peak activations.
    window.workspaces()->setCurrentIndex(2);
    EXPECT_EQ(headline->workspace(), HeadlineWidget::Workspace::Training);
    const std::vector<TrainingSchedule> &schedules = document->planResult().training.schedules;
    ASSERT_FALSE(schedules.empty());
    ASSERT_TRUE(schedules.front().result.has_value());
    const schedule::Result &chosen = *schedules.front().result;
    EXPECT_EQ(headline->captionText(HeadlineWidget::TotalPredictions), QStringLiteral("Schedule"));
    EXPECT_EQ(headline->valueText(HeadlineWidget::TotalPredictions),
              schedule::displayName(document->scenario().training.schedule));
    EXPECT_EQ(headline->valueText(HeadlineWidget::Runtime),
              format::milliseconds(chosen.makespanMs));
    EXPECT_EQ(headline->valueText(HeadlineWidget::Throughput),
              format::trimmed(chosen.bubbleFraction * 100, 1) + QStringLiteral(" %"));
    EXPECT_TRUE(headline->valueText(HeadlineWidget::Speedup)
                    .startsWith(format::trimmed(chosen.maxPeakInFlight(), 2)));
    EXPECT_FALSE(headline->valueText(HeadlineWidget::Runtime).contains(QStringLiteral("days")));

    // Project: the Monte Carlo's P50, P80 and P90, once the document's job has finished.
    window.workspaces()->setCurrentIndex(3);
    MonteCarloRunner *monteCarlo = document->jobs()->monteCarlo();
    QTRY_VERIFY_WITH_TIMEOUT(monteCarlo->estimateFor(document->scenario().project).has_value(),
                             60000);
    QApplication::processEvents();
    const estimate::PlanEstimate estimate = *monteCarlo->estimateFor(document->scenario().project);
    const double largest = estimate.monteCarloBuffered.maxHours;
    // The buffered finish is in the caption (issue 52: "18 weeks (buffered 24 weeks)" did not
    // fit one card on a laptop in presentation mode).
    EXPECT_EQ(headline->captionText(HeadlineWidget::TotalPredictions),
              QStringLiteral("P50 finish · buffered ") +
                  planDuration(estimate.monteCarloBuffered.p50Hours, largest));
    EXPECT_EQ(headline->valueText(HeadlineWidget::TotalPredictions),
              planDuration(estimate.monteCarlo.p50Hours, largest));
    EXPECT_TRUE(headline->valueText(HeadlineWidget::Runtime)
                    .startsWith(planDuration(estimate.monteCarlo.p80Hours, largest)));
    EXPECT_TRUE(headline->valueText(HeadlineWidget::Throughput)
                    .startsWith(planDuration(estimate.monteCarlo.p90Hours, largest)));
    // Issue 52: one sentence and four numbers, the core's (summary::projectHeadline): the P50
    // and P90 finish, the P90 with the buffers and what drives it. The six numbers above (with
    // and without buffers) are Show how's, hidden until it is pressed.
    const summary::ProjectHeadline answer =
        summary::projectHeadline(document->scenario(), document->planResult());
    EXPECT_EQ(headline->answerText(), answer.sentence);
    ASSERT_EQ(headline->answerCount(), 4);
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(headline->answerValue(i), answer.numbers[static_cast<size_t>(i)].value) << i;
        EXPECT_EQ(headline->answerCaption(i), answer.numbers[static_cast<size_t>(i)].caption) << i;
    }
    EXPECT_EQ(headline->answerValue(0), planDuration(estimate.monteCarlo.p50Hours, largest));
    EXPECT_EQ(headline->answerValue(1), planDuration(estimate.monteCarlo.p90Hours, largest));
    EXPECT_EQ(headline->answerValue(2),
              planDuration(estimate.monteCarloBuffered.p90Hours, largest));
    for (const QLabel *label : headline->findChildren<QLabel *>())
        EXPECT_FALSE(label->isVisible() &&
                     label->text() == headline->captionText(HeadlineWidget::TotalPredictions))
            << "a detail beside the answer";
    // With a start date the cards are dates (issue 32), the result's.
    ASSERT_TRUE(document->editScenario(
        QStringLiteral("Start"), [](Scenario &s) { s.project.startDate = QDate(2027, 1, 4); }));
    QTRY_VERIFY_WITH_TIMEOUT(document->planResult().projectCharts.dates.has_value(), 60000);
    QApplication::processEvents();
    const ProjectDates &dates = *document->planResult().projectCharts.dates;
    EXPECT_EQ(headline->valueText(HeadlineWidget::TotalPredictions),
              QLocale().toString(dates.monteCarlo.p50, QStringLiteral("d MMM yyyy")));
    EXPECT_EQ(headline->captionText(HeadlineWidget::TotalPredictions),
              QStringLiteral("P50 finish · buffered ") +
                  QLocale().toString(dates.monteCarloBuffered.p50, QStringLiteral("d MMM yyyy")));
    EXPECT_EQ(
        headline->answerValue(0),
        QLocale(QLocale::English).toString(dates.monteCarlo.p50, QStringLiteral("d MMM yyyy")));

    // Back on the Model tab: the job's runtime again.
    window.workspaces()->setCurrentIndex(0);
    EXPECT_EQ(headline->valueText(HeadlineWidget::Runtime),
              format::duration(document->result().effectiveRuntimeSeconds));
}

TEST(MeetingPresentation, ASharedScreenShowsTheAnswerAndEscapeLeaves)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1920, 1080);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.activateWindow();
    QApplication::setActiveWindow(&window);
    window.setLook({appearance::Theme::Light, true});
    QApplication::processEvents();
    EXPECT_TRUE(window.menuBar()->isHidden());
    for (QToolBar *toolbar : window.findChildren<QToolBar *>())
        EXPECT_TRUE(toolbar->isHidden());
    EXPECT_TRUE(window.leavePresentationButton()->isVisible());
    EXPECT_FALSE(window.inputsVisible());
    EXPECT_FALSE(window.inputs()->isVisible());
    EXPECT_FALSE(window.tailPanel()->inputsVisible());
    EXPECT_FALSE(window.trainingPanel()->inputsVisible());
    EXPECT_FALSE(window.projectPanel()->inputsVisible());
    // Captions at full contrast and at least 16 px.
    const QFont caption = window.headline()->captionFont();
    EXPECT_GE(QFontInfo(caption).pixelSize(), HeadlineWidget::kPresentationCaptionPx);

    // Explanations keep their share of the larger font (they have a font of their own).
    int explanations = 0;
    for (QWidget *widget : window.findChildren<QWidget *>()) {
        if (const QVariant scale = widget->property("pp_fontScale"); scale.isValid()) {
            EXPECT_NEAR(widget->font().pointSizeF(),
                        QApplication::font().pointSizeF() * scale.toDouble(), 0.01);
            ++explanations;
        }
    }
    EXPECT_GT(explanations, 10);

    // Esc leaves (the menu bar is hidden, the key still works), and everything comes back.
    QTest::keyClick(&window, Qt::Key_Escape);
    EXPECT_FALSE(window.look().presentation);
    EXPECT_FALSE(window.menuBar()->isHidden());
    EXPECT_TRUE(window.inputsVisible());
    EXPECT_TRUE(window.trainingPanel()->inputsVisible());
    EXPECT_FALSE(window.leavePresentationButton()->isVisible());

    // F11, the presentation action's own key, works with the menu bar hidden too.
    QTest::keyClick(&window, Qt::Key_F11);
    EXPECT_TRUE(window.look().presentation);
    QTest::keyClick(&window, Qt::Key_F11);
    EXPECT_FALSE(window.look().presentation);
}

// Issue 32: a presentation shot (--screenshot) is of the size asked for. Full screen takes the
// platform's size (800x800 offscreen), so a window told not to fill the screen keeps its own,
// with the presentation look.
TEST(MeetingPresentation, AWindowThatDoesNotFillTheScreenKeepsItsSize)
{
    MainWindow::Options options = MainWindow::Options::headless();
    options.presentationFillsScreen = false;
    MainWindow window(options);
    window.resize(1920, 1080);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.setLook({appearance::Theme::Light, true});
    QApplication::processEvents();
    EXPECT_FALSE(window.isFullScreen());
    EXPECT_EQ(window.size(), QSize(1920, 1080));
    EXPECT_EQ(window.grab().size(), QSize(1920, 1080));
    EXPECT_TRUE(window.menuBar()->isHidden());
    EXPECT_TRUE(window.leavePresentationButton()->isVisible());
    EXPECT_FALSE(window.inputsVisible());
    EXPECT_GE(QFontInfo(window.headline()->captionFont()).pixelSize(),
              HeadlineWidget::kPresentationCaptionPx);
    // Leaving gives the window back at its size.
    window.setLook({appearance::Theme::Light, false});
    QApplication::processEvents();
    EXPECT_EQ(window.size(), QSize(1920, 1080));
    EXPECT_FALSE(window.menuBar()->isHidden());
}

namespace {
/// Pixels of `image` inside `rect` whose lightness differs from `background` by more than 60:
/// what an eye can find on the screen.
int visiblePixels(const QImage &image, const QRect &rect, const QColor &background)
{
    int count = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x)
            count += std::abs(image.pixelColor(x, y).lightness() - background.lightness()) > 60;
    return count;
}
} // namespace

TEST(MeetingDark, UncheckedBoxesAndScheduleTitlesReadOnADarkTheme)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 720);
    window.setLook({appearance::Theme::Dark, false});
    window.show();
    QApplication::processEvents();
    int checked = 0;
    for (QCheckBox *box : window.findChildren<QCheckBox *>()) {
        if (!box->isVisible() || box->isChecked())
            continue;
        QStyleOptionButton option;
        option.initFrom(box);
        const QRect indicator =
            box->style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, box);
        const QImage image = box->grab().toImage();
        EXPECT_GT(visiblePixels(image, indicator, box->palette().color(QPalette::Window)), 8)
            << box->text().toStdString();
        ++checked;
    }
    EXPECT_GT(checked, 0);

    window.workspaces()->setCurrentIndex(2);
    QApplication::processEvents();
    ScheduleChart *chart = window.trainingPanel()->ganttChart();
    int captions = 0;
    for (int i = 0; i < chart->itemCount(); ++i) {
        if (auto *text = qobject_cast<QCPItemText *>(chart->item(i))) {
            EXPECT_GT(text->color().lightness(), 170) << text->text().toStdString();
            ++captions;
        }
    }
    EXPECT_GT(captions, 0);
}

TEST(MeetingPresentation, TableColumnsFitTheLargerFontInEveryWorkspace)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1920, 1080);
    window.show();
    // Measured shows its fit table once it has runs to fit.
    ASSERT_TRUE(window.measuredPanel()->pasteRuns(
        QStringLiteral("Workers\tThroughput\n1\t64.9\n18\t995.9\n36\t1652.4\n72\t1853.2\n")));
    // Hardware & cost shows its tables once a device and a model are in force (issue 52: no
    // empty tables with no word of what fills them).
    window.document()->editScenario(QStringLiteral("hardware"),
                                    [](Scenario &s) { s.hardware.enabled = true; });
    window.setLook({appearance::Theme::Light, true});
    for (int workspace = 0; workspace < window.workspaces()->count(); ++workspace) {
        window.workspaces()->setCurrentIndex(workspace);
        QApplication::processEvents();
        int checked = 0;
        for (QTableView *table :
             window.workspaces()->currentWidget()->findChildren<QTableView *>()) {
            if (!table->isVisible())
                continue;
            QHeaderView *header = table->horizontalHeader();
            for (int section = 0; section < header->count(); ++section) {
                if (header->sectionResizeMode(section) != QHeaderView::Interactive ||
                    header->isSectionHidden(section) ||
                    (header->stretchLastSection() && section == header->count() - 1))
                    continue;
                const QString title =
                    table->model()->headerData(section, Qt::Horizontal).toString();
                // A title over two lines ("Bubble" over "(share idle)") needs its wider line.
                int widest = 0;
                for (const QString &line : title.split(QLatin1Char('\n')))
                    widest = std::max(widest, QFontMetrics(header->font()).horizontalAdvance(line));
                EXPECT_GE(header->sectionSize(section), widest)
                    << "workspace " << workspace << ", column " << title.toStdString();
                ++checked;
            }
        }
        EXPECT_GT(checked, 0) << "workspace " << workspace;
    }
}

// Issue 32: the tab bar stays put when the workspace changes (it started at x = 490 on Model,
// right of the inputs, and at x = 0 elsewhere).
TEST(MeetingFit, TheTabBarStartsAtTheSamePlaceOnEveryWorkspace)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    QTabWidget *workspaces = window.workspaces();
    QList<int> xs;
    for (int index = 0; index < workspaces->count(); ++index) {
        workspaces->setCurrentIndex(index);
        QTest::qWait(10);
        xs.append(workspaces->tabBar()->mapTo(&window, QPoint()).x());
    }
    ASSERT_EQ(xs.size(), 6); // Model, Overheads & tail, Training, Project, Measured, Hardware
    for (int x : xs)
        EXPECT_EQ(x, xs.front());
    EXPECT_LT(xs.front(), 20);
}
