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

// The simulation issue's contract: the keys, and the closed form exactly without a tail.
TEST(Cli, SimulateJsonWithoutATailIsTheClosedForm)
{
    const CliRun run = runCli(words("simulate --shards 1001 --shard-seconds 60 --workers 100 "
                                    "--cold-start-s 30 --trials 50 --seed 9 --json"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    for (const char *key : {"trials", "mean_seconds", "p50_seconds", "p90_seconds", "p99_seconds"})
        EXPECT_TRUE(o.contains(QLatin1String(key))) << key;
    EXPECT_EQ(o.value(QStringLiteral("trials")).toInt(), 50);
    // 30 s of cold start, then ceil(1,001 / 100) = 11 rounds of 60 s.
    for (const char *key :
         {"mean_seconds", "p50_seconds", "p90_seconds", "p99_seconds", "closed_form_seconds"})
        EXPECT_EQ(o.value(QLatin1String(key)).toDouble(), 690) << key;
}

TEST(Cli, SimulateTailIsReproducibleAndBackupsAreAWhatIf)
{
    const QString flags = QStringLiteral("simulate --shards 2000 --shard-seconds 60 --workers 200 "
                                         "--straggler-prob 0.02 --straggler-factor 5 "
                                         "--failure-prob 0.05 --checkpoint-s 20 "
                                         "--checkpoint-cost-s 1 --trials 300 --seed 3 --json");
    const CliRun first = runCli(flags.split(QLatin1Char(' ')));
    const CliRun again = runCli(flags.split(QLatin1Char(' ')));
    ASSERT_EQ(first.exitCode, 0) << first.err.toStdString();
    EXPECT_EQ(first.out, again.out);
    const QJsonObject o = first.json();
    EXPECT_GT(o.value(QStringLiteral("p90_seconds")).toDouble(),
              o.value(QStringLiteral("p50_seconds")).toDouble());
    EXPECT_GT(o.value(QStringLiteral("p50_seconds")).toDouble(),
              o.value(QStringLiteral("closed_form_seconds")).toDouble());
    const CliRun backups = runCli((flags + QStringLiteral(" --backups")).split(QLatin1Char(' ')));
    const QJsonObject b = backups.json();
    ASSERT_TRUE(b.value(QStringLiteral("without_backups")).isObject());
    EXPECT_EQ(
        b.value(QStringLiteral("without_backups")).toObject().value(QStringLiteral("p90_seconds")),
        o.value(QStringLiteral("p90_seconds")));
    EXPECT_LT(b.value(QStringLiteral("p90_seconds")).toDouble(),
              o.value(QStringLiteral("p90_seconds")).toDouble());
}

TEST(Cli, DeadlineFlagsAndScenarioFile)
{
    const CliRun run = runCli(words("deadline --shards 1000 --shard-seconds 60 --cold-start-s 30 "
                                    "--deadline-s 600 --price-per-worker-hour 2 --json"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    EXPECT_EQ(o.value(QStringLiteral("naive_workers")).toDouble(), 100);
    EXPECT_EQ(o.value(QStringLiteral("overheads_workers")).toDouble(), 106); // 60,000 / 570
    EXPECT_EQ(o.value(QStringLiteral("simulated_p50_workers")).toDouble(), 112);
    EXPECT_EQ(o.value(QStringLiteral("simulated_p90_workers")).toDouble(), 112);
    const QJsonArray options = o.value(QStringLiteral("options")).toArray();
    ASSERT_EQ(options.size(), 4);
    EXPECT_NEAR(options[0].toObject().value(QStringLiteral("cost")).toDouble(),
                100 * 600.0 / 3600 * 2, 1e-9);

    const CliRun impossible = runCli(words("deadline --shards 1000 --shard-seconds 60 "
                                           "--serial-s 700 --deadline-s 600"));
    ASSERT_EQ(impossible.exitCode, 0);
    EXPECT_TRUE(
        impossible.out.contains(QStringLiteral("naive           impossible: Amdahl's ceiling: the "
                                               "serial 1.15% alone takes 11.67 minutes")))
        << impossible.out.toStdString();

    const CliRun file = runCli({QStringLiteral("deadline"),
                                QStringLiteral(PIPEPLAN_PRESETS_DIR "/feature-store-cap.json"),
                                QStringLiteral("--set"), QStringLiteral("goal.deadline_s=1800"),
                                QStringLiteral("--json")});
    ASSERT_EQ(file.exitCode, 0) << file.err.toStdString();
    const QJsonObject f = file.json();
    EXPECT_EQ(f.value(QStringLiteral("deadline_seconds")).toDouble(), 1800);
    EXPECT_TRUE(f.value(QStringLiteral("overheads_workers")).isNull());
    EXPECT_EQ(
        f.value(QStringLiteral("options"))
            .toArray()[1]
            .toObject()
            .value(QStringLiteral("reason"))
            .toString(),
        QStringLiteral("the feature store cap alone takes 31.25 minutes (deadline 30 minutes)"));
}

TEST(Cli, SimulateAndDeadlineRefuseBadInput)
{
    struct Case
    {
        const char *args;
        const char *message;
    };
    const Case cases[] = {
        {"simulate --shards 0 --shard-seconds 60 --workers 2",
         "--shards: must be at least 1, got 0"},
        {"simulate --shards 10 --shard-seconds 60 --workers 0",
         "--workers: must be at least 1, got 0"},
        {"simulate --shards 10 --shard-seconds 60 --workers 2 --straggler-prob 1 "
         "--straggler-factor 2",
         "--straggler-prob: must be below 1, got 1"},
        {"simulate --shards 10 --shard-seconds 60 --workers 2 --straggler-prob 0.1 "
         "--straggler-factor 0.5",
         "--straggler-factor: must be at least 1, got 0.5"},
        {"simulate --shards 10 --shard-seconds 60 --workers 2 --failure-prob -0.1",
         "--failure-prob: must be at least 0, got -0.1"},
        {"simulate --shards 10 --shard-seconds nan --workers 2", "--shard-seconds:"},
        {"simulate --shards 100M --shard-seconds 1e12 --workers 1 --straggler-prob 0.5 "
         "--straggler-factor 1000",
         "--shard-seconds: x straggler_factor x shards per worker is over 1e18 s"},
        {"simulate --shards 10 --shard-seconds 60 --workers 2 --trials 0",
         "--trials: must be at least 1, got 0"},
        {"deadline --shards 10 --shard-seconds 60 --deadline-s 0",
         "--deadline-s: must be greater than 0, got 0"},
        {"deadline --shards 10 --shard-seconds 60", "--deadline-s: required"},
    };
    for (const Case &c : cases) {
        const CliRun run = runCli(words(c.args));
        EXPECT_EQ(run.exitCode, 2) << c.args;
        EXPECT_TRUE(run.err.contains(QLatin1String(c.message)))
            << c.args << " -> " << run.err.toStdString();
        EXPECT_EQ(run.err.count(QLatin1Char('\n')), 1) << c.args;
    }
}
