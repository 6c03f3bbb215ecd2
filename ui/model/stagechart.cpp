#include "ui/model/stagechart.h"

#include "core/base/format.h"
#include "ui/document/scenariodocument.h"
#include "ui/widgets/chartstyle.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QHorizontalStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace pipeplan {

namespace {
double niceCeiling(double value)
{
    if (!(value > 0))
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(value)));
    for (double step : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (value <= step * magnitude)
            return step * magnitude;
    }
    return 10 * magnitude;
}
} // namespace

StageChart::StageChart(QWidget *parent)
    : QChartView(parent), m_series(new QHorizontalStackedBarSeries),
      m_stages(new QBarSet(tr("stage"))), m_bottleneck(new QBarSet(tr("bottleneck"))),
      m_categories(new QBarCategoryAxis), m_values(new QValueAxis)
{
    auto *chart = new QChart;
    m_stages->setColor(chartstyle::kPrimary);
    m_stages->setBorderColor(chartstyle::kPrimary);
    m_bottleneck->setColor(chartstyle::kAlert);
    m_bottleneck->setBorderColor(chartstyle::kAlert);
    m_series->append(m_stages);
    m_series->append(m_bottleneck);
    m_series->setBarWidth(0.6);
    chart->addSeries(m_series);
    chart->addAxis(m_categories, Qt::AlignLeft);
    chart->addAxis(m_values, Qt::AlignBottom);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_values);
    m_values->setTitleText(tr("ms per user"));
    m_values->setLabelFormat(QStringLiteral("%.4g"));
    chart->legend()->setAlignment(Qt::AlignTop);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing, false);
    setMinimumSize(240, 160);
    connect(
        m_series, &QHorizontalStackedBarSeries::hovered, this,
        [this](bool status, int index, QBarSet *set) {
            if (!status || !m_document) {
                QToolTip::hideText();
                return;
            }
            const Scenario &s = m_document->scenario();
            // Bars run bottom to top; stages are listed top to bottom.
            index = static_cast<int>(s.stages.size()) - 1 - index;
            if (index < 0 || index >= static_cast<int>(s.stages.size()))
                return;
            QToolTip::showText(
                QCursor::pos(),
                s.stages[static_cast<size_t>(index)].name + QStringLiteral(": ") +
                    format::milliseconds(m_document->result().stageMs[static_cast<size_t>(index)]) +
                    (set == m_bottleneck ? tr(" — bottleneck") : QString()));
        });
}

void StageChart::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    // As many value labels as fit the width: "20000" needs about 70 pixels.
    m_values->setTickCount(std::clamp(width() / 80, 3, 6));
}

void StageChart::setDocument(ScenarioDocument *document)
{
    observeDocument(this, m_document, document, &StageChart::refresh,
                    Section::Model | Section::Baseline);
}

double StageChart::barValue(const QBarSet *set, int stage)
{
    return set->at(set->count() - 1 - stage);
}

QStringList StageChart::categories() const
{
    QStringList names = m_categories->categories();
    std::reverse(names.begin(), names.end());
    return names;
}

void StageChart::refresh()
{
    if (!m_document)
        return;
    const Scenario &s = m_document->scenario();
    const ScenarioResult &r = m_document->result();
    QStringList names;
    for (const Stage &stage : s.stages)
        names << stage.name;
    // Category names must be unique for QBarCategoryAxis: number duplicates.
    for (qsizetype i = 0; i < names.size(); ++i) {
        if (names.indexOf(names[i]) != i)
            names[i] += QStringLiteral(" (%1)").arg(i + 1);
    }
    const int count = static_cast<int>(r.stageMs.size());
    if (m_stages->count() != count) {
        m_stages->remove(0, m_stages->count());
        m_bottleneck->remove(0, m_bottleneck->count());
        m_stages->append(QList<qreal>(count, 0.0));
        m_bottleneck->append(QList<qreal>(count, 0.0));
    }
    // Horizontal bars are laid out bottom to top: reverse so the first stage is on top, as in
    // the Gantt chart.
    std::reverse(names.begin(), names.end());
    if (m_categories->categories() != names)
        m_categories->setCategories(names);
    // Past a dozen stages the names no longer fit under the bars; hovering a bar names it.
    m_categories->setLabelsVisible(count <= 16);
    double maxMs = 0;
    for (int i = 0; i < count; ++i) {
        const int stage = count - 1 - i;
        const double ms = r.stageMs[static_cast<size_t>(stage)];
        const bool isBottleneck = stage == r.bottleneckIndex && count > 1;
        if (m_stages->at(i) != (isBottleneck ? 0.0 : ms))
            m_stages->replace(i, isBottleneck ? 0.0 : ms);
        if (m_bottleneck->at(i) != (isBottleneck ? ms : 0.0))
            m_bottleneck->replace(i, isBottleneck ? ms : 0.0);
        maxMs = std::max(maxMs, ms);
    }
    // A "nice" top (1, 2 or 5 x 10^k) changes only now and then while a slider moves, so the
    // axis is not laid out again on every tick.
    const double top = niceCeiling(maxMs * 1.05);
    if (m_values->max() != top) {
        m_values->setRange(0, top);
        m_values->setLabelFormat(top >= 100 ? QStringLiteral("%.0f") : QStringLiteral("%.3g"));
    }
    // The title names the bottleneck: no legend needed, more room for the bars.
    chart()->legend()->setVisible(false);
    const QString title =
        count > 1 ? tr("Bottleneck: %1").arg(s.stages[static_cast<size_t>(r.bottleneckIndex)].name)
                  : tr("One stage: %1").arg(format::milliseconds(r.stageMs.front()));
    if (chart()->title() != title)
        chart()->setTitle(title);
}

} // namespace pipeplan
