#include "core/base/deadline.h"
#include "core/base/units.h"
#include "core/hardware/device.h"
#include "core/plan/explain.h"
#include "core/plan/options.h"
#include "core/plan/planresult.h"
#include "core/plan/scenariofile.h"
#include "core/plan/whatittakes.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <utility>

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

// A budget by hand: the 1,000-second job at $3.60 per worker-hour costs a tenth of a cent per
// worker-second, cost = N x runtime / 1,000 dollars.
TEST(WhatItTakes, ABudgetByHand)
{
    Scenario s = thousandSecondJob();
    s.goal.pricePerWorkerHour = 3.6;
    s.goal.deadlineSeconds.reset();
    s.goal.budget = 2;
    // Budget alone, p = 0.5: cost(N) = N x 1,000 (0.5 + 0.5 / N) / 1,000 = 0.5 N + 0.5 dollars,
    // within $2 up to N = 3; the latency: 10 x 0.55 L / 1,000 = 0.0055 L within $2 up to
    // 363.63 ms.
    whatittakes::Result result = whatittakes::whatItTakes(s, false);
    ASSERT_TRUE(result.active);
    EXPECT_FALSE(result.deadlineOn);
    EXPECT_NEAR(result.costNow, 5.5, 1e-12);
    EXPECT_FALSE(result.meetsNow);
    const whatittakes::Row *workers = rowOf(result, QStringLiteral("workload.workers"));
    ASSERT_TRUE(workers && workers->needed);
    EXPECT_FALSE(workers->atLeast); // the most the budget allows
    EXPECT_EQ(*workers->needed, 3);
    const whatittakes::Row *latency = rowOf(result, QStringLiteral("workload.latency_ms"));
    ASSERT_TRUE(latency && latency->needed);
    EXPECT_EQ(*latency->needed, 363.63);

    // Deadline 200 s and budget $1.50 at p = 0.9: the latency must give runtime <= 150 s,
    // 1,000 x 0.19 x L / 1,000 <= 150, L <= 789.47 ms; the deadline alone allows 1,052.63 ms.
    s.workload.parallelFraction = 0.9;
    s.goal.deadlineSeconds = 200;
    s.goal.budget = 1.5;
    result = whatittakes::whatItTakes(s, false);
    EXPECT_TRUE(result.deadlineOn);
    latency = rowOf(result, QStringLiteral("workload.latency_ms"));
    ASSERT_TRUE(latency && latency->needed);
    EXPECT_EQ(*latency->needed, 789.47);
    // The workers: 1,000 (0.1 + 0.9 / N) <= 200 from N = 9, which costs 9 x 200 / 1,000 =
    // $1.80, over $1.50: no worker count meets both.
    workers = rowOf(result, QStringLiteral("workload.workers"));
    ASSERT_TRUE(workers);
    EXPECT_FALSE(workers->possible);
    EXPECT_EQ(workers->reason.toStdString(),
              "the fewest workers that meet the deadline, 9, cost $1.80 (budget $1.50)");
    // Within $1.85 the plan's 10 workers (190 s, $1.90) miss, and 9 meet both.
    s.goal.budget = 1.85;
    result = whatittakes::whatItTakes(s, false);
    EXPECT_FALSE(result.meetsNow);
    workers = rowOf(result, QStringLiteral("workload.workers"));
    EXPECT_TRUE(workers && workers->needed && *workers->needed == 9);
    EXPECT_EQ(explain::whatItTakesTitle(result).toStdString(),
              "What it would take to finish within 3.33 minutes and a budget of $1.85: each "
              "lever alone, everything else as it is");
}

// The property with a budget in place of the deadline: every preset, a budget of a third of
// what it costs; each lever's answer applied meets it, one step of the field's precision back
// does not.
TEST(WhatItTakes, ApplyingTheValueMeetsTheBudgetAndOneStepBackMisses)
{
    int checked = 0;
    for (const QString &name : presets()) {
        Plan plan = loadPreset(name);
        plan.scenario.goal.deadlineSeconds.reset();
        plan.scenario.goal.budget = evaluatePlan(plan).model.cost.total / 3;
        const PlanResult result = evaluatePlan(plan);
        ASSERT_TRUE(result.whatItTakes.active) << name.toStdString();
        EXPECT_FALSE(result.whatItTakes.meetsNow) << name.toStdString();
        for (const whatittakes::Row &row : result.whatItTakes.rows) {
            const std::string where = name.toStdString() + " " + row.key.toStdString();
            if (!row.possible || !row.choice.isEmpty())
                continue;
            ASSERT_TRUE(row.needed) << where;
            Plan applied = plan;
            ASSERT_TRUE(whatittakes::apply(applied.scenario, row.key, *row.needed)) << where;
            EXPECT_LE(evaluatePlan(applied).model.cost.total, *plan.scenario.goal.budget) << where;
            const double step = std::pow(10.0, -row.decimals);
            Plan stepped = plan;
            whatittakes::apply(stepped.scenario, row.key,
                               *row.needed + (row.atLeast ? -step : step));
            if (!validate(stepped.scenario).empty())
                continue;
            EXPECT_GT(evaluatePlan(stepped).model.cost.total, *plan.scenario.goal.budget) << where;
            ++checked;
        }
    }
    EXPECT_GT(checked, 15);
}

// Seed 000's nightly job within an hour: at the keep fraction field's smallest step, 0.001,
// the serial 2 % alone still takes 16.67 hours, but the serial part shrinks with the work:
// keep x 3e9 s x (0.02 + 0.98 / 10,000) = keep x 60,294,000 s meets 3,600 s up to keep
// 0.0000597, 0.00005 on a grid of 5 decimals. What stops the search is the field's step, and
// the reason says so rather than Amdahl's ceiling.
TEST(WhatItTakes, TheFieldsSmallestStepIsTheReasonWhenItBinds)
{
    Plan plan = loadPreset(QStringLiteral("nightly-scoring.json"));
    plan.scenario.goal.deadlineSeconds = 3600;
    const whatittakes::Result result = evaluatePlan(plan).whatItTakes;
    const whatittakes::Row *keep = rowOf(result, QStringLiteral("workload.keep_fraction"));
    ASSERT_TRUE(keep);
    EXPECT_FALSE(keep->possible);
    EXPECT_EQ(keep->reason.toStdString(),
              "at 0.001, the field's smallest step, the job still takes 16.75 hours (deadline 60 "
              "minutes); 0.00005 meets it, finer than the field keeps");
    // The value named meets, the next step of its grid misses: as --set would set it.
    for (const auto &[value, meets] : {std::pair{0.00005, true}, std::pair{0.00006, false}}) {
        Plan set = plan;
        ASSERT_TRUE(whatittakes::apply(set.scenario, keep->key, value));
        EXPECT_EQ(deadline::meets(evaluatePlan(set).model.effectiveRuntimeSeconds, 3600), meets)
            << value;
    }
    // The workers still name Amdahl's ceiling: the serial part does not shrink with them.
    const whatittakes::Row *workers = rowOf(result, QStringLiteral("workload.workers"));
    ASSERT_TRUE(workers);
    EXPECT_TRUE(workers->reason.startsWith(QStringLiteral("Amdahl's ceiling")))
        << workers->reason.toStdString();
    // A cold start longer than the deadline binds at any keep fraction: the job's own reason.
    plan.scenario.overheads.coldStartSeconds = 4000;
    const whatittakes::Result withColdStart = evaluatePlan(plan).whatItTakes;
    const whatittakes::Row *cold = rowOf(withColdStart, QStringLiteral("workload.keep_fraction"));
    ASSERT_TRUE(cold);
    EXPECT_FALSE(cold->possible);
    EXPECT_EQ(cold->reason.toStdString(),
              "the cold start alone takes 66.67 minutes (deadline 60 minutes)");
}

