// A background job (issue 31): starts asked in a burst (a person typing through the task table)
// run only the last one, after the burst; a cancel drops a start still waiting; a run finishes
// and delivers on the GUI thread.
#include "ui/document/backgroundjob.h"

#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include <atomic>

using namespace pipeplan;

TEST(BackgroundJob, AStartAfterAQuietSpellRunsAtOnceAndDelivers)
{
    BackgroundJob job;
    QSignalSpy started(&job, &BackgroundJob::started);
    std::atomic<int> ran{0};
    int delivered = 0;
    QTest::qWait(BackgroundJob::kCoalesceMs + 10);
    job.start([&ran](simulation::Control &) { ++ran; }, 1, [&delivered]() { ++delivered; });
    EXPECT_TRUE(job.isRunning());
    EXPECT_EQ(started.count(), 1);
    ASSERT_TRUE(QTest::qWaitFor([&job]() { return !job.isRunning(); }, 5'000));
    EXPECT_EQ(ran.load(), 1);
    EXPECT_EQ(delivered, 1);
}

TEST(BackgroundJob, StartsInABurstRunOnlyTheLastAfterItAndACancelDropsAWaitingOne)
{
    BackgroundJob job;
    QSignalSpy started(&job, &BackgroundJob::started);
    std::atomic<int> ranMask{0};
    int deliveredMask = 0;
    for (int i = 0; i < 4; ++i)
        job.start([&ranMask, i](simulation::Control &) { ranMask |= 1 << i; }, 1,
                  [&deliveredMask, i]() { deliveredMask |= 1 << i; });
    // The first ran at once (the job was new) and was cancelled by the second; the burst's
    // last waits, announced as running.
    EXPECT_TRUE(job.isRunning());
    EXPECT_EQ(started.count(), 4);
    ASSERT_TRUE(QTest::qWaitFor([&job]() { return !job.isRunning(); }, 5'000));
    EXPECT_EQ(deliveredMask, 1 << 3);
    EXPECT_EQ(ranMask.load() & 0b0110, 0); // the two between never ran
    EXPECT_TRUE(ranMask.load() & (1 << 3));
    EXPECT_EQ(started.count(), 4); // the waiting one did not announce itself twice

    // A cancel drops the start still waiting: nothing runs, nothing is delivered.
    std::atomic<bool> lateRan{false};
    bool lateDelivered = false;
    job.start([](simulation::Control &) {}, 1, []() {});
    job.start([&lateRan](simulation::Control &) { lateRan = true; }, 1,
              [&lateDelivered]() { lateDelivered = true; });
    ASSERT_TRUE(job.isRunning());
    job.cancel();
    EXPECT_FALSE(job.isRunning());
    QTest::qWait(BackgroundJob::kCoalesceMs * 2);
    EXPECT_FALSE(lateRan.load());
    EXPECT_FALSE(lateDelivered);
}
