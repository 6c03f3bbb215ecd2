#pragma once

#include "core/model/scenario.h"
#include "core/model/uncertainty.h"
#include "core/plan/evaluation.h"
#include "core/plan/scenariofile.h"
#include "core/plan/whatittakes.h"

#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

/// Options in one plan: each option is the plan with its overrides applied; the
/// comparison puts them side by side on runtime, cost, the deadline and memory.
namespace pipeplan::options {

/// The plan's scenario with `option`'s overrides applied as `--set` applies them (through the
/// scenario file, so any key the file has can be overridden: a device, a lever, a range); the
/// result has no options of its own. Nothing, with the problem in `error` (named
/// "options[<index>].set.<key>"), when a key or value is refused.
std::optional<Scenario> apply(const Scenario &base, const PlanOption &option, int index,
                              FieldError *error = nullptr);

/// Every option of `scenario` checked (at most kMaxOptions, names present and distinct, every
/// override applies); errors named by their file path.
std::vector<FieldError> validate(const Scenario &scenario);
/// "has 9 options; at most 8" when `count` is over kMaxOptions, else nothing: the file's reader
/// asks before it reads any option, validate() before it checks one.
std::optional<QString> tooMany(qsizetype count);

/// An option's overrides as a person types them in the window: one `key=value` per line, as
/// `--set` takes them (blank lines and lines starting with # are skipped). Nothing, with the
/// line and what is wrong in `error`, when a line has no key or no '=', or a key comes twice.
std::optional<std::map<QString, QString>> parseOverrides(const QString &text, QString *error);

/// The overrides as that text, one `key=value` per line in key order: parseOverrides' inverse.
QString overridesText(const std::map<QString, QString> &set);

/// What turning one plan into another takes, as overrides.
struct Differences
{
    /// The keys and values `--set` takes to turn the base into the plan, in key order.
    std::map<QString, QString> set;
    /// What no override can reach, by path: a list that grew or shrank ("stages"), an object
    /// that became null; empty when `set` turns the base into the plan exactly.
    QStringList unreachable;
    bool operator==(const Differences &) const = default;
};

/// The overrides that turn `base` into `plan` (its inputs: their options, pinned baselines and
/// report sections are the plan's, not an option's). Both are written with the scenario file's
/// own writer (scenariofile::toJsonObject) and flattened to the key paths `--set` takes
/// ("workload.latency_ms", "stages[1].ms_per_user"); a key whose value differs is kept with the
/// value's text, a range under its number's path ("workload.latency_ms=800..1,200", as
/// uncertainty.ranges holds it), the goal's two levers as "goal.levers=a,b". The overrides are
/// then applied to `base` (apply()) and must give `plan` back: what does not is `unreachable`.
Differences differences(const Scenario &base, const Scenario &plan);

/// A number as an override's text that `--set` reads back to the same double: plain digits
/// where they are short ("800", "0.25"), the exponent form for the very large or small.
QString numberText(double value);

/// One row of the comparison.
struct Row
{
    QString name;    ///< "This plan" for the plan as typed, else the option's name
    int option = -1; ///< index into the scenario's options; -1 for the plan itself
    QString error;   ///< why the option cannot be evaluated (a refused override)
    double runtimeSeconds = 0;
    std::optional<double> p50Seconds; ///< over the ranges, when the option has any
    std::optional<double> p90Seconds;
    double throughputPerSecond = 0; ///< users (the plan's counted noun) per second
    double workerHours = 0;         ///< GPU-hours when a device prices the workers
    double cost = 0;
    QString currency;
    std::optional<bool> meetsDeadline; ///< unset without a deadline
    bool fitsMemory = true;
    QString memoryText; ///< why not, when it does not fit
    QString
        biggestLever; ///< the nearest lever to meet the deadline alone ("latency at most 8.72 ms")
    bool efficient = false; ///< no other row is both faster and cheaper (runtime against cost)
    bool operator==(const Row &) const = default;
};

/// The plan itself (from its evaluation, given: the hardware and the model in force, its
/// ranges' result, what it would take), then each of its options evaluated as its own file
/// would be, with the efficient ones marked; empty when the plan has no options.
std::vector<Row> compare(const Scenario &typed, const HardwareInForce &hardware,
                         const ScenarioResult &model, const uncertainty::Result &spread,
                         const whatittakes::Result &takes);

/// The comparison as rows of text (a header first): the window's table, the report and the CLI.
std::vector<QStringList> rows(const std::vector<Row> &comparison);

} // namespace pipeplan::options
