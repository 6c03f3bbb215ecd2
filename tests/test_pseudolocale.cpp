// Under the pseudo-locale every sentence a person reads is marked ⟦ … ⟧: the window's labels,
// buttons, tabs, tooltips, headers, menus and charts in every workspace, the report of every
// preset (pdftotext), and every CLI command's text. What is left unmarked is a number, a unit, a
// formula's symbol or a name from the plan's own file; any other word never went through
// translation, so no translator could reach it.
#include "app/cli/cli.h"
#include "app/cli/report.h"
#include "core/base/language.h"
#include "core/model/scenario.h"
#include "core/plan/scenariofile.h"
#include "tests/support/ranges.h"
#include "tests/support/texts.h"
#include "tests/support/windowtest.h"
#include "ui/model/headlinewidget.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTranslator>

#include <gtest/gtest.h>

#include <map>

using namespace pipeplan;
using namespace pipeplan::testsupport;

namespace {

class Pseudo : public ::testing::Test
{
protected:
    static void SetUpTestSuite()
    {
        QString problem;
        ASSERT_TRUE(language::install(QStringLiteral("pseudo"), &problem)) << problem.toStdString();
    }
};

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// Names no translation touches: the device catalogue's, and the words of the plan's file.
QSet<QString> catalogueNames()
{
    return wordsOfJson(
        readFile(QStringLiteral(PIPEPLAN_SOURCE_DIR "/resources/hardware/devices.json")));
}

/// The words of what a plan's fields hold, defaults included: its counted noun ("users"), its
/// shared resource's name ("feature store"); a person types them, no translation touches them.
QSet<QString> typedWords(const Scenario &s)
{
    QSet<QString> words;
    for (const QString &typed :
         {s.workload.counted.one, s.workload.counted.many, s.overheads.sharedResourceName}) {
        for (const QString &word : typed.split(QLatin1Char(' '), Qt::SkipEmptyParts))
            words << word << word.toLower();
    }
    return words;
}

void settle(MainWindow &window)
{
    QElapsedTimer waited;
    waited.start();
    while (window.document()->anyJobRunning() && waited.elapsed() < 30'000)
        QApplication::processEvents(QEventLoop::AllEvents, 50);
    for (int i = 0; i < 4; ++i) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QApplication::processEvents();
    }
}

/// Unmarked texts by text, each with where it was first seen.
using Found = std::map<QString, QString>;

void check(const QString &where, const QString &text, const QSet<QString> &names, Found &found)
{
    const QStringList words = unmarkedWords(text, names);
    if (!words.isEmpty() && !found.count(text))
        found[text] =
            where + QStringLiteral(" [") + words.join(QLatin1Char(' ')) + QLatin1Char(']');
}

/// A whole text of many lines (a report's pages, a command's output), whose sentences wrap over
/// lines: each unmarked word is reported with the line it stands in.
void checkWhole(const QString &where, const QString &text, const QSet<QString> &names, Found &found)
{
    for (const QString &word : unmarkedWords(text, names)) {
        const qsizetype at = text.indexOf(word);
        const qsizetype start = text.lastIndexOf(u'\n', at) + 1;
        const QString line = text.mid(start, text.indexOf(u'\n', at) - start).simplified();
        found.emplace(line, where + QStringLiteral(" [") + word + QLatin1Char(']'));
    }
}

void walkWindow(MainWindow &window, const QString &plan, const QSet<QString> &names, Found &found)
{
    const auto walk = [&](const QString &where) {
        settle(window);
        for (const ShownText &shown : shownTexts(&window))
            check(plan + QStringLiteral(" > ") + where + QStringLiteral(": ") + shown.where,
                  shown.text, names, found);
    };
    QTabWidget *workspaces = window.workspaces();
    for (int workspace = 0; workspace < workspaces->count(); ++workspace) {
        workspaces->setCurrentIndex(workspace);
        const QString name = workspaces->tabText(workspace);
        walk(name);
        for (QTabWidget *tabs : workspaces->currentWidget()->findChildren<QTabWidget *>()) {
            if (!tabs->isVisible())
                continue;
            const int was = tabs->currentIndex();
            for (int tab = 0; tab < tabs->count(); ++tab) {
                if (tab == was || !tabs->isTabVisible(tab))
                    continue;
                tabs->setCurrentIndex(tab);
                walk(name + QStringLiteral(" > ") + tabs->tabText(tab));
            }
            tabs->setCurrentIndex(was);
        }
        window.headline()->setShowHow(true);
        walk(name + QStringLiteral(" with Show how"));
        window.headline()->setShowHow(false);
    }
}

QString listed(const Found &found)
{
    QString all;
    for (const auto &[text, where] : found)
        all += QStringLiteral("\n  \"%1\"\n      at %2").arg(text.left(160), where);
    return all;
}

} // namespace

