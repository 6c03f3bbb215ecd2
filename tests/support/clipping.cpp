#include "tests/support/clipping.h"

#include "ui/model/ganttchart.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QStyleOptionGroupBox>
#include <QTabBar>
#include <QTableView>
#include <QTextDocument>
#include <QToolButton>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace pipeplan::testsupport {

namespace {

/// How a failure names a widget: its class, its accessible or object name, and its ancestors'
/// names up to the first that has one (enough to find it in the window).
QString nameOf(const QWidget *widget)
{
    QString name = QString::fromLatin1(widget->metaObject()->className());
    for (const QWidget *at = widget; at; at = at->parentWidget()) {
        const QString own =
            !at->accessibleName().isEmpty() ? at->accessibleName() : at->objectName();
        if (!own.isEmpty()) {
            name += QStringLiteral(" in '%1'").arg(own.left(60));
            break;
        }
    }
    return name;
}

QString cut(const QWidget *widget, const QString &text, int needs, int has, const char *what)
{
    return QStringLiteral("%1 \"%2\": %3 needs %4 px, has %5")
        .arg(nameOf(widget), text.left(80).replace(QLatin1Char('\n'), QLatin1Char(' ')),
             QString::fromLatin1(what))
        .arg(needs)
        .arg(has);
}

/// Whether a tooltip carries the whole of `text` (a cut text is fine when hovering shows it).
bool tooltipCarries(const QString &toolTip, const QString &text)
{
    if (toolTip.isEmpty())
        return false;
    QTextDocument plain;
    plain.setHtml(toolTip);
    const QString tip = Qt::mightBeRichText(toolTip) ? plain.toPlainText() : toolTip;
    return tip.simplified().contains(text.simplified());
}

/// Whether the widget is on the screen: shown, and not scrolled out of a scroll area or hidden
/// behind a splitter handle collapsed to nothing.
bool onScreen(const QWidget *widget)
{
    return widget->isVisible() && !widget->visibleRegion().isEmpty() && widget->width() > 0 &&
           widget->height() > 0;
}

/// Whether a scroll area holds the widget: it may be cut by the scroll area's edge, since
/// scrolling shows the rest.
bool insideScrollArea(const QWidget *widget)
{
    for (const QWidget *at = widget->parentWidget(); at; at = at->parentWidget()) {
        if (qobject_cast<const QScrollArea *>(at))
            return true;
    }
    return false;
}

void checkLabel(const QLabel *label, QStringList &cuts)
{
    if (label->text().isEmpty())
        return;
    if (!label->wordWrap()) {
        const int needs = label->sizeHint().width();
        if (needs > label->width() + 1 && !tooltipCarries(label->toolTip(), label->text()))
            cuts << cut(label, label->text(), needs, label->width(), "width");
    } else {
        const int needs = label->heightForWidth(label->width());
        if (needs > label->height() + 1 && !tooltipCarries(label->toolTip(), label->text()))
            cuts << cut(label, label->text(), needs, label->height(), "height");
    }
    // Cut by its parent: the part of the label outside the parent's rectangle is not drawn.
    if (!insideScrollArea(label) && label->parentWidget()) {
        const QRect inParent = label->geometry().intersected(label->parentWidget()->rect());
        if (inParent.width() + 1 < std::min(label->width(), label->sizeHint().width()))
            cuts << cut(label, label->text(), label->sizeHint().width(), inParent.width(),
                        "width inside its parent");
    }
}

void checkButton(const QAbstractButton *button, QStringList &cuts)
{
    if (button->text().isEmpty())
        return;
    if (const auto *tool = qobject_cast<const QToolButton *>(button);
        tool && tool->toolButtonStyle() == Qt::ToolButtonIconOnly && !tool->icon().isNull())
        return;
    // A tab bar's scroll buttons and a header's corner button have no text of their own.
    const QSize needs = button->sizeHint();
    if (needs.width() > button->width() + 1 && !tooltipCarries(button->toolTip(), button->text()))
        cuts << cut(button, button->text(), needs.width(), button->width(), "width");
    const int textHeight = button->fontMetrics().height();
    if (textHeight > button->height())
        cuts << cut(button, button->text(), textHeight, button->height(), "height");
}

void checkTabBar(const QTabBar *bar, QStringList &cuts)
{
    const QFontMetrics metrics = bar->fontMetrics();
    const int padding = bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar);
    for (int index = 0; index < bar->count(); ++index) {
        if (!bar->isTabVisible(index))
            continue;
        QString text = bar->tabText(index);
        text.remove(QLatin1Char('&'));
        const QRect rect = bar->tabRect(index);
        int needs = metrics.horizontalAdvance(text) + padding;
        if (!bar->tabIcon(index).isNull())
            needs += bar->iconSize().width() + 4;
        const bool carried = tooltipCarries(bar->tabToolTip(index), text);
        if (bar->shape() == QTabBar::RoundedNorth || bar->shape() == QTabBar::TriangularNorth ||
            bar->shape() == QTabBar::RoundedSouth || bar->shape() == QTabBar::TriangularSouth) {
            if (rect.width() + 1 < needs && !carried)
                cuts << cut(bar, text, needs, rect.width(), "tab width");
            if (rect.left() < 0 || rect.right() > bar->width())
                cuts << cut(bar, text, rect.width(), bar->width() - std::max(0, rect.left()),
                            "tab out of the bar's view");
        }
    }
}

