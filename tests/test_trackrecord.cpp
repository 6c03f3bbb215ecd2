// The Measured workspace's Track record (seed 003): the history chosen and remembered in the
// plan, the calibration in one sentence, Apply calibration as one undo step and the headline's
// sentence, the review and the MdAPE by month as core computes them, Record actual for a saved
// plan, Copy pre-run template, and the report's section. Import…: MLflow's and W&B's run
// exports, a spreadsheet's CSV with its columns mapped and the plan's Estimated vs actual log,
// appended to the history.
#include "core/plan/prerun.h"
#include "core/plan/scenariofile.h"
#include "core/track/calibration.h"
#include "core/track/record.h"
#include "core/track/tracktext.h"
#include "tests/support/trackhistory.h"
#include "ui/document/scenariodocument.h"
#include "ui/measured/measuredpanel.h"
#include "ui/measured/trackimportdialog.h"
#include "ui/measured/trackrecordbox.h"
#include "ui/model/headlinewidget.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <csignal>
#include <sys/resource.h>
#include <unistd.h>

using namespace pipeplan;

namespace {

struct TrackWindow
{
    TrackWindow() : window(MainWindow::Options::headless())
    {
        window.resize(1366, 768);
        window.show();
        window.workspaces()->setCurrentIndex(4);
        QTest::qWait(20);
    }
    MainWindow window;
    ScenarioDocument *document() { return window.document(); }
    TrackRecordBox *box() { return window.measuredPanel()->trackRecord(); }
};

QString writeText(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    QString path = dir.filePath(name);
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::WriteOnly)) << name.toStdString();
    file.write(bytes);
    return path;
}

QByteArray contentsOf(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// mlflow.search_runs(...).to_csv() as pandas writes it (the index first, unnamed; timestamps
/// with microseconds): two finished runs and, on line 3, an estimate that is not a number.
QString writeMlflowRuns(const QTemporaryDir &dir)
{
    return writeText(
        dir, QStringLiteral("mlflow-november.csv"),
        ",run_id,experiment_id,status,artifact_uri,start_time,end_time,metrics.gpu_hours,"
        "metrics.train_loss,params.estimated_seconds,params.kind,tags.mlflow.runName,"
        "tags.mlflow.user\n"
        "0,0a1b2c3d4e5f60718293a4b5c6d7e8f9,7,FINISHED,mlflow-artifacts:/7/"
        "0a1b2c3d4e5f60718293a4b5c6d7e8f9/artifacts,2026-11-02 10:00:00.123000+00:00,"
        "2026-11-02 12:30:00.123000+00:00,10.0,0.41,7200,fine-tune,ft-nov-a,ana\n"
        "1,1b2c3d4e5f60718293a4b5c6d7e8f90a,7,FINISHED,mlflow-artifacts:/7/"
        "1b2c3d4e5f60718293a4b5c6d7e8f90a/artifacts,2026-11-03 09:00:00.000000+00:00,"
        "2026-11-03 09:45:30.500000+00:00,,0.52,about 2h,embed,embed-nov-b,ben\n"
        "2,2c3d4e5f60718293a4b5c6d7e8f90a1b,7,FINISHED,mlflow-artifacts:/7/"
        "2c3d4e5f60718293a4b5c6d7e8f90a1b/artifacts,2026-11-04 08:00:00.000000+00:00,"
        "2026-11-04 09:00:00.000000+00:00,4.0,,3000,embed,embed-nov-c,ben\n");
}

/// W&B's runs table exported as CSV: every cell quoted, Runtime in seconds, the config keys
/// kind and estimated_seconds after the fixed columns.
QString writeWandbRuns(const QTemporaryDir &dir)
{
    return writeText(dir, QStringLiteral("wandb-november.csv"),
                     "\"Name\",\"State\",\"Notes\",\"User\",\"Tags\",\"Created\",\"Runtime\","
                     "\"Sweep\",\"batch_size\",\"estimated_seconds\",\"kind\",\"gpu_hours\"\n"
                     "\"wb-a\",\"finished\",\"-\",\"ana\",\"\",\"2026-11-02T10:00:00.000Z\","
                     "\"9000\",\"\",\"64\",\"7200\",\"fine-tune\",\"10\"\n"
                     "\"wb-b\",\"finished\",\"-\",\"ana\",\"\",\"2026-11-03T10:00:00.000Z\","
                     "\"4500\",\"\",\"64\",\"3600\",\"fine-tune\",\"\"\n"
                     "\"wb-c\",\"finished\",\"-\",\"ben\",\"embed\",\"2026-11-04T10:00:00.000Z\","
                     "\"3300\",\"\",\"256\",\"3000\",\"embed\",\"4\"\n");
}

QString cellAt(const QTableWidget *table, int row, int column)
{
    const QTableWidgetItem *item = table->item(row, column);
    return item ? item->text() : QString();
}

} // namespace

