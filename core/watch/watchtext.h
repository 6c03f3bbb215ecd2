#pragma once

// The one text layer of a running job's forecast: the window's headline, the CLI's lines and
// its error messages all take their words from here, through QCoreApplication::translate so a
// translator reaches them (context "pipeplan::watch").

#include "core/watch/forecast.h"
#include "core/watch/planbeside.h"

#include <QString>

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace pipeplan::watch::text {

/// Why a series is not a progress counter, as one clause: "falls 12 times in 40 moves: a gauge,
/// not a counter of items done".
QString seriesProblem(SeriesProblem problem, const Accumulated *accumulated = nullptr);

/// "the total 100 is below the 5,200 already done".
QString totalBelowDone(double total, double done);

/// A time on the clock in local time: "02:14:05" today, "Tue 8 Dec 02:14" another day.
QString clock(double epochSeconds, double nowSeconds);

/// The running job's answer in one sentence: "Stalled since 02:10 (no progress for 12
/// minutes)." / "Behind plan by 2.1 hours: finishes at 04:12 (in 3.4 hours; P10–P90 ...)." /
/// "On plan: ..." / "Finishes at ..." / "Done: 1,000 of 1,000." with "Restarted twice; the work
/// done before each restart is kept." after it when it restarted.
QString headline(const Forecast &forecast, const std::optional<Beside> &beside);

/// The forecast's numbers, each with its label, in the order `watch` prints them one a line and
/// the window joins them under its headline: "Done" "5,200 of 15,000", "Rate (whole run)",
/// "Rate (recent)", "ETA", "Finish at", "Last progress", "Restarts", and beside a plan "Plan
/// runtime" and "Workers to meet deadline". A number the forecast lacks reads "-".
std::vector<std::pair<QString, QString>> numbers(const Forecast &forecast,
                                                 const std::optional<Beside> &beside);
/// The row of numbers() that counts the restarts.
inline constexpr std::size_t kRestartsRow = 6;

/// A refresh that could not reach the source: "Stale: the server could not be reached at
/// 02:15:00 (...); the forecast is from 02:14:00."
QString stale(double failedAtSeconds, double forecastAtSeconds, const QString &why);

/// Within this share of the plan's runtime the job is "on plan".
inline constexpr double kOnPlanShare = 0.05;

} // namespace pipeplan::watch::text
