#pragma once

// A running job's progress read from a Prometheus server's HTTP API
// (https://prometheus.io/docs/prometheus/latest/querying/api/): an instant query at now checks
// the expression and that it names one series, then query_range over the run so far reads its
// history. Asynchronous (QNetworkAccessManager) for the window, with a blocking wrapper for the
// CLI. pipeplan_watchsource: the only part of PipePlan that links Qt6::Network.

#include "core/watch/forecast.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>

#include <vector>

class QNetworkAccessManager;
class QNetworkReply;

namespace pipeplan::watch::prometheus {

/// What went wrong with a fetch, by whose fault: the caller's input, or the server's absence.
enum class Failure
{
    None,
    Unreachable, ///< no answer: refused, timed out, unknown host, 5xx (the CLI's exit 3)
    BadUrl,      ///< not http(s), or it answers but is no Prometheus API (exit 2, --prometheus)
    BadQuery,    ///< 400 bad_data / 422, or not exactly one series (exit 2, --query)
    Cancelled,
};

struct Fetch
{
    Failure failure = Failure::None;
    QString message; ///< why, for the one line that names the flag
    std::vector<Sample> samples;
    double nowSeconds = 0; ///< the client's clock when the fetch started
    double stepSeconds = 0;
};

/// The server's URL checked: http or https with a host. Empty when fine, else why not.
QString checkUrl(const QString &text, QUrl *url);

/// How long one request may take before the server counts as unreachable.
inline constexpr int kRequestTimeoutMs = 5000;
/// How far back the run's start is looked for (a week at one point an hour).
inline constexpr double kLookbackSeconds = 7 * 24 * 3600.0;
inline constexpr double kCoarseStepSeconds = 3600.0;
/// Prometheus refuses a range of more than 11,000 points per series.
inline constexpr double kMaxPoints = 10000.0;

/// The range step over a span: whole seconds, at most kMaxPoints points. Whole seconds keep the
/// points at one phase to the scrapes (every scrape interval divides or is a multiple of a
/// second), so each point reads its sample equally late and the slopes carry no jitter.
double stepFor(double spanSeconds);

/// One fetch: instant query, then the range over the last week at one point an hour to find
/// where the series starts, then that range again at stepFor() from its start. finished() is
/// emitted once, also on cancel().
class Fetcher : public QObject
{
    Q_OBJECT
public:
    Fetcher(QNetworkAccessManager *network, QUrl server, QString query, QObject *parent = nullptr);
    void start(double nowSeconds);
    void cancel();

signals:
    void finished(const pipeplan::watch::prometheus::Fetch &fetch);

private:
    void get(const QString &endpoint, const QList<std::pair<QString, QString>> &params);
    void onReply(QNetworkReply *reply);
    void finish(Failure failure, const QString &message);

    QNetworkAccessManager *m_network;
    QUrl m_server;
    QString m_query;
    QPointer<QNetworkReply> m_reply;
    int m_stage = 0;
    bool m_done = false;
    Fetch m_fetch;
};

/// The fetch run to its end in a local event loop (the CLI). Needs a QCoreApplication.
Fetch fetchBlocking(const QUrl &server, const QString &query, double nowSeconds);

} // namespace pipeplan::watch::prometheus
