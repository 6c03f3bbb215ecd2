#include "mainwindow.h"

#include <QApplication>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("PipePlan"));
    QApplication::setOrganizationName(QStringLiteral("PipePlan"));
    QApplication::setApplicationVersion(QStringLiteral(PIPEPLAN_VERSION));
    pipeplan::MainWindow window;
    window.show();
    return QApplication::exec();
}
