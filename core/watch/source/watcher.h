#pragma once

// A running job watched on an interval, in the background: the one owner of the fetches, the
// progress file and the last forecast. The window's Watch view observes it; nothing in it blocks
// the thread it lives on (the server is asked asynchronously, the file read where it grew).

#include "core/watch/burnup.h"
#include "core/watch/forecast.h"
#include "core/watch/planbeside.h"
#include "core/watch/progressfile.h"
#include "core/watch/source/prometheus.h"

#include <QObject>
#include <QString>
#include <QTimer>
#include <QUrl>

#include <optional>

class QNetworkAccessManager;

namespace pipeplan::watch {

/// What to watch, as the Watch Running Job dialog sets it.
struct WatchSettings
{
    enum class Kind
    {
        Prometheus,
        ProgressFile,
    } kind = Kind::Prometheus;
    QString serverUrl;
    QString query;
    QString progressPath;
    std::optional<double> totalItems;
    std::optional<double> stallAfterSeconds;
    double intervalSeconds = 15;
    bool operator==(const WatchSettings &) const = default;
};

/// The settings checked: empty when fine, else the one line naming the field.
QString checkSettings(const WatchSettings &settings);

/// The watch as the view shows it after each refresh.
struct Snapshot
{
    bool hasForecast = false;
    Result result;
    std::optional<Beside> beside;
    BurnUp burnUp;
    QString headline;       ///< text::headline, or why there is no forecast
    double forecastAt = 0;  ///< when the shown forecast was made (Unix seconds)
    double refreshedAt = 0; ///< the last refresh tried
    bool stale = false;     ///< the last refresh could not reach the source: the forecast stays
    QString staleText;      ///< text::stale
    QString problem;        ///< bad input found while watching (a gauge, a total below done)
    bool refreshing = false;
};

class Watcher : public QObject
{
    Q_OBJECT
public:
    Watcher(WatchSettings settings, std::optional<PlanModel> plan, QObject *parent = nullptr);
    ~Watcher() override;

    const WatchSettings &settings() const { return m_settings; }
    const Snapshot &snapshot() const { return m_snapshot; }
    bool running() const { return m_timer.isActive(); }

    /// Refreshes now and then every interval.
    void start();
    /// Stops the interval and cancels a refresh under way.
    void stop();
    /// One refresh now (ignored while one is under way).
    void refresh();

signals:
    void updated();

private:
    void onFetched(const prometheus::Fetch &fetch);
    void showSamples(const std::vector<Sample> &samples, double now);
    void markStale(double now, const QString &why);

    WatchSettings m_settings;
    std::optional<PlanModel> m_plan;
    QNetworkAccessManager *m_network = nullptr;
    prometheus::Fetcher *m_fetcher = nullptr;
    std::optional<ProgressFile> m_file;
    QUrl m_server;
    QTimer m_timer;
    Snapshot m_snapshot;
};

} // namespace pipeplan::watch
