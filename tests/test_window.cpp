#include "app/cli/cli.h"
#include "app/cli/report.h"
#include "core/base/csv.h"
#include "core/base/format.h"
#include "core/plan/explain.h"
#include "tests/support/windowtest.h"
#include "ui/document/montecarlorunner.h"
#include "ui/document/recoverystore.h"
#include "ui/document/scenariodocument.h"
#include "ui/document/simulationrunner.h"
#include "ui/model/amdahlchart.h"
#include "ui/model/ganttchart.h"
#include "ui/model/headlinewidget.h"
#include "ui/model/inputspanel.h"
#include "ui/model/overheadchart.h"
#include "ui/model/scalingtablemodel.h"
#include "ui/model/scalingview.h"
#include "ui/model/stagechart.h"
#include "ui/model/waterfallchart.h"
#include "ui/project/estimatecharts.h"
#include "ui/project/projectpanel.h"
#include "ui/tail/histogramchart.h"
#include "ui/tail/tailpanel.h"
#include "ui/training/schedulechart.h"
#include "ui/training/trainingpanel.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/chartexport.h"
#include "ui/widgets/valuecontrol.h"
#include "ui/window/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QBarSet>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPicture>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <QAbstractButton>
#include <QApplication>
#include <QMessageBox>
#include <QTimer>
#include <functional>
#include <gtest/gtest.h>

using namespace pipeplan;

// Readable failures: print QStrings as text.
QT_BEGIN_NAMESPACE
inline void PrintTo(const QString &text, std::ostream *os)
{
    *os << '"' << text.toStdString() << '"';
}
QT_END_NAMESPACE

namespace {

Scenario seed001Pipeline()
{
    Scenario s;
    s.name = QStringLiteral("Seed 001 pipeline");
    s.workload.users = 1000;
    s.workload.predictionsPerUser = 1;
    s.workload.latencyMs = 20;
    s.execution = Execution::Pipelined;
    s.microbatches = 8;
    s.stages = {Stage{QStringLiteral("fetch"), 10, false},
                Stage{QStringLiteral("transform"), 10, false},
                Stage{QStringLiteral("score"), 0, true}, Stage{QStringLiteral("write"), 10, false}};
    return s;
}

/// Waits (processing events) until the tail panel's simulation has answered.
bool waitForSimulation(TailPanel *tail, const ScenarioDocument *doc)
{
    // Deterministic under load: the debounce has fired and the run has finished.
    return QTest::qWaitFor([tail]() { return !tail->isSimulationPending(); }, 60000) &&
           doc->jobs()->simulation()->result().has_value();
}

class WindowTest : public testsupport::WindowTestBase
{
protected:
    void SetUp() override { WindowTestBase::SetUp(); }

    /// The document's simulation and goal seek cut to a few trials (the tests also run under
    /// ASan), Overheads & tail opened, and its simulation finished: that panel, or null when the
    /// edit or the run failed.
    TailPanel *simulateFewTrials()
    {
        Scenario fewer = doc->scenario();
        fewer.simulation.trials = 100;
        fewer.goal.trials = 20;
        if (!doc->edit(fewer, QStringLiteral("fewer trials")))
            return nullptr;
        window->workspaces()->setCurrentIndex(1);
        TailPanel *tail = window->tailPanel();
        return waitForSimulation(tail, doc) ? tail : nullptr;
    }

    /// What the scaling table shows in a cell.
    QString cell(int row, int column) const
    {
        const ScalingTableModel *model = window->scaling()->model();
        return model->data(model->index(row, column)).toString();
    }

    /// Every headline number and table cell equals the core's value for the document's scenario.
    void expectViewsMatchCore() const
    {
        const ScenarioResult core = evaluate(doc->scenario());
        const HeadlineWidget *headline = window->headline();
        EXPECT_EQ(headline->valueText(HeadlineWidget::TotalPredictions),
                  format::grouped(core.totalPredictions, 0));
        EXPECT_EQ(headline->valueText(HeadlineWidget::Runtime),
                  format::duration(core.effectiveRuntimeSeconds));
        EXPECT_EQ(headline->valueText(HeadlineWidget::Throughput),
                  format::ratePerSecond(core.throughputUsersPerSecond, QStringLiteral("users")));
        // The core's rows, and a row of the scenario's own worker count when it is not listed
        // (issue 17): that row is the highlighted one.
        const explain::ShownScaling shown = explain::shownScaling(doc->scenario(), core);
        ASSERT_EQ(window->scaling()->model()->rowCount(), static_cast<int>(shown.rows.size()));
        for (int r = 0; r < static_cast<int>(shown.rows.size()); ++r) {
            for (int c = 0; c < ScalingTableModel::ColumnCount; ++c)
                EXPECT_EQ(cell(r, c),
                          ScalingTableModel::cellText(shown.rows[static_cast<size_t>(r)], c));
        }
        EXPECT_EQ(window->scaling()->model()->highlightedRow(), shown.highlighted);
        if (shown.inserted < 0) {
            EXPECT_EQ(shown.highlighted, core.nearestScalingRow);
        }
    }
};

} // namespace

TEST_F(WindowTest, StartsOnTheSeed000ScenarioWithEveryViewFilled)
{
    EXPECT_EQ(doc->scenario(), defaultScenario());
    expectViewsMatchCore();
    const HeadlineWidget *headline = window->headline();
    EXPECT_EQ(headline->valueText(HeadlineWidget::TotalPredictions),
              QStringLiteral("3,000,000,000"));
    EXPECT_EQ(headline->valueText(HeadlineWidget::Runtime), QStringLiteral("697.85 days"));
    EXPECT_EQ(headline->valueText(HeadlineWidget::Speedup), QStringLiteral("49.76× (50×)"));
    EXPECT_EQ(headline->valueText(HeadlineWidget::Bottleneck), QStringLiteral("score (20 s)"));
    EXPECT_TRUE(headline->howText(HeadlineWidget::Runtime)
                    .contains(QStringLiteral("3,000,000,000 s of work")));
    // Seed 000's table, as the window formats it.
    EXPECT_EQ(cell(0, ScalingTableModel::LinearHours), QStringLiteral("8,333.33"));
    EXPECT_EQ(cell(0, ScalingTableModel::LinearDays), QStringLiteral("347.22"));
    EXPECT_EQ(cell(6, ScalingTableModel::LinearHours), QStringLiteral("16.67"));
    EXPECT_EQ(cell(4, ScalingTableModel::AmdahlSpeedup), QStringLiteral("49.76×"));
    EXPECT_EQ(window->scaling()->model()->highlightedRow(), 4);
    EXPECT_EQ(window->amdahlChart()->markerText(), QStringLiteral("49.76× at N = 10,000"));
    EXPECT_EQ(window->amdahlChart()->amdahlGraph()->dataCount(), 160);
    EXPECT_TRUE(window->amdahlChart()->ceilingLine()->visible());
    EXPECT_EQ(window->waterfallChart()->labelTexts(),
              (QStringList{QStringLiteral("95.06 years"), QStringLiteral("unchanged"),
                           QStringLiteral("unchanged"), QStringLiteral("unchanged"),
                           QStringLiteral("697.85 days")}));
    EXPECT_EQ(window->stageChart()->categories(), QStringList{QStringLiteral("score")});
}

TEST_F(WindowTest, MovingTheWorkersSliderUpdatesTableAndHeadline)
{
    QSlider *slider = window->inputs()->workersControl()->slider();
    slider->setValue(slider->value() - 150); // fewer workers
    const double workers = doc->scenario().workload.workers;
    EXPECT_LT(workers, 10'000);
    EXPECT_EQ(window->inputs()->workersControl()->spinBox()->value(), workers);
    expectViewsMatchCore();
    EXPECT_EQ(window->headline()->valueText(HeadlineWidget::Runtime),
              format::duration(evaluate(doc->scenario()).runtimeSeconds));
    EXPECT_EQ(window->amdahlChart()->markerText(),
              format::trimmed(evaluate(doc->scenario()).speedup, 2) + QStringLiteral("× at N = ") +
                  format::grouped(workers, 0));
}

TEST_F(WindowTest, TypedValuesAreAcceptedAndUndoRestores)
{
    const QString runtimeBefore = window->headline()->valueText(HeadlineWidget::Runtime);
    window->inputs()->workersControl()->spinBox()->setValue(5000);
    EXPECT_EQ(doc->scenario().workload.workers, 5000);
    EXPECT_EQ(window->scaling()->model()->highlightedRow(), 3);
    window->inputs()->parallelFractionControl()->spinBox()->setValue(1.0);
    EXPECT_EQ(doc->scenario().workload.parallelFraction, 1.0);
    expectViewsMatchCore();
    EXPECT_EQ(window->headline()->valueText(HeadlineWidget::Runtime), QStringLiteral("6.94 days"));
    doc->undoStack()->undo();
    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario(), defaultScenario());
    EXPECT_EQ(window->headline()->valueText(HeadlineWidget::Runtime), runtimeBefore);
    EXPECT_EQ(window->inputs()->workersControl()->spinBox()->value(), 10'000);
    expectViewsMatchCore();
    doc->undoStack()->redo();
    EXPECT_EQ(doc->scenario().workload.workers, 5000);
}

TEST_F(WindowTest, AWholeSliderDragIsOneUndoStep)
{
    QSlider *slider = window->inputs()->usersControl()->slider();
    const int steps = doc->undoStack()->count();
    slider->setSliderDown(true); // sliderPressed
    for (int i = 1; i <= 20; ++i)
        slider->setValue(slider->value() - 5);
    slider->setSliderDown(false); // sliderReleased
    EXPECT_EQ(doc->undoStack()->count(), steps + 1);
    EXPECT_LT(doc->scenario().workload.users, 150e6);
    expectViewsMatchCore();
    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().workload.users, 150e6);
    // A second drag is a second step.
    slider->setSliderDown(true);
    slider->setValue(slider->value() + 10);
    slider->setSliderDown(false);
    slider->setSliderDown(true);
    slider->setValue(slider->value() + 10);
    slider->setSliderDown(false);
    EXPECT_EQ(doc->undoStack()->count(), steps + 2);
}

TEST_F(WindowTest, GanttDrawsOneBarPerCellWithBubbles)
{
    doc->edit(seed001Pipeline(), QStringLiteral("seed 001"));
    window->replotAll();
    GanttChart *gantt = window->ganttChart();
    EXPECT_EQ(gantt->bars()->drawnBars(), 4 * 8);
    EXPECT_EQ(gantt->bars()->drawnLabels(), 4 * 8); // every bar is wide enough for its number
    EXPECT_EQ(doc->planResult().pipeline.schedule.idle.size(), 13u); // 3 fill, 7 wait, 3 drain
    EXPECT_TRUE(gantt->summaryText().contains(QStringLiteral("bubble (p−1)/(m+p−1) = 0.273")))
        << gantt->summaryText().toStdString();
    EXPECT_TRUE(gantt->summaryText().contains(QStringLiteral("utilization 52.6 %")));
    EXPECT_TRUE(gantt->summaryText().contains(QStringLiteral("190 ms")));
    EXPECT_TRUE(gantt->summaryText().contains(QStringLiteral("50 users/s")));
    EXPECT_EQ(window->headline()->valueText(HeadlineWidget::Bottleneck),
              QStringLiteral("score (20 ms)"));

    gantt->balanceToggle()->setChecked(true);
    EXPECT_TRUE(doc->balanced());
    window->replotAll();
    EXPECT_EQ(gantt->bars()->drawnBars(), 32);
    EXPECT_TRUE(gantt->summaryText().contains(QStringLiteral("80 users/s")))
        << gantt->summaryText().toStdString();
    EXPECT_TRUE(gantt->summaryText().contains(QStringLiteral("utilization 72.7 %")));
    EXPECT_EQ(doc->planResult().pipeline.balancedStageMs,
              (std::vector<double>{12.5, 12.5, 12.5, 12.5}));
}

