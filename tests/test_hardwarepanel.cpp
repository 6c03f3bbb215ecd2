// The Hardware & cost workspace (issue 33): the embedding job from the window alone, the
// calibration, the cost card and the cost column, all as core computed them.
#include "core/base/format.h"
#include "core/model/uncertainty.h"
#include "core/plan/explain.h"
#include "core/plan/hardwaretext.h"
#include "core/plan/reportplan.h"
#include "core/plan/scenariofile.h"
#include "core/plan/summary.h"
#include "tests/support/windowtest.h"
#include "ui/document/scenariobindings.h"
#include "ui/document/scenariodocument.h"
#include "ui/hardware/costchart.h"
#include "ui/hardware/hardwarepanel.h"
#include "ui/model/headlinewidget.h"
#include "ui/model/inputspanel.h"
#include "ui/model/overheadchart.h"
#include "ui/model/scalingtablemodel.h"
#include "ui/model/scalingview.h"
#include "ui/model/waterfallchart.h"
#include "ui/report/report.h"
#include "ui/tail/sensitivityview.h"
#include "ui/tail/tailpanel.h"
#include "ui/training/trainingpanel.h"
#include "ui/widgets/valuecontrol.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace pipeplan;

namespace {

/// What a person does in a value field: select it, type, Enter.
void enter(ValueControl *control, const QString &text)
{
    control->spinBox()->setFocus(Qt::MouseFocusReason);
    control->lineEdit()->selectAll();
    QTest::keyClicks(control->spinBox(), text);
    QTest::keyClick(control->spinBox(), Qt::Key_Return);
}

void pick(QComboBox *box, const QString &startsWith)
{
    for (int i = 0; i < box->count(); ++i) {
        if (box->itemText(i).startsWith(startsWith)) {
            box->setCurrentIndex(i);
            emit box->activated(i);
            return;
        }
    }
    ADD_FAILURE() << "no item " << startsWith.toStdString();
}

QString cell(const QTableWidget *table, int row, int column)
{
    const QTableWidgetItem *item = table->item(row, column);
    return item ? item->text() : QString();
}

} // namespace

// "Embed 500M documents with a 7B model on H100s; how many GPUs to finish in 24 h, and what
// does it cost at $2.50 per GPU-hour?" in nine actions from the default window.
TEST(HardwareWorkspace, TheEmbeddingJobFromTheWindowInFewerThanTenActions)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    HardwarePanel *panel = window.hardwarePanel();
    window.workspaces()->setCurrentIndex(5);               // 1
    panel->enabledBox()->click();                          // 2
    pick(panel->modelBox(), QStringLiteral("Llama 2 7B")); // 3 (H100 SXM is the default device)
    enter(panel->priceControl(), QStringLiteral("2.5"));   // 4
    window.workspaces()->setCurrentIndex(0);               // 5
    enter(window.inputs()->usersControl(), QStringLiteral("500M"));         // 6
    enter(window.inputs()->predictionsControl(), QStringLiteral("1"));      // 7
    enter(window.inputs()->parallelFractionControl(), QStringLiteral("1")); // 8
    window.inputs()->deadlineControl()->checkBox()->click();                // 9: 24 h
    const Scenario &s = window.document()->scenario();
    ASSERT_TRUE(s.hardware.enabled);
    ASSERT_EQ(s.workload.users, 500e6);
    ASSERT_EQ(s.workload.parallelFraction, 1);
    ASSERT_EQ(s.goal.deadlineSeconds, std::optional(24 * 3600.0));

    // The answer, read off the device table: the H100 row with its devices and bill.
    window.workspaces()->setCurrentIndex(5);
    QTest::qWait(20);
    const PlanResult &result = window.document()->planResult();
    const QTableWidget *devices = panel->devicesTable();
    int h100 = -1;
    for (int row = 0; row < devices->rowCount(); ++row) {
        if (cell(devices, row, 0) == QLatin1String("H100 SXM"))
            h100 = row;
    }
    ASSERT_GE(h100, 0);
    const DeviceOption &option = result.hardware.options[static_cast<size_t>(h100)];
    EXPECT_EQ(option.device.pricePerHour, 2.5);
    // 16 x 512 tokens of Llama 2 7B on an H100 at 60 % / 80 %: 12.98 ms per document, so
    // 500M x 12.98 ms = 1,803 GPU-hours; 76 GPUs finish in 23.72 h for $4,507.42.
    EXPECT_EQ(cell(devices, h100, 2), QStringLiteral("12.98 ms"));
    EXPECT_EQ(cell(devices, h100, 4), QStringLiteral("76"));
    EXPECT_EQ(cell(devices, h100, 5), QStringLiteral("23.72 hours"));
    // The bill to three figures, the exact amount in its tooltip (issue 52).
    EXPECT_EQ(cell(devices, h100, 7), QStringLiteral("$4,510"));
    EXPECT_EQ(devices->item(h100, 7)->toolTip(), QStringLiteral("$4,507.42"));
    EXPECT_EQ(devices->item(h100, 7)->toolTip(), format::money(option.cost, QStringLiteral("USD")));
    // The headline's cost card says the plan's own bill at its 10,000 workers, the same hours.
    EXPECT_EQ(window.headline()->valueText(HeadlineWidget::Cost),
              format::money(result.model.cost.total, QStringLiteral("USD")));
    EXPECT_NEAR(result.model.cost.workerHours, 1803.0, 0.1);
    EXPECT_TRUE(
        panel->summaryText().startsWith(QStringLiteral("In force: 1,000 ms → H100 SXM batch 16: ")))
        << panel->summaryText().toStdString();
    // The catalogue is untouched: the typed price is the plan's own device.
    ASSERT_EQ(s.hardware.devices.size(), 1u);
    EXPECT_EQ(s.hardware.devices.front().name, QStringLiteral("H100 SXM"));
    EXPECT_EQ(hardware::findDevice(QStringLiteral("H100 SXM"))->pricePerHour, 6.88);
    // The roofline table shows the parts core computed.
    EXPECT_EQ(panel->rooflineTable()->rowCount(),
              static_cast<int>(result.hardware.current.roofline.parts.size()));
    EXPECT_EQ(cell(panel->rooflineTable(), 0, 1), QStringLiteral("q_proj"));
    // Undo walks back one action at a time: the deadline first.
    window.document()->undoStack()->undo();
    EXPECT_FALSE(window.document()->scenario().goal.deadlineSeconds.has_value());
}

