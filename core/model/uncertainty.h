#pragma once

#include "core/base/fields.h"
#include "core/model/fieldregistry.h"
#include "core/model/range.h"
#include "core/model/scenario.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <span>
#include <vector>

/// Ranges, not points: the job's numbers given as ranges are sampled once (common
/// random numbers, the plan's seed), the job model runs over every sample, and the runtime and
/// the cost become P10 / P50 / P90 with the inputs ranked by their share of the spread.
namespace pipeplan::uncertainty {

/// The key a range of the device's price per hour is kept under: a number of the plan's
/// devices (Hardware & cost), not of a registry row.
inline constexpr QLatin1StringView kDevicePriceKey{"hardware.device_price_per_hour"};

/// The key the track record's calibrated ratio is drawn under (TrackSettings): not a number of
/// the plan, a factor on each sample's runtime (docs/calibration.md).
inline constexpr QLatin1StringView kCalibrationKey{"track.calibration"};

/// The key a range of the time of the stage at `index` is kept under.
QString stageKey(size_t index);

/// A number of the job that accepts a range: its scenario-file path, its name and unit, where it
/// lives, and how to read and write its point value (the range's median).
struct Input
{
    QString key;   ///< "workload.latency_ms", "stages[1].ms_per_user"
    QString label; ///< "Latency per prediction"
    QString unit;  ///< "ms", "", "users/s"
    Support support = Support::Positive;
    const FieldSpec *spec = nullptr;
    /// The registry's row of the number; null for a number of a list (a stage's time, the
    /// device's price), which `read` and `write` reach instead.
    const fieldregistry::Field *field = nullptr;
    std::optional<double> (*read)(const Scenario &, int stage) = nullptr;
    void (*write)(Scenario &, int stage, double value) = nullptr;
    int stage = -1; ///< the stage of a stage time
    Slot slot = Slot::Users;

