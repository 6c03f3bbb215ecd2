#include "core/model/reportsections.h"

#include "core/base/translate.h"

#include <algorithm>

namespace pipeplan::reportsections {

PIPEPLAN_TR_CONTEXT("pipeplan::reportsections")

namespace {

struct Entry
{
    ReportSection section;
    const char *key;
    const char *title;
    const char *description;
};

constexpr Entry kEntries[] = {
    {ReportSection::Summary, "summary",
     QT_TRANSLATE_NOOP("pipeplan::reportsections", "One-page summary"),
     QT_TRANSLATE_NOOP(
         "pipeplan::reportsections",
         "the question, the answer (runtime or deadline verdict, bottleneck, biggest lever), the "
         "waterfall and the notes")},
    {ReportSection::Inputs, "inputs", QT_TRANSLATE_NOOP("pipeplan::reportsections", "Inputs"),
     QT_TRANSLATE_NOOP(
         "pipeplan::reportsections",
         "the headline with the formula behind each number, and every input with its unit")},
    {ReportSection::Scaling, "scaling",
     QT_TRANSLATE_NOOP("pipeplan::reportsections", "Scaling table"),
     QT_TRANSLATE_NOOP("pipeplan::reportsections",
                       "runtime against workers, and the comparison with a pinned baseline")},
    {ReportSection::Amdahl, "amdahl", QT_TRANSLATE_NOOP("pipeplan::reportsections", "Amdahl's law"),
     QT_TRANSLATE_NOOP("pipeplan::reportsections", "the speedup curve and its ceiling")},
    {ReportSection::Levers, "levers", QT_TRANSLATE_NOOP("pipeplan::reportsections", "Levers"),
     QT_TRANSLATE_NOOP("pipeplan::reportsections", "the runtime after each lever (the waterfall)")},
    {ReportSection::Pipeline, "pipeline", QT_TRANSLATE_NOOP("pipeplan::reportsections", "Pipeline"),
     QT_TRANSLATE_NOOP("pipeplan::reportsections", "the stage Gantt, its bubble and stage times")},
    {ReportSection::Measured, "measured", QT_TRANSLATE_NOOP("pipeplan::reportsections", "Measured"),
     QT_TRANSLATE_NOOP(
         "pipeplan::reportsections",
         "the measured runs, Amdahl and the USL fitted to them with their intervals, and the "
         "profiler trace the stage times came from")},
    {ReportSection::Hardware, "hardware",
     QT_TRANSLATE_NOOP("pipeplan::reportsections", "Hardware and cost"),
     QT_TRANSLATE_NOOP(
         "pipeplan::reportsections",
         "the device and model the latency comes from, the roofline per part, the cheapest device "
         "that meets the deadline and runtime against cost")},
    {ReportSection::Overheads, "overheads",
     QT_TRANSLATE_NOOP("pipeplan::reportsections", "Overheads and tail"),
     QT_TRANSLATE_NOOP(
         "pipeplan::reportsections",
         "overheads against workers, the memory check and the simulated completion times")},
    {ReportSection::GoalSeek, "goal_seek",
     QT_TRANSLATE_NOOP("pipeplan::reportsections", "Goal seek"),
     QT_TRANSLATE_NOOP(
         "pipeplan::reportsections",
         "the fewest workers that meet the deadline by every method, their runtime and cost")},
    {ReportSection::Training, "training",
     QT_TRANSLATE_NOOP("pipeplan::reportsections", "Training schedules"),
     QT_TRANSLATE_NOOP("pipeplan::reportsections",
                       "the training pipeline's schedules, their Gantt and memory")},
    {ReportSection::Project, "project",
     QT_TRANSLATE_NOOP("pipeplan::reportsections", "Project estimate"),
     QT_TRANSLATE_NOOP("pipeplan::reportsections",
                       "tasks, PERT and Monte Carlo with buffers, labeling effort, job ETA, "
                       "estimated vs actual")},
    {ReportSection::Formulas, "formulas",
     QT_TRANSLATE_NOOP("pipeplan::reportsections", "Formulas and assumptions"),
     QT_TRANSLATE_NOOP("pipeplan::reportsections",
                       "every formula with this plan's values filled in, and the assumptions")},
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
    return QCoreApplication::translate("pipeplan::reportsections", entry(section).title);
}

QString description(ReportSection section)
{
    return QCoreApplication::translate("pipeplan::reportsections", entry(section).description);
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
                *problem = tr("'%1' is not a section: use %2").arg(name, joinKeys(all()));
            return std::nullopt;
        }
        sections.push_back(*section);
    }
    if (sections.empty()) {
        if (problem)
            *problem = tr("names no section: use %1").arg(joinKeys(all()));
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
