#include "ui/model/inputspanel.h"

#include "core/base/format.h"
#include "core/model/uncertainty.h"
#include "core/model/workload.h"
#include "core/plan/hardwaretext.h"
#include "core/plan/planresult.h"
#include "ui/document/scenariobindings.h"
#include "ui/document/scenariodocument.h"
#include "ui/widgets/valuecontrol.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace pipeplan {

namespace {
constexpr auto config = &ValueControl::makeConfig;
constexpr auto countConfig = &ValueControl::makeCount;
constexpr auto optionalConfig = &ValueControl::makeOptional;

using Scale = ValueControl::Scale;

QString stageTimeTip(const CountedNoun &noun)
{
    return InputsPanel::tr("Time this stage spends per %1.").arg(noun.one);
}

/// Words longer than this are wrapped anywhere (see syncFromDocument).
constexpr qsizetype kLongestWrappedWord = 200;
/// A deadline turned on starts at a day: the default the goal seek planned for while it kept a
/// deadline of its own (scenario files of version 8 and older).
constexpr double kNewDeadlineSeconds = 24 * 3600.0;

/// The most characters in a row without a space or line break.
qsizetype longestUnbrokenRun(const QString &text)
{
    qsizetype longest = 0;
    qsizetype run = 0;
    for (const QChar c : text) {
        run = c.isSpace() ? 0 : run + 1;
        longest = std::max(longest, run);
    }
    return longest;
}

QString scoringTimeTip(const CountedNoun &noun)
{
    return InputsPanel::tr("The scoring stage's time per %1 comes from the workload: "
                           "predictions × latency, or the batched time.")
        .arg(noun.one);
}
} // namespace

