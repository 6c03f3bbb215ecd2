#include "ui/document/scenariobindings.h"

#include "core/model/uncertainty.h"
#include "ui/document/scenariodocument.h"
#include "ui/widgets/valuecontrol.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace pipeplan {

namespace {
/// The key a bound number takes ranges under: the registry's path of a rangeable row, else the
/// row's own (a number that is no member).
QString rangeKeyOf(const BindingRow &row, const fieldregistry::Field *registryRow)
{
    if (registryRow && registryRow->rangeable)
        return QLatin1StringView(registryRow->path).toString();
    return row.rangeKey;
}

/// The registry's row of a bound field: its own, or the one of the member it names (a field
/// that reads its member its own way, a list of per-device times as one value).
const fieldregistry::Field *registryRowOf(const ScenarioField &field)
{
    if (field.row)
        return field.row;
    return field.at
               ? fieldregistry::findAt(fieldregistry::probe(), field.at(fieldregistry::probe()))
               : nullptr;
}

bool sameField(const ScenarioField &a, const ScenarioField &b)
{
    return a.at && b.at && a.at(fieldregistry::probe()) == b.at(fieldregistry::probe());
}
} // namespace

ScenarioBindings::ScenarioBindings(QObject *parent) : QObject(parent) {}

void ScenarioBindings::setDocument(ScenarioDocument *document)
{
    if (m_document)
        disconnect(m_document, &ScenarioDocument::loaded, this, nullptr);
    m_document = document;
    if (m_document) {
        connect(m_document, &ScenarioDocument::loaded, this, [this]() {
            for (const Binding &binding : m_bindings)
                binding.control->discardText();
        });
    }
}

QString refusalReason(const Scenario &after)
{
    const std::vector<FieldError> errors = validate(after);
    return errors.empty() ? ScenarioBindings::tr("The plan does not take this value.")
                          : ScenarioBindings::tr("The plan does not take this value: %1.")
                                .arg(errors.front().toString());
}

QLabel *explanationLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setStyleSheet(QStringLiteral("color: palette(mid);"));
    QFont font = label->font();
    font.setPointSizeF(font.pointSizeF() * kExplanationFontScale);
    label->setFont(font);
    // A font of its own no longer follows the application's: the window rescales it from this
    // when presentation mode changes the font.
    label->setProperty("pp_fontScale", kExplanationFontScale);
    return label;
}

void ScenarioBindings::bindRow(QFormLayout *form, const BindingRow &row, ValueControl *control)
{
    auto *labelWidget = new QLabel(row.label, form->parentWidget());
    labelWidget->setToolTip(row.explanation);
    labelWidget->setBuddy(control->spinBox());
    control->setName(row.label);
    control->setToolTip(row.explanation);
    if (row.explanationShown) {
        auto *cell = new QWidget(form->parentWidget());
        auto *cellLayout = new QVBoxLayout(cell);
        cellLayout->setContentsMargins(0, 0, 0, 0);
        cellLayout->setSpacing(1);
        cellLayout->addWidget(control);
        cellLayout->addWidget(explanationLabel(row.explanation, cell));
        form->addRow(labelWidget, cell);
    } else {
        form->addRow(labelWidget, control);
    }
    const fieldregistry::Field *registryRow = registryRowOf(row.field);
    const QString rangeKey = rangeKeyOf(row, registryRow);
    // The registry's row says how the number is shown (hours of a deadline held in seconds).
    const double scale =
        row.scale ? *row.scale : (registryRow ? 1 / registryRow->displayScale : 1.0);
    m_bindings.push_back({control, labelWidget, rangeKey, row.field, scale, row.offValue});
    if (!rangeKey.isEmpty())
        connectRange(control, rangeKey, scale);
    const Setter set = row.field.set;
    connect(control, &ValueControl::valueEdited, this,
            [this, text = row.undoText, set, scale, control](double v) {
                edit(
                    text, [&set, v, scale](Scenario &s) { set(s, v * scale); }, control);
            });
    connect(control, &ValueControl::enabledEdited, this,
            [this, onText = row.onText.isEmpty() ? row.undoText : row.onText,
             offText = row.offText.isEmpty() ? row.undoText : row.offText, set, scale,
             control](bool on) {
                const double v = control->value() * scale;
                edit(
                    on ? onText : offText,
                    [&set, on, v](Scenario &s) {
                        set(s, on ? std::optional<double>(v) : std::nullopt);
                    },
                    control);
            });
    connectDragSession(control, this, m_document);
}

void ScenarioBindings::connectRange(ValueControl *control, const QString &key, double scale)
{
    control->setAcceptsRange(true);
    connect(control, &ValueControl::rangeEdited, this,
            [this, key, scale, control](const std::optional<Range> &typed, double value) {
                if (!m_document)
                    return;
                std::optional<Range> range = typed;
                if (range) {
                    range->low *= scale;
                    range->mode *= scale;
                    range->high *= scale;
                }
                Scenario probe = m_document->scenario();
                if (const QString problem = uncertainty::setRange(probe, key, range, value * scale);
                    !problem.isEmpty()) {
                    control->refuse(problem);
                    return;
                }
                edit(
                    range ? tr("Set a range") : tr("Drop the range"),
                    [key, range, value, scale](Scenario &s) {
                        uncertainty::setRange(s, key, range, value * scale);
                    },
                    control);
            });
}

