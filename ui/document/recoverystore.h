#pragma once

#include "core/plan/scenariofile.h"

#include <QDateTime>
#include <QLockFile>
#include <QString>

#include <memory>
#include <vector>

namespace pipeplan {

/// Unsaved work written beside the person's files, so a crash or a kill loses at most a few
/// seconds. Each window owns one recovery file and holds a lock on it while it runs; a recovery
/// file whose lock is free belongs to a window that died, and the next start offers it back.
class RecoveryStore
{
public:
    /// `directory` defaults to <AppDataLocation>/recovery.
    explicit RecoveryStore(const QString &directory = {});
    ~RecoveryStore();
    RecoveryStore(const RecoveryStore &) = delete;
    RecoveryStore &operator=(const RecoveryStore &) = delete;

    /// Writes the plan atomically, with the file it came from. On a write error (a full disk)
    /// the previous recovery file stays as it was and the error is returned; empty on success.
    QString write(const Plan &plan, const QString &originalPath);
    /// The work was saved or discarded: nothing to recover.
    void clear();
    QString path() const { return m_path; }

    struct Orphan
    {
        QString recoveryPath;
        QString originalPath;
        QDateTime savedAt;
        Plan plan;
    };
    struct Found
    {
        /// Recovery files left by windows that are gone (their lock is free), newest first.
        std::vector<Orphan> orphans;
        /// Files of gone windows that do not load: "path: reason" each. They are renamed to
        /// *.json.unreadable (kept for the person, not offered again).
        QStringList unreadable;
    };
    /// Looks for work to offer back; also removes lock files whose window is gone and that
    /// guard no recovery file (a window killed before its first autosave leaves one).
    static Found orphans(const QString &directory = {});
    /// Deletes an orphan after it was restored or declined.
    static void discard(const Orphan &orphan);

    static QString defaultDirectory();

private:
    QString m_directory;
    QString m_path;
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace pipeplan
