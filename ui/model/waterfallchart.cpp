#include "ui/model/waterfallchart.h"

#include "core/base/deadline.h"

#include "core/base/format.h"
#include "core/base/units.h"
#include "core/plan/explain.h"
#include "ui/document/scenariodocument.h"
#include "ui/widgets/chartstyle.h"

#include <QCoreApplication>
#include <QEvent>
#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <limits>

namespace pipeplan {

namespace {

/// A round duration the time axis may mark; lower ranks are kept first when labels collide.
struct NiceDuration
{
    double seconds;
    QString label;
    QString compact; ///< the same with its unit shortened, for a narrow chart: "10 y"
    int rank;
};

/// The units a reader counts in first (1 s, 1 min, 1 h, 1 day, 1 year), then powers of ten of
/// years, then powers of ten inside a unit (10 min, 10 h, 10 days, 100 days).
const std::vector<NiceDuration> &niceDurations()
{
    static const std::vector<NiceDuration> durations = [] {
        using namespace units;
        // Each tick's words are translated whole: "1 day", "10 d".
        const auto tick = [](const char *text) {
            return QCoreApplication::translate("pipeplan::WaterfallChart", text);
        };
        std::vector<NiceDuration> d = {
            {1, tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "1 s")),
             tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "1 s")), 0},
            {kSecondsPerMinute, tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "1 min")),
             tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "1 min")), 0},
            {kSecondsPerHour, tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "1 h")),
             tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "1 h")), 0},
            {kSecondsPerDay, tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "1 day")),
             tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "1 d")), 0},
            {kSecondsPerYear, tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "1 year")),
             tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "1 y")), 0},
            {1e-3, tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "1 ms")),
             tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "1 ms")), 1},
            {1e-2, tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "10 ms")),
             tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "10 ms")), 2},
            {1e-1, tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "100 ms")),
             tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "100 ms")), 2},
            {10, tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "10 s")),
             tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "10 s")), 2},
            {10 * kSecondsPerMinute, tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "10 min")),
             tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "10 min")), 2},
            {10 * kSecondsPerHour, tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "10 h")),
             tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "10 h")), 2},
            {10 * kSecondsPerDay, tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "10 days")),
             tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "10 d")), 2},
            {100 * kSecondsPerDay, tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "100 days")),
             tick(QT_TRANSLATE_NOOP("pipeplan::WaterfallChart", "100 d")), 3},
        };
        double years = 10;
        for (int decade = 1; decade <= 6; ++decade, years *= 10) {
            // The count in a variable: lupdate drops a plural whose count is an expression.
            const int count = format::numerus(years);
            d.push_back({years * kSecondsPerYear,
                         format::plural(QCoreApplication::translate("pipeplan::WaterfallChart",
                                                                    "%n year(s)", nullptr, count),
                                        years),
                         QCoreApplication::translate("pipeplan::WaterfallChart", "%1 y")
                             .arg(format::grouped(years, 0)),
                         1});
        }
        std::stable_sort(d.begin(), d.end(), [](const NiceDuration &a, const NiceDuration &b) {
            return a.rank < b.rank;
        });
        return d;
    }();
    return durations;
}

