// Issue 20: stage times from a profiler trace (Chrome trace event format, plain or gzip).
#include "core/measured/trace.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>
#include <zlib.h>

#include <atomic>
#include <ostream>

using namespace pipeplan;

QT_BEGIN_NAMESPACE
inline void PrintTo(const QString &text, std::ostream *os)
{
    *os << '"' << text.toStdString() << '"';
}
QT_END_NAMESPACE

namespace {

/// `bytes` as a gzip file (what PyTorch's export to "trace.json.gz" and TensorBoard write).
QByteArray gzipped(const QByteArray &bytes)
{
    z_stream z{};
    // 16 + MAX_WBITS: a gzip wrapper, as gzip(1) writes.
    EXPECT_EQ(
        deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY),
        Z_OK);
    QByteArray out(static_cast<qsizetype>(deflateBound(&z, static_cast<uLong>(bytes.size()))), 0);
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bytes.data()));
    z.avail_in = static_cast<uInt>(bytes.size());
    z.next_out = reinterpret_cast<Bytef *>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
    out.resize(static_cast<qsizetype>(z.total_out));
    deflateEnd(&z);
    return out;
}

QByteArray x(const char *name, double tsUs, double durUs, int pid = 1, int tid = 1)
{
    return QStringLiteral(R"({"name": "%1", "ph": "X", "ts": %2, "dur": %3, "pid": %4, "tid": %5})")
        .arg(QString::fromUtf8(name))
        .arg(tsUs)
        .arg(durUs)
        .arg(pid)
        .arg(tid)
        .toUtf8();
}

QByteArray be(char phase, const char *name, double tsUs, int pid = 1, int tid = 1)
{
    return QStringLiteral(R"({"name": "%1", "ph": "%2", "ts": %3, "pid": %4, "tid": %5})")
        .arg(QString::fromUtf8(name))
        .arg(QLatin1Char(phase))
        .arg(tsUs)
        .arg(pid)
        .arg(tid)
        .toUtf8();
}

QByteArray traceObject(const QList<QByteArray> &events)
{
    return "{\"traceEvents\": [" + events.join(",\n") + "]}";
}

trace::Summary summaryOf(const QByteArray &bytes, const trace::Options &options = {})
{
    QString error;
    const std::optional<trace::Summary> summary = trace::readBytes(bytes, options, &error);
    EXPECT_TRUE(summary) << error.toStdString();
    return summary.value_or(trace::Summary{});
}

QString errorOf(const QByteArray &bytes, const trace::Options &options = {})
{
    QString error;
    EXPECT_FALSE(trace::readBytes(bytes, options, &error)) << bytes.toStdString();
    return error;
}

const trace::SpanStats *span(const trace::Summary &summary, const QString &name)
{
    for (const trace::SpanStats &s : summary.spans) {
        if (s.name == name)
            return &s;
    }
    return nullptr;
}

/// Two training steps on one thread, each a forward and a backward nested inside the step, and
/// an optimizer span on a second thread; args objects and nested arrays to skip.
QList<QByteArray> stepEvents()
{
    return {
        R"({"name": "step", "ph": "X", "ts": 0, "dur": 10000, "pid": 1, "tid": 1, "args": {"Input Dims": [[1, 2], [3]], "note": "a \"quoted\" \u00e9 [not] {an} array"}})",
        x("forward", 1000, 3000),
        x("backward", 4000, 5000),
        R"({"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": "main"}})",
        x("step", 10000, 12000),
        x("forward", 11000, 4000),
        x("backward", 15000, 6000),
        x("optimizer", 21000, 1000, 1, 2),
    };
}

} // namespace