QString ScenarioBindings::rangeLabel(const Scenario &scenario, const Scenario *inForce,
                                     const QString &key, double scale, const QString &unit)
{
    const auto found = scenario.uncertainty.ranges.find(key);
    if (found == scenario.uncertainty.ranges.end())
        return {};
    Range shown = found->second;
    shown.low /= scale;
    shown.mode /= scale;
    shown.high /= scale;
    const std::optional<uncertainty::Input> in = uncertainty::input(scenario, key);
    const QString shownUnit = !unit.isEmpty() ? unit : in ? in->unit : QString();
    const QString text =
        rangeText(shown) + (shownUnit.isEmpty() ? QString() : QLatin1Char(' ') + shownUnit);
    const bool threePoint = found->second.kind == Range::Kind::ThreePoint;
    // A range on a number another overrides (the typed latency under a device's) acts on
    // nothing: it says so, and the control greys it with the number (setInForce).
    if (inForce && !uncertainty::rangeInForce(*inForce, key))
        return (threePoint ? tr("Range %1 (low/likely/high): not in force, as the typed value is "
                                "not")
                           : tr("Range %1 (90 %): not in force, as the typed value is not"))
            .arg(text);
    return (threePoint ? tr("Range %1 (low/likely/high); the value is its median")
                       : tr("Range %1 (90 %); the value is its median"))
        .arg(text);
}

void ScenarioBindings::bind(QFormLayout *form, QWidget *parent, const std::vector<BindingRow> &rows)
{
    for (const BindingRow &row : rows)
        bindRow(form, row, new ValueControl(row.control, parent));
}

ValueControl *ScenarioBindings::control(const ScenarioField &field) const
{
    const auto found =
        std::find_if(m_bindings.begin(), m_bindings.end(),
                     [&field](const Binding &binding) { return sameField(binding.field, field); });
    return found == m_bindings.end() ? nullptr : found->control;
}

ValueControl *ScenarioBindings::control(const QString &rangeKey) const
{
    const auto found =
        std::find_if(m_bindings.begin(), m_bindings.end(),
                     [&rangeKey](const Binding &binding) { return binding.rangeKey == rangeKey; });
    return found == m_bindings.end() ? nullptr : found->control;
}

void ScenarioBindings::relabel(const ScenarioField &field, const QString &label,
                               const QString &explanation)
{
    for (const Binding &binding : m_bindings) {
        if (!sameField(binding.field, field))
            continue;
        binding.label->setText(label);
        binding.label->setToolTip(explanation);
        binding.control->setName(label);
        binding.control->setToolTip(explanation);
    }
}

void ScenarioBindings::bindChoice(QComboBox *box, std::function<int(const Scenario &)> index)
{
    m_choices.push_back({box, std::move(index)});
}

QStringList ScenarioBindings::notShowing(const Scenario &scenario) const
{
    QStringList wrong;
    for (const Binding &binding : m_bindings) {
        const std::optional<double> value = binding.field.get(scenario);
        if (binding.control->isEnabledValue() != value.has_value()) {
            wrong << binding.control->name();
            continue;
        }
        if (!value)
            continue;
        const double expected = *value / binding.scale;
        const double shown = binding.control->value();
        // What the spin box can show: the value rounded to its decimals.
        const double step = std::pow(10.0, -binding.control->decimals());
        if (std::abs(shown - expected) > std::max(step / 2, 1e-9 * std::abs(expected)))
            wrong << QStringLiteral("%1 (shows %2, the plan holds %3)")
                         .arg(binding.control->name())
                         .arg(shown)
                         .arg(expected);
    }
    for (const ChoiceBinding &choice : m_choices) {
        if (choice.box->currentIndex() != choice.index(scenario))
            wrong << QStringLiteral("%1 (shows %2)")
                         .arg(choice.box->accessibleName(), choice.box->currentText());
    }
    return wrong;
}

void ScenarioBindings::show(const Scenario &scenario) const
{
    for (const ChoiceBinding &choice : m_choices) {
        if (const int index = choice.index(scenario); choice.box->currentIndex() != index) {
            const QSignalBlocker blocker(choice.box);
            choice.box->setCurrentIndex(index);
        }
    }
    for (const Binding &binding : m_bindings) {
        const std::optional<double> value = binding.field.get(scenario);
        if (value)
            binding.control->setValue(*value / binding.scale);
        else if (binding.offValue)
            binding.control->setValue(binding.offValue(scenario) / binding.scale);
        binding.control->setValueEnabled(value.has_value());
        if (binding.rangeKey.isEmpty())
            continue;
        // The range the number is the median of, as typed, with its unit and kind.
        const QString text = rangeLabel(
            scenario, m_document ? &m_document->planResult().inForce : nullptr, binding.rangeKey,
            binding.scale, binding.scale != 1 ? binding.control->suffix().trimmed() : QString());
        binding.control->setRangeText(text);
    }
}

void ScenarioBindings::edit(const QString &text, const std::function<void(Scenario &)> &change,
                            ValueControl *control)
{
    // The control is the edit's source: its drag or key burst is one undo step.
    if (!m_document || m_document->editScenario(text, change, control))
        return;
    emit refused();
    if (control) {
        Scenario after = m_document->scenario();
        change(after);
        control->refuse(refusalReason(after));
    }
}

} // namespace pipeplan
