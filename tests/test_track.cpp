// The track record (seed 003): the file and its importers, the calibration's statistics, its
// application to a plan, deadline and budget together, the review and the pre-run template.

#include "core/base/cost.h"
#include "core/base/deadline.h"
#include "core/base/random.h"
#include "core/model/uncertainty.h"
#include "core/plan/planresult.h"
#include "core/plan/prerun.h"
#include "core/plan/scenariofile.h"
#include "core/project/accuracy.h"
#include "core/track/calibration.h"
#include "core/track/record.h"
#include "core/track/tracktext.h"
#include "tests/support/presets.h"

#include <QFile>

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

using namespace pipeplan;

namespace {

/// Ratios of a lognormal law (median `median`, log sigma `sigma`), Box-Muller over xoshiro256++
/// so every platform draws the same.
std::vector<double> lognormalRatios(int count, double median, double sigma, std::uint64_t stream)
{
    random::Xoshiro256 rng(20'260'302, stream);
    std::vector<double> ratios;
    while (static_cast<int>(ratios.size()) < count) {
        const double u1 = std::max(rng.uniform(), 1e-300);
        const double u2 = rng.uniform();
        const double z = std::sqrt(-2 * std::log(u1)) * std::cos(2 * std::numbers::pi * u2);
        ratios.push_back(median * std::exp(sigma * z));
    }
    return ratios;
}

std::vector<track::Row> rowsOf(const std::vector<double> &ratios, const QString &kind)
{
    std::vector<track::Row> rows;
    for (size_t i = 0; i < ratios.size(); ++i) {
        track::Row row;
        row.name = QStringLiteral("job %1").arg(i);
        row.kind = kind;
        row.estimatedSeconds = 3600;
        row.actualSeconds = 3600 * ratios[i];
        rows.push_back(row);
    }
    return rows;
}

QString fixture(const char *name)
{
    QFile file(QStringLiteral(PIPEPLAN_SOURCE_DIR "/tests/data/track/") + QLatin1String(name));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << name;
    return QString::fromUtf8(file.readAll());
}

/// The seed 000 job with a calibration applied (and no range of its own).
Plan calibratedPlan(const track::Calibration &calibration)
{
    Plan plan;
    plan.scenario.track.apply = true;
    plan.scenario.track.calibration = calibration;
    return plan;
}

} // namespace

// The acceptance: 50 lognormal jobs (median 1.3, sigma 0.2) give a median ratio within
// 5 % of 1.3, and a 10-90 % interval that holds 80 +- 6 % of 4,000 fresh ratios of the same law.
TEST(TrackCalibration, FiftyLognormalJobsGiveTheBiasAndAnHonestInterval)
{
    // Stream 3: one fixed record. (Stream 1's record has a median 7.7 % low, a 2.2-sigma draw:
    // the replication test below shows how often a record of 50 meets the 5 %.)
    const std::vector<track::Row> rows =
        rowsOf(lognormalRatios(50, 1.3, 0.2, 3), QStringLiteral("train"));
    const track::Calibration c = track::calibrate(rows, std::nullopt);
    ASSERT_TRUE(c.calibrated());
    EXPECT_EQ(c.jobs, 50);
    EXPECT_NEAR(c.medianRatio / 1.3, 1.0, 0.05);
    const std::vector<double> fresh = lognormalRatios(4000, 1.3, 0.2, 4);
    const auto held = std::count_if(fresh.begin(), fresh.end(),
                                    [&c](double r) { return r >= c.ratioP10 && r <= c.ratioP90; });
    const double share = static_cast<double>(held) / 4000.0;
    EXPECT_NEAR(share, 0.80, 0.06) << c.ratioP10 << " .. " << c.ratioP90;
    // The interval is the Student-t predictive: median x exp(+-t_{49,0.9} s sqrt(1 + 1/50)).
    const double half = track::studentQuantile(0.9, 49) * c.logSd * std::sqrt(1 + 1.0 / 50);
    EXPECT_NEAR(c.ratioP90, c.medianRatio * std::exp(half), 1e-12);
    EXPECT_NEAR(c.ratioP10, c.medianRatio * std::exp(-half), 1e-12);
    EXPECT_NEAR(track::studentQuantile(0.9, 49), 1.2991, 1e-4); // tables of Student's t
}

