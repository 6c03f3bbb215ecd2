#include "ui/model/optionsview.h"

#include "core/base/format.h"
#include "ui/document/scenariodocument.h"
#include "ui/model/optiondialog.h"
#include "ui/widgets/chartstyle.h"
#include "ui/widgets/rowbuttons.h"

#include <QAction>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace pipeplan {

OptionsView::OptionsView(QWidget *parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_table(new QTableWidget(0, 0, this)),
      m_chart(new QCustomPlot(this)), m_add(new QPushButton(tr("&Add option…"), this)),
      m_edit(new QPushButton(tr("E&dit…"), this)), m_remove(new QPushButton(tr("&Remove"), this)),
      m_keep(new QPushButton(tr("&Keep as option…"), this)),
      m_keepAction(new QAction(tr("&Keep Plan as Option…"), this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_summary->setWordWrap(true);
    // It wraps rather than widen the views beside it: a longer language's sentence asked for
    // the buttons' room too.
    m_summary->setMinimumWidth(m_summary->fontMetrics().averageCharWidth() * 16);
    m_summary->setAccessibleName(tr("Options"));
    auto *top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    m_add->setToolTip(tr("Name a new option and type what it changes (one undo step)"));
    m_edit->setToolTip(tr("Rename the selected option or change its overrides (one undo step)"));
    m_remove->setToolTip(tr("Remove the selected option from the plan (one undo step)"));
    m_keep->setAccessibleName(tr("Keep as option"));
    // One above the other: side by side, in a longer language, they widened the tab past a
    // laptop's column.
    auto *buttons = new QVBoxLayout;
    for (QPushButton *button : {m_add, m_keep, m_edit, m_remove})
        buttons->addWidget(button);
    top->addLayout(buttons);
    top->setAlignment(buttons, Qt::AlignTop);
    layout->addLayout(top);
    connect(m_keep, &QPushButton::clicked, this, &OptionsView::askKeepAsOption);
    connect(m_keepAction, &QAction::triggered, this, &OptionsView::askKeepAsOption);
    connect(m_add, &QPushButton::clicked, this, [this]() { editOption(-1); });
    connect(m_edit, &QPushButton::clicked, this, [this]() { editOption(selectedOption()); });
    connect(m_remove, &QPushButton::clicked, this, [this]() { removeOption(selectedOption()); });
    auto *row = new QHBoxLayout;
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->setAccessibleName(tr("Options side by side"));
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &OptionsView::updateButtons);
    m_table->setToolTip(tr("The plan and each of its options (the file's options, each a set of "
                           "overrides), evaluated as its own file would be. ★ marks the "
                           "efficient ones: no other is both faster and cheaper. Switch makes "
                           "the plan that option (Ctrl+Z goes back)."));
    row->addWidget(m_table, 3);
    chartstyle::applyDefaults(m_chart);
    m_chart->xAxis->setLabel(tr("cost"));
    m_chart->yAxis->setLabel(tr("runtime (log)"));
    chartstyle::setDurationAxis(m_chart->yAxis);
    m_all = m_chart->addGraph();
    m_all->setLineStyle(QCPGraph::lsNone);
    m_all->setName(tr("option"));
    m_all->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, chartstyle::kPrimary, Qt::white, 10));
    m_efficient = m_chart->addGraph();
    m_efficient->setLineStyle(QCPGraph::lsNone);
    m_efficient->setName(tr("efficient"));
    m_efficient->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, chartstyle::kPrimary, chartstyle::kPrimary, 10));
    // Costs span orders of magnitude (a CPU fleet against a few GPUs): a log axis.
    m_chart->xAxis->setScaleType(QCPAxis::stLogarithmic);
    chartstyle::setLogAxis(m_chart->xAxis); // "1k", "1M": never "10^6" beside "100000"
    m_chart->legend->setVisible(false);     // filled: efficient, said above the table
    m_chart->setMinimumSize(260, 180);
    // A point's name goes to its left when it would run off the chart's right edge: decided
    // as the chart lays out, when it knows its width.
    connect(m_chart, &QCustomPlot::beforeReplot, this, [this]() {
        const int left = m_chart->axisRect()->left();
        const int right = m_chart->axisRect()->right();
        for (int i = 0; i < m_chart->itemCount(); ++i) {
            auto *label = qobject_cast<QCPItemText *>(m_chart->item(i));
            if (!label)
                continue;
            const double x = m_chart->xAxis->coordToPixel(label->position->key());
            const int width = QFontMetrics(label->font()).horizontalAdvance(label->text()) + 8;
            // Right of the point when it fits, else left of it, else above it, centred.
            if (x + width <= right) {
                label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
                label->setPadding(QMargins(6, 0, 0, 2));
            } else if (x - width >= left) {
                label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
                label->setPadding(QMargins(0, 0, 6, 2));
            } else {
                label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
                label->setPadding(QMargins(0, 0, 0, 8));
            }
        }
    });
    row->addWidget(m_chart, 2);
    layout->addLayout(row, 1);
    refresh();
}

