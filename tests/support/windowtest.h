#pragma once

// The fixture of the window tests: a headless main window at 1600x1000, shown, and its document.

#include "ui/document/scenariodocument.h"
#include "ui/window/mainwindow.h"

#include <gtest/gtest.h>

#include <memory>

namespace pipeplan::testsupport {

class WindowTestBase : public ::testing::Test
{
protected:
    void SetUp() override
    {
        window = std::make_unique<MainWindow>(MainWindow::Options::headless());
        window->resize(1600, 1000);
        window->show();
        doc = window->document();
    }

    std::unique_ptr<MainWindow> window;
    ScenarioDocument *doc = nullptr;
};

} // namespace pipeplan::testsupport
