#include "ui/model/optiondialog.h"

#include "core/base/format.h"
#include "core/plan/options.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

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

} // namespace

OptionDialog::OptionDialog(const Scenario &typed, int index, QWidget *parent)
    : QDialog(parent), m_typed(typed), m_index(index), m_name(new QLineEdit(this)),
      m_overrides(new QPlainTextEdit(this)), m_error(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    const bool adding = index < 0 || index >= static_cast<int>(typed.options.size());
    setWindowTitle(adding ? tr("Add option") : tr("Edit option"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_name->setAccessibleName(tr("Option name"));
    m_name->setPlaceholderText(tr("pruned + GPU"));
    form->addRow(tr("&Name:"), m_name);
    m_overrides->setAccessibleName(tr("Overrides"));
    m_overrides->setToolTip(tr("What this option changes in the plan: one key=value per line, "
                               "as pipeplan-cli --set takes them (workload.keep_fraction=0.4, "
                               "hardware.device=L4, workload.latency_ms=800..1200)"));
    m_overrides->setTabChangesFocus(true);
    m_overrides->setMinimumSize(420, 160);
    form->addRow(tr("&Overrides:"), m_overrides);
    layout->addLayout(form);
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
    connect(m_overrides, &QPlainTextEdit::textChanged, this, &OptionDialog::check);
    check();
}

PlanOption OptionDialog::option() const
{
    return m_trial.options.size() > static_cast<size_t>(m_index)
               ? m_trial.options[static_cast<size_t>(m_index)]
               : PlanOption{};
}

void OptionDialog::check()
{
    m_problem.clear();
    QString parseError;
    const std::optional<std::map<QString, QString>> set =
        options::parseOverrides(m_overrides->toPlainText(), &parseError);
    m_trial = m_typed;
    if (!set) {
        m_problem = tr("Overrides: %1").arg(parseError);
    } else {
        PlanOption option{m_name->text().trimmed(), *set};
        if (m_index < static_cast<int>(m_trial.options.size()))
            m_trial.options[static_cast<size_t>(m_index)] = option;
        else
            m_trial.options.push_back(option);
        const QString prefix = QStringLiteral("options[%1]").arg(m_index);
        for (const FieldError &error : options::validate(m_trial)) {
            if (error.field == QLatin1String("options") || error.field.startsWith(prefix)) {
                m_problem =
                    error.field.startsWith(prefix + QStringLiteral(".set."))
                        ? tr("%1: %2").arg(error.field.mid(prefix.size() + 5), error.message)
                    : error.field.startsWith(prefix + QStringLiteral(".name"))
                        ? tr("Name: %1").arg(error.message)
                        : tr("%1 %2").arg(error.field, error.message);
                break;
            }
        }
    }
    m_error->setText(m_problem);
    m_error->setVisible(!m_problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_problem.isEmpty());
}

} // namespace pipeplan
