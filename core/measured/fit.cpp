// Amdahl and the USL fitted to measured runs: GSL's trust-region Levenberg-Marquardt inside an
// active set for the bounds, standard errors as R's nls computes them, and the runs CSV.

#include "core/measured/fit.h"

#include "core/base/csv.h"
#include "core/base/numparse.h"
#include "core/base/translate.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_multifit.h>
#include <gsl/gsl_multifit_nlinear.h>
#include <gsl/gsl_vector.h>

#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <mutex>

namespace pipeplan::fit {

PIPEPLAN_TR_CONTEXT("pipeplan::fit")

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr size_t kMaxParameters = 3;
using Theta = std::array<double, kMaxParameters>;

enum class LawKind
{
    Amdahl, ///< θ = (p, λ)
    Usl,    ///< θ = (σ, κ, λ)
};

/// A law's parameter count and bounds.
struct Law
{
    LawKind kind = LawKind::Usl;
    int parameters = 0;
    Theta lower{};
    Theta upper{};
};

const Law kUsl{LawKind::Usl, 3, {0, 0, 0}, {1, 1, kInfinity}};
const Law kAmdahl{LawKind::Amdahl, 2, {0, 0, 0}, {1, kInfinity, 0}};

/// D in X = λN / D; the law is undefined where D is not above 0 (only outside the bounds).
inline double denominator(LawKind kind, const Theta &theta, double workers)
{
    return kind == LawKind::Usl ? 1 + theta[0] * (workers - 1) + theta[1] * workers * (workers - 1)
                                : 1 + (1 - theta[0]) * (workers - 1);
}

inline double lambdaOf(LawKind kind, const Theta &theta)
{
    return kind == LawKind::Usl ? theta[2] : theta[1];
}

inline double lawThroughput(LawKind kind, const Theta &theta, double workers)
{
    return lambdaOf(kind, theta) * workers / denominator(kind, theta, workers);
}

/// ∂X/∂θ at N.
inline Theta gradient(LawKind kind, const Theta &theta, double workers)
{
    const double d = denominator(kind, theta, workers);
    const double lambdaNOverD2 = lambdaOf(kind, theta) * workers / (d * d);
    if (kind == LawKind::Usl)
        return {-lambdaNOverD2 * (workers - 1), -lambdaNOverD2 * workers * (workers - 1),
                workers / d};
    return {lambdaNOverD2 * (workers - 1), workers / d, 0};
}

/// The runs of a fit in throughput, grouped by worker count. Repeated runs at one N enter the
/// least squares as their mean weighted by their count: Σᵢ (X(N) − yᵢ)² = m (X(N) − ȳ)² + Σᵢ (yᵢ −
/// ȳ)², so the optimum, JᵀJ and the RSS are those of the runs themselves, at a fraction of the
/// cost per step when runs repeat (a benchmark campaign's usual shape).
struct Points
{
    std::vector<double> workers;    ///< each distinct N once
    std::vector<double> throughput; ///< the mean of the runs at that N
    std::vector<double> count;      ///< m, the runs at that N
    std::vector<double> sqrtCount;
    double withinSumOfSquares = 0; ///< Σ (y − ȳ)² inside the groups: no law can fit it away
    double totalSumOfSquares = 0;  ///< Σ (y − mean of all)², for R²
    size_t runs = 0;
};

Points groupedPoints(const std::vector<double> &workers, const std::vector<double> &throughput)
{
    std::map<double, std::vector<double>> byWorkers;
    double sum = 0;
    for (size_t i = 0; i < workers.size(); ++i) {
        byWorkers[workers[i]].push_back(throughput[i]);
        sum += throughput[i];
    }
    Points points;
    points.runs = workers.size();
    const double mean = sum / static_cast<double>(points.runs);
    for (const auto &[n, values] : byWorkers) {
        double groupSum = 0;
        for (double y : values)
            groupSum += y;
        const double groupMean = groupSum / static_cast<double>(values.size());
        for (double y : values) {
            points.withinSumOfSquares += (y - groupMean) * (y - groupMean);
            points.totalSumOfSquares += (y - mean) * (y - mean);
        }
        points.workers.push_back(n);
        points.throughput.push_back(groupMean);
        points.count.push_back(static_cast<double>(values.size()));
        points.sqrtCount.push_back(std::sqrt(static_cast<double>(values.size())));
    }
    return points;
}

/// One solve: the law's parameters, some held on a bound, the rest free.
struct Problem
{
    const Law *law = nullptr;
    const Points *points = nullptr;
    Theta theta{};
    std::array<bool, kMaxParameters> held{};
    std::vector<size_t> freeIndices;

