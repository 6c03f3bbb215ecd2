#include "ui/model/optionsview.h"

#include "core/base/format.h"
#include "ui/document/scenariodocument.h"
#include "ui/widgets/chartstyle.h"
#include "ui/widgets/rowbuttons.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>

namespace pipeplan {

OptionsView::OptionsView(QWidget *parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_table(new QTableWidget(0, 0, this)),
      m_chart(new QCustomPlot(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_summary->setWordWrap(true);
    m_summary->setAccessibleName(tr("Options"));
    layout->addWidget(m_summary);
    auto *row = new QHBoxLayout;
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->setAccessibleName(tr("Options side by side"));
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
    auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
    m_chart->xAxis->setTicker(ticker);
    m_chart->xAxis->setNumberFormat(QStringLiteral("gb"));
    m_chart->legend->setVisible(false); // filled: efficient, said above the table
    m_chart->setMinimumSize(260, 180);
    row->addWidget(m_chart, 2);
    layout->addLayout(row, 1);
    refresh();
}

void OptionsView::setDocument(ScenarioDocument *document)
{
    observeDocument(this, m_document, document, &OptionsView::refresh, Section::Model);
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

void OptionsView::refresh()
{
    m_rows = m_document ? m_document->planResult().options : std::vector<options::Row>{};
    const bool any = m_rows.size() > 1;
    m_table->setVisible(any);
    m_chart->setVisible(any);
    if (!any) {
        m_table->setRowCount(0);
        rowbuttons::setText(m_summary,
                            tr("No options in this plan. A plan file's \"options\" list names "
                               "alternatives, each a set of overrides (\"workload.keep_fraction\": "
                               "\"0.5\", \"hardware.device\": \"L4\"), and this puts them side by "
                               "side: runtime, cost, the deadline, memory."));
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
        label->setText(row.name);
        label->setColor(palette().color(QPalette::WindowText));
    }
    if (!costs.isEmpty()) {
        const double maxCost = *std::max_element(costs.begin(), costs.end());
        const auto [minRun, maxRun] = std::minmax_element(runtimes.begin(), runtimes.end());
        const double minCost = *std::min_element(costs.begin(), costs.end());
        m_chart->xAxis->setRange(minCost / 3, maxCost * 40); // room for the names
        m_chart->yAxis->setRange(*minRun / 2, *maxRun * 2);
        m_chart->xAxis->setLabel(tr("cost (%1, log)").arg(m_rows.front().currency));
    }
    m_chart->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pipeplan