TEST_F(WindowTest, StageChartHighlightsTheBottleneck)
{
    doc->edit(seed001Pipeline(), QStringLiteral("seed 001"));
    const StageChart *chart = window->stageChart();
    EXPECT_EQ(chart->categories(),
              (QStringList{QStringLiteral("fetch"), QStringLiteral("transform"),
                           QStringLiteral("score"), QStringLiteral("write")}));
    ASSERT_EQ(chart->stageSet()->count(), 4);
    EXPECT_EQ(StageChart::barValue(chart->stageSet(), 0), 10);
    EXPECT_EQ(StageChart::barValue(chart->stageSet(), 2), 0);
    EXPECT_EQ(StageChart::barValue(chart->bottleneckSet(), 2), 20);
    EXPECT_EQ(StageChart::barValue(chart->bottleneckSet(), 0), 0);
}

TEST_F(WindowTest, WaterfallShowsEveryLever)
{
    Scenario plan = defaultScenario();
    plan.workload.keepFraction = 0.5;
    plan.workload.latencyMs = 1000;
    plan.workload.acceleratorLatencyMs = 10;
    plan.workload.parallelFraction = 1.0;
    doc->edit(plan, QStringLiteral("plan"));
    EXPECT_EQ(window->waterfallChart()->labelTexts(),
              (QStringList{QStringLiteral("95.06 years"), QStringLiteral("47.53 years"),
                           QStringLiteral("173.61 days"), QStringLiteral("unchanged"),
                           QStringLiteral("25 minutes")}));
    EXPECT_EQ(window->headline()->valueText(HeadlineWidget::Runtime), QStringLiteral("25 minutes"));
    EXPECT_EQ(window->waterfallChart()->appliedBars()->dataCount(), 4);
    EXPECT_EQ(window->waterfallChart()->unusedBars()->dataCount(), 1);
}

TEST_F(WindowTest, PinnedComparisonDrawsASecondCurve)
{
    EXPECT_FALSE(window->amdahlChart()->comparisonGraph()->visible());
    Scenario s = doc->scenario();
    s.comparisonParallelFraction = 0.9;
    doc->edit(s, QStringLiteral("pin"));
    EXPECT_TRUE(window->amdahlChart()->comparisonGraph()->visible());
    EXPECT_EQ(window->amdahlChart()->comparisonGraph()->dataCount(), 160);
    EXPECT_NEAR(window->amdahlChart()->comparisonGraph()->data()->at(159)->value, 10.0, 0.01);
}

TEST_F(WindowTest, BadWorkerCountsLeaveTheTableAsItWas)
{
    QLineEdit *edit = window->scaling()->workerCountsEdit();
    const Scenario before = doc->scenario();
    edit->setText(QStringLiteral("100, banana, 5k"));
    emit edit->editingFinished();
    EXPECT_EQ(doc->scenario(), before);
    EXPECT_EQ(window->scaling()->errorText(),
              QStringLiteral("Worker counts: item 2: 'banana' is not a number. The table keeps its "
                             "previous counts."));
    edit->setText(QStringLiteral("100, 0"));
    emit edit->editingFinished();
    EXPECT_EQ(doc->scenario(), before);
    EXPECT_EQ(window->scaling()->errorText(),
              QStringLiteral("Worker counts: worker_counts[1]: must be at least 1, "
                             "got 0. The table keeps its previous counts."));
    edit->setText(QStringLiteral("1, 10, 1k, 2k"));
    emit edit->editingFinished();
    EXPECT_EQ(doc->scenario().workerCounts, (std::vector<double>{1, 10, 1000, 2000}));
    // The four counts and the scenario's own 10,000 workers, in a row of its own (issue 17).
    EXPECT_EQ(window->scaling()->model()->rowCount(), 5);
    EXPECT_EQ(window->scaling()->model()->insertedRow(), 4);
    EXPECT_TRUE(window->scaling()->errorText().isEmpty());
    expectViewsMatchCore();
}

TEST_F(WindowTest, StagesCanBeAddedRemovedRenamedAndReordered)
{
    doc->edit(seed001Pipeline(), QStringLiteral("seed 001"));
    Scenario s = doc->scenario();
    s.stages.push_back(Stage{QStringLiteral("publish"), 30, false});
    doc->edit(s, QStringLiteral("add"));
    EXPECT_EQ(doc->result().bottleneckIndex, 4);
    EXPECT_EQ(window->headline()->valueText(HeadlineWidget::Bottleneck),
              QStringLiteral("publish (30 ms)"));
    std::swap(s.stages[0], s.stages[4]);
    s.stages[0].name = QStringLiteral("egress");
    doc->edit(s, QStringLiteral("move and rename"));
    EXPECT_EQ(doc->result().bottleneckIndex, 0);
    EXPECT_EQ(window->stageChart()->categories().first(), QStringLiteral("egress"));
    // Removing the scoring stage is refused: the scenario stays valid.
    Scenario bad = doc->scenario();
    bad.stages.erase(bad.stages.begin() + 2);
    EXPECT_FALSE(doc->edit(bad, QStringLiteral("remove scoring")));
    EXPECT_EQ(doc->scenario(), s);
    doc->undoStack()->undo();
    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario(), seed001Pipeline());
}

TEST(ScalingTableModelTest, PassesTheModelTesterAndSignalsSmallRanges)
{
    ScalingTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setRows(scalingTable(3e9, 0.98, defaultWorkerCounts()), 4);
    EXPECT_EQ(model.rowCount(), 7);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.setRows(scalingTable(3e9, 0.98, defaultWorkerCounts()), 4);
    EXPECT_EQ(changed.count(), 0); // nothing changed, nothing announced
    model.setRows(scalingTable(3e9, 0.98, defaultWorkerCounts()), 5);
    EXPECT_EQ(changed.count(), 2); // old and new highlighted rows only
    EXPECT_EQ(reset.count(), 0);
    changed.clear();
    model.setRows(scalingTable(6e9, 0.98, defaultWorkerCounts()), 5);
    ASSERT_EQ(changed.count(), 1);
    const QModelIndex topLeft = changed.first().at(0).toModelIndex();
    EXPECT_EQ(topLeft.column(), ScalingTableModel::LinearHours); // worker counts did not change
}

TEST(WindowSettings, LastValuesAndLayoutAreRestored)
{
    QSettings().clear();
    MainWindow::Options options = MainWindow::Options::headless();
    options.useSettings = true;
    {
        MainWindow first(options);
        first.show();
        first.inputs()->workersControl()->spinBox()->setValue(2500);
        first.close();
    }
    MainWindow second(options);
    EXPECT_EQ(second.document()->scenario().workload.workers, 2500);
    EXPECT_EQ(second.inputs()->workersControl()->spinBox()->value(), 2500);
    QSettings().clear();
}

// ---- Scenario files, presets, compare, recovery (the scenarios issue) ----

namespace {
QString presetPath(const char *name)
{
    return QStringLiteral(PIPEPLAN_PRESETS_DIR "/") + QLatin1String(name);
}

cli::CliRunResult runCliCommand(const QStringList &args)
{
    return cli::runCaptured(args);
}
} // namespace

TEST_F(WindowTest, SaveQuitReopenGivesIdenticalValues)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("plan.pipeplan.json"));
    ASSERT_TRUE(window->applySetting(QStringLiteral("users=75M")));
    ASSERT_TRUE(window->applySetting(QStringLiteral("stages[0].name=scoring")));
    doc->pinBaseline();
    ASSERT_TRUE(window->applySetting(QStringLiteral("workers=2500")));
    EXPECT_TRUE(doc->isModified());
    EXPECT_TRUE(window->isWindowModified());
    EXPECT_TRUE(window->windowTitle().contains(QStringLiteral("[*]")));
    ASSERT_TRUE(window->saveFile(path));
    EXPECT_FALSE(doc->isModified());
    EXPECT_FALSE(window->isWindowModified());
    EXPECT_TRUE(window->windowTitle().contains(QStringLiteral("plan.pipeplan.json")));

    MainWindow reopened(MainWindow::Options::headless());
    ASSERT_TRUE(reopened.openFile(path));
    EXPECT_EQ(reopened.document()->plan(), doc->plan());
    EXPECT_EQ(reopened.document()->scenario().workload.users, 75e6);
    EXPECT_EQ(reopened.document()->scenario().workload.workers, 2500);
    ASSERT_TRUE(reopened.document()->baseline().has_value());
    EXPECT_EQ(reopened.document()->baseline()->workload.workers, 10'000);
    EXPECT_EQ(reopened.headline()->valueText(HeadlineWidget::Runtime),
              window->headline()->valueText(HeadlineWidget::Runtime));
    EXPECT_FALSE(reopened.document()->isModified());
}

TEST_F(WindowTest, ABadFileLeavesTheOpenDocumentExactlyAsItWas)
{
    QTemporaryDir dir;
    ASSERT_TRUE(window->applySetting(QStringLiteral("users=42M")));
    const Plan before = doc->plan();
    const int undoSteps = doc->undoStack()->count();
    struct Bad
    {
        const char *name;
        QByteArray bytes;
        const char *expected;
    };
    const Bad files[] = {
        {"truncated.json", QByteArray("{\"format\": \"pipeplan-scenario\", \"vers"),
         "(file): is not valid JSON"},
        {"wrong-type.json",
         QByteArray(R"({"format": "pipeplan-scenario", "version": 2, "workload": []})"),
         "workload: must be an object, got an array"},
        {"other-format.json", QByteArray(R"({"format": "tiled-map", "version": 1})"),
         "format: is \"tiled-map\""},
        {"garbage.json", QByteArray(scenariofile::kMaxFileBytes + 1, '\x07'),
         "(file): is larger than"},
    };
    for (const Bad &bad : files) {
        const QString path = dir.filePath(QLatin1String(bad.name));
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(bad.bytes);
        file.close();
        QString message;
        EXPECT_FALSE(window->openFile(path, &message));
        EXPECT_TRUE(message.contains(path)) << message.toStdString();
        EXPECT_TRUE(message.contains(QLatin1String(bad.expected))) << message.toStdString();
        EXPECT_EQ(doc->plan(), before);
        EXPECT_EQ(doc->undoStack()->count(), undoSteps);
        EXPECT_TRUE(doc->isModified());
    }
    QString message;
    EXPECT_FALSE(window->openFile(dir.filePath(QStringLiteral("missing.json")), &message));
    EXPECT_EQ(doc->plan(), before);
}

