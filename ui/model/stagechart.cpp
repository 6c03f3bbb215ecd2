#include "ui/model/stagechart.h"

#include "core/base/format.h"
#include "ui/document/scenariodocument.h"
#include "ui/widgets/chartstyle.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QFontMetrics>
#include <QHorizontalStackedBarSeries>
#include <QLocale>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace pipeplan {

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
    // Ticks at round multiples from 0 (never 8333 / 16667), labelled with English grouping
    // ("10,000") like every other number in the window.
    m_values->setTickType(QValueAxis::TicksDynamic);
    m_values->setTickAnchor(0);
    m_values->setLabelFormat(QStringLiteral("%.0f"));
    // Presentation mode scales the fonts: fewer, wider labels then fit.
    connect(m_values, &QAbstractAxis::labelsFontChanged, this, &StageChart::fitTicksToWidth);
    chart->setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    chart->setLocalizeNumbers(true);
    chart->legend()->setAlignment(Qt::AlignTop);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    // Qt Charts' own title font is smaller than the window's text: the caption reads as text.
    QFont titleFont = font();
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing, false);
    setMinimumSize(220, 130);
    connect(m_series, &QHorizontalStackedBarSeries::hovered, this,
            [this](bool status, int index, QBarSet *set) {
                if (!status) {
                    QToolTip::hideText();
                    return;
                }
                // Bars run bottom to top; stages are listed top to bottom.
                const int count = static_cast<int>(m_stageMs.size());
                index = count - 1 - index;
                if (index < 0 || index >= count || index >= m_stageNames.size())
                    return;
                QToolTip::showText(QCursor::pos(),
                                   m_stageNames[index] + QStringLiteral(": ") +
                                       format::milliseconds(m_stageMs[static_cast<size_t>(index)]) +
                                       (set == m_bottleneck ? tr(" — bottleneck") : QString()));
            });
}

void StageChart::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    fitTicksToWidth();
}

void StageChart::fitTicksToWidth()
{
    // As many value labels as fit the plot's width in the axis's own font: a label like
    // "20,000" plus a gap of two digits, so Qt Charts never elides them to "...".
    const QFontMetrics metrics(m_values->labelsFont());
    const int labelWidth = metrics.horizontalAdvance(QStringLiteral("00,000.0"));
    const int plotWidth = chart() ? static_cast<int>(chart()->plotArea().width()) : width();
    const int maxTicks =
        std::clamp(std::max(plotWidth, width() / 2) / std::max(1, labelWidth), 2, 5);
    if (maxTicks != m_maxTicks) {
        m_maxTicks = maxTicks;
        fitValueAxis();
    }
}

namespace {
QString oneStageTitle(double ms)
{
    const QString inAxisUnit = format::trimmed(ms, 2) + QStringLiteral(" ms");
    const QString readable = format::milliseconds(ms);
    return readable == inAxisUnit ? StageChart::tr("One stage: %1").arg(inAxisUnit)
                                  : StageChart::tr("One stage: %1 (%2)").arg(inAxisUnit, readable);
}
} // namespace

void StageChart::fitValueAxis()
{
    // A round step first, then the top at the next multiple of it: every tick is a round
    // multiple and the range changes only now and then while a slider moves.
    const double span = m_maxMs > 0 ? m_maxMs * 1.05 : 1.0;
    // While the bars still fit and fill more than half of it, the axis stays: a new range
    // re-lays the whole chart out, a quarter of a slider tick's frame.
    const double shownTop = m_values->max();
    if (m_values->min() == 0 && shownTop >= span && shownTop <= 2 * span &&
        m_fittedTicks == m_maxTicks)
        return;
    const double step = format::niceStep(span, m_maxTicks);
    const double top = std::ceil(span / step - 1e-9) * step;
    m_fittedTicks = m_maxTicks;
    // The decimals the step needs: 0 for 2,500, 1 for 0.5, 2 for 0.25. Set before the range:
    // Qt Charts relabels at once on a new range but only at the next layout on a new format, so
    // a chart drawn straight away (the report's) kept the old format ("25,000.0").
    const QString label = format::tickLabel(step, step);
    const qsizetype point = label.indexOf(QLatin1Char('.'));
    const QString labelFormat =
        QStringLiteral("%.%1f").arg(point < 0 ? 0 : label.size() - point - 1);
    if (m_values->labelFormat() != labelFormat)
        m_values->setLabelFormat(labelFormat);
    if (m_values->tickInterval() != step)
        m_values->setTickInterval(step);
    if (m_values->min() != 0 || m_values->max() != top)
        m_values->setRange(0, top);
    // The last label is centred on the plot's right edge: room for its right half, or a wide
    // one ("25,000") is cut at the page's edge.
    const int half =
        QFontMetrics(m_values->labelsFont()).horizontalAdvance(format::tickLabel(top, step)) / 2;
    const QMargins margins(4, 4, 4 + half, 4);
    if (chart() && chart()->margins() != margins)
        chart()->setMargins(margins);
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
    if (m_document)
        setSeries(m_document->planResult().pipeline);
}

void StageChart::setSeries(const PipelineSeries &series)
{
    const QString axisTitle = tr("ms per %1").arg(series.counted.one);
    if (m_values->titleText() != axisTitle)
        m_values->setTitleText(axisTitle);
    m_stageNames = series.stageNames;
    m_stageMs = series.stageMs;
    const int bottleneckIndex = series.bottleneckIndex;
    QStringList names = series.stageNames;
    // Category names must be unique for QBarCategoryAxis: number duplicates.
    for (qsizetype i = 0; i < names.size(); ++i) {
        if (names.indexOf(names[i]) != i)
            names[i] += QStringLiteral(" (%1)").arg(i + 1);
    }
    const int count = static_cast<int>(m_stageMs.size());
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
        const double ms = m_stageMs[static_cast<size_t>(stage)];
        const bool isBottleneck = stage == bottleneckIndex && count > 1;
        if (m_stages->at(i) != (isBottleneck ? 0.0 : ms))
            m_stages->replace(i, isBottleneck ? 0.0 : ms);
        if (m_bottleneck->at(i) != (isBottleneck ? ms : 0.0))
            m_bottleneck->replace(i, isBottleneck ? ms : 0.0);
        maxMs = std::max(maxMs, ms);
    }
    m_maxMs = maxMs;
    fitValueAxis();
    // The title names the bottleneck: no legend needed, more room for the bars.
    chart()->legend()->setVisible(false);
    const QString title = count > 1 && bottleneckIndex >= 0 && bottleneckIndex < m_stageNames.size()
                              ? tr("Bottleneck: %1").arg(m_stageNames[bottleneckIndex])
                          : count == 1
                              // In the axis's unit, and as the inputs write it where that
                              // differs: "20,000 ms (20 s)".
                              ? oneStageTitle(m_stageMs.front())
                              : QString();
    if (chart()->title() != title)
        chart()->setTitle(title);
}

} // namespace pipeplan
