// The track record's file: PipePlan's own CSV, a spreadsheet's columns, MLflow's and W&B's run
// exports, and the project's Estimated vs actual log.

#include "core/track/record.h"

#include "core/base/csv.h"
#include "core/base/fileio.h"
#include "core/base/translate.h"
#include "core/project/accuracy.h"
#include "core/project/forecast.h"
#include "core/project/task.h"

#include <QDateTime>
#include <QHash>
#include <QLocale>
#include <QRegularExpression>
#include <QTimeZone>

#include <cmath>
#include <iterator>
#include <utility>

namespace pipeplan::track {

PIPEPLAN_TR_CONTEXT("pipeplan::track")

namespace {

const QString kName = QStringLiteral("name");
const QString kKind = QStringLiteral("kind");
const QString kEstimatedSeconds = QStringLiteral("estimated_seconds");
const QString kActualSeconds = QStringLiteral("actual_seconds");
const QString kEstimatedGpuHours = QStringLiteral("estimated_gpu_hours");
const QString kActualGpuHours = QStringLiteral("actual_gpu_hours");
const QString kEstimatedCost = QStringLiteral("estimated_cost");
const QString kActualCost = QStringLiteral("actual_cost");
const QString kRequestedSeconds = QStringLiteral("requested_seconds");
const QString kFinishedOn = QStringLiteral("finished_on");

/// A number as a spreadsheet or a tracker writes it: plain, with a decimal point, grouping
/// commas allowed ("1,234.5").
std::optional<double> numberOf(const QString &text)
{
    QString plain = text.trimmed();
    plain.remove(QLatin1Char(','));
    bool ok = false;
    const double value = plain.toDouble(&ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

/// A timestamp as ISO 8601 ("2026-03-02T10:00:00Z", pandas' "2026-03-02 10:00:00.123+00:00")
/// or milliseconds since 1970 (MLflow's REST API).
std::optional<QDateTime> timestampOf(const QString &text)
{
    const QString t = text.trimmed();
    if (t.isEmpty())
        return std::nullopt;
    if (const auto ms = numberOf(t); ms && *ms > 0)
        return QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(*ms), QTimeZone::utc());
    QString iso = t;
    if (iso.size() > 10 && iso[10] == QLatin1Char(' '))
        iso[10] = QLatin1Char('T');
    QDateTime at = QDateTime::fromString(iso, Qt::ISODateWithMs);
    if (!at.isValid()) {
        // Microseconds (pandas): Qt reads at most milliseconds.
        static const QRegularExpression micro(QStringLiteral("(\\.\\d{3})\\d+"));
        iso.replace(micro, QStringLiteral("\\1"));
        at = QDateTime::fromString(iso, Qt::ISODateWithMs);
    }
    if (!at.isValid())
        return std::nullopt;
    return at.toUTC();
}

QString quotedValue(const QString &text)
{
    return text.size() > 40 ? QStringLiteral("\"%1...\"").arg(text.left(40))
                            : QStringLiteral("\"%1\"").arg(text);
}

} // namespace

QStringList header()
{
    return {
        kName,           kKind,          kEstimatedSeconds, kActualSeconds,    kEstimatedGpuHours,
        kActualGpuHours, kEstimatedCost, kActualCost,       kRequestedSeconds, kFinishedOn};
}

QStringList mappableFields()
{
    QStringList keys;
    for (const ColumnField &field : columnFields())
        keys << field.key;
    return keys;
}

bool mapColumn(Columns &columns, const QString &field, const QString &column)
{
    for (const ColumnField &f : columnFields()) {
        if (f.key == field) {
            columns.*f.column = column;
            return true;
        }
    }
    return false;
}

QString Problem::toString() const
{
    return column.isEmpty()
               ? QCoreApplication::translate("pipeplan::track", "line %1: %2")
                     .arg(line)
                     .arg(message)
               : QCoreApplication::translate("pipeplan::track", "line %1, column %2: %3")
                     .arg(line)
                     .arg(column, message);
}

Columns ownColumns()
{
    Columns c;
    c.name = kName;
    c.kind = kKind;
    c.estimatedSeconds = kEstimatedSeconds;
    c.actualSeconds = kActualSeconds;
    c.estimatedGpuHours = kEstimatedGpuHours;
    c.actualGpuHours = kActualGpuHours;
    c.estimatedCost = kEstimatedCost;
    c.actualCost = kActualCost;
    c.requestedSeconds = kRequestedSeconds;
    c.finishedOn = kFinishedOn;
    return c;
}

Columns mlflowColumns()
{
    Columns c;
    c.name = QStringLiteral("tags.mlflow.runName");
    c.kind = QStringLiteral("params.kind");
    c.estimatedSeconds = QStringLiteral("params.estimated_seconds");
    c.startedAt = QStringLiteral("start_time");
    c.endedAt = QStringLiteral("end_time");
    c.estimatedGpuHours = QStringLiteral("params.estimated_gpu_hours");
    c.actualGpuHours = QStringLiteral("metrics.gpu_hours");
    c.requestedSeconds = QStringLiteral("params.requested_seconds");
    return c;
}

Columns wandbColumns()
{
    Columns c;
    c.name = QStringLiteral("Name");
    c.kind = QStringLiteral("kind");
    c.estimatedSeconds = QStringLiteral("estimated_seconds");
    c.actualSeconds = QStringLiteral("Runtime");
    c.startedAt = QStringLiteral("Created");
    c.estimatedGpuHours = QStringLiteral("estimated_gpu_hours");
    c.actualGpuHours = QStringLiteral("gpu_hours");
    c.requestedSeconds = QStringLiteral("requested_seconds");
    return c;
}

const std::vector<ColumnField> &columnFields()
{
    static const std::vector<ColumnField> fields{
        {kName, QT_TRANSLATE_NOOP("Track", "Name"), &Columns::name, true},
        {kKind, QT_TRANSLATE_NOOP("Track", "Kind"), &Columns::kind, false},
        {kEstimatedSeconds, QT_TRANSLATE_NOOP("Track", "Estimate"), &Columns::estimatedSeconds,
         true},
        {kActualSeconds, QT_TRANSLATE_NOOP("Track", "Actual"), &Columns::actualSeconds, false},
        {kEstimatedGpuHours, QT_TRANSLATE_NOOP("Track", "Estimated GPU-hours"),
         &Columns::estimatedGpuHours, false},
        {kActualGpuHours, QT_TRANSLATE_NOOP("Track", "Actual GPU-hours"), &Columns::actualGpuHours,
         false},
        {kEstimatedCost, QT_TRANSLATE_NOOP("Track", "Estimated cost"), &Columns::estimatedCost,
         false},
        {kActualCost, QT_TRANSLATE_NOOP("Track", "Actual cost"), &Columns::actualCost, false},
        {kRequestedSeconds, QT_TRANSLATE_NOOP("Track", "Requested wall time"),
         &Columns::requestedSeconds, false},
        {kFinishedOn, QT_TRANSLATE_NOOP("Track", "Finished on"), &Columns::finishedOn, false},
        {QStringLiteral("started_at"), QT_TRANSLATE_NOOP("Track", "Started at"),
         &Columns::startedAt, false},
        {QStringLiteral("ended_at"), QT_TRANSLATE_NOOP("Track", "Ended at"), &Columns::endedAt,
         false},
    };
    return fields;
}

const std::vector<ImportUnit> &importUnits()
{
    static const std::vector<ImportUnit> units{
        {"s", QT_TRANSLATE_NOOP("Track", "seconds"), 1},
        {"min", QT_TRANSLATE_NOOP("Track", "minutes"), 60},
        {"h", QT_TRANSLATE_NOOP("Track", "hours"), 3600},
        {"d", QT_TRANSLATE_NOOP("Track", "working days"),
         estimate::hoursPer(estimate::TimeUnit::Days) * 3600},
        {"w", QT_TRANSLATE_NOOP("Track", "working weeks"),
         estimate::hoursPer(estimate::TimeUnit::Weeks) * 3600},
    };
    return units;
}

std::optional<double> importUnitSeconds(const QString &code)
{
    const QString wanted = code.trimmed().toLower();
    for (const ImportUnit &unit : importUnits())
        if (wanted == QLatin1String(unit.code))
            return unit.seconds;
    return std::nullopt;
}

const std::vector<ImportSourceName> &importSourceNames()
{
    static const std::vector<ImportSourceName> names{
        {"mlflow", ImportSource::Mlflow},   {"wandb", ImportSource::Wandb},
        {"csv", ImportSource::Spreadsheet}, {"pipeplan", ImportSource::OwnHistory},
        {"plan", ImportSource::ActualsLog},
    };
    return names;
}

std::optional<ImportSource> importSourceFromName(const QString &name)
{
    const QString wanted = name.trimmed().toLower();
    for (const ImportSourceName &entry : importSourceNames())
        if (wanted == QLatin1String(entry.name))
            return entry.source;
    return std::nullopt;
}

std::optional<Columns> defaultColumns(ImportSource source, const QStringList &header)
{
    switch (source) {
    case ImportSource::Mlflow:
        return mlflowColumns();
    case ImportSource::Wandb:
        return wandbColumns();
    case ImportSource::Spreadsheet:
        return guessColumns(header);
    case ImportSource::OwnHistory:
        return ownColumns();
    case ImportSource::ActualsLog:
        break;
    }
    return std::nullopt;
}

QStringList headerOf(const QString &text)
{
    const auto parsed = csv::parse(text);
    if (!parsed)
        return {};
    for (const QStringList &record : *parsed) {
        if (record.join(QString()).trimmed().isEmpty())
            continue;
        QStringList names;
        for (const QString &cell : record)
            names << cell.trimmed();
        if (names.front().startsWith(QChar(0xFEFF)))
            names.front().remove(0, 1);
        return names;
    }
    return {};
}

Columns guessColumns(const QStringList &header)
{
    const auto plain = [](const QString &text) {
        QString letters;
        for (const QChar c : text)
            if (c.isLetterOrNumber())
                letters += c.toLower();
        return letters;
    };
    // The names spreadsheets and trackers use for each field, in the order of columnFields().
    static const std::vector<QStringList> usual{
        {QStringLiteral("name"), QStringLiteral("job"), QStringLiteral("task"),
         QStringLiteral("run"), QStringLiteral("runname"), QStringLiteral("jobname")},
        {QStringLiteral("kind"), QStringLiteral("type"), QStringLiteral("category")},
        {QStringLiteral("estimatedseconds"), QStringLiteral("estimate"),
         QStringLiteral("estimated"), QStringLiteral("planned")},
        {QStringLiteral("actualseconds"), QStringLiteral("actual"), QStringLiteral("runtime"),
         QStringLiteral("duration"), QStringLiteral("elapsed"), QStringLiteral("took")},
        {QStringLiteral("estimatedgpuhours")},
        {QStringLiteral("actualgpuhours"), QStringLiteral("gpuhours")},
        {QStringLiteral("estimatedcost"), QStringLiteral("budget")},
        {QStringLiteral("actualcost"), QStringLiteral("cost")},
        {QStringLiteral("requestedseconds"), QStringLiteral("requested"),
         QStringLiteral("walltime")},
        {QStringLiteral("finishedon"), QStringLiteral("finished"), QStringLiteral("done"),
         QStringLiteral("completed"), QStringLiteral("date")},
        {QStringLiteral("startedat"), QStringLiteral("starttime"), QStringLiteral("started"),
         QStringLiteral("start"), QStringLiteral("created")},
        {QStringLiteral("endedat"), QStringLiteral("endtime"), QStringLiteral("ended"),
         QStringLiteral("end")},
    };
    const std::vector<ColumnField> &fields = columnFields();
    QStringList plainHeader;
    for (const QString &name : header)
        plainHeader << plain(name);
    std::vector<bool> taken(static_cast<size_t>(header.size()), false);
    Columns guess;
    // Exact names first, so that "actual_gpu_hours" is not taken as the start of "actual".
    for (const bool exact : {true, false}) {
        for (size_t f = 0; f < fields.size(); ++f) {
            QString &column = guess.*fields[f].column;
            if (!column.isEmpty())
                continue;
            for (const QString &candidate : usual[f]) {
                for (qsizetype i = 0; i < plainHeader.size() && column.isEmpty(); ++i) {
                    const auto at = static_cast<size_t>(i);
                    if (taken[at])
                        continue;
                    if (exact ? plainHeader[i] == candidate
                              : plainHeader[i].startsWith(candidate)) {
                        column = header[i];
                        taken[at] = true;
                    }
                }
                if (!column.isEmpty())
                    break;
            }
        }
    }
    return guess;
}

ReadResult importTable(const QString &text, const Columns &columns)
{
    ReadResult result;
    const auto parsed = csv::parse(text);
    if (!parsed) {
        result.error = tr("a quoted field is never closed");
        return result;
    }
    const std::vector<QStringList> &table = *parsed;
    // The line each record starts on: a quoted field may hold line breaks.
    std::vector<int> lines;
    lines.reserve(table.size());
    int line = 1;
    for (const QStringList &record : table) {
        lines.push_back(line);
        int breaks = 1;
        for (const QString &cell : record)
            breaks +=
                static_cast<int>(cell.count(QLatin1Char('\n')) + cell.count(QLatin1Char('\r')) -
                                 cell.count(QStringLiteral("\r\n")));
        line += breaks;
    }
    size_t first = 0;
    while (first < table.size() && table[first].join(QString()).trimmed().isEmpty())
        ++first;
    if (first == table.size()) {
        result.error = tr("is empty: expected a header line (%1)")
                           .arg(header().mid(0, kRequiredColumns).join(QLatin1Char(',')));
        return result;
    }
    QHash<QString, int> at;
    for (int i = 0; i < table[first].size(); ++i) {
        QString name = table[first][i].trimmed();
        if (i == 0 && name.startsWith(QChar(0xFEFF)))
            name.remove(0, 1); // a spreadsheet's byte order mark
        if (!at.contains(name))
            at.insert(name, i);
    }
    const auto column = [&at](const QString &name) {
        return name.isEmpty() ? -1 : at.value(name, -1);
    };
    // The columns a row cannot do without.
    const bool fromTimes = columns.actualSeconds.isEmpty() || column(columns.actualSeconds) < 0;
    QStringList missing;
    for (const QString &required : {columns.name, columns.estimatedSeconds})
        if (column(required) < 0)
            missing << required;
    if (!columns.kind.isEmpty() && columns.fixedKind.isEmpty() && column(columns.kind) < 0)
        missing << columns.kind;
    if (fromTimes) {
        if (columns.startedAt.isEmpty() || columns.endedAt.isEmpty())
            missing << columns.actualSeconds;
        else
            for (const QString &required : {columns.startedAt, columns.endedAt})
                if (column(required) < 0)
                    missing << required;
    }
    if (!missing.isEmpty()) {
        result.error = tr("the header has no column %1").arg(missing.join(QStringLiteral(", ")));
        return result;
    }

    for (size_t r = first + 1; r < table.size(); ++r) {
        const QStringList &record = table[r];
        if (record.join(QString()).trimmed().isEmpty())
            continue; // a blank line
        const int lineNumber = lines[r];
        const auto cell = [&](const QString &name) {
            const int i = column(name);
            return i < 0 ? QString() : record.value(i).trimmed();
        };
        std::optional<Problem> problem;
        const auto fail = [&](const QString &name, const QString &message) {
            if (!problem)
                problem = Problem{lineNumber, name, message};
        };
        const auto positive = [&](const QString &name, double unit,
                                  bool required) -> std::optional<double> {
            const QString text = cell(name);
            if (text.isEmpty()) {
                if (required)
                    fail(name, tr("is empty; a number above 0 is required"));
                return std::nullopt;
            }
            const auto value = numberOf(text);
            if (!value || (required ? *value <= 0 : *value < 0)) {
                fail(name,
                     tr("must be a number %1, got %2")
                         .arg(required ? tr("above 0") : tr("of at least 0"), quotedValue(text)));
                return std::nullopt;
            }
            return *value * unit;
        };
        Row row;
        row.name = cell(columns.name);
        if (row.name.isEmpty())
            fail(columns.name, tr("is empty; every job needs a name"));
        row.kind = columns.fixedKind.isEmpty() ? cell(columns.kind) : columns.fixedKind;
        row.estimatedSeconds =
            positive(columns.estimatedSeconds, columns.estimatedUnitSeconds, true).value_or(0);
        std::optional<QDateTime> ended;
        if (!fromTimes) {
            row.actualSeconds =
                positive(columns.actualSeconds, columns.actualUnitSeconds, true).value_or(0);
        } else {
            const auto started = timestampOf(cell(columns.startedAt));
            ended = timestampOf(cell(columns.endedAt));
            if (!started)
                fail(columns.startedAt,
                     tr("must be a timestamp, got %1").arg(quotedValue(cell(columns.startedAt))));
            else if (!ended)
                fail(columns.endedAt, cell(columns.endedAt).isEmpty()
                                          ? tr("is empty: the run has not finished")
                                          : tr("must be a timestamp, got %1")
                                                .arg(quotedValue(cell(columns.endedAt))));
            else if (!(*ended > *started))
                fail(columns.endedAt, tr("must be after %1").arg(columns.startedAt));
            else
                row.actualSeconds = static_cast<double>(started->msecsTo(*ended)) / 1000.0;
        }
        row.estimatedGpuHours = positive(columns.estimatedGpuHours, 1, false);
        row.actualGpuHours = positive(columns.actualGpuHours, 1, false);
        row.estimatedCost = positive(columns.estimatedCost, 1, false);
        row.actualCost = positive(columns.actualCost, 1, false);
        row.requestedSeconds = positive(columns.requestedSeconds, 1, false);
        if (const QString finished = cell(columns.finishedOn); !finished.isEmpty()) {
            const QDate date = QDate::fromString(finished.left(10), Qt::ISODate);
            if (!date.isValid())
                fail(columns.finishedOn,
                     tr("must be a date like 2026-03-02, got %1").arg(quotedValue(finished)));
            else
                row.finishedOn = date;
        } else if (ended) {
            row.finishedOn = ended->date();
        } else if (!columns.startedAt.isEmpty() && column(columns.startedAt) >= 0 && !problem) {
            if (const auto started = timestampOf(cell(columns.startedAt)))
                row.finishedOn =
                    started->addMSecs(static_cast<qint64>(row.actualSeconds * 1000)).date();
        }
        if (problem)
            result.problems.push_back(*problem);
        else
            result.rows.push_back(std::move(row));
    }
    return result;
}

ReadResult read(const QString &text)
{
    return importTable(text, ownColumns());
}

QString write(const std::vector<Row> &rows)
{
    std::vector<QStringList> table{header()};
    const auto number = [](double value) {
        return QString::number(value, 'g', QLocale::FloatingPointShortest);
    };
    const auto optional = [&number](const std::optional<double> &value) {
        return value ? number(*value) : QString();
    };
    for (const Row &row : rows)
        table.push_back({row.name, row.kind, number(row.estimatedSeconds),
                         number(row.actualSeconds), optional(row.estimatedGpuHours),
                         optional(row.actualGpuHours), optional(row.estimatedCost),
                         optional(row.actualCost), optional(row.requestedSeconds),
                         row.finishedOn ? row.finishedOn->toString(Qt::ISODate) : QString()});
    return csv::write(table);
}

std::vector<Row> fromActuals(const std::vector<estimate::ActualEntry> &actuals, const QString &kind,
                             double unitSeconds)
{
    std::vector<Row> rows;
    for (const estimate::ActualEntry &entry : actuals) {
        if (!(entry.estimate > 0) || !(entry.actual > 0))
            continue; // the log's own check refuses these; a history keeps only usable rows
        Row row;
        row.name = entry.name;
        row.kind = kind;
        row.estimatedSeconds = entry.estimate * unitSeconds;
        row.actualSeconds = entry.actual * unitSeconds;
        rows.push_back(std::move(row));
    }
    return rows;
}

std::vector<Row> fromDoneTasks(const std::vector<estimate::Task> &tasks)
{
    // The log's own entries (estimate::doneEntries, one per done task in order), each in its
    // task's unit and of its task's category.
    const std::vector<estimate::ActualEntry> entries = estimate::doneEntries(tasks);
    std::vector<Row> rows;
    size_t next = 0;
    for (const estimate::Task &task : tasks) {
        if (task.progress.state != estimate::TaskState::Done || next >= entries.size())
            continue;
        std::vector<Row> one = fromActuals({entries[next++]}, estimate::categoryKey(task.category),
                                           estimate::hoursPer(task.unit) * 3600);
        std::move(one.begin(), one.end(), std::back_inserter(rows));
    }
    return rows;
}

std::vector<Row> fromProjectLog(const std::vector<estimate::ActualEntry> &actuals,
                                const std::vector<estimate::Task> &tasks, const QString &kind,
                                double unitSeconds)
{
    std::vector<Row> rows =
        fromActuals(actuals, kind.isEmpty() ? QStringLiteral("project") : kind, unitSeconds);
    for (Row &row : fromDoneTasks(tasks)) {
        if (!kind.isEmpty())
            row.kind = kind;
        rows.push_back(std::move(row));
    }
    return rows;
}

ReadResult readFile(const QString &path)
{
    const fileio::ReadResult bytes = fileio::readBounded(path, kMaxFileBytes);
    if (!bytes.bytes) {
        ReadResult result;
        result.error = bytes.error;
        return result;
    }
    return read(QString::fromUtf8(*bytes.bytes));
}

QString writeFile(const QString &path, const std::vector<Row> &rows)
{
    return fileio::writeAtomically(path, write(rows).toUtf8());
}

} // namespace pipeplan::track