TEST_F(Pseudo, EveryWordOfTheWindowIsMarkedInEveryWorkspace)
{
    Found found;
    const QSet<QString> devices = catalogueNames();
    struct Plan
    {
        const char *preset; ///< null: the default plan
        bool deadlineAndRanges;
    };
    for (const Plan plan :
         {Plan{nullptr, false}, Plan{"seed001-pipeline.json", false},
          Plan{"embedding-h100.json", true}, Plan{"project-forecast.json", false},
          Plan{"training-schedules.json", false}, Plan{"measured-specsdm91.json", false}}) {
        MainWindow window(MainWindow::Options::headless());
        window.resize(1600, 1000);
        window.show();
        if (plan.preset)
            openPreset(window, presetTitle(plan.preset));
        if (plan.deadlineAndRanges) {
            window.document()->editScenario(QStringLiteral("\u27E6deadline and ranges\u27E7"),
                                            [](Scenario &s) {
                                                s.goal.deadlineSeconds = 24 * 3600.0;
                                                withThreeRanges(s);
                                            });
        }
        QSet<QString> names = devices;
        names.unite(wordsOfJson(scenariofile::toJson(window.document()->plan())));
        names.unite(typedWords(window.document()->scenario()));
        walkWindow(window, QString::fromLatin1(plan.preset ? plan.preset : "default"), names,
                   found);
    }
    EXPECT_TRUE(found.empty()) << found.size() << " texts unmarked:" << listed(found).toStdString();
}

