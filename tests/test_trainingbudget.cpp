// The Training tab's activation memory in bytes (issue 22): a microbatch's activations and the
// device memory turn the memory chart into bytes with the device memory as its dashed limit,
// and a schedule over the budget is flagged in the table and the chart's title.

#include "core/base/format.h"
#include "tests/support/windowtest.h"
#include "ui/document/montecarlorunner.h"
#include "ui/document/scenariodocument.h"
#include "ui/document/schedulesearchrunner.h"
#include "ui/training/schedulechart.h"
#include "ui/training/trainingpanel.h"
#include "ui/widgets/chartexport.h"
#include "ui/widgets/valuecontrol.h"
#include "ui/window/mainwindow.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <memory>

using namespace pipeplan;

namespace {

constexpr double kGiB = 1024.0 * 1024 * 1024;

QString trainingPreset()
{
    return QStringLiteral(PIPEPLAN_PRESETS_DIR "/training-schedules.json");
}

/// Types `text` into a value field and commits it, as a person would.
void type(ValueControl *control, const QString &text)
{
    control->lineEdit()->setText(text);
    ASSERT_TRUE(control->commitText()) << control->refusalMessage().toStdString();
}

/// The comparison table's cell of the schedule named `name` in `column`.
QString cellOf(const TrainingPanel *panel, const QString &name, int column)
{
    const std::vector<QStringList> rows = chartexport::tableRows(panel->comparisonTable());
    for (std::size_t i = 1; i < rows.size(); ++i) {
        if (rows[i].front() == name && column < rows[i].size())
            return rows[i][column];
    }
    return QStringLiteral("<no row %1>").arg(name);
}

class TrainingBudgetTest : public testsupport::WindowTestBase
{
protected:
    void SetUp() override
    {
        WindowTestBase::SetUp();
        ASSERT_TRUE(window->openFile(trainingPreset()));
        window->workspaces()->setCurrentIndex(2);
        panel = window->trainingPanel();
    }

    TrainingPanel *panel = nullptr;
};

} // namespace

// The preset (p = 4, m = 8, F = B = W = 10 ms): 1F1B and ZB-H1 peak at 4 microbatches,
// interleaved at 5.5, GPipe at 8. With 2 GiB a microbatch and 10 GiB of device memory the
// budget is 5: interleaved is over by 1 GiB, GPipe by 6 GiB.
TEST_F(TrainingBudgetTest, BytesTurnTheMemoryChartIntoBytesWithTheDeviceMemoryLine)
{
    ScheduleMemoryChart *memory = panel->memoryChart();
    // Without a budget: microbatches, no limit line, no "fits" column.
    EXPECT_FALSE(memory->showsBytes());
    EXPECT_EQ(memory->yAxis->label(), QStringLiteral("microbatches"));
    EXPECT_FALSE(memory->limitLine()->visible());
    EXPECT_EQ(panel->comparisonTable()->columnCount(), 6);

    // Ticking the activations brings the device memory along (a pair); then type both.
    panel->activationBytesControl()->checkBox()->setChecked(true);
    ASSERT_TRUE(doc->scenario().training.activationBytesPerMicrobatch.has_value());
    ASSERT_TRUE(doc->scenario().training.deviceMemoryBytes.has_value());
    type(panel->activationBytesControl(), QStringLiteral("2GiB"));
    type(panel->deviceMemoryControl(), QStringLiteral("10GiB"));
    EXPECT_DOUBLE_EQ(*doc->scenario().training.activationBytesPerMicrobatch, 2 * kGiB);
    EXPECT_DOUBLE_EQ(*doc->scenario().training.deviceMemoryBytes, 10 * kGiB);

    // The chart counts bytes (GiB) and the dashed red line sits at the device memory.
    EXPECT_TRUE(memory->showsBytes());
    EXPECT_EQ(memory->byteUnit().name, QStringLiteral("GiB"));
    EXPECT_TRUE(memory->yAxis->label().contains(QStringLiteral("GiB")))
        << memory->yAxis->label().toStdString();
    ASSERT_TRUE(memory->limitLine()->visible());
    EXPECT_DOUBLE_EQ(memory->limitValue(), 10);
    EXPECT_EQ(memory->limitLine()->pen().style(), Qt::DashLine);
    EXPECT_EQ(memory->limitLabel()->text(), QStringLiteral("Device memory 10 GiB"));
    EXPECT_GE(memory->yAxis->range().upper, 10);
    // 1F1B's first device peaks at 4 microbatches: 8 GiB.
    double peak = 0;
    for (auto it = memory->graph(0)->data()->begin(); it != memory->graph(0)->data()->end(); ++it)
        peak = std::max(peak, it->value);
    EXPECT_DOUBLE_EQ(peak, 8);
    EXPECT_TRUE(panel->memoryTitleText().contains(QStringLiteral("8 GiB")))
        << panel->memoryTitleText().toStdString();
    EXPECT_FALSE(panel->memoryTitleText().contains(QStringLiteral("does not fit")));

    // The table: a last column says who fits, and by how much the others are over.
    const int fits = panel->comparisonTable()->columnCount() - 1;
    ASSERT_EQ(fits, 6);
    EXPECT_EQ(cellOf(panel, QStringLiteral("1F1B"), fits), QStringLiteral("yes"));
    EXPECT_EQ(cellOf(panel, QStringLiteral("ZB-H1"), fits), QStringLiteral("yes"));
    EXPECT_EQ(cellOf(panel, QStringLiteral("Interleaved 1F1B"), fits),
              QStringLiteral("no, over by 1 GiB"));
    EXPECT_EQ(cellOf(panel, QStringLiteral("GPipe"), fits), QStringLiteral("no, over by 6 GiB"));

    // 7 GiB: the charted 1F1B no longer fits, and its chart says so.
    type(panel->deviceMemoryControl(), QStringLiteral("7GiB"));
    EXPECT_DOUBLE_EQ(memory->limitValue(), 7);
    EXPECT_EQ(cellOf(panel, QStringLiteral("1F1B"), fits), QStringLiteral("no, over by 1 GiB"));
    EXPECT_TRUE(panel->memoryTitleText().contains(QStringLiteral("does not fit the budget: over "
                                                                 "by 1 GiB")))
        << panel->memoryTitleText().toStdString();
    EXPECT_TRUE(memory->limitLabel()->text().startsWith(QStringLiteral("Device memory 7 GiB")));

    // Undo walks back through the edits; turning the device memory off drops both halves.
    doc->undoStack()->undo();
    EXPECT_DOUBLE_EQ(memory->limitValue(), 10);
    panel->deviceMemoryControl()->checkBox()->setChecked(false);
    EXPECT_FALSE(doc->scenario().training.deviceMemoryBytes.has_value());
    EXPECT_FALSE(doc->scenario().training.activationBytesPerMicrobatch.has_value());
    EXPECT_FALSE(memory->showsBytes());
    EXPECT_FALSE(memory->limitLine()->visible());
    EXPECT_EQ(memory->yAxis->label(), QStringLiteral("microbatches"));
}

