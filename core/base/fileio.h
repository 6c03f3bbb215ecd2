#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

/// Every file PipePlan reads or writes goes through here, so that no input can exhaust memory and
/// no failed write can destroy the file it replaces.
namespace pipeplan::fileio {

/// The bytes of a file, or why it could not be read (a sentence without the path).
struct ReadResult
{
    std::optional<QByteArray> bytes;
    QString error;
};

/// Reads a regular file of at most `maxBytes` bytes. Anything that is not a regular file (a
/// device such as /dev/zero, a FIFO, /dev/stdin on a pipe, a directory) is refused before a byte
/// is read, and so is a file that holds or grows past `maxBytes` while it is read: the cap bounds
/// the memory used, whatever the file's size says.
ReadResult readBounded(const QString &path, qint64 maxBytes);

/// Writes `bytes` to `path` atomically: into a temporary file beside it, every byte written,
/// flushed and synced to the disk, then renamed over `path`. A failure at any step (a full disk,
/// a read-only directory) removes the temporary file, leaves `path` exactly as it was, and returns
/// what failed; success returns an empty string. An existing file's permissions are kept.
QString writeAtomically(const QString &path, const QByteArray &bytes);

/// What identifies a file's contents on disk without reading it: changes when another program
/// (or another window) writes the file.
struct DiskStamp
{
    bool exists = false;
    qint64 size = 0;
    qint64 modifiedNs = 0;
    quint64 inode = 0;
    bool operator==(const DiskStamp &) const = default;
};

/// The file's stamp now (exists false when there is no file).
DiskStamp stampOf(const QString &path);

} // namespace pipeplan::fileio
