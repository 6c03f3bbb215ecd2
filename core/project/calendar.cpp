// Working time and dates: the calendar's working days and holidays, hours of work to dates.

#include "core/project/calendar.h"

namespace pipeplan::estimate {} // namespace pipeplan::estimate
