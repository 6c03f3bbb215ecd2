#include "core/training/schedule.h"

#include "core/training/zbsearch.h"

#include "core/base/translate.h"

#include <QStringList>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace pipeplan::schedule {

PIPEPLAN_TR_CONTEXT("pipeplan::schedule")

QString keyOf(Kind kind)
{
    switch (kind) {
    case Kind::GPipe:
        return QStringLiteral("gpipe");
    case Kind::OneFOneB:
        return QStringLiteral("1f1b");
    case Kind::Interleaved:
        return QStringLiteral("interleaved");
    case Kind::ZeroBubbleH1:
        return QStringLiteral("zb-h1");
    case Kind::ZeroBubbleH2:
        return QStringLiteral("zb-h2");
    case Kind::ZeroBubbleV:
        return QStringLiteral("zb-v");
    case Kind::ZeroBubbleAuto:
        return QStringLiteral("zb-auto");
    }
    return {};
}

QString displayName(Kind kind)
{
    switch (kind) {
    case Kind::GPipe:
        return QStringLiteral("GPipe");
    case Kind::OneFOneB:
        return QStringLiteral("1F1B");
    case Kind::Interleaved:
        return tr("Interleaved 1F1B");
    case Kind::ZeroBubbleH1:
        return QStringLiteral("ZB-H1");
    case Kind::ZeroBubbleH2:
        return QStringLiteral("ZB-H2");
    case Kind::ZeroBubbleV:
        return QStringLiteral("ZB-V");
    case Kind::ZeroBubbleAuto:
        return tr("ZB-auto (memory limit)");
    }
    return {};
}

std::optional<Kind> parseKind(QStringView key)
{
    for (Kind kind : kAllKinds) {
        if (key.compare(keyOf(kind), Qt::CaseInsensitive) == 0)
            return kind;
    }
    return std::nullopt;
}

QString kindKeys()
{
    QStringList keys;
    for (Kind kind : kAllKinds)
        keys << keyOf(kind);
    return keys.join(QStringLiteral(", "));
}

QString keyOf(InterleavedRule rule)
{
    return rule == InterleavedRule::Megatron2021 ? QStringLiteral("megatron-2021")
                                                 : QStringLiteral("current");
}

std::optional<InterleavedRule> parseInterleavedRule(QStringView key)
{
    for (InterleavedRule rule : {InterleavedRule::Current, InterleavedRule::Megatron2021}) {
        if (key.compare(keyOf(rule), Qt::CaseInsensitive) == 0)
            return rule;
    }
    return std::nullopt;
}

const FieldSpec memoryLimitField{"memory_limit",
                                 QT_TRANSLATE_NOOP("pipeplan::fields", "activation memory limit"),
                                 QT_TRANSLATE_NOOP("pipeplan::fields", "microbatches"), 1, 1e6};
const FieldSpec activationBytesField{
    "activation_bytes",
    QT_TRANSLATE_NOOP("pipeplan::fields", "activations of a microbatch"),
    "B",
    0,
    1e18,
    true};
const FieldSpec deviceMemoryField{
    "device_memory",
    QT_TRANSLATE_NOOP("pipeplan::fields", "device memory for activations"),
    "B",
    0,
    1e18,
    true};

std::optional<double> memoryLimit(const Params &params)
{
    std::optional<double> limit = params.memoryLimitMicrobatches;
    if (params.activationBytesPerMicrobatch && params.deviceMemoryBytes &&
        *params.activationBytesPerMicrobatch > 0) {
        const double fromBytes = *params.deviceMemoryBytes / *params.activationBytesPerMicrobatch;
        limit = limit ? std::min(*limit, fromBytes) : fromBytes;
    }
    return limit;
}

double searchLimit(const Params &params)
{
    return memoryLimit(params).value_or(static_cast<double>(params.devices));
}

int chunksPerDevice(const Params &params)
{
    return params.kind == Kind::ZeroBubbleV ? 2 : params.virtualStages;
}

QString keyOf(OpKind kind)
{
    switch (kind) {
    case OpKind::Forward:
        return QStringLiteral("forward");
    case OpKind::Backward:
        return QStringLiteral("backward");
    case OpKind::Weight:
        return QStringLiteral("weight");
    }
    return {};
}

double perDevice(const std::vector<double> &values, int device)
{
    if (values.empty())
        return 0;
    return values.size() == 1 ? values.front() : values[static_cast<std::size_t>(device)];
}

