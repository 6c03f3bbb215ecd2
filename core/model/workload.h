#pragma once

#include "core/base/fields.h"
#include "core/base/noun.h"
#include "core/model/job.h"

#include <optional>
#include <vector>

namespace pipeplan {

/// The batch scoring job of seed 000: every user gets some predictions, each taking some time.
struct Workload
{
    double users = 150'000'000;
    double predictionsPerUser = 20;
    /// Per prediction, as the job runs today (seed 000: 1 s on a CPU core).
    double latencyMs = 1000;
    /// The accelerator lever (seed 000 "The three levers"): the latency per prediction on an
    /// inference accelerator (10 ms on a GPU), replacing latencyMs; unset: the lever is off.
    std::optional<double> acceleratorLatencyMs;
    /// The batching lever: time to score one user with its predictions batched into one call;
    /// replaces predictions x latency when set; unset: the lever is off.
    std::optional<double> batchMsPerUser;
    double keepFraction = 1.0; ///< pre-filtering: the share of users that still needs scoring
    double workers = 1;
    double parallelFraction = 1.0; ///< Amdahl's p; 1 is the naive near-linear model
    /// What the job counts, named by the plan ("documents"); "users" as seed 000 counts them.
    CountedNoun counted;

    bool operator==(const Workload &) const = default;
};

/// Every field checked against its FieldSpec; empty when the workload is valid.
std::vector<FieldError> validate(const Workload &workload);

namespace runtime {

/// users x keep fraction (seed 000: pruning 150M to 75M with keep fraction 0.5).
double usersScored(const Workload &workload);

/// users scored x predictions per user (seed 000: 150M x 20 = 3,000,000,000).
double totalPredictions(const Workload &workload);

/// The latency per prediction the job runs at: the accelerator's when that lever is on, else
/// today's (seed 000: 1,000 ms on a CPU, 10 ms on a GPU).
double effectiveLatencyMs(const Workload &workload);

} // namespace runtime

namespace levers {

/// Where the accelerator lever starts when first ticked: seed 000's 10 ms per prediction on an
/// inference GPU, or half of today's latency when that is already under 10 ms (never below
/// 0.01 ms), so ticking the lever never makes the job slower.
double acceleratorStartMs(const Workload &workload);

/// Where the batching lever starts when first ticked: seed 000's 50 ms per batched user, or half
/// of the unbatched time per user when that is already under 50 ms (never below 0.01 ms), so
/// ticking the lever never makes the job slower.
double batchStartMs(const Workload &workload);

} // namespace levers

namespace runtime {

/// The workload's numbers for the job's model (job.h): the latency in force, batching; no
/// overheads, stages or execution (the scenario adds them).
job::Numbers jobNumbers(const Workload &workload);

/// Milliseconds to score one user: the batched time when set, else predictions x latency
/// (seed 000: 20 x 1,000 ms = 20 s; 20 x 10 ms = 200 ms on a GPU).
double scoringMsPerUser(const Workload &workload);

/// Single-stream work: users scored x ms per user / 1000 (seed 000: 3,000,000,000 s).
double workSeconds(double usersScored, double msPerUser);

/// Runtime at N workers: work / S(p, N), Amdahl's speedup; p = 1 is the seed's near-linear
/// "Hours = 833,333.33 / workers" model.
double runtimeSeconds(double workSeconds, double workers, double parallelFraction);

} // namespace runtime

/// One row of the worker scaling table (seed 000 "Parallel execution runtime").
struct ScalingRow
{
    double workers = 0;
    double linearHours = 0; ///< work / N
    double linearDays = 0;
    double amdahlSpeedup = 0; ///< S(p, N)
    double amdahlHours = 0;   ///< work / S(p, N)
    double amdahlDays = 0;
    /// The runtime with the scenario's overheads at this worker count (cold start, request
    /// overhead, shared caps); equal to the Amdahl runtime when no overhead is set.
    double effectiveSeconds = 0;
    double effectiveHours = 0;
    double effectiveDays = 0;
    /// workers x effectiveHours, and their price (a cost column).
    double workerHours = 0;
    double cost = 0;
    bool operator==(const ScalingRow &) const = default;
};

/// The seed's worker counts: 100, 500, 1,000, 5,000, 10,000, 35,000, 50,000.
std::vector<double> defaultWorkerCounts();

/// Hours and days at each worker count, linear (work / N) and Amdahl-limited (work / S(p, N)).
std::vector<ScalingRow> scalingTable(double workSeconds, double parallelFraction,
                                     const std::vector<double> &workerCounts);

/// Index of the row whose worker count is nearest `workers` on a log scale (ties: the smaller);
/// -1 for an empty list.
int nearestRow(const std::vector<double> &workerCounts, double workers);

} // namespace pipeplan
