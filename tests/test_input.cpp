// Issue 17 items 1-3: what a person types into a value field, the wheel over the inputs, and
// Ctrl+Z in a field, driven through the real widgets of a shown window.
#include "core/base/format.h"
#include "core/base/numparse.h"
#include "ui/document/presets.h"
#include "ui/document/scenariodocument.h"
#include "ui/model/headlinewidget.h"
#include "ui/model/inputspanel.h"
#include "ui/tail/tailpanel.h"
#include "ui/training/trainingpanel.h"
#include "ui/widgets/valuecontrol.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QTabWidget>
#include <QTest>
#include <QUndoStack>
#include <QWheelEvent>
#include <QtTest/qtestspontaneevent.h>

#include <gtest/gtest.h>

#include <memory>

using namespace pipeplan;

QT_BEGIN_NAMESPACE
inline void PrintTo(const QString &text, std::ostream *os)
{
    *os << '"' << text.toStdString() << '"';
}
QT_END_NAMESPACE

namespace {

class InputTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        window = std::make_unique<MainWindow>(MainWindow::Options::headless());
        window->resize(1366, 740);
        window->show();
        window->activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(window.get()));
        doc = window->document();
    }

    /// Selects what the field shows and types `text` over it, as a person does after a
    /// triple click; nothing is committed yet.
    static void typeInto(ValueControl *control, const QString &text)
    {
        control->spinBox()->setFocus(Qt::MouseFocusReason);
        ASSERT_TRUE(control->spinBox()->hasFocus());
        control->lineEdit()->selectAll();
        if (text.isEmpty())
            QTest::keyClick(control->spinBox(), Qt::Key_Delete);
        else
            QTest::keyClicks(control->spinBox(), text);
    }
    /// typeInto() and Enter.
    static void enter(ValueControl *control, const QString &text)
    {
        typeInto(control, text);
        QTest::keyClick(control->spinBox(), Qt::Key_Return);
    }

    /// Wheel notches over `widget`, delivered as the window system delivers it (spontaneous,
    /// so an unhandled one goes on to the parents and the scroll area).
    static void wheel(QWidget *widget, int notches)
    {
        const QPointF at(widget->width() / 2.0, widget->height() / 2.0);
        QWheelEvent event(at, widget->mapToGlobal(at), QPoint(), QPoint(0, 120 * notches),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        // As QTest does: sendEvent() would mark it synthesized, and those do not propagate.
        QSpontaneKeyEvent::setSpontaneous(&event);
        qApp->notify(widget, &event);
    }

    ValueControl *find(const QString &name) const
    {
        for (ValueControl *control : window->findChildren<ValueControl *>()) {
            if (control->name() == name)
                return control;
        }
        return nullptr;
    }

    QScrollBar *inputsScrollBar() const
    {
        auto *area = qobject_cast<QScrollArea *>(window->inputs()->parentWidget()->parentWidget());
        return area ? area->verticalScrollBar() : nullptr;
    }

    std::unique_ptr<MainWindow> window;
    ScenarioDocument *doc = nullptr;
};