// Without bytes the chart stays in microbatches and draws the budget in microbatches.
TEST_F(TrainingBudgetTest, MicrobatchBudgetLineWithoutBytes)
{
    panel->memoryLimitControl()->checkBox()->setChecked(true);
    type(panel->memoryLimitControl(), QStringLiteral("3"));
    ASSERT_EQ(doc->scenario().training.memoryLimitMicrobatches, std::optional<double>(3));
    ScheduleMemoryChart *memory = panel->memoryChart();
    EXPECT_FALSE(memory->showsBytes());
    EXPECT_EQ(memory->yAxis->label(), QStringLiteral("microbatches"));
    ASSERT_TRUE(memory->limitLine()->visible());
    EXPECT_DOUBLE_EQ(memory->limitValue(), 3);
    EXPECT_TRUE(memory->limitLabel()->text().startsWith(QStringLiteral("Memory budget 3 "
                                                                       "microbatches")))
        << memory->limitLabel()->text().toStdString();
    const int fits = panel->comparisonTable()->columnCount() - 1;
    EXPECT_EQ(cellOf(panel, QStringLiteral("1F1B"), fits),
              QStringLiteral("no, over by 1 microbatch"));
    EXPECT_EQ(cellOf(panel, QStringLiteral("GPipe"), fits),
              QStringLiteral("no, over by 5 microbatches"));
    EXPECT_TRUE(panel->memoryTitleText().contains(QStringLiteral("does not fit")));

    // Bytes as well, with a looser device memory: the tighter microbatch budget is the line,
    // now in bytes.
    panel->activationBytesControl()->checkBox()->setChecked(true);
    type(panel->activationBytesControl(), QStringLiteral("512MiB"));
    type(panel->deviceMemoryControl(), QStringLiteral("80GiB"));
    EXPECT_TRUE(memory->showsBytes());
    EXPECT_EQ(memory->byteUnit().name, QStringLiteral("GiB"));
    EXPECT_DOUBLE_EQ(memory->limitValue(), 1.5);
    EXPECT_TRUE(memory->limitLabel()->text().startsWith(
        QStringLiteral("Memory budget 3 microbatches (1.5 GiB)")))
        << memory->limitLabel()->text().toStdString();
    EXPECT_EQ(cellOf(panel, QStringLiteral("GPipe"), fits), QStringLiteral("no, over by 2.5 GiB"));
}

