// One deadline rule: the headline's fewest workers, What it would take's workers row (its Apply
// button and the table's "at least" cell) and the verdict at that count are one number, also on
// a tie, where the runtime equals the deadline and rounding puts it a few ulps either side.
#include "core/base/cost.h"
#include "core/base/deadline.h"
#include "core/base/format.h"
#include "core/plan/explain.h"
#include "core/plan/hardwaretext.h"
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

// Issue 51: with no deadline set nothing plans for a hidden one. The goal seek section holds
// nothing and says why, no verdict, the explanation and the report's words hold no deadline, and
// Hardware & cost lists the devices at the plan's workers without claiming any meets one.
TEST(OneGoal, NoDeadlineNothingPlansForOne)
{
    Plan plan = loadPreset(QStringLiteral("embedding-h100.json"));
    ASSERT_TRUE(plan.scenario.goal.deadlineSeconds);
    plan.scenario.goal.deadlineSeconds.reset();
    PlanResult result = evaluatePlan(plan);
    EXPECT_FALSE(result.model.deadline);
    EXPECT_FALSE(result.tail.goal);
    EXPECT_FALSE(result.tail.verdict);
    EXPECT_FALSE(tailRequest(result).goal);
    EXPECT_EQ(result.goalSeek.state, JobState::Failed);
    EXPECT_EQ(result.goalSeek.reason, QStringLiteral("no deadline set"));
    completeBackground(result, plan, Background::GoalSeek);
    EXPECT_FALSE(result.goalSeek.ready());
    EXPECT_FALSE(result.whatItTakes.active);

    const auto rows = explain::inputRows(plan.scenario);
    const auto deadlineRow = std::find_if(rows.begin(), rows.end(), [](const auto &row) {
        return row.first == QLatin1String("Deadline");
    });
    ASSERT_NE(deadlineRow, rows.end());
    EXPECT_EQ(deadlineRow->second, QStringLiteral("none set"));
    EXPECT_EQ(explain::goalSeekDeadline(plan.scenario.goal),
              QStringLiteral("No deadline set: the fewest workers need one."));
    EXPECT_FALSE(explain::question(plan.scenario, result.model).contains(QStringLiteral("within")));

    // Every device at the plan's workers, cheapest first, none "needed" for a deadline.
    const QString title = explain::deviceOptionsTitle(plan.scenario);
    EXPECT_FALSE(title.contains(QStringLiteral("meets the deadline"))) << title.toStdString();
    EXPECT_FALSE(title.contains(format::duration(24 * 3600.0))) << title.toStdString();
    EXPECT_EQ(explain::deviceOptionsHeader(false)[4], QStringLiteral("Devices"));
    ASSERT_FALSE(result.hardware.options.empty());
    double cheapest = 0;
    for (const DeviceOption &option : result.hardware.options) {
        if (!option.possible)
            continue;
        EXPECT_EQ(option.workers, plan.scenario.workload.workers)
            << option.device.name.toStdString();
        EXPECT_GE(option.cost, cheapest);
        cheapest = option.cost;
        EXPECT_FALSE(option.reason.contains(QStringLiteral("deadline")));
    }
    const DeviceOption &inForce = *std::find_if(
        result.hardware.options.begin(), result.hardware.options.end(),
        [&](const DeviceOption &o) { return o.device.name == plan.scenario.hardware.device; });
    EXPECT_DOUBLE_EQ(inForce.runtimeSeconds, result.model.effectiveRuntimeSeconds);
    EXPECT_DOUBLE_EQ(inForce.cost, result.model.cost.total);

    // With the deadline back, the same plan is sought and judged for it, and says where it is set.
    plan.scenario.goal.deadlineSeconds = 86'400;
    const PlanResult withDeadline = evaluatePlan(plan);
    ASSERT_TRUE(withDeadline.tail.goal);
    EXPECT_EQ(withDeadline.tail.goal->deadlineSeconds, 86'400);
    EXPECT_TRUE(withDeadline.tail.verdict);
    EXPECT_EQ(withDeadline.goalSeek.state, JobState::NotAsked);
    const QString day = format::duration(86'400);
    EXPECT_EQ(
        explain::goalSeekDeadline(plan.scenario.goal),
        QStringLiteral("Fewest workers for the deadline of %1 set under Model > Goal.").arg(day));
    EXPECT_TRUE(explain::deviceOptionsTitle(plan.scenario)
                    .startsWith(QStringLiteral("Cheapest device that meets the deadline of %1 "
                                               "(set under Model > Goal)")
                                    .arg(day)));
}

namespace {

/// The nightly preset as a version 8 file with the goal section `goal`.
QByteArray version8With(const QJsonObject &goal)
{
    QFile file(QStringLiteral(PIPEPLAN_PRESETS_DIR "/nightly-scoring.json"));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly));
    QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    root.insert(QStringLiteral("version"), 8);
    root.insert(QStringLiteral("goal"), goal);
    return QJsonDocument(root).toJson();
}

} // namespace