TEST_F(InputTest, FieldsTakeTheCliNumberSyntax)
{
    ValueControl *users = window->inputs()->usersControl();
    const int steps = doc->undoStack()->count();

    enter(users, QStringLiteral("1.5k"));
    EXPECT_EQ(doc->scenario().workload.users, 1500);
    enter(users, QStringLiteral("150M"));
    EXPECT_EQ(doc->scenario().workload.users, 150'000'000);
    EXPECT_EQ(users->lineEdit()->text(), QStringLiteral("150,000,000 users"));
    EXPECT_EQ(window->headline()->valueText(HeadlineWidget::TotalPredictions),
              QStringLiteral("3,000,000,000"));
    EXPECT_EQ(doc->undoStack()->count(), steps + 2);
    enter(users, QStringLiteral("2G"));
    EXPECT_EQ(doc->scenario().workload.users, 2e9);
    // Thousands separators, and the field's own unit typed along.
    enter(users, QStringLiteral("150,000,000"));
    EXPECT_EQ(doc->scenario().workload.users, 150'000'000);
    enter(window->inputs()->workersControl(), QStringLiteral("2,500 workers"));
    EXPECT_EQ(doc->scenario().workload.workers, 2500);
    // A percentage where a fraction is asked.
    enter(window->inputs()->parallelFractionControl(), QStringLiteral("90%"));
    EXPECT_EQ(doc->scenario().workload.parallelFraction, 0.9);
    EXPECT_EQ(window->inputs()->parallelFractionControl()->lineEdit()->text(),
              QStringLiteral("0.9000"));
    // A byte count in a MiB field: 512 MiB.
    window->workspaces()->setCurrentIndex(1);
    ValueControl *perItem = find(QStringLiteral("Memory per item"));
    ASSERT_NE(perItem, nullptr);
    enter(perItem, QStringLiteral("512Mi"));
    EXPECT_EQ(doc->scenario().memory.bytesPerItem, 512.0 * 1024 * 1024);
    EXPECT_EQ(perItem->lineEdit()->text(), QStringLiteral("512.000 MiB"));
    for (ValueControl *control : {users, perItem})
        EXPECT_EQ(control->refusalMessage(), QString());
}

TEST_F(InputTest, RefusedTextChangesNothingSaysWhyAndEscRestores)
{
    ValueControl *workers = window->inputs()->workersControl();
    ValueControl *p = window->inputs()->parallelFractionControl();
    const QString workersRange = QStringLiteral("Workers must be between 1 and 1,000,000.");
    const struct
    {
        ValueControl *control;
        QString typed;
        QString message;
    } cases[] = {
        {workers, QStringLiteral("-5"), QStringLiteral("'-5' is too small. ") + workersRange},
        {workers, QStringLiteral("0"), QStringLiteral("'0' is too small. ") + workersRange},
        {p, QStringLiteral("1.5"),
         QStringLiteral(
             "'1.5' is too large. Parallel fraction p must be between 0 and 1 (0% to 100%).")},
        {workers, QStringLiteral("abc"), QStringLiteral("'abc' is not a number. ") + workersRange},
        {workers, QStringLiteral("1e400"),
         QStringLiteral("'1e400' is out of range (overflow). ") + workersRange},
        {workers, QString(), QStringLiteral("Missing value. ") + workersRange},
        {workers, QStringLiteral("1.5"),
         QStringLiteral("'1.5' is not a whole number. Workers must be a whole number between 1 "
                        "and 1,000,000.")},
        {window->inputs()->latencyControl(), QStringLiteral("0.015"),
         QStringLiteral("'0.015' has more than 2 decimals. Latency per prediction must be "
                        "between 0.01 and 60,000 ms, to 2 decimals.")},
    };
    const Scenario before = doc->scenario();
    const int count = doc->undoStack()->count();
    const int index = doc->undoStack()->index();
    for (const auto &c : cases) {
        SCOPED_TRACE(c.typed.toStdString());
        const QString shown = c.control->lineEdit()->text();
        enter(c.control, c.typed);
        EXPECT_EQ(c.control->refusalMessage(), c.message);
        EXPECT_TRUE(c.control->refusalLabel()->isVisible());
        EXPECT_EQ(c.control->refusalLabel()->text(), c.message);
        // Nothing changed: not the plan, not the history; the text stays to be corrected.
        EXPECT_EQ(doc->scenario(), before);
        EXPECT_EQ(doc->undoStack()->count(), count);
        EXPECT_EQ(doc->undoStack()->index(), index);
        EXPECT_TRUE(c.control->hasPendingText());
        EXPECT_TRUE(c.control->lineEdit()->text().startsWith(c.typed));
        // Leaving the field keeps the text and the message too.
        window->inputs()->nameEdit()->setFocus(Qt::TabFocusReason);
        EXPECT_EQ(c.control->refusalMessage(), c.message);
        EXPECT_TRUE(c.control->lineEdit()->text().startsWith(c.typed));
        EXPECT_EQ(doc->scenario(), before);
        EXPECT_EQ(doc->undoStack()->count(), count);
        // Esc gives the document's value back.
        c.control->spinBox()->setFocus(Qt::MouseFocusReason);
        QTest::keyClick(c.control->spinBox(), Qt::Key_Escape);
        EXPECT_EQ(c.control->lineEdit()->text(), shown);
        EXPECT_EQ(c.control->refusalMessage(), QString());
        EXPECT_FALSE(c.control->refusalLabel()->isVisible());
        EXPECT_FALSE(c.control->hasPendingText());
    }
    EXPECT_EQ(workers->lineEdit()->text(), QStringLiteral("10,000 workers"));
    EXPECT_EQ(doc->scenario(), before);
    EXPECT_EQ(doc->undoStack()->count(), count);
}