void checkHeader(const QHeaderView *header, QStringList &cuts)
{
    const QAbstractItemModel *model = header->model();
    if (!model || header->orientation() != Qt::Horizontal)
        return;
    const QFontMetrics metrics(header->font());
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    for (int section = 0; section < header->count(); ++section) {
        if (header->isSectionHidden(section) || header->sectionSize(section) == 0)
            continue;
        const QString text = model->headerData(section, Qt::Horizontal).toString();
        if (text.isEmpty())
            continue;
        int needs = 0;
        for (const QString &line : text.split(QLatin1Char('\n')))
            needs = std::max(needs, metrics.horizontalAdvance(line));
        needs += 2 * margin;
        const int lines = static_cast<int>(text.count(QLatin1Char('\n'))) + 1;
        const QString tip = model->headerData(section, Qt::Horizontal, Qt::ToolTipRole).toString();
        if (needs > header->sectionSize(section) + 1 && !tooltipCarries(tip, text))
            cuts << cut(header, text, needs, header->sectionSize(section), "column title width");
        if (lines * metrics.height() > header->height() + 1)
            cuts << cut(header, text, lines * metrics.height(), header->height(),
                        "column title height");
    }
}

void checkTable(const QTableView *view, QStringList &cuts)
{
    const QAbstractItemModel *model = view->model();
    if (!model)
        return;
    const int firstRow = std::max(0, view->rowAt(0));
    int lastRow = view->rowAt(view->viewport()->height() - 1);
    if (lastRow < 0)
        lastRow = model->rowCount() - 1;
    for (int row = firstRow; row <= lastRow; ++row) {
        if (view->isRowHidden(row))
            continue;
        for (int column = 0; column < model->columnCount(); ++column) {
            if (view->isColumnHidden(column) || view->indexWidget(model->index(row, column)))
                continue;
            const QModelIndex index = model->index(row, column);
            const QString text = index.data(Qt::DisplayRole).toString();
            if (text.isEmpty())
                continue;
            const QRect rect = view->visualRect(index);
            if (rect.right() < 0 || rect.left() > view->viewport()->width())
                continue; // scrolled out of view: reachable
            // A table that does not scroll up and down shows its rows whole.
            if (!view->verticalScrollBar()->isVisible() &&
                rect.bottom() > view->viewport()->height() + 1)
                cuts << cut(view, text, rect.height(),
                            std::max(0, view->viewport()->height() - rect.top()),
                            qPrintable(QStringLiteral("row %1 inside its table").arg(row)));
            QSize needs = view->sizeHintForIndex(index);
            const QString tip = index.data(Qt::ToolTipRole).toString();
            // A cell that wraps its text needs its wrapped height at its width.
            if (view->wordWrap() && view->textElideMode() == Qt::ElideNone &&
                needs.width() > rect.width())
                needs =
                    QSize(rect.width(), view->fontMetrics()
                                                .boundingRect(QRect(0, 0, rect.width() - 8, 100000),
                                                              Qt::TextWordWrap, text)
                                                .height() +
                                            4);
            if (needs.width() > rect.width() + 1 && !tooltipCarries(tip, text))
                cuts << cut(
                    view, text, needs.width(), rect.width(),
                    qPrintable(
                        QStringLiteral("cell width (row %1, column %2)").arg(row).arg(column)));
            else if (needs.height() > rect.height() + 1 && !tooltipCarries(tip, text))
                cuts << cut(
                    view, text, needs.height(), rect.height(),
                    qPrintable(
                        QStringLiteral("cell height (row %1, column %2)").arg(row).arg(column)));
        }
    }
}