// The same over 200 records of 50 (not one lucky seed): the interval holds 80 % of fresh ratios
// on average (79.6 %: centred on the median, whose own error the t's scale slightly
// understates), and most records' median ratio is within 5 % of the law's.
TEST(TrackCalibration, OverTwoHundredRecordsTheIntervalHoldsEightyPercent)
{
    int medianWithin = 0;
    double coverage = 0;
    for (std::uint64_t stream = 1; stream <= 400; stream += 2) {
        const track::Calibration c =
            track::calibrate(rowsOf(lognormalRatios(50, 1.3, 0.2, stream), {}), std::nullopt);
        const std::vector<double> fresh = lognormalRatios(4000, 1.3, 0.2, stream + 1);
        coverage += static_cast<double>(std::count_if(
                        fresh.begin(), fresh.end(),
                        [&c](double r) { return r >= c.ratioP10 && r <= c.ratioP90; })) /
                    4000.0 / 200.0;
        medianWithin += std::abs(c.medianRatio / 1.3 - 1) <= 0.05 ? 1 : 0;
    }
    EXPECT_NEAR(coverage, 0.80, 0.01);
    EXPECT_GE(medianWithin, 160); // 166 of 200; the sample median's sd is about 3.5 %
}

// A short record widens the interval honestly: 3 jobs of the same law give a wider one than 50.
TEST(TrackCalibration, ThreeJobsGiveAWiderIntervalThanFifty)
{
    const std::vector<double> ratios = lognormalRatios(50, 1.3, 0.2, 1);
    const track::Calibration fifty = track::calibrate(rowsOf(ratios, {}), std::nullopt);
    const track::Calibration three =
        track::calibrate(rowsOf({ratios.begin(), ratios.begin() + 3}, {}), std::nullopt);
    ASSERT_TRUE(three.calibrated());
    EXPECT_GT(three.ratioP90 / three.ratioP10, fifty.ratioP90 / fifty.ratioP10);
    // t_{2,0.9} = 1.8856 against t_{49,0.9} = 1.2991, and sqrt(4/3) against sqrt(51/50).
    EXPECT_NEAR(track::studentQuantile(0.9, 2), 1.8856, 1e-4);
}

// An empty or one-row record cannot calibrate, and applied it changes nothing.
TEST(TrackCalibration, EmptyOrOneRowCannotCalibrateAndChangesNothing)
{
    const track::Calibration none = track::calibrate({}, std::nullopt);
    EXPECT_FALSE(none.calibrated());
    EXPECT_EQ(none.status, track::Status::TooFewJobs);
    EXPECT_EQ(track::sentence(none),
              QStringLiteral("cannot calibrate: the track record has 0 jobs; at least 2 are "
                             "needed"));
    const track::Calibration one =
        track::calibrate(rowsOf({1.5}, QStringLiteral("embed")), QStringLiteral("embed"));
    EXPECT_FALSE(one.calibrated());
    EXPECT_EQ(one.jobs, 1);
    EXPECT_EQ(track::sentence(one),
              QStringLiteral("cannot calibrate: the track record has 1 job of kind embed; at "
                             "least 2 are needed"));
    for (const track::Calibration &c : {none, one}) {
        const Plan plan = calibratedPlan(c);
        EXPECT_FALSE(plan.scenario.track.inForce());
        const PlanResult with = evaluatePlan(plan);
        const PlanResult without = evaluatePlan(Plan{});
        EXPECT_FALSE(with.uncertainty.result.active);
        EXPECT_EQ(with.model.effectiveRuntimeSeconds, without.model.effectiveRuntimeSeconds);
        EXPECT_EQ(with.uncertainty.result, without.uncertainty.result);
    }
}

// A plan with no ranges and a calibration applied: its runtime P50 is the point runtime times
// the median ratio (within sampling error), and its cost and worker-hours become ranges.
TEST(TrackCalibration, AppliedToAPointPlanTheP50IsThePointTimesTheMedianRatio)
{
    const track::Calibration c = track::fromNumbers(QStringLiteral("batch"), 14, 1.31, 0.2, 0.22);
    ASSERT_TRUE(c.calibrated());
    const Plan plan = calibratedPlan(c);
    const PlanResult result = evaluatePlan(plan);
    const uncertainty::Result &spread = result.uncertainty.result;
    ASSERT_TRUE(spread.active);
    EXPECT_TRUE(spread.calibrated);
    const double point = result.model.effectiveRuntimeSeconds;
    EXPECT_NEAR(spread.runtimeSeconds.p50 / (point * 1.31), 1.0, 0.005);
    // The predictive's own 10-90 %: the runtime's P10 and P90 are the point times the ratio's.
    EXPECT_NEAR(spread.runtimeSeconds.p10 / (point * c.ratioP10), 1.0, 0.01);
    EXPECT_NEAR(spread.runtimeSeconds.p90 / (point * c.ratioP90), 1.0, 0.01);
    const double workers = plan.scenario.workload.workers;
    EXPECT_NEAR(spread.workerHours.p50, workers * spread.runtimeSeconds.p50 / 3600, 1e-6);
    EXPECT_GT(spread.cost.p90, spread.cost.p10);
    // Not applied: the plan is as it was.
    Plan off = plan;
    off.scenario.track.apply = false;
    EXPECT_FALSE(evaluatePlan(off).uncertainty.result.active);
}

