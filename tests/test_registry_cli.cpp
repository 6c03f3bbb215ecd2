// The CLI's flags and the report's inputs table read the field registry's rows: a flag's name,
// bounds and file key, and an input's label, are the row's.

#include "core/model/fieldregistry.h"
#include "core/model/scenario.h"
#include "core/plan/explain.h"
#include "tests/support/clirun.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

using namespace pipeplan;

namespace {

using testsupport::CliRun;
using testsupport::runCliLine;

/// A command line that runs without the row's flag, and a value in the row's bounds that it
/// accepts (with any flag it needs beside it); the flag is appended (a later value of a flag
/// replaces an earlier one).
struct Invocation
{
    const char *command;
    const char *goodValue;
};

const char *const kRuntime = "runtime --users 1M --predictions 2 --latency-ms 10";
const char *const kSimulate =
    "simulate --shards 20 --shard-seconds 1 --workers 4 --trials 20 --straggler-factor 2";
const char *const kDeadline =
    "deadline --deadline-s 100 --shards 20 --shard-seconds 1 --trials 20 --straggler-factor 2";
const char *const kRoofline = "roofline --peak-tflops 100 --memory-gb-per-s 1000 --memory-gib 80 "
                              "--params 1B --layers 8 --hidden 1024 --heads 8 --tokens 128 "
                              "--batch 4";
const char *const kSchedule =
    "schedule --schedule 1f1b --forward-ms 1 --backward-ms 2 --microbatches 8 --devices 4";

/// Each row with a flag: the command that reads it (two rows share --trials and --microbatches,
/// each read by its own command).
const std::map<std::string, Invocation> &invocations()
{
    static const std::map<std::string, Invocation> table{
        {"workload.users", {kRuntime, "2M"}},
        {"workload.predictions_per_user", {kRuntime, "3"}},
        {"workload.latency_ms", {kRuntime, "20"}},
        {"workload.accelerator_latency_ms", {kRuntime, "5"}},
        {"workload.batch_ms_per_user", {kRuntime, "7"}},
        {"workload.keep_fraction", {kRuntime, "0.5"}},
        {"workload.workers", {kRuntime, "10"}},
        {"workload.parallel_fraction", {kRuntime, "0.9"}},
        {"microbatches", {"pipeline --stage-ms 1,2", "4"}},
        {"overheads.cold_start_s", {kSimulate, "3"}},
        {"overheads.dispatch_cap_per_s", {kSimulate, "100"}},
        {"simulation.straggler_prob", {kSimulate, "0.1"}},
        {"simulation.straggler_factor", {kSimulate, "3"}},
        {"simulation.failure_prob", {kSimulate, "0.05"}},
        {"simulation.checkpoint_s", {kSimulate, "0.5"}},
        {"simulation.checkpoint_cost_s", {kSimulate, "0.1"}},
        {"simulation.trials", {kSimulate, "30"}},
        {"simulation.seed", {kSimulate, "7"}},
        {"goal.price_per_worker_hour", {kDeadline, "2.5"}},
        {"goal.trials", {kDeadline, "30"}},
        {"hardware.batch", {kRoofline, "8"}},
        {"hardware.compute_efficiency", {kRoofline, "0.5"}},
        {"hardware.memory_efficiency", {kRoofline, "0.7"}},
        {"training.devices", {kSchedule, "2"}},
        {"training.microbatches", {kSchedule, "16"}},
        {"training.virtual_stages", {kSchedule, "1"}},
        {"training.comm_ms", {kSchedule, "0.5"}},
        {"training.memory_limit", {kSchedule, "8"}},
        // A memory budget is the device memory over one microbatch's activations: both or none.
        {"training.activation_bytes", {kSchedule, "1GiB --device-memory 16GiB"}},
        {"training.device_memory", {kSchedule, "16GiB --activation-bytes 1GiB"}},
    };
    return table;
}

QString flagOf(const fieldregistry::Field &row)
{
    return QStringLiteral("--") + QLatin1String(row.flag);
}

} // namespace

