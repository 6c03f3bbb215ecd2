#include "ui/project/projectpanel.h"

#include "core/base/fileio.h"

#include "core/base/format.h"
#include "core/base/numparse.h"
#include "ui/document/scenariobindings.h"
#include "ui/document/scenariodocument.h"
#include "ui/project/estimatecharts.h"
#include "ui/project/riskcharts.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/valuecontrol.h"

#include <QCalendarWidget>
#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace pipeplan {

namespace {
using Scale = ValueControl::Scale;
constexpr auto config = &ValueControl::makeConfig;
constexpr auto countConfig = &ValueControl::makeCount;
constexpr auto optionalConfig = &ValueControl::makeOptional;

/// Rows a line of text tall, selected whole.
void styleTable(QTableView *table)
{
    appearance::fitRowsToFont(table);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
}

QTableWidget *makeTable(const QStringList &header, QWidget *parent)
{
    auto *table = new QTableWidget(0, static_cast<int>(header.size()), parent);
    table->setHorizontalHeaderLabels(header);
    styleTable(table);
    return table;
}

/// A table that shows whole columns only. Its columns wider than the table scroll a column at a
/// time, and the one the right edge would cut is left for the scroll bar: the viewport and its
/// header end after the last column that fits, so no header or cell reads cut mid-text (issue
/// 32: "Done (%" over "10" for 100 at 1366x768, "Critical (% of" in presentation mode). Room to
/// spare goes to the stretch column, which never gets narrower than its own width (a stretched
/// section of QHeaderView shrinks to its header's width, cutting the task names).
class WholeColumnsView : public QTableView
{
public:
    WholeColumnsView(int stretchColumn, QWidget *parent)
        : QTableView(parent), m_stretchColumn(stretchColumn)
    {
        setHorizontalScrollMode(QAbstractItemView::ScrollPerItem);
        // Its own width: what the contents (or a person's drag) gave it, not the room added.
        connect(horizontalHeader(), &QHeaderView::sectionResized, this,
                [this](int logical, int, int size) {
                    if (logical == m_stretchColumn && !m_fitting)
                        m_stretchWidth = size;
                });
    }

protected:
    void updateGeometries() override
    {
        if (m_fitting)
            return;
        m_fitting = true;
        QTableView::updateGeometries(); // the viewport as wide as the table again
        fitWholeColumns();
        m_fitting = false;
    }
    void scrollContentsBy(int dx, int dy) override
    {
        QTableView::scrollContentsBy(dx, dy);
        if (dx == 0 || m_fitting)
            return;
        m_fitting = true;
        fitWholeColumns();
        m_fitting = false;
    }

private:
    void fitWholeColumns()
    {
        const QMargins margins = viewportMargins();
        const int room = viewport()->width() + margins.right();
        QHeaderView *header = horizontalHeader();
        if (m_stretchWidth > 0 && m_stretchColumn < header->count()) {
            const int others = header->length() - header->sectionSize(m_stretchColumn);
            const int width = std::max(m_stretchWidth, room - others);
            if (width != header->sectionSize(m_stretchColumn))
                header->resizeSection(m_stretchColumn, width);
        }
        int used = 0;
        bool cut = false;
        for (int visual = std::max(0, header->visualIndexAt(0)); visual < header->count();
             ++visual) {
            const int logical = header->logicalIndex(visual);
            if (header->isSectionHidden(logical))
                continue;
            if (used + header->sectionSize(logical) > room) {
                cut = true;
                break;
            }
            used += header->sectionSize(logical);
        }
        // A first column wider than the table shows what it can.
        const int strip = cut && used > 0 && !isRightToLeft() ? room - used : 0;
        if (strip == margins.right())
            return;
        setViewportMargins(margins.left(), margins.top(), strip, margins.bottom());
        QRect headerGeometry = header->geometry();
        headerGeometry.setWidth(viewport()->width());
        header->setGeometry(headerGeometry);
    }

