// The project's risk charts (issue 21): the task Gantt, the tornado and the burn-up draw exactly
// the rows, bars and points core computed, on a date axis, in colours that read on both themes.
#include "tests/support/gantt.h"
#include "ui/project/riskcharts.h"

#include "ui/widgets/appearance.h"
#include "ui/widgets/chartstyle.h"

#include <QImage>
#include <QTest>
#include <QTimeZone>

#include <gtest/gtest.h>

using namespace pipeplan;
using estimate::TaskState;

namespace {

/// Seconds since the epoch of midnight UTC on `date` plus `hours`: the key the charts must use,
/// computed here independently of calendarDayKey.
double keyOf(QDate date, double hours = 0)
{
    return static_cast<double>(QDateTime(date, QTime(0, 0), QTimeZone::utc()).toSecsSinceEpoch()) +
           hours * 3600;
}

/// Four tasks over the year end, from Monday 15 December 2025: discovery done, labeling 40 %
/// done, infrastructure and training not started; today is noon on 1 January 2026 (day 17.5).
estimate::TaskGantt sampleGantt()
{
    estimate::TaskGantt gantt;
    gantt.start = QDate(2025, 12, 15);
    estimate::GanttRow discovery;
    discovery.name = QStringLiteral("Discovery");
    discovery.startDay = 0;
    discovery.finishDay = 7;
    discovery.critical = true;
    discovery.state = TaskState::Done;
    discovery.shareDone = 1;
    estimate::GanttRow labeling;
    labeling.name = QStringLiteral("Data collection and labeling of every image in the set");
    labeling.startDay = 7;
    labeling.finishDay = 35;
    labeling.p10FinishDay = 30;
    labeling.p90FinishDay = 42;
    labeling.critical = true;
    labeling.state = TaskState::InProgress;
    labeling.shareDone = 0.4;
    labeling.predecessors = {0};
    estimate::GanttRow infrastructure;
    infrastructure.name = QStringLiteral("Infrastructure");
    infrastructure.startDay = 7;
    infrastructure.finishDay = 21;
    infrastructure.p10FinishDay = 19.5;
    infrastructure.p90FinishDay = 25;
    infrastructure.predecessors = {0};
    estimate::GanttRow training;
    training.name = QStringLiteral("Model training");
    training.startDay = 35;
    training.finishDay = 56;
    training.p10FinishDay = 50;
    training.p90FinishDay = 66;
    training.critical = true;
    training.predecessors = {1, 2};
    gantt.rows = {discovery, labeling, infrastructure, training};
    gantt.statusDay = 17.5;
    gantt.finishDay = 56;
    return gantt;
}

/// The chart shown at 900 x 450, laid out and drawn into an image of that size. Axes choose
/// their ticks before a layout places them, so the second replot has the ticks of this size.
QImage drawn(QCustomPlot &plot)
{
    plot.resize(900, 450);
    if (!plot.isVisible()) {
        plot.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&plot));
    }
    plot.replot();
    plot.replot();
    return plot.toPixmap(900, 450).toImage();
}

QColor pixelAt(const QImage &image, double x, double y)
{
    return image.pixelColor(static_cast<int>(std::lround(x)), static_cast<int>(std::lround(y)));
}

void applyTheme(QCustomPlot &plot, appearance::Theme theme)
{
    appearance::apply(&plot, appearance::palette({theme, false}, QPalette()), 1, 1);
}

std::vector<estimate::Task> namedTasks(int count)
{
    std::vector<estimate::Task> tasks(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
        tasks[static_cast<std::size_t>(i)].name = QStringLiteral("Task %1").arg(i + 1);
    return tasks;
}

} // namespace

TEST(RiskCharts, DayKeysAreMidnightUtcOfTheStartDatePlusDays)
{
    const QDate start(2025, 3, 28); // a clock change follows in most of Europe: no effect in UTC
    EXPECT_EQ(calendarDayKey(start, 0), keyOf(start));
    EXPECT_EQ(calendarDayKey(start, 1.5), keyOf(QDate(2025, 3, 29), 12));
    EXPECT_EQ(calendarDayKey(start, 10), keyOf(QDate(2025, 4, 7)));
}

