#include "ui/report/report.h"

#include "core/base/csv.h"
#include "core/base/fileio.h"
#include "core/base/format.h"
#include "core/base/tabletext.h"
#include "core/base/translate.h"
#include "core/plan/explain.h"
#include "core/plan/hardwaretext.h"
#include "core/plan/reportplan.h"
#include "core/plan/summary.h"
#include "core/track/calibration.h"
#include "core/track/record.h"
#include "core/track/tracktext.h"
#include "ui/hardware/costchart.h"
#include "ui/measured/fitchart.h"
#include "ui/model/amdahlchart.h"
#include "ui/model/ganttchart.h"
#include "ui/model/overheadchart.h"
#include "ui/model/planechart.h"
#include "ui/model/scalingtablemodel.h"
#include "ui/model/stagechart.h"
#include "ui/model/waterfallchart.h"
#include "ui/project/estimatecharts.h"
#include "ui/project/riskcharts.h"
#include "ui/tail/histogramchart.h"
#include "ui/tail/tailpanel.h"
#include "ui/training/schedulechart.h"
#include "ui/widgets/chartexport.h"

#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QImage>
#include <QLocale>
#include <QPagedPaintDevice>
#include <QPainter>
#include <QPdfWriter>
#include <QPicture>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <numeric>

namespace pipeplan::report {

PIPEPLAN_TR_CONTEXT("pipeplan::report")

namespace {

constexpr double kChartHeight = 300;
/// How far a plot gives way to stay beside its heading, and grows to fill its page: a quarter
/// down still reads as the same chart; half as tall again still fits two to an A4 page.
constexpr double kChartShrink = 0.75;
constexpr double kChartStretch = 1.5;
/// The page's footer (the plan's name and the page number) under its body.
constexpr double kFooterHeight = 22;
const QColor kInk{0x1b, 0x1f, 0x24};
const QColor kGrey{0x5f, 0x66, 0x6d};
const QColor kRule{0xd0, 0xd4, 0xd9};
const QColor kHeaderFill{0xee, 0xf1, 0xf5};

QFont font(double pointSize, bool bold = false)
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(pointSize);
    f.setBold(bold);
    return f;
}

/// Blocks stacked down the page; a block that does not fit starts a new page, and a table row
/// that starts a page repeats its table's header first. A chart gives way a little to stay below
/// what introduces it, and grows into the room a page would otherwise leave blank: a small chart
/// over half a page of white paper reads as a page missing something.
class Document
{
public:
    using Draw = std::function<void(QPainter &, const QRectF &)>;

    /// What a block means, beside how it is drawn: the text formats (HTML, Markdown, CSV) write
    /// the same report from these.
    struct Element
    {
        enum class Kind
        {
            Title,
            Heading,
            Paragraph,
            Table,
            Chart,
        };
        Kind kind = Kind::Paragraph;
        QString text; ///< the title, heading or paragraph; a chart's heading
        bool strong = false;
        bool muted = false;
        std::vector<QStringList> rows; ///< a table, header first
        QPicture picture;              ///< a chart, drawn at `size`
        QSize size;
    };
    const std::vector<Element> &elements() const { return m_elements; }

    /// One block on a page: `block` indexes the blocks, -1 for a table's repeated header.
    struct Placed
    {
        const Draw *draw;
        QRectF rect;
        int block;
    };
    using Pages = std::vector<std::vector<Placed>>;

    /// `chartHeightsPx`: the height of each chart in the order they are added, as a first layout
    /// of the same blocks settled them (chartHeights below); empty: each chart's own height, to be
    /// settled by the layout.
    Document(QPaintDevice *device, double width, std::vector<int> chartHeightsPx = {})
        : m_device(device), m_width(width), m_chartHeightsPx(std::move(chartHeightsPx))
    {
    }
    double width() const { return m_width; }

    /// The text with a word joiner after each slash inside a word: a line may not break in
    /// "80/s" (Unicode's line breaking allows a break after a slash, and printed "80/" over
    /// "s.").
    static QString unitsWhole(const QString &text)
    {
        QString whole;
        whole.reserve(text.size() + 4);
        for (qsizetype i = 0; i < text.size(); ++i) {
            whole += text[i];
            if (text[i] == QLatin1Char('/') && i > 0 && i + 1 < text.size() &&
                !text[i - 1].isSpace() && text[i + 1].isLetterOrNumber())
                whole += QChar(0x2060);
        }
        return whole;
    }

    double textHeight(const QString &text, const QFont &f, double width) const
    {
        const QFontMetricsF metrics(f, m_device);
        return metrics.boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap, text).height();
    }

    void add(double height, Draw draw, double gapAfter = 6, int table = -1, bool pageBreak = false,
             bool keepWithNext = false)
    {
        Block block;
        block.height = height;
        block.minHeight = height;
        block.maxHeight = height;
        block.draw = std::move(draw);
        block.gapAfter = gapAfter;
        block.table = table;
        block.pageBreak = pageBreak || m_breakPending;
        block.keepWithNext = keepWithNext;
        m_blocks.push_back(std::move(block));
        m_breakPending = false;
    }

    /// The next block starts a new page.
    void breakPage() { m_breakPending = true; }

    /// The report's title: the plan's name.
    void title(const QString &name)
    {
        text(name, font(18, true), kInk, 2);
        m_elements.back().kind = Element::Kind::Title;
    }

    /// A paragraph; `keepWithNext` keeps it on the page of what follows (a caption).
    void text(const QString &plain, const QFont &f, const QColor &color = kInk, double gap = 6,
              bool keepWithNext = false)
    {
        Element element;
        element.text = plain;
        const QString text = unitsWhole(plain);
        element.strong = f.bold();
        element.muted = color == kGrey;
        m_elements.push_back(std::move(element));
        const double height = textHeight(text, f, m_width);
        add(
            height,
            [text, f, color](QPainter &p, const QRectF &r) {
                p.setFont(f);
                p.setPen(color);
                p.drawText(r, Qt::TextWordWrap, text);
            },
            gap, -1, false, keepWithNext);
    }

    void heading(const QString &title, bool pageBreak = false)
    {
        Element element;
        element.kind = Element::Kind::Heading;
        element.text = title;
        element.strong = true;
        m_elements.push_back(std::move(element));
        m_lastHeading = title;
        // The first section follows the title on page 1 even when it would open a page.
        pageBreak = pageBreak && m_headings > 0;
        ++m_headings;
        const QFont f = font(13, true);
        add(
            textHeight(title, f, m_width) + 8,
            [title, f](QPainter &p, const QRectF &r) {
                p.setFont(f);
                p.setPen(kInk);
                p.drawText(r.adjusted(0, 8, 0, 0), title);
            },
            6, -1, pageBreak, true);
    }

    /// A table: `fractions` of the width per column; `numeric` columns are right-aligned. A short
    /// table (a dozen rows at most) stays on one page; `keepWithNext` keeps its last row on the
    /// page of what follows (its chart).
    void table(const QStringList &header, const std::vector<QStringList> &rows,
               const std::vector<double> &fractions, const std::vector<bool> &numeric,
               bool keepWithNext = false)
    {
        Element element;
        element.kind = Element::Kind::Table;
        element.text = m_lastHeading;
        element.rows.push_back(header);
        element.rows.insert(element.rows.end(), rows.begin(), rows.end());
        m_elements.push_back(std::move(element));
        const int id = static_cast<int>(m_headers.size());
        std::vector<double> widths;
        widths.reserve(fractions.size());
        for (double fraction : fractions)
            widths.push_back(fraction * m_width);
        auto rowBlock = [this, widths, numeric](const QStringList &cells, bool isHeader) {
            const QFont f = font(8.5, isHeader);
            double height = 0;
            for (qsizetype c = 0; c < cells.size(); ++c)
                height =
                    std::max(height, textHeight(cells[c], f, widths[static_cast<size_t>(c)] - 8));
            height += 6;
            Draw draw = [cells, f, widths, numeric, isHeader](QPainter &p, const QRectF &r) {
                if (isHeader)
                    p.fillRect(r, kHeaderFill);
                p.setFont(f);
                p.setPen(kInk);
                double x = r.left();
                for (qsizetype c = 0; c < cells.size(); ++c) {
                    const double w = widths[static_cast<size_t>(c)];
                    // A numeric column's header sits over its values' right edge too.
                    const Qt::Alignment align =
                        numeric[static_cast<size_t>(c)] ? Qt::AlignRight : Qt::AlignLeft;
                    p.drawText(QRectF(x + 4, r.top() + 3, w - 8, r.height() - 6),
                               static_cast<int>(Qt::TextWordWrap | align | Qt::AlignVCenter),
                               cells[c]);
                    x += w;
                }
                p.setPen(QPen(kRule, 0.8));
                p.drawLine(QPointF(r.left(), r.bottom()), QPointF(r.right(), r.bottom()));
            };
            return std::pair{height, draw};
        };
        const bool together = rows.size() <= 12;
        auto [headerHeight, headerDraw] = rowBlock(header, true);
        m_headers.push_back({headerHeight, headerDraw});
        add(headerHeight, headerDraw, 0, -1, false, together && !rows.empty());
        for (size_t i = 0; i < rows.size(); ++i) {
            auto [height, draw] = rowBlock(rows[i], false);
            const bool last = i + 1 == rows.size();
            add(height, draw, last ? 8 : 0, id, false, last ? keepWithNext : together);
        }
    }

    /// A picture (a chart) scaled to the full width, `height` tall whatever the page.
    void picture(const QPicture &picture, double height)
    {
        Element element;
        element.kind = Element::Kind::Chart;
        element.text = m_lastHeading;
        element.picture = picture;
        element.size = QSize(static_cast<int>(m_width), static_cast<int>(height));
        m_elements.push_back(std::move(element));
        add(
            height,
            [picture](QPainter &p, const QRectF &r) {
                p.save();
                p.translate(r.topLeft());
                p.drawPicture(QPointF(0, 0), picture);
                p.restore();
            },
            10);
        m_blocks.back().chart = true;
    }

    /// A plot across the full width, `height` tall as the page allows: from kChartShrink of it,
    /// to stay on the page of its heading, to kChartStretch of it, to fill a page. The plot draws
    /// itself at the height the first layout settled (a plot laid out again at its size, not a
    /// picture stretched: its text keeps its shape).
    void plot(QCustomPlot *plot, double height = kChartHeight)
    {
        chart([plot](QSize size) { return chartexport::recordPlot(plot, size); }, height);
    }

    /// A Qt Charts view as a plot: laid out again at the size it is drawn at.
    void plot(QChartView *view, double height = kChartHeight)
    {
        chart(
            [view](QSize size) {
                view->resize(size);
                return chartexport::recordChartView(view, size);
            },
            height);
    }

    /// A chart drawn by `record` at a size across the full width (plot above).
    void chart(const std::function<QPicture(QSize)> &record, double height)
    {
        const size_t index = m_plots++;
        const bool settled = index < m_chartHeightsPx.size();
        const int heightPx =
            settled ? m_chartHeightsPx[index] : static_cast<int>(std::floor(height));
        picture(record(QSize(static_cast<int>(m_width), heightPx)), heightPx);
        m_blocks.back().plot = true;
        if (!settled) {
            m_blocks.back().minHeight = std::floor(height * kChartShrink);
            m_blocks.back().maxHeight = std::floor(height * kChartStretch);
        }
    }

