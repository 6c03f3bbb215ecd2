#include "ui/widgets/valuecontrol.h"

#include "core/base/format.h"
#include "core/base/numparse.h"
#include "ui/widgets/wraplabel.h"

#include <QAccessible>
#include <QAccessibleValueInterface>
#include <QAccessibleWidget>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>
#include <utility>

#include <cmath>

namespace pipeplan {

namespace {
constexpr int kSliderSteps = 1000;

const QLocale &english()
{
    static const QLocale locale(QLocale::English, QLocale::UnitedStates);
    return locale;
}

/// "60,000", "0.01", "10,000,000,000": grouped, without trailing zeros.
QString plain(double value, int decimals)
{
    QString text = english().toString(value, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

/// Bytes in one `unit` of a byte-count field ("GiB"), 0 when the unit is not a byte count.
double unitBytes(const QString &unit)
{
    static const std::pair<const char *, double> units[] = {{"B", 1.0},
                                                            {"kB", 1e3},
                                                            {"KB", 1e3},
                                                            {"MB", 1e6},
                                                            {"GB", 1e9},
                                                            {"TB", 1e12},
                                                            {"KiB", 1024.0},
                                                            {"MiB", 1048576.0},
                                                            {"GiB", 1073741824.0},
                                                            {"TiB", 1099511627776.0}};
    for (const auto &[name, bytes] : units) {
        if (unit == QLatin1String(name))
            return bytes;
    }
    return 0.0;
}

/// Seconds per unit of a duration field ("ms", "s", "min", "h"); 0 for any other field.
double unitSeconds(const QString &unit)
{
    static const std::pair<const char *, double> units[] = {
        {"ms", 1e-3}, {"s", 1.0}, {"min", 60.0}, {"h", 3600.0}};
    for (const auto &[name, seconds] : units) {
        if (unit == QLatin1String(name))
            return seconds;
    }
    return 0.0;
}

/// The text before and after the number for `value` in a field with `config`: its suffix, or
/// the unit of a count as tr() and format::plural read it for the value ("", " worker").
std::pair<QString, QString> unitAroundFor(const ValueControl::Config &config, double value)
{
    if (!config.counted)
        return {QString(), config.suffix};
    const int n = format::numerus(value);
    const QString translated = config.counted(n);
    const QString written = QString::number(n);
    const qsizetype at = translated.indexOf(written);
    if (at < 0) // a translation without the number: its text follows the value
        return {QString(), QLatin1Char(' ') + format::plural(translated, value)};
    return {format::plural(translated.left(at), value),
            format::plural(translated.mid(at + written.size()), value)};
}

bool isUndoOrRedo(const QKeyEvent *event)
{
    const QKeyCombination combination = event->keyCombination();
    return event->matches(QKeySequence::Undo) || event->matches(QKeySequence::Redo) ||
           combination == QKeyCombination(Qt::ControlModifier, Qt::Key_Z) ||
           combination == QKeyCombination(Qt::ControlModifier | Qt::ShiftModifier, Qt::Key_Z) ||
           combination == QKeyCombination(Qt::ControlModifier, Qt::Key_Y);
}

/// A spin box that takes any text while it is typed and leaves reading, committing and
/// refusing it to ValueControl: QDoubleSpinBox's own validator would strip a '-' or a 'M' as
/// they are typed and revert refused text on focus out.
class TypedSpinBox : public QDoubleSpinBox
{
public:
    using QDoubleSpinBox::QDoubleSpinBox;
    std::function<void()> beforeStep;
    std::function<std::optional<double>(const QString &)> parse;
    std::function<bool()> commit;
    std::function<bool()> discard;
    std::function<void()> beforeUndo;

    QLineEdit *edit() const { return lineEdit(); }

    void stepBy(int steps) override
    {
        if (beforeStep)
            beforeStep();
        QDoubleSpinBox::stepBy(steps);
    }
    QValidator::State validate(QString &text, int & /*pos*/) const override
    {
        return parse && parse(text) ? QValidator::Acceptable : QValidator::Intermediate;
    }
    void fixup(QString & /*input*/) const override {}
    double valueFromText(const QString &text) const override
    {
        const std::optional<double> parsed = parse ? parse(text) : std::nullopt;
        return parsed ? *parsed : value();
    }

protected:
    bool event(QEvent *event) override
    {
        // Undo and redo are the document's: not the line edit's own undo of typed characters.
        if (event->type() == QEvent::ShortcutOverride &&
            isUndoOrRedo(static_cast<QKeyEvent *>(event))) {
            if (beforeUndo)
                beforeUndo();
            event->ignore();
            return true;
        }
        return QDoubleSpinBox::event(event);
    }
    void keyPressEvent(QKeyEvent *event) override
    {
        switch (event->key()) {
        case Qt::Key_Enter:
        case Qt::Key_Return:
            if (commit && commit())
                selectAll();
            event->accept();
            return;
        case Qt::Key_Escape:
            if (discard && discard()) {
                event->accept();
                return;
            }
            break;
        default:
            if (isUndoOrRedo(event)) {
                event->accept();
                return;
            }
            break;
        }
        QDoubleSpinBox::keyPressEvent(event);
    }
    // Leaving the field commits the text. The base class then resets the text to the value;
    // refused text stays for correction.
    void focusOutEvent(QFocusEvent *event) override
    {
        committing([this, event]() { QDoubleSpinBox::focusOutEvent(event); });
    }
    void hideEvent(QHideEvent *event) override
    {
        committing([this, event]() { QDoubleSpinBox::hideEvent(event); });
    }
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::ActivationChange && !isActiveWindow())
            committing([this, event]() { QDoubleSpinBox::changeEvent(event); });
        else
            QDoubleSpinBox::changeEvent(event);
    }

private:
    void committing(const std::function<void()> &base)
    {
        const QString typed = lineEdit()->text();
        const bool refused = commit && !commit();
        base();
        if (refused)
            lineEdit()->setText(typed);
    }
};

/// A ValueControl's slider as a screen reader hears it: the field's value and unit ("10,000
/// workers"), not the slider's position on its 0 to 1,000 (often logarithmic) scale.
class ValueSliderAccessible : public QAccessibleWidget, public QAccessibleValueInterface
{
public:
    ValueSliderAccessible(QSlider *slider, ValueControl *control)
        : QAccessibleWidget(slider, QAccessible::Slider), m_control(control)
    {
    }
    void *interface_cast(QAccessible::InterfaceType type) override
    {
        if (type == QAccessible::ValueInterface)
            return static_cast<QAccessibleValueInterface *>(this);
        return QAccessibleWidget::interface_cast(type);
    }
    QString text(QAccessible::Text type) const override
    {
        if (type == QAccessible::Value)
            return m_control->spinBox()->text();
        return QAccessibleWidget::text(type);
    }
    QVariant currentValue() const override { return m_control->value(); }
    void setCurrentValue(const QVariant &value) override
    {
        m_control->spinBox()->setValue(value.toDouble()); // an edit, as typing it would be
    }
    QVariant maximumValue() const override { return m_control->spinBox()->maximum(); }
    QVariant minimumValue() const override { return m_control->spinBox()->minimum(); }
    QVariant minimumStepSize() const override
    {
        return std::pow(10.0, -m_control->spinBox()->decimals());
    }

private:
    ValueControl *m_control;
};

QAccessibleInterface *valueSliderFactory(const QString &className, QObject *object)
{
    if (className != QLatin1String("QSlider"))
        return nullptr;
    auto *slider = static_cast<QSlider *>(object);
    if (auto *control = qobject_cast<ValueControl *>(slider->parentWidget()))
        return new ValueSliderAccessible(slider, control);
    return nullptr;
}

/// Lets the wheel through to the scroll area unless the control has keyboard focus.
class WheelGuard : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Wheel) {
            const auto *widget = qobject_cast<QWidget *>(watched);
            if (widget && !widget->hasFocus()) {
                event->ignore(); // unhandled: QApplication offers it to the parents
                return true;
            }
        }
        return QObject::eventFilter(watched, event);
    }
};
} // namespace

