#include "core/training/zbsearch.h"

#include "core/base/translate.h"

#include <QStringList>

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <functional>
#include <limits>
#include <stdexcept>
#include <utility>

namespace pipeplan::schedule::detail {

PIPEPLAN_TR_CONTEXT("pipeplan::schedule::detail")

namespace {

constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();
constexpr double kNever = std::numeric_limits<double>::infinity();
constexpr double kEps = 1e-9;

/// Activations of whole chunks a device may hold within `limitMicrobatches` (a chunk is a
/// microbatch's v-th).
int limitInChunks(double limitMicrobatches, int chunks)
{
    const double limit = std::floor(limitMicrobatches * chunks + kEps);
    return static_cast<int>(std::min(limit, 1e9));
}

Orders toOrders(const std::vector<std::vector<Step>> &perDevice)
{
    Orders orders;
    std::size_t total = 0;
    for (const auto &steps : perDevice)
        total += steps.size();
    orders.steps.reserve(total);
    orders.deviceBegin.reserve(perDevice.size() + 1);
    for (const auto &steps : perDevice) {
        orders.deviceBegin.push_back(static_cast<std::int64_t>(orders.steps.size()));
        orders.steps.insert(orders.steps.end(), steps.begin(), steps.end());
    }
    orders.deviceBegin.push_back(static_cast<std::int64_t>(orders.steps.size()));
    return orders;
}

/// The state of the greedy list schedule: every device's next ops and the end times so far.
class Greedy
{
public:
    Greedy(const Params &params, Placement placement, double limitMicrobatches,
           const GreedyPolicy &policy)
        : m_policy(policy), m_p(params.devices), m_m(params.microbatches),
          m_v(placement == Placement::VShape ? 2 : 1), m_vShape(placement == Placement::VShape),
          m_stages(m_p * m_v), m_commMs(m_p > 1 ? params.commMs : 0.0),
          m_endF(static_cast<std::size_t>(m_stages) * static_cast<std::size_t>(m_m), kUnknown),
          m_endB(m_endF.size(), kUnknown), m_devices(static_cast<std::size_t>(m_p))
    {
        const int limit = limitInChunks(limitMicrobatches, m_v);
        for (int d = 0; d < m_p; ++d) {
            Device &device = m_devices[static_cast<std::size_t>(d)];
            device.weights = hasWeightOps(params, d);
            device.ms = {perDevice(params.forwardMs, d) / m_v,
                         perDevice(params.backwardMs, d) / m_v,
                         perDevice(params.weightMs, d) / m_v};
            int own = limit;
            if (policy.taper)
                own = static_cast<int>(std::ceil(static_cast<double>(limit) * (m_p - d) / m_p));
            device.limit = std::max(own, m_v); // one microbatch's chunks always fit
            device.remaining = static_cast<std::int64_t>(m_m) * m_v * (device.weights ? 3 : 2);
            device.order.reserve(static_cast<std::size_t>(device.remaining));
        }
    }

    std::optional<Orders> run()
    {
        std::int64_t remaining = 0;
        for (int d = 0; d < m_p; ++d) {
            remaining += m_devices[static_cast<std::size_t>(d)].remaining;
            enqueue(d, 0.0);
        }
        while (remaining > 0) {
            const std::optional<Turn> turn = nextTurn();
            if (!turn)
                return std::nullopt; // every device waits on another: deadlocked
            const double now = turn->at;
            const int d = turn->device;
            Device &device = m_devices[static_cast<std::size_t>(d)];
            if (device.remaining == 0)
                continue;
            if (step(d, now))
                --remaining;
        }
        std::vector<std::vector<Step>> orders;
        orders.reserve(m_devices.size());
        for (Device &device : m_devices)
            orders.push_back(std::move(device.order));
        return toOrders(orders);
    }

private:
    /// A device's next look at the ready ops; `stamp` tells a turn since replaced.
    struct Turn
    {
        double at;
        int device;
        std::uint32_t stamp;
        bool operator>(const Turn &other) const
        {
            return at != other.at ? at > other.at : device > other.device;
        }
    };

    struct Device
    {
        std::array<double, 3> ms{};
        bool weights = false;
        int limit = 1;
        int held = 0; ///< chunks' activations held
        std::array<int, 2> nextF{0, 0};
        std::array<int, 2> nextB{0, 0};
        std::vector<std::pair<int, int>> pendingW; ///< (microbatch, chunk), run first in first out
        std::size_t pendingFront = 0;
        std::int64_t remaining = 0;
        double freeMs = 0;
        bool queued = false;
        double queuedAt = 0;
        std::uint32_t turn = 0; ///< the stamp of its queued turn
        std::vector<Step> order;
    };

    int stageOf(int device, int chunk) const
    {
        return m_vShape && chunk == 1 ? 2 * m_p - 1 - device : chunk * m_p + device;
    }
    int deviceOf(int stage) const { return stage < m_p ? stage : 2 * m_p - 1 - stage; }
    std::size_t cell(int stage, int microbatch) const
    {
        return static_cast<std::size_t>(stage) * static_cast<std::size_t>(m_m) +
               static_cast<std::size_t>(microbatch);
    }
    double delay(int fromStage, int device) const
    {
        return deviceOf(fromStage) == device ? 0.0 : m_commMs;
    }

    /// When chunk c's next forward on device d may start (NaN: its input is not scheduled yet).
    double forwardReady(int d, int c) const
    {
        const int s = stageOf(d, c);
        const int j = m_devices[static_cast<std::size_t>(d)].nextF[static_cast<std::size_t>(c)];
        return s == 0 ? 0.0 : m_endF[cell(s - 1, j)] + delay(s - 1, d);
    }
    double backwardReady(int d, int c) const
    {
        const int s = stageOf(d, c);
        const int j = m_devices[static_cast<std::size_t>(d)].nextB[static_cast<std::size_t>(c)];
        return s == m_stages - 1 ? m_endF[cell(s, j)] : m_endB[cell(s + 1, j)] + delay(s + 1, d);
    }
    /// Room for chunk c's next forward: with two chunks a new microbatch also keeps room for its
    /// later chunk, and for those of the microbatches already started, so they can never block.
    bool admits(const Device &device, int c) const
    {
        int need = device.held + 1;
        if (m_v == 2 && c == 0)
            need += device.nextF[0] - device.nextF[1] + 1;
        return need <= device.limit;
    }

