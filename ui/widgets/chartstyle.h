#pragma once

#include <QColor>
#include <QString>
#include <QStringList>

#include <qcustomplot.h>

#include <vector>

/// Colours and axis setup shared by every chart, so the window and exported reports look alike.
namespace pipeplan::chartstyle {

inline const QColor kPrimary{0x1f, 0x5f, 0xbf};   // the scenario's curve and bars
inline const QColor kSecondary{0xe0, 0x7b, 0x00}; // a compared value
inline const QColor kMuted{0x8a, 0x8f, 0x98};     // ideal lines, levers not used
inline const QColor kAlert{0xc6, 0x28, 0x28};     // the bottleneck, the ceiling
inline const QColor kBubble{0x9e, 0xa4, 0xae};    // pipeline fill and drain
inline const QColor kWait{0xf0, 0xa0, 0x30};      // waiting behind a slower stage
// Bars on either theme: kPrimary's hue, light enough to stand out on a dark chart (about 5:1
// against black) and dark enough on white (about 3.6:1).
inline const QColor kBar{0x3d, 0x85, 0xe0};

/// A histogram whose values are all equal (one bin of no width) draws one bar this many pixels
/// wide, centred on the value.
inline constexpr double kSingleBinPixels = 8;

/// Common look: readable fonts, no antialiasing on data (speed), a light grid.
void applyDefaults(QCustomPlot *plot);

/// A log axis with "1", "10", "1k", "1M" tick labels.
void setLogAxis(QCPAxis *axis);

/// A log axis of seconds labelled in readable durations (1 s, 1 min, 1 h, 1 day, 1 year...).
void setDurationAxis(QCPAxis *axis);

/// QCustomPlot's readable steps (1, 2, 2.5, 5 × 10^k) on each axis, labelled with English
/// grouping and the decimals the step needs ("10,000", "2.5"), never "1e+04" or "1·10^4".
void setGroupedTicks(const QList<QCPAxis *> &axes);

/// A linear time axis in milliseconds whose labels read "250 ms", "1.5 s", "160 s".
void setMillisecondsAxis(QCPAxis *axis);

/// Row names on a categorical axis (a Gantt's stages or devices), thinned to every k-th row when
/// rows are too close for text. It decides while the axis lays out, when it knows its height.
class RowTicker : public QCPAxisTicker
{
public:
    RowTicker(QCPAxis *axis, QStringList labels) : m_axis(axis), m_labels(std::move(labels)) {}

protected:
    QVector<double> createTickVector(double tickStep, const QCPRange &range) override;
    QVector<double> createSubTickVector(int, const QVector<double> &) override { return {}; }
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar,
                         int precision) override;

private:
    QCPAxis *m_axis;
    QStringList m_labels;
};

/// Compact number for tick labels: 1, 10, 100, 1k, 10k, 1M, 1G.
QString compactNumber(double value);

/// Compact money for tick labels in the currency's sign (or after its code): "$1k", "$10M",
/// "$1B", "CHF 100k".
QString compactMoney(double amount, const QString &currencyCode);

/// `text` broken into lines at spaces so that each line is at most `widthPx` wide in `font` (a
/// word longer than that stays whole on its own line): a chart's label that fits its plot.
QString wrapToWidth(const QString &text, const QFont &font, int widthPx);

/// The label of a vertical marker line (a P50, a P90, the closed form) at `key` on the x axis,
/// beside the line on the side it prefers.
struct MarkerLabel
{
    QCPItemText *label;
    double key;
    bool preferRight;
};

/// Places marker labels in rows from `topPx` below the top of the axis rect: each beside its line
/// on the side it prefers, else on the other, else in the next row, so none runs past the plot's
/// edge or prints over another; a label with room on neither side of its line slides inside the
/// plot over it. Called once the plot is laid out (QCustomPlot::afterLayout), when the pixels
/// are known: a fixed side ran past the edge of a narrow plot, and a fixed stack ran off the
/// bottom of a short one (a laptop in presentation mode). Returns the rows used.
int placeMarkerLabels(QCPAxisRect *rect, const std::vector<MarkerLabel> &labels, double topPx = 2);

} // namespace pipeplan::chartstyle
