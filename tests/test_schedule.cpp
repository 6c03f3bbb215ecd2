#include "core/plan/evaluation.h"
#include "core/training/schedule.h"

#include <gtest/gtest.h>

#include <iostream>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <string>

using namespace pipeplan;
using schedule::Kind;
using schedule::OpKind;

namespace {

schedule::Params uniform(Kind kind, int p, int m, double f, double b, double w = 0, int v = 1)
{
    schedule::Params params;
    params.kind = kind;
    params.devices = p;
    params.microbatches = m;
    params.virtualStages = v;
    params.forwardMs = {f};
    params.backwardMs = {b};
    params.weightMs = {w};
    return params;
}

schedule::Result computeValid(const schedule::Params &params)
{
    const std::vector<FieldError> errors = schedule::validate(params);
    EXPECT_TRUE(errors.empty()) << errors.front().toString().toStdString();
    return schedule::compute(params);
}

/// Idle time per device: (p x makespan - busy) / p.
double bubblePerDeviceMs(const schedule::Result &r)
{
    return (r.params.devices * r.makespanMs - r.busyMs) / r.params.devices;
}

/// The fields validate() names for `params`.
std::vector<std::string> fieldsOf(const schedule::Params &params)
{
    std::vector<std::string> fields;
    for (const FieldError &error : schedule::validate(params))
        fields.push_back(error.field.toStdString());
    return fields;
}

} // namespace

TEST(Schedule, KindKeysRoundTrip)
{
    for (Kind kind : schedule::kAllKinds)
        EXPECT_EQ(schedule::parseKind(schedule::keyOf(kind)), kind);
    EXPECT_EQ(schedule::parseKind(u"ZB-H1"), Kind::ZeroBubbleH1);
    EXPECT_EQ(schedule::parseKind(u"pipedream"), std::nullopt);
    EXPECT_EQ(schedule::keyOf(OpKind::Weight), QStringLiteral("weight"));
}

// GPipe and 1F1B with uniform times: (m + p - 1)(F + B), for m below p too (Huang et al. 2019;
// Narayanan et al. 2021).
TEST(Schedule, GPipeAndOneFOneBMakespanIsMPlusPMinusOneSlots)
{
    struct Case
    {
        int p;
        int m;
        double f;
        double b;
    };
    for (const Case c : {Case{4, 8, 1, 2}, Case{1, 5, 3, 4}, Case{2, 1, 1, 1}, Case{4, 2, 1, 2},
                         Case{8, 3, 0.5, 1.5}, Case{8, 32, 2, 3}, Case{5, 7, 1.25, 2.5}}) {
        for (Kind kind : {Kind::GPipe, Kind::OneFOneB}) {
            const schedule::Result r = computeValid(uniform(kind, c.p, c.m, c.f, c.b));
            SCOPED_TRACE(testing::Message()
                         << schedule::keyOf(kind).toStdString() << " p=" << c.p << " m=" << c.m);
            EXPECT_NEAR(r.makespanMs, (c.m + c.p - 1) * (c.f + c.b), 1e-9);
            EXPECT_NEAR(r.busyMs, c.p * c.m * (c.f + c.b), 1e-9);
        }
    }
    EXPECT_DOUBLE_EQ(computeValid(uniform(Kind::OneFOneB, 4, 8, 1, 2)).makespanMs, 33);
}

// A separate weight pass inside one backward: (m + p - 1)(F + B + W).
TEST(Schedule, WeightPassJoinsTheBackwardSlot)
{
    struct Case
    {
        int p;
        int m;
        double f;
        double b;
        double w;
    };
    for (const Case c : {Case{4, 8, 1, 2, 1}, Case{4, 2, 1, 1, 1}, Case{8, 16, 1, 1.5, 0.5},
                         Case{3, 9, 2, 2, 3}}) {
        for (Kind kind : {Kind::GPipe, Kind::OneFOneB}) {
            const schedule::Result r = computeValid(uniform(kind, c.p, c.m, c.f, c.b, c.w));
            EXPECT_NEAR(r.makespanMs, (c.m + c.p - 1) * (c.f + c.b + c.w), 1e-9)
                << schedule::keyOf(kind).toStdString() << " p=" << c.p << " m=" << c.m;
        }
    }
}

// Megatron-LM's interleaved schedule: m(F + B) + (p - 1)(F + B) / v for m a multiple of p.
TEST(Schedule, InterleavedDividesTheBubbleByV)
{
    struct Case
    {
        int p;
        int m;
        int v;
        double f;
        double b;
    };
    for (const Case c : {Case{4, 8, 2, 1, 2}, Case{4, 4, 2, 1, 2}, Case{4, 12, 3, 1, 1},
                         Case{8, 32, 8, 1, 2}, Case{2, 6, 4, 2, 3}, Case{8, 16, 2, 1.5, 2.5},
                         Case{1, 3, 4, 1, 2}, Case{4, 8, 1, 1, 2}}) {
        const schedule::Result r =
            computeValid(uniform(Kind::Interleaved, c.p, c.m, c.f, c.b, 0, c.v));
        EXPECT_NEAR(r.makespanMs, c.m * (c.f + c.b) + (c.p - 1) * (c.f + c.b) / c.v, 1e-9)
            << "p=" << c.p << " m=" << c.m << " v=" << c.v;
        EXPECT_NEAR(r.busyMs, c.p * c.m * (c.f + c.b), 1e-9);
    }
    // p = 4, m = 8, v = 2, F = 1, B = 2: 24 + 3 x 3 / 2.
    EXPECT_DOUBLE_EQ(computeValid(uniform(Kind::Interleaved, 4, 8, 1, 2, 0, 2)).makespanMs, 28.5);
}

// ZB-H1 (Qi et al. 2024): with F = B = W its bubble is a third of 1F1B's, (p - 1)(F + B - W)
// against (p - 1)(F + B + W).
TEST(Schedule, ZeroBubbleH1CutsTheBubbleToAThird)
{
    struct Case
    {
        int p;
        int m;
        double zbMakespan;
        double oneFOneBMakespan;
    };
    for (const Case c :
         {Case{4, 8, 27, 33}, Case{8, 32, 103, 117}, Case{4, 4, 15, 21}, Case{2, 16, 49, 51}}) {
        const schedule::Result zb = computeValid(uniform(Kind::ZeroBubbleH1, c.p, c.m, 1, 1, 1));
        const schedule::Result ofob = computeValid(uniform(Kind::OneFOneB, c.p, c.m, 1, 1, 1));
        SCOPED_TRACE(testing::Message() << "p=" << c.p << " m=" << c.m);
        EXPECT_DOUBLE_EQ(zb.makespanMs, c.zbMakespan);
        EXPECT_DOUBLE_EQ(ofob.makespanMs, c.oneFOneBMakespan);
        EXPECT_DOUBLE_EQ(zb.busyMs, ofob.busyMs);
        EXPECT_DOUBLE_EQ(bubblePerDeviceMs(zb), c.p - 1.0);
        EXPECT_DOUBLE_EQ(bubblePerDeviceMs(ofob), 3 * (c.p - 1.0));
    }
}

TEST(Schedule, ZeroBubbleH1WithUnequalPasses)
{
    // m(F + B + W) + (p - 1)(F + B - W) = 8 x 4 + 3 x 2.
    const schedule::Result zb = computeValid(uniform(Kind::ZeroBubbleH1, 4, 8, 1, 2, 1));
    EXPECT_DOUBLE_EQ(zb.makespanMs, 38);
    EXPECT_DOUBLE_EQ(bubblePerDeviceMs(zb), 6);
    // The same passes under 1F1B: (m + p - 1)(F + B + W) = 44.
    EXPECT_DOUBLE_EQ(computeValid(uniform(Kind::OneFOneB, 4, 8, 1, 2, 1)).makespanMs, 44);
}

// m < p leaves no steady state for the deferred weights to fill: ZB-H1 is then bound by its
// critical path, F and B through every stage and the first stage's W: 4 + 4 + 1.
TEST(Schedule, ZeroBubbleH1WithFewMicrobatches)
{
    EXPECT_DOUBLE_EQ(computeValid(uniform(Kind::ZeroBubbleH1, 4, 1, 1, 1, 1)).makespanMs, 9);
    EXPECT_DOUBLE_EQ(computeValid(uniform(Kind::ZeroBubbleH1, 2, 1, 1, 1, 1)).makespanMs, 5);
}

