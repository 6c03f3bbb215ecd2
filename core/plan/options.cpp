#include "core/plan/options.h"

#include "core/base/format.h"
#include "core/base/translate.h"
#include "core/model/uncertainty.h"
#include "core/plan/evaluation.h"
#include "core/plan/hardwaretext.h"
#include "core/plan/whatittakes.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

#include <cmath>
#include <set>

namespace pipeplan::options {

PIPEPLAN_TR_CONTEXT("pipeplan::options")

namespace {

QString setPath(int index, const QString &key)
{
    return QStringLiteral("options[%1].set.%2").arg(index).arg(key);
}

/// The option applied to the base plan's file object (its options left out).
std::optional<Scenario> applyTo(QJsonObject root, const PlanOption &option, int index,
                                FieldError *error)
{
    for (const auto &[key, text] : option.set) {
        if (const std::optional<FieldError> refused = scenariofile::setValue(root, key, text)) {
            if (error)
                *error = {setPath(index, key), refused->message};
            return std::nullopt;
        }
    }
    scenariofile::LoadResult loaded = scenariofile::fromJsonObject(root);
    if (!loaded.plan) {
        // Refused at one of the option's own keys: named by it; else by the file's field the
        // overrides broke (a device that makes the batch not fit, say).
        if (error)
            *error =
                option.set.count(loaded.error.field) != 0
                    ? FieldError{setPath(index, loaded.error.field), loaded.error.message}
                    : FieldError{
                          QStringLiteral("options[%1].set (%2)").arg(index).arg(loaded.error.field),
                          loaded.error.message};
        return std::nullopt;
    }
    return loaded.plan->scenario;
}

QJsonObject baseObject(const Scenario &base)
{
    Scenario plain = base;
    plain.options.clear();
    return scenariofile::toJsonObject(Plan{plain, std::nullopt});
}

/// The lever nearest to meeting the deadline alone: the smallest change by ratio.
QString biggestLever(const whatittakes::Result &takes)
{
    if (!takes.active)
        return {};
    if (takes.meetsNow)
        return tr("meets it as it is");
    const whatittakes::Row *best = nullptr;
    double bestDistance = 0;
    for (const whatittakes::Row &row : takes.rows) {
        if (!row.needed || !(row.current > 0) || !(*row.needed > 0))
            continue;
        const double distance = std::abs(std::log(*row.needed / row.current));
        if (!best || distance < bestDistance) {
            best = &row;
            bestDistance = distance;
        }
    }
    if (!best)
        return tr("no lever alone");
    return best->lever + (best->atLeast ? tr(" at least ") : tr(" at most ")) + best->neededText;
}

/// A row from an evaluation already made: the model in force, its ranges' result and what it
/// would take.
Row rowFrom(const Scenario &typed, const HardwareInForce &hardware, const ScenarioResult &r,
            const uncertainty::Result &spread, const whatittakes::Result &takes)
{
    Row row;
    row.runtimeSeconds = r.effectiveRuntimeSeconds;
    row.throughputPerSecond = r.throughputUsersPerSecond;
    row.workerHours = r.cost.workerHours;
    row.cost = r.cost.total;
    row.currency = r.cost.currency;
    if (r.deadline)
        row.meetsDeadline = r.deadline->meets;
    if (typed.hardware.enabled && !hardware.inForce) {
        row.fitsMemory = false;
        row.memoryText = explain::hardwareProblem(hardware);
    } else if (r.memory.checked && !r.memory.fits) {
        row.fitsMemory = false;
        row.memoryText = r.memory.message;
    }
    if (spread.active) {
        row.p50Seconds = spread.runtimeSeconds.p50;
        row.p90Seconds = spread.runtimeSeconds.p90;
    }
    row.biggestLever = biggestLever(takes);
    return row;
}

/// An option's row: evaluated as its own file would be.
Row rowOf(const Scenario &scenario)
{
    const HardwareInForce hardware = hardwareInForce(scenario);
    const Scenario inForce = scenarioInForce(scenario, hardware);
    uncertainty::Result spread;
    if (!inForce.uncertainty.ranges.empty() || inForce.track.inForce())
        spread = uncertainty::evaluate(inForce, *uncertainty::draw(inForce));
    return rowFrom(scenario, hardware, evaluate(inForce), spread,
                   whatittakes::whatItTakes(inForce, hardware.inForce));
}

/// A single JSON value as the text `--set` takes for it.
QString valueText(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return numberText(value.toDouble());
    case QJsonValue::String:
        return value.toString();
    default:
        return QStringLiteral("null"); // unset, or absent: the reader takes null as unset
    }
}

/// A scenario file's object flattened to `--set`'s key paths: its single values by path and
/// its lists' lengths by path.
struct Flat
{
    std::map<QString, QJsonValue> values;
    std::map<QString, qsizetype> lists;
};

void flatten(const QJsonValue &value, const QString &path, Flat &flat)
{
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            flatten(it.value(), path.isEmpty() ? it.key() : path + QLatin1Char('.') + it.key(),
                    flat);
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        flat.lists[path] = array.size();
        for (qsizetype i = 0; i < array.size(); ++i)
            flatten(array.at(i), path + QStringLiteral("[%1]").arg(i), flat);
    } else {
        flat.values[path] = value;
    }
}