    /// The blocks on pages whose body (above the footer) is `bodyHeight` tall: each chart given
    /// the room its page has (between its least and its most height).
    Pages layout(double bodyHeight) const
    {
        std::vector<double> heights;
        heights.reserve(m_blocks.size());
        for (const Block &block : m_blocks)
            heights.push_back(block.height);
        Pages pages(1);
        double y = 0;
        for (size_t i = 0; i < m_blocks.size(); ++i) {
            const Block &block = m_blocks[i];
            // A heading or caption goes with what follows it: measure the whole chain.
            size_t end = i;
            double needed = heights[i];
            for (; end + 1 < m_blocks.size() && m_blocks[end].keepWithNext; ++end)
                needed += m_blocks[end].gapAfter + heights[end + 1];
            const bool fresh = pages.back().empty();
            if (!fresh && (block.pageBreak || y + needed > bodyHeight) &&
                (block.pageBreak || !shrinkToFit(heights, i, end, y + needed - bodyHeight))) {
                pages.emplace_back();
                y = 0;
            }
            if (pages.back().empty() && block.table >= 0) {
                const Header &header = m_headers[static_cast<size_t>(block.table)];
                pages.back().push_back({&header.draw, QRectF(0, y, m_width, header.height), -1});
                y += header.height;
            }
            pages.back().push_back(
                {&block.draw, QRectF(0, y, m_width, heights[i]), static_cast<int>(i)});
            y += heights[i] + block.gapAfter;
        }
        // The last page ends where the report does; every other gives its white space to its
        // charts.
        for (size_t page = 0; page + 1 < pages.size(); ++page)
            stretchToFill(pages[page], bodyHeight);
        return pages;
    }

    /// The height each plot was laid out at, in the order they were added (for the Document
    /// that draws them).
    std::vector<int> chartHeights(const Pages &pages) const
    {
        std::vector<int> heights;
        for (const std::vector<Placed> &page : pages) {
            for (const Placed &placed : page) {
                if (placed.block >= 0 && m_blocks[static_cast<size_t>(placed.block)].plot)
                    heights.push_back(static_cast<int>(std::floor(placed.rect.height())));
            }
        }
        return heights;
    }

    bool isChart(int block) const
    {
        return block >= 0 && m_blocks[static_cast<size_t>(block)].chart;
    }

    /// Draws the laid-out pages, with a footer on each page.
    static void draw(QPagedPaintDevice *device, QPainter &painter, const Pages &pages,
                     double pageHeight, double width, const QString &footerLeft)
    {
        const int count = static_cast<int>(pages.size());
        for (int i = 0; i < count; ++i) {
            if (i > 0)
                device->newPage();
            for (const Placed &placed : pages[static_cast<size_t>(i)])
                (*placed.draw)(painter, placed.rect);
            painter.setFont(font(7.5));
            painter.setPen(kGrey);
            const QRectF line(0, pageHeight - kFooterHeight + 8, width, kFooterHeight - 8);
            painter.drawText(line, Qt::AlignLeft | Qt::AlignVCenter, footerLeft);
            painter.drawText(line, Qt::AlignRight | Qt::AlignVCenter,
                             QCoreApplication::translate("pipeplan::report", "Page %1 of %2")
                                 .arg(i + 1)
                                 .arg(count));
        }
    }

private:
    struct Block
    {
        double height = 0;
        double minHeight = 0; ///< a chart's least height; others': their height
        double maxHeight = 0; ///< a chart's most height
        Draw draw;
        double gapAfter = 0;
        int table = -1;
        bool pageBreak = false;
        bool keepWithNext = false;
        bool chart = false;
        bool plot = false; ///< drawn by plot(): its height is the layout's to settle
    };
    struct Header
    {
        double height;
        Draw draw;
    };

    /// Shrinks the charts of blocks `first` to `last` by `excess` in all, in proportion to what
    /// each can give; false (nothing changed) when they cannot give that much.
    bool shrinkToFit(std::vector<double> &heights, size_t first, size_t last, double excess) const
    {
        double slack = 0;
        for (size_t i = first; i <= last; ++i)
            slack += heights[i] - m_blocks[i].minHeight;
        if (slack <= 0 || slack < excess)
            return false;
        for (size_t i = first; i <= last; ++i)
            heights[i] -= (heights[i] - m_blocks[i].minHeight) * excess / slack;
        return true;
    }

    /// Grows the charts on `page` into the room below its last block, in proportion to what each
    /// can take, and moves the blocks under each chart down by what it grew.
    void stretchToFill(std::vector<Placed> &page, double bodyHeight) const
    {
        if (page.empty())
            return;
        const double room = bodyHeight - page.back().rect.bottom();
        double growable = 0;
        for (const Placed &placed : page) {
            if (isChart(placed.block))
                growable +=
                    m_blocks[static_cast<size_t>(placed.block)].maxHeight - placed.rect.height();
        }
        if (room <= 0 || growable <= 0)
            return;
        const double share = std::min(1.0, room / growable);
        double moved = 0;
        for (Placed &placed : page) {
            placed.rect.translate(0, moved);
            if (!isChart(placed.block))
                continue;
            const double grow =
                (m_blocks[static_cast<size_t>(placed.block)].maxHeight - placed.rect.height()) *
                share;
            placed.rect.setHeight(placed.rect.height() + grow);
            moved += grow;
        }
    }

    QPaintDevice *m_device;
    double m_width;
    std::vector<int> m_chartHeightsPx;
    size_t m_plots = 0;
    std::vector<Block> m_blocks;
    std::vector<Header> m_headers;
    std::vector<Element> m_elements;
    QString m_lastHeading;
    int m_headings = 0;
    bool m_breakPending = false;
};

/// The window's charts, drawn for the report from the result's series (never shown on screen).
struct Charts
{
    explicit Charts(const PlanResult &result, int width)
    {
        host.setAttribute(Qt::WA_DontShowOnScreen);
        amdahl = new AmdahlChart(&host);
        waterfall = new WaterfallChart(&host);
        gantt = new GanttChart(&host);
        stages = new StageChart(&host);
        overheads = new OverheadChart(&host);
        histogram = new HistogramChart(&host);
        schedules = new ScheduleChart(&host);
        memory = new ScheduleMemoryChart(&host);
        estimate = new EstimateChart(&host);
        accuracy = new AccuracyChart(&host);
        fit = new FitChart(&host);
        taskGantt = new TaskGanttChart(&host);
        tornado = new TornadoChart(&host);
        burnUp = new BurnUpChart(&host);
        cost = new CostChart(&host);
        plane = new PlaneChart(&host);
        for (QWidget *chart : std::initializer_list<QWidget *>{
                 amdahl, waterfall, gantt, stages, overheads, histogram, schedules, memory,
                 estimate, accuracy, fit, taskGantt, tornado, burnUp, cost, plane})
            chart->setGeometry(0, 0, width, static_cast<int>(kChartHeight));
        host.resize(width, static_cast<int>(kChartHeight));
        host.show(); // lays the charts out without putting anything on screen
        amdahl->setSeries(result.amdahl);
        waterfall->setSeries(result.waterfall);
        gantt->setSeries(result.pipeline, false);
        stages->setSeries(result.pipeline);
        overheads->setSeries(result.overheadCurve);
        cost->setSeries(result.costCurve);
        plane->setPlane(result.plane);
    }
    QWidget host;
    AmdahlChart *amdahl;
    WaterfallChart *waterfall;
    GanttChart *gantt;
    StageChart *stages;
    OverheadChart *overheads;
    CostChart *cost;
    PlaneChart *plane;
    HistogramChart *histogram;
    ScheduleChart *schedules;
    ScheduleMemoryChart *memory;
    EstimateChart *estimate;
    AccuracyChart *accuracy;
    FitChart *fit;
    TaskGanttChart *taskGantt;
    TornadoChart *tornado;
    BurnUpChart *burnUp;
};

/// The page the sections draw on: its size (a chart's size is the layout's, Document::plot).
struct Page
{
    double width;
    double height;
};

void renderTitle(Document &doc, const Scenario &s, const Options &options, bool notes)
{
    doc.text(tr("PipePlan report"), font(9), kGrey, 2);
    doc.title(s.name);
    doc.text(tr("%1 · PipePlan %2 · %3")
                 .arg(QLocale(QLocale::English)
                          .toString(options.created, QStringLiteral("d MMMM yyyy, HH:mm")),
                      QLatin1String(PIPEPLAN_VERSION), QPageSize::name(options.pageSize)),
             font(8.5), kGrey, 10);
    if (notes && !s.notes.trimmed().isEmpty())
        doc.text(s.notes, font(9.5), kInk, 10);
}

/// "Mon, Tue, Wed, Thu, Fri": the working days as a reader says them (not the file's key).
QString workingDaysText(const std::array<bool, 7> &workingDays)
{
    QStringList days;
    for (int day = 0; day < 7; ++day) {
        if (workingDays[static_cast<size_t>(day)])
            days << QLocale(QLocale::English).dayName(day + 1, QLocale::ShortFormat);
    }
    return days.join(QStringLiteral(", "));
}

/// A plan of more than one stage is answered by its Gantt (the window's Model workspace).
bool showsPipeline(const Scenario &s)
{
    return s.stages.size() > 1;
}

/// One question of the summary and its answer, as a table.
void renderAnswer(Document &doc, const summary::Answer &answer)
{
    doc.text(answer.question, font(11, true), kInk, 8);
    std::vector<QStringList> rows;
    for (const auto &[label, value] : answer.rows)
        rows.push_back({label, value});
    doc.table({tr("Question answered"), tr("Answer")}, rows, {0.3, 0.7}, {false, false});
}

