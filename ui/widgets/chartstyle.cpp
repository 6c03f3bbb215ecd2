#include "ui/widgets/chartstyle.h"

#include "core/base/format.h"
#include "core/base/units.h"

#include <QCoreApplication>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace pipeplan::chartstyle {

void applyDefaults(QCustomPlot *plot)
{
    // Grid, axes and fills need no antialiasing; curves and markers keep it (a few hundred points).
    plot->setNotAntialiasedElements(QCP::aeAxes | QCP::aeGrid | QCP::aeSubGrid | QCP::aeFills |
                                    QCP::aeZeroLine);
    plot->setNoAntialiasingOnDrag(true);
    // A replot marks the widget dirty instead of repainting it at once, so the three charts, the
    // table and the headline reach the screen in one paint pass per frame.
    plot->setPlottingHint(QCP::phImmediateRefresh, false);
    plot->setPlottingHint(QCP::phFastPolylines, true);
    // One paint buffer per chart instead of two: the overlay layer is unused, and every buffer
    // costs a full clear and an alpha blend on each frame.
    plot->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);
    plot->setMinimumSize(240, 160);
    for (QCPAxis *axis : {plot->xAxis, plot->yAxis}) {
        axis->grid()->setPen(QPen(QColor(0, 0, 0, 35), 0, Qt::DotLine));
        axis->grid()->setSubGridVisible(false);
    }
    QFont legendFont = plot->font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.9);
    plot->legend->setFont(legendFont);
    plot->legend->setBrush(QColor(255, 255, 255, 220));
    plot->legend->setBorderPen(QPen(QColor(0, 0, 0, 60)));
}

namespace {
/// `value` by its largest unit: "1k", "2.5M", with `billion` the letter for 10^9.
QString compact(double value, const char *billion)
{
    const struct
    {
        double scale;
        const char *suffix;
    } units[] = {{1e12, "T"}, {1e9, billion}, {1e6, "M"}, {1e3, "k"}};
    for (const auto &unit : units) {
        if (std::fabs(value) >= unit.scale)
            return format::trimmed(value / unit.scale, 2) + QLatin1String(unit.suffix);
    }
    return format::trimmed(value, 2);
}
} // namespace

QString compactNumber(double value)
{
    return compact(value, "G");
}

QString compactMoney(double amount, const QString &currencyCode)
{
    // A billion dollars is "$1B" on a slide, as format::roundedMoney writes it; "G" is for counts.
    const QString number = compact(amount, "B");
    const QString sign = format::currencySymbol(currencyCode);
    return sign.isEmpty() ? number + QLatin1Char(' ') + currencyCode : sign + number;
}

namespace {
/// Decades labelled compactly ("10k", "1M"); QCPAxisTickerLog steps by more than a decade when
/// the axis is too short for one label per decade (appearance's tick fitting sets the count).
class CompactLogTicker : public QCPAxisTickerLog
{
protected:
    QString getTickLabel(double tick, const QLocale &, QChar, int) override
    {
        return compactNumber(tick);
    }
};
} // namespace

void setLogAxis(QCPAxis *axis)
{
    axis->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<CompactLogTicker>::create();
    ticker->setLogBase(10);
    ticker->setSubTickCount(0);
    // One tick per decade over up to 8 decades when the axis has the room.
    ticker->setTickCount(8);
    axis->setTicker(ticker);
}

namespace {
class MillisecondsTicker : public QCPAxisTicker
{
protected:
    QString getTickLabel(double tick, const QLocale &, QChar, int) override
    {
        return format::milliseconds(tick);
    }
};
} // namespace

QVector<double> RowTicker::createTickVector(double, const QCPRange &)
{
    QVector<double> ticks;
    const qsizetype rows = m_labels.size();
    if (rows == 0)
        return ticks;
    const double rowPixels = std::fabs(m_axis->coordToPixel(1) - m_axis->coordToPixel(0));
    const QFontMetrics metrics(m_axis->tickLabelFont());
    const qsizetype every = std::max<qsizetype>(
        1, static_cast<qsizetype>(std::ceil(metrics.height() / std::max(1.0, rowPixels))));
    for (qsizetype i = 0; i < rows; i += every) {
        if (!m_labels[i].isEmpty())
            ticks.push_back(static_cast<double>(i));
    }
    return ticks;
}

