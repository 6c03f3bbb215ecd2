#include "ui/measured/tracedialog.h"

#include "core/base/format.h"
#include "ui/document/backgroundjob.h"
#include "ui/document/scenariodocument.h"

#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>
#include <type_traits>
#include <utility>

namespace pipeplan {

/// What the person chose, read off the widgets once so the edit is a plain function of it.
struct TraceChoices
{
    enum class Statistic
    {
        Mean,
        P50,
        P90
    };
    enum class Target
    {
        ModelStages,
        Training
    };
    struct Stage
    {
        const trace::SpanStats *span = nullptr; ///< nullptr: keep the stage's time
        bool perItem = false;
    };

    Statistic statistic = Statistic::P50;
    Target target = Target::ModelStages;
    std::vector<Stage> stages; ///< by scenario stage; the scoring stage's is always empty
    const trace::SpanStats *latency = nullptr;
    std::array<const trace::SpanStats *, 3> training{}; ///< F, B, W

    bool any() const
    {
        if (target == Target::Training)
            return std::any_of(training.begin(), training.end(),
                               [](const trace::SpanStats *span) { return span != nullptr; });
        return latency != nullptr ||
               std::any_of(stages.begin(), stages.end(),
                           [](const Stage &choice) { return choice.span != nullptr; });
    }
};

namespace {

using Statistic = TraceChoices::Statistic;
using Target = TraceChoices::Target;

// The reader reports bytes into BackgroundJob's progress counter as they are the same atomic.
static_assert(std::is_same_v<qint64, long long>);

/// The table's numbers sort by value, not by their grouped text.
constexpr int kSortRole = Qt::UserRole + 1;
/// Progress bar steps: fine enough that a 200 MB file moves every few MB.
constexpr int kProgressSteps = 1000;
/// Span names run long (PyTorch's "aten::convolution_backward"): combos show this many
/// characters and the full name in their tooltip.
constexpr int kSpanBoxChars = 28;

double statisticMs(const trace::SpanStats &span, Statistic statistic)
{
    switch (statistic) {
    case Statistic::Mean:
        return span.meanMs;
    case Statistic::P50:
        return span.p50Ms;
    case Statistic::P90:
        return span.p90Ms;
    }
    return span.p50Ms;
}

QString statisticName(Statistic statistic)
{
    switch (statistic) {
    case Statistic::Mean:
        return QStringLiteral("mean");
    case Statistic::P50:
        return QStringLiteral("P50");
    case Statistic::P90:
        return QStringLiteral("P90");
    }
    return {};
}

/// A time in a mapping line: enough digits to reproduce what was set to the microsecond.
QString msText(double ms)
{
    return format::trimmed(ms, 4) + QStringLiteral(" ms");
}

/// Training times from a span: one value per device when its lanes are the devices (each lane's
/// mean: the reader keeps no percentiles per lane), else the span's statistic for every device.
std::vector<double> trainingMs(const trace::SpanStats &span, Statistic statistic, double devices)
{
    if (static_cast<double>(span.lanes.size()) == devices && span.lanes.size() > 1) {
        // Lanes come ordered by (pid, tid): rank 0 is the first.
        std::vector<double> perDevice;
        perDevice.reserve(span.lanes.size());
        for (const trace::LaneStats &lane : span.lanes)
            perDevice.push_back(lane.meanMs);
        return perDevice;
    }
    return {statisticMs(span, statistic)};
}

QString trainingLine(const QString &target, const trace::SpanStats &span, Statistic statistic,
                     const std::vector<double> &ms, double devices)
{
    if (ms.size() > 1) {
        QStringList values;
        for (double value : ms)
            values << format::trimmed(value, 4);
        return QStringLiteral("%1 ← %2 mean per lane %3 ms (ranks 0–%4 by pid, tid)")
            .arg(target, span.name, values.join(QStringLiteral(", ")))
            .arg(ms.size() - 1);
    }
    return QStringLiteral("%1 ← %2 %3 %4 on every device (%5 lanes for %6 devices)")
        .arg(target, span.name, statisticName(statistic), msText(ms.front()))
        .arg(span.lanes.size())
        .arg(format::plainNumber(devices));
}

/// Sets what `choices` maps in `scenario` and returns one line per target set (the record kept
/// in MeasuredSettings::traceMapping).
QStringList applyChoices(Scenario &scenario, const TraceChoices &choices)
{
    QStringList lines;
    if (choices.target == Target::Training) {
        TrainingSettings &training = scenario.training;
        const std::array<std::vector<double> *, 3> fields{&training.forwardMs, &training.backwardMs,
                                                          &training.weightMs};
        const std::array<QString, 3> names{QStringLiteral("F"), QStringLiteral("B"),
                                           QStringLiteral("W")};
        for (size_t i = 0; i < fields.size(); ++i) {
            const trace::SpanStats *span = choices.training[i];
            if (!span)
                continue;
            std::vector<double> ms = trainingMs(*span, choices.statistic, training.devices);
            lines << trainingLine(names[i], *span, choices.statistic, ms, training.devices);
            *fields[i] = std::move(ms);
        }
        return lines;
    }
    const double items = scenario.workload.predictionsPerUser;
    for (size_t i = 0; i < choices.stages.size() && i < scenario.stages.size(); ++i) {
        const TraceChoices::Stage &choice = choices.stages[i];
        Stage &stage = scenario.stages[i];
        if (!choice.span || stage.isScoring)
            continue;
        const double ms = statisticMs(*choice.span, choices.statistic);
        const QString source =
            QStringLiteral("%1 ← %2 %3 ")
                .arg(stage.name, choice.span->name, statisticName(choices.statistic));
        if (choice.perItem) {
            stage.msPerUser = ms * items;
            lines << source +
                         QStringLiteral("%1 per item × %2 = %3 per user")
                             .arg(msText(ms), format::plainNumber(items), msText(stage.msPerUser));
        } else {
            stage.msPerUser = ms;
            lines << source + msText(ms) + QStringLiteral(" per user");
        }
    }
    if (choices.latency) {
        scenario.workload.latencyMs = statisticMs(*choices.latency, choices.statistic);
        lines << QStringLiteral("latency ← %1 %2 %3 per prediction")
                     .arg(choices.latency->name, statisticName(choices.statistic),
                          msText(scenario.workload.latencyMs));
    }
    return lines;
}

/// A file's size as a person reads it in a dialog: "850 kB", "20.6 MB" (decimal units, as
/// file managers show them).
QString fileSizeText(qint64 bytes)
{
    const auto size = static_cast<double>(bytes);
    if (size < 1e6)
        return format::trimmed(size / 1e3, 1) + QStringLiteral(" kB");
    return format::grouped(size / 1e6, 1) + QStringLiteral(" MB");
}

QLabel *wrappedLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

TraceDialog::TraceDialog(ScenarioDocument *document, QWidget *parent)
    : QDialog(parent), m_document(document), m_job(new BackgroundJob(this)),
      m_file(wrappedLabel(this)), m_counts(wrappedLabel(this)), m_warning(wrappedLabel(this)),
      m_progress(new QProgressBar(this)), m_stop(new QPushButton(tr("&Stop reading"), this)),
      m_filter(new QLineEdit(this)), m_spanModel(new QStandardItemModel(0, 6, this)),
      m_spanProxy(new QSortFilterProxyModel(this)), m_spans(new QTableView(this)),
      m_statistic(new QComboBox(this)), m_target(new QComboBox(this)),
      m_targetPages(new QStackedWidget(this)), m_message(wrappedLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Apply | QDialogButtonBox::Cancel, this)),
      m_apply(m_buttons->button(QDialogButtonBox::Apply))
{
    setWindowTitle(tr("Import Trace"));
    setAccessibleName(tr("Import trace"));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(buildSummaryBox());
    layout->addWidget(buildSpanBox(), 1);
    layout->addWidget(buildMappingBox());
    m_message->setObjectName(QStringLiteral("message"));
    m_message->setAccessibleName(tr("Message"));
    m_message->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_message->setVisible(false);
    layout->addWidget(m_message);

    m_apply->setDefault(true);
    m_apply->setAutoDefault(true);
    m_apply->setToolTip(tr("Set the chosen times as one undoable edit, and record the trace, when "
                           "it was read and what it set (Enter)"));
    m_buttons->button(QDialogButtonBox::Cancel)
        ->setToolTip(tr("Close without changing the plan (Esc)"));
    layout->addWidget(m_buttons);
    connect(m_apply, &QPushButton::clicked, this, &TraceDialog::applyMapping);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &TraceDialog::reject);

