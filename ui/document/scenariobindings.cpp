#include "ui/document/scenariobindings.h"

#include "ui/document/scenariodocument.h"
#include "ui/widgets/valuecontrol.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace pipeplan {

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

ValueControl *ScenarioBindings::bind(QFormLayout *form, const QString &label,
                                     const QString &explanation, ValueControl *control, EditId id,
                                     const QString &undoText, Getter get, Setter set, double scale)
{
    auto *labelWidget = new QLabel(label, form->parentWidget());
    labelWidget->setToolTip(explanation);
    labelWidget->setBuddy(control->spinBox());
    control->setName(label);
    control->setToolTip(explanation);
    auto *cell = new QWidget(form->parentWidget());
    auto *cellLayout = new QVBoxLayout(cell);
    cellLayout->setContentsMargins(0, 0, 0, 0);
    cellLayout->setSpacing(1);
    cellLayout->addWidget(control);
    cellLayout->addWidget(explanationLabel(explanation, cell));
    form->addRow(labelWidget, cell);
    m_bindings.push_back({control, id, std::move(get), scale});
    connect(control, &ValueControl::valueEdited, this,
            [this, id, undoText, set, scale, control](double v) {
                edit(
                    undoText, id, [&set, v, scale](Scenario &s) { set(s, v * scale); }, control);
            });
    connect(control, &ValueControl::enabledEdited, this,
            [this, id, undoText, set, scale, control](bool on) {
                const double v = control->value() * scale;
                edit(undoText, id, [&set, on, v](Scenario &s) {
                    set(s, on ? std::optional<double>(v) : std::nullopt);
                });
            });
    connectDragSession(control, this, m_document);
    return control;
}

void ScenarioBindings::bind(QFormLayout *form, QWidget *parent, const std::vector<BindingRow> &rows)
{
    for (const BindingRow &row : rows)
        bind(form, row.label, row.explanation, new ValueControl(row.control, parent), row.id,
             row.undoText, row.field.get, row.field.set, row.scale);
}

ValueControl *ScenarioBindings::control(EditId id) const
{
    const auto found = std::find_if(m_bindings.begin(), m_bindings.end(),
                                    [id](const Binding &binding) { return binding.id == id; });
    return found == m_bindings.end() ? nullptr : found->control;
}

void ScenarioBindings::show(const Scenario &scenario) const
{
    for (const Binding &binding : m_bindings) {
        const std::optional<double> value = binding.get(scenario);
        if (value)
            binding.control->setValue(*value / binding.scale);
        binding.control->setValueEnabled(value.has_value());
    }
}

void ScenarioBindings::edit(const QString &text, EditId id,
                            const std::function<void(Scenario &)> &change, ValueControl *control)
{
    if (!m_document || m_document->editScenario(text, id, change))
        return;
    emit refused();
    if (control) {
        Scenario after = m_document->scenario();
        change(after);
        control->refuse(refusalReason(after));
    }
}

} // namespace pipeplan
