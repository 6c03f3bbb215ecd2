// The calendar (issue 21): working-day arithmetic over weekends, holidays and a year end, the
// chart's continuous day scale, ISO dates, working-day lists and the calendar's checks. The
// expected dates are counted by hand on the 2026-27 calendar (2026-06-01 and 2026-12-28 are
// Mondays, 2027-01-01 a Friday).

#include "core/project/calendar.h"

#include <QLocale>

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <limits>
#include <random>

using namespace pipeplan;
using namespace pipeplan::estimate;

namespace {

QDate day(int y, int m, int d)
{
    return QDate(y, m, d);
}

const QDate kMonday = day(2026, 6, 1);

/// Christmas and New Year, both on Fridays, for a start on Thursday 24 December 2026.
WorkCalendar yearEnd()
{
    WorkCalendar calendar;
    calendar.holidays = {day(2027, 1, 1), day(2026, 12, 25)};
    return calendar;
}

std::array<bool, 7> week(std::initializer_list<int> workingDays)
{
    std::array<bool, 7> days{};
    for (int d : workingDays)
        days[static_cast<size_t>(d)] = true;
    return days;
}

} // namespace

TEST(Calendar, FinishDateAcrossAWeekend)
{
    const WorkCalendar calendar;
    EXPECT_EQ(finishDate(calendar, kMonday, 0), kMonday);
    EXPECT_EQ(finishDate(calendar, kMonday, 8), kMonday);
    EXPECT_EQ(finishDate(calendar, kMonday, 8.5), day(2026, 6, 2));
    EXPECT_EQ(finishDate(calendar, kMonday, 40), day(2026, 6, 5));  // Friday
    EXPECT_EQ(finishDate(calendar, kMonday, 41), day(2026, 6, 8));  // the next Monday
    EXPECT_EQ(finishDate(calendar, kMonday, 80), day(2026, 6, 12)); // two weeks
}

TEST(Calendar, FinishDateAcrossHolidaysAndAYearEnd)
{
    const WorkCalendar calendar = yearEnd();
    const QDate christmasEve = day(2026, 12, 24);
    // Working days: Thu 24, (Fri 25 off), Mon 28, Tue 29, Wed 30, Thu 31, (Fri 1 off), Mon 4,
    // Tue 5.
    EXPECT_EQ(finishDate(calendar, christmasEve, 8), christmasEve);
    EXPECT_EQ(finishDate(calendar, christmasEve, 8.5), day(2026, 12, 28));
    EXPECT_EQ(finishDate(calendar, christmasEve, 24), day(2026, 12, 29));
    EXPECT_EQ(finishDate(calendar, christmasEve, 40), day(2026, 12, 31));
    EXPECT_EQ(finishDate(calendar, christmasEve, 40.5), day(2027, 1, 4));
    EXPECT_EQ(finishDate(calendar, christmasEve, 56), day(2027, 1, 5));

    // Order, duplicates and a holiday on a weekend change nothing.
    WorkCalendar messy = calendar;
    messy.holidays = {day(2026, 12, 25), day(2027, 1, 1), day(2026, 12, 25), day(2026, 12, 26)};
    for (double hours : {8.0, 24.0, 40.0, 56.0, 100.0})
        EXPECT_EQ(finishDate(messy, christmasEve, hours),
                  finishDate(calendar, christmasEve, hours));

    // A start on a holiday begins on the next working day.
    EXPECT_EQ(finishDate(calendar, day(2026, 12, 25), 0), day(2026, 12, 28));
    EXPECT_EQ(nextWorkingDay(calendar, day(2026, 12, 25)), day(2026, 12, 28));
    EXPECT_FALSE(isWorkingDay(calendar, day(2027, 1, 1)));
    EXPECT_TRUE(isWorkingDay(calendar, day(2026, 12, 31)));
}

