#include "core/base/csv.h"
#include "core/base/format.h"
#include "core/base/units.h"
#include "core/project/planunits.h"

#include <gtest/gtest.h>

#include <limits>

using namespace pipeplan;

// Seed 000, "Baseline": 3,000,000,000 s -> 50,000,000 min -> 833,333.33 h -> 34,722.22 d
// -> 95.06 years (365.25-day years).
TEST(Units, Seed000Conversions)
{
    const double seconds = 3e9;
    EXPECT_DOUBLE_EQ(units::toMinutes(seconds), 50'000'000.0);
    EXPECT_NEAR(units::toHours(seconds), 833'333.33, 0.005);
    EXPECT_NEAR(units::toDays(seconds), 34'722.22, 0.005);
    EXPECT_NEAR(units::toYears(seconds), 95.06, 0.005);
    // 365 days would give 95.13: the test the seed asks for.
    EXPECT_GT(std::abs(seconds / (365.0 * 86400.0) - units::toYears(seconds)), 0.06);
}

TEST(Format, GroupedAndTrimmed)
{
    EXPECT_EQ(format::grouped(833'333.333, 2), QStringLiteral("833,333.33"));
    EXPECT_EQ(format::grouped(3e9, 0), QStringLiteral("3,000,000,000"));
    EXPECT_EQ(format::grouped(999.999, 2), QStringLiteral("1,000.00"));
    EXPECT_EQ(format::grouped(-1234.5, 1), QStringLiteral("-1,234.5"));
    EXPECT_EQ(format::grouped(-0.001, 2), QStringLiteral("0.00"));
    EXPECT_EQ(format::grouped(12, 0), QStringLiteral("12"));
    EXPECT_EQ(format::trimmed(25.0, 2), QStringLiteral("25"));
    EXPECT_EQ(format::trimmed(0.5, 2), QStringLiteral("0.5"));
    EXPECT_EQ(format::trimmed(12'345.6789, 2), QStringLiteral("12,345.68"));
    EXPECT_EQ(format::count(150e6, QStringLiteral("users")), QStringLiteral("150,000,000 users"));
    EXPECT_EQ(format::grouped(std::numeric_limits<double>::infinity(), 2), QStringLiteral("∞"));
}

TEST(Format, Milliseconds)
{
    EXPECT_EQ(format::milliseconds(10), QStringLiteral("10 ms"));
    EXPECT_EQ(format::milliseconds(0.25), QStringLiteral("250 µs"));
    EXPECT_EQ(format::milliseconds(1000), QStringLiteral("1,000 ms"));
    EXPECT_EQ(format::milliseconds(60'000), QStringLiteral("60 s"));
}

TEST(Format, DurationPicksTheReadableUnit)
{
    EXPECT_EQ(format::duration(3e9), QStringLiteral("95.06 years"));
    EXPECT_EQ(format::duration(1500), QStringLiteral("25 minutes"));
    EXPECT_EQ(format::duration(15e6), QStringLiteral("173.61 days"));
    EXPECT_EQ(format::duration(16.6667 * 3600), QStringLiteral("16.67 hours"));
    EXPECT_EQ(format::duration(83.3333 * 3600), QStringLiteral("3.47 days"));
    EXPECT_EQ(format::duration(45), QStringLiteral("45 seconds"));
    EXPECT_EQ(format::duration(1), QStringLiteral("1 second"));
    EXPECT_EQ(format::duration(60), QStringLiteral("60 seconds"));
    EXPECT_EQ(format::duration(3600), QStringLiteral("60 minutes"));
    EXPECT_EQ(format::duration(0.12), QStringLiteral("120 ms"));
    EXPECT_EQ(format::duration(std::numeric_limits<double>::infinity()), QStringLiteral("never"));
}

TEST(Csv, QuotesWhatNeedsQuotingAndParsesBack)
{
    const std::vector<QStringList> rows{
        {QStringLiteral("Workers"), QStringLiteral("Linear (h)")},
        {QStringLiteral("100"), QStringLiteral("8,333.33")},
        {QStringLiteral("say \"hi\""), QStringLiteral("two\nlines")},
    };
    const QString text = pipeplan::csv::write(rows);
    EXPECT_EQ(text, QStringLiteral("Workers,Linear (h)\r\n100,\"8,333.33\"\r\n\"say \"\"hi\"\"\","
                                   "\"two\nlines\"\r\n"));
    EXPECT_EQ(pipeplan::csv::parse(text), rows);
    EXPECT_FALSE(pipeplan::csv::parse(QStringLiteral("a,\"open")).has_value());
    EXPECT_EQ(pipeplan::csv::tabSeparated(rows).split(QLatin1Char('\n'))[2],
              QStringLiteral("say \"hi\"\ttwo lines"));
}

// A plan's durations in the unit its size calls for, one of them singular (issue 32: "PERT σ
// 1 days").
TEST(Format, PlanDurationsSayOneDayAndOneWeek)
{
    using pipeplan::planDuration;
    EXPECT_EQ(planDuration(8, 40), QStringLiteral("1 day"));
    EXPECT_EQ(planDuration(16, 40), QStringLiteral("2 days"));
    EXPECT_EQ(planDuration(40, 400), QStringLiteral("1 week"));
    EXPECT_EQ(planDuration(36, 400), QStringLiteral("0.9 weeks"));
    EXPECT_EQ(planDuration(1, 4), QStringLiteral("1 h"));
}

// A value that is not zero never reads as zero: a deadline of 1e-9 s, a budget of 0.001.
TEST(Format, TinyValuesNeverReadAsZero)
{
    EXPECT_EQ(format::duration(1e-9), QStringLiteral("1 ns"));
    EXPECT_EQ(format::duration(2.5e-6), QStringLiteral("2.5 µs"));
    EXPECT_EQ(format::duration(1e-15), QStringLiteral("< 0.01 ns"));
    EXPECT_EQ(format::duration(0), QStringLiteral("0 ms"));
    EXPECT_EQ(format::milliseconds(4e-4), QStringLiteral("400 ns"));
    EXPECT_EQ(format::signedDuration(-1e-13), QStringLiteral("+0 ms"));
    EXPECT_EQ(format::signedDuration(-0.5), QStringLiteral("-500 ms"));
    EXPECT_EQ(format::money(0.001, QStringLiteral("USD")), QStringLiteral("< $0.01"));
    EXPECT_EQ(format::money(-0.001, QStringLiteral("USD")), QStringLiteral("< \u2212$0.01"));
    EXPECT_EQ(format::money(0.001, QStringLiteral("CHF")), QStringLiteral("< CHF 0.01"));
    EXPECT_EQ(format::money(0.005, QStringLiteral("USD")), QStringLiteral("$0.01"));
    EXPECT_EQ(format::money(0, QStringLiteral("USD")), QStringLiteral("$0.00"));
}
