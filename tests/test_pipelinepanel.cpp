// Issue 18 (made for the meeting room), item 5: the pipeline panel earns its space. It is as tall
// as its stages need, its time axis speaks one unit, and "Balance stages" shows the balanced
// schedule against a ghost of the current one with the gain in words and a way to apply it.
#include "core/base/format.h"
#include "core/plan/scenariofile.h"
#include "tests/support/windowtest.h"
#include "ui/document/scenariodocument.h"
#include "ui/model/ganttchart.h"
#include "ui/model/headlinewidget.h"
#include "ui/widgets/appearance.h"
#include "ui/window/mainwindow.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace pipeplan;

QT_BEGIN_NAMESPACE
inline void PrintTo(const QString &text, std::ostream *os)
{
    *os << '"' << text.toStdString() << '"';
}
QT_END_NAMESPACE

namespace {

/// A one-stage job asks for a compact strip: controls, one line of summary, one row, the axis.
constexpr int kOneStageMaxHeight = 160;

Plan preset(const char *name)
{
    QFile file(QStringLiteral(PIPEPLAN_PRESETS_DIR "/") + QLatin1String(name));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << name;
    const scenariofile::LoadResult loaded = scenariofile::fromJson(file.readAll());
    EXPECT_TRUE(loaded.plan.has_value()) << loaded.error.message.toStdString();
    return loaded.plan.value_or(Plan{});
}

class PipelinePanel : public testsupport::WindowTestBase
{
protected:
    void SetUp() override
    {
        WindowTestBase::SetUp();
        gantt = window->ganttChart();
    }

    void openSeed001() { doc->load(preset("seed001-pipeline.json"), QString()); }

    /// The time axis' labels as drawn.
    QStringList timeTickLabels() const
    {
        gantt->plot()->replot(QCustomPlot::rpImmediateRefresh);
        return gantt->plot()->xAxis->tickVectorLabels().toList();
    }

    GanttChart *gantt = nullptr;
};

/// Every label is a number then the same unit ("0 s", "20 s"...); returns that unit.
QString commonUnit(const QStringList &labels)
{
    static const QRegularExpression tick(QStringLiteral("^-?[0-9][0-9,]*(\\.[0-9]+)? (\\S+)$"));
    QString unit;
    for (const QString &label : labels) {
        const QRegularExpressionMatch match = tick.match(label);
        EXPECT_TRUE(match.hasMatch()) << label.toStdString();
        if (unit.isEmpty())
            unit = match.captured(2);
        EXPECT_EQ(match.captured(2), unit) << labels.join(QStringLiteral(", ")).toStdString();
    }
    return unit;
}

} // namespace

TEST_F(PipelinePanel, OneStageJobAsksForACompactStrip)
{
    ASSERT_EQ(doc->scenario().stages.size(), 1u);
    const int oneStage = gantt->preferredHeight();
    EXPECT_LE(oneStage, kOneStageMaxHeight);
    EXPECT_GE(oneStage, 100); // still the controls, a row and the axis
    EXPECT_EQ(gantt->sizeHint().height(), oneStage);
    EXPECT_TRUE(gantt->summaryText().startsWith(QStringLiteral("one stage: no bubble")))
        << gantt->summaryText().toStdString();
    EXPECT_FALSE(gantt->summaryText().contains(QLatin1Char('\n')));

    QSignalSpy changed(gantt, &GanttChart::preferredHeightChanged);
    openSeed001();
    EXPECT_GE(changed.count(), 1);
    const int fourStages = gantt->preferredHeight();
    EXPECT_LT(oneStage, fourStages);
    EXPECT_EQ(gantt->sizeHint().height(), fourStages);

    // Many stages ask for more, up to a cap.
    Scenario many = doc->scenario();
    Scenario capped = doc->scenario();
    for (int i = 0; i < 8; ++i)
        many.stages.push_back(Stage{QStringLiteral("extra %1").arg(i), 10, false});
    for (int i = 0; i < 40; ++i)
        capped.stages.push_back(Stage{QStringLiteral("more %1").arg(i), 10, false});
    ASSERT_TRUE(doc->edit(many, QStringLiteral("12 stages")));
    const int twelveStages = gantt->preferredHeight();
    EXPECT_LT(fourStages, twelveStages);
    ASSERT_TRUE(doc->edit(capped, QStringLiteral("44 stages")));
    EXPECT_EQ(gantt->preferredHeight(), twelveStages); // GanttChart::kMaxRowsSized rows

    // A larger font asks for more room, and says so.
    changed.clear();
    QFont font = gantt->font();
    font.setPointSizeF(font.pointSizeF() * 1.5);
    gantt->setFont(font);
    EXPECT_GE(changed.count(), 1);
    EXPECT_GT(gantt->preferredHeight(), twelveStages);
}

