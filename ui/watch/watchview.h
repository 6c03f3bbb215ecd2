#pragma once

// The Watch view: the running job's answer in one sentence, its numbers, the burn-up with the
// plan's line and the forecast cone, the last refresh time, and "stale" when the source stopped
// answering (the last forecast stays). It owns the Watcher that refreshes in the background.

#include "core/watch/source/watcher.h"

#include <QWidget>

class QLabel;
class QPushButton;

namespace pipeplan {

class WatchChart;

class WatchView : public QWidget
{
    Q_OBJECT
public:
    WatchView(watch::WatchSettings settings, std::optional<watch::PlanModel> plan,
              QWidget *parent = nullptr);
    ~WatchView() override;

    watch::Watcher *watcher() const { return m_watcher; }
    WatchChart *chart() const { return m_chart; }
    QString headlineText() const;
    QString numbersText() const;
    QString refreshedText() const;
    /// The stale mark: empty and hidden while the forecast is fresh.
    QString staleText() const;
    bool staleShown() const;

private:
    void showSnapshot();

    watch::Watcher *m_watcher;
    QLabel *m_headline;
    QLabel *m_numbers;
    QLabel *m_refreshed;
    QLabel *m_stale;
    WatchChart *m_chart;
    QPushButton *m_stop;
};

} // namespace pipeplan
