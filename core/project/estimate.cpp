#include "core/project/estimate.h"

#include "core/base/csv.h"
#include "core/base/format.h"
#include "core/base/numparse.h"
#include "core/base/random.h"

#include <QRegularExpression>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <limits>
#include <span>
#include <thread>
#include <utility>

namespace pipeplan::estimate {

namespace specs {
// Upper limits keep sums over a plan of thousands of tasks or a trillion items far from
// overflow; they are well above any real estimate.
const FieldSpec taskTime{"time", "time", "", 0, 1e6};
const FieldSpec trials{"trials", "trials", "trials", 1, 1e6, false, true};
const FieldSpec histogramBins{"histogram_bins", "histogram bins", "bins", 1, 1000, false, true};
const FieldSpec buffer{"buffer", "buffer", "", 0, 5};
const FieldSpec items{"items", "items", "items", 1, 1e12, false, true};
const FieldSpec share{"share", "share of items", "", 0, 1};
const FieldSpec count{"count", "items in the stratum", "items", 0, 1e12, false, true};
const FieldSpec minutesPerItem{"minutes_per_item", "minutes per item", "min", 0, 1e6, true};
const FieldSpec rate{"rate", "share of items", "", 0, 1};
const FieldSpec annotators{"annotators", "annotators", "people", 0, 1e6, true};
const FieldSpec hoursPerWeek{"hours_per_week", "hours per week", "h", 0, 168, true};
const FieldSpec productivity{"first_week_productivity", "first-week productivity", "", 0, 1, true};
const FieldSpec money{"money", "amount", "", 0, 1e15};
const FieldSpec samplesPerSecond{
    "samples_per_second", "measured throughput", "samples/s", 0, 1e12, true};
const FieldSpec datasetSamples{"dataset_samples", "dataset size", "samples", 1, 1e15, false, true};
const FieldSpec epochs{"epochs", "epochs", "epochs", 0, 1e6, true};
const FieldSpec safetyFactor{"safety_factor", "safety factor", "x", 1, 100};
const FieldSpec checkpointMinutes{"checkpoint_minutes", "checkpoint interval", "min", 0, 1e9};
const FieldSpec estimate{"estimate", "estimate", "", 0, 1e12};
const FieldSpec actual{"actual", "actual", "", 0, 1e12, true};
} // namespace specs

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// How validation names a task's field and a task: "tasks[2].pessimistic" and "task 2" for the
/// API, "row 3, pessimistic" and "row 3" for a CSV file.
struct Naming
{
    std::function<QString(int, const char *)> field;
    std::function<QString(int)> task;
    QString whole;
};

Naming apiNaming()
{
    return {[](int task, const char *key) {
                return QStringLiteral("tasks[%1].%2").arg(task).arg(QLatin1String(key));
            },
            [](int task) { return QStringLiteral("task %1").arg(task + 1); },
            QStringLiteral("tasks")};
}

QString num(double value)
{
    return format::plainNumber(value);
}

/// Kahn's algorithm: every task after its predecessors. Tasks in or after a cycle are left out.
std::vector<int> topologicalOrder(const std::vector<std::vector<int>> &preds)
{
    const auto n = static_cast<int>(preds.size());
    std::vector<int> waiting(preds.size(), 0);
    std::vector<std::vector<int>> successors(preds.size());
    for (int i = 0; i < n; ++i) {
        for (int p : preds[static_cast<size_t>(i)]) {
            if (p >= 0 && p < n) {
                ++waiting[static_cast<size_t>(i)];
                successors[static_cast<size_t>(p)].push_back(i);
            }
        }
    }
    std::vector<int> order;
    order.reserve(preds.size());
    for (int i = 0; i < n; ++i) {
        if (waiting[static_cast<size_t>(i)] == 0)
            order.push_back(i);
    }
    for (size_t next = 0; next < order.size(); ++next) {
        for (int s : successors[static_cast<size_t>(order[next])]) {
            if (--waiting[static_cast<size_t>(s)] == 0)
                order.push_back(s);
        }
    }
    return order;
}

/// One cycle of the dependency graph as task indices (first == last), or empty. Every task
/// Kahn's algorithm leaves out waits for another one left out, so walking from one of them
/// through such predecessors must come back to a task already on the walk.
std::vector<int> findCycle(const std::vector<std::vector<int>> &preds)
{
    const std::vector<int> order = topologicalOrder(preds);
    if (order.size() == preds.size())
        return {};
    std::vector<bool> left(preds.size(), true);
    for (int task : order)
        left[static_cast<size_t>(task)] = false;
    std::vector<int> walk;
    std::vector<int> position(preds.size(), -1);
    int task = static_cast<int>(std::find(left.begin(), left.end(), true) - left.begin());
    while (position[static_cast<size_t>(task)] < 0) {
        position[static_cast<size_t>(task)] = static_cast<int>(walk.size());
        walk.push_back(task);
        const std::vector<int> &list = preds[static_cast<size_t>(task)];
        task = *std::find_if(list.begin(), list.end(), [&left](int p) {
            return p >= 0 && static_cast<size_t>(p) < left.size() && left[static_cast<size_t>(p)];
        });
    }
    std::vector<int> cycle(walk.begin() + position[static_cast<size_t>(task)], walk.end());
    cycle.push_back(task);
    return cycle;
}

/// Tasks of a cycle named in its message; a longer cycle ends with "and N more".
constexpr size_t kCycleTasksNamed = 4;

/// "makes a cycle: task 1 waits for task 3, which waits for task 2, which waits for task 1", or
/// for a long cycle its first kCycleTasksNamed steps, "... and 9,996 more tasks".
QString cycleMessage(const std::vector<int> &cycle, const Naming &names)
{
    QString message = QStringLiteral("makes a cycle: ") + names.task(cycle[0]);
    const size_t steps = cycle.size() - 1; // cycle.back() == cycle.front()
    const size_t named = steps > kCycleTasksNamed + 1 ? kCycleTasksNamed : steps;
    for (size_t k = 1; k <= named; ++k) {
        message += (k == 1 ? QStringLiteral(" waits for ") : QStringLiteral(", which waits for ")) +
                   names.task(cycle[k]);
    }
    if (named < steps) {
        message += QStringLiteral(", and %1 more tasks back to %2")
                       .arg(format::grouped(static_cast<double>(steps - named - 1), 0),
                            names.task(cycle[0]));
    }
    return message;
}

std::vector<FieldError> validateTasks(const std::vector<Task> &tasks, const Naming &names)
{
    std::vector<FieldError> errors;
    if (tasks.empty()) {
        errors.push_back({names.whole, QStringLiteral("is empty: add at least one task")});
        return errors;
    }
    if (auto tooMany = tooManyTasks(static_cast<qsizetype>(tasks.size()))) {
        errors.push_back({names.whole, *tooMany});
        return errors;
    }
    const auto n = static_cast<int>(tasks.size());
    bool graphOk = true;
    for (int i = 0; i < n; ++i) {
        const Task &task = tasks[static_cast<size_t>(i)];
        bool timesOk = true;
        const std::pair<const char *, double> times[] = {{"optimistic", task.optimistic},
                                                         {"most_likely", task.mostLikely},
                                                         {"pessimistic", task.pessimistic}};
        for (const auto &time : times) {
            if (auto error = checkField(specs::taskTime, time.second, names.field(i, time.first))) {
                errors.push_back(*error);
                timesOk = false;
            }
        }
        if (timesOk) {
            if (task.pessimistic < task.optimistic) {
                errors.push_back({names.field(i, "pessimistic"),
                                  QStringLiteral("is %1, below the optimistic %2")
                                      .arg(num(task.pessimistic), num(task.optimistic))});
            } else if (task.mostLikely < task.optimistic) {
                errors.push_back({names.field(i, "most_likely"),
                                  QStringLiteral("is %1, below the optimistic %2")
                                      .arg(num(task.mostLikely), num(task.optimistic))});
            } else if (task.mostLikely > task.pessimistic) {
                errors.push_back({names.field(i, "most_likely"),
                                  QStringLiteral("is %1, above the pessimistic %2")
                                      .arg(num(task.mostLikely), num(task.pessimistic))});
            }
        }
        for (int d : task.dependsOn) {
            if (d == i) {
                errors.push_back({names.field(i, "depends_on"),
                                  QStringLiteral("lists %1 itself: a task cannot wait for its "
                                                 "own end")
                                      .arg(names.task(i))});
                graphOk = false;
            } else if (d < 0 || d >= n) {
                errors.push_back({names.field(i, "depends_on"),
                                  QStringLiteral("names %1, which is not in the plan (%2 to %3)")
                                      .arg(names.task(d), names.task(0), names.task(n - 1))});
                graphOk = false;
            }
        }
    }
    if (graphOk) {
        const std::vector<int> cycle = findCycle(predecessors(tasks));
        if (!cycle.empty())
            errors.push_back({names.field(cycle[0], "depends_on"), cycleMessage(cycle, names)});
    }
    return errors;
}

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
    graph.order = topologicalOrder(preds);
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

QString lowerTrimmed(const QString &text)
{
    return text.trimmed().toLower();
}

std::optional<Category> parseCategory(const QString &text)
{
    const QString key = lowerTrimmed(text);
    if (key.isEmpty())
        return Category::Other;
    for (Category c : kAllCategories) {
        if (key == categoryKey(c))
            return c;
    }
    return std::nullopt;
}

std::optional<TimeUnit> parseUnit(const QString &text)
{
    const QString key = lowerTrimmed(text);
    if (key.isEmpty() || key == QLatin1String("h") || key == QLatin1String("hour") ||
        key == QLatin1String("hours"))
        return TimeUnit::Hours;
    if (key == QLatin1String("d") || key == QLatin1String("day") || key == QLatin1String("days"))
        return TimeUnit::Days;
    if (key == QLatin1String("w") || key == QLatin1String("week") || key == QLatin1String("weeks"))
        return TimeUnit::Weeks;
    return std::nullopt;
}

} // namespace