TEST(Calendar, StartOnASaturday)
{
    const WorkCalendar calendar;
    const QDate saturday = day(2026, 6, 6);
    EXPECT_EQ(nextWorkingDay(calendar, saturday), day(2026, 6, 8));
    EXPECT_EQ(finishDate(calendar, saturday, 0), day(2026, 6, 8));
    EXPECT_EQ(finishDate(calendar, saturday, 8), day(2026, 6, 8));
    EXPECT_EQ(finishDate(calendar, saturday, 9), day(2026, 6, 9));
    EXPECT_EQ(workingHoursBetween(calendar, saturday, day(2026, 6, 9)), 8.0);
}

TEST(Calendar, ZeroAndFractionalHours)
{
    const WorkCalendar calendar;
    EXPECT_EQ(finishDate(calendar, kMonday, 0.25), kMonday);
    EXPECT_EQ(finishDate(calendar, kMonday, 7.99), kMonday);
    EXPECT_EQ(finishDate(calendar, kMonday, 8.0001), day(2026, 6, 2));
    EXPECT_EQ(finishDate(calendar, kMonday, 39.5), day(2026, 6, 5));
    EXPECT_EQ(finishDate(calendar, kMonday, 40.25), day(2026, 6, 8));
}

TEST(Calendar, SixHourDays)
{
    WorkCalendar calendar;
    calendar.hoursPerDay = 6;
    EXPECT_EQ(finishDate(calendar, kMonday, 6), kMonday);
    EXPECT_EQ(finishDate(calendar, kMonday, 12), day(2026, 6, 2));
    EXPECT_EQ(finishDate(calendar, kMonday, 30), day(2026, 6, 5));
    EXPECT_EQ(finishDate(calendar, kMonday, 40), day(2026, 6, 9)); // 7 days of 6 h
    EXPECT_EQ(workingHoursBetween(calendar, kMonday, day(2026, 6, 8)), 30.0);
    EXPECT_DOUBLE_EQ(calendarDaysAt(calendar, kMonday, 3), 0.5);
}

TEST(Calendar, ASundayToThursdayWeek)
{
    WorkCalendar calendar;
    calendar.workingDays = week({0, 1, 2, 3, 6});
    const QDate friday = day(2026, 6, 5);
    EXPECT_FALSE(isWorkingDay(calendar, friday));
    EXPECT_FALSE(isWorkingDay(calendar, day(2026, 6, 6)));
    EXPECT_TRUE(isWorkingDay(calendar, day(2026, 6, 7)));
    EXPECT_EQ(nextWorkingDay(calendar, friday), day(2026, 6, 7));
    EXPECT_EQ(finishDate(calendar, friday, 8), day(2026, 6, 7));
    EXPECT_EQ(finishDate(calendar, friday, 40), day(2026, 6, 11)); // Thursday
    EXPECT_EQ(finishDate(calendar, friday, 41), day(2026, 6, 14)); // the next Sunday
    EXPECT_EQ(workingHoursBetween(calendar, friday, day(2026, 6, 14)), 40.0);
}

TEST(Calendar, WorkingHoursBetweenAcrossAYearEnd)
{
    const WorkCalendar calendar = yearEnd();
    // Mon 28 to Thu 31: four days; Fri 1 January is off.
    EXPECT_EQ(workingHoursBetween(calendar, day(2026, 12, 28), day(2027, 1, 4)), 32.0);
    // Thu 24, Mon 28 to Thu 31, Mon 4, Tue 5.
    EXPECT_EQ(workingHoursBetween(calendar, day(2026, 12, 24), day(2027, 1, 6)), 56.0);
    // Half-open: [from, to).
    EXPECT_EQ(workingHoursBetween(calendar, day(2026, 12, 28), day(2026, 12, 29)), 8.0);
    EXPECT_EQ(workingHoursBetween(calendar, day(2026, 12, 28), day(2026, 12, 28)), 0.0);
    EXPECT_EQ(workingHoursBetween(calendar, day(2027, 1, 6), day(2026, 12, 24)), 0.0);
    // A whole year: 2027 has 261 weekdays, one of them New Year.
    EXPECT_EQ(workingHoursBetween(calendar, day(2027, 1, 1), day(2028, 1, 1)), 260.0 * 8);
}

