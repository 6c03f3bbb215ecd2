#include "ui/model/ganttchart.h"

#include "core/base/format.h"
#include "ui/document/scenariodocument.h"
#include "ui/widgets/chartstyle.h"

#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace pipeplan {

GanttPlottable::GanttPlottable(QCPAxis *timeAxis, QCPAxis *stageAxis, Look look)
    : QCPAbstractPlottable(timeAxis, stageAxis), m_look(look)
{
    setName(look == Look::Ghost ? tr("current split") : tr("work (stage, microbatch)"));
    setBrush(chartstyle::kPrimary);
    setPen(Qt::NoPen);
    setSelectable(QCP::stNone);
    setAntialiased(false); // tens of thousands of axis-aligned rectangles
    setAntialiasedFill(false);
}

void GanttPlottable::setSchedule(const pipeline::Schedule *schedule, int stageCount,
                                 int bottleneckStage)
{
    m_schedule = schedule;
    m_stageCount = stageCount;
    m_bottleneck = bottleneckStage;
}

double GanttPlottable::selectTest(const QPointF &, bool, QVariant *) const
{
    return -1;
}

QCPRange GanttPlottable::getKeyRange(bool &foundRange, QCP::SignDomain) const
{
    foundRange = m_schedule && !m_schedule->cells.empty();
    return foundRange ? QCPRange(0, m_schedule->makespanMs) : QCPRange();
}

QCPRange GanttPlottable::getValueRange(bool &foundRange, QCP::SignDomain, const QCPRange &) const
{
    foundRange = m_stageCount > 0;
    return QCPRange(-0.5, m_stageCount - 0.5);
}

QRectF GanttPlottable::cellRect(int stage, double startMs, double endMs) const
{
    // Both axes are linear: one multiply-add per edge instead of QCP's general coordinate
    // transform (this runs for every cell of a 32,768-cell schedule).
    const double left = m_pixelAtZeroMs + startMs * m_pixelsPerMs;
    const double right = m_pixelAtZeroMs + endMs * m_pixelsPerMs;
    const double centre = stage + m_rowOffset;
    const double top = m_pixelAtRowZero + (centre - m_barHeight / 2) * m_pixelsPerRow;
    const double bottom = m_pixelAtRowZero + (centre + m_barHeight / 2) * m_pixelsPerRow;
    return QRectF(QPointF(std::min(left, right), std::min(top, bottom)),
                  QPointF(std::max(left, right), std::max(top, bottom)));
}

