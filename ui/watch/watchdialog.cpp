#include "ui/watch/watchdialog.h"

#include "core/base/format.h"
#include "core/base/numparse.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace pipeplan {

WatchDialog::WatchDialog(std::optional<double> planTotal, QWidget *parent)
    : QDialog(parent), m_planTotal(planTotal)
{
    setWindowTitle(tr("Watch Running Job"));
    m_prometheus = new QRadioButton(tr("Prometheus server"), this);
    m_file = new QRadioButton(tr("Progress file"), this);
    m_prometheus->setChecked(true);
    m_server = new QLineEdit(this);
    m_server->setPlaceholderText(QStringLiteral("http://prometheus:9090"));
    m_query = new QLineEdit(this);
    m_query->setPlaceholderText(QStringLiteral("sum(items_processed_total{job=\"nightly\"})"));
    m_path = new QLineEdit(this);
    m_path->setPlaceholderText(tr("CSV time,done or JSON lines"));
    auto *browse = new QPushButton(tr("Browse..."), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Progress File"));
        if (!path.isEmpty())
            m_path->setText(path);
    });
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    m_total = new QLineEdit(this);
    m_total->setPlaceholderText(planTotal
                                    ? tr("%1 (the plan's)").arg(format::grouped(*planTotal, 0))
                                    : tr("items in the whole job"));
    m_stallAfter = new QLineEdit(this);
    m_stallAfter->setPlaceholderText(tr("5 usual gaps between rises"));
    m_interval = new QDoubleSpinBox(this);
    m_interval->setRange(0.1, 86400);
    m_interval->setDecimals(1);
    m_interval->setValue(15);
    m_interval->setSuffix(tr(" s"));
    m_problem = new QLabel(this);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #c62828"));
    m_problem->hide();

    auto *form = new QFormLayout;
    form->addRow(m_prometheus);
    form->addRow(tr("Server URL:"), m_server);
    form->addRow(tr("Query (PromQL):"), m_query);
    form->addRow(m_file);
    form->addRow(tr("File:"), pathRow);
    form->addRow(tr("Total items:"), m_total);
    form->addRow(tr("Stalled after (s):"), m_stallAfter);
    form->addRow(tr("Refresh every:"), m_interval);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Watch"));
    connect(buttons, &QDialogButtonBox::accepted, this, &WatchDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &WatchDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    connect(m_prometheus, &QRadioButton::toggled, this, &WatchDialog::updateEnabled);
    updateEnabled();
}

void WatchDialog::updateEnabled()
{
    const bool server = m_prometheus->isChecked();
    m_server->setEnabled(server);
    m_query->setEnabled(server);
    m_path->setEnabled(!server);
}

watch::WatchSettings WatchDialog::settings() const
{
    watch::WatchSettings s;
    s.kind = m_prometheus->isChecked() ? watch::WatchSettings::Kind::Prometheus
                                       : watch::WatchSettings::Kind::ProgressFile;
    s.serverUrl = m_server->text().trimmed();
    s.query = m_query->text().trimmed();
    s.progressPath = m_path->text().trimmed();
    if (const numparse::Parsed total = numparse::number(m_total->text()); total.value)
        s.totalItems = *total.value;
    if (const numparse::Parsed stall = numparse::number(m_stallAfter->text()); stall.value)
        s.stallAfterSeconds = *stall.value;
    s.intervalSeconds = m_interval->value();
    return s;
}

void WatchDialog::setSettings(const watch::WatchSettings &s)
{
    (s.kind == watch::WatchSettings::Kind::Prometheus ? m_prometheus : m_file)->setChecked(true);
    m_server->setText(s.serverUrl);
    m_query->setText(s.query);
    m_path->setText(s.progressPath);
    m_total->setText(s.totalItems ? format::plainNumber(*s.totalItems) : QString());
    m_stallAfter->setText(s.stallAfterSeconds ? format::plainNumber(*s.stallAfterSeconds)
                                              : QString());
    m_interval->setValue(s.intervalSeconds);
}

void WatchDialog::accept()
{
    QString problem = watch::checkSettings(settings());
    if (problem.isEmpty() && !m_total->text().trimmed().isEmpty() &&
        !numparse::number(m_total->text()).value)
        problem = tr("Total: not a number");
    if (problem.isEmpty() && !settings().totalItems && !m_planTotal)
        problem = tr("Total: needed without a plan to take it from");
    if (!problem.isEmpty()) {
        m_problem->setText(problem);
        m_problem->show();
        return;
    }
    QDialog::accept();
}

} // namespace pipeplan