TEST(HardwareWorkspace, CalibrationSetsTheEfficiencyInOneUndoableStep)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    window.workspaces()->setCurrentIndex(5);
    HardwarePanel *panel = window.hardwarePanel();
    panel->enabledBox()->click();
    const Scenario before = window.document()->scenario();
    const HardwareInForce &hw = window.document()->planResult().hardware.current;
    ASSERT_TRUE(hw.inForce);
    // A time the model gives at 41 % of peak compute reads back as 0.41.
    hardware::Efficiency truth = before.hardware.efficiency;
    truth.compute = 0.41;
    const double ms =
        hardware::secondsPerBatch(before.hardware.model, hw.device, truth, hw.batch) * 1000;
    const QString message = panel->calibrate(ms);
    EXPECT_TRUE(message.endsWith(QStringLiteral("compute efficiency 0.41")))
        << message.toStdString();
    EXPECT_NEAR(window.document()->scenario().hardware.efficiency.compute, 0.41, 1e-6);
    window.document()->undoStack()->undo();
    EXPECT_EQ(window.document()->scenario().hardware, before.hardware);
}

TEST(HardwareWorkspace, TheScalingTableGainsACostColumnOnceADevicePricesTheWorkers)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    const auto *model = window.scaling()->model();
    ASSERT_NE(model, nullptr);
    EXPECT_EQ(model->costColumn(), -1);
    window.workspaces()->setCurrentIndex(5);
    window.hardwarePanel()->enabledBox()->click();
    window.workspaces()->setCurrentIndex(0);
    QTest::qWait(20);
    ASSERT_GE(model->costColumn(), 0);
    const ScenarioResult &r = window.document()->result();
    for (int row = 0; row < model->rowCount(); ++row) {
        const ScalingRow &shown =
            window.document()->planResult().scaling.shown.rows[static_cast<size_t>(row)];
        EXPECT_EQ(model->data(model->index(row, model->costColumn())).toString(),
                  format::money(shown.workers * shown.effectiveHours * r.cost.pricePerWorkerHour,
                                QStringLiteral("USD")));
    }
    EXPECT_EQ(model->headerData(model->costColumn(), Qt::Horizontal).toString(),
              QStringLiteral("Cost"));
}

// Issue 33 item 6: the Training workspace trains Hardware & cost's model on its device, and one
// click puts the model's F, B, W and memory into the schedules, which then say what fits.
TEST(HardwareWorkspace, TheTrainingWorkspaceTrainsTheModelOnTheDevice)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    window.workspaces()->setCurrentIndex(2);
    TrainingPanel *training = window.trainingPanel();
    QTest::qWait(20);
    const PlanResult &result = window.document()->planResult();
    ASSERT_TRUE(result.training.fromModel);
    const TrainingFromModel &model = *result.training.fromModel;
    // Llama 3 8B on an H100 SXM, 4 stages, 2,048-token sequences, 60 % of peak:
    // F = 2 x 8.03e9 / 4 x 2,048 / (989e12 x 0.6) = 13.86 ms.
    EXPECT_NEAR(model.stage.forwardMs, 2 * 8.03e9 / 4 * 2048 / (989e12 * 0.6) * 1000, 1e-9);
    EXPECT_EQ(training->fromModelText(), explain::trainingFromModel(model, QStringLiteral("USD")));
    EXPECT_TRUE(training->fromModelText().startsWith(
        QStringLiteral("Llama 3 8B on H100 SXM, per stage and microbatch: F 13.86 ms")))
        << training->fromModelText().toStdString();
    ASSERT_TRUE(training->useModel());
    const TrainingSettings &t = window.document()->scenario().training;
    EXPECT_EQ(t.forwardMs, std::vector<double>{model.stage.forwardMs});
    EXPECT_EQ(t.activationBytesPerMicrobatch, model.stage.activationBytesPerMicrobatch);
    EXPECT_EQ(t.deviceMemoryBytes, model.stage.memoryForActivationsBytes);
    // The run of the token budget uses the new step time: tokens per step / makespan.
    const std::optional<TrainingFromModel> &after =
        window.document()->planResult().training.fromModel;
    ASSERT_TRUE(after && after->run);
    const TrainingSchedule *first =
        firstRunnable(window.document()->planResult().training.schedules);
    ASSERT_NE(first, nullptr);
    EXPECT_NEAR(after->run->tokensPerSecond, 8 * 2048 / (first->result->makespanMs / 1000), 1e-6);
    window.document()->undoStack()->undo();
    EXPECT_EQ(window.document()->scenario().training.forwardMs, std::vector<double>{10.0});
}

