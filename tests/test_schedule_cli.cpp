// The schedule command's issue-22 flags, in process: ZB-H2, ZB-V, zb-auto under a memory limit,
// the interleaved warm-up rule and the byte-sized budget, with their JSON keys and refusals.

#include "app/cli/cli.h"
#include "tests/support/clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

using namespace pipeplan;

namespace {
using testsupport::CliRun;
using testsupport::runCliLine;

/// The JSON of a run that must succeed.
QJsonObject runJson(const QString &args)
{
    const CliRun run = runCliLine(QStringLiteral("schedule ") + args + QStringLiteral(" --json"));
    EXPECT_EQ(run.exitCode, 0) << args.toStdString() << ": " << run.err.toStdString();
    return run.json();
}

double makespan(const QJsonObject &o)
{
    return o.value(QStringLiteral("makespan_ms")).toDouble();
}

double maxPeak(const QJsonObject &o)
{
    double peak = 0;
    for (const auto &value : o.value(QStringLiteral("peak_in_flight")).toArray())
        peak = std::max(peak, value.toDouble());
    return peak;
}

const QString kIssueTimes =
    QStringLiteral("--forward-ms 1,1.75,1.5,1.25,1,1.75,1.5,1.25 --backward-ms "
                   "2.5,2,3,2.5,2,3,2.5,2 --weight-ms 0.5,0.75,1,0.5,0.75,1,0.5,0.75 "
                   "--microbatches 8 --devices 8");
} // namespace

// The issue's example: current Megatron-LM warms up with min(2(p - d - 1) + (v - 1)p, m v)
// forwards; 2021's rule ran every forward first at m = p.
TEST(ScheduleCli, InterleavedRule)
{
    const QString interleaved =
        kIssueTimes + QStringLiteral(" --virtual-stages 2 --schedule interleaved");
    EXPECT_DOUBLE_EQ(makespan(runJson(interleaved)), 57.75);
    EXPECT_DOUBLE_EQ(makespan(runJson(interleaved + QStringLiteral(" --interleaved-rule current"))),
                     57.75);
    const QJsonObject old =
        runJson(interleaved + QStringLiteral(" --interleaved-rule megatron-2021"));
    EXPECT_DOUBLE_EQ(makespan(old), 61.25);
    EXPECT_EQ(old.value(QStringLiteral("virtual_stages")).toInt(), 2);
    EXPECT_FALSE(old.contains(QStringLiteral("chunks"))); // as many as --virtual-stages
}

// ZB-H2 with F = 1, B = 2, W = 1, p = 4, m = 8: (p - 1)F + m(F + B + W) = 35 ms within 2p.
TEST(ScheduleCli, ZbH2)
{
    const QJsonObject o = runJson(QStringLiteral("--schedule zb-h2 --forward-ms 1 --backward-ms 2 "
                                                 "--weight-ms 1 --microbatches 8 --devices 4"));
    EXPECT_EQ(o.value(QStringLiteral("schedule")).toString(), QStringLiteral("zb-h2"));
    EXPECT_DOUBLE_EQ(makespan(o), 35);
    EXPECT_LE(maxPeak(o), 8);
    EXPECT_FALSE(o.value(QStringLiteral("order")).toString().isEmpty());
    EXPECT_EQ(o.value(QStringLiteral("ops")).toArray().size(), 4 * 8 * 3);
    // No limit given: neither the limit nor the verdict is written.
    EXPECT_FALSE(o.contains(QStringLiteral("memory_limit")));
    EXPECT_FALSE(o.contains(QStringLiteral("fits_memory")));
    EXPECT_FALSE(o.contains(QStringLiteral("placement")));

    // Never slower than ZB-H1 on the issue's uneven times.
    const QJsonObject h2 = runJson(kIssueTimes + QStringLiteral(" --schedule zb-h2"));
    const QJsonObject h1 = runJson(kIssueTimes + QStringLiteral(" --schedule zb-h1"));
    EXPECT_LE(makespan(h2), makespan(h1) + 1e-9);
}

