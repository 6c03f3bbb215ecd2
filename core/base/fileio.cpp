#include "core/base/fileio.h"
#include "core/base/translate.h"

#include <QFileInfo>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace pipeplan::fileio {

PIPEPLAN_TR_CONTEXT("pipeplan::fileio")

namespace {

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

/// Closes a descriptor on every path out of a function.
class Descriptor
{
public:
    explicit Descriptor(int fd) : m_fd(fd) {}
    ~Descriptor()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Descriptor(const Descriptor &) = delete;
    Descriptor &operator=(const Descriptor &) = delete;
    int get() const { return m_fd; }
    /// Closes now and reports close's own error (NFS and some full disks report late).
    int close()
    {
        const int result = ::close(m_fd);
        m_fd = -1;
        return result;
    }

private:
    int m_fd;
};

QString kindOf(mode_t mode)
{
    if (S_ISDIR(mode))
        return tr("is a directory");
    if (S_ISFIFO(mode))
        return tr("is a pipe, not a regular file");
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return tr("is a device, not a regular file");
    if (S_ISSOCK(mode))
        return tr("is a socket, not a regular file");
    return tr("is not a regular file");
}

QString tooLarge(qint64 maxBytes)
{
    return tr("is larger than %1 bytes, the most PipePlan reads").arg(maxBytes);
}

} // namespace

ReadResult readBounded(const QString &path, qint64 maxBytes)
{
    const QByteArray name = QFile::encodeName(path);
    // stat first: opening a FIFO for reading would block until a writer came.
    struct stat info
    {
    };
    if (::stat(name.constData(), &info) != 0)
        return {std::nullopt, systemError(errno)};
    if (!S_ISREG(info.st_mode))
        return {std::nullopt, kindOf(info.st_mode)};
    const Descriptor fd(::open(name.constData(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
    if (fd.get() < 0)
        return {std::nullopt, systemError(errno)};
    // The file may have been swapped for something else between stat and open.
    if (::fstat(fd.get(), &info) != 0)
        return {std::nullopt, systemError(errno)};
    if (!S_ISREG(info.st_mode))
        return {std::nullopt, kindOf(info.st_mode)};
    if (info.st_size > maxBytes)
        return {std::nullopt, tooLarge(maxBytes)};

    QByteArray bytes;
    bytes.reserve(static_cast<qsizetype>(info.st_size));
    char buffer[64 * 1024];
    for (;;) {
        const ssize_t got = ::read(fd.get(), buffer, sizeof buffer);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return {std::nullopt, systemError(errno)};
        }
        if (got == 0)
            break;
        if (bytes.size() + got > maxBytes)
            return {std::nullopt, tooLarge(maxBytes)}; // grew while being read
        bytes.append(buffer, static_cast<qsizetype>(got));
    }
    return {std::move(bytes), {}};
}

WriteTarget writeTargetOf(const QString &path)
{
    const QByteArray name = QFile::encodeName(path);
    struct stat info
    {
    };
    if (::lstat(name.constData(), &info) != 0) {
        if (errno == ENOENT)
            return {path, {}};
        return {{}, systemError(errno)};
    }
    if (S_ISREG(info.st_mode))
        return {path, {}};
    if (!S_ISLNK(info.st_mode))
        return {{}, kindOf(info.st_mode)};
    // A symbolic link: its final target, whatever chain of links leads there.
    char *resolved = ::realpath(name.constData(), nullptr);
    if (resolved == nullptr)
        return {{},
                tr("is a symbolic link to %1, which does not exist")
                    .arg(QFileInfo(path).symLinkTarget())};
    const QString target = QFile::decodeName(resolved);
    std::free(resolved);
    if (::stat(QFile::encodeName(target).constData(), &info) != 0)
        return {{}, systemError(errno)};
    if (!S_ISREG(info.st_mode))
        return {{}, tr("is a symbolic link to %1, which %2").arg(target, kindOf(info.st_mode))};
    return {target, {}};
}

QString writeAtomically(const QString &requestedPath, const QByteArray &bytes)
{
    const WriteTarget resolved = writeTargetOf(requestedPath);
    if (!resolved.error.isEmpty())
        return resolved.error;
    const QString &path = resolved.path;
    const QFileInfo target(path);
    const QByteArray directory = QFile::encodeName(target.absolutePath());
    QByteArray temporary =
        QFile::encodeName(target.absolutePath() + QLatin1Char('/') + QLatin1Char('.') +
                          target.fileName() + QStringLiteral(".XXXXXX"));
    const int raw = ::mkstemp(temporary.data());
    if (raw < 0)
        return tr("cannot create a file in %1: %2").arg(target.absolutePath(), systemError(errno));
    Descriptor fd(raw);
    const auto fail = [&temporary](const QString &step, int error) {
        ::unlink(temporary.constData());
        return QStringLiteral("%1: %2").arg(step, systemError(error));
    };
    ::fcntl(fd.get(), F_SETFD, FD_CLOEXEC);

    // Keep an existing file's permissions; a new file gets the usual 0666 less the umask.
    struct stat existing
    {
    };
    mode_t mode = 0;
    if (::stat(QFile::encodeName(path).constData(), &existing) == 0) {
        mode = existing.st_mode & 07777;
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    if (::fchmod(fd.get(), mode) != 0)
        return fail(tr("cannot set permissions"), errno);

    const char *data = bytes.constData();
    qint64 left = bytes.size();
    while (left > 0) {
        const ssize_t wrote = ::write(fd.get(), data, static_cast<size_t>(left));
        if (wrote < 0) {
            if (errno == EINTR)
                continue;
            return fail(tr("cannot write"), errno);
        }
        data += wrote;
        left -= wrote;
    }
    // Blocks a full disk could not take show up here at the latest (delayed allocation).
    if (::fsync(fd.get()) != 0)
        return fail(tr("cannot write to the disk"), errno);
    if (fd.close() != 0)
        return fail(tr("cannot close"), errno);
    if (::rename(temporary.constData(), QFile::encodeName(path).constData()) != 0)
        return fail(tr("cannot replace the file"), errno);
    // The rename itself reaches the disk with the directory (best effort: not every filesystem
    // lets a directory be synced).
    const Descriptor dir(::open(directory.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (dir.get() >= 0)
        ::fsync(dir.get());
    return {};
}

DiskStamp stampOf(const QString &path)
{
    struct stat info
    {
    };
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return {};
    return {true, static_cast<qint64>(info.st_size),
            static_cast<qint64>(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec,
            static_cast<quint64>(info.st_ino)};
}

} // namespace pipeplan::fileio
