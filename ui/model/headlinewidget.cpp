#include "ui/model/headlinewidget.h"

#include "core/base/format.h"
#include "core/plan/explain.h"
#include "core/plan/hardwaretext.h"
#include "core/plan/planresult.h"
#include "core/plan/summary.h"
#include "core/project/planunits.h"
#include "ui/document/scenariobindings.h"
#include "ui/document/scenariodocument.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/chartstyle.h"
#include "ui/widgets/wraplabel.h"

#include <QCoreApplication>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QToolButton>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <vector>

namespace pipeplan {

namespace {
/// The grid's first row of the cards: under the answer's sentence (row 0) and numbers (row 1).
constexpr int kCardsRow = 2;
} // namespace

HeadlineWidget::HeadlineWidget(QWidget *parent) : QWidget(parent)
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(8, 4, 8, 4);
    grid->setHorizontalSpacing(18);
    grid->setVerticalSpacing(0);
    const QString captions[CardCount] = {
        tr("Total predictions"),     tr("Runtime"), tr("Throughput"), tr("Speedup (ceiling)"),
        tr("Bottleneck (per user)"), tr("Cost")};
    for (int i = 0; i < CardCount; ++i) {
        m_captions[i] = new QLabel(captions[i], this);
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
        appearance::keepWrappedHeight(m_how[i]);
        m_values[i]->installEventFilter(this);
        QFont small = m_how[i]->font();
        small.setPointSizeF(small.pointSizeF() * 0.9);
        m_how[i]->setFont(small);
        // Text that changes on every slider tick must not change a size hint: a re-layout would
        // move, and so repaint, every view in the window.
        for (QLabel *label : {m_captions[i], m_values[i]}) {
            label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
            label->setMinimumWidth(110);
        }
        grid->addWidget(m_captions[i], kCardsRow, i);
        grid->addWidget(m_values[i], kCardsRow + 1, i);
        m_baseline[i] = new QLabel(this);
        m_baseline[i]->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
        m_baseline[i]->setStyleSheet(QStringLiteral("color: #6b6f76;"));
        m_baseline[i]->setVisible(false);
        grid->addWidget(m_baseline[i], kCardsRow + 2, i);
        grid->addWidget(m_how[i], kCardsRow + 3, i, Qt::AlignTop);
        grid->setColumnStretch(i, 1);
    }
    // The answer to "will it finish in time?", under the cards, when a deadline is set.
    m_verdict = new WrapLabel(this);
    m_verdict->setAccessibleName(tr("Deadline verdict"));
    m_verdict->setVisible(false);
    grid->addWidget(m_verdict, kCardsRow + 4, 0, 1, CardCount);
    m_applyWorkers = new QToolButton(this);
    m_applyWorkers->setVisible(false);
    grid->addWidget(m_applyWorkers, 1, CardCount, Qt::AlignTop);
    connect(m_applyWorkers, &QToolButton::clicked, this, [this]() {
        if (!m_document)
            return;
        const double workers = m_applyWorkers->property("workers").toDouble();
        m_document->editScenario(tr("Apply fewest workers %1").arg(format::grouped(workers, 0)),
                                 [workers](Scenario &s) { s.workload.workers = workers; });
    });
    // The answer over the plan's ranges: the runtime's P10 / P50 / P90, the chance to
    // meet the deadline and what drives the spread.
    m_spread = new WrapLabel(this);
    m_spread->setAccessibleName(tr("Runtime over the ranges"));
    m_spread->setVisible(false);
    grid->addWidget(m_spread, kCardsRow + 5, 0, 1, CardCount + 1);
    m_compare = new WrapLabel(this);
    m_compare->setAccessibleName(tr("Which runtime"));
    m_compare->setVisible(false);
    grid->addWidget(m_compare, kCardsRow + 6, 0, 1, CardCount + 1);

