#pragma once

// Every pipeplan-cli command, one factory each, by the file that holds it; and the few helpers
// one group of commands lends another (eval prints the scaling table the scaling command
// prints; eval and deadline read a scenario file the same way). Internal to app/cli.

#include "app/cli/common.h"
#include "core/model/scenario.h"
#include "core/plan/planresult.h"
#include "core/plan/scenariofile.h"
#include "core/track/calibration.h"
#include "core/track/record.h"

#include <QJsonArray>

namespace pipeplan::cli {

// model.cpp: the closed-form model of a batch job, from flags alone.
Command runtimeCommand();
Command scalingCommand();
Command amdahlCommand();
Command pipelineCommand();
Command bandwidthCommand();

/// The scaling rows as the CLI's JSON contract names them.
QJsonArray scalingRowsJson(const std::vector<ScalingRow> &scaling);

/// The scaling table with the window's texts, row `highlighted` (the scenario's own worker
/// count, explain::shownScaling) marked ">"; none when -1.
void printScalingTable(QTextStream &out, const std::vector<ScalingRow> &rows, int highlighted);

// eval.cpp: everything the window shows for a scenario file.
Command evalCommand();

// options.cpp: the plan and its named options side by side.
Command optionsCommand();
/// The comparison as `options --json` and `eval --json` print it (`options`).
QJsonArray optionsJson(const std::vector<options::Row> &comparison);

// simulate.cpp: the simulated job's tail, and the fewest workers to meet a deadline.
Command simulateCommand();
Command deadlineCommand();

// schedule.cpp: a training pipeline's schedule.
Command scheduleCommand();

// fit.cpp: Amdahl and the USL fitted to measured runs.
Command fitCommand();
// trace.cpp: span statistics of a profiler trace.
Command traceCommand();

// project.cpp: project estimates from task files and labeling inputs.
Command monteCarloCommand();
Command labelingCommand();

// hardware.cpp: the device catalogue and the roofline.
Command devicesCommand();
Command rooflineCommand();
/// A roofline as `roofline --json` prints it; `warning`: why its batch does not fit, if not.
QJsonObject rooflineJson(const hardware::Roofline &roofline, const hardware::Device &device,
                         const hardware::Efficiency &efficiency, const QString &warning);
/// The plan's hardware as `eval --json` prints it (`hardware`): null when it is off.
QJsonValue hardwareJson(const PlanResult &result, const Scenario &typed);
/// What training the plan's model on its device takes (`training`): the stage's F, B, W and
/// memory, the microbatches that fit, and the token budget's run; null when hardware is off or
/// the model has no layers to train.
QJsonValue trainingJson(const PlanResult &result, const Scenario &typed);
/// What the plan costs (`cost`).
QJsonObject costJson(const CostSummary &cost);

// watch.cpp: a running job's forecast from Prometheus or a progress file.
Command watchCommand();

// track.cpp: the track record (seed 003): calibrate, prerun, and eval's --history.
Command calibrateCommand();
Command prerunCommand();
/// --history FILE and --kind K, as calibrate, eval and prerun take them.
FlagDef historyFlag();
FlagDef kindFlag();
/// The history file at `path`; a file that cannot be read at all ends the command (exit 2)
/// naming --history. Rows that cannot be read are in `problems`.
track::ReadResult readHistory(const QString &path);
/// The plan calibrated on --history (and --kind, else the plan's own kind) and applied.
void applyHistory(Plan &plan, const Flags &flags);
/// A calibration as `calibrate --json` prints it: n, median_ratio, mdape, ratio_p10, ratio_p90,
/// log_sd, calibrated, reason (null, or "too_few_jobs"), sentence.
QJsonObject calibrationJson(const track::Calibration &calibration);

// planfile.cpp: the scenario file named on the command line.

/// The scenario file named by the first positional argument, with every --set applied.
Plan loadPlanArgument(const Flags &flags);

} // namespace pipeplan::cli