// With a sixth card (Cost) on the job's workspaces, the project's three cards still get the
// headline's width: no caption cut ("P50 finish · buffered 29 Apr 202").
TEST(HardwareWorkspace, HeadlineCaptionsAreWholeOnEveryWorkspace)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    window.document()->editScenario(QStringLiteral("start"),
                                    [](Scenario &s) { s.project.startDate = QDate(2026, 10, 5); });
    for (int workspace = 0; workspace < window.workspaces()->count(); ++workspace) {
        window.workspaces()->setCurrentIndex(workspace);
        QTest::qWait(30);
        // The project's answer waits for its Monte Carlo (its sentence says it runs).
        if (window.headline()->workspace() == HeadlineWidget::Workspace::Project) {
            EXPECT_TRUE(QTest::qWaitFor(
                [&window]() { return window.headline()->answerCount() > 0; }, 60'000));
        }
        int checked = 0;
        for (int card = 0; card < HeadlineWidget::CardCount; ++card) {
            const QString caption =
                window.headline()->captionText(static_cast<HeadlineWidget::Card>(card));
            for (const QLabel *label : window.headline()->findChildren<QLabel *>()) {
                if (!label->isVisible() || label->text() != caption || caption.isEmpty())
                    continue;
                EXPECT_LE(label->fontMetrics().horizontalAdvance(caption), label->width())
                    << "workspace " << workspace << ": " << caption.toStdString();
                ++checked;
            }
        }
        // The answer's captions too (the job's and the project's, issue 52).
        for (int number = 0; number < window.headline()->answerCount(); ++number) {
            const QString caption = window.headline()->answerCaption(number);
            for (const QLabel *label : window.headline()->findChildren<QLabel *>()) {
                if (!label->isVisible() || label->text() != caption || caption.isEmpty())
                    continue;
                EXPECT_LE(label->fontMetrics().horizontalAdvance(caption), label->width())
                    << "workspace " << workspace << ": " << caption.toStdString();
                ++checked;
            }
        }
        EXPECT_GT(checked, 0) << "workspace " << workspace;
    }
}

// Issue 33, item 8: a person names what the job counts in the Model tab; the form, the headline
// and the stage chart say it at once, one undo puts "users" back, and a bad name is refused at
// the field with the typed text kept.
TEST(HardwareWorkspace, ThePlanNamesWhatItCounts)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    InputsPanel *inputs = window.inputs();
    QLineEdit *counted = inputs->countedEdit();
    EXPECT_EQ(counted->text(), QStringLiteral("users"));
    counted->setFocus(Qt::MouseFocusReason);
    counted->selectAll();
    QTest::keyClicks(counted, QStringLiteral("Documents"));
    QTest::keyClick(counted, Qt::Key_Return);
    const Scenario &s = window.document()->scenario();
    EXPECT_EQ(s.workload.counted.many, QStringLiteral("documents"));
    EXPECT_EQ(s.workload.counted.one, QStringLiteral("document"));
    const auto labelOf = [](const ValueControl *control) {
        for (const QLabel *label : control->parentWidget()->findChildren<QLabel *>()) {
            if (label->buddy() == control->spinBox())
                return label->text();
        }
        return QString();
    };
    EXPECT_EQ(labelOf(inputs->usersControl()), QStringLiteral("Documents"));
    EXPECT_EQ(labelOf(inputs->predictionsControl()), QStringLiteral("Predictions per document"));
    EXPECT_EQ(inputs->usersControl()->spinBox()->text(), QStringLiteral("150,000,000 documents"));
    EXPECT_TRUE(window.headline()
                    ->valueText(HeadlineWidget::Throughput)
                    .endsWith(QStringLiteral(" documents/s")))
        << window.headline()->valueText(HeadlineWidget::Throughput).toStdString();
    // Typed in the field's new unit, the count is read.
    enter(inputs->usersControl(), QStringLiteral("500M documents"));
    EXPECT_EQ(window.document()->scenario().workload.users, 500e6);
    window.document()->undoStack()->undo();
    window.document()->undoStack()->undo();
    EXPECT_EQ(window.document()->scenario().workload.counted.many, QStringLiteral("users"));
    EXPECT_EQ(labelOf(inputs->usersControl()), QStringLiteral("Users"));
    EXPECT_EQ(counted->text(), QStringLiteral("users"));

    // Refused at the field: the typed text stays, the plan still counts users.
    counted->setFocus(Qt::MouseFocusReason);
    counted->selectAll();
    QTest::keyClicks(counted, QStringLiteral("docs/s"));
    QTest::keyClick(counted, Qt::Key_Return);
    EXPECT_EQ(window.document()->scenario().workload.counted.many, QStringLiteral("users"));
    EXPECT_EQ(counted->text(), QStringLiteral("docs/s"));
    EXPECT_FALSE(inputs->countedProblem()->isHidden());
    EXPECT_EQ(inputs->countedProblem()->text(),
              QStringLiteral("Counts may hold only letters, digits, spaces, hyphens and "
                             "apostrophes; the plan still counts users."));
}