    int m_stretchColumn;
    int m_stretchWidth = 0;
    bool m_fitting = false;
};

/// The task table: a view of the model, its pickers in the delegate.
QTableView *makeTaskView(TaskTableModel *model, QWidget *parent)
{
    auto *view = new WholeColumnsView(TaskTableModel::Name, parent);
    view->setModel(model);
    view->setItemDelegate(new TaskChoiceDelegate(view));
    styleTable(view);
    return view;
}

QTableWidgetItem *readOnly(const QString &text, bool number = true)
{
    auto *item = new QTableWidgetItem(text);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QTableWidgetItem *editable(const QString &text, bool number = true)
{
    auto *item = new QTableWidgetItem(text);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

/// Row heights summed: a table exactly as tall as its rows (up to `maxRows`), and its horizontal
/// scroll bar when its columns overflow it (the bar took the last row's room).
void fitHeight(QTableView *table, int maxRows)
{
    int height = table->horizontalHeader()->height() + 2 * table->frameWidth() + 2;
    if (table->horizontalScrollBar()->maximum() > 0 &&
        table->horizontalScrollBarPolicy() != Qt::ScrollBarAlwaysOff)
        height += table->horizontalScrollBar()->sizeHint().height();
    const int rows = table->model() ? table->model()->rowCount() : 0;
    for (int row = 0; row < std::min(rows, maxRows); ++row)
        height += table->rowHeight(row);
    table->setFixedHeight(height);
}

QString percentText(double fraction)
{
    return format::trimmed(fraction * 100, 1) + QStringLiteral(" %");
}

/// Remaps dependencies after tasks moved: `newIndex[old]` is a task's new place, -1 if removed.
void remapDependencies(std::vector<estimate::Task> &tasks, const std::vector<int> &newIndex)
{
    for (estimate::Task &task : tasks) {
        std::vector<int> kept;
        for (int old : task.dependsOn) {
            if (old >= 0 && std::cmp_less(old, newIndex.size()) &&
                newIndex[static_cast<std::size_t>(old)] >= 0)
                kept.push_back(newIndex[static_cast<std::size_t>(old)]);
        }
        task.dependsOn = std::move(kept);
    }
}
} // namespace

ProjectPanel::ProjectPanel(QWidget *parent)
    : WorkspacePanel(Section::Project, parent), m_taskModel(new TaskTableModel(this)),
      m_tasks(makeTaskView(m_taskModel, this)),
      m_results(makeTable({tr("Without buffers"), tr("With buffers")}, this)),
      m_strata(
          makeTable({tr("Stratum"), tr("Share (%)"), tr("Min/item"), tr("Review min/item")}, this)),
      // The log takes any unit, the same in both columns: the headers say so, as the cells
      // are bare numbers (and a copy of the table travels without the group's title).
      m_actuals(makeTable(
          {tr("Task or job"), tr("Estimate (your unit)"), tr("Actual (same unit)"), tr("Error")},
          this)),
      m_chart(new EstimateChart(this)), m_accuracyChart(new AccuracyChart(this)),
      m_distribution(new QComboBox(this)), m_hasStart(new QCheckBox(tr("Starts on"), this)),
      m_start(new QDateEdit(this)), m_holidays(new QLineEdit(this)),
      m_holidaysError(new QLabel(this)), m_hasStatus(new QCheckBox(tr("Status as of"), this)),
      m_statusDate(new QDateEdit(this)),
      m_scaleByPace(new QCheckBox(tr("Scale the remaining work by the team's pace"), this)),
      m_pace(new QLabel(this)), m_dates(new QLabel(this)), m_riskTabs(new QTabWidget(this)),
      m_gantt(new TaskGanttChart(this)), m_tornado(new TornadoChart(this)),
      m_burnUp(new BurnUpChart(this)), m_message(new QLabel(this)), m_pert(new QLabel(this)),
      m_labelingResult(new QLabel(this)), m_etaResult(new QLabel(this)),
      m_accuracyResult(new QLabel(this)), m_status(new QLabel(this)),
      m_normalize(new QPushButton(tr("&Normalize shares"), this)),
      m_progress(new QProgressBar(this)), m_cancel(new QPushButton(tr("Cancel"), this)),
      m_showProgress(new QTimer(this))
{
    QWidget *inputs = buildInputs();
    QWidget *views = buildViews();
    layOut(inputs, views);
    connectEdits();
    connectCalendar();
    connectMonteCarlo();
}

/// Left: aggregation settings, buffers, labeling, job ETA. The groups bind their controls in
/// this order, which is the order the control accessors (trialsControl(), ...) count in.
QWidget *ProjectPanel::buildInputs()
{
    auto *inputs = new QWidget(this);
    auto *inputsLayout = new QVBoxLayout(inputs);
    inputsLayout->setContentsMargins(0, 0, 0, 0);
    inputsLayout->addWidget(buildMonteCarloGroup(inputs));
    inputsLayout->addWidget(buildBuffersGroup(inputs));
    inputsLayout->addWidget(buildCalendarGroup(inputs));
    inputsLayout->addWidget(buildLabelingGroup(inputs));
    inputsLayout->addWidget(buildEtaGroup(inputs));
    inputsLayout->addStretch(1);
    return inputs;
}

QGroupBox *ProjectPanel::buildMonteCarloGroup(QWidget *parent)
{
    auto *mcBox = new QGroupBox(tr("Monte Carlo"), parent);
    auto *mc = new QFormLayout(mcBox);
    m_distribution->addItem(tr("PERT-beta"), static_cast<int>(estimate::Distribution::PertBeta));
    m_distribution->addItem(tr("Triangular"), static_cast<int>(estimate::Distribution::Triangular));
    m_distribution->setToolTip(tr("How each task's time is drawn between optimistic and "
                                  "pessimistic: PERT-beta (mean (a+4m+b)/6) or triangular "
                                  "(mean (a+m+b)/3)."));
    mc->addRow(tr("Distribution"), m_distribution);
    const auto monteCarlo = [](auto member) {
        return field(&Scenario::project, &ProjectSettings::monteCarlo, member);
    };
    m_bound->bind(
        mc, mcBox,
        {{tr("Trials"), tr("Simulated plans; more trials, smoother percentiles."),
          countConfig(1000, 1e6, Scale::Log, [](int n) { return tr("%n trial(s)", nullptr, n); }),
          tr("Change trials"), monteCarlo(&estimate::MonteCarloOptions::trials)},
         {tr("Seed"), tr("The same seed gives the same percentiles on any machine."),
          config(0, 1e6, Scale::Linear, 0, QString()), tr("Change seed"),
          monteCarlo(&estimate::MonteCarloOptions::seed)},
         {tr("Correlation"),
          tr("Rank correlation between the tasks of one category (Iman-Conover): when one cause "
             "slows a labeling task it slows the others too. 0: independent draws, which "
             "understate the spread."),
          config(0, estimate::kMaxCategoryCorrelation, Scale::Linear, 2, QString()),
          tr("Change correlation"),
          monteCarlo(&estimate::MonteCarloOptions::categoryCorrelation)}});
    return mcBox;
}

/// The calendar the estimate is laid on, and the status of the forecast.
QGroupBox *ProjectPanel::buildCalendarGroup(QWidget *parent)
{
    auto *box = new QGroupBox(tr("Calendar and status"), parent);
    auto *form = new QFormLayout(box);
    m_hasStart->setToolTip(tr("Give the project a start date: every duration also shows as a "
                              "finish date on the working calendar."));
    m_start->setCalendarPopup(true);
    m_start->setDisplayFormat(QStringLiteral("ddd yyyy-MM-dd"));
    m_start->setAccessibleName(tr("Start date"));
    form->addRow(m_hasStart, m_start);
    auto *days = new QWidget(box);
    auto *daysLayout = new QHBoxLayout(days);
    daysLayout->setContentsMargins(0, 0, 0, 0);
    daysLayout->setSpacing(2);
    for (int day = 0; day < 7; ++day) {
        auto *check = new QCheckBox(QLocale().dayName(day + 1, QLocale::ShortFormat).left(2), days);
        check->setToolTip(tr("Work on %1s").arg(QLocale().dayName(day + 1)));
        check->setAccessibleName(tr("Working day %1").arg(QLocale().dayName(day + 1)));
        m_workDays[static_cast<size_t>(day)] = check;
        daysLayout->addWidget(check);
    }
    daysLayout->addStretch(1);
    form->addRow(tr("Working days"), days);
    m_bound->bind(form, box,
                  {{tr("Hours per day"),
                    tr("Working hours in one calendar day. Estimates keep their own unit (a day "
                       "of effort is 8 h); a 6-hour day spreads the same effort over more dates."),
                    config(0.5, 24, Scale::Linear, 1, tr(" h")), tr("Change hours per day"),
                    field(&Scenario::project, &ProjectSettings::calendar,
                          &estimate::WorkCalendar::hoursPerDay)}});
    m_hoursPerDay = m_bound->control(field(&Scenario::project, &ProjectSettings::calendar,
                                           &estimate::WorkCalendar::hoursPerDay));
    m_holidays->setPlaceholderText(tr("e.g. 2026-12-25, 2027-01-01"));
    m_holidays->setToolTip(tr("Days off, as YYYY-MM-DD separated by commas; applied on Enter."));
    m_holidays->setAccessibleName(tr("Holidays"));
    form->addRow(tr("Holidays"), m_holidays);
    m_holidaysError->setWordWrap(true);
    m_holidaysError->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_holidaysError->setVisible(false);
    form->addRow(QString(), m_holidaysError);
    m_hasStatus->setToolTip(tr("The day the tasks' status was recorded; unticked: today. The "
                               "forecast runs the remaining work from that day."));
    m_statusDate->setCalendarPopup(true);
    m_statusDate->setDisplayFormat(QStringLiteral("ddd yyyy-MM-dd"));
    m_statusDate->setAccessibleName(tr("Status date"));
    form->addRow(m_hasStatus, m_statusDate);
    m_scaleByPace->setToolTip(tr("Multiply every remaining task's estimate by the done tasks' "
                                 "actual time over their PERT estimate."));
    form->addRow(m_scaleByPace);
    m_pace->setWordWrap(true);
    form->addRow(m_pace);
    return box;
}

/// The calendar's own controls: each is one undoable edit.
void ProjectPanel::connectCalendar()
{
    connect(m_hasStart, &QCheckBox::toggled, this, [this](bool on) {
        if (m_filling)
            return;
        const QDate day = on ? m_start->date() : QDate();
        editProject(on ? tr("Set start date") : tr("Clear start date"), [on, day](Scenario &s) {
            s.project.startDate = on ? std::optional<QDate>(day) : std::nullopt;
        });
    });
    // A date typed (Enter or leaving the field) or picked from the popup is taken at once, and
    // gives the project its start when it had none (typing did nothing, a pick only
    // counted when focus left).
    const auto commitStart = [this]() {
        if (m_filling)
            return;
        const QDate day = m_start->date();
        if (m_document && m_document->scenario().project.startDate == day)
            return;
        editProject(m_hasStart->isChecked() ? tr("Change start date") : tr("Set start date"),
                    [day](Scenario &s) { s.project.startDate = day; });
    };
    connect(m_start, &QDateEdit::editingFinished, this, commitStart);
    connect(m_start->calendarWidget(), &QCalendarWidget::clicked, this, commitStart);
    for (int day = 0; day < 7; ++day) {
        connect(m_workDays[static_cast<size_t>(day)], &QCheckBox::toggled, this,
                [this, day](bool on) {
                    if (m_filling)
                        return;
                    editProject(tr("Change working days"), [day, on](Scenario &s) {
                        s.project.calendar.workingDays[static_cast<size_t>(day)] = on;
                    });
                });
    }
    connect(m_holidays, &QLineEdit::editingFinished, this, [this]() {
        if (m_filling || !m_document)
            return;
        std::vector<QDate> days;
        for (const QString &part : m_holidays->text().split(
                 QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts)) {
            const auto day = estimate::parseIsoDate(part);
            if (!day) {
                // Refused at the field, the text left as typed to be corrected.
                m_holidaysError->setText(
                    tr("Not applied: \"%1\" is not a date; give YYYY-MM-DD").arg(part.left(40)));
                m_holidaysError->setVisible(true);
                return;
            }
            days.push_back(*day);
        }
        m_holidaysError->setVisible(false);
        if (m_document->scenario().project.calendar.holidays == days)
            return;
        editProject(tr("Change holidays"),
                    [days](Scenario &s) { s.project.calendar.holidays = days; });
    });
    connect(m_hasStatus, &QCheckBox::toggled, this, [this](bool on) {
        if (m_filling)
            return;
        const QDate day = m_statusDate->date();
        editProject(on ? tr("Set status date") : tr("Clear status date"), [on, day](Scenario &s) {
            s.project.statusDate = on ? std::optional<QDate>(day) : std::nullopt;
        });
    });
    connect(m_statusDate, &QDateEdit::editingFinished, this, [this]() {
        if (m_filling || !m_hasStatus->isChecked())
            return;
        const QDate day = m_statusDate->date();
        if (m_document && m_document->scenario().project.statusDate == day)
            return;
        editProject(tr("Change status date"), [day](Scenario &s) { s.project.statusDate = day; });
    });
    connect(m_scaleByPace, &QCheckBox::toggled, this, [this](bool on) {
        if (m_filling)
            return;
        editProject(on ? tr("Scale by pace") : tr("Do not scale by pace"),
                    [on](Scenario &s) { s.project.scaleByPace = on; });
    });
}

QGroupBox *ProjectPanel::buildBuffersGroup(QWidget *parent)
{
    auto *bufferBox = new QGroupBox(tr("Buffers"), parent);
    auto *buffers = new QFormLayout(bufferBox);
    using BufferField = double estimate::Buffers::*;
    const std::tuple<QString, QString, BufferField> bufferRows[] = {
        {tr("Labeling"), tr("Ambiguity in labeling: +20-50 %."), &estimate::Buffers::labeling},
        {tr("Training"), tr("Hyperparameter loops: +10-40 %."), &estimate::Buffers::training},
        {tr("Optimization"), tr("Tricky edge cases: +30 %."), &estimate::Buffers::optimization},
        {tr("Research"), tr("A separate buffer for unknown research spikes."),
         &estimate::Buffers::research},
        {tr("Other"), tr("Everything else."), &estimate::Buffers::other},
        {tr("Contingency"), tr("On the whole plan, after the category buffers."),
         &estimate::Buffers::contingency},
    };
    std::vector<BindingRow> rows;
    for (const auto &[label, explanation, member] : bufferRows)
        rows.push_back({label, explanation, config(0, 200, Scale::Linear, 0, tr(" %")),
                        tr("Change %1 buffer").arg(label.toLower()),
                        field(&Scenario::project, &ProjectSettings::buffers, member), 0.01});
    m_bound->bind(buffers, bufferBox, rows);
    return bufferBox;
}

/// The labeling estimator: items, the strata table and its buttons, the rates, the result.
QGroupBox *ProjectPanel::buildLabelingGroup(QWidget *parent)
{
    auto *labelingBox = new QGroupBox(tr("Labeling effort"), parent);
    auto *labeling = new QFormLayout(labelingBox);
    m_bound->bind(
        labeling, labelingBox,
        {{tr("Items"), tr("Items to label in total (strata give shares of them)."),
          countConfig(1, 1e9, Scale::Log, [](int n) { return tr("%n item(s)", nullptr, n); }),
          tr("Change items"),
          field(&Scenario::project, &ProjectSettings::labeling,
                &estimate::LabelingInputs::items)}});
    labeling->addRow(m_strata);
    labeling->addRow(buildStrataButtons(labelingBox));
    bindLabelingRates(labeling, labelingBox);
    m_labelingResult->setWordWrap(true);
    m_labelingResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    labeling->addRow(m_labelingResult);
    return labelingBox;
}

/// Add, Remove and Normalize under the strata table.
QWidget *ProjectPanel::buildStrataButtons(QWidget *parent)
{
    auto *strataButtons = new QWidget(parent);
    auto *strataButtonsLayout = new QHBoxLayout(strataButtons);
    strataButtonsLayout->setContentsMargins(0, 0, 0, 0);
    auto *addStratum = new QPushButton(tr("Add stratum"), strataButtons);
    auto *removeStratum = new QPushButton(tr("Remove"), strataButtons);
    strataButtonsLayout->addWidget(addStratum);
    strataButtonsLayout->addWidget(removeStratum);
    strataButtonsLayout->addWidget(m_normalize);
    strataButtonsLayout->addStretch(1);
    connect(addStratum, &QPushButton::clicked, this, [this]() {
        editProject(tr("Add stratum"), [](Scenario &s) {
            estimate::LabelingInputs &l = s.project.labeling;
            const bool counts = !l.strata.empty() && l.strata.front().count.has_value();
            l.strata.push_back({tr("New stratum"), counts ? std::nullopt : std::optional(0.0),
                                counts ? std::optional(0.0) : std::nullopt, 1.0, std::nullopt});
        });
    });
    connect(removeStratum, &QPushButton::clicked, this, [this]() {
        const int row = m_strata->currentRow();
        if (row < 0)
            return;
        editProject(tr("Remove stratum"), [row](Scenario &s) {
            auto &strata = s.project.labeling.strata;
            strata.erase(strata.begin() + row);
            s.project.labeling = s.project.labeling.normalized();
        });
    });
    m_normalize->setVisible(false);
    m_normalize->setToolTip(tr("Scale the shares you typed so they sum to 100 %."));
    connect(m_normalize, &QPushButton::clicked, this, [this]() {
        if (!m_unnormalized)
            return;
        const estimate::LabelingInputs normalized = m_unnormalized->normalized();
        m_unnormalized.reset();
        editProject(tr("Normalize shares"),
                    [&normalized](Scenario &s) { s.project.labeling = normalized; });
    });
    return strataButtons;
}

/// The labeling rates: QC, adjudication, annotators and their ramp-up, contingency, costs.
void ProjectPanel::bindLabelingRates(QFormLayout *labeling, QGroupBox *labelingBox)
{
    using LabelingField = double estimate::LabelingInputs::*;
    const std::tuple<QString, QString, LabelingField, ValueControl::Config, double> labelingRows[] =
        {
            {tr("QC sampling"), tr("Share of items a reviewer spot-checks (5-10 %)."),
             &estimate::LabelingInputs::qcSampleRate, config(0, 100, Scale::Linear, 1, tr(" %")),
             0.01},
            {tr("Adjudication"), tr("Share of items relabeled or adjudicated (from the pilot)."),
             &estimate::LabelingInputs::adjudicationShare,
             config(0, 100, Scale::Linear, 1, tr(" %")), 0.01},
            {tr("Annotators"), tr("People labeling at once (for the first-week ramp-up)."),
             &estimate::LabelingInputs::annotators,
             countConfig(1, 1000, Scale::Log, [](int n) { return tr("%n person(s)", nullptr, n); }),
             1},
            {tr("Hours per week"), tr("Each annotator's hours in a week."),
             &estimate::LabelingInputs::hoursPerWeek, config(1, 80, Scale::Linear, 0, tr(" h")), 1},
            {tr("First-week productivity"),
             tr("Share of steady-state speed in week one (50-80 %)."),
             &estimate::LabelingInputs::firstWeekProductivity,
             config(10, 100, Scale::Linear, 0, tr(" %")), 0.01},
            {tr("Contingency"), tr("Rework and taxonomy changes (15-30 %)."),
             &estimate::LabelingInputs::contingency, config(0, 100, Scale::Linear, 0, tr(" %")),
             0.01},
            {tr("Blended rate"), tr("Cost of one annotator or reviewer hour."),
             &estimate::LabelingInputs::hourlyRate, config(0, 500, Scale::Linear, 2, tr(" /h")), 1},
            {tr("Tooling cost"), tr("Labeling platform and cloud, once."),
             &estimate::LabelingInputs::toolingCost, config(0, 1e7, Scale::Linear, 0, QString()),
             1},
        };
    const auto labelingField = [](auto member) {
        return field(&Scenario::project, &ProjectSettings::labeling, member);
    };
    std::vector<BindingRow> rows;
    for (const auto &[label, explanation, member, controlConfig, scale] : labelingRows)
        rows.push_back({label, explanation, controlConfig, tr("Change %1").arg(label.toLower()),
                        labelingField(member), scale});
    rows.push_back({tr("Adjudication time"),
                    tr("Minutes per adjudicated item; unticked: the item's labeling time."),
                    optionalConfig(config(0.1, 600, Scale::Log, 1, tr(" min")), QString()),
                    tr("Change adjudication time"),
                    labelingField(&estimate::LabelingInputs::adjudicationMinutesPerItem)});
    m_bound->bind(labeling, labelingBox, rows);
}

/// A training job's ETA from a canary run.
QGroupBox *ProjectPanel::buildEtaGroup(QWidget *parent)
{
    auto *etaBox = new QGroupBox(tr("Job ETA from a canary"), parent);
    auto *eta = new QFormLayout(etaBox);
    using EtaField = double estimate::JobEtaInputs::*;
    const std::tuple<QString, QString, EtaField, ValueControl::Config> etaRows[] = {
        {tr("Measured throughput"), tr("Samples/s from a 1-2 step canary run on the full node."),
         &estimate::JobEtaInputs::samplesPerSecond,
         config(0.01, 1e7, Scale::Log, 2, tr(" samples/s"))},
        {tr("Dataset"), tr("Samples in one epoch."), &estimate::JobEtaInputs::datasetSamples,
         countConfig(1, 1e12, Scale::Log, [](int n) { return tr("%n sample(s)", nullptr, n); })},
        {tr("Epochs"), tr("Passes over the dataset."), &estimate::JobEtaInputs::epochs,
         config(0.1, 1000, Scale::Log, 1, tr(" epochs"))},
        {tr("Safety factor"), tr("The seed's template: ETA x 1.5."),
         &estimate::JobEtaInputs::safetyFactor, config(1, 5, Scale::Linear, 2, tr(" ×"))},
        {tr("Checkpoint every"), tr("Minutes between checkpoints (0: none)."),
         &estimate::JobEtaInputs::checkpointMinutes, config(0, 1440, Scale::Linear, 0, tr(" min"))},
    };
    std::vector<BindingRow> rows;
    for (const auto &[label, explanation, member, controlConfig] : etaRows)
        rows.push_back({label, explanation, controlConfig, tr("Change %1").arg(label.toLower()),
                        field(&Scenario::project, &ProjectSettings::jobEta, member)});
    m_bound->bind(eta, etaBox, rows);
    m_etaResult->setWordWrap(true);
    m_etaResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    eta->addRow(m_etaResult);
    return etaBox;
}

/// Right: the message line, tasks, aggregation and distribution, estimated vs actual.
QWidget *ProjectPanel::buildViews()
{
    auto *views = new QWidget(this);
    auto *viewsLayout = new QVBoxLayout(views);
    viewsLayout->setContentsMargins(0, 0, 0, 0);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #c62828; font-weight: bold;"));
    m_message->setVisible(false);
    viewsLayout->addWidget(m_message);
    buildTasksGroup(views, viewsLayout);
    viewsLayout->addWidget(buildEstimateView(views));
    viewsLayout->addWidget(buildRiskViews(views));
    buildActualsGroup(views, viewsLayout);
    viewsLayout->addStretch(1);
    return views;
}

/// The task table under its title, with the buttons that add, remove, move and import tasks.
void ProjectPanel::buildTasksGroup(QWidget *views, QVBoxLayout *viewsLayout)
{
    // Its text follows the plan's dependencies (showTasks).
    m_taskTitle = new QLabel(views);
    m_taskTitle->setWordWrap(true);
    viewsLayout->addWidget(m_taskTitle);
    m_tasks->setToolTip(tr("Double-click or F2 to edit; Category and Unit open a list to pick "
                           "from. Depends on: task numbers, e.g. \"1, 3\"."));
    // Its columns overflowing it or no longer: the scroll bar comes or goes under the rows.
    connect(m_tasks->horizontalScrollBar(), &QScrollBar::rangeChanged, this,
            [this](int, int maximum) {
                if ((maximum > 0) != m_tasksScroll) {
                    m_tasksScroll = maximum > 0;
                    fitHeight(m_tasks, m_compact ? kCompactTaskRows : kTaskRows);
                }
            });
    viewsLayout->addWidget(m_tasks);
    m_taskButtons = buildTaskButtons(views);
    viewsLayout->addWidget(m_taskButtons);
}

/// Add, Remove, Move up and down, and Import CSV under the task table.
QWidget *ProjectPanel::buildTaskButtons(QWidget *views)
{
    auto *taskButtons = new QWidget(views);
    auto *taskButtonsLayout = new QHBoxLayout(taskButtons);
    taskButtonsLayout->setContentsMargins(0, 0, 0, 0);
    auto *addTask = new QPushButton(tr("&Add task"), taskButtons);
    auto *removeTask = new QPushButton(tr("&Remove"), taskButtons);
    auto *upTask = new QPushButton(tr("Move up"), taskButtons);
    auto *downTask = new QPushButton(tr("Move down"), taskButtons);
    auto *importTasks = new QPushButton(tr("&Import CSV…"), taskButtons);
    importTasks->setToolTip(tr("Replace the tasks with a CSV file: name,optimistic,most_likely,"
                               "pessimistic[,category,unit,depends_on]."));
    for (QPushButton *button : {addTask, removeTask, upTask, downTask, importTasks})
        taskButtonsLayout->addWidget(button);
    taskButtonsLayout->addStretch(1);
    connect(addTask, &QPushButton::clicked, this, [this]() {
        editProject(tr("Add task"), [](Scenario &s) {
            s.project.tasks.push_back({tr("New task"),
                                       estimate::Category::Other,
                                       1,
                                       2,
                                       4,
                                       estimate::TimeUnit::Days,
                                       {},
                                       {}});
        });
    });
    connect(removeTask, &QPushButton::clicked, this, [this]() {
        const int row = m_tasks->currentIndex().row();
        if (row < 0)
            return;
        editProject(tr("Remove task"), [row](Scenario &s) {
            std::vector<estimate::Task> &tasks = s.project.tasks.edit();
            std::vector<int> newIndex(tasks.size());
            for (int i = 0; std::cmp_less(i, tasks.size()); ++i)
                newIndex[static_cast<std::size_t>(i)] = i < row ? i : (i == row ? -1 : i - 1);
            tasks.erase(tasks.begin() + row);
            remapDependencies(tasks, newIndex);
        });
    });
    connect(upTask, &QPushButton::clicked, this, [this]() { moveTask(-1); });
    connect(downTask, &QPushButton::clicked, this, [this]() { moveTask(1); });
    connect(importTasks, &QPushButton::clicked, this, &ProjectPanel::importCsv);
    return taskButtons;
}

/// PERT and the Monte Carlo's percentiles without and with buffers, the run's progress, and
/// the distribution chart.
QWidget *ProjectPanel::buildEstimateView(QWidget *views)
{
    auto *aggregate = new QWidget(views);
    auto *aggregateLayout = new QHBoxLayout(aggregate);
    aggregateLayout->setContentsMargins(0, 0, 0, 0);
    auto *numbers = new QWidget(aggregate);
    auto *numbersLayout = new QVBoxLayout(numbers);
    numbersLayout->setContentsMargins(0, 0, 0, 0);
    m_pert->setWordWrap(true);
    numbersLayout->addWidget(m_pert);
    m_results->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_results->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_results->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_results->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    // No fixed width: the column is as wide as the estimate table's columns need at any font
    // (presentation mode widened them past a fixed 420 px and cut "24 weeks" to "24 wee").
    numbersLayout->addWidget(m_results);
    m_progress->setRange(0, 1000);
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    m_cancel->setShortcut(Qt::Key_Escape);
    numbersLayout->addWidget(m_status);
    numbersLayout->addWidget(m_progress);
    numbersLayout->addWidget(m_cancel, 0, Qt::AlignLeft);
    numbersLayout->addStretch(1);
    aggregateLayout->addWidget(numbers);
    m_chart->setMinimumSize(360, 300);
    m_chart->setMaximumHeight(420);
    aggregateLayout->addWidget(m_chart, 1);
    m_aggregateLayout = aggregateLayout;
    return aggregate;
}

/// The plan on the calendar and what drives its risk: the task Gantt, the tornado and the
/// burn-up, one tab each.
QWidget *ProjectPanel::buildRiskViews(QWidget *views)
{
    auto *box = new QWidget(views);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    m_dates->setWordWrap(true);
    m_dates->setTextInteractionFlags(Qt::TextSelectableByMouse);
    appearance::keepWrappedHeight(m_dates);
    layout->addWidget(m_dates);
    m_gantt->setMinimumHeight(320);
    m_tornado->setMinimumHeight(300);
    m_burnUp->setMinimumHeight(300);
    m_riskTabs->addTab(m_gantt, tr("&Gantt"));
    m_riskTabs->addTab(m_tornado, tr("Risk &drivers"));
    m_riskTabs->addTab(m_burnUp, tr("&Burn-up"));
    m_riskTabs->setTabToolTip(0, tr("Each task at its expected dates under the dependencies, its "
                                    "P10 to P90 finish as a whisker, the critical path in red."));
    m_riskTabs->setTabToolTip(1, tr("The P90 finish with each task at its optimistic and at its "
                                    "pessimistic time, the rest random: largest effect first."));
    m_riskTabs->setTabToolTip(2, tr("Work done over time: the plan, the actual progress and the "
                                    "forecast's P50 and P90 finish."));
    m_riskTabs->setMaximumHeight(460);
    layout->addWidget(m_riskTabs);
    m_riskLayout = layout;
    return box;
}

/// The log of finished tasks or jobs, its buttons, the error and the accuracy chart.
void ProjectPanel::buildActualsGroup(QWidget *views, QVBoxLayout *viewsLayout)
{
    auto *accuracyTitle = new QLabel(
        tr("<b>Estimated vs actual</b> — finished tasks or jobs (same unit in both columns)"),
        views);
    viewsLayout->addWidget(accuracyTitle);
    auto *accuracy = new QWidget(views);
    auto *accuracyLayout = new QHBoxLayout(accuracy);
    accuracyLayout->setContentsMargins(0, 0, 0, 0);
    auto *log = new QWidget(accuracy);
    auto *logLayout = new QVBoxLayout(log);
    logLayout->setContentsMargins(0, 0, 0, 0);
    logLayout->addWidget(m_actuals);
    auto *logButtons = new QWidget(log);
    auto *logButtonsLayout = new QHBoxLayout(logButtons);
    logButtonsLayout->setContentsMargins(0, 0, 0, 0);
    auto *addActual = new QPushButton(tr("Log finished"), logButtons);
    auto *removeActual = new QPushButton(tr("Remove"), logButtons);
    logButtonsLayout->addWidget(addActual);
    logButtonsLayout->addWidget(removeActual);
    logButtonsLayout->addStretch(1);
    logLayout->addWidget(logButtons);
    logLayout->addWidget(m_accuracyResult);
    accuracyLayout->addWidget(log, 1);
    m_accuracyChart->setMinimumSize(300, 220);
    accuracyLayout->addWidget(m_accuracyChart, 1);
    viewsLayout->addWidget(accuracy);
    connect(addActual, &QPushButton::clicked, this, [this]() {
        editProject(tr("Log finished task"), [](Scenario &s) {
            s.project.actuals.push_back({tr("Finished task"), 10, 10});
        });
    });
    connect(removeActual, &QPushButton::clicked, this, [this]() {
        const int row = m_actuals->currentRow();
        if (row < 0 || !m_document ||
            !std::cmp_less(row, m_document->scenario().project.actuals.size()))
            return; // a done task leaves the log when its status changes
        editProject(tr("Remove logged task"), [row](Scenario &s) {
            s.project.actuals.erase(s.project.actuals.begin() + row);
        });
    });
}

void ProjectPanel::layOut(QWidget *inputs, QWidget *views)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    inputs->setMaximumWidth(430);
    layout->addWidget(inputs);
    layout->addWidget(views, 1);
    setInputsArea(inputs);
    m_inputs = inputs;
    inputs->installEventFilter(this);
}

/// Edits that do not go through a bound control: refusals, the distribution, table cells.
void ProjectPanel::connectEdits()
{
    connect(m_bound, &ScenarioBindings::refused, this, [this]() {
        if (m_document) {
            m_message->setText(tr("Not applied: that value is out of range."));
            m_message->setVisible(true);
        }
        refresh();
    });
    connect(m_distribution, &QComboBox::activated, this, [this](int index) {
        const auto distribution =
            static_cast<estimate::Distribution>(m_distribution->itemData(index).toInt());
        editProject(tr("Change distribution"), [distribution](Scenario &s) {
            s.project.monteCarlo.distribution = distribution;
        });
    });
    connect(m_taskModel, &TaskTableModel::cellEdited, this, &ProjectPanel::taskEdited);
    connect(m_strata, &QTableWidget::cellChanged, this, &ProjectPanel::stratumEdited);
    connect(m_actuals, &QTableWidget::cellChanged, this, &ProjectPanel::actualEdited);
}

/// The background Monte Carlo's progress and Cancel; the run itself is the document's, which
/// announces it (jobStarted and so on).
void ProjectPanel::connectMonteCarlo()
{
    // Progress and Cancel appear only when a run takes longer than a blink.
    m_showProgress->setSingleShot(true);
    m_showProgress->setInterval(250);
    connect(m_showProgress, &QTimer::timeout, this, [this]() {
        if (isRunning()) {
            m_progress->setVisible(true);
            m_cancel->setVisible(true);
        }
    });
    connect(m_cancel, &QPushButton::clicked, this, [this]() {
        if (m_document)
            m_document->cancelJob(Job::MonteCarlo);
        m_progress->setVisible(false);
        m_cancel->setVisible(false);
        m_status->setText(tr("Cancelled: the percentiles shown are from the previous run."));
    });
}

void ProjectPanel::jobStarted(Job job)
{
    if (job != Job::MonteCarlo)
        return;
    m_status->setText(tr("Running the Monte Carlo…"));
    m_progress->setValue(0);
    m_showProgress->start();
}

void ProjectPanel::jobProgress(Job job, double fraction)
{
    if (job == Job::MonteCarlo)
        m_progress->setValue(static_cast<int>(fraction * 1000));
}

void ProjectPanel::jobFinished(Job job)
{
    if (job == Job::MonteCarlo)
        showEstimate();
}

void ProjectPanel::jobCancelled(Job job)
{
    if (job != Job::MonteCarlo)
        return;
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
}

const std::optional<estimate::PlanEstimate> &ProjectPanel::planEstimate() const
{
    static const std::optional<estimate::PlanEstimate> none;
    return m_document ? m_document->lastMonteCarlo() : none;
}

int ProjectPanel::runsStarted() const
{
    return m_document ? m_document->jobRunsStarted(Job::MonteCarlo) : 0;
}

ValueControl *ProjectPanel::trialsControl() const
{
    return m_bound->control(field(&Scenario::project, &ProjectSettings::monteCarlo,
                                  &estimate::MonteCarloOptions::trials));
}

ValueControl *ProjectPanel::labelingBufferControl() const
{
    return m_bound->control(
        field(&Scenario::project, &ProjectSettings::buffers, &estimate::Buffers::labeling));
}

ValueControl *ProjectPanel::correlationControl() const
{
    return m_bound->control(field(&Scenario::project, &ProjectSettings::monteCarlo,
                                  &estimate::MonteCarloOptions::categoryCorrelation));
}

ValueControl *ProjectPanel::hoursPerDayControl() const
{
    return m_hoursPerDay;
}

bool ProjectPanel::isRunning() const
{
    return m_document && m_document->isJobRunning(Job::MonteCarlo);
}

void ProjectPanel::editProject(const QString &text, const std::function<void(Scenario &)> &change)
{
    if (!m_document)
        return;
    Scenario next = m_document->scenario();
    change(next);
    // The document checks what the edit changed; only a refusal asks for the reasons (so a
    // valid edit of a 10,000-task plan is checked once).
    if (m_document->edit(next, text)) {
        m_message->setVisible(false);
        m_normalize->setVisible(false);
        m_unnormalized.reset();
        return;
    }
    if (const std::vector<FieldError> errors = validateChange(m_document->scenario(), next);
        !errors.empty()) {
        m_message->setText(tr("Not applied: %1").arg(errors.front().toString()));
        m_message->setVisible(true);
        // Shares that do not sum to 1 can be normalized instead.
        // (Read from the inputs, not the message's words, which a translation changes.)
        const bool sharesOff = next.project.labeling.normalized() != next.project.labeling &&
                               std::any_of(errors.begin(), errors.end(), [](const FieldError &e) {
                                   return e.field == QLatin1String("project.labeling.strata");
                               });
        m_unnormalized = sharesOff ? std::optional(next.project.labeling) : std::nullopt;
        m_normalize->setVisible(sharesOff);
        refresh();
    }
}

void ProjectPanel::taskEdited(int row, int column, const QVariant &value)
{
    if (!m_document || !std::cmp_less(row, m_document->scenario().project.tasks.size()))
        return;
    if (column == Category) {
        const auto category = static_cast<estimate::Category>(value.toInt());
        editProject(tr("Change category"), [row, category](Scenario &next) {
            next.project.tasks[static_cast<std::size_t>(row)].category = category;
        });
        return;
    }
    if (column == Unit) {
        const auto unit = static_cast<estimate::TimeUnit>(value.toInt());
        editProject(tr("Change unit"), [row, unit](Scenario &next) {
            next.project.tasks[static_cast<std::size_t>(row)].unit = unit;
        });
        return;
    }
    const QString text = value.toString();
    const QString name = m_taskModel->headerData(column, Qt::Horizontal).toString();
    if (column == Name) {
        editProject(tr("Rename task"), [row, text](Scenario &s) {
            s.project.tasks[static_cast<std::size_t>(row)].name = text.trimmed().left(200);
        });
        return;
    }
    if (column == DependsOn) {
        std::vector<int> dependsOn;
        for (const QString &part :
             text.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts)) {
            bool ok = false;
            const int number = part.toInt(&ok);
            if (!ok) {
                m_message->setText(
                    tr("Not applied: tasks[%1].depends_on: \"%2\" is not a task number")
                        .arg(row)
                        .arg(part));
                m_message->setVisible(true);
                refresh();
                return;
            }
            dependsOn.push_back(number - 1);
        }
        editProject(tr("Change dependencies"), [row, dependsOn](Scenario &s) {
            s.project.tasks[static_cast<std::size_t>(row)].dependsOn = dependsOn;
        });
        return;
    }
    if (column == Status || column == ShareDone || column == Actual || column == FinishedOn) {
        progressEdited(row, column, text);
        return;
    }
    const numparse::Parsed parsed = numparse::number(text);
    if (!parsed.value) {
        m_message->setText(
            tr("Not applied: %1 of task %2: %3").arg(name).arg(row + 1).arg(parsed.error));
        m_message->setVisible(true);
        refresh();
        return;
    }
    const double time = *parsed.value;
    editProject(tr("Change %1").arg(name.toLower()), [row, column, time](Scenario &s) {
        estimate::Task &task = s.project.tasks[static_cast<std::size_t>(row)];
        if (column == Optimistic)
            task.optimistic = time;
        else if (column == MostLikely)
            task.mostLikely = time;
        else if (column == Pessimistic)
            task.pessimistic = time;
    });
}

