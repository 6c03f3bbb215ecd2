#pragma once

#include "core/base/units.h"

/// What a job costs: the one formula every result, search, table and chart of PipePlan uses.
namespace pipeplan::cost {

/// Every worker is billed until the job ends (seed 000's worker-hours): workers x the runtime in
/// hours x the price per worker-hour in force.
constexpr double ofJob(double workers, double runtimeSeconds, double pricePerWorkerHour)
{
    return workers * units::toHours(runtimeSeconds) * pricePerWorkerHour;
}

} // namespace pipeplan::cost