    void schedule(int d, double start, OpKind kind, int chunk, int microbatch)
    {
        Device &device = m_devices[static_cast<std::size_t>(d)];
        const double end = start + device.ms[static_cast<std::size_t>(kind)];
        device.order.push_back({microbatch, static_cast<std::int16_t>(chunk), kind});
        device.freeMs = end;
        --device.remaining;
        const int s = stageOf(d, chunk);
        const auto cu = static_cast<std::size_t>(chunk);
        int consumer = -1;
        switch (kind) {
        case OpKind::Forward:
            ++device.held;
            ++device.nextF[cu];
            m_endF[cell(s, microbatch)] = end;
            if (s + 1 < m_stages)
                consumer = deviceOf(s + 1);
            break;
        case OpKind::Backward:
            ++device.nextB[cu];
            m_endB[cell(s, microbatch)] = end;
            if (device.weights)
                device.pendingW.emplace_back(microbatch, chunk);
            else
                --device.held;
            if (s > 0)
                consumer = deviceOf(s - 1);
            break;
        case OpKind::Weight:
            --device.held;
            ++device.pendingFront;
            break;
        }
        enqueue(d, end);
        if (consumer >= 0 && consumer != d)
            wake(consumer, end);
    }

    /// Device d's next turn is at `at`, in place of the one it had.
    void enqueue(int d, double at)
    {
        Device &device = m_devices[static_cast<std::size_t>(d)];
        device.queued = true;
        device.queuedAt = at;
        ++device.turn;
        m_turns.push_back({at, d, device.turn});
        std::push_heap(m_turns.begin(), m_turns.end(), std::greater<>{});
    }

    /// The earliest device's turn (the lowest device first at the same time), none when no
    /// device is queued. A replaced turn stays in the heap until it comes up and is passed over:
    /// cheaper than taking it out, which the search does for nearly every op.
    std::optional<Turn> nextTurn()
    {
        while (!m_turns.empty()) {
            std::pop_heap(m_turns.begin(), m_turns.end(), std::greater<>{});
            const Turn turn = m_turns.back();
            m_turns.pop_back();
            Device &device = m_devices[static_cast<std::size_t>(turn.device)];
            if (device.queued && device.turn == turn.stamp) {
                device.queued = false;
                return turn;
            }
        }
        return std::nullopt;
    }

    /// A neighbour produced an input of device d at `readyMs` (or later): a waiting device looks
    /// again then; a busy one when it is free anyway.
    void wake(int d, double readyMs)
    {
        Device &device = m_devices[static_cast<std::size_t>(d)];
        if (device.remaining == 0)
            return;
        const double at = std::max(readyMs, device.freeMs);
        if (!device.queued || at < device.queuedAt)
            enqueue(d, at);
    }

    /// Device d at `now`: runs one op (true), or waits (false).
    bool step(int d, double now)
    {
        Device &device = m_devices[static_cast<std::size_t>(d)];
        now = std::max(now, device.freeMs);
        double nextInput = kNever;
        int readyF = -1;
        int readyB = -1;
        bool memoryBlocked = false;
        for (int k = 0; k < m_v; ++k) {
            const int c = m_policy.laterChunkFirst ? m_v - 1 - k : k;
            const auto cu = static_cast<std::size_t>(c);
            if (device.nextB[cu] < device.nextF[cu]) {
                const double ready = backwardReady(d, c);
                if (!std::isnan(ready)) {
                    if (ready <= now + kEps) {
                        if (readyB < 0)
                            readyB = c;
                    } else {
                        nextInput = std::min(nextInput, ready);
                    }
                }
            }
            if (device.nextF[cu] < m_m) {
                const double ready = forwardReady(d, c);
                if (!admits(device, c)) {
                    memoryBlocked = true;
                } else if (!std::isnan(ready)) {
                    if (ready <= now + kEps) {
                        if (readyF < 0)
                            readyF = c;
                    } else {
                        nextInput = std::min(nextInput, ready);
                    }
                }
            }
        }
        const auto runF = [&] {
            schedule(d, now, OpKind::Forward, readyF,
                     device.nextF[static_cast<std::size_t>(readyF)]);
        };
        const auto runB = [&] {
            schedule(d, now, OpKind::Backward, readyB,
                     device.nextB[static_cast<std::size_t>(readyB)]);
        };
        if (readyF >= 0 && (m_policy.forwardFirst || readyB < 0)) {
            runF();
            return true;
        }
        if (readyB >= 0) {
            runB();
            return true;
        }
        const bool weightPending = device.pendingFront < device.pendingW.size();
        if (weightPending &&
            (m_policy.fillAlways || memoryBlocked || nextInput == kNever ||
             nextInput - now >= device.ms[static_cast<std::size_t>(OpKind::Weight)] - kEps)) {
            const auto [microbatch, chunk] = device.pendingW[device.pendingFront];
            schedule(d, now, OpKind::Weight, chunk, microbatch);
            return true;
        }
        device.freeMs = now;
        if (nextInput < kNever)
            enqueue(d, nextInput);
        return false;
    }