    connect(m_job, &BackgroundJob::progress, this, [this](double fraction) {
        m_progress->setValue(static_cast<int>(std::clamp(fraction, 0.0, 1.0) * kProgressSteps));
    });
    connect(m_stop, &QPushButton::clicked, this, &TraceDialog::stopReading);
    updateState();
}

TraceDialog::~TraceDialog()
{
    // Deleting the job cancels the read and joins its thread before the widgets go.
    delete m_job;
}

QWidget *TraceDialog::buildSummaryBox()
{
    auto *box = new QGroupBox(tr("Trace"), this);
    auto *layout = new QVBoxLayout(box);
    m_file->setAccessibleName(tr("Trace file"));
    m_counts->setAccessibleName(tr("Events and duration"));
    layout->addWidget(m_file);
    layout->addWidget(m_counts);
    auto *progressRow = new QHBoxLayout;
    m_progress->setRange(0, kProgressSteps);
    m_progress->setAccessibleName(tr("Bytes read"));
    m_progress->setToolTip(tr("Share of the file's bytes read so far"));
    m_stop->setObjectName(QStringLiteral("stopReading"));
    m_stop->setToolTip(tr("Stop reading the trace (the plan is not changed)"));
    m_stop->setAutoDefault(false);
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_stop);
    layout->addLayout(progressRow);
    m_warning->setAccessibleName(tr("Warnings"));
    m_warning->setStyleSheet(QStringLiteral("color: #b35900;"));
    m_warning->setVisible(false);
    layout->addWidget(m_warning);
    return box;
}

