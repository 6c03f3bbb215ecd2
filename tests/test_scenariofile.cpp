#include "core/plan/scenariofile.h"

#include "core/base/format.h"
#include "core/plan/evaluation.h"
#include "core/plan/explain.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>

#include <gtest/gtest.h>

#include "tests/support/presets.h"

#include <cmath>
#include <functional>
#include <random>

using namespace pipeplan;
using testsupport::readPreset;

namespace {
const char *const kPresets[] = {"nightly-scoring.json",   "pruned-accelerated.json",
                                "seed001-pipeline.json",  "five-stage.json",
                                "feature-store-cap.json", "training-schedules.json"};

FieldError errorOf(const QByteArray &bytes)
{
    const scenariofile::LoadResult loaded = scenariofile::fromJson(bytes);
    EXPECT_FALSE(loaded.plan.has_value()) << bytes.left(200).toStdString();
    return loaded.error;
}

QByteArray withChange(const QByteArray &bytes, const std::function<void(QJsonObject &)> &change)
{
    QJsonObject root = QJsonDocument::fromJson(bytes).object();
    change(root);
    return QJsonDocument(root).toJson();
}
} // namespace

TEST(ScenarioFile, PresetsLoadAndRoundTripExactly)
{
    for (const char *name : kPresets) {
        const scenariofile::LoadResult loaded = scenariofile::fromJson(readPreset(name));
        ASSERT_TRUE(loaded.plan.has_value())
            << name << ": " << loaded.error.toString().toStdString();
        const scenariofile::LoadResult again =
            scenariofile::fromJson(scenariofile::toJson(*loaded.plan));
        ASSERT_TRUE(again.plan.has_value());
        EXPECT_EQ(*again.plan, *loaded.plan) << name;
    }
}

TEST(ScenarioFile, PresetsAreTheSeedsWorkedScenarios)
{
    const Plan nightly = *scenariofile::fromJson(readPreset("nightly-scoring.json")).plan;
    EXPECT_EQ(nightly.scenario.workload, defaultScenario().workload);
    EXPECT_DOUBLE_EQ(evaluate(nightly.scenario).waterfall.front().runtimeSeconds,
                     3e9); // 95.06 years
    const Plan pruned = *scenariofile::fromJson(readPreset("pruned-accelerated.json")).plan;
    EXPECT_DOUBLE_EQ(evaluate(pruned.scenario).runtimeSeconds, 1500); // about 25 minutes
    const Plan seed001 = *scenariofile::fromJson(readPreset("seed001-pipeline.json")).plan;
    const ScenarioResult r = evaluate(seed001.scenario);
    EXPECT_EQ(r.stageMs, (std::vector<double>{10, 10, 20, 10}));
    EXPECT_NEAR(r.pipeline.bubbleFraction, 0.273, 0.0005);
    EXPECT_DOUBLE_EQ(r.pipeline.steadyRatePerSecond, 50);
    EXPECT_DOUBLE_EQ(r.pipeline.balancedRatePerSecond, 80);
    const Plan five = *scenariofile::fromJson(readPreset("five-stage.json")).plan;
    QStringList names;
    for (const Stage &stage : five.scenario.stages)
        names << stage.name;
    EXPECT_EQ(names, (QStringList{QStringLiteral("fetch"), QStringLiteral("transform"),
                                  QStringLiteral("embed"), QStringLiteral("score"),
                                  QStringLiteral("write")}));
    EXPECT_EQ(evaluate(five.scenario).bottleneckIndex, 0);
    // 75M users x 52 ms over 5,000 workers is 780 s, but the feature store needs 1,875 s.
    const Plan capped = *scenariofile::fromJson(readPreset("feature-store-cap.json")).plan;
    const ScenarioResult c = evaluate(capped.scenario);
    EXPECT_DOUBLE_EQ(c.overheads.runtimeSeconds, 30 + 1875);
    EXPECT_EQ(explain::kneeText(capped.scenario, c.overheads),
              QStringLiteral("feature store caps throughput at 40,000 "
                             "users/s: more workers do nothing past 2,080"));
}

TEST(ScenarioFile, BaselineRoundTripsAndNamesItsFields)
{
    Plan plan;
    plan.baseline = defaultScenario();
    plan.scenario.workload.keepFraction = 0.5;
    plan.scenario.notes =
        QStringLiteral("What if we prune half the users?\nSecond line, \"quoted\".");
    const scenariofile::LoadResult loaded = scenariofile::fromJson(scenariofile::toJson(plan));
    ASSERT_TRUE(loaded.plan.has_value());
    EXPECT_EQ(*loaded.plan, plan);
    const QByteArray bad = withChange(scenariofile::toJson(plan), [](QJsonObject &root) {
        QJsonObject baseline = root.value(QStringLiteral("baseline")).toObject();
        QJsonObject workload = baseline.value(QStringLiteral("workload")).toObject();
        workload.insert(QStringLiteral("workers"), -3);
        baseline.insert(QStringLiteral("workload"), workload);
        root.insert(QStringLiteral("baseline"), baseline);
    });
    const FieldError error = errorOf(bad);
    EXPECT_EQ(error.field, QStringLiteral("baseline.workload.workers"));
    EXPECT_EQ(error.message, QStringLiteral("must be at least 1, got -3"));
}

TEST(ScenarioFile, VersionOneIsMigratedNewerIsRefused)
{
    const QByteArray v1 = withChange(readPreset("nightly-scoring.json"), [](QJsonObject &root) {
        root.insert(QStringLiteral("version"), 1);
        root.remove(QStringLiteral("baseline"));
    });
    const scenariofile::LoadResult loaded = scenariofile::fromJson(v1);
    ASSERT_TRUE(loaded.plan.has_value()) << loaded.error.toString().toStdString();
    EXPECT_FALSE(loaded.plan->baseline.has_value());
    EXPECT_EQ(loaded.plan->scenario.workload.users, 150e6);

    const FieldError newer =
        errorOf(withChange(readPreset("nightly-scoring.json"),
                           [](QJsonObject &root) { root.insert(QStringLiteral("version"), 10); }));
    EXPECT_EQ(newer.field, QStringLiteral("version"));
    EXPECT_EQ(newer.message,
              QStringLiteral(
                  "is 10, newer than this PipePlan understands (9): update PipePlan to open it"));
}

// Version 2 files (before overheads and the simulation) open with every overhead off.
TEST(ScenarioFile, VersionTwoOpensWithOverheadsOff)
{
    const QByteArray v2 = withChange(readPreset("nightly-scoring.json"), [](QJsonObject &root) {
        root.insert(QStringLiteral("version"), 2);
        for (const char *section : {"overheads", "memory", "simulation", "goal"})
            root.remove(QLatin1String(section));
    });
    const scenariofile::LoadResult loaded = scenariofile::fromJson(v2);
    ASSERT_TRUE(loaded.plan.has_value()) << loaded.error.toString().toStdString();
    EXPECT_EQ(loaded.plan->scenario.overheads, Overheads{});
    EXPECT_EQ(loaded.plan->scenario.simulation, SimulationSettings{});
    EXPECT_EQ(loaded.plan->scenario.goal, GoalSettings{});
}

