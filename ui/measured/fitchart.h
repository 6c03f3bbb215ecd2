#pragma once

#include "core/plan/series.h"

#include <qcustomplot.h>

namespace pipeplan {

/// The measured runs against workers with both fitted laws (Amdahl, the USL) and the USL's 95 %
/// prediction band out to the plan's workers, the USL's peak N* marked: what the fit says, drawn
/// from the result's FitSeries (fit::predict: the numbers the CLI's `fit --predict` prints).
class FitChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit FitChart(QWidget *parent = nullptr);
    /// Draws `series` (fitSeries: the result's measured.curve); without a fit, the series'
    /// problem, or a prompt when there are no runs.
    void setSeries(const FitSeries &series);

    QCPGraph *pointsGraph() const { return m_points; }
    QCPGraph *amdahlGraph() const { return m_amdahl; }
    QCPGraph *uslGraph() const { return m_usl; }
    QCPGraph *bandLowGraph() const { return m_bandLow; }
    QCPGraph *bandHighGraph() const { return m_bandHigh; }
    /// "N* = 1,234 workers (USL peak)", empty when none is drawn.
    QString peakText() const;
    /// Whether the runs' table is on screen beside the chart, for the empty chart's words:
    /// they point at it only when it is there. Takes effect at the next setSeries.
    void setInputsShown(bool shown);
    /// The placeholder shown without runs ("Enter runs to fit…"), empty when a fit is drawn.
    QString emptyText() const;

private:
    QCPGraph *m_points;
    QCPGraph *m_amdahl;
    QCPGraph *m_usl;
    QCPGraph *m_bandLow;
    QCPGraph *m_bandHigh;
    QCPItemStraightLine *m_peakLine;
    QCPItemText *m_peakLabel;
    QCPItemStraightLine *m_planLine;
    QCPItemText *m_planLabel;
    QCPItemText *m_empty;
    bool m_inputsShown = true;
};

} // namespace pipeplan