TEST(RiskCharts, GanttRowsAreTheTasksInPlanOrderNamedOnTheLeft)
{
    TaskGanttChart chart;
    chart.setGantt(sampleGantt());
    ASSERT_EQ(chart.rowCount(), 4);
    EXPECT_EQ(chart.rowLabel(0), QStringLiteral("Discovery"));
    // Cut at 30 characters, the last one an ellipsis.
    EXPECT_EQ(chart.rowLabel(1), QStringLiteral("Data collection and labeling…"));
    EXPECT_LE(chart.rowLabel(1).size(), TaskGanttChart::kMaxNameLength);
    EXPECT_EQ(chart.rowLabel(2), QStringLiteral("Infrastructure"));
    EXPECT_EQ(chart.rowLabel(3), QStringLiteral("Model training"));
    drawn(chart);
    // Every name is on the axis, the first task at the top.
    const QVector<QString> labels = chart.yAxis->tickVectorLabels();
    ASSERT_EQ(labels.size(), 4);
    for (int i = 0; i < 4; ++i)
        EXPECT_EQ(labels[i], chart.rowLabel(i));
    EXPECT_TRUE(chart.yAxis->rangeReversed());
    EXPECT_LT(chart.yAxis->coordToPixel(0), chart.yAxis->coordToPixel(3));
    // Not clipped: the axis rect leaves room for the longest name.
    const QFontMetrics metrics(chart.yAxis->tickLabelFont());
    EXPECT_GE(chart.axisRect()->left(), metrics.horizontalAdvance(chart.rowLabel(1)));
    EXPECT_EQ(chart.bars()->drawnBars(), 4);
}

TEST(RiskCharts, GanttBarsRunFromStartToFinishOnTheDateAxis)
{
    TaskGanttChart chart;
    chart.setGantt(sampleGantt());
    EXPECT_EQ(chart.bar(0).startKey, keyOf(QDate(2025, 12, 15)));
    EXPECT_EQ(chart.bar(0).finishKey, keyOf(QDate(2025, 12, 22)));
    EXPECT_EQ(chart.bar(3).startKey, keyOf(QDate(2026, 1, 19)));
    EXPECT_EQ(chart.bar(3).finishKey, keyOf(QDate(2026, 2, 9)));
    EXPECT_EQ(chart.xAxis->label(), QStringLiteral("Date"));
    // The axis reaches from the start to the last P90 finish.
    EXPECT_LT(chart.xAxis->range().lower, keyOf(QDate(2025, 12, 15)));
    EXPECT_GT(chart.xAxis->range().upper, keyOf(QDate(2026, 2, 19)));
}

TEST(RiskCharts, GanttCriticalPathInTheAlertColourDoneFilledInProgressFilledToItsShare)
{
    TaskGanttChart chart;
    chart.setGantt(sampleGantt());
    const QImage image = drawn(chart);
    EXPECT_TRUE(chart.rowIsCritical(0));
    EXPECT_TRUE(chart.rowIsCritical(1));
    EXPECT_FALSE(chart.rowIsCritical(2));
    EXPECT_TRUE(chart.rowIsCritical(3));
    // Done in the ink colour, as the legend's "done" swatch (issue 32: drawn in the blue or red
    // of its criticality under a black swatch); the others by critical or not.
    const QColor ink = chart.swatch(LegendSwatch::Shape::Filled)->color();
    EXPECT_EQ(chart.swatch(LegendSwatch::Shape::Filled)->name(), QStringLiteral("done"));
    EXPECT_EQ(ink, chart.xAxis->tickLabelColor());
    EXPECT_EQ(chart.rowColor(0), ink);
    EXPECT_EQ(chart.rowColor(1), chartstyle::kAlert);
    EXPECT_EQ(chart.rowColor(2), chartstyle::kPrimary);
    EXPECT_EQ(chart.rowColor(3), chartstyle::kAlert);
    EXPECT_EQ(chart.bar(0).filled, 1.0);
    EXPECT_EQ(chart.bar(1).filled, 0.4);
    EXPECT_EQ(chart.bar(2).filled, 0.0);

    const auto at = [&](int row, double day) {
        return pixelAt(image, chart.xAxis->coordToPixel(calendarDayKey(QDate(2025, 12, 15), day)),
                       chart.yAxis->coordToPixel(row));
    };
    // Done: solid ink. In progress: solid over its first 40 % (days 7 to 18.2), light after.
    EXPECT_EQ(at(0, 3.5), ink);
    EXPECT_EQ(at(1, 10), chartstyle::kAlert);
    EXPECT_NE(at(1, 25), chartstyle::kAlert);
    EXPECT_GT(at(1, 25).lightness(), 200);
    // Not started: a light fill; off the critical path, blue.
    EXPECT_GT(at(2, 10).lightness(), 200);
    EXPECT_GT(at(2, 10).blue(), at(2, 10).red());
    EXPECT_GT(at(3, 40).lightness(), 200);
    EXPECT_GT(at(3, 40).red(), at(3, 40).blue());
}

