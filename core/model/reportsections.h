#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

/// The sections of the planning report, in the order the report prints them. A plan file keeps
/// the person's choice (`report.sections`); without one, the report prints the sections the plan
/// has content for (reportplan.h), so an untouched workspace's example values never reach a
/// planning document as if they were the plan's.
namespace pipeplan {

enum class ReportSection
{
    Summary,   ///< one page: the question, the answer, the waterfall, the notes
    Inputs,    ///< every input with its unit
    Scaling,   ///< the scaling table (and the comparison with a pinned baseline)
    Amdahl,    ///< Amdahl's law chart
    Levers,    ///< the lever waterfall
    Pipeline,  ///< the pipeline Gantt and the stage times
    Measured,  ///< measured runs, the laws fitted to them, the trace the times came from
    Hardware,  ///< the device and model, the roofline, the cheapest device, runtime against cost
    Overheads, ///< overheads against workers, the memory check, the simulated tail
    GoalSeek,  ///< the fewest workers for the deadline by every method, and the deadline verdict
    Training,  ///< the training pipeline schedules
    Project,   ///< tasks, PERT and Monte Carlo, labeling, the job ETA, estimated vs actual
    Formulas,  ///< every formula filled in with the plan's values, and the assumptions
};

/// The person's choice of sections; unset: the sections with content (reportplan.h).
struct ReportSettings
{
    std::optional<std::vector<ReportSection>> sections;
    bool operator==(const ReportSettings &) const = default;
};

namespace reportsections {

/// Every section, in report order.
const std::vector<ReportSection> &all();
/// The name used by the scenario file and `pipeplan-cli report --sections`: "summary", "inputs",
/// "scaling", "amdahl", "levers", "pipeline", "measured", "hardware", "overheads", "goal_seek",
/// "training",
/// "project", "formulas".
QString key(ReportSection section);
/// The title the dialog shows: "One-page summary", "Goal seek", ...
QString title(ReportSection section);
/// What the section holds, one line (the dialog's tooltip, `--sections help`).
QString description(ReportSection section);
std::optional<ReportSection> fromKey(const QString &key);

/// "summary,scaling,goal_seek" (commas, spaces allowed) as sections in report order, without
/// repeats; the first unknown name is the problem ("'scalng' is not a section: use ...").
std::optional<std::vector<ReportSection>> parseList(const QString &text, QString *problem);
/// The keys joined with commas, in report order.
QString joinKeys(const std::vector<ReportSection> &sections);
/// `sections` in report order without repeats.
std::vector<ReportSection> normalized(std::vector<ReportSection> sections);

} // namespace reportsections
} // namespace pipeplan