// ---------------------------------------------------------------------------------------------

std::optional<QString> tooManyTasks(qsizetype count)
{
    if (count <= kMaxTasks)
        return std::nullopt;
    return QStringLiteral("has %1 tasks; at most %2")
        .arg(format::grouped(static_cast<double>(count), 0),
             format::grouped(static_cast<double>(kMaxTasks), 0));
}

double hoursPer(TimeUnit unit)
{
    switch (unit) {
    case TimeUnit::Hours:
        return 1.0;
    case TimeUnit::Days:
        return kHoursPerWorkingDay;
    case TimeUnit::Weeks:
        return kHoursPerWorkingWeek;
    }
    return 1.0;
}

QString unitKey(TimeUnit unit)
{
    switch (unit) {
    case TimeUnit::Hours:
        return QStringLiteral("hours");
    case TimeUnit::Days:
        return QStringLiteral("days");
    case TimeUnit::Weeks:
        return QStringLiteral("weeks");
    }
    return QStringLiteral("hours");
}

QString categoryKey(Category category)
{
    switch (category) {
    case Category::Labeling:
        return QStringLiteral("labeling");
    case Category::Training:
        return QStringLiteral("training");
    case Category::Optimization:
        return QStringLiteral("optimization");
    case Category::Research:
        return QStringLiteral("research");
    case Category::Other:
        return QStringLiteral("other");
    }
    return QStringLiteral("other");
}