TEST(WhatItTakes, NoDeadlineNoTable)
{
    Scenario s = thousandSecondJob();
    s.goal.deadlineSeconds.reset();
    EXPECT_FALSE(whatittakes::whatItTakes(s, false).active);
    EXPECT_TRUE(whatittakes::whatItTakes(s, false).rows.empty());
}

// The acceptance's property: for every lever of every preset, with a deadline the plan misses
// (a third of its runtime) and one it meets (three times it), applying the suggested value to
// the plan as typed makes its evaluation meet the deadline, and one step of the field's
// precision back toward failing does not (unless the field's end is reached).
// Two levers by hand: the 1,000-second job at p = 0.9 within 100 s takes
// keep x 1,000 x (0.1 + 0.9 / N) seconds, so at N workers every keep fraction up to
// 0.1 / (0.1 + 0.9 / N) meets (floored to the field's 0.001). Workers alone cannot (the serial
// 10 % alone is 100 s); keep alone needs 0.526.
TEST(WhatItTakesPlane, WorkersAndKeepFractionByHand)
{
    Scenario s = thousandSecondJob();
    s.workload.parallelFraction = 0.9;
    s.goal.deadlineSeconds = 100;
    s.goal.pricePerWorkerHour = 3.6; // a cent per worker-second
    const whatittakes::Result single = whatittakes::whatItTakes(s, false);
    const whatittakes::Plane plane =
        whatittakes::plane(s, false, QStringLiteral("workload.workers"),
                           QStringLiteral("workload.keep_fraction"), single);
    ASSERT_TRUE(plane.active) << plane.reason.toStdString();
    EXPECT_FALSE(plane.meetsNow);
    EXPECT_DOUBLE_EQ(plane.plan.runtimeSeconds, 190);
    // The axes: workers from a third of 10 (4 on the grid) to thirty times (no single answer),
    // the practical range; keep, a fraction, over its field's own limits: (0, 1] on its 0.001
    // grid. Both on log axes.
    EXPECT_EQ(plane.x.low, 4);
    EXPECT_EQ(plane.x.high, 300);
    EXPECT_TRUE(plane.x.logScale);
    EXPECT_FALSE(plane.x.fieldLimits);
    EXPECT_EQ(plane.y.low, 0.001);
    EXPECT_EQ(plane.y.high, 1);
    EXPECT_TRUE(plane.y.logScale);
    EXPECT_TRUE(plane.y.fieldLimits);
    ASSERT_EQ(plane.xs.size(), plane.boundary.size());
    const auto byHand = [](double workers) {
        return std::floor(0.1 / (0.1 + 0.9 / workers) * 1000 + 1e-9) / 1000;
    };
    double nearestDistance = 1e300;
    std::optional<std::pair<double, double>> nearest;
    int drawn = 0;
    for (size_t i = 0; i < plane.xs.size(); ++i) {
        const double n = plane.xs[i];
        EXPECT_EQ(n, std::round(n)) << "workers on their grid";
        const double keep = byHand(n);
        if (keep < plane.y.low) {
            EXPECT_FALSE(plane.boundary[i]) << n;
            continue;
        }
        ASSERT_TRUE(plane.boundary[i]) << n;
        EXPECT_EQ(*plane.boundary[i], std::min(keep, 1.0)) << n;
        ++drawn;
        const double dx =
            std::log(n / 4) / std::log(300.0 / 4) - std::log(10.0 / 4) / std::log(75.0);
        const double dy = std::log(keep) / std::log(1 / 0.001);
        if (std::hypot(dx, dy) < nearestDistance) {
            nearestDistance = std::hypot(dx, dy);
            nearest = std::pair{n, keep};
        }
    }
    EXPECT_GT(drawn, 30);
    EXPECT_EQ(*plane.boundary[static_cast<size_t>(
                  std::find(plane.xs.begin(), plane.xs.end(), 10.0) - plane.xs.begin())],
              0.526); // the plan's own worker count: keep alone
    // The cheapest: cost = N x keep x 1,000 (0.1 + 0.9 / N) / 3,600 x $3.6 = keep (0.1 N + 0.9)
    // dollars, least at the fewest workers on the plane at the least keep, the field's 0.001:
    // the model puts no price on users not scored, so it is where the keep fraction stops.
    ASSERT_TRUE(plane.cheapest);
    EXPECT_EQ(plane.cheapest->y, 0.001);
    EXPECT_EQ(plane.cheapest->x, 4);
    EXPECT_NEAR(plane.cheapest->cost, 0.001 * (0.1 * 4 + 0.9), 1e-12);
    EXPECT_LE(plane.cheapest->runtimeSeconds, 100);
    // The nearest: the boundary point closest to (10, 1) across the axes' spans.
    ASSERT_TRUE(plane.nearest);
    ASSERT_TRUE(nearest);
    EXPECT_EQ(plane.nearest->x, nearest->first);
    EXPECT_EQ(plane.nearest->y, nearest->second);
    EXPECT_GT(plane.nearest->x, 10); // more workers and less pruning: a move of both
    EXPECT_GT(plane.nearest->y, 0.526);
}

// The keep fraction's corner: in the plan above the cheapest is the least keep fraction at the
// fewest workers drawn, because the model puts no price on users not scored; cost falls all the
// way to the keep fraction's limit. The plane does not lead with it: it leads with the smallest
// move, which is no axis's end, and says why the cheapest does not lead.
TEST(WhatItTakesPlane, TheKeepFractionsCornerDoesNotLead)
{
    Scenario s = thousandSecondJob();
    s.workload.parallelFraction = 0.9;
    s.goal.deadlineSeconds = 100;
    s.goal.pricePerWorkerHour = 3.6;
    const whatittakes::Result single = whatittakes::whatItTakes(s, false);
    const whatittakes::Plane plane =
        whatittakes::plane(s, false, QStringLiteral("workload.workers"),
                           QStringLiteral("workload.keep_fraction"), single);
    ASSERT_TRUE(plane.active) << plane.reason.toStdString();
    ASSERT_TRUE(plane.cheapest && plane.nearest);
    EXPECT_EQ(plane.cheapest->x, plane.x.low);
    EXPECT_EQ(plane.cheapest->y, plane.y.low);
    EXPECT_TRUE(plane.leadsWithNearest);
    EXPECT_EQ(plane.leadReason, whatittakes::PlaneLead::CheapestAtEnd);
    EXPECT_EQ(plane.endKey, QStringLiteral("workload.keep_fraction"));
    // The lead point is inside both spans: a move the plan makes, not where an axis stops.
    EXPECT_EQ(plane.nearest->x, 11);
    EXPECT_EQ(plane.nearest->y, 0.55); // 0.1 / (0.1 + 0.9 / 11) = 0.55
    EXPECT_GT(plane.nearest->x, plane.x.low);
    EXPECT_LT(plane.nearest->x, plane.x.high);
    EXPECT_GT(plane.nearest->y, plane.y.low);
    EXPECT_LT(plane.nearest->y, plane.y.high);
    const QStringList lines = explain::planeLines(plane);
    ASSERT_EQ(lines.size(), 4);
    EXPECT_EQ(lines[2].toStdString(), "Smallest move that meets it: 11 workers and keep fraction "
                                      "0.55: $1.10, runtime 100 seconds.");
    EXPECT_EQ(lines[3].toStdString(),
              "Cheapest in the model: 4 workers and keep fraction 0.001: < $0.01, runtime 325 ms; "
              "at the keep fraction's limit, where the cost still falls.");
}