TEST(TrackRecordWindow, ShowsTheCalibrationReviewAndMonthsAndAppliesInOneStep)
{
    TrackWindow w;
    QTemporaryDir dir;
    const QString history = testsupport::writeTrackHistory(dir);
    ASSERT_TRUE(w.box()->chooseHistory(history)) << w.box()->messageText().toStdString();
    EXPECT_EQ(w.document()->scenario().track.history, history);
    EXPECT_EQ(w.document()->undoStack()->undoText(), QStringLiteral("Choose track record"));
    // Every kind: ratios 1.2, 1.5, 1.25, 0.95, 1.05.
    const track::Calibration all = track::calibrate(track::readFile(history).rows, std::nullopt);
    EXPECT_EQ(w.box()->sentenceText(),
              QStringLiteral("calibrated on 5 past jobs: they ran 1.20x their estimates, MdAPE "
                             "17 %. ") +
                  track::intervalText(all) + QLatin1Char('.'));
    // The review: e2 at 1.5x (e3 is exactly 25 % over, not more).
    const QTableWidget *over = w.box()->overrunTable();
    ASSERT_EQ(over->rowCount(), 1);
    EXPECT_EQ(cellAt(over, 0, 0), QStringLiteral("e2"));
    EXPECT_EQ(cellAt(over, 0, 2), QStringLiteral("1.50x"));
    EXPECT_EQ(cellAt(over, 0, 3), QStringLiteral("2026-01-20"));
    // MdAPE by month: January 720/4320 and 1800/5400, median 25 %; February 1800/9000,
    // 500/9500 and 500/10500, median 5.3 %.
    const QTableWidget *months = w.box()->monthTable();
    ASSERT_EQ(months->rowCount(), 2);
    EXPECT_EQ(cellAt(months, 0, 0), QStringLiteral("2026-01"));
    EXPECT_EQ(cellAt(months, 0, 1), QStringLiteral("2"));
    EXPECT_EQ(cellAt(months, 0, 2), QStringLiteral("25 %"));
    EXPECT_EQ(cellAt(months, 1, 0), QStringLiteral("2026-02"));
    EXPECT_EQ(cellAt(months, 1, 2), QStringLiteral("5.3 %"));
    // e1 booked 7,200 s and ran 4,320 s on 8 GPU-hours: 8 x (7200 / 4320 - 1) = 5.3 idle.
    EXPECT_EQ(w.box()->retrospectiveText(),
              QStringLiteral("MdAPE trend: improving (-19.7 points a month); wasted GPU-hours "
                             "(requested minus used): 5.3 over 1 job"));

    // One kind: the sentence and the tables follow it, one undo step.
    w.box()->chooseKind(QStringLiteral("embed"));
    EXPECT_EQ(w.document()->scenario().track.kind, QStringLiteral("embed"));
    EXPECT_EQ(w.box()->kindBox()->currentText(), QStringLiteral("embed"));
    EXPECT_TRUE(w.box()->sentenceText().startsWith(QStringLiteral(
        "calibrated on 3 past jobs of this kind: they ran 1.25x their estimates, MdAPE 20 %.")))
        << w.box()->sentenceText().toStdString();
    EXPECT_EQ(w.box()->monthTable()->rowCount(), 2);
    EXPECT_EQ(cellAt(w.box()->monthTable(), 1, 2), QStringLiteral("20 %"));

    // Apply calibration: one undo step; the plan's runtime becomes a range whose P50 is the
    // point runtime x 1.25, and the headline says so in a sentence.
    EXPECT_FALSE(w.document()->planResult().uncertainty.result.active);
    ASSERT_TRUE(w.box()->setApplied(true));
    EXPECT_TRUE(w.box()->applyBox()->isChecked());
    EXPECT_EQ(w.document()->undoStack()->undoText(), QStringLiteral("Apply calibration"));
    const uncertainty::Result &spread = w.document()->planResult().uncertainty.result;
    ASSERT_TRUE(spread.calibrated);
    EXPECT_NEAR(spread.runtimeSeconds.p50 /
                    (w.document()->planResult().model.effectiveRuntimeSeconds * 1.25),
                1.0, 0.005);
    EXPECT_TRUE(w.window.headline()->answerText().contains(QStringLiteral(
        "Calibrated on 3 past jobs of this kind: they ran 1.25x their estimates, MdAPE 20 %.")))
        << w.window.headline()->answerText().toStdString();
    w.document()->undoStack()->undo();
    EXPECT_FALSE(w.document()->scenario().track.apply);
    EXPECT_FALSE(w.box()->applyBox()->isChecked());
    EXPECT_FALSE(w.document()->planResult().uncertainty.result.active);
    EXPECT_FALSE(w.window.headline()->answerText().contains(QStringLiteral("Calibrated")));
}