// Issue 33: the currency setting defaults from the locale; a plan in euros asks nothing more of
// the job or the goal than one in dollars.
TEST(HardwareWorkspace, ANewPlanTakesTheLocalesCurrency)
{
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    {
        ScenarioDocument document;
        EXPECT_EQ(document.scenario().goal.currency, QStringLiteral("EUR"));
        EXPECT_FALSE(summary::jobEntered(document.scenario()));
        EXPECT_FALSE(reportplan::goalEntered(document.scenario().goal));
        EXPECT_EQ(format::money(1234.5, document.scenario().goal.currency),
                  QStringLiteral("€1,234.50"));
    }
    // A locale without a currency (C) falls back to US dollars.
    QLocale::setDefault(QLocale::c());
    EXPECT_EQ(ScenarioDocument::newScenario().goal.currency, QStringLiteral("USD"));
    QLocale::setDefault(before);
}

// Issue 33: each applied step of the waterfall says what it bills once a device prices the
// workers, the costs core computed for the steps.
TEST(HardwareWorkspace, TheWaterfallSaysWhatEachStepCosts)
{
    QFile file(QStringLiteral(PIPEPLAN_PRESETS_DIR "/embedding-h100.json"));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const scenariofile::LoadResult loaded = scenariofile::fromJson(file.readAll());
    ASSERT_TRUE(loaded.plan);
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    window.document()->apply(*loaded.plan);
    QApplication::processEvents();
    const ScenarioResult &r = window.document()->result();
    const QStringList labels = window.waterfallChart()->labelTexts();
    const QStringList shown = window.waterfallChart()->shownTexts();
    ASSERT_EQ(labels.size(), static_cast<qsizetype>(r.waterfall.size()));
    int withCost = 0;
    // Each bar bills its step rounded as the headline rounds money ("$4,510", not "$4,507.42").
    for (size_t i = 0; i < r.waterfall.size(); ++i) {
        const LeverStep &step = r.waterfall[i];
        const QString cost = format::roundedMoney(step.cost, r.cost.currency);
        const QString text = shown[static_cast<qsizetype>(i)];
        if (text.contains(QStringLiteral(" · "))) {
            EXPECT_TRUE(text.endsWith(cost)) << text.toStdString() << " vs " << cost.toStdString();
            ++withCost;
        }
    }
    // The last step, the plan's runtime on its workers, bills the headline's cost.
    EXPECT_EQ(format::money(r.waterfall.back().cost, r.cost.currency),
              format::money(r.cost.total, r.cost.currency));
    EXPECT_GE(withCost, 2) << shown.join(QStringLiteral(" | ")).toStdString();
    // Without a device the bars say runtimes only.
    Plan plain = *loaded.plan;
    plain.scenario.hardware.enabled = false;
    window.document()->apply(plain);
    QApplication::processEvents();
    for (const QString &text : window.waterfallChart()->shownTexts())
        EXPECT_FALSE(text.contains(QStringLiteral(" · "))) << text.toStdString();
}

// Issue 34: with ranges set, the headline says the runtime over them, the chance to meet the
// deadline and the main driver, as core computed them; without, nothing changes.
TEST(HardwareWorkspace, TheHeadlineSaysTheRuntimeOverTheRanges)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    EXPECT_TRUE(window.headline()->spreadText().isEmpty());
    Plan plan = window.document()->plan();
    ASSERT_TRUE(uncertainty::setRange(plan.scenario, QStringLiteral("workload.latency_ms"),
                                      Range{Range::Kind::Interval, 800, 0, 1200})
                    .isEmpty());
    plan.scenario.goal.deadlineSeconds = 24 * 3600.0;
    window.document()->apply(plan);
    QApplication::processEvents();
    const uncertainty::Result &spread = window.document()->planResult().uncertainty.result;
    ASSERT_TRUE(spread.active);
    const QString text = window.headline()->spreadText();
    EXPECT_TRUE(text.contains(explain::runtimePercentiles(spread))) << text.toStdString();
    EXPECT_TRUE(text.contains(explain::chanceToMeet(spread))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Most of the spread: Latency per prediction (100 %)")))
        << text.toStdString();
    // The cards show the plan at the range's median.
    EXPECT_DOUBLE_EQ(window.document()->scenario().workload.latencyMs, std::sqrt(800.0 * 1200));
}