// A bounded lever's axis is its field's own limits, on its grid: the keep fraction's (0, 1] from
// its first grid step, p's [0, 1] whole, whichever axis it is on; the workers' field runs to a
// billion, so their axis is the practical range around the plan. Every axis labels at least 3
// ticks, on the values and in the texts given here.
TEST(WhatItTakesPlane, ABoundedLeverSpansItsFieldsLimits)
{
    Scenario s = thousandSecondJob();
    s.workload.parallelFraction = 0.9;
    s.goal.deadlineSeconds = 100;
    const whatittakes::Result single = whatittakes::whatItTakes(s, false);
    const fieldregistry::Field *keep =
        fieldregistry::find(QLatin1StringView("workload.keep_fraction"));
    const fieldregistry::Field *p =
        fieldregistry::find(QLatin1StringView("workload.parallel_fraction"));
    ASSERT_TRUE(keep && p);
    const whatittakes::Plane plane =
        whatittakes::plane(s, false, QStringLiteral("workload.keep_fraction"),
                           QStringLiteral("workload.parallel_fraction"), single);
    ASSERT_TRUE(plane.active) << plane.reason.toStdString();
    // The keep fraction's minimum is exclusive: its first grid step above it.
    ASSERT_TRUE(keep->spec->minExclusive);
    EXPECT_EQ(plane.x.low, keep->spec->min + std::pow(10.0, -keep->decimals));
    EXPECT_EQ(plane.x.low, 0.001);
    EXPECT_EQ(plane.x.high, keep->spec->max);
    EXPECT_TRUE(plane.x.fieldLimits);
    EXPECT_EQ(plane.y.low, p->spec->min);
    EXPECT_EQ(plane.y.high, p->spec->max);
    EXPECT_TRUE(plane.y.fieldLimits);
    EXPECT_EQ(plane.x.tickTexts, QStringList({QStringLiteral("0.001"), QStringLiteral("0.01"),
                                              QStringLiteral("0.1"), QStringLiteral("1")}));
    EXPECT_EQ(plane.x.ticks, (std::vector<double>{0.001, 0.01, 0.1, 1}));
    EXPECT_EQ(plane.y.tickTexts,
              QStringList({QStringLiteral("0.0"), QStringLiteral("0.2"), QStringLiteral("0.4"),
                           QStringLiteral("0.6"), QStringLiteral("0.8"), QStringLiteral("1.0")}));
    // The workers: a third of 10 (4) to thirty times (300), labelled in 1-2-5 steps.
    const whatittakes::Plane workers =
        whatittakes::plane(s, false, QStringLiteral("workload.workers"),
                           QStringLiteral("workload.keep_fraction"), single);
    EXPECT_FALSE(workers.x.fieldLimits);
    EXPECT_EQ(workers.x.low, 4);
    EXPECT_EQ(workers.x.high, 300);
    EXPECT_EQ(workers.x.tickTexts,
              QStringList({QStringLiteral("5"), QStringLiteral("10"), QStringLiteral("20"),
                           QStringLiteral("50"), QStringLiteral("100"), QStringLiteral("200")}));
    // p's axis is sampled more densely over its practical range, where the plan's question is.
    const whatittakes::Plane acrossP =
        whatittakes::plane(s, false, QStringLiteral("workload.parallel_fraction"),
                           QStringLiteral("workload.workers"), single);
    EXPECT_EQ(acrossP.x.low, 0);
    EXPECT_EQ(acrossP.x.high, 1);
    const auto inPractical = std::count_if(acrossP.xs.begin(), acrossP.xs.end(),
                                           [](double x) { return x >= 0.88 && x <= 1; });
    EXPECT_GE(inPractical, 24);
    for (const whatittakes::Plane *each : {&plane, &workers, &acrossP}) {
        for (const whatittakes::PlaneAxis *axis : {&each->x, &each->y}) {
            EXPECT_GE(axis->ticks.size(), 3u) << axis->key.toStdString();
            EXPECT_EQ(static_cast<qsizetype>(axis->ticks.size()), axis->tickTexts.size());
        }
    }
}

// When cost does not separate the points the plane leads with the smallest move. At p = 1 the
// job costs its work at any worker count: 1,000 s x $3.60 / 3,600 = $1.00. The plan (10 workers,
// p = 0.99, 109 s) misses 100 s; p to 1 at its own 10 workers is the smallest move and costs the
// same as the cheapest (the fastest of the $1.00 points, the most workers drawn).
TEST(WhatItTakesPlane, TheSmallestMoveLeadsWhenCostsTie)
{
    Scenario s = thousandSecondJob();
    s.workload.parallelFraction = 0.99;
    s.goal.deadlineSeconds = 100;
    s.goal.pricePerWorkerHour = 3.6;
    const whatittakes::Result single = whatittakes::whatItTakes(s, false);
    const whatittakes::Plane plane =
        whatittakes::plane(s, false, QStringLiteral("workload.workers"),
                           QStringLiteral("workload.parallel_fraction"), single);
    ASSERT_TRUE(plane.active) << plane.reason.toStdString();
    EXPECT_FALSE(plane.meetsNow);
    ASSERT_TRUE(plane.cheapest && plane.nearest);
    EXPECT_NEAR(plane.cheapest->cost, 1.0, 1e-9);
    EXPECT_EQ(plane.cheapest->y, 1);
    EXPECT_EQ(plane.nearest->x, 10);
    EXPECT_EQ(plane.nearest->y, 1);
    EXPECT_NEAR(plane.nearest->cost, 1.0, 1e-9);
    EXPECT_TRUE(plane.leadsWithNearest);
    EXPECT_EQ(plane.leadReason, whatittakes::PlaneLead::CostTies);
    const QStringList lines = explain::planeLines(plane);
    ASSERT_EQ(lines.size(), 4);
    EXPECT_EQ(lines[2].toStdString(), "Smallest move that meets it: 10 workers and parallel "
                                      "fraction p 1: $1.00, runtime 100 seconds.");
    EXPECT_TRUE(lines[3].endsWith(QStringLiteral(", no cheaper than the smallest move (within "
                                                 "1 %).")))
        << lines[3].toStdString();
}

