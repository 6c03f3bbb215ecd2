#pragma once

#include <QChartView>
#include <QPointer>

class QBarCategoryAxis;
class QBarSet;
class QStackedBarSeries;
class QValueAxis;

namespace pipeplan {

class ScenarioDocument;

/// Stage times per user as bars (Qt Charts), the bottleneck stage in its own colour.
class StageChart : public QChartView
{
    Q_OBJECT
public:
    explicit StageChart(QWidget *parent = nullptr);
    void setDocument(ScenarioDocument *document);

    QBarSet *stageSet() const { return m_stages; }
    QBarSet *bottleneckSet() const { return m_bottleneck; }
    QStringList categories() const;

private:
    void refresh();

    QPointer<ScenarioDocument> m_document;
    QStackedBarSeries *m_series;
    QBarSet *m_stages;
    QBarSet *m_bottleneck;
    QBarCategoryAxis *m_categories;
    QValueAxis *m_values;
};

} // namespace pipeplan
