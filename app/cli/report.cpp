#include "app/cli/report.h"

#include "app/cli/cli.h"
#include "core/plan/reportplan.h"
#include "ui/report/report.h"

#include <QCoreApplication>
#include <QLocale>

namespace pipeplan::cli {

namespace {

void printSectionsHelp(QTextStream &out)
{
    out << QCoreApplication::translate(
               "pipeplan::cli", "Report sections, in report order (--sections NAME,NAME,...):")
        << '\n';
    for (ReportSection section : reportsections::all())
        out << "  " << reportsections::key(section).leftJustified(10) << "  "
            << reportsections::title(section) << ": " << reportsections::description(section)
            << '\n';
    out << QCoreApplication::translate(
               "pipeplan::cli",
               "Without --sections: the file's report.sections, else the sections the plan has\n"
               "content for (the project, training and goal seek only when they hold more than\n"
               "their workspace's example; overheads and tail when set or with --simulate).")
        << '\n';
}

} // namespace

int runReport(const QStringList &args, QTextStream &out, QTextStream &err)
{
    auto fail = [&err](const QString &message) {
        err << oneLineMessage(QStringLiteral("pipeplan-cli report: ") + message) << '\n';
        return kExitInvalid;
    };
    report::Options options;
    options.pageSize = report::defaultPageSize(QLocale::system());
    QString problem;
    const std::optional<ReportArgs> parsed = parseReportArgs(args, &problem);
    if (!parsed)
        return fail(problem);
    if (parsed->help) {
        out << QCoreApplication::translate(
                   "pipeplan::cli",
                   "Usage: pipeplan-cli report FILE.json -o out.pdf [--page a4|letter] "
                   "[--sections NAME,...] [--format FORMAT] [--set KEY=VALUE ...] [--simulate]")
            << '\n'
            << QCoreApplication::translate(
                   "pipeplan::cli",
                   "The planning report: a one-page summary, inputs, headline, scaling table, "
                   "every chart,\nthe comparison with a pinned baseline, the goal seek, formulas "
                   "and assumptions.")
            << '\n'
            << "  "
            << QCoreApplication::translate(
                   "pipeplan::cli",
                   "-o, --output FILE   where to write it (required); its suffix picks the format")
            << '\n'
            << "  "
            << QCoreApplication::translate(
                   "pipeplan::cli",
                   "--format FORMAT     pdf, html, markdown, csv or tsv (csv and tsv: the tables)")
            << '\n'
            << "  "
            << QCoreApplication::translate(
                   "pipeplan::cli",
                   "--sections NAMES    the sections to print, comma-separated; 'help' lists them")
            << '\n'
            << "  "
            << QCoreApplication::translate("pipeplan::cli",
                                           "--page a4|letter    page size (default: the locale's)")
            << '\n'
            << "  "
            << QCoreApplication::translate("pipeplan::cli",
                                           "--set KEY=VALUE     change a value first (repeatable)")
            << '\n'
            << "  "
            << QCoreApplication::translate(
                   "pipeplan::cli", "--simulate          include the simulated completion times")
            << '\n';
        return kExitOk;
    }
    if (parsed->sections == QLatin1String("help")) {
        printSectionsHelp(out);
        return kExitOk;
    }
    if (parsed->sections) {
        QString sectionsProblem;
        options.sections = reportsections::parseList(*parsed->sections, &sectionsProblem);
        if (!options.sections)
            return fail(QStringLiteral("--sections: ") + sectionsProblem);
    }
    report::Format format = report::formatForPath(parsed->output);
    if (parsed->format) {
        const std::optional<report::Format> chosen = report::formatFromKey(*parsed->format);
        if (!chosen)
            return fail(
                QCoreApplication::translate(
                    "pipeplan::cli", "--format: must be pdf, html, markdown, csv or tsv, got '%1'")
                    .arg(*parsed->format));
        format = *chosen;
    }
    if (parsed->page) {
        if (parsed->page->compare(QLatin1String("a4"), Qt::CaseInsensitive) == 0)
            options.pageSize = QPageSize::A4;
        else if (parsed->page->compare(QLatin1String("letter"), Qt::CaseInsensitive) == 0)
            options.pageSize = QPageSize::Letter;
        else
            return fail(QCoreApplication::translate("pipeplan::cli",
                                                    "--page: must be a4 or letter, got '%1'")
                            .arg(*parsed->page));
    }
    const QString &file = parsed->file;
    const QString &output = parsed->output;
    QString error;
    const std::optional<Plan> plan = loadPlanFile(file, parsed->sets, &error);
    if (!plan)
        return fail(error);
    // One evaluation; the background sections the report prints are completed with the same
    // core functions the window's jobs run (the simulation only when asked for).
    PlanResult result = evaluatePlan(*plan);
    if (parsed->simulate) {
        if (result.simulation.state == JobState::Failed)
            return fail(QStringLiteral("--simulate: ") + result.simulation.reason);
        completeBackground(result, *plan, Background::Simulation);
    }
    report::complete(result, *plan, options);
    if (const QString written = report::write(*plan, result, output, options, format);
        !written.isEmpty())
        return fail(written);
    out << QCoreApplication::translate("pipeplan::cli", "Wrote %1 (%2)")
               .arg(output, reportsections::joinKeys(report::sectionsFor(*plan, result, options)))
        << '\n';
    return kExitOk;
}

} // namespace pipeplan::cli
