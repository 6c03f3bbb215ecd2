// Working time and dates: the calendar's working days and holidays, hours of work to dates.

#include "core/project/calendar.h"

#include "core/base/format.h"
#include "core/base/translate.h"

#include <QLocale>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace pipeplan::estimate {

PIPEPLAN_TR_CONTEXT("pipeplan::estimate")

namespace {

/// Working days beyond this (some 270 million years) give an invalid date instead of
/// overflowing the day arithmetic; QDate's own range ends well before.
constexpr double kMaxWorkingDays = 1e11;

const std::array<const char *, 7> kDayKeys{"mon", "tue", "wed", "thu", "fri", "sat", "sun"};
const std::array<const char *, 7> kDayNames{"monday", "tuesday",  "wednesday", "thursday",
                                            "friday", "saturday", "sunday"};

bool workingWeekday(const WorkCalendar &calendar, QDate date)
{
    return calendar.workingDays[static_cast<size_t>(date.dayOfWeek() - 1)];
}

/// The calendar prepared for counting: its working weekdays per week and its holidays that fall
/// on working weekdays, sorted and without duplicates (the others take nothing away).
struct Prepared
{
    const WorkCalendar &calendar;
    qint64 perWeek = 0;
    std::vector<QDate> holidays;

    explicit Prepared(const WorkCalendar &c) : calendar(c)
    {
        perWeek = std::count(c.workingDays.begin(), c.workingDays.end(), true);
        holidays.reserve(c.holidays.size());
        for (const QDate &day : c.holidays) {
            if (day.isValid() && workingWeekday(c, day))
                holidays.push_back(day);
        }
        std::sort(holidays.begin(), holidays.end());
        holidays.erase(std::unique(holidays.begin(), holidays.end()), holidays.end());
    }

    /// Working weekdays (holidays not subtracted) in [from, from + days): whole weeks at once,
    /// then the few days left one by one.
    qint64 weekdaysIn(QDate from, qint64 days) const
    {
        qint64 count = days / 7 * perWeek;
        const QDate rest = from.addDays(days / 7 * 7);
        for (qint64 d = 0; d < days % 7; ++d) {
            if (workingWeekday(calendar, rest.addDays(d)))
                ++count;
        }
        return count;
    }

    /// Working days in [from, to): the working weekdays less the holidays among them.
    qint64 workingDaysIn(QDate from, QDate to) const
    {
        if (!from.isValid() || !to.isValid() || to <= from)
            return 0;
        const auto first = std::lower_bound(holidays.begin(), holidays.end(), from);
        const auto last = std::lower_bound(first, holidays.end(), to);
        return weekdaysIn(from, from.daysTo(to)) - (last - first);
    }

    /// The working weekday `steps` working weekdays after `day` (itself one): whole weeks at
    /// once, then fewer than perWeek steps day by day.
    QDate advanceWeekdays(QDate day, qint64 steps) const
    {
        day = day.addDays(steps / perWeek * 7);
        for (qint64 left = steps % perWeek; left > 0 && day.isValid();) {
            day = day.addDays(1);
            if (workingWeekday(calendar, day))
                --left;
        }
        return day;
    }

    /// The `n`-th working day (n >= 1) counting `first`, a working day, as the first: first the
    /// n-th working weekday, then one more for every holiday up to it, in date order, so a
    /// holiday the moving end reaches is counted too.
    QDate nthWorkingDay(QDate first, qint64 n) const
    {
        QDate day = advanceWeekdays(first, n - 1);
        for (auto it = std::upper_bound(holidays.begin(), holidays.end(), first);
             it != holidays.end() && day.isValid() && *it <= day; ++it)
            day = advanceWeekdays(day, 1);
        return day;
    }
};

/// Working days needed for `hours`: the n with (n - 1) * hoursPerDay < hours <= n * hoursPerDay
/// (at least 1), checked against the products workingHoursBetween multiplies out, so the two
/// agree even where hours / hoursPerDay rounds.
qint64 daysFor(double hours, double hoursPerDay)
{
    auto n = static_cast<qint64>(std::max(1.0, std::ceil(hours / hoursPerDay)));
    while (n > 1 && static_cast<double>(n - 1) * hoursPerDay >= hours)
        --n;
    while (static_cast<double>(n) * hoursPerDay < hours)
        ++n;
    return n;
}

bool usable(const WorkCalendar &calendar)
{
    return std::any_of(calendar.workingDays.begin(), calendar.workingDays.end(),
                       [](bool working) { return working; }) &&
           calendar.hoursPerDay > 0 && std::isfinite(calendar.hoursPerDay);
}

/// A day's index 0 (Monday) to 6 from "mon" or "monday", any case; -1 when unknown.
int dayIndex(const QString &name)
{
    for (size_t i = 0; i < kDayKeys.size(); ++i) {
        if (name == QLatin1String(kDayKeys[i]) || name == QLatin1String(kDayNames[i]))
            return static_cast<int>(i);
    }
    return -1;
}

} // namespace

WorkCalendar WorkCalendar::fromLocale(const QLocale &locale)
{
    WorkCalendar calendar;
    calendar.workingDays.fill(false);
    for (Qt::DayOfWeek day : locale.weekdays())
        calendar.workingDays[static_cast<size_t>(day) - 1] = true;
    return calendar;
}