// Issue 22: p = 16, m = 64 is searched at once; above it the search runs on the document's
// background job with progress, the other schedules stay drawn, and the searched one appears with
// the numbers the CLI and the report compute (core's completeTraining).
TEST_F(TrainingBudgetTest, LargeSearchesRunInTheBackgroundWithProgress)
{
    ScheduleSearchRunner *runner = doc->jobs()->scheduleSearch();
    ASSERT_TRUE(doc->editScenario(QStringLiteral("Compare"), [](Scenario &s) {
        s.training.schedule = schedule::Kind::ZeroBubbleAuto;
        s.training.compare = {schedule::Kind::OneFOneB};
        s.training.devices = 8;
        s.training.microbatches = 32;
    }));
    // 8 x 32: inline, no background run.
    EXPECT_FALSE(runner->isRunning());
    EXPECT_FALSE(panel->searchBar()->isVisible());
    EXPECT_EQ(panel->comparisonTable()->rowCount(), 2);

    const int runs = runner->runsStarted();
    type(panel->microbatchesControl(), QStringLiteral("256"));
    EXPECT_EQ(runner->runsStarted(), runs + 1);
    EXPECT_TRUE(runner->isRunning());
    EXPECT_TRUE(panel->searchBar()->isVisible());
    EXPECT_TRUE(panel->searchStatus()->text().startsWith(
        QStringLiteral("Searching ZB-auto (memory limit) for 8 devices × 256 microbatches in the "
                       "background")))
        << panel->searchStatus()->text().toStdString();
    EXPECT_EQ(panel->searchButton()->text(), QStringLiteral("Cancel"));
    // 1F1B is drawn meanwhile; ZB-auto is not in the table yet.
    EXPECT_EQ(panel->comparisonTable()->rowCount(), 1);
    EXPECT_EQ(cellOf(panel, QStringLiteral("1F1B"), 0), QStringLiteral("1F1B"));

    ASSERT_TRUE(QTest::qWaitFor([runner]() { return !runner->isRunning(); }, 60'000));
    QTest::qWait(10);
    EXPECT_FALSE(panel->searchBar()->isVisible());
    ASSERT_EQ(panel->comparisonTable()->rowCount(), 2);
    const std::vector<TrainingSchedule> inlined = computeTraining(doc->scenario().training);
    ASSERT_TRUE(inlined[0].result.has_value());
    EXPECT_EQ(doc->planResult().training.schedules, inlined);
    EXPECT_EQ(cellOf(panel, QStringLiteral("ZB-auto (memory limit)"), 1),
              format::milliseconds(inlined[0].result->makespanMs));

    // Undo to 32 and redo to 256: the finished search answers at once.
    doc->undoStack()->undo();
    EXPECT_FALSE(runner->isRunning());
    doc->undoStack()->redo();
    EXPECT_FALSE(runner->isRunning());
    EXPECT_EQ(runner->runsStarted(), runs + 1);
    EXPECT_EQ(doc->planResult().training.schedules, inlined);
}

// The largest the tab allows (p = 128, m = 4096) takes minutes: Cancel stops it at once and
// leaves it out; Search again runs it again; an edit to a small plan drops it. With equal times
// and no comm the search finds an order it can prove the fastest possible within a second and
// stops there; 1 ms of comm keeps it searching.
TEST_F(TrainingBudgetTest, CancelStopsALargeSearchAndSearchAgainRestartsIt)
{
    ScheduleSearchRunner *runner = doc->jobs()->scheduleSearch();
    ASSERT_TRUE(doc->editScenario(QStringLiteral("Large"), [](Scenario &s) {
        s.training.schedule = schedule::Kind::ZeroBubbleAuto;
        s.training.compare = {schedule::Kind::ZeroBubbleH1};
        s.training.devices = 128;
        s.training.microbatches = 4096;
        s.training.commMs = 1;
    }));
    ASSERT_TRUE(runner->isRunning());
    QTest::mouseClick(panel->searchButton(), Qt::LeftButton);
    EXPECT_FALSE(runner->isRunning());
    EXPECT_TRUE(runner->wasCancelled());
    EXPECT_TRUE(panel->searchBar()->isVisible());
    EXPECT_TRUE(panel->searchStatus()->text().contains(QStringLiteral("was stopped")));
    EXPECT_EQ(panel->searchButton()->text(), QStringLiteral("Search again"));
    EXPECT_FALSE(panel->searchProgress()->isVisible());
    EXPECT_TRUE(doc->planResult().training.schedules[0].searching);
    EXPECT_TRUE(doc->planResult().training.schedules[1].result.has_value()); // ZB-H1 stays

    QTest::mouseClick(panel->searchButton(), Qt::LeftButton);
    EXPECT_TRUE(runner->isRunning());
    EXPECT_EQ(panel->searchButton()->text(), QStringLiteral("Cancel"));
    QTest::qWait(300);
    EXPECT_TRUE(runner->isRunning()); // still searching: the window answers meanwhile

    type(panel->microbatchesControl(), QStringLiteral("8"));
    type(panel->devicesControl(), QStringLiteral("4"));
    EXPECT_FALSE(runner->isRunning());
    EXPECT_FALSE(panel->searchBar()->isVisible());
    EXPECT_FALSE(trainingSearching(doc->planResult().training.schedules));
}
