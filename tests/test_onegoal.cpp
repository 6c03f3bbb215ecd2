// One deadline rule: the headline's fewest workers, What it would take's workers row (its Apply
// button and the table's "at least" cell) and the verdict at that count are one number, also on
// a tie, where the runtime equals the deadline and rounding puts it a few ulps either side.
#include "core/base/cost.h"
#include "core/base/deadline.h"
#include "core/plan/explain.h"
#include "core/plan/planresult.h"
#include "core/plan/scenariofile.h"
#include "core/plan/whatittakes.h"

#include <QDir>
#include <QFile>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace pipeplan;

namespace {

Plan loadPreset(const QString &name)
{
    QFile file(QStringLiteral(PIPEPLAN_PRESETS_DIR "/") + name);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << name.toStdString();
    const scenariofile::LoadResult loaded = scenariofile::fromJson(file.readAll());
    EXPECT_TRUE(loaded.plan) << name.toStdString();
    return loaded.plan.value_or(Plan{});
}

std::optional<double> workersRow(const PlanResult &result)
{
    for (const whatittakes::Row &row : result.whatItTakes.rows) {
        if (row.key == QLatin1String("workload.workers"))
            return row.needed;
    }
    return std::nullopt;
}

std::optional<double> headlineFewest(const PlanResult &result)
{
    return result.model.deadline ? result.model.deadline->withOverheads.workers : std::nullopt;
}

double runtimeAt(Plan plan, double workers)
{
    plan.scenario.workload.workers = workers;
    return evaluatePlan(plan).model.effectiveRuntimeSeconds;
}

} // namespace

TEST(OneDeadline, TheRuleForgivesTheLastBitsOfATieAndNothingMore)
{
    EXPECT_TRUE(deadline::meets(86'400, 86'400));
    EXPECT_TRUE(deadline::meets(86'400.00000000006, 86'400));
    EXPECT_FALSE(deadline::meets(86'400.001, 86'400));
    EXPECT_FALSE(deadline::meets(86'401, 86'400));
}

// Nightly scoring at 1.43 ms with a 24-hour deadline: on 7,007 workers the runtime is 24 hours
// in exact arithmetic (86,400.00000000006 s in binary). The headline said 7,007, the Apply
// button and the table 7,008, and the verdict at 7,007 "misses by 0.06 ns".
TEST(OneDeadline, NightlyAtOnePointFourThreeMsIsSevenThousandSevenEverywhere)
{
    Plan plan = loadPreset(QStringLiteral("nightly-scoring.json"));
    plan.scenario.workload.latencyMs = 1.43;
    plan.scenario.goal.finishWithin = true;
    plan.scenario.goal.deadlineSeconds = 86'400;
    const PlanResult result = evaluatePlan(plan);
    ASSERT_TRUE(headlineFewest(result));
    EXPECT_EQ(*headlineFewest(result), 7007);
    ASSERT_TRUE(workersRow(result));
    EXPECT_EQ(*workersRow(result), 7007);

    plan.scenario.workload.workers = 7007;
    const PlanResult at = evaluatePlan(plan);
    ASSERT_TRUE(at.model.deadline);
    EXPECT_TRUE(at.model.deadline->meets);
    EXPECT_EQ(at.model.deadline->marginSeconds, 0.0);
    EXPECT_EQ(*headlineFewest(at), 7007);
    plan.scenario.workload.workers = 7006;
    EXPECT_FALSE(evaluatePlan(plan).model.deadline->meets);
}

// Every preset with a deadline set to its own runtime at a worker count (a tie), and one ulp
// either side: the headline's fewest and the workers row agree, the plan meets at that count
// and misses at one fewer.
TEST(OneDeadline, HeadlineApplyAndRowAgreeAroundEveryTie)
{
    std::mt19937_64 random(51);
    int ties = 0;
    for (const QString &name : QDir(QStringLiteral(PIPEPLAN_PRESETS_DIR))
                                   .entryList({QStringLiteral("*.json")}, QDir::Files)) {
        Plan plan = loadPreset(name);
        plan.scenario.goal.finishWithin = true;
        plan.scenario.goal.budget.reset();
        plan.scenario.uncertainty.ranges.clear();
        std::uniform_real_distribution<double> logWorkers(0, std::log(20'000.0));
        for (int k = 0; k < 4; ++k) {
            const double workers = std::round(std::exp(logWorkers(random))) + 1;
            const double tie = runtimeAt(plan, workers);
            if (!(tie > 0) || !std::isfinite(tie))
                continue;
            for (const double deadlineSeconds :
                 {tie, std::nextafter(tie, 0.0), std::nextafter(tie, 1e300)}) {
                plan.scenario.goal.deadlineSeconds = deadlineSeconds;
                const PlanResult result = evaluatePlan(plan);
                const std::optional<double> fewest = headlineFewest(result);
                const std::optional<double> row = workersRow(result);
                const std::string where =
                    name.toStdString() + " at " + std::to_string(workers) + " workers";
                EXPECT_EQ(fewest.has_value(), row.has_value()) << where;
                if (!fewest || !row)
                    continue;
                ++ties;
                EXPECT_EQ(*fewest, *row) << where;
                Plan applied = plan;
                applied.scenario.workload.workers = *row;
                EXPECT_TRUE(evaluatePlan(applied).model.deadline->meets) << where;
                if (*row > 1) {
                    applied.scenario.workload.workers = *row - 1;
                    EXPECT_FALSE(evaluatePlan(applied).model.deadline->meets) << where;
                }
            }
        }
    }
    EXPECT_GT(ties, 40);
}

// One price in force: with a device pricing the workers, the goal seek's heading names the price
// its values are at, and where it comes from; every value is workers x hours x that price.
TEST(OnePrice, TheDevicesPriceHeadsTheGoalSeekAndPricesItsValues)
{
    Plan plan = loadPreset(QStringLiteral("embedding-h100.json"));
    plan.scenario.goal.pricePerWorkerHour = 0.5; // typed, not in force: the device prices
    PlanResult result = evaluatePlan(plan);
    completeBackground(result, plan, Background::GoalSeek);
    ASSERT_TRUE(result.goalSeek.ready());
    EXPECT_EQ(result.model.cost.pricePerWorkerHour, 2.5);
    EXPECT_EQ(result.model.cost.priceSource, QStringLiteral("H100 SXM"));
    const std::vector<QStringList> rows =
        explain::goalSeekRows(*result.goalSeek.ready(), result.model.cost);
    EXPECT_EQ(rows.front().at(3), QStringLiteral("Cost at $2.50/worker-h (H100 SXM)"));
    int priced = 0;
    for (const goalseek::Option &option : result.goalSeek.ready()->options) {
        if (!option.workers)
            continue;
        ++priced;
        EXPECT_DOUBLE_EQ(option.cost, cost::ofJob(*option.workers, option.runtimeSeconds, 2.5))
            << option.method.toStdString();
    }
    EXPECT_GT(priced, 0);
    EXPECT_EQ(result.model.cost.total, cost::ofJob(plan.scenario.workload.workers,
                                                   result.model.effectiveRuntimeSeconds, 2.5));

    // The device's price off: the Goal's price, named as such.
    plan.scenario.hardware.devicePrice = false;
    result = evaluatePlan(plan);
    EXPECT_EQ(result.model.cost.pricePerWorkerHour, 0.5);
    EXPECT_EQ(result.model.cost.priceSource, QString());
    EXPECT_EQ(explain::priceText(result.model.cost), QStringLiteral("$0.50/worker-h"));
}
