// The room sees the answer (issue 52): the headline is one sentence and at most four numbers,
// the same as `eval --json`'s "answer"; the six numbers it used to show are Show how's; a
// pipeline's Gantt stands above the fold at a laptop's size in presentation mode.
#include "app/cli/cli.h"
#include "core/plan/summary.h"
#include "tests/support/windowtest.h"
#include "ui/document/presets.h"
#include "ui/hardware/hardwarepanel.h"
#include "ui/model/ganttchart.h"
#include "ui/model/headlinewidget.h"
#include "ui/model/inputspanel.h"
#include "ui/model/waterfallchart.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/valuecontrol.h"

#include <QApplication>
#include <QDoubleSpinBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QSlider>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <gtest/gtest.h>

#include <algorithm>

using namespace pipeplan;
using pipeplan::testsupport::openPreset;
using pipeplan::testsupport::presetTitle;

namespace {

/// The labels of the headline that show `text` and are on screen.
int shownLabels(const HeadlineWidget *headline, const QString &text)
{
    int shown = 0;
    for (const QLabel *label : headline->findChildren<QLabel *>())
        shown += label->text() == text && label->isVisible() ? 1 : 0;
    return shown;
}

void settle()
{
    for (int i = 0; i < 5; ++i) {
        QApplication::processEvents();
        QTest::qWait(10);
    }
}

/// `window` on a laptop's 1366x768 in presentation mode, from the normal look (whatever an
/// earlier test left the application's font at).
void presentOnALaptop(MainWindow &window)
{
    window.resize(1366, 768);
    window.show();
    window.setLook({appearance::Theme::Light, false});
    settle();
    window.setLook({appearance::Theme::Light, true});
}

} // namespace

