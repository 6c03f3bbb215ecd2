// Reliability of every file read and write (issue 15, items 1 and 3).
#include "core/base/fileio.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/sysmacros.h>

using namespace pipeplan;

namespace {

QByteArray contentsOf(const QString &path)
{
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    return file.readAll();
}

void writePlain(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    ASSERT_EQ(file.write(bytes), bytes.size());
}

QStringList entriesOf(const QString &directory)
{
    return QDir(directory).entryList(QDir::AllEntries | QDir::System | QDir::Hidden |
                                     QDir::NoDotAndDotDot);
}

} // namespace

TEST(ReliabilityBoundedRead, ReadsARegularFile)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("plan.json"));
    writePlain(path, "{\"a\": 1}");
    const fileio::ReadResult read = fileio::readBounded(path, 1024);
    ASSERT_TRUE(read.bytes) << read.error.toStdString();
    EXPECT_EQ(*read.bytes, QByteArray("{\"a\": 1}"));
}

TEST(ReliabilityBoundedRead, RefusesDevicesPipesAndDirectoriesBeforeReading)
{
    for (const char *device : {"/dev/zero", "/dev/null", "/dev/urandom"}) {
        const fileio::ReadResult read = fileio::readBounded(QString::fromLatin1(device), 1024);
        EXPECT_FALSE(read.bytes) << device;
        EXPECT_EQ(read.error, QStringLiteral("is a device, not a regular file")) << device;
    }
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("fifo"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    // Would block forever (no writer) if it were opened before being looked at.
    const fileio::ReadResult fromFifo = fileio::readBounded(fifo, 1024);
    EXPECT_FALSE(fromFifo.bytes);
    EXPECT_EQ(fromFifo.error, QStringLiteral("is a pipe, not a regular file"));
    const fileio::ReadResult fromDirectory = fileio::readBounded(dir.path(), 1024);
    EXPECT_FALSE(fromDirectory.bytes);
    EXPECT_EQ(fromDirectory.error, QStringLiteral("is a directory"));
    const fileio::ReadResult missing = fileio::readBounded(dir.filePath(QStringLiteral("no")), 10);
    EXPECT_FALSE(missing.bytes);
    EXPECT_EQ(missing.error, QStringLiteral("No such file or directory"));
}

TEST(ReliabilityBoundedRead, RefusesAFileOverTheCap)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.json"));
    writePlain(path, QByteArray(1025, 'x'));
    EXPECT_TRUE(fileio::readBounded(path, 1025).bytes);
    const fileio::ReadResult read = fileio::readBounded(path, 1024);
    EXPECT_FALSE(read.bytes);
    EXPECT_EQ(read.error, QStringLiteral("is larger than 1024 bytes, the most PipePlan reads"));
}

TEST(ReliabilityAtomicWrite, ReplacesTheFileAndLeavesNoTemporary)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("plan.json"));
    writePlain(path, "old");
    ASSERT_EQ(::chmod(QFile::encodeName(path).constData(), 0640), 0);
    EXPECT_EQ(fileio::writeAtomically(path, "new contents"), QString());
    EXPECT_EQ(contentsOf(path), QByteArray("new contents"));
    EXPECT_EQ(entriesOf(dir.path()), QStringList{QStringLiteral("plan.json")});
    struct stat info
    {
    };
    ASSERT_EQ(::stat(QFile::encodeName(path).constData(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0640u); // the file's permissions are kept
}

TEST(ReliabilityAtomicWrite, AMissingDirectoryIsAnErrorAndWritesNothing)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("no/such/plan.json"));
    const QString error = fileio::writeAtomically(path, "x");
    EXPECT_TRUE(error.startsWith(QStringLiteral("cannot create a file in ")))
        << error.toStdString();
    EXPECT_TRUE(entriesOf(dir.path()).isEmpty());
}

// A real full filesystem: ctest runs this inside its own mount namespace with a 64 KiB tmpfs at
// PIPEPLAN_FULL_DISK_DIR (test reliability_full_disk_core); run alone, there is no such disk.
TEST(ReliabilityAtomicWrite, AFullDiskLeavesTheOldFileAndSaysSo)
{
    const QString disk = qEnvironmentVariable("PIPEPLAN_FULL_DISK_DIR");
    if (disk.isEmpty())
        GTEST_SKIP() << "needs PIPEPLAN_FULL_DISK_DIR (ctest's reliability_full_disk_core)";
    const QString path = disk + QStringLiteral("/plan.json");
    const QByteArray old(16 * 1024, 'o');
    ASSERT_EQ(fileio::writeAtomically(path, old), QString());
    // Fill the rest of the disk, then save a plan larger than what is left.
    const QString filler = disk + QStringLiteral("/filler");
    {
        QFile file(filler);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        const QByteArray block(4096, 'f');
        while (file.write(block) == block.size() && file.flush()) {
        }
    }
    const QString error = fileio::writeAtomically(path, QByteArray(48 * 1024, 'n'));
    EXPECT_TRUE(error.contains(QStringLiteral("No space left on device"))) << error.toStdString();
    EXPECT_EQ(contentsOf(path), old);
    QStringList left = entriesOf(disk);
    left.sort();
    EXPECT_EQ(left, (QStringList{QStringLiteral("filler"), QStringLiteral("plan.json")}));
    QFile::remove(filler);
    QFile::remove(path);
}

