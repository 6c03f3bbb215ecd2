#pragma once

// The pre-run estimation template (seed 003, "required in PR/job submission"): the plan's
// numbers as a Markdown form a person pastes into a pull request or a job submission.

#include "core/plan/planresult.h"
#include "core/plan/scenariofile.h"

#include <QString>

namespace pipeplan::prerun {

/// What a field PipePlan does not know reads: a blank for the person, never an invented value.
inline constexpr QLatin1StringView kToFill{"_to fill_"};

/// One line of the form.
struct Field
{
    QString label;
    QString value; ///< kToFill when the plan does not say
    bool operator==(const Field &) const = default;
};

/// The form's fields in the seed's order: model, dataset size, batch size, precision,
/// throughput (the roofline's, or the latency per item typed), total items, ETA, safety factor
/// and wall time to request (ETA x the plan's safety factor, estimate::jobEta's rounding), the
/// calibrated P90 (the track record applied), checkpoint interval, resume plan, canary plan.
std::vector<Field> fields(const Plan &plan, const PlanResult &result);

/// The form as Markdown: a title, a two-column table of fields(), and a note of the blanks.
QString markdown(const Plan &plan, const PlanResult &result);

} // namespace pipeplan::prerun
