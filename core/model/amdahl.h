#pragma once

#include <optional>
#include <vector>

/// Amdahl's law (Amdahl 1967; seed 000 "Where the naive model lies"): a fraction p of the work
/// parallelises over N workers, the rest (1 - p) stays serial.
namespace pipeplan::amdahl {

/// S(p, N) = 1 / ((1 - p) + p / N). With p = 1 this is the naive linear model, S = N.
double speedup(double parallelFraction, double workers);

/// E(p, N) = S(p, N) / N: the share of each worker's time that does useful work.
double efficiency(double parallelFraction, double workers);

/// The ceiling S(p, N -> infinity) = 1 / (1 - p); infinity when p = 1.
double maxSpeedup(double parallelFraction);

/// The inverse: the fewest whole workers N with S(p, N) >= target, from
/// N = p / (1 / target - (1 - p)). Empty ("impossible") when the target is at or above the
/// ceiling 1 / (1 - p). A target of 1 or less needs one worker.
std::optional<double> workersNeeded(double parallelFraction, double targetSpeedup);

/// A point of the speedup curve.
struct CurvePoint
{
    double workers = 0;
    double speedup = 0;
    bool operator==(const CurvePoint &) const = default;
};

/// S(p, N) sampled at `points` log-spaced worker counts from minWorkers to maxWorkers, both
/// included (for the Amdahl chart).
std::vector<CurvePoint> curve(double parallelFraction, double minWorkers, double maxWorkers,
                              int points);

} // namespace pipeplan::amdahl
