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

/// A change of duration with its sign: "+3.83 minutes", "-12 seconds", "+0 ms".
QString signedDuration(double seconds);

/// Bytes in binary gigabytes with two decimals at most: "16 GiB", "20.53 GiB".
QString gibibytes(double bytes);

/// A rate per second in a readable unit: "50 /s", "1,234.5 /s".
QString ratePerSecond(double perSecond, const QString &what);

/// The relative change of `current` against `baseline`, current / baseline - 1 (0 when the
/// baseline is not positive): the one rule every comparison with a pinned baseline uses.
double relativeChange(double current, double baseline);

/// relativeChange as a person reads it: "+100 %", "-50 %", "+2.35 %" (two decimals below 10 %,
/// one above), or "same" when it rounds to zero at that precision. The headline, the scaling
/// table, the report and the CLI all show this text.
QString change(double current, double baseline);

} // namespace pipeplan::format