    // The answer: one sentence, and the runtime, the cost, the margin and what binds
    // under it; everything else is Show how's.
    m_answer = new WrapLabel(this);
    m_answer->setAccessibleName(tr("Answer"));
    grid->addWidget(m_answer, 0, 0, 1, CardCount);
    m_answerCards = new QWidget(this);
    auto *cards = new QGridLayout(m_answerCards);
    cards->setContentsMargins(0, 2, 0, 0);
    cards->setHorizontalSpacing(18);
    cards->setVerticalSpacing(0);
    for (int i = 0; i < kAnswerSlots; ++i) {
        m_answerCaptions[i] = new QLabel(m_answerCards);
        m_answerValues[i] = new QLabel(m_answerCards);
        m_answerValues[i]->setFont(valueFont());
        m_answerValues[i]->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_answerBaseline[i] = new QLabel(m_answerCards);
        m_answerBaseline[i]->setStyleSheet(QStringLiteral("color: #6b6f76;"));
        m_answerBaseline[i]->setVisible(false);
        for (QLabel *label : {m_answerCaptions[i], m_answerValues[i], m_answerBaseline[i]}) {
            label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
            label->setMinimumWidth(110);
        }
        cards->addWidget(m_answerCaptions[i], 0, i);
        cards->addWidget(m_answerValues[i], 1, i);
        cards->addWidget(m_answerBaseline[i], 2, i);
        cards->setColumnStretch(i, 1);
    }
    grid->addWidget(m_answerCards, 1, 0, 1, CardCount);
    styleCaptions();
    m_showHow = new QToolButton(this);
    m_showHow->setText(tr("Show how"));
    m_showHow->setCheckable(true);
    m_showHow->setToolTip(tr("Show the formula behind each number (Ctrl+H)"));
    m_showHow->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    grid->addWidget(m_showHow, 0, CardCount, Qt::AlignTop);
    connect(m_showHow, &QToolButton::toggled, this, [this](bool on) {
        m_showHow->setText(on ? tr("Hide how") : tr("Show how"));
        refresh();
    });
}

bool HeadlineWidget::eventFilter(QObject *watched, QEvent *event)
{
    // A number shown again (Show how) or on a card that changed width fits its new room.
    if (event->type() == QEvent::Resize &&
        std::find(std::begin(m_values), std::end(m_values), watched) != std::end(m_values)) {
        auto *value = static_cast<QLabel *>(watched);
        fitFont(value, value->text());
    }
    return QWidget::eventFilter(watched, event);
}

void HeadlineWidget::fitFont(QLabel *label, const QString &text) const
{
    // Large when the number fits its card, smaller rather than clipped on a narrow window.
    QFont font = label->font();
    for (const double scale : {1.35, 1.15, 1.0, 0.85, 0.75, 0.65}) {
        font.setPointSizeF(m_baseFontSize * scale);
        // The room less the label's own margins and a little air.
        if (QFontMetrics(font).horizontalAdvance(text) <= label->width() - 10 || scale == 0.65)
            break;
    }
    if (font != label->font())
        label->setFont(font);
}

void HeadlineWidget::fitRuntimeCaption()
{
    if (!m_document || m_workspace != Workspace::Job)
        return;
    const double workers = m_document->scenario().workload.workers;
    // "Runtime at 10,000 workers", or "Runtime, N = 10,000" on a narrow card.
    const QString full = tr("Runtime at %1").arg(format::workers(workers));
    QLabel *caption = m_captions[Runtime];
    const bool fits = caption->fontMetrics().horizontalAdvance(full) <= caption->width() - 2;
    caption->setText(fits ? full : tr("Runtime, N = %1").arg(format::grouped(workers, 0)));
    caption->setToolTip(full);
    // "Cost (1,803 GPU-h)", or "Cost" on a narrow card (the hours stay in the tooltip).
    QLabel *cost = m_captions[Cost];
    const bool costFits = cost->fontMetrics().horizontalAdvance(m_costCaption) <= cost->width() - 2;
    cost->setText(costFits || m_costCaption.isEmpty() ? m_costCaption : tr("Cost"));
    cost->setToolTip(m_costCaption);
    elideCaptions();
}

