#include "core/base/fields.h"

#include "core/base/format.h"

#include <cmath>

namespace pipeplan {

namespace fields {
// Upper limits keep every product (users x predictions x latency) far from overflow and every
// drawn schedule bounded; they are well above anything a real job needs.
const FieldSpec users{"users", "users", "users", 1, 1e12, false, true};
const FieldSpec predictionsPerUser{
    "predictions_per_user", "predictions per user", "predictions", 1, 1e9, false, true};
const FieldSpec latencyMs{"latency_ms", "latency per prediction", "ms", 0, 1e9, true};
const FieldSpec acceleratorLatencyMs{
    "accelerator_latency_ms", "latency on the accelerator", "ms", 0, 1e9, true};
const FieldSpec batchMsPerUser{"batch_ms_per_user", "batched time per user", "ms", 0, 1e12, true};
const FieldSpec keepFraction{"keep_fraction", "keep fraction", "", 0, 1, true};
const FieldSpec workers{"workers", "workers", "workers", 1, 1e9, false, true};
const FieldSpec parallelFraction{"parallel_fraction", "parallel fraction", "", 0, 1};
const FieldSpec microbatches{"microbatches", "microbatches", "microbatches", 1, 1e6, false, true};
const FieldSpec stageMs{"stage_ms", "stage time", "ms", 0, 1e12, true};
const FieldSpec targetSpeedup{"target_speedup", "target speedup", "x", 0, 1e12, true};
const FieldSpec bytes{"bytes", "bytes", "B", 0, 1e21, true};
const FieldSpec bytesPerSecond{"bytes_per_second", "bandwidth", "B/s", 0, 1e21, true};

const FieldSpec coldStartSeconds{"cold_start_s", "cold start per worker", "s", 0, 1e7};
const FieldSpec requestOverheadMs{"request_overhead_ms", "overhead per request", "ms", 0, 1e9};
const FieldSpec sharedCapPerSecond{
    "shared_cap_per_s", "shared resource cap", "users/s", 0, 1e15, true};
const FieldSpec dispatchCapPerSecond{
    "dispatch_cap_per_s", "coordinator dispatch cap", "shards/s", 0, 1e12, true};
const FieldSpec usersPerShard{"users_per_shard", "users per shard", "users", 1, 1e12, false, true};
const FieldSpec acceleratorMemoryBytes{
    "accelerator_memory_bytes", "accelerator memory", "B", 0, 1e18, true};
const FieldSpec modelBytes{"model_bytes", "model size", "B", 0, 1e18};
const FieldSpec bytesPerItem{"bytes_per_item", "memory per item", "B", 0, 1e18, true};
const FieldSpec batchItems{"batch_items", "batch size", "items", 1, 1e12, false, true};

// Shards and workers are bounded so one trial stays within seconds and each thread's worker heap
// within 16 MB.
const FieldSpec shards{"shards", "shards", "shards", 1, 1e8, false, true};
const FieldSpec simulatedWorkers{"workers", "workers", "workers", 1, 1e6, false, true};
const FieldSpec shardSeconds{"shard_seconds", "time per shard", "s", 0, 1e12, true};
const FieldSpec stragglerProbability{
    "straggler_prob", "straggler probability", "", 0, 1, false, false, true};
const FieldSpec stragglerFactor{"straggler_factor", "straggler slowdown", "x", 1, 1e6};
// At f a shard needs 1 / (1 - f) attempts on average: 100 at 0.99 (the window's slider ends
// there), a trillion at 1 - 1e-12, which would never answer.
const FieldSpec failureProbability{"failure_prob",
                                   "failure probability per attempt",
                                   "",
                                   0,
                                   0.99,
                                   false,
                                   false,
                                   false,
                                   "above it each shard needs over 100 attempts on average"};
const FieldSpec checkpointSeconds{"checkpoint_s", "checkpoint interval", "s", 0, 1e12, true};
const FieldSpec checkpointCostSeconds{"checkpoint_cost_s", "time per checkpoint", "s", 0, 1e9};
const FieldSpec serialSeconds{"serial_s", "serial time", "s", 0, 1e15};
const FieldSpec trials{"trials", "trials", "trials", 1, 1e7, false, true};
const FieldSpec seed{"seed", "seed", "", 0, 9007199254740991.0, false, true};

const FieldSpec deadlineSeconds{"deadline_s", "deadline", "s", 0, 1e15, true};
const FieldSpec budget{"budget", "budget", "", 0, 1e15, true};
const FieldSpec pricePerWorkerHour{"price_per_worker_hour", "price per worker-hour", "", 0, 1e9};
const FieldSpec pipelineDevices{"devices", "pipeline devices", "devices", 1, 1024, false, true};
const FieldSpec scheduleMicrobatches{
    "microbatches", "microbatches", "microbatches", 1, 100000, false, true};
const FieldSpec virtualStages{
    "virtual_stages", "virtual stages per device", "chunks", 1, 64, false, true};
const FieldSpec forwardMs{"forward_ms", "forward time", "ms", 0, 1e9, true};
const FieldSpec backwardMs{"backward_ms", "backward time (input gradients)", "ms", 0, 1e9, true};
const FieldSpec weightMs{"weight_ms", "weight-gradient time", "ms", 0, 1e9};
const FieldSpec commMs{"comm_ms", "communication time between devices", "ms", 0, 1e9};
// The bounds uncertainty::validate applies to a plan's samples and percentile.
const FieldSpec samples{"samples", "samples", "samples", 1, 1e6, false, true};
const FieldSpec percentile{"percentile", "percentile", "", 0, 1, true, false, true};
// estimate::validate(WorkCalendar): above 0 and at most 24 hours.
const FieldSpec hoursPerDay{"hours_per_day", "hours per day", "h", 0, 24, true};
// estimate::validate(MonteCarloOptions): 0 to estimate::kMaxCategoryCorrelation (0.95), which
// this ground layer cannot include; a test holds the two equal.
const FieldSpec categoryCorrelation{"category_correlation",
                                    "correlation within a category",
                                    "",
                                    0,
                                    0.95,
                                    false,
                                    false,
                                    false,
                                    "a correlation near 1 makes a category's tasks one task"};
// estimate::validate(tasks): a task in progress is at least 0 and below 1 done (1 is done).
const FieldSpec shareDone{"share_done", "share done", "", 0, 1, false, false, true};
} // namespace fields

std::optional<QString> checkValue(const FieldSpec &spec, double value)
{
    if (std::isnan(value))
        return QStringLiteral("is not a number (NaN)");
    if (std::isinf(value))
        return QStringLiteral("must be finite, got infinity");
    if (spec.minExclusive ? !(value > spec.min) : !(value >= spec.min)) {
        return (spec.minExclusive ? QStringLiteral("must be greater than ")
                                  : QStringLiteral("must be at least ")) +
               format::plainNumber(spec.min) + QStringLiteral(", got ") +
               format::plainNumber(value);
    }
    const QString why = spec.whyMax
                            ? QStringLiteral(" (") + QLatin1String(spec.whyMax) + QLatin1Char(')')
                            : QString();
    if (spec.maxExclusive && !(value < spec.max)) {
        return QStringLiteral("must be below ") + format::plainNumber(spec.max) +
               QStringLiteral(", got ") + format::plainNumber(value) + why;
    }
    if (value > spec.max) {
        return QStringLiteral("is too large: at most ") + format::plainNumber(spec.max) +
               QStringLiteral(", got ") + format::plainNumber(value) + why;
    }
    // Positive values this small (1e-320 ms) lose every digit in a product or a quotient and
    // come out as 0, NaN or infinity; nobody means them.
    if (spec.minExclusive && spec.min == 0 && value < kSmallestPositive) {
        return QStringLiteral("is too small: at least ") + format::plainNumber(kSmallestPositive) +
               QStringLiteral(", got ") + format::plainNumber(value);
    }
    if (spec.wholeNumber && std::floor(value) != value)
        return QStringLiteral("must be a whole number, got ") + format::plainNumber(value);
    return std::nullopt;
}

std::optional<FieldError> checkField(const FieldSpec &spec, double value, const QString &fieldName)
{
    if (auto reason = checkValue(spec, value))
        return FieldError{fieldName, *reason};
    return std::nullopt;
}

} // namespace pipeplan
