// One plan, one set of numbers (issue 16): for every preset, with and without a pinned baseline,
// overheads on and off, the window, `pipeplan-cli eval --json` and the report show the same
// figures; and a workers tick recomputes only what depends on the workers.
#include "app/cli/cli.h"
#include "core/base/format.h"
#include "core/plan/explain.h"
#include "core/plan/summary.h"
#include "ui/document/montecarlorunner.h"
#include "ui/document/scenariodocument.h"
#include "ui/document/simulationrunner.h"
#include "ui/model/headlinewidget.h"
#include "ui/model/inputspanel.h"
#include "ui/model/scalingtablemodel.h"
#include "ui/model/scalingview.h"
#include "ui/model/waterfallchart.h"
#include "ui/model/whatittakesview.h"
#include "ui/project/projectpanel.h"
#include "ui/report/report.h"
#include "ui/tail/tailpanel.h"
#include "ui/widgets/valuecontrol.h"
#include "ui/window/mainwindow.h"

#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <tuple>

using namespace pipeplan;

namespace {

QString presetFile(const char *name)
{
    return QStringLiteral(PIPEPLAN_PRESETS_DIR "/") + QLatin1String(name);
}

const char *const kPresets[] = {"nightly-scoring.json",    "pruned-accelerated.json",
                                "seed001-pipeline.json",   "five-stage.json",
                                "feature-store-cap.json",  "training-schedules.json",
                                "measured-specsdm91.json", "project-forecast.json"};

QJsonObject evalJson(const QString &path)
{
    const cli::CliRunResult run =
        cli::runCaptured({QStringLiteral("eval"), path, QStringLiteral("--json")});
    EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

/// The report's text; `layout` keeps the page's columns (a table's row on one line), without
/// it a wrapped cell's lines come together, in reading order.
QString reportText(const Plan &plan, const QString &directory, bool layout = true)
{
    const QString pdf = directory + QStringLiteral("/report.pdf");
    QFile file(pdf);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(report::pdfBytes(plan, evaluatePlan(plan), report::Options{}));
    file.close();
    QProcess process;
    process.start(QStringLiteral("pdftotext"),
                  layout ? QStringList{QStringLiteral("-layout"), pdf, QStringLiteral("-")}
                         : QStringList{pdf, QStringLiteral("-")});
    process.waitForFinished(60'000);
    // Table cells may wrap inside a narrow column: compare with whitespace collapsed.
    // The PDF's fonts join "fi" and "fl" into one glyph, which pdftotext gives back as is.
    return QString::fromUtf8(process.readAllStandardOutput())
        .replace(QChar(0xFB01), QStringLiteral("fi"))
        .replace(QChar(0xFB02), QStringLiteral("fl"))
        .simplified();
}

/// Every number of the window's headline, highlighted row, comparison and waterfall equals the
/// CLI's and appears in the report.
void expectOneSetOfNumbers(MainWindow &window, const QString &directory, const std::string &what)
{
    const ScenarioDocument *doc = window.document();
    const QString path = directory + QStringLiteral("/plan.json");
    QString error;
    ASSERT_TRUE(window.saveFile(path, &error)) << error.toStdString();
    const QJsonObject o = evalJson(path);
    const QJsonObject headline = o.value(QStringLiteral("headline")).toObject();
    const HeadlineWidget *h = window.headline();
    const QString runtime = h->valueText(HeadlineWidget::Runtime);
    EXPECT_EQ(headline.value(QStringLiteral("runtime")).toString(), runtime) << what;
    EXPECT_EQ(headline.value(QStringLiteral("throughput")).toString(),
              h->valueText(HeadlineWidget::Throughput))
        << what;
    EXPECT_EQ(o.value(QStringLiteral("effective_runtime_seconds")).toDouble(),
              doc->result().effectiveRuntimeSeconds)
        << what;
    EXPECT_EQ(runtime, format::duration(doc->result().effectiveRuntimeSeconds)) << what;

    // The highlighted row is the scenario's own worker count: the CLI's nearest row when that
    // count is listed, else a row of the window's own (issue 17), inserted in order. The listed
    // rows' runtimes with overheads are the JSON's effective_hours.
    const ScalingTableModel *model = window.scaling()->model();
    const int row = model->highlightedRow();
    const int inserted = model->insertedRow();
    if (inserted < 0)
        EXPECT_EQ(o.value(QStringLiteral("nearest_row")).toInt(), row) << what;
    else
        EXPECT_EQ(inserted, row) << what;
    ASSERT_GE(row, 0) << what;
    EXPECT_EQ(model->data(model->index(row, ScalingTableModel::Workers)).toString(),
              format::grouped(doc->scenario().workload.workers, 0))
        << what;
    const QJsonArray rows = o.value(QStringLiteral("rows")).toArray();
    ASSERT_EQ(rows.size() + (inserted < 0 ? 0 : 1), model->rowCount()) << what;
    const bool overheads = doc->result().overheads.enabled;
    EXPECT_EQ(model->hasOverheads(), overheads) << what;
    for (int r = 0; r < rows.size(); ++r) {
        const QJsonObject json = rows[r].toObject();
        const double effective = json.value(QStringLiteral("effective_hours")).toDouble();
        const int modelRow = inserted >= 0 && r >= inserted ? r + 1 : r;
        if (!overheads)
            EXPECT_EQ(effective, json.value(QStringLiteral("amdahl_hours")).toDouble()) << what;
        else
            EXPECT_EQ(
                model->data(model->index(modelRow, ScalingTableModel::ColumnCount)).toString(),
                explain::scalingCell(doc->result().scaling[static_cast<size_t>(r)],
                                     explain::ScalingColumn::EffectiveHours))
                << what;
        EXPECT_DOUBLE_EQ(effective, doc->result().scaling[static_cast<size_t>(r)].effectiveHours)
            << what;
    }

    // The waterfall ends on the headline's runtime, as the CLI's does; every bar's label is the
    // CLI's runtime (or "unchanged" for a lever the plan does not use).
    const QJsonArray waterfall = o.value(QStringLiteral("waterfall")).toArray();
    ASSERT_FALSE(waterfall.isEmpty()) << what;
    const QStringList labels = window.waterfallChart()->labelTexts();
    ASSERT_EQ(labels.size(), waterfall.size()) << what;
    EXPECT_EQ(waterfall.last().toObject().value(QStringLiteral("runtime_seconds")).toDouble(),
              doc->result().effectiveRuntimeSeconds)
        << what;
    for (qsizetype i = 0; i < waterfall.size(); ++i) {
        const QJsonObject step = waterfall[i].toObject();
        const bool shown = i == 0 || step.value(QStringLiteral("applied")).toBool();
        EXPECT_EQ(labels[i], shown ? step.value(QStringLiteral("runtime_human")).toString()
                                   : QStringLiteral("unchanged"))
            << what << " bar " << i;
    }

    const QString text = reportText(doc->plan(), directory);
    // A plan whose batch job is the untouched example (the project preset) prints none of its
    // numbers (issue 32): its report is about the plan's own question.
    const bool jobPrinted = summary::asks(doc->scenario(), summary::Question::Job);
    EXPECT_EQ(text.contains(runtime), jobPrinted) << what;
    if (row >= 0 && jobPrinted) {
        for (int c = 0; c < model->columnCount(); ++c) {
            const QString cellText = model->data(model->index(row, c)).toString().simplified();
            EXPECT_TRUE(text.contains(cellText))
                << what << ": report lacks " << cellText.toStdString();
        }
    }

    if (!doc->baseline()) {
        EXPECT_TRUE(o.value(QStringLiteral("baseline")).isNull()) << what;
        return;
    }
    // The comparison: one change rule, on the runtimes the headlines show.
    const QJsonObject comparison = o.value(QStringLiteral("comparison")).toObject();
    const QString runtimeChange = comparison.value(QStringLiteral("runtime_change")).toString();
    const QString baselineRuntime = o.value(QStringLiteral("baseline"))
                                        .toObject()
                                        .value(QStringLiteral("headline"))
                                        .toObject()
                                        .value(QStringLiteral("runtime"))
                                        .toString();
    EXPECT_EQ(h->baselineText(HeadlineWidget::Runtime),
              QStringLiteral("was %1 (%2)").arg(baselineRuntime, runtimeChange))
        << what;
    EXPECT_TRUE(h->baselineText(HeadlineWidget::Throughput)
                    .endsWith(QStringLiteral("(%1)").arg(
                        comparison.value(QStringLiteral("throughput_change")).toString())))
        << what;
    EXPECT_DOUBLE_EQ(comparison.value(QStringLiteral("runtime_ratio")).toDouble(),
                     doc->comparison().runtimeRatio)
        << what;
    EXPECT_DOUBLE_EQ(doc->comparison().runtimeRatio,
                     1 + format::relativeChange(doc->result().effectiveRuntimeSeconds,
                                                doc->baselineResult().effectiveRuntimeSeconds))
        << what;
    EXPECT_EQ(text.contains(runtimeChange), jobPrinted) << what;
    EXPECT_EQ(text.contains(baselineRuntime), jobPrinted) << what;
}

} // namespace

/// One test per preset and variant: each stays well inside the test timeout under ASan, where a
/// report with a goal seek (feature-store-cap) takes several seconds.
class EveryPreset : public ::testing::TestWithParam<std::tuple<const char *, bool, bool>>
{
};

TEST_P(EveryPreset, ShowsOneSetOfNumbersInTheWindowTheCliAndTheReport)
{
    const auto [name, toggleOverheads, withBaseline] = GetParam();
    const std::string what = std::string(name) + (toggleOverheads ? ", overheads toggled" : "") +
                             (withBaseline ? ", baseline pinned" : "");
    MainWindow window(MainWindow::Options::headless());
    window.resize(1600, 1000);
    window.show();
    ASSERT_TRUE(window.openFile(presetFile(name))) << what;
    ScenarioDocument *doc = window.document();
    if (toggleOverheads) {
        Scenario s = doc->scenario();
        if (s.overheads.any()) {
            s.overheads.coldStartSeconds.reset();
            s.overheads.requestOverheadMs.reset();
            s.overheads.sharedCapPerSecond.reset();
            s.overheads.dispatchCapPerSecond.reset();
        } else {
            s.overheads.coldStartSeconds = 30;
            s.overheads.requestOverheadMs = 2;
        }
        ASSERT_TRUE(doc->edit(s, QStringLiteral("overheads"))) << what;
    }
    if (withBaseline) {
        doc->pinBaseline();
        Scenario s = doc->scenario();
        s.workload.workers = std::max(1.0, std::round(s.workload.workers / 2));
        ASSERT_TRUE(doc->edit(s, QStringLiteral("half the workers"))) << what;
    }
    QTemporaryDir dir;
    expectOneSetOfNumbers(window, dir.path(), what);
}

INSTANTIATE_TEST_SUITE_P(
    ConsistencyTest, EveryPreset,
    ::testing::Combine(::testing::ValuesIn(kPresets), ::testing::Bool(), ::testing::Bool()),
    [](const ::testing::TestParamInfo<std::tuple<const char *, bool, bool>> &info) {
        std::string name = std::get<0>(info.param);
        name = name.substr(0, name.find('.'));
        for (char &c : name) {
            if (c == '-')
                c = '_';
        }
        return name + (std::get<1>(info.param) ? "_overheads_toggled" : "") +
               (std::get<2>(info.param) ? "_baseline_pinned" : "");
    });

// The case: the feature store's cap binds at 5,000 and at 10,000 workers alike, so the
// runtime is the same, and every place says so.
TEST(ConsistencyTest, FeatureStoreCapBindsAtBothWorkerCountsAndEveryPlaceSaysSame)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1600, 1000);
    window.show();
    ASSERT_TRUE(window.openFile(presetFile("feature-store-cap.json")));
    ScenarioDocument *doc = window.document();
    ASSERT_TRUE(window.applySetting(QStringLiteral("workers=10000")));
    doc->pinBaseline();
    ASSERT_TRUE(window.applySetting(QStringLiteral("workers=5000")));
    const HeadlineWidget *h = window.headline();
    EXPECT_EQ(h->valueText(HeadlineWidget::Runtime), QStringLiteral("31.75 minutes"));
    EXPECT_EQ(h->baselineText(HeadlineWidget::Runtime), QStringLiteral("was 31.75 minutes (same)"));
    EXPECT_TRUE(h->baselineText(HeadlineWidget::Throughput).endsWith(QStringLiteral("(same)")));
    EXPECT_EQ(doc->comparison().runtimeRatio, 1);
    EXPECT_EQ(doc->comparison().throughputRatio, 1);
    // The highlighted 5,000-worker row says the headline's runtime with overheads, and 50,000
    // workers are no faster: the cap binds.
    const ScalingTableModel *model = window.scaling()->model();
    const int row = model->highlightedRow();
    ASSERT_GE(row, 0);
    EXPECT_EQ(doc->result().scaling[static_cast<size_t>(row)].workers, 5000);
    EXPECT_DOUBLE_EQ(doc->result().scaling[static_cast<size_t>(row)].effectiveHours, 1905 / 3600.0);
    EXPECT_DOUBLE_EQ(doc->result().scaling.back().effectiveHours, 1905 / 3600.0);
    EXPECT_EQ(model->data(model->index(row, ScalingTableModel::ColumnCount)).toString(),
              QStringLiteral("0.53"));
    QTemporaryDir dir;
    expectOneSetOfNumbers(window, dir.path(), "feature store, 10,000 then 5,000 workers");
    const QJsonObject o = evalJson(dir.path() + QStringLiteral("/plan.json"));
    const QJsonObject comparison = o.value(QStringLiteral("comparison")).toObject();
    EXPECT_EQ(comparison.value(QStringLiteral("runtime_ratio")).toDouble(), 1);
    EXPECT_EQ(comparison.value(QStringLiteral("throughput_ratio")).toDouble(), 1);
    EXPECT_EQ(comparison.value(QStringLiteral("runtime_change")).toString(),
              QStringLiteral("same"));
}