TEST(ScenarioFile, OverheadsSimulationAndGoalRoundTrip)
{
    Plan plan;
    Scenario &s = plan.scenario;
    s.overheads.coldStartSeconds = 30;
    s.overheads.requestOverheadMs = 4.5;
    s.overheads.sharedCapPerSecond = 40'000;
    s.overheads.sharedResourceName = QStringLiteral("object store");
    s.overheads.dispatchCapPerSecond = 50;
    s.overheads.usersPerShard = 2500;
    s.memory.acceleratorMemoryBytes = 24.0 * (1ULL << 30);
    s.memory.batchItems = 64;
    s.simulation.stragglerProbability = 0.02;
    s.simulation.failureProbability = 0.01;
    s.simulation.checkpointSeconds = 300;
    s.simulation.checkpointCostSeconds = 5;
    s.simulation.speculativeBackups = true;
    s.simulation.seed = 1234;
    s.goal.deadlineSeconds = 6 * 3600;
    s.goal.pricePerWorkerHour = 0.35;
    const QByteArray bytes = scenariofile::toJson(plan);
    EXPECT_TRUE(bytes.contains("\"version\": 9"));
    const scenariofile::LoadResult loaded = scenariofile::fromJson(bytes);
    ASSERT_TRUE(loaded.plan.has_value()) << loaded.error.toString().toStdString();
    EXPECT_EQ(*loaded.plan, plan);

    auto inSection = [&bytes](const char *section, const char *key, const QJsonValue &value) {
        return withChange(bytes, [=](QJsonObject &root) {
            QJsonObject object = root.value(QLatin1String(section)).toObject();
            object.insert(QLatin1String(key), value);
            root.insert(QLatin1String(section), object);
        });
    };
    struct Case
    {
        QByteArray bytes;
        const char *error;
    };
    const Case cases[] = {
        {inSection("overheads", "cold_start_s", -5),
         "overheads.cold_start_s: must be at least 0, got -5"},
        {inSection("overheads", "shared_cap_per_s", 0),
         "overheads.shared_cap_per_s: must be greater than 0, got 0"},
        {inSection("simulation", "straggler_prob", 1),
         "simulation.straggler_prob: must be below 1, got 1"},
        {inSection("simulation", "straggler_factor", 0.5),
         "simulation.straggler_factor: must be at least 1, got 0.5"},
        {inSection("simulation", "speculative_backups", QStringLiteral("yes")),
         "simulation.speculative_backups: must be true or false, got a string"},
        {inSection("goal", "deadline_s", 0), "goal.deadline_s: must be greater than 0, got 0"},
        {inSection("memory", "bytes_per_item", QStringLiteral("big")),
         "memory.bytes_per_item: must be a number, got a string"},
        {withChange(bytes, [](QJsonObject &root) { root.insert(QStringLiteral("goal"), 5); }),
         "goal: must be an object, got a number"},
    };
    for (const Case &c : cases)
        EXPECT_EQ(errorOf(c.bytes).toString(), QLatin1String(c.error));
    // setValue reaches the new sections, as `eval --set` and the window's --set do.
    QJsonObject root = scenariofile::toJsonObject(plan);
    EXPECT_FALSE(
        scenariofile::setValue(root, QStringLiteral("overheads.cold_start_s"), QStringLiteral("45"))
            .has_value());
    EXPECT_EQ(scenariofile::fromJsonObject(root).plan->scenario.overheads.coldStartSeconds, 45);
}

// Version 4's training section: the schedule, its per-device times and the compared schedules
// survive a save; a version 3 file opens with the default training pipeline; mistakes are named.
TEST(ScenarioFile, TrainingScheduleRoundTripsAndNamesItsFields)
{
    Plan plan;
    TrainingSettings &t = plan.scenario.training;
    t.schedule = schedule::Kind::Interleaved;
    t.devices = 4;
    t.microbatches = 12;
    t.virtualStages = 3;
    t.forwardMs = {10, 12, 10, 11};
    t.backwardMs = {20};
    t.weightMs = {0};
    t.commMs = 0.5;
    t.compare = {schedule::Kind::OneFOneB, schedule::Kind::ZeroBubbleH1};
    const QByteArray bytes = scenariofile::toJson(plan);
    EXPECT_TRUE(bytes.contains("\"schedule\": \"interleaved\""));
    EXPECT_TRUE(bytes.contains("\"zb-h1\""));
    const scenariofile::LoadResult loaded = scenariofile::fromJson(bytes);
    ASSERT_TRUE(loaded.plan.has_value()) << loaded.error.toString().toStdString();
    EXPECT_EQ(loaded.plan->scenario.training, t);

    // A version 3 file (no training section) opens with the defaults.
    const QByteArray v3 = withChange(bytes, [](QJsonObject &root) {
        root.insert(QStringLiteral("version"), 3);
        root.remove(QStringLiteral("training"));
    });
    const scenariofile::LoadResult old = scenariofile::fromJson(v3);
    ASSERT_TRUE(old.plan.has_value()) << old.error.toString().toStdString();
    EXPECT_EQ(old.plan->scenario.training, TrainingSettings{});

    auto inTraining = [&bytes](const char *key, const QJsonValue &value) {
        return withChange(bytes, [=](QJsonObject &root) {
            QJsonObject object = root.value(QStringLiteral("training")).toObject();
            object.insert(QLatin1String(key), value);
            root.insert(QStringLiteral("training"), object);
        });
    };
    struct Case
    {
        QByteArray bytes;
        const char *error;
    };
    const Case cases[] = {
        {inTraining("schedule", QStringLiteral("pipedream")),
         "training.schedule: must be \"gpipe\", \"1f1b\", \"interleaved\" or \"zb-h1\", got "
         "\"pipedream\""},
        {inTraining("virtual_stages", 0), "training.virtual_stages: must be at least 1, got 0"},
        {inTraining("devices", 2.5), "training.devices: must be a whole number, got 2.5"},
        {inTraining("forward_ms", QJsonArray{1, 2, 3}),
         "training.forward_ms: 3 values for 4 devices: give one value per device, or one for all"},
        {inTraining("backward_ms", QJsonArray{1, -2, 3, 4}),
         "training.backward_ms[1]: must be greater than 0, got -2"},
        {inTraining("weight_ms", QStringLiteral("fast")),
         "training.weight_ms: must be a number or an array of numbers, got a string"},
        {inTraining("compare", QJsonArray{QStringLiteral("1f1b"), 3}),
         "training.compare[1]: must be a string, got a number"},
    };
    for (const Case &c : cases)
        EXPECT_EQ(errorOf(c.bytes).toString(), QLatin1String(c.error));
}

