#pragma once

#include "core/model/scenario.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace pipeplan {

/// Names an option and types its overrides (issue 35): one `key=value` per line as `--set`
/// takes them. Every keystroke checks the option as the file would (options::validate): the
/// problem shows under the field, naming the key, and OK waits until there is none.
class OptionDialog : public QDialog
{
    Q_OBJECT
public:
    /// `index` is the option edited, or -1 for a new one (added last).
    OptionDialog(const Scenario &typed, int index, QWidget *parent = nullptr);

    QLineEdit *nameEdit() const { return m_name; }
    QPlainTextEdit *overridesEdit() const { return m_overrides; }
    QString problem() const { return m_problem; }
    bool acceptable() const { return m_problem.isEmpty(); }
    /// The option as typed (valid when acceptable()).
    PlanOption option() const;
    /// The plan with the option added or replaced (valid when acceptable()).
    Scenario result() const { return m_trial; }

private:
    void check();

    Scenario m_typed;
    int m_index;
    QLineEdit *m_name;
    QPlainTextEdit *m_overrides;
    QLabel *m_error;
    QDialogButtonBox *m_buttons;
    QString m_problem;
    Scenario m_trial;
};

} // namespace pipeplan