void checkCombo(const QComboBox *combo, QStringList &cuts)
{
    const QString text = combo->currentText();
    if (text.isEmpty())
        return;
    QStyleOptionComboBox option;
    option.initFrom(combo);
    option.editable = combo->isEditable();
    const QSize contents(combo->fontMetrics().horizontalAdvance(text),
                         combo->fontMetrics().height());
    const int needs =
        combo->style()->sizeFromContents(QStyle::CT_ComboBox, &option, contents, combo).width();
    if (needs > combo->width() + 1 && !tooltipCarries(combo->toolTip(), text))
        cuts << cut(combo, text, needs, combo->width(), "width");
}

void checkLineEdit(const QLineEdit *edit, QStringList &cuts)
{
    const QString text = edit->text();
    if (text.isEmpty() || edit->echoMode() != QLineEdit::Normal)
        return;
    const QMargins margins = edit->textMargins();
    // QLineEdit's own horizontal margin (2 px each side) inside its frame.
    const int room = edit->contentsRect().width() - margins.left() - margins.right() - 4;
    const int needs = edit->fontMetrics().horizontalAdvance(text);
    if (needs > room + 1)
        cuts << cut(edit, text, needs, room, "text width");
}

void checkGroupBox(const QGroupBox *box, QStringList &cuts)
{
    if (box->title().isEmpty())
        return;
    QStyleOptionGroupBox option;
    option.initFrom(box);
    option.text = box->title();
    option.subControls = QStyle::SC_GroupBoxLabel;
    if (box->isCheckable())
        option.subControls |= QStyle::SC_GroupBoxCheckBox;
    option.lineWidth = 1;
    const QRect label =
        box->style()->subControlRect(QStyle::CC_GroupBox, &option, QStyle::SC_GroupBoxLabel, box);
    const int needs = box->fontMetrics().horizontalAdvance(box->title());
    if (needs > label.width() + 1 || label.right() > box->width())
        cuts << cut(box, box->title(), needs, std::min(label.width(), box->width() - label.left()),
                    "title width");
}

/// The least gap between two tick labels side by side.
constexpr double kTickGapPx = 3;

/// The size a QCustomPlot gives a tick label (as QCPAxisPainterPrivate measures it).
QSize tickLabelSize(const QCPAxis *axis, const QString &text)
{
    return QFontMetrics(axis->tickLabelFont())
        .boundingRect(0, 0, 0, 0, Qt::TextDontClip | Qt::AlignCenter, text)
        .size();
}

