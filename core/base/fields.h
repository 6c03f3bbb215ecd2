#pragma once

#include <QString>

#include <optional>
#include <type_traits>
#include <utility>

namespace pipeplan {

/// An input a person can get wrong, named once so every front end (window, CLI, scenario file)
/// checks it with the same rule and reports it with the same name.
struct FieldSpec
{
    const char *key;   ///< snake_case name, also the scenario-file key
    const char *label; ///< what a person calls it ("latency per prediction")
    const char *unit;  ///< "ms", "users", "" ...
    double min;
    double max;
    bool minExclusive = false; ///< value must be strictly above min
    bool wholeNumber = false;
    bool maxExclusive = false;    ///< value must be strictly below max (probabilities in [0, 1))
    const char *whyMax = nullptr; ///< why max is the limit, added to the message when over it
};

/// A bad value: which field and what is wrong with it, in words a person can act on.
struct FieldError
{
    QString field;
    QString message;
    bool operator==(const FieldError &) const = default;
    QString toString() const { return field + QStringLiteral(": ") + message; }
};

namespace fields {
extern const FieldSpec users;
extern const FieldSpec predictionsPerUser;
extern const FieldSpec latencyMs;
extern const FieldSpec acceleratorLatencyMs;
extern const FieldSpec batchMsPerUser;
extern const FieldSpec keepFraction;
extern const FieldSpec workers;
extern const FieldSpec parallelFraction;
extern const FieldSpec microbatches;
extern const FieldSpec stageMs;
extern const FieldSpec targetSpeedup;
extern const FieldSpec bytes;
extern const FieldSpec bytesPerSecond;
// Overheads, shared limits and the memory cap (seed 000 "Where the naive model lies").
extern const FieldSpec coldStartSeconds;
extern const FieldSpec requestOverheadMs;
extern const FieldSpec sharedCapPerSecond;
extern const FieldSpec dispatchCapPerSecond;
extern const FieldSpec usersPerShard;
extern const FieldSpec acceleratorMemoryBytes;
extern const FieldSpec modelBytes;
extern const FieldSpec bytesPerItem;
extern const FieldSpec batchItems;
// The distributed-job simulation.
extern const FieldSpec shards;
extern const FieldSpec simulatedWorkers;
extern const FieldSpec shardSeconds;
extern const FieldSpec stragglerProbability;
extern const FieldSpec stragglerFactor;
extern const FieldSpec failureProbability;
extern const FieldSpec checkpointSeconds;
extern const FieldSpec checkpointCostSeconds;
extern const FieldSpec serialSeconds;
extern const FieldSpec trials;
extern const FieldSpec seed;
// Goal seek.
extern const FieldSpec deadlineSeconds;
extern const FieldSpec budget; ///< the job's budget in the plan's currency
extern const FieldSpec pricePerWorkerHour;
// Training pipeline schedules.
extern const FieldSpec pipelineDevices;
extern const FieldSpec scheduleMicrobatches;
extern const FieldSpec virtualStages;
extern const FieldSpec forwardMs;
extern const FieldSpec backwardMs;
extern const FieldSpec weightMs;
extern const FieldSpec commMs;
// Ranges: how many samples, and the percentile the sensitivity answers at.
extern const FieldSpec samples;
extern const FieldSpec percentile;
// The project's numbers that core/project checks without a FieldSpec of its own: the bounds
// estimate::validate applies to them (the calendar's day, the Monte Carlo's correlation).
extern const FieldSpec hoursPerDay;
extern const FieldSpec categoryCorrelation;
/// A task in progress's share done: 0 up to, not including, 1 (100 % is done).
extern const FieldSpec shareDone;
} // namespace fields

/// The smallest value a field that must be above 0 accepts.
inline constexpr double kSmallestPositive = 1e-9;

/// Checks `value` against `spec`: finite, inside [min, max] (or (min, max]), whole if required;
/// a field that must be above 0 takes at least kSmallestPositive.
/// Returns the reason it is not acceptable, or nothing when it is.
std::optional<QString> checkValue(const FieldSpec &spec, double value);

/// Same as checkValue, reporting under `fieldName` (a flag, a JSON path) instead of spec.key.
std::optional<FieldError> checkField(const FieldSpec &spec, double value, const QString &fieldName);

/// Same as checkField, naming the field only for an error: `fieldName()` is called only when
/// the value is refused, so checking 10,000 valid tasks formats no names.
template <typename NameFn>
requires std::is_invocable_r_v<QString, NameFn> std::optional<FieldError>
checkField(const FieldSpec &spec, double value, NameFn &&fieldName)
{
    if (auto reason = checkValue(spec, value))
        return FieldError{std::forward<NameFn>(fieldName)(), *reason};
    return std::nullopt;
}

} // namespace pipeplan
