// The reliability suite for core: inputs at and past every limit, cancellation, and bounded
// fuzzing of the readers. Every suite is named Reliability* (ctest -R Reliability).

#include "core/base/fields.h"
#include "core/base/format.h"
#include "core/base/numparse.h"
#include "core/plan/evaluation.h"
#include "core/plan/scenariofile.h"
#include "core/project/estimate.h"
#include "core/tail/simulate.h"
#include "tests/support/tasks.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <random>
#include <thread>

using namespace pipeplan;
using namespace std::chrono_literals;
using testsupport::chain;

namespace {

/// A task CSV of `rows` rows, each after the row before it.
QString chainCsv(int rows)
{
    QString csv = QStringLiteral("name,optimistic,most_likely,pessimistic,depends_on\n");
    for (int r = 1; r <= rows; ++r) {
        csv += QStringLiteral("task %1,1,2,3,%2\n")
                   .arg(r)
                   .arg(r > 1 ? QString::number(r - 1) : QString());
    }
    return csv;
}

QByteArray readPreset(const char *name)
{
    QFile file(QStringLiteral(PIPEPLAN_PRESETS_DIR "/") + QLatin1String(name));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << name;
    return file.readAll();
}

/// A (1, 2, 3) task's PERT-beta is Beta(3, 3) on a width of 2: variance 9 / (36 x 7) of the
/// width squared, a little wider than the PERT rule's (b - a) / 6.
const double kBetaSigma = 2.0 / std::sqrt(28.0);

} // namespace

// ---------------------------------------------------------------------------------------------
// 1. The Monte Carlo's scratch buffer holds a block's durations and one finish time per task.

TEST(ReliabilityMonteCarlo, MoreThan256TasksWithDependencies)
{
    const std::vector<estimate::Task> tasks = chain(300);
    ASSERT_TRUE(estimate::validate(tasks).empty());
    const estimate::PertResult pert = estimate::pert(tasks);
    EXPECT_EQ(pert.meanHours, 600.0); // 300 x (1 + 8 + 3) / 6
    EXPECT_NEAR(pert.sigmaHours, std::sqrt(300.0) / 3.0, 1e-12);
    EXPECT_EQ(pert.criticalPath.size(), 300u);

    estimate::MonteCarloOptions options;
    options.trials = 4096; // two chunks of 2,048, sixteen blocks of 256
    options.threads = 2;
    const estimate::MonteCarloResult mc = estimate::monteCarlo(tasks, options);
    EXPECT_EQ(mc.trials, 4096);
    EXPECT_FALSE(mc.cancelled);
    // A chain of symmetric tasks: the sum is about normal, mean 600, sigma 5.77.
    EXPECT_NEAR(mc.meanHours, 600.0, 0.5);
    EXPECT_NEAR(mc.p50Hours, 600.0, 0.8);
    EXPECT_NEAR(mc.p90Hours, 600.0 + 1.2816 * std::sqrt(300.0) * kBetaSigma, 1.0);
    EXPECT_GT(mc.minHours, 300.0);
    EXPECT_LT(mc.maxHours, 900.0);
    EXPECT_LT(mc.p50Hours, mc.p80Hours);
    EXPECT_LT(mc.p80Hours, mc.p90Hours);
}

