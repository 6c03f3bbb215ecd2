#include "core/plan/background.h"

namespace pipeplan {

SimulatedTail simulateTail(const simulation::Params &params, std::optional<double> headlineSeconds,
                           simulation::Control *control, const simulation::Result *already)
{
    SimulatedTail tail;
    if (already) {
        tail.result = *already;
    } else {
        tail.result = simulation::simulate(params, control);
        if (params.speculativeBackups && !(control && control->cancel)) {
            simulation::Params plain = params;
            plain.speculativeBackups = false;
            tail.withoutBackups = simulation::simulate(plain, control);
        }
    }
    if (control && control->cancel)
        return tail;
    tail.breakdown = headlineSeconds
                         ? tail::fromHeadline(params, *headlineSeconds, control, &tail.result)
                         : tail::fromClosedForm(params, control, &tail.result);
    return tail;
}

long long simulatedTailTrials(const simulation::Params &params, bool simulate)
{
    const long long trials = params.trials;
    return (simulate ? trials * (params.speculativeBackups ? 2 : 1) : 0) +
           trials * tail::extraSimulations(params);
}

} // namespace pipeplan
