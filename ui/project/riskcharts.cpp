#include "ui/project/riskcharts.h"

#include "core/base/format.h"
#include "ui/project/estimatecharts.h"
#include "ui/widgets/chartstyle.h"

#include <QTimeZone>

#include <algorithm>
#include <array>
#include <cmath>

namespace pipeplan {

namespace {

constexpr double kSecondsPerDay = 86'400.0;
constexpr double kBarHeight = 0.6; ///< in rows
/// Text drawn in the chart's own colour (appearance::apply lightens it on a dark theme).
const QColor kInk{0x20, 0x22, 0x26};

/// The chart was styled for a dark theme: appearance::apply gives its axes the theme's text
/// colour (black in a report).
bool isDarkPlot(const QCustomPlot *plot)
{
    return plot->xAxis->tickLabelColor().lightness() > 128;
}

/// `color` as drawn: on a dark chart a light shade of the same hue, so it reads on near-black.
QColor themed(const QColor &color, bool dark)
{
    if (!dark)
        return color;
    const QColor hsl = color.toHsl();
    if (hsl.lightnessF() >= 0.66f)
        return color;
    const QColor light = QColor::fromHslF(hsl.hslHueF(), hsl.hslSaturationF(), 0.66f, hsl.alphaF());
    // In 8 bits a channel, as a pixel stores it.
    return {light.red(), light.green(), light.blue(), light.alpha()};
}

QColor withAlpha(QColor color, int alpha)
{
    color.setAlpha(alpha);
    return color;
}

/// Lines of reference (arrows, the scope): grey, lighter on a dark chart.
QColor referenceColor(bool dark)
{
    return dark ? QColor(0xb4, 0xb9, 0xc1) : QColor(0x6e, 0x74, 0x7c);
}

/// Keeps a pen's width (appearance::apply scales it for presentation mode), sets its colour.
template <typename Item> void recolorPen(Item *item, const QColor &color)
{
    QPen pen = item->pen();
    pen.setColor(color);
    item->setPen(pen);
}

/// A task name as a row label: one line, at most `maxLength` characters.
QString rowName(QString name, int maxLength)
{
    name.replace(QLatin1Char('\n'), QLatin1Char(' '));
    name = name.trimmed();
    if (name.size() <= maxLength)
        return name;
    return name.left(maxLength - 1).trimmed() + QChar(0x2026);
}

QDate dateOfKey(double key)
{
    return QDateTime::fromSecsSinceEpoch(static_cast<qint64>(std::floor(key)), QTimeZone::utc())
        .date();
}

/// The date a moment belongs to when it ends something: day 3.0 (midnight) ends day 2.
QDate endDateOfKey(double key)
{
    return dateOfKey(key - 1);
}

QString longDate(QDate date)
{
    return date.toString(QStringLiteral("d MMM yyyy"));
}

/// A vertical line at a key (today's, the P90's) across the axis rect.
QCPItemStraightLine *verticalLine(QCustomPlot *plot, const QPen &pen)
{
    auto *line = new QCPItemStraightLine(plot);
    line->setPen(pen);
    line->setSelectable(false);
    line->point1->setTypeY(QCPItemPosition::ptAxisRectRatio);
    line->point2->setTypeY(QCPItemPosition::ptAxisRectRatio);
    line->point1->setCoords(0, 0);
    line->point2->setCoords(0, 1);
    return line;
}

void placeVerticalLine(QCPItemStraightLine *line, double key)
{
    line->point1->setCoords(key, 0);
    line->point2->setCoords(key, 1);
}

/// A line's label in the margin above the axis rect (keepMarginRoom keeps the room), so it
/// never covers a bar or a curve.
QCPItemText *marginLabel(QCustomPlot *plot, const QColor &color)
{
    auto *label = new QCPItemText(plot);
    label->setClipToAxisRect(false);
    label->setSelectable(false);
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    label->setPadding(QMargins(3, 0, 3, 1));
    label->setColor(color);
    return label;
}

/// Room above the axis rect for the margin labels, when one is shown.
void keepMarginRoom(QCustomPlot *plot, std::initializer_list<const QCPItemText *> labels)
{
    int height = 0;
    for (const QCPItemText *label : labels) {
        if (label->visible())
            height = std::max(height, QFontMetrics(label->font()).height() + 4);
    }
    // The last date label hangs past the last tick: keep half a label's width on the right.
    const int right =
        QFontMetrics(plot->xAxis->tickLabelFont()).horizontalAdvance(QStringLiteral("30 Sep")) / 2 +
        4;
    plot->axisRect()->setMinimumMargins(QMargins(0, height, right, 0));
}

/// Centred over its line, or beside it where centred text would leave the chart.
void alignMarginLabel(const QCustomPlot *plot, QCPItemText *label)
{
    if (!label->visible())
        return;
    const double x = plot->xAxis->coordToPixel(label->position->key());
    const double half =
        QFontMetricsF(label->font()).horizontalAdvance(label->text()) / 2 + label->padding().left();
    const QRect area = plot->viewport();
    Qt::Alignment horizontal = Qt::AlignHCenter;
    if (x - half < area.left() + 2)
        horizontal = Qt::AlignLeft;
    else if (x + half > area.right() - 2)
        horizontal = Qt::AlignRight;
    label->setPositionAlignment(horizontal | Qt::AlignBottom);
}

/// Row names on a categorical axis (chartstyle::RowTicker's idea), thinned to every k-th row
/// when rows are closer than a line of text, rows under a pixel included: 10,000 tasks on 300
/// pixels name every 600th or so, not a smear of thousands.
class NameTicker : public QCPAxisTicker
{
public:
    NameTicker(QCPAxis *axis, QStringList labels) : m_axis(axis), m_labels(std::move(labels)) {}

protected:
    QVector<double> createTickVector(double, const QCPRange &range) override
    {
        QVector<double> ticks;
        const qsizetype rows = m_labels.size();
        if (rows == 0)
            return ticks;
        const double rowPixels = std::fabs(m_axis->coordToPixel(1) - m_axis->coordToPixel(0));
        const double line = QFontMetricsF(m_axis->tickLabelFont()).height() + 1;
        const auto every = static_cast<qsizetype>(std::clamp(
            std::ceil(line / std::max(rowPixels, 1e-9)), 1.0, static_cast<double>(rows)));
        const auto first = static_cast<qsizetype>(std::max(0.0, std::ceil(range.lower)));
        const auto last =
            std::min<qsizetype>(rows - 1, static_cast<qsizetype>(std::floor(range.upper)));
        for (qsizetype i = (first + every - 1) / every * every; i <= last; i += every)
            ticks.push_back(static_cast<double>(i));
        return ticks;
    }
    QVector<double> createSubTickVector(int, const QVector<double> &) override { return {}; }
    QString getTickLabel(double tick, const QLocale &, QChar, int) override
    {
        const auto index = static_cast<qsizetype>(std::lround(tick));
        return index >= 0 && index < m_labels.size() ? m_labels[index] : QString();
    }

private:
    QCPAxis *m_axis;
    QStringList m_labels;
};

/// Row names shrink (to 6.5 pt at the least) when that shows every one of them: a short chart,
/// presentation mode's larger fonts; with more rows they keep their size and thin out. The theme's
/// size stays in pp_intendedTickFont (appearance::apply scales from it). Returns whether the font
/// changed.
bool fitRowFont(QCustomPlot *plot, QCPAxis *axis, qsizetype rows)
{
    const QVariant intendedValue = axis->property("pp_intendedTickFont");
    const QFont intended =
        intendedValue.isValid() ? intendedValue.value<QFont>() : axis->tickLabelFont();
    QFont fitted = intended;
    const int height = plot->axisRect()->height();
    const double rowPixels = height / std::max(0.1, axis->range().size());
    const double needed = QFontMetricsF(intended).height() + 1;
    if (rows > 0 && height > 0 && rowPixels < needed && intended.pointSizeF() > 0) {
        fitted.setPointSizeF(std::max(6.5, intended.pointSizeF() * rowPixels / needed));
        // Too many rows for every name even so: fewer names at the theme's size (NameTicker).
        if (QFontMetricsF(fitted).height() + 1 > rowPixels * 1.05)
            fitted = intended;
    }
    if (fitted == axis->tickLabelFont())
        return false;
    axis->setTickLabelFont(fitted);
    return true;
}

/// QCustomPlot's layout, repeated (at most three times) while it changes the axis rect or
/// `fit` changes something: the axes choose their ticks before the layout places them.
template <typename Layout, typename Fit>
void settleLayout(const QCustomPlot *plot, Layout layout, Fit fit)
{
    for (int pass = 0; pass < 3; ++pass) {
        const QRect before = plot->axisRect()->rect();
        layout();
        const bool fitted = fit();
        if (!fitted && plot->axisRect()->rect() == before)
            return;
    }
}

/// The row axis of a Gantt-like chart: row 0 at the top, names on the left.
void setRowAxis(QCPAxis *axis, const QStringList &labels)
{
    axis->setTicker(QSharedPointer<NameTicker>::create(axis, labels));
    axis->setRange(-0.5, static_cast<double>(std::max<qsizetype>(1, labels.size())) - 0.5);
}

} // namespace

// ---------------------------------------------------------------------------------------------

double calendarDayKey(QDate start, double day)
{
    const QDate origin = start.isValid() ? start : QDate(1970, 1, 1);
    return static_cast<double>(origin.startOfDay(QTimeZone::utc()).toSecsSinceEpoch()) +
           day * kSecondsPerDay;
}

QVector<double> WeekTicker::createTickVector(double, const QCPRange &range)
{
    m_yearTicks.clear();
    QVector<double> ticks;
    if (!(range.size() > 0) || !std::isfinite(range.size()))
        return ticks;
    const double days = range.size() / kSecondsPerDay;
    double pixels =
        std::fabs(m_axis->coordToPixel(range.upper) - m_axis->coordToPixel(range.lower));
    if (pixels < 1)
        pixels = 600; // not laid out yet
    const double pixelsPerDay = pixels / days;
    const QFontMetricsF metrics(m_axis->tickLabelFont());
    const double labelPixels = metrics.horizontalAdvance(QStringLiteral("30 Sep")) + 16;
    if (days < 14 && pixelsPerDay >= labelPixels) {
        m_stepDays = 1;
    } else {
        // Whole weeks, doubled until the labels have room.
        static constexpr std::array<int, 7> kWeeks{1, 2, 4, 8, 13, 26, 52};
        int weeks = 0;
        for (const int candidate : kWeeks) {
            if (candidate * 7 * pixelsPerDay >= labelPixels) {
                weeks = candidate;
                break;
            }
        }
        if (weeks == 0) {
            weeks = kWeeks.back();
            while (weeks * 7 * pixelsPerDay < labelPixels && weeks < 1'000'000)
                weeks *= 2;
        }
        m_stepDays = 7 * weeks;
    }
    const auto firstDay = static_cast<qint64>(std::ceil(range.lower / kSecondsPerDay - 1e-9));
    const auto lastDay = static_cast<qint64>(std::floor(range.upper / kSecondsPerDay + 1e-9));
    qint64 day = firstDay;
    if (m_stepDays > 1) {
        // From the first Monday shown (5 January 1970, day 4 of the epoch, was a Monday).
        constexpr qint64 kMonday = 4;
        day += (7 - ((firstDay - kMonday) % 7 + 7) % 7) % 7;
    }
    for (; day <= lastDay; day += m_stepDays)
        ticks.push_back(static_cast<double>(day) * kSecondsPerDay);
    // The year goes under the first label and the first of each new year, when there is more
    // than one year to tell apart.
    if (!ticks.isEmpty() && dateOfKey(range.lower).year() != dateOfKey(range.upper).year()) {
        int year = 0;
        for (const double tick : std::as_const(ticks)) {
            const int tickYear = dateOfKey(tick).year();
            if (tickYear != year)
                m_yearTicks.push_back(tick);
            year = tickYear;
        }
    }
    return ticks;
}

QString WeekTicker::getTickLabel(double tick, const QLocale &, QChar, int)
{
    const QDate date = dateOfKey(tick);
    QString label = date.toString(QStringLiteral("d MMM"));
    if (m_yearTicks.contains(tick))
        label += QLatin1Char('\n') + QString::number(date.year());
    return label;
}

// ---------------------------------------------------------------------------------------------

LegendSwatch::LegendSwatch(QCPAxis *keyAxis, QCPAxis *valueAxis, Shape shape, const QString &name)
    : QCPAbstractPlottable(keyAxis, valueAxis), m_shape(shape), m_color(chartstyle::kPrimary)
{
    setName(name);
    setSelectable(QCP::stNone);
    setPen(Qt::NoPen);
}

QCPRange LegendSwatch::getKeyRange(bool &foundRange, QCP::SignDomain) const
{
    foundRange = false;
    return {};
}

QCPRange LegendSwatch::getValueRange(bool &foundRange, QCP::SignDomain, const QCPRange &) const
{
    foundRange = false;
    return {};
}

void LegendSwatch::drawLegendIcon(QCPPainter *painter, const QRectF &rect) const
{
    const QRectF bar = rect.adjusted(1, 3, -1, -3);
    switch (m_shape) {
    case Shape::Filled:
        painter->setPen(QPen(m_color, 1));
        painter->setBrush(m_color);
        painter->drawRect(bar);
        break;
    case Shape::PartFilled:
        painter->setPen(Qt::NoPen);
        painter->setBrush(withAlpha(m_color, 50));
        painter->drawRect(bar);
        painter->setBrush(m_color);
        painter->drawRect(QRectF(bar.topLeft(), QSizeF(bar.width() * 0.5, bar.height())));
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(m_color, 1));
        painter->drawRect(bar);
        break;
    case Shape::Outlined:
        painter->setPen(QPen(m_color, 1));
        painter->setBrush(withAlpha(m_color, 50));
        painter->drawRect(bar);
        break;
    case Shape::Whisker: {
        const double y = rect.center().y();
        const double cap = rect.height() * 0.3;
        painter->setPen(QPen(withAlpha(m_color, 210), 1));
        painter->drawLine(QPointF(rect.left() + 2, y), QPointF(rect.right() - 2, y));
        painter->drawLine(QPointF(rect.left() + 2, y - cap), QPointF(rect.left() + 2, y + cap));
        painter->drawLine(QPointF(rect.right() - 2, y - cap), QPointF(rect.right() - 2, y + cap));
        break;
    }
    }
}

