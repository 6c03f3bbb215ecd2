#include "app/cli/report.h"

#include "app/cli/cli.h"
#include "ui/report/report.h"

#include <QLocale>

namespace pipeplan::cli {

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
        out << "Usage: pipeplan-cli report FILE.json -o out.pdf [--page a4|letter] "
               "[--set KEY=VALUE ...] [--simulate]\n"
               "The planning report as a vector PDF: inputs, headline, scaling table, every "
               "chart,\nthe comparison with a pinned baseline, formulas and assumptions.\n"
               "  -o, --output FILE   where to write the PDF (required)\n"
               "  --page a4|letter    page size (default: the locale's)\n"
               "  --set KEY=VALUE     change a value first (repeatable)\n"
               "  --simulate          include the simulated completion times\n";
        return kExitOk;
    }
    if (parsed->page) {
        if (parsed->page->compare(QLatin1String("a4"), Qt::CaseInsensitive) == 0)
            options.pageSize = QPageSize::A4;
        else if (parsed->page->compare(QLatin1String("letter"), Qt::CaseInsensitive) == 0)
            options.pageSize = QPageSize::Letter;
        else
            return fail(
                QStringLiteral("--page: must be a4 or letter, got '%1'").arg(*parsed->page));
    }
    const QString &file = parsed->file;
    const QString &output = parsed->output;
    const QStringList &sets = parsed->sets;
    const bool simulate = parsed->simulate;
    QString error;
    const std::optional<Plan> plan = loadPlanFile(file, sets, &error);
    if (!plan)
        return fail(error);
    if (simulate) {
        const Scenario &s = plan->scenario;
        const ScenarioResult result = evaluate(s);
        const double headline = result.effectiveRuntimeSeconds;
        const simulation::Params params = simulationParams(s, result);
        if (const auto errors = simulation::validate(params); !errors.empty())
            return fail(QStringLiteral("--simulate: ") + errors.front().toString());
        options.simulation = simulation::simulate(params);
        options.breakdown = tail::fromHeadline(params, headline, nullptr, &*options.simulation);
    }
    if (const QString problem = report::writePdf(*plan, output, options); !problem.isEmpty())
        return fail(problem);
    out << "Wrote " << output << '\n';
    return kExitOk;
}

} // namespace pipeplan::cli
