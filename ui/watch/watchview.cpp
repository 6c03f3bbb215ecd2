#include "ui/watch/watchview.h"

#include "core/base/format.h"
#include "core/watch/watchtext.h"
#include "ui/watch/watchchart.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace pipeplan {

WatchView::WatchView(watch::WatchSettings settings, std::optional<watch::PlanModel> plan,
                     QWidget *parent)
    : QWidget(parent, Qt::Window)
{
    const QString source = settings.kind == watch::WatchSettings::Kind::Prometheus
                               ? settings.query
                               : settings.progressPath;
    setWindowTitle(tr("Watch: %1").arg(source));
    m_watcher = new watch::Watcher(std::move(settings), std::move(plan), this);
    m_headline = new QLabel(this);
    m_headline->setWordWrap(true);
    QFont big = m_headline->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    m_headline->setFont(big);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_numbers = new QLabel(this);
    m_numbers->setWordWrap(true);
    m_numbers->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_refreshed = new QLabel(this);
    m_stale = new QLabel(this);
    m_stale->setWordWrap(true);
    m_stale->setStyleSheet(QStringLiteral("color: #c62828; font-weight: bold"));
    m_stale->hide();
    m_chart = new WatchChart(this);
    m_chart->setMinimumSize(480, 280);
    auto *refresh = new QPushButton(tr("Refresh Now"), this);
    m_stop = new QPushButton(tr("Stop"), this);
    connect(refresh, &QPushButton::clicked, m_watcher, &watch::Watcher::refresh);
    connect(m_stop, &QPushButton::clicked, this, [this] {
        if (m_watcher->running())
            m_watcher->stop();
        else
            m_watcher->start();
        m_stop->setText(m_watcher->running() ? tr("Stop") : tr("Resume"));
    });
    // Once the counter reaches the total, the finished job's actual goes to the track record.
    m_record = new QPushButton(this);
    m_record->setToolTip(tr("Append this job's actual runtime to the plan's track record "
                            "(Measured > Track record), beside the estimate the plan made"));
    m_record->hide();
    connect(m_record, &QPushButton::clicked, this, &WatchView::record);
    m_recordNote = new QLabel(this);
    m_recordNote->setWordWrap(true);
    m_recordNote->hide();
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_refreshed, 1);
    buttons->addWidget(m_record);
    buttons->addWidget(refresh);
    buttons->addWidget(m_stop);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_headline);
    layout->addWidget(m_numbers);
    layout->addWidget(m_stale);
    layout->addWidget(m_chart, 1);
    layout->addWidget(m_recordNote);
    layout->addLayout(buttons);
    connect(m_watcher, &watch::Watcher::updated, this, &WatchView::showSnapshot);
    showSnapshot();
    m_watcher->start();
}

WatchView::~WatchView()
{
    // A refresh under way is cancelled; its last word must not reach labels being destroyed.
    disconnect(m_watcher, nullptr, this, nullptr);
    m_watcher->stop();
}

void WatchView::showSnapshot()
{
    const watch::Snapshot &s = m_watcher->snapshot();
    if (!s.problem.isEmpty())
        m_headline->setText(s.problem);
    else if (s.hasForecast)
        m_headline->setText(s.headline);
    else
        m_headline->setText(tr("Waiting for the first reading..."));
    if (s.hasForecast) {
        const watch::Forecast &f = s.result.forecast;
        // The CLI's lines, joined: each number the forecast has, with its label.
        QStringList parts;
        const std::vector<std::pair<QString, QString>> numbers = watch::text::numbers(f, s.beside);
        for (size_t i = 0; i < numbers.size(); ++i) {
            const auto &[label, value] = numbers[i];
            // What the line can leave out: a number not known yet, and no restarts.
            if (value == QLatin1String("-") || (i == watch::text::kRestartsRow && f.restarts == 0))
                continue;
            parts << label + QLatin1Char(' ') + value;
        }
        m_numbers->setText(parts.join(QStringLiteral(" · ")));
        m_chart->setBurnUp(s.burnUp);
    }
    if (s.refreshedAt > 0)
        m_refreshed->setText(
            (s.refreshing ? tr("Refreshing... last refresh %1") : tr("Last refresh %1"))
                .arg(watch::text::clock(s.refreshedAt, s.refreshedAt)));
    m_stale->setText(s.stale ? s.staleText : QString());
    m_stale->setVisible(s.stale);
    const double actual = actualSeconds();
    m_record->setVisible(actual > 0 && m_recorder);
    if (actual > 0)
        m_record->setText(tr("&Record actual (%1)").arg(format::roundedDuration(actual)));
}

double WatchView::actualSeconds() const
{
    const watch::Snapshot &s = m_watcher->snapshot();
    if (!s.hasForecast || s.result.forecast.state != watch::State::Done)
        return 0;
    const watch::Forecast &f = s.result.forecast;
    return std::max(0.0, f.lastProgressSeconds - f.startSeconds);
}

void WatchView::setRecorder(Recorder recorder)
{
    m_recorder = std::move(recorder);
    showSnapshot();
}

void WatchView::record()
{
    const double actual = actualSeconds();
    if (!m_recorder || !(actual > 0))
        return;
    bool recorded = false;
    m_recordNote->setText(m_recorder(actual, &recorded));
    m_recordNote->show();
    // One row per job: a second click would count it twice.
    if (recorded)
        m_record->setEnabled(false);
}

QString WatchView::recordNoteText() const
{
    return m_recordNote->isHidden() ? QString() : m_recordNote->text();
}

QString WatchView::headlineText() const
{
    return m_headline->text();
}

QString WatchView::numbersText() const
{
    return m_numbers->text();
}

QString WatchView::refreshedText() const
{
    return m_refreshed->text();
}

QString WatchView::staleText() const
{
    return m_stale->text();
}

bool WatchView::staleShown() const
{
    return !m_stale->isHidden();
}

} // namespace pipeplan
