// Estimated vs actual: the absolute percentage errors of finished tasks and their median.

#include "core/project/accuracy.h"
#include "core/project/specs.h"

#include "core/base/stats.h"
#include "core/base/translate.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pipeplan::estimate {

PIPEPLAN_TR_CONTEXT("pipeplan::estimate")

Accuracy accuracy(const std::vector<ActualEntry> &entries)
{
    Accuracy a;
    a.absolutePercentageErrors.reserve(entries.size());
    for (const ActualEntry &entry : entries)
        a.absolutePercentageErrors.push_back(std::fabs(entry.actual - entry.estimate) /
                                             entry.actual);
    std::vector<double> sorted = a.absolutePercentageErrors;
    std::sort(sorted.begin(), sorted.end());
    a.medianApe = sorted.empty() ? std::numeric_limits<double>::quiet_NaN()
                                 : stats::quantileSorted(sorted, 0.5);
    return a;
}

std::vector<FieldError> validate(const std::vector<ActualEntry> &entries)
{
    std::vector<FieldError> errors;
    if (entries.empty()) {
        errors.push_back(
            {QStringLiteral("entries"), tr("is empty: log at least one finished task")});
    }
    for (size_t i = 0; i < entries.size(); ++i) {
        if (auto e = checkField(specs::estimate, entries[i].estimate,
                                QStringLiteral("entries[%1].estimate").arg(i)))
            errors.push_back(*e);
        if (auto e = checkField(specs::actual, entries[i].actual,
                                QStringLiteral("entries[%1].actual").arg(i)))
            errors.push_back(*e);
    }
    return errors;
}

} // namespace pipeplan::estimate
