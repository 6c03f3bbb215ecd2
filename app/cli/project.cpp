// Project estimates (seed 003): montecarlo over a CSV task file (PERT and Monte Carlo), and
// labeling effort from strata, QC, adjudication, ramp-up and contingency.

#include "app/cli/cli.h"
#include "app/cli/commands.h"

#include "core/base/fields.h"
#include "core/base/fileio.h"
#include "core/base/format.h"
#include "core/base/numparse.h"
#include "core/model/scenario.h"
#include "core/plan/planresult.h"
#include "core/project/estimate.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace pipeplan::cli {

namespace {

/// Hours in one working day of the calendar.
const FieldSpec kHoursPerDay{"hours_per_day", "hours per working day", "h", 0, 24, true};

/// A task file is read whole; far above any real plan (10,000 tasks of long names is ~1 MB).
constexpr qint64 kMaxTaskFileBytes = qint64{4} * 1024 * 1024;

/// The tasks of the --tasks CSV file; every problem names the file, and the row and column.
std::vector<estimate::Task> readTaskFile(const Flags &flags)
{
    if (!flags.has(QStringLiteral("tasks")))
        throw InvalidInput{QCoreApplication::translate(
            "pipeplan::cli", "--tasks: required (a CSV file with the header "
                             "name,optimistic,most_likely,pessimistic)")};
    const QString path = flags.text(QStringLiteral("tasks"));
    const QString prefix = QStringLiteral("--tasks ") + path;
    const fileio::ReadResult read = fileio::readBounded(path, kMaxTaskFileBytes);
    if (!read.bytes)
        throw InvalidInput{oneLine(prefix + QStringLiteral(": ") + readProblem(read.error))};
    const estimate::CsvTasks csv = estimate::readTasksCsv(QString::fromUtf8(*read.bytes));
    if (!csv.errors.empty())
        throw InvalidInput{firstProblem(prefix + QStringLiteral(": "),
                                        csv.errors.front().toString(),
                                        static_cast<qsizetype>(csv.errors.size()))};
    return csv.tasks;
}

/// "1, 2, 4": task numbers, 1-based in the file's order (the n-th task; blank lines do not
/// count, unlike the row numbers of depends_on and of CSV errors). A long list keeps its first
/// ten and its last: "1, 2, ..., 10, ... 9,989 more ..., 10000".
QString taskList(const std::vector<int> &indices)
{
    constexpr size_t kShown = 10;
    QStringList numbers;
    for (size_t i = 0; i < indices.size(); ++i) {
        if (indices.size() > kShown + 2 && i == kShown) {
            numbers << QCoreApplication::translate("pipeplan::cli", "... %1 more ...")
                           .arg(format::grouped(static_cast<double>(indices.size() - kShown - 1),
                                                0));
            i = indices.size() - 1;
        }
        numbers << QString::number(indices[i] + 1);
    }
    return numbers.join(QStringLiteral(", "));
}

QString hoursText(double hours)
{
    return format::grouped(hours, 2) + QStringLiteral(" h");
}

/// A fraction or percentage typed on the command line ("0.5", "50%").
double fractionFlagValue(const QString &label, const QString &text)
{
    const numparse::Parsed parsed = numparse::fraction(text);
    if (!parsed.value)
        throw InvalidInput{label + QStringLiteral(": ") + parsed.error};
    return *parsed.value;
}

/// --NAME as a date YYYY-MM-DD.
QDate dateFlag(const Flags &flags, const QString &name)
{
    const QString text = flags.text(name);
    if (auto day = estimate::parseIsoDate(text.trimmed()))
        return *day;
    throw InvalidInput{QCoreApplication::translate(
                           "pipeplan::cli", "--%1: \"%2\" is not a date; give it as YYYY-MM-DD")
                           .arg(name, text.left(40))};
}

/// The working calendar from --calendar (working days), --hours-per-day and --holidays.
estimate::WorkCalendar calendarFromFlags(const Flags &flags)
{
    estimate::WorkCalendar calendar = ProjectSettings::defaultCalendar();
    if (flags.has(QStringLiteral("calendar"))) {
        const QString days = flags.text(QStringLiteral("calendar"));
        const auto parsed = estimate::parseWorkingDays(days);
        if (!parsed)
            throw InvalidInput{
                QCoreApplication::translate("pipeplan::cli",
                                            "--calendar: \"%1\" is not a list of working days; "
                                            "give e.g. mon-fri or sun-thu or mon,tue,thu")
                    .arg(days.left(40))};
        calendar.workingDays = *parsed;
    }
    if (flags.has(QStringLiteral("hours-per-day")))
        calendar.hoursPerDay =
            flags.number(QStringLiteral("hours-per-day"), kHoursPerDay, calendar.hoursPerDay);
    if (flags.has(QStringLiteral("holidays"))) {
        const QStringList days =
            flags.text(QStringLiteral("holidays"))
                .split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts);
        for (const QString &day : days) {
            const auto parsed = estimate::parseIsoDate(day);
            if (!parsed)
                throw InvalidInput{QCoreApplication::translate(
                                       "pipeplan::cli", "--holidays: \"%1\" is not a date; give "
                                                        "dates as YYYY-MM-DD, separated by commas")
                                       .arg(day.left(40))};
            calendar.holidays.push_back(*parsed);
        }
    }
    return calendar;
}