    GreedyPolicy m_policy;
    int m_p;
    int m_m;
    int m_v;
    bool m_vShape;
    int m_stages;
    double m_commMs;
    std::vector<double> m_endF;
    std::vector<double> m_endB;
    std::vector<Device> m_devices;
    std::vector<Turn> m_turns; ///< a heap, the earliest first
};

} // namespace

std::optional<Orders> greedyOrders(const Params &params, Placement placement,
                                   double limitMicrobatches, const GreedyPolicy &policy)
{
    return Greedy(params, placement, limitMicrobatches, policy).run();
}

std::optional<Orders> authorsHeuristicOrders(const Params &params, double limitMicrobatches,
                                             const HeuristicFlags &flags)
{
    // Graph.manual_order of zb.py, step by step: stages are devices, t[] the end time of each
    // op as the heuristic estimates it (0 for an op not placed yet, as there), e[] each stage's
    // end so far, m[] its memory, stage_bubble[] its idle time after its first forward.
    const int n = params.devices;
    const int nmb = params.microbatches;
    const double maxMem = std::floor(limitMicrobatches + kEps);
    const double comm = n > 1 ? params.commMs : 0.0;
    const auto nu = static_cast<std::size_t>(n);
    std::vector<std::array<double, 3>> cost(nu);
    for (int j = 0; j < n; ++j)
        cost[static_cast<std::size_t>(j)] = {perDevice(params.forwardMs, j),
                                             perDevice(params.backwardMs, j),
                                             perDevice(params.weightMs, j)};
    constexpr std::array<double, 3> mem{1, 0, -1};
    std::vector<double> t(static_cast<std::size_t>(3) * nu * static_cast<std::size_t>(nmb), 0.0);
    const auto id = [n, nmb](int type, int stage, int mb) {
        return (static_cast<std::size_t>(type) * static_cast<std::size_t>(n) +
                static_cast<std::size_t>(stage)) *
                   static_cast<std::size_t>(nmb) +
               static_cast<std::size_t>(mb);
    };
    std::vector<int> f(nu, 0);
    std::vector<int> b(nu, 0);
    std::vector<int> w(nu, 0);
    std::vector<double> e(nu, 0.0);
    std::vector<double> m(nu, 0.0);
    std::vector<double> stageBubble(nu, 0.0);
    std::vector<std::vector<Step>> order(nu);
    const auto c = [&cost](int stage, int type) {
        return cost[static_cast<std::size_t>(stage)][static_cast<std::size_t>(type)];
    };
    const auto at = [](std::vector<int> &v, int j) -> int & {
        return v[static_cast<std::size_t>(j)];
    };
    const auto atd = [](std::vector<double> &v, int j) -> double & {
        return v[static_cast<std::size_t>(j)];
    };
    const auto maxBubble = [&stageBubble] {
        return *std::max_element(stageBubble.begin(), stageBubble.end());
    };
    const auto put = [&](int j, int type) {
        int &count = type == 0 ? at(f, j) : type == 1 ? at(b, j) : at(w, j);
        const int mb = count;
        double tmp = atd(e, j) + c(j, type);
        const double noBubble = tmp;
        if (j > 0 && type == 0)
            tmp = std::max(tmp, t[id(0, j - 1, mb)] + comm + c(j, type));
        if (j < n - 1 && type == 1)
            tmp = std::max(tmp, t[id(1, j + 1, mb)] + comm + c(j, type));
        if (at(f, j) > 0)
            atd(stageBubble, j) += tmp - noBubble;
        atd(e, j) = tmp;
        t[id(type, j, mb)] = tmp;
        atd(m, j) += mem[static_cast<std::size_t>(type)];
        ++count;
        order[static_cast<std::size_t>(j)].push_back({mb, 0,
                                                      type == 0   ? OpKind::Forward
                                                      : type == 1 ? OpKind::Backward
                                                                  : OpKind::Weight});
    };
    // Puts W until F or B (memory `need`) fits stage j's memory; false when it cannot.
    const auto makeRoom = [&](int j, double need) {
        while (atd(m, j) + need > maxMem) {
            if (at(w, j) >= at(b, j))
                return false;
            put(j, 2);
        }
        return true;
    };
    // Fills stage j's wait for an input ready at `readyMs` with W, as zb.py does before F and B.
    const auto fillBefore = [&](int j, double readyMs) {
        while (at(w, j) < at(b, j) && atd(e, j) + c(j, 2) <= readyMs)
            put(j, 2);
        if (at(w, j) < at(b, j) && atd(e, j) < readyMs) {
            if (readyMs - atd(e, j) <= maxBubble() - atd(stageBubble, j)) {
                if (flags.noBubbleGreedy)
                    put(j, 2);
            } else {
                put(j, 2);
            }
        }
    };

    for (int i = 0; i < nmb; ++i) {
        if (i == 0) {
            for (int j = 0; j < n; ++j)
                put(j, 0);
            std::vector<int> fRequired(nu, 0);
            double lastT = 0;
            for (int j = n - 1; j >= 0; --j) {
                if (j == n - 1) {
                    lastT = t[id(0, j, i)] + c(j, 1);
                    continue;
                }
                double memory = atd(m, j);
                double costSoFar = atd(e, j);
                while (true) {
                    if (at(f, j) + at(fRequired, j) < nmb && memory + mem[0] <= maxMem) {
                        if (flags.allowBubbleBeforeFirstB) {
                            if (costSoFar + c(j, 0) > lastT + comm)
                                break;
                        } else if (costSoFar >= lastT + comm) {
                            break;
                        }
                        memory += mem[0];
                        costSoFar += c(j, 0);
                        ++at(fRequired, j);
                    } else {
                        break;
                    }
                }
                lastT = std::max(costSoFar, lastT + comm) + c(j, 1);
            }
            for (int j = 0; j < n; ++j) {
                while (j > 0 && at(fRequired, j) > 0 && at(fRequired, j) >= at(fRequired, j - 1) &&
                       at(f, j) + at(fRequired, j) < nmb)
                    --at(fRequired, j);
            }
            for (int j = 0; j < n; ++j)
                for (int k = 0; k < at(fRequired, j); ++k)
                    put(j, 0);
            for (int j = n - 1; j >= 0; --j)
                put(j, 1);
            continue;
        }
        std::vector<int> fRequired(nu, 0);
        for (int j = 0; j < n; ++j) {
            if (at(f, j) >= nmb)
                continue;
            if (j + 1 < n && at(f, j) >= at(f, j + 1) + 2 && flags.prioritizeB) {
                const double nextPlusFw = atd(e, j + 1) + c(j + 1, 0) + c(j + 1, 1) + comm;
                if (atd(e, j) >= nextPlusFw)
                    continue;
                double wCost = 0;
                int wCount = 0;
                double memWithW = atd(m, j) + mem[0];
                while (memWithW > maxMem && at(w, j) + wCount < at(b, j)) {
                    wCost += c(j, 2);
                    memWithW += mem[2];
                    ++wCount;
                }
                if (atd(e, j) + c(j, 0) + wCost <= nextPlusFw) {
                    at(fRequired, j) = 1;
                    continue;
                }
                if (nextPlusFw - atd(e, j) <= maxBubble() - atd(stageBubble, j))
                    continue;
            }
            at(fRequired, j) = 1;
        }
        for (int j = n - 2; j >= 0; --j)
            at(fRequired, j) = std::min(at(fRequired, j), at(fRequired, j + 1));
        for (int j = 0; j < n; ++j) {
            if (at(fRequired, j) == 0)
                continue;
            if (!makeRoom(j, mem[0]))
                return std::nullopt;
            if (j > 0)
                fillBefore(j, t[id(0, j - 1, at(f, j))] + comm);
            put(j, 0);
        }
        for (int j = n - 1; j >= 0; --j) {
            if (at(b, j) != i)
                return std::nullopt; // zb.py asserts b[j] == i
            if (!makeRoom(j, mem[1]))
                return std::nullopt;
            if (j + 1 < n)
                fillBefore(j, t[id(1, j + 1, i)] + comm);
            if (j == 0 && at(f, j) == nmb) {
                while (at(w, j) < at(b, j))
                    put(j, 2);
            }
            put(j, 1);
        }
    }
    for (int j = 0; j < n; ++j) {
        while (at(w, j) < nmb)
            put(j, 2);
    }
    // zb.py keeps a zero-time W; here a device without a weight pass has none.
    for (int j = 0; j < n; ++j) {
        if (!hasWeightOps(params, j)) {
            auto &steps = order[static_cast<std::size_t>(j)];
            std::erase_if(steps, [](const Step &s) { return s.kind == OpKind::Weight; });
        }
        if (std::cmp_not_equal(order[static_cast<std::size_t>(j)].size(),
                               nmb * (hasWeightOps(params, j) ? 3 : 2)))
            return std::nullopt;
    }
    return toOrders(order);
}

namespace {

/// A placement rule of zbv.py that cannot be met (its assert): the variant yields no order.
struct VRuleBroken
{
};

/// One try_v_schedule run. Chunk indices are zbv.py's: for F, 0 is the way down (stage d) and 1
/// the way up (stage 2p - 1 - d); for B and W, 0 is the way up's backward and 1 the way down's.
class AuthorsV
{
public:
    AuthorsV(const Params &params, double limitMicrobatches, bool fillF, bool fillB, bool meanCosts,
             std::vector<double> approved)
        : m_n(params.devices), m_m(params.microbatches),
          m_comm(params.devices > 1 ? params.commMs : 0.0), m_fillF(fillF), m_fillB(fillB),
          m_maxMem(std::floor(2 * limitMicrobatches + kEps)), m_approved(std::move(approved)),
          m_cost(static_cast<std::size_t>(m_n)), m_count(static_cast<std::size_t>(m_n)),
          m_end(static_cast<std::size_t>(6) * static_cast<std::size_t>(m_n) *
                    static_cast<std::size_t>(m_m),
                -1.0),
          m_cur(static_cast<std::size_t>(m_n), 0.0), m_mem(static_cast<std::size_t>(m_n), 0.0),
          m_bubble(static_cast<std::size_t>(m_n), 0.0), m_pending(static_cast<std::size_t>(m_n)),
          m_order(static_cast<std::size_t>(m_n))
    {
        for (int d = 0; d < m_n; ++d)
            m_cost[static_cast<std::size_t>(d)] = {perDevice(params.forwardMs, d) / 2,
                                                   perDevice(params.backwardMs, d) / 2,
                                                   perDevice(params.weightMs, d) / 2};
        if (meanCosts) {
            // zbv.py takes one F, B and W time for all stages: the devices' mean.
            std::array<double, 3> mean{};
            for (const auto &c : m_cost)
                for (std::size_t k = 0; k < 3; ++k)
                    mean[k] += c[k] / m_n;
            std::fill(m_cost.begin(), m_cost.end(), mean);
        }
        if (m_approved.empty())
            m_approved.assign(static_cast<std::size_t>(m_n), -1.0);
        m_maxApproved = *std::max_element(m_approved.begin(), m_approved.end());
    }

