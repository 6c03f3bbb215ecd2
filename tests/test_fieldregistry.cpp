#include "core/model/fieldregistry.h"
#include "core/model/scenario.h"
#include "core/model/uncertainty.h"
#include "core/plan/planresult.h"
#include "core/plan/scenariofile.h"
#include "core/project/montecarlo.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QSet>
#include <QStringList>

#include <cmath>

using namespace pipeplan;

namespace {

/// A value inside the row's bounds that differs from `current`: whole where the row is.
double otherValidValue(const FieldSpec &spec, std::optional<double> current)
{
    const double candidates[] = {spec.min + 1, spec.min + 0.5, (spec.min + spec.max) / 2,
                                 spec.min + (spec.max - spec.min) / 4};
    for (double value : candidates) {
        if (spec.wholeNumber)
            value = std::floor(value);
        if (!checkValue(spec, value) && value != current)
            return value;
    }
    ADD_FAILURE() << spec.key << ": no other valid value";
    return spec.min;
}

bool hasErrorAt(const std::vector<FieldError> &errors, const QString &path)
{
    return std::any_of(errors.begin(), errors.end(),
                       [&path](const FieldError &e) { return e.field == path; });
}

} // namespace

TEST(FieldRegistry, NoTwoRowsShareAPath)
{
    QSet<QString> seen;
    for (const fieldregistry::Field &field : fieldregistry::fields()) {
        const QString path = QLatin1String(field.path);
        EXPECT_FALSE(seen.contains(path)) << field.path << " has two rows";
        seen.insert(path);
        EXPECT_EQ(fieldregistry::find(path), &field) << field.path;
    }
    EXPECT_EQ(fieldregistry::find(u"workload.no_such_key"), nullptr);
}

// --set sets what the format defines: every row is a number key of it, optional where the row's
// number may be unset.
TEST(FieldRegistry, EveryRowIsANumberKeyOfTheFormat)
{
    for (const fieldregistry::Field &field : fieldregistry::fields()) {
        const auto &keys = scenariofile::formatKeys();
        const auto found = std::find_if(keys.begin(), keys.end(), [&field](const auto &key) {
            return QLatin1String(key.path) == QLatin1String(field.path);
        });
        ASSERT_NE(found, keys.end()) << field.path;
        EXPECT_EQ(found->type, field.optional() ? scenariofile::KeyType::OptionalNumber
                                                : scenariofile::KeyType::Number)
            << field.path;
    }
}

// Every key is typed once: a number of the format is a row unless it is one of these, numbers
// of lists (the training's per-device times may be one) or of the hardware's model, which
// core/hardware reads and writes by the model's kind.
TEST(FieldRegistry, TheFormatsNumbersNotInTheRegistryAreKnown)
{
    QSet<QString> outside;
    for (const scenariofile::FormatKey &key : scenariofile::formatKeys()) {
        const bool number = key.type == scenariofile::KeyType::Number ||
                            key.type == scenariofile::KeyType::OptionalNumber;
        if (number && !fieldregistry::find(QLatin1String(key.path)))
            outside.insert(QLatin1String(key.path));
    }
    for (const QString &path : outside) {
        const bool known = path.contains(QLatin1String("[i]")) ||
                           path.startsWith(QLatin1String("hardware.model.")) ||
                           path == QLatin1String("training.forward_ms") ||
                           path == QLatin1String("training.backward_ms") ||
                           path == QLatin1String("training.weight_ms");
        EXPECT_TRUE(known) << qPrintable(path) << " is a number of the format but no row";
    }
}

TEST(FieldRegistry, EveryRowRoundTripsOnTheScenario)
{
    for (const fieldregistry::Field &field : fieldregistry::fields()) {
        Scenario s = defaultScenario();
        const double value = otherValidValue(*field.spec, field.get(s));
        field.set(s, value);
        EXPECT_EQ(field.get(s), value) << field.path;
        EXPECT_TRUE(validate(s).empty() || !hasErrorAt(validate(s), QLatin1String(field.path)))
            << field.path;
        // Nothing unsets an optional number and leaves a plain one as it was.
        field.set(s, std::nullopt);
        const std::optional<double> expected =
            field.optional() ? std::nullopt : std::optional<double>(value);
        EXPECT_EQ(field.get(s), expected) << field.path;
    }
}