void checkAxis(const QCustomPlot *plot, QCPAxis *axis, QStringList &cuts)
{
    // An axis laid out to nothing (its chart waiting for its job) draws nothing to read.
    if (!axis->visible() || std::fabs(axis->coordToPixel(axis->range().upper) -
                                      axis->coordToPixel(axis->range().lower)) < 2)
        return;
    const QRect rect = axis->axisRect()->rect();
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    const int outside = axis->offset() + std::max(0, axis->tickLengthOut());
    int thickest = 0;
    if (axis->tickLabels()) {
        struct Placed
        {
            double centre;
            QSize size;
            QString text;
        };
        std::vector<Placed> placed;
        const QVector<double> ticks = axis->tickVector();
        const QVector<QString> labels = axis->tickVectorLabels();
        for (qsizetype i = 0; i < ticks.size() && i < labels.size(); ++i) {
            if (!axis->range().contains(ticks[i]) || labels[i].isEmpty())
                continue;
            placed.push_back(
                {axis->coordToPixel(ticks[i]), tickLabelSize(axis, labels[i]), labels[i]});
        }
        std::sort(placed.begin(), placed.end(),
                  [](const Placed &a, const Placed &b) { return a.centre < b.centre; });
        // Every tick at one pixel: the plot is laid out to nothing for a moment.
        if (placed.size() > 1 && placed.back().centre - placed.front().centre < 2)
            return;
        // A titled numeric axis shows a number at least (a bare axis has no scale).
        if (placed.empty() && !axis->label().isEmpty() &&
            !axis->ticker().dynamicCast<QCPAxisTickerText>())
            cuts << cut(plot, axis->label(), 1, 0, "tick labels on a numeric axis");
        for (size_t i = 0; i < placed.size(); ++i) {
            const Placed &label = placed[i];
            thickest = std::max(thickest, horizontal ? label.size.height() : label.size.width());
            if (horizontal) {
                const double left = label.centre - label.size.width() / 2.0;
                const double right = label.centre + label.size.width() / 2.0;
                if (left < -1 || right > plot->width() + 1)
                    cuts << cut(plot, label.text, label.size.width(), plot->width(),
                                "tick label inside the chart");
                // Side by side, they need a space between them ("10k100k" reads as one).
                if (i + 1 < placed.size() &&
                    right + kTickGapPx > placed[i + 1].centre - placed[i + 1].size.width() / 2.0)
                    cuts << cut(plot, label.text + QStringLiteral(" / ") + placed[i + 1].text,
                                static_cast<int>(label.size.width()),
                                static_cast<int>(placed[i + 1].centre - label.centre),
                                "tick labels side by side");
            } else {
                const double top = label.centre - label.size.height() / 2.0;
                const double bottom = label.centre + label.size.height() / 2.0;
                if (top < -1 || bottom > plot->height() + 1)
                    cuts << cut(plot, label.text, label.size.height(), plot->height(),
                                "tick label inside the chart");
                if (i + 1 < placed.size() &&
                    bottom > placed[i + 1].centre - placed[i + 1].size.height() / 2.0 + 1)
                    cuts << cut(plot, label.text + QStringLiteral(" / ") + placed[i + 1].text,
                                label.size.height(),
                                static_cast<int>(placed[i + 1].centre - label.centre),
                                "tick labels one above the other");
                // Left or right of the axis rect, right- or left-aligned to the ticks.
                const int reach = outside + axis->tickLabelPadding() + label.size.width();
                if (axis->axisType() == QCPAxis::atLeft ? rect.left() - reach < -1
                                                        : rect.right() + reach > plot->width() + 1)
                    cuts << cut(plot, label.text, reach,
                                axis->axisType() == QCPAxis::atLeft ? rect.left()
                                                                    : plot->width() - rect.right(),
                                "tick label beside its axis");
            }
        }
    }
    if (!axis->label().isEmpty()) {
        const QFontMetrics metrics(axis->labelFont());
        // Centred on its axis, it must end inside the chart at both ends.
        const int length = metrics.horizontalAdvance(axis->label());
        const double centre = horizontal ? rect.center().x() + 0.5 : rect.center().y() + 0.5;
        const int room = 2 * static_cast<int>(std::min(
                                 centre, (horizontal ? plot->width() : plot->height()) - centre));
        if (length > room + 1)
            cuts << cut(plot, axis->label(), length, room, "axis title length");
        const int reach = outside + (thickest > 0 ? axis->tickLabelPadding() + thickest : 0) +
                          axis->labelPadding() + metrics.height();
        int has = 0;
        switch (axis->axisType()) {
        case QCPAxis::atLeft:
            has = rect.left();
            break;
        case QCPAxis::atRight:
            has = plot->width() - rect.right();
            break;
        case QCPAxis::atTop:
            has = rect.top();
            break;
        case QCPAxis::atBottom:
            has = plot->height() - rect.bottom();
            break;
        }
        if (reach > has + 2)
            cuts << cut(plot, axis->label(), reach, has, "axis title beside its axis");
    }
}

