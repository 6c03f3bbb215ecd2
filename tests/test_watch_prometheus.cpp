// pipeplan-cli watch and the Prometheus source against a real Prometheus
// (support/prometheusfixture.h): one server for the whole suite, registered as one ctest, so the
// suite takes about 20 s. It fails, not skips, when prometheus is not installed.

#include "core/watch/forecast.h"
#include "core/watch/source/prometheus.h"
#include "tests/support/prometheusfixture.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>

#include <gtest/gtest.h>

using namespace pipeplan::watch;
using namespace pipeplan::testsupport;

namespace {

constexpr double kStallAfterSeconds = 2;

PrometheusFixture *fixture = nullptr;

struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
};

CliRun cli(const QStringList &args)
{
    QProcess process;
    process.start(QStringLiteral(PIPEPLAN_CLI_BINARY), args);
    process.waitForFinished(30000);
    return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

QStringList watchArgs(const QString &query)
{
    return {QStringLiteral("watch"), QStringLiteral("--prometheus"), fixture->url,
            QStringLiteral("--query"), query};
}

QString steady()
{
    return QStringLiteral("items_total{case=\"steady\"}");
}

#define REQUIRE_PROMETHEUS() ASSERT_TRUE(fixture->problem.isEmpty()) << qPrintable(fixture->problem)

} // namespace

// The tests run in this order; each waits for the moment its series needs.

TEST(WatchPrometheus, AnUnreachableServerExits3)
{
    const CliRun run = cli({QStringLiteral("watch"), QStringLiteral("--prometheus"),
                            QStringLiteral("http://127.0.0.1:%1").arg(freePort()),
                            QStringLiteral("--query"), steady(), QStringLiteral("--once")});
    EXPECT_EQ(run.exitCode, 3) << qPrintable(run.err);
    EXPECT_TRUE(
        run.err.startsWith(QStringLiteral("pipeplan-cli watch: --prometheus: cannot reach")))
        << qPrintable(run.err);
    EXPECT_EQ(run.err.count(QLatin1Char('\n')), 1);
}

TEST(WatchPrometheus, AUrlThatIsNotHttpExits2NamingTheFlag)
{
    const CliRun run = cli({QStringLiteral("watch"), QStringLiteral("--prometheus"),
                            QStringLiteral("ftp://127.0.0.1/"), QStringLiteral("--query"), steady(),
                            QStringLiteral("--once")});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(run.err, QStringLiteral("pipeplan-cli watch: --prometheus: 'ftp://127.0.0.1/' is not "
                                      "an http(s) URL\n"));
}

TEST(WatchPrometheus, AnUnparseableQueryExits2NamingTheFlag)
{
    REQUIRE_PROMETHEUS();
    const CliRun run =
        cli(watchArgs(QStringLiteral("sum(items_total")) << QStringLiteral("--once"));
    EXPECT_EQ(run.exitCode, 2) << qPrintable(run.err);
    EXPECT_TRUE(run.err.startsWith(QStringLiteral("pipeplan-cli watch: --query: ")))
        << qPrintable(run.err);
    EXPECT_NE(run.err.indexOf(QStringLiteral("bad_data")), -1) << qPrintable(run.err);
    EXPECT_EQ(run.err.count(QLatin1Char('\n')), 1);
}

TEST(WatchPrometheus, StalledWithinOneIntervalOfTheStatedTime)
{
    REQUIRE_PROMETHEUS();
    // Polled every half second from when the counter stops: the first forecast that says
    // stalled comes at most one poll after the last rise plus --stall-after, and the last rise
    // is read at most one range step plus one scrape after the counter truly stopped.
    constexpr double kPollSeconds = 0.5;
    fixture->waitUntil(kPauseAtSeconds);
    const QUrl url(fixture->url);
    std::optional<Forecast> stalled;
    double detectedAt = 0;
    while (now() < fixture->startSeconds + kPauseAtSeconds + 8) {
        const double at = now();
        const prometheus::Fetch fetch =
            prometheus::fetchBlocking(url, QStringLiteral("items_total{case=\"pause\"}"), at);
        ASSERT_EQ(fetch.failure, prometheus::Failure::None) << qPrintable(fetch.message);
        const Result result = forecast(fetch.samples, at, {1000000, kStallAfterSeconds, {}});
        ASSERT_EQ(result.problem, SeriesProblem::None);
        if (result.forecast.stalled) {
            stalled = result.forecast;
            detectedAt = at;
            break;
        }
        QThread::msleep(static_cast<unsigned long>(kPollSeconds * 1000));
    }
    ASSERT_TRUE(stalled) << "never reported stalled";
    const double stoppedAt = fixture->startSeconds + kPauseAtSeconds;
    EXPECT_GE(stalled->lastProgressSeconds, stoppedAt - 0.05);
    EXPECT_LE(stalled->lastProgressSeconds, stoppedAt + 1.0 + kScrapeSeconds + 0.05);
    EXPECT_LE(detectedAt - (stalled->lastProgressSeconds + kStallAfterSeconds), kPollSeconds + 0.2);
    EXPECT_LE(detectedAt,
              stoppedAt + kStallAfterSeconds + 1.0 + kScrapeSeconds + kPollSeconds + 0.2);
    EXPECT_DOUBLE_EQ(stalled->doneItems, kRatePerSecond * kPauseAtSeconds);

    // The CLI says the same.
    const CliRun run = cli(watchArgs(QStringLiteral("items_total{case=\"pause\"}"))
                           << QStringLiteral("--stall-after") << QStringLiteral("2")
                           << QStringLiteral("--once") << QStringLiteral("--json"));
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.err);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    EXPECT_TRUE(json.value(QStringLiteral("stalled")).toBool());
    EXPECT_EQ(json.value(QStringLiteral("done")).toDouble(), kRatePerSecond * kPauseAtSeconds);
}

