#pragma once

#include "core/plan/planresult.h"
#include "core/project/estimate.h"
#include "ui/document/backgroundjob.h"

#include <QObject>

#include <optional>

namespace pipeplan {

/// The project's Monte Carlo (with and without buffers) on a BackgroundJob, with its cache: a
/// request equal to the last one is not run again, so edits elsewhere never re-run it. The PERT
/// comes with the request from the plan's project section, never computed twice.
class MonteCarloRunner : public QObject
{
    Q_OBJECT
public:
    /// What the Monte Carlo reads from the scenario's project settings.
    struct Request
    {
        CowList<estimate::Task> tasks; ///< shared with the plan: a request copies no tasks
        estimate::Buffers buffers;
        estimate::MonteCarloOptions options;
        bool scaleByPace = true; ///< the remaining work of a forecast depends on it
        bool operator==(const Request &) const = default;
    };
    static Request requestFor(const ProjectSettings &project);

    explicit MonteCarloRunner(QObject *parent = nullptr);

    /// Starts (or reuses) the run for `project`; the PERT comes from its plan `section`.
    void request(const ProjectSettings &project, const ProjectSection &section);
    /// Stops the run in progress; the last finished estimate stays, and the same request runs
    /// again when asked.
    void cancel();
    bool isRunning() const;
    /// The last finished estimate (cancelled runs leave the previous one).
    const std::optional<estimate::PlanEstimate> &estimate() const { return m_estimate; }
    /// The finished estimate when it is for `project` as it is now, else none (a report then
    /// runs its own).
    std::optional<estimate::PlanEstimate> estimateFor(const ProjectSettings &project) const;
    /// The request the last finished estimate answers.
    const std::optional<Request> &estimatedRequest() const { return m_estimatedRequest; }
    int runsStarted() const { return m_runsStarted; }

signals:
    void started();
    void progress(double fraction);
    void finished();

private:
    BackgroundJob *m_job;
    std::optional<Request> m_lastRequest;
    std::optional<Request> m_estimatedRequest;
    std::optional<estimate::PlanEstimate> m_estimate;
    int m_runsStarted = 0;
};

/// The background work of one plan, owned by its document: the simulation with its breakdown and
/// goal seek, the project's Monte Carlo and the training section's large searches. Each keeps the
/// single cache of its results.
class SimulationRunner;
class ScheduleSearchRunner;
class PlanJobs : public QObject
{
    Q_OBJECT
public:
    explicit PlanJobs(QObject *parent = nullptr);
    SimulationRunner *simulation() const { return m_simulation; }
    MonteCarloRunner *monteCarlo() const { return m_monteCarlo; }
    /// The training section's large schedule searches.
    ScheduleSearchRunner *scheduleSearch() const { return m_scheduleSearch; }

private:
    SimulationRunner *m_simulation;
    MonteCarloRunner *m_monteCarlo;
    ScheduleSearchRunner *m_scheduleSearch;
};

} // namespace pipeplan
