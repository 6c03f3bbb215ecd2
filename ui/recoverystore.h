#pragma once

#include "scenariofile.h"

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

    /// Writes the plan atomically, with the file it came from. Returns false on a write error.
    bool write(const Plan &plan, const QString &originalPath);
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
    /// Recovery files left by windows that are gone (their lock is free), newest first; files
    /// that no longer load are skipped.
    static std::vector<Orphan> orphans(const QString &directory = {});
    /// Deletes an orphan after it was restored or declined.
    static void discard(const Orphan &orphan);

    static QString defaultDirectory();

private:
    QString m_directory;
    QString m_path;
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace pipeplan
