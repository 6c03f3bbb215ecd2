#include "core/hardware/roofline.h"

#include "core/base/format.h"
#include "core/base/translate.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace pipeplan::hardware {

PIPEPLAN_TR_CONTEXT("pipeplan::hardware")

namespace fields {
const FieldSpec efficiency{
    "efficiency", QT_TRANSLATE_NOOP("pipeplan::fields", "efficiency"), "", 0, 1, true};
const FieldSpec batch{"batch",
                      QT_TRANSLATE_NOOP("pipeplan::fields", "batch size"),
                      QT_TRANSLATE_NOOP("pipeplan::fields", "items"),
                      1,
                      1e7,
                      false,
                      true};
} // namespace fields

QString boundName(Bound bound)
{
    return bound == Bound::Compute ? QStringLiteral("compute") : QStringLiteral("memory");
}

QString phaseName(Phase phase)
{
    return phase == Phase::Prefill ? QStringLiteral("prefill") : QStringLiteral("decode");
}

namespace {

/// One part's work: ops = ops0 + ops1 x L and bytes = bytes0 + bytes1 x L at a KV length L
/// (ops1 and bytes1 are 0 for everything but decode attention). `perLayer`: repeated per layer.
struct Cost
{
    const char *name = "";
    double ops0 = 0;
    double ops1 = 0;
    double bytes0 = 0;
    double bytes1 = 0;
    bool perLayer = true;
};

/// At most 17 parts per phase: a fixed array, so a search over batches allocates nothing.
struct Costs
{
    std::array<Cost, 20> items{};
    int count = 0;
    void add(const Cost &c) { items[static_cast<std::size_t>(count++)] = c; }
};

/// The parts of one phase at batch b. `tokens`: query tokens per sequence (the prompt in
/// prefill, 1 in decode); `keyLength`: 0 for prefill (keys = the prompt, constant), or the decode
/// step's KV length as the variable L.
Costs costs(const ModelSpec &m, Phase phase, double b)
{
    Costs out;
    const double aB = m.activationBits / 8;
    const double wB = m.weightBits / 8;
    const double kvB = aB;
    if (m.kind == ModelKind::Direct) {
        if (phase == Phase::Prefill)
            out.add({"network", b * m.flopsPerItem, 0,
                     m.weightBytes() + b * m.activationBytesPerItem, 0, false});
        return out;
    }
    const double h = m.hidden;
    const double i = m.intermediate;
    const double a = m.heads;
    const double hk = h * m.kvHeads / m.heads; // the keys' and values' width
    const double s = m.tokens;
    const double T = phase == Phase::Prefill ? b * s : b; // tokens through the layer
    auto linear = [&](const char *name, double in, double outWidth, double outBytes) {
        out.add({name, 2 * in * outWidth * T, 0,
                 in * outWidth * wB + in * T * aB + outWidth * T * outBytes});
    };
    linear("q_proj", h, h, aB);
    linear("k_proj", h, hk, kvB);
    linear("v_proj", h, hk, kvB);
    if (phase == Phase::Prefill) {
        // Queries s x keys s per head, the whole square (no causal halving, as LLM-Viewer).
        out.add({"qk_matmul", 2 * b * s * s * h, 0,
                 b * s * h * aB + b * s * hk * kvB + b * a * s * s * aB});
        out.add({"softmax", 5 * b * a * s * s, 0, 2 * b * a * s * s * aB});
        out.add({"sv_matmul", 2 * b * s * s * h, 0,
                 b * a * s * s * aB + b * s * hk * kvB + b * s * h * aB});
    } else {
        // One query per sequence against L cached keys and values.
        out.add({"qk_matmul", 0, 2 * b * h, b * h * aB, b * a * aB + b * hk * kvB});
        out.add({"softmax", 0, 5 * b * a, 0, 2 * b * a * aB});
        out.add({"sv_matmul", 0, 2 * b * h, b * h * aB, b * a * aB + b * hk * kvB});
    }
    linear("out_proj", h, h, aB);
    out.add({"attn_norm", 7 * T * h, 0, 2 * T * h * aB});
    out.add({"attn_add", T * h, 0, 2 * T * h * aB});
    if (m.gatedMlp)
        linear("gate_proj", h, i, aB);
    linear("up_proj", h, i, aB);
    // SiLU(gate) x up (or GELU(up)): over the MLP's width.
    out.add({"mlp_act", 2 * T * i, 0, ((m.gatedMlp ? 2 : 1) + 1) * T * i * aB});
    linear("down_proj", i, h, aB);
    out.add({"mlp_norm", 7 * T * h, 0, 2 * T * h * aB});
    out.add({"mlp_add", T * h, 0, 2 * T * h * aB});
    // The output head: one row of logits per sequence, only when generating.
    if (m.outputTokens > 0) {
        const double V = m.vocabulary;
        out.add({"lm_head", 2 * b * h * V, 0, h * V * wB + b * h * aB + b * V * aB, 0, false});
    }
    return out;
}

struct Sides
{
    double compute = 0; ///< seconds of steps on the compute side
    double memory = 0;  ///< seconds of steps on the memory side
    double total() const { return compute + memory; }
};

/// Sum over L = first .. first + n - 1 of (c0 + c1 L), in closed form.
double sumLinear(double c0, double c1, double first, double n)
{
    return n * c0 + c1 * (n * first + n * (n - 1) / 2);
}

/// Sum over the n steps L = first .. first + n - 1 of max(ops(L) / peak, bytes(L) / bandwidth),
/// in closed form: both sides are linear in L, so they cross at most once.
Sides sumSteps(const Cost &c, double peak, double bandwidth, double first, double n)
{
    if (n == 1) { // one step (every prefill part): the plain roofline
        const double compute = (c.ops0 + c.ops1 * first) / peak;
        const double memory = (c.bytes0 + c.bytes1 * first) / bandwidth;
        return compute >= memory ? Sides{compute, 0} : Sides{0, memory};
    }
    const double ca = c.ops0 / peak, cb = c.ops1 / peak;
    const double ma = c.bytes0 / bandwidth, mb = c.bytes1 / bandwidth;
    const double alpha = ca - ma, beta = cb - mb; // compute - memory = alpha + beta L
    double computeFirst = first, computeCount = 0;
    if (beta == 0) {
        computeCount = alpha >= 0 ? n : 0;
    } else {
        const double cross = -alpha / beta;
        if (beta > 0) { // compute wins from the crossing on
            computeFirst = std::clamp(std::ceil(cross), first, first + n);
            computeCount = first + n - computeFirst;
        } else { // compute wins up to the crossing
            computeCount = std::clamp(std::floor(cross) - first + 1, 0.0, n);
        }
    }
    Sides sides;
    sides.compute = sumLinear(ca, cb, computeFirst, computeCount);
    // The memory-side steps are the rest: before computeFirst or after the compute run.
    const double memoryFirst = computeFirst == first ? first + computeCount : first;
    sides.memory = sumLinear(ma, mb, memoryFirst, n - computeCount);
    return sides;
}

struct Totals
{
    double prefill = 0;
    double decodeAll = 0; ///< every decode step of the generation
    Sides sides;          ///< the whole batch's time by side
};

Totals totals(const ModelSpec &m, const Device &d, const Efficiency &e, double b)
{
    const double peak = d.peakOpsPerSecond(m.eightBit()) * e.compute;
    const double bandwidth = d.bytesPerSecond() * e.memory;
    Totals t;
    const double layers = m.kind == ModelKind::Direct ? 1 : m.layers;
    const Costs prefill = costs(m, Phase::Prefill, b);
    for (int k = 0; k < prefill.count; ++k) {
        const Cost &c = prefill.items[static_cast<std::size_t>(k)];
        const Sides s = sumSteps(c, peak, bandwidth, 0, 1);
        const double times = c.perLayer ? layers : 1;
        t.prefill += times * s.total();
        t.sides.compute += times * s.compute;
        t.sides.memory += times * s.memory;
    }
    if (m.outputTokens > 0 && m.kind == ModelKind::Transformer) {
        const Costs decode = costs(m, Phase::Decode, b);
        for (int k = 0; k < decode.count; ++k) {
            const Cost &c = decode.items[static_cast<std::size_t>(k)];
            const Sides s = sumSteps(c, peak, bandwidth, m.tokens, m.outputTokens);
            const double times = c.perLayer ? layers : 1;
            t.decodeAll += times * s.total();
            t.sides.compute += times * s.compute;
            t.sides.memory += times * s.memory;
        }
    }
    return t;
}

double kvBytesPerItem(const ModelSpec &m)
{
    if (m.kind == ModelKind::Direct || m.outputTokens <= 0)
        return 0;
    const double hk = m.hidden * m.kvHeads / m.heads;
    return 2 * m.layers * hk * (m.tokens + m.outputTokens) * m.activationBits / 8;
}

double activationBytesPerItem(const ModelSpec &m)
{
    if (m.kind == ModelKind::Direct)
        return m.activationBytesPerItem;
    // One layer's live values: the residual and attention output (2h), the MLP's inner
    // activations (2i), and the attention scores a x s x s (no flash attention).
    const double aB = m.activationBits / 8;
    return m.tokens * (2 * m.hidden + 2 * m.intermediate) * aB + m.heads * m.tokens * m.tokens * aB;
}

bool computeBound(const ModelSpec &m, const Device &d, const Efficiency &e, double b)
{
    const Totals t = totals(m, d, e, b);
    return t.sides.compute >= t.sides.memory;
}

} // namespace

