#include "ui/measured/trackrecordbox.h"

#include "core/base/format.h"
#include "core/base/numparse.h"
#include "core/plan/prerun.h"
#include "core/track/tracktext.h"
#include "ui/document/scenariobindings.h"
#include "ui/document/scenariodocument.h"
#include "ui/measured/trackimportdialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDate>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalBlocker>
#include <QStandardPaths>
#include <QTableWidget>
#include <QVBoxLayout>

namespace pipeplan {

TrackRecordBox::TrackRecordBox(QWidget *parent)
    : QGroupBox(tr("Track record"), parent), m_file(new QLabel(this)),
      m_choose(new QPushButton(tr("&History…"), this)), m_kind(new QComboBox(this)),
      m_sentence(new QLabel(this)), m_apply(new QCheckBox(tr("Appl&y calibration"), this)),
      m_message(new QLabel(this)), m_overruns(new QTableWidget(0, 4, this)),
      m_months(new QTableWidget(0, 3, this)), m_retrospective(new QLabel(this)),
      m_record(new QPushButton(tr("&Record actual…"), this)),
      m_copyPrerun(new QPushButton(tr("Copy pre-r&un template"), this)),
      m_import(new QPushButton(tr("I&mport…"), this))
{
    setToolTip(tr("Estimated against actual for every finished job (seed 003): the team's "
                  "record calibrates the next plan's ranges."));
    auto *layout = new QVBoxLayout(this);
    auto *fileRow = new QHBoxLayout;
    m_file->setWordWrap(true);
    m_file->setTextInteractionFlags(Qt::TextSelectableByMouse);
    fileRow->addWidget(m_file, 1);
    m_choose->setToolTip(tr("Choose the track record: a CSV with name, kind, "
                            "estimated_seconds, actual_seconds (docs/calibration.md)"));
    fileRow->addWidget(m_choose);
    m_import->setToolTip(tr("Append finished runs to the history: from MLflow's or Weights & "
                            "Biases' run export, a spreadsheet's CSV, or this plan's Estimated "
                            "vs actual log"));
    fileRow->addWidget(m_import);
    layout->addLayout(fileRow);
    auto *form = new QFormLayout;
    auto *kindLabel = new QLabel(tr("&Kind"), this);
    kindLabel->setBuddy(m_kind);
    m_kind->setToolTip(tr("Calibrate on the jobs of one kind, or on every job"));
    form->addRow(kindLabel, m_kind);
    layout->addLayout(form);
    m_sentence->setWordWrap(true);
    m_sentence->setAccessibleName(tr("Calibration"));
    layout->addWidget(m_sentence);
    m_apply->setToolTip(tr("Scale every sample's runtime by the calibrated ratio: the runtime, "
                           "worker-hours and cost become ranges (one undoable step)"));
    layout->addWidget(m_apply);
    m_message->setWordWrap(true);
    m_message->setVisible(false);
    layout->addWidget(m_message);
    for (QTableWidget *table : {m_overruns, m_months}) {
        table->verticalHeader()->setVisible(false);
        table->setEditTriggers(QAbstractItemView::NoEditTriggers);
        table->horizontalHeader()->setStretchLastSection(true);
        table->setMinimumHeight(90);
    }
    m_overruns->setAccessibleName(tr("Over their estimate by more than 25 %"));
    m_overruns->setToolTip(tr("The weekly review: the jobs whose actual exceeded the estimate by "
                              "more than 25 %, largest first"));
    m_months->setAccessibleName(tr("MdAPE by month"));
    m_months->setToolTip(tr("The monthly retrospective: the median absolute percentage error of "
                            "the jobs finished each month"));
    layout->addWidget(new QLabel(tr("Over their estimate by more than 25 %"), this));
    layout->addWidget(m_overruns);
    layout->addWidget(new QLabel(tr("MdAPE by month"), this));
    layout->addWidget(m_months);
    m_retrospective->setWordWrap(true);
    layout->addWidget(m_retrospective);
    auto *buttons = new QHBoxLayout;
    m_record->setToolTip(tr("Append this saved plan's estimate and the runtime it took to the "
                            "history"));
    m_copyPrerun->setToolTip(tr("Copy the pre-run estimation template (Markdown) for a pull "
                                "request or a job submission"));
    buttons->addWidget(m_record);
    buttons->addWidget(m_copyPrerun);
    layout->addLayout(buttons);

    connect(m_choose, &QPushButton::clicked, this, &TrackRecordBox::chooseFile);
    connect(m_kind, &QComboBox::activated, this,
            [this](int index) { chooseKind(m_kind->itemData(index).toString()); });
    connect(m_apply, &QCheckBox::clicked, this, [this](bool on) {
        if (!setApplied(on))
            refresh();
    });
    connect(m_record, &QPushButton::clicked, this, &TrackRecordBox::recordActualAsked);
    connect(m_copyPrerun, &QPushButton::clicked, this, &TrackRecordBox::copyPrerun);
    connect(m_import, &QPushButton::clicked, this, &TrackRecordBox::importAsked);
}

void TrackRecordBox::setDocument(ScenarioDocument *document, ScenarioBindings *bindings)
{
    m_document = document;
    m_bound = bindings;
}

QString TrackRecordBox::historyPath() const
{
    if (m_document && !m_document->scenario().track.history.isEmpty())
        return m_document->scenario().track.history;
    return m_useSettings ? QSettings().value(QLatin1String(kSettingsKey)).toString() : QString();
}

void TrackRecordBox::reload(const QString &path)
{
    const fileio::DiskStamp stamp = fileio::stampOf(path);
    if (path == m_loadedPath && stamp == m_loadedStamp)
        return;
    m_loadedPath = path;
    m_loadedStamp = stamp;
    m_history = path.isEmpty() ? track::ReadResult{} : track::readFile(path);
}

std::vector<track::Row> TrackRecordBox::rowsOfKind(const QString &kind) const
{
    std::vector<track::Row> rows;
    for (const track::Row &row : m_history.rows)
        if (kind.isEmpty() || row.kind == kind)
            rows.push_back(row);
    return rows;
}

void TrackRecordBox::showMessage(const QString &text, bool problem)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    m_message->setStyleSheet(problem ? QStringLiteral("color: #c62828; font-weight: bold;")
                                     : QString());
}