/// A task's status, share done, actual time or finish day typed into its row. Marking a task
/// done without an actual time takes its PERT mean as a start, which the person then corrects.
void ProjectPanel::progressEdited(int row, int column, const QString &text)
{
    const QString name = m_taskModel->headerData(column, Qt::Horizontal).toString();
    auto refuse = [this, row, name](const QString &why) {
        m_message->setText(tr("Not applied: %1 of task %2: %3").arg(name).arg(row + 1).arg(why));
        m_message->setVisible(true);
        refresh();
    };
    const estimate::Task &current = m_document->scenario().project.tasks[static_cast<size_t>(row)];
    estimate::TaskProgress progress = current.progress;
    if (column == Status) {
        const auto state = estimate::parseTaskState(text);
        if (!state)
            return refuse(
                tr("\"%1\" is not a status: type todo, in progress or done").arg(text.left(40)));
        if (*state == progress.state)
            return;
        progress.state = *state;
        if (*state == estimate::TaskState::Done && !(progress.actual > 0)) {
            // Done without an actual: the task's PERT mean, as the result's section holds it.
            const std::vector<estimate::TaskStats> &stats =
                m_document->planResult().project.taskStats;
            const auto i = static_cast<std::size_t>(row);
            if (i < stats.size())
                progress.actual = stats[i].pertMeanHours / estimate::hoursPer(current.unit);
        }
        if (*state == estimate::TaskState::Done && !progress.finishedOn.isValid())
            progress.finishedOn =
                m_document->planResult().project.statusDate.value_or(QDate::currentDate());
    } else if (column == ShareDone) {
        const numparse::Parsed share = numparse::fraction(
            text.trimmed().endsWith(QLatin1Char('%')) ? text : text.trimmed() + QLatin1Char('%'));
        if (!share.value)
            return refuse(share.error);
        progress.state = estimate::TaskState::InProgress;
        progress.shareDone = *share.value;
    } else if (column == Actual) {
        const numparse::Parsed actual = numparse::number(text);
        if (!actual.value)
            return refuse(actual.error);
        progress.state = estimate::TaskState::Done;
        progress.actual = *actual.value;
    } else if (column == FinishedOn) {
        if (text.trimmed().isEmpty()) {
            progress.finishedOn = QDate();
        } else {
            const auto day = estimate::parseIsoDate(text.trimmed());
            if (!day)
                return refuse(tr("\"%1\" is not a date; give YYYY-MM-DD").arg(text.left(40)));
            progress.finishedOn = *day;
        }
    }
    editProject(tr("Change task status"), [row, progress](Scenario &s) {
        s.project.tasks[static_cast<size_t>(row)].progress = progress;
    });
}

