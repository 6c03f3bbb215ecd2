#include "core/model/range.h"

#include "core/base/format.h"
#include "core/base/numparse.h"
#include "core/base/translate.h"
#include "core/project/montecarlo.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace pipeplan {

PIPEPLAN_TR_CONTEXT("pipeplan")

namespace {

constexpr double kFractionEdge = 1e-6; // logit-normal ends kept this far inside [0, 1]

double logit(double p)
{
    p = std::clamp(p, kFractionEdge, 1.0 - kFractionEdge);
    return std::log(p / (1.0 - p));
}

double logistic(double x)
{
    return 1.0 / (1.0 + std::exp(-x));
}

numparse::Parsed part(const QString &text, Support support)
{
    // "1,200" as a person writes it: English grouping, as every number PipePlan prints ("1,20"
    // is refused, not read as 120).
    return numparse::typed(text, support == Support::Fraction ? numparse::Kind::Fraction
                                                              : numparse::Kind::Number);
}

/// The PERT-beta quantile at u from its unit table, linearly interpolated.
double betaQuantile(const std::vector<double> &table, double u)
{
    const double position = std::clamp(u, 0.0, 1.0) * static_cast<double>(table.size() - 1);
    const auto index = std::min(static_cast<size_t>(position), table.size() - 2);
    const double fraction = position - static_cast<double>(index);
    return table[index] + fraction * (table[index + 1] - table[index]);
}

bool lognormal(const Range &range, Support support)
{
    return support == Support::Positive && range.kind == Range::Kind::Interval && range.low > 0;
}

} // namespace

bool looksLikeRange(const QString &text)
{
    return text.contains(QLatin1String("..")) || text.count(QLatin1Char('/')) == 2 ||
           text.contains(QLatin1String(" to "));
}

RangeParse parseRange(const QString &text, Support support)
{
    RangeParse result;
    const QString trimmed = text.trimmed();
    // Every message ends with the text as typed: a part read back ("800...1200" gives 800 and
    // .1200) would show numbers the person never wrote.
    const auto refuse = [&result, &trimmed](const QString &problem) {
        result.error = problem + tr(", got '%1'").arg(trimmed);
        return result;
    };
    // The dots are matched as a run, so that three of them are refused rather than read as
    // two and a decimal point.
    static const QRegularExpression interval(
        QStringLiteral("^(.+?)\\s*(\\.{2,}|\\bto\\b)\\s*(.+)$"));
    const QStringList three = trimmed.split(QLatin1Char('/'));
    if (const QRegularExpressionMatch m = interval.match(trimmed); m.hasMatch()) {
        if (m.captured(2).size() > 2 && m.captured(2).startsWith(QLatin1Char('.')))
            return refuse(tr("a range is two numbers with two dots between, like "
                             "800..1,200"));
        const numparse::Parsed low = part(m.captured(1), support);
        const numparse::Parsed high = part(m.captured(3), support);
        if (!low.value || !high.value) {
            result.error = tr("a range is two numbers like 800..1,200: ") +
                           (low.value ? high.error : low.error);
            return result;
        }
        if (!(*low.value < *high.value))
            return refuse(tr("the low end must be below the high end"));
        result.range = Range{Range::Kind::Interval, *low.value, 0, *high.value};
        return result;
    }
    if (three.size() == 3) {
        double points[3] = {};
        for (int i = 0; i < 3; ++i) {
            const numparse::Parsed parsed = part(three[i], support);
            if (!parsed.value) {
                result.error = tr("three points are optimistic/likely/pessimistic "
                                  "like 800/1,000/1,500: ") +
                               parsed.error;
                return result;
            }
            points[i] = *parsed.value;
        }
        if (!(points[0] <= points[1] && points[1] <= points[2] && points[0] < points[2]))
            return refuse(tr("three points must read low/likely/high in that order"));
        result.range = Range{Range::Kind::ThreePoint, points[0], points[1], points[2]};
        return result;
    }
    const numparse::Parsed number = part(trimmed, support);
    if (number.value)
        result.number = number.value;
    else
        result.error = number.error;
    return result;
}

