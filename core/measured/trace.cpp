#include "core/measured/trace.h"

#include "core/base/stats.h"
#include "core/base/translate.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>

#include <rapidjson/error/en.h>
#include <rapidjson/reader.h>
#include <zlib.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace pipeplan::trace {

PIPEPLAN_TR_CONTEXT("pipeplan::trace")

namespace {

/// Read (and inflate) this much at a time: large enough that the per-chunk work (a read call,
/// the cancel check, the progress store) costs nothing, small enough to stay out of the profile
/// of memory.
constexpr qint64 kChunkBytes = qint64{1} << 20;
/// Chrome trace times are microseconds. Dividing (not multiplying by 1e-3) keeps whole and
/// half milliseconds exact: 1500 µs is 1.5 ms, not 1.5000000000000002.
constexpr double kUsPerMs = 1000.0;

/// The bytes of the JSON document as RapidJSON's stream concept wants them (Peek, Take, Tell),
/// read from `device` a chunk at a time and gunzipped on the fly when the device starts with the
/// gzip magic. Memory is two chunks, whatever the file's size.
class InputStream
{
public:
    using Ch = char;

    InputStream(QIODevice &device, const Options &options)
        : m_device(device), m_options(options), m_buffer(static_cast<size_t>(kChunkBytes) + 1),
          m_cur(m_buffer.data()), m_end(m_buffer.data())
    {
        m_buffer[0] = '\0';
    }
    ~InputStream()
    {
        if (m_gzip)
            inflateEnd(&m_zlib);
    }
    InputStream(const InputStream &) = delete;
    InputStream &operator=(const InputStream &) = delete;

    /// Sniffs the gzip magic and reads the first chunk; false (and problem()) when zlib fails.
    bool start()
    {
        const QByteArray head = m_device.peek(2);
        m_gzip = head.size() == 2 && static_cast<unsigned char>(head[0]) == 0x1f &&
                 static_cast<unsigned char>(head[1]) == 0x8b;
        if (m_gzip) {
            m_raw.resize(static_cast<size_t>(kChunkBytes));
            // 16 + MAX_WBITS: a gzip wrapper (header and CRC trailer), not a raw zlib stream.
            if (inflateInit2(&m_zlib, 16 + MAX_WBITS) != Z_OK) {
                m_gzip = false;
                m_problem = QCoreApplication::translate("pipeplan::trace",
                                                        "cannot start zlib to gunzip it");
                return false;
            }
        }
        refill();
        return true;
    }

    // RapidJSON's input stream concept. The buffer always ends in a readable byte: the next
    // chunk is read as soon as the last byte of this one is taken, and past the end the buffer
    // holds one '\0', which the reader takes for the end of the document.
    Ch Peek() const { return *m_cur; }
    Ch Take()
    {
        const Ch c = *m_cur;
        if (++m_cur == m_end)
            refill();
        return c;
    }
    size_t Tell() const { return static_cast<size_t>(m_before + (m_cur - m_buffer.data())); }
    // Output side of the concept, which the reader never calls on an input stream.
    Ch *PutBegin() { return nullptr; }
    void Put(Ch) {}
    void Flush() {}
    size_t PutEnd(Ch *) { return 0; }

    /// The reader has taken every byte there is: an error now is the document being cut short.
    bool endReached() const { return m_endReached; }
    /// The gzip stream stopped before its end marker (and CRC): the file was cut.
    bool gzipCut() const { return m_gzipCut; }
    bool cancelled() const { return m_cancelled; }
    /// A read error or corrupt gzip data: one sentence, empty when none.
    const QString &problem() const { return m_problem; }

private:
    void refill()
    {
        m_before += m_filled;
        const qint64 n = m_endReached ? 0 : produce(m_buffer.data(), kChunkBytes);
        m_cur = m_buffer.data();
        if (n <= 0) {
            m_endReached = true;
            m_filled = 0;
            m_buffer[0] = '\0';
            m_end = m_buffer.data() + 1;
            return;
        }
        m_filled = n;
        m_end = m_buffer.data() + n;
    }