/// The plan's inputs as the file writes them: what an option can override. The options, the
/// pinned baseline and the report's sections belong to the plan; the format's name and version
/// to the file.
QJsonObject inputsObject(const Scenario &scenario)
{
    QJsonObject root = baseObject(scenario);
    for (const char *key : {"format", "version", "baseline", "report", "options"})
        root.remove(QLatin1String(key));
    return root;
}

/// `path` is `prefix` or inside it ("stages[2].name" is inside "stages").
bool within(const QString &path, const QString &prefix)
{
    return path.startsWith(prefix) &&
           (path.size() == prefix.size() || path[prefix.size()] == QLatin1Char('.') ||
            path[prefix.size()] == QLatin1Char('['));
}

} // namespace

QString numberText(double value)
{
    const double magnitude = std::abs(value);
    if (magnitude < 1e15 && value == std::floor(value))
        return QString::number(value, 'f', 0);
    if (magnitude >= 1e-4 && magnitude < 1e15)
        return QString::number(value, 'f', QLocale::FloatingPointShortest);
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

Differences differences(const Scenario &base, const Scenario &plan)
{
    Differences out;
    const QJsonObject baseRoot = inputsObject(base);
    const QJsonObject planRoot = inputsObject(plan);
    if (baseRoot == planRoot)
        return out;
    Flat from, to;
    flatten(baseRoot, QString(), from);
    flatten(planRoot, QString(), to);
    const QString rangesPath = QStringLiteral("uncertainty.ranges");
    const QString leversPath = QStringLiteral("goal.levers");

    // Ranges first: a range is set under its number's path and its point value follows its
    // median on load, so a ranged number's point is not an override of its own; a dropped range
    // is dropped by setting the number plainly.
    const auto rangesOf = [](const QJsonObject &root) {
        return root.value(QLatin1String("uncertainty"))
            .toObject()
            .value(QLatin1String("ranges"))
            .toObject();
    };
    const QJsonObject baseRanges = rangesOf(baseRoot);
    const QJsonObject planRanges = rangesOf(planRoot);
    for (auto it = planRanges.begin(); it != planRanges.end(); ++it)
        if (baseRanges.value(it.key()) != it.value())
            out.set[it.key()] = valueText(it.value());
    for (auto it = baseRanges.begin(); it != baseRanges.end(); ++it)
        if (!planRanges.contains(it.key())) {
            const auto point = to.values.find(it.key());
            out.set[it.key()] =
                point != to.values.end() ? valueText(point->second) : QStringLiteral("null");
        }

    // Lists: an element's values can be set, a list of another length cannot (but the levers,
    // which --set takes as one "across,up").
    QStringList lists;
    for (const auto &[path, size] : from.lists)
        if (!to.lists.count(path) || to.lists.at(path) != size)
            lists << path;
    for (const auto &[path, size] : to.lists)
        if (!from.lists.count(path))
            lists << path;
    lists.removeDuplicates();
    std::vector<QString> blocked;
    for (const QString &path : lists) {
        if (path == leversPath)
            continue;
        out.unreachable << path;
        blocked.push_back(path);
    }

    std::set<QString> paths;
    for (const auto &[path, value] : from.values)
        paths.insert(path);
    for (const auto &[path, value] : to.values)
        paths.insert(path);
    bool leversDiffer = lists.contains(leversPath);
    for (const QString &path : paths) {
        if (within(path, rangesPath) || planRanges.contains(path) || baseRanges.contains(path))
            continue;
        if (std::any_of(blocked.begin(), blocked.end(),
                        [&path](const QString &list) { return within(path, list); }))
            continue;
        const auto before = from.values.find(path);
        const auto after = to.values.find(path);
        const QJsonValue was = before != from.values.end() ? before->second : QJsonValue();
        const QJsonValue now = after != to.values.end() ? after->second : QJsonValue();
        if (was == now)
            continue;
        if (within(path, leversPath)) {
            leversDiffer = true;
            continue;
        }
        out.set[path] = valueText(now);
    }
    if (leversDiffer) {
        QStringList levers;
        const QJsonArray planLevers = planRoot.value(QLatin1String("goal"))
                                          .toObject()
                                          .value(QLatin1String("levers"))
                                          .toArray();
        for (const auto &lever : planLevers)
            levers << lever.toString();
        if (levers.size() == 2)
            out.set[leversPath] = levers.join(QLatin1Char(','));
        else
            out.unreachable << leversPath;
    }

    // The overrides must give the plan back as the file would read it.
    FieldError error;
    const std::optional<Scenario> applied =
        applyTo(baseObject(base), PlanOption{{}, out.set}, 0, &error);
    Scenario wanted = plan;
    wanted.options.clear();
    if (!applied) {
        out.unreachable << error.toString();
    } else {
        Scenario got = *applied;
        got.report = wanted.report;
        if (got != wanted && out.unreachable.isEmpty())
            out.unreachable << tr("an input the overrides do not reach");
    }
    return out;
}

std::optional<Scenario> apply(const Scenario &base, const PlanOption &option, int index,
                              FieldError *error)
{
    return applyTo(baseObject(base), option, index, error);
}

std::optional<std::map<QString, QString>> parseOverrides(const QString &text, QString *error)
{
    std::map<QString, QString> set;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString line = lines[i].trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        const QString key = eq > 0 ? line.left(eq).trimmed() : QString();
        if (key.isEmpty()) {
            *error = tr("line %1: expected key=value (like workload.keep_fraction=0.4), "
                        "got '%2'")
                         .arg(i + 1)
                         .arg(line);
            return std::nullopt;
        }
        if (!set.emplace(key, line.mid(eq + 1).trimmed()).second) {
            *error = tr("line %1: %2 is set twice").arg(i + 1).arg(key);
            return std::nullopt;
        }
    }
    return set;
}

