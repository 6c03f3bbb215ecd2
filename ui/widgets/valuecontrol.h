#pragma once

#include "core/model/range.h"

#include "core/base/fields.h"

#include <QTimer>
#include <QWidget>

#include <functional>
#include <optional>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSlider;

namespace pipeplan {

class WrapLabel;

/// A slider and a spin box kept in sync, for one number. The slider is linear or logarithmic;
/// the spin box takes typed values in the CLI's syntax ("150M", "1.5k", "10%" for a fraction,
/// "150,000,000"), committed on Enter or focus out, and shows units and thousands separators.
/// Text that does not parse or is out of range is refused: a message under the control says why
/// and names the range, nothing is edited, and the text stays for correction until Esc.
/// Optionally led by a check box that turns the value on and off.
///
/// The wheel only changes a control that has keyboard focus; over any other it scrolls the panel.
/// Ctrl+Z and Ctrl+Shift+Z / Ctrl+Y in the spin box commit (or drop) the typed text and leave the
/// key to the window's undo and redo of the document.
class ValueControl : public QWidget
{
    Q_OBJECT
public:
    /// Key or wheel steps less than this apart are one undo step.
    static constexpr int kStepBurstMs = 1000;

    enum class Scale
    {
        Linear,
        Log
    };

    /// A count's text for tr()'s %n: [](int n) { return tr("%n worker(s)", nullptr, n); }.
    using Counted = std::function<QString(int n)>;

    struct Config
    {
        double min = 0;
        double max = 1;
        Scale scale = Scale::Linear;
        int decimals = 0;
        QString suffix; ///< " users", " ms"; for a count, the unit as `counted` reads it for max
        /// A count's unit that follows the value ("1 worker", "2 workers"): the text tr() gives
        /// for format::numerus(value), completed by format::plural. Empty: `suffix` as it is.
        Counted counted;
        bool optional = false;
        QString optionalText; ///< check box text when optional
    };
    static Config makeConfig(double min, double max, Scale scale, int decimals,
                             const QString &suffix);
    /// A count whose unit follows the value: makeCount(1, 1e6, Scale::Log, [](int n) {
    /// return tr("%n worker(s)", nullptr, n); }) shows "1 worker", "2 workers", and reads a
    /// typed "1 worker" or "2 workers".
    static Config makeCount(double min, double max, Scale scale, Counted counted);
    /// The same config, led by a check box reading `text`.
    static Config makeOptional(Config config, const QString &text);

    ValueControl(const Config &config, QWidget *parent = nullptr);

    double value() const;
    bool isEnabledValue() const;
    /// Shows a value without emitting valueEdited. A new value replaces text being typed and
    /// clears a refusal; the value already shown leaves them be.
    void setValue(double value);
    void setValueEnabled(bool enabled);

    /// What refusals call the field ("Workers"); by default the label of its form row. Also
    /// the accessible name of its slider and spin box, with the unit ("Latency per prediction
    /// (ms)"); their description is the control's tooltip.
    void setName(const QString &name);
    /// A count's unit renamed (the plan's counted noun: "documents" for "users"), shown at once
    /// and read when typed.
    void setCounted(Counted counted);
    /// Typing "800..1,200" or "800/1,000/1,500" gives a range (rangeEdited) instead of a
    /// refusal; a plain number typed while a range is shown drops it (rangeEdited, nullopt).
    void setAcceptsRange(bool accepts);
    /// The range the value is the median of, under the field ("800..1,200 ms, 90 %"); empty:
    /// no range.
    void setRangeText(const QString &text);
    /// Another input overrides this one (a device sets the latency): `text` says the value in
    /// force and why, in place of the slider and spin box, so the control cannot be taken for
    /// a live one; what was typed stays in the plan. Empty: the control is live again.
    void setInForce(const QString &text);
    QString inForceText() const;
    QString rangeText() const;
    /// A plain unit renamed (" documents/s" for " users/s").
    void setSuffix(const QString &suffix);
    QString suffix() const;
    QString name() const;
    /// The decimals the value is shown with (what it is rounded to).
    int decimals() const { return m_config.decimals; }

