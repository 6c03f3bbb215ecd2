#include "core/model/amdahl.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pipeplan::amdahl {

double speedup(double parallelFraction, double workers)
{
    return 1.0 / ((1.0 - parallelFraction) + parallelFraction / workers);
}

double efficiency(double parallelFraction, double workers)
{
    return speedup(parallelFraction, workers) / workers;
}

double maxSpeedup(double parallelFraction)
{
    const double serial = 1.0 - parallelFraction;
    return serial <= 0.0 ? std::numeric_limits<double>::infinity() : 1.0 / serial;
}

std::optional<double> workersNeeded(double parallelFraction, double targetSpeedup)
{
    if (targetSpeedup <= 1.0)
        return 1.0;
    // 1 - 0.9 is 0.09999999999999998 in binary: a target equal to the ceiling as a person
    // writes it ("10x for p = 0.9") must still count as at the ceiling.
    if (targetSpeedup >= maxSpeedup(parallelFraction) * (1.0 - 1e-12))
        return std::nullopt;
    const double exact = parallelFraction / (1.0 / targetSpeedup - (1.0 - parallelFraction));
    // Round up, forgiving the last bits of floating-point noise so that an exact answer such as
    // p = 0.9, S = 5 -> N = 9 does not become 10.
    double workers = std::ceil(exact * (1.0 - 1e-12));
    if (speedup(parallelFraction, workers) < targetSpeedup * (1.0 - 1e-12))
        workers += 1.0;
    return std::max(1.0, workers);
}

std::vector<CurvePoint> curve(double parallelFraction, double minWorkers, double maxWorkers,
                              int points)
{
    std::vector<CurvePoint> result;
    if (points < 2 || !(minWorkers > 0) || !(maxWorkers > minWorkers))
        return result;
    result.reserve(static_cast<size_t>(points));
    const double logMin = std::log(minWorkers);
    const double step = (std::log(maxWorkers) - logMin) / (points - 1);
    for (int i = 0; i < points; ++i) {
        const double workers = i == points - 1 ? maxWorkers : std::exp(logMin + step * i);
        result.push_back({workers, speedup(parallelFraction, workers)});
    }
    return result;
}

} // namespace pipeplan::amdahl
