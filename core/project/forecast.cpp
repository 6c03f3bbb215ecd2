// The forecast that learns from what is done: pace, remaining work, expected dates, burn-up.

#include "core/project/forecast.h"

namespace pipeplan::estimate {} // namespace pipeplan::estimate
