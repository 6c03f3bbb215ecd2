#pragma once

// The Watch view: the running job's answer in one sentence, its numbers, the burn-up with the
// plan's line and the forecast cone, the last refresh time, and "stale" when the source stopped
// answering (the last forecast stays). It owns the Watcher that refreshes in the background.

#include "core/watch/source/watcher.h"

#include <QWidget>

#include <functional>

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

    /// Writes the finished job's actual runtime (seconds) to the track record and says how it
    /// went: the sentence shown under the chart. Set by the window that owns the plan.
    using Recorder = std::function<QString(double actualSeconds, bool *recorded)>;
    void setRecorder(Recorder recorder);
    /// Offered once the counter reached its total: "Record actual (18.0 hours)".
    QPushButton *recordButton() const { return m_record; }
    /// The seconds from the first reading to the one that reached the total; 0 before.
    double actualSeconds() const;
    QString recordNoteText() const;

private:
    void showSnapshot();
    void record();

    watch::Watcher *m_watcher;
    QLabel *m_headline;
    QLabel *m_numbers;
    QLabel *m_refreshed;
    QLabel *m_stale;
    WatchChart *m_chart;
    QPushButton *m_stop;
    QPushButton *m_record;
    QLabel *m_recordNote;
    Recorder m_recorder;
};

} // namespace pipeplan
