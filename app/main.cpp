#include "core/base/language.h"
#include "ui/document/scenariodocument.h"
#include "ui/model/headlinewidget.h"
#include "ui/model/optionsview.h"
#include "ui/model/planeview.h"
#include "ui/model/whatittakesview.h"
#include "ui/project/projectpanel.h"
#include "ui/tail/tailpanel.h"
#include "ui/window/help.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QSize>
#include <QTabWidget>
#include <QTimer>
#include <malloc.h>

#include <cstdio>
#include <cstring>

namespace {

/// The window's command line, declared once: parsed by the window's application, and by a
/// QCoreApplication for --help, which must answer without a display (package checks, ssh).
struct CommandLine
{
    QCommandLineParser parser;
    const QCommandLineOption fresh{
        QStringLiteral("default"),
        QCoreApplication::translate("pipeplan::main",
                                    "Start on the default scenario, ignoring the last session.")};
    const QCommandLineOption screenshot{
        QStringLiteral("screenshot"),
        QCoreApplication::translate("pipeplan::main", "Render the window to a PNG file and exit."),
        QStringLiteral("file.png")};
    const QCommandLineOption screenshotSize{
        QStringLiteral("screenshot-size"),
        QCoreApplication::translate(
            "pipeplan::main",
            "The window's size for --screenshot (default 1600x1000), e.g. 1366x768."),
        QStringLiteral("WxH"), QStringLiteral("1600x1000")};
    const QCommandLineOption set{
        QStringLiteral("set"),
        QCoreApplication::translate(
            "pipeplan::main", "Change a value after opening, as an undoable edit (repeatable): "
                              "--set users=75M, --set stages[0].ms_per_user=250."),
        QStringLiteral("key=value")};
    const QCommandLineOption workspace{
        QStringLiteral("workspace"),
        QCoreApplication::translate(
            "pipeplan::main", "Show a workspace: model (default), tail (overheads and simulation), "
                              "training (pipeline schedules), project (estimates), measured (runs "
                              "and fitted laws) or hardware (device, model and cost)."),
        QStringLiteral("name")};
    const QCommandLineOption theme{
        QStringLiteral("theme"),
        QCoreApplication::translate("pipeplan::main",
                                    "Colour theme: system (default), light or dark."),
        QStringLiteral("name")};
    const QCommandLineOption presentation{
        QStringLiteral("presentation"),
        QCoreApplication::translate(
            "pipeplan::main",
            "Start in presentation mode (full screen, large fonts, high contrast).")};
    const QCommandLineOption language{
        QStringLiteral("language"),
        QCoreApplication::translate("pipeplan::main",
                                    "The language of the window's words: en (default) or pseudo "
                                    "(every translatable sentence marked and a third longer)."),
        QStringLiteral("name")};
    const QCommandLineOption view{
        QStringLiteral("view"),
        QCoreApplication::translate(
            "pipeplan::main",
            "With --workspace project: show the gantt, tornado or burnup tab; "
            "with --workspace tail: spread (what drives the spread); on the Model "
            "workspace: what-it-takes, two-levers or options, or balanced (the "
            "pipeline Gantt's balanced view); show-how: open the headline's Show how (Ctrl+H); "
            "getting-started: open the Getting Started guide (F1)."),
        QStringLiteral("name")};
    CommandLine()
    {
        parser.setApplicationDescription(QCoreApplication::translate(
            "pipeplan::main", "Will this job ever finish, and what would make it finish?"));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addOption(theme);
        parser.addOption(presentation);
        parser.addOption(fresh);
        parser.addOption(view);
        parser.addOption(workspace);
        parser.addOption(screenshot);
        parser.addOption(screenshotSize);
        parser.addOption(set);
        parser.addOption(language);
        parser.addPositionalArgument(
            QStringLiteral("file"),
            QCoreApplication::translate("pipeplan::main",
                                        "Scenario files to open (.pipeplan.json)."),
            QStringLiteral("[file...]"));
    }
};

// --language is read before the command line is built, so its own help is in the language.
bool installLanguage(int argc, char *argv[])
{
    QString name;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--language") == 0 && i + 1 < argc)
            name = QString::fromLocal8Bit(argv[i + 1]);
        else if (std::strncmp(argv[i], "--language=", 11) == 0)
            name = QString::fromLocal8Bit(argv[i] + 11);
    }
    QString problem;
    if (pipeplan::language::install(name, &problem))
        return true;
    std::fprintf(stderr, "pipeplan: %s\n", qPrintable(problem));
    return false;
}

