#include "core/plan/summary.h"

#include "core/base/deadline.h"

#include "core/base/format.h"
#include "core/plan/explain.h"
#include "core/plan/reportplan.h"
#include "core/project/planunits.h"

#include <QLocale>

#include <algorithm>

namespace pipeplan::summary {

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
    answer.question =
        section.forecast && section.statusDate
            ? QStringLiteral("When does the project finish, %1 of its %2 tasks left on %3, and "
                             "what drives it?")
                  .arg(left)
                  .arg(project.tasks.size())
                  .arg(day(*section.statusDate))
            : QStringLiteral("When does the project of %1 tasks finish, and what drives it?")
                  .arg(project.tasks.size());
    const estimate::PlanEstimate *estimate = result.monteCarlo.ready();
    if (!estimate) {
        answer.rows.emplace_back(QStringLiteral("Finish"),
                                 QStringLiteral("the Monte Carlo has not run"));
        return answer;
    }
    const estimate::MonteCarloResult &mc = estimate->monteCarlo;
    const double largest = estimate->monteCarloBuffered.maxHours;
    const std::optional<ProjectDates> &dates = result.projectCharts.dates;
    const QString from = section.forecast ? QStringLiteral(" from the status date") : QString();
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
        QStringLiteral("P50 finish"),
        finish(mc.p50Hours, dateOf([](const ProjectDates &d) { return d.monteCarlo.p50; })));
    answer.rows.emplace_back(
        QStringLiteral("P90 finish"),
        finish(mc.p90Hours, dateOf([](const ProjectDates &d) { return d.monteCarlo.p90; })));
    answer.rows.emplace_back(
        QStringLiteral("P90 with buffers"),
        finish(estimate->monteCarloBuffered.p90Hours,
               dateOf([](const ProjectDates &d) { return d.monteCarloBuffered.p90; })));
    const estimate::PertResult &pert = section.simulatedPert;
    answer.rows.emplace_back(QStringLiteral("PERT, critical path"),
                             QStringLiteral("%1 ± %2").arg(planDuration(pert.meanHours, largest),
                                                           planDuration(pert.sigmaHours, largest)));
    // The tornado's widest bars: the tasks whose optimistic-to-pessimistic range moves the P90
    // most, named as the run names them (the remaining work of a forecast).
    std::vector<estimate::TornadoBar> bars = mc.tornado;
    std::stable_sort(bars.begin(), bars.end(),
                     [](const estimate::TornadoBar &a, const estimate::TornadoBar &b) {
                         return a.swingHours() > b.swingHours();
                     });
    const auto [perUnit, unit] = planUnit(largest);
    QStringList drivers;
    for (const estimate::TornadoBar &bar : bars) {
        if (drivers.size() == 3 || bar.task < 0 ||
            static_cast<size_t>(bar.task) >= section.simulated.size())
            break;
        drivers << QStringLiteral("%1 (P90 %2 to %3 %4)")
                       .arg(section.simulated[static_cast<size_t>(bar.task)].name,
                            format::trimmed(bar.p90LowHours / perUnit, 1),
                            format::trimmed(bar.p90HighHours / perUnit, 1), unit);
    }
    answer.rows.emplace_back(QStringLiteral("What drives it"),
                             drivers.isEmpty() ? mc.tornadoNote
                                               : drivers.join(QStringLiteral("; ")));
    return answer;
}

Answer trainingAnswer(const Scenario &scenario, const PlanResult &result)
{
    const TrainingSettings &training = scenario.training;
    Answer answer;
    answer.question = QStringLiteral("Which schedule runs a training step fastest on %1 with %2%3?")
                          .arg(format::count(training.devices, QStringLiteral("devices")),
                               format::count(training.microbatches, QStringLiteral("microbatches")),
                               training.memoryLimitMicrobatches || training.deviceMemoryBytes
                                   ? QStringLiteral(" within the memory budget")
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
        answer.rows.emplace_back(QStringLiteral("Fastest"), QStringLiteral("no schedule can run"));
    } else {
        const schedule::Result &best = fastest ? *fastest : *fastestAny;
        answer.rows.emplace_back(fastest ? QStringLiteral("Fastest")
                                         : QStringLiteral("Fastest (none fits)"),
                                 QStringLiteral("%1: %2 per step")
                                     .arg(schedule::displayName(best.params.kind),
                                          format::milliseconds(best.makespanMs)));
        answer.rows.emplace_back(QStringLiteral("Bubble"),
                                 QStringLiteral("%1 % of the devices' time idle")
                                     .arg(format::trimmed(100 * best.bubbleFraction, 1)));
        const std::optional<double> limit = schedule::memoryLimit(best.params);
        answer.rows.emplace_back(
            QStringLiteral("Peak activations"),
            QStringLiteral("%1 microbatches on a device%2")
                .arg(format::trimmed(best.maxPeakInFlight(), 2),
                     limit ? QStringLiteral(" (budget %1: %2)")
                                 .arg(format::trimmed(*limit, 2),
                                      best.fitsMemory ? QStringLiteral("fits")
                                                      : QStringLiteral("does not fit"))
                           : QString()));
        for (const TrainingSchedule &entry : result.training.schedules) {
            if (entry.result && &*entry.result != &best)
                others << QStringLiteral("%1 %2%3").arg(
                    schedule::displayName(entry.kind),
                    format::milliseconds(entry.result->makespanMs),
                    entry.result->fitsMemory ? QString() : QStringLiteral(" (does not fit)"));
        }
        if (!others.isEmpty())
            answer.rows.emplace_back(QStringLiteral("The others"),
                                     others.join(QStringLiteral(", ")));
    }
    if (!cannot.isEmpty())
        answer.rows.emplace_back(QStringLiteral("Cannot run"), cannot.join(QStringLiteral("; ")));
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
            ? QStringLiteral("meets it with %1 to spare")
                  .arg(format::duration(simulated->marginSeconds))
            : QStringLiteral("misses it by %1").arg(format::duration(-simulated->marginSeconds));
    const bool agree = simulated->meets == result.model.deadline->meets;
    return QStringLiteral("By the closed form: %1 Simulated, %2 trials: the P50 of %3 %4%5.")
        .arg(closedForm, format::grouped(simulated->trials, 0),
             format::duration(simulated->p50Seconds), tail,
             agree ? QString() : QStringLiteral(" (the two disagree: see Overheads & tail)"));
}

} // namespace pipeplan::summary
