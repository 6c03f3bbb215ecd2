// Reliability of every file read and write (issue 15, items 1 and 3).
#include "core/base/fileio.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <sys/stat.h>

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
    return QDir(directory).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
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
