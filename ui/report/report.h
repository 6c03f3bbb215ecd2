#pragma once

#include "core/plan/scenariofile.h"
#include "core/project/estimate.h"
#include "core/tail/simulate.h"
#include "core/tail/tailbreakdown.h"

#include <QDateTime>
#include <QPageSize>

#include <optional>

class QPagedPaintDevice;

/// The planning report: every input, the headline, the scaling table, every chart, the
/// comparison with a pinned baseline, and a closing page of formulas and assumptions. One
/// renderer draws it on any paged device, so the PDF export, `pipeplan-cli report` and File >
/// Print are the same pages. Everything is vector: text stays text, charts stay paths.
namespace pipeplan::report {

struct Options
{
    QPageSize::PageSizeId pageSize = QPageSize::A4;
    QDateTime created = QDateTime::currentDateTime();
    /// The simulated completion times, when a run is at hand (the window's last run).
    std::optional<simulation::Result> simulation;
    /// Where the time goes from the headline to the simulation's P50 and P90 (printed with the
    /// simulation, when both are given).
    std::optional<tail::Breakdown> breakdown;
    /// The project's Monte Carlo for this plan, when one is at hand (the window's finished run);
    /// otherwise the report runs it (projectEstimate, with the plan's own PERT).
    std::optional<estimate::PlanEstimate> projectEstimate;
};

/// Letter where it is the custom (the United States, Canada, Mexico and a few others), else A4.
QPageSize::PageSizeId defaultPageSize(const QLocale &locale);

/// Draws every page on `device` (a QPdfWriter or a QPrinter set to 96 dpi). Returns the pages.
int render(QPagedPaintDevice *device, const Plan &plan, const Options &options);

/// Writes the report as a PDF to `path`, atomically (the old file stays until the new one is
/// complete). Returns the problem, empty on success.
QString writePdf(const Plan &plan, const QString &path, const Options &options);

/// The same bytes writePdf would write (for benchmarks and tests).
QByteArray pdfBytes(const Plan &plan, const Options &options);

} // namespace pipeplan::report
