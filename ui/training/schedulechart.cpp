#include "ui/training/schedulechart.h"

#include "core/base/format.h"
#include "ui/widgets/chartstyle.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace pipeplan {

namespace {
constexpr double kBarHeight = 0.74; // in device rows
const QColor kWeightColor{0x2e, 0x8b, 0x57};

/// A count's axis (microbatches held): whole-number ticks, never "2.5 microbatches", and the
/// peak labelled, so the top of the lines reads as a number (a laptop's short axis in
/// presentation mode read "0" and "2.5" under a peak of 4). The step is QCustomPlot's for the
/// tick count the axis fits, rounded down to a whole number (2.5 to 2), at least 1.
class CountTicker : public QCPAxisTicker
{
public:
    void setPeak(double peak) { m_peak = peak; }

protected:
    double getTickStep(const QCPRange &range) override
    {
        const double step = QCPAxisTicker::getTickStep(range);
        return step < 10 ? std::max(1.0, std::floor(step)) : std::round(step);
    }
    int getSubTickCount(double) override { return 0; }
    QVector<double> createTickVector(double tickStep, const QCPRange &range) override
    {
        m_step = tickStep;
        QVector<double> ticks = QCPAxisTicker::createTickVector(tickStep, range);
        if (m_peak <= 0 || !range.contains(m_peak) || ticks.contains(m_peak))
            return ticks;
        // The peak replaces a tick less than half a step below it, whose label it would touch.
        while (!ticks.isEmpty() && ticks.last() > m_peak)
            ticks.removeLast();
        if (!ticks.isEmpty() && m_peak - ticks.last() < tickStep / 2)
            ticks.removeLast();
        ticks.push_back(m_peak);
        return ticks;
    }
    QString getTickLabel(double tick, const QLocale &, QChar, int) override
    {
        return tick == m_peak ? format::trimmed(tick, 2) : format::tickLabel(tick, m_step);
    }

private:
    double m_peak = 0;
    double m_step = 1;
};

int devicesOf(const ScheduleSet &schedules)
{
    int devices = 0;
    if (schedules) {
        for (const schedule::Result &r : *schedules)
            devices = std::max(devices, r.params.devices);
    }
    return devices;
}

double longestMakespan(const ScheduleSet &schedules)
{
    double makespan = 0;
    if (schedules) {
        for (const schedule::Result &r : *schedules)
            makespan = std::max(makespan, r.makespanMs);
    }
    return makespan;
}
} // namespace

SchedulePlottable::SchedulePlottable(QCPAxis *timeAxis, QCPAxis *rowAxis)
    : QCPAbstractPlottable(timeAxis, rowAxis)
{
    setName(tr("ops"));
    setPen(Qt::NoPen);
    setSelectable(QCP::stNone);
    setAntialiased(false);
    setAntialiasedFill(false);
}

QColor SchedulePlottable::colorOf(schedule::OpKind kind, int chunk)
{
    QColor color;
    switch (kind) {
    case schedule::OpKind::Forward:
        color = chartstyle::kPrimary;
        break;
    case schedule::OpKind::Backward:
        color = chartstyle::kSecondary;
        break;
    case schedule::OpKind::Weight:
        color = kWeightColor;
        break;
    }
    // Later chunks of an interleaved device are lighter shades of the same colour.
    return chunk > 0 ? color.lighter(100 + 22 * std::min(chunk, 4)) : color;
}

void SchedulePlottable::setSchedules(ScheduleSet schedules)
{
    m_schedules = std::move(schedules);
}

int SchedulePlottable::rowsPerLane() const
{
    return devicesOf(m_schedules) + 1;
}

double SchedulePlottable::selectTest(const QPointF &, bool, QVariant *) const
{
    return -1;
}

QCPRange SchedulePlottable::getKeyRange(bool &foundRange, QCP::SignDomain) const
{
    const double makespan = longestMakespan(m_schedules);
    foundRange = makespan > 0;
    return QCPRange(0, makespan);
}

QCPRange SchedulePlottable::getValueRange(bool &foundRange, QCP::SignDomain, const QCPRange &) const
{
    foundRange = m_schedules && !m_schedules->empty();
    const auto lanes = m_schedules ? static_cast<double>(m_schedules->size()) : 0.0;
    return QCPRange(-0.5, lanes * rowsPerLane() - 0.5);
}

