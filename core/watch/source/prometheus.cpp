#include "core/watch/source/prometheus.h"
#include "core/base/translate.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

#include <algorithm>
#include <cmath>

namespace pipeplan::watch::prometheus {

PIPEPLAN_TR_CONTEXT("pipeplan::watch::prometheus")

namespace {

enum Stage
{
    Instant,
    Coarse,
    Fine,
};

QString seconds(double value)
{
    return QString::number(value, 'f', 3);
}

// A sample value as Prometheus writes it: a string ("12", "NaN", "+Inf").
std::optional<Sample> pointOf(const QJsonValue &point)
{
    const QJsonArray pair = point.toArray();
    if (pair.size() != 2)
        return std::nullopt;
    bool ok = false;
    const double value = pair.at(1).toString().toDouble(&ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return Sample{pair.at(0).toDouble(), value};
}

} // namespace

QString checkUrl(const QString &text, QUrl *url)
{
    const QUrl parsed(text, QUrl::StrictMode);
    const QString scheme = parsed.scheme().toLower();
    if (!parsed.isValid() || (scheme != QLatin1String("http") && scheme != QLatin1String("https")))
        return tr("'%1' is not an http(s) URL").arg(text);
    if (parsed.host().isEmpty())
        return tr("'%1' names no host").arg(text);
    *url = parsed;
    return {};
}

double stepFor(double spanSeconds)
{
    return std::max(1.0, std::ceil(spanSeconds / kMaxPoints));
}

Fetcher::Fetcher(QNetworkAccessManager *network, QUrl server, QString query, QObject *parent)
    : QObject(parent), m_network(network), m_server(std::move(server)), m_query(std::move(query))
{
}

void Fetcher::start(double nowSeconds)
{
    m_fetch = {};
    m_fetch.nowSeconds = nowSeconds;
    m_stage = Instant;
    m_done = false;
    get(QStringLiteral("query"),
        {{QStringLiteral("query"), m_query}, {QStringLiteral("time"), seconds(nowSeconds)}});
}

void Fetcher::cancel()
{
    // Finished as cancelled first: the aborted reply's own finished() then finds the fetch
    // done, rather than reporting the abort as a server that cannot be reached.
    finish(Failure::Cancelled, QStringLiteral("cancelled"));
    if (m_reply)
        m_reply->abort();
}

void Fetcher::get(const QString &endpoint, const QList<std::pair<QString, QString>> &params)
{
    QUrl url = m_server;
    QString path = url.path();
    if (!path.endsWith(QLatin1Char('/')))
        path += QLatin1Char('/');
    url.setPath(path + QStringLiteral("api/v1/") + endpoint);
    // Every value percent-encoded by hand: QUrlQuery leaves '+' as is, and the server reads
    // it as a space ("a + b" in PromQL would arrive as "a   b").
    QStringList items;
    for (const auto &[key, value] : params)
        items << key + QLatin1Char('=') + QString::fromLatin1(QUrl::toPercentEncoding(value));
    url.setQuery(items.join(QLatin1Char('&')), QUrl::StrictMode);
    QNetworkRequest request(url);
    request.setTransferTimeout(kRequestTimeoutMs);
    m_reply = m_network->get(request);
    QNetworkReply *reply = m_reply;
    connect(reply, &QNetworkReply::finished, this, [this, reply] { onReply(reply); });
}

void Fetcher::onReply(QNetworkReply *reply)
{
    reply->deleteLater();
    if (m_done)
        return;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = reply->readAll();
    if (status == 0) {
        // No HTTP answer at all: refused, unknown host, timed out.
        finish(Failure::Unreachable, reply->errorString());
        return;
    }
    if (status >= 500) {
        finish(Failure::Unreachable, tr("HTTP %1 from the server").arg(status));
        return;
    }
    const QJsonDocument document = QJsonDocument::fromJson(body);
    const QJsonObject root = document.object();
    if (status == 400 || status == 422) {
        const QString error = root.value(QStringLiteral("error")).toString();
        if (!error.isEmpty()) {
            finish(Failure::BadQuery,
                   QStringLiteral("%1 (%2)").arg(
                       error, root.value(QStringLiteral("errorType")).toString()));
            return;
        }
    }
    if (status != 200 ||
        root.value(QStringLiteral("status")).toString() != QLatin1String("success")) {
        finish(Failure::BadUrl, tr("answers HTTP %1 to %2, not as a Prometheus server does")
                                    .arg(status)
                                    .arg(reply->url().path()));
        return;
    }
    const QJsonObject data = root.value(QStringLiteral("data")).toObject();
    const QString type = data.value(QStringLiteral("resultType")).toString();
    const QJsonArray series = data.value(QStringLiteral("result")).toArray();
    const double now = m_fetch.nowSeconds;
    if (m_stage == Instant) {
        if (type != QLatin1String("vector")) {
            finish(Failure::BadQuery, tr("returns a %1, not a series").arg(type));
            return;
        }
        if (series.size() != 1) {
            finish(Failure::BadQuery,
                   series.isEmpty() ? tr("returns no series (is the job running, the name right?)")
                                    : tr("returns %1 series; wrap it in sum(...) for one counter")
                                          .arg(series.size()));
            return;
        }
        m_stage = Coarse;
        // Points back from now, so the last is now itself and a run minutes old shows.
        get(QStringLiteral("query_range"),
            {{QStringLiteral("query"), m_query},
             {QStringLiteral("start"), seconds(now - kLookbackSeconds)},
             {QStringLiteral("end"), seconds(now)},
             {QStringLiteral("step"), seconds(kCoarseStepSeconds)}});
        return;
    }
    if (series.size() != 1) {
        finish(Failure::BadQuery,
               tr("returns %1 series over the run; wrap it in sum(...)").arg(series.size()));
        return;
    }
    const QJsonArray values = series.at(0).toObject().value(QStringLiteral("values")).toArray();
    if (m_stage == Coarse) {
        double first = now;
        if (!values.isEmpty())
            first = values.at(0).toArray().at(0).toDouble();
        // The first raw sample lies within one step and Prometheus's five-minute lookback
        // before the first point.
        const double start = std::max(now - kLookbackSeconds, first - kCoarseStepSeconds - 300);
        m_fetch.stepSeconds = stepFor(now - start);
        m_stage = Fine;
        get(QStringLiteral("query_range"),
            {{QStringLiteral("query"), m_query},
             {QStringLiteral("start"),
              seconds(now - std::floor((now - start) / m_fetch.stepSeconds) * m_fetch.stepSeconds)},
             {QStringLiteral("end"), seconds(now)},
             {QStringLiteral("step"), seconds(m_fetch.stepSeconds)}});
        return;
    }
    for (const QJsonValue point : values) {
        if (const std::optional<Sample> sample = pointOf(point))
            m_fetch.samples.push_back(*sample);
    }
    finish(Failure::None, {});
}

void Fetcher::finish(Failure failure, const QString &message)
{
    if (m_done)
        return;
    m_done = true;
    m_fetch.failure = failure;
    m_fetch.message = message;
    emit finished(m_fetch);
}

Fetch fetchBlocking(const QUrl &server, const QString &query, double nowSeconds)
{
    QNetworkAccessManager network;
    Fetcher fetcher(&network, server, query);
    QEventLoop loop;
    Fetch result;
    QObject::connect(&fetcher, &Fetcher::finished, &loop, [&](const Fetch &fetch) {
        result = fetch;
        loop.quit();
    });
    fetcher.start(nowSeconds);
    loop.exec();
    return result;
}

} // namespace pipeplan::watch::prometheus