    qint64 produce(char *into, qint64 capacity)
    {
        if (!m_problem.isEmpty() || m_cancelled)
            return 0;
        return m_gzip ? inflateInto(into, capacity) : readRaw(into, capacity);
    }

    /// The device's next bytes; the one place that checks the cancel flag and reports progress.
    qint64 readRaw(char *into, qint64 capacity)
    {
        if (m_options.cancel && m_options.cancel->load(std::memory_order_relaxed)) {
            m_cancelled = true;
            return 0;
        }
        const qint64 n = m_device.read(into, capacity);
        if (n < 0) {
            m_problem = QCoreApplication::translate("pipeplan::trace", "cannot read it (%1)")
                            .arg(m_device.errorString());
            return 0;
        }
        m_rawBytes += n;
        if (m_options.bytesRead)
            m_options.bytesRead->store(m_rawBytes, std::memory_order_relaxed);
        return n;
    }

    /// Up to `capacity` bytes of the inflated stream; fewer only at its end. Several gzip members
    /// one after another (what `cat a.gz b.gz` makes) are one stream, as gunzip reads them; bytes
    /// after the last member that are not another member (zero padding) are ignored.
    qint64 inflateInto(char *into, qint64 capacity)
    {
        m_zlib.next_out = reinterpret_cast<Bytef *>(into);
        m_zlib.avail_out = static_cast<uInt>(capacity);
        while (m_zlib.avail_out > 0 && !m_rawEnded) {
            if (m_zlib.avail_in == 0) {
                const qint64 n = readRaw(m_raw.data(), kChunkBytes);
                if (n <= 0) {
                    m_rawEnded = true;
                    m_gzipCut = !m_memberEnded && m_problem.isEmpty() && !m_cancelled;
                    break;
                }
                m_zlib.next_in = reinterpret_cast<Bytef *>(m_raw.data());
                m_zlib.avail_in = static_cast<uInt>(n);
            }
            if (m_memberEnded) {
                if (m_zlib.next_in[0] != 0x1f) {
                    m_rawEnded = true;
                    break;
                }
                inflateReset(&m_zlib);
                m_memberEnded = false;
            }
            const int rc = inflate(&m_zlib, Z_NO_FLUSH);
            if (rc == Z_STREAM_END) {
                m_memberEnded = true;
            } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
                m_problem =
                    QCoreApplication::translate(
                        "pipeplan::trace", "corrupt gzip data after %1 compressed bytes (zlib: %2)")
                        .arg(m_rawBytes - m_zlib.avail_in)
                        .arg(m_zlib.msg
                                 ? QString::fromUtf8(m_zlib.msg)
                                 : QCoreApplication::translate("pipeplan::trace", "unknown error"));
                break;
            }
        }
        return capacity - m_zlib.avail_out;
    }

    QIODevice &m_device;
    const Options &m_options;
    std::vector<char> m_buffer; ///< inflated (or plain) JSON, plus one byte for the end's '\0'
    char *m_cur;
    char *m_end;
    qint64 m_before = 0; ///< JSON bytes in the chunks before this one
    qint64 m_filled = 0; ///< JSON bytes in this chunk
    bool m_endReached = false;
    qint64 m_rawBytes = 0;
    bool m_gzip = false;
    z_stream m_zlib{};
    std::vector<char> m_raw; ///< compressed bytes (gzip only)
    bool m_rawEnded = false;
    bool m_memberEnded = false;
    bool m_gzipCut = false;
    bool m_cancelled = false;
    QString m_problem;
};

/// Heterogeneous lookup: a name from the reader (a string_view over its buffer) finds its
/// std::string key without a copy per event.
struct StringHash
{
    using is_transparent = void;
    size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};

struct ThreadKey
{
    qint64 pid = 0;
    qint64 tid = 0;
    bool operator==(const ThreadKey &) const = default;
};

struct LaneKey
{
    int span = 0;
    ThreadKey thread;
    bool operator==(const LaneKey &) const = default;
};

