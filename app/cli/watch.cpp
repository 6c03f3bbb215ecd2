// pipeplan-cli watch: a running job's forecast from its progress counter, read from a
// Prometheus server or a progress file (docs/watch.md).

#include "app/cli/cli.h"
#include "app/cli/commands.h"

#include "core/base/format.h"

#include "core/plan/planresult.h"
#include "core/watch/forecast.h"
#include "core/watch/planbeside.h"
#include "core/watch/progressfile.h"
#include "core/watch/source/prometheus.h"
#include "core/watch/watchtext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>
#include <QThread>

#include <cmath>

namespace pipeplan::cli {

namespace {

const FieldSpec kTotal{"total", "items in the whole job", "items", 0, 1e18, true};
const FieldSpec kStallAfter{"stall_after", "seconds without progress", "s", 0, 1e9, true};
const FieldSpec kInterval{"interval", "seconds between forecasts", "s", 0.1, 1e6};

double nowSeconds()
{
    return static_cast<double>(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
}

QJsonValue timeJson(std::optional<double> epochSeconds)
{
    if (!epochSeconds || !std::isfinite(*epochSeconds))
        return QJsonValue::Null;
    return QDateTime::fromMSecsSinceEpoch(std::llround(*epochSeconds * 1000))
        .toUTC()
        .toString(Qt::ISODateWithMs);
}

QJsonValue optionalNumber(std::optional<double> value)
{
    return value ? jsonNumber(*value) : QJsonValue(QJsonValue::Null);
}

/// The forecast as `watch --json` prints it: the keys are a contract (docs/watch.md).
QJsonObject forecastJson(const watch::Forecast &f, const std::optional<watch::Beside> &beside)
{
    QJsonObject object{
        {QStringLiteral("done"), f.doneItems},
        {QStringLiteral("total"), optionalNumber(f.totalItems)},
        {QStringLiteral("rate_per_s"), jsonNumber(f.ratePerSecond)},
        {QStringLiteral("rate_recent_per_s"), jsonNumber(f.recentRatePerSecond)},
        {QStringLiteral("eta_seconds"), optionalNumber(f.etaSeconds)},
        {QStringLiteral("eta_p10_seconds"), optionalNumber(f.etaP10Seconds)},
        {QStringLiteral("eta_p90_seconds"), optionalNumber(f.etaP90Seconds)},
        {QStringLiteral("finish_at"), timeJson(f.finishAtSeconds)},
        {QStringLiteral("stalled"), f.stalled},
        {QStringLiteral("last_progress_at"), timeJson(f.lastProgressSeconds)},
        {QStringLiteral("restarts"), f.restarts},
        {QStringLiteral("plan_runtime_seconds"), QJsonValue::Null},
        {QStringLiteral("behind_plan_seconds"), QJsonValue::Null},
        {QStringLiteral("workers_to_meet_deadline"), QJsonValue::Null},
    };
    if (beside) {
        object.insert(QStringLiteral("plan_runtime_seconds"),
                      jsonNumber(beside->planRuntimeSeconds));
        object.insert(QStringLiteral("behind_plan_seconds"),
                      optionalNumber(beside->behindPlanSeconds));
        object.insert(QStringLiteral("workers_to_meet_deadline"),
                      optionalNumber(beside->workersToMeetDeadline));
    }
    return object;
}

/// Where the samples come from, read again on every interval.
struct Source
{
    std::optional<QUrl> server;
    QString query;
    std::optional<watch::ProgressFile> file;

    /// The samples so far; throws InvalidInput naming the flag, or Unreachable.
    std::vector<watch::Sample> read(double now)
    {
        if (file) {
            const watch::ProgressFile::Read read = file->read();
            if (!read.error.isEmpty())
                throw InvalidInput{
                    QStringLiteral("--progress: %1: %2").arg(file->path(), read.error)};
            return file->samples();
        }
        const watch::prometheus::Fetch fetch =
            watch::prometheus::fetchBlocking(*server, query, now);
        switch (fetch.failure) {
        case watch::prometheus::Failure::None:
            return fetch.samples;
        case watch::prometheus::Failure::Unreachable:
        case watch::prometheus::Failure::Cancelled:
            throw Unreachable{
                QCoreApplication::translate("pipeplan::cli", "--prometheus: cannot reach %1 (%2)")
                    .arg(server->toString(), fetch.message)};
        case watch::prometheus::Failure::BadUrl:
            throw InvalidInput{
                QStringLiteral("--prometheus: %1 %2").arg(server->toString(), fetch.message)};
        case watch::prometheus::Failure::BadQuery:
            throw InvalidInput{QStringLiteral("--query: %1").arg(fetch.message)};
        }
        return {};
    }

    QString flag() const { return file ? QStringLiteral("--progress") : QStringLiteral("--query"); }
};

Source sourceOf(const Flags &flags)
{
    const bool prometheus = flags.has(QStringLiteral("prometheus"));
    const bool progress = flags.has(QStringLiteral("progress"));
    if (prometheus && progress)
        throw InvalidInput{QCoreApplication::translate(
            "pipeplan::cli", "--progress: give --progress FILE or --prometheus URL "
                             "--query PROMQL, not both")};
    Source source;
    if (progress) {
        if (flags.has(QStringLiteral("query")))
            throw InvalidInput{QCoreApplication::translate(
                "pipeplan::cli", "--query: reads a Prometheus server, not --progress")};
        source.file.emplace(flags.text(QStringLiteral("progress")));
        return source;
    }
    if (!prometheus)
        throw InvalidInput{QCoreApplication::translate(
            "pipeplan::cli", "--prometheus: required (or --progress FILE): where the progress is")};
    QUrl url;
    if (const QString problem =
            watch::prometheus::checkUrl(flags.text(QStringLiteral("prometheus")), &url);
        !problem.isEmpty())
        throw InvalidInput{QStringLiteral("--prometheus: %1").arg(problem)};
    source.server = url;
    if (!flags.has(QStringLiteral("query")))
        throw InvalidInput{QCoreApplication::translate(
            "pipeplan::cli", "--query: required with --prometheus (a PromQL expression "
                             "of items done)")};
    source.query = flags.text(QStringLiteral("query"));
    if (source.query.trimmed().isEmpty())
        throw InvalidInput{QCoreApplication::translate("pipeplan::cli", "--query: empty")};
    return source;
}

std::optional<watch::PlanModel> planOf(const Flags &flags)
{
    if (!flags.has(QStringLiteral("plan")))
        return std::nullopt;
    QString error;
    const std::optional<Plan> plan = loadPlanFile(flags.text(QStringLiteral("plan")), {}, &error);
    if (!plan)
        throw InvalidInput{QStringLiteral("--plan: %1").arg(error)};
    return watch::planModel(evaluatePlan(*plan));
}

void printHuman(QTextStream &out, const watch::Forecast &f,
                const std::optional<watch::Beside> &beside)
{
    printRows(out, watch::text::numbers(f, beside));
    out << watch::text::headline(f, beside) << '\n';
}

int runWatch(const Flags &flags, QTextStream &out)
{
    Source source = sourceOf(flags);
    const std::optional<watch::PlanModel> plan = planOf(flags);
    watch::Options options;
    options.totalItems = flags.optionalNumber(QStringLiteral("total"), kTotal);
    const bool totalFromPlan = !options.totalItems && plan;
    if (totalFromPlan)
        options.totalItems = plan->totalItems;
    options.stallAfterSeconds = flags.optionalNumber(QStringLiteral("stall-after"), kStallAfter);
    const double intervalSeconds = flags.number(QStringLiteral("interval"), kInterval, 15.0);
    const bool once = flags.isSet(QStringLiteral("once"));
    const bool json = flags.isSet(kJson.name);

    for (bool first = true;; first = false) {
        const double now = nowSeconds();
        std::vector<watch::Sample> samples;
        try {
            samples = source.read(now);
        } catch (const Unreachable &unreachable) {
            if (first || once)
                throw;
            // Later on, the last forecast stands: say so and try again next interval.
            out << oneLineMessage(unreachable.message) << '\n';
            out.flush();
            QThread::msleep(static_cast<unsigned long>(intervalSeconds * 1000));
            continue;
        }
        const watch::Result result = watch::forecast(samples, now, options);
        if (result.problem != watch::SeriesProblem::None) {
            const watch::Accumulated accumulated = watch::accumulate(samples);
            // A file or counter that has not started yet is worth waiting for in a loop.
            if (once || result.problem == watch::SeriesProblem::NotACounter)
                throw InvalidInput{source.flag() + QStringLiteral(": ") +
                                   watch::text::seriesProblem(result.problem, &accumulated)};
        } else if (result.totalBelowDone) {
            throw InvalidInput{
                (totalFromPlan ? QStringLiteral("--plan: ") : QStringLiteral("--total: ")) +
                watch::text::totalBelowDone(*options.totalItems, result.forecast.doneItems)};
        } else {
            const watch::Forecast &f = result.forecast;
            std::optional<watch::Beside> beside;
            if (plan)
                beside = watch::besidePlan(*plan, f);
            if (json) {
                const QJsonObject object = forecastJson(f, beside);
                if (once)
                    printJson(out, object);
                else
                    out << QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact))
                        << '\n';
            } else if (once) {
                printHuman(out, f, beside);
            } else {
                out << watch::text::clock(now, now) << "  " << watch::text::headline(f, beside)
                    << '\n';
            }
            out.flush();
            if (once || f.state == watch::State::Done)
                return kExitOk;
        }
        QThread::msleep(static_cast<unsigned long>(intervalSeconds * 1000));
    }
}

} // namespace

