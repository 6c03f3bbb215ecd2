// Monte Carlo over a plan: per-task samplers (PERT-beta quantile tables, the triangular inverse
// CDF), blocks of trials drawn across threads, and exact percentiles without a sort.

#include "core/project/montecarlo.h"
#include "core/project/taskgraph.h"

#include "core/base/random.h"
#include "core/base/translate.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <mutex>
#include <numbers>
#include <span>
#include <thread>
#include <utility>

namespace pipeplan::estimate {

PIPEPLAN_TR_CONTEXT("pipeplan::estimate")

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// ---------------------------------------------------------------------------------------------
// Sampling.

constexpr int kTableIntervals = 1024; // quantile table: kTableIntervals + 1 points
constexpr int kDensityCells = 4096;   // Simpson cells for the CDF
constexpr int kChunkTrials = 2048;    // trials per unit of work handed to a thread
constexpr int kBlockTrials = 256;     // trials drawn together, task by task (runBlock)

/// log x and log(1 - x) at the 2 kDensityCells + 1 Simpson points of [0, 1], shared by every
/// shape (the ends, where they are -infinity, are handled apart).
struct LogGrid
{
    std::vector<double> logX;
    std::vector<double> log1mX;
};
const LogGrid &logGrid()
{
    static const LogGrid grid = [] {
        LogGrid g;
        const int points = 2 * kDensityCells + 1;
        g.logX.resize(static_cast<size_t>(points));
        g.log1mX.resize(static_cast<size_t>(points));
        for (int k = 1; k < points - 1; ++k) {
            const double x = static_cast<double>(k) / (points - 1);
            g.logX[static_cast<size_t>(k)] = std::log(x);
            g.log1mX[static_cast<size_t>(k)] = std::log1p(-x);
        }
        return g;
    }();
    return grid;
}

} // namespace

/// Quantiles Q(k / K), k = 0..K, of Beta(alpha, beta) on [0, 1] for alpha, beta >= 1: the
/// regularized incomplete beta I_x(alpha, beta) by Simpson's rule on the density
/// x^(alpha - 1) (1 - x)^(beta - 1) (normalized by its own integral), inverted cell by cell with
/// linear interpolation of the CDF inside a cell (1 / 4096 wide).
std::vector<double> unitBetaQuantiles(double alpha, double beta)
{
    const LogGrid &grid = logGrid();
    const int points = 2 * kDensityCells + 1;
    std::vector<double> density(static_cast<size_t>(points)); // the ends are not used
    for (int k = 1; k < points - 1; ++k) {
        const auto i = static_cast<size_t>(k);
        density[i] = std::exp((alpha - 1.0) * grid.logX[i] + (beta - 1.0) * grid.log1mX[i]);
    }
    // Simpson's rule in units of h / 6. The end cells hold the density's power-law edge
    // (x^(alpha - 1) with an infinite slope when 1 < alpha < 2), which Simpson misjudges by up
    // to 13 %; there the integral is h^alpha / alpha x (1 - h / 2)^(beta - 1) (and mirrored).
    const double h = 1.0 / kDensityCells;
    std::vector<double> cellMass(kDensityCells);
    for (size_t j = 0; j < cellMass.size(); ++j)
        cellMass[j] = density[2 * j] + 4.0 * density[2 * j + 1] + density[2 * j + 2];
    cellMass.front() = std::pow(h, alpha) / alpha * std::pow(1.0 - h / 2, beta - 1.0) * 6.0 / h;
    cellMass.back() = std::pow(h, beta) / beta * std::pow(1.0 - h / 2, alpha - 1.0) * 6.0 / h;
    std::vector<double> cdf(kDensityCells + 1, 0.0);
    for (size_t j = 0; j < cellMass.size(); ++j)
        cdf[j + 1] = cdf[j] + cellMass[j];
    const double total = cdf.back();
    for (double &c : cdf)
        c /= total;
    cdf.back() = 1.0;

    std::vector<double> quantiles(kTableIntervals + 1, 0.0);
    quantiles.back() = 1.0;
    size_t cell = 0;
    for (int k = 1; k < kTableIntervals; ++k) {
        const double u = static_cast<double>(k) / kTableIntervals;
        while (cell + 1 < static_cast<size_t>(kDensityCells) && cdf[cell + 1] < u)
            ++cell;
        const double mass = cdf[cell + 1] - cdf[cell];
        const double within = mass > 0 ? std::clamp((u - cdf[cell]) / mass, 0.0, 1.0) : 0.0;
        quantiles[static_cast<size_t>(k)] =
            (static_cast<double>(cell) + within) / static_cast<double>(kDensityCells);
    }
    return quantiles;
}

namespace {

/// One task's draw from a uniform u in [0, 1), in hours.
struct Sampler
{
    double low = 0;
    double width = 0;
    const double *table = nullptr; // PERT-beta: the quantiles in hours, low + width x unit table
    double lowerExponent = 1;      // PERT-beta: 1 / alpha and 1 / beta for the end intervals
    double upperExponent = 1;
    // Triangular: F(m) and the two areas of the closed-form inverse.
    double modeCdf = 0;
    double leftArea = 0;
    double rightArea = 0;

