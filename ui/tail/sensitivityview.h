#pragma once

#include "core/model/uncertainty.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace pipeplan {

/// What drives the spread: the plan's uncertain inputs ranked by their share of the
/// runtime's variance (Spearman, so a skewed input ranks fairly), each with its range as typed, a
/// bar for its share and, with a deadline, the median it would need for the chosen percentile to
/// meet it. The rows are core's (explain::driverRows), as the report and the CLI print them.
class SensitivityView : public QWidget
{
    Q_OBJECT
public:
    explicit SensitivityView(QWidget *parent = nullptr);
    void setResult(const uncertainty::Result &result);

    QTableWidget *table() const { return m_table; }
    /// The line above the table: what the shares are of, or how to set a range.
    QString summaryText() const;

private:
    QLabel *m_summary;
    QTableWidget *m_table;
};

} // namespace pipeplan
