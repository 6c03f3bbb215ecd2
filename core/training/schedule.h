#pragma once

#include "core/base/fields.h"

#include <QString>
#include <QStringView>

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

/// Training pipeline schedules (seed 001 "Pipeline parallelism", extended to training): p devices
/// each hold one stage of the model (or v chunks of it, interleaved), m microbatches flow through,
/// every one needs a forward (F), a backward for its input gradients (B) and a backward for the
/// weight gradients (W). A schedule is each device's order of those ops; times follow from it: an
/// op starts when its device is free and its input is ready.
namespace pipeplan::schedule {

enum class Kind : std::uint8_t
{
    GPipe,        ///< all forwards in microbatch order, then all backwards (Huang et al. 2019)
    OneFOneB,     ///< warm-up forwards, then one forward, one backward (PipeDream-Flush)
    Interleaved,  ///< Megatron-LM's interleaved 1F1B over v chunks per device (Narayanan 2021)
    ZeroBubbleH1, ///< ZB-H1: weight gradients deferred to fill the bubbles (Qi et al. 2024)
    /// ZB-H2: up to twice 1F1B's activations (2p microbatches) buy more warm-up forwards, which
    /// fill the warm-up bubble too; the fastest of ZB-H1 and searched orders within 2p.
    ZeroBubbleH2,
    /// ZB-V: two chunks per device placed in a V (device d holds stages d and 2p - 1 - d), so a
    /// microbatch's forward turns round on the last device; within 1F1B's activations.
    ZeroBubbleV,
    /// The fastest schedule found that never holds more than the memory limit on any device:
    /// the other schedules' orders that fit it, and the zero-bubble authors' heuristic, their
    /// ZB-V and greedy orders built for the limits up to it, all timed alike. Never slower than
    /// another schedule that fits the limit, nor than within a smaller limit.
    ZeroBubbleAuto
};

inline constexpr std::array<Kind, 7> kAllKinds{
    Kind::GPipe,        Kind::OneFOneB,    Kind::Interleaved,   Kind::ZeroBubbleH1,
    Kind::ZeroBubbleH2, Kind::ZeroBubbleV, Kind::ZeroBubbleAuto};

/// The CLI's and the scenario file's name: "gpipe", "1f1b", "interleaved", "zb-h1", "zb-h2",
/// "zb-v", "zb-auto".
QString keyOf(Kind kind);
/// What a person reads: "GPipe", "1F1B", "Interleaved 1F1B", "ZB-H1", "ZB-H2", "ZB-V",
/// "ZB-auto (memory limit)".
QString displayName(Kind kind);
std::optional<Kind> parseKind(QStringView key);
/// Every key, comma-separated, for messages: "gpipe, 1f1b, ..., zb-auto".
QString kindKeys();

/// Where the interleaved schedule's warm-up ends. Current Megatron-LM (and the zero-bubble
/// authors' vpp.py) warm device d up with min(2(p - d - 1) + (v - 1)p, m v) forwards for every m;
/// Megatron-LM of 2021 ran all m v forwards first whenever m = p.
enum class InterleavedRule : std::uint8_t
{
    Current,     ///< "current"
    Megatron2021 ///< "megatron-2021": all forwards first at m = p
};

QString keyOf(InterleavedRule rule);
std::optional<InterleavedRule> parseInterleavedRule(QStringView key);

/// How a device's chunks map to stages: chunk c of device d is stage c p + d (Linear), or for two
/// chunks stage d and 2p - 1 - d (VShape, ZB-V).
enum class Placement : std::uint8_t
{
    Linear,
    VShape
};

/// The memory inputs' checks (CLI flag keys): a limit in microbatches' activations held at once
/// (>= 1), bytes of one microbatch's activations on a device (its whole share; a chunk holds a
/// v-th) and the device memory left for activations.
extern const FieldSpec memoryLimitField;
extern const FieldSpec activationBytesField;
extern const FieldSpec deviceMemoryField;

enum class OpKind : std::uint8_t
{
    Forward,
    Backward, ///< input gradients (the whole backward when W = 0)
    Weight    ///< weight gradients
};

/// "forward", "backward", "weight" (the CLI's JSON).
QString keyOf(OpKind kind);

struct Params
{
    Kind kind = Kind::OneFOneB;
    int devices = 4;
    int microbatches = 8;
    /// Chunks per device; only the interleaved schedule uses more than one.
    int virtualStages = 1;
    /// Per device (one entry per device) or one entry for all devices; time of the device's whole
    /// share of the model, so each of its v chunks takes a v-th of it.
    std::vector<double> forwardMs{1.0};
    std::vector<double> backwardMs{2.0};
    /// 0: the weight gradients are computed inside B.
    std::vector<double> weightMs{0.0};
    /// Added between an op and its input when they sit on different devices.
    double commMs = 0;
    InterleavedRule interleavedRule = InterleavedRule::Current;
    /// The activation memory budget per device in microbatches held at once (the unit of
    /// Result::peakInFlight); zb-auto searches within it, every schedule is marked fitting or not.
    std::optional<double> memoryLimitMicrobatches;
    /// Bytes of one microbatch's activations on one device (all its chunks; a chunk holds a v-th)
    /// and the device memory for activations: their ratio is a limit in microbatches too.
    std::optional<double> activationBytesPerMicrobatch;
    std::optional<double> deviceMemoryBytes;
    bool operator==(const Params &) const = default;
};

/// The budget in microbatches: the smaller of memoryLimitMicrobatches and device memory over
/// activation bytes, whichever are given; none without either.
std::optional<double> memoryLimit(const Params &params);
/// The limit zb-auto searches within: memoryLimit(), else p (1F1B's and ZB-H1's activations).
double searchLimit(const Params &params);
/// Chunks per device the schedule runs: 2 for ZB-V, virtualStages otherwise.
int chunksPerDevice(const Params &params);

/// Upper bound on ops in one schedule: keeps its memory (32 bytes an op) and drawing bounded.
inline constexpr std::int64_t kMaxOps = 4'000'000;

/// Every field checked; errors name the CLI's flag keys ("forward_ms", "virtual_stages").
std::vector<FieldError> validate(const Params &params);

/// One op of the schedule on the time axis.
struct Op
{
    double startMs = 0;
    double endMs = 0;
    std::int32_t device = 0;
    std::int32_t microbatch = 0;
    std::int16_t chunk = 0;
    OpKind kind = OpKind::Forward;
    bool operator==(const Op &) const = default;
};

struct Result
{
    Params params;
    /// Device-major, each device's ops in the order it runs them: device d's ops are
    /// ops[deviceBegin[d] .. deviceBegin[d + 1]).
    std::vector<Op> ops;
    std::vector<std::int64_t> deviceBegin;
    double makespanMs = 0;
    double busyMs = 0; ///< summed op time over all devices
    /// Idle share of the schedule: 1 - busy / (p x makespan) (seed 001's convention).
    double bubbleFraction = 0;
    /// Idle time over ideal time, (p x makespan - busy) / busy (Megatron-LM's convention:
    /// (p - 1) / m for 1F1B, (p - 1) / (v m) interleaved).
    double bubbleRatio = 0;
    /// Per device, the most microbatches whose activations it holds at once (a forward started
    /// and its last backward op, W when there is one, not finished); a chunk counts 1 / v.
    std::vector<double> peakInFlight;
    double maxPeakInFlight() const;
    /// Chunks per device and their placement (ZB-V and zb-auto's V orders: VShape).
    int chunks = 1;
    Placement placement = Placement::Linear;
    /// For the searched schedules (ZB-H2, ZB-V, zb-auto): which order won, in words.
    QString origin;
    /// Whether the peak activations on every device stay within memoryLimit() (true without one).
    bool fitsMemory = true;
    bool operator==(const Result &) const = default;
};

/// Whether `kind` is searched (ZB-H2, ZB-V, zb-auto): it times many candidate orders, so its time
/// grows with devices x microbatches, and zb-auto's with its limit too (p = 16, m = 64 within 24:
/// about 0.1 s, BM_Schedule/zb_auto_16x64).
bool isSearched(Kind kind);
/// Searches up to this many devices x microbatches run where they are asked for, inside a live
/// update (p = 8, m = 32: about 3 ms); the window runs larger ones in the background with
/// progress (p = 16, m = 32 took 15 ms; p = 128, m = 4096 takes seconds).
inline constexpr std::int64_t kInlineSearchCells = std::int64_t{8} * 32;
/// isSearched(kind) and p x m above kInlineSearchCells.
bool searchesInBackground(const Params &params);
/// Candidate orders the schedule times (its progress total): 1 for a schedule that is not searched.
int searchCandidates(const Params &params);
/// Told after each candidate order: how many are timed so far and in all; false stops the search.
using SearchProgress = std::function<bool(int done, int total)>;

/// Each device's op order for the schedule, then the times: each device runs its ops in order
/// until one waits for an input, and is woken when a neighbour produces it, in O(ops) overall.
/// GPipe, 1F1B and interleaved treat B and W as one backward (the previous device waits for W
/// too); the zero-bubble schedules pass the input gradient on after B. ZB-H1 defers device d's W
/// by d steps, which fills the cool-down bubble. With uniform times this reproduces
/// (m + p - 1)(F + B + W) for GPipe and 1F1B, m(F+B+W) + (p - 1)(F+B+W) / v interleaved and,
/// for m >= p and W <= F, m(F+B+W) + (p - 1)(F + B - W) for ZB-H1 (with W > F a deferred W
/// no longer fits the gap it was deferred into and ZB-H1 takes longer than that form).
/// ZB-H2, ZB-V and zb-auto search several orders (see zbsearch.h) and keep the fastest.
/// Precondition: validate() is empty.
Result compute(const Params &params);
/// compute() reporting each candidate order it timed to `progress` (when set); none when
/// `progress` returned false (stopped).
std::optional<Result> compute(const Params &params, const SearchProgress &progress);

/// One step of a device's activation memory: from timeMs on it holds `microbatches`.
struct MemoryStep
{
    double timeMs = 0;
    double microbatches = 0;
    bool operator==(const MemoryStep &) const = default;
};

/// Activations held by `device` over time, a step function starting at 0 ms.
std::vector<MemoryStep> memoryOverTime(const Result &result, int device);

/// The entry of a per-device list for `device` (a one-entry list applies to all).
double perDevice(const std::vector<double> &values, int device);

} // namespace pipeplan::schedule
