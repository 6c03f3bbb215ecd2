#pragma once

#include "core/model/scenario.h"

#include <QString>

#include <optional>
#include <vector>

/// What each lever must reach (issue 35): with a deadline, for every lever the plan has, the
/// value that alone brings the job's runtime within it, everything else as it is, or why no
/// value of that lever can.
namespace pipeplan::whatittakes {

/// One lever's answer.
struct Row
{
    QString lever; ///< "Latency per prediction"
    QString key;   ///< the scenario-file key: "workload.latency_ms", "stages[2].ms_per_user"
    QString unit;  ///< "ms", "workers", "" for a fraction
    /// The field's precision in the window: `needed` is a whole multiple of 10^-decimals.
    int decimals = 0;
    double current = 0;
    /// The value that alone meets the deadline and is the nearest to failing: one step of the
    /// field's precision toward the current value (or past it) misses. Unset: cannot alone.
    std::optional<double> needed;
    /// Larger values help (the workers, p, a cap): `needed` is the least that meets; else the
    /// most that meets.
    bool atLeast = false;
    QString neededText; ///< "380 ms", "5,230 workers", "0.9922": as the field shows it
    double change = 0;  ///< needed / current - 1 (0 without a needed value)
    QString changeText; ///< "1,000 → 380 ms, −62 %"
    bool possible = false;
    QString reason;            ///< why it cannot alone, in the goal seek's words
    double runtimeSeconds = 0; ///< the job's runtime at `needed`
    bool operator==(const Row &) const = default;
};

struct Result
{
    bool active = false; ///< a deadline is set (Finish within)
    double deadlineSeconds = 0;
    double runtimeSeconds = 0; ///< the plan's effective runtime now
    bool meetsNow = false;
    std::vector<Row> rows;
    bool operator==(const Result &) const = default;
};

/// Every lever of `inForce` (the plan as the model evaluates it, scenarioInForce): the workers,
/// the parallel fraction, the latency per prediction (or the accelerator's, or the batched time
/// per user, whichever is in force; none when a device sets it), the keep fraction, each
/// non-scoring stage's time and each overhead that is set. The workers by Amdahl's inverse with
/// the overheads (goalseek's closed form), p by its own inverse, p >= (1 - F / W') / (1 - 1/N)
/// with F the deadline less the cold start, the others by bisection over the field's grid; each
/// answer checked on the grid with effectiveRuntimeSeconds, so applying it meets the deadline
/// and one step of the field's precision back does not.
Result whatItTakes(const Scenario &inForce, bool deviceSetsLatency);

/// The parallel fraction that brings W' x ((1 - p) + p / N) to `freeSeconds`: Amdahl's law
/// solved for p, (1 - F / W') / (1 - 1/N); nothing when N = 1 or it is above 1.
std::optional<double> parallelFractionNeeded(double workSeconds, double workers,
                                             double freeSeconds);

/// Sets lever `key` of the typed scenario to `value` (the window's Apply, `--set`): false when
/// the scenario has no such lever.
bool apply(Scenario &typed, const QString &key, double value);

} // namespace pipeplan::whatittakes
