#include "core/plan/summary.h"

#include "core/base/deadline.h"

#include "core/base/format.h"
#include "core/base/translate.h"
#include "core/plan/explain.h"
#include "core/plan/hardwaretext.h"
#include "core/plan/reportplan.h"
#include "core/project/planunits.h"
#include "core/track/calibration.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace pipeplan::summary {

PIPEPLAN_TR_CONTEXT("pipeplan::summary")

namespace {

/// The scenario with everything that is not the batch job's put back to the default's.
Scenario jobOf(const Scenario &scenario)
{
    const Scenario defaults = defaultScenario();
    Scenario job = scenario;
    job.name = defaults.name;
    job.notes = defaults.notes;
    job.training = defaults.training;
    job.project = defaults.project;
    job.report = defaults.report;
    // The currency a plan prices in (the locale's by default) asks nothing of the job.
    job.goal.currency = defaults.goal.currency;
    return job;
}

QString day(QDate date)
{
    return QLocale(QLocale::English).toString(date, QStringLiteral("ddd d MMM yyyy"));
}

/// The tornado's bars widest first (the tasks whose optimistic-to-pessimistic range moves the
/// P90 most), those that name a task the run simulated.
std::vector<estimate::TornadoBar> widestSwings(const estimate::MonteCarloResult &mc,
                                               const ProjectSection &section)
{
    std::vector<estimate::TornadoBar> bars;
    std::copy_if(mc.tornado.begin(), mc.tornado.end(), std::back_inserter(bars),
                 [&section](const estimate::TornadoBar &bar) {
                     return bar.task >= 0 &&
                            static_cast<size_t>(bar.task) < section.simulated.size();
                 });
    std::stable_sort(bars.begin(), bars.end(),
                     [](const estimate::TornadoBar &a, const estimate::TornadoBar &b) {
                         return a.swingHours() > b.swingHours();
                     });
    return bars;
}

} // namespace

bool jobEntered(const Scenario &scenario)
{
    return jobOf(scenario) != jobOf(defaultScenario());
}

std::vector<Question> questionsOf(const Scenario &scenario)
{
    std::vector<Question> questions;
    if (jobEntered(scenario))
        questions.push_back(Question::Job);
    if (reportplan::projectEntered(scenario.project))
        questions.push_back(Question::Project);
    if (reportplan::trainingEntered(scenario.training))
        questions.push_back(Question::Training);
    if (questions.empty())
        questions.push_back(Question::Job);
    return questions;
}

bool asks(const Scenario &scenario, Question question)
{
    const std::vector<Question> questions = questionsOf(scenario);
    return std::find(questions.begin(), questions.end(), question) != questions.end();
}

