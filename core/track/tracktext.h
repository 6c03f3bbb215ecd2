#pragma once

// The track record's review and retrospective in words and table rows: one text layer for the
// window, the report and the CLI (translatable; the results hold numbers only).

#include "core/track/calibration.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace pipeplan::track {

/// "Next job's ratio, 10-90 %: 0.84x to 1.85x"; empty when not calibrated.
QString intervalText(const Calibration &calibration);
/// The review as a table: a header ("Job", "Kind", "Actual / estimate", "Finished"), then one
/// row per overrun ("1.50x").
std::vector<QStringList> overrunRows(const std::vector<Overrun> &overruns);
/// The retrospective as a table: a header ("Month", "Jobs", "MdAPE"), then one row per month
/// ("2026-03", "2", "22.5 %").
std::vector<QStringList> monthRows(const Retrospective &retrospective);
/// "MdAPE trend: improving (-2.1 points a month); wasted GPU-hours (requested minus used):
/// 40.0 over 1 job", the parts the record has.
QString retrospectiveText(const Retrospective &retrospective);

/// `existing` (a history file's text, or empty for a new file) with `row` appended ("Record
/// actual"), its cells in the order of the file's own header (columns the file does not have
/// are left out; a new file gets header()). The other lines are kept as they are, malformed
/// ones too.
QString appended(const QString &existing, const Row &row);
/// The same with every row of `rows` appended in order (an import).
QString appended(const QString &existing, const std::vector<Row> &rows);

} // namespace pipeplan::track
