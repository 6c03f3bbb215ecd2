// fit: Amdahl and the USL fitted to measured runs, with predictions and their band.

#include "app/cli/cli.h"
#include "app/cli/commands.h"

#include "core/base/fields.h"
#include "core/base/fileio.h"
#include "core/base/format.h"
#include "core/measured/fit.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace pipeplan::cli {

namespace {

/// A runs file is read whole; 4 MB holds some 200,000 runs, far above any benchmark campaign.
constexpr qint64 kMaxRunsFileBytes = qint64{4} * 1024 * 1024;

const QString kRuns = QStringLiteral("runs");
const QString kPredict = QStringLiteral("predict");

// Made as --help is printed, when the language is installed.
std::vector<FlagDef> fitFlags()
{
    return {{kRuns, FlagKind::Value,
             QCoreApplication::translate("pipeplan::cli",
                                         "CSV FILE of runs: workers and throughput (items/s) or "
                                         "runtime_s (required)")},
            {kPredict, FlagKind::Value,
             QCoreApplication::translate("pipeplan::cli",
                                         "worker counts to predict at, e.g. 100,1000 (default: the "
                                         "measured ones)")},
            kJson,
            kHelp};
}

fit::Runs readRunsFile(const Flags &flags)
{
    if (!flags.has(kRuns))
        throw InvalidInput{QCoreApplication::translate(
            "pipeplan::cli", "--runs: required (a CSV file with the header "
                             "workers,throughput or workers,runtime_s)")};
    const QString path = flags.text(kRuns);
    const QString prefix = QStringLiteral("--runs ") + path + QStringLiteral(": ");
    const fileio::ReadResult read = fileio::readBounded(path, kMaxRunsFileBytes);
    if (!read.bytes)
        throw InvalidInput{oneLine(prefix + readProblem(read.error))};
    const fit::CsvRuns csv = fit::readRunsCsv(QString::fromUtf8(*read.bytes));
    if (!csv.errors.empty())
        throw InvalidInput{firstProblem(prefix, csv.errors.front().toString(),
                                        static_cast<qsizetype>(csv.errors.size()))};
    return csv.runs;
}

/// The measured worker counts, each once, in rising order.
std::vector<double> measuredWorkers(const fit::Runs &runs)
{
    std::vector<double> workers;
    for (const fit::Run &run : runs.runs)
        workers.push_back(run.workers);
    std::sort(workers.begin(), workers.end());
    workers.erase(std::unique(workers.begin(), workers.end()), workers.end());
    return workers;
}

QString measureKey(fit::Measure measure)
{
    return measure == fit::Measure::Throughput ? QStringLiteral("throughput")
                                               : QStringLiteral("runtime_s");
}

QJsonObject amdahlJson(const fit::AmdahlFit &a)
{
    return QJsonObject{
        {QStringLiteral("p"), a.p.value},
        {QStringLiteral("p_low"), a.p.low},
        {QStringLiteral("p_high"), a.p.high},
        {QStringLiteral("p_se"), a.p.standardError},
        {QStringLiteral("lambda"), a.lambda.value},
        {QStringLiteral("lambda_se"), a.lambda.standardError},
        {QStringLiteral("rmse"), a.rmse},
        {QStringLiteral("r_squared"), a.rSquared},
    };
}

QJsonObject uslJson(const fit::UslFit &u)
{
    return QJsonObject{
        {QStringLiteral("sigma"), u.sigma.value},
        {QStringLiteral("sigma_low"), u.sigma.low},
        {QStringLiteral("sigma_high"), u.sigma.high},
        {QStringLiteral("sigma_se"), u.sigma.standardError},
        {QStringLiteral("kappa"), u.kappa.value},
        {QStringLiteral("kappa_low"), u.kappa.low},
        {QStringLiteral("kappa_high"), u.kappa.high},
        {QStringLiteral("kappa_se"), u.kappa.standardError},
        {QStringLiteral("lambda"), u.lambda.value},
        {QStringLiteral("lambda_low"), jsonNumber(u.lambda.low)},
        {QStringLiteral("lambda_high"), jsonNumber(u.lambda.high)},
        {QStringLiteral("lambda_se"), u.lambda.standardError},
        {QStringLiteral("rmse"), u.rmse},
        {QStringLiteral("r_squared"), u.rSquared},
        {QStringLiteral("peak_workers"),
         u.peakWorkers ? QJsonValue(*u.peakWorkers) : QJsonValue(QJsonValue::Null)},
    };
}

QJsonObject fitJson(const fit::Runs &runs, const fit::Result &result,
                    const std::vector<fit::Prediction> &predictions)
{
    const QString valueKey = measureKey(runs.measure);
    QJsonArray points;
    for (const fit::Run &run : runs.runs)
        points.append(QJsonObject{{QStringLiteral("workers"), run.workers}, {valueKey, run.value}});
    QJsonArray predicted;
    for (const fit::Prediction &p : predictions)
        predicted.append(QJsonObject{{QStringLiteral("workers"), p.workers},
                                     {QStringLiteral("amdahl"), jsonNumber(p.amdahl)},
                                     {QStringLiteral("usl"), jsonNumber(p.usl)},
                                     {QStringLiteral("usl_low"), jsonNumber(p.uslLow)},
                                     {QStringLiteral("usl_high"), jsonNumber(p.uslHigh)}});
    return QJsonObject{{QStringLiteral("points"), points},
                       {QStringLiteral("measure"), valueKey},
                       {QStringLiteral("amdahl"), amdahlJson(*result.amdahl)},
                       {QStringLiteral("usl"), uslJson(*result.usl)},
                       {QStringLiteral("predictions"), predicted}};
}

/// "0.0277 (95 %: 0.0074 to 0.0480)": four significant digits, the interval beside.
QString estimateText(const fit::Estimate &e, const QString &unit = {})
{
    auto number = [](double value) {
        return std::isfinite(value) ? QString::number(value, 'g', 4) : QStringLiteral("∞");
    };
    return number(e.value) + unit + QStringLiteral("  ") +
           QCoreApplication::translate("pipeplan::cli", "(95 %: %1 to %2)")
               .arg(number(e.low), number(e.high));
}

/// A value in the measure's unit: throughput as given (the runs' own unit), runtime as a duration.
QString measureText(fit::Measure measure, double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("∞");
    return measure == fit::Measure::Throughput ? format::trimmed(value, 2) + QStringLiteral(" /s")
                                               : format::duration(value);
}

void printFit(QTextStream &out, const fit::Runs &runs, const fit::Result &result,
              const std::vector<fit::Prediction> &predictions)
{
    const fit::AmdahlFit &a = *result.amdahl;
    const fit::UslFit &u = *result.usl;
    const QString fitted = format::count(static_cast<double>(runs.runs.size()),
                                         QCoreApplication::translate("pipeplan::cli", "runs"));
    out << (runs.measure == fit::Measure::Throughput
                ? QCoreApplication::translate("pipeplan::cli",
                                              "Fitted to %1 (throughput as measured)")
                : QCoreApplication::translate("pipeplan::cli",
                                              "Fitted to %1 (throughput = 1 / runtime_s)"))
               .arg(fitted)
        << "\n\n";
    const QString perSecond = QStringLiteral(" /s");
    printRows(out,
              {
                  {QCoreApplication::translate("pipeplan::cli", "Amdahl p (parallel fraction)"),
                   estimateText(a.p)},
                  {QCoreApplication::translate("pipeplan::cli", "Amdahl λ (one worker)"),
                   estimateText(a.lambda, perSecond)},
                  {QCoreApplication::translate("pipeplan::cli", "Amdahl RMSE"),
                   format::trimmed(a.rmse, 4) + perSecond},
                  {QCoreApplication::translate("pipeplan::cli", "Amdahl R²"),
                   format::trimmed(a.rSquared, 4)},
                  {QCoreApplication::translate("pipeplan::cli", "USL σ (contention)"),
                   estimateText(u.sigma)},
                  {QCoreApplication::translate("pipeplan::cli", "USL κ (coherency)"),
                   estimateText(u.kappa)},
                  {QCoreApplication::translate("pipeplan::cli", "USL λ (one worker)"),
                   estimateText(u.lambda, perSecond)},
                  {QCoreApplication::translate("pipeplan::cli", "USL RMSE"),
                   format::trimmed(u.rmse, 4) + perSecond},
                  {QCoreApplication::translate("pipeplan::cli", "USL R²"),
                   format::trimmed(u.rSquared, 4)},
                  {QCoreApplication::translate("pipeplan::cli", "USL peak"),
                   u.peakWorkers ? format::count(*u.peakWorkers, QCoreApplication::translate(
                                                                     "pipeplan::cli", "workers"))
                                 : QCoreApplication::translate(
                                       "pipeplan::cli", "none (κ = 0: no retrograde region)")},
              });
    std::vector<QStringList> rows{{QCoreApplication::translate("pipeplan::cli", "Workers"),
                                   QCoreApplication::translate("pipeplan::cli", "Amdahl"),
                                   QCoreApplication::translate("pipeplan::cli", "USL"),
                                   QCoreApplication::translate("pipeplan::cli", "USL 95 % low"),
                                   QCoreApplication::translate("pipeplan::cli", "USL 95 % high")}};
    for (const fit::Prediction &p : predictions)
        rows.push_back({format::grouped(p.workers, 0), measureText(runs.measure, p.amdahl),
                        measureText(runs.measure, p.usl), measureText(runs.measure, p.uslLow),
                        measureText(runs.measure, p.uslHigh)});
    std::vector<qsizetype> widths(rows.front().size(), 0);
    for (const QStringList &row : rows) {
        for (qsizetype c = 0; c < row.size(); ++c)
            widths[static_cast<size_t>(c)] =
                std::max(widths[static_cast<size_t>(c)], row[c].size());
    }
    out << '\n';
    for (const QStringList &row : rows) {
        for (qsizetype c = 0; c < row.size(); ++c)
            out << (c == 0 ? QString() : QStringLiteral("  "))
                << row[c].rightJustified(widths[static_cast<size_t>(c)]);
        out << '\n';
    }
}

int runFit(const Flags &flags, QTextStream &out)
{
    const fit::Runs runs = readRunsFile(flags);
    const std::vector<double> workers = flags.list(
        kPredict, *rowFor(&Scenario::workload, &Workload::workers).spec, measuredWorkers(runs));
    const fit::Result result = fit::fitRuns(runs);
    if (!result.amdahl || !result.usl)
        throw InvalidInput{QStringLiteral("--runs ") + flags.text(kRuns) + QStringLiteral(": ") +
                           result.problem};
    const std::vector<fit::Prediction> predictions = fit::predict(result, runs.measure, workers);
    if (flags.isSet(kJson.name))
        printJson(out, fitJson(runs, result, predictions));
    else
        printFit(out, runs, result, predictions);
    return kExitOk;
}

} // namespace

Command fitCommand()
{
    return {
        QStringLiteral("fit"),
        QCoreApplication::translate(
            "pipeplan::cli",
            "fit Amdahl and the USL to measured runs (a CSV of workers and throughput or runtime)"),
        fitFlags(),
        runFit,
        0,
        QCoreApplication::translate(
            "pipeplan::cli",
            "Fits Amdahl X(N) = λN / (1 + (1 − p)(N − 1)) and the USL\n"
            "X(N) = λN / (1 + σ(N − 1) + κN(N − 1)) by bounded least squares in\n"
            "throughput (runtime runs as 1 / runtime). Intervals are 95 %; predictions\n"
            "are in the file's measure.")};
}

} // namespace pipeplan::cli
