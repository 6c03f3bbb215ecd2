// pipeplan-cli devices, roofline and eval's hardware and cost (issue 33's contract).
#include "app/cli/cli.h"
#include "core/hardware/roofline.h"
#include "core/model/uncertainty.h"
#include "core/plan/options.h"
#include "core/plan/planresult.h"
#include "core/plan/scenariofile.h"
#include "tests/support/clirun.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cmath>

#include <gtest/gtest.h>

using namespace pipeplan;
using testsupport::CliRun;
using testsupport::runCli;

namespace {
QStringList words(const char *text)
{
    return QString::fromUtf8(text).split(QLatin1Char(' '));
}

QString preset(const char *name)
{
    return QStringLiteral(PIPEPLAN_PRESETS_DIR "/") + QLatin1String(name);
}
} // namespace

TEST(HardwareCli, DevicesListsTheCatalogueWithTheContractsKeys)
{
    const CliRun run = runCli(words("devices --json"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonArray devices = run.json().value(QStringLiteral("devices")).toArray();
    ASSERT_EQ(devices.size(), 12);
    for (const QJsonValue &v : devices) {
        const QJsonObject d = v.toObject();
        for (const char *key :
             {"name", "kind", "bf16_tflops", "int8_tops", "memory_gib", "memory_gb_per_s",
              "interconnect_gb_per_s", "price_per_hour", "source"})
            EXPECT_TRUE(d.contains(QLatin1String(key))) << key;
    }
    const QJsonObject h100 = devices[7].toObject();
    EXPECT_EQ(h100.value(QStringLiteral("name")).toString(), QStringLiteral("H100 SXM"));
    EXPECT_EQ(h100.value(QStringLiteral("bf16_tflops")).toDouble(), 989);
    EXPECT_EQ(h100.value(QStringLiteral("memory_gb_per_s")).toDouble(), 3350);
    const CliRun table = runCli(words("devices"));
    EXPECT_TRUE(table.out.contains(QStringLiteral("MI300X"))) << table.out.toStdString();
}

TEST(HardwareCli, RooflineWithEfficienciesOneIsThePureRoofline)
{
    // Llama 2 7B's shape on LLM-Viewer's A100 80G numbers, batch 16, 512 tokens then one
    // generated token: the decode step's projections as LLM-Viewer's analyzer gives them.
    const CliRun run = runCli(
        words("roofline --peak-tflops 312 --memory-gb-per-s 2039 --memory-gib 80 --params 6.74B "
              "--layers 32 --hidden 4096 --heads 32 --intermediate 11008 --tokens 512 "
              "--output-tokens 1 --batch 16 --compute-efficiency 1 --memory-efficiency 1 --json"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    for (const char *key :
         {"parts", "prefill_seconds", "decode_seconds_per_token", "seconds_per_batch",
          "latency_ms_per_item", "items_per_second", "max_batch", "bound"})
        EXPECT_TRUE(o.contains(QLatin1String(key))) << key;
    const QJsonArray parts = o.value(QStringLiteral("parts")).toArray();
    int decodeParts = 0;
    for (const QJsonValue &v : parts) {
        const QJsonObject p = v.toObject();
        if (p.value(QStringLiteral("phase")).toString() != QLatin1String("decode"))
            continue;
        ++decodeParts;
        if (p.value(QStringLiteral("name")).toString() == QLatin1String("q_proj")) {
            EXPECT_DOUBLE_EQ(p.value(QStringLiteral("ops")).toDouble(), 32 * 536870912.0);
            EXPECT_DOUBLE_EQ(p.value(QStringLiteral("bytes")).toDouble(), 32 * 33816576.0);
            EXPECT_NEAR(p.value(QStringLiteral("seconds")).toDouble(), 32 * 1.658488279e-05, 1e-12);
            EXPECT_EQ(p.value(QStringLiteral("bound")).toString(), QStringLiteral("memory"));
        }
    }
    EXPECT_EQ(decodeParts, 16); // 15 per layer and the output head
    const double perBatch = o.value(QStringLiteral("seconds_per_batch")).toDouble();
    EXPECT_DOUBLE_EQ(o.value(QStringLiteral("latency_ms_per_item")).toDouble(),
                     perBatch / 16 * 1000);
    EXPECT_DOUBLE_EQ(perBatch, o.value(QStringLiteral("prefill_seconds")).toDouble() +
                                   o.value(QStringLiteral("decode_seconds_per_token")).toDouble());
}

TEST(HardwareCli, RooflineNamesTheFlagThatIsWrong)
{
    CliRun run = runCli(words("roofline --device h100 --params 7B --layers 32 --hidden 4096 "
                              "--heads 32 --tokens 512 --batch 1"));
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains(QStringLiteral("--device: no device called \"h100\"")))
        << run.err.toStdString();
    run = runCli(words("roofline --device l4 --params 7B --layers 32 --hidden 4096 --heads 30 "
                       "--tokens 512 --batch 1"));
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains(QStringLiteral("--heads: must divide the hidden size 4096")))
        << run.err.toStdString();
    run = runCli(words("roofline --device l4 --params 7B --layers 32 --hidden 4096 --heads 32 "
                       "--tokens 512 --batch 0"));
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains(QStringLiteral("--batch"))) << run.err.toStdString();
}

TEST(HardwareCli, EvalPrintsTheHardwareInForceAndTheCost)
{
    QStringList args{QStringLiteral("eval"), preset("embedding-h100.json"),
                     QStringLiteral("--json")};
    const CliRun run = runCli(args);
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    const QJsonObject hw = o.value(QStringLiteral("hardware")).toObject();
    for (const char *key : {"device", "batch", "latency_ms_per_item", "bound", "max_batch"})
        EXPECT_TRUE(hw.contains(QLatin1String(key))) << key;
    EXPECT_EQ(hw.value(QStringLiteral("device")).toString(), QStringLiteral("H100 SXM"));
    EXPECT_EQ(hw.value(QStringLiteral("batch")).toDouble(), 64);
    EXPECT_EQ(hw.value(QStringLiteral("bound")).toString(), QStringLiteral("compute"));
    // The roofline's latency is the job's: 500M documents x latency / 100 workers.
    const double latencyMs = hw.value(QStringLiteral("latency_ms_per_item")).toDouble();
    EXPECT_NEAR(latencyMs, 12.98, 0.01);
    EXPECT_DOUBLE_EQ(o.value(QStringLiteral("runtime_seconds")).toDouble(),
                     500e6 * latencyMs / 1000 / 100);
    const QJsonObject cost = o.value(QStringLiteral("cost")).toObject();
    for (const char *key : {"currency", "price_per_worker_hour", "worker_hours", "total"})
        EXPECT_TRUE(cost.contains(QLatin1String(key))) << key;
    EXPECT_EQ(cost.value(QStringLiteral("currency")).toString(), QStringLiteral("USD"));
    // The plan's own H100 price, not the catalogue's.
    EXPECT_EQ(cost.value(QStringLiteral("price_per_worker_hour")).toDouble(), 2.5);
    const double workerHours = 500e6 * latencyMs / 1000 / 3600;
    EXPECT_NEAR(cost.value(QStringLiteral("worker_hours")).toDouble(), workerHours, 1e-6);
    EXPECT_NEAR(cost.value(QStringLiteral("total")).toDouble(), workerHours * 2.5, 1e-6);
    // Each lever's step bills its runtime: one stream until the workers step, then 100 workers.
    const QJsonArray waterfall = o.value(QStringLiteral("waterfall")).toArray();
    ASSERT_EQ(waterfall.size(), 5);
    const QJsonObject accelerator = waterfall[2].toObject();
    EXPECT_NEAR(accelerator.value(QStringLiteral("cost")).toDouble(),
                accelerator.value(QStringLiteral("runtime_seconds")).toDouble() / 3600 * 2.5, 1e-6);
    EXPECT_NEAR(waterfall[4].toObject().value(QStringLiteral("cost")).toDouble(),
                cost.value(QStringLiteral("total")).toDouble(), 1e-6);
    // Every row of the scaling table has its cost; the deadline's fewest workers: 76.
    for (const QJsonValue &row : o.value(QStringLiteral("rows")).toArray())
        EXPECT_NEAR(row.toObject().value(QStringLiteral("cost")).toDouble(), workerHours * 2.5,
                    1e-6);
    EXPECT_EQ(o.value(QStringLiteral("deadline"))
                  .toObject()
                  .value(QStringLiteral("overheads_workers"))
                  .toDouble(),
              76);
    // The cheapest device that meets the deadline, over the catalogue.
    const QJsonArray devices = hw.value(QStringLiteral("devices")).toArray();
    ASSERT_EQ(devices.size(), 12);
    double previous = 0;
    for (const QJsonValue &v : devices) {
        const QJsonObject d = v.toObject();
        if (!d.value(QStringLiteral("possible")).toBool()) {
            EXPECT_FALSE(d.value(QStringLiteral("reason")).toString().isEmpty());
            continue;
        }
        EXPECT_GE(d.value(QStringLiteral("cost")).toDouble(), previous);
        previous = d.value(QStringLiteral("cost")).toDouble();
    }
}

TEST(HardwareCli, EvalOfAPlanWithoutHardwareHasACostAndNoHardware)
{
    const CliRun run =
        runCli({QStringLiteral("eval"), preset("nightly-scoring.json"), QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject o = run.json();
    EXPECT_TRUE(o.value(QStringLiteral("hardware")).isNull());
    // 10,000 workers x 694.44 days x 24 h at $0.50.
    const QJsonObject cost = o.value(QStringLiteral("cost")).toObject();
    const double runtimeHours =
        o.value(QStringLiteral("effective_runtime_seconds")).toDouble() / 3600;
    EXPECT_NEAR(cost.value(QStringLiteral("worker_hours")).toDouble(), 10000 * runtimeHours, 1e-3);
    EXPECT_NEAR(cost.value(QStringLiteral("total")).toDouble(), 10000 * runtimeHours * 0.5, 1e-3);
}

TEST(HardwareCli, SetReachesAKeyAnOlderFileDoesNotHave)
{
    // nightly-scoring.json is a version 6 file: no "hardware" section, yet --set turns it on.
    const CliRun run =
        runCli({QStringLiteral("eval"), preset("nightly-scoring.json"), QStringLiteral("--set"),
                QStringLiteral("hardware.enabled=true"), QStringLiteral("--set"),
                QStringLiteral("hardware.device=l40s"), QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject hw = run.json().value(QStringLiteral("hardware")).toObject();
    EXPECT_TRUE(hw.value(QStringLiteral("in_force")).toBool());
    EXPECT_EQ(hw.value(QStringLiteral("device")).toString(), QStringLiteral("l40s"));
    EXPECT_EQ(run.json()
                  .value(QStringLiteral("cost"))
                  .toObject()
                  .value(QStringLiteral("price_per_worker_hour"))
                  .toDouble(),
              1.861);
}

// Issue 33, item 8: the CLI names what the job counts.
TEST(HardwareCli, TheCountedNounNamesTheCliOutput)
{
    CliRun run = runCli(words("runtime --users 500M --predictions 1 --latency-ms 13 "
                              "--workers 76 --counted documents"));
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.out.contains(QStringLiteral("Documents scored")));
    EXPECT_TRUE(run.out.contains(QStringLiteral("500,000,000 documents")));
    EXPECT_TRUE(run.out.contains(QStringLiteral("Time per document")));
    EXPECT_TRUE(run.out.contains(QStringLiteral("documents/s")));
    EXPECT_FALSE(run.out.contains(QStringLiteral("user"))) << run.out.toStdString();
    run = runCli(words("runtime --users 5 --predictions 1 --latency-ms 13 --counted docs/s"));
    EXPECT_EQ(run.exitCode, cli::kExitInvalid);
    EXPECT_TRUE(run.err.contains(QStringLiteral(
        "--counted: may hold only letters, digits, spaces, hyphens and apostrophes")))
        << run.err.toStdString();
    run = runCli({QStringLiteral("eval"), preset("embedding-h100.json"), QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(run.json().value(QStringLiteral("counted")).toString(), QStringLiteral("documents"));
    run = runCli({QStringLiteral("eval"), preset("nightly-scoring.json"), QStringLiteral("--set"),
                  QStringLiteral("counted=images")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.out.contains(QStringLiteral("Bottleneck (per image)")))
        << run.out.toStdString();
}

// Issue 34's contract: the workload flags take ranges, and runtime --json and eval --json carry
// `percentiles` and `sensitivity` with the numbers core computes for the same plan.
TEST(RangesCli, RuntimeAndEvalGivePercentilesAndSensitivity)
{
    const CliRun runtime =
        runCli(words("runtime --users 150M --predictions 20 --latency-ms 800..1200 --workers 10000 "
                     "--json"));
    ASSERT_EQ(runtime.exitCode, 0) << runtime.err.toStdString();
    const QJsonObject spread = runtime.json().value(QStringLiteral("percentiles")).toObject();
    const QJsonObject seconds = spread.value(QStringLiteral("runtime_seconds")).toObject();
    EXPECT_LT(seconds.value(QStringLiteral("p10")).toDouble(),
              seconds.value(QStringLiteral("p50")).toDouble());
    EXPECT_LT(seconds.value(QStringLiteral("p50")).toDouble(),
              seconds.value(QStringLiteral("p90")).toDouble());
    // p = 1: the runtime is users x predictions x latency / workers, its P50 the median's.
    EXPECT_NEAR(seconds.value(QStringLiteral("p50")).toDouble() /
                    (150e6 * 20 * std::sqrt(800.0 * 1200.0) / 1000 / 10'000),
                1, 0.01);
    EXPECT_EQ(spread.value(QStringLiteral("samples")).toInt(), 10'000);
    EXPECT_EQ(spread.value(QStringLiteral("seed")).toInt(), 1);
    const QJsonArray drivers = runtime.json().value(QStringLiteral("sensitivity")).toArray();
    ASSERT_EQ(drivers.size(), 1);
    EXPECT_EQ(drivers[0].toObject().value(QStringLiteral("key")).toString(),
              QStringLiteral("workload.latency_ms"));
    EXPECT_DOUBLE_EQ(drivers[0].toObject().value(QStringLiteral("variance_share")).toDouble(), 1);

    // A plan file with three ranges and a deadline: eval's numbers are evaluatePlan's.
    Scenario s;
    s.workload.acceleratorLatencyMs = 10;
    s.workload.keepFraction = 0.5;
    s.workload.workers = 600;
    s.workload.parallelFraction = 0.9999;
    s.goal.finishWithin = true;
    s.goal.deadlineSeconds = 8 * 3600;
    uncertainty::setRange(s, QStringLiteral("workload.accelerator_latency_ms"),
                          Range{Range::Kind::Interval, 8, 0, 14});
    uncertainty::setRange(s, QStringLiteral("workload.keep_fraction"),
                          Range{Range::Kind::Interval, 0.4, 0, 0.6});
    uncertainty::setRange(s, QStringLiteral("workload.users"),
                          Range{Range::Kind::ThreePoint, 140e6, 150e6, 180e6});
    const Plan plan{s, std::nullopt};
    QTemporaryDir directory;
    ASSERT_TRUE(directory.isValid());
    const QString path = directory.filePath(QStringLiteral("ranges.pipeplan.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(scenariofile::toJson(plan));
    file.close();
    const CliRun eval = runCli({QStringLiteral("eval"), path, QStringLiteral("--json")});
    ASSERT_EQ(eval.exitCode, 0) << eval.err.toStdString();
    const uncertainty::Result expected = evaluatePlan(plan).uncertainty.result;
    const QJsonObject p = eval.json().value(QStringLiteral("percentiles")).toObject();
    const QJsonObject r = p.value(QStringLiteral("runtime_seconds")).toObject();
    EXPECT_DOUBLE_EQ(r.value(QStringLiteral("p50")).toDouble(), expected.runtimeSeconds.p50);
    EXPECT_DOUBLE_EQ(r.value(QStringLiteral("p90")).toDouble(), expected.runtimeSeconds.p90);
    EXPECT_DOUBLE_EQ(p.value(QStringLiteral("p_meet_deadline")).toDouble(),
                     *expected.pMeetDeadline);
    const QJsonObject fewest = p.value(QStringLiteral("fewest_workers")).toObject();
    ASSERT_TRUE(expected.fewest[0].workers);
    EXPECT_EQ(fewest.value(QStringLiteral("p50")).toDouble(), *expected.fewest[0].workers);
    ASSERT_TRUE(expected.fewest[1].workers);
    EXPECT_EQ(fewest.value(QStringLiteral("p90")).toDouble(), *expected.fewest[1].workers);
    const QJsonArray ranked = eval.json().value(QStringLiteral("sensitivity")).toArray();
    ASSERT_EQ(ranked.size(), 3);
    for (int i = 0; i < 3; ++i) {
        const QJsonObject d = ranked[i].toObject();
        EXPECT_EQ(d.value(QStringLiteral("key")).toString(),
                  expected.drivers[static_cast<size_t>(i)].key);
        EXPECT_DOUBLE_EQ(d.value(QStringLiteral("variance_share")).toDouble(),
                         expected.drivers[static_cast<size_t>(i)].varianceShare);
        EXPECT_TRUE(d.value(QStringLiteral("needed")).isDouble() ||
                    d.value(QStringLiteral("needed")).isNull());
    }
}

// Issue 35: eval --json gains what_it_takes, each lever as core computed it; --set of the
// suggested value makes eval meet the deadline; the text output lists the same rows.
// Two levers from the CLI: --set goal.levers picks them, eval --json gives the plane, and the
// cheapest combination set with --set meets the deadline at the cost it names.
TEST(WhatItTakesCli, ThePlaneOfTwoLeversAndItsCheapest)
{
    const QString file = QStringLiteral(PIPEPLAN_PRESETS_DIR "/nightly-scoring.json");
    const QStringList deadline{QStringLiteral("--set"),
                               QStringLiteral("goal.finish_within=true"),
                               QStringLiteral("--set"),
                               QStringLiteral("goal.deadline_s=28800"),
                               QStringLiteral("--set"),
                               QStringLiteral("goal.levers=workload.workers,workload.latency_ms")};
    const CliRun eval =
        runCli(QStringList{QStringLiteral("eval"), file, QStringLiteral("--json")} + deadline);
    ASSERT_EQ(eval.exitCode, 0) << eval.err.toStdString();
    const QJsonObject plane = eval.json()
                                  .value(QStringLiteral("what_it_takes"))
                                  .toObject()
                                  .value(QStringLiteral("plane"))
                                  .toObject();
    EXPECT_EQ(plane.value(QStringLiteral("x")).toObject().value(QStringLiteral("key")).toString(),
              QStringLiteral("workload.workers"));
    EXPECT_EQ(plane.value(QStringLiteral("y")).toObject().value(QStringLiteral("key")).toString(),
              QStringLiteral("workload.latency_ms"));
    EXPECT_EQ(plane.value(QStringLiteral("plan")).toObject().value(QStringLiteral("x")).toDouble(),
              10'000);
    EXPECT_FALSE(plane.value(QStringLiteral("meets")).toBool());
    EXPECT_GE(plane.value(QStringLiteral("boundary")).toArray().size(), 40);
    const QJsonObject cheapest = plane.value(QStringLiteral("cheapest")).toObject();
    ASSERT_FALSE(cheapest.isEmpty());
    const CliRun applied =
        runCli(QStringList{QStringLiteral("eval"), file, QStringLiteral("--json")} + deadline +
               QStringList{QStringLiteral("--set"),
                           QStringLiteral("workload.workers=%1")
                               .arg(cheapest.value(QStringLiteral("x")).toDouble(), 0, 'f', 0),
                           QStringLiteral("--set"),
                           QStringLiteral("workload.latency_ms=%1")
                               .arg(cheapest.value(QStringLiteral("y")).toDouble(), 0, 'f', 2)});
    ASSERT_EQ(applied.exitCode, 0) << applied.err.toStdString();
    EXPECT_TRUE(applied.json()
                    .value(QStringLiteral("what_it_takes"))
                    .toObject()
                    .value(QStringLiteral("meets"))
                    .toBool());
    EXPECT_NEAR(applied.json()
                    .value(QStringLiteral("cost"))
                    .toObject()
                    .value(QStringLiteral("total"))
                    .toDouble(),
                cheapest.value(QStringLiteral("cost")).toDouble(), 1e-6);
    // The text says the same; a bad pair is refused at its key.
    const CliRun text = runCli(QStringList{QStringLiteral("eval"), file} + deadline);
    EXPECT_TRUE(text.out.contains(QStringLiteral("Cheapest that meets it: ")));
    const CliRun bad = runCli(QStringList{QStringLiteral("eval"), file, QStringLiteral("--set"),
                                          QStringLiteral("goal.levers=workload.workers")});
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_TRUE(bad.err.contains(QStringLiteral("goal.levers"))) << bad.err.toStdString();
}

TEST(WhatItTakesCli, EvalGivesEachLeverAndApplyingItMeets)
{
    const QString file = QStringLiteral(PIPEPLAN_PRESETS_DIR "/nightly-scoring.json");
    const QStringList deadline{QStringLiteral("--set"), QStringLiteral("goal.finish_within=true"),
                               QStringLiteral("--set"), QStringLiteral("goal.deadline_s=28800")};
    const CliRun eval =
        runCli(QStringList{QStringLiteral("eval"), file, QStringLiteral("--json")} + deadline);
    ASSERT_EQ(eval.exitCode, 0) << eval.err.toStdString();
    const QJsonObject takes = eval.json().value(QStringLiteral("what_it_takes")).toObject();
    EXPECT_EQ(takes.value(QStringLiteral("deadline_seconds")).toDouble(), 28800);
    EXPECT_FALSE(takes.value(QStringLiteral("meets")).toBool());
    const QJsonArray levers = takes.value(QStringLiteral("levers")).toArray();
    ASSERT_GE(levers.size(), 4);
    QJsonObject latency;
    for (const auto &lever : levers) {
        const QJsonObject o = lever.toObject();
        for (const char *key :
             {"lever", "key", "current", "needed", "change", "possible", "reason"})
            EXPECT_TRUE(o.contains(QLatin1String(key))) << key;
        if (o.value(QStringLiteral("key")).toString() == QLatin1String("workload.latency_ms"))
            latency = o;
    }
    ASSERT_TRUE(latency.value(QStringLiteral("possible")).toBool());
    const double needed = latency.value(QStringLiteral("needed")).toDouble();
    EXPECT_EQ(latency.value(QStringLiteral("current")).toDouble(), 1000);
    EXPECT_DOUBLE_EQ(latency.value(QStringLiteral("change")).toDouble(), needed / 1000 - 1);
    // Applied with --set, the plan meets the deadline; a hundredth of a millisecond more misses.
    const auto runtimeWith = [&](double latencyMs) {
        const CliRun run =
            runCli(QStringList{QStringLiteral("eval"), file, QStringLiteral("--json")} + deadline +
                   QStringList{QStringLiteral("--set"),
                               QStringLiteral("workload.latency_ms=%1").arg(latencyMs, 0, 'f', 2)});
        EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
        return run.json()
            .value(QStringLiteral("what_it_takes"))
            .toObject()
            .value(QStringLiteral("meets"))
            .toBool();
    };
    EXPECT_TRUE(runtimeWith(needed));
    EXPECT_FALSE(runtimeWith(needed + 0.01));
    // The text lists the same rows.
    const CliRun text = runCli(QStringList{QStringLiteral("eval"), file} + deadline);
    ASSERT_EQ(text.exitCode, 0);
    EXPECT_TRUE(text.out.contains(QStringLiteral("What it would take to finish within 8 hours")));
    EXPECT_TRUE(text.out.contains(QStringLiteral("at most %1 ms").arg(needed)))
        << text.out.toStdString();
}

// Issue 35: pipeplan-cli options FILE.json compares the plan and its options, as eval --json's
// `options` and core's comparison; the file keeps the options.
TEST(WhatItTakesCli, OptionsComparesThePlansOptions)
{
    QFile preset(QStringLiteral(PIPEPLAN_PRESETS_DIR "/nightly-scoring.json"));
    ASSERT_TRUE(preset.open(QIODevice::ReadOnly));
    scenariofile::LoadResult loaded = scenariofile::fromJson(preset.readAll());
    ASSERT_TRUE(loaded.plan);
    Plan plan = *loaded.plan;
    plan.scenario.options = {
        {QStringLiteral("pruned"),
         {{QStringLiteral("workload.keep_fraction"), QStringLiteral("0.5")}}},
        {QStringLiteral("GPU"),
         {{QStringLiteral("workload.accelerator_latency_ms"), QStringLiteral("10")}}},
    };
    QTemporaryDir directory;
    ASSERT_TRUE(directory.isValid());
    const QString path = directory.filePath(QStringLiteral("options.pipeplan.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(scenariofile::toJson(plan));
    file.close();
    const std::vector<options::Row> expected = evaluatePlan(plan).options;
    ASSERT_EQ(expected.size(), 3u);
    const CliRun json = runCli({QStringLiteral("options"), path, QStringLiteral("--json")});
    ASSERT_EQ(json.exitCode, 0) << json.err.toStdString();
    const QJsonArray rows = json.json().value(QStringLiteral("options")).toArray();
    ASSERT_EQ(rows.size(), 3);
    for (int i = 0; i < 3; ++i) {
        const QJsonObject row = rows[i].toObject();
        EXPECT_EQ(row.value(QStringLiteral("name")).toString(),
                  expected[static_cast<size_t>(i)].name);
        EXPECT_EQ(row.value(QStringLiteral("runtime_seconds")).toDouble(),
                  expected[static_cast<size_t>(i)].runtimeSeconds);
        EXPECT_EQ(row.value(QStringLiteral("cost")).toDouble(),
                  expected[static_cast<size_t>(i)].cost);
        EXPECT_EQ(row.value(QStringLiteral("efficient")).toBool(),
                  expected[static_cast<size_t>(i)].efficient);
    }
    // eval --json carries the same rows.
    const CliRun eval = runCli({QStringLiteral("eval"), path, QStringLiteral("--json")});
    ASSERT_EQ(eval.exitCode, 0);
    EXPECT_EQ(eval.json().value(QStringLiteral("options")).toArray(), rows);
    // The table names each option, the efficient one starred.
    const CliRun text = runCli({QStringLiteral("options"), path});
    ASSERT_EQ(text.exitCode, 0);
    EXPECT_TRUE(text.out.contains(QStringLiteral("GPU ★"))) << text.out.toStdString();
    EXPECT_TRUE(text.out.contains(QStringLiteral("pruned")));
}