void GanttPlottable::draw(QCPPainter *painter)
{
    m_drawnBars = 0;
    m_drawnLabels = 0;
    m_skippedLabels = 0;
    if (!m_schedule || m_schedule->cells.empty())
        return;
    const QRectF clip = clipRect();
    painter->setPen(Qt::NoPen);
    m_pixelAtZeroMs = keyAxis()->coordToPixel(0);
    m_pixelsPerMs = keyAxis()->coordToPixel(1) - m_pixelAtZeroMs;
    m_pixelAtRowZero = valueAxis()->coordToPixel(0);
    m_pixelsPerRow = valueAxis()->coordToPixel(1) - m_pixelAtRowZero;
    if (m_look == Look::Ghost) {
        drawGhost(painter, clip);
        return;
    }

    // Each row: idle background first, then the work on top. Cells (and gaps) that touch within a
    // pixel are merged into one rectangle, so 512 microbatches on a 600-pixel axis cost a few
    // dozen fills per row, not 512 (and the picture is the same).
    drawIdle(painter, clip);
    // The numbers in the chart's font where a bar is tall enough, else in one that fits the bar
    // (a laptop in presentation mode: rows lower than the large font), down to 9 px.
    const double barPx = std::fabs(m_barHeight * m_pixelsPerRow);
    if (QFontMetricsF(painter->font()).height() > barPx) {
        QFont fitted = painter->font();
        fitted.setPixelSize(std::max(9, static_cast<int>(barPx * 0.8)));
        painter->setFont(fitted);
    }
    const QFontMetrics metrics(painter->font());
    const QPen separator(QColor(255, 255, 255), 1);
    const size_t perRow = m_schedule->cells.size() / static_cast<size_t>(std::max(1, m_stageCount));

    for (int stage = 0; stage < m_stageCount; ++stage) {
        painter->setBrush(stage == m_bottleneck ? chartstyle::kAlert : chartstyle::kPrimary);
        const pipeline::Cell *row = m_schedule->cells.data() + static_cast<size_t>(stage) * perRow;
        const QRectF rowBand = cellRect(stage, 0, m_schedule->makespanMs);
        if (!rowBand.intersects(clip))
            continue;
        QRectF merged;
        bool open = false;
        for (size_t j = 0; j < perRow; ++j) {
            const pipeline::Cell &cell = row[j];
            const QRectF rect = cellRect(cell.stage, cell.startMs, cell.endMs);
            if (rect.right() < clip.left() || rect.left() > clip.right())
                continue;
            ++m_drawnBars;
            if (rect.width() >= 4) {
                // Wide enough to see one bar per microbatch: draw it alone, with its number.
                if (open) {
                    painter->setPen(Qt::NoPen);
                    painter->drawRect(merged);
                    open = false;
                }
                painter->setPen(separator);
                painter->drawRect(rect);
                const QString label = QString::number(cell.microbatch + 1);
                if (rect.width() >= metrics.horizontalAdvance(label) + 6) {
                    if (rect.height() >= metrics.height()) {
                        painter->setPen(Qt::white);
                        painter->drawText(rect, Qt::AlignCenter, label);
                        ++m_drawnLabels;
                    } else {
                        ++m_skippedLabels;
                    }
                }
                continue;
            }
            if (open && rect.left() <= merged.right() + 1.0) {
                merged.setRight(std::max(merged.right(), rect.right()));
            } else {
                if (open) {
                    painter->setPen(Qt::NoPen);
                    painter->drawRect(merged);
                }
                merged = rect;
                open = true;
            }
        }
        if (open) {
            painter->setPen(Qt::NoPen);
            painter->drawRect(merged);
        }
    }
}

void GanttPlottable::drawIdle(QCPPainter *painter, const QRectF &clip)
{
    const QBrush fillDrain(chartstyle::kBubble, Qt::BDiagPattern);
    const QBrush wait(chartstyle::kWait, Qt::FDiagPattern);
    for (const pipeline::Idle &idle : m_schedule->idle) {
        if (idle.kind == pipeline::IdleKind::Wait)
            continue;
        const QRectF rect = cellRect(idle.stage, idle.startMs, idle.endMs);
        if (rect.intersects(clip)) {
            painter->setBrush(fillDrain);
            painter->drawRect(rect);
        }
    }
    // Waiting gaps, merged the same way as the work they sit between.
    painter->setBrush(wait);
    QRectF run;
    int runStage = -1;
    auto flushRun = [&]() {
        if (runStage >= 0 && run.intersects(clip))
            painter->drawRect(run);
        runStage = -1;
    };
    for (const pipeline::Idle &idle : m_schedule->idle) {
        if (idle.kind != pipeline::IdleKind::Wait)
            continue;
        const QRectF rect = cellRect(idle.stage, idle.startMs, idle.endMs);
        if (idle.stage == runStage && rect.left() <= run.right() + 1.0) {
            run.setRight(std::max(run.right(), rect.right()));
            continue;
        }
        flushRun();
        run = rect;
        runStage = idle.stage;
    }
    flushRun();
}

namespace {
/// The ghost's look: the muted colour, faded, with a dashed outline (readable on both themes).
QColor ghostFill()
{
    QColor fill = chartstyle::kMuted;
    fill.setAlpha(60);
    return fill;
}
QPen ghostPen()
{
    QPen pen(chartstyle::kMuted, 1, Qt::DashLine);
    pen.setCosmetic(true);
    return pen;
}
} // namespace

