#pragma once

#include <QPointer>
#include <qcustomplot.h>

namespace pipeplan {

class ScenarioDocument;

/// Runtime after each lever in turn (serial baseline, pre-filtering, accelerator, batching,
/// workers) on a log axis of durations: "95 years to 25 minutes" in one picture.
class WaterfallChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit WaterfallChart(QWidget *parent = nullptr);
    void setDocument(ScenarioDocument *document);

    QCPBars *appliedBars() const { return m_applied; }
    QCPBars *unusedBars() const { return m_unused; }
    QCPBars *baselineBars() const { return m_baselineBars; }
    QStringList labelTexts() const;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void placeLabels();

    QPointer<ScenarioDocument> m_document;
    QCPBars *m_applied;
    QCPBars *m_unused;
    QCPBars *m_baselineBars;
    QList<QCPItemText *> m_labels;
};

} // namespace pipeplan
