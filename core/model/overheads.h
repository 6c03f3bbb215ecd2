#pragma once

#include "core/base/fields.h"
#include "core/model/job.h"

#include <QString>

#include <optional>
#include <vector>

/// The real costs the naive model ignores (seed 000, "Near-linear scaling in the table ignores
/// three real costs ..."): cold start per worker, per-request overhead, and shared limits that
/// cap throughput however many workers are added. Each is off (unset) by default.
namespace pipeplan {

struct Overheads
{
    std::optional<double> coldStartSeconds;  ///< model load and warm-up, once per worker
    std::optional<double> requestOverheadMs; ///< network and serialization, per request
    /// Aggregate cap of a shared resource (a feature store, an object store), in users per
    /// second across all workers.
    std::optional<double> sharedCapPerSecond;
    QString sharedResourceName = QStringLiteral("feature store");
    /// A single coordinator hands out at most this many shards per second.
    std::optional<double> dispatchCapPerSecond;
    /// Users per shard: how the job is cut for the coordinator and the simulation.
    double usersPerShard = 10'000;

    bool any() const
    {
        return coldStartSeconds || requestOverheadMs || sharedCapPerSecond || dispatchCapPerSecond;
    }
    bool operator==(const Overheads &) const = default;
};

/// Seed 000 "Memory blowup from over-batching": cap batch size by device memory, not optimism.
struct MemoryLimit
{
    std::optional<double> acceleratorMemoryBytes; ///< unset: not checked
    double modelBytes = 1.0 * (1ULL << 30);
    double bytesPerItem = 50.0 * (1ULL << 20);
    std::optional<double> batchItems; ///< unset: one user's predictions form the batch
    bool operator==(const MemoryLimit &) const = default;
};

struct MemoryCheck
{
    bool checked = false;
    double batchItems = 0;
    double largestBatch = 0; ///< floor((memory - model) / bytes per item), 0 when none fits
    bool fits = true;
    QString message; ///< "Largest batch that fits: 307 items ..." or the warning
    bool operator==(const MemoryCheck &) const = default;
};

/// largest batch = floor((accelerator memory - model size) / bytes per item).
MemoryCheck checkMemory(const MemoryLimit &memory, double predictionsPerUser);

/// What binds the runtime at a worker count.
enum class Limit
{
    Compute,        ///< the workers' own work: more workers help
    SharedResource, ///< the shared resource's aggregate cap
    Coordinator     ///< the coordinator's dispatch cap
};

/// The closed form with overheads, as a function of the worker count:
/// T(N) = C + max(W' / S(p, N), users / shared cap, shards / dispatch cap), where W' is the work
/// with the per-request overhead added to every request. The naive model is C = 0, no caps and
/// no request overhead.
struct OverheadModel
{
    double workSeconds = 0; ///< W', single stream
    double parallelFraction = 1;
    double coldStartSeconds = 0;
    double sharedCapSeconds = 0;   ///< users / cap; 0 when no cap
    double dispatchCapSeconds = 0; ///< shards / cap; 0 when no cap
    QString sharedResourceName;

    double computeSeconds(double workers) const;
    double runtimeSeconds(double workers) const;
    Limit bindingLimit(double workers) const;
    /// The larger cap time and which cap it is (Compute when there is no cap).
    std::pair<double, Limit> capSeconds() const;
    bool operator==(const OverheadModel &) const = default;
};

struct OverheadResult
{
    bool enabled = false; ///< any overhead set
    double msPerUser = 0; ///< per-user cost with the request overhead
    double requestsPerUser = 0;
    double shards = 0;
    OverheadModel model;
    double runtimeSeconds = 0; ///< at the scenario's workers
    Limit binding = Limit::Compute;
    /// The fewest workers at which the binding cap takes over; unset without a cap or when the
    /// serial residue alone is slower than the cap.
    std::optional<double> kneeWorkers;
    /// The cap that takes over past the knee (Compute: no cap) and its rate, in the plan's
    /// items per second for a shared resource, in shards per second for the coordinator.
    /// explain::kneeText says it in words.
    Limit capLimit = Limit::Compute;
    double capPerSecond = 0;
    double usersPerWorker = 0;
    double workerBusySeconds = 0; ///< each worker's share of the compute
    double coldStartShare = 0;    ///< C / (C + busy); explain::workerShareText says it
    bool operator==(const OverheadResult &) const = default;
};

/// The per-user cost of the scoring requests: one request per user when batched, else one per
/// prediction (seed 000: batching removes per-item launch overhead); defined with the job's
/// model in job.h.
using job::requestsPerUser;

/// The workers at which compute time falls to `capSeconds`:
/// W' ((1 - p) + p / N) = cap  =>  N = p W' / (cap - (1 - p) W'). Unset when the serial part
/// alone takes at least `capSeconds` (the cap never binds before Amdahl's ceiling does).
std::optional<double> kneeWorkers(const OverheadModel &model, double capSeconds);

/// A point of the runtime-against-workers chart: naive and with overheads.
struct RuntimePoint
{
    double workers = 0;
    double naiveSeconds = 0;
    double overheadSeconds = 0;
    bool operator==(const RuntimePoint &) const = default;
};
std::vector<RuntimePoint> runtimeCurve(const OverheadModel &naive,
                                       const OverheadModel &withOverheads, double minWorkers,
                                       double maxWorkers, int points);

/// The limit's key, as --json writes it ("compute", "coordinator"), or the shared resource's own
/// name when the plan gives one.
QString limitName(Limit limit, const QString &sharedResourceName);
/// The limit as a person reads it: limitName translated, a shared resource's own name as typed.
QString limitText(Limit limit, const QString &sharedResourceName);

} // namespace pipeplan
