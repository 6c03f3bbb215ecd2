#include "ui/model/optiondialog.h"

#include "core/base/format.h"
#include "core/base/numparse.h"
#include "core/model/fieldregistry.h"
#include "core/model/range.h"
#include "core/plan/options.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace pipeplan {

namespace {

/// A new option's starting text: the levers a meeting weighs, as they are now, commented out
/// (a # line is skipped): remove the # of what the option changes.
QString startingText(const Scenario &s)
{
    QStringList lines{
        QStringLiteral("# One key=value per line, as pipeplan-cli --set takes them; "
                       "remove the # of what this option changes."),
        QStringLiteral("# workload.workers=%1").arg(format::trimmed(s.workload.workers, 0)),
        QStringLiteral("# workload.keep_fraction=%1")
            .arg(format::trimmed(s.workload.keepFraction, 3)),
        QStringLiteral("# workload.latency_ms=%1").arg(format::trimmed(s.workload.latencyMs, 2)),
        QStringLiteral("# workload.parallel_fraction=%1")
            .arg(format::trimmed(s.workload.parallelFraction, 4)),
        QStringLiteral("# hardware.enabled=true"),
        QStringLiteral("# hardware.device=%1").arg(s.hardware.device)};
    // The file's keys have no grouping: "10000", not "10,000".
    for (QString &line : lines)
        if (!line.startsWith(QLatin1String("# One")))
            line.remove(QLatin1Char(','));
    return lines.join(QLatin1Char('\n'));
}

/// The registry's row of an override's key; a bare workload key ("workers") is the workload's,
/// as `--set` reads it.
const fieldregistry::Field *fieldOf(const QString &key)
{
    if (const fieldregistry::Field *field = fieldregistry::find(key))
        return field;
    return fieldregistry::find(QStringLiteral("workload.") + key);
}

/// The unit a field's value is shown in: the registry's unit, or the one its displayScale
/// turns it into (a deadline held in seconds shown in hours, a fraction in %, bytes in GiB).
QString shownUnit(const fieldregistry::Field &field, const Scenario &plan)
{
    QString unit = field.unitFor(plan);
    const double scale = field.displayScale;
    constexpr double kMiB = 1024.0 * 1024.0;
    if (scale == 1)
        return unit;
    if (scale == 100)
        return QStringLiteral("%");
    if (scale == 1 / 3600.0 && unit == QLatin1String("s"))
        return QStringLiteral("h");
    if (scale == 1 / (kMiB * 1024.0) && unit == QLatin1String("B"))
        return QStringLiteral("GiB");
    if (scale == 1 / kMiB && unit == QLatin1String("B"))
        return QStringLiteral("MiB");
    return unit;
}

/// A stored value as the row shows it: in display units, to the field's decimals when they
/// hold it exactly, else in full; no grouping, so the text reads back as typed.
QString shownText(const fieldregistry::Field &field, double stored)
{
    const double shown = stored * field.displayScale;
    const double factor = std::pow(10.0, field.decimals);
    const double kept = std::round(shown * factor) / factor;
    QString text = std::abs(kept - shown) <= 1e-12 * std::max(1.0, std::abs(shown))
                       ? format::trimmed(kept, field.decimals)
                       : QString::number(shown, 'g', 12);
    return text.remove(QLatin1Char(','));
}

/// Why a value typed into a number's row (in display units) is not one it takes, in the
/// row's words: its label, the bounds in the units shown, what was typed; nothing when it is.
/// The bounds are the field's FieldSpec (checkValue), as every other control of the number.
std::optional<QString> boundsProblem(const fieldregistry::Field &field, const Scenario &plan,
                                     double stored, const QString &typed)
{
    if (!checkValue(*field.spec, stored))
        return std::nullopt;
    const FieldSpec &spec = *field.spec;
    const QString unit = shownUnit(field, plan);
    const QString label = field.labelFor(plan);
    const QString low = format::trimmed(spec.min * field.displayScale, 4);
    const QString high =
        format::trimmed(spec.max * field.displayScale, 4) +
        (unit.isEmpty() || label.contains(unit, Qt::CaseInsensitive) ? QString()
                                                                     : QLatin1Char(' ') + unit);
    QString sentence = spec.wholeNumber
                           ? OptionDialog::tr("%1 must be a whole number from %2 to %3")
                       : spec.minExclusive ? OptionDialog::tr("%1 must be above %2 and at most %3")
                       : spec.maxExclusive ? OptionDialog::tr("%1 must be from %2 to below %3")
                                           : OptionDialog::tr("%1 must be from %2 to %3");
    sentence = sentence.arg(label, low, high) + OptionDialog::tr(", got %1").arg(typed.trimmed());
    if (spec.whyMax)
        sentence += QStringLiteral(" (") +
                    QCoreApplication::translate("pipeplan::fields", spec.whyMax) + QLatin1Char(')');
    return sentence;
}

} // namespace

