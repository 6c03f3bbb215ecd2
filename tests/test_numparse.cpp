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
