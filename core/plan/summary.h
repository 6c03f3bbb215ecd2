#pragma once

#include "core/plan/planresult.h"

#include <QString>

#include <optional>
#include <utility>
#include <vector>

/// The one-page summary that opens a report: a plan asks the questions of the
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

/// The plan against its deadline with the method named: the closed form's verdict
/// (explain::deadline), and when the result holds a simulation of the job the simulated P50's
/// beside it, so where the two disagree both are said ("By the closed form: Meets the deadline
/// of 8 hours with 75 seconds to spare. Simulated, 500 trials: the P50 of 8.4 hours misses it by
/// 24 minutes."). Empty when "Finish within" is off.
QString deadlineVerdicts(const PlanResult &result);

/// What sets the job's runtime, largest part first (the headline's "What binds").
enum class Binding
{
    SerialPart, ///< W' x (1 - p) is at least the parallel part: more workers barely help
    Workers,    ///< the parallel part W' x p / N is the larger: more workers shorten it
    Stage,      ///< as Workers, on a plan of several stages: the slowest stage sets the pace
    Overheads,  ///< the overheads (cold start, a shared cap, the coordinator) take the most
};

/// One number of the headline's answer, rounded to what a decision needs (three significant
/// figures for durations, money and percentiles), with the exact value and how it is made for
/// the tooltip, Show how and the CLI.
struct AnswerNumber
{
    QString key;     ///< "runtime", "runtime_p90", "cost", "margin", "binds": the CLI's JSON keys
    QString caption; ///< "Runtime at 10,000 workers", "Margin to 24 hours"
    QString value;   ///< "698 days", "$83.7M", "−697 days", "Serial part"
    QString exact;   ///< "697.85 days: ..." (the exact figure and its formula)
    enum class Tone
    {
        Plain,
        Good, ///< a margin to spare
        Bad,  ///< a deadline missed
    } tone = Tone::Plain;
    bool operator==(const AnswerNumber &) const = default;
};

/// The batch job's answer in one sentence and at most four numbers: the sentence
/// answers the plan's question against its goal ("Misses 24 hours by 697 days: the serial 2 %
/// alone takes 694 days; workers cannot fix it."), the numbers are the runtime (its P50 and
/// P90 over the ranges when any is set), the cost, the margin to the deadline when one is set,
/// and what binds (a name, no number). Everything else is Show how's.
struct JobAnswer
{
    QString sentence;
    std::vector<AnswerNumber> numbers; ///< at most four figures; "binds" is a name
    Binding binding = Binding::Workers;
    /// The runtime the sentence and the cards use: the closed form, or the P50 over the ranges.
    double runtimeSeconds = 0;
    bool overRanges = false; ///< runtimeSeconds is the P50 over the plan's ranges
    /// When it misses and more workers would meet it: the fewest that do (by the closed form
    /// with the overheads, or at the P50 over the ranges), as the sentence says and the
    /// window's Apply sets.
    std::optional<double> fewestWorkers;
    bool operator==(const JobAnswer &) const = default;
};

/// The project's answer in one sentence and at most four numbers, the Project
/// estimates workspace's headline: when it finishes at P50 and at P90 of the Monte Carlo (dates
/// when the project starts on a date, from the status date for a forecast), the P90 with the
/// category buffers and the contingency (what to commit to), and the task whose range moves the
/// P90 most (the tornado's widest bar; a name, no number). The P80, the P95, the PERT and the
/// buffered P50 are Show how's and the workspace's. Before the Monte Carlo has run: a sentence
/// that says so and no numbers.
struct ProjectHeadline
{
    QString sentence;
    std::vector<AnswerNumber> numbers; ///< "p50", "p90", "p90_buffered", "drives"
    bool operator==(const ProjectHeadline &) const = default;
};
ProjectHeadline projectHeadline(const Scenario &scenario, const PlanResult &result);

/// Which part of T = W' (1 - p) + W' p / N (+ the overheads) is the largest: the serial part,
/// the parallel part (the workers, or the slowest of several stages), or the overheads.
Binding binding(const Scenario &inForce, const ScenarioResult &result);

/// The job's answer from the plan's one result (the window's headline, the report's first page
/// and `eval`'s "answer" say the same).
JobAnswer jobAnswer(const PlanResult &result);

/// A pipeline's answer in one line (seed 001): its bubble (p − 1) / (m + p − 1), the rate the
/// slowest stage sets, and the rate re-cut into equal stages: "Bubble 0.273 (27.3 %) at 8
/// microbatches; the score stage (20 ms) sets 50 users/s; balanced into 4 stages of 12.5 ms,
/// 80 users/s." Empty for a job of one stage.
QString pipelineAnswer(const Scenario &inForce, const ScenarioResult &result);

/// The biggest lever the report's first page names: the waterfall's largest step
/// (explain::biggestLever), else for a pipeline whose equal stages would be faster, the balancing
/// ("Balancing the stages: 50 users/s → 80 users/s (+60 %)"), else "none".
QString biggestLever(const PlanResult &result);

/// Where the closed form, the P50 over the ranges and the simulated P50 all exist and differ:
/// each named, with why it differs ("Show how"). Empty when there is only one.
QString runtimesCompared(const PlanResult &result);

} // namespace pipeplan::summary
