#include "ui/hardware/hardwarepanel.h"

#include "core/base/format.h"
#include "core/base/numparse.h"
#include "core/plan/hardwaretext.h"
#include "ui/document/scenariobindings.h"
#include "ui/document/scenariodocument.h"
#include "ui/hardware/costchart.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/chartexport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace pipeplan {

namespace {

constexpr auto config = &ValueControl::makeConfig;
using Scale = ValueControl::Scale;

ScenarioField ofModel(double hardware::ModelSpec::*member)
{
    return field(&Scenario::hardware, &HardwareSettings::model, member);
}

QTableWidget *readOnlyTable(int columns, const QString &name, QWidget *parent)
{
    auto *table = new QTableWidget(0, columns, parent);
    table->verticalHeader()->setVisible(false);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->horizontalHeader()->setStretchLastSection(true);
    appearance::fitRowsToFont(table);
    table->setAccessibleName(name);
    chartexport::installTableMenu(table, name, [table]() { return chartexport::tableRows(table); });
    return table;
}

} // namespace

HardwarePanel::HardwarePanel(QWidget *parent)
    : WorkspacePanel(Section::Inputs | Section::Model | Section::Tail, parent),
      m_enabled(new QCheckBox(tr("&Latency from the device and the model"), this)),
      m_device(new QComboBox(this)), m_model(new QComboBox(this)),
      m_devicePrice(new QCheckBox(tr("Workers cost the device's &price per hour"), this)),
      m_measured(new QLineEdit(this)), m_calibrate(new QPushButton(tr("&Calibrate"), this)),
      m_calibration(new QLabel(this)), m_summary(new QLabel(this)),
      m_devicesCaption(new QLabel(this)),
      m_setDeadline(new QPushButton(tr("Set a deadline…"), this)), m_turnOn(new QPushButton(this)),
      m_roofline(readOnlyTable(6, tr("Roofline per part"), this)),
      m_devices(readOnlyTable(8, tr("Cheapest device that meets the deadline"), this)),
      m_costChart(new CostChart(this))
{
    auto *inputs = new QWidget(this);
    auto *inputsLayout = new QVBoxLayout(inputs);

    auto *deviceBox = new QGroupBox(tr("Device and model"), inputs);
    auto *form = new QFormLayout(deviceBox);
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    m_enabled->setToolTip(tr("On: the job's latency per prediction is the roofline's latency per "
                             "item of this model on this device (the accelerator lever), and the "
                             "workers' price the device's. Off: the latency typed on the Model "
                             "tab holds."));
    form->addRow(m_enabled);
    m_device->setToolTip(tr("The device catalogue (pipeplan-cli devices) and the plan's own "
                            "devices; each with its peak, memory, bandwidth and price."));
    m_device->setAccessibleName(tr("Device"));
    form->addRow(tr("&Device"), m_device);
    for (const hardware::ModelSpec &m : hardware::modelPresets())
        m_model->addItem(m.name);
    m_model->setToolTip(tr("A preset's shape (layers, hidden size, heads, MLP width); the tokens, "
                           "output tokens and bits stay as set."));
    m_model->setAccessibleName(tr("Model"));
    form->addRow(tr("&Model"), m_model);
    m_bound->bind(
        form, deviceBox,
        {{.label = tr("Tokens per item"),
          .explanation = tr("The input of one item: a document's tokens, or a prompt."),
          .control = config(1, 131072, Scale::Log, 0, tr(" tokens")),
          .undoText = tr("Change tokens per item"),
          .field = ofModel(&hardware::ModelSpec::tokens),
          .explanationShown = false},
         {.label = tr("Output tokens"),
          .explanation = tr("0: one forward pass (embed, score, classify). More: generation, one "
                            "decode step per token against a growing KV cache."),
          .control = config(0, 32768, Scale::Linear, 0, tr(" tokens")),
          .undoText = tr("Change output tokens"),
          .field = ofModel(&hardware::ModelSpec::outputTokens),
          .explanationShown = false},
         {.label = tr("Batch"),
          .explanation = tr("Items per batch asked for; the device's memory caps it (weights, "
                            "KV cache and activations in 90 % of it)."),
          .control = config(1, 65536, Scale::Log, 0, tr(" items")),
          .undoText = tr("Change batch"),
          .field = field(&Scenario::hardware, &HardwareSettings::batch),
          .explanationShown = false},
         {.label = tr("Weight bits"),
          .explanation = tr("16 (BF16), 8 (INT8/FP8: the 8-bit peak when activations are 8-bit "
                            "too) or 4."),
          .control = config(1, 32, Scale::Linear, 0, tr(" bits")),
          .undoText = tr("Change weight bits"),
          .field = ofModel(&hardware::ModelSpec::weightBits),
          .explanationShown = false},
         {.label = tr("Price per device-hour"),
          .explanation = tr("The device's price in this plan: typing one keeps the device's "
                            "numbers with this price among the plan's own devices (the catalogue "
                            "stays as it is)."),
          .control = config(0, 1000, Scale::Linear, 2, QString()),
          .undoText = tr("Change device price"),
          .field = {[](const Scenario &s) -> std::optional<double> {
                        const std::optional<hardware::Device> d =
                            hardware::findDevice(s.hardware.device, s.hardware.devices);
                        return d ? std::optional<double>(d->pricePerHour) : std::nullopt;
                    },
                    [](Scenario &s, std::optional<double> price) {
                        if (price)
                            setDevicePrice(s.hardware, *price);
                    }},
          .explanationShown = false,
          .rangeKey = uncertainty::kDevicePriceKey.toString()},
         {.label = tr("Compute efficiency"),
          .explanation = tr("The share of the device's peak compute a kernel reaches (default "
                            "60 %); calibrate it from a measured time below."),
          .control = config(1, 100, Scale::Linear, 1, tr(" %")),
          .undoText = tr("Change compute efficiency"),
          .field = field(&Scenario::hardware, &HardwareSettings::efficiency,
                         &hardware::Efficiency::compute),
          .explanationShown = false},
         {.label = tr("Memory efficiency"),
          .explanation = tr("The share of the device's peak bandwidth reached (default 80 %)."),
          .control = config(1, 100, Scale::Linear, 1, tr(" %")),
          .undoText = tr("Change memory efficiency"),
          .field = field(&Scenario::hardware, &HardwareSettings::efficiency,
                         &hardware::Efficiency::memory),
          .explanationShown = false}});
    // The device's numbers take ranges too: "40..70" % of peak, "$2..$3.50" an hour.

    m_devicePrice->setToolTip(tr("On: the workers' price per hour is the device's (the "
                                 "catalogue's, or the one typed above). Off: the price on "
                                 "Overheads & tail holds."));
    form->addRow(m_devicePrice);
    inputsLayout->addWidget(deviceBox);

    auto *calibrateBox = new QGroupBox(tr("Calibrate from a measurement"), inputs);
    auto *calibrateLayout = new QVBoxLayout(calibrateBox);
    auto *calibrateRow = new QHBoxLayout;
    m_measured->setPlaceholderText(tr("ms per batch, e.g. 40"));
    m_measured->setAccessibleName(tr("Measured time per batch (ms)"));
    m_measured->setToolTip(tr("A measured time for one batch at the batch above: the efficiency "
                              "of the side the batch is bound by is solved to give it back."));
    calibrateRow->addWidget(m_measured, 1);
    m_calibrate->setToolTip(tr("Set the efficiency that reproduces the measured time (one "
                               "undoable step)"));
    calibrateRow->addWidget(m_calibrate);
    calibrateLayout->addLayout(calibrateRow);
    m_calibration->setWordWrap(true);
    calibrateLayout->addWidget(m_calibration);
    inputsLayout->addWidget(calibrateBox);
    inputsLayout->addStretch(1);

    auto *inputsScroll = new QScrollArea(this);
    inputsScroll->setWidget(inputs);
    inputsScroll->setWidgetResizable(true);
    inputsScroll->setFrameShape(QFrame::NoFrame);
    inputsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    inputsScroll->setMinimumWidth(inputs->sizeHint().width() + 16);
    inputsScroll->setMaximumWidth(440);

    auto *views = new QWidget(this);
    auto *viewsLayout = new QVBoxLayout(views);
    // The sentence and, off, its step side by side at the top: the page reads as one answer,
    // and the chart below takes the room.
    auto *summaryRow = new QHBoxLayout;
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAccessibleName(tr("What the device and model give"));
    summaryRow->addWidget(m_summary, 1);
    m_turnOn->setToolTip(tr("Take the latency per prediction from the roofline of this device "
                            "and model (\u201cLatency from the device and the model\u201d)"));
    connect(m_turnOn, &QPushButton::clicked, m_enabled, [this] { m_enabled->setChecked(true); });
    summaryRow->addWidget(m_turnOn, 0, Qt::AlignVCenter);
    viewsLayout->addLayout(summaryRow);
    // In widgets of their own, so that hidden they give their room to the chart: a layout whose
    // widgets are all hidden keeps its stretch.
    m_devicesHeader = new QWidget(views);
    auto *devicesRow = new QHBoxLayout(m_devicesHeader);
    devicesRow->setContentsMargins(0, 0, 0, 0);
    m_devicesCaption->setWordWrap(true);
    devicesRow->addWidget(m_devicesCaption, 1);
    // Without a deadline the table ranks nothing against one; this offers to set it.
    m_setDeadline->setToolTip(tr("Turn on the plan's deadline under Model > Goal"));
    connect(m_setDeadline, &QPushButton::clicked, this, &HardwarePanel::deadlineRequested);
    devicesRow->addWidget(m_setDeadline, 0, Qt::AlignVCenter);
    viewsLayout->addWidget(m_devicesHeader);
    m_devices->setToolTip(tr("Every device at the plan's batch (capped by its memory): the fewest "
                             "that meet the deadline with the overheads (or, without a deadline, "
                             "the plan's workers), their runtime, device-hours and cost, "
                             "cheapest first; or why it cannot."));
    viewsLayout->addWidget(m_devices, 3);
    // Below: the roofline of the device in force beside runtime against cost.
    auto *lower = new QHBoxLayout;
    m_rooflineBox = new QWidget(views);
    auto *rooflineColumn = new QVBoxLayout(m_rooflineBox);
    rooflineColumn->setContentsMargins(0, 0, 0, 0);
    m_rooflineCaption = new QLabel(tr("Roofline per part (all layers; decode per generated "
                                      "token): time = max(operations ÷ peak, bytes ÷ "
                                      "bandwidth), each at its efficiency."),
                                   views);
    m_rooflineCaption->setWordWrap(true);
    rooflineColumn->addWidget(m_rooflineCaption);
    rooflineColumn->addWidget(m_roofline, 1);
    lower->addWidget(m_rooflineBox, 1);
    auto *chartBox = new QGroupBox(tr("Runtime against cost"), views);
    auto *chartLayout = new QVBoxLayout(chartBox);
    chartLayout->setContentsMargins(2, 2, 2, 2);
    m_costChart->setMinimumHeight(200);
    chartLayout->addWidget(m_costChart);
    chartexport::installChartMenu(m_costChart, tr("Runtime against cost"), [this](QSize size) {
        return chartexport::recordPlot(m_costChart, size);
    });
    lower->addWidget(chartBox, 1);
    viewsLayout->addLayout(lower, 3);

    auto *outer = new QHBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(inputsScroll);
    split->addWidget(views);
    setInputsArea(inputsScroll);
    split->setStretchFactor(1, 1);
    outer->addWidget(split);

    connect(m_bound, &ScenarioBindings::refused, this, &HardwarePanel::refresh);
    connect(m_enabled, &QCheckBox::toggled, this, [this](bool on) {
        m_bound->edit(on ? tr("Take the latency from the device") : tr("Type the latency"),
                      [on](Scenario &s) { s.hardware.enabled = on; });
    });
    connect(m_devicePrice, &QCheckBox::toggled, this, [this](bool on) {
        m_bound->edit(on ? tr("Price workers at the device's rate") : tr("Type the price"),
                      [on](Scenario &s) { s.hardware.devicePrice = on; });
    });
    connect(m_device, &QComboBox::activated, this, [this](int index) {
        const QString name = m_device->itemData(index).toString();
        m_bound->edit(tr("Change device"), [name](Scenario &s) { s.hardware.device = name; });
    });
    connect(m_model, &QComboBox::activated, this, [this](int index) {
        const std::optional<hardware::ModelSpec> preset =
            hardware::findModelPreset(m_model->itemText(index));
        if (!preset)
            return;
        m_bound->edit(tr("Change model"), [preset](Scenario &s) {
            hardware::ModelSpec m = *preset;
            const hardware::ModelSpec &was = s.hardware.model;
            // The job's own words stay: its tokens, its generation and its precision.
            m.tokens = m.kind == hardware::ModelKind::Direct ? 1 : was.tokens;
            m.outputTokens = m.kind == hardware::ModelKind::Direct ? 0 : was.outputTokens;
            m.weightBits = was.weightBits;
            m.activationBits = was.activationBits;
            s.hardware.model = m;
        });
    });
    const auto calibrateTyped = [this]() {
        const numparse::Parsed parsed = numparse::number(m_measured->text());
        if (!parsed.value || !(*parsed.value > 0)) {
            m_calibration->setText(
                tr("Measured time per batch: a positive number of milliseconds, not '%1'.")
                    .arg(m_measured->text()));
            return;
        }
        calibrate(*parsed.value);
    };
    connect(m_calibrate, &QPushButton::clicked, this, calibrateTyped);
    connect(m_measured, &QLineEdit::returnPressed, this, calibrateTyped);
}