QWidget *TraceDialog::buildSpanBox()
{
    auto *box = new QGroupBox(tr("Spans"), this);
    auto *layout = new QVBoxLayout(box);
    auto *filterRow = new QHBoxLayout;
    auto *filterLabel = new QLabel(tr("&Filter"), box);
    filterLabel->setBuddy(m_filter);
    m_filter->setObjectName(QStringLiteral("filter"));
    m_filter->setAccessibleName(tr("Filter spans"));
    m_filter->setPlaceholderText(tr("Text or regular expression"));
    m_filter->setToolTip(tr("Show the spans whose name contains this text or matches this regular "
                            "expression (case-insensitive)"));
    m_filter->setClearButtonEnabled(true);
    filterRow->addWidget(filterLabel);
    filterRow->addWidget(m_filter, 1);
    layout->addLayout(filterRow);

    m_spanModel->setHorizontalHeaderLabels({tr("Name"), tr("Count"), tr("Total (ms)"),
                                            tr("Mean (ms)"), tr("P50 (ms)"), tr("P90 (ms)")});
    m_spanProxy->setSourceModel(m_spanModel);
    m_spanProxy->setSortRole(kSortRole);
    m_spanProxy->setFilterKeyColumn(0);
    m_spans->setObjectName(QStringLiteral("spans"));
    m_spans->setModel(m_spanProxy);
    m_spans->setAccessibleName(tr("Spans by total time"));
    m_spans->setToolTip(tr("Every span name in the trace: how often it ran and its times in "
                           "milliseconds, largest total first (click a header to sort)"));
    m_spans->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_spans->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_spans->verticalHeader()->setVisible(false);
    m_spans->setSortingEnabled(true);
    m_spans->sortByColumn(2, Qt::DescendingOrder);
    m_spans->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int column = 1; column < m_spanModel->columnCount(); ++column)
        m_spans->horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    m_spans->setMinimumHeight(160);
    layout->addWidget(m_spans);
    connect(m_filter, &QLineEdit::textChanged, this, &TraceDialog::applyFilter);
    return box;
}

