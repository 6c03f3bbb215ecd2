#pragma once

#include <QObject>
#include <QPointer>

#include "core/model/fieldregistry.h"
#include "core/model/scenario.h"
#include "ui/widgets/valuecontrol.h"

#include <functional>
#include <optional>
#include <type_traits>
#include <vector>

class QComboBox;
class QFormLayout;
class QLabel;
class QWidget;

namespace pipeplan {

class ScenarioDocument;

/// How a control reads and writes its number of the scenario, and which number it is.
struct ScenarioField
{
    std::function<std::optional<double>(const Scenario &)> get;
    std::function<void(Scenario &, std::optional<double>)> set;
    /// The member the number is, on a scenario: a control is found by its field (never by an id
    /// or a position). Empty for a number computed from the plan (a device's price in a list).
    std::function<const void *(const Scenario &)> at = {};
    /// The field registry's row of the member, when it has one: its key in the file, and
    /// whether it takes a range.
    const fieldregistry::Field *row = nullptr;
};

/// The number at a path of members of the scenario, read and written as it is stored (an int,
/// a count, a double, an optional double): field(&Scenario::project, &ProjectSettings::monteCarlo,
/// &estimate::MonteCarloOptions::trials). A control that is not optional always gives a value;
/// an optional one unticked clears an optional field (and leaves a plain one as it is).
template <typename... Members> ScenarioField field(Members... path)
{
    return {[path...](const Scenario &s) -> std::optional<double> {
                const auto &value = (s.*....*path);
                using T = std::remove_cvref_t<decltype(value)>;
                if constexpr (std::is_same_v<T, std::optional<double>>)
                    return value;
                else
                    return static_cast<double>(value);
            },
            [path...](Scenario &s, std::optional<double> v) {
                auto &value = (s.*....*path);
                using T = std::remove_cvref_t<decltype(value)>;
                if constexpr (std::is_same_v<T, std::optional<double>>)
                    value = v;
                else if (v)
                    value = static_cast<T>(*v);
            },
            [path...](const Scenario &s) -> const void * { return &(s.*....*path); },
            fieldregistry::rowOf(path...)};
}

/// The number of a registry row, as a control reads and writes it: a control bound to the row's
/// member is found by it.
inline ScenarioField fieldOf(const fieldregistry::Field &row)
{
    return {row.get, row.set, row.at, &row};
}

/// One input of a form, as a row of a panel's table: the label, the explanation under it, the
/// control, its undo text, the field, and the scenario units per display
/// unit (60 for minutes of a field in seconds). The rest is for the rows that need it (give them
/// by designator): an optional field's value while it is off, the undo texts of ticking it on and
/// off, and a dense form's explanation as the tooltip alone.
struct BindingRow
{
    QString label;
    QString explanation;
    ValueControl::Config control;
    QString undoText;
    ScenarioField field;
    /// Scenario units per display unit; unset: the registry row's (1 / its display scale), or 1.
    std::optional<double> scale = std::nullopt;
    /// Where an optional field that is off would start (scenario units), shown so ticking it
    /// starts there (a lever's value that makes the job faster); null: the last value shown.
    std::function<double(const Scenario &)> offValue = {};
    /// The undo texts of ticking an optional field on and off; empty: `undoText`.
    QString onText = {};
    QString offText = {};
    /// The explanation as a grey line under the control (else only as its tooltip).
    bool explanationShown = true;
    /// The number's path in the scenario file when it takes a range and its field is
    /// no registry row (a device's price); a rangeable row's path otherwise. Typing "800..1,200"
    /// sets one, and the field shows it under the value.
    QString rangeKey = {};
};

/// The inputs of a workspace tied to numbers of the scenario: each control shows its number (in
/// display units, `scale` scenario units per display unit) and edits it as one undoable step; a
/// slider drag is one step. An edit the document refuses emits refused() so the owner shows the
/// document's values again, and the control says why. Each control is named after its label in
/// refusals, and drops typed text when another document loads.
class ScenarioBindings : public QObject
{
    Q_OBJECT
public:
    using Getter = std::function<std::optional<double>(const Scenario &)>;
    using Setter = std::function<void(Scenario &, std::optional<double>)>;

    explicit ScenarioBindings(QObject *parent = nullptr);
    void setDocument(ScenarioDocument *document);

    /// Binds each row of `rows` into `form`, in order, its control a child of `parent`: a row
    /// "label: control" with the explanation under the control (and as its tooltip).
    void bind(QFormLayout *form, QWidget *parent, const std::vector<BindingRow> &rows);
    /// The control bound to `field`'s member (the first, when two edit it), never one picked by
    /// its position; nullptr when none is.
    ValueControl *control(const ScenarioField &field) const;
    /// The control whose number takes ranges under `key` (a field that is no member).
    ValueControl *control(const QString &rangeKey) const;
    /// Renames the row bound to `field` (its label, the control's name in refusals and for
    /// screen readers, and its explanation): the plan's counted noun changed.
    void relabel(const ScenarioField &field, const QString &label, const QString &explanation);
    /// `box` shows the choice of the scenario `index` gives (refreshed by show(), like every
    /// bound number): a choice box never keeps a state of its own that is not the plan's.
    void bindChoice(QComboBox *box, std::function<int(const Scenario &)> index);
    /// Shows the scenario's values without emitting edits.
    void show(const Scenario &scenario) const;
    /// The names of the bound controls that do not show `scenario`'s value (to the control's
    /// decimals), and of the choice boxes that show another choice: empty when the window
    /// shows the plan.
    QStringList notShowing(const Scenario &scenario) const;
    /// `control` (bound elsewhere, a stage's time) takes a range for the number at `key`:
    /// typing one sets it, a plain number drops it, each one undo step.
    void connectRange(ValueControl *control, const QString &key, double scale = 1);
    /// What a field with a range shows under its value: "Range 800..1,200 ms (90 %); the value
    /// is its median"; empty when the number at `key` holds none. With the plan in force
    /// `inForce`, a range on a number another overrides reads "...: not in force, as the typed
    /// value is not" (uncertainty::rangeInForce).
    /// `scale`: scenario units per display unit, with the display unit `unit` replacing the
    /// input's own ("40..60 %" of an efficiency held as 0.4..0.6).
    static QString rangeLabel(const Scenario &scenario, const Scenario *inForce, const QString &key,
                              double scale = 1, const QString &unit = {});
    /// The document's editScenario(); refused() when the result is not a valid scenario.
    void edit(const QString &text, const std::function<void(Scenario &)> &change,
              ValueControl *control = nullptr);

signals:
    void refused();

private:
    struct Binding
    {
        ValueControl *control;
        QLabel *label;
        QString rangeKey;
        ScenarioField field;
        double scale = 1;
        std::function<double(const Scenario &)> offValue;
    };
    void bindRow(QFormLayout *form, const BindingRow &row, ValueControl *control);

    struct ChoiceBinding
    {
        QComboBox *box;
        std::function<int(const Scenario &)> index;
    };

    QPointer<ScenarioDocument> m_document;
    std::vector<Binding> m_bindings;
    std::vector<ChoiceBinding> m_choices;
};

/// Why the document refuses `after` (the first thing validate() finds), for a refused control.
QString refusalReason(const Scenario &after);

/// A short grey explanation under an input, at this share of the application's font size (kept
/// as the label's "pp_fontScale" property so a new application font rescales it).
inline constexpr double kExplanationFontScale = 0.9;
/// A short grey explanation under an input.
QLabel *explanationLabel(const QString &text, QWidget *parent);

} // namespace pipeplan
