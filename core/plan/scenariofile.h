#pragma once

#include "core/model/scenario.h"

#include <QByteArray>
#include <QJsonObject>

#include <vector>

namespace pipeplan {

/// What a scenario file holds: the scenario, and the baseline pinned for comparison, if any.
struct Plan
{
    Scenario scenario = defaultScenario();
    std::optional<Scenario> baseline;
    bool operator==(const Plan &) const = default;
};

} // namespace pipeplan

namespace pipeplan::scenariofile {

/// The file format's name and version (docs/scenario-format.md). Older versions are migrated on
/// load; newer ones are refused.
inline constexpr const char *kFormatName = "pipeplan-scenario";
inline constexpr int kVersion = 9;
/// Larger files are refused before parsing. The largest plan the loader accepts (10,000 tasks
/// with 200-character names and their dependencies, indented) is about 6 MB.
inline constexpr qsizetype kMaxFileBytes = qsizetype{16} * 1024 * 1024;
/// Measured runs a plan holds: a scaling measurement has tens; each run feeds every iteration of
/// the fit, so the count is bounded before they are read.
inline constexpr int kMaxMeasuredRuns = 10'000;

/// The plan as indented JSON: every input, the notes and the pinned baseline.
QByteArray toJson(const Plan &plan);
QJsonObject toJsonObject(const Plan &plan);

/// A loaded plan, or the first problem: its JSON path ("workload.users", "stages[2].name",
/// "baseline.workers") and what is wrong.
struct LoadResult
{
    std::optional<Plan> plan;
    FieldError error;
    /// What reading an older version changed, one sentence each, for the person to be told
    /// ("Stragglers: ..."); empty when nothing did.
    QStringList notes = {};
};

/// Parses, migrates and validates a scenario file's bytes. Never throws or asserts on any input.
LoadResult fromJson(const QByteArray &bytes);
LoadResult fromJsonObject(QJsonObject root);

/// How `--set` reads the text of a key: the type the format gives it.
enum class KeyType
{
    Number,         ///< a number, with the CLI's suffixes ("75M"), or a range for the job's numbers
    OptionalNumber, ///< a number, or null (off, unset)
    Text,           ///< the text as typed, even when it reads as a number ("name=2027")
    OptionalText,   ///< text, or null (a date not set)
    Boolean,        ///< true or false
};

/// A key of a single value the format defines (docs/scenario-format.md): its path, with "[i]"
/// for any element of a list ("stages[i].ms_per_user"), and its type.
struct FormatKey
{
    const char *path;
    KeyType type;
};

/// Every key of a single value the format defines, whether or not a file holds it (one written
/// only when set, like goal.budget): what `--set` can set. A pinned baseline has the scenario's
/// keys under "baseline.". Lists and objects as a whole (stages, uncertainty.ranges,
/// report.sections) are not single values.
const std::vector<FormatKey> &formatKeys();

/// Sets the value at a JSON path ("workload.users", "stages[1].ms_per_user", "execution") of a
/// scenario file's object from text, as `pipeplan-cli eval --set` does. A bare workload key
/// ("users") means the workload's. A key of the format (formatKeys) is set whether or not the
/// object holds it, its text read as the format's type; any other key only where the object
/// holds it, read as the value there. Numbers take the CLI's suffixes ("75M"). Returns the
/// problem, if any; the object is unchanged then.
std::optional<FieldError> setValue(QJsonObject &root, const QString &path, const QString &text);

} // namespace pipeplan::scenariofile
