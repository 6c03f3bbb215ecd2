// The limits of every project-estimate input (core/project/specs.h).

#include "core/project/specs.h"

namespace pipeplan::estimate {

namespace specs {
// Upper limits keep sums over a plan of thousands of tasks or a trillion items far from
// overflow; they are well above any real estimate.
const FieldSpec taskTime{"time", QT_TRANSLATE_NOOP("pipeplan::fields", "time"), "", 0, 1e6};
const FieldSpec trials{"trials",
                       QT_TRANSLATE_NOOP("pipeplan::fields", "trials"),
                       QT_TRANSLATE_NOOP("pipeplan::fields", "trials"),
                       1,
                       1e6,
                       false,
                       true};
const FieldSpec histogramBins{"histogram_bins",
                              QT_TRANSLATE_NOOP("pipeplan::fields", "histogram bins"),
                              QT_TRANSLATE_NOOP("pipeplan::fields", "bins"),
                              1,
                              1000,
                              false,
                              true};
const FieldSpec buffer{"buffer", QT_TRANSLATE_NOOP("pipeplan::fields", "buffer"), "", 0, 5};
const FieldSpec items{"items",
                      QT_TRANSLATE_NOOP("pipeplan::fields", "items"),
                      QT_TRANSLATE_NOOP("pipeplan::fields", "items"),
                      1,
                      1e12,
                      false,
                      true};
const FieldSpec share{"share", QT_TRANSLATE_NOOP("pipeplan::fields", "share of items"), "", 0, 1};
const FieldSpec count{"count",
                      QT_TRANSLATE_NOOP("pipeplan::fields", "items in the stratum"),
                      QT_TRANSLATE_NOOP("pipeplan::fields", "items"),
                      0,
                      1e12,
                      false,
                      true};
const FieldSpec minutesPerItem{"minutes_per_item",
                               QT_TRANSLATE_NOOP("pipeplan::fields", "minutes per item"),
                               "min",
                               0,
                               1e6,
                               true};
const FieldSpec rate{"rate", QT_TRANSLATE_NOOP("pipeplan::fields", "share of items"), "", 0, 1};
const FieldSpec annotators{"annotators",
                           QT_TRANSLATE_NOOP("pipeplan::fields", "annotators"),
                           QT_TRANSLATE_NOOP("pipeplan::fields", "people"),
                           0,
                           1e6,
                           true};
const FieldSpec hoursPerWeek{
    "hours_per_week", QT_TRANSLATE_NOOP("pipeplan::fields", "hours per week"), "h", 0, 168, true};
const FieldSpec productivity{"first_week_productivity",
                             QT_TRANSLATE_NOOP("pipeplan::fields", "first-week productivity"),
                             "",
                             0,
                             1,
                             true};
const FieldSpec money{"money", QT_TRANSLATE_NOOP("pipeplan::fields", "amount"), "", 0, 1e15};
const FieldSpec samplesPerSecond{"samples_per_second",
                                 QT_TRANSLATE_NOOP("pipeplan::fields", "measured throughput"),
                                 QT_TRANSLATE_NOOP("pipeplan::fields", "samples/s"),
                                 0,
                                 1e12,
                                 true};
const FieldSpec datasetSamples{"dataset_samples",
                               QT_TRANSLATE_NOOP("pipeplan::fields", "dataset size"),
                               QT_TRANSLATE_NOOP("pipeplan::fields", "samples"),
                               1,
                               1e15,
                               false,
                               true};
const FieldSpec epochs{"epochs",
                       QT_TRANSLATE_NOOP("pipeplan::fields", "epochs"),
                       QT_TRANSLATE_NOOP("pipeplan::fields", "epochs"),
                       0,
                       1e6,
                       true};
const FieldSpec safetyFactor{"safety_factor",
                             QT_TRANSLATE_NOOP("pipeplan::fields", "safety factor"), "x", 1, 100};
const FieldSpec checkpointMinutes{"checkpoint_minutes",
                                  QT_TRANSLATE_NOOP("pipeplan::fields", "checkpoint interval"),
                                  "min", 0, 1e9};
const FieldSpec estimate{"estimate", QT_TRANSLATE_NOOP("pipeplan::fields", "estimate"), "", 0,
                         1e12};
const FieldSpec actual{"actual", QT_TRANSLATE_NOOP("pipeplan::fields", "actual"), "", 0, 1e12,
                       true};
} // namespace specs

} // namespace pipeplan::estimate
