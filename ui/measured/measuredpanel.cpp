#include "ui/measured/measuredpanel.h"

#include "core/base/fileio.h"
#include "core/base/format.h"
#include "core/base/numparse.h"
#include "core/plan/explain.h"
#include "ui/document/scenariobindings.h"
#include "ui/document/scenariodocument.h"
#include "ui/measured/fitchart.h"
#include "ui/measured/trackrecordbox.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace pipeplan {

namespace {

/// Tab-separated cells from a spreadsheet (which may group digits, "1,000") as the runs CSV;
/// CSV as it is. A first line without letters is data: the header for `measure` goes first.
QString asRunsCsv(const QString &text, fit::Measure measure)
{
    QStringList lines = text.split(QLatin1Char('\n'));
    for (QString &line : lines)
        line = line.trimmed();
    lines.removeAll(QString());
    if (lines.isEmpty())
        return {};
    if (text.contains(QLatin1Char('\t'))) {
        for (QString &line : lines) {
            QStringList cells = line.split(QLatin1Char('\t'));
            for (QString &cell : cells)
                cell = cell.trimmed().remove(QLatin1Char(','));
            line = cells.join(QLatin1Char(','));
        }
    }
    const bool hasHeader = std::any_of(lines.front().begin(), lines.front().end(), [](QChar c) {
        return c.isLetter() && c != QLatin1Char('e');
    });
    if (!hasHeader)
        lines.prepend(measure == fit::Measure::RuntimeSeconds
                          ? QStringLiteral("workers,runtime_s")
                          : QStringLiteral("workers,throughput"));
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace

MeasuredPanel::MeasuredPanel(QWidget *parent)
    : WorkspacePanel(Section::Measured | Section::Model, parent), m_measure(new QComboBox(this)),
      m_runs(new QTableWidget(0, 2, this)), m_message(new QLabel(this)),
      m_useFittedP(new QPushButton(tr("Use fitted &p"), this)),
      m_importTrace(new QPushButton(tr("Import &trace…"), this)), m_trace(new QLabel(this)),
      m_chart(new FitChart(this)), m_fitTable(new QTableWidget(0, 5, this)),
      m_trackRecord(new TrackRecordBox(this))
{
    auto *inputs = new QWidget(this);
    auto *inputsLayout = new QVBoxLayout(inputs);

    auto *runsBox = new QGroupBox(tr("Measured runs"), inputs);
    auto *runsLayout = new QVBoxLayout(runsBox);
    auto *form = new QFormLayout;
    m_measure->addItem(tr("Throughput (items/s)"), static_cast<int>(fit::Measure::Throughput));
    m_measure->addItem(tr("Runtime (s) for the same work"),
                       static_cast<int>(fit::Measure::RuntimeSeconds));
    m_measure->setToolTip(tr("What each run measured: items per second, or the seconds the same "
                             "fixed amount of work took (fitted as 1 / runtime)."));
    auto *measureLabel = new QLabel(tr("&Measured"), runsBox);
    measureLabel->setBuddy(m_measure);
    form->addRow(measureLabel, m_measure);
    runsLayout->addLayout(form);
    m_runs->verticalHeader()->setVisible(false);
    m_runs->horizontalHeader()->setStretchLastSection(true);
    m_runs->setAccessibleName(tr("Measured runs"));
    m_runs->setToolTip(tr("One row per run: workers N and what it measured. Repeated runs at one "
                          "N are points of their own. Type, paste from a spreadsheet "
                          "(Ctrl+Shift+V) or import a CSV."));
    m_runs->setMinimumHeight(180);
    runsLayout->addWidget(m_runs);
    m_message->setWordWrap(true);
    m_message->setVisible(false);
    runsLayout->addWidget(m_message);
    auto *buttons = new QHBoxLayout;
    auto *add = new QPushButton(tr("&Add"), runsBox);
    add->setToolTip(tr("Add a run after the last"));
    auto *remove = new QPushButton(tr("&Remove"), runsBox);
    remove->setToolTip(tr("Remove the selected runs"));
    auto *import = new QPushButton(tr("&Import CSV…"), runsBox);
    import->setToolTip(tr("Replace the runs with a CSV file: header workers plus throughput or "
                          "runtime_s"));
    auto *paste = new QPushButton(tr("&Paste"), runsBox);
    paste->setToolTip(tr("Replace the runs with cells copied from a spreadsheet or a CSV "
                         "(Ctrl+Shift+V in the table)"));
    for (QPushButton *button : {add, remove, import, paste})
        buttons->addWidget(button);
    runsLayout->addLayout(buttons);
    inputsLayout->addWidget(runsBox);

    auto *useBox = new QGroupBox(tr("Into the plan"), inputs);
    auto *useLayout = new QVBoxLayout(useBox);
    m_useFittedP->setToolTip(
        tr("Set the Model's parallel fraction p to Amdahl's fitted p (one "
           "undoable step); the headline then shows the runtime's 95 % band."));
    useLayout->addWidget(m_useFittedP);
    m_importTrace->setToolTip(
        tr("Read a profiler trace (PyTorch, Perfetto, Ray: Chrome trace "
           "JSON, plain or .gz) and set stage or F/B/W times from its spans"));
    useLayout->addWidget(m_importTrace);
    m_trace->setWordWrap(true);
    m_trace->setTextInteractionFlags(Qt::TextSelectableByMouse);
    useLayout->addWidget(m_trace);
    inputsLayout->addWidget(useBox);
    inputsLayout->addWidget(m_trackRecord);
    inputsLayout->addStretch(1);

    auto *inputsScroll = new QScrollArea(this);
    inputsScroll->setWidget(inputs);
    inputsScroll->setWidgetResizable(true);
    inputsScroll->setFrameShape(QFrame::NoFrame);
    inputsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    inputsScroll->setMinimumWidth(inputs->sizeHint().width() + 16);
    inputsScroll->setMaximumWidth(420);

    m_fitTable->verticalHeader()->setVisible(false);
    m_fitTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_fitTable->horizontalHeader()->setStretchLastSection(true);
    m_fitTable->setAccessibleName(tr("Fitted laws"));
    m_fitTable->setToolTip(tr("Bounded nonlinear least squares (GSL): standard errors from the "
                              "Jacobian at the optimum, intervals value ± t(0.975, n − k) × SE."));
    auto *views = new QSplitter(Qt::Vertical, this);
    views->addWidget(m_chart);
    views->addWidget(m_fitTable);
    views->setStretchFactor(0, 3);
    views->setStretchFactor(1, 2);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(inputsScroll);
    layout->addWidget(views, 1);
    setInputsArea(inputsScroll);

    connect(m_measure, &QComboBox::activated, this, [this](int index) {
        const auto measure = static_cast<fit::Measure>(m_measure->itemData(index).toInt());
        m_bound->edit(tr("Change what the runs measured"),
                      [measure](Scenario &s) { s.measured.runs.measure = measure; });
    });
    connect(m_runs, &QTableWidget::cellChanged, this, &MeasuredPanel::cellEdited);
    connect(add, &QPushButton::clicked, this, &MeasuredPanel::addRun);
    connect(remove, &QPushButton::clicked, this, &MeasuredPanel::removeRuns);
    connect(import, &QPushButton::clicked, this, &MeasuredPanel::importCsv);
    connect(paste, &QPushButton::clicked, this,
            [this]() { pasteRuns(QApplication::clipboard()->text()); });
    auto *pasteShortcut = new QAction(tr("Paste runs"), m_runs);
    pasteShortcut->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    pasteShortcut->setShortcutContext(Qt::WidgetShortcut);
    m_runs->addAction(pasteShortcut);
    connect(pasteShortcut, &QAction::triggered, this,
            [this]() { pasteRuns(QApplication::clipboard()->text()); });
    connect(m_useFittedP, &QPushButton::clicked, this, &MeasuredPanel::useFittedP);
    connect(m_importTrace, &QPushButton::clicked, this, &MeasuredPanel::importTraceRequested);
    connect(m_bound, &ScenarioBindings::refused, this, &MeasuredPanel::refresh);
}

QString MeasuredPanel::messageText() const
{
    return m_message->isVisibleTo(this) ? m_message->text() : QString();
}

QString MeasuredPanel::traceText() const
{
    return m_trace->text();
}

void MeasuredPanel::showMessage(const QString &text, bool problem)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    m_message->setStyleSheet(problem ? QStringLiteral("color: #c62828; font-weight: bold;")
                                     : QString());
}

void MeasuredPanel::cellEdited(int row, int column)
{
    if (m_filling || !m_document)
        return;
    const QTableWidgetItem *item = m_runs->item(row, column);
    const QString typed = item ? item->text() : QString();
    const numparse::Parsed parsed = numparse::typed(typed, numparse::Kind::Number);
    const QString columnName = m_runs->horizontalHeaderItem(column)->text();
    QString problem = parsed.value ? QString() : parsed.error;
    if (parsed.value) {
        const double value = *parsed.value;
        if (column == 0 && (value < 1 || value != std::floor(value)))
            problem = tr("must be a whole number of at least 1, got '%1'").arg(typed);
        else if (column == 1 && !(value > 0))
            problem = tr("must be above 0, got '%1'").arg(typed);
    }
    if (!problem.isEmpty()) {
        // Refused at the field: the run keeps its value and the message says why.
        showMessage(tr("Run %1, %2: %3").arg(row + 1).arg(columnName, problem), true);
        refresh();
        m_message->setVisible(true);
        return;
    }
    showMessage(QString(), false);
    const double value = *parsed.value;
    m_bound->edit(tr("Edit measured run"), [row, column, value](Scenario &s) {
        std::vector<fit::Run> &runs = s.measured.runs.runs;
        if (row >= static_cast<int>(runs.size()))
            return;
        fit::Run &run = runs[static_cast<size_t>(row)];
        (column == 0 ? run.workers : run.value) = value;
    });
}

void MeasuredPanel::addRun()
{
    m_bound->edit(tr("Add measured run"), [](Scenario &s) {
        std::vector<fit::Run> &runs = s.measured.runs.runs;
        // Twice the last worker count, its value unchanged: a row to overwrite.
        const fit::Run last = runs.empty() ? fit::Run{1, 1} : runs.back();
        runs.push_back({runs.empty() ? 1.0 : last.workers * 2, last.value});
    });
}

void MeasuredPanel::removeRuns()
{
    std::set<int, std::greater<>> rows;
    for (const QModelIndex &index : m_runs->selectionModel()->selectedIndexes())
        rows.insert(index.row());
    if (rows.empty())
        return;
    m_bound->edit(tr("Remove measured runs"), [rows](Scenario &s) {
        std::vector<fit::Run> &runs = s.measured.runs.runs;
        for (int row : rows) {
            if (row < static_cast<int>(runs.size()))
                runs.erase(runs.begin() + row);
        }
    });
}

bool MeasuredPanel::pasteRuns(const QString &text)
{
    if (!m_document)
        return false;
    const fit::CsvRuns read =
        fit::readRunsCsv(asRunsCsv(text, m_document->scenario().measured.runs.measure));
    if (!read.errors.empty()) {
        showMessage(tr("Not pasted: %1").arg(read.errors.front().toString()), true);
        return false;
    }
    if (read.runs.runs.empty()) {
        showMessage(tr("Not pasted: no runs in the clipboard"), true);
        return false;
    }
    showMessage(QString(), false);
    const fit::Runs runs = read.runs;
    m_bound->edit(tr("Paste measured runs"), [runs](Scenario &s) { s.measured.runs = runs; });
    return true;
}

void MeasuredPanel::importCsv()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import measured runs"),
        QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation),
        tr("CSV files (*.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    const fileio::ReadResult read = fileio::readBounded(path, qint64{16} * 1024 * 1024);
    if (!read.bytes) {
        showMessage(tr("%1: %2").arg(path, read.error), true);
        return;
    }
    const fit::CsvRuns runs = fit::readRunsCsv(QString::fromUtf8(*read.bytes));
    if (!runs.errors.empty()) {
        showMessage(tr("%1: %2").arg(path, runs.errors.front().toString()), true);
        return;
    }
    showMessage(QString(), false);
    const fit::Runs imported = runs.runs;
    m_bound->edit(tr("Import measured runs"),
                  [imported](Scenario &s) { s.measured.runs = imported; });
}

