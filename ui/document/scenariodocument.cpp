#include "ui/document/scenariodocument.h"

#include "ui/document/montecarlorunner.h"
#include "ui/document/schedulesearchrunner.h"
#include "ui/document/simulationrunner.h"

#include "core/base/format.h"
#include "core/model/uncertainty.h"

#include <QLocale>
#include <QUndoCommand>

namespace pipeplan {

namespace {

/// The one generic edit: the whole plan before and after. Plans are small, and a snapshot cannot
/// get out of step with the model the way per-field commands can.
class ChangePlan : public QUndoCommand
{
public:
    ChangePlan(ScenarioDocument *document, Plan before, Plan after, const QString &text,
               const void *source, int session)
        : QUndoCommand(text), m_document(document), m_before(std::move(before)),
          m_after(std::move(after)), m_source(source), m_session(session)
    {
        keepChangedTasksOnly();
    }

    void undo() override { m_document->apply(withTasks(m_before, m_patch.before)); }
    void redo() override { m_document->apply(withTasks(m_after, m_patch.after)); }
    /// Every step is a change of the plan: which steps merge is decided by their source and
    /// session in mergeWith().
    int id() const override { return 1; }

    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *next = static_cast<const ChangePlan *>(other);
        // One interactive session of one control (a slider drag, a burst of key or wheel steps)
        // is one step; an edit from anywhere else during it (a button, a typed setting) is its
        // own, and outside a session every edit is. Task edits are their own steps (the table
        // has no drag), so patches never merge.
        if (!m_source || next->m_source != m_source || next->m_session != m_session ||
            m_patch.patched() || next->m_patch.patched())
            return false;
        m_after = next->m_after;
        // A drag that ends where it started leaves nothing to undo.
        setObsolete(m_after == m_before);
        return true;
    }

private:
    /// The tasks an edit changed, before and after it, at their rows; `kept` when the step's
    /// plans hold the two whole lists instead.
    struct TaskPatch
    {
        bool kept = true;
        std::vector<int> rows;
        std::vector<estimate::Task> before;
        std::vector<estimate::Task> after;
        bool patched() const { return !rows.empty(); }
    };

    /// A step keeps the tasks it changed, not the lists: one task of a 10,000-task plan is a
    /// few hundred bytes where a list is 1.7 MB, and a step that changed no task (a note, a
    /// slider) keeps none, though it would pin the list of its day for the whole history.
    /// Undo and redo then patch the document's list, which is the one on the
    /// other side of the step.
    void keepChangedTasksOnly()
    {
        CowList<estimate::Task> &before = m_before.scenario.project.tasks;
        CowList<estimate::Task> &after = m_after.scenario.project.tasks;
        std::optional<std::vector<int>> rows = changedRows(before, after);
        // Tasks added or removed, or many changed: the two lists cost no more than a patch.
        if (!rows || rows->size() * 4 > after.size())
            return;
        const std::vector<estimate::Task> &beforeTasks = before;
        const std::vector<estimate::Task> &afterTasks = after;
        for (int row : *rows) {
            m_patch.before.push_back(beforeTasks[static_cast<std::size_t>(row)]);
            m_patch.after.push_back(afterTasks[static_cast<std::size_t>(row)]);
        }
        m_patch.rows = std::move(*rows);
        m_patch.kept = false;
        before.clear();
        after.clear();
    }

    /// `plan` with the document's tasks, patched to `values` at the patch's rows, when the
    /// step holds no lists.
    Plan withTasks(const Plan &plan, const std::vector<estimate::Task> &values) const
    {
        if (m_patch.kept)
            return plan;
        Plan full = plan;
        full.scenario.project.tasks = m_document->plan().scenario.project.tasks;
        if (m_patch.patched()) {
            std::vector<estimate::Task> &tasks = full.scenario.project.tasks.edit();
            for (std::size_t i = 0; i < m_patch.rows.size(); ++i)
                tasks[static_cast<std::size_t>(m_patch.rows[i])] = values[i];
        }
        return full;
    }

    ScenarioDocument *m_document;
    Plan m_before;
    Plan m_after;
    TaskPatch m_patch;
    const void *m_source;
    int m_session;
};

} // namespace

Scenario ScenarioDocument::newScenario()
{
    Scenario scenario = defaultScenario();
    const QString code = QLocale().currencySymbol(QLocale::CurrencyIsoCode);
    if (format::isCurrencyCode(code))
        scenario.goal.currency = code;
    return scenario;
}

ScenarioDocument::ScenarioDocument(QObject *parent) : QObject(parent), m_jobs(new PlanJobs(this))
{
    m_plan.scenario = newScenario();
    // Each step holds two plans; the history keeps the last kUndoLimit of them, whatever the
    // session's length.
    m_undoStack.setUndoLimit(kUndoLimit);
    connect(&m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool) { emit modifiedChanged(isModified()); });
    connectJobs();
    recompute(Section::All, true);
}

