#include "ui/widgets/appearance.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QPlainTextEdit>
#include <QProxyStyle>
#include <QRegularExpression>
#include <QStyleOption>
#include <QTableView>
#include <QTextEdit>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace pipeplan::appearance {

namespace {

QPalette lightPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0xf4, 0xf5, 0xf7));
    p.setColor(QPalette::WindowText, QColor(0x1b, 0x1f, 0x24));
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::AlternateBase, QColor(0xee, 0xf1, 0xf5));
    p.setColor(QPalette::Text, QColor(0x1b, 0x1f, 0x24));
    p.setColor(QPalette::Button, QColor(0xea, 0xec, 0xef));
    p.setColor(QPalette::ButtonText, QColor(0x1b, 0x1f, 0x24));
    p.setColor(QPalette::Highlight, QColor(0x1f, 0x5f, 0xbf));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xe8));
    p.setColor(QPalette::ToolTipText, Qt::black);
    p.setColor(QPalette::PlaceholderText, QColor(0x6b, 0x72, 0x7a));
    // Explanations under the inputs are drawn in Mid: dark enough for 5.9:1 on the window.
    p.setColor(QPalette::Mid, QColor(0x5f, 0x65, 0x70));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x9a, 0x9e, 0xa6));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x9a, 0x9e, 0xa6));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x9a, 0x9e, 0xa6));
    return p;
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x23, 0x26, 0x2b));
    p.setColor(QPalette::WindowText, QColor(0xe8, 0xea, 0xed));
    p.setColor(QPalette::Base, QColor(0x1a, 0x1c, 0x20));
    p.setColor(QPalette::AlternateBase, QColor(0x2a, 0x2e, 0x34));
    p.setColor(QPalette::Text, QColor(0xe8, 0xea, 0xed));
    p.setColor(QPalette::Button, QColor(0x30, 0x34, 0x3a));
    p.setColor(QPalette::ButtonText, QColor(0xe8, 0xea, 0xed));
    p.setColor(QPalette::Highlight, QColor(0x4c, 0x8d, 0xf0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, QColor(0x30, 0x34, 0x3a));
    p.setColor(QPalette::ToolTipText, QColor(0xe8, 0xea, 0xed));
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9e, 0xa6));
    p.setColor(QPalette::Mid, QColor(0x9a, 0x9e, 0xa6));
    p.setColor(QPalette::Light, QColor(0x3a, 0x3e, 0x45));
    p.setColor(QPalette::Dark, QColor(0x12, 0x14, 0x17));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x6b, 0x70, 0x78));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x6b, 0x70, 0x78));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x6b, 0x70, 0x78));
    return p;
}