double Result::maxPeakInFlight() const
{
    return peakInFlight.empty() ? 0 : *std::max_element(peakInFlight.begin(), peakInFlight.end());
}

namespace {

void checkList(const std::vector<double> &values, const FieldSpec &spec, int devices,
               std::vector<FieldError> &errors)
{
    const QString key = QString::fromLatin1(spec.key);
    if (values.empty()) {
        errors.push_back({key, tr("needs a value (one for all devices or one each)")});
        return;
    }
    if (values.size() != 1 && std::cmp_not_equal(values.size(), devices)) {
        errors.push_back({key, tr("%1 values for %2 devices: give one value per device, or one for "
                                  "all")
                                   .arg(values.size())
                                   .arg(devices)});
        return;
    }
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (auto reason = checkValue(spec, values[i])) {
            const QString where =
                values.size() == 1 ? key : QStringLiteral("%1[%2]").arg(key).arg(i);
            errors.push_back({where, *reason});
            return;
        }
    }
}

} // namespace

namespace detail {

bool hasWeightOps(const Params &params, int device)
{
    return perDevice(params.weightMs, device) > 0;
}

} // namespace detail

using detail::hasWeightOps;

std::vector<FieldError> validate(const Params &params)
{
    std::vector<FieldError> errors;
    if (auto e = checkField(fields::pipelineDevices, params.devices, QStringLiteral("devices")))
        errors.push_back(*e);
    if (auto e = checkField(fields::scheduleMicrobatches, params.microbatches,
                            QStringLiteral("microbatches")))
        errors.push_back(*e);
    if (auto e = checkField(fields::virtualStages, params.virtualStages,
                            QStringLiteral("virtual_stages")))
        errors.push_back(*e);
    if (auto e = checkField(fields::commMs, params.commMs, QStringLiteral("comm_ms")))
        errors.push_back(*e);
    if (!errors.empty())
        return errors;
    checkList(params.forwardMs, fields::forwardMs, params.devices, errors);
    checkList(params.backwardMs, fields::backwardMs, params.devices, errors);
    checkList(params.weightMs, fields::weightMs, params.devices, errors);
    if (params.kind != Kind::Interleaved && params.kind != Kind::ZeroBubbleV &&
        params.virtualStages != 1) {
        errors.push_back({QStringLiteral("virtual_stages"),
                          tr("only the interleaved schedule splits a device into "
                             "chunks; %1 needs 1 (got %2)")
                              .arg(keyOf(params.kind))
                              .arg(params.virtualStages)});
    }
    const auto checkOptional = [&errors](const std::optional<double> &value,
                                         const FieldSpec &spec) {
        if (value) {
            if (auto e = checkField(spec, *value, QString::fromLatin1(spec.key)))
                errors.push_back(*e);
        }
    };
    checkOptional(params.memoryLimitMicrobatches, memoryLimitField);
    checkOptional(params.activationBytesPerMicrobatch, activationBytesField);
    checkOptional(params.deviceMemoryBytes, deviceMemoryField);
    if (params.activationBytesPerMicrobatch.has_value() != params.deviceMemoryBytes.has_value()) {
        const bool bytesGiven = params.activationBytesPerMicrobatch.has_value();
        errors.push_back(
            {QString::fromLatin1(bytesGiven ? deviceMemoryField.key : activationBytesField.key),
             bytesGiven ? tr("needed with activation_bytes: the budget "
                             "is the device memory over them")
                        : tr("needed with device_memory: the budget is "
                             "the device memory over them")});
    } else if (errors.empty() && params.activationBytesPerMicrobatch &&
               *memoryLimit(params) < 1.0) {
        errors.push_back({QString::fromLatin1(deviceMemoryField.key),
                          tr("holds %1 of a microbatch's activations; a schedule "
                             "needs room for at least one")
                              .arg(*memoryLimit(params), 0, 'g', 3)});
    }
    if (params.kind == Kind::ZeroBubbleV && params.virtualStages != 1 &&
        params.virtualStages != 2) {
        errors.push_back(
            {QStringLiteral("virtual_stages"),
             tr("ZB-V always runs 2 chunks per device (got %1)").arg(params.virtualStages)});
    }
    if (params.kind == Kind::Interleaved && params.microbatches % params.devices != 0) {
        errors.push_back({QStringLiteral("microbatches"),
                          tr("the interleaved schedule needs a multiple of the %1 "
                             "devices (got %2)")
                              .arg(params.devices)
                              .arg(params.microbatches)});
    }
    const std::int64_t ops =
        std::int64_t{params.devices} * params.microbatches * chunksPerDevice(params) * 3;
    if (errors.empty() && ops > kMaxOps) {
        errors.push_back({QStringLiteral("microbatches"),
                          tr("devices x microbatches x virtual stages is %1; at most "
                             "%2 fit one schedule")
                              .arg(ops / 3)
                              .arg(kMaxOps / 3)});
    }
    return errors;
}