// Megatron-LM's order, p = 2, m = 4, v = 2: microbatches in groups of p through chunk 0, then
// chunk 1; backwards visit the chunks in reverse. Device 0 warms up with 2(p - 1) + (v - 1)p = 4
// forwards, device 1 with 2.
TEST(Schedule, InterleavedRunOrder)
{
    const schedule::Result r = computeValid(uniform(Kind::Interleaved, 2, 4, 1, 2, 0, 2));
    struct Entry
    {
        OpKind kind;
        int microbatch;
        int chunk;
    };
    const auto order = [&r](int device) {
        std::vector<Entry> entries;
        for (auto i = r.deviceBegin[static_cast<std::size_t>(device)];
             i < r.deviceBegin[static_cast<std::size_t>(device) + 1]; ++i) {
            const schedule::Op &op = r.ops[static_cast<std::size_t>(i)];
            entries.push_back({op.kind, op.microbatch, op.chunk});
        }
        return entries;
    };
    const auto expectOrder = [&order](int device, const std::vector<Entry> &expected) {
        const std::vector<Entry> actual = order(device);
        ASSERT_EQ(actual.size(), expected.size());
        for (std::size_t i = 0; i < actual.size(); ++i) {
            EXPECT_EQ(actual[i].kind, expected[i].kind) << "device " << device << " op " << i;
            EXPECT_EQ(actual[i].microbatch, expected[i].microbatch)
                << "device " << device << " op " << i;
            EXPECT_EQ(actual[i].chunk, expected[i].chunk) << "device " << device << " op " << i;
        }
    };
    constexpr OpKind F = OpKind::Forward;
    constexpr OpKind B = OpKind::Backward;
    expectOrder(0, {{F, 0, 0},
                    {F, 1, 0},
                    {F, 0, 1},
                    {F, 1, 1},
                    {F, 2, 0},
                    {B, 0, 1},
                    {F, 3, 0},
                    {B, 1, 1},
                    {F, 2, 1},
                    {B, 0, 0},
                    {F, 3, 1},
                    {B, 1, 0},
                    {B, 2, 1},
                    {B, 3, 1},
                    {B, 2, 0},
                    {B, 3, 0}});
    expectOrder(1, {{F, 0, 0},
                    {F, 1, 0},
                    {F, 0, 1},
                    {B, 0, 1},
                    {F, 1, 1},
                    {B, 1, 1},
                    {F, 2, 0},
                    {B, 0, 0},
                    {F, 3, 0},
                    {B, 1, 0},
                    {F, 2, 1},
                    {B, 2, 1},
                    {F, 3, 1},
                    {B, 3, 1},
                    {B, 2, 0},
                    {B, 3, 0}});
    // m(F + B) + (p - 1)(F + B) / v = 12 + 1.5.
    EXPECT_DOUBLE_EQ(r.makespanMs, 13.5);
}

// Reference values, "Pipeline bubbles: two conventions".
TEST(Schedule, BubbleFractionAndRatioConventions)
{
    const schedule::Result seed001 = computeValid(uniform(Kind::OneFOneB, 4, 8, 1, 2));
    EXPECT_NEAR(seed001.bubbleFraction, 3.0 / 11.0, 1e-12); // (p - 1) / (m + p - 1)
    EXPECT_NEAR(seed001.bubbleFraction, 0.2727, 5e-5);
    EXPECT_NEAR(seed001.bubbleRatio, 3.0 / 8.0, 1e-12); // (p - 1) / m

    struct Case
    {
        int m;
        int v;
        double ratio;
    };
    // The Ultra-Scale Playbook, p = 8.
    for (const Case c :
         {Case{1, 1, 7.0}, Case{4, 1, 1.75}, Case{32, 1, 0.21875}, Case{32, 8, 0.02734375}}) {
        const Kind kind = c.v > 1 ? Kind::Interleaved : Kind::OneFOneB;
        const schedule::Result r = computeValid(uniform(kind, 8, c.m, 1, 2, 0, c.v));
        EXPECT_NEAR(r.bubbleRatio, c.ratio, 1e-12) << "m=" << c.m << " v=" << c.v;
        EXPECT_NEAR(r.bubbleFraction, c.ratio / (1 + c.ratio), 1e-12)
            << "m=" << c.m << " v=" << c.v;
    }
    // GPipe has the same bubble as 1F1B.
    EXPECT_NEAR(computeValid(uniform(Kind::GPipe, 4, 8, 1, 2)).bubbleFraction, 3.0 / 11.0, 1e-12);
}

// Peak activations in flight: GPipe holds all m, 1F1B p - d on device d (Narayanan et al. 2021).
TEST(Schedule, PeakInFlight)
{
    const schedule::Result gpipe = computeValid(uniform(Kind::GPipe, 4, 8, 1, 2));
    EXPECT_EQ(gpipe.peakInFlight, (std::vector<double>{8, 8, 8, 8}));
    EXPECT_EQ(computeValid(uniform(Kind::GPipe, 4, 8, 1, 2, 1)).peakInFlight,
              (std::vector<double>{8, 8, 8, 8}));

    const schedule::Result ofob = computeValid(uniform(Kind::OneFOneB, 4, 8, 1, 2));
    EXPECT_EQ(ofob.peakInFlight, (std::vector<double>{4, 3, 2, 1}));
    EXPECT_DOUBLE_EQ(ofob.maxPeakInFlight(), 4);
    const schedule::Result ofob8 = computeValid(uniform(Kind::OneFOneB, 8, 8, 1, 2, 1));
    for (int d = 0; d < 8; ++d)
        EXPECT_DOUBLE_EQ(ofob8.peakInFlight[static_cast<std::size_t>(d)], 8 - d) << d;
    // m < p: only m can be in flight.
    EXPECT_EQ(computeValid(uniform(Kind::OneFOneB, 4, 2, 1, 2)).peakInFlight,
              (std::vector<double>{2, 2, 2, 1}));

    // ZB-H1 holds each activation until its deferred W: device d's d pending weights lift every
    // device to p, 1F1B's worst.
    const schedule::Result zb = computeValid(uniform(Kind::ZeroBubbleH1, 4, 8, 1, 2, 1));
    EXPECT_EQ(zb.peakInFlight, (std::vector<double>{4, 4, 4, 4}));
    EXPECT_DOUBLE_EQ(zb.maxPeakInFlight(), ofob.maxPeakInFlight());
    EXPECT_DOUBLE_EQ(computeValid(uniform(Kind::ZeroBubbleH1, 8, 32, 1, 1, 1)).maxPeakInFlight(),
                     8);

    // Interleaved, p = 4, m = 8, v = 2: device d warms up with 2(p - d - 1) + (v - 1)p chunk
    // forwards and runs one more before its first backward; a chunk is 1 / v of a microbatch.
    // Device 0: (6 + 4 + 1) / 2 = 5.5; device 3: (0 + 4 + 1) / 2 = 2.5.
    const schedule::Result interleaved = computeValid(uniform(Kind::Interleaved, 4, 8, 1, 2, 0, 2));
    EXPECT_EQ(interleaved.peakInFlight, (std::vector<double>{5.5, 4.5, 3.5, 2.5}));
    for (std::size_t d = 0; d < 4; ++d)
        EXPECT_GT(interleaved.peakInFlight[d], ofob.peakInFlight[d]) << d;
}

TEST(Schedule, MemoryOverTimeRisesToPAndEmpties)
{
    const schedule::Result r = computeValid(uniform(Kind::OneFOneB, 4, 8, 1, 2));
    const std::vector<schedule::MemoryStep> steps = schedule::memoryOverTime(r, 0);
    ASSERT_FALSE(steps.empty());
    EXPECT_DOUBLE_EQ(steps.front().timeMs, 0);
    EXPECT_DOUBLE_EQ(steps.front().microbatches, 0);
    // Warm-up: 0 -> 1 -> 2 -> 3 -> 4 at the starts of device 0's first four forwards.
    ASSERT_GE(steps.size(), 5U);
    for (int k = 1; k <= 4; ++k) {
        EXPECT_DOUBLE_EQ(steps[static_cast<std::size_t>(k)].microbatches, k);
        EXPECT_DOUBLE_EQ(steps[static_cast<std::size_t>(k)].timeMs, k - 1.0);
    }
    double peak = 0;
    for (std::size_t i = 1; i < steps.size(); ++i) {
        EXPECT_GE(steps[i].timeMs, steps[i - 1].timeMs) << i;
        peak = std::max(peak, steps[i].microbatches);
    }
    EXPECT_DOUBLE_EQ(peak, 4);
    // One step up per forward, one down per backward: 1 + 2m steps, the last at the makespan.
    EXPECT_EQ(steps.size(), 17U);
    EXPECT_DOUBLE_EQ(steps.back().microbatches, 0);
    EXPECT_DOUBLE_EQ(steps.back().timeMs, r.makespanMs);
    // Out of range: the empty step function.
    EXPECT_EQ(schedule::memoryOverTime(r, 4).size(), 1U);
}

TEST(Schedule, ValidateNamesTheField)
{
    schedule::Params p = uniform(Kind::Interleaved, 4, 6, 1, 2, 0, 2);
    EXPECT_EQ(fieldsOf(p), (std::vector<std::string>{"microbatches"}));
    p.microbatches = 8;
    EXPECT_TRUE(fieldsOf(p).empty());
    p.virtualStages = 0;
    EXPECT_EQ(fieldsOf(p), (std::vector<std::string>{"virtual_stages"}));

    schedule::Params ofob = uniform(Kind::OneFOneB, 4, 8, 1, 2);
    ofob.virtualStages = 2;
    EXPECT_EQ(fieldsOf(ofob), (std::vector<std::string>{"virtual_stages"}));
    ofob.virtualStages = 0;
    EXPECT_EQ(fieldsOf(ofob), (std::vector<std::string>{"virtual_stages"}));

    schedule::Params times = uniform(Kind::OneFOneB, 4, 8, -1, 2);
    EXPECT_EQ(fieldsOf(times), (std::vector<std::string>{"forward_ms"}));
    times.forwardMs = {1};
    times.backwardMs = {1, 2, std::numeric_limits<double>::quiet_NaN(), 4};
    const std::vector<FieldError> nan = schedule::validate(times);
    ASSERT_EQ(nan.size(), 1U);
    EXPECT_EQ(nan.front().field, QStringLiteral("backward_ms[2]"));
    EXPECT_TRUE(nan.front().message.contains(QStringLiteral("NaN")));
    times.backwardMs = {2};
    times.weightMs = {1, 1, 1};
    const std::vector<FieldError> length = schedule::validate(times);
    ASSERT_EQ(length.size(), 1U);
    EXPECT_EQ(length.front().field, QStringLiteral("weight_ms"));
    EXPECT_TRUE(length.front().message.contains(QStringLiteral("3 values for 4 devices")));
    times.weightMs = {-0.5};
    EXPECT_EQ(fieldsOf(times), (std::vector<std::string>{"weight_ms"}));
    times.weightMs = {};
    EXPECT_EQ(fieldsOf(times), (std::vector<std::string>{"weight_ms"}));
    times.weightMs = {0};
    times.commMs = std::numeric_limits<double>::infinity();
    EXPECT_EQ(fieldsOf(times), (std::vector<std::string>{"comm_ms"}));

    schedule::Params big = uniform(Kind::Interleaved, 1024, 1024, 1, 2, 0, 4);
    const std::vector<FieldError> tooMany = schedule::validate(big);
    ASSERT_EQ(tooMany.size(), 1U);
    EXPECT_EQ(tooMany.front().field, QStringLiteral("microbatches"));
    EXPECT_TRUE(tooMany.front().message.contains(QStringLiteral("at most")));
    // At most 4M ops, 3 per (stage, microbatch) cell: 1,333,000 cells fit, 1,334,000 do not.
    big = uniform(Kind::OneFOneB, 1000, 1333, 1, 2);
    EXPECT_TRUE(fieldsOf(big).empty());
    big.microbatches = 1334;
    EXPECT_EQ(fieldsOf(big), (std::vector<std::string>{"microbatches"}));
}