void SchedulePlottable::draw(QCPPainter *painter)
{
    m_drawnOps = 0;
    m_drawnLabels = 0;
    if (!m_schedules)
        return;
    const int rows = rowsPerLane();
    for (std::size_t lane = 0; lane < m_schedules->size(); ++lane)
        drawLane(painter, (*m_schedules)[lane], static_cast<double>(lane) * rows + 1);
}

void SchedulePlottable::drawLane(QCPPainter *painter, const schedule::Result &result,
                                 double firstRow)
{
    const QRectF clip = clipRect();
    // Both axes are linear: one multiply-add per edge instead of the general transform.
    const double x0 = keyAxis()->coordToPixel(0);
    const double pixelsPerMs = keyAxis()->coordToPixel(1) - x0;
    const double y0 = valueAxis()->coordToPixel(0);
    const double pixelsPerRow = valueAxis()->coordToPixel(1) - y0;
    const QBrush bubble(chartstyle::kBubble, Qt::BDiagPattern);
    const QBrush flatBubble(chartstyle::kBubble.lighter(135));
    const QPen separator(QColor(255, 255, 255), 1);
    const QFontMetrics metrics(painter->font());
    const int columnLeft = static_cast<int>(std::floor(clip.left()));
    const auto columns = static_cast<std::size_t>(std::max(1.0, std::ceil(clip.width()) + 2));
    // Time of each op kind falling into each pixel column of the row (ops narrower than 4 px).
    std::vector<std::array<float, 3>> cover(columns);

    for (int d = 0; d < result.params.devices; ++d) {
        const double row = firstRow + d;
        const double top = y0 + (row - kBarHeight / 2) * pixelsPerRow;
        const double bottom = y0 + (row + kBarHeight / 2) * pixelsPerRow;
        const double rowTop = std::min(top, bottom);
        const double rowHeight = std::fabs(bottom - top);
        if (rowTop > clip.bottom() || rowTop + rowHeight < clip.top())
            continue;
        // Idle time is whatever the ops leave uncovered of the device's row: hatched while rows
        // are tall enough to show the hatching, a flat shade (much cheaper to fill) beyond.
        painter->setPen(Qt::NoPen);
        painter->setBrush(rowHeight >= 8 ? bubble : flatBubble);
        painter->drawRect(QRectF(x0, rowTop, result.makespanMs * pixelsPerMs, rowHeight));

        std::fill(cover.begin(), cover.end(), std::array<float, 3>{0, 0, 0});
        bool anyNarrow = false;
        const auto begin =
            static_cast<std::size_t>(result.deviceBegin[static_cast<std::size_t>(d)]);
        const auto end =
            static_cast<std::size_t>(result.deviceBegin[static_cast<std::size_t>(d) + 1]);
        for (std::size_t i = begin; i < end; ++i) {
            const schedule::Op &op = result.ops[i];
            const double left = x0 + op.startMs * pixelsPerMs;
            const double right = x0 + op.endMs * pixelsPerMs;
            if (right < clip.left() || left > clip.right())
                continue;
            ++m_drawnOps;
            const auto kind = static_cast<std::size_t>(op.kind);
            if (right - left >= 4) {
                const QRectF rect(left, rowTop, right - left, rowHeight);
                painter->setPen(separator);
                painter->setBrush(colorOf(op.kind, op.chunk));
                painter->drawRect(rect);
                const QString label = QString::number(op.microbatch + 1);
                if (rect.width() >= metrics.horizontalAdvance(label) + 4 &&
                    rect.height() >= metrics.height() - 2) {
                    painter->setPen(Qt::white);
                    painter->drawText(rect, Qt::AlignCenter, label);
                    ++m_drawnLabels;
                }
                continue;
            }
            anyNarrow = true;
            const double from = std::max(left, clip.left()) - columnLeft;
            const double to = std::min(right, clip.right() + 1) - columnLeft;
            // Both ends are at or right of the clip's left column: truncation is floor.
            const auto firstColumn = static_cast<std::size_t>(from);
            const auto lastColumn = static_cast<std::size_t>(to);
            if (firstColumn == lastColumn) { // most ops: inside one pixel column
                if (firstColumn < columns)
                    cover[firstColumn][kind] += static_cast<float>(to - from);
                continue;
            }
            for (std::size_t column = firstColumn; column <= lastColumn && column < columns;
                 ++column) {
                const auto edge = static_cast<double>(column);
                const double overlap = std::min(to, edge + 1.0) - std::max(from, edge);
                if (overlap > 0)
                    cover[column][kind] += static_cast<float>(overlap);
            }
        }
        if (!anyNarrow)
            continue;
        // Columns at least half covered take the kind that covers most; runs of one kind merge.
        painter->setPen(Qt::NoPen);
        int runKind = -1;
        std::size_t runStart = 0;
        auto flush = [&](std::size_t runEnd) {
            if (runKind < 0)
                return;
            painter->setBrush(colorOf(static_cast<schedule::OpKind>(runKind)));
            painter->drawRect(QRectF(columnLeft + static_cast<double>(runStart), rowTop,
                                     static_cast<double>(runEnd - runStart), rowHeight));
        };
        for (std::size_t c = 0; c < columns; ++c) {
            const auto &k = cover[c];
            int kind = -1;
            if (k[0] + k[1] + k[2] >= 0.5f) {
                kind = static_cast<int>(std::max_element(k.begin(), k.end()) - k.begin());
            }
            if (kind != runKind) {
                flush(c);
                runKind = kind;
                runStart = c;
            }
        }
        flush(columns);
    }
}