    void run()
    {
        warmUp();
        for (int round = 0; round < 2 * m_m; ++round) {
            putBackwards();
            putForwards();
        }
        for (int i = 0; i < m_n; ++i) {
            while (!pending(i).empty())
                putW(i);
        }
    }

    double maxBubble() const { return *std::max_element(m_bubble.begin(), m_bubble.end()); }
    const std::vector<double> &stageBubble() const { return m_bubble; }

    /// The run order in PipePlan's chunks (a B or W of zbv.py's chunk c is chunk 1 - c here).
    std::vector<std::vector<Step>> orders(const Params &params) const
    {
        std::vector<std::vector<Step>> out(static_cast<std::size_t>(m_n));
        for (int d = 0; d < m_n; ++d) {
            const bool weights = hasWeightOps(params, d);
            for (const auto &[cat, chunk, mb] : m_order[static_cast<std::size_t>(d)]) {
                if (cat == 2 && !weights)
                    continue;
                const auto ours = static_cast<std::int16_t>(cat == 0 ? chunk : 1 - chunk);
                out[static_cast<std::size_t>(d)].push_back({mb, ours,
                                                            cat == 0   ? OpKind::Forward
                                                            : cat == 1 ? OpKind::Backward
                                                                       : OpKind::Weight});
            }
        }
        return out;
    }

private:
    std::size_t id(int cat, int chunk, int stage, int mb) const
    {
        return ((static_cast<std::size_t>(cat) * 2 + static_cast<std::size_t>(chunk)) *
                    static_cast<std::size_t>(m_n) +
                static_cast<std::size_t>(stage)) *
                   static_cast<std::size_t>(m_m) +
               static_cast<std::size_t>(mb);
    }
    int &count(int stage, int slot) { return m_count[static_cast<std::size_t>(stage)][slot]; }
    double cost(int stage, int cat) const
    {
        return m_cost[static_cast<std::size_t>(stage)][static_cast<std::size_t>(cat)];
    }
    double &cur(int stage) { return m_cur[static_cast<std::size_t>(stage)]; }
    double &mem(int stage) { return m_mem[static_cast<std::size_t>(stage)]; }
    std::deque<int> &pending(int stage) { return m_pending[static_cast<std::size_t>(stage)]; }
    /// end_time[fa] as zbv.py reads it, where fa = -1 reads the list's last entry.
    double endOf(std::ptrdiff_t fa) const
    {
        return fa >= 0 ? m_end[static_cast<std::size_t>(fa)] : m_end.back();
    }

