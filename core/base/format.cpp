#include "core/base/format.h"

#include "core/base/translate.h"
#include "core/base/units.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>

namespace pipeplan::format {

QString plainNumber(double value)
{
    QString text = QString::number(value, 'g', 15);
    text.replace(QStringLiteral("e+"), QStringLiteral("e"));
    return text;
}

QString grouped(double value, int decimals)
{
    if (!std::isfinite(value))
        return std::isnan(value) ? QStringLiteral("NaN")
                                 : (value > 0 ? QStringLiteral("∞") : QStringLiteral("-∞"));
    QString digits = QString::number(std::fabs(value), 'f', decimals);
    // "-0.00" would be odd: only show a sign when the rounded value is non-zero.
    const bool negative = value < 0 && std::any_of(digits.cbegin(), digits.cend(), [](QChar c) {
                              return c >= QLatin1Char('1') && c <= QLatin1Char('9');
                          });
    const qsizetype point = digits.indexOf(QLatin1Char('.'));
    qsizetype intEnd = point < 0 ? digits.size() : point;
    for (qsizetype pos = intEnd - 3; pos > 0; pos -= 3)
        digits.insert(pos, QLatin1Char(','));
    return negative ? QStringLiteral("-") + digits : digits;
}

QString trimmed(double value, int maxDecimals)
{
    QString text = grouped(value, maxDecimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

QString count(double value, const QString &unit)
{
    const QString number = std::floor(value) == value ? grouped(value, 0) : trimmed(value, 2);
    return unit.isEmpty() ? number : number + QLatin1Char(' ') + unit;
}

QString milliseconds(double ms)
{
    // Below a microsecond in nanoseconds, and below what two decimals show as "< 0.01 ns": a
    // value that is not zero never reads as zero.
    if (ms > 0 && ms < 1e-3)
        return ms * 1e6 < 0.005 ? QStringLiteral("< 0.01 ns")
                                : trimmed(ms * 1e6, 2) + QStringLiteral(" ns");
    if (ms > 0 && ms < 1.0)
        return trimmed(ms * 1000.0, 1) + QStringLiteral(" µs");
    if (ms < 10'000.0)
        return trimmed(ms, 2) + QStringLiteral(" ms");
    return trimmed(ms / 1000.0, 2) + QStringLiteral(" s");
}

namespace {
PIPEPLAN_TR_CONTEXT("pipeplan::format")

/// The count tr() takes for a number already written ("1", "16.67", "1,200").
int numerusOf(const QString &number)
{
    if (number == QLatin1String("1"))
        return 1;
    bool ok = false;
    const double value = QString(number).remove(QLatin1Char(',')).toDouble(&ok);
    return ok ? numerus(value) : 2;
}

/// A number already written and its unit from tr("%n hour(s)", nullptr, numerusOf(number)):
/// "1 hour", "16.67 hours".
QString withUnit(const QString &number, const QString &translated)
{
    QString text = translated;
    const QString written = QString::number(numerusOf(number));
    if (const qsizetype at = text.indexOf(written); at >= 0)
        text.replace(at, written.size(), number);
    text.replace(QStringLiteral("(s)"),
                 number == QLatin1String("1") ? QString() : QStringLiteral("s"));
    return text;
}

QString twoDecimals(double value)
{
    return trimmed(value, 2);
}

QString threeSignificant(double value)
{
    return significant(value, 3);
}

/// A duration in its best unit (see duration()), the number written by `number`.
QString durationWith(double seconds, QString (*number)(double))
{
    using namespace units;
    if (!std::isfinite(seconds))
        return tr("never");
    if (seconds > 0 && seconds < 1e-3)
        return milliseconds(seconds * 1000.0);
    if (seconds < 1.0)
        return number(seconds * 1000.0) + QStringLiteral(" ms");
    if (seconds < 2 * kSecondsPerMinute) {
        const QString n = number(seconds);
        return withUnit(n, tr("%n second(s)", nullptr, numerusOf(n)));
    }
    if (seconds < 2 * kSecondsPerHour) {
        const QString n = number(toMinutes(seconds));
        return withUnit(n, tr("%n minute(s)", nullptr, numerusOf(n)));
    }
    if (seconds < 3 * kSecondsPerDay) {
        const QString n = number(toHours(seconds));
        return withUnit(n, tr("%n hour(s)", nullptr, numerusOf(n)));
    }
    if (seconds < 2 * kSecondsPerYear) {
        const QString n = number(toDays(seconds));
        return withUnit(n, tr("%n day(s)", nullptr, numerusOf(n)));
    }
    const QString n = number(toYears(seconds));
    return withUnit(n, tr("%n year(s)", nullptr, numerusOf(n)));
}
} // namespace

QString significant(double value, int digits)
{
    if (value == 0 || !std::isfinite(value))
        return grouped(value, 0);
    // The decimals that keep `digits` figures: 697.85 -> "698", 83.333 -> "83.3", 0.0273 ->
    // "0.0273"; a whole part longer than `digits` is rounded too (18,055 -> "18,100").
    const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
    const int shift = digits - 1 - magnitude;
    const double scale = std::pow(10.0, shift);
    const double rounded = std::round(value * scale) / scale;
    return trimmed(rounded, std::max(0, shift));
}

QString duration(double seconds)
{
    return durationWith(seconds, twoDecimals);
}

QString roundedDuration(double seconds)
{
    return durationWith(seconds, threeSignificant);
}

QString signedDuration(double seconds)
{
    // A rounding residue (-1e-13 s) of a difference reads as no change, not as "-0 ms": below
    // what the millisecond's two decimals show.
    if (std::abs(seconds) < 0.5e-5)
        return QStringLiteral("+0 ms");
    const QString magnitude = duration(std::abs(seconds));
    return (seconds < 0 ? QStringLiteral("-") : QStringLiteral("+")) + magnitude;
}

QString gibibytes(double bytes)
{
    return trimmed(bytes / (1ULL << 30), 2) + QStringLiteral(" GiB");
}

QString binaryBytes(double bytes)
{
    if (bytes >= double(1ULL << 30))
        return gibibytes(bytes);
    if (bytes >= double(1ULL << 20))
        return trimmed(bytes / (1ULL << 20), 2) + QStringLiteral(" MiB");
    if (bytes >= 1024)
        return trimmed(bytes / 1024, 2) + QStringLiteral(" KiB");
    return trimmed(bytes, 0) + QStringLiteral(" B");
}

QString ratePerSecond(double perSecond, const QString &what)
{
    const int decimals = perSecond >= 100 ? 0 : (perSecond >= 1 ? 2 : 4);
    return trimmed(perSecond, decimals) + QLatin1Char(' ') + what + QStringLiteral("/s");
}

QString fixedOrBelow(double value, int decimals)
{
    const double smallest = std::pow(10.0, -decimals);
    if (value > 0 && value < smallest / 2)
        return QStringLiteral("< ") + grouped(smallest, decimals);
    if (value < 0 && value > -smallest / 2)
        return QStringLiteral("> -") + grouped(smallest, decimals);
    return grouped(value, decimals);
}

namespace {
/// Every unit a time is written in, largest first, each with the count from which an axis
/// reads in it (axisTimeUnit: 3 days, 10 h, 10 min, 2 s, 1 ms).
struct TimeUnitRow
{
    TimeUnit unit;
    double axisFromCount;
};
constexpr TimeUnitRow kTimeUnits[] = {
    {{"days", units::kSecondsPerDay}, 3},
    {{"h", units::kSecondsPerHour}, 10},
    {{"min", units::kSecondsPerMinute}, 10},
    {{"s", 1.0}, 2},
    {{"ms", 1e-3}, 1},
    {{"µs", 1e-6}, 0},
};
} // namespace

TimeUnit axisTimeUnit(double farEndSeconds)
{
    for (const TimeUnitRow &row : kTimeUnits) {
        if (farEndSeconds >= row.axisFromCount * row.unit.seconds)
            return row.unit;
    }
    return kTimeUnits[std::size(kTimeUnits) - 1].unit;
}

QString timeInColumn(double seconds, double columnUnitSeconds)
{
    const double inColumn = seconds / columnUnitSeconds;
    if (seconds == 0 || !(std::fabs(inColumn) < 0.1))
        return grouped(inColumn, 2);
    // The largest of h, min, s and ms below the column's in which the time is at least 1.
    for (const TimeUnitRow &row : kTimeUnits) {
        const TimeUnit &unit = row.unit;
        if (unit.seconds <= units::kSecondsPerHour && unit.seconds >= 1e-3 &&
            unit.seconds < columnUnitSeconds && std::fabs(seconds) >= unit.seconds)
            return significant(seconds / unit.seconds, 3) + QLatin1Char(' ') +
                   QString::fromUtf8(unit.name);
    }
    return milliseconds(seconds * 1000.0);
}

double niceStep(double span, int maxTicks)
{
    if (!(span > 0) || !std::isfinite(span))
        return 1;
    const double raw = span / std::max(1, maxTicks);
    double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (;;) {
        for (double mantissa : {1.0, 2.0, 2.5, 5.0}) {
            // A relative tolerance: 0.3 / 3 must be 0.1, not the next step up.
            if (mantissa * magnitude >= raw * (1 - 1e-9))
                return mantissa * magnitude;
        }
        magnitude *= 10;
    }
}

QString tickLabel(double value, double step)
{
    int decimals = 0;
    if (step > 0 && std::isfinite(step)) {
        // The decimals that write the step exactly (2.5 needs 1, 0.25 needs 2), at most 9.
        while (decimals < 9) {
            const double scaled = step * std::pow(10.0, decimals);
            if (std::fabs(scaled - std::round(scaled)) < 1e-6 * scaled)
                break;
            ++decimals;
        }
    }
    // Fixed decimals: every label of an axis at one precision ("9.05", "9.10", not "9.1").
    return grouped(value, decimals);
}

int numerus(double n)
{
    if (n == 1)
        return 1;
    if (n == std::floor(n) && n >= 0 && n <= std::numeric_limits<int>::max())
        return static_cast<int>(n);
    return 2;
}

QString plural(const QString &translated, double n)
{
    QString text = translated;
    // The digits tr() wrote for %n become the grouped number (or the fraction, or the count an
    // int cannot hold).
    const QString written = QString::number(numerus(n));
    const QString number = n == std::floor(n) ? grouped(n, 0) : trimmed(n, 2);
    if (const qsizetype at = text.indexOf(written); at >= 0 && written != number)
        text.replace(at, written.size(), number);
    // No translation: the English source text, its "(s)" resolved for n.
    const bool one = n == 1;
    text.replace(QStringLiteral("person(s)"),
                 one ? QStringLiteral("person") : QStringLiteral("people"));
    text.replace(QStringLiteral("(es)"), one ? QString() : QStringLiteral("es"));
    text.replace(QStringLiteral("(s)"), one ? QString() : QStringLiteral("s"));
    return text;
}

QString workers(double n)
{
    return plural(QCoreApplication::translate("pipeplan", "%n worker(s)", nullptr, numerus(n)), n);
}

double relativeChange(double current, double baseline)
{
    if (!(baseline > 0) || current == baseline)
        return 0;
    return current / baseline - 1.0;
}

QString change(double current, double baseline)
{
    const double percent = relativeChange(current, baseline) * 100.0;
    const int decimals = std::fabs(percent) < 10 ? 2 : 1;
    const double shown = std::round(percent * std::pow(10.0, decimals)) / std::pow(10.0, decimals);
    if (shown == 0)
        return tr("same");
    return (shown > 0 ? QStringLiteral("+") : QString()) + trimmed(shown, decimals) +
           QStringLiteral(" %");
}

bool isCurrencyCode(const QString &code)
{
    if (code.size() != 3)
        return false;
    return std::all_of(code.begin(), code.end(),
                       [](QChar c) { return c >= QLatin1Char('A') && c <= QLatin1Char('Z'); });
}

QString currencySymbol(const QString &code)
{
    // The currencies whose sign is unambiguous in a planning document; "$" is the US dollar's
    // (CAD and AUD read "CAD 2.50"), "¥" the yen's.
    static const std::pair<const char *, const char *> symbols[] = {
        {"USD", "$"},      {"EUR", "\u20AC"}, {"GBP", "\u00A3"},
        {"JPY", "\u00A5"}, {"INR", "\u20B9"}, {"KRW", "\u20A9"}};
    for (const auto &[iso, symbol] : symbols) {
        if (code == QLatin1String(iso))
            return QString::fromUtf8(symbol);
    }
    return {};
}

QString money(double amount, const QString &currencyCode)
{
    // Less than a cent that is not nothing reads "< $0.01", never "$0.00".
    const bool belowACent = amount != 0 && std::fabs(amount) < 0.005;
    const QString number = belowACent ? QStringLiteral("0.01") : grouped(std::fabs(amount), 2);
    const QString sign = (belowACent ? QStringLiteral("< ") : QString()) +
                         (amount < 0 ? QStringLiteral("\u2212") : QString());
    if (const QString symbol = currencySymbol(currencyCode); !symbol.isEmpty())
        return sign + symbol + number;
    return sign + currencyCode + QLatin1Char(' ') + number;
}

QString roundedMoney(double amount, const QString &currencyCode)
{
    const double magnitude = std::fabs(amount);
    if (magnitude < 1000)
        return money(amount, currencyCode);
    // Millions and billions by their letter, as a planning slide writes them; below, the amount
    // to three figures, grouped ("$18,100").
    QString number = magnitude >= 1e9   ? significant(magnitude / 1e9, 3) + QLatin1Char('B')
                     : magnitude >= 1e6 ? significant(magnitude / 1e6, 3) + QLatin1Char('M')
                                        : significant(magnitude, 3);
    const QString sign = amount < 0 ? QStringLiteral("\u2212") : QString();
    if (const QString symbol = currencySymbol(currencyCode); !symbol.isEmpty())
        return sign + symbol + number;
    return sign + currencyCode + QLatin1Char(' ') + number;
}

} // namespace pipeplan::format