bool MeasuredPanel::useFittedP()
{
    if (!m_document || !m_document->planResult().measured.fit.amdahl)
        return false;
    const double p = m_document->planResult().measured.fit.amdahl->p.value;
    m_bound->edit(tr("Use fitted p"), [p](Scenario &s) { s.workload.parallelFraction = p; });
    return usesFittedP(m_document->scenario(), m_document->planResult().measured.fit);
}

void MeasuredPanel::refresh()
{
    if (!refreshNow())
        return;
    const Scenario &s = m_document->scenario();
    const MeasuredSection &measured = m_document->planResult().measured;
    const fit::Runs &runs = s.measured.runs;
    {
        const QSignalBlocker blocker(m_measure);
        m_measure->setCurrentIndex(m_measure->findData(static_cast<int>(runs.measure)));
    }
    m_filling = true;
    const std::vector<QStringList> rows = explain::runRows(runs);
    m_runs->setHorizontalHeaderLabels(rows.front());
    m_runs->setRowCount(static_cast<int>(rows.size()) - 1);
    for (size_t r = 1; r < rows.size(); ++r) {
        for (int c = 0; c < 2; ++c) {
            auto *item = new QTableWidgetItem(rows[r][c]);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_runs->setItem(static_cast<int>(r) - 1, c, item);
        }
    }
    m_filling = false;
    if (!m_message->styleSheet().isEmpty() && m_message->isVisible()) {
        // A refusal stays until the next edit.
    } else if (!runs.runs.empty() && !measured.fit.problem.isEmpty()) {
        showMessage(measured.fit.problem, false);
    } else {
        showMessage(QString(), false);
    }

    const bool runtime = runs.measure == fit::Measure::RuntimeSeconds;
    std::vector<QStringList> fitted =
        explain::fitRows(measured.fit, runtime ? tr("runs/s") : tr("items/s"));
    m_fitTable->setHorizontalHeaderLabels(fitted.front());
    m_fitTable->setRowCount(static_cast<int>(fitted.size()) - 1);
    for (size_t r = 1; r < fitted.size(); ++r) {
        for (int c = 0; c < fitted[r].size(); ++c) {
            auto *item = new QTableWidgetItem(fitted[r][c]);
            if (c >= 2)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_fitTable->setItem(static_cast<int>(r) - 1, c, item);
        }
    }
    m_fitTable->resizeColumnsToContents();
    m_fitTable->horizontalHeader()->setStretchLastSection(true);
    // No fit, no table: the chart and its hint take the room (an empty table under an empty
    // chart read as broken).
    m_fitTable->setVisible(fitted.size() > 1);
    m_chart->setInputsShown(inputsVisible());
    m_chart->setSeries(measured.curve);

    const bool fitP = measured.fit.amdahl.has_value();
    m_useFittedP->setEnabled(fitP && !usesFittedP(s, measured.fit));
    m_useFittedP->setText(
        fitP ? tr("Use fitted &p = %1").arg(format::trimmed(measured.fit.amdahl->p.value, 4))
             : tr("Use fitted &p"));
    if (s.measured.traceFile.isEmpty()) {
        m_trace->setText(tr("No trace read."));
    } else {
        m_trace->setText(tr("Trace %1, read %2:\n%3")
                             .arg(s.measured.traceFile, s.measured.traceReadAt,
                                  s.measured.traceMapping.join(QLatin1Char('\n'))));
    }
    m_trackRecord->setDocument(m_document, m_bound);
    m_trackRecord->refresh();
}

} // namespace pipeplan