void ProjectPanel::stratumEdited(int row, int column)
{
    if (m_filling || !m_document)
        return;
    const QString text =
        m_strata->item(row, column) ? m_strata->item(row, column)->text().trimmed() : QString();
    if (column == 0) {
        editProject(tr("Rename stratum"), [row, text](Scenario &s) {
            s.project.labeling.strata[static_cast<std::size_t>(row)].name = text.left(200);
        });
        return;
    }
    std::optional<double> value;
    if (!(column == 3 && text.isEmpty())) {
        const numparse::Parsed parsed = numparse::number(text);
        if (!parsed.value) {
            m_message->setText(tr("Not applied: stratum %1: %2").arg(row + 1).arg(parsed.error));
            m_message->setVisible(true);
            refresh();
            return;
        }
        value = parsed.value;
    }
    editProject(tr("Change stratum"), [row, column, value](Scenario &s) {
        estimate::Stratum &stratum = s.project.labeling.strata[static_cast<std::size_t>(row)];
        if (column == 1) {
            if (stratum.count)
                stratum.count = value;
            else
                stratum.share = value.value_or(0) / 100.0;
        } else if (column == 2) {
            stratum.minutesPerItem = value.value_or(0);
        } else {
            stratum.reviewMinutesPerItem = value;
        }
    });
}