double pertMean(double optimistic, double mostLikely, double pessimistic)
{
    return (optimistic + 4.0 * mostLikely + pessimistic) / 6.0;
}

double pertSigma(double optimistic, double pessimistic)
{
    return (pessimistic - optimistic) / 6.0;
}

double triangularMean(double optimistic, double mostLikely, double pessimistic)
{
    return (optimistic + mostLikely + pessimistic) / 3.0;
}

double pertAlpha(double optimistic, double mostLikely, double pessimistic)
{
    const double width = pessimistic - optimistic;
    return width > 0 ? 1.0 + 4.0 * (mostLikely - optimistic) / width : 3.0;
}

double pertBeta(double optimistic, double mostLikely, double pessimistic)
{
    const double width = pessimistic - optimistic;
    return width > 0 ? 1.0 + 4.0 * (pessimistic - mostLikely) / width : 3.0;
}

TaskStats taskStats(const Task &task)
{
    const double hours = hoursPer(task.unit);
    TaskStats s;
    s.optimisticHours = task.optimistic * hours;
    s.mostLikelyHours = task.mostLikely * hours;
    s.pessimisticHours = task.pessimistic * hours;
    s.pertMeanHours = pertMean(s.optimisticHours, s.mostLikelyHours, s.pessimisticHours);
    s.pertSigmaHours = pertSigma(s.optimisticHours, s.pessimisticHours);
    s.triangularMeanHours =
        triangularMean(s.optimisticHours, s.mostLikelyHours, s.pessimisticHours);
    return s;
}

std::vector<std::vector<int>> predecessors(const std::vector<Task> &tasks)
{
    std::vector<std::vector<int>> preds(tasks.size());
    const bool sequential = std::none_of(tasks.begin(), tasks.end(),
                                         [](const Task &task) { return !task.dependsOn.empty(); });
    for (size_t i = 0; i < tasks.size(); ++i) {
        if (sequential) {
            if (i > 0)
                preds[i].push_back(static_cast<int>(i) - 1);
        } else {
            preds[i] = tasks[i].dependsOn;
        }
    }
    return preds;
}