void HeadlineWidget::elideCaptions()
{
    // Show how's captions on a narrow card ("Bottleneck (per user)" on a laptop in presentation
    // mode) take a second line, the whole caption in the tooltip; only a word wider than the
    // card ends in "…". An elided "Runtime, N = 10,…" hid the number it named.
    for (QLabel *caption : m_captions) {
        const QString shown = caption->text();
        const QString full = shown == caption->property("pp_elided").toString()
                                 ? caption->property("pp_full").toString()
                                 : shown;
        const QFontMetrics metrics = caption->fontMetrics();
        const int room = caption->width() - 2;
        QString fitted = full;
        if (metrics.horizontalAdvance(full) > room) {
            fitted = chartstyle::wrapToWidth(full, caption->font(), room);
            const QStringList lines = fitted.split(QLatin1Char('\n'));
            const bool twoLinesFit =
                lines.size() <= 2 && std::all_of(lines.begin(), lines.end(), [&](const QString &l) {
                    return metrics.horizontalAdvance(l) <= room;
                });
            if (!twoLinesFit)
                fitted = metrics.elidedText(full, Qt::ElideRight, room);
        }
        caption->setProperty("pp_full", full);
        caption->setProperty("pp_elided", fitted);
        if (fitted != full && !caption->toolTip().contains(full))
            caption->setToolTip(full);
        if (fitted != shown)
            caption->setText(fitted);
    }
}

void HeadlineWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitRuntimeCaption();
    elideCaptions();
    for (QLabel *value : m_values)
        fitFont(value, value->text());
    for (QLabel *value : m_answerValues)
        fitFont(value, value->text());
    fitAnswerCaptions();
}

QFont HeadlineWidget::valueFont() const
{
    QFont value = font();
    value.setPointSizeF(m_baseFontSize * 1.35);
    value.setBold(true);
    return value;
}

void HeadlineWidget::styleCaptions()
{
    // Captions in the text colour, a little lighter than the numbers: grey on grey does not
    // survive a projector. At least 16 px, so a shared 1080p screen reads them.
    const QPalette p = palette();
    QColor ink = p.color(QPalette::WindowText);
    const QColor paper = p.color(QPalette::Window);
    ink = QColor::fromRgbF(ink.redF() * 0.8f + paper.redF() * 0.2f,
                           ink.greenF() * 0.8f + paper.greenF() * 0.2f,
                           ink.blueF() * 0.8f + paper.blueF() * 0.2f);
    QFont captionFont = font();
    if (m_presentation && QFontInfo(captionFont).pixelSize() < kPresentationCaptionPx)
        captionFont.setPixelSize(kPresentationCaptionPx);
    // The details' captions (Show how) and the answer's alike.
    std::vector<QLabel *> captions(std::begin(m_captions), std::end(m_captions));
    captions.insert(captions.end(), std::begin(m_answerCaptions), std::end(m_answerCaptions));
    for (QLabel *caption : captions) {
        QPalette own = caption->palette();
        own.setColor(QPalette::WindowText, m_presentation ? p.color(QPalette::WindowText) : ink);
        caption->setPalette(own);
        caption->setFont(captionFont);
    }
    QFont verdictFont = font();
    verdictFont.setBold(true);
    m_verdict->setFont(verdictFont);
    // The sentence is the answer: a little larger than the text, bold, in the text's colour.
    QFont answerFont = font();
    answerFont.setPointSizeF(font().pointSizeF() * 1.15);
    answerFont.setBold(true);
    m_answer->setFont(answerFont);
}

void HeadlineWidget::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        styleCaptions();
        refresh();
    }
    if (event->type() != QEvent::FontChange || font().pointSizeF() == m_baseFontSize)
        return;
    styleCaptions();
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
    for (QLabel *value : m_answerValues) {
        value->setFont(valueFont());
        fitFont(value, value->text());
    }
}

void HeadlineWidget::setDocument(ScenarioDocument *document)
{
    if (m_document)
        disconnect(m_document, &ScenarioDocument::backgroundChanged, this, nullptr);
    observeDocument(this, m_document, document, &HeadlineWidget::refresh,
                    Section::Model | Section::Baseline | Section::Training | Section::Project |
                        Section::Measured);
    if (m_document) {
        // The result's Monte Carlo section, as the document writes it in; the job's simulation
        // for the deadline's second verdict.
        connect(m_document, &ScenarioDocument::backgroundChanged, this, [this](Backgrounds which) {
            if ((m_workspace == Workspace::Project && (which & Background::MonteCarlo)) ||
                (m_workspace == Workspace::Job && (which & Background::Simulation) &&
                 m_document->result().deadline))
                refresh();
        });
    }
}

void HeadlineWidget::setPresentation(bool on)
{
    m_presentation = on;
    styleCaptions();
    fitRuntimeCaption();
    fitAnswerCaptions();
}