// ---------------------------------------------------------------------------------------------

TaskBarsPlottable::TaskBarsPlottable(QCPAxis *keyAxis, QCPAxis *rowAxis)
    : QCPAbstractPlottable(keyAxis, rowAxis), m_critical(chartstyle::kAlert),
      m_other(chartstyle::kPrimary), m_whisker(kInk)
{
    setName(tr("tasks"));
    setSelectable(QCP::stNone);
    setPen(Qt::NoPen);
    setAntialiased(false); // up to 10,000 axis-aligned rectangles
    setAntialiasedFill(false);
}

void TaskBarsPlottable::setColors(const QColor &critical, const QColor &other,
                                  const QColor &whisker)
{
    m_critical = critical;
    m_other = other;
    m_whisker = whisker;
}

QCPRange TaskBarsPlottable::getKeyRange(bool &foundRange, QCP::SignDomain) const
{
    foundRange = !m_bars.empty();
    QCPRange range;
    if (!foundRange)
        return range;
    range = QCPRange(m_bars.front().startKey, m_bars.front().finishKey);
    for (const GanttBar &bar : m_bars) {
        range.expand(bar.startKey);
        range.expand(bar.finishKey);
        if (bar.p10Key && bar.p90Key) {
            range.expand(*bar.p10Key);
            range.expand(*bar.p90Key);
        }
    }
    return range;
}