bool isWorkingDay(const WorkCalendar &calendar, QDate date)
{
    return date.isValid() && workingWeekday(calendar, date) &&
           std::find(calendar.holidays.begin(), calendar.holidays.end(), date) ==
               calendar.holidays.end();
}

QDate nextWorkingDay(const WorkCalendar &calendar, QDate date)
{
    if (!date.isValid() || !usable(calendar))
        return {};
    // Each week holds a working weekday, so every step past seven days is a holiday's: the
    // walk ends within 7 * (holidays + 1) days.
    while (date.isValid() && !isWorkingDay(calendar, date))
        date = date.addDays(1);
    return date;
}

QDate finishDate(const WorkCalendar &calendar, QDate start, double hours)
{
    if (!std::isfinite(hours) || hours < 0 || !usable(calendar))
        return {};
    const QDate first = nextWorkingDay(calendar, start);
    if (!first.isValid() || hours / calendar.hoursPerDay > kMaxWorkingDays)
        return {};
    return Prepared(calendar).nthWorkingDay(first, daysFor(hours, calendar.hoursPerDay));
}

double workingHoursBetween(const WorkCalendar &calendar, QDate from, QDate to)
{
    if (!usable(calendar))
        return 0;
    return static_cast<double>(Prepared(calendar).workingDaysIn(from, to)) * calendar.hoursPerDay;
}

double calendarDaysAt(const WorkCalendar &calendar, QDate start, double hours)
{
    const QDate first = nextWorkingDay(calendar, start);
    if (!first.isValid() || !std::isfinite(hours) || hours < 0 ||
        hours / calendar.hoursPerDay > kMaxWorkingDays)
        return std::nan("");
    if (hours == 0)
        return static_cast<double>(start.daysTo(first));
    // The day on which the work ends, plus the share of that day's hours it takes: (0, 1], so
    // an exact day end is the next calendar day's beginning.
    const Prepared prepared(calendar);
    const qint64 n = daysFor(hours, calendar.hoursPerDay);
    const QDate last = prepared.nthWorkingDay(first, n);
    if (!last.isValid())
        return std::nan("");
    const double before = static_cast<double>(n - 1) * calendar.hoursPerDay;
    // The share is at most 1 in exact arithmetic; rounding may put it an ulp above.
    const double share = std::min(1.0, (hours - before) / calendar.hoursPerDay);
    return static_cast<double>(start.daysTo(last)) + share;
}

QString isoDate(QDate date)
{
    return date.toString(Qt::ISODate);
}

std::optional<QDate> parseIsoDate(const QString &text)
{
    // Qt::ISODate alone takes a trailing time and other near misses; the form is exact here.
    static const QRegularExpression form(QStringLiteral("^[0-9]{4}-[0-9]{2}-[0-9]{2}$"));
    if (!form.match(text).hasMatch())
        return std::nullopt;
    const QDate date = QDate::fromString(text, Qt::ISODate);
    if (!date.isValid())
        return std::nullopt;
    return date;
}

QString workingDaysKey(const std::array<bool, 7> &workingDays)
{
    QStringList keys;
    for (size_t i = 0; i < workingDays.size(); ++i) {
        if (workingDays[i])
            keys.append(QLatin1String(kDayKeys[i]));
    }
    return keys.join(QLatin1Char(','));
}

std::optional<std::array<bool, 7>> parseWorkingDays(const QString &text)
{
    std::array<bool, 7> days{};
    const QStringList items = text.split(QLatin1Char(','));
    for (const QString &item : items) {
        const QStringList ends = item.split(QLatin1Char('-'));
        if (ends.size() > 2)
            return std::nullopt;
        const int from = dayIndex(ends.front().trimmed().toLower());
        const int to = dayIndex(ends.back().trimmed().toLower());
        if (from < 0 || to < 0)
            return std::nullopt;
        // A range runs forward through the week and wraps past Sunday: "fri-mon" is Friday to
        // Monday, four days.
        for (int day = from;; day = (day + 1) % 7) {
            days[static_cast<size_t>(day)] = true;
            if (day == to)
                break;
        }
    }
    return days;
}

std::vector<FieldError> validate(const WorkCalendar &calendar)
{
    std::vector<FieldError> errors;
    if (std::none_of(calendar.workingDays.begin(), calendar.workingDays.end(),
                     [](bool working) { return working; })) {
        errors.push_back({QStringLiteral("calendar.working_days"),
                          tr("no working day: tick at least one day of the week")});
    }
    const double hours = calendar.hoursPerDay;
    if (!(hours > 0 && hours <= 24)) {
        errors.push_back(
            {QStringLiteral("calendar.hours_per_day"),
             tr("must be above 0 and at most 24 hours, got %1").arg(format::plainNumber(hours))});
    }
    for (size_t i = 0; i < calendar.holidays.size(); ++i) {
        if (!calendar.holidays[i].isValid()) {
            errors.push_back({QStringLiteral("calendar.holidays[%1]").arg(i),
                              tr("is not a valid date: give it as YYYY-MM-DD, "
                                 "for example 2026-12-25")});
        }
    }
    return errors;
}

} // namespace pipeplan::estimate