size_t mix(size_t seed, size_t value)
{
    return seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

struct ThreadKeyHash
{
    size_t operator()(const ThreadKey &k) const
    {
        return mix(std::hash<qint64>{}(k.pid), std::hash<qint64>{}(k.tid));
    }
};

struct LaneKeyHash
{
    size_t operator()(const LaneKey &k) const
    {
        return mix(ThreadKeyHash{}(k.thread), std::hash<int>{}(k.span));
    }
};

struct LaneSums
{
    int count = 0;
    double totalUs = 0;
};

/// Every duration of one name, in µs: the one double per span that the percentiles need.
struct SpanDurations
{
    QString name;
    bool included = true; ///< matches Options::match
    std::vector<double> durationsUs;
    double totalUs = 0;
};

/// A B event waiting for its E.
struct OpenSpan
{
    int span = 0;
    double startUs = 0;
};

/// A count and its noun from a source marked QT_TRANSLATE_N_NOOP ("%n X event(s)"): the
/// translation's form for n, or the English one with "(s)" resolved.
QString plural(qint64 n, const char *source)
{
    const int numerus = static_cast<int>(std::min<qint64>(n, std::numeric_limits<int>::max()));
    QString text = QCoreApplication::translate("pipeplan::trace", source, nullptr, numerus);
    const QString written = QString::number(numerus);
    if (const qsizetype at = text.indexOf(written); at >= 0 && numerus != n)
        text.replace(at, written.size(), QString::number(n));
    return text.replace(QStringLiteral("(s)"), n == 1 ? QString() : QStringLiteral("s"));
}

/// "12" as 12; nothing for any other text.
std::optional<qint64> integerText(std::string_view text)
{
    qint64 value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty())
        return std::nullopt;
    return value;
}

/// A pid or tid written as a float: rounded, and 0 when it is not a finite 64-bit integer.
qint64 idOfDouble(double value)
{
    constexpr double kLimit = 9.2e18;
    return std::isfinite(value) && std::abs(value) < kLimit ? std::llround(value) : 0;
}

/// RapidJSON's SAX handler: follows the document's nesting (depth) to find the events array
/// (the root array, or the root object's "traceEvents") and each event object in it, keeps the
/// few fields a span needs, skips everything else (args objects, nested arrays), and turns
/// complete events and matched B/E pairs into durations per name and lane.
class Collector
{
public:
    explicit Collector(const std::vector<QRegularExpression> &patterns) : m_patterns(patterns) {}

    // The handler concept.
    bool Null() { return scalar(); }
    bool Bool(bool) { return scalar(); }
    bool Int(int value) { return integer(value); }
    bool Uint(unsigned value) { return integer(value); }
    bool Int64(int64_t value) { return integer(value); }
    bool Uint64(uint64_t value)
    {
        return value > static_cast<uint64_t>(std::numeric_limits<qint64>::max())
                   ? real(static_cast<double>(value))
                   : integer(static_cast<qint64>(value));
    }
    bool Double(double value) { return real(value); }
    bool RawNumber(const char *, rapidjson::SizeType, bool) { return scalar(); }
    bool String(const char *text, rapidjson::SizeType length, bool)
    {
        if (m_depth != m_eventDepth)
            return scalar();
        const std::string_view value(text, length);
        switch (m_field) {
        case Field::Name:
            m_name.assign(value);
            break;
        case Field::Phase:
            m_phase = length == 1 ? text[0] : '?';
            break;
        case Field::Ts:
            m_hasTs = numberText(value, &m_tsUs);
            break;
        case Field::Dur:
            m_hasDur = numberText(value, &m_durUs);
            break;
        case Field::Pid:
            m_thread.pid = idOfText(value);
            break;
        case Field::Tid:
            m_thread.tid = idOfText(value);
            break;
        case Field::Other:
            break;
        }
        return true;
    }
    bool Key(const char *text, rapidjson::SizeType length, bool)
    {
        const std::string_view key(text, length);
        if (m_depth == m_eventDepth)
            m_field = fieldOf(key);
        else if (m_depth == 1 && m_root == Root::Object)
            m_traceEventsKey = key == "traceEvents";
        return true;
    }
    bool StartObject()
    {
        if (m_depth == 0) {
            m_root = Root::Object;
        } else if (m_depth == 1 && m_traceEventsKey) {
            return fail(QCoreApplication::translate(
                "pipeplan::trace", "not a Chrome trace: traceEvents is an object, not an "
                                   "array of events"));
        } else if (m_depth == m_arrayDepth) {
            beginEvent();
        }
        ++m_depth;
        return true;
    }
    bool EndObject(rapidjson::SizeType)
    {
        --m_depth;
        if (m_depth + 1 == m_eventDepth) {
            m_eventDepth = -1;
            finishEvent();
        }
        return true;
    }
    bool StartArray()
    {
        if (m_depth == 0) {
            m_root = Root::Array;
            m_arrayDepth = 1;
        } else if (m_depth == 1 && m_traceEventsKey) {
            m_traceEventsKey = false;
            m_arrayDepth = 2;
        } else if (m_depth == m_arrayDepth) {
            ++m_notEvents;
        }
        ++m_depth;
        return true;
    }
    bool EndArray(rapidjson::SizeType)
    {
        if (m_depth == m_arrayDepth) {
            m_arrayDepth = -1;
            m_sawEventsArray = true;
        }
        --m_depth;
        return true;
    }

