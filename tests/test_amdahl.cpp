#include "core/model/amdahl.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace pipeplan;

// ../shared/docs/reference-values.md, recomputed from S = 1 / ((1 - p) + p / N).
TEST(Amdahl, PublishedSpeedups)
{
    struct Row
    {
        double p, n, speedup;
    };
    const Row rows[] = {
        {0.9, 2, 1.82},  {0.9, 4, 3.08},    {0.9, 8, 4.71},  {0.9, 16, 6.40},
        {0.9, 64, 8.77}, {0.9, 1024, 9.91}, {0.7, 2, 1.54},  {0.7, 4, 2.11},
        {0.7, 8, 2.58},  {0.7, 16, 2.91},   {0.7, 64, 3.22},
    };
    for (const Row &row : rows)
        EXPECT_NEAR(amdahl::speedup(row.p, row.n), row.speedup, 0.005) << row.p << " " << row.n;
    // reference-values.md prints 3.21 for p = 0.7, N = 64; the formula gives 3.216 (3.22).
    // One calculator site lists S(256) = 9.63 for p = 0.9; the formula gives 9.66.
    EXPECT_NEAR(amdahl::speedup(0.9, 256), 9.66, 0.005);
}

// Seed 000 writes 1 / (0.02 + 0.00098) ~ 48x for p = 0.98, N = 10,000, but p / N is 0.000098:
// the formula gives 49.76x (and the ceiling is 50x, not 48x).
TEST(Amdahl, Seed000TwoPercentSerial)
{
    EXPECT_NEAR(amdahl::speedup(0.98, 10'000), 49.76, 0.005);
    EXPECT_NEAR(amdahl::maxSpeedup(0.98), 50.0, 1e-9);
    EXPECT_NEAR(amdahl::efficiency(0.98, 10'000), 0.004976, 1e-6);
}

TEST(Amdahl, LinearWhenFullyParallel)
{
    EXPECT_DOUBLE_EQ(amdahl::speedup(1.0, 10'000), 10'000);
    EXPECT_DOUBLE_EQ(amdahl::efficiency(1.0, 10'000), 1.0);
    EXPECT_TRUE(std::isinf(amdahl::maxSpeedup(1.0)));
    EXPECT_DOUBLE_EQ(amdahl::speedup(0.0, 10'000), 1.0);
}

TEST(Amdahl, WorkersNeeded)
{
    EXPECT_EQ(amdahl::workersNeeded(0.9, 5), 9.0);      // exact: 0.9 / (0.2 - 0.1) = 9
    EXPECT_EQ(amdahl::workersNeeded(0.9, 9.91), 991.0); // 0.9 / (1/9.91 - 0.1) = 991.0
    EXPECT_EQ(amdahl::workersNeeded(0.9, 0.5), 1.0);
    EXPECT_FALSE(amdahl::workersNeeded(0.9, 10).has_value()); // at the ceiling
    EXPECT_FALSE(amdahl::workersNeeded(0.9, 11).has_value()); // above it
    EXPECT_FALSE(amdahl::workersNeeded(0.0, 2).has_value());
    EXPECT_EQ(amdahl::workersNeeded(1.0, 48), 48.0);
    EXPECT_EQ(amdahl::workersNeeded(0.98, 48), 1176.0); // 0.98 / (1/48 - 0.02)
}

// Properties over a grid: S never exceeds the ceiling, never falls as N grows, and the inverse is
// the smallest N that reaches the target.
TEST(Amdahl, Properties)
{
    for (double p = 0.0; p <= 1.0; p += 0.05) {
        double previous = 0;
        for (double n = 1; n <= 1e7; n *= 1.7) {
            const double s = amdahl::speedup(p, n);
            EXPECT_LE(s, amdahl::maxSpeedup(p) * (1 + 1e-12));
            EXPECT_LE(s, n * (1 + 1e-12));
            EXPECT_GE(s, previous);
            previous = s;
        }
        for (double target = 1.5; target < 200; target *= 1.9) {
            const auto n = amdahl::workersNeeded(p, target);
            if (!n) {
                EXPECT_GE(target, amdahl::maxSpeedup(p) * (1 - 1e-12));
                continue;
            }
            EXPECT_GE(amdahl::speedup(p, *n), target * (1 - 1e-9));
            if (*n > 1) {
                EXPECT_LT(amdahl::speedup(p, *n - 1), target);
            }
        }
    }
}