void checkPlot(QCustomPlot *plot, QStringList &cuts)
{
    for (QCPAxisRect *rect : plot->axisRects()) {
        // A plot laid out to nothing for a moment (a chart waiting for its job) draws nothing.
        if (!rect->visible() || rect->width() < 2 || rect->height() < 2)
            continue;
        for (QCPAxis *axis : rect->axes())
            checkAxis(plot, axis, cuts);
    }
    for (QCPLayoutElement *element : plot->plotLayout()->elements(true)) {
        if (!element || !element->visible())
            continue;
        if (auto *title = qobject_cast<QCPTextElement *>(element)) {
            const QRect needs =
                QFontMetrics(title->font())
                    .boundingRect(QRect(0, 0, 0, 0), Qt::TextDontClip | title->textFlags(),
                                  title->text());
            if (needs.width() > title->rect().width() + 1 || needs.width() > plot->width())
                cuts << cut(plot, title->text(), needs.width(), title->rect().width(),
                            "chart title width");
        }
        if (auto *legend = qobject_cast<QCPLegend *>(element)) {
            const QRect outer = legend->outerRect();
            if (!plot->rect().contains(outer))
                cuts << cut(plot, QStringLiteral("legend"), outer.width(), plot->width(),
                            "legend inside the chart");
            for (int i = 0; i < legend->itemCount(); ++i) {
                QCPAbstractLegendItem *item = legend->item(i);
                if (!item || !item->visible())
                    continue;
                QString text;
                if (auto *plottable = qobject_cast<QCPPlottableLegendItem *>(item))
                    text = plottable->plottable()->name();
                const int needs = item->minimumOuterSizeHint().width();
                if (needs > item->outerRect().width() + 1)
                    cuts << cut(plot, text, needs, item->outerRect().width(), "legend entry");
            }
        }
    }
    // Chart labels do not print over each other.
    std::vector<std::pair<QRectF, QString>> labels;
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto *text = qobject_cast<QCPItemText *>(plot->item(i));
        if (!text || !text->visible() || text->text().isEmpty())
            continue;
        const QRectF box =
            QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition()).normalized();
        for (const auto &[other, otherText] : labels) {
            if (box.adjusted(1, 1, -1, -1).intersects(other))
                cuts << cut(plot, text->text() + QStringLiteral(" / ") + otherText,
                            static_cast<int>(box.height()),
                            static_cast<int>(std::fabs(box.top() - other.top())),
                            "chart labels over each other");
        }
        labels.emplace_back(box, text->text());
        const QRect room = text->clipToAxisRect() && text->clipAxisRect()
                               ? text->clipAxisRect()->rect()
                               : plot->rect();
        const QRectF drawn(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition());
        if (drawn.left() < room.left() - 1 || drawn.right() > room.right() + 2 ||
            drawn.top() < room.top() - 1 || drawn.bottom() > room.bottom() + 2)
            cuts << cut(plot, text->text(), static_cast<int>(drawn.width()), room.width(),
                        "label inside its plot");
    }
    for (int i = 0; i < plot->plottableCount(); ++i) {
        if (const auto *gantt = dynamic_cast<const GanttPlottable *>(plot->plottable(i));
            gantt && gantt->visible() && gantt->skippedLabels() > 0)
            cuts << cut(plot, QStringLiteral("microbatch numbers"), gantt->skippedLabels(), 0,
                        "Gantt cells too small for their numbers:");
    }
}