TEST(TrackRecordWindow, RecordActualForASavedPlanAndCopyThePrerunTemplate)
{
    TrackWindow w;
    QTemporaryDir dir;
    const QString history = testsupport::writeTrackHistory(dir);
    ASSERT_TRUE(w.box()->chooseHistory(history));
    w.box()->chooseKind(QStringLiteral("embed"));
    // An unsaved plan has no estimate to record.
    EXPECT_FALSE(w.box()->recordActual(7200));
    EXPECT_EQ(w.box()->messageText(),
              QStringLiteral("Save the plan first: the row records a saved plan's estimate."));
    const QString planPath = dir.filePath(QStringLiteral("plan.json"));
    {
        QFile plan(planPath);
        ASSERT_TRUE(plan.open(QIODevice::WriteOnly));
        plan.write(scenariofile::toJson(w.document()->plan()));
    }
    w.document()->markSaved(planPath);
    ASSERT_TRUE(w.box()->recordActual(7200)) << w.box()->messageText().toStdString();
    const track::ReadResult read = track::readFile(history);
    ASSERT_EQ(read.rows.size(), 6U); // the malformed row is kept in the file, not read
    ASSERT_EQ(read.problems.size(), 1U);
    const track::Row &recorded = read.rows.back();
    EXPECT_EQ(recorded.name, w.document()->scenario().name);
    EXPECT_EQ(recorded.kind, QStringLiteral("embed"));
    EXPECT_DOUBLE_EQ(recorded.estimatedSeconds,
                     w.document()->planResult().model.effectiveRuntimeSeconds);
    EXPECT_DOUBLE_EQ(recorded.actualSeconds, 7200);
    EXPECT_EQ(recorded.finishedOn, QDate::currentDate());
    // The new row counts: 4 embed jobs now.
    EXPECT_TRUE(w.box()->sentenceText().startsWith(
        QStringLiteral("calibrated on 4 past jobs of this kind")))
        << w.box()->sentenceText().toStdString();

    const QString markdown = w.box()->copyPrerun();
    EXPECT_EQ(markdown, prerun::markdown(w.document()->plan(), w.document()->planResult()));
    EXPECT_EQ(QApplication::clipboard()->text(), markdown);
    // The default job, 20 predictions of 1 s per user: a minute of one worker scores 3 users.
    EXPECT_TRUE(markdown.contains(QStringLiteral(
        "| Canary plan | 3 users on one worker: expect 60 seconds at 0.05 users/s; slower, "
        "re-estimate before the full run |")))
        << markdown.toStdString();
}