TEST(HeadlineAnswer, OneSentenceFourNumbersAndTheDetailsUnderShowHow)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    openPreset(window, presetTitle("nightly-scoring.json"));
    window.document()->editScenario(QStringLiteral("deadline"),
                                    [](Scenario &s) { s.goal.deadlineSeconds = 86'400; });
    settle();
    const HeadlineWidget *headline = window.headline();
    EXPECT_EQ(headline->answerText(), QStringLiteral("Misses 24 hours by 697 days: the serial 2 % "
                                                     "alone takes 694 days; workers cannot fix "
                                                     "it."));
    ASSERT_EQ(headline->answerCount(), 4);
    const QString values[] = {QStringLiteral("698 days"), QStringLiteral("$83.7M"),
                              QStringLiteral("\u2212697 days"), QStringLiteral("Serial part")};
    const QString captions[] = {QStringLiteral("Runtime at 10,000 workers"), QStringLiteral("Cost"),
                                QStringLiteral("Margin to 24 hours"), QStringLiteral("What binds")};
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(headline->answerValue(i), values[i]) << i;
        EXPECT_EQ(headline->answerCaption(i), captions[i]) << i;
    }
    // The exact runtime in the tooltip, the rounded one on the card.
    EXPECT_TRUE(headline->answerExact(0).startsWith(QStringLiteral("697.85 days")));
    // The old row's numbers are not beside the answer: Show how brings them, with formulas.
    EXPECT_EQ(shownLabels(headline, QStringLiteral("3,000,000,000")), 0);
    EXPECT_EQ(shownLabels(headline, QStringLiteral("Total predictions")), 0);
    QToolButton *showHow = nullptr;
    for (QToolButton *button : headline->findChildren<QToolButton *>())
        if (button->isCheckable())
            showHow = button;
    ASSERT_NE(showHow, nullptr);
    showHow->click();
    settle();
    EXPECT_EQ(shownLabels(headline, QStringLiteral("3,000,000,000")), 1);
    EXPECT_TRUE(headline->verdictText().contains(QStringLiteral("Impossible within 24 hours")))
        << headline->verdictText().toStdString();
    showHow->click();
    settle();
    EXPECT_EQ(shownLabels(headline, QStringLiteral("3,000,000,000")), 0);

    // `eval --json` says the same sentence and numbers.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("plan.pipeplan.json"));
    ASSERT_TRUE(window.saveFile(path));
    const cli::CliRunResult run =
        cli::runCaptured({QStringLiteral("eval"), path, QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject answer = QJsonDocument::fromJson(run.out.toUtf8())
                                   .object()
                                   .value(QStringLiteral("answer"))
                                   .toObject();
    EXPECT_EQ(answer.value(QStringLiteral("sentence")).toString(), headline->answerText());
    const QJsonObject numbers = answer.value(QStringLiteral("numbers")).toObject();
    EXPECT_EQ(numbers.size(), 4);
    EXPECT_EQ(numbers.value(QStringLiteral("runtime")).toObject().value(QStringLiteral("value")),
              values[0]);
    EXPECT_EQ(numbers.value(QStringLiteral("margin")).toObject().value(QStringLiteral("value")),
              values[2]);
}

TEST(HeadlineAnswer, APipelinesGanttIsAboveTheFoldOnALaptopInPresentation)
{
    MainWindow window(MainWindow::Options::headless());
    presentOnALaptop(window);
    openPreset(window, presetTitle("seed001-pipeline.json"));
    settle();
    GanttChart *gantt = window.ganttChart();
    ASSERT_TRUE(gantt->isVisible());
    // Wholly inside the window, and tall enough that every stage's row is labelled (a squeezed
    // Gantt thins its row labels: seed 001 showed 2 of 4).
    const QRect inWindow(gantt->mapTo(&window, QPoint(0, 0)), gantt->size());
    EXPECT_LE(inWindow.bottom(), window.height()) << inWindow.bottom();
    gantt->plot()->replot(QCustomPlot::rpImmediateRefresh);
    const QStringList rows = gantt->plot()->yAxis->tickVectorLabels().toList();
    for (const Stage &stage : window.document()->scenario().stages) {
        EXPECT_TRUE(
            std::any_of(rows.begin(), rows.end(),
                        [&stage](const QString &row) { return row.startsWith(stage.name); }))
            << stage.name.toStdString() << " not in " << rows.join(QLatin1Char(',')).toStdString();
    }
    // The levers are a tab beside the scaling table.
    QStringList tabs;
    for (int i = 0; i < window.answers()->count(); ++i)
        tabs << window.answers()->tabText(i);
    EXPECT_TRUE(tabs.contains(QStringLiteral("Levers")))
        << tabs.join(QLatin1Char(',')).toStdString();
    EXPECT_EQ(window.headline()->answerText(),
              QStringLiteral("Takes 5.56 hours at 1 worker; the score stage sets the pace at 20 ms "
                             "per user."));

    // One stage: no Gantt; the levers are back beside the stage times, shown.
    openPreset(window, presetTitle("nightly-scoring.json"));
    settle();
    EXPECT_FALSE(gantt->isVisible());
    EXPECT_TRUE(window.waterfallChart()->isVisible());
    tabs.clear();
    for (int i = 0; i < window.answers()->count(); ++i)
        tabs << window.answers()->tabText(i);
    EXPECT_FALSE(tabs.contains(QStringLiteral("Levers")));
}

// Show how on a laptop in presentation mode: a caption too wide for its card takes a second
// line rather than ending in "…" ("Runtime, N = 10,…" hid the number it named).
TEST(HeadlineAnswer, ShowHowsCaptionsWrapRatherThanHideTheirNumber)
{
    MainWindow window(MainWindow::Options::headless());
    presentOnALaptop(window);
    window.headline()->setShowHow(true);
    settle();
    for (const HeadlineWidget::Card card :
         {HeadlineWidget::Runtime, HeadlineWidget::Bottleneck, HeadlineWidget::Cost}) {
        const QString caption = window.headline()->captionText(card);
        EXPECT_FALSE(caption.contains(QChar(0x2026))) << caption.toStdString();
    }
    const QString runtime = window.headline()->captionText(HeadlineWidget::Runtime);
    EXPECT_TRUE(runtime.simplified().endsWith(QStringLiteral("10,000")) ||
                runtime.simplified().endsWith(QStringLiteral("10,000 workers")))
        << runtime.toStdString();
}

TEST(HeadlineAnswer, ALatencySetByADeviceShowsTheValueInForceNotALiveControl)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    openPreset(window, presetTitle("embedding-h100.json"));
    settle();
    ValueControl *latency = window.inputs()->latencyControl();
    // The roofline's 12.98 ms per document is in force; the typed 1,000 ms stays in the plan.
    ASSERT_TRUE(window.document()->planResult().hardware.current.inForce);
    EXPECT_EQ(latency->inForceText(), QStringLiteral("12.98 ms in force, from H100 SXM (Hardware "
                                                     "& cost, Ctrl+6); typed 1,000 ms"));
    EXPECT_FALSE(latency->spinBox()->isVisible());
    EXPECT_FALSE(latency->slider()->isVisible());
    EXPECT_EQ(window.document()->scenario().workload.latencyMs, 1000);
    EXPECT_EQ(window.inputs()->acceleratorControl()->inForceText(),
              QStringLiteral("Not used: H100 SXM sets the latency"));
    // Off again: the control is live and shows what was typed.
    window.document()->editScenario(QStringLiteral("off"),
                                    [](Scenario &s) { s.hardware.enabled = false; });
    settle();
    EXPECT_TRUE(latency->inForceText().isEmpty());
    EXPECT_TRUE(latency->spinBox()->isVisible());
    EXPECT_EQ(latency->spinBox()->value(), 1000);
    // Hardware & cost off holds no empty tables: the summary says what fills them.
    window.workspaces()->setCurrentWidget(window.hardwarePanel());
    settle();
    EXPECT_FALSE(window.hardwarePanel()->rooflineTable()->isVisible());
    EXPECT_FALSE(window.hardwarePanel()->devicesTable()->isVisible());
}
