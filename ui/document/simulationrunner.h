#pragma once

#include "core/plan/goalseek.h"
#include "core/plan/planresult.h"
#include "core/tail/simulate.h"
#include "core/tail/tailbreakdown.h"
#include "ui/document/backgroundjob.h"

#include <QObject>

#include <optional>

namespace pipeplan {

/// Runs the simulation, its breakdown and the goal seek off the GUI thread on a BackgroundJob, so
/// the window never freezes. A new request cancels the run in progress; a request equal to the
/// last finished one is answered from the cache, so moving a slider the simulation does not
/// depend on never re-runs it. The document owns one (ScenarioDocument::simulation()).
class SimulationRunner : public QObject
{
    Q_OBJECT
public:
    /// The job, the goal and the headline the breakdown starts from (core's TailRequest).
    using Request = TailRequest;

    /// What the plan asks of the simulation: its tail section's job and goal, and the headline
    /// runtime the breakdown starts from.
    static Request requestFor(const PlanResult &plan);

    explicit SimulationRunner(QObject *parent = nullptr);
    ~SimulationRunner() override;

    /// Starts (or reuses) the run for `request`; invalid params must be filtered by the caller.
    void request(const Request &request);
    void cancel();

    bool isRunning() const;
    /// True when the finished results answer `request` (the plan as it is now): a report
    /// prints them only then, never a run for an older plan.
    bool answers(const Request &request) const;
    /// Results of the last finished run (cancelled runs leave the previous results).
    const std::optional<simulation::Result> &result() const { return m_result; }
    /// The speculative-backups what-if's counterpart: the same job without backups (set only
    /// when the request has backups on).
    const std::optional<simulation::Result> &withoutBackups() const { return m_withoutBackups; }
    const std::optional<goalseek::Result> &goal() const { return m_goal; }
    /// Where the time goes from the headline to the simulated P50 and P90 (tail::fromHeadline of
    /// the last finished run), cached with the simulation.
    const std::optional<tail::Breakdown> &breakdown() const { return m_breakdown; }
    /// Runs started so far (a test checks that unrelated edits start none).
    int runsStarted() const { return m_runsStarted; }

signals:
    void started();
    /// Trials done so far, as a share of those to run.
    void progress(double fraction);
    void finished();

private:
    struct Run;
    void deliver(const Run &run);

    BackgroundJob *m_job;
    std::optional<Request> m_lastRequest;
    std::optional<simulation::Result> m_result;
    std::optional<simulation::Result> m_withoutBackups;
    std::optional<goalseek::Result> m_goal;
    std::optional<tail::Breakdown> m_breakdown;
    int m_runsStarted = 0;
};

} // namespace pipeplan
