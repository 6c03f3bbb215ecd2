// eval: every result the window shows for a scenario file, as text or as one JSON object.

#include "app/cli/cli.h"
#include "app/cli/commands.h"

#include "core/base/format.h"
#include "core/plan/evaluation.h"
#include "core/plan/explain.h"
#include "core/plan/hardwaretext.h"
#include "core/plan/planresult.h"
#include "core/plan/summary.h"
#include "core/track/calibration.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

namespace pipeplan::cli {

namespace {

/// The plan against its deadline (goal.deadline_s): null when no deadline is set. The closed
/// form's verdict, and for the plan (not its baseline) the simulated P50's ("simulated", null
/// when the job is not simulated) with both said in "verdicts".
QJsonValue deadlineObject(const ScenarioResult &r, const PlanResult *plan)
{
    if (!r.deadline)
        return QJsonValue(QJsonValue::Null);
    QJsonValue simulated(QJsonValue::Null);
    const std::optional<summary::SimulatedDeadline> sim =
        plan ? summary::simulatedDeadline(*plan) : std::nullopt;
    if (sim)
        simulated = QJsonObject{{QStringLiteral("method"), QStringLiteral("simulation")},
                                {QStringLiteral("p50_s"), sim->p50Seconds},
                                {QStringLiteral("meets"), sim->meets},
                                {QStringLiteral("margin_s"), sim->marginSeconds},
                                {QStringLiteral("trials"), sim->trials}};
    const DeadlineVerdict &v = *r.deadline;
    auto workers = [](const goalseek::Option &option) {
        return option.workers ? QJsonValue(*option.workers) : QJsonValue(QJsonValue::Null);
    };
    return QJsonObject{{QStringLiteral("deadline_s"), v.deadlineSeconds},
                       {QStringLiteral("runtime_s"), v.runtimeSeconds},
                       {QStringLiteral("meets"), v.meets},
                       {QStringLiteral("margin_s"), v.marginSeconds},
                       {QStringLiteral("naive_workers"), workers(v.naive)},
                       {QStringLiteral("overheads_workers"), workers(v.withOverheads)},
                       {QStringLiteral("verdict"), explain::deadline(v)},
                       {QStringLiteral("method"), QStringLiteral("closed_form")},
                       {QStringLiteral("simulated"), simulated},
                       {QStringLiteral("verdicts"),
                        plan ? summary::deadlineVerdicts(*plan) : explain::deadline(v)}};
}

/// Everything the window shows for a scenario, as one JSON object.
QJsonObject resultObject(const Scenario &s, const ScenarioResult &r,
                         const PlanResult *plan = nullptr)
{
    const explain::Headline h = explain::headline(s, r);
    QJsonArray stages;
    for (size_t i = 0; i < s.stages.size(); ++i) {
        stages.append(QJsonObject{{QStringLiteral("name"), s.stages[i].name},
                                  {QStringLiteral("ms_per_user"), r.stageMs[i]},
                                  {QStringLiteral("scoring"), s.stages[i].isScoring}});
    }
    const QJsonArray rows = scalingRowsJson(r.scaling);
    QJsonArray waterfall;
    for (const LeverStep &step : r.waterfall) {
        waterfall.append(
            QJsonObject{{QStringLiteral("lever"), step.name},
                        {QStringLiteral("explanation"), step.explanation},
                        {QStringLiteral("applied"), step.applied},
                        {QStringLiteral("runtime_seconds"), step.runtimeSeconds},
                        {QStringLiteral("runtime_human"), format::duration(step.runtimeSeconds)},
                        {QStringLiteral("cost"), step.cost}});
    }
    const PipelineSummary &p = r.pipeline;
    return QJsonObject{
        {QStringLiteral("name"), s.name},
        // What users_scored counts, in the plan's words (the key keeps its name).
        {QStringLiteral("counted"), s.workload.counted.many},
        {QStringLiteral("users_scored"), r.usersScored},
        {QStringLiteral("total_predictions"), r.totalPredictions},
        {QStringLiteral("scoring_ms_per_user"), r.scoringMsPerUser},
        {QStringLiteral("ms_per_user"), r.perUserMs},
        {QStringLiteral("execution"), s.execution == Execution::Sequential
                                          ? QStringLiteral("sequential")
                                          : QStringLiteral("pipelined")},
        {QStringLiteral("work_seconds"), r.workSeconds},
        {QStringLiteral("workers"), s.workload.workers},
        {QStringLiteral("linear_seconds"), r.linearSeconds},
        {QStringLiteral("runtime_seconds"), r.runtimeSeconds},
        {QStringLiteral("runtime_human"), h.runtime},
        {QStringLiteral("throughput_users_per_s"), r.throughputUsersPerSecond},
        {QStringLiteral("throughput_predictions_per_s"), r.throughputPredictionsPerSecond},
        {QStringLiteral("speedup"), r.speedup},
        {QStringLiteral("efficiency"), r.efficiency},
        {QStringLiteral("max_speedup"), jsonNumber(r.maxSpeedup)},
        {QStringLiteral("bottleneck"),
         QJsonObject{
             {QStringLiteral("index"), r.bottleneckIndex},
             {QStringLiteral("name"), s.stages[static_cast<size_t>(r.bottleneckIndex)].name},
             {QStringLiteral("ms_per_user"), r.stageMs[static_cast<size_t>(r.bottleneckIndex)]}}},
        {QStringLiteral("headline"),
         QJsonObject{{QStringLiteral("total_predictions"), h.totalPredictions},
                     {QStringLiteral("runtime"), h.runtime},
                     {QStringLiteral("throughput"), h.throughput},
                     {QStringLiteral("speedup"), h.speedup},
                     {QStringLiteral("bottleneck"), h.bottleneck}}},
        {QStringLiteral("how"),
         QJsonObject{{QStringLiteral("total_predictions"), explain::totalPredictions(s, r)},
                     {QStringLiteral("per_user"), explain::perUserCost(s, r)},
                     {QStringLiteral("runtime"), explain::runtime(s, r)},
                     {QStringLiteral("throughput"), explain::throughput(s, r)},
                     {QStringLiteral("speedup"), explain::speedup(s, r)}}},
        {QStringLiteral("stages"), stages},
        {QStringLiteral("rows"), rows},
        {QStringLiteral("nearest_row"), r.nearestScalingRow},
        {QStringLiteral("waterfall"), waterfall},
        {QStringLiteral("effective_runtime_seconds"), r.effectiveRuntimeSeconds},
        {QStringLiteral("deadline"), deadlineObject(r, plan)},
        {QStringLiteral("overheads"),
         QJsonObject{
             {QStringLiteral("enabled"), r.overheads.enabled},
             {QStringLiteral("ms_per_user"), r.overheads.msPerUser},
             {QStringLiteral("shards"), r.overheads.shards},
             {QStringLiteral("runtime_seconds"), r.overheads.runtimeSeconds},
             {QStringLiteral("binding"),
              limitName(r.overheads.binding, s.overheads.sharedResourceName)},
             {QStringLiteral("knee_workers"), r.overheads.kneeWorkers
                                                  ? QJsonValue(*r.overheads.kneeWorkers)
                                                  : QJsonValue(QJsonValue::Null)},
             {QStringLiteral("knee"), explain::kneeText(s, r.overheads)},
             {QStringLiteral("worker_share"), explain::workerShareText(s, r.overheads)},
             {QStringLiteral("how"), r.overheads.enabled ? explain::overheads(s, r) : QString()}}},
        {QStringLiteral("memory"),
         QJsonObject{{QStringLiteral("checked"), r.memory.checked},
                     {QStringLiteral("largest_batch"), r.memory.largestBatch},
                     {QStringLiteral("batch_items"), r.memory.batchItems},
                     {QStringLiteral("fits"), r.memory.fits},
                     {QStringLiteral("message"), r.memory.message}}},
        {QStringLiteral("pipeline"),
         QJsonObject{{QStringLiteral("microbatches"), s.microbatches},
                     {QStringLiteral("sequential_ms"), p.sequentialMs},
                     {QStringLiteral("total_ms"), p.totalMs},
                     {QStringLiteral("bubble_fraction"), p.bubbleFraction},
                     {QStringLiteral("steady_rate_per_s"), p.steadyRatePerSecond},
                     {QStringLiteral("bottleneck_index"), p.bottleneckIndex},
                     {QStringLiteral("utilization"), p.utilization},
                     {QStringLiteral("balanced_stage_ms"), p.balancedStageMs},
                     {QStringLiteral("balanced_rate_per_s"), p.balancedRatePerSecond}}},
    };
}

int runEval(const Flags &flags, QTextStream &out)
{
    const QString path = flags.positional().value(0);
    Plan plan = loadPlanArgument(flags);
    if (flags.has(QStringLiteral("history")))
        applyHistory(plan, flags);
    else if (flags.has(QStringLiteral("kind")))
        throw InvalidInput{QCoreApplication::translate(
            "pipeplan::cli", "--kind: needs --history (the track record to "
                             "calibrate on)")};
    // One evaluation of the plan, the window's and the report's.
    PlanResult evaluated = evaluatePlan(plan);
    // A deadline is judged by the simulation too, with the window's own job.
    if (plan.scenario.goal.deadlineSeconds && evaluated.tail.simulationError.isEmpty())
        completeBackground(evaluated, plan, Background::Simulation);
    const ScenarioResult &r = evaluated.model;
    const std::optional<ScenarioResult> &baseline = evaluated.baseline.result;

    if (flags.isSet(kJson.name)) {
        QJsonObject object = resultObject(evaluated.inForce, r, &evaluated);
        object.insert(QStringLiteral("file"), path);
        object.insert(QStringLiteral("hardware"), hardwareJson(evaluated, plan.scenario));
        object.insert(QStringLiteral("training"), trainingJson(evaluated, plan.scenario));
        object.insert(QStringLiteral("cost"), costJson(r.cost));
        object.insert(QStringLiteral("percentiles"), percentilesJson(evaluated.uncertainty.result));
        // The track record's calibration (docs/calibration.md): null when the plan has none.
        const TrackSettings &track = plan.scenario.track;
        if (track.calibration.jobs > 0 || !track.history.isEmpty()) {
            QJsonObject calibration = calibrationJson(track.calibration);
            calibration.insert(QStringLiteral("applied"), track.inForce());
            calibration.insert(QStringLiteral("history"), track.history);
            calibration.insert(QStringLiteral("kind"), track.kind);
            object.insert(QStringLiteral("calibration"), calibration);
        } else {
            object.insert(QStringLiteral("calibration"), QJsonValue::Null);
        }
        object.insert(QStringLiteral("sensitivity"), sensitivityJson(evaluated.uncertainty.result));
        object.insert(QStringLiteral("what_it_takes"),
                      whatItTakesJson(evaluated.whatItTakes, evaluated.plane));
        object.insert(QStringLiteral("options"), optionsJson(evaluated.options));
        // The window's headline: one sentence and at most four numbers.
        const summary::JobAnswer answer = summary::jobAnswer(evaluated);
        QJsonObject numbers;
        for (const summary::AnswerNumber &number : answer.numbers)
            numbers.insert(number.key, QJsonObject{{QStringLiteral("caption"), number.caption},
                                                   {QStringLiteral("value"), number.value},
                                                   {QStringLiteral("exact"), number.exact}});
        object.insert(QStringLiteral("answer"),
                      QJsonObject{{QStringLiteral("sentence"), answer.sentence},
                                  {QStringLiteral("numbers"), numbers}});
        if (baseline) {
            const Comparison &c = *evaluated.baseline.comparison;
            QJsonArray baselineRows;
            for (const ScalingRow &row : c.baselineScaling)
                baselineRows.append(
                    QJsonObject{{QStringLiteral("workers"), row.workers},
                                {QStringLiteral("amdahl_hours"), row.amdahlHours},
                                {QStringLiteral("effective_hours"), row.effectiveHours}});
            object.insert(QStringLiteral("baseline"), resultObject(*plan.baseline, *baseline));
            object.insert(
                QStringLiteral("comparison"),
                QJsonObject{
                    {QStringLiteral("runtime_ratio"), c.runtimeRatio},
                    {QStringLiteral("runtime_delta_seconds"), c.runtimeDeltaSeconds},
                    {QStringLiteral("throughput_ratio"), c.throughputRatio},
                    // The window's "(+100 %)" / "(same)": format::change of the
                    // runtimes and throughputs the headlines show.
                    {QStringLiteral("runtime_change"),
                     format::change(r.effectiveRuntimeSeconds, baseline->effectiveRuntimeSeconds)},
                    {QStringLiteral("throughput_change"),
                     format::change(r.throughputUsersPerSecond,
                                    baseline->throughputUsersPerSecond)},
                    {QStringLiteral("baseline_rows"), baselineRows}});
        } else {
            object.insert(QStringLiteral("baseline"), QJsonValue::Null);
        }
        printJson(out, object);
        return kExitOk;
    }
    const Scenario &s = evaluated.inForce;
    const explain::Headline h = explain::headline(s, r);
    out << s.name << '\n';
    // The answer first, as the window's headline says it; the details under it.
    out << summary::jobAnswer(evaluated).sentence << "\n\n";
    std::vector<std::pair<QString, QString>> rows{
        {QCoreApplication::translate("pipeplan::cli", "Total predictions"), h.totalPredictions},
        {QCoreApplication::translate("pipeplan::cli", "Runtime at %1")
             .arg(format::workers(s.workload.workers)),
         h.runtime},
        {QCoreApplication::translate("pipeplan::cli", "Throughput"), h.throughput},
        {QCoreApplication::translate("pipeplan::cli", "Speedup (ceiling)"), h.speedup},
        {QCoreApplication::translate("pipeplan::cli", "Bottleneck (per %1)")
             .arg(s.workload.counted.one),
         h.bottleneck},
        {QCoreApplication::translate("pipeplan::cli", "How"), explain::runtime(s, r)},
        {QCoreApplication::translate("pipeplan::cli", "Cost"),
         QCoreApplication::translate("pipeplan::cli", "%1 (%2 worker-hours at %3)")
             .arg(format::money(r.cost.total, r.cost.currency),
                  format::grouped(r.cost.workerHours, 1), explain::priceText(r.cost))},
    };
    if (plan.scenario.hardware.enabled)
        rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Hardware"),
                          evaluated.hardware.current.inForce
                              ? explain::hardwareLever(evaluated.hardware.current)
                              : explain::hardwareProblem(evaluated.hardware.current));
    if (r.deadline)
        rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Deadline"),
                          summary::deadlineVerdicts(evaluated));
    const uncertainty::Result &spread = evaluated.uncertainty.result;
    if (plan.scenario.track.calibration.jobs > 0)
        rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Track record"),
                          plan.scenario.track.inForce()
                              ? track::sentence(plan.scenario.track.calibration)
                              : QCoreApplication::translate("pipeplan::cli", "%1 (not applied)")
                                    .arg(track::sentence(plan.scenario.track.calibration)));
    if (spread.active) {
        rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Runtime over the ranges"),
                          explain::runtimePercentiles(spread));
        rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Cost over the ranges"),
                          explain::costPercentiles(spread));
        if (spread.pMeetDeadline)
            rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Chance"),
                              explain::chanceToMeet(spread));
        if (spread.pMeetBudget)
            rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Chance within budget"),
                              format::trimmed(*spread.pMeetBudget * 100, 1) + QStringLiteral(" %"));
        if (spread.pMeetBoth)
            rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Chance of both"),
                              format::trimmed(*spread.pMeetBoth * 100, 1) + QStringLiteral(" %"));
    }
    if (baseline) {
        const explain::Headline b = explain::headline(*plan.baseline, *baseline);
        rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Baseline runtime"),
                          QStringLiteral("%1 (%2)").arg(b.runtime, plan.baseline->name));
        rows.emplace_back(
            QCoreApplication::translate("pipeplan::cli", "Runtime change"),
            format::change(r.effectiveRuntimeSeconds, baseline->effectiveRuntimeSeconds));
    }
    printRows(out, rows);
    out << '\n' << QCoreApplication::translate("pipeplan::cli", "Scaling") << '\n';
    // The scenario's own worker count marked, in a row of its own when it is not listed (as the
    // window's table); the JSON keeps `rows` and `nearest_row` as they were.
    const explain::ShownScaling &shown = evaluated.scaling.shown;
    printScalingTable(out, shown.rows, shown.highlighted);
    out << '\n' << QCoreApplication::translate("pipeplan::cli", "Levers") << '\n';
    std::vector<std::pair<QString, QString>> levers;
    for (const LeverStep &step : r.waterfall)
        levers.emplace_back(QStringLiteral("  ") + step.name + QStringLiteral(" (") +
                                step.explanation + QStringLiteral(")"),
                            step.applied || &step == &r.waterfall.front()
                                ? format::duration(step.runtimeSeconds) + QStringLiteral(", ") +
                                      format::money(step.cost, r.cost.currency)
                                : QCoreApplication::translate("pipeplan::cli", "unchanged"));
    printRows(out, levers);
    if (spread.active) {
        out << '\n'
            << QCoreApplication::translate("pipeplan::cli",
                                           "What drives the spread (%1 samples, seed %2)")
                   .arg(format::grouped(spread.samples, 0), format::plainNumber(spread.seed))
            << '\n';
        const std::vector<QStringList> drivers = explain::driverRows(spread);
        for (size_t i = 1; i < drivers.size(); ++i) {
            QString value =
                drivers[i].value(2) + QStringLiteral(" (") + drivers[i].value(1) + QLatin1Char(')');
            if (drivers[i].size() > 3)
                value += QStringLiteral("; ") + drivers[0].value(3) + QStringLiteral(": ") +
                         drivers[i].value(3);
            printRows(out, {{QStringLiteral("  ") + drivers[i].value(0), value}});
        }
    }
    if (evaluated.whatItTakes.active) {
        out << '\n' << explain::whatItTakesTitle(evaluated.whatItTakes) << '\n';
        const std::vector<QStringList> takes = explain::whatItTakesRows(evaluated.whatItTakes);
        std::vector<std::pair<QString, QString>> lines;
        for (size_t i = 1; i < takes.size(); ++i) {
            const QStringList &row = takes[i];
            lines.emplace_back(
                QStringLiteral("  ") + row.value(0),
                row.value(3).isEmpty()
                    ? row.value(1) + QStringLiteral(": ") + row.value(2)
                    : QCoreApplication::translate("pipeplan::cli", "%1 (%2; runtime %3)")
                          .arg(row.value(1), row.value(2), row.value(3)));
        }
        printRows(out, lines);
        out << '\n'
            << QCoreApplication::translate("pipeplan::cli", "Two levers (goal.levers)") << '\n';
        for (const QString &line : explain::planeLines(evaluated.plane))
            out << "  " << line << '\n';
    }
    out << '\n'
        << QCoreApplication::translate("pipeplan::cli", "Pipeline (%1 microbatches)")
               .arg(format::grouped(s.microbatches, 0))
        << '\n';
    printRows(
        out, {{QStringLiteral("  ") +
                   QCoreApplication::translate("pipeplan::cli", "Bubble (p-1)/(m+p-1)"),
               format::grouped(r.pipeline.bubbleFraction, 3)},
              {QStringLiteral("  ") + QCoreApplication::translate("pipeplan::cli", "Utilization"),
               format::trimmed(r.pipeline.utilization * 100, 1) + QStringLiteral(" %")},
              {QStringLiteral("  ") + QCoreApplication::translate("pipeplan::cli", "Total time"),
               format::milliseconds(r.pipeline.totalMs)},
              {QStringLiteral("  ") + QCoreApplication::translate("pipeplan::cli", "Steady rate"),
               format::ratePerSecond(r.pipeline.steadyRatePerSecond,
                                     QCoreApplication::translate("pipeplan::cli", "items"))},
              {QStringLiteral("  ") + QCoreApplication::translate("pipeplan::cli", "Balanced rate"),
               format::ratePerSecond(r.pipeline.balancedRatePerSecond,
                                     QCoreApplication::translate("pipeplan::cli", "items"))}});
    return kExitOk;
}

} // namespace

Command evalCommand()
{
    return {
        QStringLiteral("eval"),
        QCoreApplication::translate(
            "pipeplan::cli", "every result the window shows for a scenario file: eval FILE.json"),
        {{QStringLiteral("set"), FlagKind::Repeated,
          QCoreApplication::translate(
              "pipeplan::cli", "key=value to change before evaluating (repeatable), e.g. users=75M "
                               "or stages[0].ms_per_user=250")},
         historyFlag(),
         kindFlag(),
         kJson,
         kHelp},
        runEval,
        1};
}

} // namespace pipeplan::cli
