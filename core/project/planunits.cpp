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
    const QString number = format::trimmed(hours / perUnit, 1);
    // "1 day", "1 week": "PERT σ 1 days" read wrong.
    if (number == QLatin1String("1") && name.endsWith(QLatin1Char('s')))
        return number + QLatin1Char(' ') + name.chopped(1);
    return number + QLatin1Char(' ') + name;
}

} // namespace pipeplan