void HeadlineWidget::setWorkspace(Workspace workspace)
{
    if (workspace == m_workspace)
        return;
    m_workspace = workspace;
    refresh();
}

QString HeadlineWidget::captionText(Card card) const
{
    return m_captions[card]->text();
}

QFont HeadlineWidget::captionFont() const
{
    return m_captions[0]->font();
}

QString HeadlineWidget::spreadText() const
{
    return m_hasSpread ? m_spread->text() : QString();
}

QString HeadlineWidget::verdictText() const
{
    return m_hasVerdict ? m_verdict->text() : QString();
}

QString HeadlineWidget::answerText() const
{
    return m_workspace != Workspace::Training ? m_answer->text() : QString();
}

int HeadlineWidget::answerCount() const
{
    return m_workspace != Workspace::Training ? m_answerCount : 0;
}

QString HeadlineWidget::answerCaption(int index) const
{
    return index >= 0 && index < answerCount() ? m_answerCaptions[index]->text() : QString();
}

QString HeadlineWidget::answerValue(int index) const
{
    return index >= 0 && index < answerCount() ? m_answerValues[index]->text() : QString();
}

QString HeadlineWidget::answerExact(int index) const
{
    return index >= 0 && index < answerCount() ? m_answerValues[index]->toolTip() : QString();
}

void HeadlineWidget::setShowHow(bool on)
{
    m_showHow->setChecked(on);
}

void HeadlineWidget::showDetails(bool on)
{
    // On the job's workspaces the six numbers, the verdict in full and the spread are how the
    // answer is made: shown with Show how, not beside the answer.
    for (int i = 0; i < CardCount; ++i) {
        m_captions[i]->setVisible(on);
        m_values[i]->setVisible(on);
        m_how[i]->setVisible(on);
        m_baseline[i]->setVisible(on && m_document && m_document->baseline().has_value());
    }
    m_verdict->setVisible(on && m_hasVerdict);
    m_spread->setVisible(on && m_hasSpread);
    m_compare->setVisible(on && !m_compare->text().isEmpty());
}

void HeadlineWidget::refreshAnswer(const summary::JobAnswer &answer)
{
    const PlanResult &plan = m_document->planResult();
    m_answer->setText(answer.sentence);
    m_answer->setToolTip(answer.sentence);
    m_answerCount = static_cast<int>(std::min<size_t>(answer.numbers.size(), kAnswerSlots));
    // The pinned baseline is the job's: the project's numbers carry none.
    const bool job = m_workspace == Workspace::Job;
    const bool dark = appearance::isDark(palette());
    const std::optional<Scenario> &baseline = m_document->baseline();
    for (int i = 0; i < kAnswerSlots; ++i) {
        const bool shown = i < m_answerCount;
        m_answerCaptions[i]->setVisible(shown);
        m_answerValues[i]->setVisible(shown);
        if (auto *cards = qobject_cast<QGridLayout *>(m_answerCards->layout()))
            cards->setColumnStretch(i, shown ? 1 : 0);
        if (!shown) {
            m_answerBaseline[i]->setVisible(false);
            continue;
        }
        const summary::AnswerNumber &number = answer.numbers[static_cast<size_t>(i)];
        m_answerCaptions[i]->setProperty("fullCaption", number.caption);
        m_answerCaptions[i]->setToolTip(number.caption);
        fitFont(m_answerValues[i], number.value);
        m_answerValues[i]->setText(number.value);
        m_answerValues[i]->setToolTip(number.exact);
        m_answerValues[i]->setAccessibleName(number.caption);
        m_answerValues[i]->setAccessibleDescription(number.exact);
        QPalette own = m_answerValues[i]->palette();
        own.setColor(QPalette::WindowText,
                     number.tone == summary::AnswerNumber::Tone::Good
                         ? (dark ? QColor(0x7d, 0xd8, 0x98) : QColor(0x1b, 0x6e, 0x35))
                     : number.tone == summary::AnswerNumber::Tone::Bad
                         ? (dark ? QColor(0xff, 0x9a, 0x8f) : QColor(0xa8, 0x1f, 0x16))
                         : palette().color(QPalette::WindowText));
        m_answerValues[i]->setPalette(own);
        // The pinned baseline under the runtime and the cost, as the details say it.
        const Card was = number.key == QLatin1String("runtime") && !answer.overRanges ? Runtime
                         : number.key == QLatin1String("cost") && !answer.overRanges  ? Cost
                                                                                      : CardCount;
        m_answerBaseline[i]->setVisible(job && baseline.has_value() && was != CardCount);
        if (was != CardCount)
            m_answerBaseline[i]->setText(m_baseline[was]->text());
    }
    m_compare->setText(job ? summary::runtimesCompared(plan) : QString());
    fitAnswerCaptions();
}