TEST(TraceRead, NestedCompleteEventsGiveExactStatistics)
{
    const trace::Summary s = summaryOf(traceObject(stepEvents()));
    EXPECT_EQ(s.events, 7);
    EXPECT_FALSE(s.truncated);
    EXPECT_TRUE(s.notes.isEmpty()) << s.notes.join(QLatin1Char('|')).toStdString();
    EXPECT_EQ(s.durationMs, 22.0); // 0 to 22,000 µs
    ASSERT_EQ(s.spans.size(), 4u);
    // By total, largest first.
    EXPECT_EQ(s.spans[0].name, QStringLiteral("step"));
    EXPECT_EQ(s.spans[1].name, QStringLiteral("backward"));
    EXPECT_EQ(s.spans[2].name, QStringLiteral("forward"));
    EXPECT_EQ(s.spans[3].name, QStringLiteral("optimizer"));
    const trace::SpanStats &step = s.spans[0];
    EXPECT_EQ(step.count, 2);
    EXPECT_EQ(step.totalMs, 22.0);
    EXPECT_EQ(step.meanMs, 11.0);
    EXPECT_EQ(step.p50Ms, 11.0);
    EXPECT_EQ(step.p90Ms, 11.8); // 10 + 0.9 x (12 - 10)
    EXPECT_EQ(step.maxMs, 12.0);
    ASSERT_EQ(step.lanes.size(), 1u);
    EXPECT_EQ(step.lanes[0], (trace::LaneStats{1, 1, 2, 22.0, 11.0}));
    const trace::SpanStats &forward = s.spans[2];
    EXPECT_EQ(forward.totalMs, 7.0);
    EXPECT_EQ(forward.meanMs, 3.5);
    EXPECT_EQ(forward.maxMs, 4.0);
    EXPECT_EQ(s.spans[3].lanes[0], (trace::LaneStats{1, 2, 1, 1.0, 1.0}));
}

TEST(TraceRead, PercentilesInterpolateAsNumpy)
{
    // 1..10 ms: numpy.percentile(x, 50) = 5.5, (x, 90) = 9.1.
    QList<QByteArray> events;
    for (int i = 10; i >= 1; --i)
        events << x("op", i * 20000, i * 1000);
    const trace::Summary s = summaryOf(traceObject(events));
    ASSERT_EQ(s.spans.size(), 1u);
    EXPECT_EQ(s.spans[0].count, 10);
    EXPECT_EQ(s.spans[0].totalMs, 55.0);
    EXPECT_EQ(s.spans[0].meanMs, 5.5);
    EXPECT_EQ(s.spans[0].p50Ms, 5.5);
    EXPECT_EQ(s.spans[0].p90Ms, 9.1);
    EXPECT_EQ(s.spans[0].maxMs, 10.0);
    EXPECT_EQ(s.durationMs, 190.0); // 20,000 µs to 210,000 µs
}

TEST(TraceRead, BeginEndPairsNestAsAStackPerThread)
{
    const trace::Summary s = summaryOf(traceObject({
        be('B', "step", 0), be('B', "forward", 100),
        be('B', "matmul", 200, 1, 2), // another thread: its own stack
        be('E', "", 400),             // closes forward, the latest B of thread 1
        be('E', "matmul", 700, 1, 2), be('E', "whatever", 1000), // closes step: the B's name counts
    }));
    EXPECT_EQ(s.events, 3);
    EXPECT_TRUE(s.notes.isEmpty());
    EXPECT_EQ(s.durationMs, 1.0);
    ASSERT_EQ(s.spans.size(), 3u);
    EXPECT_EQ(s.spans[0].name, QStringLiteral("step"));
    EXPECT_EQ(s.spans[0].totalMs, 1.0);
    EXPECT_EQ(s.spans[1].name, QStringLiteral("matmul"));
    EXPECT_EQ(s.spans[1].totalMs, 0.5);
    EXPECT_EQ(s.spans[1].lanes[0].tid, 2);
    EXPECT_EQ(s.spans[2].name, QStringLiteral("forward"));
    EXPECT_EQ(s.spans[2].totalMs, 0.3);
}

TEST(TraceRead, UnmatchedBeginsAndEndsAreNoted)
{
    const trace::Summary s = summaryOf(traceObject({
        be('E', "orphan", 50),
        be('B', "step", 100),
        be('E', "step", 300),
        be('E', "orphan", 400),
        be('B', "open", 500),
        be('B', "open", 600, 2, 1),
    }));
    EXPECT_EQ(s.events, 1);
    EXPECT_EQ(s.notes, (QStringList{QStringLiteral("2 E events without a B skipped"),
                                    QStringLiteral("2 B events without an E (still open at the "
                                                   "end) skipped")}));
}

