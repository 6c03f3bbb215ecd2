#pragma once

#include "core/plan/series.h"

#include <QPointer>
#include <qcustomplot.h>

namespace pipeplan {

class ScenarioDocument;

/// Speedup against workers on log axes: the Amdahl curve for p, the ideal linear line, the
/// ceiling 1 / (1 - p) as a dashed asymptote, a marker at the chosen workers, and the curve of a
/// pinned second p.
class AmdahlChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit AmdahlChart(QWidget *parent = nullptr);
    /// Follows the document's result (its amdahl series).
    void setDocument(ScenarioDocument *document);
    /// Draws `series` (core's amdahlSeries): what the window, the report and a test hand it.
    void setSeries(const AmdahlSeries &series);

    QCPGraph *amdahlGraph() const { return m_amdahl; }
    QCPGraph *comparisonGraph() const { return m_comparison; }
    QCPGraph *markerGraph() const { return m_marker; }
    QCPGraph *baselineGraph() const { return m_baseline; }
    /// The speedup with overheads (hidden when none is on) and the knee where a cap binds.
    QCPGraph *effectiveGraph() const { return m_effective; }
    QCPGraph *kneeGraph() const { return m_knee; }
    QCPItemStraightLine *ceilingLine() const { return m_ceiling; }
    QString markerText() const;
    /// Where the legend is drawn, in widget pixels: above the axis rect, never over the data.
    QRect legendRect() const;
    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

private:
    void refresh();
    /// The ceiling's label in full when the plot is wide enough, else "ceiling 50×", else on two
    /// lines; the speedup axis's title "S (log)" where the plot is too short for its first word.
    void fitCeilingLabel();
    void fitLegendColumns();

    QPointer<ScenarioDocument> m_document;
    QCPGraph *m_ideal;
    QCPGraph *m_amdahl;
    QCPGraph *m_comparison;
    QCPGraph *m_marker;
    QCPGraph *m_baseline;
    QCPGraph *m_baselineMarker;
    QCPGraph *m_effective;
    QCPGraph *m_knee;
    QCPItemStraightLine *m_ceiling;
    QCPItemText *m_ceilingLabel;
    /// The ceiling's label, longest first: "ceiling 1/(1−p) = 81.21×", "ceiling 81.21×",
    /// "ceiling" over "81.21×"; the longest that fits the plot is drawn, none where none fits.
    QStringList m_ceilingTexts;
};

} // namespace pipeplan