    bool rootStarted() const { return m_root != Root::None; }
    /// Why the handler stopped the reader (the document is not a trace); empty when it did not.
    const QString &failure() const { return m_failure; }

    /// A complete document that has no events array is not a trace; nor is an array that holds
    /// nothing but other values.
    QString completeDocumentProblem() const
    {
        if (m_root == Root::Object && !m_sawEventsArray)
            return QCoreApplication::translate(
                "pipeplan::trace", "not a Chrome trace: a JSON object without a traceEvents array");
        if (m_root == Root::Array && m_eventObjects == 0 && m_notEvents > 0)
            return QCoreApplication::translate(
                "pipeplan::trace", "not a Chrome trace: a JSON array without event objects");
        return {};
    }

    /// `jsonCut`: the document ends mid-way; `gzipCut`: the gzip stream ends before its end.
    Summary summary(bool jsonCut, bool gzipCut) const;

private:
    enum class Root
    {
        None,
        Object,
        Array
    };
    enum class Field
    {
        Other,
        Name,
        Phase,
        Ts,
        Dur,
        Pid,
        Tid
    };

    static Field fieldOf(std::string_view key)
    {
        if (key == "name")
            return Field::Name;
        if (key == "ph")
            return Field::Phase;
        if (key == "ts")
            return Field::Ts;
        if (key == "dur")
            return Field::Dur;
        if (key == "pid")
            return Field::Pid;
        if (key == "tid")
            return Field::Tid;
        return Field::Other;
    }

    bool fail(QString message)
    {
        m_failure = std::move(message);
        return false;
    }

    /// A null, boolean or string outside an event's own fields.
    bool scalar()
    {
        if (m_depth == 0)
            return fail(QCoreApplication::translate(
                "pipeplan::trace", "not a Chrome trace: the document is a single value, not "
                                   "an object or array"));
        if (m_depth == 1 && m_traceEventsKey)
            return fail(QCoreApplication::translate(
                "pipeplan::trace", "not a Chrome trace: traceEvents is not an array"));
        if (m_depth == m_arrayDepth)
            ++m_notEvents;
        return true;
    }

    bool integer(qint64 value)
    {
        if (m_depth != m_eventDepth)
            return scalar();
        if (m_field == Field::Pid || m_field == Field::Tid)
            (m_field == Field::Pid ? m_thread.pid : m_thread.tid) = value;
        else
            return real(static_cast<double>(value));
        return true;
    }