/// Round durations on the log time axis, as many as fit without touching: the most familiar
/// units first, then the powers of ten between them. The shared duration ticker keeps one list
/// in order and drops a tick when it collides with the one before, which leaves two or three
/// ticks on a chart this narrow; keeping by rank leaves "1 min, 1 h, 1 day, 1 year" and fills in.
class NiceDurationTicker : public QCPAxisTicker
{
public:
    explicit NiceDurationTicker(QCPAxis *axis) : m_axis(axis) {}

protected:
    QVector<double> createTickVector(double, const QCPRange &range) override
    {
        // Full unit names when at least four ticks fit with them, else the short units.
        m_compact = false;
        QVector<double> ticks = fitting(range);
        if (ticks.size() < 4) {
            m_compact = true;
            QVector<double> compact = fitting(range);
            if (compact.size() > ticks.size())
                return compact;
            m_compact = false;
        }
        return ticks;
    }
    QVector<double> createSubTickVector(int, const QVector<double> &) override { return {}; }
    QString getTickLabel(double tick, const QLocale &, QChar, int) override
    {
        for (const NiceDuration &nice : niceDurations()) {
            if (nice.seconds == tick)
                return m_compact ? nice.compact : nice.label;
        }
        return format::duration(tick);
    }

private:
    /// The round durations in `range` whose labels fit between the others and in the chart,
    /// the lowest ranks first.
    QVector<double> fitting(const QCPRange &range) const
    {
        const QFontMetricsF metrics(m_axis->tickLabelFont());
        const QRect viewport = m_axis->parentPlot()->viewport();
        std::vector<std::pair<double, double>> kept; // pixel, half width
        QVector<double> ticks;
        for (const NiceDuration &tick : niceDurations()) {
            if (!range.contains(tick.seconds))
                continue;
            const double pixel = m_axis->coordToPixel(tick.seconds);
            const double half =
                metrics.horizontalAdvance(m_compact ? tick.compact : tick.label) / 2.0;
            if (pixel - half < viewport.left() || pixel + half > viewport.right())
                continue;
            const bool collides = std::any_of(kept.begin(), kept.end(), [&](const auto &other) {
                // Two letters' height apart: "100 days" and "1 year" one letter apart read as
                // one label on a shared screen.
                return std::fabs(other.first - pixel) < other.second + half + 2 * metrics.height();
            });
            if (collides)
                continue;
            kept.emplace_back(pixel, half);
            ticks.push_back(tick.seconds);
        }
        std::sort(ticks.begin(), ticks.end());
        return ticks;
    }

    QCPAxis *m_axis;
    bool m_compact = false;
};

/// Where the time axis starts: a unit (1 min, 1 h, 1 day, 1 year...) at least five times below
/// the shortest bar and three decades below the longest, so the shortest bar still has length,
/// the axis begins on a value a reader can name and spans enough decades for several ticks.
double axisStart(double minSeconds, double maxSeconds)
{
    const double below = std::min(minSeconds / 5, maxSeconds / 1000);
    double start = 0;
    for (const NiceDuration &nice : niceDurations()) {
        if (nice.rank <= 1 && nice.seconds <= below)
            start = std::max(start, nice.seconds);
    }
    return start > 0 ? start : minSeconds / 10;
}

/// The deadline in a colour that reads on white and on the dark theme's near-black.
QColor deadlineColor(bool dark)
{
    return dark ? QColor(0xff, 0x6b, 0x6b) : chartstyle::kAlert;
}

constexpr double kBarWidth = 0.6;
constexpr int kLabelPadding = 5;

} // namespace

// Horizontal bars: one row per lever, top to bottom in the order they apply, so the lever names
// and their runtimes have room to be read.
WaterfallChart::WaterfallChart(QWidget *parent) : QCustomPlot(parent)
{
    chartstyle::applyDefaults(this);
    setMinimumHeight(fontMetrics().lineSpacing() * 5 + 80);
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setTicker(QSharedPointer<NiceDurationTicker>::create(xAxis));
    xAxis->setLabel(tr("runtime (log)"));
    yAxis->setRangeReversed(true);
    yAxis->grid()->setVisible(false);
    yAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    m_applied = new QCPBars(yAxis, xAxis);
    m_applied->setName(tr("lever applied"));
    m_applied->setBrush(chartstyle::kPrimary);
    m_applied->setPen(Qt::NoPen);
    m_applied->setWidth(kBarWidth);
    // P10-P90 over the ranges on each applied bar: a whisker across its end.
    m_whiskers = new QCPErrorBars(yAxis, xAxis);
    m_whiskers->setDataPlottable(m_applied);
    m_whiskers->setErrorType(QCPErrorBars::etValueError);
    m_whiskers->setPen(QPen(chartstyle::kAlert, 2));
    m_whiskers->setWhiskerWidth(10);
    m_whiskers->setName(tr("P10–P90 over the ranges"));
    m_whiskers->removeFromLegend();
    m_unused = new QCPBars(yAxis, xAxis);
    m_unused->setName(tr("not used"));
    m_unused->setBrush(QColor(chartstyle::kMuted.red(), chartstyle::kMuted.green(),
                              chartstyle::kMuted.blue(), 150));
    m_unused->setPen(Qt::NoPen);
    m_unused->setWidth(kBarWidth);
    // The pinned baseline's runtime after each lever: a thin outlined bar just above each row.
    m_baselineBars = new QCPBars(yAxis, xAxis);
    m_baselineBars->setName(tr("baseline"));
    m_baselineBars->setBrush(Qt::NoBrush);
    m_baselineBars->setPen(QPen(QColor(0x55, 0x59, 0x60), 1.5, Qt::DashLine));
    m_baselineBars->setWidth(0.22);
    m_baselineBars->removeFromLegend();
    // The goal's deadline: a dashed line across every row, named in the spare row at the top.
    m_deadlineLine = new QCPItemStraightLine(this);
    m_deadlineLine->setPen(QPen(chartstyle::kAlert, 1.5, Qt::DashLine));
    m_deadlineLine->setVisible(false);
    m_deadlineLabel = new QCPItemText(this);
    m_deadlineLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_deadlineLabel->position->setAxisRect(axisRect());
    m_deadlineLabel->setLayer(QStringLiteral("axes"));
    m_deadlineLabel->setVisible(false);
    // No legend: a lever that is not used says "unchanged" on its grey bar.
    // The lever names' size before any fitting (the theme may change it; see appearance.cpp).
    yAxis->setProperty("pp_intendedTickFont", yAxis->tickLabelFont());
    // While a baseline is pinned its legend sits in a row above the chart, never over a bar;
    // the row is there only then (see refresh), as a hidden legend would still take its height.
    m_legendHolder = new QCPLayoutGrid;
    m_legendHolder->setParent(this); // deleted with the chart while out of the layout
    m_legendHolder->addElement(0, 0, legend);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setVisible(false);
}

