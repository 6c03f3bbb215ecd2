#pragma once

#include <QString>

#include <optional>
#include <vector>

namespace pipeplan::numparse {

/// A parsed number, or why the text is not one.
struct Parsed
{
    std::optional<double> value;
    QString error; ///< set when value is empty
};

/// Parses "150000000", "150e6", "1.5k", "150M", "2G", "3T" (k/K = 1e3, M = 1e6, G/B = 1e9,
/// T = 1e12; for byte counts use bytes(), where B means bytes). Locale independent. Rejects empty
/// text, garbage, trailing characters, NaN, infinity and values that overflow a double. Binary
/// suffixes Ki, Mi, Gi, Ti (powers of 1024) are accepted for byte counts. Lowercase "m" is refused
/// as ambiguous (milli or mega?).
Parsed number(const QString &text);

/// A fraction in [0, 1] written as a number ("0.5") or a percentage ("50%" = 0.5); anything
/// else as number(). The one rule for every fraction and probability a person types.
Parsed fraction(const QString &text);

/// A byte count: "B" means bytes, never billions ("512B" = 512), decimal "kB"/"KB", "MB", "GB",
/// "TB" and binary "KiB"/"Ki", "MiB"/"Mi", "GiB"/"Gi", "TiB"/"Ti"; without a "B", as number()
/// ("14G" = 14e9 bytes). A "/s" after the unit is allowed for rates ("32GB/s").
Parsed bytes(const QString &text);

/// A duration in seconds: one or more parts of a number and a unit, summed ("8h", "90 min",
/// "2d", "1.5 weeks", "1h 30min", "250 ms"). Units: ms; s, sec, second(s); min, minute(s); h, hr,
/// hour(s); d, day(s) (24 h, wall clock); w, wk, week(s) (7 days). A bare "m" is refused as
/// ambiguous (minutes or ms?), as is a part without a unit.
Parsed duration(const QString &text);

/// What a typed field holds: one of the parsers above.
enum class Kind
{
    Number,
    Fraction,
    Bytes,
    Duration ///< seconds
};

/// A number a person types into a field: number(), fraction() or bytes() by `kind`, that also
/// takes English thousands separators in the integer part ("150,000,000", "-1,500.5",
/// "2,500k"). Commas that do not group digits by three ("1,5", "1,0000") are refused, and errors
/// quote the text as typed.
Parsed typed(const QString &text, Kind kind);

/// A comma-separated list of numbers ("100,500,1k"); the error names the position of a bad item.
struct ParsedList
{
    std::optional<std::vector<double>> values;
    QString error;
};
ParsedList numberList(const QString &text);

} // namespace pipeplan::numparse