/// Projector colours: text at full black or white, no grey-on-grey.
QPalette highContrast(QPalette p)
{
    const bool dark = isDark(p);
    const QColor ink = dark ? Qt::white : Qt::black;
    const QColor paper = dark ? Qt::black : Qt::white;
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
        for (QPalette::ColorRole role :
             {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
            p.setColor(group, role, ink);
        for (QPalette::ColorRole role : {QPalette::Window, QPalette::Base})
            p.setColor(group, role, paper);
    }
    p.setColor(QPalette::Mid, dark ? QColor(0xd0, 0xd0, 0xd0) : QColor(0x30, 0x30, 0x30));
    return p;
}

/// A value remembered on the object the first time, so applying twice never compounds.
template <typename T> T remembered(QObject *object, const char *name, const T &current)
{
    const QVariant stored = object->property(name);
    if (stored.isValid())
        return stored.value<T>();
    object->setProperty(name, QVariant::fromValue(current));
    return current;
}

QFont scaled(QObject *owner, const char *name, const QFont &current, double scale)
{
    QFont font = remembered(owner, name, current);
    font.setPointSizeF(font.pointSizeF() * scale);
    return font;
}

/// On a dark palette, the colour 1/`divisor` of the way from its Base to its Text (each channel
/// rounded toward Base); invalid on a light palette, where the style's own colours stay.
QColor darkBaseTowardText(const QPalette &palette, int divisor)
{
    if (!isDark(palette))
        return {};
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    const auto toward = [divisor](int from, int to) { return from + (to - from) / divisor; };
    return {toward(base.red(), text.red()), toward(base.green(), text.green()),
            toward(base.blue(), text.blue())};
}

/// The colour of a table's cell grid on a dark palette: a quarter of the way from the cells'
/// Base to their Text, so adjacent columns read apart (Fusion's grid, the window's
/// colour darkened, vanished on dark cells and ran "8" and "1" together). Invalid on a light
/// palette: the style's own grid stays.
QColor tableGridColor(const QPalette &palette)
{
    return darkBaseTowardText(palette, 4);
}

/// The edge of an editable field on a dark palette: half way from the field's Base to its Text,
/// 3:1 or more against both the window and the field (Fusion's frame, the window's
/// colour darkened, left a field on a dark group box, or on presentation mode's black, reading as
/// plain text). Invalid on a light palette: the style's own frame stays.
QColor fieldEdgeColor(const QPalette &palette)
{
    return darkBaseTowardText(palette, 2);
}

/// True for a text field drawn as a scroll area's frame (the Notes box): a plain frame, a table's
/// or a scroll area's, keeps the style's.
bool isEditableTextArea(const QWidget *widget)
{
    if (const auto *plain = qobject_cast<const QPlainTextEdit *>(widget))
        return !plain->isReadOnly();
    if (const auto *rich = qobject_cast<const QTextEdit *>(widget))
        return !rich->isReadOnly();
    return false;
}

/// Outlines a field's rectangle in fieldEdgeColor (fainter when disabled); a focused field keeps
/// the style's highlight.
void outlineField(const QStyleOption *option, QPainter *painter)
{
    QColor edge = fieldEdgeColor(option->palette);
    if (!edge.isValid() || (option->state & QStyle::State_HasFocus))
        return;
    if (!(option->state & QStyle::State_Enabled))
        edge.setAlpha(110);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(QPen(edge, 1.0));
    painter->setBrush(Qt::NoBrush);
    painter->drawRoundedRect(QRectF(option->rect).adjusted(0.5, 0.5, -0.5, -0.5), 2, 2);
    painter->restore();
}

class ContrastStyle : public QProxyStyle
{
public:
    using QProxyStyle::QProxyStyle;
    void drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
                            QPainter *painter, const QWidget *widget) const override
    {
        QProxyStyle::drawComplexControl(control, option, painter, widget);
        if (control == CC_SpinBox) {
            if (const auto *spin = qstyleoption_cast<const QStyleOptionSpinBox *>(option);
                spin && spin->frame)
                outlineField(option, painter);
        } else if (control == CC_ComboBox) {
            if (const auto *combo = qstyleoption_cast<const QStyleOptionComboBox *>(option);
                combo && combo->editable && combo->frame)
                outlineField(option, painter);
        }
    }
    int styleHint(StyleHint hint, const QStyleOption *option, const QWidget *widget,
                  QStyleHintReturn *returnData) const override
    {
        if (hint == SH_Table_GridLineColor && option) {
            if (const QColor grid = tableGridColor(option->palette); grid.isValid())
                return static_cast<int>(grid.rgba());
        }
        return QProxyStyle::styleHint(hint, option, widget, returnData);
    }
    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget) const override
    {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        if (element == PE_FrameLineEdit || (element == PE_Frame && isEditableTextArea(widget))) {
            outlineField(option, painter);
            return;
        }
        const bool indicator = element == PE_IndicatorCheckBox ||
                               element == PE_IndicatorRadioButton ||
                               element == PE_IndicatorItemViewItemCheck;
        if (!indicator || !isDark(option->palette))
            return;
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, true);
        QColor edge = option->palette.color(QPalette::Mid);
        if (!(option->state & State_Enabled))
            edge.setAlpha(110);
        painter->setPen(QPen(edge, 1.2));
        painter->setBrush(Qt::NoBrush);
        const QRectF box = QRectF(option->rect).adjusted(1, 1, -1, -1);
        if (element == PE_IndicatorRadioButton)
            painter->drawEllipse(box);
        else
            painter->drawRoundedRect(box, 2, 2);
        painter->restore();
    }
};

/// The widest word of a column's cells in the table's font: the least a wrapping column needs.
int widestWord(const QTableView *table, int column)
{
    const QAbstractItemModel *model = table->model();
    if (!model)
        return 0;
    const QFontMetrics metrics(table->font());
    int widest = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString text = model->index(row, column).data(Qt::DisplayRole).toString();
        for (const QString &word :
             text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts))
            widest = std::max(widest, metrics.horizontalAdvance(word));
    }
    return widest;
}

} // namespace

