#pragma once

#include <QString>

#include <functional>

class QMenu;
class QMenuBar;
class QWidget;

namespace pipeplan {

struct PlanResult;
struct Scenario;
struct ScenarioResult;

/// What a screen reader announces: names for controls, descriptions for charts, the tab order
/// and menu mnemonics. Generic, so a control added tomorrow is named the same way.
namespace accessibility {

/// The name a control's label gives it: a QLabel buddy, its QFormLayout row label, a button's
/// text (when it has a letter or digit: "✕" is no name), a line edit's placeholder, a group
/// box of which it is the only control, its tooltip's first sentence, the title of the group
/// box around it. Empty when none of them exists.
QString derivedName(const QWidget *widget);

/// Names every interactive control under `root` (spin boxes, sliders, check boxes, combo boxes,
/// line edits, buttons, item views) that has no accessible name of its own, gives it its tooltip
/// as description, and makes each form row's label the buddy of its field. Names set here are
/// marked and re-derived on the next call (a renamed row); names set by code are left alone.
/// Cheap: call it again after widgets were added.
void nameControls(QWidget *root);

/// Charts (QCustomPlot, QChartView) are announced as charts (QAccessible::Chart), take focus
/// with Tab so their description is read and their context menu opens with the Menu key.
/// Installs the accessibility factory once per application. `describe` says what the chart shows
/// now; it runs when an assistive tool reads the description, not on every slider tick.
void makeChart(QWidget *chart, const QString &name, const std::function<QString()> &describe = {});
/// Tells assistive tools that a chart made with a `describe` function shows something new (a
/// no-op unless one listens): they read the new description when they need it.
void descriptionChanged(QWidget *chart);
/// What a QCustomPlot draws, from the plot itself: its axes' labels and ranges and its series'
/// names ("x: Workers (1 to 50,000, log); y: Speedup; series: p = 0.98, linear").
QString plotSummary(const QWidget *chart);

/// Every tab bar under `root` elides a title it cannot fit (in presentation mode on a laptop)
/// rather than scroll tabs out of view behind its arrows, and each tab's tooltip carries its
/// whole title, its own words after it ("Options: Options side by side..."). Idempotent and
/// cheap: call it again after tabs were added or their tooltips set.
void titleTabs(QWidget *root);

/// Tab goes through `container`'s controls in the order its layouts show them (top to bottom,
/// left to right), rows rebuilt later included. The chain starts at the first control.
void orderTabsByLayout(QWidget *container);

/// Gives every action of `menu` (and its submenus) without a mnemonic the first letter of its
/// text not yet taken in that menu, so every item is reachable by keyboard: when the menu opens
/// (where a mnemonic acts), so rebuilt menus have theirs and texts stay as written until then.
void addMnemonics(QMenu *menu);
void addMnemonics(QMenuBar *bar);

/// Chart descriptions from the core's result: what each chart of the Model workspace shows,
/// with the scenario's numbers (the same texts as the headline's "how" lines).
namespace describe {
QString amdahl(const Scenario &scenario, const ScenarioResult &result);
QString waterfall(const ScenarioResult &result);
QString gantt(const Scenario &scenario, const ScenarioResult &result);
QString stages(const Scenario &scenario, const ScenarioResult &result);
QString overheads(const Scenario &scenario, const ScenarioResult &result);
QString training(const PlanResult &plan);
QString project(const PlanResult &plan);
} // namespace describe

} // namespace accessibility
} // namespace pipeplan
