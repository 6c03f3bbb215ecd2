#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("PipePlan"));
    QApplication::setOrganizationName(QStringLiteral("PipePlan"));
    QApplication::setApplicationVersion(QStringLiteral(PIPEPLAN_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Will this job ever finish, and what would make it finish?"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption fresh(QStringLiteral("default"),
                                   QStringLiteral("Start on the default scenario, ignoring the last session."));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Render the window to a PNG file and exit."),
                                        QStringLiteral("file.png"));
    parser.addOption(fresh);
    parser.addOption(screenshot);
    parser.process(app);

    const bool shooting = parser.isSet(screenshot);
    pipeplan::MainWindow window(pipeplan::MainWindow::Options{!parser.isSet(fresh) && !shooting});
    if (shooting)
        window.resize(1600, 1000);
    window.show();
    if (shooting) {
        QTimer::singleShot(300, &window, [&window, &parser, &screenshot]() {
            window.replotAll();
            const bool saved = window.grab().save(parser.value(screenshot));
            QApplication::exit(saved ? 0 : 1);
        });
    }
    return QApplication::exec();
}
