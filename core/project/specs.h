#pragma once

// The limits every project-estimate input is checked against, one FieldSpec a kind of value:
// the CSV reader, the scenario file, validate() and the CLI apply the same ones.

#include "core/base/fields.h"

namespace pipeplan::estimate {

// ---------------------------------------------------------------------------------------------
// Validation: every error names the row and field ("tasks[2].pessimistic": "is 3, below the
// optimistic 4"). Tasks are 0-based as in the scenario file's JSON paths.

namespace specs {
extern const FieldSpec taskTime; ///< a, m, b in the task's unit
extern const FieldSpec trials;   ///< 1 to 1,000,000
extern const FieldSpec histogramBins;
extern const FieldSpec buffer; ///< a category buffer or the contingency, 0 to 5 (+500 %)
extern const FieldSpec items;
extern const FieldSpec share;
extern const FieldSpec count;
extern const FieldSpec minutesPerItem;
extern const FieldSpec rate; ///< a share of items: QC sampling, adjudication
extern const FieldSpec annotators;
extern const FieldSpec hoursPerWeek;
extern const FieldSpec productivity;
extern const FieldSpec money;
extern const FieldSpec samplesPerSecond;
extern const FieldSpec datasetSamples;
extern const FieldSpec epochs;
extern const FieldSpec safetyFactor;
extern const FieldSpec checkpointMinutes;
extern const FieldSpec estimate;
extern const FieldSpec actual;
} // namespace specs

} // namespace pipeplan::estimate
