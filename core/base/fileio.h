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

/// Where a write to `path` lands, or why nothing may be written there.
struct WriteTarget
{
    /// The regular file to replace or create (`path` itself, or what its symbolic links name).
    QString path;
    /// Empty when the write may go ahead; else a sentence without the path ("is a pipe, not a
    /// regular file").
    QString error;
};

/// The one rule for every output path, checked before any work is done for it: a path that does
/// not exist yet is created; a regular file is replaced; anything else (a FIFO, a device, a
/// directory, a socket) is refused, because replacing it would destroy something that is not a
/// document. A symbolic link is followed: its final target is replaced atomically and the link
/// stays a link (as editors do); a link to something missing or to something that is not a
/// regular file is refused.
WriteTarget writeTargetOf(const QString &path);

/// Writes `bytes` to `path` atomically: into a temporary file beside the target
/// (`writeTargetOf`), every byte written, flushed and synced to the disk, then renamed over it. A
/// failure at any step (a full disk, a read-only directory, a target that is not a regular file)
/// removes the temporary file, leaves `path` exactly as it was, and returns what failed; success
/// returns an empty string. An existing file's permissions are kept.
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
