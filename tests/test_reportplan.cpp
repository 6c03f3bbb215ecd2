// The report's sections (issue 19): ticked by default only when the plan has content for them,
// the choice kept in the scenario file, and the summary's sentences.
#include "core/base/format.h"
#include "core/model/reportsections.h"
#include "core/plan/explain.h"
#include "core/plan/reportplan.h"
#include "core/plan/scenariofile.h"
#include "core/plan/summary.h"
#include "tests/support/presets.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

using namespace pipeplan;
using RS = ReportSection;

QT_BEGIN_NAMESPACE
inline void PrintTo(const QString &text, std::ostream *os)
{
    *os << '"' << text.toStdString() << '"';
}
QT_END_NAMESPACE

namespace {

Plan preset(const char *name)
{
    QFile file(QStringLiteral(PIPEPLAN_PRESETS_DIR "/") + QLatin1String(name));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << name;
    const scenariofile::LoadResult loaded = scenariofile::fromJson(file.readAll());
    EXPECT_TRUE(loaded.plan.has_value()) << name << ": " << loaded.error.toString().toStdString();
    return loaded.plan.value_or(Plan{});
}

std::vector<RS> withContent(const Plan &plan, bool simulation = false)
{
    return reportplan::sectionsWithContent(plan, evaluatePlan(plan), {simulation});
}

/// A job of several stages: its summary draws the waterfall, so Levers is left out.
const std::vector<RS> kAlwaysThere{RS::Summary, RS::Inputs,   RS::Scaling,
                                   RS::Amdahl,  RS::Pipeline, RS::Formulas};

} // namespace

TEST(ReportPlan, TheFiveStagePresetHasNoProjectTrainingGoalOrTailContent)
{
    const Plan plan = preset("five-stage.json");
    EXPECT_EQ(withContent(plan), kAlwaysThere);
    const PlanResult result = evaluatePlan(plan);
    EXPECT_EQ(reportplan::missingContent(RS::Project, plan, result, {}),
              QStringLiteral("no tasks entered: the Project workspace holds its example"));
    EXPECT_EQ(reportplan::missingContent(RS::Training, plan, result, {}),
              QStringLiteral("the Training workspace holds its untouched example"));
    EXPECT_EQ(reportplan::missingContent(RS::GoalSeek, plan, result, {}),
              QStringLiteral("no deadline set"));
    EXPECT_TRUE(reportplan::missingContent(RS::Scaling, plan, result, {}).isEmpty());
    EXPECT_EQ(reportplan::missingContent(RS::Levers, plan, result, {}),
              QStringLiteral("the summary page shows the waterfall"));
    // Without a choice in the file, the report prints those.
    EXPECT_EQ(reportplan::sectionsFor(plan, result, {}), kAlwaysThere);
}

TEST(ReportPlan, TheFeatureStorePresetTicksItsOverheadsAndItsGoalSeek)
{
    const std::vector<RS> sections = withContent(preset("feature-store-cap.json"));
    EXPECT_EQ(sections, (std::vector<RS>{RS::Summary, RS::Inputs, RS::Scaling, RS::Amdahl,
                                         RS::Overheads, RS::GoalSeek, RS::Formulas}));
    // One stage: nothing overlaps, so no pipeline page of filler (issue 32).
    const Plan plan = preset("feature-store-cap.json");
    EXPECT_EQ(reportplan::missingContent(RS::Pipeline, plan, evaluatePlan(plan), {}),
              QStringLiteral("one stage: nothing overlaps, the summary gives its time"));
}

TEST(ReportPlan, EnteredContentTicksItsSection)
{
    Plan plan = preset("five-stage.json");
    plan.scenario.project.tasks[0].mostLikely += 1;
    plan.scenario.training.devices = 8;
    plan.scenario.goal.deadlineSeconds = 24 * 3600.0;
    const std::vector<RS> sections = withContent(plan);
    for (RS section : {RS::Project, RS::Training, RS::GoalSeek})
        EXPECT_NE(std::find(sections.begin(), sections.end(), section), sections.end())
            << reportsections::key(section).toStdString();
    // A simulation at hand (the window's run, the CLI's --simulate) is the tail's content.
    const std::vector<RS> simulated = withContent(preset("five-stage.json"), true);
    EXPECT_NE(std::find(simulated.begin(), simulated.end(), RS::Overheads), simulated.end());
    // A logged actual is project content too, the tasks untouched.
    Plan logged = preset("five-stage.json");
    logged.scenario.project.actuals.push_back({QStringLiteral("canary"), 2, 3});
    const std::vector<RS> loggedSections = withContent(logged);
    EXPECT_NE(std::find(loggedSections.begin(), loggedSections.end(), RS::Project),
              loggedSections.end());
}

TEST(ReportSections, NamesParseInReportOrderAndAMistypedOneIsNamed)
{
    EXPECT_EQ(reportsections::all().size(), 13u);
    QString problem;
    const auto parsed =
        reportsections::parseList(QStringLiteral("goal_seek, summary,scaling,summary"), &problem);
    ASSERT_TRUE(parsed.has_value()) << problem.toStdString();
    EXPECT_EQ(*parsed, (std::vector<RS>{RS::Summary, RS::Scaling, RS::GoalSeek}));
    EXPECT_FALSE(reportsections::parseList(QStringLiteral("summary,scalng"), &problem));
    EXPECT_EQ(problem, QStringLiteral(
                           "'scalng' is not a section: use summary,inputs,scaling,amdahl,"
                           "levers,pipeline,measured,hardware,overheads,goal_seek,training,project,"
                           "formulas"));
    EXPECT_FALSE(reportsections::parseList(QStringLiteral(" , "), &problem));
    for (RS section : reportsections::all())
        EXPECT_EQ(reportsections::fromKey(reportsections::key(section)), section);
}

