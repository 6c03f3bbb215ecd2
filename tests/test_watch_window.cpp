// The Watch view against a real Prometheus (support/prometheusfixture.h): it shows the
// forecast the core makes, refreshes in the background, and when the server stops the last
// forecast stays, marked stale with the time. One ctest, one server.

#include "core/base/format.h"
#include "core/watch/watchtext.h"
#include "tests/support/prometheusfixture.h"
#include "ui/document/scenariodocument.h"
#include "ui/watch/watchchart.h"
#include "ui/watch/watchdialog.h"
#include "ui/watch/watchview.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

using namespace pipeplan;
using namespace pipeplan::testsupport;

namespace {

PrometheusFixture *fixture = nullptr;

#define REQUIRE_PROMETHEUS() ASSERT_TRUE(fixture->problem.isEmpty()) << qPrintable(fixture->problem)

// Runs the event loop until `done` or `seconds` pass; true when done.
bool waitFor(const std::function<bool()> &done, double seconds)
{
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > seconds * 1000)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    }
    return true;
}

watch::WatchSettings settingsFor(const QString &query, double total)
{
    watch::WatchSettings settings;
    settings.kind = watch::WatchSettings::Kind::Prometheus;
    settings.serverUrl = fixture->url;
    settings.query = query;
    settings.totalItems = total;
    settings.intervalSeconds = 0.5;
    return settings;
}

watch::PlanModel planOf(double total, double runtimeSeconds)
{
    watch::PlanModel plan;
    plan.totalItems = total;
    plan.runtimeSeconds = runtimeSeconds;
    plan.model.workSeconds = runtimeSeconds;
    return plan;
}

} // namespace

TEST(WatchWindow, TheFileMenuOffersIt)
{
    MainWindow window(MainWindow::Options::headless());
    const QList<QAction *> actions = window.findChildren<QAction *>();
    EXPECT_TRUE(std::any_of(actions.begin(), actions.end(), [](const QAction *action) {
        return action->text() == QStringLiteral("&Watch Running Job…");
    }));
    // The dialog's default total is the plan's users scored (150M x keep 1 in the default).
    EXPECT_EQ(watch::planModel(window.document()->planResult()).totalItems, 150e6);
}

TEST(WatchWindow, TheDialogRefusesAUrlThatIsNotHttpAndNeedsATotal)
{
    WatchDialog dialog(std::nullopt);
    watch::WatchSettings s;
    s.serverUrl = QStringLiteral("ftp://example.org");
    s.query = QStringLiteral("up");
    dialog.setSettings(s);
    dialog.accept();
    EXPECT_EQ(dialog.result(), QDialog::Rejected);
    EXPECT_EQ(watch::checkSettings(dialog.settings()),
              QStringLiteral("Server: 'ftp://example.org' is not an http(s) URL"));
    s.serverUrl = QStringLiteral("http://127.0.0.1:9090");
    s.totalItems = 100;
    dialog.setSettings(s);
    EXPECT_EQ(dialog.settings(), s);
    EXPECT_TRUE(watch::checkSettings(dialog.settings()).isEmpty());
}

TEST(WatchWindow, TheBurnUpWithItsConeAgainstThePlan)
{
    REQUIRE_PROMETHEUS();
    fixture->waitUntil(10 + kOffScrapeSeconds);
    // The wobbling counter, 50 items/s on average; a plan that expected it done in 50 s.
    constexpr double kTotal = 3000;
    WatchView view(settingsFor(QStringLiteral("items_total{case=\"wobble\"}"), kTotal),
                   planOf(kTotal, 50));
    view.resize(900, 620);
    view.show();
    ASSERT_TRUE(waitFor([&] { return view.watcher()->snapshot().hasForecast; }, 10));
    const watch::Snapshot &s = view.watcher()->snapshot();
    EXPECT_EQ(view.headlineText(), watch::text::headline(s.result.forecast, s.beside));
    EXPECT_TRUE(view.headlineText().startsWith(QStringLiteral("Behind plan by ")))
        << qPrintable(view.headlineText());
    // The chart draws the core's burn-up: the done, the plan's two points, the cone's outline.
    EXPECT_EQ(view.chart()->doneGraph()->dataCount(), static_cast<int>(s.burnUp.done.size()));
    EXPECT_EQ(view.chart()->planGraph()->dataCount(), 2);
    EXPECT_EQ(view.chart()->cone()->dataCount(), 4);
    ASSERT_TRUE(s.result.forecast.etaP10Seconds && s.result.forecast.etaP90Seconds);
    EXPECT_LT(*s.result.forecast.etaP10Seconds, *s.result.forecast.etaP90Seconds);
    view.chart()->replot();
    const QString shot = QStringLiteral(PIPEPLAN_SCREENSHOT_DIR "/watch-burnup.png");
    EXPECT_TRUE(view.grab().save(shot)) << qPrintable(shot);
}

