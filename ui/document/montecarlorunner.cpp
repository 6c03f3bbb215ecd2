#include "ui/document/montecarlorunner.h"

#include "ui/document/schedulesearchrunner.h"
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

MonteCarloRunner::Request MonteCarloRunner::requestFor(const ProjectSettings &project)
{
    return {project.tasks, project.buffers, project.monteCarlo, project.scaleByPace};
}

void MonteCarloRunner::request(const ProjectSettings &project, const ProjectSection &section)
{
    Request request = requestFor(project);
    // Only a change of what the Monte Carlo reads runs it again.
    if (m_lastRequest && *m_lastRequest == request)
        return;
    m_lastRequest = request;
    ++m_runsStarted;
    auto result = std::make_shared<estimate::PlanEstimate>();
    m_job->start(
        [project, section, result](simulation::Control &control) {
            *result = projectEstimate(project, section, &control);
        },
        projectEstimateTrials(project, section),
        [this, result, request]() {
            m_estimate = *result;
            m_estimatedRequest = request;
            emit finished();
        });
}

std::optional<estimate::PlanEstimate>
MonteCarloRunner::estimateFor(const ProjectSettings &project) const
{
    if (m_estimatedRequest && *m_estimatedRequest == requestFor(project))
        return m_estimate;
    return std::nullopt;
}

void MonteCarloRunner::cancel()
{
    m_job->cancel();
    m_lastRequest.reset();
}

PlanJobs::PlanJobs(QObject *parent)
    : QObject(parent), m_simulation(new SimulationRunner(this)),
      m_monteCarlo(new MonteCarloRunner(this)), m_scheduleSearch(new ScheduleSearchRunner(this))
{
}

} // namespace pipeplan
