#pragma once

// What the Watch view's burn-up draws, computed here so the chart only draws it: the work done
// against the clock, the plan's line, and the forecast cone from the last reading to the total.

#include "core/watch/forecast.h"
#include "core/watch/planbeside.h"

#include <optional>
#include <vector>

namespace pipeplan::watch {

struct BurnUp
{
    std::vector<Sample> done; ///< accumulated work (restarts kept) against Unix seconds
    /// The plan: linear from the run's start to the total at start + the plan's runtime (the
    /// plan's model has one rate once its workers are warm; its cold start is in the runtime).
    std::vector<Sample> plan;
    /// The cone: from the last reading to the total at the P10 finish (fast edge), the ETA
    /// (middle) and the P90 finish (slow edge; absent when the slow rate is not above zero).
    std::vector<Sample> fast;
    std::vector<Sample> middle;
    std::vector<Sample> slow;
    std::optional<double> totalItems;
    double nowSeconds = 0;
    bool operator==(const BurnUp &) const = default;
};

/// The burn-up of a forecast: each cone edge runs from (t_last, done) to (now + ETA_q, total).
BurnUp burnUp(const Result &result, const std::optional<PlanModel> &plan);

} // namespace pipeplan::watch