QString overridesText(const std::map<QString, QString> &set)
{
    QStringList lines;
    for (const auto &[key, value] : set)
        lines << key + QLatin1Char('=') + value;
    return lines.join(QLatin1Char('\n'));
}

std::optional<QString> tooMany(qsizetype count)
{
    if (count <= kMaxOptions)
        return std::nullopt;
    return tr("has %1 options; at most %2")
        .arg(format::grouped(static_cast<double>(count), 0))
        .arg(kMaxOptions);
}

std::vector<FieldError> validate(const Scenario &scenario)
{
    std::vector<FieldError> errors;
    if (scenario.options.empty())
        return errors;
    // Counted before any is checked: checking one reads the whole plan again.
    if (const std::optional<QString> problem =
            tooMany(static_cast<qsizetype>(scenario.options.size()))) {
        errors.push_back({QStringLiteral("options"), *problem});
        return errors;
    }
    const QJsonObject root = baseObject(scenario);
    std::set<QString> names;
    for (size_t i = 0; i < scenario.options.size(); ++i) {
        const PlanOption &option = scenario.options[i];
        const auto index = static_cast<int>(i);
        const QString name = option.name.trimmed();
        if (name.isEmpty())
            errors.push_back({QStringLiteral("options[%1].name").arg(index),
                              tr("is empty: an option needs a name")});
        else if (!names.insert(name).second)
            errors.push_back({QStringLiteral("options[%1].name").arg(index),
                              tr("\"%1\" is the name of an earlier option").arg(name)});
        FieldError error;
        if (!applyTo(root, option, index, &error))
            errors.push_back(error);
    }
    return errors;
}