void WaterfallChart::setDocument(ScenarioDocument *document)
{
    // The goal's deadline is part of the Model section: it changes when "Finish within" is
    // ticked, or the deadline is changed while it is on.
    observeDocument(this, m_document, document, &WaterfallChart::refresh,
                    Section::Model | Section::Baseline);
}

void WaterfallChart::resizeEvent(QResizeEvent *event)
{
    QCustomPlot::resizeEvent(event); // replots: updateLayout fits rows and range to the new size
}

void WaterfallChart::changeEvent(QEvent *event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        replot(QCustomPlot::rpQueuedReplot);
}

QStringList WaterfallChart::labelTexts() const
{
    return m_values;
}

QStringList WaterfallChart::shownTexts() const
{
    QStringList texts;
    for (const QCPItemText *label : m_labels)
        texts << label->text();
    return texts;
}

QList<QRectF> WaterfallChart::valueLabelRects() const
{
    QList<QRectF> rects;
    for (const QCPItemText *label : m_labels)
        rects << QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition())
                     .normalized();
    return rects;
}

void WaterfallChart::refresh()
{
    if (!m_document)
        return;
    setSeries(m_document->planResult().waterfall);
}

void WaterfallChart::setSeries(const WaterfallSeries &series)
{
    const std::vector<LeverStep> &steps = series.steps;
    m_factors = explain::leverFactors(steps);
    m_values.clear();
    m_variants.clear();
    m_names.clear();
    m_explanations.clear();
    m_runtimes.clear();
    m_appliedSteps.clear();
    while (m_labels.size() < static_cast<qsizetype>(steps.size())) {
        auto *label = new QCPItemText(this);
        // Above the bars and the hatching past the deadline (both on "main").
        label->setLayer(QStringLiteral("axes"));
        label->setClipToAxisRect(false);
        m_labels.append(label);
    }
    // Fewer steps than before (overheads turned off): the extra labels go, or they would float
    // over the chart with a stale runtime.
    while (m_labels.size() > static_cast<qsizetype>(steps.size()))
        removeItem(m_labels.takeLast());
    m_deadlineSeconds = series.deadlineSeconds;

    QVector<double> appliedKeys, appliedValues, unusedKeys, unusedValues, whiskerLow, whiskerHigh;
    const bool whiskered = series.stepSpread.size() == steps.size();
    double minSeconds = 1e300, maxSeconds = 0;
    auto extend = [&](double seconds) {
        if (seconds > 0) {
            minSeconds = std::min(minSeconds, seconds);
            maxSeconds = std::max(maxSeconds, seconds);
        }
    };
    for (size_t i = 0; i < steps.size(); ++i) {
        const LeverStep &step = steps[i];
        const auto index = static_cast<qsizetype>(i);
        const double key = static_cast<double>(i + 1);
        // The baseline always counts as applied: it is where the story starts.
        const bool applied = step.applied || i == 0;
        (applied ? appliedKeys : unusedKeys).push_back(key);
        (applied ? appliedValues : unusedValues).push_back(step.runtimeSeconds);
        if (applied && whiskered) {
            const uncertainty::Percentiles &p = series.stepSpread[i];
            whiskerLow.push_back(std::max(step.runtimeSeconds - p.p10, 0.0));
            whiskerHigh.push_back(std::max(p.p90 - step.runtimeSeconds, 0.0));
            extend(p.p10);
            extend(p.p90);
        }
        m_names << step.name;
        m_explanations << step.explanation;
        m_runtimes.push_back(step.runtimeSeconds);
        m_appliedSteps.push_back(applied);
        m_values << (applied ? format::duration(step.runtimeSeconds) : tr("unchanged"));
        // What the bar says, longest first: its runtime with its factor, then either alone.
        const QString factor = m_factors[index];
        const QString value = m_values.last();
        QStringList variants{value};
        if (applied && !factor.isEmpty() && factor != value)
            variants = QStringList{tr("%1 (%2)").arg(value, factor), value, factor};
        // With a device pricing the workers, each applied step also says what it bills,
        // where the bar leaves room; the runtime alone where it does not.
        if (applied && !series.costCurrency.isEmpty()) {
            // Rounded as the headline rounds money ("$5.62M"): the bar's label is read, not summed.
            const QString cost = format::roundedMoney(step.cost, series.costCurrency);
            variants.prepend(tr("%1 · %2").arg(value, cost));
            if (variants.size() > 2)
                variants.prepend(tr("%1 · %2").arg(variants.at(1), cost));
        }
        m_variants.append(variants);
        QCPItemText *label = m_labels[index];
        label->position->setCoords(step.runtimeSeconds, key);
        label->setText(variants.first());
        label->setProperty("applied", applied);
        extend(step.runtimeSeconds);
    }
    QVector<double> baselineKeys, baselineValues;
    if (series.baselineSteps) {
        const std::vector<LeverStep> &baseSteps = *series.baselineSteps;
        for (size_t i = 0; i < baseSteps.size(); ++i) {
            baselineKeys.push_back(static_cast<double>(i + 1) - 0.42);
            baselineValues.push_back(baseSteps[i].runtimeSeconds);
            extend(baseSteps[i].runtimeSeconds);
        }
    }
    extend(m_deadlineSeconds);
    m_minSeconds = maxSeconds > 0 ? minSeconds : 1;
    m_maxSeconds = maxSeconds > 0 ? maxSeconds : 1;

    // The deadline, and the part of each bar that runs past it, hatched.
    const bool deadline = m_deadlineSeconds > 0;
    m_deadlineLine->setVisible(deadline);
    m_deadlineLabel->setVisible(deadline);
    if (deadline) {
        m_deadlineLine->point1->setCoords(m_deadlineSeconds, 0);
        m_deadlineLine->point2->setCoords(m_deadlineSeconds, 1);
        m_deadlineLabel->position->setCoords(m_deadlineSeconds, 0);
        m_deadlineLabel->setText(tr("deadline %1").arg(format::duration(m_deadlineSeconds)));
    }
    qsizetype over = 0;
    for (size_t i = 0; deadline && i < steps.size(); ++i) {
        if (deadline::meets(steps[i].runtimeSeconds, m_deadlineSeconds))
            continue;
        if (m_overDeadline.size() <= over) {
            auto *rect = new QCPItemRect(this);
            rect->setPen(Qt::NoPen);
            m_overDeadline.append(rect);
        }
        const double key = static_cast<double>(i + 1);
        m_overDeadline[over]->topLeft->setCoords(m_deadlineSeconds, key - kBarWidth / 2);
        m_overDeadline[over]->bottomRight->setCoords(steps[i].runtimeSeconds, key + kBarWidth / 2);
        m_overDeadline[over]->setVisible(true);
        ++over;
    }
    for (qsizetype i = over; i < m_overDeadline.size(); ++i)
        m_overDeadline[i]->setVisible(false);

    m_baselineBars->setData(baselineKeys, baselineValues, true);
    const bool showLegend = !baselineKeys.isEmpty();
    legend->setVisible(showLegend);
    if (showLegend && plotLayout()->element(0, 0) != m_legendHolder) {
        plotLayout()->insertRow(0);
        plotLayout()->addElement(0, 0, m_legendHolder);
        plotLayout()->setRowStretchFactor(0, 0.001);
    } else if (!showLegend && plotLayout()->element(0, 0) == m_legendHolder) {
        plotLayout()->take(m_legendHolder);
        plotLayout()->simplify();
    }
    if (!baselineKeys.isEmpty() && !legend->hasItemWithPlottable(m_baselineBars))
        m_baselineBars->addToLegend();
    m_applied->setData(appliedKeys, appliedValues, true);
    m_unused->setData(unusedKeys, unusedValues, true);
    if (whiskered)
        m_whiskers->setData(whiskerLow, whiskerHigh);
    else
        m_whiskers->data()->clear();
    // A spare row at the top names the deadline, clear of every bar's text.
    yAxis->setRange(deadline ? -0.6 : 0.4, static_cast<double>(steps.size()) + 0.6);
    xAxis->setRange(axisStart(m_minSeconds, m_maxSeconds), m_maxSeconds * 8);
    m_categoryShown.clear(); // the names are fitted again at the next layout
    replot(QCustomPlot::rpQueuedReplot);
}