// A workers tick recomputes the model, the comparison and the tail's inputs, and nothing else:
// no training or project recompute, and the pinned baseline is not evaluated again.
TEST(ConsistencyTest, AWorkersTickRecomputesOnlyWhatDependsOnWorkers)
{
    MainWindow window(MainWindow::Options::headless());
    window.show();
    ScenarioDocument *doc = window.document();
    doc->pinBaseline();
    const auto counts = [doc]() {
        return std::array<int, 7>{doc->recomputeCount(Section::Inputs),
                                  doc->recomputeCount(Section::Model),
                                  doc->recomputeCount(Section::Baseline),
                                  doc->recomputeCount(Section::Tail),
                                  doc->recomputeCount(Section::Training),
                                  doc->recomputeCount(Section::Project),
                                  doc->baselineEvaluations()};
    };
    const std::array<int, 7> before = counts();
    QSignalSpy changed(doc, &ScenarioDocument::changed);
    window.inputs()->workersControl()->spinBox()->setValue(5000);
    const std::array<int, 7> after = counts();
    ASSERT_EQ(changed.count(), 1);
    EXPECT_EQ(changed.first().first().value<Sections>(),
              Section::Inputs | Section::Model | Section::Baseline | Section::Tail);
    EXPECT_EQ(after[0], before[0] + 1); // inputs
    EXPECT_EQ(after[1], before[1] + 1); // model
    EXPECT_EQ(after[2], before[2] + 1); // the comparison
    EXPECT_EQ(after[3], before[3] + 1); // the simulated job's workers
    EXPECT_EQ(after[4], before[4]);     // training: untouched
    EXPECT_EQ(after[5], before[5]);     // project: untouched
    EXPECT_EQ(after[6], before[6]);     // the baseline is not evaluated again
    // A training edit touches the training section only (and the inputs).
    Scenario s = doc->scenario();
    s.training.microbatches = 16;
    ASSERT_TRUE(doc->edit(s, QStringLiteral("microbatches")));
    const std::array<int, 7> training = counts();
    EXPECT_EQ(training[1], after[1]);
    EXPECT_EQ(training[4], after[4] + 1);
    EXPECT_EQ(training[5], after[5]);
}

