// The Measured workspace (issue 20): runs pasted from a spreadsheet, both laws fitted, "Use
// fitted p" and the runtime's band in the headline, the USL column of the scaling table, the
// file, the report and the CLI agreeing.
#include "app/cli/cli.h"
#include "core/base/tabletext.h"
#include "core/plan/explain.h"
#include "core/plan/scenariofile.h"
#include "ui/document/scenariodocument.h"
#include "ui/measured/fitchart.h"
#include "ui/measured/measuredpanel.h"
#include "ui/model/headlinewidget.h"
#include "ui/model/scalingtablemodel.h"
#include "ui/model/scalingview.h"
#include "ui/report/report.h"
#include "ui/window/mainwindow.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

using namespace pipeplan;

namespace {

/// SPEC SDM91 (the R package usl's data(specsdm91); Gunther 2007) as a spreadsheet copies it:
/// tab-separated, digits grouped.
const QString kSdm91Cells =
    QStringLiteral("Workers\tThroughput\n1\t64.9\n18\t995.9\n36\t1,652.4\n"
                   "72\t1,853.2\n108\t1,828.9\n144\t1,775.0\n216\t1,702.2\n");

struct MeasuredWindow
{
    MeasuredWindow() : window(MainWindow::Options::headless())
    {
        window.resize(1366, 768);
        window.show();
        window.workspaces()->setCurrentIndex(4);
        QTest::qWait(20);
    }
    MainWindow window;
    ScenarioDocument *document() { return window.document(); }
    MeasuredPanel *panel() { return window.measuredPanel(); }
};

QString cellAt(const QTableWidget *table, int row, int column)
{
    const QTableWidgetItem *item = table->item(row, column);
    return item ? item->text() : QString();
}

} // namespace

TEST(Measured, PastedRunsFitAndUsingTheFittedPShowsTheRuntimesBand)
{
    MeasuredWindow w;
    ASSERT_TRUE(w.panel()->pasteRuns(kSdm91Cells)) << w.panel()->messageText().toStdString();
    const fit::Runs &runs = w.document()->scenario().measured.runs;
    ASSERT_EQ(runs.runs.size(), 7u);
    EXPECT_EQ(runs.runs[3].workers, 72);
    EXPECT_EQ(runs.runs[3].value, 1853.2);
    EXPECT_EQ(w.document()->undoStack()->undoText(), QStringLiteral("Paste measured runs"));

    const fit::Result &fitted = w.document()->planResult().measured.fit;
    ASSERT_TRUE(fitted.usl.has_value());
    EXPECT_NEAR(fitted.usl->sigma.value, 0.0277285, 0.0277285 * 0.01); // Gunther's σ
    EXPECT_NEAR(fitted.usl->kappa.value, 0.0001044, 0.0001044 * 0.01); // and κ
    // The window's fit table: the core's rows, cell for cell.
    const std::vector<QStringList> rows = explain::fitRows(fitted, QStringLiteral("items/s"));
    const QTableWidget *table = w.panel()->fitTable();
    ASSERT_EQ(table->rowCount(), static_cast<int>(rows.size()) - 1);
    for (int r = 0; r < table->rowCount(); ++r)
        for (int c = 0; c < table->columnCount(); ++c)
            EXPECT_EQ(cellAt(table, r, c), rows[static_cast<size_t>(r) + 1][c]);
    // The chart: the seven runs, both curves and the peak.
    EXPECT_EQ(w.panel()->chart()->pointsGraph()->dataCount(), 7);
    EXPECT_GT(w.panel()->chart()->uslGraph()->dataCount(), 50);
    EXPECT_GT(w.panel()->chart()->amdahlGraph()->dataCount(), 50);
    EXPECT_EQ(w.panel()->chart()->peakText(), QStringLiteral("N* = 97 workers (USL peak)"));

    // The scaling table gains the USL's runtime at each row.
    const ScalingTableModel *model = w.window.scaling()->model();
    ASSERT_GE(model->uslColumn(), 0);
    const ScenarioResult &r = w.document()->result();
    const std::vector<ScalingRow> shown = explain::shownScaling(w.document()->scenario(), r).rows;
    for (int row = 0; row < model->rowCount(); ++row)
        EXPECT_EQ(model->index(row, model->uslColumn()).data().toString(),
                  explain::hoursCell(uslRuntimeSeconds(*fitted.usl, r.workSeconds,
                                                       shown[static_cast<size_t>(row)].workers) /
                                     3600));

    // Use fitted p: one step; the headline shows the band from p's interval.
    EXPECT_TRUE(w.panel()->useFittedPButton()->isEnabled());
    EXPECT_TRUE(w.panel()->useFittedP());
    EXPECT_EQ(w.document()->scenario().workload.parallelFraction, fitted.amdahl->p.value);
    EXPECT_EQ(w.document()->undoStack()->undoText(), QStringLiteral("Use fitted p"));
    EXPECT_FALSE(w.panel()->useFittedPButton()->isEnabled());
    const std::optional<RuntimeBand> &band = w.document()->planResult().measured.runtimeBand;
    ASSERT_TRUE(band.has_value());
    const double runtime = w.document()->result().effectiveRuntimeSeconds;
    EXPECT_LT(band->lowSeconds, runtime);
    EXPECT_GT(band->highSeconds, runtime);
    EXPECT_TRUE(w.window.headline()->verdictText().contains(
        explain::runtimeBand(runtime, band->lowSeconds, band->highSeconds)))
        << w.window.headline()->verdictText().toStdString();
    w.document()->undoStack()->undo();
    EXPECT_FALSE(w.document()->planResult().measured.runtimeBand.has_value());
    EXPECT_TRUE(w.window.headline()->verdictText().isEmpty());
}

