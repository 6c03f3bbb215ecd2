#pragma once

#include <QString>

#include <optional>
#include <utility>
#include <vector>

namespace pipeplan {

/// A number of the job a person knows only roughly: "800..1,200" (a 90 % interval)
/// or "800/1,000/1,500" (optimistic / most likely / pessimistic, PERT-beta as the project tab).
struct Range
{
    enum class Kind
    {
        Interval,   ///< low and high are the 5th and 95th percentiles
        ThreePoint, ///< low, mode and high of a PERT-beta (Malcolm et al. 1959)
    };
    Kind kind = Kind::Interval;
    double low = 0;
    double mode = 0; ///< ThreePoint only
    double high = 0;
    bool operator==(const Range &) const = default;
};

/// Where a number lives, which decides its distribution: a positive quantity (lognormal
/// interval when both ends are positive, normal otherwise) or a fraction that must stay inside
/// [0, 1] (logit-normal interval).
enum class Support
{
    Positive,
    Fraction,
};

/// What a field holds as typed: a plain number (no uncertainty, as every field was before ranges)
/// or a range.
struct RangeParse
{
    std::optional<double> number;
    std::optional<Range> range;
    QString error; ///< set when neither is
};

/// Parses "800..1,200" and "800 to 1200" (a 90 % interval), "800/1,000/1,500" (three-point) or
/// a plain number, each part as numparse::number reads it ("1.2k", "75M"); a fraction field's
/// parts also as percentages ("95%..99%"). Refuses ends in the wrong order ("low must be below
/// high") and a mode outside its ends.
RangeParse parseRange(const QString &text, Support support = Support::Positive);

/// Whether `text` is shaped like a range ("..", " to " or two '/'): a number that takes a range
/// reads it with parseRange, any other refuses it rather than use one number of it. "32GiB/s"
/// stays a rate.
bool looksLikeRange(const QString &text);

/// The range as a person types it: "800..1,200" or "800/1,000/1,500", grouped.
QString rangeText(const Range &range);

/// z of the 95th percentile of the standard normal: a 90 % interval spans +-1.6449 sigma.
inline constexpr double kZ95 = 1.6448536269514722;

/// The range's median: sqrt(low x high) for a lognormal interval, (low + high) / 2 for a normal
/// one, the logistic of the logits' mean for a fraction, the PERT-beta's Q(0.5) for three points.
double rangeMedian(const Range &range, Support support);

/// The same spread around a new median (the slider moves the median): scaled for a
/// lognormal interval and three points, shifted for a normal one, shifted in logit space for a
/// fraction (so it stays inside [0, 1]).
Range movedTo(const Range &range, Support support, double median);

/// How a sample of the range relates to its median, so samples drawn once follow a moved median:
/// value = median x draw (Ratio), median + draw (Offset), logistic(logit(median) + draw) (Logit).
enum class Spread
{
    Ratio,
    Offset,
    Logit,
};
Spread spreadOf(const Range &range, Support support);

/// One draw of the range from a standard normal z (intervals) or a uniform u in (0, 1) (three
/// points, through the PERT-beta quantile table `betaTable` of its alpha and beta), expressed
/// relative to the range's `median` (rangeMedian, computed once per range) as spreadOf says.
double relativeDraw(const Range &range, Support support, double median, double z, double u,
                    const std::vector<double> &betaTable);

/// The value of a relative draw around `median` (inverse of relativeDraw's expression).
double valueOfDraw(Spread spread, double median, double draw);

/// PERT-beta's alpha and beta for three points: 1 + 4 (m - a) / (b - a), 1 + 4 (b - m) / (b - a).
std::pair<double, double> pertShape(const Range &range);

} // namespace pipeplan
