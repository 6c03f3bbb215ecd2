// zb-auto at p = 16, m = 64 with unequal per-device times and communication: the search alone,
// and the search plus drawing the result on the Training tab's chart (what a slider move costs).

#include "core/training/schedule.h"
#include "ui/training/schedulechart.h"

#include <QApplication>
#include <QPixmap>

#include <benchmark/benchmark.h>

#include <memory>

using namespace pipeplan;

namespace {

schedule::Params zbAuto16x64(bool flip)
{
    schedule::Params params;
    params.kind = schedule::Kind::ZeroBubbleAuto;
    params.devices = 16;
    params.microbatches = 64;
    params.forwardMs = {1, 1.75, 1.5, 1.25, 1, 1.75, 1.5, 1.25,
                        1, 1.75, 1.5, 1.25, 1, 1.75, 1.5, flip ? 1.5 : 1.25};
    params.backwardMs = {2.5, 2, 3, 2.5, 2, 3, 2.5, 2, 2.5, 2, 3, 2.5, 2, 3, 2.5, 2};
    params.weightMs = {0.5, 0.75, 1, 0.5, 0.75, 1, 0.5, 0.75,
                       0.5, 0.75, 1, 0.5, 0.75, 1, 0.5, 0.75};
    params.commMs = 0.3;
    params.memoryLimitMicrobatches = 24;
    return params;
}

void BM_ZbAuto(benchmark::State &state)
{
    bool flip = false;
    double makespan = 0;
    for (auto _ : state) {
        const schedule::Result r = schedule::compute(zbAuto16x64(flip));
        flip = !flip;
        // DoNotOptimize on the result, not on the double: GCC may put a double "+m,r" operand in
        // a general register, and the counter then read garbage (2.5e-322).
        benchmark::DoNotOptimize(r.ops.data());
        makespan = r.makespanMs;
    }
    state.counters["makespan_ms"] = makespan;
}
BENCHMARK(BM_ZbAuto)->Name("BM_Schedule/zb_auto_16x64")->Unit(benchmark::kMillisecond);

void BM_ZbAutoDraw(benchmark::State &state)
{
    ScheduleChart chart;
    chart.resize(1200, 600);
    chart.show();
    QApplication::processEvents();
    QPixmap pixmap(1200, 600);
    bool flip = false;
    for (auto _ : state) {
        auto results = std::make_shared<std::vector<schedule::Result>>();
        results->push_back(schedule::compute(zbAuto16x64(flip)));
        flip = !flip;
        chart.setSchedules(results);
        chart.replot(QCustomPlot::rpImmediateRefresh);
        chart.render(&pixmap);
    }
}
BENCHMARK(BM_ZbAutoDraw)->Name("BM_Schedule/zb_auto_16x64_draw")->Unit(benchmark::kMillisecond);

} // namespace
