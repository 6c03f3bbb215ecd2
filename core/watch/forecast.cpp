#include "core/watch/forecast.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pipeplan::watch {

Accumulated accumulate(const std::vector<Sample> &samples)
{
    Accumulated out;
    out.done.reserve(samples.size());
    for (size_t i = 0; i < samples.size(); ++i) {
        const Sample &s = samples[i];
        if (i == 0) {
            out.done.push_back(s);
            continue;
        }
        const double previous = samples[i - 1].value;
        double increase = 0;
        if (s.value >= previous) {
            increase = s.value - previous;
            if (increase > 0)
                ++out.rises;
        } else {
            // Prometheus's rule for a counter: any fall is a reset to zero, and what it reads
            // now was counted since then.
            increase = s.value;
            ++out.falls;
            ++out.restarts;
            out.restartTimesSeconds.push_back(s.timeSeconds);
        }
        out.done.push_back({s.timeSeconds, out.done.back().value + increase});
    }
    return out;
}

SeriesProblem seriesProblem(const Accumulated &accumulated)
{
    if (accumulated.done.empty())
        return SeriesProblem::NoSamples;
    const int moves = accumulated.rises + accumulated.falls;
    if (accumulated.falls >= kNotCounterMinFalls &&
        static_cast<double>(accumulated.falls) >= kNotCounterFallShare * moves)
        return SeriesProblem::NotACounter;
    if (accumulated.rises == 0 && accumulated.falls == 0)
        return SeriesProblem::NotIncreasing;
    return SeriesProblem::None;
}

double recentWindow(double usualGapSeconds, double runSeconds)
{
    return std::max(kStallGaps * usualGapSeconds, runSeconds / 4);
}

std::optional<double> slope(const std::vector<Sample> &points)
{
    if (points.size() < 2)
        return std::nullopt;
    // Centred sums: epoch seconds squared lose the digits a short window needs.
    const double t0 = points.front().timeSeconds;
    double meanT = 0;
    double meanV = 0;
    for (const Sample &p : points) {
        meanT += p.timeSeconds - t0;
        meanV += p.value;
    }
    meanT /= static_cast<double>(points.size());
    meanV /= static_cast<double>(points.size());
    double sxy = 0;
    double sxx = 0;
    for (const Sample &p : points) {
        const double dt = p.timeSeconds - t0 - meanT;
        sxx += dt * dt;
        sxy += dt * (p.value - meanV);
    }
    if (sxx <= 0)
        return std::nullopt;
    return sxy / sxx;
}

namespace {

std::vector<Sample> between(const std::vector<Sample> &done, double fromSeconds, double toSeconds)
{
    std::vector<Sample> out;
    for (const Sample &s : done) {
        if (s.timeSeconds >= fromSeconds && s.timeSeconds <= toSeconds)
            out.push_back(s);
    }
    return out;
}

// The median time between the samples at which the work rose; 0 with fewer than two rises.
double usualGap(const std::vector<Sample> &done)
{
    std::vector<double> gaps;
    double lastRise = std::numeric_limits<double>::quiet_NaN();
    for (size_t i = 1; i < done.size(); ++i) {
        if (done[i].value <= done[i - 1].value)
            continue;
        if (!std::isnan(lastRise))
            gaps.push_back(done[i].timeSeconds - lastRise);
        lastRise = done[i].timeSeconds;
    }
    if (gaps.empty())
        return 0;
    std::nth_element(gaps.begin(), gaps.begin() + static_cast<std::ptrdiff_t>(gaps.size() / 2),
                     gaps.end());
    return gaps[gaps.size() / 2];
}

double lastRise(const std::vector<Sample> &done)
{
    for (size_t i = done.size(); i-- > 1;) {
        if (done[i].value > done[i - 1].value)
            return done[i].timeSeconds;
    }
    return done.front().timeSeconds;
}

// The slopes of the run's whole windows of `windowSeconds`, back from the last sample.
std::vector<double> windowSlopes(const std::vector<Sample> &done, double windowSeconds)
{
    std::vector<double> slopes;
    if (windowSeconds <= 0)
        return slopes;
    const double first = done.front().timeSeconds;
    for (double end = done.back().timeSeconds; end - windowSeconds >= first - 1e-9;
         end -= windowSeconds) {
        if (const auto s = slope(between(done, end - windowSeconds, end)))
            slopes.push_back(*s);
    }
    return slopes;
}

double spread(const std::vector<double> &values)
{
    if (values.size() < 2)
        return 0;
    double mean = 0;
    for (const double v : values)
        mean += v;
    mean /= static_cast<double>(values.size());
    double sum = 0;
    for (const double v : values)
        sum += (v - mean) * (v - mean);
    return std::sqrt(sum / static_cast<double>(values.size() - 1));
}

} // namespace