/// A scenario field as the montecarlo command's flags name it.
QString cliFieldName(const QString &field)
{
    if (field.contains(QLatin1String("hours_per_day")))
        return QStringLiteral("--hours-per-day");
    if (field.contains(QLatin1String("working_days")))
        return QStringLiteral("--calendar");
    if (field.contains(QLatin1String("status_date")))
        return QStringLiteral("--today");
    if (field.contains(QLatin1String("start_date")))
        return QStringLiteral("--start");
    static const QRegularExpression task(QStringLiteral("tasks\\[(\\d+)\\]\\.(\\w+)"));
    if (const QRegularExpressionMatch m = task.match(field); m.hasMatch())
        return QCoreApplication::translate("pipeplan::cli", "--tasks row %1, %2")
            .arg(m.captured(1).toInt() + 1)
            .arg(m.captured(2));
    return field;
}

/// What montecarlo prints, from a task file or from a plan: the simulated project (`mc` over
/// `section.simulated`, the PERT beside it) and its finish dates when the project has a start.
int printMonteCarlo(QTextStream &out, bool asJson, const ProjectSettings &project,
                    const ProjectSection &section, const estimate::MonteCarloResult &mc,
                    const std::optional<estimate::FinishDates> &dates, QDate pertDate)
{
    const std::vector<estimate::Task> &tasks = project.tasks;
    const estimate::PertResult &pert = section.simulatedPert;
    const estimate::MonteCarloOptions &options = project.monteCarlo;
    const QString distribution = options.distribution == estimate::Distribution::PertBeta
                                     ? QStringLiteral("pert")
                                     : QStringLiteral("triangular");
    if (asJson) {
        QJsonArray path;
        for (int task : pert.criticalPath)
            path.append(task + 1);
        QJsonArray criticality;
        for (double share : mc.criticality)
            criticality.append(share);
        QJsonArray tornado;
        for (const estimate::TornadoBar &bar : mc.tornado)
            tornado.append(
                QJsonObject{{QStringLiteral("task"), bar.task + 1},
                            {QStringLiteral("name"), tasks[static_cast<size_t>(bar.task)].name},
                            {QStringLiteral("p90_low"), bar.p90LowHours},
                            {QStringLiteral("p90_high"), bar.p90HighHours}});
        QJsonObject json{{QStringLiteral("trials"), mc.trials},
                         {QStringLiteral("mean"), mc.meanHours},
                         {QStringLiteral("p50"), mc.p50Hours},
                         {QStringLiteral("p80"), mc.p80Hours},
                         {QStringLiteral("p90"), mc.p90Hours},
                         {QStringLiteral("p95"), mc.p95Hours},
                         {QStringLiteral("pert_mean"), pert.meanHours},
                         {QStringLiteral("pert_sigma"), pert.sigmaHours},
                         {QStringLiteral("unit"), QStringLiteral("hours")},
                         {QStringLiteral("min"), mc.minHours},
                         {QStringLiteral("max"), mc.maxHours},
                         {QStringLiteral("seed"), static_cast<double>(options.seed)},
                         {QStringLiteral("distribution"), distribution},
                         {QStringLiteral("tasks"), static_cast<double>(tasks.size())},
                         {QStringLiteral("critical_path"), path},
                         {QStringLiteral("criticality"), criticality},
                         {QStringLiteral("tornado"), tornado},
                         {QStringLiteral("tornado_trials"), mc.tornadoTrials}};
        if (dates) {
            json.insert(QStringLiteral("start"), estimate::isoDate(*project.startDate));
            json.insert(QStringLiteral("pert_date"), estimate::isoDate(pertDate));
            json.insert(QStringLiteral("p50_date"), estimate::isoDate(dates->p50));
            json.insert(QStringLiteral("p80_date"), estimate::isoDate(dates->p80));
            json.insert(QStringLiteral("p90_date"), estimate::isoDate(dates->p90));
            json.insert(QStringLiteral("p95_date"), estimate::isoDate(dates->p95));
        }
        if (section.forecast) {
            json.insert(
                QStringLiteral("forecast"),
                QJsonObject{{QStringLiteral("status_date"), estimate::isoDate(*section.statusDate)},
                            {QStringLiteral("done_tasks"), section.pace.doneTasks},
                            {QStringLiteral("pace_ratio"), section.pace.ratio()},
                            {QStringLiteral("pace_applied"), section.paceRatio},
                            {QStringLiteral("remaining"), true}});
        }
        printJson(out, json);
        return kExitOk;
    }
    const bool sequential = estimate::runsInSequence(tasks);
    // The count is a plain variable: lupdate drops a translate() whose count names a scope.
    const int taskCount = format::numerus(static_cast<double>(tasks.size()));
    const QString taskCountText = format::plural(
        QCoreApplication::translate("pipeplan::cli", "%n task(s)", nullptr, taskCount),
        static_cast<double>(tasks.size()));
    const QString plan =
        sequential
            ? QCoreApplication::translate("pipeplan::cli", "%1 in sequence").arg(taskCountText)
            : QCoreApplication::translate("pipeplan::cli", "%1, critical path: tasks %2")
                  .arg(taskCountText, taskList(pert.criticalPath));
    auto withDays = [](double hours) {
        return hoursText(hours) + QStringLiteral("  ") +
               QCoreApplication::translate("pipeplan::cli", "(%1 working days)")
                   .arg(format::grouped(hours / estimate::kHoursPerWorkingDay, 2));
    };
    printRows(
        out,
        {
            {QCoreApplication::translate("pipeplan::cli", "Plan"), plan},
            {QCoreApplication::translate("pipeplan::cli", "Simulation"),
             QCoreApplication::translate("pipeplan::cli", "%1, %2, seed %3")
                 .arg(format::count(mc.trials,
                                    QCoreApplication::translate("pipeplan::cli", "trials")),
                      options.distribution == estimate::Distribution::PertBeta
                          ? QCoreApplication::translate("pipeplan::cli", "PERT-beta")
                          : QCoreApplication::translate("pipeplan::cli", "triangular"),
                      QString::number(options.seed))},
            {QCoreApplication::translate("pipeplan::cli", "PERT mean"), withDays(pert.meanHours)},
            {QCoreApplication::translate("pipeplan::cli", "PERT sigma"),
             hoursText(pert.sigmaHours)},
            {QCoreApplication::translate("pipeplan::cli", "Monte Carlo mean"),
             withDays(mc.meanHours)},
            {QStringLiteral("  ") + QCoreApplication::translate("pipeplan::cli", "P50"),
             withDays(mc.p50Hours)},
            {QStringLiteral("  ") + QCoreApplication::translate("pipeplan::cli", "P80"),
             withDays(mc.p80Hours)},
            {QStringLiteral("  ") + QCoreApplication::translate("pipeplan::cli", "P90"),
             withDays(mc.p90Hours)},
            {QStringLiteral("  ") + QCoreApplication::translate("pipeplan::cli", "P95"),
             withDays(mc.p95Hours)},
            {QStringLiteral("  ") + QCoreApplication::translate("pipeplan::cli", "Range"),
             QCoreApplication::translate("pipeplan::cli", "%1 to %2")
                 .arg(format::grouped(mc.minHours, 2), hoursText(mc.maxHours))},
        });
    if (section.forecast) {
        out << QCoreApplication::translate(
                   "pipeplan::cli", "Forecast from %1: %2 done, pace %3 (actual / estimate)%4; the "
                                    "hours above are the remaining work.")
                   .arg(estimate::isoDate(*section.statusDate),
                        format::count(section.pace.doneTasks,
                                      QCoreApplication::translate("pipeplan::cli", "tasks")),
                        format::trimmed(section.pace.ratio(), 2),
                        section.paceRatio != 1.0
                            ? QCoreApplication::translate("pipeplan::cli", ", applied")
                            : QCoreApplication::translate("pipeplan::cli", ", not applied"))
            << '\n';
    }
    if (dates) {
        printRows(
            out,
            {{QCoreApplication::translate("pipeplan::cli", "Start"),
              estimate::isoDate(*project.startDate)},
             {QCoreApplication::translate("pipeplan::cli", "PERT finish"),
              estimate::isoDate(pertDate)},
             {QStringLiteral("  ") + QCoreApplication::translate("pipeplan::cli", "P50 finish"),
              estimate::isoDate(dates->p50)},
             {QStringLiteral("  ") + QCoreApplication::translate("pipeplan::cli", "P80 finish"),
              estimate::isoDate(dates->p80)},
             {QStringLiteral("  ") + QCoreApplication::translate("pipeplan::cli", "P90 finish"),
              estimate::isoDate(dates->p90)},
             {QStringLiteral("  ") + QCoreApplication::translate("pipeplan::cli", "P95 finish"),
              estimate::isoDate(dates->p95)}});
    }
    if (!mc.tornado.empty()) {
        std::vector<std::pair<QString, QString>> rows;
        const size_t shown = std::min<size_t>(mc.tornado.size(), 5);
        for (size_t i = 0; i < shown; ++i) {
            const estimate::TornadoBar &bar = mc.tornado[i];
            const auto task = static_cast<size_t>(bar.task);
            rows.emplace_back(
                i == 0 ? QCoreApplication::translate("pipeplan::cli", "Risk drivers") : QString(),
                QCoreApplication::translate("pipeplan::cli",
                                            "%1: P90 %2 to %3, critical in %4 % of trials")
                    .arg(tasks[task].name, format::grouped(bar.p90LowHours, 1),
                         hoursText(bar.p90HighHours),
                         format::trimmed(100.0 * mc.criticality[task], 1)));
        }
        printRows(out, rows);
    }
    out << QCoreApplication::translate(
               "pipeplan::cli",
               "Hours (a working day is 8 h); a CSV without a unit column is read as hours.")
        << '\n';
    return kExitOk;
}