void HeadlineWidget::fitAnswerCaptions()
{
    // "Runtime P50 at 10,000 workers", or "Runtime P50" on a narrow card (a laptop in
    // presentation mode): the whole caption stays in the tooltip.
    // The room from the row's width: the cards share it evenly, and their own widths lag a
    // resize until the row's layout runs.
    const int count = std::max(1, m_answerCount);
    const auto *cards = qobject_cast<QGridLayout *>(m_answerCards->layout());
    const int spacing = cards ? cards->horizontalSpacing() : 0;
    const int room = (m_answerCards->width() - spacing * (count - 1)) / count - 2;
    for (QLabel *caption : m_answerCaptions) {
        const QString full = caption->property("fullCaption").toString();
        const bool fits = caption->fontMetrics().horizontalAdvance(full) <= room;
        const qsizetype at = full.indexOf(QCoreApplication::translate("pipeplan::summary", " at "));
        caption->setText(fits || at < 0 ? full : full.left(at));
    }
}

void HeadlineWidget::showCards(const std::vector<CardText> &cards)
{
    for (int i = 0; i < CardCount; ++i) {
        const bool shown = std::cmp_less(i, cards.size());
        m_captions[i]->setVisible(shown);
        m_values[i]->setVisible(shown);
        m_how[i]->setVisible(shown && m_showHow->isChecked());
        m_baseline[i]->setVisible(false);
        // A hidden card's column takes no width: the shown cards share it (an empty column
        // with a stretch cut the project's "P50 finish · buffered 29 Apr 2027" captions).
        if (auto *grid = qobject_cast<QGridLayout *>(layout()))
            grid->setColumnStretch(i, shown ? 1 : 0);
        if (!shown)
            continue;
        const CardText &card = cards[static_cast<size_t>(i)];
        m_captions[i]->setText(card.caption);
        m_captions[i]->setToolTip(card.caption);
        fitFont(m_values[i], card.value);
        m_values[i]->setText(card.value);
        m_values[i]->setToolTip(card.how);
        m_how[i]->setText(card.how);
        // A formula wraps to more lines on a narrow card: the row grows with it.
        appearance::fitWrappedHeight(m_how[i]);
    }
    elideCaptions();
}

void HeadlineWidget::refresh()
{
    if (!m_document)
        return;
    const bool job = m_workspace == Workspace::Job;
    // The job and the project answer in a sentence and at most four numbers; the
    // training schedule's cards are its answer.
    const bool answered = m_workspace != Workspace::Training;
    m_answer->setVisible(answered);
    m_answerCards->setVisible(answered);
    if (!job)
        m_compare->setVisible(false);
    switch (m_workspace) {
    case Workspace::Job: {
        const summary::JobAnswer answer = summary::jobAnswer(m_document->planResult());
        refreshJob(answer);
        refreshAnswer(answer);
        showDetails(m_showHow->isChecked());
        break;
    }
    case Workspace::Training:
        m_hasVerdict = m_hasSpread = false;
        m_verdict->setVisible(false);
        m_spread->setVisible(false);
        m_applyWorkers->setVisible(false);
        refreshTraining();
        break;
    case Workspace::Project:
        m_hasVerdict = m_hasSpread = false;
        m_verdict->setVisible(false);
        m_spread->setVisible(false);
        m_applyWorkers->setVisible(false);
        refreshProject();
        break;
    }
    if (answered != job) {
        // The project's P50, P80 and P90 with and without buffers are Show how's details.
        const bool details = m_showHow->isChecked();
        for (int i = 0; i < CardCount; ++i) {
            m_captions[i]->setVisible(details && m_captions[i]->isVisibleTo(this));
            m_values[i]->setVisible(details && m_values[i]->isVisibleTo(this));
        }
    }
    // Beside the answer's sentence on the job's workspaces; elsewhere the cards are the answer
    // and it sits beside them. Moved only when the workspace changes: a move re-lays out.
    if (m_showHowOnJob != answered) {
        m_showHowOnJob = answered;
        if (auto *grid = qobject_cast<QGridLayout *>(layout())) {
            grid->removeWidget(m_showHow);
            grid->addWidget(m_showHow, answered ? 0 : kCardsRow, CardCount, answered ? 1 : 2, 1,
                            answered ? Qt::AlignTop : Qt::AlignVCenter);
        }
    }
}

