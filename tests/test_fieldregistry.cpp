#include "core/model/fieldregistry.h"
#include "core/model/scenario.h"
#include "core/model/uncertainty.h"
#include "core/plan/planresult.h"
#include "core/plan/scenariofile.h"
#include "core/project/accuracy.h"
#include "core/project/labeling.h"
#include "core/project/montecarlo.h"
#include "core/project/specs.h"
#include "core/project/task.h"

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

namespace {

/// Checks each of a list's element rows through the file: a valid value set in the first element
/// (after `prepare` makes the element hold it and the plan stay valid) comes back, and a value
/// outside the row's spec is refused under "stages[0].ms_per_user" and the like.
template <typename Element, typename First, typename Prepare>
void expectElementRowsThroughTheFile(const fieldregistry::ElementRows<Element> &rows, First first,
                                     Prepare prepare)
{
    ASSERT_FALSE(rows.fields.empty()) << rows.path;
    for (const fieldregistry::ElementField<Element> &field : rows.fields) {
        const QString path =
            QLatin1String(rows.path) + QStringLiteral("[0].") + QLatin1String(field.key);
        Plan plan;
        const double value = otherValidValue(*field.spec, field.get(first(plan.scenario)));
        prepare(plan.scenario, field, value);
        field.set(first(plan.scenario), value);
        ASSERT_TRUE(field.holds(first(plan.scenario))) << qPrintable(path);
        ASSERT_TRUE(validate(plan.scenario).empty())
            << qPrintable(path) << ": " << qPrintable(validate(plan.scenario).front().toString());
        const QByteArray saved = scenariofile::toJson(plan);
        const scenariofile::LoadResult loaded = scenariofile::fromJson(saved);
        ASSERT_TRUE(loaded.plan) << qPrintable(path) << ": " << qPrintable(loaded.error.toString());
        Plan back = *loaded.plan;
        EXPECT_EQ(field.get(first(back.scenario)), value) << qPrintable(path);
        EXPECT_EQ(loaded.plan->scenario, plan.scenario) << qPrintable(path);
        EXPECT_EQ(scenariofile::toJson(*loaded.plan), saved) << qPrintable(path);
        for (const double outside : {field.spec->max * 2 + 1, field.spec->min - 1}) {
            Plan bad = plan;
            field.set(first(bad.scenario), outside);
            const scenariofile::LoadResult refused =
                scenariofile::fromJson(scenariofile::toJson(bad));
            ASSERT_FALSE(refused.plan) << qPrintable(path) << " = " << outside;
            EXPECT_EQ(refused.error.field, path) << qPrintable(refused.error.toString());
        }
    }
}

} // namespace

TEST(FieldRegistry, EachStageRowSurvivesTheFileAndIsRefusedOutsideItsSpec)
{
    expectElementRowsThroughTheFile(
        fieldregistry::stageRows(), [](Scenario &s) -> Stage & { return s.stages[0]; },
        [](Scenario &s, const auto &, double) {
            // A stage with a time of its own first; the plan keeps its scoring stage.
            if (s.stages[0].isScoring)
                s.stages.insert(s.stages.begin(), Stage{QStringLiteral("Fetch"), 1, false});
        });
}

TEST(FieldRegistry, EachTaskRowSurvivesTheFileAndIsRefusedOutsideItsSpec)
{
    const auto first = [](Scenario &s) -> estimate::Task & { return s.project.tasks[0]; };
    // The times stay in order: optimistic <= most likely <= pessimistic.
    expectElementRowsThroughTheFile(fieldregistry::taskRows(), first,
                                    [](Scenario &s, const auto &, double value) {
                                        estimate::Task &task = s.project.tasks[0];
                                        task.optimistic = 0;
                                        task.mostLikely = value;
                                        task.pessimistic = estimate::specs::taskTime.max;
                                    });
    expectElementRowsThroughTheFile(
        fieldregistry::taskProgressRows(), first, [](Scenario &s, const auto &field, double) {
            s.project.tasks[0].progress.state = QLatin1String(field.key) == QLatin1String("actual")
                                                    ? estimate::TaskState::Done
                                                    : estimate::TaskState::InProgress;
        });
}