QString fitLimitName(FitLimit limit)
{
    switch (limit) {
    case FitLimit::Weights:
        return QStringLiteral("weights");
    case FitLimit::KvCache:
        return QStringLiteral("kv_cache");
    case FitLimit::Activations:
        return QStringLiteral("activations");
    case FitLimit::None:
        break;
    }
    return {};
}

MemoryFit memoryFit(const ModelSpec &model, const Device &device)
{
    MemoryFit fit;
    fit.usableBytes = device.memoryBytes() * kUsableMemoryFraction;
    fit.weightBytes = model.weightBytes();
    fit.kvBytesPerItem = kvBytesPerItem(model);
    fit.activationBytesPerItem = activationBytesPerItem(model);
    auto fits = [&fit](double batch) { return fit.bytesAt(batch) <= fit.usableBytes; };
    if (!fits(0)) {
        fit.limit = FitLimit::Weights;
        return fit;
    }
    if (fit.bytesPerItem() <= 0) {
        fit.maxBatch = fields::batch.max;
        return fit;
    }
    double n = std::min(std::floor((fit.usableBytes - fit.weightBytes) / fit.bytesPerItem()),
                        fields::batch.max);
    // The quotient can round across a whole number: settle on the batch bytesAt itself accepts,
    // so the batch the memory is checked at and the batch reported never disagree.
    while (n > 0 && !fits(n))
        --n;
    while (n < fields::batch.max && fits(n + 1))
        ++n;
    fit.maxBatch = n;
    // One item does not fit beside the weights: the larger of its two parts is the one to cut.
    if (n < 1)
        fit.limit = fit.kvBytesPerItem >= fit.activationBytesPerItem ? FitLimit::KvCache
                                                                     : FitLimit::Activations;
    return fit;
}