Answer projectAnswer(const Scenario &scenario, const PlanResult &result)
{
    const ProjectSettings &project = scenario.project;
    const ProjectSection &section = result.project;
    Answer answer;
    const auto left =
        std::count_if(project.tasks.begin(), project.tasks.end(), [](const estimate::Task &task) {
            return task.progress.state != estimate::TaskState::Done;
        });
    answer.question = section.forecast && section.statusDate
                          ? tr("When does the project finish, %1 of its %2 tasks left on %3, and "
                               "what drives it?")
                                .arg(left)
                                .arg(project.tasks.size())
                                .arg(day(*section.statusDate))
                          : tr("When does the project of %1 tasks finish, and what drives it?")
                                .arg(project.tasks.size());
    const estimate::PlanEstimate *estimate = result.monteCarlo.ready();
    if (!estimate) {
        answer.rows.emplace_back(tr("Finish"), tr("the Monte Carlo has not run"));
        return answer;
    }
    const estimate::MonteCarloResult &mc = estimate->monteCarlo;
    const double largest = estimate->monteCarloBuffered.maxHours;
    const std::optional<ProjectDates> &dates = result.projectCharts.dates;
    const QString from = section.forecast ? tr(" from the status date") : QString();
    auto finish = [&](double hours, std::optional<QDate> date) {
        const QString duration = planDuration(hours, largest) + from;
        return date ? QStringLiteral("%1 (%2)").arg(day(*date), duration) : duration;
    };
    auto dateOf = [&dates](auto pick) -> std::optional<QDate> {
        if (!dates)
            return std::nullopt;
        return pick(*dates);
    };
    answer.rows.emplace_back(
        tr("P50 finish"),
        finish(mc.p50Hours, dateOf([](const ProjectDates &d) { return d.monteCarlo.p50; })));
    answer.rows.emplace_back(
        tr("P90 finish"),
        finish(mc.p90Hours, dateOf([](const ProjectDates &d) { return d.monteCarlo.p90; })));
    answer.rows.emplace_back(tr("P90 with buffers"), finish(estimate->monteCarloBuffered.p90Hours,
                                                            dateOf([](const ProjectDates &d) {
                                                                return d.monteCarloBuffered.p90;
                                                            })));
    const estimate::PertResult &pert = section.simulatedPert;
    answer.rows.emplace_back(tr("PERT, critical path"),
                             QStringLiteral("%1 ± %2").arg(planDuration(pert.meanHours, largest),
                                                           planDuration(pert.sigmaHours, largest)));
    // The tornado's widest bars: the tasks whose optimistic-to-pessimistic range moves the P90
    // most, named as the run names them (the remaining work of a forecast).
    const auto [perUnit, unit] = planUnit(largest);
    QStringList drivers;
    for (const estimate::TornadoBar &bar : widestSwings(mc, section)) {
        if (drivers.size() == 3)
            break;
        drivers << tr("%1 (P90 %2 to %3 %4)")
                       .arg(section.simulated[static_cast<size_t>(bar.task)].name,
                            format::trimmed(bar.p90LowHours / perUnit, 1),
                            format::trimmed(bar.p90HighHours / perUnit, 1), unit);
    }
    answer.rows.emplace_back(tr("What drives it"), drivers.isEmpty()
                                                       ? mc.tornadoNote
                                                       : drivers.join(QStringLiteral("; ")));
    return answer;
}

ProjectHeadline projectHeadline(const Scenario &scenario, const PlanResult &result)
{
    const ProjectSection &section = result.project;
    const int trials = scenario.project.monteCarlo.trials;
    ProjectHeadline headline;
    const estimate::PlanEstimate *estimate = result.monteCarlo.ready();
    if (!estimate) {
        headline.sentence =
            tr("The Monte Carlo of %1 trials is running.").arg(format::grouped(trials, 0));
        return headline;
    }
    const estimate::MonteCarloResult &mc = estimate->monteCarlo;
    const estimate::MonteCarloResult &buffered = estimate->monteCarloBuffered;
    const double largest = buffered.maxHours;
    // Named, not a structured binding: the lambda below captures them.
    const std::pair<double, QString> planned = planUnit(largest);
    const double perUnit = planned.first;
    const QString &unit = planned.second;
    const std::optional<ProjectDates> &dates = result.projectCharts.dates;
    const QString from = section.forecast ? tr(" from the status date") : QString();
    const QString ran = format::grouped(mc.trials, 0);
    // A card holds the rounded finish (a date when the project starts on one); its tooltip the
    // exact duration and what it means.
    auto finish = [&](QString key, QString caption, double hours, std::optional<QDate> date,
                      const QString &meaning) {
        const QString exact = tr("%1 %2%3 (%4 hours): %5")
                                  .arg(format::trimmed(hours / perUnit, 2), unit, from,
                                       format::trimmed(hours, 1), meaning);
        return AnswerNumber{
            std::move(key), std::move(caption),
            date ? QLocale(QLocale::English).toString(*date, QStringLiteral("d MMM yyyy"))
                 : planDuration(hours, largest),
            date ? QStringLiteral("%1; %2").arg(day(*date), exact) : exact};
    };
    auto dateOf = [&dates](QDate estimate::FinishDates::*percentile,
                           bool withBuffers) -> std::optional<QDate> {
        if (!dates)
            return std::nullopt;
        return (withBuffers ? dates->monteCarloBuffered : dates->monteCarlo).*percentile;
    };
    headline.numbers.push_back(
        finish(QStringLiteral("p50"), tr("P50 finish"), mc.p50Hours,
               dateOf(&estimate::FinishDates::p50, false),
               tr("half of %1 Monte Carlo trials finish within it.").arg(ran)));
    headline.numbers.push_back(
        finish(QStringLiteral("p90"), tr("P90 finish"), mc.p90Hours,
               dateOf(&estimate::FinishDates::p90, false),
               tr("90 % of %1 Monte Carlo trials finish within it.").arg(ran)));
    headline.numbers.push_back(
        finish(QStringLiteral("p90_buffered"), tr("P90 with buffers"), buffered.p90Hours,
               dateOf(&estimate::FinishDates::p90, true),
               tr("the P90 with the category buffers and the contingency on every task.")));
    const std::vector<estimate::TornadoBar> bars = widestSwings(mc, section);
    QString driver;
    if (!bars.empty()) {
        const estimate::TornadoBar &top = bars.front();
        driver = section.simulated[static_cast<size_t>(top.task)].name;
        headline.numbers.push_back(
            {QStringLiteral("drives"), tr("What drives it"), driver,
             tr("%1 at its optimistic time puts the P90 at %2 %4, at its pessimistic "
                "time at %3 %4: the widest range of any task.")
                 .arg(driver, format::trimmed(top.p90LowHours / perUnit, 1),
                      format::trimmed(top.p90HighHours / perUnit, 1), unit)});
    }
    const QString how = dates ? tr("by") : tr("in");
    headline.sentence =
        tr("Finishes %1 %2 (P50), %3 at P90 and %4 with the buffers%5%6.")
            .arg(how, headline.numbers[0].value, headline.numbers[1].value,
                 headline.numbers[2].value, from,
                 driver.isEmpty() ? QString() : tr("; %1 moves it most").arg(driver));
    return headline;
}

