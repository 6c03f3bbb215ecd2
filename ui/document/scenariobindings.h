#pragma once

#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>
#include <vector>

class QFormLayout;
class QLabel;
class QWidget;

namespace pipeplan {

class ScenarioDocument;
class ValueControl;
struct Scenario;
enum class EditId;

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

    /// Adds a row "label: control" with the explanation under the control (and as tooltip).
    ValueControl *bind(QFormLayout *form, const QString &label, const QString &explanation,
                       ValueControl *control, EditId id, const QString &undoText, Getter get,
                       Setter set, double scale = 1);
    /// The control bound with edit `id` (the first, when two edit the same field), never one
    /// picked by its position; nullptr when none is.
    ValueControl *control(EditId id) const;
    /// Shows the scenario's values without emitting edits.
    void show(const Scenario &scenario) const;
    /// The document's editScenario(); refused() when the result is not a valid scenario.
    void edit(const QString &text, EditId id, const std::function<void(Scenario &)> &change,
              ValueControl *control = nullptr);

signals:
    void refused();

private:
    struct Binding
    {
        ValueControl *control;
        EditId id;
        Getter get;
        double scale = 1;
    };

    QPointer<ScenarioDocument> m_document;
    std::vector<Binding> m_bindings;
};

/// Why the document refuses `after` (the first thing validate() finds), for a refused control.
QString refusalReason(const Scenario &after);

/// A short grey explanation under an input, at this share of the application's font size (kept
/// as the label's "pp_fontScale" property so a new application font rescales it).
inline constexpr double kExplanationFontScale = 0.9;
/// A short grey explanation under an input.
QLabel *explanationLabel(const QString &text, QWidget *parent);

} // namespace pipeplan
