#pragma once

// A real Prometheus for the tests (Debian's `prometheus`), started on a free loopback port with
// its own configuration and storage, scraping an exporter the test serves on a thread of its own:
// counters of items done that grow at a known rate, one that pauses, one that restarts, one
// whose rate swings between 30 and 70 items/s, and a gauge. Started once per test executable and
// killed at its end (and with the test process, if that dies first). start() leaves `problem` set
// when it cannot run: the tests then fail, not skip.

#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <QThread>

#include <atomic>
#include <future>
#include <memory>

namespace pipeplan::testsupport {

inline constexpr double kRatePerSecond = 50;
inline constexpr double kPauseAtSeconds = 8;   // case="pause" stops here
inline constexpr double kRestartAtSeconds = 5; // case="restart" falls back to 0 here
inline constexpr double kScrapeSeconds = 0.25;
/// A forecast made a whole number of seconds after the start has its range points (whole
/// seconds back from now) within milliseconds of the scrapes, so each point reads the sample
/// on either side of it by chance; tests that assert a tight ETA ask this far between scrapes.
inline constexpr double kOffScrapeSeconds = 0.13;

/// Unix seconds now.
double now();

/// A loopback port nothing listens on (just now).
quint16 freePort();

/// The exporter: a QTcpServer on its own thread (a test's thread may block on the CLI).
class Exporter : public QThread
{
public:
    quint16 port() { return m_port.get_future().get(); }
    /// When the series started (Unix seconds): at the first scrape, which Prometheus makes
    /// seconds after it says it is ready (its target discovery sends updates every 5 s); 0
    /// before it.
    double startSeconds() const { return m_startSeconds; }

protected:
    void run() override;

private:
    std::atomic<double> m_startSeconds{0};
    std::promise<quint16> m_port;
};

struct PrometheusFixture
{
    double startSeconds = 0;
    std::unique_ptr<Exporter> exporter;
    QTemporaryDir dir;
    QProcess prometheus;
    QString url;
    QString problem; ///< why it could not start: every test fails with it

    void start();
    /// Kills the server (a test may stop it early to see it unreachable) and the exporter.
    void stop();
    /// Sleeps until `t` seconds after the series started.
    void waitUntil(double t) const;
};

} // namespace pipeplan::testsupport
