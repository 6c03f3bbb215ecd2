#include "ui/widgets/valuecontrol.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QSlider>

#include <functional>

#include <cmath>

namespace pipeplan {

namespace {
constexpr int kSliderSteps = 1000;

/// A spin box that says when a step (arrow key, Page Up/Down, wheel, arrow button) begins.
class SteppingSpinBox : public QDoubleSpinBox
{
public:
    using QDoubleSpinBox::QDoubleSpinBox;
    std::function<void()> beforeStep;
    void stepBy(int steps) override
    {
        if (beforeStep)
            beforeStep();
        QDoubleSpinBox::stepBy(steps);
    }
};
} // namespace

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

ValueControl::Config ValueControl::makeOptional(Config config, const QString &text)
{
    config.optional = true;
    config.optionalText = text;
    return config;
}

ValueControl::ValueControl(const Config &config, QWidget *parent)
    : QWidget(parent), m_config(config), m_slider(new QSlider(Qt::Horizontal, this)),
      m_spinBox(new SteppingSpinBox(this))
{
    // Steps less than kStepBurstMs apart form one session, like a slider drag: holding an arrow
    // key is one undo step, not hundreds of snapshots of the plan.
    m_stepBurst.setSingleShot(true);
    m_stepBurst.setInterval(kStepBurstMs);
    connect(&m_stepBurst, &QTimer::timeout, this, &ValueControl::dragFinished);
    static_cast<SteppingSpinBox *>(m_spinBox)->beforeStep = [this]() {
        if (!m_stepBurst.isActive())
            emit dragStarted();
        m_stepBurst.start();
    };
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
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
    m_spinBox->setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    m_spinBox->setGroupSeparatorShown(true);
    m_spinBox->setDecimals(config.decimals);
    m_spinBox->setRange(config.min, config.max);
    m_spinBox->setSuffix(config.suffix);
    m_spinBox->setKeyboardTracking(false);
    m_spinBox->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_spinBox->setAlignment(Qt::AlignRight);
    m_spinBox->setMinimumWidth(m_spinBox->fontMetrics().horizontalAdvance(
                                   m_spinBox->textFromValue(config.max) + config.suffix) +
                               26);
    layout->addWidget(m_spinBox);

    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        if (m_syncing)
            return;
        const double value = sliderValue(position);
        m_syncing = true;
        m_spinBox->setValue(value);
        m_syncing = false;
        emit valueEdited(m_spinBox->value());
    });
    connect(m_slider, &QSlider::sliderPressed, this, &ValueControl::dragStarted);
    connect(m_slider, &QSlider::sliderReleased, this, &ValueControl::dragFinished);
    connect(m_spinBox, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        if (m_syncing)
            return;
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

void ValueControl::setValue(double value)
{
    // Unchanged values are not set again: a spin box repaints on every setValue.
    if (m_spinBox->value() == m_spinBox->valueFromText(m_spinBox->textFromValue(value)) &&
        m_slider->value() == sliderPosition(value))
        return;
    m_syncing = true;
    m_spinBox->setValue(value);
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