// Random schedules, per-device times and communication: every op waits for its input, no device
// runs two ops at once, every (stage, microbatch) has one F, one B and one W exactly when its
// device has a weight pass, and the summary numbers follow from the ops.
TEST(Schedule, RandomSchedulesRespectEveryDependency)
{
    std::mt19937_64 rng(20240611);
    const auto uniformInt = [&rng](int lo, int hi) {
        return std::uniform_int_distribution<int>(lo, hi)(rng);
    };
    const auto realIn = [&rng](double lo, double hi) {
        return std::uniform_real_distribution<double>(lo, hi)(rng);
    };
    constexpr double kEps = 1e-9;
    for (int trial = 0; trial < 200; ++trial) {
        schedule::Params params;
        params.kind = schedule::kAllKinds[static_cast<std::size_t>(uniformInt(0, 3))];
        const int p = uniformInt(1, 8);
        params.devices = p;
        params.virtualStages = params.kind == Kind::Interleaved ? uniformInt(1, 4) : 1;
        params.microbatches = params.kind == Kind::Interleaved
                                  ? p * uniformInt(1, std::max(1, 16 / p))
                                  : uniformInt(1, 16);
        const auto times = [&](double lo, double hi, bool maybeZero) {
            std::vector<double> values(uniformInt(0, 1) == 0 ? std::size_t{1}
                                                             : static_cast<std::size_t>(p));
            for (double &value : values)
                value = maybeZero && uniformInt(0, 2) == 0 ? 0.0 : realIn(lo, hi);
            return values;
        };
        params.forwardMs = times(0.1, 5, false);
        params.backwardMs = times(0.1, 10, false);
        params.weightMs = uniformInt(0, 2) == 0 ? std::vector<double>{0.0} : times(0.1, 5, true);
        params.commMs = uniformInt(0, 1) == 0 ? 0.0 : realIn(0, 2);
        ASSERT_TRUE(schedule::validate(params).empty()) << trial;

        const schedule::Result r = schedule::compute(params);
        SCOPED_TRACE(testing::Message()
                     << "trial " << trial << ": " << schedule::keyOf(params.kind).toStdString()
                     << " p=" << p << " m=" << params.microbatches
                     << " v=" << params.virtualStages);
        const int v = params.virtualStages;
        const int m = params.microbatches;
        const int stages = p * v;
        const double comm = p > 1 ? params.commMs : 0.0;
        const auto hasW = [&](int device) {
            return schedule::perDevice(params.weightMs, device) > 0;
        };

        // Every (kind, stage, microbatch) once; remember its op.
        const auto cellOf = [m](int stage, int microbatch) {
            return static_cast<std::size_t>(stage) * static_cast<std::size_t>(m) +
                   static_cast<std::size_t>(microbatch);
        };
        const std::size_t cells = cellOf(stages, 0);
        std::array<std::vector<const schedule::Op *>, 3> found;
        for (auto &kind : found)
            kind.assign(cells, nullptr);
        ASSERT_EQ(r.deviceBegin.size(), static_cast<std::size_t>(p) + 1);
        ASSERT_EQ(r.deviceBegin.back(), static_cast<std::int64_t>(r.ops.size()));
        double busy = 0;
        double lastEnd = 0;
        for (int d = 0; d < p; ++d) {
            const auto first = static_cast<std::size_t>(r.deviceBegin[static_cast<std::size_t>(d)]);
            const auto last =
                static_cast<std::size_t>(r.deviceBegin[static_cast<std::size_t>(d) + 1]);
            std::vector<const schedule::Op *> byStart;
            for (std::size_t i = first; i < last; ++i) {
                const schedule::Op &op = r.ops[i];
                ASSERT_EQ(op.device, d);
                ASSERT_GE(op.chunk, 0);
                ASSERT_LT(op.chunk, v);
                ASSERT_GE(op.microbatch, 0);
                ASSERT_LT(op.microbatch, m);
                const double perChunk =
                    schedule::perDevice(op.kind == OpKind::Forward    ? params.forwardMs
                                        : op.kind == OpKind::Backward ? params.backwardMs
                                                                      : params.weightMs,
                                        d) /
                    v;
                EXPECT_NEAR(op.endMs - op.startMs, perChunk, kEps);
                EXPECT_GE(op.startMs, 0);
                busy += op.endMs - op.startMs;
                lastEnd = std::max(lastEnd, op.endMs);
                const int stage = op.chunk * p + d;
                const std::size_t cell = cellOf(stage, op.microbatch);
                const schedule::Op *&slot = found[static_cast<int>(op.kind)][cell];
                EXPECT_EQ(slot, nullptr) << "duplicate op";
                slot = &op;
                byStart.push_back(&op);
            }
            std::sort(byStart.begin(), byStart.end(),
                      [](const schedule::Op *a, const schedule::Op *b) {
                          return a->startMs < b->startMs;
                      });
            for (std::size_t i = 1; i < byStart.size(); ++i)
                EXPECT_GE(byStart[i]->startMs, byStart[i - 1]->endMs - kEps) << "device " << d;
        }
        EXPECT_NEAR(r.makespanMs, lastEnd, kEps);
        EXPECT_NEAR(r.busyMs, busy, 1e-9 * std::max(1.0, busy));
        EXPECT_NEAR(r.bubbleFraction, 1 - busy / (p * lastEnd), 1e-9);

        for (int stage = 0; stage < stages; ++stage) {
            const int device = stage % p;
            for (int j = 0; j < m; ++j) {
                const std::size_t cell = cellOf(stage, j);
                const schedule::Op *f = found[0][cell];
                const schedule::Op *b = found[1][cell];
                const schedule::Op *w = found[2][cell];
                ASSERT_NE(f, nullptr) << "no F, stage " << stage << " mb " << j;
                ASSERT_NE(b, nullptr) << "no B, stage " << stage << " mb " << j;
                ASSERT_EQ(w != nullptr, hasW(device)) << "W, stage " << stage << " mb " << j;
                if (stage > 0) {
                    const schedule::Op *prev = found[0][cellOf(stage - 1, j)];
                    ASSERT_NE(prev, nullptr);
                    EXPECT_GE(f->startMs, prev->endMs + comm - kEps);
                }
                if (stage == stages - 1) {
                    EXPECT_GE(b->startMs, f->endMs - kEps);
                } else {
                    const std::size_t nextCell = cellOf(stage + 1, j);
                    const int nextDevice = (stage + 1) % p;
                    const bool waitsForWeight =
                        params.kind != Kind::ZeroBubbleH1 && hasW(nextDevice);
                    const schedule::Op *grad = found[waitsForWeight ? 2 : 1][nextCell];
                    ASSERT_NE(grad, nullptr);
                    EXPECT_GE(b->startMs, grad->endMs + comm - kEps);
                }
                // Nothing goes backward before its own forward.
                EXPECT_GE(b->startMs, f->endMs - kEps);
                if (w != nullptr) {
                    EXPECT_GE(w->startMs, b->endMs - kEps);
                }
            }
        }
        std::size_t expectedOps = 0;
        for (int d = 0; d < p; ++d)
            expectedOps +=
                static_cast<std::size_t>(m) * static_cast<std::size_t>(v) * (hasW(d) ? 3U : 2U);
        EXPECT_EQ(r.ops.size(), expectedOps);
        if (testing::Test::HasFatalFailure())
            return;
    }
}

