#pragma once

#include "scenario.h"

#include <QByteArray>

namespace pipeplan::scenariofile {

/// The file format's name and version (docs/scenario-format.md). Older versions are migrated on
/// load; newer ones are refused.
inline constexpr const char *kFormatName = "pipeplan-scenario";
inline constexpr int kVersion = 1;
/// Larger files are refused before parsing: no scenario comes near this.
inline constexpr qsizetype kMaxFileBytes = 4 * 1024 * 1024;

/// The scenario as indented JSON, every input and the notes.
QByteArray toJson(const Scenario &scenario);

/// A loaded scenario, or the first problem: its JSON path ("workload.users", "stages[2].name")
/// and what is wrong.
struct LoadResult
{
    std::optional<Scenario> scenario;
    FieldError error;
};

/// Parses and validates a scenario file's bytes. Never throws or asserts on any input.
LoadResult fromJson(const QByteArray &bytes);

} // namespace pipeplan::scenariofile
