// The limits of every project-estimate input (core/project/specs.h).

#include "core/project/specs.h"

namespace pipeplan::estimate {

namespace specs {
// Upper limits keep sums over a plan of thousands of tasks or a trillion items far from
// overflow; they are well above any real estimate.
const FieldSpec taskTime{"time", "time", "", 0, 1e6};
const FieldSpec trials{"trials", "trials", "trials", 1, 1e6, false, true};
const FieldSpec histogramBins{"histogram_bins", "histogram bins", "bins", 1, 1000, false, true};
const FieldSpec buffer{"buffer", "buffer", "", 0, 5};
const FieldSpec items{"items", "items", "items", 1, 1e12, false, true};
const FieldSpec share{"share", "share of items", "", 0, 1};
const FieldSpec count{"count", "items in the stratum", "items", 0, 1e12, false, true};
const FieldSpec minutesPerItem{"minutes_per_item", "minutes per item", "min", 0, 1e6, true};
const FieldSpec rate{"rate", "share of items", "", 0, 1};
const FieldSpec annotators{"annotators", "annotators", "people", 0, 1e6, true};
const FieldSpec hoursPerWeek{"hours_per_week", "hours per week", "h", 0, 168, true};
const FieldSpec productivity{"first_week_productivity", "first-week productivity", "", 0, 1, true};
const FieldSpec money{"money", "amount", "", 0, 1e15};
const FieldSpec samplesPerSecond{
    "samples_per_second", "measured throughput", "samples/s", 0, 1e12, true};
const FieldSpec datasetSamples{"dataset_samples", "dataset size", "samples", 1, 1e15, false, true};
const FieldSpec epochs{"epochs", "epochs", "epochs", 0, 1e6, true};
const FieldSpec safetyFactor{"safety_factor", "safety factor", "x", 1, 100};
const FieldSpec checkpointMinutes{"checkpoint_minutes", "checkpoint interval", "min", 0, 1e9};
const FieldSpec estimate{"estimate", "estimate", "", 0, 1e12};
const FieldSpec actual{"actual", "actual", "", 0, 1e12, true};
} // namespace specs

} // namespace pipeplan::estimate