QWidget *TraceDialog::buildMappingBox()
{
    auto *box = new QGroupBox(tr("Set from the trace"), this);
    auto *layout = new QVBoxLayout(box);
    auto *form = new QFormLayout;
    m_statistic->setObjectName(QStringLiteral("statistic"));
    m_statistic->addItem(tr("Mean"), static_cast<int>(Statistic::Mean));
    m_statistic->addItem(tr("P50 (median)"), static_cast<int>(Statistic::P50));
    m_statistic->addItem(tr("P90"), static_cast<int>(Statistic::P90));
    m_statistic->setCurrentIndex(1);
    m_statistic->setAccessibleName(tr("Statistic"));
    m_statistic->setToolTip(tr("Which of a span's durations sets a time: the mean, the median "
                               "(P50, robust to a few slow steps) or P90"));
    auto *statisticLabel = new QLabel(tr("S&tatistic"), box);
    statisticLabel->setBuddy(m_statistic);
    form->addRow(statisticLabel, m_statistic);
    m_target->setObjectName(QStringLiteral("target"));
    m_target->addItem(tr("Model stages"), static_cast<int>(Target::ModelStages));
    m_target->addItem(tr("Training F/B/W"), static_cast<int>(Target::Training));
    m_target->setAccessibleName(tr("Target"));
    m_target->setToolTip(tr("Set the Model's stage times and latency, or the Training tab's "
                            "forward, backward and weight times"));
    auto *targetLabel = new QLabel(tr("T&arget"), box);
    targetLabel->setBuddy(m_target);
    form->addRow(targetLabel, m_target);
    layout->addLayout(form);

    m_targetPages->addWidget(buildStagesPage());
    m_targetPages->addWidget(buildTrainingPage());
    layout->addWidget(m_targetPages);
    connect(m_target, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_targetPages->setCurrentIndex(index);
        updateState();
    });
    connect(m_statistic, &QComboBox::currentIndexChanged, this, &TraceDialog::updateState);
    return box;
}

QComboBox *TraceDialog::newSpanBox(const QString &objectName, const QString &accessibleName)
{
    auto *box = new QComboBox(this);
    box->setObjectName(objectName);
    box->setAccessibleName(accessibleName);
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(kSpanBoxChars);
    box->addItem(tr("keep"), -1);
    connect(box, &QComboBox::currentIndexChanged, this, [this, box]() {
        box->setToolTip(box->currentIndex() > 0 ? box->currentText()
                                                : tr("Keep the time the plan has now"));
        updateState();
    });
    box->setToolTip(tr("Keep the time the plan has now"));
    return box;
}

QWidget *TraceDialog::buildStagesPage()
{
    auto *page = new QWidget(this);
    auto *grid = new QGridLayout(page);
    grid->setContentsMargins(0, 0, 0, 0);
    const Scenario scenario = m_document ? m_document->scenario() : Scenario{};
    m_stageSpans.assign(scenario.stages.size(), nullptr);
    m_stageUnits.assign(scenario.stages.size(), nullptr);
    int row = 0;
    for (size_t i = 0; i < scenario.stages.size(); ++i) {
        const Stage &stage = scenario.stages[i];
        if (stage.isScoring)
            continue;
        auto *label = new QLabel(stage.name, page);
        QComboBox *span = newSpanBox(QStringLiteral("stageSpan%1").arg(i),
                                     tr("Span for stage %1").arg(stage.name));
        label->setBuddy(span);
        auto *unit = new QComboBox(page);
        unit->setObjectName(QStringLiteral("stageUnit%1").arg(i));
        unit->setAccessibleName(tr("Span unit for stage %1").arg(stage.name));
        unit->addItem(tr("ms per user"), false);
        unit->addItem(tr("ms per item (× %1 predictions per user)")
                          .arg(format::plainNumber(scenario.workload.predictionsPerUser)),
                      true);
        unit->setToolTip(tr("A span that runs once per user sets the stage's time as it is; one "
                            "that runs once per item is multiplied by the predictions per user"));
        grid->addWidget(label, row, 0);
        grid->addWidget(span, row, 1);
        grid->addWidget(unit, row, 2);
        m_stageSpans[i] = span;
        m_stageUnits[i] = unit;
        ++row;
    }
    auto *latencyLabel = new QLabel(tr("Latency per prediction (scoring)"), page);
    m_latencySpan =
        newSpanBox(QStringLiteral("latencySpan"), tr("Span for latency per prediction"));
    latencyLabel->setBuddy(m_latencySpan);
    latencyLabel->setToolTip(tr("The scoring stage's time comes from the workload: predictions per "
                                "user × latency per prediction (the accelerator lever, when on, "
                                "still replaces it)"));
    grid->addWidget(latencyLabel, row, 0);
    grid->addWidget(m_latencySpan, row, 1);
    grid->addWidget(new QLabel(tr("ms per prediction"), page), row, 2);
    grid->setColumnStretch(1, 1);
    return page;
}

