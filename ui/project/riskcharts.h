#pragma once

// The project's risk charts: the task Gantt on the calendar, the tornado of what moves
// the P90, and the burn-up with its forecast cone. They draw what core computed (taskGantt,
// MonteCarloResult::tornado, burnUp); their only arithmetic is the unit of the axis and days to
// dates.

#include "core/project/forecast.h"
#include "core/project/montecarlo.h"
#include "core/project/task.h"
#include "core/project/taskgantt.h"

#include <QDate>
#include <qcustomplot.h>

#include <optional>
#include <utility>
#include <vector>

namespace pipeplan {

/// Where calendar day `day` of a plan (fractional, counted from the beginning of `start`, the
/// scale of GanttRow and BurnUpPoint) lies on a date axis: seconds since the epoch in UTC, so
/// every day is 86,400 s long and no clock change moves a bar. An invalid start counts from
/// 1 January 1970.
double calendarDayKey(QDate start, double day);

/// A date axis of calendarDayKey keys: a tick every Monday from the first one shown (every 2, 4,
/// 8, 13... weeks when the labels would touch; every day for a range under two weeks), labelled
/// "3 Mar", with the year under the first label and under the first of each new year when the
/// range spans a year end.
class WeekTicker : public QCPAxisTickerDateTime
{
public:
    explicit WeekTicker(QCPAxis *axis) : m_axis(axis) {}
    /// Days between the ticks of the last tick vector (1, 7, 14...).
    int stepDays() const { return m_stepDays; }

protected:
    QVector<double> createTickVector(double tickStep, const QCPRange &range) override;
    QVector<double> createSubTickVector(int, const QVector<double> &) override { return {}; }
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar,
                         int precision) override;

private:
    QCPAxis *m_axis;
    int m_stepDays = 7;
    QVector<double> m_yearTicks; ///< ticks whose label shows the year
};

/// A legend entry without data: a filled, part-filled or outlined bar, or a whisker.
class LegendSwatch : public QCPAbstractPlottable
{
    Q_OBJECT
public:
    enum class Shape
    {
        Filled,
        PartFilled,
        Outlined,
        Whisker
    };
    LegendSwatch(QCPAxis *keyAxis, QCPAxis *valueAxis, Shape shape, const QString &name);
    Shape shape() const { return m_shape; }
    void setColor(const QColor &color) { m_color = color; }
    QColor color() const { return m_color; }

    double selectTest(const QPointF &, bool, QVariant * = nullptr) const override { return -1; }
    QCPRange getKeyRange(bool &foundRange, QCP::SignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool &foundRange, QCP::SignDomain = QCP::sdBoth,
                           const QCPRange & = QCPRange()) const override;

protected:
    void draw(QCPPainter *) override {}
    void drawLegendIcon(QCPPainter *painter, const QRectF &rect) const override;

private:
    Shape m_shape;
    QColor m_color;
};

/// One task's bar as the Gantt draws it, on calendarDayKey keys.
struct GanttBar
{
    double startKey = 0;
    double finishKey = 0;
    std::optional<double> p10Key; ///< the whisker, when the row has both ends
    std::optional<double> p90Key;
    bool critical = false;
    double filled = 0; ///< the share filled solid: 1 done, shareDone in progress, 0 not started
    bool done = false; ///< drawn in the ink colour, as the legend's "done" swatch
    bool operator==(const GanttBar &) const = default;
};

/// Every bar and whisker of the task Gantt in one pass: row i at value i, critical bars in one
/// colour and the others in another, done bars filled in the ink colour, in-progress bars filled up
/// to their share and outlined after, bars not started outlined over a light fill, whiskers from
/// P10 to P90 with end caps. Rows thinner than a few pixels draw as plain bars without whiskers.
class TaskBarsPlottable : public QCPAbstractPlottable
{
    Q_OBJECT
public:
    TaskBarsPlottable(QCPAxis *keyAxis, QCPAxis *rowAxis);
    void setBars(std::vector<GanttBar> bars) { m_bars = std::move(bars); }
    /// Whiskers, outlines and part fills (off: plain bars, for thousands of rows).
    void setDetailed(bool detailed) { m_detailed = detailed; }
    const std::vector<GanttBar> &bars() const { return m_bars; }
    /// The theme's colours: critical bars, other bars, whiskers.
    void setColors(const QColor &critical, const QColor &other, const QColor &whisker);
    /// Done bars in the ink colour (the legend's "done"), the others by critical or not.
    QColor colorOf(const GanttBar &bar) const
    {
        return bar.done ? m_whisker : bar.critical ? m_critical : m_other;
    }
    QColor whiskerColor() const { return m_whisker; }
    /// What the last draw painted: bars and whiskers inside the clip.
    int drawnBars() const { return m_drawnBars; }
    int drawnWhiskers() const { return m_drawnWhiskers; }