/// The one-page summary that opens the report: the plan's own questions (summary::questionsOf)
/// and their answers. The batch job's: the runtime or the deadline's verdict, the bottleneck,
/// the biggest lever and the waterfall; the project's: its finish and what drives it; the
/// training pipeline's: its fastest schedule and memory. Then the notes.
void renderSummary(Document &doc, const Scenario &s, const PlanResult &planResult, Charts &charts)
{
    const ScenarioResult &r = planResult.model;
    const std::optional<RuntimeBand> &band = planResult.measured.runtimeBand;
    doc.heading(tr("Summary"));
    for (summary::Question question : summary::questionsOf(s)) {
        switch (question) {
        case summary::Question::Job: {
            // The window's headline first: its sentence and its numbers, then the
            // verdict in full, the pipeline's bubble and balanced rate, the biggest lever.
            const summary::JobAnswer answer = summary::jobAnswer(planResult);
            summary::Answer job{explain::question(s, r), {{tr("Answer"), answer.sentence}}};
            for (const summary::AnswerNumber &number : answer.numbers)
                job.rows.emplace_back(number.caption, number.value);
            // Both verdicts, each with its method, when the job is simulated.
            if (r.deadline)
                job.rows.emplace_back(tr("Deadline"), summary::deadlineVerdicts(planResult));
            if (band)
                job.rows.emplace_back(tr("Runtime, 95 % (fitted p)"),
                                      explain::runtimeBand(r.effectiveRuntimeSeconds,
                                                           band->lowSeconds, band->highSeconds));
            const QString pipeline = summary::pipelineAnswer(planResult.inForce, r);
            if (!pipeline.isEmpty())
                job.rows.emplace_back(tr("Pipeline"), pipeline);
            job.rows.emplace_back(tr("Biggest lever"), summary::biggestLever(planResult));
            renderAnswer(doc, job);
            // The picture that proves it: a pipeline's Gantt, else the levers' story (a
            // pipeline's levers follow the summary, in their section).
            if (showsPipeline(s)) {
                doc.heading(tr("Pipeline Gantt"));
                doc.plot(charts.gantt->plot());
            } else {
                doc.heading(tr("Levers: runtime after each"));
                doc.plot(charts.waterfall);
            }
            break;
        }
        case summary::Question::Project: {
            // The window's headline sentence first, as the job's page opens with its answer.
            summary::Answer project = summary::projectAnswer(s, planResult);
            if (planResult.monteCarlo.ready())
                project.rows.insert(
                    project.rows.begin(),
                    {tr("Answer"), summary::projectHeadline(s, planResult).sentence});
            renderAnswer(doc, project);
            // The picture that proves it, as the window's Project workspace leads with it.
            if (const estimate::PlanEstimate *plan = planResult.monteCarlo.ready()) {
                doc.heading(tr("Plan duration, Monte Carlo (without buffers)"));
                charts.estimate->setResult(plan->monteCarlo);
                doc.plot(charts.estimate);
            }
            break;
        }
        case summary::Question::Training:
            renderAnswer(doc, summary::trainingAnswer(s, planResult));
            break;
        }
    }
    if (!s.notes.trimmed().isEmpty()) {
        doc.heading(tr("Notes"));
        doc.text(s.notes, font(9.5), kInk, 6);
    }
    doc.breakPage();
}

/// The headline, with the formula behind every number.
void renderHeadline(Document &doc, const Scenario &s, const ScenarioResult &r,
                    const explain::Headline &h, const std::optional<RuntimeBand> &band)
{
    doc.heading(tr("Headline"));
    std::vector<QStringList> headline{
        {tr("Total predictions"), h.totalPredictions, explain::totalPredictions(s, r)},
        {tr("Runtime at %1").arg(format::workers(s.workload.workers)), h.runtime,
         explain::runtime(s, r)},
        {tr("Throughput"), h.throughput, explain::throughput(s, r)},
        {tr("Speedup (ceiling)"), h.speedup, explain::speedup(s, r)},
        {tr("Bottleneck (per %1)").arg(s.workload.counted.one), h.bottleneck,
         explain::perUserCost(s, r)},
    };
    // The Model tab's "Finish within", the same verdict as the window's headline.
    if (r.deadline)
        headline.push_back(
            {tr("Deadline"), explain::deadlineShort(*r.deadline), explain::deadline(*r.deadline)});
    if (band)
        headline.push_back(
            {tr("Runtime, 95 % (fitted p)"),
             explain::runtimeBand(r.effectiveRuntimeSeconds, band->lowSeconds, band->highSeconds),
             tr("the runtime at the ends of the fitted p's 95 % "
                "interval (Measured)")});
    doc.table({tr("Quantity"), tr("Value"), tr("How")}, headline, {0.22, 0.2, 0.58},
              {false, true, false});
}

void renderInputs(Document &doc, const Scenario &s)
{
    doc.heading(tr("Inputs"));
    std::vector<QStringList> inputs;
    for (const auto &[label, value] : explain::inputRows(s))
        inputs.push_back({label, value});
    doc.table({tr("Input"), tr("Value")}, inputs, {0.5, 0.5}, {false, true});
}

/// The plan's ranges and what they make of the runtime: the ranges as typed, the
/// percentiles, the chance to meet the deadline and what drives the spread.
void renderRanges(Document &doc, const Scenario &s, const uncertainty::Result &spread,
                  Charts &charts)
{
    if (!spread.active)
        return;
    doc.heading(tr("Ranges: the runtime as a distribution"));
    std::vector<QStringList> ranges = explain::rangeRows(s);
    const QStringList rangeHeader = ranges.front();
    ranges.erase(ranges.begin());
    doc.table(rangeHeader, ranges, {0.4, 0.35, 0.25}, {false, true, true});
    std::vector<QStringList> answer{{tr("Runtime"), explain::runtimePercentiles(spread)},
                                    {tr("Cost"), explain::costPercentiles(spread)}};
    if (spread.pMeetDeadline) {
        answer.push_back({tr("Deadline"), explain::chanceToMeet(spread)});
        answer.push_back({tr("Fewest workers"), explain::fewestWorkersText(spread)});
    }
    answer.push_back({tr("Samples"), tr("%1, seed %2 (common random numbers)")
                                         .arg(format::grouped(spread.samples, 0),
                                              format::plainNumber(spread.seed))});
    doc.table({tr("Over the ranges"), tr("P10 · P50 · P90")}, answer, {0.25, 0.75}, {false, false});
    // The fan: the runtime's P10-P90 at every worker count around the plan's curve.
    doc.text(tr("The runtime against workers, with its P10–P90 fan over the ranges:"), font(8.5),
             kInk, 2, true);
    doc.plot(charts.overheads);
    std::vector<QStringList> drivers = explain::driverRows(spread);
    const QStringList driverHeader = drivers.front();
    drivers.erase(drivers.begin());
    const bool needed = driverHeader.size() > 3;
    doc.table(
        driverHeader, drivers,
        needed ? std::vector<double>{0.3, 0.22, 0.18, 0.3} : std::vector<double>{0.4, 0.35, 0.25},
        needed ? std::vector<bool>{false, true, true, true} : std::vector<bool>{false, true, true});
}

/// The scaling table, with the baseline's column when one is pinned.
void renderScalingTable(Document &doc, const Plan &plan, const PlanResult &planResult)
{
    const ScenarioResult &r = planResult.model;
    doc.heading(tr("Scaling table"));
    // The window's rows: the scenario's own worker count has a row even when the list lacks it.
    const explain::ShownScaling &shown = planResult.scaling.shown;
    std::vector<QStringList> scaling = explain::scalingTableRows(shown.rows, r.overheads.enabled);
    QStringList header = scaling.front();
    scaling.erase(scaling.begin());
    std::vector<bool> numeric(static_cast<size_t>(header.size()), true);
    // The USL fitted to the measured runs, as the window's table shows it.
    if (!planResult.scaling.uslHours.empty()) {
        header << tr("USL fit (h)");
        for (size_t i = 0; i < scaling.size(); ++i)
            scaling[i] << explain::hoursCell(planResult.scaling.uslHours[i]);
        numeric.push_back(true);
    }
    if (plan.baseline) {
        header << (r.overheads.enabled ? tr("Baseline, with overheads (h)")
                                       : tr("Baseline Amdahl (h)"));
        for (size_t i = 0; i < scaling.size(); ++i)
            scaling[i] << (i < shown.baseline.size() ? ScalingTableModel::baselineCellText(
                                                           shown.rows[i], shown.baseline[i])
                                                     : QString());
        numeric.push_back(true);
    }
    // Each column as wide as its longest text (a header wraps at its spaces, a number never
    // should: "2,500.00×" split after its comma reads as two numbers).
    std::vector<double> weights(static_cast<size_t>(header.size()), 1.0);
    for (qsizetype c = 0; c < header.size(); ++c) {
        double &weight = weights[static_cast<size_t>(c)];
        for (const QString &word : header[c].split(QLatin1Char(' ')))
            weight = std::max(weight, static_cast<double>(word.size()));
        for (const QStringList &row : scaling)
            weight = std::max(weight, static_cast<double>(row.value(c).size()));
    }
    const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
    std::vector<double> fractions;
    fractions.reserve(weights.size());
    for (double weight : weights)
        fractions.push_back(weight / total);
    doc.table(header, scaling, fractions, numeric);
}

/// What it would take: with a deadline, each lever alone, as the window's table.
void renderWhatItTakes(Document &doc, const whatittakes::Result &takes,
                       const whatittakes::Plane &plane, Charts &charts)
{
    if (!takes.active)
        return;
    doc.heading(tr("What it would take"));
    doc.text(explain::whatItTakesTitle(takes) + QLatin1Char('.'), font(8.5), kInk, 2, true);
    std::vector<QStringList> rows = explain::whatItTakesRows(takes);
    const QStringList header = rows.front();
    rows.erase(rows.begin());
    doc.table(header, rows, {0.22, 0.2, 0.42, 0.16}, {false, true, false, true});
    if (!plane.active)
        return;
    // The two levers the plan names (goal.levers) together, as the window's Two levers tab.
    doc.text(tr("Two levers: %1 and %2").arg(plane.x.lever, plane.y.lever.toLower()),
             font(10, true), kInk, 4, true);
    for (const QString &line : explain::planeLines(plane))
        doc.text(line, font(8.5), kInk, 1, true);
    doc.plot(charts.plane);
    doc.text(tr("Shaded: the combinations that meet the deadline, everything else as "
                "it is. Cost = workers × runtime in hours × price per worker-hour: "
                "pruning, latency and p cost nothing here, so the cheapest point "
                "often sits at the plane's edge; the smallest move is the meeting "
                "point nearest the plan across the chart."),
             font(8), kGrey, 8);
}

/// The plan's options side by side, as the window's Options tab and `options` list.
void renderOptions(Document &doc, const std::vector<options::Row> &comparison)
{
    if (comparison.size() < 2)
        return; // the plan alone: no options to compare
    doc.heading(tr("Options"));
    doc.text(tr("The plan and each of its options, evaluated as its own file; ★ marks "
                "the efficient ones (no other both faster and cheaper)."),
             font(8.5), kInk, 2, true);
    std::vector<QStringList> rows = options::rows(comparison);
    const QStringList header = rows.front();
    rows.erase(rows.begin());
    std::vector<double> weights(static_cast<size_t>(header.size()), 1.0);
    // Each column as wide as its longest cell (a number never wraps; a header wraps at its
    // spaces), the names and the nearest lever capped so that they wrap instead.
    for (qsizetype c = 0; c < header.size(); ++c) {
        double &weight = weights[static_cast<size_t>(c)];
        for (const QString &word : header[c].split(QLatin1Char(' ')))
            weight = std::max(weight, static_cast<double>(word.size()) + 2.5); // bold
        for (const QStringList &row : rows)
            weight = std::max(weight, static_cast<double>(row.value(c).size()) + 1);
        if (c == 0 || c + 1 == header.size())
            weight = std::min(weight, 16.0);
    }
    const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
    std::vector<double> fractions;
    std::vector<bool> numeric;
    for (size_t c = 0; c < weights.size(); ++c) {
        fractions.push_back(weights[c] / total);
        numeric.push_back(c > 0 && c + 3 < weights.size());
    }
    doc.table(header, rows, fractions, numeric);
}

