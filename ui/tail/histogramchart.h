#pragma once

#include <qcustomplot.h>

namespace pipeplan {

namespace simulation {
struct Result;
}

/// Completion times of the simulated trials as a histogram, with P50, P90 and P99 marked and the
/// closed form (no tail) as a reference line.
class HistogramChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit HistogramChart(QWidget *parent = nullptr);
    /// Draws `result`; `closedFormSeconds` is the no-tail answer for reference.
    void setResult(const simulation::Result &result, double closedFormSeconds);
    void clearResult();

    QCPBars *bars() const { return m_bars; }
    /// The label of marker `i` (0: P50, 1: P90, 2: P99, 3: closed form): markers that read the
    /// same share the first one's ("P50 = P90 = P99 = no tail: 698.98 days").
    QString markerText(int i) const;
    /// The label of marker `i`, drawn where the last replot put it.
    QCPItemText *markerLabel(int i) const { return m_markers.at(static_cast<size_t>(i)).label; }

private:
    QCPBars *m_bars;
    /// The markers' labels in rows from the top of the plot, each beside its line where it fits
    /// (chartstyle::placeMarkerLabels).
    void placeMarkerLabels();

    struct Marker
    {
        QCPItemStraightLine *line;
        QCPItemText *label;
        double key;        ///< where the line stands, in the x axis's unit
        bool labelOnRight; ///< the side its label prefers
        int shownBy = 0;   ///< the marker whose label names this one (itself, unless equal)
        QString text;      ///< its label's text before wrapping to the plot's width
    };
    std::vector<Marker> m_markers;
    /// The tallest bar's trials, 0 without a result.
    double m_highestCount = 0;
    static constexpr double kLabelsTopPx = 2;
};

} // namespace pipeplan