TEST(FieldRegistry, EachStratumRowSurvivesTheFileAndIsRefusedOutsideItsSpec)
{
    expectElementRowsThroughTheFile(
        fieldregistry::stratumRows(),
        [](Scenario &s) -> estimate::Stratum & { return s.project.labeling.strata[0]; },
        [](Scenario &s, const auto &field, double value) {
            estimate::LabelingInputs &labeling = s.project.labeling;
            if (QLatin1String(field.key) == QLatin1String("count")) {
                // Every stratum a count, the items their sum.
                for (estimate::Stratum &stratum : labeling.strata) {
                    stratum.share.reset();
                    stratum.count = 10;
                }
                labeling.items = 0;
            } else if (QLatin1String(field.key) == QLatin1String("share")) {
                labeling.strata[1].share = 1 - value; // the shares sum to 1
            }
        });
}

TEST(FieldRegistry, EachActualRowSurvivesTheFileAndIsRefusedOutsideItsSpec)
{
    // The default plan logs none: the first is added as it is asked for.
    expectElementRowsThroughTheFile(
        fieldregistry::actualRows(),
        [](Scenario &s) -> estimate::ActualEntry & {
            if (s.project.actuals.empty())
                s.project.actuals.push_back({QStringLiteral("Labeling"), 5, 6});
            return s.project.actuals[0];
        },
        [](Scenario &, const auto &, double) {});
}

// The training's per-device times: one number for every device, or one each.
TEST(FieldRegistry, EachPerDeviceRowSurvivesTheFileAndIsRefusedOutsideItsSpec)
{
    ASSERT_FALSE(fieldregistry::perDeviceFields().empty());
    for (const fieldregistry::PerDeviceField &field : fieldregistry::perDeviceFields()) {
        const FieldSpec &spec = *field.spec;
        const double value = otherValidValue(spec, std::nullopt);
        Plan plan;
        const auto devices = static_cast<std::size_t>(plan.scenario.training.devices);
        for (const std::vector<double> &times :
             {std::vector<double>{value}, std::vector<double>(devices, value)}) {
            std::vector<double> distinct = times;
            for (std::size_t i = 0; i < distinct.size(); ++i)
                distinct[i] += static_cast<double>(i);
            field.at(plan.scenario) = distinct;
            ASSERT_TRUE(validate(plan.scenario).empty())
                << field.path << ": " << qPrintable(validate(plan.scenario).front().toString());
            const QByteArray saved = scenariofile::toJson(plan);
            const scenariofile::LoadResult loaded = scenariofile::fromJson(saved);
            ASSERT_TRUE(loaded.plan) << field.path << ": " << qPrintable(loaded.error.toString());
            EXPECT_EQ(field.get(loaded.plan->scenario), distinct) << field.path;
            EXPECT_EQ(scenariofile::toJson(*loaded.plan), saved) << field.path;
        }
        for (const double outside : {spec.max * 2 + 1, spec.min - 1}) {
            Plan bad;
            field.at(bad.scenario) = {outside};
            const scenariofile::LoadResult refused =
                scenariofile::fromJson(scenariofile::toJson(bad));
            ASSERT_FALSE(refused.plan) << field.path << " = " << outside;
            EXPECT_EQ(refused.error.field, QLatin1String(field.path))
                << qPrintable(refused.error.toString());
        }
    }
}