QWidget *TraceDialog::buildTrainingPage()
{
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *form = new QFormLayout;
    const std::array<QString, 3> letters{QStringLiteral("F"), QStringLiteral("B"),
                                         QStringLiteral("W")};
    const std::array<QString, 3> labels{tr("&Forward F (ms)"), tr("&Backward B (ms)"),
                                        tr("&Weight W (ms)")};
    const std::array<QString, 3> names{tr("Span for forward F"), tr("Span for backward B"),
                                       tr("Span for weight gradient W")};
    for (size_t i = 0; i < letters.size(); ++i) {
        m_trainingSpans[i] = newSpanBox(QStringLiteral("trainingSpan") + letters[i], names[i]);
        auto *label = new QLabel(labels[i], page);
        label->setBuddy(m_trainingSpans[i]);
        form->addRow(label, m_trainingSpans[i]);
    }
    layout->addLayout(form);
    m_trainingNote = wrappedLabel(page);
    m_trainingNote->setObjectName(QStringLiteral("trainingNote"));
    m_trainingNote->setAccessibleName(tr("Per device or one value"));
    layout->addWidget(m_trainingNote);
    return page;
}

void TraceDialog::load(const QString &path)
{
    m_path = path;
    m_summary.reset();
    m_loading = true;
    const QFileInfo info(path);
    m_file->setText(tr("File: %1").arg(info.fileName()));
    m_file->setToolTip(info.absoluteFilePath());
    m_counts->setText(tr("Reading %1…").arg(fileSizeText(info.size())));
    m_warning->clear();
    m_warning->setVisible(false);
    m_message->clear();
    m_message->setVisible(false);
    m_progress->setValue(0);
    m_progress->setVisible(true);
    m_stop->setVisible(true);
    m_spanModel->removeRows(0, m_spanModel->rowCount());
    fillSpanBoxes();
    updateState();

    struct Outcome
    {
        std::optional<trace::Summary> summary;
        QString error;
    };
    auto outcome = std::make_shared<Outcome>();
    m_job->start(
        [outcome, path](simulation::Control &control) {
            trace::Options options;
            options.cancel = &control.cancel;
            options.bytesRead = &control.trialsDone;
            outcome->summary = trace::readFile(path, options, &outcome->error);
        },
        std::max<qint64>(info.size(), 1),
        [this, outcome]() {
            m_loading = false;
            m_readAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
            if (outcome->summary) {
                m_summary = std::move(outcome->summary);
                showSummary();
            } else {
                showLoadError(outcome->error);
            }
        });
}

bool TraceDialog::isLoading() const
{
    return m_loading;
}

QString TraceDialog::message() const
{
    return m_message->text();
}

QString TraceDialog::warning() const
{
    return m_warning->text();
}

void TraceDialog::reject()
{
    stopReading();
    QDialog::reject();
}