void WaterfallChart::updateLayout()
{
    // Fitting changes the axes' margins (the names' width) and ticks (the range), and the time
    // axis picks its ticks from the last layout's pixels, so lay out again until nothing moves;
    // two passes settle it, the rest is a guard.
    bool settled = false;
    for (int pass = 0; pass < 4 && !settled; ++pass) {
        const QRect before = axisRect()->rect();
        QCustomPlot::updateLayout();
        const bool rows = fitRows();
        const bool range = fitRange();
        settled = !rows && !range && axisRect()->rect() == before;
    }
    if (!settled)
        QCustomPlot::updateLayout();
    placeLabels();
}

/// Lever names and bar texts shrink rather than overlap when rows get thin (a short window, or
/// presentation mode's larger fonts); the explanation takes a second line only when two lines
/// fit in a row, and a name wider than a third of the chart is elided.
bool WaterfallChart::fitRows()
{
    const auto rows = static_cast<qsizetype>(m_names.size());
    if (rows == 0 || axisRect()->height() <= 0)
        return false;
    const double rowPixels = axisRect()->height() / std::max(0.1, yAxis->range().size());
    const QFont intended = yAxis->property("pp_intendedTickFont").value<QFont>();
    const double lineSpacing = QFontMetricsF(intended).lineSpacing();
    // On a short chart the time axis' title ("runtime (log)", which its units already say) gives
    // its line to the rows. Decided on the rows' height with the title, so it never flips back.
    const bool titled = !xAxis->label().isEmpty();
    const double titlePixels = QFontMetricsF(xAxis->labelFont()).height() + xAxis->labelPadding();
    const double rowsWithTitle =
        (axisRect()->height() - (titled ? 0 : titlePixels)) / std::max(0.1, yAxis->range().size());
    const QString title = rowsWithTitle >= lineSpacing * 1.15 ? tr("runtime (log)") : QString();
    const bool titleChanged = title != xAxis->label();
    if (titleChanged)
        xAxis->setLabel(title);
    QFont fitted = intended;
    // A row holds one line with a little air: texts in neighbouring rows never touch.
    if (lineSpacing * 1.15 > rowPixels)
        fitted.setPointSizeF(
            std::max(6.0, intended.pointSizeF() * rowPixels / (lineSpacing * 1.15)));
    const QFontMetricsF metrics(fitted);
    const bool twoLines = rowPixels >= 2 * metrics.lineSpacing() + 6;
    const double maxWidth = std::max(60.0, viewport().width() * 0.34);
    QStringList shown;
    for (qsizetype i = 0; i < rows; ++i) {
        QString text = metrics.elidedText(m_names[i], Qt::ElideRight, maxWidth);
        if (twoLines && !m_explanations[i].isEmpty())
            text +=
                QLatin1Char('\n') + metrics.elidedText(m_explanations[i], Qt::ElideRight, maxWidth);
        shown << text;
    }
    for (QCPItemText *label : std::as_const(m_labels))
        label->setFont(fitted);
    m_deadlineLabel->setFont(fitted);
    // A bar at least as thick as its text, so white text inside it never spills onto the page.
    const double barWidth = std::clamp((metrics.height() + 2) / rowPixels, kBarWidth, 0.9);
    m_applied->setWidth(barWidth);
    m_unused->setWidth(barWidth);
    for (QCPItemRect *rect : std::as_const(m_overDeadline)) {
        const double key =
            std::round((rect->topLeft->coords().y() + rect->bottomRight->coords().y()) / 2);
        rect->topLeft->setCoords(rect->topLeft->coords().x(), key - barWidth / 2);
        rect->bottomRight->setCoords(rect->bottomRight->coords().x(), key + barWidth / 2);
    }
    if (shown == m_categoryShown && yAxis->tickLabelFont() == fitted)
        return titleChanged;
    m_categoryShown = shown;
    yAxis->setTickLabelFont(fitted);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (qsizetype i = 0; i < rows; ++i)
        ticker->addTick(static_cast<double>(i + 1), shown[i]);
    yAxis->setTicker(ticker);
    return true;
}

