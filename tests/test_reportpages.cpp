// The report's pages read as a document a person wrote: sections flow down the pages, a chart
// shares its page with what follows when both fit, and no page is one small chart over empty
// paper; no word of the program's own (an issue number, a file of its sources, a worked example's
// internal name) reaches a page.
#include "core/model/reportsections.h"
#include "core/plan/planresult.h"
#include "core/plan/scenariofile.h"
#include "ui/report/report.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace pipeplan;

namespace {

/// Every preset, as the window's Open Preset menu lists them.
QStringList presetNames()
{
    return QDir(QStringLiteral(PIPEPLAN_PRESETS_DIR)).entryList({QStringLiteral("*.json")});
}

Plan loadPreset(const QString &name)
{
    QFile file(QStringLiteral(PIPEPLAN_PRESETS_DIR "/") + name);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << name.toStdString();
    return scenariofile::fromJson(file.readAll()).plan.value_or(Plan{});
}

/// A preset's report with the sections it prints, or with every section (the workspaces'
/// examples included).
struct Case
{
    QString name;
    Plan plan;
    report::Options options;
    PlanResult result; ///< evaluated, with the background sections the report prints completed
};

/// Every preset's two reports, evaluated once (the goal seek's simulations take seconds).
const std::vector<Case> &cases()
{
    static const std::vector<Case> all = [] {
        std::vector<Case> cases;
        for (const QString &name : presetNames()) {
            const Plan plan = loadPreset(name);
            // The plan evaluated once: every section completes what its own sections did not.
            PlanResult result = evaluatePlan(plan);
            report::Options every;
            every.sections = reportsections::all();
            for (const report::Options &options : {report::Options{}, every}) {
                report::complete(result, plan, options);
                cases.push_back(
                    {name + (options.sections ? QStringLiteral(" (every section)") : QString()),
                     plan, options, result});
            }
        }
        return cases;
    }();
    return all;
}

/// The PDF's text as pdftotext reads it, its whitespace collapsed.
QString pdfText(const QByteArray &pdf)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(pdf);
    file.close();
    QProcess process;
    process.start(QStringLiteral("pdftotext"), {path, QStringLiteral("-")});
    EXPECT_TRUE(process.waitForFinished(60000));
    EXPECT_EQ(process.exitCode(), 0);
    return QString::fromUtf8(process.readAllStandardOutput())
        .replace(QChar(0xFB00), QStringLiteral("ff"))
        .replace(QChar(0xFB01), QStringLiteral("fi"))
        .replace(QChar(0xFB02), QStringLiteral("fl"))
        .simplified();
}

} // namespace

// A page ends where the next block does not fit, not where a section does: every page but the
// last is filled at least three quarters down, its charts grown into the room a block too tall
// for it leaves. The summary page is the exception, as it stands alone (the answer, then the
// details from page 2): a summary with no chart may end high, and one with a chart fills at
// least 60 % of the page.
TEST(ReportPages, NoPageButTheLastIsASmallChartOverEmptyPaper)
{
    ASSERT_GE(cases().size(), 16U);
    for (const Case &c : cases()) {
        SCOPED_TRACE(c.name.toStdString());
        const std::vector<report::PageFill> pages = report::pageFills(c.plan, c.result, c.options);
        ASSERT_FALSE(pages.empty());
        const bool summary =
            report::sectionsFor(c.plan, c.result, c.options).front() == ReportSection::Summary;
        for (size_t page = 0; page + 1 < pages.size(); ++page) {
            SCOPED_TRACE("page " + std::to_string(page + 1));
            const report::PageFill &fill = pages[page];
            ASSERT_GT(fill.bodyHeight, 500);
            const double filled = fill.usedHeight / fill.bodyHeight;
            if (page == 0 && summary) {
                if (fill.charts > 0) {
                    EXPECT_GE(filled, 0.6);
                }
                continue;
            }
            EXPECT_GE(filled, 0.75) << fill.blocks << " blocks, " << fill.charts << " charts";
            EXPECT_LE(filled, 1.0);
        }
        // No page is empty, the last one included.
        EXPECT_GT(pages.back().blocks, 0);
    }
}

// The words on the pages are the plan's and a reader's: no issue number, no "TODO", no path of
// the program's sources or a dotted snake_case key where a sentence belongs, no worked example's
// internal name ("seed 003") unless the plan's own name or notes say it. Operator names such as
// q_proj stay: they are the model's, as LLM-Viewer and the model's code name them.
TEST(ReportPages, NoPageHoldsTheProgramsInternalWords)
{
    const QRegularExpression internal(
        QStringLiteral(R"(\b[Ii]ssue\s*#?\d+|\bTODO\b|\bFIXME\b|\bseed 00\d\b|\bresources/|)"
                       R"(\.(json|cpp|h)\b|\b[a-z]+_[a-z_]+\.[a-z_]+|\b[a-z]+\.[a-z]+_[a-z_]+)"));
    ASSERT_TRUE(internal.isValid());
    for (const Case &c : cases()) {
        SCOPED_TRACE(c.name.toStdString());
        QString text = pdfText(report::pdfBytes(c.plan, c.result, c.options));
        // The plan's own words are the person's to choose.
        for (const QString &own : {c.plan.scenario.name, c.plan.scenario.notes}) {
            if (!own.simplified().isEmpty())
                text.remove(own.simplified());
        }
        const QRegularExpressionMatch match = internal.match(text);
        EXPECT_FALSE(match.hasMatch())
            << match.captured().toStdString() << " in: "
            << text.mid(std::max<qsizetype>(0, match.capturedStart() - 80), 200).toStdString();
    }
}
