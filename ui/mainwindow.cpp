#include "mainwindow.h"

#include "format.h"
#include "scenario.h"

#include <QLabel>

namespace pipeplan {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    const ScenarioResult result = evaluate(defaultScenario());
    setCentralWidget(new QLabel(QStringLiteral("Runtime: ") + format::duration(result.runtimeSeconds)));
    setWindowTitle(QStringLiteral("PipePlan"));
}

} // namespace pipeplan
