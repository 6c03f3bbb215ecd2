#include "simulationrunner.h"

namespace pipeplan {

struct SimulationRunner::Run
{
    Request request;
    bool simulate = true;  ///< false: the job is unchanged, only the goal seek runs
    bool seekGoal = true;  ///< false: the goal is unchanged, only the simulation runs
    bool breakDown = true; ///< false: neither the job nor the headline changed
    simulation::Control control;
    std::atomic<bool> done{false};
    long long totalTrials = 0;
    std::optional<simulation::Result> result;
    std::optional<simulation::Result> withoutBackups;
    std::optional<goalseek::Result> goal;
    std::optional<tail::Breakdown> breakdown;
};

SimulationRunner::SimulationRunner(QObject *parent) : QObject(parent)
{
    // The GUI thread polls the run: no call crosses threads but two atomics, and a run that
    // finishes is delivered within one tick.
    m_progressTimer.setInterval(50);
    connect(&m_progressTimer, &QTimer::timeout, this, [this]() {
        if (!m_running)
            return;
        if (m_running->done.load()) {
            const std::shared_ptr<Run> finished = m_running; // deliver() resets m_running
            deliver(finished);
            return;
        }
        if (m_running->totalTrials > 0)
            emit progress(static_cast<double>(m_running->control.trialsDone.load()) /
                          static_cast<double>(m_running->totalTrials));
    });
}

SimulationRunner::~SimulationRunner()
{
    for (auto &[run, thread] : m_threads)
        run->control.cancel = true;
    m_threads.clear(); // joins: no run outlives the object it reports to
}

void SimulationRunner::request(const Request &request)
{
    if (m_lastRequest && *m_lastRequest == request)
        return;
    // What the last finished run already answered is not run again.
    const std::optional<Request> finished = m_running ? std::nullopt : m_lastRequest;
    cancel();
    m_lastRequest = request;
    auto run = std::make_shared<Run>();
    run->request = request;
    run->simulate = !(finished && finished->params == request.params && m_result);
    run->seekGoal = !(finished && finished->goal == request.goal && m_goal);
    run->breakDown =
        run->simulate ||
        !(finished && finished->headlineSeconds == request.headlineSeconds && m_breakdown);
    if (!run->simulate)
        run->result = m_result; // the breakdown starts from the job's finished run
    run->totalTrials =
        (run->simulate ? request.params.trials * (request.params.speculativeBackups ? 2 : 1) : 0) +
        (run->breakDown ? static_cast<long long>(request.params.trials) *
                              tail::extraSimulations(request.params)
                        : 0);
    m_running = run;
    ++m_runsStarted;
    m_threads.emplace_back(
        run, std::jthread([run]() {
            if (run->simulate) {
                run->result = simulation::simulate(run->request.params, &run->control);
                if (run->request.params.speculativeBackups && !run->control.cancel) {
                    simulation::Params plain = run->request.params;
                    plain.speculativeBackups = false;
                    run->withoutBackups = simulation::simulate(plain, &run->control);
                }
            }
            if (run->breakDown && run->result && !run->control.cancel) {
                run->breakdown =
                    tail::fromHeadline(run->request.params, run->request.headlineSeconds,
                                       &run->control, &*run->result);
            }
            if (run->seekGoal && !run->control.cancel)
                run->goal = goalseek::seek(run->request.goal, &run->control);
            run->done = true;
        }));
    m_progressTimer.start();
    emit started();
}

void SimulationRunner::cancel()
{
    if (!m_running)
        return;
    m_running->control.cancel = true;
    m_running.reset();
    m_lastRequest.reset();
    m_progressTimer.stop();
    reapFinished();
}

void SimulationRunner::deliver(const std::shared_ptr<Run> &run)
{
    reapFinished();
    if (run != m_running || run->control.cancel)
        return; // superseded by a newer request
    m_running.reset();
    m_progressTimer.stop();
    if (run->simulate) {
        m_result = run->result;
        m_withoutBackups = run->withoutBackups;
    }
    if (run->seekGoal)
        m_goal = run->goal;
    if (run->breakDown)
        m_breakdown = run->breakdown;
    emit finished();
}

void SimulationRunner::reapFinished()
{
    std::erase_if(m_threads, [](const auto &entry) { return entry.first->done.load(); });
}

} // namespace pipeplan
