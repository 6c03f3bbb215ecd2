#include "ui/document/montecarlorunner.h"

#include "ui/document/simulationrunner.h"

#include <memory>

namespace pipeplan {

MonteCarloRunner::MonteCarloRunner(QObject *parent)
    : QObject(parent), m_job(new BackgroundJob(this))
{
    connect(m_job, &BackgroundJob::started, this, &MonteCarloRunner::started);
    connect(m_job, &BackgroundJob::progress, this, &MonteCarloRunner::progress);
}

bool MonteCarloRunner::isRunning() const
{
    return m_job->isRunning();
}

void MonteCarloRunner::request(const Request &request, const estimate::PertResult &pert,
                               const estimate::PertResult &pertBuffered)
{
    // Only a change of what the Monte Carlo reads runs it again.
    if (m_lastRequest && *m_lastRequest == request)
        return;
    m_lastRequest = request;
    ++m_runsStarted;
    auto result = std::make_shared<estimate::PlanEstimate>();
    result->pert = pert;
    result->pertBuffered = pertBuffered;
    m_job->start(
        [request, result](simulation::Control &control) {
            estimate::PlanEstimate simulated =
                estimate::simulatePlan(request.tasks, request.buffers, request.options, &control);
            result->monteCarlo = std::move(simulated.monteCarlo);
            result->monteCarloBuffered = std::move(simulated.monteCarloBuffered);
        },
        2LL * request.options.trials,
        [this, result]() {
            m_estimate = *result;
            emit finished();
        });
}

void MonteCarloRunner::cancel()
{
    m_job->cancel();
    m_lastRequest.reset();
}

PlanJobs::PlanJobs(QObject *parent)
    : QObject(parent), m_simulation(new SimulationRunner(this)),
      m_monteCarlo(new MonteCarloRunner(this))
{
}

} // namespace pipeplan
