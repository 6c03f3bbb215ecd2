#include "core/base/numparse.h"

#include <gtest/gtest.h>

using namespace pipeplan;

namespace {
double parsed(const char *text)
{
    const numparse::Parsed result = numparse::number(QString::fromUtf8(text));
    EXPECT_TRUE(result.value.has_value()) << text << ": " << result.error.toStdString();
    return result.value.value_or(-1);
}

QString errorOf(const char *text)
{
    const numparse::Parsed result = numparse::number(QString::fromUtf8(text));
    EXPECT_FALSE(result.value.has_value()) << text;
    return result.error;
}
} // namespace

TEST(NumParse, AcceptsPlainScientificAndSuffixes)
{
    EXPECT_DOUBLE_EQ(parsed("150000000"), 150e6);
    EXPECT_DOUBLE_EQ(parsed("150e6"), 150e6);
    EXPECT_DOUBLE_EQ(parsed("150M"), 150e6);
    EXPECT_DOUBLE_EQ(parsed("1.5k"), 1500);
    EXPECT_DOUBLE_EQ(parsed("1.5K"), 1500);
    EXPECT_DOUBLE_EQ(parsed("2G"), 2e9);
    EXPECT_DOUBLE_EQ(parsed("3T"), 3e12);
    EXPECT_DOUBLE_EQ(parsed("512Mi"), 512.0 * 1024 * 1024);
    EXPECT_DOUBLE_EQ(parsed("32Gi"), 32.0 * 1024 * 1024 * 1024);
    EXPECT_DOUBLE_EQ(parsed(" 0.98 "), 0.98);
    EXPECT_DOUBLE_EQ(parsed("+7"), 7);
    EXPECT_DOUBLE_EQ(parsed("-5"), -5); // a sign is parsed; the field's range rejects it
}

TEST(NumParse, RejectsGarbageNanInfOverflow)
{
    EXPECT_EQ(errorOf(""), QStringLiteral("missing value"));
    EXPECT_TRUE(errorOf("abc").contains(QStringLiteral("not a number")));
    EXPECT_TRUE(errorOf("nan").contains(QStringLiteral("not a number")));
    EXPECT_TRUE(errorOf("inf").contains(QStringLiteral("not a number")));
    EXPECT_TRUE(errorOf("-infinity").contains(QStringLiteral("not a number")));
    EXPECT_TRUE(errorOf("1e400").contains(QStringLiteral("overflow")));
    EXPECT_TRUE(errorOf("1e308k").contains(QStringLiteral("overflow")));
    EXPECT_TRUE(errorOf("150m").contains(QStringLiteral("ambiguous")));
    EXPECT_TRUE(errorOf("1.2.3").contains(QStringLiteral("not a number")));
    EXPECT_TRUE(errorOf("12abc").contains(QStringLiteral("not a number")));
    EXPECT_TRUE(errorOf("0x10").contains(QStringLiteral("not a number")));
    EXPECT_TRUE(errorOf("k").contains(QStringLiteral("not a number")));
    EXPECT_TRUE(errorOf("5Xi").contains(QStringLiteral("not a number")));
    EXPECT_TRUE(errorOf("1,000").contains(QStringLiteral("not a number")));
}

TEST(NumParse, Lists)
{
    const numparse::ParsedList list = numparse::numberList(QStringLiteral("100,500,1k,35K"));
    ASSERT_TRUE(list.values.has_value());
    EXPECT_EQ(*list.values, (std::vector<double>{100, 500, 1000, 35000}));
    const numparse::ParsedList bad = numparse::numberList(QStringLiteral("100,,500"));
    EXPECT_FALSE(bad.values.has_value());
    EXPECT_TRUE(bad.error.startsWith(QStringLiteral("item 2:"))) << bad.error.toStdString();
}

// Issue 32: a duration is typed with its unit wherever one is asked for.
TEST(NumParse, DurationsTakeTheirUnits)
{
    const auto seconds = [](const char *text) {
        return numparse::duration(QString::fromUtf8(text)).value;
    };
    EXPECT_EQ(seconds("8h"), 8 * 3600.0);
    EXPECT_EQ(seconds("90 min"), 5400.0);
    EXPECT_EQ(seconds("2d"), 2 * 86400.0);
    EXPECT_EQ(seconds("1.5 weeks"), 1.5 * 7 * 86400);
    EXPECT_EQ(seconds("1h 30min"), 5400.0);
    EXPECT_EQ(seconds("250 ms"), 0.25);
    EXPECT_EQ(seconds("45 Seconds"), 45.0);
    EXPECT_EQ(seconds("3 hours"), 3 * 3600.0);
    // Refused, with why.
    EXPECT_FALSE(seconds("8"));
    EXPECT_FALSE(seconds("8 parsecs"));
    EXPECT_FALSE(seconds(""));
    EXPECT_TRUE(
        numparse::duration(QStringLiteral("5m")).error.contains(QStringLiteral("ambiguous")));
    EXPECT_TRUE(numparse::duration(QStringLiteral("8 fortnights"))
                    .error.contains(QStringLiteral("'fortnights' is not a unit of time")));
    EXPECT_EQ(numparse::typed(QStringLiteral("1,440 min"), numparse::Kind::Duration).value,
              std::optional<double>(86400));
}
