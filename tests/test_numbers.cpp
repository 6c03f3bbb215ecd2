// Numbers a person reads (issue 17, item 5): no e-notation in the window, the report or the CLI's
// text; durations in the unit that reads best; plurals through tr() with %n; round chart ticks
// with thousands separators; the scaling table highlights the scenario's own worker count.
#include "app/cli/cli.h"
#include "core/base/csv.h"
#include "core/base/format.h"
#include "core/base/units.h"
#include "core/plan/explain.h"
#include "ui/document/scenariodocument.h"
#include "ui/model/headlinewidget.h"
#include "ui/model/inputspanel.h"
#include "ui/model/scalingtablemodel.h"
#include "ui/model/scalingview.h"
#include "ui/model/stagechart.h"
#include "ui/project/projectpanel.h"
#include "ui/report/report.h"
#include "ui/tail/tailpanel.h"
#include "ui/widgets/valuecontrol.h"
#include "ui/window/mainwindow.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProcess>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextDocumentFragment>
#include <QTimer>
#include <QValueAxis>

#include <qcustomplot.h>

#include <cmath>
#include <gtest/gtest.h>

using namespace pipeplan;

namespace {

const QRegularExpression &scientific()
{
    static const QRegularExpression re(QStringLiteral("[0-9][eE][+-]?[0-9]"));
    return re;
}

/// Fails with `where` and the text when `text` holds e-notation.
void expectPlain(const QString &text, const std::string &where)
{
    EXPECT_FALSE(scientific().match(text).hasMatch()) << where << ": " << text.toStdString();
}

QString presetFile(const QString &name)
{
    return QStringLiteral(PIPEPLAN_PRESETS_DIR "/") + name;
}

QStringList presets()
{
    return QDir(QStringLiteral(PIPEPLAN_PRESETS_DIR))
        .entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
}

/// What tr("%n <noun>(s)", nullptr, n) and format::plural make of a count.
QString counted(const char *source, double n)
{
    return format::plural(
        QCoreApplication::translate("TestNumbers", source, nullptr, format::numerus(n)), n);
}

/// Every tick label a Qt Charts view draws (its axis labels are text items in the scene).
QStringList sceneTexts(QChartView *view)
{
    QStringList texts;
    for (QGraphicsItem *item : view->scene()->items()) {
        if (auto *text = qgraphicsitem_cast<QGraphicsTextItem *>(item))
            texts << text->toPlainText();
        else if (auto *simple = qgraphicsitem_cast<QGraphicsSimpleTextItem *>(item))
            texts << simple->text();
    }
    return texts;
}

/// The value axis labels the stage chart draws, in order, empty ones dropped.
QStringList stageTickLabels(StageChart *chart)
{
    QCoreApplication::processEvents();
    QStringList labels;
    for (const QString &text : sceneTexts(chart)) {
        if (!text.isEmpty() && text.front().isDigit())
            labels << text;
    }
    return labels;
}

bool isRoundStep(double step)
{
    const double magnitude = std::pow(10.0, std::floor(std::log10(step)));
    const double mantissa = step / magnitude;
    for (double round : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (std::fabs(mantissa - round) < 1e-9)
            return true;
    }
    return false;
}

QString reportText(const Plan &plan, const QString &directory)
{
    const QString pdf = directory + QStringLiteral("/report.pdf");
    QFile file(pdf);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(report::pdfBytes(plan, evaluatePlan(plan), report::Options{}));
    file.close();
    QProcess process;
    process.start(QStringLiteral("pdftotext"),
                  {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
    process.waitForFinished(60'000);
    return QString::fromUtf8(process.readAllStandardOutput());
}

class NumbersWindowTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        window = std::make_unique<MainWindow>(MainWindow::Options::headless());
        window->resize(1366, 768);
        window->show();
        QCoreApplication::processEvents();
        doc = window->document();
    }

    void setWorkers(double workers)
    {
        Scenario s = doc->scenario();
        s.workload.workers = workers;
        ASSERT_TRUE(doc->edit(s, QStringLiteral("workers")));
        QCoreApplication::processEvents();
    }

    QString cell(int row, int column) const
    {
        const ScalingTableModel *model = window->scaling()->model();
        return model->data(model->index(row, column)).toString();
    }

    std::unique_ptr<MainWindow> window;
    ScenarioDocument *doc = nullptr;
};

} // namespace

// ---- Durations -------------------------------------------------------------------------------

TEST(NumbersDuration, PicksTheUnitThatReadsBestAtEachBoundary)
{
    using namespace units;
    EXPECT_EQ(format::duration(0.12), QStringLiteral("120 ms"));
    EXPECT_EQ(format::duration(1), QStringLiteral("1 second"));
    EXPECT_EQ(format::duration(45), QStringLiteral("45 seconds"));
    EXPECT_EQ(format::duration(119), QStringLiteral("119 seconds"));
    EXPECT_EQ(format::duration(2 * kSecondsPerMinute), QStringLiteral("2 minutes"));
    // A 25-minute job reads as minutes, never "0.02 days" or "0.42 hours".
    EXPECT_EQ(format::duration(25 * kSecondsPerMinute), QStringLiteral("25 minutes"));
    EXPECT_EQ(format::duration(2 * kSecondsPerHour - 1), QStringLiteral("119.98 minutes"));
    EXPECT_EQ(format::duration(2 * kSecondsPerHour), QStringLiteral("2 hours"));
    EXPECT_EQ(format::duration(16.67 * kSecondsPerHour), QStringLiteral("16.67 hours"));
    EXPECT_EQ(format::duration(3 * kSecondsPerDay - kSecondsPerHour), QStringLiteral("71 hours"));
    EXPECT_EQ(format::duration(3 * kSecondsPerDay), QStringLiteral("3 days"));
    EXPECT_EQ(format::duration(2 * kSecondsPerYear - kSecondsPerDay), QStringLiteral("729.5 days"));
    EXPECT_EQ(format::duration(2 * kSecondsPerYear), QStringLiteral("2 years"));
    // Seed 000: 150M users × 20 predictions × 1 s on one worker.
    EXPECT_EQ(format::duration(3e9), QStringLiteral("95.06 years"));
    EXPECT_EQ(format::duration(1e300).right(6), QStringLiteral(" years"));
}

TEST(NumbersDuration, ASmallJobHeadlineReadsInMinutes)
{
    Scenario s = defaultScenario();
    s.workload.users = 150'000; // 3,000,000 s of work over 2,000 workers at p = 1
    s.workload.parallelFraction = 1;
    s.workload.workers = 2000;
    const ScenarioResult r = evaluate(s);
    EXPECT_EQ(explain::headline(s, r).runtime, QStringLiteral("25 minutes"));
}

// ---- No e-notation from the shared formatters -----------------------------------------------

TEST(NumbersPlain, NoFormatterWritesENotationAtAnyMagnitude)
{
    for (int exponent = -12; exponent <= 18; ++exponent) {
        for (double mantissa : {1.0, 4.63, -2.5}) {
            const double v = mantissa * std::pow(10.0, exponent);
            const std::string where = "value " + std::to_string(v);
            expectPlain(format::grouped(v, 2), where);
            expectPlain(format::trimmed(v, 4), where);
            expectPlain(format::count(v, QStringLiteral("users")), where);
            expectPlain(format::milliseconds(std::fabs(v)), where);
            expectPlain(format::duration(std::fabs(v)), where);
            expectPlain(format::signedDuration(v), where);
            expectPlain(format::ratePerSecond(std::fabs(v), QStringLiteral("users")), where);
            expectPlain(format::gibibytes(std::fabs(v)), where);
            expectPlain(format::fixedOrBelow(v, 2), where);
            expectPlain(format::tickLabel(v, std::fabs(v) / 4), where);
            expectPlain(counted("%n worker(s)", std::fabs(v)), where);
        }
    }
}

TEST(NumbersPlain, ScalingCellsKeepTwoDecimalsPerColumnAndNeverENotation)
{
    // The cells of an earlier report: 4.63e-05 and 0.00496 h beside 0.02. Below a tenth of the
    // column's unit a cell names its own unit, to three figures: never "< 0.01".
    ScalingRow row;
    row.workers = 50'000;
    row.linearHours = 4.63e-05; // 0.167 s
    row.linearDays = 0.00496;   // 428.5 s
    row.amdahlSpeedup = 49.76;
    row.amdahlHours = 0.0167; // 60.1 s
    row.amdahlDays = 833'333.333;
    row.effectiveHours = 0;
    row.effectiveDays = 0.005; // 432 s
    using C = explain::ScalingColumn;
    EXPECT_EQ(explain::scalingCell(row, C::Workers), QStringLiteral("50,000"));
    EXPECT_EQ(explain::scalingCell(row, C::LinearHours), QStringLiteral("167 ms"));
    EXPECT_EQ(explain::scalingCell(row, C::LinearDays), QStringLiteral("7.14 min"));
    EXPECT_EQ(explain::scalingCell(row, C::AmdahlSpeedup), QStringLiteral("49.76×"));
    EXPECT_EQ(explain::scalingCell(row, C::AmdahlHours), QStringLiteral("1 min"));
    EXPECT_EQ(explain::scalingCell(row, C::AmdahlDays), QStringLiteral("833,333.33"));
    EXPECT_EQ(explain::scalingCell(row, C::EffectiveHours), QStringLiteral("0.00"));
    EXPECT_EQ(explain::scalingCell(row, C::EffectiveDays), QStringLiteral("7.2 min"));
    // Every time cell over a wide sweep: two decimals, or a number and its own unit.
    const QRegularExpression readable(
        QStringLiteral("^([0-9,]+\\.[0-9]{2}|[0-9.]+ (min|s|ms|µs|ns))$"));
    for (int exponent = -9; exponent <= 12; ++exponent) {
        row.linearHours = 3.7 * std::pow(10.0, exponent);
        const QString text = explain::scalingCell(row, C::LinearHours);
        EXPECT_TRUE(readable.match(text).hasMatch()) << text.toStdString();
        EXPECT_FALSE(text.startsWith(QLatin1Char('<'))) << text.toStdString();
    }
}

TEST(NumbersPlain, ATimeInAColumnReadsInItsOwnUnitBelowATenthOfTheColumns)
{
    constexpr double hour = units::kSecondsPerHour;
    constexpr double day = units::kSecondsPerDay;
    EXPECT_EQ(format::timeInColumn(20'000, hour), QStringLiteral("5.56"));
    EXPECT_EQ(format::timeInColumn(360, hour), QStringLiteral("0.10")); // a tenth: two figures
    EXPECT_EQ(format::timeInColumn(200, hour), QStringLiteral("3.33 min"));
    EXPECT_EQ(format::timeInColumn(14.4, hour), QStringLiteral("14.4 s"));
    EXPECT_EQ(format::timeInColumn(0.4, hour), QStringLiteral("400 ms"));
    EXPECT_EQ(format::timeInColumn(0.0004, hour), QStringLiteral("400 µs"));
    EXPECT_EQ(format::timeInColumn(0, hour), QStringLiteral("0.00"));
    // A column in days: hours below a tenth of a day, and a tenth and more in days.
    EXPECT_EQ(format::timeInColumn(20'000, day), QStringLiteral("0.23"));
    EXPECT_EQ(format::timeInColumn(7'200, day), QStringLiteral("2 h"));
    EXPECT_EQ(format::timeInColumn(200, day), QStringLiteral("3.33 min"));
}

// Seed 001 (1,000,000 users at 20 ms, 5.56 hours on one worker) at up to 50,000 workers: seconds
// and milliseconds, each cell in a unit that shows its value, where every cell read "< 0.01";
// the tooltip gives the hours to six figures.
TEST_F(NumbersWindowTest, Seed001sShortRuntimesReadInSecondsAndMilliseconds)
{
    ASSERT_TRUE(window->openFile(presetFile(QStringLiteral("seed001-pipeline.json"))));
    QCoreApplication::processEvents();
    const ScalingTableModel *model = window->scaling()->model();
    ASSERT_EQ(model->rowCount(), 8); // its own row of 1 worker and the seven listed counts
    const QStringList workers{QStringLiteral("1"),      QStringLiteral("100"),
                              QStringLiteral("500"),    QStringLiteral("1,000"),
                              QStringLiteral("5,000"),  QStringLiteral("10,000"),
                              QStringLiteral("35,000"), QStringLiteral("50,000")};
    const QStringList hours{QStringLiteral("5.56"),   QStringLiteral("3.33 min"),
                            QStringLiteral("40 s"),   QStringLiteral("20 s"),
                            QStringLiteral("4 s"),    QStringLiteral("2 s"),
                            QStringLiteral("571 ms"), QStringLiteral("400 ms")};
    const QStringList days{QStringLiteral("0.23"),   QStringLiteral("3.33 min"),
                           QStringLiteral("40 s"),   QStringLiteral("20 s"),
                           QStringLiteral("4 s"),    QStringLiteral("2 s"),
                           QStringLiteral("571 ms"), QStringLiteral("400 ms")};
    for (int r = 0; r < model->rowCount(); ++r) {
        EXPECT_EQ(cell(r, ScalingTableModel::Workers), workers[r]);
        EXPECT_EQ(cell(r, ScalingTableModel::LinearHours), hours[r]) << r;
        EXPECT_EQ(cell(r, ScalingTableModel::AmdahlHours), hours[r]) << r; // p = 1
        EXPECT_EQ(cell(r, ScalingTableModel::LinearDays), days[r]) << r;
        EXPECT_EQ(cell(r, ScalingTableModel::AmdahlDays), days[r]) << r;
    }
    const QString tip =
        model->data(model->index(7, ScalingTableModel::LinearHours), Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.endsWith(QStringLiteral("400 ms = 0.000111111 h"))) << tip.toStdString();
}

// ---- Plurals ---------------------------------------------------------------------------------

TEST(NumbersPlural, OneReadsSingularAndCountsAreGrouped)
{
    EXPECT_EQ(counted("%n worker(s)", 1), QStringLiteral("1 worker"));
    EXPECT_EQ(counted("%n worker(s)", 5), QStringLiteral("5 workers"));
    EXPECT_EQ(counted("%n worker(s)", 10'000), QStringLiteral("10,000 workers"));
    EXPECT_EQ(counted("%n worker(s)", 0), QStringLiteral("0 workers"));
    EXPECT_EQ(counted("%n worker(s)", 2.5), QStringLiteral("2.5 workers"));
    EXPECT_EQ(counted("%n prediction(s)", 1), QStringLiteral("1 prediction"));
    EXPECT_EQ(counted("%n prediction(s)", 3e9), QStringLiteral("3,000,000,000 predictions"));
    EXPECT_EQ(counted("%n person(s)", 1), QStringLiteral("1 person"));
    EXPECT_EQ(counted("%n person(s)", 3), QStringLiteral("3 people"));
    EXPECT_EQ(counted("%n checkpoint(s)", 1), QStringLiteral("1 checkpoint"));
    EXPECT_EQ(counted("%n checkpoint(s)", 4), QStringLiteral("4 checkpoints"));
}

TEST_F(NumbersWindowTest, TheRuntimeCaptionSaysOneWorker)
{
    setWorkers(1);
    EXPECT_EQ(window->headline()->findChildren<QLabel *>().isEmpty(), false);
    bool found = false;
    for (const QLabel *label : window->headline()->findChildren<QLabel *>()) {
        if (label->toolTip().startsWith(QStringLiteral("Runtime at"))) {
            EXPECT_EQ(label->toolTip(), QStringLiteral("Runtime at 1 worker"));
            found = true;
        }
    }
    EXPECT_TRUE(found);
}

TEST(NumbersPlural, EsPluralsResolve)
{
    EXPECT_EQ(counted("%n microbatch(es)", 1), QStringLiteral("1 microbatch"));
    EXPECT_EQ(counted("%n microbatch(es)", 8), QStringLiteral("8 microbatches"));
    EXPECT_EQ(counted("%n checkpoint(s)", 1), QStringLiteral("1 checkpoint"));
}

// The count fields' units follow the value the document gives them.
TEST_F(NumbersWindowTest, CountFieldsSayOneWorkerAndThreePeople)
{
    setWorkers(1);
    EXPECT_EQ(window->inputs()->workersControl()->lineEdit()->text(), QStringLiteral("1 worker"));
    setWorkers(2);
    EXPECT_EQ(window->inputs()->workersControl()->lineEdit()->text(), QStringLiteral("2 workers"));
    setWorkers(10'000);
    EXPECT_EQ(window->inputs()->workersControl()->lineEdit()->text(),
              QStringLiteral("10,000 workers"));
    // A workspace shows the document when it is shown.
    window->workspaces()->setCurrentIndex(1);
    setWorkers(1);
    EXPECT_EQ(window->tailPanel()->workersControl()->lineEdit()->text(),
              QStringLiteral("1 worker"));
    setWorkers(2);
    EXPECT_EQ(window->tailPanel()->workersControl()->lineEdit()->text(),
              QStringLiteral("2 workers"));

    window->workspaces()->setCurrentIndex(3);
    ValueControl *annotators = nullptr;
    for (ValueControl *control : window->findChildren<ValueControl *>()) {
        if (control->name() == QStringLiteral("Annotators"))
            annotators = control;
    }
    ASSERT_NE(annotators, nullptr);
    Scenario s = doc->scenario();
    s.project.labeling.annotators = 1;
    ASSERT_TRUE(doc->edit(s, QStringLiteral("annotators")));
    EXPECT_EQ(annotators->lineEdit()->text(), QStringLiteral("1 person"));
    s.project.labeling.annotators = 3;
    ASSERT_TRUE(doc->edit(s, QStringLiteral("annotators")));
    EXPECT_EQ(annotators->lineEdit()->text(), QStringLiteral("3 people"));
}

TEST_F(NumbersWindowTest, TheEtaLineSaysOneCheckpoint)
{
    window->workspaces()->setCurrentIndex(3);
    Scenario s = doc->scenario();
    // 3,600 samples at 1 per second: an hour, padded to 90 minutes; a checkpoint every hour.
    s.project.jobEta.samplesPerSecond = 1;
    s.project.jobEta.datasetSamples = 3600;
    s.project.jobEta.epochs = 1;
    s.project.jobEta.safetyFactor = 1.5;
    s.project.jobEta.checkpointMinutes = 60;
    ASSERT_TRUE(doc->edit(s, QStringLiteral("eta")));
    QCoreApplication::processEvents();
    EXPECT_EQ(window->projectPanel()->etaResult()->text(),
              QStringLiteral("ETA <b>60 minutes</b>; request <b>90 minutes</b> of wall time "
                             "(× 1.5); 1 checkpoint"));
    s.project.jobEta.checkpointMinutes = 30;
    ASSERT_TRUE(doc->edit(s, QStringLiteral("eta")));
    QCoreApplication::processEvents();
    EXPECT_EQ(window->projectPanel()->etaResult()->text(),
              QStringLiteral("ETA <b>60 minutes</b>; request <b>90 minutes</b> of wall time "
                             "(× 1.5); 2 checkpoints"));
}

TEST_F(NumbersWindowTest, TheKneeLineSaysOneWorker)
{
    ASSERT_TRUE(window->openFile(presetFile(QStringLiteral("feature-store-cap.json"))));
    doc = window->document();
    window->workspaces()->setCurrentIndex(1);
    setWorkers(1);
    EXPECT_TRUE(window->tailPanel()->kneeLabel()->text().contains(QStringLiteral(" at 1 worker.")))
        << window->tailPanel()->kneeLabel()->text().toStdString();
}

// The scaling table's "Export CSV…", through its context menu and file dialog: the rows the
// window shows, the scenario's own row and the overhead columns included.
TEST_F(NumbersWindowTest, TheScalingCsvHasTheOwnRowAndTheOverheadColumns)
{
    ASSERT_TRUE(window->openFile(presetFile(QStringLiteral("feature-store-cap.json"))));
    doc = window->document();
    setWorkers(5);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("scaling.csv"));
    QTableView *table = window->scaling()->table();
    bool chosen = false;
    // The menu and then the file dialog run their own event loops: timers answer them.
    QTimer answerDialog;
    answerDialog.setSingleShot(true);
    QObject::connect(&answerDialog, &QTimer::timeout, table, [&]() {
        if (auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget())) {
            dialog->selectFile(path);
            static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept is protected
            chosen = true;
        }
    });
    QTimer answerMenu;
    answerMenu.setSingleShot(true);
    QObject::connect(&answerMenu, &QTimer::timeout, table, [&]() {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu)
            return;
        for (QAction *action : menu->actions()) {
            if (action->text().startsWith(QStringLiteral("Export CSV"))) {
                answerDialog.start(0);
                action->trigger();
            }
        }
        menu->close();
    });
    answerMenu.start(0);
    emit table->customContextMenuRequested(QPoint(4, 4));
    ASSERT_TRUE(chosen);

    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const std::optional<std::vector<QStringList>> rows =
        csv::parse(QString::fromUtf8(file.readAll()));
    ASSERT_TRUE(rows.has_value());
    ASSERT_EQ(rows->size(), 9u); // the header, the 5-worker row and the preset's seven counts
    EXPECT_EQ(rows->front(),
              QStringList({QStringLiteral("Workers"), QStringLiteral("Linear (h)"),
                           QStringLiteral("Linear (days)"), QStringLiteral("Amdahl S"),
                           QStringLiteral("Amdahl (h)"), QStringLiteral("Amdahl (days)"),
                           QStringLiteral("With overheads (h)"),
                           QStringLiteral("With overheads (days)")}));
    EXPECT_EQ((*rows)[1][0], QStringLiteral("5"));
    EXPECT_EQ((*rows)[2][0], QStringLiteral("100"));
    // Every cell as the window's table shows it.
    const ScalingTableModel *model = window->scaling()->model();
    ASSERT_EQ(model->rowCount(), 8);
    for (int r = 0; r < model->rowCount(); ++r)
        for (int c = 0; c < 8; ++c)
            EXPECT_EQ((*rows)[static_cast<size_t>(r) + 1][c], cell(r, c)) << r << " " << c;
}

// ---- Ticks -----------------------------------------------------------------------------------

TEST(NumbersTicks, StepsAreRoundAndLabelsGrouped)
{
    EXPECT_EQ(format::niceStep(25'000, 3), 10'000);
    EXPECT_EQ(format::niceStep(21'000, 5), 5'000);
    EXPECT_EQ(format::niceStep(0.3, 3), 0.1);
    EXPECT_EQ(format::niceStep(9, 4), 2.5);
    EXPECT_EQ(format::niceStep(0, 4), 1);
    for (int i = 0; i < 70; ++i) {
        const double span = 0.013 * std::pow(1.37, i);
        for (int ticks = 2; ticks <= 6; ++ticks) {
            const double step = format::niceStep(span, ticks);
            EXPECT_TRUE(isRoundStep(step)) << step;
            EXPECT_LE(span / step, ticks * (1 + 1e-9)) << span << " " << ticks;
        }
    }
    EXPECT_EQ(format::tickLabel(5'000, 2'500), QStringLiteral("5,000"));
    EXPECT_EQ(format::tickLabel(7'500, 2'500), QStringLiteral("7,500"));
    EXPECT_EQ(format::tickLabel(0.75, 0.25), QStringLiteral("0.75"));
    EXPECT_EQ(format::tickLabel(1.5, 0.5), QStringLiteral("1.5"));
    EXPECT_EQ(format::tickLabel(9.1, 0.05), QStringLiteral("9.10"));
    EXPECT_EQ(format::tickLabel(-1e-17, 0.5), QStringLiteral("0.0"));
    EXPECT_EQ(format::tickLabel(20'000'000, 5'000'000), QStringLiteral("20,000,000"));
}

TEST_F(NumbersWindowTest, TheStageChartTicksAreRoundMultiplesWithSeparators)
{
    StageChart *chart = window->stageChart();
    for (double latencyMs : {1000.0, 833.0, 1.7, 12.0, 41'666.0}) {
        Scenario s = doc->scenario();
        s.workload.latencyMs = latencyMs;
        ASSERT_TRUE(doc->edit(s, QStringLiteral("latency")));
        for (int width : {300, 500, 900}) {
            chart->resize(width, 220);
            QCoreApplication::processEvents();
            const QValueAxis *axis = chart->valueAxis();
            const std::string what =
                "latency " + std::to_string(latencyMs) + " width " + std::to_string(width);
            EXPECT_EQ(axis->tickType(), QValueAxis::TicksDynamic) << what;
            EXPECT_EQ(axis->tickAnchor(), 0) << what;
            EXPECT_EQ(axis->min(), 0) << what;
            const double step = axis->tickInterval();
            EXPECT_TRUE(isRoundStep(step)) << what << " step " << step;
            const double steps = axis->max() / step;
            EXPECT_NEAR(steps, std::round(steps), 1e-9) << what;
            EXPECT_GE(axis->max(), doc->result().stageMs.front()) << what;
            const QStringList labels = stageTickLabels(chart);
            EXPECT_FALSE(labels.isEmpty()) << what;
            for (const QString &label : labels) {
                expectPlain(label, what);
                // Every label is a round multiple of the step, grouped in thousands.
                QString digits = label;
                digits.remove(QLatin1Char(','));
                bool ok = false;
                const double value = digits.toDouble(&ok);
                ASSERT_TRUE(ok) << what << " label " << label.toStdString();
                EXPECT_NEAR(value / step, std::round(value / step), 1e-6)
                    << what << " label " << label.toStdString();
                if (value >= 1000) {
                    EXPECT_TRUE(label.contains(QLatin1Char(','))) << label.toStdString();
                }
            }
        }
    }
    // Seed 000's 20,000 ms stage: 0, 5,000 ... or 0, 10,000 ..., never 8,333.
    Scenario s = defaultScenario();
    ASSERT_TRUE(doc->edit(s, QStringLiteral("seed 000")));
    chart->resize(500, 220);
    const QStringList labels = stageTickLabels(chart);
    EXPECT_TRUE(labels.contains(QStringLiteral("10,000"))) << labels.join(u' ').toStdString();
    EXPECT_FALSE(labels.contains(QStringLiteral("8,333")));
}

// ---- The highlighted row ---------------------------------------------------------------------

TEST_F(NumbersWindowTest, OneAndFiveWorkersHighlightARowOfTheirOwn)
{
    const ScalingTableModel *model = window->scaling()->model();
    const int listed = static_cast<int>(doc->scenario().workerCounts.size());
    for (double workers : {1.0, 5.0}) {
        setWorkers(workers);
        ASSERT_EQ(model->rowCount(), listed + 1) << workers;
        EXPECT_EQ(model->highlightedRow(), 0) << workers;
        EXPECT_EQ(model->insertedRow(), 0) << workers;
        EXPECT_EQ(cell(0, ScalingTableModel::Workers), format::grouped(workers, 0));
        EXPECT_EQ(cell(1, ScalingTableModel::Workers), QStringLiteral("100"));
        // Its runtime is the headline's (no overheads: the Amdahl runtime).
        EXPECT_DOUBLE_EQ(doc->result().runtimeSeconds,
                         explain::shownScaling(doc->scenario(), doc->result()).rows[0].amdahlHours *
                             3600.0);
        EXPECT_TRUE(model->data(model->index(0, 0), Qt::FontRole).value<QFont>().bold());
        EXPECT_FALSE(model->data(model->index(1, 0), Qt::FontRole).value<QFont>().bold());
    }
    // Between listed counts the row goes in order; a listed count is highlighted in place.
    setWorkers(700);
    EXPECT_EQ(model->highlightedRow(), 2);
    EXPECT_EQ(cell(1, ScalingTableModel::Workers), QStringLiteral("500"));
    EXPECT_EQ(cell(2, ScalingTableModel::Workers), QStringLiteral("700"));
    EXPECT_EQ(cell(3, ScalingTableModel::Workers), QStringLiteral("1,000"));
    setWorkers(5000);
    EXPECT_EQ(model->rowCount(), listed);
    EXPECT_EQ(model->insertedRow(), -1);
    EXPECT_EQ(cell(model->highlightedRow(), ScalingTableModel::Workers), QStringLiteral("5,000"));
    setWorkers(100'000);
    EXPECT_EQ(model->highlightedRow(), listed);
    EXPECT_EQ(cell(listed, ScalingTableModel::Workers), QStringLiteral("100,000"));
}

TEST_F(NumbersWindowTest, TheOwnRowKeepsTheOverheadAndBaselineColumns)
{
    ASSERT_TRUE(window->openFile(presetFile(QStringLiteral("feature-store-cap.json"))));
    doc = window->document();
    doc->pinBaseline();
    setWorkers(3);
    const ScalingTableModel *model = window->scaling()->model();
    EXPECT_TRUE(model->hasOverheads());
    EXPECT_EQ(model->highlightedRow(), 0);
    EXPECT_EQ(model->baselineColumn(), model->columnCount() - 1);
    // With overheads the own row's runtime is the headline's.
    const explain::ShownScaling shown = explain::shownScaling(doc->scenario(), doc->result());
    EXPECT_DOUBLE_EQ(shown.rows[0].effectiveHours * 3600.0, doc->result().effectiveRuntimeSeconds);
    EXPECT_EQ(cell(0, ScalingTableModel::ColumnCount),
              explain::scalingCell(shown.rows[0], explain::ScalingColumn::EffectiveHours));
    EXPECT_FALSE(cell(0, model->baselineColumn()).isEmpty());
}

// ---- Every preset: the window, the report and the CLI ------------------------------------------

TEST_F(NumbersWindowTest, NoPresetShowsENotationAnywhere)
{
    const QStringList names = presets();
    ASSERT_GE(names.size(), 6);
    QTemporaryDir dir;
    for (const QString &name : names) {
        const std::string what = name.toStdString();
        ASSERT_TRUE(window->openFile(presetFile(name))) << what;
        doc = window->document();
        QCoreApplication::processEvents();
        int checked = 0;
        // Every label (rich text as a person reads it).
        for (const QLabel *label : window->findChildren<QLabel *>()) {
            const QString text = Qt::mightBeRichText(label->text())
                                     ? QTextDocumentFragment::fromHtml(label->text()).toPlainText()
                                     : label->text();
            expectPlain(text, what + " label");
            ++checked;
        }
        // Every cell of every table and list, and its headers.
        for (const QAbstractItemView *view : window->findChildren<QAbstractItemView *>()) {
            const QAbstractItemModel *model = view->model();
            if (!model)
                continue;
            for (int c = 0; c < model->columnCount(); ++c)
                expectPlain(model->headerData(c, Qt::Horizontal).toString(), what + " header");
            for (int r = 0; r < model->rowCount(); ++r) {
                for (int c = 0; c < model->columnCount(); ++c) {
                    expectPlain(model->index(r, c).data().toString(),
                                what + " cell " + std::to_string(r) + "," + std::to_string(c));
                    ++checked;
                }
            }
        }
        // Every tick label of every chart.
        for (QCustomPlot *plot : window->findChildren<QCustomPlot *>()) {
            plot->replot(QCustomPlot::rpImmediateRefresh);
            for (QCPAxis *axis : plot->axisRect()->axes()) {
                if (!axis->visible())
                    continue;
                for (const QString &tick : axis->tickVectorLabels()) {
                    expectPlain(tick, what + " tick of " + plot->metaObject()->className() + " " +
                                          axis->label().toStdString());
                    ++checked;
                }
            }
        }
        for (QChartView *view : window->findChildren<QChartView *>()) {
            for (const QString &text : sceneTexts(view)) {
                expectPlain(text, what + " Qt Charts text");
                ++checked;
            }
        }
        EXPECT_GT(checked, 100) << what;
        // The scaling table's own cells, said once more by name.
        const ScalingTableModel *scaling = window->scaling()->model();
        for (int r = 0; r < scaling->rowCount(); ++r)
            for (int c = 0; c < scaling->columnCount(); ++c)
                expectPlain(scaling->index(r, c).data().toString(), what + " scaling cell");

        // Every line of the report.
        const QString report = reportText(doc->plan(), dir.path());
        ASSERT_FALSE(report.isEmpty()) << what;
        for (const QString &line : report.split(QLatin1Char('\n')))
            expectPlain(line, what + " report");

        // The CLI's tables (eval and scaling); its JSON is a contract and keeps raw numbers.
        const cli::CliRunResult eval = cli::runCaptured({QStringLiteral("eval"), presetFile(name)});
        ASSERT_EQ(eval.exitCode, 0) << eval.err.toStdString();
        for (const QString &line : eval.out.split(QLatin1Char('\n')))
            expectPlain(line, what + " CLI eval");
    }
    const cli::CliRunResult scaling = cli::runCaptured(
        {QStringLiteral("scaling"), QStringLiteral("--users"), QStringLiteral("1000"),
         QStringLiteral("--predictions"), QStringLiteral("1"), QStringLiteral("--latency-ms"),
         QStringLiteral("10")});
    ASSERT_EQ(scaling.exitCode, 0) << scaling.err.toStdString();
    for (const QString &line : scaling.out.split(QLatin1Char('\n')))
        expectPlain(line, "CLI scaling");
}
