#include "core/watch/progressfile.h"
#include "core/base/translate.h"

#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace pipeplan::watch {

PIPEPLAN_TR_CONTEXT("pipeplan::watch")

namespace {

std::optional<double> parseTime(const QString &text)
{
    bool ok = false;
    const double seconds = text.toDouble(&ok);
    if (ok)
        return seconds;
    QDateTime at = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!at.isValid())
        return std::nullopt;
    return static_cast<double>(at.toMSecsSinceEpoch()) / 1000.0;
}

std::optional<double> jsonTime(const QJsonValue &value)
{
    if (value.isDouble())
        return value.toDouble();
    if (value.isString())
        return parseTime(value.toString());
    return std::nullopt;
}

} // namespace

LineRead readLine(const QByteArray &raw)
{
    LineRead read;
    const QByteArray line = raw.trimmed();
    if (line.isEmpty())
        return read;
    if (line.startsWith('{')) {
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
        if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
            read.error = tr("not a JSON object: %1").arg(parseError.errorString());
            return read;
        }
        const QJsonObject object = document.object();
        const std::optional<double> time = jsonTime(object.value(QStringLiteral("time")));
        if (!time) {
            read.error = tr("\"time\" is not Unix seconds or an ISO 8601 time");
            return read;
        }
        if (!object.value(QStringLiteral("done")).isDouble()) {
            read.error = tr("\"done\" is not a number");
            return read;
        }
        read.sample = Sample{*time, object.value(QStringLiteral("done")).toDouble()};
        return read;
    }
    const QList<QByteArray> cells = line.split(',');
    if (cells.size() != 2) {
        read.error = tr("expected time,done");
        return read;
    }
    const QString timeText = QString::fromUtf8(cells[0].trimmed());
    const QString doneText = QString::fromUtf8(cells[1].trimmed());
    if (timeText.compare(QLatin1String("time"), Qt::CaseInsensitive) == 0)
        return read; // the header
    const std::optional<double> time = parseTime(timeText);
    if (!time) {
        read.error = tr("time is not Unix seconds or an ISO 8601 time: '%1'").arg(timeText);
        return read;
    }
    bool ok = false;
    const double done = doneText.toDouble(&ok);
    if (!ok) {
        read.error = tr("done is not a number: '%1'").arg(doneText);
        return read;
    }
    read.sample = Sample{*time, done};
    return read;
}

TextRead readText(const QByteArray &text, int firstLineNumber)
{
    TextRead out;
    qsizetype start = 0;
    for (;;) {
        const qsizetype end = text.indexOf('\n', start);
        if (end < 0)
            break; // the rest has no line break yet: a line still being written
        const LineRead line = readLine(text.mid(start, end - start));
        ++out.lines;
        if (!line.error.isEmpty()) {
            out.error = tr("line %1: %2").arg(firstLineNumber + out.lines - 1).arg(line.error);
            return out;
        }
        if (line.sample) {
            if (!out.samples.empty() && line.sample->timeSeconds < out.samples.back().timeSeconds) {
                out.error = tr("line %1: time goes back").arg(firstLineNumber + out.lines - 1);
                return out;
            }
            out.samples.push_back(*line.sample);
        }
        start = end + 1;
        out.consumedBytes = start;
    }
    return out;
}

ProgressFile::Read ProgressFile::read()
{
    Read read;
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly)) {
        read.error = QCoreApplication::translate("pipeplan::watch", "cannot read it (%1)")
                         .arg(file.errorString());
        return read;
    }
    read.opened = true;
    // A file cut shorter than what was read (rotated, rewritten) is read again from its start.
    if (file.size() < m_offset) {
        m_offset = 0;
        m_lines = 0;
        m_samples.clear();
    }
    if (!file.seek(m_offset)) {
        read.error = QCoreApplication::translate("pipeplan::watch", "cannot read it (%1)")
                         .arg(file.errorString());
        return read;
    }
    const QByteArray appended = file.readAll();
    const TextRead text = readText(appended, m_lines + 1);
    if (!text.error.isEmpty()) {
        read.error = text.error;
        return read;
    }
    if (!m_samples.empty() && !text.samples.empty() &&
        text.samples.front().timeSeconds < m_samples.back().timeSeconds) {
        read.error = QCoreApplication::translate("pipeplan::watch", "line %1: time goes back")
                         .arg(m_lines + 1);
        return read;
    }
    m_offset += text.consumedBytes;
    m_lines += text.lines;
    m_samples.insert(m_samples.end(), text.samples.begin(), text.samples.end());
    read.added = text.samples;
    return read;
}

} // namespace pipeplan::watch