// Issue 34: a range typed into a field of the Model tab; the field shows it under the value (its
// median); a moved value takes the range along; a plain number typed drops it; undo brings it
// back.
TEST(HardwareWorkspace, ARangeTypedIntoAFieldMakesTheAnswerADistribution)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    ValueControl *latency = window.inputs()->latencyControl();
    enter(latency, QStringLiteral("800..1,200"));
    const Scenario &s = window.document()->scenario();
    ASSERT_EQ(s.uncertainty.ranges.count(QStringLiteral("workload.latency_ms")), 1u);
    EXPECT_EQ(s.uncertainty.ranges.at(QStringLiteral("workload.latency_ms")),
              (Range{Range::Kind::Interval, 800, 0, 1200}));
    EXPECT_DOUBLE_EQ(s.workload.latencyMs, std::sqrt(800.0 * 1200));
    EXPECT_EQ(latency->rangeText(),
              QStringLiteral("Range 800..1,200 ms (90 %); the value is its median"));
    EXPECT_FALSE(window.headline()->spreadText().isEmpty());
    // The value moved (arrow keys, slider): the range keeps its spread around the new median.
    latency->spinBox()->setValue(1959.6);
    const Range moved =
        window.document()->scenario().uncertainty.ranges.at(QStringLiteral("workload.latency_ms"));
    EXPECT_NEAR(moved.high / moved.low, 1.5, 1e-9);
    EXPECT_NEAR(std::sqrt(moved.low * moved.high), 1959.6, 1e-6);
    // A plain number typed is a number again.
    enter(latency, QStringLiteral("1000"));
    EXPECT_TRUE(window.document()->scenario().uncertainty.ranges.empty());
    EXPECT_EQ(window.document()->scenario().workload.latencyMs, 1000);
    EXPECT_TRUE(latency->rangeText().isEmpty());
    EXPECT_TRUE(window.headline()->spreadText().isEmpty());
    window.document()->undoStack()->undo();
    EXPECT_EQ(window.document()->scenario().uncertainty.ranges.size(), 1u);
    // A range outside the field's bounds is refused at the field.
    enter(window.inputs()->parallelFractionControl(), QStringLiteral("0.9..1.2"));
    EXPECT_FALSE(latency->refusalLabel()->isVisible());
    EXPECT_TRUE(window.inputs()->parallelFractionControl()->refusalLabel()->isVisible());
    EXPECT_EQ(window.document()->scenario().uncertainty.ranges.count(
                  QStringLiteral("workload.parallel_fraction")),
              0u);
}

