#pragma once

#include "core/tail/simulate.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

namespace pipeplan {

/// One computation off the GUI thread: it runs on its own thread, the GUI thread polls it (no
/// call crosses threads but atomics) for progress and delivers it when done. Starting a new run
/// cancels the one in progress; a cancelled or superseded run is never delivered.
class BackgroundJob : public QObject
{
    Q_OBJECT
public:
    /// Runs on the worker thread: reads its inputs and writes its results into state the caller
    /// captured, reporting progress through the control's trialsDone.
    using Work = std::function<void(simulation::Control &control)>;

    explicit BackgroundJob(QObject *parent = nullptr);
    ~BackgroundJob() override;

    /// Starts `work`; `totalTrials` scales progress; `deliver` runs on the GUI thread when the
    /// work is done (not when it was cancelled). Starts that follow each other within
    /// kCoalesceMs (a person typing through the task table) wait until they stop: only the last
    /// runs, kCoalesceMs after it was asked.
    void start(Work work, long long totalTrials, std::function<void()> deliver);
    /// Stops the run in progress and drops one waiting to start.
    void cancel();
    /// Running, or about to (a start waiting for the edits to pause).
    bool isRunning() const { return m_running != nullptr || m_pending.has_value(); }

    static constexpr int kCoalesceMs = 150;

signals:
    void started();
    /// Trials done so far, as a share of those to run.
    void progress(double fraction);
    void finished();

private:
    struct Run;
    struct Pending
    {
        Work work;
        long long totalTrials = 0;
        std::function<void()> deliver;
    };
    /// Starts the thread; `announce`: emit started() (a waiting start announced it already).
    void launch(Pending pending, bool announce);
    void reapFinished();

    std::shared_ptr<Run> m_running;
    std::optional<Pending> m_pending;
    QTimer m_startTimer;
    QElapsedTimer m_sinceStart;
    std::vector<std::pair<std::shared_ptr<Run>, std::jthread>> m_threads;
    QTimer m_pollTimer;
};

} // namespace pipeplan