// The one rule for an output path: a regular file or nothing is written; a pipe, a device node, a
// directory is refused before a byte is written and left as it was; a symbolic link is followed
// and its target replaced, the link kept.
TEST(ReliabilityWriteTarget, APipeIsRefusedAndStaysAPipe)
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("fifo.pdf"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    EXPECT_EQ(fileio::writeTargetOf(fifo).error, QStringLiteral("is a pipe, not a regular file"));
    EXPECT_EQ(fileio::writeAtomically(fifo, "pdf"),
              QStringLiteral("is a pipe, not a regular file"));
    struct stat info
    {
    };
    ASSERT_EQ(::lstat(QFile::encodeName(fifo).constData(), &info), 0);
    EXPECT_TRUE(S_ISFIFO(info.st_mode));
    EXPECT_EQ(entriesOf(dir.path()), QStringList{QStringLiteral("fifo.pdf")});
}

TEST(ReliabilityWriteTarget, ADeviceNodeIsRefusedAndStaysADevice)
{
    QTemporaryDir dir;
    // A device node of our own in a temporary folder (the null device's numbers), never a real
    // one under /dev. Making it needs CAP_MKNOD (CI's clean room runs as root).
    const QString node = dir.filePath(QStringLiteral("full.pdf"));
    if (::mknod(QFile::encodeName(node).constData(), S_IFCHR | 0600, makedev(1, 3)) != 0)
        GTEST_SKIP() << "cannot make a device node here (needs CAP_MKNOD)";
    EXPECT_EQ(fileio::writeAtomically(node, "pdf"),
              QStringLiteral("is a device, not a regular file"));
    struct stat info
    {
    };
    ASSERT_EQ(::lstat(QFile::encodeName(node).constData(), &info), 0);
    EXPECT_TRUE(S_ISCHR(info.st_mode));
}

TEST(ReliabilityWriteTarget, ADirectoryIsRefused)
{
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("out.pdf"));
    ASSERT_TRUE(QDir().mkdir(folder));
    EXPECT_EQ(fileio::writeAtomically(folder, "pdf"), QStringLiteral("is a directory"));
    EXPECT_TRUE(QFileInfo(folder).isDir());
}

TEST(ReliabilityWriteTarget, ASymbolicLinkIsFollowedAndKept)
{
    QTemporaryDir dir;
    const QString target = dir.filePath(QStringLiteral("real.pdf"));
    writePlain(target, "old");
    const QString link = dir.filePath(QStringLiteral("link.pdf"));
    ASSERT_TRUE(QFile::link(target, link));
    EXPECT_EQ(fileio::writeTargetOf(link).path, target);
    EXPECT_EQ(fileio::writeAtomically(link, "new"), QString());
    EXPECT_TRUE(QFileInfo(link).isSymLink());
    EXPECT_EQ(contentsOf(target), QByteArray("new"));
    QStringList left = entriesOf(dir.path());
    left.sort();
    EXPECT_EQ(left, (QStringList{QStringLiteral("link.pdf"), QStringLiteral("real.pdf")}));
}

TEST(ReliabilityWriteTarget, ALinkToNothingOrToAPipeIsRefused)
{
    QTemporaryDir dir;
    const QString dangling = dir.filePath(QStringLiteral("dangling.pdf"));
    ASSERT_TRUE(QFile::link(dir.filePath(QStringLiteral("missing.pdf")), dangling));
    EXPECT_TRUE(
        fileio::writeAtomically(dangling, "x").endsWith(QStringLiteral("which does not exist")));
    EXPECT_FALSE(QFileInfo::exists(dir.filePath(QStringLiteral("missing.pdf"))));

    const QString fifo = dir.filePath(QStringLiteral("fifo"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString toFifo = dir.filePath(QStringLiteral("to-fifo.pdf"));
    ASSERT_TRUE(QFile::link(fifo, toFifo));
    EXPECT_EQ(fileio::writeAtomically(toFifo, "x"),
              QStringLiteral("is a symbolic link to %1, which is a pipe, not a regular file")
                  .arg(QFileInfo(fifo).canonicalFilePath()));
}

TEST(ReliabilityWriteTarget, ANewFileIsCreated)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("new.pdf"));
    EXPECT_EQ(fileio::writeTargetOf(path).path, path);
    EXPECT_EQ(fileio::writeAtomically(path, "x"), QString());
    EXPECT_EQ(contentsOf(path), QByteArray("x"));
}