// Issue 34 in the window: ranges typed into a stage's time and an overhead; the scaling table's
// P50/P90 columns, the waterfall's whiskers, the fan, the goal seek at P50/P90 and the
// sensitivity view all show core's numbers; a stage removed keeps the other stage's range.
TEST(HardwareWorkspace, EveryViewShowsTheRangesAsCoreComputedThem)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    ScenarioDocument *doc = window.document();
    Scenario start = doc->scenario();
    start.stages = {Stage{QStringLiteral("fetch"), 2000, false},
                    Stage{QStringLiteral("score"), 0, true},
                    Stage{QStringLiteral("write"), 500, false}};
    start.goal.deadlineSeconds = 30 * 86400.0;
    start.workload.workers = 50'000;
    start.workload.parallelFraction = 0.9999;
    start.simulation.trials = 100;
    start.goal.trials = 20;
    ASSERT_TRUE(doc->edit(start, QStringLiteral("three stages")));
    enter(window.inputs()->latencyControl(), QStringLiteral("800..1,200"));
    ValueControl *write = window.inputs()->stageTimeControl(2);
    ASSERT_NE(write, nullptr);
    enter(write, QStringLiteral("300/500/1,500"));
    ASSERT_EQ(doc->scenario().uncertainty.ranges.count(QStringLiteral("stages[2].ms_per_user")),
              1u);
    EXPECT_EQ(write->rangeText(),
              QStringLiteral("Range 300/500/1,500 ms (low/likely/high); the value is its median"));

    const PlanResult &result = doc->planResult();
    const uncertainty::Result &u = result.uncertainty.result;
    ASSERT_TRUE(u.active);
    // The scaling table: P50 and P90 in days at every row, the plan's row the headline's.
    const ScalingTableModel *table = window.scaling()->model();
    const int p50 = table->spreadColumn();
    ASSERT_GE(p50, 0);
    EXPECT_EQ(table->headerData(p50, Qt::Horizontal).toString(), QStringLiteral("P50 (days)"));
    EXPECT_EQ(table->headerData(p50 + 1, Qt::Horizontal).toString(), QStringLiteral("P90 (days)"));
    const int row = table->highlightedRow();
    EXPECT_EQ(table->data(table->index(row, p50)).toString(),
              format::grouped(u.runtimeSeconds.p50 / 86400, 2));
    EXPECT_EQ(table->data(table->index(row, p50 + 1)).toString(),
              format::grouped(u.runtimeSeconds.p90 / 86400, 2));
    EXPECT_TRUE(window.headline()->spreadText().contains(explain::fewestWorkersText(u)));
    // The waterfall: a whisker on each applied bar, from P10 to P90 of its step.
    WaterfallChart *waterfall = window.waterfallChart();
    ASSERT_EQ(waterfall->whiskers()->dataCount(), waterfall->appliedBars()->dataCount());
    const std::vector<LeverStep> &steps = result.waterfall.steps;
    EXPECT_NEAR(waterfall->whiskers()->data()->at(0).errorPlus,
                result.waterfall.stepSpread[0].p90 - steps[0].runtimeSeconds, 1e-6);
    // Its last bar says the headline's P50, not the closed form (5.65 days under 5.63 read as
    // two runtimes).
    EXPECT_TRUE(waterfall->shownTexts().back().startsWith(format::duration(u.runtimeSeconds.p50)))
        << waterfall->shownTexts().back().toStdString();

    // An overhead's range on its own tab; the fan, the goal seek and the sensitivity there.
    window.workspaces()->setCurrentIndex(1); // Overheads & tail
    TailPanel *tail = window.tailPanel();
    ValueControl *coldStart =
        tail->bindings()->control(field(&Scenario::overheads, &Overheads::coldStartSeconds));
    ASSERT_NE(coldStart, nullptr);
    ASSERT_NE(coldStart->checkBox(), nullptr);
    QTest::mouseClick(coldStart->checkBox(), Qt::LeftButton, {},
                      QPoint(4, coldStart->checkBox()->height() / 2));
    ASSERT_TRUE(doc->scenario().overheads.coldStartSeconds.has_value());
    enter(coldStart, QStringLiteral("200..600"));
    EXPECT_EQ(doc->scenario().uncertainty.ranges.count(QStringLiteral("overheads.cold_start_s")),
              1u);
    EXPECT_TRUE(doc->scenario().overheads.coldStartSeconds.has_value());
    EXPECT_EQ(tail->overheadChart()->fanHighGraph()->dataCount(), uncertainty::kFanPoints);
    const uncertainty::Result &now = doc->planResult().uncertainty.result;
    ASSERT_EQ(now.drivers.size(), 3u);
    QTableWidget *drivers = tail->sensitivityView()->table();
    ASSERT_EQ(drivers->rowCount(), 3);
    EXPECT_EQ(cell(drivers, 0, 0), now.drivers[0].label);
    EXPECT_EQ(cell(drivers, 0, 2),
              format::trimmed(now.drivers[0].varianceShare * 100, 1) + QStringLiteral(" %"));
    QTableWidget *goal = tail->goalTable();
    QElapsedTimer waited;
    waited.start();
    while (goal->rowCount() < 6 && waited.elapsed() < 30'000)
        QTest::qWait(20);
    ASSERT_EQ(goal->rowCount(), 6);
    ASSERT_EQ(now.fewest.size(), 2u);
    ASSERT_TRUE(now.fewest[1].workers);
    EXPECT_EQ(cell(goal, 5, 0), QStringLiteral("over the ranges, P90"));
    EXPECT_EQ(cell(goal, 5, 1), format::grouped(*now.fewest[1].workers, 0));

    // Removing the first stage takes the write stage's range along to its new place.
    window.workspaces()->setCurrentIndex(0);
    Scenario fewer = doc->scenario();
    uncertainty::removeStage(fewer, 0);
    ASSERT_TRUE(doc->edit(fewer, QStringLiteral("remove fetch")));
    EXPECT_EQ(doc->scenario().uncertainty.ranges.count(QStringLiteral("stages[1].ms_per_user")),
              1u);
    EXPECT_EQ(doc->scenario().uncertainty.ranges.count(QStringLiteral("stages[2].ms_per_user")),
              0u);
}

namespace {

QByteArray readPresetFile(const QString &name)
{
    QFile file(QStringLiteral(PIPEPLAN_PRESETS_DIR "/") + name);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << name.toStdString();
    return file.readAll();
}

} // namespace