// Version 4's project section: tasks with dependencies, buffers, the Monte Carlo settings, the
// labeling strata, the job ETA and the estimate log survive a save; mistakes name their path.
TEST(ScenarioFile, ProjectEstimatesRoundTripAndNameTheirFields)
{
    Plan plan;
    ProjectSettings &p = plan.scenario.project;
    p.tasks.push_back({QStringLiteral("Spike"),
                       estimate::Category::Research,
                       4,
                       6,
                       12,
                       estimate::TimeUnit::Hours,
                       {0, 6},
                       {}});
    p.buffers.labeling = 0.5;
    p.buffers.contingency = 0.3;
    p.monteCarlo.trials = 20'000;
    p.monteCarlo.seed = 99;
    p.monteCarlo.distribution = estimate::Distribution::Triangular;
    p.labeling.strata[1].reviewMinutesPerItem = 3;
    p.labeling.adjudicationShare = 0.05;
    p.labeling.adjudicationMinutesPerItem = 4;
    p.labeling.firstWeekProductivity = 0.7;
    p.labeling.annotators = 10;
    p.labeling.hourlyRate = 25;
    p.labeling.toolingCost = 5000;
    p.jobEta.epochs = 5;
    p.actuals = {{QStringLiteral("baseline run"), 10, 12.5},
                 {QStringLiteral("labeling"), 500, 640}};
    ASSERT_TRUE(validate(plan.scenario).empty())
        << validate(plan.scenario).front().toString().toStdString();
    const QByteArray bytes = scenariofile::toJson(plan);
    const QJsonArray savedTasks = QJsonDocument::fromJson(bytes)
                                      .object()
                                      .value(QStringLiteral("project"))
                                      .toObject()
                                      .value(QStringLiteral("tasks"))
                                      .toArray();
    // Task numbers as the window shows them: 1-based.
    EXPECT_EQ(savedTasks.last().toObject().value(QStringLiteral("depends_on")).toArray(),
              (QJsonArray{1, 7}));
    const scenariofile::LoadResult loaded = scenariofile::fromJson(bytes);
    ASSERT_TRUE(loaded.plan.has_value()) << loaded.error.toString().toStdString();
    EXPECT_EQ(loaded.plan->scenario.project, p);

    const QByteArray v3 = withChange(bytes, [](QJsonObject &root) {
        root.insert(QStringLiteral("version"), 3);
        root.remove(QStringLiteral("project"));
    });
    const scenariofile::LoadResult old = scenariofile::fromJson(v3);
    ASSERT_TRUE(old.plan.has_value()) << old.error.toString().toStdString();
    EXPECT_EQ(old.plan->scenario.project, ProjectSettings{});

    auto inProject = [&bytes](const std::function<void(QJsonObject &)> &change) {
        return withChange(bytes, [&change](QJsonObject &root) {
            QJsonObject project = root.value(QStringLiteral("project")).toObject();
            change(project);
            root.insert(QStringLiteral("project"), project);
        });
    };
    auto taskField = [&inProject](int index, const char *key, const QJsonValue &value) {
        return inProject([=](QJsonObject &project) {
            QJsonArray tasks = project.value(QStringLiteral("tasks")).toArray();
            QJsonObject task = tasks[index].toObject();
            task.insert(QLatin1String(key), value);
            tasks.replace(index, task);
            project.insert(QStringLiteral("tasks"), tasks);
        });
    };
    auto sectionField = [&inProject](const char *section, const char *key,
                                     const QJsonValue &value) {
        return inProject([=](QJsonObject &project) {
            QJsonObject object = project.value(QLatin1String(section)).toObject();
            object.insert(QLatin1String(key), value);
            project.insert(QLatin1String(section), object);
        });
    };
    // Errors are checked for their path; the messages come from the estimate module.
    const std::pair<QByteArray, const char *> cases[] = {
        {taskField(2, "pessimistic", 1), "project.tasks[2].pessimistic"},
        {taskField(0, "most_likely", QStringLiteral("soon")), "project.tasks[0].most_likely"},
        {taskField(1, "category", QStringLiteral("magic")), "project.tasks[1].category"},
        {taskField(1, "unit", QStringLiteral("fortnights")), "project.tasks[1].unit"},
        {taskField(3, "depends_on", QJsonArray{9}), "project.tasks[3].depends_on[0]"},
        {sectionField("monte_carlo", "trials", 0), "project.monte_carlo.trials"},
        {sectionField("monte_carlo", "distribution", QStringLiteral("normal")),
         "project.monte_carlo.distribution"},
        {sectionField("buffers", "labeling", -0.1), "project.buffers.labeling"},
        {sectionField("job_eta", "samples_per_second", 0), "project.job_eta.samples_per_second"},
    };
    for (const auto &[broken, field] : cases)
        EXPECT_EQ(errorOf(broken).field, QLatin1String(field))
            << field << ": " << errorOf(broken).toString().toStdString();
    EXPECT_EQ(errorOf(taskField(3, "depends_on", QJsonArray{9})).message,
              QStringLiteral("must be a task number from 1 to 8"));
    EXPECT_EQ(
        errorOf(sectionField("monte_carlo", "distribution", QStringLiteral("normal"))).message,
        QStringLiteral("must be \"pert\" or \"triangular\", got \"normal\""));
}