TEST(OneGoalFile, AVersion8DeadlineKeptWhileOffMigratesToNoneWithANote)
{
    const scenariofile::LoadResult loaded =
        scenariofile::fromJson(version8With({{QStringLiteral("deadline_s"), 3600},
                                             {QStringLiteral("finish_within"), false},
                                             {QStringLiteral("price_per_worker_hour"), 0.5}}));
    ASSERT_TRUE(loaded.plan) << loaded.error.toString().toStdString();
    EXPECT_FALSE(loaded.plan->scenario.goal.deadlineSeconds);
    ASSERT_EQ(loaded.notes.size(), 1);
    EXPECT_EQ(loaded.notes.front(),
              QStringLiteral("Deadline: this file of version 8 kept a deadline of %1 while "
                             "'Finish within' was off; a deadline that is off is no longer kept, "
                             "so this plan has none (set one under Model > Goal).")
                  .arg(format::duration(3600)));
    // Absent finish_within was off too.
    const scenariofile::LoadResult absent =
        scenariofile::fromJson(version8With({{QStringLiteral("deadline_s"), 7200}}));
    ASSERT_TRUE(absent.plan);
    EXPECT_FALSE(absent.plan->scenario.goal.deadlineSeconds);
    EXPECT_EQ(absent.notes.size(), 1);
    // Neither key: no deadline and nothing to say.
    const scenariofile::LoadResult neither =
        scenariofile::fromJson(version8With({{QStringLiteral("price_per_worker_hour"), 0.5}}));
    ASSERT_TRUE(neither.plan);
    EXPECT_FALSE(neither.plan->scenario.goal.deadlineSeconds);
    EXPECT_TRUE(neither.notes.isEmpty());
}

// A version 8 option that turned "Finish within" on or off sets the deadline instead: on, the
// deadline the plan held (kept while off or not); off, none.
TEST(OneGoalFile, AVersion8OptionsFinishWithinBecomesItsDeadline)
{
    QJsonObject root =
        QJsonDocument::fromJson(version8With({{QStringLiteral("deadline_s"), 3600},
                                              {QStringLiteral("finish_within"), false}}))
            .object();
    const auto option = [](const char *name, const QJsonObject &set) {
        return QJsonObject{{QStringLiteral("name"), QLatin1String(name)},
                           {QStringLiteral("set"), set}};
    };
    root.insert(QStringLiteral("options"),
                QJsonArray{option("in time", {{QStringLiteral("goal.finish_within"), true}}),
                           option("no deadline", {{QStringLiteral("goal.finish_within"), false},
                                                  {QStringLiteral("goal.deadline_s"), 60}})});
    const scenariofile::LoadResult loaded = scenariofile::fromJson(QJsonDocument(root).toJson());
    ASSERT_TRUE(loaded.plan) << loaded.error.toString().toStdString();
    EXPECT_FALSE(loaded.plan->scenario.goal.deadlineSeconds);
    EXPECT_EQ(loaded.notes.size(), 1);
    const std::vector<PlanOption> &options = loaded.plan->scenario.options;
    ASSERT_EQ(options.size(), 2u);
    EXPECT_EQ(options[0].set, (std::map<QString, QString>{
                                  {QStringLiteral("goal.deadline_s"), QStringLiteral("3600")}}));
    EXPECT_EQ(options[1].set, (std::map<QString, QString>{
                                  {QStringLiteral("goal.deadline_s"), QStringLiteral("null")}}));
}

