#include "ui/document/schedulesearchrunner.h"

#include <memory>

namespace pipeplan {

ScheduleSearchRunner::ScheduleSearchRunner(QObject *parent)
    : QObject(parent), m_job(new BackgroundJob(this))
{
    connect(m_job, &BackgroundJob::started, this, &ScheduleSearchRunner::started);
    connect(m_job, &BackgroundJob::progress, this, &ScheduleSearchRunner::progress);
}

bool ScheduleSearchRunner::isRunning() const
{
    return m_job->isRunning();
}

void ScheduleSearchRunner::request(const TrainingSettings &training, const TrainingSection &section)
{
    if (m_lastRequest && *m_lastRequest == training && (isRunning() || sectionFor(training)))
        return;
    m_lastRequest = training;
    m_cancelled = false;
    ++m_runsStarted;
    auto searched = std::make_shared<TrainingSection>(section);
    const int total = trainingSearchCandidates(section.schedules, training);
    m_job->start(
        [training, searched](simulation::Control &control) {
            completeTraining(searched->schedules, training, [&control](int done, int) {
                control.trialsDone = done;
                return !control.cancel.load();
            });
        },
        total,
        [this, searched, training]() {
            m_finished = *searched;
            m_finishedRequest = training;
            emit finished();
        });
}

std::optional<TrainingSection>
ScheduleSearchRunner::sectionFor(const TrainingSettings &training) const
{
    if (m_finishedRequest && *m_finishedRequest == training)
        return m_finished;
    return std::nullopt;
}

void ScheduleSearchRunner::cancel()
{
    if (!isRunning())
        return;
    m_job->cancel();
    m_cancelled = true;
    emit cancelled();
}

} // namespace pipeplan