void ScenarioDocument::connectJobs()
{
    // The jobs' states and deliveries go into the result first, where every view and the report
    // read them; only then does the document announce them, so no view depends on the order in
    // which it and the document were connected to a job.
    SimulationRunner *simulation = m_jobs->simulation();
    const Backgrounds tail = Background::Simulation | Background::GoalSeek;
    connect(simulation, &SimulationRunner::started, this, [this, tail]() {
        markRunning(tail, 0);
        emit jobStarted(Job::Simulation);
    });
    connect(simulation, &SimulationRunner::progress, this, [this, tail](double fraction) {
        markRunning(tail, fraction);
        emit jobProgress(Job::Simulation, fraction);
    });
    connect(simulation, &SimulationRunner::finished, this, [this, tail]() {
        takeFinishedJobs(tail);
        emit jobFinished(Job::Simulation);
    });
    MonteCarloRunner *monteCarlo = m_jobs->monteCarlo();
    connect(monteCarlo, &MonteCarloRunner::started, this, [this]() {
        markRunning(Background::MonteCarlo, 0);
        emit jobStarted(Job::MonteCarlo);
    });
    connect(monteCarlo, &MonteCarloRunner::progress, this, [this](double fraction) {
        markRunning(Background::MonteCarlo, fraction);
        emit jobProgress(Job::MonteCarlo, fraction);
    });
    connect(monteCarlo, &MonteCarloRunner::finished, this, [this]() {
        takeFinishedJobs(Background::MonteCarlo);
        emit jobFinished(Job::MonteCarlo);
    });
    ScheduleSearchRunner *search = m_jobs->scheduleSearch();
    connect(search, &ScheduleSearchRunner::started, this,
            [this]() { emit jobStarted(Job::ScheduleSearch); });
    connect(search, &ScheduleSearchRunner::progress, this,
            [this](double fraction) { emit jobProgress(Job::ScheduleSearch, fraction); });
    connect(search, &ScheduleSearchRunner::finished, this, [this]() {
        takeSearchedTraining();
        emit jobFinished(Job::ScheduleSearch);
    });
    connect(search, &ScheduleSearchRunner::cancelled, this,
            [this]() { emit jobCancelled(Job::ScheduleSearch); });
}

void ScenarioDocument::runJob(Job job)
{
    switch (job) {
    case Job::Simulation:
        if (!m_result.tail.simulationError.isEmpty()) {
            cancelJob(Job::Simulation);
            return;
        }
        m_jobs->simulation()->request(SimulationRunner::requestFor(m_result));
        break;
    case Job::MonteCarlo:
        // The job keeps the one cache: only a change of what it reads runs it again.
        m_jobs->monteCarlo()->request(m_plan.scenario.project, m_result.project);
        break;
    case Job::ScheduleSearch:
        if (!trainingSearching(m_result.training.schedules))
            return;
        m_jobs->scheduleSearch()->request(m_plan.scenario.training, m_result.training);
        break;
    }
}

void ScenarioDocument::cancelJob(Job job)
{
    if (!isJobRunning(job))
        return;
    switch (job) {
    case Job::Simulation:
        m_jobs->simulation()->cancel();
        // A cancelled run leaves its sections as they were before it started.
        takeFinishedJobs(Background::Simulation | Background::GoalSeek);
        emit jobCancelled(job);
        break;
    case Job::MonteCarlo:
        m_jobs->monteCarlo()->cancel();
        takeFinishedJobs(Background::MonteCarlo);
        emit jobCancelled(job);
        break;
    case Job::ScheduleSearch:
        m_jobs->scheduleSearch()->cancel(); // announces jobCancelled through its own signal
        break;
    }
}

bool ScenarioDocument::isJobRunning(Job job) const
{
    switch (job) {
    case Job::Simulation:
        return m_jobs->simulation()->isRunning();
    case Job::MonteCarlo:
        return m_jobs->monteCarlo()->isRunning();
    case Job::ScheduleSearch:
        return m_jobs->scheduleSearch()->isRunning();
    }
    return false;
}

bool ScenarioDocument::anyJobRunning() const
{
    return isJobRunning(Job::Simulation) || isJobRunning(Job::MonteCarlo) ||
           isJobRunning(Job::ScheduleSearch);
}

int ScenarioDocument::jobRunsStarted(Job job) const
{
    switch (job) {
    case Job::Simulation:
        return m_jobs->simulation()->runsStarted();
    case Job::MonteCarlo:
        return m_jobs->monteCarlo()->runsStarted();
    case Job::ScheduleSearch:
        return m_jobs->scheduleSearch()->runsStarted();
    }
    return 0;
}