TEST(WatchPrometheus, ARestartIsReportedAndTheDoneWorkKept)
{
    REQUIRE_PROMETHEUS();
    fixture->waitUntil(kRestartAtSeconds + 4);
    const double at = now();
    const prometheus::Fetch fetch = prometheus::fetchBlocking(
        QUrl(fixture->url), QStringLiteral("items_total{case=\"restart\"}"), at);
    ASSERT_EQ(fetch.failure, prometheus::Failure::None) << qPrintable(fetch.message);
    const Result result = forecast(fetch.samples, at, {});
    ASSERT_EQ(result.problem, SeriesProblem::None);
    EXPECT_EQ(result.forecast.restarts, 1);
    // All the work since the start, less at most what was done between the last reading
    // before the restart and the restart (one range step, 1 s: PromQL's increase() loses it
    // too) and the readings' lag behind their points (one scrape).
    const double since = result.forecast.lastSampleSeconds - fixture->startSeconds;
    EXPECT_LE(result.forecast.doneItems, kRatePerSecond * since + 1e-6);
    EXPECT_GE(result.forecast.doneItems, kRatePerSecond * (since - 1.0 - kScrapeSeconds - 0.05));

    const CliRun run = cli(watchArgs(QStringLiteral("items_total{case=\"restart\"}"))
                           << QStringLiteral("--once") << QStringLiteral("--json"));
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.err);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    EXPECT_EQ(json.value(QStringLiteral("restarts")).toInt(), 1);
    EXPECT_GT(json.value(QStringLiteral("done")).toDouble(), kRatePerSecond * kRestartAtSeconds);
}

TEST(WatchPrometheus, AGaugeAManySeriesQueryAndATotalBelowTheDoneExit2)
{
    REQUIRE_PROMETHEUS();
    fixture->waitUntil(10);
    const CliRun gauge = cli(watchArgs(QStringLiteral("level")) << QStringLiteral("--once"));
    EXPECT_EQ(gauge.exitCode, 2);
    EXPECT_TRUE(gauge.err.startsWith(QStringLiteral("pipeplan-cli watch: --query: falls ")))
        << qPrintable(gauge.err);
    EXPECT_NE(gauge.err.indexOf(QStringLiteral("not a counter")), -1);

    const CliRun many = cli(watchArgs(QStringLiteral("items_total")) << QStringLiteral("--once"));
    EXPECT_EQ(many.exitCode, 2);
    EXPECT_EQ(many.err, QStringLiteral("pipeplan-cli watch: --query: returns 4 series; wrap it in "
                                       "sum(...) for one counter\n"));

    const CliRun below =
        cli(watchArgs(steady()) << QStringLiteral("--total") << QStringLiteral("10")
                                << QStringLiteral("--once"));
    EXPECT_EQ(below.exitCode, 2);
    EXPECT_TRUE(below.err.startsWith(QStringLiteral("pipeplan-cli watch: --total: the total 10 "
                                                    "is below the ")))
        << qPrintable(below.err);
    EXPECT_EQ(below.err.count(QLatin1Char('\n')), 1);
}

