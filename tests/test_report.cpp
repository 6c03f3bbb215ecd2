// The report a person pastes into a planning document (issue 19): the sections the plan uses,
// the goal seek's answer exactly as `pipeplan-cli deadline` gives it, a one-page summary, and
// the same report as HTML and Markdown.
#include "app/cli/cli.h"
#include "app/cli/report.h"
#include "core/base/format.h"
#include "core/base/tabletext.h"
#include "core/model/uncertainty.h"
#include "core/plan/explain.h"
#include "core/plan/hardwaretext.h"
#include "core/plan/scenariofile.h"
#include "core/plan/summary.h"
#include "ui/document/scenariodocument.h"
#include "ui/model/headlinewidget.h"
#include "ui/report/report.h"
#include "ui/report/reportdialog.h"
#include "ui/window/mainwindow.h"

#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <map>
#include <optional>

#include <sys/stat.h>
#include <sys/sysmacros.h>

using namespace pipeplan;

namespace {

QString presetPath(const char *name)
{
    return QStringLiteral(PIPEPLAN_PRESETS_DIR "/") + QLatin1String(name);
}

Plan loadPreset(const char *name)
{
    QFile file(presetPath(name));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly));
    return scenariofile::fromJson(file.readAll()).plan.value_or(Plan{});
}

/// `pipeplan-cli report ARGS`, in process: the exit code and what it printed.
int runReport(const QStringList &args, QString *printed = nullptr)
{
    QString out;
    QString err;
    QTextStream outStream(&out);
    QTextStream errStream(&err);
    const int code = cli::runReport(args, outStream, errStream);
    outStream.flush();
    errStream.flush();
    if (printed)
        *printed = out + err;
    return code;
}

/// Issue 32's overnight plan: 150M users, accelerator 10 ms, keep 0.5, batched 50 ms per user,
/// p = 0.999, 150 workers, to finish within 8 hours.
Plan overnightPlan()
{
    Plan plan;
    Workload &w = plan.scenario.workload;
    w.users = 150e6;
    w.acceleratorLatencyMs = 10;
    w.keepFraction = 0.5;
    w.batchMsPerUser = 50;
    w.parallelFraction = 0.999;
    w.workers = 150;
    plan.scenario.goal.deadlineSeconds = 8 * 3600;
    return plan;
}

/// The PDF's text as pdftotext reads it (pages `first` to `last`, all when 0).
QString pdfText(const QString &pdf, int first = 0, int last = 0)
{
    QStringList args;
    if (first > 0)
        args << QStringLiteral("-f") << QString::number(first) << QStringLiteral("-l")
             << QString::number(last);
    args << pdf << QStringLiteral("-");
    QProcess process;
    process.start(QStringLiteral("pdftotext"), args);
    EXPECT_TRUE(process.waitForFinished(60000));
    EXPECT_EQ(process.exitCode(), 0);
    // The PDF's fonts set "fi", "ff" and "fl" as ligatures: read them as the letters.
    return QString::fromUtf8(process.readAllStandardOutput())
        .replace(QChar(0xFB00), QStringLiteral("ff"))
        .replace(QChar(0xFB01), QStringLiteral("fi"))
        .replace(QChar(0xFB02), QStringLiteral("fl"));
}

/// The PDF's lines as `pdftotext -layout` places them, each with its spaces collapsed: a table's
/// row reads as its cells joined by single spaces.
QStringList pdfLayoutLines(const QString &pdf)
{
    QProcess process;
    process.start(QStringLiteral("pdftotext"),
                  {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
    EXPECT_TRUE(process.waitForFinished(60000));
    QStringList lines;
    for (const QString &line :
         QString::fromUtf8(process.readAllStandardOutput()).split(QLatin1Char('\n')))
        lines << line.simplified();
    return lines;
}

/// A word pdftotext places on a page, with its box in points.
struct PdfWord
{
    QString text;
    double xMin = 0, yMin = 0, xMax = 0, yMax = 0;
};

/// The words of page `page` with their boxes (`pdftotext -bbox`).
std::vector<PdfWord> pdfWords(const QString &pdf, int page)
{
    QProcess process;
    process.start(QStringLiteral("pdftotext"),
                  {QStringLiteral("-bbox"), QStringLiteral("-f"), QString::number(page),
                   QStringLiteral("-l"), QString::number(page), pdf, QStringLiteral("-")});
    EXPECT_TRUE(process.waitForFinished(60000));
    const QString html = QString::fromUtf8(process.readAllStandardOutput())
                             .replace(QChar(0xFB00), QStringLiteral("ff"))
                             .replace(QChar(0xFB01), QStringLiteral("fi"))
                             .replace(QChar(0xFB02), QStringLiteral("fl"));
    static const QRegularExpression word(QStringLiteral(
        R"re(<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>)re"));
    std::vector<PdfWord> words;
    for (auto it = word.globalMatch(html); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        words.push_back({m.captured(5), m.captured(1).toDouble(), m.captured(2).toDouble(),
                         m.captured(3).toDouble(), m.captured(4).toDouble()});
    }
    return words;
}

/// The first word `text` below `y` on the page.
std::optional<PdfWord> wordBelow(const std::vector<PdfWord> &words, const QString &text, double y)
{
    for (const PdfWord &w : words) {
        if (w.text == text && w.yMin > y)
            return w;
    }
    return std::nullopt;
}

/// The lines of `text` that stand alone (headings are one line of their own in pdftotext).
bool hasLine(const QString &text, const QString &line)
{
    // A page starts with a form feed.
    return QString(text).remove(QLatin1Char('\f')).split(QLatin1Char('\n')).contains(line);
}

/// The table under the Markdown heading that starts with `heading`.
std::optional<std::vector<QStringList>> markdownTableAfter(const QString &markdown,
                                                           const QString &heading)
{
    const QStringList lines = markdown.split(QLatin1Char('\n'));
    qsizetype i = 0;
    while (i < lines.size() && !lines[i].startsWith(QStringLiteral("## ") + heading))
        ++i;
    while (i < lines.size() && !lines[i].startsWith(QLatin1Char('|')))
        ++i;
    QStringList table;
    while (i < lines.size() && lines[i].startsWith(QLatin1Char('|')))
        table << lines[i++];
    return tabletext::parseMarkdown(table.join(QLatin1Char('\n')) + QLatin1Char('\n'));
}

} // namespace

TEST(Report, TheFiveStagePresetPrintsNoProjectLabelingOrTrainingUnlessAsked)
{
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("out.pdf"));
    QString printed;
    ASSERT_EQ(runReport({presetPath("five-stage.json"), QStringLiteral("-o"), pdf}, &printed),
              cli::kExitOk)
        << printed.toStdString();
    EXPECT_TRUE(
        printed.contains(QStringLiteral("(summary,inputs,scaling,amdahl,pipeline,formulas)")))
        << printed.toStdString();
    QString text = pdfText(pdf);
    for (const char *heading : {"Project estimate", "Labeling effort",
                                "Training pipeline schedules", "Training job ETA from a canary"})
        EXPECT_FALSE(text.contains(QLatin1String(heading))) << heading;
    // No example value leaks into the formulas either (seed 003's labeling hours).
    EXPECT_FALSE(text.contains(QStringLiteral("Labeling: base")));
    EXPECT_FALSE(text.contains(QStringLiteral("6,270")));
    EXPECT_TRUE(hasLine(text, QStringLiteral("Summary")));
    EXPECT_TRUE(hasLine(text, QStringLiteral("Formulas used")));

    ASSERT_EQ(runReport({presetPath("five-stage.json"), QStringLiteral("-o"), pdf,
                         QStringLiteral("--sections"), QStringLiteral("project")},
                        &printed),
              cli::kExitOk);
    text = pdfText(pdf);
    EXPECT_TRUE(hasLine(text, QStringLiteral("Project estimate")));
    EXPECT_TRUE(text.contains(QStringLiteral("Labeling")));
    // Asked for, the workspace's example is printed, and said to be one.
    EXPECT_TRUE(text.contains(QStringLiteral("Nothing was entered in the Project workspace")));
    EXPECT_FALSE(hasLine(text, QStringLiteral("Summary")));
}

