#pragma once

#include "core/project/estimate.h"
#include "core/project/planunits.h"

#include <qcustomplot.h>

namespace pipeplan {

/// The Monte Carlo plan durations: a histogram of trials, the cumulative curve (right axis,
/// 0-100 %), and P50 and P90 marked and labelled.
class EstimateChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit EstimateChart(QWidget *parent = nullptr);
    void setResult(const estimate::MonteCarloResult &result);
    void clearResult();
    QCPBars *bars() const { return m_bars; }
    QCPGraph *cumulative() const { return m_cumulative; }
    /// The label of marker i (0: P50, 1: P90).
    QString markerText(int i) const;
    /// The label of marker `i`, drawn where the last replot put it.
    QCPItemText *markerLabel(int i) const { return m_markers.at(static_cast<size_t>(i)).label; }

    /// The line of marker `i`, and the band of the chart's background drawn under it.
    QCPItemStraightLine *markerLine(int i) const
    {
        return m_markers.at(static_cast<size_t>(i)).line;
    }
    QCPItemStraightLine *markerHalo(int i) const
    {
        return m_markers.at(static_cast<size_t>(i)).halo;
    }

protected:
    void changeEvent(QEvent *event) override;

private:
    /// P50 left of its line and P90 right where they fit (chartstyle::placeMarkerLabels).
    void placeMarkerLabels();
    /// The markers' line and band colours for the chart's palette (light or dark).
    void styleMarkers();

    QCPBars *m_bars;
    QCPGraph *m_cumulative;
    struct Marker
    {
        QCPItemStraightLine *line;
        QCPItemStraightLine *halo; ///< the chart's background, wider, under the line
        QCPItemText *label;
        double key;   ///< where the line stands, in the x axis's unit
        QColor color; ///< the marker's own colour on a light chart
    };
    std::vector<Marker> m_markers;
};

/// Estimated against actual for finished tasks or jobs: one point each, and the line where
/// the estimate was exact.
class AccuracyChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit AccuracyChart(QWidget *parent = nullptr);
    void setEntries(const std::vector<estimate::ActualEntry> &entries);
    QCPGraph *points() const { return m_points; }

private:
    QCPGraph *m_points;
    QCPGraph *m_exact;
};

} // namespace pipeplan