TEST(TraceRead, LanesArePerPidAndTidSortedByPidThenTid)
{
    const trace::Summary s = summaryOf(traceObject({
        x("allreduce", 0, 4000, 2, 7),
        x("allreduce", 0, 2000, 1, 9),
        x("allreduce", 5000, 6000, 1, 9),
        x("allreduce", 0, 3000, 1, 3),
    }));
    ASSERT_EQ(s.spans.size(), 1u);
    EXPECT_EQ(s.spans[0].lanes,
              (std::vector<trace::LaneStats>{
                  {1, 3, 1, 3.0, 3.0}, {1, 9, 2, 8.0, 4.0}, {2, 7, 1, 4.0, 4.0}}));
    EXPECT_EQ(s.spans[0].count, 4);
    EXPECT_EQ(s.spans[0].totalMs, 15.0);
    EXPECT_EQ(s.durationMs, 11.0);
}

TEST(TraceRead, ZeroDurationsCountNegativeOnesAreSkipped)
{
    const trace::Summary s = summaryOf(traceObject({
        x("marker", 100, 0),
        x("marker", 200, 0),
        x("broken", 300, -5),
        be('B', "backwards", 900),
        be('E', "backwards", 800),
        x("ok", 0, 1000),
    }));
    EXPECT_EQ(s.events, 3);
    EXPECT_EQ(s.notes, QStringList{QStringLiteral("2 events with a negative duration skipped")});
    const trace::SpanStats *marker = span(s, QStringLiteral("marker"));
    ASSERT_TRUE(marker);
    EXPECT_EQ(marker->count, 2);
    EXPECT_EQ(marker->totalMs, 0.0);
    EXPECT_EQ(marker->p90Ms, 0.0);
    EXPECT_FALSE(span(s, QStringLiteral("broken")));
    EXPECT_FALSE(span(s, QStringLiteral("backwards")));
    EXPECT_EQ(s.spans[0].name, QStringLiteral("ok"));
}

TEST(TraceRead, TimesAsFloatsOrNumericStringsAndMissingTimesNoted)
{
    const trace::Summary s = summaryOf(traceObject({
        R"({"name": "a", "ph": "X", "ts": 1.5, "dur": 2.5, "pid": 1, "tid": 1})",
        R"({"name": "a", "ph": "X", "ts": "10", "dur": "1500", "pid": 1, "tid": 1})",
        R"({"name": "a", "ph": "X", "ts": 10, "pid": 1, "tid": 1})",
        R"({"name": "a", "ph": "X", "dur": 10, "pid": 1, "tid": 1})",
        R"({"name": "a", "ph": "X", "ts": 10, "dur": "soon", "pid": 1, "tid": 1})",
        R"({"name": "a", "ph": "X", "ts": 10, "dur": NaN, "pid": 1, "tid": 1})",
        R"({"name": "b", "ph": "B", "pid": 1, "tid": 1})",
    }));
    EXPECT_EQ(s.events, 2);
    ASSERT_EQ(s.spans.size(), 1u);
    EXPECT_EQ(s.spans[0].totalMs, 1.5025);
    EXPECT_EQ(s.durationMs, (1510.0 - 1.5) / 1000);
    EXPECT_EQ(s.notes,
              (QStringList{QStringLiteral("4 X events without a numeric ts and dur skipped"),
                           QStringLiteral("1 B or E event without a numeric ts skipped")}));
}

TEST(TraceRead, OtherPhasesAreSkippedSilently)
{
    const trace::Summary s = summaryOf(traceObject({
        R"({"name": "mark", "ph": "i", "ts": 5, "s": "g", "pid": 1, "tid": 1})",
        R"({"name": "mem", "ph": "C", "ts": 5, "pid": 1, "args": {"bytes": 12}})",
        R"({"name": "process_name", "ph": "M", "pid": 1, "args": {"name": "rank 0"}})",
        R"({"name": "flow", "ph": "s", "id": 3, "ts": 5, "pid": 1, "tid": 1})",
        R"({"name": "flow", "ph": "f", "id": 3, "ts": 9, "pid": 1, "tid": 2, "bp": "e"})",
        R"({"name": "noph", "ts": 5, "dur": 5})",
        x("kernel", 0, 2000),
    }));
    EXPECT_EQ(s.events, 1);
    EXPECT_TRUE(s.notes.isEmpty()) << s.notes.join(QLatin1Char('|')).toStdString();
}

