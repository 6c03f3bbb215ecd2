// Hostile input to the file format: sizes and counts are checked before the work they bound, and
// what the documentation promises is what the loader does.
#include "core/model/scenario.h"
#include "core/plan/scenariofile.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <gtest/gtest.h>

using namespace pipeplan;

namespace {

QJsonObject defaultFile()
{
    return scenariofile::toJsonObject(Plan{});
}

scenariofile::LoadResult load(const QJsonObject &root)
{
    return scenariofile::fromJson(QJsonDocument(root).toJson(QJsonDocument::Compact));
}

} // namespace

// 200,000 options are refused by their count, before any is read or checked (each check reads
// the whole plan again: that took 18 s). The count comes first even when an option is broken.
TEST(HostileFile, TooManyOptionsAreRefusedByTheirCountBeforeAnyIsRead)
{
    QJsonObject root = defaultFile();
    QJsonArray options;
    QJsonObject option;
    option.insert(QStringLiteral("name"), QStringLiteral("same"));
    option.insert(QStringLiteral("set"),
                  QJsonObject{{QStringLiteral("no.such_key"), QStringLiteral("1")}});
    for (int i = 0; i < 200'000; ++i)
        options.append(option);
    root.insert(QStringLiteral("options"), options);
    const scenariofile::LoadResult loaded = load(root);
    ASSERT_FALSE(loaded.plan);
    EXPECT_EQ(loaded.error.field, QStringLiteral("options"));
    EXPECT_EQ(loaded.error.message, QStringLiteral("has 200,000 options; at most 8"));

    // Nine broken options: still the count, not the first option's problem.
    while (options.size() > kMaxOptions + 1)
        options.removeLast();
    root.insert(QStringLiteral("options"), options);
    EXPECT_EQ(load(root).error.message, QStringLiteral("has 9 options; at most 8"));
    // Eight: now each is read, and the first broken one is named.
    options.removeLast();
    root.insert(QStringLiteral("options"), options);
    EXPECT_TRUE(load(root).error.field.startsWith(QStringLiteral("options[0].")));
}

TEST(HostileFile, TooManyMeasuredRunsAreRefusedByTheirCount)
{
    QJsonObject root = defaultFile();
    QJsonObject measured = root.value(QStringLiteral("measured")).toObject();
    QJsonArray runs;
    for (int i = 0; i <= scenariofile::kMaxMeasuredRuns; ++i)
        runs.append(
            QJsonObject{{QStringLiteral("workers"), 1 + i % 64}, {QStringLiteral("value"), 100.0}});
    measured.insert(QStringLiteral("runs"), runs);
    root.insert(QStringLiteral("measured"), measured);
    const scenariofile::LoadResult loaded = load(root);
    ASSERT_FALSE(loaded.plan);
    EXPECT_EQ(loaded.error.field, QStringLiteral("measured.runs"));
    EXPECT_EQ(loaded.error.message, QStringLiteral("has 10,001 runs; at most 10,000"));
}

// The format's documentation states the loader's one cap on a file's size.
TEST(HostileFile, TheDocumentedSizeCapIsTheLoadersCap)
{
    QFile doc(QStringLiteral(PIPEPLAN_SOURCE_DIR "/docs/scenario-format.md"));
    ASSERT_TRUE(doc.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(doc.readAll());
    const QRegularExpressionMatch match =
        QRegularExpression(QStringLiteral("Files larger than (\\d+) MiB are refused")).match(text);
    ASSERT_TRUE(match.hasMatch());
    EXPECT_EQ(match.captured(1).toLongLong() * 1024 * 1024, scenariofile::kMaxFileBytes);
    EXPECT_FALSE(text.contains(QStringLiteral("4 MiB")));

    const QByteArray over(scenariofile::kMaxFileBytes + 1, ' ');
    const scenariofile::LoadResult loaded = scenariofile::fromJson(over);
    ASSERT_FALSE(loaded.plan);
    EXPECT_EQ(loaded.error.field, QStringLiteral("(file)"));
    EXPECT_EQ(loaded.error.message,
              QStringLiteral("is 16,777,217 bytes; a scenario file is at most 16,777,216 bytes"));
}