    /// Linear interpolation in the quantile table, except in the first and last intervals:
    /// there the density vanishes like x^(alpha - 1) or (1 - x)^(beta - 1), the quantile
    /// function like u^(1 / alpha), and a straight line would put the tail's 1 / 1,024 of mass
    /// uniformly over up to a quarter of the range (a mean 1e-4 of the range too high for
    /// (0, 0, 1)). The power law follows the tail instead.
    double pertBeta(double u) const
    {
        const double position = u * kTableIntervals;
        const int index = static_cast<int>(position);
        double fraction = position - index;
        if (index == 0)
            fraction = std::pow(fraction, lowerExponent);
        else if (index == kTableIntervals - 1)
            fraction = 1.0 - std::pow(1.0 - fraction, upperExponent);
        return table[index] + fraction * (table[index + 1] - table[index]);
    }
    /// Inverse CDF of the triangular distribution: a + sqrt(u (b - a)(m - a)) below F(m),
    /// b - sqrt((1 - u)(b - a)(b - m)) above.
    double triangular(double u) const
    {
        return u < modeCdf ? low + std::sqrt(u * leftArea)
                           : low + width - std::sqrt((1.0 - u) * rightArea);
    }
};

/// The dependency graph in the form a trial walks it.
struct Graph
{
    bool sequential = true;
    std::vector<int> order;
    std::vector<int> predBegin; // task i's predecessors: preds[predBegin[i] .. predBegin[i + 1])
    std::vector<int> preds;     // each task's in ascending index order
    std::vector<int> sinks;     // tasks no other task waits for, ascending
    /// The longest path's way back from task i is forced while a task has one predecessor:
    /// the first task on it (i itself, or an earlier one) with none or several has those
    /// predecessors in preds[choices[i].begin .. choices[i].end).
    struct Choice
    {
        int begin = 0;
        int end = 0;
    };
    std::vector<Choice> choices;
};

Graph makeGraph(const std::vector<Task> &tasks)
{
    Graph graph;
    graph.sequential = runsInSequence(tasks);
    if (graph.sequential)
        return graph;
    const std::vector<std::vector<int>> preds = predecessors(tasks);
    graph.order = detail::topologicalOrder(preds);
    graph.predBegin.reserve(tasks.size() + 1);
    graph.predBegin.push_back(0);
    std::vector<char> waitedFor(tasks.size(), 0);
    for (const std::vector<int> &list : preds) {
        // Ascending, so that the strict comparison of the path's trace back keeps the lowest
        // index among predecessors that finish together (the forward walk's maximum is the same
        // in any order).
        const auto begin = static_cast<std::ptrdiff_t>(graph.preds.size());
        graph.preds.insert(graph.preds.end(), list.begin(), list.end());
        std::sort(graph.preds.begin() + begin, graph.preds.end());
        graph.predBegin.push_back(static_cast<int>(graph.preds.size()));
        for (int p : list)
            waitedFor[static_cast<size_t>(p)] = 1;
    }
    for (size_t i = 0; i < tasks.size(); ++i)
        if (!waitedFor[i])
            graph.sinks.push_back(static_cast<int>(i));
    graph.choices.resize(tasks.size());
    for (int task : graph.order) { // predecessors first
        const auto t = static_cast<size_t>(task);
        const int begin = graph.predBegin[t];
        const int end = graph.predBegin[t + 1];
        graph.choices[t] =
            end - begin == 1
                ? graph.choices[static_cast<size_t>(graph.preds[static_cast<size_t>(begin)])]
                : Graph::Choice{begin, end};
    }
    return graph;
}

struct Plan
{
    std::vector<Sampler> samplers;
    std::vector<std::vector<double>> tables; // PERT-beta: one quantile table per task, in hours
    Graph graph;
};

Plan makePlan(const std::vector<Task> &tasks, Distribution distribution)
{
    Plan plan;
    plan.graph = makeGraph(tasks);
    plan.samplers.reserve(tasks.size());
    std::vector<std::pair<double, double>> shapes;
    std::vector<std::vector<double>> unitTables;
    if (distribution == Distribution::PertBeta)
        plan.tables.reserve(tasks.size());
    for (const Task &task : tasks) {
        const TaskStats s = taskStats(task);
        Sampler sampler;
        sampler.low = s.optimisticHours;
        sampler.width = s.pessimisticHours - s.optimisticHours;
        if (sampler.width > 0) {
            sampler.modeCdf = (s.mostLikelyHours - s.optimisticHours) / sampler.width;
            sampler.leftArea = sampler.width * (s.mostLikelyHours - s.optimisticHours);
            sampler.rightArea = sampler.width * (s.pessimisticHours - s.mostLikelyHours);
        }
        if (distribution == Distribution::PertBeta) {
            // A zero-width task gets the table of alpha = beta = 3 scaled by 0: exactly a.
            const std::pair<double, double> shape{
                pertAlpha(s.optimisticHours, s.mostLikelyHours, s.pessimisticHours),
                pertBeta(s.optimisticHours, s.mostLikelyHours, s.pessimisticHours)};
            auto found = std::find(shapes.begin(), shapes.end(), shape);
            if (found == shapes.end()) {
                shapes.push_back(shape);
                unitTables.push_back(unitBetaQuantiles(shape.first, shape.second));
                found = shapes.end() - 1;
            }
            const std::vector<double> &unit =
                unitTables[static_cast<size_t>(found - shapes.begin())];
            std::vector<double> &table = plan.tables.emplace_back(unit.size());
            for (size_t k = 0; k < unit.size(); ++k)
                table[k] = sampler.low + sampler.width * unit[k];
            sampler.table = table.data();
            sampler.lowerExponent = 1.0 / shape.first;
            sampler.upperExponent = 1.0 / shape.second;
        }
        plan.samplers.push_back(sampler);
    }
    return plan;
}

/// Uniforms in [0, 1) from the two 32-bit halves of one xoshiro256++ word (all 64 of its bits
/// are of full quality): 2^-32 resolution, far finer than the quantile table's 1 / 1,024 steps.
double upperUniform(std::uint64_t word)
{
    return static_cast<double>(word >> 32) * 0x1.0p-32;
}
double lowerUniform(std::uint64_t word)
{
    return static_cast<double>(word & 0xFFFFFFFFULL) * 0x1.0p-32;
}

/// Values runBlock's scratch needs for a block of up to kBlockTrials trials: every task's
/// duration in every trial (tasks x trials), then one finish time per task, reused trial after
/// trial (tasks, not trials: a plan may have more tasks than a block has trials).
size_t scratchValues(size_t tasks)
{
    return static_cast<size_t>(kBlockTrials) * tasks + tasks;
}

// ---------------------------------------------------------------------------------------------
// Correlation within a category (Iman and Conover 1982).

/// The standard normal quantile: Acklam's rational approximation (relative error 1.2e-9), then
/// one Halley step on erfc, which brings it to double precision.
double inverseNormal(double p)
{
    constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                            1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                            6.680131188771972e+01, -1.328068155288572e+01};
    constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                            -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                            3.754408661907416e+00};
    constexpr double kLow = 0.02425;
    auto tail = [&](double q) {
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
               ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
    };
    double x = 0;
    if (p < kLow) {
        x = tail(std::sqrt(-2.0 * std::log(p)));
    } else if (p > 1.0 - kLow) {
        x = -tail(std::sqrt(-2.0 * std::log1p(-p)));
    } else {
        const double q = p - 0.5;
        const double r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0);
    }
    const double e = 0.5 * std::erfc(-x / std::numbers::sqrt2) - p;
    const double u = e * std::sqrt(2.0 * std::numbers::pi) * std::exp(x * x / 2.0);
    return x - u / (1.0 + x * u / 2.0);
}

