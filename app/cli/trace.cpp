// trace: span statistics of a profiler trace: the stage times a plan starts from.

#include "app/cli/cli.h"
#include "app/cli/commands.h"

#include "core/base/format.h"
#include "core/measured/trace.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

namespace pipeplan::cli {

namespace {

/// --top: how many spans to list; 0 lists them all.
const FieldSpec kTopSpans{"top", "spans listed", "spans", 0, 1e9, false, true};

/// A kernel's name can run to hundreds of characters (C++ templates); the table cuts it, the
/// JSON keeps it whole.
constexpr qsizetype kMaxNameChars = 60;

QJsonArray lanesJson(const std::vector<trace::LaneStats> &lanes)
{
    QJsonArray array;
    for (const trace::LaneStats &lane : lanes)
        array.append(QJsonObject{{QStringLiteral("pid"), static_cast<double>(lane.pid)},
                                 {QStringLiteral("tid"), static_cast<double>(lane.tid)},
                                 {QStringLiteral("count"), lane.count},
                                 {QStringLiteral("total_ms"), lane.totalMs},
                                 {QStringLiteral("mean_ms"), lane.meanMs}});
    return array;
}

QJsonObject summaryJson(const trace::Summary &summary)
{
    QJsonArray spans;
    for (const trace::SpanStats &span : summary.spans)
        spans.append(QJsonObject{{QStringLiteral("name"), span.name},
                                 {QStringLiteral("count"), span.count},
                                 {QStringLiteral("total_ms"), span.totalMs},
                                 {QStringLiteral("mean_ms"), span.meanMs},
                                 {QStringLiteral("p50_ms"), span.p50Ms},
                                 {QStringLiteral("p90_ms"), span.p90Ms},
                                 {QStringLiteral("max_ms"), span.maxMs},
                                 {QStringLiteral("lanes"), lanesJson(span.lanes)}});
    return QJsonObject{
        {QStringLiteral("events"), static_cast<double>(summary.events)},
        {QStringLiteral("truncated"), summary.truncated},
        {QStringLiteral("duration_ms"), summary.durationMs},
        {QStringLiteral("spans"), spans},
        {QStringLiteral("notes"), QJsonArray::fromStringList(summary.notes)},
        {QStringLiteral("string_ids"), QJsonArray::fromStringList(summary.stringIds)}};
}

QString elided(const QString &name)
{
    return name.size() <= kMaxNameChars ? name : name.left(kMaxNameChars - 1) + QChar(0x2026);
}

/// One row per span, the header naming the unit; names left, numbers right.
void printSpanTable(QTextStream &out, const std::vector<trace::SpanStats> &spans)
{
    std::vector<QStringList> rows{{QCoreApplication::translate("pipeplan::cli", "Span"),
                                   QCoreApplication::translate("pipeplan::cli", "Count"),
                                   QCoreApplication::translate("pipeplan::cli", "Total ms"),
                                   QCoreApplication::translate("pipeplan::cli", "Mean ms"),
                                   QCoreApplication::translate("pipeplan::cli", "P50 ms"),
                                   QCoreApplication::translate("pipeplan::cli", "P90 ms"),
                                   QCoreApplication::translate("pipeplan::cli", "Max ms")}};
    for (const trace::SpanStats &span : spans) {
        const auto ms = [](double value) { return format::grouped(value, 3); };
        rows.push_back({elided(span.name), format::grouped(span.count, 0), ms(span.totalMs),
                        ms(span.meanMs), ms(span.p50Ms), ms(span.p90Ms), ms(span.maxMs)});
    }
    std::vector<qsizetype> widths(rows.front().size(), 0);
    for (const QStringList &row : rows) {
        for (size_t c = 0; c < widths.size(); ++c)
            widths[c] = std::max(widths[c], row[static_cast<qsizetype>(c)].size());
    }
    for (const QStringList &row : rows) {
        out << row[0].leftJustified(widths[0]);
        for (size_t c = 1; c < widths.size(); ++c)
            out << "  " << row[static_cast<qsizetype>(c)].rightJustified(widths[c]);
        out << '\n';
    }
}

int runTrace(const Flags &flags, QTextStream &out)
{
    if (flags.positional().isEmpty())
        throw InvalidInput{QCoreApplication::translate(
            "pipeplan::cli", "FILE: required (a Chrome trace: PyTorch profiler, "
                             "Perfetto, Ray or TensorBoard JSON, plain or gzip)")};
    trace::Options options;
    options.match = flags.repeated(QStringLiteral("match"));
    options.top = static_cast<int>(flags.number(QStringLiteral("top"), kTopSpans, 0.0));
    QString error;
    const std::optional<trace::Summary> summary =
        trace::readFile(flags.positional().first(), options, &error);
    if (!summary)
        throw InvalidInput{error};
    if (flags.isSet(kJson.name)) {
        printJson(out, summaryJson(*summary));
        return kExitOk;
    }
    printRows(out, {{QCoreApplication::translate("pipeplan::cli", "Spans"),
                     format::grouped(static_cast<double>(summary->events), 0)},
                    {QCoreApplication::translate("pipeplan::cli", "Duration"),
                     QCoreApplication::translate("pipeplan::cli", "%1 ms (first start to last end)")
                         .arg(format::grouped(summary->durationMs, 3))},
                    {QCoreApplication::translate("pipeplan::cli", "Truncated"),
                     summary->truncated ? QCoreApplication::translate("pipeplan::cli", "yes")
                                        : QCoreApplication::translate("pipeplan::cli", "no")}});
    if (!summary->spans.empty()) {
        out << '\n';
        printSpanTable(out, summary->spans);
    }
    if (!summary->notes.isEmpty())
        out << '\n';
    for (const QString &note : summary->notes)
        out << QCoreApplication::translate("pipeplan::cli", "Note: %1").arg(note) << '\n';
    return kExitOk;
}

} // namespace

Command traceCommand()
{
    return {QStringLiteral("trace"),
            QCoreApplication::translate(
                "pipeplan::cli",
                "span statistics of a profiler trace (Chrome trace JSON, plain or gzip): "
                "trace FILE"),
            {{QStringLiteral("match"), FlagKind::Repeated,
              QCoreApplication::translate(
                  "pipeplan::cli",
                  "only span names matching this regular expression (repeatable; found "
                  "anywhere in the name, anchor with ^ and $)")},
             {QStringLiteral("top"), FlagKind::Value,
              QCoreApplication::translate(
                  "pipeplan::cli", "list the N spans of largest total time; default 0: all")},
             kJson,
             kHelp},
            runTrace,
            1,
            QCoreApplication::translate(
                "pipeplan::cli",
                "Reads complete events (ph X) and B/E pairs matched per pid and tid; times\n"
                "in ms. A file cut short (a killed job) gives the spans complete before\n"
                "the cut, with truncated set. JSON: events, truncated, duration_ms, spans:\n"
                "{name, count, total_ms, mean_ms, p50_ms, p90_ms, max_ms} (+ notes, each\n"
                "span's lanes: {pid, tid, count, total_ms, mean_ms}, string_ids).")};
}

} // namespace pipeplan::cli