// Every kind of bad file named in the issue: a clear message with the JSON path.
TEST(ScenarioFile, BadFilesNameTheFieldAndTheProblem)
{
    const QByteArray good = readPreset("seed001-pipeline.json");
    struct Case
    {
        QByteArray bytes;
        const char *field;
        const char *message;
    };
    auto set = [&good](const QString &key, const QJsonValue &value) {
        return withChange(good, [key, value](QJsonObject &root) { root.insert(key, value); });
    };
    auto setWorkload = [&good](const QString &key, const QJsonValue &value) {
        return withChange(good, [key, value](QJsonObject &root) {
            QJsonObject w = root.value(QStringLiteral("workload")).toObject();
            if (value.isUndefined())
                w.remove(key);
            else
                w.insert(key, value);
            root.insert(QStringLiteral("workload"), w);
        });
    };
    const Case cases[] = {
        {good.left(good.size() / 2), "(file)", "is not valid JSON"},
        {QByteArray("not json at all"), "(file)", "is not valid JSON"},
        {QByteArray(""), "(file)", "is not valid JSON"},
        {QByteArray("[1, 2, 3]"), "(root)", "must be a JSON object"},
        {set(QStringLiteral("format"), QStringLiteral("gantt-project")), "format",
         "is \"gantt-project\", expected"},
        {withChange(good, [](QJsonObject &r) { r.remove(QStringLiteral("format")); }), "format",
         "is missing"},
        {set(QStringLiteral("version"), QStringLiteral("2")), "version",
         "must be a number, got a string"},
        {set(QStringLiteral("version"), 1.5), "version", "must be a whole number"},
        {setWorkload(QStringLiteral("users"), QStringLiteral("many")), "workload.users",
         "must be a number, got a string"},
        {setWorkload(QStringLiteral("users"), QJsonValue(QJsonValue::Undefined)), "workload.users",
         "is missing"},
        {setWorkload(QStringLiteral("users"), QJsonValue(QJsonValue::Null)), "workload.users",
         "must be a number, got null"},
        {setWorkload(QStringLiteral("users"), 1e300), "workload.users", "is too large"},
        {setWorkload(QStringLiteral("keep_fraction"), 0), "workload.keep_fraction",
         "must be greater than 0"},
        {setWorkload(QStringLiteral("parallel_fraction"), 1.5), "workload.parallel_fraction",
         "is too large"},
        {setWorkload(QStringLiteral("batch_ms_per_user"), true), "workload.batch_ms_per_user",
         "must be a number or null"},
        {set(QStringLiteral("stages"), QJsonArray{}), "stages", "exactly one scoring stage"},
        {set(QStringLiteral("stages"),
             QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("score")},
                                    {QStringLiteral("scoring"), true}},
                        QStringLiteral("fetch")}),
         "stages[1]", "must be an object, got a string"},
        {set(QStringLiteral("stages"),
             QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("score")},
                                    {QStringLiteral("scoring"), true}},
                        QJsonObject{{QStringLiteral("name"), QStringLiteral("fetch")},
                                    {QStringLiteral("ms_per_user"), -1}}}),
         "stages[1].ms_per_user", "must be greater than 0"},
        {set(QStringLiteral("execution"), QStringLiteral("parallel")), "execution",
         "must be \"sequential\" or \"pipelined\""},
        {set(QStringLiteral("microbatches"), 0), "microbatches", "must be at least 1"},
        {set(QStringLiteral("worker_counts"), QJsonArray{100, QStringLiteral("x")}),
         "worker_counts[1]", "must be a number"},
        {set(QStringLiteral("worker_counts"), QJsonArray{}), "worker_counts", "must not be empty"},
        {set(QStringLiteral("baseline"), 7), "baseline", "must be an object or null"},
        {QByteArray(17 * 1024 * 1024, 'x'), "(file)", "a scenario file is at most"},
        // JSON has no NaN or infinity: both literals, and numbers too big for a double, are parse
        // errors with their byte offset.
        {QByteArray(good).replace("\"users\": 1000000", "\"users\": NaN"), "(file)",
         "is not valid JSON"},
        {QByteArray(good).replace("\"users\": 1000000", "\"users\": 1e999"), "(file)",
         "illegal number"},
    };
    for (const Case &c : cases) {
        const FieldError error = errorOf(c.bytes);
        EXPECT_EQ(error.field, QLatin1String(c.field))
            << c.message << " / got " << error.toString().toStdString();
        EXPECT_TRUE(error.message.contains(QLatin1String(c.message)))
            << "want '" << c.message << "', got " << error.toString().toStdString();
    }
}

// A bounded random-mutation fuzz over the loader: byte flips, truncation, splices of JSON
// fragments and garbage. Every mutant either loads as a valid plan or gives a named error; none
// crashes (the ASan build runs this too).
TEST(ScenarioFile, FuzzedFilesNeverCrash)
{
    std::vector<QByteArray> seeds;
    for (const char *name : kPresets)
        seeds.push_back(readPreset(name));
    const char *fragments[] = {
        "null",  "true",  "-1",        "1e400", "\"",      "{",
        "}",     "[",     "]",         ",",     ":",       "0.5",
        "\"x\"", "[1,2]", "{\"a\":1}", "NaN",   "\\u0000", "9999999999999999999999"};
    std::mt19937 rng(20261130);
    int loaded = 0, refused = 0;
    const int iterations = qEnvironmentVariableIntValue("PIPEPLAN_FUZZ_ITERATIONS") > 0
                               ? qEnvironmentVariableIntValue("PIPEPLAN_FUZZ_ITERATIONS")
                               : 4000;
    for (int i = 0; i < iterations; ++i) {
        QByteArray bytes = seeds[static_cast<size_t>(rng() % seeds.size())];
        const int mutations = 1 + static_cast<int>(rng() % 4);
        for (int k = 0; k < mutations && !bytes.isEmpty(); ++k) {
            const auto at = static_cast<qsizetype>(rng() % static_cast<unsigned>(bytes.size()));
            switch (rng() % 5) {
            case 0:
                bytes[at] = static_cast<char>(rng() % 256);
                break;
            case 1:
                bytes.truncate(at);
                break;
            case 2:
                bytes.insert(at, fragments[rng() % std::size(fragments)]);
                break;
            case 3:
                bytes.remove(at, static_cast<qsizetype>(rng() % 16));
                break;
            default: {
                // Replace a number with another fragment: type and range errors deep inside.
                const qsizetype digit =
                    bytes.indexOf(QByteArray::number(static_cast<int>(rng() % 10)), at);
                if (digit >= 0)
                    bytes.replace(digit, 1, fragments[rng() % std::size(fragments)]);
            }
            }
        }
        const scenariofile::LoadResult result = scenariofile::fromJson(bytes);
        if (result.plan) {
            ++loaded;
            EXPECT_TRUE(validate(result.plan->scenario).empty());
            evaluate(result.plan->scenario); // and the model copes with whatever loaded
        } else {
            ++refused;
            EXPECT_FALSE(result.error.field.isEmpty());
            EXPECT_FALSE(result.error.message.isEmpty());
        }
    }
    EXPECT_GT(refused, iterations / 2);
    EXPECT_GT(loaded, 0); // some mutants (in notes, say) are still valid scenarios
}

TEST(ScenarioFile, SetValueByPath)
{
    QJsonObject root = scenariofile::toJsonObject(
        *scenariofile::fromJson(readPreset("seed001-pipeline.json")).plan);
    EXPECT_FALSE(
        scenariofile::setValue(root, QStringLiteral("users"), QStringLiteral("75M")).has_value());
    EXPECT_FALSE(
        scenariofile::setValue(root, QStringLiteral("stages[0].ms_per_user"), QStringLiteral("25"))
            .has_value());
    EXPECT_FALSE(
        scenariofile::setValue(root, QStringLiteral("execution"), QStringLiteral("sequential"))
            .has_value());
    EXPECT_FALSE(
        scenariofile::setValue(root, QStringLiteral("name"), QStringLiteral("2027")).has_value());
    EXPECT_FALSE(scenariofile::setValue(root, QStringLiteral("workload.batch_ms_per_user"),
                                        QStringLiteral("50"))
                     .has_value());
    const Plan plan = *scenariofile::fromJsonObject(root).plan;
    EXPECT_EQ(plan.scenario.workload.users, 75e6);
    EXPECT_EQ(plan.scenario.stages[0].msPerUser, 25);
    EXPECT_EQ(plan.scenario.execution, Execution::Sequential);
    EXPECT_EQ(plan.scenario.name, QStringLiteral("2027"));
    EXPECT_EQ(plan.scenario.workload.batchMsPerUser, 50.0);

    const QJsonObject before = root;
    EXPECT_EQ(scenariofile::setValue(root, QStringLiteral("bogus"), QStringLiteral("1"))->message,
              QStringLiteral("no such key in the scenario"));
    EXPECT_EQ(scenariofile::setValue(root, QStringLiteral("stages[9].name"), QStringLiteral("x"))
                  ->message,
              QStringLiteral("no such key in the scenario"));
    EXPECT_EQ(
        scenariofile::setValue(root, QStringLiteral("users"), QStringLiteral("lots"))->message,
        QStringLiteral("'lots' is not a number"));
    EXPECT_EQ(scenariofile::setValue(root, QStringLiteral("stages[0].name.x"), QStringLiteral("1"))
                  ->message,
              QStringLiteral("no such key in the scenario"));
    EXPECT_EQ(scenariofile::setValue(root, QStringLiteral("Users!"), QStringLiteral("1"))->message,
              QStringLiteral("is not a key path (like workload.users or stages[1].ms_per_user)"));
    EXPECT_EQ(root, before); // refused settings change nothing
}