void GanttPlottable::drawGhost(QCPPainter *painter, const QRectF &clip)
{
    // Only outlines wide enough to tell apart; narrower cells merge into one faded band per row.
    painter->setBrush(ghostFill());
    painter->setPen(ghostPen());
    const size_t perRow = m_schedule->cells.size() / static_cast<size_t>(std::max(1, m_stageCount));
    for (int stage = 0; stage < m_stageCount; ++stage) {
        const pipeline::Cell *row = m_schedule->cells.data() + static_cast<size_t>(stage) * perRow;
        QRectF merged;
        bool open = false;
        for (size_t j = 0; j < perRow; ++j) {
            const QRectF rect = cellRect(stage, row[j].startMs, row[j].endMs);
            if (rect.right() < clip.left() || rect.left() > clip.right())
                continue;
            ++m_drawnBars;
            if (open && rect.left() <= merged.right() + 1.0 && rect.width() < 4) {
                merged.setRight(std::max(merged.right(), rect.right()));
                continue;
            }
            if (open)
                painter->drawRect(merged);
            merged = rect;
            open = true;
        }
        if (open)
            painter->drawRect(merged);
    }
}

void GanttPlottable::drawLegendIcon(QCPPainter *painter, const QRectF &rect) const
{
    if (m_look == Look::Ghost) {
        painter->setBrush(ghostFill());
        painter->setPen(ghostPen());
    } else {
        painter->setPen(Qt::NoPen);
        painter->setBrush(chartstyle::kPrimary);
    }
    painter->drawRect(rect.adjusted(0, 2, 0, -2));
}

QVector<double> TimeUnitTicker::createTickVector(double, const QCPRange &range)
{
    const format::TimeUnit unit =
        format::axisTimeUnit(std::max(std::fabs(range.lower), std::fabs(range.upper)) / 1000.0);
    m_unit = QString::fromUtf8(unit.name);
    m_unitMs = unit.seconds * 1000.0;
    // About one label per 90 pixels ("1,500 ms" and a gap), at least two.
    const double pixels =
        std::fabs(m_axis->coordToPixel(range.upper) - m_axis->coordToPixel(range.lower));
    const int maxTicks = std::clamp(static_cast<int>(pixels / 90.0), 2, 12);
    m_step = format::niceStep(range.size() / m_unitMs, maxTicks);
    QVector<double> ticks;
    const double stepMs = m_step * m_unitMs;
    for (auto k = static_cast<long long>(std::ceil(range.lower / stepMs - 1e-9));
         static_cast<double>(k) * stepMs <= range.upper + 1e-9 * stepMs; ++k)
        ticks.push_back(static_cast<double>(k) * stepMs);
    return ticks;
}

QString TimeUnitTicker::getTickLabel(double tick, const QLocale &, QChar, int)
{
    return format::tickLabel(tick / m_unitMs, m_step) + QLatin1Char(' ') + m_unit;
}