// A report answers the plan's own question (issue 32): the sections of the workspaces the preset
// does not use never print, and its first page answers what the preset is about.
TEST(Report, EveryPresetsReportIsAboutWhatThePresetHolds)
{
    QTemporaryDir dir;
    const QDir presets(QStringLiteral(PIPEPLAN_PRESETS_DIR));
    const QStringList names = presets.entryList({QStringLiteral("*.json")});
    ASSERT_GE(names.size(), 8);
    for (const QString &name : names) {
        SCOPED_TRACE(name.toStdString());
        const QByteArray file = name.toUtf8();
        const Plan plan = loadPreset(file.constData());
        const QString pdf = dir.filePath(name + QStringLiteral(".pdf"));
        QString printed;
        ASSERT_EQ(runReport({presetPath(file.constData()), QStringLiteral("-o"), pdf}, &printed),
                  cli::kExitOk)
            << printed.toStdString();
        const QString text = pdfText(pdf);
        const QString first = pdfText(pdf, 1, 1).simplified();
        const bool job = summary::asks(plan.scenario, summary::Question::Job);
        const bool project = summary::asks(plan.scenario, summary::Question::Project);
        const bool training = summary::asks(plan.scenario, summary::Question::Training);
        EXPECT_EQ(hasLine(text, QStringLiteral("Project estimate")), project);
        EXPECT_EQ(hasLine(text, QStringLiteral("Training pipeline schedules")), training);
        EXPECT_EQ(hasLine(text, QStringLiteral("Scaling table")), job);
        EXPECT_EQ(hasLine(text, QStringLiteral("Headline")), job);
        EXPECT_EQ(hasLine(text, QStringLiteral("Assumptions")), job);
        EXPECT_EQ(first.contains(QStringLiteral("How long does scoring")), job);
        EXPECT_EQ(first.contains(QStringLiteral("When does the project")), project);
        EXPECT_EQ(first.contains(QStringLiteral("Which schedule runs a training step fastest")),
                  training);
        // The waterfall once when the job is the plan's: on the summary page, or after it for a
        // pipeline, whose first page shows its Gantt, the picture that answers it (issue 52),
        // and its bubble and balanced rate.
        const bool pipeline = job && plan.scenario.stages.size() > 1;
        EXPECT_EQ(text.count(QStringLiteral("Levers: runtime after each")), job ? 1 : 0);
        EXPECT_EQ(first.contains(QStringLiteral("Levers: runtime after each")), job && !pipeline);
        EXPECT_EQ(first.contains(QStringLiteral("Pipeline Gantt")), pipeline);
        EXPECT_EQ(first.contains(QStringLiteral("balanced into")), pipeline);
        // The answer's sentence opens the job's summary.
        if (job) {
            EXPECT_TRUE(first.contains(QStringLiteral("Answer"))) << first.toStdString();
        }
        // The labeling and job ETA calculators hold their examples in every preset.
        EXPECT_FALSE(text.contains(QStringLiteral("Labeling effort")));
        EXPECT_FALSE(text.contains(QStringLiteral("Training job ETA from a canary")));
        EXPECT_FALSE(text.contains(QStringLiteral("6,270")));
        EXPECT_FALSE(text.contains(QStringLiteral("Nothing was entered")));
        // Hardware and cost only where a device and a model set the latency (issue 33).
        EXPECT_EQ(text.contains(QStringLiteral("Hardware and cost:")),
                  plan.scenario.hardware.enabled);
    }
}

// Issue 33: the embedding job's report prints the device in force, the same bill as eval, and
// the cheapest device table as the window shows it.
TEST(Report, TheHardwareSectionSaysWhatEvalAndTheWindowSay)
{
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("embedding.pdf"));
    QString printed;
    ASSERT_EQ(runReport({presetPath("embedding-h100.json"), QStringLiteral("-o"), pdf}, &printed),
              cli::kExitOk)
        << printed.toStdString();
    const QString text = pdfText(pdf).simplified();
    const Plan plan = loadPreset("embedding-h100.json");
    const PlanResult result = evaluatePlan(plan);
    EXPECT_TRUE(text.contains(QStringLiteral("Hardware and cost: Llama 2 7B on H100 SXM")));
    EXPECT_TRUE(text.contains(QStringLiteral("In force: 1,000 ms → H100 SXM batch 64: 12.98 "
                                             "ms/item, compute-bound.")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("This plan at 100 workers costs ") +
                              explain::costLine(result.model.cost, result.hardware.current)));
    EXPECT_TRUE(text.contains(QStringLiteral("$4,507.42 for 1,803.0 GPU-hours at $2.50/h")));
    // Each device row as the window's table has it.
    const QStringList lines = pdfLayoutLines(pdf);
    for (const QStringList &row :
         explain::deviceOptionRows(result.hardware.options, QStringLiteral("USD"))) {
        if (row[4].startsWith(QStringLiteral("cannot")))
            continue;
        EXPECT_TRUE(lines.contains(row.join(QLatin1Char(' '))))
            << row.join(QLatin1Char(' ')).toStdString();
    }
    // The headline explains the latency in force, not the typed one.
    EXPECT_TRUE(text.contains(QStringLiteral("scoring 1 × 12.98 ms = 12.98 ms")));
    EXPECT_TRUE(text.contains(QStringLiteral("Device H100 SXM")));
}