    double selectTest(const QPointF &, bool, QVariant * = nullptr) const override { return -1; }
    QCPRange getKeyRange(bool &foundRange, QCP::SignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool &foundRange, QCP::SignDomain = QCP::sdBoth,
                           const QCPRange & = QCPRange()) const override;

protected:
    void draw(QCPPainter *painter) override;
    void drawLegendIcon(QCPPainter *, const QRectF &) const override {}

private:
    std::vector<GanttBar> m_bars;
    QColor m_critical;
    QColor m_other;
    QColor m_whisker;
    bool m_detailed = true;
    int m_drawnBars = 0;
    int m_drawnWhiskers = 0;
};

/// The tasks on the calendar (estimate::TaskGantt): one row per task, the first at the top, named
/// on the left; a bar from start to finish, red on the critical path; the P10 to P90 finish as a
/// whisker; an arrow from each predecessor's finish to the task's start; today's line; a date
/// axis. Beyond kMaxDetailedRows rows only the bars are drawn (no arrows) and the names thin out
/// to what the height can show.
class TaskGanttChart : public QCustomPlot
{
    Q_OBJECT
public:
    static constexpr int kMaxDetailedRows = 200;
    /// Longer task names are cut to this many characters, the last one "…".
    static constexpr int kMaxNameLength = 30;
    /// Rows counted in sizeHint(); more share that height.
    static constexpr int kMaxRowsSized = 20;

    explicit TaskGanttChart(QWidget *parent = nullptr);
    void setGantt(const estimate::TaskGantt &gantt);
    void clearGantt();

    int rowCount() const { return static_cast<int>(m_labels.size()); }
    /// Row `row`'s name as drawn on the axis (cut at kMaxNameLength), top row 0.
    QString rowLabel(int row) const;
    bool rowIsCritical(int row) const;
    /// The colour row `row`'s bar is drawn in (the alert colour on the critical path).
    QColor rowColor(int row) const;
    /// Row `row`'s bar; row must be in range.
    const GanttBar &bar(int row) const;
    TaskBarsPlottable *bars() const { return m_bars; }
    int arrowCount() const { return static_cast<int>(m_arrows.size()); }
    QCPItemLine *arrow(int i) const { return m_arrows.at(static_cast<std::size_t>(i)); }
    /// Today's line (statusDay), hidden without one, and its "Today" label above the chart.
    QCPItemStraightLine *todayLine() const { return m_today; }
    QCPItemText *todayLabel() const { return m_todayLabel; }
    LegendSwatch *swatch(LegendSwatch::Shape shape) const;
    /// The colour swatches: the critical path's and the other tasks'.
    LegendSwatch *criticalSwatch() const { return m_criticalSwatch; }
    LegendSwatch *otherSwatch() const { return m_otherSwatch; }
    /// What the chart shows, in a sentence (for a screen reader).
    QString description() const;
    QSize sizeHint() const override;

protected:
    /// Laid out again when the size changed (the axes pick their ticks before the layout places
    /// them) or the names had to shrink to fit their rows.
    void updateLayout() override;

private:
    void restyle();
    void reserveTopMargin();

    TaskBarsPlottable *m_bars;
    /// critical, other, done, in progress, not started, whisker
    std::vector<LegendSwatch *> m_swatches;
    LegendSwatch *m_criticalSwatch;
    LegendSwatch *m_otherSwatch;
    std::vector<QCPItemLine *> m_arrows;
    QCPItemStraightLine *m_today;
    QCPItemText *m_todayLabel;
    QStringList m_labels;
    QDate m_start;
    double m_finishDay = 0;
    std::optional<double> m_statusDay;
};

