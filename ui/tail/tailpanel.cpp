#include "ui/tail/tailpanel.h"

#include "core/base/format.h"
#include "core/plan/explain.h"
#include "ui/document/scenariobindings.h"
#include "ui/document/scenariodocument.h"
#include "ui/model/overheadchart.h"
#include "ui/tail/histogramchart.h"
#include "ui/tail/sensitivityview.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/valuecontrol.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace pipeplan {

namespace {
using Scale = ValueControl::Scale;
constexpr auto config = &ValueControl::makeConfig;
constexpr auto countConfig = &ValueControl::makeCount;
constexpr auto optionalConfig = &ValueControl::makeOptional;

QWidget *titled(const QString &title, QWidget *content, QWidget *parent)
{
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(2, 2, 2, 2);
    auto *label = new QLabel(QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped()), box);
    layout->addWidget(label);
    layout->addWidget(content, 1);
    return box;
}

} // namespace

TailPanel::TailPanel(QWidget *parent)
    : WorkspacePanel(Section::Model | Section::Tail, parent), m_debounce(new QTimer(this)),
      m_showProgress(new QTimer(this))
{
    QScrollArea *inputs = buildInputs();
    QWidget *overheadView = buildOverheadView();
    QWidget *simulationView = buildSimulationView();
    buildGoalTable();
    layOut(inputs, buildViews(overheadView, simulationView));
    connectInputs();
    connectSimulation();
}

/// The inputs column, scrolling. The groups bind their controls in this order, which is the
/// order the control accessors (workersControl(), ...) count in.
QScrollArea *TailPanel::buildInputs()
{
    auto *inputs = new QWidget(this);
    auto *inputsLayout = new QVBoxLayout(inputs);
    inputsLayout->addWidget(buildScaleOutGroup(inputs));
    inputsLayout->addWidget(buildOverheadsGroup(inputs));
    inputsLayout->addWidget(buildMemoryGroup(inputs));
    inputsLayout->addWidget(buildSimulationGroup(inputs));
    inputsLayout->addWidget(buildGoalGroup(inputs));
    inputsLayout->addStretch(1);

    auto *inputsScroll = new QScrollArea(this);
    inputsScroll->setWidget(inputs);
    inputsScroll->setWidgetResizable(true);
    inputsScroll->setFrameShape(QFrame::NoFrame);
    inputsScroll->setMinimumWidth(inputs->minimumSizeHint().width() + 24);
    inputsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    return inputsScroll;
}

/// The scale-out inputs again: this workspace replaces the Model tab's inputs panel.
QGroupBox *TailPanel::buildScaleOutGroup(QWidget *parent)
{
    auto *scaleBox = new QGroupBox(tr("Scale-out"), parent);
    auto *scale = new QFormLayout(scaleBox);
    m_bound->bind(
        scale, scaleBox,
        {{tr("Workers"), tr("Parallel workers; the same value as on the Model tab."),
          countConfig(1, 1e6, Scale::Log, [](int n) { return tr("%n worker(s)", nullptr, n); }),
          tr("Change workers"), field(&Scenario::workload, &Workload::workers)},
         {tr("Parallel fraction p"), tr("Amdahl's p: the share of the work that spreads."),
          config(0, 1, Scale::Linear, 4, QString()), tr("Change parallel fraction"),
          field(&Scenario::workload, &Workload::parallelFraction)}});

    return scaleBox;
}