// Worked by hand: 1F1B, p = 2, m = 2, device 1 twice as slow (F 1 | 2 ms, B 2 | 4 ms).
// Device 0: F0 [0, 1], F1 [1, 2], B0 [7, 9], B1 [13, 15]; device 1: F0 [1, 3], B0 [3, 7],
// F1 [7, 9], B1 [9, 13]. The slow device sets the pace: 9 + (m - 1) x 6 = 15.
TEST(Schedule, PerDeviceTimesAndCommunicationByHand)
{
    schedule::Params params = uniform(Kind::OneFOneB, 2, 2, 1, 2);
    params.forwardMs = {1, 2};
    params.backwardMs = {2, 4};
    const schedule::Result r = computeValid(params);
    const auto op = [](double start, double end, int device, int microbatch, OpKind kind) {
        return schedule::Op{start, end, device, microbatch, 0, kind};
    };
    EXPECT_EQ(r.ops, (std::vector<schedule::Op>{
                         op(0, 1, 0, 0, OpKind::Forward), op(1, 2, 0, 1, OpKind::Forward),
                         op(7, 9, 0, 0, OpKind::Backward), op(13, 15, 0, 1, OpKind::Backward),
                         op(1, 3, 1, 0, OpKind::Forward), op(3, 7, 1, 0, OpKind::Backward),
                         op(7, 9, 1, 1, OpKind::Forward), op(9, 13, 1, 1, OpKind::Backward)}));
    EXPECT_EQ(r.deviceBegin, (std::vector<std::int64_t>{0, 4, 8}));
    EXPECT_DOUBLE_EQ(r.makespanMs, 15);
    EXPECT_DOUBLE_EQ(r.busyMs, 18);
    EXPECT_DOUBLE_EQ(r.bubbleFraction, 1 - 18.0 / 30);
    // 0.5 ms between the devices: device 1 starts at 1.5; device 0's B0 at 7.5 + 0.5 and B1 at
    // 13.5 + 0.5, ending at 16.
    params.commMs = 0.5;
    const schedule::Result withComm = computeValid(params);
    EXPECT_DOUBLE_EQ(withComm.ops[2].startMs, 8);
    EXPECT_DOUBLE_EQ(withComm.ops[4].startMs, 1.5);
    EXPECT_DOUBLE_EQ(withComm.makespanMs, 16);
    // One device: no communication to pay.
    params.devices = 1;
    params.forwardMs = {1};
    params.backwardMs = {2};
    EXPECT_DOUBLE_EQ(computeValid(params).makespanMs, 6);
}

// ---- Issue 22: ZB-H2, ZB-V, zb-auto, current Megatron-LM interleaving, memory limits ----

namespace {

/// Per-device times from a short pattern repeated over p devices.
std::vector<double> tiled(const std::vector<double> &pattern, int p)
{
    std::vector<double> values(static_cast<std::size_t>(p));
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = pattern[i % pattern.size()];
    return values;
}

schedule::Params perDevice(Kind kind, int p, int m, const std::vector<double> &f,
                           const std::vector<double> &b, const std::vector<double> &w, double comm)
{
    schedule::Params params = uniform(kind, p, m, 1, 1);
    params.forwardMs = tiled(f, p);
    params.backwardMs = tiled(b, p);
    params.weightMs = tiled(w, p);
    params.commMs = comm;
    return params;
}

// Pattern A of the issue's example, B another unequal mix.
const std::vector<double> kForwardA{1, 1.75, 1.5, 1.25};
const std::vector<double> kBackwardA{2.5, 2, 3, 2.5};
const std::vector<double> kWeightA{0.5, 0.75, 1, 0.5};
const std::vector<double> kForwardB{1.2, 0.8, 1.0, 1.4};
const std::vector<double> kBackwardB{2.0, 2.6, 1.8, 2.2};
const std::vector<double> kWeightB{1.1, 0.9, 1.3, 0.7};

/// Every dependency of a zero-bubble schedule holds on its placement (linear or V): a forward
/// after the previous stage's, a backward after the next stage's B (the split), W after B, no two
/// ops of a device overlapping; makespan and peaks as reported.
void expectValidZeroBubble(const schedule::Result &r)
{
    constexpr double kEps = 1e-9;
    const schedule::Params &params = r.params;
    const int p = params.devices;
    const int m = params.microbatches;
    const int v = r.chunks;
    const int stages = p * v;
    const double comm = p > 1 ? params.commMs : 0.0;
    const bool vShape = r.placement == schedule::Placement::VShape;
    const auto stageOf = [&](int d, int c) { return vShape && c == 1 ? 2 * p - 1 - d : c * p + d; };
    const auto deviceOf = [&](int s) { return vShape ? (s < p ? s : 2 * p - 1 - s) : s % p; };
    std::vector<std::array<const schedule::Op *, 3>> found(static_cast<std::size_t>(stages * m),
                                                           {nullptr, nullptr, nullptr});
    double lastEnd = 0;
    for (int d = 0; d < p; ++d) {
        double free = 0;
        for (auto i = r.deviceBegin[static_cast<std::size_t>(d)];
             i < r.deviceBegin[static_cast<std::size_t>(d) + 1]; ++i) {
            const schedule::Op &op = r.ops[static_cast<std::size_t>(i)];
            ASSERT_EQ(op.device, d);
            EXPECT_GE(op.startMs, free - kEps) << "overlap on device " << d;
            free = op.endMs;
            lastEnd = std::max(lastEnd, op.endMs);
            const auto cell = static_cast<std::size_t>(stageOf(d, op.chunk) * m + op.microbatch);
            auto &slot = found[cell][static_cast<std::size_t>(op.kind)];
            ASSERT_EQ(slot, nullptr) << "duplicate op";
            slot = &op;
        }
    }
    EXPECT_NEAR(r.makespanMs, lastEnd, kEps);
    for (int s = 0; s < stages; ++s) {
        for (int j = 0; j < m; ++j) {
            const auto &cell = found[static_cast<std::size_t>(s * m + j)];
            ASSERT_NE(cell[0], nullptr);
            ASSERT_NE(cell[1], nullptr);
            if (s > 0) {
                const double delay = deviceOf(s - 1) == deviceOf(s) ? 0 : comm;
                EXPECT_GE(cell[0]->startMs,
                          found[static_cast<std::size_t>((s - 1) * m + j)][0]->endMs + delay -
                              kEps);
            }
            if (s + 1 < stages) {
                const double delay = deviceOf(s + 1) == deviceOf(s) ? 0 : comm;
                EXPECT_GE(cell[1]->startMs,
                          found[static_cast<std::size_t>((s + 1) * m + j)][1]->endMs + delay -
                              kEps);
            }
            EXPECT_GE(cell[1]->startMs, cell[0]->endMs - kEps);
            if (cell[2] != nullptr) {
                EXPECT_GE(cell[2]->startMs, cell[1]->endMs - kEps);
            }
        }
    }
}

} // namespace

TEST(ScheduleZeroBubble, NewKeysRoundTrip)
{
    EXPECT_EQ(schedule::parseKind(u"zb-h2"), Kind::ZeroBubbleH2);
    EXPECT_EQ(schedule::parseKind(u"zb-v"), Kind::ZeroBubbleV);
    EXPECT_EQ(schedule::parseKind(u"zb-auto"), Kind::ZeroBubbleAuto);
    EXPECT_EQ(schedule::parseInterleavedRule(u"megatron-2021"),
              schedule::InterleavedRule::Megatron2021);
    EXPECT_EQ(schedule::parseInterleavedRule(u"current"), schedule::InterleavedRule::Current);
    EXPECT_EQ(schedule::parseInterleavedRule(u"2019"), std::nullopt);
}

// The closed form m(F+B+W) + (p-1)(F+B-W) holds for W <= F; with W > F a deferred W no longer
// fits the gap it fills and ZB-H1 takes longer (all three peer implementations agree).
TEST(ScheduleZeroBubble, ZbH1ClosedFormOnlyForWAtMostF)
{
    const auto form = [](int p, int m, double f, double b, double w) {
        return m * (f + b + w) + (p - 1) * (f + b - w);
    };
    EXPECT_DOUBLE_EQ(computeValid(uniform(Kind::ZeroBubbleH1, 4, 8, 1, 2, 1)).makespanMs,
                     form(4, 8, 1, 2, 1));
    EXPECT_DOUBLE_EQ(computeValid(uniform(Kind::ZeroBubbleH1, 4, 8, 1.5, 2, 1)).makespanMs,
                     form(4, 8, 1.5, 2, 1));
    const double longer = computeValid(uniform(Kind::ZeroBubbleH1, 4, 8, 1, 2, 2)).makespanMs;
    EXPECT_GT(longer, form(4, 8, 1, 2, 2) + 0.5);
    EXPECT_DOUBLE_EQ(longer, 46); // the form gives 43
}

// The issue's example: current Megatron-LM warms up min(2(p-d-1) + (v-1)p, mv) at m = p too.
TEST(ScheduleZeroBubble, InterleavedFollowsCurrentMegatronByDefault)
{
    schedule::Params params =
        perDevice(Kind::Interleaved, 8, 8, {1, 1.75, 1.5, 1.25}, {2.5, 2, 3, 2.5, 2, 3, 2.5, 2},
                  {0.5, 0.75, 1, 0.5, 0.75, 1, 0.5, 0.75}, 0);
    params.virtualStages = 2;
    EXPECT_DOUBLE_EQ(computeValid(params).makespanMs, 57.75);
    params.interleavedRule = schedule::InterleavedRule::Megatron2021;
    EXPECT_DOUBLE_EQ(computeValid(params).makespanMs, 61.25);
    // With equal times the two rules take the same time; for m > p they are the same order.
    for (auto rule :
         {schedule::InterleavedRule::Current, schedule::InterleavedRule::Megatron2021}) {
        schedule::Params equal = uniform(Kind::Interleaved, 4, 4, 1, 2, 1, 2);
        equal.interleavedRule = rule;
        EXPECT_DOUBLE_EQ(computeValid(equal).makespanMs, 4 * 4 + 3 * 4 / 2.0);
        schedule::Params more = params;
        more.microbatches = 16;
        more.interleavedRule = rule;
        schedule::Params current = more;
        current.interleavedRule = schedule::InterleavedRule::Current;
        EXPECT_EQ(computeValid(more).ops, computeValid(current).ops);
    }
}

