#pragma once

#include "core/model/scenario.h"

#include <QByteArray>
#include <QJsonObject>

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
inline constexpr int kVersion = 8;
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

/// Sets the value at a JSON path ("workload.users", "stages[1].ms_per_user", "execution") of a
/// scenario file's object from text, as `pipeplan-cli eval --set` does. A bare workload key
/// ("users") means the workload's. Numbers take the CLI's suffixes ("75M"). Returns the problem,
/// if any; the object is unchanged then.
std::optional<FieldError> setValue(QJsonObject &root, const QString &path, const QString &text);

} // namespace pipeplan::scenariofile