TEST(WhatItTakesPlane, NoPlaneWithoutADeadlineOrALever)
{
    Scenario s = thousandSecondJob();
    const whatittakes::Result single = whatittakes::whatItTakes(s, false);
    EXPECT_FALSE(whatittakes::plane(s, false, QStringLiteral("workload.workers"),
                                    QStringLiteral("overheads.cold_start_s"), single)
                     .active); // no cold start set
    const whatittakes::Plane same = whatittakes::plane(s, false, QStringLiteral("workload.workers"),
                                                       QStringLiteral("workload.workers"), single);
    EXPECT_FALSE(same.active);
    EXPECT_EQ(same.reason.toStdString(), "pick two different levers");
    s.goal.deadlineSeconds.reset();
    EXPECT_FALSE(whatittakes::plane(s, false, QStringLiteral("workload.workers"),
                                    QStringLiteral("workload.keep_fraction"), {})
                     .active);
}

// The plane answers for the lever table's target. A budget alone by hand: the 1,000-second job
// at p = 0.5 and $3.60 per worker-hour costs keep x (0.5 N + 0.5) dollars, within $2.0001 for
// every keep fraction up to 4.0002 / (N + 1) (floored to the field's 0.001; never a tie);
// fewer workers help the budget, so the region lies below the boundary down to the axis's low
// end.
TEST(WhatItTakesPlane, ABudgetAloneByHand)
{
    Scenario s = thousandSecondJob();
    s.goal.deadlineSeconds.reset();
    s.goal.pricePerWorkerHour = 3.6;
    s.goal.budget = 2.0001;
    const whatittakes::Result single = whatittakes::whatItTakes(s, false);
    const whatittakes::Plane plane =
        whatittakes::plane(s, false, QStringLiteral("workload.workers"),
                           QStringLiteral("workload.keep_fraction"), single);
    ASSERT_TRUE(plane.active) << plane.reason.toStdString();
    EXPECT_FALSE(plane.deadlineOn);
    EXPECT_TRUE(plane.budget == 2.0001);
    EXPECT_FALSE(plane.meetsNow); // keep 1 at 10 workers: $5.50
    EXPECT_EQ(plane.meetsNow, single.meetsNow);
    EXPECT_NEAR(plane.plan.cost, 5.5, 1e-12);
    // The workers' single answer is the most the budget allows, 3: the axis spans a third of it
    // (1) to three times the plan's 10 (30).
    EXPECT_FALSE(plane.x.upHelps);
    EXPECT_EQ(plane.x.low, 1);
    EXPECT_EQ(plane.x.high, 30);
    EXPECT_FALSE(plane.y.upHelps);
    ASSERT_EQ(plane.boundary.size(), plane.xs.size());
    ASSERT_EQ(plane.farEdge.size(), plane.xs.size());
    for (size_t i = 0; i < plane.xs.size(); ++i) {
        const double n = plane.xs[i];
        const double keep = std::min(1.0, std::floor(4.0002 / (n + 1) * 1000) / 1000);
        if (keep < plane.y.low) {
            EXPECT_FALSE(plane.boundary[i]) << n;
            continue;
        }
        ASSERT_TRUE(plane.boundary[i]) << n;
        EXPECT_EQ(*plane.boundary[i], keep) << n;
        ASSERT_TRUE(plane.farEdge[i]) << n;
        EXPECT_EQ(*plane.farEdge[i], plane.y.low) << n;
    }
    // The cheapest: one worker at the least keep fraction on the plane.
    ASSERT_TRUE(plane.cheapest);
    EXPECT_EQ(plane.cheapest->x, 1);
    EXPECT_EQ(plane.cheapest->y, plane.y.low);
    EXPECT_NEAR(plane.cheapest->cost, plane.y.low, 1e-12);
    ASSERT_TRUE(plane.nearest);
    EXPECT_LE(plane.nearest->cost, 2.0001);
    EXPECT_EQ(explain::planeLines(plane).front().toStdString(),
              "Workers against keep fraction, everything else as it is; a budget of $2.00.");
}

// A deadline the plan meets and a budget nothing meets (every worker is billed for a cold start
// longer than the budget buys): every lever row is impossible and the plan misses; so does the
// plane: no cheapest, no nearest, the plan marked as missing.
TEST(WhatItTakesPlane, ABudgetNothingMeetsLeavesThePlaneEmpty)
{
    Scenario s = thousandSecondJob();
    s.goal.deadlineSeconds = 10'000;
    s.goal.pricePerWorkerHour = 3.6;
    s.overheads.coldStartSeconds = 100; // $0.10 a worker before any work
    s.goal.budget = 0.05;
    const whatittakes::Result single = whatittakes::whatItTakes(s, false);
    ASSERT_TRUE(single.active);
    EXPECT_FALSE(single.meetsNow);
    for (const whatittakes::Row &row : single.rows)
        EXPECT_FALSE(row.possible) << row.key.toStdString();
    for (const auto &[keyX, keyY] :
         {std::pair{QStringLiteral("workload.workers"), QStringLiteral("workload.keep_fraction")},
          std::pair{QStringLiteral("workload.keep_fraction"), QStringLiteral("workload.workers")},
          std::pair{QStringLiteral("workload.latency_ms"),
                    QStringLiteral("overheads.cold_start_s")}}) {
        const whatittakes::Plane plane = whatittakes::plane(s, false, keyX, keyY, single);
        const std::string where = keyX.toStdString() + " x " + keyY.toStdString();
        ASSERT_TRUE(plane.active) << where << plane.reason.toStdString();
        EXPECT_FALSE(plane.meetsNow) << where;
        EXPECT_TRUE(plane.deadlineOn) << where;
        EXPECT_TRUE(plane.budget == 0.05) << where;
        EXPECT_FALSE(plane.cheapest) << where;
        EXPECT_FALSE(plane.nearest) << where;
        EXPECT_EQ(explain::planeLines(plane).back().toStdString(),
                  "No combination on this plane meets the deadline and the budget.")
            << where;
    }
}

// Workers up with a deadline and a budget: more workers shorten the job and cost more, so a
// column's meeting span runs from the fewest in time to the most the budget allows. By hand at
// keep 1: 1,000 (0.1 + 0.9 / N) <= 205 from N = 9; the cost N x runtime / 1,000 = 0.1 N + 0.9
// dollars is within $2.55 up to N = 16.
TEST(WhatItTakesPlane, WorkersBetweenTheDeadlineAndTheBudget)
{
    Scenario s = thousandSecondJob();
    s.workload.parallelFraction = 0.9;
    s.goal.deadlineSeconds = 205;
    s.goal.pricePerWorkerHour = 3.6;
    s.goal.budget = 2.55;
    s.workload.workers = 4;
    const whatittakes::Result single = whatittakes::whatItTakes(s, false);
    const whatittakes::Plane plane =
        whatittakes::plane(s, false, QStringLiteral("workload.keep_fraction"),
                           QStringLiteral("workload.workers"), single);
    ASSERT_TRUE(plane.active) << plane.reason.toStdString();
    EXPECT_TRUE(plane.y.upHelps);
    const auto column = std::find(plane.xs.begin(), plane.xs.end(), 1.0);
    ASSERT_NE(column, plane.xs.end());
    const size_t i = static_cast<size_t>(column - plane.xs.begin());
    ASSERT_TRUE(plane.boundary[i] && plane.farEdge[i]);
    EXPECT_EQ(*plane.boundary[i], 9);
    EXPECT_EQ(*plane.farEdge[i], 16);
    // The lever table's workers row says the same at keep 1.
    const whatittakes::Row *workers = rowOf(single, QStringLiteral("workload.workers"));
    ASSERT_TRUE(workers && workers->needed);
    EXPECT_EQ(*workers->needed, 9);
    // Each column: the span's ends meet, one worker beyond either end misses.
    for (size_t c = 0; c < plane.xs.size(); ++c) {
        if (!plane.boundary[c])
            continue;
        for (const auto &[workersThere, meets] :
             {std::pair{*plane.boundary[c], true}, std::pair{*plane.farEdge[c], true},
              std::pair{*plane.boundary[c] - 1, false}, std::pair{*plane.farEdge[c] + 1, false}}) {
            if (workersThere < plane.y.low || workersThere > plane.y.high)
                continue;
            Scenario at = s;
            at.workload.keepFraction = plane.xs[c];
            at.workload.workers = workersThere;
            const double runtime = effectiveRuntimeSeconds(at);
            const double cost = workersThere * units::toHours(runtime) * 3.6;
            EXPECT_EQ(runtime <= 205 && cost <= 2.55, meets)
                << "keep " << plane.xs[c] << " workers " << workersThere;
        }
    }
}

