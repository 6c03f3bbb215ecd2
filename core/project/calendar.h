#pragma once

// Working time and dates: a project's calendar (working days of the week, hours per working day,
// holidays) and the arithmetic that turns hours of work from a start date into dates.

#include "core/base/fields.h"

#include <QDate>
#include <QString>

#include <array>
#include <optional>
#include <vector>

class QLocale;

namespace pipeplan::estimate {

/// When work happens. A task's effort stays in its own unit (a working day of the estimate is
/// kHoursPerWorkingDay = 8 hours of effort); the calendar says how many of those hours fit into
/// one calendar day, so a 6-hour calendar stretches the same effort over more dates.
struct WorkCalendar
{
    /// workingDays[0] is Monday ... [6] Sunday (Qt::DayOfWeek - 1).
    std::array<bool, 7> workingDays{true, true, true, true, true, false, false};
    double hoursPerDay = 8.0;
    /// Days off that would otherwise be working days, in any order (duplicates are harmless).
    std::vector<QDate> holidays;
    bool operator==(const WorkCalendar &) const = default;

    /// The locale's working week (QLocale::weekdays(): Monday to Friday in most locales, Sunday to
    /// Thursday in some), 8 hours a day, no holidays.
    static WorkCalendar fromLocale(const QLocale &locale);
};

/// Not a weekend day of the calendar and not one of its holidays.
bool isWorkingDay(const WorkCalendar &calendar, QDate date);

/// The first working day on or after `date`.
QDate nextWorkingDay(const WorkCalendar &calendar, QDate date);

/// The date on which `hours` of work starting at the beginning of `start` end. Work begins on the
/// first working day on or after `start`; every working day holds hoursPerDay. 0 hours ends on
/// that first working day; hoursPerDay hours too (a Monday start, 8-hour days: 8 h ends Monday,
/// 8.5 h Tuesday, 40 h Friday, 41 h the next Monday). Precondition: validate(calendar) is empty
/// and hours >= 0 (NaN or infinite hours give an invalid QDate).
QDate finishDate(const WorkCalendar &calendar, QDate start, double hours);

/// Working hours in the days [from, to): hoursPerDay per working day; 0 when to <= from.
double workingHoursBetween(const WorkCalendar &calendar, QDate from, QDate to);

/// A continuous position for charts: calendar days from `start` (0 = the beginning of `start`)
/// at which `hours` of work starting at `start` are done, a working day's hours spread evenly
/// over its 24 hours, so 4 h of an 8-hour Monday start is 0.5 and a task over a weekend spans it.
/// Its integer part is finishDate's day offset except at exact day ends (8 h -> 1.0, Tuesday's
/// beginning, while finishDate says Monday; 40 h -> 5.0, the end of Friday, and 44 h -> 7.5,
/// Monday noon). 0 h is the first working day's beginning (2.0 for a Saturday start). NaN for
/// negative, NaN or infinite hours, an invalid start or a calendar without working time.
double calendarDaysAt(const WorkCalendar &calendar, QDate start, double hours);

/// "YYYY-MM-DD" (ISO 8601), the file's and the CLI's form of a date.
QString isoDate(QDate date);
/// A date in ISO form, or nothing when `text` is not one (2026-02-30 is not a date).
std::optional<QDate> parseIsoDate(const QString &text);

/// "mon,tue,wed,thu,fri": the working days as the CLI and the file spell them.
QString workingDaysKey(const std::array<bool, 7> &workingDays);
/// "mon-fri", "mon,tue,wed,thu,fri", "sun-thu", "mon-fri,sat" (ranges wrap: "fri-mon"); nothing
/// for an unknown name or an empty list.
std::optional<std::array<bool, 7>> parseWorkingDays(const QString &text);

/// No working day at all, hours per day not in (0, 24], a holiday that is not a valid date.
/// Fields: "calendar.working_days", "calendar.hours_per_day", "calendar.holidays[i]".
std::vector<FieldError> validate(const WorkCalendar &calendar);

} // namespace pipeplan::estimate
