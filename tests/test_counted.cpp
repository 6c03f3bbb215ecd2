// The job's own words (issue 33, item 8): the plan names what it counts, and the numbers core
// explains say "500,000,000 documents", not "users".
#include "core/base/noun.h"
#include "core/plan/evaluation.h"
#include "core/plan/explain.h"
#include "core/plan/scenariofile.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include "tests/support/presets.h"

using namespace pipeplan;
using testsupport::readPreset;

namespace {

Scenario documents()
{
    Scenario s;
    s.workload.users = 500e6;
    s.workload.predictionsPerUser = 1;
    s.workload.counted = *countedNoun(QStringLiteral("documents"));
    return s;
}

} // namespace

TEST(CountedNoun, TheSingularFollowsEnglishsRegularPlurals)
{
    EXPECT_EQ(singularOf(QStringLiteral("documents")), QStringLiteral("document"));
    EXPECT_EQ(singularOf(QStringLiteral("users")), QStringLiteral("user"));
    EXPECT_EQ(singularOf(QStringLiteral("images")), QStringLiteral("image"));
    EXPECT_EQ(singularOf(QStringLiteral("queries")), QStringLiteral("query"));
    EXPECT_EQ(singularOf(QStringLiteral("boxes")), QStringLiteral("box"));
    EXPECT_EQ(singularOf(QStringLiteral("batches")), QStringLiteral("batch"));
    EXPECT_EQ(singularOf(QStringLiteral("sales leads")), QStringLiteral("sales lead"));
    // No plural ending: the word is its own singular.
    EXPECT_EQ(singularOf(QStringLiteral("people")), QStringLiteral("people"));
    EXPECT_EQ(singularOf(QStringLiteral("corpus")), QStringLiteral("corpus"));
}

TEST(CountedNoun, ATypedNameIsTakenOrRefusedWithItsReason)
{
    const std::optional<CountedNoun> typed = countedNoun(QStringLiteral("  Documents "));
    ASSERT_TRUE(typed);
    EXPECT_EQ(typed->many, QStringLiteral("documents"));
    EXPECT_EQ(typed->one, QStringLiteral("document"));
    EXPECT_EQ(typed->capitalizedMany(), QStringLiteral("Documents"));
    EXPECT_EQ(typed->count(500e6), QStringLiteral("500,000,000 documents"));
    EXPECT_EQ(typed->count(1), QStringLiteral("1 document"));
    // An acronym keeps its capitals.
    EXPECT_EQ(countedNoun(QStringLiteral("PDFs"))->many, QStringLiteral("PDFs"));
    EXPECT_EQ(countedNoun(QStringLiteral("PDFs"))->one, QStringLiteral("PDF"));

    EXPECT_FALSE(countedNoun(QString()));
    EXPECT_TRUE(countedNounProblem(QStringLiteral("   ")).startsWith(QStringLiteral("is empty")));
    EXPECT_EQ(countedNounProblem(QStringLiteral("docs/s")),
              QStringLiteral("may hold only letters, digits, spaces, hyphens and apostrophes"));
    EXPECT_EQ(countedNounProblem(QString(25, u'a')), QStringLiteral("has more than 24 characters"));
    EXPECT_TRUE(countedNounProblem(QString(24, u'a')).isEmpty());
    EXPECT_EQ(countedNounProblem(QStringLiteral("3d models")),
              QStringLiteral("must start with a letter"));
    // The workload refuses a bad name by its field.
    Workload w;
    w.counted.many = QStringLiteral("a/b");
    const std::vector<FieldError> errors = validate(w);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors.front().field, QStringLiteral("counted"));
}