GanttChart::GanttChart(QWidget *parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)),
      m_balance(new QCheckBox(tr("Balance stages"), this)), m_gain(new QLabel(this)),
      m_note(new QLabel(this)), m_apply(new QPushButton(tr("Apply balanced split"), this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_balance->setToolTip(tr("Show the same total work re-cut into equal stages (sum / stages "
                             "each) over an outline of the current split, on one time axis."));
    auto *controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    controls->addWidget(m_balance);
    controls->addWidget(m_gain, 1);
    controls->addWidget(m_apply);
    layout->addLayout(controls);
    m_note->setWordWrap(true);
    layout->addWidget(m_note);
    layout->addWidget(m_plot, 1);
    QFont gainFont = m_gain->font();
    gainFont.setBold(true);
    m_gain->setFont(gainFont);
    m_gain->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_gain->hide();
    m_note->hide();
    m_apply->hide();

    chartstyle::applyDefaults(m_plot);
    // No axis title: every tick says its unit ("20 ms"), and the line it took is a stage row
    // on a laptop in presentation mode.
    m_plot->xAxis->setTicker(QSharedPointer<TimeUnitTicker>::create(m_plot->xAxis));
    m_plot->yAxis->setRangeReversed(true);
    // Every stage named: on rows lower than the font, in a smaller one (appearance's fitting).
    m_plot->yAxis->setProperty("pp_fitTickFont", true);
    m_plot->yAxis->grid()->setVisible(false);
    // No axis above the lanes and no tick label overhanging them (each stage's name sits at its
    // row's centre): QCustomPlot's 15 px top margin would be room a lane needs on a laptop.
    m_plot->axisRect()->setMinimumMargins(QMargins(15, 2, 15, 15));
    // The ghost first, so the balanced bars and their bubbles draw over it.
    m_ghost = new GanttPlottable(m_plot->xAxis, m_plot->yAxis, GanttPlottable::Look::Ghost);
    m_ghost->setVisible(false);
    m_ghost->removeFromLegend();
    m_bars = new GanttPlottable(m_plot->xAxis, m_plot->yAxis);

    // Legend swatches for the two kinds of idle time.
    auto addSwatch = [this](const QString &name, const QBrush &brush) {
        auto *swatch = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        swatch->setName(name);
        swatch->setBrush(brush);
        swatch->setPen(QPen(brush.color()));
    };
    addSwatch(tr("bubble: fill / drain"), QBrush(chartstyle::kBubble, Qt::BDiagPattern));
    addSwatch(tr("waiting behind a slower stage"), QBrush(chartstyle::kWait, Qt::FDiagPattern));
    m_plot->legend->setVisible(true);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setWrap(4);
    // Legend and summary sit above the axis rect, never over the bars.
    m_plot->plotLayout()->insertRow(0);
    m_summary = new QCPTextElement(m_plot, QString(),
                                   QFont(font().family(), font().pointSize(), QFont::Bold));
    m_plot->plotLayout()->addElement(0, 0, m_summary);
    m_plot->plotLayout()->insertRow(1);
    m_legendHolder = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(1, 0, m_legendHolder);
    m_legendHolder->addElement(0, 0, m_plot->legend);
    m_legendHolder->setMargins(QMargins(0, 0, 0, 2));
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);

    connect(m_balance, &QCheckBox::toggled, this, [this](bool on) {
        if (m_document)
            m_document->setBalanced(on);
    });
    connect(m_apply, &QPushButton::clicked, this, [this]() {
        if (m_document)
            m_document->applyBalancedSplit();
    });
    styleBalanceToggle();
    updatePreferredHeight();
}

GanttChart::~GanttChart()
{
    // A legend taken out of the layout would outlive the plot, which deletes only its layout.
    setLegendShown(true);
}

void GanttChart::setDocument(ScenarioDocument *document)
{
    observeDocument(this, m_document, document, &GanttChart::refresh,
                    Section::Model | Section::Baseline);
    if (m_document)
        connect(m_document, &ScenarioDocument::balancedChanged, this, &GanttChart::refresh);
}

QString GanttChart::summaryText() const
{
    return m_summary->text();
}

QString GanttChart::gainText() const
{
    return m_gain->isHidden() ? QString() : m_gain->text();
}

QString GanttChart::noteText() const
{
    return m_note->isHidden() ? QString() : m_note->text();
}

QSize GanttChart::sizeHint() const
{
    return {QWidget::sizeHint().width(), m_preferredHeight};
}

QSize GanttChart::minimumSizeHint() const
{
    return {QWidget::minimumSizeHint().width(), m_minimumHeight};
}

void GanttChart::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        fitLegend();
        fitSummary();
        updatePreferredHeight();
    } else if (event->type() == QEvent::PaletteChange)
        styleBalanceToggle();
}