QCPRange TaskBarsPlottable::getValueRange(bool &foundRange, QCP::SignDomain, const QCPRange &) const
{
    foundRange = !m_bars.empty();
    return QCPRange(-0.5, static_cast<double>(m_bars.size()) - 0.5);
}

void TaskBarsPlottable::draw(QCPPainter *painter)
{
    m_drawnBars = 0;
    m_drawnWhiskers = 0;
    if (m_bars.empty())
        return;
    // What may show: the axis rect and the pixel QCustomPlot's mapping puts past its edges (the
    // painter clips to the axis rect itself).
    const QRectF clip = QRectF(clipRect()).adjusted(-2, -2, 2, 2);
    const QCPAxis *keys = keyAxis();
    const QCPAxis *rows = valueAxis();
    const double rowPixels = std::fabs(rows->coordToPixel(1) - rows->coordToPixel(0));
    // Rows a few pixels high show no outline or whisker: plain bars, done ones darker.
    const bool detailed = m_detailed && rowPixels >= 6;
    const double half = std::max(0.5, kBarHeight * rowPixels / 2);
    const double cap = std::max(2.0, std::min(half * 0.75, 6.0));
    const QPen whiskerPen(withAlpha(m_whisker, 210), 1);
    for (std::size_t i = 0; i < m_bars.size(); ++i) {
        const GanttBar &bar = m_bars[i];
        const double y = rows->coordToPixel(static_cast<double>(i));
        if (y + half < clip.top() || y - half > clip.bottom())
            continue;
        const double left = keys->coordToPixel(std::min(bar.startKey, bar.finishKey));
        const double right = keys->coordToPixel(std::max(bar.startKey, bar.finishKey));
        const QRectF rect(QPointF(left, y - half), QPointF(std::max(right, left + 1), y + half));
        const QColor color = colorOf(bar);
        const double filled = std::clamp(bar.filled, 0.0, 1.0);
        if (rect.intersects(clip)) {
            ++m_drawnBars;
            painter->setPen(Qt::NoPen);
            if (!detailed) {
                painter->setBrush(filled > 0 ? color : withAlpha(color, 120));
                painter->drawRect(rect);
            } else {
                if (filled < 1) {
                    painter->setBrush(withAlpha(color, 50));
                    painter->drawRect(rect);
                }
                if (filled > 0) {
                    painter->setBrush(color);
                    painter->drawRect(
                        QRectF(rect.topLeft(), QSizeF(rect.width() * filled, rect.height())));
                }
                painter->setBrush(Qt::NoBrush);
                painter->setPen(QPen(color, 1));
                painter->drawRect(rect.adjusted(0, 0, -1, -1));
            }
        }
        if (detailed && bar.p10Key && bar.p90Key) {
            const double from = keys->coordToPixel(*bar.p10Key);
            const double to = keys->coordToPixel(*bar.p90Key);
            if (std::max(from, to) < clip.left() || std::min(from, to) > clip.right())
                continue;
            ++m_drawnWhiskers;
            painter->setPen(whiskerPen);
            painter->drawLine(QPointF(from, y), QPointF(to, y));
            painter->drawLine(QPointF(from, y - cap), QPointF(from, y + cap));
            painter->drawLine(QPointF(to, y - cap), QPointF(to, y + cap));
        }
    }
}