TEST(WatchWindow, ShowsTheNumbersThenStaleWhenTheServerStops)
{
    REQUIRE_PROMETHEUS();
    fixture->waitUntil(12 + kOffScrapeSeconds);
    constexpr double kTotal = kRatePerSecond * 300;
    WatchView view(settingsFor(QStringLiteral("items_total{case=\"steady\"}"), kTotal),
                   planOf(kTotal, 300));
    view.show();
    ASSERT_TRUE(waitFor([&] { return view.watcher()->snapshot().hasForecast; }, 10));
    const watch::Snapshot &s = view.watcher()->snapshot();
    const watch::Forecast &f = s.result.forecast;
    EXPECT_TRUE(view.headlineText().startsWith(QStringLiteral("On plan: finishes at ")))
        << qPrintable(view.headlineText());
    EXPECT_TRUE(view.numbersText().startsWith(
        QStringLiteral("Done %1 of 15,000").arg(format::grouped(f.doneItems, 0))))
        << qPrintable(view.numbersText());
    // The same words and numbers `watch` prints one a line: the ETA, the plan's runtime.
    for (const auto &[label, value] : watch::text::numbers(f, s.beside)) {
        if (label == QStringLiteral("ETA") || label == QStringLiteral("Plan runtime")) {
            EXPECT_TRUE(view.numbersText().contains(label + QLatin1Char(' ') + value))
                << qPrintable(label) << " / " << qPrintable(view.numbersText());
        }
    }
    const double finish = fixture->startSeconds + 300;
    ASSERT_TRUE(f.etaSeconds);
    EXPECT_NEAR(*f.etaSeconds, finish - f.nowSeconds, 0.02 * (finish - f.nowSeconds));
    EXPECT_TRUE(view.refreshedText().contains(QStringLiteral("refresh")));
    EXPECT_FALSE(view.staleShown());
    // A refresh returns at once and the answer comes later: the window never waits on the
    // server.
    view.watcher()->refresh();
    EXPECT_TRUE(view.watcher()->snapshot().refreshing);
    EXPECT_TRUE(view.refreshedText().startsWith(QStringLiteral("Refreshing...")));
    ASSERT_TRUE(waitFor([&] { return !view.watcher()->snapshot().refreshing; }, 10));
    // Stop cancels a refresh under way: not an unreachable server, and nothing left running.
    view.watcher()->refresh();
    view.watcher()->stop();
    EXPECT_FALSE(view.watcher()->snapshot().refreshing);
    EXPECT_FALSE(view.watcher()->snapshot().stale);
    EXPECT_FALSE(view.watcher()->running());
    view.watcher()->start();

    // The server goes away: the next refresh cannot reach it, the forecast stays, marked.
    const QString headline = view.headlineText();
    const QString numbers = view.numbersText();
    fixture->stop();
    ASSERT_TRUE(waitFor([&] { return view.watcher()->snapshot().stale; }, 10));
    EXPECT_TRUE(view.staleShown());
    EXPECT_TRUE(view.staleText().startsWith(QStringLiteral("Stale: the source could not be "
                                                           "reached at ")))
        << qPrintable(view.staleText());
    EXPECT_NE(view.staleText().indexOf(
                  watch::text::clock(s.forecastAt, view.watcher()->snapshot().refreshedAt)),
              -1);
    EXPECT_EQ(view.headlineText(), headline);
    EXPECT_EQ(view.numbersText(), numbers);
}

int main(int argc, char **argv)
{
    ::testing::InitGoogleTest(&argc, argv);
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    PrometheusFixture suite;
    fixture = &suite;
    suite.start();
    const int status = RUN_ALL_TESTS();
    suite.stop();
    return status;
}

// A job that reached its total: the view offers its actual for the track record, once.
TEST(WatchWindow, AFinishedJobOffersItsActualForTheTrackRecordOnce)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("progress.csv"));
    // 1,000 items in 100 s, a reading every 10 s, ending well before now.
    const double start = static_cast<double>(QDateTime::currentSecsSinceEpoch()) - 300;
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("time,done\n");
    for (int i = 0; i <= 10; ++i)
        file.write(QByteArray::number(start + 10 * i, 'f', 0) + ',' + QByteArray::number(100 * i) +
                   '\n');
    file.close();
    watch::WatchSettings settings;
    settings.kind = watch::WatchSettings::Kind::ProgressFile;
    settings.progressPath = path;
    settings.totalItems = 1000;
    settings.intervalSeconds = 0.5;
    WatchView view(settings, planOf(1000, 100));
    std::vector<double> recorded;
    view.setRecorder([&recorded](double seconds, bool *done) {
        recorded.push_back(seconds);
        *done = true;
        return QStringLiteral("Recorded.");
    });
    view.show();
    ASSERT_TRUE(waitFor([&] { return view.actualSeconds() > 0; }, 10));
    EXPECT_DOUBLE_EQ(view.actualSeconds(), 100);
    ASSERT_FALSE(view.recordButton()->isHidden());
    EXPECT_EQ(view.recordButton()->text(),
              QStringLiteral("&Record actual (%1)").arg(format::roundedDuration(100)));
    view.recordButton()->click();
    ASSERT_EQ(recorded, std::vector<double>{100});
    EXPECT_EQ(view.recordNoteText(), QStringLiteral("Recorded."));
    EXPECT_FALSE(view.recordButton()->isEnabled());
}
