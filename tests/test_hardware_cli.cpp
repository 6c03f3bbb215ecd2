// pipeplan-cli devices, roofline and eval's hardware and cost (issue 33's contract).
#include "app/cli/cli.h"
#include "core/hardware/roofline.h"
#include "core/model/uncertainty.h"
#include "core/plan/hardwaretext.h"
#include "core/plan/options.h"
#include "core/plan/planresult.h"
#include "core/plan/scenariofile.h"
#include "tests/support/clirun.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cmath>
#include <random>
#include <string>

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

namespace {
/// Llama 2 7B's shape as roofline flags, then `rest`.
QStringList llamaFlags(const char *rest)
{
    return words("--params 6.74B --layers 32 --hidden 4096 --heads 32 --intermediate 11008") +
           words(rest);
}

double number(const CliRun &run, const char *key)
{
    return run.json().value(QLatin1String(key)).toDouble();
}
} // namespace

TEST(HardwareCli, DeviceFlagsReplaceTheCatalogueDevicesNumbers)
{
    const QStringList model = llamaFlags("--tokens 512 --output-tokens 128 --batch 16 --json");
    const CliRun h100 = runCli(words("roofline --device h100-sxm") + model);
    const CliRun changed =
        runCli(words("roofline --device h100-sxm --peak-tflops 1 --memory-gb-per-s 1 "
                     "--memory-gib 1") +
               model);
    const CliRun custom =
        runCli(words("roofline --peak-tflops 1 --memory-gb-per-s 1 --memory-gib 1") + model);
    for (const CliRun *run : {&h100, &changed, &custom})
        ASSERT_EQ(run->exitCode, 0) << run->err.toStdString();
    // Given with --device, the numbers are the ones the answer uses, and the name says so.
    EXPECT_NE(number(changed, "seconds_per_batch"), number(h100, "seconds_per_batch"));
    EXPECT_EQ(number(changed, "seconds_per_batch"), number(custom, "seconds_per_batch"));
    EXPECT_EQ(number(changed, "max_batch"), number(custom, "max_batch"));
    EXPECT_EQ(changed.json().value(QStringLiteral("device")).toString(),
              QStringLiteral("H100 SXM with 1 TFLOPS, 1 GB/s, 1 GiB"));
    // One alone replaces only its number: an H100 with 141 GiB has the H100's times and room for
    // a larger batch.
    const CliRun roomier = runCli(words("roofline --device h100-sxm --memory-gib 141") + model);
    ASSERT_EQ(roomier.exitCode, 0) << roomier.err.toStdString();
    EXPECT_EQ(number(roomier, "seconds_per_batch"), number(h100, "seconds_per_batch"));
    EXPECT_GT(number(roomier, "max_batch"), number(h100, "max_batch"));
    EXPECT_EQ(roomier.json().value(QStringLiteral("device")).toString(),
              QStringLiteral("H100 SXM with 141 GiB"));
    // Without a device all three are needed.
    const CliRun missing =
        runCli(words("roofline --peak-tflops 100 --memory-gb-per-s 1000") + model);
    EXPECT_EQ(missing.exitCode, cli::kExitInvalid);
    EXPECT_TRUE(missing.err.contains(QStringLiteral("--memory-gib: required")))
        << missing.err.toStdString();
    const CliRun help = runCli(words("roofline --help"));
    EXPECT_TRUE(help.out.contains(QStringLiteral("replace its numbers"))) << help.out.toStdString();
    EXPECT_TRUE(help.out.contains(QStringLiteral("\"H100 SXM with 141 GiB\"")));
}

TEST(HardwareCli, ABatchPastTheMemoryWarnsWithTheLargestThatFits)
{
    // Llama 2 7B's forward pass of 512 tokens: 1,329 fit an H100.
    const QStringList model = llamaFlags("--tokens 512");
    const CliRun text = runCli(words("roofline --device h100-sxm --batch 1e7") + model);
    ASSERT_EQ(text.exitCode, 0) << text.err.toStdString();
    EXPECT_TRUE(text.out.contains(
        QStringLiteral("Warning: batch 10,000,000 does not fit on the H100 SXM: the largest that "
                       "fits is 1,329 (12.55 GiB of weights and 45.5 MiB per item in 71.64 GiB "
                       "usable); the times below are for a batch it cannot run")))
        << text.out.toStdString();
    const CliRun json = runCli(words("roofline --device h100-sxm --batch 1e7 --json") + model);
    ASSERT_EQ(json.exitCode, 0) << json.err.toStdString();
    EXPECT_FALSE(json.json().value(QStringLiteral("fits")).toBool());
    EXPECT_TRUE(json.json()
                    .value(QStringLiteral("warning"))
                    .toString()
                    .startsWith(QStringLiteral("batch 10,000,000 does not fit on the H100 SXM")));
    EXPECT_EQ(number(json, "max_batch"), 1329);
    // The largest that fits: no warning.
    const CliRun fits = runCli(words("roofline --device h100-sxm --batch 1329") + model);
    EXPECT_FALSE(fits.out.contains(QStringLiteral("Warning"))) << fits.out.toStdString();
    const CliRun fitsJson = runCli(words("roofline --device h100-sxm --batch 1329 --json") + model);
    EXPECT_TRUE(fitsJson.json().value(QStringLiteral("fits")).toBool());
    EXPECT_EQ(fitsJson.json().value(QStringLiteral("warning")).toString(), QString());
}