void SchedulePlottable::drawLegendIcon(QCPPainter *painter, const QRectF &rect) const
{
    painter->setPen(Qt::NoPen);
    painter->setBrush(chartstyle::kPrimary);
    painter->drawRect(rect.adjusted(0, 2, 0, -2));
}

ScheduleChart::ScheduleChart(QWidget *parent) : QCustomPlot(parent)
{
    chartstyle::applyDefaults(this);
    xAxis->setLabel(tr("time"));
    chartstyle::setMillisecondsAxis(xAxis);
    yAxis->setRangeReversed(true);
    yAxis->grid()->setVisible(false);
    m_ops = new SchedulePlottable(xAxis, yAxis);
    m_ops->removeFromLegend();

    auto addSwatch = [this](const QString &name, const QBrush &brush) {
        auto *swatch = new QCPBars(xAxis, yAxis);
        swatch->setName(name);
        swatch->setBrush(brush);
        swatch->setPen(QPen(brush.color()));
    };
    addSwatch(tr("forward"), QBrush(SchedulePlottable::colorOf(schedule::OpKind::Forward)));
    addSwatch(tr("backward (input gradients)"),
              QBrush(SchedulePlottable::colorOf(schedule::OpKind::Backward)));
    addSwatch(tr("weight gradients"), QBrush(SchedulePlottable::colorOf(schedule::OpKind::Weight)));
    addSwatch(tr("bubble (idle)"), QBrush(chartstyle::kBubble, Qt::BDiagPattern));
    legend->setVisible(true);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(4);
    // The legend sits above the axis rect, never over the bars.
    plotLayout()->insertRow(0);
    auto *legendHolder = new QCPLayoutGrid;
    plotLayout()->addElement(0, 0, legendHolder);
    legendHolder->addElement(0, 0, legend);
    legendHolder->setMargins(QMargins(0, 0, 0, 2));
    plotLayout()->setRowStretchFactor(0, 0.001);
}

QString ScheduleChart::captionOf(const schedule::Result &result)
{
    const double peak = result.maxPeakInFlight();
    return tr("%1: %2 · bubble %3 % (ratio %4) · peak %5 held")
        .arg(schedule::displayName(result.params.kind), format::milliseconds(result.makespanMs),
             format::trimmed(result.bubbleFraction * 100, 1),
             format::trimmed(result.bubbleRatio, 3),
             format::plural(tr("%n microbatch(es)", nullptr, format::numerus(peak)), peak));
}

QString ScheduleChart::laneCaption(int lane) const
{
    return lane >= 0 && std::cmp_less(lane, m_captions.size())
               ? m_captions[static_cast<std::size_t>(lane)]->text()
               : QString();
}

QColor ScheduleChart::captionColor() const
{
    return palette().color(QPalette::Text);
}

void ScheduleChart::changeEvent(QEvent *event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() != QEvent::PaletteChange)
        return;
    for (QCPItemText *caption : m_captions)
        caption->setColor(captionColor());
    replot(QCustomPlot::rpQueuedReplot);
}