void wheelOnlyWhenFocused(QWidget *widget)
{
    widget->setFocusPolicy(Qt::StrongFocus);
    widget->installEventFilter(new WheelGuard(widget));
}

ValueControl::Config ValueControl::makeConfig(double min, double max, Scale scale, int decimals,
                                              const QString &suffix)
{
    Config c;
    c.min = min;
    c.max = max;
    c.scale = scale;
    c.decimals = decimals;
    c.suffix = suffix;
    return c;
}

ValueControl::Config ValueControl::makeCount(double min, double max, Scale scale, Counted counted)
{
    Config c = makeConfig(min, max, scale, 0, QString());
    c.counted = std::move(counted);
    c.suffix = unitAroundFor(c, max).second;
    return c;
}

ValueControl::Config ValueControl::makeOptional(Config config, const QString &text)
{
    config.optional = true;
    config.optionalText = text;
    return config;
}

ValueControl::ValueControl(const Config &config, QWidget *parent)
    : QWidget(parent), m_config(config), m_slider(new QSlider(Qt::Horizontal, this)),
      m_spinBox(new TypedSpinBox(this)), m_message(new QLabel(this))
{
    static const bool accessibleSlider = []() {
        QAccessible::installFactory(valueSliderFactory);
        return true;
    }();
    Q_UNUSED(accessibleSlider);
    auto *spinBox = static_cast<TypedSpinBox *>(m_spinBox);
    m_lineEdit = spinBox->edit();
    // Steps less than kStepBurstMs apart form one session, like a slider drag: holding an arrow
    // key or turning the wheel is one undo step, not hundreds of snapshots of the plan.
    m_stepBurst.setSingleShot(true);
    m_stepBurst.setInterval(kStepBurstMs);
    connect(&m_stepBurst, &QTimer::timeout, this, &ValueControl::dragFinished);
    spinBox->beforeStep = [this]() {
        beginStep();
        // Typed text steps from what it reads as; text that reads as nothing is dropped.
        if (!hasPendingText())
            return;
        const Reading reading = read(m_lineEdit->text());
        clearRefusal();
        if (reading.value) {
            m_syncing = true;
            m_spinBox->setValue(*reading.value);
            m_syncing = false;
        } else {
            restoreText();
        }
    };
    spinBox->parse = [this](const QString &text) { return read(text).value; };
    spinBox->commit = [this]() { return commitText(); };
    spinBox->discard = [this]() {
        const bool any = hasPendingText() || !m_message->isHidden();
        discardText();
        return any;
    };
    spinBox->beforeUndo = [this]() {
        endStepBurst();
        if (!commitText())
            discardText();
    };

    auto *column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(2);
    auto *layout = new QHBoxLayout;
    column->addLayout(layout);
    if (config.optional) {
        m_checkBox = new QCheckBox(config.optionalText, this);
        layout->addWidget(m_checkBox);
        connect(m_checkBox, &QCheckBox::toggled, this, [this](bool on) {
            updateEnabledState();
            if (!m_syncing)
                emit enabledEdited(on);
        });
    }
    m_slider->setRange(0, kSliderSteps);
    m_slider->setPageStep(kSliderSteps / 20);
    m_slider->setMinimumWidth(70);
    layout->addWidget(m_slider, 1);

    // English grouping everywhere, as in reports and the CLI: "150,000,000 users".
    m_spinBox->setLocale(english());
    m_spinBox->setGroupSeparatorShown(true);
    m_spinBox->setDecimals(config.decimals);
    m_spinBox->setRange(config.min, config.max);
    updateUnit(m_spinBox->value());
    m_spinBox->setKeyboardTracking(false);
    m_spinBox->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_spinBox->setAlignment(Qt::AlignRight);
    fitWidthToUnit();
    layout->addWidget(m_spinBox);
    // The value another input puts in force, in the slider's and spin box's place.
    m_inForce = new QLabel(this);
    m_inForce->setAccessibleName(tr("In force"));
    m_inForce->setWordWrap(true);
    m_inForce->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_inForce->setStyleSheet(QStringLiteral(
        "QLabel { border: 1px dashed palette(mid); padding: 2px 6px; font-style: italic; }"));
    m_inForce->hide();
    layout->addWidget(m_inForce, 1);

    // Scrolling the panel passes over many controls: only the focused one takes the wheel.
    wheelOnlyWhenFocused(m_slider);
    wheelOnlyWhenFocused(m_spinBox);

    // The range this number is the median of, under the field.
    // The range moves with every tick of the slider: a WrapLabel repaints without a re-layout.
    m_rangeLabel = new WrapLabel(this);
    m_rangeLabel->setObjectName(QStringLiteral("rangeLabel"));
    m_rangeLabel->setAccessibleName(tr("Range"));
    m_rangeLabel->hide();
    column->addWidget(m_rangeLabel);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();
    column->addWidget(m_message);

    connect(m_slider, &QSlider::actionTriggered, this, [this]() {
        // Keys, wheel and clicks on the groove step; a drag is a session of its own.
        if (!m_slider->isSliderDown())
            beginStep();
    });
    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        if (m_syncing)
            return;
        const double value = sliderValue(position);
        clearRefusal();
        m_syncing = true;
        m_spinBox->setValue(value);
        m_syncing = false;
        emit valueEdited(m_spinBox->value());
    });
    connect(m_slider, &QSlider::sliderPressed, this, &ValueControl::dragStarted);
    connect(m_slider, &QSlider::sliderReleased, this, &ValueControl::dragFinished);
    connect(m_spinBox, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        // A count's unit follows every value, set or edited: "1 worker", "2 workers".
        updateUnit(value);
        if (m_syncing)
            return;
        clearRefusal();
        m_syncing = true;
        m_slider->setValue(sliderPosition(value));
        m_syncing = false;
        emit valueEdited(value);
    });
    updateEnabledState();
}