Command watchCommand()
{
    return {
        QStringLiteral("watch"),
        QCoreApplication::translate(
            "pipeplan::cli",
            "will the running job finish? its forecast from Prometheus or a progress "
            "file"),
        {
            {QStringLiteral("prometheus"), FlagKind::Value,
             QCoreApplication::translate("pipeplan::cli",
                                         "the Prometheus server's URL (http:// or https://)")},
            {QStringLiteral("query"), FlagKind::Value,
             QCoreApplication::translate(
                 "pipeplan::cli", "PromQL of items done, one series: sum(items_total{job=\"x\"})")},
            {QStringLiteral("progress"), FlagKind::Value,
             QCoreApplication::translate(
                 "pipeplan::cli",
                 "a progress file: CSV time,done or JSON lines {\"time\",\"done\"}")},
            {QStringLiteral("total"), FlagKind::Value,
             QCoreApplication::translate("pipeplan::cli",
                                         "items in the whole job (default: the plan's)")},
            {QStringLiteral("plan"), FlagKind::Value,
             QCoreApplication::translate("pipeplan::cli",
                                         "the plan (scenario .json) to compare against")},
            {QStringLiteral("stall-after"), FlagKind::Value,
             QCoreApplication::translate(
                 "pipeplan::cli",
                 "seconds without progress that count as stalled (default: 5 usual "
                 "gaps)")},
            {QStringLiteral("interval"), FlagKind::Value,
             QCoreApplication::translate("pipeplan::cli",
                                         "seconds between forecasts without --once (default 15)")},
            {QStringLiteral("once"), FlagKind::Switch,
             QCoreApplication::translate("pipeplan::cli", "print one forecast and exit")},
            kJson,
            kHelp,
        },
        runWatch,
        0,
        QCoreApplication::translate(
            "pipeplan::cli",
            "Exit codes: 0 a forecast, 2 invalid input (one line naming the flag), 3 the "
            "source cannot be reached.\nJSON keys: done, total, rate_per_s, "
            "rate_recent_per_s, eta_seconds, eta_p10_seconds, eta_p90_seconds, "
            "finish_at, stalled, last_progress_at, restarts, plan_runtime_seconds, "
            "behind_plan_seconds, workers_to_meet_deadline (docs/watch.md)."),
    };
}

} // namespace pipeplan::cli
