#pragma once

// The fixture of the window tests: a headless main window at 1600x1000, shown, and its document.

#include "ui/document/presets.h"
#include "ui/document/scenariodocument.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QTabWidget>

#include <gtest/gtest.h>

#include <memory>

namespace pipeplan::testsupport {

/// The title File > Open Preset lists a preset file under ("seed001-pipeline.json").
inline QString presetTitle(const char *file)
{
    for (const presets::Preset &preset : presets::all()) {
        if (preset.resourcePath.endsWith(QLatin1String(file)))
            return preset.title;
    }
    ADD_FAILURE() << "no preset " << file;
    return {};
}

/// File > Open Preset > `title`, as a person picks it.
inline void openPreset(MainWindow &window, const QString &title)
{
    for (QAction *action : window.findChildren<QAction *>()) {
        if (action->text() == title) {
            action->trigger();
            return;
        }
    }
    ADD_FAILURE() << "no Open Preset action " << title.toStdString();
}

/// Opens the workspace that holds `panel`, as a person clicks its tab.
inline void showWorkspaceOf(MainWindow &window, QWidget *panel)
{
    QTabWidget *workspaces = window.workspaces();
    for (int i = 0; i < workspaces->count(); ++i) {
        QWidget *page = workspaces->widget(i);
        if (page == panel || page->isAncestorOf(panel)) {
            workspaces->setCurrentIndex(i);
            return;
        }
    }
    ADD_FAILURE() << "no workspace holds the panel";
}

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