// A list's numbers are typed once, in its rows: the format's key of each ("stages[i].ms_per_user")
// comes from the row, with its type, and no key of the format is listed twice.
TEST(FieldRegistry, EveryElementRowIsAKeyOfTheFormat)
{
    const auto &keys = scenariofile::formatKeys();
    const auto typeOf = [&keys](const QString &path) -> std::optional<scenariofile::KeyType> {
        for (const scenariofile::FormatKey &key : keys) {
            if (QLatin1String(key.path) == path)
                return key.type;
        }
        return std::nullopt;
    };
    const auto expectRows = [&typeOf](const auto &rows) {
        for (const auto &field : rows.fields) {
            const QString path =
                QLatin1String(rows.path) + QStringLiteral("[i].") + QLatin1String(field.key);
            EXPECT_EQ(typeOf(path), field.optional() ? scenariofile::KeyType::OptionalNumber
                                                     : scenariofile::KeyType::Number)
                << qPrintable(path);
        }
    };
    expectRows(fieldregistry::stageRows());
    expectRows(fieldregistry::taskRows());
    expectRows(fieldregistry::taskProgressRows());
    expectRows(fieldregistry::stratumRows());
    expectRows(fieldregistry::actualRows());
    for (const fieldregistry::PerDeviceField &field : fieldregistry::perDeviceFields())
        EXPECT_EQ(typeOf(QLatin1String(field.path)), scenariofile::KeyType::Number) << field.path;
    // The hardware's model and devices, whose keys core/hardware's writer gives.
    EXPECT_EQ(typeOf(QStringLiteral("hardware.model.kv_heads")), scenariofile::KeyType::Number);
    EXPECT_EQ(typeOf(QStringLiteral("hardware.model.flops_per_item")),
              scenariofile::KeyType::Number);
    EXPECT_EQ(typeOf(QStringLiteral("hardware.model.gated_mlp")), scenariofile::KeyType::Boolean);
    EXPECT_EQ(typeOf(QStringLiteral("hardware.model.kind")), scenariofile::KeyType::Text);
    EXPECT_EQ(typeOf(QStringLiteral("hardware.devices[i].int8_tops")),
              scenariofile::KeyType::Number);
    EXPECT_EQ(typeOf(QStringLiteral("hardware.devices[i].price_source")),
              scenariofile::KeyType::Text);
    QSet<QString> seen;
    for (const scenariofile::FormatKey &key : keys) {
        EXPECT_FALSE(seen.contains(QLatin1String(key.path))) << key.path << " is listed twice";
        seen.insert(QLatin1String(key.path));
    }
}

// A plan whose lists hold every element row (a stage with a time and the scoring one, a task done
// and one in progress, strata by count with a review time unset, logged actuals, a time per device)
// saves, reads back and saves again to the same bytes.
TEST(FieldRegistry, ListsWithEveryElementRowSaveReadAndSaveToTheSameBytes)
{
    Plan plan;
    Scenario &s = plan.scenario;
    s.stages.insert(s.stages.begin(), Stage{QStringLiteral("Fetch"), 3, false});
    s.project.tasks[0].progress.state = estimate::TaskState::Done;
    s.project.tasks[0].progress.actual = 4.5;
    s.project.tasks[1].progress.state = estimate::TaskState::InProgress;
    s.project.tasks[1].progress.shareDone = 0.25;
    for (estimate::Stratum &stratum : s.project.labeling.strata) {
        stratum.share.reset();
        stratum.count = 500;
    }
    s.project.labeling.strata[0].reviewMinutesPerItem = 2;
    s.project.labeling.items = 0;
    s.project.actuals.push_back({QStringLiteral("Labeling"), 5, 6});
    s.training.forwardMs.assign(static_cast<std::size_t>(s.training.devices), 10);
    s.training.forwardMs.back() = 12;
    ASSERT_TRUE(validate(s).empty()) << qPrintable(validate(s).front().toString());
    const QByteArray saved = scenariofile::toJson(plan);
    const scenariofile::LoadResult loaded = scenariofile::fromJson(saved);
    ASSERT_TRUE(loaded.plan) << qPrintable(loaded.error.toString());
    EXPECT_EQ(*loaded.plan, plan);
    EXPECT_EQ(scenariofile::toJson(*loaded.plan), saved);
}
