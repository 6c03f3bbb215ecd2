#pragma once

#include "core/model/pipeline.h"

#include <QPointer>
#include <QWidget>
#include <qcustomplot.h>

class QCheckBox;

namespace pipeplan {

class ScenarioDocument;

/// Draws a computed pipeline schedule: one bar per (stage, microbatch) labelled with the
/// microbatch number where it fits, idle time as hatched bubbles, the bottleneck row in its own
/// colour. One plottable paints every rectangle, so 64 x 512 cells cost one pass.
class GanttPlottable : public QCPAbstractPlottable
{
    Q_OBJECT
public:
    explicit GanttPlottable(QCPAxis *timeAxis, QCPAxis *stageAxis);

    void setSchedule(const pipeline::Schedule *schedule, int stageCount, int bottleneckStage);
    int drawnBars() const { return m_drawnBars; }
    int drawnLabels() const { return m_drawnLabels; }

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

    const pipeline::Schedule *m_schedule = nullptr;
    int m_stageCount = 0;
    int m_bottleneck = -1;
    int m_drawnBars = 0;
    int m_drawnLabels = 0;
    // Pixel transform of the current draw (both axes linear).
    double m_pixelAtZeroMs = 0;
    double m_pixelsPerMs = 1;
    double m_pixelAtRowZero = 0;
    double m_pixelsPerRow = 1;
};

/// The pipeline Gantt with its "balance stages" toggle and the bubble fraction and utilization
/// printed on the chart.
class GanttChart : public QWidget
{
    Q_OBJECT
public:
    explicit GanttChart(QWidget *parent = nullptr);
    void setDocument(ScenarioDocument *document);

    QCustomPlot *plot() const { return m_plot; }
    GanttPlottable *bars() const { return m_bars; }
    QCheckBox *balanceToggle() const { return m_balance; }
    QString summaryText() const;

private:
    void refresh();

    QPointer<ScenarioDocument> m_document;
    QCustomPlot *m_plot;
    GanttPlottable *m_bars;
    QCPTextElement *m_summary;
    QCheckBox *m_balance;
};

} // namespace pipeplan
