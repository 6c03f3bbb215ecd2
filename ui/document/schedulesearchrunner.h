#pragma once

#include "core/plan/planresult.h"
#include "ui/document/backgroundjob.h"

#include <QObject>

#include <optional>

namespace pipeplan {

/// The training section's large schedule searches (ZB-H2, ZB-V, zb-auto above
/// schedule::kInlineSearchCells) on a BackgroundJob, with progress over the candidate orders and
/// Cancel, so a p = 128, m = 4096 search never freezes the window. It computes with core's
/// completeTraining, the function the CLI and the report use, so every view shows one set of
/// numbers. A request equal to the last finished one is answered from its cache.
class ScheduleSearchRunner : public QObject
{
    Q_OBJECT
public:
    explicit ScheduleSearchRunner(QObject *parent = nullptr);

    /// Searches the `searching` schedules of `section` (computed for `training`), unless this
    /// request already runs or has finished.
    void request(const TrainingSettings &training, const TrainingSection &section);
    /// Stops the search in progress; the schedules stay unsearched until asked again.
    void cancel();
    bool isRunning() const;
    /// Whether the last request was stopped before it finished.
    bool wasCancelled() const { return m_cancelled; }
    /// The finished section when it answers `training` as it is now, else none.
    std::optional<TrainingSection> sectionFor(const TrainingSettings &training) const;
    int runsStarted() const { return m_runsStarted; }

signals:
    void started();
    /// Candidate orders timed so far, as a share of all.
    void progress(double fraction);
    void finished();
    void cancelled();

private:
    BackgroundJob *m_job;
    std::optional<TrainingSettings> m_lastRequest;
    std::optional<TrainingSettings> m_finishedRequest;
    TrainingSection m_finished;
    bool m_cancelled = false;
    int m_runsStarted = 0;
};

} // namespace pipeplan
