#include "ui/document/backgroundjob.h"

namespace pipeplan {

struct BackgroundJob::Run
{
    simulation::Control control;
    std::atomic<bool> done{false};
    long long totalTrials = 0;
    std::function<void()> deliver;
};

BackgroundJob::BackgroundJob(QObject *parent) : QObject(parent)
{
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
    auto run = std::make_shared<Run>();
    run->totalTrials = totalTrials;
    run->deliver = std::move(deliver);
    m_running = run;
    m_threads.emplace_back(run, std::jthread([run, work = std::move(work)]() {
                               work(run->control);
                               run->done = true;
                           }));
    m_pollTimer.start();
    emit started();
}

void BackgroundJob::cancel()
{
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
    std::erase_if(m_threads, [](const auto &entry) { return entry.first->done.load(); });
}

} // namespace pipeplan
