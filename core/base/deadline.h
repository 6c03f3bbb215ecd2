#pragma once

/// When a runtime meets a deadline: the one rule every verdict, search and table of PipePlan
/// uses, so that they agree on a tie.
namespace pipeplan::deadline {

/// A runtime equal to the deadline in exact arithmetic can come out a few units in the last
/// place above it (nightly scoring at 1.43 ms on 7,007 workers: 86,400.00000000006 s against
/// 24 hours). It meets the deadline; amdahl::workersNeeded forgives the same relative 1e-12
/// when it rounds the workers up.
inline constexpr double kTieTolerance = 1e-12;

/// The latest runtime that still meets `deadlineSeconds`.
constexpr double latestMeeting(double deadlineSeconds)
{
    return deadlineSeconds * (1.0 + kTieTolerance);
}

/// Whether `runtimeSeconds` meets `deadlineSeconds`.
constexpr bool meets(double runtimeSeconds, double deadlineSeconds)
{
    return runtimeSeconds <= latestMeeting(deadlineSeconds);
}

} // namespace pipeplan::deadline