void HeadlineWidget::refreshTraining()
{
    const TrainingSettings &t = m_document->scenario().training;
    const std::vector<TrainingSchedule> &schedules = m_document->planResult().training.schedules;
    const QString name = schedule::displayName(t.schedule);
    const QString shape =
        tr("%1 devices × %2 microbatches")
            .arg(format::grouped(t.devices, 0), format::grouped(t.microbatches, 0));
    if (schedules.empty() || !schedules.front().result) {
        const bool searching = !schedules.empty() && schedules.front().searching;
        const QString why = schedules.empty() ? QString()
                            : searching
                                ? tr("Searching in the background (the Training tab shows its "
                                     "progress).")
                                : schedules.front().error;
        showCards({{tr("Schedule"), name, shape},
                   {tr("Makespan"), searching ? tr("searching…") : tr("—"), why}});
        return;
    }
    const schedule::Result &r = *schedules.front().result;
    const double peak = r.maxPeakInFlight();
    showCards({
        {tr("Schedule"), name, shape},
        {tr("Makespan (one step)"), format::milliseconds(r.makespanMs),
         tr("The last op's end on any device: one training step of %1.").arg(shape)},
        {tr("Bubble (share idle)"), format::trimmed(r.bubbleFraction * 100, 1) + tr(" %"),
         tr("1 − busy / (devices × makespan) = 1 − %1 / (%2 × %3)")
             .arg(format::milliseconds(r.busyMs), format::grouped(t.devices, 0),
                  format::milliseconds(r.makespanMs))},
        {tr("Peak activations"),
         format::plural(tr("%n microbatch(es)", nullptr, format::numerus(peak)), peak),
         tr("The most microbatches whose activations one device holds at once (a chunk counts "
            "1 / v).")},
    });
}

void HeadlineWidget::refreshProject()
{
    const ProjectSettings &project = m_document->scenario().project;
    const estimate::PlanEstimate *estimate = m_document->planResult().monteCarlo.ready();
    const QString trials = format::grouped(project.monteCarlo.trials, 0);
    // The answer: the sentence and the four numbers of summary::projectHeadline.
    summary::ProjectHeadline headline =
        summary::projectHeadline(m_document->scenario(), m_document->planResult());
    summary::JobAnswer answer;
    answer.sentence = std::move(headline.sentence);
    answer.numbers = std::move(headline.numbers);
    refreshAnswer(answer);
    if (!estimate) {
        const QString running = tr("running…");
        const QString how = tr("The Monte Carlo of %1 trials is running.").arg(trials);
        showCards({{tr("P50 finish"), running, how},
                   {tr("P80 finish"), running, how},
                   {tr("P90 finish"), running, how}});
        return;
    }
    const estimate::MonteCarloResult &plain = estimate->monteCarlo;
    const estimate::MonteCarloResult &buffered = estimate->monteCarloBuffered;
    const double largest = buffered.maxHours;
    // With a start date the finishes are dates (the cards kept durations after one
    // was set); the durations stay in the card's explanation.
    const std::optional<ProjectDates> &dates = m_document->planResult().projectCharts.dates;
    auto day = [](QDate date) { return QLocale().toString(date, QStringLiteral("d MMM yyyy")); };
    auto card = [&](const QString &caption, double hours, double bufferedHours, int percent,
                    std::optional<std::pair<QDate, QDate>> finish) {
        // A finish and its buffered finish do not fit one card on a laptop in presentation mode
        // ("18 weeks (buffered 24 weeks)" was cut): the buffered one goes in the caption.
        const QString value = finish ? day(finish->first) : planDuration(hours, largest);
        return CardText{
            caption + tr(" · buffered %1")
                          .arg(finish ? day(finish->second) : planDuration(bufferedHours, largest)),
            value,
            tr("%1 % of %2 Monte Carlo trials finish within %3; with the category "
               "buffers and the contingency, within %4.")
                .arg(percent)
                .arg(trials, planDuration(hours, largest), planDuration(bufferedHours, largest))};
    };
    auto finishes =
        [&dates](
            QDate estimate::FinishDates::*percentile) -> std::optional<std::pair<QDate, QDate>> {
        if (!dates)
            return std::nullopt;
        return std::pair(dates->monteCarlo.*percentile, dates->monteCarloBuffered.*percentile);
    };
    showCards({card(tr("P50 finish"), plain.p50Hours, buffered.p50Hours, 50,
                    finishes(&estimate::FinishDates::p50)),
               card(tr("P80 finish"), plain.p80Hours, buffered.p80Hours, 80,
                    finishes(&estimate::FinishDates::p80)),
               card(tr("P90 finish"), plain.p90Hours, buffered.p90Hours, 90,
                    finishes(&estimate::FinishDates::p90))});
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
    const bool pinned = m_document && m_document->baseline() && m_workspace == Workspace::Job;
    return pinned ? m_baseline[card]->text() : QString();
}