TEST(OneGoalFile, AVersion8FinishWithinTrueKeepsItsDeadline)
{
    const scenariofile::LoadResult loaded = scenariofile::fromJson(version8With(
        {{QStringLiteral("deadline_s"), 5400}, {QStringLiteral("finish_within"), true}}));
    ASSERT_TRUE(loaded.plan) << loaded.error.toString().toStdString();
    EXPECT_EQ(loaded.plan->scenario.goal.deadlineSeconds, std::optional(5400.0));
    EXPECT_TRUE(loaded.notes.isEmpty());
}

TEST(OneGoalFile, Version9RoundTripsWithAndWithoutADeadline)
{
    Plan plan = loadPreset(QStringLiteral("nightly-scoring.json"));
    ASSERT_FALSE(plan.scenario.goal.deadlineSeconds);
    QJsonObject goal = scenariofile::toJsonObject(plan).value(QStringLiteral("goal")).toObject();
    EXPECT_FALSE(goal.contains(QStringLiteral("deadline_s")));
    EXPECT_FALSE(goal.contains(QStringLiteral("finish_within")));
    EXPECT_EQ(scenariofile::fromJson(scenariofile::toJson(plan)).plan, plan);

    plan.scenario.goal.deadlineSeconds = 1800;
    const QJsonObject root = scenariofile::toJsonObject(plan);
    EXPECT_EQ(root.value(QStringLiteral("version")).toInt(), 9);
    goal = root.value(QStringLiteral("goal")).toObject();
    EXPECT_EQ(goal.value(QStringLiteral("deadline_s")).toDouble(), 1800);
    EXPECT_FALSE(goal.contains(QStringLiteral("finish_within")));
    const scenariofile::LoadResult again = scenariofile::fromJson(scenariofile::toJson(plan));
    EXPECT_EQ(again.plan, plan);
    EXPECT_TRUE(again.notes.isEmpty());

    // A version 9 file's finish_within is a key the format does not know: ignored, as others.
    QJsonObject stray = root;
    goal.insert(QStringLiteral("finish_within"), false);
    stray.insert(QStringLiteral("goal"), goal);
    const scenariofile::LoadResult strayed = scenariofile::fromJson(QJsonDocument(stray).toJson());
    ASSERT_TRUE(strayed.plan);
    EXPECT_EQ(strayed.plan->scenario.goal.deadlineSeconds, std::optional(1800.0));
    EXPECT_TRUE(strayed.notes.isEmpty());

    // --set clears it with null, as the budget.
    QJsonObject set = root;
    ASSERT_FALSE(
        scenariofile::setValue(set, QStringLiteral("goal.deadline_s"), QStringLiteral("null")));
    EXPECT_FALSE(
        scenariofile::fromJson(QJsonDocument(set).toJson()).plan->scenario.goal.deadlineSeconds);
}

// The presets hold the deadline they plan for in force: the embedding job a day, the feature
// store an hour (it kept one while off before issue 51, meant for the goal seek); no other.
TEST(OneGoalFile, PresetsHoldOnlyDeadlinesInForce)
{
    for (const QString &name : QDir(QStringLiteral(PIPEPLAN_PRESETS_DIR))
                                   .entryList({QStringLiteral("*.json")}, QDir::Files)) {
        const std::optional<double> deadline = loadPreset(name).scenario.goal.deadlineSeconds;
        if (name == QLatin1String("embedding-h100.json"))
            EXPECT_EQ(deadline, std::optional(86'400.0));
        else if (name == QLatin1String("feature-store-cap.json"))
            EXPECT_EQ(deadline, std::optional(3600.0));
        else
            EXPECT_FALSE(deadline) << name.toStdString();
    }
}
