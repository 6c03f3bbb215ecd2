#pragma once

#include "core/model/scenario.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

/// What each lever must reach: with a deadline, for every lever the plan has, the
/// value that alone brings the job's runtime within it, everything else as it is, or why no
/// value of that lever can.
namespace pipeplan::whatittakes {

/// One lever's answer.
struct Row
{
    QString lever; ///< "Latency per prediction"
    QString key;   ///< the scenario-file key: "workload.latency_ms", "stages[2].ms_per_user"
    QString unit;  ///< "ms", "workers", "" for a fraction
    /// The field's precision in the window: `needed` is a whole multiple of 10^-decimals.
    int decimals = 0;
    double current = 0;
    /// The value that alone meets the deadline and is the nearest to failing: one step of the
    /// field's precision toward the current value (or past it) misses. Unset: cannot alone.
    std::optional<double> needed;
    /// Larger values help (the workers, p, a cap): `needed` is the least that meets; else the
    /// most that meets.
    bool atLeast = false;
    QString neededText; ///< "380 ms", "5,230 workers", "0.9922": as the field shows it
    double change = 0;  ///< needed / current - 1 (0 without a needed value)
    QString changeText; ///< "1,000 → 380 ms, −62 %"
    bool possible = false;
    /// Why it cannot alone, in the goal seek's words; where the field's grid ends short of
    /// its bound (a keep fraction at 0.001), that step and the finer value that would meet.
    QString reason;
    double runtimeSeconds = 0; ///< the job's runtime at `needed` (or with `choice`)
    /// A lever chosen from a list, not typed (the device): the choice that alone meets the
    /// deadline, as --set takes it ("L4"); `needed` stays unset.
    QString choice;
    double cost = 0; ///< with a choice: the job's cost then (workers x runtime x its price)
    bool operator==(const Row &) const = default;
};

struct Result
{
    bool active = false;     ///< a deadline (Finish within) or a budget is set
    bool deadlineOn = false; ///< Finish within: the runtime must be within deadlineSeconds
    double deadlineSeconds = 0;
    std::optional<double> budget; ///< the cost must be within it, when set
    QString currency;
    double runtimeSeconds = 0; ///< the plan's effective runtime now
    double costNow = 0;        ///< what the plan costs now (workers x runtime x price)
    bool meetsNow = false;     ///< in time and within the budget
    std::vector<Row> rows;
    bool operator==(const Result &) const = default;
};

/// One axis of the two-lever plane: the lever, its value now and the span drawn.
struct PlaneAxis
{
    QString lever; ///< "Workers"
    QString key;   ///< "workload.workers"
    QString unit;
    int decimals = 0;
    double current = 0;
    double low = 0;  ///< the span drawn and searched, on the field's grid
    double high = 0; ///< the span drawn and searched, on the field's grid
    /// The span is the field's own limits (a fraction: the keep fraction 0.001 to 1, p 0 to 1);
    /// else the practical range around the plan (plane()).
    bool fieldLimits = false;
    bool logScale = false;
    bool upHelps = false; ///< a larger value shortens the job
    /// The labelled ticks within [low, high], at least 3: decades on a log axis when it spans
    /// three, else 1-2-5 steps; 1, 2 or 5 times a power of ten on a linear one, at most 6.
    std::vector<double> ticks;
    QStringList tickTexts; ///< "0.001", "5,000", "0.90": one per tick, as the axis labels them
    bool operator==(const PlaneAxis &) const = default;
};

/// A combination of the two levers, the job's runtime there and what it costs.
struct PlanePoint
{
    double x = 0;
    double y = 0;
    double runtimeSeconds = 0;
    double cost = 0; ///< workers x runtime in hours x the price per worker-hour in force
    bool operator==(const PlanePoint &) const = default;
};

/// Which meeting point the plane leads with, and why (Plane::leadsWithNearest).
enum class PlaneLead
{
    Cheapest,      ///< no smallest move (the plan meets, or nothing does): the cheapest, if any
    CostSeparates, ///< the cheapest costs clearly less than the smallest move: it leads
    /// The smallest move costs within kCostTieRelative of the cheapest: cost does not separate
    /// them (p = 1 makes the cost of every worker count the same), so the smallest move leads.
    CostTies,
    /// The cheapest sits at an end of an axis (Plane::endKey) with the cost still falling
    /// there: the end, not the plan, decides it (the model puts no price on scoring fewer users,
    /// so the least keep fraction is always cheapest); the smallest move leads.
    CheapestAtEnd,
};

/// Costs within this share of each other do not separate two combinations: 1 %, below what the
/// plan's estimated inputs (a price, a latency) resolve.
inline constexpr double kCostTieRelative = 0.01;

/// The cheapest combination of two levers the person picks: over a grid of the
/// first lever's values, the second's value that just meets the target (the boundary of the
/// feasible region), and the cheapest and the nearest meeting points. The target is the lever
/// table's: the deadline when Finish within is on, the budget when set, or both.
struct Plane
{
    bool active = false;
    QString reason; ///< why there is no plane: no target, or a lever the plan does not have
    PlaneAxis x;
    PlaneAxis y;
    std::vector<double> xs; ///< the first lever's sampled values, ascending, on its grid
    /// For each xs, the second lever's value on its grid nearest to missing that still meets
    /// (with everything else as it is); unset where no value within [y.low, y.high] meets.
    /// The region that meets lies above it when y.upHelps, else below it, up to `farEdge`.
    std::vector<std::optional<double>> boundary;
    /// For each xs, the other end of the meeting span from the boundary: the axis's end in the
    /// helping direction, or before it where the budget stops more workers (workers up, with a
    /// deadline and a budget: the fewest in time up to the most the budget allows).
    std::vector<std::optional<double>> farEdge;
    PlanePoint plan;
    bool meetsNow = false;   ///< in time and within the budget
    bool deadlineOn = false; ///< Finish within: the runtime must be within deadlineSeconds
    double deadlineSeconds = 0;
    std::optional<double> budget; ///< the cost must be within it, when set
    QString currency;
    double pricePerWorkerHour = 0;
    /// The meeting point of the plane with the least cost (ties: the faster); unset when none
    /// meets.
    std::optional<PlanePoint> cheapest;
    /// The meeting point nearest the plan, each axis measured across its span (log where the
    /// axis is): the smallest move of the two together. Unset when the plan meets or none does.
    std::optional<PlanePoint> nearest;
    /// The view, the report and the CLI lead with the nearest (its sentence first, its marker
    /// emphasised) when cost does not separate it from the cheapest or the cheapest is an
    /// axis's end (leadReason); else with the cheapest.
    bool leadsWithNearest = false;
    PlaneLead leadReason = PlaneLead::Cheapest;
    /// With CheapestAtEnd: the key of the lever (x.key or y.key) whose end the cheapest sits at.
    QString endKey;
    bool operator==(const Plane &) const = default;
};

/// The two-lever plane of `inForce` for levers `keyX` and `keyY` (scenario-file keys), for the
/// target whatItTakes answers for (the deadline, the budget or both). A fraction's axis (the
/// keep fraction, p) spans its field's own limits; any other spans the practical range the plan
/// states: its value now and its single-lever answer in `single` (whatItTakes), a factor of three
/// beyond (log), or a factor of thirty on without an answer. The first lever's values: 48 across
/// the span, 24 more across the practical range on a fraction's axis; the second's boundary by
/// bisection on its grid, every point checked with effectiveRuntimeSeconds.
/// Cost = workers x runtime / 3,600 x inForce's price per worker-hour, as the lever table's; the
/// cheapest and the nearest points meet the whole target. It leads with the nearest when the
/// two cost within kCostTieRelative of each other, or when the cheapest is an axis's end with
/// the cost still falling one grid step inward.
Plane plane(const Scenario &inForce, bool deviceSetsLatency, const QString &keyX,
            const QString &keyY, const Result &single);

/// Every lever of `inForce` (the plan as the model evaluates it, scenarioInForce): the workers,
/// the parallel fraction, the latency per prediction (or the accelerator's, or the batched time
/// per user, whichever is in force; none when a device sets it), the keep fraction, each
/// non-scoring stage's time and each overhead that is set. The workers by Amdahl's inverse with
/// the overheads (goalseek's closed form), p by its own inverse, p >= (1 - F / W') / (1 - 1/N)
/// with F the deadline less the cold start, the others by bisection over the field's grid; each
/// answer checked on the grid with effectiveRuntimeSeconds, so applying it meets the deadline
/// and one step of the field's precision back does not.
/// With `typed` (the plan as typed) whose hardware is on, a last row for the device: of the
/// plan's devices (the catalogue's and its own) whose roofline latency alone meets the deadline
/// at the plan's workers, the cheapest (workers x runtime x its price per hour), or why none
/// does (the fastest's runtime).
Result whatItTakes(const Scenario &inForce, bool deviceSetsLatency,
                   const Scenario *typed = nullptr);

/// The parallel fraction that brings W' x ((1 - p) + p / N) to `freeSeconds`: Amdahl's law
/// solved for p, (1 - F / W') / (1 - 1/N); nothing when N = 1 or it is above 1.
std::optional<double> parallelFractionNeeded(double workSeconds, double workers,
                                             double freeSeconds);

/// Sets lever `key` of the typed scenario to `value` (the window's Apply, `--set`): false when
/// the scenario has no such lever.
bool apply(Scenario &typed, const QString &key, double value);

/// Sets `row`'s answer in the typed scenario: its needed value, or its choice (the device).
/// False when the row has none, or it is what the plan has already.
bool apply(Scenario &typed, const Row &row);

/// The typed value of lever `key` (nothing when the plan has no such lever).
std::optional<double> valueOf(const Scenario &typed, const QString &key);

} // namespace pipeplan::whatittakes
