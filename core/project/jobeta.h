#pragma once

// A training job's ETA from a canary run: the wall time to request and the checkpoints.

#include "core/base/fields.h"

#include <vector>

namespace pipeplan::estimate {

// ---------------------------------------------------------------------------------------------
// Training job ETA from a canary (seed 003 "Pre-Run Estimation Template").

struct JobEtaInputs
{
    double samplesPerSecond = 0; ///< measured by a 1-2 step canary run
    double datasetSamples = 0;
    double epochs = 1;
    double safetyFactor = 1.5;    ///< the seed's x 1.5
    double checkpointMinutes = 0; ///< 0: no checkpoints
    bool operator==(const JobEtaInputs &) const = default;
};

/// ETA = samples x epochs / rate. The wall time to request is ETA x safety rounded up to a whole
/// minute (schedulers such as Slurm take minutes; a value within a relative 1e-12 of a whole
/// minute counts as that minute). Checkpoints = floor(ETA / interval): one at
/// every full interval up to and including the ETA; the final save at the end of training is
/// not counted unless it falls on an interval.
struct JobEta
{
    double etaSeconds = 0;
    double paddedSeconds = 0;   ///< ETA x safety, not rounded
    double wallTimeMinutes = 0; ///< ceil(paddedSeconds / 60)
    double checkpoints = 0;
    bool operator==(const JobEta &) const = default;
};
JobEta jobEta(const JobEtaInputs &inputs);

std::vector<FieldError> validate(const JobEtaInputs &inputs);

} // namespace pipeplan::estimate
