#pragma once

// Estimated vs actual: how far finished tasks came from their estimates (MdAPE).

#include "core/base/fields.h"

#include <QString>

#include <vector>

namespace pipeplan::estimate {

// ---------------------------------------------------------------------------------------------
// Estimated vs actual (seed 003 "median absolute percentage error").

struct ActualEntry
{
    QString name;
    double estimate = 0;
    double actual = 0; ///< same unit as estimate; must be above 0
    bool operator==(const ActualEntry &) const = default;
};

struct Accuracy
{
    std::vector<double> absolutePercentageErrors; ///< |actual - estimate| / actual, 0.25 = 25 %
    double medianApe = 0; ///< MdAPE: the type-7 median of the above, as a fraction
    bool operator==(const Accuracy &) const = default;
};
/// The entries must be valid.
Accuracy accuracy(const std::vector<ActualEntry> &entries);

std::vector<FieldError> validate(const std::vector<ActualEntry> &entries);

} // namespace pipeplan::estimate
