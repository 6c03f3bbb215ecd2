#pragma once

// The plan beside the running job: the plan's runtime, how far behind it the job runs, and the
// workers the rest of the work needs to meet the deadline by the plan's own model with the
// measured rate in place of the planned one.

#include "core/plan/planresult.h"
#include "core/watch/forecast.h"

#include <optional>

namespace pipeplan::watch {

/// What the plan says about the job, taken from its one evaluation (evaluatePlan).
struct PlanModel
{
    /// The plan's total: users x keep fraction (ScenarioResult::usersScored); a training-only
    /// plan's token budget.
    double totalItems = 0;
    enum class TotalKind
    {
        UsersScored,
        TrainingTokens,
    } totalKind = TotalKind::UsersScored;
    double runtimeSeconds = 0; ///< ScenarioResult::effectiveRuntimeSeconds
    double workers = 1;
    std::optional<double> deadlineSeconds;
    /// The plan's closed forms (goalModelInputs): its overhead model is what the measured rate
    /// rescales.
    OverheadModel model;
    double pricePerWorkerHour = 0;
    bool operator==(const PlanModel &) const = default;
};

/// The plan's model from its result (evaluatePlan(plan)): nothing is computed again.
PlanModel planModel(const PlanResult &result);

/// The job against the plan.
struct Beside
{
    double planRuntimeSeconds = 0;
    /// (t_last - start + ETA) - plan runtime: positive when the job will finish later than the
    /// plan said; unset without an ETA.
    std::optional<double> behindPlanSeconds;
    /// The fewest workers that finish the remaining work by the deadline (see besidePlan);
    /// unset without a deadline, a rate, or when no count can.
    std::optional<double> workersToMeetDeadline;
    bool deadlineOutOfReach = false; ///< a deadline, and no worker count meets it
    bool operator==(const Beside &) const = default;
};

/// The plan beside `forecast`. Workers: the plan's model T(N) = C + max(W' / S(p, N), caps)
/// (overheads.h) with W' replaced by the remaining work at the measured rate,
/// W'_rem = R x S(p, N0) / r, with R the remaining
/// items, r the recent rate at the plan's N0 workers, the caps scaled to the remaining share and
/// the cold start kept (new workers warm up too), solved by goalseek::overheadOption for the
/// deadline left, deadline - (t_last - start).
Beside besidePlan(const PlanModel &plan, const Forecast &forecast);

} // namespace pipeplan::watch