/// What Iman-Conover needs: the categories with two tasks or more, and the weights of the
/// one-factor score matrix.
struct Correlation
{
    double factorWeight = 0; // sqrt(r)
    double ownWeight = 1;    // sqrt(1 - r)
    std::uint64_t seed = 0;
    std::vector<std::vector<int>> groups; // tasks of one category, ascending
    std::vector<int> groupCategory;       // the category's index in kAllCategories
};

Correlation makeCorrelation(const std::vector<Task> &tasks, const MonteCarloOptions &options)
{
    Correlation correlation;
    const double rho = std::clamp(options.categoryCorrelation, 0.0, kMaxCategoryCorrelation);
    if (!(rho > 0))
        return correlation;
    // Pearson r of a bivariate normal whose Spearman is rho (rho = 6 / pi asin(r / 2)).
    const double r = 2.0 * std::sin(std::numbers::pi * rho / 6.0);
    correlation.factorWeight = std::sqrt(r);
    correlation.ownWeight = std::sqrt(1.0 - r);
    // Its own streams: the trials' streams are (seed, trial).
    correlation.seed = options.seed ^ 0xC2B2AE3D27D4EB4FULL;
    for (size_t c = 0; c < kAllCategories.size(); ++c) {
        std::vector<int> group;
        for (size_t i = 0; i < tasks.size(); ++i)
            if (tasks[i].category == kAllCategories[c])
                group.push_back(static_cast<int>(i));
        if (group.size() >= 2) {
            correlation.groups.push_back(std::move(group));
            correlation.groupCategory.push_back(static_cast<int>(c));
        }
    }
    return correlation;
}

/// A worker's scratch: the block's streams, runBlock's values and Iman-Conover's arrays.
struct Scratch
{
    std::vector<random::Xoshiro256> rngs;
    std::vector<double> values; // scratchValues(tasks)
    std::vector<double> scores; // van der Waerden scores of scoresFor trials
    size_t scoresFor = 0;
    std::vector<double> factor;
    std::vector<double> own;
    std::vector<std::pair<double, std::uint32_t>> targets; // a target score and its trial
    std::vector<std::pair<double, std::uint32_t>> targetBuffer;
    std::vector<double> sorted; // a task's uniforms, ascending
    std::vector<double> sortedBuffer;
    std::vector<std::uint32_t> starts;
};

/// Fisher-Yates with multiply-shift indices (a bias under 2^-23 for 256 values).
void shuffle(std::vector<double> &values, random::Xoshiro256 &rng)
{
    for (size_t k = values.size(); k > 1; --k) {
        const auto pick = static_cast<size_t>(((rng.next() >> 32) * k) >> 32);
        std::swap(values[k - 1], values[pick]);
    }
}

/// `values` ascending, where bucketOf(value) (0 to buckets - 1) never decreases as the value
/// grows: counted into the buckets, moved into place bucket by bucket, then the few values
/// out of order inside a bucket put right by insertion (equal values keep their order). Linear
/// for a block's few hundred values spread over as many buckets, with no comparison sort's
/// mispredicted branches.
template <typename Value, typename KeyOf, typename BucketOf>
void bucketSort(std::vector<Value> &values, std::vector<Value> &buffer,
                std::vector<std::uint32_t> &starts, size_t buckets, KeyOf keyOf, BucketOf bucketOf)
{
    const size_t n = values.size();
    starts.assign(buckets + 1, 0);
    for (const Value &value : values)
        ++starts[bucketOf(keyOf(value)) + 1];
    for (size_t b = 0; b < buckets; ++b)
        starts[b + 1] += starts[b];
    buffer.resize(n);
    for (const Value &value : values)
        buffer[starts[bucketOf(keyOf(value))]++] = value;
    for (size_t k = 1; k < n; ++k) {
        const Value value = buffer[k];
        size_t m = k;
        for (; m > 0 && keyOf(buffer[m - 1]) > keyOf(value); --m)
            buffer[m] = buffer[m - 1];
        buffer[m] = value;
    }
    values.swap(buffer);
}

