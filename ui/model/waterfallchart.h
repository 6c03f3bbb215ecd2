#pragma once

#include "core/plan/series.h"

#include <QPointer>
#include <qcustomplot.h>

namespace pipeplan {

class ScenarioDocument;

/// Runtime after each lever in turn (serial baseline, pre-filtering, accelerator, batching,
/// workers) on a log axis of durations: "95 years to 25 minutes" in one picture. Each bar says
/// its runtime and the factor of its lever ("47.53 years (÷2)"); with the goal's "Finish within"
/// on, a dashed line marks the deadline and the part of each bar past it is hatched.
class WaterfallChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit WaterfallChart(QWidget *parent = nullptr);
    /// Follows the document's result (its waterfall series).
    void setDocument(ScenarioDocument *document);
    /// Draws `series` (core's waterfallSeries).
    void setSeries(const WaterfallSeries &series);

    QCPBars *appliedBars() const { return m_applied; }
    QCPBars *unusedBars() const { return m_unused; }
    QCPBars *baselineBars() const { return m_baselineBars; }
    /// P10-P90 of each applied step over the plan's ranges; no data without ranges.
    QCPErrorBars *whiskers() const { return m_whiskers; }
    /// Each bar's runtime ("95.06 years", "47.53 years"), or "unchanged" for a lever not used.
    QStringList labelTexts() const;
    /// Each bar's factor against the bar before ("", "÷2", "÷100", "unchanged", "÷49.8").
    QStringList factorTexts() const { return m_factors; }
    /// The text each bar shows: its runtime with its factor, "47.53 years (÷2)"; where neither
    /// fits in full (a narrow chart), the runtime alone, else the factor alone.
    QStringList shownTexts() const;
    /// The lever names on the axis as drawn at the current size (one or two lines, elided).
    QStringList categoryTexts() const { return m_categoryShown; }
    /// Where each bar's text is drawn, in widget pixels (after the last layout).
    QList<QRectF> valueLabelRects() const;
    /// The deadline's dashed line; visible only while the goal's "Finish within" is on.
    QCPItemStraightLine *deadlineLine() const { return m_deadlineLine; }
    QString deadlineText() const
    {
        return m_deadlineLabel->visible() ? m_deadlineLabel->text() : QString();
    }

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    /// Fits the lever names, the fonts and the time range to the laid-out size, then places the
    /// bar texts inside or beyond their bars: all of it depends on pixels.
    void updateLayout() override;

private:
    void refresh();
    bool fitRows();
    bool fitRange();
    void placeLabels();
    double labelPixels(qsizetype index) const;

    QPointer<ScenarioDocument> m_document;
    QCPBars *m_applied;
    QCPBars *m_unused;
    QCPBars *m_baselineBars;
    QCPErrorBars *m_whiskers;
    QList<QCPItemText *> m_labels;
    QList<QCPItemRect *> m_overDeadline;
    QCPItemStraightLine *m_deadlineLine;
    QCPItemText *m_deadlineLabel;
    QCPLayoutGrid *m_legendHolder;
    QStringList m_values;
    QStringList m_factors;
    QList<QStringList> m_variants; ///< each bar's texts, the longest first
    QStringList m_names;
    QStringList m_explanations;
    QStringList m_categoryShown;
    std::vector<double> m_runtimes;
    std::vector<bool> m_appliedSteps;
    double m_minSeconds = 1;
    double m_maxSeconds = 1;
    double m_deadlineSeconds = 0; ///< 0 when no deadline is drawn
};

} // namespace pipeplan