// Deadline and budget together, on the same samples: the chance of both never exceeds the
// smaller single chance and equals a direct count.
TEST(TrackCalibration, ChanceOfBothIsCountedOnTheSameSamples)
{
    Plan plan = calibratedPlan(track::fromNumbers({}, 14, 1.31, 0.2, 0.22));
    Scenario &s = plan.scenario;
    ASSERT_TRUE(uncertainty::setRange(s, QStringLiteral("workload.latency_ms"),
                                      Range{Range::Kind::Interval, 800, 0, 1200})
                    .isEmpty());
    // A deadline and a budget near the middle, so that neither chance is 0 or 1.
    const double point = evaluatePlan(plan).model.effectiveRuntimeSeconds;
    s.goal.deadlineSeconds = point * 1.3;
    s.goal.budget = cost::ofJob(s.workload.workers, point * 1.4, s.goal.pricePerWorkerHour);
    const auto samples = uncertainty::draw(s);
    const uncertainty::Result result = uncertainty::evaluate(s, *samples);
    ASSERT_TRUE(result.pMeetDeadline && result.pMeetBudget && result.pMeetBoth);
    EXPECT_LE(*result.pMeetBoth, std::min(*result.pMeetDeadline, *result.pMeetBudget));
    EXPECT_GT(*result.pMeetBoth, 0.05);
    EXPECT_LT(*result.pMeetBoth, 0.95);
    std::vector<double> runtimes(static_cast<size_t>(samples->count));
    std::vector<double> prices(runtimes.size());
    uncertainty::sampleRuntimes(s, *samples, runtimes, prices);
    size_t both = 0;
    for (size_t i = 0; i < runtimes.size(); ++i)
        both += deadline::meets(runtimes[i], *s.goal.deadlineSeconds) &&
                        cost::ofJob(s.workload.workers, runtimes[i], prices[i]) <= *s.goal.budget
                    ? 1
                    : 0;
    EXPECT_DOUBLE_EQ(*result.pMeetBoth, static_cast<double>(both) / runtimes.size());
}

// The sentence the headline shows, from the numbers (the result stores none).
TEST(TrackCalibration, SentenceOfACalibration)
{
    EXPECT_EQ(track::sentence(track::fromNumbers(QStringLiteral("embed"), 14, 1.31, 0.2, 0.22)),
              QStringLiteral("calibrated on 14 past jobs of this kind: they ran 1.31x their "
                             "estimates, MdAPE 22 %"));
    EXPECT_EQ(track::sentence(track::fromNumbers({}, 2, 0.9, 0.1, 0.1)),
              QStringLiteral("calibrated on 2 past jobs: they ran 0.90x their estimates, MdAPE "
                             "10 %"));
}

// MdAPE by the Estimated vs actual log's own rule: |actual - estimate| / actual.
TEST(TrackCalibration, MdapeIsTheEstimatedVsActualLogsRule)
{
    std::vector<track::Row> rows = rowsOf({1.5, 0.8, 1.25}, {});
    const track::Calibration c = track::calibrate(rows, std::nullopt);
    // APEs: 0.5/1.5 = 0.3333, 0.2/0.8 = 0.25, 0.25/1.25 = 0.2; median 0.25.
    EXPECT_NEAR(c.mdape, 0.25, 1e-12);
    EXPECT_NEAR(c.medianRatio, 1.25, 1e-12);
}

