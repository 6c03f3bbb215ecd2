#include "cli.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

using namespace pipeplan;

namespace {
struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
    QJsonObject json() const { return QJsonDocument::fromJson(out.toUtf8()).object(); }
};

CliRun runCli(const QStringList &args)
{
    const cli::CliRunResult run = cli::runCaptured(args);
    return CliRun{run.exitCode, run.out, run.err};
}

QStringList words(const char *text)
{
    return QString::fromUtf8(text).split(QLatin1Char(' '));
}
} // namespace

// The foundation issue's acceptance line, verbatim.
TEST(Cli, RuntimeSeed000Json)
{
    const CliRun run =
        runCli(words("runtime --users 150M --predictions 20 --latency-ms 1000 --json"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    for (const char *key : {"users_scored", "total_predictions", "work_seconds", "runtime_seconds",
                            "minutes", "hours", "days", "years", "speedup"})
        EXPECT_TRUE(o.contains(QLatin1String(key))) << key;
    EXPECT_EQ(o.value(QStringLiteral("users_scored")).toDouble(), 150e6);
    EXPECT_EQ(o.value(QStringLiteral("total_predictions")).toDouble(), 3e9);
    EXPECT_EQ(o.value(QStringLiteral("work_seconds")).toDouble(), 3e9);
    EXPECT_EQ(o.value(QStringLiteral("minutes")).toDouble(), 5e7);
    EXPECT_NEAR(o.value(QStringLiteral("hours")).toDouble(), 833'333.33, 0.005);
    EXPECT_NEAR(o.value(QStringLiteral("days")).toDouble(), 34'722.22, 0.005);
    EXPECT_NEAR(o.value(QStringLiteral("years")).toDouble(), 95.06, 0.005);
    EXPECT_EQ(o.value(QStringLiteral("speedup")).toDouble(), 1.0);
    EXPECT_EQ(o.value(QStringLiteral("human")).toString(), QStringLiteral("95.06 years"));
    EXPECT_TRUE(o.value(QStringLiteral("max_speedup")).isNull()); // p = 1: no ceiling
}

TEST(Cli, RuntimePrunedAcceleratedTenThousandWorkers)
{
    const CliRun run =
        runCli(words("runtime --users 150e6 --predictions 20 --latency-ms 10 --keep-fraction 0.5 "
                     "--workers 10k --json"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    EXPECT_EQ(o.value(QStringLiteral("users_scored")).toDouble(), 75e6);
    EXPECT_EQ(o.value(QStringLiteral("work_seconds")).toDouble(), 15e6);
    EXPECT_EQ(o.value(QStringLiteral("runtime_seconds")).toDouble(), 1500);
    EXPECT_EQ(o.value(QStringLiteral("minutes")).toDouble(), 25);
    EXPECT_EQ(o.value(QStringLiteral("human")).toString(), QStringLiteral("25 minutes"));
}

TEST(Cli, RuntimeTableIsReadable)
{
    const CliRun run = runCli(words("runtime --users 150M --predictions 20 --latency-ms 1000"));
    ASSERT_EQ(run.exitCode, 0);
    EXPECT_TRUE(run.out.contains(QStringLiteral("150,000,000 users")));
    EXPECT_TRUE(run.out.contains(QStringLiteral("3,000,000,000 predictions")));
    EXPECT_TRUE(run.out.contains(QStringLiteral("95.06 years")));
    EXPECT_TRUE(run.out.contains(QStringLiteral("833,333.33")));
}

TEST(Cli, ScalingSeedTable)
{
    const CliRun run =
        runCli(words("scaling --users 150M --predictions 20 --latency-ms 1000 --json"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonArray rows = run.json().value(QStringLiteral("rows")).toArray();
    ASSERT_EQ(rows.size(), 7);
    const QJsonObject first = rows[0].toObject();
    EXPECT_EQ(first.value(QStringLiteral("workers")).toDouble(), 100);
    EXPECT_NEAR(first.value(QStringLiteral("hours")).toDouble(), 8333.33, 0.005);
    EXPECT_NEAR(first.value(QStringLiteral("days")).toDouble(), 347.2, 0.05);
    EXPECT_EQ(first.value(QStringLiteral("amdahl_speedup")).toDouble(), 100);
    EXPECT_NEAR(first.value(QStringLiteral("amdahl_hours")).toDouble(), 8333.33, 0.005);
    EXPECT_NEAR(rows[6].toObject().value(QStringLiteral("hours")).toDouble(), 16.67, 0.005);

    const CliRun custom = runCli(words("scaling --users 150M --predictions 20 --latency-ms 1000 "
                                       "--parallel-fraction 0.98 --workers-list 1,10k --json"));
    ASSERT_EQ(custom.exitCode, 0) << custom.err.toStdString();
    const QJsonArray two = custom.json().value(QStringLiteral("rows")).toArray();
    ASSERT_EQ(two.size(), 2);
    EXPECT_NEAR(two[1].toObject().value(QStringLiteral("amdahl_speedup")).toDouble(), 49.76, 0.005);
    const CliRun table = runCli(words("scaling --users 150M --predictions 20 --latency-ms 1000"));
    EXPECT_TRUE(table.out.contains(QStringLiteral("8,333.33")));
}

TEST(Cli, Amdahl)
{
    CliRun run = runCli(words("amdahl --parallel-fraction 0.98 --workers 10000 --json"));
    ASSERT_EQ(run.exitCode, 0);
    QJsonObject o = run.json();
    EXPECT_NEAR(o.value(QStringLiteral("speedup")).toDouble(), 49.76, 0.005);
    EXPECT_NEAR(o.value(QStringLiteral("efficiency")).toDouble(), 0.004976, 1e-6);
    EXPECT_NEAR(o.value(QStringLiteral("max_speedup")).toDouble(), 50, 1e-9);
    EXPECT_TRUE(o.value(QStringLiteral("workers_needed")).isNull()); // not asked

    run = runCli(words("amdahl --parallel-fraction 0.9 --workers 8 --target-speedup 5 --json"));
    EXPECT_EQ(run.json().value(QStringLiteral("workers_needed")).toDouble(), 9);
    run = runCli(words("amdahl --parallel-fraction 0.9 --workers 8 --target-speedup 10 --json"));
    EXPECT_EQ(run.exitCode, 0);
    EXPECT_TRUE(run.json().value(QStringLiteral("workers_needed")).isNull()); // impossible
    EXPECT_TRUE(run.json().value(QStringLiteral("impossible")).toBool());
    run = runCli(words("amdahl --parallel-fraction 0.9 --workers 8 --target-speedup 10"));
    EXPECT_TRUE(run.out.contains(QStringLiteral("impossible"))) << run.out.toStdString();
}

TEST(Cli, PipelineSeed001)
{
    const CliRun run = runCli(words("pipeline --stage-ms 10,10,20,10 --microbatches 8 --json"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    EXPECT_DOUBLE_EQ(o.value(QStringLiteral("sequential_ms")).toDouble(), 50);
    EXPECT_DOUBLE_EQ(o.value(QStringLiteral("total_ms")).toDouble(), 190);
    EXPECT_NEAR(o.value(QStringLiteral("bubble_fraction")).toDouble(), 0.273, 0.0005);
    EXPECT_DOUBLE_EQ(o.value(QStringLiteral("steady_rate_per_s")).toDouble(), 50);
    EXPECT_EQ(o.value(QStringLiteral("bottleneck_index")).toInt(), 2);
    EXPECT_DOUBLE_EQ(o.value(QStringLiteral("utilization")).toDouble(), 400.0 / 760.0);
    EXPECT_DOUBLE_EQ(o.value(QStringLiteral("balanced_stage_ms")).toDouble(), 12.5);
    EXPECT_DOUBLE_EQ(o.value(QStringLiteral("balanced_rate_per_s")).toDouble(), 80);
    const CliRun text = runCli(words("pipeline --stage-ms 10,10,20,10 --microbatches 8"));
    EXPECT_TRUE(text.out.contains(QStringLiteral("0.273")));
    EXPECT_TRUE(text.out.contains(QStringLiteral("80 microbatches/s")));
}

TEST(Cli, Bandwidth)
{
    CliRun run = runCli(words("bandwidth --bytes 14G --bytes-per-second 700G --json"));
    ASSERT_EQ(run.exitCode, 0);
    EXPECT_NEAR(run.json().value(QStringLiteral("seconds")).toDouble(), 0.02, 1e-15);
    EXPECT_NEAR(run.json().value(QStringLiteral("rate_per_s")).toDouble(), 50, 1e-9);
    run = runCli(words("bandwidth --bytes 512Mi --bytes-per-second 32Gi --json"));
    EXPECT_DOUBLE_EQ(run.json().value(QStringLiteral("seconds")).toDouble(), 1.0 / 64);
}

// Every invalid input: exit 2, one line on stderr naming the flag and the problem, nothing on
// stdout (never a silent wrong number).
TEST(Cli, InvalidInputExits2WithOneClearLine)
{
    struct Case
    {
        const char *args;
        const char *expected;
    };
    const Case cases[] = {
        {"runtime --users -5 --predictions 20 --latency-ms 1000",
         "--users: must be at least 1, got -5"},
        {"runtime --users 0 --predictions 20 --latency-ms 1000", "--users: must be at least 1"},
        {"runtime --users 150M --predictions 20 --latency-ms 1000 --workers 0",
         "--workers: must be at least 1"},
        {"runtime --users 150M --predictions 20 --latency-ms 1000 --workers 1.5",
         "--workers: must be a whole number"},
        {"runtime --users 150M --predictions 20 --latency-ms 1000 --parallel-fraction 1.2",
         "--parallel-fraction: is too large: at most 1, got 1.2"},
        {"runtime --users 150M --predictions 20 --latency-ms 1000 --parallel-fraction -0.1",
         "--parallel-fraction: must be at least 0"},
        {"runtime --users 150M --predictions 20 --latency-ms 1000 --keep-fraction 0",
         "--keep-fraction: must be greater than 0"},
        {"runtime --users 150M --predictions 20 --latency-ms 1000 --keep-fraction 1.5",
         "--keep-fraction: is too large"},
        {"runtime --users nan --predictions 20 --latency-ms 1000",
         "--users: 'nan' is not a number"},
        {"runtime --users inf --predictions 20 --latency-ms 1000",
         "--users: 'inf' is not a number"},
        {"runtime --users 150M --predictions 20 --latency-ms 1e999",
         "--latency-ms: '1e999' is out of range"},
        {"runtime --users 1e300 --predictions 20 --latency-ms 1000", "--users: is too large"},
        {"runtime --users banana --predictions 20 --latency-ms 1000",
         "--users: 'banana' is not a number"},
        {"runtime --users 150M --predictions 20 --latency-ms", "--latency-ms: missing value"},
        {"runtime --users --predictions 20 --latency-ms 5", "--users: missing value"},
        {"runtime --predictions 20 --latency-ms 5", "--users: required"},
        {"runtime --users 5 --predictions 20 --latency-ms 5 --bogus 1", "unknown flag --bogus"},
        {"runtime --users 5 --predictions 20 --latency-ms 5 stray", "unexpected argument 'stray'"},
        {"runtime --users 5 --predictions 20 --latency-ms -1",
         "--latency-ms: must be greater than 0"},
        {"runtime --users 5 --predictions 20 --latency-ms 5 --batch-ms 0",
         "--batch-ms: must be greater than 0"},
        {"scaling --users 5 --predictions 20 --latency-ms 5 --workers-list 100,x",
         "--workers-list: item 2: 'x'"},
        {"scaling --users 5 --predictions 20 --latency-ms 5 --workers-list 100,0",
         "--workers-list: item 2 must be at least 1"},
        {"amdahl --parallel-fraction 2 --workers 4", "--parallel-fraction: is too large"},
        {"amdahl --parallel-fraction 0.5 --workers 4 --target-speedup -3",
         "--target-speedup: must be greater than 0"},
        {"pipeline --stage-ms 10,-1 --microbatches 8", "--stage-ms: item 2 must be greater than 0"},
        {"pipeline --stage-ms 10,10 --microbatches 0", "--microbatches: must be at least 1"},
        {"pipeline --stage-ms 10,10 --microbatches 2.5", "--microbatches: must be a whole number"},
        {"pipeline --microbatches 8", "--stage-ms: required"},
        {"bandwidth --bytes 0 --bytes-per-second 1G", "--bytes: must be greater than 0"},
        {"bandwidth --bytes 1G --bytes-per-second nan",
         "--bytes-per-second: 'nan' is not a number"},
        {"frobnicate", "unknown command 'frobnicate'"},
        {"runtime --json=yes --users 5 --predictions 1 --latency-ms 1", "--json: takes no value"},
    };
    for (const Case &c : cases) {
        const CliRun run = runCli(words(c.args));
        EXPECT_EQ(run.exitCode, cli::kExitInvalid) << c.args;
        EXPECT_TRUE(run.out.isEmpty()) << c.args << " printed " << run.out.toStdString();
        EXPECT_TRUE(run.err.contains(QLatin1String(c.expected)))
            << c.args << "\n  got: " << run.err.toStdString() << "\n  want: " << c.expected;
        EXPECT_EQ(run.err.count(QLatin1Char('\n')), 1) << c.args;
    }
}

TEST(Cli, InlineValuesHelpAndVersion)
{
    const CliRun run =
        runCli(words("runtime --users=150M --predictions=20 --latency-ms=1000 --json"));
    ASSERT_EQ(run.exitCode, 0);
    EXPECT_EQ(run.json().value(QStringLiteral("total_predictions")).toDouble(), 3e9);
    EXPECT_EQ(runCli(words("--version")).out,
              QStringLiteral("pipeplan-cli " PIPEPLAN_VERSION "\n"));
    const CliRun help = runCli(words("runtime --help"));
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_TRUE(help.out.contains(QStringLiteral("--keep-fraction")));
    EXPECT_EQ(runCli(words("--help")).exitCode, 0);
    EXPECT_EQ(runCli({}).exitCode, cli::kExitInvalid);
}
