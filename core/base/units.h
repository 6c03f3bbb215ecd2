#pragma once

namespace pipeplan::units {

/// Seed 000 ("Calculating time to run a pipeline"): years use 365.25-day years so a 95-year span
/// counts its leap days.
inline constexpr double kSecondsPerMinute = 60.0;
inline constexpr double kSecondsPerHour = 3600.0;
inline constexpr double kSecondsPerDay = 86400.0;
inline constexpr double kDaysPerYear = 365.25;
inline constexpr double kSecondsPerYear = kSecondsPerDay * kDaysPerYear;

constexpr double toMinutes(double seconds)
{
    return seconds / kSecondsPerMinute;
}
constexpr double toHours(double seconds)
{
    return seconds / kSecondsPerHour;
}
constexpr double toDays(double seconds)
{
    return seconds / kSecondsPerDay;
}
/// seconds / (86,400 x 365.25), seed 000.
constexpr double toYears(double seconds)
{
    return seconds / kSecondsPerYear;
}

} // namespace pipeplan::units