Answer trainingAnswer(const Scenario &scenario, const PlanResult &result)
{
    const TrainingSettings &training = scenario.training;
    Answer answer;
    answer.question = tr("Which schedule runs a training step fastest on %1 with %2%3?")
                          .arg(format::count(training.devices, tr("devices")),
                               format::count(training.microbatches, tr("microbatches")),
                               training.memoryLimitMicrobatches || training.deviceMemoryBytes
                                   ? tr(" within the memory budget")
                                   : QString());
    const schedule::Result *fastest = nullptr;
    const schedule::Result *fastestAny = nullptr;
    QStringList others;
    QStringList cannot;
    for (const TrainingSchedule &entry : result.training.schedules) {
        if (!entry.result) {
            if (!entry.error.isEmpty())
                cannot << QStringLiteral("%1: %2").arg(schedule::displayName(entry.kind),
                                                       entry.error);
            continue;
        }
        const schedule::Result &r = *entry.result;
        if (!fastestAny || r.makespanMs < fastestAny->makespanMs)
            fastestAny = &r;
        if (r.fitsMemory && (!fastest || r.makespanMs < fastest->makespanMs))
            fastest = &r;
    }
    if (!fastestAny) {
        answer.rows.emplace_back(tr("Fastest"), tr("no schedule can run"));
    } else {
        const schedule::Result &best = fastest ? *fastest : *fastestAny;
        answer.rows.emplace_back(fastest ? tr("Fastest") : tr("Fastest (none fits)"),
                                 tr("%1: %2 per step")
                                     .arg(schedule::displayName(best.params.kind),
                                          format::milliseconds(best.makespanMs)));
        answer.rows.emplace_back(tr("Bubble"),
                                 tr("%1 % of the devices' time idle")
                                     .arg(format::trimmed(100 * best.bubbleFraction, 1)));
        const std::optional<double> limit = schedule::memoryLimit(best.params);
        answer.rows.emplace_back(
            tr("Peak activations"),
            tr("%1 microbatches on a device%2")
                .arg(format::trimmed(best.maxPeakInFlight(), 2),
                     limit ? tr(" (budget %1: %2)")
                                 .arg(format::trimmed(*limit, 2),
                                      best.fitsMemory ? tr("fits") : tr("does not fit"))
                           : QString()));
        for (const TrainingSchedule &entry : result.training.schedules) {
            if (entry.result && &*entry.result != &best)
                others << QStringLiteral("%1 %2%3").arg(
                    schedule::displayName(entry.kind),
                    format::milliseconds(entry.result->makespanMs),
                    entry.result->fitsMemory ? QString() : tr(" (does not fit)"));
        }
        if (!others.isEmpty())
            answer.rows.emplace_back(tr("The others"), others.join(QStringLiteral(", ")));
    }
    if (!cannot.isEmpty())
        answer.rows.emplace_back(tr("Cannot run"), cannot.join(QStringLiteral("; ")));
    return answer;
}