std::vector<Row> compare(const Scenario &typed, const HardwareInForce &hardware,
                         const ScenarioResult &model, const uncertainty::Result &spread,
                         const whatittakes::Result &takes)
{
    std::vector<Row> comparison;
    if (typed.options.empty())
        return comparison;
    Row plan = rowFrom(typed, hardware, model, spread, takes);
    plan.name = tr("This plan");
    comparison.push_back(plan);
    const QJsonObject root = baseObject(typed);
    for (size_t i = 0; i < typed.options.size(); ++i) {
        const PlanOption &option = typed.options[i];
        FieldError error;
        const std::optional<Scenario> scenario = applyTo(root, option, static_cast<int>(i), &error);
        Row row;
        if (scenario)
            row = rowOf(*scenario);
        else
            row.error = error.toString();
        row.name = option.name;
        row.option = static_cast<int>(i);
        comparison.push_back(row);
    }
    // Efficient: no other row at least as fast and as cheap, and better in one.
    for (Row &row : comparison) {
        if (!row.error.isEmpty())
            continue;
        row.efficient =
            std::none_of(comparison.begin(), comparison.end(), [&row](const Row &other) {
                return other.error.isEmpty() && other.runtimeSeconds <= row.runtimeSeconds &&
                       other.cost <= row.cost &&
                       (other.runtimeSeconds < row.runtimeSeconds || other.cost < row.cost);
            });
    }
    return comparison;
}

std::vector<QStringList> rows(const std::vector<Row> &comparison)
{
    const bool spread = std::any_of(comparison.begin(), comparison.end(),
                                    [](const Row &row) { return row.p50Seconds.has_value(); });
    const bool deadline = std::any_of(comparison.begin(), comparison.end(),
                                      [](const Row &row) { return row.meetsDeadline.has_value(); });
    QStringList header{tr("Option"), tr("Runtime")};
    if (spread)
        header << QStringLiteral("P50 · P90");
    header << tr("Throughput") << tr("Worker-hours") << tr("Cost") << tr("Deadline") << tr("Memory")
           << tr("Nearest lever");
    std::vector<QStringList> table{header};
    for (const Row &row : comparison) {
        QStringList cells{row.efficient ? row.name + QStringLiteral(" ★") : row.name};
        if (!row.error.isEmpty()) {
            cells << row.error;
            while (cells.size() < header.size())
                cells << QString();
            table.push_back(cells);
            continue;
        }
        cells << format::duration(row.runtimeSeconds);
        if (spread)
            cells << (row.p50Seconds ? format::duration(*row.p50Seconds) + QStringLiteral(" · ") +
                                           format::duration(*row.p90Seconds)
                                     : QStringLiteral("—"));
        cells << format::grouped(row.throughputPerSecond, 0) + QStringLiteral("/s")
              << format::grouped(row.workerHours, 0) << format::money(row.cost, row.currency)
              << (!row.meetsDeadline   ? QStringLiteral("—")
                  : *row.meetsDeadline ? tr("meets")
                                       : tr("misses"))
              << (row.fitsMemory ? tr("fits") : tr("does not fit"))
              << (deadline ? row.biggestLever : QString());
        table.push_back(cells);
    }
    return table;
}

} // namespace pipeplan::options
