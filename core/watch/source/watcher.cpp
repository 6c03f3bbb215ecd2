#include "core/watch/source/watcher.h"

#include "core/base/translate.h"
#include "core/watch/watchtext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QNetworkAccessManager>

namespace pipeplan::watch {

PIPEPLAN_TR_CONTEXT("pipeplan::watch")

namespace {

double nowSeconds()
{
    return static_cast<double>(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
}

} // namespace

QString checkSettings(const WatchSettings &settings)
{
    if (settings.kind == WatchSettings::Kind::Prometheus) {
        QUrl url;
        if (const QString problem = prometheus::checkUrl(settings.serverUrl, &url);
            !problem.isEmpty())
            return tr("Server: ") + problem;
        if (settings.query.trimmed().isEmpty())
            return tr("Query: empty (a PromQL expression of items done)");
    } else if (settings.progressPath.isEmpty()) {
        return tr("Progress file: none chosen");
    }
    if (settings.totalItems && *settings.totalItems <= 0)
        return tr("Total: must be above zero");
    if (settings.intervalSeconds < 0.1)
        return tr("Interval: at least 0.1 seconds");
    return {};
}

Watcher::Watcher(WatchSettings settings, std::optional<PlanModel> plan, QObject *parent)
    : QObject(parent), m_settings(std::move(settings)), m_plan(std::move(plan))
{
    m_timer.setInterval(static_cast<int>(m_settings.intervalSeconds * 1000));
    connect(&m_timer, &QTimer::timeout, this, &Watcher::refresh);
    if (m_settings.kind == WatchSettings::Kind::Prometheus) {
        prometheus::checkUrl(m_settings.serverUrl, &m_server);
        m_network = new QNetworkAccessManager(this);
        m_fetcher = new prometheus::Fetcher(m_network, m_server, m_settings.query, this);
        connect(m_fetcher, &prometheus::Fetcher::finished, this, &Watcher::onFetched);
    } else {
        m_file.emplace(m_settings.progressPath);
    }
}

Watcher::~Watcher() = default;

void Watcher::start()
{
    m_timer.start();
    refresh();
}

void Watcher::stop()
{
    m_timer.stop();
    if (m_fetcher && m_snapshot.refreshing)
        m_fetcher->cancel();
}

void Watcher::refresh()
{
    if (m_snapshot.refreshing)
        return;
    const double now = nowSeconds();
    m_snapshot.refreshedAt = now;
    if (m_file) {
        const ProgressFile::Read read = m_file->read();
        if (!read.opened) {
            markStale(now, read.error);
            return;
        }
        if (!read.error.isEmpty()) {
            m_snapshot.problem = tr("Progress file: ") + read.error;
            emit updated();
            return;
        }
        showSamples(m_file->samples(), now);
        return;
    }
    m_snapshot.refreshing = true;
    emit updated();
    m_fetcher->start(now);
}

void Watcher::onFetched(const prometheus::Fetch &fetch)
{
    m_snapshot.refreshing = false;
    switch (fetch.failure) {
    case prometheus::Failure::None:
        showSamples(fetch.samples, fetch.nowSeconds);
        return;
    case prometheus::Failure::Unreachable:
        markStale(fetch.nowSeconds, fetch.message);
        return;
    case prometheus::Failure::Cancelled:
        emit updated();
        return;
    case prometheus::Failure::BadUrl:
        m_snapshot.problem = tr("Server: ") + fetch.message;
        break;
    case prometheus::Failure::BadQuery:
        m_snapshot.problem = tr("Query: ") + fetch.message;
        break;
    }
    emit updated();
}

void Watcher::showSamples(const std::vector<Sample> &samples, double now)
{
    Options options;
    options.totalItems = m_settings.totalItems;
    if (!options.totalItems && m_plan)
        options.totalItems = m_plan->totalItems;
    options.stallAfterSeconds = m_settings.stallAfterSeconds;
    Result result = forecast(samples, now, options);
    m_snapshot.stale = false;
    m_snapshot.staleText.clear();
    m_snapshot.problem.clear();
    if (result.problem != SeriesProblem::None) {
        const Accumulated accumulated = accumulate(samples);
        m_snapshot.problem = text::seriesProblem(result.problem, &accumulated);
    } else if (result.totalBelowDone) {
        m_snapshot.problem =
            tr("Total: ") + text::totalBelowDone(*options.totalItems, result.forecast.doneItems);
    } else {
        m_snapshot.hasForecast = true;
        m_snapshot.beside.reset();
        if (m_plan)
            m_snapshot.beside = besidePlan(*m_plan, result.forecast);
        m_snapshot.headline = text::headline(result.forecast, m_snapshot.beside);
        m_snapshot.burnUp = burnUp(result, m_plan);
        m_snapshot.forecastAt = now;
        m_snapshot.result = std::move(result);
        if (m_snapshot.result.forecast.state == State::Done)
            m_timer.stop();
    }
    emit updated();
}

void Watcher::markStale(double now, const QString &why)
{
    m_snapshot.stale = true;
    m_snapshot.staleText = text::stale(now, m_snapshot.forecastAt, why);
    emit updated();
}

} // namespace pipeplan::watch