// The project preset asks one question, when the project finishes, and page 1 answers it with
// the run's numbers: the same P50 and P90 dates the Project workspace shows.
TEST(Report, TheProjectPresetsFirstPageIsItsFinishAndWhatDrivesIt)
{
    const Plan plan = loadPreset("project-forecast.json");
    EXPECT_EQ(summary::questionsOf(plan.scenario),
              std::vector<summary::Question>{summary::Question::Project});
    PlanResult result = evaluatePlan(plan);
    completeBackground(result, plan, Background::MonteCarlo);
    result.projectCharts =
        projectCharts(plan.scenario.project, result.project, result.monteCarlo.ready());
    const summary::Answer answer = summary::projectAnswer(plan.scenario, result);
    ASSERT_EQ(answer.rows.size(), 5u);
    EXPECT_EQ(answer.question, QStringLiteral("When does the project finish, 6 of its 8 tasks "
                                              "left on Fri 13 Nov 2026, and what drives it?"));
    const ProjectDates &dates = *result.projectCharts.dates;
    const QString p90 =
        QLocale(QLocale::English).toString(dates.monteCarlo.p90, QStringLiteral("ddd d MMM yyyy"));
    EXPECT_EQ(answer.rows[1].first, QStringLiteral("P90 finish"));
    EXPECT_TRUE(answer.rows[1].second.startsWith(p90 + QStringLiteral(" (")))
        << answer.rows[1].second.toStdString();
    EXPECT_EQ(answer.rows[4].first, QStringLiteral("What drives it"));
    EXPECT_TRUE(answer.rows[4].second.startsWith(QStringLiteral("Model selection & training")))
        << answer.rows[4].second.toStdString();

    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("project.pdf"));
    QString printed;
    ASSERT_EQ(runReport({presetPath("project-forecast.json"), QStringLiteral("-o"), pdf}, &printed),
              cli::kExitOk);
    EXPECT_TRUE(printed.contains(QStringLiteral("(summary,project,formulas)")))
        << printed.toStdString();
    const QString first = pdfText(pdf, 1, 1).simplified();
    for (const auto &[label, value] : answer.rows) {
        EXPECT_TRUE(first.contains(label)) << label.toStdString();
        EXPECT_TRUE(first.contains(value.left(40))) << value.toStdString();
    }
    EXPECT_FALSE(first.contains(QStringLiteral("150,000,000")));
    EXPECT_FALSE(first.contains(QStringLiteral("697.85 days")));
    // The window's headline sentence opens the page, and the distribution that proves it
    // follows on it.
    const QString sentence = summary::projectHeadline(plan.scenario, result).sentence;
    EXPECT_TRUE(sentence.startsWith(QStringLiteral("Finishes by "))) << sentence.toStdString();
    EXPECT_TRUE(first.contains(sentence.left(40))) << first.toStdString();
    EXPECT_TRUE(first.contains(QStringLiteral("Plan duration, Monte Carlo")))
        << first.toStdString();
    // Drawn once: the Project section does not repeat it.
    EXPECT_EQ(pdfText(pdf).simplified().count(QStringLiteral("Plan duration, Monte Carlo")), 1);
}

// The training preset's summary answers its schedule question with seed 001's closed forms:
// ZB-H1 m(F + B + W) + (p - 1)(F + B - W) = 8 x 30 + 3 x 10 = 270 ms beats 1F1B's
// (m + p - 1)(F + B + W) = 330 ms, idle 1 - 960 / (4 x 270) = 11.1 %, p = 4 microbatches held.
TEST(Report, TheTrainingPresetsSummaryNamesTheFastestScheduleThatFits)
{
    const Plan plan = loadPreset("training-schedules.json");
    EXPECT_EQ(
        summary::questionsOf(plan.scenario),
        (std::vector<summary::Question>{summary::Question::Job, summary::Question::Training}));
    const summary::Answer answer = summary::trainingAnswer(plan.scenario, evaluatePlan(plan));
    EXPECT_EQ(answer.question, QStringLiteral("Which schedule runs a training step fastest on 4 "
                                              "devices with 8 microbatches?"));
    ASSERT_GE(answer.rows.size(), 4u);
    EXPECT_EQ(answer.rows[0],
              std::pair(QStringLiteral("Fastest"), QStringLiteral("ZB-H1: 270 ms per step")));
    EXPECT_EQ(answer.rows[1].second, QStringLiteral("11.1 % of the devices' time idle"));
    EXPECT_EQ(answer.rows[2].second, QStringLiteral("4 microbatches on a device"));
    EXPECT_TRUE(answer.rows[3].second.contains(QStringLiteral("1F1B 330 ms")));

    // With a budget of 3 microbatches nothing that holds p = 4 fits: the row says so.
    Plan tight = plan;
    tight.scenario.training.memoryLimitMicrobatches = 3;
    const summary::Answer squeezed = summary::trainingAnswer(tight.scenario, evaluatePlan(tight));
    EXPECT_TRUE(squeezed.question.endsWith(QStringLiteral(" within the memory budget?")));
    ASSERT_GE(squeezed.rows.size(), 3u);
    EXPECT_EQ(squeezed.rows[0], std::pair(QStringLiteral("Fastest (none fits)"),
                                          QStringLiteral("ZB-H1: 270 ms per step")));
    EXPECT_EQ(squeezed.rows[2].second,
              QStringLiteral("4 microbatches on a device (budget 3: does not fit)"));
}

// An untouched plan asks the batch job's question; the job entered and nothing else asks it too.
TEST(Report, AnUntouchedPlanAsksTheJobsQuestion)
{
    Scenario s = defaultScenario();
    EXPECT_FALSE(summary::jobEntered(s));
    EXPECT_EQ(summary::questionsOf(s), std::vector<summary::Question>{summary::Question::Job});
    s.name = QStringLiteral("Renamed");
    s.notes = QStringLiteral("Notes do not make a job");
    EXPECT_FALSE(summary::jobEntered(s));
    s.project.monteCarlo.seed = 7;
    EXPECT_EQ(summary::questionsOf(s), std::vector<summary::Question>{summary::Question::Project});
    s.goal.deadlineSeconds = 24 * 3600.0;
    EXPECT_TRUE(summary::jobEntered(s));
    EXPECT_EQ(summary::questionsOf(s),
              (std::vector<summary::Question>{summary::Question::Job, summary::Question::Project}));
}

