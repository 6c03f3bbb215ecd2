#pragma once

#include "core/plan/series.h"

#include <QChartView>
#include <QPointer>

class QBarCategoryAxis;
class QBarSet;
class QHorizontalStackedBarSeries;
class QValueAxis;

namespace pipeplan {

class ScenarioDocument;

/// Stage times per user as horizontal bars (Qt Charts), names on the left where they have room,
/// the bottleneck stage in its own colour.
class StageChart : public QChartView
{
    Q_OBJECT
public:
    explicit StageChart(QWidget *parent = nullptr);
    /// Follows the document's result (its pipeline series).
    void setDocument(ScenarioDocument *document);
    /// Draws each stage's time of `series` (core's pipelineSeries), the bottleneck apart.
    void setSeries(const PipelineSeries &series);

    QBarSet *stageSet() const { return m_stages; }
    QBarSet *bottleneckSet() const { return m_bottleneck; }
    /// Stage names in stage order (the chart draws the first on top).
    QStringList categories() const;
    /// The bar value drawn for stage `stage` in a set (bars are stored bottom to top).
    static double barValue(const QBarSet *set, int stage);
    /// The time axis: from 0 in round steps (1, 2, 2.5 or 5 × 10^k ms) with grouped labels.
    QValueAxis *valueAxis() const { return m_values; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void refresh();
    /// Range and round tick step for the longest stage and the width's number of ticks.
    void fitValueAxis();
    void fitTicksToWidth();

    QPointer<ScenarioDocument> m_document;
    QStringList m_stageNames;
    std::vector<double> m_stageMs;
    QHorizontalStackedBarSeries *m_series;
    QBarSet *m_stages;
    QBarSet *m_bottleneck;
    QBarCategoryAxis *m_categories;
    QValueAxis *m_values;
    double m_maxMs = 0;
    int m_maxTicks = 4;
    int m_fittedTicks = 0; ///< the m_maxTicks the axis's range was last chosen for
};

} // namespace pipeplan