OptionDialog::OptionDialog(const Scenario &typed, int index, QWidget *parent)
    : QDialog(parent), m_typed(typed), m_index(index), m_name(new QLineEdit(this)),
      m_forms(new QTabWidget(this)), m_rowsArea(new QScrollArea(this)),
      m_addField(new QComboBox(this)), m_overrides(new QPlainTextEdit(this)),
      m_error(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    const bool adding = index < 0 || index >= static_cast<int>(typed.options.size());
    setWindowTitle(adding ? tr("Add option") : tr("Edit option"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_name->setAccessibleName(tr("Option name"));
    m_name->setPlaceholderText(tr("pruned + GPU"));
    form->addRow(tr("&Name:"), m_name);
    layout->addLayout(form);

    // The field form: a row per override, and a drop-down adding one.
    auto *fields = new QWidget(this);
    auto *fieldsLayout = new QVBoxLayout(fields);
    m_rowsArea->setWidgetResizable(true);
    m_rowsArea->setFrameShape(QFrame::NoFrame);
    m_rowsArea->setMinimumSize(480, 200);
    fieldsLayout->addWidget(m_rowsArea, 1);
    m_addField->setAccessibleName(tr("Add a field"));
    m_addField->setToolTip(tr("Add an override of one of the plan's numbers, starting at the "
                              "plan's value; other keys (a device, a stage's name) go in Text"));
    m_addField->addItem(tr("Add a field…"));
    std::vector<std::pair<QString, QString>> byLabel;
    for (const fieldregistry::Field &field : fieldregistry::fields())
        byLabel.emplace_back(field.labelFor(typed), QLatin1String(field.path));
    std::sort(byLabel.begin(), byLabel.end());
    for (const auto &[label, path] : byLabel) {
        m_addField->addItem(label, path);
        m_addField->setItemData(m_addField->count() - 1, path, Qt::ToolTipRole);
    }
    connect(m_addField, &QComboBox::activated, this, [this](int item) {
        if (item <= 0)
            return;
        addField(m_addField->itemData(item).toString());
        m_addField->setCurrentIndex(0);
    });
    fieldsLayout->addWidget(m_addField, 0, Qt::AlignLeft);
    m_forms->addTab(fields, tr("&Fields"));
    m_forms->setTabToolTip(kFieldsForm, tr("Each override as the window shows the field: its "
                                           "label, its value in its units"));

    m_overrides->setAccessibleName(tr("Overrides"));
    m_overrides->setToolTip(tr("What this option changes in the plan: one key=value per line, "
                               "as pipeplan-cli --set takes them (workload.keep_fraction=0.4, "
                               "hardware.device=L4, workload.latency_ms=800..1200)"));
    m_overrides->setTabChangesFocus(true);
    m_overrides->setMinimumSize(420, 160);
    m_forms->addTab(m_overrides, tr("&Text"));
    m_forms->setTabToolTip(
        kTextForm, tr("The overrides as key=value lines, as pipeplan-cli --set takes them"));
    m_forms->setAccessibleName(tr("Overrides"));
    layout->addWidget(m_forms, 1);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_error->setAccessibleName(tr("Problem"));
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this]() {
        if (acceptable())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    if (adding) {
        m_index = static_cast<int>(typed.options.size());
        m_name->setText(tr("Option %1").arg(m_index + 1));
        m_overrides->setPlainText(startingText(typed));
    } else {
        const PlanOption &option = typed.options[static_cast<size_t>(index)];
        m_name->setText(option.name);
        m_overrides->setPlainText(options::overridesText(option.set));
    }
    connect(m_name, &QLineEdit::textChanged, this, &OptionDialog::check);
    connect(m_overrides, &QPlainTextEdit::textChanged, this, &OptionDialog::textEdited);
    textEdited();
}

PlanOption OptionDialog::option() const
{
    return m_trial.options.size() > static_cast<size_t>(m_index)
               ? m_trial.options[static_cast<size_t>(m_index)]
               : PlanOption{};
}

QString OptionDialog::fieldKey(int row) const
{
    return row >= 0 && row < fieldRowCount() ? m_rows[static_cast<size_t>(row)].key : QString();
}

QString OptionDialog::fieldLabel(int row) const
{
    return row >= 0 && row < fieldRowCount() ? m_rows[static_cast<size_t>(row)].label->text()
                                             : QString();
}

QString OptionDialog::fieldUnit(int row) const
{
    return row >= 0 && row < fieldRowCount() ? m_rows[static_cast<size_t>(row)].unit->text()
                                             : QString();
}

QLineEdit *OptionDialog::fieldValueEdit(int row) const
{
    return row >= 0 && row < fieldRowCount() ? m_rows[static_cast<size_t>(row)].value : nullptr;
}

QString OptionDialog::fieldProblem(int row) const
{
    return row >= 0 && row < fieldRowCount() ? m_rows[static_cast<size_t>(row)].problem->text()
                                             : QString();
}

OptionDialog::RowState OptionDialog::stateOf(const QString &key, const QString &text) const
{
    RowState state{key, text, text, text};
    const fieldregistry::Field *field = fieldOf(key);
    const numparse::Parsed number = numparse::number(text);
    if (field && number.value) {
        state.shown = shownText(*field, *number.value);
        state.typed = state.shown;
    }
    return state;
}

void OptionDialog::addField(const QString &path)
{
    for (int row = 0; row < fieldRowCount(); ++row) {
        if (fieldOf(m_rows[static_cast<size_t>(row)].key) == fieldOf(path)) {
            m_forms->setCurrentIndex(kFieldsForm);
            m_rows[static_cast<size_t>(row)].value->setFocus();
            return;
        }
    }
    const fieldregistry::Field *field = fieldOf(path);
    if (!field)
        return;
    std::vector<RowState> states = rowStates();
    const std::optional<double> now = field->get(m_typed);
    // An unset number (no deadline) starts empty: the row asks for a value.
    RowState added = now ? stateOf(path, options::numberText(*now)) : RowState{path, {}, {}, {}};
    states.push_back(added);
    std::sort(states.begin(), states.end(),
              [](const RowState &a, const RowState &b) { return a.key < b.key; });
    rebuildRows(states);
    rowsEdited();
    for (const Row &row : m_rows)
        if (row.key == path)
            row.value->setFocus();
}

void OptionDialog::removeField(int row)
{
    if (row < 0 || row >= fieldRowCount())
        return;
    std::vector<RowState> states = rowStates();
    states.erase(states.begin() + row);
    rebuildRows(states);
    rowsEdited();
}

std::vector<OptionDialog::RowState> OptionDialog::rowStates() const
{
    std::vector<RowState> states;
    for (const Row &row : m_rows)
        states.push_back({row.key, row.given, row.shown, row.value->text()});
    return states;
}

void OptionDialog::rebuildRows(const std::vector<RowState> &states)
{
    // The old rows go later: this may run from one of their own signals (a row's remove).
    if (QWidget *old = m_rowsArea->takeWidget())
        old->deleteLater();
    m_rows.clear();
    auto *container = new QWidget;
    m_grid = new QGridLayout(container);
    m_grid->setColumnStretch(1, 1);
    m_grid->setVerticalSpacing(2);
    const bool syncing = m_syncing;
    m_syncing = true;
    int line = 0;
    for (const RowState &state : states) {
        Row row;
        row.key = state.key;
        row.given = state.given;
        row.shown = state.shown;
        row.field = fieldOf(state.key);
        row.numeric = row.field && (state.given.isEmpty() || numparse::number(state.given).value);
        // A number's row names the field as the window does; any other key (a device, a
        // stage's name, a range as typed in the file's units) is shown as the key it is.
        const QString label = row.numeric ? row.field->labelFor(m_typed)
                              : row.field
                                  ? tr("%1 (%2)").arg(row.field->labelFor(m_typed), state.key)
                                  : state.key;
        row.label = new QLabel(label, container);
        row.label->setToolTip(state.key);
        row.value = new QLineEdit(state.typed, container);
        row.value->setAccessibleName(label);
        row.value->setToolTip(row.numeric
                                  ? tr("%1 in %2, as the window shows it (%3)")
                                        .arg(label, shownUnit(*row.field, m_typed), state.key)
                                  : tr("%1 as pipeplan-cli --set takes it").arg(state.key));
        row.label->setBuddy(row.value);
        const QString unit = row.numeric ? shownUnit(*row.field, m_typed)
                             : row.field ? row.field->unitFor(m_typed)
                                         : QString();
        row.unit = new QLabel(unit, container);
        row.remove = new QToolButton(container);
        row.remove->setText(QStringLiteral("✕"));
        row.remove->setAccessibleName(tr("Remove %1").arg(label));
        row.remove->setToolTip(
            tr("Remove this override: the option keeps the plan's %1").arg(label.toLower()));
        row.problem = new QLabel(container);
        row.problem->setWordWrap(true);
        row.problem->setStyleSheet(QStringLiteral("color: #c62828;"));
        row.problem->setVisible(false);
        m_grid->addWidget(row.label, line, 0);
        m_grid->addWidget(row.value, line, 1);
        m_grid->addWidget(row.unit, line, 2);
        m_grid->addWidget(row.remove, line, 3);
        m_grid->addWidget(row.problem, line + 1, 0, 1, 4);
        line += 2;
        const int at = static_cast<int>(m_rows.size());
        connect(row.value, &QLineEdit::textChanged, this, &OptionDialog::rowsEdited);
        connect(row.remove, &QToolButton::clicked, this, [this, at]() { removeField(at); });
        m_rows.push_back(row);
    }
    m_noRows = new QLabel(states.empty() ? tr("No overrides yet: add a field below, or type "
                                              "key=value lines in Text.")
                                         : QString(),
                          container);
    m_noRows->setWordWrap(true);
    m_noRows->setVisible(states.empty());
    m_grid->addWidget(m_noRows, line, 0, 1, 4);
    m_grid->setRowStretch(line + 1, 1);
    m_rowsArea->setWidget(container);
    m_syncing = syncing;
}

std::optional<QString> OptionDialog::rowText(Row &row) const
{
    const QString typed = row.value->text().trimmed();
    QString problem;
    std::optional<QString> text;
    const bool untouched = typed == row.shown.trimmed() && !row.given.isEmpty();
    if (untouched && !row.numeric) {
        text = row.given;
    } else if (untouched) {
        // The override as it came ("75M" kept as typed), checked in the units shown.
        const double stored = numparse::number(row.given).value.value_or(0);
        if (const std::optional<QString> bounds = boundsProblem(*row.field, m_typed, stored, typed))
            problem = *bounds;
        else
            text = row.given;
    } else if (typed.isEmpty()) {
        problem = tr("%1 needs a value").arg(row.label->text());
    } else if (!row.numeric) {
        text = typed;
    } else if (looksLikeRange(typed)) {
        // A range is the file's to read: in the units shown only when they are the file's.
        if (row.field->displayScale == 1)
            text = typed;
        else
            problem = tr("%1: type a range in Text, in %2 (%3=…)")
                          .arg(row.label->text(), row.field->unitFor(m_typed), row.key);
    } else {
        QString number = typed;
        number.remove(QLatin1Char(','));
        const numparse::Parsed parsed = numparse::number(number);
        if (!parsed.value) {
            problem = tr("%1: %2").arg(row.label->text(), parsed.error);
        } else {
            const double stored = *parsed.value / row.field->displayScale;
            if (const std::optional<QString> bounds =
                    boundsProblem(*row.field, m_typed, stored, typed))
                problem = *bounds;
            else
                text = options::numberText(stored);
        }
    }
    row.problem->setText(problem);
    row.problem->setVisible(!problem.isEmpty());
    return text;
}

std::map<QString, QString> OptionDialog::checkRows()
{
    m_rowProblem.clear();
    std::map<QString, QString> set;
    for (Row &row : m_rows) {
        const std::optional<QString> text = rowText(row);
        if (!text) {
            if (m_rowProblem.isEmpty())
                m_rowProblem = row.problem->text();
            continue;
        }
        set[row.key] = *text;
    }
    return set;
}

void OptionDialog::rowsEdited()
{
    if (m_syncing)
        return;
    const std::map<QString, QString> set = checkRows();
    if (m_rowProblem.isEmpty()) {
        // The text form follows the fields (its comments go: the fields are the option now).
        m_syncing = true;
        m_overrides->setPlainText(options::overridesText(set));
        m_syncing = false;
    }
    check();
}

void OptionDialog::textEdited()
{
    if (m_syncing)
        return;
    QString parseError;
    if (const std::optional<std::map<QString, QString>> set =
            options::parseOverrides(m_overrides->toPlainText(), &parseError)) {
        // The fields follow the text.
        std::vector<RowState> states;
        for (const auto &[key, text] : *set)
            states.push_back(stateOf(key, text));
        rebuildRows(states);
        // A value out of its field's bounds is said at its row; under the form, the text's
        // own problem names the key as typed.
        checkRows();
        m_rowProblem.clear();
    }
    check();
}

void OptionDialog::check()
{
    m_problem.clear();
    QString parseError;
    const std::optional<std::map<QString, QString>> set =
        options::parseOverrides(m_overrides->toPlainText(), &parseError);
    m_trial = m_typed;
    if (!m_rowProblem.isEmpty()) {
        m_problem = m_rowProblem;
    } else if (!set) {
        m_problem = tr("Overrides: %1").arg(parseError);
    } else {
        PlanOption option{m_name->text().trimmed(), *set};
        if (m_index < static_cast<int>(m_trial.options.size()))
            m_trial.options[static_cast<size_t>(m_index)] = option;
        else
            m_trial.options.push_back(option);
        const QString prefix = QStringLiteral("options[%1]").arg(m_index);
        const QString setPrefix = prefix + QStringLiteral(".set.");
        for (const FieldError &error : options::validate(m_trial)) {
            if (error.field == QLatin1String("options") || error.field.startsWith(prefix)) {
                m_problem = error.field.startsWith(setPrefix)
                                ? tr("%1: %2").arg(error.field.mid(setPrefix.size()), error.message)
                            : error.field.startsWith(prefix + QStringLiteral(".name"))
                                ? tr("Name: %1").arg(error.message)
                                : tr("%1 %2").arg(error.field, error.message);
                // At the field's row too, in its words.
                for (Row &row : m_rows) {
                    if (error.field == setPrefix + row.key && row.problem->text().isEmpty()) {
                        row.problem->setText(tr("%1: %2").arg(row.label->text(), error.message));
                        row.problem->setVisible(true);
                    }
                }
                break;
            }
        }
    }
    m_error->setText(m_problem);
    m_error->setVisible(!m_problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_problem.isEmpty());
}

OptionNameDialog::OptionNameDialog(const Scenario &plan, const QString &name, QWidget *parent)
    : QDialog(parent), m_plan(plan), m_name(new QLineEdit(name, this)), m_error(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Keep as option"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("What you changed becomes an option beside the plan, and the "
                                "plan returns to its base (Ctrl+Z takes both back)."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto *form = new QFormLayout;
    m_name->setAccessibleName(tr("Option name"));
    m_name->setMinimumWidth(280);
    form->addRow(tr("&Name:"), m_name);
    // The problem at the field it is about.
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_error->setAccessibleName(tr("Problem with the name"));
    form->addRow(QString(), m_error);
    layout->addLayout(form);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this]() {
        if (acceptable())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_name, &QLineEdit::textChanged, this, &OptionNameDialog::check);
    m_name->selectAll();
    check();
}

QString OptionNameDialog::name() const
{
    return m_name->text().trimmed();
}

void OptionNameDialog::check()
{
    // The names' rule is the file's (options::validate): checked on an option that changes
    // nothing, so only its name can be refused.
    Scenario trial = m_plan;
    trial.options.push_back({name(), {}});
    const QString at = QStringLiteral("options[%1].name").arg(trial.options.size() - 1);
    m_problem.clear();
    for (const FieldError &error : options::validate(trial)) {
        if (error.field == at) {
            m_problem = error.message;
            break;
        }
    }
    m_error->setText(m_problem);
    m_error->setVisible(!m_problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_problem.isEmpty());
}

} // namespace pipeplan
