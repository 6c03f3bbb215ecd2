#include "core/plan/reportplan.h"

#include "core/base/format.h"
#include "core/base/translate.h"
#include "core/plan/summary.h"

namespace pipeplan::reportplan {

PIPEPLAN_TR_CONTEXT("pipeplan::reportplan")

bool projectEntered(const ProjectSettings &project)
{
    return project != defaultScenario().project;
}

bool trainingEntered(const TrainingSettings &training)
{
    return training != defaultScenario().training;
}

bool labelingEntered(const ProjectSettings &project)
{
    return project.labeling != ProjectSettings::defaultLabeling();
}

bool jobEtaEntered(const ProjectSettings &project)
{
    return project.jobEta != ProjectSettings::defaultJobEta();
}

bool goalEntered(const GoalSettings &goal)
{
    // The currency alone is not a goal: a new plan takes the locale's.
    GoalSettings defaults = defaultScenario().goal;
    defaults.currency = goal.currency;
    return goal != defaults;
}

QString missingContent(ReportSection section, const Plan &plan, const PlanResult &result,
                       const Context &context)
{
    const Scenario &s = plan.scenario;
    switch (section) {
    case ReportSection::Measured:
        if (!s.measured.runs.runs.empty() || !s.measured.traceFile.isEmpty() ||
            !s.track.history.isEmpty() || s.track.calibration.jobs > 0)
            return {};
        return tr("no runs entered and no trace read");
    case ReportSection::Hardware:
        if (s.hardware.enabled)
            return {};
        return tr("no device and model set (Hardware & cost is off)");
    case ReportSection::Overheads:
        if (result.model.overheads.enabled || result.model.memory.checked ||
            context.simulationAtHand)
            return {};
        return tr("no overheads or memory limit set and no simulation run");
    case ReportSection::GoalSeek:
        if (goalEntered(s.goal) || context.goalSeekAtHand)
            return {};
        return goalseek::noDeadline();
    case ReportSection::Training:
        if (trainingEntered(s.training))
            return {};
        return tr("the Training workspace holds its untouched example");
    case ReportSection::Project:
        if (projectEntered(s.project))
            return {};
        return tr("no tasks entered: the Project workspace holds its example");
    case ReportSection::Levers:
        // The summary page draws the job's waterfall: this section would print it again.
        if (summary::asks(s, summary::Question::Job))
            return tr("the summary page shows the waterfall");
        return tr("the batch job holds its untouched example");
    case ReportSection::Inputs:
    case ReportSection::Scaling:
    case ReportSection::Amdahl:
        if (summary::asks(s, summary::Question::Job))
            return {};
        return tr("the batch job holds its untouched example");
    case ReportSection::Pipeline:
        if (!summary::asks(s, summary::Question::Job))
            return tr("the batch job holds its untouched example");
        if (s.stages.size() < 2)
            return tr("one stage: nothing overlaps, the summary gives its time");
        return {};
    case ReportSection::Summary:
    case ReportSection::Formulas:
        break;
    }
    return {};
}

std::vector<ReportSection> sectionsWithContent(const Plan &plan, const PlanResult &result,
                                               const Context &context)
{
    std::vector<ReportSection> sections;
    for (ReportSection section : reportsections::all()) {
        if (missingContent(section, plan, result, context).isEmpty())
            sections.push_back(section);
    }
    return sections;
}

Context contextOf(const PlanResult &result)
{
    const SimulatedTail *simulated = result.simulation.ready();
    return {simulated && simulated->result.trials > 0};
}

std::vector<ReportSection> sectionsFor(const Plan &plan, const PlanResult &result,
                                       const Context &context)
{
    if (plan.scenario.report.sections)
        return reportsections::normalized(*plan.scenario.report.sections);
    return sectionsWithContent(plan, result, context);
}

} // namespace pipeplan::reportplan