// Every number the file stores is checked as written, a range on it or not: the range's median
// replaces a point value only once it is valid, so a latency of -5 is refused at its own path
// rather than passed over in silence.
TEST(ScenarioFile, AStoredNumberUnderARangeIsCheckedAsWritten)
{
    const QByteArray good = readPreset("seed001-pipeline.json");
    const auto withRange = [&good](const char *section, const char *key, const QJsonValue &value,
                                   const char *rangeKey, const char *range) {
        return withChange(good, [=](QJsonObject &root) {
            if (QLatin1String(section) == QLatin1String("stages")) {
                QJsonArray stages = root.value(QStringLiteral("stages")).toArray();
                QJsonObject first = stages[0].toObject();
                first.insert(QLatin1String(key), value);
                stages[0] = first;
                root.insert(QStringLiteral("stages"), stages);
            } else {
                QJsonObject object = root.value(QLatin1String(section)).toObject();
                object.insert(QLatin1String(key), value);
                root.insert(QLatin1String(section), object);
            }
            root.insert(
                QStringLiteral("uncertainty"),
                QJsonObject{{QStringLiteral("ranges"),
                             QJsonObject{{QLatin1String(rangeKey), QLatin1String(range)}}}});
        });
    };
    struct Case
    {
        QByteArray bytes;
        const char *field;
        const char *message;
    };
    const Case cases[] = {
        {withRange("workload", "latency_ms", -5, "workload.latency_ms", "800..1200"),
         "workload.latency_ms", "must be greater than 0"},
        {withRange("workload", "users", 0, "workload.users", "100M..200M"), "workload.users",
         "must be at least 1"},
        {withRange("workload", "predictions_per_user", 2.5, "workload.predictions_per_user",
                   "10..30"),
         "workload.predictions_per_user", "must be a whole number"},
        {withRange("workload", "keep_fraction", 1.5, "workload.keep_fraction", "90%..99%"),
         "workload.keep_fraction", "is too large"},
        {withRange("stages", "ms_per_user", -1, "stages[0].ms_per_user", "5..15"),
         "stages[0].ms_per_user", "must be greater than 0"},
        {withRange("overheads", "cold_start_s", -3, "overheads.cold_start_s", "100..300"),
         "overheads.cold_start_s", "must be at least 0"},
        // And a range's own end, as before.
        {withRange("workload", "latency_ms", 20, "workload.latency_ms", "-5..10"),
         "uncertainty.ranges.workload.latency_ms", "the range's end"},
    };
    for (const Case &c : cases) {
        const FieldError error = errorOf(c.bytes);
        EXPECT_EQ(error.field, QLatin1String(c.field)) << error.toString().toStdString();
        EXPECT_TRUE(error.message.contains(QLatin1String(c.message)))
            << "want '" << c.message << "', got " << error.toString().toStdString();
    }
    // A valid number under a range loads, the range's median its point value.
    const scenariofile::LoadResult loaded = scenariofile::fromJson(
        withRange("workload", "latency_ms", 20, "workload.latency_ms", "800..1200"));
    ASSERT_TRUE(loaded.plan) << loaded.error.toString().toStdString();
    EXPECT_DOUBLE_EQ(loaded.plan->scenario.workload.latencyMs, std::sqrt(800.0 * 1200));
}

// --set reads text shaped like a range as the file reads a range, in the number's own kind (a
// fraction's percentages) and with the file's refusals named at the range's key.
TEST(ScenarioFile, SetValueReadsARangeAsTheFileDoes)
{
    QJsonObject root = scenariofile::toJsonObject(
        *scenariofile::fromJson(readPreset("seed001-pipeline.json")).plan);
    ASSERT_FALSE(
        scenariofile::setValue(root, QStringLiteral("keep_fraction"), QStringLiteral("90%..99%")));
    const scenariofile::LoadResult loaded = scenariofile::fromJsonObject(root);
    ASSERT_TRUE(loaded.plan) << loaded.error.toString().toStdString();
    const Range keep =
        loaded.plan->scenario.uncertainty.ranges.at(QStringLiteral("workload.keep_fraction"));
    EXPECT_DOUBLE_EQ(keep.low, 0.9);
    EXPECT_DOUBLE_EQ(keep.high, 0.99);

    const auto refusal = [&root](const char *key, const char *text) {
        QJsonObject changed = root;
        EXPECT_FALSE(scenariofile::setValue(changed, QLatin1String(key), QLatin1String(text)));
        return scenariofile::fromJsonObject(changed).error;
    };
    FieldError error = refusal("workers", "10..100");
    EXPECT_EQ(error.field, QStringLiteral("uncertainty.ranges.workload.workers"));
    EXPECT_EQ(error.message, QStringLiteral("is not a number that takes a range"));
    error = refusal("latency_ms", "800...1200");
    EXPECT_EQ(error.field, QStringLiteral("uncertainty.ranges.workload.latency_ms"));
    EXPECT_TRUE(error.message.endsWith(QStringLiteral("got '800...1200'")))
        << error.toString().toStdString();
}

