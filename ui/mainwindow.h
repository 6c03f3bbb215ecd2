#pragma once

#include <QMainWindow>

namespace pipeplan {

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
};

} // namespace pipeplan