// The file: PipePlan's header, a round trip, a malformed row named by its line and column.
TEST(TrackRecord, RoundTripsAndNamesAMalformedRowByLineAndColumn)
{
    std::vector<track::Row> rows = rowsOf({1.2, 0.9}, QStringLiteral("embed"));
    rows[0].actualGpuHours = 12.5;
    rows[0].requestedSeconds = 7200;
    rows[0].finishedOn = QDate(2026, 3, 2);
    rows[1].name = QStringLiteral("a \"quoted\", name");
    const QString text = track::write(rows);
    EXPECT_TRUE(text.startsWith(QStringLiteral(
        "name,kind,estimated_seconds,actual_seconds,estimated_gpu_hours,actual_gpu_hours,"
        "estimated_cost,actual_cost,requested_seconds,finished_on\r\n")));
    const track::ReadResult back = track::read(text);
    EXPECT_TRUE(back.error.isEmpty());
    EXPECT_TRUE(back.problems.empty());
    EXPECT_EQ(back.rows, rows);

    // Line 3 holds a name over two lines; line 5 a runtime that is not a number.
    const QString bad = QStringLiteral("name,kind,estimated_seconds,actual_seconds\n"
                                       "a,train,100,120\n"
                                       "\"two\nlines\",train,100,90\n"
                                       "c,train,100,soon\n"
                                       "d,train,100,130\n"
                                       "e,train,-5,130\n");
    const track::ReadResult read = track::read(bad);
    ASSERT_EQ(read.rows.size(), 3U);
    EXPECT_EQ(read.rows[1].name, QStringLiteral("two\nlines"));
    EXPECT_EQ(read.rows[2].name, QStringLiteral("d"));
    ASSERT_EQ(read.problems.size(), 2U);
    EXPECT_EQ(read.problems[0],
              (track::Problem{5, QStringLiteral("actual_seconds"),
                              QStringLiteral("must be a number above 0, got \"soon\"")}));
    EXPECT_EQ(read.problems[0].toString(),
              QStringLiteral("line 5, column actual_seconds: must be a number above 0, got "
                             "\"soon\""));
    EXPECT_EQ(read.problems[1].line, 7);
    EXPECT_EQ(read.problems[1].column, QStringLiteral("estimated_seconds"));

    // Without a required column nothing is read, and the message names it.
    const track::ReadResult missing =
        track::read(QStringLiteral("name,kind,estimated_seconds\na,b,1\n"));
    EXPECT_TRUE(missing.rows.empty());
    EXPECT_EQ(missing.error, QStringLiteral("the header has no column actual_seconds"));
}

// A spreadsheet with its own columns (hours), mapped by the person.
TEST(TrackRecord, ImportsASpreadsheetWithAColumnMapping)
{
    track::Columns columns;
    columns.name = QStringLiteral("Job");
    columns.estimatedSeconds = QStringLiteral("Estimate (h)");
    columns.actualSeconds = QStringLiteral("Actual (h)");
    columns.finishedOn = QStringLiteral("Done");
    columns.estimatedUnitSeconds = 3600;
    columns.actualUnitSeconds = 3600;
    columns.fixedKind = QStringLiteral("labeling");
    const track::ReadResult read =
        track::importTable(QStringLiteral("Job,Owner,Estimate (h),Actual (h),Done\r\n"
                                          "Pilot,ana,\"1,200\",1500,2026-02-27\r\n"
                                          "QA,ben,40,38.5,\r\n"),
                           columns);
    ASSERT_TRUE(read.problems.empty());
    ASSERT_EQ(read.rows.size(), 2U);
    EXPECT_EQ(read.rows[0].kind, QStringLiteral("labeling"));
    EXPECT_DOUBLE_EQ(read.rows[0].estimatedSeconds, 1200 * 3600.0);
    EXPECT_DOUBLE_EQ(read.rows[0].actualSeconds, 1500 * 3600.0);
    EXPECT_EQ(read.rows[0].finishedOn, QDate(2026, 2, 27));
    EXPECT_FALSE(read.rows[1].finishedOn);
}

// The window's import guesses a spreadsheet's columns from its header: names compared without
// case or punctuation, exact names before prefixes ("Actual GPU hours" is not the actual).
TEST(TrackRecord, GuessesASpreadsheetsColumnsFromItsHeader)
{
    const QStringList header =
        track::headerOf(QString::fromUtf8("\xEF\xBB\xBFJob, Owner,Estimate (h),Actual GPU "
                                          "hours,Actual (h),Done\r\nPilot,ana,2,1,3,\r\n"));
    EXPECT_EQ(header,
              (QStringList{QStringLiteral("Job"), QStringLiteral("Owner"),
                           QStringLiteral("Estimate (h)"), QStringLiteral("Actual GPU hours"),
                           QStringLiteral("Actual (h)"), QStringLiteral("Done")}));
    const track::Columns guess = track::guessColumns(header);
    EXPECT_EQ(guess.name, QStringLiteral("Job"));
    EXPECT_TRUE(guess.kind.isEmpty());
    EXPECT_EQ(guess.estimatedSeconds, QStringLiteral("Estimate (h)"));
    EXPECT_EQ(guess.actualSeconds, QStringLiteral("Actual (h)"));
    EXPECT_EQ(guess.actualGpuHours, QStringLiteral("Actual GPU hours"));
    EXPECT_EQ(guess.finishedOn, QStringLiteral("Done"));
    EXPECT_TRUE(guess.startedAt.isEmpty());
    // PipePlan's own header maps onto its own columns; an open quote has no header.
    EXPECT_EQ(track::guessColumns(track::header()), track::ownColumns());
    EXPECT_TRUE(track::headerOf(QStringLiteral("\"name,kind\n")).isEmpty());
    EXPECT_EQ(track::columnFields().size(), 12U);
}