void GanttChart::fitSummary()
{
    // One line where it fits: on a laptop in presentation mode the line saved is a stage row.
    const QString oneLine =
        QString(m_summaryText).replace(QLatin1Char('\n'), QStringLiteral("   ·   "));
    const bool fits =
        QFontMetrics(m_summary->font()).horizontalAdvance(oneLine) <= m_plot->width() - 16;
    const QString text = fits ? oneLine : m_summaryText;
    if (text == m_summary->text())
        return;
    m_summary->setText(text);
    m_summaryLines = static_cast<int>(text.count(QLatin1Char('\n'))) + 1;
    updatePreferredHeight();
}

void GanttChart::fitLegend()
{
    // Every entry in one row where they fit (the balanced view's four read in one row on a
    // laptop, and the row saved is a lane), else two to a row.
    QCPLegend *legend = m_plot->legend;
    int rowWidth = legend->margins().left() + legend->margins().right();
    int items = 0;
    for (int i = 0; i < legend->itemCount(); ++i) {
        // A cell the grid keeps empty after an entry left it has no item.
        if (const QCPAbstractLegendItem *item = legend->item(i)) {
            rowWidth +=
                item->minimumOuterSizeHint().width() + (items > 0 ? legend->columnSpacing() : 0);
            ++items;
        }
    }
    const int wrap = rowWidth <= m_plot->width() - 16 ? std::max(1, items) : 2;
    if (wrap == legend->wrap())
        return;
    legend->setWrap(wrap);
    // setWrap alone leaves the entries where they are: lay them out again in the new rows.
    legend->setFillOrder(legend->fillOrder(), true);
    updatePreferredHeight();
}

void GanttChart::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitLegend();
    fitSummary();
    // The note wraps: a narrower panel needs more lines for it.
    if (!m_note->isHidden())
        updatePreferredHeight();
}

void GanttChart::styleBalanceToggle()
{
    if (m_styling)
        return;
    m_styling = true;
    // Fusion frames the indicator in the window colour darkened and fills it with the base
    // colour: on a dark palette both nearly vanish. Only these two roles are set, so the text
    // still follows the palette.
    if (palette().color(QPalette::Window).lightness() < 128) {
        QPalette indicator;
        indicator.setColor(QPalette::Window, QColor(0xc8, 0xcc, 0xd2));
        indicator.setColor(QPalette::Base, QColor(0x3a, 0x3e, 0x45));
        m_balance->setPalette(indicator);
    } else {
        m_balance->setPalette(QPalette());
    }
    m_styling = false;
}

void GanttChart::setLegendShown(bool shown)
{
    const bool inLayout = m_legendHolder->hasElement(0, 0);
    // An invisible legend still takes its row, so it leaves the layout when there is nothing to
    // explain (one stage: no bubbles, no waiting).
    if (shown && !inLayout)
        m_legendHolder->addElement(0, 0, m_plot->legend);
    else if (!shown && inLayout)
        m_legendHolder->take(m_plot->legend);
    m_plot->legend->setVisible(shown);
}

void GanttChart::updatePreferredHeight()
{
    const QFontMetrics metrics(font());
    const int line = metrics.lineSpacing();
    const int controls =
        std::max({m_balance->sizeHint().height(), m_apply->sizeHint().height(), line}) + 2;
    const int noteWidth = m_note->width() > 100 ? m_note->width() : 400;
    const int note = m_note->isHidden() ? 0 : m_note->heightForWidth(noteWidth) + 2;
    const int summary = m_summaryLines * line + 8;
    const int legendRows =
        (m_plot->legend->itemCount() + m_plot->legend->wrap() - 1) / m_plot->legend->wrap();
    const int legend = m_plot->legend->visible() ? legendRows * (line + 4) + 6 : 0;
    // A row holds its bar: 0.72 of it alone, 0.52 balanced, where the ghost of the current
    // schedule takes the rest. Rows are as tall as the bar needs to hold a microbatch number: a
    // line and a half alone, the same bar balanced (the balanced rows squeezed to the unbalanced
    // height had bars too low for their numbers on a laptop).
    const double barShare = std::clamp(m_bars->barHeight(), 0.1, 1.0);
    const int aloneRow = line * 3 / 2 + 6;
    const int row = std::max(24, static_cast<int>(std::lround(aloneRow * 0.72 / barShare)));
    const int rows = std::clamp(m_stageCount, 1, kMaxRowsSized);
    const int axis = line + 14; // tick labels and their padding
    const int height = controls + note + summary + legend + rows * row + axis;
    // A bar of 16 px holds a 12 px number (GanttPlottable::draw fits the font to the bar).
    const int lowestRow = std::max(24, static_cast<int>(16 / barShare) + 1);
    m_minimumHeight = controls + note + summary + legend + rows * lowestRow + axis;
    if (height == m_preferredHeight)
        return;
    m_preferredHeight = height;
    updateGeometry();
    emit preferredHeightChanged();
}

