#include "ui/document/backgroundjob.h"

#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace pipeplan {

namespace {
/// A background run yields to the window: on Linux a thread has its own nice value, and at 10
/// the GUI thread gets the core it asks for while a Monte Carlo of 10,000 tasks (and the runs an
/// edit just cancelled, finishing their trial block) use what is left. A one-task edit then
/// draws in its own time, not two or three times that.
void lowerThisThreadsPriority()
{
#ifdef __linux__
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10);
#endif
}
} // namespace

struct BackgroundJob::Run
{
    simulation::Control control;
    std::atomic<bool> done{false};
    /// Done at an earlier poll: its thread has had a poll's time to end, so joining it does not
    /// wait on a low-priority thread's exit (GUI thread only).
    bool joinable = false;
    long long totalTrials = 0;
    std::function<void()> deliver;
};

BackgroundJob::BackgroundJob(QObject *parent) : QObject(parent)
{
    m_startTimer.setSingleShot(true);
    m_startTimer.setInterval(kCoalesceMs);
    connect(&m_startTimer, &QTimer::timeout, this, [this]() {
        if (!m_pending)
            return;
        Pending pending = std::move(*m_pending);
        m_pending.reset();
        launch(std::move(pending), false); // started() went out when it was asked
    });
    m_pollTimer.setInterval(50);
    connect(&m_pollTimer, &QTimer::timeout, this, [this]() {
        if (!m_running) {
            // Cancelled runs still finishing: joined as they end, then the timer rests.
            reapFinished();
            if (m_threads.empty())
                m_pollTimer.stop();
            return;
        }
        if (m_running->done.load()) {
            const std::shared_ptr<Run> done = m_running;
            m_running.reset();
            reapFinished();
            if (m_threads.empty())
                m_pollTimer.stop();
            if (!done->control.cancel) {
                done->deliver();
                emit finished();
            }
            return;
        }
        if (m_running->totalTrials > 0)
            emit progress(static_cast<double>(m_running->control.trialsDone.load()) /
                          static_cast<double>(m_running->totalTrials));
    });
}

BackgroundJob::~BackgroundJob()
{
    for (auto &[run, thread] : m_threads)
        run->control.cancel = true;
    m_threads.clear(); // joins: no run outlives the object it reports to
}

void BackgroundJob::start(Work work, long long totalTrials, std::function<void()> deliver)
{
    cancel();
    Pending pending{std::move(work), totalTrials, std::move(deliver)};
    const bool burst = m_sinceStart.isValid() && m_sinceStart.elapsed() < kCoalesceMs;
    m_sinceStart.restart();
    if (burst) {
        // One more edit in a burst: a run per keystroke would only be cancelled by the next
        // one, and its threads would take the cores the window draws with.
        m_pending = std::move(pending);
        m_startTimer.start();
        emit started();
        return;
    }
    launch(std::move(pending), true);
}

void BackgroundJob::launch(Pending pending, bool announce)
{
    auto run = std::make_shared<Run>();
    run->totalTrials = pending.totalTrials;
    run->deliver = std::move(pending.deliver);
    m_running = run;
    m_threads.emplace_back(run, std::jthread([run, work = std::move(pending.work)]() mutable {
                               lowerThisThreadsPriority();
                               work(run->control);
                               // Its inputs (a copy of the plan's project section) are freed
                               // here, before the window's join, not during it.
                               work = nullptr;
                               run->done = true;
                           }));
    m_pollTimer.start();
    if (announce)
        emit started();
}

void BackgroundJob::cancel()
{
    m_pending.reset();
    m_startTimer.stop();
    if (!m_running)
        return;
    m_running->control.cancel = true;
    // What the delivery would have used (a request holding the plan's tasks) goes now, not when
    // the thread ends.
    m_running->deliver = nullptr;
    m_running.reset();
    reapFinished();
    if (m_threads.empty())
        m_pollTimer.stop();
}

void BackgroundJob::reapFinished()
{
    std::erase_if(m_threads, [](const auto &entry) { return entry.first->joinable; });
    for (auto &[run, thread] : m_threads)
        run->joinable = run->done.load();
}

} // namespace pipeplan