QString RowTicker::getTickLabel(double tick, const QLocale &, QChar, int)
{
    const auto index = static_cast<qsizetype>(std::lround(tick));
    return index >= 0 && index < m_labels.size() ? m_labels[index] : QString();
}

void setMillisecondsAxis(QCPAxis *axis)
{
    axis->setTicker(QSharedPointer<MillisecondsTicker>::create());
}

namespace {
/// Readable durations on a log axis of seconds, thinned to what fits: on a narrow chart
/// "1 min, 1 h, 1 day, 1 week..." would collide, so only ticks a label's width apart are kept.
class DurationTicker : public QCPAxisTicker
{
public:
    explicit DurationTicker(QCPAxis *axis) : m_axis(axis)
    {
        using namespace units;
        // Each tick's words are translated whole: "1 day", "10 years".
        const auto tick = [](const char *text) {
            return QCoreApplication::translate("pipeplan::chartstyle", text);
        };
        m_ticks = {
            {1e-3, tick(QT_TRANSLATE_NOOP("pipeplan::chartstyle", "1 ms"))},
            {1, tick(QT_TRANSLATE_NOOP("pipeplan::chartstyle", "1 s"))},
            {kSecondsPerMinute, tick(QT_TRANSLATE_NOOP("pipeplan::chartstyle", "1 min"))},
            {kSecondsPerHour, tick(QT_TRANSLATE_NOOP("pipeplan::chartstyle", "1 h"))},
            {kSecondsPerDay, tick(QT_TRANSLATE_NOOP("pipeplan::chartstyle", "1 day"))},
            {7 * kSecondsPerDay, tick(QT_TRANSLATE_NOOP("pipeplan::chartstyle", "1 week"))},
            {kSecondsPerYear / 12, tick(QT_TRANSLATE_NOOP("pipeplan::chartstyle", "1 month"))},
            {kSecondsPerYear, tick(QT_TRANSLATE_NOOP("pipeplan::chartstyle", "1 year"))},
            {10 * kSecondsPerYear, tick(QT_TRANSLATE_NOOP("pipeplan::chartstyle", "10 years"))},
            {100 * kSecondsPerYear, tick(QT_TRANSLATE_NOOP("pipeplan::chartstyle", "100 years"))},
            {1000 * kSecondsPerYear,
             tick(QT_TRANSLATE_NOOP("pipeplan::chartstyle", "1,000 years"))},
            {1e4 * kSecondsPerYear,
             tick(QT_TRANSLATE_NOOP("pipeplan::chartstyle", "10,000 years"))}};
    }

protected:
    QVector<double> createTickVector(double, const QCPRange &range) override
    {
        QVector<double> kept;
        const QFontMetrics metrics(m_axis->tickLabelFont());
        double lastPixel = -1e9;
        double lastHalfWidth = 0;
        for (const auto &[seconds, label] : m_ticks) {
            if (!range.contains(seconds))
                continue;
            const double pixel = m_axis->coordToPixel(seconds);
            const double halfWidth = metrics.horizontalAdvance(label) / 2.0;
            if (std::fabs(pixel - lastPixel) < lastHalfWidth + halfWidth + 10)
                continue;
            kept.push_back(seconds);
            lastPixel = pixel;
            lastHalfWidth = halfWidth;
        }
        return kept;
    }
    QVector<double> createSubTickVector(int, const QVector<double> &) override { return {}; }
    QString getTickLabel(double tick, const QLocale &, QChar, int) override
    {
        for (const auto &[seconds, label] : m_ticks) {
            if (seconds == tick)
                return label;
        }
        return format::duration(tick);
    }

private:
    QCPAxis *m_axis;
    std::vector<std::pair<double, QString>> m_ticks;
};
} // namespace

void setDurationAxis(QCPAxis *axis)
{
    axis->setScaleType(QCPAxis::stLogarithmic);
    axis->setTicker(QSharedPointer<DurationTicker>::create(axis));
}

namespace {
/// The ticker behind setGroupedTicks: QCustomPlot's steps, labelled by format::tickLabel.
class GroupedTicker : public QCPAxisTicker
{
protected:
    QVector<double> createTickVector(double tickStep, const QCPRange &range) override
    {
        m_step = tickStep;
        return QCPAxisTicker::createTickVector(tickStep, range);
    }
    QString getTickLabel(double tick, const QLocale &, QChar, int) override
    {
        return format::tickLabel(tick, m_step);
    }

private:
    double m_step = 1;
};
} // namespace

