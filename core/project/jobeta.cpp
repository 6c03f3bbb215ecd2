// A training job's ETA from a canary run, and the checks of its inputs.

#include "core/project/jobeta.h"
#include "core/project/specs.h"

#include <cmath>

namespace pipeplan::estimate {

JobEta jobEta(const JobEtaInputs &in)
{
    // Values within a relative 1e-12 of a whole minute or interval count as that whole number,
    // so 90.00000000000001 minutes from rounding is not billed as 91.
    constexpr double kSlack = 1e-12;
    JobEta eta;
    eta.etaSeconds = in.datasetSamples * in.epochs / in.samplesPerSecond;
    eta.paddedSeconds = eta.etaSeconds * in.safetyFactor;
    eta.wallTimeMinutes = std::ceil(eta.paddedSeconds / 60.0 * (1.0 - kSlack));
    if (in.checkpointMinutes > 0)
        eta.checkpoints =
            std::floor(eta.etaSeconds / (in.checkpointMinutes * 60.0) * (1.0 + kSlack));
    return eta;
}

std::vector<FieldError> validate(const JobEtaInputs &in)
{
    std::vector<FieldError> errors;
    auto check = [&errors](const FieldSpec &spec, double value) {
        if (auto e = checkField(spec, value, QLatin1String(spec.key)))
            errors.push_back(*e);
    };
    check(specs::samplesPerSecond, in.samplesPerSecond);
    check(specs::datasetSamples, in.datasetSamples);
    check(specs::epochs, in.epochs);
    check(specs::safetyFactor, in.safetyFactor);
    check(specs::checkpointMinutes, in.checkpointMinutes);
    return errors;
}

} // namespace pipeplan::estimate