void checkChartView(const QChartView *view, QStringList &cuts)
{
    const QRectF scene = view->scene()->sceneRect();
    for (const QGraphicsItem *item : view->scene()->items()) {
        if (!item->isVisible())
            continue;
        QString text;
        if (const auto *rich = dynamic_cast<const QGraphicsTextItem *>(item))
            text = rich->toPlainText();
        else if (const auto *simple = dynamic_cast<const QGraphicsSimpleTextItem *>(item))
            text = simple->text();
        else
            continue;
        if (text.isEmpty())
            continue;
        // Qt Charts elides what does not fit with "...".
        if (text.endsWith(QLatin1String("...")) || text.endsWith(QChar(0x2026)))
            cuts << cut(view, text, 0, 0, "chart label elided");
        const QRectF bounds = item->sceneBoundingRect();
        if (!scene.adjusted(-1, -1, 1, 1).contains(bounds))
            cuts << cut(view, text, static_cast<int>(bounds.width()),
                        static_cast<int>(scene.width()), "chart label inside the chart");
    }
}

} // namespace

QStringList sidewaysScrolled(QWidget *root)
{
    QStringList scrolled;
    for (QAbstractScrollArea *area : root->findChildren<QAbstractScrollArea *>()) {
        const QScrollBar *bar = area->horizontalScrollBar();
        if (!onScreen(area) || !bar || !bar->isVisible() || bar->maximum() <= 0)
            continue;
        // An item view scrolls by item: its steps are then columns, not pixels.
        QString widest;
        if (const auto *scroll = qobject_cast<const QScrollArea *>(area);
            scroll && scroll->widget()) {
            // Down from the scroll area's page, each child that needs more than the view has,
            // to the last one that does: what asks for the width.
            const QWidget *at = scroll->widget();
            for (bool deeper = true; deeper;) {
                deeper = false;
                int most = bar->pageStep();
                const QWidget *next = nullptr;
                for (const QWidget *child :
                     at->findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
                    const int needs =
                        std::max(child->minimumSizeHint().width(), child->minimumWidth());
                    if (child->isVisible() && needs > most) {
                        most = needs;
                        next = child;
                    }
                }
                if (next) {
                    at = next;
                    deeper = true;
                    widest = QStringLiteral(", %1 needs %2 px").arg(nameOf(next)).arg(most);
                }
            }
            // Where no one child needs it all, the children side by side do.
            QStringList parts;
            for (const QWidget *child : at->findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
                if (child->isVisible())
                    parts << QStringLiteral("%1 %2")
                                 .arg(nameOf(child))
                                 .arg(std::max(child->minimumSizeHint().width(),
                                               child->minimumWidth()));
            }
            if (!parts.isEmpty())
                widest +=
                    QStringLiteral(" [") + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
        }
        scrolled << QStringLiteral("%1: scrolls sideways (%2 of %3 in view%4)")
                        .arg(nameOf(area))
                        .arg(bar->pageStep())
                        .arg(bar->pageStep() + bar->maximum())
                        .arg(widest);
    }
    return scrolled;
}

QStringList clippedTexts(QWidget *root)
{
    QStringList cuts;
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    for (QWidget *widget : widgets) {
        if (!onScreen(widget))
            continue;
        if (auto *label = qobject_cast<QLabel *>(widget))
            checkLabel(label, cuts);
        else if (auto *button = qobject_cast<QAbstractButton *>(widget))
            checkButton(button, cuts);
        else if (auto *bar = qobject_cast<QTabBar *>(widget))
            checkTabBar(bar, cuts);
        else if (auto *header = qobject_cast<QHeaderView *>(widget))
            checkHeader(header, cuts);
        else if (auto *table = qobject_cast<QTableView *>(widget))
            checkTable(table, cuts);
        else if (auto *combo = qobject_cast<QComboBox *>(widget))
            checkCombo(combo, cuts);
        else if (auto *edit = qobject_cast<QLineEdit *>(widget))
            checkLineEdit(edit, cuts);
        else if (auto *plot = qobject_cast<QCustomPlot *>(widget))
            checkPlot(plot, cuts);
        else if (auto *chart = qobject_cast<QChartView *>(widget))
            checkChartView(chart, cuts);
        if (auto *box = qobject_cast<QGroupBox *>(widget))
            checkGroupBox(box, cuts);
    }
    cuts.removeDuplicates();
    return cuts;
}

} // namespace pipeplan::testsupport