void fitColumns(QTableView *table)
{
    table->resizeColumnsToContents();
    // A table whose last column wraps its text (What it would take's reasons) keeps that column
    // to the room left, not its text's one-line width, which pushed the window past a laptop's
    // screen.
    if (QHeaderView *header = table->horizontalHeader();
        table->property(kWrapsLastColumn).toBool() && header->stretchLastSection()) {
        header->setStretchLastSection(false);
        header->setStretchLastSection(true);
    }
    if (table->horizontalScrollBarPolicy() != Qt::ScrollBarAlwaysOff)
        return;
    // A table that never scrolls sideways is at least as wide as its columns' text; a last
    // column that wraps needs only its longest word (counted at its one-line width, the goal
    // table's reasons pushed the Overheads workspace past a laptop's screen).
    const QHeaderView *header = table->horizontalHeader();
    const bool wrapsLast =
        table->property(kWrapsLastColumn).toBool() && header->stretchLastSection();
    int lastShown = -1;
    for (int column = 0; column < header->count(); ++column) {
        if (!header->isSectionHidden(column))
            lastShown = column;
    }
    int width =
        2 * table->frameWidth() +
        (table->verticalHeader()->isVisible() ? table->verticalHeader()->sizeHint().width() : 0);
    for (int column = 0; column < header->count(); ++column) {
        if (header->isSectionHidden(column))
            continue;
        const int needs =
            wrapsLast && column == lastShown
                ? widestWord(table, column)
                : static_cast<const QAbstractItemView *>(table)->sizeHintForColumn(column);
        width += std::max(needs, header->sectionSizeHint(column)) +
                 6; // the cell's margins, so no last letter is cut
    }
    if (table->minimumWidth() != width)
        table->setMinimumWidth(width);
}

// The application takes ownership of the style it is given (and deletes the one it replaces).
// NOLINTBEGIN(clang-analyzer-cplusplus.NewDeleteLeaks)
void installContrastStyle()
{
    if (!dynamic_cast<ContrastStyle *>(QApplication::style()))
        QApplication::setStyle(new ContrastStyle);
}
// NOLINTEND(clang-analyzer-cplusplus.NewDeleteLeaks)

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QPalette palette(const Look &look, const QPalette &system)
{
    QPalette p = look.theme == Theme::Light  ? lightPalette()
                 : look.theme == Theme::Dark ? darkPalette()
                                             : system;
    return look.presentation ? highContrast(p) : p;
}

namespace {

/// Keeps a table's rows a line of its font tall.
class RowsFollowFont : public QObject
{
public:
    explicit RowsFollowFont(QTableView *table) : QObject(table), m_table(table) { fit(); }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_table && event->type() == QEvent::FontChange)
            fit();
        return false;
    }

private:
    void fit()
    {
        m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    }

    QTableView *m_table;
};

/// Keeps a word-wrapped label's minimum height its wrapped text's at its width.
class WrappedHeight : public QObject
{
public:
    explicit WrappedHeight(QLabel *label) : QObject(label), m_label(label) {}

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_label &&
            (event->type() == QEvent::Resize || event->type() == QEvent::Show ||
             event->type() == QEvent::FontChange))
            fitWrappedHeight(m_label);
        return false;
    }

private:
    QLabel *m_label;
};

/// The property that lets fitTicks() thin an axis's text ticker (numbers written as text).
constexpr const char *kThinTicks = "pp_thinTicks";

/// The property that lets fitTicks() set a smaller font on an axis whose every text tick is
/// needed (a Gantt's stage names), when its rows are lower than the theme's font.
constexpr const char *kFitTickFont = "pp_fitTickFont";

/// The tick count a numeric axis asked for before any thinning.
constexpr const char *kWantedTicks = "pp_wantedTicks";

/// Keeps every k-th of a text ticker's ticks in the axis's range so that at most `fits` show
/// (the first always). The ticks the chart set are remembered: a chart that sets new ones
/// replaces them, and a longer axis shows them all again.
bool thinTextTicks(QCPAxis *axis, QCPAxisTickerText &ticker, int fits)
{
    using Ticks = QMap<double, QString>;
    const QVariant thinned = axis->property("pp_thinnedTicks");
    Ticks full = ticker.ticks();
    if (thinned.isValid() && thinned.value<Ticks>() == full)
        full = axis->property("pp_fullTicks").value<Ticks>();
    axis->setProperty("pp_fullTicks", QVariant::fromValue(full));
    qsizetype inRange = 0;
    for (auto it = full.cbegin(); it != full.cend(); ++it)
        inRange += axis->range().contains(it.key()) ? 1 : 0;
    const qsizetype step = fits > 0 ? std::max<qsizetype>(1, (inRange + fits - 1) / fits) : 1;
    Ticks kept;
    qsizetype index = 0;
    for (auto it = full.cbegin(); it != full.cend(); ++it) {
        if (!axis->range().contains(it.key()))
            continue;
        if (index++ % step == 0)
            kept.insert(it.key(), it.value());
    }
    axis->setProperty("pp_thinnedTicks", QVariant::fromValue(kept));
    if (kept == ticker.ticks())
        return false;
    ticker.setTicks(kept);
    return true;
}

