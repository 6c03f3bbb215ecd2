#include "core/base/format.h"
#include "core/base/units.h"
#include "core/model/scenario.h"
#include "core/model/workload.h"

#include <gtest/gtest.h>

using namespace pipeplan;

namespace {
Workload seedJob()
{
    Workload w;
    w.users = 150e6;
    w.predictionsPerUser = 20;
    w.latencyMs = 1000;
    return w;
}
} // namespace

// Seed 000 "Baseline: sequential, single-threaded".
TEST(Workload, Seed000Baseline)
{
    const Workload w = seedJob();
    EXPECT_DOUBLE_EQ(runtime::totalPredictions(w), 3e9);
    EXPECT_DOUBLE_EQ(runtime::scoringMsPerUser(w), 20'000); // 20 s per user
    const double work = runtime::workSeconds(runtime::usersScored(w), runtime::scoringMsPerUser(w));
    EXPECT_DOUBLE_EQ(work, 3e9);
    EXPECT_DOUBLE_EQ(runtime::runtimeSeconds(work, 1, 1.0), 3e9);
    EXPECT_EQ(format::duration(work), QStringLiteral("95.06 years"));
}

// Seed 000's combined example: 75M users x 20 x 10 ms = 15,000,000 s (~173.6 days single
// stream), / 10,000 workers = 1,500 s (about 25 minutes).
TEST(Workload, Seed000PrunedAcceleratedParallel)
{
    Workload w = seedJob();
    w.keepFraction = 0.5;
    w.latencyMs = 10;
    w.workers = 10'000;
    EXPECT_DOUBLE_EQ(runtime::usersScored(w), 75e6);
    EXPECT_DOUBLE_EQ(runtime::scoringMsPerUser(w), 200);
    const double work = runtime::workSeconds(runtime::usersScored(w), runtime::scoringMsPerUser(w));
    EXPECT_DOUBLE_EQ(work, 15e6);
    EXPECT_NEAR(units::toDays(work), 173.6, 0.05);
    const double seconds = runtime::runtimeSeconds(work, w.workers, w.parallelFraction);
    EXPECT_DOUBLE_EQ(seconds, 1500);
    EXPECT_EQ(format::duration(seconds), QStringLiteral("25 minutes"));
}

TEST(Workload, BatchedTimeReplacesPredictionsTimesLatency)
{
    Workload w = seedJob();
    w.batchMsPerUser = 50; // the seed's "say 50 ms per batched user"
    EXPECT_DOUBLE_EQ(runtime::scoringMsPerUser(w), 50);
    EXPECT_DOUBLE_EQ(runtime::totalPredictions(w), 3e9); // batching does not change the count
}

// Seed 000 "Parallel execution runtime" table (near-linear, Hours = 833,333.33 / workers).
TEST(Scaling, Seed000Table)
{
    const std::vector<ScalingRow> rows = scalingTable(3e9, 1.0, defaultWorkerCounts());
    ASSERT_EQ(rows.size(), 7u);
    struct Expected
    {
        double workers, hours, days;
    };
    // Days as the seed prints them, to its precision.
    const Expected expected[] = {{100, 8333.33, 347.2}, {500, 1666.67, 69.4}, {1000, 833.33, 34.7},
                                 {5000, 166.67, 6.9},   {10000, 83.33, 3.5},  {35000, 23.8, 1.0},
                                 {50000, 16.67, 0.69}};
    for (size_t i = 0; i < rows.size(); ++i) {
        EXPECT_EQ(rows[i].workers, expected[i].workers);
        const double hoursTolerance = expected[i].workers == 35000 ? 0.05 : 0.005;
        EXPECT_NEAR(rows[i].linearHours, expected[i].hours, hoursTolerance) << i;
        const double daysTolerance = expected[i].workers == 50000 ? 0.005 : 0.05;
        EXPECT_NEAR(rows[i].linearDays, expected[i].days, daysTolerance) << i;
        // p = 1: Amdahl is the linear model.
        EXPECT_DOUBLE_EQ(rows[i].amdahlSpeedup, rows[i].workers);
        EXPECT_NEAR(rows[i].amdahlHours, rows[i].linearHours, 1e-9);
    }
}

TEST(Scaling, AmdahlColumnsAndRuntimeNeverRisesWithWorkers)
{
    const std::vector<ScalingRow> rows = scalingTable(3e9, 0.98, defaultWorkerCounts());
    EXPECT_NEAR(rows[4].amdahlSpeedup, 49.76, 0.005);   // 10,000 workers
    EXPECT_NEAR(rows[4].amdahlHours, 16'748.33, 0.005); // 833,333.33 h x (0.02 + 0.98 / 10,000)
    for (size_t i = 1; i < rows.size(); ++i) {
        EXPECT_LE(rows[i].linearHours, rows[i - 1].linearHours);
        EXPECT_LE(rows[i].amdahlHours, rows[i - 1].amdahlHours);
        EXPECT_GE(rows[i].amdahlHours, rows[i].linearHours);
    }
    for (double p : {0.0, 0.5, 0.9, 0.999, 1.0}) {
        double previous = 1e300;
        for (double n = 1; n < 1e8; n *= 3) {
            const double seconds = runtime::runtimeSeconds(3e9, n, p);
            EXPECT_LE(seconds, previous * (1 + 1e-12));
            previous = seconds;
        }
    }
}

TEST(Scaling, NearestRowOnALogScale)
{
    const std::vector<double> counts = defaultWorkerCounts();
    EXPECT_EQ(nearestRow(counts, 10'000), 4);
    EXPECT_EQ(nearestRow(counts, 1), 0);
    EXPECT_EQ(nearestRow(counts, 1e9), 6);
    EXPECT_EQ(nearestRow(counts, 2'000), 2); // log-distance to 1,000 is smaller than to 5,000
    EXPECT_EQ(nearestRow(counts, 3'000), 3);
    EXPECT_EQ(nearestRow({}, 5), -1);
    EXPECT_EQ(nearestRow(counts, 100), 0);     // exact match on the first row
    EXPECT_EQ(nearestRow({10, 1000}, 100), 0); // a tie goes to the smaller count
    EXPECT_EQ(nearestRow({1000, 10}, 100), 1);
}

TEST(Workload, ValidationNamesTheField)
{
    Workload w = seedJob();
    EXPECT_TRUE(validate(w).empty());
    w.users = -5;
    w.keepFraction = 0;
    w.parallelFraction = std::nan("");
    w.workers = 2.5;
    const std::vector<FieldError> errors = validate(w);
    ASSERT_EQ(errors.size(), 4u);
    EXPECT_EQ(errors[0].field, QStringLiteral("users"));
    EXPECT_EQ(errors[0].message, QStringLiteral("must be at least 1, got -5"));
    EXPECT_EQ(errors[1].field, QStringLiteral("keep_fraction"));
    EXPECT_EQ(errors[1].message, QStringLiteral("must be greater than 0, got 0"));
    EXPECT_EQ(errors[2].field, QStringLiteral("workers"));
    EXPECT_EQ(errors[2].message, QStringLiteral("must be a whole number, got 2.5"));
    EXPECT_EQ(errors[3].field, QStringLiteral("parallel_fraction"));
    EXPECT_EQ(errors[3].message, QStringLiteral("is not a number (NaN)"));
    w = seedJob();
    w.users = 1e300;
    ASSERT_EQ(validate(w).size(), 1u);
    EXPECT_TRUE(validate(w)[0].message.startsWith(QStringLiteral("is too large")));
}
