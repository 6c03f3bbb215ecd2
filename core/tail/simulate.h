#pragma once

#include "core/base/fields.h"
#include "core/base/stats.h"

#include <atomic>
#include <cstdint>
#include <vector>

/// Simulation of the distributed scoring job (seed 000 "Failure modes I design against"):
/// S shards of D seconds each over W workers. Every worker first spends the cold start C, then
/// repeatedly takes the next shard from one shared queue. A shard is a straggler with
/// probability q and then takes k x D. Each attempt fails with probability f at a uniformly
/// random point of its run and is retried at once by the same worker, from the start, or from
/// the last checkpoint when one is written every K seconds of work (each costing its own time).
/// The job ends when the last shard ends.
namespace pipeplan::simulation {

struct Params
{
    double shards = 1000;
    double shardSeconds = 60;
    double workers = 100;
    double coldStartSeconds = 0;
    double stragglerProbability = 0;
    double stragglerFactor = 1;
    double failureProbability = 0;
    double checkpointSeconds = 0; ///< 0: no checkpoints, a failed attempt restarts the shard
    double checkpointCostSeconds = 0;
    /// The coordinator hands out at most this many shards per second (0: no cap): shard i starts
    /// no earlier than i / rate. Shared-resource caps arrive here converted to shards per second.
    double dispatchPerSecond = 0;
    /// Work no worker can share (Amdahl's serial residue), added once to every trial.
    double serialSeconds = 0;
    /// What-if beyond the model: once the queue is empty, a free worker starts a backup copy of
    /// the running shard that will end last; the shard ends when either copy does.
    bool speculativeBackups = false;
    int trials = 1000;
    std::uint64_t seed = 1;
    bool operator==(const Params &) const = default;
};

/// Every parameter checked; errors name the CLI's flag keys ("straggler_prob"). Also: more than
/// kMaxCheckpointsPerShard checkpoints in a shard.
std::vector<FieldError> validate(const Params &params);

/// Run time of one shard of `workSeconds` without failures: the work plus a checkpoint after
/// every full interval K that is not the end, ceil(work / K) - 1 of them.
double shardRunSeconds(double workSeconds, const Params &params);

/// The job with no stragglers and no failures. Without a dispatch cap, greedy assignment of
/// equal shards to workers that start together takes ceil(S / W) rounds:
/// T = serial + C + ceil(S / W) x d, d = shardRunSeconds(D). With a cap R, shard i goes to the
/// worker that ran shard i - W and ends at e(i) = max(e(i - W), i / R) + d (e = C before the
/// first round), evaluated in O(S). The simulation equals it exactly then.
double closedFormSeconds(const Params &params);

/// Lets a window show progress and stop a run.
struct Control
{
    std::atomic<bool> cancel{false};
    std::atomic<long long> trialsDone{0};
};

struct Result
{
    int trials = 0;
    double meanSeconds = 0;
    double p50Seconds = 0;
    double p90Seconds = 0;
    double p99Seconds = 0;
    double minSeconds = 0;
    double maxSeconds = 0;
    double closedFormSeconds = 0;      ///< closedFormSeconds(params), for reference
    std::vector<double> sortedSeconds; ///< every trial's completion time, ascending
    stats::Histogram histogram;
    bool cancelled = false;
    bool operator==(const Result &) const = default;
};

/// Checkpoints one shard may write (its longest, straggling run over the interval): a bound
/// that keeps every count a representable integer.
inline constexpr double kMaxCheckpointsPerShard = 1e6;

/// The completion time of trial `trial` (its random stream is (seed, trial)).
double simulateTrial(const Params &params, std::uint64_t trial);

/// simulateTrial, giving up with NaN within a few thousand shards of `cancel` becoming true.
double runTrial(const Params &params, std::uint64_t trial, const std::atomic<bool> *cancel);

/// Runs params.trials trials on `threads` threads (0: one per core). Trial t always uses random
/// stream (seed, t), so the result does not depend on the thread count. The params must be
/// valid. A cancelled run returns the trials finished so far, marked cancelled.
Result simulate(const Params &params, Control *control = nullptr, int threads = 0,
                int histogramBins = 40);

} // namespace pipeplan::simulation
