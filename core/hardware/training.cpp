#include "core/hardware/training.h"

#include "core/base/cost.h"
#include "core/base/translate.h"

#include <cmath>

namespace pipeplan::hardware {

namespace fields {
const FieldSpec trainingCount{
    "count", QT_TRANSLATE_NOOP("pipeplan::fields", "count"), "", 1, 1e7, false, true};
const FieldSpec trainingTokens{"tokens", QT_TRANSLATE_NOOP("pipeplan::fields", "training tokens"),
                               QT_TRANSLATE_NOOP("pipeplan::fields", "tokens"), 1, 1e18};
} // namespace fields

double activationBytesPerLayer(const ModelSpec &m, const TrainingSetup &setup)
{
    const double s = setup.sequenceLength;
    const double b = setup.microbatchSequences;
    const double h = m.hidden;
    const double a = m.heads;
    const double t = setup.tensorParallel;
    const double bits = m.activationBits / 16;
    switch (setup.recompute) {
    case Recompute::Full:
        return 2 * s * b * h / t * bits;
    case Recompute::Selective:
        return s * b * h * 34 / t * bits;
    case Recompute::None:
        break;
    }
    return s * b * h * (34 + 5 * a * s / h) / t * bits;
}

TrainingStage trainingStage(const ModelSpec &m, const Device &device, const Efficiency &efficiency,
                            const TrainingSetup &setup)
{
    TrainingStage stage;
    const double p = setup.pipelineStages;
    const double t = setup.tensorParallel;
    const double d = setup.dataParallel;
    stage.devices = p * t * d;
    stage.dataParallel = d;
    stage.tokensPerMicrobatch = setup.microbatchSequences * setup.sequenceLength;
    // Each device holds 1/(p t) of the parameters and does that share of every matmul.
    const double parameters = m.parameters / (p * t);
    const double peak = device.peakOpsPerSecond(m.eightBit()) * efficiency.compute;
    // A forward pass is about 2 x parameters x tokens operations (Kaplan et al. 2020), the
    // input and weight gradients about as much each.
    stage.forwardMs = 2 * parameters * stage.tokensPerMicrobatch / peak * 1000;
    stage.backwardMs = stage.forwardMs * (setup.recompute == Recompute::Full ? 2 : 1);
    stage.weightMs = stage.forwardMs;
    const double weightScale = m.weightBits / 16; // the 16-bit copies, at the model's precision
    stage.weightBytes = parameters * kAdamWeightBytes * weightScale;
    stage.gradientBytes = parameters * kAdamGradientBytes * weightScale;
    stage.optimizerBytes = parameters * kAdamOptimizerBytes / (setup.shardOptimizer ? d : 1);
    stage.staticBytes = stage.weightBytes + stage.gradientBytes + stage.optimizerBytes;
    stage.activationBytesPerMicrobatch =
        activationBytesPerLayer(m, setup) * std::ceil(m.layers / p);
    stage.memoryForActivationsBytes =
        device.memoryBytes() * kUsableMemoryFraction - stage.staticBytes;
    stage.microbatchesThatFit =
        stage.memoryForActivationsBytes > 0
            ? std::floor(stage.memoryForActivationsBytes / stage.activationBytesPerMicrobatch)
            : 0;
    return stage;
}

TrainingRun trainingRun(const TrainingStage &stage, double microbatches, double stepMs,
                        double tokenBudget, double pricePerDeviceHour)
{
    TrainingRun run;
    // Each of the d replicas takes m microbatches per step.
    run.tokensPerStep = stage.dataParallel * stage.tokensPerMicrobatch * microbatches;
    run.tokensPerSecond = run.tokensPerStep / (stepMs / 1000);
    run.seconds = tokenBudget / run.tokensPerSecond;
    run.deviceHours = stage.devices * run.seconds / 3600;
    run.cost = cost::ofJob(stage.devices, run.seconds, pricePerDeviceHour);
    return run;
}

} // namespace pipeplan::hardware
