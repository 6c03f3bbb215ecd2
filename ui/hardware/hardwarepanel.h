#pragma once

#include "ui/widgets/workspacepanel.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;
class QWidget;

namespace pipeplan {
class ValueControl;
}

namespace pipeplan {

class CostChart;

/// The "Hardware & cost" workspace: the device and the model the job's latency per
/// prediction comes from, the roofline per part, and the cheapest device that meets the
/// deadline (each device at the plan's workers without one). Everything shown is the plan result's
/// hardware section.
class HardwarePanel : public WorkspacePanel
{
    Q_OBJECT
public:
    explicit HardwarePanel(QWidget *parent = nullptr);

    QCheckBox *enabledBox() const { return m_enabled; }
    QComboBox *deviceBox() const { return m_device; }
    QComboBox *modelBox() const { return m_model; }
    QTableWidget *rooflineTable() const { return m_roofline; }
    QTableWidget *devicesTable() const { return m_devices; }
    CostChart *costChart() const { return m_costChart; }
    /// The bound fields, by what they edit.
    ValueControl *priceControl() const;
    ValueControl *batchControl() const;
    QString summaryText() const;
    /// "measured 40 ms at batch 16: compute efficiency 0.41": the efficiency a measured time per
    /// batch gives, applied as one undoable step when it has one. Returns the message shown.
    QString calibrate(double measuredMsPerBatch);
    /// "Set a deadline…", shown while the plan has none.
    QPushButton *setDeadlineButton() const { return m_setDeadline; }
    /// Off, the step that turns it on: "Use H100 SXM's latency".
    QPushButton *turnOnButton() const { return m_turnOn; }
    QLabel *rooflineCaption() const { return m_rooflineCaption; }

signals:
    /// The person asked to set the plan's deadline: the window shows Model > Goal's.
    void deadlineRequested();

protected:
    void refresh() override;
    void documentAttached(ScenarioDocument *document) override;

private:
    /// The devices table's cost column rounded, the exact amount in each cell's tooltip.
    void roundCosts(const std::vector<DeviceOption> &options, const QString &currency);
    void fillTable(QTableWidget *table, const QStringList &header, const std::vector<bool> &numeric,
                   const std::vector<QStringList> &rows);

    QCheckBox *m_enabled;
    QComboBox *m_device;
    QComboBox *m_model;
    QCheckBox *m_devicePrice;
    QLineEdit *m_measured;
    QPushButton *m_calibrate;
    QLabel *m_calibration;
    QLabel *m_summary;
    QLabel *m_devicesCaption;
    QWidget *m_devicesHeader = nullptr; ///< the caption and "Set a deadline…"
    QWidget *m_rooflineBox = nullptr;   ///< the roofline's caption and table
    QPushButton *m_setDeadline;
    QPushButton *m_turnOn;
    QLabel *m_rooflineCaption = nullptr;
    QTableWidget *m_roofline;
    QTableWidget *m_devices;
    CostChart *m_costChart;
};

} // namespace pipeplan