/// A vertical axis of rows (a tick per whole number) labelled in the theme's font where its rows
/// are tall enough, else in one that fits a row (down to 9 px); true when the font changed.
bool fitTickFont(QCPAxis *axis)
{
    if (axis->orientation() != Qt::Vertical)
        return false;
    const QFont intended = remembered(axis, "pp_intendedTickFont", axis->tickLabelFont());
    QFont font = intended;
    const double rowPx = std::fabs(axis->coordToPixel(1) - axis->coordToPixel(0));
    if (rowPx > 0 && QFontMetricsF(intended).height() > rowPx) {
        // A font's height is about 1.2 times its pixel size.
        font.setPixelSize(std::max(9, static_cast<int>(rowPx / 1.25)));
    }
    if (font == axis->tickLabelFont())
        return false;
    axis->setTickLabelFont(font);
    return true;
}

/// Thins each numeric axis's ticks to what its length holds: a label and two spaces per tick
/// side by side, a label and a half per tick one above the other (presentation mode's larger
/// labels read "10k100k" and stacked into each other). The ticker rounds its step to a clean
/// one, which can give over twice the ticks asked for, hence the factor 2.5. Text tickers keep
/// their own ticks. The axis rect keeps the room its end labels overhang: half a label above
/// the top tick and beside the last one.
/// A chart at least as tall as its vertical axis titles and as wide as its horizontal ones
/// (presentation mode's "microbatches" ran off a laptop's short memory chart): the chart's own
/// minimum, remembered, raised to that; the window scrolls before a title is cut.
void fitTitles(QCustomPlot *plot)
{
    QSize needed;
    for (QCPAxisRect *rect : plot->axisRects()) {
        if (rect->width() < 2 || rect->height() < 2)
            continue;
        for (QCPAxis *axis : rect->axes()) {
            if (!axis->visible() || axis->label().isEmpty())
                continue;
            const int length = QFontMetrics(axis->labelFont()).horizontalAdvance(axis->label());
            // Centred on its axis, it has twice the distance to the nearer end of the chart;
            // a chart taller (wider) by d has d more.
            const bool vertical = axis->orientation() == Qt::Vertical;
            const int size = vertical ? plot->height() : plot->width();
            const int centre = vertical ? rect->center().y() : rect->center().x();
            const int room = 2 * std::min(centre, size - centre);
            const int fits = size + (length + 4 - room);
            if (vertical)
                needed.setHeight(std::max(needed.height(), fits));
            else
                needed.setWidth(std::max(needed.width(), fits));
        }
    }
    const QSize own = remembered(plot, "pp_minimumSize", plot->minimumSize());
    const QSize minimum = own.expandedTo(needed);
    if (minimum != plot->minimumSize())
        plot->setMinimumSize(minimum);
}

