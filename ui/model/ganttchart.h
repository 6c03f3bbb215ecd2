#pragma once

#include "core/model/pipeline.h"
#include "core/plan/series.h"

#include <QPointer>
#include <QWidget>
#include <qcustomplot.h>

class QCheckBox;
class QLabel;
class QPushButton;

namespace pipeplan {

class ScenarioDocument;

/// Draws a computed pipeline schedule: one bar per (stage, microbatch) labelled with the
/// microbatch number where it fits, idle time as hatched bubbles, the bottleneck row in its own
/// colour. One plottable paints every rectangle, so 64 x 512 cells cost one pass. As a ghost it
/// draws only faded outlines of the work (the current split behind the balanced one).
class GanttPlottable : public QCPAbstractPlottable
{
    Q_OBJECT
public:
    enum class Look
    {
        Work, ///< filled bars, numbers, bubbles and waiting hatched
        Ghost ///< translucent outlines of the work only
    };

    explicit GanttPlottable(QCPAxis *timeAxis, QCPAxis *stageAxis, Look look = Look::Work);

    void setSchedule(const pipeline::Schedule *schedule, int stageCount, int bottleneckStage);
    /// Height of a bar in stage rows (0.72 alone; thinner over a ghost so the ghost shows).
    void setBarHeight(double rows) { m_barHeight = rows; }
    double barHeight() const { return m_barHeight; }
    /// Shift of the bars from the row's centre, in rows (the balanced lane above, the ghost's
    /// below, so neither hides the other).
    void setRowOffset(double rows) { m_rowOffset = rows; }
    Look look() const { return m_look; }
    const pipeline::Schedule *schedule() const { return m_schedule; }
    int drawnBars() const { return m_drawnBars; }
    int drawnLabels() const { return m_drawnLabels; }
    /// Microbatch numbers left out because the bar was wide enough but too short for the font
    /// (the chart is squeezed: every number should still be read).
    int skippedLabels() const { return m_skippedLabels; }

    double selectTest(const QPointF &pos, bool onlySelectable,
                      QVariant *details = nullptr) const override;
    QCPRange getKeyRange(bool &foundRange,
                         QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool &foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange &inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter *painter) override;
    void drawLegendIcon(QCPPainter *painter, const QRectF &rect) const override;

private:
    QRectF cellRect(int stage, double startMs, double endMs) const;
    void drawIdle(QCPPainter *painter, const QRectF &clip);
    void drawGhost(QCPPainter *painter, const QRectF &clip);

    const pipeline::Schedule *m_schedule = nullptr;
    Look m_look = Look::Work;
    double m_barHeight = 0.72;
    double m_rowOffset = 0;
    int m_stageCount = 0;
    int m_bottleneck = -1;
    int m_drawnBars = 0;
    int m_drawnLabels = 0;
    int m_skippedLabels = 0;
    // Pixel transform of the current draw (both axes linear).
    double m_pixelAtZeroMs = 0;
    double m_pixelsPerMs = 1;
    double m_pixelAtRowZero = 0;
    double m_pixelsPerRow = 1;
};

/// A linear axis of milliseconds labelled in ONE unit chosen from the range (all "ms", or all
/// "s", ...), at round steps (format::niceStep) with the decimals the step needs
/// (format::tickLabel): "0 s, 50 s, 100 s", never "0 ms, 25 s".
class TimeUnitTicker : public QCPAxisTicker
{
public:
    explicit TimeUnitTicker(QCPAxis *axis) : m_axis(axis) {}
    /// The unit the last tick vector was labelled in ("µs", "ms", "s", "min", "h", "days").
    QString unit() const { return m_unit; }

protected:
    QVector<double> createTickVector(double tickStep, const QCPRange &range) override;
    QVector<double> createSubTickVector(int, const QVector<double> &) override { return {}; }
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar,
                         int precision) override;

private:
    QCPAxis *m_axis;
    QString m_unit = QStringLiteral("ms");
    double m_unitMs = 1;
    double m_step = 1; ///< in m_unit
};

/// The pipeline Gantt with its "Balance stages" toggle and the bubble fraction and utilization
/// printed on the chart. Balanced, it draws the balanced schedule over a ghost of the current one
/// on one time axis, states the gain ("balanced: 50 items/s → 80 items/s, +60 %") and offers
/// "Apply balanced split". It asks for the height its stages need (preferredHeight()): a compact
/// strip for one stage, more for many, capped.
class GanttChart : public QWidget
{
    Q_OBJECT
public:
    /// Rows counted in preferredHeight(); more stages share that height (RowTicker thins names).
    static constexpr int kMaxRowsSized = 12;

    explicit GanttChart(QWidget *parent = nullptr);
    ~GanttChart() override;
    /// Follows the document's result (its pipeline series) and its balanced view; the toggle and
    /// "Apply balanced split" edit it.
    void setDocument(ScenarioDocument *document);
    /// Draws `series` (core's pipelineSeries), balanced or as is: what the window, the report
    /// and a test hand it.
    void setSeries(PipelineSeries series, bool balanced);

    QCustomPlot *plot() const { return m_plot; }
    GanttPlottable *bars() const { return m_bars; }
    GanttPlottable *ghost() const { return m_ghost; }
    QCheckBox *balanceToggle() const { return m_balance; }
    QPushButton *applyButton() const { return m_apply; }
    QString summaryText() const;
    /// "balanced: 50 items/s → 80 items/s, +60 %" while balanced, else empty.
    QString gainText() const;
    /// What applying changes besides the stage times (the scoring stage's model time), shown
    /// under the controls while balanced; empty when nothing else changes.
    QString noteText() const;

    /// The height (pixels) that shows every row of the schedule with the controls, the summary,
    /// the legend and the time axis: about 140 px for one stage at the default font, growing with
    /// the stage count up to kMaxRowsSized rows. sizeHint() reports it.
    int preferredHeight() const { return m_preferredHeight; }
    QSize sizeHint() const override;
    /// Rows low enough to squeeze, high enough for a stage's name and a microbatch's number in
    /// the smallest font the chart fits (below it, the workspace scrolls).
    QSize minimumSizeHint() const override;

signals:
    /// preferredHeight() changed (the stage count, the balanced view or the font changed).
    void preferredHeightChanged();

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void refresh();
    void refreshControls(bool balanced);
    void setLegendShown(bool shown);
    void fitLegend();
    void updatePreferredHeight();
    void fitSummary();
    /// The check box's indicator keeps a visible frame on a dark palette.
    void styleBalanceToggle();

    QPointer<ScenarioDocument> m_document;
    /// What is drawn: the bars point into its schedules.
    PipelineSeries m_series;
    QCustomPlot *m_plot;
    GanttPlottable *m_ghost;
    GanttPlottable *m_bars;
    QCPTextElement *m_summary;
    QCPLayoutGrid *m_legendHolder;
    QCheckBox *m_balance;
    QLabel *m_gain;
    QLabel *m_note; ///< what applying changes beyond the stage times
    QPushButton *m_apply;
    int m_stageCount = 0;
    int m_summaryLines = 1;
    QString m_summaryText; ///< the summary in two lines; fitSummary() shows it in one if it fits
    int m_preferredHeight = 0;
    int m_minimumHeight = 0;
    bool m_styling = false;
};

} // namespace pipeplan