TEST(Calendar, CalendarDaysAtIsContinuous)
{
    const WorkCalendar calendar;
    EXPECT_DOUBLE_EQ(calendarDaysAt(calendar, kMonday, 0), 0.0);
    EXPECT_DOUBLE_EQ(calendarDaysAt(calendar, kMonday, 4), 0.5);
    EXPECT_DOUBLE_EQ(calendarDaysAt(calendar, kMonday, 8), 1.0);
    EXPECT_DOUBLE_EQ(calendarDaysAt(calendar, kMonday, 12), 1.5);
    // The end of Friday is Saturday's beginning; the weekend is skipped wholly.
    EXPECT_DOUBLE_EQ(calendarDaysAt(calendar, kMonday, 40), 5.0);
    EXPECT_DOUBLE_EQ(calendarDaysAt(calendar, kMonday, 44), 7.5);
    // A Saturday start: work begins on Monday, day 2.
    EXPECT_DOUBLE_EQ(calendarDaysAt(calendar, day(2026, 6, 6), 0), 2.0);
    EXPECT_DOUBLE_EQ(calendarDaysAt(calendar, day(2026, 6, 6), 4), 2.5);
    // A holiday on Tuesday: 12 h end at Wednesday noon.
    WorkCalendar tuesdayOff;
    tuesdayOff.holidays = {day(2026, 6, 2)};
    EXPECT_DOUBLE_EQ(calendarDaysAt(tuesdayOff, kMonday, 12), 2.5);
    EXPECT_TRUE(std::isnan(calendarDaysAt(calendar, kMonday, -1)));
}

TEST(Calendar, IsoDates)
{
    EXPECT_EQ(isoDate(day(2026, 12, 24)), QStringLiteral("2026-12-24"));
    EXPECT_EQ(isoDate(day(2027, 1, 5)), QStringLiteral("2027-01-05"));
    EXPECT_EQ(parseIsoDate(QStringLiteral("2026-12-24")), day(2026, 12, 24));
    EXPECT_EQ(parseIsoDate(QStringLiteral("2028-02-29")), day(2028, 2, 29));
    EXPECT_EQ(parseIsoDate(QStringLiteral("2026-02-30")), std::nullopt);
    EXPECT_EQ(parseIsoDate(QStringLiteral("2027-02-29")), std::nullopt);
    EXPECT_EQ(parseIsoDate(QStringLiteral("2026-13-01")), std::nullopt);
    EXPECT_EQ(parseIsoDate(QStringLiteral("2026-2-3")), std::nullopt);
    EXPECT_EQ(parseIsoDate(QStringLiteral("2026-02-03T10:00")), std::nullopt);
    EXPECT_EQ(parseIsoDate(QStringLiteral("03/02/2026")), std::nullopt);
    EXPECT_EQ(parseIsoDate(QString()), std::nullopt);
    for (const QDate &date : {day(2026, 1, 1), day(2026, 12, 31), day(2000, 2, 29)})
        EXPECT_EQ(parseIsoDate(isoDate(date)), date);
}