QString memoryLimitText(const MemoryFit &fit, const QString &model, const QString &device)
{
    const QString usable = format::binaryBytes(fit.usableBytes);
    if (fit.limit == FitLimit::Weights)
        return tr("%1's %2 of weights do not fit in %3 usable on the %4")
            .arg(model, format::binaryBytes(fit.weightBytes), usable, device);
    if (fit.limit == FitLimit::None)
        return {};
    const bool kv = fit.limit == FitLimit::KvCache;
    const double binding = kv ? fit.kvBytesPerItem : fit.activationBytesPerItem;
    const double other = kv ? fit.activationBytesPerItem : fit.kvBytesPerItem;
    QString item = kv ? tr("one item's KV cache needs %1") : tr("one item's activations need %1");
    item = item.arg(format::binaryBytes(binding));
    if (other > 0)
        item += tr(" (and its %1 %2)")
                    .arg(kv ? tr("activations") : tr("KV cache"), format::binaryBytes(other));
    return tr("%1's %2 of weights leave %3 of %4 usable on the %5; %6")
        .arg(model, format::binaryBytes(fit.weightBytes),
             format::binaryBytes(fit.usableBytes - fit.weightBytes), usable, device, item);
}

QString batchFitText(const MemoryFit &fit, double batch, const QString &model,
                     const QString &device)
{
    if (batch <= fit.maxBatch)
        return {};
    if (fit.maxBatch < 1)
        return tr("not even one item fits: ") + memoryLimitText(fit, model, device);
    const QString head =
        tr("batch %1 does not fit on the %2: ").arg(format::grouped(batch, 0), device);
    return head + tr("the largest that fits is %1 (%2 of weights and %3 per item in "
                     "%4 usable)")
                      .arg(format::grouped(fit.maxBatch, 0), format::binaryBytes(fit.weightBytes),
                           format::binaryBytes(fit.bytesPerItem()),
                           format::binaryBytes(fit.usableBytes));
}

double maxBatch(const ModelSpec &model, const Device &device)
{
    return memoryFit(model, device).maxBatch;
}

double secondsPerBatch(const ModelSpec &model, const Device &device, const Efficiency &efficiency,
                       double batch)
{
    const Totals t = totals(model, device, efficiency, batch);
    return t.prefill + t.decodeAll;
}