void setGroupedTicks(const QList<QCPAxis *> &axes)
{
    for (QCPAxis *axis : axes)
        axis->setTicker(QSharedPointer<GroupedTicker>::create());
}

QString wrapToWidth(const QString &text, const QFont &font, int widthPx)
{
    const QFontMetrics metrics(font);
    QStringList lines;
    QString line;
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(longer) > widthPx) {
            lines << line;
            line = word;
        } else {
            line = longer;
        }
    }
    if (!line.isEmpty())
        lines << line;
    return lines.join(QLatin1Char('\n'));
}

int placeMarkerLabels(QCPAxisRect *rect, const std::vector<MarkerLabel> &labels, double topPx)
{
    constexpr int kGapPx = 4; // between a line and its label
    const QRect area = rect->rect();
    const double plotHeight = std::max(1, area.height());
    QCPAxis *keyAxis = rect->axis(QCPAxis::atBottom);
    // The text spans taken in each row so far, in pixels (without the gap beside the line, so
    // two labels either side of one line share a row).
    std::vector<std::vector<std::pair<double, double>>> rows;
    const auto fits = [&](size_t row, std::pair<double, double> text) {
        if (text.first < area.left() || text.second > area.right())
            return false;
        if (row >= rows.size())
            return true;
        return std::none_of(rows[row].begin(), rows[row].end(), [&](const auto &span) {
            return text.first < span.second + kGapPx && text.second + kGapPx > span.first;
        });
    };
    // A label may be wrapped to the plot's width: measured by its lines.
    const auto textSize = [](const QCPItemText *label) {
        return QFontMetricsF(label->font())
            .boundingRect(QRectF(), Qt::AlignLeft | Qt::AlignTop, label->text())
            .size();
    };
    double rowHeight = 0;
    for (const MarkerLabel &marker : labels) {
        if (marker.label->visible())
            rowHeight =
                std::max({rowHeight, textSize(marker.label).height(),
                          static_cast<double>(QFontMetrics(marker.label->font()).height())});
    }
    for (const MarkerLabel &marker : labels) {
        QCPItemText *label = marker.label;
        if (!label->visible())
            continue;
        const double x = keyAxis->coordToPixel(marker.key);
        const double width = textSize(label).width() + 1;
        enum class Side
        {
            Right,
            Left,
            Over
        };
        const Side sides[] = {marker.preferRight ? Side::Right : Side::Left,
                              marker.preferRight ? Side::Left : Side::Right};
        const auto textSpan = [&](Side side) {
            const double left = side == Side::Right ? x + kGapPx : x - kGapPx - width;
            return std::pair(left, left + width);
        };
        size_t row = 0;
        Side side = Side::Over;
        for (;; ++row) {
            const auto *found = std::find_if(std::begin(sides), std::end(sides), [&](Side tried) {
                return fits(row, textSpan(tried));
            });
            if (found != std::end(sides)) {
                side = *found;
                break;
            }
            // Neither side has room in the plot at all: over the line, inside the plot, in a
            // row of its own.
            if (row >= rows.size())
                break;
        }
        const double overLeft = std::clamp(x - width / 2, static_cast<double>(area.left()),
                                           std::max<double>(area.left(), area.right() - width));
        const std::pair<double, double> text =
            side == Side::Over ? std::pair(overLeft, overLeft + width) : textSpan(side);
        if (row >= rows.size())
            rows.resize(row + 1);
        rows[row].push_back(text);
        label->setPositionAlignment((side == Side::Left ? Qt::AlignRight : Qt::AlignLeft) |
                                    Qt::AlignTop);
        label->setPadding(side == Side::Right  ? QMargins(kGapPx, 0, 0, 0)
                          : side == Side::Left ? QMargins(0, 0, kGapPx, 0)
                                               : QMargins());
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(keyAxis->pixelToCoord(side == Side::Over ? overLeft : x),
                                   (topPx + static_cast<double>(row) * (rowHeight + 2)) /
                                       plotHeight);
    }
    return static_cast<int>(rows.size());
}

} // namespace pipeplan::chartstyle
