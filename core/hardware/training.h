#pragma once

#include "core/hardware/device.h"
#include "core/hardware/model.h"
#include "core/hardware/roofline.h"

/// Training from the model: a pipeline stage's forward, input-gradient and
/// weight-gradient times from the model and the device, and the memory each device holds.
namespace pipeplan::hardware {

/// What activations a layer keeps for its backward pass (Korthikanti et al. 2022, "Reducing
/// Activation Recomputation in Large Transformer Models").
enum class Recompute
{
    None,      ///< every activation kept: s b h (34 + 5 a s / h) bytes per layer at 16 bits
    Selective, ///< the attention's s x s parts recomputed: s b h 34 bytes
    Full,      ///< only each layer's input kept (2 s b h bytes), the forward run again
};

namespace fields {
extern const FieldSpec trainingCount;  ///< sequences, sequence length, tensor and data parallel
extern const FieldSpec trainingTokens; ///< a training run's token budget
} // namespace fields

/// How the model is split and trained.
struct TrainingSetup
{
    double microbatchSequences = 1; ///< b: sequences per microbatch
    double sequenceLength = 2048;   ///< s: tokens per sequence
    double pipelineStages = 4;      ///< p: the layers split into p stages
    double tensorParallel = 1;   ///< t: each layer split over t devices (with sequence parallelism)
    double dataParallel = 1;     ///< d: replicas of the pipeline
    bool shardOptimizer = false; ///< ZeRO stage 1: optimizer states split over the d replicas
    Recompute recompute = Recompute::None;
    bool operator==(const TrainingSetup &) const = default;
};

/// Bytes of one layer's activations for one microbatch on one device (Korthikanti et al. 2022,
/// eq. 2 with sequence parallelism: s b h (34 + 5 a s / h) / t at 16 bits; selective
/// recomputation keeps s b h 34 / t; full keeps the layer's input, 2 s b h / t), scaled by
/// activation bits / 16.
double activationBytesPerLayer(const ModelSpec &model, const TrainingSetup &setup);

/// Bytes per parameter in mixed-precision Adam (Rajbhandari et al. 2020, ZeRO): 2 for the 16-bit
/// weights, 2 for their gradients, 12 for the optimizer (a 32-bit master copy, momentum and
/// variance): 16 in all.
inline constexpr double kAdamWeightBytes = 2;
inline constexpr double kAdamGradientBytes = 2;
inline constexpr double kAdamOptimizerBytes = 12;

/// A stage of the model on one device, trained.
struct TrainingStage
{
    double forwardMs = 0;  ///< F: 2 x parameters of the stage x tokens of a microbatch ÷ peak
    double backwardMs = 0; ///< B: the input gradients, about F (plus F again with full recompute)
    double weightMs = 0;   ///< W: the weight gradients, about F
    double weightBytes = 0;
    double gradientBytes = 0;
    double optimizerBytes = 0;
    double staticBytes = 0; ///< weights + gradients + optimizer states on one device
    double activationBytesPerMicrobatch = 0; ///< the stage's layers, one microbatch
    /// What the device has left for activations (kUsableMemoryFraction of it, minus the static
    /// bytes); negative when the static bytes alone do not fit.
    double memoryForActivationsBytes = 0;
    /// Microbatches whose activations fit beside the static bytes (0: none).
    double microbatchesThatFit = 0;
    double tokensPerMicrobatch = 0;
    double devices = 0; ///< p x t x d
    double dataParallel = 1;
    bool operator==(const TrainingStage &) const = default;
};

/// One stage of `model` on `device` (compute-bound: a training step's matrix multiplies run at
/// the compute efficiency). Precondition: the model is a transformer and the setup positive.
TrainingStage trainingStage(const ModelSpec &model, const Device &device,
                            const Efficiency &efficiency, const TrainingSetup &setup);

/// A training run of `tokenBudget` tokens when a step (m microbatches through the pipeline,
/// each of the d replicas) takes `stepMs`: tokens per second, the run's time, device-hours and
/// cost at the device's price.
struct TrainingRun
{
    double tokensPerStep = 0;
    double tokensPerSecond = 0;
    double seconds = 0;
    double deviceHours = 0;
    double cost = 0;
    bool operator==(const TrainingRun &) const = default;
};
TrainingRun trainingRun(const TrainingStage &stage, double microbatches, double stepMs,
                        double tokenBudget, double pricePerDeviceHour);

} // namespace pipeplan::hardware
