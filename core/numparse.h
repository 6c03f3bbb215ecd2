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
/// T = 1e12). Locale independent. Rejects empty text, garbage, trailing characters, NaN,
/// infinity and values that overflow a double. Binary suffixes Ki, Mi, Gi, Ti (powers of 1024)
/// are accepted for byte counts. Lowercase "m" is refused as ambiguous
/// (milli or mega?).
Parsed number(const QString &text);

/// A comma-separated list of numbers ("100,500,1k"); the error names the position of a bad item.
struct ParsedList
{
    std::optional<std::vector<double>> values;
    QString error;
};
ParsedList numberList(const QString &text);

} // namespace pipeplan::numparse