    bool real(double value)
    {
        if (m_depth != m_eventDepth)
            return scalar();
        // NaN and Infinity (Python's json writes them) count as missing.
        const bool finite = std::isfinite(value);
        switch (m_field) {
        case Field::Ts:
            m_tsUs = value;
            m_hasTs = finite;
            break;
        case Field::Dur:
            m_durUs = value;
            m_hasDur = finite;
            break;
        case Field::Pid:
            m_thread.pid = idOfDouble(value);
            break;
        case Field::Tid:
            m_thread.tid = idOfDouble(value);
            break;
        default:
            break;
        }
        return true;
    }

    /// A time written as a string ("12.5"): its number, when the whole string is one.
    static bool numberText(std::string_view text, double *value)
    {
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *value);
        return ec == std::errc() && end == text.data() + text.size() && std::isfinite(*value);
    }

    /// The id of a string pid or tid: its integer, or -1, -2, ... by first appearance.
    qint64 idOfText(std::string_view text)
    {
        if (const std::optional<qint64> value = integerText(text))
            return *value;
        const auto found = m_stringIds.find(text);
        if (found != m_stringIds.end())
            return found->second;
        const qint64 id = -static_cast<qint64>(m_stringIdTexts.size()) - 1;
        m_stringIds.emplace(std::string(text), id);
        m_stringIdTexts << QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
        return id;
    }

    void beginEvent()
    {
        ++m_eventObjects;
        m_eventDepth = m_depth + 1;
        m_field = Field::Other;
        m_name.clear();
        m_phase = 0;
        m_hasTs = false;
        m_hasDur = false;
        m_thread = {};
    }

    void finishEvent()
    {
        switch (m_phase) {
        case 'X':
            if (!m_hasTs || !m_hasDur)
                ++m_completeWithoutTimes;
            else if (m_durUs < 0)
                ++m_negative;
            else
                count(spanOf(m_name), m_tsUs, m_durUs);
            break;
        case 'B':
            if (!m_hasTs)
                ++m_pairWithoutTs;
            else
                m_open[m_thread].push_back({spanOf(m_name), m_tsUs});
            break;
        case 'E':
            endSpan();
            break;
        default:
            break;
        }
    }

    /// An E closes the latest open B of its thread (the format nests them as a stack); the
    /// span's name is the B's, as Chrome's viewer shows it.
    void endSpan()
    {
        const auto open = m_open.find(m_thread);
        if (open == m_open.end() || open->second.empty()) {
            ++m_endWithoutBegin;
            return;
        }
        const OpenSpan begin = open->second.back();
        open->second.pop_back();
        if (!m_hasTs)
            ++m_pairWithoutTs;
        else if (m_tsUs < begin.startUs)
            ++m_negative;
        else
            count(begin.span, begin.startUs, m_tsUs - begin.startUs);
    }

    /// The index of `name`'s durations, made on first sight; names whose text is the same once
    /// invalid UTF-8 is replaced share one.
    int spanOf(const std::string &name)
    {
        const auto found = m_spanByBytes.find(std::string_view(name));
        if (found != m_spanByBytes.end())
            return found->second;
        QString text = QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
        int index = m_spanByText.value(text, -1);
        if (index < 0) {
            index = static_cast<int>(m_spans.size());
            m_spanByText.insert(text, index);
            const bool included =
                m_patterns.empty() || std::any_of(m_patterns.begin(), m_patterns.end(),
                                                  [&text](const QRegularExpression &re) {
                                                      return re.match(text).hasMatch();
                                                  });
            m_spans.push_back({std::move(text), included, {}, 0});
        }
        m_spanByBytes.emplace(name, index);
        return index;
    }

    void count(int span, double startUs, double durUs)
    {
        SpanDurations &durations = m_spans[static_cast<size_t>(span)];
        if (!durations.included)
            return;
        durations.durationsUs.push_back(durUs);
        durations.totalUs += durUs;
        LaneSums &lane = m_lanes[LaneKey{span, m_thread}];
        ++lane.count;
        lane.totalUs += durUs;
        m_firstStartUs = std::min(m_firstStartUs, startUs);
        m_lastEndUs = std::max(m_lastEndUs, startUs + durUs);
        ++m_events;
    }

    QStringList notes(bool jsonCut, bool gzipCut) const;

    const std::vector<QRegularExpression> &m_patterns;
    QString m_failure;

    // Where the reader is.
    Root m_root = Root::None;
    int m_depth = 0;
    bool m_traceEventsKey = false; ///< the root object's current key is "traceEvents"
    int m_arrayDepth = -1;         ///< depth inside the events array; -1 outside it
    int m_eventDepth = -1;         ///< depth inside an event object's own members; -1 outside
    bool m_sawEventsArray = false;
    Field m_field = Field::Other;

    // The event being read.
    std::string m_name;
    char m_phase = 0;
    bool m_hasTs = false;
    bool m_hasDur = false;
    double m_tsUs = 0;
    double m_durUs = 0;
    ThreadKey m_thread;

    // What the events add up to.
    std::unordered_map<std::string, int, StringHash, std::equal_to<>> m_spanByBytes;
    QHash<QString, int> m_spanByText;
    std::vector<SpanDurations> m_spans;
    std::unordered_map<LaneKey, LaneSums, LaneKeyHash> m_lanes;
    std::unordered_map<ThreadKey, std::vector<OpenSpan>, ThreadKeyHash> m_open;
    std::unordered_map<std::string, qint64, StringHash, std::equal_to<>> m_stringIds;
    QStringList m_stringIdTexts;
    qint64 m_events = 0;
    double m_firstStartUs = std::numeric_limits<double>::infinity();
    double m_lastEndUs = -std::numeric_limits<double>::infinity();

    // What was skipped.
    qint64 m_eventObjects = 0;
    qint64 m_notEvents = 0;
    qint64 m_completeWithoutTimes = 0;
    qint64 m_pairWithoutTs = 0;
    qint64 m_negative = 0;
    qint64 m_endWithoutBegin = 0;
};