namespace {

using detail::Step;

/// The k-th (microbatch, chunk) of the interleaved order, k = 0, 1, ...: microbatch
/// (k / pv) p + k mod p, chunk (k mod pv) / p, stepped without dividing.
class ChunkOrder
{
public:
    ChunkOrder(int p, int v) : m_p(p), m_v(v) {}
    int microbatch() const { return m_group + m_offset; }
    int chunk() const { return m_chunk; }
    void advance()
    {
        if (++m_offset < m_p)
            return;
        m_offset = 0;
        if (++m_chunk < m_v)
            return;
        m_chunk = 0;
        m_group += m_p;
    }

private:
    int m_p;
    int m_v;
    int m_group = 0; ///< first microbatch of the current group of p
    int m_chunk = 0;
    int m_offset = 0; ///< position inside the group
};

/// Writes device d's ops, in its run order, from `out` on; returns the end of what it wrote.
class OrderBuilder
{
public:
    OrderBuilder(const Params &params, Step *out) : m_params(params), m_next(out) {}

    Step *build(int device)
    {
        m_device = device;
        m_weights = hasWeightOps(m_params, device);
        const int p = m_params.devices;
        const int m = m_params.microbatches;
        switch (m_params.kind) {
        case Kind::GPipe:
            for (int j = 0; j < m; ++j)
                forward(j, 0);
            for (int j = 0; j < m; ++j)
                backward(j, 0);
            break;
        case Kind::OneFOneB:
            oneFOneB(p, m, 0);
            break;
        case Kind::ZeroBubbleH1:
            // Device d keeps its last d weight gradients pending; they fill the cool-down, where
            // device d would otherwise wait for input gradients from the devices after it.
            oneFOneB(p, m, device);
            break;
        case Kind::Interleaved:
            if (m_params.virtualStages == 1)
                oneFOneB(p, m, 0);
            else
                interleaved(p, m, m_params.virtualStages);
            break;
        case Kind::ZeroBubbleH2:
        case Kind::ZeroBubbleV:
        case Kind::ZeroBubbleAuto:
            throw std::logic_error("pipeline schedule: a searched schedule has no fixed order");
        }
        flushWeights(0);
        return m_next;
    }

private:
    void push(OpKind kind, int microbatch, int chunk)
    {
        *m_next++ = {microbatch, static_cast<std::int16_t>(chunk), kind};
    }

    void forward(int microbatch, int chunk) { push(OpKind::Forward, microbatch, chunk); }

    void backward(int microbatch, int chunk)
    {
        push(OpKind::Backward, microbatch, chunk);
        if (!m_weights)
            return;
        m_pendingWeights.push_back({microbatch, chunk});
        flushWeights(m_weightLag);
    }

    void flushWeights(std::size_t keep)
    {
        while (m_pendingWeights.size() - m_pendingFront > keep) {
            const auto [microbatch, chunk] = m_pendingWeights[m_pendingFront++];
            push(OpKind::Weight, microbatch, chunk);
        }
    }

    /// min(p - d - 1, m) warm-up forwards, then forward and backward alternately, then the rest
    /// of the backwards (Narayanan et al. 2021, PipeDream-Flush).
    void oneFOneB(int p, int m, int weightLag)
    {
        m_weightLag = static_cast<std::size_t>(weightLag);
        const int warmup = std::min(p - m_device - 1, m);
        for (int j = 0; j < warmup; ++j)
            forward(j, 0);
        for (int i = 0; i < m - warmup; ++i) {
            forward(warmup + i, 0);
            backward(i, 0);
        }
        for (int i = m - warmup; i < m; ++i)
            backward(i, 0);
    }