PertResult pert(const std::vector<Task> &tasks)
{
    const std::vector<std::vector<int>> preds = predecessors(tasks);
    const size_t n = tasks.size();
    std::vector<double> finish(n, 0.0);
    std::vector<double> pathVariance(n, 0.0);
    std::vector<int> via(n, -1);
    for (int task : topologicalOrder(preds)) {
        const auto t = static_cast<size_t>(task);
        double start = 0;
        double variance = 0;
        int best = -1;
        for (int p : preds[t]) {
            const auto pi = static_cast<size_t>(p);
            if (best < 0 || finish[pi] > start ||
                (finish[pi] == start && pathVariance[pi] > variance)) {
                best = p;
                start = finish[pi];
                variance = pathVariance[pi];
            }
        }
        const TaskStats s = taskStats(tasks[t]);
        finish[t] = start + s.pertMeanHours;
        pathVariance[t] = variance + s.pertSigmaHours * s.pertSigmaHours;
        via[t] = best;
    }
    PertResult result;
    if (n == 0)
        return result;
    size_t end = 0;
    for (size_t i = 1; i < n; ++i) {
        if (finish[i] > finish[end] ||
            (finish[i] == finish[end] && pathVariance[i] >= pathVariance[end]))
            end = i;
    }
    result.meanHours = finish[end];
    result.sigmaHours = std::sqrt(pathVariance[end]);
    for (int task = static_cast<int>(end); task >= 0; task = via[static_cast<size_t>(task)])
        result.criticalPath.push_back(task);
    std::reverse(result.criticalPath.begin(), result.criticalPath.end());
    return result;
}