// MLflow's export appended to the plan's history: the finished runs with end - start as the
// actual, the run whose estimate is not a number named by its line and column and left out,
// the file's own lines (its malformed row too) kept, and the calibration counting the new rows.
TEST(TrackRecordImport, AnMlflowExportIsAppendedAndAMalformedRowIsNamed)
{
    TrackWindow w;
    QTemporaryDir dir;
    const QString history = testsupport::writeTrackHistory(dir);
    ASSERT_TRUE(w.box()->chooseHistory(history));
    const QByteArray before = contentsOf(history);
    EXPECT_EQ(w.box()->importButton()->text(), QStringLiteral("I&mport…"));
    EXPECT_FALSE(w.box()->importButton()->toolTip().isEmpty());

    TrackImportDialog dialog(w.box());
    dialog.setSource(track::ImportSource::Mlflow);
    dialog.setFilePath(writeMlflowRuns(dir));
    EXPECT_EQ(dialog.columnBox(QStringLiteral("name"))->currentText(),
              QStringLiteral("tags.mlflow.runName"));
    EXPECT_EQ(dialog.columnBox(QStringLiteral("estimated_seconds"))->currentText(),
              QStringLiteral("params.estimated_seconds"));
    EXPECT_EQ(dialog.columnBox(QStringLiteral("started_at"))->currentText(),
              QStringLiteral("start_time"));
    EXPECT_EQ(dialog.previewText(),
              QStringLiteral("2 rows will be imported; 1 row with problems left out\n"
                             "line 3, column params.estimated_seconds: must be a number above 0, "
                             "got \"about 2h\""));
    EXPECT_TRUE(dialog.importButton()->isEnabled());
    ASSERT_EQ(dialog.importInto(history), QString());
    EXPECT_EQ(dialog.messageText(), QString());

    const QByteArray after = contentsOf(history);
    EXPECT_TRUE(after.startsWith(before));
    const track::ReadResult read = track::readFile(history);
    ASSERT_EQ(read.rows.size(), 7U);
    ASSERT_EQ(read.problems.size(), 1U); // the file's own malformed row, kept as it was
    EXPECT_EQ(read.problems[0].line, 7);
    const track::Row &a = read.rows[5];
    EXPECT_EQ(a.name, QStringLiteral("ft-nov-a"));
    EXPECT_EQ(a.kind, QStringLiteral("fine-tune"));
    EXPECT_DOUBLE_EQ(a.estimatedSeconds, 7200);
    EXPECT_DOUBLE_EQ(a.actualSeconds, 9000); // 10:00:00.123 to 12:30:00.123
    EXPECT_EQ(a.actualGpuHours, 10);
    EXPECT_EQ(a.finishedOn, QDate(2026, 11, 2));
    const track::Row &c = read.rows[6];
    EXPECT_EQ(c.name, QStringLiteral("embed-nov-c"));
    EXPECT_EQ(c.kind, QStringLiteral("embed"));
    EXPECT_DOUBLE_EQ(c.estimatedSeconds, 3000);
    EXPECT_DOUBLE_EQ(c.actualSeconds, 3600);

    // The box reads the file again: 7 jobs, 4 of them embed.
    EXPECT_TRUE(w.box()->sentenceText().startsWith(QStringLiteral("calibrated on 7 past jobs")))
        << w.box()->sentenceText().toStdString();
    EXPECT_EQ(w.box()->messageText(), QStringLiteral("Imported 2 rows into %1.").arg(history));
    w.box()->chooseKind(QStringLiteral("embed"));
    EXPECT_TRUE(w.box()->sentenceText().startsWith(
        QStringLiteral("calibrated on 4 past jobs of this kind")))
        << w.box()->sentenceText().toStdString();
}

