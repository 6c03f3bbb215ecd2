#pragma once

#include "scenario.h"

#include <QString>

/// The "how" behind each headline number: which formula produced it, with the scenario's own
/// values filled in. Shared by the window (hover and "how" lines), reports and the CLI.
namespace pipeplan::explain {

QString totalPredictions(const Scenario &scenario, const ScenarioResult &result);
QString perUserCost(const Scenario &scenario, const ScenarioResult &result);
QString runtime(const Scenario &scenario, const ScenarioResult &result);
QString throughput(const Scenario &scenario, const ScenarioResult &result);
QString speedup(const Scenario &scenario, const ScenarioResult &result);
QString bottleneck(const Scenario &scenario, const ScenarioResult &result);

/// Display name of the bottleneck stage with its time per user, e.g. "score (20 s)"; empty
/// without stages.
QString bottleneckName(const Scenario &scenario, const ScenarioResult &result);

} // namespace pipeplan::explain