double ValueControl::value() const
{
    return m_spinBox->value();
}

bool ValueControl::isEnabledValue() const
{
    return !m_checkBox || m_checkBox->isChecked();
}

double ValueControl::rounded(double value) const
{
    // As QDoubleSpinBox keeps its value.
    return QString::number(value, 'f', m_config.decimals).toDouble();
}

void ValueControl::setValue(double value)
{
    // Unchanged values are not set again: a spin box repaints on every setValue. Text being
    // typed stays too: another field's edit must not wipe it.
    if (m_spinBox->value() == rounded(value) && m_slider->value() == sliderPosition(value))
        return;
    if (!m_committing)
        clearRefusal();
    m_syncing = true;
    m_spinBox->setValue(value);
    // A new value replaces typed text even when the rounded value is the same.
    if (hasPendingText())
        restoreText();
    // While a person drags, the slider already sits where they put it; moving it to the rounded
    // value would make it jitter under the mouse.
    if (!m_slider->isSliderDown())
        m_slider->setValue(sliderPosition(value));
    m_syncing = false;
}

void ValueControl::setValueEnabled(bool enabled)
{
    if (!m_checkBox)
        return;
    m_syncing = true;
    m_checkBox->setChecked(enabled);
    m_syncing = false;
    updateEnabledState();
}

