#include "tests/support/texts.h"

#include "core/base/language.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QGroupBox>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTabBar>
#include <QTableView>
#include <QTextDocument>
#include <qcustomplot.h>

namespace pipeplan::testsupport {

namespace {

QString nameOf(const QWidget *widget)
{
    QString name = QString::fromLatin1(widget->metaObject()->className());
    for (const QWidget *at = widget; at; at = at->parentWidget()) {
        const QString own = !at->objectName().isEmpty() ? at->objectName() : QString();
        if (!own.isEmpty()) {
            name += QStringLiteral(" in '%1'").arg(own.left(60));
            break;
        }
    }
    return name;
}

QString plain(const QString &text)
{
    if (!Qt::mightBeRichText(text))
        return text;
    QTextDocument document;
    document.setHtml(text);
    return document.toPlainText();
}

bool onScreen(const QWidget *widget)
{
    return widget->isVisible() && !widget->visibleRegion().isEmpty() && widget->width() > 0 &&
           widget->height() > 0;
}

void add(std::vector<ShownText> &texts, const QWidget *widget, const QString &text,
         const char *what)
{
    const QString readable = plain(text).trimmed();
    if (!readable.isEmpty())
        texts.push_back(
            {nameOf(widget) + QStringLiteral(" (") + QLatin1String(what) + QLatin1Char(')'),
             readable});
}

void addMenu(std::vector<ShownText> &texts, const QWidget *owner, const QList<QAction *> &actions)
{
    for (const QAction *action : actions) {
        if (!action->isVisible() || action->isSeparator())
            continue;
        add(texts, owner, action->text(), "menu item");
        if (action->menu())
            addMenu(texts, owner, action->menu()->actions());
    }
}

void addPlot(std::vector<ShownText> &texts, QCustomPlot *plot)
{
    for (QCPAxisRect *rect : plot->axisRects()) {
        if (!rect->visible())
            continue;
        for (QCPAxis *axis : rect->axes()) {
            if (!axis->visible())
                continue;
            add(texts, plot, axis->label(), "axis title");
            if (axis->tickLabels()) {
                for (const QString &tick : axis->tickVectorLabels())
                    add(texts, plot, tick, "tick label");
            }
        }
    }
    for (QCPLayoutElement *element : plot->plotLayout()->elements(true)) {
        if (!element || !element->visible())
            continue;
        if (auto *title = qobject_cast<QCPTextElement *>(element))
            add(texts, plot, title->text(), "chart title");
        if (auto *legend = qobject_cast<QCPLegend *>(element)) {
            for (int i = 0; i < legend->itemCount(); ++i) {
                auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(i));
                if (item && item->visible())
                    add(texts, plot, item->plottable()->name(), "legend entry");
            }
        }
    }
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto *text = qobject_cast<QCPItemText *>(plot->item(i));
        if (text && text->visible())
            add(texts, plot, text->text(), "chart label");
    }
}

void addChart(std::vector<ShownText> &texts, const QChartView *view)
{
    for (const QGraphicsItem *item : view->scene()->items()) {
        if (!item->isVisible())
            continue;
        if (const auto *rich = dynamic_cast<const QGraphicsTextItem *>(item))
            add(texts, view, rich->toPlainText(), "chart text");
        else if (const auto *simple = dynamic_cast<const QGraphicsSimpleTextItem *>(item))
            add(texts, view, simple->text(), "chart text");
    }
}