TEST_F(InputTest, ARefusalClearsOnAValidValueAndOnAnotherDocument)
{
    ValueControl *workers = window->inputs()->workersControl();
    const QString message =
        QStringLiteral("'abc' is not a number. Workers must be between 1 and 1,000,000.");
    enter(workers, QStringLiteral("abc"));
    EXPECT_EQ(workers->refusalMessage(), message);
    // Another field's edit leaves the text being corrected alone.
    window->inputs()->usersControl()->slider()->setValue(
        window->inputs()->usersControl()->slider()->value() - 100);
    EXPECT_EQ(workers->refusalMessage(), message);
    EXPECT_EQ(workers->lineEdit()->text(), QStringLiteral("abc workers"));
    // Corrected: the value goes in and the message goes.
    enter(workers, QStringLiteral("5000"));
    EXPECT_EQ(doc->scenario().workload.workers, 5000);
    EXPECT_EQ(workers->refusalMessage(), QString());
    EXPECT_FALSE(workers->refusalLabel()->isVisible());
    EXPECT_EQ(workers->lineEdit()->text(), QStringLiteral("5,000 workers"));

    // Another preset, through the File menu: the refused text goes with the old document.
    enter(workers, QStringLiteral("-5"));
    EXPECT_EQ(workers->refusalMessage(),
              QStringLiteral("'-5' is too small. Workers must be between 1 and 1,000,000."));
    const presets::Preset preset = presets::all().front();
    QAction *open = nullptr;
    for (QAction *action : window->findChildren<QAction *>()) {
        if (action->text() == preset.title)
            open = action;
    }
    ASSERT_NE(open, nullptr);
    open->trigger();
    EXPECT_EQ(doc->undoStack()->count(), 0);
    EXPECT_EQ(workers->refusalMessage(), QString());
    EXPECT_FALSE(workers->refusalLabel()->isVisible());
    EXPECT_FALSE(workers->hasPendingText());
    EXPECT_EQ(workers->lineEdit()->text(),
              format::grouped(doc->scenario().workload.workers, 0) + QStringLiteral(" workers"));
    // The same for a field the new document gives the same value (nothing to repaint).
    ValueControl *p = window->inputs()->parallelFractionControl();
    enter(p, QStringLiteral("2"));
    EXPECT_FALSE(p->refusalMessage().isEmpty());
    open->trigger();
    EXPECT_EQ(p->refusalMessage(), QString());
    EXPECT_FALSE(p->hasPendingText());
}

// The message is read whole: wrapped inside the panel, as tall as its lines. With
// PIPEPLAN_SCREENSHOT_DIR set, the window is saved there to be looked at.
TEST_F(InputTest, ARefusalIsReadWholeInsideThePanel)
{
    ValueControl *workers = window->inputs()->workersControl();
    ValueControl *latency = window->inputs()->latencyControl();
    enter(workers, QStringLiteral("-5"));
    enter(latency, QStringLiteral("1e400"));
    QApplication::processEvents();
    const QWidget *panel = window->inputs();
    for (ValueControl *control : {workers, latency}) {
        const QLabel *label = control->refusalLabel();
        ASSERT_TRUE(label->isVisible());
        const QRect inPanel(label->mapTo(panel, QPoint(0, 0)), label->size());
        EXPECT_GE(inPanel.left(), 0);
        EXPECT_LE(inPanel.right(), panel->width());
        EXPECT_GE(label->height(), label->heightForWidth(label->width()));
    }
    EXPECT_EQ(latency->refusalMessage(),
              QStringLiteral("'1e400' is out of range (overflow). Latency per prediction must be "
                             "between 0.01 and 60,000 ms."));
    const QString dir = qEnvironmentVariable("PIPEPLAN_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        EXPECT_TRUE(window->grab().save(dir + QStringLiteral("/refused-fields.png")));
    }
}