TEST(TraceRead, StringPidsAndTidsGetStableIds)
{
    // Ray's timeline: pid "Node 10.0.0.1", tid "worker:abc"; a decimal string is its number.
    const trace::Summary s = summaryOf(QByteArray(R"([
        {"name": "task", "ph": "X", "ts": 0, "dur": 1000, "pid": "Node 10.0.0.1", "tid": "worker:abc"},
        {"name": "task", "ph": "X", "ts": 0, "dur": 2000, "pid": "Node 10.0.0.2", "tid": "worker:abc"},
        {"name": "task", "ph": "X", "ts": 0, "dur": 4000, "pid": "7", "tid": 3.0},
        {"name": "task", "ph": "X", "ts": 0, "dur": 8000, "pid": "Node 10.0.0.1", "tid": "worker:abc"}
    ])"));
    EXPECT_EQ(s.stringIds,
              (QStringList{QStringLiteral("Node 10.0.0.1"), QStringLiteral("worker:abc"),
                           QStringLiteral("Node 10.0.0.2")}));
    ASSERT_EQ(s.spans.size(), 1u);
    EXPECT_EQ(s.spans[0].lanes,
              (std::vector<trace::LaneStats>{
                  {-3, -2, 1, 2.0, 2.0}, {-1, -2, 2, 9.0, 4.5}, {7, 3, 1, 4.0, 4.0}}));
    EXPECT_EQ(s.notes, QStringList{QStringLiteral(
                           "3 string pids and tids numbered -1 to -3 by first appearance "
                           "(stringIds)")});
}

TEST(TraceRead, BareArrayAndTraceEventsAfterOtherKeys)
{
    QList<QByteArray> events = stepEvents();
    const trace::Summary fromObject = summaryOf(traceObject(events));
    EXPECT_EQ(summaryOf("[" + events.join(",") + "]"), fromObject);
    // Perfetto and PyTorch put metadata first; a traceEvents key nested in it is not the events.
    const QByteArray later = R"({"schemaVersion": 1, "deviceProperties": [{"id": 0}],
        "otherData": {"traceEvents": 5, "list": [[1], {"a": [2]}]},
        "displayTimeUnit": "ns", "traceEvents": [)" +
                             events.join(",") + R"(], "traceName": "x"})";
    EXPECT_EQ(summaryOf(later), fromObject);
    // Chrome's viewer accepts a trailing comma.
    EXPECT_EQ(summaryOf("[" + events.join(",") + ",]"), fromObject);
    EXPECT_EQ(summaryOf("[]").events, 0);
    EXPECT_EQ(summaryOf(R"({"traceEvents": []})").events, 0);
}

TEST(TraceRead, InvalidUtf8InNamesIsReplaced)
{
    const QByteArray events[] = {
        QByteArray("{\"name\": \"conv\xff\", \"ph\": \"X\", \"ts\": 0, \"dur\": 1000}"),
        QByteArray("{\"name\": \"conv\xfe\", \"ph\": \"X\", \"ts\": 0, \"dur\": 2000}"),
        QByteArray("{\"name\": \"caf\xc3\xa9\", \"ph\": \"X\", \"ts\": 0, \"dur\": 500}"),
    };
    const trace::Summary s = summaryOf(traceObject({events[0], events[1], events[2]}));
    ASSERT_EQ(s.spans.size(), 2u);
    // Two names that differ only in their invalid bytes read the same once replaced: one span.
    EXPECT_EQ(s.spans[0].name, QStringLiteral("conv") + QChar(0xFFFD));
    EXPECT_EQ(s.spans[0].count, 2);
    EXPECT_EQ(s.spans[0].totalMs, 3.0);
    EXPECT_EQ(s.spans[1].name, QStringLiteral("caf") + QChar(0xE9));
}

