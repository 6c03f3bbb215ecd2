#pragma once

#include "core/tail/simulate.h"

#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>
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
    /// work is done (not when it was cancelled).
    void start(Work work, long long totalTrials, std::function<void()> deliver);
    void cancel();
    bool isRunning() const { return m_running != nullptr; }

signals:
    void started();
    /// Trials done so far, as a share of those to run.
    void progress(double fraction);
    void finished();

private:
    struct Run;
    void reapFinished();

    std::shared_ptr<Run> m_running;
    std::vector<std::pair<std::shared_ptr<Run>, std::jthread>> m_threads;
    QTimer m_pollTimer;
};

} // namespace pipeplan
