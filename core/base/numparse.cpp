#include "core/base/numparse.h"

#include "core/base/translate.h"

#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <system_error>

namespace pipeplan::numparse {

PIPEPLAN_TR_CONTEXT("pipeplan::numparse")

namespace {
Parsed fail(const QString &message)
{
    return Parsed{std::nullopt, message};
}

std::optional<double> suffixMultiplier(char c)
{
    switch (c) {
    case 'k':
    case 'K':
        return 1e3;
    case 'M':
        return 1e6;
    case 'G':
    case 'B':
        return 1e9;
    case 'T':
        return 1e12;
    default:
        return std::nullopt;
    }
}
double binaryMultiplier(char prefix)
{
    switch (prefix) {
    case 'K':
        return 1024.0;
    case 'M':
        return 1024.0 * 1024.0;
    case 'G':
        return 1024.0 * 1024.0 * 1024.0;
    case 'T':
        return 1024.0 * 1024.0 * 1024.0 * 1024.0;
    default:
        return 0.0;
    }
}
} // namespace

Parsed number(const QString &text)
{
    const QByteArray raw = text.trimmed().toUtf8();
    if (raw.isEmpty())
        return fail(tr("missing value"));
    const char *begin = raw.constData();
    const char *end = begin + raw.size();
    if (*begin == '+')
        ++begin;
    double multiplier = 1.0;
    if (end - begin >= 2 && end[-1] == 'i') {
        // Binary suffixes for bytes: "512Mi" = 512 x 2^20 (seed 001's 512-MiB KV transfer).
        multiplier = binaryMultiplier(end[-2]);
        if (multiplier == 0.0)
            return fail(tr("'%1' is not a number").arg(text));
        end -= 2;
    } else if (end[-1] == 'm') {
        return fail(tr("'%1' is ambiguous: use M for millions").arg(text));
    } else if (auto decimal = suffixMultiplier(end[-1])) {
        multiplier = *decimal;
        --end;
    }
    if (begin == end)
        return fail(tr("'%1' is not a number").arg(text));
    // from_chars would accept "inf" and "nan"; a person never means those.
    for (const char *c = begin; c != end; ++c) {
        if (std::isalpha(static_cast<unsigned char>(*c)) && *c != 'e' && *c != 'E')
            return fail(tr("'%1' is not a number").arg(text));
    }
    double value = 0;
    const auto [ptr, ec] = std::from_chars(begin, end, value);
    if (ec == std::errc::result_out_of_range)
        return fail(tr("'%1' is out of range (overflow)").arg(text));
    if (ec != std::errc() || ptr != end)
        return fail(tr("'%1' is not a number").arg(text));
    value *= multiplier;
    if (!std::isfinite(value))
        return fail(tr("'%1' is out of range (overflow)").arg(text));
    return Parsed{value, {}};
}

Parsed fraction(const QString &text)
{
    QString number = text.trimmed();
    if (!number.endsWith(QLatin1Char('%')))
        return numparse::number(text);
    number.chop(1);
    const Parsed parsed = numparse::number(number);
    if (!parsed.value)
        return fail(tr("'%1' is not a percentage").arg(text));
    return Parsed{*parsed.value / 100.0, {}};
}

Parsed bytes(const QString &text)
{
    QString value = text.trimmed();
    if (!value.endsWith(QLatin1Char('B')) && !value.endsWith(QLatin1String("B/s")))
        return number(text);
    value.chop(value.endsWith(QLatin1Char('B')) ? 1 : 3);
    // "1BB" or a lone "B": before the unit only a digit or a prefix may come.
    if (value.isEmpty() || value.endsWith(QLatin1Char('B')))
        return fail(tr("'%1' is not a byte count").arg(text));
    Parsed parsed = number(value);
    if (!parsed.value)
        return fail(parsed.error == tr("'%1' is out of range (overflow)").arg(value)
                        ? tr("'%1' is out of range (overflow)").arg(text)
                        : tr("'%1' is not a byte count").arg(text));
    return parsed;
}

Parsed duration(const QString &text)
{
    static const std::pair<const char *, double> units[] = {
        {"ms", 1e-3},    {"s", 1},         {"sec", 1},       {"secs", 1},    {"second", 1},
        {"seconds", 1},  {"min", 60},      {"mins", 60},     {"minute", 60}, {"minutes", 60},
        {"h", 3600},     {"hr", 3600},     {"hrs", 3600},    {"hour", 3600}, {"hours", 3600},
        {"d", 86400},    {"day", 86400},   {"days", 86400},  {"w", 604800},  {"wk", 604800},
        {"wks", 604800}, {"week", 604800}, {"weeks", 604800}};
    // A number (no suffix of its own) then letters: "1.5 weeks", "8h".
    static const QRegularExpression part(
        QStringLiteral("\\s*([0-9]*\\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\\s*([A-Za-z]+)\\s*"));
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return fail(tr("'' is not a duration"));
    double seconds = 0;
    qsizetype at = 0;
    while (at < trimmed.size()) {
        const QRegularExpressionMatch match =
            part.match(trimmed, at, QRegularExpression::NormalMatch,
                       QRegularExpression::AnchorAtOffsetMatchOption);
        if (!match.hasMatch() || match.capturedLength() == 0)
            return fail(tr("'%1' is not a duration (use a unit: 8h, 90 min, 2d, "
                           "1.5 weeks)")
                            .arg(trimmed));
        const QString unit = match.captured(2).toLower();
        if (unit == QLatin1String("m"))
            return fail(tr("'%1': 'm' is ambiguous, use min or ms").arg(trimmed));
        const auto found = std::find_if(std::begin(units), std::end(units), [&unit](const auto &u) {
            return unit == QLatin1String(u.first);
        });
        if (found == std::end(units))
            return fail(tr("'%1': '%2' is not a unit of time").arg(trimmed, unit));
        seconds += match.captured(1).toDouble() * found->second;
        at = match.capturedEnd();
    }
    if (!std::isfinite(seconds))
        return fail(tr("'%1' is out of range (overflow)").arg(trimmed));
    return {seconds, {}};
}

Parsed typed(const QString &text, Kind kind)
{
    const auto parse = [kind](const QString &number) {
        switch (kind) {
        case Kind::Fraction:
            return fraction(number);
        case Kind::Bytes:
            return bytes(number);
        case Kind::Duration:
            return duration(number);
        case Kind::Number:
            break;
        }
        return numparse::number(number);
    };
    const QString trimmed = text.trimmed();
    if (!trimmed.contains(QLatin1Char(',')))
        return parse(text);
    // A sign, one to three digits, then groups of exactly three and no further digit before the
    // point or suffix: "150,000,000", "-1,000.5k", not "1,0000".
    static const QRegularExpression grouping(
        QStringLiteral("^([+-]?\\d{1,3}(?:,\\d{3})+)((?:[^,\\d][^,]*)?)$"));
    const QRegularExpressionMatch match = grouping.match(trimmed);
    if (!match.hasMatch())
        return fail(tr("'%1' is not a number").arg(trimmed));
    Parsed parsed = parse(match.captured(1).remove(QLatin1Char(',')) + match.captured(2));
    if (!parsed.value)
        parsed.error = parse(trimmed).error; // the message quotes what was typed
    return parsed;
}

ParsedList numberList(const QString &text)
{
    if (text.trimmed().isEmpty())
        return ParsedList{std::nullopt, tr("missing value")};
    std::vector<double> values;
    const QStringList items = text.split(QLatin1Char(','));
    for (qsizetype i = 0; i < items.size(); ++i) {
        Parsed item = number(items[i]);
        if (!item.value) {
            return ParsedList{std::nullopt, tr("item %1: %2").arg(i + 1).arg(item.error)};
        }
        values.push_back(*item.value);
    }
    return ParsedList{std::move(values), {}};
}

} // namespace pipeplan::numparse