void addTable(std::vector<ShownText> &texts, const QTableView *table)
{
    const QAbstractItemModel *model = table->model();
    if (!model)
        return;
    for (int column = 0; column < model->columnCount(); ++column) {
        if (table->isColumnHidden(column))
            continue;
        add(texts, table, model->headerData(column, Qt::Horizontal).toString(), "column header");
        add(texts, table, model->headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString(),
            "column header's tooltip");
    }
    for (int row = 0; row < model->rowCount(); ++row) {
        if (table->isRowHidden(row))
            continue;
        if (table->verticalHeader()->isVisible())
            add(texts, table, model->headerData(row, Qt::Vertical).toString(), "row header");
        for (int column = 0; column < model->columnCount(); ++column) {
            if (table->isColumnHidden(column))
                continue;
            const QModelIndex index = model->index(row, column);
            add(texts, table, index.data(Qt::DisplayRole).toString(), "cell");
            add(texts, table, index.data(Qt::ToolTipRole).toString(), "cell's tooltip");
        }
    }
}

/// The locale's own words: month and day names, which follow the locale, not the translation.
const QSet<QString> &localeWords()
{
    static const QSet<QString> words = [] {
        QSet<QString> all;
        const QLocale locale;
        for (int i = 1; i <= 12; ++i) {
            for (const auto format :
                 {QLocale::LongFormat, QLocale::ShortFormat, QLocale::NarrowFormat})
                all << locale.monthName(i, format) << locale.standaloneMonthName(i, format);
        }
        for (int i = 1; i <= 7; ++i) {
            for (const auto format :
                 {QLocale::LongFormat, QLocale::ShortFormat, QLocale::NarrowFormat})
                all << locale.dayName(i, format) << locale.standaloneDayName(i, format)
                    << locale.dayName(i, format).left(2);
        }
        return all;
    }();
    return words;
}

} // namespace

std::vector<ShownText> shownTexts(QWidget *root)
{
    std::vector<ShownText> texts;
    if (auto *window = qobject_cast<QMainWindow *>(root)) {
        add(texts, root, window->windowTitle(), "window title");
        if (window->menuBar())
            addMenu(texts, window->menuBar(), window->menuBar()->actions());
    }
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    for (QWidget *widget : widgets) {
        if (!onScreen(widget))
            continue;
        add(texts, widget, widget->toolTip(), "tooltip");
        if (auto *label = qobject_cast<QLabel *>(widget))
            add(texts, label, label->text(), "label");
        else if (auto *button = qobject_cast<QAbstractButton *>(widget))
            add(texts, button, button->text(), "button");
        else if (auto *bar = qobject_cast<QTabBar *>(widget)) {
            for (int i = 0; i < bar->count(); ++i) {
                if (!bar->isTabVisible(i))
                    continue;
                add(texts, bar, bar->tabText(i), "tab");
                add(texts, bar, bar->tabToolTip(i), "tab's tooltip");
            }
        } else if (auto *table = qobject_cast<QTableView *>(widget))
            addTable(texts, table);
        else if (auto *combo = qobject_cast<QComboBox *>(widget))
            add(texts, combo, combo->currentText(), "choice");
        else if (auto *edit = qobject_cast<QLineEdit *>(widget)) {
            // What is typed is the person's; the field's hint is not.
            if (edit->text().isEmpty() && !qobject_cast<QAbstractSpinBox *>(edit->parentWidget()))
                add(texts, edit, edit->placeholderText(), "placeholder");
        } else if (auto *spin = qobject_cast<QDoubleSpinBox *>(widget)) {
            add(texts, spin, spin->suffix(), "suffix");
            add(texts, spin, spin->prefix(), "prefix");
        } else if (auto *intSpin = qobject_cast<QSpinBox *>(widget)) {
            add(texts, intSpin, intSpin->suffix(), "suffix");
            add(texts, intSpin, intSpin->prefix(), "prefix");
        } else if (auto *plot = qobject_cast<QCustomPlot *>(widget))
            addPlot(texts, plot);
        else if (auto *chart = qobject_cast<QChartView *>(widget))
            addChart(texts, chart);
        if (auto *box = qobject_cast<QGroupBox *>(widget))
            add(texts, box, box->title(), "group title");
        if (auto *spin = qobject_cast<QAbstractSpinBox *>(widget); spin && !spin->isEnabled())
            add(texts, spin, spin->specialValueText(), "special value");
    }
    return texts;
}

