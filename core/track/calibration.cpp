// Calibration, review and retrospective over the track record (seed 003; docs/calibration.md).

#include "core/track/calibration.h"

#include "core/base/format.h"
#include "core/base/stats.h"
#include "core/project/accuracy.h"

#include <QCoreApplication>

#include <gsl/gsl_cdf.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace pipeplan::track {

namespace {

double medianOf(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return stats::quantileSorted(values, 0.5);
}

/// MdAPE over rows, by the Estimated vs actual log's own rule (estimate::accuracy).
double mdapeOf(const std::vector<const Row *> &rows)
{
    std::vector<estimate::ActualEntry> entries;
    entries.reserve(rows.size());
    for (const Row *row : rows)
        entries.push_back({row->name, row->estimatedSeconds, row->actualSeconds});
    return entries.empty() ? 0 : estimate::accuracy(entries).medianApe;
}

Calibration calibrationOf(const std::vector<const Row *> &rows, const QString &kind)
{
    std::vector<double> logs;
    logs.reserve(rows.size());
    for (const Row *row : rows)
        logs.push_back(std::log(row->actualSeconds / row->estimatedSeconds));
    const int n = static_cast<int>(logs.size());
    if (n < kMinJobs) {
        Calibration c;
        c.kind = kind;
        c.jobs = n;
        c.mdape = mdapeOf(rows);
        if (n == 1)
            c.medianRatio = std::exp(logs.front());
        return c;
    }
    const double mean = stats::mean(logs);
    double squares = 0;
    for (const double r : logs)
        squares += (r - mean) * (r - mean);
    const double logSd = std::sqrt(squares / (n - 1));
    return fromNumbers(kind, n, std::exp(medianOf(logs)), logSd, mdapeOf(rows));
}

/// The track record's words, reachable by lupdate under the context "Track".
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(Track)
};

} // namespace

double Calibration::predictiveScale() const
{
    return jobs > 0 ? logSd * std::sqrt(1.0 + 1.0 / jobs) : 0;
}

double studentQuantile(double q, double dof)
{
    return gsl_cdf_tdist_Pinv(q, dof);
}

Calibration fromNumbers(const QString &kind, int jobs, double medianRatio, double logSd,
                        double mdape)
{
    Calibration c;
    c.kind = kind;
    c.jobs = jobs;
    c.medianRatio = medianRatio;
    c.logSd = logSd;
    c.mdape = mdape;
    if (jobs < kMinJobs || !(medianRatio > 0) || !(logSd >= 0))
        return c;
    c.status = Status::Calibrated;
    const double half = studentQuantile(0.9, c.degreesOfFreedom()) * c.predictiveScale();
    c.ratioP10 = medianRatio * std::exp(-half);
    c.ratioP90 = medianRatio * std::exp(half);
    return c;
}

Calibration calibrate(const std::vector<Row> &rows, const std::optional<QString> &kind)
{
    std::vector<const Row *> chosen;
    for (const Row &row : rows)
        if (!kind || row.kind == *kind)
            chosen.push_back(&row);
    return calibrationOf(chosen, kind.value_or(QString()));
}

Summary summarize(const std::vector<Row> &rows)
{
    Summary summary;
    summary.overall = calibrate(rows, std::nullopt);
    QStringList kinds;
    for (const Row &row : rows)
        if (!kinds.contains(row.kind))
            kinds << row.kind;
    for (const QString &kind : kinds)
        summary.kinds.push_back(calibrate(rows, kind));
    return summary;
}

std::vector<Overrun> overruns(const std::vector<Row> &rows)
{
    std::vector<Overrun> over;
    for (size_t i = 0; i < rows.size(); ++i) {
        const Row &row = rows[i];
        const double ratio = row.actualSeconds / row.estimatedSeconds;
        if (ratio - 1 > kOverrunFraction)
            over.push_back({static_cast<int>(i), row.name, row.kind, ratio, row.finishedOn});
    }
    std::stable_sort(over.begin(), over.end(),
                     [](const Overrun &a, const Overrun &b) { return a.ratio > b.ratio; });
    return over;
}

Retrospective retrospective(const std::vector<Row> &rows)
{
    Retrospective retro;
    std::map<QDate, std::vector<const Row *>> byMonth;
    for (const Row &row : rows)
        if (row.finishedOn)
            byMonth[QDate(row.finishedOn->year(), row.finishedOn->month(), 1)].push_back(&row);
    for (const auto &[month, monthRows] : byMonth)
        retro.months.push_back({month, static_cast<int>(monthRows.size()), mdapeOf(monthRows)});
    if (retro.months.size() >= 2) {
        // Least squares of MdAPE on the month's index since the first (months, not rows:
        // a busy month counts once, as the monthly retrospective reads it).
        const QDate first = retro.months.front().month;
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        const auto m = static_cast<double>(retro.months.size());
        for (const MonthError &e : retro.months) {
            const double x =
                (e.month.year() - first.year()) * 12.0 + e.month.month() - first.month();
            sx += x;
            sy += e.mdape;
            sxx += x * x;
            sxy += x * e.mdape;
        }
        const double slope = (m * sxy - sx * sy) / (m * sxx - sx * sx);
        retro.mdapeSlopePerMonth = slope;
        retro.trend = slope < -kSteadySlope  ? Trend::Improving
                      : slope > kSteadySlope ? Trend::Worsening
                                             : Trend::Steady;
    }
    double wasted = 0;
    for (const Row &row : rows) {
        if (!row.requestedSeconds || !row.actualGpuHours)
            continue;
        wasted +=
            std::max(0.0, *row.actualGpuHours * (*row.requestedSeconds / row.actualSeconds - 1));
        ++retro.wastedRows;
    }
    if (retro.wastedRows > 0)
        retro.wastedGpuHours = wasted;
    return retro;
}

QString sentence(const Calibration &c)
{
    if (!c.calibrated()) {
        QString had =
            c.kind.isEmpty()
                ? format::plural(
                      Text::tr("cannot calibrate: the track record has %n job(s); at least 2 "
                               "are needed",
                               nullptr, format::numerus(c.jobs)),
                      c.jobs)
                : format::plural(
                      Text::tr("cannot calibrate: the track record has %n job(s) of kind "
                               "%1; at least 2 are needed",
                               nullptr, format::numerus(c.jobs)),
                      c.jobs)
                      .arg(c.kind);
        return had;
    }
    const QString text =
        c.kind.isEmpty() ? Text::tr("calibrated on %n past job(s): they ran %1x their estimates, "
                                    "MdAPE %2 %",
                                    nullptr, format::numerus(c.jobs))
                         : Text::tr("calibrated on %n past job(s) of this kind: they ran %1x their "
                                    "estimates, MdAPE %2 %",
                                    nullptr, format::numerus(c.jobs));
    return format::plural(text, c.jobs)
        .arg(QString::number(c.medianRatio, 'f', 2), QString::number(std::lround(c.mdape * 100)));
}

QString trendText(Trend trend)
{
    switch (trend) {
    case Trend::Improving:
        return Text::tr("improving");
    case Trend::Steady:
        return Text::tr("steady");
    case Trend::Worsening:
        return Text::tr("worsening");
    case Trend::Unknown:
        break;
    }
    return Text::tr("not enough months");
}

} // namespace pipeplan::track
