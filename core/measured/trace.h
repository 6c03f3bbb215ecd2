#pragma once

#include <QString>
#include <QStringList>

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

/// Stage times from a profiler trace (seed 003: "small-scale profiling (1-2 steps) and
/// timeline tracing (nsys, PyTorch profiler) to produce baseline metrics"). Reads the Chrome trace
/// event format that PyTorch's profiler (export_chrome_trace), Perfetto's JSON export, Ray's
/// timeline and TensorBoard write: a `{"traceEvents": [...]}` object or a bare array; complete
/// events (ph "X", dur in µs) and B/E pairs matched per (pid, tid) as a stack; plain or gzip.
/// It streams (RapidJSON's SAX reader over zlib): the document is never held as a DOM, only one
/// duration per span.
namespace pipeplan::trace {

/// One (pid, tid) lane's share of a span: a training step's ranks are its lanes.
struct LaneStats
{
    /// As the trace wrote it when a number (a float is rounded). A string that is a decimal integer
    /// ("12") is that integer; any other string (Ray's "Node 10.0.0.1", Perfetto's thread names)
    /// is numbered -1, -2, ... in the order the file first names it: Summary::stringIds[-id - 1].
    /// Negative ids keep them apart from real process and thread ids, which are not negative.
    qint64 pid = 0;
    qint64 tid = 0;
    int count = 0;
    double totalMs = 0;
    double meanMs = 0;
    bool operator==(const LaneStats &) const = default;
};

/// Every event of one name: its durations' statistics (P50 and P90 by linear interpolation
/// between order statistics, as numpy's default).
struct SpanStats
{
    QString name; ///< invalid UTF-8 replaced by U+FFFD
    int count = 0;
    double totalMs = 0;
    double meanMs = 0;
    double p50Ms = 0;
    double p90Ms = 0;
    double maxMs = 0;
    std::vector<LaneStats> lanes; ///< by pid, then tid
    bool operator==(const SpanStats &) const = default;
};

struct Summary
{
    qint64 events = 0; ///< spans counted (X events and matched B/E pairs)
    /// The file ended mid-document (a killed job): the spans complete before the cut are counted.
    bool truncated = false;
    /// What was skipped and why, one line each ("12 E events without a B", "3 events with a
    /// negative duration").
    QStringList notes;
    double durationMs = 0;        ///< from the first span's start to the last span's end
    std::vector<SpanStats> spans; ///< by totalMs, largest first (ties by name)
    /// The pid and tid strings that are not integers, by their id: id -1 is stringIds[0].
    QStringList stringIds;
    bool operator==(const Summary &) const = default;
};

struct Options
{
    /// Only names matching one of these (QRegularExpression patterns, found anywhere in the name
    /// as grep does; anchor with ^ and $); all when empty. `events` and `durationMs` count the
    /// matching spans only.
    QStringList match;
    /// Keep the `top` spans by total time; all when 0. Only trims the list: `events` and
    /// `durationMs` still count every matching span.
    int top = 0;
    /// Set from another thread to stop (the result is then unset with error "cancelled").
    const std::atomic<bool> *cancel = nullptr;
    /// Bytes read so far, for a progress bar (updated every few MB).
    std::atomic<qint64> *bytesRead = nullptr;
};

/// Reads `path` (gzip when it starts with the gzip magic, whatever its name). On a problem
/// (missing file, not a trace, a bad pattern) returns nothing and sets `error` to one line.
std::optional<Summary> readFile(const QString &path, const Options &options, QString *error);
/// The same from bytes in memory (tests).
std::optional<Summary> readBytes(const QByteArray &bytes, const Options &options, QString *error);

} // namespace pipeplan::trace