QStringList unmarkedWords(const QString &text, const QSet<QString> &names)
{
    // Units and symbols a translation keeps: SI and binary prefixes, time, money, the formulas'
    // letters. A longer word is a sentence's.
    static const QSet<QString> kept = {
        QStringLiteral("ms"),
        QStringLiteral("min"),
        QStringLiteral("GB"),
        QStringLiteral("MB"),
        QStringLiteral("KB"),
        QStringLiteral("TB"),
        QStringLiteral("GiB"),
        QStringLiteral("MiB"),
        QStringLiteral("KiB"),
        QStringLiteral("TiB"),
        QStringLiteral("GHz"),
        QStringLiteral("USD"),
        QStringLiteral("EUR"),
        QStringLiteral("TFLOPS"),
        QStringLiteral("FLOPS"),
        QStringLiteral("GFLOPS"),
        QStringLiteral("PFLOPS"),
        QStringLiteral("tok"),
        QStringLiteral("log"),
        QStringLiteral("ln"),
        QStringLiteral("max"),
        QStringLiteral("TB/s"),
        QStringLiteral("GB/s"),
        QStringLiteral("P10"),
        QStringLiteral("P50"),
        QStringLiteral("P90"),
        QStringLiteral("P99"),
        QStringLiteral("GFLOP"),
        QStringLiteral("µs"),
        QStringLiteral("R²"),
        // Proper names: the schedules' (GPipe, ZB-H1, ZB-V) and a model's layers, as LLM-Viewer
        // names them (softmax beside q_proj).
        QStringLiteral("GPipe"),
        QStringLiteral("ZB"),
        QStringLiteral("H1"),
        QStringLiteral("H2"),
        QStringLiteral("softmax"),
    };
    // The text outside the marks. A close with no open (a translated sentence cut at its number,
    // as a field's suffix is) marks what came before it; an open with no close, what follows.
    QStringList segments{QString()};
    int depth = 0;
    for (const QChar c : text) {
        if (c == QChar(language::kPseudoOpen)) {
            ++depth;
        } else if (c == QChar(language::kPseudoClose)) {
            if (depth == 0)
                segments.back().clear();
            depth = std::max(0, depth - 1);
            if (depth == 0)
                segments << QString();
        } else if (depth == 0) {
            segments.back() += c;
        }
    }
    const QString outside = segments.join(QLatin1Char(' '));
    QStringList words;
    // A word with an underscore is a name from code (a model's layer, q_proj), not a sentence's.
    static const QRegularExpression word(QStringLiteral("[\\p{L}][\\p{L}\\p{N}_]*"));
    for (auto it = word.globalMatch(outside); it.hasNext();) {
        const QString w = it.next().captured();
        if (w.size() <= 1 || w.contains(QLatin1Char('_')) || kept.contains(w) ||
            names.contains(w) || names.contains(w.toLower()) || localeWords().contains(w))
            continue;
        words << w;
    }
    return words;
}

QSet<QString> wordsOfJson(const QByteArray &json)
{
    QSet<QString> words;
    static const QRegularExpression word(QStringLiteral("[\\p{L}][\\p{L}\\p{N}]*"));
    std::vector<QJsonValue> pending{QJsonDocument::fromJson(json).object()};
    while (!pending.empty()) {
        const QJsonValue value = pending.back();
        pending.pop_back();
        if (value.isObject()) {
            for (const QJsonValue &child : value.toObject())
                pending.push_back(child);
        } else if (value.isArray()) {
            for (const QJsonValue &child : value.toArray())
                pending.push_back(child);
        } else if (value.isString()) {
            for (auto it = word.globalMatch(value.toString()); it.hasNext();) {
                const QString w = it.next().captured();
                words << w << w.toLower();
            }
        }
    }
    return words;
}

} // namespace pipeplan::testsupport
