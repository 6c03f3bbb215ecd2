#include "tests/support/gantt.h"
#include "tests/support/ranges.h"
#include "ui/document/scenariodocument.h"
#include "ui/model/amdahlchart.h"
#include "ui/model/ganttchart.h"
#include "ui/model/scalingview.h"
#include "ui/model/stagechart.h"
#include "ui/model/waterfallchart.h"
#include "ui/project/riskcharts.h"
#include "ui/report/report.h"
#include "ui/training/schedulechart.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QPixmap>
#include <QTableView>

#include <benchmark/benchmark.h>

#include <ctime>
#include <functional>

using namespace pipeplan;

namespace {

/// This thread's CPU time: the window's work, not the background jobs' nor other processes'.
qint64 threadCpuNs()
{
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

/// One slider tick as a person sees it: change one input, the core recomputes, every view
/// updates and queues its replot, and the event loop runs the replots and paints the one frame
/// that shows it all (table, Qt Charts view, plots), so nothing is left queued when the
/// iteration ends.
void liveUpdate(benchmark::State &state, const Scenario &start,
                const std::function<void(Scenario &, bool)> &change)
{
    MainWindow window(MainWindow::Options::headless());
    window.resize(1600, 1000);
    window.show();
    QApplication::processEvents();
    ScenarioDocument *doc = window.document();
    doc->apply(Plan{start, std::nullopt});
    window.replotAll();
    bool flip = false;
    int replots = 0;
    qint64 editNs = 0;
    qint64 paintNs = 0;
    for (QCustomPlot *plot :
         {static_cast<QCustomPlot *>(window.amdahlChart()),
          static_cast<QCustomPlot *>(window.waterfallChart()), window.ganttChart()->plot()})
        QObject::connect(plot, &QCustomPlot::afterReplot, [&replots]() { ++replots; });
    for (auto _ : state) {
        Scenario next = doc->scenario();
        change(next, flip);
        flip = !flip;
        const qint64 start = threadCpuNs();
        doc->edit(next, QStringLiteral("bench"));
        const qint64 edited = threadCpuNs();
        // Every view queued its replot; the event loop runs them and paints one frame.
        QApplication::processEvents();
        editNs += edited - start;
        paintNs += threadCpuNs() - edited;
    }
    // Where a tick's time goes, in this thread's CPU time (a busy machine does not blur it): the
    // core and the views' refresh (the edit), then the replots and the frame (the event loop).
    state.counters["edit_ms"] = double(editNs) / 1e6 / double(state.iterations());
    state.counters["frame_ms"] = double(paintNs) / 1e6 / double(state.iterations());
    // Proof that the work was done: three plots replotted per tick.
    state.counters["replots_per_tick"] = double(replots) / double(state.iterations());
    state.counters["gantt_bars"] = window.ganttChart()->bars()->drawnBars();
}

/// The workers slider, the one a planning meeting drags most: headline, Amdahl marker, the
/// table's Amdahl columns and highlight, the waterfall's last bar.
void changeWorkers(Scenario &s, bool flip)
{
    s.workload.workers = flip ? 12'000 : 8'000;
}
/// Latency changes the scoring stage, so every number and chart changes: the worst case.
void changeLatency(Scenario &s, bool flip)
{
    s.workload.latencyMs = flip ? 1000 : 900;
}

void BM_LiveUpdateDefault(benchmark::State &state)
{
    liveUpdate(state, defaultScenario(), changeWorkers);
}
BENCHMARK(BM_LiveUpdateDefault)->Name("BM_LiveUpdate/default")->Unit(benchmark::kMillisecond);

void BM_LiveUpdateDefaultLatency(benchmark::State &state)
{
    liveUpdate(state, defaultScenario(), changeLatency);
}
BENCHMARK(BM_LiveUpdateDefaultLatency)
    ->Name("BM_LiveUpdate/default_latency")
    ->Unit(benchmark::kMillisecond);

/// Issue 34: the default job with three ranges (latency, users, p): every tick re-evaluates the
/// 10,000 samples (headline percentiles, the scaling table's P50/P90, the waterfall's whiskers,
/// the fan, the ranking), the workers slider and the latency slider dragged.
Scenario withRanges(bool deadline)
{
    Scenario s = defaultScenario();
    testsupport::withThreeRanges(s);
    if (deadline) {
        // The chance to meet it, the fewest workers at P50/P90 and each input's needed median.
        s.goal.deadlineSeconds = 30 * 86400.0;
    }
    return s;
}

void BM_LiveUpdateRangesWorkers(benchmark::State &state)
{
    liveUpdate(state, withRanges(false), changeWorkers);
}
BENCHMARK(BM_LiveUpdateRangesWorkers)
    ->Name("BM_LiveUpdate/ranges_workers")
    ->Unit(benchmark::kMillisecond);

void BM_LiveUpdateRangesLatency(benchmark::State &state)
{
    liveUpdate(state, withRanges(false), changeLatency);
}
BENCHMARK(BM_LiveUpdateRangesLatency)
    ->Name("BM_LiveUpdate/ranges_latency")
    ->Unit(benchmark::kMillisecond);

void BM_LiveUpdateRangesDeadline(benchmark::State &state)
{
    liveUpdate(state, withRanges(true), changeLatency);
}
BENCHMARK(BM_LiveUpdateRangesDeadline)
    ->Name("BM_LiveUpdate/ranges_deadline")
    ->Unit(benchmark::kMillisecond);

/// Issue 33: the default job with its latency from Llama 3 8B on an H100 (the cheapest-device
/// table over the catalogue recomputed on every tick), the workers slider dragged.
Scenario withHardware()
{
    Scenario s = defaultScenario();
    s.hardware.enabled = true;
    return s;
}

void BM_LiveUpdateHardwareWorkers(benchmark::State &state)
{
    liveUpdate(state, withHardware(), changeWorkers);
}
BENCHMARK(BM_LiveUpdateHardwareWorkers)
    ->Name("BM_LiveUpdate/hardware_workers")
    ->Unit(benchmark::kMillisecond);

/// The batch slider: the roofline itself changes, so the latency, every number and chart do.
void BM_LiveUpdateHardwareBatch(benchmark::State &state)
{
    liveUpdate(state, withHardware(),
               [](Scenario &s, bool flip) { s.hardware.batch = flip ? 16 : 64; });
}
BENCHMARK(BM_LiveUpdateHardwareBatch)
    ->Name("BM_LiveUpdate/hardware_batch")
    ->Unit(benchmark::kMillisecond);

/// 64 stages and 512 microbatches: 32,768 Gantt bars; a stage time changes, so the Gantt changes.
void BM_LiveUpdateLargeGantt(benchmark::State &state)
{
    Scenario s = defaultScenario();
    s.execution = Execution::Pipelined;
    s.microbatches = 512;
    s.stages.clear();
    for (int i = 0; i < 64; ++i) {
        if (i == 20)
            s.stages.push_back(Stage{QStringLiteral("score"), 0, true});
        else
            s.stages.push_back(
                Stage{QStringLiteral("stage %1").arg(i + 1), 5.0 + (i % 7) * 1000.0, false});
    }
    liveUpdate(state, s, [](Scenario &next, bool flip) {
        next.stages[3].msPerUser = flip ? 3005.0 : 2500.0;
    });
}
BENCHMARK(BM_LiveUpdateLargeGantt)
    ->Name("BM_LiveUpdate/large_gantt")
    ->Unit(benchmark::kMillisecond);

// The project Gantt at the task limit (10,000 rows in a chain, every other one critical): set the
// rows and paint a 900 x 450 frame, bars only past 200 rows. RiskCharts.GanttBeyondTwoHundredRows
// DrawsBarsOnly checks what it draws.
void BM_TaskGantt(benchmark::State &state)
{
    const int rows = estimate::kMaxTasks;
    const estimate::TaskGantt gantt = testsupport::chainGantt(rows);
    TaskGanttChart chart;
    chart.resize(900, 450);
    QPixmap frame(900, 450);
    for (auto _ : state) {
        chart.setGantt(gantt);
        chart.replot();
        chart.render(&frame);
    }
    state.counters["rows"] = rows;
    state.counters["drawn_bars"] = chart.bars()->drawnBars(); // every row: the frame was painted
}
BENCHMARK(BM_TaskGantt)->Name("BM_TaskGantt/10000")->Unit(benchmark::kMillisecond);

// The full report of the default scenario as PDF bytes: layout, every chart recorded, fonts
// embedded.
void BM_ReportPdf(benchmark::State &state)
{
    const Plan plan{defaultScenario(), std::nullopt};
    report::Options options;
    qint64 bytes = 0;
    for (auto _ : state)
        bytes = report::pdfBytes(plan, evaluatePlan(plan), options).size();
    state.counters["pdf_bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_ReportPdf)->Name("BM_ReportPdf/default")->Unit(benchmark::kMillisecond);

/// The case: 64 devices, 512 microbatches, 4 chunks, interleaved (262,144 ops), computed
/// and drawn into a 1,200 x 600 Gantt, one frame's work when a slider moves.
void BM_Schedule(benchmark::State &state)
{
    schedule::Params params;
    params.kind = schedule::Kind::Interleaved;
    params.devices = 64;
    params.microbatches = 512;
    params.virtualStages = 4;
    params.forwardMs = {4.0};
    params.backwardMs = {8.0};
    params.weightMs = {0.0};
    ScheduleChart chart;
    chart.resize(1200, 600);
    chart.show();
    QApplication::processEvents();
    bool flip = false;
    for (auto _ : state) {
        params.forwardMs = {flip ? 4.5 : 4.0}; // a slider tick: a different schedule each time
        flip = !flip;
        auto results = std::make_shared<std::vector<schedule::Result>>();
        results->push_back(schedule::compute(params));
        chart.setSchedules(results);
        chart.replot(QCustomPlot::rpImmediateRefresh);
    }
    state.counters["ops"] = static_cast<double>(chart.ops()->drawnOps());
}
BENCHMARK(BM_Schedule)->Name("BM_Schedule/interleaved_64x512x4")->Unit(benchmark::kMillisecond);

} // namespace