/// The tornado (estimate::TornadoBar): what moves the plan's P90 most, one bar per task from the
/// P90 with the task at its optimistic time to the P90 at its pessimistic time, split at the
/// plan's P90, largest swing at the top (the bars' own order), at most kMaxBars of them.
class TornadoChart : public QCustomPlot
{
    Q_OBJECT
public:
    static constexpr int kMaxBars = 15;

    explicit TornadoChart(QWidget *parent = nullptr);
    /// `bars` in the order to draw them, largest swing first; `tasks` names them (bar.task);
    /// `p90Hours` is the plan's P90, where each bar splits.
    void setTornado(const std::vector<estimate::TornadoBar> &bars,
                    const std::vector<estimate::Task> &tasks, double p90Hours);
    void clearTornado();

    int barCount() const { return static_cast<int>(m_rows.size()); }
    /// Bar i's task name as drawn (top first).
    QString barLabel(int i) const;
    /// Bar i's ends as drawn, converted back to hours (p90LowHours, p90HighHours).
    std::pair<double, double> barRange(int i) const;
    /// Bar i's optimistic part (left of the P90) and pessimistic part; either may be hidden.
    QCPItemRect *optimisticPart(int i) const;
    QCPItemRect *pessimisticPart(int i) const;
    QCPItemStraightLine *p90Line() const { return m_p90Line; }
    /// "P90 12.3 weeks".
    QString p90Text() const { return m_p90Label->text(); }
    /// "top 15 of 40 tasks" when bars were left out, else empty.
    QString cutText() const { return m_cut->text(); }
    double unitHours() const { return m_unitHours; }
    LegendSwatch *optimisticSwatch() const { return m_optimisticSwatch; }
    LegendSwatch *pessimisticSwatch() const { return m_pessimisticSwatch; }
    QString description() const;
    QSize sizeHint() const override;

protected:
    void updateLayout() override;

private:
    struct Row
    {
        QCPItemRect *optimistic;
        QCPItemRect *pessimistic;
        double lowUnits;
        double highUnits;
    };
    void restyle();
    void reserveTopMargin();

    LegendSwatch *m_optimisticSwatch;
    LegendSwatch *m_pessimisticSwatch;
    QCPTextElement *m_cut;
    std::vector<Row> m_rows;
    QStringList m_labels;
    QCPItemStraightLine *m_p90Line;
    QCPItemText *m_p90Label;
    double m_unitHours = 1;
    double m_largestHours = 0; ///< what chose the unit
};

/// The burn-up (estimate::BurnUp): work done against the calendar, the plan dashed, the actual
/// solid with its points, the forecast cone from the last actual point to the scope at the P50
/// and at the P90 finish (the area between them shaded), the scope line and today's line.
class BurnUpChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit BurnUpChart(QWidget *parent = nullptr);
    /// `start` is the plan's start date, day 0 of the burn-up's points.
    void setBurnUp(const estimate::BurnUp &burnUp, QDate start);
    void clearBurnUp();

    QCPGraph *planGraph() const { return m_plan; }
    QCPGraph *actualGraph() const { return m_actual; }
    QCPGraph *p50Graph() const { return m_p50; }
    QCPGraph *p90Graph() const { return m_p90; }
    /// The shaded area between the P50 and the P90 lines (a triangle, or nothing).
    QCPCurve *cone() const { return m_cone; }
    QCPItemStraightLine *scopeLine() const { return m_scopeLine; }
    /// "Scope 12.3 weeks".
    QString scopeText() const { return m_scopeLabel->text(); }
    QCPItemStraightLine *todayLine() const { return m_today; }
    QCPItemText *todayLabel() const { return m_todayLabel; }
    /// Hours per unit of the y axis (planUnit of the scope).
    double unitHours() const { return m_unitHours; }
    QString description() const;

protected:
    void updateLayout() override;

private:
    void restyle();
    void reserveTopMargin();

    QCPGraph *m_plan;
    QCPGraph *m_actual;
    QCPGraph *m_p50;
    QCPGraph *m_p90;
    QCPCurve *m_cone;
    QCPItemStraightLine *m_scopeLine;
    QCPItemText *m_scopeLabel;
    QCPItemStraightLine *m_today;
    QCPItemText *m_todayLabel;
    double m_unitHours = 1;
    estimate::BurnUp m_burnUp;
    QDate m_start;
};

} // namespace pipeplan