const std::optional<estimate::PlanEstimate> &ScenarioDocument::lastMonteCarlo() const
{
    return m_jobs->monteCarlo()->estimate();
}

template <typename Change>
void ScenarioDocument::forEachJobSection(Backgrounds which, Change change)
{
    if (which & Background::Simulation)
        change(m_result.simulation);
    if (which & Background::GoalSeek)
        change(m_result.goalSeek);
    if (which & Background::MonteCarlo)
        change(m_result.monteCarlo);
}

void ScenarioDocument::markRunning(Backgrounds which, double fraction)
{
    forEachJobSection(which, [fraction](auto &section) {
        if (section.ready() || section.state == JobState::Failed)
            return;
        section.state = JobState::Running;
        section.progress = fraction;
    });
    emit backgroundChanged(which);
}

Backgrounds ScenarioDocument::takeJobResults(Backgrounds which)
{
    Backgrounds taken;
    const SimulationRunner *simulation = m_jobs->simulation();
    if ((which & (Background::Simulation | Background::GoalSeek)) &&
        simulation->answers(tailRequest(m_result))) {
        // Only a finished run of the plan as it is now: never one for an older plan.
        if (!m_result.simulation.ready() && simulation->result()) {
            m_result.simulation.value = SimulatedTail{
                *simulation->result(), simulation->withoutBackups(), simulation->breakdown()};
            m_result.simulation.state = JobState::Ready;
            m_result.simulation.progress = 1;
            taken |= Background::Simulation;
        }
        if (!m_result.goalSeek.ready() && simulation->goal()) {
            m_result.goalSeek.value = simulation->goal();
            m_result.goalSeek.state = JobState::Ready;
            m_result.goalSeek.progress = 1;
            taken |= Background::GoalSeek;
        }
    }
    if ((which & Background::MonteCarlo) && !m_result.monteCarlo.ready()) {
        if (std::optional<estimate::PlanEstimate> estimate =
                m_jobs->monteCarlo()->estimateFor(m_plan.scenario.project)) {
            setMonteCarlo(m_result, m_plan.scenario.project, std::move(*estimate));
            taken |= Background::MonteCarlo;
        }
    }
    return taken;
}

void ScenarioDocument::takeFinishedJobs(Backgrounds which)
{
    takeJobResults(which);
    // A cancelled run leaves its section as it was before it started.
    forEachJobSection(which, [](auto &section) {
        if (section.state == JobState::Running)
            section.state = JobState::NotAsked;
    });
    emit backgroundChanged(which);
}

const ScenarioResult &ScenarioDocument::baselineResult() const
{
    static const ScenarioResult none;
    return m_result.baseline.result ? *m_result.baseline.result : none;
}

const Comparison &ScenarioDocument::comparison() const
{
    static const Comparison none;
    return m_result.baseline.comparison ? *m_result.baseline.comparison : none;
}

int ScenarioDocument::recomputeCount(Section section) const
{
    const auto bit = static_cast<unsigned>(section);
    for (size_t i = 0; i < m_recomputeCounts.size(); ++i) {
        if (bit == 1u << i)
            return m_recomputeCounts[i];
    }
    return 0;
}

bool ScenarioDocument::edit(const Scenario &after, const QString &text, const void *source)
{
    Plan plan = m_plan;
    plan.scenario = after;
    return editPlan(plan, text, source);
}

bool ScenarioDocument::editPlan(const Plan &edited, const QString &text, const void *source)
{
    // A moved number takes its range along: the slider moves the median, the spread stays;
    // a range edited itself, or dropped, is left as the edit made it.
    Plan after = edited;
    if (!after.scenario.uncertainty.ranges.empty())
        uncertainty::followPoints(m_plan.scenario, after.scenario);
    if (after == m_plan)
        return true;
    // Only what the edit changed is checked: the plan before it was valid.
    if (!validateChange(m_plan.scenario, after.scenario).empty())
        return false;
    if (after.baseline && after.baseline != m_plan.baseline &&
        !(after.baseline == after.scenario || validate(*after.baseline).empty()))
        return false;
    // Outside a drag every edit is its own session, so two typed values never merge.
    if (!m_interactive)
        ++m_editSession;
    m_undoStack.push(new ChangePlan(this, m_plan, after, text, source, m_editSession));
    return true;
}

bool ScenarioDocument::editScenario(const QString &text,
                                    const std::function<void(Scenario &)> &change,
                                    const void *source)
{
    Scenario scenario = m_plan.scenario;
    change(scenario);
    return edit(scenario, text, source);
}

void ScenarioDocument::pinBaseline()
{
    Plan plan = m_plan;
    plan.baseline = m_plan.scenario;
    editPlan(plan, tr("Pin baseline"));
}