InputsPanel::InputsPanel(QWidget *parent) : QWidget(parent), m_bound(new ScenarioBindings(this))
{
    auto *layout = new QVBoxLayout(this);

    auto *scenarioBox = new QGroupBox(tr("Scenario"), this);
    auto *scenarioForm = new QFormLayout(scenarioBox);
    m_name = new QLineEdit(scenarioBox);
    m_name->setToolTip(tr("The scenario's name: window title, reports and file."));
    m_notes = new QPlainTextEdit(scenarioBox);
    m_notes->setPlaceholderText(tr("Notes: assumptions, sources, decisions…"));
    m_notes->setFixedHeight(m_notes->fontMetrics().lineSpacing() * 3 + 12);
    m_notes->setTabChangesFocus(true);
    scenarioForm->addRow(tr("Name"), m_name);
    scenarioForm->addRow(tr("Notes"), m_notes);
    layout->addWidget(scenarioBox);
    connect(m_name, &QLineEdit::editingFinished, this, [this]() {
        const QString name = m_name->text().trimmed();
        if (name.isEmpty() && m_document) {
            m_name->setText(m_document->scenario().name);
            return;
        }
        editScenario(tr("Rename scenario"), [name](Scenario &s) { s.name = name; });
    });
    // Notes are committed a moment after typing stops, not per keystroke.
    auto *notesTimer = new QTimer(this);
    notesTimer->setSingleShot(true);
    notesTimer->setInterval(800);
    connect(m_notes, &QPlainTextEdit::textChanged, notesTimer, qOverload<>(&QTimer::start));
    connect(notesTimer, &QTimer::timeout, this, &InputsPanel::commitNotes);

    // Goal first: the question a planning meeting asks is "will it finish in time?". The Model
    // tab is dense: each input explains itself in its tooltip, not in a line under it.
    auto *goalBox = new QGroupBox(tr("Goal"), this);
    auto *goalForm = new QFormLayout(goalBox);
    goalForm->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    m_bound->bind(
        goalForm, this,
        {{.label = tr("Finish within"),
          .explanation =
              tr("The plan's one deadline. When on, the headline says whether the plan meets it, "
                 "by how much, and the fewest workers that would; the waterfall and the scaling "
                 "table mark it, the goal seek on Overheads & tail plans for it and Hardware & "
                 "cost ranks the devices by it. Off, nothing plans for one. In hours (log scale, "
                 "0.01 to 100,000 h); type it in any unit: 8h, 90 min, 2d, 1.5 weeks."),
          .control = optionalConfig(config(0.01, 100'000, Scale::Log, 2, tr(" h")), tr("deadline")),
          .undoText = tr("Change deadline"),
          // On and the deadline, or off: no deadline is kept while off.
          .field = field(&Scenario::goal, &GoalSettings::deadlineSeconds),
          // The value a deadline starts from when it is turned on.
          .offValue = [](const Scenario &) { return kNewDeadlineSeconds; },
          .onText = tr("Set a deadline"),
          .offText = tr("Drop the deadline"),
          .explanationShown = false},
         {.label = tr("Within budget"),
          .explanation =
              tr("What the job may cost: workers × runtime in hours × the price per worker-hour "
                 "(or the device's), in the plan's currency. When on, \"What it would take\" "
                 "finds each lever's value that meets the budget (and the deadline, when one "
                 "is set)."),
          .control =
              optionalConfig(config(1, 1e9, Scale::Log, 2, QStringLiteral(" USD")), tr("budget")),
          .undoText = tr("Change budget"),
          .field = field(&Scenario::goal, &GoalSettings::budget),
          .offValue = [](const Scenario &s) { return s.goal.budget.value_or(1000); },
          .onText = tr("Set a budget"),
          .offText = tr("Drop the budget"),
          .explanationShown = false}});
    layout->addWidget(goalBox);

    auto *workloadBox = new QGroupBox(tr("Workload"), this);
    auto *workload = new QFormLayout(workloadBox);
    m_workloadForm = workload;
    workload->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    // What the job counts: "documents" names every count and rate in the window,
    // the report and the CLI.
    m_counted = new QLineEdit(workloadBox);
    m_counted->setMaxLength(kMaxCountedNounLength + 8); // longer text is refused with a reason
    m_counted->setPlaceholderText(tr("users"));
    m_counted->setToolTip(tr("What the job counts, in the plural: documents, images, users, "
                             "queries. Every count and rate in the window, the report and the "
                             "CLI names it (\"500,000,000 documents\", \"documents/s\")."));
    m_counted->setAccessibleName(tr("Counts"));
    m_countedProblem = explanationLabel(QString(), workloadBox);
    m_countedProblem->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_countedProblem->setAccessibleName(tr("Counts: problem"));
    m_countedProblem->hide();
    auto *countedCell = new QWidget(workloadBox);
    auto *countedLayout = new QVBoxLayout(countedCell);
    countedLayout->setContentsMargins(0, 0, 0, 0);
    countedLayout->setSpacing(1);
    countedLayout->addWidget(m_counted);
    countedLayout->addWidget(m_countedProblem);
    auto *countedLabel = new QLabel(tr("Counts"), workloadBox);
    countedLabel->setBuddy(m_counted);
    countedLabel->setToolTip(m_counted->toolTip());
    workload->addRow(countedLabel, countedCell);
    connect(m_counted, &QLineEdit::editingFinished, this, &InputsPanel::commitCounted);
    connect(m_counted, &QLineEdit::textEdited, m_countedProblem, &QWidget::hide);
    const auto ofWorkload = [](auto member) { return field(&Scenario::workload, member); };
    const ValueControl::Config latencyConfig = config(0.01, 60'000, Scale::Log, 2, tr(" ms"));
    m_bound->bind(
        workload, this,
        {{.label = tr("Users"),
          .explanation = tr("Users the job scores (log scale, 1 to 10^10)."),
          .control =
              countConfig(1, 1e10, Scale::Log, [this](int n) { return m_noun.plainCount(n); }),
          .undoText = tr("Change users"),
          .field = ofWorkload(&Workload::users),
          .explanationShown = false},
         {.label = tr("Predictions per user"),
          .explanation = tr("Model calls per user."),
          .control = countConfig(1, 1e4, Scale::Log,
                                 [](int n) { return tr("%n prediction(s)", nullptr, n); }),
          .undoText = tr("Change predictions per user"),
          .field = ofWorkload(&Workload::predictionsPerUser),
          .explanationShown = false},
         {.label = tr("Latency per prediction"),
          .explanation = tr("Time of one prediction as the job runs today, e.g. 1,000 ms on a CPU "
                            "core (log scale, 0.01 ms to 60 s)."),
          .control = latencyConfig,
          .undoText = tr("Change latency"),
          .field = ofWorkload(&Workload::latencyMs),
          .explanationShown = false},
         // A lever that is off shows where it would start, a value that makes the job faster,
         // so ticking it never makes the job slower.
         {.label = tr("Accelerator lever"),
          .explanation = tr("Latency per prediction on an inference accelerator (seed 000: 10 ms "
                            "on a GPU instead of 1 s on a CPU). When on, it replaces the latency "
                            "above, and the waterfall shows the step from one to the other."),
          .control = optionalConfig(latencyConfig, tr("on")),
          .undoText = tr("Change accelerator latency"),
          .field = ofWorkload(&Workload::acceleratorLatencyMs),
          .offValue = [](const Scenario &s) { return levers::acceleratorStartMs(s.workload); },
          .onText = tr("Use accelerator lever"),
          .offText = tr("Drop accelerator lever"),
          .explanationShown = false},
         {.label = tr("Batching lever"),
          .explanation = tr("Time to score one user with all predictions batched into one call; "
                            "replaces predictions × latency when on."),
          .control = optionalConfig(config(0.01, 1e6, Scale::Log, 2, tr(" ms")), tr("batched")),
          .undoText = tr("Change batched time"),
          .field = ofWorkload(&Workload::batchMsPerUser),
          .offValue = [](const Scenario &s) { return levers::batchStartMs(s.workload); },
          .onText = tr("Batch predictions"),
          .offText = tr("Stop batching"),
          .explanationShown = false},
         {.label = tr("Keep fraction"),
          .explanation = tr("Pre-filtering: the share of users that still needs scoring (dormant "
                            "users and cached scores removed)."),
          .control = config(0.001, 1, Scale::Linear, 3, QString()),
          .undoText = tr("Change keep fraction"),
          .field = ofWorkload(&Workload::keepFraction),
          .explanationShown = false}});
    // Which latency is in force when a device and a model set it.
    m_hardwareNote = explanationLabel(QString(), workloadBox);
    m_hardwareNote->setAccessibleName(tr("Latency in force"));
    m_hardwareNote->setVisible(false);
    workload->addRow(m_hardwareNote);
    layout->addWidget(workloadBox);

    auto *scaleBox = new QGroupBox(tr("Scale-out"), this);
    auto *scale = new QFormLayout(scaleBox);
    scale->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    m_bound->bind(
        scale, this,
        {{.label = tr("Workers"),
          .explanation = tr("Parallel workers (log scale, 1 to 10^6)."),
          .control =
              countConfig(1, 1e6, Scale::Log, [](int n) { return tr("%n worker(s)", nullptr, n); }),
          .undoText = tr("Change workers"),
          .field = ofWorkload(&Workload::workers),
          .explanationShown = false},
         {.label = tr("Parallel fraction p"),
          .explanation = tr("Amdahl's p: the share of the job that parallelises. The rest (model "
                            "load, the driver, a shared store, the coordinator) stays serial and "
                            "caps the speedup at 1 / (1 − p)."),
          .control = config(0, 1, Scale::Linear, 4, QString()),
          .undoText = tr("Change parallel fraction"),
          .field = ofWorkload(&Workload::parallelFraction),
          .explanationShown = false},
         {.label = tr("Compare with p"),
          .explanation =
              tr("Pin a second parallel fraction: the Amdahl chart draws its curve too."),
          .control = optionalConfig(config(0, 1, Scale::Linear, 4, QString()), tr("pin")),
          .undoText = tr("Change compared p"),
          .field = field(&Scenario::comparisonParallelFraction),
          .onText = tr("Pin compared p"),
          .offText = tr("Unpin compared p"),
          .explanationShown = false}});
    layout->addWidget(scaleBox);

    auto *stagesBox = new QGroupBox(tr("Pipeline stages (per user)"), this);
    m_stagesBox = stagesBox;
    auto *stages = new QVBoxLayout(stagesBox);
    auto *stagesForm = new QFormLayout;
    m_execution = new QComboBox(stagesBox);
    m_execution->addItem(tr("Sequential (sum of stages)"));
    m_execution->addItem(tr("Pipelined (slowest stage)"));
    m_execution->setToolTip(
        tr("Sequential: per-user cost is the sum of the stage times. Pipelined: "
           "stages overlap through queues and the slowest stage sets the rate."));
    m_execution->setAccessibleName(tr("Execution"));
    stagesForm->addRow(tr("Execution"), m_execution);
    wheelOnlyWhenFocused(m_execution);
    m_bound->bindChoice(m_execution, [](const Scenario &s) {
        return s.execution == Execution::Sequential ? 0 : 1;
    });
    stages->addLayout(stagesForm);
    m_bound->bind(
        stagesForm, stagesBox,
        {{.label = tr("Microbatches"),
          .explanation = tr("Items in flight through the pipeline in the Gantt chart."),
          .control = countConfig(1, 4096, Scale::Log,
                                 [](int n) { return tr("%n microbatch(es)", nullptr, n); }),
          .undoText = tr("Change microbatches"),
          .field = field(&Scenario::microbatches),
          .explanationShown = false}});
    m_stageRows = new QWidget(stagesBox);
    m_stageRowsLayout = new QVBoxLayout(m_stageRows);
    m_stageRowsLayout->setContentsMargins(0, 0, 0, 0);
    stages->addWidget(m_stageRows);
    auto *addStage = new QPushButton(tr("Add stage"), stagesBox);
    addStage->setToolTip(tr("Add a stage (fetch, transform, write...) after the last one."));
    stages->addWidget(addStage, 0, Qt::AlignLeft);
    layout->addWidget(stagesBox);
    layout->addStretch(1);

    // A refused edit shows the document's values again (the control says why).
    connect(m_bound, &ScenarioBindings::refused, this, &InputsPanel::syncFromDocument);
    connect(m_execution, &QComboBox::activated, this, [this](int index) {
        editScenario(tr("Change execution"), [index](Scenario &s) {
            s.execution = index == 0 ? Execution::Sequential : Execution::Pipelined;
        });
    });
    connect(addStage, &QPushButton::clicked, this, [this]() {
        editScenario(tr("Add stage"), [](Scenario &s) {
            s.stages.push_back(
                Stage{QStringLiteral("stage %1").arg(s.stages.size() + 1), 10, false});
        });
    });
}

QStringList InputsPanel::notShowing() const
{
    if (!m_document)
        return {};
    const Scenario &s = m_document->scenario();
    QStringList wrong = m_bound->notShowing(s);
    if (m_stageRowWidgets.size() != s.stages.size())
        return wrong << QStringLiteral("stage rows (%1 for %2 stages)")
                            .arg(m_stageRowWidgets.size())
                            .arg(s.stages.size());
    for (size_t i = 0; i < s.stages.size(); ++i) {
        const StageRow &row = m_stageRowWidgets[i];
        if ((row.time == nullptr) != s.stages[i].isScoring) {
            wrong << QStringLiteral("stage %1's kind").arg(i + 1);
        } else if (row.time && std::abs(row.time->value() - s.stages[i].msPerUser) >
                                   std::max(0.005, 1e-9 * s.stages[i].msPerUser)) {
            wrong << QStringLiteral("stage %1's time (shows %2 ms, the plan holds %3 ms)")
                         .arg(i + 1)
                         .arg(row.time->value())
                         .arg(s.stages[i].msPerUser);
        }
        if (row.name->text() != s.stages[i].name)
            wrong << QStringLiteral("stage %1's name").arg(i + 1);
    }
    return wrong;
}

ValueControl *InputsPanel::stageTimeControl(int index) const
{
    return index >= 0 && index < static_cast<int>(m_stageRowWidgets.size())
               ? m_stageRowWidgets[static_cast<size_t>(index)].time
               : nullptr;
}

ValueControl *InputsPanel::usersControl() const
{
    return m_bound->control(field(&Scenario::workload, &Workload::users));
}

ValueControl *InputsPanel::predictionsControl() const
{
    return m_bound->control(field(&Scenario::workload, &Workload::predictionsPerUser));
}

ValueControl *InputsPanel::workersControl() const
{
    return m_bound->control(field(&Scenario::workload, &Workload::workers));
}

ValueControl *InputsPanel::latencyControl() const
{
    return m_bound->control(field(&Scenario::workload, &Workload::latencyMs));
}

ValueControl *InputsPanel::acceleratorControl() const
{
    return m_bound->control(field(&Scenario::workload, &Workload::acceleratorLatencyMs));
}

ValueControl *InputsPanel::batchingControl() const
{
    return m_bound->control(field(&Scenario::workload, &Workload::batchMsPerUser));
}

ValueControl *InputsPanel::parallelFractionControl() const
{
    return m_bound->control(field(&Scenario::workload, &Workload::parallelFraction));
}

ValueControl *InputsPanel::deadlineControl() const
{
    return m_bound->control(field(&Scenario::goal, &GoalSettings::deadlineSeconds));
}

void InputsPanel::focusDeadline()
{
    ValueControl *deadline = deadlineControl();
    if (!deadline)
        return;
    // Turning it on is the edit (undoable); the person then types the deadline they mean.
    if (QCheckBox *on = deadline->checkBox(); on && !on->isChecked())
        on->setChecked(true);
    deadline->spinBox()->setFocus(Qt::OtherFocusReason);
    deadline->spinBox()->selectAll();
}

ValueControl *InputsPanel::budgetControl() const
{
    return m_bound->control(field(&Scenario::goal, &GoalSettings::budget));
}

void InputsPanel::setDocument(ScenarioDocument *document)
{
    m_bound->setDocument(document);
    observeDocument(this, m_document, document, &InputsPanel::syncFromDocument, Section::Inputs);
    if (m_document) {
        // Text typed into the stage times of the last document, refused or not, goes with it
        // (the bindings drop theirs).
        connect(m_document, &ScenarioDocument::loaded, this, [this]() {
            for (const StageRow &row : m_stageRowWidgets) {
                if (row.time)
                    row.time->discardText();
            }
        });
    }
}

void InputsPanel::editScenario(const QString &text, const std::function<void(Scenario &)> &change)
{
    // The control that sent the edit is its source: a stage time's drag is one undo step.
    if (!m_document || m_document->editScenario(text, change, sender()))
        return;
    syncFromDocument(); // refused: show the document's values again, and say why
    if (auto *control = qobject_cast<ValueControl *>(sender())) {
        Scenario after = m_document->scenario();
        change(after);
        control->refuse(refusalReason(after));
    }
}

void InputsPanel::commitCounted()
{
    if (!m_document)
        return;
    const QString typed = m_counted->text();
    const std::optional<CountedNoun> noun = countedNoun(typed);
    if (!noun) {
        // Refused at the field, the typed text kept so it can be corrected.
        m_countedProblem->setText(
            tr("Counts %1; the plan still counts %2.")
                .arg(countedNounProblem(typed), m_document->scenario().workload.counted.many));
        m_countedProblem->show();
        return;
    }
    m_countedProblem->hide();
    if (*noun == m_document->scenario().workload.counted)
        return;
    editScenario(tr("Count %1").arg(noun->many),
                 [noun](Scenario &s) { s.workload.counted = *noun; });
}

void InputsPanel::applyNoun(const CountedNoun &noun)
{
    if (noun == m_noun)
        return;
    m_noun = noun;
    m_bound->relabel(field(&Scenario::workload, &Workload::users), noun.capitalizedMany(),
                     tr("%1 the job scores (log scale, 1 to 10^10).").arg(noun.capitalizedMany()));
    m_bound->relabel(field(&Scenario::workload, &Workload::predictionsPerUser),
                     tr("Predictions per %1").arg(noun.one),
                     tr("Model calls per %1.").arg(noun.one));
    m_bound->relabel(field(&Scenario::workload, &Workload::batchMsPerUser), tr("Batching lever"),
                     tr("Time to score one %1 with all predictions batched into one call; "
                        "replaces predictions × latency when on.")
                         .arg(noun.one));
    m_bound->relabel(field(&Scenario::workload, &Workload::keepFraction), tr("Keep fraction"),
                     tr("Pre-filtering: the share of %1 that still needs scoring (dormant ones "
                        "and cached scores removed).")
                         .arg(noun.many));
    if (ValueControl *users = m_bound->control(field(&Scenario::workload, &Workload::users)))
        users->setCounted([this](int n) { return m_noun.plainCount(n); });
    for (const StageRow &row : m_stageRowWidgets) {
        if (row.time)
            row.time->setToolTip(stageTimeTip(noun));
        if (row.scoringTime)
            row.scoringTime->setToolTip(scoringTimeTip(noun));
    }
    m_stagesBox->setTitle(tr("Pipeline stages (per %1)").arg(noun.one));
    m_stagesBox->setToolTip(tr("Each stage's time per %1.").arg(noun.one));
}

void InputsPanel::commitNotes()
{
    const QString notes = m_notes->toPlainText();
    if (m_document && notes != m_document->scenario().notes)
        editScenario(tr("Edit notes"), [notes](Scenario &s) { s.notes = notes; });
}

void InputsPanel::syncFromDocument()
{
    if (!m_document)
        return;
    const Scenario &s = m_document->scenario();
    if (!m_name->hasFocus() && m_name->text() != s.name)
        m_name->setText(s.name);
    if (!m_notes->hasFocus() && m_notes->toPlainText() != s.notes) {
        const QSignalBlocker blocker(m_notes);
        // Breaking at a word boundary searches each line for one: over a run of thousands of
        // characters with no space that search is quadratic (a 1 MiB line took 33 s to show).
        // Such text is wrapped anywhere, which is linear; prose keeps its word wrap.
        m_notes->setWordWrapMode(longestUnbrokenRun(s.notes) > kLongestWrappedWord
                                     ? QTextOption::WrapAnywhere
                                     : QTextOption::WrapAtWordBoundaryOrAnywhere);
        m_notes->setPlainText(s.notes);
    }
    if (!m_counted->hasFocus() && m_counted->text() != s.workload.counted.many) {
        m_counted->setText(s.workload.counted.many);
        m_countedProblem->hide();
    }
    applyNoun(s.workload.counted);
    // The budget is in the plan's currency.
    if (ValueControl *budget = m_bound->control(field(&Scenario::goal, &GoalSettings::budget));
        budget && budget->suffix() != QLatin1Char(' ') + s.goal.currency)
        budget->setSuffix(QLatin1Char(' ') + s.goal.currency);
    m_bound->show(s);
    const HardwareInForce &hardware = m_document->planResult().hardware.current;
    // A device in force sets the latency per item: the latency and the accelerator and batching
    // levers show what is in force instead of a live control; what was typed stays.
    const QString device = hardware.device.name;
    latencyControl()->setInForce(
        hardware.inForce ? tr("%1 in force, from %2 (Hardware & cost, Ctrl+6); typed %3")
                               .arg(format::milliseconds(runtime::effectiveLatencyMs(
                                        m_document->planResult().inForce.workload)),
                                    device, format::milliseconds(s.workload.latencyMs))
                         : QString());
    const QString notUsed =
        hardware.inForce ? tr("Not used: %1 sets the latency").arg(device) : QString();
    acceleratorControl()->setInForce(notUsed);
    batchingControl()->setInForce(notUsed);
    m_hardwareNote->setVisible(s.hardware.enabled);
    m_hardwareNote->setText(
        hardware.inForce
            ? tr("In force: %1 (Hardware & cost, Ctrl+6); the accelerator lever above is not used.")
                  .arg(explain::hardwareLever(hardware))
            : tr("Hardware & cost is on but not in force: %1. The latency above holds.")
                  .arg(explain::hardwareProblem(hardware)));
    // The rows are made again when the plan's stages are not the rows' (another count, or the
    // scoring stage elsewhere), then every row shows the plan's values: a new row never shows a
    // control's own default.
    bool sameRows = m_stageRowWidgets.size() == s.stages.size();
    for (size_t i = 0; sameRows && i < s.stages.size(); ++i)
        sameRows = (m_stageRowWidgets[i].time == nullptr) == s.stages[i].isScoring;
    if (!sameRows)
        rebuildStageRows();
    const ScenarioResult &r = m_document->result();
    for (size_t i = 0; i < s.stages.size(); ++i) {
        StageRow &row = m_stageRowWidgets[i];
        const bool scoring = s.stages[i].isScoring;
        if (row.name->text() != s.stages[i].name && !row.name->hasFocus())
            row.name->setText(s.stages[i].name);
        if (scoring) {
            row.scoringTime->setText(format::milliseconds(r.stageMs[i]) +
                                     tr(" (from the workload)"));
        } else {
            row.time->setValue(s.stages[i].msPerUser);
            row.time->setRangeText(
                ScenarioBindings::rangeLabel(s, &m_document->planResult().inForce,
                                             QStringLiteral("stages[%1].ms_per_user").arg(i)));
        }
        const bool bottleneck = static_cast<int>(i) == r.bottleneckIndex && s.stages.size() > 1;
        // Style sheets are costly to apply: only when the row's role changes.
        if (row.name->property("bottleneck").toBool() != bottleneck ||
            row.name->toolTip().isEmpty()) {
            row.name->setProperty("bottleneck", bottleneck);
            row.name->setStyleSheet(
                bottleneck ? QStringLiteral("font-weight: bold; color: #b3261e;") : QString());
            row.name->setToolTip(bottleneck ? tr("Bottleneck: the slowest stage")
                                            : tr("Stage name (click to rename)"));
        }
    }
}

void InputsPanel::rebuildStageRows()
{
    // deleteLater: the click that removed a stage may come from a button in one of these rows.
    for (const StageRow &row : m_stageRowWidgets) {
        row.row->hide();
        m_stageRowsLayout->removeWidget(row.row);
        row.row->deleteLater();
    }
    m_stageRowWidgets.clear();
    if (!m_document)
        return;
    const Scenario &s = m_document->scenario();
    for (size_t i = 0; i < s.stages.size(); ++i) {
        const int index = static_cast<int>(i);
        auto *row = new QWidget(m_stageRows);
        auto *layout = new QHBoxLayout(row);
        layout->setContentsMargins(0, 0, 0, 0);
        auto *name = new QLineEdit(s.stages[i].name, row);
        name->setAccessibleName(tr("Name of stage %1").arg(i + 1));
        name->setMaximumWidth(110);
        layout->addWidget(name);
        StageRow entry{row, name, nullptr, nullptr};
        if (s.stages[i].isScoring) {
            entry.scoringTime = new QLabel(row);
            entry.scoringTime->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
            entry.scoringTime->setToolTip(scoringTimeTip(m_noun));
            layout->addWidget(entry.scoringTime, 1);
        } else {
            entry.time = new ValueControl(config(0.01, 1e7, Scale::Log, 2, tr(" ms")), row);
            entry.time->setToolTip(stageTimeTip(m_noun));
            entry.time->setName(tr("Stage time"));
            connectDragSession(entry.time, this, m_document);
            layout->addWidget(entry.time, 1);
            // A stage's time takes a range too.
            m_bound->connectRange(entry.time, uncertainty::stageKey(static_cast<size_t>(index)));
            connect(entry.time, &ValueControl::valueEdited, this, [this, index](double v) {
                editScenario(tr("Change stage time"), [index, v](Scenario &sc) {
                    sc.stages[static_cast<size_t>(index)].msPerUser = v;
                });
            });
        }
        auto addButton = [row, layout](const QString &text, const QString &tip, bool enabled) {
            auto *button = new QToolButton(row);
            button->setText(text);
            button->setToolTip(tip);
            button->setEnabled(enabled);
            button->setAutoRaise(true);
            layout->addWidget(button);
            return button;
        };
        const int count = static_cast<int>(s.stages.size());
        QToolButton *up = addButton(QStringLiteral("▲"), tr("Move up"), index > 0);
        QToolButton *down = addButton(QStringLiteral("▼"), tr("Move down"), index < count - 1);
        QToolButton *remove =
            addButton(QStringLiteral("✕"), tr("Remove stage"), !s.stages[i].isScoring);
        connect(up, &QToolButton::clicked, this, [this, index]() {
            editScenario(tr("Move stage"), [index](Scenario &sc) {
                uncertainty::swapStages(sc, static_cast<size_t>(index),
                                        static_cast<size_t>(index) - 1);
            });
        });
        connect(down, &QToolButton::clicked, this, [this, index]() {
            editScenario(tr("Move stage"), [index](Scenario &sc) {
                uncertainty::swapStages(sc, static_cast<size_t>(index),
                                        static_cast<size_t>(index) + 1);
            });
        });
        connect(remove, &QToolButton::clicked, this, [this, index]() {
            editScenario(tr("Remove stage"), [index](Scenario &sc) {
                uncertainty::removeStage(sc, static_cast<size_t>(index));
            });
        });
        connect(name, &QLineEdit::editingFinished, this, [this, index, name]() {
            const QString text = name->text().trimmed();
            if (text.isEmpty()) {
                name->setText(m_document->scenario().stages[static_cast<size_t>(index)].name);
                return;
            }
            editScenario(tr("Rename stage"), [index, text](Scenario &sc) {
                sc.stages[static_cast<size_t>(index)].name = text;
            });
        });
        m_stageRowsLayout->addWidget(row);
        m_stageRowWidgets.push_back(entry);
    }
}

} // namespace pipeplan
