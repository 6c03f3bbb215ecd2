#pragma once

#include <QDockWidget>
#include <QFrame>
#include <QKeySequence>
#include <QList>
#include <QPointer>
#include <QString>

#include <functional>
#include <vector>

class QDialog;
class QLabel;
class QMainWindow;
class QMenu;
class QPushButton;
class QScrollArea;

namespace pipeplan {

class MainWindow;

/// Help that teaches in the window itself: Getting Started walks seed 000's story on the open
/// document, Keyboard Shortcuts lists the window's own actions, and a first-start hint says
/// where to begin. Also the window's accessibility: names, chart descriptions, tab order.
namespace help {

/// Help > Getting Started (F1) and Help > Keyboard Shortcuts, placed before the menu's other
/// items.
void addHelpActions(MainWindow *window, QMenu *helpMenu);

/// Names every control and chart of the window for screen readers, describes each chart from
/// the core's result (kept current as the document changes), orders Tab through the inputs top
/// to bottom and then the views, and gives every menu item a mnemonic.
void makeAccessible(MainWindow *window);

/// One shortcut of the window: its keys, what it does and where it lives ("File > Save").
struct ShortcutRow
{
    QList<QKeySequence> keys;
    QString action;
    QString where;
};
/// Every QAction of `window` with a shortcut (menu items first, in menu order, with their menu
/// path), then buttons with a shortcut of their own. Built from the actions: never stale.
std::vector<ShortcutRow> shortcutRows(const QMainWindow *window);
/// The Keyboard Shortcuts dialog (non-modal; shown by the Help menu).
QDialog *keyboardShortcutsDialog(QMainWindow *window);

/// The banner over the workspaces: "Drag a slider or type a value..." with a link to Getting
/// Started and a close button. Closing it remembers the choice (QSettings) when `remember`.
class StartHint : public QFrame
{
    Q_OBJECT
public:
    StartHint(MainWindow *window, bool remember);
    QString text() const;
    /// What the close button does: hides the banner for good.
    void dismiss();

private:
    QPointer<MainWindow> m_window;
    QLabel *m_text;
    bool m_remember;
};
/// The QSettings key set once the person closed the hint.
inline constexpr const char *kStartHintDismissedKey = "help/startHintDismissed";
/// Shows the hint on a first start: when `useSettings` and the person has not closed it before.
void installFirstStartHint(MainWindow *window, bool useSettings);
/// Shows the hint whatever the settings say (tests, screenshots); returns it.
StartHint *showStartHint(MainWindow *window, bool remember = false);

/// Help > Getting Started: a guide docked beside the workspaces that walks seed 000 (95 years
/// cut to minutes by pre-filtering, an accelerator, batching and workers) one step at a time.
/// Each step does one thing to the document (Do it, undoable) or lets the person do it, says
/// what to look at, and quotes the numbers the window shows now (from the core's result).
class GettingStarted : public QDockWidget
{
    Q_OBJECT
public:
    explicit GettingStarted(MainWindow *window);

    int stepCount() const { return static_cast<int>(m_steps.size()); }
    int currentStep() const { return m_current; }
    void setStep(int index);
    /// The current step's action, as its button does it.
    void doStep();
    QString stepTitle() const;
    /// The step's text as shown, with the numbers of the document as it is now.
    QString stepText() const;
    /// "Step 1 of 9" above the title.
    QLabel *counterLabel() const { return m_counter; }

    struct Step
    {
        QString title;
        QString actionLabel;
        std::function<void()> action;
        std::function<QString()> text; ///< what to do and what the window shows now
        QString lookAt;
        std::function<QWidget *()> target; ///< the control or chart the step is about
    };

protected:
    /// A new font (presentation mode) gives the guide a width of that font's characters.
    void changeEvent(QEvent *event) override;

private:
    void buildSteps();
    void refresh();
    void showTarget();
    /// The guide between 34 and 48 characters of its font wide, its scroll bar beside.
    void fitWidth();

    QPointer<MainWindow> m_window;
    std::vector<Step> m_steps;
    int m_current = 0;
    QLabel *m_counter;
    QLabel *m_title;
    QLabel *m_text;
    QLabel *m_lookAt;
    QPushButton *m_do;
    QPushButton *m_back;
    QPushButton *m_next;
    QScrollArea *m_scroll = nullptr;
};
/// Opens (or raises) the window's Getting Started guide at its first step.
GettingStarted *showGettingStarted(MainWindow *window);

} // namespace help
} // namespace pipeplan
