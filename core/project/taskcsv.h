#pragma once

// A plan's tasks read from CSV text, every problem named by its row and column.

#include "core/base/fields.h"
#include "core/project/task.h"

#include <QString>

#include <vector>

namespace pipeplan::estimate {

// ---------------------------------------------------------------------------------------------
// CSV import for the CLI.

/// Tasks from CSV text (RFC 4180, core/csv.h). The header is name,optimistic,most_likely,
/// pessimistic, optionally followed by any of category (labeling, training, optimization,
/// research, other; empty: other), unit (hours, days, weeks or h, d, w; empty: hours) and
/// depends_on (data row numbers of predecessors, 1-based, separated by ';' or spaces; when no row
/// has one, the tasks run in sequence). Blank lines are skipped. Errors name the data row
/// (1-based, the header not counted) and the column: "row 3, pessimistic": "is 3, below the
/// optimistic 4". Tasks are returned only when there is no error.
struct CsvTasks
{
    std::vector<Task> tasks;
    std::vector<FieldError> errors;
};
CsvTasks readTasksCsv(const QString &text);

} // namespace pipeplan::estimate
