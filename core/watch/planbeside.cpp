#include "core/watch/planbeside.h"

#include "core/model/amdahl.h"
#include "core/plan/evaluation.h"
#include "core/plan/goalseek.h"
#include "core/plan/summary.h"

#include <algorithm>

namespace pipeplan::watch {

PlanModel planModel(const PlanResult &result)
{
    const Scenario &scenario = result.inForce;
    PlanModel plan;
    // A plan that asks only the training question counts tokens; every other one users scored.
    const bool trainingOnly = summary::asks(scenario, summary::Question::Training) &&
                              !summary::asks(scenario, summary::Question::Job);
    if (trainingOnly) {
        plan.totalItems = scenario.hardware.trainingTokens;
        plan.totalKind = PlanModel::TotalKind::TrainingTokens;
    } else {
        plan.totalItems = result.model.usersScored;
    }
    plan.runtimeSeconds = result.model.effectiveRuntimeSeconds;
    plan.workers = scenario.workload.workers;
    plan.deadlineSeconds = scenario.goal.deadlineSeconds;
    // The deadline given here is replaced by besidePlan's; only the model and price are kept.
    const goalseek::Inputs in = goalModelInputs(scenario, result.model, 0);
    plan.model = in.withOverheads;
    plan.pricePerWorkerHour = in.pricePerWorkerHour;
    return plan;
}

Beside besidePlan(const PlanModel &plan, const Forecast &forecast)
{
    Beside beside;
    beside.planRuntimeSeconds = plan.runtimeSeconds;
    const double elapsedSeconds = forecast.lastSampleSeconds - forecast.startSeconds;
    if (forecast.etaSeconds) {
        const double toFinishSeconds =
            forecast.finishAtSeconds.value_or(forecast.nowSeconds) - forecast.lastSampleSeconds;
        beside.behindPlanSeconds = elapsedSeconds + toFinishSeconds - plan.runtimeSeconds;
    }
    if (!plan.deadlineSeconds || !forecast.totalItems || forecast.recentRatePerSecond <= 0 ||
        plan.totalItems <= 0)
        return beside;
    const double remainingItems = std::max(0.0, *forecast.totalItems - forecast.doneItems);
    goalseek::Inputs in;
    in.withOverheads = plan.model;
    in.withOverheads.workSeconds = remainingItems *
                                   amdahl::speedup(plan.model.parallelFraction, plan.workers) /
                                   forecast.recentRatePerSecond;
    const double remainingShare = remainingItems / *forecast.totalItems;
    in.withOverheads.sharedCapSeconds *= remainingShare;
    in.withOverheads.dispatchCapSeconds *= remainingShare;
    in.deadlineSeconds = *plan.deadlineSeconds - elapsedSeconds;
    in.pricePerWorkerHour = plan.pricePerWorkerHour;
    if (in.deadlineSeconds <= 0) {
        beside.deadlineOutOfReach = true;
        return beside;
    }
    const goalseek::Option option = goalseek::overheadOption(in);
    beside.workersToMeetDeadline = option.workers;
    beside.deadlineOutOfReach = !option.workers.has_value();
    return beside;
}

} // namespace pipeplan::watch