    void setFree(const gsl_vector *x)
    {
        for (size_t j = 0; j < freeIndices.size(); ++j)
            theta[freeIndices[j]] = gsl_vector_get(x, j);
    }
};

/// A trial point where the law is undefined gets a residual so large that the trust region
/// rejects the step and shrinks, instead of a NaN that would end the solve.
constexpr double kUndefinedResidual = 1e100;

int residuals(const gsl_vector *x, void *data, gsl_vector *f)
{
    auto *problem = static_cast<Problem *>(data);
    problem->setFree(x);
    const LawKind kind = problem->law->kind;
    const Points &points = *problem->points;
    const double lambda = lambdaOf(kind, problem->theta);
    for (size_t i = 0; i < points.workers.size(); ++i) {
        const double n = points.workers[i];
        const double d = denominator(kind, problem->theta, n);
        const double r = d > 0 ? points.sqrtCount[i] * (lambda * n / d - points.throughput[i])
                               : kUndefinedResidual;
        f->data[i * f->stride] = std::isfinite(r) ? r : kUndefinedResidual;
    }
    return GSL_SUCCESS;
}

int jacobian(const gsl_vector *x, void *data, gsl_matrix *j)
{
    auto *problem = static_cast<Problem *>(data);
    problem->setFree(x);
    const Points &points = *problem->points;
    for (size_t i = 0; i < points.workers.size(); ++i) {
        const Theta g = gradient(problem->law->kind, problem->theta, points.workers[i]);
        double *row = j->data + i * j->tda;
        for (size_t c = 0; c < problem->freeIndices.size(); ++c)
            row[c] = points.sqrtCount[i] * g[problem->freeIndices[c]];
    }
    return GSL_SUCCESS;
}

/// GSL's default handler aborts the process; every status is checked here instead. Set once,
/// before the first solve (GSL keeps one handler per process, and PipePlan has no other user).
void silenceGslAborts()
{
    static std::once_flag once;
    std::call_once(once, [] { gsl_set_error_handler_off(); });
}

struct WorkspaceDeleter
{
    void operator()(gsl_multifit_nlinear_workspace *w) const { gsl_multifit_nlinear_free(w); }
};
struct VectorDeleter
{
    void operator()(gsl_vector *v) const { gsl_vector_free(v); }
};
struct MatrixDeleter
{
    void operator()(gsl_matrix *m) const { gsl_matrix_free(m); }
};
struct LinearDeleter
{
    void operator()(gsl_multifit_linear_workspace *w) const { gsl_multifit_linear_free(w); }
};
using VectorPtr = std::unique_ptr<gsl_vector, VectorDeleter>;
using MatrixPtr = std::unique_ptr<gsl_matrix, MatrixDeleter>;

/// Unbounded trust-region Levenberg-Marquardt over the free parameters, from problem.theta.
/// Tolerances near machine precision: exact data must come back exact (to 1e-9), and a solve
/// that stops without progress (GSL_ENOPROG) at the optimum's rounding noise is still the answer.
void solveFree(Problem &problem)
{
    const size_t n = problem.points->workers.size();
    const size_t k = problem.freeIndices.size();
    if (k == 0)
        return;
    gsl_multifit_nlinear_parameters params = gsl_multifit_nlinear_default_parameters();
    params.trs = gsl_multifit_nlinear_trs_lm;
    const std::unique_ptr<gsl_multifit_nlinear_workspace, WorkspaceDeleter> workspace(
        gsl_multifit_nlinear_alloc(gsl_multifit_nlinear_trust, &params, n, k));
    const VectorPtr x(gsl_vector_alloc(k));
    for (size_t j = 0; j < k; ++j)
        gsl_vector_set(x.get(), j, problem.theta[problem.freeIndices[j]]);
    gsl_multifit_nlinear_fdf fdf{};
    fdf.f = residuals;
    fdf.df = jacobian;
    fdf.n = n;
    fdf.p = k;
    fdf.params = &problem;
    if (gsl_multifit_nlinear_init(x.get(), &fdf, workspace.get()) != GSL_SUCCESS)
        return;
    int info = 0;
    gsl_multifit_nlinear_driver(200, 1e-14, 1e-14, 0.0, nullptr, nullptr, &info, workspace.get());
    const gsl_vector *best = gsl_multifit_nlinear_position(workspace.get());
    for (size_t j = 0; j < k; ++j) {
        const double value = gsl_vector_get(best, j);
        if (std::isfinite(value))
            problem.theta[problem.freeIndices[j]] = value;
    }
}

/// The RSS of the runs: the groups' weighted part plus the spread inside them.
double residualSumOfSquares(LawKind kind, const Theta &theta, const Points &points)
{
    double rss = points.withinSumOfSquares;
    for (size_t i = 0; i < points.workers.size(); ++i) {
        const double r = lawThroughput(kind, theta, points.workers[i]) - points.throughput[i];
        rss += points.count[i] * r * r;
    }
    return rss;
}

/// Holds the parameters that left their range on the bound they crossed; true when any did.
bool holdViolations(Problem &problem)
{
    bool any = false;
    for (size_t j = 0; j < static_cast<size_t>(problem.law->parameters); ++j) {
        if (problem.held[j])
            continue;
        if (problem.theta[j] < problem.law->lower[j] || !std::isfinite(problem.theta[j])) {
            problem.theta[j] = problem.law->lower[j];
            problem.held[j] = true;
            any = true;
        } else if (problem.theta[j] > problem.law->upper[j]) {
            problem.theta[j] = problem.law->upper[j];
            problem.held[j] = true;
            any = true;
        }
    }
    return any;
}

/// The Kuhn-Tucker test: the held parameter whose release lowers the RSS the most (the gradient
/// ½ ∂RSS/∂θ = Σ r ∂X/∂θ points inside its range), or -1 when every held one belongs on its
/// bound. The gradient is compared as a cosine (against |r| |∂X/∂θ|) so that rounding noise at
/// an exact fit releases nothing.
int parameterToRelease(const Problem &problem)
{
    const Law &law = *problem.law;
    const Points &points = *problem.points;
    Theta dot{};
    Theta gradientNorm{};
    double residualNorm = 0;
    for (size_t i = 0; i < points.workers.size(); ++i) {
        const Theta g = gradient(law.kind, problem.theta, points.workers[i]);
        const double r =
            lawThroughput(law.kind, problem.theta, points.workers[i]) - points.throughput[i];
        const double m = points.count[i];
        residualNorm += m * r * r;
        for (size_t j = 0; j < static_cast<size_t>(law.parameters); ++j) {
            dot[j] += m * r * g[j];
            gradientNorm[j] += m * g[j] * g[j];
        }
    }
    int release = -1;
    double strongest = 1e-9;
    for (size_t j = 0; j < static_cast<size_t>(law.parameters); ++j) {
        if (!problem.held[j] || gradientNorm[j] <= 0 || residualNorm <= 0)
            continue;
        const double cosine = dot[j] / std::sqrt(gradientNorm[j] * residualNorm);
        // At the lower bound the RSS falls inward when the gradient is negative; at the upper,
        // when it is positive.
        const double inward = problem.theta[j] <= law.lower[j] ? -cosine : cosine;
        if (inward > strongest) {
            strongest = inward;
            release = static_cast<int>(j);
        }
    }
    return release;
}

void updateFreeIndices(Problem &problem)
{
    problem.freeIndices.clear();
    for (size_t j = 0; j < static_cast<size_t>(problem.law->parameters); ++j) {
        if (!problem.held[j])
            problem.freeIndices.push_back(j);
    }
}

/// The bounded least-squares optimum by the active set: solve the free parameters, hold the
/// ones that leave their range, release a held one the Kuhn-Tucker test calls back, until
/// neither happens. Each round keeps the best point inside the bounds, so a cycle cannot lose it.
Problem solveBounded(const Law &law, const Points &points, const Theta &start)
{
    Problem problem;
    problem.law = &law;
    problem.points = &points;
    problem.theta = start;
    updateFreeIndices(problem);
    std::optional<Problem> best;
    double bestRss = kInfinity;
    for (size_t round = 0; round < 4 * kMaxParameters; ++round) {
        solveFree(problem);
        if (holdViolations(problem)) {
            updateFreeIndices(problem);
            continue;
        }
        const double rss = residualSumOfSquares(law.kind, problem.theta, points);
        if (rss < bestRss) {
            bestRss = rss;
            best = problem;
        }
        const int release = parameterToRelease(problem);
        if (release < 0)
            break;
        problem.held[static_cast<size_t>(release)] = false;
        updateFreeIndices(problem);
    }
    if (!best) {
        // Every round left the range: the last held point is inside it, take that.
        holdViolations(problem);
        best = problem;
    }
    return *best;
}

/// What the linearisation at the optimum says about the parameters.
struct Uncertainty
{
    std::array<Estimate, kMaxParameters> estimates{};
    std::array<double, kMaxParameters * kMaxParameters> covariance{};
    double rss = 0;
    int degreesOfFreedom = 0;
};

/// s² (JᵀJ)⁻¹ over the free parameters (R's nls: vcov = s² (JᵀJ)⁻¹, s² = RSS / (n − k)); the
/// Jacobian's columns are scaled to unit length first so that κ's column (≈ N³) and λ's (≈ 1)
/// do not decide the rank between them. Held parameters keep zero rows and columns.
Uncertainty uncertainty(const Problem &problem)
{
    const Law &law = *problem.law;
    const Points &points = *problem.points;
    const size_t n = points.workers.size();
    const size_t k = problem.freeIndices.size();
    const auto p = static_cast<size_t>(law.parameters);
    Uncertainty out;
    out.rss = residualSumOfSquares(law.kind, problem.theta, points);
    out.degreesOfFreedom = static_cast<int>(points.runs) - law.parameters;
    if (k > 0 && out.degreesOfFreedom > 0) {
        const double s2 = out.rss / out.degreesOfFreedom;
        const MatrixPtr j(gsl_matrix_alloc(n, k));
        for (size_t i = 0; i < n; ++i) {
            const Theta g = gradient(law.kind, problem.theta, points.workers[i]);
            for (size_t c = 0; c < k; ++c)
                gsl_matrix_set(j.get(), i, c, points.sqrtCount[i] * g[problem.freeIndices[c]]);
        }
        Theta scale{};
        for (size_t c = 0; c < k; ++c) {
            gsl_vector_view column = gsl_matrix_column(j.get(), c);
            const double norm = gsl_blas_dnrm2(&column.vector);
            scale[c] = norm > 0 ? norm : 1.0;
            gsl_vector_scale(&column.vector, 1.0 / scale[c]);
        }
        const MatrixPtr covar(gsl_matrix_alloc(k, k));
        if (gsl_multifit_nlinear_covar(j.get(), 1e-12, covar.get()) == GSL_SUCCESS) {
            for (size_t a = 0; a < k; ++a) {
                for (size_t b = 0; b < k; ++b) {
                    const double value =
                        gsl_matrix_get(covar.get(), a, b) * s2 / (scale[a] * scale[b]);
                    out.covariance[problem.freeIndices[a] * p + problem.freeIndices[b]] =
                        std::isfinite(value) ? value : 0.0;
                }
            }
        }
    }
    const double t = out.degreesOfFreedom > 0
                         ? gsl_cdf_tdist_Pinv(0.975, static_cast<double>(out.degreesOfFreedom))
                         : kInfinity;
    for (size_t j = 0; j < p; ++j) {
        Estimate &e = out.estimates[j];
        e.value = problem.theta[j];
        e.standardError = std::sqrt(std::max(0.0, out.covariance[j * p + j]));
        if (problem.held[j]) {
            e.low = e.high = e.value;
            continue;
        }
        const double halfWidth = out.degreesOfFreedom > 0 ? t * e.standardError : kInfinity;
        e.low = std::max(law.lower[j], e.value - halfWidth);
        e.high = std::min(law.upper[j], e.value + halfWidth);
    }
    return out;
}

struct Goodness
{
    double rmse = 0;
    double rSquared = 0;
};

Goodness goodness(const Points &points, double rss)
{
    const double tss = points.totalSumOfSquares;
    return {std::sqrt(rss / static_cast<double>(points.runs)),
            tss > 0 ? 1 - rss / tss : (rss == 0 ? 1.0 : 0.0)};
}

/// R's usl start (usl 3.0.3, R/usl.R): λ = max(X / N), σ = 0.01, κ = 0.0001.
Theta rStart(const Law &law, const Points &points)
{
    double lambda = 0;
    for (size_t i = 0; i < points.workers.size(); ++i)
        lambda = std::max(lambda, points.throughput[i] / points.workers[i]);
    return law.kind == LawKind::Usl ? Theta{0.01, 0.0001, lambda} : Theta{0.99, lambda, 0};
}

/// X is linear in λ: for the other parameters fixed, the least-squares λ is Σ g X / Σ g²,
/// g = N / D. Sets it in `theta` and returns the RSS there (infinity where the law is undefined).
double withBestLambda(LawKind kind, Theta &theta, const Points &points)
{
    double gy = 0;
    double gg = 0;
    for (size_t i = 0; i < points.workers.size(); ++i) {
        const double d = denominator(kind, theta, points.workers[i]);
        if (!(d > 0))
            return kInfinity;
        const double g = points.workers[i] / d;
        gy += points.count[i] * g * points.throughput[i];
        gg += points.count[i] * g * g;
    }
    if (!(gg > 0) || !(gy > 0))
        return kInfinity;
    theta[kind == LawKind::Usl ? 2 : 1] = gy / gg;
    return residualSumOfSquares(kind, theta, points);
}

/// Gunther's linearisation (Guerrilla Capacity Planning, 2007, §5.2.3; the R package's default
/// method before 2.0.0): N / X = ((1 − σ) + (σ − κ)N + κN²) / λ is a polynomial in N, fitted by
/// linear least squares (gsl_multifit_wlinear, each N weighted by its runs) in t = N / max N so
/// that N² does not swamp the fit. Its σ and κ, moved inside the bounds, with the best λ for them;
/// nothing when the polynomial gives no positive λ.
std::optional<Theta> polynomialStart(const Law &law, const Points &points)
{
    const size_t n = points.workers.size();
    const size_t terms = law.kind == LawKind::Usl ? 3 : 2;
    const double maxWorkers = *std::max_element(points.workers.begin(), points.workers.end());
    const MatrixPtr design(gsl_matrix_alloc(n, terms));
    const VectorPtr y(gsl_vector_alloc(n));
    const VectorPtr weights(gsl_vector_alloc(n));
    for (size_t i = 0; i < n; ++i) {
        gsl_vector_set(weights.get(), i, points.count[i]);
        const double t = points.workers[i] / maxWorkers;
        gsl_matrix_set(design.get(), i, 0, 1.0);
        gsl_matrix_set(design.get(), i, 1, t);
        if (terms == 3)
            gsl_matrix_set(design.get(), i, 2, t * t);
        gsl_vector_set(y.get(), i, points.workers[i] / points.throughput[i]);
    }
    const VectorPtr c(gsl_vector_calloc(terms));
    const MatrixPtr cov(gsl_matrix_alloc(terms, terms));
    const std::unique_ptr<gsl_multifit_linear_workspace, LinearDeleter> work(
        gsl_multifit_linear_alloc(n, terms));
    double chi2 = 0;
    if (gsl_multifit_wlinear(design.get(), weights.get(), y.get(), c.get(), cov.get(), &chi2,
                             work.get()) != GSL_SUCCESS)
        return std::nullopt;
    // Back from t to N: the coefficient of N^k is c_k / maxN^k.
    const double c0 = gsl_vector_get(c.get(), 0);
    const double c1 = gsl_vector_get(c.get(), 1) / maxWorkers;
    const double c2 = terms == 3 ? gsl_vector_get(c.get(), 2) / (maxWorkers * maxWorkers) : 0.0;
    const double inverseLambda = c0 + c1 + c2;
    if (!(inverseLambda > 0) || !std::isfinite(inverseLambda))
        return std::nullopt;
    const double lambda = 1 / inverseLambda;
    const double sigma = std::clamp((c1 + c2) * lambda, 0.0, 1.0);
    Theta theta = law.kind == LawKind::Amdahl
                      ? Theta{1 - sigma, lambda, 0}
                      : Theta{sigma, std::clamp(c2 * lambda, 0.0, 1.0), lambda};
    withBestLambda(law.kind, theta, points);
    return theta;
}

/// Where the nonlinear fit starts: the best (least RSS, λ at its best for each) of the
/// linearisation, R's start, and σ on a coarse log grid 10⁻⁴ … 1 (κ = 0). The grid costs a few
/// passes over the runs and saves the dozens of LM steps a far start takes when the runs do not
/// follow the law (Amdahl fitted to runs that turn down).
Theta startOf(const Law &law, const Points &points)
{
    std::vector<Theta> candidates{rStart(law, points)};
    if (std::optional<Theta> polynomial = polynomialStart(law, points))
        candidates.push_back(*polynomial);
    for (int step = 0; step <= 16; ++step) {
        const double sigma = std::pow(10.0, -4.0 + step * 0.25);
        candidates.push_back(law.kind == LawKind::Amdahl ? Theta{1 - sigma, 0, 0}
                                                         : Theta{sigma, 0, 0});
    }
    Theta best = candidates.front();
    double bestRss = kInfinity;
    for (Theta &theta : candidates) {
        const double rss = withBestLambda(law.kind, theta, points);
        if (rss < bestRss) {
            bestRss = rss;
            best = theta;
        }
    }
    return best;
}

Uncertainty fitLaw(const Law &law, const Points &points, std::optional<double> &peakWorkers,
                   double &rmse, double &rSquared)
{
    const Problem solved = solveBounded(law, points, startOf(law, points));
    const Uncertainty u = uncertainty(solved);
    const Goodness g = goodness(points, u.rss);
    rmse = g.rmse;
    rSquared = g.rSquared;
    if (law.kind == LawKind::Usl && solved.theta[1] > 0)
        peakWorkers = std::sqrt((1 - solved.theta[0]) / solved.theta[1]);
    return u;
}

AmdahlFit fitAmdahl(const Points &points)
{
    AmdahlFit fit;
    std::optional<double> noPeak;
    const Uncertainty u = fitLaw(kAmdahl, points, noPeak, fit.rmse, fit.rSquared);
    fit.p = u.estimates[0];
    fit.lambda = u.estimates[1];
    std::copy_n(u.covariance.begin(), fit.covariance.size(), fit.covariance.begin());
    fit.degreesOfFreedom = u.degreesOfFreedom;
    return fit;
}

UslFit fitUsl(const Points &points)
{
    UslFit fit;
    const Uncertainty u = fitLaw(kUsl, points, fit.peakWorkers, fit.rmse, fit.rSquared);
    fit.sigma = u.estimates[0];
    fit.kappa = u.estimates[1];
    fit.lambda = u.estimates[2];
    fit.covariance = u.covariance;
    fit.degreesOfFreedom = u.degreesOfFreedom;
    return fit;
}

QString runsNoun(size_t count)
{
    QString text = tr("%n run(s)", nullptr, static_cast<int>(count));
    return text.replace(QStringLiteral("(s)"), count == 1 ? QString() : QStringLiteral("s"));
}

QString numberText(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

} // namespace

Result fitRuns(const Runs &runs)
{
    Result result;
    std::vector<double> workers;
    std::vector<double> throughput;
    for (size_t i = 0; i < runs.runs.size(); ++i) {
        const Run &run = runs.runs[i];
        if (!(run.workers >= 1) || !std::isfinite(run.workers)) {
            result.problem = tr("run %1: workers must be at least 1, got %2")
                                 .arg(i + 1)
                                 .arg(numberText(run.workers));
            return result;
        }
        if (!(run.value > 0) || !std::isfinite(run.value)) {
            result.problem = tr("run %1: the measured value must be above 0, got %2")
                                 .arg(i + 1)
                                 .arg(numberText(run.value));
            return result;
        }
        workers.push_back(run.workers);
        throughput.push_back(runs.measure == Measure::RuntimeSeconds ? 1 / run.value : run.value);
    }
    const Points points = groupedPoints(workers, throughput);
    const size_t n = points.runs;
    const size_t workerCounts = points.workers.size();
    if (n < 2) {
        result.problem = runsNoun(n) + tr(": Amdahl needs at least 2 and the USL at least 3");
        return result;
    }
    if (workerCounts < 2) {
        result.problem = tr("every run is at %1 workers: a fit needs at least two "
                            "worker counts")
                             .arg(numberText(points.workers.front()));
        return result;
    }
    silenceGslAborts();
    result.amdahl = fitAmdahl(points);
    if (n < 3) {
        result.problem = runsNoun(n) + tr(": the USL needs at least 3");
        return result;
    }
    if (workerCounts < 3) {
        result.problem = tr("runs at 2 worker counts: the USL needs at least 3");
        return result;
    }
    result.usl = fitUsl(points);
    return result;
}

double amdahlThroughput(const AmdahlFit &fit, double workers)
{
    return lawThroughput(LawKind::Amdahl, {fit.p.value, fit.lambda.value, 0}, workers);
}

double uslThroughput(const UslFit &fit, double workers)
{
    return lawThroughput(LawKind::Usl, {fit.sigma.value, fit.kappa.value, fit.lambda.value},
                         workers);
}

std::vector<Prediction> predict(const Result &result, Measure measure,
                                const std::vector<double> &workers)
{
    const bool runtime = measure == Measure::RuntimeSeconds;
    auto inMeasure = [runtime](double throughput) {
        return runtime ? (throughput > 0 ? 1 / throughput : kInfinity) : throughput;
    };
    const double t =
        result.usl && result.usl->degreesOfFreedom > 0
            ? gsl_cdf_tdist_Pinv(0.975, static_cast<double>(result.usl->degreesOfFreedom))
            : kInfinity;
    std::vector<Prediction> out;
    out.reserve(workers.size());
    for (double n : workers) {
        Prediction p;
        p.workers = n;
        if (result.amdahl)
            p.amdahl = inMeasure(amdahlThroughput(*result.amdahl, n));
        if (result.usl) {
            const UslFit &fit = *result.usl;
            const Theta theta{fit.sigma.value, fit.kappa.value, fit.lambda.value};
            const double x = lawThroughput(LawKind::Usl, theta, n);
            // Delta method: Var X(N) ≈ gᵀ C g, g = ∂X/∂(σ, κ, λ) at the estimate.
            const Theta g = gradient(LawKind::Usl, theta, n);
            double variance = 0;
            for (size_t a = 0; a < 3; ++a) {
                for (size_t b = 0; b < 3; ++b)
                    variance += g[a] * fit.covariance[a * 3 + b] * g[b];
            }
            const double halfWidth =
                fit.degreesOfFreedom > 0 ? t * std::sqrt(std::max(0.0, variance)) : kInfinity;
            const double xLow = std::max(0.0, x - halfWidth);
            const double xHigh = x + halfWidth;
            p.usl = inMeasure(x);
            // A runtime's band is the throughput band inverted: high throughput, short run.
            p.uslLow = runtime ? inMeasure(xHigh) : xLow;
            p.uslHigh = runtime ? inMeasure(xLow) : xHigh;
        }
        out.push_back(p);
    }
    return out;
}

QString CsvError::toString() const
{
    if (column.isEmpty())
        return QCoreApplication::translate("pipeplan::fit", "row %1: %2").arg(row).arg(message);
    return QCoreApplication::translate("pipeplan::fit", "row %1, column %2: %3")
        .arg(row)
        .arg(column, message);
}

namespace {

const QString kWorkers = QStringLiteral("workers");
const QString kThroughput = QStringLiteral("throughput");
const QString kRuntime = QStringLiteral("runtime_s");
QString headerHelp()
{
    return tr("the header is workers and throughput (items/s) or runtime_s (seconds)");
}

bool blank(const QStringList &row)
{
    return std::all_of(row.begin(), row.end(),
                       [](const QString &cell) { return cell.trimmed().isEmpty(); });
}

struct Header
{
    qsizetype workers = -1;
    qsizetype value = -1;
    qsizetype count = 0;
    Measure measure = Measure::Throughput;
};

std::optional<Header> readHeader(const QStringList &cells, std::vector<CsvError> &errors)
{
    Header header;
    header.count = cells.size();
    qsizetype throughput = -1;
    qsizetype runtime = -1;
    for (qsizetype c = 0; c < cells.size(); ++c) {
        const QString name = cells[c].trimmed().toLower();
        qsizetype *slot = name == kWorkers      ? &header.workers
                          : name == kThroughput ? &throughput
                          : name == kRuntime    ? &runtime
                                                : nullptr;
        if (!slot) {
            errors.push_back({1, cells[c].trimmed(), tr("unknown column: ") + headerHelp()});
        } else if (*slot >= 0) {
            errors.push_back({1, name, tr("appears twice")});
        } else {
            *slot = c;
        }
    }
    if (header.workers < 0)
        errors.push_back({1, kWorkers, tr("missing: ") + headerHelp()});
    if (throughput >= 0 && runtime >= 0) {
        errors.push_back({1, kRuntime, tr("a file holds throughput or runtime_s, not both")});
    } else if (throughput < 0 && runtime < 0) {
        errors.push_back({1, kThroughput, tr("missing (or runtime_s): ") + headerHelp()});
    }
    if (!errors.empty())
        return std::nullopt;
    header.value = throughput >= 0 ? throughput : runtime;
    header.measure = throughput >= 0 ? Measure::Throughput : Measure::RuntimeSeconds;
    return header;
}

/// One cell's number, or an error naming the row and column that says what was expected.
std::optional<double> readCell(const QString &cell, int row, const QString &column, double minimum,
                               bool minimumIncluded, std::vector<CsvError> &errors)
{
    const QString text = cell.trimmed();
    const numparse::Parsed parsed = numparse::number(text);
    const bool ok =
        parsed.value && (minimumIncluded ? *parsed.value >= minimum : *parsed.value > minimum);
    if (!ok) {
        const QString expected = minimumIncluded
                                     ? tr("must be a number of at least %1").arg(minimum)
                                     : tr("must be a number above %1").arg(minimum);
        errors.push_back({row, column, expected + tr(", got '%1'").arg(text)});
        return std::nullopt;
    }
    return parsed.value;
}

} // namespace

CsvRuns readRunsCsv(const QString &text)
{
    CsvRuns out;
    QString body = text;
    if (body.startsWith(QChar(0xFEFF))) // a byte-order mark from a spreadsheet's export
        body.remove(0, 1);
    const std::optional<std::vector<QStringList>> parsed = csv::parse(body);
    if (!parsed) {
        out.errors.push_back({1, {}, tr("a quote is never closed")});
        return out;
    }
    const std::vector<QStringList> &rows = *parsed;
    if (std::all_of(rows.begin(), rows.end(), blank)) {
        out.errors.push_back({1, {}, tr("the file is empty: ") + headerHelp()});
        return out;
    }
    if (blank(rows.front())) {
        out.errors.push_back({1, {}, tr("the header is blank: ") + headerHelp()});
        return out;
    }
    const std::optional<Header> header = readHeader(rows.front(), out.errors);
    if (!header)
        return out;
    out.runs.measure = header->measure;
    const QString valueColumn = header->measure == Measure::Throughput ? kThroughput : kRuntime;
    for (size_t r = 1; r < rows.size(); ++r) {
        const QStringList &row = rows[r];
        const int rowNumber = static_cast<int>(r) + 1;
        if (blank(row))
            continue;
        if (row.size() != header->count) {
            out.errors.push_back(
                {rowNumber,
                 {},
                 tr("has %1 fields, the header has %2").arg(row.size()).arg(header->count)});
            continue;
        }
        const std::optional<double> workers =
            readCell(row[header->workers], rowNumber, kWorkers, 1, true, out.errors);
        const std::optional<double> value =
            readCell(row[header->value], rowNumber, valueColumn, 0, false, out.errors);
        if (workers && value)
            out.runs.runs.push_back({*workers, *value});
    }
    if (out.runs.runs.empty() && out.errors.empty())
        out.errors.push_back({2, {}, tr("no runs under the header")});
    if (!out.errors.empty())
        out.runs.runs.clear();
    return out;
}

QString writeRunsCsv(const Runs &runs)
{
    std::vector<QStringList> rows;
    rows.reserve(runs.runs.size() + 1);
    rows.push_back({kWorkers, runs.measure == Measure::Throughput ? kThroughput : kRuntime});
    for (const Run &run : runs.runs)
        rows.push_back({numberText(run.workers), numberText(run.value)});
    return csv::write(rows);
}

} // namespace pipeplan::fit