// The rows' bounds are their FieldSpecs', the ones validate() applies under the row's path.
TEST(FieldRegistry, ValidateRefusesEachRowOutsideItsSpecUnderItsPath)
{
    for (const fieldregistry::Field &field : fieldregistry::fields()) {
        const FieldSpec &spec = *field.spec;
        // The seeds are any number: validate() has never checked them (the reader checks the
        // Monte Carlo's, which its integer cannot hold otherwise).
        if (QLatin1String(field.path) == QLatin1String("uncertainty.seed") ||
            QLatin1String(field.path) == QLatin1String("project.monte_carlo.seed"))
            continue;
        Scenario over = defaultScenario();
        field.set(over, spec.max * 2 + 1);
        EXPECT_TRUE(hasErrorAt(validate(over), QLatin1String(field.path)))
            << field.path << " above " << spec.max;
        Scenario under = defaultScenario();
        field.set(under, spec.min - 1);
        EXPECT_TRUE(hasErrorAt(validate(under), QLatin1String(field.path)))
            << field.path << " below " << spec.min;
    }
}

TEST(FieldRegistry, RangeableRowsAreTheInputsThatTakeARange)
{
    const Scenario s = defaultScenario();
    for (const fieldregistry::Field &field : fieldregistry::fields()) {
        const std::optional<uncertainty::Input> in =
            uncertainty::input(s, QLatin1String(field.path));
        EXPECT_EQ(in.has_value(), field.rangeable) << field.path;
        if (in) {
            EXPECT_EQ(in->spec, field.spec) << field.path;
            EXPECT_EQ(in->support, field.support) << field.path;
            EXPECT_EQ(in->slot, field.slot) << field.path;
        }
    }
}

// The words that depend on the plan come from the row's function, not from a position in a list.
TEST(FieldRegistry, LabelsAndUnitsSpeakThePlansWords)
{
    Scenario s = defaultScenario();
    s.workload.counted = *countedNoun(QStringLiteral("documents"));
    s.goal.currency = QStringLiteral("EUR");
    const auto input = [&s](const char *key) {
        return uncertainty::input(s, QLatin1String(key)).value();
    };
    EXPECT_EQ(input("workload.users").label, QStringLiteral("Documents"));
    EXPECT_EQ(input("workload.users").unit, QStringLiteral("documents"));
    EXPECT_EQ(input("workload.predictions_per_user").label,
              QStringLiteral("Predictions per document"));
    EXPECT_EQ(input("workload.predictions_per_user").unit, QStringLiteral("predictions"));
    EXPECT_EQ(input("workload.batch_ms_per_user").label,
              QStringLiteral("Batched time per document"));
    EXPECT_EQ(input("overheads.shared_cap_per_s").unit, QStringLiteral("documents/s"));
    EXPECT_EQ(input("goal.price_per_worker_hour").unit, QStringLiteral("EUR/worker-h"));
    EXPECT_EQ(input("hardware.device_price_per_hour").unit, QStringLiteral("EUR/device-h"));
    EXPECT_EQ(input("workload.latency_ms").label, QStringLiteral("Latency per prediction"));
    EXPECT_EQ(input("workload.latency_ms").unit, QStringLiteral("ms"));
}

TEST(FieldRegistry, LeverKeysAreTheLeverRowsAndTheStagesTimes)
{
    for (const fieldregistry::Field &field : fieldregistry::fields())
        EXPECT_EQ(uncertainty::isLeverKey(QLatin1String(field.path)), field.lever) << field.path;
    EXPECT_TRUE(uncertainty::isLeverKey(QStringLiteral("stages[2].ms_per_user")));
    EXPECT_FALSE(uncertainty::isLeverKey(QStringLiteral("workload.no_such_key")));
}