namespace {
/// The scoring stage's per-prediction time the balanced split rescales, before and after, named
/// as the inputs name it.
QString scoringChange(const Workload &before, const Workload &after)
{
    auto change = [](const QString &what, double from, double to) {
        return what.arg(format::milliseconds(from), format::milliseconds(to));
    };
    if (before.batchMsPerUser && after.batchMsPerUser)
        return change(GanttChart::tr("batched time per %3 %1 → %2")
                          .arg(QStringLiteral("%1"), QStringLiteral("%2"), after.counted.one),
                      *before.batchMsPerUser, *after.batchMsPerUser);
    if (before.acceleratorLatencyMs && after.acceleratorLatencyMs)
        return change(GanttChart::tr("accelerator latency %1 → %2"), *before.acceleratorLatencyMs,
                      *after.acceleratorLatencyMs);
    return change(GanttChart::tr("latency per prediction %1 → %2"), before.latencyMs,
                  after.latencyMs);
}
} // namespace

void GanttChart::refreshControls(bool balanced)
{
    const PipelineSeries &series = m_series;
    const PipelineSummary &now = series.summary;
    m_gain->setVisible(balanced);
    m_apply->setVisible(balanced);
    if (!balanced) {
        m_note->hide();
        return;
    }
    const QString &items = series.counted.many;
    m_gain->setText(tr("balanced: %1 → %2, %3")
                        .arg(format::ratePerSecond(now.steadyRatePerSecond, items),
                             format::ratePerSecond(now.balancedRatePerSecond, items),
                             format::change(now.balancedRatePerSecond, now.steadyRatePerSecond)));
    m_apply->setEnabled(series.split.changes);
    if (!series.split.changes) {
        m_apply->setToolTip(series.stageMs.size() < 2
                                ? tr("One stage: there is nothing to re-cut.")
                                : tr("The stages are already equal (or the scoring stage has no "
                                     "model time to re-cut)."));
        m_note->hide();
        return;
    }
    const QString &scoringName = series.scoringStageName;
    const QString each = format::milliseconds(series.split.stageMs);
    if (series.split.scoringScale == 1.0) {
        m_apply->setToolTip(tr("Set every stage to %1 per %2, as one step you can undo.")
                                .arg(each, series.workload.counted.one));
        m_note->hide();
        return;
    }
    // The scoring stage's time comes from the workload: applying must change the model's time
    // per prediction, so the panel says so before anyone presses the button.
    const QString what = scoringChange(series.workload, series.split.workload);
    m_note->setText(tr("Applying sets every stage to %1 and, since “%2” takes its time from the "
                       "workload, its %3: part of the model moves to the other stages.")
                        .arg(each, scoringName, what));
    m_apply->setToolTip(tr("Set every stage to %1 per %3 and the scoring stage's %2, as one "
                           "step you can undo.")
                            .arg(each, what, series.workload.counted.one));
    m_note->show();
}

void GanttChart::refresh()
{
    if (m_document)
        setSeries(m_document->planResult().pipeline, m_document->balanced());
}