// Issue 32's overnight plan: nobody set stragglers or failures, so the report's inputs list none
// (they used to print seed 000's 1 % at 3x as if typed), and the closed form's "meets" stands.
TEST(Report, TheOvernightPlansInputsListNoStragglerItDoesNotSet)
{
    Plan plan = overnightPlan();
    std::map<QString, QString> inputs;
    for (const auto &[label, value] : explain::inputRows(plan.scenario))
        inputs[label] = value;
    EXPECT_EQ(inputs[QStringLiteral("Stragglers")], QStringLiteral("none"));
    EXPECT_EQ(inputs[QStringLiteral("Failures per attempt")], QStringLiteral("none"));
    EXPECT_EQ(inputs[QStringLiteral("Deadline")], QStringLiteral("8 hours"));
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("overnight.pdf"));
    ASSERT_TRUE(report::writePdf(plan, evaluatePlan(plan), pdf, {}).isEmpty());
    const QString text = pdfText(pdf).simplified();
    EXPECT_TRUE(text.contains(QStringLiteral("Meets the deadline of 8 hours")))
        << text.left(600).toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("% of shards")));
    EXPECT_TRUE(text.contains(QStringLiteral("Stragglers none")));

    // Set by the person, they print as typed.
    plan.scenario.simulation.stragglerProbability = 0.02;
    inputs.clear();
    for (const auto &[label, value] : explain::inputRows(plan.scenario))
        inputs[label] = value;
    EXPECT_EQ(inputs[QStringLiteral("Stragglers")], QStringLiteral("2% of shards, 3× slower"));
}