void ScheduleChart::setSchedules(const ScheduleSet &schedules)
{
    for (QCPItemText *caption : m_captions)
        removeItem(caption);
    m_captions.clear();
    m_ops->setSchedules(schedules);
    const int rows = m_ops->rowsPerLane();
    const std::size_t lanes = schedules ? schedules->size() : 0;
    QStringList labels;
    for (std::size_t lane = 0; lane < lanes; ++lane) {
        const schedule::Result &result = (*schedules)[lane];
        labels << QString();
        for (int d = 0; d < rows - 1; ++d)
            labels << (d < result.params.devices ? tr("device %1").arg(d + 1) : QString());
        auto *caption = new QCPItemText(this);
        caption->setClipToAxisRect(true);
        caption->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        caption->position->setCoords(0.005, static_cast<double>(lane) * rows);
        caption->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        QFont bold = font();
        bold.setBold(true);
        caption->setFont(bold);
        caption->setText(captionOf(result));
        caption->setColor(captionColor());
        m_captions.push_back(caption);
    }
    yAxis->setTicker(QSharedPointer<chartstyle::RowTicker>::create(yAxis, labels));
    yAxis->setRange(-0.5, static_cast<double>(lanes * static_cast<std::size_t>(rows)) - 0.5);
    xAxis->setRange(0, std::max(1e-9, longestMakespan(schedules)) * 1.01);
    replot(QCustomPlot::rpQueuedReplot);
}

QString binaryBytes(double bytes)
{
    const ByteUnit unit = byteUnitFor(bytes);
    return format::trimmed(bytes / unit.bytes, 2) + QLatin1Char(' ') + unit.name;
}

ByteUnit byteUnitFor(double bytes)
{
    static const std::array<const char *, 4> kNames{"KiB", "MiB", "GiB", "TiB"};
    double size = 1024;
    std::size_t i = 0;
    while (i + 1 < kNames.size() && std::abs(bytes) >= size * 1024) {
        size *= 1024;
        ++i;
    }
    return {QString::fromLatin1(kNames[i]), size};
}

QString overBudgetText(const schedule::Result &result)
{
    const std::optional<double> limit = schedule::memoryLimit(result.params);
    if (!limit || result.fitsMemory)
        return {};
    const double over = result.maxPeakInFlight() - *limit;
    const schedule::Params &p = result.params;
    if (p.activationBytesPerMicrobatch && p.deviceMemoryBytes)
        return QObject::tr("over by %1").arg(binaryBytes(over * *p.activationBytesPerMicrobatch));
    return QObject::tr("over by %1")
        .arg(
            format::plural(QObject::tr("%n microbatch(es)", nullptr, format::numerus(over)), over));
}

ScheduleMemoryChart::ScheduleMemoryChart(QWidget *parent)
    : QCustomPlot(parent), m_limit(new QCPItemStraightLine(this)),
      m_limitLabel(new QCPItemText(this))
{
    chartstyle::applyDefaults(this);
    xAxis->setLabel(tr("time"));
    chartstyle::setMillisecondsAxis(xAxis);
    yAxis->setLabel(tr("microbatches"));
    m_bytesTicker = yAxis->ticker();
    m_countTicker = QSharedPointer<CountTicker>::create();
    yAxis->setTicker(m_countTicker);
    // The legend stands right of the plot, never on the lines, in as many columns as its
    // devices need (inside the plot it covered them and stopped at "device 6").
    legend->setVisible(true);
    auto *legendHolder = new QCPLayoutGrid;
    plotLayout()->addElement(0, 1, legendHolder);
    legendHolder->addElement(0, 0, legend);
    legendHolder->addElement(1, 0, new QCPLayoutElement(this)); // the space under it
    legendHolder->setRowStretchFactors({0.001, 1});
    legendHolder->setMargins(QMargins(0, 4, 4, 0));
    plotLayout()->setColumnStretchFactor(1, 0.001);
    legend->setFillOrder(QCPLayoutGrid::foRowsFirst);
    connect(this, &QCustomPlot::beforeReplot, this, &ScheduleMemoryChart::fitLegendRows);
    m_limit->setPen(QPen(chartstyle::kAlert, 1.5, Qt::DashLine));
    m_limit->setClipToAxisRect(true);
    m_limit->setVisible(false);
    m_limitLabel->setColor(chartstyle::kAlert);
    m_limitLabel->setClipToAxisRect(true);
    m_limitLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_limitLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_limitLabel->setVisible(false);
}

void ScheduleMemoryChart::fitLegendRows()
{
    // As many rows per column as the chart's height holds.
    int rowHeight = 1;
    for (int i = 0; i < legend->itemCount(); ++i) {
        // A wrapped grid holds empty cells after its last entry.
        if (const QCPAbstractLegendItem *item = legend->item(i))
            rowHeight =
                std::max(rowHeight, item->minimumOuterSizeHint().height() + legend->rowSpacing());
    }
    const int rows = std::max(1, (height() - 16) / rowHeight);
    if (legend->wrap() != rows) {
        legend->setWrap(rows);
        legend->setFillOrder(QCPLayoutGrid::foRowsFirst, true);
    }
}