    /// The point value the job uses now; nullopt when the number is off (a lever not used).
    std::optional<double> get(const Scenario &scenario, int stageIndex) const;
    void set(Scenario &scenario, int stageIndex, double value) const;
};

/// The input a registry row makes in `scenario`'s words (its label and unit).
Input inputOf(const fieldregistry::Field &field, const Scenario &scenario);

/// Whether `key` names a lever "What it would take" can move: the workers, p, a
/// latency, the batched time, the keep fraction, a stage's time (stages[i].ms_per_user) or an
/// overhead.
bool isLeverKey(const QString &key);

/// Every number of `scenario` that accepts a range (its stages' own times included; the scoring
/// stage's time comes from the workload).
std::vector<Input> inputs(const Scenario &scenario);
/// The input at `key`, or nullopt when no number of the scenario there accepts a range.
std::optional<Input> input(const Scenario &scenario, const QString &key);

/// Sets the number at `key` to `range` (its median as the point value), or to a plain number
/// (the range dropped). Returns why not: an unknown key, or a range outside the field's bounds.
QString setRange(Scenario &scenario, const QString &key, const std::optional<Range> &range,
                 double number = 0);

/// A moved point value takes its range along (the slider moves the median and keeps the spread):
/// every range of `after` whose point value differs from `before`'s is moved to the new value.
void followPoints(const Scenario &before, Scenario &after);

/// Stage edits that keep each stage's range with its stage: two stages swapped, or one removed
/// (its range goes with it), the others' keys renumbered.
void swapStages(Scenario &scenario, size_t a, size_t b);
void removeStage(Scenario &scenario, size_t index);

/// Every range of the scenario checked: known keys, ends inside the field's bounds, the point
/// value at the range's median. Errors name "uncertainty.ranges.<key>".
std::vector<FieldError> validate(const Scenario &scenario);

/// Draws of the scenario's ranges, relative to each range's median (so a moved median reuses
/// them), with their ranks for the sensitivity.
struct Samples
{
    int count = 0;
    double seed = 1;
    struct Draws
    {
        QString key;
        Range shape; ///< the range moved to median 1 (or 0.5 for a fraction): what was drawn
        Support support = Support::Positive;
        Spread spread = Spread::Ratio;
        std::vector<double> draws;
        /// For a fraction, exp(-draw): the value around a median m is 1 / (1 + e^-logit(m) x
        /// this), with no exponential per sample.
        std::vector<double> expNegative;
        /// 0-based ranks of the first kSensitivitySamples draws (the sensitivity's ranking).
        std::vector<double> ranks;
    };
    std::vector<Draws> inputs;
};

/// The sensitivity ranks the first this many samples: Spearman's rho to within +-0.01, and
/// no sort of 100,000 runtimes on a slider tick.
inline constexpr int kSensitivitySamples = 10'000;

/// The scenario's draws: `previous` itself when its ranges' shapes, seed and count are the
/// scenario's, else drawn anew (xoshiro256++, one stream per input in key order). With the
/// track record's calibration in force, one more input under kCalibrationKey: each sample's
/// ratio relative to the median ratio, exp(t_i s sqrt(1 + 1/n)) with t_i stratified draws of
/// Student's t with n - 1 degrees of freedom (track::Calibration).
std::shared_ptr<const Samples> draw(const Scenario &scenario,
                                    std::shared_ptr<const Samples> previous = nullptr);

/// Each sample's job in the parts the worker count acts on, so one draw serves every worker
/// count: runtime(N) = cold start + max(work / S(p, N), cap), with S Amdahl's speedup (seed 000)
/// and the cap the shared and dispatch limits (evaluateOverheads); without overheads, work / S.
/// A part the ranges do not move is one number for every sample.
struct SampledJobs
{
    struct Part
    {
        double constant = 0;
        std::vector<double> values; ///< per sample; empty: `constant` for all
        double at(size_t i) const { return values.empty() ? constant : values[i]; }
        bool operator==(const Part &) const = default;
    };
    size_t count = 0;
    bool overheads = false;
    Part workSeconds; ///< single-stream work (stages, request overhead, users kept)
    Part parallelFraction;
    Part coldStartSeconds;
    Part capSeconds;
    Part pricePerWorkerHour;
    bool operator==(const SampledJobs &) const = default;
};

/// The job of each of the first `count` samples (all when 0): a ranged number reads its sample,
/// the others their point value; a range whose number is not in force (a lever off) is not
/// sampled. With the calibration drawn and in force, each sample's work, cold start and cap are
/// scaled by its ratio (median ratio x draw): runtime = cold + max(work / S, cap) scales with
/// them, so every runtime, percentile, chance and goal seek over the samples is calibrated.
/// `overrideInput` (an index into samples.inputs) moves that input's median to `overrideMedian`
/// (the sensitivity's search).
SampledJobs sampleJobs(const Scenario &scenario, const Samples &samples, size_t count = 0,
                       int overrideInput = -1, double overrideMedian = 0);

/// Each sampled job's runtime at `workers` into `runtimes` (the first runtimes.size() samples).
void runtimesAt(const SampledJobs &jobs, double workers, std::span<double> runtimes);

/// The job's effective runtime (with overheads when set, as evaluate() gives it) of each of the
/// first runtimes.size() samples at the scenario's workers, and each sample's price per
/// worker-hour into `prices` when not empty.
void sampleRuntimes(const Scenario &scenario, const Samples &samples, std::span<double> runtimes,
                    std::span<double> prices = {});

struct Percentiles
{
    double p10 = 0;
    double p50 = 0;
    double p90 = 0;
    bool operator==(const Percentiles &) const = default;
};
/// P10, P50 and P90 of `values` (linear between order statistics, as numpy's default).
Percentiles percentiles(std::vector<double> values);
/// The q-quantile of `values` (reordered in place).
double quantile(std::span<double> values, double q);

/// Whether quantile(values, q) <= limit, exactly, in one pass without reordering `values`.
bool quantileAtMost(std::span<const double> values, double q, double limit);

/// A value of `in` as the field shows it: a count whole and grouped ("152,552,407"), a fraction
/// to four decimals, other numbers to four significant digits; with the input's unit.
QString valueText(const Input &in, double value);

/// P10, P50 and P90 of the sampled jobs' runtime at `workers`.
Percentiles runtimePercentiles(const SampledJobs &jobs, double workers);

/// The runtime's P10-P90 fan over worker counts, as the runtime-against-workers chart draws it:
/// log-spaced points from 1 to `maxWorkers`, each over the first kFanSamples samples (drawn, not
/// read: within sampling noise of the table's percentiles at the same count).
struct Fan
{
    std::vector<double> workers;
    std::vector<double> p10Seconds;
    std::vector<double> p50Seconds;
    std::vector<double> p90Seconds;
    bool operator==(const Fan &) const = default;
};
inline constexpr int kFanPoints = 25;
inline constexpr size_t kFanSamples = 1'000;
Fan fan(const SampledJobs &jobs, double maxWorkers);

/// The fewest workers whose runtime's q-quantile meets `deadlineSeconds` (the goal seek at P50
/// and P90): each sample's own fewest workers in closed form, from Amdahl (N >= work p /
/// (deadline - cold start - work (1 - p))), bracket it; the percentile itself decides. Nothing
/// when no count up to `maxWorkers` does.
std::optional<double> fewestWorkers(const SampledJobs &jobs, double deadlineSeconds, double q,
                                    double maxWorkers = 1e9);

/// One uncertain input's part in the spread.
struct Driver
{
    QString key;
    QString label;
    QString unit;
    double varianceShare = 0; ///< its rank correlation with the runtime, squared and normalized
    double correlation = 0;   ///< Spearman's rho with the runtime
    /// The median this input would need for the chosen percentile of the runtime to meet the
    /// deadline, the others as they are; nullopt without a deadline or when no value within the
    /// field's bounds does.
    std::optional<double> needed;
    QString neededText; ///< `needed` as the field shows it, with its unit (valueText)
    QString rangeText;  ///< the range as typed, with its unit: "800..1,200 ms"
    bool operator==(const Driver &) const = default;
};

struct Result
{
    bool active = false; ///< any range set
    int samples = 0;
    double seed = 1;
    Percentiles runtimeSeconds;
    Percentiles cost;
    /// Workers x runtime in hours (GPU-hours when the workers are GPUs).
    Percentiles workerHours;
    QString currency;
    /// The share of samples that finish within the deadline, when one is set.
    std::optional<double> pMeetDeadline;
    double deadlineSeconds = 0;
    /// With a budget: the share of samples whose cost stays within it, and with a deadline too,
    /// the share that does both, counted on the same samples (never above either single share).
    std::optional<double> pMeetBudget;
    std::optional<double> pMeetBoth;
    double budget = 0;
    /// The track record's calibration scaled every sample's runtime.
    bool calibrated = false;
    double percentile = 0.8;     ///< the percentile `needed` meets the deadline at
    std::vector<Driver> drivers; ///< largest share first
    /// With a deadline: the fewest workers that meet it at P50 and at P90 (the goal seek over
    /// the ranges), and that percentile of the runtime there.
    struct Fewest
    {
        double q = 0.5;
        std::optional<double> workers; ///< nothing: no count within the field's bounds does
        double runtimeSeconds = 0;
        bool operator==(const Fewest &) const = default;
    };
    std::vector<Fewest> fewest;
    bool operator==(const Result &) const = default;
};

/// Whether the range at `key` acts on `inForce`, the plan as the model evaluates it: the number it
/// ranges is the one the job uses (a device's latency in force leaves the typed latency, and so
/// its range, idle; a lever switched off leaves its step's range idle). The track record's
/// calibration acts whenever it was drawn.
bool rangeInForce(const Scenario &inForce, const QString &key);

/// Whether any of `samples`' inputs acts on `inForce` (rangeInForce): with none, the plan has
/// one runtime, not a spread, though it has ranges.
bool anyInForce(const Scenario &inForce, const Samples &samples);

/// The job over every sample of `samples`: percentiles of the runtime and cost, the chance to
/// meet the deadline, and the drivers ranked by share (Spearman, so skewed inputs rank fairly).
/// `given`: sampleJobs(scenario, samples) when the caller has it already.
Result evaluate(const Scenario &scenario, const Samples &samples,
                const SampledJobs *given = nullptr);

} // namespace pipeplan::uncertainty
