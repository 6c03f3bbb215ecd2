#pragma once

#include <span>
#include <vector>

/// Summaries of sampled outcomes (simulation trials, Monte Carlo draws).
namespace pipeplan::stats {

/// The q-quantile of ascending `sorted` by linear interpolation between order statistics
/// (Hyndman and Fan 1996, type 7, the default of R and NumPy): h = (n - 1) q, then
/// x[floor h] + (h - floor h) (x[floor h + 1] - x[floor h]). NaN for an empty sample.
double quantileSorted(std::span<const double> sorted, double q);

double mean(std::span<const double> values);

/// Equal-width bins from the smallest to the largest value (the last bin closed).
struct Histogram
{
    double minValue = 0;
    double binWidth = 0; ///< 0 when every value is the same: one bin holds them all
    std::vector<long long> counts;
    bool operator==(const Histogram &) const = default;
    double binStart(int bin) const { return minValue + binWidth * bin; }
};

Histogram histogram(std::span<const double> sorted, int bins);

} // namespace pipeplan::stats
