#pragma once

#include "core/plan/evaluation.h"
#include "core/training/schedule.h"
#include "ui/training/scheduleset.h"

#include <qcustomplot.h>

#include <memory>
#include <vector>

namespace pipeplan {

/// Paints training schedules as lanes of device rows: forwards, backwards and weight gradients in
/// their own colours with microbatch numbers where they fit, idle time hatched. Ops narrower than
/// a few pixels are binned per pixel column (the column takes the kind that fills most of it), so
/// 262,144 ops on a 1,000-pixel axis cost a few thousand fills.
class SchedulePlottable : public QCPAbstractPlottable
{
    Q_OBJECT
public:
    SchedulePlottable(QCPAxis *timeAxis, QCPAxis *rowAxis);

    /// Lane i starts at row i x (devices + 1): one blank row between lanes.
    void setSchedules(ScheduleSet schedules);
    int rowsPerLane() const;
    int drawnOps() const { return m_drawnOps; }
    int drawnLabels() const { return m_drawnLabels; }

    double selectTest(const QPointF &pos, bool onlySelectable,
                      QVariant *details = nullptr) const override;
    QCPRange getKeyRange(bool &foundRange,
                         QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool &foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange &inKeyRange = QCPRange()) const override;

    /// The colour of an op: forward blue, backward orange, weight green; later chunks lighter.
    static QColor colorOf(schedule::OpKind kind, int chunk = 0);

protected:
    void draw(QCPPainter *painter) override;
    void drawLegendIcon(QCPPainter *painter, const QRectF &rect) const override;

private:
    void drawLane(QCPPainter *painter, const schedule::Result &result, double firstRow);

    ScheduleSet m_schedules;
    int m_drawnOps = 0;
    int m_drawnLabels = 0;
};

/// A Gantt of one schedule, or several stacked on one time axis (compare mode), with a legend
/// and a line per lane naming the schedule with its makespan, bubble and peak memory.
class ScheduleChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit ScheduleChart(QWidget *parent = nullptr);
    void setSchedules(const ScheduleSet &schedules);
    SchedulePlottable *ops() const { return m_ops; }
    /// The caption of lane i, as drawn.
    QString laneCaption(int lane) const;
    static QString captionOf(const schedule::Result &result);
    /// The colour lane captions are drawn in (the theme's text colour).
    QColor captionColor() const;

protected:
    /// A new theme recolours the lane captions (black on a dark chart would vanish).
    void changeEvent(QEvent *event) override;

private:
    SchedulePlottable *m_ops;
    std::vector<QCPItemText *> m_captions;
};

/// A byte count in the binary unit that reads best: "512 MiB", "80 GiB", "1.5 TiB".
QString binaryBytes(double bytes);

/// The binary unit an axis of byte counts up to `bytes` reads in: "KiB" to "TiB" and the bytes
/// in one of it (at least KiB).
struct ByteUnit
{
    QString name;
    double bytes = 1024;
};
ByteUnit byteUnitFor(double bytes);

/// How far a schedule's peak activations exceed its memory budget (schedule::memoryLimit()):
/// "over by 12 GiB" when the budget is in bytes (activation bytes and device memory given),
/// "over by 2 microbatches" otherwise; empty when it fits or has no budget.
QString overBudgetText(const schedule::Result &result);

/// Activations each device holds over time for one schedule: a step line per device, at most
/// eight devices drawn (evenly spread, first and last included). In microbatches' worth, or in
/// bytes when the schedule's inputs give the bytes of a microbatch's activations and the device
/// memory. The budget is a dashed red line: the device memory, or the memory budget in
/// microbatches (the tighter of the two when both are given).
class ScheduleMemoryChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit ScheduleMemoryChart(QWidget *parent = nullptr);
    /// Draws the memory lines the result holds for `schedule` (TrainingSchedule::memory); null or
    /// one without a result clears the chart.
    void setSchedule(const TrainingSchedule *schedule);
    /// The devices drawn, 0-based.
    const std::vector<int> &devicesShown() const { return m_devices; }
    /// Whether the y axis counts bytes (in byteUnit()) rather than microbatches.
    bool showsBytes() const { return m_bytes; }
    const ByteUnit &byteUnit() const { return m_unit; }
    /// The budget line and its label, hidden without a budget; the line's height in y units.
    QCPItemStraightLine *limitLine() const { return m_limit; }
    QCPItemText *limitLabel() const { return m_limitLabel; }
    double limitValue() const;
    /// Where the legend is drawn (right of the axis rect).
    QRect legendRect() const;

private:
    void fitLegendRows();

    std::vector<int> m_devices;
    bool m_bytes = false;
    ByteUnit m_unit;
    QCPItemStraightLine *m_limit;
    QCPItemText *m_limitLabel;
    /// The y axis's ticker in bytes, and in microbatches (whole numbers, the peak labelled).
    QSharedPointer<QCPAxisTicker> m_bytesTicker;
    QSharedPointer<QCPAxisTicker> m_countTicker;
};

} // namespace pipeplan
