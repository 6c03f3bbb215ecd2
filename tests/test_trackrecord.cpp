// The Measured workspace's Track record (seed 003): the history chosen and remembered in the
// plan, the calibration in one sentence, Apply calibration as one undo step and the headline's
// sentence, the review and the MdAPE by month as core computes them, Record actual for a saved
// plan, Copy pre-run template, and the report's section.
#include "core/plan/prerun.h"
#include "core/plan/scenariofile.h"
#include "core/track/calibration.h"
#include "core/track/record.h"
#include "core/track/tracktext.h"
#include "tests/support/trackhistory.h"
#include "ui/document/scenariodocument.h"
#include "ui/measured/measuredpanel.h"
#include "ui/measured/trackrecordbox.h"
#include "ui/model/headlinewidget.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

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
    EXPECT_TRUE(markdown.contains(QStringLiteral("| Canary plan | _to fill_ |")));
}