void ValueControl::setName(const QString &name)
{
    m_name = name;
    updateAccessibility();
}

bool ValueControl::event(QEvent *event)
{
    const bool handled = QWidget::event(event);
    if (event->type() == QEvent::ToolTipChange)
        updateAccessibility();
    return handled;
}

void ValueControl::updateAccessibility()
{
    if (m_name.isEmpty())
        return;
    // The unit unless the name says it already: "Latency per prediction (ms)", but "Workers",
    // not "Workers (workers)".
    const QString unit = unitAround(2).second.trimmed();
    const QString singular = unitAround(1).second.trimmed();
    const bool said =
        unit.isEmpty() || (!singular.isEmpty() && m_name.contains(singular, Qt::CaseInsensitive));
    const QString name = said ? m_name : tr("%1 (%2)").arg(m_name, unit);
    const QString description = toolTip();
    for (QWidget *part : {static_cast<QWidget *>(m_slider), static_cast<QWidget *>(m_spinBox),
                          static_cast<QWidget *>(m_lineEdit)}) {
        part->setAccessibleName(name);
        part->setAccessibleDescription(description);
    }
    if (m_checkBox) {
        QString text = m_checkBox->text();
        text.remove(QLatin1Char('&'));
        m_checkBox->setAccessibleName(text.isEmpty() ? m_name : tr("%1: %2").arg(m_name, text));
        m_checkBox->setAccessibleDescription(description);
    }
}

QString ValueControl::name() const
{
    return m_name.isEmpty() ? tr("The value") : m_name;
}

std::pair<QString, QString> ValueControl::unitAround(double value) const
{
    return unitAroundFor(m_config, value);
}

void ValueControl::fitWidthToUnit()
{
    // As wide as the widest number with the longest spelling of its unit ("1,000 people").
    int width = 0;
    for (const double value : {m_config.min, 1.0, 2.0, m_config.max}) {
        const auto [before, after] = unitAround(value);
        width = std::max(width, m_spinBox->fontMetrics().horizontalAdvance(
                                    before + m_spinBox->textFromValue(m_config.max) + after));
    }
    m_spinBox->setMinimumWidth(width + 26);
}