QRect ScheduleMemoryChart::legendRect() const
{
    return legend->outerRect();
}

double ScheduleMemoryChart::limitValue() const
{
    return m_limit->point1->coords().y();
}

void ScheduleMemoryChart::setSchedule(const TrainingSchedule *schedule)
{
    clearGraphs();
    m_devices.clear();
    m_limit->setVisible(false);
    m_limitLabel->setVisible(false);
    if (!schedule || !schedule->result) {
        replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    const schedule::Result &result = *schedule->result;
    const schedule::Params &params = result.params;
    // In bytes when a microbatch's activations and the device memory are known.
    m_bytes = params.activationBytesPerMicrobatch && params.deviceMemoryBytes;
    double scale = 1; // y units per microbatch
    if (m_bytes) {
        const double perMicrobatch = *params.activationBytesPerMicrobatch;
        m_unit = byteUnitFor(
            std::max(*params.deviceMemoryBytes, result.maxPeakInFlight() * perMicrobatch));
        scale = perMicrobatch / m_unit.bytes;
        yAxis->setLabel(tr("activations held (%1)").arg(m_unit.name));
        yAxis->setTicker(m_bytesTicker);
    } else {
        // The chart's title says "held": the axis says what is counted (in presentation mode
        // "microbatches held" was longer than a laptop's axis).
        yAxis->setLabel(tr("microbatches"));
        m_countTicker.staticCast<CountTicker>()->setPeak(result.maxPeakInFlight());
        yAxis->setTicker(m_countTicker);
    }
    for (const MemoryLine &line : schedule->memory)
        m_devices.push_back(line.device);
    // Distinct hues from the first device (darkest) to the last.
    for (std::size_t i = 0; i < schedule->memory.size(); ++i) {
        const MemoryLine &line = schedule->memory[i];
        QCPGraph *graph = addGraph();
        graph->setLineStyle(QCPGraph::lsStepLeft);
        const double hue = 0.6 * static_cast<double>(i) /
                           static_cast<double>(std::max<std::size_t>(1, m_devices.size() - 1));
        graph->setPen(QPen(QColor::fromHsvF(static_cast<float>(hue), 0.8f, 0.75f), 1.6));
        graph->setName(tr("device %1").arg(line.device + 1));
        QVector<double> times;
        QVector<double> held;
        times.reserve(static_cast<qsizetype>(line.steps.size()));
        held.reserve(static_cast<qsizetype>(line.steps.size()));
        for (const schedule::MemoryStep &step : line.steps) {
            times.push_back(step.timeMs);
            held.push_back(step.microbatches * scale);
        }
        graph->setData(times, held, true);
    }
    double top = std::max(1.0, result.maxPeakInFlight()) * scale;
    if (const std::optional<double> limit = schedule::memoryLimit(params)) {
        const double y = *limit * scale;
        m_limit->point1->setCoords(0, y);
        m_limit->point2->setCoords(1, y);
        m_limit->setVisible(true);
        // The device memory when it is the binding budget, else the budget in microbatches.
        const bool deviceBound =
            m_bytes && (!params.memoryLimitMicrobatches ||
                        *params.deviceMemoryBytes / *params.activationBytesPerMicrobatch <=
                            *params.memoryLimitMicrobatches);
        const QString microbatches =
            format::plural(tr("%n microbatch(es)", nullptr, format::numerus(*limit)), *limit);
        QString text;
        if (deviceBound)
            text = tr("Device memory %1").arg(binaryBytes(*params.deviceMemoryBytes));
        else if (m_bytes)
            text =
                tr("Memory budget %1 (%2)")
                    .arg(microbatches, binaryBytes(*limit * *params.activationBytesPerMicrobatch));
        else
            text = tr("Memory budget %1").arg(microbatches);
        if (!result.fitsMemory)
            text += QStringLiteral(" — ") + overBudgetText(result);
        m_limitLabel->setText(text);
        m_limitLabel->position->setCoords(0.01, y);
        m_limitLabel->setVisible(true);
        top = std::max(top, y);
    }
    xAxis->setRange(0, std::max(1e-9, result.makespanMs) * 1.01);
    yAxis->setRange(0, top * 1.2);
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pipeplan