namespace {
QString changeText(double current, double baseline)
{
    return QStringLiteral(" (") + format::change(current, baseline) + QStringLiteral(")");
}
} // namespace

void HeadlineWidget::refreshJob(const summary::JobAnswer &answer)
{
    const Scenario &s = m_document->scenario();
    const ScenarioResult &r = m_document->result();
    const explain::Headline h = explain::headline(s, r);
    const HardwareInForce &hardware = m_document->planResult().hardware.current;
    QString costHow =
        explain::costLine(r.cost, hardware) + tr(": every worker is billed until the job ends");
    if (hardware.inForce)
        costHow += QStringLiteral(". ") + explain::hardwareLever(hardware);
    else if (m_document->scenario().hardware.enabled)
        costHow += QStringLiteral(". ") + explain::hardwareProblem(hardware);
    const QString values[CardCount] = {
        h.totalPredictions, h.runtime,    h.throughput,
        h.speedup,          h.bottleneck, format::money(r.cost.total, r.cost.currency)};
    const QString how[CardCount] = {explain::totalPredictions(s, r),
                                    explain::runtime(s, r),
                                    explain::throughput(s, r),
                                    explain::speedup(s, r),
                                    explain::perUserCost(s, r) + QStringLiteral(". ") +
                                        explain::bottleneck(s, r),
                                    costHow};
    const QString captions[CardCount] = {
        tr("Total predictions"),
        tr("Runtime"),
        tr("Throughput"),
        tr("Speedup (ceiling)"),
        tr("Bottleneck (per %1)").arg(s.workload.counted.one),
        tr("Cost (%1 %2-h)")
            .arg(format::grouped(r.cost.workerHours, 0), explain::hoursKind(hardware))};
    m_costCaption = captions[Cost];
    for (int i = 0; i < CardCount; ++i) {
        if (auto *grid = qobject_cast<QGridLayout *>(layout()))
            grid->setColumnStretch(i, 1);
        m_captions[i]->setText(captions[i]);
        m_captions[i]->setToolTip(QString());
    }
    fitRuntimeCaption();
    // The fewest workers that meet the deadline, one click away: the answer's own number.
    const std::optional<double> &fewest = answer.fewestWorkers;
    m_applyWorkers->setVisible(r.deadline.has_value() && fewest.has_value());
    if (fewest) {
        m_applyWorkers->setProperty("workers", *fewest);
        m_applyWorkers->setText(
            tr("Apply %1")
                .arg(format::count(*fewest, *fewest == 1 ? tr("worker") : tr("workers"))));
        m_applyWorkers->setToolTip(tr("Set the workers to %1, the fewest that meet the deadline "
                                      "(one undo step)")
                                       .arg(format::grouped(*fewest, 0)));
    }
    if (r.deadline) {
        const bool dark = appearance::isDark(palette());
        const bool good = r.deadline->meets;
        // Amber when the closed form and the simulated P50 disagree: neither verdict alone.
        const std::optional<summary::SimulatedDeadline> simulated =
            summary::simulatedDeadline(m_document->planResult());
        const bool mixed = simulated && simulated->meets != good;
        QPalette own = m_verdict->palette();
        own.setColor(QPalette::WindowText,
                     mixed  ? (dark ? QColor(0xff, 0xc8, 0x6b) : QColor(0x8a, 0x55, 0x00))
                     : good ? (dark ? QColor(0x7d, 0xd8, 0x98) : QColor(0x1b, 0x6e, 0x35))
                            : (dark ? QColor(0xff, 0x9a, 0x8f) : QColor(0xa8, 0x1f, 0x16)));
        m_verdict->setPalette(own);
        // The closed form's verdict, and the simulated P50's beside it once the job is simulated.
        m_verdict->setText(summary::deadlineVerdicts(m_document->planResult()));
        m_verdict->setToolTip(tr("Runtime %1 against the deadline %2 (Goal: Finish within). The "
                                 "fewest workers come from Amdahl's law inverted, as in the goal "
                                 "seek on Overheads & tail; the simulated P50 from the simulation "
                                 "there.")
                                  .arg(format::duration(r.deadline->runtimeSeconds),
                                       format::duration(r.deadline->deadlineSeconds)));
    }
    // With the fitted p in use (Measured > Use fitted p), the runtime's 95 % band from its
    // interval: the measured uncertainty, said where the runtime is.
    const std::optional<RuntimeBand> &band = m_document->planResult().measured.runtimeBand;
    if (band) {
        const QString bandText =
            tr("Runtime from the fitted p: %1")
                .arg(explain::runtimeBand(r.effectiveRuntimeSeconds, band->lowSeconds,
                                          band->highSeconds));
        if (!r.deadline) {
            QPalette own = m_verdict->palette();
            own.setColor(QPalette::WindowText, palette().color(QPalette::WindowText));
            m_verdict->setPalette(own);
            m_verdict->setToolTip(tr("The runtime at the ends of the fitted p's 95 % interval, "
                                     "everything else as it is (Measured workspace)."));
        }
        m_verdict->setText(r.deadline ? summary::deadlineVerdicts(m_document->planResult()) +
                                            QLatin1Char('\n') + bandText
                                      : bandText);
    }
    m_hasVerdict = r.deadline.has_value() || band.has_value();
    const uncertainty::Result &spread = m_document->planResult().uncertainty.result;
    m_hasSpread = spread.active;
    if (spread.active) {
        QString text =
            tr("Over the ranges: runtime %1; cost %2")
                .arg(explain::runtimePercentiles(spread), explain::costPercentiles(spread));
        if (spread.pMeetDeadline)
            text += QStringLiteral("; ") + explain::chanceToMeet(spread) + QStringLiteral(" (") +
                    explain::fewestWorkersText(spread) + QLatin1Char(')');
        if (!spread.drivers.empty())
            text += tr(". Most of the spread: %1 (%2 %)")
                        .arg(spread.drivers.front().label,
                             format::trimmed(spread.drivers.front().varianceShare * 100, 0));
        m_spread->setText(text + QLatin1Char('.'));
        m_spread->setToolTip(
            tr("%1 samples of the ranges (seed %2), the whole job model over "
               "each: stages, Amdahl and the overheads. The cards show the "
               "plan at each range's median.")
                .arg(format::grouped(spread.samples, 0), format::plainNumber(spread.seed)));
    }

    for (int i = 0; i < CardCount; ++i) {
        fitFont(m_values[i], values[i]);
        m_values[i]->setText(values[i]);
        m_values[i]->setToolTip(how[i]);
        m_how[i]->setText(how[i]);
        // A formula wraps to more lines on a narrow card: the row grows with it.
        appearance::fitWrappedHeight(m_how[i]);
    }
    // Their visibility is Show how's (showDetails): set once, a tick must not show and hide a
    // label (each flip re-lays out the window and replots every chart).
    const std::optional<Scenario> &baseline = m_document->baseline();
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
            prefix +
            format::ratePerSecond(b.throughputUsersPerSecond, baseline->workload.counted.many) +
            changeText(r.throughputUsersPerSecond, b.throughputUsersPerSecond));
        m_baseline[Speedup]->setText(prefix + format::trimmed(b.speedup, 2) + QStringLiteral("×") +
                                     changeText(r.speedup, b.speedup));
        m_baseline[Bottleneck]->setText(prefix + explain::bottleneckName(*baseline, b));
        m_baseline[Cost]->setText(prefix + format::money(b.cost.total, b.cost.currency) +
                                  changeText(r.cost.total, b.cost.total));
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