    double maxStageBubble(int stage) const
    {
        double most = maxBubble();
        if (stage >= 0)
            most = std::max(most, m_maxApproved - m_approved[static_cast<std::size_t>(stage)]);
        return most;
    }

    void put(int cat, int chunk, int i)
    {
        const double noBubble = cur(i) + cost(i, cat);
        double tmp = noBubble;
        const int cnt = count(i, cat * 2 + chunk);
        constexpr std::array<double, 3> kMem{1, 0, -1};
        if (cnt >= m_m || mem(i) + kMem[static_cast<std::size_t>(cat)] > m_maxMem + kEps)
            throw VRuleBroken{};
        if (cat > 0 || chunk > 0) {
            const int last = cat * 2 + chunk - 1;
            const double before =
                cat < 2 ? m_end[id(last / 2, last % 2, i, cnt)] : m_end[id(1, chunk, i, cnt)];
            if (before < 0)
                throw VRuleBroken{};
        }
        if (cat < 2 && ((chunk == 1 && i < m_n - 1) || (chunk == 0 && i > 0))) {
            const double input = m_end[id(cat, chunk, chunk == 1 ? i + 1 : i - 1, cnt)];
            if (input < 0)
                throw VRuleBroken{};
            tmp = std::max(tmp, input + m_comm + cost(i, cat));
        }
        if (count(i, 0) > 0)
            m_bubble[static_cast<std::size_t>(i)] += tmp - noBubble;
        m_end[id(cat, chunk, i, cnt)] = tmp;
        cur(i) = tmp;
        mem(i) += kMem[static_cast<std::size_t>(cat)];
        m_order[static_cast<std::size_t>(i)].push_back({cat, chunk, cnt});
        if (cat == 1)
            pending(i).push_back(chunk);
        ++count(i, cat * 2 + chunk);
    }

    void putW(int i)
    {
        if (pending(i).empty())
            throw VRuleBroken{};
        const int chunk = pending(i).front();
        pending(i).pop_front();
        put(2, chunk, i);
    }

    /// W into the wait for the input `fa` (fills it), and once more when the wait is longer
    /// than the bubble already approved (`fill`).
    void fillWait(int i, std::ptrdiff_t fa, bool fill)
    {
        while (!pending(i).empty() && fa >= 0 && endOf(fa) + m_comm >= cur(i) + cost(i, 2))
            putW(i);
        if (!pending(i).empty() &&
            endOf(fa) + m_comm - cur(i) >
                maxStageBubble(i) - m_bubble[static_cast<std::size_t>(i)] &&
            fill)
            putW(i);
    }

    void warmUp()
    {
        for (int i = 0; i < m_n; ++i)
            put(0, 0, i);
        for (int i = m_n - 1; i >= 0; --i) {
            if (i == m_n - 1) {
                put(0, 1, i);
                continue;
            }
            const double ready = m_end[id(0, 1, i + 1, 0)] + m_comm;
            while (mem(i) + (2.0 + 2.0 * i) <= m_maxMem + kEps && cur(i) + cost(i, 0) <= ready &&
                   count(i, 0) < m_m) {
                for (int j = 0; j <= i; ++j)
                    put(0, 0, j);
            }
            put(0, 1, i);
        }
        int chunk = 0;
        const std::int64_t guard = 8LL * m_n * m_m + 16;
        std::int64_t steps = 0;
        for (int i = 1; i < m_n; ++i) {
            while (count(i, 0) + count(i, 1) < count(i - 1, 0) + count(i - 1, 1) ||
                   (count(i, 1) <= count(i - 1, 1) && count(i - 1, 1) < m_m)) {
                if (++steps > guard)
                    throw VRuleBroken{};
                for (int j = m_n - 1; j >= i; --j) {
                    if (count(j, chunk) < m_m)
                        put(0, chunk, j);
                }
                chunk = 1 - chunk;
            }
        }
    }

    void putBackwards()
    {
        std::vector<int> b0;
        std::vector<int> b1;
        for (int i = 0; i < m_n; ++i) {
            // A stage whose way-down backward is due (its way-up one is done and the input from
            // the stage below is there) goes with the b1 ranks, the rest with b0.
            const bool due =
                count(i, 3) < count(i, 2) &&
                (i == m_n - 1 || m_end[id(1, 1, i + 1, count(i, 3))] >= 0 || count(i, 2) >= m_m);
            (due ? b1 : b0).push_back(i);
        }
        std::vector<std::pair<int, int>> ranks;
        ranks.reserve(b1.size() + b0.size());
        std::for_each(b1.rbegin(), b1.rend(), [&ranks](int i) { ranks.emplace_back(i, 1); });
        for (int i : b0)
            ranks.emplace_back(i, 0);
        for (const auto &[i, chunk] : ranks) {
            std::ptrdiff_t fa = -1;
            if (chunk == 1 && i < m_n - 1)
                fa = static_cast<std::ptrdiff_t>(id(1, 1, i + 1, count(i, 3)));
            if (chunk == 0 && i > 0)
                fa = static_cast<std::ptrdiff_t>(id(1, 0, i - 1, count(i, 2)));
            fillWait(i, fa, chunk == 1 || m_fillB);
            put(1, chunk, i);
        }
    }