// A change of a row recomputes the sections it feeds: the model's when it feeds the model.
TEST(FieldRegistry, ARowFeedingTheModelRecomputesItAndNoOtherDoes)
{
    for (const fieldregistry::Field &field : fieldregistry::fields()) {
        Plan before;
        Plan after = before;
        field.set(after.scenario, otherValidValue(*field.spec, field.get(before.scenario)));
        const Sections changed = changedSections(before, after);
        EXPECT_TRUE(changed & Section::Inputs) << field.path;
        EXPECT_EQ(bool(changed & Section::Model), bool(field.feeds & Section::Model)) << field.path;
        for (const Section section : {Section::Tail, Section::Training}) {
            if (field.feeds & section) {
                EXPECT_TRUE(changed & section) << field.path;
            }
        }
    }
}

// The file's writer and reader iterate the rows: each number saved comes back, an optional one
// unset comes back unset.
TEST(FieldRegistry, EveryRowSurvivesTheScenarioFile)
{
    for (const fieldregistry::Field &field : fieldregistry::fields()) {
        Plan plan;
        const double value = otherValidValue(*field.spec, field.get(plan.scenario));
        field.set(plan.scenario, value);
        // The activations' bytes and the device's memory for them come as a pair.
        if (QLatin1String(field.path) == QLatin1String("training.activation_bytes"))
            plan.scenario.training.deviceMemoryBytes = 80e9;
        if (QLatin1String(field.path) == QLatin1String("training.device_memory"))
            plan.scenario.training.activationBytesPerMicrobatch = 1e-3;
        ASSERT_TRUE(validate(plan.scenario).empty())
            << field.path << ": " << qPrintable(validate(plan.scenario).front().toString());
        const scenariofile::LoadResult loaded = scenariofile::fromJson(scenariofile::toJson(plan));
        ASSERT_TRUE(loaded.plan) << field.path << ": " << qPrintable(loaded.error.toString());
        EXPECT_EQ(field.get(loaded.plan->scenario), value) << field.path;
        EXPECT_EQ(loaded.plan->scenario, plan.scenario) << field.path;
        if (field.optional()) {
            field.set(plan.scenario, std::nullopt);
            plan.scenario.training.activationBytesPerMicrobatch.reset();
            plan.scenario.training.deviceMemoryBytes.reset();
            const scenariofile::LoadResult unset =
                scenariofile::fromJson(scenariofile::toJson(plan));
            ASSERT_TRUE(unset.plan) << field.path << ": " << qPrintable(unset.error.toString());
            EXPECT_EQ(field.get(unset.plan->scenario), std::nullopt) << field.path;
        }
    }
}

/// `object` with `value` at the dotted `steps`, the objects on the way kept.
namespace {
QJsonObject withValue(QJsonObject object, QStringList steps, const QJsonValue &value)
{
    const QString first = steps.takeFirst();
    object.insert(first, steps.isEmpty()
                             ? value
                             : QJsonValue(withValue(object.value(first).toObject(), steps, value)));
    return object;
}
} // namespace

// A number of the wrong type is refused under the row's path, the baseline's too.
TEST(FieldRegistry, TheReaderNamesEachRowsPathWhenItIsNotANumber)
{
    Plan plan;
    plan.baseline = plan.scenario;
    const QJsonObject root = scenariofile::toJsonObject(plan);
    for (const fieldregistry::Field &field : fieldregistry::fields()) {
        for (const QString &prefix : {QString(), QStringLiteral("baseline.")}) {
            const QString path = prefix + QLatin1String(field.path);
            const scenariofile::LoadResult loaded = scenariofile::fromJsonObject(
                withValue(root, path.split(QLatin1Char('.')), QStringLiteral("x")));
            ASSERT_FALSE(loaded.plan) << qPrintable(path);
            EXPECT_EQ(loaded.error.field, path);
            EXPECT_TRUE(loaded.error.message.startsWith(QLatin1String("must be a number")))
                << qPrintable(loaded.error.toString());
        }
    }
}