TEST(HardwareCli, WhenNoBatchFitsTheReasonIsTheKvCacheNotTheWeights)
{
    const QStringList model = llamaFlags("--tokens 512 --output-tokens 1e7 --batch 1");
    const CliRun text = runCli(words("roofline --device h100-sxm") + model);
    ASSERT_EQ(text.exitCode, 0) << text.err.toStdString();
    EXPECT_TRUE(text.out.contains(
        QStringLiteral("none: the model's 12.55 GiB of weights leave 59.09 GiB of 71.64 GiB usable "
                       "on the H100 SXM; one item's KV cache needs 4,883")))
        << text.out.toStdString();
    EXPECT_FALSE(text.out.contains(QStringLiteral("weights do not fit")));
    const CliRun json = runCli(words("roofline --device h100-sxm --json") + model);
    EXPECT_EQ(json.json().value(QStringLiteral("max_batch_reason")).toString(),
              QStringLiteral("kv_cache"));
    EXPECT_EQ(number(json, "kv_bytes_per_item"), 2 * 32 * 4096.0 * 10'000'512 * 2);
    // Llama 3 70B's weights are what does not fit an H100; on an MI300X it fits.
    const QStringList seventy =
        words("--params 70.6B --layers 80 --hidden 8192 --heads 64 --kv-heads 8 --intermediate "
              "28672 --tokens 512 --batch 1 --json");
    EXPECT_EQ(runCli(words("roofline --device h100-sxm") + seventy)
                  .json()
                  .value(QStringLiteral("max_batch_reason"))
                  .toString(),
              QStringLiteral("weights"));
    EXPECT_TRUE(runCli(words("roofline --device mi300x") + seventy)
                    .json()
                    .value(QStringLiteral("max_batch_reason"))
                    .isNull());
}

