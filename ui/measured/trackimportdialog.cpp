#include "ui/measured/trackimportdialog.h"

#include "core/base/fileio.h"
#include "core/base/format.h"
#include "ui/document/scenariodocument.h"
#include "ui/measured/trackrecordbox.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStandardPaths>
#include <QVBoxLayout>

#include <utility>

namespace pipeplan {

namespace {

/// How many problems the preview names; the count says how many there are in all.
constexpr int kShownProblems = 3;

QComboBox *unitBox(QWidget *parent)
{
    auto *box = new QComboBox(parent);
    for (const track::ImportUnit &unit : track::importUnits())
        box->addItem(QCoreApplication::translate("Track", unit.label), unit.seconds);
    return box;
}

bool selectUnit(QComboBox *box, double unitSeconds)
{
    const int index = box->findData(unitSeconds);
    if (index < 0)
        return false;
    box->setCurrentIndex(index);
    return true;
}

} // namespace

TrackImportDialog::TrackImportDialog(TrackRecordBox *box, QWidget *parent)
    : QDialog(parent), m_box(box), m_source(new QComboBox(this)), m_path(new QLineEdit(this)),
      m_browse(new QPushButton(tr("&Browse…"), this)),
      m_columnsGroup(new QGroupBox(tr("Columns"), this)), m_estimateUnit(unitBox(this)),
      m_actualUnit(unitBox(this)), m_fixedKind(new QLineEdit(this)),
      m_previewLabel(new QLabel(this)), m_message(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this)),
      m_import(m_buttons->addButton(tr("&Import"), QDialogButtonBox::AcceptRole))
{
    setWindowTitle(tr("Import into the track record"));
    auto *layout = new QVBoxLayout(this);
    buildSourceRow();
    buildColumns();
    m_previewLabel->setWordWrap(true);
    m_previewLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_previewLabel->setAccessibleName(tr("Preview"));
    layout->addWidget(m_previewLabel);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #c62828; font-weight: bold;"));
    m_message->setVisible(false);
    layout->addWidget(m_message);
    m_import->setDefault(true);
    m_import->setToolTip(tr("Append the rows to the plan's track record"));
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &TrackImportDialog::importAsked);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    sourceChanged();
}

void TrackImportDialog::buildSourceRow()
{
    auto *form = new QFormLayout;
    m_source->addItem(tr("MLflow run export (CSV)"), static_cast<int>(track::ImportSource::Mlflow));
    m_source->addItem(tr("Weights & Biases run export (CSV)"),
                      static_cast<int>(track::ImportSource::Wandb));
    m_source->addItem(tr("Spreadsheet (CSV) with a column mapping"),
                      static_cast<int>(track::ImportSource::Spreadsheet));
    m_source->addItem(tr("This plan's Estimated vs actual log"),
                      static_cast<int>(track::ImportSource::ActualsLog));
    m_source->setToolTip(tr("Where the finished runs come from"));
    auto *sourceLabel = new QLabel(tr("&Source"), this);
    sourceLabel->setBuddy(m_source);
    form->addRow(sourceLabel, m_source);
    auto *fileRow = new QHBoxLayout;
    m_path->setPlaceholderText(tr("a CSV file"));
    m_path->setToolTip(tr("The exported CSV (at most 16 MiB)"));
    fileRow->addWidget(m_path, 1);
    m_browse->setToolTip(tr("Choose the exported CSV"));
    fileRow->addWidget(m_browse);
    auto *fileLabel = new QLabel(tr("&File"), this);
    fileLabel->setBuddy(m_path);
    form->addRow(fileLabel, fileRow);
    qobject_cast<QVBoxLayout *>(layout())->addLayout(form);
    connect(m_source, &QComboBox::currentIndexChanged, this, &TrackImportDialog::sourceChanged);
    connect(m_path, &QLineEdit::editingFinished, this, &TrackImportDialog::reloadFile);
    connect(m_browse, &QPushButton::clicked, this, &TrackImportDialog::browse);
}