// ZB-H2 with comm 0, m >= 2p and B = 2W reaches (p-1)F + m(F+B+W) (= the paper's
// m(F+B+W) + (p-1)(F+B-2W)): the last device never idles after its first forward. Within 2p
// activations that needs (p-1)B <= (2p-1)F (the first device fills the wait for its first B
// with at most 2p forwards), so F >= W here.
TEST(ScheduleZeroBubble, ZbH2ReachesTheLowerBound)
{
    EXPECT_DOUBLE_EQ(computeValid(uniform(Kind::ZeroBubbleH2, 4, 8, 1, 2, 1)).makespanMs, 35);
    for (int p : {2, 3, 4, 6, 8}) {
        for (int m : {2 * p, 3 * p, 4 * p}) {
            for (double f : {1.0, 1.5, 2.0}) {
                for (double w : {0.5, 1.0}) {
                    const double b = 2 * w;
                    const schedule::Result r =
                        computeValid(uniform(Kind::ZeroBubbleH2, p, m, f, b, w));
                    EXPECT_NEAR(r.makespanMs, (p - 1) * f + m * (f + b + w), 1e-9)
                        << "p=" << p << " m=" << m << " F=" << f << " W=" << w;
                    EXPECT_LE(r.maxPeakInFlight(), 2 * p);
                }
            }
        }
    }
    // Below that (F < W here) no schedule within 2p reaches the bound: device 0's first B
    // cannot start before pF + (p-1)B, and until then it can run at most 2p forwards, so it idles
    // at least (p-1)B - pF. ZB-H2 reaches m(F+B+W) + max((p-1)F, (p-1)B - pF) exactly.
    for (int p : {2, 4, 8}) {
        for (int m : {2 * p, 3 * p}) {
            for (double f : {0.25, 0.5, 0.75}) {
                const double b = 2;
                const double w = 1;
                const schedule::Result r = computeValid(uniform(Kind::ZeroBubbleH2, p, m, f, b, w));
                const double tight = m * (f + b + w) + std::max((p - 1) * f, (p - 1) * b - p * f);
                EXPECT_NEAR(r.makespanMs, tight, 1e-9) << "p=" << p << " m=" << m << " F=" << f;
                if ((p - 1) * b > (2 * p - 1) * f) {
                    EXPECT_GT(r.makespanMs, (p - 1) * f + m * (f + b + w));
                }
                EXPECT_LE(r.maxPeakInFlight(), 2 * p);
            }
        }
    }
    // B < 2W: the paper's form drops below the bound (F = B = W would be 3m); test the bound.
    for (int p : {2, 4, 8}) {
        const int m = 2 * p;
        const schedule::Result r = computeValid(uniform(Kind::ZeroBubbleH2, p, m, 1, 1, 1));
        EXPECT_GE(r.makespanMs, (p - 1) * 1.0 + m * 3.0 - 1e-9);
        EXPECT_GT(r.makespanMs, 3.0 * m);
    }
}

TEST(ScheduleZeroBubble, ZbH2NeverSlowerThanZbH1AndZbVNeverAbove1F1B)
{
    for (int p : {1, 2, 3, 4, 8}) {
        for (int m : {p, 2 * p, 3 * p}) {
            for (int pattern = 0; pattern < 3; ++pattern) {
                const std::vector<double> f = pattern == 0   ? kForwardA
                                              : pattern == 1 ? kForwardB
                                                             : std::vector<double>{1};
                const std::vector<double> b = pattern == 0   ? kBackwardA
                                              : pattern == 1 ? kBackwardB
                                                             : std::vector<double>{2};
                const std::vector<double> w = pattern == 0   ? kWeightA
                                              : pattern == 1 ? kWeightB
                                                             : std::vector<double>{1};
                for (double comm : {0.0, 0.1, 0.3}) {
                    SCOPED_TRACE(testing::Message() << "p=" << p << " m=" << m << " pattern "
                                                    << pattern << " comm " << comm);
                    const auto h1 =
                        computeValid(perDevice(Kind::ZeroBubbleH1, p, m, f, b, w, comm));
                    const auto h2 =
                        computeValid(perDevice(Kind::ZeroBubbleH2, p, m, f, b, w, comm));
                    EXPECT_LE(h2.makespanMs, h1.makespanMs + 1e-9);
                    EXPECT_LE(h2.maxPeakInFlight(), 2 * p);
                    expectValidZeroBubble(h2);
                    const auto ofob = computeValid(perDevice(Kind::OneFOneB, p, m, f, b, w, comm));
                    const auto zbv =
                        computeValid(perDevice(Kind::ZeroBubbleV, p, m, f, b, w, comm));
                    EXPECT_EQ(zbv.chunks, 2);
                    EXPECT_EQ(zbv.placement, schedule::Placement::VShape);
                    EXPECT_LE(zbv.makespanMs, ofob.makespanMs + 1e-9);
                    EXPECT_LE(zbv.maxPeakInFlight(), ofob.maxPeakInFlight() + 1e-9);
                    expectValidZeroBubble(zbv);
                }
            }
        }
    }
}