TEST(Measured, ABadCellOrPasteIsRefusedWithItsRowAndColumn)
{
    MeasuredWindow w;
    ASSERT_TRUE(w.panel()->pasteRuns(kSdm91Cells));
    const Plan before = w.document()->plan();
    w.panel()->runsTable()->item(2, 0)->setText(QStringLiteral("0.5"));
    EXPECT_EQ(w.panel()->messageText(),
              QStringLiteral("Run 3, Workers: must be a whole number of at least 1, got '0.5'"));
    EXPECT_EQ(w.document()->plan(), before);
    EXPECT_EQ(cellAt(w.panel()->runsTable(), 2, 0), QStringLiteral("36"));
    // A typed good value is taken as typed.
    w.panel()->runsTable()->item(2, 1)->setText(QStringLiteral("1,700"));
    EXPECT_EQ(w.document()->scenario().measured.runs.runs[2].value, 1700);
    EXPECT_TRUE(w.panel()->messageText().isEmpty());
    // A paste with a bad cell changes nothing and names it.
    const Plan edited = w.document()->plan();
    EXPECT_FALSE(w.panel()->pasteRuns(QStringLiteral("1\t10\n2\tfast\n")));
    EXPECT_TRUE(w.panel()->messageText().startsWith(QStringLiteral("Not pasted: row 3")))
        << w.panel()->messageText().toStdString();
    EXPECT_EQ(w.document()->plan(), edited);
}

TEST(Measured, TheFileTheReportAndTheCliCarryTheSameFit)
{
    MeasuredWindow w;
    ASSERT_TRUE(w.panel()->pasteRuns(kSdm91Cells));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("measured.json"));
    QString error;
    ASSERT_TRUE(w.window.saveFile(path, &error)) << error.toStdString();
    const Plan saved = w.document()->plan();
    ASSERT_TRUE(w.window.openFile(path, &error)) << error.toStdString();
    EXPECT_EQ(w.document()->plan(), saved);

    // The report's Measured section: on by default now that runs exist, the same fit rows.
    const std::vector<ReportSection> sections = report::sectionsFor(saved, evaluatePlan(saved), {});
    EXPECT_NE(std::find(sections.begin(), sections.end(), ReportSection::Measured), sections.end());
    const QString markdown = report::text(saved, evaluatePlan(saved), {}, report::Format::Markdown);
    EXPECT_TRUE(markdown.contains(QStringLiteral("## Measured runs and the fitted scaling laws")));
    const fit::Result &fitted = w.document()->planResult().measured.fit;
    for (const QStringList &row : explain::fitRows(fitted, QStringLiteral("items/s")))
        EXPECT_TRUE(markdown.contains(row[2])) << row.join(QLatin1Char(' ')).toStdString();

    // `pipeplan-cli fit` on the same runs: the same σ and κ, to the last bit.
    const QString csv = dir.filePath(QStringLiteral("runs.csv"));
    QFile file(csv);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(fit::writeRunsCsv(saved.scenario.measured.runs).toUtf8());
    file.close();
    QString json;
    QTextStream out(&json);
    QTextStream err(stderr);
    ASSERT_EQ(
        cli::run({QStringLiteral("fit"), QStringLiteral("--runs"), csv, QStringLiteral("--json")},
                 out, err),
        cli::kExitOk);
    out.flush();
    const QJsonObject usl =
        QJsonDocument::fromJson(json.toUtf8()).object().value(QStringLiteral("usl")).toObject();
    EXPECT_EQ(usl.value(QStringLiteral("sigma")).toDouble(), fitted.usl->sigma.value);
    EXPECT_EQ(usl.value(QStringLiteral("kappa")).toDouble(), fitted.usl->kappa.value);
}

// Issue 32: with no runs the Measured workspace is one chart saying what to do: no legend of
// absent series, no empty table under it; the first runs bring both.
TEST(Measured, WithoutRunsTheChartSaysWhatToDoAndNoEmptyTableShows)
{
    MeasuredWindow w;
    ASSERT_TRUE(w.document()->scenario().measured.runs.runs.empty());
    EXPECT_FALSE(w.panel()->fitTable()->isVisible());
    EXPECT_FALSE(w.panel()->chart()->legend->visible());
    EXPECT_EQ(w.panel()->chart()->emptyText(),
              QStringLiteral("Measured runs fill this chart with the fitted laws: enter or import "
                             "them on the left"));
    // The chart has the views' height to itself.
    EXPECT_GT(w.panel()->chart()->height(), 500);

    ASSERT_TRUE(w.panel()->pasteRuns(kSdm91Cells));
    EXPECT_TRUE(w.panel()->fitTable()->isVisible());
    EXPECT_TRUE(w.panel()->chart()->legend->visible());
    EXPECT_TRUE(w.panel()->chart()->emptyText().isEmpty());
}
