// pipeplan-cli calibrate, eval --history and prerun: the track record's contracts (issue 54).

#include "core/plan/scenariofile.h"
#include "tests/support/clirun.h"
#include "tests/support/trackhistory.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>

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
                                          "record .csv file)\n"));
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
    EXPECT_TRUE(md.contains(QStringLiteral("| Canary plan | _to fill_ |")));
    const CliRun stdoutRun = runCli({QStringLiteral("prerun"), presetPath("embedding-h100.json")});
    ASSERT_EQ(stdoutRun.exitCode, 0);
    EXPECT_EQ(stdoutRun.out, md);
    const CliRun noFile = runCli({QStringLiteral("prerun")});
    EXPECT_EQ(noFile.exitCode, 2);
    EXPECT_EQ(noFile.err,
              QStringLiteral("pipeplan-cli prerun: FILE: required (a scenario .json file)\n"));
}
