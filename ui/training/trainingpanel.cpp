#include "ui/training/trainingpanel.h"

#include "core/base/format.h"
#include "core/plan/explain.h"
#include "core/plan/hardwaretext.h"
#include "ui/document/scenariobindings.h"
#include "ui/document/scenariodocument.h"
#include "ui/training/schedulechart.h"
#include "ui/widgets/chartstyle.h"
#include "ui/widgets/valuecontrol.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <numeric>

namespace pipeplan {

namespace {
using Scale = ValueControl::Scale;
constexpr auto config = &ValueControl::makeConfig;
constexpr auto countConfig = &ValueControl::makeCount;
constexpr auto optionalConfig = &ValueControl::makeOptional;
constexpr double kGiB = 1024.0 * 1024 * 1024;
/// What the other half of the byte budget starts at when one half is turned on.
constexpr double kDefaultDeviceMemory = 80 * kGiB;
constexpr double kDefaultActivationBytes = 2 * kGiB;

QString kindExplanation(schedule::Kind kind)
{
    switch (kind) {
    case schedule::Kind::GPipe:
        return QObject::tr("GPipe: every forward, then every backward. Holds all m microbatches' "
                           "activations.");
    case schedule::Kind::OneFOneB:
        return QObject::tr("1F1B: p − d − 1 warm-up forwards, then one forward, one backward. "
                           "Device d holds at most p − d microbatches.");
    case schedule::Kind::Interleaved:
        return QObject::tr("Interleaved 1F1B (Megatron-LM): v chunks per device shrink the "
                           "bubble v-fold; m must be a multiple of p.");
    case schedule::Kind::ZeroBubbleH1:
        return QObject::tr("ZB-H1: the backward is split; weight gradients wait and fill the "
                           "cool-down bubble. Same peak memory as 1F1B.");
    case schedule::Kind::ZeroBubbleH2:
        return QObject::tr("ZB-H2: up to 2p microbatches' activations buy more warm-up forwards, "
                           "which fill the warm-up bubble too: zero bubble when B = 2W.");
    case schedule::Kind::ZeroBubbleV:
        return QObject::tr("ZB-V: two chunks per device in a V (device d holds stages d and "
                           "2p − 1 − d); 1F1B's peak memory, a fraction of its bubble.");
    case schedule::Kind::ZeroBubbleAuto:
        return QObject::tr("ZB-auto: the fastest schedule found that never holds more than the "
                           "memory limit on a device (p without one).");
    }
    return {};
}

/// One value for every device: the list's single entry, or its mean when the file gave one per
/// device (a slider move then sets every device to the new value).
double uniformValue(const std::vector<double> &values)
{
    if (values.empty())
        return 0;
    return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

QString perDeviceText(const QString &name, const std::vector<double> &values)
{
    QStringList parts;
    for (double v : values)
        parts << format::trimmed(v, 2);
    return QStringLiteral("%1: %2 ms").arg(name, parts.join(QStringLiteral(", ")));
}
/// A per-device list of times, read as its one value (or mean) and set to one value for all.
ScenarioField uniformTimes(std::vector<double> TrainingSettings::*times)
{
    return {[times](const Scenario &s) {
                return std::optional<double>(uniformValue(s.training.*times));
            },
            [times](Scenario &s, std::optional<double> v) { s.training.*times = {v.value_or(1)}; },
            [times](const Scenario &s) -> const void * { return &(s.training.*times); }};
}

} // namespace

TrainingPanel::TrainingPanel(QWidget *parent)
    : WorkspacePanel(Section::Training, parent), m_picker(new QComboBox(this)),
      m_perDevice(new QLabel(this)), m_message(new QLabel(this)), m_table(new QTableWidget(this)),
      m_gantt(new ScheduleChart(this)), m_memoryTitle(new QLabel(this)),
      m_memory(new ScheduleMemoryChart(this)), m_searchBar(new QWidget(this)),
      m_searchStatus(new QLabel(m_searchBar)), m_searchProgress(new QProgressBar(m_searchBar)),
      m_searchButton(new QPushButton(m_searchBar))
{
    auto *inputs = new QWidget(this);
    auto *inputsLayout = new QVBoxLayout(inputs);

    auto *scheduleBox = new QGroupBox(tr("Schedule"), inputs);
    auto *scheduleForm = new QFormLayout(scheduleBox);
    for (schedule::Kind kind : schedule::kAllKinds) {
        m_picker->addItem(schedule::displayName(kind), static_cast<int>(kind));
        m_picker->setItemData(m_picker->count() - 1, kindExplanation(kind), Qt::ToolTipRole);
    }
    m_picker->setToolTip(tr("The schedule drawn first, whose memory is charted."));
    auto *pickerLabel = new QLabel(tr("&Schedule"), scheduleBox);
    pickerLabel->setBuddy(m_picker);
    scheduleForm->addRow(pickerLabel, m_picker);
    auto *compareRow = new QWidget(scheduleBox);
    auto *compareLayout = new QGridLayout(compareRow);
    compareLayout->setContentsMargins(0, 0, 0, 0);
    for (std::size_t i = 0; i < schedule::kAllKinds.size(); ++i) {
        const schedule::Kind kind = schedule::kAllKinds[i];
        auto *box = new QCheckBox(schedule::displayName(kind), compareRow);
        box->setToolTip(tr("Stack %1 under the chosen schedule on the same time axis. %2")
                            .arg(schedule::displayName(kind), kindExplanation(kind)));
        compareLayout->addWidget(box, static_cast<int>(i / 2), static_cast<int>(i % 2));
        m_compare[i] = box;
        connect(box, &QCheckBox::toggled, this, [this, kind](bool on) {
            m_bound->edit(on ? tr("Compare with %1").arg(schedule::displayName(kind))
                             : tr("Stop comparing with %1").arg(schedule::displayName(kind)),
                          [kind, on](Scenario &s) {
                              std::vector<schedule::Kind> &list = s.training.compare;
                              std::erase(list, kind);
                              if (on)
                                  list.push_back(kind);
                          });
        });
    }
    scheduleForm->addRow(tr("Compare with"), compareRow);
    inputsLayout->addWidget(scheduleBox);

    auto *shapeBox = new QGroupBox(tr("Pipeline"), inputs);
    auto *shape = new QFormLayout(shapeBox);
    m_bound->bind(
        shape, shapeBox,
        {{tr("Devices p"),
          tr("Pipeline stages, one device each."),
          countConfig(1, 128, Scale::Log, [](int n) { return tr("%n device(s)", nullptr, n); }),
          tr("Change devices"),
          {[](const Scenario &s) { return std::optional<double>(s.training.devices); },
           [](Scenario &s, std::optional<double> v) {
               s.training.devices = v.value_or(1);
               // Per-device lists no longer match: keep their mean for every device.
               for (auto *list :
                    {&s.training.forwardMs, &s.training.backwardMs, &s.training.weightMs}) {
                   if (list->size() > 1)
                       *list = {uniformValue(*list)};
               }
           },
           [](const Scenario &s) -> const void * { return &s.training.devices; }}},
         {tr("Microbatches m"), tr("The batch is cut into m microbatches per step."),
          countConfig(1, 4096, Scale::Log,
                      [](int n) { return tr("%n microbatch(es)", nullptr, n); }),
          tr("Change microbatches"), field(&Scenario::training, &TrainingSettings::microbatches)},
         {tr("Virtual stages v"),
          tr("Interleaved only: each device holds v chunks of layers, each taking F/v, B/v, W/v."),
          countConfig(1, 16, Scale::Linear, [](int n) { return tr("%n chunk(s)", nullptr, n); }),
          tr("Change virtual stages"),
          field(&Scenario::training, &TrainingSettings::virtualStages)}});
    inputsLayout->addWidget(shapeBox);

    auto *timesBox = new QGroupBox(tr("Times per microbatch, per device"), inputs);
    auto *times = new QFormLayout(timesBox);
    const ValueControl::Config timeConfig = config(0.01, 10'000, Scale::Log, 2, tr(" ms"));
    m_bound->bind(
        times, timesBox,
        {{tr("Forward F"), tr("One microbatch through one device's layers."), timeConfig,
          tr("Change forward time"), uniformTimes(&TrainingSettings::forwardMs)},
         {tr("Backward B"),
          tr("Gradients for the inputs (the whole backward when W is off). About 2F without the "
             "split, about F with it."),
          timeConfig, tr("Change backward time"), uniformTimes(&TrainingSettings::backwardMs)},
         // Off is 0 in the plan: no split, no communication.
         {tr("Weight gradients W"),
          tr("Tick to split the backward: W runs as its own op (ZB-H1 defers it into bubbles)."),
          optionalConfig(timeConfig, QString()),
          tr("Change weight-gradient time"),
          {[](const Scenario &s) -> std::optional<double> {
               const double w = uniformValue(s.training.weightMs);
               return w > 0 ? std::optional<double>(w) : std::nullopt;
           },
           [](Scenario &s, std::optional<double> v) { s.training.weightMs = {v.value_or(0)}; },
           [](const Scenario &s) -> const void * { return &s.training.weightMs; }}},
         {tr("Communication"),
          tr("Sending activations or gradients to the next device, added to every hop."),
          optionalConfig(timeConfig, QString()),
          tr("Change communication time"),
          {[](const Scenario &s) -> std::optional<double> {
               return s.training.commMs > 0 ? std::optional<double>(s.training.commMs)
                                            : std::nullopt;
           },
           [](Scenario &s, std::optional<double> v) { s.training.commMs = v.value_or(0); },
           [](const Scenario &s) -> const void * { return &s.training.commMs; }}}});
    m_perDevice->setWordWrap(true);
    m_perDevice->setToolTip(tr("Per-device times from the scenario file. Moving a slider sets "
                               "every device to one value."));
    times->addRow(m_perDevice);
    inputsLayout->addWidget(timesBox);

    // The activation memory budget: in microbatches, or in bytes (a microbatch's activations
    // and the device memory, a pair: turning one on brings the other, turning one off both).
    auto *budgetBox = new QGroupBox(tr("Activation memory"), inputs);
    auto *memory = new QFormLayout(budgetBox);
    // The activations and the device memory are a pair: turning one on brings the other
    // (`partnerFor` the value given), turning one off both.
    using Bytes = std::optional<double> TrainingSettings::*;
    const auto paired = [](Bytes mine, Bytes partner, double (*partnerFor)(double)) {
        return ScenarioField{
            [mine](const Scenario &s) { return s.training.*mine; },
            [mine, partner, partnerFor](Scenario &s, std::optional<double> v) {
                TrainingSettings &t = s.training;
                t.*mine = v;
                if (!v)
                    (t.*partner).reset();
                else if (!(t.*partner))
                    t.*partner = partnerFor(*v);
            },
            [mine](const Scenario &s) -> const void * { return &(s.training.*mine); }};
    };
    m_bound->bind(
        memory, budgetBox,
        {{tr("Memory budget"),
          tr("Activations a device may hold at once, in microbatches (the unit of peak in "
             "flight; 1F1B and ZB-H1 need p, ZB-H2 2p). ZB-auto searches for the fastest "
             "schedule within it; the table marks which schedules fit. Off: ZB-auto uses p."),
          optionalConfig(config(1, 4096, Scale::Log, 1, tr(" microbatches")), QString()),
          tr("Change memory budget"),
          field(&Scenario::training, &TrainingSettings::memoryLimitMicrobatches)},
         {tr("Activations per microbatch"),
          tr("Bytes of one microbatch's activations on a device (all its layers; \"2GiB\", "
             "\"512MiB\"). With the device memory the chart counts bytes and the budget is the "
             "device memory over them."),
          optionalConfig(config(0.001, 1024, Scale::Log, 3, tr(" GiB")), QString()),
          tr("Change activations per microbatch"),
          paired(&TrainingSettings::activationBytesPerMicrobatch,
                 &TrainingSettings::deviceMemoryBytes,
                 [](double bytes) { return std::max(kDefaultDeviceMemory, bytes); })},
         {tr("Device memory"),
          tr("Memory a device has for activations (\"80GiB\"), with the activations per "
             "microbatch: the dashed line of the memory chart."),
          optionalConfig(config(0.01, 16'384, Scale::Log, 2, tr(" GiB")), QString()),
          tr("Change device memory"),
          paired(&TrainingSettings::deviceMemoryBytes,
                 &TrainingSettings::activationBytesPerMicrobatch,
                 [](double bytes) { return std::min(kDefaultActivationBytes, bytes); })}});
    inputsLayout->addWidget(budgetBox);
    inputsLayout->addWidget(fromModelBox(inputs));
    inputsLayout->addStretch(1);

    auto *inputsScroll = new QScrollArea(this);
    inputsScroll->setWidget(inputs);
    inputsScroll->setWidgetResizable(true);
    inputsScroll->setFrameShape(QFrame::NoFrame);
    inputsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    inputsScroll->setMinimumWidth(inputs->sizeHint().width() + 16);
    inputsScroll->setMaximumWidth(420);

    // Results: the comparison table, the Gantt (stacked in compare mode) and the memory chart.
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #c62828; font-weight: bold;"));
    m_message->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->installEventFilter(this);
    m_table->verticalHeader()->setVisible(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setToolTip(tr("Makespan: one training step. Bubble: idle share of p × makespan. "
                           "Ratio: idle over ideal time (Megatron-LM's convention). Peak: most "
                           "microbatches whose activations one device holds at once."));
    m_gantt->setMinimumHeight(240);
    m_memory->setMinimumHeight(160);
    auto *results = new QWidget(this);
    auto *resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->addWidget(m_message);
    auto *searchLayout = new QHBoxLayout(m_searchBar);
    searchLayout->setContentsMargins(0, 0, 0, 0);
    m_searchStatus->setWordWrap(true);
    m_searchProgress->setRange(0, 1000);
    m_searchProgress->setMaximumWidth(220);
    m_searchProgress->setAccessibleName(tr("Schedule search progress"));
    searchLayout->addWidget(m_searchStatus, 1);
    searchLayout->addWidget(m_searchProgress);
    searchLayout->addWidget(m_searchButton);
    m_searchBar->setVisible(false);
    resultsLayout->addWidget(m_searchBar);
    resultsLayout->addWidget(m_table);
    auto *charts = new QSplitter(Qt::Vertical, results);
    charts->addWidget(m_gantt);
    auto *memoryBox = new QWidget(charts);
    auto *memoryLayout = new QVBoxLayout(memoryBox);
    memoryLayout->setContentsMargins(0, 0, 0, 0);
    memoryLayout->addWidget(m_memoryTitle);
    memoryLayout->addWidget(m_memory, 1);
    charts->addWidget(memoryBox);
    // The activations chart tall enough for its axis title and a few ticks in presentation mode
    // on a laptop (it was a strip with "microbatche" and one tick).
    charts->setStretchFactor(0, 2);
    charts->setStretchFactor(1, 1);
    memoryBox->setMaximumHeight(320);
    resultsLayout->addWidget(charts, 1);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(inputsScroll);
    layout->addWidget(results, 1);
    setInputsArea(inputsScroll);

    connect(m_searchButton, &QPushButton::clicked, this, [this]() {
        if (!m_document)
            return;
        if (m_document->isJobRunning(Job::ScheduleSearch))
            m_document->cancelJob(Job::ScheduleSearch);
        else
            m_document->runJob(Job::ScheduleSearch);
        updateSearchBar();
    });
    connect(m_bound, &ScenarioBindings::refused, this, &TrainingPanel::refresh);
    connect(m_picker, &QComboBox::activated, this, [this](int index) {
        const auto kind = static_cast<schedule::Kind>(m_picker->itemData(index).toInt());
        m_bound->edit(tr("Show %1").arg(schedule::displayName(kind)), [kind](Scenario &s) {
            s.training.schedule = kind;
            std::erase(s.training.compare, kind); // drawn once, first
        });
    });
}

QCheckBox *TrainingPanel::compareBox(schedule::Kind kind) const
{
    return m_compare.at(static_cast<std::size_t>(kind));
}

ValueControl *TrainingPanel::devicesControl() const
{
    return m_bound->control(field(&Scenario::training, &TrainingSettings::devices));
}

ValueControl *TrainingPanel::microbatchesControl() const
{
    return m_bound->control(field(&Scenario::training, &TrainingSettings::microbatches));
}

ValueControl *TrainingPanel::forwardControl() const
{
    return m_bound->control(uniformTimes(&TrainingSettings::forwardMs));
}

ValueControl *TrainingPanel::weightControl() const
{
    return m_bound->control(uniformTimes(&TrainingSettings::weightMs));
}

ValueControl *TrainingPanel::memoryLimitControl() const
{
    return m_bound->control(field(&Scenario::training, &TrainingSettings::memoryLimitMicrobatches));
}

ValueControl *TrainingPanel::activationBytesControl() const
{
    return m_bound->control(
        field(&Scenario::training, &TrainingSettings::activationBytesPerMicrobatch));
}

ValueControl *TrainingPanel::deviceMemoryControl() const
{
    return m_bound->control(field(&Scenario::training, &TrainingSettings::deviceMemoryBytes));
}

QString TrainingPanel::memoryTitleText() const
{
    return m_memoryTitle->text();
}

int TrainingPanel::computeCount() const
{
    return m_document ? m_document->recomputeCount(Section::Training) : 0;
}

/// Training the model of Hardware & cost on its device: the split and recomputation,
/// what a stage takes (F, B, W and memory) and what the token budget costs, and one undoable
/// step that puts F, B, W and the memory into the schedules above.
QGroupBox *TrainingPanel::fromModelBox(QWidget *parent)
{
    auto *box = new QGroupBox(tr("From the model (Hardware && cost)"), parent);
    auto *form = new QFormLayout(box);
    const auto ofSetup = [](double hardware::TrainingSetup::*member) {
        return field(&Scenario::hardware, &HardwareSettings::training, member);
    };
    m_bound->bind(
        form, box,
        {{.label = tr("Sequence length"),
          .explanation = tr("Tokens per training sequence."),
          .control = config(1, 1'048'576, Scale::Log, 0, tr(" tokens")),
          .undoText = tr("Change sequence length"),
          .field = ofSetup(&hardware::TrainingSetup::sequenceLength),
          .explanationShown = false},
         {.label = tr("Sequences per microbatch"),
          .explanation = tr("b: sequences in one microbatch."),
          .control = config(1, 4096, Scale::Log, 0, QString()),
          .undoText = tr("Change sequences per microbatch"),
          .field = ofSetup(&hardware::TrainingSetup::microbatchSequences),
          .explanationShown = false},
         {.label = tr("Tensor parallel"),
          .explanation = tr("t: each layer split over t devices (with sequence parallelism): "
                            "weights and activations divided by t."),
          .control = config(1, 64, Scale::Log, 0, QString()),
          .undoText = tr("Change tensor parallelism"),
          .field = ofSetup(&hardware::TrainingSetup::tensorParallel),
          .explanationShown = false},
         {.label = tr("Data parallel"),
          .explanation = tr("d: replicas of the pipeline, each taking the microbatches above."),
          .control = config(1, 65536, Scale::Log, 0, QString()),
          .undoText = tr("Change data parallelism"),
          .field = ofSetup(&hardware::TrainingSetup::dataParallel),
          .explanationShown = false},
         {.label = tr("Token budget"),
          .explanation = tr("Tokens the training run processes in all."),
          .control = config(1e6, 1e15, Scale::Log, 0, tr(" tokens")),
          .undoText = tr("Change token budget"),
          .field = field(&Scenario::hardware, &HardwareSettings::trainingTokens),
          .explanationShown = false}});
    m_recompute = new QComboBox(box);
    m_recompute->addItem(tr("None: keep every activation"));
    m_recompute->addItem(tr("Selective: recompute attention"));
    m_recompute->addItem(tr("Full: keep layer inputs only"));
    m_recompute->setToolTip(tr("Activation recomputation (Korthikanti et al. 2022): what a layer "
                               "keeps for its backward pass; full recomputation runs the forward "
                               "again in B."));
    form->addRow(tr("Recompute"), m_recompute);
    m_shardOptimizer = new QCheckBox(tr("Shard the optimizer over data parallelism (ZeRO-1)"), box);
    form->addRow(m_shardOptimizer);
    m_fromModel = new QLabel(box);
    m_fromModel->setWordWrap(true);
    m_fromModel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_fromModel->setAccessibleName(tr("Training from the model"));
    form->addRow(m_fromModel);
    m_useModel = new QPushButton(tr("&Use for F, B, W and memory"), box);
    m_useModel->setToolTip(tr("Set F, B and W of every device and the activation memory from the "
                              "model (one undoable step); each schedule is then marked as "
                              "fitting or not."));
    form->addRow(m_useModel);
    connect(m_recompute, &QComboBox::activated, this, [this](int index) {
        m_bound->edit(tr("Change recomputation"), [index](Scenario &s) {
            s.hardware.training.recompute = static_cast<hardware::Recompute>(index);
        });
    });
    connect(m_shardOptimizer, &QCheckBox::toggled, this, [this](bool on) {
        m_bound->edit(on ? tr("Shard the optimizer") : tr("Keep the whole optimizer"),
                      [on](Scenario &s) { s.hardware.training.shardOptimizer = on; });
    });
    connect(m_useModel, &QPushButton::clicked, this, [this]() { useModel(); });
    return box;
}

bool TrainingPanel::useModel()
{
    if (!m_document)
        return false;
    const std::optional<TrainingFromModel> &model = m_document->planResult().training.fromModel;
    if (!model)
        return false;
    const TrainingFromModel taken = *model;
    return m_document->editScenario(tr("Use the model's F, B, W and memory"), [taken](Scenario &s) {
        s.training = withTrainingFromModel(s.training, taken);
    });
}

QString TrainingPanel::fromModelText() const
{
    return m_fromModel->text();
}

void TrainingPanel::fitTable()
{
    // Every column whole: the panel gives the table its width rather than a sideways scroll bar
    // that also hid the last row (presentation mode with the guide docked).
    m_table->resizeColumnsToContents();
    m_table->resizeRowsToContents();
    m_table->setMinimumWidth(m_table->horizontalHeader()->length() + 2 * m_table->frameWidth());
    // Tall enough for every row, no taller: the charts get the rest.
    int height = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth();
    for (int row = 0; row < m_table->rowCount(); ++row)
        height += m_table->rowHeight(row);
    m_table->setFixedHeight(height);
}

bool TrainingPanel::eventFilter(QObject *watched, QEvent *event)
{
    // Presentation mode's larger font: the rows and titles grow, and so must the table (its
    // one row was cut in half).
    if (watched == m_table && event->type() == QEvent::FontChange)
        fitTable();
    return QWidget::eventFilter(watched, event);
}

void TrainingPanel::refreshFromModel()
{
    const Scenario &s = m_document->scenario();
    {
        const QSignalBlocker recompute(m_recompute);
        const QSignalBlocker shard(m_shardOptimizer);
        m_recompute->setCurrentIndex(static_cast<int>(s.hardware.training.recompute));
        m_shardOptimizer->setChecked(s.hardware.training.shardOptimizer);
    }
    const std::optional<TrainingFromModel> &model = m_document->planResult().training.fromModel;
    m_useModel->setEnabled(model.has_value());
    if (!model) {
        m_fromModel->setText(tr("Hardware & cost's model has no layers to train (a model given by "
                                "its work per item)."));
        return;
    }
    m_fromModel->setText(explain::trainingFromModel(*model, s.goal.currency));
}

void TrainingPanel::refresh()
{
    if (!refreshNow())
        return;
    const Scenario &s = m_document->scenario();
    const TrainingSettings &t = s.training;
    m_bound->show(s);
    refreshFromModel();
    m_picker->setCurrentIndex(m_picker->findData(static_cast<int>(t.schedule)));
    for (std::size_t i = 0; i < m_compare.size(); ++i) {
        const schedule::Kind kind = schedule::kAllKinds[i];
        const QSignalBlocker blocker(m_compare[i]);
        m_compare[i]->setChecked(std::find(t.compare.begin(), t.compare.end(), kind) !=
                                 t.compare.end());
        m_compare[i]->setEnabled(kind != t.schedule);
    }
    QStringList perDevice;
    if (t.forwardMs.size() > 1)
        perDevice << perDeviceText(tr("F"), t.forwardMs);
    if (t.backwardMs.size() > 1)
        perDevice << perDeviceText(tr("B"), t.backwardMs);
    if (t.weightMs.size() > 1)
        perDevice << perDeviceText(tr("W"), t.weightMs);
    m_perDevice->setVisible(!perDevice.isEmpty());
    m_perDevice->setText(tr("Per device (sliders show the mean): ") +
                         perDevice.join(QStringLiteral("; ")));

    updateSearchBar();
    // The document computed the schedules (its training section); draw them once per result.
    const int generation = m_document->recomputeCount(Section::Training);
    if (generation == m_drawnGeneration)
        return;
    m_drawnGeneration = generation;
    auto results = std::make_shared<std::vector<schedule::Result>>();
    QStringList errors;
    for (const TrainingSchedule &entry : m_document->planResult().training.schedules) {
        if (entry.result)
            results->push_back(*entry.result);
        else if (!entry.searching)
            errors << tr("%1 cannot run: %2").arg(schedule::displayName(entry.kind), entry.error);
    }
    m_schedules = results;
    m_message->setVisible(!errors.isEmpty());
    m_message->setText(errors.join(QLatin1Char('\n')));

    const std::vector<QStringList> rows = explain::scheduleTableRows(*results);
    const QStringList &header = rows.front();
    m_table->setColumnCount(static_cast<int>(header.size()));
    // A title's parenthesis on a line of its own ("Bubble" over "(share idle)"): the columns
    // are as wide as their numbers, so the table fits beside the inputs with the guide docked.
    QStringList titles = header;
    for (QString &title : titles)
        title.replace(QStringLiteral(" ("), QStringLiteral("\n("));
    m_table->setHorizontalHeaderLabels(titles);
    m_table->setRowCount(static_cast<int>(rows.size()) - 1);
    // With a budget the last column says whether each schedule fits it; one over it says by
    // how much (in bytes when the budget is), in red.
    const qsizetype fitsColumn = header.size() > 6 ? header.size() - 1 : -1;
    for (std::size_t row = 1; row < rows.size(); ++row) {
        const schedule::Result &result = (*results)[row - 1];
        const QString over = fitsColumn >= 0 ? overBudgetText(result) : QString();
        for (qsizetype column = 0; column < rows[row].size(); ++column) {
            const bool fits = column == fitsColumn;
            auto *item = new QTableWidgetItem(fits && !over.isEmpty() ? tr("no, %1").arg(over)
                                                                      : rows[row][column]);
            if (column > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (fits && !over.isEmpty()) {
                item->setForeground(chartstyle::kAlert);
                item->setToolTip(tr("%1 needs more activation memory than the budget: %2.")
                                     .arg(schedule::displayName(result.params.kind), over));
            }
            m_table->setItem(static_cast<int>(row) - 1, static_cast<int>(column), item);
        }
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);
    fitTable();

    // Rows stay tall enough to read: more lanes and devices ask for more height (up to a point;
    // beyond it the row labels thin out).
    const int ganttRows =
        static_cast<int>(results->size()) * (std::min(static_cast<int>(t.devices), 16) + 1);
    m_gantt->setMinimumHeight(std::clamp(90 + ganttRows * 18, 240, 620));
    m_gantt->setSchedules(m_schedules);
    m_memory->setSchedule(firstRunnable(m_document->planResult().training.schedules));
    m_memoryTitle->setText(results->empty() ? QString() : memoryTitle(results->front()));
}

// The search is the document's job: the bar follows what the document announces.
void TrainingPanel::jobStarted(Job job)
{
    if (job == Job::ScheduleSearch)
        updateSearchBar();
}

void TrainingPanel::jobProgress(Job job, double fraction)
{
    if (job == Job::ScheduleSearch)
        m_searchProgress->setValue(static_cast<int>(fraction * 1000));
}

void TrainingPanel::jobFinished(Job job)
{
    if (job == Job::ScheduleSearch)
        updateSearchBar();
}

void TrainingPanel::jobCancelled(Job job)
{
    if (job == Job::ScheduleSearch)
        updateSearchBar();
}

/// Large searches (ZB-H2, ZB-V, zb-auto above 16 x 64) run on the document's background job: this
/// line names them, shows the progress and offers Cancel; a stopped search offers Search again.
void TrainingPanel::updateSearchBar()
{
    if (!m_document)
        return;
    const TrainingSettings &t = m_document->scenario().training;
    QStringList searching;
    for (const TrainingSchedule &entry : m_document->planResult().training.schedules) {
        if (entry.searching)
            searching << schedule::displayName(entry.kind);
    }
    m_searchBar->setVisible(!searching.isEmpty());
    if (searching.isEmpty())
        return;
    const QString names = searching.join(QStringLiteral(", "));
    const QString size =
        tr("%1 devices × %2 microbatches")
            .arg(format::grouped(t.devices, 0), format::grouped(t.microbatches, 0));
    if (m_document->isJobRunning(Job::ScheduleSearch)) {
        m_searchStatus->setText(
            tr("Searching %1 for %2 in the background: the table and charts show it when the "
               "search ends.")
                .arg(names, size));
        m_searchButton->setText(tr("Cancel"));
        // No Esc shortcut: Esc leaves presentation mode and takes back a refused field.
        m_searchButton->setToolTip(tr("Stop the search; the other schedules stay."));
        m_searchProgress->setVisible(true);
    } else {
        m_searchStatus->setText(
            tr("The search for %1 for %2 was stopped: it is left out of the table and charts.")
                .arg(names, size));
        m_searchButton->setText(tr("Search again"));
        m_searchButton->setToolTip(tr("Run the stopped search again."));
        m_searchProgress->setVisible(false);
    }
}

QString TrainingPanel::memoryTitle(const schedule::Result &result)
{
    const double peak = result.maxPeakInFlight();
    QString peakText =
        format::plural(tr("%n microbatch(es)", nullptr, format::numerus(peak)), peak);
    const schedule::Params &p = result.params;
    if (p.activationBytesPerMicrobatch && p.deviceMemoryBytes)
        peakText =
            binaryBytes(peak * *p.activationBytesPerMicrobatch) + QStringLiteral(", ") + peakText;
    QString title = tr("<b>Activations held per device</b> — %1 (peak %2)")
                        .arg(schedule::displayName(p.kind), peakText);
    if (const QString over = overBudgetText(result); !over.isEmpty())
        title += QStringLiteral(" <span style=\"color: %1;\"><b>%2</b></span>")
                     .arg(chartstyle::kAlert.name(),
                          tr("does not fit the budget: %1").arg(over).toHtmlEscaped());
    return title;
}

} // namespace pipeplan
