#include "schedule.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace pipeplan::schedule {

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
        return QStringLiteral("Interleaved 1F1B");
    case Kind::ZeroBubbleH1:
        return QStringLiteral("ZB-H1");
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
        errors.push_back({key, QStringLiteral("needs a value (one for all devices or one each)")});
        return;
    }
    if (values.size() != 1 && std::cmp_not_equal(values.size(), devices)) {
        errors.push_back(
            {key, QStringLiteral("%1 values for %2 devices: give one value per device, or one for "
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

bool hasWeightOps(const Params &params, int device)
{
    return perDevice(params.weightMs, device) > 0;
}

} // namespace

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
    if (params.kind != Kind::Interleaved && params.virtualStages != 1) {
        errors.push_back({QStringLiteral("virtual_stages"),
                          QStringLiteral("only the interleaved schedule splits a device into "
                                         "chunks; %1 needs 1 (got %2)")
                              .arg(keyOf(params.kind))
                              .arg(params.virtualStages)});
    }
    if (params.kind == Kind::Interleaved && params.microbatches % params.devices != 0) {
        errors.push_back({QStringLiteral("microbatches"),
                          QStringLiteral("the interleaved schedule needs a multiple of the %1 "
                                         "devices (got %2)")
                              .arg(params.devices)
                              .arg(params.microbatches)});
    }
    const std::int64_t ops =
        std::int64_t{params.devices} * params.microbatches * params.virtualStages * 3;
    if (errors.empty() && ops > kMaxOps) {
        errors.push_back({QStringLiteral("microbatches"),
                          QStringLiteral("devices x microbatches x virtual stages is %1; at most "
                                         "%2 fit one schedule")
                              .arg(ops / 3)
                              .arg(kMaxOps / 3)});
    }
    return errors;
}

namespace {

/// One op of a device's run order without its times: a quarter of an Op, so the timing pass,
/// which walks all p devices' orders side by side, keeps them in cache.
struct Step
{
    std::int32_t microbatch;
    std::int16_t chunk;
    OpKind kind;
};

/// Appends device d's ops, in its run order.
class OrderBuilder
{
public:
    OrderBuilder(const Params &params, std::vector<Step> &steps) : m_params(params), m_steps(steps)
    {
    }

    void build(int device)
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
        }
        flushWeights(0);
    }

private:
    void push(OpKind kind, int microbatch, int chunk)
    {
        m_steps.push_back({microbatch, static_cast<std::int16_t>(chunk), kind});
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
    /// with 2(p - d - 1) + (v - 1)p forwards, all of them when m = p.
    void interleaved(int p, int m, int v)
    {
        m_weightLag = 0;
        const int total = m * v;
        const int warmup = m == p ? total : std::min(2 * (p - m_device - 1) + (v - 1) * p, total);
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

    struct Pending
    {
        int microbatch;
        int chunk;
    };

    const Params &m_params;
    std::vector<Step> &m_steps;
    int m_device = 0;
    bool m_weights = false;
    std::size_t m_weightLag = 0;
    std::vector<Pending> m_pendingWeights;
    std::size_t m_pendingFront = 0;
};

constexpr double kNotDone = std::numeric_limits<double>::quiet_NaN();

} // namespace

Result compute(const Params &params)
{
    Result result;
    result.params = params;
    const int p = params.devices;
    const int m = params.microbatches;
    const int v = params.virtualStages;
    const int stages = p * v;
    const bool splitBackward = params.kind == Kind::ZeroBubbleH1;

    const bool anyWeights = std::any_of(params.weightMs.begin(), params.weightMs.end(),
                                        [](double ms) { return ms > 0; });
    std::vector<Step> steps;
    steps.reserve(static_cast<std::size_t>(m) * static_cast<std::size_t>(v) *
                  static_cast<std::size_t>(p) * (anyWeights ? 3 : 2));
    result.deviceBegin.reserve(static_cast<std::size_t>(p) + 1);
    for (int d = 0; d < p; ++d) {
        result.deviceBegin.push_back(static_cast<std::int64_t>(steps.size()));
        OrderBuilder(params, steps).build(d);
    }
    result.deviceBegin.push_back(static_cast<std::int64_t>(steps.size()));

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

    // End time of every (kind, stage, microbatch) op, NaN until it has run.
    const auto cells = static_cast<std::size_t>(stages) * static_cast<std::size_t>(m);
    std::vector<double> endMs(3 * cells, kNotDone);
    const auto at = [m, cells](OpKind kind, int stage, int microbatch) {
        return static_cast<std::size_t>(kind) * cells +
               static_cast<std::size_t>(stage) * static_cast<std::size_t>(m) +
               static_cast<std::size_t>(microbatch);
    };
    // Stage s sits on device s mod p; an input from another device arrives commMs later.
    const double commMs = p > 1 ? params.commMs : 0.0;

    // When is the input of `step` (at `stage`, on `device`) ready? NaN while its producer has not
    // run.
    const auto readyMs = [&](const Step &step, int stage, int device) -> double {
        switch (step.kind) {
        case OpKind::Forward:
            return stage == 0 ? 0.0
                              : endMs[at(OpKind::Forward, stage - 1, step.microbatch)] + commMs;
        case OpKind::Backward: {
            if (stage == stages - 1)
                return endMs[at(OpKind::Forward, stage, step.microbatch)];
            const int nextDevice = device + 1 == p ? 0 : device + 1;
            // Without the split, the gradient leaves the next stage after its whole backward.
            const bool waitForWeights =
                !splitBackward && durationMs(nextDevice, OpKind::Weight) > 0;
            return endMs[at(waitForWeights ? OpKind::Weight : OpKind::Backward, stage + 1,
                            step.microbatch)] +
                   commMs;
        }
        case OpKind::Weight:
            return endMs[at(OpKind::Backward, stage, step.microbatch)];
        }
        return kNotDone;
    };

    // Each device runs its ops in order until one waits on an input not yet computed. An op's
    // result only feeds the devices either side (a forward the next stage, a backward or weight
    // the previous one, B its own device's W), so a device is retried only after a neighbour
    // made progress: O(ops) overall however deep the dependency chains. The times do not depend
    // on the order devices are visited in: every op starts at max(device free, input ready).
    std::vector<double> startMs(steps.size());
    std::vector<std::int64_t> next(result.deviceBegin.begin(), result.deviceBegin.end() - 1);
    std::vector<double> freeMs(static_cast<std::size_t>(p), 0.0);
    std::vector<int> toRun(static_cast<std::size_t>(p));
    std::vector<char> queued(static_cast<std::size_t>(p), 1);
    for (int d = 0; d < p; ++d)
        toRun[static_cast<std::size_t>(d)] = p - 1 - d; // device 0 first
    auto remaining = static_cast<std::int64_t>(steps.size());
    while (!toRun.empty()) {
        const int d = toRun.back();
        toRun.pop_back();
        const auto du = static_cast<std::size_t>(d);
        queued[du] = 0;
        const std::int64_t end = result.deviceBegin[du + 1];
        std::int64_t &i = next[du];
        const std::int64_t first = i;
        for (; i < end; ++i) {
            const Step &step = steps[static_cast<std::size_t>(i)];
            const int stage = step.chunk * p + d;
            const double ready = readyMs(step, stage, d);
            if (std::isnan(ready))
                break;
            const double start = std::max(freeMs[du], ready);
            startMs[static_cast<std::size_t>(i)] = start;
            freeMs[du] = start + durationMs(d, step.kind);
            endMs[at(step.kind, stage, step.microbatch)] = freeMs[du];
        }
        if (i == first)
            continue;
        remaining -= i - first;
        for (const int neighbour : {d + 1 == p ? 0 : d + 1, d == 0 ? p - 1 : d - 1}) {
            const auto nu = static_cast<std::size_t>(neighbour);
            if (queued[nu] == 0 && next[nu] < result.deviceBegin[nu + 1]) {
                queued[nu] = 1;
                toRun.push_back(neighbour);
            }
        }
    }
    if (remaining != 0)
        throw std::logic_error("pipeline schedule deadlocked: an op waits on one never run");

    result.ops.reserve(steps.size());
    double busyMs = 0;
    for (int d = 0; d < p; ++d) {
        double deviceBusyMs = 0;
        for (auto i = static_cast<std::size_t>(result.deviceBegin[static_cast<std::size_t>(d)]);
             i < static_cast<std::size_t>(result.deviceBegin[static_cast<std::size_t>(d) + 1]);
             ++i) {
            const Step &step = steps[i];
            const double duration = durationMs(d, step.kind);
            result.ops.push_back(
                {startMs[i], startMs[i] + duration, d, step.microbatch, step.chunk, step.kind});
            deviceBusyMs += duration;
        }
        busyMs += deviceBusyMs;
    }

    result.makespanMs = *std::max_element(freeMs.begin(), freeMs.end());
    result.busyMs = busyMs;
    const double capacityMs = p * result.makespanMs;
    result.bubbleFraction = capacityMs > 0 ? 1.0 - busyMs / capacityMs : 0.0;
    result.bubbleRatio = busyMs > 0 ? (capacityMs - busyMs) / busyMs : 0.0;

    result.peakInFlight.reserve(static_cast<std::size_t>(p));
    for (int d = 0; d < p; ++d) {
        const OpKind release = hasWeightOps(params, d) ? OpKind::Weight : OpKind::Backward;
        int held = 0;
        int peak = 0;
        for (auto i = result.deviceBegin[static_cast<std::size_t>(d)];
             i < result.deviceBegin[static_cast<std::size_t>(d) + 1]; ++i) {
            const OpKind kind = result.ops[static_cast<std::size_t>(i)].kind;
            if (kind == OpKind::Forward)
                peak = std::max(peak, ++held);
            else if (kind == release)
                --held;
        }
        result.peakInFlight.push_back(static_cast<double>(peak) / v);
    }
    return result;
}

std::vector<MemoryStep> memoryOverTime(const Result &result, int device)
{
    std::vector<MemoryStep> steps{{0.0, 0.0}};
    if (device < 0 || device >= result.params.devices)
        return steps;
    const auto du = static_cast<std::size_t>(device);
    const OpKind release = hasWeightOps(result.params, device) ? OpKind::Weight : OpKind::Backward;
    const double perChunk = 1.0 / result.params.virtualStages;
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
