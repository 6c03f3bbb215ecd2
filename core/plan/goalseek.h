#pragma once

#include "core/model/overheads.h"
#include "core/tail/simulate.h"

#include <QString>

#include <optional>
#include <vector>

/// Goal seek: the fewest workers that finish by a deadline, by the naive model, the model with
/// overheads and the simulation (at P50 and at P90), and what each option costs.
namespace pipeplan::goalseek {

/// Why a plan without a deadline has no goal seek and no verdict: the section's
/// reason, and what the views, the report and the CLI say instead of planning for a hidden one.
inline QString noDeadline()
{
    return QStringLiteral("no deadline set");
}

struct Inputs
{
    OverheadModel naive;
    OverheadModel withOverheads;
    simulation::Params simulation; ///< its workers are what the search varies
    double deadlineSeconds = 0;
    double pricePerWorkerHour = 0;
    /// Searched worker counts stop here (the naive and overhead models up to fields::workers).
    double maxSimulatedWorkers = 1e6;
    bool operator==(const Inputs &) const = default;
};

struct Option
{
    QString method;                ///< "naive", "with overheads", "simulated P50", "simulated P90"
    QString key;                   ///< "naive", "overheads", "simulated_p50", "simulated_p90"
    std::optional<double> workers; ///< unset: impossible
    double runtimeSeconds = 0;     ///< at those workers (the quantile for the simulation)
    /// workers x runtime in hours x price: every worker is held until the job ends.
    double cost = 0;
    QString reason; ///< why it is impossible
    bool operator==(const Option &) const = default;
};

struct Result
{
    std::vector<Option> options;
    bool cancelled = false;
    int simulationsRun = 0;
    bool operator==(const Result &) const = default;
};

/// Closed forms: N = the fewest workers with S(p, N) >= W' / (deadline - C), impossible when the
/// deadline is within the cold start, a cap's time or the serial residue.
Option naiveOption(const Inputs &inputs);
Option overheadOption(const Inputs &inputs);

/// The simulation searched by bisection over worker counts, each tried with the same seed
/// (common random numbers), from the closed-form lower bound ceil(S / floor(free / D)) up to one
/// shard per worker. Impossible when even one shard per worker misses the deadline.
Result seek(const Inputs &inputs, simulation::Control *control = nullptr);

} // namespace pipeplan::goalseek