// Issue 32: colour says critical or not, shape says how far along: the legend has a swatch for
// the other tasks' blue, and the state swatches are in the ink colour, never the blue of a
// task off the critical path (which was read as "not started").
TEST(RiskCharts, GanttLegendSeparatesCriticalityFromProgress)
{
    TaskGanttChart chart;
    chart.setGantt(sampleGantt());
    drawn(chart);
    EXPECT_EQ(chart.criticalSwatch()->color(), chartstyle::kAlert);
    EXPECT_EQ(chart.otherSwatch()->color(), chartstyle::kPrimary);
    EXPECT_EQ(chart.otherSwatch()->name(), QStringLiteral("other tasks"));
    EXPECT_TRUE(chart.legend->hasItemWithPlottable(chart.otherSwatch()));
    for (const LegendSwatch::Shape shape :
         {LegendSwatch::Shape::Filled, LegendSwatch::Shape::PartFilled,
          LegendSwatch::Shape::Outlined}) {
        const LegendSwatch *state = chart.swatch(shape);
        ASSERT_NE(state, nullptr);
        EXPECT_NE(state->color(), chartstyle::kPrimary) << state->name().toStdString();
        EXPECT_NE(state->color(), chartstyle::kAlert) << state->name().toStdString();
    }
    EXPECT_EQ(chart.swatch(LegendSwatch::Shape::Outlined)->name(), QStringLiteral("not started"));
}

// Issue 32: the colour swatches name the bars still to finish. Done tasks are in the ink colour,
// so a plan whose only tasks off the critical path are done draws no blue and shows no "other
// tasks" swatch.
TEST(RiskCharts, GanttDoneTasksAreDrawnAsTheLegendSays)
{
    estimate::TaskGantt gantt = sampleGantt();
    gantt.rows[2].state = TaskState::Done; // Infrastructure, off the critical path
    gantt.rows[2].shareDone = 1;
    TaskGanttChart chart;
    chart.setGantt(gantt);
    const QImage image = drawn(chart);
    const LegendSwatch *done = chart.swatch(LegendSwatch::Shape::Filled);
    ASSERT_NE(done, nullptr);
    EXPECT_TRUE(chart.legend->hasItemWithPlottable(done));
    EXPECT_TRUE(chart.legend->hasItemWithPlottable(chart.criticalSwatch()));
    EXPECT_FALSE(chart.legend->hasItemWithPlottable(chart.otherSwatch()));
    EXPECT_FALSE(chart.rowIsCritical(2));
    EXPECT_EQ(chart.rowColor(2), done->color());
    const double y = chart.yAxis->coordToPixel(2);
    const double x = chart.xAxis->coordToPixel(calendarDayKey(QDate(2025, 12, 15), 14));
    EXPECT_EQ(pixelAt(image, x, y), done->color());
    EXPECT_NE(pixelAt(image, x, y), chartstyle::kPrimary);
}

TEST(RiskCharts, GanttWhiskersRunFromP10ToP90Finish)
{
    TaskGanttChart chart;
    chart.setGantt(sampleGantt());
    EXPECT_FALSE(chart.bar(0).p10Key.has_value());
    ASSERT_TRUE(chart.bar(1).p10Key && chart.bar(1).p90Key);
    EXPECT_EQ(*chart.bar(1).p10Key, keyOf(QDate(2026, 1, 14)));
    EXPECT_EQ(*chart.bar(1).p90Key, keyOf(QDate(2026, 1, 26)));
    EXPECT_EQ(*chart.bar(2).p10Key, keyOf(QDate(2026, 1, 3), 12));
    EXPECT_EQ(*chart.bar(3).p90Key, keyOf(QDate(2026, 2, 19)));
    drawn(chart);
    EXPECT_EQ(chart.bars()->drawnWhiskers(), 3);
    EXPECT_TRUE(chart.legend->hasItemWithPlottable(chart.swatch(LegendSwatch::Shape::Whisker)));
}