TEST_F(WindowTest, AFailedSaveKeepsTheOldFileAndTheDocumentModified)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("keep.json"));
    ASSERT_TRUE(window->saveFile(path));
    QFile saved(path);
    ASSERT_TRUE(saved.open(QIODevice::ReadOnly));
    const QByteArray original = saved.readAll();
    saved.close();
    ASSERT_TRUE(window->applySetting(QStringLiteral("users=1M")));
    QString message;
    // The target is a directory: the atomic write cannot replace it.
    EXPECT_FALSE(window->saveFile(dir.path(), &message));
    EXPECT_TRUE(message.contains(QStringLiteral("Could not save"))) << message.toStdString();
    EXPECT_FALSE(window->saveFile(dir.filePath(QStringLiteral("no/such/dir/x.json")), &message));
    EXPECT_TRUE(doc->isModified());
    EXPECT_EQ(doc->filePath(), QFileInfo(path).absoluteFilePath());
    ASSERT_TRUE(saved.open(QIODevice::ReadOnly));
    EXPECT_EQ(saved.readAll(), original);
}

// "pipeplan-cli eval on each preset prints the numbers the window shows."
TEST_F(WindowTest, CliEvalPrintsWhatTheWindowShowsForEveryPreset)
{
    for (const char *name :
         {"nightly-scoring.json", "pruned-accelerated.json", "seed001-pipeline.json",
          "five-stage.json", "feature-store-cap.json", "training-schedules.json"}) {
        ASSERT_TRUE(window->openFile(presetPath(name))) << name;
        const cli::CliRunResult run =
            runCliCommand({QStringLiteral("eval"), presetPath(name), QStringLiteral("--json")});
        ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
        const QJsonObject o = QJsonDocument::fromJson(run.out.toUtf8()).object();
        const QJsonObject headline = o.value(QStringLiteral("headline")).toObject();
        const HeadlineWidget *h = window->headline();
        EXPECT_EQ(headline.value(QStringLiteral("total_predictions")).toString(),
                  h->valueText(HeadlineWidget::TotalPredictions));
        EXPECT_EQ(headline.value(QStringLiteral("runtime")).toString(),
                  h->valueText(HeadlineWidget::Runtime));
        EXPECT_EQ(headline.value(QStringLiteral("throughput")).toString(),
                  h->valueText(HeadlineWidget::Throughput));
        EXPECT_EQ(headline.value(QStringLiteral("speedup")).toString(),
                  h->valueText(HeadlineWidget::Speedup));
        EXPECT_EQ(headline.value(QStringLiteral("bottleneck")).toString(),
                  h->valueText(HeadlineWidget::Bottleneck));
        const QJsonArray rows = o.value(QStringLiteral("rows")).toArray();
        // The window adds a row of the scenario's own worker count when it is not listed.
        const int inserted = window->scaling()->model()->insertedRow();
        ASSERT_EQ(rows.size() + (inserted < 0 ? 0 : 1), window->scaling()->model()->rowCount());
        for (int r = 0; r < rows.size(); ++r) {
            const int modelRow = inserted >= 0 && r >= inserted ? r + 1 : r;
            ScalingRow row;
            const QJsonObject json = rows[r].toObject();
            row.workers = json.value(QStringLiteral("workers")).toDouble();
            row.linearHours = json.value(QStringLiteral("hours")).toDouble();
            row.linearDays = json.value(QStringLiteral("days")).toDouble();
            row.amdahlSpeedup = json.value(QStringLiteral("amdahl_speedup")).toDouble();
            row.amdahlHours = json.value(QStringLiteral("amdahl_hours")).toDouble();
            row.amdahlDays = json.value(QStringLiteral("amdahl_days")).toDouble();
            for (int c = 0; c < ScalingTableModel::ColumnCount; ++c)
                EXPECT_EQ(ScalingTableModel::cellText(row, c), cell(modelRow, c))
                    << name << " row " << r;
        }
        QStringList levers;
        for (const QJsonValue &step : o.value(QStringLiteral("waterfall")).toArray()) {
            const QJsonObject s = step.toObject();
            levers << (s.value(QStringLiteral("applied")).toBool() || levers.isEmpty()
                           ? s.value(QStringLiteral("runtime_human")).toString()
                           : QStringLiteral("unchanged"));
        }
        EXPECT_EQ(levers, window->waterfallChart()->labelTexts()) << name;
        // The human-readable output carries the same texts.
        const cli::CliRunResult text = runCliCommand({QStringLiteral("eval"), presetPath(name)});
        EXPECT_TRUE(text.out.contains(h->valueText(HeadlineWidget::Runtime)));
        EXPECT_TRUE(text.out.contains(cell(inserted == 0 ? 1 : 0, ScalingTableModel::AmdahlHours)));
    }
}

TEST_F(WindowTest, PinningABaselineShowsItInEveryView)
{
    ASSERT_TRUE(window->openFile(presetPath("nightly-scoring.json")));
    doc->pinBaseline();
    ASSERT_TRUE(window->applySetting(QStringLiteral("keep_fraction=0.5")));
    EXPECT_EQ(window->headline()->baselineText(HeadlineWidget::Runtime),
              QStringLiteral("was 697.85 days (-50 %)"));
    EXPECT_EQ(window->headline()->valueText(HeadlineWidget::Runtime),
              QStringLiteral("348.92 days"));
    ASSERT_EQ(window->scaling()->model()->columnCount(), ScalingTableModel::ColumnCount + 1);
    EXPECT_EQ(cell(4, ScalingTableModel::BaselineAmdahlHours), QStringLiteral("16,748.33 (-50 %)"));
    EXPECT_TRUE(window->amdahlChart()->baselineGraph()->visible());
    EXPECT_EQ(window->waterfallChart()->baselineBars()->dataCount(), 5);
    doc->undoStack()->undo(); // keep fraction back
    EXPECT_EQ(cell(4, ScalingTableModel::BaselineAmdahlHours), QStringLiteral("16,748.33 (same)"));
    doc->unpinBaseline();
    EXPECT_EQ(window->scaling()->model()->columnCount(), ScalingTableModel::ColumnCount);
    EXPECT_TRUE(window->headline()->baselineText(HeadlineWidget::Runtime).isEmpty());
    EXPECT_FALSE(window->amdahlChart()->baselineGraph()->visible());
    EXPECT_EQ(window->waterfallChart()->baselineBars()->dataCount(), 0);
    doc->undoStack()->undo(); // unpin is undoable
    EXPECT_TRUE(doc->baseline().has_value());
}

TEST(Recovery, ARunningWindowsWorkIsNotAnOrphanAndACleanCloseLeavesNothing)
{
    QTemporaryDir dir;
    MainWindow::Options options = MainWindow::Options::headless();
    options.autosave = true;
    options.recoveryDirectory = dir.path();
    {
        MainWindow window(options);
        ASSERT_TRUE(window.applySetting(QStringLiteral("users=33M")));
        window.writeRecoveryNow();
        EXPECT_TRUE(QFile::exists(window.recovery()->path()));
        EXPECT_TRUE(
            RecoveryStore::orphans(dir.path()).orphans.empty()); // its window holds the lock
        window.close();
        EXPECT_FALSE(QFile::exists(window.recovery()->path()));
    }
    EXPECT_TRUE(RecoveryStore::orphans(dir.path()).orphans.empty());
}

// "Kill the program mid-edit: the next start offers the work back." The real binary, killed.
TEST(Recovery, KilledMidEditTheWorkComesBack)
{
    QTemporaryDir home;
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(PIPEPLAN_GUI_BINARY),
                  {QStringLiteral("--default"), QStringLiteral("--set"),
                   QStringLiteral("users=75M"), QStringLiteral("--set"),
                   QStringLiteral("workers=2500")});
    ASSERT_TRUE(process.waitForStarted(10'000));
    const QString recoveryDir = home.path() + QStringLiteral("/PipePlan/PipePlan/recovery");
    QElapsedTimer waited;
    waited.start();
    while (QDir(recoveryDir).entryList({QStringLiteral("*.json")}, QDir::Files).isEmpty() &&
           waited.elapsed() < 20'000)
        QTest::qWait(100);
    ASSERT_FALSE(QDir(recoveryDir).entryList({QStringLiteral("*.json")}, QDir::Files).isEmpty())
        << "no recovery file after " << waited.elapsed() << " ms";
    QTest::qWait(200);
    process.kill(); // SIGKILL: no chance to clean up
    process.waitForFinished(10'000);

    const std::vector<RecoveryStore::Orphan> orphans = RecoveryStore::orphans(recoveryDir).orphans;
    ASSERT_EQ(orphans.size(), 1u);
    EXPECT_EQ(orphans[0].plan.scenario.workload.users, 75e6);
    EXPECT_EQ(orphans[0].plan.scenario.workload.workers, 2500);
    MainWindow window(MainWindow::Options::headless());
    window.document()->load(orphans[0].plan, orphans[0].originalPath, true);
    EXPECT_TRUE(window.document()->isModified());
    EXPECT_EQ(window.headline()->valueText(HeadlineWidget::Runtime),
              format::duration(evaluate(orphans[0].plan.scenario).runtimeSeconds));
    RecoveryStore::discard(orphans[0]);
    EXPECT_TRUE(RecoveryStore::orphans(recoveryDir).orphans.empty());
}

// Issue 32: `pipeplan --presentation --screenshot out.png --screenshot-size 1920x1080` wrote an
// 800x800 PNG (full screen on the offscreen platform's 800x800 screen). The real binary: the PNG
// is of the size asked for, in the presentation look (no menu bar: the light theme's
// high-contrast white from the top-left corner on, where the menu bar's grey would be).
TEST(Screenshot, APresentationShotIsOfTheSizeAskedFor)
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("presentation.png"));
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), dir.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.path());
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(PIPEPLAN_GUI_BINARY),
                  {QStringLiteral("--theme"), QStringLiteral("light"),
                   QStringLiteral("--presentation"), QStringLiteral("--screenshot"), png,
                   QStringLiteral("--screenshot-size"), QStringLiteral("1920x1080")});
    ASSERT_TRUE(process.waitForFinished(60'000));
    ASSERT_EQ(process.exitCode(), 0) << process.readAllStandardError().toStdString();
    const QImage image(png);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(1920, 1080));
    EXPECT_EQ(image.pixelColor(2, 2), QColor(Qt::white));
}

