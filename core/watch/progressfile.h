#pragma once

// A progress file a job appends to, read as it grows: CSV lines "time,done" (an optional
// header) or JSON lines {"time": ..., "done": ...}; time as Unix seconds or ISO 8601.

#include "core/watch/forecast.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace pipeplan::watch {

/// One complete line read: a sample, nothing (a blank line or the CSV header), or a problem.
struct LineRead
{
    std::optional<Sample> sample;
    QString error; ///< "expected time,done", "done is not a number: 'x'"
};

/// Reads one complete line (no line break) of CSV or JSON lines.
LineRead readLine(const QByteArray &raw);

/// Follows a progress file: each read() takes the complete lines appended since the last one.
/// A last line without its line break (a job killed, or caught, while writing it) is left for
/// the next read, so a half-written number is never taken for a whole one.
class ProgressFile
{
public:
    explicit ProgressFile(QString path) : m_path(std::move(path)) {}

    struct Read
    {
        bool opened = false;
        QString error; ///< "cannot read it (...)", or "line 7: ..."
        std::vector<Sample> added;
    };

    Read read();
    const std::vector<Sample> &samples() const { return m_samples; }
    const QString &path() const { return m_path; }

private:
    QString m_path;
    qint64 m_offset = 0;
    int m_lines = 0;
    std::vector<Sample> m_samples;
};

/// The samples of a whole text (tests, and the first read): complete lines only.
struct TextRead
{
    std::vector<Sample> samples;
    qint64 consumedBytes = 0; ///< up to and including the last line break
    int lines = 0;
    QString error;
};
TextRead readText(const QByteArray &text, int firstLineNumber = 1);

} // namespace pipeplan::watch
