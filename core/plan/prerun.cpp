// The pre-run estimation template of seed 003, filled from the plan.

#include "core/plan/prerun.h"

#include "core/base/format.h"
#include "core/base/translate.h"
#include "core/project/jobeta.h"
#include "core/track/calibration.h"

#include <cmath>

namespace pipeplan::prerun {

PIPEPLAN_TR_CONTEXT("pipeplan::prerun")

namespace {

QString toFill()
{
    return QString(kToFill);
}

QString precisionOf(const hardware::ModelSpec &model)
{
    const auto name = [](double bits) {
        return bits <= 4    ? QStringLiteral("INT4")
               : bits <= 8  ? QStringLiteral("INT8")
               : bits <= 16 ? QStringLiteral("BF16")
                            : QStringLiteral("FP32");
    };
    const QString weights = name(model.weightBits);
    const QString activations = name(model.activationBits);
    return weights == activations ? tr("%1 weights and activations").arg(weights)
                                  : tr("%1 weights, %2 activations").arg(weights, activations);
}

} // namespace

std::vector<Field> fields(const Plan &plan, const PlanResult &result)
{
    const Scenario &typed = plan.scenario;
    const Scenario &s = result.inForce;
    const ScenarioResult &r = result.model;
    const HardwareInForce &hw = result.hardware.current;
    const bool roofline = typed.hardware.enabled && hw.inForce;
    std::vector<Field> out;
    out.push_back({tr("Model"), roofline ? tr("%1 (%2 tokens per item)")
                                               .arg(typed.hardware.model.name,
                                                    format::grouped(typed.hardware.model.tokens, 0))
                                         : toFill()});
    out.push_back({tr("Dataset size"), format::count(s.workload.users * s.workload.keepFraction,
                                                     s.workload.counted.many)});
    out.push_back({tr("Batch size"), roofline ? format::grouped(hw.batch, 0) : toFill()});
    out.push_back({tr("Precision"), roofline ? precisionOf(typed.hardware.model) : toFill()});
    const QString source =
        roofline ? tr("from the roofline of %1 on %2 at batch %3")
                       .arg(typed.hardware.model.name, hw.device.name, format::grouped(hw.batch, 0))
                 : tr("from the latency per prediction in the plan (%1)")
                       .arg(format::milliseconds(s.workload.latencyMs));
    out.push_back(
        {tr("Throughput"), tr("%1 predictions/s over %2, %3")
                               .arg(format::significant(r.throughputPredictionsPerSecond, 4),
                                    format::count(s.workload.workers, tr("workers")), source)});
    out.push_back(
        {tr("Total steps / items"), format::count(r.totalPredictions, tr("predictions"))});
    const double etaSeconds = r.effectiveRuntimeSeconds;
    out.push_back({tr("ETA"), tr("%1 at %2")
                                  .arg(format::duration(etaSeconds),
                                       format::count(s.workload.workers, tr("workers")))});
    // The wall time to request by the job ETA's own rule: ETA x safety, up to a whole minute.
    const double safety = typed.project.jobEta.safetyFactor;
    const estimate::JobEta padded = estimate::jobEta({1, etaSeconds, 1, safety, 0});
    out.push_back({tr("Safety factor"), tr("x%1: request %2 of wall time")
                                            .arg(format::trimmed(safety, 2),
                                                 format::duration(padded.wallTimeMinutes * 60))});
    const uncertainty::Result &spread = result.uncertainty.result;
    out.push_back({tr("Calibrated P90"),
                   spread.calibrated
                       ? QStringLiteral("%1 (%2)").arg(format::duration(spread.runtimeSeconds.p90),
                                                       track::sentence(s.track.calibration))
                       : toFill() + tr(" (no track record applied)")});
    const std::optional<double> &checkpoint = typed.simulation.checkpointSeconds;
    out.push_back({tr("Checkpoint interval"),
                   checkpoint ? tr("every %1").arg(format::duration(*checkpoint)) : toFill()});
    out.push_back({tr("Resume plan"),
                   checkpoint ? tr("resume from the last checkpoint: a failure loses at most "
                                   "%1 of work")
                                    .arg(format::duration(*checkpoint))
                              : toFill() + tr(" (no checkpoints in the plan: a failed attempt "
                                              "restarts its shard)")});
    // Seed 003's canary: the first steps on one worker, against the plan's own single-stream
    // rate (1000 / ms per item over the stages), before the whole job is submitted.
    const QString &items = s.workload.counted.many;
    const double perWorkerPerSecond = r.perUserMs > 0 ? 1000 / r.perUserMs : 0;
    if (perWorkerPerSecond > 0) {
        const double canaryItems = roofline ? 2 * hw.batch : std::ceil(60 * perWorkerPerSecond);
        out.push_back(
            {tr("Canary plan"),
             tr("%1 on one worker: expect %2 at %3/s; slower, re-estimate before "
                "the full run")
                 .arg(roofline ? tr("2 batches of %1 (%2)")
                                     .arg(format::grouped(hw.batch, 0),
                                          format::count(canaryItems, items))
                               : format::count(canaryItems, items),
                      format::duration(canaryItems / perWorkerPerSecond),
                      format::significant(perWorkerPerSecond, 3) + QLatin1Char(' ') + items)});
    } else {
        out.push_back({tr("Canary plan"), toFill()});
    }
    return out;
}

QString markdown(const Plan &plan, const PlanResult &result)
{
    // A cell's '|' would end it early; line breaks would end the row.
    const auto cell = [](QString text) {
        text.replace(QLatin1Char('|'), QStringLiteral("\\|"));
        text.replace(QLatin1Char('\n'), QLatin1Char(' '));
        return text;
    };
    QString md = QStringLiteral("## ") + tr("Pre-run estimate: %1").arg(cell(plan.scenario.name)) +
                 QStringLiteral("\n\n| ") + tr("Field") + QStringLiteral(" | ") + tr("Value") +
                 QStringLiteral(" |\n|---|---|\n");
    int blanks = 0;
    for (const Field &field : fields(plan, result)) {
        md += QStringLiteral("| %1 | %2 |\n").arg(cell(field.label), cell(field.value));
        blanks += field.value.startsWith(kToFill) ? 1 : 0;
    }
    if (blanks > 0)
        md += QLatin1Char('\n') +
              tr("Fields marked %1 are not in the plan: the job's owner fills them in before "
                 "submitting.")
                  .arg(kToFill) +
              QLatin1Char('\n');
    return md;
}

} // namespace pipeplan::prerun