void ProjectPanel::actualEdited(int row, int column)
{
    if (m_filling || !m_document)
        return;
    // Rows after the typed entries are the done tasks: read-only here.
    if (!std::cmp_less(row, m_document->scenario().project.actuals.size()))
        return;
    const QString text =
        m_actuals->item(row, column) ? m_actuals->item(row, column)->text().trimmed() : QString();
    if (column == 0) {
        editProject(tr("Rename logged task"), [row, text](Scenario &s) {
            s.project.actuals[static_cast<std::size_t>(row)].name = text.left(200);
        });
        return;
    }
    const numparse::Parsed parsed = numparse::number(text);
    if (!parsed.value) {
        m_message->setText(tr("Not applied: logged task %1: %2").arg(row + 1).arg(parsed.error));
        m_message->setVisible(true);
        refresh();
        return;
    }
    const double value = *parsed.value;
    editProject(tr("Change logged task"), [row, column, value](Scenario &s) {
        estimate::ActualEntry &entry = s.project.actuals[static_cast<std::size_t>(row)];
        (column == 1 ? entry.estimate : entry.actual) = value;
    });
}

void ProjectPanel::moveTask(int delta)
{
    const int row = m_tasks->currentIndex().row();
    if (!m_document || row < 0)
        return;
    const int target = row + delta;
    if (target < 0 || std::cmp_greater_equal(target, m_document->scenario().project.tasks.size()))
        return;
    editProject(tr("Move task"), [row, target](Scenario &s) {
        std::vector<estimate::Task> &tasks = s.project.tasks.edit();
        std::vector<int> newIndex(tasks.size());
        for (int i = 0; std::cmp_less(i, tasks.size()); ++i)
            newIndex[static_cast<std::size_t>(i)] = i;
        newIndex[static_cast<std::size_t>(row)] = target;
        newIndex[static_cast<std::size_t>(target)] = row;
        std::swap(tasks[static_cast<std::size_t>(row)], tasks[static_cast<std::size_t>(target)]);
        remapDependencies(tasks, newIndex);
    });
    m_tasks->setCurrentIndex(
        m_taskModel->index(target, std::max(0, m_tasks->currentIndex().column())));
}