std::optional<SimulatedDeadline> simulatedDeadline(const PlanResult &result)
{
    const SimulatedTail *simulated = result.simulation.ready();
    if (!result.model.deadline || !simulated || simulated->result.trials <= 0)
        return std::nullopt;
    const double deadline = result.model.deadline->deadlineSeconds;
    const double p50 = simulated->result.p50Seconds;
    return SimulatedDeadline{p50, deadline::meets(p50, deadline), deadline - p50,
                             simulated->result.trials};
}

QString deadlineVerdicts(const PlanResult &result)
{
    if (!result.model.deadline)
        return {};
    QString closedForm = explain::deadline(*result.model.deadline);
    const std::optional<SimulatedDeadline> simulated = simulatedDeadline(result);
    if (!simulated)
        return closedForm;
    const QString tail =
        simulated->meets
            ? tr("meets it with %1 to spare").arg(format::duration(simulated->marginSeconds))
            : tr("misses it by %1").arg(format::duration(-simulated->marginSeconds));
    const bool agree = simulated->meets == result.model.deadline->meets;
    return tr("By the closed form: %1 Simulated, %2 trials: the P50 of %3 %4%5.")
        .arg(closedForm, format::grouped(simulated->trials, 0),
             format::duration(simulated->p50Seconds), tail,
             agree ? QString() : tr(" (the two disagree: see Overheads & tail)"));
}

namespace {

/// The runtime's parts (Amdahl, seed 000): the serial part W' × (1 − p), the parallel part
/// W' × p / N and the overheads on top; one split for what binds, its words and the sentence.
struct RuntimeParts
{
    double serialSeconds;
    double parallelSeconds;
    double overheadSeconds;
};

RuntimeParts runtimeParts(const Scenario &s, const ScenarioResult &r)
{
    const double p = s.workload.parallelFraction;
    return {r.workSeconds * (1 - p), r.workSeconds * p / std::max(1.0, s.workload.workers),
            std::max(0.0, r.effectiveRuntimeSeconds - r.runtimeSeconds)};
}

} // namespace

Binding binding(const Scenario &inForce, const ScenarioResult &r)
{
    const RuntimeParts parts = runtimeParts(inForce, r);
    if (r.overheads.enabled &&
        parts.overheadSeconds > std::max(parts.serialSeconds, parts.parallelSeconds))
        return Binding::Overheads;
    if (inForce.workload.parallelFraction < 1 && parts.serialSeconds >= parts.parallelSeconds)
        return Binding::SerialPart;
    return inForce.stages.size() > 1 && r.bottleneckIndex >= 0 ? Binding::Stage : Binding::Workers;
}

