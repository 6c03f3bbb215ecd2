#pragma once

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

} // namespace testsupport
