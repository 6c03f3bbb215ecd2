#include "core/watch/burnup.h"

namespace pipeplan::watch {

BurnUp burnUp(const Result &result, const std::optional<PlanModel> &plan)
{
    BurnUp chart;
    chart.done = result.done;
    const Forecast &f = result.forecast;
    chart.totalItems = f.totalItems;
    chart.nowSeconds = f.nowSeconds;
    if (result.problem != SeriesProblem::None || result.done.empty())
        return chart;
    if (plan && f.totalItems && plan->runtimeSeconds > 0)
        chart.plan = {{f.startSeconds, 0}, {f.startSeconds + plan->runtimeSeconds, *f.totalItems}};
    if (!f.totalItems)
        return chart;
    const Sample last{f.lastSampleSeconds, f.doneItems};
    const auto edge = [&](std::optional<double> etaSeconds) {
        return etaSeconds ? std::vector<Sample>{last, {f.nowSeconds + *etaSeconds, *f.totalItems}}
                          : std::vector<Sample>{};
    };
    chart.fast = edge(f.etaP10Seconds);
    chart.middle = edge(f.etaSeconds);
    chart.slow = edge(f.etaP90Seconds);
    return chart;
}

} // namespace pipeplan::watch