void HardwarePanel::documentAttached(ScenarioDocument *document)
{
    m_costChart->setDocument(document);
}

ValueControl *HardwarePanel::priceControl() const
{
    return m_bound->control(uncertainty::kDevicePriceKey.toString());
}

ValueControl *HardwarePanel::batchControl() const
{
    return m_bound->control(field(&Scenario::hardware, &HardwareSettings::batch));
}

QString HardwarePanel::summaryText() const
{
    return m_summary->text();
}

QString HardwarePanel::calibrate(double measuredMsPerBatch)
{
    if (!m_document)
        return {};
    const Scenario &s = m_document->scenario();
    const HardwareInForce &hw = m_document->planResult().hardware.current;
    if (!hw.inForce) {
        m_calibration->setText(tr("Nothing to calibrate: the device and model are not in force."));
        return m_calibration->text();
    }
    const hardware::Calibration c = hardware::calibrate(
        s.hardware.model, hw.device, s.hardware.efficiency, hw.batch, measuredMsPerBatch / 1000);
    m_calibration->setText(c.text);
    if (c.efficiency) {
        const hardware::Efficiency e = *c.efficiency;
        m_bound->edit(tr("Calibrate efficiency"),
                      [e](Scenario &scenario) { scenario.hardware.efficiency = e; });
    }
    return c.text;
}

