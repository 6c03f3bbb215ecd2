// Monte Carlo over a plan: per-task samplers (PERT-beta quantile tables, the triangular inverse
// CDF), blocks of trials drawn across threads, and exact percentiles without a sort.

#include "core/project/montecarlo.h"
#include "core/project/taskgraph.h"

#include "core/base/random.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <span>
#include <thread>
#include <utility>

namespace pipeplan::estimate {

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
    std::vector<int> preds;
};

Graph makeGraph(const std::vector<Task> &tasks)
{
    Graph graph;
    graph.sequential = std::none_of(tasks.begin(), tasks.end(),
                                    [](const Task &task) { return !task.dependsOn.empty(); });
    if (graph.sequential)
        return graph;
    const std::vector<std::vector<int>> preds = predecessors(tasks);
    graph.order = detail::topologicalOrder(preds);
    graph.predBegin.reserve(tasks.size() + 1);
    graph.predBegin.push_back(0);
    for (const std::vector<int> &list : preds) {
        graph.preds.insert(graph.preds.end(), list.begin(), list.end());
        graph.predBegin.push_back(static_cast<int>(graph.preds.size()));
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

/// Trials [firstTrial, firstTrial + count) into `hours`. In trial t, tasks 2k and 2k + 1 take
/// the upper and lower halves of the k-th word of random stream (seed, t), as if each trial ran
/// alone; the block is walked two tasks at a time so their tables stay in the L1 cache while
/// every trial of the block draws from them, instead of every table competing for the cache on
/// every trial. Each trial adds its tasks in index order. `scratch` holds
/// scratchValues(tasks) values.
template <Distribution kind>
bool runBlock(const Plan &plan, std::uint64_t seed, std::uint64_t firstTrial, size_t count,
              std::vector<random::Xoshiro256> &rngs, double *scratch, double *hours,
              const std::atomic<bool> *cancel)
{
    // A block of a 10,000-task plan with many dependencies is a long walk: look at the cancel
    // flag every few hundred tasks and every few trials of the graph walk.
    auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
    rngs.clear();
    for (size_t j = 0; j < count; ++j)
        rngs.emplace_back(seed, firstTrial + j);
    auto draw = [](const Sampler &sampler, double u) {
        if constexpr (kind == Distribution::PertBeta)
            return sampler.pertBeta(u);
        else
            return sampler.triangular(u);
    };
    const size_t n = plan.samplers.size();
    const bool sequential = plan.graph.sequential;
    double *durations = scratch; // durations[i * count + j]: task i in trial j
    if (sequential)
        std::fill(hours, hours + count, 0.0);
    for (size_t i = 0; i < n; i += 2) {
        if (i % 512 == 0 && cancelled())
            return false;
        const Sampler &first = plan.samplers[i];
        if (i + 1 == n) {
            for (size_t j = 0; j < count; ++j) {
                const double d = draw(first, upperUniform(rngs[j].next()));
                if (sequential)
                    hours[j] += d;
                else
                    durations[i * count + j] = d;
            }
            break;
        }
        const Sampler &second = plan.samplers[i + 1];
        for (size_t j = 0; j < count; ++j) {
            const std::uint64_t word = rngs[j].next();
            const double d1 = draw(first, upperUniform(word));
            const double d2 = draw(second, lowerUniform(word));
            if (sequential) {
                hours[j] = hours[j] + d1 + d2;
            } else {
                durations[i * count + j] = d1;
                durations[(i + 1) * count + j] = d2;
            }
        }
    }
    if (sequential)
        return true;
    double *finish = scratch + n * count;
    const Graph &g = plan.graph;
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

struct ChunkSummary
{
    double sum = 0;
    double min = 0;
    double max = 0;
    bool done = false;
};

/// Every trial's duration into `hours`, chunk by chunk across the threads, each chunk's sum and
/// extremes into `summaries`. A chunk cut short by a cancel keeps its summary not done.
void runTrials(const Plan &plan, const MonteCarloOptions &options, size_t taskCount,
               std::vector<double> &hours, std::vector<ChunkSummary> &summaries, Control *control)
{
    const auto trials = static_cast<int>(hours.size());
    const auto chunks = static_cast<int>(summaries.size());
    int threads = options.threads;
    if (threads <= 0)
        threads = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    threads = std::clamp(threads, 1, std::max(chunks, 1));

    std::atomic<int> nextChunk{0};
    auto work = [&] {
        std::vector<random::Xoshiro256> rngs;
        rngs.reserve(kBlockTrials);
        std::vector<double> scratch(scratchValues(taskCount));
        for (;;) {
            const int chunk = nextChunk.fetch_add(1);
            if (chunk >= chunks)
                return;
            if (control && control->cancel.load(std::memory_order_relaxed))
                return;
            const int begin = chunk * kChunkTrials;
            const int end = std::min(trials, begin + kChunkTrials);
            const std::atomic<bool> *cancel = control ? &control->cancel : nullptr;
            bool stopped = false;
            for (int block = begin; block < end && !stopped; block += kBlockTrials) {
                // An unfinished chunk is dropped: its summary stays not done.
                const auto count = static_cast<size_t>(std::min(kBlockTrials, end - block));
                double *out = hours.data() + block;
                if (options.distribution == Distribution::PertBeta)
                    stopped = !runBlock<Distribution::PertBeta>(
                        plan, options.seed, static_cast<std::uint64_t>(block), count, rngs,
                        scratch.data(), out, cancel);
                else
                    stopped = !runBlock<Distribution::Triangular>(
                        plan, options.seed, static_cast<std::uint64_t>(block), count, rngs,
                        scratch.data(), out, cancel);
            }
            if (stopped)
                return;
            // Summed locally: neighbouring chunks' summaries share a cache line.
            ChunkSummary summary{0.0, std::numeric_limits<double>::infinity(),
                                 -std::numeric_limits<double>::infinity(), true};
            for (int trial = begin; trial < end; ++trial) {
                const double value = hours[static_cast<size_t>(trial)];
                summary.sum += value;
                summary.min = std::min(summary.min, value);
                summary.max = std::max(summary.max, value);
            }
            summaries[static_cast<size_t>(chunk)] = summary;
            if (control)
                control->trialsDone.fetch_add(end - begin, std::memory_order_relaxed);
        }
    };
    std::vector<std::jthread> pool;
    pool.reserve(static_cast<size_t>(threads - 1));
    for (int i = 1; i < threads; ++i)
        pool.emplace_back(work);
    work();
}

} // namespace

MonteCarloResult monteCarlo(const std::vector<Task> &tasks, const MonteCarloOptions &options,
                            Control *control)
{
    const Plan plan = makePlan(tasks, options.distribution);
    const int trials = std::max(options.trials, 0);
    const int chunks = (trials + kChunkTrials - 1) / kChunkTrials;
    std::vector<double> hours(static_cast<size_t>(trials));
    std::vector<ChunkSummary> summaries(static_cast<size_t>(chunks));
    runTrials(plan, options, tasks.size(), hours, summaries, control);

    MonteCarloResult result;
    result.cancelled = control && control->cancel.load();
    // Sums per chunk, added in chunk order: the same digits for any thread count.
    double sum = 0;
    double low = std::numeric_limits<double>::infinity();
    double high = -std::numeric_limits<double>::infinity();
    size_t kept = 0;
    for (size_t c = 0; c < summaries.size(); ++c) {
        const ChunkSummary &summary = summaries[c];
        if (!summary.done)
            continue;
        sum += summary.sum;
        low = std::min(low, summary.min);
        high = std::max(high, summary.max);
        const size_t begin = c * kChunkTrials;
        const size_t end = std::min(hours.size(), begin + kChunkTrials);
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
    return result;
}

std::vector<FieldError> validate(const MonteCarloOptions &options)
{
    std::vector<FieldError> errors;
    if (auto e = checkField(specs::trials, options.trials, QStringLiteral("trials")))
        errors.push_back(*e);
    if (auto e = checkField(specs::histogramBins, options.histogramBins,
                            QStringLiteral("histogram_bins")))
        errors.push_back(*e);
    return errors;
}

} // namespace pipeplan::estimate