void OptionsView::setDocument(ScenarioDocument *document)
{
    observeDocument(this, m_document, document, &OptionsView::refresh, Section::Model);
    // Keep as option follows every input (a name, a note) and the base moving on a save.
    if (m_document) {
        connect(m_document, &ScenarioDocument::changed, this, &OptionsView::updateButtons);
        connect(m_document, &ScenarioDocument::modifiedChanged, this, &OptionsView::updateButtons);
    }
}

QString OptionsView::summaryText() const
{
    return m_summary->text();
}

bool OptionsView::switchTo(int option)
{
    if (!m_document)
        return false;
    const Scenario &typed = m_document->scenario();
    if (option < 0 || option >= static_cast<int>(typed.options.size()))
        return false;
    FieldError error;
    std::optional<Scenario> next =
        options::apply(typed, typed.options[static_cast<size_t>(option)], option, &error);
    if (!next)
        return false;
    next->options = typed.options; // the plan keeps its options
    return m_document->edit(
        *next, tr("Switch to option %1").arg(typed.options[static_cast<size_t>(option)].name));
}

bool OptionsView::setOption(int index, const PlanOption &option)
{
    if (!m_document)
        return false;
    Scenario next = m_document->scenario();
    const auto count = static_cast<int>(next.options.size());
    if (index < 0 || index > count)
        return false;
    if (index == count)
        next.options.push_back(option);
    else
        next.options[static_cast<size_t>(index)] = option;
    if (!options::validate(next).empty())
        return false;
    return m_document->edit(next, index == count ? tr("Add option %1").arg(option.name)
                                                 : tr("Edit option %1").arg(option.name));
}

bool OptionsView::removeOption(int index)
{
    if (!m_document)
        return false;
    Scenario next = m_document->scenario();
    if (index < 0 || index >= static_cast<int>(next.options.size()))
        return false;
    const QString name = next.options[static_cast<size_t>(index)].name;
    next.options.erase(next.options.begin() + index);
    return m_document->edit(next, tr("Remove option %1").arg(name));
}

bool OptionsView::editOption(int index)
{
    if (!m_document)
        return false;
    OptionDialog dialog(m_document->scenario(), index, this);
    if (dialog.exec() != QDialog::Accepted || !dialog.acceptable())
        return false;
    const int at = index < 0 ? static_cast<int>(m_document->scenario().options.size()) : index;
    return setOption(at, dialog.option());
}

Scenario OptionsView::keepBase() const
{
    if (!m_document)
        return {};
    return m_document->baseline() ? *m_document->baseline() : m_document->savedScenario();
}

namespace {
/// A plan's inputs: what an option can change (its options and report sections are its own).
Scenario inputsOf(Scenario scenario)
{
    scenario.options.clear();
    scenario.report = {};
    return scenario;
}
} // namespace

QString OptionsView::keepProblem() const
{
    if (!m_document)
        return tr("No plan");
    const Scenario &plan = m_document->scenario();
    if (inputsOf(plan) == inputsOf(keepBase()))
        return m_document->baseline()
                   ? tr("The plan is the same as its pinned baseline: change an input first")
                   : tr("The plan is the same as its base: change an input first");
    // One more must not be too many (options::tooMany, the file's own limit).
    if (options::tooMany(static_cast<qsizetype>(plan.options.size()) + 1))
        return tr("The plan has %1 options, the most it keeps: remove one to keep another")
            .arg(kMaxOptions);
    return {};
}

QString OptionsView::newOptionName() const
{
    if (!m_document)
        return {};
    const std::vector<PlanOption> &existing = m_document->scenario().options;
    for (int number = static_cast<int>(existing.size()) + 1;; ++number) {
        QString name = tr("Option %1").arg(number);
        if (std::none_of(existing.begin(), existing.end(), [&name](const PlanOption &option) {
                return option.name.trimmed() == name;
            }))
            return name;
    }
}