TEST(ReliabilityMonteCarlo, TenThousandTasksWithDependencies)
{
    const std::vector<estimate::Task> tasks = chain(estimate::kMaxTasks);
    ASSERT_TRUE(estimate::validate(tasks).empty());
    const estimate::PertResult pert = estimate::pert(tasks);
    EXPECT_EQ(pert.meanHours, 20'000.0);
    EXPECT_NEAR(pert.sigmaHours, 100.0 / 3.0, 1e-9);

    estimate::MonteCarloOptions options;
    options.trials = 1000;
    options.threads = 2;
    const estimate::MonteCarloResult mc = estimate::monteCarlo(tasks, options);
    EXPECT_EQ(mc.trials, 1000);
    // The standard error of the mean is 33.3 / sqrt(1000) = 1.05 h.
    EXPECT_NEAR(mc.meanHours, 20'000.0, 5.0);
    EXPECT_NEAR(mc.p50Hours, 20'000.0, 6.0);
    EXPECT_NEAR(mc.p95Hours - mc.p50Hours, 1.6449 * 100 * kBetaSigma, 8.0);
}

TEST(ReliabilityMonteCarlo, CancelStopsInsideAChunk)
{
    // 2,000 tasks each waiting for the 1,000 before it: one chunk of 2,048 trials walks 3 billion
    // edges, seconds of work, and a million trials would take many minutes. The plan itself is
    // built in milliseconds, so the cancel lands inside the first chunks.
    const std::vector<estimate::Task> tasks = chain(2000, 1000);
    ASSERT_TRUE(estimate::validate(tasks).empty());
    estimate::MonteCarloOptions options;
    options.trials = 1'000'000;
    options.threads = 2;
    estimate::Control control;
    std::jthread canceller([&control] {
        std::this_thread::sleep_for(50ms);
        control.cancel = true;
    });
    const estimate::MonteCarloResult mc = estimate::monteCarlo(tasks, options, &control);
    EXPECT_TRUE(mc.cancelled);
    // Stopped inside the first chunk of each thread, not at its end: a chunk is seconds of work
    // and the cancel comes after 50 ms, so a run that only looked between chunks would count
    // 2,048 trials or more. Only whole chunks count, so none did.
    EXPECT_EQ(mc.trials, 0);
}

// ---------------------------------------------------------------------------------------------
// 2. One limit per collection, alike for the CSV reader, the scenario file and validation.

TEST(ReliabilityLimits, TenThousandTasksImportSaveAndLoad)
{
    const estimate::CsvTasks csv = estimate::readTasksCsv(chainCsv(estimate::kMaxTasks));
    ASSERT_TRUE(csv.errors.empty()) << csv.errors.front().toString().toStdString();
    ASSERT_EQ(csv.tasks.size(), 10'000u);
    EXPECT_EQ(csv.tasks[9999].dependsOn, std::vector<int>{9998});

    Plan plan;
    plan.scenario.project.tasks = csv.tasks;
    ASSERT_TRUE(validate(plan.scenario).empty());
    const QByteArray json = scenariofile::toJson(plan);
    EXPECT_EQ(scenariofile::kMaxFileBytes, 16 * 1024 * 1024);
    // The largest plan the file holds (10,000 tasks with the longest names the loader keeps, 200
    // characters, and ten dependencies each) still fits the cap: 4 MiB did not.
    Plan largest = plan;
    for (size_t i = 0; i < largest.scenario.project.tasks.size(); ++i) {
        estimate::Task &task = largest.scenario.project.tasks[i];
        task.name = QString(200, QLatin1Char('n'));
        task.dependsOn.clear();
        for (int back = 1; back <= 10 && static_cast<int>(i) - back >= 0; ++back)
            task.dependsOn.push_back(static_cast<int>(i) - back);
    }
    const QByteArray largestJson = scenariofile::toJson(largest);
    EXPECT_GT(largestJson.size(), 4 * 1024 * 1024);
    EXPECT_LT(largestJson.size(), scenariofile::kMaxFileBytes);
    EXPECT_EQ(*scenariofile::fromJson(largestJson).plan, largest);
    const scenariofile::LoadResult loaded = scenariofile::fromJson(json);
    ASSERT_TRUE(loaded.plan) << loaded.error.toString().toStdString();
    EXPECT_EQ(loaded.plan->scenario.project.tasks, csv.tasks);
    EXPECT_EQ(*loaded.plan, plan);
}

TEST(ReliabilityLimits, OneTaskTooManyRefusedAlikeByCsvLoadAndValidation)
{
    const QString message = QStringLiteral("has 10,001 tasks; at most 10,000");
    EXPECT_EQ(estimate::kMaxTasks, 10'000);

    const estimate::CsvTasks csv = estimate::readTasksCsv(chainCsv(estimate::kMaxTasks + 1));
    ASSERT_EQ(csv.errors.size(), 1u);
    EXPECT_EQ(csv.errors.front(), (FieldError{QStringLiteral("csv"), message}));
    EXPECT_TRUE(csv.tasks.empty());

    Plan plan;
    plan.scenario.project.tasks = chain(estimate::kMaxTasks + 1);
    const std::vector<FieldError> errors = validate(plan.scenario);
    ASSERT_FALSE(errors.empty());
    EXPECT_EQ(errors.front(), (FieldError{QStringLiteral("project.tasks"), message}));

    const scenariofile::LoadResult loaded = scenariofile::fromJson(scenariofile::toJson(plan));
    EXPECT_FALSE(loaded.plan);
    EXPECT_EQ(loaded.error, (FieldError{QStringLiteral("project.tasks"), message}));
}

TEST(ReliabilityLimits, StagesLimitAlikeByLoadAndValidation)
{
    EXPECT_EQ(kMaxStages, 1000);
    Plan plan;
    Scenario &s = plan.scenario;
    while (s.stages.size() <= static_cast<size_t>(kMaxStages))
        s.stages.push_back(Stage{QStringLiteral("extra"), 1, false});
    const FieldError expected{QStringLiteral("stages"),
                              QStringLiteral("has 1,001 stages; at most 1,000")};
    const std::vector<FieldError> errors = validate(s);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors.front(), expected);
    const scenariofile::LoadResult loaded = scenariofile::fromJson(scenariofile::toJson(plan));
    EXPECT_FALSE(loaded.plan);
    EXPECT_EQ(loaded.error, expected);
}

// ---------------------------------------------------------------------------------------------
// 3. A cycle's error names tasks from 1 and stays short.

TEST(ReliabilityCycle, TenThousandTaskCycleIsOneShortLine)
{
    std::vector<estimate::Task> tasks = chain(estimate::kMaxTasks);
    for (size_t i = 0; i < tasks.size();
         ++i) // each task waits for the next; the last for the first
        tasks[i].dependsOn = {static_cast<int>((i + 1) % tasks.size())};
    const std::vector<FieldError> errors = estimate::validate(tasks);
    ASSERT_EQ(errors.size(), 1u);
    const QString line = errors.front().toString();
    EXPECT_EQ(line, QStringLiteral("tasks[0].depends_on: makes a cycle: task 1 waits for task 2, "
                                   "which waits for task 3, which waits for task 4, which waits "
                                   "for task 5, and 9,995 more tasks back to task 1"));
    EXPECT_LT(line.size(), 300);
    EXPECT_FALSE(line.contains(QLatin1Char('\n')));
}

TEST(ReliabilityCycle, ShortCyclesAreNamedWholeFromOne)
{
    std::vector<estimate::Task> tasks = chain(5);
    tasks[0].dependsOn = {4}; // 1 -> 5 -> 4 -> 3 -> 2 -> 1
    const std::vector<FieldError> errors = estimate::validate(tasks);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors.front().toString(),
              QStringLiteral("tasks[0].depends_on: makes a cycle: task 1 waits for task 5, which "
                             "waits for task 4, which waits for task 3, which waits for task 2, "
                             "which waits for task 1"));

    // The CSV names rows, which count from 1 too; a long cycle there is cut the same way.
    QString csv = QStringLiteral("name,optimistic,most_likely,pessimistic,depends_on\n");
    for (int r = 1; r <= 8; ++r)
        csv += QStringLiteral("t,1,2,3,%1\n").arg(r % 8 + 1);
    const estimate::CsvTasks read = estimate::readTasksCsv(csv);
    ASSERT_EQ(read.errors.size(), 1u);
    EXPECT_EQ(read.errors.front().toString(),
              QStringLiteral("row 1, depends_on: makes a cycle: row 1 waits for row 2, which waits "
                             "for row 3, which waits for row 4, which waits for row 5, and 3 more "
                             "tasks back to row 1"));
}

// ---------------------------------------------------------------------------------------------
// 5. Simulation inputs that never answer, and cancellation inside a trial.

TEST(ReliabilitySimulation, AbsurdCheckpointIntervalsRefusedAlike)
{
    simulation::Params p;
    p.shards = 10;
    p.shardSeconds = 60;
    p.workers = 2;
    p.trials = 10;
    // 1e-18 used to overflow the count (undefined) and answer 60 s while 1e-17 was refused.
    for (double interval : {1e-18, 1e-17}) {
        p.checkpointSeconds = interval;
        const std::vector<FieldError> errors = simulation::validate(p);
        ASSERT_EQ(errors.size(), 1u) << interval;
        EXPECT_EQ(errors.front().toString(),
                  QStringLiteral("checkpoint_s: is too small: at least 1e-09, got ") +
                      format::plainNumber(interval));
    }
    // Above the smallest value, the count per shard is bounded, with the reason.
    p.checkpointSeconds = 1e-5;
    ASSERT_EQ(simulation::validate(p).size(), 1u);
    EXPECT_EQ(simulation::validate(p).front().toString(),
              QStringLiteral("checkpoint_s: is 1e-05 s: a shard of 60 s would write 6000000 "
                             "checkpoints; at most 1,000,000 per shard"));
    p.shardSeconds = 1e12;
    p.checkpointSeconds = 1e-9;
    EXPECT_EQ(simulation::validate(p).front().toString(),
              QStringLiteral("checkpoint_s: is 1e-09 s: a shard of 1000000000000 s would write "
                             "1e21 checkpoints; at most 1,000,000 per shard"));
    p.shardSeconds = 60;
    p.checkpointSeconds = 60e-6; // exactly a million
    EXPECT_TRUE(simulation::validate(p).empty());
    // No undefined conversion even for parameters nobody validated.
    p.checkpointSeconds = 1e-300;
    EXPECT_EQ(simulation::shardRunSeconds(60, p), 60.0); // checkpoints cost nothing here
}

TEST(ReliabilitySimulation, FailureProbabilityNearOneRefusedWithTheReason)
{
    simulation::Params p;
    p.failureProbability = 0.999999999999;
    const std::vector<FieldError> errors = simulation::validate(p);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors.front().toString(),
              QStringLiteral(
                  "failure_prob: is too large: at most 0.99, got 0.999999999999 (above it each "
                  "shard needs over 100 attempts on average)"));
    p.failureProbability = 0.99; // the window's slider ends here: 100 attempts on average
    EXPECT_TRUE(simulation::validate(p).empty());
    // The window validates the scenario with the same rule.
    Scenario s = defaultScenario();
    s.simulation.failureProbability = 0.995;
    ASSERT_FALSE(validate(s).empty());
    EXPECT_EQ(validate(s).front().toString(),
              QStringLiteral(
                  "simulation.failure_prob: is too large: at most 0.99, got 0.995 (above it each "
                  "shard needs over 100 attempts on average)"));
}

TEST(ReliabilitySimulation, CancelStopsInsideATrial)
{
    simulation::Params p;
    p.shards = 1e8; // one trial is seconds of work; 100 of them, minutes
    p.shardSeconds = 60;
    p.workers = 1e6;
    p.trials = 100;
    ASSERT_TRUE(simulation::validate(p).empty());
    simulation::Control control;
    std::jthread canceller([&control] {
        std::this_thread::sleep_for(50ms);
        control.cancel = true;
    });
    const simulation::Result result = simulation::simulate(p, &control, 2);
    // Stopped inside the first trial (one trial is seconds of work, the cancel comes after
    // 50 ms): a run that only looked between trials would have finished one.
    EXPECT_TRUE(result.cancelled);
    EXPECT_EQ(result.trials, 0);
    EXPECT_EQ(control.trialsDone.load(), 0);
}

// ---------------------------------------------------------------------------------------------
// 5. Numbers: bytes read B as bytes, fractions take percentages, tiny values are refused.

TEST(ReliabilityNumparse, BytesReadBAsBytes)
{
    const std::pair<const char *, double> good[] = {
        {"512B", 512},
        {"512 B", 512},
        {"1.5kB", 1500},
        {"2KB", 2000},
        {"3MB", 3e6},
        {"14GB", 14e9},
        {"2TB", 2e12},
        {"512KiB", 512.0 * 1024},
        {"512Mi", 512.0 * 1024 * 1024},
        {"512MiB", 512.0 * 1024 * 1024},
        {"1GiB", 1024.0 * 1024 * 1024},
        {"14G", 14e9}, // without B, as every other number
        {"32GB/s", 32e9},
        {"700", 700},
    };
    for (const auto &[text, value] : good) {
        const numparse::Parsed parsed = numparse::bytes(QString::fromUtf8(text));
        ASSERT_TRUE(parsed.value) << text << ": " << parsed.error.toStdString();
        EXPECT_EQ(*parsed.value, value) << text;
    }
    EXPECT_EQ(numparse::bytes(QStringLiteral("B")).error,
              QStringLiteral("'B' is not a byte count"));
    EXPECT_EQ(numparse::bytes(QStringLiteral("5BB")).error,
              QStringLiteral("'5BB' is not a byte count"));
    EXPECT_EQ(numparse::bytes(QStringLiteral("5XB")).error,
              QStringLiteral("'5XB' is not a byte count"));
    EXPECT_EQ(numparse::bytes(QStringLiteral("nan")).error,
              QStringLiteral("'nan' is not a number"));
    // Outside a byte count B still means billions (150B users).
    EXPECT_EQ(*numparse::number(QStringLiteral("512B")).value, 512e9);
}

TEST(ReliabilityNumparse, FractionsTakePercentages)
{
    EXPECT_EQ(*numparse::fraction(QStringLiteral("50%")).value, 0.5);
    EXPECT_EQ(*numparse::fraction(QStringLiteral(" 12.5 % ")).value, 0.125);
    EXPECT_EQ(*numparse::fraction(QStringLiteral("0.25")).value, 0.25);
    EXPECT_EQ(numparse::fraction(QStringLiteral("abc%")).error,
              QStringLiteral("'abc%' is not a percentage"));
}

TEST(ReliabilityFields, TinyPositiveValuesRefused)
{
    EXPECT_EQ(checkValue(fields::latencyMs, 1e-320),
              QStringLiteral("is too small: at least 1e-09, got ") + format::plainNumber(1e-320));
    EXPECT_EQ(checkValue(fields::latencyMs, 1e-10),
              QStringLiteral("is too small: at least 1e-09, got 1e-10"));
    EXPECT_FALSE(checkValue(fields::latencyMs, 1e-9));
    EXPECT_FALSE(checkValue(fields::coldStartSeconds, 0)); // fields that take 0 still take it
}

// ---------------------------------------------------------------------------------------------
// 6. Bounded fuzzing of every reader: a plan or a named error, never a crash.

TEST(ReliabilityFuzz, TaskCsvReaderNeverCrashes)
{
    const QByteArray seeds[] = {
        "name,optimistic,most_likely,pessimistic\nA,1,2,3\nB,4,6,12\n",
        "name,optimistic,most_likely,pessimistic,category,unit,depends_on\n"
        "Label,1,2,3,labeling,days,\nTrain,2,3,5,training,w,1\nShip,1,1,1,other,h,\"1;2\"\n",
        "\xEF\xBB\xBFname,optimistic,most_likely,pessimistic,depends_on\r\n\"a, b\",1,2,3,\r\n"
        "c,1,2,3,1\r\n\r\nd,1e3,2k,3M,2 3\r\n",
    };
    const char *fragments[] = {"\"",    ",",   "\n",  "\r\n", ";",           "-1",
                               "1e400", "nan", "inf", "0",    "99999999999", "\"\"",
                               "2;2;2", "3 1", "\\0", "%",    "labeling",    "weeks"};
    std::mt19937 rng(20261201);
    int read = 0;
    int refused = 0;
    for (int i = 0; i < 4000; ++i) {
        QByteArray bytes = seeds[rng() % std::size(seeds)];
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
                bytes.remove(at, static_cast<qsizetype>(rng() % 8));
                break;
            default: // many rows: the reader's work stays linear
                bytes.append(QByteArray("x,1,2,3\n").repeated(static_cast<qsizetype>(rng() % 50)));
            }
        }
        const estimate::CsvTasks csv = estimate::readTasksCsv(QString::fromUtf8(bytes));
        if (csv.errors.empty()) {
            ++read;
            EXPECT_FALSE(csv.tasks.empty());
            EXPECT_TRUE(estimate::validate(csv.tasks).empty());
        } else {
            ++refused;
            EXPECT_TRUE(csv.tasks.empty());
            for (const FieldError &error : csv.errors) {
                EXPECT_FALSE(error.field.isEmpty());
                EXPECT_FALSE(error.message.isEmpty());
            }
        }
    }
    EXPECT_GT(read, 100);
    EXPECT_GT(refused, 100);
}

