// Every table's context menu offers CSV, tab-separated text, Markdown and HTML (issue 19).
#include "core/base/csv.h"
#include "core/base/tabletext.h"
#include "core/plan/explain.h"
#include "ui/document/montecarlorunner.h"
#include "ui/document/scenariodocument.h"
#include "ui/document/simulationrunner.h"
#include "ui/model/scalingtablemodel.h"
#include "ui/model/scalingview.h"
#include "ui/project/projectpanel.h"
#include "ui/tail/tailpanel.h"
#include "ui/training/trainingpanel.h"
#include "ui/widgets/chartexport.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDialog>
#include <QFile>
#include <QFileDialog>
#include <QMenu>
#include <QMimeData>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <gtest/gtest.h>

using namespace pipeplan;

QT_BEGIN_NAMESPACE
inline void PrintTo(const QString &text, std::ostream *os)
{
    *os << '"' << text.toStdString() << '"';
}
inline void PrintTo(const QStringList &list, std::ostream *os)
{
    *os << '[' << list.join(QStringLiteral("; ")).toStdString() << ']';
}
QT_END_NAMESPACE

namespace {

/// The six entries of every table's menu, in their order (the first and fourth as before).
const QStringList kEntries{
    QStringLiteral("Export CSV…"),      QStringLiteral("Export Markdown…"),
    QStringLiteral("Export HTML…"),     QStringLiteral("Copy as tab-separated text"),
    QStringLiteral("Copy as Markdown"), QStringLiteral("Copy as HTML")};

QStringList entries(const QMenu *menu)
{
    QStringList texts;
    for (const QAction *action : menu->actions()) {
        if (!action->isSeparator())
            texts << action->text();
    }
    return texts;
}

QAction *entry(const QMenu *menu, const QString &text)
{
    for (QAction *action : menu->actions()) {
        if (action->text() == text)
            return action;
    }
    return nullptr;
}

/// Chooses `text` in the menu, as a click on it does.
void choose(const QMenu *menu, const QString &text)
{
    QAction *action = entry(menu, text);
    ASSERT_NE(action, nullptr) << text.toStdString();
    action->trigger();
}

/// The clipboard's plain text parsed as Markdown.
std::optional<std::vector<QStringList>> clipboardMarkdown()
{
    return tabletext::parseMarkdown(QApplication::clipboard()->text());
}

/// The clipboard's HTML parsed, or nothing when it holds none.
std::optional<std::vector<QStringList>> clipboardHtml()
{
    const QMimeData *data = QApplication::clipboard()->mimeData();
    if (!data || !data->hasHtml())
        return std::nullopt;
    return tabletext::parseHtml(data->html());
}

/// The scaling table as the window copies it: the scenario's own row, the overhead columns
/// when they are on.
std::vector<QStringList> scalingRows(const ScenarioDocument *document)
{
    const ScenarioResult &result = document->result();
    return explain::scalingTableRows(explain::shownScaling(document->scenario(), result).rows,
                                     result.overheads.enabled);
}

/// Chooses an export entry and answers its file dialog with `path`; true when it was asked.
bool exportVia(QAbstractItemView *view, const QString &text, const QString &path)
{
    bool asked = false;
    QTimer answer;
    answer.setSingleShot(true);
    QObject::connect(&answer, &QTimer::timeout, view, [&]() {
        if (auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget())) {
            dialog->selectFile(path);
            static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept is protected
            asked = true;
        }
    });
    answer.start(0);
    choose(chartexport::installedTableMenu(view), text);
    return asked;
}

QString readUtf8(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

bool waitForSimulation(TailPanel *tail, const ScenarioDocument *doc)
{
    return QTest::qWaitFor([tail]() { return !tail->isSimulationPending(); }, 60000) &&
           doc->jobs()->simulation()->result().has_value();
}

bool waitForEstimate(const ProjectPanel *panel)
{
    if (!QTest::qWaitFor([panel]() { return !panel->isRunning(); }, 60000))
        return false;
    QTest::qWait(60); // the poll that delivers it
    return !panel->isRunning() && panel->planEstimate().has_value();
}

} // namespace