TEST(RiskCharts, GanttArrowsRunFromEachPredecessorsFinishToTheTasksStart)
{
    TaskGanttChart chart;
    chart.setGantt(sampleGantt());
    ASSERT_EQ(chart.arrowCount(), 4); // 1 <- 0, 2 <- 0, 3 <- 1, 3 <- 2
    const std::pair<int, int> links[] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}};
    for (int i = 0; i < 4; ++i) {
        const auto [from, to] = links[i];
        const QCPItemLine *arrow = chart.arrow(i);
        EXPECT_EQ(arrow->start->key(), chart.bar(from).finishKey) << i;
        EXPECT_EQ(arrow->end->key(), chart.bar(to).startKey) << i;
        // From below the predecessor's bar to above the task's.
        EXPECT_GT(arrow->start->value(), from);
        EXPECT_LT(arrow->end->value(), to);
        EXPECT_EQ(arrow->head().style(), QCPLineEnding::esSpikeArrow);
    }
    // A new Gantt replaces them.
    estimate::TaskGantt fewer = sampleGantt();
    fewer.rows[3].predecessors = {1};
    chart.setGantt(fewer);
    EXPECT_EQ(chart.arrowCount(), 3);
    EXPECT_EQ(chart.itemCount(), 3 + 2); // the arrows, today's line and its label
}

TEST(RiskCharts, GanttTodaysLineStandsAtTheStatusDay)
{
    TaskGanttChart chart;
    chart.setGantt(sampleGantt());
    ASSERT_TRUE(chart.todayLine()->visible());
    EXPECT_EQ(chart.todayLine()->point1->key(), keyOf(QDate(2026, 1, 1), 12));
    EXPECT_EQ(chart.todayLine()->point2->key(), keyOf(QDate(2026, 1, 1), 12));
    EXPECT_EQ(chart.todayLabel()->text(), QStringLiteral("Today"));
    EXPECT_EQ(chart.todayLabel()->position->key(), keyOf(QDate(2026, 1, 1), 12));
    drawn(chart);
    // Above the bars, in the room kept over the axis rect.
    EXPECT_LE(chart.todayLabel()->position->pixelPosition().y(), chart.axisRect()->top());
    EXPECT_GT(chart.axisRect()->top(), QFontMetrics(chart.todayLabel()->font()).height());

    estimate::TaskGantt noStatus = sampleGantt();
    noStatus.statusDay.reset();
    chart.setGantt(noStatus);
    EXPECT_FALSE(chart.todayLine()->visible());
    EXPECT_FALSE(chart.todayLabel()->visible());
}

