#include "core/project/planunits.h"

#include "core/base/format.h"
#include "core/project/estimate.h"

namespace pipeplan {

std::pair<double, QString> planUnit(double largestHours)
{
    if (largestHours >= 2 * estimate::kHoursPerWorkingWeek)
        return {estimate::kHoursPerWorkingWeek, QStringLiteral("weeks")};
    if (largestHours >= 2 * estimate::kHoursPerWorkingDay)
        return {estimate::kHoursPerWorkingDay, QStringLiteral("days")};
    return {1, QStringLiteral("h")};
}

QString planDuration(double hours, double largestHours)
{
    const auto [perUnit, name] = planUnit(largestHours);
    return format::trimmed(hours / perUnit, 1) + QLatin1Char(' ') + name;
}

} // namespace pipeplan