/// montecarlo FILE.json: the plan's project evaluated as every command evaluates a plan
/// (evaluatePlan), its Monte Carlo completed with the function the window's job runs
/// (completeBackground: projectEstimate, with and without buffers).
int runPlanMonteCarlo(const Flags &flags, QTextStream &out)
{
    if (flags.has(QStringLiteral("tasks")))
        throw InvalidInput{QCoreApplication::translate(
            "pipeplan::cli", "--tasks: not with a plan FILE (its project's tasks are "
                             "simulated)")};
    Plan plan = loadPlanArgument(flags);
    estimate::MonteCarloOptions &options = plan.scenario.project.monteCarlo;
    options.trials = static_cast<int>(
        flags.number(QStringLiteral("trials"), estimate::specs::trials, options.trials));
    options.seed = static_cast<std::uint64_t>(
        flags.number(QStringLiteral("seed"), fields::seed, static_cast<double>(options.seed)));
    if (const auto errors = validate(plan.scenario); !errors.empty())
        throw InvalidInput{oneLine(flagForKey(errors.front().field) + QStringLiteral(": ") +
                                   errors.front().message)};
    if (plan.scenario.project.tasks.empty())
        throw InvalidInput{
            QCoreApplication::translate("pipeplan::cli", "%1: the plan's project has no tasks")
                .arg(flags.positional().first())};
    PlanResult result = evaluatePlan(plan);
    completeBackground(result, plan, Background::MonteCarlo);
    const estimate::PlanEstimate &estimate = *result.monteCarlo.ready();
    std::optional<estimate::FinishDates> dates;
    QDate pertDate;
    if (const std::optional<ProjectDates> projected =
            projectDates(plan.scenario.project, result.project, estimate)) {
        dates = projected->monteCarlo;
        pertDate = projected->pertFinish;
    }
    return printMonteCarlo(out, flags.isSet(kJson.name), plan.scenario.project, result.project,
                           estimate.monteCarlo, dates, pertDate);
}