TEST(RiskCharts, GanttDateAxisTicksMondaysWeeklyWithTheYearWhereItChanges)
{
    TaskGanttChart chart;
    chart.setGantt(sampleGantt());
    drawn(chart);
    const QVector<double> ticks = chart.xAxis->tickVector();
    const QVector<QString> labels = chart.xAxis->tickVectorLabels();
    ASSERT_GE(ticks.size(), 4);
    ASSERT_EQ(labels.size(), ticks.size());
    for (qsizetype i = 0; i < ticks.size(); ++i) {
        const QDate date =
            QDateTime::fromSecsSinceEpoch(static_cast<qint64>(ticks[i]), QTimeZone::utc()).date();
        EXPECT_EQ(date.dayOfWeek(), Qt::Monday) << labels[i].toStdString();
        if (i > 0) {
            EXPECT_EQ(std::fmod(ticks[i] - ticks[i - 1], 7 * 86'400.0), 0.0);
        }
    }
    // 15 Dec 2025 to 19 Feb 2026 at 900 px: a tick every week, the year on the first label and
    // on the first label of 2026.
    EXPECT_EQ(ticks[1] - ticks[0], 7 * 86'400.0);
    EXPECT_EQ(labels[0], QStringLiteral("15 Dec\n2025"));
    EXPECT_EQ(labels[1], QStringLiteral("22 Dec"));
    EXPECT_EQ(labels[2], QStringLiteral("29 Dec"));
    EXPECT_EQ(labels[3], QStringLiteral("5 Jan\n2026"));
    EXPECT_EQ(labels[4], QStringLiteral("12 Jan"));

    // Within one year: no year on any label.
    estimate::TaskGantt spring = sampleGantt();
    spring.start = QDate(2026, 3, 2);
    chart.setGantt(spring);
    drawn(chart);
    for (const QString &label : chart.xAxis->tickVectorLabels())
        EXPECT_FALSE(label.contains(QLatin1Char('\n'))) << label.toStdString();
}

TEST(RiskCharts, GanttBeyondTwoHundredRowsDrawsBarsOnly)
{
    const int rows = estimate::kMaxTasks;
    estimate::TaskGantt gantt = testsupport::chainGantt(rows);
    // How long this takes is BM_TaskGantt/10000 in pipeplan-bench; here, what it draws.
    TaskGanttChart chart;
    chart.setGantt(gantt);
    drawn(chart);
    EXPECT_EQ(chart.rowCount(), rows);
    EXPECT_EQ(chart.arrowCount(), 0);
    EXPECT_EQ(chart.bars()->drawnBars(), rows);
    EXPECT_EQ(chart.bars()->drawnWhiskers(), 0); // rows under a pixel: bars only
    // Names thinned to what the height shows.
    EXPECT_LT(chart.yAxis->tickVectorLabels().size(), 40);
    EXPECT_EQ(chart.yAxis->tickVectorLabels().front(), QStringLiteral("Task 1"));

    // Exactly the limit still has its arrows.
    gantt.rows.resize(TaskGanttChart::kMaxDetailedRows);
    chart.setGantt(gantt);
    EXPECT_EQ(chart.arrowCount(), TaskGanttChart::kMaxDetailedRows - 1);
}

TEST(RiskCharts, GanttClearedDrawsNothing)
{
    TaskGanttChart chart;
    chart.setGantt(sampleGantt());
    chart.clearGantt();
    EXPECT_EQ(chart.rowCount(), 0);
    EXPECT_EQ(chart.arrowCount(), 0);
    EXPECT_FALSE(chart.todayLine()->visible());
    drawn(chart);
    EXPECT_EQ(chart.bars()->drawnBars(), 0);
}

TEST(RiskCharts, GanttReadsOnTheDarkTheme)
{
    TaskGanttChart chart;
    chart.setGantt(sampleGantt());
    applyTheme(chart, appearance::Theme::Dark);
    const QImage image = drawn(chart);
    EXPECT_LT(image.pixelColor(2, 2).lightness(), 80); // the theme's background
    // Lighter shades of the same hues; the done task in the light ink, as its swatch.
    EXPECT_NE(chart.rowColor(1), chartstyle::kAlert);
    EXPECT_GT(chart.rowColor(1).lightness(), 150);
    EXPECT_GT(chart.rowColor(1).red(), chart.rowColor(1).blue());
    EXPECT_GT(chart.rowColor(2).lightness(), 150);
    EXPECT_GT(chart.rowColor(2).blue(), chart.rowColor(2).red());
    EXPECT_GT(chart.rowColor(0).lightness(), 200);
    EXPECT_EQ(chart.rowColor(0), chart.swatch(LegendSwatch::Shape::Filled)->color());
    EXPECT_GT(chart.todayLine()->pen().color().lightness(), 200);
    const double y = chart.yAxis->coordToPixel(0);
    const double x = chart.xAxis->coordToPixel(calendarDayKey(QDate(2025, 12, 15), 3.5));
    EXPECT_EQ(pixelAt(image, x, y), chart.rowColor(0));

    // And back.
    applyTheme(chart, appearance::Theme::Light);
    drawn(chart);
    EXPECT_EQ(chart.rowColor(1), chartstyle::kAlert);
}

TEST(RiskCharts, TornadoDrawsTheBarsInTheirOrderSplitAtTheP90)
{
    // Swings of 220, 140 and 50 hours around a P90 of 400 hours (10 weeks).
    const std::vector<estimate::TornadoBar> bars{{3, 300, 520}, {1, 330, 470}, {0, 380, 430}};
    TornadoChart chart;
    chart.setTornado(bars, namedTasks(5), 400);
    ASSERT_EQ(chart.barCount(), 3);
    EXPECT_EQ(chart.barLabel(0), QStringLiteral("Task 4"));
    EXPECT_EQ(chart.barLabel(1), QStringLiteral("Task 2"));
    EXPECT_EQ(chart.barLabel(2), QStringLiteral("Task 1"));
    for (int i = 0; i < 3; ++i) {
        const auto [low, high] = chart.barRange(i);
        EXPECT_NEAR(low, bars[static_cast<std::size_t>(i)].p90LowHours, 1e-9) << i;
        EXPECT_NEAR(high, bars[static_cast<std::size_t>(i)].p90HighHours, 1e-9) << i;
    }
    EXPECT_EQ(chart.unitHours(), estimate::kHoursPerWorkingWeek);
    EXPECT_EQ(chart.xAxis->label(), QStringLiteral("P90 finish (weeks)"));
    EXPECT_EQ(chart.p90Text(), QStringLiteral("P90 10 weeks"));
    EXPECT_EQ(chart.p90Line()->point1->key(), 10.0);
    EXPECT_TRUE(chart.cutText().isEmpty());
    // Optimistic part up to the P90, pessimistic part after it, in two colours.
    const QCPItemRect *left = chart.optimisticPart(0);
    const QCPItemRect *right = chart.pessimisticPart(0);
    EXPECT_DOUBLE_EQ(left->topLeft->key(), 7.5);
    EXPECT_DOUBLE_EQ(left->bottomRight->key(), 10.0);
    EXPECT_DOUBLE_EQ(right->topLeft->key(), 10.0);
    EXPECT_DOUBLE_EQ(right->bottomRight->key(), 13.0);
    drawn(chart);
    EXPECT_EQ(left->brush().color(), chartstyle::kPrimary);
    EXPECT_EQ(right->brush().color(), chartstyle::kSecondary);
    // The largest at the top, every name on the axis.
    EXPECT_LT(chart.yAxis->coordToPixel(0), chart.yAxis->coordToPixel(2));
    EXPECT_EQ(chart.yAxis->tickVectorLabels(),
              QVector<QString>(
                  {QStringLiteral("Task 4"), QStringLiteral("Task 2"), QStringLiteral("Task 1")}));
    ASSERT_EQ(chart.legend->itemCount(), 2);
    EXPECT_EQ(chart.optimisticSwatch()->name(), QStringLiteral("task at its optimistic time"));
    EXPECT_EQ(chart.pessimisticSwatch()->name(), QStringLiteral("at its pessimistic time"));
}

TEST(RiskCharts, TornadoBarOnOneSideOfTheP90HasOnePart)
{
    // A task whose optimistic time still ends after the P90 (sampling noise): all pessimistic.
    TornadoChart chart;
    chart.setTornado({{0, 41, 45}}, namedTasks(1), 40);
    EXPECT_EQ(chart.unitHours(), estimate::kHoursPerWorkingDay); // 45 h: days
    EXPECT_EQ(chart.p90Text(), QStringLiteral("P90 5 days"));
    EXPECT_FALSE(chart.optimisticPart(0)->visible());
    EXPECT_TRUE(chart.pessimisticPart(0)->visible());
    const auto [low, high] = chart.barRange(0);
    EXPECT_NEAR(low, 41, 1e-9);
    EXPECT_NEAR(high, 45, 1e-9);
}

TEST(RiskCharts, TornadoShowsTheTopFifteenAndSaysHowManyWereLeftOut)
{
    std::vector<estimate::TornadoBar> bars;
    bars.reserve(40);
    for (int i = 0; i < 40; ++i)
        bars.push_back({i, 100.0 - i, 200.0 + 2 * (40 - i)});
    TornadoChart chart;
    chart.setTornado(bars, namedTasks(40), 150);
    ASSERT_EQ(chart.barCount(), TornadoChart::kMaxBars);
    EXPECT_EQ(chart.barLabel(0), QStringLiteral("Task 1"));
    EXPECT_EQ(chart.barLabel(14), QStringLiteral("Task 15"));
    EXPECT_EQ(chart.cutText(), QStringLiteral("top 15 of 40 tasks"));
    // A task index without a task is named by its number.
    chart.setTornado({{7, 10, 20}}, namedTasks(2), 15);
    EXPECT_EQ(chart.barLabel(0), QStringLiteral("task 8"));
    EXPECT_TRUE(chart.cutText().isEmpty());
    chart.clearTornado();
    EXPECT_EQ(chart.barCount(), 0);
    EXPECT_FALSE(chart.p90Line()->visible());
}

namespace {
/// A 200-hour scope (5 weeks) from Monday 2 March 2026: planned done on day 28, 60 hours done by
/// the status date (day 10.5), the forecast finishing on day 30 (P50) and day 38 (P90).
estimate::BurnUp sampleBurnUp()
{
    estimate::BurnUp burnUp;
    burnUp.scopeHours = 200;
    burnUp.plan = {{0, 0}, {7, 40}, {14, 100}, {28, 200}};
    burnUp.actual = {{0, 0}, {7, 30}, {10.5, 60}};
    burnUp.statusDay = 10.5;
    burnUp.p50Finish = estimate::BurnUpPoint{30, 200};
    burnUp.p90Finish = estimate::BurnUpPoint{38, 200};
    return burnUp;
}

void expectPoints(const QCPGraph *graph, const std::vector<estimate::BurnUpPoint> &points,
                  QDate start, double unitHours)
{
    ASSERT_EQ(graph->data()->size(), static_cast<int>(points.size()))
        << graph->name().toStdString();
    for (std::size_t i = 0; i < points.size(); ++i) {
        const QCPGraphData &data = *(graph->data()->constBegin() + static_cast<int>(i));
        EXPECT_EQ(data.key, keyOf(start, points[i].day * 24)) << i;
        EXPECT_DOUBLE_EQ(data.value, points[i].doneHours / unitHours) << i;
    }
}
} // namespace

TEST(RiskCharts, BurnUpLinesAreThePointsGivenInTheScopesUnit)
{
    const QDate start(2026, 3, 2);
    const estimate::BurnUp burnUp = sampleBurnUp();
    BurnUpChart chart;
    chart.setBurnUp(burnUp, start);
    EXPECT_EQ(chart.unitHours(), estimate::kHoursPerWorkingWeek);
    EXPECT_EQ(chart.yAxis->label(), QStringLiteral("Work done (weeks of estimate)"));
    EXPECT_EQ(chart.xAxis->label(), QStringLiteral("Date"));
    expectPoints(chart.planGraph(), burnUp.plan, start, 40);
    expectPoints(chart.actualGraph(), burnUp.actual, start, 40);
    // The cone: from the last actual point to the scope at the P50 and at the P90 finish.
    expectPoints(chart.p50Graph(), {{10.5, 60}, {30, 200}}, start, 40);
    expectPoints(chart.p90Graph(), {{10.5, 60}, {38, 200}}, start, 40);
    ASSERT_EQ(chart.cone()->data()->size(), 3);
    const auto corner = [&](int i) { return *(chart.cone()->data()->constBegin() + i); };
    EXPECT_EQ(corner(1).key, keyOf(QDate(2026, 4, 1)));
    EXPECT_EQ(corner(2).key, keyOf(QDate(2026, 4, 9)));
    EXPECT_DOUBLE_EQ(corner(2).value, 5.0);
    EXPECT_NE(chart.cone()->brush().style(), Qt::NoBrush);
    // Plan dashed in the secondary colour, actual solid with its points.
    drawn(chart);
    EXPECT_EQ(chart.planGraph()->pen().style(), Qt::DashLine);
    EXPECT_EQ(chart.planGraph()->pen().color(), chartstyle::kSecondary);
    EXPECT_EQ(chart.actualGraph()->pen().style(), Qt::SolidLine);
    EXPECT_EQ(chart.actualGraph()->pen().color(), chartstyle::kPrimary);
    EXPECT_EQ(chart.actualGraph()->scatterStyle().shape(), QCPScatterStyle::ssDisc);
}

TEST(RiskCharts, BurnUpScopeTodayAndLegend)
{
    BurnUpChart chart;
    chart.setBurnUp(sampleBurnUp(), QDate(2026, 3, 2));
    EXPECT_EQ(chart.scopeText(), QStringLiteral("Scope 5 weeks"));
    EXPECT_DOUBLE_EQ(chart.scopeLine()->point1->value(), 5.0);
    EXPECT_DOUBLE_EQ(chart.scopeLine()->point2->value(), 5.0);
    EXPECT_GT(chart.yAxis->range().upper, 5.0); // room for the scope's label above it
    ASSERT_TRUE(chart.todayLine()->visible());
    EXPECT_EQ(chart.todayLine()->point1->key(), keyOf(QDate(2026, 3, 12), 12));
    EXPECT_EQ(chart.todayLabel()->text(), QStringLiteral("Today"));
    ASSERT_EQ(chart.legend->itemCount(), 4);
    const QStringList names{QStringLiteral("plan"), QStringLiteral("actual"),
                            QStringLiteral("forecast P50"), QStringLiteral("forecast P90")};
    for (int i = 0; i < 4; ++i) {
        auto *item = qobject_cast<QCPPlottableLegendItem *>(chart.legend->item(i));
        ASSERT_NE(item, nullptr);
        EXPECT_EQ(item->plottable()->name(), names[i]);
    }
    // Top left, inside the axis rect.
    drawn(chart);
    EXPECT_EQ(chart.axisRect()->insetLayout()->insetAlignment(0).toInt(),
              (Qt::AlignTop | Qt::AlignLeft).toInt());
    EXPECT_LE(chart.legend->outerRect().top() - chart.axisRect()->top(), 15);
    EXPECT_LE(chart.legend->outerRect().left() - chart.axisRect()->left(), 15);
}

TEST(RiskCharts, BurnUpWithoutProgressConesFromTheStart)
{
    estimate::BurnUp burnUp = sampleBurnUp();
    burnUp.actual.clear();
    burnUp.statusDay.reset();
    burnUp.scopeHours = 24; // three days
    burnUp.plan = {{0, 0}, {1, 8}, {3, 24}};
    burnUp.p50Finish = estimate::BurnUpPoint{3.2, 24};
    burnUp.p90Finish = estimate::BurnUpPoint{4.5, 24};
    const QDate start(2026, 3, 2);
    BurnUpChart chart;
    chart.setBurnUp(burnUp, start);
    EXPECT_EQ(chart.unitHours(), estimate::kHoursPerWorkingDay); // 24 h: days
    EXPECT_EQ(chart.yAxis->label(), QStringLiteral("Work done (days of estimate)"));
    EXPECT_EQ(chart.actualGraph()->data()->size(), 0);
    expectPoints(chart.p50Graph(), {{0, 0}, {3.2, 24}}, start, 8);
    expectPoints(chart.p90Graph(), {{0, 0}, {4.5, 24}}, start, 8);
    EXPECT_FALSE(chart.todayLine()->visible());
    EXPECT_EQ(chart.legend->itemCount(), 3); // no actual line to name
    chart.clearBurnUp();
    EXPECT_EQ(chart.planGraph()->data()->size(), 0);
    EXPECT_EQ(chart.cone()->data()->size(), 0);
    EXPECT_FALSE(chart.scopeLine()->visible());
}

TEST(RiskCharts, DescriptionsSayWhatIsDrawn)
{
    TaskGanttChart gantt;
    gantt.setGantt(sampleGantt());
    EXPECT_EQ(gantt.description(),
              QStringLiteral("Task Gantt: 4 tasks from 15 Dec 2025 to 8 Feb 2026, 3 on the "
                             "critical path; today 1 Jan 2026."));
    TornadoChart tornado;
    tornado.setTornado({{1, 300, 520}}, namedTasks(2), 400);
    EXPECT_EQ(tornado.description(),
              QStringLiteral("Tornado of the plan's P90 10 weeks: 1 task, the largest swing "
                             "Task 2, from 7.5 weeks to 13 weeks."));
    BurnUpChart burnUp;
    burnUp.setBurnUp(sampleBurnUp(), QDate(2026, 3, 2));
    EXPECT_EQ(burnUp.description(),
              QStringLiteral("Burn-up: Scope 5 weeks; plan done by 29 Mar 2026; actual 1.5 weeks "
                             "by 12 Mar 2026; forecast P50 31 Mar 2026; P90 8 Apr 2026."));
}
