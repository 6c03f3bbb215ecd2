// Tasks read from CSV text: the header, each row's fields, and the depends_on row numbers
// turned into task indices; every problem names its row and column.

#include "core/project/taskcsv.h"
#include "core/project/taskgraph.h"

#include "core/base/csv.h"
#include "core/base/numparse.h"
#include "core/base/translate.h"
#include "core/project/calendar.h"

#include <QRegularExpression>

#include <algorithm>
#include <functional>
#include <optional>
#include <utility>

namespace pipeplan::estimate {

PIPEPLAN_TR_CONTEXT("pipeplan::estimate")

namespace {

QString lowerTrimmed(const QString &text)
{
    return text.trimmed().toLower();
}

std::optional<Category> parseCategory(const QString &text)
{
    const QString key = lowerTrimmed(text);
    if (key.isEmpty())
        return Category::Other;
    for (Category c : kAllCategories) {
        if (key == categoryKey(c))
            return c;
    }
    return std::nullopt;
}

std::optional<TimeUnit> parseUnit(const QString &text)
{
    const QString key = lowerTrimmed(text);
    if (key.isEmpty() || key == QLatin1String("h") || key == QLatin1String("hour") ||
        key == QLatin1String("hours"))
        return TimeUnit::Hours;
    if (key == QLatin1String("d") || key == QLatin1String("day") || key == QLatin1String("days"))
        return TimeUnit::Days;
    if (key == QLatin1String("w") || key == QLatin1String("week") || key == QLatin1String("weeks"))
        return TimeUnit::Weeks;
    return std::nullopt;
}

const QString kRequiredHeader = QStringLiteral("name,optimistic,most_likely,pessimistic");

bool blank(const QStringList &row)
{
    return std::all_of(row.begin(), row.end(),
                       [](const QString &cell) { return cell.trimmed().isEmpty(); });
}

/// Where the header puts each column; an optional column it lacks is at -1.
struct Columns
{
    qsizetype count = 0;
    qsizetype category = -1;
    qsizetype unit = -1;
    qsizetype dependsOn = -1;
    qsizetype status = -1;
    qsizetype actual = -1;
    qsizetype finishedOn = -1;
    qsizetype shareDone = -1;
};

/// The header's columns: the four required ones, then any of the optional ones once each. A
/// problem is the header's one error.
std::optional<Columns> readHeader(const QStringList &header, std::vector<FieldError> &errors)
{
    auto fail = [&errors](const QString &message) {
        errors.push_back({QStringLiteral("header"), message});
        return std::nullopt;
    };
    QStringList columns;
    for (const QString &cell : header)
        columns << lowerTrimmed(cell);
    const QStringList required = kRequiredHeader.split(QLatin1Char(','));
    if (columns.size() < required.size() || columns.mid(0, required.size()) != required) {
        return fail(tr("is \"%1\"; it must start with %2")
                        .arg(header.join(QLatin1Char(',')), kRequiredHeader));
    }
    const QStringList optional = {QStringLiteral("category"),   QStringLiteral("unit"),
                                  QStringLiteral("depends_on"), QStringLiteral("status"),
                                  QStringLiteral("actual"),     QStringLiteral("finished_on"),
                                  QStringLiteral("share_done")};
    for (qsizetype c = required.size(); c < columns.size(); ++c) {
        if (!optional.contains(columns[c])) {
            return fail(tr("has an unknown column \"%1\": after the first four, the "
                           "columns may be category, unit, depends_on, status, "
                           "actual, finished_on and share_done")
                            .arg(header[c].trimmed()));
        }
        if (columns.indexOf(columns[c]) != c)
            return fail(tr("has the column \"%1\" twice").arg(columns[c]));
    }
    return Columns{columns.size(),
                   columns.indexOf(QStringLiteral("category")),
                   columns.indexOf(QStringLiteral("unit")),
                   columns.indexOf(QStringLiteral("depends_on")),
                   columns.indexOf(QStringLiteral("status")),
                   columns.indexOf(QStringLiteral("actual")),
                   columns.indexOf(QStringLiteral("finished_on")),
                   columns.indexOf(QStringLiteral("share_done"))};
}

/// A row's status columns: status (todo, in_progress, done; empty: todo), actual (a
/// done task's time in the row's unit; for a task in progress, its share done, 0.4 or 40 %,
/// unless a share_done column gives it), finished_on (YYYY-MM-DD) and share_done.
void readProgress(const QStringList &row, const Columns &columns,
                  const std::function<QString(const char *)> &field, TaskProgress &progress,
                  std::vector<FieldError> &errors)
{
    if (columns.status < 0)
        return;
    const QString statusText = row[columns.status].trimmed();
    const auto state = parseTaskState(statusText);
    if (!state) {
        errors.push_back({field("status"),
                          tr("is \"%1\": use todo, in_progress or done").arg(statusText.left(40))});
        return;
    }
    progress.state = *state;
    auto cell = [&row](qsizetype column) {
        return column >= 0 ? row[column].trimmed() : QString();
    };
    if (progress.state == TaskState::Done) {
        const QString actual = cell(columns.actual);
        const numparse::Parsed number = numparse::number(actual);
        if (actual.isEmpty())
            errors.push_back({field("actual"), tr("is empty: a done task needs the time it took")});
        else if (!number.value)
            errors.push_back({field("actual"), number.error});
        else
            progress.actual = *number.value;
        const QString finished = cell(columns.finishedOn);
        if (!finished.isEmpty()) {
            if (auto day = parseIsoDate(finished))
                progress.finishedOn = *day;
            else
                errors.push_back(
                    {field("finished_on"),
                     tr("is \"%1\": give a date as YYYY-MM-DD").arg(finished.left(40))});
        }
    } else if (progress.state == TaskState::InProgress) {
        const bool own = columns.shareDone >= 0;
        const QString share = cell(own ? columns.shareDone : columns.actual);
        const numparse::Parsed number = numparse::fraction(share);
        const char *key = own ? "share_done" : "actual";
        if (share.isEmpty())
            errors.push_back({field(key), tr("is empty: give the share done of a task "
                                             "in progress, 0.4 or 40%")});
        else if (!number.value)
            errors.push_back({field(key), number.error});
        else if (!(*number.value >= 0 && *number.value < 1))
            errors.push_back({field(key), tr("is %1: the share done is at least 0 and "
                                             "below 1 (a finished task is done)")
                                              .arg(share)});
        else
            progress.shareDone = *number.value;
    }
}

/// One data row's task, and the row numbers its depends_on lists (turned into task indices
/// once every row is read). Problems go to `errors`, named "row N, column".
struct RowTask
{
    Task task;
    std::vector<int> dependsRows;
};

RowTask readRow(const QStringList &row, const QString &rowName, const Columns &columns,
                std::vector<FieldError> &errors)
{
    static const QRegularExpression separators(QStringLiteral("[;,\\s]+"));
    auto field = [&rowName](const char *key) {
        return rowName + QStringLiteral(", ") + QLatin1String(key);
    };
    RowTask out;
    Task &task = out.task;
    task.name = row[0].trimmed();
    const char *timeKeys[] = {"optimistic", "most_likely", "pessimistic"};
    double *times[] = {&task.optimistic, &task.mostLikely, &task.pessimistic};
    for (int k = 0; k < 3; ++k) {
        const numparse::Parsed number = numparse::number(row[k + 1]);
        if (number.value) {
            *times[k] = *number.value;
        } else {
            errors.push_back({field(timeKeys[k]), row[k + 1].trimmed().isEmpty()
                                                      ? tr("is empty: give a number")
                                                      : number.error});
        }
    }
    if (columns.category >= 0) {
        if (auto category = parseCategory(row[columns.category])) {
            task.category = *category;
        } else {
            errors.push_back({field("category"), tr("is \"%1\": use labeling, training, "
                                                    "optimization, research or other")
                                                     .arg(row[columns.category].trimmed())});
        }
    }
    if (columns.unit >= 0) {
        if (auto unit = parseUnit(row[columns.unit])) {
            task.unit = *unit;
        } else {
            errors.push_back({field("unit"), tr("is \"%1\": use hours, days (8 h) or "
                                                "weeks (40 h)")
                                                 .arg(row[columns.unit].trimmed())});
        }
    }
    if (columns.dependsOn >= 0) {
        const QStringList items = row[columns.dependsOn].split(separators, Qt::SkipEmptyParts);
        for (const QString &item : items) {
            bool ok = false;
            const int dependsRow = item.toInt(&ok);
            if (!ok || dependsRow < 1) {
                errors.push_back(
                    {field("depends_on"), tr("\"%1\" is not a row number: list the data rows "
                                             "(1 is the first under the header) this task "
                                             "waits for")
                                              .arg(item)});
            } else {
                out.dependsRows.push_back(dependsRow);
            }
        }
    }
    readProgress(row, columns, field, task.progress, errors);
    return out;
}

/// Each task's depends_on row numbers as task indices; a row that is not a task row is an
/// error.
void resolveDependencies(std::vector<Task> &tasks, const std::vector<int> &rowOfTask,
                         const std::vector<std::vector<int>> &dependsOnRows,
                         std::vector<FieldError> &errors)
{
    for (size_t i = 0; i < tasks.size(); ++i) {
        for (int dependsRow : dependsOnRows[i]) {
            // Rows rise with the task index: a binary search, not a scan per dependency.
            const auto found = std::lower_bound(rowOfTask.begin(), rowOfTask.end(), dependsRow);
            if (found == rowOfTask.end() || *found != dependsRow) {
                errors.push_back({tr("row %1, depends_on").arg(rowOfTask[i]),
                                  tr("names row %1, which is not a task row").arg(dependsRow)});
            } else {
                tasks[i].dependsOn.push_back(static_cast<int>(found - rowOfTask.begin()));
            }
        }
    }
}

} // namespace

CsvTasks readTasksCsv(const QString &text)
{
    CsvTasks out;
    auto fail = [&out](const QString &field, const QString &message) {
        out.errors.push_back({field, message});
        return out;
    };
    QString body = text;
    if (body.startsWith(QChar(0xFEFF))) // a byte-order mark from a spreadsheet's export
        body.remove(0, 1);
    const std::optional<std::vector<QStringList>> parsed = csv::parse(body);
    if (!parsed)
        return fail(QStringLiteral("csv"), tr("has a quote that is never closed"));
    const std::vector<QStringList> &rows = *parsed;
    if (rows.empty() || blank(rows.front())) {
        return fail(QStringLiteral("header"),
                    tr("is missing: the first line must be ") + kRequiredHeader);
    }
    const std::optional<Columns> columns = readHeader(rows.front(), out.errors);
    if (!columns)
        return out;

    std::vector<Task> tasks;
    std::vector<int> rowOfTask;
    std::vector<std::vector<int>> dependsOnRows;
    for (size_t r = 1; r < rows.size(); ++r) {
        const QStringList &row = rows[r];
        const int rowNumber = static_cast<int>(r);
        if (blank(row))
            continue;
        const QString rowName = tr("row %1").arg(rowNumber);
        if (row.size() != columns->count) {
            out.errors.push_back(
                {rowName,
                 tr("has %1 fields, the header has %2").arg(row.size()).arg(columns->count)});
            continue;
        }
        RowTask read = readRow(row, rowName, *columns, out.errors);
        tasks.push_back(std::move(read.task));
        rowOfTask.push_back(rowNumber);
        dependsOnRows.push_back(std::move(read.dependsRows));
    }
    if (tasks.empty() && out.errors.empty())
        return fail(QStringLiteral("csv"), tr("has no task rows under the header"));
    if (auto tooMany = tooManyTasks(static_cast<qsizetype>(tasks.size()))) {
        out.errors.clear();
        return fail(QStringLiteral("csv"), *tooMany);
    }
    resolveDependencies(tasks, rowOfTask, dependsOnRows, out.errors);
    if (!out.errors.empty())
        return out;

    const detail::Naming rowNaming{
        [&rowOfTask](int task, const char *key) {
            return tr("row %1, %2")
                .arg(rowOfTask[static_cast<size_t>(task)])
                .arg(QLatin1String(key));
        },
        [&rowOfTask](int task) { return tr("row %1").arg(rowOfTask[static_cast<size_t>(task)]); },
        QStringLiteral("csv")};
    out.errors = detail::validateTasks(tasks, rowNaming);
    if (out.errors.empty())
        out.tasks = std::move(tasks);
    return out;
}

} // namespace pipeplan::estimate