void HardwarePanel::fillTable(QTableWidget *table, const QStringList &header,
                              const std::vector<bool> &numeric,
                              const std::vector<QStringList> &rows)
{
    const auto alignment = [&numeric](int column) {
        const bool number =
            column < static_cast<int>(numeric.size()) && numeric[static_cast<size_t>(column)];
        return (number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter;
    };
    table->clearSpans();
    // A device that cannot: core's row starts with its word for it.
    const QString cannot = QCoreApplication::translate("pipeplan::explain", "cannot: ");
    table->setColumnCount(static_cast<int>(header.size()));
    table->setHorizontalHeaderLabels(header);
    table->setRowCount(static_cast<int>(rows.size()));
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        const QStringList &row = rows[static_cast<size_t>(r)];
        for (int c = 0; c < static_cast<int>(row.size()); ++c) {
            auto *item = new QTableWidgetItem(row[c]);
            item->setToolTip(row[c]); // a long reason is cut in its cell
            // Numbers right-aligned, names and reasons left.
            const bool reason = row[c].startsWith(cannot);
            item->setTextAlignment(reason ? Qt::AlignLeft | Qt::AlignVCenter : alignment(c));
            table->setItem(r, c, item);
        }
        // A device that cannot: its reason across the columns after the bound.
        if (table == m_devices && row.size() > 4 && row[4].startsWith(cannot))
            table->setSpan(r, 4, 1, 4);
    }
    for (int c = 0; c < table->columnCount(); ++c) {
        if (QTableWidgetItem *h = table->horizontalHeaderItem(c))
            h->setTextAlignment(alignment(c));
    }
    table->resizeColumnsToContents();
    // Room between a right-aligned number and the left-aligned word after it ("12.98 ms",
    // "compute"), at any font size.
    const int gap = table->fontMetrics().horizontalAdvance(QStringLiteral("MM"));
    for (int c = 0; c + 1 < table->columnCount(); ++c)
        table->setColumnWidth(c, table->columnWidth(c) + gap);
}

