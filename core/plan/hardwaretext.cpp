#include "core/plan/hardwaretext.h"

#include "core/base/format.h"
#include "core/base/translate.h"

namespace pipeplan::explain {

PIPEPLAN_TR_CONTEXT("pipeplan::explain")

using namespace pipeplan::hardware;

namespace {

/// boundName and phaseName as a person reads them; those two stay the keys --json writes.
QString boundText(Bound bound)
{
    return bound == Bound::Compute ? tr("compute") : tr("memory");
}

QString phaseText(Phase phase)
{
    return phase == Phase::Prefill ? tr("prefill") : tr("decode");
}

} // namespace

QStringList rooflineHeader()
{
    return {tr("Phase"),    tr("Part"), QStringLiteral("GFLOP"),
            tr("MB moved"), tr("Time"), tr("Bound")};
}

std::vector<QStringList> rooflineRows(const Roofline &roofline)
{
    std::vector<QStringList> rows;
    rows.reserve(roofline.parts.size());
    for (const RooflinePart &p : roofline.parts)
        rows.push_back({phaseText(p.phase), p.name, format::fixedOrBelow(p.ops / 1e9, 2),
                        format::fixedOrBelow(p.bytes / 1e6, 2),
                        format::milliseconds(p.seconds * 1000), boundText(p.bound)});
    return rows;
}

QStringList deviceOptionsHeader(bool deadline)
{
    return {tr("Device"),
            tr("Batch"),
            tr("Latency/item"),
            tr("Bound"),
            deadline ? tr("Devices needed") : tr("Devices"),
            tr("Runtime"),
            tr("Device-hours"),
            tr("Cost")};
}

QString deviceOptionsTitle(const Scenario &scenario)
{
    const QString batch = format::grouped(scenario.hardware.batch, 0);
    if (const std::optional<double> deadline = scenario.goal.deadlineSeconds)
        return tr("Cheapest device that meets the deadline of %1 (set under Model > "
                  "Goal), at batch %2 or the largest that fits")
            .arg(format::duration(*deadline), batch);
    // No hidden deadline ranks them: each device at the plan's own workers.
    return tr("Each device at the plan's %1, cheapest first, at batch %2 or the "
              "largest that fits. No deadline set: set one under Model > Goal to "
              "find the fewest devices that meet it")
        .arg(format::workers(scenario.workload.workers), batch);
}

std::vector<QStringList> deviceOptionRows(const std::vector<DeviceOption> &options,
                                          const QString &currency)
{
    std::vector<QStringList> rows;
    for (const DeviceOption &o : options) {
        const bool fits = o.batch >= 1;
        if (!o.possible) {
            rows.push_back({o.device.name, fits ? format::grouped(o.batch, 0) : QStringLiteral("—"),
                            fits ? format::milliseconds(o.latencyMsPerItem) : QStringLiteral("—"),
                            fits ? boundText(o.bound) : QStringLiteral("—"),
                            tr("cannot: ") + o.reason, QString(), QString(), QString()});
            continue;
        }
        rows.push_back({o.device.name, format::grouped(o.batch, 0),
                        format::milliseconds(o.latencyMsPerItem), boundText(o.bound),
                        format::grouped(o.workers, 0), format::duration(o.runtimeSeconds),
                        format::grouped(o.workerHours, 1), format::money(o.cost, currency)});
    }
    return rows;
}

QString hardwareLever(const HardwareInForce &hardware)
{
    if (!hardware.inForce)
        return {};
    QString lever = tr("%1 → %2 batch %3: %4/item, %5-bound")
                        .arg(format::milliseconds(hardware.typedLatencyMs), hardware.device.name,
                             format::grouped(hardware.batch, 0),
                             format::milliseconds(hardware.roofline.latencyMsPerItem),
                             boundText(hardware.roofline.bound));
    if (hardware.batch < hardware.requestedBatch)
        lever += tr(" (batch %1 capped at %2: the device's memory)")
                     .arg(format::grouped(hardware.requestedBatch, 0),
                          format::grouped(hardware.batch, 0));
    return lever;
}

QString hardwareProblem(const HardwareInForce &hardware)
{
    if (hardware.inForce || !hardware.enabled)
        return {};
    if (!hardware.deviceFound)
        return tr("no device called \"%1\"").arg(hardware.deviceName);
    return memoryLimitText(hardware.memory, hardware.modelName, hardware.deviceName);
}

QString hardwareSummary(const HardwareSettings &settings, const HardwareInForce &hardware)
{
    if (!settings.enabled)
        // Names no control: the window offers the step beside it, and presentation mode and the
        // report have no check box to tick.
        return tr("Off: the latency typed on the Model tab holds. On: the device's "
                  "roofline and the devices that meet the plan.");
    if (!hardware.inForce)
        return tr("Not in force: %1. The typed latency holds.").arg(hardwareProblem(hardware));
    const Roofline &r = hardware.roofline;
    QString text = tr("In force: %1. Memory: %2 of weights, %3 per item; the largest "
                      "batch that fits is %4.")
                       .arg(hardwareLever(hardware), format::binaryBytes(r.weightBytes),
                            format::binaryBytes(r.kvBytesPerItem + r.activationBytesPerItem),
                            format::grouped(r.maxBatch, 0));
    text += r.computeBoundBatch >= 1
                ? tr(" Compute-bound from batch %1.").arg(format::grouped(r.computeBoundBatch, 0))
                : tr(" Memory-bound at every batch that fits.");
    return text;
}

QString hoursKind(const HardwareInForce &hardware)
{
    if (!hardware.inForce)
        return tr("worker");
    return hardware.device.kind == QLatin1String("gpu") ? QStringLiteral("GPU") : tr("device");
}

std::vector<bool> rooflineNumeric()
{
    return {false, false, true, true, true, false};
}

std::vector<bool> deviceOptionsNumeric()
{
    return {false, true, true, false, true, true, true, true};
}

QString costLine(const CostSummary &cost, const HardwareInForce &hardware)
{
    return tr("%1 for %2 %3-hours at %4/h")
        .arg(format::money(cost.total, cost.currency), format::grouped(cost.workerHours, 1),
             hoursKind(hardware), format::money(cost.pricePerWorkerHour, cost.currency));
}

QString trainingFromModel(const TrainingFromModel &model, const QString &currency)
{
    const TrainingStage &st = model.stage;
    QString text = tr("%1 on %2, per stage and microbatch: F %3, B %4, W %5. Per "
                      "device: %6 of weights, gradients and optimizer, %7 of "
                      "activations per microbatch in flight; ")
                       .arg(model.model, model.device, format::milliseconds(st.forwardMs),
                            format::milliseconds(st.backwardMs), format::milliseconds(st.weightMs),
                            format::binaryBytes(st.staticBytes),
                            format::binaryBytes(st.activationBytesPerMicrobatch));
    text += st.memoryForActivationsBytes <= 0
                ? tr("the static bytes alone do not fit the %1's %2.")
                      .arg(model.device,
                           format::binaryBytes(st.staticBytes + st.memoryForActivationsBytes))
                : tr("%1 in flight fit.").arg(format::grouped(st.microbatchesThatFit, 0));
    if (model.run) {
        const TrainingRun &run = *model.run;
        text += tr(" %1 tokens/s on %2 devices (%3's step): the token budget takes "
                   "%4, %5 device-hours, %6.")
                    .arg(format::grouped(run.tokensPerSecond, 0), format::grouped(st.devices, 0),
                         schedule::displayName(model.runSchedule), format::duration(run.seconds),
                         format::grouped(run.deviceHours, 0), format::money(run.cost, currency));
    }
    return text;
}

} // namespace pipeplan::explain