Roofline roofline(const ModelSpec &m, const Device &d, const Efficiency &e, double batch)
{
    Roofline r;
    r.batch = batch;
    const double peak = d.peakOpsPerSecond(m.eightBit()) * e.compute;
    const double bandwidth = d.bytesPerSecond() * e.memory;
    const double layers = m.kind == ModelKind::Direct ? 1 : m.layers;
    const bool generating = m.outputTokens > 0 && m.kind == ModelKind::Transformer;
    auto addParts = [&](Phase phase, double first, double n) {
        const Costs cs = costs(m, phase, batch);
        for (int k = 0; k < cs.count; ++k) {
            const Cost &c = cs.items[static_cast<std::size_t>(k)];
            const Sides s = sumSteps(c, peak, bandwidth, first, n);
            const double times = c.perLayer ? layers : 1;
            RooflinePart p;
            p.phase = phase;
            p.name = QLatin1String(c.name);
            // Per step: decode parts are the mean over the n steps (linear in L: at the mean L).
            const double meanL = first + (n - 1) / 2;
            p.ops = times * (c.ops0 + c.ops1 * meanL);
            p.bytes = times * (c.bytes0 + c.bytes1 * meanL);
            p.seconds = times * s.total() / n;
            p.bound = s.compute >= s.memory ? Bound::Compute : Bound::Memory;
            r.parts.push_back(p);
        }
    };
    addParts(Phase::Prefill, 0, 1);
    if (generating)
        addParts(Phase::Decode, m.tokens, m.outputTokens);
    const Totals t = totals(m, d, e, batch);
    r.prefillSeconds = t.prefill;
    r.decodeSecondsPerToken = generating ? t.decodeAll / m.outputTokens : 0;
    r.secondsPerBatch = t.prefill + t.decodeAll;
    r.latencyMsPerItem = r.secondsPerBatch / batch * 1000;
    r.itemsPerSecond = batch / r.secondsPerBatch;
    r.bound = t.sides.compute >= t.sides.memory ? Bound::Compute : Bound::Memory;
    const MemoryFit fit = memoryFit(m, d);
    r.weightBytes = fit.weightBytes;
    r.kvBytesPerItem = fit.kvBytesPerItem;
    r.activationBytesPerItem = fit.activationBytesPerItem;
    r.memoryBytes = fit.bytesAt(batch);
    r.maxBatch = fit.maxBatch;
    r.fitLimit = fit.limit;
    // The time per item falls with the batch while the weights' reads dominate; the first batch
    // past which compute does is found by bisection (the compute share only grows with b).
    const double top = std::max(r.maxBatch, 1.0);
    if (computeBound(m, d, e, top)) {
        double lo = 1, hi = top; // computeBound(hi) holds
        if (computeBound(m, d, e, lo)) {
            hi = lo;
        } else {
            while (hi - lo > 1) {
                const double mid = std::floor((lo + hi) / 2);
                (computeBound(m, d, e, mid) ? hi : lo) = mid;
            }
        }
        r.computeBoundBatch = hi;
    }
    return r;
}

Calibration calibrate(const ModelSpec &model, const Device &device, const Efficiency &efficiency,
                      double batch, double measuredSeconds)
{
    Calibration c;
    const Totals now = totals(model, device, efficiency, batch);
    c.solvedFor = now.sides.compute >= now.sides.memory ? Bound::Compute : Bound::Memory;
    auto with = [&](double value) {
        Efficiency e = efficiency;
        (c.solvedFor == Bound::Compute ? e.compute : e.memory) = value;
        return e;
    };
    const QString measured =
        tr("measured %1 at batch %2")
            .arg(format::milliseconds(measuredSeconds * 1000), format::grouped(batch, 0));
    const QString side =
        c.solvedFor == Bound::Compute ? tr("compute efficiency") : tr("memory efficiency");
    if (secondsPerBatch(model, device, with(1), batch) > measuredSeconds) {
        c.text = measured + tr(": faster than %1 allows at its peak; check the device "
                               "and the model")
                                .arg(device.name);
        return c;
    }
    constexpr double kLowest = 1e-4;
    if (secondsPerBatch(model, device, with(kLowest), batch) < measuredSeconds) {
        c.text = measured + tr(": slower than %1 %% of %2's peak; check the device "
                               "and the model")
                                .arg(kLowest * 100)
                                .arg(device.name);
        return c;
    }
    // The time falls as the efficiency rises: bisect on a log scale to 1e-6 relative.
    double lo = kLowest, hi = 1;
    for (int k = 0; k < 80 && hi / lo > 1 + 1e-9; ++k) {
        const double mid = std::sqrt(lo * hi);
        (secondsPerBatch(model, device, with(mid), batch) > measuredSeconds ? lo : hi) = mid;
    }
    const double value = std::sqrt(lo * hi);
    c.efficiency = with(value);
    c.text = measured + QStringLiteral(": ") + side + QLatin1Char(' ') + format::trimmed(value, 2);
    return c;
}

} // namespace pipeplan::hardware