/// This scenario against the pinned baseline (nothing when none is pinned).
void renderComparison(Document &doc, const Plan &plan, const PlanResult &planResult,
                      const explain::Headline &h)
{
    if (!plan.baseline)
        return;
    const Scenario &s = plan.scenario;
    const ScenarioResult &r = planResult.model;
    const Scenario &b = *plan.baseline;
    const ScenarioResult &br = *planResult.baseline.result;
    const explain::Headline bh = explain::headline(b, br);
    doc.heading(tr("Compared with the baseline"));
    doc.text(tr("Baseline: %1").arg(b.name), font(9), kGrey, 4);
    doc.table({tr("Quantity"), tr("This scenario"), tr("Baseline"), tr("Change")},
              {{tr("Runtime"), h.runtime, bh.runtime,
                format::change(r.effectiveRuntimeSeconds, br.effectiveRuntimeSeconds)},
               {tr("Throughput"), h.throughput, bh.throughput,
                format::change(r.throughputUsersPerSecond, br.throughputUsersPerSecond)},
               {tr("Work (one stream)"), format::duration(r.workSeconds),
                format::duration(br.workSeconds), format::change(r.workSeconds, br.workSeconds)},
               {tr("Speedup"), h.speedup, bh.speedup, format::change(r.speedup, br.speedup)},
               {tr("Workers"), format::grouped(s.workload.workers, 0),
                format::grouped(b.workload.workers, 0),
                format::change(s.workload.workers, b.workload.workers)}},
              {0.25, 0.25, 0.25, 0.25}, {false, true, true, true});
}

/// The goal seek: the fewest workers for the deadline by every method with their runtime and
/// cost, or why none can, and the plan as it stands against that deadline. Without a deadline
/// it says so and nothing else: no hidden deadline is planned for.
void renderGoalSeek(Document &doc, const Scenario &s, const TailSection &tail,
                    const CostSummary &price, const goalseek::Result *seek,
                    const uncertainty::Result &ranges)
{
    if (!tail.goal || !tail.verdict || !seek) {
        doc.heading(tr("Goal seek"));
        doc.text(explain::goalSeekDeadline(s.goal), font(9.5), kInk, 4, true);
        return;
    }
    const goalseek::Result &goal = *seek;
    const goalseek::Inputs &inputs = *tail.goal;
    const DeadlineVerdict &verdict = *tail.verdict;
    doc.heading(tr("Goal seek: fewest workers to finish within %1")
                    .arg(format::duration(inputs.deadlineSeconds)));
    doc.text(tr("This plan at %1: %2")
                 .arg(format::workers(s.workload.workers), explain::deadline(verdict)),
             font(9.5, true), verdict.meets ? kInk : QColor(0xc6, 0x28, 0x28), 4, true);
    std::vector<QStringList> rows = explain::goalSeekRows(goal, price, &ranges);
    const QStringList header = rows.front();
    rows.erase(rows.begin());
    doc.table(header, rows, {0.17, 0.14, 0.18, 0.17, 0.34}, {false, true, true, true, false});
    doc.text(tr("Naive and with overheads invert Amdahl's law in closed form; the "
                "simulated rows bisect worker counts, %1 each with seed %2 (%3 run). "
                "Cost = workers × runtime in hours × price: every worker is held "
                "until the job ends.")
                 .arg(format::plural(
                          tr("%n trial(s)", nullptr, format::numerus(inputs.simulation.trials)),
                          inputs.simulation.trials),
                      format::grouped(static_cast<double>(inputs.simulation.seed), 0),
                      format::plural(
                          tr("%n simulation(s)", nullptr, format::numerus(goal.simulationsRun)),
                          goal.simulationsRun)),
             font(8), kGrey, 8);
}

/// The device and the model: what is in force, the cheapest device that meets the
/// deadline (or each at the plan's workers without one), the roofline per part and runtime
/// against cost.
void renderHardware(Document &doc, const Scenario &s, const PlanResult &planResult, Charts &charts)
{
    const HardwareSection &hw = planResult.hardware;
    const HardwareSettings &settings = s.hardware;
    doc.heading(tr("Hardware and cost: %1 on %2").arg(settings.model.name, settings.device));
    doc.text(explain::hardwareSummary(settings, hw.current), font(9.5), kInk, 4, true);
    doc.text(tr("This plan at %1 costs %2.")
                 .arg(format::workers(s.workload.workers),
                      explain::costLine(planResult.model.cost, hw.current)),
             font(9.5, true), kInk, 6, true);
    doc.text(explain::deviceOptionsTitle(s), font(10, true), kInk, 4, true);
    doc.table(explain::deviceOptionsHeader(s.goal.deadlineSeconds.has_value()),
              explain::deviceOptionRows(hw.options, s.goal.currency),
              {0.13, 0.07, 0.12, 0.10, 0.25, 0.12, 0.10, 0.11}, explain::deviceOptionsNumeric());
    doc.text(tr("Runtime against cost over worker counts"), font(10, true), kInk, 4, true);
    doc.plot(charts.cost);
    if (hw.current.inForce) {
        const hardware::Roofline &r = hw.current.roofline;
        doc.text(tr("Roofline of %1 on %2 at batch %3 (compute %4 %, memory %5 % of "
                    "peak): %6 per batch, %7 per item")
                     .arg(settings.model.name, hw.current.device.name,
                          format::grouped(hw.current.batch, 0),
                          format::trimmed(settings.efficiency.compute * 100, 1),
                          format::trimmed(settings.efficiency.memory * 100, 1),
                          format::milliseconds(r.secondsPerBatch * 1000),
                          format::milliseconds(r.latencyMsPerItem)),
                 font(10, true), kInk, 4, true);
        doc.table(explain::rooflineHeader(), explain::rooflineRows(r),
                  {0.14, 0.18, 0.18, 0.18, 0.16, 0.16}, explain::rooflineNumeric());
    }
    doc.text(tr("Each part takes max(operations ÷ (peak × compute efficiency), bytes "
                "÷ (bandwidth × memory efficiency)) (the roofline, Williams et al. "
                "2009; parts as LLM-Viewer counts them). Cost = workers × runtime in "
                "hours × price per device-hour: every device is billed until the job "
                "ends. Device numbers: PipePlan's device catalogue (pipeplan-cli devices), checked "
                "%1.")
                 .arg(hardware::builtInCatalogue().checked),
             font(8), kGrey, 8);
}

/// The track record (seed 003): the calibration the plan keeps, and from the history file,
/// when it can be read, the review (the jobs over 25 %) and the MdAPE by month.
void renderTrackRecord(Document &doc, const Scenario &s)
{
    const TrackSettings &t = s.track;
    if (t.history.isEmpty() && t.calibration.jobs == 0)
        return;
    doc.text(tr("Track record %1%2")
                 .arg(t.history, t.kind.isEmpty() ? QString() : tr(" (kind %1)").arg(t.kind)),
             font(9, true), kInk, 2, true);
    QString calibration = track::sentence(t.calibration);
    if (t.calibration.calibrated())
        calibration += QStringLiteral(". ") + track::intervalText(t.calibration) +
                       (t.inForce() ? tr("; applied to the plan's ranges.") : tr("; not applied."));
    doc.text(calibration, font(9.5), kInk, 6);
    if (t.history.isEmpty())
        return;
    const track::ReadResult history = track::readFile(t.history);
    if (!history.error.isEmpty()) {
        doc.text(tr("The history %1 could not be read: %2").arg(t.history, history.error), font(9),
                 kGrey, 6);
        return;
    }
    std::vector<track::Row> rows;
    for (const track::Row &row : history.rows)
        if (t.kind.isEmpty() || row.kind == t.kind)
            rows.push_back(row);
    std::vector<QStringList> over = track::overrunRows(track::overruns(rows));
    const QStringList overHeader = over.front();
    over.erase(over.begin());
    doc.text(tr("Over their estimate by more than 25 %: %1").arg(over.size()), font(9, true), kInk,
             2);
    if (!over.empty())
        doc.table(overHeader, over, {0.4, 0.2, 0.2, 0.2}, {false, false, true, true});
    const track::Retrospective retro = track::retrospective(rows);
    std::vector<QStringList> months = track::monthRows(retro);
    const QStringList monthHeader = months.front();
    months.erase(months.begin());
    if (!months.empty())
        doc.table(monthHeader, months, {0.4, 0.3, 0.3}, {false, true, true});
    if (const QString text = track::retrospectiveText(retro); !text.isEmpty())
        doc.text(text + QLatin1Char('.'), font(9), kInk, 6);
}

/// What was measured: the runs, both fitted laws with their intervals, the chart, the runtime's
/// band when the plan uses the fitted p, and the trace the stage times came from.
void renderMeasured(Document &doc, const Scenario &s, const PlanResult &planResult, Charts &charts)
{
    const MeasuredSettings &measured = s.measured;
    const MeasuredSection &section = planResult.measured;
    doc.heading(tr("Measured runs and the fitted scaling laws"));
    // Asked for without content, the section says so rather than run into the next heading.
    if (measured.runs.runs.empty() && measured.traceFile.isEmpty() && s.track.history.isEmpty() &&
        s.track.calibration.jobs == 0)
        doc.text(tr("Nothing was measured for this plan: no runs were entered in the "
                    "Measured workspace and no profiler trace was read."),
                 font(9.5), kInk, 6);
    if (!measured.runs.runs.empty()) {
        std::vector<QStringList> runs = explain::runRows(measured.runs);
        const QStringList runsHeader = runs.front();
        runs.erase(runs.begin());
        doc.table(runsHeader, runs, {0.4, 0.6}, {true, true});
        if (!section.fit.problem.isEmpty())
            doc.text(section.fit.problem, font(9, true), QColor(0xc6, 0x28, 0x28), 6);
        const bool runtime = measured.runs.measure == fit::Measure::RuntimeSeconds;
        std::vector<QStringList> fitted =
            explain::fitRows(section.fit, runtime ? tr("runs/s") : tr("items/s"));
        if (fitted.size() > 1) {
            const QStringList fitHeader = fitted.front();
            fitted.erase(fitted.begin());
            doc.table(fitHeader, fitted, {0.1, 0.36, 0.16, 0.16, 0.22},
                      {false, false, true, true, true});
            doc.text(tr("Bounded nonlinear least squares (GSL): Amdahl X(N) = λN / (1 "
                        "+ (1 − p)(N − 1)), USL X(N) = λN / (1 + σ(N − 1) + κN(N − "
                        "1)); intervals value ± t(0.975, n − k) × standard error."),
                     font(8), kGrey, 6, true);
            charts.fit->setSeries(section.curve);
            doc.plot(charts.fit);
        }
        if (section.runtimeBand)
            doc.text(tr("The plan uses the fitted p: runtime %1.")
                         .arg(explain::runtimeBand(planResult.model.effectiveRuntimeSeconds,
                                                   section.runtimeBand->lowSeconds,
                                                   section.runtimeBand->highSeconds)),
                     font(9.5, true), kInk, 8);
    }
    if (!measured.traceFile.isEmpty()) {
        doc.text(tr("Times from the profiler trace %1, read %2:")
                     .arg(measured.traceFile, measured.traceReadAt),
                 font(9, true), kInk, 2, true);
        doc.text(measured.traceMapping.join(QLatin1Char('\n')), font(9), kInk, 8);
    }
    renderTrackRecord(doc, s);
}