    void putForwards()
    {
        for (int i = 0; i < m_n; ++i) {
            if (count(i, 1) >= m_m)
                continue;
            // The way down when it is level with the way up, else the way up when its input is
            // there, else the way down when its input is.
            const bool level = count(i, 1) >= count(i, 0);
            const bool upReady = i == m_n - 1 || m_end[id(0, 1, i + 1, count(i, 1))] >= 0;
            const bool downReady =
                count(i, 0) < m_m && (i == 0 || m_end[id(0, 0, i - 1, count(i, 0))] >= 0);
            if (!level && !upReady && !downReady)
                continue;
            const int item = !level && upReady ? 1 : 0;
            while (mem(i) + 1 > m_maxMem + kEps)
                putW(i);
            std::ptrdiff_t fa = -1;
            if (item == 0 && i > 0)
                fa = static_cast<std::ptrdiff_t>(id(0, 0, i - 1, count(i, 0)));
            if (item == 1 && i < m_n - 1)
                fa = static_cast<std::ptrdiff_t>(id(0, 1, i + 1, count(i, 1)));
            fillWait(i, fa, m_fillF);
            put(0, item, i);
        }
    }

    int m_n;
    int m_m;
    double m_comm;
    bool m_fillF;
    bool m_fillB;
    double m_maxMem;
    std::vector<double> m_approved;
    double m_maxApproved = -1;
    std::vector<std::array<double, 3>> m_cost;
    std::vector<std::array<int, 6>> m_count;
    std::vector<double> m_end;
    std::vector<double> m_cur;
    std::vector<double> m_mem;
    std::vector<double> m_bubble;
    std::vector<std::deque<int>> m_pending;
    std::vector<std::vector<std::array<int, 3>>> m_order;
};

} // namespace

std::optional<Orders> authorsVOrders(const Params &params, double limitMicrobatches, bool fillF,
                                     bool fillB, bool meanCosts)
{
    // try_v_schedule runs again with each run's per-stage bubble approved, while that lowers the
    // largest bubble (zbv.py recurses; a loop here, bounded).
    std::optional<AuthorsV> best;
    std::vector<double> approved;
    for (int round = 0; round < 32; ++round) {
        AuthorsV attempt(params, limitMicrobatches, fillF, fillB, meanCosts, approved);
        try {
            attempt.run();
        } catch (const VRuleBroken &) {
            break;
        }
        if (best && !(attempt.maxBubble() < best->maxBubble()))
            break;
        approved = attempt.stageBubble();
        best = std::move(attempt);
    }
    if (!best)
        return std::nullopt;
    return toOrders(best->orders(params));
}

namespace {

/// Keeps the faster of `best` and `result` when the latter fits `limit`.
void keepIfFaster(std::optional<Result> &best, Result result, double limit, const QString &origin)
{
    if (result.maxPeakInFlight() > limit + kEps)
        return;
    if (!best || result.makespanMs < best->makespanMs - kEps) {
        result.origin = origin;
        best = std::move(result);
    }
}

/// Keeps the faster of `best` and the order's schedule when the latter fits `limit`.
void consider(std::optional<Result> &best, const Params &params, const Layout &layout,
              std::optional<Orders> orders, double limit, const QString &origin)
{
    if (!orders)
        return;
    Result result;
    try {
        result = timeOrders(params, layout, std::move(*orders));
    } catch (const std::logic_error &) {
        return;
    }
    keepIfFaster(best, std::move(result), limit, origin);
}

/// Lower bounds on the makespan of any split-backward order of a layout by the activations a
/// device may hold at once, from three per device d:
///  - the earliest start of its first op, plus its busy time;
///  - the earliest start of its first backward (the first microbatch's forwards up to the last
///    stage and backwards down to d's), plus its busy time, less the forwards it can run before
///    that: nothing is released before a backward, so no more than the limit;
///  - m times the least time a microbatch's activations stay on it (its forward's start to its
///    last backward op's end), over the limit: on average no more than the limit are held.
class MemoryBound
{
public:
    MemoryBound(const Params &params, const Layout &layout)
        : m_m(params.microbatches), m_v(layout.chunks),
          m_devices(static_cast<std::size_t>(params.devices))
    {
        const int p = params.devices;
        const int stages = p * m_v;
        const bool vShape = layout.placement == Placement::VShape;
        const double comm = p > 1 ? params.commMs : 0.0;
        const auto deviceOf = [p, vShape](int s) {
            return vShape && s >= p ? 2 * p - 1 - s : s % p;
        };
        const auto delay = [&](int from, int to) {
            return deviceOf(from) == deviceOf(to) ? 0.0 : comm;
        };
        const auto share = [this](const std::vector<double> &values, int device) {
            return perDevice(values, device) / m_v;
        };
        const auto su = [](int i) { return static_cast<std::size_t>(i); };
        // One microbatch's earliest forward and backward starts at each stage.
        std::vector<double> forwardAt(su(stages), 0.0);
        for (int s = 1; s < stages; ++s)
            forwardAt[su(s)] =
                forwardAt[su(s - 1)] + share(params.forwardMs, deviceOf(s - 1)) + delay(s - 1, s);
        std::vector<double> backwardAt(su(stages), 0.0);
        backwardAt[su(stages - 1)] =
            forwardAt[su(stages - 1)] + share(params.forwardMs, deviceOf(stages - 1));
        for (int s = stages - 2; s >= 0; --s)
            backwardAt[su(s)] =
                backwardAt[su(s + 1)] + share(params.backwardMs, deviceOf(s + 1)) + delay(s + 1, s);
        for (int d = 0; d < p; ++d) {
            Device &device = m_devices[su(d)];
            device.forwardMs = share(params.forwardMs, d);
            device.weightMs = hasWeightOps(params, d) ? share(params.weightMs, d) : 0.0;
            device.busyMs =
                m_m * m_v * (device.forwardMs + share(params.backwardMs, d) + device.weightMs);
        }
        for (int s = 0; s < stages; ++s) {
            Device &device = m_devices[su(deviceOf(s))];
            device.firstOpMs = std::min(device.firstOpMs, forwardAt[su(s)]);
            device.firstBackwardMs = std::min(device.firstBackwardMs, backwardAt[su(s)]);
            device.heldMs += backwardAt[su(s)] + share(params.backwardMs, deviceOf(s)) +
                             device.weightMs - forwardAt[su(s)];
        }
    }