// ---------------------------------------------------------------------------------------------

TaskGanttChart::TaskGanttChart(QWidget *parent) : QCustomPlot(parent)
{
    chartstyle::applyDefaults(this);
    xAxis->setLabel(tr("Date"));
    xAxis->setTicker(QSharedPointer<WeekTicker>::create(xAxis));
    yAxis->setRangeReversed(true);
    yAxis->grid()->setVisible(false);
    // The names' size before any fitting (the theme may change it; see appearance.cpp).
    yAxis->setProperty("pp_intendedTickFont", yAxis->tickLabelFont());
    m_bars = new TaskBarsPlottable(xAxis, yAxis);
    m_bars->removeFromLegend();

    using Shape = LegendSwatch::Shape;
    // Colour says critical or not, shape says how far along (in the ink colour): a blue bar was
    // read as "not started" when its only blue swatch was the state's.
    m_criticalSwatch = new LegendSwatch(xAxis, yAxis, Shape::Filled, tr("critical path"));
    m_otherSwatch = new LegendSwatch(xAxis, yAxis, Shape::Filled, tr("other tasks"));
    m_swatches = {m_criticalSwatch,
                  m_otherSwatch,
                  new LegendSwatch(xAxis, yAxis, Shape::Filled, tr("done")),
                  new LegendSwatch(xAxis, yAxis, Shape::PartFilled, tr("in progress")),
                  new LegendSwatch(xAxis, yAxis, Shape::Outlined, tr("not started")),
                  new LegendSwatch(xAxis, yAxis, Shape::Whisker, tr("P10–P90 finish"))};
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(static_cast<int>(m_swatches.size()));
    // The legend sits above the axis rect, never over the bars, as wide as its entries.
    plotLayout()->insertRow(0);
    auto *legendHolder = new QCPLayoutGrid;
    plotLayout()->addElement(0, 0, legendHolder);
    legendHolder->addElement(0, 0, new QCPLayoutElement(this));
    legendHolder->addElement(0, 1, legend);
    legendHolder->addElement(0, 2, new QCPLayoutElement(this));
    legendHolder->setColumnStretchFactors({1, 0.001, 1});
    legendHolder->setMargins(QMargins(0, 0, 0, 2));
    plotLayout()->setRowStretchFactor(0, 0.001);

    m_today = verticalLine(this, QPen(kInk, 1.5));
    m_todayLabel = marginLabel(this, kInk);
    m_todayLabel->setText(tr("Today"));

    connect(this, &QCustomPlot::beforeReplot, this, &TaskGanttChart::reserveTopMargin);
    connect(this, &QCustomPlot::afterLayout, this, &TaskGanttChart::restyle);
    clearGantt();
}

void TaskGanttChart::clearGantt()
{
    setGantt(estimate::TaskGantt{});
}