int runMonteCarlo(const Flags &flags, QTextStream &out)
{
    if (!flags.positional().isEmpty())
        return runPlanMonteCarlo(flags, out);
    const std::vector<estimate::Task> tasks = readTaskFile(flags);
    estimate::MonteCarloOptions options;
    options.trials = static_cast<int>(
        flags.number(QStringLiteral("trials"), estimate::specs::trials, options.trials));
    options.seed = static_cast<std::uint64_t>(
        flags.number(QStringLiteral("seed"), fields::seed, static_cast<double>(options.seed)));
    const QString distribution = flags.has(QStringLiteral("distribution"))
                                     ? flags.text(QStringLiteral("distribution"))
                                     : QStringLiteral("pert");
    if (distribution == QLatin1String("pert")) {
        options.distribution = estimate::Distribution::PertBeta;
    } else if (distribution == QLatin1String("triangular")) {
        options.distribution = estimate::Distribution::Triangular;
    } else {
        throw InvalidInput{
            QCoreApplication::translate(
                "pipeplan::cli", "--distribution: unknown distribution '%1' (pert or triangular)")
                .arg(distribution)};
    }
    if (flags.has(QStringLiteral("correlation")))
        options.categoryCorrelation = fractionFlagValue(QStringLiteral("--correlation"),
                                                        flags.text(QStringLiteral("correlation")));
    if (const auto errors = estimate::validate(options); !errors.empty())
        throw InvalidInput{flagForKey(errors.front().field) + QStringLiteral(": ") +
                           errors.front().message};
    options.criticality = true;
    options.tornado = true;

    // Dates and the forecast: the same core functions as the window's plan.
    ProjectSettings project;
    project.tasks = tasks;
    project.monteCarlo = options;
    project.calendar = calendarFromFlags(flags);
    if (flags.has(QStringLiteral("start")))
        project.startDate = dateFlag(flags, QStringLiteral("start"));
    if (flags.has(QStringLiteral("today")))
        project.statusDate = dateFlag(flags, QStringLiteral("today"));
    project.scaleByPace = !flags.isSet(QStringLiteral("no-pace"));
    Scenario scenario;
    scenario.project = project;
    if (const auto errors = validate(scenario); !errors.empty())
        throw InvalidInput{oneLine(cliFieldName(errors.front().field) + QStringLiteral(": ") +
                                   errors.front().message)};
    const ProjectSection section = projectSection(project, QDate::currentDate());
    const std::vector<estimate::Task> &simulated = section.simulated;
    const estimate::PertResult pert = section.simulatedPert;
    const estimate::MonteCarloResult mc = estimate::monteCarlo(simulated, options);
    // The dates come from core's projectDates, as the window's and the report's do; the CLI has
    // no buffers, so its buffered run is the same run.
    std::optional<estimate::FinishDates> dates;
    QDate pertDate;
    {
        estimate::PlanEstimate planned;
        planned.pert = pert;
        planned.pertBuffered = pert;
        planned.monteCarlo = mc;
        planned.monteCarloBuffered = mc;
        if (const std::optional<ProjectDates> projected = projectDates(project, section, planned)) {
            dates = projected->monteCarlo;
            pertDate = projected->pertFinish;
        }
    }
    return printMonteCarlo(out, flags.isSet(kJson.name), project, section, mc, dates, pertDate);
}

