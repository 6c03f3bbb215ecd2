#include "core/plan/planresult.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <future>

namespace pipeplan {

namespace {

/// The scenario's inputs that the model section (ScenarioResult) reads: every registry row that
/// feeds the model, and the inputs that are not rows, listed here.
bool sameModelInputs(const Scenario &a, const Scenario &b)
{
    for (const fieldregistry::Field &field : fieldregistry::fields()) {
        if ((field.feeds & Section::Model) && field.get(a) != field.get(b))
            return false;
    }
    // Texts, switches and lists; the hardware's model, devices and training switches; the
    // ranges.
    const HardwareSettings &ha = a.hardware;
    const HardwareSettings &hb = b.hardware;
    return a.workload.counted == b.workload.counted && a.stages == b.stages &&
           a.execution == b.execution && a.workerCounts == b.workerCounts &&
           a.overheads.sharedResourceName == b.overheads.sharedResourceName &&
           ha.enabled == hb.enabled && ha.device == hb.device && ha.model == hb.model &&
           ha.devicePrice == hb.devicePrice && ha.devices == hb.devices &&
           ha.training.pipelineStages == hb.training.pipelineStages &&
           ha.training.shardOptimizer == hb.training.shardOptimizer &&
           ha.training.recompute == hb.training.recompute && a.goal.currency == b.goal.currency &&
           a.uncertainty.ranges == b.uncertainty.ranges && a.track == b.track;
}

BaselineSection baselineSection(const Plan &plan, const ScenarioResult &model,
                                const std::optional<ScenarioResult> &baselineResult)
{
    BaselineSection section;
    if (!plan.baseline)
        return section;
    section.result = baselineResult ? *baselineResult : evaluate(*plan.baseline);
    section.comparison = compare(plan.scenario, model, *plan.baseline, *section.result);
    return section;
}

TailSection tailSection(const Scenario &scenario, const ScenarioResult &model)
{
    TailSection section;
    section.simulation = simulationParams(scenario, model);
    if (const auto errors = simulation::validate(section.simulation); !errors.empty())
        section.simulationError = errors.front().toString();
    // Its workers stay 1 (the seek varies them), so a workers tick leaves it equal. Without a
    // deadline there is nothing to seek and nothing to judge.
    section.goal = goalInputs(scenario, model);
    section.verdict = model.deadline;
    return section;
}

TrainingSection trainingSection(const Scenario &scenario, TrainingSearch search)
{
    TrainingSection section{computeTraining(scenario.training, search), std::nullopt};
    section.fromModel = trainingFromModel(scenario, section.schedules);
    return section;
}

} // namespace

ProjectSection projectSection(const ProjectSettings &project, QDate today)
{
    ProjectSection section;
    section.taskStats.reserve(project.tasks.size());
    for (const estimate::Task &task : project.tasks)
        section.taskStats.push_back(estimate::taskStats(task));
    section.pert = estimate::pert(project.tasks);
    section.pertBuffered =
        estimate::scaled(estimate::pert(estimate::withBuffers(project.tasks, project.buffers)),
                         1 + project.buffers.contingency);
    section.labeling = estimate::estimateLabeling(project.labeling);
    section.jobEta = estimate::jobEta(project.jobEta);
    section.logged = project.actuals;
    for (estimate::ActualEntry &entry : estimate::doneEntries(project.tasks))
        section.logged.push_back(std::move(entry));
    if (!section.logged.empty())
        section.accuracy = estimate::accuracy(section.logged);

    section.forecast = estimate::hasProgress(project.tasks);
    section.pace = estimate::pace(project.tasks);
    if (section.forecast) {
        section.statusDate = project.statusDate.value_or(today);
        if (project.scaleByPace && section.pace.doneTasks > 0)
            section.paceRatio = section.pace.ratio();
        section.simulated = estimate::remainingWork(project.tasks, section.paceRatio);
        section.simulatedPert = estimate::pert(section.simulated);
        section.simulatedPertBuffered = estimate::scaled(
            estimate::pert(estimate::withBuffers(section.simulated, project.buffers)),
            1 + project.buffers.contingency);
    } else {
        section.simulated = project.tasks;
        section.simulatedPert = section.pert;
        section.simulatedPertBuffered = section.pertBuffered;
    }
    if (project.startDate) {
        section.timeline =
            estimate::timeline(project.calendar, *project.startDate, section.statusDate);
        section.schedule = estimate::expectedSchedule(project.tasks, project.calendar,
                                                      *section.timeline, section.paceRatio);
    }
    return section;
}

namespace {

/// Assigns `value` to `slot` and reports whether it changed.
template <typename T> bool assign(T &slot, T value)
{
    if (slot == value)
        return false;
    slot = std::move(value);
    return true;
}

} // namespace

Sections changedSections(const Plan &before, const Plan &after)
{
    Sections sections;
    if (before == after)
        return sections;
    sections |= Section::Inputs;
    const Scenario &a = before.scenario;
    const Scenario &b = after.scenario;
    // The options' comparison is part of the model's answer.
    const bool model = !sameModelInputs(a, b) || a.options != b.options ||
                       a.goal.levers != b.goal.levers || a.goal.budget != b.goal.budget;
    if (model)
        sections |= Section::Model | Section::Tail;
    if (model || before.baseline != after.baseline)
        sections |= Section::Baseline;
    if (a.simulation != b.simulation || a.goal != b.goal)
        sections |= Section::Tail;
    if (a.training != b.training || a.hardware != b.hardware ||
        a.goal.pricePerWorkerHour != b.goal.pricePerWorkerHour)
        sections |= Section::Training;
    if (a.project != b.project)
        sections |= Section::Project;
    // The band reads the model (it re-evaluates the plan at p's interval): with runs only.
    if (a.measured != b.measured || (model && !b.measured.runs.runs.empty()))
        sections |= Section::Measured;
    return sections;
}

PlanResult evaluatePlan(const Plan &plan)
{
    PlanResult result;
    reevaluate(result, plan, Section::All, true);
    return result;
}

bool usesFittedP(const Scenario &scenario, const fit::Result &fit)
{
    return fit.amdahl &&
           std::abs(scenario.workload.parallelFraction - fit.amdahl->p.value) < 0.5e-4;
}

double uslRuntimeSeconds(const fit::UslFit &usl, double workSeconds, double workers)
{
    const double n = std::max(workers, 1.0);
    const double capacity = n / (1 + usl.sigma.value * (n - 1) + usl.kappa.value * n * (n - 1));
    return workSeconds / capacity;
}

namespace {
/// The fits (microseconds for a table of runs; BM_Fit) and the band, which follows the model.
MeasuredSection measuredSection(const Scenario &scenario)
{
    MeasuredSection section;
    if (!scenario.measured.runs.runs.empty())
        section.fit = fit::fitRuns(scenario.measured.runs);
    if (usesFittedP(scenario, section.fit)) {
        const fit::AmdahlFit &amdahl = *section.fit.amdahl;
        auto runtimeAt = [&scenario](double p) {
            Scenario at = scenario;
            at.workload.parallelFraction = std::clamp(p, 0.0, 1.0);
            return evaluate(at).effectiveRuntimeSeconds;
        };
        section.runtimeBand = RuntimeBand{runtimeAt(amdahl.p.high), runtimeAt(amdahl.p.low)};
    }
    section.curve = fitSeries(scenario.measured.runs, section.fit, scenario.workload.workers);
    return section;
}
} // namespace

namespace {
/// With ranges, each applied step reads its P50 over them: the bar, its label, its factor and
/// what it bills. The last step is the plan, so it says the headline's P50 and cost P50: one P50
/// per screen (the closed form beside it read as a second runtime, 5.65 days under 5.63). An
/// earlier step bills its P50 at its closed form's price per second.
void readAtMedians(WaterfallSeries &waterfall, const uncertainty::Result &spread)
{
    std::vector<LeverStep> &steps = waterfall.steps;
    if (!spread.active || waterfall.stepSpread.size() != steps.size())
        return;
    for (size_t i = 0; i < steps.size(); ++i) {
        LeverStep &step = steps[i];
        // A lever not used leaves the step before it as it was, now at its median too: the
        // chain of factors multiplies through.
        if (i > 0 && !step.applied) {
            step.runtimeSeconds = steps[i - 1].runtimeSeconds;
            step.cost = steps[i - 1].cost;
            continue;
        }
        const double median = waterfall.stepSpread[i].p50;
        if (!(median > 0) || !(step.runtimeSeconds > 0))
            continue;
        const bool last = i + 1 == steps.size();
        step.cost = last && spread.cost.p50 > 0 ? spread.cost.p50
                                                : step.cost * median / step.runtimeSeconds;
        step.runtimeSeconds = last ? spread.runtimeSeconds.p50 : median;
    }
}
} // namespace

namespace {
std::atomic<long long> g_planEvaluations{0};
} // namespace

long long planEvaluations()
{
    return g_planEvaluations.load();
}

TailRequest tailRequest(const PlanResult &result)
{
    return {result.tail.simulation, result.tail.goal, result.model.effectiveRuntimeSeconds};
}

Sections reevaluate(PlanResult &result, const Plan &typed, Sections sections, bool baselineChanged,
                    TrainingSearch search)
{
    // The plan as the model evaluates it: the device's latency and price in force.
    if (sections & (Section::Model | Section::Baseline | Section::Tail)) {
        result.hardware.current = hardwareInForce(typed.scenario);
        result.hardware.options = typed.scenario.hardware.enabled ? deviceOptions(typed.scenario)
                                                                  : std::vector<DeviceOption>{};
    }
    // Always from the typed plan (a notes or project edit changes it too); the hardware only
    // changes with the sections above.
    result.inForce = scenarioInForce(typed.scenario, result.hardware.current);
    Plan plan{result.inForce, std::nullopt};
    if (typed.baseline)
        plan.baseline = scenarioInForce(*typed.baseline, hardwareInForce(*typed.baseline));

    ++g_planEvaluations;
    Sections changed;
    if (sections & Section::Inputs)
        changed |= Section::Inputs;
    if (sections & Section::Model) {
        ScenarioResult model = evaluate(plan.scenario);
        if (result.hardware.current.inForce && typed.scenario.hardware.devicePrice)
            model.cost.priceSource = result.hardware.current.device.name;
        if (assign(result.model, std::move(model)))
            changed |= Section::Model;
    }
    if ((sections & Section::Model) &&
        assign(result.whatItTakes,
               whatittakes::whatItTakes(plan.scenario, result.hardware.current.inForce,
                                        &typed.scenario)))
        changed |= Section::Model;
    if ((sections & Section::Model) &&
        assign(result.plane, whatittakes::plane(plan.scenario, result.hardware.current.inForce,
                                                plan.scenario.goal.levers[0],
                                                plan.scenario.goal.levers[1], result.whatItTakes)))
        changed |= Section::Model;

    // The ranges' result (percentiles, ranking, each input's needed median) is computed on a
    // second thread while this one computes the scaling rows' percentiles, the whiskers and the
    // fan from the same sampled jobs: the two halves take about as long, and a slider tick
    // with ranges is about twice as fast on two cores. Joined before the result is read.
    std::future<uncertainty::Result> uncertaintyResult;
    UncertaintySection before;
    bool overheadsStepSpread = false; // the waterfall's overheads step waits for the result
    const auto joinUncertainty = [&]() {
        if (!uncertaintyResult.valid())
            return;
        result.uncertainty.result = uncertaintyResult.get();
        if (!(result.uncertainty == before))
            changed |= Section::Model;
    };
    if (sections & Section::Model) {
        std::shared_ptr<const uncertainty::Samples> samples =
            uncertainty::draw(plan.scenario, result.uncertainty.samples);
        before = std::move(result.uncertainty);
        result.uncertainty = {};
        result.uncertainty.samples = samples;
        // Ranges only on numbers not in force (the typed latency under a device's) spread nothing.
        const bool spread = uncertainty::anyInForce(plan.scenario, *samples);
        if (spread)
            result.uncertainty.jobs = std::make_shared<const uncertainty::SampledJobs>(
                uncertainty::sampleJobs(plan.scenario, *samples));
        if (!spread) {
            uncertaintyResult =
                std::async(std::launch::deferred, [scenario = plan.scenario, samples]() {
                    return uncertainty::evaluate(scenario, *samples, nullptr);
                });
        } else {
            uncertaintyResult = std::async(std::launch::async, [scenario = plan.scenario, samples,
                                                                jobs = result.uncertainty.jobs]() {
                return uncertainty::evaluate(scenario, *samples, jobs.get());
            });
        }
    }
    if (sections & Section::Baseline) {
        const std::optional<ScenarioResult> reuse =
            baselineChanged ? std::nullopt : result.baseline.result;
        if (assign(result.baseline, baselineSection(plan, result.model, reuse)))
            changed |= Section::Baseline;
    }
    if ((sections & Section::Tail) && assign(result.tail, tailSection(plan.scenario, result.model)))
        changed |= Section::Tail;
    if ((sections & Section::Training) &&
        assign(result.training, trainingSection(plan.scenario, search)))
        changed |= Section::Training;
    if ((sections & Section::Project) &&
        assign(result.project, projectSection(plan.scenario.project, QDate::currentDate())))
        changed |= Section::Project;
    if ((sections & Section::Measured) && assign(result.measured, measuredSection(plan.scenario)))
        changed |= Section::Measured;
    // Derived from the three sections above, so any change of it is already one of theirs.
    if (sections & (Section::Model | Section::Baseline | Section::Measured))
        result.scaling = scalingSection(plan, result.model, result.baseline, result.measured,
                                        result.uncertainty.jobs.get());
    if (sections & (Section::Model | Section::Baseline)) {
        const bool pinned = plan.baseline && result.baseline.result;
        result.amdahl =
            amdahlSeries(plan.scenario, result.model, pinned ? &*plan.baseline : nullptr,
                         pinned ? &*result.baseline.result : nullptr);
        result.waterfall =
            waterfallSeries(result.model, pinned ? &*result.baseline.result : nullptr,
                            plan.scenario.hardware.enabled);
        if (const auto &samples = result.uncertainty.samples; samples && !samples->inputs.empty()) {
            const std::vector<Scenario> steps = leverScenarios(plan.scenario);
            // The last step is the plan itself when it has no overheads: its jobs are the
            // plan's, and its percentiles the scaling table's row at the plan's workers,
            // already computed on this thread (a tenth of a slider tick with ranges).
            const std::vector<uncertainty::Percentiles> &rows = result.scaling.spread;
            const explain::ShownScaling &shown = result.scaling.shown;
            const auto highlighted = static_cast<size_t>(std::max(shown.highlighted, 0));
            const bool rowIsPlan =
                shown.highlighted >= 0 && highlighted < rows.size() &&
                highlighted < shown.rows.size() &&
                shown.rows[highlighted].workers == plan.scenario.workload.workers;
            for (size_t i = 0; i < steps.size(); ++i) {
                // A lever not used draws no whisker (its bar says "unchanged").
                const bool drawn = i == 0 || i >= result.waterfall.steps.size() ||
                                   result.waterfall.steps[i].applied;
                const bool isPlan = result.uncertainty.jobs && steps[i] == plan.scenario;
                result.waterfall.stepSpread.push_back(
                    !drawn                ? uncertainty::Percentiles{}
                    : isPlan && rowIsPlan ? rows[highlighted]
                    : isPlan ? uncertainty::runtimePercentiles(*result.uncertainty.jobs,
                                                               steps[i].workload.workers)
                             : uncertainty::runtimePercentiles(
                                   uncertainty::sampleJobs(steps[i], *samples),
                                   steps[i].workload.workers));
            }
            overheadsStepSpread = true;
        }
    }
    if (sections & Section::Model) {
        if (plan.scenario.workload.batchMsPerUser) {
            Scenario unbatched = plan.scenario;
            unbatched.workload.batchMsPerUser.reset();
            result.unbatchedRuntimeSeconds = evaluate(unbatched).effectiveRuntimeSeconds;
        } else {
            result.unbatchedRuntimeSeconds = result.model.effectiveRuntimeSeconds;
        }
        result.overheadCurve = overheadSeries(plan.scenario, result.model);
        if (result.uncertainty.jobs)
            result.overheadCurve.fan =
                uncertainty::fan(*result.uncertainty.jobs, result.overheadCurve.maxWorkers);
        result.costCurve = costSeries(plan.scenario, result.model);
        result.pipeline = pipelineSeries(plan.scenario, result.model);
    }
    joinUncertainty();
    // The options are overrides of the plan as typed (a device named, a lever set), each
    // evaluated as its own file would be; the plan's own row is its result above.
    if ((sections & Section::Model) &&
        assign(result.options,
               options::compare(typed.scenario, result.hardware.current, result.model,
                                result.uncertainty.result, result.whatItTakes)))
        changed |= Section::Model;
    // The overheads' step, when there is one, is the plan's whole runtime: the headline's.
    while (overheadsStepSpread &&
           result.waterfall.stepSpread.size() < result.waterfall.steps.size())
        result.waterfall.stepSpread.push_back(result.uncertainty.result.runtimeSeconds);
    if (overheadsStepSpread)
        readAtMedians(result.waterfall, result.uncertainty.result);
    // A background value answers the inputs it ran on: a new request starts from NotAsked (the
    // window's jobs answer it again from their caches when they hold it).
    if (sections & Section::Tail) {
        result.simulation = {};
        result.goalSeek = {};
        if (!result.tail.goal) {
            result.goalSeek.state = JobState::Failed;
            result.goalSeek.reason = goalseek::noDeadline();
        }
        if (!result.tail.simulationError.isEmpty()) {
            result.simulation.state = JobState::Failed;
            result.simulation.reason = result.tail.simulationError;
        }
    }
    if (sections & Section::Project) {
        result.monteCarlo = {};
        result.projectCharts = projectCharts(plan.scenario.project, result.project, nullptr);
    }
    return changed;
}

void setMonteCarlo(PlanResult &result, const ProjectSettings &project,
                   estimate::PlanEstimate estimate)
{
    result.monteCarlo.value = std::move(estimate);
    result.monteCarlo.state = JobState::Ready;
    result.monteCarlo.progress = 1;
    result.projectCharts = projectCharts(project, result.project, &*result.monteCarlo.value);
}

void completeBackground(PlanResult &result, const Plan &plan, Backgrounds which)
{
    if ((which & Background::Simulation) && !result.simulation.ready() &&
        result.simulation.state != JobState::Failed) {
        result.simulation.value =
            simulateTail(result.tail.simulation, result.model.effectiveRuntimeSeconds);
        result.simulation.state = JobState::Ready;
        result.simulation.progress = 1;
    }
    if ((which & Background::GoalSeek) && !result.goalSeek.ready() && result.tail.goal) {
        result.goalSeek.value = goalseek::seek(*result.tail.goal);
        result.goalSeek.state = JobState::Ready;
        result.goalSeek.progress = 1;
    }
    if ((which & Background::MonteCarlo) && !result.monteCarlo.ready()) {
        setMonteCarlo(result, plan.scenario.project,
                      projectEstimate(plan.scenario.project, result.project));
    }
    if ((which & Background::TrainingSearch) && trainingSearching(result.training.schedules)) {
        completeTraining(result.training.schedules, plan.scenario.training);
        result.training.fromModel = trainingFromModel(plan.scenario, result.training.schedules);
    }
}

ScalingSection scalingSection(const Plan &plan, const ScenarioResult &model,
                              const BaselineSection &baseline, const MeasuredSection &measured,
                              const uncertainty::SampledJobs *jobs)
{
    ScalingSection section;
    section.shown =
        plan.baseline && baseline.comparison && baseline.result
            ? explain::shownScaling(plan.scenario, model, baseline.comparison->baselineScaling,
                                    &*plan.baseline, &*baseline.result)
            : explain::shownScaling(plan.scenario, model);
    if (const auto &usl = measured.fit.usl) {
        for (const ScalingRow &row : section.shown.rows)
            section.uslHours.push_back(uslRuntimeSeconds(*usl, model.workSeconds, row.workers) /
                                       3600);
    }
    if (jobs) {
        for (const ScalingRow &row : section.shown.rows)
            section.spread.push_back(uncertainty::runtimePercentiles(*jobs, row.workers));
    }
    return section;
}

namespace {
/// The Monte Carlo's options for the plan: the scenario's, with every risk output on.
estimate::MonteCarloOptions riskOptions(const ProjectSettings &project)
{
    estimate::MonteCarloOptions options = project.monteCarlo;
    options.criticality = true;
    options.tornado = true;
    options.taskRanges = true;
    return options;
}
} // namespace

std::int64_t projectEstimateTrials(const ProjectSettings &project, const ProjectSection &section)
{
    return estimate::simulatePlanTrials(section.simulated, riskOptions(project));
}

estimate::PlanEstimate projectEstimate(const ProjectSettings &project,
                                       const ProjectSection &section, estimate::Control *control)
{
    estimate::PlanEstimate result =
        estimate::simulatePlan(section.simulated, project.buffers, riskOptions(project), control);
    result.pert = section.simulatedPert;
    result.pertBuffered = section.simulatedPertBuffered;
    return result;
}

std::optional<ProjectDates> projectDates(const ProjectSettings &project,
                                         const ProjectSection &section,
                                         const estimate::PlanEstimate &estimate)
{
    if (!section.timeline || estimate.monteCarlo.trials == 0)
        return std::nullopt;
    const estimate::Timeline &timeline = *section.timeline;
    const estimate::WorkCalendar &calendar = project.calendar;
    ProjectDates dates;
    dates.start = estimate::nextWorkingDay(calendar, timeline.start);
    const bool allDone = std::all_of(project.tasks.begin(), project.tasks.end(), [](const auto &t) {
        return t.progress.state == estimate::TaskState::Done;
    });
    auto pertDate = [&](double hours) {
        if (allDone)
            return estimate::dateAtHours(
                calendar, timeline,
                estimate::lastDoneFinishHours(project.tasks, calendar, timeline).value_or(0));
        return estimate::dateAtHours(calendar, timeline,
                                     estimate::finishHoursFromStart(timeline, hours));
    };
    dates.pertFinish = pertDate(estimate.pert.meanHours);
    dates.pertBufferedFinish = pertDate(estimate.pertBuffered.meanHours);
    dates.monteCarlo =
        estimate::finishDates(estimate.monteCarlo, project.tasks, calendar, timeline);
    dates.monteCarloBuffered =
        estimate::finishDates(estimate.monteCarloBuffered, project.tasks, calendar, timeline);
    return dates;
}

std::optional<estimate::TaskGantt> projectGantt(const ProjectSettings &project,
                                                const ProjectSection &section,
                                                const estimate::PlanEstimate *estimate)
{
    if (!section.timeline)
        return std::nullopt;
    static const std::vector<estimate::TaskFinishRange> kNone;
    return estimate::taskGantt(project.tasks, section.schedule,
                               estimate ? estimate->monteCarlo.taskFinish : kNone, project.calendar,
                               *section.timeline);
}

ProjectCharts projectCharts(const ProjectSettings &project, const ProjectSection &section,
                            const estimate::PlanEstimate *estimate)
{
    ProjectCharts charts;
    charts.gantt = projectGantt(project, section, estimate);
    if (estimate) {
        charts.dates = projectDates(project, section, *estimate);
        charts.burnUp = projectBurnUp(project, section, *estimate);
    }
    return charts;
}

std::optional<estimate::BurnUp> projectBurnUp(const ProjectSettings &project,
                                              const ProjectSection &section,
                                              const estimate::PlanEstimate &estimate)
{
    if (!section.timeline)
        return std::nullopt;
    return estimate::burnUp(project.tasks, project.calendar, *section.timeline,
                            estimate.monteCarlo);
}

} // namespace pipeplan
