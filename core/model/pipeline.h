#pragma once

#include <cstdint>
#include <span>
#include <vector>

/// Stages that overlap (seed 000 "sequential vs parallel stages") and pipeline parallelism
/// (seed 001 "Pipeline parallelism"). Stage times are per item (a user, a microbatch) in ms.
namespace pipeplan::pipeline {

/// Sequential latency of one item through all stages: the sum (seed 000 T_user).
double sequentialMs(std::span<const double> stageMs);

/// The pipelined interval, one item per max(stage) (seed 000 T_throughput ~ max(stage_times)).
double intervalMs(std::span<const double> stageMs);

/// Index of the slowest stage, the first on ties (seed 001 bottleneck); -1 when empty.
int bottleneck(std::span<const double> stageMs);

/// Items per second once the pipeline is full: 1000 / max(stage_ms) (seed 001 steady_rate;
/// 10, 10, 20, 10 ms -> 50/s).
double steadyRatePerSecond(std::span<const double> stageMs);

/// The steady rate after stage `index` is changed to `newMs`: speeding up a stage that is not
/// the bottleneck buys nothing (seed 000).
double rateAfterChangePerSecond(std::span<const double> stageMs, int index, double newMs);

/// The bubble fraction of p stages and m microbatches: (p - 1) / (m + p - 1) (seed 001; p = 4,
/// m = 8 -> 0.273). It is the idle share of the schedule only when the stages are equal; with
/// unequal stages the faster ones also wait behind the slowest, so the idle share is larger:
/// compute it from the schedule (sum of its idle gaps over stages x makespan).
double bubbleFraction(double stages, double microbatches);

/// sum(stage_ms) + (m - 1) x max(stage_ms): a pipeline in steady state (seed 001 total_time).
double totalTimeMs(std::span<const double> stageMs, double microbatches);

/// The same total work re-cut into equal stages: every entry sum / len (seed 001 balance;
/// 50 ms over four stages -> 12.5 ms each, 80/s).
std::vector<double> balance(std::span<const double> stageMs);

/// Useful work over occupied time: sum x m / (len x total_time) (seed 001 utilization).
double utilization(std::span<const double> stageMs, double microbatches);

/// One bar of the Gantt chart: stage `stage` working on microbatch `microbatch` (0-based).
struct Cell
{
    int stage = 0;
    int microbatch = 0;
    double startMs = 0;
    double endMs = 0;
    bool operator==(const Cell &) const = default;
};

/// Why a stage is idle: waiting for the pipeline to fill, waiting behind a slower stage, or done
/// while later stages drain.
enum class IdleKind : std::uint8_t
{
    Fill,
    Wait,
    Drain
};

struct Idle
{
    int stage = 0;
    double startMs = 0;
    double endMs = 0;
    IdleKind kind = IdleKind::Fill;
    bool operator==(const Idle &) const = default;
};

/// Every cell of the schedule and every idle gap, so a chart draws it without computing.
struct Schedule
{
    std::vector<Cell> cells; ///< stage-major: cells[s * m + j]
    std::vector<Idle> idle;
    double makespanMs = 0;
    bool operator==(const Schedule &) const = default;
};

/// Upper bound on stages x microbatches for an explicit schedule; keeps the drawn chart and its
/// memory bounded.
inline constexpr std::int64_t kMaxScheduleCells = 4'000'000;

/// Start and end of every (stage, microbatch): stage s starts microbatch j once it has finished
/// j - 1 and stage s - 1 has finished j (a flow shop with queues between stages). Its makespan
/// equals totalTimeMs. Empty when stages x microbatches exceeds kMaxScheduleCells.
Schedule schedule(std::span<const double> stageMs, int microbatches);

} // namespace pipeplan::pipeline