TEST(ReliabilityFuzz, ScenarioLoaderHostileStructures)
{
    const QJsonObject root = QJsonDocument::fromJson(readPreset("nightly-scoring.json")).object();
    ASSERT_FALSE(root.isEmpty());
    std::vector<QJsonObject> roots;
    for (const char *name :
         {"feature-store-cap.json", "five-stage.json", "nightly-scoring.json",
          "pruned-accelerated.json", "seed001-pipeline.json", "training-schedules.json"})
        roots.push_back(QJsonDocument::fromJson(readPreset(name)).object());
    const QJsonValue hostile[] = {
        QJsonValue(1e308),
        QJsonValue(-1e308),
        QJsonValue(9007199254740993.0),
        QJsonValue(QStringLiteral("1e999")),
        QJsonValue(true),
        QJsonValue(QJsonValue::Null),
        QJsonValue(QJsonArray{1, 2, 3}),
        QJsonValue(QJsonObject{{QStringLiteral("x"), 1}}),
        QJsonValue(QString(10'000, QLatin1Char('x'))),
        QJsonValue(-0.0),
        QJsonValue(2147483648.0),
        QJsonValue(QJsonArray{1e300, -5, 0.5}),
    };
    // Every key path of the preset, each replaced by each hostile value.
    std::vector<std::pair<size_t, QStringList>> paths;
    size_t current = 0;
    auto walk = [&paths, &current](auto &&self, const QJsonValue &value, QStringList path) -> void {
        if (!path.isEmpty())
            paths.emplace_back(current, path);
        if (value.isObject()) {
            const QJsonObject object = value.toObject();
            for (auto it = object.begin(); it != object.end(); ++it)
                self(self, it.value(), path + QStringList{it.key()});
        }
    };
    for (current = 0; current < roots.size(); ++current)
        walk(walk, roots[current], {});
    auto replaced = [](QJsonObject object, const QStringList &path, qsizetype at,
                       const QJsonValue &value, auto &&self) -> QJsonObject {
        if (at + 1 == path.size()) {
            object.insert(path[at], value);
            return object;
        }
        object.insert(path[at], self(object.value(path[at]).toObject(), path, at + 1, value, self));
        return object;
    };
    int refused = 0;
    int cases = 0;
    for (const auto &[which, path] : paths) {
        for (const QJsonValue &value : hostile) {
            const QJsonObject mutated = replaced(roots[which], path, 0, value, replaced);
            const scenariofile::LoadResult result = scenariofile::fromJsonObject(mutated);
            ++cases;
            if (result.plan) {
                EXPECT_TRUE(validate(result.plan->scenario).empty());
                evaluate(result.plan->scenario);
            } else {
                ++refused;
                EXPECT_FALSE(result.error.field.isEmpty())
                    << path.join(QLatin1Char('.')).toStdString();
                EXPECT_FALSE(result.error.message.isEmpty());
            }
        }
    }
    EXPECT_GT(cases, 1500);
    EXPECT_GT(refused, cases / 2);

    // Deep nesting: a parse error, never a stack overflow.
    const QByteArray deep = QByteArray(100'000, '[') + QByteArray(100'000, ']');
    const scenariofile::LoadResult nested = scenariofile::fromJson(deep);
    EXPECT_FALSE(nested.plan);
    EXPECT_EQ(nested.error.field, QStringLiteral("(file)"));
    // depends_on far outside int: refused by number, not converted.
    QJsonObject task{{QStringLiteral("name"), QStringLiteral("a")},
                     {QStringLiteral("optimistic"), 1},
                     {QStringLiteral("most_likely"), 2},
                     {QStringLiteral("pessimistic"), 3},
                     {QStringLiteral("depends_on"), QJsonArray{1e300}}};
    QJsonObject project = root.value(QStringLiteral("project")).toObject();
    project.insert(QStringLiteral("tasks"), QJsonArray{task});
    QJsonObject withTask = root;
    withTask.insert(QStringLiteral("project"), project);
    const scenariofile::LoadResult far = scenariofile::fromJsonObject(withTask);
    EXPECT_FALSE(far.plan);
    EXPECT_EQ(far.error.toString(),
              QStringLiteral("project.tasks[0].depends_on[0]: must be a task number from 1 to 1"));
}