TEST(TableCopy, TheScalingTableCopiesAsMarkdownAndHtmlWithUnitsInItsHeader)
{
    MainWindow window(MainWindow::Options::headless());
    QTableView *view = window.scaling()->table();
    const QMenu *menu = chartexport::installedTableMenu(view);
    ASSERT_NE(menu, nullptr);
    EXPECT_EQ(entries(menu), kEntries);
    EXPECT_EQ(view->contextMenuPolicy(), Qt::CustomContextMenu);

    const std::vector<QStringList> rows = scalingRows(window.document());
    ASSERT_EQ(rows.size(), 8u); // the header and the seed's seven worker counts
    // Every time column names its unit; workers are a count, the speedup carries its "×".
    EXPECT_EQ(rows.front(),
              QStringList({QStringLiteral("Workers"), QStringLiteral("Linear (h)"),
                           QStringLiteral("Linear (days)"), QStringLiteral("Amdahl S"),
                           QStringLiteral("Amdahl (h)"), QStringLiteral("Amdahl (days)")}));
    EXPECT_TRUE(rows.front().join(u'|').contains(QStringLiteral("(h)")));
    EXPECT_EQ(rows[5][3], QStringLiteral("49.76×"));
    // The very cells the window's table shows.
    const ScalingTableModel *model = window.scaling()->model();
    ASSERT_EQ(model->rowCount(), 7);
    for (int r = 0; r < model->rowCount(); ++r) {
        for (int c = 0; c < 6; ++c) {
            EXPECT_EQ(rows[static_cast<std::size_t>(r) + 1][c],
                      model->data(model->index(r, c)).toString())
                << r << " " << c;
        }
    }

    choose(menu, QStringLiteral("Copy as Markdown"));
    const std::optional<std::vector<QStringList>> markdown = clipboardMarkdown();
    ASSERT_TRUE(markdown.has_value()) << QApplication::clipboard()->text().toStdString();
    EXPECT_EQ(*markdown, rows);
    EXPECT_TRUE(QApplication::clipboard()->text().contains(QStringLiteral("---: |")));

    choose(menu, QStringLiteral("Copy as HTML"));
    const std::optional<std::vector<QStringList>> html = clipboardHtml();
    ASSERT_TRUE(html.has_value());
    EXPECT_EQ(*html, rows);
    // A spreadsheet takes the plain text beside it: the tab-separated cells.
    EXPECT_EQ(QApplication::clipboard()->mimeData()->text(), csv::tabSeparated(rows));

    choose(menu, QStringLiteral("Copy as tab-separated text"));
    EXPECT_EQ(QApplication::clipboard()->text(), csv::tabSeparated(rows));
    EXPECT_FALSE(QApplication::clipboard()->mimeData()->hasHtml());

    // Edits show in the next copy: the overhead columns, in hours and days.
    Scenario s = window.document()->scenario();
    s.overheads.coldStartSeconds = 30;
    ASSERT_TRUE(window.document()->edit(s, QStringLiteral("cold start")));
    const std::vector<QStringList> withOverheads = scalingRows(window.document());
    ASSERT_EQ(withOverheads.front().size(), 8);
    EXPECT_EQ(withOverheads.front()[6], QStringLiteral("With overheads (h)"));
    choose(menu, QStringLiteral("Copy as Markdown"));
    EXPECT_EQ(clipboardMarkdown(), withOverheads);
    choose(menu, QStringLiteral("Copy as HTML"));
    EXPECT_EQ(clipboardHtml(), withOverheads);
}

TEST(TableCopy, TheScalingTableExportsMarkdownAndHtmlFiles)
{
    MainWindow window(MainWindow::Options::headless());
    window.show();
    QTableView *view = window.scaling()->table();
    const std::vector<QStringList> rows = scalingRows(window.document());
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());

    const QString markdownPath = dir.filePath(QStringLiteral("scaling.md"));
    ASSERT_TRUE(exportVia(view, QStringLiteral("Export Markdown…"), markdownPath));
    const QString markdown = readUtf8(markdownPath);
    EXPECT_EQ(markdown, tabletext::markdown(rows));
    EXPECT_EQ(tabletext::parseMarkdown(markdown), rows);

    const QString htmlPath = dir.filePath(QStringLiteral("scaling.html"));
    ASSERT_TRUE(exportVia(view, QStringLiteral("Export HTML…"), htmlPath));
    const QString html = readUtf8(htmlPath);
    EXPECT_EQ(html, tabletext::htmlDocument(rows, QStringLiteral("Scaling table")));
    EXPECT_TRUE(html.contains(QStringLiteral("<meta charset=\"utf-8\">")));
    EXPECT_TRUE(html.contains(QStringLiteral("<caption>Scaling table</caption>")));
    EXPECT_EQ(tabletext::parseHtml(html), rows);

    // A folder that is not there: the problem names the path, and no file is left behind.
    const QString missing = dir.filePath(QStringLiteral("no such folder/scaling.md"));
    const QString problem = chartexport::saveMarkdown(rows, missing);
    EXPECT_TRUE(problem.startsWith(missing)) << problem.toStdString();
    EXPECT_FALSE(QFile::exists(missing));
    EXPECT_FALSE(chartexport::saveHtml(rows, missing, QStringLiteral("Scaling table")).isEmpty());
}