bool OptionsView::keepAsOption(const QString &name, QString *error)
{
    const auto refuse = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (const QString problem = keepProblem(); !problem.isEmpty())
        return refuse(problem);
    const Scenario &plan = m_document->scenario();
    const Scenario base = keepBase();
    const options::Differences found = options::differences(base, plan);
    if (!found.unreachable.isEmpty())
        return refuse(tr("An option cannot hold this change of the plan (%1): only values can "
                         "be overridden, not a list made longer or shorter")
                          .arg(found.unreachable.join(QStringLiteral(", "))));
    if (found.set.empty())
        return refuse(tr("The plan is the same as its base: change an input first"));
    // The base again, with the plan's options and the new one beside them.
    Scenario next = base;
    next.options = plan.options;
    next.report = plan.report;
    next.options.push_back({name.trimmed(), found.set});
    const QString prefix =
        QStringLiteral("options[%1]").arg(static_cast<qsizetype>(next.options.size()) - 1);
    for (const FieldError &problem : options::validate(next))
        if (problem.field == QLatin1String("options") || problem.field.startsWith(prefix))
            return refuse(problem.field.endsWith(QLatin1String(".name"))
                              ? tr("Name: %1").arg(problem.message)
                              : problem.toString());
    if (!m_document->edit(next, tr("Keep as option %1").arg(name.trimmed())))
        return refuse(tr("The plan does not take the base again"));
    return true;
}

bool OptionsView::askKeepAsOption()
{
    if (!m_document)
        return false;
    if (const QString problem = keepProblem(); !problem.isEmpty())
        return false;
    OptionNameDialog dialog(m_document->scenario(), newOptionName(), this);
    if (dialog.exec() != QDialog::Accepted || !dialog.acceptable())
        return false;
    QString error;
    if (keepAsOption(dialog.name(), &error))
        return true;
    // Refused after the name was taken (a change no option can hold): said where it was asked.
    QMessageBox::warning(this, tr("Keep as option"), error);
    return false;
}

int OptionsView::selectedOption() const
{
    const int row = m_table->currentRow();
    if (row < 0 || row >= static_cast<int>(m_rows.size()) || m_table->selectedItems().isEmpty())
        return -1;
    return m_rows[static_cast<size_t>(row)].option;
}

void OptionsView::updateButtons()
{
    const bool any = m_document != nullptr;
    m_add->setEnabled(any && static_cast<int>(m_document->scenario().options.size()) < kMaxOptions);
    m_edit->setEnabled(selectedOption() >= 0);
    m_remove->setEnabled(selectedOption() >= 0);
    const QString problem = keepProblem();
    const QString explanation =
        tr("Keep what you changed since the plan was opened or saved (or since the pinned "
           "baseline) as a new option, and return the plan to it (one undo step)");
    m_keep->setEnabled(problem.isEmpty());
    m_keep->setToolTip(problem.isEmpty() ? explanation : problem);
    m_keepAction->setEnabled(problem.isEmpty());
    m_keepAction->setToolTip(m_keep->toolTip());
}

bool OptionsView::step(int delta)
{
    if (!m_document)
        return false;
    // A stepping goes on while the plan is what it last showed; otherwise it starts here.
    if (!m_stepBase || m_document->scenario() != m_stepScenario) {
        m_stepBase = m_document->scenario();
        m_stepShown = -1;
    }
    const Scenario &base = *m_stepBase;
    const auto count = static_cast<int>(base.options.size());
    if (count == 0)
        return false;
    // -1 (the plan), 0 .. count - 1, round again.
    int next = m_stepShown + delta;
    if (next >= count)
        next = -1;
    else if (next < -1)
        next = count - 1;
    Scenario shown = base;
    QString text;
    if (next >= 0) {
        std::optional<Scenario> applied =
            options::apply(base, base.options[static_cast<size_t>(next)], next);
        if (!applied)
            return false;
        shown = *applied;
        shown.options = base.options;
        text = tr("Option %1 of %2: %3")
                   .arg(next + 1)
                   .arg(count)
                   .arg(base.options[static_cast<size_t>(next)].name);
    }
    m_stepShown = next;
    m_stepText = text;
    // The plan's own scenario again is an edit too (it undoes the option shown). Noted before
    // the edit: the refresh it brings must see the stepping's own scenario.
    m_stepScenario = shown;
    if (shown != m_document->scenario())
        m_document->edit(
            shown, next >= 0
                       ? tr("Show option %1").arg(base.options[static_cast<size_t>(next)].name)
                       : tr("Back to the plan"));
    m_stepScenario = m_document->scenario();
    emit stepChanged(m_stepText);
    return true;
}

QString OptionsView::stepText() const
{
    return m_stepText;
}

