#include "core/base/fields.h"

#include "core/base/format.h"
#include "core/base/translate.h"

#include <cmath>

namespace pipeplan {

PIPEPLAN_TR_CONTEXT("pipeplan")

namespace fields {
// Upper limits keep every product (users x predictions x latency) far from overflow and every
// drawn schedule bounded; they are well above anything a real job needs.
const FieldSpec users{"users",
                      QT_TRANSLATE_NOOP("pipeplan::fields", "users"),
                      QT_TRANSLATE_NOOP("pipeplan::fields", "users"),
                      1,
                      1e12,
                      false,
                      true};
const FieldSpec predictionsPerUser{"predictions_per_user",
                                   QT_TRANSLATE_NOOP("pipeplan::fields", "predictions per user"),
                                   QT_TRANSLATE_NOOP("pipeplan::fields", "predictions"),
                                   1,
                                   1e9,
                                   false,
                                   true};
const FieldSpec latencyMs{
    "latency_ms", QT_TRANSLATE_NOOP("pipeplan::fields", "latency per prediction"), "ms", 0, 1e9,
    true};
const FieldSpec acceleratorLatencyMs{
    "accelerator_latency_ms",
    QT_TRANSLATE_NOOP("pipeplan::fields", "latency on the accelerator"),
    "ms",
    0,
    1e9,
    true};
const FieldSpec batchMsPerUser{"batch_ms_per_user",
                               QT_TRANSLATE_NOOP("pipeplan::fields", "batched time per user"),
                               "ms",
                               0,
                               1e12,
                               true};
const FieldSpec keepFraction{
    "keep_fraction", QT_TRANSLATE_NOOP("pipeplan::fields", "keep fraction"), "", 0, 1, true};
const FieldSpec workers{"workers",
                        QT_TRANSLATE_NOOP("pipeplan::fields", "workers"),
                        QT_TRANSLATE_NOOP("pipeplan::fields", "workers"),
                        1,
                        1e9,
                        false,
                        true};
const FieldSpec parallelFraction{
    "parallel_fraction", QT_TRANSLATE_NOOP("pipeplan::fields", "parallel fraction"), "", 0, 1};
const FieldSpec microbatches{"microbatches",
                             QT_TRANSLATE_NOOP("pipeplan::fields", "microbatches"),
                             QT_TRANSLATE_NOOP("pipeplan::fields", "microbatches"),
                             1,
                             1e6,
                             false,
                             true};
const FieldSpec stageMs{
    "stage_ms", QT_TRANSLATE_NOOP("pipeplan::fields", "stage time"), "ms", 0, 1e12, true};
const FieldSpec targetSpeedup{
    "target_speedup", QT_TRANSLATE_NOOP("pipeplan::fields", "target speedup"), "x", 0, 1e12, true};
const FieldSpec bytes{"bytes", QT_TRANSLATE_NOOP("pipeplan::fields", "bytes"), "B", 0, 1e21, true};
const FieldSpec bytesPerSecond{
    "bytes_per_second", QT_TRANSLATE_NOOP("pipeplan::fields", "bandwidth"), "B/s", 0, 1e21, true};

const FieldSpec coldStartSeconds{
    "cold_start_s", QT_TRANSLATE_NOOP("pipeplan::fields", "cold start per worker"), "s", 0, 1e7};
const FieldSpec requestOverheadMs{"request_overhead_ms",
                                  QT_TRANSLATE_NOOP("pipeplan::fields", "overhead per request"),
                                  "ms", 0, 1e9};
const FieldSpec sharedCapPerSecond{"shared_cap_per_s",
                                   QT_TRANSLATE_NOOP("pipeplan::fields", "shared resource cap"),
                                   QT_TRANSLATE_NOOP("pipeplan::fields", "users/s"),
                                   0,
                                   1e15,
                                   true};
const FieldSpec dispatchCapPerSecond{
    "dispatch_cap_per_s",
    QT_TRANSLATE_NOOP("pipeplan::fields", "coordinator dispatch cap"),
    QT_TRANSLATE_NOOP("pipeplan::fields", "shards/s"),
    0,
    1e12,
    true};
const FieldSpec usersPerShard{"users_per_shard",
                              QT_TRANSLATE_NOOP("pipeplan::fields", "users per shard"),
                              QT_TRANSLATE_NOOP("pipeplan::fields", "users"),
                              1,
                              1e12,
                              false,
                              true};
const FieldSpec acceleratorMemoryBytes{"accelerator_memory_bytes",
                                       QT_TRANSLATE_NOOP("pipeplan::fields", "accelerator memory"),
                                       "B",
                                       0,
                                       1e18,
                                       true};
const FieldSpec modelBytes{"model_bytes", QT_TRANSLATE_NOOP("pipeplan::fields", "model size"), "B",
                           0, 1e18};
const FieldSpec bytesPerItem{
    "bytes_per_item", QT_TRANSLATE_NOOP("pipeplan::fields", "memory per item"), "B", 0, 1e18, true};
const FieldSpec batchItems{"batch_items",
                           QT_TRANSLATE_NOOP("pipeplan::fields", "batch size"),
                           QT_TRANSLATE_NOOP("pipeplan::fields", "items"),
                           1,
                           1e12,
                           false,
                           true};

// Shards and workers are bounded so one trial stays within seconds and each thread's worker heap
// within 16 MB.
const FieldSpec shards{"shards",
                       QT_TRANSLATE_NOOP("pipeplan::fields", "shards"),
                       QT_TRANSLATE_NOOP("pipeplan::fields", "shards"),
                       1,
                       1e8,
                       false,
                       true};
const FieldSpec simulatedWorkers{"workers",
                                 QT_TRANSLATE_NOOP("pipeplan::fields", "workers"),
                                 QT_TRANSLATE_NOOP("pipeplan::fields", "workers"),
                                 1,
                                 1e6,
                                 false,
                                 true};
const FieldSpec shardSeconds{
    "shard_seconds", QT_TRANSLATE_NOOP("pipeplan::fields", "time per shard"), "s", 0, 1e12, true};
const FieldSpec stragglerProbability{"straggler_prob",
                                     QT_TRANSLATE_NOOP("pipeplan::fields", "straggler probability"),
                                     "",
                                     0,
                                     1,
                                     false,
                                     false,
                                     true};
const FieldSpec stragglerFactor{
    "straggler_factor", QT_TRANSLATE_NOOP("pipeplan::fields", "straggler slowdown"), "x", 1, 1e6};
// At f a shard needs 1 / (1 - f) attempts on average: 100 at 0.99 (the window's slider ends
// there), a trillion at 1 - 1e-12, which would never answer.
const FieldSpec failureProbability{
    "failure_prob",
    QT_TRANSLATE_NOOP("pipeplan::fields", "failure probability per attempt"),
    "",
    0,
    0.99,
    false,
    false,
    false,
    QT_TRANSLATE_NOOP("pipeplan::fields",
                      "above it each shard needs over 100 attempts on average")};
const FieldSpec checkpointSeconds{"checkpoint_s",
                                  QT_TRANSLATE_NOOP("pipeplan::fields", "checkpoint interval"),
                                  "s",
                                  0,
                                  1e12,
                                  true};
const FieldSpec checkpointCostSeconds{
    "checkpoint_cost_s", QT_TRANSLATE_NOOP("pipeplan::fields", "time per checkpoint"), "s", 0, 1e9};
const FieldSpec serialSeconds{"serial_s", QT_TRANSLATE_NOOP("pipeplan::fields", "serial time"), "s",
                              0, 1e15};
const FieldSpec trials{"trials",
                       QT_TRANSLATE_NOOP("pipeplan::fields", "trials"),
                       QT_TRANSLATE_NOOP("pipeplan::fields", "trials"),
                       1,
                       1e7,
                       false,
                       true};
const FieldSpec seed{
    "seed", QT_TRANSLATE_NOOP("pipeplan::fields", "seed"), "", 0, 9007199254740991.0, false, true};

const FieldSpec deadlineSeconds{
    "deadline_s", QT_TRANSLATE_NOOP("pipeplan::fields", "deadline"), "s", 0, 1e15, true};
const FieldSpec budget{"budget", QT_TRANSLATE_NOOP("pipeplan::fields", "budget"), "", 0, 1e15,
                       true};
const FieldSpec pricePerWorkerHour{"price_per_worker_hour",
                                   QT_TRANSLATE_NOOP("pipeplan::fields", "price per worker-hour"),
                                   "", 0, 1e9};
const FieldSpec pipelineDevices{"devices",
                                QT_TRANSLATE_NOOP("pipeplan::fields", "pipeline devices"),
                                QT_TRANSLATE_NOOP("pipeplan::fields", "devices"),
                                1,
                                1024,
                                false,
                                true};
const FieldSpec scheduleMicrobatches{"microbatches",
                                     QT_TRANSLATE_NOOP("pipeplan::fields", "microbatches"),
                                     QT_TRANSLATE_NOOP("pipeplan::fields", "microbatches"),
                                     1,
                                     100000,
                                     false,
                                     true};
const FieldSpec virtualStages{"virtual_stages",
                              QT_TRANSLATE_NOOP("pipeplan::fields", "virtual stages per device"),
                              QT_TRANSLATE_NOOP("pipeplan::fields", "chunks"),
                              1,
                              64,
                              false,
                              true};
const FieldSpec forwardMs{
    "forward_ms", QT_TRANSLATE_NOOP("pipeplan::fields", "forward time"), "ms", 0, 1e9, true};
const FieldSpec backwardMs{
    "backward_ms", QT_TRANSLATE_NOOP("pipeplan::fields", "backward time (input gradients)"),
    "ms",          0,
    1e9,           true};
const FieldSpec weightMs{"weight_ms", QT_TRANSLATE_NOOP("pipeplan::fields", "weight-gradient time"),
                         "ms", 0, 1e9};
const FieldSpec commMs{"comm_ms",
                       QT_TRANSLATE_NOOP("pipeplan::fields", "communication time between devices"),
                       "ms", 0, 1e9};
// The bounds uncertainty::validate applies to a plan's samples and percentile.
const FieldSpec samples{"samples",
                        QT_TRANSLATE_NOOP("pipeplan::fields", "samples"),
                        QT_TRANSLATE_NOOP("pipeplan::fields", "samples"),
                        1,
                        1e6,
                        false,
                        true};
const FieldSpec percentile{
    "percentile", QT_TRANSLATE_NOOP("pipeplan::fields", "percentile"), "", 0, 1, true, false, true};
// estimate::validate(WorkCalendar): above 0 and at most 24 hours.
const FieldSpec hoursPerDay{
    "hours_per_day", QT_TRANSLATE_NOOP("pipeplan::fields", "hours per day"), "h", 0, 24, true};
// estimate::validate(MonteCarloOptions): 0 to estimate::kMaxCategoryCorrelation (0.95), which
// this ground layer cannot include; a test holds the two equal.
const FieldSpec categoryCorrelation{
    "category_correlation",
    QT_TRANSLATE_NOOP("pipeplan::fields", "correlation within a category"),
    "",
    0,
    0.95,
    false,
    false,
    false,
    QT_TRANSLATE_NOOP("pipeplan::fields",
                      "a correlation near 1 makes a category's tasks one task")};
// estimate::validate(tasks): a task in progress is at least 0 and below 1 done (1 is done).
const FieldSpec shareDone{
    "share_done", QT_TRANSLATE_NOOP("pipeplan::fields", "share done"), "", 0, 1, false, false,
    true};
} // namespace fields

std::optional<QString> checkValue(const FieldSpec &spec, double value)
{
    if (std::isnan(value))
        return tr("is not a number (NaN)");
    if (std::isinf(value))
        return tr("must be finite, got infinity");
    if (spec.minExclusive ? !(value > spec.min) : !(value >= spec.min)) {
        return (spec.minExclusive ? tr("must be greater than ") : tr("must be at least ")) +
               format::plainNumber(spec.min) + tr(", got ") + format::plainNumber(value);
    }
    const QString why = spec.whyMax
                            ? QStringLiteral(" (") +
                                  QCoreApplication::translate("pipeplan::fields", spec.whyMax) +
                                  QLatin1Char(')')
                            : QString();
    if (spec.maxExclusive && !(value < spec.max)) {
        return tr("must be below ") + format::plainNumber(spec.max) + tr(", got ") +
               format::plainNumber(value) + why;
    }
    if (value > spec.max) {
        return tr("is too large: at most ") + format::plainNumber(spec.max) + tr(", got ") +
               format::plainNumber(value) + why;
    }
    // Positive values this small (1e-320 ms) lose every digit in a product or a quotient and
    // come out as 0, NaN or infinity; nobody means them.
    if (spec.minExclusive && spec.min == 0 && value < kSmallestPositive) {
        return tr("is too small: at least ") + format::plainNumber(kSmallestPositive) +
               tr(", got ") + format::plainNumber(value);
    }
    if (spec.wholeNumber && std::floor(value) != value)
        return tr("must be a whole number, got ") + format::plainNumber(value);
    return std::nullopt;
}

std::optional<FieldError> checkField(const FieldSpec &spec, double value, const QString &fieldName)
{
    if (auto reason = checkValue(spec, value))
        return FieldError{fieldName, *reason};
    return std::nullopt;
}

} // namespace pipeplan
