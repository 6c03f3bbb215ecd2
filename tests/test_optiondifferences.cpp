// A plan's differences from its base as overrides: applied to the base as `--set` applies them,
// they give the plan back, for every preset and the edits a meeting makes.

#include "core/model/uncertainty.h"
#include "core/plan/options.h"
#include "core/plan/scenariofile.h"

#include <QDir>
#include <QFile>

#include <gtest/gtest.h>

#include <functional>
#include <utility>
#include <vector>

using namespace pipeplan;

namespace {

std::vector<std::pair<QString, Plan>> presets()
{
    std::vector<std::pair<QString, Plan>> plans;
    const QDir dir(QStringLiteral(PIPEPLAN_PRESETS_DIR));
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        QFile file(dir.filePath(name));
        EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << name.toStdString();
        const scenariofile::LoadResult loaded = scenariofile::fromJson(file.readAll());
        EXPECT_TRUE(loaded.plan) << name.toStdString();
        if (loaded.plan)
            plans.emplace_back(name, *loaded.plan);
    }
    return plans;
}

using Edit = std::pair<const char *, std::function<void(Scenario &)>>;

/// The edits a meeting makes: a latency, the workers, a device, a stage's time, a range, the
/// name, and all of them at once.
std::vector<Edit> edits()
{
    const auto latency = [](Scenario &s) { s.workload.latencyMs = s.workload.latencyMs * 0.8; };
    const auto workers = [](Scenario &s) { s.workload.workers = s.workload.workers * 2 + 3; };
    const auto device = [](Scenario &s) {
        s.hardware.enabled = true;
        s.hardware.device = QStringLiteral("L4");
    };
    const auto stage = [](Scenario &s) {
        for (Stage &stage : s.stages) {
            if (!stage.isScoring) {
                stage.msPerUser = stage.msPerUser * 1.5 + 0.25;
                return;
            }
        }
    };
    const auto range = [](Scenario &s) {
        const double at = s.workload.latencyMs;
        EXPECT_EQ(uncertainty::setRange(s, QStringLiteral("workload.latency_ms"),
                                        Range{Range::Kind::Interval, at * 0.75, 0, at * 1.5}, at),
                  QString());
    };
    const auto named = [](Scenario &s) { s.name = QStringLiteral("pruned, on L4"); };
    return {
        {"latency", latency},
        {"workers", workers},
        {"device", device},
        {"stage time", stage},
        {"range", range},
        {"name", named},
        {"all at once",
         [=](Scenario &s) {
             latency(s);
             workers(s);
             device(s);
             stage(s);
             range(s);
             named(s);
         }},
    };
}

} // namespace

TEST(OptionDifferences, AppliedToTheBaseTheyGiveThePlanBack)
{
    const std::vector<std::pair<QString, Plan>> plans = presets();
    ASSERT_GE(plans.size(), 5u);
    size_t checked = 0;
    for (const auto &[file, plan] : plans) {
        const Scenario &base = plan.scenario;
        for (const auto &[what, edit] : edits()) {
            SCOPED_TRACE(file.toStdString() + ", " + what);
            Scenario edited = base;
            edit(edited);
            if (edited == base || !validate(edited).empty())
                continue; // an edit this plan does not take (a stage time where all score)
            ++checked;
            const options::Differences found = options::differences(base, edited);
            EXPECT_FALSE(found.set.empty());
            EXPECT_TRUE(found.unreachable.isEmpty()) << found.unreachable.join(u'\n').toStdString();
            FieldError error;
            const std::optional<Scenario> applied =
                options::apply(base, PlanOption{QStringLiteral("kept"), found.set}, 0, &error);
            ASSERT_TRUE(applied) << error.toString().toStdString();
            Scenario wanted = edited;
            wanted.options.clear();
            EXPECT_TRUE(*applied == wanted) << options::overridesText(found.set).toStdString();
        }
        EXPECT_EQ(options::differences(base, base), options::Differences{});
    }
    // Most edits apply to most presets: the property is not checked on a handful.
    EXPECT_GE(checked, plans.size() * edits().size() * 3 / 4) << checked;
}

TEST(OptionDifferences, OnlyTheKeysThatDifferWithTheirValues)
{
    Scenario base = defaultScenario();
    base.options = {{QStringLiteral("pruned"),
                     {{QStringLiteral("workload.keep_fraction"), QStringLiteral("0.5")}}}};
    Scenario plan = base;
    plan.workload.workers = 12'000;
    plan.workload.latencyMs = 850;
    plan.workload.keepFraction = 0.25;
    plan.options.clear(); // the options are the plan's, not a difference
    const options::Differences found = options::differences(base, plan);
    const std::map<QString, QString> expected{
        {QStringLiteral("workload.keep_fraction"), QStringLiteral("0.25")},
        {QStringLiteral("workload.latency_ms"), QStringLiteral("850")},
        {QStringLiteral("workload.workers"), QStringLiteral("12000")},
    };
    EXPECT_EQ(found.set, expected);
    EXPECT_TRUE(found.unreachable.isEmpty());
}

TEST(OptionDifferences, ARangeIsSetUnderItsNumbersPathAndDroppedByAPlainNumber)
{
    Scenario base = defaultScenario();
    Scenario ranged = base;
    ASSERT_EQ(uncertainty::setRange(ranged, QStringLiteral("workload.latency_ms"),
                                    Range{Range::Kind::Interval, 800, 0, 1200}, 0),
              QString());
    options::Differences found = options::differences(base, ranged);
    ASSERT_EQ(found.set.size(), 1u) << options::overridesText(found.set).toStdString();
    EXPECT_EQ(found.set.begin()->first, QStringLiteral("workload.latency_ms"));
    EXPECT_EQ(found.set.begin()->second, QStringLiteral("800..1,200"));
    found = options::differences(ranged, base);
    ASSERT_EQ(found.set.size(), 1u) << options::overridesText(found.set).toStdString();
    EXPECT_EQ(found.set.begin()->second, QStringLiteral("1000"));
    EXPECT_TRUE(found.unreachable.isEmpty());
}

TEST(OptionDifferences, AStageAddedIsNamedAsUnreachable)
{
    const Scenario base = defaultScenario();
    Scenario plan = base;
    ASSERT_FALSE(plan.stages.empty());
    Stage extra = plan.stages.back();
    extra.name = QStringLiteral("post-process");
    extra.isScoring = false;
    extra.msPerUser = 3;
    plan.stages.push_back(extra);
    if (!validate(plan).empty())
        GTEST_SKIP() << "the default plan takes no extra stage";
    const options::Differences found = options::differences(base, plan);
    EXPECT_TRUE(found.unreachable.contains(QStringLiteral("stages")))
        << found.unreachable.join(u',').toStdString();
}
