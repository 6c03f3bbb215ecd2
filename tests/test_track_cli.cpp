// pipeplan-cli calibrate, eval --history and prerun: the track record's contracts (issue 54).

#include "core/plan/scenariofile.h"
#include "core/project/task.h"
#include "core/track/record.h"
#include "tests/support/clirun.h"
#include "tests/support/trackhistory.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cmath>

#include <gtest/gtest.h>

using namespace pipeplan;
using testsupport::CliRun;
using testsupport::runCli;

namespace {

QString presetPath(const char *name)
{
    return QStringLiteral(PIPEPLAN_PRESETS_DIR "/") + QLatin1String(name);
}

} // namespace

TEST(TrackCli, CalibrateJsonHasTheContractKeys)
{
    QTemporaryDir dir;
    const QString history = testsupport::writeTrackHistory(dir);
    const CliRun run = runCli({QStringLiteral("calibrate"), QStringLiteral("--history"), history,
                               QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject json = run.json();
    for (const char *key :
         {"n", "median_ratio", "mdape", "ratio_p10", "ratio_p90", "kinds", "overran"})
        EXPECT_TRUE(json.contains(QLatin1String(key))) << key;
    EXPECT_EQ(json.value(QStringLiteral("n")).toInt(), 5);
    // Ratios 1.2, 1.5, 1.25, 0.95, 1.05: the median is 1.2.
    EXPECT_NEAR(json.value(QStringLiteral("median_ratio")).toDouble(), 1.2, 1e-12);
    const QJsonObject embed =
        json.value(QStringLiteral("kinds")).toObject().value(QStringLiteral("embed")).toObject();
    EXPECT_EQ(embed.value(QStringLiteral("n")).toInt(), 3);
    EXPECT_NEAR(embed.value(QStringLiteral("median_ratio")).toDouble(), 1.25, 1e-12);
    const QJsonArray overran = json.value(QStringLiteral("overran")).toArray();
    ASSERT_EQ(overran.size(), 1); // e2 at 1.5x; e3 is exactly 25 % over
    EXPECT_EQ(overran[0].toObject().value(QStringLiteral("name")).toString(), QStringLiteral("e2"));
    const QJsonArray problems = json.value(QStringLiteral("problems")).toArray();
    ASSERT_EQ(problems.size(), 1);
    EXPECT_EQ(problems[0].toObject().value(QStringLiteral("line")).toInt(), 7);
    EXPECT_EQ(problems[0].toObject().value(QStringLiteral("column")).toString(),
              QStringLiteral("actual_seconds"));

    const CliRun kind =
        runCli({QStringLiteral("calibrate"), QStringLiteral("--history"), history,
                QStringLiteral("--kind"), QStringLiteral("train"), QStringLiteral("--json")});
    ASSERT_EQ(kind.exitCode, 0);
    EXPECT_EQ(kind.json().value(QStringLiteral("n")).toInt(), 2);
    EXPECT_TRUE(kind.json().value(QStringLiteral("overran")).toArray().isEmpty());

    const CliRun text = runCli({QStringLiteral("calibrate"), QStringLiteral("--history"), history,
                                QStringLiteral("--kind"), QStringLiteral("embed")});
    ASSERT_EQ(text.exitCode, 0);
    EXPECT_TRUE(text.out.startsWith(QStringLiteral(
        "calibrated on 3 past jobs of this kind: they ran 1.25x their estimates, MdAPE 20 %\n")))
        << text.out.toStdString();
}

TEST(TrackCli, BadHistoryExits2WithOneLineNamingTheFlag)
{
    QTemporaryDir dir;
    const CliRun missing = runCli({QStringLiteral("calibrate")});
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_EQ(missing.err, QStringLiteral("pipeplan-cli calibrate: --history: required (a track "
                                          "record .csv file), or --import FILE\n"));
    const QString nowhere = dir.filePath(QStringLiteral("none.csv"));
    const CliRun absent =
        runCli({QStringLiteral("calibrate"), QStringLiteral("--history"), nowhere});
    EXPECT_EQ(absent.exitCode, 2);
    EXPECT_TRUE(absent.err.startsWith(QStringLiteral("pipeplan-cli calibrate: --history ") +
                                      nowhere + QStringLiteral(": ")));
    EXPECT_EQ(absent.err.count(QLatin1Char('\n')), 1);
    const QString headless = dir.filePath(QStringLiteral("headless.csv"));
    QFile file(headless);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("job,estimate\na,1\n");
    file.close();
    const CliRun noHeader =
        runCli({QStringLiteral("calibrate"), QStringLiteral("--history"), headless});
    EXPECT_EQ(noHeader.exitCode, 2);
    EXPECT_EQ(noHeader.err, QStringLiteral("pipeplan-cli calibrate: --history %1: the header has "
                                           "no column name, estimated_seconds, kind, "
                                           "actual_seconds\n")
                                .arg(headless));
    const CliRun kindAlone = runCli({QStringLiteral("eval"), presetPath("embedding-h100.json"),
                                     QStringLiteral("--kind"), QStringLiteral("embed")});
    EXPECT_EQ(kindAlone.exitCode, 2);
    EXPECT_TRUE(kindAlone.err.contains(QStringLiteral("--kind: needs --history")));
}

// eval --history applies the calibration: `calibration` with `applied`, and the calibrated
// percentiles with p_meet_budget and p_meet_both where a budget is set.
TEST(TrackCli, EvalWithHistoryAddsTheCalibrationAndBothChances)
{
    QTemporaryDir dir;
    const QString history = testsupport::writeTrackHistory(dir);
    const CliRun run = runCli({QStringLiteral("eval"), presetPath("embedding-h100.json"),
                               QStringLiteral("--history"), history, QStringLiteral("--kind"),
                               QStringLiteral("embed"), QStringLiteral("--set"),
                               QStringLiteral("goal.budget=7000"), QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject json = run.json();
    const QJsonObject calibration = json.value(QStringLiteral("calibration")).toObject();
    EXPECT_TRUE(calibration.value(QStringLiteral("applied")).toBool());
    EXPECT_EQ(calibration.value(QStringLiteral("n")).toInt(), 3);
    EXPECT_NEAR(calibration.value(QStringLiteral("median_ratio")).toDouble(), 1.25, 1e-12);
    for (const char *key : {"mdape", "ratio_p10", "ratio_p90"})
        EXPECT_TRUE(calibration.value(QLatin1String(key)).isDouble()) << key;
    const QJsonObject percentiles = json.value(QStringLiteral("percentiles")).toObject();
    ASSERT_FALSE(percentiles.isEmpty());
    EXPECT_TRUE(percentiles.value(QStringLiteral("calibrated")).toBool());
    const double p50 = percentiles.value(QStringLiteral("runtime_seconds"))
                           .toObject()
                           .value(QStringLiteral("p50"))
                           .toDouble();
    EXPECT_NEAR(p50 / (json.value(QStringLiteral("effective_runtime_seconds")).toDouble() * 1.25),
                1.0, 0.005);
    const double deadline = percentiles.value(QStringLiteral("p_meet_deadline")).toDouble();
    const double budget = percentiles.value(QStringLiteral("p_meet_budget")).toDouble();
    const double both = percentiles.value(QStringLiteral("p_meet_both")).toDouble();
    ASSERT_TRUE(percentiles.contains(QStringLiteral("p_meet_both")));
    EXPECT_LE(both, std::min(deadline, budget));

    // Without --history and without a calibration in the file: null, and no budget chances
    // without a budget.
    const CliRun plain = runCli(
        {QStringLiteral("eval"), presetPath("embedding-h100.json"), QStringLiteral("--json")});
    ASSERT_EQ(plain.exitCode, 0);
    EXPECT_TRUE(plain.json().value(QStringLiteral("calibration")).isNull());
}

TEST(TrackCli, PrerunWritesTheTemplate)
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("prerun.md"));
    const CliRun run = runCli(
        {QStringLiteral("prerun"), presetPath("embedding-h100.json"), QStringLiteral("-o"), out});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    QFile file(out);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QString md = QString::fromUtf8(file.readAll());
    EXPECT_TRUE(md.contains(QStringLiteral("| Model | Llama 2 7B (512 tokens per item) |")));
    EXPECT_TRUE(md.contains(
        QStringLiteral("| Canary plan | 2 batches of 64 (128 documents) on one worker")));
    const CliRun stdoutRun = runCli({QStringLiteral("prerun"), presetPath("embedding-h100.json")});
    ASSERT_EQ(stdoutRun.exitCode, 0);
    EXPECT_EQ(stdoutRun.out, md);
    const CliRun noFile = runCli({QStringLiteral("prerun")});
    EXPECT_EQ(noFile.exitCode, 2);
    EXPECT_EQ(noFile.err,
              QStringLiteral("pipeplan-cli prerun: FILE: required (a scenario .json file)\n"));
}

namespace {

QString trackFixture(const char *name)
{
    return QStringLiteral(PIPEPLAN_SOURCE_DIR "/tests/data/track/") + QLatin1String(name);
}

QByteArray bytesOf(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

// An MLflow export imported into a history: its three finished runs go after the file's own
// lines (its malformed row kept), in the order of its header; the unfinished run is named by its
// line and column.
TEST(TrackCli, ImportAppendsAnMlflowExportKeepingEveryLine)
{
    QTemporaryDir dir;
    const QString history = testsupport::writeTrackHistory(dir);
    const QByteArray before = bytesOf(history);
    const CliRun run =
        runCli({QStringLiteral("calibrate"), QStringLiteral("--history"), history,
                QStringLiteral("--import"), trackFixture("mlflow-runs.csv"),
                QStringLiteral("--from"), QStringLiteral("mlflow"), QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject json = run.json();
    EXPECT_EQ(json.value(QStringLiteral("n")).toInt(), 5 + 3);
    const QJsonObject imported = json.value(QStringLiteral("imported")).toObject();
    EXPECT_EQ(imported.value(QStringLiteral("from")).toString(), QStringLiteral("mlflow"));
    EXPECT_EQ(imported.value(QStringLiteral("rows")).toInt(), 3);
    EXPECT_TRUE(imported.value(QStringLiteral("written")).toBool());
    const QJsonArray problems = imported.value(QStringLiteral("problems")).toArray();
    ASSERT_EQ(problems.size(), 1);
    EXPECT_EQ(problems[0].toObject().value(QStringLiteral("line")).toInt(), 4);
    EXPECT_EQ(problems[0].toObject().value(QStringLiteral("column")).toString(),
              QStringLiteral("end_time"));

    const QByteArray after = bytesOf(history);
    EXPECT_TRUE(after.startsWith(before));
    // name,kind,estimated_seconds,actual_seconds,actual_gpu_hours,requested_seconds,finished_on:
    // 09:00:00.12 to 13:48:00.12 is 17,280 s.
    EXPECT_TRUE(after.contains("llama-ft-a,fine-tune,14400,17280,38.4,21600,2026-03-02"))
        << after.toStdString();
    const track::ReadResult reread = track::readFile(history);
    EXPECT_EQ(reread.rows.size(), 8U);
    ASSERT_EQ(reread.problems.size(), 1U);
    EXPECT_EQ(reread.problems[0].line, 7);

    // The text names the import and the skipped run.
    const CliRun text =
        runCli({QStringLiteral("calibrate"), QStringLiteral("--import"),
                trackFixture("wandb-runs.csv"), QStringLiteral("--from"), QStringLiteral("wandb")});
    ASSERT_EQ(text.exitCode, 0) << text.err.toStdString();
    EXPECT_TRUE(text.out.startsWith(QStringLiteral("Imported 3 rows from ") +
                                    trackFixture("wandb-runs.csv") +
                                    QStringLiteral("\nskipped line 4, column Runtime: must be a "
                                                   "number above 0, got \"soon\"\n")))
        << text.out.toStdString();
}

// A spreadsheet with its columns mapped and hours as the unit; calibrated alone (no history), or
// tried against a history with --dry-run, which leaves the file as it was.
TEST(TrackCli, ImportsASpreadsheetWithAColumnMapping)
{
    QTemporaryDir dir;
    const QString sheet = dir.filePath(QStringLiteral("sheet.csv"));
    QFile file(sheet);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("Job,Type,Est (h),Took (h)\nA,etl,2,3\nB,etl,4,4.4\nC,etl,soon,1\n");
    file.close();
    const QString mapping =
        QStringLiteral("name=Job,kind=Type,estimated_seconds=Est (h):h,actual_seconds=Took (h):h");
    const CliRun run = runCli({QStringLiteral("calibrate"), QStringLiteral("--import"), sheet,
                               QStringLiteral("--from"), QStringLiteral("csv"),
                               QStringLiteral("--columns"), mapping, QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject json = run.json();
    EXPECT_EQ(json.value(QStringLiteral("n")).toInt(), 2);
    EXPECT_TRUE(json.value(QStringLiteral("file")).isNull());
    // Ratios 1.5 and 1.1: the median of two log ratios, exp((ln 1.5 + ln 1.1) / 2).
    EXPECT_NEAR(json.value(QStringLiteral("median_ratio")).toDouble(), std::sqrt(1.5 * 1.1), 1e-12);
    const QJsonObject imported = json.value(QStringLiteral("imported")).toObject();
    EXPECT_FALSE(imported.value(QStringLiteral("written")).toBool());
    const QJsonObject problem =
        imported.value(QStringLiteral("problems")).toArray().at(0).toObject();
    EXPECT_EQ(problem.value(QStringLiteral("line")).toInt(), 4);
    EXPECT_EQ(problem.value(QStringLiteral("column")).toString(), QStringLiteral("Est (h)"));

    const QString history = testsupport::writeTrackHistory(dir);
    const QByteArray before = bytesOf(history);
    const CliRun dry =
        runCli({QStringLiteral("calibrate"), QStringLiteral("--history"), history,
                QStringLiteral("--import"), sheet, QStringLiteral("--from"), QStringLiteral("csv"),
                QStringLiteral("--columns"), mapping, QStringLiteral("--dry-run")});
    ASSERT_EQ(dry.exitCode, 0) << dry.err.toStdString();
    EXPECT_TRUE(dry.out.startsWith(
        QStringLiteral("Imported 2 rows from %1 (dry run: %2 unchanged)").arg(sheet, history)))
        << dry.out.toStdString();
    EXPECT_EQ(bytesOf(history), before);

    // A mapping that names no field, and a spreadsheet without one, exit 2 naming --columns.
    const CliRun typo = runCli({QStringLiteral("calibrate"), QStringLiteral("--import"), sheet,
                                QStringLiteral("--from"), QStringLiteral("csv"),
                                QStringLiteral("--columns"), QStringLiteral("nme=Job")});
    EXPECT_EQ(typo.exitCode, 2);
    EXPECT_TRUE(typo.err.startsWith(
        QStringLiteral("pipeplan-cli calibrate: --columns: no field 'nme' (one of name, kind,")))
        << typo.err.toStdString();
    const CliRun unmapped = runCli({QStringLiteral("calibrate"), QStringLiteral("--import"), sheet,
                                    QStringLiteral("--from"), QStringLiteral("csv")});
    EXPECT_EQ(unmapped.exitCode, 2);
    EXPECT_TRUE(unmapped.err.startsWith(
        QStringLiteral("pipeplan-cli calibrate: --columns: required with --from csv")));
}

// A plan's Estimated vs actual log: the typed entries in --unit as "project", the done tasks in
// their own units and of their categories; a history that does not exist yet is started.
TEST(TrackCli, ImportsAPlansEstimatedVsActualLog)
{
    QTemporaryDir dir;
    Plan plan;
    plan.scenario.project.actuals = {{QStringLiteral("Labeling"), 500, 625},
                                     {QStringLiteral("QA"), 40, 38}};
    std::vector<estimate::Task> tasks = plan.scenario.project.tasks;
    ASSERT_FALSE(tasks.empty());
    tasks[0].progress.state = estimate::TaskState::Done;
    tasks[0].progress.actual = 3;
    plan.scenario.project.tasks = tasks;
    const QString planPath = dir.filePath(QStringLiteral("plan.json"));
    QFile file(planPath);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(scenariofile::toJson(plan));
    file.close();
    const QString history = dir.filePath(QStringLiteral("new-history.csv"));
    const CliRun run = runCli({QStringLiteral("calibrate"), QStringLiteral("--history"), history,
                               QStringLiteral("--import"), planPath, QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(run.json().value(QStringLiteral("imported")).toObject().value(QStringLiteral("from")),
              QStringLiteral("plan"));
    const track::ReadResult reread = track::readFile(history);
    ASSERT_EQ(reread.rows.size(), 3U) << bytesOf(history).toStdString();
    EXPECT_EQ(reread.rows[0].kind, QStringLiteral("project"));
    EXPECT_DOUBLE_EQ(reread.rows[0].estimatedSeconds, 500 * 3600.0);
    EXPECT_DOUBLE_EQ(reread.rows[0].actualSeconds, 625 * 3600.0);
    EXPECT_EQ(reread.rows[2].name, tasks[0].name);
    EXPECT_EQ(reread.rows[2].kind, estimate::categoryKey(tasks[0].category));
    EXPECT_DOUBLE_EQ(reread.rows[2].actualSeconds, 3 * estimate::hoursPer(tasks[0].unit) * 3600);
}
