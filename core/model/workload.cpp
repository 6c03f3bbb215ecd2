#include "core/model/workload.h"

#include "core/base/units.h"
#include "core/model/amdahl.h"
#include "core/model/job.h"

#include <algorithm>
#include <cmath>

namespace pipeplan {

std::vector<FieldError> validate(const Workload &w)
{
    std::vector<FieldError> errors;
    auto check = [&errors](const FieldSpec &spec, double value) {
        if (auto error = checkField(spec, value, QLatin1String(spec.key)))
            errors.push_back(*error);
    };
    check(fields::users, w.users);
    check(fields::predictionsPerUser, w.predictionsPerUser);
    check(fields::latencyMs, w.latencyMs);
    if (w.acceleratorLatencyMs)
        check(fields::acceleratorLatencyMs, *w.acceleratorLatencyMs);
    if (w.batchMsPerUser)
        check(fields::batchMsPerUser, *w.batchMsPerUser);
    check(fields::keepFraction, w.keepFraction);
    check(fields::workers, w.workers);
    check(fields::parallelFraction, w.parallelFraction);
    // The singular is derived from the plural, so only the plural is checked.
    if (const QString problem = countedNounProblem(w.counted.many); !problem.isEmpty())
        errors.push_back({QStringLiteral("counted"), problem});
    return errors;
}

namespace runtime {

double usersScored(const Workload &w)
{
    return w.users * w.keepFraction;
}

double totalPredictions(const Workload &w)
{
    return usersScored(w) * w.predictionsPerUser;
}

double effectiveLatencyMs(const Workload &w)
{
    return w.acceleratorLatencyMs.value_or(w.latencyMs);
}

job::Numbers jobNumbers(const Workload &w)
{
    job::Numbers n;
    n.users = w.users;
    n.keepFraction = w.keepFraction;
    n.predictionsPerUser = w.predictionsPerUser;
    n.latencyMs = effectiveLatencyMs(w);
    n.batched = w.batchMsPerUser.has_value();
    n.batchMsPerUser = w.batchMsPerUser.value_or(0);
    return n;
}

double scoringMsPerUser(const Workload &w)
{
    return job::scoringMsPerUser(jobNumbers(w));
}

double workSeconds(double usersScored, double msPerUser)
{
    return job::workSeconds(usersScored, msPerUser);
}

double runtimeSeconds(double workSeconds, double workers, double parallelFraction)
{
    return job::computeSeconds(workSeconds, parallelFraction, 1.0 / workers);
}

} // namespace runtime

std::vector<double> defaultWorkerCounts()
{
    return {100, 500, 1000, 5000, 10000, 35000, 50000};
}

std::vector<ScalingRow> scalingTable(double workSeconds, double parallelFraction,
                                     const std::vector<double> &workerCounts)
{
    std::vector<ScalingRow> rows;
    rows.reserve(workerCounts.size());
    for (double workers : workerCounts) {
        ScalingRow row;
        row.workers = workers;
        const double linearSeconds = workSeconds / workers;
        row.linearHours = units::toHours(linearSeconds);
        row.linearDays = units::toDays(linearSeconds);
        row.amdahlSpeedup = amdahl::speedup(parallelFraction, workers);
        const double amdahlSeconds =
            runtime::runtimeSeconds(workSeconds, workers, parallelFraction);
        row.amdahlHours = units::toHours(amdahlSeconds);
        row.amdahlDays = units::toDays(amdahlSeconds);
        row.effectiveSeconds = amdahlSeconds;
        row.effectiveHours = row.amdahlHours;
        row.effectiveDays = row.amdahlDays;
        rows.push_back(row);
    }
    return rows;
}

int nearestRow(const std::vector<double> &workerCounts, double workers)
{
    int best = -1;
    double bestDistance = 0;
    for (int i = 0; i < static_cast<int>(workerCounts.size()); ++i) {
        const auto index = static_cast<size_t>(i);
        const double distance = std::fabs(std::log(workerCounts[index]) - std::log(workers));
        // Equal log-distances (100 between 10 and 1,000) differ in the last bits: a tolerance
        // makes them the tie the documentation promises, won by the smaller count.
        constexpr double kTie = 1e-9;
        const bool closer = best < 0 || distance < bestDistance - kTie ||
                            (std::fabs(distance - bestDistance) <= kTie &&
                             workerCounts[index] < workerCounts[static_cast<size_t>(best)]);
        if (closer) {
            best = i;
            bestDistance = distance;
        }
    }
    return best;
}

namespace levers {

namespace {
/// The lever's start: the seed's value, or half of what it replaces when that is already
/// smaller, on the controls' 0.01 ms grid.
double startBelow(double seedValueMs, double replacedMs)
{
    constexpr double kSmallestMs = 0.01;
    const double half = std::floor(replacedMs / 2 / kSmallestMs) * kSmallestMs;
    return std::max(kSmallestMs, std::min(seedValueMs, half));
}
} // namespace

double acceleratorStartMs(const Workload &w)
{
    return startBelow(10, w.latencyMs);
}

double batchStartMs(const Workload &w)
{
    Workload unbatched = w;
    unbatched.batchMsPerUser.reset();
    return startBelow(50, runtime::scoringMsPerUser(unbatched));
}

} // namespace levers

} // namespace pipeplan