// W&B's export into a plan without a history: a new file the plan then keeps (one undo step),
// Runtime as the actual, the finish date from Created + Runtime.
TEST(TrackRecordImport, AWandbExportStartsANewHistory)
{
    TrackWindow w;
    w.box()->setUseSettings(false);
    ASSERT_TRUE(w.document()->scenario().track.history.isEmpty());
    QTemporaryDir dir;
    TrackImportDialog dialog(w.box());
    dialog.setSource(track::ImportSource::Wandb);
    dialog.setFilePath(writeWandbRuns(dir));
    EXPECT_EQ(dialog.columnBox(QStringLiteral("actual_seconds"))->currentText(),
              QStringLiteral("Runtime"));
    EXPECT_EQ(dialog.previewText(),
              QStringLiteral("3 rows will be imported; 0 rows with problems left out"));
    const QString history = dir.filePath(QStringLiteral("team-history.csv"));
    ASSERT_EQ(dialog.importInto(history), QString());
    EXPECT_EQ(w.document()->scenario().track.history, history);
    EXPECT_EQ(w.document()->undoStack()->undoText(), QStringLiteral("Choose track record"));

    const track::ReadResult read = track::readFile(history);
    EXPECT_TRUE(read.problems.empty());
    ASSERT_EQ(read.rows.size(), 3U);
    EXPECT_EQ(read.rows[0].name, QStringLiteral("wb-a"));
    EXPECT_EQ(read.rows[0].kind, QStringLiteral("fine-tune"));
    EXPECT_DOUBLE_EQ(read.rows[0].estimatedSeconds, 7200);
    EXPECT_DOUBLE_EQ(read.rows[0].actualSeconds, 9000);
    EXPECT_EQ(read.rows[0].actualGpuHours, 10);
    EXPECT_EQ(read.rows[0].finishedOn, QDate(2026, 11, 2));
    EXPECT_EQ(read.rows[1].name, QStringLiteral("wb-b"));
    EXPECT_DOUBLE_EQ(read.rows[1].actualSeconds, 4500);
    EXPECT_FALSE(read.rows[1].actualGpuHours);
    EXPECT_EQ(read.rows[2].name, QStringLiteral("wb-c"));
    EXPECT_EQ(read.rows[2].kind, QStringLiteral("embed"));
    EXPECT_DOUBLE_EQ(read.rows[2].actualSeconds, 3300);
    // Ratios 1.25, 1.25 and 1.1; errors 20 %, 20 % and 9.1 %.
    EXPECT_TRUE(w.box()->sentenceText().startsWith(
        QStringLiteral("calibrated on 3 past jobs: they ran 1.25x their estimates, MdAPE 20 %.")))
        << w.box()->sentenceText().toStdString();
}