void GanttChart::setSeries(PipelineSeries series, bool balanced)
{
    m_series = std::move(series);
    const PipelineSeries &p = m_series;
    {
        const QSignalBlocker blocker(m_balance);
        m_balance->setChecked(balanced);
    }
    const std::vector<double> &stageMs = balanced ? p.balancedStageMs : p.stageMs;
    const PipelineSummary &summary = balanced ? p.balancedSummary : p.summary;
    const pipeline::Schedule &schedule = balanced ? p.balancedSchedule : p.schedule;
    const pipeline::Schedule &current = p.schedule;
    const int stages = static_cast<int>(stageMs.size());
    const int bottleneck = balanced ? -1 : p.bottleneckIndex;
    m_bars->setSchedule(&schedule, stages, stages > 1 ? bottleneck : -1);
    // Balanced: two lanes per stage, the balanced schedule above the current one's outline.
    // The balanced bars carry the numbers, the ghost only an outline: the bars take the larger
    // share, so a lane is as low as its numbers allow (four lanes read on a laptop in
    // presentation mode).
    m_bars->setBarHeight(balanced ? 0.52 : 0.72);
    m_bars->setRowOffset(balanced ? -0.2 : 0.0);
    m_ghost->setRowOffset(0.26);
    m_bars->setName(balanced ? tr("balanced") : tr("work (stage, microbatch)"));
    m_ghost->setSchedule(balanced ? &current : nullptr, stages, -1);
    m_ghost->setBarHeight(0.28);
    m_ghost->setVisible(balanced);
    if (balanced)
        m_ghost->addToLegend();
    else
        m_ghost->removeFromLegend();

    QStringList labels;
    for (int i = 0; i < stages; ++i) {
        const auto index = static_cast<size_t>(i);
        QString label = index < static_cast<size_t>(p.stageNames.size())
                            ? p.stageNames[static_cast<qsizetype>(index)]
                            : QString();
        if (balanced)
            label = tr("%1: %2 → %3")
                        .arg(label, format::milliseconds(p.stageMs[index]),
                             format::milliseconds(stageMs[index]));
        else if (i == bottleneck && stages > 1)
            label += tr(" ◀ bottleneck");
        labels << label;
    }
    m_plot->yAxis->setTicker(QSharedPointer<chartstyle::RowTicker>::create(m_plot->yAxis, labels));
    m_plot->yAxis->setRange(-0.5, stages - 0.5);

    const QString microbatches = format::plural(
        tr("%n microbatch(es)", nullptr, format::numerus(p.microbatches)), p.microbatches);
    QString text;
    if (schedule.cells.empty()) {
        text = tr("Too many cells to draw (%1 × %2)")
                   .arg(format::plural(tr("%n stage(s)", nullptr, format::numerus(stages)), stages),
                        microbatches);
    } else if (stages == 1) {
        // Nothing fills, drains or waits: one line says so and leaves the room to the others.
        text = tr("one stage: no bubble  ·  %1 for %2  ·  %3")
                   .arg(format::milliseconds(summary.totalMs), microbatches,
                        format::ratePerSecond(summary.steadyRatePerSecond, p.counted.many));
    } else {
        // Two short lines fit a narrow chart; a wide one takes them on one line (fitSummary).
        text = tr("bubble (p−1)/(m+p−1) = %1   ·   utilization %2 %\n%3 for %4   ·   %5")
                   .arg(format::grouped(summary.bubbleFraction, 3),
                        format::trimmed(summary.utilization * 100, 1),
                        format::milliseconds(summary.totalMs), microbatches,
                        format::ratePerSecond(summary.steadyRatePerSecond, p.counted.many));
    }
    if (!schedule.cells.empty()) {
        // One axis for both: it reaches the longer schedule, so the time balancing saves shows.
        const double endMs = std::max(schedule.makespanMs, balanced ? current.makespanMs : 0.0);
        m_plot->xAxis->setRange(0, endMs * 1.01);
    }
    m_summaryText = text;
    setLegendShown(stages > 1 || balanced);
    fitLegend();
    fitSummary();
    refreshControls(balanced);
    m_stageCount = stages;
    updatePreferredHeight();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pipeplan
