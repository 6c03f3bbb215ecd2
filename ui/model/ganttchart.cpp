#include "ui/model/ganttchart.h"

#include "core/base/format.h"
#include "ui/document/scenariodocument.h"
#include "ui/widgets/chartstyle.h"

#include <QCheckBox>
#include <QVBoxLayout>

#include <cmath>

namespace pipeplan {

namespace {
constexpr double kBarHeight = 0.72; // in stage rows
}

GanttPlottable::GanttPlottable(QCPAxis *timeAxis, QCPAxis *stageAxis)
    : QCPAbstractPlottable(timeAxis, stageAxis)
{
    setName(tr("work (stage, microbatch)"));
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
    const double top = m_pixelAtRowZero + (stage - kBarHeight / 2) * m_pixelsPerRow;
    const double bottom = m_pixelAtRowZero + (stage + kBarHeight / 2) * m_pixelsPerRow;
    return QRectF(QPointF(std::min(left, right), std::min(top, bottom)),
                  QPointF(std::max(left, right), std::max(top, bottom)));
}

void GanttPlottable::draw(QCPPainter *painter)
{
    m_drawnBars = 0;
    m_drawnLabels = 0;
    if (!m_schedule || m_schedule->cells.empty())
        return;
    const QRectF clip = clipRect();
    painter->setPen(Qt::NoPen);
    m_pixelAtZeroMs = keyAxis()->coordToPixel(0);
    m_pixelsPerMs = keyAxis()->coordToPixel(1) - m_pixelAtZeroMs;
    m_pixelAtRowZero = valueAxis()->coordToPixel(0);
    m_pixelsPerRow = valueAxis()->coordToPixel(1) - m_pixelAtRowZero;

    // Each row: idle background first, then the work on top. Cells (and gaps) that touch within a
    // pixel are merged into one rectangle, so 512 microbatches on a 600-pixel axis cost a few
    // dozen fills per row, not 512 (and the picture is the same).
    const QBrush fillDrain(chartstyle::kBubble, Qt::BDiagPattern);
    const QBrush wait(chartstyle::kWait, Qt::FDiagPattern);
    const QFontMetrics metrics(painter->font());
    const QPen separator(QColor(255, 255, 255), 1);
    const size_t perRow = m_schedule->cells.size() / static_cast<size_t>(std::max(1, m_stageCount));

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
                if (rect.width() >= metrics.horizontalAdvance(label) + 6 &&
                    rect.height() >= metrics.height()) {
                    painter->setPen(Qt::white);
                    painter->drawText(rect, Qt::AlignCenter, label);
                    ++m_drawnLabels;
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

void GanttPlottable::drawLegendIcon(QCPPainter *painter, const QRectF &rect) const
{
    painter->setPen(Qt::NoPen);
    painter->setBrush(chartstyle::kPrimary);
    painter->drawRect(rect.adjusted(0, 2, 0, -2));
}

GanttChart::GanttChart(QWidget *parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)),
      m_balance(new QCheckBox(tr("Balance stages"), this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_balance->setToolTip(
        tr("Show the same total work re-cut into equal stages (sum / stages each)."));
    layout->addWidget(m_balance, 0, Qt::AlignLeft);
    layout->addWidget(m_plot, 1);

    chartstyle::applyDefaults(m_plot);
    m_plot->xAxis->setLabel(tr("time"));
    chartstyle::setMillisecondsAxis(m_plot->xAxis);
    m_plot->yAxis->setRangeReversed(true);
    m_plot->yAxis->grid()->setVisible(false);
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
    m_plot->legend->setWrap(3);
    // Legend and summary sit above the axis rect, never over the bars.
    m_plot->plotLayout()->insertRow(0);
    m_summary = new QCPTextElement(m_plot, QString(),
                                   QFont(font().family(), font().pointSize(), QFont::Bold));
    m_plot->plotLayout()->addElement(0, 0, m_summary);
    m_plot->plotLayout()->insertRow(1);
    auto *legendHolder = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(1, 0, legendHolder);
    legendHolder->addElement(0, 0, m_plot->legend);
    legendHolder->setMargins(QMargins(0, 0, 0, 2));
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);

    connect(m_balance, &QCheckBox::toggled, this, [this](bool on) {
        if (m_document)
            m_document->setBalanced(on);
    });
}

void GanttChart::setDocument(ScenarioDocument *document)
{
    observeDocument(this, m_document, document, &GanttChart::refresh,
                    Section::Model | Section::Baseline);
}

QString GanttChart::summaryText() const
{
    return m_summary->text();
}

void GanttChart::refresh()
{
    if (!m_document)
        return;
    const Scenario &s = m_document->scenario();
    const ScenarioResult &r = m_document->result();
    const bool balanced = m_document->balanced();
    m_balance->setChecked(balanced);
    const std::vector<double> &stageMs = m_document->scheduleStageMs();
    const PipelineSummary summary =
        balanced ? summarizePipeline(stageMs, s.microbatches) : r.pipeline;
    const pipeline::Schedule &schedule = m_document->schedule();
    const int stages = static_cast<int>(stageMs.size());
    const int bottleneck = balanced ? -1 : r.bottleneckIndex;
    m_bars->setSchedule(&schedule, stages, stages > 1 ? bottleneck : -1);

    QStringList labels;
    for (int i = 0; i < stages; ++i) {
        QString label =
            balanced ? tr("stage %1 (balanced)").arg(i + 1) : s.stages[static_cast<size_t>(i)].name;
        if (i == bottleneck && stages > 1)
            label += tr(" ◀ bottleneck");
        labels << label;
    }
    m_plot->yAxis->setTicker(QSharedPointer<chartstyle::RowTicker>::create(m_plot->yAxis, labels));
    m_plot->yAxis->setRange(-0.5, stages - 0.5);

    QString text;
    if (schedule.cells.empty()) {
        text = tr("Too many cells to draw (%1 × %2)")
                   .arg(format::plural(tr("%n stage(s)", nullptr, format::numerus(stages)), stages),
                        format::plural(
                            tr("%n microbatch(es)", nullptr, format::numerus(s.microbatches)),
                            s.microbatches));
    } else {
        // Two short lines fit a narrow chart; one long line would be clipped.
        text = tr("bubble (p−1)/(m+p−1) = %1   ·   utilization %2 %\n%3 for %4   ·   %5")
                   .arg(format::grouped(summary.bubbleFraction, 3),
                        format::trimmed(summary.utilization * 100, 1),
                        format::milliseconds(summary.totalMs),
                        format::plural(
                            tr("%n microbatch(es)", nullptr, format::numerus(s.microbatches)),
                            s.microbatches),
                        format::ratePerSecond(summary.steadyRatePerSecond, tr("items")));
        m_plot->xAxis->setRange(0, schedule.makespanMs * 1.01);
    }
    m_summary->setText(text);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pipeplan