/// A share of items or a rate: "0.7" or "70%". Problems start with `label`; `tooLarge` is the
/// hint for a plain number above the range (someone meaning a percentage).
double fractionValue(const QString &label, const QString &text, const FieldSpec &spec,
                     const QString &tooLarge = {})
{
    const bool percent = text.trimmed().endsWith(QLatin1Char('%'));
    const numparse::Parsed parsed = numparse::fraction(text);
    if (!parsed.value)
        throw InvalidInput{label + QStringLiteral(": ") + parsed.error};
    const double value = *parsed.value;
    if (auto reason = checkValue(spec, value)) {
        QString message = label + QStringLiteral(": ") + *reason;
        if (!percent && value > spec.max)
            message += QStringLiteral(" (") +
                       (tooLarge.isEmpty()
                            ? QCoreApplication::translate("pipeplan::cli", "a fraction: 0.1 or 10%")
                            : tooLarge) +
                       QStringLiteral(")");
        throw InvalidInput{message};
    }
    return value;
}

/// --NAME as a fraction or a percentage, `fallback` when absent.
double fractionFlag(const Flags &flags, const QString &name, const FieldSpec &spec, double fallback)
{
    if (!flags.has(name))
        return fallback;
    return fractionValue(QStringLiteral("--") + name, flags.text(name), spec);
}

/// A plain number in a compound value such as SHARE:MINUTES.
double partValue(const QString &label, const QString &text, const FieldSpec &spec)
{
    const numparse::Parsed parsed = numparse::number(text);
    if (!parsed.value)
        throw InvalidInput{label + QStringLiteral(": ") + parsed.error};
    if (auto reason = checkValue(spec, *parsed.value))
        throw InvalidInput{label + QStringLiteral(": ") + *reason};
    return *parsed.value;
}

/// With --normalize a stratum's share is a weight, such as its count of pilot items.
const FieldSpec kShareWeight{"share", "share weight", "", 0, 1e12};

/// One --stratum SHARE:MINUTES[:REVIEW_MINUTES]; with `weights` (--normalize) SHARE may be any
/// weight at or above 0.
estimate::Stratum parseStratum(const QString &value, bool weights)
{
    const QString label = QStringLiteral("--stratum '%1'").arg(value);
    const QStringList parts = value.split(QLatin1Char(':'));
    if (parts.size() < 2 || parts[1].trimmed().isEmpty())
        throw InvalidInput{
            label + QCoreApplication::translate("pipeplan::cli",
                                                ": no minutes per item: give SHARE:MINUTES, "
                                                "e.g. 0.7:1.5 (70 % of the items at 1.5 min)")};
    if (parts.size() > 3)
        throw InvalidInput{label + QCoreApplication::translate(
                                       "pipeplan::cli",
                                       ": expected SHARE:MINUTES or SHARE:MINUTES:REVIEW_MINUTES")};
    estimate::Stratum stratum;
    stratum.share = fractionValue(
        label + QCoreApplication::translate("pipeplan::cli", ": share"), parts[0],
        weights ? kShareWeight : estimate::specs::share,
        QCoreApplication::translate("pipeplan::cli",
                                    "a fraction: 0.7 or 70%; or add --normalize to give weights"));
    stratum.minutesPerItem =
        partValue(label + QCoreApplication::translate("pipeplan::cli", ": minutes per item"),
                  parts[1], estimate::specs::minutesPerItem);
    if (parts.size() == 3)
        stratum.reviewMinutesPerItem = partValue(
            label + QCoreApplication::translate("pipeplan::cli", ": review minutes per item"),
            parts[2], estimate::specs::minutesPerItem);
    stratum.name = QCoreApplication::translate("pipeplan::cli", "stratum %1").arg(value);
    return stratum;
}

/// The flag that sets a LabelingInputs field of estimate::validate().
QString labelingFlagForField(const QString &field, const QStringList &strata)
{
    static const QHash<QString, QString> flagOf{
        {QStringLiteral("items"), QStringLiteral("--items")},
        {QStringLiteral("strata"), QStringLiteral("--stratum")},
        {QStringLiteral("qc_rate"), QStringLiteral("--qc-rate")},
        {QStringLiteral("adjudication_share"), QStringLiteral("--adjudication")},
        {QStringLiteral("adjudication_minutes_per_item"), QStringLiteral("--adjudication")},
        {QStringLiteral("annotators"), QStringLiteral("--annotators")},
        {QStringLiteral("hours_per_week"), QStringLiteral("--hours-per-week")},
        {QStringLiteral("first_week_productivity"), QStringLiteral("--ramp-up")},
        {QStringLiteral("contingency"), QStringLiteral("--contingency")},
        {QStringLiteral("hourly_rate"), QStringLiteral("--hourly-rate")},
        {QStringLiteral("tooling_cost"), QStringLiteral("--tooling-cost")}};
    if (field.startsWith(QLatin1String("strata["))) {
        const int index = field.mid(7, field.indexOf(QLatin1Char(']')) - 7).toInt();
        return QStringLiteral("--stratum '%1'").arg(strata.value(index));
    }
    return flagOf.value(field, field);
}