TEST_F(Pseudo, EveryWordOfEveryPresetsReportIsMarked)
{
    Found found;
    const QSet<QString> devices = catalogueNames();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QDir presets(QStringLiteral(PIPEPLAN_PRESETS_DIR));
    for (const QString &file : presets.entryList({QStringLiteral("*.json")})) {
        const QString pdf = dir.filePath(file + QStringLiteral(".pdf"));
        QString out;
        QString err;
        QTextStream outStream(&out);
        QTextStream errStream(&err);
        ASSERT_EQ(cli::runReport({presets.filePath(file), QStringLiteral("-o"), pdf}, outStream,
                                 errStream),
                  0)
            << err.toStdString();
        QProcess text;
        text.start(QStringLiteral("pdftotext"),
                   {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
        ASSERT_TRUE(text.waitForFinished(60'000));
        // The PDF's fonts join "fi", "fl" and "ff" into one glyph, which pdftotext keeps.
        const QString all = QString::fromUtf8(text.readAllStandardOutput())
                                .replace(QChar(0xFB01), QStringLiteral("fi"))
                                .replace(QChar(0xFB02), QStringLiteral("fl"))
                                .replace(QChar(0xFB00), QStringLiteral("ff"));
        ASSERT_GT(all.size(), 200) << file.toStdString();
        QSet<QString> names = devices;
        const QByteArray json = readFile(presets.filePath(file));
        names.unite(wordsOfJson(json));
        if (const scenariofile::LoadResult loaded = scenariofile::fromJson(json); loaded.plan)
            names.unite(typedWords(loaded.plan->scenario));
        // Lines are not sentences in a PDF's text (a sentence wraps, a table's columns share a
        // line), so the page is checked whole: marks open on one line and close on another.
        checkWhole(file + QStringLiteral(" report"), all, names, found);
    }
    EXPECT_TRUE(found.empty()) << found.size()
                               << " report lines unmarked:" << listed(found).toStdString();
}

TEST_F(Pseudo, EveryWordOfEveryCliCommandsTextIsMarked)
{
    Found found;
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString tasks = dir.filePath(QStringLiteral("plan.csv"));
    {
        QFile file(tasks);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write("name,optimistic,most_likely,pessimistic\nA,4,6,12\nB,5,8,14\nC,4,8,13\n"
                   "D,1,10,17\n");
    }
    const QString runs = dir.filePath(QStringLiteral("runs.csv"));
    {
        QFile file(runs);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write("workers,throughput\n1,100\n2,190\n4,350\n8,600\n16,900\n32,1100\n");
    }
    const QString presets = QStringLiteral(PIPEPLAN_PRESETS_DIR);
    const QString track = QStringLiteral(PIPEPLAN_SOURCE_DIR "/tests/data/track/mlflow-runs.csv");
    QSet<QString> names = catalogueNames();
    for (const QString &file : QDir(presets).entryList({QStringLiteral("*.json")}))
        names.unite(wordsOfJson(readFile(QDir(presets).filePath(file))));
    names << QStringLiteral("pipeplan") << QStringLiteral("cli");
    const std::vector<QStringList> lines = {
        {QStringLiteral("--help")},
        {QStringLiteral("runtime"), QStringLiteral("--users"), QStringLiteral("150M"),
         QStringLiteral("--predictions"), QStringLiteral("20"), QStringLiteral("--latency-ms"),
         QStringLiteral("1000")},
        {QStringLiteral("scaling"), QStringLiteral("--users"), QStringLiteral("150M"),
         QStringLiteral("--predictions"), QStringLiteral("20"), QStringLiteral("--latency-ms"),
         QStringLiteral("1000")},
        {QStringLiteral("amdahl"), QStringLiteral("--p"), QStringLiteral("0.98")},
        {QStringLiteral("pipeline"), QStringLiteral("--stage-ms"), QStringLiteral("10,10,20,10"),
         QStringLiteral("--microbatches"), QStringLiteral("8")},
        {QStringLiteral("eval"), presets + QStringLiteral("/seed001-pipeline.json")},
        {QStringLiteral("eval"), presets + QStringLiteral("/feature-store-cap.json")},
        {QStringLiteral("eval"), presets + QStringLiteral("/embedding-h100.json")},
        {QStringLiteral("simulate"), QStringLiteral("--shards"), QStringLiteral("10k"),
         QStringLiteral("--shard-seconds"), QStringLiteral("60"), QStringLiteral("--workers"),
         QStringLiteral("100"), QStringLiteral("--straggler-prob"), QStringLiteral("0.01"),
         QStringLiteral("--straggler-factor"), QStringLiteral("3"), QStringLiteral("--trials"),
         QStringLiteral("20")},
        {QStringLiteral("deadline"), presets + QStringLiteral("/feature-store-cap.json")},
        {QStringLiteral("schedule"), QStringLiteral("--schedule"), QStringLiteral("1f1b"),
         QStringLiteral("--forward-ms"), QStringLiteral("1"), QStringLiteral("--backward-ms"),
         QStringLiteral("2"), QStringLiteral("--microbatches"), QStringLiteral("8"),
         QStringLiteral("--devices"), QStringLiteral("4")},
        {QStringLiteral("montecarlo"), QStringLiteral("--tasks"), tasks, QStringLiteral("--trials"),
         QStringLiteral("2000")},
        {QStringLiteral("labeling"), QStringLiteral("--items"), QStringLiteral("100000"),
         QStringLiteral("--stratum"), QStringLiteral("0.7:1.5"), QStringLiteral("--stratum"),
         QStringLiteral("0.3:6"), QStringLiteral("--qc-rate"), QStringLiteral("0.1")},
        {QStringLiteral("fit"), QStringLiteral("--runs"), runs},
        {QStringLiteral("devices")},
        {QStringLiteral("roofline"), QStringLiteral("--device"), QStringLiteral("h100-sxm"),
         QStringLiteral("--params"), QStringLiteral("7B"), QStringLiteral("--layers"),
         QStringLiteral("32"), QStringLiteral("--hidden"), QStringLiteral("4096"),
         QStringLiteral("--heads"), QStringLiteral("32"), QStringLiteral("--tokens"),
         QStringLiteral("512"), QStringLiteral("--batch"), QStringLiteral("8")},
        {QStringLiteral("options"), presets + QStringLiteral("/embedding-h100.json")},
        {QStringLiteral("calibrate"), QStringLiteral("--import"), track, QStringLiteral("--from"),
         QStringLiteral("mlflow")},
        {QStringLiteral("prerun"), presets + QStringLiteral("/nightly-scoring.json")},
        {QStringLiteral("eval"), QStringLiteral("--set"), QStringLiteral("users=-5"),
         presets + QStringLiteral("/nightly-scoring.json")},
        {QStringLiteral("runtime"), QStringLiteral("--users"), QStringLiteral("many")},
    };
    std::vector<QStringList> all = lines;
    for (const char *command :
         {"runtime", "scaling", "amdahl", "pipeline", "eval", "simulate", "deadline", "schedule",
          "bandwidth", "montecarlo", "labeling", "fit", "trace", "devices", "roofline", "options",
          "watch", "calibrate", "prerun"})
        all.push_back({QString::fromLatin1(command), QStringLiteral("--help")});
    // What the person typed or the program is called: flags, commands, paths, key paths and
    // quoted values.
    static const QRegularExpression typed(
        QStringLiteral("--[a-z0-9-]+|\\S*[/.]\\S*[a-z_]\\S*|'[^']*'|\\b(?:%1)\\b")
            .arg(QStringLiteral("runtime|scaling|amdahl|pipeline|eval|simulate|deadline|schedule|"
                                "bandwidth|montecarlo|labeling|fit|trace|devices|roofline|"
                                "options|watch|calibrate|prerun|report|fine-tune")));
    for (const QStringList &line : all) {
        const cli::CliRunResult run = cli::runCaptured(line);
        const QString where = QStringLiteral("pipeplan-cli ") + line.join(QLatin1Char(' '));
        EXPECT_FALSE(run.out.isEmpty() && run.err.isEmpty()) << where.toStdString();
        // The whole output at once: a sentence of the help wraps over lines.
        QString text = run.out + QLatin1Char('\n') + run.err;
        text.replace(typed, QStringLiteral(" "));
        checkWhole(where, text, names, found);
    }
    EXPECT_TRUE(found.empty()) << found.size()
                               << " CLI lines unmarked:" << listed(found).toStdString();
}
