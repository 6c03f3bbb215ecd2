#pragma once

#include "core/base/fields.h"

#include <QTimer>
#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QSlider;

namespace pipeplan {

/// A slider and a spin box kept in sync, for one number. The slider is linear or logarithmic;
/// the spin box takes typed values (committed on Enter or focus out) and shows units and
/// thousands separators. Optionally led by a check box that turns the value on and off.
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

    struct Config
    {
        double min = 0;
        double max = 1;
        Scale scale = Scale::Linear;
        int decimals = 0;
        QString suffix; ///< " users", " ms"
        bool optional = false;
        QString optionalText; ///< check box text when optional
    };
    static Config makeConfig(double min, double max, Scale scale, int decimals,
                             const QString &suffix);
    /// The same config, led by a check box reading `text`.
    static Config makeOptional(Config config, const QString &text);

    ValueControl(const Config &config, QWidget *parent = nullptr);

    double value() const;
    bool isEnabledValue() const;
    /// Shows a value without emitting valueEdited.
    void setValue(double value);
    void setValueEnabled(bool enabled);

    QSlider *slider() const { return m_slider; }
    QDoubleSpinBox *spinBox() const { return m_spinBox; }
    QCheckBox *checkBox() const { return m_checkBox; }

signals:
    /// The person changed the value (slider, typing, arrow keys).
    void valueEdited(double value);
    /// The person turned an optional value on or off.
    void enabledEdited(bool enabled);
    void dragStarted();
    void dragFinished();

private:
    int sliderPosition(double value) const;
    double sliderValue(int position) const;
    void updateEnabledState();

    Config m_config;
    QSlider *m_slider;
    QDoubleSpinBox *m_spinBox;
    QCheckBox *m_checkBox = nullptr;
    bool m_syncing = false;
    QTimer m_stepBurst;
};

} // namespace pipeplan