// A control bound to a member finds its row by the member: every row's member is its own, and
// a member that is no row's (the plan's name) finds none.
TEST(FieldRegistry, EachRowIsFoundByItsMember)
{
    const Scenario plan = defaultScenario();
    for (const fieldregistry::Field &row : fieldregistry::fields()) {
        ASSERT_NE(row.at, nullptr) << row.path;
        EXPECT_EQ(fieldregistry::findAt(plan, row.at(plan)), &row) << row.path;
    }
    const fieldregistry::Field *latency =
        fieldregistry::rowOf(plan, &Scenario::workload, &Workload::latencyMs);
    ASSERT_NE(latency, nullptr);
    EXPECT_STREQ(latency->path, "workload.latency_ms");
    EXPECT_EQ(fieldregistry::rowOf(plan, &Scenario::name), nullptr);
}

// The writer and the reader iterate the rows: every preset saves, reads back and saves again to
// the same bytes, with a baseline pinned, the deadline flipped and the optional numbers set too.
// (Byte for byte the writer's output before the project's numbers and the deadline were rows.)
TEST(FieldRegistry, PresetsSaveReadAndSaveToTheSameBytes)
{
    const QDir presets(QStringLiteral(PIPEPLAN_PRESETS_DIR));
    const QStringList names = presets.entryList({QStringLiteral("*.json")});
    ASSERT_FALSE(names.isEmpty());
    for (const QString &name : names) {
        QFile file(presets.filePath(name));
        ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << qPrintable(name);
        const scenariofile::LoadResult loaded = scenariofile::fromJson(file.readAll());
        ASSERT_TRUE(loaded.plan) << qPrintable(name) << ": " << qPrintable(loaded.error.toString());
        Plan variant = *loaded.plan;
        variant.baseline = variant.scenario;
        variant.baseline->goal.deadlineSeconds =
            variant.scenario.goal.deadlineSeconds ? std::nullopt : std::optional<double>(3600);
        variant.scenario.project.labeling.adjudicationMinutesPerItem = 4;
        variant.scenario.project.monteCarlo.seed = 12'345'678'901'234;
        for (const Plan &plan : {*loaded.plan, variant}) {
            const QByteArray saved = scenariofile::toJson(plan);
            const scenariofile::LoadResult again = scenariofile::fromJson(saved);
            ASSERT_TRUE(again.plan)
                << qPrintable(name) << ": " << qPrintable(again.error.toString());
            EXPECT_EQ(*again.plan, plan) << qPrintable(name);
            EXPECT_EQ(scenariofile::toJson(*again.plan), saved) << qPrintable(name);
        }
    }
}

namespace {
/// The error reading the default plan's file with `changes` made to its project section.
FieldError projectError(const std::vector<std::pair<QString, QJsonValue>> &changes)
{
    QJsonObject root = scenariofile::toJsonObject(Plan{});
    for (const auto &[path, value] : changes)
        root = withValue(root, path.split(QLatin1Char('.')), value);
    const scenariofile::LoadResult loaded = scenariofile::fromJsonObject(root);
    EXPECT_FALSE(loaded.plan);
    return loaded.error;
}
} // namespace