// A key the format writes only when it is set (goal.budget, training.memory_limit), a date
// written null and a key with digits in its name are set like any other: the file need not
// hold them. The value is read as the format's type, not the type of what the file holds.
TEST(ScenarioFile, SetValueSetsKeysTheFileDoesNotHold)
{
    QJsonObject root =
        scenariofile::toJsonObject(*scenariofile::fromJson(readPreset("embedding-h100.json")).plan);
    ASSERT_FALSE(root.value(QStringLiteral("goal")).toObject().contains(QStringLiteral("budget")));
    for (const auto &[key, text] :
         {std::pair{"goal.budget", "1k"}, std::pair{"training.memory_limit", "4"},
          std::pair{"training.interleaved_rule", "megatron-2021"},
          std::pair{"counted_one", "person"}, std::pair{"project.start_date", "2027-01-04"},
          std::pair{"hardware.devices[0].bf16_tflops", "500"},
          std::pair{"measured.trace.file", "run.json"}}) {
        const std::optional<FieldError> refused =
            scenariofile::setValue(root, QLatin1String(key), QLatin1String(text));
        EXPECT_FALSE(refused) << key << ": " << refused->toString().toStdString();
    }
    scenariofile::LoadResult loaded = scenariofile::fromJsonObject(root);
    ASSERT_TRUE(loaded.plan) << loaded.error.toString().toStdString();
    const Scenario &s = loaded.plan->scenario;
    EXPECT_TRUE(s.goal.budget == 1000.0);
    EXPECT_TRUE(s.training.memoryLimitMicrobatches == 4.0);
    EXPECT_EQ(s.training.interleavedRule, schedule::InterleavedRule::Megatron2021);
    EXPECT_EQ(s.workload.counted.one, QStringLiteral("person"));
    EXPECT_TRUE(s.project.startDate == QDate(2027, 1, 4));
    ASSERT_FALSE(s.hardware.devices.empty());
    EXPECT_EQ(s.hardware.devices[0].bf16Tflops, 500);
    EXPECT_EQ(s.measured.traceFile, QStringLiteral("run.json"));

    // null clears what is optional; a date and a budget alike.
    EXPECT_FALSE(
        scenariofile::setValue(root, QStringLiteral("goal.budget"), QStringLiteral("null")));
    EXPECT_FALSE(
        scenariofile::setValue(root, QStringLiteral("project.start_date"), QStringLiteral("null")));
    loaded = scenariofile::fromJsonObject(root);
    ASSERT_TRUE(loaded.plan) << loaded.error.toString().toStdString();
    EXPECT_FALSE(loaded.plan->scenario.goal.budget);
    EXPECT_FALSE(loaded.plan->scenario.project.startDate);

    // The format's type decides, whatever the file holds: a number must read as one.
    const QJsonObject before = root;
    EXPECT_EQ(scenariofile::setValue(root, QStringLiteral("goal.budget"), QStringLiteral("lots"))
                  ->message,
              QStringLiteral("'lots' is not a number"));
    EXPECT_EQ(
        scenariofile::setValue(root, QStringLiteral("hardware.device_price"), QStringLiteral("1"))
            ->message,
        QStringLiteral("must be true or false, got '1'"));
    EXPECT_EQ(
        scenariofile::setValue(root, QStringLiteral("baseline.goal.budget"), QStringLiteral("10"))
            ->message,
        QStringLiteral("the plan pins no baseline"));
    EXPECT_EQ(scenariofile::setValue(root, QStringLiteral("goal.no_such_key"), QStringLiteral("1"))
                  ->message,
              QStringLiteral("no such key in the scenario"));
    EXPECT_EQ(
        scenariofile::setValue(root, QStringLiteral("project.actuals[0].name"), QStringLiteral("x"))
            ->message,
        QStringLiteral("no such key in the scenario")); // the plan has no actual
    EXPECT_EQ(root, before);

    // A pinned baseline takes the scenario's keys.
    Plan pinned = *scenariofile::fromJsonObject(root).plan;
    pinned.baseline = pinned.scenario;
    root = scenariofile::toJsonObject(pinned);
    EXPECT_FALSE(
        scenariofile::setValue(root, QStringLiteral("baseline.goal.budget"), QStringLiteral("10")));
    loaded = scenariofile::fromJsonObject(root);
    ASSERT_TRUE(loaded.plan && loaded.plan->baseline) << loaded.error.toString().toStdString();
    EXPECT_TRUE(loaded.plan->baseline->goal.budget == 10.0);
    EXPECT_FALSE(loaded.plan->scenario.goal.budget);
}

// The format's keys (scenariofile::formatKeys, what --set can set in any file) and the fields
// docs/scenario-format.md lists are the same: every documented path is a key or a list or
// object as a whole, and every key is documented, by its path or as a field of its object.
TEST(ScenarioFile, EveryFormatKeyIsDocumentedAndEveryDocumentedKeyIsInTheFormat)
{
    QFile file(QStringLiteral(PIPEPLAN_PRESETS_DIR "/../../docs/scenario-format.md"));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    const QString fields =
        text.section(QStringLiteral("## Fields"), 1).section(QStringLiteral("\n## "), 0, 0);
    // Each row's first cell: "`a.b.c`, `d`, `e`" documents a.b.c, a.b.d and a.b.e.
    QSet<QString> documented;
    static const QRegularExpression row(QStringLiteral("^\\| (`[^|]*`) \\|"),
                                        QRegularExpression::MultilineOption);
    static const QRegularExpression quoted(QStringLiteral("`([^`]+)`"));
    for (const QRegularExpressionMatch &cell : row.globalMatch(fields)) {
        QString parent;
        for (const QRegularExpressionMatch &name : quoted.globalMatch(cell.captured(1))) {
            QString path = name.captured(1);
            if (path.contains(QLatin1Char('.')))
                parent = path.left(path.lastIndexOf(QLatin1Char('.')) + 1);
            else
                path.prepend(parent);
            documented.insert(path);
        }
    }
    ASSERT_GT(documented.size(), 100);
    QSet<QString> keys;
    for (const scenariofile::FormatKey &key : scenariofile::formatKeys()) {
        const QString path = QLatin1String(key.path);
        EXPECT_FALSE(keys.contains(path)) << key.path << " listed twice";
        keys.insert(path);
        // Documented by its own path, or as a field or an element of a documented object or
        // list ("hardware.model", "hardware.devices", "worker_counts").
        static const QRegularExpression element(QStringLiteral("\\[i\\]$"));
        const QString container =
            path.contains(QLatin1Char('.')) ? path.left(path.lastIndexOf(QLatin1Char('.'))) : path;
        const QString list = QString(container).remove(element);
        EXPECT_TRUE(documented.contains(path) || documented.contains(container) ||
                    documented.contains(list))
            << key.path << " is not in docs/scenario-format.md";
    }
    // What is documented but not a single value --set can set: a list or an object as a whole.
    const QSet<QString> wholes{QStringLiteral("uncertainty.ranges"),
                               QStringLiteral("stages"),
                               QStringLiteral("worker_counts"),
                               QStringLiteral("hardware.model"),
                               QStringLiteral("hardware.training"),
                               QStringLiteral("hardware.devices"),
                               QStringLiteral("goal.levers"),
                               QStringLiteral("training.compare"),
                               QStringLiteral("project.tasks[i].depends_on"),
                               QStringLiteral("project.calendar.holidays"),
                               QStringLiteral("project.labeling.strata[i]"),
                               QStringLiteral("project.actuals[i]"),
                               QStringLiteral("measured.runs[i]"),
                               QStringLiteral("measured.trace"),
                               QStringLiteral("track.calibration"),
                               QStringLiteral("report.sections"),
                               QStringLiteral("options"),
                               QStringLiteral("baseline")};
    for (const QString &path : documented)
        EXPECT_TRUE(keys.contains(path) || wholes.contains(path))
            << path.toStdString() << " is documented but not a key of the format";
}