void renderAmdahl(Document &doc, Charts &charts)
{
    doc.heading(tr("Amdahl's law"));
    doc.plot(charts.amdahl);
}

void renderLevers(Document &doc, Charts &charts)
{
    doc.heading(tr("Levers: runtime after each"));
    doc.plot(charts.waterfall);
}

void renderPipeline(Document &doc, Charts &charts)
{
    doc.heading(tr("Pipeline Gantt"));
    doc.plot(charts.gantt->plot());
    doc.heading(tr("Stage times"));
    doc.plot(charts.stages);
}

/// The simulated completion times and where the time goes (when a run is at hand).
void renderSimulation(Document &doc, Charts &charts, const PlanResult &result)
{
    const SimulatedTail *simulated = result.simulation.ready();
    if (!simulated || simulated->result.trials <= 0)
        return;
    const simulation::Result &sim = simulated->result;
    doc.heading(tr("Simulated completion time"));
    doc.table({tr("Trials"), tr("Mean"), tr("P50"), tr("P90"), tr("P99"), tr("No tail")},
              {{format::grouped(sim.trials, 0), format::duration(sim.meanSeconds),
                format::duration(sim.p50Seconds), format::duration(sim.p90Seconds),
                format::duration(sim.p99Seconds), format::duration(sim.closedFormSeconds)}},
              {0.1, 0.18, 0.18, 0.18, 0.18, 0.18}, std::vector<bool>(6, true), true);
    if (simulated->breakdown && !simulated->breakdown->cancelled) {
        std::vector<QStringList> rows = explain::breakdownRows(
            *simulated->breakdown, TailPanel::breakdownStartLabel(result.model.overheads.enabled));
        const QStringList header = rows.front();
        rows.erase(rows.begin());
        doc.table(header, rows, {0.5, 0.25, 0.25}, {false, true, true}, true);
    }
    charts.histogram->setResult(sim, sim.closedFormSeconds);
    doc.plot(charts.histogram);
}

/// The Overheads & tail workspace: overheads against workers, the memory check, the simulation.
void renderOverheadsAndTail(Document &doc, const Scenario &s, const PlanResult &result,
                            Charts &charts)
{
    const ScenarioResult &r = result.model;
    if (r.overheads.enabled) {
        doc.heading(tr("Overheads: runtime against workers"));
        doc.text(explain::overheads(s, r), font(8.5), kInk, 2, true);
        if (const QString knee = explain::kneeText(s, r.overheads); !knee.isEmpty())
            doc.text(knee, font(8.5, true), QColor(0xc6, 0x28, 0x28), 4, true);
        doc.plot(charts.overheads);
    }
    if (r.memory.checked)
        doc.text(r.memory.message, font(8.5), r.memory.fits ? kInk : QColor(0xc6, 0x28, 0x28));
    renderSimulation(doc, charts, result);
}

/// The schedules of the evaluated training section that could run (shared with the charts).
std::shared_ptr<std::vector<schedule::Result>> runnableSchedules(const TrainingSection &training)
{
    auto schedules = std::make_shared<std::vector<schedule::Result>>();
    for (const TrainingSchedule &entry : training.schedules) {
        if (entry.result)
            schedules->push_back(*entry.result);
    }
    return schedules;
}

/// The training pipeline: its settings, the schedules side by side, their Gantt and memory.
void renderTraining(Document &doc, const Scenario &s, const TrainingSection &training,
                    const std::shared_ptr<std::vector<schedule::Result>> &schedules, Charts &charts,
                    const Page &page)
{
    doc.heading(tr("Training pipeline schedules"));
    if (!reportplan::trainingEntered(s.training))
        doc.text(tr("Nothing was entered in the Training workspace: what follows is its "
                    "example pipeline, printed because this section was asked for."),
                 font(9, true), QColor(0xc6, 0x28, 0x28), 6);
    // The model of Hardware & cost trained on its device, when a device and a model are set.
    if (s.hardware.enabled && training.fromModel)
        doc.text(tr("From the model: ") +
                     explain::trainingFromModel(*training.fromModel, s.goal.currency),
                 font(9.5), kInk, 6);
    std::vector<QStringList> trainingInputs;
    for (const auto &[label, value] : explain::trainingRows(s.training))
        trainingInputs.push_back({label, value});
    doc.table({tr("Setting"), tr("Value")}, trainingInputs, {0.4, 0.6}, {false, false});
    for (const TrainingSchedule &entry : training.schedules) {
        if (!entry.result)
            doc.text(tr("%1 cannot run: %2").arg(schedule::displayName(entry.kind), entry.error),
                     font(8.5, true), QColor(0xc6, 0x28, 0x28), 4);
    }
    if (schedules->empty())
        return;
    std::vector<QStringList> compared = explain::scheduleTableRows(*schedules);
    const QStringList comparedHeader = compared.front();
    compared.erase(compared.begin());
    doc.table(comparedHeader, compared, {0.2, 0.14, 0.16, 0.18, 0.2, 0.12},
              {false, true, true, true, true, true});
    charts.schedules->setSchedules(schedules);
    // Rows stay readable: taller for more lanes and devices, within one page.
    const double rows =
        static_cast<double>(schedules->size()) * (std::min(s.training.devices, 16.0) + 1);
    const double ganttHeight = std::clamp(110 + rows * 22, kChartHeight * 0.8, page.height * 0.6);
    doc.heading(schedules->size() > 1 ? tr("Schedules compared on one time axis") : tr("Schedule"));
    doc.plot(charts.schedules, ganttHeight);
    charts.memory->setSchedule(firstRunnable(training.schedules));
    doc.heading(tr("Activations held per device: %1")
                    .arg(schedule::displayName(schedules->front().params.kind)));
    doc.plot(charts.memory);
}

/// The task table: three-point estimates and PERT per task.
void renderTasks(Document &doc, const ProjectSettings &project, const ProjectSection &section)
{
    std::vector<QStringList> taskRows;
    for (std::size_t i = 0; i < project.tasks.size(); ++i) {
        const estimate::Task &task = project.tasks[i];
        const estimate::TaskStats &stats = section.taskStats[i];
        const double perUnit = estimate::hoursPer(task.unit);
        const QString unit = QLatin1Char(' ') + estimate::unitKey(task.unit);
        QStringList depends;
        for (int d : task.dependsOn)
            depends << QString::number(d + 1);
        taskRows.push_back({QString::number(i + 1) + QStringLiteral(". ") + task.name,
                            estimate::categoryKey(task.category),
                            format::trimmed(task.optimistic, 3) + QStringLiteral(" / ") +
                                format::trimmed(task.mostLikely, 3) + QStringLiteral(" / ") +
                                format::trimmed(task.pessimistic, 3) + unit,
                            depends.join(QStringLiteral(", ")),
                            format::trimmed(stats.pertMeanHours / perUnit, 2) + unit,
                            format::trimmed(stats.pertSigmaHours / perUnit, 2) + unit});
    }
    doc.table({tr("Task"), tr("Category"), tr("Optimistic / likely / pessimistic"), tr("After"),
               tr("PERT mean"), tr("PERT σ")},
              taskRows, {0.3, 0.12, 0.22, 0.08, 0.14, 0.14},
              {false, false, true, false, true, true});
}

/// The buffers and Monte Carlo settings the plan below uses.
void renderBuffers(Document &doc, const ProjectSettings &project)
{
    const estimate::Buffers &bf = project.buffers;
    doc.text(tr("Buffers: labeling +%1 %, training +%2 %, optimization +%3 %, research "
                "+%4 %, other +%5 %, then a project contingency of +%6 %. Monte Carlo: "
                "%7 trials, seed %8, %9.")
                 .arg(format::trimmed(bf.labeling * 100, 1), format::trimmed(bf.training * 100, 1),
                      format::trimmed(bf.optimization * 100, 1),
                      format::trimmed(bf.research * 100, 1), format::trimmed(bf.other * 100, 1),
                      format::trimmed(bf.contingency * 100, 1),
                      format::grouped(project.monteCarlo.trials, 0))
                 .arg(project.monteCarlo.seed)
                 .arg(project.monteCarlo.distribution == estimate::Distribution::Triangular
                          ? tr("triangular")
                          : tr("PERT-beta")),
             font(8.5), kInk, 6);
}

/// PERT and the Monte Carlo, without and with buffers, and the Monte Carlo's distribution.
/// `distribution`: false when the summary page drew it already.
void renderPlanEstimate(Document &doc, const estimate::PlanEstimate &projectPlan, Charts &charts,
                        bool distribution)
{
    const double largest = projectPlan.monteCarloBuffered.maxHours;
    const std::pair<QString, std::pair<double, double>> planRows[] = {
        {tr("PERT mean"), {projectPlan.pert.meanHours, projectPlan.pertBuffered.meanHours}},
        {tr("PERT σ"), {projectPlan.pert.sigmaHours, projectPlan.pertBuffered.sigmaHours}},
        {tr("Monte Carlo mean"),
         {projectPlan.monteCarlo.meanHours, projectPlan.monteCarloBuffered.meanHours}},
        {tr("P50"), {projectPlan.monteCarlo.p50Hours, projectPlan.monteCarloBuffered.p50Hours}},
        {tr("P80"), {projectPlan.monteCarlo.p80Hours, projectPlan.monteCarloBuffered.p80Hours}},
        {tr("P90"), {projectPlan.monteCarlo.p90Hours, projectPlan.monteCarloBuffered.p90Hours}},
        {tr("P95"), {projectPlan.monteCarlo.p95Hours, projectPlan.monteCarloBuffered.p95Hours}},
    };
    std::vector<QStringList> planTable;
    for (const auto &[label, values] : planRows)
        planTable.push_back(
            {label, planDuration(values.first, largest), planDuration(values.second, largest)});
    doc.heading(tr("The plan without and with buffers"));
    doc.table({tr("Quantity"), tr("Without buffers"), tr("With buffers")}, planTable,
              {0.4, 0.3, 0.3}, {false, true, true});
    if (!distribution)
        return;
    doc.heading(tr("Plan duration, Monte Carlo (without buffers)"));
    charts.estimate->setResult(projectPlan.monteCarlo);
    doc.plot(charts.estimate);
}

void renderLabeling(Document &doc, const ProjectSettings &project,
                    const estimate::LabelingEstimate &lab)
{
    doc.heading(tr("Labeling effort"));
    QStringList strata;
    for (const estimate::Stratum &st : project.labeling.strata)
        strata << tr("%1: %2 at %3 min")
                      .arg(st.name,
                           st.count ? format::grouped(*st.count, 0)
                                    : format::trimmed(st.share.value_or(0) * 100, 1) +
                                          QStringLiteral(" %"),
                           format::trimmed(st.minutesPerItem, 2));
    doc.text(tr("%1 items; %2; QC sampling %3 %; contingency %4 %.")
                 .arg(format::grouped(lab.items, 0), strata.join(QStringLiteral("; ")),
                      format::trimmed(project.labeling.qcSampleRate * 100, 1),
                      format::trimmed(project.labeling.contingency * 100, 1)),
             font(8.5), kInk, 4, true);
    doc.table(
        {tr("Base"), tr("QC"), tr("Adjudication"), tr("Ramp-up"), tr("Total"), tr("Cost")},
        {{format::grouped(lab.baseHours, 0) + QStringLiteral(" h"),
          format::grouped(lab.qcHours, 0) + QStringLiteral(" h"),
          format::grouped(lab.adjudicationHours, 0) + QStringLiteral(" h"),
          format::grouped(lab.rampUpHours, 0) + QStringLiteral(" h"),
          format::grouped(lab.totalHours, 0) + QStringLiteral(" h"), format::grouped(lab.cost, 2)}},
        {0.16, 0.16, 0.18, 0.16, 0.18, 0.16}, std::vector<bool>(6, true));
}

