// The workers slider dragged while a Watch view refreshes in the same window: the live update
// must not slow down because a running job is watched (the watch refreshes every 50 ms here,
// over a progress file of 10,000 readings, so several refreshes land inside the ticks timed).

#include "ui/document/scenariodocument.h"
#include "ui/watch/watchview.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QFile>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

using namespace pipeplan;

namespace {

void BM_LiveUpdateWatchRunning(benchmark::State &state)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("progress.csv"));
    QFile file(path);
    file.open(QIODevice::WriteOnly);
    const double start = 1.8e9;
    for (int i = 0; i < 10'000; ++i)
        file.write(QByteArray::number(start + i, 'f', 1) + ',' + QByteArray::number(50 * i) + '\n');
    file.close();

    MainWindow window(MainWindow::Options::headless());
    window.resize(1600, 1000);
    window.show();
    watch::WatchSettings settings;
    settings.kind = watch::WatchSettings::Kind::ProgressFile;
    settings.progressPath = path;
    settings.totalItems = 50 * 20'000.0;
    settings.intervalSeconds = 0.05;
    WatchView view(settings, watch::planModel(window.document()->planResult()));
    view.resize(900, 620);
    view.show();
    QApplication::processEvents();
    ScenarioDocument *doc = window.document();
    bool flip = false;
    for (auto _ : state) {
        Scenario next = doc->scenario();
        next.workload.workers = flip ? 12'000 : 8'000;
        flip = !flip;
        doc->edit(next, QStringLiteral("bench"));
        QApplication::processEvents();
    }
    state.counters["watched_readings"] =
        static_cast<double>(view.watcher()->snapshot().burnUp.done.size());
}
BENCHMARK(BM_LiveUpdateWatchRunning)
    ->Name("BM_LiveUpdate/watch_running")
    ->Unit(benchmark::kMillisecond);

} // namespace
