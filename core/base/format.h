#pragma once

#include <QString>

/// Number and duration text shared by the window, the CLI and reports, so every front end shows
/// the same digits. Always English grouping ("150,000,000"): planning documents mix outputs from
/// several machines and must agree.
namespace pipeplan::format {

/// Shortest round-trip text for a value in messages ("0.5", "1e+12" becomes "1e12").
QString plainNumber(double value);

/// Fixed decimals with thousands separators: grouped(833333.333, 2) == "833,333.33".
QString grouped(double value, int decimals);

/// Like grouped, but drops trailing zeros after the point: trimmed(25.0, 2) == "25".
QString trimmed(double value, int maxDecimals);

/// A count with separators and a unit, e.g. count(150e6, "users") == "150,000,000 users".
QString count(double value, const QString &unit);

/// A time in milliseconds in a readable unit: "10 ms", "1.5 s", "250 µs".
QString milliseconds(double ms);

/// A duration in the best unit with two decimals at most: "95.06 years", "25 minutes",
/// "3.47 days", "16.67 hours", "45 seconds", "120 ms". Thresholds: below 2 minutes in seconds
/// (below 1 s in ms), below 2 hours in minutes, below 3 days in hours, below 2 years in days.
QString duration(double seconds);

/// A duration in the same unit as duration(), to three significant figures, as a decision
/// needs it: "698 days", "83.3 hours", "95.1 years", "25 minutes" (the headline's answer; the
/// exact value is duration()'s).
QString roundedDuration(double seconds);

/// `value` to `digits` significant figures, grouped, trailing zeros dropped: significant(
/// 697.85, 3) = "698", significant(0.027346, 3) = "0.0273", significant(18055, 3) = "18,100".
QString significant(double value, int digits);

/// A change of duration with its sign: "+3.83 minutes", "-12 seconds", "+0 ms".
QString signedDuration(double seconds);

/// Bytes in binary gigabytes with two decimals at most: "16 GiB", "20.53 GiB".
QString gibibytes(double bytes);

/// Bytes in the binary unit that keeps a digit before the point: "12.55 GiB", "45.55 MiB",
/// "512 KiB", "100 B".
QString binaryBytes(double bytes);

/// A rate per second in a readable unit: "50 /s", "1,234.5 /s".
QString ratePerSecond(double perSecond, const QString &what);

/// The relative change of `current` against `baseline`, current / baseline - 1 (0 when the
/// baseline is not positive): the one rule every comparison with a pinned baseline uses.
double relativeChange(double current, double baseline);

/// A number in a table cell or on an axis: fixed `decimals`, grouped, never in e-notation; a
/// non-zero value that would round to zero reads "< 0.01" (with as many decimals), so a tiny
/// time is not shown as nothing: fixedOrBelow(0.0000463, 2) == "< 0.01".
QString fixedOrBelow(double value, int decimals);

/// A unit of time as a cell or an axis names it ("ms"), and its length in seconds.
struct TimeUnit
{
    const char *name;
    double seconds;
};

/// The unit an axis reaching `farEndSeconds` reads in, as numbers of a readable size: below
/// 1 ms in µs, below 2 s in ms, below 10 min in s, below 10 h in min, below 3 days in h, then
/// days. The same table of units as timeInColumn's.
TimeUnit axisTimeUnit(double farEndSeconds);

/// A time in a table column whose unit is `columnUnitSeconds` (3600 for a column in hours,
/// 86,400 for one in days). From a tenth of that unit up, two decimals of it with no unit, as
/// the column's header names it (timeInColumn(20000, 3600) == "5.56"): two figures at least.
/// Below, where two decimals would read "0.01" or "< 0.01", the cell names its own unit: the
/// largest of h, min, s and ms below the column's in which the time is at least 1, to three
/// significant figures (timeInColumn(14.4, 3600) == "14.4 s", timeInColumn(200, 3600) ==
/// "3.33 min"), so a short runtime reads as its value (seed 001 at 50,000 workers: 0.4 s,
/// "400 ms"); below a millisecond as milliseconds() writes it. Zero reads "0.00".
QString timeInColumn(double seconds, double columnUnitSeconds);

/// A round step for axis ticks: 1, 2, 2.5 or 5 times a power of ten, the smallest such that
/// `span` needs at most `maxTicks` steps: niceStep(25000, 4) == 10000. 1 when span is not
/// positive.
double niceStep(double span, int maxTicks);

/// A tick label for `value` on an axis whose ticks are `step` apart: grouped, with the decimals
/// the step needs, the same for every tick (tickLabel(5000, 2500) == "5,000",
/// tickLabel(9.1, 0.05) == "9.10"); never e-notation, and "0.0" rather than a rounding residue
/// like "-0.0".
QString tickLabel(double value, double step);

/// The count to hand tr() for its %n, so the translation picks the right plural form: `n` when
/// it is a whole number that fits an int, 1 for exactly one, else a plural count.
int numerus(double n);

/// Completes a plural text from tr("%n worker(s)", nullptr, numerus(n)): the number grouped
/// ("10,000 workers"), and, when no translation replaced the source text, the English form
/// from "(s)" ("1 worker", "5 workers"; "person(s)" reads "1 person", "3 people"; "(es)" as in
/// "microbatch(es)" reads "1 microbatch", "2 microbatches").
/// plural(tr("%n worker(s)", nullptr, numerus(n)), n).
QString plural(const QString &translated, double n);
/// "1 worker", "10,000 workers": plural() of the one translatable "%n worker(s)" every window,
/// report and CLI text counts workers with.
QString workers(double n);

/// relativeChange as a person reads it: "+100 %", "-50 %", "+2.35 %" (two decimals below 10 %,
/// one above), or "same" when it rounds to zero at that precision. The headline, the scaling
/// table, the report and the CLI all show this text.
QString change(double current, double baseline);

/// Whether `code` is written as an ISO 4217 currency code: three letters A to Z ("USD", "EUR").
bool isCurrencyCode(const QString &code);

/// The sign a reader knows a currency by: "$" for USD, "€" for EUR, "£" for GBP, "¥" for JPY,
/// "₹" for INR; empty for a code without one of its own here (CHF, SEK: the code is written).
QString currencySymbol(const QString &code);

/// An amount of money as a planning document writes it, two decimals, grouped: "$18,055.56",
/// "€2.50", "CHF 1,200.00".
QString money(double amount, const QString &currencyCode);

/// An amount to three significant figures, millions and billions by their letter: "$83.7M",
/// "$1.2B", "$18,100", and below 1,000 as money() writes it ("$2.78"). The headline's answer;
/// the exact amount is money()'s.
QString roundedMoney(double amount, const QString &currencyCode);

} // namespace pipeplan::format