void TaskGanttChart::setGantt(const estimate::TaskGantt &gantt)
{
    for (QCPItemLine *arrow : m_arrows)
        removeItem(arrow);
    m_arrows.clear();
    m_start = gantt.start;
    m_finishDay = gantt.finishDay;
    m_statusDay = gantt.statusDay;
    const auto key = [&gantt](double day) { return calendarDayKey(gantt.start, day); };

    std::vector<GanttBar> bars;
    bars.reserve(gantt.rows.size());
    m_labels.clear();
    bool critical = false;
    bool other = false;
    bool done = false;
    bool inProgress = false;
    bool notStarted = false;
    bool whiskers = false;
    double firstDay = 0;
    double lastDay = gantt.finishDay;
    for (const estimate::GanttRow &row : gantt.rows) {
        GanttBar bar;
        bar.startKey = key(row.startDay);
        bar.finishKey = key(row.finishDay);
        bar.critical = row.critical;
        switch (row.state) {
        case estimate::TaskState::Done:
            bar.filled = 1;
            bar.done = true;
            done = true;
            break;
        case estimate::TaskState::InProgress:
            bar.filled = std::clamp(row.shareDone, 0.0, 1.0);
            inProgress = true;
            break;
        case estimate::TaskState::NotStarted:
            bar.filled = 0;
            notStarted = true;
            break;
        }
        firstDay = std::min({firstDay, row.startDay, row.finishDay});
        lastDay = std::max({lastDay, row.startDay, row.finishDay});
        if (row.p10FinishDay && row.p90FinishDay) {
            bar.p10Key = key(*row.p10FinishDay);
            bar.p90Key = key(*row.p90FinishDay);
            firstDay = std::min(firstDay, *row.p10FinishDay);
            lastDay = std::max(lastDay, *row.p90FinishDay);
            whiskers = true;
        }
        // Done bars are in the ink colour: the colours name the bars still to finish.
        critical = critical || (row.critical && !bar.done);
        other = other || (!row.critical && !bar.done);
        m_labels << rowName(row.name, kMaxNameLength);
        bars.push_back(bar);
    }
    if (gantt.statusDay) {
        firstDay = std::min(firstDay, *gantt.statusDay);
        lastDay = std::max(lastDay, *gantt.statusDay);
    }

    // Arrows from each predecessor's finish (the bottom of its bar) to the row's start (the top
    // of its bar), under the bars; too many to read beyond kMaxDetailedRows rows.
    const auto rows = static_cast<int>(gantt.rows.size());
    if (rows <= kMaxDetailedRows) {
        for (int i = 0; i < rows; ++i) {
            for (const int from : gantt.rows[static_cast<std::size_t>(i)].predecessors) {
                if (from < 0 || from >= rows || from == i)
                    continue;
                const double down = i > from ? 1.0 : -1.0;
                auto *arrow = new QCPItemLine(this);
                arrow->setLayer(QStringLiteral("grid"));
                arrow->setSelectable(false);
                arrow->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 7, 8));
                arrow->setPen(QPen(referenceColor(false), 1));
                arrow->start->setCoords(bars[static_cast<std::size_t>(from)].finishKey,
                                        from + down * kBarHeight / 2);
                arrow->end->setCoords(bars[static_cast<std::size_t>(i)].startKey,
                                      i - down * kBarHeight / 2);
                m_arrows.push_back(arrow);
            }
        }
    }

    m_bars->setBars(std::move(bars));
    m_bars->setDetailed(rows <= kMaxDetailedRows);
    whiskers = whiskers && rows <= kMaxDetailedRows;
    setRowAxis(yAxis, m_labels);
    const double span = std::max(lastDay - firstDay, 1.0);
    const double pad = std::max(span * 0.02, 0.25);
    xAxis->setRange(key(firstDay - pad), key(lastDay + pad));

    m_today->setVisible(gantt.statusDay.has_value());
    m_todayLabel->setVisible(gantt.statusDay.has_value());
    if (gantt.statusDay) {
        placeVerticalLine(m_today, key(*gantt.statusDay));
        m_todayLabel->position->setCoords(key(*gantt.statusDay), 0);
    }

    // The legend names what is drawn, in a fixed order.
    const std::array<bool, 6> present{critical, other, done, inProgress, notStarted, whiskers};
    for (std::size_t i = 0; i < m_swatches.size(); ++i) {
        m_swatches[i]->removeFromLegend();
        if (present[i])
            m_swatches[i]->addToLegend();
    }
    legend->setVisible(rows > 0);
    reserveTopMargin();
    restyle();
    replot(QCustomPlot::rpQueuedReplot);
}

QString TaskGanttChart::rowLabel(int row) const
{
    return row >= 0 && row < rowCount() ? m_labels[row] : QString();
}

bool TaskGanttChart::rowIsCritical(int row) const
{
    return row >= 0 && row < rowCount() && bar(row).critical;
}

QColor TaskGanttChart::rowColor(int row) const
{
    return m_bars->colorOf(bar(row));
}

const GanttBar &TaskGanttChart::bar(int row) const
{
    return m_bars->bars().at(static_cast<std::size_t>(row));
}

LegendSwatch *TaskGanttChart::swatch(LegendSwatch::Shape shape) const
{
    // The colour swatches are filled too: the first other filled one is the done tasks'.
    for (LegendSwatch *s : m_swatches) {
        if (s != m_criticalSwatch && s != m_otherSwatch && s->shape() == shape)
            return s;
    }
    return nullptr;
}

void TaskGanttChart::updateLayout()
{
    settleLayout(
        this, [this]() { QCustomPlot::updateLayout(); },
        [this]() { return fitRowFont(this, yAxis, rowCount()); });
}

void TaskGanttChart::reserveTopMargin()
{
    keepMarginRoom(this, {m_todayLabel});
}

void TaskGanttChart::restyle()
{
    const bool dark = isDarkPlot(this);
    const QColor ink = xAxis->tickLabelColor();
    const QColor critical = themed(chartstyle::kAlert, dark);
    const QColor other = themed(chartstyle::kPrimary, dark);
    m_bars->setColors(critical, other, ink);
    for (LegendSwatch *s : m_swatches)
        s->setColor(s == m_criticalSwatch ? critical : s == m_otherSwatch ? other : ink);
    const QColor arrows = withAlpha(referenceColor(dark), 200);
    for (QCPItemLine *arrow : m_arrows)
        recolorPen(arrow, arrows);
    recolorPen(m_today, ink);
    alignMarginLabel(this, m_todayLabel);
}

