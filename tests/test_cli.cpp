#include "app/cli/cli.h"
#include "core/plan/explain.h"
#include "core/plan/scenariofile.h"
#include "core/project/calendar.h"
#include "core/tail/tailbreakdown.h"
#include "tests/support/clirun.h"
#include "tests/support/ranges.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include <sys/stat.h>

using namespace pipeplan;

namespace {
using testsupport::CliRun;
using testsupport::runCli;

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

// Issue 17 item 5: the human table marks the scenario's own worker count, in a row of its own
// when it is not listed, as the window; the JSON (`rows`, `nearest_row`) stays as it was.
TEST(Cli, ScalingTableMarksTheOwnWorkerCount)
{
    const CliRun five =
        runCli(words("scaling --users 150M --predictions 20 --latency-ms 1000 --workers 5"));
    ASSERT_EQ(five.exitCode, 0) << five.err.toStdString();
    const QStringList lines = five.out.split(QLatin1Char('\n'));
    ASSERT_GE(lines.size(), 3);
    EXPECT_EQ(lines[0],
              QStringLiteral(
                  "  Workers  Linear (h)  Linear (days)    Amdahl S  Amdahl (h)  Amdahl (days)"));
    EXPECT_EQ(lines[1],
              QStringLiteral(
                  ">       5  166,666.67       6,944.44       5.00×  166,666.67       6,944.44"));
    EXPECT_EQ(lines[2],
              QStringLiteral(
                  "      100    8,333.33         347.22     100.00×    8,333.33         347.22"));
    EXPECT_EQ(five.out.count(QStringLiteral("\n>")), 1); // one row marked
    // A listed count is marked where it stands; no --workers, no mark.
    const CliRun listed =
        runCli(words("scaling --users 150M --predictions 20 --latency-ms 1000 --workers 5k"));
    EXPECT_TRUE(listed.out.contains(QStringLiteral(
        "\n>   5,000      166.67           6.94   5,000.00×      166.67           6.94\n")))
        << listed.out.toStdString();
    EXPECT_EQ(listed.out.count(QLatin1Char('\n')), 9); // header, seven rows, the note
    const CliRun plain = runCli(words("scaling --users 150M --predictions 20 --latency-ms 1000"));
    EXPECT_FALSE(plain.out.contains(QLatin1Char('>'))) << plain.out.toStdString();
    // The JSON is the contract: the listed rows only, whatever --workers says.
    const CliRun json =
        runCli(words("scaling --users 150M --predictions 20 --latency-ms 1000 --json"));
    const CliRun fiveJson =
        runCli(words("scaling --users 150M --predictions 20 --latency-ms 1000 --workers 5 --json"));
    EXPECT_EQ(fiveJson.out, json.out);

    // eval: a scenario with 5 workers, its row inserted and marked.
    const QString preset = QStringLiteral(PIPEPLAN_PRESETS_DIR "/feature-store-cap.json");
    const CliRun eval = runCli({QStringLiteral("eval"), preset, QStringLiteral("--set"),
                                QStringLiteral("workload.workers=5")});
    ASSERT_EQ(eval.exitCode, 0) << eval.err.toStdString();
    EXPECT_TRUE(eval.out.contains(QStringLiteral(
        "\nScaling\n"
        "  Workers  Linear (h)  Linear (days)    Amdahl S  Amdahl (h)  Amdahl (days)\n"
        ">       5      208.33           8.68       5.00×      208.33           8.68\n"
        "      100       10.42           0.43     100.00×       10.42           0.43\n")))
        << eval.out.toStdString();
    const CliRun evalJson =
        runCli({QStringLiteral("eval"), preset, QStringLiteral("--set"),
                QStringLiteral("workload.workers=5"), QStringLiteral("--json")});
    ASSERT_EQ(evalJson.exitCode, 0) << evalJson.err.toStdString();
    const QJsonArray rows = evalJson.json().value(QStringLiteral("rows")).toArray();
    ASSERT_EQ(rows.size(), 7);
    EXPECT_EQ(rows[0].toObject().value(QStringLiteral("workers")).toDouble(), 100);
    EXPECT_EQ(evalJson.json().value(QStringLiteral("nearest_row")).toInt(), 0);
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

// Issue 16: the steps from the closed form to P50 and P90 sum to the difference, named by cause.
TEST(Cli, SimulateBreakdownExplainsTheTail)
{
    const QString flags = QStringLiteral("simulate --shards 1050 --shard-seconds 60 --workers 100 "
                                         "--cold-start-s 30 --straggler-prob 0.05 "
                                         "--straggler-factor 3 --failure-prob 0.02 --trials 200 "
                                         "--seed 7");
    const CliRun run = runCli((flags + QStringLiteral(" --json")).split(QLatin1Char(' ')));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    const double closedForm = o.value(QStringLiteral("closed_form_seconds")).toDouble();
    EXPECT_EQ(closedForm, 690); // 30 + 11 x 60: the start, cold start included
    for (const auto &[key, percentile] :
         {std::pair{"breakdown", "p50_seconds"}, std::pair{"breakdown_p90", "p90_seconds"}}) {
        const QJsonArray steps = o.value(QLatin1String(key)).toArray();
        ASSERT_EQ(steps.size(), 2) << key;
        EXPECT_EQ(steps[0].toObject().value(QStringLiteral("cause")).toString(),
                  QStringLiteral("stragglers"));
        EXPECT_EQ(steps[1].toObject().value(QStringLiteral("cause")).toString(),
                  QStringLiteral("failures"));
        double total = closedForm;
        for (const QJsonValue &step : steps)
            total += step.toObject().value(QStringLiteral("seconds")).toDouble();
        EXPECT_NEAR(total, o.value(QLatin1String(percentile)).toDouble(), 1e-9) << key;
    }
    // The same numbers as the core's.
    simulation::Params params;
    params.shards = 1050;
    params.shardSeconds = 60;
    params.workers = 100;
    params.coldStartSeconds = 30;
    params.stragglerProbability = 0.05;
    params.stragglerFactor = 3;
    params.failureProbability = 0.02;
    params.trials = 200;
    params.seed = 7;
    const tail::Breakdown core = tail::fromClosedForm(params);
    EXPECT_EQ(o.value(QStringLiteral("breakdown"))
                  .toArray()[0]
                  .toObject()
                  .value(QStringLiteral("seconds")),
              core.toP50[0].seconds);

    const CliRun text = runCli(flags.split(QLatin1Char(' ')));
    ASSERT_EQ(text.exitCode, 0);
    EXPECT_TRUE(text.out.contains(QStringLiteral("Where the time goes")));
    for (const QStringList &row :
         explain::breakdownRows(core, QStringLiteral("Closed form (no tail)"))) {
        EXPECT_TRUE(text.out.contains(row[0])) << row[0].toStdString();
        EXPECT_TRUE(text.out.contains(row[1])) << row[1].toStdString();
        EXPECT_TRUE(text.out.contains(row[2])) << row[2].toStdString();
    }

    // No random cause: nothing to explain, and no table.
    const CliRun plain = runCli(words("simulate --shards 1001 --shard-seconds 60 --workers 100 "
                                      "--trials 5 --json"));
    EXPECT_TRUE(plain.json().value(QStringLiteral("breakdown")).toArray().isEmpty());
    EXPECT_FALSE(runCli(words("simulate --shards 1001 --shard-seconds 60 --workers 100 --trials 5"))
                     .out.contains(QStringLiteral("Where the time goes")));
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

// Seed 001's pipeline as a training schedule: p = 4, m = 8, F = 1, B = 2 gives (m + p - 1)(F + B).
TEST(Cli, ScheduleOneFOneBJson)
{
    const CliRun run = runCli(words("schedule --schedule 1f1b --forward-ms 1 --backward-ms 2 "
                                    "--microbatches 8 --devices 4 --json"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    for (const char *key :
         {"makespan_ms", "bubble_fraction", "bubble_ratio", "peak_in_flight", "ops", "schedule",
          "devices", "microbatches", "virtual_stages", "busy_ms"})
        EXPECT_TRUE(o.contains(QLatin1String(key))) << key;
    EXPECT_DOUBLE_EQ(o.value(QStringLiteral("makespan_ms")).toDouble(), 33);
    EXPECT_DOUBLE_EQ(o.value(QStringLiteral("bubble_fraction")).toDouble(), 3.0 / 11.0);
    EXPECT_DOUBLE_EQ(o.value(QStringLiteral("bubble_ratio")).toDouble(), 3.0 / 8.0);
    EXPECT_DOUBLE_EQ(o.value(QStringLiteral("busy_ms")).toDouble(), 96);
    EXPECT_EQ(o.value(QStringLiteral("schedule")).toString(), QStringLiteral("1f1b"));
    EXPECT_EQ(o.value(QStringLiteral("devices")).toInt(), 4);
    EXPECT_EQ(o.value(QStringLiteral("virtual_stages")).toInt(), 1);
    EXPECT_EQ(o.value(QStringLiteral("peak_in_flight")).toArray(), (QJsonArray{4, 3, 2, 1}));
    const QJsonArray ops = o.value(QStringLiteral("ops")).toArray();
    ASSERT_EQ(ops.size(), 64); // 4 devices x 8 microbatches x (F, B)
    EXPECT_EQ(ops[0].toObject(), (QJsonObject{{QStringLiteral("device"), 0},
                                              {QStringLiteral("kind"), QStringLiteral("forward")},
                                              {QStringLiteral("microbatch"), 0},
                                              {QStringLiteral("chunk"), 0},
                                              {QStringLiteral("start_ms"), 0},
                                              {QStringLiteral("end_ms"), 1}}));
    // Device 0's first backward waits for the gradient from the last stage: 3 + 1 + 3 x 2.
    const QJsonObject firstBackward = ops[4].toObject();
    EXPECT_EQ(firstBackward.value(QStringLiteral("kind")).toString(), QStringLiteral("backward"));
    EXPECT_DOUBLE_EQ(firstBackward.value(QStringLiteral("start_ms")).toDouble(), 10);
    EXPECT_DOUBLE_EQ(ops[63].toObject().value(QStringLiteral("end_ms")).toDouble(), 27);
}

TEST(Cli, ScheduleInterleavedAndZeroBubble)
{
    // m(F + B) + (p - 1)(F + B) / v = 24 + 4.5; bubble ratio (p - 1) / (v m).
    const CliRun interleaved =
        runCli(words("schedule --schedule interleaved --forward-ms 1 --backward-ms 2 "
                     "--microbatches 8 --devices 4 --virtual-stages 2 --json"));
    ASSERT_EQ(interleaved.exitCode, 0) << interleaved.err.toStdString();
    const QJsonObject i = interleaved.json();
    EXPECT_DOUBLE_EQ(i.value(QStringLiteral("makespan_ms")).toDouble(), 28.5);
    EXPECT_DOUBLE_EQ(i.value(QStringLiteral("bubble_ratio")).toDouble(), 3.0 / 16.0);
    EXPECT_EQ(i.value(QStringLiteral("peak_in_flight")).toArray(),
              (QJsonArray{5.5, 4.5, 3.5, 2.5}));
    const QJsonArray ops = i.value(QStringLiteral("ops")).toArray();
    ASSERT_EQ(ops.size(), 128);
    int secondChunk = 0;
    for (const auto &op : ops)
        secondChunk += op.toObject().value(QStringLiteral("chunk")).toInt() == 1 ? 1 : 0;
    EXPECT_EQ(secondChunk, 64);

    // ZB-H1, F = B = W = 1: (p - 1)(F + B - W) of bubble against 1F1B's (p - 1)(F + B + W).
    const CliRun zb = runCli(words("schedule --schedule zb-h1 --forward-ms 1 --backward-ms 1 "
                                   "--weight-ms 1 --microbatches 8 --devices 4 --json"));
    ASSERT_EQ(zb.exitCode, 0) << zb.err.toStdString();
    const QJsonObject z = zb.json();
    EXPECT_DOUBLE_EQ(z.value(QStringLiteral("makespan_ms")).toDouble(), 27);
    EXPECT_EQ(z.value(QStringLiteral("ops")).toArray().size(), 96);
    EXPECT_EQ(z.value(QStringLiteral("ops")).toArray()[3].toObject().value(QStringLiteral("kind")),
              QStringLiteral("forward"));
    int weights = 0;
    for (const auto &op : z.value(QStringLiteral("ops")).toArray())
        weights += op.toObject().value(QStringLiteral("kind")) == QStringLiteral("weight") ? 1 : 0;
    EXPECT_EQ(weights, 32);
    const CliRun ofob = runCli(words("schedule --schedule 1f1b --forward-ms 1 --backward-ms 1 "
                                     "--weight-ms 1 --microbatches 8 --devices 4 --json"));
    EXPECT_DOUBLE_EQ(ofob.json().value(QStringLiteral("makespan_ms")).toDouble(), 33);
}

// A list with more than one value gives p; one-value lists apply to every device.
TEST(Cli, SchedulePerDeviceLists)
{
    // Device 1 twice as slow: 9 + (m - 1) x 6 = 15 ms, as in test_schedule.
    const CliRun run = runCli(words("schedule --schedule 1f1b --forward-ms 1,2 --backward-ms 2,4 "
                                    "--microbatches 2 --json"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    EXPECT_EQ(o.value(QStringLiteral("devices")).toInt(), 2);
    EXPECT_DOUBLE_EQ(o.value(QStringLiteral("makespan_ms")).toDouble(), 15);
    EXPECT_DOUBLE_EQ(o.value(QStringLiteral("busy_ms")).toDouble(), 18);
    const CliRun withComm =
        runCli(words("schedule --schedule 1f1b --forward-ms 1,2 "
                     "--backward-ms 2,4 --microbatches 2 --comm-ms 0.5 --json"));
    EXPECT_DOUBLE_EQ(withComm.json().value(QStringLiteral("makespan_ms")).toDouble(), 16);
    // --devices agreeing with the lists, or alone with one-value lists.
    const CliRun agreed =
        runCli(words("schedule --schedule gpipe --forward-ms 1 --backward-ms 2,2,2 "
                     "--microbatches 8 --devices 3 --json"));
    ASSERT_EQ(agreed.exitCode, 0) << agreed.err.toStdString();
    EXPECT_DOUBLE_EQ(agreed.json().value(QStringLiteral("makespan_ms")).toDouble(), 30);
    // No list longer than one and no --devices: one device, (m)(F + B).
    const CliRun single = runCli(words("schedule --schedule gpipe --forward-ms 1 --backward-ms 2 "
                                       "--microbatches 8 --json"));
    EXPECT_EQ(single.json().value(QStringLiteral("devices")).toInt(), 1);
    EXPECT_DOUBLE_EQ(single.json().value(QStringLiteral("makespan_ms")).toDouble(), 24);
    EXPECT_DOUBLE_EQ(single.json().value(QStringLiteral("bubble_fraction")).toDouble(), 0);
}

TEST(Cli, ScheduleTable)
{
    const CliRun run = runCli(words("schedule --schedule 1f1b --forward-ms 1 --backward-ms 2 "
                                    "--microbatches 8 --devices 4"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.out.contains(QStringLiteral("1F1B, 4 devices, 8 microbatches")))
        << run.out.toStdString();
    EXPECT_TRUE(run.out.contains(QStringLiteral("33 ms")));
    EXPECT_TRUE(run.out.contains(QStringLiteral("27.27 %")));
    EXPECT_TRUE(run.out.contains(QStringLiteral("0.375")));
    EXPECT_TRUE(run.out.contains(QStringLiteral("4, 3, 2, 1 microbatches (device 0 to 3)")));
    // 64 ops: listed, one line each under a header.
    EXPECT_TRUE(run.out.contains(QStringLiteral("start ms")));
    EXPECT_EQ(run.out.count(QStringLiteral(" forward ")), 32);

    // More than 64 ops: a count and a pointer to --json instead of the list.
    const CliRun big = runCli(words("schedule --schedule interleaved --forward-ms 4 "
                                    "--backward-ms 8 --microbatches 512 --devices 64 "
                                    "--virtual-stages 4"));
    ASSERT_EQ(big.exitCode, 0) << big.err.toStdString();
    EXPECT_TRUE(big.out.contains(QStringLiteral("262,144 ops; run with --json")))
        << big.out.toStdString();
    EXPECT_TRUE(big.out.contains(QStringLiteral("6,333 ms")));
    EXPECT_FALSE(big.out.contains(QStringLiteral("start ms")));
    EXPECT_TRUE(runCli(words("schedule --help")).out.contains(QStringLiteral("--virtual-stages")));
    EXPECT_TRUE(runCli(words("--help")).out.contains(QStringLiteral("schedule")));
}

TEST(Cli, ScheduleRefusesBadInput)
{
    struct Case
    {
        const char *args;
        const char *message;
    };
    const Case cases[] = {
        {"schedule --schedule interleaved --forward-ms 1 --backward-ms 2 --microbatches 6 "
         "--devices 4 --virtual-stages 2",
         "--microbatches: the interleaved schedule needs a multiple of the 4 devices (got 6)"},
        {"schedule --schedule interleaved --forward-ms 1 --backward-ms 2 --microbatches 8 "
         "--devices 4 --virtual-stages 0",
         "--virtual-stages: must be at least 1, got 0"},
        {"schedule --schedule 1f1b --forward-ms 1 --backward-ms 2 --microbatches 8 "
         "--virtual-stages 2",
         "--virtual-stages: only the interleaved schedule splits a device into chunks"},
        {"schedule --schedule 1f1b --forward-ms -1 --backward-ms 2 --microbatches 8",
         "--forward-ms: item 1 must be greater than 0, got -1"},
        {"schedule --schedule 1f1b --forward-ms 1 --backward-ms nan --microbatches 8",
         "--backward-ms: item 1: 'nan' is not a number"},
        {"schedule --schedule 1f1b --forward-ms 1,2,3 --backward-ms 1,2 --microbatches 8",
         "--backward-ms: 2 values, but --forward-ms gives 3 devices"},
        {"schedule --schedule 1f1b --forward-ms 1,2,3 --backward-ms 2 --microbatches 8 "
         "--devices 4",
         "--forward-ms: 3 values, but --devices gives 4 devices"},
        {"schedule --schedule 1f1b --forward-ms 1 --backward-ms 2 --weight-ms 1,-1 "
         "--microbatches 8",
         "--weight-ms: item 2 must be at least 0, got -1"},
        {"schedule --schedule pipedream --forward-ms 1 --backward-ms 2 --microbatches 8",
         "--schedule: unknown schedule 'pipedream'"},
        {"schedule --forward-ms 1 --backward-ms 2 --microbatches 8", "--schedule: required"},
        {"schedule --schedule gpipe --forward-ms 1 --backward-ms 2", "--microbatches: required"},
        {"schedule --schedule gpipe --forward-ms 1 --backward-ms 2 --microbatches 2.5",
         "--microbatches: must be a whole number, got 2.5"},
        {"schedule --schedule gpipe --forward-ms 1 --backward-ms 2 --microbatches 8 "
         "--comm-ms -1",
         "--comm-ms: must be at least 0, got -1"},
        {"schedule --schedule gpipe --forward-ms 1 --backward-ms 2 --microbatches 100000 "
         "--devices 1024",
         "--microbatches: devices x microbatches x virtual stages is"},
        {"schedule --schedule gpipe --forward-ms 1 --backward-ms 2 --microbatches 8 "
         "--devices 2000",
         "--devices: is too large: at most 1024, got 2000"},
    };
    for (const Case &c : cases) {
        const CliRun run = runCli(words(c.args));
        EXPECT_EQ(run.exitCode, cli::kExitInvalid) << c.args;
        EXPECT_TRUE(run.out.isEmpty()) << c.args;
        EXPECT_TRUE(run.err.contains(QLatin1String(c.message)))
            << c.args << "\n  got: " << run.err.toStdString() << "\n  want: " << c.message;
        EXPECT_EQ(run.err.count(QLatin1Char('\n')), 1) << c.args;
    }
}

// ---------------------------------------------------------------------------------------------
// Project estimates (seed 003): montecarlo and labeling.

namespace {
/// A file in its own temporary directory, removed with the object.
class TempFile
{
public:
    explicit TempFile(const char *text, const char *name = "tasks.csv")
        : m_path(m_dir.filePath(QString::fromUtf8(name)))
    {
        QFile file(m_path);
        if (file.open(QIODevice::WriteOnly))
            file.write(text);
    }
    const QString &path() const { return m_path; }

private:
    QTemporaryDir m_dir;
    QString m_path;
};

/// The seed's reference PERT tasks, in sequence.
constexpr const char *kReferenceTasks = "name,optimistic,most_likely,pessimistic\n"
                                        "design,4,6,12\n"
                                        "pilot,5,8,14\n"
                                        "train,4,8,13\n"
                                        "ship,1,10,17\n";

CliRun runMonteCarlo(const QString &path, const char *flags)
{
    QStringList args{QStringLiteral("montecarlo"), QStringLiteral("--tasks"), path};
    if (*flags != '\0')
        args += words(flags);
    return runCli(args);
}

double key(const QJsonObject &o, const char *name)
{
    return o.value(QLatin1String(name)).toDouble();
}
} // namespace

// Seed 003's worked example: 100k items, 70 % at 1.5 min and 30 % at 6 min, 10 % QC, 20 %
// contingency. The seed rounds the total to "~6,000"; the formula gives 6,270 exactly.
TEST(Cli, LabelingSeed003Example)
{
    const CliRun run = runCli(words("labeling --items 100000 --stratum 0.7:1.5 --stratum 0.3:6 "
                                    "--qc-rate 0.1 --contingency 0.2 --json"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    EXPECT_EQ(key(o, "base_hours"), 4750); // exactly, not merely close
    EXPECT_EQ(key(o, "qc_hours"), 475);
    EXPECT_EQ(key(o, "total_hours"), 6270);
    EXPECT_DOUBLE_EQ(key(o, "contingency_hours"), 1045);
    EXPECT_DOUBLE_EQ(key(o, "items"), 100000);
    EXPECT_DOUBLE_EQ(key(o, "annotator_hours"), 4750);
    EXPECT_DOUBLE_EQ(key(o, "reviewer_hours"), 475);
    EXPECT_EQ(key(o, "adjudication_hours"), 0);
    EXPECT_EQ(key(o, "ramp_up_hours"), 0);
    EXPECT_EQ(key(o, "cost"), 0);
    const QJsonArray strata = o.value(QStringLiteral("strata")).toArray();
    ASSERT_EQ(strata.size(), 2);
    EXPECT_DOUBLE_EQ(key(strata[0].toObject(), "items"), 70000);
    EXPECT_DOUBLE_EQ(key(strata[0].toObject(), "hours"), 1750);
    EXPECT_DOUBLE_EQ(key(strata[1].toObject(), "hours"), 3000);

    // The same in percentages.
    const CliRun percent = runCli(words("labeling --items 100k --stratum 70%:1.5 --stratum 30%:6 "
                                        "--qc-rate 10% --contingency 20% --json"));
    ASSERT_EQ(percent.exitCode, 0) << percent.err.toStdString();
    EXPECT_DOUBLE_EQ(key(percent.json(), "total_hours"), 6270);

    const CliRun table = runCli(words("labeling --items 100000 --stratum 0.7:1.5 --stratum 0.3:6 "
                                      "--qc-rate 0.1 --contingency 0.2"));
    ASSERT_EQ(table.exitCode, 0);
    EXPECT_TRUE(table.out.contains(QStringLiteral("4,750 h"))) << table.out.toStdString();
    EXPECT_TRUE(table.out.contains(QStringLiteral("QC review (10 %)")));
    EXPECT_TRUE(table.out.contains(QStringLiteral("6,270 h")));
}

// --qc-rate and --contingency default to 0: the total is the base alone.
TEST(Cli, LabelingWithoutQcOrContingency)
{
    const CliRun run =
        runCli(words("labeling --items 100000 --stratum 0.7:1.5 --stratum 0.3:6 --json"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    EXPECT_DOUBLE_EQ(key(o, "base_hours"), 4750);
    EXPECT_EQ(key(o, "qc_hours"), 0);
    EXPECT_EQ(key(o, "contingency_hours"), 0);
    EXPECT_DOUBLE_EQ(key(o, "total_hours"), 4750);
}

TEST(Cli, LabelingNormalize)
{
    // 0.7 + 0.2 scaled to 7/9 and 2/9: 100k x (7/9 x 1.5 + 2/9 x 6) / 60 = 4,166.67 h.
    CliRun run = runCli(words("labeling --items 100000 --stratum 0.7:1.5 --stratum 0.2:6 "
                              "--normalize --json"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_NEAR(key(run.json(), "total_hours"), 100000 * 2.5 / 60, 1e-9);
    const QJsonArray strata = run.json().value(QStringLiteral("strata")).toArray();
    ASSERT_EQ(strata.size(), 2);
    EXPECT_NEAR(key(strata[0].toObject(), "share"), 7.0 / 9, 1e-15);
    // With --normalize shares are weights: the pilot's 350 and 150 items give 70 % and 30 %.
    run = runCli(words("labeling --items 100000 --stratum 350:1.5 --stratum 150:6 --normalize "
                       "--json"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_NEAR(key(run.json(), "total_hours"), 4750, 1e-9);
    // Shares that already sum to 1 are unchanged.
    run = runCli(words("labeling --items 100000 --stratum 0.7:1.5 --stratum 0.3:6 --normalize "
                       "--json"));
    EXPECT_NEAR(key(run.json(), "total_hours"), 4750, 1e-9);
}

// Adjudication, ramp-up, review minutes and cost, by the core's formulas.
TEST(Cli, LabelingAdjudicationRampUpAndCost)
{
    const CliRun run = runCli(words(
        "labeling --items 100k --stratum 0.7:1.5 --stratum 0.3:6 --qc-rate 0.1 --contingency 0.2 "
        "--adjudication 0.05:4 --ramp-up 0.6 --annotators 10 --hourly-rate 25 --tooling-cost 5000 "
        "--json"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    EXPECT_NEAR(key(o, "adjudication_hours"), 0.05 * 100000 * 4 / 60, 1e-9); // 333.33
    EXPECT_NEAR(key(o, "ramp_up_hours"), 10 * 40 * 0.4, 1e-9); // min(400, 4750 / 0.6) x 0.4
    EXPECT_NEAR(key(o, "annotator_hours"), 4750 + 160, 1e-9);
    EXPECT_NEAR(key(o, "reviewer_hours"), 475 + 1000.0 / 3, 1e-9);
    const double total = (4750 + 475 + 1000.0 / 3 + 160) * 1.2;
    EXPECT_NEAR(key(o, "total_hours"), total, 1e-9);
    EXPECT_NEAR(key(o, "cost"), total * 25 + 5000, 1e-6);

    // A whole job inside the first week: ramp-up = base x (1 / r - 1); --hours-per-week counts.
    const CliRun small = runCli(words("labeling --items 600 --stratum 1:1 --ramp-up 50% "
                                      "--annotators 2 --hours-per-week 20 --json"));
    ASSERT_EQ(small.exitCode, 0) << small.err.toStdString();
    EXPECT_NEAR(key(small.json(), "ramp_up_hours"), 10, 1e-12);
    // A third part of --stratum is the QC review time: 10 % x 600 x 3 min / 60 = 3 h.
    const CliRun review =
        runCli(words("labeling --items 600 --stratum 1:1:3 --qc-rate 0.1 --json"));
    ASSERT_EQ(review.exitCode, 0) << review.err.toStdString();
    EXPECT_NEAR(key(review.json(), "qc_hours"), 3, 1e-12);
    EXPECT_NEAR(key(review.json(), "base_hours"), 10, 1e-12);
}

TEST(Cli, LabelingRefusesBadInput)
{
    struct Case
    {
        const char *args;
        const char *message;
    };
    const Case cases[] = {
        {"labeling --stratum 1:1", "--items: required"},
        {"labeling --items -5 --stratum 1:1", "--items: must be at least 1, got -5"},
        {"labeling --items 1.5 --stratum 1:1", "--items: must be a whole number"},
        {"labeling --items lots --stratum 1:1", "--items: 'lots' is not a number"},
        {"labeling --items 100", "--stratum: required"},
        {"labeling --items 100 --stratum 0.7:1.5 --stratum 0.2:6",
         "--stratum: shares sum to 0.9, not 1: correct them or add --normalize"},
        {"labeling --items 100 --stratum 0.7:1.5 --stratum 0.7:6",
         "--stratum: shares sum to 1.4, not 1"},
        {"labeling --items 100 --stratum 0:1 --normalize", "--stratum: shares sum to 0"},
        {"labeling --items 100 --stratum 0.7", "--stratum '0.7': no minutes per item"},
        {"labeling --items 100 --stratum 0.7:", "--stratum '0.7:': no minutes per item"},
        {"labeling --items 100 --stratum 1:1:2:3", "--stratum '1:1:2:3': expected SHARE:MINUTES"},
        {"labeling --items 100 --stratum abc:1.5", "--stratum 'abc:1.5': share: 'abc' is not a"},
        {"labeling --items 100 --stratum 1:x", "--stratum '1:x': minutes per item: 'x' is not a"},
        {"labeling --items 100 --stratum -0.5:1 --stratum 1.5:1",
         "--stratum '-0.5:1': share: must be at least 0, got -0.5"},
        {"labeling --items 100 --stratum 1:-2",
         "--stratum '1:-2': minutes per item: must be greater than 0, got -2"},
        {"labeling --items 100 --stratum 1:0",
         "--stratum '1:0': minutes per item: must be greater"},
        {"labeling --items 100 --stratum 1:1:-1", "--stratum '1:1:-1': review minutes per item:"},
        {"labeling --items 100 --stratum 70:1 --stratum 30:2",
         "--stratum '70:1': share: is too large: at most 1, got 70 (a fraction: 0.7 or 70%; or "
         "add --normalize"},
        {"labeling --items 100 --stratum 150%:1", "--stratum '150%:1': share: is too large"},
        {"labeling --items 100 --stratum 1:1 --qc-rate 10",
         "--qc-rate: is too large: at most 1, got 10 (a fraction: 0.1 or 10%)"},
        {"labeling --items 100 --stratum 1:1 --qc-rate -0.1", "--qc-rate: must be at least 0"},
        {"labeling --items 100 --stratum 1:1 --qc-rate x%", "--qc-rate: 'x%' is not a percentage"},
        {"labeling --items 100 --stratum 1:1 --contingency -0.2",
         "--contingency: must be at least 0, got -0.2"},
        {"labeling --items 100 --stratum 1:1 --contingency 20",
         "--contingency: is too large: at most 5, got 20"},
        {"labeling --items 100 --stratum 1:1 --contingency", "--contingency: missing value"},
        {"labeling --items 100 --stratum 1:1 --adjudication 2",
         "--adjudication '2': share: is too large"},
        {"labeling --items 100 --stratum 1:1 --adjudication 0.1:-4",
         "--adjudication '0.1:-4': minutes per item: must be greater than 0"},
        {"labeling --items 100 --stratum 1:1 --adjudication 0.1:2:3",
         "--adjudication '0.1:2:3': expected SHARE or SHARE:MINUTES"},
        {"labeling --items 100 --stratum 1:1 --ramp-up 0.6",
         "--annotators: required with --ramp-up"},
        {"labeling --items 100 --stratum 1:1 --ramp-up 0 --annotators 2",
         "--ramp-up: must be greater than 0, got 0"},
        {"labeling --items 100 --stratum 1:1 --ramp-up 1.5 --annotators 2",
         "--ramp-up: is too large: at most 1"},
        {"labeling --items 100 --stratum 1:1 --ramp-up 0.5 --annotators 0",
         "--annotators: must be greater than 0"},
        {"labeling --items 100 --stratum 1:1 --ramp-up 0.5 --annotators 2 --hours-per-week 200",
         "--hours-per-week: is too large: at most 168"},
        {"labeling --items 100 --stratum 1:1 --annotators 2", "--annotators: only used with"},
        {"labeling --items 100 --stratum 1:1 --hours-per-week 30",
         "--hours-per-week: only used with"},
        {"labeling --items 100 --stratum 1:1 --hourly-rate -1",
         "--hourly-rate: must be at least 0, got -1"},
        {"labeling --items 100 --stratum 1:1 --tooling-cost nan",
         "--tooling-cost: 'nan' is not a number"},
        {"labeling --items 100 --stratum 1:1 --normalize=yes", "--normalize: takes no value"},
    };
    for (const Case &c : cases) {
        const CliRun run = runCli(words(c.args));
        EXPECT_EQ(run.exitCode, cli::kExitInvalid) << c.args;
        EXPECT_TRUE(run.out.isEmpty()) << c.args;
        EXPECT_TRUE(run.err.contains(QLatin1String(c.message)))
            << c.args << "\n  got: " << run.err.toStdString() << "\n  want: " << c.message;
        EXPECT_EQ(run.err.count(QLatin1Char('\n')), 1) << c.args;
    }
}

// The reference tasks in sequence: PERT sums (a + 4m + b) / 6 to 6.6667 + 8.5 + 8.1667 + 9.6667
// = 33 h and the variances ((b - a) / 6)^2; the simulation's PERT-beta has the PERT mean.
TEST(Cli, MonteCarloReferenceTasks)
{
    const TempFile csv(kReferenceTasks);
    const CliRun run = runMonteCarlo(csv.path(), "--trials 200000 --json");
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    for (const char *name :
         {"trials", "mean", "p50", "p80", "p90", "p95", "pert_mean", "pert_sigma", "unit", "min",
          "max", "seed", "distribution", "critical_path", "tasks"})
        EXPECT_TRUE(o.contains(QLatin1String(name))) << name;
    EXPECT_EQ(key(o, "trials"), 200000);
    EXPECT_NEAR(key(o, "pert_mean"), 33.0, 1e-12);
    EXPECT_NEAR(key(o, "pert_mean"), 40.0 / 6 + 8.5 + 49.0 / 6 + 58.0 / 6, 1e-12);
    const double variance = (64.0 + 81 + 81 + 256) / 36; // (8, 9, 9, 16) / 6, squared
    EXPECT_NEAR(key(o, "pert_sigma"), std::sqrt(variance), 1e-12);
    // The PERT-beta sum's standard deviation is about 4.1 h: the standard error of 200k
    // trials is 0.009 h, so 0.05 h is over five of them.
    EXPECT_NEAR(key(o, "mean"), 33.0, 0.05);
    EXPECT_LT(key(o, "min"), key(o, "p50"));
    EXPECT_LT(key(o, "p50"), key(o, "p80"));
    EXPECT_LT(key(o, "p80"), key(o, "p90"));
    EXPECT_LT(key(o, "p90"), key(o, "p95"));
    EXPECT_LT(key(o, "p95"), key(o, "max"));
    EXPECT_GE(key(o, "min"), 4 + 5 + 4 + 1);
    EXPECT_LE(key(o, "max"), 12 + 14 + 13 + 17);
    EXPECT_NEAR(key(o, "p50"), 33.0, 0.2); // nearly symmetric
    EXPECT_EQ(o.value(QStringLiteral("unit")).toString(), QStringLiteral("hours"));
    EXPECT_EQ(o.value(QStringLiteral("distribution")).toString(), QStringLiteral("pert"));
    EXPECT_EQ(key(o, "seed"), 1);
    EXPECT_EQ(key(o, "tasks"), 4);
    EXPECT_EQ(o.value(QStringLiteral("critical_path")).toArray(), (QJsonArray{1, 2, 3, 4}));

    // Defaults: 100,000 trials, seed 1, PERT-beta.
    const CliRun defaults = runMonteCarlo(csv.path(), "--json");
    ASSERT_EQ(defaults.exitCode, 0) << defaults.err.toStdString();
    EXPECT_EQ(key(defaults.json(), "trials"), 100000);
    EXPECT_EQ(defaults.json(), runMonteCarlo(csv.path(), "--trials 100k --seed 1 "
                                                         "--distribution pert --json")
                                   .json());
}

TEST(Cli, MonteCarloSameSeedSameOutput)
{
    const TempFile csv(kReferenceTasks);
    const CliRun first = runMonteCarlo(csv.path(), "--trials 20000 --seed 42 --json");
    const CliRun second = runMonteCarlo(csv.path(), "--trials 20000 --seed 42 --json");
    ASSERT_EQ(first.exitCode, 0) << first.err.toStdString();
    EXPECT_EQ(first.out, second.out);
    const CliRun other = runMonteCarlo(csv.path(), "--trials 20000 --seed 43 --json");
    EXPECT_NE(key(first.json(), "mean"), key(other.json(), "mean"));
    EXPECT_EQ(first.json().value(QStringLiteral("pert_mean")),
              other.json().value(QStringLiteral("pert_mean")));
    EXPECT_EQ(runMonteCarlo(csv.path(), "--trials 20000 --seed 42").out,
              runMonteCarlo(csv.path(), "--trials 20000 --seed 42").out);
}

// Triangular draws: the mean is sum (a + m + b) / 3 = 22/3 + 9 + 25/3 + 28/3 = 34 h.
TEST(Cli, MonteCarloTriangular)
{
    const TempFile csv(kReferenceTasks);
    const CliRun run = runMonteCarlo(csv.path(), "--trials 200k --distribution triangular --json");
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    EXPECT_EQ(o.value(QStringLiteral("distribution")).toString(), QStringLiteral("triangular"));
    EXPECT_NEAR(key(o, "mean"), 22.0 / 3 + 9 + 25.0 / 3 + 28.0 / 3, 0.05);
    EXPECT_NEAR(key(o, "pert_mean"), 33.0, 1e-12); // PERT does not depend on the draws
    EXPECT_LT(key(o, "p50"), key(o, "p80"));
    EXPECT_LT(key(o, "p90"), key(o, "p95"));
}

// A unit column converts to hours; depends_on gives the critical path, 1-based.
TEST(Cli, MonteCarloUnitsAndDependencies)
{
    const TempFile days("name,optimistic,most_likely,pessimistic,unit\n"
                        "a,1,1,1,days\n"
                        "b,1,1,1,w\n");
    CliRun run = runMonteCarlo(days.path(), "--trials 100 --json");
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_DOUBLE_EQ(key(run.json(), "pert_mean"), 48); // 8 h + 40 h
    EXPECT_DOUBLE_EQ(key(run.json(), "p90"), 48);

    // 1 and 2 both wait for nothing; 3 waits for both: the longer (2) is on the path.
    const TempFile graph("name,optimistic,most_likely,pessimistic,depends_on\n"
                         "short,1,2,3,\n"
                         "long,10,20,30,\n"
                         "join,1,1,1,1;2\n");
    run = runMonteCarlo(graph.path(), "--trials 1000 --json");
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(run.json().value(QStringLiteral("critical_path")).toArray(), (QJsonArray{2, 3}));
    EXPECT_DOUBLE_EQ(key(run.json(), "pert_mean"), 21);
    const CliRun table = runMonteCarlo(graph.path(), "--trials 1000");
    EXPECT_TRUE(table.out.contains(QStringLiteral("3 tasks, critical path: tasks 2, 3")))
        << table.out.toStdString();
}

TEST(Cli, MonteCarloTable)
{
    const TempFile csv(kReferenceTasks);
    const CliRun run = runMonteCarlo(csv.path(), "--trials 1000");
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.out.contains(QStringLiteral("4 tasks in sequence"))) << run.out.toStdString();
    EXPECT_TRUE(run.out.contains(QStringLiteral("1,000 trials, PERT-beta, seed 1")));
    EXPECT_TRUE(run.out.contains(QStringLiteral("33.00 h  (4.13 working days)")));
    EXPECT_TRUE(run.out.contains(QStringLiteral("P90")));
    EXPECT_TRUE(runCli(words("--help")).out.contains(QStringLiteral("montecarlo")));
    EXPECT_TRUE(runCli(words("--help")).out.contains(QStringLiteral("labeling")));
    EXPECT_TRUE(runCli(words("montecarlo --help")).out.contains(QStringLiteral("HOURS")));
    EXPECT_TRUE(runCli(words("labeling --help")).out.contains(QStringLiteral("--normalize")));
}

TEST(Cli, MonteCarloRefusesBadInput)
{
    const TempFile good(kReferenceTasks);
    const TempFile header("name,opt,most_likely,pessimistic\na,1,2,3\n");
    const TempFile below("name,optimistic,most_likely,pessimistic\n"
                         "a,4,6,12\n"
                         "b,5,8,14\n"
                         "c,4,8,3\n");
    const TempFile text("name,optimistic,most_likely,pessimistic\na,4,six,12\n");
    const TempFile several("name,optimistic,most_likely,pessimistic\na,x,1,2\nb,y,1,2\n");
    const TempFile fields("name,optimistic,most_likely,pessimistic\na,1,2\n");
    const TempFile empty("name,optimistic,most_likely,pessimistic\n");
    const TempFile nothing("");
    const TempFile cycle("name,optimistic,most_likely,pessimistic,depends_on\n"
                         "a,1,2,3,2\n"
                         "b,1,2,3,1\n");
    const TempFile newline("name,optimistic,most_likely,pessimistic,\"bad\ncolumn\"\n");
    struct Case
    {
        QString path;
        const char *flags;
        QString message;
    };
    const QString missing = good.path() + QStringLiteral(".missing");
    const std::vector<Case> cases{
        {header.path(), "",
         header.path() + QStringLiteral(": header: is \"name,opt,most_likely,pessimistic\"; it "
                                        "must start with name,optimistic,most_likely,pessimistic")},
        {below.path(), "",
         below.path() + QStringLiteral(": row 3, pessimistic: is 3, below the optimistic 4")},
        {text.path(), "", text.path() + QStringLiteral(": row 1, most_likely: 'six' is not a")},
        {several.path(), "",
         QStringLiteral("row 1, optimistic: 'x' is not a number (and 1 more "
                        "problem)")},
        {fields.path(), "", QStringLiteral("row 1: has 3 fields, the header has 4")},
        {empty.path(), "", QStringLiteral("has no task rows under the header")},
        {nothing.path(), "", QStringLiteral("header: is missing")},
        {cycle.path(), "", QStringLiteral("depends_on: makes a cycle")},
        {newline.path(), "", QStringLiteral("has an unknown column \"bad column\"")},
        {missing, "", QStringLiteral("--tasks ") + missing + QStringLiteral(": cannot read it")},
        {QFileInfo(good.path()).absolutePath(), "", QStringLiteral(": is a directory")},
        {good.path(), "--trials 0", QStringLiteral("--trials: must be at least 1, got 0")},
        {good.path(), "--trials 2M",
         QStringLiteral("--trials: is too large: at most 1000000, got 2000000")},
        {good.path(), "--trials 10.5", QStringLiteral("--trials: must be a whole number")},
        {good.path(), "--seed 1.5", QStringLiteral("--seed: must be a whole number, got 1.5")},
        {good.path(), "--seed -3", QStringLiteral("--seed: must be at least 0")},
        {good.path(), "--seed abc", QStringLiteral("--seed: 'abc' is not a number")},
        {good.path(), "--distribution normal",
         QStringLiteral("--distribution: unknown distribution 'normal' (pert or triangular)")},
        {good.path(), "--contingency 0.2", QStringLiteral("unknown flag --contingency")},
    };
    for (const Case &c : cases) {
        const CliRun run = runMonteCarlo(c.path, c.flags);
        EXPECT_EQ(run.exitCode, cli::kExitInvalid) << c.flags << ' ' << c.path.toStdString();
        EXPECT_TRUE(run.out.isEmpty()) << c.flags;
        EXPECT_TRUE(run.err.contains(QStringLiteral(": --")) ||
                    run.err.contains(QStringLiteral("flag --")))
            << run.err.toStdString(); // names the flag
        EXPECT_TRUE(run.err.contains(c.message))
            << c.path.toStdString() << ' ' << c.flags << "\n  got: " << run.err.toStdString()
            << "\n  want: " << c.message.toStdString();
        EXPECT_EQ(run.err.count(QLatin1Char('\n')), 1) << run.err.toStdString();
    }
    const CliRun none = runCli(words("montecarlo --trials 10"));
    EXPECT_EQ(none.exitCode, cli::kExitInvalid);
    EXPECT_TRUE(none.err.contains(QStringLiteral("--tasks: required"))) << none.err.toStdString();
}

// ---------------------------------------------------------------------------------------------
// The reliability suite for the CLI: hostile files, flags that were dropped or misread, and
// one-line errors.

namespace {
const QString kPreset = QStringLiteral(PIPEPLAN_PRESETS_DIR "/feature-store-cap.json");

/// A FIFO nobody writes to: reading it would block forever.
class Fifo
{
public:
    Fifo() : m_path(m_dir.filePath(QStringLiteral("pipe")))
    {
        EXPECT_EQ(::mkfifo(QFile::encodeName(m_path).constData(), 0600), 0);
    }
    const QString &path() const { return m_path; }

private:
    QTemporaryDir m_dir;
    QString m_path;
};
} // namespace

TEST(ReliabilityCli, DevicesAndFifosRefusedAtOnce)
{
    const Fifo fifo;
    struct Case
    {
        QStringList args;
        QString err;
    };
    const QString device = QStringLiteral("is a device, not a regular file");
    const QString pipe = QStringLiteral("is a pipe, not a regular file");
    const std::vector<Case> cases{
        {{QStringLiteral("eval"), QStringLiteral("/dev/zero")},
         QStringLiteral("pipeplan-cli eval: /dev/zero: ") + device},
        {{QStringLiteral("montecarlo"), QStringLiteral("--tasks"), QStringLiteral("/dev/zero")},
         QStringLiteral("pipeplan-cli montecarlo: --tasks /dev/zero: ") + device},
        {{QStringLiteral("eval"), fifo.path()},
         QStringLiteral("pipeplan-cli eval: ") + fifo.path() + QStringLiteral(": ") + pipe},
        {{QStringLiteral("deadline"), fifo.path()},
         QStringLiteral("pipeplan-cli deadline: ") + fifo.path() + QStringLiteral(": ") + pipe},
        {{QStringLiteral("montecarlo"), QStringLiteral("--tasks"), fifo.path()},
         QStringLiteral("pipeplan-cli montecarlo: --tasks ") + fifo.path() + QStringLiteral(": ") +
             pipe},
        {{QStringLiteral("eval"), QStringLiteral("/dev/stdin")}, QString()},
    };
    for (const Case &c : cases) {
        const CliRun run = runCli(c.args);
        EXPECT_EQ(run.exitCode, cli::kExitInvalid) << c.args.join(QLatin1Char(' ')).toStdString();
        EXPECT_TRUE(run.out.isEmpty());
        EXPECT_EQ(run.err.count(QLatin1Char('\n')), 1) << run.err.toStdString();
        if (!c.err.isEmpty()) {
            EXPECT_EQ(run.err, c.err + QLatin1Char('\n'));
        }
    }
    // The report reads its scenario through the same loader.
    QString error;
    EXPECT_FALSE(cli::loadPlanFile(fifo.path(), {}, &error));
    EXPECT_EQ(error, fifo.path() + QStringLiteral(": ") + pipe);
}

TEST(ReliabilityCli, DeadlineFileAppliesSimulationFlags)
{
    auto deadline = [](QStringList extra) {
        QStringList args{QStringLiteral("deadline"), kPreset, QStringLiteral("--trials"),
                         QStringLiteral("50"), QStringLiteral("--json")};
        args << extra;
        return runCli(args);
    };
    const CliRun plain = deadline({});
    const CliRun flagged = deadline({QStringLiteral("--failure-prob"), QStringLiteral("0.05"),
                                     QStringLiteral("--straggler-factor"), QStringLiteral("2")});
    const CliRun set =
        deadline({QStringLiteral("--set"), QStringLiteral("simulation.failure_prob=0.05"),
                  QStringLiteral("--set"), QStringLiteral("simulation.straggler_factor=2")});
    ASSERT_EQ(plain.exitCode, 0) << plain.err.toStdString();
    ASSERT_EQ(flagged.exitCode, 0) << flagged.err.toStdString();
    ASSERT_EQ(set.exitCode, 0) << set.err.toStdString();
    EXPECT_EQ(flagged.out, set.out); // the flags mean what --set with the file's key means
    EXPECT_EQ(plain.json().value(QStringLiteral("simulated_p90_workers")).toDouble(), 1391);
    EXPECT_EQ(flagged.json().value(QStringLiteral("simulated_p90_workers")).toDouble(), 1439);
    EXPECT_EQ(flagged.json().value(QStringLiteral("simulated_p50_workers")).toDouble(), 1324);

    const CliRun shards = deadline({QStringLiteral("--shards"), QStringLiteral("5")});
    EXPECT_EQ(shards.exitCode, cli::kExitInvalid);
    EXPECT_EQ(shards.err,
              QStringLiteral("pipeplan-cli deadline: --shards: comes from the scenario file's "
                             "workload; use --set overheads.users_per_shard (shards = users / "
                             "users per shard)\n"));
}

TEST(ReliabilityCli, AbsurdSimulationValuesRefusedWithTheReason)
{
    struct Case
    {
        const char *args;
        const char *err;
    };
    const Case cases[] = {
        {"simulate --shards 10 --shard-seconds 60 --workers 2 --checkpoint-s 1e-18",
         "pipeplan-cli simulate: --checkpoint-s: is too small: at least 1e-09, got 1e-18\n"},
        {"simulate --shards 10 --shard-seconds 60 --workers 2 --checkpoint-s 1e-17",
         "pipeplan-cli simulate: --checkpoint-s: is too small: at least 1e-09, got 1e-17\n"},
        {"simulate --shards 10 --shard-seconds 60 --workers 2 --checkpoint-s 1e-6",
         "pipeplan-cli simulate: --checkpoint-s: is 1e-06 s: a shard of 60 s would write 60000000 "
         "checkpoints; at most 1,000,000 per shard\n"},
        {"simulate --shards 10 --shard-seconds 60 --workers 2 --failure-prob 0.999999999999",
         "pipeplan-cli simulate: --failure-prob: is too large: at most 0.99, got 0.999999999999 "
         "(above it each shard needs over 100 attempts on average)\n"},
        {"runtime --users 1 --predictions 1 --latency-ms 1e-320",
         "pipeplan-cli runtime: --latency-ms: is too small: at least 1e-09, got "
         "9.99988867182683e-321\n"},
    };
    for (const Case &c : cases) {
        const CliRun run = runCli(words(c.args));
        EXPECT_EQ(run.exitCode, cli::kExitInvalid) << c.args;
        EXPECT_EQ(run.err, QString::fromUtf8(c.err)) << c.args;
        EXPECT_FALSE(run.out.contains(QLatin1String("NaN")) ||
                     run.out.contains(QLatin1String("inf")));
    }
    // The smallest accepted value still prints finite numbers.
    const CliRun small = runCli(words("runtime --users 1 --predictions 1 --latency-ms 1e-9"));
    ASSERT_EQ(small.exitCode, 0) << small.err.toStdString();
    EXPECT_FALSE(small.out.contains(QLatin1String("NaN")));
    EXPECT_FALSE(small.out.contains(QLatin1String("inf")));
    EXPECT_FALSE(small.out.contains(QStringLiteral("∞")));
}

TEST(ReliabilityCli, BandwidthBytesReadBAsBytes)
{
    const CliRun run = runCli(words("bandwidth --bytes 512B --bytes-per-second 1KB --json"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(run.json().value(QStringLiteral("seconds")).toDouble(), 0.512);
    const CliRun mib = runCli(words("bandwidth --bytes 512MiB --bytes-per-second 32GiB/s --json"));
    ASSERT_EQ(mib.exitCode, 0) << mib.err.toStdString();
    EXPECT_EQ(mib.json().value(QStringLiteral("seconds")).toDouble(), 1.0 / 64);
    const CliRun bad = runCli(words("bandwidth --bytes 5BB --bytes-per-second 1G"));
    EXPECT_EQ(bad.err,
              QStringLiteral("pipeplan-cli bandwidth: --bytes: '5BB' is not a byte count\n"));
}

TEST(ReliabilityCli, ReportArgumentsUseTheSharedParser)
{
    const TempFile scenario("{}", "plan.json");
    QString error;
    std::optional<cli::ReportArgs> args = cli::parseReportArgs(
        {scenario.path(), QStringLiteral("--output=out.pdf"), QStringLiteral("--page=a4"),
         QStringLiteral("--set=users=5M"), QStringLiteral("--simulate")},
        &error);
    ASSERT_TRUE(args) << error.toStdString();
    EXPECT_EQ(args->file, scenario.path());
    EXPECT_EQ(args->output, QStringLiteral("out.pdf"));
    EXPECT_EQ(args->page, QStringLiteral("a4"));
    EXPECT_EQ(args->sets, QStringList{QStringLiteral("users=5M")});
    EXPECT_TRUE(args->simulate);

    // The PDF must not overwrite the scenario: same path, another spelling, a symlink.
    const QString link = QFileInfo(scenario.path()).absolutePath() + QStringLiteral("/link.json");
    ASSERT_TRUE(QFile::link(scenario.path(), link));
    const QString dotted =
        QFileInfo(scenario.path()).absolutePath() + QStringLiteral("/./plan.json");
    for (const QString &output : {scenario.path(), dotted, link}) {
        EXPECT_FALSE(cli::parseReportArgs({scenario.path(), QStringLiteral("-o"), output}, &error));
        EXPECT_EQ(error, QStringLiteral("-o %1: is the scenario file itself; write the report to "
                                        "another file")
                             .arg(output));
    }
    EXPECT_FALSE(cli::parseReportArgs({scenario.path()}, &error));
    EXPECT_EQ(error,
              QStringLiteral("-o: required (the report to write: .pdf, .html, .md, .csv or .tsv)"));
    EXPECT_FALSE(cli::parseReportArgs({scenario.path(), QStringLiteral("--pages=a4")}, &error));
    EXPECT_EQ(error, QStringLiteral("unknown flag --pages"));
}

TEST(ReliabilityCli, FlagEqualsValueAndPercentFractionsEverywhere)
{
    const CliRun run = runCli(words("runtime --users=150M --predictions=20 --latency-ms=1000 "
                                    "--keep-fraction=50% --json"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(run.json().value(QStringLiteral("users_scored")).toDouble(), 75e6);
    const CliRun spaced =
        runCli(words("runtime --users 150M --predictions 20 --latency-ms 1000 --keep-fraction 50% "
                     "--parallel-fraction 95% --workers 10 --json"));
    ASSERT_EQ(spaced.exitCode, 0) << spaced.err.toStdString();
    EXPECT_EQ(spaced.json().value(QStringLiteral("users_scored")).toDouble(), 75e6);
    EXPECT_NEAR(spaced.json().value(QStringLiteral("speedup")).toDouble(), 1 / (0.05 + 0.095),
                1e-12);
    const CliRun bad = runCli(words("runtime --users 1 --predictions 1 --latency-ms 1 "
                                    "--keep-fraction 150%"));
    EXPECT_EQ(bad.err,
              QStringLiteral(
                  "pipeplan-cli runtime: --keep-fraction: is too large: at most 1, got 1.5\n"));
}

TEST(ReliabilityCli, ErrorsAreOneLine)
{
    const CliRun run =
        runCli({QStringLiteral("runtime"), QStringLiteral("--users"), QStringLiteral("5\nfoo"),
                QStringLiteral("--predictions"), QStringLiteral("1"),
                QStringLiteral("--latency-ms"), QStringLiteral("1")});
    EXPECT_EQ(run.exitCode, cli::kExitInvalid);
    EXPECT_EQ(run.err,
              QStringLiteral("pipeplan-cli runtime: --users: '5\\nfoo' is not a number\n"));
    const CliRun command = runCli({QStringLiteral("run\ntime")});
    EXPECT_EQ(command.err,
              QStringLiteral("pipeplan-cli: unknown command 'run\\ntime' (try --help)\n"));
    const CliRun huge = runCli(
        {QStringLiteral("runtime"), QStringLiteral("--users"), QString(5000, QLatin1Char('x'))});
    EXPECT_EQ(huge.err.count(QLatin1Char('\n')), 1);
    EXPECT_EQ(huge.err.size(), cli::kMaxMessageChars + 4); // cut, "...", the line end
}

TEST(ReliabilityCli, TenThousandTaskCsvRunsAndTenThousandOneIsRefused)
{
    auto chainCsv = [](int rows) {
        QByteArray csv = "name,optimistic,most_likely,pessimistic,depends_on\n";
        for (int r = 1; r <= rows; ++r)
            csv += "t," + QByteArray("1,2,3,") + (r > 1 ? QByteArray::number(r - 1) : "") + "\n";
        return csv;
    };
    const TempFile most(chainCsv(10'000).constData());
    const CliRun run = runMonteCarlo(most.path(), "--trials 1000");
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.out.startsWith(QStringLiteral(
        "Plan              10,000 tasks, critical path: tasks 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... "
        "9,989 more ..., 10000\n")))
        << run.out.left(300).toStdString();
    EXPECT_TRUE(run.out.contains(QStringLiteral("PERT mean         20,000.00 h")));

    const TempFile tooMany(chainCsv(10'001).constData());
    const CliRun refused = runMonteCarlo(tooMany.path(), "");
    EXPECT_EQ(refused.exitCode, cli::kExitInvalid);
    EXPECT_EQ(refused.err, QStringLiteral("pipeplan-cli montecarlo: --tasks ") + tooMany.path() +
                               QStringLiteral(": csv: has 10,001 tasks; at most 10,000\n"));
}

// trace (issue 20): span statistics of a profiler trace.
namespace {

/// A trace file in a directory of its own, removed with it.
class TraceFile
{
public:
    explicit TraceFile(const QByteArray &bytes, const char *name = "trace.json")
        : m_path(m_dir.filePath(QString::fromUtf8(name)))
    {
        QFile file(m_path);
        if (file.open(QIODevice::WriteOnly))
            file.write(bytes);
    }
    const QString &path() const { return m_path; }

private:
    QTemporaryDir m_dir;
    QString m_path;
};

/// Two training steps (a forward and a backward inside each) and an optimizer on a second
/// thread, as PyTorch's profiler writes them: metadata first, args to skip.
const QByteArray kTraceSteps = R"({"schemaVersion": 1, "traceEvents": [
    {"ph": "X", "name": "step", "ts": 0, "dur": 10000, "pid": 1, "tid": 1, "args": {"a": [1, 2]}},
    {"ph": "X", "name": "forward", "ts": 1000, "dur": 3000, "pid": 1, "tid": 1},
    {"ph": "X", "name": "backward", "ts": 4000, "dur": 5000, "pid": 1, "tid": 1},
    {"ph": "X", "name": "step", "ts": 10000, "dur": 12000, "pid": 1, "tid": 1},
    {"ph": "X", "name": "forward", "ts": 11000, "dur": 4000, "pid": 1, "tid": 1},
    {"ph": "X", "name": "backward", "ts": 15000, "dur": 6000, "pid": 1, "tid": 1},
    {"ph": "X", "name": "optimizer", "ts": 21000, "dur": 1000, "pid": 1, "tid": 2}
]})";

CliRun runTrace(const QString &path, const QStringList &flags = {})
{
    return runCli(QStringList{QStringLiteral("trace"), path} + flags);
}

} // namespace

TEST(TraceCli, JsonHasTheContractKeysAndExactStatistics)
{
    const TraceFile file(kTraceSteps);
    const CliRun run = runTrace(file.path(), {QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    EXPECT_EQ(o.value(QStringLiteral("events")).toDouble(), 7);
    EXPECT_EQ(o.value(QStringLiteral("truncated")).toBool(true), false);
    EXPECT_EQ(o.value(QStringLiteral("duration_ms")).toDouble(), 22.0);
    EXPECT_EQ(o.value(QStringLiteral("notes")).toArray(), QJsonArray());
    const QJsonArray spans = o.value(QStringLiteral("spans")).toArray();
    ASSERT_EQ(spans.size(), 4);
    QStringList names;
    for (const QJsonValue &span : spans)
        names << span.toObject().value(QStringLiteral("name")).toString();
    EXPECT_EQ(names.join(QLatin1Char(',')), QStringLiteral("step,backward,forward,optimizer"));
    const QJsonObject step = spans[0].toObject();
    for (const char *key : {"name", "count", "total_ms", "mean_ms", "p50_ms", "p90_ms", "max_ms"})
        EXPECT_TRUE(step.contains(QLatin1String(key))) << key;
    EXPECT_EQ(step.value(QStringLiteral("count")).toInt(), 2);
    EXPECT_EQ(step.value(QStringLiteral("total_ms")).toDouble(), 22.0);
    EXPECT_EQ(step.value(QStringLiteral("mean_ms")).toDouble(), 11.0);
    EXPECT_EQ(step.value(QStringLiteral("p50_ms")).toDouble(), 11.0);
    EXPECT_EQ(step.value(QStringLiteral("p90_ms")).toDouble(), 11.8);
    EXPECT_EQ(step.value(QStringLiteral("max_ms")).toDouble(), 12.0);
    const QJsonObject optimizerLane =
        spans[3].toObject().value(QStringLiteral("lanes")).toArray()[0].toObject();
    EXPECT_EQ(optimizerLane.value(QStringLiteral("tid")).toInt(), 2);
    EXPECT_EQ(optimizerLane.value(QStringLiteral("total_ms")).toDouble(), 1.0);
}

TEST(TraceCli, TextIsAnAlignedTableWithUnits)
{
    const TraceFile file(kTraceSteps);
    const CliRun run = runTrace(file.path());
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(run.out,
              QStringLiteral("Spans      7\n"
                             "Duration   22.000 ms (first start to last end)\n"
                             "Truncated  no\n"
                             "\n"
                             "Span       Count  Total ms  Mean ms  P50 ms  P90 ms  Max ms\n"
                             "step           2    22.000   11.000  11.000  11.800  12.000\n"
                             "backward       2    11.000    5.500   5.500   5.900   6.000\n"
                             "forward        2     7.000    3.500   3.500   3.900   4.000\n"
                             "optimizer      1     1.000    1.000   1.000   1.000   1.000\n"));
}

TEST(TraceCli, MatchRepeatsAndTopKeepsTheLargest)
{
    const TraceFile file(kTraceSteps);
    const CliRun run =
        runTrace(file.path(), {QStringLiteral("--match"), QStringLiteral("^for"),
                               QStringLiteral("--match=opt"), QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonArray spans = run.json().value(QStringLiteral("spans")).toArray();
    ASSERT_EQ(spans.size(), 2);
    EXPECT_EQ(spans[0].toObject().value(QStringLiteral("name")).toString(),
              QStringLiteral("forward"));
    EXPECT_EQ(spans[1].toObject().value(QStringLiteral("name")).toString(),
              QStringLiteral("optimizer"));
    EXPECT_EQ(run.json().value(QStringLiteral("events")).toDouble(), 3);

    const CliRun top = runTrace(
        file.path(), {QStringLiteral("--top"), QStringLiteral("1"), QStringLiteral("--json")});
    ASSERT_EQ(top.exitCode, 0) << top.err.toStdString();
    const QJsonArray first = top.json().value(QStringLiteral("spans")).toArray();
    ASSERT_EQ(first.size(), 1);
    EXPECT_EQ(first[0].toObject().value(QStringLiteral("name")).toString(), QStringLiteral("step"));
    EXPECT_EQ(top.json().value(QStringLiteral("events")).toDouble(), 7);
}

TEST(TraceCli, TruncatedFileGivesWhatWasCompleteWithANote)
{
    const qsizetype cut = kTraceSteps.indexOf("\"optimizer\"");
    const TraceFile file(kTraceSteps.left(cut));
    const CliRun run = runTrace(file.path(), {QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    EXPECT_EQ(o.value(QStringLiteral("truncated")).toBool(), true);
    EXPECT_EQ(o.value(QStringLiteral("events")).toDouble(), 6);
    EXPECT_EQ(o.value(QStringLiteral("duration_ms")).toDouble(), 22.0);
    EXPECT_EQ(o.value(QStringLiteral("notes")).toArray()[0].toString(),
              QStringLiteral("the file ends mid-document (cut short, as a killed job leaves it): "
                             "6 spans complete before the cut are counted"));
    const CliRun text = runTrace(file.path());
    EXPECT_TRUE(text.out.contains(QStringLiteral("Truncated  yes\n")));
    EXPECT_TRUE(text.out.endsWith(QStringLiteral("\nNote: the file ends mid-document (cut short, "
                                                 "as a killed job leaves it): 6 spans complete "
                                                 "before the cut are counted\n")));
}

TEST(TraceCli, BadFilesAndFlagsExitTwoWithOneLine)
{
    const QTemporaryDir dir;
    const QString missing = dir.filePath(QStringLiteral("missing.json"));
    const CliRun gone = runTrace(missing);
    EXPECT_EQ(gone.exitCode, cli::kExitInvalid);
    EXPECT_EQ(gone.out, QString());
    EXPECT_EQ(gone.err, QStringLiteral("pipeplan-cli trace: ") + missing +
                            QStringLiteral(": cannot read it (No such file or directory)\n"));

    const TraceFile png(QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16), "chart.png");
    const CliRun notTrace = runTrace(png.path());
    EXPECT_EQ(notTrace.exitCode, cli::kExitInvalid);
    EXPECT_EQ(notTrace.err, QStringLiteral("pipeplan-cli trace: ") + png.path() +
                                QStringLiteral(": not a Chrome trace: not JSON (Invalid value at "
                                               "byte 0)\n"));

    const TraceFile number("42");
    EXPECT_EQ(runTrace(number.path()).err,
              QStringLiteral("pipeplan-cli trace: ") + number.path() +
                  QStringLiteral(": not a Chrome trace: the document is a single value, not an "
                                 "object or array\n"));

    const TraceFile file(kTraceSteps);
    const CliRun pattern = runTrace(file.path(), {QStringLiteral("--match"), QStringLiteral("(")});
    EXPECT_EQ(pattern.exitCode, cli::kExitInvalid);
    EXPECT_TRUE(pattern.err.startsWith(
        QStringLiteral("pipeplan-cli trace: match pattern \"(\" is invalid: ")))
        << pattern.err.toStdString();
    EXPECT_EQ(pattern.err.count(QLatin1Char('\n')), 1);

    const CliRun top = runTrace(file.path(), {QStringLiteral("--top"), QStringLiteral("-1")});
    EXPECT_EQ(top.exitCode, cli::kExitInvalid);
    EXPECT_TRUE(top.err.startsWith(QStringLiteral("pipeplan-cli trace: --top: ")))
        << top.err.toStdString();

    const CliRun noFile = runCli({QStringLiteral("trace")});
    EXPECT_EQ(noFile.exitCode, cli::kExitInvalid);
    EXPECT_TRUE(noFile.err.startsWith(QStringLiteral("pipeplan-cli trace: FILE: required")));
}

// ---- fit: Amdahl and the USL fitted to measured runs (issue 20)
// -------------------------------

namespace {
/// usl's data(specsdm91) (R package usl 3.0.3, Gunther 2007): users and scripts per hour.
constexpr const char *kSpecSdm91Runs = "workers,throughput\n"
                                       "1,64.9\n18,995.9\n36,1652.4\n72,1853.2\n"
                                       "108,1828.9\n144,1775.0\n216,1702.2\n";

CliRun runFit(const QString &path, const char *flags = "")
{
    QStringList args{QStringLiteral("fit"), QStringLiteral("--runs"), path};
    if (*flags != '\0')
        args += words(flags);
    return runCli(args);
}
} // namespace

TEST(CliFit, SpecSdm91Json)
{
    const TempFile runs(kSpecSdm91Runs, "runs.csv");
    const CliRun run = runFit(runs.path(), "--json");
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    EXPECT_EQ(o.value(QStringLiteral("measure")).toString(), QStringLiteral("throughput"));
    const QJsonArray points = o.value(QStringLiteral("points")).toArray();
    ASSERT_EQ(points.size(), 7);
    EXPECT_EQ(key(points[1].toObject(), "workers"), 18);
    EXPECT_EQ(key(points[1].toObject(), "throughput"), 995.9);
    const QJsonObject usl = o.value(QStringLiteral("usl")).toObject();
    for (const char *name : {"sigma", "kappa", "lambda", "sigma_low", "sigma_high", "kappa_low",
                             "kappa_high", "rmse", "r_squared", "peak_workers"})
        EXPECT_TRUE(usl.contains(QLatin1String(name))) << name;
    // The R package's summary (README.md): α 0.0277285, β 0.0001044, γ 89.995; peak at 96.52.
    EXPECT_NEAR(key(usl, "sigma"), 0.0277285, 0.0277285 * 0.01);
    EXPECT_NEAR(key(usl, "kappa"), 0.0001044, 0.0001044 * 0.01);
    EXPECT_NEAR(key(usl, "lambda"), 89.995233, 0.9);
    EXPECT_NEAR(key(usl, "peak_workers"), 96.52, 0.01);
    EXPECT_LT(key(usl, "sigma_low"), key(usl, "sigma"));
    EXPECT_GT(key(usl, "sigma_high"), key(usl, "sigma"));
    const QJsonObject amdahl = o.value(QStringLiteral("amdahl")).toObject();
    for (const char *name : {"p", "p_low", "p_high", "lambda", "rmse", "r_squared"})
        EXPECT_TRUE(amdahl.contains(QLatin1String(name))) << name;
    // Without --predict: at the measured worker counts, predict(u) of the R package.
    const QJsonArray predictions = o.value(QStringLiteral("predictions")).toArray();
    ASSERT_EQ(predictions.size(), 7);
    const double published[] = {90, 1078, 1541, 1850, 1879, 1822, 1646};
    for (qsizetype i = 0; i < predictions.size(); ++i) {
        const QJsonObject p = predictions[i].toObject();
        EXPECT_EQ(key(p, "workers"), key(points[i].toObject(), "workers"));
        EXPECT_NEAR(key(p, "usl"), published[i], published[i] * 0.01);
        EXPECT_LT(key(p, "usl_low"), key(p, "usl"));
        EXPECT_GT(key(p, "usl_high"), key(p, "usl"));
        EXPECT_TRUE(p.contains(QStringLiteral("amdahl")));
    }
}

TEST(CliFit, RuntimeRunsPredictSeconds)
{
    const TempFile runs("workers,runtime_s\n1,100\n2,52\n4,28\n8,16.5\n16,11\n", "runs.csv");
    const CliRun run = runFit(runs.path(), "--predict 32,1k --json");
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    EXPECT_EQ(o.value(QStringLiteral("measure")).toString(), QStringLiteral("runtime_s"));
    EXPECT_EQ(key(o.value(QStringLiteral("points")).toArray()[0].toObject(), "runtime_s"), 100);
    const QJsonArray predictions = o.value(QStringLiteral("predictions")).toArray();
    ASSERT_EQ(predictions.size(), 2);
    EXPECT_EQ(key(predictions[0].toObject(), "workers"), 32);
    EXPECT_EQ(key(predictions[1].toObject(), "workers"), 1000);
    const QJsonObject at32 = predictions[0].toObject();
    // Seconds, not items per second: below the 16-worker run's 11 s, above zero.
    EXPECT_GT(key(at32, "usl"), 1.0);
    EXPECT_LT(key(at32, "usl"), 11.0);
    EXPECT_LT(key(at32, "usl_low"), key(at32, "usl"));
}

TEST(CliFit, TextTableHasUnits)
{
    const TempFile runs(kSpecSdm91Runs, "runs.csv");
    const CliRun run = runFit(runs.path(), "--predict 100,1000");
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.out.contains(QStringLiteral("USL σ (contention)"))) << run.out.toStdString();
    EXPECT_TRUE(run.out.contains(QStringLiteral("USL peak")));
    EXPECT_TRUE(run.out.contains(QStringLiteral("96.52 workers")));
    EXPECT_TRUE(run.out.contains(QStringLiteral("Workers")));
    EXPECT_TRUE(run.out.contains(QStringLiteral(" /s")));
    EXPECT_TRUE(run.out.contains(QStringLiteral("1,000")));
    EXPECT_TRUE(runCli(words("--help")).out.contains(QStringLiteral("fit")));
    EXPECT_TRUE(runCli(words("fit --help")).out.contains(QStringLiteral("--predict")));
}

TEST(CliFit, BadFilesNameRowAndColumn)
{
    const std::vector<std::pair<const char *, QString>> cases{
        {"workers,throughput\n1,10\n2,abc\n",
         QStringLiteral("row 3, column throughput: must be a number above 0, got 'abc'")},
        {"workers,speed\n1,10\n", QStringLiteral("row 1, column speed: unknown column: the header "
                                                 "is workers and throughput (items/s) or "
                                                 "runtime_s (seconds) (and 1 more problem)")},
        {"workers,throughput\n0,10\n",
         QStringLiteral("row 2, column workers: must be a number of at least 1, got '0'")},
        {"", QStringLiteral("row 1: the file is empty: the header is workers and throughput "
                            "(items/s) or runtime_s (seconds)")},
    };
    for (const auto &[text, message] : cases) {
        const TempFile runs(text, "runs.csv");
        const CliRun run = runFit(runs.path());
        EXPECT_EQ(run.exitCode, cli::kExitInvalid);
        EXPECT_EQ(run.err, QStringLiteral("pipeplan-cli fit: --runs ") + runs.path() +
                               QStringLiteral(": ") + message + QLatin1Char('\n'));
    }
}

TEST(CliFit, FewerRunsThanParametersRefused)
{
    const TempFile runs("workers,throughput\n1,10\n4,30\n", "runs.csv");
    const CliRun run = runFit(runs.path(), "--json");
    EXPECT_EQ(run.exitCode, cli::kExitInvalid);
    EXPECT_TRUE(run.out.isEmpty());
    EXPECT_EQ(run.err, QStringLiteral("pipeplan-cli fit: --runs ") + runs.path() +
                           QStringLiteral(": 2 runs: the USL needs at least 3\n"));
    const CliRun missing = runCli(words("fit --json"));
    EXPECT_EQ(missing.exitCode, cli::kExitInvalid);
    EXPECT_TRUE(missing.err.contains(QStringLiteral("--runs: required")));
    const TempFile ok(kSpecSdm91Runs, "runs.csv");
    const CliRun badPredict = runFit(ok.path(), "--predict 0.5");
    EXPECT_EQ(badPredict.exitCode, cli::kExitInvalid);
    EXPECT_TRUE(badPredict.err.contains(QStringLiteral("--predict")));
}

// Issue 21: --start gives every percentile as a finish date on the working calendar, the JSON
// carries the criticality per task and the tornado sorted by swing.
TEST(Cli, MonteCarloDatesCriticalityAndTornado)
{
    const TempFile csv(kReferenceTasks);
    const CliRun run = runMonteCarlo(csv.path(), "--start 2026-12-07 --calendar mon-fri "
                                                 "--hours-per-day 8 --json");
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    // PERT 33 h from Monday 7 December, 8 h a day: 32 h end on Thursday, so Friday the 11th.
    EXPECT_EQ(o.value(QStringLiteral("start")).toString(), QStringLiteral("2026-12-07"));
    EXPECT_EQ(o.value(QStringLiteral("pert_date")).toString(), QStringLiteral("2026-12-11"));
    EXPECT_EQ(o.value(QStringLiteral("p50_date")).toString(), QStringLiteral("2026-12-11"));
    const estimate::WorkCalendar calendar;
    for (const char *p : {"p50", "p80", "p90", "p95"}) {
        const QString dateKey = QLatin1String(p) + QStringLiteral("_date");
        EXPECT_EQ(o.value(dateKey).toString(),
                  estimate::isoDate(estimate::finishDate(calendar, QDate(2026, 12, 7), key(o, p))))
            << p;
    }
    // A sequence: every task on every trial's longest path.
    EXPECT_EQ(o.value(QStringLiteral("criticality")).toArray(), (QJsonArray{1.0, 1.0, 1.0, 1.0}));
    // In a sequence, fixing a task moves every trial by the same hours: the swing is exactly
    // b - a. ship 16, pilot and train 9 (task order), design 8.
    const QJsonArray tornado = o.value(QStringLiteral("tornado")).toArray();
    ASSERT_EQ(tornado.size(), 4);
    const int order[] = {4, 2, 3, 1};
    const double swings[] = {16, 9, 9, 8};
    for (qsizetype i = 0; i < tornado.size(); ++i) {
        const QJsonObject bar = tornado[i].toObject();
        EXPECT_EQ(bar.value(QStringLiteral("task")).toInt(), order[i]);
        EXPECT_NEAR(key(bar, "p90_high") - key(bar, "p90_low"), swings[i], 1e-9);
        EXPECT_LT(key(bar, "p90_low"), key(o, "p90"));
        EXPECT_GT(key(bar, "p90_high"), key(o, "p90"));
    }
    // Without --start: no dates.
    const CliRun plain = runMonteCarlo(csv.path(), "--json");
    EXPECT_FALSE(plain.json().contains(QStringLiteral("p50_date")));
    EXPECT_TRUE(plain.json().contains(QStringLiteral("criticality")));
    // A holiday on Friday the 11th moves the P50 to Monday the 14th.
    const CliRun holiday =
        runMonteCarlo(csv.path(), "--start 2026-12-07 --holidays 2026-12-11 --json");
    EXPECT_EQ(holiday.json().value(QStringLiteral("pert_date")).toString(),
              QStringLiteral("2026-12-14"));
    // The text output lists the dates and the risk drivers.
    const CliRun text = runMonteCarlo(csv.path(), "--start 2026-12-07");
    EXPECT_TRUE(text.out.contains(QStringLiteral("2026-12-11"))) << text.out.toStdString();
    EXPECT_TRUE(text.out.contains(QStringLiteral("Risk drivers"))) << text.out.toStdString();
}

// Issue 21: status columns; every task done puts every date on the last finish, half done runs
// the remaining work scaled by the pace.
TEST(Cli, MonteCarloStatusColumnsForecast)
{
    const TempFile done("name,optimistic,most_likely,pessimistic,status,actual,finished_on\n"
                        "design,4,6,12,done,8,2026-12-08\n"
                        "pilot,5,8,14,done,9,2026-12-09\n"
                        "train,4,8,13,done,7,2026-12-10\n"
                        "ship,1,10,17,done,12,2026-12-14\n");
    const CliRun all = runMonteCarlo(done.path(), "--start 2026-12-07 --today 2026-12-16 --json");
    ASSERT_EQ(all.exitCode, 0) << all.err.toStdString();
    for (const char *k : {"p50_date", "p80_date", "p90_date", "p95_date", "pert_date"})
        EXPECT_EQ(all.json().value(QLatin1String(k)).toString(), QStringLiteral("2026-12-14")) << k;

    const TempFile half("name,optimistic,most_likely,pessimistic,status,actual\n"
                        "design,4,6,12,done,8\n"
                        "pilot,5,8,14,in_progress,50%\n"
                        "train,4,8,13,,\n"
                        "ship,1,10,17,todo,\n");
    const CliRun run = runMonteCarlo(half.path(), "--today 2026-12-09 --json");
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    const QJsonObject forecast = o.value(QStringLiteral("forecast")).toObject();
    EXPECT_EQ(forecast.value(QStringLiteral("status_date")).toString(),
              QStringLiteral("2026-12-09"));
    EXPECT_EQ(forecast.value(QStringLiteral("done_tasks")).toInt(), 1);
    // design took 8 h against its PERT 6.667 h: pace 1.2 on half of pilot, train and ship.
    EXPECT_NEAR(key(forecast, "pace_ratio"), 1.2, 1e-12);
    EXPECT_NEAR(key(o, "pert_mean"), 1.2 * (0.5 * 8.5 + 49.0 / 6 + 58.0 / 6), 1e-9);
    // A sequence: every task is on the path, the done one too (with 0 h).
    EXPECT_EQ(o.value(QStringLiteral("criticality")).toArray()[0].toDouble(), 1.0);
    const CliRun unscaled = runMonteCarlo(half.path(), "--today 2026-12-09 --no-pace --json");
    EXPECT_NEAR(key(unscaled.json(), "pert_mean"), 0.5 * 8.5 + 49.0 / 6 + 58.0 / 6, 1e-9);

    // Refusals name the row and column, or the flag.
    const TempFile bad("name,optimistic,most_likely,pessimistic,status,actual\n"
                       "design,4,6,12,finished soon,8\n");
    const CliRun refused = runMonteCarlo(bad.path(), "--json");
    EXPECT_EQ(refused.exitCode, 2);
    EXPECT_TRUE(refused.err.contains(QStringLiteral("row 1, status"))) << refused.err.toStdString();
    const CliRun badDate = runMonteCarlo(half.path(), "--start 2026-02-30");
    EXPECT_EQ(badDate.exitCode, 2);
    EXPECT_TRUE(badDate.err.contains(QStringLiteral("--start"))) << badDate.err.toStdString();
    const CliRun badDays = runMonteCarlo(half.path(), "--calendar funday");
    EXPECT_EQ(badDays.exitCode, 2);
    EXPECT_TRUE(badDays.err.contains(QStringLiteral("--calendar"))) << badDays.err.toStdString();
}

// A flag whose number takes no range refuses one, as the file and --set refuse a range at a key
// that takes none: exit 2, one line naming the flag and quoting the text, never an answer for
// one number of the range (--workers 10..100 ran at 31.62 workers).
TEST(RangesCli, AFlagWhoseNumberTakesNoRangeRefusesOne)
{
    struct Case
    {
        const char *args;
        const char *expected;
    };
    const Case cases[] = {
        {"runtime --users 150M --predictions 20 --latency-ms 1000 --workers 10..100",
         "--workers: is not a number that takes a range, got '10..100'"},
        {"runtime --users 150M --predictions 20 --latency-ms 1000 --workers 10/50/100",
         "--workers: is not a number that takes a range, got '10/50/100'"},
        {"scaling --users 150M --predictions 20 --latency-ms 1000 --workers 10 to 100",
         "--workers: is not a number that takes a range"},
        {"scaling --users 150M --predictions 20 --latency-ms 1000 --workers-list 100..1000",
         "--workers-list: is not a list that takes ranges, got '100..1000'"},
        {"amdahl --parallel-fraction 0.9..0.99 --workers 4",
         "--parallel-fraction: is not a number that takes a range, got '0.9..0.99'"},
        {"amdahl --parallel-fraction 0.9 --workers 4..8",
         "--workers: is not a number that takes a range"},
        {"pipeline --stage-ms 10,10 --microbatches 4..8",
         "--microbatches: is not a number that takes a range"},
        {"bandwidth --bytes 1G..2G --bytes-per-second 1G",
         "--bytes: is not a number that takes a range"},
    };
    for (const Case &c : cases) {
        QStringList args = words(c.args);
        // "10 to 100" is one argument.
        if (const qsizetype to = args.indexOf(QStringLiteral("to")); to > 0) {
            args[to - 1] += QStringLiteral(" to ") + args[to + 1];
            args.remove(to, 2);
        }
        const CliRun run = runCli(args);
        EXPECT_EQ(run.exitCode, cli::kExitInvalid) << c.args;
        EXPECT_TRUE(run.out.isEmpty()) << c.args << " printed " << run.out.toStdString();
        EXPECT_TRUE(run.err.contains(QLatin1String(c.expected)))
            << c.args << "\n  got: " << run.err.toStdString() << "\n  want: " << c.expected;
        EXPECT_EQ(run.err.count(QLatin1Char('\n')), 1) << c.args;
    }
    // The file's word for it, through --set.
    const CliRun set = runCli({QStringLiteral("eval"),
                               QStringLiteral(PIPEPLAN_PRESETS_DIR "/nightly-scoring.json"),
                               QStringLiteral("--set"), QStringLiteral("workers=10..100")});
    EXPECT_EQ(set.exitCode, cli::kExitInvalid);
    EXPECT_TRUE(set.err.contains(
        QStringLiteral("uncertainty.ranges.workload.workers: is not a number that takes a range")))
        << set.err.toStdString();
}

// A range refused is quoted as it was typed, not as its parts read back: "800...1200" is not
// "800..0.12", "1,200..800" not "1200..800".
TEST(RangesCli, ARefusedRangeIsQuotedAsTyped)
{
    CliRun run = runCli(words("runtime --users 150M --predictions 20 --latency-ms 800...1200"));
    EXPECT_EQ(run.exitCode, cli::kExitInvalid);
    EXPECT_TRUE(run.err.contains(QStringLiteral(
        "--latency-ms: a range is two numbers with two dots between, like 800..1,200, got "
        "'800...1200'")))
        << run.err.toStdString();
    run = runCli(words("runtime --users 150M --predictions 20 --latency-ms 1,200..800"));
    EXPECT_EQ(run.exitCode, cli::kExitInvalid);
    EXPECT_TRUE(run.err.contains(
        QStringLiteral("--latency-ms: the low end must be below the high end, got '1,200..800'")))
        << run.err.toStdString();
}

// The issue's job: a range on a count is the range typed, so the runtime is the product of three
// lognormals (its P50 was 2 % low, its P10 2.7 %: the predictions' median rounded to 17 and the
// samples with it). Through eval at 100,000 samples the percentiles are the closed form's within
// 0.5 %; runtime's flags give, at their 10,000, the numbers core gives for the ranges typed.
TEST(RangesCli, ARangeOnACountIsTheRangeTyped)
{
    QTemporaryDir directory;
    ASSERT_TRUE(directory.isValid());
    const QString path = directory.filePath(QStringLiteral("plain.pipeplan.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(scenariofile::toJson(Plan{Scenario{}, std::nullopt}));
    file.close();
    QStringList args{QStringLiteral("eval"), path};
    for (const char *set :
         {"users=100M..200M", "predictions_per_user=10..30", "latency_ms=500..2000", "workers=1000",
          "parallel_fraction=1", "uncertainty.samples=100000"})
        args << QStringLiteral("--set") << QLatin1String(set);
    const CliRun eval = runCli(args << QStringLiteral("--json"));
    ASSERT_EQ(eval.exitCode, 0) << eval.err.toStdString();
    const QJsonObject seconds = eval.json()
                                    .value(QStringLiteral("percentiles"))
                                    .toObject()
                                    .value(QStringLiteral("runtime_seconds"))
                                    .toObject();
    const std::vector<testsupport::Factor> factors{
        {100e6, 200e6}, {10, 30}, {500, 2000}, {1e-6, 1e-6}};
    for (const auto &[key, q] : {std::pair{"p10", 0.1}, {"p50", 0.5}, {"p90", 0.9}})
        EXPECT_NEAR(seconds.value(QLatin1String(key)).toDouble() /
                        testsupport::productQuantile(factors, q),
                    1, 0.005)
            << key;

    const CliRun runtime = runCli(words("runtime --users 100M..200M --predictions 10..30 "
                                        "--latency-ms 500..2000 --workers 1000 "
                                        "--parallel-fraction 1 --json"));
    ASSERT_EQ(runtime.exitCode, 0) << runtime.err.toStdString();
    Scenario s;
    s.workload.workers = 1000;
    s.workload.parallelFraction = 1;
    const auto interval = [](double low, double high) {
        return Range{Range::Kind::Interval, low, 0, high};
    };
    uncertainty::setRange(s, QStringLiteral("workload.users"), interval(100e6, 200e6));
    uncertainty::setRange(s, QStringLiteral("workload.predictions_per_user"), interval(10, 30));
    uncertainty::setRange(s, QStringLiteral("workload.latency_ms"), interval(500, 2000));
    const uncertainty::Result core = uncertainty::evaluate(s, *uncertainty::draw(s));
    const QJsonObject flags = runtime.json()
                                  .value(QStringLiteral("percentiles"))
                                  .toObject()
                                  .value(QStringLiteral("runtime_seconds"))
                                  .toObject();
    EXPECT_DOUBLE_EQ(flags.value(QStringLiteral("p10")).toDouble(), core.runtimeSeconds.p10);
    EXPECT_DOUBLE_EQ(flags.value(QStringLiteral("p50")).toDouble(), core.runtimeSeconds.p50);
    EXPECT_DOUBLE_EQ(flags.value(QStringLiteral("p90")).toDouble(), core.runtimeSeconds.p90);
    EXPECT_EQ(runtime.json().value(QStringLiteral("total_predictions")).toDouble(),
              141'421'356.0 * 17); // the point value: the field's whole count
}

// Property: ranges on every workload flag (the older --baseline-latency-ms spelling included)
// are the ranges the file's keys take: in seeded random jobs the runtime's P10, P50 and P90 from
// the flags are, sample for sample, those of the same plan set at its keys, whose percentiles
// Ranges.EveryWorkloadNumbersRangeMeetsTheClosedForm holds to the closed form. 16 jobs (every
// flag ranged in some), about half a second in a release build.
TEST(RangesCli, EveryWorkloadFlagsRangeIsTheFileKeysRange)
{
    const QJsonObject base = scenariofile::toJsonObject(Plan{Scenario{}, std::nullopt});
    for (int seed = 1; seed <= 16; ++seed) {
        const testsupport::RangedJob job = testsupport::randomRangedJob(seed);
        const QStringList flags = job.flags();
        const std::string name =
            "seed " + std::to_string(seed) + ": " + flags.join(QLatin1Char(' ')).toStdString();
        const CliRun run = runCli(QStringList{QStringLiteral("runtime")} + flags +
                                  QStringList{QStringLiteral("--json")});
        ASSERT_EQ(run.exitCode, 0) << name << " " << run.err.toStdString();
        const QJsonObject seconds = run.json()
                                        .value(QStringLiteral("percentiles"))
                                        .toObject()
                                        .value(QStringLiteral("runtime_seconds"))
                                        .toObject();
        QJsonObject root = base;
        for (const auto &[key, value] : job.sets())
            ASSERT_FALSE(scenariofile::setValue(root, key, value)) << name;
        const scenariofile::LoadResult loaded = scenariofile::fromJsonObject(root);
        ASSERT_TRUE(loaded.plan) << name << " " << loaded.error.toString().toStdString();
        const Scenario &s = loaded.plan->scenario;
        const uncertainty::Result file = uncertainty::evaluate(s, *uncertainty::draw(s));
        EXPECT_DOUBLE_EQ(seconds.value(QStringLiteral("p10")).toDouble(), file.runtimeSeconds.p10)
            << name;
        EXPECT_DOUBLE_EQ(seconds.value(QStringLiteral("p50")).toDouble(), file.runtimeSeconds.p50)
            << name;
        EXPECT_DOUBLE_EQ(seconds.value(QStringLiteral("p90")).toDouble(), file.runtimeSeconds.p90)
            << name;
        EXPECT_EQ(run.json().value(QStringLiteral("runtime_seconds")).toDouble(),
                  evaluate(s).runtimeSeconds)
            << name;
    }
}

// eval --set goal.budget on a file that has no budget. The budget is a key of the format,
// written only when set; it is set like any other, and What it would take and its plane answer
// for it: the seed's job costs $83.7M, and within $1,000 no combination of workers and keep
// fraction on the plane meets it; within $100,000 the cheapest does.
TEST(Cli, EvalSetsABudgetOnAFileWithoutOne)
{
    const QString preset = QStringLiteral(PIPEPLAN_PRESETS_DIR "/nightly-scoring.json");
    for (const auto &[text, budget] : {std::pair{"1000", 1000.0}, std::pair{"100k", 1e5}}) {
        const CliRun run = runCli({QStringLiteral("eval"), preset, QStringLiteral("--set"),
                                   QStringLiteral("goal.budget=") + QLatin1String(text),
                                   QStringLiteral("--json")});
        ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
        const QJsonObject takes = run.json().value(QStringLiteral("what_it_takes")).toObject();
        EXPECT_EQ(takes.value(QStringLiteral("budget")).toDouble(), budget);
        EXPECT_TRUE(takes.value(QStringLiteral("deadline_seconds")).isNull());
        EXPECT_FALSE(takes.value(QStringLiteral("meets")).toBool());
        const QJsonObject plane = takes.value(QStringLiteral("plane")).toObject();
        EXPECT_EQ(plane.value(QStringLiteral("budget")).toDouble(), budget);
        EXPECT_TRUE(plane.value(QStringLiteral("deadline_seconds")).isNull());
        EXPECT_FALSE(plane.value(QStringLiteral("meets")).toBool());
        const QJsonValue cheapest = plane.value(QStringLiteral("cheapest"));
        EXPECT_EQ(cheapest.isObject(), budget > 1000) << text;
        if (cheapest.isObject()) {
            EXPECT_LE(cheapest.toObject().value(QStringLiteral("cost")).toDouble(), budget);
        }
    }
}

namespace {

/// The smallest file the format reads: the keys it requires and nothing else.
const QByteArray kMinimalPlan = R"({"format": "pipeplan-scenario", "version": 8,
    "workload": {"users": 1000, "predictions_per_user": 1, "latency_ms": 1000,
                 "keep_fraction": 1, "workers": 10, "parallel_fraction": 0.5},
    "stages": [{"name": "score", "scoring": true}], "execution": "sequential",
    "microbatches": 8, "worker_counts": [1, 10]})";

/// A --set of one key of the format: its text, the value the file then holds at the key, and
/// the settings the key needs first (a done task's actual needs the task done).
struct KeySetting
{
    QString path;
    QString text;
    QJsonValue expected;
    QStringList first = {};
};

/// One setting for every key of scenariofile::formatKeys, each a value the plan does not hold,
/// at index 0 of a list (1 for the stages: the second, not the scoring one).
std::vector<KeySetting> keySettings()
{
    const auto number = [](const char *path, const char *text, double value,
                           QStringList first = {}) {
        return KeySetting{QLatin1String(path), QLatin1String(text), value, std::move(first)};
    };
    const auto text = [](const char *path, const char *value, QStringList first = {}) {
        return KeySetting{QLatin1String(path), QLatin1String(value), QLatin1String(value),
                          std::move(first)};
    };
    const auto boolean = [](const char *path, bool value, QStringList first = {}) {
        return KeySetting{QLatin1String(path),
                          value ? QStringLiteral("true") : QStringLiteral("false"), value,
                          std::move(first)};
    };
    const QStringList done{QStringLiteral("project.tasks[0].status=done"),
                           QStringLiteral("project.tasks[0].actual=2")};
    const QStringList direct{QStringLiteral("hardware.model.kind=direct"),
                             QStringLiteral("hardware.model.flops_per_item=2e9"),
                             QStringLiteral("hardware.model.activation_bytes_per_item=1e6")};
    return {
        text("name", "Renamed"),
        text("notes", "a note"),
        text("workload.counted", "documents"),
        text("workload.counted_one", "person"),
        number("workload.users", "2k", 2000),
        number("workload.predictions_per_user", "3", 3),
        number("workload.latency_ms", "250", 250),
        number("workload.accelerator_latency_ms", "12.5", 12.5),
        number("workload.batch_ms_per_user", "40", 40),
        number("workload.keep_fraction", "0.25", 0.25),
        number("workload.workers", "64", 64),
        number("workload.parallel_fraction", "0.95", 0.95),
        text("stages[0].name", "scoring"),
        boolean(
            "stages[1].scoring", true,
            {QStringLiteral("stages[0].scoring=false"), QStringLiteral("stages[0].ms_per_user=5")}),
        number("stages[1].ms_per_user", "7.5", 7.5),
        text("execution", "pipelined"),
        number("microbatches", "16", 16),
        number("worker_counts[0]", "50", 50),
        number("compare_parallel_fraction", "0.9", 0.9),
        number("uncertainty.samples", "500", 500),
        number("uncertainty.seed", "7", 7),
        number("uncertainty.percentile", "0.9", 0.9),
        number("overheads.cold_start_s", "30", 30),
        number("overheads.request_overhead_ms", "2", 2),
        number("overheads.shared_cap_per_s", "40k", 40000),
        text("overheads.shared_resource_name", "object store"),
        number("overheads.dispatch_cap_per_s", "100", 100),
        number("overheads.users_per_shard", "500", 500),
        number("memory.accelerator_memory_bytes", "16e9", 16e9),
        number("memory.model_bytes", "1e9", 1e9),
        number("memory.bytes_per_item", "1e6", 1e6),
        number("memory.batch_items", "4", 4),
        number("simulation.straggler_prob", "0.05", 0.05),
        number("simulation.straggler_factor", "2", 2),
        number("simulation.failure_prob", "0.01", 0.01),
        number("simulation.checkpoint_s", "60", 60),
        number("simulation.checkpoint_cost_s", "1", 1),
        boolean("simulation.speculative_backups", true),
        number("simulation.trials", "50", 50),
        number("simulation.seed", "3", 3),
        boolean("hardware.enabled", true),
        text("hardware.device", "L4"),
        text("hardware.model.name", "Custom"),
        text("hardware.model.kind", "direct", direct.mid(1)),
        number("hardware.model.parameters", "7e9", 7e9),
        number("hardware.model.layers", "16", 16),
        number("hardware.model.hidden", "2048", 2048),
        number("hardware.model.heads", "64", 64),
        number("hardware.model.kv_heads", "4", 4),
        number("hardware.model.intermediate", "8192", 8192),
        number("hardware.model.vocabulary", "32000", 32000),
        boolean("hardware.model.gated_mlp", false),
        number("hardware.model.weight_bits", "8", 8),
        number("hardware.model.activation_bits", "8", 8),
        number("hardware.model.tokens", "256", 256),
        number("hardware.model.output_tokens", "16", 16),
        number("hardware.model.flops_per_item", "3e9", 3e9, direct),
        number("hardware.model.activation_bytes_per_item", "2e6", 2e6, direct),
        number("hardware.batch", "8", 8),
        number("hardware.compute_efficiency", "0.5", 0.5),
        number("hardware.memory_efficiency", "0.7", 0.7),
        boolean("hardware.device_price", false),
        text("hardware.devices[0].name", "Our GPU"),
        text("hardware.devices[0].kind", "cpu"),
        number("hardware.devices[0].bf16_tflops", "500", 500),
        number("hardware.devices[0].int8_tops", "1000", 1000),
        number("hardware.devices[0].memory_gib", "48", 48),
        number("hardware.devices[0].memory_gb_per_s", "900", 900),
        number("hardware.devices[0].interconnect_gb_per_s", "64", 64),
        number("hardware.devices[0].price_per_hour", "1.5", 1.5),
        text("hardware.devices[0].source", "the vendor's sheet"),
        text("hardware.devices[0].price_source", "a quote"),
        number("hardware.training.microbatch_sequences", "2", 2),
        number("hardware.training.sequence_length", "1024", 1024),
        number("hardware.training.tensor_parallel", "2", 2),
        number("hardware.training.data_parallel", "2", 2),
        boolean("hardware.training.shard_optimizer", true),
        text("hardware.training.recompute", "full"),
        number("hardware.training.tokens", "2e9", 2e9),
        number("goal.deadline_s", "1800", 1800),
        number("goal.budget", "1000", 1000),
        number("goal.price_per_worker_hour", "2.5", 2.5),
        text("goal.currency", "EUR"),
        number("goal.trials", "50", 50),
        text("training.schedule", "gpipe"),
        number("training.devices", "2", 2),
        number("training.microbatches", "6", 6),
        number("training.virtual_stages", "3", 3),
        number("training.forward_ms", "12", 12),
        number("training.backward_ms", "20", 20),
        number("training.weight_ms", "5", 5),
        number("training.comm_ms", "1", 1),
        text("training.interleaved_rule", "megatron-2021"),
        number("training.memory_limit", "4", 4),
        number("training.activation_bytes", "1e9", 1e9,
               {QStringLiteral("training.device_memory=8e10")}),
        number("training.device_memory", "8e10", 8e10,
               {QStringLiteral("training.activation_bytes=1e9")}),
        text("project.tasks[0].name", "Renamed task"),
        text("project.tasks[0].category", "research"),
        text("project.tasks[0].unit", "days"),
        number("project.tasks[0].optimistic", "1.2", 1.2),
        number("project.tasks[0].most_likely", "1.8", 1.8),
        number("project.tasks[0].pessimistic", "3", 3),
        text("project.tasks[0].status", "done", {QStringLiteral("project.tasks[0].actual=2")}),
        number("project.tasks[0].actual", "2.5", 2.5, {done.first()}),
        text("project.tasks[0].finished_on", "2027-01-04", done),
        number("project.tasks[0].share_done", "0.5", 0.5,
               {QStringLiteral("project.tasks[0].status=in_progress")}),
        text("project.calendar.working_days", "mon,tue,wed,thu,sun"),
        number("project.calendar.hours_per_day", "6", 6),
        text("project.start_date", "2027-01-04"),
        text("project.status_date", "2027-02-01"),
        boolean("project.scale_by_pace", false),
        number("project.monte_carlo.category_correlation", "0.3", 0.3),
        number("project.monte_carlo.trials", "500", 500),
        number("project.monte_carlo.seed", "9", 9),
        text("project.monte_carlo.distribution", "triangular"),
        number("project.buffers.labeling", "0.5", 0.5),
        number("project.buffers.training", "0.5", 0.5),
        number("project.buffers.optimization", "0.5", 0.5),
        number("project.buffers.research", "0.5", 0.5),
        number("project.buffers.other", "0.5", 0.5),
        number("project.buffers.contingency", "0.5", 0.5),
        number("project.labeling.items", "5000", 5000),
        text("project.labeling.strata[0].name", "easy"),
        number("project.labeling.strata[0].share", "0.6", 0.6,
               {QStringLiteral("project.labeling.strata[1].share=0.4")}),
        number("project.labeling.strata[0].count", "60000", 60000,
               {QStringLiteral("project.labeling.strata[0].share=null"),
                QStringLiteral("project.labeling.strata[1].share=null"),
                QStringLiteral("project.labeling.strata[1].count=40000")}),
        number("project.labeling.strata[0].minutes_per_item", "2", 2),
        number("project.labeling.strata[0].review_minutes_per_item", "3", 3),
        number("project.labeling.qc_rate", "0.2", 0.2),
        number("project.labeling.adjudication_share", "0.1", 0.1),
        number("project.labeling.adjudication_minutes_per_item", "4", 4),
        number("project.labeling.annotators", "5", 5),
        number("project.labeling.hours_per_week", "30", 30),
        number("project.labeling.first_week_productivity", "0.5", 0.5),
        number("project.labeling.contingency", "0.1", 0.1),
        number("project.labeling.hourly_rate", "20", 20),
        number("project.labeling.tooling_cost", "500", 500),
        number("project.job_eta.samples_per_second", "100", 100),
        number("project.job_eta.dataset_samples", "1e6", 1e6),
        number("project.job_eta.epochs", "2", 2),
        number("project.job_eta.safety_factor", "1.2", 1.2),
        number("project.job_eta.checkpoint_minutes", "10", 10),
        text("project.actuals[0].name", "pilot"),
        number("project.actuals[0].estimate", "11", 11),
        number("project.actuals[0].actual", "13", 13),
        text("measured.measure", "runtime_s"),
        number("measured.runs[0].workers", "4", 4),
        number("measured.runs[0].value", "120", 120),
        text("measured.trace.file", "run.json"),
        text("measured.trace.read_at", "2027-01-04T00:00:00Z",
             {QStringLiteral("measured.trace.file=run.json")}),
        text("track.history", "history.csv"),
        text("track.kind", "embed"),
        boolean("track.apply", true),
    };
}

/// The value at `path` ("stages[1].ms_per_user") of a scenario file's object; undefined when
/// it has none.
QJsonValue valueAt(const QJsonObject &root, const QString &path)
{
    static const QRegularExpression step(QStringLiteral("^([a-z0-9_]+)(?:\\[(\\d+)\\])?$"));
    QJsonValue node = root;
    for (const QString &part : path.split(QLatin1Char('.'))) {
        const QRegularExpressionMatch match = step.match(part);
        node = node.toObject().value(match.captured(1));
        if (!match.captured(2).isEmpty())
            node = node.toArray().at(match.captured(2).toInt());
    }
    return node;
}

} // namespace

// Every key of the format set by --set as eval reads the file (cli::loadPlanFile), on the
// smallest file the format reads and on a full plan (a preset with hardware, a second stage,
// a project with an actual and measured runs): each is accepted, the plan loads, and the file
// the plan saves holds the value set. A key in a list element the file does not have (the
// minimal file's second stage) is refused as no such key, and is set on the full plan.
TEST(Cli, EveryKeyOfTheFormatCanBeSetOnAnyFile)
{
    const QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString minimal = dir.filePath(QStringLiteral("minimal.json"));
    const QString full = dir.filePath(QStringLiteral("full.json"));
    {
        QFile out(minimal);
        ASSERT_TRUE(out.open(QIODevice::WriteOnly));
        out.write(kMinimalPlan);
    }
    {
        QFile in(QStringLiteral(PIPEPLAN_PRESETS_DIR "/embedding-h100.json"));
        ASSERT_TRUE(in.open(QIODevice::ReadOnly));
        scenariofile::LoadResult loaded = scenariofile::fromJson(in.readAll());
        ASSERT_TRUE(loaded.plan) << loaded.error.toString().toStdString();
        Scenario &s = loaded.plan->scenario;
        s.stages.push_back(Stage{QStringLiteral("features"), 5, false});
        s.project.actuals.push_back({QStringLiteral("prototype"), 10, 12});
        s.measured.runs.runs = {{1, 100}, {2, 190}, {8, 600}};
        QFile out(full);
        ASSERT_TRUE(out.open(QIODevice::WriteOnly));
        out.write(scenariofile::toJson(*loaded.plan));
    }
    const std::vector<KeySetting> settings = keySettings();
    // Every key of the format has a setting here.
    std::set<QString> covered;
    for (const KeySetting &setting : settings)
        covered.insert(
            QString(setting.path)
                .replace(QRegularExpression(QStringLiteral("\\[\\d+\\]")), QStringLiteral("[i]")));
    for (const scenariofile::FormatKey &key : scenariofile::formatKeys())
        EXPECT_TRUE(covered.count(QLatin1String(key.path))) << key.path << " has no setting";
    EXPECT_EQ(covered.size(), scenariofile::formatKeys().size());

    int set = 0;
    int absent = 0;
    for (const QString &path : {minimal, full}) {
        const std::string file = QFileInfo(path).fileName().toStdString();
        for (const KeySetting &setting : settings) {
            const std::string where = file + " " + setting.path.toStdString();
            QStringList sets = setting.first;
            sets << setting.path + QLatin1Char('=') + setting.text;
            QString error;
            const std::optional<Plan> plan = cli::loadPlanFile(path, sets, &error);
            if (!plan && error.endsWith(QStringLiteral("no such key in the scenario")) &&
                path == minimal && setting.path.startsWith(QStringLiteral("stages[1]"))) {
                ++absent; // the minimal file has one stage
                continue;
            }
            if (!plan && error.endsWith(QStringLiteral("no such key in the scenario")) &&
                path == minimal &&
                (setting.path.startsWith(QStringLiteral("project.actuals[0]")) ||
                 setting.path.startsWith(QStringLiteral("measured.runs[0]")) ||
                 setting.path.startsWith(QStringLiteral("hardware.devices[0]")))) {
                ++absent; // lists the minimal file leaves empty
                continue;
            }
            ASSERT_TRUE(plan) << where << ": " << error.toStdString();
            const QJsonValue saved = valueAt(scenariofile::toJsonObject(*plan), setting.path);
            EXPECT_EQ(saved, setting.expected)
                << where << ": saved " << QJsonDocument(QJsonArray{saved}).toJson().toStdString();
            ++set;
        }
    }
    EXPECT_EQ(set + absent, 2 * static_cast<int>(settings.size()));
    EXPECT_EQ(absent, 17); // the second stage's 2 keys, an actual's 3, a run's 2, a device's 10
}

// Issue 51: a plan without a deadline is planned for none. eval (text and --json) names no
// deadline and holds no goal seek; `deadline FILE` asks for one instead of seeking a hidden
// one; --deadline-s and --set goal.deadline_s set the Goal's, and --set goal.deadline_s=null
// clears it.
TEST(OneGoalCli, NoDeadlineNothingPlansForOne)
{
    const QString file = QStringLiteral(PIPEPLAN_PRESETS_DIR "/embedding-h100.json");
    const QStringList none{QStringLiteral("--set"), QStringLiteral("goal.deadline_s=null")};
    const CliRun json =
        runCli(QStringList{QStringLiteral("eval"), file, QStringLiteral("--json")} + none);
    ASSERT_EQ(json.exitCode, 0) << json.err.toStdString();
    EXPECT_TRUE(json.json().value(QStringLiteral("deadline")).isNull());
    EXPECT_TRUE(json.json().value(QStringLiteral("what_it_takes")).isNull());
    const CliRun text = runCli(QStringList{QStringLiteral("eval"), file} + none);
    ASSERT_EQ(text.exitCode, 0) << text.err.toStdString();
    for (const CliRun *run : {&json, &text}) {
        for (const char *claim :
             {"24 hours", "deadline of", "plans for", "meets the deadline", "Within "})
            EXPECT_FALSE(run->out.contains(QLatin1String(claim))) << claim;
    }

    const CliRun refused = runCli(QStringList{QStringLiteral("deadline"), file} + none);
    EXPECT_EQ(refused.exitCode, cli::kExitInvalid);
    EXPECT_TRUE(refused.err.contains(QStringLiteral("sets no deadline")))
        << refused.err.toStdString();
    EXPECT_TRUE(refused.out.isEmpty());

    // --deadline-s sets the Goal's deadline: the seek answers for it.
    const CliRun given =
        runCli(QStringList{QStringLiteral("deadline"), file, QStringLiteral("--deadline-s"),
                           QStringLiteral("7200"), QStringLiteral("--trials"), QStringLiteral("20"),
                           QStringLiteral("--json")} +
               none);
    ASSERT_EQ(given.exitCode, 0) << given.err.toStdString();
    EXPECT_EQ(given.json().value(QStringLiteral("deadline_seconds")).toDouble(), 7200);
    const CliRun set =
        runCli(QStringList{QStringLiteral("eval"), file, QStringLiteral("--json"),
                           QStringLiteral("--set"), QStringLiteral("goal.deadline_s=7200")});
    ASSERT_EQ(set.exitCode, 0) << set.err.toStdString();
    EXPECT_EQ(set.json()
                  .value(QStringLiteral("deadline"))
                  .toObject()
                  .value(QStringLiteral("deadline_s"))
                  .toDouble(),
              7200);
}