void TraceDialog::stopReading()
{
    if (!m_loading)
        return;
    m_job->cancel();
    m_loading = false;
    showLoadError(tr("Reading stopped; nothing was imported."));
}

void TraceDialog::showLoadError(const QString &error)
{
    m_progress->setVisible(false);
    m_stop->setVisible(false);
    m_counts->setText(tr("Not read."));
    m_message->setText(error);
    m_message->setVisible(true);
    updateState();
}

void TraceDialog::showSummary()
{
    const trace::Summary &summary = *m_summary;
    m_progress->setVisible(false);
    m_stop->setVisible(false);
    m_counts->setText(
        tr("%1 over %2, %3")
            .arg(format::plural(tr("%n event(s)", nullptr,
                                   format::numerus(static_cast<double>(summary.events))),
                                static_cast<double>(summary.events)),
                 format::milliseconds(summary.durationMs),
                 format::plural(tr("%n span name(s)", nullptr,
                                   format::numerus(static_cast<double>(summary.spans.size()))),
                                static_cast<double>(summary.spans.size()))));
    QStringList warnings;
    if (summary.truncated)
        warnings << tr("Truncated: the times below come only from the part of the file before "
                       "the cut.");
    for (const QString &note : summary.notes)
        warnings << QStringLiteral("• ") + note;
    m_warning->setText(warnings.join(QLatin1Char('\n')));
    m_warning->setVisible(!warnings.isEmpty());
    fillSpanTable();
    fillSpanBoxes();
    updateState();
}

void TraceDialog::fillSpanTable()
{
    m_spanModel->removeRows(0, m_spanModel->rowCount());
    if (!m_summary)
        return;
    m_spans->setSortingEnabled(false); // one sort after the rows, not one per row
    for (const trace::SpanStats &span : m_summary->spans) {
        QList<QStandardItem *> row;
        auto *name = new QStandardItem(span.name);
        name->setData(span.name, kSortRole);
        name->setToolTip(span.name);
        row << name;
        auto *count = new QStandardItem(format::grouped(span.count, 0));
        count->setData(span.count, kSortRole);
        row << count;
        for (double ms : {span.totalMs, span.meanMs, span.p50Ms, span.p90Ms}) {
            auto *item = new QStandardItem(format::fixedOrBelow(ms, 3));
            item->setData(ms, kSortRole);
            row << item;
        }
        for (qsizetype c = 1; c < row.size(); ++c)
            row[c]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_spanModel->appendRow(row);
    }
    m_spans->setSortingEnabled(true);
    m_spans->sortByColumn(2, Qt::DescendingOrder);
}

void TraceDialog::fillSpanBoxes()
{
    std::vector<QComboBox *> boxes;
    for (QComboBox *box : m_stageSpans)
        if (box)
            boxes.push_back(box);
    boxes.push_back(m_latencySpan);
    boxes.insert(boxes.end(), m_trainingSpans.begin(), m_trainingSpans.end());
    for (QComboBox *box : boxes) {
        const QSignalBlocker blocker(box);
        while (box->count() > 1)
            box->removeItem(1);
        if (!m_summary)
            continue;
        for (size_t i = 0; i < m_summary->spans.size(); ++i) {
            const trace::SpanStats &span = m_summary->spans[i];
            box->addItem(span.name, static_cast<int>(i));
            box->setItemData(
                box->count() - 1,
                tr("%1: %2 runs in %3, P50 %4 ms")
                    .arg(span.name, format::grouped(span.count, 0),
                         format::plural(tr("%n lane(s)", nullptr,
                                           format::numerus(static_cast<double>(span.lanes.size()))),
                                        static_cast<double>(span.lanes.size())),
                         format::trimmed(span.p50Ms, 3)),
                Qt::ToolTipRole);
        }
        box->setCurrentIndex(0);
    }
}

void TraceDialog::applyFilter(const QString &text)
{
    QRegularExpression pattern(text, QRegularExpression::CaseInsensitiveOption);
    // A half-typed pattern ("conv(") still filters, as plain text.
    if (!pattern.isValid())
        pattern.setPattern(QRegularExpression::escape(text));
    m_spanProxy->setFilterRegularExpression(pattern);
}