namespace {

QString workersText(double workers)
{
    return format::workers(workers);
}

/// "the serial 2 % alone takes 694 days"
QString serialClause(const Scenario &s, const ScenarioResult &r)
{
    return tr("the serial %1 % alone takes %2")
        .arg(format::significant((1 - s.workload.parallelFraction) * 100, 3),
             format::roundedDuration(runtimeParts(s, r).serialSeconds));
}

QString slowestStage(const Scenario &s, const ScenarioResult &r)
{
    const auto index = static_cast<size_t>(r.bottleneckIndex);
    return index < s.stages.size() ? s.stages[index].name : QString();
}

/// What binds in a word or two, and how it is made.
std::pair<QString, QString> bindingText(Binding binding, const Scenario &s, const ScenarioResult &r)
{
    const RuntimeParts split = runtimeParts(s, r);
    const double serialSeconds = split.serialSeconds;
    const QString parts =
        tr("Serial part W' × (1 − p) = %1; parallel part W' × p / N = %2 at %3; "
           "overheads %4.")
            .arg(format::duration(serialSeconds), format::duration(split.parallelSeconds),
                 workersText(s.workload.workers), format::duration(split.overheadSeconds));
    switch (binding) {
    case Binding::SerialPart:
        return {tr("Serial part"),
                tr("The serial part binds: more workers cannot take the runtime "
                   "below %1 (Amdahl's ceiling %2×). ")
                        .arg(format::duration(serialSeconds), format::trimmed(r.maxSpeedup, 2)) +
                    parts};
    case Binding::Workers:
        return {tr("Workers"), tr("The parallel part binds: more workers shorten it. ") + parts};
    case Binding::Stage:
        return {
            tr("Stage %1").arg(slowestStage(s, r)),
            tr("The slowest stage, %1 at %2 per %3, sets the pace of the "
               "pipeline. ")
                    .arg(slowestStage(s, r),
                         format::milliseconds(r.stageMs[static_cast<size_t>(r.bottleneckIndex)]),
                         s.workload.counted.one) +
                parts};
    case Binding::Overheads:
        return {r.overheads.binding == Limit::Compute
                    ? tr("Overheads")
                    : limitText(r.overheads.binding, s.overheads.sharedResourceName),
                tr("The overheads take the most of the runtime. ") +
                    (r.overheads.capLimit == Limit::Compute
                         ? QString()
                         : explain::kneeText(s, r.overheads) + QStringLiteral(". ")) +
                    parts};
    }
    return {};
}

/// A margin with its sign, rounded: "+3.2 hours", "−697 days".
QString roundedMargin(double marginSeconds)
{
    return (marginSeconds < 0 ? QStringLiteral("\u2212") : QStringLiteral("+")) +
           format::roundedDuration(std::fabs(marginSeconds));
}

} // namespace