TEST_F(InputTest, TheWheelOverAnUnfocusedControlScrollsThePanelAndChangesNothing)
{
    // A pipeline of ten stages: the inputs are taller than the window and scroll.
    ASSERT_TRUE(doc->editScenario(QStringLiteral("Stages"), [](Scenario &s) {
        for (int i = 0; i < 9; ++i)
            s.stages.push_back(Stage{QStringLiteral("stage %1").arg(i + 2), 10, false});
    }));
    QApplication::processEvents();
    QScrollBar *scroll = inputsScrollBar();
    ASSERT_NE(scroll, nullptr);
    ASSERT_GT(scroll->maximum(), 0); // the inputs are taller than the window
    window->inputs()->nameEdit()->setFocus(Qt::MouseFocusReason);
    const Scenario before = doc->scenario();
    const int count = doc->undoStack()->count();
    ValueControl *workers = window->inputs()->workersControl();
    ValueControl *users = window->inputs()->usersControl();
    const QString workersText = workers->lineEdit()->text();
    const int usersSlider = users->slider()->value();
    scroll->setValue(0);
    for (QWidget *widget :
         {static_cast<QWidget *>(workers->spinBox()), static_cast<QWidget *>(users->slider())})
        wheel(widget, -1);
    EXPECT_GT(scroll->value(), 0); // the panel scrolled down
    EXPECT_EQ(doc->scenario(), before);
    EXPECT_EQ(doc->undoStack()->count(), count);
    EXPECT_EQ(workers->lineEdit()->text(), workersText);
    EXPECT_EQ(users->slider()->value(), usersSlider);
    EXPECT_FALSE(workers->spinBox()->hasFocus());
    // The tail workspace's fields alike.
    window->workspaces()->setCurrentIndex(1);
    ValueControl *straggler = window->tailPanel()->stragglerControl();
    const double slowdown = straggler->value();
    wheel(straggler->slider(), 1);
    wheel(straggler->spinBox(), 1);
    EXPECT_EQ(straggler->value(), slowdown);
    EXPECT_EQ(doc->scenario(), before);
    EXPECT_EQ(doc->undoStack()->count(), count);
}

TEST_F(InputTest, AWheelGestureOnAFocusedFieldIsOneUndoStep)
{
    ValueControl *workers = window->inputs()->workersControl();
    const int count = doc->undoStack()->count();
    const double start = doc->scenario().workload.workers;
    workers->spinBox()->setFocus(Qt::MouseFocusReason);
    for (int i = 0; i < 4; ++i)
        wheel(workers->spinBox(), 1);
    // Adaptive steps of 1,000 from 10,000.
    EXPECT_EQ(doc->scenario().workload.workers, start + 4000);
    EXPECT_EQ(workers->lineEdit()->text(), QStringLiteral("14,000 workers"));
    EXPECT_EQ(doc->undoStack()->count(), count + 1);
    QTest::qWait(ValueControl::kStepBurstMs + 200);
    EXPECT_EQ(doc->undoStack()->count(), count + 1);
    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().workload.workers, start);
    // The slider, focused, alike: one step for the gesture.
    ValueControl *users = window->inputs()->usersControl();
    users->slider()->setFocus(Qt::MouseFocusReason);
    const double users0 = doc->scenario().workload.users;
    const int before = doc->undoStack()->index();
    for (int i = 0; i < 3; ++i)
        wheel(users->slider(), 1);
    EXPECT_GT(doc->scenario().workload.users, users0);
    EXPECT_EQ(doc->undoStack()->index(), before + 1);
    EXPECT_EQ(doc->undoStack()->count(), before + 1);
}

