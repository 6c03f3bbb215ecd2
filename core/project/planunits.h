#pragma once

#include <QString>

#include <utility>

namespace pipeplan {

/// The unit a plan's durations are shown in, chosen by their size: hours, working days or
/// working weeks (8 h, 40 h). Returns hours per unit and its name.
std::pair<double, QString> planUnit(double largestHours);

/// A duration in hours as "12.5 weeks" / "3 days" / "6 h" in `planUnit` of `largestHours`.
QString planDuration(double hours, double largestHours);

} // namespace pipeplan