// zb-auto against the zero-bubble authors' heuristic (sail-sg/zero-bubble-pipeline-parallelism,
// megatron/core/pipeline_parallel/zerobubble/scheduler/zb.py: initial_solution over its eight
// manual_order variants, memory F +1, B 0, W -1, max_mem = the limit). Produced once with
// python3 by running that file's Graph.manual_order unchanged (torch and pulp imports stubbed)
// and timing the per-stage order it chose with a list simulation (an op starts when its device is
// free and its input is there, comm between stages): the reference is that order's makespan. The
// comment gives zb.py's own best_time (each stage from its first forward), never above it.
// Patterns: A = F 1,1.75,1.5,1.25 B 2.5,2,3,2.5 W 0.5,0.75,1,0.5; B = F 1.2,0.8,1,1.4
// B 2,2.6,1.8,2.2 W 1.1,0.9,1.3,0.7, repeated over the devices.
TEST(ScheduleZeroBubble, ZbAutoNeverSlowerThanTheAuthorsHeuristic)
{
    struct Reference
    {
        int p;
        int m;
        char pattern;
        double comm;
        int limit;
        double heuristicMs;
    };
    const std::vector<Reference> references{
        {2, 2, 'A', 0, 2, 11.5},       // zb.py best_time 11.5
        {2, 2, 'A', 0, 4, 11.5},       // zb.py best_time 11.5
        {2, 2, 'A', 0.3, 2, 12.1},     // zb.py best_time 12.1
        {2, 2, 'A', 0.3, 4, 12.1},     // zb.py best_time 12.1
        {2, 2, 'A', 1, 2, 13.5},       // zb.py best_time 13.5
        {2, 2, 'A', 1, 4, 13.5},       // zb.py best_time 13.5
        {2, 2, 'B', 0, 2, 11.1},       // zb.py best_time 11.1
        {2, 2, 'B', 0, 4, 11.1},       // zb.py best_time 11.1
        {2, 2, 'B', 0.3, 2, 11.7},     // zb.py best_time 11.7
        {2, 2, 'B', 0.3, 4, 11.7},     // zb.py best_time 11.7
        {2, 2, 'B', 1, 2, 13.1},       // zb.py best_time 13.1
        {2, 2, 'B', 1, 4, 13.1},       // zb.py best_time 13.1
        {2, 4, 'A', 0, 2, 20.5},       // zb.py best_time 20.5
        {2, 4, 'A', 0, 4, 19},         // zb.py best_time 19
        {2, 4, 'A', 0.3, 2, 21.1},     // zb.py best_time 21.1
        {2, 4, 'A', 0.3, 4, 19.6},     // zb.py best_time 19.6
        {2, 4, 'A', 1, 2, 23.5},       // zb.py best_time 23.5
        {2, 4, 'A', 1, 4, 21},         // zb.py best_time 21
        {2, 4, 'B', 0, 2, 19.7},       // zb.py best_time 19.7
        {2, 4, 'B', 0, 4, 18.4},       // zb.py best_time 17.9
        {2, 4, 'B', 0.3, 2, 20.9},     // zb.py best_time 20.9
        {2, 4, 'B', 0.3, 4, 18.7},     // zb.py best_time 18.5
        {2, 4, 'B', 1, 2, 23.7},       // zb.py best_time 23.7
        {2, 4, 'B', 1, 4, 19.9},       // zb.py best_time 19.9
        {2, 6, 'A', 0, 2, 29.5},       // zb.py best_time 29.5
        {2, 6, 'A', 0, 4, 28},         // zb.py best_time 28
        {2, 6, 'A', 0.3, 2, 30.1},     // zb.py best_time 30.1
        {2, 6, 'A', 0.3, 4, 28.6},     // zb.py best_time 28.6
        {2, 6, 'A', 1, 2, 33.25},      // zb.py best_time 33.25
        {2, 6, 'A', 1, 4, 30},         // zb.py best_time 30
        {2, 6, 'B', 0, 2, 28.3},       // zb.py best_time 28.3
        {2, 6, 'B', 0, 4, 27},         // zb.py best_time 26.5
        {2, 6, 'B', 0.3, 2, 29.5},     // zb.py best_time 29.5
        {2, 6, 'B', 0.3, 4, 27.3},     // zb.py best_time 27.1
        {2, 6, 'B', 1, 2, 33.4},       // zb.py best_time 33.4
        {2, 6, 'B', 1, 4, 28.5},       // zb.py best_time 28.5
        {4, 4, 'A', 0, 4, 27.25},      // zb.py best_time 27.25
        {4, 4, 'A', 0, 8, 27.25},      // zb.py best_time 27.25
        {4, 4, 'A', 0.3, 4, 29.05},    // zb.py best_time 29.05
        {4, 4, 'A', 0.3, 8, 29.05},    // zb.py best_time 29.05
        {4, 4, 'A', 1, 4, 33.25},      // zb.py best_time 33.25
        {4, 4, 'A', 1, 8, 33.25},      // zb.py best_time 33.25
        {4, 4, 'B', 0, 4, 24.9},       // zb.py best_time 24.9
        {4, 4, 'B', 0, 8, 24.9},       // zb.py best_time 24.9
        {4, 4, 'B', 0.3, 4, 26.7},     // zb.py best_time 26.7
        {4, 4, 'B', 0.3, 8, 26.7},     // zb.py best_time 26.7
        {4, 4, 'B', 1, 4, 30.9},       // zb.py best_time 30.9
        {4, 4, 'B', 1, 8, 30.9},       // zb.py best_time 30.9
        {4, 8, 'A', 0, 4, 50.75},      // zb.py best_time 50.75
        {4, 8, 'A', 0, 8, 47.5},       // zb.py best_time 44.75
        {4, 8, 'A', 0.3, 4, 53.15},    // zb.py best_time 53.15
        {4, 8, 'A', 0.3, 8, 48.1},     // zb.py best_time 45.7
        {4, 8, 'A', 1, 4, 60.25},      // zb.py best_time 60.25
        {4, 8, 'A', 1, 8, 49.75},      // zb.py best_time 48.75
        {4, 8, 'B', 0, 4, 42.1},       // zb.py best_time 42.1
        {4, 8, 'B', 0, 8, 39.3},       // zb.py best_time 39.3
        {4, 8, 'B', 0.3, 4, 44.7},     // zb.py best_time 44.7
        {4, 8, 'B', 0.3, 8, 41.1},     // zb.py best_time 41.1
        {4, 8, 'B', 1, 4, 54.7},       // zb.py best_time 54.7
        {4, 8, 'B', 1, 8, 45.3},       // zb.py best_time 45.3
        {4, 12, 'A', 0, 4, 72.75},     // zb.py best_time 72.75
        {4, 12, 'A', 0, 8, 69.5},      // zb.py best_time 66.75
        {4, 12, 'A', 0.3, 4, 75.15},   // zb.py best_time 75.15
        {4, 12, 'A', 0.3, 8, 70.1},    // zb.py best_time 67.7
        {4, 12, 'A', 1, 4, 82.75},     // zb.py best_time 82.75
        {4, 12, 'A', 1, 8, 71.75},     // zb.py best_time 70.75
        {4, 12, 'B', 0, 4, 59.3},      // zb.py best_time 59.3
        {4, 12, 'B', 0, 8, 56.5},      // zb.py best_time 56.5
        {4, 12, 'B', 0.3, 4, 61.9},    // zb.py best_time 61.9
        {4, 12, 'B', 0.3, 8, 58.5},    // zb.py best_time 58.3
        {4, 12, 'B', 1, 4, 74.8},      // zb.py best_time 74.8
        {4, 12, 'B', 1, 8, 62.9},      // zb.py best_time 62.5
        {8, 8, 'A', 0, 8, 60},         // zb.py best_time 60
        {8, 8, 'A', 0, 16, 60},        // zb.py best_time 60
        {8, 8, 'A', 0.3, 8, 63.6},     // zb.py best_time 63.6
        {8, 8, 'A', 0.3, 16, 63.6},    // zb.py best_time 63.6
        {8, 8, 'A', 1, 8, 72.25},      // zb.py best_time 72.25
        {8, 8, 'A', 1, 16, 72.25},     // zb.py best_time 72.25
        {8, 8, 'B', 0, 8, 53.4},       // zb.py best_time 52.9
        {8, 8, 'B', 0, 16, 53.4},      // zb.py best_time 52.9
        {8, 8, 'B', 0.3, 8, 56.7},     // zb.py best_time 56.5
        {8, 8, 'B', 0.3, 16, 56.7},    // zb.py best_time 56.5
        {8, 8, 'B', 1, 8, 66.3},       // zb.py best_time 66.3
        {8, 8, 'B', 1, 16, 66.3},      // zb.py best_time 66.3
        {8, 16, 'A', 0, 8, 106.25},    // zb.py best_time 106.25
        {8, 16, 'A', 0, 16, 97.5},     // zb.py best_time 96.5
        {8, 16, 'A', 0.3, 8, 111.05},  // zb.py best_time 111.05
        {8, 16, 'A', 0.3, 16, 103.55}, // zb.py best_time 100.2
        {8, 16, 'A', 1, 8, 130.75},    // zb.py best_time 130.75
        {8, 16, 'A', 1, 16, 111.25},   // zb.py best_time 108.25
        {8, 16, 'B', 0, 8, 87},        // zb.py best_time 87
        {8, 16, 'B', 0, 16, 83.7},     // zb.py best_time 81.3
        {8, 16, 'B', 0.3, 8, 93.2},    // zb.py best_time 93.2
        {8, 16, 'B', 0.3, 16, 87.6},   // zb.py best_time 86.1
        {8, 16, 'B', 1, 8, 117.7},     // zb.py best_time 117.7
        {8, 16, 'B', 1, 16, 96.8},     // zb.py best_time 96
        {8, 24, 'A', 0, 8, 150.25},    // zb.py best_time 150.25
        {8, 24, 'A', 0, 16, 141.5},    // zb.py best_time 140.5
        {8, 24, 'A', 0.3, 8, 155.05},  // zb.py best_time 155.05
        {8, 24, 'A', 0.3, 16, 146},    // zb.py best_time 143.6
        {8, 24, 'A', 1, 8, 177},       // zb.py best_time 177
        {8, 24, 'A', 1, 16, 152.25},   // zb.py best_time 152.25
        {8, 24, 'B', 0, 8, 121.6},     // zb.py best_time 121.6
        {8, 24, 'B', 0, 16, 116.9},    // zb.py best_time 116
        {8, 24, 'B', 0.3, 8, 128.7},   // zb.py best_time 128.7
        {8, 24, 'B', 0.3, 16, 120.9},  // zb.py best_time 119.8
        {8, 24, 'B', 1, 8, 158.8},     // zb.py best_time 158.8
        {8, 24, 'B', 1, 16, 140.3},    // zb.py best_time 140.3
    };
    int faster = 0;
    double bestGain = 0;
    for (const Reference &ref : references) {
        const bool a = ref.pattern == 'A';
        schedule::Params params =
            perDevice(Kind::ZeroBubbleAuto, ref.p, ref.m, a ? kForwardA : kForwardB,
                      a ? kBackwardA : kBackwardB, a ? kWeightA : kWeightB, ref.comm);
        params.memoryLimitMicrobatches = ref.limit;
        const schedule::Result r = computeValid(params);
        SCOPED_TRACE(testing::Message() << "p=" << ref.p << " m=" << ref.m << " " << ref.pattern
                                        << " comm " << ref.comm << " limit " << ref.limit);
        EXPECT_LE(r.makespanMs, ref.heuristicMs + 1e-9);
        EXPECT_LE(r.maxPeakInFlight(), ref.limit + 1e-9);
        EXPECT_TRUE(r.fitsMemory);
        expectValidZeroBubble(r);
        if (r.makespanMs < ref.heuristicMs - 1e-9) {
            ++faster;
            bestGain = std::max(bestGain, 1 - r.makespanMs / ref.heuristicMs);
        }
    }
    std::cout << "zb-auto faster than the authors' heuristic in " << faster << " of "
              << references.size() << " cases, by up to " << bestGain * 100 << " %\n";
}

// The issue's case: p = 8, m = 8, comm 0.3: the heuristic's 61.45 ms against ZB-H1's 67.55 ms.
TEST(ScheduleZeroBubble, IssueExampleHeuristicAndZbH1)
{
    const std::vector<double> f{1, 1.75, 1.5, 1.25};
    const std::vector<double> b{2.5, 2, 3, 2.5, 2, 3, 2.5, 2};
    const std::vector<double> w{0.5, 0.75, 1, 0.5, 0.75, 1, 0.5, 0.75};
    EXPECT_NEAR(computeValid(perDevice(Kind::ZeroBubbleH1, 8, 8, f, b, w, 0.3)).makespanMs, 67.55,
                1e-9);
    EXPECT_NEAR(computeValid(perDevice(Kind::ZeroBubbleH2, 8, 8, f, b, w, 0.3)).makespanMs, 61.45,
                1e-9);
    schedule::Params params = perDevice(Kind::ZeroBubbleAuto, 8, 8, f, b, w, 0.3);
    params.memoryLimitMicrobatches = 8;
    EXPECT_LE(computeValid(params).makespanMs, 61.45);
}

TEST(ScheduleZeroBubble, ZbAutoStaysWithinEveryLimit)
{
    for (int p : {1, 2, 4, 6}) {
        for (int m : {1, p, 3 * p}) {
            const double h1 = computeValid(perDevice(Kind::ZeroBubbleH1, p, m, kForwardB,
                                                     kBackwardB, kWeightB, 0.2))
                                  .makespanMs;
            for (double limit = 1; limit <= 2 * p + 1; limit += 0.5) {
                schedule::Params params =
                    perDevice(Kind::ZeroBubbleAuto, p, m, kForwardB, kBackwardB, kWeightB, 0.2);
                params.memoryLimitMicrobatches = limit;
                const schedule::Result r = computeValid(params);
                EXPECT_LE(r.maxPeakInFlight(), limit + 1e-9) << p << " " << m << " " << limit;
                expectValidZeroBubble(r);
                if (limit >= p) {
                    EXPECT_LE(r.makespanMs, h1 + 1e-9);
                }
            }
        }
    }
    // Without W (weight time 0) the searched schedules still run.
    const auto noW = computeValid(uniform(Kind::ZeroBubbleAuto, 4, 8, 1, 2, 0));
    EXPECT_LE(noW.makespanMs, (8 + 3) * 3.0);
}