QString TaskGanttChart::description() const
{
    if (rowCount() == 0)
        return tr("Task Gantt: no tasks.");
    const auto critical = std::count_if(m_bars->bars().begin(), m_bars->bars().end(),
                                        [](const GanttBar &b) { return b.critical; });
    QString text = tr("Task Gantt: %1 from %2 to %3, %4 on the critical path")
                       .arg(format::plural(tr("%n task(s)", nullptr, rowCount()), rowCount()),
                            longDate(m_start.isValid() ? m_start : QDate(1970, 1, 1)),
                            longDate(endDateOfKey(calendarDayKey(m_start, m_finishDay))))
                       .arg(critical);
    if (m_statusDay)
        text += tr("; today %1").arg(longDate(dateOfKey(calendarDayKey(m_start, *m_statusDay))));
    return text + QLatin1Char('.');
}

QSize TaskGanttChart::sizeHint() const
{
    const int line = QFontMetrics(font()).lineSpacing();
    const int rows = std::clamp(rowCount(), 1, kMaxRowsSized);
    const int row = std::max(20, line + 8);
    const int legendHeight = line + 10;
    const int today = line + 6;
    const int axis = 3 * line + 16; // two-line date labels and the axis label
    return {600, legendHeight + today + rows * row + axis};
}

// ---------------------------------------------------------------------------------------------

TornadoChart::TornadoChart(QWidget *parent) : QCustomPlot(parent)
{
    chartstyle::applyDefaults(this);
    chartstyle::setGroupedTicks({xAxis});
    yAxis->setRangeReversed(true);
    yAxis->grid()->setVisible(false);
    yAxis->setProperty("pp_intendedTickFont", yAxis->tickLabelFont());
    using Shape = LegendSwatch::Shape;
    m_optimisticSwatch =
        new LegendSwatch(xAxis, yAxis, Shape::Filled, tr("task at its optimistic time"));
    m_pessimisticSwatch =
        new LegendSwatch(xAxis, yAxis, Shape::Filled, tr("at its pessimistic time"));
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(2);
    legend->setVisible(true);
    // Above the axis rect: what was left out on the left, the legend on the right.
    plotLayout()->insertRow(0);
    auto *header = new QCPLayoutGrid;
    plotLayout()->addElement(0, 0, header);
    QFont cutFont = font();
    cutFont.setPointSizeF(cutFont.pointSizeF() * 0.9);
    m_cut = new QCPTextElement(this, QString(), cutFont);
    m_cut->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
    header->addElement(0, 0, m_cut);
    header->addElement(0, 1, legend);
    header->setColumnStretchFactors({1, 0.001});
    header->setMargins(QMargins(0, 0, 0, 2));
    plotLayout()->setRowStretchFactor(0, 0.001);

    m_p90Line = verticalLine(this, QPen(chartstyle::kAlert, 1.5, Qt::DashLine));
    m_p90Label = marginLabel(this, chartstyle::kAlert);
    connect(this, &QCustomPlot::beforeReplot, this, &TornadoChart::reserveTopMargin);
    connect(this, &QCustomPlot::afterLayout, this, &TornadoChart::restyle);
    clearTornado();
}

void TornadoChart::clearTornado()
{
    setTornado({}, {}, 0);
}

void TornadoChart::setTornado(const std::vector<estimate::TornadoBar> &bars,
                              const std::vector<estimate::Task> &tasks, double p90Hours)
{
    for (const Row &row : m_rows) {
        removeItem(row.optimistic);
        removeItem(row.pessimistic);
    }
    m_rows.clear();
    m_labels.clear();
    const std::size_t shown = std::min<std::size_t>(bars.size(), kMaxBars);
    double largest = p90Hours;
    for (std::size_t i = 0; i < shown; ++i)
        largest = std::max({largest, bars[i].p90LowHours, bars[i].p90HighHours});
    const auto [perUnit, unitName] = planUnit(largest);
    m_unitHours = perUnit;
    m_largestHours = largest;
    xAxis->setLabel(tr("P90 finish (%1)").arg(unitName));
    const double p90 = p90Hours / perUnit;
    double low = p90;
    double high = p90;
    const auto part = [this](double from, double to, double row) {
        auto *rect = new QCPItemRect(this);
        rect->setLayer(QStringLiteral("grid")); // under the P90's line
        rect->setSelectable(false);
        rect->setPen(Qt::NoPen);
        rect->topLeft->setCoords(from, row - kBarHeight / 2 - 0.05);
        rect->bottomRight->setCoords(to, row + kBarHeight / 2 + 0.05);
        rect->setVisible(to > from);
        return rect;
    };
    for (std::size_t i = 0; i < shown; ++i) {
        const estimate::TornadoBar &bar = bars[i];
        const double from = std::min(bar.p90LowHours, bar.p90HighHours) / perUnit;
        const double to = std::max(bar.p90LowHours, bar.p90HighHours) / perUnit;
        const auto row = static_cast<double>(i);
        m_rows.push_back(
            {part(from, std::min(to, p90), row), part(std::max(from, p90), to, row), from, to});
        low = std::min(low, from);
        high = std::max(high, to);
        const bool named = bar.task >= 0 && std::cmp_less(bar.task, tasks.size());
        m_labels << (named ? rowName(tasks[static_cast<std::size_t>(bar.task)].name,
                                     TaskGanttChart::kMaxNameLength)
                           : tr("task %1").arg(bar.task + 1));
    }
    setRowAxis(yAxis, m_labels);
    const double span = high - low > 0 ? high - low : std::max(p90, 1.0);
    xAxis->setRange(low - span * 0.06, high + span * 0.06);

    const bool any = shown > 0;
    m_p90Line->setVisible(any);
    m_p90Label->setVisible(any);
    placeVerticalLine(m_p90Line, p90);
    m_p90Label->position->setCoords(p90, 0);
    m_p90Label->setText(any ? tr("P90 %1").arg(planDuration(p90Hours, largest)) : QString());
    m_cut->setText(bars.size() > shown ? tr("top %1 of %2 tasks")
                                             .arg(static_cast<qulonglong>(shown))
                                             .arg(static_cast<qulonglong>(bars.size()))
                                       : QString());
    legend->setVisible(any);
    reserveTopMargin();
    restyle();
    replot(QCustomPlot::rpQueuedReplot);
}

