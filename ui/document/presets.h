#pragma once

#include "core/plan/scenariofile.h"

#include <QString>

#include <vector>

namespace pipeplan::presets {

/// A worked scenario shipped with PipePlan (resources/presets), opened as an untitled plan.
struct Preset
{
    QString title;
    QString resourcePath; ///< ":/presets/nightly-scoring.json"
};

/// The seeds' worked scenarios, in menu order.
std::vector<Preset> all();

/// Loads a preset; presets are tested to load, so an error here is a packaging bug.
scenariofile::LoadResult load(const Preset &preset);

} // namespace pipeplan::presets