void renderJobEta(Document &doc, const ProjectSettings &project, const estimate::JobEta &eta)
{
    doc.heading(tr("Training job ETA from a canary"));
    doc.text(
        tr("%1 samples/s measured, %2 samples × %3 epochs: ETA %4; request %5 of "
           "wall time (× %6); %7 every %8 min.")
            .arg(format::grouped(project.jobEta.samplesPerSecond, 2),
                 format::grouped(project.jobEta.datasetSamples, 0),
                 format::trimmed(project.jobEta.epochs, 2), format::duration(eta.etaSeconds),
                 format::duration(eta.wallTimeMinutes * 60),
                 format::trimmed(project.jobEta.safetyFactor, 2),
                 format::plural(tr("%n checkpoint(s)", nullptr, format::numerus(eta.checkpoints)),
                                eta.checkpoints),
                 format::trimmed(project.jobEta.checkpointMinutes, 1)),
        font(9), kInk, 6);
}

/// Estimated against actual, when finished tasks are logged.
void renderActuals(Document &doc, const ProjectSettings &project,
                   const ProjectSection &projectResult, Charts &charts)
{
    // The typed entries, then the done tasks (ProjectSection::logged).
    const std::vector<estimate::ActualEntry> &logged = projectResult.logged;
    if (logged.empty() || !projectResult.accuracy)
        return;
    const estimate::Accuracy &acc = *projectResult.accuracy;
    doc.heading(tr("Estimated vs actual"));
    std::vector<QStringList> log;
    for (std::size_t i = 0; i < logged.size(); ++i) {
        const estimate::ActualEntry &entry = logged[i];
        const QString name =
            i < project.actuals.size() ? entry.name : entry.name + tr(" (task done)");
        log.push_back(
            {name, format::trimmed(entry.estimate, 3), format::trimmed(entry.actual, 3),
             format::trimmed(acc.absolutePercentageErrors[i] * 100, 1) + QStringLiteral(" %")});
    }
    // The window's headers: the log holds numbers in whatever unit the person logs them.
    doc.table(
        {tr("Task or job"), tr("Estimate (your unit)"), tr("Actual (same unit)"), tr("Error")}, log,
        {0.46, 0.18, 0.18, 0.18}, {false, true, true, true});
    doc.text(tr("Median absolute percentage error (MdAPE): %1 %")
                 .arg(format::trimmed(acc.medianApe * 100, 1)),
             font(9, true), kInk, 4, true);
    charts.accuracy->setEntries(logged);
    doc.plot(charts.accuracy);
}

QString reportDate(QDate date)
{
    return QLocale::c().toString(date, QStringLiteral("ddd d MMM yyyy"));
}

/// The plan on the calendar: the finish dates, the task Gantt, what drives the risk
/// (criticality and the tornado) and, for a plan with progress, the burn-up.
void renderSchedule(Document &doc, const ProjectSettings &project, const ProjectSection &section,
                    const estimate::PlanEstimate &projectPlan, const ProjectCharts &drawn,
                    Charts &charts)
{
    if (section.forecast) {
        const estimate::Pace &pace = section.pace;
        doc.heading(tr("Forecast from what is done"));
        doc.text(tr("Status as of %1: %2 of %3 tasks done. The done tasks took %4 h "
                    "against %5 h estimated (pace %6)%7. The percentiles below are "
                    "the remaining work, run from the status date.")
                     .arg(reportDate(*section.statusDate))
                     .arg(pace.doneTasks)
                     .arg(project.tasks.size())
                     .arg(format::grouped(pace.actualHours, 1),
                          format::grouped(pace.estimateHours, 1), format::trimmed(pace.ratio(), 2),
                          section.paceRatio != 1.0 ? tr(", applied to every remaining task")
                                                   : tr(", not applied")),
                 font(9), kInk, 4);
    }
    if (const std::optional<ProjectDates> &dates = drawn.dates) {
        doc.heading(tr("Finish dates"));
        doc.text(tr("Working %1, %2 h a day%3; start %4.")
                     .arg(workingDaysText(project.calendar.workingDays),
                          format::trimmed(project.calendar.hoursPerDay, 1),
                          project.calendar.holidays.empty()
                              ? QString()
                              : tr(", %1 holidays").arg(project.calendar.holidays.size()),
                          reportDate(dates->start)),
                 font(9), kInk, 4, true);
        const std::pair<QString, std::pair<QDate, QDate>> rows[] = {
            {tr("PERT mean"), {dates->pertFinish, dates->pertBufferedFinish}},
            {tr("P50"), {dates->monteCarlo.p50, dates->monteCarloBuffered.p50}},
            {tr("P80"), {dates->monteCarlo.p80, dates->monteCarloBuffered.p80}},
            {tr("P90"), {dates->monteCarlo.p90, dates->monteCarloBuffered.p90}},
            {tr("P95"), {dates->monteCarlo.p95, dates->monteCarloBuffered.p95}},
        };
        std::vector<QStringList> table;
        for (const auto &[label, pair] : rows)
            table.push_back({label, reportDate(pair.first), reportDate(pair.second)});
        doc.table({tr("Finish"), tr("Without buffers"), tr("With buffers")}, table,
                  {0.3, 0.35, 0.35}, {false, true, true});
    }
    if (drawn.gantt) {
        doc.heading(tr("Task Gantt"));
        charts.taskGantt->setGantt(*drawn.gantt);
        doc.plot(charts.taskGantt);
    }
    const estimate::MonteCarloResult &mc = projectPlan.monteCarlo;
    if (!mc.criticality.empty()) {
        doc.heading(tr("What drives the risk"));
        // The most critical tasks first, at most kRiskRows of them: a 10,000-task plan's table
        // would fill hundreds of pages.
        constexpr size_t kRiskRows = 20;
        std::vector<size_t> order(std::min(project.tasks.size(), mc.criticality.size()));
        for (size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&mc](size_t a, size_t b) {
            return mc.criticality[a] > mc.criticality[b];
        });
        const size_t listed = order.size();
        if (order.size() > kRiskRows)
            order.resize(kRiskRows);
        std::vector<QStringList> rows;
        std::vector<const estimate::TornadoBar *> bars(project.tasks.size(), nullptr);
        for (const estimate::TornadoBar &bar : mc.tornado)
            bars[static_cast<size_t>(bar.task)] = &bar;
        const double largest = projectPlan.monteCarloBuffered.maxHours;
        for (size_t i : order) {
            if (i >= mc.criticality.size())
                break;
            const estimate::TornadoBar *bar = bars[i];
            rows.push_back({QString::number(i + 1) + QStringLiteral(". ") + project.tasks[i].name,
                            format::trimmed(100.0 * mc.criticality[i], 1) + QStringLiteral(" %"),
                            bar ? planDuration(bar->p90LowHours, largest) : QStringLiteral("—"),
                            bar ? planDuration(bar->p90HighHours, largest) : QStringLiteral("—")});
        }
        doc.table({tr("Task"), tr("Critical (% of trials)"), tr("P90, task optimistic"),
                   tr("P90, task pessimistic")},
                  rows, {0.4, 0.2, 0.2, 0.2}, {false, true, true, true});
        if (listed > order.size())
            doc.text(tr("The %1 most critical of %2 tasks.").arg(order.size()).arg(listed), font(9),
                     kInk, 4);
        if (!mc.tornado.empty()) {
            doc.heading(tr("Tornado: the P90 finish with each task at its ends"));
            charts.tornado->setTornado(mc.tornado, section.simulated, mc.p90Hours);
            doc.plot(charts.tornado);
        } else if (!mc.tornadoNote.isEmpty()) {
            doc.text(mc.tornadoNote, font(9), kInk, 4);
        }
    }
    if (section.forecast && project.startDate) {
        if (drawn.burnUp) {
            doc.heading(tr("Burn-up: plan, progress and forecast"));
            charts.burnUp->setBurnUp(*drawn.burnUp, *project.startDate);
            doc.plot(charts.burnUp);
        }
    }
}

/// The project around the pipeline (seed 003), after what precedes it: a page break before it
/// would leave that page's foot blank.
/// `distributionOnSummary`: the summary page drew the plan's distribution, which is not drawn
/// twice.
void renderProject(Document &doc, const ProjectSettings &project,
                   const ProjectSection &projectResult, const estimate::PlanEstimate &projectPlan,
                   const ProjectCharts &drawn, Charts &charts, bool distributionOnSummary)
{
    doc.heading(tr("Project estimate"));
    if (!reportplan::projectEntered(project))
        doc.text(tr("Nothing was entered in the Project workspace: what follows is its "
                    "example (an OCR service), printed because this section "
                    "was asked for. It is not an estimate of this plan."),
                 font(9, true), QColor(0xc6, 0x28, 0x28), 6);
    renderTasks(doc, project, projectResult);
    renderBuffers(doc, project);
    renderPlanEstimate(doc, projectPlan, charts, !distributionOnSummary);
    renderSchedule(doc, project, projectResult, projectPlan, drawn, charts);
    // The calculators beside the tasks print only when used (or when the whole workspace is the
    // example asked for above).
    const bool example = !reportplan::projectEntered(project);
    if (example || reportplan::labelingEntered(project))
        renderLabeling(doc, project, projectResult.labeling);
    if (example || reportplan::jobEtaEntered(project))
        renderJobEta(doc, project, projectResult.jobEta);
    renderActuals(doc, project, projectResult, charts);
}

