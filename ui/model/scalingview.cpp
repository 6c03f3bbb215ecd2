#include "ui/model/scalingview.h"

#include "core/base/format.h"
#include "core/base/numparse.h"
#include "core/plan/explain.h"
#include "ui/document/scenariodocument.h"
#include "ui/model/scalingtablemodel.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

namespace pipeplan {

ScalingView::ScalingView(QWidget *parent)
    : QWidget(parent), m_model(new ScalingTableModel(this)), m_table(new QTableView(this)),
      m_workerCounts(new QLineEdit(this)), m_error(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *editRow = new QHBoxLayout;
    auto *label = new QLabel(tr("Worker counts"), this);
    label->setBuddy(m_workerCounts);
    editRow->addWidget(label);
    editRow->addWidget(m_workerCounts, 1);
    layout->addLayout(editRow);
    m_workerCounts->setToolTip(
        tr("Comma-separated worker counts, e.g. 100, 500, 1k, 10k; press Enter to apply."));
    m_error->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_error->setWordWrap(true);
    m_error->hide();
    layout->addWidget(m_error);
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    // Column widths are measured from the texts in refresh(): ResizeToContents would lay out
    // every cell again on each slider tick.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    // Every column as wide as its text, the last too: stretched, it spread over 600 px on a
    // shared screen and was squeezed to "m" for "meets" on a laptop.
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false); // numbers never wrap, and unwrapped cells skip text layout
    layout->addWidget(m_table, 1);
    connect(m_workerCounts, &QLineEdit::editingFinished, this, &ScalingView::commitWorkerCounts);
    // The scenario's own row in sight once the table has its height too (at the first refresh
    // it had none, so the window opened with the row scrolled out of view).
    connect(m_table->verticalScrollBar(), &QScrollBar::rangeChanged, this, [this]() {
        if (const int row = m_model->highlightedRow(); row >= 0)
            m_table->scrollTo(m_model->index(row, 0), QAbstractItemView::EnsureVisible);
    });
}

void ScalingView::setDocument(ScenarioDocument *document)
{
    observeDocument(this, m_document, document, &ScalingView::refresh,
                    Section::Model | Section::Baseline | Section::Measured);
}

void ScalingView::refresh()
{
    if (!m_document)
        return;
    const ScenarioResult &r = m_document->result();
    // The rows, the baseline's column and the USL's, as core computed them for every view.
    const ScalingSection &scaling = m_document->planResult().scaling;
    const explain::ShownScaling &shown = scaling.shown;
    m_model->setRows(
        shown.rows, shown.highlighted, shown.baseline, r.overheads.enabled, shown.inserted,
        r.deadline ? std::optional<double>(r.deadline->deadlineSeconds) : std::nullopt,
        scaling.uslHours,
        // Money beside each runtime once a device prices the workers; a
        // plan without one keeps the seed's table in a laptop's width.
        m_document->scenario().hardware.enabled ? r.cost.currency : QString(), scaling.spread);
    // Never clip a column: each is as wide as its widest text (bold for the highlighted row).
    QFont bold = m_table->font();
    bold.setBold(true);
    const QFontMetrics boldMetrics(bold);
    QHeaderView *header = m_table->horizontalHeader();
    int contentWidth = m_table->frameWidth() * 2 + m_table->verticalScrollBar()->sizeHint().width();
    const int columns = m_model->columnCount();
    m_columnWidths.assign(static_cast<size_t>(columns), 0);
    // Measured a character at a time: the cells are numbers, whose glyphs do not kern, and
    // shaping every cell's text on every slider tick cost a millisecond (a live update with ranges
    // has 8 ms).
    if (m_measuredFont != bold) {
        m_measuredFont = bold;
        m_charWidths.clear();
        m_headerWidths.clear();
    }
    const auto textWidth = [this, &boldMetrics](const QString &text) {
        int width = 0;
        for (const QChar c : text) {
            auto found = m_charWidths.constFind(c.unicode());
            if (found == m_charWidths.constEnd())
                found = m_charWidths.insert(c.unicode(), boldMetrics.horizontalAdvance(c));
            width += *found;
        }
        return width;
    };
    for (int c = 0; c < columns; ++c) {
        // A header's width, kept while its text is the same.
        const QString title = m_model->headerData(c, Qt::Horizontal).toString();
        auto known = m_headerWidths.constFind(title);
        if (known == m_headerWidths.constEnd())
            known = m_headerWidths.insert(title, header->sectionSizeHint(c));
        int width = *known;
        for (int row = 0; row < m_model->rowCount(); ++row)
            width = std::max(width, textWidth(m_model->index(row, c).data().toString()) + 14);
        m_columnWidths[static_cast<size_t>(c)] = width;
        if (!header->isSectionHidden(c) && header->sectionSize(c) != width)
            header->resizeSection(c, width);
        contentWidth += width;
    }
    // The scenario's own row stays in sight when the table is shorter than its rows.
    if (shown.highlighted >= 0)
        m_table->scrollTo(m_model->index(shown.highlighted, 0), QAbstractItemView::EnsureVisible);
    if (m_contentWidth != contentWidth) {
        m_contentWidth = contentWidth;
        updateGeometry();
        emit contentWidthChanged();
    }
    fitColumns();
    if (!m_workerCounts->hasFocus()) {
        QStringList counts;
        for (double workers : m_document->scenario().workerCounts)
            counts << format::grouped(workers, 0).remove(QLatin1Char(','));
        m_workerCounts->setText(counts.join(QStringLiteral(", ")));
    }
}

