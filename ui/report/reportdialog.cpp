#include "ui/report/reportdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace pipeplan {

ReportDialog::ReportDialog(const Plan &plan, const PlanResult &result,
                           const reportplan::Context &context, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Export Report"));
    m_withContent = reportplan::sectionsWithContent(plan, result, context);
    auto *layout = new QVBoxLayout(this);

    auto *sectionsGroup = new QGroupBox(tr("Sections"), this);
    auto *grid = new QGridLayout(sectionsGroup);
    int row = 0;
    for (ReportSection section : reportsections::all()) {
        auto *box = new QCheckBox(reportsections::title(section), sectionsGroup);
        box->setToolTip(reportsections::description(section));
        box->setAccessibleDescription(reportsections::description(section));
        m_boxes[section] = box;
        grid->addWidget(box, row, 0);
        // Why a section starts unticked: the person sees the workspace holds only its example.
        const QString missing = reportplan::missingContent(section, plan, result, context);
        if (!missing.isEmpty()) {
            auto *why = new QLabel(missing, sectionsGroup);
            why->setForegroundRole(QPalette::PlaceholderText);
            why->setBuddy(box);
            grid->addWidget(why, row, 1);
        }
        connect(box, &QCheckBox::toggled, this, &ReportDialog::updateState);
        ++row;
    }
    grid->setColumnStretch(1, 1);
    auto *choices = new QHBoxLayout;
    auto *all = new QPushButton(tr("Tick &all"), sectionsGroup);
    all->setToolTip(tr("Every section, a workspace's example values included"));
    connect(all, &QPushButton::clicked, this, [this]() { setSections(reportsections::all()); });
    auto *withContent = new QPushButton(tr("Only &with content"), sectionsGroup);
    withContent->setToolTip(tr("The sections this plan has content for"));
    connect(withContent, &QPushButton::clicked, this, [this]() { setSections(m_withContent); });
    choices->addWidget(all);
    choices->addWidget(withContent);
    choices->addStretch(1);
    grid->addLayout(choices, row, 0, 1, 2);
    layout->addWidget(sectionsGroup);

    auto *form = new QFormLayout;
    m_format = new QComboBox(this);
    const std::pair<report::Format, QString> formats[] = {
        {report::Format::Pdf, tr("PDF: pages with vector charts")},
        {report::Format::Html, tr("HTML: for documents and mail, charts as images")},
        {report::Format::Markdown, tr("Markdown: for wikis and READMEs")},
        {report::Format::Csv, tr("CSV: the report's tables")},
        {report::Format::TabSeparated, tr("Tab-separated text: the tables, for spreadsheets")},
    };
    for (const auto &[format, label] : formats)
        m_format->addItem(label, static_cast<int>(format));
    m_format->setToolTip(tr("Every format holds the same sections, headings and tables"));
    form->addRow(tr("&Format:"), m_format);
    layout->addLayout(form);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ReportDialog::updateState);

    m_status = new QLabel(this);
    m_status->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_status);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_export = buttons->addButton(tr("&Export…"), QDialogButtonBox::AcceptRole);
    m_export->setDefault(true);
    m_copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    m_copy->setToolTip(tr("Put the report on the clipboard in the chosen format"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_copy, &QPushButton::clicked, this, &ReportDialog::copyRequested);
    layout->addWidget(buttons);

    setSections(reportplan::sectionsFor(plan, result, context));
}

std::vector<ReportSection> ReportDialog::sections() const
{
    std::vector<ReportSection> chosen;
    for (ReportSection section : reportsections::all()) {
        if (m_boxes.at(section)->isChecked())
            chosen.push_back(section);
    }
    return chosen;
}

void ReportDialog::setSections(const std::vector<ReportSection> &sections)
{
    for (const auto &[section, box] : m_boxes)
        box->setChecked(std::find(sections.begin(), sections.end(), section) != sections.end());
    updateState();
}

report::Format ReportDialog::format() const
{
    return static_cast<report::Format>(m_format->currentData().toInt());
}

void ReportDialog::setFormat(report::Format format)
{
    m_format->setCurrentIndex(m_format->findData(static_cast<int>(format)));
}

QString ReportDialog::statusText() const
{
    return m_status->text();
}

void ReportDialog::updateState()
{
    const auto count = static_cast<int>(sections().size());
    const auto total = static_cast<int>(reportsections::all().size());
    m_export->setEnabled(count > 0);
    m_copy->setEnabled(count > 0 && format() != report::Format::Pdf);
    m_status->setText(count > 0 ? tr("%1 of %2 sections").arg(count).arg(total)
                                : tr("Tick at least one section to export"));
}

} // namespace pipeplan