// Every flagged row has a command here, and every command here reads a flagged row: a new flag
// on a row is tested below without editing this file's loop.
TEST(RegistryCli, EveryFlaggedRowHasItsCommand)
{
    size_t flagged = 0;
    for (const fieldregistry::Field &row : fieldregistry::fields()) {
        if (!row.flag)
            continue;
        ++flagged;
        EXPECT_TRUE(invocations().contains(row.path)) << row.path << " (--" << row.flag << ")";
    }
    EXPECT_EQ(flagged, invocations().size());
}

TEST(RegistryCli, EveryFlagIsAcceptedByItsCommand)
{
    for (const fieldregistry::Field &row : fieldregistry::fields()) {
        const auto found = invocations().find(row.path);
        if (!row.flag || found == invocations().end())
            continue;
        const Invocation &how = found->second;
        const QString line = QLatin1String(how.command) + QLatin1Char(' ') + flagOf(row) +
                             QLatin1Char(' ') + QLatin1String(how.goodValue);
        const CliRun run = runCliLine(line);
        EXPECT_EQ(run.exitCode, 0) << line.toStdString() << "\n" << run.err.toStdString();
    }
}

// Past the row's maximum, each flag is refused with the flag's name and the reason the row's
// bounds give (checkValue of its spec), as the scenario file and --set refuse the key.
TEST(RegistryCli, EveryFlagRefusesAValueOutOfTheRowsBounds)
{
    for (const fieldregistry::Field &row : fieldregistry::fields()) {
        const auto found = invocations().find(row.path);
        if (!row.flag || found == invocations().end())
            continue;
        // A whole number, so the text typed is the number checked.
        const double ceiling = std::ceil(row.spec->max);
        const double tooLarge = ceiling + std::max(1.0, ceiling);
        const QString reason = checkValue(*row.spec, tooLarge).value_or(QString());
        ASSERT_FALSE(reason.isEmpty()) << row.path;
        const QString line = QLatin1String(found->second.command) + QLatin1Char(' ') + flagOf(row) +
                             QLatin1Char(' ') + QString::number(tooLarge, 'f', 0);
        const CliRun run = runCliLine(line);
        EXPECT_EQ(run.exitCode, 2) << line.toStdString();
        EXPECT_TRUE(run.err.contains(flagOf(row) + QStringLiteral(": ") + reason))
            << line.toStdString() << "\n"
            << run.err.toStdString() << "\nexpected: " << reason.toStdString();
    }
}

// The report's inputs table names a registry number as its row does, in the plan's own words
// (a plan that counts documents says "Documents" and "Documents per shard").
TEST(RegistryReport, InputsTableUsesTheRowsLabels)
{
    Scenario s;
    s.workload.counted = *countedNoun(QStringLiteral("documents"));
    s.memory.acceleratorMemoryBytes = 80.0 * (1ULL << 30);
    s.overheads.coldStartSeconds = 30;
    const std::vector<std::pair<QString, QString>> rows = explain::inputRows(s);
    const auto labelled = [&rows](const QString &label) {
        return std::any_of(rows.begin(), rows.end(),
                           [&label](const auto &row) { return row.first == label; });
    };
    // The rows the table shows under their registry label; the others keep the report's longer
    // wording ("Keep fraction (pre-filtering)").
    for (const char *path :
         {"workload.users", "workload.predictions_per_user", "workload.latency_ms",
          "workload.workers", "workload.parallel_fraction", "microbatches",
          "overheads.cold_start_s", "overheads.request_overhead_ms", "overheads.users_per_shard",
          "memory.accelerator_memory_bytes", "memory.model_bytes", "memory.bytes_per_item",
          "goal.price_per_worker_hour"}) {
        const fieldregistry::Field *row = fieldregistry::find(QLatin1StringView(path));
        ASSERT_NE(row, nullptr) << path;
        EXPECT_TRUE(labelled(row->labelFor(s))) << path << ": " << row->labelFor(s).toStdString();
    }
    EXPECT_TRUE(labelled(QStringLiteral("Documents")));
    EXPECT_TRUE(labelled(QStringLiteral("Documents per shard")));
    // The shared cap's row is its label with the resource it caps.
    const fieldregistry::Field *cap =
        fieldregistry::find(QLatin1StringView("overheads.shared_cap_per_s"));
    ASSERT_NE(cap, nullptr);
    EXPECT_TRUE(labelled(cap->labelFor(s) + QStringLiteral(" (") + s.overheads.sharedResourceName +
                         QLatin1Char(')')));
}