TEST(Calendar, WorkingDayLists)
{
    const std::array<bool, 7> weekdays = week({0, 1, 2, 3, 4});
    EXPECT_EQ(workingDaysKey(weekdays), QStringLiteral("mon,tue,wed,thu,fri"));
    EXPECT_EQ(workingDaysKey(week({6, 0})), QStringLiteral("mon,sun"));
    EXPECT_EQ(parseWorkingDays(QStringLiteral("mon-fri")), weekdays);
    EXPECT_EQ(parseWorkingDays(QStringLiteral("mon,tue,wed,thu,fri")), weekdays);
    EXPECT_EQ(parseWorkingDays(QStringLiteral("Mon, TUE ,wed,Thu,fri")), weekdays);
    EXPECT_EQ(parseWorkingDays(QStringLiteral("Monday-Friday")), weekdays);
    EXPECT_EQ(parseWorkingDays(QStringLiteral("sun-thu")), week({6, 0, 1, 2, 3}));
    EXPECT_EQ(parseWorkingDays(QStringLiteral("mon-fri,sat")), week({0, 1, 2, 3, 4, 5}));
    EXPECT_EQ(parseWorkingDays(QStringLiteral("fri-mon")), week({4, 5, 6, 0}));
    EXPECT_EQ(parseWorkingDays(QStringLiteral("wed-wed")), week({2}));
    EXPECT_EQ(parseWorkingDays(QStringLiteral("sunday")), week({6}));
    for (const char *bad : {"", "funday", "mon,,tue", "mon,", "mon-tue-wed", "mon-", "m"})
        EXPECT_EQ(parseWorkingDays(QString::fromLatin1(bad)), std::nullopt) << bad;
    // Every non-empty week survives its key.
    for (int mask = 1; mask < 128; ++mask) {
        std::array<bool, 7> days{};
        for (size_t d = 0; d < 7; ++d)
            days[d] = (mask >> d) & 1;
        EXPECT_EQ(parseWorkingDays(workingDaysKey(days)), days) << mask;
    }
}

TEST(Calendar, ValidateMessages)
{
    EXPECT_TRUE(validate(WorkCalendar{}).empty());
    EXPECT_TRUE(validate(yearEnd()).empty());

    WorkCalendar none;
    none.workingDays = {};
    EXPECT_EQ(validate(none),
              (std::vector<FieldError>{{QStringLiteral("calendar.working_days"),
                                        QStringLiteral("no working day: tick at least one day "
                                                       "of the week")}}));

    WorkCalendar long_;
    long_.hoursPerDay = 25;
    EXPECT_EQ(validate(long_),
              (std::vector<FieldError>{{QStringLiteral("calendar.hours_per_day"),
                                        QStringLiteral("must be above 0 and at most 24 hours, "
                                                       "got 25")}}));
    for (double bad : {0.0, -1.0, std::numeric_limits<double>::quiet_NaN(),
                       std::numeric_limits<double>::infinity()}) {
        WorkCalendar calendar;
        calendar.hoursPerDay = bad;
        ASSERT_EQ(validate(calendar).size(), 1u) << bad;
        EXPECT_EQ(validate(calendar)[0].field, QStringLiteral("calendar.hours_per_day"));
    }
    WorkCalendar fullDay;
    fullDay.hoursPerDay = 24;
    EXPECT_TRUE(validate(fullDay).empty());

    WorkCalendar badHoliday;
    badHoliday.holidays = {day(2026, 12, 25), QDate()};
    const std::vector<FieldError> errors = validate(badHoliday);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].field, QStringLiteral("calendar.holidays[1]"));
    EXPECT_TRUE(errors[0].message.contains(QStringLiteral("YYYY-MM-DD")))
        << errors[0].message.toStdString();
}

TEST(Calendar, FromLocale)
{
    const WorkCalendar us =
        WorkCalendar::fromLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    EXPECT_EQ(us, WorkCalendar{});
    // Whatever the locale data says, the calendar follows it.
    const QLocale saudi(QLocale::Arabic, QLocale::SaudiArabia);
    const WorkCalendar fromSaudi = WorkCalendar::fromLocale(saudi);
    std::array<bool, 7> expected{};
    for (Qt::DayOfWeek d : saudi.weekdays())
        expected[static_cast<size_t>(d) - 1] = true;
    EXPECT_EQ(fromSaudi.workingDays, expected);
    EXPECT_EQ(fromSaudi.hoursPerDay, 8.0);
    EXPECT_TRUE(fromSaudi.holidays.empty());
}