    /// A typed text read as this field reads it: the value, or why it is refused.
    struct Reading
    {
        std::optional<double> value;
        QString message; ///< "'-5' is too small. Workers must be between 1 and 1,000,000."
    };
    Reading read(const QString &text) const;
    QString withoutUnits(const QString &text) const;
    /// Commits typed text shaped like a range; false when it is not one.
    bool commitRange(const QString &typed);

    /// True when the spin box holds typed text that is not the value it shows.
    bool hasPendingText() const;
    /// Commits the typed text (Enter, focus out): an edit if it reads as a new value; else a
    /// refusal, the text kept. True when nothing is left pending.
    bool commitText();
    /// Drops typed text and any refusal and shows the value again (Esc, another document).
    void discardText();
    /// The owner refuses the value just edited (the document would not take it): the message is
    /// shown and the typed text kept, as for a value out of range.
    void refuse(const QString &message);
    /// The refusal on screen, empty when none.
    QString refusalMessage() const;
    QLabel *refusalLabel() const { return m_message; }

    QSlider *slider() const { return m_slider; }
    QDoubleSpinBox *spinBox() const { return m_spinBox; }
    QLineEdit *lineEdit() const { return m_lineEdit; }
    QCheckBox *checkBox() const { return m_checkBox; }

signals:
    /// The person changed the value (slider, typing, arrow keys).
    void valueEdited(double value);
    /// A range typed (its median follows), or nullopt and the plain number typed over one.
    void rangeEdited(const std::optional<pipeplan::Range> &range, double value);
    /// The person turned an optional value on or off.
    void enabledEdited(bool enabled);
    void dragStarted();
    void dragFinished();

protected:
    /// A new tooltip becomes the description of the slider and the spin box.
    bool event(QEvent *event) override;

private:
    /// Names the slider, the spin box and the check box for screen readers.
    void updateAccessibility();
    int sliderPosition(double value) const;
    double sliderValue(int position) const;
    double rounded(double value) const;
    void updateEnabledState();
    /// A key, wheel or slider step: opens a burst (one undo step) or extends the open one.
    void beginStep();
    void endStepBurst();
    void showRefusal(const QString &message);
    void clearRefusal();
    /// Shows the spin box's value as text again, without signals.
    void restoreText();
    QString rangeSentence(bool wholeNumber, bool decimals) const;
    /// The text before and after the number for `value` (" workers"; a count's unit follows
    /// the value).
    std::pair<QString, QString> unitAround(double value) const;
    /// Shows the unit for `value` around the spin box's number.
    void updateUnit(double value);
    void fitWidthToUnit();
    /// Every spelling of the unit that typed text may carry: the suffix, or a count's singular
    /// and plural.
    QStringList unitSpellings() const;

    Config m_config;
    QString m_name;
    QSlider *m_slider;
    QDoubleSpinBox *m_spinBox;
    QLineEdit *m_lineEdit;
    QCheckBox *m_checkBox = nullptr;
    QLabel *m_message;
    WrapLabel *m_rangeLabel = nullptr;
    QLabel *m_inForce = nullptr;
    bool m_acceptsRange = false;
    bool m_hasRange = false;
    bool m_syncing = false;
    /// Set while valueEdited of a typed value is out: refuse() then keeps the text.
    bool m_committing = false;
    bool m_refusedWhileCommitting = false;
    QTimer m_stepBurst;
};

/// The wheel over `widget` goes to the scroll area around it unless `widget` has keyboard focus
/// (combo boxes and other controls in a scrolling panel); the widget takes focus on click or Tab.
void wheelOnlyWhenFocused(QWidget *widget);

} // namespace pipeplan