// A spreadsheet's own columns, guessed from its header and in hours: seconds x 3600, the kind
// typed once for every row.
TEST(TrackRecordImport, ASpreadsheetInHoursIsMappedAndScaled)
{
    TrackWindow w;
    QTemporaryDir dir;
    const QString history = testsupport::writeTrackHistory(dir);
    ASSERT_TRUE(w.box()->chooseHistory(history));
    TrackImportDialog dialog(w.box());
    dialog.setSource(track::ImportSource::Spreadsheet);
    dialog.setFilePath(writeText(dir, QStringLiteral("labeling.csv"),
                                 "Job,Owner,Estimate (h),Actual (h),Done\r\n"
                                 "Pilot,ana,2,2.5,2026-11-05\r\n"
                                 "QA,ben,1.5,1.25,2026-11-06\r\n"));
    EXPECT_EQ(dialog.columnBox(QStringLiteral("name"))->currentText(), QStringLiteral("Job"));
    EXPECT_EQ(dialog.columnBox(QStringLiteral("estimated_seconds"))->currentText(),
              QStringLiteral("Estimate (h)"));
    EXPECT_EQ(dialog.columnBox(QStringLiteral("actual_seconds"))->currentText(),
              QStringLiteral("Actual (h)"));
    EXPECT_EQ(dialog.columnBox(QStringLiteral("finished_on"))->currentText(),
              QStringLiteral("Done"));
    EXPECT_EQ(dialog.columnBox(QStringLiteral("kind"))->currentText(), QStringLiteral("(none)"));
    // Each column combo offers the header's names and "(none)".
    EXPECT_EQ(dialog.columnBox(QStringLiteral("kind"))->count(), 6);
    dialog.setFixedKind(QStringLiteral("labeling"));
    ASSERT_TRUE(dialog.setEstimateUnitSeconds(3600));
    ASSERT_TRUE(dialog.setActualUnitSeconds(3600));
    EXPECT_EQ(dialog.previewText(),
              QStringLiteral("2 rows will be imported; 0 rows with problems left out"));
    ASSERT_EQ(dialog.importInto(history), QString());
    const track::ReadResult read = track::readFile(history);
    ASSERT_EQ(read.rows.size(), 7U);
    EXPECT_EQ(read.rows[5].name, QStringLiteral("Pilot"));
    EXPECT_EQ(read.rows[5].kind, QStringLiteral("labeling"));
    EXPECT_DOUBLE_EQ(read.rows[5].estimatedSeconds, 2 * 3600.0);
    EXPECT_DOUBLE_EQ(read.rows[5].actualSeconds, 2.5 * 3600.0);
    EXPECT_EQ(read.rows[5].finishedOn, QDate(2026, 11, 5));
    EXPECT_DOUBLE_EQ(read.rows[6].estimatedSeconds, 1.5 * 3600.0);
    EXPECT_DOUBLE_EQ(read.rows[6].actualSeconds, 1.25 * 3600.0);
    EXPECT_GE(w.box()->kindBox()->findText(QStringLiteral("labeling")), 0);

    // A file over the cap is refused before it is read, and said so.
    const QString huge = dir.filePath(QStringLiteral("huge.csv"));
    {
        QFile file(huge);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        ASSERT_TRUE(file.resize(track::kMaxFileBytes + 1));
    }
    dialog.setFilePath(huge);
    EXPECT_EQ(
        dialog.previewText(),
        QStringLiteral("%1: is larger than 16777216 bytes, the most PipePlan reads").arg(huge));
    EXPECT_FALSE(dialog.importButton()->isEnabled());
    dialog.setFilePath(dir.filePath(QStringLiteral("labeling.csv")));

    // A column mapped by hand wins over the kind typed; no name column, nothing to import.
    ASSERT_TRUE(dialog.setColumn(QStringLiteral("kind"), QStringLiteral("Owner")));
    EXPECT_EQ(dialog.columns().kind, QStringLiteral("Owner"));
    EXPECT_TRUE(dialog.columns().fixedKind.isEmpty());
    ASSERT_TRUE(dialog.setColumn(QStringLiteral("name"), QString()));
    EXPECT_EQ(dialog.previewText(), QStringLiteral("Choose the column of: Name"));
    EXPECT_FALSE(dialog.importButton()->isEnabled());
    EXPECT_FALSE(dialog.setColumn(QStringLiteral("name"), QStringLiteral("Nope")));
}

// The plan's own Estimated vs actual log (the project's actuals, in the unit they were typed).
TEST(TrackRecordImport, ThePlansEstimatedVsActualLog)
{
    TrackWindow w;
    QTemporaryDir dir;
    const QString history = testsupport::writeTrackHistory(dir);
    ASSERT_TRUE(w.box()->chooseHistory(history));
    ASSERT_TRUE(w.document()->editScenario(QStringLiteral("Log actuals"), [](Scenario &s) {
        s.project.actuals = {{QStringLiteral("Labeling"), 500, 625},
                             {QStringLiteral("QA"), 40, 38}};
    }));
    TrackImportDialog dialog(w.box());
    dialog.setSource(track::ImportSource::ActualsLog);
    dialog.setFixedKind(QStringLiteral("project"));
    EXPECT_EQ(dialog.previewText(),
              QStringLiteral("2 rows will be imported; 0 rows with problems left out"));
    ASSERT_EQ(dialog.importInto(history), QString());
    const track::ReadResult read = track::readFile(history);
    ASSERT_EQ(read.rows.size(), 7U);
    EXPECT_EQ(read.rows[5].name, QStringLiteral("Labeling"));
    EXPECT_EQ(read.rows[5].kind, QStringLiteral("project"));
    EXPECT_DOUBLE_EQ(read.rows[5].estimatedSeconds, 500 * 3600.0); // the log in hours
    EXPECT_DOUBLE_EQ(read.rows[5].actualSeconds, 625 * 3600.0);
    EXPECT_DOUBLE_EQ(read.rows[6].actualSeconds, 38 * 3600.0);
}

