#include "app/cli/cli.h"
#include "core/base/language.h"

#ifdef PIPEPLAN_CLI_REPORT
#include "app/cli/report.h"

#include <QApplication>
#endif
#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>
#include <cstring>
#include <memory>

namespace {

// `--language NAME` (or --language=NAME) may stand anywhere on the line; it is taken out before
// the command reads its flags. An empty name when there is none.
QString takeLanguage(QStringList &args, bool *missing)
{
    QString name;
    for (qsizetype i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--language")) {
            *missing = i + 1 >= args.size();
            name = *missing ? QString() : args[i + 1];
            args.remove(i, *missing ? 1 : 2);
            break;
        }
        if (args[i].startsWith(QLatin1String("--language="))) {
            name = args[i].mid(11);
            args.remove(i);
            break;
        }
    }
    return name;
}

} // namespace

int main(int argc, char *argv[])
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    QStringList raw;
    for (int i = 1; i < argc; ++i)
        raw << QString::fromLocal8Bit(argv[i]);
    bool missing = false;
    const QString language = takeLanguage(raw, &missing);
    const bool report = !raw.isEmpty() && raw.first() == QLatin1String("report");
    std::unique_ptr<QCoreApplication> app;
#ifdef PIPEPLAN_CLI_REPORT
    if (report) {
        // The report draws the window's charts: widgets, but no window and no display.
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        app = std::make_unique<QApplication>(argc, argv);
    }
#endif
    if (!app)
        app = std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("pipeplan-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PIPEPLAN_VERSION));
    QString problem;
    if (missing || !pipeplan::language::install(language, &problem)) {
        err << "pipeplan-cli: "
            << (missing ? QStringLiteral("--language: expected a name, such as pseudo") : problem)
            << '\n';
        return pipeplan::cli::kExitInvalid;
    }
    if (report) {
#ifdef PIPEPLAN_CLI_REPORT
        return pipeplan::cli::runReport(raw.mid(1), out, err);
#else
        err << QCoreApplication::translate(
                   "pipeplan::cli",
                   "pipeplan-cli report: this build has no GUI libraries (core-only): build with "
                   "PIPEPLAN_BUILD_GUI=ON")
            << '\n';
        return pipeplan::cli::kExitInvalid;
#endif
    }
    return pipeplan::cli::run(raw, out, err);
}