void ScalingView::fitColumns()
{
    QHeaderView *header = m_table->horizontalHeader();
    // In the order they step aside: the hours that have a days twin, then the linear ideal's
    // days (Amdahl S still says how far from it the plan is).
    std::vector<int> aside{ScalingTableModel::LinearHours, ScalingTableModel::AmdahlHours};
    if (m_model->hasOverheads()) // with overheads (h), the first column after the seed's
        aside.push_back(static_cast<int>(explain::ScalingColumn::EffectiveHours));
    aside.push_back(ScalingTableModel::LinearDays);
    const int available = m_table->width();
    int width = m_contentWidth;
    for (const int column : aside) {
        if (column >= static_cast<int>(m_columnWidths.size()))
            continue;
        const bool hide = available > 0 && width > available;
        if (hide)
            width -= m_columnWidths[static_cast<size_t>(column)];
        if (header->isSectionHidden(column) == hide)
            continue;
        header->setSectionHidden(column, hide);
        if (!hide)
            header->resizeSection(column, m_columnWidths[static_cast<size_t>(column)]);
    }
}

void ScalingView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitColumns();
}

QSize ScalingView::sizeHint() const
{
    const QSize base = QWidget::sizeHint();
    return {std::max(base.width(), m_contentWidth + 2 * layout()->contentsMargins().left()),
            base.height()};
}

QString ScalingView::errorText() const
{
    return m_error->isVisibleTo(this) ? m_error->text() : QString();
}

void ScalingView::commitWorkerCounts()
{
    if (!m_document)
        return;
    QString text = m_workerCounts->text();
    text.remove(QLatin1Char(' '));
    const numparse::ParsedList parsed = numparse::numberList(text);
    QString problem = parsed.values ? QString() : parsed.error;
    Scenario scenario = m_document->scenario();
    if (parsed.values) {
        scenario.workerCounts = *parsed.values;
        if (const std::vector<FieldError> errors = validate(scenario); !errors.empty())
            problem = errors.front().toString();
    }
    if (!problem.isEmpty()) {
        m_error->setText(
            tr("Worker counts: %1. The table keeps its previous counts.").arg(problem));
        m_error->show();
        return;
    }
    m_error->hide();
    m_document->edit(scenario, tr("Change worker counts"));
}

void ScalingView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange && m_document)
        refresh();
}

} // namespace pipeplan