QStringList Collector::notes(bool jsonCut, bool gzipCut) const
{
    QStringList notes;
    if (jsonCut)
        notes << QCoreApplication::translate(
                     "pipeplan::trace",
                     "the file ends mid-document (cut short, as a killed job leaves "
                     "it): %1 before the cut are counted")
                     .arg(plural(m_events,
                                 QT_TRANSLATE_N_NOOP("pipeplan::trace", "%n span(s) complete")));
    if (jsonCut && m_root == Root::Object && !m_sawEventsArray && m_arrayDepth < 0)
        notes << QCoreApplication::translate("pipeplan::trace",
                                             "the file ends before its traceEvents array");
    if (gzipCut && !jsonCut)
        notes << QCoreApplication::translate(
            "pipeplan::trace", "the gzip stream ends before its end marker: the file was cut "
                               "after the end of its JSON");
    if (m_completeWithoutTimes > 0)
        notes << plural(m_completeWithoutTimes,
                        QT_TRANSLATE_N_NOOP("pipeplan::trace", "%n X event(s)")) +
                     QCoreApplication::translate("pipeplan::trace",
                                                 " without a numeric ts and dur skipped");
    if (m_pairWithoutTs > 0)
        notes << plural(m_pairWithoutTs,
                        QT_TRANSLATE_N_NOOP("pipeplan::trace", "%n B or E event(s)")) +
                     QCoreApplication::translate("pipeplan::trace",
                                                 " without a numeric ts skipped");
    if (m_negative > 0)
        notes << plural(m_negative, QT_TRANSLATE_N_NOOP("pipeplan::trace", "%n event(s)")) +
                     QCoreApplication::translate("pipeplan::trace",
                                                 " with a negative duration skipped");
    if (m_endWithoutBegin > 0)
        notes << plural(m_endWithoutBegin,
                        QT_TRANSLATE_N_NOOP("pipeplan::trace", "%n E event(s)")) +
                     QCoreApplication::translate("pipeplan::trace", " without a B skipped");
    qint64 unended = 0;
    for (const auto &[thread, stack] : m_open)
        unended += static_cast<qint64>(stack.size());
    if (unended > 0)
        notes << plural(unended, QT_TRANSLATE_N_NOOP("pipeplan::trace", "%n B event(s)")) +
                     QCoreApplication::translate("pipeplan::trace",
                                                 " without an E (still open at the end) skipped");
    if (m_notEvents > 0)
        notes << plural(m_notEvents, QT_TRANSLATE_N_NOOP("pipeplan::trace", "%n element(s)")) +
                     QCoreApplication::translate(
                         "pipeplan::trace", " of the events array that are not objects skipped");
    if (!m_stringIdTexts.isEmpty())
        notes << QCoreApplication::translate(
                     "pipeplan::trace", "%1 numbered -1 to -%2 by first appearance (stringIds)")
                     .arg(m_stringIdTexts.size() == 1
                              ? plural(1, QT_TRANSLATE_N_NOOP("pipeplan::trace",
                                                              "%n string pid or tid"))
                              : plural(m_stringIdTexts.size(),
                                       QT_TRANSLATE_N_NOOP("pipeplan::trace",
                                                           "%n string pids and tids")))
                     .arg(m_stringIdTexts.size());
    return notes;
}

