// The trace import dialog (issue 20): a profiler trace read in the background, its spans mapped
// to the Model's stages or the Training tab's F, B and W as one undoable edit.
#include "core/plan/scenariofile.h"
#include "ui/document/scenariodocument.h"
#include "ui/measured/tracedialog.h"

#include <QAbstractItemModel>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace pipeplan;

namespace {

/// One complete event (ph "X"); times in microseconds, as Chrome traces write them.
struct Event
{
    const char *name;
    qint64 startUs;
    qint64 durUs;
    int pid = 1;
    int tid = 1;
};

QByteArray eventJson(const Event &e)
{
    return QStringLiteral(R"({"name":"%1","ph":"X","ts":%2,"dur":%3,"pid":%4,"tid":%5})")
        .arg(QLatin1String(e.name))
        .arg(e.startUs)
        .arg(e.durUs)
        .arg(e.pid)
        .arg(e.tid)
        .toUtf8();
}

QByteArray traceJson(const std::vector<Event> &events)
{
    QByteArrayList parts;
    parts.reserve(static_cast<qsizetype>(events.size()));
    for (const Event &e : events)
        parts << eventJson(e);
    return "{\"traceEvents\":[" + parts.join(",\n") + "]}";
}

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    QString path = dir.filePath(name);
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::WriteOnly));
    EXPECT_EQ(file.write(bytes), bytes.size());
    return path;
}