QString rangeText(const Range &range)
{
    const auto n = [](double v) { return format::trimmed(v, 6); };
    const auto grouped = [&n](double v) {
        return std::abs(v) >= 1000 && v == std::round(v) ? format::grouped(v, 0) : n(v);
    };
    if (range.kind == Range::Kind::ThreePoint)
        return grouped(range.low) + QLatin1Char('/') + grouped(range.mode) + QLatin1Char('/') +
               grouped(range.high);
    return grouped(range.low) + QStringLiteral("..") + grouped(range.high);
}

std::pair<double, double> pertShape(const Range &range)
{
    const double width = range.high - range.low;
    if (width <= 0)
        return {1, 1};
    return {1 + 4 * (range.mode - range.low) / width, 1 + 4 * (range.high - range.mode) / width};
}

namespace {
/// The unit PERT-beta's median for a shape: a quantile table costs thousands of exponentials,
/// and a slider tick asks for the same few shapes again (draw() compares each range's shape).
double unitBetaMedian(double alpha, double beta)
{
    struct Entry
    {
        double alpha, beta, median;
    };
    thread_local std::vector<Entry> cache;
    for (const Entry &e : cache) {
        if (e.alpha == alpha && e.beta == beta)
            return e.median;
    }
    const double median = betaQuantile(estimate::unitBetaQuantiles(alpha, beta), 0.5);
    if (cache.size() >= 32)
        cache.erase(cache.begin());
    cache.push_back({alpha, beta, median});
    return median;
}
} // namespace

double rangeMedian(const Range &range, Support support)
{
    if (range.kind == Range::Kind::ThreePoint) {
        const auto [alpha, beta] = pertShape(range);
        return range.low + (range.high - range.low) * unitBetaMedian(alpha, beta);
    }
    if (support == Support::Fraction)
        return logistic((logit(range.low) + logit(range.high)) / 2);
    if (lognormal(range, support))
        return std::sqrt(range.low * range.high);
    return (range.low + range.high) / 2;
}

Spread spreadOf(const Range &range, Support support)
{
    if (support == Support::Fraction)
        return Spread::Logit;
    if (range.low > 0)
        return Spread::Ratio;
    return Spread::Offset;
}

Range movedTo(const Range &range, Support support, double median)
{
    const double now = rangeMedian(range, support);
    Range moved = range;
    switch (spreadOf(range, support)) {
    case Spread::Ratio: {
        const double factor = now > 0 ? median / now : 1;
        moved.low *= factor;
        moved.mode *= factor;
        moved.high *= factor;
        break;
    }
    case Spread::Offset: {
        const double shift = median - now;
        moved.low += shift;
        moved.mode += shift;
        moved.high += shift;
        break;
    }
    case Spread::Logit: {
        const double shift = logit(median) - logit(now);
        moved.low = logistic(logit(range.low) + shift);
        moved.high = logistic(logit(range.high) + shift);
        if (range.kind == Range::Kind::ThreePoint)
            moved.mode = logistic(logit(range.mode) + shift);
        break;
    }
    }
    return moved;
}

double relativeDraw(const Range &range, Support support, double median, double z, double u,
                    const std::vector<double> &betaTable)
{
    double value = 0;
    if (range.kind == Range::Kind::ThreePoint) {
        value = range.low + (range.high - range.low) * betaQuantile(betaTable, u);
    } else if (support == Support::Fraction) {
        // The logit's offset from the median's logit (the logits' mean).
        const double sigma = (logit(range.high) - logit(range.low)) / (2 * kZ95);
        return sigma * z;
    } else if (lognormal(range, support)) {
        const double sigma = (std::log(range.high) - std::log(range.low)) / (2 * kZ95);
        return std::exp(sigma * z); // ratio to the median
    } else {
        const double sigma = (range.high - range.low) / (2 * kZ95);
        return sigma * z; // offset from the median
    }
    switch (spreadOf(range, support)) {
    case Spread::Ratio:
        return median > 0 ? value / median : 1;
    case Spread::Offset:
        return value - median;
    case Spread::Logit:
        return logit(value) - logit(median);
    }
    return 0;
}

double valueOfDraw(Spread spread, double median, double draw)
{
    switch (spread) {
    case Spread::Ratio:
        return median * draw;
    case Spread::Offset:
        return median + draw;
    case Spread::Logit:
        return logistic(logit(median) + draw);
    }
    return median;
}

} // namespace pipeplan
