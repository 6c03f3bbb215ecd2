#include "core/watch/watchtext.h"

#include "core/base/format.h"
#include "core/base/translate.h"

#include <QCoreApplication>
#include <QDateTime>

#include <cmath>

namespace pipeplan::watch::text {

PIPEPLAN_TR_CONTEXT("pipeplan::watch::text")

namespace {

QString band(const Forecast &f)
{
    if (!f.etaP10Seconds)
        return {};
    const QString p90 = f.etaP90Seconds ? format::roundedDuration(*f.etaP90Seconds)
                                        : tr("never, at the slowest rate seen");
    return tr("; P10–P90 %1 to %2").arg(format::roundedDuration(*f.etaP10Seconds), p90);
}

QString finishes(const Forecast &f)
{
    return tr("finishes at %1 (in %2%3)")
        .arg(clock(*f.finishAtSeconds, f.nowSeconds), format::roundedDuration(*f.etaSeconds),
             band(f));
}

QString restarts(const Forecast &f)
{
    if (f.restarts == 0)
        return {};
    return QLatin1Char(' ') +
           format::plural(
               tr("Restarted %n time(s); the work done before is kept.", nullptr, f.restarts),
               f.restarts);
}

QString capitalised(QString s)
{
    if (!s.isEmpty())
        s[0] = s[0].toUpper();
    return s;
}

} // namespace

QString seriesProblem(SeriesProblem problem, const Accumulated *accumulated)
{
    switch (problem) {
    case SeriesProblem::None:
        return {};
    case SeriesProblem::NoSamples:
        return tr("returns no samples");
    case SeriesProblem::NotACounter:
        if (accumulated)
            return tr("falls %1 times in %2 moves: a gauge, not a counter of items done")
                .arg(accumulated->falls)
                .arg(accumulated->rises + accumulated->falls);
        return tr("falls too often: a gauge, not a counter of items done");
    case SeriesProblem::NotIncreasing:
        return tr("has not risen: nothing to forecast from yet");
    }
    return {};
}

QString totalBelowDone(double total, double done)
{
    return tr("the total %1 is below the %2 already done")
        .arg(format::grouped(total, 0), format::grouped(done, 0));
}

QString clock(double epochSeconds, double nowSeconds)
{
    const QDateTime at = QDateTime::fromMSecsSinceEpoch(std::llround(epochSeconds * 1000));
    const QDateTime now = QDateTime::fromMSecsSinceEpoch(std::llround(nowSeconds * 1000));
    if (at.date() == now.date())
        return at.toString(QStringLiteral("HH:mm:ss"));
    return at.toString(QStringLiteral("ddd d MMM HH:mm"));
}

QString headline(const Forecast &f, const std::optional<Beside> &beside)
{
    QString sentence;
    if (f.state == State::Done) {
        sentence = tr("Done: %1 of %2.")
                       .arg(format::grouped(f.doneItems, 0),
                            format::grouped(f.totalItems.value_or(f.doneItems), 0));
    } else if (f.stalled) {
        sentence = tr("Stalled since %1 (no progress for %2).")
                       .arg(clock(f.lastProgressSeconds, f.nowSeconds),
                            format::roundedDuration(f.nowSeconds - f.lastProgressSeconds));
    } else if (f.etaSeconds) {
        if (beside && beside->behindPlanSeconds && beside->planRuntimeSeconds > 0) {
            const double behind = *beside->behindPlanSeconds;
            const double onPlan = kOnPlanShare * beside->planRuntimeSeconds;
            if (std::abs(behind) <= onPlan)
                sentence = tr("On plan: %1.").arg(finishes(f));
            else if (behind > 0)
                sentence =
                    tr("Behind plan by %1: %2.").arg(format::roundedDuration(behind), finishes(f));
            else
                sentence = tr("Ahead of plan by %1: %2.")
                               .arg(format::roundedDuration(-behind), finishes(f));
        } else {
            sentence = capitalised(finishes(f)) + QLatin1Char('.');
        }
    } else {
        sentence = tr("Running at %1; no total to forecast against.")
                       .arg(format::ratePerSecond(f.recentRatePerSecond, tr("items")));
    }
    return sentence + restarts(f);
}

QString stale(double failedAtSeconds, double forecastAtSeconds, const QString &why)
{
    return tr("Stale: the source could not be reached at %1 (%2); the forecast is from %3.")
        .arg(clock(failedAtSeconds, failedAtSeconds), why,
             clock(forecastAtSeconds, failedAtSeconds));
}

std::vector<std::pair<QString, QString>> numbers(const Forecast &f,
                                                 const std::optional<Beside> &beside)
{
    const QString none = QStringLiteral("-");
    const auto time = [&](std::optional<double> at) {
        return at ? clock(*at, f.nowSeconds) : none;
    };
    std::vector<std::pair<QString, QString>> rows{
        {tr("Done"),
         f.totalItems ? tr("%1 of %2")
                            .arg(format::grouped(f.doneItems, 0), format::grouped(*f.totalItems, 0))
                      : format::grouped(f.doneItems, 0)},
        {tr("Rate (whole run)"), format::ratePerSecond(f.ratePerSecond, QString())},
        {tr("Rate (recent)"), format::ratePerSecond(f.recentRatePerSecond, QString())},
        {tr("ETA"), f.etaSeconds ? format::roundedDuration(*f.etaSeconds) : none},
        {tr("Finish at"), time(f.finishAtSeconds)},
        {tr("Last progress"), time(f.lastProgressSeconds)},
        {tr("Restarts"), QString::number(f.restarts)},
    };
    if (beside) {
        rows.emplace_back(tr("Plan runtime"), format::roundedDuration(beside->planRuntimeSeconds));
        if (beside->workersToMeetDeadline)
            rows.emplace_back(tr("Workers to meet deadline"),
                              format::grouped(*beside->workersToMeetDeadline, 0));
    }
    return rows;
}

} // namespace pipeplan::watch::text