// ZB-V: two chunks per device in a V, within 1F1B's activations and time.
TEST(ScheduleCli, ZbV)
{
    const QString times = QStringLiteral("--forward-ms 1 --backward-ms 2 --weight-ms 1 "
                                         "--microbatches 8 --devices 4");
    const QJsonObject v = runJson(QStringLiteral("--schedule zb-v ") + times);
    EXPECT_EQ(v.value(QStringLiteral("schedule")).toString(), QStringLiteral("zb-v"));
    EXPECT_EQ(v.value(QStringLiteral("chunks")).toInt(), 2);
    EXPECT_EQ(v.value(QStringLiteral("placement")).toString(), QStringLiteral("v-shape"));
    EXPECT_FALSE(v.value(QStringLiteral("order")).toString().isEmpty());
    const QJsonArray ops = v.value(QStringLiteral("ops")).toArray();
    ASSERT_EQ(ops.size(), 4 * 8 * 3 * 2);
    int secondChunk = 0;
    for (const auto &op : ops)
        secondChunk += op.toObject().value(QStringLiteral("chunk")).toInt() == 1 ? 1 : 0;
    EXPECT_EQ(secondChunk, 4 * 8 * 3);
    const QJsonObject ofob = runJson(QStringLiteral("--schedule 1f1b ") + times);
    EXPECT_LE(makespan(v), makespan(ofob) + 1e-9);
    EXPECT_LE(maxPeak(v), maxPeak(ofob) + 1e-9);
}

// zb-auto within --memory-limit p is never above ZB-H1 (which holds p) and always fits.
TEST(ScheduleCli, ZbAutoWithinTheLimitNeverAboveZbH1)
{
    struct Shape
    {
        int p;
        int m;
        const char *times;
    };
    const Shape shapes[] = {
        {4, 8, "--forward-ms 1 --backward-ms 2 --weight-ms 1"},
        {4, 4, "--forward-ms 1 --backward-ms 1 --weight-ms 1"},
        {8, 8,
         "--forward-ms 1,1.75,1.5,1.25,1,1.75,1.5,1.25 --backward-ms 2.5,2,3,2.5,2,3,2.5,2 "
         "--weight-ms 0.5,0.75,1,0.5,0.75,1,0.5,0.75"},
        {8, 24, "--forward-ms 1 --backward-ms 2 --weight-ms 2 --comm-ms 0.1"},
    };
    for (const Shape &s : shapes) {
        const QString common = QStringLiteral("%1 --microbatches %2 --devices %3")
                                   .arg(QLatin1String(s.times))
                                   .arg(s.m)
                                   .arg(s.p);
        SCOPED_TRACE(common.toStdString());
        const QJsonObject h1 = runJson(QStringLiteral("--schedule zb-h1 ") + common);
        const QJsonObject aut = runJson(QStringLiteral("--schedule zb-auto ") + common +
                                        QStringLiteral(" --memory-limit %1").arg(s.p));
        EXPECT_EQ(aut.value(QStringLiteral("schedule")).toString(), QStringLiteral("zb-auto"));
        EXPECT_LE(makespan(aut), makespan(h1) + 1e-9);
        EXPECT_DOUBLE_EQ(aut.value(QStringLiteral("memory_limit")).toDouble(), s.p);
        EXPECT_TRUE(aut.value(QStringLiteral("fits_memory")).toBool());
        EXPECT_LE(maxPeak(aut), s.p + 1e-9);
        EXPECT_FALSE(aut.value(QStringLiteral("order")).toString().isEmpty());
    }
    // A tighter limit costs time but is kept.
    const QJsonObject tight =
        runJson(QStringLiteral("--schedule zb-auto --forward-ms 1 --backward-ms 2 --weight-ms 1 "
                               "--microbatches 8 --devices 4 --memory-limit 2"));
    EXPECT_TRUE(tight.value(QStringLiteral("fits_memory")).toBool());
    EXPECT_LE(maxPeak(tight), 2 + 1e-9);
}

