// Issue 18 (made for the meeting room), item 3: the lever waterfall tells seed 000's story, each
// step with its factor, readable at 1366x768 and in presentation mode, with the deadline drawn.

#include "core/base/format.h"
#include "core/plan/explain.h"
#include "ui/document/scenariodocument.h"
#include "ui/model/waterfallchart.h"
#include "ui/widgets/appearance.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QFontMetricsF>

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

/// Seed 000's story on its own nightly job: pre-filtering keeps half the users, the accelerator
/// takes a prediction from 1,000 ms to 10 ms, no batching, 10,000 workers at p = 0.98.
Scenario seedStory()
{
    Scenario s = defaultScenario();
    s.workload.keepFraction = 0.5;
    s.workload.latencyMs = 1000;
    s.workload.acceleratorLatencyMs = 10;
    return s;
}

class WaterfallTest : public ::testing::Test
{
protected:
    void open(QSize size)
    {
        window = std::make_unique<MainWindow>(MainWindow::Options::headless());
        window->resize(size);
        window->show();
        doc = window->document();
        ASSERT_TRUE(doc->edit(seedStory(), QStringLiteral("story")));
        settle();
    }
    /// Lets queued replots and layouts run, then lays the chart out now.
    void settle()
    {
        QApplication::processEvents();
        chart()->replot(QCustomPlot::rpImmediateRefresh);
    }
    WaterfallChart *chart() const { return window->waterfallChart(); }
    void setGoal(bool finishWithin, double deadlineSeconds)
    {
        ASSERT_TRUE(doc->editScenario(QStringLiteral("goal"), [&](Scenario &s) {
            s.goal.deadlineSeconds =
                finishWithin ? std::optional<double>(deadlineSeconds) : std::nullopt;
        }));
        settle();
    }

    /// Every bar's text inside the plot's axis rect, no two touching, and every lever name fits
    /// its row (its lines at the axis font are no taller than the rows are apart).
    void expectReadable(const char *what) const
    {
        const QRectF plotRect = QRectF(chart()->axisRect()->rect()).adjusted(-0.5, -0.5, 0.5, 0.5);
        const QList<QRectF> rects = chart()->valueLabelRects();
        ASSERT_EQ(rects.size(), 5) << what;
        for (qsizetype i = 0; i < rects.size(); ++i) {
            EXPECT_TRUE(plotRect.contains(rects[i]))
                << what << ": label " << i << " " << chart()->shownTexts()[i].toStdString()
                << " at x " << rects[i].left() << ".." << rects[i].right() << " y "
                << rects[i].top() << ".." << rects[i].bottom() << " leaves the plot "
                << plotRect.left() << ".." << plotRect.right();
            for (qsizetype j = i + 1; j < rects.size(); ++j)
                EXPECT_FALSE(rects[i].intersects(rects[j])) << what << ": " << i << " and " << j;
        }
        const QCPAxis *y = chart()->yAxis;
        const double rowPixels = std::fabs(y->coordToPixel(2) - y->coordToPixel(1));
        const double line = QFontMetricsF(y->tickLabelFont()).lineSpacing();
        for (const QString &name : chart()->categoryTexts())
            EXPECT_LE((name.count(QLatin1Char('\n')) + 1) * line, rowPixels)
                << what << ": " << name.toStdString();
        EXPECT_GE(chart()->xAxis->tickVector().size(), 4) << what;
    }

    std::unique_ptr<MainWindow> window;
    ScenarioDocument *doc = nullptr;
};

} // namespace

TEST(WaterfallFactor, ReadsAsTheSeedSaysIt)
{
    EXPECT_EQ(explain::leverFactor(3e9, 1.5e9, true), QStringLiteral("÷2"));
    EXPECT_EQ(explain::leverFactor(1.5e9, 1.5e7, true), QStringLiteral("÷100"));
    // 10,000 workers at p = 0.98: S = 1 / (0.02 + 0.98 / 10,000) = 49.76.
    EXPECT_EQ(explain::leverFactor(1.5e7, 1.5e7 * (0.02 + 0.98 / 1e4), true),
              QStringLiteral("÷49.8"));
    EXPECT_EQ(explain::leverFactor(1000, 1300, true), QStringLiteral("×1.3"));
    EXPECT_EQ(explain::leverFactor(1000, 1000, true), QStringLiteral("unchanged"));
    EXPECT_EQ(explain::leverFactor(1000, 500, false), QStringLiteral("unchanged"));
    EXPECT_EQ(explain::leverFactor(1e7, 1e3, true), QStringLiteral("÷10,000"));
}

TEST_F(WaterfallTest, EachStepStatesItsFactorBesideItsRuntime)
{
    open(QSize(1366, 768));
    EXPECT_EQ(chart()->factorTexts(),
              (QStringList{QString(), QStringLiteral("÷2"), QStringLiteral("÷100"),
                           QStringLiteral("unchanged"), QStringLiteral("÷49.8")}));
    EXPECT_EQ(chart()->labelTexts(),
              (QStringList{QStringLiteral("95.06 years"), QStringLiteral("47.53 years"),
                           QStringLiteral("173.61 days"), QStringLiteral("unchanged"),
                           QStringLiteral("3.49 days")}));
    // On a chart with room, every bar says both; the window's chart at 1366x768 may say less
    // on a bar where both do not fit (tested below).
    WaterfallChart wide;
    wide.resize(900, 400);
    wide.setDocument(doc);
    wide.show();
    QApplication::processEvents();
    wide.replot(QCustomPlot::rpImmediateRefresh);
    EXPECT_EQ(wide.shownTexts(),
              (QStringList{QStringLiteral("95.06 years"), QStringLiteral("47.53 years (÷2)"),
                           QStringLiteral("173.61 days (÷100)"), QStringLiteral("unchanged"),
                           QStringLiteral("3.49 days (÷49.8)")}));
}

