#include "core/tail/simulate.h"

#include "core/base/format.h"
#include "core/base/random.h"
#include "core/base/translate.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>
#include <thread>

namespace pipeplan::simulation {

PIPEPLAN_TR_CONTEXT("pipeplan::simulation")

namespace {

constexpr long long kShardsBetweenCancelChecks = 4096;

struct Slot
{
    double time;
    std::uint32_t worker;
};

/// A binary min-heap on worker free times with the one operation the main loop needs: replace
/// the earliest slot and sift it down (one pass instead of std::priority_queue's pop + push).
class FreeTimes
{
public:
    FreeTimes(size_t workers, double startTime)
    {
        m_slots.reserve(workers);
        for (size_t i = 0; i < workers; ++i)
            m_slots.push_back({startTime, static_cast<std::uint32_t>(i)});
    }
    const Slot &top() const { return m_slots.front(); }
    void replaceTop(double time)
    {
        const Slot moved{time, m_slots.front().worker};
        const size_t size = m_slots.size();
        size_t hole = 0;
        for (;;) {
            size_t child = 2 * hole + 1;
            if (child >= size)
                break;
            if (child + 1 < size && m_slots[child + 1].time < m_slots[child].time)
                ++child;
            if (!(m_slots[child].time < moved.time))
                break;
            m_slots[hole] = m_slots[child];
            hole = child;
        }
        m_slots[hole] = moved;
    }
    const std::vector<Slot> &entries() const { return m_slots; }

private:
    std::vector<Slot> m_slots;
};

size_t checkpointsFor(double workSeconds, double checkpointSeconds)
{
    if (!(checkpointSeconds > 0))
        return 0;
    // validate() bounds the count; the clamp keeps the conversion defined for any input.
    const double intervals = std::min(std::ceil(workSeconds / checkpointSeconds), 1e18);
    return intervals > 1 ? static_cast<size_t>(intervals - 1) : 0;
}

/// One shard's time on its worker: the straggler draw, then attempts until one succeeds.
double drawShardSeconds(const Params &p, random::Xoshiro256 &rng)
{
    double work = p.shardSeconds;
    if (p.stragglerProbability > 0 && rng.uniform() < p.stragglerProbability)
        work *= p.stragglerFactor;
    if (!(p.failureProbability > 0))
        return shardRunSeconds(work, p);
    const double segment = p.checkpointSeconds + p.checkpointCostSeconds;
    double elapsed = 0;
    double saved = 0; // work secured by completed checkpoints
    for (;;) {
        const double remaining = work - saved;
        const double run = shardRunSeconds(remaining, p);
        if (!(rng.uniform() < p.failureProbability))
            return elapsed + run;
        const double failedAt = rng.uniform() * run;
        elapsed += failedAt;
        if (p.checkpointSeconds > 0) {
            const auto completed = std::min(static_cast<size_t>(failedAt / segment),
                                            checkpointsFor(remaining, p.checkpointSeconds));
            saved += static_cast<double>(completed) * p.checkpointSeconds;
        }
    }
}

/// The tail once the queue is empty, with speculative backups: each free worker, in the order
/// they free up, starts a copy of the running shard that will end last, if a fresh copy at the
/// nominal shard time would end sooner. A shard ends with its first copy; the losing copies'
/// workers are freed then; a shard whose copy straggled too can be copied again.
double tailWithBackups(const Params &p, const FreeTimes &heap, double startTime,
                       random::Xoshiro256 &rng)
{
    using Event = std::pair<double, std::uint32_t>;
    const std::vector<Slot> &entries = heap.entries();
    const double nominal = shardRunSeconds(p.shardSeconds, p);
    std::vector<double> freeAt(entries.size());
    std::priority_queue<Event, std::vector<Event>, std::greater<>> events;
    std::priority_queue<Event> running; // (end, worker running its first copy), latest first
    double finished = startTime;
    for (const Slot &slot : entries) {
        freeAt[slot.worker] = slot.time;
        events.emplace(slot.time, slot.worker);
        if (slot.time > startTime)
            running.emplace(slot.time, slot.worker);
    }
    while (!events.empty() && !running.empty()) {
        const auto [time, worker] = events.top();
        events.pop();
        if (time != freeAt[worker])
            continue; // superseded: the worker was freed early when a copy of its shard won
        while (!running.empty() && running.top().first <= time) {
            finished = std::max(finished, running.top().first);
            running.pop();
        }
        if (running.empty())
            break;
        const auto [end, original] = running.top();
        if (end <= time + nominal)
            continue; // no copy started now would win: this worker stays idle
        running.pop();
        const double shardEnd = std::min(end, time + drawShardSeconds(p, rng));
        freeAt[worker] = shardEnd;
        events.emplace(shardEnd, worker);
        if (shardEnd < end) {
            freeAt[original] = shardEnd;
            events.emplace(shardEnd, original);
        }
        running.emplace(shardEnd, original);
    }
    while (!running.empty()) {
        finished = std::max(finished, running.top().first);
        running.pop();
    }
    return finished;
}

} // namespace

std::vector<FieldError> validate(const Params &p)
{
    std::vector<FieldError> errors;
    auto check = [&errors](const FieldSpec &spec, double value) {
        if (auto error = checkField(spec, value, QLatin1String(spec.key)))
            errors.push_back(*error);
    };
    check(fields::shards, p.shards);
    check(fields::shardSeconds, p.shardSeconds);
    check(fields::simulatedWorkers, p.workers);
    check(fields::coldStartSeconds, p.coldStartSeconds);
    check(fields::stragglerProbability, p.stragglerProbability);
    check(fields::stragglerFactor, p.stragglerFactor);
    check(fields::failureProbability, p.failureProbability);
    if (p.checkpointSeconds != 0)
        check(fields::checkpointSeconds, p.checkpointSeconds);
    check(fields::checkpointCostSeconds, p.checkpointCostSeconds);
    if (p.dispatchPerSecond != 0)
        check(fields::dispatchCapPerSecond, p.dispatchPerSecond);
    check(fields::serialSeconds, p.serialSeconds);
    check(fields::trials, p.trials);
    if (errors.empty() && p.checkpointSeconds > 0 &&
        !(p.shardSeconds * p.stragglerFactor / p.checkpointSeconds <= kMaxCheckpointsPerShard)) {
        errors.push_back({QStringLiteral("checkpoint_s"),
                          tr("is %1 s: a shard of %2 s would write %3 checkpoints; at "
                             "most %4 per shard")
                              .arg(format::plainNumber(p.checkpointSeconds),
                                   format::plainNumber(p.shardSeconds * p.stragglerFactor),
                                   format::plainNumber(std::ceil(
                                       p.shardSeconds * p.stragglerFactor / p.checkpointSeconds)),
                                   format::grouped(kMaxCheckpointsPerShard, 0))});
    }
    // Every straggler on one worker must stay a representable, meaningful time (1e18 s is
    // thirty billion years), so sums of attempts never lose the shard time to rounding.
    if (errors.empty() && !(shardRunSeconds(p.shardSeconds * p.stragglerFactor, p) *
                                std::ceil(p.shards / p.workers) <=
                            1e18)) {
        errors.push_back({QStringLiteral("shard_seconds"),
                          tr("x straggler_factor x shards per worker is over 1e18 s: "
                             "the job would never end")});
    }
    return errors;
}

double shardRunSeconds(double workSeconds, const Params &params)
{
    return workSeconds +
           static_cast<double>(checkpointsFor(workSeconds, params.checkpointSeconds)) *
               params.checkpointCostSeconds;
}

double closedFormSeconds(const Params &p)
{
    const double shardRun = shardRunSeconds(p.shardSeconds, p);
    if (!(p.dispatchPerSecond > 0))
        return p.serialSeconds + p.coldStartSeconds + std::ceil(p.shards / p.workers) * shardRun;
    // Ends rise with i, so the earliest free worker is always the one that ran shard i - W.
    const auto shards = static_cast<long long>(p.shards);
    const auto workers = static_cast<long long>(std::min(p.workers, p.shards));
    std::vector<double> ends(static_cast<size_t>(workers), p.coldStartSeconds);
    double last = p.coldStartSeconds;
    for (long long shard = 0; shard < shards; ++shard) {
        double &end = ends[static_cast<size_t>(shard % workers)];
        end = std::max(end, static_cast<double>(shard) / p.dispatchPerSecond) + shardRun;
        last = std::max(last, end);
    }
    return p.serialSeconds + last;
}

double simulateTrial(const Params &p, std::uint64_t trial)
{
    return runTrial(p, trial, nullptr);
}

double runTrial(const Params &p, std::uint64_t trial, const std::atomic<bool> *cancel)
{
    random::Xoshiro256 rng(p.seed, trial);
    const auto shardCount = static_cast<long long>(p.shards);
    // More workers than shards only matter for backups (idle workers start them).
    const double usefulWorkers =
        std::min(p.workers, p.speculativeBackups ? 2 * p.shards : p.shards);
    FreeTimes heap(static_cast<size_t>(usefulWorkers), p.coldStartSeconds);
    const bool capped = p.dispatchPerSecond > 0;
    double lastEnd = p.coldStartSeconds;
    for (long long shard = 0; shard < shardCount; ++shard) {
        // One trial of 1e8 shards takes seconds: a cancel is seen within a few thousand shards.
        if (cancel && shard % kShardsBetweenCancelChecks == 0 &&
            cancel->load(std::memory_order_relaxed))
            return std::numeric_limits<double>::quiet_NaN();
        double start = heap.top().time;
        if (capped)
            start = std::max(start, static_cast<double>(shard) / p.dispatchPerSecond);
        const double end = start + drawShardSeconds(p, rng);
        lastEnd = std::max(lastEnd, end);
        heap.replaceTop(end);
    }
    if (p.speculativeBackups)
        lastEnd = tailWithBackups(p, heap, p.coldStartSeconds, rng);
    return p.serialSeconds + lastEnd;
}

Result simulate(const Params &params, Control *control, int threads, int histogramBins)
{
    const int trials = std::max(params.trials, 0);
    std::vector<double> seconds(static_cast<size_t>(trials),
                                std::numeric_limits<double>::quiet_NaN());
    if (threads <= 0)
        threads = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    threads = std::clamp(threads, 1, std::max(trials, 1));
    // Hand out trials in chunks of about 64k shards so small jobs do not contend on the counter.
    const int chunk = static_cast<int>(std::clamp(65536.0 / params.shards, 1.0, 256.0));
    std::atomic<int> nextTrial{0};
    // With no stragglers and no failures no trial draws a random number: every trial is the
    // first one, so it runs once (the goal seek simulates one job per worker count it tries).
    const bool deterministic =
        !(params.stragglerProbability > 0) && !(params.failureProbability > 0) && trials > 0;
    if (deterministic) {
        const double value = runTrial(params, 0, control ? &control->cancel : nullptr);
        if (!std::isnan(value)) {
            std::fill(seconds.begin(), seconds.end(), value);
            if (control)
                control->trialsDone.fetch_add(trials, std::memory_order_relaxed);
        }
        nextTrial = trials;
    }
    auto work = [&] {
        for (;;) {
            const int begin = nextTrial.fetch_add(chunk);
            if (begin >= trials)
                return;
            const int end = std::min(trials, begin + chunk);
            for (int trial = begin; trial < end; ++trial) {
                if (control && control->cancel.load(std::memory_order_relaxed))
                    return;
                const double value = runTrial(params, static_cast<std::uint64_t>(trial),
                                              control ? &control->cancel : nullptr);
                if (std::isnan(value))
                    return; // cancelled inside the trial
                seconds[static_cast<size_t>(trial)] = value;
                if (control)
                    control->trialsDone.fetch_add(1, std::memory_order_relaxed);
            }
        }
    };
    {
        std::vector<std::jthread> pool;
        for (int i = 1; i < threads; ++i)
            pool.emplace_back(work);
        work();
    }

    Result result;
    result.cancelled = control && control->cancel.load();
    std::erase_if(seconds, [](double value) { return std::isnan(value); });
    std::sort(seconds.begin(), seconds.end());
    result.trials = static_cast<int>(seconds.size());
    if (!seconds.empty()) {
        result.meanSeconds = stats::mean(seconds);
        result.p50Seconds = stats::quantileSorted(seconds, 0.5);
        result.p90Seconds = stats::quantileSorted(seconds, 0.9);
        result.p99Seconds = stats::quantileSorted(seconds, 0.99);
        result.minSeconds = seconds.front();
        result.maxSeconds = seconds.back();
        result.histogram = stats::histogram(seconds, histogramBins);
    }
    result.closedFormSeconds = closedFormSeconds(params);
    result.sortedSeconds = std::move(seconds);
    return result;
}

} // namespace pipeplan::simulation