QString TornadoChart::barLabel(int i) const
{
    return i >= 0 && i < barCount() ? m_labels[i] : QString();
}

QCPItemRect *TornadoChart::optimisticPart(int i) const
{
    return m_rows.at(static_cast<std::size_t>(i)).optimistic;
}

QCPItemRect *TornadoChart::pessimisticPart(int i) const
{
    return m_rows.at(static_cast<std::size_t>(i)).pessimistic;
}

std::pair<double, double> TornadoChart::barRange(int i) const
{
    const Row &row = m_rows.at(static_cast<std::size_t>(i));
    // The drawn parts' outer ends (a bar entirely on one side of the P90 has one part).
    const double low = row.optimistic->visible()    ? row.optimistic->topLeft->key()
                       : row.pessimistic->visible() ? row.pessimistic->topLeft->key()
                                                    : row.lowUnits;
    const double high = row.pessimistic->visible()  ? row.pessimistic->bottomRight->key()
                        : row.optimistic->visible() ? row.optimistic->bottomRight->key()
                                                    : row.highUnits;
    return {low * m_unitHours, high * m_unitHours};
}

void TornadoChart::updateLayout()
{
    settleLayout(
        this, [this]() { QCustomPlot::updateLayout(); },
        [this]() { return fitRowFont(this, yAxis, barCount()); });
}

void TornadoChart::reserveTopMargin()
{
    keepMarginRoom(this, {m_p90Label});
}

void TornadoChart::restyle()
{
    const bool dark = isDarkPlot(this);
    const QColor optimistic = themed(chartstyle::kPrimary, dark);
    const QColor pessimistic = themed(chartstyle::kSecondary, dark);
    m_optimisticSwatch->setColor(optimistic);
    m_pessimisticSwatch->setColor(pessimistic);
    for (const Row &row : m_rows) {
        row.optimistic->setBrush(optimistic);
        row.pessimistic->setBrush(pessimistic);
    }
    recolorPen(m_p90Line, themed(chartstyle::kAlert, dark));
    m_cut->setTextColor(xAxis->tickLabelColor());
    alignMarginLabel(this, m_p90Label);
}

QString TornadoChart::description() const
{
    if (m_rows.empty())
        return tr("Tornado: no tasks.");
    const auto [low, high] = barRange(0);
    QString text =
        tr("Tornado of the plan's %1: %2, the largest swing %3, from %4 to %5")
            .arg(p90Text(), format::plural(tr("%n task(s)", nullptr, barCount()), barCount()),
                 barLabel(0), planDuration(low, m_largestHours),
                 planDuration(high, m_largestHours));
    if (!cutText().isEmpty())
        text += QStringLiteral(" (%1)").arg(cutText());
    return text + QLatin1Char('.');
}

QSize TornadoChart::sizeHint() const
{
    const int line = QFontMetrics(font()).lineSpacing();
    const int rows = std::max(1, barCount());
    const int row = std::max(18, line + 4);
    return {600, (line + 10) + (line + 6) + rows * row + (2 * line + 16)};
}

// ---------------------------------------------------------------------------------------------

BurnUpChart::BurnUpChart(QWidget *parent) : QCustomPlot(parent)
{
    chartstyle::applyDefaults(this);
    xAxis->setLabel(tr("Date"));
    xAxis->setTicker(QSharedPointer<WeekTicker>::create(xAxis));
    chartstyle::setGroupedTicks({yAxis});
    // Drawn from the back: the cone's area, the plan, the forecast lines, the actual on top.
    m_cone = new QCPCurve(xAxis, yAxis);
    m_cone->setPen(Qt::NoPen);
    m_cone->setSelectable(QCP::stNone);
    m_cone->setName(tr("forecast P50 to P90"));
    m_plan = addGraph();
    m_plan->setPen(QPen(chartstyle::kSecondary, 1.8, Qt::DashLine));
    m_plan->setName(tr("plan"));
    m_p90 = addGraph();
    m_p90->setPen(QPen(chartstyle::kAlert, 1.5, Qt::DashLine));
    m_p90->setName(tr("forecast P90"));
    m_p50 = addGraph();
    m_p50->setPen(QPen(chartstyle::kPrimary, 1.5, Qt::DashLine));
    m_p50->setName(tr("forecast P50"));
    m_actual = addGraph();
    m_actual->setPen(QPen(chartstyle::kPrimary, 2.2));
    m_actual->setName(tr("actual"));
    for (QCPGraph *graph : {m_plan, m_p90, m_p50, m_actual})
        graph->setSelectable(QCP::stNone);
    legend->clearItems(); // setBurnUp names the lines it draws
    // Top left: the lines climb from the bottom left to the top right.
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);

    m_scopeLine = new QCPItemStraightLine(this);
    m_scopeLine->setSelectable(false);
    m_scopeLine->setPen(QPen(referenceColor(false), 1.2));
    m_scopeLabel = new QCPItemText(this);
    m_scopeLabel->setSelectable(false);
    m_scopeLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_scopeLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_scopeLabel->setPadding(QMargins(3, 0, 3, 2));
    m_scopeLabel->setColor(kInk);
    m_today = verticalLine(this, QPen(kInk, 1.5));
    m_todayLabel = marginLabel(this, kInk);
    m_todayLabel->setText(tr("Today"));
    connect(this, &QCustomPlot::beforeReplot, this, &BurnUpChart::reserveTopMargin);
    connect(this, &QCustomPlot::afterLayout, this, &BurnUpChart::restyle);
    clearBurnUp();
}

void BurnUpChart::clearBurnUp()
{
    setBurnUp(estimate::BurnUp{}, QDate());
}