// The background work is the document's: the tail and project workspaces show the runs of the
// document's one PlanJobs (one cache each), and the report prints the window's finished Monte
// Carlo rather than running another. Without a finished run for the plan as it is, the report
// runs the same core function (projectEstimate) and gets the same numbers.
TEST(ConsistencyTest, TheWorkspacesShowTheDocumentsJobsAndTheReportReusesThem)
{
    MainWindow window(MainWindow::Options::headless());
    window.show();
    ScenarioDocument *doc = window.document();
    // One simulation job in the window, the document's: no panel holds one of its own.
    ASSERT_EQ(window.findChildren<SimulationRunner *>(),
              QList<SimulationRunner *>{doc->jobs()->simulation()});

    Scenario fewer = doc->scenario(); // fewer trials: the test also runs under ASan
    fewer.project.monteCarlo.trials = 2'000;
    ASSERT_TRUE(doc->edit(fewer, QStringLiteral("fewer trials")));
    MonteCarloRunner *monteCarlo = doc->jobs()->monteCarlo();
    EXPECT_FALSE(monteCarlo->estimateFor(doc->scenario().project).has_value());
    window.workspaces()->setCurrentIndex(3); // Project estimates
    ASSERT_TRUE(QTest::qWaitFor([&]() { return window.projectPanel()->planEstimate().has_value(); },
                                60'000));
    EXPECT_EQ(window.projectPanel()->runsStarted(), monteCarlo->runsStarted());
    EXPECT_EQ(&*window.projectPanel()->planEstimate(), &*monteCarlo->estimate());

    // The same plan in core: the PERT from the plan's section, the Monte Carlo with its seed.
    const ProjectSettings project = doc->scenario().project; // a copy: the plan edited below
    const estimate::PlanEstimate core = projectEstimate(project, doc->planResult().project);
    // The window's run adds the criticality, the tornado and the task ranges to the plain run.
    estimate::MonteCarloOptions risk = project.monteCarlo;
    risk.tornado = true;
    risk.taskRanges = true;
    EXPECT_EQ(core, estimate::estimatePlan(project.tasks, project.buffers, risk));
    ASSERT_TRUE(monteCarlo->estimateFor(project).has_value());
    EXPECT_EQ(*monteCarlo->estimateFor(project), core);

    // A project edit while the workspace is hidden runs nothing, and makes the finished run
    // stale: the report then runs its own (projectEstimate) instead of printing the old one.
    window.workspaces()->setCurrentIndex(0);
    const int runs = monteCarlo->runsStarted();
    Scenario more = doc->scenario();
    more.project.monteCarlo.seed += 1;
    ASSERT_TRUE(doc->edit(more, QStringLiteral("another seed")));
    EXPECT_EQ(monteCarlo->runsStarted(), runs);
    EXPECT_FALSE(monteCarlo->estimateFor(doc->scenario().project).has_value());
    EXPECT_TRUE(monteCarlo->estimateFor(project).has_value()); // the plan before the edit
}

// The window's report prints the simulation only when it answers the plan as it is now: after
// an edit the tail workspace has not simulated yet, the report leaves the old run out rather
// than print percentiles of another plan next to the new headline.
TEST(ConsistencyTest, TheReportNeverPrintsASimulationOfAnOlderPlan)
{
    MainWindow window(MainWindow::Options::headless());
    window.show();
    ScenarioDocument *doc = window.document();
    ASSERT_TRUE(window.openFile(presetFile("feature-store-cap.json")));
    Scenario fewer = doc->scenario(); // fewer trials: the test also runs under ASan
    fewer.simulation.trials = 100;
    fewer.goal.trials = 20;
    // Only the tail workspace simulates here: a deadline in force (the preset's hour, since
    // issue 51) would have the document simulate every plan for its verdict (issue 32).
    fewer.goal.deadlineSeconds.reset();
    ASSERT_TRUE(doc->edit(fewer, QStringLiteral("fewer trials")));
    window.workspaces()->setCurrentIndex(1); // Overheads & tail
    TailPanel *tail = window.tailPanel();
    ASSERT_TRUE(QTest::qWaitFor([tail]() { return !tail->isSimulationPending(); }, 60'000));
    const SimulationRunner *simulation = doc->jobs()->simulation();
    ASSERT_TRUE(simulation->answers(SimulationRunner::requestFor(doc->planResult())));

    QTemporaryDir directory;
    ASSERT_TRUE(directory.isValid());
    const auto exportedText = [&window, &directory]() {
        const QString pdf = directory.filePath(QStringLiteral("report.pdf"));
        EXPECT_TRUE(window.exportReport(pdf));
        QProcess process;
        process.start(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
        process.waitForFinished(60'000);
        return QString::fromUtf8(process.readAllStandardOutput());
    };
    EXPECT_TRUE(exportedText().contains(QStringLiteral("Simulated completion time")));

    window.workspaces()->setCurrentIndex(0); // the tail workspace hidden: no new run
    Scenario more = doc->scenario();
    more.workload.workers = 2'000;
    ASSERT_TRUE(doc->edit(more, QStringLiteral("workers")));
    EXPECT_FALSE(simulation->answers(SimulationRunner::requestFor(doc->planResult())));
    EXPECT_FALSE(exportedText().contains(QStringLiteral("Simulated completion time")));
}

// "Finish within": the window's headline, `eval` and the report give the one verdict core
// computed, overheads and all.
TEST(ConsistencyTest, TheDeadlineVerdictIsOneSentenceInTheWindowTheCliAndTheReport)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 720);
    window.show();
    ASSERT_TRUE(window.openFile(presetFile("feature-store-cap.json")));
    ASSERT_TRUE(window.applySetting(QStringLiteral("goal.deadline_s=1800")));
    const ScenarioDocument *doc = window.document();
    ASSERT_TRUE(doc->result().deadline.has_value());
    const QString verdict = window.headline()->verdictText();
    EXPECT_EQ(verdict, explain::deadline(*doc->result().deadline));
    // 31.75 minutes with overheads against 30: late, and the cap means no worker count helps.
    EXPECT_FALSE(doc->result().deadline->meets);
    EXPECT_EQ(verdict, QStringLiteral("Misses the deadline of 30 minutes by 105 seconds. Fewest "
                                      "workers that meet it: 2,084 by the naive model; with the "
                                      "overheads none: the feature store cap alone takes 31.25 "
                                      "minutes."));

    QTemporaryDir dir;
    const QString path = dir.path() + QStringLiteral("/plan.json");
    ASSERT_TRUE(window.saveFile(path));
    const QJsonObject deadline = evalJson(path).value(QStringLiteral("deadline")).toObject();
    EXPECT_EQ(deadline.value(QStringLiteral("verdict")).toString(), verdict);
    EXPECT_EQ(deadline.value(QStringLiteral("meets")).toBool(), false);
    EXPECT_DOUBLE_EQ(deadline.value(QStringLiteral("deadline_s")).toDouble(), 1800);
    const QString report = reportText(doc->plan(), dir.path());
    // The report's table wraps the sentence in its column: its verdict and its numbers are there.
    for (const char *part : {"Deadline", "late by 105 seconds", "Misses the deadline of 30 minutes",
                             "2,084", "cap alone takes 31.25 minutes"})
        EXPECT_TRUE(report.contains(QLatin1String(part))) << part;
}

// --set's undo step names the input as its control does, never its file key.
TEST(ConsistencyTest, SetNamesTheInputInTheUndoText)
{
    MainWindow window(MainWindow::Options::headless());
    ASSERT_TRUE(window.applySetting(QStringLiteral("workload.latency_ms=800..1200")));
    EXPECT_EQ(window.document()->undoStack()->undoText(),
              QStringLiteral("Set Latency per prediction"));
    // A key no numeric row reads keeps its key.
    ASSERT_TRUE(window.applySetting(QStringLiteral("name=Tonight")));
    EXPECT_EQ(window.document()->undoStack()->undoText(), QStringLiteral("Set name"));
}

// Words in one place: for every preset, and two with a deadline, the answer's sentence, what
// binds and What it would take's reasons read the same in the window, in `eval` and in the
// report, for core makes each once (summary::jobAnswer, explain::whatItTakesRows).
class EveryPresetsSentences : public ::testing::TestWithParam<std::pair<const char *, double>>
{
};

TEST_P(EveryPresetsSentences, ReadTheSameInTheWindowEvalAndTheReport)
{
    const auto [name, deadlineSeconds] = GetParam();
    const std::string what = std::string(name) + " deadline " + std::to_string(deadlineSeconds);
    MainWindow window(MainWindow::Options::headless());
    window.resize(1600, 1000);
    window.show();
    ASSERT_TRUE(window.openFile(presetFile(name))) << what;
    if (deadlineSeconds > 0) {
        ASSERT_TRUE(window.applySetting(QStringLiteral("goal.deadline_s=%1").arg(deadlineSeconds)));
    }
    QTemporaryDir dir;
    const QString path = dir.path() + QStringLiteral("/plan.json");
    ASSERT_TRUE(window.saveFile(path)) << what;
    const QJsonObject o = evalJson(path);
    const QString report = reportText(window.document()->plan(), dir.path(), false);
    const HeadlineWidget *h = window.headline();
    window.workspaces()->setCurrentIndex(0); // the job's answer, as eval gives it
    {
        // The verdict: the answer's sentence.
        const QJsonObject answer = o.value(QStringLiteral("answer")).toObject();
        const QString sentence = h->answerText();
        ASSERT_FALSE(sentence.isEmpty()) << what;
        EXPECT_EQ(answer.value(QStringLiteral("sentence")).toString(), sentence) << what;
        // A project plan's report answers the project's question instead.
        const bool jobReport = std::string(name) != "project-forecast.json";
        EXPECT_TRUE(!jobReport || report.contains(sentence.simplified()))
            << what << ": " << sentence.toStdString();
        // What binds: the limit's name, and the sentence that says why.
        const QJsonObject binds = answer.value(QStringLiteral("numbers"))
                                      .toObject()
                                      .value(QStringLiteral("binds"))
                                      .toObject();
        bool found = false;
        for (int i = 0; i < h->answerCount(); ++i) {
            if (h->answerCaption(i) != binds.value(QStringLiteral("caption")).toString())
                continue;
            found = true;
            EXPECT_EQ(h->answerValue(i), binds.value(QStringLiteral("value")).toString()) << what;
            EXPECT_EQ(h->answerExact(i), binds.value(QStringLiteral("exact")).toString()) << what;
            EXPECT_TRUE(!jobReport || report.contains(h->answerValue(i))) << what;
        }
        EXPECT_TRUE(found) << what << ": the window shows no 'What binds'";
    }
    // What it would take: each lever's change, or why it cannot alone.
    const QJsonArray levers = o.value(QStringLiteral("what_it_takes"))
                                  .toObject()
                                  .value(QStringLiteral("levers"))
                                  .toArray();
    const QTableWidget *table = window.whatItTakes()->table();
    ASSERT_EQ(table->rowCount(), levers.size()) << what;
    if (deadlineSeconds > 0) {
        EXPECT_GT(levers.size(), 0) << what;
    }
    for (int row = 0; row < table->rowCount(); ++row) {
        const QJsonObject lever = levers[row].toObject();
        const bool possible = lever.value(QStringLiteral("possible")).toBool();
        const QString words =
            lever.value(possible ? QStringLiteral("change_text") : QStringLiteral("reason"))
                .toString();
        ASSERT_FALSE(words.isEmpty()) << what << " row " << row;
        EXPECT_EQ(table->item(row, 0)->text(), lever.value(QStringLiteral("lever")).toString())
            << what;
        EXPECT_TRUE(table->item(row, 3)->text().startsWith(words))
            << what << ": " << table->item(row, 3)->text().toStdString() << " against "
            << words.toStdString();
        EXPECT_TRUE(report.contains(words.simplified())) << what << ": " << words.toStdString();
    }
}

INSTANTIATE_TEST_SUITE_P(
    ConsistencyTest, EveryPresetsSentences,
    ::testing::Values(
        std::pair{"nightly-scoring.json", 0.0}, std::pair{"pruned-accelerated.json", 0.0},
        std::pair{"seed001-pipeline.json", 0.0}, std::pair{"five-stage.json", 0.0},
        std::pair{"feature-store-cap.json", 0.0}, std::pair{"feature-store-cap.json", 1800.0},
        std::pair{"training-schedules.json", 0.0}, std::pair{"measured-specsdm91.json", 0.0},
        std::pair{"project-forecast.json", 0.0}, std::pair{"embedding-h100.json", 0.0},
        std::pair{"embedding-h100.json", 86400.0}, std::pair{"nightly-scoring.json", 86400.0}),
    [](const ::testing::TestParamInfo<std::pair<const char *, double>> &info) {
        std::string name = info.param.first;
        name = name.substr(0, name.find('.'));
        for (char &c : name) {
            if (c == '-')
                c = '_';
        }
        return name + (info.param.second > 0 ? "_deadline" : "");
    });
