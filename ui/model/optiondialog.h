#pragma once

#include "core/model/scenario.h"

#include <QDialog>

#include <map>
#include <optional>
#include <vector>

class QComboBox;
class QDialogButtonBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QScrollArea;
class QTabWidget;
class QToolButton;

namespace pipeplan {

namespace fieldregistry {
struct Field;
}

/// Names an option and edits its overrides, in two forms that stay in sync: Fields, one row per
/// override with the registry's label, the value in the units the window shows it in and the
/// unit, checked against the field's bounds as typed (the problem at its row); and Text, one
/// `key=value` per line as `--set` takes them. Every change checks the option as the file
/// would (options::validate): the problem shows under the form, naming the field, and OK waits
/// until there is none.
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

    /// The two forms: kFieldsForm and kTextForm are their tabs.
    QTabWidget *forms() const { return m_forms; }
    static constexpr int kFieldsForm = 0;
    static constexpr int kTextForm = 1;
    /// The field form's rows, one per override, in key order.
    int fieldRowCount() const { return static_cast<int>(m_rows.size()); }
    QString fieldKey(int row) const;
    QString fieldLabel(int row) const;
    QString fieldUnit(int row) const;
    QLineEdit *fieldValueEdit(int row) const;
    /// What is wrong with the row's value, shown under it; empty when nothing is.
    QString fieldProblem(int row) const;
    /// The drop-down that adds a row: the registry's fields by label (their key as item data).
    QComboBox *addFieldBox() const { return m_addField; }
    /// Adds a row for the field at `path` with the plan's value (or shows its row if it has one).
    void addField(const QString &path);
    void removeField(int row);

private:
    /// One override as a row of the field form.
    struct Row
    {
        QString key;
        QString given; ///< the override's text as it came (kept while the row is not edited)
        QString shown; ///< what the row showed for it
        const fieldregistry::Field *field = nullptr;
        bool numeric = false; ///< a registry number, shown in display units
        QLabel *label = nullptr;
        QLineEdit *value = nullptr;
        QLabel *unit = nullptr;
        QToolButton *remove = nullptr;
        QLabel *problem = nullptr;
    };
    /// A row's state, kept over a rebuild of the rows.
    struct RowState
    {
        QString key;
        QString given;
        QString shown;
        QString typed;
    };

    void check();
    void textEdited();
    void rowsEdited();
    /// Each row's override text, the problems at their rows and the first in m_rowProblem.
    std::map<QString, QString> checkRows();
    void rebuildRows(const std::vector<RowState> &states);
    std::vector<RowState> rowStates() const;
    RowState stateOf(const QString &key, const QString &text) const;
    /// The row's override text, or nothing with the problem at the row.
    std::optional<QString> rowText(Row &row) const;

    Scenario m_typed;
    int m_index;
    QLineEdit *m_name;
    QTabWidget *m_forms;
    QScrollArea *m_rowsArea;
    QGridLayout *m_grid = nullptr;
    QLabel *m_noRows = nullptr;
    QComboBox *m_addField;
    QPlainTextEdit *m_overrides;
    QLabel *m_error;
    QDialogButtonBox *m_buttons;
    std::vector<Row> m_rows;
    /// A row's own problem (a value out of bounds); the text form then is not updated.
    QString m_rowProblem;
    bool m_syncing = false;
    QString m_problem;
    Scenario m_trial;
};

/// Asks for the name of an option kept from the plan ("Keep as option"): a unique default, and
/// an empty or taken name refused at the field (options::validate's rule for names).
class OptionNameDialog : public QDialog
{
    Q_OBJECT
public:
    OptionNameDialog(const Scenario &plan, const QString &name, QWidget *parent = nullptr);

    QLineEdit *nameEdit() const { return m_name; }
    QString name() const;
    QString problem() const { return m_problem; }
    bool acceptable() const { return m_problem.isEmpty(); }

private:
    void check();

    Scenario m_plan;
    QLineEdit *m_name;
    QLabel *m_error;
    QDialogButtonBox *m_buttons;
    QString m_problem;
};

} // namespace pipeplan
