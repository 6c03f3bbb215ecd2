#pragma once

// A running job's forecast from its progress counter (seed 003: "canary runs that report
// throughput", "auto-cancel on no-progress", burn-down tracking): what it has done, how fast,
// when it finishes, whether it has stopped moving and whether it restarted. Pure: samples in,
// numbers and reason codes out; words are made by core/watch/watchtext.h.

#include <optional>
#include <vector>

namespace pipeplan::watch {

/// One reading of the job's counter of items done.
struct Sample
{
    double timeSeconds = 0; ///< seconds since the Unix epoch
    double value = 0;       ///< the counter as read: it falls back towards 0 when the job restarts
    bool operator==(const Sample &) const = default;
};

/// Why a series cannot be read as a progress counter.
enum class SeriesProblem
{
    None,
    NoSamples,    ///< nothing to forecast from
    NotACounter,  ///< it falls too often to be a counter with a few restarts (a gauge)
    NotIncreasing ///< it never rose: no rate to forecast from
};

struct Options
{
    std::optional<double> totalItems;          ///< unset: no ETA, only rates
    std::optional<double> stallAfterSeconds;   ///< unset: kStallGaps x the usual gap between rises
    std::optional<double> recentWindowSeconds; ///< unset: recentWindow()
    bool operator==(const Options &) const = default;
};

/// The default stall threshold in usual gaps between rises ("a few multiples of the usual
/// interval between increments").
inline constexpr double kStallGaps = 5;
/// A series is not a counter when it falls at least this many times ...
inline constexpr int kNotCounterMinFalls = 3;
/// ... and falls make at least this share of its moves (a counter with a few restarts falls
/// rarely; a gauge falls about as often as it rises).
inline constexpr double kNotCounterFallShare = 0.2;
/// z of the normal's 10th and 90th percentiles.
inline constexpr double kZ90 = 1.2815515655446004;

/// The accumulated work of a counter that may reset: PromQL's increase() rule, a fall is a reset
/// to zero and the value after it is all new work, so work done before a restart is kept.
struct Accumulated
{
    std::vector<Sample> done; ///< time and work done so far (first value + every increase)
    int restarts = 0;
    std::vector<double> restartTimesSeconds;
    int rises = 0;
    int falls = 0;
    bool operator==(const Accumulated &) const = default;
};

/// done[0] = v[0]; done[i] = done[i-1] + (v[i] >= v[i-1] ? v[i] - v[i-1] : v[i]) (a fall is a
/// reset, as Prometheus's increase() counts it). Samples must be in time order.
Accumulated accumulate(const std::vector<Sample> &samples);

/// NotACounter when falls >= kNotCounterMinFalls and falls / (rises + falls) >=
/// kNotCounterFallShare; NotIncreasing when it never rose; None otherwise.
SeriesProblem seriesProblem(const Accumulated &accumulated);

/// The recent window: max(kStallGaps x the usual gap between rises, a quarter of the run), so it
/// holds several rises and, on a short run, enough of it to average the readings' jitter.
double recentWindow(double usualGapSeconds, double runSeconds);

/// The least-squares slope of done against time over `points` (items per second); nothing with
/// fewer than two distinct times.
std::optional<double> slope(const std::vector<Sample> &points);

/// What the forecast says, as a value (watchtext::headline words it).
enum class State
{
    Running,   ///< moving, no total or no ETA
    Finishing, ///< moving, an ETA
    Done,      ///< the counter reached the total
    Stalled,   ///< no rise for stallAfterSeconds
};

struct Forecast
{
    double doneItems = 0;
    std::optional<double> totalItems;
    double startSeconds = 0;      ///< first sample's time
    double lastSampleSeconds = 0; ///< last sample's time
    double nowSeconds = 0;
    double ratePerSecond = 0;       ///< (done_last - done_first) / (t_last - t_first)
    double recentRatePerSecond = 0; ///< slope() over the recent window
    double recentWindowSeconds = 0;
    /// The sample standard deviation of the per-window slopes (windows of recentWindowSeconds
    /// back from the last sample); 0 with fewer than two windows.
    double rateSpreadPerSecond = 0;
    int windows = 0;
    /// finish_at - now, finish_at = t_last + remaining / recent rate; unset without a total or
    /// with no recent rate.
    std::optional<double> etaSeconds;
    std::optional<double> etaP10Seconds;
    std::optional<double> etaP90Seconds; ///< unset when the slow rate is not above zero
    std::optional<double> finishAtSeconds;
    bool stalled = false;
    double stallAfterSeconds = 0;
    double lastProgressSeconds = 0; ///< time of the last rise (the first sample when none)
    double usualGapSeconds = 0;     ///< median time between rises
    int restarts = 0;
    std::vector<double> restartTimesSeconds;
    State state = State::Running;
    bool operator==(const Forecast &) const = default;
};

struct Result
{
    SeriesProblem problem = SeriesProblem::None;
    /// The total given is below the work already done (bad input: the total is wrong).
    bool totalBelowDone = false;
    Forecast forecast; ///< meaningful when problem is None
    /// The burn-up the window draws: accumulated done against time.
    std::vector<Sample> done;
    bool operator==(const Result &) const = default;
};

/// The forecast of a counter read at `nowSeconds`:
/// rate = (D_last - D_first) / (t_last - t_first); recent rate r = least-squares slope of D over
/// the last window w (recentWindow); remaining R = total - D; ETA = t_last + R / r - now.
/// The band: the slopes of the run's windows of length w have a spread s; over the ETA the rate
/// averages m = max(1, ETA / w) windows, so the 10th and 90th percentile rates are
/// r -/+ z90 s / sqrt(m) (the normal approximation), ETA_P90 = R / (r - z90 s / sqrt(m)),
/// ETA_P10 = R / (r + z90 s / sqrt(m)). Stalled when now - t(last rise) >= stall-after
/// (default kStallGaps x the median gap between rises). Restarts: accumulate().
Result forecast(const std::vector<Sample> &samples, double nowSeconds, const Options &options);

} // namespace pipeplan::watch
