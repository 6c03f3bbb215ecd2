// The headline's answer (issue 52): one sentence against the plan's goal and at most four
// numbers, rounded to what a decision needs, from the plan's one result. The window, the
// report's first page and `eval` all read summary::jobAnswer, so these are their numbers.
#include "core/base/format.h"
#include "core/plan/explain.h"
#include "core/plan/planresult.h"
#include "core/plan/scenariofile.h"
#include "core/plan/summary.h"

#include <QFile>
#include <QJsonObject>
#include <QLocale>

#include <gtest/gtest.h>

#include <algorithm>

using namespace pipeplan;

namespace {

Plan loadPreset(const QString &name, const std::vector<std::pair<QString, QString>> &sets = {})
{
    QFile file(QStringLiteral(PIPEPLAN_PRESETS_DIR "/") + name);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << name.toStdString();
    const scenariofile::LoadResult preset = scenariofile::fromJson(file.readAll());
    EXPECT_TRUE(preset.plan) << name.toStdString();
    // The edits as --set makes them, on the file's form of the plan.
    QJsonObject root = scenariofile::toJsonObject(preset.plan.value_or(Plan{}));
    for (const auto &[path, value] : sets)
        EXPECT_FALSE(scenariofile::setValue(root, path, value)) << path.toStdString();
    const scenariofile::LoadResult loaded = scenariofile::fromJsonObject(root);
    EXPECT_TRUE(loaded.plan) << name.toStdString();
    return loaded.plan.value_or(Plan{});
}

summary::JobAnswer answerOf(const Plan &plan)
{
    return summary::jobAnswer(evaluatePlan(plan));
}

std::vector<QString> keysOf(const summary::JobAnswer &answer)
{
    std::vector<QString> keys;
    for (const summary::AnswerNumber &number : answer.numbers)
        keys.push_back(number.key);
    return keys;
}

/// The figures among the numbers: every one but what binds, which is a name.
int figuresOf(const summary::JobAnswer &answer)
{
    return static_cast<int>(std::count_if(
        answer.numbers.begin(), answer.numbers.end(),
        [](const summary::AnswerNumber &n) { return n.key != QLatin1String("binds"); }));
}

} // namespace