TEST_F(WindowTest, OverheadsEnterTheHeadlineAndTheKneeIsNamed)
{
    Scenario s = doc->scenario();
    s.workload.keepFraction = 0.5;
    s.workload.batchMsPerUser = 50;
    s.workload.parallelFraction = 1;
    s.workload.workers = 1000;
    ASSERT_TRUE(doc->edit(s, QStringLiteral("setup")));
    window->workspaces()->setCurrentIndex(1);
    TailPanel *tail = window->tailPanel();
    EXPECT_TRUE(tail->kneeLabel()->text().startsWith(QStringLiteral("No overheads set")));
    EXPECT_EQ(window->headline()->valueText(HeadlineWidget::Runtime),
              QStringLiteral("62.5 minutes")); // 75M x 50 ms / 1,000

    // Tick the shared cap and type 40,000 users/s, as a person would.
    ValueControl *cap = tail->sharedCapControl();
    cap->checkBox()->setChecked(true);
    cap->spinBox()->setValue(40'000);
    ASSERT_EQ(doc->scenario().overheads.sharedCapPerSecond.value_or(0), 40'000);
    EXPECT_TRUE(tail->kneeLabel()->text().contains(
        QStringLiteral("feature store caps throughput at 40,000 users/s: more workers do nothing "
                       "past 2,000")));
    EXPECT_EQ(tail->overheadChart()->kneeGraph()->dataCount(), 1);
    EXPECT_EQ(tail->overheadChart()->kneeGraph()->data()->begin()->key, 2000);
    EXPECT_EQ(tail->overheadChart()->kneeLabelText(),
              QStringLiteral("feature store binds\npast 2,000 workers"));
    // Below the knee at 1,000 workers compute binds; at 5,000 the cap does: 31.25 minutes.
    window->inputs()->workersControl()->spinBox()->setValue(5000);
    EXPECT_EQ(window->headline()->valueText(HeadlineWidget::Runtime),
              QStringLiteral("31.25 minutes"));
    expectViewsMatchCore();
    EXPECT_EQ(window->waterfallChart()->labelTexts().last(), QStringLiteral("31.25 minutes"));
    // The two curves: naive keeps falling, with overheads flattens at the cap.
    const QCPGraph *naive = tail->overheadChart()->naiveGraph();
    const QCPGraph *overhead = tail->overheadChart()->overheadGraph();
    EXPECT_DOUBLE_EQ((naive->data()->end() - 1)->value, 3.75e6 / 1e6);
    EXPECT_DOUBLE_EQ((overhead->data()->end() - 1)->value, 1875);

    doc->undoStack()->undo(); // workers
    doc->undoStack()->undo(); // the cap's value
    doc->undoStack()->undo(); // ticking it
    EXPECT_FALSE(doc->scenario().overheads.sharedCapPerSecond.has_value());
    EXPECT_FALSE(cap->checkBox()->isChecked());
    EXPECT_EQ(window->headline()->valueText(HeadlineWidget::Runtime),
              QStringLiteral("62.5 minutes"));
}

TEST_F(WindowTest, SimulationRunsInTheBackgroundAndMatchesTheCore)
{
    ASSERT_TRUE(window->openFile(presetPath("feature-store-cap.json")));
    TailPanel *tail = simulateFewTrials();
    ASSERT_NE(tail, nullptr);
    const Scenario &s = doc->scenario();
    const simulation::Params params = simulationParams(s, evaluate(s));
    const simulation::Result core = simulation::simulate(params);
    const simulation::Result &shown = *doc->jobs()->simulation()->result();
    EXPECT_EQ(shown.sortedSeconds, core.sortedSeconds); // same seed, same answer
    EXPECT_TRUE(tail->simulationSummary()->text().contains(format::duration(core.p90Seconds)));
    EXPECT_EQ(tail->histogram()->markerText(0),
              QStringLiteral("P50 ") + format::duration(core.p50Seconds));
    EXPECT_EQ(tail->histogram()->markerText(3),
              QStringLiteral("no tail ") + format::duration(core.closedFormSeconds));
    double barTrials = 0;
    for (auto it = tail->histogram()->bars()->data()->begin();
         it != tail->histogram()->bars()->data()->end(); ++it)
        barTrials += it->value;
    EXPECT_EQ(barTrials, 100);

    // The goal table shows the core's goal seek.
    goalseek::Inputs in;
    const ScenarioResult r = evaluate(s);
    in.naive = naiveModel(s, r);
    in.withOverheads = r.overheads.model;
    in.simulation = params;
    in.simulation.trials = static_cast<int>(s.goal.trials);
    in.deadlineSeconds = *s.goal.deadlineSeconds; // the preset's hour, in force
    in.pricePerWorkerHour = s.goal.pricePerWorkerHour;
    const goalseek::Result goal = goalseek::seek(in);
    QTableWidget *table = tail->goalTable();
    ASSERT_EQ(table->rowCount(), 4);
    for (int row = 0; row < 4; ++row) {
        const goalseek::Option &option = goal.options[static_cast<size_t>(row)];
        EXPECT_EQ(table->item(row, 0)->text(), option.method);
        EXPECT_EQ(table->item(row, 1)->text(), format::grouped(option.workers.value_or(0), 0));
        EXPECT_EQ(table->item(row, 3)->text(), format::money(option.cost, s.goal.currency));
    }
    EXPECT_EQ(table->item(1, 1)->text(), QStringLiteral("1,093"));

    // Unrelated edits answer from the cache; the simulation's own inputs re-run it.
    const int runs = doc->jobs()->simulation()->runsStarted();
    window->inputs()->nameEdit()->setText(QStringLiteral("renamed"));
    window->inputs()->nameEdit()->editingFinished();
    Scenario renamed = doc->scenario();
    renamed.notes = QStringLiteral("a note");
    renamed.microbatches = 16;
    ASSERT_TRUE(doc->edit(renamed, QStringLiteral("unrelated")));
    QTest::qWait(250);
    EXPECT_EQ(doc->jobs()->simulation()->runsStarted(), runs);
    tail->stragglerControl()->spinBox()->setValue(0.05);
    ASSERT_TRUE(waitForSimulation(tail, doc));
    EXPECT_EQ(doc->jobs()->simulation()->runsStarted(), runs + 1);
    EXPECT_GT(doc->jobs()->simulation()->result()->p50Seconds, core.p50Seconds);
}

// Issue 32: a file of version 5 holding the old default stragglers (1 % at 3x, written whether
// set or not) opens without them, the straggler chance unticked, and the window says so.
TEST_F(WindowTest, AnOldFilesDefaultStragglersOpenAsNoneAndTheWindowSaysSo)
{
    QFile preset(presetPath("nightly-scoring.json"));
    ASSERT_TRUE(preset.open(QIODevice::ReadOnly));
    QJsonObject root = QJsonDocument::fromJson(preset.readAll()).object();
    root.insert(QStringLiteral("version"), 5);
    root.insert(QStringLiteral("simulation"), QJsonObject{{QStringLiteral("straggler_prob"), 0.01},
                                                          {QStringLiteral("straggler_factor"), 3},
                                                          {QStringLiteral("failure_prob"), 0}});
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("old.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(root).toJson());
    file.close();
    ASSERT_TRUE(window->openFile(path));
    EXPECT_EQ(doc->scenario().simulation.stragglerProbability, 0);
    EXPECT_TRUE(window->statusBar()->currentMessage().contains(
        QStringLiteral("Stragglers: this file of version 5 held the old default")))
        << window->statusBar()->currentMessage().toStdString();
    window->workspaces()->setCurrentIndex(1);
    ValueControl *straggler = window->tailPanel()->stragglerControl();
    EXPECT_FALSE(straggler->isEnabledValue());
    // Ticked, it starts at 1 % of shards: one named undo step.
    straggler->checkBox()->click();
    EXPECT_EQ(doc->scenario().simulation.stragglerProbability, 0.01);
    EXPECT_EQ(doc->undoStack()->undoText(), QStringLiteral("Simulate stragglers"));
}

TEST_F(WindowTest, OversizedBatchIsFlagged)
{
    Scenario s = doc->scenario();
    s.memory.acceleratorMemoryBytes = 16.0 * (1ULL << 30);
    s.memory.batchItems = 400;
    ASSERT_TRUE(doc->edit(s, QStringLiteral("memory")));
    window->workspaces()->setCurrentIndex(1);
    const QLabel *memory = window->tailPanel()->memoryLabel();
    EXPECT_TRUE(memory->text().startsWith(QStringLiteral("A batch of 400 items does not fit")));
    EXPECT_TRUE(memory->styleSheet().contains(QStringLiteral("c62828")));
    s.memory.batchItems = 300;
    ASSERT_TRUE(doc->edit(s, QStringLiteral("memory")));
    EXPECT_TRUE(memory->text().startsWith(QStringLiteral("Largest batch that fits: 307 items")));
}

TEST_F(WindowTest, AJobTooFineToSimulateSaysWhy)
{
    Scenario s = doc->scenario();
    s.overheads.usersPerShard = 1; // 150M shards: over the simulation's 100M
    ASSERT_TRUE(doc->edit(s, QStringLiteral("fine shards")));
    window->workspaces()->setCurrentIndex(1);
    QTest::qWait(250);
    EXPECT_FALSE(doc->jobs()->simulation()->isRunning());
    EXPECT_EQ(window->tailPanel()->simulationStatus()->text(),
              QStringLiteral(
                  "This scenario cannot be simulated: shards: is too large: at most "
                  "100000000, got 150000000 (cut it into fewer shards with more users per shard)"));
}

// Issue 51 (one owner of background jobs): the document starts, delivers and announces the
// simulation; the tail panel draws the result the document holds once it says the job finished.
TEST_F(WindowTest, TheTailPanelShowsTheDocumentsResultWhenItsJobFinishes)
{
    // Its deadline is in force: the document simulates it as soon as it opens.
    QSignalSpy started(doc, &ScenarioDocument::jobStarted);
    QSignalSpy finished(doc, &ScenarioDocument::jobFinished);
    ASSERT_TRUE(window->openFile(presetPath("feature-store-cap.json")));
    TailPanel *tail = simulateFewTrials();
    ASSERT_NE(tail, nullptr);
    ASSERT_GE(started.count(), 1);
    EXPECT_EQ(started.first().at(0).value<Job>(), Job::Simulation);
    ASSERT_GE(finished.count(), 1);
    EXPECT_EQ(finished.last().at(0).value<Job>(), Job::Simulation);
    EXPECT_FALSE(doc->isJobRunning(Job::Simulation));
    EXPECT_FALSE(doc->anyJobRunning());

    // What the panel shows is the document's result, not a run of its own.
    const SimulatedTail *simulated = doc->planResult().simulation.ready();
    ASSERT_NE(simulated, nullptr);
    EXPECT_EQ(simulated->result, *doc->jobs()->simulation()->result());
    EXPECT_TRUE(
        tail->simulationSummary()->text().contains(format::duration(simulated->result.p90Seconds)));
    EXPECT_EQ(tail->histogram()->markerText(0),
              QStringLiteral("P50 ") + format::duration(simulated->result.p50Seconds));
    EXPECT_EQ(tail->simulationStatus()->text(),
              QStringLiteral("100 trials, seed %1")
                  .arg(format::grouped(doc->scenario().simulation.seed, 0)));
    const goalseek::Result *goal = doc->planResult().goalSeek.ready();
    ASSERT_NE(goal, nullptr);
    EXPECT_EQ(tail->goalTable()->rowCount(), static_cast<int>(goal->options.size()));
}

// Issue 51: the tail panel's Cancel asks the document, which stops its job at once; the result's
// sections go back to "not asked", and the same plan runs again only when asked.
TEST_F(WindowTest, TheTailPanelsCancelStopsTheDocumentsJob)
{
    Scenario s = doc->scenario();
    s.workload.users = 100e6;
    s.overheads.usersPerShard = 1; // 100M shards a trial, 100,000 trials: hours of work
    s.simulation.trials = 100'000;
    ASSERT_TRUE(doc->edit(s, QStringLiteral("a job that runs for hours")));
    QSignalSpy cancelled(doc, &ScenarioDocument::jobCancelled);
    window->workspaces()->setCurrentIndex(1);
    TailPanel *tail = window->tailPanel();
    ASSERT_TRUE(QTest::qWaitFor([this]() { return doc->isJobRunning(Job::Simulation); }, 5'000));
    EXPECT_EQ(doc->planResult().simulation.state, JobState::Running);
    QPushButton *cancel = nullptr;
    for (QPushButton *button : tail->findChildren<QPushButton *>())
        if (button->text() == QStringLiteral("Cancel"))
            cancel = button;
    ASSERT_NE(cancel, nullptr);
    // Progress and Cancel appear once the run takes longer than a blink.
    ASSERT_TRUE(QTest::qWaitFor([cancel]() { return cancel->isVisible(); }, 5'000));
    const int runs = doc->jobRunsStarted(Job::Simulation);
    QTest::mouseClick(cancel, Qt::LeftButton);
    // Stopped when the click returns, and said so.
    EXPECT_FALSE(doc->isJobRunning(Job::Simulation));
    EXPECT_FALSE(doc->jobs()->simulation()->isRunning());
    ASSERT_EQ(cancelled.count(), 1);
    EXPECT_EQ(cancelled.first().at(0).value<Job>(), Job::Simulation);
    EXPECT_EQ(doc->planResult().simulation.state, JobState::NotAsked);
    // The plan sets no deadline: its goal seek is no job at all, before or after.
    EXPECT_EQ(doc->planResult().goalSeek.state, JobState::Failed);
    EXPECT_FALSE(cancel->isVisible());
    EXPECT_EQ(tail->simulationStatus()->text(),
              QStringLiteral("Cancelled: the results shown are from the previous run."));
    QTest::qWait(250);
    EXPECT_FALSE(doc->isJobRunning(Job::Simulation));
    EXPECT_EQ(doc->jobRunsStarted(Job::Simulation), runs);
    window->workspaces()->setCurrentIndex(0);
}

namespace {
QString runTool(const QString &program, const QStringList &args)
{
    QProcess process;
    process.start(program, args);
    if (!process.waitForFinished(60'000) || process.exitCode() != 0)
        return QStringLiteral("<%1 failed: %2>")
            .arg(program, QString::fromUtf8(process.readAllStandardError()));
    return QString::fromUtf8(process.readAllStandardOutput());
}
} // namespace

// The issue's checks on every preset's report: all vector (no raster images), fonts embedded,
// and every number of the scaling table, as the window formats it, in the text.
TEST_F(WindowTest, ReportOfEveryPresetIsVectorWithEmbeddedFontsAndTheTablesNumbers)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    for (const char *name :
         {"nightly-scoring.json", "pruned-accelerated.json", "seed001-pipeline.json",
          "five-stage.json", "feature-store-cap.json", "training-schedules.json"}) {
        ASSERT_TRUE(window->openFile(presetPath(name))) << name;
        const QString pdf = dir.filePath(QLatin1String(name) + QStringLiteral(".pdf"));
        QString error;
        ASSERT_TRUE(window->exportReport(pdf, &error)) << error.toStdString();

        const QStringList images =
            runTool(QStringLiteral("pdfimages"), {QStringLiteral("-list"), pdf})
                .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        EXPECT_EQ(images.size(), 2) << name << ": " << images.join(QLatin1Char('\n')).toStdString();

        const QStringList fonts =
            runTool(QStringLiteral("pdffonts"), {pdf}).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        ASSERT_GE(fonts.size(), 3) << name; // two header lines and at least one font
        for (qsizetype i = 2; i < fonts.size(); ++i) {
            const QStringList columns = fonts[i].split(QLatin1Char(' '), Qt::SkipEmptyParts);
            ASSERT_GE(columns.size(), 5);
            EXPECT_EQ(columns[columns.size() - 5], QStringLiteral("yes"))
                << name << ": not embedded: " << fonts[i].toStdString();
        }

        const QString text = runTool(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
        EXPECT_TRUE(text.contains(doc->scenario().name.left(20))) << name;
        EXPECT_TRUE(text.contains(QStringLiteral("Page 1 of "))) << name;
        EXPECT_TRUE(text.contains(QStringLiteral("Formulas used"))) << name;
        const ScalingTableModel *model = window->scaling()->model();
        // pdftotext drops the space between one digit and its unit ("2 s" reads "2s") where the
        // gap is narrower than its word-break guess: the cells are compared without spaces.
        const QString words = QString(text).remove(QLatin1Char(' '));
        for (int r = 0; r < model->rowCount(); ++r) {
            for (int c = 0; c < ScalingTableModel::ColumnCount; ++c)
                EXPECT_TRUE(words.contains(cell(r, c).remove(QLatin1Char(' '))))
                    << name << " row " << r << " column " << c << ": " << cell(r, c).toStdString();
        }
        EXPECT_TRUE(text.contains(window->headline()->valueText(HeadlineWidget::Runtime)));
        // The training schedules, as the workspace's table shows them: only where the file has a
        // training pipeline of its own (issue 19: no workspace example in a planning document).
        const bool training = QLatin1String(name) == QLatin1String("training-schedules.json");
        EXPECT_EQ(text.contains(QStringLiteral("Training pipeline schedules")), training) << name;
        EXPECT_FALSE(text.contains(QStringLiteral("Project estimate"))) << name;
        EXPECT_FALSE(text.contains(QStringLiteral("Labeling"))) << name;
        if (!training)
            continue;
        window->workspaces()->setCurrentIndex(2);
        const QTableWidget *schedules = window->trainingPanel()->comparisonTable();
        ASSERT_GE(schedules->rowCount(), 1) << name;
        for (int r = 0; r < schedules->rowCount(); ++r) {
            for (int c = 0; c < schedules->columnCount(); ++c)
                EXPECT_TRUE(text.contains(schedules->item(r, c)->text()))
                    << name << " schedule row " << r << ": "
                    << schedules->item(r, c)->text().toStdString();
        }
        window->workspaces()->setCurrentIndex(0);
    }
}

TEST_F(WindowTest, ScalingTableCsvParsesBackToTheTablesValues)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("scaling.csv"));
    const std::vector<QStringList> rows = explain::scalingTableRows(doc->result().scaling);
    ASSERT_TRUE(chartexport::saveCsv(rows, path).isEmpty());
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const std::optional<std::vector<QStringList>> parsed =
        csv::parse(QString::fromUtf8(file.readAll()));
    ASSERT_TRUE(parsed.has_value());
    ASSERT_EQ(parsed->size(), 8u); // the header and seed 000's seven worker counts
    const ScalingTableModel *model = window->scaling()->model();
    for (int r = 0; r < model->rowCount(); ++r) {
        for (int c = 0; c < ScalingTableModel::ColumnCount; ++c)
            EXPECT_EQ((*parsed)[static_cast<size_t>(r) + 1][c], cell(r, c));
    }
    EXPECT_EQ((*parsed)[1][0], QStringLiteral("100"));
    EXPECT_EQ((*parsed)[1][1], QStringLiteral("8,333.33")); // quoted: it holds a comma
    // Tab-separated text pastes into a spreadsheet's cells.
    const QString tsv = csv::tabSeparated(rows);
    EXPECT_TRUE(tsv.startsWith(QStringLiteral("Workers\tLinear (h)\t")));
    EXPECT_TRUE(tsv.contains(QStringLiteral("\n100\t8,333.33\t347.22\t")));
}

TEST_F(WindowTest, ChartsExportAsVectorPdfSvgAndPng)
{
    QTemporaryDir dir;
    const QSize size(640, 360);
    const QPicture picture = chartexport::recordPlot(window->amdahlChart(), size);
    const QString pdf = dir.filePath(QStringLiteral("amdahl.pdf"));
    const QString svg = dir.filePath(QStringLiteral("amdahl.svg"));
    const QString png = dir.filePath(QStringLiteral("amdahl.png"));
    ASSERT_TRUE(chartexport::savePdf(picture, size, pdf, QStringLiteral("Amdahl")).isEmpty());
    ASSERT_TRUE(chartexport::saveSvg(picture, size, svg, QStringLiteral("Amdahl")).isEmpty());
    ASSERT_TRUE(chartexport::savePng(picture, size, 2, png).isEmpty());
    EXPECT_EQ(runTool(QStringLiteral("pdfimages"), {QStringLiteral("-list"), pdf})
                  .split(QLatin1Char('\n'), Qt::SkipEmptyParts)
                  .size(),
              2);
    EXPECT_TRUE(runTool(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")})
                    .contains(QStringLiteral("workers N (log)")));
    QFile svgFile(svg);
    ASSERT_TRUE(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    EXPECT_TRUE(svgText.contains("<svg"));
    EXPECT_TRUE(svgText.contains("workers N (log)"));
    const QImage image(png);
    EXPECT_EQ(image.size(), size * 2);
    // The stage chart (Qt Charts) records too.
    const QPicture stages = chartexport::recordChartView(window->stageChart(), size);
    EXPECT_FALSE(stages.isNull());
}

TEST(CliReport, WritesThePdfAndRefusesBadInput)
{
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("out.pdf"));
    QString out;
    QString err;
    QTextStream outStream(&out);
    QTextStream errStream(&err);
    EXPECT_EQ(cli::runReport({presetPath("seed001-pipeline.json"), QStringLiteral("-o"), pdf,
                              QStringLiteral("--page"), QStringLiteral("letter")},
                             outStream, errStream),
              0);
    EXPECT_TRUE(QFileInfo::exists(pdf));
    EXPECT_TRUE(runTool(QStringLiteral("pdfinfo"), {pdf}).contains(QStringLiteral("(letter)")));
    errStream.flush();
    EXPECT_EQ(cli::runReport({presetPath("seed001-pipeline.json")}, outStream, errStream), 2);
    EXPECT_EQ(cli::runReport({presetPath("seed001-pipeline.json"), QStringLiteral("-o"), pdf,
                              QStringLiteral("--page"), QStringLiteral("a3")},
                             outStream, errStream),
              2);
    errStream.flush();
    EXPECT_TRUE(err.contains(QStringLiteral("pipeplan-cli report: -o: required")));
    EXPECT_TRUE(err.contains(QStringLiteral("--page: must be a4 or letter, got 'a3'")));
}

TEST_F(WindowTest, PresentationModeAndThemesRestyleEverythingAndUndoCleanly)
{
    const double baseFont = QApplication::font().pointSizeF();
    const double basePen = window->amdahlChart()->amdahlGraph()->pen().widthF();
    appearance::Look look;
    look.presentation = true;
    window->setLook(look);
    EXPECT_DOUBLE_EQ(QApplication::font().pointSizeF(),
                     baseFont * appearance::kPresentationFontScale);
    EXPECT_DOUBLE_EQ(window->amdahlChart()->amdahlGraph()->pen().widthF(), basePen * 2);
    EXPECT_EQ(QApplication::palette().color(QPalette::Text), QColor(Qt::black));
    EXPECT_FALSE(window->inputs()->isVisibleTo(window.get()));
    QApplication::processEvents(); // font changes reach the widgets as events
    EXPECT_DOUBLE_EQ(window->headline()->valueFont().pointSizeF(),
                     baseFont * appearance::kPresentationFontScale * 1.35);
    // Twice on is still 2x: widths come from the chart's own, never compound.
    window->setLook(look);
    EXPECT_DOUBLE_EQ(window->amdahlChart()->amdahlGraph()->pen().widthF(), basePen * 2);

    look.presentation = false;
    look.theme = appearance::Theme::Dark;
    window->setLook(look);
    EXPECT_DOUBLE_EQ(QApplication::font().pointSizeF(), baseFont);
    EXPECT_DOUBLE_EQ(window->amdahlChart()->amdahlGraph()->pen().widthF(), basePen);
    EXPECT_TRUE(appearance::isDark(QApplication::palette()));
    EXPECT_LT(window->amdahlChart()->toPixmap(80, 60).toImage().pixelColor(1, 1).lightness(), 60);
    EXPECT_TRUE(window->inputs()->isVisibleTo(window.get()));

    look.theme = appearance::Theme::Light;
    window->setLook(look);
    EXPECT_FALSE(appearance::isDark(QApplication::palette()));
    EXPECT_EQ(window->amdahlChart()->toPixmap(80, 60).toImage().pixelColor(1, 1),
              QColor(Qt::white));
    look.theme = appearance::Theme::System;
    window->setLook(look);
}

namespace {
QStringList texts(std::initializer_list<const char *> items)
{
    QStringList list;
    for (const char *item : items)
        list << QString::fromUtf8(item);
    return list;
}

/// The training workspace's comparison table as text, one row per schedule.
std::vector<QStringList> scheduleRows(const TrainingPanel *panel)
{
    std::vector<QStringList> rows = chartexport::tableRows(panel->comparisonTable());
    rows.erase(rows.begin());
    return rows;
}
} // namespace

// The training preset: four schedules stacked on one time axis, their makespan, bubble and peak
// memory side by side, exactly the published forms for F = B = W = 10 ms, p = 4, m = 8.
TEST_F(WindowTest, TrainingWorkspaceComparesSchedulesWithTheirBubblesAndMemory)
{
    ASSERT_TRUE(window->openFile(presetPath("training-schedules.json")));
    window->workspaces()->setCurrentIndex(2);
    TrainingPanel *panel = window->trainingPanel();
    const std::vector<QStringList> rows = scheduleRows(panel);
    ASSERT_EQ(rows.size(), 4u);
    // 1F1B (m+p-1)(F+B+W) = 330; ZB-H1 m(F+B+W) + (p-1)(F+B-W) = 270, a third of the bubble;
    // interleaved m(F+B+W) + (p-1)(F+B+W)/v = 285; GPipe 330 holding all 8 microbatches.
    EXPECT_EQ(rows[0], texts({"1F1B", "330 ms", "27.3 %", "0.375", "4", "96"}));
    EXPECT_EQ(rows[1], texts({"ZB-H1", "270 ms", "11.1 %", "0.125", "4", "96"}));
    EXPECT_EQ(rows[2], texts({"Interleaved 1F1B", "285 ms", "15.8 %", "0.188", "5.5", "192"}));
    EXPECT_EQ(rows[3], texts({"GPipe", "330 ms", "27.3 %", "0.375", "8", "96"}));
    EXPECT_TRUE(panel->ganttChart()->laneCaption(1).startsWith(QStringLiteral("ZB-H1: 270 ms")))
        << panel->ganttChart()->laneCaption(1).toStdString();
    EXPECT_FALSE(panel->compareBox(schedule::Kind::OneFOneB)->isEnabled()); // the chosen one

    // Every op is drawn, every one wide enough for its microbatch number at this size.
    panel->ganttChart()->resize(1200, 700);
    panel->ganttChart()->replot();
    EXPECT_EQ(panel->ganttChart()->ops()->drawnOps(), 96 + 96 + 192 + 96);
    EXPECT_GT(panel->ganttChart()->ops()->drawnLabels(), 96);

    // The memory chart: one step line per device of 1F1B, device 1 peaking at p = 4.
    ScheduleMemoryChart *memory = panel->memoryChart();
    ASSERT_EQ(memory->graphCount(), 4);
    double peak = 0;
    for (auto it = memory->graph(0)->data()->begin(); it != memory->graph(0)->data()->end(); ++it)
        peak = std::max(peak, it->value);
    EXPECT_EQ(peak, 4);
}

// Sliders, picker and compare boxes edit the document (undoable) and the views follow; bad
// combinations explain themselves; unrelated edits do not recompute.
TEST_F(WindowTest, TrainingInputsAreLiveUndoableAndCached)
{
    ASSERT_TRUE(window->openFile(presetPath("training-schedules.json")));
    window->workspaces()->setCurrentIndex(2);
    TrainingPanel *panel = window->trainingPanel();
    const int computed = panel->computeCount();

    // Workers on the Model tab have nothing to do with the training pipeline: no recompute.
    Scenario s = doc->scenario();
    s.workload.workers = 77;
    ASSERT_TRUE(doc->edit(s, QStringLiteral("unrelated")));
    EXPECT_EQ(panel->computeCount(), computed);

    panel->devicesControl()->spinBox()->setValue(8);
    EXPECT_EQ(doc->scenario().training.devices, 8);
    EXPECT_EQ(panel->computeCount(), computed + 1);
    EXPECT_EQ(scheduleRows(panel)[0][1], QStringLiteral("450 ms")); // (8 + 8 - 1) x 30
    doc->undoStack()->undo();
    EXPECT_EQ(scheduleRows(panel)[0][1], QStringLiteral("330 ms"));

    // 6 microbatches on 4 devices: interleaved cannot run and says why; the others still draw.
    panel->microbatchesControl()->spinBox()->setValue(6);
    EXPECT_TRUE(panel->messageLabel()->isVisibleTo(panel));
    EXPECT_TRUE(panel->messageLabel()->text().contains(
        QStringLiteral("Interleaved 1F1B cannot run: microbatches: the interleaved schedule needs "
                       "a multiple of the 4 devices (got 6)")))
        << panel->messageLabel()->text().toStdString();
    EXPECT_EQ(scheduleRows(panel).size(), 3u);
    doc->undoStack()->undo();
    EXPECT_FALSE(panel->messageLabel()->isVisibleTo(panel));

    // Weight gradients off: B carries the whole backward, two ops per microbatch and device.
    panel->weightControl()->checkBox()->setChecked(false);
    EXPECT_EQ(doc->scenario().training.weightMs, std::vector<double>{0});
    EXPECT_EQ(scheduleRows(panel)[0][5], QStringLiteral("64"));
    EXPECT_EQ(scheduleRows(panel)[0][1], QStringLiteral("220 ms")); // (8 + 3) x 20
    doc->undoStack()->undo();

    // Pick GPipe first and compare with nothing: one lane, GPipe's.
    panel->schedulePicker()->setCurrentIndex(0);
    emit panel->schedulePicker()->activated(0);
    EXPECT_EQ(doc->scenario().training.schedule, schedule::Kind::GPipe);
    for (schedule::Kind kind : schedule::kAllKinds) {
        if (panel->compareBox(kind)->isEnabled())
            panel->compareBox(kind)->setChecked(false);
    }
    EXPECT_TRUE(doc->scenario().training.compare.empty());
    ASSERT_EQ(scheduleRows(panel).size(), 1u);
    EXPECT_EQ(scheduleRows(panel)[0][0], QStringLiteral("GPipe"));
    EXPECT_EQ(panel->schedules()->size(), 1u);
    // Each of those was one undo step; undoing them all restores the preset's comparison.
    while (doc->scenario().training.schedule != schedule::Kind::OneFOneB)
        doc->undoStack()->undo();
    EXPECT_EQ(scheduleRows(panel).size(), 4u);
}

namespace {
/// Waits for the project workspace's Monte Carlo to finish (it runs in the background).
bool waitForEstimate(const ProjectPanel *panel)
{
    if (!QTest::qWaitFor([panel]() { return !panel->isRunning(); }, 60000))
        return false;
    QTest::qWait(60); // the poll that delivers it
    return !panel->isRunning() && panel->planEstimate().has_value();
}

QString tableText(const QTableView *table, int row, int column)
{
    return table->model()->data(table->model()->index(row, column)).toString();
}

/// Types `text` into a cell as the view's editor commits it: the model's setData.
void typeInto(QTableView *table, int row, int column, const QString &text)
{
    table->model()->setData(table->model()->index(row, column), text);
}
} // namespace

// Seed 003's OCR project: PERT along the critical path, the Monte Carlo with and without
// buffers as the core computes them, the labeling example's hours and the job ETA.
TEST_F(WindowTest, ProjectWorkspaceShowsPertMonteCarloLabelingAndEta)
{
    window->workspaces()->setCurrentIndex(3);
    ProjectPanel *panel = window->projectPanel();
    ASSERT_TRUE(waitForEstimate(panel));
    const ProjectSettings &p = doc->scenario().project;
    // The window's run is the plan's: with the criticality, the tornado and the task ranges.
    estimate::MonteCarloOptions risk = p.monteCarlo;
    risk.tornado = true;
    risk.taskRanges = true;
    const estimate::PlanEstimate core = estimate::estimatePlan(p.tasks, p.buffers, risk);
    EXPECT_EQ(*panel->planEstimate(), core);
    EXPECT_EQ(core, projectEstimate(p, doc->planResult().project));
    const QTableWidget *results = panel->resultTable();
    // Critical path 1, 2, 4, 5, 6, 7: 1.5 + 5.33 + 4.17 + 2.5 + 3 + 1.5 = 18 weeks; with the
    // labeling and training buffers and 15 % contingency, 24 weeks.
    EXPECT_EQ(tableText(results, 0, 0), QStringLiteral("18 weeks"));
    EXPECT_EQ(tableText(results, 0, 1), QStringLiteral("24 weeks"));
    const double largest = core.monteCarloBuffered.maxHours;
    EXPECT_EQ(tableText(results, 3, 0), planDuration(core.monteCarlo.p50Hours, largest));
    EXPECT_EQ(tableText(results, 5, 1), planDuration(core.monteCarloBuffered.p90Hours, largest));
    EXPECT_EQ(panel->estimateChart()->markerText(1),
              QStringLiteral("P90 ") +
                  planDuration(core.monteCarlo.p90Hours, core.monteCarlo.maxHours));
    EXPECT_EQ(tableText(panel->taskTable(), 1, ProjectPanel::PertMean),
              QStringLiteral("5.33 weeks"));
    // Seed 003's labeling example: 4,750 h, 475 h of QC at 10 %, 6,270 h with 20 % contingency.
    EXPECT_TRUE(panel->labelingResult()->text().contains(QStringLiteral("<b>4,750 h</b>")));
    EXPECT_TRUE(panel->labelingResult()->text().contains(QStringLiteral("475 h")));
    EXPECT_TRUE(panel->labelingResult()->text().contains(QStringLiteral("<b>6,270 h</b>")));
    // 1.2M samples x 3 epochs at 1,200/s: 50 minutes, 75 requested, one checkpoint per 30 min.
    EXPECT_TRUE(panel->etaResult()->text().contains(QStringLiteral("ETA <b>50 minutes</b>")))
        << panel->etaResult()->text().toStdString();
    EXPECT_TRUE(panel->etaResult()->text().contains(QStringLiteral("<b>75 minutes</b>")));
}

// Bad cells are refused with the field named and the document untouched; shares that do not sum
// to 1 can be normalized; unrelated edits never re-run the Monte Carlo.
TEST_F(WindowTest, ProjectEditsAreValidatedUndoableAndCached)
{
    window->workspaces()->setCurrentIndex(3);
    ProjectPanel *panel = window->projectPanel();
    ASSERT_TRUE(waitForEstimate(panel));
    const int runs = panel->runsStarted();
    const Scenario before = doc->scenario();

    Scenario unrelated = doc->scenario();
    unrelated.workload.workers = 123;
    ASSERT_TRUE(doc->edit(unrelated, QStringLiteral("unrelated")));
    EXPECT_EQ(panel->runsStarted(), runs);

    // Pessimistic below optimistic: refused, named, nothing changes.
    typeInto(panel->taskTable(), 2, ProjectPanel::Pessimistic, QStringLiteral("1"));
    EXPECT_TRUE(
        panel->messageLabel()->text().contains(QStringLiteral("project.tasks[2].pessimistic")))
        << panel->messageLabel()->text().toStdString();
    EXPECT_EQ(doc->scenario().project, before.project);
    EXPECT_EQ(tableText(panel->taskTable(), 2, ProjectPanel::Pessimistic), QStringLiteral("4"));

    // A valid edit re-runs it; undo restores the task.
    typeInto(panel->taskTable(), 2, ProjectPanel::Pessimistic, QStringLiteral("9"));
    EXPECT_EQ(doc->scenario().project.tasks[2].pessimistic, 9);
    EXPECT_EQ(panel->runsStarted(), runs + 1);
    ASSERT_TRUE(waitForEstimate(panel));
    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().project.tasks[2].pessimistic, 4);

    // Shares 60 % + 30 %: refused, and Normalize turns them into 2/3 and 1/3.
    panel->strataTable()->item(0, 1)->setText(QStringLiteral("60"));
    EXPECT_TRUE(panel->messageLabel()->text().contains(QStringLiteral("shares sum to")))
        << panel->messageLabel()->text().toStdString();
    ASSERT_TRUE(panel->normalizeButton()->isVisibleTo(panel));
    panel->normalizeButton()->click();
    EXPECT_NEAR(*doc->scenario().project.labeling.strata[0].share, 2.0 / 3.0, 1e-12);
    EXPECT_NEAR(*doc->scenario().project.labeling.strata[1].share, 1.0 / 3.0, 1e-12);
    EXPECT_FALSE(panel->normalizeButton()->isVisibleTo(panel));

    // The labeling buffer slider changes the buffered plan.
    panel->labelingBufferControl()->spinBox()->setValue(50);
    EXPECT_DOUBLE_EQ(doc->scenario().project.buffers.labeling, 0.5);
    ASSERT_TRUE(waitForEstimate(panel));
    EXPECT_EQ(panel->planEstimate()->pertBuffered.meanHours,
              estimate::scaled(estimate::pert(estimate::withBuffers(
                                   doc->scenario().project.tasks, doc->scenario().project.buffers)),
                               1.15)
                  .meanHours);

    // Estimated vs actual: the MdAPE of the log.
    Scenario logged = doc->scenario();
    logged.project.actuals = {{QStringLiteral("a"), 10, 12.5},
                              {QStringLiteral("b"), 100, 80},
                              {QStringLiteral("c"), 30, 30}};
    ASSERT_TRUE(doc->edit(logged, QStringLiteral("log")));
    // Errors 20 %, 25 %, 0 %: the median is 20 %.
    EXPECT_TRUE(panel->accuracyResult()->text().contains(QStringLiteral("<b>20 %</b>")))
        << panel->accuracyResult()->text().toStdString();
    EXPECT_EQ(tableText(panel->actualsTable(), 1, 3), QStringLiteral("25 %"));
    EXPECT_EQ(panel->accuracyChart()->points()->dataCount(), 3);
}

// Issue 16: the tail explains its gaps. The label shows the core's breakdown from the headline
// to the simulated P50 and P90, cached with the run, and the report prints the same rows.
TEST_F(WindowTest, TailBreakdownShowsTheCoresStepsAndGoesIntoTheReport)
{
    ASSERT_TRUE(window->openFile(presetPath("feature-store-cap.json")));
    TailPanel *tail = simulateFewTrials();
    ASSERT_NE(tail, nullptr);
    const Scenario &s = doc->scenario();
    const ScenarioResult r = evaluate(s);
    const tail::Breakdown core =
        tail::fromHeadline(simulationParams(s, r), r.effectiveRuntimeSeconds);
    ASSERT_TRUE(doc->jobs()->simulation()->breakdown().has_value());
    EXPECT_EQ(*doc->jobs()->simulation()->breakdown(), core);
    EXPECT_EQ(core.startSeconds, 1905); // the headline: 31.75 minutes
    EXPECT_EQ(window->headline()->valueText(HeadlineWidget::Runtime),
              format::duration(core.startSeconds));
    EXPECT_EQ(core.p50Seconds, doc->jobs()->simulation()->result()->p50Seconds);

    QLabel *label = tail->findChild<QLabel *>(QStringLiteral("tailBreakdown"));
    ASSERT_EQ(label, tail->breakdownLabel());
    // The rich text as lines: one per table row, the cells separated by spaces.
    QString shown = label->text();
    shown.replace(QStringLiteral("</tr>"), QStringLiteral("\n"));
    shown.replace(QRegularExpression(QStringLiteral("<[^>]*>")), QStringLiteral(" "));
    shown.replace(QStringLiteral("&nbsp;"), QStringLiteral(" "));
    // The preset sets a shared cap: the headline is Amdahl's law with the overheads.
    const std::vector<QStringList> rows =
        explain::breakdownRows(core, QStringLiteral("Headline: Amdahl + overheads"));
    ASSERT_EQ(rows.size(), 6u); // header, headline, shards, stragglers, failures, simulated
    // One line per row, its cells in order, as formatted by format::duration.
    QStringList lines = shown.split(QLatin1Char('\n'));
    lines.removeIf([](const QString &line) { return line.trimmed().isEmpty(); });
    ASSERT_EQ(lines.size(), static_cast<qsizetype>(rows.size())) << shown.toStdString();
    for (size_t i = 0; i < rows.size(); ++i) {
        const QString line = lines[static_cast<qsizetype>(i)].simplified();
        EXPECT_EQ(line, rows[i].join(QLatin1Char(' ')).simplified()) << i;
    }
    EXPECT_TRUE(shown.contains(QStringLiteral("31.75 minutes")));
    EXPECT_TRUE(shown.contains(QStringLiteral("+3.83 minutes"))); // 31.75 to 35.58 minutes
    EXPECT_TRUE(shown.contains(format::signedDuration(core.toP50[1].seconds))); // stragglers

    // An edit the simulation does not depend on keeps the cached breakdown without a run.
    const int runs = doc->jobs()->simulation()->runsStarted();
    Scenario renamed = doc->scenario();
    renamed.name = QStringLiteral("Renamed");
    ASSERT_TRUE(doc->edit(renamed, QStringLiteral("rename")));
    QTest::qWait(250);
    EXPECT_EQ(doc->jobs()->simulation()->runsStarted(), runs);
    EXPECT_EQ(*doc->jobs()->simulation()->breakdown(), core);

    // The report prints the same rows with the simulation.
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("tail.pdf"));
    QString error;
    ASSERT_TRUE(window->exportReport(pdf, &error)) << error.toStdString();
    const QString text = runTool(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
    EXPECT_TRUE(text.contains(QStringLiteral("Where the time goes")));
    for (const QStringList &row : rows) {
        for (const QString &cell : row)
            EXPECT_TRUE(text.contains(cell)) << cell.toStdString();
    }
}

// The default plan's "Where the time goes" read "No stragglers or failures (closed form): 698.98
// days" above "Headline (closed form) 697.85 days": one fact with two values, to a reader. Each
// is named by what it is: the simulation's job without a tail (whole shards) and the headline,
// Amdahl's law alone with no overheads set; "closed form" names neither total.
TEST_F(WindowTest, TheTailsTwoNoTailTotalsAreNamedApart)
{
    TailPanel *tail = simulateFewTrials();
    ASSERT_NE(tail, nullptr);
    ASSERT_TRUE(
        QTest::qWaitFor([tail]() { return !tail->breakdownLabel()->text().isEmpty(); }, 60000));
    const auto plain = [](QString html) {
        html.replace(QStringLiteral("</tr>"), QStringLiteral("\n"));
        html.replace(QRegularExpression(QStringLiteral("<[^>]*>")), QStringLiteral(" "));
        html.replace(QStringLiteral("&nbsp;"), QStringLiteral(" "));
        QStringList lines;
        for (const QString &line : html.split(QLatin1Char('\n')))
            if (!line.simplified().isEmpty())
                lines << line.simplified();
        return lines;
    };
    const QStringList summary = plain(tail->simulationSummary()->text());
    const QStringList breakdown = plain(tail->breakdownLabel()->text());
    EXPECT_TRUE(
        summary.contains(QStringLiteral("Whole shards, no stragglers or failures: 698.98 days")))
        << summary.join(QLatin1Char('|')).toStdString();
    ASSERT_GE(breakdown.size(), 2);
    EXPECT_EQ(breakdown[1], QStringLiteral("Headline: Amdahl alone 697.85 days 697.85 days"));
    EXPECT_EQ(window->headline()->valueText(HeadlineWidget::Runtime),
              QStringLiteral("697.85 days"));
    // Only a step (a signed difference, core's "Whole shards (closed form) +27.22 hours") may
    // still say "closed form"; no total does.
    for (const QString &line : summary + breakdown) {
        if (!line.contains(QLatin1Char('+'))) {
            EXPECT_FALSE(line.contains(QStringLiteral("closed form"))) << line.toStdString();
        }
    }
}

// The fewest-workers table stood empty under its headers when the plan had no deadline (the
// default). The empty table says in one line what fills it, naming the key that shows the
// inputs while they are hidden; a deadline fills it and the line goes.
TEST_F(WindowTest, TheEmptyGoalTableSaysWhatFillsIt)
{
    Scenario fewer = doc->scenario(); // fewer trials: the test also runs under ASan
    fewer.simulation.trials = 100;
    fewer.goal.trials = 20;
    ASSERT_TRUE(doc->edit(fewer, QStringLiteral("fewer trials")));
    ASSERT_FALSE(doc->scenario().goal.deadlineSeconds.has_value());
    window->workspaces()->setCurrentIndex(1);
    TailPanel *tail = window->tailPanel();
    ASSERT_TRUE(waitForSimulation(tail, doc));
    QTableWidget *table = tail->goalTable();
    QLabel *empty = tail->goalEmptyLabel();
    ASSERT_NE(empty, nullptr);
    EXPECT_EQ(table->rowCount(), 0);
    EXPECT_TRUE(empty->isVisible());
    EXPECT_FALSE(table->horizontalHeader()->isVisible());
    EXPECT_EQ(empty->text(), QStringLiteral("No deadline: set Finish within on the Model tab to "
                                            "see the fewest workers that meet it."));
    // Drawn inside the table, where the rows would be.
    EXPECT_TRUE(table->viewport()->rect().contains(
        QRect(empty->mapTo(table->viewport(), QPoint(0, 0)), empty->size())));

    tail->setInputsVisible(false);
    EXPECT_TRUE(empty->text().startsWith(QStringLiteral("No deadline: Ctrl+Shift+I shows the "
                                                        "inputs")))
        << empty->text().toStdString();
    tail->setInputsVisible(true);

    // A deadline fills the table: the line goes and the headers come back.
    Scenario withDeadline = doc->scenario();
    withDeadline.goal.deadlineSeconds = 3 * 365 * 86400.0;
    ASSERT_TRUE(doc->edit(withDeadline, QStringLiteral("deadline")));
    ASSERT_TRUE(waitForSimulation(tail, doc));
    ASSERT_TRUE(QTest::qWaitFor([table]() { return table->rowCount() > 0; }, 60000));
    EXPECT_FALSE(empty->isVisible());
    EXPECT_TRUE(table->horizontalHeader()->isVisible());
}

// Issue 17: the levers as seed 000 tells them. "Latency per prediction" is the job as it runs
// today (1,000 ms on a CPU); ticking the accelerator lever in the window starts it at the seed's
// 10 ms and the batching lever at 50 ms per user: each makes the job faster, one undo step each.
TEST_F(WindowTest, TickingEachLeverInTheWindowMakesTheJobFaster)
{
    InputsPanel *inputs = window->inputs();
    EXPECT_EQ(doc->scenario().workload.latencyMs, 1000);
    ValueControl *accelerator = inputs->acceleratorControl();
    ValueControl *batching = inputs->batchingControl();
    ASSERT_NE(accelerator->checkBox(), nullptr);
    ASSERT_NE(batching->checkBox(), nullptr);
    EXPECT_FALSE(accelerator->checkBox()->isChecked());
    EXPECT_EQ(accelerator->value(), 10); // where it starts, shown while off
    EXPECT_EQ(batching->value(), 50);

    const double today = doc->result().effectiveRuntimeSeconds;
    const int steps = doc->undoStack()->count();
    accelerator->checkBox()->click();
    EXPECT_EQ(doc->scenario().workload.acceleratorLatencyMs, std::optional<double>(10));
    EXPECT_EQ(doc->scenario().workload.latencyMs, 1000); // today's latency stays as typed
    const double accelerated = doc->result().effectiveRuntimeSeconds;
    EXPECT_DOUBLE_EQ(accelerated, today / 100);
    EXPECT_EQ(doc->undoStack()->count(), steps + 1);
    EXPECT_EQ(window->waterfallChart()->labelTexts().at(2),
              format::duration(doc->result().waterfall.at(2).runtimeSeconds));
    EXPECT_EQ(doc->result().waterfall.at(2).explanation,
              QStringLiteral("1,000 ms → 10 ms/prediction"));

    batching->checkBox()->click();
    EXPECT_EQ(doc->scenario().workload.batchMsPerUser, std::optional<double>(50));
    EXPECT_LT(doc->result().effectiveRuntimeSeconds, accelerated);
    doc->undoStack()->undo();
    doc->undoStack()->undo();
    EXPECT_EQ(doc->result().effectiveRuntimeSeconds, today);
    EXPECT_FALSE(accelerator->checkBox()->isChecked());
}

// Seed 000's lever preset reads its story step by step: 95.06 years, pre-filtering, the
// accelerator from 1,000 to 10 ms per prediction, batching (not used), workers: 25 minutes.
TEST_F(WindowTest, TheLeverPresetsWaterfallReadsTheSeedsStory)
{
    ASSERT_TRUE(window->openFile(presetPath("pruned-accelerated.json")));
    EXPECT_EQ(doc->scenario().workload.latencyMs, 1000);
    EXPECT_EQ(doc->scenario().workload.acceleratorLatencyMs, std::optional<double>(10));
    EXPECT_EQ(window->waterfallChart()->labelTexts(),
              (QStringList{QStringLiteral("95.06 years"), QStringLiteral("47.53 years"),
                           QStringLiteral("173.61 days"), QStringLiteral("unchanged"),
                           QStringLiteral("25 minutes")}));
    const std::vector<LeverStep> &steps = doc->result().waterfall;
    EXPECT_EQ(steps.at(2).name, QStringLiteral("Accelerator"));
    EXPECT_EQ(steps.at(2).explanation, QStringLiteral("1,000 ms → 10 ms/prediction"));
    EXPECT_EQ(window->headline()->valueText(HeadlineWidget::Runtime), QStringLiteral("25 minutes"));
    EXPECT_TRUE(window->inputs()->acceleratorControl()->checkBox()->isChecked());
    EXPECT_EQ(window->inputs()->latencyControl()->value(), 1000);
    EXPECT_EQ(window->inputs()->acceleratorControl()->value(), 10);
}

// Issue 32: a scenario and its report are suggested under one name: the plan's name in Documents
// until it is saved, then beside the saved file under the file's own name.
TEST(SuggestedNames, TheScenarioAndItsReportShareOneName)
{
    MainWindow window(MainWindow::Options::headless());
    Plan plan;
    plan.scenario.name = QStringLiteral("  Nightly scoring (seed 000)!");
    window.document()->load(plan, QString());
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    EXPECT_EQ(window.suggestedPath(QStringLiteral(".pipeplan.json")),
              documents + QStringLiteral("/nightly-scoring-seed-000.pipeplan.json"));
    EXPECT_EQ(window.suggestedPath(QStringLiteral(".pdf")),
              documents + QStringLiteral("/nightly-scoring-seed-000.pdf"));

    QTemporaryDir dir;
    const QString saved = dir.filePath(QStringLiteral("q4-plan.pipeplan.json"));
    window.document()->load(plan, saved);
    EXPECT_EQ(window.suggestedPath(QStringLiteral(".pipeplan.json")), saved);
    EXPECT_EQ(window.suggestedPath(QStringLiteral(".pdf")),
              dir.filePath(QStringLiteral("q4-plan.pdf")));
    EXPECT_EQ(window.suggestedPath(QStringLiteral(".md")),
              dir.filePath(QStringLiteral("q4-plan.md")));
    EXPECT_EQ(chartexport::fileStem(QStringLiteral("---")), QStringLiteral("untitled"));
}

namespace {
/// Clicks the button labelled `text` of the next modal message box, once it shows.
void answerNextMessageBox(const QString &text, QString *asked)
{
    QTimer::singleShot(0, [text, asked] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box) {
            answerNextMessageBox(text, asked);
            return;
        }
        *asked = box->text();
        for (QAbstractButton *button : box->buttons()) {
            if (button->text().remove(QLatin1Char('&')) == text)
                button->click();
        }
    });
}
} // namespace

// Issue 32: Import CSV asks before the file's tasks replace the table's; Cancel keeps them, and
// Replace is one undoable edit.
TEST(ImportTasks, AskBeforeReplacingAndUndoBringsThemBack)
{
    MainWindow window(MainWindow::Options::headless());
    ScenarioDocument *document = window.document();
    const auto before = document->scenario().project.tasks;
    ASSERT_FALSE(before.empty());
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("tasks.csv"));
    QFile file(csv);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("name,optimistic,most_likely,pessimistic\nDesign,2,4,8\nBuild,3,5,13\n");
    file.close();

    QString asked;
    answerNextMessageBox(QStringLiteral("Cancel"), &asked);
    EXPECT_FALSE(window.projectPanel()->importTasksFrom(csv));
    EXPECT_EQ(asked,
              QStringLiteral("Replace the %1 tasks in the table with the 2 tasks in tasks.csv?")
                  .arg(before.size()));
    EXPECT_EQ(document->scenario().project.tasks, before);

    answerNextMessageBox(QStringLiteral("Replace"), &asked);
    EXPECT_TRUE(window.projectPanel()->importTasksFrom(csv));
    ASSERT_EQ(document->scenario().project.tasks.size(), 2u);
    EXPECT_EQ(document->scenario().project.tasks[1].name, QStringLiteral("Build"));
    EXPECT_DOUBLE_EQ(document->scenario().project.tasks[1].pessimistic, 13);
    document->undoStack()->undo();
    EXPECT_EQ(document->scenario().project.tasks, before);
}

// Issue 32: the tail's currency field takes an ISO code (undoably) and refuses anything else at
// the field, keeping what was typed; the goal seek's cost column follows.
TEST(Currency, TheTailsFieldTakesACodeAndRefusesOtherText)
{
    MainWindow window(MainWindow::Options::headless());
    Plan plan;
    plan.scenario.goal.deadlineSeconds = 3600;
    window.document()->load(plan, QString());
    window.show();
    window.workspaces()->setCurrentIndex(1);
    TailPanel *tail = window.tailPanel();
    QComboBox *currency = tail->currencyBox();
    EXPECT_EQ(currency->currentText(), QStringLiteral("USD"));

    currency->setEditText(QStringLiteral("euro"));
    emit currency->lineEdit()->editingFinished();
    EXPECT_EQ(window.document()->scenario().goal.currency, QStringLiteral("USD"));
    EXPECT_TRUE(tail->currencyProblem()->isVisible());
    EXPECT_TRUE(tail->currencyProblem()->text().contains(QStringLiteral("'euro'")));
    EXPECT_EQ(currency->currentText(), QStringLiteral("euro"));

    currency->setEditText(QStringLiteral("eur"));
    emit currency->lineEdit()->editingFinished();
    EXPECT_EQ(window.document()->scenario().goal.currency, QStringLiteral("EUR"));
    EXPECT_FALSE(tail->currencyProblem()->isVisible());
    EXPECT_EQ(window.document()->undoStack()->undoText(), QStringLiteral("Change currency"));
    QTableWidget *table = tail->goalTable();
    for (int i = 0; i < 600 && table->rowCount() == 0; ++i)
        QTest::qWait(50);
    ASSERT_GT(table->rowCount(), 0);
    EXPECT_TRUE(table->horizontalHeaderItem(3)->text().startsWith(QStringLiteral("Cost at €")))
        << table->horizontalHeaderItem(3)->text().toStdString();
    window.document()->undoStack()->undo();
    EXPECT_EQ(window.document()->scenario().goal.currency, QStringLiteral("USD"));
    EXPECT_EQ(currency->currentText(), QStringLiteral("USD"));
}
