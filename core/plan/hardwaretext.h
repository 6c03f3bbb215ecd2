#pragma once

#include "core/plan/evaluation.h"

#include <QStringList>

#include <vector>

/// The hardware and cost tables as every view shows them: the window's tables, the
/// report's section and the CLI print these rows, so they read the same everywhere.
namespace pipeplan::explain {

/// "Phase", "Part", "GFLOP", "MB moved", "Time", "Bound".
QStringList rooflineHeader();
/// One row per part: "prefill", "q_proj", "35,184.37", "18,253.61", "59.29 ms", "compute".
std::vector<QStringList> rooflineRows(const hardware::Roofline &roofline);

/// "Device", "Batch", "Latency/item", "Bound", "Devices needed", "Runtime", "Device-hours",
/// "Cost"; "Devices" instead of "Devices needed" without a deadline (`deadline` false): then
/// nothing is needed, each device runs the plan's workers.
QStringList deviceOptionsHeader(bool deadline = true);
/// The device table's title, with the deadline in force and where it is set, or, without one,
/// what the table shows instead and where to set one: the window's caption and the
/// report's heading.
QString deviceOptionsTitle(const Scenario &scenario);
/// One row per device, cheapest first; one that cannot says why in its "Devices needed" cell.
std::vector<QStringList> deviceOptionRows(const std::vector<DeviceOption> &options,
                                          const QString &currency);

/// What the device and model give, in a sentence or two: the lever in force, the memory
/// (weights, per item, the largest batch) and where the device turns compute-bound; or why it is
/// not in force.
QString hardwareSummary(const HardwareSettings &settings, const HardwareInForce &hardware);
/// The accelerator lever in words: "1,000 ms → H100 SXM batch 64: 3.1 ms/item, memory-bound",
/// and, when the memory capped the batch, why. Empty when not in force.
QString hardwareLever(const HardwareInForce &hardware);
/// Why the hardware is not in force although on: no such device, or the model's weights (or one
/// item's KV cache or activations beside them) do not fit. Empty when in force or off.
QString hardwareProblem(const HardwareInForce &hardware);

/// What the plan's hours are called: "GPU" (a GPU in force), "device" (another device), or
/// "worker" (no device): "GPU-hours", "GPU-h".
QString hoursKind(const HardwareInForce &hardware);

/// "Phase" .. "Bound" and "Device" .. "Cost": whether each column holds a number (right-aligned
/// in the window and the report).
std::vector<bool> rooflineNumeric();
std::vector<bool> deviceOptionsNumeric();

/// "$4,507.42 for 1,803 GPU-hours at $2.50/h" ("worker-hours" for a plan without a device).
QString costLine(const CostSummary &cost, const HardwareInForce &hardware);

/// What training the model on the device takes, in two or three sentences: F, B, W per
/// microbatch, the memory per device (static and per microbatch, and how many microbatches fit),
/// and the run of the token budget at the first schedule's step time.
QString trainingFromModel(const TrainingFromModel &model, const QString &currency);

} // namespace pipeplan::explain
