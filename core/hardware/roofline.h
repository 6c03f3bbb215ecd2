#pragma once

#include "core/hardware/device.h"
#include "core/hardware/model.h"

#include <QString>

#include <optional>
#include <vector>

/// Latency by the roofline, per operator (Williams, Waterman, Patterson 2009): every
/// part of every layer takes max(ops / (peak x compute efficiency), bytes / (bandwidth x memory
/// efficiency)), and the parts add up. The parts and their operation and byte counts follow
/// LLM-Viewer's analyzer (Yuan et al. 2024, "LLM Inference Unveiled"): weights read once per
/// batch, each linear layer 2 x in x out operations per token, attention's QK^T and SV over the
/// whole key length (no causal halving), softmax 5, a norm 7 and an add 1 operation per value.
/// Two counts differ on purpose: the MLP's activation is over the MLP's width (LLM-Viewer uses
/// the hidden size), and the output head is a matrix multiply of 2 x hidden x vocabulary
/// operations per sequence (LLM-Viewer counts 1 and one sequence's activations).
namespace pipeplan::hardware {

/// What fraction of the data sheet's peaks a real kernel reaches. With both 1 the times are the
/// pure roofline. Defaults: 60 % of peak compute (large inference GEMMs reach 50-70 %), 80 % of
/// peak bandwidth (what STREAM-like copies reach on HBM).
struct Efficiency
{
    double compute = 0.6;
    double memory = 0.8;
    bool operator==(const Efficiency &) const = default;
};

enum class Bound
{
    Compute,
    Memory,
};
QString boundName(Bound bound); ///< "compute" or "memory"

enum class Phase
{
    Prefill, ///< the prompt (or the whole input of a forward pass), all tokens at once
    Decode,  ///< one generated token per sequence, against the KV cache
};
QString phaseName(Phase phase); ///< "prefill" or "decode"

/// One part of the model in one phase, summed over the layers. Decode parts are per generated
/// token: the mean over the output tokens, whose KV cache grows from `tokens` by one each step.
struct RooflinePart
{
    Phase phase = Phase::Prefill;
    QString name; ///< "q_proj", "qk_matmul", "mlp_act", "lm_head", "network" (a direct model)
    double ops = 0;
    double bytes = 0;
    double seconds = 0;
    Bound bound = Bound::Memory; ///< which side of the roofline most of its time is on
    bool operator==(const RooflinePart &) const = default;
};

/// The fraction of a device's memory a serving framework lets the model and its batch use
/// (vLLM's default gpu_memory_utilization is 0.9): the rest is the runtime's and fragmentation.
inline constexpr double kUsableMemoryFraction = 0.9;

/// What keeps a device's memory from holding even one item: the reason the largest batch that
/// fits is 0, named by the part that binds.
enum class FitLimit
{
    None,        ///< at least one item fits
    Weights,     ///< the weights alone exceed the usable memory
    KvCache,     ///< what the weights leave holds no item, and the KV cache is most of one
    Activations, ///< what the weights leave holds no item, and its activations are most of one
};
/// "weights", "kv_cache" or "activations"; empty for FitLimit::None.
QString fitLimitName(FitLimit limit);

/// The model's memory on the device: kUsableMemoryFraction of the device's holds the weights
/// and, per item, the KV cache of a whole generation and one layer's live activations.
struct MemoryFit
{
    double usableBytes = 0;
    double weightBytes = 0;
    double kvBytesPerItem = 0;         ///< 0 without generation
    double activationBytesPerItem = 0; ///< one layer's live values for one item
    /// The largest batch whose weights, KV cache and activations fit (at most the batch field's
    /// largest); 0 when not even one item does.
    double maxBatch = 0;
    FitLimit limit = FitLimit::None; ///< why maxBatch is 0
    bool operator==(const MemoryFit &) const = default;

    double bytesPerItem() const { return kvBytesPerItem + activationBytesPerItem; }
    double bytesAt(double batch) const { return weightBytes + batch * bytesPerItem(); }
};

/// How much of `device` the model and a batch take, and the largest batch that fits.
MemoryFit memoryFit(const ModelSpec &model, const Device &device);

/// Why no item fits, in words, or empty when one does: "Llama 2 7B's 12.55 GiB of weights leave
/// 59.09 GiB of 71.64 GiB usable on the H100 SXM; one item's KV cache needs 4,883.06 GiB (and its
/// activations 45.5 MiB)".
QString memoryLimitText(const MemoryFit &fit, const QString &model, const QString &device);

/// Empty when `batch` items fit; otherwise why not, in words: "batch 1,000 does not fit on the
/// H100 SXM: the largest that fits is 108 (12.55 GiB of weights and 557.5 MiB per item in 71.64
/// GiB usable)", or "not even one item fits: " and memoryLimitText's reason.
QString batchFitText(const MemoryFit &fit, double batch, const QString &model,
                     const QString &device);

/// The model on the device at one batch size.
struct Roofline
{
    std::vector<RooflinePart> parts; ///< prefill parts, then decode parts (when generating)
    double batch = 1;
    double prefillSeconds = 0;
    double decodeSecondsPerToken = 0; ///< mean over the output tokens; 0 without generation
    double secondsPerBatch = 0;       ///< prefill + output tokens x decode per token
    double latencyMsPerItem = 0;      ///< secondsPerBatch / batch, in ms
    double itemsPerSecond = 0;
    Bound bound = Bound::Memory; ///< the side most of the batch's time is on
    // Memory (kUsableMemoryFraction of the device's).
    double weightBytes = 0;
    double kvBytesPerItem = 0;         ///< the KV cache of a whole generation (0 without one)
    double activationBytesPerItem = 0; ///< one layer's live activations for one item
    double memoryBytes = 0;            ///< weights + batch x (KV + activations)
    /// The largest batch whose weights, KV cache and activations fit; 0 when not even one item
    /// does, for the reason fitLimit names.
    double maxBatch = 0;
    FitLimit fitLimit = FitLimit::None;
    /// The smallest batch at which the batch's time is mostly compute-bound; 0 when no batch up
    /// to maxBatch is (decode of a large model on a high-bandwidth device stays memory-bound).
    double computeBoundBatch = 0;
    bool operator==(const Roofline &) const = default;
};

/// The roofline of `model` on `device` at `batch` items (a whole number >= 1). Precondition:
/// validate(model) and validate(device) are empty.
Roofline roofline(const ModelSpec &model, const Device &device, const Efficiency &efficiency,
                  double batch);

/// secondsPerBatch alone, without the parts (what a search over batches or devices calls).
double secondsPerBatch(const ModelSpec &model, const Device &device, const Efficiency &efficiency,
                       double batch);

/// The largest batch that fits kUsableMemoryFraction of the device's memory (0: not even one
/// item; memoryFit says why).
double maxBatch(const ModelSpec &model, const Device &device);

/// The efficiency a measured time implies ("measured 40 ms at batch 16: compute
/// efficiency 0.41"): the side the batch is bound by at the given efficiencies is solved for,
/// the other kept.
struct Calibration
{
    std::optional<Efficiency> efficiency; ///< nothing when no efficiency in (0, 1] gives it
    Bound solvedFor = Bound::Compute;
    QString text;
};
Calibration calibrate(const ModelSpec &model, const Device &device, const Efficiency &efficiency,
                      double batch, double measuredSecondsPerBatch);

namespace fields {
extern const FieldSpec efficiency;
extern const FieldSpec batch;
} // namespace fields

} // namespace pipeplan::hardware
