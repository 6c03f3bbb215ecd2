#pragma once

#include "core/plan/planresult.h"

#include <QString>

#include <optional>
#include <utility>
#include <vector>

/// The one-page summary that opens a report (issue 32): a plan asks the questions of the
/// workspaces that hold what the person entered, and the summary answers each of them from the
/// plan's one result. A project plan's summary is its finish and what drives it, a training
/// plan's its fastest schedule and memory; the batch job's runtime only when the job is the
/// plan's (an untouched example job never opens a report about something else).
namespace pipeplan::summary {

enum class Question
{
    Job,      ///< how long the batch job runs (the Model and Overheads & tail workspaces)
    Project,  ///< when the project finishes (Project estimates)
    Training, ///< which training schedule is fastest and fits (Training schedules)
};

/// The batch job's inputs (workload, stages, execution, worker counts, overheads, memory, tail,
/// goal, measured runs) differ from the untouched default's (defaultScenario()).
bool jobEntered(const Scenario &scenario);

/// The questions of the workspaces the person entered, in report order (job, project,
/// training). A plan that entered none asks the batch job's, the window's opening question.
std::vector<Question> questionsOf(const Scenario &scenario);
bool asks(const Scenario &scenario, Question question);

/// A question and its answer as rows ("P90 finish", "Fri 5 Feb 2027 (5.3 weeks)").
struct Answer
{
    QString question;
    std::vector<std::pair<QString, QString>> rows;
};

/// When does the project finish, and what drives it: the Monte Carlo's P50 and P90 (as dates
/// when the project starts on a date, from the status date for a forecast), the P90 with the
/// buffers, the PERT expectation of the critical path, and the tasks whose range moves the P90
/// most (its tornado). Before the Monte Carlo has run: a row that says so.
Answer projectAnswer(const Scenario &scenario, const PlanResult &result);

/// Which schedule runs a training step fastest within the memory budget: the fastest schedule
/// that fits, its step time and bubble, its peak activations against the budget, and the
/// others' step times; the schedules that cannot run, with why.
Answer trainingAnswer(const Scenario &scenario, const PlanResult &result);

/// The simulated P50 of the job against the deadline: set when the result holds a finished
/// simulation with trials and "Finish within" is on.
struct SimulatedDeadline
{
    double p50Seconds = 0;
    bool meets = false;
    double marginSeconds = 0; ///< deadline - P50: negative when it misses
    int trials = 0;
};
std::optional<SimulatedDeadline> simulatedDeadline(const PlanResult &result);

/// The plan against its deadline with the method named (issue 32): the closed form's verdict
/// (explain::deadline), and when the result holds a simulation of the job the simulated P50's
/// beside it, so where the two disagree both are said ("By the closed form: Meets the deadline
/// of 8 hours with 75 seconds to spare. Simulated, 500 trials: the P50 of 8.4 hours misses it by
/// 24 minutes."). Empty when "Finish within" is off.
QString deadlineVerdicts(const PlanResult &result);

} // namespace pipeplan::summary