void ValueControl::setCounted(Counted counted)
{
    m_config.counted = std::move(counted);
    updateUnit(m_spinBox->value());
    fitWidthToUnit();
    updateAccessibility();
}

QString ValueControl::suffix() const
{
    return m_config.suffix;
}

void ValueControl::setSuffix(const QString &suffix)
{
    if (m_config.suffix == suffix)
        return;
    m_config.suffix = suffix;
    updateUnit(m_spinBox->value());
    fitWidthToUnit();
    updateAccessibility();
}

void ValueControl::updateUnit(double value)
{
    const auto [before, after] = unitAround(value);
    if (m_spinBox->prefix() != before)
        m_spinBox->setPrefix(before);
    if (m_spinBox->suffix() != after)
        m_spinBox->setSuffix(after);
}

QStringList ValueControl::unitSpellings() const
{
    QStringList spellings;
    const auto add = [&spellings](const QString &text) {
        const QString unit = text.trimmed();
        if (!unit.isEmpty() && !spellings.contains(unit))
            spellings << unit;
    };
    add(m_config.suffix);
    if (m_config.counted) {
        // The singular and the plural forms a translation may have (1, 2, 5), and the one shown.
        for (const double value : {1.0, 2.0, 5.0, m_config.max, m_spinBox->value()}) {
            const auto [before, after] = unitAround(value);
            add(before);
            add(after);
        }
    }
    // The longest first: "workers" is not read as "worker" and a stray "s".
    std::stable_sort(spellings.begin(), spellings.end(),
                     [](const QString &a, const QString &b) { return a.size() > b.size(); });
    return spellings;
}

QString ValueControl::rangeSentence(bool wholeNumber, bool decimals) const
{
    const QString suffix = unitAround(m_config.max).second;
    const QString unit = suffix.trimmed();
    // "between 0.01 and 60,000 ms", but "Workers must be between 1 and 1,000,000".
    const bool showUnit = !unit.isEmpty() && !name().contains(unit, Qt::CaseInsensitive);
    QString sentence =
        (wholeNumber ? tr("%1 must be a whole number between %2 and %3")
                     : tr("%1 must be between %2 and %3"))
            .arg(name(), plain(m_config.min, m_config.decimals),
                 plain(m_config.max, m_config.decimals) + (showUnit ? suffix : QString()));
    if (unit.isEmpty() && m_config.min >= 0 && m_config.max <= 1)
        sentence += tr(" (%1% to %2%)")
                        .arg(plain(m_config.min * 100, m_config.decimals),
                             plain(m_config.max * 100, m_config.decimals));
    if (decimals)
        sentence += m_config.decimals == 1 ? tr(", to 1 decimal")
                                           : tr(", to %1 decimals").arg(m_config.decimals);
    return sentence + QLatin1Char('.');
}

QString ValueControl::withoutUnits(const QString &text) const
{
    QString number = text.trimmed();
    const QStringList units = unitSpellings();
    // "150,000,000 users" as the field shows it, or "150M" typed over it; "2,500 workers" typed
    // in full reads "2,500 workers workers" once the spin box has added its suffix. A count's
    // unit in any of its forms: "1 worker", "2 workers".
    for (bool stripped = true; stripped;) {
        stripped = false;
        for (const QString &unit : units) {
            if (number.endsWith(unit)) {
                number = number.chopped(unit.size()).trimmed();
                stripped = true;
            } else if (m_config.counted && number.startsWith(unit)) {
                // A translation may put the unit before the number.
                number = number.mid(unit.size()).trimmed();
                stripped = true;
            }
        }
    }
    return number;
}

