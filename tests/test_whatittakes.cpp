#include "core/plan/planresult.h"
#include "core/plan/scenariofile.h"
#include "core/plan/whatittakes.h"

#include <QDir>
#include <QFile>

#include <gtest/gtest.h>

#include <cmath>

using namespace pipeplan;

namespace {

QStringList presets()
{
    return QDir(QStringLiteral(PIPEPLAN_PRESETS_DIR))
        .entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
}

Plan loadPreset(const QString &name)
{
    QFile file(QStringLiteral(PIPEPLAN_PRESETS_DIR "/") + name);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << name.toStdString();
    scenariofile::LoadResult loaded = scenariofile::fromJson(file.readAll());
    EXPECT_TRUE(loaded.plan) << name.toStdString() << ": " << loaded.error.toString().toStdString();
    return loaded.plan ? *loaded.plan : Plan{};
}

const whatittakes::Row *rowOf(const whatittakes::Result &result, const QString &key)
{
    for (const whatittakes::Row &row : result.rows)
        if (row.key == key)
            return &row;
    return nullptr;
}

/// A job of exactly 1,000 s of single-stream work: 1,000 users, one prediction of 1 s each.
Scenario thousandSecondJob()
{
    Scenario s = defaultScenario();
    s.stages = {Stage{QStringLiteral("score"), 0, true}};
    s.workload.users = 1000;
    s.workload.predictionsPerUser = 1;
    s.workload.latencyMs = 1000;
    s.workload.keepFraction = 1;
    s.workload.workers = 10;
    s.workload.parallelFraction = 0.5;
    s.overheads = {};
    s.goal.finishWithin = true;
    s.goal.deadlineSeconds = 200;
    return s;
}

} // namespace

// Amdahl alone, by hand: W' = 1,000 s at N = 10 within F = 200 s needs
// 1,000 ((1 - p) + p / 10) = 200, so 1 - 0.9 p = 0.2 and p = 0.8 / 0.9 = 8/9 = 0.888...; on the
// field's grid of 0.0001 that is 0.8889 (0.8888 leaves 200.08 s).
TEST(WhatItTakes, AmdahlsInverseForPIsTheHandDerivedValue)
{
    const std::optional<double> p = whatittakes::parallelFractionNeeded(1000, 10, 200);
    ASSERT_TRUE(p);
    EXPECT_NEAR(*p, 8.0 / 9.0, 1e-15);
    EXPECT_FALSE(whatittakes::parallelFractionNeeded(1000, 1, 200)); // one worker: p is moot
    EXPECT_FALSE(whatittakes::parallelFractionNeeded(1000, 10, 50)); // beyond p = 1: 100 s

    const Scenario s = thousandSecondJob();
    const whatittakes::Result result = whatittakes::whatItTakes(s, false);
    ASSERT_TRUE(result.active);
    EXPECT_FALSE(result.meetsNow); // 1,000 (0.5 + 0.05) = 550 s
    EXPECT_DOUBLE_EQ(result.runtimeSeconds, 550);
    const whatittakes::Row *row = rowOf(result, QStringLiteral("workload.parallel_fraction"));
    ASSERT_TRUE(row);
    ASSERT_TRUE(row->needed);
    EXPECT_EQ(*row->needed, 0.8889);
    EXPECT_NEAR(row->runtimeSeconds, 1000 * ((1 - 0.8889) + 0.8889 / 10), 1e-9);
    EXPECT_EQ(row->changeText.toStdString(), "0.5 → 0.8889, +77.8 %");

    // Latency alone: 550 s at 1,000 ms, linear in it: 200 / 0.55 = 363.636... ms, 363.63 on the
    // field's 0.01 ms grid.
    const whatittakes::Row *latency = rowOf(result, QStringLiteral("workload.latency_ms"));
    ASSERT_TRUE(latency);
    ASSERT_TRUE(latency->needed);
    EXPECT_EQ(*latency->needed, 363.63);
    EXPECT_EQ(latency->changeText.toStdString(), "1,000 → 363.63 ms, -63.6 %");

    // Workers alone: the serial half alone takes 500 s, more than 200: the goal seek's reason.
    const whatittakes::Row *workers = rowOf(result, QStringLiteral("workload.workers"));
    ASSERT_TRUE(workers);
    EXPECT_FALSE(workers->possible);
    EXPECT_EQ(workers->reason.toStdString(),
              std::string("Amdahl's ceiling: the serial 50% alone takes 8.33 minutes "
                          "(deadline 3.33 minutes)"));
}

TEST(WhatItTakes, NoDeadlineNoTable)
{
    Scenario s = thousandSecondJob();
    s.goal.finishWithin = false;
    EXPECT_FALSE(whatittakes::whatItTakes(s, false).active);
    EXPECT_TRUE(whatittakes::whatItTakes(s, false).rows.empty());
}

// The acceptance's property: for every lever of every preset, with a deadline the plan misses
// (a third of its runtime) and one it meets (three times it), applying the suggested value to
// the plan as typed makes its evaluation meet the deadline, and one step of the field's
// precision back toward failing does not (unless the field's end is reached).
TEST(WhatItTakes, ApplyingTheValueMeetsAndOneStepBackMisses)
{
    int checked = 0;
    for (const QString &name : presets()) {
        const Plan typed = loadPreset(name);
        const double now = evaluatePlan(typed).model.effectiveRuntimeSeconds;
        for (const double factor : {1.0 / 3.0, 3.0}) {
            Plan plan = typed;
            plan.scenario.goal.finishWithin = true;
            plan.scenario.goal.deadlineSeconds = now * factor;
            const PlanResult result = evaluatePlan(plan);
            ASSERT_TRUE(result.whatItTakes.active) << name.toStdString();
            EXPECT_EQ(result.whatItTakes.meetsNow, factor > 1) << name.toStdString();
            for (const whatittakes::Row &row : result.whatItTakes.rows) {
                const std::string where = name.toStdString() + " " + row.key.toStdString() + " x" +
                                          std::to_string(factor);
                if (!row.possible) {
                    EXPECT_FALSE(row.reason.isEmpty()) << where;
                    continue;
                }
                ASSERT_TRUE(row.needed) << where;
                Plan applied = plan;
                ASSERT_TRUE(whatittakes::apply(applied.scenario, row.key, *row.needed)) << where;
                const double runtime = evaluatePlan(applied).model.effectiveRuntimeSeconds;
                EXPECT_LE(runtime, plan.scenario.goal.deadlineSeconds) << where;
                EXPECT_EQ(runtime, row.runtimeSeconds) << where;
                // One step back toward failing.
                const double step = std::pow(10.0, -row.decimals);
                const double back = *row.needed + (row.atLeast ? -step : step);
                Plan stepped = plan;
                whatittakes::apply(stepped.scenario, row.key, back);
                if (!validate(stepped.scenario).empty())
                    continue; // the field's end: every value of it meets
                EXPECT_GT(evaluatePlan(stepped).model.effectiveRuntimeSeconds,
                          plan.scenario.goal.deadlineSeconds)
                    << where << " needed " << *row.needed << " back " << back;
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 40); // every preset has at least a few levers that can alone
}
