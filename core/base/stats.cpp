#include "core/base/stats.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace pipeplan::stats {

double quantileSorted(std::span<const double> sorted, double q)
{
    if (sorted.empty())
        return std::numeric_limits<double>::quiet_NaN();
    const double h = static_cast<double>(sorted.size() - 1) * std::clamp(q, 0.0, 1.0);
    const auto lower = static_cast<size_t>(std::floor(h));
    const size_t upper = std::min(lower + 1, sorted.size() - 1);
    return sorted[lower] + (h - static_cast<double>(lower)) * (sorted[upper] - sorted[lower]);
}

double mean(std::span<const double> values)
{
    if (values.empty())
        return std::numeric_limits<double>::quiet_NaN();
    return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

Histogram histogram(std::span<const double> sorted, int bins)
{
    Histogram result;
    if (sorted.empty() || bins < 1)
        return result;
    result.minValue = sorted.front();
    const double range = sorted.back() - sorted.front();
    if (!(range > 0)) {
        result.counts.assign(1, static_cast<long long>(sorted.size()));
        return result;
    }
    result.binWidth = range / bins;
    result.counts.assign(static_cast<size_t>(bins), 0);
    for (double value : sorted) {
        const auto bin = static_cast<int>((value - result.minValue) / result.binWidth);
        ++result.counts[static_cast<size_t>(std::clamp(bin, 0, bins - 1))];
    }
    return result;
}

} // namespace pipeplan::stats