JobAnswer jobAnswer(const PlanResult &result)
{
    const Scenario &s = result.inForce;
    const ScenarioResult &r = result.model;
    const uncertainty::Result &spread = result.uncertainty.result;
    JobAnswer answer;
    answer.binding = binding(s, r);
    answer.overRanges = spread.active;
    answer.runtimeSeconds = spread.active ? spread.runtimeSeconds.p50 : r.effectiveRuntimeSeconds;
    const double runtime = answer.runtimeSeconds;
    const double workers = s.workload.workers;
    const QString at = tr(" at ") + workersText(workers);
    const QString p50 = spread.active ? tr(" at the P50") : QString();

    // The sentence: the verdict against the deadline when one is set, else the runtime; then
    // what binds, in the words of what would change it.
    const std::optional<double> deadlineSeconds = s.goal.deadlineSeconds;
    if (deadlineSeconds) {
        const QString limit = format::roundedDuration(*deadlineSeconds);
        const double margin = *deadlineSeconds - runtime;
        const QString chance = spread.pMeetDeadline
                                   ? tr(" (chance %1 %)").arg(explain::chancePercent(spread))
                                   : QString();
        if (deadline::meets(runtime, *deadlineSeconds)) {
            answer.sentence = tr("Meets %1 with %2 to spare%3%4%5.")
                                  .arg(limit, format::roundedDuration(margin), p50, chance, at);
        } else {
            answer.sentence =
                tr("Misses %1 by %2%3%4").arg(limit, format::roundedDuration(-margin), p50, chance);
            const double serialSeconds = runtimeParts(s, r).serialSeconds;
            const std::optional<double> fewest = spread.active && !spread.fewest.empty()
                                                     ? spread.fewest.front().workers
                                                 : r.deadline ? r.deadline->withOverheads.workers
                                                              : std::nullopt;
            if (!deadline::meets(serialSeconds, *deadlineSeconds) &&
                s.workload.parallelFraction < 1)
                answer.sentence +=
                    QStringLiteral(": ") + serialClause(s, r) + tr("; workers cannot fix it.");
            else if (fewest) {
                answer.fewestWorkers = fewest;
                answer.sentence += tr(": %1 would meet it.").arg(workersText(*fewest));
            } else if (r.deadline && !r.deadline->withOverheads.reason.isEmpty())
                answer.sentence +=
                    QStringLiteral(": ") + r.deadline->withOverheads.reason + QLatin1Char('.');
            else
                answer.sentence += QLatin1Char('.');
        }
    } else {
        const QString lead = tr("Takes %1%2%3")
                                 .arg(format::roundedDuration(runtime),
                                      spread.active ? QStringLiteral(" (P50)") : QString(), at);
        switch (answer.binding) {
        case Binding::SerialPart:
            answer.sentence = lead + QStringLiteral(": ") + serialClause(s, r) +
                              tr(", so more workers barely help.");
            break;
        case Binding::Workers:
            answer.sentence = lead + tr("; more workers would shorten it.");
            break;
        case Binding::Stage:
            answer.sentence =
                lead +
                tr("; the %1 stage sets the pace at %2 per %3.")
                    .arg(slowestStage(s, r),
                         format::milliseconds(r.stageMs[static_cast<size_t>(r.bottleneckIndex)]),
                         s.workload.counted.one);
            break;
        case Binding::Overheads:
            answer.sentence = lead + tr("; the overheads take most of it.");
            break;
        }
    }
    if (s.goal.budget && r.cost.total > *s.goal.budget)
        answer.sentence.insert(
            answer.sentence.size() - 1,
            tr("; over the %1 budget by %2")
                .arg(format::roundedMoney(*s.goal.budget, r.cost.currency),
                     format::roundedMoney(r.cost.total - *s.goal.budget, r.cost.currency)));
    // The track record applied: the sentence says what the ranges learned from.
    if (spread.calibrated) {
        QString learned = track::sentence(s.track.calibration);
        learned[0] = learned[0].toUpper();
        answer.sentence += QLatin1Char(' ') + learned + QLatin1Char('.');
    }

    // The numbers: the runtime (P50 and P90 over the ranges), the cost, the margin, what binds.
    const QString runtimeHow = explain::runtime(s, r);
    if (spread.active) {
        const QString over =
            tr(" over the ranges (%1 samples): ").arg(format::grouped(spread.samples, 0));
        answer.numbers.push_back(
            {QStringLiteral("runtime"), tr("Runtime P50") + at,
             format::roundedDuration(spread.runtimeSeconds.p50),
             QStringLiteral("P50") + over + format::duration(spread.runtimeSeconds.p50) +
                 tr(". At each range's median (the closed form): ") +
                 format::duration(r.effectiveRuntimeSeconds) + QStringLiteral(". ") + runtimeHow});
        answer.numbers.push_back(
            {QStringLiteral("runtime_p90"), QStringLiteral("P90"),
             format::roundedDuration(spread.runtimeSeconds.p90),
             QStringLiteral("P90") + over + format::duration(spread.runtimeSeconds.p90) +
                 QStringLiteral(" (P10 ") + format::duration(spread.runtimeSeconds.p10) +
                 QStringLiteral(").")});
        answer.numbers.push_back({QStringLiteral("cost"), tr("Cost P50"),
                                  format::roundedMoney(spread.cost.p50, spread.currency),
                                  tr("Cost") + over + explain::costPercentiles(spread) +
                                      tr(". At each range's median: ") +
                                      explain::costLine(r.cost, result.hardware.current) +
                                      QLatin1Char('.')});
    } else {
        answer.numbers.push_back({QStringLiteral("runtime"), tr("Runtime") + at,
                                  format::roundedDuration(runtime),
                                  format::duration(runtime) + QStringLiteral(". ") + runtimeHow});
        answer.numbers.push_back({QStringLiteral("cost"), tr("Cost"),
                                  format::roundedMoney(r.cost.total, r.cost.currency),
                                  format::money(r.cost.total, r.cost.currency) +
                                      QStringLiteral(": ") +
                                      explain::costLine(r.cost, result.hardware.current) +
                                      tr(", every worker billed until the job ends.")});
    }
    if (deadlineSeconds) {
        const double margin = *deadlineSeconds - runtime;
        answer.numbers.push_back(
            {QStringLiteral("margin"),
             tr("Margin to %1").arg(format::roundedDuration(*deadlineSeconds)),
             roundedMargin(margin),
             tr("Deadline %1 − runtime %2 = %3.")
                 .arg(format::duration(*deadlineSeconds), format::duration(runtime),
                      format::signedDuration(margin)),
             deadline::meets(runtime, *deadlineSeconds) ? AnswerNumber::Tone::Good
                                                        : AnswerNumber::Tone::Bad});
    }
    const auto [bindsValue, bindsHow] = bindingText(answer.binding, s, r);
    answer.numbers.push_back({QStringLiteral("binds"), tr("What binds"), bindsValue, bindsHow});
    return answer;
}