    /// The least makespan within `limitChunks` chunks' activations per device.
    double ms(int limitChunks) const
    {
        const double limit = std::max(limitChunks, 1);
        double bound = 0;
        for (const Device &d : m_devices) {
            const double early = std::min(limit, m_m * m_v) * d.forwardMs;
            bound = std::max({bound, d.firstOpMs + d.busyMs, d.firstBackwardMs + d.busyMs - early,
                              m_m * d.heldMs / limit});
        }
        return bound;
    }

private:
    struct Device
    {
        double forwardMs = 0;
        double weightMs = 0;
        double busyMs = 0;
        double firstOpMs = kNever;
        double firstBackwardMs = kNever;
        double heldMs = 0;
    };

    double m_m;
    int m_v;
    std::vector<Device> m_devices;
};

/// Where candidate orders come from: a named schedule's fixed order, or one of the searches'
/// order builders with its variants.
enum class Family : std::uint8_t
{
    ZbH1,
    OneFOneB,
    GPipe,
    Greedy,
    Heuristic,
    AuthorsV,
    GreedyV
};

/// One family's orders built for `buildLimit` microbatches, kept where they fit `fitLimit`: none
/// takes less than `boundMs` (MemoryBound within fitLimit; 0 for a fixed order).
struct Rung
{
    Family family;
    double buildLimit;
    double fitLimit;
    double boundMs;
};

Layout layoutOf(Family family)
{
    switch (family) {
    case Family::ZbH1:
    case Family::Greedy:
    case Family::Heuristic:
        return {1, Placement::Linear, true};
    case Family::OneFOneB:
    case Family::GPipe:
        return {1, Placement::Linear, false};
    case Family::AuthorsV:
    case Family::GreedyV:
        break;
    }
    return {2, Placement::VShape, true};
}

/// A rung of `family`, whose orders have the layout `bound` is for.
Rung makeRung(Family family, double buildLimit, double fitLimit, const MemoryBound &bound)
{
    const bool fixed =
        family == Family::ZbH1 || family == Family::OneFOneB || family == Family::GPipe;
    return {family, buildLimit, fitLimit,
            fixed ? 0.0 : bound.ms(limitInChunks(fitLimit, layoutOf(family).chunks))};
}

/// The variants of a family: greedy policies (the chunk order only with two chunks), the
/// heuristic's flags, the authors' ZB-V's fills (and with unequal devices its mean costs).
int variants(const Params &params, Family family)
{
    switch (family) {
    case Family::ZbH1:
    case Family::OneFOneB:
    case Family::GPipe:
        return 1;
    case Family::Greedy:
    case Family::Heuristic:
        return 8;
    case Family::AuthorsV: {
        // With equal devices the mean costs are the devices' own: one set of variants is enough.
        const bool unequal = params.forwardMs.size() > 1 || params.backwardMs.size() > 1 ||
                             params.weightMs.size() > 1;
        return unequal ? 8 : 4;
    }
    case Family::GreedyV:
        return 16;
    }
    return 0;
}

QString policyName(const GreedyPolicy &policy)
{
    QStringList parts;
    parts << (policy.forwardFirst ? tr("F first") : tr("B first"));
    parts << (policy.fillAlways ? tr("W into every wait") : tr("W where it fits"));
    if (policy.taper)
        parts << tr("memory tapered like 1F1B");
    return parts.join(QStringLiteral(", "));
}

/// Times variant `index` of the rung's family and keeps it in `best` when it fits and is faster;
/// `note` follows its origin.
void runVariant(std::optional<Result> &best, const Params &params, const Rung &rung, int index,
                const QString &note)
{
    const Layout layout = layoutOf(rung.family);
    const double build = rung.buildLimit;
    const double fit = rung.fitLimit;
    switch (rung.family) {
    case Family::ZbH1:
    case Family::OneFOneB:
    case Family::GPipe: {
        Params named = params;
        named.kind = rung.family == Family::ZbH1       ? Kind::ZeroBubbleH1
                     : rung.family == Family::OneFOneB ? Kind::OneFOneB
                                                       : Kind::GPipe;
        named.virtualStages = 1;
        keepIfFaster(best, compute(named), fit, displayName(named.kind) + tr("'s order"));
        return;
    }
    case Family::Greedy:
    case Family::GreedyV: {
        // In the order of taper, then F first, then W into every wait, then (V) chunk order.
        const bool vShape = rung.family == Family::GreedyV;
        const int bits = vShape ? index : index * 2;
        const GreedyPolicy policy{(bits & 4) != 0, (bits & 2) != 0, (bits & 8) != 0,
                                  (bits & 1) == 0};
        consider(best, params, layout, greedyOrders(params, layout.placement, build, policy), fit,
                 (vShape ? tr("V-shaped greedy: ") : tr("greedy: ")) + policyName(policy) + note);
        return;
    }
    case Family::Heuristic: {
        const HeuristicFlags flags{(index & 4) == 0, (index & 2) == 0, (index & 1) == 0};
        consider(best, params, layout, authorsHeuristicOrders(params, build, flags), fit,
                 tr("the zero-bubble authors' heuristic") + note);
        return;
    }
    case Family::AuthorsV:
        consider(
            best, params, layout,
            authorsVOrders(params, build, (index & 1) == 0, (index & 2) == 0, (index & 4) != 0),
            fit, tr("the zero-bubble authors' ZB-V") + note);
        return;
    }
}

/// The limits zb-auto builds its orders for within `limit`, in half microbatches (a V's chunks),
/// the largest first. None depends on `limit`, so a larger one only adds to them: every half
/// microbatch up to 8, every microbatch up to 16, then steps of an eighth (18, 20, 22, 24, 27,
/// ...), and the memory of p, ZB-H2's 2p and ZB-V's min(p, m), up to all m microbatches (the most
/// a device can hold).
std::vector<int> buildHalves(const Params &params, double limit)
{
    const int p = params.devices;
    const int m = params.microbatches;
    const int within = std::min(limitInChunks(limit, 2), 2 * m);
    std::vector<int> halves;
    for (int half = 2; half <= within; half += std::max(1, half / 16 * 2))
        halves.push_back(half);
    for (int named : {p, 2 * p, std::min(p, m), m}) {
        if (2 * named <= within)
            halves.push_back(2 * named);
    }
    std::sort(halves.begin(), halves.end(), std::greater<>{});
    halves.erase(std::unique(halves.begin(), halves.end()), halves.end());
    return halves;
}

/// zb-auto's rungs. Its limit L only ever adds orders: every other schedule's order that fits L
/// (ZB-H1's, 1F1B's and GPipe's, and those ZB-H2 and ZB-V search, built for their own memory),
/// and the orders built for each limit of buildHalves up to L, a V's at each, one chunk's at each
/// whole microbatch. A builder's choices change with its limit either way (more memory can cost
/// time), so only building for the smaller limits too keeps zb-auto from being slower with more
/// memory; the steps grow with the limit, so a large L adds few builds. The largest limits come
/// first: their orders are the fastest, and their bound rules out most of the smaller limits'.
std::vector<Rung> autoRungs(const Params &params, const MemoryBound &linear,
                            const MemoryBound &vShape)
{
    const double limit = searchLimit(params);
    const int p = params.devices;
    const int m = params.microbatches;
    std::vector<Rung> rungs;
    for (Family family : {Family::ZbH1, Family::OneFOneB, Family::GPipe})
        rungs.push_back(makeRung(family, limit, limit, linear));
    const bool v = p > 1; // one device: a V is the same order
    const std::vector<int> halves = buildHalves(params, limit);
    for (int half : halves) {
        const double at = half / 2.0;
        // At the same limit the one-chunk orders first: of orders as fast, the first found is
        // kept.
        if (half % 2 == 0) {
            rungs.push_back(makeRung(Family::Greedy, at, at, linear));
            rungs.push_back(makeRung(Family::Heuristic, at, at, linear));
        }
        if (v) {
            rungs.push_back(makeRung(Family::AuthorsV, at, at, vShape));
            rungs.push_back(makeRung(Family::GreedyV, at, at, vShape));
        }
    }
    // ZB-H2's (2p) and ZB-V's (1F1B's peak) orders where L is below their limits.
    const auto built = [&halves](int half) {
        return std::find(halves.begin(), halves.end(), half) != halves.end();
    };
    if (!built(4 * p)) {
        rungs.push_back(makeRung(Family::Greedy, 2.0 * p, limit, linear));
        rungs.push_back(makeRung(Family::Heuristic, 2.0 * p, limit, linear));
    }
    if (v && !built(2 * std::min(p, m))) {
        const double zbV = std::min(p, m);
        rungs.push_back(makeRung(Family::AuthorsV, zbV, limit, vShape));
        rungs.push_back(makeRung(Family::GreedyV, zbV, limit, vShape));
    }
    return rungs;
}

/// Every rung of the searched schedule, in the order they are timed.
std::vector<Rung> rungsFor(const Params &params)
{
    const MemoryBound linear(params, layoutOf(Family::Greedy));
    const MemoryBound vShape(params, layoutOf(Family::GreedyV));
    const double p = params.devices;
    switch (params.kind) {
    case Kind::ZeroBubbleH2: {
        const double limit = 2 * p;
        return {makeRung(Family::ZbH1, limit, limit, linear),
                makeRung(Family::Greedy, limit, limit, linear),
                makeRung(Family::Heuristic, limit, limit, linear)};
    }
    case Kind::ZeroBubbleV: {
        // 1F1B's activations: min(p, m) on the first device.
        const double limit = std::min(p, static_cast<double>(params.microbatches));
        return {makeRung(Family::AuthorsV, limit, limit, vShape),
                makeRung(Family::GreedyV, limit, limit, vShape)};
    }
    default:
        return autoRungs(params, linear, vShape);
    }
}

} // namespace

int searchedCandidates(const Params &params)
{
    int total = 0;
    for (const Rung &rung : rungsFor(params))
        total += variants(params, rung.family);
    return total;
}

std::optional<Result> computeSearched(const Params &params, const SearchProgress &progress)
{
    const std::vector<Rung> rungs = rungsFor(params);
    int total = 0;
    for (const Rung &rung : rungs)
        total += variants(params, rung.family);
    const double limit = searchLimit(params);
    std::optional<Result> best;
    int done = 0;
    for (const Rung &rung : rungs) {
        // zb-auto names the limit an order was built for where it is not its own.
        QString note;
        if (params.kind == Kind::ZeroBubbleAuto && std::abs(rung.buildLimit - limit) > kEps)
            note = tr(" (built for %1 microbatches)").arg(rung.buildLimit);
        const int count = variants(params, rung.family);
        for (int i = 0; i < count; ++i) {
            // None of the rung's orders can replace an order found as fast as its bound.
            if (!best || rung.boundMs < best->makespanMs)
                runVariant(best, params, rung, i, note);
            if (progress && !progress(++done, total))
                return std::nullopt;
        }
    }
    if (!best)
        throw std::logic_error("pipeline schedule: no order fits the memory limit");
    best->params = params;
    best->fitsMemory = true;
    if (const std::optional<double> memory = memoryLimit(params))
        best->fitsMemory = best->maxPeakInFlight() <= *memory + kEps;
    return best;
}

} // namespace pipeplan::schedule::detail
