#pragma once

// File > Watch Running Job...: where the job's progress is (a Prometheus server and a query, or
// a progress file), its total (the plan's by default), and how often to look.

#include "core/watch/source/watcher.h"

#include <QDialog>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QRadioButton;

namespace pipeplan {

class WatchDialog : public QDialog
{
    Q_OBJECT
public:
    /// `planTotal`: the plan's total, shown as the default; unset without a plan.
    WatchDialog(std::optional<double> planTotal, QWidget *parent = nullptr);

    watch::WatchSettings settings() const;
    void setSettings(const watch::WatchSettings &settings);

    void accept() override;

private:
    void updateEnabled();

    QRadioButton *m_prometheus;
    QRadioButton *m_file;
    QLineEdit *m_server;
    QLineEdit *m_query;
    QLineEdit *m_path;
    QLineEdit *m_total;
    QLineEdit *m_stallAfter;
    QDoubleSpinBox *m_interval;
    QLabel *m_problem;
    std::optional<double> m_planTotal;
};

} // namespace pipeplan