void ProjectPanel::importCsv()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import tasks"), QString(),
                                                      tr("CSV files (*.csv);;All files (*)"));
    if (!path.isEmpty())
        importTasksFrom(path);
}

bool ProjectPanel::importTasksFrom(const QString &path)
{
    const fileio::ReadResult bytes = fileio::readBounded(path, scenariofile::kMaxFileBytes);
    if (!bytes.bytes) {
        m_message->setText(tr("Not imported: %1 %2").arg(path, bytes.error));
        m_message->setVisible(true);
        return false;
    }
    const estimate::CsvTasks read = estimate::readTasksCsv(QString::fromUtf8(*bytes.bytes));
    if (!read.errors.empty()) {
        m_message->setText(tr("Not imported: %1").arg(read.errors.front().toString()));
        m_message->setVisible(true);
        return false;
    }
    // The table's tasks are someone's work: replacing them is asked, never done behind their
    // back.
    const std::size_t existing = m_document ? m_document->scenario().project.tasks.size() : 0;
    if (existing > 0) {
        QMessageBox ask(
            QMessageBox::Question, tr("Replace the tasks?"),
            tr("Replace the %1 with the %2 in %3?")
                .arg(format::plural(tr("%n task(s) in the table", nullptr,
                                       format::numerus(static_cast<double>(existing))),
                                    static_cast<double>(existing)),
                     format::plural(tr("%n task(s)", nullptr,
                                       format::numerus(static_cast<double>(read.tasks.size()))),
                                    static_cast<double>(read.tasks.size())),
                     QFileInfo(path).fileName()),
            QMessageBox::Cancel, this);
        ask.setInformativeText(tr("Undo (Ctrl+Z) brings the current tasks back."));
        QPushButton *replace = ask.addButton(tr("&Replace"), QMessageBox::AcceptRole);
        ask.setDefaultButton(QMessageBox::Cancel);
        ask.exec();
        if (ask.clickedButton() != replace)
            return false;
    }
    editProject(tr("Import tasks"), [&read](Scenario &s) { s.project.tasks = read.tasks; });
    return true;
}

void ProjectPanel::showTasks()
{
    // The document names the rows its last edit changed, for a table that shows the list
    // before it; a table that missed edits (hidden meanwhile) finds them itself.
    const ScenarioDocument::TaskRows &last = m_document->lastTaskRows();
    const int resets = m_taskModel->resetCount();
    const std::vector<estimate::Task> &tasks = m_document->scenario().project.tasks;
    // The line follows the dependencies as the forecast does (it once said "one after another"
    // over a Depends on column that listed them).
    const bool sequential = estimate::runsInSequence(tasks);
    m_taskTitle->setText(sequential
                             ? tr("<b>Tasks</b> — three-point estimates; no task lists a "
                                  "dependency, so they run one after another")
                             : tr("<b>Tasks</b> — three-point estimates; a task starts when the "
                                  "tasks it depends on have finished"));
    m_taskModel->setTasks(tasks, m_document->planResult().project.taskStats,
                          last.before.sharesWith(m_taskModel->tasks()) ? last.rows : std::nullopt);
    if (m_taskModel->resetCount() != resets) {
        // Sizes follow a new list only: measuring 10,000 rows per keystroke is what froze it.
        m_tasks->resizeColumnsToContents();
        fitHeight(m_tasks, m_compact ? kCompactTaskRows : kTaskRows);
    }
}

bool ProjectPanel::eventFilter(QObject *watched, QEvent *event)
{
    // The inputs hidden on purpose (presentation mode, View > Show Inputs off), not with the
    // workspace: lay the views out for the room.
    if (watched == m_inputs && (event->type() == QEvent::Show || event->type() == QEvent::Hide))
        setCompact(m_inputs->isHidden());
    return WorkspacePanel::eventFilter(watched, event);
}