ValueControl::Reading ValueControl::read(const QString &text) const
{
    const QString number = withoutUnits(text);
    const QStringList units = unitSpellings();
    const double bytesPerUnit = unitBytes(m_config.suffix.trimmed());
    const bool fraction = units.isEmpty() && m_config.min >= 0 && m_config.max <= 1;
    // In a byte field a byte count with its unit ("512Mi", "1.5GB") is converted to the field's
    // unit; a bare number is in it already.
    const bool bytes = bytesPerUnit > 0 && !number.isEmpty() && number.back().isLetter();
    // In a duration field a duration with its unit ("8h", "90 min", "1.5 weeks") is converted to
    // the field's unit; a bare number is in it already.
    const double secondsPerUnit = unitSeconds(m_config.suffix.trimmed());
    const bool duration = secondsPerUnit > 0 && !number.isEmpty() && number.back().isLetter();
    const numparse::Kind kind = fraction   ? numparse::Kind::Fraction
                                : bytes    ? numparse::Kind::Bytes
                                : duration ? numparse::Kind::Duration
                                           : numparse::Kind::Number;
    const numparse::Parsed parsed = numparse::typed(number, kind);
    if (!parsed.value) {
        QString problem = parsed.error;
        if (!problem.isEmpty())
            problem[0] = problem[0].toUpper();
        return {std::nullopt, problem + QStringLiteral(". ") + rangeSentence(false, false)};
    }
    double value = bytes      ? *parsed.value / bytesPerUnit
                   : duration ? *parsed.value / secondsPerUnit
                              : *parsed.value;
    if (value < m_config.min)
        return {std::nullopt, tr("'%1' is too small. ").arg(number) + rangeSentence(false, false)};
    if (value > m_config.max)
        return {std::nullopt, tr("'%1' is too large. ").arg(number) + rangeSentence(false, false)};
    // Never rounded behind the person's back: more decimals than the field keeps is refused
    // (what "1.1k" carries of binary noise is not a decimal).
    const double scale = std::pow(10.0, m_config.decimals);
    const double scaled = value * scale;
    const double kept = std::round(scaled);
    if (std::abs(scaled - kept) > 1e-9 * std::max(1.0, std::abs(scaled))) {
        if (m_config.decimals == 0)
            return {std::nullopt,
                    tr("'%1' is not a whole number. ").arg(number) + rangeSentence(true, false)};
        const QString problem = m_config.decimals == 1
                                    ? tr("'%1' has more than 1 decimal. ").arg(number)
                                    : tr("'%1' has more than %2 decimals. ")
                                          .arg(number, QString::number(m_config.decimals));
        return {std::nullopt, problem + rangeSentence(false, true)};
    }
    value = std::clamp(kept / scale, m_config.min, m_config.max);
    return {value, {}};
}

bool ValueControl::hasPendingText() const
{
    return m_lineEdit->text() !=
           m_spinBox->prefix() + m_spinBox->textFromValue(m_spinBox->value()) + m_spinBox->suffix();
}

void ValueControl::setAcceptsRange(bool accepts)
{
    m_acceptsRange = accepts;
}

QString ValueControl::rangeText() const
{
    return m_rangeLabel->isVisibleTo(this) ? m_rangeLabel->text() : QString();
}

void ValueControl::setRangeText(const QString &text)
{
    if (m_rangeLabel->text() != text)
        m_rangeLabel->setText(text);
    m_rangeLabel->setVisible(!text.isEmpty());
    m_hasRange = !text.isEmpty();
}

void ValueControl::setInForce(const QString &text)
{
    if (m_inForce->text() == text && m_inForce->isHidden() == text.isEmpty())
        return;
    const bool overridden = !text.isEmpty();
    m_inForce->setText(text);
    m_inForce->setToolTip(text);
    m_inForce->setVisible(overridden);
    m_slider->setVisible(!overridden);
    m_spinBox->setVisible(!overridden);
    // The range of a number not in force is greyed with it: it reads as not acting.
    m_rangeLabel->setEnabled(!overridden);
    if (m_checkBox)
        m_checkBox->setEnabled(!overridden);
}

QString ValueControl::inForceText() const
{
    return m_inForce->isHidden() ? QString() : m_inForce->text();
}

bool ValueControl::commitRange(const QString &typed)
{
    // "800..1,200", "800 to 1200" or "800/1,000/1,500", in the field's unit.
    const QString bare = withoutUnits(typed);
    if (!looksLikeRange(bare))
        return false;
    const bool fraction = m_config.min >= 0 && m_config.max <= 1;
    const RangeParse parsed = parseRange(bare, fraction ? Support::Fraction : Support::Positive);
    if (!parsed.range) {
        showRefusal(parsed.error.isEmpty() ? tr("Not a range.") : parsed.error + QLatin1Char('.'));
        return true;
    }
    if (parsed.range->low < m_config.min || parsed.range->high > m_config.max) {
        showRefusal(tr("The range must lie inside the field's bounds. ") +
                    rangeSentence(false, false));
        return true;
    }
    clearRefusal();
    endStepBurst();
    m_committing = true;
    m_refusedWhileCommitting = false;
    emit rangeEdited(parsed.range, 0);
    m_committing = false;
    if (m_refusedWhileCommitting)
        m_lineEdit->setText(typed);
    else
        restoreText();
    return true;
}