// Issue 32's overnight plan with stragglers set (1 % at 3x): the closed form meets the 8 hours
// with 75 s to spare, the simulated P50 (8.4 hours) misses. The headline, the report's summary
// and `eval --json` each say both, with the method named, never one against the other.
TEST(Report, WhereTheClosedFormAndTheSimulationDisagreeBothVerdictsAreSaid)
{
    Plan plan = overnightPlan();
    plan.scenario.simulation.stragglerProbability = 0.01;
    plan.scenario.simulation.stragglerFactor = 3;

    PlanResult result = evaluatePlan(plan);
    EXPECT_EQ(summary::deadlineVerdicts(result), explain::deadline(*result.model.deadline));
    completeBackground(result, plan, Background::Simulation);
    const std::optional<summary::SimulatedDeadline> simulated = summary::simulatedDeadline(result);
    ASSERT_TRUE(simulated.has_value());
    EXPECT_TRUE(result.model.deadline->meets);
    EXPECT_FALSE(simulated->meets);
    EXPECT_NEAR(simulated->p50Seconds / 3600, 8.4, 0.05);
    const QString both = summary::deadlineVerdicts(result);
    EXPECT_TRUE(both.startsWith(QStringLiteral(
        "By the closed form: Meets the deadline of 8 hours with 75 seconds to spare.")))
        << both.toStdString();
    EXPECT_TRUE(both.contains(QStringLiteral("Simulated, 500 trials: the P50 of 8.4 hours misses "
                                             "it by ") +
                              format::duration(-simulated->marginSeconds)))
        << both.toStdString();

    // The report's summary, completed by itself.
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("overnight.pdf"));
    ASSERT_TRUE(report::writePdf(plan, evaluatePlan(plan), pdf, {}).isEmpty());
    const QString first = pdfText(pdf, 1, 1).simplified();
    EXPECT_TRUE(first.contains(QStringLiteral("By the closed form: Meets the deadline of 8 hours")))
        << first.left(800).toStdString();
    EXPECT_TRUE(first.contains(QStringLiteral("the P50 of 8.4 hours misses it by")))
        << first.left(800).toStdString();

    // eval --json: the closed form's verdict, the simulated one, and both in words.
    const QString path = dir.filePath(QStringLiteral("overnight.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(scenariofile::toJson(plan));
    file.close();
    const cli::CliRunResult run =
        cli::runCaptured({QStringLiteral("eval"), path, QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject deadline = QJsonDocument::fromJson(run.out.toUtf8())
                                     .object()
                                     .value(QStringLiteral("deadline"))
                                     .toObject();
    EXPECT_EQ(deadline.value(QStringLiteral("method")).toString(), QStringLiteral("closed_form"));
    EXPECT_TRUE(deadline.value(QStringLiteral("meets")).toBool());
    const QJsonObject sim = deadline.value(QStringLiteral("simulated")).toObject();
    EXPECT_EQ(sim.value(QStringLiteral("method")).toString(), QStringLiteral("simulation"));
    EXPECT_FALSE(sim.value(QStringLiteral("meets")).toBool());
    EXPECT_DOUBLE_EQ(sim.value(QStringLiteral("p50_s")).toDouble(), simulated->p50Seconds);
    EXPECT_EQ(deadline.value(QStringLiteral("verdicts")).toString(), both);

    // The window's headline: the closed form's at once, both when its simulation is in.
    MainWindow window(MainWindow::Options::headless());
    window.document()->load(plan, QString());
    EXPECT_TRUE(window.headline()->verdictText().startsWith(
        QStringLiteral("Meets the deadline of 8 hours")));
    for (int i = 0;
         i < 1200 && !window.headline()->verdictText().contains(QStringLiteral("Simulated")); ++i)
        QTest::qWait(50);
    EXPECT_EQ(window.headline()->verdictText(), both);
}

TEST(Report, TheGoalSeekHasTheDeadlineCommandsNumbers)
{
    QString json;
    {
        QTextStream out(&json);
        QTextStream err(stderr);
        ASSERT_EQ(cli::run({QStringLiteral("deadline"), presetPath("feature-store-cap.json"),
                            QStringLiteral("--json")},
                           out, err),
                  cli::kExitOk);
    }
    const QJsonArray options =
        QJsonDocument::fromJson(json.toUtf8()).object().value(QStringLiteral("options")).toArray();
    ASSERT_EQ(options.size(), 4);

    const Plan plan = loadPreset("feature-store-cap.json");
    const QString markdown = report::text(plan, evaluatePlan(plan), {}, report::Format::Markdown);
    const auto table = markdownTableAfter(markdown, QStringLiteral("Goal seek"));
    ASSERT_TRUE(table.has_value()) << markdown.toStdString();
    ASSERT_EQ(table->size(), 5u);
    EXPECT_EQ(table->front(),
              (QStringList{QStringLiteral("Model"), QStringLiteral("Fewest workers"),
                           QStringLiteral("Finishes in"), QStringLiteral("Cost at $0.50/worker-h"),
                           QStringLiteral("Why not")}));
    for (qsizetype i = 0; i < options.size(); ++i) {
        const QJsonObject option = options[i].toObject();
        const QStringList &row = (*table)[static_cast<size_t>(i) + 1];
        EXPECT_EQ(row[0], option.value(QStringLiteral("method")).toString());
        EXPECT_EQ(row[1], format::grouped(option.value(QStringLiteral("workers")).toDouble(), 0));
        EXPECT_EQ(row[2],
                  format::duration(option.value(QStringLiteral("runtime_seconds")).toDouble()));
        EXPECT_EQ(row[3], QStringLiteral("$") +
                              format::grouped(option.value(QStringLiteral("cost")).toDouble(), 2));
    }
    EXPECT_EQ(QJsonDocument::fromJson(json.toUtf8())
                  .object()
                  .value(QStringLiteral("currency"))
                  .toString(),
              QStringLiteral("USD"));
    // The numbers the issue quotes for this preset, and the verdict beside them.
    EXPECT_EQ((*table)[1][1], QStringLiteral("1,042"));
    EXPECT_EQ((*table)[2][1], QStringLiteral("1,093"));
    EXPECT_TRUE(markdown.contains(QStringLiteral("This plan at 5,000 workers: Meets the deadline "
                                                 "of 60 minutes")));

    // And in the PDF.
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("fs.pdf"));
    ASSERT_EQ(runReport({presetPath("feature-store-cap.json"), QStringLiteral("-o"), pdf}),
              cli::kExitOk);
    const QString text = pdfText(pdf);
    EXPECT_TRUE(text.contains(QStringLiteral("Goal seek: fewest workers to")));
    for (const QJsonValue &option : options)
        EXPECT_TRUE(text.contains(
            format::grouped(option.toObject().value(QStringLiteral("workers")).toDouble(), 0)));
}

TEST(Report, TheSummaryIsTheFirstPageWithTheQuestionAndTheAnswer)
{
    const Plan plan = loadPreset("five-stage.json");
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("summary.pdf"));
    ASSERT_TRUE(report::writePdf(plan, evaluatePlan(plan), pdf, {}).isEmpty());
    const QString first = pdfText(pdf, 1, 1);
    const ScenarioResult r = evaluate(plan.scenario);
    const explain::Headline h = explain::headline(plan.scenario, r);
    EXPECT_TRUE(first.simplified().contains(explain::question(plan.scenario, r).simplified()))
        << first.toStdString();
    EXPECT_TRUE(first.contains(h.runtime));
    EXPECT_TRUE(first.contains(QStringLiteral("Biggest lever")));
    // A pipeline's picture is its Gantt (issue 52).
    EXPECT_TRUE(first.contains(QStringLiteral("Pipeline Gantt")));
    EXPECT_TRUE(first.simplified().contains(QStringLiteral("feature fetch at 500 ms per user")));
    // The summary page stands alone: the inputs start on the next.
    EXPECT_FALSE(hasLine(first, QStringLiteral("Inputs")));
    EXPECT_TRUE(hasLine(pdfText(pdf, 2, 2), QStringLiteral("Headline")));
}

TEST(Report, HtmlAndMarkdownHoldTheScalingTableAsTheWindowShowsIt)
{
    const Plan plan = loadPreset("nightly-scoring.json");
    const ScenarioResult r = evaluate(plan.scenario);
    const std::vector<QStringList> scaling = explain::scalingTableRows(
        explain::shownScaling(plan.scenario, r).rows, r.overheads.enabled);
    const auto markdownTable =
        markdownTableAfter(report::text(plan, evaluatePlan(plan), {}, report::Format::Markdown),
                           QStringLiteral("Scaling table"));
    ASSERT_TRUE(markdownTable.has_value());
    EXPECT_EQ(*markdownTable, scaling);
    const QString html = report::text(plan, evaluatePlan(plan), {}, report::Format::Html);
    EXPECT_TRUE(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
    const qsizetype at = html.indexOf(QStringLiteral("<h2>Scaling table</h2>"));
    ASSERT_GE(at, 0);
    const qsizetype start = html.indexOf(QStringLiteral("<table"), at);
    const qsizetype end = html.indexOf(QStringLiteral("</table>"), start);
    const auto htmlTable = tabletext::parseHtml(html.mid(start, end + 8 - start));
    ASSERT_TRUE(htmlTable.has_value());
    EXPECT_EQ(*htmlTable, scaling);
    // The charts travel as images, one per chart of the sections: the waterfall once, in the
    // summary, and Amdahl's (a one-stage job has no pipeline section).
    EXPECT_EQ(html.count(QStringLiteral("<img src=\"data:image/png;base64,")), 2);
    // The tables alone as CSV: each under its heading.
    const QString csvText = report::text(plan, evaluatePlan(plan), {}, report::Format::Csv);
    EXPECT_TRUE(csvText.contains(QStringLiteral("Scaling table\r\nWorkers,Linear (h),")))
        << csvText.left(400).toStdString();
}

TEST(Report, TheCliListsTheSectionsAndRefusesAMistypedOne)
{
    QString printed;
    EXPECT_EQ(runReport({QStringLiteral("--sections"), QStringLiteral("help")}, &printed),
              cli::kExitOk);
    for (ReportSection section : reportsections::all())
        EXPECT_TRUE(printed.contains(QStringLiteral("  ") + reportsections::key(section)));
    QTemporaryDir dir;
    EXPECT_EQ(runReport({presetPath("five-stage.json"), QStringLiteral("-o"),
                         dir.filePath(QStringLiteral("x.pdf")), QStringLiteral("--sections"),
                         QStringLiteral("summary,gantt")},
                        &printed),
              cli::kExitInvalid);
    EXPECT_EQ(printed,
              QStringLiteral("pipeplan-cli report: --sections: 'gantt' is not a section: "
                             "use summary,inputs,scaling,amdahl,levers,pipeline,"
                             "measured,hardware,overheads,goal_seek,training,project,formulas\n"));
    EXPECT_FALSE(QFile::exists(dir.filePath(QStringLiteral("x.pdf"))));
    EXPECT_EQ(runReport({presetPath("five-stage.json"), QStringLiteral("-o"),
                         dir.filePath(QStringLiteral("x.pdf")), QStringLiteral("--format"),
                         QStringLiteral("docx")},
                        &printed),
              cli::kExitInvalid);
    EXPECT_TRUE(
        printed.contains(QStringLiteral("--format: must be pdf, html, markdown, csv or tsv")));
    // The suffix picks the format.
    const QString md = dir.filePath(QStringLiteral("plan.md"));
    ASSERT_EQ(runReport({presetPath("five-stage.json"), QStringLiteral("-o"), md}), cli::kExitOk);
    QFile file(md);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_TRUE(file.readAll().startsWith("*PipePlan report*\n\n# Fetch, transform, embed"));
}

TEST(Report, TheDialogTicksWhatHasContentAndTheChoiceLandsInTheFileAndTheCli)
{
    MainWindow window(MainWindow::Options::headless());
    QString error;
    ASSERT_TRUE(window.openFile(presetPath("five-stage.json"), &error)) << error.toStdString();
    ScenarioDocument *document = window.document();
    std::unique_ptr<ReportDialog> dialog = window.makeReportDialog();
    EXPECT_TRUE(dialog->sectionBox(ReportSection::Summary)->isChecked());
    EXPECT_TRUE(dialog->sectionBox(ReportSection::Scaling)->isChecked());
    EXPECT_FALSE(dialog->sectionBox(ReportSection::Project)->isChecked());
    EXPECT_FALSE(dialog->sectionBox(ReportSection::Training)->isChecked());
    EXPECT_FALSE(dialog->sectionBox(ReportSection::GoalSeek)->isChecked());
    EXPECT_EQ(dialog->statusText(), QStringLiteral("6 of 13 sections"));
    EXPECT_FALSE(dialog->copyButton()->isEnabled()); // PDF: nothing to paste

    // Accepting the defaults changes nothing in the plan.
    window.keepReportSections(dialog->sections());
    EXPECT_FALSE(document->isModified());
    EXPECT_FALSE(document->scenario().report.sections.has_value());

    // Unticking everything leaves nothing to export.
    dialog->setSections({});
    EXPECT_FALSE(dialog->exportButton()->isEnabled());
    EXPECT_EQ(dialog->statusText(), QStringLiteral("Tick at least one section to export"));

    dialog->sectionBox(ReportSection::Summary)->setChecked(true);
    dialog->sectionBox(ReportSection::Project)->setChecked(true);
    dialog->sectionBox(ReportSection::Formulas)->setChecked(true);
    window.keepReportSections(dialog->sections());
    const std::vector<ReportSection> chosen{ReportSection::Summary, ReportSection::Project,
                                            ReportSection::Formulas};
    EXPECT_EQ(document->scenario().report.sections, chosen);
    EXPECT_TRUE(document->isModified());
    EXPECT_EQ(document->undoStack()->undoText(), QStringLiteral("Choose report sections"));

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("plan.json"));
    ASSERT_TRUE(window.saveFile(path, &error)) << error.toStdString();
    const QString pdf = dir.filePath(QStringLiteral("plan.pdf"));
    QString printed;
    ASSERT_EQ(runReport({path, QStringLiteral("-o"), pdf}, &printed), cli::kExitOk);
    EXPECT_TRUE(printed.contains(QStringLiteral("(summary,project,formulas)")))
        << printed.toStdString();
    const QString text = pdfText(pdf);
    EXPECT_TRUE(hasLine(text, QStringLiteral("Project estimate")));
    EXPECT_FALSE(hasLine(text, QStringLiteral("Scaling table")));
    // The window's own export prints the same sections.
    const QString windowPdf = dir.filePath(QStringLiteral("window.pdf"));
    ASSERT_TRUE(window.exportReport(windowPdf, &error)) << error.toStdString();
    EXPECT_TRUE(hasLine(pdfText(windowPdf), QStringLiteral("Project estimate")));

    // A new dialog starts from the saved choice; undo takes it back.
    EXPECT_TRUE(window.makeReportDialog()->sectionBox(ReportSection::Project)->isChecked());
    document->undoStack()->undo();
    EXPECT_FALSE(document->scenario().report.sections.has_value());
    EXPECT_FALSE(window.makeReportDialog()->sectionBox(ReportSection::Project)->isChecked());
}

// The report prints the result it is handed (the window's, with its searched training
// schedules), so a large zb-auto search is not run again on export; one still being searched is
// completed with the same core code, and equals what the window's search would deliver.
TEST(Report, TheTrainingSectionPrintsTheWindowsSearchedSchedules)
{
    Plan plan = loadPreset("training-schedules.json");
    plan.scenario.training.schedule = schedule::Kind::ZeroBubbleAuto;
    report::Options options;
    options.created = QDateTime(QDate(2026, 12, 2), QTime(9, 0));
    options.sections = std::vector<ReportSection>{ReportSection::Training};
    PlanResult result = evaluatePlan(plan);
    const QString own = report::text(plan, result, options, report::Format::Markdown);
    ASSERT_TRUE(result.training.schedules.front().result.has_value());
    const QString makespan =
        format::milliseconds(result.training.schedules.front().result->makespanMs);
    EXPECT_TRUE(own.contains(makespan)) << own.toStdString();

    PlanResult handed = result;
    handed.training.schedules.front().result->makespanMs = 4321.5;
    const QString printed = report::text(plan, handed, options, report::Format::Markdown);
    EXPECT_TRUE(printed.contains(format::milliseconds(4321.5))) << printed.toStdString();
    // One still being searched is completed here instead.
    handed.training.schedules.front().result.reset();
    handed.training.schedules.front().searching = true;
    EXPECT_EQ(report::backgroundsFor(plan, handed, options), Background::TrainingSearch);
    EXPECT_EQ(report::text(plan, handed, options, report::Format::Markdown), own);
}

// One plan, one evaluation: the window's export prints the document's result (it evaluates the
// plan zero more times), and `pipeplan-cli report` evaluates the file once.
TEST(Report, TheWindowsExportEvaluatesNothingAndTheCliEvaluatesOnce)
{
    MainWindow window(MainWindow::Options::headless());
    QString error;
    ASSERT_TRUE(window.openFile(presetPath("five-stage.json"), &error)) << error.toStdString();
    QTemporaryDir dir;
    const QString windowPdf = dir.filePath(QStringLiteral("window.pdf"));
    const long long beforeExport = planEvaluations();
    ASSERT_TRUE(window.exportReport(windowPdf, &error)) << error.toStdString();
    EXPECT_EQ(planEvaluations(), beforeExport);

    const QString cliPdf = dir.filePath(QStringLiteral("cli.pdf"));
    const long long beforeCli = planEvaluations();
    ASSERT_EQ(runReport({presetPath("five-stage.json"), QStringLiteral("-o"), cliPdf}),
              cli::kExitOk);
    EXPECT_EQ(planEvaluations(), beforeCli + 1);
}

namespace {
/// How far `header`'s right edge is from the right edge of the value under it, on the first
/// page of `pdf` that holds `heading`; nullopt when not found.
std::optional<double> headerOffsetFromItsValue(const QString &pdf, const QString &heading,
                                               const QString &header)
{
    for (int page = 1; page <= 12; ++page) {
        const std::vector<PdfWord> words = pdfWords(pdf, page);
        if (words.empty())
            return std::nullopt;
        const QString first = heading.section(QLatin1Char(' '), 0, 0);
        for (const PdfWord &start : words) {
            if (start.text != first)
                continue;
            const std::optional<PdfWord> h = wordBelow(words, header, start.yMax);
            if (!h)
                continue;
            // The nearest word on the next line whose box overlaps the header's column.
            std::optional<PdfWord> value;
            for (const PdfWord &w : words) {
                if (w.yMin > h->yMax && w.yMin < h->yMax + 16 && w.xMax > h->xMin - 40 &&
                    w.xMin < h->xMax + 40 &&
                    (!value || std::abs(w.xMax - h->xMax) < std::abs(value->xMax - h->xMax)))
                    value = w;
            }
            if (value)
                return h->xMax - value->xMax;
        }
    }
    return std::nullopt;
}
} // namespace

// Issue 32: a numeric column's header is right-aligned over its right-aligned values, in the
// simulation's table and the project's finish dates alike.
TEST(Report, NumericHeadersSitOverTheirValues)
{
    Plan plan = overnightPlan();
    plan.scenario.simulation.stragglerProbability = 0.01;
    plan.scenario.simulation.stragglerFactor = 3;
    QTemporaryDir dir;
    const QString overnight = dir.filePath(QStringLiteral("overnight.pdf"));
    ASSERT_TRUE(report::writePdf(plan, evaluatePlan(plan), overnight, {}).isEmpty());
    for (const char *header : {"Mean", "P50", "P99"}) {
        const std::optional<double> offset = headerOffsetFromItsValue(
            overnight, QStringLiteral("Simulated completion time"), QLatin1String(header));
        ASSERT_TRUE(offset.has_value()) << header;
        EXPECT_NEAR(*offset, 0, 1.5) << header;
    }

    const QString project = dir.filePath(QStringLiteral("project.pdf"));
    ASSERT_EQ(runReport({presetPath("project-forecast.json"), QStringLiteral("-o"), project}),
              cli::kExitOk);
    const std::optional<double> offset = headerOffsetFromItsValue(
        project, QStringLiteral("Finish dates"), QStringLiteral("buffers"));
    ASSERT_TRUE(offset.has_value());
    EXPECT_NEAR(*offset, 0, 1.5);
}

// Issue 32: the stage chart's axis in the report is labelled at the step's own precision ("200",
// not "200.0"): the format is set before the range, so a chart drawn at once has it.
TEST(Report, TheStageAxisHasNoSpuriousDecimals)
{
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("five.pdf"));
    ASSERT_EQ(runReport({presetPath("five-stage.json"), QStringLiteral("-o"), pdf}), cli::kExitOk);
    QStringList ticks;
    for (int page = 1; page <= 6 && ticks.isEmpty(); ++page) {
        const std::vector<PdfWord> words = pdfWords(pdf, page);
        for (size_t i = 0; i + 2 < words.size(); ++i) {
            if (words[i].text != QLatin1String("ms") || words[i + 1].text != QLatin1String("per") ||
                words[i + 2].text != QLatin1String("user"))
                continue;
            // The tick labels: the line of numbers just above the axis title (the phrase is
            // in the summary's prose too).
            static const QRegularExpression number(QStringLiteral(R"(^[\d,.]+$)"));
            QStringList above;
            for (const PdfWord &w : words) {
                if (w.yMax <= words[i].yMin + 1 && w.yMin > words[i].yMin - 20)
                    above << w.text;
            }
            if (!above.isEmpty() && above.filter(number).size() == above.size())
                ticks = above;
        }
    }
    EXPECT_TRUE(ticks.contains(QStringLiteral("200")))
        << ticks.join(QLatin1Char('|')).toStdString();
    for (const QString &tick : ticks)
        EXPECT_FALSE(tick.endsWith(QStringLiteral(".0"))) << tick.toStdString();
}

