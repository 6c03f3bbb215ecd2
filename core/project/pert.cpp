// PERT over a plan: the longest path by PERT means through the dependency graph, and the sigma
// of the summed variances along it.

#include "core/project/pert.h"
#include "core/project/taskgraph.h"

#include <algorithm>
#include <cmath>

namespace pipeplan::estimate {

PertResult pert(const std::vector<Task> &tasks)
{
    const std::vector<std::vector<int>> preds = predecessors(tasks);
    const size_t n = tasks.size();
    std::vector<double> finish(n, 0.0);
    std::vector<double> pathVariance(n, 0.0);
    std::vector<int> via(n, -1);
    for (int task : detail::topologicalOrder(preds)) {
        const auto t = static_cast<size_t>(task);
        double start = 0;
        double variance = 0;
        int best = -1;
        for (int p : preds[t]) {
            const auto pi = static_cast<size_t>(p);
            if (best < 0 || finish[pi] > start ||
                (finish[pi] == start && pathVariance[pi] > variance)) {
                best = p;
                start = finish[pi];
                variance = pathVariance[pi];
            }
        }
        const TaskStats s = taskStats(tasks[t]);
        finish[t] = start + s.pertMeanHours;
        pathVariance[t] = variance + s.pertSigmaHours * s.pertSigmaHours;
        via[t] = best;
    }
    PertResult result;
    if (n == 0)
        return result;
    size_t end = 0;
    for (size_t i = 1; i < n; ++i) {
        if (finish[i] > finish[end] ||
            (finish[i] == finish[end] && pathVariance[i] >= pathVariance[end]))
            end = i;
    }
    result.meanHours = finish[end];
    result.sigmaHours = std::sqrt(pathVariance[end]);
    for (int task = static_cast<int>(end); task >= 0; task = via[static_cast<size_t>(task)])
        result.criticalPath.push_back(task);
    std::reverse(result.criticalPath.begin(), result.criticalPath.end());
    return result;
}

} // namespace pipeplan::estimate