// Issue 17: up to version 4 the accelerator lever was written backwards (`latency_ms` the
// accelerated latency, `baseline_latency_ms` the CPU one). A version-4 file opens with today's
// latency and the accelerator's in their own fields, for the scenario and its pinned baseline,
// and keeps its meaning: the same runtime and the same waterfall as the version-5 preset.
TEST(ScenarioFile, VersionFourLeversOpenTheRightWayRound)
{
    const auto asVersion4 = [](QJsonObject scenario) {
        QJsonObject w = scenario.value(QStringLiteral("workload")).toObject();
        const QJsonValue accelerated = w.take(QStringLiteral("accelerator_latency_ms"));
        w.insert(QStringLiteral("baseline_latency_ms"), w.value(QStringLiteral("latency_ms")));
        w.insert(QStringLiteral("latency_ms"), accelerated);
        scenario.insert(QStringLiteral("workload"), w);
        return scenario;
    };
    const QByteArray current = readPreset("pruned-accelerated.json");
    const QByteArray v4 = withChange(current, [&asVersion4](QJsonObject &root) {
        const QJsonObject original = root;
        root = asVersion4(original);
        root.insert(QStringLiteral("version"), 4);
        QJsonObject baseline = asVersion4(original);
        baseline.remove(QStringLiteral("format"));
        baseline.remove(QStringLiteral("version"));
        baseline.remove(QStringLiteral("baseline"));
        root.insert(QStringLiteral("baseline"), baseline);
    });
    ASSERT_TRUE(v4.contains("baseline_latency_ms"));
    const scenariofile::LoadResult loaded = scenariofile::fromJson(v4);
    ASSERT_TRUE(loaded.plan.has_value()) << loaded.error.toString().toStdString();
    const Scenario &s = loaded.plan->scenario;
    EXPECT_EQ(s.workload.latencyMs, 1000);
    EXPECT_EQ(s.workload.acceleratorLatencyMs, std::optional<double>(10));
    ASSERT_TRUE(loaded.plan->baseline.has_value());
    EXPECT_EQ(loaded.plan->baseline->workload.latencyMs, 1000);
    EXPECT_EQ(loaded.plan->baseline->workload.acceleratorLatencyMs, std::optional<double>(10));

    const Scenario preset = scenariofile::fromJson(current).plan->scenario;
    EXPECT_EQ(s.workload, preset.workload);
    EXPECT_EQ(evaluate(s).runtimeSeconds, 1500);
    EXPECT_EQ(evaluate(s).waterfall, evaluate(preset).waterfall);

    // A version-4 file without the lever keeps its one latency, and the lever stays off.
    const QByteArray plain = withChange(readPreset("nightly-scoring.json"), [](QJsonObject &root) {
        root.insert(QStringLiteral("version"), 4);
        QJsonObject w = root.value(QStringLiteral("workload")).toObject();
        w.remove(QStringLiteral("accelerator_latency_ms"));
        w.insert(QStringLiteral("baseline_latency_ms"), QJsonValue::Null);
        root.insert(QStringLiteral("workload"), w);
    });
    const scenariofile::LoadResult unaccelerated = scenariofile::fromJson(plain);
    ASSERT_TRUE(unaccelerated.plan.has_value());
    EXPECT_EQ(unaccelerated.plan->scenario.workload.latencyMs, 1000);
    EXPECT_FALSE(unaccelerated.plan->scenario.workload.acceleratorLatencyMs.has_value());

    // Saved again, it is a current file with the new key and without the old one.
    const QByteArray saved = scenariofile::toJson(*loaded.plan);
    EXPECT_TRUE(saved.contains("\"version\": 9"));
    EXPECT_TRUE(saved.contains("\"accelerator_latency_ms\": 10"));
    EXPECT_FALSE(saved.contains("baseline_latency_ms"));
}

// Issue 32: up to version 5 every file wrote the simulation's old default, 1 % of shards
// straggling at 3x, whether the person set it or not. A file of version 5 that holds exactly
// that default opens without stragglers, for the scenario and its baseline, and says so; any
// other straggler chance is the person's and stays; a current file keeps 1 % at 3x as typed.
TEST(ScenarioFile, VersionFiveDefaultStragglersOpenAsNoneAndSaySo)
{
    const auto withSimulation = [](double chance, double factor, int version) {
        return withChange(readPreset("nightly-scoring.json"), [=](QJsonObject &root) {
            root.insert(QStringLiteral("version"), version);
            QJsonObject sim{{QStringLiteral("straggler_prob"), chance},
                            {QStringLiteral("straggler_factor"), factor},
                            {QStringLiteral("failure_prob"), 0.0},
                            {QStringLiteral("trials"), 500},
                            {QStringLiteral("seed"), 1}};
            root.insert(QStringLiteral("simulation"), sim);
            QJsonObject baseline = root;
            baseline.remove(QStringLiteral("format"));
            baseline.remove(QStringLiteral("version"));
            baseline.remove(QStringLiteral("baseline"));
            root.insert(QStringLiteral("baseline"), baseline);
        });
    };
    const scenariofile::LoadResult old = scenariofile::fromJson(withSimulation(0.01, 3, 5));
    ASSERT_TRUE(old.plan.has_value()) << old.error.toString().toStdString();
    EXPECT_EQ(old.plan->scenario.simulation.stragglerProbability, 0);
    EXPECT_EQ(old.plan->baseline->simulation.stragglerProbability, 0);
    ASSERT_EQ(old.notes.size(), 1);
    EXPECT_TRUE(old.notes.front().startsWith(
        QStringLiteral("Stragglers: this file of version 5 held the old default of 1 % of shards "
                       "at 3x")))
        << old.notes.front().toStdString();

    const scenariofile::LoadResult chosen = scenariofile::fromJson(withSimulation(0.02, 3, 5));
    ASSERT_TRUE(chosen.plan.has_value());
    EXPECT_EQ(chosen.plan->scenario.simulation.stragglerProbability, 0.02);
    EXPECT_TRUE(chosen.notes.isEmpty());

    const scenariofile::LoadResult current = scenariofile::fromJson(withSimulation(0.01, 3, 6));
    ASSERT_TRUE(current.plan.has_value());
    EXPECT_EQ(current.plan->scenario.simulation.stragglerProbability, 0.01);
    EXPECT_TRUE(current.notes.isEmpty());
    // The new default is none: a file saved from it says 0.
    EXPECT_EQ(defaultScenario().simulation.stragglerProbability, 0);
}