SpanStats spanStats(const SpanDurations &durations)
{
    SpanStats stats;
    stats.name = durations.name;
    std::vector<double> sortedUs = durations.durationsUs;
    std::sort(sortedUs.begin(), sortedUs.end());
    stats.count = static_cast<int>(sortedUs.size());
    stats.totalMs = durations.totalUs / kUsPerMs;
    stats.meanMs = durations.totalUs / static_cast<double>(sortedUs.size()) / kUsPerMs;
    stats.p50Ms = stats::quantileSorted(sortedUs, 0.5) / kUsPerMs;
    stats.p90Ms = stats::quantileSorted(sortedUs, 0.9) / kUsPerMs;
    stats.maxMs = sortedUs.back() / kUsPerMs;
    return stats;
}

Summary Collector::summary(bool jsonCut, bool gzipCut) const
{
    Summary summary;
    summary.events = m_events;
    summary.truncated = jsonCut || gzipCut;
    summary.notes = notes(jsonCut, gzipCut);
    summary.stringIds = m_stringIdTexts;
    if (m_events > 0)
        summary.durationMs = (m_lastEndUs - m_firstStartUs) / kUsPerMs;
    std::vector<std::vector<LaneStats>> lanes(m_spans.size());
    for (const auto &[key, sums] : m_lanes)
        lanes[static_cast<size_t>(key.span)].push_back({key.thread.pid, key.thread.tid, sums.count,
                                                        sums.totalUs / kUsPerMs,
                                                        sums.totalUs / sums.count / kUsPerMs});
    for (size_t i = 0; i < m_spans.size(); ++i) {
        if (m_spans[i].durationsUs.empty())
            continue;
        SpanStats stats = spanStats(m_spans[i]);
        stats.lanes = std::move(lanes[i]);
        std::sort(stats.lanes.begin(), stats.lanes.end(),
                  [](const LaneStats &a, const LaneStats &b) {
                      return a.pid != b.pid ? a.pid < b.pid : a.tid < b.tid;
                  });
        summary.spans.push_back(std::move(stats));
    }
    std::sort(summary.spans.begin(), summary.spans.end(),
              [](const SpanStats &a, const SpanStats &b) {
                  return a.totalMs != b.totalMs ? a.totalMs > b.totalMs : a.name < b.name;
              });
    return summary;
}

/// Every problem with the options, as one line; empty when they are fine.
QString optionsProblem(const Options &options, std::vector<QRegularExpression> *patterns)
{
    if (options.top < 0)
        return tr("top: %1 is negative (0 keeps every span)").arg(options.top);
    for (const QString &pattern : options.match) {
        QRegularExpression re(pattern);
        if (!re.isValid())
            return tr("match pattern \"%1\" is invalid: %2 (at offset %3)")
                .arg(pattern, re.errorString())
                .arg(re.patternErrorOffset());
        patterns->push_back(std::move(re));
    }
    return {};
}

