#pragma once

/// Bandwidth lower bounds (seed 001, "Math and notation"): moving B bytes over a path that
/// sustains R bytes per second takes at least B / R seconds, so a step that must move B bytes
/// runs at most R / B times per second.
namespace pipeplan::bandwidth {

/// t >= bytes / bytesPerSecond (seconds). Seed 001: 14 GB at 700 GB/s -> 0.02 s.
double lowerBoundSeconds(double bytes, double bytesPerSecond);

/// The rate ceiling 1 / t (per second). Seed 001: 50 steps/s for the 14 GB scan.
double rateCeilingPerSecond(double bytes, double bytesPerSecond);

} // namespace pipeplan::bandwidth