// Issue 32: costs carry their currency: the plan's ISO code, written with its sign where it has
// one, in the goal seek's header and cells, the inputs, the file and the CLI.
TEST(Report, CostsCarryTheirCurrency)
{
    EXPECT_EQ(format::money(18'055.555, QStringLiteral("USD")), QStringLiteral("$18,055.56"));
    EXPECT_EQ(format::money(2.5, QStringLiteral("EUR")), QStringLiteral("€2.50"));
    EXPECT_EQ(format::money(1200, QStringLiteral("CHF")), QStringLiteral("CHF 1,200.00"));
    EXPECT_TRUE(format::isCurrencyCode(QStringLiteral("GBP")));
    EXPECT_FALSE(format::isCurrencyCode(QStringLiteral("gbp")));
    EXPECT_FALSE(format::isCurrencyCode(QStringLiteral("EURO")));

    Plan plan = loadPreset("feature-store-cap.json");
    plan.scenario.goal.currency = QStringLiteral("EUR");
    plan.scenario.goal.pricePerWorkerHour = 2.5;
    std::map<QString, QString> inputs;
    for (const auto &[label, value] : explain::inputRows(plan.scenario))
        inputs[label] = value;
    EXPECT_EQ(inputs[QStringLiteral("Price per worker-hour")], QStringLiteral("€2.50"));
    // The file keeps it; one without it (saved before) reads as US dollars.
    const std::optional<Plan> back = scenariofile::fromJson(scenariofile::toJson(plan)).plan;
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(back->scenario.goal.currency, QStringLiteral("EUR"));
    QJsonObject root = QJsonDocument::fromJson(scenariofile::toJson(plan)).object();
    QJsonObject goal = root.value(QStringLiteral("goal")).toObject();
    goal.remove(QStringLiteral("currency"));
    root.insert(QStringLiteral("goal"), goal);
    const std::optional<Plan> old = scenariofile::fromJson(QJsonDocument(root).toJson()).plan;
    ASSERT_TRUE(old.has_value());
    EXPECT_EQ(old->scenario.goal.currency, QStringLiteral("USD"));
    // A code that is not one is refused, naming the field.
    goal.insert(QStringLiteral("currency"), QStringLiteral("euros"));
    root.insert(QStringLiteral("goal"), goal);
    const scenariofile::LoadResult bad = scenariofile::fromJson(QJsonDocument(root).toJson());
    EXPECT_FALSE(bad.plan.has_value());
    EXPECT_EQ(bad.error.field, QStringLiteral("goal.currency"))
        << bad.error.toString().toStdString();

    const QString markdown = report::text(plan, evaluatePlan(plan), {}, report::Format::Markdown);
    const auto table = markdownTableAfter(markdown, QStringLiteral("Goal seek"));
    ASSERT_TRUE(table.has_value());
    EXPECT_EQ(table->front()[3], QStringLiteral("Cost at €2.50/worker-h"));
    EXPECT_TRUE((*table)[1][3].startsWith(QStringLiteral("€"))) << (*table)[1][3].toStdString();

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("eur.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(scenariofile::toJson(plan));
    file.close();
    cli::CliRunResult run = cli::runCaptured({QStringLiteral("deadline"), path});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.out.contains(QStringLiteral("costs €"))) << run.out.toStdString();
    run = cli::runCaptured({QStringLiteral("deadline"), path, QStringLiteral("--currency"),
                            QStringLiteral("gbp"), QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(QJsonDocument::fromJson(run.out.toUtf8())
                  .object()
                  .value(QStringLiteral("currency"))
                  .toString(),
              QStringLiteral("GBP"));
    run = cli::runCaptured(
        {QStringLiteral("deadline"), path, QStringLiteral("--currency"), QStringLiteral("pounds")});
    EXPECT_NE(run.exitCode, 0);
    EXPECT_TRUE(run.err.contains(QStringLiteral("currency"))) << run.err.toStdString();
}

// Issue 33, item 8: the embedding plan counts documents, and its report says so everywhere a
// count, a rate or a time per item appears; no "user" is left in it.
TEST(Report, APlanThatCountsDocumentsSaysDocuments)
{
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("embedding.pdf"));
    QString printed;
    ASSERT_EQ(runReport({presetPath("embedding-h100.json"), QStringLiteral("-o"), pdf}, &printed),
              cli::kExitOk)
        << printed.toStdString();
    const QString text = pdfText(pdf).simplified();
    EXPECT_TRUE(text.contains(QStringLiteral("500,000,000 documents"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("documents/s")));
    EXPECT_TRUE(text.contains(QStringLiteral("Bottleneck (per document)")));
    EXPECT_TRUE(text.contains(QStringLiteral("Predictions per document")));
    EXPECT_FALSE(text.contains(QStringLiteral("user"), Qt::CaseInsensitive))
        << text.mid(std::max<qsizetype>(
                        0, text.indexOf(QStringLiteral("user"), 0, Qt::CaseInsensitive) - 120),
                    240)
               .toStdString();
}

// Issue 34: a plan with ranges prints them, the runtime's P10 / P50 / P90, the chance to meet
// its deadline and what drives the spread, the numbers core computed.
TEST(Report, APlanWithRangesPrintsTheDistribution)
{
    QTemporaryDir dir;
    Plan plan = loadPreset("nightly-scoring.json");
    ASSERT_TRUE(uncertainty::setRange(plan.scenario, QStringLiteral("workload.latency_ms"),
                                      Range{Range::Kind::Interval, 800, 0, 1200})
                    .isEmpty());
    ASSERT_TRUE(uncertainty::setRange(plan.scenario, QStringLiteral("workload.users"),
                                      Range{Range::Kind::ThreePoint, 140e6, 150e6, 180e6})
                    .isEmpty());
    plan.scenario.goal.deadlineSeconds = 3 * 24 * 3600.0;
    const QString file = dir.filePath(QStringLiteral("ranges.pipeplan.json"));
    QFile out(file);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(scenariofile::toJson(plan));
    out.close();
    const QString pdf = dir.filePath(QStringLiteral("ranges.pdf"));
    QString printed;
    ASSERT_EQ(runReport({file, QStringLiteral("-o"), pdf}, &printed), cli::kExitOk)
        << printed.toStdString();
    const QString text = pdfText(pdf).simplified();
    const PlanResult result = evaluatePlan(plan);
    const uncertainty::Result &spread = result.uncertainty.result;
    ASSERT_TRUE(spread.active);
    EXPECT_TRUE(text.contains(QStringLiteral("Ranges: the runtime as a distribution")));
    EXPECT_TRUE(text.contains(explain::runtimePercentiles(spread))) << text.toStdString();
    EXPECT_TRUE(text.contains(explain::chanceToMeet(spread)));
    EXPECT_TRUE(text.contains(QStringLiteral("800..1,200 ms (90 %)")));
    EXPECT_TRUE(text.contains(QStringLiteral("140,000,000/150,000,000/180,000,000")));
    EXPECT_EQ(spread.drivers.front().key, QStringLiteral("workload.latency_ms"));
    // A count's median prints as the field shows it, whole and grouped.
    EXPECT_TRUE(text.contains(QStringLiteral("152,552,407 users"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("152,552,407.")));
    // The goal seek over the ranges, the fan and the sensitivity with each driver's share.
    EXPECT_TRUE(text.contains(explain::fewestWorkersText(spread)));
    EXPECT_TRUE(text.contains(QStringLiteral("P10–P90 over the ranges")));
    EXPECT_TRUE(text.contains(QStringLiteral("Share of the spread")));
    for (const uncertainty::Driver &driver : spread.drivers)
        EXPECT_TRUE(
            text.contains(format::trimmed(driver.varianceShare * 100, 1) + QStringLiteral(" %")))
            << driver.label.toStdString();
}

// `-o` that is not a regular file is refused with exit 2 naming `-o`, before any page is drawn,
// and the pipe stays a pipe; a symbolic link's target is replaced and the link kept.
TEST(Report, OutputThatIsNotARegularFileIsRefusedAndLeftAsItWas)
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("fifo.pdf"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QString printed;
    EXPECT_EQ(runReport({presetPath("five-stage.json"), QStringLiteral("-o"), fifo}, &printed),
              cli::kExitInvalid);
    EXPECT_EQ(
        printed,
        QStringLiteral("pipeplan-cli report: -o %1: is a pipe, not a regular file\n").arg(fifo));
    struct stat info
    {
    };
    ASSERT_EQ(::lstat(QFile::encodeName(fifo).constData(), &info), 0);
    EXPECT_TRUE(S_ISFIFO(info.st_mode));

    EXPECT_EQ(
        runReport({presetPath("five-stage.json"), QStringLiteral("-o"), dir.path()}, &printed),
        cli::kExitInvalid);
    EXPECT_EQ(printed,
              QStringLiteral("pipeplan-cli report: -o %1: is a directory\n").arg(dir.path()));

    const QString node = dir.filePath(QStringLiteral("null.pdf"));
    if (::mknod(QFile::encodeName(node).constData(), S_IFCHR | 0600, makedev(1, 3)) == 0) {
        EXPECT_EQ(runReport({presetPath("five-stage.json"), QStringLiteral("-o"), node}, &printed),
                  cli::kExitInvalid);
        EXPECT_TRUE(printed.endsWith(QStringLiteral(": is a device, not a regular file\n")));
        ASSERT_EQ(::lstat(QFile::encodeName(node).constData(), &info), 0);
        EXPECT_TRUE(S_ISCHR(info.st_mode));
    }

    const QString real = dir.filePath(QStringLiteral("real.md"));
    const QString link = dir.filePath(QStringLiteral("link.md"));
    ASSERT_TRUE(QFile::link(real, link)); // dangling: refused, nothing made
    EXPECT_EQ(runReport({presetPath("five-stage.json"), QStringLiteral("-o"), link}, &printed),
              cli::kExitInvalid);
    EXPECT_FALSE(QFile::exists(real));
    {
        QFile file(real);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write("old");
    }
    EXPECT_EQ(runReport({presetPath("five-stage.json"), QStringLiteral("-o"), link}, &printed),
              cli::kExitOk);
    EXPECT_TRUE(QFileInfo(link).isSymLink());
    QFile file(real);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_TRUE(file.readAll().startsWith("*PipePlan report*"));
}
