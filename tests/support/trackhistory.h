#pragma once

#include <QFile>
#include <QString>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace pipeplan::testsupport {

/// A track record of two kinds in `dir`: embed runs 1.2x, 1.5x and 1.25x over their estimates,
/// train runs 0.95x and 1.05x, and one malformed row (line 7, actual_seconds). Its path.
inline QString writeTrackHistory(const QTemporaryDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("history.csv"));
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("name,kind,estimated_seconds,actual_seconds,actual_gpu_hours,requested_seconds,"
               "finished_on\n"
               "e1,embed,3600,4320,8,7200,2026-01-10\n"
               "e2,embed,3600,5400,12,,2026-01-20\n"
               "e3,embed,7200,9000,,,2026-02-03\n"
               "t1,train,10000,9500,,,2026-02-10\n"
               "t2,train,10000,10500,,,2026-02-24\n"
               "bad,train,10000,oops,,,2026-02-25\n");
    return path;
}

} // namespace pipeplan::testsupport
