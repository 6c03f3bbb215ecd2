#include "ui/model/waterfallchart.h"

#include "core/base/format.h"
#include "ui/document/scenariodocument.h"
#include "ui/widgets/chartstyle.h"

#include <QEvent>
#include <QFontMetricsF>

#include <cmath>

namespace pipeplan {

// Horizontal bars: one row per lever, top to bottom in the order they apply, so the lever names
// and their runtimes have room to be read.
WaterfallChart::WaterfallChart(QWidget *parent) : QCustomPlot(parent)
{
    chartstyle::applyDefaults(this);
    setMinimumHeight(fontMetrics().lineSpacing() * 5 + 80);
    chartstyle::setDurationAxis(xAxis);
    xAxis->setLabel(tr("runtime (log)"));
    yAxis->setRangeReversed(true);
    yAxis->grid()->setVisible(false);
    m_applied = new QCPBars(yAxis, xAxis);
    m_applied->setName(tr("lever applied"));
    m_applied->setBrush(chartstyle::kPrimary);
    m_applied->setPen(Qt::NoPen);
    m_applied->setWidth(0.6);
    m_unused = new QCPBars(yAxis, xAxis);
    m_unused->setName(tr("not used"));
    m_unused->setBrush(QColor(chartstyle::kMuted.red(), chartstyle::kMuted.green(),
                              chartstyle::kMuted.blue(), 150));
    m_unused->setPen(Qt::NoPen);
    m_unused->setWidth(0.6);
    // The pinned baseline's runtime after each lever: a thin outlined bar just above each row.
    m_baselineBars = new QCPBars(yAxis, xAxis);
    m_baselineBars->setName(tr("baseline"));
    m_baselineBars->setBrush(Qt::NoBrush);
    m_baselineBars->setPen(QPen(QColor(0x55, 0x59, 0x60), 1.5, Qt::DashLine));
    m_baselineBars->setWidth(0.22);
    m_baselineBars->removeFromLegend();
    // No legend: a lever that is not used says "unchanged" on its grey bar.
    // Labels go inside the bar's end when it is long enough, else just beyond it; that depends on
    // pixels, so it is decided once the layout of this replot is known.
    connect(this, &QCustomPlot::afterLayout, this, &WaterfallChart::placeLabels);
    // The lever names' size before any fitting (the theme may change it; see appearance.cpp).
    yAxis->setProperty("pp_intendedTickFont", yAxis->tickLabelFont());
    // While a baseline is pinned its legend sits in a row above the chart, never over a bar.
    plotLayout()->insertRow(0);
    auto *legendHolder = new QCPLayoutGrid;
    plotLayout()->addElement(0, 0, legendHolder);
    legendHolder->addElement(0, 0, legend);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plotLayout()->setRowStretchFactor(0, 0.001);
}

void WaterfallChart::setDocument(ScenarioDocument *document)
{
    observeDocument(this, m_document, document, &WaterfallChart::refresh,
                    Section::Model | Section::Baseline);
}

void WaterfallChart::resizeEvent(QResizeEvent *event)
{
    QCustomPlot::resizeEvent(event);
    refresh(); // one or two lines per lever label, depending on the height
}

void WaterfallChart::changeEvent(QEvent *event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        refresh();
}

void WaterfallChart::placeLabels()
{
    for (QCPItemText *label : std::as_const(m_labels)) {
        const QFontMetrics metrics(label->font());
        const bool applied = label->property("applied").toBool();
        const double barPixels = xAxis->coordToPixel(label->position->key()) - axisRect()->left();
        const int textPixels = metrics.horizontalAdvance(label->text()) + 12;
        // Inside the bar's end when it fits there, or when beyond the bar there is no room left.
        const bool inside = barPixels > textPixels || barPixels + textPixels > axisRect()->width();
        label->setPositionAlignment((inside ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
        label->setPadding(inside ? QMargins(0, 0, 5, 0) : QMargins(5, 0, 0, 0));
        label->setColor(inside ? (applied ? Qt::white : QColor(0x30, 0x30, 0x30)) : Qt::black);
    }
}

QStringList WaterfallChart::labelTexts() const
{
    QStringList texts;
    for (const QCPItemText *label : m_labels)
        texts << label->text();
    return texts;
}

void WaterfallChart::refresh()
{
    if (!m_document)
        return;
    const int rows = static_cast<int>(m_document->result().waterfall.size());
    // Lever names and bar labels shrink rather than overlap when the rows get thin (a short
    // window, or presentation mode's larger fonts), from the size the theme asks for.
    const QFont intended = yAxis->property("pp_intendedTickFont").value<QFont>();
    // The height left for the bars: the widget less the time axis (ticks, label) and margins.
    const double axisPixels = QFontMetricsF(xAxis->tickLabelFont()).lineSpacing() +
                              QFontMetricsF(xAxis->labelFont()).lineSpacing() + 36;
    const double rowPixels = (height() - axisPixels) / std::max(rows, 1);
    const double lineSpacing = QFontMetricsF(intended).lineSpacing();
    QFont fitted = intended;
    if (lineSpacing > rowPixels)
        fitted.setPointSizeF(std::max(6.0, intended.pointSizeF() * rowPixels / lineSpacing));
    if (yAxis->tickLabelFont() != fitted)
        yAxis->setTickLabelFont(fitted);
    const bool twoLineLabels = rowPixels >= 2 * QFontMetricsF(fitted).lineSpacing();

    const std::vector<LeverStep> &steps = m_document->result().waterfall;
    QVector<double> appliedKeys, appliedValues, unusedKeys, unusedValues;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    double minSeconds = 1e300, maxSeconds = 0;
    while (m_labels.size() < static_cast<qsizetype>(steps.size())) {
        auto *label = new QCPItemText(this);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setPadding(QMargins(4, 0, 0, 0));
        m_labels.append(label);
    }
    // Fewer steps than before (overheads turned off): the extra labels go, or they would float
    // over the chart with a stale runtime.
    while (m_labels.size() > static_cast<qsizetype>(steps.size()))
        removeItem(m_labels.takeLast());
    for (size_t i = 0; i < steps.size(); ++i) {
        const LeverStep &step = steps[i];
        const double key = static_cast<double>(i + 1);
        // The baseline always counts as applied: it is where the story starts.
        const bool applied = step.applied || i == 0;
        (applied ? appliedKeys : unusedKeys).push_back(key);
        (applied ? appliedValues : unusedValues).push_back(step.runtimeSeconds);
        // The explanation goes on a second line when the rows have room for two lines.
        ticker->addTick(key, twoLineLabels ? step.name + QLatin1Char('\n') + step.explanation
                                           : step.name);
        minSeconds = std::min(minSeconds, step.runtimeSeconds);
        maxSeconds = std::max(maxSeconds, step.runtimeSeconds);
        QCPItemText *label = m_labels[static_cast<qsizetype>(i)];
        if (label->font() != fitted)
            label->setFont(fitted);
        label->position->setCoords(step.runtimeSeconds, key);
        label->setText(applied ? format::duration(step.runtimeSeconds) : tr("unchanged"));
        label->setProperty("applied", applied);
    }
    QVector<double> baselineKeys, baselineValues;
    if (m_document->baseline()) {
        const std::vector<LeverStep> &baseSteps = m_document->baselineResult().waterfall;
        for (size_t i = 0; i < baseSteps.size(); ++i) {
            baselineKeys.push_back(static_cast<double>(i + 1) - 0.42);
            baselineValues.push_back(baseSteps[i].runtimeSeconds);
            minSeconds = std::min(minSeconds, baseSteps[i].runtimeSeconds);
            maxSeconds = std::max(maxSeconds, baseSteps[i].runtimeSeconds);
        }
    }
    m_baselineBars->setData(baselineKeys, baselineValues, true);
    legend->setVisible(!baselineKeys.isEmpty());
    if (!baselineKeys.isEmpty() && !legend->hasItemWithPlottable(m_baselineBars))
        m_baselineBars->addToLegend();
    m_applied->setData(appliedKeys, appliedValues, true);
    m_unused->setData(unusedKeys, unusedValues, true);
    yAxis->setTicker(ticker);
    yAxis->setRange(0.4, static_cast<double>(steps.size()) + 0.6);
    xAxis->setRange(std::max(1e-4, minSeconds / 10), maxSeconds * 8);
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pipeplan
