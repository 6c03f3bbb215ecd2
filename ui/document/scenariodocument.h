#pragma once

#include "core/base/fileio.h"
#include "core/plan/evaluation.h"
#include "core/plan/planresult.h"
#include "core/plan/scenariofile.h"

#include <QObject>
#include <QPointer>
#include <QUndoStack>

#include <array>
#include <functional>
#include <optional>

namespace pipeplan {

class PlanJobs;

/// The plan's background jobs. The document starts, cancels and delivers each of them, writing
/// what they deliver into its result; views observe its job signals and read the result, never a
/// job itself.
enum class Job
{
    Simulation,     ///< the simulated tail with its breakdown, and the goal seek
    MonteCarlo,     ///< the project's Monte Carlo, with and without buffers
    ScheduleSearch, ///< the training section's large schedule searches
};

/// The single source of truth of one window: the plan (scenario and pinned baseline), its undo
/// stack, its file, and the results the core computed from it. Widgets observe `changed()` and
/// edit through `edit()`.
class ScenarioDocument : public QObject
{
    Q_OBJECT
public:
    /// Undo steps kept (the oldest go first). A step that changed a few tasks keeps only those.
    static constexpr int kUndoLimit = 100;

    explicit ScenarioDocument(QObject *parent = nullptr);

    /// A new plan as this window starts it: the defaults, priced in the currency of the
    /// locale (QLocale(): "EUR" in Germany), or US dollars where the locale names none.
    static Scenario newScenario();
    const Plan &plan() const { return m_plan; }
    const Scenario &scenario() const { return m_plan.scenario; }
    /// The plan evaluated by core (evaluatePlan), section by section.
    const PlanResult &planResult() const { return m_result; }
    const ScenarioResult &result() const { return m_result.model; }
    /// The task rows the last change of the plan touched: `before` is the list it changed and
    /// `rows` the rows of it that differ now (nullopt: tasks were added or removed, or the plan
    /// was loaded). A table still showing `before` redraws those rows only.
    struct TaskRows
    {
        CowList<estimate::Task> before;
        std::optional<std::vector<int>> rows;
    };
    const TaskRows &lastTaskRows() const { return m_taskRows; }
    /// The pinned baseline and what the core computed for it and for the comparison.
    const std::optional<Scenario> &baseline() const { return m_plan.baseline; }
    const ScenarioResult &baselineResult() const;
    const Comparison &comparison() const;
    /// How many times each section was recomputed (tests check a tick recomputes only what
    /// depends on it); evaluations of the baseline scenario itself are counted apart.
    int recomputeCount(Section section) const;
    int baselineEvaluations() const { return m_baselineEvaluations; }

    QUndoStack *undoStack() { return &m_undoStack; }
    /// The plan's background work (simulation, goal seek, Monte Carlo) and its caches: the
    /// document's own, and the report's and tests' to read; views go through runJob() and the
    /// job signals instead.
    PlanJobs *jobs() const { return m_jobs; }

    /// Runs `job` for the plan as it is now, unless its cache already answers it (the result
    /// then holds the answer when this returns) or the same run is under way. A simulation the
    /// tail section refuses (its simulationError) is not run: one in progress stops.
    void runJob(Job job);
    /// Stops `job`'s run in progress: its section is left as it was before the run started, and
    /// the same request runs again when asked. jobCancelled() follows when a run was stopped.
    void cancelJob(Job job);
    /// Running, or about to (a start waiting for the edits to pause).
    bool isJobRunning(Job job) const;
    bool anyJobRunning() const;
    /// Runs of `job` started so far (tests check that unrelated edits start none).
    int jobRunsStarted(Job job) const;
    /// The last finished Monte Carlo, whichever plan it answered (a cancelled run leaves the
    /// previous one); the result's monteCarlo section holds it only while it answers this plan.
    const std::optional<estimate::PlanEstimate> &lastMonteCarlo() const;

    /// Replaces the scenario as one undoable step named `text`. Edits from one `source` (the
    /// control that made them) inside one interactive session (a slider drag, a burst of key
    /// steps) merge; an edit with no source never does. An invalid scenario is refused (returns
    /// false) and nothing changes.
    bool edit(const Scenario &after, const QString &text, const void *source = nullptr);
    /// edit() of the current scenario with `change` applied: what every input widget does.
    bool editScenario(const QString &text, const std::function<void(Scenario &)> &change,
                      const void *source = nullptr);

    /// Pins the current scenario as the baseline every view compares against (undoable);
    /// unpinBaseline drops it.
    void pinBaseline();
    void unpinBaseline();

    /// A slider press opens a session, its release closes it: the drag becomes one undo step.
    /// A burst of key or wheel steps on one field is a session too (ValueControl).
    void beginInteractiveEdit();
    void endInteractiveEdit();

    /// Show the Gantt with the same work re-cut into equal stages (a view option, not undoable).
    bool balanced() const { return m_balanced; }
    void setBalanced(bool balanced);
    /// The scenario's balanced split (the result's pipeline series), what "Apply balanced split"
    /// would set.
    const BalancedSplit &balancedSplit() const { return m_result.pipeline.split; }
    /// Sets the stage times to the balanced split as one undoable edit and leaves the balanced
    /// view (the scenario now is the balanced one). False when nothing changes or it is refused.
    bool applyBalancedSplit();