/// Overheads: each off until ticked, each with a line on what it models.
QGroupBox *TailPanel::buildOverheadsGroup(QWidget *parent)
{
    auto *overheadBox = new QGroupBox(tr("Overheads (tick to include)"), parent);
    auto *overheads = new QFormLayout(overheadBox);
    m_bound->bind(
        overheads, overheadBox,
        {{tr("Cold start"), tr("Model load and warm-up, once per worker, before its first user."),
          optionalConfig(config(0.1, 36'000, Scale::Log, 1, tr(" s")), QString()),
          tr("Change cold start"), field(&Scenario::overheads, &Overheads::coldStartSeconds)},
         {tr("Request overhead"),
          tr("Network and serialization per request: one per scored item when batched, else one "
             "per prediction."),
          optionalConfig(config(0.01, 10'000, Scale::Log, 2, tr(" ms")), QString()),
          tr("Change request overhead"),
          field(&Scenario::overheads, &Overheads::requestOverheadMs)},
         {tr("Shared cap"),
          tr("A feature store or object store serves at most this many users/s across all "
             "workers."),
          optionalConfig(config(1, 1e9, Scale::Log, 0, tr(" users/s")), QString()),
          tr("Change shared cap"), field(&Scenario::overheads, &Overheads::sharedCapPerSecond)}});
    // "1 user/s", "2 users/s": the job's noun by the count, whichever noun it counts.
    sharedCapControl()->setCounted(
        [this](int n) { return m_noun.plainCount(n) + QStringLiteral("/s"); });
    m_sharedName = new QLineEdit(overheadBox);
    m_sharedName->setMaxLength(80);
    m_sharedName->setToolTip(tr("What the shared resource is called in the chart and the text."));
    overheads->addRow(tr("Shared resource"), m_sharedName);
    m_bound->bind(
        overheads, overheadBox,
        {{tr("Dispatch cap"),
          tr("A single coordinator hands out at most this many shards per second."),
          optionalConfig(config(0.01, 1e6, Scale::Log, 2, tr(" shards/s")), QString()),
          tr("Change dispatch cap"), field(&Scenario::overheads, &Overheads::dispatchCapPerSecond)},
         {tr("Users per shard"),
          tr("How the job is cut into shards for the coordinator and the simulation."),
          countConfig(1, 1e9, Scale::Log, [this](int n) { return m_noun.plainCount(n); }),
          tr("Change users per shard"), field(&Scenario::overheads, &Overheads::usersPerShard)}});
    // Each overhead takes a range: "200..600" seconds of cold start.

    return overheadBox;
}

QGroupBox *TailPanel::buildMemoryGroup(QWidget *parent)
{
    auto *memoryBox = new QGroupBox(tr("Memory cap on batching"), parent);
    auto *memory = new QFormLayout(memoryBox);
    m_bound->bind(
        memory, memoryBox,
        {{tr("Accelerator memory"), tr("Device memory (VRAM): tick to check the batch."),
          optionalConfig(config(1, 1024, Scale::Log, 1, tr(" GiB")), QString()),
          tr("Change accelerator memory"),
          field(&Scenario::memory, &MemoryLimit::acceleratorMemoryBytes)},
         {tr("Model size"), tr("Weights and runtime the model keeps on the device."),
          config(0, 1024, Scale::Linear, 2, tr(" GiB")), tr("Change model size"),
          field(&Scenario::memory, &MemoryLimit::modelBytes)},
         {tr("Memory per item"), tr("Activations and buffers one batched item needs."),
          config(0.001, 65'536, Scale::Log, 3, tr(" MiB")), tr("Change memory per item"),
          field(&Scenario::memory, &MemoryLimit::bytesPerItem)},
         {tr("Batch size"), tr("Items per batch; unticked, one user's predictions form the batch."),
          optionalConfig(
              countConfig(1, 1e6, Scale::Log, [](int n) { return tr("%n item(s)", nullptr, n); }),
              QString()),
          tr("Change batch size"), field(&Scenario::memory, &MemoryLimit::batchItems)}});
    m_memory = new QLabel(memoryBox);
    m_memory->setWordWrap(true);
    memory->addRow(m_memory);
    return memoryBox;
}

/// The simulation's own knobs.
QGroupBox *TailPanel::buildSimulationGroup(QWidget *parent)
{
    auto *simBox = new QGroupBox(tr("Simulation"), parent);
    auto *sim = new QFormLayout(simBox);
    // A chance that is off is 0 in the plan: off until the person ticks it, like an overhead.
    using Chance = double SimulationSettings::*;
    const auto chance = [](Chance member) {
        return ScenarioField{
            [member](const Scenario &s) -> std::optional<double> {
                const double p = s.simulation.*member;
                return p > 0 ? std::optional<double>(p) : std::nullopt;
            },
            [member](Scenario &s, std::optional<double> p) {
                s.simulation.*member = p.value_or(0);
            },
            [member](const Scenario &s) -> const void * { return &(s.simulation.*member); }};
    };
    m_bound->bind(
        sim, simBox,
        {{.label = tr("Straggler chance"),
          .explanation = tr("Tick to simulate stragglers: chance q that a shard runs "
                            "slow. Off: none (the closed form's job)."),
          .control = optionalConfig(config(0.0001, 0.99, Scale::Linear, 4, QString()), QString()),
          .undoText = tr("Change straggler chance"),
          .field = chance(&SimulationSettings::stragglerProbability),
          // Ticked on, it starts at seed 000's 1 % of shards.
          .offValue = [](const Scenario &) { return 0.01; },
          .onText = tr("Simulate stragglers"),
          .offText = tr("No stragglers")},
         {tr("Straggler slowdown"), tr("A straggler takes k times as long."),
          config(1, 100, Scale::Log, 2, tr("×")), tr("Change straggler slowdown"),
          field(&Scenario::simulation, &SimulationSettings::stragglerFactor)},
         {.label = tr("Failure chance"),
          .explanation = tr("Tick to simulate failures: chance f that an attempt fails "
                            "at a random point and is retried at once."),
          .control = optionalConfig(config(0.0001, 0.99, Scale::Linear, 4, QString()), QString()),
          .undoText = tr("Change failure chance"),
          .field = chance(&SimulationSettings::failureProbability),
          .offValue = [](const Scenario &) { return 0.01; },
          .onText = tr("Simulate failures"),
          .offText = tr("No failures")},
         {tr("Checkpoint every"),
          tr("Seconds of work between checkpoints; a retry resumes from the last one."),
          optionalConfig(config(1, 1e6, Scale::Log, 0, tr(" s")), QString()),
          tr("Change checkpoint interval"),
          field(&Scenario::simulation, &SimulationSettings::checkpointSeconds)},
         {tr("Checkpoint cost"), tr("Seconds each checkpoint takes to write."),
          config(0, 600, Scale::Linear, 1, tr(" s")), tr("Change checkpoint cost"),
          field(&Scenario::simulation, &SimulationSettings::checkpointCostSeconds)}});
    m_backups = new QCheckBox(tr("What-if: backup copies of slow shards"), simBox);
    m_backups->setToolTip(tr("Once the queue is empty, free workers start copies of the shards "
                             "that will end last; a shard ends with its first copy."));
    sim->addRow(m_backups);
    m_bound->bind(sim, simBox,
                  {{tr("Trials"), tr("Simulated runs of the whole job."),
                    config(1, 100'000, Scale::Log, 0, QString()), tr("Change trials"),
                    field(&Scenario::simulation, &SimulationSettings::trials)},
                   {tr("Seed"), tr("The same seed gives the same percentiles on any machine."),
                    config(0, 1e6, Scale::Linear, 0, QString()), tr("Change seed"),
                    field(&Scenario::simulation, &SimulationSettings::seed)}});
    return simBox;
}

/// The goal seek: what a worker costs and how hard it searches. Its deadline is the plan's one,
/// set under Model > Goal only: the line beside the goal table's tab says which.
QGroupBox *TailPanel::buildGoalGroup(QWidget *parent)
{
    auto *goalBox = new QGroupBox(tr("Goal seek"), parent);
    auto *goal = new QFormLayout(goalBox);
    m_bound->bind(
        goal, goalBox,
        {{tr("Price"), tr("Price of one worker for one hour, for the cost column."),
          config(0, 100, Scale::Linear, 2, tr(" /worker-h")), tr("Change price"),
          field(&Scenario::goal, &GoalSettings::pricePerWorkerHour)},
         {tr("Trials per try"), tr("Simulated trials at each worker count the seek tries."),
          config(10, 10'000, Scale::Log, 0, QString()), tr("Change goal trials"),
          field(&Scenario::goal, &GoalSettings::trials)}});

    // The price's currency: the cost column and the report write "$18,055.56", not a bare number.
    m_currency = new QComboBox(goalBox);
    m_currency->setEditable(true);
    m_currency->setInsertPolicy(QComboBox::NoInsert);
    m_currency->addItems({QStringLiteral("USD"), QStringLiteral("EUR"), QStringLiteral("GBP"),
                          QStringLiteral("JPY"), QStringLiteral("INR"), QStringLiteral("CNY"),
                          QStringLiteral("CHF"), QStringLiteral("CAD"), QStringLiteral("AUD")});
    m_currency->setToolTip(tr("The price's currency as an ISO 4217 code (USD, EUR, GBP, ...)."));
    m_currency->setAccessibleName(tr("Currency"));
    m_currencyProblem = new QLabel(goalBox);
    m_currencyProblem->setWordWrap(true);
    m_currencyProblem->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_currencyProblem->setVisible(false);
    goal->addRow(tr("Currency"), m_currency);
    goal->addRow(QString(), m_currencyProblem);
    return goalBox;
}

/// The knee and the shared-resource line above the runtime-against-workers chart.
QWidget *TailPanel::buildOverheadView()
{
    m_knee = new QLabel(this);
    m_knee->setWordWrap(true);
    m_share = explanationLabel(QString(), this);
    m_overheadChart = new OverheadChart(this);
    auto *overheadView = new QWidget(this);
    auto *overheadLayout = new QVBoxLayout(overheadView);
    overheadLayout->setContentsMargins(0, 0, 0, 0);
    overheadLayout->addWidget(m_knee);
    overheadLayout->addWidget(m_share);
    overheadLayout->addWidget(m_overheadChart, 1);
    return overheadView;
}

/// The simulation's summary, breakdown, progress and histogram.
QWidget *TailPanel::buildSimulationView()
{
    m_histogram = new HistogramChart(this);
    m_summary = new QLabel(this);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_breakdown = new QLabel(this);
    m_breakdown->setObjectName(QStringLiteral("tailBreakdown"));
    m_breakdown->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_breakdown->setToolTip(
        tr("Each cause added to the job in turn, in this order, and the change it makes to the "
           "simulated P50 and P90 (same seed and trials, so the steps add up exactly). Whole "
           "shards: the job's ceil(shards / workers) rounds against the headline's smooth model."));
    m_status = explanationLabel(QString(), this);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setVisible(false);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(tr("Stop the simulation (Esc)"));
    m_cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancel->setVisible(false);
    auto *progressRow = new QHBoxLayout;
    progressRow->addWidget(m_status, 1);
    progressRow->addWidget(m_progress);
    progressRow->addWidget(m_cancel);
    auto *simView = new QWidget(this);
    auto *simLayout = new QVBoxLayout(simView);
    simLayout->setContentsMargins(0, 0, 0, 0);
    simLayout->addWidget(m_summary);
    simLayout->addWidget(m_breakdown);
    simLayout->addLayout(progressRow);
    simLayout->addWidget(m_histogram, 1);
    return simView;
}

void TailPanel::buildGoalTable()
{
    m_goalTable = new QTableWidget(0, 5, this);
    m_goalTable->setHorizontalHeaderLabels(
        {tr("Model"), tr("Fewest workers"), tr("Finishes in"), tr("Cost"), tr("Why not")});
    m_goalTable->verticalHeader()->setVisible(false);
    m_goalTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_goalTable->horizontalHeader()->setStretchLastSection(true);
    // The reason ("Amdahl's ceiling: the serial 2% alone takes ...") wraps whole in the room the
    // other columns leave: one line of it was wider than a laptop's window.
    m_goalTable->setWordWrap(true);
    m_goalTable->setTextElideMode(Qt::ElideNone);
    m_goalTable->setProperty(appearance::kWrapsLastColumn, true);
    m_goalTable->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    connect(m_goalTable->verticalHeader(), &QHeaderView::sectionResized, this,
            &TailPanel::fitGoalTableHeight);
    // Headers over a blank box said nothing of what fills them (the default plan has no
    // deadline): the empty table says it in one line.
    m_goalEmpty = new QLabel(m_goalTable->viewport());
    m_goalEmpty->setObjectName(QStringLiteral("goalEmpty"));
    m_goalEmpty->setWordWrap(true);
    m_goalEmpty->setAlignment(Qt::AlignCenter);
    auto *emptyLayout = new QVBoxLayout(m_goalTable->viewport());
    emptyLayout->addWidget(m_goalEmpty);
}

void TailPanel::showGoalEmpty()
{
    const bool empty = m_goalTable->rowCount() == 0;
    m_goalTable->horizontalHeader()->setVisible(!empty);
    m_goalEmpty->setVisible(empty);
    if (!empty || !m_document)
        return;
    if (m_document->scenario().goal.deadlineSeconds) {
        m_goalEmpty->setText(tr("Finding the fewest workers that meet the deadline…"));
        return;
    }
    // With the inputs hidden (presentation mode) it names the key that shows them.
    m_goalEmpty->setText(
        inputsVisible()
            ? tr("No deadline: set Finish within on the Model tab to see the fewest workers "
                 "that meet it.")
            : tr("No deadline: Ctrl+Shift+I shows the inputs; set Finish within on the Model "
                 "tab to see the fewest workers that meet it."));
}

/// The deadline the goal seek plans for, with "Set a deadline…" while there is none: beside the
/// tabs, so the goal table keeps its height for every row on a 1366x768 laptop.
QWidget *TailPanel::buildGoalCorner()
{
    auto *corner = new QWidget(this);
    auto *line = new QHBoxLayout(corner);
    line->setContentsMargins(8, 0, 0, 0);
    m_goalDeadline = new QLabel(corner);
    m_goalDeadline->setObjectName(QStringLiteral("goalDeadline"));
    line->addWidget(m_goalDeadline);
    m_setDeadline = new QPushButton(tr("Set a deadline…"), corner);
    m_setDeadline->setToolTip(tr("Turn on the plan's deadline under Model > Goal"));
    m_setDeadline->setVisible(false);
    connect(m_setDeadline, &QPushButton::clicked, this, &TailPanel::deadlineRequested);
    line->addWidget(m_setDeadline);
    return corner;
}

void TailPanel::showGoalDeadline(const GoalSettings &goal)
{
    m_goalDeadline->setText(explain::goalSeekDeadline(goal));
    m_setDeadline->setVisible(!goal.deadlineSeconds);
    showGoalEmpty();
}

/// The charts side by side over the goal table.
QSplitter *TailPanel::buildViews(QWidget *overheadView, QWidget *simulationView)
{
    auto *charts = new QSplitter(Qt::Horizontal, this);
    charts->addWidget(
        titled(tr("Runtime against workers: naive and with overheads"), overheadView, this));
    charts->addWidget(titled(tr("Simulated completion time"), simulationView, this));
    auto *views = new QSplitter(Qt::Vertical, this);
    views->addWidget(charts);
    // The goal seek and, beside it, what drives the spread over the ranges.
    // Tabs, as each table needs the width to read at 1366x768.
    m_sensitivity = new SensitivityView(this);
    m_answers = new QTabWidget(this);
    m_answers->setDocumentMode(true);
    m_answers->addTab(m_goalTable, tr("Fewest workers to meet the deadline"));
    m_answers->setCornerWidget(buildGoalCorner(), Qt::TopRightCorner);
    m_answers->addTab(m_sensitivity, tr("What drives the spread"));
    m_answers->setTabToolTip(1, tr("The inputs given as ranges, ranked by their share of the "
                                   "runtime's spread"));
    views->addWidget(m_answers);
    views->setStretchFactor(0, 3);
    views->setStretchFactor(1, 1);
    return views;
}

void TailPanel::layOut(QScrollArea *inputs, QSplitter *views)
{
    auto *outer = new QHBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(inputs);
    split->addWidget(views);
    setInputsArea(inputs);
    split->setStretchFactor(1, 1);
    outer->addWidget(split);
}

/// The two inputs that are not numbers: the shared resource's name and the backups what-if.
void TailPanel::connectInputs()
{
    connect(m_sharedName, &QLineEdit::editingFinished, this, [this]() {
        const QString name = m_sharedName->text().trimmed();
        m_bound->edit(tr("Rename shared resource"),
                      [name](Scenario &s) { s.overheads.sharedResourceName = name; });
    });
    const auto commitCurrency = [this]() {
        const QString typed = m_currency->currentText().trimmed().toUpper();
        if (!format::isCurrencyCode(typed)) {
            // Refused at the field, the typed text kept for mending.
            m_currencyProblem->setText(
                tr("Currency: a three-letter ISO 4217 code such as USD or EUR, not '%1'.")
                    .arg(m_currency->currentText()));
            m_currencyProblem->setVisible(true);
            return;
        }
        m_currencyProblem->setVisible(false);
        if (m_document && m_document->scenario().goal.currency != typed)
            m_bound->edit(tr("Change currency"), [typed](Scenario &s) { s.goal.currency = typed; });
    };
    connect(m_currency, &QComboBox::activated, this, commitCurrency);
    connect(m_currency->lineEdit(), &QLineEdit::editingFinished, this, commitCurrency);
    connect(m_backups, &QCheckBox::toggled, this, [this](bool on) {
        m_bound->edit(on ? tr("Simulate backups") : tr("Stop simulating backups"),
                      [on](Scenario &s) { s.simulation.speculativeBackups = on; });
    });
}

/// Re-runs on settled edits, progress and Cancel, results.
void TailPanel::connectSimulation()
{
    // A drag re-runs the simulation once, shortly after the value settles.
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_debounce, &QTimer::timeout, this, &TailPanel::startSimulation);
    // Progress and Cancel appear only when a run takes longer than a blink.
    m_showProgress->setSingleShot(true);
    m_showProgress->setInterval(250);
    connect(m_showProgress, &QTimer::timeout, this, [this]() {
        const bool running = m_document && m_document->isJobRunning(Job::Simulation);
        m_progress->setVisible(running);
        m_cancel->setVisible(running);
    });
    connect(m_bound, &ScenarioBindings::refused, this, &TailPanel::refresh);
    connect(m_cancel, &QPushButton::clicked, this, [this]() {
        if (m_document)
            m_document->cancelJob(Job::Simulation);
        m_progress->setVisible(false);
        m_cancel->setVisible(false);
        m_status->setText(tr("Cancelled: the results shown are from the previous run."));
    });
}

ValueControl *TailPanel::workersControl() const
{
    return m_bound->control(field(&Scenario::workload, &Workload::workers));
}

ValueControl *TailPanel::coldStartControl() const
{
    return m_bound->control(field(&Scenario::overheads, &Overheads::coldStartSeconds));
}

ValueControl *TailPanel::sharedCapControl() const
{
    return m_bound->control(field(&Scenario::overheads, &Overheads::sharedCapPerSecond));
}

ValueControl *TailPanel::stragglerControl() const
{
    return m_bound->control(
        field(&Scenario::simulation, &SimulationSettings::stragglerProbability));
}

bool TailPanel::isSimulationPending() const
{
    return m_debounce->isActive() || (m_document && m_document->isJobRunning(Job::Simulation));
}

void TailPanel::documentAttached(ScenarioDocument *document)
{
    m_overheadChart->setDocument(document);
}

// The simulation is the document's job, with the one cache of its results: the panel shows its
// progress and, once the document has taken its answer into the result, the result.
void TailPanel::jobStarted(Job job)
{
    if (job != Job::Simulation)
        return;
    m_status->setText(tr("Simulating…"));
    m_progress->setValue(0);
    m_showProgress->start();
}

void TailPanel::jobProgress(Job job, double fraction)
{
    if (job == Job::Simulation)
        m_progress->setValue(static_cast<int>(fraction * 1000));
}

void TailPanel::jobFinished(Job job)
{
    if (job == Job::Simulation)
        showResults();
}

void TailPanel::jobCancelled(Job job)
{
    if (job != Job::Simulation)
        return;
    // The status line says why (Cancel's own words, or the refusal that stopped it).
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
}

void TailPanel::applyNoun(const CountedNoun &noun)
{
    if (noun == m_noun)
        return;
    m_noun = noun;
    if (ValueControl *cap =
            m_bound->control(field(&Scenario::overheads, &Overheads::sharedCapPerSecond))) {
        cap->setSuffix(QLatin1Char(' ') + noun.many + QStringLiteral("/s"));
        m_bound->relabel(field(&Scenario::overheads, &Overheads::sharedCapPerSecond),
                         tr("Shared cap"),
                         tr("A feature store or object store serves at most this many %1/s "
                            "across all workers.")
                             .arg(noun.many));
    }
    if (ValueControl *shard =
            m_bound->control(field(&Scenario::overheads, &Overheads::usersPerShard))) {
        shard->setCounted([this](int n) { return m_noun.plainCount(n); });
        m_bound->relabel(field(&Scenario::overheads, &Overheads::usersPerShard),
                         tr("%1 per shard").arg(noun.capitalizedMany()),
                         tr("How the job is cut into shards for the coordinator and the "
                            "simulation."));
    }
}

void TailPanel::refresh()
{
    if (!refreshNow())
        return;
    const Scenario &s = m_document->scenario();
    const ScenarioResult &r = m_document->result();
    applyNoun(s.workload.counted);
    m_bound->show(s);
    if (!m_sharedName->hasFocus())
        m_sharedName->setText(s.overheads.sharedResourceName);
    if (!m_currency->hasFocus() && !m_currencyProblem->isVisible()) {
        const QSignalBlocker blocker(m_currency);
        m_currency->setEditText(s.goal.currency);
    }
    {
        const QSignalBlocker blocker(m_backups);
        m_backups->setChecked(s.simulation.speculativeBackups);
    }

    const OverheadResult &o = r.overheads;
    if (!o.enabled) {
        // With the inputs hidden (presentation mode) it names the step that shows them.
        m_knee->setText(inputsVisible()
                            ? tr("No overheads set: tick one on the left to see where the naive "
                                 "model lies.")
                            : tr("No overheads set: the naive model holds. Ctrl+Shift+I shows "
                                 "the inputs that set one."));
    } else {
        const QString binding = limitText(o.binding, s.overheads.sharedResourceName);
        const QString knee = explain::kneeText(s, o);
        m_knee->setText(
            tr("<b>%1</b> with overheads (naive: %2); %3 binds at %4.%5")
                .arg(format::duration(o.runtimeSeconds), format::duration(r.runtimeSeconds),
                     binding.toHtmlEscaped(), format::workers(s.workload.workers),
                     knee.isEmpty() ? QString()
                                    : QStringLiteral("<br><span style='color:#c62828'>%1</span>")
                                          .arg(knee.toHtmlEscaped())));
    }
    m_share->setText(explain::workerShareText(s, o));
    m_sensitivity->setResult(m_document->planResult().uncertainty.result);
    showGoalDeadline(s.goal);
    const MemoryCheck &m = r.memory;
    m_memory->setVisible(m.checked);
    m_memory->setText(m.message);
    m_memory->setStyleSheet(m.fits ? QString()
                                   : QStringLiteral("color: #c62828; font-weight: bold;"));
    m_debounce->start();
}

void TailPanel::startSimulation()
{
    if (!m_document)
        return;
    // The document's tail section holds the simulated job and the goal seek's inputs.
    const TailSection &tail = m_document->planResult().tail;
    if (!tail.simulationError.isEmpty()) {
        m_document->cancelJob(Job::Simulation);
        m_histogram->clearResult();
        m_summary->clear();
        m_breakdown->clear();
        m_status->setText(tr("This scenario cannot be simulated: %1 (%2)")
                              .arg(tail.simulationError,
                                   tr("cut it into fewer shards with more users per shard")));
        return;
    }
    m_document->runJob(Job::Simulation);
    if (!m_document->isJobRunning(Job::Simulation))
        showResults(); // answered from the cache
}

QString TailPanel::breakdownStartLabel(bool overheadsSet)
{
    return overheadsSet ? tr("Headline: Amdahl + overheads") : tr("Headline: Amdahl alone");
}

void TailPanel::showBreakdown()
{
    const SimulatedTail *simulated =
        m_document ? m_document->planResult().simulation.ready() : nullptr;
    const std::optional<tail::Breakdown> *breakdown = simulated ? &simulated->breakdown : nullptr;
    if (!breakdown || !*breakdown || (*breakdown)->cancelled) {
        m_breakdown->clear();
        return;
    }
    const std::vector<QStringList> rows = explain::breakdownRows(
        **breakdown, breakdownStartLabel(m_document->planResult().model.overheads.enabled));
    QString html = QStringLiteral("<table cellspacing=0 cellpadding=1>");
    for (size_t i = 0; i < rows.size(); ++i) {
        // The header and the simulated percentiles in bold: where the steps start and end.
        const bool strong = i == 0 || i + 1 == rows.size();
        html += QStringLiteral("<tr>");
        for (qsizetype c = 0; c < rows[i].size(); ++c) {
            const QString cell = rows[i][c].toHtmlEscaped();
            html += QStringLiteral("<td%1>%2%3</td>")
                        .arg(c == 0 ? QString() : QStringLiteral(" align=right"),
                             c == 0 ? QString() : QStringLiteral("&nbsp;&nbsp;"),
                             strong ? QStringLiteral("<b>") + cell + QStringLiteral("</b>") : cell);
        }
        html += QStringLiteral("</tr>");
    }
    m_breakdown->setText(html + QStringLiteral("</table>"));
}

void TailPanel::showResults()
{
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    // The result's simulation once it answers this plan; a cancelled run leaves what is drawn.
    const PlanResult *planResult = m_document ? &m_document->planResult() : nullptr;
    const SimulatedTail *simulated = planResult ? planResult->simulation.ready() : nullptr;
    if (!simulated)
        return;
    const simulation::Result *result = &simulated->result;
    if (result->trials == 0) {
        m_histogram->clearResult();
        return;
    }
    const simulation::Result &r = *result;
    m_histogram->setResult(r, r.closedFormSeconds);
    QString text =
        tr("<table cellspacing=0 cellpadding=2><tr><td>Mean</td><td align=right><b>%1</b></td>"
           "<td>&nbsp;&nbsp;P50</td><td align=right><b>%2</b></td></tr>"
           "<tr><td>P90</td><td align=right><b>%3</b></td><td>&nbsp;&nbsp;P99</td>"
           "<td align=right><b>%4</b></td></tr>"
           "<tr><td colspan=4>Whole shards, no stragglers or failures: %5</td></tr>")
            .arg(format::duration(r.meanSeconds), format::duration(r.p50Seconds),
                 format::duration(r.p90Seconds), format::duration(r.p99Seconds),
                 format::duration(r.closedFormSeconds));
    if (const std::optional<simulation::Result> &plain = simulated->withoutBackups) {
        text += tr("<tr><td colspan=4>What-if backups: P90 %1 instead of %2 (%3%)</td></tr>")
                    .arg(format::duration(r.p90Seconds), format::duration(plain->p90Seconds),
                         format::trimmed((r.p90Seconds / plain->p90Seconds - 1) * 100, 1));
    }
    m_summary->setText(text + QStringLiteral("</table>"));
    showBreakdown();
    m_status->setText(
        tr("%1, seed %2")
            .arg(format::plural(tr("%n trial(s)", nullptr, format::numerus(r.trials)), r.trials),
                 format::grouped(m_document ? m_document->scenario().simulation.seed : 0, 0)));

    const goalseek::Result *goal = planResult->goalSeek.ready();
    m_goalTable->setRowCount(0);
    if (!goal) {
        showGoalEmpty();
        return;
    }
    // The cells as core words them, the same rows the report prints.
    // At the price in force (a device's, when it prices the workers), as the values are.
    std::vector<QStringList> rows =
        explain::goalSeekRows(*goal, planResult->model.cost, &planResult->uncertainty.result);
    m_goalTable->setHorizontalHeaderLabels(rows.front());
    rows.erase(rows.begin());
    m_goalTable->setRowCount(static_cast<int>(rows.size()));
    for (int row = 0; row < static_cast<int>(rows.size()); ++row) {
        const QStringList &cells = rows[static_cast<size_t>(row)];
        for (int column = 0; column < cells.size(); ++column) {
            auto *item = new QTableWidgetItem(cells[column]);
            if (column > 0 && column < 4)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            item->setToolTip(cells[column]);
            m_goalTable->setItem(row, column, item);
        }
    }
    // The reason column takes what is left and wraps; the others fit their words.
    for (int column = 0; column + 1 < m_goalTable->columnCount(); ++column)
        m_goalTable->resizeColumnToContents(column);
    m_goalTable->horizontalHeader()->setStretchLastSection(true);
    m_goalTable->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Every row and its whole reason in view: the table asks the splitter for its content's height
    // (at 1366x768 the simulated P90 row was scrolled out and its two-line reason cut).
    fitGoalTableHeight();
    showGoalEmpty();
}

void TailPanel::fitGoalTableHeight()
{
    int contentHeight =
        m_goalTable->horizontalHeader()->sizeHint().height() + 2 * m_goalTable->frameWidth() + 2;
    for (int row = 0; row < m_goalTable->rowCount(); ++row)
        contentHeight += m_goalTable->rowHeight(row);
    // At most half a laptop's screen: a longer table scrolls.
    m_goalTable->setMinimumHeight(std::min(contentHeight, 320));
}

} // namespace pipeplan