    /// Megatron-LM's interleaved 1F1B: microbatches go in groups of p through chunk 0, then the
    /// same group through chunk 1, ...; backwards visit the chunks in reverse. Device d warms up
    /// with 2(p - d - 1) + (v - 1)p forwards (at most all of them); Megatron-LM of 2021 ran all
    /// of them first when m = p.
    void interleaved(int p, int m, int v)
    {
        m_weightLag = 0;
        const int total = m * v;
        const bool allFirst = m == p && m_params.interleavedRule == InterleavedRule::Megatron2021;
        const int warmup = allFirst ? total : std::min(2 * (p - m_device - 1) + (v - 1) * p, total);
        ChunkOrder forwards(p, v);
        ChunkOrder backwards(p, v);
        const auto nextForward = [&] {
            forward(forwards.microbatch(), forwards.chunk());
            forwards.advance();
        };
        const auto nextBackward = [&] {
            backward(backwards.microbatch(), v - 1 - backwards.chunk());
            backwards.advance();
        };
        for (int k = 0; k < warmup; ++k)
            nextForward();
        for (int i = 0; i < total - warmup; ++i) {
            nextForward();
            nextBackward();
        }
        for (int i = total - warmup; i < total; ++i)
            nextBackward();
    }

    struct Pending
    {
        int microbatch;
        int chunk;
    };

    const Params &m_params;
    Step *m_next;
    int m_device = 0;
    bool m_weights = false;
    std::size_t m_weightLag = 0;
    std::vector<Pending> m_pendingWeights;
    std::size_t m_pendingFront = 0;
};

constexpr double kNotDone = std::numeric_limits<double>::quiet_NaN();

} // namespace

bool isSearched(Kind kind)
{
    return kind == Kind::ZeroBubbleH2 || kind == Kind::ZeroBubbleV || kind == Kind::ZeroBubbleAuto;
}

bool searchesInBackground(const Params &params)
{
    return isSearched(params.kind) &&
           static_cast<std::int64_t>(params.devices) * params.microbatches > kInlineSearchCells;
}

int searchCandidates(const Params &params)
{
    return isSearched(params.kind) ? detail::searchedCandidates(params) : 1;
}

std::optional<Result> compute(const Params &params, const SearchProgress &progress)
{
    if (isSearched(params.kind))
        return detail::computeSearched(params, progress);
    Result result = compute(params);
    if (progress && !progress(1, 1))
        return std::nullopt;
    return result;
}

Result compute(const Params &params)
{
    if (isSearched(params.kind))
        return *detail::computeSearched(params, {});
    const int p = params.devices;
    const int m = params.microbatches;
    const int v = params.virtualStages;
    detail::Orders orders;
    std::int64_t total = 0;
    orders.deviceBegin.reserve(static_cast<std::size_t>(p) + 1);
    for (int d = 0; d < p; ++d) {
        orders.deviceBegin.push_back(total);
        total += std::int64_t{m} * v * (hasWeightOps(params, d) ? 3 : 2);
    }
    orders.deviceBegin.push_back(total);
    orders.steps.resize(static_cast<std::size_t>(total));
    for (int d = 0; d < p; ++d) {
        const auto du = static_cast<std::size_t>(d);
        const Step *end =
            OrderBuilder(params, orders.steps.data() + orders.deviceBegin[du]).build(d);
        if (end != orders.steps.data() + orders.deviceBegin[du + 1])
            throw std::logic_error("pipeline schedule: a device's order has the wrong op count");
    }
    return detail::timeOrders(params, {v, Placement::Linear, params.kind == Kind::ZeroBubbleH1},
                              std::move(orders));
}