TEST(Calendar, InvalidInputsGiveInvalidDates)
{
    const WorkCalendar calendar;
    EXPECT_FALSE(finishDate(calendar, kMonday, std::numeric_limits<double>::quiet_NaN()).isValid());
    EXPECT_FALSE(finishDate(calendar, kMonday, std::numeric_limits<double>::infinity()).isValid());
    EXPECT_FALSE(finishDate(calendar, kMonday, -1).isValid());
    EXPECT_FALSE(finishDate(calendar, QDate(), 8).isValid());
    WorkCalendar none;
    none.workingDays = {};
    EXPECT_FALSE(finishDate(none, kMonday, 8).isValid());
    EXPECT_FALSE(nextWorkingDay(none, kMonday).isValid());
}

TEST(Calendar, AMillionHoursIsFastAndConsistent)
{
    WorkCalendar calendar = yearEnd();
    for (int year = 2027; year < 2600; ++year)
        calendar.holidays.push_back(day(year, 12, 25));
    const QDate start = day(2026, 12, 24);
    const auto begin = std::chrono::steady_clock::now();
    QDate finish;
    for (int k = 0; k < 1000; ++k)
        finish = finishDate(calendar, start, 1e6 + k);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    EXPECT_LT(seconds, 2.0); // 1,000 calls: a chart's worth
    ASSERT_TRUE(finish.isValid());
    const double h = 1e6 + 999;
    EXPECT_GE(workingHoursBetween(calendar, start, finish.addDays(1)), h);
    EXPECT_LT(workingHoursBetween(calendar, start, finish), h);
    // 125,125 working days of 8 h: some 480 years of weekdays.
    EXPECT_GT(finish.year(), 2400);
}

TEST(Calendar, FinishDateAndWorkingHoursAgree)
{
    std::mt19937_64 random(21);
    std::uniform_int_distribution<int> mask(1, 127);
    std::uniform_int_distribution<qint64> offset(0, 3000);
    std::uniform_int_distribution<int> holidayCount(0, 40);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const QDate base = day(2025, 1, 1);
    for (int trial = 0; trial < 20000; ++trial) {
        WorkCalendar calendar;
        const int m = mask(random);
        for (size_t d = 0; d < 7; ++d)
            calendar.workingDays[d] = (m >> d) & 1;
        calendar.hoursPerDay = trial % 3 == 0 ? 8.0 : 0.5 + 23.5 * unit(random);
        const QDate start = base.addDays(offset(random));
        for (int k = holidayCount(random); k > 0; --k) // weekends and duplicates included
            calendar.holidays.push_back(start.addDays(offset(random) % 400 - 30));
        // Whole days of work, an ulp either side of them (the day ends are the edge cases), or
        // any fraction.
        const double days = 1500 * unit(random);
        const double whole = std::max(1.0, std::round(days)) * calendar.hoursPerDay;
        double h = days * calendar.hoursPerDay + 1e-3;
        if (trial % 4 == 0)
            h = whole;
        else if (trial % 4 == 1)
            h = std::nextafter(whole, 1e300);
        else if (trial % 4 == 2)
            h = std::nextafter(whole, 0.0);
        const QDate finish = finishDate(calendar, start, h);
        ASSERT_TRUE(finish.isValid());
        ASSERT_TRUE(isWorkingDay(calendar, finish));
        // A day-by-day walk agrees (isWorkingDay shares no counting code with finishDate).
        if (days < 300) {
            QDate walk = start;
            for (int worked = 0;; walk = walk.addDays(1)) {
                if (isWorkingDay(calendar, walk) && ++worked * calendar.hoursPerDay >= h)
                    break;
            }
            ASSERT_EQ(finish, walk) << trial;
        }
        ASSERT_GE(workingHoursBetween(calendar, start, finish.addDays(1)), h) << trial;
        ASSERT_LT(workingHoursBetween(calendar, start, finish), h) << trial;
        // The chart's position lies in the finish day: (offset, offset + 1], an ulp's share of
        // a day lost to rounding at most.
        const double at = calendarDaysAt(calendar, start, h);
        const auto finishOffset = static_cast<double>(start.daysTo(finish));
        ASSERT_GE(at, finishOffset) << trial;
        ASSERT_LE(at, finishOffset + 1) << trial;
    }
}
