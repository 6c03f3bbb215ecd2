#include "ui/document/recoverystore.h"

#include "core/base/fileio.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QUuid>

#include <algorithm>

namespace pipeplan {

namespace {
QString lockPathFor(const QString &recoveryPath)
{
    QString lock = recoveryPath;
    lock.chop(5); // ".json"
    return lock + QStringLiteral(".lock");
}

/// True when the lock at `lockPath` is free: the window that held it is gone.
bool ownerGone(const QString &lockPath)
{
    QLockFile lock(lockPath);
    lock.setStaleLockTime(0);
    if (!lock.tryLock(0))
        return false;
    lock.unlock();
    return true;
}
} // namespace

QString RecoveryStore::defaultDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/recovery");
}

RecoveryStore::RecoveryStore(const QString &directory)
    : m_directory(directory.isEmpty() ? defaultDirectory() : directory)
{
    QDir().mkpath(m_directory);
    m_path = m_directory + QLatin1Char('/') + QUuid::createUuid().toString(QUuid::WithoutBraces) +
             QStringLiteral(".json");
    m_lock = std::make_unique<QLockFile>(lockPathFor(m_path));
    // Stale only when the owning process is gone, never by age: a window may sit open for days.
    m_lock->setStaleLockTime(0);
    m_lock->tryLock(0);
}

RecoveryStore::~RecoveryStore() = default;

QString RecoveryStore::write(const Plan &plan, const QString &originalPath)
{
    QJsonObject wrapper{
        {QStringLiteral("original_path"), originalPath},
        {QStringLiteral("saved_at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {QStringLiteral("plan"), scenariofile::toJsonObject(plan)}};
    return fileio::writeAtomically(m_path, QJsonDocument(wrapper).toJson(QJsonDocument::Compact));
}

void RecoveryStore::clear()
{
    QFile::remove(m_path);
}

RecoveryStore::Found RecoveryStore::orphans(const QString &directory)
{
    const QString dir = directory.isEmpty() ? defaultDirectory() : directory;
    Found found;
    // Locks of gone windows that guard nothing: a window killed before its first autosave.
    for (const QFileInfo &info :
         QDir(dir).entryInfoList({QStringLiteral("*.lock")}, QDir::Files | QDir::Hidden)) {
        QString json = info.absoluteFilePath();
        json.chop(5); // ".lock"
        json += QStringLiteral(".json");
        if (!QFileInfo::exists(json) && ownerGone(info.absoluteFilePath()))
            QFile::remove(info.absoluteFilePath());
    }
    const QFileInfoList files = QDir(dir).entryInfoList({QStringLiteral("*.json")}, QDir::Files);
    for (const QFileInfo &info : files) {
        if (!ownerGone(lockPathFor(info.absoluteFilePath())))
            continue; // its window is still running
        const QString path = info.absoluteFilePath();
        const auto setAside = [&found, &path](const QString &reason) {
            found.unreadable << QStringLiteral("%1: %2").arg(path, reason);
            QFile::rename(path, path + QStringLiteral(".unreadable"));
            QFile::remove(lockPathFor(path));
        };
        // A recovery file wraps a plan: at most twice a scenario file's cap.
        const fileio::ReadResult read = fileio::readBounded(path, scenariofile::kMaxFileBytes * 2);
        if (!read.bytes) {
            setAside(read.error);
            continue;
        }
        QJsonParseError parseError;
        const QJsonObject wrapper = QJsonDocument::fromJson(*read.bytes, &parseError).object();
        if (parseError.error != QJsonParseError::NoError) {
            setAside(QCoreApplication::translate("pipeplan::recovery", "is not valid JSON: %1")
                         .arg(parseError.errorString()));
            continue;
        }
        const scenariofile::LoadResult loaded =
            scenariofile::fromJsonObject(wrapper.value(QStringLiteral("plan")).toObject());
        if (!loaded.plan) {
            setAside(QStringLiteral("plan.%1: %2").arg(loaded.error.field, loaded.error.message));
            continue;
        }
        found.orphans.push_back(
            {info.absoluteFilePath(), wrapper.value(QStringLiteral("original_path")).toString(),
             QDateTime::fromString(wrapper.value(QStringLiteral("saved_at")).toString(),
                                   Qt::ISODateWithMs),
             *loaded.plan});
    }
    std::sort(found.orphans.begin(), found.orphans.end(),
              [](const Orphan &a, const Orphan &b) { return a.savedAt > b.savedAt; });
    return found;
}

void RecoveryStore::discard(const Orphan &orphan)
{
    QFile::remove(orphan.recoveryPath);
    QFile::remove(lockPathFor(orphan.recoveryPath));
}

} // namespace pipeplan