namespace detail {

Result timeOrders(const Params &params, const Layout &layout, Orders orders)
{
    Result result;
    result.params = params;
    result.chunks = layout.chunks;
    result.placement = layout.placement;
    const int p = params.devices;
    const int m = params.microbatches;
    const int v = layout.chunks;
    const int stages = p * v;
    const bool splitBackward = layout.splitBackward;
    const std::vector<Step> &steps = orders.steps;
    result.deviceBegin = std::move(orders.deviceBegin);
    if (result.deviceBegin.size() != static_cast<std::size_t>(p) + 1 ||
        result.deviceBegin.back() != static_cast<std::int64_t>(steps.size()))
        throw std::logic_error("pipeline schedule: the device orders do not cover the ops");
    bool anyWeights = false;
    for (int d = 0; d < p; ++d)
        anyWeights = anyWeights || hasWeightOps(params, d);
    // Stage s of each (device, chunk) and the device of each stage.
    const bool vShape = layout.placement == Placement::VShape;
    const auto stageOf = [p, vShape](int device, int chunk) {
        return vShape && chunk == 1 ? 2 * p - 1 - device : chunk * p + device;
    };
    std::vector<int> deviceOfStage(static_cast<std::size_t>(stages));
    for (int d = 0; d < p; ++d)
        for (int c = 0; c < v; ++c)
            deviceOfStage[static_cast<std::size_t>(stageOf(d, c))] = d;

    // Each chunk of device d takes a v-th of the device's time, by op kind.
    std::vector<std::array<double, 3>> chunkMs(static_cast<std::size_t>(p));
    for (int d = 0; d < p; ++d) {
        chunkMs[static_cast<std::size_t>(d)] = {perDevice(params.forwardMs, d) / v,
                                                perDevice(params.backwardMs, d) / v,
                                                perDevice(params.weightMs, d) / v};
    }
    const auto durationMs = [&chunkMs](int device, OpKind kind) {
        return chunkMs[static_cast<std::size_t>(device)][static_cast<std::size_t>(kind)];
    };

    // End time of every (kind, stage, microbatch) op, NaN until it has run; the last entry, 0, is
    // the input of the first stage's forwards, there from the start.
    const auto cells = static_cast<std::size_t>(stages) * static_cast<std::size_t>(m);
    std::vector<double> endMs((anyWeights ? 3 : 2) * cells + 1, kNotDone);
    const std::size_t startCell = endMs.size() - 1;
    endMs[startCell] = 0.0;
    const auto at = [m, cells](OpKind kind, int stage, int microbatch) {
        return static_cast<std::size_t>(kind) * cells +
               static_cast<std::size_t>(stage) * static_cast<std::size_t>(m) +
               static_cast<std::size_t>(microbatch);
    };
    // An input from another device arrives commMs later (ZB-V's turn on the last device is
    // local).
    const double commMs = p > 1 ? params.commMs : 0.0;
    const auto delayFrom = [&](int stage, int device) {
        return deviceOfStage[static_cast<std::size_t>(stage)] == device ? 0.0 : commMs;
    };
    // What a backward waits for at the next stage: its B, or without the split (GPipe, 1F1B,
    // interleaved) its whole backward, B and then W, when the next stage's device has a weight
    // pass.
    std::vector<OpKind> gradientFrom(static_cast<std::size_t>(stages), OpKind::Backward);
    for (int s = 0; s + 1 < stages; ++s) {
        if (!splitBackward && hasWeightOps(params, deviceOfStage[static_cast<std::size_t>(s) + 1]))
            gradientFrom[static_cast<std::size_t>(s)] = OpKind::Weight;
    }

    // The input of `step` (at `stage`, on `device`): the entry of endMs of the op that produces
    // it, and the time it then takes to arrive.
    struct Input
    {
        std::size_t cell;
        double delayMs;
    };
    const auto inputOf = [&](const Step &step, int stage, int device) -> Input {
        switch (step.kind) {
        case OpKind::Forward:
            if (stage == 0)
                return {startCell, 0.0};
            return {at(OpKind::Forward, stage - 1, step.microbatch), delayFrom(stage - 1, device)};
        case OpKind::Backward:
            if (stage == stages - 1)
                return {at(OpKind::Forward, stage, step.microbatch), 0.0};
            return {at(gradientFrom[static_cast<std::size_t>(stage)], stage + 1, step.microbatch),
                    delayFrom(stage + 1, device)};
        case OpKind::Weight:
            return {at(OpKind::Backward, stage, step.microbatch), 0.0};
        }
        return {startCell, 0.0};
    };

    // Each device runs its ops in order until one waits on an input not yet computed. An op's
    // result only feeds the devices either side (a forward the next stage, a backward or weight
    // the previous one, B its own device's W), so a waiting device is retried only once a
    // neighbour has produced the very input it waits for: O(ops) overall however deep the
    // dependency chains. The times do not depend on the order devices are visited in: every op
    // starts at max(device free, input ready).
    std::vector<double> startMs(steps.size());
    std::vector<std::int64_t> next(result.deviceBegin.begin(), result.deviceBegin.end() - 1);
    std::vector<double> freeMs(static_cast<std::size_t>(p), 0.0);
    std::vector<int> toRun(static_cast<std::size_t>(p));
    std::vector<char> queued(static_cast<std::size_t>(p), 1);
    std::vector<std::size_t> waitsFor(static_cast<std::size_t>(p), startCell);
    for (int d = 0; d < p; ++d)
        toRun[static_cast<std::size_t>(d)] = p - 1 - d; // device 0 first
    auto remaining = static_cast<std::int64_t>(steps.size());
    while (!toRun.empty()) {
        const int d = toRun.back();
        toRun.pop_back();
        const auto du = static_cast<std::size_t>(d);
        queued[du] = 0;
        const std::int64_t end = result.deviceBegin[du + 1];
        const std::int64_t first = next[du];
        std::int64_t i = first;
        double deviceFreeMs = freeMs[du];
        for (; i < end; ++i) {
            const Step &step = steps[static_cast<std::size_t>(i)];
            const int stage = stageOf(d, step.chunk);
            const Input input = inputOf(step, stage, d);
            const double ready = endMs[input.cell] + input.delayMs;
            if (std::isnan(ready)) {
                waitsFor[du] = input.cell;
                break;
            }
            const double start = std::max(deviceFreeMs, ready);
            startMs[static_cast<std::size_t>(i)] = start;
            deviceFreeMs = start + durationMs(d, step.kind);
            endMs[at(step.kind, stage, step.microbatch)] = deviceFreeMs;
        }
        if (i == first)
            continue;
        next[du] = i;
        freeMs[du] = deviceFreeMs;
        remaining -= i - first;
        for (const int neighbour : {d + 1 == p ? 0 : d + 1, d == 0 ? p - 1 : d - 1}) {
            const auto nu = static_cast<std::size_t>(neighbour);
            if (queued[nu] == 0 && next[nu] < result.deviceBegin[nu + 1] &&
                !std::isnan(endMs[waitsFor[nu]])) {
                queued[nu] = 1;
                toRun.push_back(neighbour);
            }
        }
    }
    if (remaining != 0)
        throw std::logic_error("pipeline schedule deadlocked: an op waits on one never run");

    // The ops with their times, device by device; on the way, the busy time and the most
    // activations each device holds (from a forward until its last backward op, W if any).
    result.ops.reserve(steps.size());
    result.peakInFlight.reserve(static_cast<std::size_t>(p));
    double busyMs = 0;
    for (int d = 0; d < p; ++d) {
        const OpKind release = hasWeightOps(params, d) ? OpKind::Weight : OpKind::Backward;
        int held = 0;
        int peak = 0;
        double deviceBusyMs = 0;
        for (auto i = static_cast<std::size_t>(result.deviceBegin[static_cast<std::size_t>(d)]);
             i < static_cast<std::size_t>(result.deviceBegin[static_cast<std::size_t>(d) + 1]);
             ++i) {
            const Step &step = steps[i];
            const double duration = durationMs(d, step.kind);
            result.ops.push_back(
                {startMs[i], startMs[i] + duration, d, step.microbatch, step.chunk, step.kind});
            deviceBusyMs += duration;
            if (step.kind == OpKind::Forward)
                peak = std::max(peak, ++held);
            else if (step.kind == release)
                --held;
        }
        busyMs += deviceBusyMs;
        result.peakInFlight.push_back(static_cast<double>(peak) / v);
    }

    result.makespanMs = *std::max_element(freeMs.begin(), freeMs.end());
    result.busyMs = busyMs;
    const double capacityMs = p * result.makespanMs;
    result.bubbleFraction = capacityMs > 0 ? 1.0 - busyMs / capacityMs : 0.0;
    result.bubbleRatio = busyMs > 0 ? (capacityMs - busyMs) / busyMs : 0.0;
    if (const std::optional<double> limit = memoryLimit(params))
        result.fitsMemory = result.maxPeakInFlight() <= *limit + 1e-9;
    return result;
}

} // namespace detail

std::vector<MemoryStep> memoryOverTime(const Result &result, int device)
{
    std::vector<MemoryStep> steps{{0.0, 0.0}};
    if (device < 0 || device >= result.params.devices)
        return steps;
    const auto du = static_cast<std::size_t>(device);
    const OpKind release = hasWeightOps(result.params, device) ? OpKind::Weight : OpKind::Backward;
    const double perChunk = 1.0 / result.chunks;
    int held = 0;
    steps.reserve(static_cast<std::size_t>(result.deviceBegin[du + 1] - result.deviceBegin[du]));
    for (auto i = result.deviceBegin[du]; i < result.deviceBegin[du + 1]; ++i) {
        const Op &op = result.ops[static_cast<std::size_t>(i)];
        if (op.kind == OpKind::Forward)
            steps.push_back({op.startMs, ++held * perChunk});
        else if (op.kind == release)
            steps.push_back({op.endMs, --held * perChunk});
    }
    return steps;
}

} // namespace pipeplan::schedule