TEST(WatchPrometheus, TheEtaAtAConstantRateIsWithinTwoPercent)
{
    REQUIRE_PROMETHEUS();
    fixture->waitUntil(12 + kOffScrapeSeconds);
    // 50 items/s: a total the counter reaches 300 s after the start.
    constexpr double kTotal = kRatePerSecond * 300;
    const double finish = fixture->startSeconds + kTotal / kRatePerSecond;
    const double before = now();
    const CliRun run =
        cli(watchArgs(steady()) << QStringLiteral("--total") << QString::number(kTotal)
                                << QStringLiteral("--once") << QStringLiteral("--json"));
    const double after = now();
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.err);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    for (const char *key :
         {"done", "total", "rate_per_s", "rate_recent_per_s", "eta_seconds", "eta_p10_seconds",
          "eta_p90_seconds", "finish_at", "stalled", "last_progress_at", "restarts",
          "plan_runtime_seconds", "behind_plan_seconds", "workers_to_meet_deadline"})
        EXPECT_TRUE(json.contains(QLatin1String(key))) << key;
    EXPECT_EQ(json.size(), 14);
    const double eta = json.value(QStringLiteral("eta_seconds")).toDouble();
    EXPECT_NEAR(eta, finish - before, 0.02 * (finish - before));
    EXPECT_NEAR(eta, finish - after, 0.02 * (finish - after));
    const double finishAt =
        static_cast<double>(
            QDateTime::fromString(json.value(QStringLiteral("finish_at")).toString(),
                                  Qt::ISODateWithMs)
                .toMSecsSinceEpoch()) /
        1000.0;
    EXPECT_NEAR(finishAt, finish, 0.02 * (finish - before));
    EXPECT_NEAR(json.value(QStringLiteral("rate_per_s")).toDouble(), kRatePerSecond,
                0.02 * kRatePerSecond);
    EXPECT_NEAR(json.value(QStringLiteral("rate_recent_per_s")).toDouble(), kRatePerSecond,
                0.02 * kRatePerSecond);
    EXPECT_LE(json.value(QStringLiteral("eta_p10_seconds")).toDouble(), eta + 1e-6);
    EXPECT_GE(json.value(QStringLiteral("eta_p90_seconds")).toDouble(), eta - 1e-6);
    EXPECT_FALSE(json.value(QStringLiteral("stalled")).toBool());
    EXPECT_EQ(json.value(QStringLiteral("restarts")).toInt(), 0);
    EXPECT_TRUE(json.value(QStringLiteral("plan_runtime_seconds")).isNull());
}

// The same forecasts from a progress file the job appends to, the last line cut mid-write.
TEST(WatchProgressFileCli, TheSameForecastsFromAFileCutMidLine)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("progress.csv"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    const double start = now() - 12;
    file.write("time,done\n");
    for (int i = 0; i <= 12; ++i)
        file.write(
            QStringLiteral("%1,%2\n").arg(start + i, 0, 'f', 3).arg(kRatePerSecond * i).toUtf8());
    // A job killed while writing "<time>,650": "6" would read as 6 items.
    file.write(QStringLiteral("%1,6").arg(start + 13, 0, 'f', 3).toUtf8());
    file.close();
    constexpr double kTotal = kRatePerSecond * 300;
    const double finish = start + kTotal / kRatePerSecond;
    const double before = now();
    const CliRun run =
        cli({QStringLiteral("watch"), QStringLiteral("--progress"), path, QStringLiteral("--total"),
             QString::number(kTotal), QStringLiteral("--once"), QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << qPrintable(run.err);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    EXPECT_EQ(json.value(QStringLiteral("done")).toDouble(), kRatePerSecond * 12);
    EXPECT_EQ(json.value(QStringLiteral("restarts")).toInt(), 0);
    EXPECT_NEAR(json.value(QStringLiteral("eta_seconds")).toDouble(), finish - before,
                0.02 * (finish - before));
    EXPECT_FALSE(json.value(QStringLiteral("stalled")).toBool());

    // A JSON-lines file that restarted, then stopped 10 s ago: stalled, the work kept.
    const QString jsonl = dir.filePath(QStringLiteral("progress.jsonl"));
    QFile lines(jsonl);
    ASSERT_TRUE(lines.open(QIODevice::WriteOnly));
    const double begun = now() - 20;
    for (int i = 0; i <= 10; ++i) {
        const double value = i <= 5 ? 100 * i : 100 * (i - 5);
        lines.write(QStringLiteral("{\"time\": %1, \"done\": %2}\n")
                        .arg(begun + i, 0, 'f', 3)
                        .arg(value)
                        .toUtf8());
    }
    lines.close();
    const CliRun stalled = cli({QStringLiteral("watch"), QStringLiteral("--progress"), jsonl,
                                QStringLiteral("--stall-after"), QStringLiteral("5"),
                                QStringLiteral("--once"), QStringLiteral("--json")});
    ASSERT_EQ(stalled.exitCode, 0) << qPrintable(stalled.err);
    const QJsonObject s = QJsonDocument::fromJson(stalled.out.toUtf8()).object();
    EXPECT_TRUE(s.value(QStringLiteral("stalled")).toBool());
    EXPECT_EQ(s.value(QStringLiteral("restarts")).toInt(), 1);
    EXPECT_EQ(s.value(QStringLiteral("done")).toDouble(), 1000);

    const CliRun missing =
        cli({QStringLiteral("watch"), QStringLiteral("--progress"),
             dir.filePath(QStringLiteral("none.csv")), QStringLiteral("--once")});
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_TRUE(missing.err.startsWith(QStringLiteral("pipeplan-cli watch: --progress: ")));
}

int main(int argc, char **argv)
{
    ::testing::InitGoogleTest(&argc, argv);
    QCoreApplication app(argc, argv);
    PrometheusFixture suite;
    fixture = &suite;
    suite.start();
    const int status = RUN_ALL_TESTS();
    suite.stop();
    return status;
}
