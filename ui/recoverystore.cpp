#include "recoverystore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
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

bool RecoveryStore::write(const Plan &plan, const QString &originalPath)
{
    QJsonObject wrapper{
        {QStringLiteral("original_path"), originalPath},
        {QStringLiteral("saved_at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {QStringLiteral("plan"), scenariofile::toJsonObject(plan)}};
    QSaveFile file(m_path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    file.write(QJsonDocument(wrapper).toJson(QJsonDocument::Compact));
    return file.commit();
}

void RecoveryStore::clear()
{
    QFile::remove(m_path);
}

std::vector<RecoveryStore::Orphan> RecoveryStore::orphans(const QString &directory)
{
    const QString dir = directory.isEmpty() ? defaultDirectory() : directory;
    std::vector<Orphan> found;
    const QFileInfoList files = QDir(dir).entryInfoList({QStringLiteral("*.json")}, QDir::Files);
    for (const QFileInfo &info : files) {
        QLockFile lock(lockPathFor(info.absoluteFilePath()));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0))
            continue; // its window is still running
        lock.unlock();
        QFile file(info.absoluteFilePath());
        if (info.size() > scenariofile::kMaxFileBytes * 2 || !file.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject wrapper = QJsonDocument::fromJson(file.readAll()).object();
        const scenariofile::LoadResult loaded =
            scenariofile::fromJsonObject(wrapper.value(QStringLiteral("plan")).toObject());
        if (!loaded.plan)
            continue;
        found.push_back({info.absoluteFilePath(),
                         wrapper.value(QStringLiteral("original_path")).toString(),
                         QDateTime::fromString(wrapper.value(QStringLiteral("saved_at")).toString(),
                                               Qt::ISODateWithMs),
                         *loaded.plan});
    }
    std::sort(found.begin(), found.end(),
              [](const Orphan &a, const Orphan &b) { return a.savedAt > b.savedAt; });
    return found;
}

void RecoveryStore::discard(const Orphan &orphan)
{
    QFile::remove(orphan.recoveryPath);
    QFile::remove(lockPathFor(orphan.recoveryPath));
}

} // namespace pipeplan
