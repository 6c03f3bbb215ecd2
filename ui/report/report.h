#pragma once

#include "core/model/reportsections.h"
#include "core/plan/goalseek.h"
#include "core/plan/planresult.h"
#include "core/plan/scenariofile.h"
#include "core/project/estimate.h"
#include "core/tail/simulate.h"
#include "core/tail/tailbreakdown.h"

#include <QDateTime>
#include <QPageSize>

#include <optional>

class QPagedPaintDevice;

/// The planning report: every input, the headline, the scaling table, every chart, the
/// comparison with a pinned baseline, and, to close, the formulas and assumptions. One
/// renderer draws it on any paged device, so the PDF export, `pipeplan-cli report` and File >
/// Print are the same pages. Everything is vector: text stays text, charts stay paths.
namespace pipeplan::report {

struct Options
{
    QPageSize::PageSizeId pageSize = QPageSize::A4;
    QDateTime created = QDateTime::currentDateTime();
    /// The sections to print, overriding the plan's choice (`pipeplan-cli report --sections`);
    /// unset: sectionsFor(plan) below.
    std::optional<std::vector<ReportSection>> sections;
};

/// The report prints a plan's result (evaluatePlan, the window's document's or the CLI's): it
/// evaluates nothing itself. The simulated completion times print when the result's simulation
/// is ready; the goal seek, the project's Monte Carlo and the training searches the chosen
/// sections need are completed (completeBackground) on a copy when the result has not got them
/// yet, with the same core functions the window's jobs run.

/// The sections the report prints for `plan` with `options`: options.sections, else the plan's
/// chosen sections, else those with content (reportplan::sectionsFor: the simulation's section
/// when the result's simulation is ready).
std::vector<ReportSection> sectionsFor(const Plan &plan, const PlanResult &result,
                                       const Options &options);

/// The background sections the report of `result` needs and it has not got.
Backgrounds backgroundsFor(const Plan &plan, const PlanResult &result, const Options &options);
/// Completes them in `result` (what the CLI does once before it renders).
void complete(PlanResult &result, const Plan &plan, const Options &options);

/// The formats a report is written in: the PDF (charts as vector drawings), HTML (tables and
/// charts, for documents and mail), Markdown (tables and text, for wikis and READMEs), and the
/// report's tables alone as CSV or tab-separated text, each under its heading.
enum class Format
{
    Pdf,
    Html,
    Markdown,
    Csv,
    TabSeparated,
};
/// "pdf", "html", "markdown", "csv", "tsv" (pipeplan-cli report --format).
QString formatKey(Format format);
std::optional<Format> formatFromKey(const QString &key);
/// The format a file name asks for: .html/.htm, .md/.markdown, .csv, .tsv/.txt, else PDF.
Format formatForPath(const QString &path);
/// The file suffix with its dot: ".pdf", ".html", ".md", ".csv", ".tsv".
QString formatSuffix(Format format);

/// Letter where it is the custom (the United States, Canada, Mexico and a few others), else A4.
QPageSize::PageSizeId defaultPageSize(const QLocale &locale);

/// Draws every page on `device` (a QPdfWriter or a QPrinter set to 96 dpi). Returns the pages.
int render(QPagedPaintDevice *device, const Plan &plan, const PlanResult &result,
           const Options &options);

/// How full one page of the PDF is, in the device's units (96 per inch): tests hold the layout
/// to "no page is a small chart over empty paper".
struct PageFill
{
    double bodyHeight = 0; ///< the page above its footer
    double usedHeight = 0; ///< down to the bottom of its lowest block
    int blocks = 0;        ///< headings, paragraphs, table rows and charts
    int charts = 0;
};

/// The pages of the PDF writePdf writes, as laid out (nothing is drawn).
std::vector<PageFill> pageFills(const Plan &plan, const PlanResult &result, const Options &options);

/// Writes the report as a PDF to `path`, atomically (the old file stays until the new one is
/// complete). Returns the problem, empty on success.
QString writePdf(const Plan &plan, const PlanResult &result, const QString &path,
                 const Options &options);

/// The same bytes writePdf would write (for benchmarks and tests).
QByteArray pdfBytes(const Plan &plan, const PlanResult &result, const Options &options);

/// The report as text in `format` (not Pdf): the same sections, headings, paragraphs and tables
/// as the PDF, from the same blocks; HTML embeds the charts as PNG images, Markdown names them.
QString text(const Plan &plan, const PlanResult &result, const Options &options, Format format);

/// Writes the report in `format` to `path`, atomically. Returns the problem, empty on success.
QString write(const Plan &plan, const PlanResult &result, const QString &path,
              const Options &options, Format format);

} // namespace pipeplan::report