void TrackRecordBox::fill(QTableWidget *table, const std::vector<QStringList> &rows)
{
    table->setHorizontalHeaderLabels(rows.front());
    table->setRowCount(static_cast<int>(rows.size()) - 1);
    for (size_t r = 1; r < rows.size(); ++r) {
        for (int c = 0; c < rows[r].size(); ++c) {
            auto *item = new QTableWidgetItem(rows[r][c]);
            if (c > 0 && table->columnCount() == 3)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table->setItem(static_cast<int>(r) - 1, c, item);
        }
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
}

void TrackRecordBox::refresh()
{
    if (!m_document)
        return;
    const TrackSettings &t = m_document->scenario().track;
    const QString path = historyPath();
    reload(path);
    m_filling = true;
    {
        const QSignalBlocker blocker(m_kind);
        m_kind->clear();
        m_kind->addItem(tr("Every kind"), QString());
        QStringList kinds;
        for (const track::Row &row : m_history.rows)
            if (!row.kind.isEmpty() && !kinds.contains(row.kind))
                kinds << row.kind;
        if (!t.kind.isEmpty() && !kinds.contains(t.kind))
            kinds << t.kind;
        for (const QString &kind : kinds)
            m_kind->addItem(kind, kind);
        m_kind->setCurrentIndex(std::max(0, m_kind->findData(t.kind)));
    }
    // What the file gives for the kind now; the plan's own calibration when the file is not
    // at hand.
    const bool fileRead = !path.isEmpty() && m_history.error.isEmpty();
    const track::Calibration shown =
        fileRead
            ? track::calibrate(m_history.rows,
                               t.kind.isEmpty() ? std::nullopt : std::optional<QString>(t.kind))
            : t.calibration;
    QString sentence = track::sentence(shown);
    if (shown.calibrated())
        sentence += QStringLiteral(". ") + track::intervalText(shown) + QLatin1Char('.');
    // Applied from an older state of the file: say which calibration the plan uses.
    if (t.inForce() && !(t.calibration == shown))
        sentence += QLatin1Char(' ') +
                    format::plural(tr("The plan applies the calibration of %n job(s) it was "
                                      "given: apply again to update it.",
                                      nullptr, format::numerus(t.calibration.jobs)),
                                   t.calibration.jobs);
    m_sentence->setText(sentence);
    {
        const QSignalBlocker blocker(m_apply);
        m_apply->setChecked(t.apply);
        m_apply->setEnabled(t.apply || shown.calibrated());
    }
    m_filling = false;
    // The file's own state under its path; the actions' messages stay in m_message.
    QString fileText = path.isEmpty() ? tr("No history chosen.") : path;
    if (!m_history.error.isEmpty())
        fileText += QLatin1Char('\n') + tr("Cannot be read: %1").arg(m_history.error);
    else if (!m_history.problems.empty()) {
        const auto leftOut = static_cast<double>(m_history.problems.size());
        fileText += QLatin1Char('\n') + format::plural(tr("%n row(s) left out; the first: %1",
                                                          nullptr, format::numerus(leftOut)),
                                                       leftOut)
                                            .arg(m_history.problems.front().toString());
    }
    m_file->setText(fileText);
    const std::vector<track::Row> rows = rowsOfKind(t.kind);
    fill(m_overruns, track::overrunRows(track::overruns(rows)));
    const track::Retrospective retro = track::retrospective(rows);
    fill(m_months, track::monthRows(retro));
    m_retrospective->setText(track::retrospectiveText(retro));
    m_record->setEnabled(!path.isEmpty() && !m_document->filePath().isEmpty());
    m_record->setToolTip(m_document->filePath().isEmpty()
                             ? tr("Save the plan first: the row records a saved plan's estimate")
                             : tr("Append this saved plan's estimate and the runtime it took to "
                                  "the history"));
}

bool TrackRecordBox::chooseHistory(const QString &path)
{
    if (!m_document || !m_bound)
        return false;
    const track::ReadResult read = track::readFile(path);
    if (!read.error.isEmpty()) {
        showMessage(tr("%1: %2").arg(path, read.error), true);
        return false;
    }
    showMessage(QString(), false);
    if (m_useSettings)
        QSettings().setValue(QLatin1String(kSettingsKey), path);
    const QString kind = m_document->scenario().track.kind;
    const track::Calibration calibration =
        track::calibrate(read.rows, kind.isEmpty() ? std::nullopt : std::optional<QString>(kind));
    m_bound->edit(tr("Choose track record"), [path, calibration](Scenario &s) {
        s.track.history = path;
        s.track.calibration = calibration;
    });
    return true;
}

void TrackRecordBox::chooseKind(const QString &kind)
{
    if (!m_document || !m_bound || m_filling)
        return;
    const QString path = historyPath();
    reload(path);
    const track::Calibration calibration = track::calibrate(
        m_history.rows, kind.isEmpty() ? std::nullopt : std::optional<QString>(kind));
    m_bound->edit(tr("Calibrate on kind"), [path, kind, calibration](Scenario &s) {
        s.track.history = path;
        s.track.kind = kind;
        s.track.calibration = calibration;
    });
}

bool TrackRecordBox::setApplied(bool applied)
{
    if (!m_document || !m_bound)
        return false;
    const TrackSettings &t = m_document->scenario().track;
    const QString path = historyPath();
    reload(path);
    // The file's calibration now, when the file is there; else the one the plan keeps.
    track::Calibration calibration = t.calibration;
    if (!path.isEmpty() && m_history.error.isEmpty())
        calibration = track::calibrate(
            m_history.rows, t.kind.isEmpty() ? std::nullopt : std::optional<QString>(t.kind));
    if (applied && !calibration.calibrated()) {
        showMessage(track::sentence(calibration), true);
        return false;
    }
    showMessage(QString(), false);
    m_bound->edit(applied ? tr("Apply calibration") : tr("Remove calibration"),
                  [path, calibration, applied](Scenario &s) {
                      s.track.history = path;
                      s.track.calibration = calibration;
                      s.track.apply = applied;
                  });
    return m_document->scenario().track.apply == applied;
}

bool TrackRecordBox::recordActual(double actualSeconds)
{
    if (!m_document)
        return false;
    const QString path = historyPath();
    if (path.isEmpty()) {
        showMessage(tr("Choose a history file first."), true);
        return false;
    }
    if (m_document->filePath().isEmpty()) {
        showMessage(tr("Save the plan first: the row records a saved plan's estimate."), true);
        return false;
    }
    if (!(actualSeconds > 0)) {
        showMessage(tr("The actual runtime must be above 0."), true);
        return false;
    }
    const Scenario &s = m_document->scenario();
    const PlanResult &result = m_document->planResult();
    track::Row row;
    row.name = s.name;
    row.kind = s.track.kind;
    // The estimate the plan made before any calibration: the ratio is learned against it.
    row.estimatedSeconds = result.model.effectiveRuntimeSeconds;
    row.actualSeconds = actualSeconds;
    if (s.hardware.enabled)
        row.estimatedGpuHours = result.model.cost.workerHours;
    row.estimatedCost = result.model.cost.total;
    row.finishedOn = QDate::currentDate();
    if (const QString error = appendRows(path, {row}); !error.isEmpty()) {
        showMessage(error, true);
        return false;
    }
    showMessage(
        tr("Recorded %1: estimated %2, took %3.")
            .arg(row.name, format::duration(row.estimatedSeconds), format::duration(actualSeconds)),
        false);
    refresh();
    return true;
}

QString TrackRecordBox::copyPrerun()
{
    if (!m_document)
        return {};
    QString markdown = prerun::markdown(m_document->plan(), m_document->planResult());
    QApplication::clipboard()->setText(markdown);
    showMessage(tr("Pre-run template copied (Markdown)."), false);
    return markdown;
}

QString TrackRecordBox::appendRows(const QString &path, const std::vector<track::Row> &rows)
{
    const fileio::ReadResult existing = fileio::readBounded(path, track::kMaxFileBytes);
    QString text = existing.bytes ? QString::fromUtf8(*existing.bytes) : QString();
    if (!existing.bytes && fileio::stampOf(path).exists)
        return tr("%1: %2").arg(path, existing.error);
    text = track::appended(text, rows);
    if (const QString error = fileio::writeAtomically(path, text.toUtf8()); !error.isEmpty())
        return tr("%1: %2").arg(path, error);
    return {};
}

QString TrackRecordBox::importRows(const std::vector<track::Row> &rows, const QString &path)
{
    if (!m_document || !m_bound)
        return tr("The plan is closed.");
    if (path.isEmpty())
        return tr("Choose where the track record is kept.");
    // Appending to a file that is not a track record would spoil it for both uses.
    if (fileio::stampOf(path).exists) {
        if (const track::ReadResult read = track::readFile(path); !read.error.isEmpty())
            return tr("%1 is not a track record: %2").arg(path, read.error);
    }
    if (QString error = appendRows(path, rows); !error.isEmpty())
        return error;
    if (m_document->scenario().track.history != path)
        chooseHistory(path);
    else
        refresh();
    const auto count = static_cast<double>(rows.size());
    showMessage(
        format::plural(tr("Imported %n row(s) into %1.", nullptr, format::numerus(count)), count)
            .arg(path),
        false);
    return {};
}

void TrackRecordBox::importAsked()
{
    TrackImportDialog dialog(this, this);
    dialog.exec();
}

QString TrackRecordBox::sentenceText() const
{
    return m_sentence->text();
}

QString TrackRecordBox::messageText() const
{
    return m_message->isVisibleTo(this) ? m_message->text() : QString();
}

QString TrackRecordBox::retrospectiveText() const
{
    return m_retrospective->text();
}

void TrackRecordBox::chooseFile()
{
    const QString start = historyPath().isEmpty()
                              ? QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)
                              : historyPath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Choose track record"), start,
                                                      tr("CSV files (*.csv);;All files (*)"));
    if (!path.isEmpty())
        chooseHistory(path);
}

void TrackRecordBox::recordActualAsked()
{
    bool ok = false;
    const QString typed =
        QInputDialog::getText(this, tr("Record actual"),
                              tr("How long did \"%1\" take? (e.g. 5.2 h, 3h20m, 18000 s)")
                                  .arg(m_document ? m_document->scenario().name : QString()),
                              QLineEdit::Normal, QString(), &ok);
    if (!ok || typed.trimmed().isEmpty())
        return;
    const numparse::Parsed parsed = numparse::typed(typed, numparse::Kind::Duration);
    if (!parsed.value) {
        showMessage(tr("Not recorded: %1").arg(parsed.error), true);
        return;
    }
    recordActual(*parsed.value);
}

} // namespace pipeplan