/// The closing section: how to check every number, each formula filled in with this plan's values.
/// Only the formulas of the sections printed: a training or project formula filled in with a
/// workspace's example values would be the fabricated estimate the sections leave out.
void renderFormulas(Document &doc, const Scenario &s, const PlanResult &planResult, bool job,
                    const estimate::PlanEstimate *projectPlan,
                    const std::vector<schedule::Result> *schedules)
{
    const ScenarioResult &r = planResult.model;
    const estimate::LabelingEstimate &lab = planResult.project.labeling;
    const ProjectSettings &project = s.project;
    doc.heading(tr("Formulas used"));
    const CountedNoun &noun = s.workload.counted;
    std::vector<std::pair<QString, QString>> jobFormulas = {
        {tr("Total predictions = %1 × keep fraction × predictions per %2").arg(noun.many, noun.one),
         explain::totalPredictions(s, r)},
        {tr("Cost per %1: the sum of the stages (sequential) or the slowest stage "
            "(pipelined); the scoring stage is predictions × latency, or the batched "
            "time")
             .arg(noun.one),
         explain::perUserCost(s, r)},
        {tr("Runtime = %1 scored × cost per %2 ÷ S(p, N); years are 365.25 days")
             .arg(noun.many, noun.one),
         explain::runtime(s, r)},
        {tr("Amdahl's law: S(p, N) = 1 / ((1 − p) + p / N), ceiling 1 / (1 − p)"),
         explain::speedup(s, r)},
        {tr("Throughput = %1 scored ÷ runtime").arg(noun.many), explain::throughput(s, r)},
        {tr("Pipeline bubble = (p − 1) / (m + p − 1); total time = sum of stages + "
            "(m − 1) × slowest stage; steady rate = 1 / slowest stage"),
         tr("%1, %2: bubble %3, total %4")
             .arg(format::plural(tr("%n stage(s)", nullptr,
                                    format::numerus(static_cast<double>(s.stages.size()))),
                                 static_cast<double>(s.stages.size())),
                  format::plural(tr("%n microbatch(es)", nullptr, format::numerus(s.microbatches)),
                                 s.microbatches),
                  format::grouped(r.pipeline.bubbleFraction, 3),
                  format::milliseconds(r.pipeline.totalMs))},
        {tr("With overheads: T(N) = cold start + max(W′ / S(p, N), %1 ÷ shared "
            "cap, shards ÷ dispatch cap), W′ including the per-request overhead")
             .arg(noun.many),
         r.overheads.enabled ? explain::overheads(s, r) : tr("no overheads set")},
    };
    // The job's formulas filled in with an untouched example job would be its fabricated
    // estimate again.
    std::vector<std::pair<QString, QString>> formulas;
    if (job)
        formulas = std::move(jobFormulas);
    if (schedules)
        formulas.emplace_back(
            tr("Training schedules: each op starts when its device is free and its input "
               "is ready; bubble = 1 − busy / (p × makespan), bubble ratio = idle ÷ ideal "
               "time. Uniform times: GPipe and 1F1B (m + p − 1)(F + B + W), interleaved "
               "m(F + B + W) + (p − 1)(F + B + W) / v, ZB-H1 m(F + B + W) + (p − 1)(F + "
               "B − W)"),
            schedules->empty() ? tr("no schedule could run")
                               : ScheduleChart::captionOf(schedules->front()));
    if (projectPlan) {
        const double largest = projectPlan->monteCarloBuffered.maxHours;
        formulas.emplace_back(
            tr("Project: PERT mean (a + 4m + b) / 6, σ (b − a) / 6 per task; the plan "
               "along the critical path, σ the root of the summed variances; Monte "
               "Carlo draws each task from a PERT-beta (or triangular) on [a, b] and "
               "takes the longest path; buffers scale each task by its category, then "
               "the total by the contingency"),
            tr("PERT %1 ± %2, P50 %3, P90 %4 (without buffers)")
                .arg(planDuration(projectPlan->pert.meanHours, largest),
                     planDuration(projectPlan->pert.sigmaHours, largest),
                     planDuration(projectPlan->monteCarlo.p50Hours, largest),
                     planDuration(projectPlan->monteCarlo.p90Hours, largest)));
    }
    if (projectPlan &&
        (reportplan::labelingEntered(project) || !reportplan::projectEntered(project))) {
        formulas.emplace_back(
            tr("Labeling: base = Σ N_s t_s / 60; QC = q Σ N_s t_review / 60; total = "
               "(base + QC + adjudication + ramp-up) × (1 + C)"),
            tr("%1 h + %2 h QC + %3 h + %4 h, × %5 = %6 h")
                .arg(format::grouped(lab.baseHours, 0), format::grouped(lab.qcHours, 0),
                     format::grouped(lab.adjudicationHours, 0), format::grouped(lab.rampUpHours, 0),
                     format::trimmed(1 + project.labeling.contingency, 2),
                     format::grouped(lab.totalHours, 0)));
    }
    for (const auto &[formula, filled] : formulas) {
        doc.text(formula, font(9, true), kInk, 1, true);
        doc.text(filled, font(8.5), kGrey, 8);
    }
}

void renderAssumptions(Document &doc, const CountedNoun &noun)
{
    doc.heading(tr("Assumptions"));
    const QString assumptions[] = {
        tr("Near-linear scaling: the naive model divides the work by the workers; "
           "Amdahl's p keeps a serial share (model load, the driver writing results, "
           "a coordinator) that no worker count shrinks."),
        tr("The overheads, when set, are a batch job's usual ones: a cold start per "
           "worker, network and serialization per request, a shared resource (a "
           "feature store) and a coordinator that cap throughput whatever the number "
           "of workers. Everything else (retries, stragglers) is left to the "
           "simulation."),
        tr("Latency per prediction is the job as it runs today; the accelerator lever "
           "replaces it with the accelerator's latency; batched time per %1 "
           "replaces predictions × latency; pre-filtering removes %2 before they "
           "enter the pipeline.")
            .arg(noun.one, noun.many),
        tr("Pipeline stages run one microbatch at a time each, in order; the bubble "
           "is the fill and drain time while stages wait."),
    };
    for (const QString &assumption : assumptions)
        doc.text(QStringLiteral("• ") + assumption, font(9), kInk, 5);
}

} // namespace

QPageSize::PageSizeId defaultPageSize(const QLocale &locale)
{
    switch (locale.territory()) {
    case QLocale::UnitedStates:
    case QLocale::Canada:
    case QLocale::Mexico:
    case QLocale::Philippines:
    case QLocale::Chile:
    case QLocale::Colombia:
    case QLocale::Venezuela:
    case QLocale::PuertoRico:
        return QPageSize::Letter;
    default:
        return QPageSize::A4;
    }
}

std::vector<ReportSection> sectionsFor(const Plan &plan, const PlanResult &result,
                                       const Options &options)
{
    if (options.sections)
        return reportsections::normalized(*options.sections);
    return reportplan::sectionsFor(plan, result, reportplan::contextOf(result));
}

Backgrounds backgroundsFor(const Plan &plan, const PlanResult &result, const Options &options)
{
    Backgrounds needed;
    for (ReportSection section : sectionsFor(plan, result, options)) {
        // The summary answers the project's and the training pipeline's questions from their
        // runs too.
        if (section == ReportSection::Summary) {
            // A deadline's verdict names the simulated P50 beside the closed form's.
            if (summary::asks(plan.scenario, summary::Question::Job) &&
                plan.scenario.goal.deadlineSeconds && !result.simulation.ready() &&
                result.tail.simulationError.isEmpty())
                needed |= Background::Simulation;
            if (summary::asks(plan.scenario, summary::Question::Project) &&
                !result.monteCarlo.ready())
                needed |= Background::MonteCarlo;
            if (summary::asks(plan.scenario, summary::Question::Training) &&
                trainingSearching(result.training.schedules))
                needed |= Background::TrainingSearch;
        }
        if (section == ReportSection::GoalSeek && !result.goalSeek.ready() && result.tail.goal)
            needed |= Background::GoalSeek;
        if (section == ReportSection::Project && !result.monteCarlo.ready())
            needed |= Background::MonteCarlo;
        if (section == ReportSection::Training && trainingSearching(result.training.schedules))
            needed |= Background::TrainingSearch;
    }
    return needed;
}

void complete(PlanResult &result, const Plan &plan, const Options &options)
{
    completeBackground(result, plan, backgroundsFor(plan, result, options));
}

namespace {
/// `result`, or a copy of it with the background sections the report prints completed (the
/// window's run that has not finished yet): never an evaluation of the plan.
const PlanResult &completed(const Plan &plan, const PlanResult &result, const Options &options,
                            std::optional<PlanResult> &copy)
{
    const Backgrounds needed = backgroundsFor(plan, result, options);
    if (needed == Background::None)
        return result;
    copy = result;
    completeBackground(*copy, plan, needed);
    return *copy;
}
} // namespace

namespace {

/// Every block of the report for pages `page` wide: the chosen sections, in report order, from
/// the plan's one evaluation (the window's, or the CLI's) with the background sections they
/// print completed: every section reads it, nothing is evaluated again. `chartHeightsPx`: as
/// Document's.
Document build(QPaintDevice *device, const Plan &plan, const PlanResult &planResult,
               const Options &options, const Page &page, std::vector<int> chartHeightsPx)
{
    // The scenario as evaluated (the device's latency and price in force): what the formulas
    // explain. The inputs print what was typed.
    const Scenario &s = planResult.inForce;
    const ScenarioResult &r = planResult.model;
    const explain::Headline h = explain::headline(s, r);
    const std::vector<ReportSection> chosen =
        options.sections
            ? reportsections::normalized(*options.sections)
            : reportplan::sectionsFor(plan, planResult, reportplan::contextOf(planResult));
    auto has = [&chosen](ReportSection section) {
        return std::find(chosen.begin(), chosen.end(), section) != chosen.end();
    };
    Document doc(device, page.width, std::move(chartHeightsPx));
    Charts charts(planResult, static_cast<int>(page.width));

    renderTitle(doc, s, options, !has(ReportSection::Summary));
    const bool asksJob = summary::asks(s, summary::Question::Job);
    if (has(ReportSection::Summary))
        renderSummary(doc, s, planResult, charts);
    if (has(ReportSection::Inputs)) {
        renderHeadline(doc, s, r, h, planResult.measured.runtimeBand);
        renderRanges(doc, s, planResult.uncertainty.result, charts);
        renderInputs(doc, plan.scenario);
    }
    if (has(ReportSection::Scaling)) {
        renderScalingTable(doc, plan, planResult);
        renderWhatItTakes(doc, planResult.whatItTakes, planResult.plane, charts);
        renderOptions(doc, planResult.options);
        renderComparison(doc, plan, planResult, h);
    }
    if (has(ReportSection::Amdahl))
        renderAmdahl(doc, charts);
    // The summary page drew the job's waterfall already; a pipeline's summary drew its Gantt,
    // and its levers come here.
    const bool summaryAnswersJob = has(ReportSection::Summary) && asksJob;
    const bool leversOnSummary = summaryAnswersJob && !showsPipeline(s);
    if ((has(ReportSection::Levers) || summaryAnswersJob) && !leversOnSummary)
        renderLevers(doc, charts);
    if (has(ReportSection::Pipeline))
        renderPipeline(doc, charts);
    if (has(ReportSection::Measured))
        renderMeasured(doc, s, planResult, charts);
    if (has(ReportSection::Hardware))
        renderHardware(doc, s, planResult, charts);
    if (has(ReportSection::Overheads))
        renderOverheadsAndTail(doc, s, planResult, charts);
    if (has(ReportSection::GoalSeek)) {
        // The window's finished run, else the same seek `pipeplan-cli deadline FILE` runs.
        renderGoalSeek(doc, s, planResult.tail, planResult.model.cost, planResult.goalSeek.ready(),
                       planResult.uncertainty.result);
    }
    const auto schedules = runnableSchedules(planResult.training);
    if (has(ReportSection::Training))
        renderTraining(doc, s, planResult.training, schedules, charts, page);
    // The project's Monte Carlo: the window's finished run, else completed above with the plan's
    // own PERT.
    const estimate::PlanEstimate *projectPlan =
        has(ReportSection::Project) ? planResult.monteCarlo.ready() : nullptr;
    if (projectPlan)
        renderProject(doc, s.project, planResult.project, *projectPlan, planResult.projectCharts,
                      charts,
                      has(ReportSection::Summary) && summary::asks(s, summary::Question::Project));
    if (has(ReportSection::Formulas)) {
        renderFormulas(doc, s, planResult, asksJob, projectPlan,
                       has(ReportSection::Training) ? schedules.get() : nullptr);
        if (asksJob)
            renderAssumptions(doc, s.workload.counted);
    }
    return doc;
}

Page pageOf(const QPaintDevice *device)
{
    return {static_cast<double>(device->width()), static_cast<double>(device->height())};
}

/// The report's blocks and where they land on the pages.
struct LaidOut
{
    Document doc;
    Document::Pages pages;
    double bodyHeight;
};

/// Lays the report out twice: first with every plot at its own height, which settles how tall
/// each one can be on its page; then with each plot drawn at that height (a plot drawn again at
/// its size keeps its text's shape, where a stretched picture would not).
LaidOut layOut(QPaintDevice *device, const Plan &plan, const PlanResult &given,
               const Options &options)
{
    std::optional<PlanResult> copy;
    const PlanResult &planResult = completed(plan, given, options, copy);
    const Page page = pageOf(device);
    const double bodyHeight = page.height - kFooterHeight;
    const Document first = build(device, plan, planResult, options, page, {});
    LaidOut out{build(device, plan, planResult, options, page,
                      first.chartHeights(first.layout(bodyHeight))),
                {},
                bodyHeight};
    out.pages = out.doc.layout(bodyHeight);
    return out;
}

} // namespace