TEST(TraceRead, GzipIsDetectedByItsMagicAndReadsTheSame)
{
    const QByteArray plain = traceObject(stepEvents());
    const trace::Summary expected = summaryOf(plain);
    EXPECT_EQ(summaryOf(gzipped(plain)), expected);
    // Two gzip members one after the other, as `cat a.gz b.gz` makes, are one stream.
    const qsizetype half = plain.size() / 2;
    EXPECT_EQ(summaryOf(gzipped(plain.left(half)) + gzipped(plain.mid(half))), expected);
}

TEST(TraceRead, LargeTracesCrossChunkBoundaries)
{
    // About 4 MB: values and names straddle the 1 MiB chunks, plain and inflated.
    QList<QByteArray> events;
    for (int i = 0; i < 40'000; ++i)
        events << R"({"name": "aten::op)" + QByteArray::number(i % 7) + R"(", "ph": "X", "ts": )" +
                      QByteArray::number(i * 10) + R"(, "dur": )" + QByteArray::number(i % 13) +
                      R"(, "pid": 1, "tid": 1, "args": {"Input Dims": [[32, 1024], [1024]]}})";
    const QByteArray plain = traceObject(events);
    ASSERT_GT(plain.size(), 3 * 1024 * 1024);
    const trace::Summary s = summaryOf(plain);
    EXPECT_EQ(s.events, 40'000);
    EXPECT_EQ(s.spans.size(), 7u);
    double totalUs = 0;
    for (int i = 0; i < 40'000; ++i)
        totalUs += i % 13;
    double summedMs = 0;
    for (const trace::SpanStats &stats : s.spans)
        summedMs += stats.totalMs;
    EXPECT_NEAR(summedMs, totalUs / 1000, 1e-9);
    EXPECT_EQ(summaryOf(gzipped(plain)), s);
}

TEST(TraceRead, TruncatedAtEveryByteCountsWhatWasComplete)
{
    // Complete events, B/E pairs, args with escapes and nested arrays: cut anywhere.
    QList<QByteArray> events = stepEvents();
    events << be('B', "load", 30000) << be('B', "decode", 30100) << be('E', "", 30500)
           << be('E', "", 31000);
    QByteArray bytes = "{\"otherData\": {\"version\": \"2.1\"}, \"traceEvents\": [";
    std::vector<qsizetype> endOf; // the offset just past each event's closing brace
    for (qsizetype i = 0; i < events.size(); ++i) {
        if (i > 0)
            bytes += ", ";
        bytes += events[i];
        endOf.push_back(bytes.size());
    }
    bytes += "]}";
    std::vector<trace::Summary> complete; // complete[n]: the first n events, closed properly
    for (qsizetype n = 0; n <= events.size(); ++n)
        complete.push_back(summaryOf(traceObject(events.mid(0, n))));

    const trace::Summary whole = summaryOf(bytes);
    EXPECT_FALSE(whole.truncated);
    EXPECT_EQ(whole.events, 9);
    for (qsizetype cut = 0; cut < bytes.size(); ++cut) {
        SCOPED_TRACE(cut);
        QString error;
        const std::optional<trace::Summary> s =
            trace::readBytes(bytes.left(cut), trace::Options{}, &error);
        if (cut == 0) {
            EXPECT_FALSE(s);
            EXPECT_EQ(error, QStringLiteral("empty, not a trace"));
            continue;
        }
        ASSERT_TRUE(s) << error.toStdString();
        const auto n = static_cast<size_t>(
            std::count_if(endOf.begin(), endOf.end(), [cut](qsizetype end) { return end <= cut; }));
        EXPECT_TRUE(s->truncated);
        EXPECT_EQ(s->events, complete[n].events);
        EXPECT_EQ(s->spans, complete[n].spans);
        EXPECT_EQ(s->durationMs, complete[n].durationMs);
        ASSERT_FALSE(s->notes.isEmpty());
        EXPECT_TRUE(s->notes.first().startsWith(QStringLiteral("the file ends mid-document")));
    }
}

TEST(TraceRead, GzipTruncatedAtEveryByteCountsWhatWasComplete)
{
    QList<QByteArray> events = stepEvents();
    events << be('B', "load", 30000) << be('E', "", 31000);
    const QByteArray plain = traceObject(events);
    const QByteArray packed = gzipped(plain);
    std::vector<trace::Summary> complete;
    for (qsizetype n = 0; n <= events.size(); ++n)
        complete.push_back(summaryOf(traceObject(events.mid(0, n))));
    const trace::Summary whole = summaryOf(packed);
    EXPECT_EQ(whole, complete.back());

    size_t lastCount = 0;
    for (qsizetype cut = 0; cut < packed.size(); ++cut) {
        SCOPED_TRACE(cut);
        QString error;
        const std::optional<trace::Summary> s =
            trace::readBytes(packed.left(cut), trace::Options{}, &error);
        if (!s) {
            // Cut before zlib gave out a byte of JSON: the header, or the magic itself.
            EXPECT_LT(cut, 150);
            EXPECT_TRUE(error == QStringLiteral("the gzip stream ends before any JSON (a "
                                                "truncated file)") ||
                        (cut < 2 && error.startsWith(QStringLiteral("not a Chrome trace"))) ||
                        (cut == 0 && error == QStringLiteral("empty, not a trace")))
                << error.toStdString();
            continue;
        }
        EXPECT_TRUE(s->truncated);
        // Exactly the statistics of some prefix of whole events, never fewer than before.
        size_t n = lastCount;
        while (n < complete.size() &&
               !(complete[n].spans == s->spans && complete[n].events == s->events))
            ++n;
        ASSERT_LT(n, complete.size()) << "no prefix of whole events gives these statistics";
        lastCount = n;
        EXPECT_EQ(s->durationMs, complete[n].durationMs);
        if (cut >= packed.size() - 8) {
            // Only the CRC and length trailer are missing: every event is there.
            EXPECT_EQ(s->events, whole.events);
            EXPECT_EQ(s->notes.first(), QStringLiteral("the gzip stream ends before its end "
                                                       "marker: the file was cut after the end "
                                                       "of its JSON"));
        }
    }
    EXPECT_EQ(lastCount, complete.size() - 1);
}

TEST(TraceRead, DeeplyNestedArgsDoNotOverflowTheStack)
{
    const QByteArray deep = QByteArray(200'000, '[') + QByteArray(200'000, ']');
    const trace::Summary s = summaryOf(
        R"({"traceEvents": [{"name": "a", "ph": "X", "ts": 0, "dur": 1000, "args": {"x": )" + deep +
        "}}]}");
    EXPECT_EQ(s.events, 1);
}

TEST(TraceRead, MatchKeepsMatchingNamesAndTopTrimsTheList)
{
    trace::Options options;
    options.match = {QStringLiteral("^forward$"), QStringLiteral("ward")};
    const trace::Summary s = summaryOf(traceObject(stepEvents()), options);
    EXPECT_EQ(s.events, 4);
    ASSERT_EQ(s.spans.size(), 2u);
    EXPECT_EQ(s.spans[0].name, QStringLiteral("backward"));
    EXPECT_EQ(s.spans[1].name, QStringLiteral("forward"));
    EXPECT_EQ(s.durationMs, 20.0); // 1,000 µs to 21,000 µs: the matching spans only

    options.match = {QStringLiteral("^forward$")};
    EXPECT_EQ(summaryOf(traceObject(stepEvents()), options).durationMs, 14.0);

    trace::Options top;
    top.top = 2;
    const trace::Summary topTwo = summaryOf(traceObject(stepEvents()), top);
    EXPECT_EQ(topTwo.events, 7);
    ASSERT_EQ(topTwo.spans.size(), 2u);
    EXPECT_EQ(topTwo.spans[0].name, QStringLiteral("step"));
    EXPECT_EQ(topTwo.spans[1].name, QStringLiteral("backward"));
}

TEST(TraceRead, EqualTotalsAreOrderedByName)
{
    const trace::Summary s = summaryOf(traceObject({x("b", 0, 1000), x("a", 0, 1000)}));
    ASSERT_EQ(s.spans.size(), 2u);
    EXPECT_EQ(s.spans[0].name, QStringLiteral("a"));
    EXPECT_EQ(s.spans[1].name, QStringLiteral("b"));
}

TEST(TraceErrors, BadOptionsAreNamed)
{
    trace::Options options;
    options.match = {QStringLiteral("ok"), QStringLiteral("(unclosed")};
    EXPECT_TRUE(errorOf("[]", options)
                    .startsWith(QStringLiteral("match pattern \"(unclosed\" is "
                                               "invalid: ")));
    trace::Options negative;
    negative.top = -1;
    EXPECT_EQ(errorOf("[]", negative), QStringLiteral("top: -1 is negative (0 keeps every span)"));
}

TEST(TraceErrors, NotATraceIsOneClearLine)
{
    EXPECT_EQ(errorOf("42"), QStringLiteral("not a Chrome trace: the document is a single "
                                            "value, not an object or array"));
    EXPECT_EQ(errorOf("\"trace\""), QStringLiteral("not a Chrome trace: the document is a single "
                                                   "value, not an object or array"));
    EXPECT_EQ(errorOf(QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)),
              QStringLiteral("not a Chrome trace: not JSON (Invalid value at byte 0)"));
    EXPECT_EQ(errorOf(""), QStringLiteral("empty, not a trace"));
    EXPECT_EQ(errorOf("  \n"), QStringLiteral("empty, not a trace"));
    EXPECT_EQ(errorOf(R"({"name": "not a trace"})"),
              QStringLiteral("not a Chrome trace: a JSON object without a traceEvents array"));
    EXPECT_EQ(errorOf("[1, 2, 3]"),
              QStringLiteral("not a Chrome trace: a JSON array without event objects"));
    EXPECT_EQ(errorOf(R"({"traceEvents": 5})"),
              QStringLiteral("not a Chrome trace: traceEvents is not an array"));
    EXPECT_EQ(errorOf(R"({"traceEvents": {"a": 1}})"),
              QStringLiteral("not a Chrome trace: traceEvents is an object, not an array of "
                             "events"));
    EXPECT_EQ(errorOf(R"({"traceEvents": [] x})").toStdString(),
              std::string("not a Chrome trace: invalid JSON at byte 19 (Missing a comma or "
                          "'}' after an object member)"));
    // Corrupt gzip data (not a cut): an error, not a partial result.
    QByteArray corrupt = gzipped(traceObject(stepEvents()));
    for (qsizetype i = 12; i < corrupt.size() - 8; ++i)
        corrupt[i] = static_cast<char>(0xAA);
    EXPECT_TRUE(errorOf(corrupt).startsWith(QStringLiteral("corrupt gzip data after ")));
}

TEST(TraceErrors, FilesNameThePath)
{
    const QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    QString error;
    const QString missing = dir.filePath(QStringLiteral("missing.json"));
    EXPECT_FALSE(trace::readFile(missing, {}, &error));
    EXPECT_EQ(error, missing + QStringLiteral(": cannot read it (No such file or directory)"));
    EXPECT_FALSE(trace::readFile(dir.path(), {}, &error));
    EXPECT_EQ(error, dir.path() + QStringLiteral(": is a directory, not a trace file"));

    const QString png = dir.filePath(QStringLiteral("chart.png"));
    QFile pngFile(png);
    ASSERT_TRUE(pngFile.open(QIODevice::WriteOnly));
    pngFile.write(QByteArray("\x89PNG\r\n\x1a\n", 8));
    pngFile.close();
    EXPECT_FALSE(trace::readFile(png, {}, &error));
    EXPECT_EQ(error, png + QStringLiteral(": not a Chrome trace: not JSON (Invalid value at "
                                          "byte 0)"));
}

TEST(TraceRead, FileWithAnyNameProgressAndCancel)
{
    const QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    // Gzip whatever the name says.
    const QString path = dir.filePath(QStringLiteral("trace.json"));
    const QByteArray packed = gzipped(traceObject(stepEvents()));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(packed);
    file.close();

    std::atomic<qint64> bytesRead{0};
    trace::Options options;
    options.bytesRead = &bytesRead;
    QString error;
    const std::optional<trace::Summary> s = trace::readFile(path, options, &error);
    ASSERT_TRUE(s) << error.toStdString();
    EXPECT_EQ(*s, summaryOf(traceObject(stepEvents())));
    EXPECT_EQ(bytesRead.load(), packed.size());

    const std::atomic<bool> cancel{true};
    options.cancel = &cancel;
    EXPECT_FALSE(trace::readFile(path, options, &error));
    EXPECT_EQ(error, QStringLiteral("cancelled"));
}