// A history whose folder cannot be written: the file stays byte for byte as it was, nothing is
// left beside it, the plan keeps its history, and the dialog says why.
TEST(TrackRecordImport, AFailedWriteLeavesTheHistoryAsItWas)
{
    TrackWindow w;
    QTemporaryDir dir;
    ASSERT_TRUE(QDir(dir.path()).mkdir(QStringLiteral("shared")));
    QTemporaryDir inner(dir.filePath(QStringLiteral("shared/XXXXXX")));
    const QString history = testsupport::writeTrackHistory(inner);
    ASSERT_TRUE(w.box()->chooseHistory(history));
    const QString sentence = w.box()->sentenceText();
    const QByteArray before = contentsOf(history);
    TrackImportDialog dialog(w.box());
    dialog.setSource(track::ImportSource::Mlflow);
    dialog.setFilePath(writeMlflowRuns(dir));

    const QFileDevice::Permissions writable = QFile::permissions(inner.path());
    ASSERT_TRUE(
        QFile::setPermissions(inner.path(), QFileDevice::ReadOwner | QFileDevice::ExeOwner));
    // Root writes into a read-only folder: there the write is stopped by a file size limit
    // below the new file's size instead (SIGXFSZ ignored, so write() fails with EFBIG).
    rlimit limit{};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &limit), 0);
    const rlimit saved = limit;
    const bool root = ::geteuid() == 0;
    void (*oldHandler)(int) = SIG_DFL;
    if (root) {
        oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        limit.rlim_cur = static_cast<rlim_t>(before.size());
        ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &limit), 0);
    }
    const QString error = dialog.importInto(history);
    if (root) {
        ::setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, oldHandler);
    }
    QFile::setPermissions(inner.path(), writable);

    EXPECT_TRUE(error.startsWith(history + QStringLiteral(": "))) << error.toStdString();
    EXPECT_EQ(dialog.messageText(), error);
    EXPECT_EQ(contentsOf(history), before);
    EXPECT_EQ(QDir(inner.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot),
              QStringList{QStringLiteral("history.csv")});
    EXPECT_EQ(w.document()->scenario().track.history, history);
    EXPECT_EQ(w.box()->sentenceText(), sentence);
}

// The button opens the dialog as a modal window; Esc closes it without touching the history,
// Enter imports.
TEST(TrackRecordImport, TheButtonOpensTheDialogEnterImportsEscCancels)
{
    TrackWindow w;
    QTemporaryDir dir;
    const QString history = testsupport::writeTrackHistory(dir);
    ASSERT_TRUE(w.box()->chooseHistory(history));
    const QByteArray before = contentsOf(history);
    QString title;
    QTimer::singleShot(0, [&title]() {
        auto *dialog = qobject_cast<TrackImportDialog *>(QApplication::activeModalWidget());
        ASSERT_NE(dialog, nullptr);
        title = dialog->windowTitle();
        QTest::keyClick(dialog, Qt::Key_Escape);
    });
    w.box()->importButton()->click();
    EXPECT_EQ(title, QStringLiteral("Import into the track record"));
    EXPECT_EQ(contentsOf(history), before);

    // Enter imports into the plan's history and closes the dialog.
    const QString runs = writeMlflowRuns(dir);
    bool accepted = false;
    QTimer::singleShot(0, [&runs, &accepted]() {
        auto *dialog = qobject_cast<TrackImportDialog *>(QApplication::activeModalWidget());
        ASSERT_NE(dialog, nullptr);
        QObject::connect(dialog, &QDialog::accepted, [&accepted]() { accepted = true; });
        dialog->setSource(track::ImportSource::Mlflow);
        dialog->setFilePath(runs);
        QTest::keyClick(dialog, Qt::Key_Return);
        if (dialog->isVisible())
            dialog->reject(); // the test fails below rather than waiting here
    });
    w.box()->importButton()->click();
    EXPECT_TRUE(accepted);
    EXPECT_EQ(track::readFile(history).rows.size(), 7U);
}