void TrackImportDialog::buildColumns()
{
    auto *form = new QFormLayout(m_columnsGroup);
    m_columnsGroup->setToolTip(tr("Which column of the file holds each field; MLflow's and "
                                  "W&B's usual columns are chosen for you and can be changed"));
    for (const track::ColumnField &field : track::columnFields()) {
        auto *box = new QComboBox(m_columnsGroup);
        box->setAccessibleName(QCoreApplication::translate("Track", field.label));
        form->addRow(QCoreApplication::translate("Track", field.label), box);
        connect(box, &QComboBox::currentIndexChanged, this, [this]() {
            if (!m_filling)
                updatePreview();
        });
        m_columnBoxes.push_back(box);
    }
    m_estimateUnit->setToolTip(tr("The unit the estimate column (or the plan's log) is in"));
    m_actualUnit->setToolTip(tr("The unit the actual column is in"));
    form->addRow(tr("Estimate's unit"), m_estimateUnit);
    form->addRow(tr("Actual's unit"), m_actualUnit);
    m_fixedKind->setToolTip(
        tr("The kind of every imported row when no column holds one (e.g. fine-tune)"));
    form->addRow(tr("Kind when no column holds one"), m_fixedKind);
    qobject_cast<QVBoxLayout *>(layout())->addWidget(m_columnsGroup);
    for (QComboBox *unit : {m_estimateUnit, m_actualUnit})
        connect(unit, &QComboBox::currentIndexChanged, this, [this]() {
            if (!m_filling)
                updatePreview();
        });
    connect(m_fixedKind, &QLineEdit::textChanged, this, &TrackImportDialog::updatePreview);
}

void TrackImportDialog::setSource(track::ImportSource source)
{
    m_source->setCurrentIndex(m_source->findData(static_cast<int>(source)));
}

track::ImportSource TrackImportDialog::source() const
{
    return static_cast<track::ImportSource>(m_source->currentData().toInt());
}

void TrackImportDialog::setFilePath(const QString &path)
{
    m_path->setText(path);
    reloadFile();
}

bool TrackImportDialog::setColumn(const QString &fieldKey, const QString &column)
{
    QComboBox *box = columnBox(fieldKey);
    if (!box)
        return false;
    const int index = column.isEmpty() ? 0 : box->findData(column);
    if (index < 0)
        return false;
    box->setCurrentIndex(index);
    return true;
}

bool TrackImportDialog::setEstimateUnitSeconds(double unitSeconds)
{
    return selectUnit(m_estimateUnit, unitSeconds);
}

bool TrackImportDialog::setActualUnitSeconds(double unitSeconds)
{
    return selectUnit(m_actualUnit, unitSeconds);
}

void TrackImportDialog::setFixedKind(const QString &kind)
{
    m_fixedKind->setText(kind);
}

QComboBox *TrackImportDialog::columnBox(const QString &fieldKey) const
{
    const std::vector<track::ColumnField> &fields = track::columnFields();
    for (size_t f = 0; f < fields.size(); ++f)
        if (fields[f].key == fieldKey)
            return m_columnBoxes[f];
    return nullptr;
}

track::Columns TrackImportDialog::columns() const
{
    track::Columns c;
    const std::vector<track::ColumnField> &fields = track::columnFields();
    for (size_t f = 0; f < fields.size(); ++f)
        c.*fields[f].column = m_columnBoxes[f]->currentData().toString();
    c.estimatedUnitSeconds = m_estimateUnit->currentData().toDouble();
    c.actualUnitSeconds = m_actualUnit->currentData().toDouble();
    if (c.kind.isEmpty())
        c.fixedKind = m_fixedKind->text().trimmed();
    return c;
}

void TrackImportDialog::sourceChanged()
{
    const bool fromFile = source() != track::ImportSource::ActualsLog;
    m_path->setEnabled(fromFile);
    m_browse->setEnabled(fromFile);
    // The log has no columns: one unit for both numbers, and the kind typed.
    for (QComboBox *box : m_columnBoxes)
        box->setEnabled(fromFile);
    m_actualUnit->setEnabled(fromFile);
    {
        const QSignalBlocker blocker(m_estimateUnit);
        const QSignalBlocker actualBlocker(m_actualUnit);
        // The trackers log seconds; a project's log is usually kept in hours.
        selectUnit(m_estimateUnit, fromFile ? 1 : 3600);
        selectUnit(m_actualUnit, 1);
    }
    reloadFile();
}

void TrackImportDialog::reloadFile()
{
    m_text.clear();
    m_fileError.clear();
    const QString path = m_path->text().trimmed();
    if (source() != track::ImportSource::ActualsLog && !path.isEmpty()) {
        const fileio::ReadResult read = fileio::readBounded(path, track::kMaxFileBytes);
        if (read.bytes)
            m_text = QString::fromUtf8(*read.bytes);
        else
            m_fileError = tr("%1: %2").arg(path, read.error);
    }
    const QStringList header = track::headerOf(m_text);
    fillColumnBoxes(header);
    // The log has no columns: every picker shows none.
    selectColumns(track::defaultColumns(source(), header).value_or(track::Columns{}));
    updatePreview();
}

void TrackImportDialog::fillColumnBoxes(const QStringList &header)
{
    m_filling = true;
    for (QComboBox *box : m_columnBoxes) {
        box->clear();
        box->addItem(tr("(none)"), QString());
        for (const QString &name : header)
            if (!name.isEmpty() && box->findData(name) < 0)
                box->addItem(name, name);
    }
    m_filling = false;
}