// The goal seek, the training comparison and the project's four tables: each copies as
// Markdown and HTML exactly the cells chartexport::tableRows reads from it, header units and
// row labels included.
TEST(TableCopy, EveryTableOfTheWindowOffersTheSixEntriesAndCopiesItsCells)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1366, 720);
    window.show();
    Scenario s = window.document()->scenario();
    s.simulation.trials = 100; // fewer trials: the test also runs under ASan
    s.goal.trials = 20;
    // A deadline past the seed's serial 694.44 days, so the goal seek finds a worker count.
    s.goal.deadlineSeconds = 750 * 86'400.0;
    ASSERT_TRUE(window.document()->edit(s, QStringLiteral("fewer trials, a later deadline")));
    window.workspaces()->setCurrentIndex(1);
    ASSERT_TRUE(waitForSimulation(window.tailPanel(), window.document()));
    window.workspaces()->setCurrentIndex(2);
    QApplication::processEvents();
    window.workspaces()->setCurrentIndex(3);
    ASSERT_TRUE(waitForEstimate(window.projectPanel()));

    int tables = 0;
    for (QAbstractItemView *view : window.findChildren<QAbstractItemView *>()) {
        const QMenu *menu = chartexport::installedTableMenu(view);
        if (!menu)
            continue; // a picker's list, not a table
        ++tables;
        EXPECT_EQ(entries(menu), kEntries);
        const auto *table = qobject_cast<const QTableWidget *>(view);
        if (!table)
            continue; // the scaling table, above
        const std::vector<QStringList> rows = chartexport::tableRows(table);
        choose(menu, QStringLiteral("Copy as Markdown"));
        EXPECT_EQ(clipboardMarkdown(), rows) << QApplication::clipboard()->text().toStdString();
        choose(menu, QStringLiteral("Copy as HTML"));
        EXPECT_EQ(clipboardHtml(), rows);
    }
    // Scaling, fewest workers, schedules compared, four project tables, and Hardware & cost's
    // roofline and devices.
    EXPECT_EQ(tables, 9);

    // The goal seek prices its cost per worker-hour; the time carries its unit in the cell.
    const std::vector<QStringList> goal = chartexport::tableRows(window.tailPanel()->goalTable());
    ASSERT_EQ(goal.size(), 5u);
    EXPECT_EQ(goal.front(),
              QStringList({QStringLiteral("Model"), QStringLiteral("Fewest workers"),
                           QStringLiteral("Finishes in"), QStringLiteral("Cost at $0.50/worker-h"),
                           QStringLiteral("Why not")}));
    EXPECT_EQ(goal[1][0], QStringLiteral("naive"));
    EXPECT_NE(goal[1][1], QStringLiteral("impossible"));
    EXPECT_TRUE(goal[1][2].endsWith(QStringLiteral(" years"))) << goal[1][2].toStdString();

    // The estimate's rows are labelled ("PERT mean", "P50"): the labels come along.
    const ProjectPanel *project = window.projectPanel();
    const std::vector<QStringList> results = chartexport::tableRows(project->resultTable());
    ASSERT_EQ(results.size(), 8u);
    EXPECT_EQ(results.front(), QStringList({QString(), QStringLiteral("Without buffers"),
                                            QStringLiteral("With buffers")}));
    EXPECT_EQ(results[1][0], QStringLiteral("PERT mean"));
    EXPECT_EQ(results[1][1], QStringLiteral("18 weeks"));
    // The tasks' unit is a picker in its cell: the copy says "weeks" where the window does.
    const std::vector<QStringList> tasks = chartexport::tableRows(project->taskTable());
    ASSERT_GT(tasks.size(), 2u);
    EXPECT_EQ(tasks.front()[2], QStringLiteral("Unit"));
    EXPECT_EQ(tasks[2][2], QStringLiteral("weeks"));
    EXPECT_FALSE(tasks[2][1].isEmpty()); // the category
    EXPECT_EQ(tasks[2][7], QStringLiteral("5.33 weeks"));
    // The log of finished tasks takes any unit, the same in both columns: its header says so.
    const std::vector<QStringList> actuals = chartexport::tableRows(project->actualsTable());
    EXPECT_EQ(actuals.front(),
              QStringList({QStringLiteral("Task or job"), QStringLiteral("Estimate (your unit)"),
                           QStringLiteral("Actual (same unit)"), QStringLiteral("Error")}));
}