/// `bytes` gzipped by the system's gzip, as a profiler's .json.gz is.
QByteArray gzipped(const QByteArray &bytes)
{
    QProcess gzip;
    gzip.start(QStringLiteral("gzip"), {QStringLiteral("-c")});
    EXPECT_TRUE(gzip.waitForStarted());
    gzip.write(bytes);
    gzip.closeWriteChannel();
    EXPECT_TRUE(gzip.waitForFinished(30'000));
    return gzip.readAllStandardOutput();
}

/// A data loader once per user (10, 12, 15 ms: P50 12), a preprocessing step once per item
/// (0.4, 0.5, 0.6 ms: P50 0.5) and the model's forward pass per prediction (800, 950, 990 ms:
/// P50 950), plus a span that took no time at all.
std::vector<Event> modelEvents()
{
    return {{"DataLoader", 0, 10'000},
            {"DataLoader", 20'000, 12'000},
            {"DataLoader", 40'000, 15'000},
            {"Preprocess", 60'000, 400},
            {"Preprocess", 61'000, 500},
            {"Preprocess", 62'000, 600},
            {"model.forward", 100'000, 800'000},
            {"model.forward", 1'000'000, 950'000},
            {"model.forward", 2'000'000, 990'000},
            {"instant", 3'000'000, 0}};
}

/// Three stages: fetch 5 ms, transform 3 ms and the scoring stage (20 predictions of 1 s).
Plan threeStagePlan()
{
    Plan plan;
    Scenario &s = plan.scenario;
    s.stages = {Stage{QStringLiteral("fetch"), 5, false},
                Stage{QStringLiteral("transform"), 3, false},
                Stage{QStringLiteral("score"), 0, true}};
    s.workload.predictionsPerUser = 20;
    s.workload.latencyMs = 1000;
    s.training.devices = 4;
    return plan;
}

bool waitLoaded(const TraceDialog &dialog)
{
    return QTest::qWaitFor([&dialog]() { return !dialog.isLoading(); }, 60'000);
}

QComboBox *box(const TraceDialog &dialog, const char *name)
{
    auto *found = dialog.findChild<QComboBox *>(QLatin1String(name));
    EXPECT_NE(found, nullptr) << name;
    return found;
}

void choose(const TraceDialog &dialog, const char *boxName, const QString &text)
{
    QComboBox *combo = box(dialog, boxName);
    ASSERT_NE(combo, nullptr);
    const int index = combo->findText(text);
    ASSERT_GE(index, 0) << boxName << ": " << text.toStdString();
    combo->setCurrentIndex(index);
}

} // namespace

TEST(TraceDialog, MapsSpansToStagesAndLatencyAsOneUndoableEdit)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = writeFile(dir, QStringLiteral("run.json"), traceJson(modelEvents()));
    ScenarioDocument document;
    document.load(threeStagePlan(), QString());
    const Scenario before = document.scenario();

    TraceDialog dialog(&document);
    dialog.show();
    dialog.load(path);
    ASSERT_TRUE(waitLoaded(dialog));
    ASSERT_TRUE(dialog.summary().has_value());
    EXPECT_EQ(dialog.message(), QString());
    EXPECT_EQ(dialog.warning(), QString());
    EXPECT_FALSE(dialog.applyButton()->isEnabled()) << "nothing chosen yet";

    // The table lists every span, largest total first; the filter is case-insensitive text or a
    // regular expression, and a half-typed pattern filters as text.
    auto *spans = dialog.findChild<QTableView *>(QStringLiteral("spans"));
    ASSERT_NE(spans, nullptr);
    const QAbstractItemModel *model = spans->model();
    ASSERT_EQ(model->rowCount(), 4);
    EXPECT_EQ(model->index(0, 0).data().toString(), QStringLiteral("model.forward"));
    EXPECT_EQ(model->index(0, 2).data().toString(), QStringLiteral("2,740.000"));
    EXPECT_EQ(model->index(1, 0).data().toString(), QStringLiteral("DataLoader"));
    EXPECT_EQ(model->index(1, 4).data().toString(), QStringLiteral("12.000"));
    auto *filter = dialog.findChild<QLineEdit *>(QStringLiteral("filter"));
    ASSERT_NE(filter, nullptr);
    filter->setText(QStringLiteral("LOADER"));
    EXPECT_EQ(model->rowCount(), 1);
    filter->setText(QStringLiteral("^(data|pre)"));
    EXPECT_EQ(model->rowCount(), 2);
    filter->setText(QStringLiteral("model.("));
    EXPECT_EQ(model->rowCount(), 0);
    filter->clear();
    EXPECT_EQ(model->rowCount(), 4);

    EXPECT_EQ(box(dialog, "statistic")->currentText(), QStringLiteral("P50 (median)"));
    EXPECT_EQ(dialog.findChild<QComboBox *>(QStringLiteral("stageSpan2")), nullptr)
        << "the scoring stage takes its time from the workload";
    choose(dialog, "stageSpan0", QStringLiteral("DataLoader"));
    choose(dialog, "stageSpan1", QStringLiteral("Preprocess"));
    box(dialog, "stageUnit1")->setCurrentIndex(1); // per item: × 20 predictions per user
    choose(dialog, "latencySpan", QStringLiteral("model.forward"));
    ASSERT_TRUE(dialog.applyButton()->isEnabled());

    const int steps = document.undoStack()->count();
    QTest::keyClick(&dialog, Qt::Key_Return); // Enter applies
    EXPECT_EQ(dialog.result(), QDialog::Accepted);

    const Scenario &after = document.scenario();
    EXPECT_EQ(after.stages[0].msPerUser, 12.0);
    EXPECT_EQ(after.stages[1].msPerUser, 10.0);
    EXPECT_EQ(after.stages[2], before.stages[2]);
    EXPECT_EQ(after.workload.latencyMs, 950.0);
    EXPECT_EQ(after.training, before.training);
    EXPECT_EQ(after.measured.traceFile, QFileInfo(path).absoluteFilePath());
    const QDateTime readAt = QDateTime::fromString(after.measured.traceReadAt, Qt::ISODate);
    EXPECT_TRUE(readAt.isValid()) << after.measured.traceReadAt.toStdString();
    EXPECT_EQ(readAt.timeSpec(), Qt::UTC);
    EXPECT_EQ(after.measured.traceMapping,
              QStringList({QStringLiteral("fetch ← DataLoader P50 12 ms per user"),
                           QStringLiteral("transform ← Preprocess P50 0.5 ms per item × 20 = 10 "
                                          "ms per user"),
                           QStringLiteral("latency ← model.forward P50 950 ms per prediction")}));

    EXPECT_EQ(document.undoStack()->count(), steps + 1);
    document.undoStack()->undo();
    EXPECT_EQ(document.scenario(), before);
}

TEST(TraceDialog, TheStatisticChoosesMeanOrP90)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = writeFile(dir, QStringLiteral("run.json"), traceJson(modelEvents()));
    ScenarioDocument document;
    document.load(threeStagePlan(), QString());
    TraceDialog dialog(&document);
    dialog.load(path);
    ASSERT_TRUE(waitLoaded(dialog));
    choose(dialog, "stageSpan0", QStringLiteral("DataLoader"));
    box(dialog, "statistic")->setCurrentIndex(2); // P90 of 10, 12, 15 ms: 12 + 0.8 × 3
    dialog.applyButton()->click();
    EXPECT_DOUBLE_EQ(document.scenario().stages[0].msPerUser, 14.4);
    EXPECT_EQ(document.scenario().measured.traceMapping,
              QStringList({QStringLiteral("fetch ← DataLoader P90 14.4 ms per user")}));
}

TEST(TraceDialog, TrainingTakesOneTimePerDeviceWhenTheLanesAreTheDevices)
{
    // Forward on four ranks (pid 0..3, written out of order): each lane's mean is its device's
    // time. Backward on two lanes for four devices: one time (its P50) for every device.
    std::vector<Event> events;
    for (int pid : {2, 0, 3, 1}) {
        events.push_back({"forward", pid * 100'000LL, 9'000 + pid * 1'000, pid, 7});
        events.push_back({"forward", pid * 100'000LL + 50'000, 11'000 + pid * 1'000, pid, 7});
    }
    events.push_back({"backward", 500'000, 20'000, 0, 7});
    events.push_back({"backward", 530'000, 24'000, 1, 7});
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = writeFile(dir, QStringLiteral("ranks.json"), traceJson(events));
    ScenarioDocument document;
    document.load(threeStagePlan(), QString());
    const Scenario before = document.scenario();

    TraceDialog dialog(&document);
    dialog.load(path);
    ASSERT_TRUE(waitLoaded(dialog));
    box(dialog, "target")->setCurrentIndex(1);
    choose(dialog, "trainingSpanF", QStringLiteral("forward"));
    choose(dialog, "trainingSpanB", QStringLiteral("backward"));
    auto *note = dialog.findChild<QLabel *>(QStringLiteral("trainingNote"));
    ASSERT_NE(note, nullptr);
    EXPECT_EQ(note->text(), QStringLiteral("F: 4 lanes for 4 devices: one time per device, each "
                                           "lane's mean (lanes by pid, tid as ranks 0–3)\n"
                                           "B: 2 lanes for 4 devices: the P50 over all lanes, 22 "
                                           "ms, for every device"));
    dialog.applyButton()->click();
    EXPECT_EQ(dialog.result(), QDialog::Accepted);

    const TrainingSettings &training = document.scenario().training;
    EXPECT_EQ(training.forwardMs, (std::vector<double>{10, 11, 12, 13}));
    EXPECT_EQ(training.backwardMs, (std::vector<double>{22}));
    EXPECT_EQ(training.weightMs, before.training.weightMs);
    EXPECT_EQ(document.scenario().stages, before.stages);
    EXPECT_EQ(document.scenario().measured.traceMapping,
              QStringList({QStringLiteral("F ← forward mean per lane 10, 11, 12, 13 ms (ranks 0–3 "
                                          "by pid, tid)"),
                           QStringLiteral("B ← backward P50 22 ms on every device (2 lanes for 4 "
                                          "devices)")}));
    document.undoStack()->undo();
    EXPECT_EQ(document.scenario(), before);
}

TEST(TraceDialog, GzipReadsAsPlainAndATruncatedFileWarns)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QByteArray json = traceJson(modelEvents());
    ScenarioDocument document;
    document.load(threeStagePlan(), QString());

    TraceDialog plain(&document);
    plain.load(writeFile(dir, QStringLiteral("run.json"), json));
    TraceDialog packed(&document);
    packed.load(writeFile(dir, QStringLiteral("run.json.gz"), gzipped(json)));
    ASSERT_TRUE(waitLoaded(plain));
    ASSERT_TRUE(waitLoaded(packed));
    ASSERT_TRUE(packed.summary().has_value());
    EXPECT_EQ(packed.summary(), plain.summary());

    // A job killed mid-write: the file stops inside the fifth event.
    const qsizetype cut = json.indexOf("Preprocess", json.indexOf("Preprocess") + 1);
    TraceDialog truncated(&document);
    truncated.load(writeFile(dir, QStringLiteral("killed.json.gz"), gzipped(json.left(cut))));
    ASSERT_TRUE(waitLoaded(truncated));
    ASSERT_TRUE(truncated.summary().has_value());
    EXPECT_TRUE(truncated.summary()->truncated);
    EXPECT_EQ(truncated.summary()->events, 4);
    EXPECT_TRUE(truncated.warning().startsWith(QStringLiteral("Truncated: ")))
        << truncated.warning().toStdString();
}

TEST(TraceDialog, AMissingOrBadFileSaysWhyAndApplyStaysOff)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    ScenarioDocument document;
    document.load(threeStagePlan(), QString());
    const Scenario before = document.scenario();

    TraceDialog missing(&document);
    missing.load(dir.filePath(QStringLiteral("nowhere.json")));
    ASSERT_TRUE(waitLoaded(missing));
    EXPECT_FALSE(missing.summary().has_value());
    EXPECT_TRUE(missing.message().contains(QStringLiteral("nowhere.json")) ||
                missing.message().contains(QStringLiteral("No such file")))
        << missing.message().toStdString();
    EXPECT_FALSE(missing.applyButton()->isEnabled());

    TraceDialog bad(&document);
    bad.load(writeFile(dir, QStringLiteral("notes.json"), "these are not the events you want"));
    ASSERT_TRUE(waitLoaded(bad));
    EXPECT_FALSE(bad.summary().has_value());
    EXPECT_FALSE(bad.message().isEmpty());
    EXPECT_FALSE(bad.applyButton()->isEnabled());
    EXPECT_EQ(document.scenario(), before);
}

TEST(TraceDialog, ARefusedEditSaysWhyAndKeepsTheDialogOpen)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = writeFile(dir, QStringLiteral("run.json"), traceJson(modelEvents()));
    ScenarioDocument document;
    document.load(threeStagePlan(), QString());
    const Scenario before = document.scenario();
    const int steps = document.undoStack()->count();

    TraceDialog dialog(&document);
    dialog.show();
    dialog.load(path);
    ASSERT_TRUE(waitLoaded(dialog));
    choose(dialog, "stageSpan0", QStringLiteral("instant")); // 0 ms: a stage needs time
    dialog.applyButton()->click();
    EXPECT_TRUE(dialog.isVisible());
    EXPECT_TRUE(dialog.message().startsWith(QStringLiteral("Not applied: stages[0]")))
        << dialog.message().toStdString();
    EXPECT_EQ(document.scenario(), before);
    EXPECT_EQ(document.undoStack()->count(), steps);

    QTest::keyClick(&dialog, Qt::Key_Escape); // Esc cancels
    EXPECT_FALSE(dialog.isVisible());
    EXPECT_EQ(dialog.result(), QDialog::Rejected);
    EXPECT_EQ(document.scenario(), before);
}

TEST(TraceDialog, StoppingOrClosingDuringABigReadStopsIt)
{
    // About 20 MB: 250,000 events over 8 lanes.
    QByteArray json = "{\"traceEvents\":[";
    json.reserve(qsizetype{21} * 1024 * 1024);
    const int events = 250'000;
    for (int i = 0; i < events; ++i) {
        if (i > 0)
            json += ",\n";
        json += eventJson({i % 2 == 0 ? "aten::convolution_backward_input" : "aten::linear",
                           i * 100LL, 50 + i % 7, i % 8, 1});
    }
    json += "]}";
    ASSERT_GT(json.size(), 18 * 1024 * 1024);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = writeFile(dir, QStringLiteral("big.json"), json);
    ScenarioDocument document;
    document.load(threeStagePlan(), QString());
    const Scenario before = document.scenario();

    {
        TraceDialog dialog(&document);
        dialog.show();
        dialog.load(path);
        EXPECT_TRUE(dialog.isLoading());
        auto *stop = dialog.findChild<QPushButton *>(QStringLiteral("stopReading"));
        ASSERT_NE(stop, nullptr);
        stop->click();
        EXPECT_FALSE(dialog.isLoading());
        EXPECT_TRUE(dialog.message().startsWith(QStringLiteral("Reading stopped")));
        EXPECT_FALSE(dialog.applyButton()->isEnabled());
        QTest::qWait(300); // a stopped read is never delivered
        EXPECT_FALSE(dialog.summary().has_value());
        EXPECT_TRUE(dialog.isVisible());

        // Read again to the end: the same dialog fills.
        dialog.load(path);
        ASSERT_TRUE(waitLoaded(dialog));
        ASSERT_TRUE(dialog.summary().has_value());
        EXPECT_EQ(dialog.summary()->events, events);
    }
    {
        // Esc while reading closes, and the dialog's end joins the reading thread.
        TraceDialog dialog(&document);
        dialog.show();
        dialog.load(path);
        QTest::keyClick(&dialog, Qt::Key_Escape);
        EXPECT_FALSE(dialog.isLoading());
        EXPECT_FALSE(dialog.isVisible());
    }
    {
        // Destroyed mid-read without closing first.
        TraceDialog dialog(&document);
        dialog.load(path);
        QTest::qWait(20);
    }
    EXPECT_EQ(document.scenario(), before);
}
