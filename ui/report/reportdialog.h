#pragma once

#include "core/model/reportsections.h"
#include "core/plan/reportplan.h"
#include "ui/report/report.h"

#include <QDialog>

#include <map>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;

namespace pipeplan {

/// File > Export Report: a tick per section (ticked when the plan has content for it, or as the
/// plan's saved choice), the format (PDF, HTML, Markdown, or the tables as CSV or tab-separated
/// text), and Copy for the text formats. The caller writes the report and saves the choice.
class ReportDialog : public QDialog
{
    Q_OBJECT
public:
    ReportDialog(const Plan &plan, const PlanResult &result, const reportplan::Context &context,
                 QWidget *parent = nullptr);

    std::vector<ReportSection> sections() const;
    void setSections(const std::vector<ReportSection> &sections);
    report::Format format() const;
    void setFormat(report::Format format);

    QCheckBox *sectionBox(ReportSection section) const { return m_boxes.at(section); }
    QComboBox *formatBox() const { return m_format; }
    QPushButton *exportButton() const { return m_export; }
    QPushButton *copyButton() const { return m_copy; }
    /// "3 of 11 sections" under the list, or why Export is off (no section ticked).
    QString statusText() const;

signals:
    /// Copy was clicked: the caller puts the report in format() on the clipboard.
    void copyRequested();

private:
    void updateState();

    std::map<ReportSection, QCheckBox *> m_boxes;
    std::vector<ReportSection> m_withContent;
    QComboBox *m_format;
    QLabel *m_status;
    QPushButton *m_export;
    QPushButton *m_copy;
};

} // namespace pipeplan
