#pragma once

#include "core/plan/goalseek.h"
#include "core/project/estimate.h"
#include "core/tail/simulate.h"
#include "core/tail/tailbreakdown.h"

#include <QFlags>
#include <QString>

#include <cstdint>
#include <optional>

/// The parts of a plan's result that take a while (a simulation, a goal seek, a Monte Carlo),
/// each held in the result with its state. The window's jobs run them off the GUI thread and
/// write what they deliver into the document's result; the report and the CLI complete them here,
/// with the same functions, before they print.
namespace pipeplan {

/// Where a background section is: never asked for (or its inputs changed since), running, done,
/// or failed with a reason the views show.
enum class JobState : std::uint8_t
{
    NotAsked,
    Running,
    Ready,
    Failed,
};

/// One background section: its state, its progress while running (0 to 1), the reason it failed,
/// and its value once ready.
template <typename Value> struct BackgroundSection
{
    JobState state = JobState::NotAsked;
    double progress = 0;
    QString reason;
    std::optional<Value> value;

    /// The value when the section is ready, else null.
    const Value *ready() const { return state == JobState::Ready && value ? &*value : nullptr; }
    bool operator==(const BackgroundSection &) const = default;
};

/// The simulated job (seed 001's tail): its completion times, the same job without speculative
/// backups when they are on (the what-if's counterpart), and where the time goes from the
/// headline to the simulated P50 and P90.
struct SimulatedTail
{
    simulation::Result result;
    std::optional<simulation::Result> withoutBackups;
    std::optional<tail::Breakdown> breakdown;
    bool operator==(const SimulatedTail &) const = default;
};

/// What the simulation, its breakdown and the goal seek read: the tail section's job and goal,
/// and the headline runtime the breakdown starts from.
struct TailRequest
{
    simulation::Params params;
    std::optional<goalseek::Inputs> goal; ///< unset without a deadline: nothing to seek
    double headlineSeconds = 0;
    bool operator==(const TailRequest &) const = default;
};

/// The one set-up of a simulated job, for the window's job, the report and every CLI command:
/// simulation::simulate of `params`, again without backups when they are on, then
/// tail::fromHeadline from `headlineSeconds` (or tail::fromClosedForm when it is unset, as
/// `pipeplan-cli simulate` has no headline). `already`: a finished run of the same params, so
/// only the breakdown is redone. `control` cancels and counts the trials
/// (simulatedTailTrials).
SimulatedTail simulateTail(const simulation::Params &params, std::optional<double> headlineSeconds,
                           simulation::Control *control = nullptr,
                           const simulation::Result *already = nullptr);

/// The trials simulateTail counts into its control (a progress bar's total); `simulate`: false
/// when only the breakdown is redone.
long long simulatedTailTrials(const simulation::Params &params, bool simulate = true);

/// The background sections, as flags: what a caller asks completeBackground for.
enum class Background : unsigned
{
    None = 0,
    Simulation = 1u << 0,     ///< the simulated tail and its breakdown
    GoalSeek = 1u << 1,       ///< the fewest workers to meet the goal's deadline
    MonteCarlo = 1u << 2,     ///< the project's Monte Carlo with and without buffers
    TrainingSearch = 1u << 3, ///< the training section's large schedule searches
    All = (1u << 4) - 1,
};
Q_DECLARE_FLAGS(Backgrounds, Background)
Q_DECLARE_OPERATORS_FOR_FLAGS(Backgrounds)

} // namespace pipeplan
