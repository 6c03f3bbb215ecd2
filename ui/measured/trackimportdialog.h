#pragma once

#include "core/track/record.h"

#include <QDialog>
#include <QPointer>

#include <vector>

class QComboBox;
class QDialogButtonBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace pipeplan {

class TrackRecordBox;

/// The Track record's "Import…": finished runs from MLflow's or W&B's run export, a
/// spreadsheet's CSV with its columns mapped, or this plan's Estimated vs actual log, previewed
/// row by row (core's importers and their problems, by line and column) and appended to the
/// plan's history through the box.
class TrackImportDialog : public QDialog
{
    Q_OBJECT
public:
    /// Imports into `box`'s history and reads the plan's log from its document.
    explicit TrackImportDialog(TrackRecordBox *box, QWidget *parent = nullptr);

    /// One of the picker's sources: MLflow, W&B, a spreadsheet or the plan's log. The picker
    /// offers no other PipePlan history (the CLI's --from pipeplan).
    void setSource(track::ImportSource source);
    track::ImportSource source() const;
    /// The CSV to read (the three CSV sources); the columns are guessed again from its header.
    void setFilePath(const QString &path);
    /// Maps the field of Columns whose key is `fieldKey` (track::columnFields()) to the column
    /// named `column` of the file, or to none when empty; false when the file has no such column.
    bool setColumn(const QString &fieldKey, const QString &column);
    /// The unit of the estimate and of the actual column (and of the plan's log), in seconds:
    /// one of the unit pickers' entries.
    bool setEstimateUnitSeconds(double unitSeconds);
    bool setActualUnitSeconds(double unitSeconds);
    /// The kind of every row when no column holds one (and of the log's rows).
    void setFixedKind(const QString &kind);

    /// The columns as the pickers say now.
    track::Columns columns() const;
    /// The rows Import would append and the rows left out.
    const track::ReadResult &preview() const { return m_preview; }
    /// "3 rows will be imported; 1 row has problems", then the first problems.
    QString previewText() const;
    /// Why the last import failed; empty when it did not.
    QString messageText() const;
    /// Appends the previewed rows to `historyPath` (the plan's history, or a new one the plan
    /// then keeps): empty on success, else the message the dialog shows; the file is left as it
    /// was then.
    QString importInto(const QString &historyPath);

    QComboBox *columnBox(const QString &fieldKey) const;
    QPushButton *importButton() const { return m_import; }

private:
    void buildSourceRow();
    void buildColumns();
    void sourceChanged();
    /// Reads the file again and picks the source's columns for its header.
    void reloadFile();
    void fillColumnBoxes(const QStringList &header);
    void selectColumns(const track::Columns &columns);
    void updatePreview();
    void browse();
    void importAsked();

    QPointer<TrackRecordBox> m_box;
    QComboBox *m_source;
    QLineEdit *m_path;
    QPushButton *m_browse;
    QGroupBox *m_columnsGroup;
    std::vector<QComboBox *> m_columnBoxes; ///< one per track::columnFields() entry
    QComboBox *m_estimateUnit;
    QComboBox *m_actualUnit;
    QLineEdit *m_fixedKind;
    QLabel *m_previewLabel;
    QLabel *m_message; ///< why the import failed
    QDialogButtonBox *m_buttons;
    QPushButton *m_import;

    QString m_text;      ///< the file's text as read
    QString m_fileError; ///< why the file could not be read
    QString m_problem;   ///< why nothing can be imported, shown instead of the counts
    track::ReadResult m_preview;
    bool m_filling = false;
};

} // namespace pipeplan