/// The labeling inputs from the flags; every problem names its flag.
estimate::LabelingInputs labelingFromFlags(const Flags &flags)
{
    estimate::LabelingInputs in;
    in.items = flags.number(QStringLiteral("items"), estimate::specs::items);
    const QStringList strata = flags.repeated(QStringLiteral("stratum"));
    if (strata.isEmpty())
        throw InvalidInput{QCoreApplication::translate(
            "pipeplan::cli", "--stratum: required, one SHARE:MINUTES per stratum "
                             "(e.g. --stratum 0.7:1.5 --stratum 0.3:6)")};
    double shareSum = 0;
    for (const QString &value : strata) {
        in.strata.push_back(parseStratum(value, flags.isSet(QStringLiteral("normalize"))));
        shareSum += *in.strata.back().share;
    }
    if (!(shareSum > 0))
        throw InvalidInput{QCoreApplication::translate(
            "pipeplan::cli", "--stratum: shares sum to 0: give at least one stratum "
                             "a share above 0")};
    if (flags.isSet(QStringLiteral("normalize"))) {
        in = in.normalized();
    } else if (!(std::fabs(shareSum - 1.0) <= 1e-9)) {
        QString sum = format::trimmed(shareSum, 6);
        if (sum == QLatin1String("1"))
            sum = format::plainNumber(shareSum);
        throw InvalidInput{
            QCoreApplication::translate("pipeplan::cli",
                                        "--stratum: shares sum to %1, not 1: correct them or "
                                        "add --normalize to scale them to sum to 1")
                .arg(sum)};
    }
    in.qcSampleRate = fractionFlag(flags, QStringLiteral("qc-rate"), estimate::specs::rate, 0.0);
    in.contingency =
        fractionFlag(flags, QStringLiteral("contingency"), estimate::specs::buffer, 0.0);
    in.adjudicationShare = 0;
    if (flags.has(QStringLiteral("adjudication"))) {
        const QString value = flags.text(QStringLiteral("adjudication"));
        const QString label = QStringLiteral("--adjudication '%1'").arg(value);
        const QStringList parts = value.split(QLatin1Char(':'));
        if (parts.size() > 2)
            throw InvalidInput{label + QCoreApplication::translate(
                                           "pipeplan::cli", ": expected SHARE or SHARE:MINUTES")};
        in.adjudicationShare =
            fractionValue(label + QCoreApplication::translate("pipeplan::cli", ": share"), parts[0],
                          estimate::specs::rate);
        if (parts.size() == 2)
            in.adjudicationMinutesPerItem = partValue(
                label + QCoreApplication::translate("pipeplan::cli", ": minutes per item"),
                parts[1], estimate::specs::minutesPerItem);
    }
    if (flags.has(QStringLiteral("ramp-up"))) {
        in.firstWeekProductivity =
            fractionFlag(flags, QStringLiteral("ramp-up"), estimate::specs::productivity, 1.0);
        if (!flags.has(QStringLiteral("annotators")))
            throw InvalidInput{QCoreApplication::translate(
                "pipeplan::cli", "--annotators: required with --ramp-up (the "
                                 "team's size sets the first week's hours)")};
        in.annotators = flags.number(QStringLiteral("annotators"), estimate::specs::annotators);
        in.hoursPerWeek = flags.number(QStringLiteral("hours-per-week"),
                                       estimate::specs::hoursPerWeek, in.hoursPerWeek);
    } else {
        for (const char *name : {"annotators", "hours-per-week"}) {
            if (flags.has(QLatin1String(name)))
                throw InvalidInput{
                    QCoreApplication::translate("pipeplan::cli",
                                                "--%1: only used with --ramp-up (the first week's "
                                                "productivity, e.g. 0.6)")
                        .arg(QLatin1String(name))};
        }
    }
    in.hourlyRate = flags.number(QStringLiteral("hourly-rate"), estimate::specs::money, 0.0);
    in.toolingCost = flags.number(QStringLiteral("tooling-cost"), estimate::specs::money, 0.0);
    if (const auto errors = estimate::validate(in); !errors.empty())
        throw InvalidInput{labelingFlagForField(errors.front().field, strata) +
                           QStringLiteral(": ") + errors.front().message};
    return in;
}

QString percentText(double fraction)
{
    return format::trimmed(fraction * 100, 2) + QStringLiteral(" %");
}