bool fitTicks(QCustomPlot *plot)
{
    bool changed = false;
    for (QCPAxisRect *rect : plot->axisRects()) {
        QMargins overhang;
        for (QCPAxis *axis : rect->axes()) {
            if (!axis->visible() || !axis->tickLabels() || !axis->ticker())
                continue;
            const QSharedPointer<QCPAxisTickerText> text =
                axis->ticker().dynamicCast<QCPAxisTickerText>();
            if (axis->property(kFitTickFont).toBool()) {
                changed |= fitTickFont(axis);
                continue;
            }
            if (text && !axis->property(kThinTicks).toBool())
                continue; // a chart's own labels, each needed
            const QFontMetrics metrics(axis->tickLabelFont());
            const bool horizontal = axis->orientation() == Qt::Horizontal;
            int extent = 0;
            if (horizontal) {
                int widest = metrics.horizontalAdvance(QStringLiteral("000"));
                for (const QString &label : axis->tickVectorLabels())
                    widest = std::max(widest, metrics.horizontalAdvance(label));
                extent = widest + 2 * metrics.horizontalAdvance(QLatin1Char(' '));
                overhang.setRight(std::max(overhang.right(), widest / 2 + 1));
            } else {
                extent = metrics.height() * 3 / 2;
                overhang.setTop(std::max(overhang.top(), metrics.height() / 2 + 1));
            }
            const int length = horizontal ? rect->width() : rect->height();
            if (length <= 0)
                continue;
            if (text) {
                changed |= thinTextTicks(axis, *text, length / extent);
            } else {
                const int wanted = remembered(axis, kWantedTicks, axis->ticker()->tickCount());
                // On a log axis a step within a decade ($15, $20, $25) crowds toward its top:
                // a third fewer ticks.
                // Side by side the labels' widths vary; one above the other they are all a line.
                const int fits = horizontal ? 2 * length / (5 * extent) : length / (2 * extent);
                // Side by side at least two, so a short axis still has a number (with one, a
                // money axis's only tick could fall outside its range and leave it bare).
                const int least = horizontal ? 2 : 1;
                const int count =
                    std::clamp(axis->scaleType() == QCPAxis::stLogarithmic ? fits * 2 / 3 : fits,
                               least, std::max(least, wanted));
                changed |= count != axis->ticker()->tickCount();
                axis->ticker()->setTickCount(count);
            }
        }
        // Only where no axis of its own takes the edge (its labels there make the room).
        if (rect->axis(QCPAxis::atTop) && rect->axis(QCPAxis::atTop)->visible())
            overhang.setTop(0);
        if (rect->axis(QCPAxis::atRight) && rect->axis(QCPAxis::atRight)->visible())
            overhang.setRight(0);
        // The chart's own minimum, remembered, so a smaller font gives the room back.
        const QMargins minimum = remembered(rect, "pp_minimumMargins", rect->minimumMargins());
        const QMargins fitted(minimum.left(), std::max(minimum.top(), overhang.top()),
                              std::max(minimum.right(), overhang.right()), minimum.bottom());
        if (fitted != rect->minimumMargins()) {
            rect->setMinimumMargins(fitted);
            changed = true;
        }
    }
    fitTitles(plot);
    return changed;
}

} // namespace

void fitRowsToFont(QTableView *table)
{
    table->installEventFilter(new RowsFollowFont(table));
}

void fitWrappedHeight(QLabel *label)
{
    if (label->width() <= 0 || !label->isVisible())
        return;
    const int height = label->heightForWidth(label->width());
    if (height > 0 && height != label->minimumHeight())
        label->setMinimumHeight(height);
}

void keepWrappedHeight(QLabel *label)
{
    label->installEventFilter(new WrappedHeight(label));
    fitWrappedHeight(label);
}

void fitTicksOnReplot(QCustomPlot *plot)
{
    if (plot->property("pp_fitsTicks").toBool())
        return;
    plot->setProperty("pp_fitsTicks", true);
    // After the layout, when the axes have their lengths and tick labels: a change lays the
    // plot out once more (QCustomPlot::updateLayout's three passes), before it draws.
    QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot]() {
        // An export lays the plot out at its own size for a moment (toPainter): the widget's
        // ticks and minimum size are not that size's.
        if (plot->viewport() != plot->rect() || !fitTicks(plot))
            return;
        for (const auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins,
                                 QCPLayoutElement::upLayout})
            plot->plotLayout()->update(phase);
    });
}