// More memory never makes zb-auto slower. Here the best order built for 5 microbatches takes
// 51.5 ms and one built for 4 takes 50.75 ms: zb-auto builds its orders for the limits up to its
// own too, so what fits a smaller limit stays a candidate.
TEST(ScheduleZeroBubble, ZbAutoNeverSlowerWithMoreMemory)
{
    schedule::Params params = uniform(Kind::ZeroBubbleAuto, 2, 10, 1.5, 3, 0.5);
    params.memoryLimitMicrobatches = 4;
    const schedule::Result four = computeValid(params);
    EXPECT_DOUBLE_EQ(four.makespanMs, 50.75);
    params.memoryLimitMicrobatches = 5;
    const schedule::Result five = computeValid(params);
    EXPECT_LE(five.makespanMs, four.makespanMs + 1e-9);
    EXPECT_LE(five.maxPeakInFlight(), 5);
    // Every limit from 1 to 2p + 2 in half microbatches, for p = 4 with equal and unequal devices.
    for (const bool equal : {true, false}) {
        double previous = std::numeric_limits<double>::infinity();
        for (double limit = 1; limit <= 10; limit += 0.5) {
            schedule::Params swept =
                equal
                    ? perDevice(Kind::ZeroBubbleAuto, 4, 10, {1.5}, {3}, {0.5}, 0.25)
                    : perDevice(Kind::ZeroBubbleAuto, 4, 10, kForwardA, kBackwardA, kWeightA, 0.25);
            swept.memoryLimitMicrobatches = limit;
            const schedule::Result r = computeValid(swept);
            EXPECT_LE(r.makespanMs, previous + 1e-9) << "limit " << limit;
            EXPECT_LE(r.maxPeakInFlight(), limit + 1e-9) << "limit " << limit;
            previous = r.makespanMs;
        }
    }
}

// zb-auto is never slower than a named schedule whose peak fits its limit. Here ZB-H2 takes
// 23.75 ms holding 4 microbatches (an order built for 2p) and the best order built for zb-auto's
// default limit p = 4 takes 23.875 ms; ZB-V takes 37.375 ms holding 4 and the best order built
// for 4.5 takes 37.625 ms.
TEST(ScheduleZeroBubble, ZbAutoNeverSlowerThanANamedScheduleThatFits)
{
    const schedule::Params h2Case = perDevice(Kind::ZeroBubbleH2, 4, 4, {0.75, 1.75, 0.5, 2},
                                              {1.75, 0.5, 3, 1}, {0.5, 1.5, 0.75, 0.75}, 0.25);
    const schedule::Result h2 = computeValid(h2Case);
    EXPECT_DOUBLE_EQ(h2.makespanMs, 23.75);
    EXPECT_DOUBLE_EQ(h2.maxPeakInFlight(), 4);
    schedule::Params automatic = h2Case;
    automatic.kind = Kind::ZeroBubbleAuto;
    const schedule::Result withinP = computeValid(automatic);
    EXPECT_LE(withinP.makespanMs, h2.makespanMs + 1e-9);
    EXPECT_LE(withinP.maxPeakInFlight(), 4);

    const schedule::Params vCase = perDevice(Kind::ZeroBubbleV, 4, 7, {1.25}, {2}, {1.25}, 0.25);
    const schedule::Result zbV = computeValid(vCase);
    EXPECT_DOUBLE_EQ(zbV.makespanMs, 37.375);
    EXPECT_DOUBLE_EQ(zbV.maxPeakInFlight(), 4);
    automatic = vCase;
    automatic.kind = Kind::ZeroBubbleAuto;
    automatic.memoryLimitMicrobatches = 4.5;
    const schedule::Result within = computeValid(automatic);
    EXPECT_LE(within.makespanMs, zbV.makespanMs + 1e-9);
    EXPECT_LE(within.maxPeakInFlight(), 4.5);
    expectValidZeroBubble(within);
}

// Both properties over random plans, seeded so a failure repeats: p from 1 to 5, m from 1 to 3p,
// each device's F, B and W (W 0 on some or all) in steps of 0.05 ms, or one set for all devices,
// comm 0 or up to 1 ms; limits rising from 1 in steps of half a microbatch to two, up to 2p + 1,
// then m + 1.5p and a million (more than any device holds), with p itself (zb-auto's default) run
// without a limit. At each limit zb-auto fits it, keeps every dependency, is no slower than at the
// limits below, and no slower than any named schedule of the same inputs whose peak fits it.
TEST(ScheduleZeroBubble, ZbAutoOnRandomPlansNeverSlowerThanANamedScheduleNorWithMoreMemory)
{
    std::mt19937 rng(50010);
    const auto between = [&rng](int low, int high) {
        return std::uniform_int_distribution<int>(low, high)(rng);
    };
    const auto twentieths = [&between](int low, int high) { return between(low, high) / 20.0; };
    constexpr int kPlans = 30;
    int limits = 0;
    for (int plan = 0; plan < kPlans; ++plan) {
        schedule::Params params;
        params.devices = between(1, 5);
        params.microbatches = between(1, 3 * params.devices);
        const bool oneForAll = plan % 4 == 0;
        const bool noWeights = plan % 5 == 0;
        params.forwardMs.clear();
        params.backwardMs.clear();
        params.weightMs.clear();
        for (int d = 0; d < (oneForAll ? 1 : params.devices); ++d) {
            params.forwardMs.push_back(twentieths(2, 60));
            params.backwardMs.push_back(twentieths(2, 80));
            params.weightMs.push_back(noWeights || between(0, 3) == 0 ? 0 : twentieths(1, 40));
        }
        params.commMs = plan % 3 == 0 ? 0 : twentieths(0, 20);
        const int p = params.devices;
        SCOPED_TRACE(testing::Message()
                     << "plan " << plan << ": p=" << p << " m=" << params.microbatches);

        std::vector<schedule::Result> named;
        for (Kind kind : schedule::kAllKinds) {
            schedule::Params other = params;
            other.kind = kind;
            // The interleaved schedule needs m a multiple of p.
            if (kind != Kind::ZeroBubbleAuto && schedule::validate(other).empty())
                named.push_back(schedule::compute(other));
        }
        std::vector<double> rising{static_cast<double>(p), params.microbatches + 1.5 * p, 1e6};
        for (double limit = 1; limit <= 2 * p + 1; limit += 0.5 * between(1, 4))
            rising.push_back(limit);
        std::sort(rising.begin(), rising.end());
        rising.erase(std::unique(rising.begin(), rising.end()), rising.end());

        double previous = std::numeric_limits<double>::infinity();
        for (double limit : rising) {
            schedule::Params automatic = params;
            automatic.kind = Kind::ZeroBubbleAuto;
            if (limit != static_cast<double>(p))
                automatic.memoryLimitMicrobatches = limit;
            const schedule::Result r = computeValid(automatic);
            ++limits;
            SCOPED_TRACE(testing::Message() << "limit " << limit);
            EXPECT_LE(r.maxPeakInFlight(), limit + 1e-9);
            EXPECT_TRUE(r.fitsMemory);
            expectValidZeroBubble(r);
            EXPECT_LE(r.makespanMs, previous + 1e-9);
            previous = r.makespanMs;
            for (const schedule::Result &other : named) {
                if (other.maxPeakInFlight() <= limit + 1e-9) {
                    EXPECT_LE(r.makespanMs, other.makespanMs + 1e-9)
                        << schedule::keyOf(other.params.kind).toStdString();
                }
            }
        }
    }
    std::cout << "zb-auto checked at " << limits << " limits of " << kPlans << " random plans\n";
}

TEST(ScheduleZeroBubble, MemoryLimitInBytesAndFits)
{
    schedule::Params params = uniform(Kind::OneFOneB, 4, 8, 1, 2, 1);
    EXPECT_EQ(schedule::memoryLimit(params), std::nullopt);
    EXPECT_DOUBLE_EQ(schedule::searchLimit(params), 4);
    EXPECT_TRUE(computeValid(params).fitsMemory);
    params.activationBytesPerMicrobatch = 2.0 * (1 << 30);
    params.deviceMemoryBytes = 6.0 * (1 << 30);
    EXPECT_DOUBLE_EQ(*schedule::memoryLimit(params), 3);
    EXPECT_FALSE(computeValid(params).fitsMemory); // 1F1B holds 4 on device 0
    params.memoryLimitMicrobatches = 2;
    EXPECT_DOUBLE_EQ(*schedule::memoryLimit(params), 2);
    params.kind = Kind::ZeroBubbleAuto;
    const schedule::Result r = computeValid(params);
    EXPECT_TRUE(r.fitsMemory);
    EXPECT_LE(r.maxPeakInFlight(), 2);

    schedule::Params bad = uniform(Kind::OneFOneB, 4, 8, 1, 2, 1);
    bad.activationBytesPerMicrobatch = 1e9;
    EXPECT_EQ(fieldsOf(bad), std::vector<std::string>{"device_memory"});
    bad.activationBytesPerMicrobatch.reset();
    bad.deviceMemoryBytes = 1e9;
    EXPECT_EQ(fieldsOf(bad), std::vector<std::string>{"activation_bytes"});
    bad.activationBytesPerMicrobatch = 2e9;
    EXPECT_EQ(fieldsOf(bad), std::vector<std::string>{"device_memory"}); // room for half of one
    bad = uniform(Kind::OneFOneB, 4, 8, 1, 2, 1);
    bad.memoryLimitMicrobatches = 0.5;
    EXPECT_EQ(fieldsOf(bad), std::vector<std::string>{"memory_limit"});
    bad = uniform(Kind::ZeroBubbleV, 4, 8, 1, 2, 1, 3);
    EXPECT_EQ(fieldsOf(bad), std::vector<std::string>{"virtual_stages"});
}

