#pragma once

#include "core/plan/scenariofile.h"

#include <QFile>
#include <QString>

#include <gtest/gtest.h>

namespace testsupport {

/// A preset's bytes from resources/presets (PIPEPLAN_PRESETS_DIR), as the window opens them.
inline QByteArray readPreset(const char *name)
{
    QFile file(QStringLiteral(PIPEPLAN_PRESETS_DIR "/") + QLatin1String(name));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << name;
    return file.readAll();
}

/// A preset read as the window opens it (an empty plan, with a failure, when it does not load).
inline pipeplan::Plan loadPreset(const QString &name)
{
    const QByteArray bytes = readPreset(name.toUtf8().constData());
    const pipeplan::scenariofile::LoadResult loaded = pipeplan::scenariofile::fromJson(bytes);
    EXPECT_TRUE(loaded.plan) << name.toStdString();
    return loaded.plan ? *loaded.plan : pipeplan::Plan{};
}

} // namespace testsupport