QString pipelineAnswer(const Scenario &inForce, const ScenarioResult &result)
{
    const Scenario &s = inForce;
    const ScenarioResult &r = result;
    if (s.stages.size() <= 1)
        return {};
    const PipelineSummary &p = r.pipeline;
    const QString rate = s.workload.counted.many + QStringLiteral("/s");
    return tr("Bubble %1 (%2 %) at %3 microbatches; the %4 stage (%5) sets %6 %7; "
              "balanced into %8 stages of %9, %10 %7.")
        .arg(format::trimmed(p.bubbleFraction, 3), format::trimmed(p.bubbleFraction * 100, 1),
             format::grouped(s.microbatches, 0), slowestStage(s, r),
             format::milliseconds(r.stageMs[static_cast<size_t>(r.bottleneckIndex)]),
             format::trimmed(p.steadyRatePerSecond, 2), rate,
             format::grouped(static_cast<double>(s.stages.size()), 0),
             format::milliseconds(p.balancedStageMs))
        .arg(format::trimmed(p.balancedRatePerSecond, 2));
}

QString biggestLever(const PlanResult &result)
{
    QString lever = explain::biggestLever(result.model.waterfall);
    const Scenario &s = result.inForce;
    const PipelineSummary &p = result.model.pipeline;
    // A pipeline's lever is its split: the runtime's levers leave seed 001 unchanged, while
    // equal stages lift the rate the slowest one sets (50 → 80 users/s).
    const bool balancingGains = s.stages.size() > 1 && p.steadyRatePerSecond > 0 &&
                                p.balancedRatePerSecond > p.steadyRatePerSecond * (1 + 1e-9);
    if (lever != QCoreApplication::translate("pipeplan::explain", "none") || !balancingGains)
        return lever;
    const QString &items = s.workload.counted.many;
    return tr("Balancing the stages: %1 → %2 (%3)")
        .arg(format::ratePerSecond(p.steadyRatePerSecond, items),
             format::ratePerSecond(p.balancedRatePerSecond, items),
             format::change(p.balancedRatePerSecond, p.steadyRatePerSecond));
}

QString runtimesCompared(const PlanResult &result)
{
    const uncertainty::Result &spread = result.uncertainty.result;
    const SimulatedTail *simulated = result.simulation.ready();
    const bool simulatedToo = simulated && simulated->result.trials > 0;
    if (!spread.active && !simulatedToo)
        return {};
    QStringList lines;
    lines << tr("Closed form: %1, Amdahl's law with the overheads%2.")
                 .arg(format::duration(result.model.effectiveRuntimeSeconds),
                      spread.active ? tr(", every range at its median") : QString());
    if (spread.active)
        lines << tr("P50 over the ranges: %1, the middle of %2 samples of the "
                    "ranges; the runtime is not linear in its inputs, so the middle "
                    "of the runtimes is not the runtime of the middles. The headline "
                    "shows this one.")
                     .arg(format::duration(spread.runtimeSeconds.p50),
                          format::grouped(spread.samples, 0));
    if (simulatedToo)
        lines << tr("Simulated P50: %1, the middle of %2 trials of the tail "
                    "simulation (Overheads & tail), stragglers and retries on top of "
                    "the closed form.")
                     .arg(format::duration(simulated->result.p50Seconds),
                          format::grouped(simulated->result.trials, 0));
    return lines.join(QLatin1Char('\n'));
}

} // namespace pipeplan::summary
