// What an edit costs on the task limit's plan (issue 31): the window with its 10,000-task project
// open on the Project estimates workspace, one edit and the frame that shows it.

#include "tests/support/tasks.h"
#include "ui/document/montecarlorunner.h"
#include "ui/document/scenariodocument.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTabWidget>

#include <benchmark/benchmark.h>

#include <malloc.h>

#include <chrono>
#include <thread>

using namespace pipeplan;

namespace {

/// The default plan with 10,000 tasks in a chain and a pinned baseline (the undo's worst case:
/// both hold the task list).
Plan tenThousandTaskPlan()
{
    Plan plan{defaultScenario(), std::nullopt};
    plan.scenario.project.tasks = testsupport::chain(estimate::kMaxTasks);
    plan.baseline = plan.scenario;
    return plan;
}

/// The window on the Project estimates workspace with `plan` loaded and drawn.
struct OpenWindow
{
    MainWindow window{MainWindow::Options::headless()};
    explicit OpenWindow(const Plan &plan)
    {
        window.resize(1600, 1000);
        window.show();
        window.document()->load(plan, QString());
        window.workspaces()->setCurrentWidget(window.workspaces()->widget(3));
        QApplication::processEvents();
    }
    ScenarioDocument *document() { return window.document(); }
};

/// Bytes the heap holds now (what the undo history costs is the growth over its steps).
double heapBytes()
{
    return static_cast<double>(mallinfo2().uordblks);
}

/// Lets the background threads see a cancel and the window reap them (a second).
void settle()
{
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 1000) {
        QApplication::processEvents();
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    // Outside an event loop, deleteLater() waits for one: what the views dropped goes now.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
}

/// Editing the notes recomputes nothing: the undo step, the check and the views' refresh only.
void BM_EditNote(benchmark::State &state)
{
    OpenWindow open(tenThousandTaskPlan());
    int n = 0;
    for (auto _ : state) {
        open.document()->editScenario(QStringLiteral("Edit notes"),
                                      [&n](Scenario &s) { s.notes = QString::number(++n); });
        QApplication::processEvents();
    }
    state.counters["tasks"] = static_cast<double>(open.document()->scenario().project.tasks.size());
}
BENCHMARK(BM_EditNote)->Name("BM_Edit/10k_tasks_note")->Unit(benchmark::kMillisecond);

/// One task's most likely time: PERT, the dates and the task table's changed row.
void BM_EditOneTask(benchmark::State &state)
{
    OpenWindow open(tenThousandTaskPlan());
    bool flip = false;
    for (auto _ : state) {
        flip = !flip;
        open.document()->editScenario(QStringLiteral("Change most likely"), [flip](Scenario &s) {
            s.project.tasks[5000].mostLikely = flip ? 2.5 : 2;
        });
        QApplication::processEvents();
    }
    state.counters["pert_mean_h"] = open.document()->planResult().project.pert.meanHours;
}
BENCHMARK(BM_EditOneTask)->Name("BM_Edit/10k_tasks_one_task")->Unit(benchmark::kMillisecond);

/// The undo history's memory per one-field step (a different task's most likely each step,
/// then the notes), and the time of two undos and two redos (a note and a task).
void BM_Undo(benchmark::State &state)
{
    OpenWindow open(tenThousandTaskPlan());
    ScenarioDocument *doc = open.document();
    constexpr int kSteps = 40;
    auto step = [doc](int i) {
        const auto row = static_cast<std::size_t>(i * 97);
        if (i % 2 == 0)
            doc->editScenario(QStringLiteral("Change most likely"),
                              [row](Scenario &s) { s.project.tasks[row].mostLikely = 2.25; });
        else
            doc->editScenario(QStringLiteral("Edit notes"),
                              [i](Scenario &s) { s.notes = QString::number(i); });
    };
    // One task step and one note step first: the document keeps the list before its last edit
    // (for the table's changed rows) once, whatever the history's length.
    step(0);
    step(1);
    doc->jobs()->monteCarlo()->cancel();
    settle();
    const double before = heapBytes();
    for (int i = 2; i < kSteps + 2; ++i)
        step(i);
    // What the history keeps, not the Monte Carlo runs the edits started and cancelled: each
    // holds its inputs until its thread sees the cancel.
    doc->jobs()->monteCarlo()->cancel();
    settle();
    const double after = heapBytes();
    // Undo and redo a note and a task.
    for (auto _ : state) {
        doc->undoStack()->undo();
        doc->undoStack()->undo();
        doc->undoStack()->redo();
        doc->undoStack()->redo();
        QApplication::processEvents();
    }
    state.counters["undo_steps"] = doc->undoStack()->count();
    state.counters["bytes_per_step"] = (after - before) / kSteps;
}
BENCHMARK(BM_Undo)->Name("BM_Undo/10k_tasks")->Unit(benchmark::kMillisecond);

} // namespace