int runLabeling(const Flags &flags, QTextStream &out)
{
    const estimate::LabelingInputs in = labelingFromFlags(flags);
    const estimate::LabelingEstimate e = estimate::estimateLabeling(in);
    if (flags.isSet(kJson.name)) {
        QJsonArray strata;
        for (const estimate::Stratum &s : in.strata) {
            const double items = *s.share * in.items;
            strata.append(QJsonObject{{QStringLiteral("share"), *s.share},
                                      {QStringLiteral("minutes_per_item"), s.minutesPerItem},
                                      {QStringLiteral("review_minutes_per_item"),
                                       s.reviewMinutesPerItem.value_or(s.minutesPerItem)},
                                      {QStringLiteral("items"), items},
                                      {QStringLiteral("hours"), items * s.minutesPerItem / 60.0}});
        }
        printJson(out, QJsonObject{{QStringLiteral("items"), e.items},
                                   {QStringLiteral("base_hours"), e.baseHours},
                                   {QStringLiteral("qc_hours"), e.qcHours},
                                   {QStringLiteral("adjudication_hours"), e.adjudicationHours},
                                   {QStringLiteral("ramp_up_hours"), e.rampUpHours},
                                   {QStringLiteral("annotator_hours"), e.annotatorHours},
                                   {QStringLiteral("reviewer_hours"), e.reviewerHours},
                                   {QStringLiteral("contingency_hours"), e.contingencyHours},
                                   {QStringLiteral("total_hours"), e.totalHours},
                                   {QStringLiteral("cost"), e.cost},
                                   {QStringLiteral("qc_rate"), in.qcSampleRate},
                                   {QStringLiteral("contingency"), in.contingency},
                                   {QStringLiteral("strata"), strata}});
        return kExitOk;
    }
    auto hours = [](double value) { return format::trimmed(value, 2) + QStringLiteral(" h"); };
    std::vector<std::pair<QString, QString>> rows{
        {QCoreApplication::translate("pipeplan::cli", "Items"),
         (in.strata.size() == 1 ? QCoreApplication::translate("pipeplan::cli", "%1 in %2 stratum")
                                : QCoreApplication::translate("pipeplan::cli", "%1 in %2 strata"))
             .arg(format::count(e.items, QCoreApplication::translate("pipeplan::cli", "items")),
                  QString::number(in.strata.size()))}};
    for (size_t i = 0; i < in.strata.size(); ++i) {
        const estimate::Stratum &s = in.strata[i];
        const double items = *s.share * in.items;
        rows.emplace_back(
            QStringLiteral("  ") +
                QCoreApplication::translate("pipeplan::cli", "Stratum %1").arg(i + 1),
            QCoreApplication::translate("pipeplan::cli", "%1 at %2 min: %3, %4")
                .arg(percentText(*s.share), format::trimmed(s.minutesPerItem, 4),
                     format::count(items, QCoreApplication::translate("pipeplan::cli", "items")),
                     hours(items * s.minutesPerItem / 60.0)));
    }
    rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Base labeling"),
                      hours(e.baseHours));
    rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "QC review (%1)")
                          .arg(percentText(in.qcSampleRate)),
                      hours(e.qcHours));
    if (in.adjudicationShare > 0)
        rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Adjudication (%1)")
                              .arg(percentText(in.adjudicationShare)),
                          hours(e.adjudicationHours));
    if (flags.has(QStringLiteral("ramp-up")))
        rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Ramp-up (week 1 at %1)")
                              .arg(percentText(in.firstWeekProductivity)),
                          hours(e.rampUpHours));
    rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Contingency (%1)")
                          .arg(percentText(in.contingency)),
                      hours(e.contingencyHours));
    rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Total"),
                      hours(e.totalHours) + QStringLiteral("  ") +
                          QCoreApplication::translate("pipeplan::cli",
                                                      "(annotators %1, reviewers %2 "
                                                      "before contingency)")
                              .arg(hours(e.annotatorHours), hours(e.reviewerHours)));
    if (in.hourlyRate > 0 || in.toolingCost > 0)
        rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Cost"),
                          format::grouped(e.cost, 2));
    printRows(out, rows);
    return kExitOk;
}

} // namespace