void TrackImportDialog::selectColumns(const track::Columns &columns)
{
    m_filling = true;
    const std::vector<track::ColumnField> &fields = track::columnFields();
    for (size_t f = 0; f < fields.size(); ++f) {
        // A default column the file does not have is left unmapped.
        const int index = m_columnBoxes[f]->findData(columns.*fields[f].column);
        m_columnBoxes[f]->setCurrentIndex(std::max(0, index));
    }
    m_filling = false;
}

void TrackImportDialog::updatePreview()
{
    m_preview = {};
    m_problem.clear();
    const track::Columns c = columns();
    m_fixedKind->setEnabled(source() == track::ImportSource::ActualsLog || c.kind.isEmpty());
    if (source() == track::ImportSource::ActualsLog) {
        if (const ScenarioDocument *document = m_box ? m_box->document() : nullptr)
            m_preview.rows = track::fromProjectLog(
                document->scenario().project.actuals, document->scenario().project.tasks,
                m_fixedKind->text().trimmed(), c.estimatedUnitSeconds);
        if (m_preview.rows.empty())
            m_problem = tr("The plan's Estimated vs actual log has no entry to import.");
    } else if (m_path->text().trimmed().isEmpty()) {
        m_problem = tr("Choose the exported CSV file.");
    } else if (!m_fileError.isEmpty()) {
        m_problem = m_fileError;
    } else {
        QStringList unmapped;
        for (const track::ColumnField &field : track::columnFields())
            if (field.required && (c.*field.column).isEmpty())
                unmapped << QCoreApplication::translate("Track", field.label);
        if (c.actualSeconds.isEmpty() && (c.startedAt.isEmpty() || c.endedAt.isEmpty()))
            unmapped << tr("Actual (or Started at and Ended at)");
        if (!unmapped.isEmpty()) {
            m_problem = tr("Choose the column of: %1").arg(unmapped.join(QStringLiteral(", ")));
        } else {
            m_preview = track::importTable(m_text, c);
            if (!m_preview.error.isEmpty())
                m_problem = tr("Cannot import: %1").arg(m_preview.error);
        }
    }
    m_import->setEnabled(m_problem.isEmpty() && !m_preview.rows.empty());
    m_previewLabel->setText(previewText());
    m_message->setVisible(false);
}

QString TrackImportDialog::previewText() const
{
    if (!m_problem.isEmpty())
        return m_problem;
    const auto rows = static_cast<double>(m_preview.rows.size());
    const auto problems = static_cast<double>(m_preview.problems.size());
    QStringList lines{
        format::plural(tr("%n row(s) will be imported", nullptr, format::numerus(rows)), rows) +
        QStringLiteral("; ") +
        format::plural(tr("%n row(s) with problems left out", nullptr, format::numerus(problems)),
                       problems)};
    for (size_t i = 0; i < m_preview.problems.size() && std::cmp_less(i, kShownProblems); ++i)
        lines << m_preview.problems[i].toString();
    if (std::cmp_greater(m_preview.problems.size(), kShownProblems)) {
        const double more = problems - kShownProblems;
        lines << format::plural(tr("and %n more", nullptr, format::numerus(more)), more);
    }
    return lines.join(QLatin1Char('\n'));
}

QString TrackImportDialog::messageText() const
{
    return m_message->isVisibleTo(this) ? m_message->text() : QString();
}

QString TrackImportDialog::importInto(const QString &historyPath)
{
    QString error;
    if (!m_box)
        error = tr("The plan is closed.");
    else if (m_preview.rows.empty())
        error = tr("Nothing to import: %1").arg(previewText());
    else
        error = m_box->importRows(m_preview.rows, historyPath);
    m_message->setText(error);
    m_message->setVisible(!error.isEmpty());
    return error;
}

void TrackImportDialog::browse()
{
    const QString start = m_path->text().isEmpty()
                              ? QStandardPaths::writableLocation(QStandardPaths::DownloadLocation)
                              : m_path->text();
    const QString path = QFileDialog::getOpenFileName(this, tr("Import from"), start,
                                                      tr("CSV files (*.csv);;All files (*)"));
    if (!path.isEmpty())
        setFilePath(path);
}

void TrackImportDialog::importAsked()
{
    if (!m_box)
        return;
    QString path = m_box->historyFile();
    if (path.isEmpty()) {
        // No history yet: the import starts one where the person says.
        path = QFileDialog::getSaveFileName(
            this, tr("New track record"),
            QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation) +
                QStringLiteral("/track-record.csv"),
            tr("CSV files (*.csv);;All files (*)"));
        if (path.isEmpty())
            return;
    }
    if (importInto(path).isEmpty())
        accept();
}

} // namespace pipeplan