void ProjectPanel::setCompact(bool compact)
{
    if (compact == m_compact)
        return;
    m_compact = compact;
    m_taskButtons->setVisible(!compact);
    fitHeight(m_tasks, compact ? kCompactTaskRows : kTaskRows);
    hideRowsWhenCompact();
    placeDistribution();
}

void ProjectPanel::resizeEvent(QResizeEvent *event)
{
    WorkspacePanel::resizeEvent(event);
    placeDistribution();
}

void ProjectPanel::placeDistribution()
{
    const int page = m_riskTabs->indexOf(m_chart);
    const bool tabbed = m_compact && window()->height() < kTabbedBelowPx;
    if (tabbed && page < 0) {
        m_riskTabBeforeCompact = m_riskTabs->currentIndex();
        m_aggregateLayout->removeWidget(m_chart);
        m_riskLayout->removeWidget(m_riskTabs);
        m_riskTabs->addTab(m_chart, tr("Distrib&ution"));
        m_riskTabs->setTabToolTip(kDistributionTab,
                                  tr("The plan durations of the Monte Carlo's trials, with the "
                                     "P50 and P90 marked."));
        m_aggregateLayout->addWidget(m_riskTabs, 1);
        m_riskTabs->setCurrentWidget(m_chart);
    } else if (!tabbed && page >= 0) {
        m_riskTabs->removeTab(page);
        m_aggregateLayout->removeWidget(m_riskTabs);
        m_aggregateLayout->addWidget(m_chart, 1);
        m_chart->setVisible(true); // the tab widget's stack hid it when another page showed
        m_riskLayout->addWidget(m_riskTabs);
        if (m_riskTabs->isTabEnabled(m_riskTabBeforeCompact))
            m_riskTabs->setCurrentIndex(m_riskTabBeforeCompact);
    }
}

void ProjectPanel::hideRowsWhenCompact()
{
    // PERT mean, PERT σ and the Monte Carlo's mean: the PERT line over the table says the first
    // two, and the percentiles are what a room decides on.
    for (int row = 0; row < std::min(3, m_results->rowCount()); ++row)
        m_results->setRowHidden(row, m_compact);
    fitHeight(m_results, 8);
}

void ProjectPanel::fillStrata(const Scenario &s)
{
    const estimate::LabelingInputs &l = s.project.labeling;
    const bool counts = !l.strata.empty() && l.strata.front().count.has_value();
    m_strata->horizontalHeaderItem(1)->setText(counts ? tr("Count (items)") : tr("Share (%)"));
    m_strata->setRowCount(static_cast<int>(l.strata.size()));
    for (int row = 0; std::cmp_less(row, l.strata.size()); ++row) {
        const estimate::Stratum &stratum = l.strata[static_cast<std::size_t>(row)];
        m_strata->setItem(row, 0, editable(stratum.name, false));
        m_strata->setItem(row, 1,
                          editable(counts ? format::grouped(stratum.count.value_or(0), 0)
                                          : format::trimmed(stratum.share.value_or(0) * 100, 3)));
        m_strata->setItem(row, 2, editable(format::trimmed(stratum.minutesPerItem, 3)));
        m_strata->setItem(row, 3,
                          editable(stratum.reviewMinutesPerItem
                                       ? format::trimmed(*stratum.reviewMinutesPerItem, 3)
                                       : QString()));
    }
    m_strata->resizeColumnsToContents();
    m_strata->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    fitHeight(m_strata, 6);
}

void ProjectPanel::fillActuals(const Scenario &s, const ProjectSection &project)
{
    // The typed entries, then the done tasks (read-only here: their status row edits them).
    const std::vector<estimate::ActualEntry> &entries = project.logged;
    const std::size_t typed = s.project.actuals.size();
    m_actuals->setRowCount(static_cast<int>(entries.size()));
    const estimate::Accuracy accuracy = project.accuracy.value_or(estimate::Accuracy{});
    for (int row = 0; std::cmp_less(row, entries.size()); ++row) {
        const estimate::ActualEntry &entry = entries[static_cast<std::size_t>(row)];
        if (std::cmp_less(row, typed)) {
            m_actuals->setItem(row, 0, editable(entry.name, false));
            m_actuals->setItem(row, 1, editable(format::trimmed(entry.estimate, 3)));
            m_actuals->setItem(row, 2, editable(format::trimmed(entry.actual, 3)));
        } else {
            m_actuals->setItem(row, 0, readOnly(tr("%1 (task done)").arg(entry.name), false));
            m_actuals->setItem(row, 1, readOnly(format::trimmed(entry.estimate, 3)));
            m_actuals->setItem(row, 2, readOnly(format::trimmed(entry.actual, 3)));
        }
        m_actuals->setItem(row, 3,
                           readOnly(percentText(
                               accuracy.absolutePercentageErrors[static_cast<std::size_t>(row)])));
    }
    m_actuals->resizeColumnsToContents();
    m_actuals->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_actuals->setMinimumHeight(120);
    m_accuracyResult->setText(
        entries.empty() ? tr("Log finished tasks to see how far estimates were off.")
                        : tr("Median absolute percentage error (MdAPE): <b>%1</b> over %2 finished")
                              .arg(percentText(accuracy.medianApe))
                              .arg(entries.size()));
    m_accuracyChart->setEntries(entries);
    m_accuracyChart->setVisible(!entries.empty()); // an empty chart says nothing
}

void ProjectPanel::refresh()
{
    if (!refreshNow())
        return;
    const Scenario &s = m_document->scenario();
    const ProjectSettings &p = s.project;
    m_filling = true;
    m_bound->show(s);
    m_distribution->setCurrentIndex(
        m_distribution->findData(static_cast<int>(p.monteCarlo.distribution)));
    showTasks();
    fillStrata(s);
    fillActuals(s, m_document->planResult().project);
    // The calendar and the status, as the plan holds them.
    m_hasStart->setChecked(p.startDate.has_value());
    m_start->setEnabled(p.startDate.has_value());
    // Never over a date being typed: a refresh (the Monte Carlo delivering) reset it before
    // Enter, so typing did nothing.
    if (p.startDate && !m_start->hasFocus())
        m_start->setDate(*p.startDate);
    else if (!m_start->date().isValid() || m_start->date() == QDate(2000, 1, 1))
        m_start->setDate(QDate::currentDate());
    for (size_t day = 0; day < 7; ++day)
        m_workDays[day]->setChecked(p.calendar.workingDays[day]);
    if (!m_holidaysError->isVisible()) {
        QStringList holidays;
        for (const QDate &day : p.calendar.holidays)
            holidays << estimate::isoDate(day);
        m_holidays->setText(holidays.join(QStringLiteral(", ")));
    }
    m_hasStatus->setChecked(p.statusDate.has_value());
    m_statusDate->setEnabled(p.statusDate.has_value());
    m_statusDate->setDate(p.statusDate.value_or(QDate::currentDate()));
    m_scaleByPace->setChecked(p.scaleByPace);
    m_filling = false;
    {
        const ProjectSection &section = m_document->planResult().project;
        const estimate::Pace &pace = section.pace;
        m_scaleByPace->setEnabled(pace.doneTasks > 0);
        if (pace.doneTasks == 0)
            m_pace->setText(section.forecast
                                ? tr("Pace: no task is done yet, so the estimates stand as they "
                                     "are.")
                                : tr("Mark tasks done or in progress in the task table (Status, "
                                     "Done, Actual) and the plan is forecast from the status "
                                     "date."));
        else
            m_pace->setText(
                tr("Pace: the %5 took %1 h against %2 h estimated, ratio <b>%3</b>%4.")
                    .arg(format::grouped(pace.actualHours, 1),
                         format::grouped(pace.estimateHours, 1), format::trimmed(pace.ratio(), 2),
                         section.paceRatio != 1.0 ? tr(", applied to the remaining work")
                                                  : tr(", not applied"),
                         pace.doneTasks == 1 ? tr("done task")
                                             : tr("%1 done tasks").arg(pace.doneTasks)));
    }

    const ProjectSection &project = m_document->planResult().project;
    const estimate::PertResult &pert = project.simulatedPert;
    const estimate::PertResult &pertBuffered = project.simulatedPertBuffered;
    QStringList path;
    for (int index : pert.criticalPath)
        path << QString::number(index + 1);
    const QString pertText =
        tr("%1 ± %2 (critical path: tasks %3); with buffers %4 ± %5")
            .arg(planDuration(pert.meanHours, pertBuffered.meanHours),
                 planDuration(pert.sigmaHours, pertBuffered.meanHours),
                 path.join(QStringLiteral(" → ")),
                 planDuration(pertBuffered.meanHours, pertBuffered.meanHours),
                 planDuration(pertBuffered.sigmaHours, pertBuffered.meanHours));
    m_pert->setText(project.forecast && project.statusDate
                        ? tr("<b>PERT of the remaining work</b> from %1: %2")
                              .arg(estimate::isoDate(*project.statusDate), pertText)
                        : tr("<b>PERT</b>: %1").arg(pertText));

    const estimate::LabelingEstimate &l = project.labeling;
    m_labelingResult->setText(
        tr("<table cellspacing=0 cellpadding=1>"
           "<tr><td>Labeling (base)</td><td align=right><b>%1 h</b></td></tr>"
           "<tr><td>QC review</td><td align=right>%2 h</td></tr>"
           "<tr><td>Adjudication</td><td align=right>%3 h</td></tr>"
           "<tr><td>First-week ramp-up</td><td align=right>%4 h</td></tr>"
           "<tr><td>Annotators / reviewers</td><td align=right>%5 h / %6 h</td></tr>"
           "<tr><td>Total with contingency</td><td align=right><b>%7 h</b></td></tr>"
           "<tr><td>Cost</td><td align=right><b>%8</b></td></tr></table>")
            .arg(format::grouped(l.baseHours, 0), format::grouped(l.qcHours, 0),
                 format::grouped(l.adjudicationHours, 0), format::grouped(l.rampUpHours, 0),
                 format::grouped(l.annotatorHours, 0), format::grouped(l.reviewerHours, 0),
                 format::grouped(l.totalHours, 0), format::grouped(l.cost, 2)));

    const estimate::JobEta &eta = project.jobEta;
    m_etaResult->setText(
        tr("ETA <b>%1</b>; request <b>%2</b> of wall time (× %3); %4")
            .arg(format::duration(eta.etaSeconds), format::duration(eta.wallTimeMinutes * 60),
                 format::trimmed(p.jobEta.safetyFactor, 2),
                 format::plural(tr("%n checkpoint(s)", nullptr, format::numerus(eta.checkpoints)),
                                eta.checkpoints)));
    startMonteCarlo();
}

