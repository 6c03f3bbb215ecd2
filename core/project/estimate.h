#pragma once

// Project estimates (seed 003 "Estimation and Scheduling Questions"), namespace
// pipeplan::estimate: three-point task estimates aggregated by PERT along the critical path
// (pert.h) and by Monte Carlo over the whole plan (montecarlo.h), per-category uncertainty
// buffers with a project contingency (buffers.h), the labeling-effort model (labeling.h), a
// training job's ETA from a canary run (jobeta.h), estimated-vs-actual accuracy (accuracy.h),
// tasks read from CSV (taskcsv.h). This header includes every part, for callers that use
// several; a caller that needs one part may include just that one.

#include "core/project/accuracy.h"
#include "core/project/buffers.h"
#include "core/project/calendar.h"
#include "core/project/forecast.h"
#include "core/project/jobeta.h"
#include "core/project/labeling.h"
#include "core/project/montecarlo.h"
#include "core/project/pert.h"
#include "core/project/specs.h"
#include "core/project/task.h"
#include "core/project/taskcsv.h"
#include "core/project/taskgantt.h"