bool ValueControl::commitText()
{
    if (!hasPendingText()) {
        clearRefusal();
        return true;
    }
    const QString typed = m_lineEdit->text();
    if (m_acceptsRange && commitRange(typed))
        return !m_message->isVisible();
    const Reading reading = read(typed);
    if (!reading.value) {
        showRefusal(reading.message);
        return false;
    }
    clearRefusal();
    // A typed value is an undo step of its own, not the tail of a burst of arrow keys.
    endStepBurst();
    const double value = *reading.value;
    if (value == m_spinBox->value()) {
        restoreText();
        return true;
    }
    m_syncing = true;
    m_spinBox->setValue(value);
    m_slider->setValue(sliderPosition(value));
    m_syncing = false;
    m_committing = true;
    m_refusedWhileCommitting = false;
    // A plain number typed over a range is a number again: no uncertainty.
    if (m_acceptsRange && m_hasRange)
        emit rangeEdited(std::nullopt, value);
    else
        emit valueEdited(value);
    m_committing = false;
    if (m_refusedWhileCommitting) {
        // The owner showed the document's value again; the typed text comes back to be fixed.
        m_lineEdit->setText(typed);
        return false;
    }
    return true;
}

void ValueControl::discardText()
{
    clearRefusal();
    if (hasPendingText())
        restoreText();
}

void ValueControl::refuse(const QString &message)
{
    if (m_committing)
        m_refusedWhileCommitting = true;
    showRefusal(message);
}

QString ValueControl::refusalMessage() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

void ValueControl::showRefusal(const QString &message)
{
    m_message->setText(message);
    m_message->show();
    QPalette palette = m_spinBox->palette();
    palette.setColor(QPalette::Text, QColor(0xb3, 0x26, 0x1e));
    m_spinBox->setPalette(palette);
    m_spinBox->setAccessibleDescription(message);
}

void ValueControl::clearRefusal()
{
    if (m_message->isHidden() && m_message->text().isEmpty())
        return;
    m_message->hide();
    m_message->clear();
    m_spinBox->setPalette(QPalette());
    m_spinBox->setAccessibleDescription(QString());
}

void ValueControl::restoreText()
{
    const bool syncing = m_syncing;
    m_syncing = true;
    // setValue rewrites the text even when the value is unchanged.
    m_spinBox->setValue(m_spinBox->value());
    m_syncing = syncing;
}

void ValueControl::beginStep()
{
    if (!m_stepBurst.isActive())
        emit dragStarted();
    m_stepBurst.start();
}

void ValueControl::endStepBurst()
{
    if (!m_stepBurst.isActive())
        return;
    m_stepBurst.stop();
    emit dragFinished();
}

void ValueControl::updateEnabledState()
{
    const bool on = isEnabledValue();
    m_slider->setEnabled(on);
    m_spinBox->setEnabled(on);
}

int ValueControl::sliderPosition(double value) const
{
    double t = 0;
    if (m_config.scale == Scale::Log)
        t = std::log(value / m_config.min) / std::log(m_config.max / m_config.min);
    else
        t = (value - m_config.min) / (m_config.max - m_config.min);
    return static_cast<int>(std::lround(std::clamp(t, 0.0, 1.0) * kSliderSteps));
}

double ValueControl::sliderValue(int position) const
{
    const double t = static_cast<double>(position) / kSliderSteps;
    double value = m_config.scale == Scale::Log
                       ? m_config.min * std::pow(m_config.max / m_config.min, t)
                       : m_config.min + t * (m_config.max - m_config.min);
    // Log sliders land on 2-3 significant digits ("15,000,000", not "14,962,356"): values a
    // person would type in a meeting.
    if (m_config.scale == Scale::Log && value > 0) {
        const double magnitude = std::pow(10.0, std::floor(std::log10(value)) - 1);
        value = std::round(value / magnitude) * magnitude;
    }
    const double unit = std::pow(10.0, -m_config.decimals);
    value = std::round(value / unit) * unit;
    return std::clamp(value, m_config.min, m_config.max);
}

} // namespace pipeplan