TEST(Deadline, TheSeedJobCannotFinishInHalfAnHourAndTheLeveredJobNamesItsFewestWorkers)
{
    // Seed 000 at p = 0.98: the serial 2 % of 3e9 s alone is 6e7 s, far past 30 minutes.
    Scenario seed = defaultScenario();
    EXPECT_FALSE(evaluate(seed).deadline.has_value()); // off by default
    seed.goal.deadlineSeconds = 1800;
    const DeadlineVerdict late = *evaluate(seed).deadline;
    EXPECT_FALSE(late.meets);
    EXPECT_DOUBLE_EQ(late.deadlineSeconds, 1800);
    EXPECT_NEAR(late.marginSeconds, 1800 - evaluate(seed).effectiveRuntimeSeconds, 1e-6);
    EXPECT_FALSE(late.naive.workers.has_value());
    EXPECT_FALSE(late.withOverheads.workers.has_value());
    EXPECT_TRUE(late.naive.reason.contains(QStringLiteral("serial 2% alone takes ") +
                                           format::duration(6e7)))
        << late.naive.reason.toStdString();

    // The levered job (keep half, 10 ms on an accelerator) at p = 1: 1.5e7 s of work, so
    // ceil(1.5e7 / 1800) = 8,334 workers; at its 10,000 it finishes in 1,500 s, 300 s early.
    Plan pruned = *scenariofile::fromJson(readPreset("pruned-accelerated.json")).plan;
    pruned.scenario.goal.deadlineSeconds = 1800;
    const DeadlineVerdict early = *evaluate(pruned.scenario).deadline;
    EXPECT_TRUE(early.meets);
    EXPECT_DOUBLE_EQ(early.marginSeconds, 300);
    ASSERT_TRUE(early.naive.workers.has_value());
    EXPECT_DOUBLE_EQ(*early.naive.workers, 8334);
    ASSERT_TRUE(early.withOverheads.workers.has_value());
    EXPECT_DOUBLE_EQ(*early.withOverheads.workers, 8334); // no overheads set

    // The file keeps the deadline, and a file without one has none.
    const Plan again = *scenariofile::fromJson(scenariofile::toJson(pruned)).plan;
    EXPECT_EQ(again.scenario.goal.deadlineSeconds, std::optional(1800.0));
    EXPECT_FALSE(scenariofile::fromJson(readPreset("pruned-accelerated.json"))
                     .plan->scenario.goal.deadlineSeconds.has_value());
}

// Issue 21: the calendar, the start and status dates, the pace switch, the correlation and each
// task's status round-trip; bad values are refused with their path.
TEST(ScenarioFile, ProjectCalendarAndTaskStatusRoundTrip)
{
    Plan plan;
    ProjectSettings &p = plan.scenario.project;
    p.calendar.workingDays = {false, true, true, true, true, false, true}; // Tue-Fri and Sunday
    p.calendar.hoursPerDay = 6.5;
    p.calendar.holidays = {QDate(2026, 12, 25), QDate(2027, 1, 1)};
    p.startDate = QDate(2026, 11, 2);
    p.statusDate = QDate(2026, 12, 1);
    p.scaleByPace = false;
    p.monteCarlo.categoryCorrelation = 0.6;
    p.tasks[0].progress = {estimate::TaskState::Done, 1.25, QDate(2026, 11, 9), 0};
    p.tasks[1].progress = {estimate::TaskState::InProgress, 0, QDate(), 0.4};
    ASSERT_TRUE(validate(plan.scenario).empty())
        << validate(plan.scenario).front().toString().toStdString();
    const QByteArray bytes = scenariofile::toJson(plan);
    const scenariofile::LoadResult loaded = scenariofile::fromJson(bytes);
    ASSERT_TRUE(loaded.plan.has_value()) << loaded.error.toString().toStdString();
    EXPECT_EQ(loaded.plan->scenario.project, p);
    const QJsonObject project =
        QJsonDocument::fromJson(bytes).object().value(QStringLiteral("project")).toObject();
    EXPECT_EQ(project.value(QStringLiteral("start_date")).toString(), QStringLiteral("2026-11-02"));
    EXPECT_EQ(project.value(QStringLiteral("calendar"))
                  .toObject()
                  .value(QStringLiteral("working_days"))
                  .toString(),
              estimate::workingDaysKey(p.calendar.workingDays));
    const QJsonObject first = project.value(QStringLiteral("tasks")).toArray()[0].toObject();
    EXPECT_EQ(first.value(QStringLiteral("status")).toString(), QStringLiteral("done"));
    EXPECT_EQ(first.value(QStringLiteral("finished_on")).toString(), QStringLiteral("2026-11-09"));
    // A task nobody started carries no status keys.
    EXPECT_FALSE(project.value(QStringLiteral("tasks"))
                     .toArray()[2]
                     .toObject()
                     .contains(QStringLiteral("status")));

    auto change = [&bytes](const std::function<void(QJsonObject &)> &edit) {
        return errorOf(withChange(bytes, [&edit](QJsonObject &root) {
            QJsonObject project = root.value(QStringLiteral("project")).toObject();
            edit(project);
            root.insert(QStringLiteral("project"), project);
        }));
    };
    FieldError e = change([](QJsonObject &o) {
        o.insert(QStringLiteral("start_date"), QStringLiteral("2026-02-30"));
    });
    EXPECT_EQ(e.field, QStringLiteral("project.start_date"));
    e = change([](QJsonObject &o) {
        QJsonObject c = o.value(QStringLiteral("calendar")).toObject();
        c.insert(QStringLiteral("holidays"), QJsonArray{QStringLiteral("2026-12-25"), 7});
        o.insert(QStringLiteral("calendar"), c);
    });
    EXPECT_EQ(e.field, QStringLiteral("project.calendar.holidays[1]"));
    e = change([](QJsonObject &o) {
        QJsonObject c = o.value(QStringLiteral("calendar")).toObject();
        c.insert(QStringLiteral("working_days"), QStringLiteral("someday"));
        o.insert(QStringLiteral("calendar"), c);
    });
    EXPECT_EQ(e.field, QStringLiteral("project.calendar.working_days"));
    e = change([](QJsonObject &o) {
        QJsonArray tasks = o.value(QStringLiteral("tasks")).toArray();
        QJsonObject t = tasks[1].toObject();
        t.insert(QStringLiteral("status"), QStringLiteral("maybe"));
        tasks[1] = t;
        o.insert(QStringLiteral("tasks"), tasks);
    });
    EXPECT_EQ(e.field, QStringLiteral("project.tasks[1].status"));
    e = change([](QJsonObject &o) {
        QJsonArray tasks = o.value(QStringLiteral("tasks")).toArray();
        QJsonObject t = tasks[1].toObject();
        t.insert(QStringLiteral("share_done"), 1.5);
        tasks[1] = t;
        o.insert(QStringLiteral("tasks"), tasks);
    });
    EXPECT_TRUE(e.field.endsWith(QStringLiteral("share_done"))) << e.field.toStdString();
    e = change([](QJsonObject &o) {
        o.insert(QStringLiteral("status_date"), QStringLiteral("2026-10-01"));
    });
    EXPECT_EQ(e.field, QStringLiteral("project.status_date"));
    EXPECT_TRUE(e.message.contains(QStringLiteral("before the start date")))
        << e.message.toStdString();
}
