#pragma once

#include "core/tail/simulate.h"

#include <QString>

#include <vector>

/// Where the time goes between a closed-form runtime and the simulated percentiles:
/// the headline says one number, the simulation's P50 and P90 another, and the breakdown names
/// each cause of the difference with its seconds.
///
/// Method: the job is rebuilt one cause at a time, in a fixed order, and each configuration is
/// simulated with the job's own trials and seed:
///
///   c0 = the job's closed form: serial + cold start + whole shards, ceil(S / W) rounds of D,
///        paced by the dispatch (or shared) cap, with no stragglers, failures, checkpoints or
///        backups (the deterministic costs the headline's smooth overhead model also holds);
///   c1 = c0 + stragglers, c2 = c1 + failures and retries (restarting the shard),
///   c3 = c2 + checkpoints (interval and cost), c4 = c3 + speculative backups = the job itself.
///
///   step(shards) = Q(c0) - headline,   step(cause i) = Q(c_i) - Q(c_i-1),
///
/// for Q = P50 and Q = P90. The steps telescope, so they sum to Q(job) - headline exactly (to
/// floating rounding). A cause the job does not have is skipped (its configuration would equal
/// the previous one). Configurations with no randomness (no stragglers, failures or backups)
/// take their closed form, which the simulation equals (see simulation::closedFormSeconds).
///
/// Why percentiles of sub-configurations: a percentile is not additive over causes (stragglers
/// and failures interact through the queue), so there is no per-trial decomposition to average.
/// Differences of the percentile between nested configurations are what a person can check:
/// "turn stragglers off and P90 drops by this much". The same seed draws the same random stream
/// for trial t in every configuration (common random numbers), so the differences are
/// deterministic and not noise between independent runs. The price: the attribution depends on
/// the order (an interaction such as failures hitting straggling shards is charged to the cause
/// added later); the order is the one listed above, from the costs every run pays to the rare
/// events.
namespace pipeplan::tail {

/// One cause's change of a percentile.
struct Step
{
    QString cause;      ///< stable key: shards, stragglers, failures, checkpoints, backups
    QString label;      ///< "Stragglers"
    double seconds = 0; ///< Q(with the cause) - Q(without it); may be negative (backups)
    bool operator==(const Step &) const = default;
};

struct Breakdown
{
    double startSeconds = 0; ///< the headline (or the closed form) the steps start from
    double p50Seconds = 0;   ///< the job's simulated P50: start + the sum of toP50
    double p90Seconds = 0;
    std::vector<Step> toP50;
    std::vector<Step> toP90;
    bool cancelled = false; ///< the Control cancelled it: the steps are incomplete
    bool operator==(const Breakdown &) const = default;
};

/// The headline already holds the cold start and the caps in the overhead model's smooth form
/// (C + max(W' / S, users / cap)); c0 holds them as the discrete job pays them. So the first
/// step ("shards") is what whole shards and paced dispatches add to the smooth form (the
/// feature-store preset: +229.875 s, from 31.75 to 35.58 minutes), never a cost taken out and
/// put back.
///
/// The breakdown from the window's headline (ScenarioResult::effectiveRuntimeSeconds) to the
/// simulated P50 and P90 of `params`: a "shards" step (whole shards, ceil(S / W) rounds, against
/// the smooth overhead model) then one step per cause the job has, in the order above. `full`,
/// when given, is simulation::simulate(params) already run (the window's): it is not run again.
/// The params must be valid. Honours control->cancel between and inside the simulations.
Breakdown fromHeadline(const simulation::Params &params, double headlineSeconds,
                       simulation::Control *control = nullptr,
                       const simulation::Result *full = nullptr);

/// The breakdown for `pipeplan-cli simulate`, which has no headline: it starts from
/// simulation::closedFormSeconds(params), which already holds the serial time, the whole shards,
/// the cold start, the cap and the checkpoint writes, so the steps are the random causes only:
/// stragglers, failures and retries (from the last checkpoint when there are checkpoints), and
/// backups.
Breakdown fromClosedForm(const simulation::Params &params, simulation::Control *control = nullptr,
                         const simulation::Result *full = nullptr);

/// Simulations fromHeadline runs besides the job itself (each of params.trials trials), for a
/// progress bar.
int extraSimulations(const simulation::Params &params);

} // namespace pipeplan::tail
