// Never lose work, never hang (issue 15): the window's side of the reliability suite.
#include "core/base/fileio.h"
#include "ui/document/montecarlorunner.h"
#include "ui/document/recoverystore.h"
#include "ui/document/scenariodocument.h"
#include "ui/document/simulationrunner.h"
#include "ui/model/inputspanel.h"
#include "ui/project/projectpanel.h"
#include "ui/report/report.h"
#include "ui/tail/tailpanel.h"
#include "ui/widgets/valuecontrol.h"
#include "ui/window/mainwindow.h"

#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QSysInfo>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <sys/stat.h>

using namespace pipeplan;

namespace {

/// Bytes this process has read so far ("rchar" of /proc/self/io: every read(2), files and
/// devices alike), read with a plain QFile, which is itself a few hundred bytes.
qint64 bytesReadByThisProcess()
{
    QFile io(QStringLiteral("/proc/self/io"));
    if (io.open(QIODevice::ReadOnly)) {
        const QList<QByteArray> lines = io.readAll().split('\n');
        for (const QByteArray &line : lines)
            if (line.startsWith("rchar:"))
                return line.mid(6).trimmed().toLongLong();
    }
    ADD_FAILURE() << "no rchar in /proc/self/io";
    return 0;
}

QByteArray contentsOf(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return "<unreadable>";
    return file.readAll();
}

std::unique_ptr<MainWindow> headlessWindow()
{
    auto window = std::make_unique<MainWindow>(MainWindow::Options::headless());
    window->resize(1366, 740);
    window->show();
    return window;
}

/// Fills what is left of the disk at `directory` and returns the filler's path.
QString fillDisk(const QString &directory)
{
    const QString filler = directory + QStringLiteral("/filler");
    QFile file(filler);
    if (!file.open(QIODevice::WriteOnly))
        return filler;
    const QByteArray block(1024, 'f');
    while (file.write(block) == block.size() && file.flush()) {
    }
    return filler;
}

/// A plan with `count` tasks, each depending on the one before it from the tenth on.
std::vector<estimate::Task> manyTasks(int count)
{
    std::vector<estimate::Task> tasks;
    tasks.reserve(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) {
        estimate::Task task;
        task.name = QStringLiteral("task %1").arg(i + 1);
        task.optimistic = 1;
        task.mostLikely = 2;
        task.pessimistic = 4;
        if (i >= 10)
            task.dependsOn = {i - 10}; // the task ten rows up (0-based)
        tasks.push_back(task);
    }
    return tasks;
}

} // namespace

