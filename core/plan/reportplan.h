#pragma once

#include "core/model/reportsections.h"
#include "core/plan/planresult.h"

#include <QString>

#include <vector>

/// Which sections the planning report prints for a plan. A section is ticked by default only
/// when the plan has content for it: a workspace left at its example values (the
/// project's seven OCR tasks, the 1F1B training pipeline, the default deadline) is not the plan's
/// content, and a report that printed it would hand a planning document an estimate nobody made.
namespace pipeplan::reportplan {

/// What the report has at hand besides the plan: the window's finished background runs, or the
/// CLI's --simulate.
struct Context
{
    bool simulationAtHand = false;
    bool goalSeekAtHand = false;
};

/// What `result` has at hand: its simulation section, once ready with trials (the window's and
/// the CLI's report ask the same question here).
Context contextOf(const PlanResult &result);

/// The workspaces differ from their untouched defaults (defaultScenario()'s).
bool projectEntered(const ProjectSettings &project);
bool trainingEntered(const TrainingSettings &training);
/// The project's labeling and job ETA calculators differ from their examples (seed 003's 100,000
/// items, the 1,200 samples/s canary): a project plan prints only the ones the person used.
bool labelingEntered(const ProjectSettings &project);
bool jobEtaEntered(const ProjectSettings &project);
/// A deadline, price or trial count of the person's own, or "Finish within" on.
bool goalEntered(const GoalSettings &goal);

/// Why `section` has no content for the plan, as the dialog says it ("no tasks entered: the
/// Project workspace holds its example"); empty when it has content.
QString missingContent(ReportSection section, const Plan &plan, const PlanResult &result,
                       const Context &context);

/// The sections with content, in report order.
std::vector<ReportSection> sectionsWithContent(const Plan &plan, const PlanResult &result,
                                               const Context &context);

/// The sections the report prints: the plan's chosen ones (scenario.report.sections) when set,
/// else sectionsWithContent.
std::vector<ReportSection> sectionsFor(const Plan &plan, const PlanResult &result,
                                       const Context &context);

} // namespace pipeplan::reportplan
