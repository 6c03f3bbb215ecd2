#include "core/project/planunits.h"

#include "core/base/format.h"
#include "core/base/translate.h"
#include "core/project/estimate.h"

#include <cmath>

namespace pipeplan {

PIPEPLAN_TR_CONTEXT("pipeplan")

std::pair<double, QString> planUnit(double largestHours)
{
    if (largestHours >= 2 * estimate::kHoursPerWorkingWeek)
        return {estimate::kHoursPerWorkingWeek, tr("weeks")};
    if (largestHours >= 2 * estimate::kHoursPerWorkingDay)
        return {estimate::kHoursPerWorkingDay, tr("days")};
    return {1, QStringLiteral("h")};
}

QString planDuration(double hours, double largestHours)
{
    const auto [perUnit, name] = planUnit(largestHours);
    const QString number = format::trimmed(hours / perUnit, 1);
    if (perUnit == 1)
        return number + QLatin1Char(' ') + name;
    // "1 day", "1 week": "PERT σ 1 days" read wrong.
    const bool one = number == QLatin1String("1");
    const int n = one ? 1 : format::numerus(std::round(hours / perUnit * 10) / 10);
    QString text = perUnit == estimate::kHoursPerWorkingWeek ? tr("%n week(s)", nullptr, n)
                                                             : tr("%n day(s)", nullptr, n);
    const QString written = QString::number(n);
    if (const qsizetype at = text.indexOf(written); at >= 0)
        text.replace(at, written.size(), number);
    return text.replace(QStringLiteral("(s)"), one ? QString() : QStringLiteral("s"));
}

} // namespace pipeplan
