#pragma once

// The team's track record (seed 003, "estimated vs actual for every job"): finished work with
// its estimate and what it took, kept as a CSV file a team shares and versions.

#include <QDate>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace pipeplan::estimate {
struct ActualEntry;
struct Task;
} // namespace pipeplan::estimate

namespace pipeplan::track {

/// One finished job or task.
struct Row
{
    QString name;
    QString kind; ///< a job kind the team chooses, or a project task category
    double estimatedSeconds = 0;
    double actualSeconds = 0;
    std::optional<double> estimatedGpuHours;
    std::optional<double> actualGpuHours;
    std::optional<double> estimatedCost;
    std::optional<double> actualCost;
    std::optional<double> requestedSeconds; ///< the wall time asked of the scheduler
    std::optional<QDate> finishedOn;
    bool operator==(const Row &) const = default;
};

/// The file's header, in this order: the first four columns are required.
QStringList header();
inline constexpr int kRequiredColumns = 4;
/// Larger history files are refused before parsing.
inline constexpr qsizetype kMaxFileBytes = qsizetype{16} * 1024 * 1024;

/// A row that could not be read: its line in the file (1 is the header), the column by its
/// header name, and what is wrong. The other rows are kept.
struct Problem
{
    int line = 0;
    QString column;
    QString message;
    bool operator==(const Problem &) const = default;
    /// "line 3, column actual_seconds: must be a number above 0, got \"soon\"".
    QString toString() const;
};

struct ReadResult
{
    std::vector<Row> rows;
    std::vector<Problem> problems;
    /// Set when nothing could be read (no header, a required column missing, a quote left
    /// open); the rows are empty then.
    QString error;
};

/// Which column of a table holds each field of a row (empty: not in the table). A spreadsheet's
/// columns are named by the person; MLflow's and W&B's have defaults (mlflowColumns,
/// wandbColumns).
struct Columns
{
    QString name;
    QString kind;
    QString estimatedSeconds;
    QString actualSeconds;
    QString estimatedGpuHours;
    QString actualGpuHours;
    QString estimatedCost;
    QString actualCost;
    QString requestedSeconds;
    QString finishedOn;
    /// When no column holds the actual runtime: the start and end timestamps of the run (ISO
    /// 8601, or milliseconds since 1970); the end's date is the finish date.
    QString startedAt;
    QString endedAt;
    /// The units of the estimate and the actual columns in seconds (3600 for hours).
    double estimatedUnitSeconds = 1;
    double actualUnitSeconds = 1;
    /// The kind of every row when no column holds one.
    QString fixedKind;
    bool operator==(const Columns &) const = default;
};

/// The fields a column mapping names: the history's header() and, for a run's actual taken
/// from its timestamps, started_at and ended_at.
QStringList mappableFields();

/// Points `field` (a name of mappableFields()) at the table's column `column` (empty: none);
/// false when there is no such field.
bool mapColumn(Columns &columns, const QString &field, const QString &column);

/// PipePlan's own columns (header()).
Columns ownColumns();

/// MLflow's run export: the CSV of `mlflow.search_runs(...).to_csv()`, whose columns are
/// run_id, experiment_id, status, artifact_uri, start_time, end_time, then metrics.*, params.*
/// and tags.* (documented at mlflow.org/docs/latest/python_api/mlflow.html#mlflow.search_runs).
/// The run's name is tags.mlflow.runName; the estimate and the kind are what the team logs
/// (seed 003: "experiment tracker fields for estimated vs actual runtime"): params.kind and
/// params.estimated_seconds by default; the actual is end_time - start_time.
Columns mlflowColumns();

/// Weights & Biases' run export: the runs table's "Export as CSV", whose columns are Name,
/// State, Notes, User, Tags, Created, Runtime (seconds), Sweep, then the run's config and
/// summary keys by name (docs.wandb.ai/guides/runs, "Export runs table data"). The estimate and
/// the kind are config keys the team logs: estimated_seconds and kind by default.
Columns wandbColumns();

/// A unit an import's estimate and actual columns (or a plan's log) may be written in: the code
/// pipeplan-cli takes ("h" in --columns "actual_seconds=Took:h" and --unit h), the label the
/// window's unit pickers show (translatable, context "Track") and its length in seconds. Working
/// days and weeks are the project's tasks' (estimate::hoursPer: 8 h and 40 h).
struct ImportUnit
{
    const char *code = nullptr;
    const char *label = nullptr;
    double seconds = 1;
};
/// s, min, h, d and w, shortest first.
const std::vector<ImportUnit> &importUnits();
/// The seconds in the importUnits() entry whose code is `code` (compared without case or
/// surrounding spaces): 3600 for "h", 28800 for "d"; nullopt when there is none.
std::optional<double> importUnitSeconds(const QString &code);

/// Where an import's rows come from: a tracker's run export, a spreadsheet with its columns
/// mapped, a plan's Estimated vs actual log (no table), or another PipePlan history file.
enum class ImportSource
{
    Mlflow,
    Wandb,
    Spreadsheet,
    ActualsLog,
    OwnHistory,
};
/// A source by the name pipeplan-cli's --from takes (a contract of its command line).
struct ImportSourceName
{
    const char *name = nullptr;
    ImportSource source = ImportSource::Spreadsheet;
};
/// mlflow, wandb, csv, pipeplan and plan, in the order the CLI lists them.
const std::vector<ImportSourceName> &importSourceNames();
/// The source named `name` in importSourceNames() (compared without case or surrounding
/// spaces); nullopt when there is none.
std::optional<ImportSource> importSourceFromName(const QString &name);
/// The columns an import from `source` starts from, for a table whose header is `header`:
/// mlflowColumns(), wandbColumns(), ownColumns(), a spreadsheet's guessColumns(header);
/// nullopt for the plan's log, which has no table.
std::optional<Columns> defaultColumns(ImportSource source, const QStringList &header);

/// One field of Columns as an import's mapping shows it: the key a column of that name is
/// guessed from (the own header's name, or started_at / ended_at), the label a person reads
/// (translatable, context "Track"), the member it sets, and whether every row needs it.
struct ColumnField
{
    QString key;
    const char *label = nullptr;
    QString Columns::*column = nullptr;
    bool required = false;
};
/// The fields of Columns, in the own header's order, then the two timestamps.
const std::vector<ColumnField> &columnFields();

/// The first non-blank record of a CSV text (a byte order mark dropped): the column names an
/// import's mapping offers; empty when there is none or a quote is left open.
QStringList headerOf(const QString &text);

/// A best guess of which column holds each field: the first column whose name, compared without
/// case, spaces or punctuation, equals one of the field's usual names ("Estimate (h)" holds the
/// estimate, "Job" the name), else starts with one. A field no column matches stays empty.
Columns guessColumns(const QStringList &header);

/// Reads a table as `columns` say. Each bad row is a Problem naming its line and column; the
/// rest are kept. An empty cell of an optional field leaves it unset.
ReadResult importTable(const QString &text, const Columns &columns);

/// Reads PipePlan's own history file (importTable with ownColumns; the header must name the
/// four required columns).
ReadResult read(const QString &text);

/// The history as PipePlan writes it: header() then one line per row, optional fields empty
/// when unset; numbers in the fewest digits that read back equal.
QString write(const std::vector<Row> &rows);

/// PipePlan's own Estimated vs actual log (the project's actuals) as rows of `kind`; the log
/// keeps estimates and actuals in the plan's time unit of `unitSeconds` seconds.
std::vector<Row> fromActuals(const std::vector<estimate::ActualEntry> &actuals, const QString &kind,
                             double unitSeconds);

/// The project's done tasks as rows: each task's PERT mean against its actual, in its own unit
/// (working hours, days of 8 h or weeks of 40 h), its category as the kind ("training").
std::vector<Row> fromDoneTasks(const std::vector<estimate::Task> &tasks);

/// The whole Estimated vs actual log of a plan's project, as the window shows it: the typed
/// entries (`actuals`, in `unitSeconds`) then the done tasks (fromDoneTasks). With `kind` every
/// row is of that kind; without, the typed entries are "project" and each task its category.
std::vector<Row> fromProjectLog(const std::vector<estimate::ActualEntry> &actuals,
                                const std::vector<estimate::Task> &tasks, const QString &kind,
                                double unitSeconds);

/// Reads the history file at `path` (fileio::readBounded, at most kMaxFileBytes).
ReadResult readFile(const QString &path);
/// Writes the history to `path` atomically (fileio::writeAtomically); the error, if any.
QString writeFile(const QString &path, const std::vector<Row> &rows);

} // namespace pipeplan::track