// The reader reads the project's values in the order it always has, texts and lists among the
// rows: of two bad values the first is the one named.
TEST(FieldRegistry, TheProjectsFirstBadValueIsTheOneNamed)
{
    const QString text = QStringLiteral("x");
    // The trials are checked as they are read, before the seed and the distribution.
    EXPECT_EQ(projectError({{QStringLiteral("project.monte_carlo.trials"), 0},
                            {QStringLiteral("project.monte_carlo.seed"), text}}),
              (FieldError{QStringLiteral("project.monte_carlo.trials"),
                          QStringLiteral("must be at least 1, got 0")}));
    EXPECT_EQ(projectError({{QStringLiteral("project.monte_carlo.seed"), -1},
                            {QStringLiteral("project.monte_carlo.distribution"), text}}),
              (FieldError{QStringLiteral("project.monte_carlo.seed"),
                          QStringLiteral("must be at least 0, got -1")}));
    // The distribution is read before the correlation.
    EXPECT_EQ(projectError({{QStringLiteral("project.monte_carlo.distribution"), text},
                            {QStringLiteral("project.monte_carlo.category_correlation"), text}})
                  .field,
              QStringLiteral("project.monte_carlo.distribution"));
    // The items before the strata, the strata before the rates.
    EXPECT_EQ(projectError({{QStringLiteral("project.labeling.items"), text},
                            {QStringLiteral("project.labeling.strata"), text}})
                  .field,
              QStringLiteral("project.labeling.items"));
    EXPECT_EQ(projectError({{QStringLiteral("project.labeling.strata"), text},
                            {QStringLiteral("project.labeling.qc_rate"), text}})
                  .field,
              QStringLiteral("project.labeling.strata"));
    // A number of the range the trials' integer cannot hold is refused, never converted.
    EXPECT_EQ(projectError({{QStringLiteral("project.monte_carlo.trials"), 1e300}}).field,
              QStringLiteral("project.monte_carlo.trials"));
}

// An integer member takes only a number it can hold: the row leaves it as it was otherwise.
TEST(FieldRegistry, AnIntegerMemberTakesOnlyANumberItCanHold)
{
    Scenario s = defaultScenario();
    const fieldregistry::Field *trials = fieldregistry::find(u"project.monte_carlo.trials");
    const fieldregistry::Field *seed = fieldregistry::find(u"project.monte_carlo.seed");
    ASSERT_NE(trials, nullptr);
    ASSERT_NE(seed, nullptr);
    trials->set(s, 500);
    seed->set(s, 9);
    for (const double outside : {1e300, -1e300, std::nan(""), 4294967296.0 * 4294967296.0}) {
        trials->set(s, outside);
        seed->set(s, outside);
    }
    seed->set(s, -1);
    EXPECT_EQ(s.project.monteCarlo.trials, 500);
    EXPECT_EQ(s.project.monteCarlo.seed, 9u);
}

// The bounds the rows give the project's numbers checked without a FieldSpec of their own are
// the ones core/project applies.
TEST(FieldRegistry, TheProjectsOwnChecksAgreeWithItsRows)
{
    EXPECT_EQ(fields::categoryCorrelation.max, estimate::kMaxCategoryCorrelation);
    for (const double correlation : {-0.01, 0.0, 0.5, 0.95, 0.96}) {
        Scenario s = defaultScenario();
        s.project.monteCarlo.categoryCorrelation = correlation;
        const std::optional<QString> refused = checkValue(fields::categoryCorrelation, correlation);
        const auto errors = validate(s);
        const auto found = std::find_if(errors.begin(), errors.end(), [](const FieldError &e) {
            return e.field == QLatin1String("project.monte_carlo.category_correlation");
        });
        ASSERT_EQ(found != errors.end(), refused.has_value()) << correlation;
        if (refused) {
            EXPECT_EQ(found->message, *refused);
        }
    }
    for (const double hours : {-1.0, 0.0, 0.5, 24.0, 24.5}) {
        Scenario s = defaultScenario();
        s.project.calendar.hoursPerDay = hours;
        EXPECT_EQ(hasErrorAt(validate(s), QStringLiteral("project.calendar.hours_per_day")),
                  checkValue(fields::hoursPerDay, hours).has_value())
            << hours;
    }
}

// No deadline is no key at all (version 9), not a null: a plan without one saves as before.
TEST(FieldRegistry, AnUnsetDeadlineIsLeftOutOfTheFile)
{
    Plan plan;
    plan.scenario.goal.deadlineSeconds.reset();
    const QJsonObject goal =
        scenariofile::toJsonObject(plan).value(QStringLiteral("goal")).toObject();
    EXPECT_FALSE(goal.contains(QStringLiteral("deadline_s")));
    plan.scenario.goal.deadlineSeconds = 1800;
    EXPECT_EQ(scenariofile::toJsonObject(plan)
                  .value(QStringLiteral("goal"))
                  .toObject()
                  .value(QStringLiteral("deadline_s")),
              QJsonValue(1800));
}
