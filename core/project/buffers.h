#pragma once

// Uncertainty buffers: per-category buffers on each task and a project contingency on the
// total, and the plan estimated with and without them (PERT and Monte Carlo).

#include "core/base/fields.h"
#include "core/project/montecarlo.h"
#include "core/project/pert.h"
#include "core/project/task.h"

#include <cstdint>

#include <vector>

namespace pipeplan::estimate {

// ---------------------------------------------------------------------------------------------
// Buffers (seed 003 "Accounting for variance & buffers").

/// Fractions added to every task of a category (0.35 = +35 %), and a project contingency on the
/// total (seed 003). Defaults: the midpoints of the seed's ranges (labeling +20-50 % -> 35 %,
/// training +10-40 % -> 25 %), its single optimization figure (+30 %), nothing on other work.
/// Research tasks get the separate research buffer the seed reserves "for unknown research
/// spikes": 50 %, the top of the seed's task buffers, and what its one research-like range gives
/// (a 4-8 h proof of concept: the midpoint is 50 % above the optimistic end). The contingency
/// is 15 %, the low end of the seed's 15-30 %.
struct Buffers
{
    double labeling = 0.35;
    double training = 0.25;
    double optimization = 0.30;
    double research = 0.50;
    double other = 0.0;
    double contingency = 0.15;
    double forCategory(Category category) const;
    bool operator==(const Buffers &) const = default;
};

/// Each task's a, m and b scaled by (1 + its category's buffer); dependencies unchanged.
std::vector<Task> withBuffers(const std::vector<Task> &tasks, const Buffers &buffers);

/// A PERT result with the plan total scaled by `factor` (mean and sigma; the path is unchanged).
PertResult scaled(const PertResult &result, double factor);

/// A Monte Carlo result with every trial's duration multiplied by `factor` (mean, percentiles,
/// curve, histogram bins and any kept trials).
MonteCarloResult scaled(const MonteCarloResult &result, double factor);

/// The plan with and without buffers. Buffered: category buffers on each task (withBuffers),
/// then the total x (1 + contingency). The buffered Monte Carlo runs the buffered tasks with the
/// same seed: a PERT-beta or triangular draw on (k a, k m, k b) is k times the draw on (a, m, b)
/// from the same random number, so trial for trial each task takes (1 + buffer) times as long
/// as unbuffered (up to rounding), and the plan's duration is then scaled by (1 + contingency).
/// Progress counts both runs (2 x trials).
struct PlanEstimate
{
    PertResult pert;
    MonteCarloResult monteCarlo;
    PertResult pertBuffered;
    MonteCarloResult monteCarloBuffered;
    bool operator==(const PlanEstimate &) const = default;
};
PlanEstimate estimatePlan(const std::vector<Task> &tasks, const Buffers &buffers,
                          const MonteCarloOptions &options, Control *control = nullptr);
/// estimatePlan's two Monte Carlo runs alone (monteCarlo and monteCarloBuffered; the PERT fields
/// stay empty): for a caller that already holds the PERT (the plan's project section).
PlanEstimate simulatePlan(const std::vector<Task> &tasks, const Buffers &buffers,
                          const MonteCarloOptions &options, Control *control = nullptr);

/// The trials simulatePlan counts into Control::trialsDone: the unbuffered run's plannedTrials
/// (with its tornado) and the buffered run's (without one). A progress bar's total.
std::int64_t simulatePlanTrials(const std::vector<Task> &tasks, const MonteCarloOptions &options);

std::vector<FieldError> validate(const Buffers &buffers);

} // namespace pipeplan::estimate