// Bytes convert to microbatches: 16 GiB over 2 GiB a microbatch is a limit of 8; with a
// --memory-limit too, the smaller one holds. Every schedule is checked against it.
TEST(ScheduleCli, BytesGiveTheLimit)
{
    const QString times = QStringLiteral("--forward-ms 1 --backward-ms 2 --weight-ms 1 "
                                         "--microbatches 8 --devices 4");
    const QJsonObject aut = runJson(QStringLiteral("--schedule zb-auto ") + times +
                                    QStringLiteral(" --activation-bytes 2GiB --device-memory "
                                                   "16GiB"));
    EXPECT_DOUBLE_EQ(aut.value(QStringLiteral("memory_limit")).toDouble(), 8);
    EXPECT_TRUE(aut.value(QStringLiteral("fits_memory")).toBool());
    EXPECT_LE(maxPeak(aut), 8 + 1e-9);
    // Within 2p the search is at least as fast as ZB-H2's 35 ms (its V-shaped orders beat it).
    EXPECT_LE(makespan(aut), 35 + 1e-9);

    const QJsonObject both = runJson(QStringLiteral("--schedule 1f1b ") + times +
                                     QStringLiteral(" --activation-bytes 2GiB --device-memory "
                                                    "16GiB --memory-limit 3"));
    EXPECT_DOUBLE_EQ(both.value(QStringLiteral("memory_limit")).toDouble(), 3);
    EXPECT_FALSE(both.value(QStringLiteral("fits_memory")).toBool()); // 1F1B's device 0 holds 4

    // Decimal units and plain numbers are bytes too: 6 GB / 1.5 GB = 4, which 1F1B fits.
    const QJsonObject decimal = runJson(QStringLiteral("--schedule 1f1b ") + times +
                                        QStringLiteral(" --activation-bytes 1.5GB "
                                                       "--device-memory 6000000000"));
    EXPECT_DOUBLE_EQ(decimal.value(QStringLiteral("memory_limit")).toDouble(), 4);
    EXPECT_TRUE(decimal.value(QStringLiteral("fits_memory")).toBool());

    // The human table says whether it fits.
    const CliRun table =
        runCliLine(QStringLiteral("schedule --schedule gpipe ") + times +
                   QStringLiteral(" --activation-bytes 4GiB --device-memory 16GiB"));
    ASSERT_EQ(table.exitCode, 0) << table.err.toStdString();
    EXPECT_TRUE(table.out.contains(QStringLiteral("Memory limit")));
    EXPECT_TRUE(table.out.contains(QStringLiteral("does not fit")));
}

TEST(ScheduleCli, RefusesBadMemoryAndRuleFlags)
{
    struct Case
    {
        const char *args;
        const char *message;
    };
    const QString base = QStringLiteral("schedule --forward-ms 1 --backward-ms 2 --weight-ms 1 "
                                        "--microbatches 8 --devices 4 ");
    const Case cases[] = {
        {"--schedule interleaved --virtual-stages 2 --interleaved-rule megatron-2019",
         "--interleaved-rule: unknown rule 'megatron-2019'"},
        {"--schedule zb-auto --memory-limit -1", "--memory-limit"},
        {"--schedule zb-auto --memory-limit 0.5", "--memory-limit"},
        {"--schedule zb-auto --memory-limit lots", "--memory-limit"},
        {"--schedule zb-auto --activation-bytes -2GiB --device-memory 16GiB", "--activation-bytes"},
        {"--schedule zb-auto --activation-bytes 2GiB", "--device-memory: needed with"},
        {"--schedule zb-auto --device-memory 16GiB", "--activation-bytes: needed with"},
        {"--schedule zb-auto --activation-bytes 2GiB --device-memory 1GiB",
         "--device-memory: holds 0.5 of a microbatch's activations"},
        {"--schedule zb-h3", "--schedule: unknown schedule 'zb-h3'"},
        {"--schedule zb-v --virtual-stages 3", "--virtual-stages"},
    };
    for (const Case &c : cases) {
        const QString args = base + QLatin1String(c.args);
        const CliRun run = runCliLine(args);
        EXPECT_EQ(run.exitCode, cli::kExitInvalid) << args.toStdString();
        EXPECT_TRUE(run.out.isEmpty()) << args.toStdString();
        EXPECT_TRUE(run.err.contains(QLatin1String(c.message)))
            << args.toStdString() << "\n  got: " << run.err.toStdString()
            << "\n  want: " << c.message;
    }
}