MonteCarloResult monteCarlo(const std::vector<Task> &tasks, const MonteCarloOptions &options,
                            Control *control)
{
    const Plan plan = makePlan(tasks, options.distribution);
    const int trials = std::max(options.trials, 0);
    const int chunks = (trials + kChunkTrials - 1) / kChunkTrials;
    std::vector<double> hours(static_cast<size_t>(trials));
    std::vector<ChunkSummary> summaries(static_cast<size_t>(chunks));
    int threads = options.threads;
    if (threads <= 0)
        threads = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    threads = std::clamp(threads, 1, std::max(chunks, 1));

    std::atomic<int> nextChunk{0};
    auto work = [&] {
        std::vector<random::Xoshiro256> rngs;
        rngs.reserve(kBlockTrials);
        std::vector<double> scratch(scratchValues(tasks.size()));
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
    {
        std::vector<std::jthread> pool;
        pool.reserve(static_cast<size_t>(threads - 1));
        for (int i = 1; i < threads; ++i)
            pool.emplace_back(work);
        work();
    }

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

double Buffers::forCategory(Category category) const
{
    switch (category) {
    case Category::Labeling:
        return labeling;
    case Category::Training:
        return training;
    case Category::Optimization:
        return optimization;
    case Category::Research:
        return research;
    case Category::Other:
        return other;
    }
    return other;
}

std::vector<Task> withBuffers(const std::vector<Task> &tasks, const Buffers &buffers)
{
    std::vector<Task> buffered = tasks;
    for (Task &task : buffered) {
        const double factor = 1.0 + buffers.forCategory(task.category);
        task.optimistic *= factor;
        task.mostLikely *= factor;
        task.pessimistic *= factor;
    }
    return buffered;
}

PertResult scaled(const PertResult &result, double factor)
{
    PertResult out = result;
    out.meanHours *= factor;
    out.sigmaHours *= factor;
    return out;
}

MonteCarloResult scaled(const MonteCarloResult &result, double factor)
{
    MonteCarloResult out = result;
    for (double *value : {&out.meanHours, &out.p50Hours, &out.p80Hours, &out.p90Hours,
                          &out.p95Hours, &out.minHours, &out.maxHours})
        *value *= factor;
    for (double &value : out.cumulativeHours)
        value *= factor;
    for (double &value : out.trialHours)
        value *= factor;
    out.histogram.minValue *= factor;
    out.histogram.binWidth *= factor;
    return out;
}

PlanEstimate estimatePlan(const std::vector<Task> &tasks, const Buffers &buffers,
                          const MonteCarloOptions &options, Control *control)
{
    PlanEstimate estimate = simulatePlan(tasks, buffers, options, control);
    estimate.pert = pert(tasks);
    estimate.pertBuffered = scaled(pert(withBuffers(tasks, buffers)), 1.0 + buffers.contingency);
    return estimate;
}

PlanEstimate simulatePlan(const std::vector<Task> &tasks, const Buffers &buffers,
                          const MonteCarloOptions &options, Control *control)
{
    PlanEstimate estimate;
    const std::vector<Task> buffered = withBuffers(tasks, buffers);
    const double contingency = 1.0 + buffers.contingency;
    estimate.monteCarlo = monteCarlo(tasks, options, control);
    if (estimate.monteCarlo.cancelled) {
        estimate.monteCarloBuffered.cancelled = true;
        return estimate;
    }
    estimate.monteCarloBuffered = scaled(monteCarlo(buffered, options, control), contingency);
    return estimate;
}

// ---------------------------------------------------------------------------------------------

LabelingInputs LabelingInputs::normalized() const
{
    LabelingInputs out = *this;
    double total = 0;
    for (const Stratum &s : out.strata) {
        if (!s.share)
            return out;
        total += *s.share;
    }
    if (!(total > 0))
        return out;
    for (Stratum &s : out.strata)
        s.share = *s.share / total;
    return out;
}

LabelingEstimate estimateLabeling(const LabelingInputs &in)
{
    LabelingEstimate e;
    double itemMinutes = 0;
    double reviewMinutes = 0;
    double adjudicationMinutes = 0;
    double countedItems = 0;
    for (const Stratum &s : in.strata) {
        const double items = s.count ? *s.count : s.share.value_or(0.0) * in.items;
        countedItems += items;
        itemMinutes += items * s.minutesPerItem;
        reviewMinutes += items * s.reviewMinutesPerItem.value_or(s.minutesPerItem);
        adjudicationMinutes += items * in.adjudicationMinutesPerItem.value_or(s.minutesPerItem);
    }
    const bool counts = !in.strata.empty() && in.strata.front().count.has_value();
    e.items = counts ? countedItems : in.items;
    e.baseHours = itemMinutes / 60.0;
    e.qcHours = in.qcSampleRate * reviewMinutes / 60.0;
    e.adjudicationHours = in.adjudicationShare * adjudicationMinutes / 60.0;
    const double r = in.firstWeekProductivity;
    e.rampUpHours =
        r < 1.0 ? std::min(in.annotators * in.hoursPerWeek, e.baseHours / r) * (1.0 - r) : 0.0;
    e.annotatorHours = e.baseHours + e.rampUpHours;
    e.reviewerHours = e.qcHours + e.adjudicationHours;
    const double beforeContingency = e.baseHours + e.qcHours + e.adjudicationHours + e.rampUpHours;
    e.contingencyHours = beforeContingency * in.contingency;
    e.totalHours = beforeContingency * (1.0 + in.contingency);
    e.cost = e.totalHours * in.hourlyRate + in.toolingCost;
    return e;
}

double minutesPerItemFromRate(double itemsPerHour)
{
    return 60.0 / itemsPerHour;
}

JobEta jobEta(const JobEtaInputs &in)
{
    // Values within a relative 1e-12 of a whole minute or interval count as that whole number,
    // so 90.00000000000001 minutes from rounding is not billed as 91.
    constexpr double kSlack = 1e-12;
    JobEta eta;
    eta.etaSeconds = in.datasetSamples * in.epochs / in.samplesPerSecond;
    eta.paddedSeconds = eta.etaSeconds * in.safetyFactor;
    eta.wallTimeMinutes = std::ceil(eta.paddedSeconds / 60.0 * (1.0 - kSlack));
    if (in.checkpointMinutes > 0)
        eta.checkpoints =
            std::floor(eta.etaSeconds / (in.checkpointMinutes * 60.0) * (1.0 + kSlack));
    return eta;
}

Accuracy accuracy(const std::vector<ActualEntry> &entries)
{
    Accuracy a;
    a.absolutePercentageErrors.reserve(entries.size());
    for (const ActualEntry &entry : entries)
        a.absolutePercentageErrors.push_back(std::fabs(entry.actual - entry.estimate) /
                                             entry.actual);
    std::vector<double> sorted = a.absolutePercentageErrors;
    std::sort(sorted.begin(), sorted.end());
    a.medianApe = sorted.empty() ? kNaN : stats::quantileSorted(sorted, 0.5);
    return a;
}

// ---------------------------------------------------------------------------------------------
// Validation.

std::vector<FieldError> validate(const std::vector<Task> &tasks)
{
    return validateTasks(tasks, apiNaming());
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

std::vector<FieldError> validate(const Buffers &buffers)
{
    std::vector<FieldError> errors;
    const std::pair<const char *, double> values[] = {{"labeling_buffer", buffers.labeling},
                                                      {"training_buffer", buffers.training},
                                                      {"optimization_buffer", buffers.optimization},
                                                      {"research_buffer", buffers.research},
                                                      {"other_buffer", buffers.other},
                                                      {"contingency", buffers.contingency}};
    for (const auto &value : values) {
        if (auto e = checkField(specs::buffer, value.second, QLatin1String(value.first)))
            errors.push_back(*e);
    }
    return errors;
}

std::vector<FieldError> validate(const LabelingInputs &in)
{
    std::vector<FieldError> errors;
    auto check = [&errors](const FieldSpec &spec, double value, const QString &field) {
        if (auto e = checkField(spec, value, field))
            errors.push_back(*e);
    };
    auto stratumField = [](size_t i, const char *key) {
        return QStringLiteral("strata[%1].%2").arg(i).arg(QLatin1String(key));
    };
    if (in.strata.empty())
        errors.push_back({QStringLiteral("strata"), QStringLiteral("is empty: add a stratum")});
    const bool counts = !in.strata.empty() && in.strata.front().count.has_value();
    bool sizesOk = true;
    double shareSum = 0;
    double countSum = 0;
    for (size_t i = 0; i < in.strata.size(); ++i) {
        const Stratum &s = in.strata[i];
        if (s.share && s.count) {
            errors.push_back({QStringLiteral("strata[%1]").arg(i),
                              QStringLiteral("has both a share and a count: give one")});
            sizesOk = false;
        } else if (!s.share && !s.count) {
            errors.push_back({QStringLiteral("strata[%1]").arg(i),
                              QStringLiteral("has neither a share nor a count: give one")});
            sizesOk = false;
        } else if (counts != s.count.has_value()) {
            errors.push_back(
                {stratumField(i, counts ? "share" : "count"),
                 QStringLiteral("is given while strata[0] gives a %1: give every stratum a "
                                "share, or every stratum a count")
                     .arg(counts ? QStringLiteral("count") : QStringLiteral("share"))});
            sizesOk = false;
        } else if (s.count) {
            const size_t before = errors.size();
            check(specs::count, *s.count, stratumField(i, "count"));
            sizesOk = sizesOk && errors.size() == before;
            countSum += *s.count;
        } else {
            const size_t before = errors.size();
            check(specs::share, *s.share, stratumField(i, "share"));
            sizesOk = sizesOk && errors.size() == before;
            shareSum += *s.share;
        }
        check(specs::minutesPerItem, s.minutesPerItem, stratumField(i, "minutes_per_item"));
        if (s.reviewMinutesPerItem) {
            check(specs::minutesPerItem, *s.reviewMinutesPerItem,
                  stratumField(i, "review_minutes_per_item"));
        }
    }
    if (!in.strata.empty() && sizesOk) {
        if (counts) {
            if (!(countSum > 0)) {
                errors.push_back({QStringLiteral("strata"),
                                  QStringLiteral("counts sum to 0: there is nothing to label")});
            }
            if (in.items != 0 && in.items != countSum) {
                errors.push_back(
                    {QStringLiteral("items"),
                     QStringLiteral("is %1, but the strata's counts sum to %2: with counts, "
                                    "leave items at 0 (it is their sum)")
                         .arg(num(in.items), num(countSum))});
            }
        } else {
            check(specs::items, in.items, QStringLiteral("items"));
            if (!(std::fabs(shareSum - 1.0) <= 1e-9)) {
                errors.push_back({QStringLiteral("strata"),
                                  QStringLiteral("shares sum to %1, not 1: correct them or "
                                                 "normalize them to sum to 1")
                                      .arg(num(shareSum))});
            }
        }
    }
    check(specs::rate, in.qcSampleRate, QStringLiteral("qc_rate"));
    check(specs::rate, in.adjudicationShare, QStringLiteral("adjudication_share"));
    if (in.adjudicationMinutesPerItem) {
        check(specs::minutesPerItem, *in.adjudicationMinutesPerItem,
              QStringLiteral("adjudication_minutes_per_item"));
    }
    check(specs::annotators, in.annotators, QStringLiteral("annotators"));
    check(specs::hoursPerWeek, in.hoursPerWeek, QStringLiteral("hours_per_week"));
    check(specs::productivity, in.firstWeekProductivity, QStringLiteral("first_week_productivity"));
    check(specs::buffer, in.contingency, QStringLiteral("contingency"));
    check(specs::money, in.hourlyRate, QStringLiteral("hourly_rate"));
    check(specs::money, in.toolingCost, QStringLiteral("tooling_cost"));
    return errors;
}

std::vector<FieldError> validate(const JobEtaInputs &in)
{
    std::vector<FieldError> errors;
    auto check = [&errors](const FieldSpec &spec, double value) {
        if (auto e = checkField(spec, value, QLatin1String(spec.key)))
            errors.push_back(*e);
    };
    check(specs::samplesPerSecond, in.samplesPerSecond);
    check(specs::datasetSamples, in.datasetSamples);
    check(specs::epochs, in.epochs);
    check(specs::safetyFactor, in.safetyFactor);
    check(specs::checkpointMinutes, in.checkpointMinutes);
    return errors;
}

std::vector<FieldError> validate(const std::vector<ActualEntry> &entries)
{
    std::vector<FieldError> errors;
    if (entries.empty()) {
        errors.push_back({QStringLiteral("entries"),
                          QStringLiteral("is empty: log at least one finished task")});
    }
    for (size_t i = 0; i < entries.size(); ++i) {
        if (auto e = checkField(specs::estimate, entries[i].estimate,
                                QStringLiteral("entries[%1].estimate").arg(i)))
            errors.push_back(*e);
        if (auto e = checkField(specs::actual, entries[i].actual,
                                QStringLiteral("entries[%1].actual").arg(i)))
            errors.push_back(*e);
    }
    return errors;
}

// ---------------------------------------------------------------------------------------------
// CSV.

CsvTasks readTasksCsv(const QString &text)
{
    CsvTasks out;
    auto fail = [&out](const QString &field, const QString &message) {
        out.errors.push_back({field, message});
        return out;
    };
    const QString header4 = QStringLiteral("name,optimistic,most_likely,pessimistic");
    QString body = text;
    if (body.startsWith(QChar(0xFEFF))) // a byte-order mark from a spreadsheet's export
        body.remove(0, 1);
    const std::optional<std::vector<QStringList>> parsed = csv::parse(body);
    if (!parsed)
        return fail(QStringLiteral("csv"), QStringLiteral("has a quote that is never closed"));
    const std::vector<QStringList> &rows = *parsed;
    auto blank = [](const QStringList &row) {
        return std::all_of(row.begin(), row.end(),
                           [](const QString &cell) { return cell.trimmed().isEmpty(); });
    };
    if (rows.empty() || blank(rows.front())) {
        return fail(QStringLiteral("header"),
                    QStringLiteral("is missing: the first line must be ") + header4);
    }

    // Columns: the four required ones, then any of the optional ones once each.
    QStringList columns;
    for (const QString &cell : rows.front())
        columns << lowerTrimmed(cell);
    const QStringList required = header4.split(QLatin1Char(','));
    if (columns.size() < required.size() || columns.mid(0, required.size()) != required) {
        return fail(QStringLiteral("header"),
                    QStringLiteral("is \"%1\"; it must start with %2")
                        .arg(rows.front().join(QLatin1Char(',')), header4));
    }
    const QStringList optional = {QStringLiteral("category"), QStringLiteral("unit"),
                                  QStringLiteral("depends_on")};
    for (qsizetype c = required.size(); c < columns.size(); ++c) {
        if (!optional.contains(columns[c])) {
            return fail(QStringLiteral("header"),
                        QStringLiteral("has an unknown column \"%1\": after the first four, the "
                                       "columns may be category, unit and depends_on")
                            .arg(rows.front()[c].trimmed()));
        }
        if (columns.indexOf(columns[c]) != c) {
            return fail(QStringLiteral("header"),
                        QStringLiteral("has the column \"%1\" twice").arg(columns[c]));
        }
    }
    const qsizetype categoryColumn = columns.indexOf(QStringLiteral("category"));
    const qsizetype unitColumn = columns.indexOf(QStringLiteral("unit"));
    const qsizetype dependsColumn = columns.indexOf(QStringLiteral("depends_on"));

    std::vector<Task> tasks;
    std::vector<int> rowOfTask;
    std::vector<std::vector<int>> dependsOnRows;
    const char *timeKeys[] = {"optimistic", "most_likely", "pessimistic"};
    static const QRegularExpression separators(QStringLiteral("[;,\\s]+"));
    for (size_t r = 1; r < rows.size(); ++r) {
        const QStringList &row = rows[r];
        const int rowNumber = static_cast<int>(r);
        if (blank(row))
            continue;
        const QString rowName = QStringLiteral("row %1").arg(rowNumber);
        if (row.size() != columns.size()) {
            out.errors.push_back({rowName, QStringLiteral("has %1 fields, the header has %2")
                                               .arg(row.size())
                                               .arg(columns.size())});
            continue;
        }
        auto field = [&rowName](const char *key) {
            return rowName + QStringLiteral(", ") + QLatin1String(key);
        };
        Task task;
        task.name = row[0].trimmed();
        double *times[] = {&task.optimistic, &task.mostLikely, &task.pessimistic};
        for (int k = 0; k < 3; ++k) {
            const numparse::Parsed number = numparse::number(row[k + 1]);
            if (number.value) {
                *times[k] = *number.value;
            } else {
                out.errors.push_back(
                    {field(timeKeys[k]), row[k + 1].trimmed().isEmpty()
                                             ? QStringLiteral("is empty: give a number")
                                             : number.error});
            }
        }
        if (categoryColumn >= 0) {
            if (auto category = parseCategory(row[categoryColumn])) {
                task.category = *category;
            } else {
                out.errors.push_back(
                    {field("category"), QStringLiteral("is \"%1\": use labeling, training, "
                                                       "optimization, research or other")
                                            .arg(row[categoryColumn].trimmed())});
            }
        }
        if (unitColumn >= 0) {
            if (auto unit = parseUnit(row[unitColumn])) {
                task.unit = *unit;
            } else {
                out.errors.push_back(
                    {field("unit"), QStringLiteral("is \"%1\": use hours, days (8 h) or weeks "
                                                   "(40 h)")
                                        .arg(row[unitColumn].trimmed())});
            }
        }
        std::vector<int> dependsRows;
        if (dependsColumn >= 0) {
            const QStringList items = row[dependsColumn].split(separators, Qt::SkipEmptyParts);
            for (const QString &item : items) {
                bool ok = false;
                const int dependsRow = item.toInt(&ok);
                if (!ok || dependsRow < 1) {
                    out.errors.push_back(
                        {field("depends_on"),
                         QStringLiteral("\"%1\" is not a row number: list the data rows (1 is "
                                        "the first under the header) this task waits for")
                             .arg(item)});
                } else {
                    dependsRows.push_back(dependsRow);
                }
            }
        }
        tasks.push_back(task);
        rowOfTask.push_back(rowNumber);
        dependsOnRows.push_back(std::move(dependsRows));
    }
    if (tasks.empty() && out.errors.empty())
        return fail(QStringLiteral("csv"), QStringLiteral("has no task rows under the header"));
    if (auto tooMany = tooManyTasks(static_cast<qsizetype>(tasks.size()))) {
        out.errors.clear();
        return fail(QStringLiteral("csv"), *tooMany);
    }

    for (size_t i = 0; i < tasks.size(); ++i) {
        for (int dependsRow : dependsOnRows[i]) {
            // Rows rise with the task index: a binary search, not a scan per dependency.
            const auto found = std::lower_bound(rowOfTask.begin(), rowOfTask.end(), dependsRow);
            if (found == rowOfTask.end() || *found != dependsRow) {
                out.errors.push_back(
                    {QStringLiteral("row %1, depends_on").arg(rowOfTask[i]),
                     QStringLiteral("names row %1, which is not a task row").arg(dependsRow)});
            } else {
                tasks[i].dependsOn.push_back(static_cast<int>(found - rowOfTask.begin()));
            }
        }
    }
    if (!out.errors.empty())
        return out;

    const Naming rowNaming{[&rowOfTask](int task, const char *key) {
                               return QStringLiteral("row %1, %2")
                                   .arg(rowOfTask[static_cast<size_t>(task)])
                                   .arg(QLatin1String(key));
                           },
                           [&rowOfTask](int task) {
                               return QStringLiteral("row %1").arg(
                                   rowOfTask[static_cast<size_t>(task)]);
                           },
                           QStringLiteral("csv")};
    out.errors = validateTasks(tasks, rowNaming);
    if (out.errors.empty())
        out.tasks = std::move(tasks);
    return out;
}

} // namespace pipeplan::estimate
