#pragma once

#include "core/training/schedule.h"

#include <cstdint>
#include <optional>
#include <vector>

/// The searched zero-bubble schedules (ZB-H2, ZB-V, zb-auto) and the pieces compute() shares
/// with them: a device's run order without times, and the pass that times any such orders.
namespace pipeplan::schedule::detail {

/// One op of a device's run order without its times: a quarter of an Op, so the timing pass,
/// which walks all p devices' orders side by side, keeps them in cache.
struct Step
{
    std::int32_t microbatch;
    std::int16_t chunk;
    OpKind kind;
};

/// Every device's run order: device d's ops are steps[deviceBegin[d] .. deviceBegin[d + 1]).
struct Orders
{
    std::vector<Step> steps;
    std::vector<std::int64_t> deviceBegin;
};

struct Layout
{
    int chunks = 1;
    Placement placement = Placement::Linear;
    /// The previous stage's backward waits only for B (the zero-bubble schedules), not B and W.
    bool splitBackward = false;
};

/// Whether device d runs weight-gradient ops (its W time is above 0).
bool hasWeightOps(const Params &params, int device);

/// The times of `orders`: every op starts when its device is free and its input is there.
/// Throws std::logic_error when the orders deadlock or miss ops.
Result timeOrders(const Params &params, const Layout &layout, Orders orders);

/// A greedy list schedule's choices, simulated in time: a free device runs a ready B, else a
/// ready F its memory admits, else a pending W.
struct GreedyPolicy
{
    bool forwardFirst = false; ///< a ready F before a ready B
    /// A pending W whenever nothing is ready, even when a known input arrives before it ends
    /// (otherwise the device waits for that input).
    bool fillAlways = false;
    /// Device d's limit scaled by (p - d) / p, as 1F1B holds (at least what one microbatch needs).
    bool taper = false;
    /// With two chunks, the later stage's ops first when both are ready.
    bool laterChunkFirst = true;
};

/// The greedy list schedule within `limitMicrobatches` activations per device, or none when it
/// deadlocks. Linear placement with one chunk, or VShape with two.
std::optional<Orders> greedyOrders(const Params &params, Placement placement,
                                   double limitMicrobatches, const GreedyPolicy &policy);

/// The zero-bubble authors' heuristic (sail-sg/zero-bubble-pipeline-parallelism, scheduler/zb.py,
/// Graph.manual_order), re-implemented: one stage per device, memory counted as F +1, B 0, W -1
/// against `limitMicrobatches`; none where it reports that the memory cannot fit.
struct HeuristicFlags
{
    bool allowBubbleBeforeFirstB = false;
    bool prioritizeB = false;
    bool noBubbleGreedy = false;
};
std::optional<Orders> authorsHeuristicOrders(const Params &params, double limitMicrobatches,
                                             const HeuristicFlags &flags);

/// The zero-bubble authors' ZB-V construction (sail-sg/zero-bubble-pipeline-parallelism,
/// scheduler/zbv.py, PipelineGraph.try_v_schedule with its bubble-approval rounds),
/// re-implemented: two chunks per device in a V, memory counted in chunks as F +1, B 0, W -1
/// against twice `limitMicrobatches`; none where its placement rules cannot go on. zbv.py takes
/// one time per op kind: `meanCosts` plans with the devices' mean, else with each device's own.
std::optional<Orders> authorsVOrders(const Params &params, double limitMicrobatches, bool fillF,
                                     bool fillB, bool meanCosts);

/// ZB-H2, ZB-V or zb-auto: the fastest candidate order within the schedule's memory, telling
/// `progress` (when set) after each candidate; none when it returned false. zb-auto's candidates
/// are every other schedule's orders that fit its limit and the orders built for a fixed set of
/// limits up to it (steps of at most an eighth), so it is never slower than one of those nor than
/// within a smaller limit. A candidate that cannot be faster than the fastest found (a lower bound
/// on every order within its memory says so) is passed over, and counts as timed.
std::optional<Result> computeSearched(const Params &params, const SearchProgress &progress);
/// The candidate orders computeSearched times for `params`.
int searchedCandidates(const Params &params);

} // namespace pipeplan::schedule::detail