    /// Replaces everything with a plan read from `filePath` (empty for an untitled plan): a fresh
    /// undo history, and clean unless `modified` (work restored after a crash).
    void load(const Plan &plan, const QString &filePath, bool modified = false);
    QString filePath() const { return m_filePath; }
    /// After a successful save: the file is now `filePath` and the document is clean.
    void markSaved(const QString &filePath);
    bool isModified() const { return !m_undoStack.isClean() || m_forcedModified; }
    /// The scenario as this document last loaded or saved it: what "Keep as option" compares
    /// the plan with when no baseline is pinned.
    const Scenario &savedScenario() const { return m_savedScenario; }
    /// The file as it was when this document last loaded or saved it: a different stamp on disk
    /// now means another window or program wrote it since.
    const fileio::DiskStamp &diskStamp() const { return m_diskStamp; }
    bool fileChangedOnDisk() const
    {
        if (m_filePath.isEmpty())
            return false;
        const fileio::DiskStamp now = fileio::stampOf(m_filePath);
        return now.exists && now != m_diskStamp;
    }

    /// Applies a plan without an undo entry (the undo commands use this).
    void apply(const Plan &plan);

signals:
    /// The plan changed; `sections` names the parts of the result whose inputs changed (and
    /// Section::Inputs whenever any input did). Views refresh only for their sections.
    void changed(pipeplan::Sections sections);
    void balancedChanged(bool balanced);
    void modifiedChanged(bool modified);
    void filePathChanged(const QString &filePath);
    /// load() replaced the plan: text typed into the last one's fields is dropped.
    void loaded();
    /// A background section of the result changed state (started, progressed, delivered,
    /// cancelled).
    void backgroundChanged(pipeplan::Backgrounds which);
    /// `job` started a run (or will, once the edits pause).
    void jobStarted(pipeplan::Job job);
    /// `job`'s run in progress has done `fraction` (0 to 1) of its work.
    void jobProgress(pipeplan::Job job, double fraction);
    /// `job` delivered: the result holds its answer when it answers the plan as it is now.
    void jobFinished(pipeplan::Job job);
    /// `job`'s run was stopped before it finished (cancelJob, or a search no longer asked for).
    void jobCancelled(pipeplan::Job job);

private:
    bool editPlan(const Plan &edited, const QString &text, const void *source = nullptr);
    /// Recomputes `sections` (and the Gantt's schedule with the model) and announces them.
    void recompute(Sections sections, bool baselineChanged);
    /// Counts one recomputation of each of `sections` (recomputeCount).
    void countRecomputes(Sections sections);
    /// Hands the training section's large searches to the background, or takes the finished ones.
    void searchTraining();
    void takeSearchedTraining();
    /// The jobs' finished results for the plan as it is now, written into the result's
    /// background sections; returns those taken.
    Backgrounds takeJobResults(Backgrounds which);
    /// Applies `change` to each of the result's job sections named in `which`.
    template <typename Change> void forEachJobSection(Backgrounds which, Change change);
    void markRunning(Backgrounds which, double fraction);
    void takeFinishedJobs(Backgrounds which);
    /// Forwards the jobs' signals as the document's, once the result holds what they changed.
    void connectJobs();

    Plan m_plan;
    /// Before the undo stack: its destruction announces the clean state, which views read.
    Scenario m_savedScenario = m_plan.scenario;
    PlanResult m_result;
    TaskRows m_taskRows;
    PlanJobs *m_jobs;
    std::array<int, 6> m_recomputeCounts{};
    int m_baselineEvaluations = 0;
    QUndoStack m_undoStack;
    QString m_filePath;
    fileio::DiskStamp m_diskStamp;
    bool m_forcedModified = false;
    bool m_balanced = false;
    bool m_interactive = false;
    int m_editSession = 0;
};

/// A slider drag as one undo step: pressing a control's slider opens the document's interactive
/// session, releasing it closes it. `document` is the owner's member, followed as it changes.
template <typename Control>
void connectDragSession(Control *control, QObject *owner,
                        const QPointer<ScenarioDocument> &document)
{
    QObject::connect(control, &Control::dragStarted, owner, [&document]() {
        if (document)
            document->beginInteractiveEdit();
    });
    QObject::connect(control, &Control::dragFinished, owner, [&document]() {
        if (document)
            document->endInteractiveEdit();
    });
}

/// Points a view at a document: stops observing the previous one, refreshes when one of
/// `sections` of the new one changes, and refreshes once now. Every view's setDocument() is this
/// one call.
template <typename View>
void observeDocument(View *view, QPointer<ScenarioDocument> &current, ScenarioDocument *document,
                     void (View::*refresh)(), Sections sections)
{
    if (current)
        QObject::disconnect(current, nullptr, view, nullptr);
    current = document;
    if (current) {
        QObject::connect(current, &ScenarioDocument::changed, view,
                         [view, refresh, sections](Sections changed) {
                             if (changed & sections)
                                 (view->*refresh)();
                         });
    }
    (view->*refresh)();
}

} // namespace pipeplan
