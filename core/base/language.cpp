#include "core/base/language.h"

#include <QCoreApplication>
#include <QFile>
#include <QTranslator>

namespace pipeplan::language {

namespace {

QString resourceOf(const QString &name)
{
    return QStringLiteral(":/i18n/pipeplan_%1.qm").arg(name);
}

} // namespace

QStringList available()
{
    QStringList names;
    for (const QString &name : {QStringLiteral("pseudo")}) {
        if (QFile::exists(resourceOf(name)))
            names << name;
    }
    return names;
}

bool install(const QString &name, QString *error)
{
    if (name.isEmpty() || name == QLatin1String("en"))
        return true;
    // Owned by the application, so it lives as long as the strings it answers.
    auto *translator = new QTranslator(QCoreApplication::instance());
    if (!available().contains(name) || !translator->load(resourceOf(name))) {
        delete translator;
        if (error)
            *error = QCoreApplication::translate("pipeplan::language",
                                                 "--language: no '%1'; there are en, %2")
                         .arg(name, available().join(QStringLiteral(", ")));
        return false;
    }
    QCoreApplication::installTranslator(translator);
    return true;
}

} // namespace pipeplan::language
