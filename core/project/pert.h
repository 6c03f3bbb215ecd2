#pragma once

// PERT over a whole plan: the critical path by PERT means and the sigma along it.

#include "core/project/task.h"

#include <vector>

namespace pipeplan::estimate {

/// PERT over the plan: the critical path is the longest path by PERT means through the
/// dependency graph (for a sequential plan, every task, and the mean is the sum); the plan's
/// sigma is the square root of the summed variances along that path (the PERT assumption of
/// independent tasks whose sum is about normal). Equal-length paths: the one with the larger
/// variance.
struct PertResult
{
    double meanHours = 0;
    double sigmaHours = 0;
    std::vector<int> criticalPath; ///< task indices from first to last
    bool operator==(const PertResult &) const = default;
};

/// The tasks must be valid (validate()).
PertResult pert(const std::vector<Task> &tasks);

} // namespace pipeplan::estimate