// Item 1: a full disk (a 64 KiB tmpfs, ctest's reliability_full_disk_window) empties nothing.
TEST(ReliabilityFullDisk, SaveOnAFullDiskKeepsTheFileTheStarAndSaysWhy)
{
    const QString disk = qEnvironmentVariable("PIPEPLAN_FULL_DISK_DIR");
    if (disk.isEmpty())
        GTEST_SKIP() << "needs PIPEPLAN_FULL_DISK_DIR (ctest's reliability_full_disk_window)";
    auto window = headlessWindow();
    const QString path = disk + QStringLiteral("/plan.json");
    ASSERT_TRUE(window->saveFile(path));
    const QByteArray saved = contentsOf(path);
    ASSERT_FALSE(saved.isEmpty());
    // A longer plan than the disk has room for.
    ASSERT_TRUE(window->applySetting(QStringLiteral("notes=") + QString(60'000, QLatin1Char('n'))));
    const QString filler = fillDisk(disk);
    QString message;
    EXPECT_FALSE(window->saveFile(path, &message));
    EXPECT_TRUE(message.contains(QStringLiteral("No space left on device")))
        << message.toStdString();
    EXPECT_TRUE(message.contains(QStringLiteral("The previous file, if any, is unchanged")));
    EXPECT_EQ(contentsOf(path), saved);
    EXPECT_TRUE(window->document()->isModified());
    EXPECT_TRUE(window->isWindowModified()); // the title keeps its *
    QStringList entries = QDir(disk).entryList(QDir::Files | QDir::Hidden);
    entries.sort();
    EXPECT_EQ(entries, (QStringList{QStringLiteral("filler"), QStringLiteral("plan.json")}));
    QFile::remove(filler);
    QFile::remove(path);
}

TEST(ReliabilityFullDisk, AutosaveOnAFullDiskKeepsThePreviousRecoveryFile)
{
    const QString disk = qEnvironmentVariable("PIPEPLAN_FULL_DISK_DIR");
    if (disk.isEmpty())
        GTEST_SKIP() << "needs PIPEPLAN_FULL_DISK_DIR (ctest's reliability_full_disk_window)";
    const QString recoveryDir = disk + QStringLiteral("/recovery");
    MainWindow::Options options = MainWindow::Options::headless();
    options.autosave = true;
    options.recoveryDirectory = recoveryDir;
    MainWindow window(options);
    ASSERT_TRUE(window.applySetting(QStringLiteral("users=42M")));
    window.writeRecoveryNow();
    const QStringList written = QDir(recoveryDir).entryList({QStringLiteral("*.json")});
    ASSERT_EQ(written.size(), 1);
    const QString recoveryPath = recoveryDir + QLatin1Char('/') + written.first();
    const QByteArray before = contentsOf(recoveryPath);
    ASSERT_TRUE(QJsonDocument::fromJson(before).isObject());

    ASSERT_TRUE(window.applySetting(QStringLiteral("notes=") + QString(60'000, QLatin1Char('n'))));
    const QString filler = fillDisk(disk);
    window.writeRecoveryNow();
    EXPECT_EQ(contentsOf(recoveryPath), before); // the last good recovery file, whole
    EXPECT_TRUE(window.statusBar()->currentMessage().contains(
        QStringLiteral("could not be written to the recovery file")))
        << window.statusBar()->currentMessage().toStdString();
    EXPECT_TRUE(
        window.statusBar()->currentMessage().contains(QStringLiteral("No space left on device")));
    QFile::remove(filler);
}

// Item 3: devices and pipes are refused before a byte is read.
TEST(ReliabilityOpen, DevicesPipesAndDirectoriesAreRefusedAtOnce)
{
    auto window = headlessWindow();
    const Plan before = window->document()->plan();
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("fifo.json"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const struct
    {
        QString path;
        const char *reason;
    } cases[] = {{QStringLiteral("/dev/zero"), "is a device, not a regular file"},
                 {QStringLiteral("/dev/urandom"), "is a device, not a regular file"},
                 {fifo, "is a pipe, not a regular file"},
                 {dir.path(), "is a directory"}};
    for (const auto &bad : cases) {
        // Nothing was read: the process's own count of bytes read (/proc/self/io) barely moves,
        // where reading /dev/zero up to the file cap would add megabytes (and a pipe with no
        // writer would block the test until its timeout).
        const qint64 readBefore = bytesReadByThisProcess();
        QString message;
        EXPECT_FALSE(window->openFile(bad.path, &message));
        EXPECT_LT(bytesReadByThisProcess() - readBefore, 64 * 1024) << bad.path.toStdString();
        EXPECT_EQ(message, QStringLiteral("Could not open %1\n(file): %2")
                               .arg(bad.path, QLatin1String(bad.reason)));
        // The status line holds it on one line, the file and the JSON path apart.
        EXPECT_EQ(window->statusBar()->currentMessage(),
                  QStringLiteral("Could not open %1: (file): %2")
                      .arg(bad.path, QLatin1String(bad.reason)));
        EXPECT_EQ(window->document()->plan(), before);
    }
}

// Item 4: two windows on one file: the second save does not silently overwrite the first.
TEST(ReliabilityTwoWindows, ASaveOverAFileAnotherWindowWroteIsRefused)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shared.json"));
    auto first = headlessWindow();
    ASSERT_TRUE(first->saveFile(path));
    auto second = headlessWindow();
    ASSERT_TRUE(second->openFile(path));
    EXPECT_FALSE(first->document()->fileChangedOnDisk());

    ASSERT_TRUE(second->applySetting(QStringLiteral("users=2M")));
    ASSERT_TRUE(second->saveFile(path));
    const QByteArray secondsWork = contentsOf(path);
    EXPECT_TRUE(first->document()->fileChangedOnDisk());
    EXPECT_FALSE(second->document()->fileChangedOnDisk());

    ASSERT_TRUE(first->applySetting(QStringLiteral("users=1M")));
    QString message;
    EXPECT_FALSE(first->saveFile(path, &message));
    EXPECT_EQ(message, QStringLiteral("Not saved: %1 changed on disk since this window opened or "
                                      "saved it (another window or program wrote it). Use Save As "
                                      "to keep both, or reload it.")
                           .arg(path));
    EXPECT_EQ(contentsOf(path), secondsWork);
    EXPECT_TRUE(first->document()->isModified());
    // Saving elsewhere keeps both; reloading takes the other window's work.
    EXPECT_TRUE(first->saveFile(dir.filePath(QStringLiteral("mine.json"))));
    ASSERT_TRUE(first->openFile(path));
    EXPECT_EQ(first->document()->scenario().workload.users, 2e6);
}

// Item 7: holding an arrow key is one undo step, and the history is bounded.
TEST(ReliabilityUndo, AKeyBurstIsOneStepAndTheHistoryIsBounded)
{
    auto window = headlessWindow();
    ScenarioDocument *doc = window->document();
    Scenario big = doc->scenario();
    big.project.tasks = manyTasks(1000);
    ASSERT_TRUE(doc->edit(big, QStringLiteral("1,000 tasks")));
    const int steps = doc->undoStack()->count();
    QDoubleSpinBox *workers = window->inputs()->workersControl()->spinBox();
    workers->setFocus();
    const double start = doc->scenario().workload.workers;
    for (int i = 0; i < 30; ++i)
        QTest::keyClick(workers, Qt::Key_Up);
    ASSERT_LT(workers->value(), workers->maximum()); // every press was a change
    EXPECT_GT(doc->scenario().workload.workers, start);
    EXPECT_EQ(doc->undoStack()->count(), steps + 1);
    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().workload.workers, start);
    // A pause ends the burst: the next key press is a step of its own.
    doc->undoStack()->redo();
    QTest::qWait(ValueControl::kStepBurstMs + 200);
    QTest::keyClick(workers, Qt::Key_Up);
    EXPECT_EQ(doc->undoStack()->count(), steps + 2);

    for (int i = 0; i < 3 * ScenarioDocument::kUndoLimit; ++i)
        ASSERT_TRUE(window->applySetting(QStringLiteral("users=%1").arg(1000 + i)));
    EXPECT_EQ(doc->undoStack()->count(), ScenarioDocument::kUndoLimit);
    EXPECT_EQ(doc->scenario().workload.users, 1000 + 3 * ScenarioDocument::kUndoLimit - 1);
}

// Item 9: a recovery file that does not load is named and kept; stale locks are removed.
TEST(ReliabilityRecovery, UnreadableRecoveryFilesAreNamedAndKeptStaleLocksRemoved)
{
    QTemporaryDir dir;
    const QString broken = dir.filePath(QStringLiteral("0000-broken.json"));
    {
        QFile file(broken);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(
            "{\"plan\": {\"format\": \"pipeplan-scenario\", \"version\": 4, \"workload\": []}}");
    }
    const QString staleLock = dir.filePath(QStringLiteral("1111-gone.lock"));
    {
        QFile file(staleLock);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        // QLockFile's format: a process of this host that is long gone.
        file.write("999999\nPipePlan\n" + QSysInfo::machineHostName().toUtf8() + "\n");
    }
    const RecoveryStore::Found found = RecoveryStore::orphans(dir.path());
    EXPECT_TRUE(found.orphans.empty());
    ASSERT_EQ(found.unreadable.size(), 1);
    EXPECT_EQ(found.unreadable.first(),
              broken + QStringLiteral(": plan.workload: must be an object, got an array"));
    EXPECT_FALSE(QFileInfo::exists(broken));
    EXPECT_TRUE(QFileInfo::exists(broken + QStringLiteral(".unreadable"))); // kept
    EXPECT_FALSE(QFileInfo::exists(staleLock));
    // Set aside: not offered or reported again.
    EXPECT_TRUE(RecoveryStore::orphans(dir.path()).unreadable.isEmpty());
}

// Item 5: Cancel stops a long simulation inside its trial, and closing the window returns at once.
TEST(ReliabilityCancel, ALongSimulationStopsWhenAskedAndQuitIsImmediate)
{
    auto window = headlessWindow();
    ScenarioDocument *doc = window->document();
    Scenario s = doc->scenario();
    s.workload.users = 100e6;
    s.overheads.usersPerShard = 1; // 100M shards a trial, 100,000 trials: hours of work
    s.simulation.trials = 100'000;
    ASSERT_TRUE(doc->edit(s, QStringLiteral("a job that runs for hours")));
    window->workspaces()->setCurrentIndex(1);
    SimulationRunner *runner = doc->jobs()->simulation();
    for (int i = 0; i < 50 && !runner->isRunning(); ++i)
        QTest::qWait(20);
    ASSERT_TRUE(runner->isRunning());
    QTest::qWait(300); // well inside the first trial

    const int runsBefore = runner->runsStarted();
    doc->cancelJob(Job::Simulation);
    // Stopped, not abandoned: the run is over when cancelJob() returns.
    EXPECT_FALSE(runner->isRunning());
    ASSERT_TRUE(doc->edit(s, QStringLiteral("unchanged"))); // no new run for the same inputs
    EXPECT_EQ(runner->runsStarted(), runsBefore);
    EXPECT_FALSE(runner->isRunning());
    window->workspaces()->setCurrentIndex(0);
    // Joins every worker thread: a job that had not stopped would hold this for hours, past the
    // test's timeout.
    window.reset();
}

// Item 6: a 10,000-task plan goes through the window as it goes through the CLI: edit, save, open,
// Monte Carlo and report.
TEST(ReliabilityLargePlan, TenThousandTasksSaveOpenSimulateAndReport)
{
    auto window = headlessWindow();
    ScenarioDocument *doc = window->document();
    Scenario s = doc->scenario();
    s.project.tasks = manyTasks(10'000);
    s.project.monteCarlo.trials = 1000;
    ASSERT_TRUE(doc->edit(s, QStringLiteral("10,000 tasks")));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("programme.json"));
    QString message;
    ASSERT_TRUE(window->saveFile(path, &message)) << message.toStdString();
    auto reopened = headlessWindow();
    ASSERT_TRUE(reopened->openFile(path, &message)) << message.toStdString();
    EXPECT_EQ(reopened->document()->plan(), doc->plan());
    // The Monte Carlo runs when the Project tab shows, and answers.
    reopened->workspaces()->setCurrentIndex(3);
    QTest::qWait(1500); // the tab's Monte Carlo runs (it crashed here past 256 tasks)
    const estimate::MonteCarloResult summary =
        estimate::monteCarlo(reopened->document()->scenario().project.tasks,
                             reopened->document()->scenario().project.monteCarlo);
    EXPECT_FALSE(summary.cancelled);
    // 1,000 chained groups of ten: at least the chain of PERT means (2.17 h each).
    EXPECT_GT(summary.p50Hours, 1000 * 2.0);
    report::Options options;
    const QByteArray pdf =
        report::pdfBytes(reopened->document()->plan(), reopened->document()->planResult(), options);
    EXPECT_TRUE(pdf.startsWith("%PDF"));
}

// Notes of one unbroken line (a pasted key, a log line) open as fast as prose: such text is
// wrapped anywhere, since the word-boundary search is quadratic in a word's length; prose keeps
// its word wrap. The notes shown are the file's, whole.
TEST(ReliabilityLongNotes, AnUnbrokenLineIsWrappedAnywhereAndShownWhole)
{
    QTemporaryDir dir;
    auto window = headlessWindow();
    const QString path = dir.filePath(QStringLiteral("notes.json"));
    ASSERT_TRUE(window->applySetting(QStringLiteral("users=2M")));
    const QString unbroken(512 * 1024, QLatin1Char('x'));
    window->document()->editScenario(QStringLiteral("notes"),
                                     [&unbroken](Scenario &s) { s.notes = unbroken; });
    ASSERT_TRUE(window->saveFile(path));

    auto opened = headlessWindow();
    ASSERT_TRUE(opened->openFile(path));
    QPlainTextEdit *notes = opened->inputs()->notesEdit();
    EXPECT_EQ(notes->wordWrapMode(), QTextOption::WrapAnywhere);
    EXPECT_EQ(notes->toPlainText(), unbroken);

    opened->document()->editScenario(QStringLiteral("notes"), [](Scenario &s) {
        s.notes = QStringLiteral("Latency measured on 2026-11-30 on the staging cluster.");
    });
    EXPECT_EQ(notes->wordWrapMode(), QTextOption::WrapAtWordBoundaryOrAnywhere);
}