void ScenarioDocument::unpinBaseline()
{
    Plan plan = m_plan;
    plan.baseline.reset();
    editPlan(plan, tr("Unpin baseline"));
}

void ScenarioDocument::beginInteractiveEdit()
{
    m_interactive = true;
    ++m_editSession;
}

void ScenarioDocument::endInteractiveEdit()
{
    m_interactive = false;
    ++m_editSession;
}

void ScenarioDocument::setBalanced(bool balanced)
{
    if (balanced == m_balanced)
        return;
    m_balanced = balanced;
    // The result holds the pipeline as is and balanced: a view option recomputes nothing.
    emit balancedChanged(balanced);
}

bool ScenarioDocument::applyBalancedSplit()
{
    const BalancedSplit &split = balancedSplit();
    if (!split.changes ||
        !edit(withBalancedSplit(m_plan.scenario, split), tr("Apply balanced split")))
        return false;
    setBalanced(false);
    return true;
}

void ScenarioDocument::load(const Plan &plan, const QString &filePath, bool modified)
{
    m_undoStack.clear();
    m_forcedModified = modified;
    m_filePath = filePath;
    m_diskStamp = filePath.isEmpty() ? fileio::DiskStamp{} : fileio::stampOf(filePath);
    // A loaded document is new to every view, whatever it shares with the last one.
    m_taskRows = {};
    m_plan = plan;
    m_savedScenario = plan.scenario;
    recompute(Section::All, true);
    emit filePathChanged(m_filePath);
    emit modifiedChanged(isModified());
    emit loaded();
}

void ScenarioDocument::markSaved(const QString &filePath)
{
    m_forcedModified = false;
    m_undoStack.setClean();
    m_savedScenario = m_plan.scenario;
    m_diskStamp = fileio::stampOf(filePath);
    if (filePath != m_filePath) {
        m_filePath = filePath;
        emit filePathChanged(m_filePath);
    }
    emit modifiedChanged(isModified());
}

void ScenarioDocument::apply(const Plan &plan)
{
    const Sections sections = changedSections(m_plan, plan);
    const bool baselineChanged = m_plan.baseline != plan.baseline;
    const CowList<estimate::Task> &tasksBefore = m_plan.scenario.project.tasks;
    m_taskRows = {tasksBefore, changedRows(tasksBefore, plan.scenario.project.tasks)};
    m_plan = plan;
    if (sections != Section::None)
        recompute(sections, baselineChanged);
}

void ScenarioDocument::countRecomputes(Sections sections)
{
    for (size_t i = 0; i < m_recomputeCounts.size(); ++i) {
        if (sections.testFlag(static_cast<Section>(1u << i)))
            ++m_recomputeCounts[i];
    }
}

void ScenarioDocument::recompute(Sections sections, bool baselineChanged)
{
    countRecomputes(sections);
    if ((sections & Section::Baseline) && baselineChanged && m_plan.baseline)
        ++m_baselineEvaluations;
    reevaluate(m_result, m_plan, sections, baselineChanged, TrainingSearch::Background);
    // Undo back to a plan the jobs already answered shows their results at once.
    takeJobResults(Background::All);
    if (sections & Section::Training)
        searchTraining();
    // A deadline is judged by the simulation too: with a deadline set the job is
    // simulated, as the Overheads & tail workspace does while it is shown, and the headline says
    // both verdicts once the run is in.
    if (m_plan.scenario.goal.deadlineSeconds && !m_result.simulation.ready() &&
        m_result.tail.simulationError.isEmpty())
        runJob(Job::Simulation);
    emit changed(sections);
}

void ScenarioDocument::searchTraining()
{
    ScheduleSearchRunner *runner = m_jobs->scheduleSearch();
    const TrainingSettings &training = m_plan.scenario.training;
    if (!trainingSearching(m_result.training.schedules)) {
        runner->cancel(); // a search for settings no longer asked for
        return;
    }
    // Undo back to searched settings shows them at once.
    if (std::optional<TrainingSection> searched = runner->sectionFor(training))
        m_result.training = std::move(*searched);
    else
        runner->request(training, m_result.training);
}

void ScenarioDocument::takeSearchedTraining()
{
    std::optional<TrainingSection> searched =
        m_jobs->scheduleSearch()->sectionFor(m_plan.scenario.training);
    if (!searched || !trainingSearching(m_result.training.schedules))
        return;
    m_result.training = std::move(*searched);
    // The searched schedule's step time is the training run's.
    m_result.training.fromModel = trainingFromModel(m_plan.scenario, m_result.training.schedules);
    countRecomputes(Section::Training);
    emit changed(Section::Training);
}

} // namespace pipeplan