double WaterfallChart::labelPixels(qsizetype index) const
{
    const QCPItemText *label = m_labels[index];
    return QFontMetricsF(label->font()).horizontalAdvance(label->text()) + 2 * kLabelPadding;
}

/// The time range that leaves every bar's text room: inside its bar when the bar is long enough,
/// else just past its end. The end of the axis moves out (up to three decades past the longest
/// bar, so the bars keep their length) until each text has one or the other; a text that fits
/// nowhere in full falls back to its runtime alone, then to its factor alone.
bool WaterfallChart::fitRange()
{
    const double width = axisRect()->width();
    if (m_labels.isEmpty() || width < 20)
        return false;
    const double lo = axisStart(m_minSeconds, m_maxSeconds);
    const double logLo = std::log10(lo);
    const QFontMetricsF metrics(m_labels.first()->font());
    std::vector<std::vector<double>> variantPixels;
    for (const QStringList &variants : std::as_const(m_variants)) {
        std::vector<double> pixels;
        for (const QString &text : variants)
            pixels.push_back(metrics.horizontalAdvance(text) + 2 * kLabelPadding);
        variantPixels.push_back(std::move(pixels));
    }
    const double deadlinePixels =
        m_deadlineSeconds > 0
            ? QFontMetricsF(m_deadlineLabel->font()).horizontalAdvance(m_deadlineLabel->text()) +
                  2 * kLabelPadding
            : 0;
    constexpr int kNowhere = 100;
    double best = m_maxSeconds * 1.3;
    int lowestCost = std::numeric_limits<int>::max();
    std::vector<int> bestChoice(m_variants.size(), 0);
    for (int step = 0; step <= 60 && lowestCost > 0; ++step) {
        const double hi = m_maxSeconds * 1.3 * std::pow(10.0, 0.05 * step);
        const double decades = std::log10(hi) - logLo;
        auto pixel = [&](double seconds) {
            return width * (std::log10(seconds) - logLo) / decades;
        };
        int cost = 0;
        std::vector<int> choice(m_variants.size(), 0);
        for (size_t i = 0; i < variantPixels.size(); ++i) {
            const double bar = pixel(m_runtimes[i]);
            // Inside with a little air from the axis, or beyond the bar's end.
            const auto fits = [&](double text) {
                return bar >= text + kLabelPadding || bar + text <= width;
            };
            const auto found = std::find_if(variantPixels[i].begin(), variantPixels[i].end(), fits);
            choice[i] = found == variantPixels[i].end()
                            ? static_cast<int>(variantPixels[i].size()) - 1
                            : static_cast<int>(found - variantPixels[i].begin());
            cost += found == variantPixels[i].end() ? kNowhere : choice[i];
        }
        if (m_deadlineSeconds > 0) {
            const double line = pixel(m_deadlineSeconds);
            if (line + deadlinePixels > width && line - deadlinePixels < 0)
                cost += kNowhere;
        }
        if (cost < lowestCost) {
            lowestCost = cost;
            best = hi;
            bestChoice = choice;
        }
    }
    for (qsizetype i = 0; i < m_labels.size(); ++i)
        m_labels[i]->setText(m_variants[i][bestChoice[static_cast<size_t>(i)]]);
    const QCPRange current = xAxis->range();
    if (std::fabs(current.lower / lo - 1) < 1e-9 && std::fabs(current.upper / best - 1) < 1e-9)
        return false;
    xAxis->setRange(lo, best);
    return true;
}