Result forecast(const std::vector<Sample> &samples, double nowSeconds, const Options &options)
{
    Result result;
    const Accumulated accumulated = accumulate(samples);
    result.problem = seriesProblem(accumulated);
    result.done = accumulated.done;
    if (result.problem != SeriesProblem::None)
        return result;

    const std::vector<Sample> &done = accumulated.done;
    Forecast &f = result.forecast;
    f.doneItems = done.back().value;
    f.totalItems = options.totalItems;
    f.startSeconds = done.front().timeSeconds;
    f.lastSampleSeconds = done.back().timeSeconds;
    f.nowSeconds = std::max(nowSeconds, f.lastSampleSeconds);
    f.restarts = accumulated.restarts;
    f.restartTimesSeconds = accumulated.restartTimesSeconds;
    if (options.totalItems && *options.totalItems < f.doneItems) {
        result.totalBelowDone = true;
        return result;
    }

    const double runSeconds = f.lastSampleSeconds - f.startSeconds;
    if (runSeconds > 0)
        f.ratePerSecond = (f.doneItems - done.front().value) / runSeconds;
    f.usualGapSeconds = usualGap(done);
    f.recentWindowSeconds =
        options.recentWindowSeconds.value_or(recentWindow(f.usualGapSeconds, runSeconds));
    // The recent window ends now. A reading overdue by more than kStallGaps usual gaps (a
    // progress file that stopped growing) is held until now, so the recent rate slows as time
    // passes; a reading merely late (a job that writes every second, read 2 s after its last
    // line) is not, or every forecast between readings would dip.
    std::vector<Sample> recent =
        between(done, f.nowSeconds - f.recentWindowSeconds, f.lastSampleSeconds);
    if (f.nowSeconds - f.lastSampleSeconds > kStallGaps * f.usualGapSeconds && !recent.empty())
        recent.push_back({f.nowSeconds, f.doneItems});
    f.recentRatePerSecond = std::max(0.0, slope(recent).value_or(f.ratePerSecond));
    const std::vector<double> slopes = windowSlopes(done, f.recentWindowSeconds);
    f.windows = static_cast<int>(slopes.size());
    f.rateSpreadPerSecond = spread(slopes);

    f.lastProgressSeconds = lastRise(done);
    f.stallAfterSeconds = options.stallAfterSeconds.value_or(kStallGaps * f.usualGapSeconds);
    f.stalled =
        f.stallAfterSeconds > 0 && f.nowSeconds - f.lastProgressSeconds >= f.stallAfterSeconds;

    if (f.totalItems) {
        const double remaining = *f.totalItems - f.doneItems;
        if (remaining <= 0) {
            f.etaSeconds = f.etaP10Seconds = f.etaP90Seconds = 0;
            f.finishAtSeconds = f.lastSampleSeconds;
            f.state = State::Done;
            f.stalled = false;
            return result;
        }
        if (f.recentRatePerSecond > 0) {
            const double toFinish = remaining / f.recentRatePerSecond;
            f.finishAtSeconds = f.lastSampleSeconds + toFinish;
            f.etaSeconds = std::max(0.0, *f.finishAtSeconds - f.nowSeconds);
            const double m = std::max(1.0, toFinish / f.recentWindowSeconds);
            const double halfBand = kZ90 * f.rateSpreadPerSecond / std::sqrt(m);
            const double ahead = f.lastSampleSeconds - f.nowSeconds;
            f.etaP10Seconds = std::max(0.0, ahead + remaining / (f.recentRatePerSecond + halfBand));
            if (f.recentRatePerSecond - halfBand > 0)
                f.etaP90Seconds =
                    std::max(0.0, ahead + remaining / (f.recentRatePerSecond - halfBand));
        }
    }
    f.state = f.stalled ? State::Stalled : (f.etaSeconds ? State::Finishing : State::Running);
    return result;
}

} // namespace pipeplan::watch
