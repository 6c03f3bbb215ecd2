#include "core/model/reportsections.h"

#include <algorithm>

namespace pipeplan::reportsections {

namespace {

struct Entry
{
    ReportSection section;
    const char *key;
    const char *title;
    const char *description;
};

constexpr Entry kEntries[] = {
    {ReportSection::Summary, "summary", "One-page summary",
     "the question, the answer (runtime or deadline verdict, bottleneck, biggest lever), the "
     "waterfall and the notes"},
    {ReportSection::Inputs, "inputs", "Inputs",
     "the headline with the formula behind each number, and every input with its unit"},
    {ReportSection::Scaling, "scaling", "Scaling table",
     "runtime against workers, and the comparison with a pinned baseline"},
    {ReportSection::Amdahl, "amdahl", "Amdahl's law", "the speedup curve and its ceiling"},
    {ReportSection::Levers, "levers", "Levers", "the runtime after each lever (the waterfall)"},
    {ReportSection::Pipeline, "pipeline", "Pipeline",
     "the stage Gantt, its bubble and stage times"},
    {ReportSection::Measured, "measured", "Measured",
     "the measured runs, Amdahl and the USL fitted to them with their intervals, and the "
     "profiler trace the stage times came from"},
    {ReportSection::Hardware, "hardware", "Hardware and cost",
     "the device and model the latency comes from, the roofline per part, the cheapest device "
     "that meets the deadline and runtime against cost"},
    {ReportSection::Overheads, "overheads", "Overheads and tail",
     "overheads against workers, the memory check and the simulated completion times"},
    {ReportSection::GoalSeek, "goal_seek", "Goal seek",
     "the fewest workers that meet the deadline by every method, their runtime and cost"},
    {ReportSection::Training, "training", "Training schedules",
     "the training pipeline's schedules, their Gantt and memory"},
    {ReportSection::Project, "project", "Project estimate",
     "tasks, PERT and Monte Carlo with buffers, labeling effort, job ETA, estimated vs actual"},
    {ReportSection::Formulas, "formulas", "Formulas and assumptions",
     "every formula with this plan's values filled in, and the assumptions"},
};

const Entry &entry(ReportSection section)
{
    return kEntries[static_cast<int>(section)];
}

} // namespace

const std::vector<ReportSection> &all()
{
    static const std::vector<ReportSection> sections = [] {
        std::vector<ReportSection> list;
        for (const Entry &e : kEntries)
            list.push_back(e.section);
        return list;
    }();
    return sections;
}

QString key(ReportSection section)
{
    return QLatin1String(entry(section).key);
}

QString title(ReportSection section)
{
    return QLatin1String(entry(section).title);
}

QString description(ReportSection section)
{
    return QLatin1String(entry(section).description);
}

std::optional<ReportSection> fromKey(const QString &key)
{
    for (const Entry &e : kEntries) {
        if (key == QLatin1String(e.key))
            return e.section;
    }
    return std::nullopt;
}

std::vector<ReportSection> normalized(std::vector<ReportSection> sections)
{
    std::sort(sections.begin(), sections.end());
    sections.erase(std::unique(sections.begin(), sections.end()), sections.end());
    return sections;
}

std::optional<std::vector<ReportSection>> parseList(const QString &text, QString *problem)
{
    std::vector<ReportSection> sections;
    for (const QString &part : text.split(QLatin1Char(','))) {
        const QString name = part.trimmed();
        if (name.isEmpty())
            continue;
        const std::optional<ReportSection> section = fromKey(name);
        if (!section) {
            if (problem)
                *problem =
                    QStringLiteral("'%1' is not a section: use %2").arg(name, joinKeys(all()));
            return std::nullopt;
        }
        sections.push_back(*section);
    }
    if (sections.empty()) {
        if (problem)
            *problem = QStringLiteral("names no section: use %1").arg(joinKeys(all()));
        return std::nullopt;
    }
    return normalized(std::move(sections));
}

QString joinKeys(const std::vector<ReportSection> &sections)
{
    QStringList keys;
    for (ReportSection section : sections)
        keys << key(section);
    return keys.join(QLatin1Char(','));
}

} // namespace pipeplan::reportsections
