#include <QApplication>
#include <QStandardPaths>

#include <gtest/gtest.h>

// GUI tests run offscreen unless told otherwise, and never touch the person's real settings.
int main(int argc, char **argv)
{
    ::testing::InitGoogleTest(&argc, argv);
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("PipePlanTests"));
    QApplication::setApplicationName(QStringLiteral("PipePlanTests"));
    return RUN_ALL_TESTS();
}