namespace {

/// A plan drawn from `random`: a job of 10^3 to 10^8 users, a latency, keep fraction, workers,
/// p and price across their usual spans, some overheads and a second stage now and then.
Scenario generatedPlan(std::mt19937_64 &random)
{
    const auto uniform = [&](double low, double high) {
        return std::uniform_real_distribution<double>(low, high)(random);
    };
    const auto logUniform = [&](double low, double high) {
        return std::exp(uniform(std::log(low), std::log(high)));
    };
    const auto chance = [&](double p) { return uniform(0, 1) < p; };
    Scenario s = defaultScenario();
    s.stages = {Stage{QStringLiteral("score"), 0, true}};
    if (chance(0.3))
        s.stages.push_back(
            Stage{QStringLiteral("features"), std::round(logUniform(1, 200)), false});
    s.workload.users = std::round(logUniform(1e3, 1e8));
    s.workload.predictionsPerUser = std::round(uniform(1, 20));
    s.workload.latencyMs = std::round(logUniform(1, 1000) * 100) / 100;
    s.workload.keepFraction = std::round(uniform(0.05, 1) * 1000) / 1000;
    s.workload.workers = std::round(logUniform(1, 1e4));
    s.workload.parallelFraction = std::round(uniform(0.5, 1) * 10'000) / 10'000;
    s.overheads = {};
    if (chance(0.3))
        s.overheads.coldStartSeconds = std::round(logUniform(1, 300));
    if (chance(0.2))
        s.overheads.requestOverheadMs = std::round(logUniform(0.1, 5) * 100) / 100;
    if (chance(0.2))
        s.overheads.sharedCapPerSecond = std::round(logUniform(1e2, 1e6));
    s.goal.pricePerWorkerHour = std::round(logUniform(0.1, 5) * 100) / 100;
    return s;
}

} // namespace

// The plane against generated plans with a deadline, a budget or both (seeded, 240 plans, a
// random pair of the plan's levers each): the plane answers for the lever table's target (the
// same deadline, budget and verdict on the plan), every point it offers (the cheapest, the
// nearest, each column's boundary and far edge) meets that whole target when applied to the
// plan and evaluated, and at the plan's own value of the first lever its boundary is the
// lever table's answer for the second (none where the table says it cannot alone).
TEST(WhatItTakesPlane, GeneratedPlansOfferOnlyPointsThatMeetTheLeverTablesTarget)
{
    std::mt19937_64 random(20'261'206);
    int plans = 0;
    int points = 0;
    int agreements = 0;
    int budgets = 0;
    for (int n = 0; n < 240; ++n) {
        Scenario s = generatedPlan(random);
        if (!validate(s).empty())
            continue;
        const double runtime = effectiveRuntimeSeconds(s);
        const double cost = s.workload.workers * runtime / 3600 * s.goal.pricePerWorkerHour;
        const auto factor = [&](double low, double high) {
            return std::exp(
                std::uniform_real_distribution<double>(std::log(low), std::log(high))(random));
        };
        const int target = static_cast<int>(random() % 3); // deadline, budget, both
        const double deadlineSeconds = runtime * factor(0.05, 3);
        s.goal.deadlineSeconds =
            target != 1 ? std::optional<double>(deadlineSeconds) : std::nullopt;
        if (target != 0)
            s.goal.budget = cost * factor(0.01, 3);
        budgets += s.goal.budget.has_value();
        const whatittakes::Result single = whatittakes::whatItTakes(s, false);
        ASSERT_TRUE(single.active);
        std::vector<QString> keys;
        for (const whatittakes::Row &row : single.rows)
            keys.push_back(row.key);
        ASSERT_GE(keys.size(), 2u);
        const size_t first = random() % keys.size();
        const size_t second = (first + 1 + random() % (keys.size() - 1)) % keys.size();
        const QString keyX = keys[first];
        const QString keyY = keys[second];
        const std::string where =
            "plan " + std::to_string(n) + " " + keyX.toStdString() + " x " + keyY.toStdString();
        const whatittakes::Plane plane = whatittakes::plane(s, false, keyX, keyY, single);
        ASSERT_TRUE(plane.active) << where << ": " << plane.reason.toStdString();
        ++plans;
        EXPECT_EQ(plane.deadlineOn, single.deadlineOn) << where;
        EXPECT_EQ(plane.budget, single.budget) << where;
        EXPECT_EQ(plane.meetsNow, single.meetsNow) << where;

        // A point applied to the plan and evaluated: meets the whole target, at the cost shown.
        const auto check = [&](double x, double y, const char *what,
                               std::optional<double> shownCost) {
            Scenario at = s;
            whatittakes::apply(at, keyX, x);
            whatittakes::apply(at, keyY, y);
            const ScenarioResult r = evaluate(at);
            if (single.deadlineOn) {
                EXPECT_TRUE(deadline::meets(r.effectiveRuntimeSeconds, *s.goal.deadlineSeconds))
                    << where << " " << what << " at " << x << ", " << y;
            }
            if (single.budget) {
                EXPECT_LE(r.cost.total, *single.budget)
                    << where << " " << what << " at " << x << ", " << y;
            }
            if (shownCost) {
                EXPECT_NEAR(r.cost.total, *shownCost, 1e-9 * *shownCost) << where << " " << what;
            }
            ++points;
        };
        for (const std::optional<whatittakes::PlanePoint> &point :
             {plane.cheapest, plane.nearest}) {
            if (point)
                check(point->x, point->y, point == plane.cheapest ? "cheapest" : "nearest",
                      point->cost);
        }
        if (single.meetsNow) {
            EXPECT_FALSE(plane.nearest) << where;
        }
        for (size_t i = 0; i < plane.xs.size(); ++i) {
            EXPECT_EQ(plane.boundary[i].has_value(), plane.farEdge[i].has_value()) << where;
            if (!plane.boundary[i])
                continue;
            check(plane.xs[i], *plane.boundary[i], "boundary", std::nullopt);
            check(plane.xs[i], *plane.farEdge[i], "far edge", std::nullopt);
        }
        // At the plan's own first lever, the second lever alone: the lever table's answer.
        const auto column = std::find(plane.xs.begin(), plane.xs.end(), plane.x.current);
        const whatittakes::Row *row = rowOf(single, keyY);
        ASSERT_TRUE(row);
        if (column == plane.xs.end())
            continue;
        const std::optional<double> &boundary =
            plane.boundary[static_cast<size_t>(column - plane.xs.begin())];
        EXPECT_EQ(boundary.has_value(), row->possible)
            << where << ": " << row->reason.toStdString();
        if (boundary && row->needed) {
            EXPECT_EQ(*boundary, *row->needed) << where;
        }
        ++agreements;
    }
    EXPECT_GT(plans, 200);
    EXPECT_GT(budgets, 120);
    EXPECT_GT(points, 5000);
    EXPECT_GT(agreements, 150);
}

// Every preset, a deadline a third of its runtime, three pairs of levers: every boundary point
// meets and one step of the second lever toward failing misses (inside the plane); the
// cheapest and the nearest, applied to the typed plan, meet in evaluatePlan.
TEST(WhatItTakesPlane, EveryBoundaryPointMeetsAndOneStepBeyondMisses)
{
    int checked = 0;
    for (const QString &name : presets()) {
        Plan plan = loadPreset(name);
        plan.scenario.goal.deadlineSeconds = evaluatePlan(plan).model.effectiveRuntimeSeconds / 3;
        for (const auto &[keyX, keyY] : {std::pair{QStringLiteral("workload.workers"),
                                                   QStringLiteral("workload.keep_fraction")},
                                         std::pair{QStringLiteral("workload.keep_fraction"),
                                                   QStringLiteral("workload.parallel_fraction")},
                                         std::pair{QStringLiteral("workload.parallel_fraction"),
                                                   QStringLiteral("workload.workers")}}) {
            Plan picked = plan;
            picked.scenario.goal.levers = {keyX, keyY};
            const PlanResult result = evaluatePlan(picked);
            const whatittakes::Plane &plane = result.plane;
            const std::string where =
                name.toStdString() + " " + keyX.toStdString() + " x " + keyY.toStdString();
            ASSERT_TRUE(plane.active) << where << plane.reason.toStdString();
            const double deadline = plane.deadlineSeconds;
            const double step = std::pow(10.0, -plane.y.decimals);
            for (size_t i = 0; i < plane.xs.size(); ++i) {
                if (!plane.boundary[i])
                    continue;
                Scenario at = result.inForce;
                whatittakes::apply(at, keyX, plane.xs[i]);
                whatittakes::apply(at, keyY, *plane.boundary[i]);
                EXPECT_TRUE(deadline::meets(effectiveRuntimeSeconds(at), deadline)) << where;
                const double beyond = *plane.boundary[i] + (plane.y.upHelps ? -step : step);
                if (beyond < plane.y.low - 1e-12 || beyond > plane.y.high + 1e-12)
                    continue;
                whatittakes::apply(at, keyY, beyond);
                EXPECT_FALSE(deadline::meets(effectiveRuntimeSeconds(at), deadline))
                    << where << " x " << plane.xs[i];
                ++checked;
            }
            for (const std::optional<whatittakes::PlanePoint> &point :
                 {plane.cheapest, plane.nearest}) {
                if (!point)
                    continue;
                Plan applied = picked;
                whatittakes::apply(applied.scenario, keyX, point->x);
                whatittakes::apply(applied.scenario, keyY, point->y);
                const PlanResult there = evaluatePlan(applied);
                EXPECT_TRUE(deadline::meets(there.model.effectiveRuntimeSeconds, deadline))
                    << where;
                EXPECT_NEAR(there.model.cost.total, point->cost, 1e-9 * point->cost) << where;
            }
        }
    }
    EXPECT_GT(checked, 300);
}

// The plane's levers live in the goal section: a file that names none reads the default pair
// and saves without the key; a picked pair saves and reads back; a bad one is refused at it.
TEST(WhatItTakesPlane, TheFileKeepsThePickedLevers)
{
    Plan plan{thousandSecondJob(), std::nullopt};
    EXPECT_FALSE(scenariofile::toJson(plan).contains("\"levers\""));
    plan.scenario.goal.levers = {QStringLiteral("workload.parallel_fraction"),
                                 QStringLiteral("workload.latency_ms")};
    const QByteArray json = scenariofile::toJson(plan);
    scenariofile::LoadResult loaded = scenariofile::fromJson(json);
    ASSERT_TRUE(loaded.plan) << loaded.error.toString().toStdString();
    EXPECT_EQ(loaded.plan->scenario.goal.levers, plan.scenario.goal.levers);

    plan.scenario.goal.levers[1] = QStringLiteral("workload.users");
    loaded = scenariofile::fromJson(scenariofile::toJson(plan));
    ASSERT_FALSE(loaded.plan);
    EXPECT_EQ(loaded.error.field, QStringLiteral("goal.levers[1]"));
    EXPECT_TRUE(loaded.error.message.contains(QStringLiteral("workload.users")));

    plan.scenario.goal.levers[1] = QStringLiteral("workload.parallel_fraction");
    loaded = scenariofile::fromJson(scenariofile::toJson(plan));
    ASSERT_FALSE(loaded.plan);
    EXPECT_EQ(loaded.error.field, QStringLiteral("goal.levers[1]"));

    QJsonObject root = QJsonDocument::fromJson(json).object();
    QJsonObject goal = root.value(QStringLiteral("goal")).toObject();
    goal.insert(QStringLiteral("levers"), QJsonArray{QStringLiteral("workload.parallel_fraction"),
                                                     QStringLiteral("workload.latency_ms"),
                                                     QStringLiteral("workload.workers")});
    root.insert(QStringLiteral("goal"), goal);
    loaded = scenariofile::fromJson(QJsonDocument(root).toJson());
    ASSERT_FALSE(loaded.plan);
    EXPECT_EQ(loaded.error.field, QStringLiteral("goal.levers"));
}

// With hardware on, the device is a lever too: of every device the model fits, the cheapest
// that alone meets the deadline at the plan's workers, each checked by evaluatePlan of the plan
// with that device; a deadline no device meets names the fastest.
TEST(WhatItTakes, TheDeviceRowIsTheCheapestThatMeets)
{
    Plan plan = loadPreset(QStringLiteral("embedding-h100.json"));
    ASSERT_TRUE(plan.scenario.hardware.enabled);
    plan.scenario.goal.deadlineSeconds = 60'000; // H100 SXM: 18.03 hours, misses
    const PlanResult result = evaluatePlan(plan);
    const whatittakes::Row &row = result.whatItTakes.rows.back();
    ASSERT_EQ(row.key, QStringLiteral("hardware.device"));
    ASSERT_TRUE(row.possible) << row.reason.toStdString();
    // By hand: every device through the whole evaluation.
    QString cheapest;
    double cheapestCost = 0;
    double cheapestRuntime = 0;
    for (const hardware::Device &device : hardware::devicesOf(plan.scenario.hardware.devices)) {
        Plan on = plan;
        on.scenario.hardware.device = device.name;
        const PlanResult there = evaluatePlan(on);
        if (!there.hardware.current.inForce ||
            !deadline::meets(there.model.effectiveRuntimeSeconds,
                             *plan.scenario.goal.deadlineSeconds))
            continue;
        if (cheapest.isEmpty() || there.model.cost.total < cheapestCost) {
            cheapest = device.name;
            cheapestCost = there.model.cost.total;
            cheapestRuntime = there.model.effectiveRuntimeSeconds;
        }
    }
    ASSERT_FALSE(cheapest.isEmpty());
    EXPECT_EQ(row.choice, cheapest);
    EXPECT_EQ(row.neededText, cheapest);
    EXPECT_NEAR(row.cost, cheapestCost, 1e-9 * cheapestCost);
    EXPECT_NEAR(row.runtimeSeconds, cheapestRuntime, 1e-9 * cheapestRuntime);
    Plan applied = plan;
    ASSERT_TRUE(whatittakes::apply(applied.scenario, row));
    EXPECT_EQ(applied.scenario.hardware.device, cheapest);
    EXPECT_FALSE(whatittakes::apply(applied.scenario, row)); // already there

    plan.scenario.goal.deadlineSeconds = 3600;
    const whatittakes::Row none = evaluatePlan(plan).whatItTakes.rows.back();
    EXPECT_FALSE(none.possible);
    EXPECT_TRUE(none.reason.startsWith(QStringLiteral("even the fastest device, ")))
        << none.reason.toStdString();
}

TEST(WhatItTakes, ApplyingTheValueMeetsAndOneStepBackMisses)
{
    int checked = 0;
    for (const QString &name : presets()) {
        const Plan typed = loadPreset(name);
        const double now = evaluatePlan(typed).model.effectiveRuntimeSeconds;
        for (const double factor : {1.0 / 3.0, 3.0}) {
            Plan plan = typed;
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
                if (!row.choice.isEmpty())
                    continue; // the device: WhatItTakes.TheDeviceRowIsTheCheapestThatMeets
                ASSERT_TRUE(row.needed) << where;
                Plan applied = plan;
                ASSERT_TRUE(whatittakes::apply(applied.scenario, row.key, *row.needed)) << where;
                const double runtime = evaluatePlan(applied).model.effectiveRuntimeSeconds;
                EXPECT_TRUE(deadline::meets(runtime, *plan.scenario.goal.deadlineSeconds)) << where;
                EXPECT_EQ(runtime, row.runtimeSeconds) << where;
                // One step back toward failing.
                const double step = std::pow(10.0, -row.decimals);
                const double back = *row.needed + (row.atLeast ? -step : step);
                Plan stepped = plan;
                whatittakes::apply(stepped.scenario, row.key, back);
                if (!validate(stepped.scenario).empty())
                    continue; // the field's end: every value of it meets
                EXPECT_FALSE(deadline::meets(evaluatePlan(stepped).model.effectiveRuntimeSeconds,
                                             *plan.scenario.goal.deadlineSeconds))
                    << where << " needed " << *row.needed << " back " << back;
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 40); // every preset has at least a few levers that can alone
}

namespace {

/// Seed 000's story as four options of one plan (issue 35's acceptance): as is; pruned; pruned +
/// GPU; pruned + GPU + batched at 10,000 workers, with an 8-hour deadline.
Plan seed000Options()
{
    Plan plan = loadPreset(QStringLiteral("nightly-scoring.json"));
    plan.scenario.goal.deadlineSeconds = 8 * 3600;
    const auto pair = [](const char *key, const char *value) {
        return std::pair<QString, QString>{QLatin1String(key), QLatin1String(value)};
    };
    plan.scenario.options = {
        {QStringLiteral("as is"), {}},
        {QStringLiteral("pruned"), {pair("workload.keep_fraction", "0.5")}},
        {QStringLiteral("pruned + GPU"),
         {pair("workload.keep_fraction", "0.5"), pair("workload.accelerator_latency_ms", "10")}},
        {QStringLiteral("pruned + GPU + batched"),
         {pair("workload.keep_fraction", "0.5"), pair("workload.accelerator_latency_ms", "10"),
          pair("workload.batch_ms_per_user", "50"), pair("workload.workers", "10000")}},
    };
    return plan;
}

} // namespace

// Each option's row is what eval says of that option written as its own file: the same
// runtime, cost, worker-hours, deadline verdict and nearest lever; the fastest and cheapest
// option is the efficient one.
TEST(Options, EachRowIsTheOptionEvaluatedAsItsOwnFile)
{
    const Plan plan = seed000Options();
    // The file keeps the options.
    const scenariofile::LoadResult reloaded = scenariofile::fromJson(scenariofile::toJson(plan));
    ASSERT_TRUE(reloaded.plan) << reloaded.error.toString().toStdString();
    EXPECT_EQ(reloaded.plan->scenario.options, plan.scenario.options);

    const std::vector<options::Row> rows = evaluatePlan(plan).options;
    ASSERT_EQ(rows.size(), 5u);
    EXPECT_EQ(rows[0].name, QStringLiteral("This plan"));
    for (size_t i = 1; i < rows.size(); ++i) {
        const options::Row &row = rows[i];
        ASSERT_TRUE(row.error.isEmpty()) << row.error.toStdString();
        FieldError error;
        const std::optional<Scenario> own = options::apply(
            plan.scenario, plan.scenario.options[i - 1], static_cast<int>(i - 1), &error);
        ASSERT_TRUE(own) << error.toString().toStdString();
        // Written and read back as its own file, then evaluated as eval does.
        const scenariofile::LoadResult file =
            scenariofile::fromJson(scenariofile::toJson(Plan{*own, std::nullopt}));
        ASSERT_TRUE(file.plan);
        const PlanResult alone = evaluatePlan(*file.plan);
        EXPECT_EQ(row.runtimeSeconds, alone.model.effectiveRuntimeSeconds) << i;
        EXPECT_EQ(row.cost, alone.model.cost.total) << i;
        EXPECT_EQ(row.workerHours, alone.model.cost.workerHours) << i;
        ASSERT_TRUE(row.meetsDeadline && alone.model.deadline);
        EXPECT_EQ(*row.meetsDeadline, alone.model.deadline->meets) << i;
    }
    // As is equals the plan; pruning halves the runtime; the GPU and batching shorten it more.
    EXPECT_EQ(rows[1].runtimeSeconds, rows[0].runtimeSeconds);
    EXPECT_NEAR(rows[2].runtimeSeconds / rows[1].runtimeSeconds, 0.5, 1e-12);
    EXPECT_LT(rows[3].runtimeSeconds, rows[2].runtimeSeconds);
    EXPECT_LT(rows[4].runtimeSeconds, rows[3].runtimeSeconds);
    EXPECT_TRUE(rows[4].efficient);
    EXPECT_FALSE(rows[2].efficient);
    // The story's last step still misses 8 hours; p is the nearest lever (about 0.992, as the
    // issue found by trial and error).
    EXPECT_FALSE(*rows[4].meetsDeadline);
    EXPECT_EQ(rows[4].biggestLever.toStdString(), "Parallel fraction p at least 0.9925");
}

TEST(Options, ABadOptionIsRefusedAtItsKey)
{
    Plan plan = seed000Options();
    plan.scenario.options[1].set = {
        {QStringLiteral("workload.keep_fraction"), QStringLiteral("7")}};
    scenariofile::LoadResult loaded = scenariofile::fromJson(scenariofile::toJson(plan));
    ASSERT_FALSE(loaded.plan);
    EXPECT_TRUE(loaded.error.field.startsWith(QStringLiteral("options[1].set")))
        << loaded.error.toString().toStdString();

    plan = seed000Options();
    plan.scenario.options[2].name = QStringLiteral("pruned");
    loaded = scenariofile::fromJson(scenariofile::toJson(plan));
    ASSERT_FALSE(loaded.plan);
    EXPECT_EQ(loaded.error.field, QStringLiteral("options[2].name"));

    plan = seed000Options();
    plan.scenario.options[0].set = {{QStringLiteral("workload.no_such_key"), QStringLiteral("1")}};
    loaded = scenariofile::fromJson(scenariofile::toJson(plan));
    ASSERT_FALSE(loaded.plan);
    EXPECT_EQ(loaded.error.field, QStringLiteral("options[0].set.workload.no_such_key"));

    plan = seed000Options();
    while (plan.scenario.options.size() <= static_cast<size_t>(kMaxOptions))
        plan.scenario.options.push_back(
            {QStringLiteral("extra %1").arg(plan.scenario.options.size()), {}});
    loaded = scenariofile::fromJson(scenariofile::toJson(plan));
    ASSERT_FALSE(loaded.plan);
    EXPECT_EQ(loaded.error.field, QStringLiteral("options"));
}

// The window's option dialog types overrides as --set takes them, one per line: comments and
// blank lines skipped, a line without '=' or a key set twice refused with its line.
TEST(Options, OverridesAsTypedOnePerLine)
{
    QString error;
    const auto set = options::parseOverrides(
        QStringLiteral("# the GPU\nworkload.keep_fraction = 0.4\n\nhardware.device=L4\n"), &error);
    ASSERT_TRUE(set) << error.toStdString();
    EXPECT_EQ(set->size(), 2u);
    EXPECT_EQ(set->at(QStringLiteral("workload.keep_fraction")), QStringLiteral("0.4"));
    EXPECT_EQ(set->at(QStringLiteral("hardware.device")), QStringLiteral("L4"));
    EXPECT_EQ(options::overridesText(*set),
              QStringLiteral("hardware.device=L4\nworkload.keep_fraction=0.4"));
    EXPECT_EQ(options::parseOverrides(options::overridesText(*set), &error), set);

    EXPECT_FALSE(options::parseOverrides(QStringLiteral("workers=10\nkeep 0.4"), &error));
    EXPECT_EQ(error.toStdString(),
              "line 2: expected key=value (like workload.keep_fraction=0.4), got 'keep 0.4'");
    EXPECT_FALSE(options::parseOverrides(QStringLiteral("a=1\na=2"), &error));
    EXPECT_EQ(error.toStdString(), "line 2: a is set twice");
    EXPECT_FALSE(options::parseOverrides(QStringLiteral("=3"), &error));
}

// Efficient means no other row at least as fast and at least as cheap, and better in one: the
// comparisons are <=. A job of p = 1 costs the same at any worker count (8 workers for an hour,
// 4 for two hours: 8 worker-hours), so fewer workers are as cheap and slower: dominated. A
// higher price runs as fast and costs more: dominated. An option equal to the plan in both
// dominates neither: both efficient.
TEST(Options, EqualCostOrEqualRuntimeIsComparedWithAtMost)
{
    Plan plan{thousandSecondJob(), std::nullopt};
    Scenario &s = plan.scenario;
    s.workload.users = 28'800; // 28,800 s of work
    s.workload.parallelFraction = 1;
    s.workload.workers = 8;
    s.goal.pricePerWorkerHour = 1;
    const auto pair = [](const char *key, const char *value) {
        return std::pair<QString, QString>{QLatin1String(key), QLatin1String(value)};
    };
    s.options = {
        {QStringLiteral("same"), {pair("workload.workers", "8")}},
        {QStringLiteral("fewer workers"), {pair("workload.workers", "4")}},
        {QStringLiteral("dearer"), {pair("goal.price_per_worker_hour", "2")}},
    };
    const std::vector<options::Row> rows = evaluatePlan(plan).options;
    ASSERT_EQ(rows.size(), 4u);
    for (const options::Row &row : rows)
        ASSERT_TRUE(row.error.isEmpty()) << row.error.toStdString();
    // The ties are exact: the test is of <= only if they are.
    ASSERT_EQ(rows[2].cost, rows[0].cost);
    ASSERT_GT(rows[2].runtimeSeconds, rows[0].runtimeSeconds);
    ASSERT_EQ(rows[3].runtimeSeconds, rows[0].runtimeSeconds);
    ASSERT_GT(rows[3].cost, rows[0].cost);
    ASSERT_EQ(rows[1].runtimeSeconds, rows[0].runtimeSeconds);
    ASSERT_EQ(rows[1].cost, rows[0].cost);
    EXPECT_TRUE(rows[0].efficient);
    EXPECT_TRUE(rows[1].efficient); // equal in both: neither is better in one
    EXPECT_FALSE(rows[2].efficient) << "as cheap and slower";
    EXPECT_FALSE(rows[3].efficient) << "as fast and dearer";
}

// The cost curve over worker counts (Runtime against cost): every point is its workers x its
// runtime in hours x the price in force, its runtime the model's at that worker count, and the
// plan's point is the headline's runtime and cost, on every preset.
TEST(CostCurve, EveryPointIsWorkersTimesHoursTimesPriceAndThePlansIsTheHeadlines)
{
    int checked = 0;
    for (const QString &name : presets()) {
        const Plan plan = loadPreset(name);
        const PlanResult result = evaluatePlan(plan);
        const CostSeries &curve = result.costCurve;
        const double price = result.model.cost.pricePerWorkerHour;
        const std::string where = name.toStdString();
        ASSERT_EQ(curve.curve.size(), static_cast<size_t>(kSeriesCurvePoints)) << where;
        EXPECT_EQ(curve.currency, result.model.cost.currency) << where;
        for (const CostPoint &point : curve.curve) {
            EXPECT_NEAR(point.cost, point.workers * units::toHours(point.runtimeSeconds) * price,
                        1e-12 * point.cost)
                << where << " at " << point.workers;
            Scenario at = result.inForce;
            at.workload.workers = point.workers;
            EXPECT_NEAR(point.runtimeSeconds, effectiveRuntimeSeconds(at),
                        1e-12 * point.runtimeSeconds)
                << where << " at " << point.workers;
            ++checked;
        }
        EXPECT_EQ(curve.plan.workers, result.inForce.workload.workers) << where;
        EXPECT_EQ(curve.plan.runtimeSeconds, result.model.effectiveRuntimeSeconds) << where;
        EXPECT_EQ(curve.plan.cost, result.model.cost.total) << where;
        // The curve's own rule at the plan's workers gives the headline's cost too.
        const double runtime =
            result.model.overheads.model.runtimeSeconds(result.inForce.workload.workers);
        EXPECT_NEAR(runtime, result.model.effectiveRuntimeSeconds, 1e-12 * runtime) << where;
        EXPECT_NEAR(result.inForce.workload.workers * units::toHours(runtime) * price,
                    result.model.cost.total, 1e-12 * result.model.cost.total)
            << where;
    }
    EXPECT_EQ(checked, static_cast<int>(presets().size()) * kSeriesCurvePoints);
}