void HardwarePanel::roundCosts(const std::vector<DeviceOption> &options, const QString &currency)
{
    // The cost to the three figures a choice of device needs ("$83.7M"); the exact amount, as
    // the report and the CLI print it, in the cell's tooltip.
    const int costColumn = m_devices->columnCount() - 1;
    for (int row = 0; row < m_devices->rowCount() && row < static_cast<int>(options.size());
         ++row) {
        const DeviceOption &option = options[static_cast<size_t>(row)];
        QTableWidgetItem *cell = m_devices->item(row, costColumn);
        if (!option.possible || !cell)
            continue;
        cell->setText(format::roundedMoney(option.cost, currency));
        cell->setToolTip(format::money(option.cost, currency));
    }
    m_devices->resizeColumnToContents(costColumn);
}

void HardwarePanel::refresh()
{
    if (!refreshNow())
        return;
    const Scenario &s = m_document->scenario();
    const PlanResult &result = m_document->planResult();
    const HardwareSection &hw = result.hardware;
    {
        const QSignalBlocker enabled(m_enabled);
        const QSignalBlocker price(m_devicePrice);
        const QSignalBlocker device(m_device);
        const QSignalBlocker model(m_model);
        m_enabled->setChecked(s.hardware.enabled);
        m_devicePrice->setChecked(s.hardware.devicePrice);
        m_device->clear();
        for (const hardware::Device &d : hardware::devicesOf(s.hardware.devices))
            m_device->addItem(
                tr("%1 (%2/h)").arg(d.name, format::money(d.pricePerHour, s.goal.currency)),
                d.name);
        const std::optional<hardware::Device> current =
            hardware::findDevice(s.hardware.device, s.hardware.devices);
        m_device->setCurrentIndex(
            std::max(0, m_device->findData(current ? current->name : s.hardware.device)));
        const int preset = m_model->findText(s.hardware.model.name);
        if (preset < 0 && m_model->count() == int(hardware::modelPresets().size()))
            m_model->addItem(s.hardware.model.name);
        else if (preset < 0)
            m_model->setItemText(m_model->count() - 1, s.hardware.model.name);
        m_model->setCurrentIndex(m_model->findText(s.hardware.model.name));
    }
    m_bound->show(s);
    // The price in the plan's currency per hour, as the device list writes it ("6.88 USD/h").
    if (ValueControl *price = priceControl())
        price->setSuffix(QLatin1Char(' ') + s.goal.currency + QStringLiteral("/h"));
    m_summary->setText(explain::hardwareSummary(s.hardware, hw.current));
    if (hw.current.inForce)
        fillTable(m_roofline, explain::rooflineHeader(), explain::rooflineNumeric(),
                  explain::rooflineRows(hw.current.roofline));
    else
        fillTable(m_roofline, explain::rooflineHeader(), explain::rooflineNumeric(), {});
    m_devicesCaption->setText(explain::deviceOptionsTitle(s) + QLatin1Char(':'));
    m_setDeadline->setVisible(s.hardware.enabled && !s.goal.deadlineSeconds);
    m_turnOn->setText(tr("Use %1's latency").arg(s.hardware.device));
    m_turnOn->setVisible(!s.hardware.enabled);
    // No empty tables with no word of what fills them: the summary above says it.
    m_rooflineBox->setVisible(hw.current.inForce);
    m_devices->setVisible(s.hardware.enabled);
    m_devicesHeader->setVisible(s.hardware.enabled);
    fillTable(m_devices, explain::deviceOptionsHeader(s.goal.deadlineSeconds.has_value()),
              explain::deviceOptionsNumeric(),
              s.hardware.enabled ? explain::deviceOptionRows(hw.options, s.goal.currency)
                                 : std::vector<QStringList>{});
    if (s.hardware.enabled)
        roundCosts(hw.options, s.goal.currency);
}

} // namespace pipeplan