// The units the CLI's --columns and --unit name and the window's pickers offer: a working day
// of 8 h and a week of 40 h, as the project's tasks count them.
TEST(TrackRecord, ImportUnitsAreTheProjectsWorkingUnits)
{
    EXPECT_EQ(track::importUnitSeconds(QStringLiteral("s")), 1.0);
    EXPECT_EQ(track::importUnitSeconds(QStringLiteral("min")), 60.0);
    EXPECT_EQ(track::importUnitSeconds(QStringLiteral("h")), 3600.0);
    EXPECT_EQ(track::importUnitSeconds(QStringLiteral("d")), 28'800.0);
    EXPECT_EQ(track::importUnitSeconds(QStringLiteral("w")), 144'000.0);
    EXPECT_EQ(track::importUnitSeconds(QStringLiteral(" H ")), 3600.0);
    EXPECT_EQ(track::importUnitSeconds(QStringLiteral("x")), std::nullopt);
    EXPECT_EQ(track::importUnitSeconds(QString()), std::nullopt);
    QStringList codes;
    for (const track::ImportUnit &unit : track::importUnits())
        codes << QLatin1String(unit.code);
    EXPECT_EQ(codes.join(QLatin1Char(',')), QStringLiteral("s,min,h,d,w"));
}

// --from's names are a contract of the command line; each source starts from its tracker's
// columns, a spreadsheet from the guess, the plan's log from none.
TEST(TrackRecord, ImportSourcesByNameAndTheirColumns)
{
    using track::ImportSource;
    EXPECT_EQ(track::importSourceFromName(QStringLiteral("mlflow")), ImportSource::Mlflow);
    EXPECT_EQ(track::importSourceFromName(QStringLiteral("wandb")), ImportSource::Wandb);
    EXPECT_EQ(track::importSourceFromName(QStringLiteral("csv")), ImportSource::Spreadsheet);
    EXPECT_EQ(track::importSourceFromName(QStringLiteral("pipeplan")), ImportSource::OwnHistory);
    EXPECT_EQ(track::importSourceFromName(QStringLiteral("plan")), ImportSource::ActualsLog);
    EXPECT_EQ(track::importSourceFromName(QStringLiteral(" MLflow ")), ImportSource::Mlflow);
    EXPECT_EQ(track::importSourceFromName(QStringLiteral("excel")), std::nullopt);
    EXPECT_EQ(track::importSourceFromName(QString()), std::nullopt);
    EXPECT_EQ(track::defaultColumns(ImportSource::Mlflow, {}), track::mlflowColumns());
    EXPECT_EQ(track::defaultColumns(ImportSource::Wandb, {}), track::wandbColumns());
    EXPECT_EQ(track::defaultColumns(ImportSource::OwnHistory, {}), track::ownColumns());
    const QStringList header{QStringLiteral("Job"), QStringLiteral("Estimate (h)")};
    EXPECT_EQ(track::defaultColumns(ImportSource::Spreadsheet, header),
              track::guessColumns(header));
    EXPECT_EQ(track::defaultColumns(ImportSource::Spreadsheet, {}), track::Columns{});
    EXPECT_EQ(track::defaultColumns(ImportSource::ActualsLog, header), std::nullopt);
}

// MLflow's run export (mlflow.search_runs(...).to_csv()): the actual from start and end, the
// run still running named by its line and column, the others kept.
TEST(TrackRecord, ImportsAnMlflowRunExport)
{
    const track::ReadResult read =
        track::importTable(fixture("mlflow-runs.csv"), track::mlflowColumns());
    ASSERT_TRUE(read.error.isEmpty()) << read.error.toStdString();
    ASSERT_EQ(read.rows.size(), 3U);
    EXPECT_EQ(read.rows[0].name, QStringLiteral("llama-ft-a"));
    EXPECT_EQ(read.rows[0].kind, QStringLiteral("fine-tune"));
    EXPECT_DOUBLE_EQ(read.rows[0].estimatedSeconds, 14400);
    EXPECT_DOUBLE_EQ(read.rows[0].actualSeconds, 17280); // 09:00 to 13:48
    EXPECT_EQ(read.rows[0].actualGpuHours, 38.4);
    EXPECT_EQ(read.rows[0].requestedSeconds, 21600);
    EXPECT_EQ(read.rows[0].finishedOn, QDate(2026, 3, 2));
    EXPECT_EQ(read.rows[2].kind, QStringLiteral("embed"));
    EXPECT_FALSE(read.rows[2].requestedSeconds);
    ASSERT_EQ(read.problems.size(), 1U);
    EXPECT_EQ(read.problems[0].line, 4);
    EXPECT_EQ(read.problems[0].column, QStringLiteral("end_time"));
    EXPECT_EQ(read.problems[0].message, QStringLiteral("is empty: the run has not finished"));
}

// W&B's runs table exported as CSV: Runtime in seconds, the finish date from Created + Runtime.
TEST(TrackRecord, ImportsAWandbRunExport)
{
    const track::ReadResult read =
        track::importTable(fixture("wandb-runs.csv"), track::wandbColumns());
    ASSERT_TRUE(read.error.isEmpty()) << read.error.toStdString();
    ASSERT_EQ(read.rows.size(), 3U);
    EXPECT_EQ(read.rows[0].name, QStringLiteral("proud-sun-12"));
    EXPECT_DOUBLE_EQ(read.rows[0].actualSeconds, 17280);
    EXPECT_DOUBLE_EQ(read.rows[1].estimatedSeconds, 7200);
    EXPECT_EQ(read.rows[1].actualGpuHours, 20);
    EXPECT_EQ(read.rows[1].finishedOn, QDate(2026, 3, 9));
    ASSERT_EQ(read.problems.size(), 1U);
    EXPECT_EQ(read.problems[0].toString(),
              QStringLiteral("line 4, column Runtime: must be a number above 0, got \"soon\""));
}

// PipePlan's own Estimated vs actual log becomes rows of a kind.
TEST(TrackRecord, ImportsTheEstimatedVsActualLog)
{
    const std::vector<track::Row> rows =
        track::fromActuals({{QStringLiteral("Labeling"), 500, 625}, {QStringLiteral("QA"), 40, 38}},
                           QStringLiteral("project"), 3600);
    ASSERT_EQ(rows.size(), 2U);
    EXPECT_EQ(rows[0].kind, QStringLiteral("project"));
    EXPECT_DOUBLE_EQ(rows[0].estimatedSeconds, 500 * 3600.0);
    EXPECT_DOUBLE_EQ(rows[0].actualSeconds, 625 * 3600.0);
}

// The weekly review and the monthly retrospective (seed 003).
TEST(TrackReview, OverrunsMonthlyMdapeTrendAndWastedGpuHours)
{
    std::vector<track::Row> rows = rowsOf({1.5, 1.1, 1.3, 1.25, 0.9, 1.05}, QStringLiteral("x"));
    const QDate days[] = {QDate(2026, 1, 5),  QDate(2026, 1, 20), QDate(2026, 2, 3),
                          QDate(2026, 2, 17), QDate(2026, 3, 2),  QDate(2026, 3, 30)};
    for (size_t i = 0; i < rows.size(); ++i)
        rows[i].finishedOn = days[i];
    rows[0].actualGpuHours = 40;         // 4 GPUs x 10 h
    rows[0].requestedSeconds = 5400 * 2; // booked 2x the 5,400 s it ran: 40 GPU-hours idle
    const std::vector<track::Overrun> over = track::overruns(rows);
    ASSERT_EQ(over.size(), 2U); // 1.5 and 1.3; 1.25 is exactly 25 %, not over
    EXPECT_EQ(over[0].name, QStringLiteral("job 0"));
    EXPECT_NEAR(over[0].ratio, 1.5, 1e-12);
    EXPECT_EQ(over[1].name, QStringLiteral("job 2"));

    const track::Retrospective retro = track::retrospective(rows);
    ASSERT_EQ(retro.months.size(), 3U);
    EXPECT_EQ(retro.months[0].month, QDate(2026, 1, 1));
    EXPECT_EQ(retro.months[0].jobs, 2);
    // January: APEs 0.5/1.5 and 0.1/1.1, median 0.21212; March: 0.1/0.9 and 0.05/1.05.
    EXPECT_NEAR(retro.months[0].mdape, (1.0 / 3 + 1.0 / 11) / 2, 1e-12);
    EXPECT_NEAR(retro.months[2].mdape, (1.0 / 9 + 1.0 / 21) / 2, 1e-12);
    ASSERT_TRUE(retro.mdapeSlopePerMonth);
    EXPECT_NEAR(*retro.mdapeSlopePerMonth, (retro.months[2].mdape - retro.months[0].mdape) / 2,
                1e-12);
    EXPECT_EQ(retro.trend, track::Trend::Improving);
    ASSERT_TRUE(retro.wastedGpuHours);
    EXPECT_NEAR(*retro.wastedGpuHours, 40, 1e-9);
    EXPECT_EQ(retro.wastedRows, 1);
}

// The plan file keeps the history, the kind and the calibration; a file without them opens.
TEST(TrackRecord, ThePlanFileKeepsTheHistoryAndTheKind)
{
    Plan plan = calibratedPlan(track::fromNumbers(QStringLiteral("embed"), 14, 1.31, 0.2, 0.22));
    plan.scenario.track.history = QStringLiteral("history/jobs.csv");
    plan.scenario.track.kind = QStringLiteral("embed");
    const QJsonObject object = scenariofile::toJsonObject(plan);
    const QJsonObject track = object.value(QStringLiteral("track")).toObject();
    EXPECT_EQ(track.value(QStringLiteral("history")).toString(),
              QStringLiteral("history/jobs.csv"));
    EXPECT_EQ(track.value(QStringLiteral("kind")).toString(), QStringLiteral("embed"));
    const scenariofile::LoadResult back = scenariofile::fromJson(scenariofile::toJson(plan));
    ASSERT_TRUE(back.plan) << back.error.toString().toStdString();
    EXPECT_EQ(back.plan->scenario.track, plan.scenario.track);
    // A plan without a track record writes no section, and an old file opens without one.
    EXPECT_FALSE(scenariofile::toJsonObject(Plan{}).contains(QStringLiteral("track")));
    const Plan old = testsupport::loadPreset(QStringLiteral("embedding-h100.json"));
    EXPECT_EQ(old.scenario.track, TrackSettings{});
    // A bad number is named by its path.
    QJsonObject root = object;
    QJsonObject t = track;
    QJsonObject c = t.value(QStringLiteral("calibration")).toObject();
    c.insert(QStringLiteral("median_ratio"), -1);
    t.insert(QStringLiteral("calibration"), c);
    root.insert(QStringLiteral("track"), t);
    const scenariofile::LoadResult refused = scenariofile::fromJsonObject(root);
    ASSERT_FALSE(refused.plan);
    EXPECT_EQ(refused.error.field, QStringLiteral("track.calibration.median_ratio"));
}

// The pre-run template of the embedding preset reads as a filled-in form: every field the plan
// knows is filled, the others are explicit blanks.
TEST(TrackPrerun, TheEmbeddingPresetsTemplateHasItsFieldsFilled)
{
    const Plan plan = testsupport::loadPreset(QStringLiteral("embedding-h100.json"));
    const PlanResult result = evaluatePlan(plan);
    const std::vector<prerun::Field> fields = prerun::fields(plan, result);
    const auto value = [&fields](const char *label) {
        for (const prerun::Field &f : fields)
            if (f.label == QLatin1String(label))
                return f.value;
        ADD_FAILURE() << label;
        return QString();
    };
    EXPECT_EQ(value("Model"), QStringLiteral("Llama 2 7B (512 tokens per item)"));
    EXPECT_EQ(value("Dataset size"), QStringLiteral("500,000,000 documents"));
    EXPECT_EQ(value("Batch size"), QStringLiteral("64"));
    EXPECT_EQ(value("Precision"), QStringLiteral("BF16 weights and activations"));
    EXPECT_TRUE(value("Throughput")
                    .endsWith(QStringLiteral(
                        "predictions/s over 100 workers, from the roofline of Llama 2 7B on H100 "
                        "SXM at batch 64")))
        << value("Throughput").toStdString();
    EXPECT_EQ(value("Total steps / items"), QStringLiteral("500,000,000 predictions"));
    EXPECT_TRUE(value("ETA").endsWith(QStringLiteral(" at 100 workers")));
    EXPECT_TRUE(value("Safety factor").startsWith(QStringLiteral("x1.5: request ")));
    EXPECT_EQ(value("Calibrated P90"), QStringLiteral("_to fill_ (no track record applied)"));
    EXPECT_EQ(value("Checkpoint interval"), QStringLiteral("_to fill_"));
    EXPECT_EQ(value("Resume plan"), QStringLiteral("_to fill_ (no checkpoints in the plan: a "
                                                   "failed attempt restarts its shard)"));
    // Seed 003's "run 1-2 steps": two batches on one worker at the plan's single-stream rate,
    // 7,703 documents/s over 100 workers being 77 per worker (1000 / 12.98 ms).
    EXPECT_NEAR(1000 / result.model.perUserMs, 77.03, 0.01);
    EXPECT_EQ(value("Canary plan"),
              QStringLiteral("2 batches of 64 (128 documents) on one worker: expect 1.66 seconds "
                             "at 77 documents/s; slower, re-estimate before the full run"));
    // A plan that checkpoints fills both the interval and the resume plan.
    Plan checkpointed = plan;
    checkpointed.scenario.simulation.checkpointSeconds = 1800;
    for (const prerun::Field &f : prerun::fields(checkpointed, evaluatePlan(checkpointed))) {
        if (f.label == QLatin1String("Checkpoint interval")) {
            EXPECT_EQ(f.value, QStringLiteral("every 30 minutes"));
        } else if (f.label == QLatin1String("Resume plan")) {
            EXPECT_EQ(f.value, QStringLiteral("resume from the last checkpoint: a failure loses "
                                              "at most 30 minutes of work"));
        }
    }
    const QString md = prerun::markdown(plan, result);
    EXPECT_TRUE(md.startsWith(QStringLiteral(
        "## Pre-run estimate: Embed 500M documents with a 7B model on H100s\n\n| Field | Value |\n"
        "|---|---|\n| Model | Llama 2 7B (512 tokens per item) |\n")))
        << md.toStdString();
    // Calibrated: the P90 is filled with the calibrated runtime and the sentence.
    Plan calibrated = plan;
    calibrated.scenario.track.apply = true;
    calibrated.scenario.track.calibration =
        track::fromNumbers(QStringLiteral("embed"), 14, 1.31, 0.2, 0.22);
    const QString p90 = [&] {
        for (const prerun::Field &f : prerun::fields(calibrated, evaluatePlan(calibrated)))
            if (f.label == QLatin1String("Calibrated P90"))
                return f.value;
        return QString();
    }();
    EXPECT_TRUE(p90.endsWith(QStringLiteral("(calibrated on 14 past jobs of this kind: they ran "
                                            "1.31x their estimates, MdAPE 22 %)")))
        << p90.toStdString();
}

// Record actual appends a row in the file's own column order and keeps every other line.
TEST(TrackText, AppendedKeepsTheFilesLinesAndColumns)
{
    track::Row row;
    row.name = QStringLiteral("nightly, v2");
    row.kind = QStringLiteral("embed");
    row.estimatedSeconds = 3600;
    row.actualSeconds = 4500;
    row.finishedOn = QDate(2026, 3, 2);
    const QString file = QStringLiteral("kind,name,actual_seconds,estimated_seconds,owner\n"
                                        "train,a,10,oops,ana");
    EXPECT_EQ(track::appended(file, row),
              file + QStringLiteral("\r\nembed,\"nightly, v2\",4500,3600,\r\n"));
    const track::ReadResult read = track::read(track::appended(file, row));
    ASSERT_EQ(read.rows.size(), 1U);
    EXPECT_EQ(read.rows[0].name, QStringLiteral("nightly, v2"));
    EXPECT_EQ(read.problems.size(), 1U); // the malformed line is still there, still named
    // A new file starts with PipePlan's header.
    EXPECT_TRUE(track::appended({}, row).startsWith(track::header().join(QLatin1Char(','))));
    EXPECT_EQ(track::read(track::appended({}, row)).rows, std::vector<track::Row>{row});
}

TEST(TrackText, TablesOfTheReviewAndTheMonths)
{
    std::vector<track::Row> rows = rowsOf({1.5, 1.1}, QStringLiteral("x"));
    rows[0].finishedOn = QDate(2026, 1, 5);
    rows[1].finishedOn = QDate(2026, 2, 5);
    const std::vector<QStringList> over = track::overrunRows(track::overruns(rows));
    ASSERT_EQ(over.size(), 2U);
    EXPECT_EQ(over[1], (QStringList{QStringLiteral("job 0"), QStringLiteral("x"),
                                    QStringLiteral("1.50x"), QStringLiteral("2026-01-05")}));
    const std::vector<QStringList> months = track::monthRows(track::retrospective(rows));
    ASSERT_EQ(months.size(), 3U);
    EXPECT_EQ(months[1], (QStringList{QStringLiteral("2026-01"), QStringLiteral("1"),
                                      QStringLiteral("33.3 %")}));
    EXPECT_EQ(track::intervalText(track::fromNumbers({}, 14, 1.31, 0.2, 0.22)),
              QStringLiteral("Next job's ratio, 10-90 %: 0.99x to 1.73x"));
}