void OptionsView::refresh()
{
    // Any edit but the stepping's own ends it.
    if (m_stepBase && (!m_document || m_document->scenario() != m_stepScenario)) {
        m_stepBase.reset();
        m_stepShown = -1;
        if (!m_stepText.isEmpty()) {
            m_stepText.clear();
            emit stepChanged(m_stepText);
        }
    }
    updateButtons();
    m_rows = m_document ? m_document->planResult().options : std::vector<options::Row>{};
    const bool any = m_rows.size() > 1;
    m_table->setVisible(any);
    m_chart->setVisible(any);
    if (!any) {
        m_table->setRowCount(0);
        rowbuttons::setText(
            m_summary, tr("No options in this plan. Add option names an alternative and what it "
                          "changes (workload.keep_fraction=0.5, hardware.device=L4, as "
                          "--set takes them; a file's \"options\" list the same), and this "
                          "puts them side by side: runtime, cost, the deadline, memory."));
        return;
    }
    rowbuttons::setText(m_summary,
                        tr("The plan and its %1 options, each evaluated as its own file. ★ and a "
                           "filled point: efficient (no other both faster and cheaper).")
                            .arg(m_rows.size() - 1));
    std::vector<QStringList> rows = options::rows(m_rows);
    QStringList header = rows.front();
    rows.erase(rows.begin());
    header.insert(kSwitchColumn, QString());
    m_table->setColumnCount(static_cast<int>(header.size()));
    m_table->setHorizontalHeaderLabels(header);
    const int count = static_cast<int>(rows.size());
    m_table->setRowCount(count);
    QVector<double> costs, runtimes, efficientCosts, efficientRuntimes;
    for (int r = 0; r < count; ++r) {
        QStringList cells = rows[static_cast<size_t>(r)];
        cells.insert(kSwitchColumn, QString());
        for (int column = 0; column < static_cast<int>(cells.size()); ++column) {
            if (column == kSwitchColumn)
                continue;
            rowbuttons::setCell(m_table, r, column, cells[column]);
        }
        const options::Row &row = m_rows[static_cast<size_t>(r)];
        QPushButton *button =
            rowbuttons::button(m_table, r, kSwitchColumn, tr("Switch"), [this](int clicked) {
                switchTo(m_rows[static_cast<size_t>(clicked)].option);
            });
        const bool switchable = row.option >= 0 && row.error.isEmpty();
        button->setEnabled(switchable);
        button->setToolTip(switchable ? tr("Make the plan \"%1\" (one undo step)").arg(row.name)
                                      : tr("The plan as it is"));
        button->setAccessibleName(tr("Switch to %1").arg(row.name));
        if (row.error.isEmpty() && row.cost > 0 && row.runtimeSeconds > 0) {
            costs << row.cost;
            runtimes << row.runtimeSeconds;
            if (row.efficient) {
                efficientCosts << row.cost;
                efficientRuntimes << row.runtimeSeconds;
            }
        }
    }
    for (int column = 0; column + 1 < m_table->columnCount(); ++column)
        m_table->resizeColumnToContents(column);
    m_all->setData(costs, runtimes);
    m_efficient->setData(efficientCosts, efficientRuntimes);
    // The points' names beside them.
    m_chart->clearItems();
    std::vector<std::pair<double, double>> labelled;
    for (const options::Row &row : m_rows) {
        if (!row.error.isEmpty() || !(row.cost > 0))
            continue;
        // One name per point: an option equal to the plan ("as is") shares its point.
        const std::pair<double, double> at{row.cost, row.runtimeSeconds};
        if (std::find(labelled.begin(), labelled.end(), at) != labelled.end())
            continue;
        labelled.push_back(at);
        auto *label = new QCPItemText(m_chart);
        label->position->setCoords(row.cost, row.runtimeSeconds);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        label->setPadding(QMargins(6, 0, 0, 2));
        label->setClipToAxisRect(false); // a name may run into the margin
        label->setText(row.name);
        label->setColor(palette().color(QPalette::WindowText));
    }
    if (!costs.isEmpty()) {
        const double maxCost = *std::max_element(costs.begin(), costs.end());
        const auto [minRun, maxRun] = std::minmax_element(runtimes.begin(), runtimes.end());
        const double minCost = *std::min_element(costs.begin(), costs.end());
        m_chart->xAxis->setRange(minCost / 3, maxCost * 3);
        m_chart->yAxis->setRange(*minRun / 2, *maxRun * 2);
        m_chart->xAxis->setLabel(tr("cost (%1, log)").arg(m_rows.front().currency));
    }
    m_chart->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pipeplan