// Issue 51: the deadline is set in one place. Overheads & tail has no deadline control of its
// own; without a deadline it says the fewest workers need one and "Set a deadline…" turns on
// and focuses Model > Goal's. Hardware & cost offers the same and claims no deadline meanwhile.
TEST(OneGoalWindow, TheTailHasNoDeadlineOfItsOwnAndSetADeadlineFocusesTheGoals)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    Plan plan = *scenariofile::fromJson(readPresetFile(QStringLiteral("embedding-h100.json"))).plan;
    plan.scenario.goal.deadlineSeconds.reset();
    window.document()->load(plan, QString());
    window.show();
    QApplication::setActiveWindow(&window);
    ScenarioDocument *doc = window.document();

    window.workspaces()->setCurrentIndex(1);
    TailPanel *tail = window.tailPanel();
    EXPECT_EQ(tail->bindings()->control(field(&Scenario::goal, &GoalSettings::deadlineSeconds)),
              nullptr);
    EXPECT_EQ(tail->goalDeadlineLabel()->text(),
              QStringLiteral("No deadline set: the fewest workers need one."));
    ASSERT_TRUE(tail->setDeadlineButton()->isVisible());
    EXPECT_EQ(tail->setDeadlineButton()->text(), QStringLiteral("Set a deadline…"));
    EXPECT_EQ(tail->goalTable()->rowCount(), 0);
    EXPECT_EQ(doc->planResult().goalSeek.reason, QStringLiteral("no deadline set"));

    tail->setDeadlineButton()->click();
    EXPECT_EQ(window.workspaces()->currentIndex(), 0);
    ValueControl *goal = window.inputs()->deadlineControl();
    EXPECT_TRUE(goal->isEnabledValue());
    EXPECT_EQ(doc->scenario().goal.deadlineSeconds, std::optional(24 * 3600.0));
    EXPECT_EQ(doc->undoStack()->undoText(), QStringLiteral("Set a deadline"));
    EXPECT_EQ(QApplication::focusWidget(), goal->spinBox());

    // The tail now names the deadline it plans for and where it is set.
    window.workspaces()->setCurrentIndex(1);
    EXPECT_EQ(tail->goalDeadlineLabel()->text(),
              QStringLiteral("Fewest workers for the deadline of %1 set under Model > Goal.")
                  .arg(format::duration(86'400)));
    EXPECT_FALSE(tail->setDeadlineButton()->isVisible());

    // Hardware & cost: without a deadline, the devices at the plan's workers and the same offer.
    doc->undoStack()->undo();
    ASSERT_FALSE(doc->scenario().goal.deadlineSeconds);
    window.workspaces()->setCurrentIndex(5);
    HardwarePanel *hardware = window.hardwarePanel();
    ASSERT_TRUE(hardware->setDeadlineButton()->isVisible());
    EXPECT_EQ(hardware->devicesTable()->horizontalHeaderItem(4)->text(), QStringLiteral("Devices"));
    for (int row = 0; row < hardware->devicesTable()->rowCount(); ++row) {
        const QString cell = hardware->devicesTable()->item(row, 4)->text();
        EXPECT_FALSE(cell.contains(QStringLiteral("deadline"))) << cell.toStdString();
    }
    hardware->setDeadlineButton()->click();
    EXPECT_EQ(window.workspaces()->currentIndex(), 0);
    EXPECT_EQ(doc->scenario().goal.deadlineSeconds, std::optional(24 * 3600.0));
    window.workspaces()->setCurrentIndex(5);
    EXPECT_FALSE(hardware->setDeadlineButton()->isVisible());
}

// The report of a plan without a deadline plans for none: its inputs say "none set", its goal
// seek "No deadline set", and no page names a deadline.
TEST(OneGoalWindow, NoDeadlineNothingPlansForOneInTheReport)
{
    Plan plan = *scenariofile::fromJson(readPresetFile(QStringLiteral("embedding-h100.json"))).plan;
    plan.scenario.goal.deadlineSeconds.reset();
    plan.scenario.notes.clear(); // the person's own words may name any time
    report::Options options;
    options.sections = std::vector<ReportSection>{ReportSection::Summary, ReportSection::Inputs,
                                                  ReportSection::Hardware, ReportSection::GoalSeek};
    const QString markdown =
        report::text(plan, evaluatePlan(plan), options, report::Format::Markdown);
    EXPECT_TRUE(markdown.contains(QStringLiteral("No deadline set"))) << markdown.toStdString();
    for (const char *claim :
         {"plans for", "deadline of", "24 hours", "meets the deadline", "finish within"})
        for (const QString &line : markdown.split(QLatin1Char('\n')))
            EXPECT_FALSE(line.contains(QLatin1String(claim)))
                << claim << ": " << line.toStdString();
}

// Off, Hardware & cost names what fills it and offers the step: one click takes the latency
// from the device (one undo step), and the button goes once it is on.
// A device's latency in force: the latency's range is greyed with the typed value and says it
// is not in force; the headline has one runtime, not a P50 and a P90.
TEST(OneGoalWindow, ALatencyRangeUnderADeviceReadsNotInForce)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    ValueControl *latency = window.inputs()->latencyControl();
    enter(latency, QStringLiteral("800..1,200"));
    ASSERT_FALSE(window.headline()->spreadText().isEmpty());
    Scenario on = window.document()->scenario();
    on.hardware.enabled = true;
    ASSERT_TRUE(window.document()->edit(on, QStringLiteral("device")));
    ASSERT_TRUE(window.document()->planResult().hardware.current.inForce);
    EXPECT_EQ(
        latency->rangeText(),
        QStringLiteral("Range 800..1,200 ms (90 %): not in force, as the typed value is not"));
    const auto *rangeLabel = latency->findChild<QWidget *>(QStringLiteral("rangeLabel"));
    ASSERT_NE(rangeLabel, nullptr);
    EXPECT_FALSE(rangeLabel->isEnabled());
    EXPECT_TRUE(window.headline()->spreadText().isEmpty());
    window.document()->undoStack()->undo();
    EXPECT_EQ(latency->rangeText(),
              QStringLiteral("Range 800..1,200 ms (90 %); the value is its median"));
    EXPECT_TRUE(rangeLabel->isEnabled());
    EXPECT_FALSE(window.headline()->spreadText().isEmpty());
}

TEST(OneGoalWindow, HardwareOffOffersToTakeTheDevicesLatency)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    ScenarioDocument *doc = window.document();
    HardwarePanel *hardware = window.hardwarePanel();
    testsupport::showWorkspaceOf(window, hardware);
    ASSERT_FALSE(doc->scenario().hardware.enabled);
    ASSERT_TRUE(hardware->turnOnButton()->isVisible());
    EXPECT_EQ(hardware->turnOnButton()->text(), QStringLiteral("Use H100 SXM's latency"));
    EXPECT_FALSE(hardware->rooflineCaption()->isVisible()); // no caption over nothing
    const double typedMs = doc->planResult().model.scoringMsPerUser;
    hardware->turnOnButton()->click();
    EXPECT_TRUE(doc->scenario().hardware.enabled);
    EXPECT_TRUE(hardware->enabledBox()->isChecked());
    EXPECT_FALSE(hardware->turnOnButton()->isVisible());
    EXPECT_TRUE(hardware->rooflineCaption()->isVisible());
    EXPECT_NE(doc->planResult().model.scoringMsPerUser, typedMs);
    EXPECT_EQ(doc->undoStack()->undoText(), QStringLiteral("Take the latency from the device"));
    doc->undoStack()->undo();
    EXPECT_FALSE(doc->scenario().hardware.enabled);
    EXPECT_TRUE(hardware->turnOnButton()->isVisible());
}

