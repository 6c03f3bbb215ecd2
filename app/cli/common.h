#pragma once

#include "core/model/range.h"
#include "core/model/uncertainty.h"
#include "core/plan/whatittakes.h"

// What every pipeplan-cli command shares: the flag parser, the error that ends a command with
// exit code 2, the table of a command's flags and handler, and the JSON and aligned-row printers.
// Internal to app/cli; the public API is app/cli/cli.h.

#include "core/base/fields.h"
#include "core/base/numparse.h"
#include "core/model/fieldregistry.h"
#include "core/model/scenario.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>
#include <QTextStream>

#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace pipeplan::cli {

/// Raised while reading flags; run() turns it into one line on stderr and exit code 2.
struct InvalidInput
{
    QString message;
};

/// Raised when a command's source cannot be reached; run() turns it into one line on stderr and
/// exit code 3 (kExitUnreachable).
struct Unreachable
{
    QString message;
};

enum class FlagKind
{
    Value,
    Switch,
    Repeated ///< may be given many times: --set a=1 --set b=2
};

struct FlagDef
{
    QString name; ///< without the leading "--"
    FlagKind kind;
    QString help;
};

inline const FlagDef kJson{QStringLiteral("json"), FlagKind::Switch,
                           QStringLiteral("print one JSON object")};
inline const FlagDef kHelp{QStringLiteral("help"), FlagKind::Switch,
                           QStringLiteral("show this help")};

/// The registry row of the member at a path of members of a Scenario (one a flag reads, or
/// one a message names):
/// rowFor(&Scenario::workload, &Workload::latencyMs). A command finds a flag's name, bounds and
/// file key by the member it sets, so none of them is typed again in app/.
template <typename... Members> const fieldregistry::Field &rowFor(Members... path)
{
    const fieldregistry::Field *row = fieldregistry::rowOf(path...);
    if (!row)
        qFatal("pipeplan-cli: a member with no registry row");
    return *row;
}

/// The name of the flag that reads `row`'s number, without the leading "--".
inline QString flagName(const fieldregistry::Field &row)
{
    return QLatin1String(row.flag);
}

/// The definition of the flag that reads `row`'s number; its help is the command's own words.
inline FlagDef valueFlag(const fieldregistry::Field &row, const QString &help)
{
    return {flagName(row), FlagKind::Value, help};
}

/// The one parser per kind of value: a fraction or probability also takes "50%", a byte count
/// or rate reads "B" as bytes ("512B", "1.5GB", "512MiB"), anything else is a plain number.
numparse::Parsed parseFor(const FieldSpec &spec, const QString &text);
/// Where a range on the field lives: a fraction when its bounds are [0, 1], else positive.
Support supportFor(const FieldSpec &spec);

/// The flags of one invocation, checked against the command's definitions.
class Flags
{
public:
    Flags(const QStringList &args, const std::vector<FlagDef> &defs, int maxPositional = 0);

    bool has(const QString &name) const { return m_values.contains(name); }
    bool has(const fieldregistry::Field &row) const { return has(flagName(row)); }
    /// The flag's value as given; required.
    QString text(const QString &name) const;
    QStringList repeated(const QString &name) const { return m_repeated.value(name); }
    const QStringList &positional() const { return m_positional; }
    bool isSet(const QString &name) const { return m_switches.value(name, false); }

    /// The flag's number, checked against `spec`; `fallback` when absent (required if none).
    /// Text shaped like a range is refused (looksLikeRange): a flag whose number takes a range
    /// reads it with range() first.
    double number(const QString &name, const FieldSpec &spec,
                  std::optional<double> fallback = std::nullopt) const;
    /// The number of the flag that reads `row`, checked against the row's bounds.
    double number(const fieldregistry::Field &row,
                  std::optional<double> fallback = std::nullopt) const
    {
        return number(flagName(row), *row.spec, fallback);
    }

    /// The flag's range when its text is one ("800..1200", "800/1000/1500"), nothing
    /// when it is a plain number (or absent); refused when it is shaped like a range but is none.
    std::optional<Range> range(const QString &name, const FieldSpec &spec) const;

    std::optional<double> optionalNumber(const QString &name, const FieldSpec &spec) const
    {
        return has(name) ? std::optional<double>(number(name, spec)) : std::nullopt;
    }
    std::optional<double> optionalNumber(const fieldregistry::Field &row) const
    {
        return optionalNumber(flagName(row), *row.spec);
    }

    std::vector<double> list(const QString &name, const FieldSpec &spec,
                             std::optional<std::vector<double>> fallback = std::nullopt) const;

private:
    QHash<QString, QString> m_values;
    QHash<QString, bool> m_switches;
    QHash<QString, QStringList> m_repeated;
    QStringList m_positional;
};

/// One pipeplan-cli command: what --help prints for it and what runs it.
struct Command
{
    QString name;
    QString summary;
    std::vector<FlagDef> flags;
    std::function<int(const Flags &, QTextStream &)> handler;
    int positional = 0; ///< positional arguments accepted (eval's FILE)
    QString notes{};    ///< printed under the flags by --help
};

/// JSON has no infinity: a value without a finite answer (the ceiling at p = 1) is null.
QJsonValue jsonNumber(double value);

void printJson(QTextStream &out, const QJsonObject &object);

/// Aligned "label  value" lines for the human-readable output.
void printRows(QTextStream &out, const std::vector<std::pair<QString, QString>> &rows);

/// "--straggler-factor" for the simulation key "straggler_factor".
QString flagForKey(const QString &key);

/// A message on one line: CSV cells quoted in it may hold line breaks.
QString oneLine(QString text);

/// A file's first problem after `prefix`, on one line, and how many more it has: "… (and 2
/// more problems)".
QString firstProblem(const QString &prefix, const QString &first, qsizetype count);

/// "cannot read it (No such file or directory)", or readBounded's own sentence when it says
/// what the path is ("is a pipe, not a regular file").
QString readProblem(const QString &error);

/// The plan's percentiles: `runtime_seconds` and `cost`, each {p10, p50, p90},
/// `p_meet_deadline` with a deadline, `samples`, `seed`; null when no range is set.
QJsonValue percentilesJson(const uncertainty::Result &result);
/// The drivers, largest share first: [{input, key, variance_share, needed}].
QJsonArray sensitivityJson(const uncertainty::Result &result);

/// What it would take: null without a deadline or a budget, else {deadline_seconds,
/// budget, cost, runtime_seconds, meets, levers: [{lever, key, unit, current, needed,
/// direction, change, change_text, possible, reason, runtime_seconds, choice, cost}], plane:
/// {x, y: {lever, span, ticks, tick_texts, key, unit, current, low, high, log_scale,
/// direction}, deadline_seconds, budget, currency, plan, meets, boundary: [{x, y, far}],
/// cheapest, nearest: {x, y, runtime_seconds, cost}, lead, lead_reason, end_key, lines} or
/// {reason}}; `change` is needed / current - 1. The plane answers for the levers' target:
/// deadline_seconds null without one, budget null without one. `span` is field_limits or
/// practical; `lead` (nearest or cheapest) is the point the window leads with, `lines` its
/// sentences.
QJsonValue whatItTakesJson(const whatittakes::Result &result, const whatittakes::Plane &plane);

} // namespace pipeplan::cli
