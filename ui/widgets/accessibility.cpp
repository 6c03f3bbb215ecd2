#include "ui/widgets/accessibility.h"

#include "core/base/format.h"
#include "core/plan/explain.h"
#include "core/plan/planresult.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QAccessibleWidget>
#include <QChartView>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QGroupBox>
#include <QHash>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTextDocumentFragment>
#include <QTextEdit>
#include <qcustomplot.h>

#include <cmath>

namespace pipeplan::accessibility {

namespace {

/// Marks a name or description this file set, so the next pass may re-derive it.
const char *const kAutoName = "pp_a11yAutoName";
const char *const kAutoDescription = "pp_a11yAutoDescription";

/// Plain text of a label or tooltip: no markup, no mnemonic ampersands, no trailing colon.
QString plainText(QString text)
{
    if (Qt::mightBeRichText(text))
        text = QTextDocumentFragment::fromHtml(text).toPlainText();
    text.replace(QLatin1String("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    text = text.simplified();
    while (text.endsWith(QLatin1Char(':')))
        text.chop(1);
    return text;
}

/// A name must say something: "✕" or "▲" alone does not.
bool meaningful(const QString &text)
{
    for (const QChar c : text) {
        if (c.isLetterOrNumber())
            return true;
    }
    return false;
}

/// The tooltip's first sentence: a name, where the whole tooltip is the description.
QString firstSentence(const QString &text)
{
    const QString plain = plainText(text);
    const qsizetype end = plain.indexOf(QLatin1String(". "));
    QString sentence = end > 0 ? plain.left(end) : plain;
    if (sentence.endsWith(QLatin1Char('.')))
        sentence.chop(1);
    return sentence;
}

bool isInteractive(const QWidget *widget)
{
    if (qobject_cast<const QScrollBar *>(widget))
        return false; // announced by Qt with its orientation
    if (qobject_cast<const QAbstractSpinBox *>(widget) ||
        qobject_cast<const QAbstractSlider *>(widget) ||
        qobject_cast<const QAbstractButton *>(widget) || qobject_cast<const QComboBox *>(widget) ||
        qobject_cast<const QLineEdit *>(widget) || qobject_cast<const QPlainTextEdit *>(widget) ||
        qobject_cast<const QTextEdit *>(widget) || qobject_cast<const QAbstractItemView *>(widget))
        return true;
    return false;
}

/// A line edit inside a spin box or an editable combo box is announced as its owner.
const QWidget *owner(const QWidget *widget)
{
    if (qobject_cast<const QLineEdit *>(widget) && widget->parentWidget() &&
        (qobject_cast<const QAbstractSpinBox *>(widget->parentWidget()) ||
         qobject_cast<const QComboBox *>(widget->parentWidget())))
        return widget->parentWidget();
    return nullptr;
}

/// Every QFormLayout in `layout`, nested layouts included.
void formLayouts(QLayout *layout, QList<QFormLayout *> &out)
{
    if (!layout)
        return;
    if (auto *form = qobject_cast<QFormLayout *>(layout))
        out.append(form);
    for (int i = 0; i < layout->count(); ++i) {
        if (QLayout *child = layout->itemAt(i)->layout())
            formLayouts(child, out);
    }
}

/// The label of the form row whose field is `widget`, or null.
QLabel *formLabel(const QWidget *widget)
{
    const QWidget *parent = widget->parentWidget();
    if (!parent)
        return nullptr;
    QList<QFormLayout *> forms;
    formLayouts(parent->layout(), forms);
    for (QFormLayout *form : forms) {
        if (auto *label =
                qobject_cast<QLabel *>(form->labelForField(const_cast<QWidget *>(widget))))
            return label;
    }
    return nullptr;
}

/// The control a form row's label should lead to: the field, or the first control inside it
/// (a ValueControl's spin box, a row's first field).
QWidget *focusTarget(QWidget *field)
{
    if (!field)
        return nullptr;
    if (field->focusPolicy() & Qt::TabFocus)
        return field;
    QWidget *fallback = nullptr;
    for (QWidget *child : field->findChildren<QWidget *>()) {
        if (!(child->focusPolicy() & Qt::TabFocus) || child->focusProxy() || owner(child))
            continue;
        if (qobject_cast<QAbstractSpinBox *>(child))
            return child; // a value's field, rather than its slider
        if (!fallback)
            fallback = child;
    }
    return fallback;
}

QLabel *buddyLabel(const QWidget *widget)
{
    // Labels sit beside their fields: look in the parent and the grandparent.
    for (const QWidget *scope = widget->parentWidget(); scope && scope != widget->window();
         scope = scope->parentWidget()) {
        for (QLabel *label : scope->findChildren<QLabel *>(Qt::FindDirectChildrenOnly)) {
            if (label->buddy() == widget)
                return label;
        }
        if (scope != widget->parentWidget())
            break;
    }
    return nullptr;
}

/// Whether `widget` is a part of a compound control below `top` (a table's header, a spin
/// box's field): the compound is the control.
bool isPart(const QWidget *widget, const QWidget *top)
{
    for (const QWidget *scope = widget->parentWidget(); scope && scope != top;
         scope = scope->parentWidget()) {
        if (qobject_cast<const QAbstractItemView *>(scope) ||
            qobject_cast<const QAbstractSpinBox *>(scope) ||
            qobject_cast<const QComboBox *>(scope) || scope->inherits("QTabBar"))
            return true;
    }
    return false;
}

/// A group box around `widget` in which it is the only interactive control.
QString soleControlGroupTitle(const QWidget *widget)
{
    for (const QWidget *scope = widget->parentWidget(); scope; scope = scope->parentWidget()) {
        const auto *box = qobject_cast<const QGroupBox *>(scope);
        if (!box)
            continue;
        int controls = 0;
        for (const QWidget *child : box->findChildren<QWidget *>()) {
            if (isInteractive(child) && !isPart(child, box))
                ++controls;
        }
        return controls == 1 ? plainText(box->title()) : QString();
    }
    return {};
}

/// The layout of `parent` (or one nested in it) that holds `widget`, and its index there.
QLayout *holdingLayout(QLayout *layout, const QWidget *widget, int *index)
{
    if (!layout)
        return nullptr;
    for (int i = 0; i < layout->count(); ++i) {
        QLayoutItem *item = layout->itemAt(i);
        if (item->widget() == widget) {
            *index = i;
            return layout;
        }
        if (QLayout *found = holdingLayout(item->layout(), widget, index))
            return found;
    }
    return nullptr;
}

/// A heading just above the widget, or above the container it opens: a bold QLabel
/// ("<b>Estimated vs actual</b> — finished tasks...") reads "Estimated vs actual".
QString heading(const QWidget *widget)
{
    for (const QWidget *scope = widget; scope && scope->parentWidget() && !scope->isWindow();
         scope = scope->parentWidget()) {
        int index = -1;
        QLayout *layout = holdingLayout(scope->parentWidget()->layout(), scope, &index);
        if (!layout)
            return {};
        for (int i = index - 1; i >= 0; --i) {
            const auto *label = qobject_cast<const QLabel *>(layout->itemAt(i)->widget());
            if (!label && !layout->itemAt(i)->widget())
                continue; // a spacing
            if (label && !label->buddy() && label->text().startsWith(QLatin1String("<b>"))) {
                // A title, not a paragraph of results that happens to be bold.
                const QString text = plainText(label->text()).section(QStringLiteral(" — "), 0, 0);
                return text.size() <= 48 ? text : QString();
            }
            return {};
        }
        if (index != 0)
            return {};
    }
    return {};
}

/// A table without a title: its column headers say what it holds.
QString headerNames(const QAbstractItemView *view)
{
    const QAbstractItemModel *model = view->model();
    if (!model)
        return {};
    QStringList headers;
    for (int column = 0; column < model->columnCount() && column < 4; ++column)
        headers.append(model->headerData(column, Qt::Horizontal).toString());
    headers.removeAll(QString());
    return headers.isEmpty() ? QString()
                             : QObject::tr("Table: %1").arg(headers.join(QStringLiteral(", ")));
}

QString enclosingGroupTitle(const QWidget *widget)
{
    for (const QWidget *scope = widget->parentWidget(); scope; scope = scope->parentWidget()) {
        if (const auto *box = qobject_cast<const QGroupBox *>(scope))
            return plainText(box->title());
    }
    return {};
}

void setName(QWidget *widget, const QString &name)
{
    if (name.isEmpty() || widget->accessibleName() == name)
        return;
    widget->setAccessibleName(name);
    widget->setProperty(kAutoName, true);
}

void setDescription(QWidget *widget, const QString &description)
{
    if (widget->accessibleDescription() == description)
        return;
    widget->setAccessibleDescription(description);
    widget->setProperty(kAutoDescription, true);
}

/// Each chart's description function, kept until the chart is destroyed.
QHash<const QObject *, std::function<QString()>> &describers()
{
    static QHash<const QObject *, std::function<QString()>> map;
    return map;
}

/// A chart whose description is computed when it is read: a slider tick redraws the charts
/// without composing a sentence for each (a live update with ranges has 8 ms a tick).
class ChartAccessible : public QAccessibleWidget
{
public:
    explicit ChartAccessible(QWidget *chart) : QAccessibleWidget(chart, QAccessible::Chart) {}
    QString text(QAccessible::Text t) const override
    {
        if (t == QAccessible::Description) {
            const auto it = describers().constFind(object());
            if (it != describers().constEnd() && *it)
                return (*it)();
        }
        return QAccessibleWidget::text(t);
    }
};

QAccessibleInterface *chartFactory(const QString &className, QObject *object)
{
    if (!object || !object->isWidgetType())
        return nullptr;
    if (className == QLatin1String("QCustomPlot") || className == QLatin1String("QChartView"))
        return new ChartAccessible(static_cast<QWidget *>(object));
    return nullptr;
}

QString axisSummary(const QCPAxis *axis, const QString &which)
{
    if (!axis || !axis->visible())
        return {};
    QString text = which;
    if (!axis->label().isEmpty())
        text += QStringLiteral(" ") + plainText(axis->label());
    const QCPRange range = axis->range();
    if (std::isfinite(range.lower) && std::isfinite(range.upper) && range.size() > 0 &&
        axis->ticker().dynamicCast<QCPAxisTickerText>().isNull()) {
        text += QCoreApplication::translate("pipeplan::accessibility", " from %1 to %2")
                    .arg(format::trimmed(range.lower, 2), format::trimmed(range.upper, 2));
    }
    if (axis->scaleType() == QCPAxis::stLogarithmic)
        text += QCoreApplication::translate("pipeplan::accessibility", ", log scale");
    return text;
}

bool isFocusable(const QWidget *widget)
{
    // A scroll area around a panel is a frame, not a stop.
    return (widget->focusPolicy() & Qt::TabFocus) && !widget->focusProxy() && !widget->isWindow() &&
           !qobject_cast<const QScrollArea *>(widget);
}

/// Whether the layout order should stop at `widget`: its children are its own business.
bool isLeaf(const QWidget *widget)
{
    return qobject_cast<const QAbstractSpinBox *>(widget) ||
           qobject_cast<const QComboBox *>(widget) ||
           qobject_cast<const QAbstractItemView *>(widget) ||
           qobject_cast<const QCustomPlot *>(widget) || qobject_cast<const QChartView *>(widget) ||
           qobject_cast<const QPlainTextEdit *>(widget) || qobject_cast<const QTextEdit *>(widget);
}

void collectInLayoutOrder(QWidget *widget, QList<QWidget *> &out, QSet<QWidget *> &seen);

void collectLayout(QLayout *layout, QList<QWidget *> &out, QSet<QWidget *> &seen)
{
    for (int i = 0; i < layout->count(); ++i) {
        QLayoutItem *item = layout->itemAt(i);
        if (QWidget *child = item->widget())
            collectInLayoutOrder(child, out, seen);
        else if (QLayout *nested = item->layout())
            collectLayout(nested, out, seen);
    }
}

void collectInLayoutOrder(QWidget *widget, QList<QWidget *> &out, QSet<QWidget *> &seen)
{
    if (seen.contains(widget) || widget->isWindow())
        return;
    seen.insert(widget);
    if (isFocusable(widget))
        out.append(widget);
    if (isLeaf(widget))
        return;
    // Its tab bar first, then its pages (QTabWidget makes the pages' stack first).
    if (auto *tabs = qobject_cast<QTabWidget *>(widget)) {
        collectInLayoutOrder(tabs->tabBar(), out, seen);
        for (int i = 0; i < tabs->count(); ++i)
            collectInLayoutOrder(tabs->widget(i), out, seen);
    }
    // Containers without a layout: their panes in the order they show them.
    if (auto *splitter = qobject_cast<QSplitter *>(widget)) {
        for (int i = 0; i < splitter->count(); ++i)
            collectInLayoutOrder(splitter->widget(i), out, seen);
    }
    if (auto *scroll = qobject_cast<QScrollArea *>(widget); scroll && scroll->widget())
        collectInLayoutOrder(scroll->widget(), out, seen);
    if (widget->layout())
        collectLayout(widget->layout(), out, seen);
    // Anything else outside a layout; not a row taken out and hidden, waiting to be deleted.
    for (QWidget *child : widget->findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
        if (!child->isHidden())
            collectInLayoutOrder(child, out, seen);
    }
}

QString stepText(const LeverStep &step)
{
    QString text = step.name;
    if (!step.explanation.isEmpty())
        text += QStringLiteral(" (") + step.explanation + QStringLiteral(")");
    text += QStringLiteral(" ") + format::duration(step.runtimeSeconds);
    if (!step.applied)
        text += QCoreApplication::translate("pipeplan::accessibility", ", not used");
    return text;
}

} // namespace

QString derivedName(const QWidget *widget)
{
    if (const QWidget *parent = owner(widget)) {
        const QString name = parent->accessibleName();
        return name.isEmpty() ? derivedName(parent) : name;
    }
    if (const QLabel *label = buddyLabel(widget); label && meaningful(label->text()))
        return plainText(label->text());
    if (const QLabel *label = formLabel(widget); label && meaningful(label->text()))
        return plainText(label->text());
    if (const auto *button = qobject_cast<const QAbstractButton *>(widget);
        button && meaningful(button->text()))
        return plainText(button->text());
    if (const auto *edit = qobject_cast<const QLineEdit *>(widget);
        edit && meaningful(edit->placeholderText()))
        return plainText(edit->placeholderText());
    if (const auto *edit = qobject_cast<const QPlainTextEdit *>(widget);
        edit && meaningful(edit->placeholderText()))
        return firstSentence(edit->placeholderText());
    if (QString title = soleControlGroupTitle(widget); !title.isEmpty())
        return title;
    if (QString title = heading(widget); !title.isEmpty())
        return title;
    // A table is what its group box is about ("Tasks"), whatever buttons sit beside it.
    if (const auto *view = qobject_cast<const QAbstractItemView *>(widget);
        view && !isPart(widget, widget->window())) {
        if (QString title = enclosingGroupTitle(widget); !title.isEmpty())
            return title;
        if (QString headers = headerNames(view); !headers.isEmpty())
            return headers;
    }
    if (meaningful(widget->toolTip()))
        return firstSentence(widget->toolTip());
    // A control inside a form row's field (a check box beside a value): the row's label.
    for (const QWidget *scope = widget->parentWidget(); scope && scope != widget->window();
         scope = scope->parentWidget()) {
        if (const QLabel *label = formLabel(scope); label && meaningful(label->text()))
            return plainText(label->text());
    }
    if (widget->objectName() == QLatin1String("qt_toolbar_ext_button"))
        return QObject::tr("More toolbar actions");
    return enclosingGroupTitle(widget);
}

void titleTabs(QWidget *root)
{
    for (QTabBar *bar : root->findChildren<QTabBar *>()) {
        bar->setElideMode(Qt::ElideRight);
        for (int index = 0; index < bar->count(); ++index) {
            QString title = bar->tabText(index);
            title.remove(QLatin1Char('&'));
            const QString tip = bar->tabToolTip(index);
            if (title.isEmpty() || tip.startsWith(title))
                continue;
            bar->setTabToolTip(index, tip.isEmpty() ? title : title + QStringLiteral(": ") + tip);
        }
    }
}

void nameControls(QWidget *root)
{
    // Form rows: the label leads to its field (a screen reader's "labelled by", Alt+letter).
    for (QWidget *widget : root->findChildren<QWidget *>()) {
        QList<QFormLayout *> forms;
        formLayouts(widget->layout(), forms);
        for (QFormLayout *form : forms) {
            for (int row = 0; row < form->rowCount(); ++row) {
                auto *label =
                    qobject_cast<QLabel *>(form->itemAt(row, QFormLayout::LabelRole)
                                               ? form->itemAt(row, QFormLayout::LabelRole)->widget()
                                               : nullptr);
                QLayoutItem *field = form->itemAt(row, QFormLayout::FieldRole);
                if (label && !label->buddy() && field && field->widget())
                    label->setBuddy(focusTarget(field->widget()));
            }
        }
    }
    const QList<QWidget *> widgets = root->findChildren<QWidget *>();
    for (QWidget *widget : widgets) {
        if (!isInteractive(widget))
            continue;
        if (widget->accessibleName().isEmpty() || widget->property(kAutoName).toBool())
            setName(widget, derivedName(widget));
        const QString tip = plainText(widget->toolTip());
        if (!tip.isEmpty() && tip != widget->accessibleName() &&
            (widget->accessibleDescription().isEmpty() ||
             widget->property(kAutoDescription).toBool()))
            setDescription(widget, tip);
    }
}

void makeChart(QWidget *chart, const QString &name, const std::function<QString()> &describe)
{
    if (describe) {
        const bool first = !describers().contains(chart);
        describers().insert(chart, describe);
        if (first)
            QObject::connect(chart, &QObject::destroyed, [chart]() { describers().remove(chart); });
    }
    static const bool installed = []() {
        QAccessible::installFactory(chartFactory);
        return true;
    }();
    Q_UNUSED(installed);
    if (!name.isEmpty())
        chart->setAccessibleName(name);
    // Reachable with Tab: the description is read and the Menu key opens the export menu.
    if (!(chart->focusPolicy() & Qt::TabFocus))
        chart->setFocusPolicy(Qt::TabFocus);
}

void descriptionChanged(QWidget *chart)
{
    if (!QAccessible::isActive())
        return;
    QAccessibleEvent event(chart, QAccessible::DescriptionChanged);
    QAccessible::updateAccessibility(&event);
}

QString plotSummary(const QWidget *chart)
{
    // QCustomPlot's accessors are not const.
    auto *plot = qobject_cast<QCustomPlot *>(const_cast<QWidget *>(chart));
    if (!plot)
        return {};
    QStringList parts;
    for (const QCPAxisRect *rect : plot->axisRects()) {
        for (const QCPAxis *axis : rect->axes()) {
            const QString which = axis->axisType() == QCPAxis::atBottom ? QObject::tr("x:")
                                  : axis->axisType() == QCPAxis::atLeft ? QObject::tr("y:")
                                                                        : QString();
            if (!which.isEmpty()) {
                if (const QString text = axisSummary(axis, which); !text.isEmpty())
                    parts.append(text);
            }
        }
    }
    QStringList series;
    for (int i = 0; i < plot->plottableCount(); ++i) {
        const QCPAbstractPlottable *plottable = plot->plottable(i);
        if (plottable->visible() && !plottable->name().isEmpty() &&
            !series.contains(plottable->name()))
            series.append(plainText(plottable->name()));
    }
    if (!series.isEmpty())
        parts.append(QObject::tr("series: %1").arg(series.join(QStringLiteral(", "))));
    return parts.join(QStringLiteral("; "));
}

void orderTabsByLayout(QWidget *container)
{
    QList<QWidget *> order;
    QSet<QWidget *> seen;
    collectInLayoutOrder(container, order, seen);
    for (qsizetype i = 1; i < order.size(); ++i)
        QWidget::setTabOrder(order[i - 1], order[i]);
}

namespace {
QChar mnemonicOf(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text[i] == QLatin1Char('&')) {
            if (text[i + 1] != QLatin1Char('&'))
                return text[i + 1].toLower();
            ++i;
        }
    }
    return {};
}

void assignMnemonics(QMenu *menu)
{
    QSet<QChar> taken;
    const QList<QAction *> actions = menu->actions();
    for (const QAction *action : actions) {
        if (const QChar key = mnemonicOf(action->text()); !key.isNull())
            taken.insert(key);
    }
    for (QAction *action : actions) {
        if (action->isSeparator() || action->text().isEmpty())
            continue;
        QString text = action->text();
        if (!mnemonicOf(text).isNull())
            continue;
        for (qsizetype i = 0; i < text.size(); ++i) {
            const QChar c = text[i];
            if (c.isLetterOrNumber() && !taken.contains(c.toLower())) {
                taken.insert(c.toLower());
                text.insert(i, QLatin1Char('&'));
                action->setText(text);
                break;
            }
        }
    }
}
} // namespace

void addMnemonics(QMenu *menu)
{
    // A mnemonic acts only while its menu is open: they are given as it opens, so menus rebuilt
    // later (Open Recent) have theirs too, and an action's text is left as written until then.
    if (!menu->property("pp_mnemonics").toBool()) {
        menu->setProperty("pp_mnemonics", true);
        QObject::connect(menu, &QMenu::aboutToShow, menu, [menu]() { assignMnemonics(menu); });
    }
    for (QAction *action : menu->actions()) {
        if (QMenu *sub = action->menu())
            addMnemonics(sub);
    }
}

void addMnemonics(QMenuBar *bar)
{
    for (QAction *action : bar->actions()) {
        if (QMenu *menu = action->menu())
            addMnemonics(menu);
    }
}

namespace describe {

QString amdahl(const Scenario &scenario, const ScenarioResult &result)
{
    QString text = QObject::tr("Speedup against workers by Amdahl's law, p = %1: %2.")
                       .arg(format::trimmed(scenario.workload.parallelFraction, 4),
                            explain::speedup(scenario, result));
    if (scenario.comparisonParallelFraction)
        text += QObject::tr(" A second curve for p = %1.")
                    .arg(format::trimmed(*scenario.comparisonParallelFraction, 4));
    return text;
}

QString waterfall(const ScenarioResult &result)
{
    QStringList steps;
    for (const LeverStep &step : result.waterfall)
        steps.append(stepText(step));
    return QObject::tr("Runtime after each lever, on a log scale: %1.")
        .arg(steps.join(QStringLiteral("; ")));
}

QString gantt(const Scenario &scenario, const ScenarioResult &result)
{
    const PipelineSummary &p = result.pipeline;
    return QObject::tr("Pipeline Gantt of %1 stage(s) and %2 microbatch(es): %3 in all, %4 % of "
                       "the stage time idle in bubbles; bottleneck %5.")
        .arg(scenario.stages.size())
        .arg(format::grouped(scenario.microbatches, 0), format::milliseconds(p.totalMs),
             format::trimmed(p.bubbleFraction * 100, 1), explain::bottleneckName(scenario, result));
}

QString stages(const Scenario &scenario, const ScenarioResult &result)
{
    QStringList rows;
    for (size_t i = 0; i < scenario.stages.size() && i < result.stageMs.size(); ++i) {
        QString row =
            scenario.stages[i].name + QStringLiteral(" ") + format::milliseconds(result.stageMs[i]);
        if (static_cast<int>(i) == result.bottleneckIndex && scenario.stages.size() > 1)
            row += QObject::tr(" (bottleneck)");
        rows.append(row);
    }
    return QObject::tr("Time per user of each stage: %1.").arg(rows.join(QStringLiteral("; ")));
}

QString overheads(const Scenario &scenario, const ScenarioResult &result)
{
    if (!result.overheads.enabled)
        return QObject::tr("Runtime against workers, naive and with overheads: no overhead is "
                           "on, so the two curves are one (%1 at %2 workers).")
            .arg(format::duration(result.runtimeSeconds),
                 format::grouped(scenario.workload.workers, 0));
    return QObject::tr("Runtime against workers, naive and with overheads: %1.")
        .arg(explain::overheads(scenario, result));
}

QString training(const PlanResult &plan)
{
    QStringList rows;
    for (const TrainingSchedule &schedule : plan.training.schedules) {
        if (!schedule.result) {
            rows.append(schedule::displayName(schedule.kind) + QStringLiteral(": ") +
                        schedule.error);
            continue;
        }
        rows.append(QObject::tr("%1: makespan %2, %3 % idle, at most %4 microbatches in flight")
                        .arg(schedule::displayName(schedule.kind),
                             format::milliseconds(schedule.result->makespanMs),
                             format::trimmed(schedule.result->bubbleFraction * 100, 1),
                             format::trimmed(schedule.result->maxPeakInFlight(), 2)));
    }
    return rows.join(QStringLiteral("; ")) + QStringLiteral(".");
}

QString project(const PlanResult &plan)
{
    const estimate::PertResult &pert = plan.project.pert;
    const estimate::PertResult &buffered = plan.project.pertBuffered;
    return QObject::tr("Project duration by PERT: mean %1 h, sigma %2 h; with buffers %3 h.")
        .arg(format::trimmed(pert.meanHours, 1), format::trimmed(pert.sigmaHours, 1),
             format::trimmed(buffered.meanHours, 1));
}

} // namespace describe

} // namespace pipeplan::accessibility