void BurnUpChart::setBurnUp(const estimate::BurnUp &burnUp, QDate start)
{
    m_burnUp = burnUp;
    m_start = start;
    const std::pair<double, QString> unit = planUnit(burnUp.scopeHours);
    const double perUnit = unit.first; // a plain variable: lambdas below capture it
    m_unitHours = perUnit;
    yAxis->setLabel(tr("Work done (%1 of estimate)").arg(unit.second));
    const auto key = [start](double day) { return calendarDayKey(start, day); };
    double lastDay = 0;
    const auto setPoints = [&](QCPGraph *graph, const std::vector<estimate::BurnUpPoint> &points) {
        QVector<double> keys;
        QVector<double> values;
        keys.reserve(static_cast<qsizetype>(points.size()));
        values.reserve(static_cast<qsizetype>(points.size()));
        for (const estimate::BurnUpPoint &point : points) {
            keys.push_back(key(point.day));
            values.push_back(point.doneHours / perUnit);
            lastDay = std::max(lastDay, point.day);
        }
        // The core gives them in time order; equal days keep their order (a vertical step).
        graph->setData(keys, values, true);
    };
    setPoints(m_plan, burnUp.plan);
    setPoints(m_actual, burnUp.actual);
    // The cone starts at the last actual point, or at the start without one.
    const estimate::BurnUpPoint from =
        burnUp.actual.empty() ? estimate::BurnUpPoint{} : burnUp.actual.back();
    const auto coneLine = [&](QCPGraph *graph, const std::optional<estimate::BurnUpPoint> &to) {
        if (to)
            setPoints(graph, {from, *to});
        else
            graph->data()->clear();
    };
    coneLine(m_p50, burnUp.p50Finish);
    coneLine(m_p90, burnUp.p90Finish);
    m_cone->data()->clear();
    if (burnUp.p50Finish && burnUp.p90Finish) {
        m_cone->setData(
            QVector<double>{0, 1, 2},
            QVector<double>{key(from.day), key(burnUp.p50Finish->day), key(burnUp.p90Finish->day)},
            QVector<double>{from.doneHours / perUnit, burnUp.p50Finish->doneHours / perUnit,
                            burnUp.p90Finish->doneHours / perUnit});
    }
    // The legend names the lines drawn, in this order.
    legend->clearItems();
    for (QCPGraph *graph : {m_plan, m_actual, m_p50, m_p90}) {
        if (!graph->data()->isEmpty())
            graph->addToLegend();
    }

    const bool any = burnUp.scopeHours > 0 || !burnUp.plan.empty();
    const double scope = burnUp.scopeHours / perUnit;
    m_scopeLine->setVisible(any);
    m_scopeLabel->setVisible(any);
    m_scopeLine->point1->setCoords(key(0), scope);
    m_scopeLine->point2->setCoords(key(1), scope);
    m_scopeLabel->position->setCoords(0.99, scope);
    m_scopeLabel->setText(tr("Scope %1").arg(planDuration(burnUp.scopeHours, burnUp.scopeHours)));

    m_today->setVisible(burnUp.statusDay.has_value());
    m_todayLabel->setVisible(burnUp.statusDay.has_value());
    if (burnUp.statusDay) {
        placeVerticalLine(m_today, key(*burnUp.statusDay));
        m_todayLabel->position->setCoords(key(*burnUp.statusDay), 0);
        lastDay = std::max(lastDay, *burnUp.statusDay);
    }
    const double span = std::max(lastDay, 1.0);
    xAxis->setRange(key(-span * 0.01), key(lastDay + std::max(span * 0.03, 0.25)));
    yAxis->setRange(0, scope > 0 ? scope * 1.15 : 1);
    legend->setVisible(any);
    reserveTopMargin();
    restyle();
    replot(QCustomPlot::rpQueuedReplot);
}

void BurnUpChart::updateLayout()
{
    settleLayout(
        this, [this]() { QCustomPlot::updateLayout(); }, []() { return false; });
}

void BurnUpChart::reserveTopMargin()
{
    keepMarginRoom(this, {m_todayLabel});
}

void BurnUpChart::restyle()
{
    const bool dark = isDarkPlot(this);
    const QColor primary = themed(chartstyle::kPrimary, dark);
    recolorPen(m_plan, themed(chartstyle::kSecondary, dark));
    recolorPen(m_actual, primary);
    m_actual->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, primary, primary, 6));
    recolorPen(m_p50, primary);
    recolorPen(m_p90, themed(chartstyle::kAlert, dark));
    m_cone->setBrush(withAlpha(primary, dark ? 55 : 40));
    recolorPen(m_scopeLine, referenceColor(dark));
    recolorPen(m_today, xAxis->tickLabelColor());
    alignMarginLabel(this, m_todayLabel);
}

QString BurnUpChart::description() const
{
    if (m_burnUp.scopeHours <= 0 && m_burnUp.plan.empty())
        return tr("Burn-up: no plan.");
    const double scope = m_burnUp.scopeHours;
    const auto date = [this](double day) {
        return longDate(endDateOfKey(calendarDayKey(m_start, day)));
    };
    QStringList parts{tr("Burn-up: %1").arg(scopeText())};
    if (!m_burnUp.plan.empty())
        parts << tr("plan done by %1").arg(date(m_burnUp.plan.back().day));
    if (!m_burnUp.actual.empty())
        parts << tr("actual %1 by %2")
                     .arg(planDuration(m_burnUp.actual.back().doneHours, scope),
                          date(m_burnUp.actual.back().day));
    if (m_burnUp.p50Finish)
        parts << tr("forecast P50 %1").arg(date(m_burnUp.p50Finish->day));
    if (m_burnUp.p90Finish)
        parts << tr("P90 %1").arg(date(m_burnUp.p90Finish->day));
    return parts.join(QStringLiteral("; ")) + QLatin1Char('.');
}

} // namespace pipeplan
