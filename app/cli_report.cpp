#include "cli_report.h"

#include "cli.h"
#include "report.h"

#include <QLocale>

namespace pipeplan::cli {

int runReport(const QStringList &args, QTextStream &out, QTextStream &err)
{
    auto fail = [&err](const QString &message) {
        err << "pipeplan-cli report: " << message << '\n';
        return kExitInvalid;
    };
    QString file;
    QString output;
    QStringList sets;
    bool simulate = false;
    report::Options options;
    options.pageSize = report::defaultPageSize(QLocale::system());
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &arg = args[i];
        auto value = [&](const QString &flag) -> std::optional<QString> {
            if (i + 1 >= args.size())
                return std::nullopt;
            Q_UNUSED(flag);
            return args[++i];
        };
        if (arg == QLatin1String("--help")) {
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
        if (arg == QLatin1String("-o") || arg == QLatin1String("--output")) {
            const auto v = value(arg);
            if (!v)
                return fail(QStringLiteral("%1: missing value").arg(arg));
            output = *v;
        } else if (arg == QLatin1String("--page")) {
            const auto v = value(arg);
            if (!v)
                return fail(QStringLiteral("--page: missing value"));
            if (v->compare(QLatin1String("a4"), Qt::CaseInsensitive) == 0)
                options.pageSize = QPageSize::A4;
            else if (v->compare(QLatin1String("letter"), Qt::CaseInsensitive) == 0)
                options.pageSize = QPageSize::Letter;
            else
                return fail(QStringLiteral("--page: must be a4 or letter, got '%1'").arg(*v));
        } else if (arg == QLatin1String("--set")) {
            const auto v = value(arg);
            if (!v)
                return fail(QStringLiteral("--set: missing value"));
            sets << *v;
        } else if (arg == QLatin1String("--simulate")) {
            simulate = true;
        } else if (arg.startsWith(QLatin1Char('-'))) {
            return fail(QStringLiteral("unknown flag %1").arg(arg));
        } else if (file.isEmpty()) {
            file = arg;
        } else {
            return fail(QStringLiteral("unexpected argument '%1'").arg(arg));
        }
    }
    if (file.isEmpty())
        return fail(QStringLiteral("FILE: required (a scenario .json file)"));
    if (output.isEmpty())
        return fail(QStringLiteral("-o: required (the PDF to write)"));
    QString error;
    const std::optional<Plan> plan = loadPlanFile(file, sets, &error);
    if (!plan)
        return fail(error);
    if (simulate) {
        const Scenario &s = plan->scenario;
        const simulation::Params params = simulationParams(s, evaluate(s));
        if (const auto errors = simulation::validate(params); !errors.empty())
            return fail(QStringLiteral("--simulate: ") + errors.front().toString());
        options.simulation = simulation::simulate(params);
    }
    if (const QString problem = report::writePdf(*plan, output, options); !problem.isEmpty())
        return fail(problem);
    out << "Wrote " << output << '\n';
    return kExitOk;
}

} // namespace pipeplan::cli