void apply(QCustomPlot *plot, const QPalette &palette, double fontScale, double lineScale)
{
    fitTicksOnReplot(plot);
    const QColor background = palette.color(QPalette::Base);
    const QColor ink = palette.color(QPalette::Text);
    const bool dark = isDark(palette);
    plot->setBackground(background);
    const QColor grid = dark ? QColor(255, 255, 255, 45) : QColor(0, 0, 0, 35);
    for (QCPAxisRect *rect : plot->axisRects()) {
        for (QCPAxis *axis : rect->axes()) {
            axis->setBasePen(QPen(ink, lineScale));
            axis->setTickPen(QPen(ink, lineScale));
            axis->setSubTickPen(QPen(ink, lineScale));
            axis->setTickLabelColor(ink);
            axis->setLabelColor(ink);
            const QVariant intended = axis->property("pp_intendedTickFont");
            const QFont tickFont = scaled(
                axis, "pp_tickFont",
                intended.isValid() ? intended.value<QFont>() : axis->tickLabelFont(), fontScale);
            axis->setTickLabelFont(tickFont);
            // What the theme asks for; a chart may fit a smaller one (the waterfall's rows).
            axis->setProperty("pp_intendedTickFont", tickFont);
            axis->setLabelFont(scaled(axis, "pp_labelFont", axis->labelFont(), fontScale));
            axis->grid()->setPen(QPen(grid, 0, Qt::DotLine));
        }
    }
    plot->legend->setBrush(dark ? QColor(0x23, 0x26, 0x2b, 230) : QColor(255, 255, 255, 220));
    plot->legend->setTextColor(ink);
    plot->legend->setBorderPen(QPen(dark ? QColor(255, 255, 255, 70) : QColor(0, 0, 0, 60)));
    plot->legend->setFont(scaled(plot->legend, "pp_font", plot->legend->font(), fontScale));
    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable *plottable = plot->plottable(i);
        QPen pen = plottable->pen();
        pen.setWidthF(remembered(plottable, "pp_width", pen.widthF()) * lineScale);
        plottable->setPen(pen);
        // A band (a graph filled to another, the ranges' fan) lighter and stronger on a dark
        // chart, where the light theme's faint dark tint would vanish.
        if (auto *graph = qobject_cast<QCPGraph *>(plottable);
            graph && graph->channelFillGraph() && graph->brush().style() != Qt::NoBrush) {
            const QColor own = remembered(graph, "pp_brush", graph->brush().color());
            QColor fill = dark ? QColor::fromHslF(own.hslHueF(), own.hslSaturationF(), 0.62f) : own;
            fill.setAlpha(dark ? std::min(255, own.alpha() * 2) : own.alpha());
            graph->setBrush(fill);
        }
    }
    for (int i = 0; i < plot->itemCount(); ++i) {
        QCPAbstractItem *item = plot->item(i);
        if (auto *text = qobject_cast<QCPItemText *>(item)) {
            text->setFont(scaled(text, "pp_font", text->font(), fontScale));
            // The label's own backing, kept to give back on a light look.
            if (!text->property("pp_backing").isValid())
                text->setProperty("pp_backing", QVariant::fromValue(text->brush()));
            if (!dark)
                text->setBrush(text->property("pp_backing").value<QBrush>());
            if (dark) {
                text->setBrush(QColor(0x23, 0x26, 0x2b, 210));
                // A chart's own dark label colour (the P50 blue, the ceiling red) made light
                // enough to read on a dark chart, its hue kept.
                const QColor own = remembered(text, "pp_color", text->color());
                if (own.lightness() < 150)
                    text->setColor(QColor::fromHslF(own.hslHueF(), own.hslSaturationF(), 0.72f));
                text->setProperty("pp_lightened", text->color());
            } else if (const QVariant own = text->property("pp_color"); own.isValid()) {
                // Back to the chart's own colour, unless the chart has chosen another since.
                if (text->color() == text->property("pp_lightened").value<QColor>())
                    text->setColor(own.value<QColor>());
            }
        } else if (auto *line = qobject_cast<QCPItemStraightLine *>(item)) {
            QPen pen = line->pen();
            pen.setWidthF(remembered(line, "pp_width", pen.widthF()) * lineScale);
            line->setPen(pen);
        }
    }
    for (int i = 0; i < plot->plotLayout()->elementCount(); ++i) {
        if (auto *title = qobject_cast<QCPTextElement *>(plot->plotLayout()->elementAt(i))) {
            title->setTextColor(ink);
            title->setFont(scaled(title, "pp_font", title->font(), fontScale));
        }
    }
    plot->replot(QCustomPlot::rpQueuedReplot);
}

void apply(QChart *chart, const QPalette &palette, double fontScale)
{
    const QColor ink = palette.color(QPalette::Text);
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setTitleBrush(ink);
    // The caption above the bars ("One stage: 20 s") scales with the rest: it stayed at 11 px in
    // presentation mode.
    chart->setTitleFont(scaled(chart, "pp_titleFont", chart->titleFont(), fontScale));
    for (QAbstractAxis *axis : chart->axes()) {
        axis->setLabelsColor(ink);
        axis->setTitleBrush(ink);
        axis->setLabelsFont(scaled(axis, "pp_labelsFont", axis->labelsFont(), fontScale));
        axis->setTitleFont(scaled(axis, "pp_titleFont", axis->titleFont(), fontScale));
        axis->setGridLineColor(isDark(palette) ? QColor(255, 255, 255, 45) : QColor(0, 0, 0, 35));
    }
    chart->legend()->setLabelColor(ink);
}

} // namespace pipeplan::appearance