void WaterfallChart::placeLabels()
{
    // The theme's text colour (appearance::apply sets it on the axes; black in a report).
    const QColor ink = xAxis->tickLabelColor();
    const bool dark = ink.lightness() > 128;
    // The chart's background (appearance::apply sets it) and an unused lever's translucent grey
    // over it: a text inside that bar is dark or white by which reads on it.
    const QColor background =
        mBackgroundBrush.style() == Qt::NoBrush ? QColor(Qt::white) : mBackgroundBrush.color();
    const QColor grey = m_unused->brush().color();
    const double alpha = grey.alphaF();
    const auto blend = [alpha](int over, int under) {
        return static_cast<int>(std::lround(alpha * over + (1 - alpha) * under));
    };
    const QColor unusedFill(blend(grey.red(), background.red()),
                            blend(grey.green(), background.green()),
                            blend(grey.blue(), background.blue()));
    const QColor onUnused =
        unusedFill.lightness() > 140 ? QColor(0x20, 0x22, 0x26) : QColor(Qt::white);
    const double left = axisRect()->left();
    for (qsizetype i = 0; i < m_labels.size(); ++i) {
        QCPItemText *label = m_labels[i];
        const bool applied = label->property("applied").toBool();
        const double barPixels = xAxis->coordToPixel(label->position->key()) - left;
        const bool inside = barPixels >= labelPixels(i) + kLabelPadding;
        label->setPositionAlignment((inside ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
        label->setPadding(inside ? QMargins(0, 0, kLabelPadding, 0)
                                 : QMargins(kLabelPadding, 0, 0, 0));
        label->setColor(inside ? (applied ? QColor(Qt::white) : onUnused) : ink);
        // A box of what lies under the text, so the deadline's line and hatching pass behind it
        // (and not the dark box appearance.cpp gives texts in the dark theme).
        label->setBrush(inside ? (applied ? m_applied->brush().color() : unusedFill) : background);
    }
    const QColor alert = deadlineColor(dark);
    QPen linePen = m_deadlineLine->pen();
    linePen.setColor(alert);
    m_deadlineLine->setPen(linePen);
    for (QCPItemRect *rect : std::as_const(m_overDeadline)) {
        QColor hatch = alert;
        hatch.setAlpha(170);
        rect->setBrush(QBrush(hatch, Qt::BDiagPattern));
    }
    if (m_deadlineLabel->visible()) {
        const double line = xAxis->coordToPixel(m_deadlineSeconds);
        const double text =
            QFontMetricsF(m_deadlineLabel->font()).horizontalAdvance(m_deadlineLabel->text()) +
            2 * kLabelPadding;
        // Beside the line, to its right when there is room, else to its left; on a chart too
        // narrow for either, at the right end of the top row (its box hides the line there).
        const bool right = line + text <= axisRect()->right();
        const bool left = line - text >= axisRect()->left();
        const double anchor =
            right || left ? m_deadlineSeconds : xAxis->pixelToCoord(axisRect()->right());
        m_deadlineLabel->position->setCoords(anchor, 0);
        m_deadlineLabel->setPositionAlignment((right ? Qt::AlignLeft : Qt::AlignRight) |
                                              Qt::AlignTop);
        m_deadlineLabel->setPadding(QMargins(kLabelPadding, 2, kLabelPadding, 2));
        m_deadlineLabel->setColor(alert);
        m_deadlineLabel->setBrush(background);
    }
}

} // namespace pipeplan