TEST(ScheduleZeroBubble, ZbVMemoryOverTimeInChunks)
{
    const schedule::Result r = computeValid(uniform(Kind::ZeroBubbleV, 4, 8, 1, 2, 1));
    EXPECT_LE(r.maxPeakInFlight(), 4);
    const std::vector<schedule::MemoryStep> steps = schedule::memoryOverTime(r, 0);
    double peak = 0;
    for (const auto &step : steps)
        peak = std::max(peak, step.microbatches);
    EXPECT_DOUBLE_EQ(peak, r.peakInFlight[0]);
    EXPECT_DOUBLE_EQ(steps.back().microbatches, 0);
}

// The searches report each candidate order they time and stop when told (the window's background
// job shows that progress and its Cancel); small ones run inline, large ones in the background.
TEST(ScheduleZeroBubble, SearchReportsProgressAndStops)
{
    const schedule::Params params = uniform(Kind::ZeroBubbleAuto, 8, 16, 1, 2, 1);
    // zb-auto within p = 8: ZB-H1's, 1F1B's and GPipe's orders; for each limit 1, 2, ..., 8 the 8
    // greedy orders and the heuristic's 8 variants, and those ZB-H2 builds for 16; for each limit
    // 1, 1.5, ..., 8 the authors' ZB-V's 4 and 16 V-shaped greedy orders. With unequal devices the
    // ZB-V construction runs with their mean times too.
    const int total = schedule::searchCandidates(params);
    EXPECT_EQ(total, 3 + 8 * 16 + 16 + 15 * 20);
    EXPECT_EQ(schedule::searchCandidates(uniform(Kind::ZeroBubbleV, 8, 16, 1, 2, 1)), 20);
    EXPECT_EQ(schedule::searchCandidates(
                  perDevice(Kind::ZeroBubbleV, 8, 16, kForwardA, kBackwardA, kWeightA, 0)),
              24);
    EXPECT_EQ(schedule::searchCandidates(uniform(Kind::ZeroBubbleH2, 8, 16, 1, 2, 1)), 17);
    EXPECT_EQ(schedule::searchCandidates(uniform(Kind::OneFOneB, 8, 16, 1, 2, 1)), 1);
    std::vector<int> seen;
    const std::optional<schedule::Result> searched =
        schedule::compute(params, [&seen, total](int done, int all) {
            EXPECT_EQ(all, total);
            seen.push_back(done);
            return true;
        });
    ASSERT_TRUE(searched.has_value());
    EXPECT_EQ(*searched, computeValid(params));
    ASSERT_EQ(seen.size(), static_cast<std::size_t>(total));
    EXPECT_EQ(seen.front(), 1);
    EXPECT_EQ(seen.back(), total);
    int calls = 0;
    EXPECT_FALSE(schedule::compute(params, [&calls](int, int) { return ++calls < 3; }));
    EXPECT_EQ(calls, 3);

    EXPECT_FALSE(schedule::searchesInBackground(uniform(Kind::ZeroBubbleAuto, 8, 32, 1, 2, 1)));
    EXPECT_TRUE(schedule::searchesInBackground(uniform(Kind::ZeroBubbleAuto, 8, 33, 1, 2, 1)));
    EXPECT_TRUE(schedule::searchesInBackground(uniform(Kind::ZeroBubbleV, 128, 4096, 1, 2, 1)));
    EXPECT_FALSE(schedule::searchesInBackground(uniform(Kind::OneFOneB, 128, 4096, 1, 2, 1)));
}

// The window leaves large searches for its background job; completeTraining then fills them with
// the very numbers the CLI and the report compute inline, and a stopped run changes nothing.
TEST(ScheduleZeroBubble, TrainingSectionSearchesLargeSchedulesLater)
{
    TrainingSettings training;
    training.schedule = Kind::ZeroBubbleAuto;
    training.compare = {Kind::OneFOneB, Kind::ZeroBubbleV};
    training.devices = 32;
    training.microbatches = 64;
    training.forwardMs = {1};
    training.backwardMs = {2};
    training.weightMs = {1};
    const std::vector<TrainingSchedule> inlined = computeTraining(training);
    ASSERT_EQ(inlined.size(), 3U);
    EXPECT_FALSE(trainingSearching(inlined));
    std::vector<TrainingSchedule> later = computeTraining(training, TrainingSearch::Background);
    ASSERT_EQ(later.size(), 3U);
    EXPECT_TRUE(later[0].searching);
    EXPECT_FALSE(later[0].result.has_value());
    EXPECT_FALSE(later[1].searching); // 1F1B is not searched
    EXPECT_EQ(later[1], inlined[1]);
    EXPECT_TRUE(later[2].searching);
    // zb-auto within p = 32 (see SearchReportsProgressAndStops), built for 30 limits: each half
    // microbatch up to 8, each microbatch up to 16, then 18, 20, ..., 32, 36, 40, 44, 48, 54, 60
    // and p = 32 itself, 23 of them whole microbatches; then ZB-V.
    const int total = 3 + 23 * 16 + 16 + 30 * 20 + 20;
    EXPECT_EQ(trainingSearchCandidates(later, training), total);

    const std::vector<TrainingSchedule> before = later;
    int calls = 0;
    EXPECT_FALSE(completeTraining(later, training, [&calls](int, int) { return ++calls < 45; }));
    EXPECT_EQ(later, before);
    std::vector<int> seen;
    EXPECT_TRUE(completeTraining(later, training, [&seen, total](int done, int all) {
        EXPECT_EQ(all, total);
        seen.push_back(done);
        return true;
    }));
    EXPECT_EQ(later, inlined);
    ASSERT_EQ(seen.size(), static_cast<std::size_t>(total));
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
    EXPECT_EQ(seen.back(), total);
}

// ZB-V against 1F1B over a wider grid: W from 0 (no split) to twice the pattern's, m up to 4p,
// comm up to 0.3 ms (the issue's example). ZB-V takes the best of the zero-bubble authors'
// construction (zbv.py's try_v_schedule, re-implemented, planned with each device's times and
// with their mean) and V-shaped greedy orders, within 1F1B's peak.
TEST(ScheduleZeroBubble, ZbVNeverAbove1F1BOverAWideGrid)
{
    const std::array<std::vector<double>, 3> forward{kForwardA, kForwardB, std::vector<double>{1}};
    const std::array<std::vector<double>, 3> backward{kBackwardA, kBackwardB,
                                                      std::vector<double>{2}};
    const std::array<std::vector<double>, 3> weight{kWeightA, kWeightB, std::vector<double>{1}};
    for (int p : {1, 2, 3, 4, 6, 8}) {
        for (int m : {p, 2 * p, 3 * p, 4 * p}) {
            for (std::size_t pattern = 0; pattern < 3; ++pattern) {
                for (double wScale : {0.0, 0.5, 1.0, 2.0}) {
                    std::vector<double> w = weight[pattern];
                    for (double &x : w)
                        x *= wScale;
                    for (double comm : {0.0, 0.1, 0.3}) {
                        SCOPED_TRACE(testing::Message()
                                     << "p=" << p << " m=" << m << " pattern " << pattern << " W x"
                                     << wScale << " comm " << comm);
                        const auto ofob = computeValid(perDevice(
                            Kind::OneFOneB, p, m, forward[pattern], backward[pattern], w, comm));
                        const auto zbv = computeValid(perDevice(
                            Kind::ZeroBubbleV, p, m, forward[pattern], backward[pattern], w, comm));
                        EXPECT_LE(zbv.makespanMs, ofob.makespanMs + 1e-9);
                        EXPECT_LE(zbv.maxPeakInFlight(), ofob.maxPeakInFlight() + 1e-9);
                    }
                }
            }
        }
    }
    // The construction alone reaches the paper's shape: uniform F = B = W, p = 4, m = 8 beats
    // ZB-H1 (its bubble is about a third of ZB-H1's at the same memory).
    const auto v = computeValid(uniform(Kind::ZeroBubbleV, 4, 8, 1, 1, 1));
    const auto h1 = computeValid(uniform(Kind::ZeroBubbleH1, 4, 8, 1, 1, 1));
    EXPECT_LT(v.makespanMs, h1.makespanMs);
}

// Where no V can keep up: a V sends a microbatch over 4(p - 1) links, a line over 2(p - 1). With
// one microbatch 1F1B takes p(F + B + W) + 2(p - 1)c and any V at least pF + pB + W/2 + 4(p - 1)c
// (the one microbatch's path through all 2p chunks; only device 0's last W is on it), so with
// W = 0 any comm puts ZB-V above 1F1B: the acceptance's "never above" needs m >= p or comm 0.
TEST(ScheduleZeroBubble, ZbVCannotBeat1F1BWithOneMicrobatchAndComm)
{
    const int p = 4;
    const double c = 0.1;
    const auto ofob = computeValid(perDevice(Kind::OneFOneB, p, 1, {1}, {2}, {0}, c));
    EXPECT_NEAR(ofob.makespanMs, p * 3.0 + 2 * (p - 1) * c, 1e-9);
    const auto zbv = computeValid(perDevice(Kind::ZeroBubbleV, p, 1, {1}, {2}, {0}, c));
    EXPECT_GE(zbv.makespanMs, p * 1.0 + p * 2.0 + 4 * (p - 1) * c - 1e-9);
    EXPECT_GT(zbv.makespanMs, ofob.makespanMs);
}