// Generated custom devices (seeded): the flags' numbers are the device the answer is for, with
// --device or without, and three times the peak and the bandwidth is three times faster.
TEST(HardwareCli, DeviceFlagsGiveTheRooflineOfTheDeviceTheyDescribe)
{
    // 100 cases, four runs each: about 0.2 s.
    constexpr int kCases = 100;
    std::mt19937 rng(50);
    auto whole = [&rng](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const std::vector<hardware::ModelSpec> &presets = hardware::modelPresets();
    for (int n = 0; n < kCases; ++n) {
        hardware::ModelSpec m;
        do { // the presets with a transformer shape
            m = presets[static_cast<size_t>(whole(0, int(presets.size()) - 1))];
        } while (m.kind != hardware::ModelKind::Transformer);
        m.tokens = whole(1, 4096);
        m.outputTokens = whole(0, 1) ? whole(1, 1024) : 0;
        const double batch = whole(1, 512);
        const QStringList model{
            QStringLiteral("--params"),        QString::number(m.parameters, 'f', 0),
            QStringLiteral("--layers"),        QString::number(m.layers),
            QStringLiteral("--hidden"),        QString::number(m.hidden),
            QStringLiteral("--heads"),         QString::number(m.heads),
            QStringLiteral("--kv-heads"),      QString::number(m.kvHeads),
            QStringLiteral("--intermediate"),  QString::number(m.intermediate),
            QStringLiteral("--vocabulary"),    QString::number(m.vocabulary),
            QStringLiteral("--tokens"),        QString::number(m.tokens),
            QStringLiteral("--output-tokens"), QString::number(m.outputTokens),
            QStringLiteral("--batch"),         QString::number(batch),
            QStringLiteral("--json")};
        const QStringList flags =
            m.gatedMlp ? model : model + QStringList{QStringLiteral("--plain-mlp")};
        hardware::Device d;
        d.bf16Tflops = whole(1, 2000);
        d.int8Tops = 2 * d.bf16Tflops;
        d.memoryGbPerS = whole(50, 8000);
        d.memoryGib = whole(4, 256);
        auto deviceFlags = [](const hardware::Device &device) {
            return QStringList{
                QStringLiteral("--peak-tflops"),     QString::number(device.bf16Tflops),
                QStringLiteral("--memory-gb-per-s"), QString::number(device.memoryGbPerS),
                QStringLiteral("--memory-gib"),      QString::number(device.memoryGib)};
        };
        const std::string where = "case " + std::to_string(n);
        const hardware::Roofline expected = hardware::roofline(m, d, {}, batch);
        const CliRun custom =
            runCli(QStringList{QStringLiteral("roofline")} + deviceFlags(d) + flags);
        ASSERT_EQ(custom.exitCode, 0) << where << custom.err.toStdString();
        const CliRun over = runCli(QStringList{QStringLiteral("roofline"),
                                               QStringLiteral("--device"), QStringLiteral("t4")} +
                                   deviceFlags(d) + flags);
        ASSERT_EQ(over.exitCode, 0) << where << over.err.toStdString();
        for (const CliRun *run : {&custom, &over}) {
            EXPECT_EQ(number(*run, "seconds_per_batch"), expected.secondsPerBatch) << where;
            EXPECT_EQ(number(*run, "latency_ms_per_item"), expected.latencyMsPerItem) << where;
            EXPECT_EQ(number(*run, "max_batch"), expected.maxBatch) << where;
            EXPECT_EQ(run->json().value(QStringLiteral("fits")).toBool(),
                      batch <= expected.maxBatch)
                << where;
        }
        hardware::Device faster = d;
        faster.bf16Tflops *= 3;
        faster.memoryGbPerS *= 3;
        const CliRun fast =
            runCli(QStringList{QStringLiteral("roofline")} + deviceFlags(faster) + flags);
        ASSERT_EQ(fast.exitCode, 0) << where << fast.err.toStdString();
        EXPECT_NEAR(number(fast, "seconds_per_batch") * 3, expected.secondsPerBatch,
                    1e-9 * expected.secondsPerBatch)
            << where;
        // Only the bandwidth tripled: no slower, and not more than three times faster.
        hardware::Device wider = d;
        wider.memoryGbPerS *= 3;
        const CliRun wide =
            runCli(QStringList{QStringLiteral("roofline")} + deviceFlags(wider) + flags);
        ASSERT_EQ(wide.exitCode, 0) << where << wide.err.toStdString();
        EXPECT_LE(number(wide, "seconds_per_batch"), expected.secondsPerBatch * (1 + 1e-12))
            << where;
        EXPECT_GE(number(wide, "seconds_per_batch") * 3, expected.secondsPerBatch * (1 - 1e-12))
            << where;
    }
}

TEST(HardwareCli, EvalSaysWhenThePlansBatchIsCappedOrNoItemFits)
{
    CliRun run =
        runCli({QStringLiteral("eval"), preset("embedding-h100.json"), QStringLiteral("--set"),
                QStringLiteral("hardware.batch=10000000"), QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    QJsonObject hw = run.json().value(QStringLiteral("hardware")).toObject();
    EXPECT_TRUE(hw.value(QStringLiteral("batch_capped")).toBool());
    EXPECT_EQ(hw.value(QStringLiteral("batch")).toDouble(),
              hw.value(QStringLiteral("max_batch")).toDouble());
    EXPECT_TRUE(hw.value(QStringLiteral("lever"))
                    .toString()
                    .contains(QStringLiteral("(batch 10,000,000 capped at 1,329")))
        << hw.value(QStringLiteral("lever")).toString().toStdString();
    run =
        runCli({QStringLiteral("eval"), preset("embedding-h100.json"), QStringLiteral("--set"),
                QStringLiteral("hardware.model.output_tokens=10000000"), QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    hw = run.json().value(QStringLiteral("hardware")).toObject();
    EXPECT_FALSE(hw.value(QStringLiteral("in_force")).toBool());
    EXPECT_EQ(hw.value(QStringLiteral("max_batch_reason")).toString(), QStringLiteral("kv_cache"));
    EXPECT_TRUE(hw.value(QStringLiteral("problem"))
                    .toString()
                    .contains(QStringLiteral("one item's KV cache needs")))
        << hw.value(QStringLiteral("problem")).toString().toStdString();
}

TEST(HardwareCli, EvalGivesTheTrainingTheWindowAndTheReportShow)
{
    QFile file(preset("embedding-h100.json"));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const scenariofile::LoadResult loaded = scenariofile::fromJson(file.readAll());
    ASSERT_TRUE(loaded.plan);
    const PlanResult result = evaluatePlan(*loaded.plan);
    ASSERT_TRUE(result.training.fromModel);
    const TrainingFromModel &model = *result.training.fromModel;
    ASSERT_TRUE(model.run);
    const CliRun run =
        runCli({QStringLiteral("eval"), preset("embedding-h100.json"), QStringLiteral("--json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject training = run.json().value(QStringLiteral("training")).toObject();
    EXPECT_EQ(training.value(QStringLiteral("model")).toString(), QStringLiteral("Llama 2 7B"));
    EXPECT_EQ(training.value(QStringLiteral("device")).toString(), QStringLiteral("H100 SXM"));
    const QJsonObject stage = training.value(QStringLiteral("stage")).toObject();
    EXPECT_EQ(stage.value(QStringLiteral("forward_ms")).toDouble(), model.stage.forwardMs);
    EXPECT_EQ(stage.value(QStringLiteral("optimizer_bytes")).toDouble(),
              model.stage.optimizerBytes);
    EXPECT_EQ(stage.value(QStringLiteral("activation_bytes_per_microbatch")).toDouble(),
              model.stage.activationBytesPerMicrobatch);
    EXPECT_EQ(stage.value(QStringLiteral("microbatches_that_fit")).toDouble(),
              model.stage.microbatchesThatFit);
    // Llama 2 7B over 4 stages: 16 bytes per parameter of its quarter.
    EXPECT_DOUBLE_EQ(stage.value(QStringLiteral("static_bytes")).toDouble(), 6.74e9 / 4 * 16);
    const QJsonObject budget = training.value(QStringLiteral("run")).toObject();
    EXPECT_EQ(budget.value(QStringLiteral("tokens_per_second")).toDouble(),
              model.run->tokensPerSecond);
    EXPECT_EQ(budget.value(QStringLiteral("seconds")).toDouble(), model.run->seconds);
    EXPECT_EQ(budget.value(QStringLiteral("cost")).toDouble(), model.run->cost);
    EXPECT_EQ(budget.value(QStringLiteral("token_budget")).toDouble(), 1e9);
    EXPECT_EQ(budget.value(QStringLiteral("schedule")).toString(), QStringLiteral("1f1b"));
    // The window's and the report's sentence, word for word.
    EXPECT_EQ(training.value(QStringLiteral("text")).toString(),
              explain::trainingFromModel(model, QStringLiteral("USD")));
    // Hardware off: no model of the plan's to train.
    const CliRun off =
        runCli({QStringLiteral("eval"), preset("nightly-scoring.json"), QStringLiteral("--json")});
    EXPECT_TRUE(off.json().value(QStringLiteral("training")).isNull());
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
    EXPECT_FALSE(hw.value(QStringLiteral("batch_capped")).toBool());
    EXPECT_TRUE(hw.value(QStringLiteral("max_batch_reason")).isNull());
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
    const QStringList deadline{QStringLiteral("--set"), QStringLiteral("goal.deadline_s=28800"),
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
    // The latency costs nothing in the model: the cheapest is where the axes stop, and the
    // smallest move leads, in the JSON and in the text.
    EXPECT_EQ(plane.value(QStringLiteral("lead")).toString(), QStringLiteral("nearest"));
    EXPECT_EQ(plane.value(QStringLiteral("lead_reason")).toString(),
              QStringLiteral("cheapest_at_end"));
    // The text says the same; a bad pair is refused at its key.
    const CliRun text = runCli(QStringList{QStringLiteral("eval"), file} + deadline);
    EXPECT_TRUE(text.out.contains(QStringLiteral("\n  Smallest move that meets it: 10,000 workers "
                                                 "and 0.47 ms: $39,358.58, runtime 7.87 hours.\n"
                                                 "  Cheapest in the model: ")))
        << text.out.toStdString();
    const CliRun bad = runCli(QStringList{QStringLiteral("eval"), file, QStringLiteral("--set"),
                                          QStringLiteral("goal.levers=workload.workers")});
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_TRUE(bad.err.contains(QStringLiteral("goal.levers"))) << bad.err.toStdString();
}

TEST(WhatItTakesCli, EvalGivesEachLeverAndApplyingItMeets)
{
    const QString file = QStringLiteral(PIPEPLAN_PRESETS_DIR "/nightly-scoring.json");
    const QStringList deadline{QStringLiteral("--set"), QStringLiteral("goal.deadline_s=28800")};
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