TEST_F(InputTest, CtrlZInAFieldUndoesTheDocument)
{
    ValueControl *workers = window->inputs()->workersControl();
    QDoubleSpinBox *box = workers->spinBox();
    QUndoStack *stack = doc->undoStack();
    enter(workers, QStringLiteral("5000"));
    ASSERT_EQ(doc->scenario().workload.workers, 5000);
    ASSERT_TRUE(box->hasFocus());
    const int count = stack->count();

    QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(doc->scenario().workload.workers, 10'000);
    EXPECT_EQ(stack->index(), count - 1);
    EXPECT_EQ(workers->lineEdit()->text(), QStringLiteral("10,000 workers"));
    QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(doc->scenario().workload.workers, 5000);
    EXPECT_EQ(stack->index(), count);
    QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier);
    QTest::keyClick(box, Qt::Key_Y, Qt::ControlModifier);
    EXPECT_EQ(doc->scenario().workload.workers, 5000);
    EXPECT_EQ(workers->lineEdit()->text(), QStringLiteral("5,000 workers"));

    // Refused text is dropped, then the document's last step undone.
    typeInto(workers, QStringLiteral("abc"));
    QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(doc->scenario().workload.workers, 10'000);
    EXPECT_EQ(workers->refusalMessage(), QString());
    EXPECT_EQ(workers->lineEdit()->text(), QStringLiteral("10,000 workers"));
    EXPECT_EQ(stack->count(), count);
    EXPECT_EQ(stack->index(), count - 1);

    // Valid text is committed first: then Ctrl+Z takes that step back, Ctrl+Shift+Z redoes it.
    typeInto(workers, QStringLiteral("2.5k"));
    QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(doc->scenario().workload.workers, 10'000);
    EXPECT_EQ(stack->count(), count);
    QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(doc->scenario().workload.workers, 2500);
    EXPECT_EQ(workers->lineEdit()->text(), QStringLiteral("2,500 workers"));
    EXPECT_TRUE(box->hasFocus());
}

// Issue 17 item 5: a count's unit follows its value, "1 worker" and "2 workers", and either
// spelling typed along with the number is read.
TEST_F(InputTest, ACountsUnitFollowsItsValueAndIsReadInEitherForm)
{
    ValueControl *workers = window->inputs()->workersControl();
    enter(workers, QStringLiteral("1"));
    EXPECT_EQ(doc->scenario().workload.workers, 1);
    EXPECT_EQ(workers->lineEdit()->text(), QStringLiteral("1 worker"));
    enter(workers, QStringLiteral("2 workers"));
    EXPECT_EQ(doc->scenario().workload.workers, 2);
    EXPECT_EQ(workers->lineEdit()->text(), QStringLiteral("2 workers"));
    EXPECT_EQ(workers->refusalMessage(), QString());
    enter(workers, QStringLiteral("1 worker"));
    EXPECT_EQ(doc->scenario().workload.workers, 1);
    EXPECT_EQ(workers->refusalMessage(), QString());
    EXPECT_EQ(workers->lineEdit()->text(), QStringLiteral("1 worker"));
    EXPECT_EQ(workers->read(QStringLiteral("1 worker")).value, 1.0);
    EXPECT_EQ(workers->read(QStringLiteral("2,500 workers")).value, 2500.0);
    // As the spin box may hand it over, the shown unit added to the typed one.
    EXPECT_EQ(workers->read(QStringLiteral("3 workers worker")).value, 3.0);
    // An arrow step moves the unit along.
    workers->spinBox()->setFocus(Qt::MouseFocusReason);
    QTest::keyClick(workers->spinBox(), Qt::Key_Up);
    EXPECT_EQ(doc->scenario().workload.workers, 2);
    EXPECT_EQ(workers->lineEdit()->text(), QStringLiteral("2 workers"));
    // The range in a refusal names the unit in its plural.
    enter(workers, QStringLiteral("0"));
    EXPECT_EQ(workers->refusalMessage(),
              QStringLiteral("'0' is too small. Workers must be between 1 and 1,000,000."));
    QTest::keyClick(workers->spinBox(), Qt::Key_Escape);

    ValueControl *users = window->inputs()->usersControl();
    enter(users, QStringLiteral("1 user"));
    EXPECT_EQ(doc->scenario().workload.users, 1);
    EXPECT_EQ(users->lineEdit()->text(), QStringLiteral("1 user"));
    ValueControl *predictions = find(QStringLiteral("Predictions per user"));
    ASSERT_NE(predictions, nullptr);
    enter(predictions, QStringLiteral("1"));
    EXPECT_EQ(predictions->lineEdit()->text(), QStringLiteral("1 prediction"));

    // "person(s)": 1 person, 3 people, in the project workspace.
    window->workspaces()->setCurrentIndex(3);
    ValueControl *annotators = find(QStringLiteral("Annotators"));
    ASSERT_NE(annotators, nullptr);
    enter(annotators, QStringLiteral("1"));
    EXPECT_EQ(doc->scenario().project.labeling.annotators, 1);
    EXPECT_EQ(annotators->lineEdit()->text(), QStringLiteral("1 person"));
    enter(annotators, QStringLiteral("3 people"));
    EXPECT_EQ(doc->scenario().project.labeling.annotators, 3);
    EXPECT_EQ(annotators->lineEdit()->text(), QStringLiteral("3 people"));
    enter(annotators, QStringLiteral("1 person"));
    EXPECT_EQ(doc->scenario().project.labeling.annotators, 1);
    EXPECT_EQ(annotators->refusalMessage(), QString());
    enter(annotators, QStringLiteral("0"));
    EXPECT_EQ(annotators->refusalMessage(),
              QStringLiteral("'0' is too small. Annotators must be between 1 and 1,000 people."));
    QTest::keyClick(annotators->spinBox(), Qt::Key_Escape);
    EXPECT_EQ(annotators->lineEdit()->text(), QStringLiteral("1 person"));

    // "microbatch(es)" and devices in the training workspace.
    window->workspaces()->setCurrentIndex(2);
    ValueControl *devices = window->trainingPanel()->devicesControl();
    enter(devices, QStringLiteral("1 device"));
    EXPECT_EQ(devices->lineEdit()->text(), QStringLiteral("1 device"));
    ValueControl *microbatches = window->trainingPanel()->microbatchesControl();
    enter(microbatches, QStringLiteral("1"));
    EXPECT_EQ(microbatches->lineEdit()->text(), QStringLiteral("1 microbatch"));
    enter(microbatches, QStringLiteral("4 microbatches"));
    EXPECT_EQ(microbatches->lineEdit()->text(), QStringLiteral("4 microbatches"));
}

} // namespace

// The grouping the fields take, through the CLI's parser.
TEST(NumparseTyped, TakesThousandsSeparatorsAndRefusesBadGrouping)
{
    using numparse::Kind;
    EXPECT_EQ(numparse::typed(QStringLiteral("150,000,000"), Kind::Number).value, 150e6);
    EXPECT_EQ(numparse::typed(QStringLiteral("-1,500.5"), Kind::Number).value, -1500.5);
    EXPECT_EQ(numparse::typed(QStringLiteral("2,500k"), Kind::Number).value, 2.5e6);
    EXPECT_EQ(numparse::typed(QStringLiteral("150M"), Kind::Number).value, 150e6);
    EXPECT_EQ(numparse::typed(QStringLiteral("10%"), Kind::Fraction).value, 0.1);
    EXPECT_EQ(numparse::typed(QStringLiteral("1,024Mi"), Kind::Bytes).value, 1024.0 * 1048576);
    EXPECT_EQ(numparse::typed(QStringLiteral("1,5"), Kind::Number).error,
              QStringLiteral("'1,5' is not a number"));
    EXPECT_EQ(numparse::typed(QStringLiteral("1,0000"), Kind::Number).error,
              QStringLiteral("'1,0000' is not a number"));
    EXPECT_EQ(numparse::typed(QStringLiteral("150,000x"), Kind::Number).error,
              QStringLiteral("'150,000x' is not a number"));
    EXPECT_EQ(numparse::typed(QString(), Kind::Number).error, QStringLiteral("missing value"));
}
