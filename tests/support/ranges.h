#pragma once

#include "core/model/uncertainty.h"

namespace pipeplan::testsupport {

/// Three ranges, as the benchmarks set them: latency 800..1,200 ms, users 100M..200M and p
/// 0.97/0.98/0.995.
inline void withThreeRanges(Scenario &s)
{
    uncertainty::setRange(s, QStringLiteral("workload.latency_ms"),
                          Range{Range::Kind::Interval, 800, 0, 1200});
    uncertainty::setRange(s, QStringLiteral("workload.users"),
                          Range{Range::Kind::Interval, 100e6, 0, 200e6});
    uncertainty::setRange(s, QStringLiteral("workload.parallel_fraction"),
                          Range{Range::Kind::ThreePoint, 0.97, 0.98, 0.995});
}

} // namespace pipeplan::testsupport
