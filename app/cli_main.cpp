#include "app/cli/cli.h"

#ifdef PIPEPLAN_CLI_REPORT
#include "app/cli/report.h"

#include <QApplication>
#endif
#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>
#include <cstring>

int main(int argc, char *argv[])
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    if (argc > 1 && std::strcmp(argv[1], "report") == 0) {
#ifdef PIPEPLAN_CLI_REPORT
        // The report draws the window's charts: widgets, but no window and no display.
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QApplication app(argc, argv);
        QStringList args = QCoreApplication::arguments();
        args.remove(0, 2);
        return pipeplan::cli::runReport(args, out, err);
#else
        err << "pipeplan-cli report: this build has no GUI libraries (core-only): build with "
               "PIPEPLAN_BUILD_GUI=ON\n";
        return pipeplan::cli::kExitInvalid;
#endif
    }
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("pipeplan-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PIPEPLAN_VERSION));
    QStringList args = QCoreApplication::arguments();
    args.removeFirst();
    return pipeplan::cli::run(args, out, err);
}