TEST_F(WaterfallTest, At1366x768EveryLabelIsInsideThePlotAndApart)
{
    open(QSize(1366, 768));
    expectReadable("1366x768");
    // The seed's full story, 95 years to 25 minutes (every worker parallel).
    ASSERT_TRUE(doc->editScenario(QStringLiteral("p"),
                                  [](Scenario &s) { s.workload.parallelFraction = 1.0; }));
    settle();
    EXPECT_EQ(chart()->labelTexts().last(), QStringLiteral("25 minutes"));
    EXPECT_EQ(chart()->factorTexts().last(), QStringLiteral("÷10,000"));
    expectReadable("1366x768, 25 minutes");
    setGoal(true, 1800);
    expectReadable("1366x768 with a deadline");
}

TEST_F(WaterfallTest, InPresentationModeAt1920x1080EveryLabelIsInsideThePlotAndApart)
{
    open(QSize(1920, 1080));
    appearance::apply(chart(), appearance::palette({appearance::Theme::Dark, true}, QPalette()),
                      1.5, 2);
    settle();
    expectReadable("1920x1080 presentation");
}

TEST_F(WaterfallTest, InTheDarkThemeTextBesideABarIsLight)
{
    open(QSize(1366, 768));
    // A final bar far shorter than its label (p = 1 at a million workers: 50 minutes against
    // 95 years), whatever room the window's layout gives the chart.
    ASSERT_TRUE(doc->editScenario(QStringLiteral("short"), [](Scenario &s) {
        s.workload.parallelFraction = 1;
        s.workload.workers = 1e6;
    }));
    appearance::apply(chart(), appearance::palette({appearance::Theme::Dark, false}, QPalette()),
                      1.0, 1.0);
    settle();
    const QList<QRectF> rects = chart()->valueLabelRects();
    int outside = 0;
    for (qsizetype i = 0; i < rects.size(); ++i) {
        const double seconds = doc->result().waterfall[static_cast<size_t>(i)].runtimeSeconds;
        if (rects[i].left() >= chart()->xAxis->coordToPixel(seconds) - 0.5)
            ++outside;
    }
    // The final value sits beyond its short bar, in the theme's light text.
    EXPECT_GE(outside, 1);
    for (int i = 0; i < chart()->itemCount(); ++i) {
        const auto *text = qobject_cast<QCPItemText *>(chart()->item(i));
        if (!text || !text->visible())
            continue;
        const double barEnd = chart()->xAxis->coordToPixel(text->position->key());
        const bool beyond = text->positionAlignment().testFlag(Qt::AlignLeft) &&
                            text->position->pixelPosition().x() >= barEnd - 0.5;
        // Beyond its bar a text is light, on a box of the chart's own dark background.
        if (beyond) {
            EXPECT_GT(text->color().lightness(), 160) << text->text().toStdString();
            EXPECT_LT(text->brush().color().lightness(), 60) << text->text().toStdString();
        }
        // Inside a bar, its box is the bar's colour and the text contrasts with it.
        if (!beyond) {
            EXPECT_GT(std::abs(text->color().lightness() - text->brush().color().lightness()), 90)
                << text->text().toStdString();
        }
    }
}

TEST_F(WaterfallTest, TheDeadlineIsDrawnOnlyWhileFinishWithinIsOn)
{
    open(QSize(1366, 768));
    EXPECT_FALSE(chart()->deadlineLine()->visible());
    EXPECT_TRUE(chart()->deadlineText().isEmpty());
    setGoal(true, 1800);
    ASSERT_TRUE(doc->result().deadline.has_value());
    const QCPItemStraightLine *line = chart()->deadlineLine();
    EXPECT_TRUE(line->visible());
    EXPECT_EQ(line->point1->coords().x(), 1800);
    EXPECT_EQ(line->point2->coords().x(), 1800);
    EXPECT_DOUBLE_EQ(line->point1->pixelPosition().x(), chart()->xAxis->coordToPixel(1800));
    EXPECT_TRUE(chart()->xAxis->range().contains(1800));
    EXPECT_EQ(chart()->deadlineText(), QStringLiteral("deadline 30 minutes"));
    // The deadline moves with the goal.
    setGoal(true, 7200);
    EXPECT_EQ(chart()->deadlineLine()->point1->coords().x(), 7200);
    EXPECT_EQ(chart()->deadlineText(), QStringLiteral("deadline 2 hours"));
    setGoal(false, 7200);
    EXPECT_FALSE(chart()->deadlineLine()->visible());
    EXPECT_TRUE(chart()->deadlineText().isEmpty());
}
