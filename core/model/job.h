#pragma once

// The job's model, written once: the single-stream work and the caps of one job from its
// numbers, and its runtime at N workers. evaluate() and the fast path (effectiveRuntimeSeconds)
// call it for the plan; the ranges call the same functions for each sample, so the sampled
// runtime is this formula over many numbers, not a copy kept equal by a test.

#include <algorithm>
#include <cmath>

namespace pipeplan::job {

/// The numbers one job's work and caps come from, each a plain double so a sample of the
/// ranges and the typed plan go through the same code.
struct Numbers
{
    double users = 0;
    double keepFraction = 1;
    double predictionsPerUser = 1;
    double latencyMs = 0;      ///< the latency per prediction in force (the accelerator's when on)
    bool batched = false;      ///< the batching lever is on: batchMsPerUser replaces the latency
    double batchMsPerUser = 0; ///< with `batched`
    /// The per-request overhead, added to every request of the scoring stage; 0 for the naive
    /// model (no overheads).
    double requestOverheadMs = 0;
    double sharedCapPerSecond = 0;   ///< users per second; 0: no shared cap
    double dispatchCapPerSecond = 0; ///< shards per second; 0: no dispatch cap
    double usersPerShard = 1;
    bool sequential = true; ///< Execution::Sequential: the stages add; pipelined: the slowest
};

/// One job's single-stream work and caps.
struct Work
{
    double usersScored = 0;      ///< users x keep fraction
    double scoringMsPerUser = 0; ///< with the request overhead when it is set
    double perUserMs = 0;        ///< the stages' sum (sequential) or slowest stage (pipelined)
    double workSeconds = 0;      ///< usersScored x perUserMs / 1000
    double sharedCapSeconds = 0; ///< usersScored / shared cap; 0 without one
    /// ceil(usersScored / users per shard) / dispatch cap; 0 without one.
    double dispatchCapSeconds = 0;
    double capSeconds() const { return std::max(sharedCapSeconds, dispatchCapSeconds); }
};

/// Requests per user: one per prediction, one per user when batched (seed 000 "Batching").
constexpr double requestsPerUser(double predictionsPerUser, bool batched)
{
    return batched ? 1 : predictionsPerUser;
}

/// The scoring stage's ms per user: predictions x latency, or the batched time per user, plus
/// requests x the request overhead (0 in the naive model).
constexpr double scoringMsPerUser(const Numbers &n)
{
    return (n.batched ? n.batchMsPerUser : n.predictionsPerUser * n.latencyMs) +
           requestsPerUser(n.predictionsPerUser, n.batched) * n.requestOverheadMs;
}

/// Single-stream work in seconds: users scored x ms per user / 1000 (seed 000: 3,000,000,000 s).
constexpr double workSeconds(double usersScored, double msPerUser)
{
    return usersScored * msPerUser / 1000.0;
}

/// The work and caps of one job (seed 000 "Serial baseline", "Pipeline", "Where the naive model
/// lies"): the scoring stage costs predictions x latency per user (or the batched time per user)
/// plus requests x the request overhead; the other stages their typed ms (`stageMs[k]`, whose
/// entry is ignored where `isScoring(k)`); ms per user is their sum, sequential, or the slowest
/// stage, pipelined; work = users x keep x ms per user / 1000 s; the shared cap takes
/// users scored / cap s and the dispatch cap shards / cap s. `stageMs(k)` and `isScoring(k)`
/// read stage k of `stages`, so the plan's stages and a sample's numbers need no copy.
template <typename StageMs, typename IsScoring>
inline Work work(const Numbers &n, size_t stages, StageMs &&stageMs, IsScoring &&isScoring)
{
    Work w;
    w.scoringMsPerUser = scoringMsPerUser(n);
    double perUser = 0;
    for (size_t k = 0; k < stages; ++k) {
        const double ms = isScoring(k) ? w.scoringMsPerUser : stageMs(k);
        perUser = n.sequential ? perUser + ms : std::max(perUser, ms);
    }
    w.perUserMs = perUser;
    w.usersScored = n.users * n.keepFraction;
    w.workSeconds = workSeconds(w.usersScored, perUser);
    w.sharedCapSeconds = n.sharedCapPerSecond > 0 ? w.usersScored / n.sharedCapPerSecond : 0;
    w.dispatchCapSeconds = n.dispatchCapPerSecond > 0
                               ? std::ceil(w.usersScored / n.usersPerShard) / n.dispatchCapPerSecond
                               : 0;
    return w;
}

/// Amdahl's runtime (seed 000 "Parallel execution runtime"): work / S(p, N) with
/// S = 1 / ((1 - p) + p / N), written work x ((1 - p) + p x 1/N) so that a loop over samples
/// at one worker count divides once. `perWorker` is 1 / N.
template <typename T> constexpr T computeSeconds(T workSeconds, T parallelFraction, T perWorker)
{
    return workSeconds * ((T(1) - parallelFraction) + parallelFraction * perWorker);
}

/// The runtime with the overheads (seed 000 "Where the naive model lies"):
/// T(N) = C + max(W' / S(p, N), cap), C the cold start and cap the larger cap time; the naive
/// model is C = 0 and cap = 0, where it is Amdahl's runtime.
template <typename T>
constexpr T runtimeSeconds(T workSeconds, T parallelFraction, T perWorker, T coldStartSeconds,
                           T capSeconds)
{
    return coldStartSeconds +
           std::max(computeSeconds(workSeconds, parallelFraction, perWorker), capSeconds);
}

} // namespace pipeplan::job
