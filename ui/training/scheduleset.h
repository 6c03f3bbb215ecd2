#pragma once

#include "core/training/schedule.h"

#include <memory>
#include <vector>

namespace pipeplan {

/// The schedules one chart draws, shared so a chart never outlives the results it paints.
using ScheduleSet = std::shared_ptr<const std::vector<schedule::Result>>;

} // namespace pipeplan