const trace::SpanStats *TraceDialog::chosenSpan(const QComboBox *box) const
{
    if (!box || !m_summary)
        return nullptr;
    const int index = box->currentData().toInt();
    if (index < 0 || std::cmp_greater_equal(index, m_summary->spans.size()))
        return nullptr;
    return &m_summary->spans[static_cast<size_t>(index)];
}

TraceChoices TraceDialog::choices() const
{
    TraceChoices choices;
    choices.statistic = static_cast<Statistic>(m_statistic->currentData().toInt());
    choices.target = static_cast<Target>(m_target->currentData().toInt());
    choices.latency = chosenSpan(m_latencySpan);
    choices.stages.resize(m_stageSpans.size());
    for (size_t i = 0; i < m_stageSpans.size(); ++i) {
        choices.stages[i].span = chosenSpan(m_stageSpans[i]);
        choices.stages[i].perItem = m_stageUnits[i] && m_stageUnits[i]->currentData().toBool();
    }
    for (size_t i = 0; i < m_trainingSpans.size(); ++i)
        choices.training[i] = chosenSpan(m_trainingSpans[i]);
    return choices;
}

void TraceDialog::updateState()
{
    const TraceChoices choices = this->choices();
    m_apply->setEnabled(!m_loading && m_summary.has_value() && m_document && choices.any());

    if (!m_trainingNote)
        return;
    const double devices = m_document ? m_document->scenario().training.devices : 0;
    QStringList notes;
    const std::array<QString, 3> letters{QStringLiteral("F"), QStringLiteral("B"),
                                         QStringLiteral("W")};
    for (size_t i = 0; i < choices.training.size(); ++i) {
        const trace::SpanStats *span = choices.training[i];
        if (!span)
            continue;
        const std::vector<double> ms = trainingMs(*span, choices.statistic, devices);
        notes << (ms.size() > 1
                      ? tr("%1: %2 lanes for %3 devices: one time per device, each lane's mean "
                           "(lanes by pid, tid as ranks 0–%4)")
                            .arg(letters[i])
                            .arg(span->lanes.size())
                            .arg(format::plainNumber(devices))
                            .arg(ms.size() - 1)
                      : tr("%1: %2 lanes for %3 devices: the %4 over all lanes, %5 ms, for every "
                           "device")
                            .arg(letters[i])
                            .arg(span->lanes.size())
                            .arg(format::plainNumber(devices))
                            .arg(statisticName(choices.statistic), format::trimmed(ms.front(), 3)));
    }
    m_trainingNote->setText(notes.isEmpty()
                                ? tr("A span whose lanes (pid, tid) number the devices (%1) gives "
                                     "one time per device; otherwise one time for all.")
                                      .arg(format::plainNumber(devices))
                                : notes.join(QLatin1Char('\n')));
}

void TraceDialog::applyMapping()
{
    if (!m_document || !m_summary || m_loading)
        return;
    const TraceChoices choices = this->choices();
    if (!choices.any())
        return;

    Scenario after = m_document->scenario();
    QStringList lines = applyChoices(after, choices);
    after.measured.traceFile = QFileInfo(m_path).absoluteFilePath();
    after.measured.traceReadAt = m_readAt;
    after.measured.traceMapping = std::move(lines);
    // The core's own check names the field, so the refusal reads as it would anywhere else.
    if (const std::vector<FieldError> errors = validate(after); !errors.empty()) {
        QStringList reasons;
        for (const FieldError &error : errors)
            reasons << error.toString();
        m_message->setText(tr("Not applied: %1").arg(reasons.join(QStringLiteral("; "))));
        m_message->setVisible(true);
        return;
    }
    if (!m_document->edit(after, tr("Import trace %1").arg(QFileInfo(m_path).fileName()))) {
        m_message->setText(tr("Not applied: the plan refused the change."));
        m_message->setVisible(true);
        return;
    }
    accept();
}

} // namespace pipeplan
