#include "ui/document/simulationrunner.h"

namespace pipeplan {

/// What one run computes, filled on the worker thread and read on the GUI thread only after
/// BackgroundJob delivers it.
struct SimulationRunner::Run
{
    Request request;
    bool simulate = true;  ///< false: the job is unchanged, only the goal seek runs
    bool seekGoal = true;  ///< false: the goal is unchanged, only the simulation runs
    bool breakDown = true; ///< false: neither the job nor the headline changed
    std::optional<simulation::Result> result;
    std::optional<simulation::Result> withoutBackups;
    std::optional<goalseek::Result> goal;
    std::optional<tail::Breakdown> breakdown;
};

SimulationRunner::SimulationRunner(QObject *parent)
    : QObject(parent), m_job(new BackgroundJob(this))
{
    // The threading, polling and cancelling are BackgroundJob's: this class only decides what a
    // request needs to run and keeps the answers.
    connect(m_job, &BackgroundJob::started, this, &SimulationRunner::started);
    connect(m_job, &BackgroundJob::progress, this, &SimulationRunner::progress);
}

SimulationRunner::~SimulationRunner() = default;

bool SimulationRunner::isRunning() const
{
    return m_job->isRunning();
}

void SimulationRunner::request(const Request &request)
{
    if (m_lastRequest && *m_lastRequest == request)
        return;
    // What the last finished run already answered is not run again.
    const std::optional<Request> finished = m_job->isRunning() ? std::nullopt : m_lastRequest;
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
    const long long totalTrials =
        (run->simulate || run->breakDown ? simulatedTailTrials(request.params, run->simulate) : 0);
    ++m_runsStarted;
    m_job->start(
        [run](simulation::Control &control) {
            // The one set-up of the simulated job (core's simulateTail), as the report's and the
            // CLI's.
            if (run->simulate || run->breakDown) {
                SimulatedTail tail =
                    simulateTail(run->request.params, run->request.headlineSeconds, &control,
                                 run->simulate ? nullptr : &*run->result);
                run->result = std::move(tail.result);
                run->withoutBackups = std::move(tail.withoutBackups);
                run->breakdown = std::move(tail.breakdown);
            }
            if (run->seekGoal && run->request.goal && !control.cancel)
                run->goal = goalseek::seek(*run->request.goal, &control);
        },
        totalTrials, [this, run]() { deliver(*run); });
}

SimulationRunner::Request SimulationRunner::requestFor(const PlanResult &plan)
{
    return tailRequest(plan);
}

bool SimulationRunner::answers(const Request &request) const
{
    return !m_job->isRunning() && m_lastRequest && *m_lastRequest == request && m_result;
}

void SimulationRunner::cancel()
{
    if (!m_job->isRunning())
        return;
    m_job->cancel();
    m_lastRequest.reset();
}

void SimulationRunner::deliver(const Run &run)
{
    if (run.simulate) {
        m_result = run.result;
        m_withoutBackups = run.withoutBackups;
    }
    if (run.seekGoal)
        m_goal = run.goal;
    if (run.breakDown)
        m_breakdown = run.breakdown;
    emit finished();
}

} // namespace pipeplan