void ProjectPanel::startMonteCarlo()
{
    if (!m_document)
        return;
    // The document's job keeps the one cache: only a change of what it reads runs it again.
    m_document->runJob(Job::MonteCarlo);
    if (!m_document->isJobRunning(Job::MonteCarlo))
        showEstimate(); // answered from the cache
}

void ProjectPanel::showEstimate()
{
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    // The result's Monte Carlo, once it answers this plan; until then the table stays as drawn
    // (the previous run's percentiles, as the status line says).
    const estimate::PlanEstimate *estimate =
        m_document ? m_document->planResult().monteCarlo.ready() : nullptr;
    showRisk();
    if (!estimate)
        return;
    const estimate::PlanEstimate &e = *estimate;
    // The section is ready only while it answers the plan as it is now: its seed and
    // distribution are the plan's.
    const estimate::MonteCarloOptions &options = m_document->scenario().project.monteCarlo;
    const double largest = e.monteCarloBuffered.maxHours;
    const std::tuple<QString, double, double> rows[] = {
        {tr("PERT mean"), e.pert.meanHours, e.pertBuffered.meanHours},
        {tr("PERT σ"), e.pert.sigmaHours, e.pertBuffered.sigmaHours},
        {tr("Monte Carlo mean"), e.monteCarlo.meanHours, e.monteCarloBuffered.meanHours},
        {tr("P50"), e.monteCarlo.p50Hours, e.monteCarloBuffered.p50Hours},
        {tr("P80"), e.monteCarlo.p80Hours, e.monteCarloBuffered.p80Hours},
        {tr("P90"), e.monteCarlo.p90Hours, e.monteCarloBuffered.p90Hours},
        {tr("P95"), e.monteCarlo.p95Hours, e.monteCarloBuffered.p95Hours},
    };
    m_results->setRowCount(static_cast<int>(std::size(rows)));
    QStringList labels;
    for (int row = 0; std::cmp_less(row, std::size(rows)); ++row) {
        const auto &[label, without, with] = rows[row];
        labels << label;
        m_results->setItem(row, 0, readOnly(planDuration(without, largest)));
        m_results->setItem(row, 1, readOnly(planDuration(with, largest)));
    }
    m_results->setVerticalHeaderLabels(labels);
    appearance::fitColumns(m_results);
    hideRowsWhenCompact();
    m_chart->setResult(e.monteCarlo);
    m_status->setText(
        tr("%1, seed %2, %3")
            .arg(format::plural(tr("%n trial(s)", nullptr, format::numerus(e.monteCarlo.trials)),
                                e.monteCarlo.trials))
            .arg(options.seed)
            .arg(options.distribution == estimate::Distribution::Triangular ? tr("triangular")
                                                                            : tr("PERT-beta")));
}

/// The dates, the criticality column and the three risk charts, as the result holds them (its
/// project charts, and the Monte Carlo once it is ready; before: the Gantt without whiskers, the
/// rest empty).
void ProjectPanel::showRisk()
{
    if (!m_document)
        return;
    const ProjectSettings &p = m_document->scenario().project;
    const PlanResult &result = m_document->planResult();
    const ProjectSection &section = result.project;
    const ProjectCharts &charts = result.projectCharts;
    const estimate::PlanEstimate *current = result.monteCarlo.ready();
    m_taskModel->setCriticality(current ? current->monteCarlo.criticality : std::vector<double>{});

    if (charts.gantt)
        m_gantt->setGantt(*charts.gantt);
    else
        m_gantt->clearGantt();
    if (current && !current->monteCarlo.tornado.empty())
        m_tornado->setTornado(current->monteCarlo.tornado, section.simulated,
                              current->monteCarlo.p90Hours); // the run's tasks, as the report
    else
        m_tornado->clearTornado();
    if (charts.burnUp && p.startDate)
        m_burnUp->setBurnUp(*charts.burnUp, *p.startDate);
    else
        m_burnUp->clearBurnUp();
    // Without dates the Gantt and the burn-up have nothing to draw (an empty axis from 1970):
    // their tabs wait, saying why, and the risk drivers show.
    // With the inputs hidden (presentation mode) the step names the key that shows them.
    const QString needsStart =
        inputsVisible() ? tr("Tick Starts on under Calendar and status to see it.")
                        : tr("Give the plan a start date to see it: Ctrl+Shift+I shows the "
                             "inputs, and Starts on is under Calendar and status.");
    m_riskTabs->setTabEnabled(0, charts.gantt.has_value());
    m_riskTabs->setTabToolTip(0, charts.gantt ? QString() : needsStart);
    m_riskTabs->setTabEnabled(2, charts.burnUp && p.startDate);
    m_riskTabs->setTabToolTip(2, charts.burnUp && p.startDate ? QString() : needsStart);

    const std::optional<ProjectDates> &dates = charts.dates;
    if (!p.startDate) {
        m_dates->setText(
            inputsVisible()
                ? tr("Tick <i>Starts on</i> under Calendar and status to see finish dates, the "
                     "task Gantt and the burn-up.")
                : tr("No start date, so no finish dates: Ctrl+Shift+I shows the inputs, where "
                     "<i>Starts on</i> under Calendar and status sets one."));
    } else if (!dates) {
        m_dates->setText(tr("Finish dates follow when the Monte Carlo has run."));
    } else {
        auto day = [](QDate date) {
            return QLocale().toString(date, QStringLiteral("ddd d MMM yyyy"));
        };
        m_dates->setText(
            tr("<b>Finish dates</b>%1: PERT %2 · P50 <b>%3</b> · P80 %4 · P90 <b>%5</b> · P95 %6"
               "<br>with buffers: PERT %7 · P50 %8 · P80 %9 · P90 <b>%10</b> · P95 %11")
                .arg(section.forecast ? tr(" (forecast from %1)").arg(day(*section.statusDate))
                                      : tr(" (from %1)").arg(day(dates->start)),
                     day(dates->pertFinish), day(dates->monteCarlo.p50), day(dates->monteCarlo.p80),
                     day(dates->monteCarlo.p90), day(dates->monteCarlo.p95),
                     day(dates->pertBufferedFinish), day(dates->monteCarloBuffered.p50),
                     day(dates->monteCarloBuffered.p80))
                .arg(day(dates->monteCarloBuffered.p90), day(dates->monteCarloBuffered.p95)));
    }
    appearance::fitWrappedHeight(m_dates);
}

void ProjectPanel::changeEvent(QEvent *event)
{
    WorkspacePanel::changeEvent(event);
    if (event->type() == QEvent::FontChange && m_results->rowCount() > 0) {
        appearance::fitColumns(m_results);
        fitHeight(m_results, 8);
    }
}

void ProjectPanel::showRiskView(int tab)
{
    m_riskTabs->setCurrentIndex(tab);
    for (QWidget *w = parentWidget(); w; w = w->parentWidget()) {
        if (auto *scroll = qobject_cast<QScrollArea *>(w)) {
            scroll->ensureWidgetVisible(m_riskTabs, 0, 0);
            break;
        }
    }
}

} // namespace pipeplan