Command monteCarloCommand()
{
    return {
        QStringLiteral("montecarlo"),
        QCoreApplication::translate(
            "pipeplan::cli",
            "project duration from three-point task estimates: PERT and Monte Carlo"),
        {{QStringLiteral("tasks"), FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli", "CSV file (required without FILE): name,optimistic,most_likely,"
                               "pessimistic, then optionally category, unit and depends_on")},
         {QStringLiteral("trials"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli", "trials, 1 to 1,000,000; default 100,000")},
         {QStringLiteral("seed"), FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli", "random seed N; the same seed gives the same result; default 1")},
         {QStringLiteral("distribution"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "pert (PERT-beta) or triangular; default pert")},
         {QStringLiteral("correlation"), FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli", "rank correlation between tasks of one category, 0 to 0.95 (or %); "
                               "default 0 (independent)")},
         {QStringLiteral("start"), FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli", "start date YYYY-MM-DD: every percentile also as a finish date")},
         {QStringLiteral("calendar"), FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli",
              "working days, e.g. mon-fri (default: the locale's week) or sun-thu")},
         {QStringLiteral("hours-per-day"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "working hours per day of the calendar; default 8")},
         {QStringLiteral("holidays"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli", "days off, YYYY-MM-DD separated by commas")},
         {QStringLiteral("today"), FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli",
              "status date YYYY-MM-DD of the status columns' forecast; default today")},
         {QStringLiteral("no-pace"), FlagKind::Switch,
          QCoreApplication::translate(
              "pipeplan::cli",
              "do not scale the remaining work by the done tasks' actual / estimate")},
         kJson,
         kHelp},
        runMonteCarlo,
        1,
        QCoreApplication::translate(
            "pipeplan::cli",
            "With a plan FILE.json instead of --tasks: the plan's project (its tasks, buffers,\n"
            "calendar and Monte Carlo settings), evaluated as the window evaluates it;\n"
            "--trials and --seed override the plan's, --set KEY=VALUE changes a value first.\n"
            "Tasks run in the file's order, each after the one before, unless a\n"
            "depends_on column lists predecessors (data row numbers, 1 is the first under\n"
            "the header).\n"
            "Every result is in HOURS. A unit column (hours, days = 8 h, weeks = 40 h) converts\n"
            "each task; without one the times are read as hours, so the results are in the\n"
            "CSV's own units. pert_mean and pert_sigma: PERT along the critical path,\n"
            "sum (a + 4m + b) / 6 and sqrt(sum ((b - a) / 6)^2). mean, p50, p80, p90, p95:\n"
            "the simulated plan. JSON: trials, mean, p50, p80, p90, p95, pert_mean, pert_sigma\n"
            "(+ unit, min, max, seed, distribution, tasks, critical_path: 1-based task\n"
            "numbers, the n-th task of the file), criticality (per task, the share of trials\n"
            "it is on the longest path), tornado ([{task, name, p90_low, p90_high}]: the P90\n"
            "with that task at its optimistic and its pessimistic time, largest swing first),\n"
            "and with --start: start, pert_date, p50_date, p80_date, p90_date, p95_date.\n"
            "Status columns: status (todo, in_progress, done), actual (a done task's time in\n"
            "its unit; for a task in progress its share done, 0.4 or 40%), finished_on\n"
            "(YYYY-MM-DD), share_done. With any of them the simulation runs the REMAINING work\n"
            "from --today, the remaining tasks scaled by the done tasks' actual / estimate\n"
            "(unless --no-pace); JSON adds forecast {status_date, done_tasks, pace_ratio,\n"
            "pace_applied}.")};
}

Command labelingCommand()
{
    return {
        QStringLiteral("labeling"),
        QCoreApplication::translate(
            "pipeplan::cli",
            "labeling effort: base, QC, adjudication, ramp-up and contingency hours"),
        {{QStringLiteral("items"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli", "items to label (required), e.g. 100k")},
         {QStringLiteral("stratum"), FlagKind::Repeated,
          QCoreApplication::translate(
              "pipeplan::cli",
              "SHARE:MINUTES, one per stratum (required, repeatable): share of the "
              "items (0.7 or 70%) and labeling minutes per item; "
              "SHARE:MINUTES:REVIEW sets the QC review minutes (default: MINUTES)")},
         {QStringLiteral("qc-rate"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "share of items QC-reviewed, e.g. 0.1 or 10%; default 0")},
         {QStringLiteral("contingency"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "contingency on the total, e.g. 0.2 or 20%; default 0")},
         {QStringLiteral("adjudication"), FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli", "SHARE[:MINUTES]: share of items adjudicated and minutes each "
                               "(default: the stratum's labeling minutes); default none")},
         {QStringLiteral("ramp-up"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "first week's productivity in (0, 1], e.g. 0.6 or 60%; needs "
                                      "--annotators; default 1 (no ramp-up)")},
         {QStringLiteral("annotators"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "annotators in the first week (with --ramp-up)")},
         {QStringLiteral("hours-per-week"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "hours per annotator per week (with --ramp-up); default 40")},
         {QStringLiteral("hourly-rate"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "blended rate per hour for the cost; default 0")},
         {QStringLiteral("tooling-cost"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "tooling and cloud cost, added once; default 0")},
         {QStringLiteral("normalize"), FlagKind::Switch,
          QCoreApplication::translate(
              "pipeplan::cli",
              "scale the shares to sum to 1 (otherwise they must); shares may then "
              "be any weights, e.g. pilot counts 350:1.5 150:6")},
         kJson,
         kHelp},
        runLabeling,
        0,
        QCoreApplication::translate(
            "pipeplan::cli",
            "base = sum items x share x minutes / 60; QC = qc-rate x sum items x share x review\n"
            "minutes / 60; adjudication = its share x sum items x share x its minutes / 60;\n"
            "ramp-up = min(annotators x hours per week, base / r) x (1 - r);\n"
            "total = (base + QC + adjudication + ramp-up) x (1 + contingency);\n"
            "cost = total x hourly rate + tooling. --qc-rate and --contingency default to 0, so\n"
            "the result holds exactly what is passed. JSON: base_hours, qc_hours, total_hours\n"
            "(+ items, adjudication_hours, ramp_up_hours, annotator_hours, reviewer_hours,\n"
            "contingency_hours, cost, qc_rate, contingency, strata).")};
}

} // namespace pipeplan::cli