TEST(ReportSections, TheChoiceRoundTripsThroughTheFileAndAbsentMeansWithContent)
{
    Plan plan = preset("five-stage.json");
    EXPECT_FALSE(plan.scenario.report.sections.has_value());
    const QJsonObject unset = scenariofile::toJsonObject(plan);
    EXPECT_TRUE(unset.value(QStringLiteral("report"))
                    .toObject()
                    .value(QStringLiteral("sections"))
                    .isNull());
    plan.scenario.report.sections = {RS::Summary, RS::Project, RS::Formulas};
    const QJsonObject chosen = scenariofile::toJsonObject(plan);
    EXPECT_EQ(chosen.value(QStringLiteral("report")).toObject().value(QStringLiteral("sections")),
              QJsonArray({QStringLiteral("summary"), QStringLiteral("project"),
                          QStringLiteral("formulas")}));
    const scenariofile::LoadResult back = scenariofile::fromJson(scenariofile::toJson(plan));
    ASSERT_TRUE(back.plan.has_value());
    EXPECT_EQ(*back.plan, plan);
    EXPECT_EQ(reportplan::sectionsFor(*back.plan, evaluatePlan(*back.plan), {}),
              (std::vector<RS>{RS::Summary, RS::Project, RS::Formulas}));
    // A pinned baseline does not carry the choice: it belongs to the plan.
    plan.baseline = plan.scenario;
    EXPECT_FALSE(scenariofile::toJsonObject(plan)
                     .value(QStringLiteral("baseline"))
                     .toObject()
                     .contains(QStringLiteral("report")));
}

TEST(ReportSections, ABadChoiceInTheFileNamesItsPath)
{
    QJsonObject root = scenariofile::toJsonObject(preset("five-stage.json"));
    root.insert(QStringLiteral("report"),
                QJsonObject{{QStringLiteral("sections"),
                             QJsonArray({QStringLiteral("summary"), QStringLiteral("gantt")})}});
    scenariofile::LoadResult loaded = scenariofile::fromJsonObject(root);
    EXPECT_FALSE(loaded.plan.has_value());
    EXPECT_EQ(loaded.error.field, QStringLiteral("report.sections[1]"));
    EXPECT_TRUE(loaded.error.message.startsWith(QStringLiteral("is \"gantt\", not a section")))
        << loaded.error.message.toStdString();
    root.insert(QStringLiteral("report"), QJsonObject{{QStringLiteral("sections"), QJsonArray()}});
    loaded = scenariofile::fromJsonObject(root);
    EXPECT_EQ(loaded.error.field, QStringLiteral("report.sections"));
    root.insert(QStringLiteral("report"),
                QJsonObject{{QStringLiteral("sections"), QStringLiteral("summary")}});
    loaded = scenariofile::fromJsonObject(root);
    EXPECT_EQ(loaded.error.field, QStringLiteral("report.sections"));
    EXPECT_EQ(loaded.error.message,
              QStringLiteral("must be an array of section names or null, got a string"));
}

TEST(ReportSummary, TheQuestionAndTheBiggestLeverOfSeed000)
{
    // Seed 000's levers: pre-filtering halves the work, the accelerator is 100x faster (1 s ->
    // 10 ms), 10,000 workers at p = 0.98 give S = 49.76: the accelerator is the biggest.
    Scenario s = defaultScenario();
    s.workload.keepFraction = 0.5;
    s.workload.acceleratorLatencyMs = 10;
    const ScenarioResult r = evaluate(s);
    EXPECT_EQ(
        explain::leverFactors(r.waterfall).mid(1, 3),
        (QStringList{QStringLiteral("÷2"), QStringLiteral("÷100"), QStringLiteral("unchanged")}));
    EXPECT_TRUE(explain::biggestLever(r.waterfall).startsWith(QStringLiteral("Accelerator ÷100 (")))
        << explain::biggestLever(r.waterfall).toStdString();
    EXPECT_EQ(explain::question(s, r),
              QStringLiteral("How long does scoring 75,000,000 users (the 50% kept of "
                             "150,000,000) × 20 predictions take on 10,000 workers?"));
    s.goal.deadlineSeconds = 3600;
    EXPECT_EQ(explain::question(s, evaluate(s)),
              QStringLiteral("How long does scoring 75,000,000 users (the 50% kept of "
                             "150,000,000) × 20 predictions take on 10,000 workers, and can it "
                             "finish within 60 minutes?"));
    // Nothing shortens a one-worker job with no lever on.
    Scenario serial = defaultScenario();
    serial.workload.workers = 1;
    EXPECT_EQ(explain::biggestLever(evaluate(serial).waterfall), QStringLiteral("none"));
}

TEST(ReportSummary, SeedOnesBiggestLeverIsItsBalancedSplit)
{
    // Seed 001: no runtime lever moves a pipeline of 10, 10, 20 and 10 ms (every step of the
    // waterfall reads "unchanged"); re-cut into four stages of 12.5 ms it runs at 80 users/s
    // instead of the 50 the 20 ms stage sets.
    const Plan plan = testsupport::loadPreset(QStringLiteral("seed001-pipeline.json"));
    const PlanResult result = evaluatePlan(plan);
    EXPECT_EQ(explain::biggestLever(result.model.waterfall), QStringLiteral("none"));
    EXPECT_EQ(summary::biggestLever(result),
              QStringLiteral("Balancing the stages: 50 users/s → 80 users/s (+60 %)"));
    // A job of one stage keeps the waterfall's answer.
    EXPECT_EQ(summary::biggestLever(evaluatePlan(Plan{defaultScenario(), std::nullopt})),
              explain::biggestLever(evaluate(defaultScenario()).waterfall));
}