// Issue 52: off, the sentence and its step lead the results, side by side, and the chart below
// takes the room; with the inputs hidden (presentation mode) the sentence points at no hidden
// check box. The price reads in the plan's currency per hour; money in the chart to three
// figures, the exact amounts in its tooltip.
TEST(OneGoalWindow, HardwareOffLeadsWithTheSentenceAndItsStepAndTheChartTakesTheRoom)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 768);
    window.show();
    ScenarioDocument *doc = window.document();
    HardwarePanel *hardware = window.hardwarePanel();
    testsupport::showWorkspaceOf(window, hardware);
    window.setInputsVisible(false);
    QTest::qWait(20);
    ASSERT_FALSE(doc->scenario().hardware.enabled);
    ASSERT_FALSE(doc->scenario().goal.deadlineSeconds);
    EXPECT_FALSE(hardware->enabledBox()->isVisible());
    EXPECT_EQ(hardware->summaryText(),
              QStringLiteral("Off: the latency typed on the Model tab holds. On: the device's "
                             "roofline and the devices that meet the plan."));
    EXPECT_FALSE(hardware->summaryText().contains(QStringLiteral("Tick")));
    ASSERT_TRUE(hardware->turnOnButton()->isVisible());
    // No deadline offer off: it ranks the devices, which show only when on.
    EXPECT_FALSE(hardware->setDeadlineButton()->isVisible());
    // The step beside its sentence at the top, the chart below with most of the height.
    const auto top = [hardware](QWidget *w) { return w->mapTo(hardware, QPoint(0, 0)).y(); };
    EXPECT_LT(top(hardware->turnOnButton()), hardware->height() / 8);
    EXPECT_LT(top(hardware->turnOnButton()), top(hardware->costChart()));
    EXPECT_GT(hardware->costChart()->height(), hardware->height() * 2 / 3);
    EXPECT_GT(hardware->costChart()->width(), hardware->width() * 3 / 4);

    EXPECT_EQ(hardware->priceControl()->suffix(), QStringLiteral(" USD/h"));
    const CostSeries &curve = doc->planResult().costCurve;
    EXPECT_EQ(hardware->costChart()->planMarker()->name(),
              QStringLiteral("plan: 10,000 workers, ") +
                  format::roundedMoney(curve.plan.cost, QStringLiteral("USD")));
    EXPECT_TRUE(hardware->costChart()->planMarker()->name().endsWith(QStringLiteral("M")));
    EXPECT_TRUE(hardware->costChart()->toolTip().contains(
        format::money(curve.plan.cost, QStringLiteral("USD"))));
    EXPECT_EQ(hardware->costChart()->curve()->name(),
              QStringLiteral("more workers: faster (down)"));

    window.setInputsVisible(true);
    EXPECT_TRUE(hardware->enabledBox()->isVisible());
    EXPECT_TRUE(hardware->turnOnButton()->isVisible());
}