int render(QPagedPaintDevice *device, const Plan &plan, const PlanResult &result,
           const Options &options)
{
    QPainter painter(device);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    const LaidOut out = layOut(device, plan, result, options);
    Document::draw(device, painter, out.pages, pageOf(device).height, out.doc.width(),
                   QStringLiteral("PipePlan %1 · %2")
                       .arg(QLatin1String(PIPEPLAN_VERSION), plan.scenario.name));
    return static_cast<int>(out.pages.size());
}

namespace {
void setUp(QPdfWriter &writer, const Plan &plan, const Options &options)
{
    writer.setResolution(96); // charts and text in the window's units (see qt-notes)
    writer.setPageSize(QPageSize(options.pageSize));
    writer.setPageMargins(QMarginsF(15, 15, 15, 12), QPageLayout::Millimeter);
    writer.setTitle(tr("PipePlan report: %1").arg(plan.scenario.name));
    writer.setCreator(QStringLiteral("PipePlan ") + QLatin1String(PIPEPLAN_VERSION));
}
} // namespace

QByteArray pdfBytes(const Plan &plan, const PlanResult &result, const Options &options)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        setUp(writer, plan, options);
        render(&writer, plan, result, options);
    }
    return bytes;
}

std::vector<PageFill> pageFills(const Plan &plan, const PlanResult &result, const Options &options)
{
    QByteArray unused;
    QBuffer buffer(&unused);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    setUp(writer, plan, options);
    const LaidOut out = layOut(&writer, plan, result, options);
    std::vector<PageFill> fills;
    for (const std::vector<Document::Placed> &page : out.pages) {
        PageFill fill;
        fill.bodyHeight = out.bodyHeight;
        for (const Document::Placed &placed : page) {
            fill.usedHeight = std::max(fill.usedHeight, placed.rect.bottom());
            if (placed.block < 0)
                continue; // a table's header again
            ++fill.blocks;
            if (out.doc.isChart(placed.block))
                ++fill.charts;
        }
        fills.push_back(fill);
    }
    return fills;
}

QString writePdf(const Plan &plan, const PlanResult &result, const QString &path,
                 const Options &options)
{
    // Rendered whole in memory first: a failed write (a full disk) leaves the old file as it was.
    if (const QString problem = fileio::writeAtomically(path, pdfBytes(plan, result, options));
        !problem.isEmpty())
        return QStringLiteral("%1: %2").arg(path, problem);
    return {};
}

QString formatKey(Format format)
{
    switch (format) {
    case Format::Pdf:
        return QStringLiteral("pdf");
    case Format::Html:
        return QStringLiteral("html");
    case Format::Markdown:
        return QStringLiteral("markdown");
    case Format::Csv:
        return QStringLiteral("csv");
    case Format::TabSeparated:
        return QStringLiteral("tsv");
    }
    return {};
}

std::optional<Format> formatFromKey(const QString &key)
{
    for (Format format :
         {Format::Pdf, Format::Html, Format::Markdown, Format::Csv, Format::TabSeparated}) {
        if (key.compare(formatKey(format), Qt::CaseInsensitive) == 0)
            return format;
    }
    if (key.compare(QLatin1String("md"), Qt::CaseInsensitive) == 0)
        return Format::Markdown;
    return std::nullopt;
}

Format formatForPath(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("html") || suffix == QLatin1String("htm"))
        return Format::Html;
    if (suffix == QLatin1String("md") || suffix == QLatin1String("markdown"))
        return Format::Markdown;
    if (suffix == QLatin1String("csv"))
        return Format::Csv;
    if (suffix == QLatin1String("tsv") || suffix == QLatin1String("txt"))
        return Format::TabSeparated;
    return Format::Pdf;
}

QString formatSuffix(Format format)
{
    switch (format) {
    case Format::Pdf:
        return QStringLiteral(".pdf");
    case Format::Html:
        return QStringLiteral(".html");
    case Format::Markdown:
        return QStringLiteral(".md");
    case Format::Csv:
        return QStringLiteral(".csv");
    case Format::TabSeparated:
        return QStringLiteral(".tsv");
    }
    return {};
}

namespace {

QString htmlEscaped(const QString &text)
{
    return text.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"));
}

/// A chart as a PNG at twice its size (sharp on a high-density screen), as a data URI.
QString pngDataUri(const QPicture &picture, QSize size)
{
    QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.scale(2, 2);
        painter.drawPicture(QPointF(0, 0), picture);
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return QStringLiteral("data:image/png;base64,") + QString::fromLatin1(bytes.toBase64());
}

QString htmlText(const std::vector<Document::Element> &elements, const QString &name)
{
    using Kind = Document::Element::Kind;
    QString html =
        QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                       "<title>%1</title>\n<style>\n"
                       "body { font-family: 'DejaVu Sans', sans-serif; color: #1b1f24; max-width: "
                       "60em; margin: 2em auto; line-height: 1.4; }\n"
                       "table { border-collapse: collapse; margin: 0.5em 0 1em; }\n"
                       "th, td { border-bottom: 1px solid #d0d4d9; padding: 0.25em 0.6em; "
                       "vertical-align: top; }\n"
                       "th { background: #eef1f5; text-align: left; }\n"
                       ".muted { color: #5f666d; font-size: 0.9em; }\n"
                       "img { max-width: 100%; height: auto; }\n"
                       "</style>\n</head>\n<body>\n")
            .arg(tr("PipePlan report: %1").arg(name).toHtmlEscaped());
    for (const Document::Element &e : elements) {
        switch (e.kind) {
        case Kind::Title:
            html += QStringLiteral("<h1>%1</h1>\n").arg(htmlEscaped(e.text));
            break;
        case Kind::Heading:
            html += QStringLiteral("<h2>%1</h2>\n").arg(htmlEscaped(e.text));
            break;
        case Kind::Paragraph:
            html += e.muted ? QStringLiteral("<p class=\"muted\">%1</p>\n").arg(htmlEscaped(e.text))
                    : e.strong
                        ? QStringLiteral("<p><strong>%1</strong></p>\n").arg(htmlEscaped(e.text))
                        : QStringLiteral("<p>%1</p>\n").arg(htmlEscaped(e.text));
            break;
        case Kind::Table:
            html += tabletext::html(e.rows) + QLatin1Char('\n');
            break;
        case Kind::Chart:
            html += QStringLiteral("<p><img src=\"%1\" width=\"%2\" alt=\"%3\"></p>\n")
                        .arg(pngDataUri(e.picture, e.size))
                        .arg(e.size.width())
                        .arg(e.text.toHtmlEscaped());
            break;
        }
    }
    return html + QStringLiteral("</body>\n</html>\n");
}

QString markdownText(const std::vector<Document::Element> &elements)
{
    using Kind = Document::Element::Kind;
    QString markdown;
    for (const Document::Element &e : elements) {
        switch (e.kind) {
        case Kind::Title:
            markdown += QStringLiteral("# %1\n\n").arg(e.text);
            break;
        case Kind::Heading:
            markdown += QStringLiteral("## %1\n\n").arg(e.text);
            break;
        case Kind::Paragraph: {
            // Markdown joins lines: a line break in the notes stays one.
            const QString text = QString(e.text).replace(QLatin1Char('\n'), QStringLiteral("  \n"));
            markdown += (e.strong  ? QStringLiteral("**%1**")
                         : e.muted ? QStringLiteral("*%1*")
                                   : QStringLiteral("%1"))
                            .arg(text) +
                        QStringLiteral("\n\n");
            break;
        }
        case Kind::Table:
            markdown += tabletext::markdown(e.rows) + QLatin1Char('\n');
            break;
        case Kind::Chart:
            markdown += QStringLiteral("*%1*\n\n")
                            .arg(tr("Chart: %1 (drawn in the PDF and HTML report).").arg(e.text));
            break;
        }
    }
    return markdown;
}

/// The report's tables alone, each under its heading and a blank line apart.
QString tablesText(const std::vector<Document::Element> &elements, bool commaSeparated)
{
    QString text;
    for (const Document::Element &e : elements) {
        if (e.kind != Document::Element::Kind::Table)
            continue;
        if (!text.isEmpty())
            text += commaSeparated ? QStringLiteral("\r\n") : QStringLiteral("\n");
        std::vector<QStringList> rows{{e.text}};
        rows.insert(rows.end(), e.rows.begin(), e.rows.end());
        text += commaSeparated ? csv::write(rows) : csv::tabSeparated(rows);
    }
    return text;
}

} // namespace

QString text(const Plan &plan, const PlanResult &result, const Options &options, Format format)
{
    // The PDF's own blocks, laid out for its page, so every format holds the same report.
    QByteArray unused;
    QBuffer buffer(&unused);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    setUp(writer, plan, options);
    std::optional<PlanResult> copy;
    const Document doc =
        build(&writer, plan, completed(plan, result, options, copy), options, pageOf(&writer), {});
    switch (format) {
    case Format::Html:
        return htmlText(doc.elements(), plan.scenario.name);
    case Format::Markdown:
        return markdownText(doc.elements());
    case Format::Csv:
        return tablesText(doc.elements(), true);
    case Format::TabSeparated:
        return tablesText(doc.elements(), false);
    case Format::Pdf:
        break;
    }
    return {};
}

QString write(const Plan &plan, const PlanResult &result, const QString &path,
              const Options &options, Format format)
{
    if (format == Format::Pdf)
        return writePdf(plan, result, path, options);
    if (const QString problem =
            fileio::writeAtomically(path, text(plan, result, options, format).toUtf8());
        !problem.isEmpty())
        return QStringLiteral("%1: %2").arg(path, problem);
    return {};
}

} // namespace pipeplan::report