/// RapidJSON's message without its full stop: "Invalid value".
QString parseErrorText(rapidjson::ParseErrorCode code)
{
    QString text = QString::fromUtf8(rapidjson::GetParseError_En(code));
    if (text.endsWith(QLatin1Char('.')))
        text.chop(1);
    return text;
}

std::optional<Summary> readDevice(QIODevice &device, const Options &options,
                                  const std::vector<QRegularExpression> &patterns, QString *error)
{
    InputStream stream(device, options);
    if (!stream.start()) {
        *error = stream.problem();
        return std::nullopt;
    }
    Collector collector(patterns);
    rapidjson::Reader reader;
    // Iterative: a deeply nested document cannot overflow the stack. NaN and Infinity: Python's
    // json module writes them. Trailing commas: Chrome's viewer accepts them. UTF-8 is not
    // validated: a name's invalid bytes become U+FFFD later instead of rejecting the file.
    constexpr unsigned kFlags = rapidjson::kParseIterativeFlag | rapidjson::kParseNanAndInfFlag |
                                rapidjson::kParseTrailingCommasFlag;
    const rapidjson::ParseResult parsed = reader.Parse<kFlags>(stream, collector);
    if (stream.cancelled()) {
        *error = QStringLiteral("cancelled");
        return std::nullopt;
    }
    if (!stream.problem().isEmpty()) {
        *error = stream.problem();
        return std::nullopt;
    }
    if (!collector.failure().isEmpty()) {
        *error = collector.failure();
        return std::nullopt;
    }
    if (!collector.rootStarted()) {
        if (stream.gzipCut())
            *error = tr("the gzip stream ends before any JSON (a truncated file)");
        else if (parsed.Code() == rapidjson::kParseErrorDocumentEmpty)
            *error = tr("empty, not a trace");
        else
            *error = tr("not a Chrome trace: not JSON (%1 at byte %2)")
                         .arg(parseErrorText(parsed.Code()))
                         .arg(parsed.Offset());
        return std::nullopt;
    }
    if (parsed.IsError() && !stream.endReached()) {
        *error = tr("not a Chrome trace: invalid JSON at byte %1 (%2)")
                     .arg(parsed.Offset())
                     .arg(parseErrorText(parsed.Code()));
        return std::nullopt;
    }
    if (!parsed.IsError() && !stream.gzipCut()) {
        if (const QString problem = collector.completeDocumentProblem(); !problem.isEmpty()) {
            *error = problem;
            return std::nullopt;
        }
    }
    Summary summary = collector.summary(parsed.IsError(), stream.gzipCut());
    if (options.top > 0 && summary.spans.size() > static_cast<size_t>(options.top))
        summary.spans.resize(static_cast<size_t>(options.top));
    return summary;
}

} // namespace

std::optional<Summary> readFile(const QString &path, const Options &options, QString *error)
{
    // A bad option is the caller's, not the file's: no path in front of it.
    std::vector<QRegularExpression> patterns;
    if (const QString problem = optionsProblem(options, &patterns); !problem.isEmpty()) {
        *error = problem;
        return std::nullopt;
    }
    const QFileInfo info(path);
    if (info.isDir()) {
        *error = tr("%1: is a directory, not a trace file").arg(path);
        return std::nullopt;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("%1: cannot read it (%2)").arg(path, file.errorString());
        return std::nullopt;
    }
    std::optional<Summary> summary = readDevice(file, options, patterns, error);
    // "cancelled" stays as the header promises: the person who cancelled knows which file.
    if (!summary && *error != QLatin1String("cancelled"))
        *error = path + QStringLiteral(": ") + *error;
    return summary;
}

std::optional<Summary> readBytes(const QByteArray &bytes, const Options &options, QString *error)
{
    std::vector<QRegularExpression> patterns;
    if (const QString problem = optionsProblem(options, &patterns); !problem.isEmpty()) {
        *error = problem;
        return std::nullopt;
    }
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    return readDevice(buffer, options, patterns, error);
}

} // namespace pipeplan::trace
