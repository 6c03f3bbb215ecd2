#pragma once

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
    struct Request
    {
        std::vector<estimate::Task> tasks;
        estimate::Buffers buffers;
        estimate::MonteCarloOptions options;
        bool operator==(const Request &) const = default;
    };

    explicit MonteCarloRunner(QObject *parent = nullptr);

    /// Starts (or reuses) the run for `request`; `pert` and `pertBuffered` are the plan's.
    void request(const Request &request, const estimate::PertResult &pert,
                 const estimate::PertResult &pertBuffered);
    /// Stops the run in progress; the last finished estimate stays, and the same request runs
    /// again when asked.
    void cancel();
    bool isRunning() const;
    /// The last finished estimate (cancelled runs leave the previous one).
    const std::optional<estimate::PlanEstimate> &estimate() const { return m_estimate; }
    const std::optional<Request> &lastRequest() const { return m_lastRequest; }
    int runsStarted() const { return m_runsStarted; }

signals:
    void started();
    void progress(double fraction);
    void finished();

private:
    BackgroundJob *m_job;
    std::optional<Request> m_lastRequest;
    std::optional<estimate::PlanEstimate> m_estimate;
    int m_runsStarted = 0;
};

/// The background work of one plan, owned by its document: the simulation with its breakdown and
/// goal seek, and the project's Monte Carlo. Each keeps the single cache of its results.
class SimulationRunner;
class PlanJobs : public QObject
{
    Q_OBJECT
public:
    explicit PlanJobs(QObject *parent = nullptr);
    SimulationRunner *simulation() const { return m_simulation; }
    MonteCarloRunner *monteCarlo() const { return m_monteCarlo; }

private:
    SimulationRunner *m_simulation;
    MonteCarloRunner *m_monteCarlo;
};

} // namespace pipeplan
