#pragma once

// Calibration from the track record: how the team's jobs ran against their estimates, and what
// that says about the next one (docs/calibration.md).

#include "core/track/record.h"

#include <QDate>
#include <QString>

#include <optional>
#include <vector>

namespace pipeplan::track {

/// Why a calibration holds or not (the words are text(), never stored).
enum class Status
{
    Calibrated,
    TooFewJobs, ///< fewer than kMinJobs rows: nothing changes
};

/// The fewest rows a calibration needs: the spread of one log ratio is unknown.
inline constexpr int kMinJobs = 2;

/// The team's bias and spread over rows of one kind (or all kinds), from the log ratios
/// r_i = ln(actual_i / estimate_i):
///   median ratio  exp(median r_i)                      (the bias; type-7 median)
///   MdAPE         median |actual - estimate| / actual  (estimate::accuracy, seed 003)
///   10-90 %       exp(median r +- t_{n-1,0.9} s sqrt(1 + 1/n)), s the sample standard
///                 deviation of r_i: the Student-t predictive of the next job's log ratio
///                 (Gelman et al., Bayesian Data Analysis, 3rd ed., sec. 3.2, under the
///                 noninformative prior), centred on the median so one runaway job does not
///                 move the bias.
struct Calibration
{
    QString kind; ///< empty: over every kind
    int jobs = 0;
    Status status = Status::TooFewJobs;
    double medianRatio = 1;
    double mdape = 0; ///< as a fraction; 0 with no rows
    double logSd = 0; ///< s, the sample standard deviation of the log ratios
    double ratioP10 = 1;
    double ratioP90 = 1;
    bool calibrated() const { return status == Status::Calibrated; }
    /// s sqrt(1 + 1/n): the scale of the predictive's t with n - 1 degrees of freedom.
    double predictiveScale() const;
    double degreesOfFreedom() const { return jobs - 1.0; }
    bool operator==(const Calibration &) const = default;
};

/// The q-quantile of Student's t with `dof` degrees of freedom (GSL's gsl_cdf_tdist_Pinv).
double studentQuantile(double q, double dof);

/// The calibration of the rows of `kind` (every row when nullopt).
Calibration calibrate(const std::vector<Row> &rows, const std::optional<QString> &kind);

/// A calibration from its stored numbers (a plan file keeps jobs, median ratio, s and MdAPE):
/// the interval recomputed as calibrate() computes it.
Calibration fromNumbers(const QString &kind, int jobs, double medianRatio, double logSd,
                        double mdape);

/// Over all rows and per kind (kinds in the order they first appear).
struct Summary
{
    Calibration overall;
    std::vector<Calibration> kinds;
    bool operator==(const Summary &) const = default;
};
Summary summarize(const std::vector<Row> &rows);

// ---------------------------------------------------------------------------------------------
// The review and the retrospective (seed 003: "checks jobs that exceeded estimate by >25 %"
// weekly, "compute estimation accuracy (median absolute percentage error), wasted GPU-hours"
// monthly).

/// A job over its estimate by more than this fraction is reviewed.
inline constexpr double kOverrunFraction = 0.25;

struct Overrun
{
    int index = 0; ///< the row's index in the record
    QString name;
    QString kind;
    double ratio = 0; ///< actual / estimate, above 1.25
    std::optional<QDate> finishedOn;
    bool operator==(const Overrun &) const = default;
};
/// The rows whose actual exceeds the estimate by more than kOverrunFraction, largest first.
std::vector<Overrun> overruns(const std::vector<Row> &rows);

struct MonthError
{
    QDate month; ///< the first day of the month
    int jobs = 0;
    double mdape = 0;
    bool operator==(const MonthError &) const = default;
};

enum class Trend
{
    Unknown, ///< fewer than two months
    Improving,
    Steady,
    Worsening,
};

struct Retrospective
{
    std::vector<MonthError> months; ///< oldest first; rows without a finish date are left out
    /// The least-squares slope of the monthly MdAPE, per month (a fraction: -0.02 is two
    /// percentage points better each month); nothing with fewer than two months.
    std::optional<double> mdapeSlopePerMonth;
    Trend trend = Trend::Unknown;
    /// GPU-hours booked but not used: actual GPU-hours x (requested / actual wall time - 1)
    /// over the rows that have a requested wall time and actual GPU-hours (the GPUs held for
    /// the whole booking, as a reservation holds them); nothing when no row has both.
    std::optional<double> wastedGpuHours;
    int wastedRows = 0;
    bool operator==(const Retrospective &) const = default;
};
/// Steady within this slope (one percentage point per month).
inline constexpr double kSteadySlope = 0.01;
Retrospective retrospective(const std::vector<Row> &rows);

// ---------------------------------------------------------------------------------------------
// Words (translatable; the results hold numbers and reasons only).

/// "calibrated on 14 past jobs of this kind: they ran 1.31x their estimates, MdAPE 22 %", or
/// why not: "cannot calibrate: the track record has 1 job of kind train; at least 2 are needed".
QString sentence(const Calibration &calibration);
/// "improving", "steady", "worsening", "not enough months".
QString trendText(Trend trend);

} // namespace pipeplan::track
