#pragma once

#include <QString>

#include <array>
#include <optional>
#include <vector>

/// Measured runs and the scaling laws fitted to them (seed 003: "use historical
/// measures and micro-benchmarks", "re-estimate with actual metrics"). Throughput X(N) at N
/// workers is fitted by bounded nonlinear least squares (GSL's gsl_multifit_nlinear, trust region
/// Levenberg-Marquardt) to
///   Amdahl:  X(N) = λN / (1 + (1 − p)(N − 1)),        0 ≤ p ≤ 1, λ ≥ 0
///   USL:     X(N) = λN / (1 + σ(N − 1) + κN(N − 1)),  0 ≤ σ ≤ 1, 0 ≤ κ ≤ 1, λ ≥ 0
/// (Gunther, Guerrilla Capacity Planning, 2007; the R package `usl`). Runtime runs (a fixed
/// amount of work) are fitted as throughput 1 / runtime and predicted back as runtime.
///
/// The bounds are kept by an active set: an unbounded Levenberg-Marquardt solve, then every
/// parameter that left its range is held on the bound it crossed and the rest solved again, and a
/// held parameter is let go when the residual's gradient pulls it back inside (the Kuhn-Tucker
/// test). The start is the best of Gunther's linearisation (N / X is a polynomial in N, fitted
/// by linear least squares; Guerrilla Capacity Planning §5.2.3), R's usl start (λ = max X / N,
/// σ = 0.01, κ = 0.0001) and a coarse grid of σ, each with its least-squares λ: the same optimum
/// in a few steps instead of dozens.
namespace pipeplan::fit {

/// What a run measured.
enum class Measure
{
    Throughput,     ///< items per second (any unit: predictions come back in it)
    RuntimeSeconds, ///< seconds for the same fixed amount of work at every N
};

struct Run
{
    double workers = 0; ///< N >= 1
    double value = 0;   ///< throughput or runtime in seconds, > 0
    bool operator==(const Run &) const = default;
};

/// The runs of one job: repeated runs at one N are allowed (each is a point of the fit).
struct Runs
{
    Measure measure = Measure::Throughput;
    std::vector<Run> runs;
    bool operator==(const Runs &) const = default;
};

/// One fitted parameter: its value, standard error (from the Jacobian at the optimum, scaled by
/// the residual variance, as R's nls) and the 95 % interval value ± t(0.975, n − k) × SE, clamped
/// to the parameter's bounds.
///
/// A parameter held on its bound (κ = 0 for runs that never turn down) is not estimated by the
/// linearisation: its SE is 0 and its interval is the bound itself, and the other parameters' SEs
/// come from the Jacobian's remaining columns, s² keeping n − k degrees of freedom with k all of
/// the law's parameters (the conservative count). A direction the runs cannot tell apart (a rank
/// deficient Jacobian) also gets SE 0 rather than NaN.
struct Estimate
{
    double value = 0;
    double standardError = 0;
    double low = 0;
    double high = 0;
    bool operator==(const Estimate &) const = default;
};

struct AmdahlFit
{
    Estimate p;
    Estimate lambda;     ///< throughput of one worker
    double rmse = 0;     ///< sqrt(RSS / n) of the fitted throughput, in the runs' unit
    double rSquared = 0; ///< 1 − RSS / TSS in throughput (0 when every run has one throughput)
    /// Covariance of (p, λ), row-major, s² (JᵀJ)⁻¹; rows of a held parameter are 0.
    std::array<double, 4> covariance{};
    int degreesOfFreedom = 0; ///< n − 2
    bool operator==(const AmdahlFit &) const = default;
};

struct UslFit
{
    Estimate sigma; ///< contention
    Estimate kappa; ///< coherency (crosstalk)
    Estimate lambda;
    double rmse = 0;     ///< sqrt(RSS / n) of the fitted throughput, in the runs' unit
    double rSquared = 0; ///< 1 − RSS / TSS in throughput (0 when every run has one throughput)
    /// Covariance of (σ, κ, λ), row-major, s² (JᵀJ)⁻¹; rows of a held parameter are 0.
    std::array<double, 9> covariance{};
    int degreesOfFreedom = 0; ///< n − 3
    /// N* = sqrt((1 − σ) / κ), where throughput peaks; unset when κ = 0 (no retrograde region).
    std::optional<double> peakWorkers;
    bool operator==(const UslFit &) const = default;
};

/// Both fits of one set of runs; a fit is unset when it cannot be made, `problem` says why
/// ("2 runs: the USL needs at least 3").
struct Result
{
    std::optional<AmdahlFit> amdahl;
    std::optional<UslFit> usl;
    QString problem;
    bool operator==(const Result &) const = default;
};

/// Fits both laws. Amdahl needs at least 2 runs, the USL at least 3 (no fewer points than
/// parameters); both need at least two distinct worker counts, and the USL three (with two, its
/// three parameters are not determined). With exactly as many runs as parameters the curve passes
/// through every run and no residual variance is left: each SE is 0 and each interval is the
/// parameter's whole range (t(0.975, 0) is infinite). Runs with N < 1 or a value that is not above
/// 0 are refused, the run named in `problem`.
Result fitRuns(const Runs &runs);

/// Fitted throughput at N.
double amdahlThroughput(const AmdahlFit &fit, double workers);
double uslThroughput(const UslFit &fit, double workers);

/// A prediction with its 95 % confidence band (delta method: the gradient of X(N) in the
/// parameters through their covariance), in the runs' measure (throughput, or runtime seconds
/// for runtime runs: 1 / X, its band inverted). A throughput band stops at 0; the runtime band's
/// upper end is +infinity where the throughput band reaches 0. A law that was not fitted predicts
/// 0.
struct Prediction
{
    double workers = 0;
    double amdahl = 0;
    double usl = 0;
    double uslLow = 0;
    double uslHigh = 0;
    bool operator==(const Prediction &) const = default;
};
std::vector<Prediction> predict(const Result &result, Measure measure,
                                const std::vector<double> &workers);

/// A runs CSV: header `workers` plus `throughput` or `runtime_s` (any order, extra columns
/// refused); errors name the row (1 = header) and column.
struct CsvError
{
    int row = 0;
    QString column;
    QString message;
    QString toString() const; ///< "row 3, column throughput: must be a number above 0, got 'x'"
};
struct CsvRuns
{
    Runs runs;
    std::vector<CsvError> errors;
};
CsvRuns readRunsCsv(const QString &text);

/// The runs as that CSV (header first), for export and the clipboard.
QString writeRunsCsv(const Runs &runs);

} // namespace pipeplan::fit
