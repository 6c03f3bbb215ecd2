#include "ui/model/headlinewidget.h"

#include "core/base/format.h"
#include "core/model/explain.h"
#include "ui/document/scenariodocument.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QToolButton>

#include <cmath>

namespace pipeplan {

HeadlineWidget::HeadlineWidget(QWidget *parent) : QWidget(parent)
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(8, 4, 8, 4);
    grid->setHorizontalSpacing(18);
    grid->setVerticalSpacing(0);
    const QString captions[CardCount] = {tr("Total predictions"), tr("Runtime"), tr("Throughput"),
                                         tr("Speedup (ceiling)"), tr("Bottleneck (per user)")};
    for (int i = 0; i < CardCount; ++i) {
        m_captions[i] = new QLabel(captions[i], this);
        m_captions[i]->setStyleSheet(QStringLiteral("color: palette(mid);"));
        m_values[i] = new QLabel(this);
        QFont font = m_values[i]->font();
        m_baseFontSize = font.pointSizeF();
        font.setPointSizeF(m_baseFontSize * 1.35);
        font.setBold(true);
        m_values[i]->setFont(font);
        m_values[i]->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_how[i] = new QLabel(this);
        m_how[i]->setWordWrap(true);
        m_how[i]->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        m_how[i]->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_how[i]->setVisible(false);
        QFont small = m_how[i]->font();
        small.setPointSizeF(small.pointSizeF() * 0.9);
        m_how[i]->setFont(small);
        // Text that changes on every slider tick must not change a size hint: a re-layout would
        // move, and so repaint, every view in the window.
        for (QLabel *label : {m_captions[i], m_values[i]}) {
            label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
            label->setMinimumWidth(110);
        }
        grid->addWidget(m_captions[i], 0, i);
        grid->addWidget(m_values[i], 1, i);
        m_baseline[i] = new QLabel(this);
        m_baseline[i]->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
        m_baseline[i]->setStyleSheet(QStringLiteral("color: #6b6f76;"));
        m_baseline[i]->setVisible(false);
        grid->addWidget(m_baseline[i], 2, i);
        grid->addWidget(m_how[i], 3, i, Qt::AlignTop);
        grid->setColumnStretch(i, 1);
    }
    m_showHow = new QToolButton(this);
    m_showHow->setText(tr("Show how"));
    m_showHow->setCheckable(true);
    m_showHow->setToolTip(tr("Show the formula behind each number (Ctrl+H)"));
    m_showHow->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    grid->addWidget(m_showHow, 0, CardCount, 2, 1, Qt::AlignVCenter);
    connect(m_showHow, &QToolButton::toggled, this, [this](bool on) {
        m_showHow->setText(on ? tr("Hide how") : tr("Show how"));
        for (QLabel *how : m_how)
            how->setVisible(on);
    });
}

void HeadlineWidget::fitFont(QLabel *label, const QString &text) const
{
    // Large when the number fits its card, smaller rather than clipped on a narrow window.
    QFont font = label->font();
    for (const double scale : {1.35, 1.15, 1.0}) {
        font.setPointSizeF(m_baseFontSize * scale);
        if (QFontMetrics(font).horizontalAdvance(text) <= label->width() - 2 || scale == 1.0)
            break;
    }
    if (font != label->font())
        label->setFont(font);
}

void HeadlineWidget::fitRuntimeCaption()
{
    if (!m_document)
        return;
    const double workers = m_document->scenario().workload.workers;
    // "Runtime at 10,000 workers", or "Runtime, N = 10,000" on a narrow card.
    const QString full =
        tr("Runtime at %1")
            .arg(format::plural(tr("%n worker(s)", nullptr, format::numerus(workers)), workers));
    QLabel *caption = m_captions[Runtime];
    const bool fits = caption->fontMetrics().horizontalAdvance(full) <= caption->width() - 2;
    caption->setText(fits ? full : tr("Runtime, N = %1").arg(format::grouped(workers, 0)));
    caption->setToolTip(full);
}

void HeadlineWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitRuntimeCaption();
    for (QLabel *value : m_values)
        fitFont(value, value->text());
}

QFont HeadlineWidget::valueFont() const
{
    QFont value = font();
    value.setPointSizeF(m_baseFontSize * 1.35);
    value.setBold(true);
    return value;
}

void HeadlineWidget::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::FontChange || font().pointSizeF() == m_baseFontSize)
        return;
    m_baseFontSize = font().pointSizeF();
    for (int i = 0; i < CardCount; ++i) {
        QFont value = font();
        value.setPointSizeF(m_baseFontSize * 1.35);
        value.setBold(true);
        m_values[i]->setFont(value);
        QFont small = font();
        small.setPointSizeF(m_baseFontSize * 0.9);
        m_how[i]->setFont(small);
        fitFont(m_values[i], m_values[i]->text());
    }
}

void HeadlineWidget::setDocument(ScenarioDocument *document)
{
    observeDocument(this, m_document, document, &HeadlineWidget::refresh,
                    Section::Model | Section::Baseline);
}

QString HeadlineWidget::valueText(Card card) const
{
    return m_values[card]->text();
}
QString HeadlineWidget::howText(Card card) const
{
    return m_how[card]->text();
}
QString HeadlineWidget::baselineText(Card card) const
{
    return m_baseline[card]->isVisibleTo(this) ? m_baseline[card]->text() : QString();
}

namespace {
QString changeText(double current, double baseline)
{
    return QStringLiteral(" (") + format::change(current, baseline) + QStringLiteral(")");
}
} // namespace

void HeadlineWidget::refresh()
{
    if (!m_document)
        return;
    const Scenario &s = m_document->scenario();
    const ScenarioResult &r = m_document->result();
    const explain::Headline h = explain::headline(s, r);
    const QString values[CardCount] = {h.totalPredictions, h.runtime, h.throughput, h.speedup,
                                       h.bottleneck};
    const QString how[CardCount] = {explain::totalPredictions(s, r), explain::runtime(s, r),
                                    explain::throughput(s, r), explain::speedup(s, r),
                                    explain::perUserCost(s, r) + QStringLiteral(". ") +
                                        explain::bottleneck(s, r)};
    fitRuntimeCaption();
    for (int i = 0; i < CardCount; ++i) {
        fitFont(m_values[i], values[i]);
        m_values[i]->setText(values[i]);
        m_values[i]->setToolTip(how[i]);
        m_how[i]->setText(how[i]);
    }
    const std::optional<Scenario> &baseline = m_document->baseline();
    for (QLabel *label : m_baseline)
        label->setVisible(baseline.has_value());
    if (baseline) {
        const ScenarioResult &b = m_document->baselineResult();
        const QString prefix = tr("was ");
        m_baseline[TotalPredictions]->setText(prefix + format::grouped(b.totalPredictions, 0) +
                                              changeText(r.totalPredictions, b.totalPredictions));
        // The runtimes the cards show: with overheads when they are on, on both sides.
        m_baseline[Runtime]->setText(
            prefix + format::duration(b.effectiveRuntimeSeconds) +
            changeText(r.effectiveRuntimeSeconds, b.effectiveRuntimeSeconds));
        m_baseline[Throughput]->setText(
            prefix + format::ratePerSecond(b.throughputUsersPerSecond, tr("users")) +
            changeText(r.throughputUsersPerSecond, b.throughputUsersPerSecond));
        m_baseline[Speedup]->setText(prefix + format::trimmed(b.speedup, 2) + QStringLiteral("×") +
                                     changeText(r.speedup, b.speedup));
        m_baseline[Bottleneck]->setText(prefix + explain::bottleneckName(*baseline, b));
        for (QLabel *label : m_baseline) {
            QFont small = label->font();
            small.setPointSizeF(m_captions[0]->font().pointSizeF() * 0.92);
            label->setFont(small);
        }
        for (QLabel *label : m_baseline)
            label->setToolTip(tr("Pinned baseline “%1”; the change is current against baseline.")
                                  .arg(baseline->name));
    }
}

} // namespace pipeplan