TEST_F(PipelinePanel, TimeAxisSpeaksOneUnit)
{
    // The default job as two stages of 20 s: sixteen blocks of 20 s, 180 s in all: every tick
    // in seconds. (One stage has no Gantt on the Model workspace.)
    doc->editScenario(QStringLiteral("two stages"), [](Scenario &s) {
        s.stages.insert(s.stages.begin(), Stage{QStringLiteral("fetch"), 20'000, false});
    });
    QCoreApplication::processEvents();
    const QStringList defaultTicks = timeTickLabels();
    ASSERT_GE(defaultTicks.size(), 3) << defaultTicks.join(QStringLiteral(", ")).toStdString();
    EXPECT_EQ(commonUnit(defaultTicks), QStringLiteral("s"));
    EXPECT_EQ(defaultTicks.first(), QStringLiteral("0 s"));
    EXPECT_FALSE(defaultTicks.join(QLatin1Char(' ')).contains(QStringLiteral(" ms")));

    // Seed 001: 190 ms: every tick in milliseconds, at one round step.
    openSeed001();
    const QStringList seedTicks = timeTickLabels();
    ASSERT_GE(seedTicks.size(), 3) << seedTicks.join(QStringLiteral(", ")).toStdString();
    EXPECT_EQ(commonUnit(seedTicks), QStringLiteral("ms"));
    const double step = seedTicks[1].section(QLatin1Char(' '), 0, 0).toDouble();
    EXPECT_TRUE(step == 10 || step == 20 || step == 25 || step == 50) << step;
    for (qsizetype i = 0; i < seedTicks.size(); ++i)
        EXPECT_EQ(seedTicks[i],
                  format::tickLabel(static_cast<double>(i) * step, step) + QStringLiteral(" ms"));
}

TEST_F(PipelinePanel, BalanceShowsBothSchedulesOnOneAxisWithTheGain)
{
    openSeed001();
    EXPECT_TRUE(gantt->gainText().isEmpty());
    EXPECT_FALSE(gantt->ghost()->visible());
    EXPECT_FALSE(gantt->applyButton()->isVisible());

    gantt->balanceToggle()->setChecked(true);
    ASSERT_TRUE(doc->balanced());
    gantt->plot()->replot(QCustomPlot::rpImmediateRefresh);
    // The ghost is the current split (190 ms), the bars the balanced one (50 + 7 x 12.5 ms).
    ASSERT_TRUE(gantt->ghost()->visible());
    ASSERT_NE(gantt->ghost()->schedule(), nullptr);
    EXPECT_DOUBLE_EQ(gantt->ghost()->schedule()->makespanMs, 190.0);
    EXPECT_DOUBLE_EQ(gantt->bars()->schedule()->makespanMs, 137.5);
    EXPECT_EQ(gantt->ghost()->drawnBars(), 32);
    EXPECT_EQ(gantt->bars()->drawnBars(), 32);
    // One shared axis reaching the longer (current) schedule, so the gain shows as its tail.
    EXPECT_GE(gantt->plot()->xAxis->range().upper, 190.0);
    EXPECT_EQ(gantt->gainText(), QStringLiteral("balanced: 50 users/s → 80 users/s, +60 %"));
    EXPECT_TRUE(gantt->applyButton()->isVisible());
    EXPECT_TRUE(gantt->applyButton()->isEnabled());
    // The scoring stage takes its time from the workload: the panel says what applying changes.
    EXPECT_TRUE(
        gantt->noteText().contains(QStringLiteral("latency per prediction 20 ms → 12.5 ms")))
        << gantt->noteText().toStdString();
    commonUnit(timeTickLabels());

    gantt->balanceToggle()->setChecked(false);
    EXPECT_FALSE(gantt->ghost()->visible());
    EXPECT_TRUE(gantt->gainText().isEmpty());
}

TEST_F(PipelinePanel, ApplyBalancedSplitIsOneUndoStep)
{
    openSeed001();
    const Scenario before = doc->scenario();
    EXPECT_DOUBLE_EQ(doc->result().pipeline.steadyRatePerSecond, 50.0);
    gantt->balanceToggle()->setChecked(true);
    const int steps = doc->undoStack()->count();

    gantt->applyButton()->click();
    EXPECT_EQ(doc->undoStack()->count(), steps + 1);
    EXPECT_EQ(doc->undoStack()->undoText(), QStringLiteral("Apply balanced split"));
    EXPECT_EQ(doc->result().stageMs, (std::vector<double>{12.5, 12.5, 12.5, 12.5}));
    EXPECT_DOUBLE_EQ(doc->result().pipeline.steadyRatePerSecond, 80.0);
    EXPECT_DOUBLE_EQ(doc->scenario().workload.latencyMs, 12.5);
    EXPECT_FALSE(doc->balanced()); // the scenario is the balanced one now
    // The headline reads the document's result: 1 worker at one user per 12.5 ms.
    EXPECT_EQ(window->headline()->valueText(HeadlineWidget::Throughput),
              format::ratePerSecond(80, QStringLiteral("users")));

    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().stages, before.stages);
    EXPECT_EQ(doc->scenario(), before);
    EXPECT_DOUBLE_EQ(doc->result().pipeline.steadyRatePerSecond, 50.0);
}

TEST_F(PipelinePanel, NothingToApplyForOneStage)
{
    // One stage has no bubble and nothing to balance: the Model workspace shows the levers in
    // the Gantt's place (issue 52), and the balance toggle does nothing to apply.
    EXPECT_FALSE(gantt->isVisible());
    gantt->balanceToggle()->setChecked(true);
    EXPECT_FALSE(gantt->applyButton()->isEnabled());
    EXPECT_FALSE(gantt->applyButton()->toolTip().isEmpty());
    EXPECT_FALSE(doc->applyBalancedSplit());
}

namespace {
/// Where `widget` lies in the viewport of the workspace's scroll area that holds it (what the
/// room sees without scrolling), and that viewport's rectangle.
struct InView
{
    QRect viewport;
    QRect rect;
};

InView inWorkspaceView(const QWidget *widget, const QRect &rect)
{
    const QWidget *parent = widget->parentWidget();
    while (parent && !qobject_cast<const QScrollArea *>(parent))
        parent = parent->parentWidget();
    const auto *scroll = qobject_cast<const QScrollArea *>(parent);
    EXPECT_NE(scroll, nullptr);
    if (!scroll)
        return {};
    const QWidget *viewport = scroll->viewport();
    return {viewport->rect(), QRect(widget->mapTo(viewport, rect.topLeft()), rect.size())};
}
} // namespace

// The room sees the answer: on a laptop in presentation mode, seed 001's Gantt shows every
// stage's lane (its name and its microbatch numbers) and the gain of balancing without
// scrolling, balanced or not, light or dark, and in the normal look too.
TEST(PipelinePanelOnALaptop, EveryStageLaneOfSeed001IsInViewWithoutScrolling)
{
    MainWindow::Options options = MainWindow::Options::headless();
    options.presentationFillsScreen = false; // the laptop's size, not the platform's screen
    MainWindow window(options);
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.document()->load(preset("seed001-pipeline.json"), QString());
    GanttChart *gantt = window.ganttChart();
    for (const bool presentation : {true, false}) {
        for (const appearance::Theme theme : {appearance::Theme::Light, appearance::Theme::Dark}) {
            for (const bool balanced : {true, false}) {
                window.setLook({theme, presentation});
                window.document()->setBalanced(balanced);
                const std::string what = std::string(presentation ? "presentation" : "normal") +
                                         (theme == appearance::Theme::Dark ? ", dark" : ", light") +
                                         (balanced ? ", balanced" : "");
                QCustomPlot *plot = gantt->plot();
                // What the room cannot see without scrolling: each stage's lane from its name at
                // the plot's left to the bars' right end, and the time axis under them.
                const auto outOfView = [plot]() {
                    plot->replot(QCustomPlot::rpImmediateRefresh);
                    std::string missing;
                    for (int stage = 0; stage < 4; ++stage) {
                        const int top = static_cast<int>(plot->yAxis->coordToPixel(stage - 0.5));
                        const int bottom = static_cast<int>(plot->yAxis->coordToPixel(stage + 0.5));
                        const InView seen = inWorkspaceView(
                            plot, QRect(0, top, plot->axisRect()->right(), bottom - top));
                        if (!seen.viewport.contains(seen.rect))
                            missing += " stage " + std::to_string(stage) + " at y " +
                                       std::to_string(seen.rect.y()) + "+" +
                                       std::to_string(seen.rect.height()) + " of " +
                                       std::to_string(seen.viewport.height()) + ";";
                    }
                    const int axisTop = plot->axisRect()->bottom();
                    const InView axis = inWorkspaceView(
                        plot, QRect(0, axisTop, plot->width(), plot->height() - axisTop));
                    if (!axis.viewport.contains(axis.rect))
                        missing += " the time axis at y " + std::to_string(axis.rect.y()) + ";";
                    return missing;
                };
                // The layout settles over a few passes of the event loop (the splitter follows
                // the Gantt's preferred height): wait by hand, then assert.
                QElapsedTimer waited;
                waited.start();
                do
                    QTest::qWait(20);
                while (!outOfView().empty() && waited.elapsed() < 3'000);
                ASSERT_TRUE(gantt->isVisible()) << what;
                ASSERT_EQ(window.size(), QSize(1366, 768)) << what;
                EXPECT_EQ(outOfView(), std::string()) << what;
                // Every microbatch number drawn: no bar too low for its number.
                EXPECT_EQ(gantt->bars()->drawnLabels(), 32) << what;
                EXPECT_EQ(gantt->bars()->skippedLabels(), 0) << what;
                if (balanced) {
                    EXPECT_EQ(gantt->gainText(),
                              QStringLiteral("balanced: 50 users/s → 80 users/s, +60 %"));
                    for (const QLabel *label : gantt->findChildren<QLabel *>()) {
                        if (label->text() != gantt->gainText())
                            continue;
                        const InView seen = inWorkspaceView(gantt, label->geometry());
                        EXPECT_TRUE(seen.viewport.contains(seen.rect))
                            << what << ": the gain at y " << seen.rect.y();
                    }
                }
            }
        }
    }
}