TEST(CountedNoun, CoreExplainsTheJobInItsOwnWords)
{
    const Scenario s = documents();
    const ScenarioResult r = evaluate(s);
    EXPECT_EQ(explain::totalPredictions(s, r),
              QStringLiteral("500,000,000 documents × 1 predictions = 500,000,000"));
    EXPECT_TRUE(explain::headline(s, r).throughput.endsWith(QStringLiteral(" documents/s")))
        << explain::headline(s, r).throughput.toStdString();
    EXPECT_TRUE(explain::runtime(s, r).startsWith(QStringLiteral("500,000,000 documents × ")));
    EXPECT_TRUE(explain::question(s, r).contains(QStringLiteral("scoring 500,000,000 documents")))
        << explain::question(s, r).toStdString();
    const auto rows = explain::inputRows(s);
    EXPECT_EQ(rows[0].first, QStringLiteral("Documents"));
    EXPECT_EQ(rows[0].second, QStringLiteral("500,000,000 documents"));
    EXPECT_EQ(rows[1].first, QStringLiteral("Predictions per document"));
    // No "user" left in what core says of this job.
    for (const QString &text :
         {explain::totalPredictions(s, r), explain::runtime(s, r), explain::throughput(s, r),
          explain::perUserCost(s, r), explain::question(s, r), explain::bottleneck(s, r)})
        EXPECT_FALSE(text.contains(QStringLiteral("user"))) << text.toStdString();
    for (const auto &[label, value] : rows) {
        EXPECT_FALSE(label.contains(QStringLiteral("User")) ||
                     label.contains(QStringLiteral("user")))
            << label.toStdString();
        EXPECT_FALSE(value.contains(QStringLiteral("user"))) << value.toStdString();
    }
}

TEST(CountedNoun, TheFileKeepsTheNameAndAnOlderFileCountsUsers)
{
    const Plan plan{documents(), std::nullopt};
    const QJsonObject workload =
        scenariofile::toJsonObject(plan).value(QStringLiteral("workload")).toObject();
    EXPECT_EQ(workload.value(QStringLiteral("counted")).toString(), QStringLiteral("documents"));
    // The regular singular is not written: a --set of the plural brings its own.
    EXPECT_FALSE(workload.contains(QStringLiteral("counted_one")));
    const scenariofile::LoadResult back = scenariofile::fromJson(scenariofile::toJson(plan));
    ASSERT_TRUE(back.plan) << back.error.toString().toStdString();
    EXPECT_EQ(back.plan->scenario.workload.counted, plan.scenario.workload.counted);

    // An irregular singular round-trips too.
    Plan people = plan;
    people.scenario.workload.counted = {QStringLiteral("person"), QStringLiteral("people")};
    const scenariofile::LoadResult irregular = scenariofile::fromJson(scenariofile::toJson(people));
    ASSERT_TRUE(irregular.plan);
    EXPECT_EQ(irregular.plan->scenario.workload.counted.one, QStringLiteral("person"));

    // The nightly preset has no name: it counts users, as seed 000 does.
    const scenariofile::LoadResult nightly =
        scenariofile::fromJson(readPreset("nightly-scoring.json"));
    ASSERT_TRUE(nightly.plan);
    EXPECT_EQ(nightly.plan->scenario.workload.counted.many, QStringLiteral("users"));
    // The embedding preset counts documents.
    const scenariofile::LoadResult embedding =
        scenariofile::fromJson(readPreset("embedding-h100.json"));
    ASSERT_TRUE(embedding.plan);
    EXPECT_EQ(embedding.plan->scenario.workload.counted.one, QStringLiteral("document"));
}

TEST(CountedNoun, ABadNameInAFileIsRefusedByItsPath)
{
    QJsonObject root = scenariofile::toJsonObject(Plan{documents(), std::nullopt});
    QJsonObject workload = root.value(QStringLiteral("workload")).toObject();
    workload.insert(QStringLiteral("counted"), QStringLiteral("docs/s"));
    root.insert(QStringLiteral("workload"), workload);
    const scenariofile::LoadResult loaded = scenariofile::fromJsonObject(root);
    EXPECT_FALSE(loaded.plan);
    EXPECT_EQ(loaded.error.field, QStringLiteral("workload.counted"));
    EXPECT_EQ(loaded.error.message,
              QStringLiteral("may hold only letters, digits, spaces, hyphens and apostrophes"));
}

TEST(CountedNoun, SetNamesWhatTheJobCountsAndItsSingularFollows)
{
    QJsonObject root = scenariofile::toJsonObject(Plan{Scenario{}, std::nullopt});
    ASSERT_FALSE(scenariofile::setValue(root, QStringLiteral("counted"), QStringLiteral("images")));
    const scenariofile::LoadResult loaded = scenariofile::fromJsonObject(root);
    ASSERT_TRUE(loaded.plan) << loaded.error.toString().toStdString();
    EXPECT_EQ(loaded.plan->scenario.workload.counted.many, QStringLiteral("images"));
    EXPECT_EQ(loaded.plan->scenario.workload.counted.one, QStringLiteral("image"));
}
