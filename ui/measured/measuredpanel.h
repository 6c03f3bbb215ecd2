#pragma once

#include "ui/widgets/workspacepanel.h"

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace pipeplan {

class FitChart;
class TrackRecordBox;

/// The "Measured" workspace: runs of the job at several worker counts (typed, pasted
/// from a spreadsheet or imported from CSV), Amdahl's law and the USL fitted to them with their
/// intervals, a chart of both against the runs, "Use fitted p" for the plan, and the profiler
/// trace the stage times came from.
class MeasuredPanel : public WorkspacePanel
{
    Q_OBJECT
public:
    explicit MeasuredPanel(QWidget *parent = nullptr);

    QTableWidget *runsTable() const { return m_runs; }
    QTableWidget *fitTable() const { return m_fitTable; }
    QComboBox *measureBox() const { return m_measure; }
    FitChart *chart() const { return m_chart; }
    QPushButton *useFittedPButton() const { return m_useFittedP; }
    QPushButton *importTraceButton() const { return m_importTrace; }
    TrackRecordBox *trackRecord() const { return m_trackRecord; }
    /// The message at the runs table: why a typed cell was refused, or the fit's problem.
    QString messageText() const;
    QString traceText() const;

    /// Replaces the runs with those of `text` (CSV, or tab-separated cells pasted from a
    /// spreadsheet, with or without the header) as one undoable edit. On a problem nothing
    /// changes and the message names the row and column. Returns whether it was taken.
    bool pasteRuns(const QString &text);
    /// "Use fitted p": the scenario's parallel fraction set to the fitted p (one undoable step).
    bool useFittedP();

signals:
    /// Import trace… was clicked (the window opens the trace dialog).
    void importTraceRequested();

protected:
    void refresh() override;

private:
    void cellEdited(int row, int column);
    void addRun();
    void removeRuns();
    void importCsv();
    void showMessage(const QString &text, bool problem);

    QComboBox *m_measure;
    QTableWidget *m_runs;
    QLabel *m_message;
    QPushButton *m_useFittedP;
    QPushButton *m_importTrace;
    QLabel *m_trace;
    FitChart *m_chart;
    QTableWidget *m_fitTable;
    TrackRecordBox *m_trackRecord;
    bool m_filling = false;
};

} // namespace pipeplan