TEST(RoundedFormat, ThreeSignificantFiguresForDecisions)
{
    EXPECT_EQ(format::significant(697.85, 3), QStringLiteral("698"));
    EXPECT_EQ(format::significant(83.3333, 3), QStringLiteral("83.3"));
    EXPECT_EQ(format::significant(0.027346, 3), QStringLiteral("0.0273"));
    EXPECT_EQ(format::significant(18055, 3), QStringLiteral("18,100"));
    EXPECT_EQ(format::significant(-2.4749, 3), QStringLiteral("-2.47"));
    // Seed 000 at 10,000 workers, p = 0.98: 697.85 days, exact in duration(), rounded here.
    const double seconds = 697.85 * 86'400;
    EXPECT_EQ(format::duration(seconds), QStringLiteral("697.85 days"));
    EXPECT_EQ(format::roundedDuration(seconds), QStringLiteral("698 days"));
    EXPECT_EQ(format::roundedDuration(95.06 * 365.25 * 86'400), QStringLiteral("95.1 years"));
    EXPECT_EQ(format::roundedDuration(16.6667 * 3600), QStringLiteral("16.7 hours"));
    EXPECT_EQ(format::roundedDuration(83.333 * 3600), QStringLiteral("3.47 days"));
    EXPECT_EQ(format::roundedDuration(25 * 60), QStringLiteral("25 minutes"));
    EXPECT_EQ(format::roundedDuration(1), QStringLiteral("1 second"));
    EXPECT_EQ(format::roundedMoney(83'741'666.67, QStringLiteral("USD")), QStringLiteral("$83.7M"));
    EXPECT_EQ(format::roundedMoney(1'234'567'890, QStringLiteral("EUR")), QStringLiteral("€1.23B"));
    EXPECT_EQ(format::roundedMoney(70'064'545.93, QStringLiteral("USD")), QStringLiteral("$70.1M"));
    EXPECT_EQ(format::roundedMoney(18'055.56, QStringLiteral("CHF")), QStringLiteral("CHF 18,100"));
    EXPECT_EQ(format::roundedMoney(2.78, QStringLiteral("USD")), QStringLiteral("$2.78"));
}

TEST(JobAnswer, SeedZeroAgainstADayIsTheSerialPart)
{
    // Seed 000: 3e9 predictions at 1 s is W' = 95.06 years; its serial 2 % alone is 694.4
    // days, so no worker count meets 24 hours.
    const summary::JobAnswer answer =
        answerOf(loadPreset(QStringLiteral("nightly-scoring.json"),
                            {{QStringLiteral("goal.deadline_s"), QStringLiteral("86400")}}));
    EXPECT_EQ(answer.sentence, QStringLiteral("Misses 24 hours by 697 days: the serial 2 % alone "
                                              "takes 694 days; workers cannot fix it."));
    EXPECT_EQ(answer.binding, summary::Binding::SerialPart);
    ASSERT_EQ(keysOf(answer),
              (std::vector<QString>{QStringLiteral("runtime"), QStringLiteral("cost"),
                                    QStringLiteral("margin"), QStringLiteral("binds")}));
    EXPECT_EQ(answer.numbers[0].caption, QStringLiteral("Runtime at 10,000 workers"));
    EXPECT_EQ(answer.numbers[0].value, QStringLiteral("698 days"));
    EXPECT_TRUE(answer.numbers[0].exact.startsWith(QStringLiteral("697.85 days")));
    EXPECT_EQ(answer.numbers[1].value, QStringLiteral("$83.7M"));
    EXPECT_EQ(answer.numbers[2].caption, QStringLiteral("Margin to 24 hours"));
    EXPECT_EQ(answer.numbers[2].value, QStringLiteral("\u2212697 days"));
    EXPECT_EQ(answer.numbers[2].tone, summary::AnswerNumber::Tone::Bad);
    EXPECT_EQ(answer.numbers[3].value, QStringLiteral("Serial part"));
    EXPECT_FALSE(answer.fewestWorkers.has_value());
}

TEST(JobAnswer, WithoutADeadlineItSaysTheRuntimeAndWhatBinds)
{
    const summary::JobAnswer answer = answerOf(loadPreset(QStringLiteral("nightly-scoring.json")));
    EXPECT_EQ(answer.sentence, QStringLiteral("Takes 698 days at 10,000 workers: the serial 2 % "
                                              "alone takes 694 days, so more workers barely "
                                              "help."));
    EXPECT_EQ(keysOf(answer),
              (std::vector<QString>{QStringLiteral("runtime"), QStringLiteral("cost"),
                                    QStringLiteral("binds")}));
}

TEST(JobAnswer, AMissWorkersCanFixNamesTheFewestAndTheApplyUsesThem)
{
    // p = 1 at 10,000 workers: 3.47 days, linear in N, so 34,723 workers meet 24 hours
    // (ceil(3e9 s / 86,400 s)).
    const Plan plan =
        loadPreset(QStringLiteral("nightly-scoring.json"),
                   {{QStringLiteral("goal.deadline_s"), QStringLiteral("86400")},
                    {QStringLiteral("workload.parallel_fraction"), QStringLiteral("1")}});
    const PlanResult result = evaluatePlan(plan);
    const summary::JobAnswer answer = summary::jobAnswer(result);
    ASSERT_TRUE(answer.fewestWorkers.has_value());
    EXPECT_EQ(*answer.fewestWorkers, 34'723);
    EXPECT_EQ(answer.sentence,
              QStringLiteral("Misses 24 hours by 59.3 hours: 34,723 workers would meet it."));
    EXPECT_EQ(answer.binding, summary::Binding::Workers);
    // The same count as the verdict's with the overheads.
    ASSERT_TRUE(result.model.deadline);
    EXPECT_EQ(result.model.deadline->withOverheads.workers, answer.fewestWorkers);
}

TEST(JobAnswer, AMetDeadlineSaysTheMarginToSpare)
{
    const summary::JobAnswer answer =
        answerOf(loadPreset(QStringLiteral("nightly-scoring.json"),
                            {{QStringLiteral("goal.deadline_s"), QStringLiteral("86400")},
                             {QStringLiteral("workload.parallel_fraction"), QStringLiteral("1")},
                             {QStringLiteral("workload.workers"), QStringLiteral("50000")}}));
    // 3e9 s / 50,000 = 16.67 hours: 7.33 hours to spare.
    EXPECT_EQ(answer.sentence,
              QStringLiteral("Meets 24 hours with 7.33 hours to spare at 50,000 workers."));
    const auto margin =
        std::find_if(answer.numbers.begin(), answer.numbers.end(),
                     [](const auto &n) { return n.key == QLatin1String("margin"); });
    ASSERT_NE(margin, answer.numbers.end());
    EXPECT_EQ(margin->value, QStringLiteral("+7.33 hours"));
    EXPECT_EQ(margin->tone, summary::AnswerNumber::Tone::Good);
}

TEST(JobAnswer, SeedOneIsItsSlowestStageAndItsPipeline)
{
    const Plan plan = loadPreset(QStringLiteral("seed001-pipeline.json"));
    const PlanResult result = evaluatePlan(plan);
    const summary::JobAnswer answer = summary::jobAnswer(result);
    EXPECT_EQ(answer.sentence, QStringLiteral("Takes 5.56 hours at 1 worker; the score stage sets "
                                              "the pace at 20 ms per user."));
    EXPECT_EQ(answer.binding, summary::Binding::Stage);
    // Seed 001: (4 − 1) / (8 + 4 − 1) = 0.273; 20 ms sets 50/s; four 12.5 ms stages run 80/s.
    EXPECT_EQ(summary::pipelineAnswer(result.inForce, result.model),
              QStringLiteral("Bubble 0.273 (27.3 %) at 8 microbatches; the score stage (20 ms) "
                             "sets 50 users/s; balanced into 4 stages of 12.5 ms, 80 users/s."));
    EXPECT_TRUE(
        summary::pipelineAnswer(
            evaluatePlan(loadPreset(QStringLiteral("nightly-scoring.json"))).inForce, result.model)
            .isEmpty());
}

TEST(JobAnswer, ADeadlineRangesAndADeviceShowAtMostFourFiguresAndOneP50)
{
    const Plan plan =
        loadPreset(QStringLiteral("embedding-h100.json"),
                   {{QStringLiteral("goal.deadline_s"), QStringLiteral("86400")},
                    {QStringLiteral("workload.parallel_fraction"), QStringLiteral("0.97..0.99")}});
    const PlanResult result = evaluatePlan(plan);
    ASSERT_TRUE(result.uncertainty.result.active);
    ASSERT_TRUE(result.hardware.current.inForce);
    const summary::JobAnswer answer = summary::jobAnswer(result);
    EXPECT_LE(figuresOf(answer), 4);
    EXPECT_EQ(keysOf(answer),
              (std::vector<QString>{QStringLiteral("runtime"), QStringLiteral("runtime_p90"),
                                    QStringLiteral("cost"), QStringLiteral("margin"),
                                    QStringLiteral("binds")}));
    // The runtime is the P50 over the ranges, to three figures, and the margin is against it.
    EXPECT_TRUE(answer.overRanges);
    EXPECT_EQ(answer.runtimeSeconds, result.uncertainty.result.runtimeSeconds.p50);
    EXPECT_EQ(answer.numbers[0].value,
              format::roundedDuration(result.uncertainty.result.runtimeSeconds.p50));
    EXPECT_EQ(answer.numbers[1].value,
              format::roundedDuration(result.uncertainty.result.runtimeSeconds.p90));
    EXPECT_EQ(answer.numbers[2].value, format::roundedMoney(result.uncertainty.result.cost.p50,
                                                            result.uncertainty.result.currency));
    // Show how names the closed form and the P50 over the ranges, and which the headline uses.
    const QString compared = summary::runtimesCompared(result);
    EXPECT_TRUE(compared.contains(format::duration(result.model.effectiveRuntimeSeconds)));
    EXPECT_TRUE(compared.contains(format::duration(result.uncertainty.result.runtimeSeconds.p50)));
    EXPECT_TRUE(compared.contains(QStringLiteral("The headline shows this one")));
}

TEST(JobAnswer, ShowHowWritesAmdahlsTermsSoSeedZerosFortyEightReadsAsASlip)
{
    // Seed 000 writes 1 / (0.02 + 0.00098) ≈ 48x; p / N is 0.98 / 10,000 = 0.000098, so S is
    // 49.76x. Show how writes both terms out, where the difference can be seen.
    const Plan plan = loadPreset(QStringLiteral("nightly-scoring.json"));
    const PlanResult result = evaluatePlan(plan);
    EXPECT_EQ(explain::speedup(result.inForce, result.model),
              QStringLiteral("S = 1 / ((1 − 0.98) + 0.98 / 10,000) = 1 / (0.02 + 0.000098) = "
                             "49.76×; ceiling 1 / (1 − 0.98) = 50×. Seed 000's ≈ 48× takes "
                             "0.98 / 10,000 as 0.00098 (1 / 0.02098 = 47.66×); it is 0.000098"));
}

// Issue 52: the Project estimates headline is one sentence and at most four numbers, like the
// job's: the P50 and P90 finish, the P90 with the buffers and the task that moves it most. The
// P80 and the buffered P50 and P80 (six numbers before) are Show how's.
TEST(ProjectHeadline, TheDefaultPlanFinishesAtP50AndP90AndNamesWhatDrivesIt)
{
    const Plan plan;
    PlanResult result = evaluatePlan(plan);
    EXPECT_EQ(summary::projectHeadline(plan.scenario, result).sentence,
              QStringLiteral("The Monte Carlo of 100,000 trials is running."));
    EXPECT_TRUE(summary::projectHeadline(plan.scenario, result).numbers.empty());
    completeBackground(result, plan, Background::MonteCarlo);
    result.projectCharts =
        projectCharts(plan.scenario.project, result.project, result.monteCarlo.ready());
    const summary::ProjectHeadline headline = summary::projectHeadline(plan.scenario, result);
    EXPECT_EQ(headline.sentence,
              QStringLiteral("Finishes in 18 weeks (P50), 19.4 weeks at P90 and 26 weeks with the "
                             "buffers; Data collection & labeling moves it most."));
    ASSERT_EQ(headline.numbers.size(), 4u);
    const QString keys[] = {QStringLiteral("p50"), QStringLiteral("p90"),
                            QStringLiteral("p90_buffered"), QStringLiteral("drives")};
    const QString captions[] = {QStringLiteral("P50 finish"), QStringLiteral("P90 finish"),
                                QStringLiteral("P90 with buffers"),
                                QStringLiteral("What drives it")};
    const QString values[] = {QStringLiteral("18 weeks"), QStringLiteral("19.4 weeks"),
                              QStringLiteral("26 weeks"),
                              QStringLiteral("Data collection & labeling")};
    for (size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(headline.numbers[i].key, keys[i]) << i;
        EXPECT_EQ(headline.numbers[i].caption, captions[i]) << i;
        EXPECT_EQ(headline.numbers[i].value, values[i]) << i;
    }
    // The exact figure and what it means in the tooltip.
    EXPECT_TRUE(headline.numbers[1].exact.endsWith(
        QStringLiteral("90 % of 100,000 Monte Carlo trials finish within it.")))
        << headline.numbers[1].exact.toStdString();

    // With a start date the finishes are dates, the result's.
    Plan dated;
    dated.scenario.project.startDate = QDate(2027, 1, 4);
    PlanResult datedResult = evaluatePlan(dated);
    completeBackground(datedResult, dated, Background::MonteCarlo);
    datedResult.projectCharts =
        projectCharts(dated.scenario.project, datedResult.project, datedResult.monteCarlo.ready());
    ASSERT_TRUE(datedResult.projectCharts.dates.has_value());
    const summary::ProjectHeadline onDates = summary::projectHeadline(dated.scenario, datedResult);
    ASSERT_EQ(onDates.numbers.size(), 4u);
    EXPECT_EQ(onDates.numbers[0].value,
              QLocale(QLocale::English)
                  .toString(datedResult.projectCharts.dates->monteCarlo.p50,
                            QStringLiteral("d MMM yyyy")));
    EXPECT_TRUE(
        onDates.sentence.startsWith(QStringLiteral("Finishes by ") + onDates.numbers[0].value))
        << onDates.sentence.toStdString();
}