/// Iman and Conover (1982), "A distribution-free approach to inducing rank correlation among
/// input variables", on one block's uniforms (uniforms[i * count + j]: task i in trial j). For
/// each category with two tasks or more the target scores are T_j = sqrt(r) Z + sqrt(1 - r) M_j,
/// Z and every M_j independent random permutations of the van der Waerden scores
/// inverseNormal(k / (count + 1)), k = 1..count: a one-factor matrix whose columns correlate
/// pairwise with Pearson r, Spearman 6 / pi asin(r / 2). Task j's uniforms, sorted, are then
/// handed out in the order of T_j's ranks, so its draws (monotone in u) keep their values and
/// take T_j's ranks. The paper's correction step (the Cholesky factor of the scores' sample
/// correlation, undone so the scores correlate exactly r) is omitted: it costs a k x k Cholesky
/// per category and block, and the scores' chance correlation (about 1 / sqrt(count)) averages
/// out over the blocks. Permutations come from a stream of (seed, block's first trial,
/// category), so results do not depend on the thread count.
void imanConover(const Correlation &correlation, std::uint64_t firstTrial, size_t count, Scratch &s,
                 double *uniforms)
{
    if (s.scoresFor != count) {
        s.scores.resize(count);
        for (size_t k = 0; k < count; ++k)
            s.scores[k] =
                inverseNormal(static_cast<double>(k + 1) / static_cast<double>(count + 1));
        s.scoresFor = count;
    }
    s.targets.resize(count);
    // Buckets as many as the values: 1 / count wide on the uniforms' [0, 1); 1 / 64 wide on
    // [-4, 4] for the target scores, near normal and inside +-3.8 (+-sqrt 2 the largest score).
    const size_t uniformBuckets = count;
    const auto uniformScale = static_cast<double>(count);
    const size_t targetBuckets = 2 * count;
    const double targetScale = static_cast<double>(targetBuckets) / 8.0;
    auto uniformBucket = [uniformBuckets, uniformScale](double u) {
        return std::min(uniformBuckets - 1, static_cast<size_t>(u * uniformScale));
    };
    auto targetBucket = [targetBuckets, targetScale](double t) {
        return static_cast<size_t>(
            std::clamp((t + 4.0) * targetScale, 0.0, static_cast<double>(targetBuckets - 1)));
    };
    auto self = [](double value) { return value; };
    auto score = [](const std::pair<double, std::uint32_t> &target) { return target.first; };
    for (size_t g = 0; g < correlation.groups.size(); ++g) {
        random::Xoshiro256 rng(correlation.seed,
                               firstTrial * kAllCategories.size() +
                                   static_cast<std::uint64_t>(correlation.groupCategory[g]));
        s.factor = s.scores;
        shuffle(s.factor, rng);
        for (int task : correlation.groups[g]) {
            s.own = s.scores;
            shuffle(s.own, rng);
            for (size_t j = 0; j < count; ++j)
                s.targets[j] = {correlation.factorWeight * s.factor[j] +
                                    correlation.ownWeight * s.own[j],
                                static_cast<std::uint32_t>(j)};
            // Trials by T_j (ties, of chance, to the lower trial), the task's uniforms ascending.
            bucketSort(s.targets, s.targetBuffer, s.starts, targetBuckets, score, targetBucket);
            double *u = uniforms + static_cast<size_t>(task) * count;
            s.sorted.assign(u, u + count);
            bucketSort(s.sorted, s.sortedBuffer, s.starts, uniformBuckets, self, uniformBucket);
            for (size_t k = 0; k < count; ++k)
                u[s.targets[k].second] = s.sorted[k];
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Trials.

/// What a block computes besides each trial's duration.
struct BlockOutputs
{
    /// Per task, countPath's entries of the block's trials (graph plans only).
    std::uint32_t *critical = nullptr;
    /// finishes[i * finishTrials + t]: task i's finish in trial t, for trials below finishTrials.
    double *finishes = nullptr;
    size_t finishTrials = 0;
};

/// The longest path of one trial whose finish times `finish` holds: from the sink that finishes
/// last (a task that finishes last is a sink or finishes with one; ties: the lowest index) back
/// through, at each task, the predecessor that finishes last (ties: the lowest index, as the
/// predecessor lists are ascending). Only the path's choices are looked at: from a task the way
/// back is forced down to the task of its Graph::choices, so the trial adds 1 to `entries` at
/// the task where each forced stretch begins, and pathCounts turns the entries into every
/// task's count.
void countPath(const Graph &g, const double *finish, std::uint32_t *entries)
{
    int current = g.sinks.front();
    double last = finish[current];
    for (size_t k = 1; k < g.sinks.size(); ++k) {
        const int sink = g.sinks[k];
        const double f = finish[sink];
        const bool later = f > last;
        last = later ? f : last;
        current = later ? sink : current;
    }
    for (;;) {
        ++entries[current];
        const auto [begin, end] = g.choices[static_cast<size_t>(current)];
        if (begin == end)
            return;
        int next = g.preds[static_cast<size_t>(begin)];
        double latest = finish[next];
        for (int k = begin + 1; k < end; ++k) {
            const int p = g.preds[static_cast<size_t>(k)];
            const double f = finish[p];
            const bool later = f > latest;
            latest = later ? f : latest;
            next = later ? p : next;
        }
        current = next;
    }
}

/// Per task, the trials whose longest path holds it, from countPath's entries: a task's count is
/// its own entries plus the counts of the tasks whose one predecessor it is (successors first).
std::vector<std::int64_t> pathCounts(const Graph &g, std::vector<std::int64_t> entries)
{
    for (auto task = g.order.rbegin(); task != g.order.rend(); ++task) {
        const auto t = static_cast<size_t>(*task);
        if (g.predBegin[t + 1] - g.predBegin[t] == 1)
            entries[static_cast<size_t>(g.preds[static_cast<size_t>(g.predBegin[t])])] +=
                entries[t];
    }
    return entries;
}

/// Trials [firstTrial, firstTrial + count) into `hours`. In trial t, tasks 2k and 2k + 1 take
/// the upper and lower halves of the k-th word of random stream (seed, t), as if each trial ran
/// alone; the block is walked two tasks at a time so their tables stay in the L1 cache while
/// every trial of the block draws from them, instead of every table competing for the cache on
/// every trial. Each trial adds its tasks in index order. With a correlation the block's
/// uniforms are drawn first, reordered by imanConover, then turned into durations. `scratch`
/// holds scratchValues(tasks) values.
template <Distribution kind>
bool runBlock(std::span<const Sampler> samplers, const Graph &g, const Correlation *correlation,
              std::uint64_t seed, std::uint64_t firstTrial, size_t count, Scratch &s, double *hours,
              const BlockOutputs &out, const std::atomic<bool> *cancel)
{
    // A block of a 10,000-task plan with many dependencies is a long walk: look at the cancel
    // flag every few hundred tasks and every few trials of the graph walk.
    auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
    std::vector<random::Xoshiro256> &rngs = s.rngs;
    rngs.clear();
    for (size_t j = 0; j < count; ++j)
        rngs.emplace_back(seed, firstTrial + j);
    auto draw = [](const Sampler &sampler, double u) {
        if constexpr (kind == Distribution::PertBeta)
            return sampler.pertBeta(u);
        else
            return sampler.triangular(u);
    };
    const size_t n = samplers.size();
    const bool sequential = g.sequential;
    const size_t finishCount =
        out.finishes && firstTrial < out.finishTrials
            ? std::min(count, static_cast<size_t>(out.finishTrials - firstTrial))
            : 0;
    // The fast path: a sequential plan's durations go straight into its trials' sums.
    const bool sumDirectly = sequential && finishCount == 0 && !correlation;
    double *durations = s.values.data(); // durations[i * count + j]: task i in trial j
    if (correlation) {
        for (size_t i = 0; i < n; i += 2) {
            if (i % 512 == 0 && cancelled())
                return false;
            double *upper = durations + i * count;
            if (i + 1 == n) {
                for (size_t j = 0; j < count; ++j)
                    upper[j] = upperUniform(rngs[j].next());
                break;
            }
            double *lower = upper + count;
            for (size_t j = 0; j < count; ++j) {
                const std::uint64_t word = rngs[j].next();
                upper[j] = upperUniform(word);
                lower[j] = lowerUniform(word);
            }
        }
        if (cancelled())
            return false;
        imanConover(*correlation, firstTrial, count, s, durations);
        for (size_t i = 0; i < n; ++i) {
            if (i % 512 == 0 && cancelled())
                return false;
            double *values = durations + i * count;
            for (size_t j = 0; j < count; ++j)
                values[j] = draw(samplers[i], values[j]);
        }
    } else {
        if (sumDirectly)
            std::fill(hours, hours + count, 0.0);
        for (size_t i = 0; i < n; i += 2) {
            if (i % 512 == 0 && cancelled())
                return false;
            const Sampler &first = samplers[i];
            if (i + 1 == n) {
                for (size_t j = 0; j < count; ++j) {
                    const double d = draw(first, upperUniform(rngs[j].next()));
                    if (sumDirectly)
                        hours[j] += d;
                    else
                        durations[i * count + j] = d;
                }
                break;
            }
            const Sampler &second = samplers[i + 1];
            for (size_t j = 0; j < count; ++j) {
                const std::uint64_t word = rngs[j].next();
                const double d1 = draw(first, upperUniform(word));
                const double d2 = draw(second, lowerUniform(word));
                if (sumDirectly) {
                    hours[j] = hours[j] + d1 + d2;
                } else {
                    durations[i * count + j] = d1;
                    durations[(i + 1) * count + j] = d2;
                }
            }
        }
    }
    if (sumDirectly)
        return true;
    if (sequential) {
        // Task by task in index order: the same sums, bit for bit, as the fast path's, and each
        // running sum is that task's finish.
        std::fill(hours, hours + count, 0.0);
        for (size_t i = 0; i < n; ++i) {
            if (i % 512 == 0 && cancelled())
                return false;
            const double *d = durations + i * count;
            for (size_t j = 0; j < count; ++j)
                hours[j] += d[j];
            if (finishCount > 0)
                std::copy(hours, hours + finishCount,
                          out.finishes + i * out.finishTrials + firstTrial);
        }
        return true;
    }
    double *finish = s.values.data() + n * count;
    for (size_t j = 0; j < count; ++j) {
        if (j % 8 == 0 && cancelled())
            return false;
        double end = 0;
        for (int task : g.order) {
            const auto t = static_cast<size_t>(task);
            double start = 0;
            for (int k = g.predBegin[t]; k < g.predBegin[t + 1]; ++k)
                start =
                    std::max(start, finish[static_cast<size_t>(g.preds[static_cast<size_t>(k)])]);
            finish[t] = start + durations[t * count + j];
            end = std::max(end, finish[t]);
        }
        hours[j] = end;
        if (j < finishCount)
            for (size_t i = 0; i < n; ++i)
                out.finishes[i * out.finishTrials + firstTrial + j] = finish[i];
        if (out.critical)
            countPath(g, finish, out.critical);
    }
    return true;
}

/// Exact type-7 quantiles (stats::quantileSorted's rule) of unsorted `values` whose extremes are
/// `low` and `high`, without sorting them: count the values into 16,384 equal bins (the bin of a
/// value never decreases as the value grows, so bins keep the order), find the bins holding the
/// order statistics each quantile needs, and sort only those bins' values. Two passes over the
/// values instead of an n log n sort.
std::vector<double> quantilesType7(std::span<const double> values, std::span<const double> qs,
                                   double low, double high)
{
    const size_t n = values.size();
    std::vector<double> out(qs.size(), kNaN);
    if (n == 0)
        return out;
    if (!(high > low)) {
        std::fill(out.begin(), out.end(), low);
        return out;
    }
    constexpr size_t kBins = 1 << 14;
    const double scale = static_cast<double>(kBins) / (high - low);
    if (!std::isfinite(scale)) { // a range too narrow to bin: sort a copy
        std::vector<double> sorted(values.begin(), values.end());
        std::sort(sorted.begin(), sorted.end());
        for (size_t i = 0; i < qs.size(); ++i)
            out[i] = stats::quantileSorted(sorted, qs[i]);
        return out;
    }
    auto binOf = [low, scale](double value) {
        return std::min(kBins - 1, static_cast<size_t>((value - low) * scale));
    };
    std::vector<size_t> counts(kBins, 0);
    for (double value : values)
        ++counts[binOf(value)];
    std::vector<size_t> firstRank(kBins + 1, 0);
    for (size_t b = 0; b < kBins; ++b)
        firstRank[b + 1] = firstRank[b] + counts[b];
    auto binOfRank = [&firstRank](size_t rank) {
        return static_cast<size_t>(std::upper_bound(firstRank.begin(), firstRank.end(), rank) -
                                   firstRank.begin() - 1);
    };

    struct Pick
    {
        size_t lower;
        size_t upper;
        double fraction;
    };
    std::vector<Pick> picks;
    picks.reserve(qs.size());
    std::vector<int> slotOfBin(kBins, -1);
    std::vector<size_t> slotBins;
    for (double q : qs) {
        const double h = static_cast<double>(n - 1) * std::clamp(q, 0.0, 1.0);
        const auto lower = static_cast<size_t>(std::floor(h));
        const size_t upper = std::min(lower + 1, n - 1);
        picks.push_back({lower, upper, h - static_cast<double>(lower)});
        for (size_t rank : {lower, upper}) {
            const size_t bin = binOfRank(rank);
            if (slotOfBin[bin] < 0) {
                slotOfBin[bin] = static_cast<int>(slotBins.size());
                slotBins.push_back(bin);
            }
        }
    }
    std::vector<std::vector<double>> buckets(slotBins.size());
    for (size_t s = 0; s < slotBins.size(); ++s)
        buckets[s].reserve(counts[slotBins[s]]);
    for (double value : values) {
        const int slot = slotOfBin[binOf(value)];
        if (slot >= 0)
            buckets[static_cast<size_t>(slot)].push_back(value);
    }
    for (std::vector<double> &bucket : buckets)
        std::sort(bucket.begin(), bucket.end());
    auto valueAt = [&](size_t rank) {
        const size_t bin = binOfRank(rank);
        return buckets[static_cast<size_t>(slotOfBin[bin])][rank - firstRank[bin]];
    };
    for (size_t i = 0; i < picks.size(); ++i) {
        const double lower = valueAt(picks[i].lower);
        const double upper = valueAt(picks[i].upper);
        out[i] = lower + picks[i].fraction * (upper - lower);
    }
    return out;
}

/// Type-7 quantiles (the same rule) of `values` at ascending levels `qs`, by selection: the
/// values are reordered. For the many short samples of the tornado and the task finishes.
std::vector<double> quantilesBySelection(std::span<double> values, std::span<const double> qs)
{
    const size_t n = values.size();
    std::vector<double> out(qs.size(), kNaN);
    if (n == 0)
        return out;
    if (n >= 65'536) { // quantilesType7's bins beat selection's passes
        const auto [low, high] = std::minmax_element(values.begin(), values.end());
        return quantilesType7(values, qs, *low, *high);
    }
    auto from = values.begin();
    for (size_t i = 0; i < qs.size(); ++i) {
        const double h = static_cast<double>(n - 1) * std::clamp(qs[i], 0.0, 1.0);
        const auto lower = static_cast<size_t>(std::floor(h));
        const auto at = values.begin() + static_cast<std::ptrdiff_t>(lower);
        std::nth_element(from, at, values.end()); // everything before `from` is below
        const double low = *at;
        const double high = lower + 1 < n ? *std::min_element(at + 1, values.end()) : low;
        out[i] = low + (h - static_cast<double>(lower)) * (high - low);
        from = at;
    }
    return out;
}

struct ChunkSummary
{
    double sum = 0;
    double min = 0;
    double max = 0;
    bool done = false;
};

/// One set of trials: the plan's own, or a tornado run with one task fixed.
struct Run
{
    int trials = 0;
    int fixedTask = -1; ///< this task takes fixedHours in every trial
    double fixedHours = 0;
    bool criticality = false; ///< count each trial's longest path
    double *finishes = nullptr;
    size_t finishTrials = 0;
    std::vector<double> hours;
    std::vector<ChunkSummary> summaries;
};

int chunksOf(int trials)
{
    return (trials + kChunkTrials - 1) / kChunkTrials;
}

/// Every run's trial durations into its `hours`, chunk by chunk (of every run) across the
/// threads, each chunk's sum and extremes into its `summaries`. A chunk cut short by a cancel
/// keeps its summary not done. `critical` (per task) receives countPath's entries from the done
/// chunks of runs that count paths: integers, so the same for any thread count.
void runTrials(const Plan &plan, const Correlation *correlation, const MonteCarloOptions &options,
               std::vector<Run> &runs, std::vector<std::int64_t> *critical, Control *control)
{
    const size_t n = plan.samplers.size();
    std::vector<int> firstUnit(runs.size() + 1, 0);
    for (size_t r = 0; r < runs.size(); ++r)
        firstUnit[r + 1] = firstUnit[r] + chunksOf(runs[r].trials);
    const int units = firstUnit.back();
    int threads = options.threads;
    if (threads <= 0)
        threads = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    threads = std::clamp(threads, 1, std::max(units, 1));

    std::atomic<int> nextUnit{0};
    std::mutex merging;
    auto work = [&] {
        Scratch scratch;
        scratch.rngs.reserve(kBlockTrials);
        scratch.values.resize(scratchValues(n));
        std::vector<Sampler> samplers = plan.samplers;
        std::vector<double> fixedTable(plan.tables.empty() ? 0 : kTableIntervals + 1);
        std::vector<std::uint32_t> chunkCritical;
        std::vector<std::int64_t> workerCritical;
        if (critical) {
            chunkCritical.resize(n);
            workerCritical.assign(n, 0);
        }
        const std::atomic<bool> *cancel = control ? &control->cancel : nullptr;
        int current = -1;
        for (;;) {
            const int unit = nextUnit.fetch_add(1);
            if (unit >= units)
                break;
            if (cancel && cancel->load(std::memory_order_relaxed))
                break;
            const auto r = static_cast<size_t>(
                std::upper_bound(firstUnit.begin(), firstUnit.end(), unit) - firstUnit.begin() - 1);
            Run &run = runs[r];
            if (static_cast<int>(r) != current) {
                if (current >= 0 && runs[static_cast<size_t>(current)].fixedTask >= 0) {
                    const auto fixed =
                        static_cast<size_t>(runs[static_cast<size_t>(current)].fixedTask);
                    samplers[fixed] = plan.samplers[fixed];
                }
                if (run.fixedTask >= 0) {
                    // A constant: width 0, and for PERT-beta a table of the one value.
                    Sampler constant;
                    constant.low = run.fixedHours;
                    std::fill(fixedTable.begin(), fixedTable.end(), run.fixedHours);
                    constant.table = fixedTable.empty() ? nullptr : fixedTable.data();
                    samplers[static_cast<size_t>(run.fixedTask)] = constant;
                }
                current = static_cast<int>(r);
            }
            const int chunk = unit - firstUnit[r];
            const int begin = chunk * kChunkTrials;
            const int end = std::min(run.trials, begin + kChunkTrials);
            const BlockOutputs out{run.criticality && critical ? chunkCritical.data() : nullptr,
                                   run.finishes, run.finishTrials};
            if (out.critical)
                std::fill(chunkCritical.begin(), chunkCritical.end(), 0U);
            bool stopped = false;
            for (int block = begin; block < end && !stopped; block += kBlockTrials) {
                // An unfinished chunk is dropped: its summary stays not done.
                const auto count = static_cast<size_t>(std::min(kBlockTrials, end - block));
                double *hours = run.hours.data() + block;
                if (options.distribution == Distribution::PertBeta)
                    stopped = !runBlock<Distribution::PertBeta>(
                        samplers, plan.graph, correlation, options.seed,
                        static_cast<std::uint64_t>(block), count, scratch, hours, out, cancel);
                else
                    stopped = !runBlock<Distribution::Triangular>(
                        samplers, plan.graph, correlation, options.seed,
                        static_cast<std::uint64_t>(block), count, scratch, hours, out, cancel);
            }
            if (stopped)
                break;
            // Summed locally: neighbouring chunks' summaries share a cache line.
            ChunkSummary summary{0.0, std::numeric_limits<double>::infinity(),
                                 -std::numeric_limits<double>::infinity(), true};
            for (int trial = begin; trial < end; ++trial) {
                const double value = run.hours[static_cast<size_t>(trial)];
                summary.sum += value;
                summary.min = std::min(summary.min, value);
                summary.max = std::max(summary.max, value);
            }
            run.summaries[static_cast<size_t>(chunk)] = summary;
            if (out.critical)
                for (size_t i = 0; i < n; ++i)
                    workerCritical[i] += chunkCritical[i];
            if (control)
                control->trialsDone.fetch_add(end - begin, std::memory_order_relaxed);
        }
        if (critical) {
            const std::scoped_lock lock(merging);
            for (size_t i = 0; i < n; ++i)
                (*critical)[i] += workerCritical[i];
        }
    };
    std::vector<std::jthread> pool;
    pool.reserve(static_cast<size_t>(threads - 1));
    for (int i = 1; i < threads; ++i)
        pool.emplace_back(work);
    work();
}

Run makeRun(int trials)
{
    Run run;
    run.trials = trials;
    run.hours.resize(static_cast<size_t>(trials));
    run.summaries.resize(static_cast<size_t>(chunksOf(trials)));
    return run;
}

constexpr int kMaxTornadoTasks = 300;

/// Trials of each tornado run. The 2 n runs of an n-task plan draw 2 n x n x trials task
/// durations: about 2e8 of them in all (a second or two), so 2e8 / (2 n^2) trials per run, but
/// at least 1,000 (a P90 from fewer is too rough; 300 tasks then take 1.8e8 draws) and at most
/// 20,000 (the swing of a P90 under common random numbers is steady well before that) or the
/// run's own trial count.
int tornadoTrials(size_t tasks, int trials)
{
    if (tasks == 0 || tasks > static_cast<size_t>(kMaxTornadoTasks))
        return 0;
    const double n = static_cast<double>(tasks);
    const auto budget = static_cast<int>(std::min(2e8 / (2.0 * n * n), 1e9));
    return std::min(std::max(budget, 1'000), std::min(std::max(trials, 0), 20'000));
}

/// The tornado's bars: for each task, the P90 of a run with it fixed at a and one at b, on the
/// first `trials` random streams of the plan's run. Empty when cancelled.
std::vector<TornadoBar> tornado(const std::vector<Task> &tasks, const Plan &plan,
                                const Correlation *correlation, const MonteCarloOptions &options,
                                int trials, Control *control)
{
    std::vector<Run> runs;
    runs.reserve(2 * tasks.size());
    for (size_t i = 0; i < tasks.size(); ++i) {
        const TaskStats s = taskStats(tasks[i]);
        for (double hours : {s.optimisticHours, s.pessimisticHours}) {
            Run &run = runs.emplace_back(makeRun(trials));
            run.fixedTask = static_cast<int>(i);
            run.fixedHours = hours;
        }
    }
    runTrials(plan, correlation, options, runs, nullptr, control);
    if (control && control->cancel.load())
        return {};
    std::vector<TornadoBar> bars;
    bars.reserve(tasks.size());
    const double level[] = {0.9};
    for (size_t i = 0; i < tasks.size(); ++i) {
        TornadoBar bar;
        bar.task = static_cast<int>(i);
        bar.p90LowHours = quantilesBySelection(runs[2 * i].hours, level)[0];
        bar.p90HighHours = quantilesBySelection(runs[2 * i + 1].hours, level)[0];
        bars.push_back(bar);
    }
    std::stable_sort(bars.begin(), bars.end(), [](const TornadoBar &x, const TornadoBar &y) {
        return x.swingHours() > y.swingHours();
    });
    return bars;
}

/// Trials whose task finishes are kept: at most 4,000,000 values (32 MB), at least 200 trials.
int taskFinishTrials(size_t tasks, int trials)
{
    const int bound = static_cast<int>(4'000'000 / std::max<size_t>(tasks, 1));
    return std::min(trials, std::max(200, bound));
}

// The validation of category_correlation.
const FieldSpec categoryCorrelationSpec{
    "category_correlation",
    QT_TRANSLATE_NOOP("pipeplan::fields", "correlation within a category"),
    "",
    0,
    kMaxCategoryCorrelation,
    false,
    false,
    false,
    QT_TRANSLATE_NOOP("pipeplan::fields",
                      "a correlation near 1 makes a category's tasks one task")};

} // namespace

MonteCarloResult monteCarlo(const std::vector<Task> &tasks, const MonteCarloOptions &options,
                            Control *control)
{
    const Plan plan = makePlan(tasks, options.distribution);
    const Correlation correlation = makeCorrelation(tasks, options);
    const Correlation *correlated = correlation.groups.empty() ? nullptr : &correlation;
    const int trials = std::max(options.trials, 0);
    const size_t n = tasks.size();
    std::vector<Run> runs;
    runs.push_back(makeRun(trials));
    Run &main = runs.front();
    const bool countPaths = options.criticality && !plan.graph.sequential && n > 0;
    main.criticality = countPaths;
    std::vector<double> finishes;
    if (options.taskRanges && n > 0) {
        main.finishTrials = static_cast<size_t>(taskFinishTrials(n, trials));
        finishes.resize(n * main.finishTrials);
        main.finishes = finishes.data();
    }
    std::vector<std::int64_t> critical(countPaths ? n : 0, 0);
    runTrials(plan, correlated, options, runs, countPaths ? &critical : nullptr, control);
    std::vector<double> &hours = main.hours;
    const std::vector<ChunkSummary> &summaries = main.summaries;

    MonteCarloResult result;
    result.cancelled = control && control->cancel.load();
    // Sums per chunk, added in chunk order: the same digits for any thread count.
    double sum = 0;
    double low = std::numeric_limits<double>::infinity();
    double high = -std::numeric_limits<double>::infinity();
    size_t kept = 0;
    std::vector<std::pair<size_t, size_t>> finishRanges; // kept trials with task finishes
    for (size_t c = 0; c < summaries.size(); ++c) {
        const ChunkSummary &summary = summaries[c];
        if (!summary.done)
            continue;
        sum += summary.sum;
        low = std::min(low, summary.min);
        high = std::max(high, summary.max);
        const size_t begin = c * kChunkTrials;
        const size_t end = std::min(hours.size(), begin + kChunkTrials);
        if (begin < main.finishTrials)
            finishRanges.emplace_back(begin, std::min(end, main.finishTrials));
        if (kept != begin)
            std::copy(hours.begin() + static_cast<std::ptrdiff_t>(begin),
                      hours.begin() + static_cast<std::ptrdiff_t>(end),
                      hours.begin() + static_cast<std::ptrdiff_t>(kept));
        kept += end - begin;
    }
    hours.resize(kept);
    result.trials = static_cast<int>(kept);
    if (hours.empty())
        return result;

    result.meanHours = sum / static_cast<double>(kept);
    result.minHours = low;
    result.maxHours = high;
    std::vector<double> levels(kCumulativePoints);
    for (int k = 0; k < kCumulativePoints; ++k)
        levels[static_cast<size_t>(k)] = static_cast<double>(k) / (kCumulativePoints - 1);
    result.cumulativeHours = quantilesType7(hours, levels, low, high);
    result.p50Hours = result.cumulativeHours[50];
    result.p80Hours = result.cumulativeHours[80];
    result.p90Hours = result.cumulativeHours[90];
    result.p95Hours = result.cumulativeHours[95];
    if (options.keepTrialHours)
        result.trialHours = hours;
    // stats::histogram reads the range from the first and last values and bins every value on
    // its own, so the extremes at the ends stand in for sorting.
    std::iter_swap(hours.begin(), std::min_element(hours.begin(), hours.end()));
    std::iter_swap(hours.end() - 1, std::max_element(hours.begin() + 1, hours.end()));
    result.histogram = stats::histogram(hours, options.histogramBins);

    // A sequential plan's one path holds every task.
    if (options.criticality) {
        result.criticality.assign(n, 1.0);
        if (countPaths) {
            const std::vector<std::int64_t> counts = pathCounts(plan.graph, critical);
            for (size_t i = 0; i < n; ++i)
                result.criticality[i] = static_cast<double>(counts[i]) / static_cast<double>(kept);
        }
    }
    if (!finishRanges.empty()) {
        std::vector<double> values;
        const double finishLevels[] = {0.1, 0.5, 0.9};
        result.taskFinish.reserve(n);
        for (size_t i = 0; i < n; ++i) {
            values.clear();
            const double *task = finishes.data() + i * main.finishTrials;
            for (const auto &[begin, end] : finishRanges)
                values.insert(values.end(), task + begin, task + end);
            const std::vector<double> q = quantilesBySelection(values, finishLevels);
            result.taskFinish.push_back({q[0], q[1], q[2]});
        }
        result.taskFinishTrials = static_cast<int>(values.size());
    }
    if (options.tornado && !result.cancelled) {
        if (n > static_cast<size_t>(kMaxTornadoTasks)) {
            result.tornadoNote = tr("The tornado is computed for plans of at most %1 "
                                    "tasks; this plan has %2.")
                                     .arg(kMaxTornadoTasks)
                                     .arg(n);
        } else {
            const int perRun = tornadoTrials(n, trials);
            result.tornado = tornado(tasks, plan, correlated, options, perRun, control);
            if (control && control->cancel.load()) {
                result.cancelled = true;
            } else {
                result.tornadoTrials = perRun;
            }
        }
    }
    return result;
}

std::int64_t plannedTrials(const std::vector<Task> &tasks, const MonteCarloOptions &options)
{
    const int trials = std::max(options.trials, 0);
    std::int64_t total = trials;
    if (options.tornado)
        total += 2 * static_cast<std::int64_t>(tasks.size()) * tornadoTrials(tasks.size(), trials);
    return total;
}

std::vector<FieldError> validate(const MonteCarloOptions &options)
{
    std::vector<FieldError> errors;
    if (auto e = checkField(specs::trials, options.trials, QStringLiteral("trials")))
        errors.push_back(*e);
    if (auto e = checkField(specs::histogramBins, options.histogramBins,
                            QStringLiteral("histogram_bins")))
        errors.push_back(*e);
    if (auto e = checkField(categoryCorrelationSpec, options.categoryCorrelation,
                            QStringLiteral("category_correlation")))
        errors.push_back(*e);
    return errors;
}

} // namespace pipeplan::estimate
