#pragma once

#include <QString>

#include <optional>

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
extern const FieldSpec baselineLatencyMs;
extern const FieldSpec batchMsPerUser;
extern const FieldSpec keepFraction;
extern const FieldSpec workers;
extern const FieldSpec parallelFraction;
extern const FieldSpec microbatches;
extern const FieldSpec stageMs;
extern const FieldSpec targetSpeedup;
extern const FieldSpec bytes;
extern const FieldSpec bytesPerSecond;
} // namespace fields

/// Checks `value` against `spec`: finite, inside [min, max] (or (min, max]), whole if required.
/// Returns the reason it is not acceptable, or nothing when it is.
std::optional<QString> checkValue(const FieldSpec &spec, double value);

/// Same as checkValue, reporting under `fieldName` (a flag, a JSON path) instead of spec.key.
std::optional<FieldError> checkField(const FieldSpec &spec, double value, const QString &fieldName);

} // namespace pipeplan
