#pragma once

#include "core/base/fileio.h"
#include "core/track/calibration.h"
#include "core/track/record.h"

#include <QGroupBox>
#include <QPointer>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace pipeplan {

class ScenarioBindings;
class ScenarioDocument;

/// The Measured workspace's Track record (seed 003): the history file of finished jobs, the
/// calibration it gives in one sentence, "Apply calibration" (one undoable step of the plan),
/// the review (the jobs over 25 %) and the MdAPE by month, "Record actual" for a saved plan and
/// "Copy pre-run template". The numbers come from core/track; the box only reads the file.
class TrackRecordBox : public QGroupBox
{
    Q_OBJECT
public:
    explicit TrackRecordBox(QWidget *parent = nullptr);

    /// The QSettings key the last history file is remembered under.
    static constexpr const char *kSettingsKey = "track/history";

    void setDocument(ScenarioDocument *document, ScenarioBindings *bindings);
    /// Remember the history in QSettings (off in tests).
    void setUseSettings(bool use) { m_useSettings = use; }
    /// Shows the document's track record (the panel's refresh).
    void refresh();

    /// Takes `path` as the plan's history (one undoable step) and remembers it; false with the
    /// message when it cannot be read.
    bool chooseHistory(const QString &path);
    /// "Apply calibration" on or off (one undoable step); false when there is nothing to apply.
    bool setApplied(bool applied);
    /// Calibrates on the rows of `kind` (empty: every row), one undoable step.
    void chooseKind(const QString &kind);
    /// "Record actual": the saved plan's estimate and `actualSeconds` appended to the history as
    /// one row; false with the message when the plan is not saved or the file cannot be written.
    bool recordActual(double actualSeconds);
    /// "Copy pre-run template": the plan's template to the clipboard, and returned.
    QString copyPrerun();
    /// "Import…": appends `rows` to the history at `path` (the file's other lines kept as they
    /// are; a new file when there is none) and, when the plan had another history or none,
    /// takes `path` as the plan's (one undoable step). Empty on success, else the message; the
    /// file is left as it was then.
    QString importRows(const std::vector<track::Row> &rows, const QString &path);

    /// The history the box shows: the plan's, else the one remembered; empty when none.
    QString historyFile() const { return historyPath(); }
    ScenarioDocument *document() const { return m_document; }

    QString sentenceText() const;
    QString messageText() const;
    QString retrospectiveText() const;
    QCheckBox *applyBox() const { return m_apply; }
    QComboBox *kindBox() const { return m_kind; }
    QTableWidget *overrunTable() const { return m_overruns; }
    QTableWidget *monthTable() const { return m_months; }
    QPushButton *importButton() const { return m_import; }

private:
    /// The history the box shows: the plan's, else the one remembered.
    QString historyPath() const;
    /// Reads the history again when its path or its file changed.
    void reload(const QString &path);
    std::vector<track::Row> rowsOfKind(const QString &kind) const;
    void chooseFile();
    void recordActualAsked();
    void importAsked();
    /// Appends `rows` to the file at `path` as "Record actual" and "Import…" do: the file's
    /// lines kept, written atomically. Empty on success, else the message with the path.
    static QString appendRows(const QString &path, const std::vector<track::Row> &rows);
    void showMessage(const QString &text, bool problem);
    static void fill(QTableWidget *table, const std::vector<QStringList> &rows);

    QPointer<ScenarioDocument> m_document;
    ScenarioBindings *m_bound = nullptr;
    bool m_useSettings = true;
    QString m_loadedPath;
    fileio::DiskStamp m_loadedStamp;
    track::ReadResult m_history;

    QLabel *m_file;
    QPushButton *m_choose;
    QComboBox *m_kind;
    QLabel *m_sentence;
    QCheckBox *m_apply;
    QLabel *m_message;
    QTableWidget *m_overruns;
    QTableWidget *m_months;
    QLabel *m_retrospective;
    QPushButton *m_record;
    QPushButton *m_copyPrerun;
    QPushButton *m_import;
    bool m_filling = false;
};

} // namespace pipeplan
