#pragma once

#include "core/model/uncertainty.h"
#include "core/plan/evaluation.h"
#include "core/plan/whatittakes.h"
#include "core/tail/tailbreakdown.h"

#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

/// The "how" behind each headline number: which formula produced it, with the scenario's own
/// values filled in. Shared by the window (hover and "how" lines), reports and the CLI.
namespace pipeplan::explain {

QString totalPredictions(const Scenario &scenario, const ScenarioResult &result);
QString perUserCost(const Scenario &scenario, const ScenarioResult &result);
QString runtime(const Scenario &scenario, const ScenarioResult &result);
QString throughput(const Scenario &scenario, const ScenarioResult &result);
/// "with overheads: cold start 30 s + max(compute 780 s, feature store 1,875 s) = ..."
QString overheads(const Scenario &scenario, const ScenarioResult &result);
/// The cap past the knee: "feature store caps throughput at 40,000 users/s: more workers do
/// nothing past 5,231", or that the serial part binds first; empty without a cap.
QString kneeText(const Scenario &scenario, const OverheadResult &overheads);
/// "Each worker scores 15,000 users in 5.56 hours; cold start is 0.1% of its time".
QString workerShareText(const Scenario &scenario, const OverheadResult &overheads);
QString speedup(const Scenario &scenario, const ScenarioResult &result);
QString bottleneck(const Scenario &scenario, const ScenarioResult &result);

/// The plan against its deadline in one sentence, as the headline, the report and `eval` give it:
/// "Misses the deadline of 30 minutes by 25.5 minutes. Fewest workers that meet it: 8,334 (naive),
/// 9,120 (with overheads)." or "Impossible within 30 minutes: the serial 2% alone takes 694.44
/// days." (the goal seek's closed forms, goalseek::naiveOption / overheadOption).
QString deadline(const DeadlineVerdict &verdict);
/// The verdict in a few words for a headline card: "5 minutes to spare", "late by 25.5 minutes",
/// "impossible".
QString deadlineShort(const DeadlineVerdict &verdict);
/// A runtime against a deadline for a table cell: "meets", or "late, ×2.4" (the runtime in
/// deadlines).
QString deadlineCell(double runtimeSeconds, double deadlineSeconds);
/// The fewest workers of one goal-seek option: "8,334", or "impossible: <reason>".
QString fewestWorkers(const goalseek::Option &option);

/// The headline as every front end shows it (window, CLI eval, report): one text per number.
struct Headline
{
    QString totalPredictions; ///< "3,000,000,000"
    QString runtime;          ///< "697.85 days"
    QString throughput;       ///< "2.49 users/s"
    QString speedup;          ///< "49.76× (50×)": S and the ceiling
    QString bottleneck;       ///< "score (20 s)"
};
Headline headline(const Scenario &scenario, const ScenarioResult &result);

/// Columns of the scaling table, shared by the window's table, CSV export, reports and the CLI.
enum class ScalingColumn
{
    Workers,
    LinearHours,
    LinearDays,
    AmdahlSpeedup,
    AmdahlHours,
    AmdahlDays,
    EffectiveHours, ///< with the scenario's overheads: shown only when they are on
    EffectiveDays
};
/// The columns always shown (the seed's table); the two overhead columns follow when on.
inline constexpr int kScalingColumnCount = 6;
inline constexpr int kScalingOverheadColumnCount = 2;
/// A cell's text: "1,000", "833.33", "49.76×"; hours and days with two decimals from a tenth of
/// the column's unit up, a shorter time in a unit of its own ("14.4 s", "3.33 min"; never
/// "< 0.01", never e-notation): format::timeInColumn.
QString scalingCell(const ScalingRow &row, ScalingColumn column);
QString scalingHeader(ScalingColumn column);
/// Hours as every hours cell shows them: two decimals, a shorter time in its own unit.
QString hoursCell(double hours);

/// The scaling table as the window and the report show it: the scenario's rows (its worker
/// counts) and, when its own worker count is not among them, a row of its own inserted in
/// order. `highlighted` is the row of the scenario's workers; `inserted` that row when it was
/// added (-1 when listed). `baseline` lines up row by row when `baselineRows` (the comparison's
/// rows at the scenario's counts), `baseline` and `baselineResult` are given, else it is empty.
struct ShownScaling
{
    std::vector<ScalingRow> rows;
    std::vector<ScalingRow> baseline;
    int highlighted = -1;
    int inserted = -1;
    bool operator==(const ShownScaling &) const = default;
};
ShownScaling shownScaling(const Scenario &scenario, const ScenarioResult &result,
                          const std::vector<ScalingRow> &baselineRows = {},
                          const Scenario *baseline = nullptr,
                          const ScenarioResult *baselineResult = nullptr);

/// Every input of the scenario as (label, value with its unit), in the order the window shows
/// them: what a report lists so a reader can check the numbers.
std::vector<std::pair<QString, QString>> inputRows(const Scenario &scenario);

/// The scaling table as text rows, header first (CSV export, reports): the window's cells, with
/// the runtime with overheads in hours and days when `withOverheads`.
std::vector<QStringList> scalingTableRows(const std::vector<ScalingRow> &rows,
                                          bool withOverheads = false);

/// The training schedules compared as text rows, header first: schedule, makespan, bubble
/// fraction, bubble ratio, peak microbatches in flight, ops (the window's table, CSV, report).
std::vector<QStringList> scheduleTableRows(const std::vector<schedule::Result> &schedules);

/// Where the time goes as text rows, header first ("Where the time goes", "P50", "P90"): the
/// start under `startLabel`, each step signed ("+30 seconds"), then "Simulated" with the
/// percentiles; every time with its unit (format::duration). The window, the report and the CLI.
std::vector<QStringList> breakdownRows(const tail::Breakdown &breakdown, const QString &startLabel);

/// The training settings as (label, value) rows with units, for the report.
std::vector<std::pair<QString, QString>> trainingRows(const TrainingSettings &training);

/// Display name of the bottleneck stage with its time per user, e.g. "score (20 s)"; empty
/// without stages.
QString bottleneckName(const Scenario &scenario, const ScenarioResult &result);

/// How one lever changed the runtime, as the waterfall shows it beside the new runtime: the
/// previous runtime over this one with three significant digits, "÷2", "÷100", "÷49.8" (seed
/// 000: 3e9 s, pre-filtering halves it, the accelerator is 100 times faster, 10,000 workers at
/// p = 0.98 give S = 1 / (0.02 + 0.98 / 10,000) = 49.76); "×1.3" when the step is slower;
/// "unchanged" when the lever is not used or the factor rounds to 1.
QString leverFactor(double beforeSeconds, double afterSeconds, bool applied);

/// leverFactor for every step of a waterfall, in order; the first step (the serial baseline,
/// where the story starts) has none: "".
QStringList leverFactors(const std::vector<LeverStep> &steps);

/// The lever that shrinks the runtime the most, by its factor: "Accelerator ÷100 (1,000 ms →
/// 10 ms/prediction)"; "none" when no lever shortens the job.
QString biggestLever(const std::vector<LeverStep> &steps);

/// The question the plan asks, in one sentence, for the report's summary: "How long does
/// scoring 150,000,000 users × 20 predictions take on 10,000 workers?" and, with "Finish within"
/// on, "… and can it finish within 1 hour?".
QString question(const Scenario &scenario, const ScenarioResult &result);

/// The runtime with its band from a fitted p's 95 % interval: "25 minutes, 95 %: 22 to 31
/// minutes" (the headline and the report, when the plan uses the fitted p).
QString runtimeBand(double runtimeSeconds, double lowSeconds, double highSeconds);

/// The fitted laws as text rows, header first: law, parameter, value, standard error, 95 %
/// interval; then RMSE and R² per law and the USL's peak (the Measured workspace, the report).
/// Throughputs in `unit` ("items/s", or "runs/s" for runtime runs).
std::vector<QStringList> fitRows(const fit::Result &result, const QString &unit);

/// The measured runs as text rows, header first: "Workers", then "Throughput (items/s)" or
/// "Runtime (s)".
std::vector<QStringList> runRows(const fit::Runs &runs);

/// What the goal seek plans for, with where it is set: "Fewest workers for the
/// deadline of 1 day set under Model > Goal." or, without one, "No deadline set: the fewest
/// workers need one." The Overheads & tail workspace and the report's goal seek section.
QString goalSeekDeadline(const GoalSettings &goal);

/// The goal seek's options as text rows, header first: model, fewest workers, finishes in, cost
/// at the price per worker-hour, why not. The window's table, the report and the CLI.
/// With `ranges`, two rows more: the fewest workers that meet the deadline at P50 and
/// at P90 over the plan's ranges, and that percentile's runtime there.
std::vector<QStringList> goalSeekRows(const goalseek::Result &result, const CostSummary &price,
                                      const uncertainty::Result *ranges = nullptr);
/// The price in force as a heading's words: "$6.88/worker-h (H100 SXM)", "$0.50/worker-h".
QString priceText(const CostSummary &price);

/// The runtime's spread over the plan's ranges: "P10 21.9 hours · P50 27.2 hours ·
/// P90 33.9 hours"; empty when no range is set. The headline, the report and the CLI.
QString runtimePercentiles(const uncertainty::Result &result);
/// The same for the cost: "P10 $5,470.31 · P50 ...".
QString costPercentiles(const uncertainty::Result &result);
/// "73 % to finish within 8 hours" (rounded to a whole percent, "< 1 %" and "> 99 %" at the
/// ends); empty without a deadline or a range.
/// The chance to meet the deadline over the ranges in percent, as text: "62", "< 1", "> 99".
QString chancePercent(const uncertainty::Result &result);
QString chanceToMeet(const uncertainty::Result &result);
/// The goal seek over the ranges in words: "P50 needs 102,057 workers, P90 119,509" (or that no
/// count does); empty without a deadline or a range.
QString fewestWorkersText(const uncertainty::Result &result);
/// Every range of the plan as typed, one row each, header first: input, range, median.
std::vector<QStringList> rangeRows(const Scenario &scenario);
/// What drives the spread, header first: input, its range as typed, its share of the spread,
/// and with a deadline the median it would need for the chosen percentile to meet it ("median
/// 612.4 ms", "not by this alone"). The window's sensitivity view, the report and the CLI.
std::vector<QStringList> driverRows(const uncertainty::Result &result);

/// "What it would take" as rows: a header, then per lever its name, "at most 380 ms"
/// or "at least 5,230 workers" (or "cannot alone"), the change ("1,000 → 380 ms, -62 %", or the
/// reason) and the runtime at that value. The window's table, the report and the CLI print these.
std::vector<QStringList> whatItTakesRows(const whatittakes::Result &result);
/// The table's title: "What it would take to finish within 8 hours: ..." or, met, the slack.
QString whatItTakesTitle(const whatittakes::Result &result);

/// A lever's value on the plane as a sentence names it: "1,200 workers", "keep fraction 0.55".
QString planeValueText(const whatittakes::PlaneAxis &axis, double value);
/// "1,200 workers and keep fraction 0.55: $34.20, runtime 7.9 hours".
QString planePointText(const whatittakes::Plane &plane, const whatittakes::PlanePoint &point);
/// What the plane's combinations must meet: "the deadline", "the budget" or "the deadline and
/// the budget".
QString planeTarget(const whatittakes::Plane &plane);
/// The plane in words: the levers and the target (the deadline, the budget or both), the plan,
/// the cheapest and the nearest combinations that meet it, the one the plane leads with first
/// (Plane::leadsWithNearest) and why the cheapest does not lead, or why there is no plane.
QStringList planeLines(const whatittakes::Plane &plane);

} // namespace pipeplan::explain