bool asksForHelp(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        for (const char *flag : {"--help", "-h", "-?", "--help-all"}) {
            if (std::strcmp(argv[i], flag) == 0)
                return true;
        }
    }
    return false;
}

void nameApplication()
{
    QCoreApplication::setApplicationName(QStringLiteral("PipePlan"));
    QCoreApplication::setOrganizationName(QStringLiteral("PipePlan"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PIPEPLAN_VERSION));
}

} // namespace

int main(int argc, char *argv[])
{
    // --version must answer without a display (package checks, scripts over ssh).
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--version") == 0 || std::strcmp(argv[i], "-v") == 0) {
            std::printf("pipeplan %s\n", PIPEPLAN_VERSION);
            return 0;
        }
    }
    if (asksForHelp(argc, argv)) {
        const QCoreApplication core(argc, argv);
        nameApplication();
        if (!installLanguage(argc, argv))
            return 2;
        CommandLine commandLine;
        commandLine.parser.process(core); // prints the help and exits
        return 0;
    }
    // Large schedule and Monte Carlo buffers come back from the heap instead of being mapped
    // fresh (and page-faulted in) on every recompute while a slider moves.
    mallopt(M_MMAP_THRESHOLD, 256 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 512 * 1024 * 1024);
    QApplication app(argc, argv);
    nameApplication();
    if (!installLanguage(argc, argv))
        return 2;
    QGuiApplication::setDesktopFileName(QStringLiteral(PIPEPLAN_APP_ID));

    CommandLine commandLine;
    QCommandLineParser &parser = commandLine.parser;
    const QCommandLineOption &fresh = commandLine.fresh;
    const QCommandLineOption &screenshot = commandLine.screenshot;
    const QCommandLineOption &screenshotSize = commandLine.screenshotSize;
    const QCommandLineOption &set = commandLine.set;
    const QCommandLineOption &workspace = commandLine.workspace;
    const QCommandLineOption &theme = commandLine.theme;
    const QCommandLineOption &presentation = commandLine.presentation;
    const QCommandLineOption &view = commandLine.view;
    parser.process(app);

    const bool shooting = parser.isSet(screenshot);
    QSize shotSize(1600, 1000);
    if (const QStringList wh = parser.value(screenshotSize).split(QLatin1Char('x'));
        wh.size() == 2 && wh[0].toInt() >= 320 && wh[1].toInt() >= 240) {
        shotSize = QSize(wh[0].toInt(), wh[1].toInt());
    } else {
        qWarning("pipeplan: --screenshot-size: expected WxH of at least 320x240, got '%s'",
                 qPrintable(parser.value(screenshotSize)));
    }
    pipeplan::MainWindow::Options options;
    options.useSettings = !parser.isSet(fresh) && !shooting;
    options.autosave = !shooting;
    options.interactive = !shooting;
    // A full screen takes the platform's size (800x800 offscreen): a presentation
    // shot is of the size asked for, as a window of it shows it.
    options.presentationFillsScreen = !shooting;

    QList<pipeplan::MainWindow *> windows;
    if (!shooting)
        windows = pipeplan::MainWindow::offerRecovery(nullptr, options);
    for (const QString &path : parser.positionalArguments()) {
        auto *window = new pipeplan::MainWindow(options);
        window->setAttribute(Qt::WA_DeleteOnClose);
        // A file that does not open leaves this window on its default scenario, with the
        // message shown.
        window->openFile(path);
        windows.append(window);
    }
    if (windows.isEmpty()) {
        auto *window = new pipeplan::MainWindow(options);
        window->setAttribute(Qt::WA_DeleteOnClose);
        windows.append(window);
    }
    for (const QString &assignment : parser.values(set)) {
        QString error;
        if (!windows.last()->applySetting(assignment, &error))
            qWarning("pipeplan: --set %s", qPrintable(error));
    }
    const QString workspaceName = parser.value(workspace);
    const QStringList workspaceNames{QStringLiteral("model"),    QStringLiteral("tail"),
                                     QStringLiteral("training"), QStringLiteral("project"),
                                     QStringLiteral("measured"), QStringLiteral("hardware")};
    if (!workspaceName.isEmpty() && !workspaceNames.contains(workspaceName)) {
        qWarning("pipeplan: --workspace: expected model, tail, training, project, measured or "
                 "hardware, got '%s'",
                 qPrintable(workspaceName));
    }
    for (pipeplan::MainWindow *window : windows) {
        if (shooting) {
            window->resize(shotSize);
            window->setProperty("pp_shotSize", shotSize);
        }
        if (workspaceNames.indexOf(workspaceName) > 0)
            window->workspaces()->setCurrentIndex(
                static_cast<int>(workspaceNames.indexOf(workspaceName)));
        window->show();
        if (const QString viewName = parser.value(view); !viewName.isEmpty()) {
            const QStringList views{QStringLiteral("gantt"), QStringLiteral("tornado"),
                                    QStringLiteral("burnup")};
            if (views.contains(viewName))
                window->projectPanel()->showRiskView(static_cast<int>(views.indexOf(viewName)));
            else if (viewName == QLatin1String("getting-started"))
                pipeplan::help::showGettingStarted(window);
            else if (viewName == QLatin1String("spread"))
                window->tailPanel()->answerTabs()->setCurrentIndex(1);
            else if (viewName == QLatin1String("what-it-takes"))
                window->answers()->setCurrentWidget(window->whatItTakes());
            else if (viewName == QLatin1String("two-levers"))
                window->answers()->setCurrentWidget(window->planeView());
            else if (viewName == QLatin1String("options"))
                window->answers()->setCurrentWidget(window->optionsView());
            else if (viewName == QLatin1String("balanced"))
                window->document()->setBalanced(true);
            else if (viewName == QLatin1String("show-how"))
                window->headline()->setShowHow(true);
            else
                qWarning("pipeplan: --view: expected gantt, tornado, burnup, spread, "
                         "what-it-takes, two-levers, options, balanced, show-how or "
                         "getting-started, "
                         "got '%s'",
                         qPrintable(viewName));
        }
        pipeplan::appearance::Look look = window->look();
        const QString themeName = parser.value(theme);
        if (themeName == QLatin1String("light"))
            look.theme = pipeplan::appearance::Theme::Light;
        else if (themeName == QLatin1String("dark"))
            look.theme = pipeplan::appearance::Theme::Dark;
        else if (!themeName.isEmpty() && themeName != QLatin1String("system"))
            qWarning("pipeplan: --theme: expected system, light or dark, got '%s'",
                     qPrintable(themeName));
        look.presentation = parser.isSet(presentation);
        if (!(look.theme == window->look().theme &&
              look.presentation == window->look().presentation))
            window->setLook(look);
    }
    if (shooting) {
        pipeplan::MainWindow *window = windows.last();
        const QString file = parser.value(screenshot);
        // What QTimer::singleShot(300, window, ...) does, spelled out: clang-tidy's analyzer
        // takes the slot object that singleShot hands to Qt for a leak, as Qt's headers are
        // system headers to it.
        auto *timer = new QTimer(window);
        timer->setSingleShot(true);
        timer->setTimerType(Qt::PreciseTimer);
        QObject::connect(timer, &QTimer::timeout, window, [window, file, timer]() {
            // The simulation, the Monte Carlo and large schedule searches run in the background:
            // shoot once they have answered (at most ~30 s).
            if ((window->tailPanel()->isSimulationPending() ||
                 window->document()->anyJobRunning()) &&
                timer->property("tries").toInt() < 300) {
                timer->setProperty("tries", timer->property("tries").toInt() + 1);
                timer->start(100);
                return;
            }
            // Every layout the last changes asked for is done, at the size asked for, before
            // the shot (a shot taken with a layout pending showed the headline squeezed).
            if (window->size() != window->property("pp_shotSize").toSize())
                window->resize(window->property("pp_shotSize").toSize());
            // A replot fits each chart's ticks and titles, which may ask the layout again.
            for (int pass = 0; pass < 3; ++pass) {
                window->replotAll();
                QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
                QApplication::processEvents();
            }
            window->replotAll();
            const bool saved = window->grab().save(file);
            QApplication::exit(saved ? 0 : 1);
        });
        timer->start(300);
    }
    return QApplication::exec();
}
