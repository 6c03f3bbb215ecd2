#include "core/plan/scenariofile.h"

#include "core/plan/options.h"

#include "core/base/format.h"
#include "core/base/numparse.h"
#include "core/base/translate.h"
#include "core/hardware/device.h"
#include "core/hardware/model.h"
#include "core/model/fieldregistry.h"
#include "core/model/uncertainty.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <array>
#include <cmath>
#include <deque>
#include <functional>
#include <map>
#include <utility>

namespace pipeplan::scenariofile {

PIPEPLAN_TR_CONTEXT("pipeplan::scenariofile")

namespace {

QString typeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return tr("a boolean");
    case QJsonValue::Double:
        return tr("a number");
    case QJsonValue::String:
        return tr("a string");
    case QJsonValue::Array:
        return tr("an array");
    case QJsonValue::Object:
        return tr("an object");
    case QJsonValue::Undefined:
        break;
    }
    return tr("nothing");
}

/// Reads typed fields and remembers the first problem with its JSON path.
class Reader
{
public:
    bool failed() const { return m_error.has_value(); }
    FieldError error() const { return m_error.value_or(FieldError{}); }

    void fail(const QString &path, const QString &message)
    {
        if (!m_error)
            m_error = FieldError{path, message};
    }

    QJsonValue require(const QJsonObject &object, const QString &key, const QString &path)
    {
        QJsonValue value = object.value(key);
        if (value.isUndefined())
            fail(path, QCoreApplication::translate("pipeplan::scenariofile", "is missing"));
        return value;
    }

    double number(const QJsonObject &object, const QString &key, const QString &path)
    {
        const QJsonValue value = require(object, key, path);
        if (!value.isUndefined() && !value.isDouble())
            fail(path,
                 QCoreApplication::translate("pipeplan::scenariofile", "must be a number, got ") +
                     typeName(value));
        return value.toDouble();
    }

    std::optional<double> optionalNumber(const QJsonObject &object, const QString &key,
                                         const QString &path)
    {
        const QJsonValue value = object.value(key);
        if (value.isUndefined() || value.isNull())
            return std::nullopt;
        if (!value.isDouble()) {
            fail(path, QCoreApplication::translate("pipeplan::scenariofile",
                                                   "must be a number or null, got ") +
                           typeName(value));
            return std::nullopt;
        }
        return value.toDouble();
    }

    /// A number that may be absent (sections added in version 3): `fallback` then.
    double numberOr(const QJsonObject &object, const QString &key, const QString &path,
                    double fallback)
    {
        return object.contains(key) ? number(object, key, path) : fallback;
    }

    bool booleanOr(const QJsonObject &object, const QString &key, const QString &path,
                   bool fallback)
    {
        const QJsonValue value = object.value(key);
        if (value.isUndefined())
            return fallback;
        if (!value.isBool())
            fail(path, QCoreApplication::translate("pipeplan::scenariofile",
                                                   "must be true or false, got ") +
                           typeName(value));
        return value.toBool(fallback);
    }

    /// An optional section object: empty when absent.
    QJsonObject section(const QJsonObject &parent, const QString &key, const QString &path)
    {
        const QJsonValue value = parent.value(key);
        if (value.isUndefined() || value.isNull())
            return {};
        if (!value.isObject())
            fail(path,
                 QCoreApplication::translate("pipeplan::scenariofile", "must be an object, got ") +
                     typeName(value));
        return value.toObject();
    }

    QString string(const QJsonObject &object, const QString &key, const QString &path,
                   bool required)
    {
        const QJsonValue value = required ? require(object, key, path) : object.value(key);
        if (!value.isUndefined() && !value.isString())
            fail(path,
                 QCoreApplication::translate("pipeplan::scenariofile", "must be a string, got ") +
                     typeName(value));
        return value.toString();
    }

    QJsonObject object(const QJsonObject &parent, const QString &key, const QString &path)
    {
        const QJsonValue value = require(parent, key, path);
        if (!value.isUndefined() && !value.isObject())
            fail(path,
                 QCoreApplication::translate("pipeplan::scenariofile", "must be an object, got ") +
                     typeName(value));
        return value.toObject();
    }

    QJsonArray array(const QJsonObject &parent, const QString &key, const QString &path)
    {
        const QJsonValue value = require(parent, key, path);
        if (!value.isUndefined() && !value.isArray())
            fail(path,
                 QCoreApplication::translate("pipeplan::scenariofile", "must be an array, got ") +
                     typeName(value));
        return value.toArray();
    }

private:
    std::optional<FieldError> m_error;
};

using fieldregistry::Presence;

/// Writes the registry's numbers of `section` ("workload", "" for the scenario's top,
/// "hardware.training") into `object`: an unset number as null, or not at all when the row says
/// it is written only when set.
void writeRows(QJsonObject &object, const Scenario &s, QLatin1StringView section)
{
    for (const fieldregistry::Field &field : fieldregistry::fields()) {
        if (field.section() != section)
            continue;
        if (const std::optional<double> value = field.get(s))
            object.insert(field.key(), *value);
        else if (field.presence == Presence::Nullable)
            object.insert(field.key(), QJsonValue::Null);
    }
}

/// Which of a section's rows readRows reads.
enum class RowsRead
{
    All,
    PlainOnly, ///< not the numbers that may be unset (their section reads them itself)
};

/// A value that is no row (a text, a list) read among a section's rows, just before the row
/// whose member is `before`: the values of a file are read in the order they always were, so
/// the first bad one is still the one reported.
struct ReadBetween
{
    const void *before = nullptr;
    std::function<void()> read;
};

/// Whether the row's member is an integer (the Monte Carlo's trials and seed): it cannot hold a
/// number outside the row's spec, so the number is checked as it is read.
bool checkedAsRead(const fieldregistry::Field &field, const Scenario &s)
{
    const estimate::MonteCarloOptions &monteCarlo = s.project.monteCarlo;
    const void *member = field.at(s);
    return member == &monteCarlo.trials || member == &monteCarlo.seed;
}

/// Reads the registry's numbers of `section` from `object` onto `s`, in the rows' order, each
/// as its presence says; `where` is the section's path in errors ("baseline.workload").
void readRows(Reader &read, const QJsonObject &object, const QString &where, Scenario &s,
              QLatin1StringView section, RowsRead which = RowsRead::All,
              const ReadBetween &between = {})
{
    for (const fieldregistry::Field &field : fieldregistry::fields()) {
        if (field.section() != section || (which == RowsRead::PlainOnly && field.optional()))
            continue;
        if (between.read && field.at(s) == between.before)
            between.read();
        const QString key = field.key();
        const QString path = where.isEmpty() ? key : where + QLatin1Char('.') + key;
        const auto readNumber = [&] {
            const double value = read.number(object, key, path);
            if (checkedAsRead(field, s)) {
                if (auto e = checkField(*field.spec, value, path))
                    read.fail(e->field, e->message);
            }
            field.set(s, value);
        };
        switch (field.presence) {
        case Presence::Required:
            readNumber();
            break;
        case Presence::Defaulted:
            if (object.contains(key))
                readNumber();
            break;
        case Presence::Nullable:
        case Presence::WhenSet:
            field.set(s, read.optionalNumber(object, key, path));
            break;
        }
    }
}

/// Writes the numbers of a list's element that its rows say it holds: an unset one as null.
template <typename Element>
void writeElementRows(QJsonObject &object, const Element &element,
                      const fieldregistry::ElementRows<Element> &rows)
{
    for (const fieldregistry::ElementField<Element> &field : rows.fields) {
        if (!field.holds(element))
            continue;
        const QLatin1StringView key(field.key);
        if (const std::optional<double> value = field.get(element))
            object.insert(key, *value);
        else if (field.presence == Presence::Nullable)
            object.insert(key, QJsonValue::Null);
    }
}

/// Reads the numbers of a list's element that its rows say it holds, in the rows' order, each as
/// its presence says; `where` is the element's path in errors ("stages[2]").
template <typename Element>
void readElementRows(Reader &read, const QJsonObject &object, const QString &where,
                     Element &element, const fieldregistry::ElementRows<Element> &rows)
{
    for (const fieldregistry::ElementField<Element> &field : rows.fields) {
        if (!field.holds(element))
            continue;
        const QString key = QLatin1String(field.key);
        const QString path = where + QLatin1Char('.') + key;
        switch (field.presence) {
        case Presence::Required:
            field.set(element, read.number(object, key, path));
            break;
        case Presence::Defaulted:
            if (object.contains(key))
                field.set(element, read.number(object, key, path));
            break;
        case Presence::Nullable:
        case Presence::WhenSet:
            field.set(element, read.optionalNumber(object, key, path));
            break;
        }
    }
}

QString recomputeKey(hardware::Recompute recompute)
{
    switch (recompute) {
    case hardware::Recompute::Selective:
        return QStringLiteral("selective");
    case hardware::Recompute::Full:
        return QStringLiteral("full");
    case hardware::Recompute::None:
        break;
    }
    return QStringLiteral("none");
}

/// The goal section; its deadline only when one is set (version 9: no deadline is kept while
/// off, its row says so), its plane's two levers only when they are not the default pair, so a
/// plan that never picked them saves as before.
QJsonObject goalObject(const Scenario &s)
{
    const GoalSettings &goal = s.goal;
    QJsonObject object{{QStringLiteral("currency"), goal.currency}};
    writeRows(object, s, QLatin1StringView("goal"));
    if (goal.levers != GoalSettings{}.levers)
        object.insert(QStringLiteral("levers"), QJsonArray{goal.levers[0], goal.levers[1]});
    return object;
}

/// The hardware section (format 7): the device and model the latency comes from.
/// The ranges as a person types them ("800..1,200", "800/1,000/1,500"), keyed by the number's
/// path, and how they are sampled.
QJsonObject uncertaintyJson(const Scenario &s)
{
    QJsonObject ranges;
    for (const auto &[key, range] : s.uncertainty.ranges)
        ranges.insert(key, rangeText(range));
    QJsonObject object{{QStringLiteral("ranges"), ranges}};
    writeRows(object, s, QLatin1StringView("uncertainty"));
    return object;
}

QJsonObject hardwareJson(const Scenario &s)
{
    const HardwareSettings &h = s.hardware;
    QJsonArray devices;
    for (const hardware::Device &d : h.devices)
        devices.append(hardware::toJson(d));
    QJsonObject training{{QStringLiteral("shard_optimizer"), h.training.shardOptimizer},
                         {QStringLiteral("recompute"), recomputeKey(h.training.recompute)}};
    writeRows(training, s, QLatin1StringView("hardware.training"));
    QJsonObject object{{QStringLiteral("enabled"), h.enabled},
                       {QStringLiteral("device"), h.device},
                       {QStringLiteral("model"), hardware::toJson(h.model)},
                       {QStringLiteral("device_price"), h.devicePrice},
                       {QStringLiteral("devices"), devices},
                       {QStringLiteral("training"), training}};
    writeRows(object, s, QLatin1StringView("hardware"));
    return object;
}

void readHardware(Reader &read, const QJsonObject &o, const QString &path, Scenario &s)
{
    HardwareSettings &h = s.hardware;
    auto at = [&path](const char *key) { return path + QLatin1Char('.') + QLatin1String(key); };
    h.enabled = read.booleanOr(o, QStringLiteral("enabled"), at("enabled"), h.enabled);
    if (o.contains(QStringLiteral("device")))
        h.device = read.string(o, QStringLiteral("device"), at("device"), true);
    readRows(read, o, path, s, QLatin1StringView("hardware"));
    h.devicePrice =
        read.booleanOr(o, QStringLiteral("device_price"), at("device_price"), h.devicePrice);
    if (read.failed())
        return;
    const QJsonObject model = read.section(o, QStringLiteral("model"), at("model"));
    if (!model.isEmpty()) {
        FieldError error;
        // A preset's name fills the shape the file leaves out.
        const hardware::ModelSpec base =
            hardware::findModelPreset(model.value(QStringLiteral("name")).toString())
                .value_or(h.model);
        if (std::optional<hardware::ModelSpec> m =
                hardware::modelFromJson(model, base, at("model"), error))
            h.model = *m;
        else
            read.fail(error.field, error.message);
    }
    const QJsonObject training = read.section(o, QStringLiteral("training"), at("training"));
    if (!training.isEmpty() && !read.failed()) {
        const QString where = at("training");
        readRows(read, training, where, s, QLatin1StringView("hardware.training"));
        hardware::TrainingSetup &t = h.training;
        t.shardOptimizer =
            read.booleanOr(training, QStringLiteral("shard_optimizer"),
                           where + QStringLiteral(".shard_optimizer"), t.shardOptimizer);
        if (training.contains(QStringLiteral("recompute"))) {
            const QString key = training.value(QStringLiteral("recompute")).toString();
            if (key == QLatin1String("none"))
                t.recompute = hardware::Recompute::None;
            else if (key == QLatin1String("selective"))
                t.recompute = hardware::Recompute::Selective;
            else if (key == QLatin1String("full"))
                t.recompute = hardware::Recompute::Full;
            else
                read.fail(where + QStringLiteral(".recompute"),
                          tr("must be \"none\", \"selective\" or \"full\""));
        }
    }
    if (o.contains(QStringLiteral("devices"))) {
        const QJsonArray devices = read.array(o, QStringLiteral("devices"), at("devices"));
        h.devices.clear();
        for (qsizetype i = 0; i < devices.size() && !read.failed(); ++i) {
            FieldError error;
            const QString where = at("devices") + QStringLiteral("[%1]").arg(i);
            if (std::optional<hardware::Device> d =
                    hardware::deviceFromJson(devices[i].toObject(), where, error))
                h.devices.push_back(*d);
            else
                read.fail(error.field, error.message);
        }
    }
}

template <typename Enum, std::size_t N>
std::optional<Enum> enumFromKey(const QString &key, const std::array<Enum, N> &values,
                                QString (*keyOf)(Enum))
{
    for (Enum value : values) {
        if (keyOf(value) == key)
            return value;
    }
    return std::nullopt;
}

QString distributionKey(estimate::Distribution distribution)
{
    return distribution == estimate::Distribution::Triangular ? QStringLiteral("triangular")
                                                              : QStringLiteral("pert");
}

QJsonObject projectObject(const Scenario &s)
{
    const ProjectSettings &p = s.project;
    QJsonArray tasks;
    for (const estimate::Task &task : p.tasks) {
        QJsonArray dependsOn;
        for (int index : task.dependsOn)
            dependsOn.append(index + 1); // task numbers as the window shows them
        QJsonObject object{{QStringLiteral("name"), task.name},
                           {QStringLiteral("category"), estimate::categoryKey(task.category)},
                           {QStringLiteral("unit"), estimate::unitKey(task.unit)},
                           {QStringLiteral("depends_on"), dependsOn}};
        writeElementRows(object, task, fieldregistry::taskRows());
        // Progress only where there is some: a plan nobody started reads as it always did.
        const estimate::TaskProgress &progress = task.progress;
        if (progress.state != estimate::TaskState::NotStarted)
            object.insert(QStringLiteral("status"), estimate::stateKey(progress.state));
        // The actual time when done, the share done while in progress.
        writeElementRows(object, task, fieldregistry::taskProgressRows());
        if (progress.state == estimate::TaskState::Done && progress.finishedOn.isValid())
            object.insert(QStringLiteral("finished_on"), estimate::isoDate(progress.finishedOn));
        tasks.append(object);
    }
    QJsonArray holidays;
    for (const QDate &day : p.calendar.holidays)
        holidays.append(estimate::isoDate(day));
    auto dateValue = [](const std::optional<QDate> &date) {
        return date ? QJsonValue(estimate::isoDate(*date)) : QJsonValue(QJsonValue::Null);
    };
    QJsonArray strata;
    for (const estimate::Stratum &stratum : p.labeling.strata) {
        QJsonObject object{{QStringLiteral("name"), stratum.name}};
        writeElementRows(object, stratum, fieldregistry::stratumRows());
        strata.append(object);
    }
    QJsonArray actuals;
    for (const estimate::ActualEntry &entry : p.actuals) {
        QJsonObject object{{QStringLiteral("name"), entry.name}};
        writeElementRows(object, entry, fieldregistry::actualRows());
        actuals.append(object);
    }
    // Each part's numbers are its rows; the texts and the lists are written here.
    QJsonObject buffers;
    writeRows(buffers, s, QLatin1StringView("project.buffers"));
    QJsonObject monteCarlo{
        {QStringLiteral("distribution"), distributionKey(p.monteCarlo.distribution)}};
    writeRows(monteCarlo, s, QLatin1StringView("project.monte_carlo"));
    QJsonObject calendar{
        {QStringLiteral("working_days"), estimate::workingDaysKey(p.calendar.workingDays)},
        {QStringLiteral("holidays"), holidays}};
    writeRows(calendar, s, QLatin1StringView("project.calendar"));
    QJsonObject labeling{{QStringLiteral("strata"), strata}};
    writeRows(labeling, s, QLatin1StringView("project.labeling"));
    QJsonObject jobEta;
    writeRows(jobEta, s, QLatin1StringView("project.job_eta"));
    return QJsonObject{
        {QStringLiteral("tasks"), tasks},
        {QStringLiteral("buffers"), buffers},
        {QStringLiteral("monte_carlo"), monteCarlo},
        {QStringLiteral("calendar"), calendar},
        {QStringLiteral("start_date"), dateValue(p.startDate)},
        {QStringLiteral("status_date"), dateValue(p.statusDate)},
        {QStringLiteral("scale_by_pace"), p.scaleByPace},
        {QStringLiteral("labeling"), labeling},
        {QStringLiteral("job_eta"), jobEta},
        {QStringLiteral("actuals"), actuals},
    };
}

/// A date as YYYY-MM-DD, or null / absent for none.
std::optional<QDate> readOptionalDate(Reader &read, const QJsonObject &object, const QString &key,
                                      const std::function<QString(const QString &)> &at)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined() || value.isNull() || read.failed())
        return std::nullopt;
    const auto day = value.isString() ? estimate::parseIsoDate(value.toString()) : std::nullopt;
    if (!day) {
        read.fail(at(key),
                  tr("must be a date as YYYY-MM-DD or null, got %1")
                      .arg(value.isString()
                               ? QLatin1Char('"') + value.toString().left(40) + QLatin1Char('"')
                               : typeName(value)));
        return std::nullopt;
    }
    return day;
}

/// A task's status, actual time, finish date and share done; absent: not started.
void readTaskProgress(Reader &read, const QJsonObject &t, const QString &where,
                      estimate::Task &task)
{
    estimate::TaskProgress &progress = task.progress;
    if (!t.contains(QStringLiteral("status")) || read.failed())
        return;
    const QString status =
        read.string(t, QStringLiteral("status"), where + QStringLiteral(".status"), true);
    const auto state = estimate::parseTaskState(status);
    if (!state) {
        if (!read.failed())
            read.fail(where + QStringLiteral(".status"),
                      tr("must be todo, in_progress or done, got \"%1\"").arg(status.left(40)));
        return;
    }
    progress.state = *state;
    // The actual time when done, the share done while in progress.
    readElementRows(read, t, where, task, fieldregistry::taskProgressRows());
    if (progress.state == estimate::TaskState::Done) {
        if (auto finished = readOptionalDate(
                read, t, QStringLiteral("finished_on"),
                [&where](const QString &key) { return where + QLatin1Char('.') + key; }))
            progress.finishedOn = *finished;
    }
}

/// Version 4's project section; absent parts keep their defaults.
ProjectSettings readProject(Reader &read, const QJsonObject &p, const QString &path)
{
    Scenario s; // the rows read the project's numbers on a scenario
    ProjectSettings &project = s.project;
    auto at = [&path](const QString &rest) { return path + QLatin1Char('.') + rest; };
    auto arrayOf = [&read, &at](const QJsonObject &object, const char *key, bool *present) {
        const QJsonValue value = object.value(QLatin1String(key));
        *present = !value.isUndefined();
        if (*present && !value.isArray())
            read.fail(at(QLatin1String(key)), tr("must be an array, got ") + typeName(value));
        return value.toArray();
    };
    auto objectAt = [&read](const QJsonValue &value, const QString &where) {
        if (!value.isObject())
            read.fail(where, tr("must be an object, got ") + typeName(value));
        return value.toObject();
    };

    bool present = false;
    const QJsonArray tasks = arrayOf(p, "tasks", &present);
    if (present && !read.failed()) {
        if (auto tooMany = estimate::tooManyTasks(tasks.size()))
            read.fail(at(QStringLiteral("tasks")), *tooMany);
        project.tasks.clear();
        for (qsizetype i = 0; i < tasks.size() && !read.failed(); ++i) {
            const QString where = at(QStringLiteral("tasks[%1]").arg(i));
            const QJsonObject t = objectAt(tasks[i], where);
            if (read.failed())
                break;
            estimate::Task task;
            task.name =
                read.string(t, QStringLiteral("name"), where + QStringLiteral(".name"), true)
                    .left(200);
            const QString category = read.string(t, QStringLiteral("category"),
                                                 where + QStringLiteral(".category"), false);
            if (!category.isEmpty()) {
                const auto parsed =
                    enumFromKey(category, estimate::kAllCategories, &estimate::categoryKey);
                if (!parsed)
                    read.fail(where + QStringLiteral(".category"),
                              tr("must be labeling, training, optimization, research "
                                 "or other, got \"%1\"")
                                  .arg(category.left(40)));
                task.category = parsed.value_or(estimate::Category::Other);
            }
            const QString unit =
                read.string(t, QStringLiteral("unit"), where + QStringLiteral(".unit"), false);
            if (!unit.isEmpty()) {
                const auto parsed = enumFromKey(unit, estimate::kAllUnits, &estimate::unitKey);
                if (!parsed)
                    read.fail(where + QStringLiteral(".unit"),
                              tr("must be hours, days or weeks, got \"%1\"").arg(unit.left(40)));
                task.unit = parsed.value_or(estimate::TimeUnit::Hours);
            }
            readElementRows(read, t, where, task, fieldregistry::taskRows());
            const QJsonValue deps = t.value(QStringLiteral("depends_on"));
            if (!deps.isUndefined() && !deps.isNull()) {
                if (!deps.isArray()) {
                    read.fail(where + QStringLiteral(".depends_on"),
                              tr("must be an array of task numbers, got ") + typeName(deps));
                }
                const QJsonArray list = deps.toArray();
                for (qsizetype k = 0; k < list.size() && !read.failed(); ++k) {
                    const double number = list[k].toDouble(-1);
                    if (!list[k].isDouble() || number != std::floor(number) || number < 1 ||
                        number > static_cast<double>(tasks.size())) {
                        read.fail(QStringLiteral("%1.depends_on[%2]").arg(where).arg(k),
                                  tr("must be a task number from 1 to %1").arg(tasks.size()));
                        break; // 1e300 has no int: never convert it
                    }
                    task.dependsOn.push_back(static_cast<int>(number) - 1);
                }
            }
            readTaskProgress(read, t, where, task);
            project.tasks.push_back(std::move(task));
        }
    }

    const QString bKey = QStringLiteral("buffers");
    const QJsonObject b = read.section(p, bKey, at(bKey));
    readRows(read, b, at(bKey), s, QLatin1StringView("project.buffers"));

    const QString mcKey = QStringLiteral("monte_carlo");
    const QJsonObject mc = read.section(p, mcKey, at(mcKey));
    const auto readDistribution = [&] {
        if (!mc.contains(QStringLiteral("distribution")))
            return;
        const QString name = read.string(mc, QStringLiteral("distribution"),
                                         at(QStringLiteral("monte_carlo.distribution")), true);
        if (name == QLatin1String("triangular"))
            project.monteCarlo.distribution = estimate::Distribution::Triangular;
        else if (name == QLatin1String("pert"))
            project.monteCarlo.distribution = estimate::Distribution::PertBeta;
        else if (!read.failed())
            read.fail(at(QStringLiteral("monte_carlo.distribution")),
                      tr("must be \"pert\" or \"triangular\", got \"%1\"").arg(name.left(40)));
    };
    readRows(read, mc, at(mcKey), s, QLatin1StringView("project.monte_carlo"), RowsRead::All,
             {&project.monteCarlo.categoryCorrelation, readDistribution});

    const QString cKey = QStringLiteral("calendar");
    const QJsonObject c = read.section(p, cKey, at(cKey));
    estimate::WorkCalendar &calendar = project.calendar;
    if (c.contains(QStringLiteral("working_days")) && !read.failed()) {
        const QString where = at(QStringLiteral("calendar.working_days"));
        const QString days = read.string(c, QStringLiteral("working_days"), where, true);
        if (const auto parsed = estimate::parseWorkingDays(days))
            calendar.workingDays = *parsed;
        else if (!read.failed())
            read.fail(where, tr("must list days like \"mon-fri\" or "
                                "\"sun,mon,tue,wed,thu\", got \"%1\"")
                                 .arg(days.left(40)));
    }
    readRows(read, c, at(cKey), s, QLatin1StringView("project.calendar"));
    const QJsonValue holidaysValue = c.value(QStringLiteral("holidays"));
    if (!holidaysValue.isUndefined() && !holidaysValue.isNull() && !read.failed()) {
        if (!holidaysValue.isArray())
            read.fail(at(QStringLiteral("calendar.holidays")),
                      tr("must be an array of dates, got ") + typeName(holidaysValue));
        const QJsonArray list = holidaysValue.toArray();
        if (list.size() > 10'000)
            read.fail(at(QStringLiteral("calendar.holidays")),
                      tr("has %1 dates; at most 10,000").arg(list.size()));
        calendar.holidays.clear();
        for (qsizetype i = 0; i < list.size() && !read.failed(); ++i) {
            const QString where = at(QStringLiteral("calendar.holidays[%1]").arg(i));
            const auto day = estimate::parseIsoDate(list[i].toString());
            if (!list[i].isString() || !day)
                read.fail(where, tr("must be a date as YYYY-MM-DD, got %1")
                                     .arg(list[i].isString()
                                              ? QLatin1Char('"') + list[i].toString().left(40) +
                                                    QLatin1Char('"')
                                              : typeName(list[i])));
            else
                calendar.holidays.push_back(*day);
        }
    }
    project.startDate = readOptionalDate(read, p, QStringLiteral("start_date"), at);
    project.statusDate = readOptionalDate(read, p, QStringLiteral("status_date"), at);
    if (p.contains(QStringLiteral("scale_by_pace"))) {
        const QJsonValue value = p.value(QStringLiteral("scale_by_pace"));
        if (!value.isBool())
            read.fail(at(QStringLiteral("scale_by_pace")),
                      tr("must be true or false, got ") + typeName(value));
        project.scaleByPace = value.toBool(true);
    }

    const QString lKey = QStringLiteral("labeling");
    const QJsonObject l = read.section(p, lKey, at(lKey));
    estimate::LabelingInputs &labeling = project.labeling;
    const auto readStrata = [&] {
        const QJsonValue strataValue = l.value(QStringLiteral("strata"));
        if (strataValue.isUndefined() || read.failed())
            return;
        if (!strataValue.isArray())
            read.fail(at(QStringLiteral("labeling.strata")),
                      tr("must be an array, got ") + typeName(strataValue));
        const QJsonArray strata = strataValue.toArray();
        if (strata.size() > 100)
            read.fail(at(QStringLiteral("labeling.strata")),
                      tr("has %1 strata; at most 100").arg(strata.size()));
        labeling.strata.clear();
        for (qsizetype i = 0; i < strata.size() && !read.failed(); ++i) {
            const QString where = QStringLiteral("labeling.strata[%1]").arg(i);
            const QJsonObject st = objectAt(strata[i], at(where));
            estimate::Stratum stratum;
            stratum.name =
                read.string(st, QStringLiteral("name"), at(where + QStringLiteral(".name")), false)
                    .left(200);
            readElementRows(read, st, at(where), stratum, fieldregistry::stratumRows());
            labeling.strata.push_back(std::move(stratum));
        }
    };
    // The items come before the strata, the rates after them.
    readRows(read, l, at(lKey), s, QLatin1StringView("project.labeling"), RowsRead::All,
             {&labeling.qcSampleRate, readStrata});

    const QString eKey = QStringLiteral("job_eta");
    const QJsonObject e = read.section(p, eKey, at(eKey));
    readRows(read, e, at(eKey), s, QLatin1StringView("project.job_eta"));

    const QJsonArray actuals = arrayOf(p, "actuals", &present);
    if (present && !read.failed()) {
        if (actuals.size() > 10'000)
            read.fail(at(QStringLiteral("actuals")),
                      tr("has %1 entries; at most 10,000").arg(actuals.size()));
        for (qsizetype i = 0; i < actuals.size() && !read.failed(); ++i) {
            const QString where = at(QStringLiteral("actuals[%1]").arg(i));
            const QJsonObject a = objectAt(actuals[i], where);
            estimate::ActualEntry entry;
            entry.name =
                read.string(a, QStringLiteral("name"), where + QStringLiteral(".name"), false)
                    .left(200);
            readElementRows(read, a, where, entry, fieldregistry::actualRows());
            project.actuals.push_back(std::move(entry));
        }
    }
    return std::move(project);
}

QJsonValue timesValue(const std::vector<double> &times)
{
    if (times.size() == 1)
        return times.front();
    QJsonArray array;
    for (double t : times)
        array.append(t);
    return array;
}

QJsonObject trainingObject(const Scenario &s)
{
    const TrainingSettings &t = s.training;
    QJsonArray compare;
    for (schedule::Kind kind : t.compare)
        compare.append(schedule::keyOf(kind));
    QJsonObject object{{QStringLiteral("schedule"), schedule::keyOf(t.schedule)},
                       {QStringLiteral("compare"), compare}};
    for (const fieldregistry::PerDeviceField &field : fieldregistry::perDeviceFields()) {
        if (field.section() == QLatin1StringView("training"))
            object.insert(field.key(), timesValue(field.get(s)));
    }
    // Written only when set, so files without them read and save as before (the memory
    // limits' rows say so too).
    if (t.interleavedRule != schedule::InterleavedRule::Current)
        object.insert(QStringLiteral("interleaved_rule"), schedule::keyOf(t.interleavedRule));
    writeRows(object, s, QLatin1StringView("training"));
    return object;
}

/// Reads a list of per-device times: a number (one for all devices) or an array of numbers.
std::vector<double> readTimes(Reader &read, const QJsonObject &object, const QString &key,
                              const QString &path, std::vector<double> fallback)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined())
        return fallback;
    if (value.isDouble())
        return {value.toDouble()};
    if (!value.isArray()) {
        read.fail(path, tr("must be a number or an array of numbers, got ") + typeName(value));
        return fallback;
    }
    const QJsonArray array = value.toArray();
    if (array.size() > 1024) {
        read.fail(path, tr("has %1 entries; at most 1,024 devices").arg(array.size()));
        return fallback;
    }
    std::vector<double> times;
    times.reserve(static_cast<std::size_t>(array.size()));
    for (qsizetype i = 0; i < array.size(); ++i) {
        if (!array[i].isDouble()) {
            read.fail(QStringLiteral("%1[%2]").arg(path).arg(i),
                      tr("must be a number, got ") + typeName(array[i]));
            return fallback;
        }
        times.push_back(array[i].toDouble());
    }
    return times;
}

std::optional<schedule::Kind> readKind(Reader &read, const QJsonValue &value, const QString &path)
{
    if (!value.isString()) {
        read.fail(path, tr("must be a string, got ") + typeName(value));
        return std::nullopt;
    }
    const std::optional<schedule::Kind> kind = schedule::parseKind(value.toString());
    if (!kind) {
        read.fail(path, tr("must be \"gpipe\", \"1f1b\", \"interleaved\" or "
                           "\"zb-h1\", got \"%1\"")
                            .arg(value.toString().left(40)));
    }
    return kind;
}

/// Version 4's training section; absent in older files (the defaults then).
TrainingSettings readTraining(Reader &read, const QJsonObject &t, const QString &path)
{
    Scenario s; // the rows read and write the training settings on a scenario
    TrainingSettings &training = s.training;
    auto at = [&path](const char *key) { return path + QLatin1Char('.') + QLatin1String(key); };
    if (t.contains(QStringLiteral("schedule"))) {
        if (auto kind = readKind(read, t.value(QStringLiteral("schedule")), at("schedule")))
            training.schedule = *kind;
    }
    readRows(read, t, path, s, QLatin1StringView("training"), RowsRead::PlainOnly);
    for (const fieldregistry::PerDeviceField &field : fieldregistry::perDeviceFields()) {
        if (field.section() != QLatin1StringView("training"))
            continue;
        const QString key = field.key();
        field.at(s) = readTimes(read, t, key, path + QLatin1Char('.') + key, field.get(s));
    }
    if (t.contains(QStringLiteral("interleaved_rule"))) {
        const QJsonValue rule = t.value(QStringLiteral("interleaved_rule"));
        if (const auto parsed = schedule::parseInterleavedRule(rule.toString()))
            training.interleavedRule = *parsed;
        else
            read.fail(at("interleaved_rule"), tr("must be \"current\" or \"megatron-2021\""));
    }
    // The memory limits, null or absent when unset; a value that is not a number is refused
    // as "must be a number" (the other sections say "a number or null"), hence read here.
    for (const fieldregistry::Field &field : fieldregistry::fields()) {
        const QString key = field.key();
        if (field.section() != QLatin1StringView("training") || !field.optional() ||
            !t.contains(key) || t.value(key).isNull())
            continue;
        field.set(s, read.numberOr(t, key, path + QLatin1Char('.') + key, 0.0));
    }
    const QJsonValue compare = t.value(QStringLiteral("compare"));
    if (!compare.isUndefined() && !compare.isArray()) {
        read.fail(at("compare"),
                  tr("must be an array of schedule names, got ") + typeName(compare));
    }
    const QJsonArray names = compare.toArray();
    if (std::cmp_greater(names.size(), schedule::kAllKinds.size())) {
        read.fail(
            at("compare"),
            tr("lists %1 schedules; at most %2").arg(names.size()).arg(schedule::kAllKinds.size()));
        return training;
    }
    for (qsizetype i = 0; i < names.size() && !read.failed(); ++i) {
        const QString where = QStringLiteral("%1[%2]").arg(at("compare")).arg(i);
        if (auto kind = readKind(read, names[i], where))
            training.compare.push_back(*kind);
    }
    return training;
}

QJsonObject measuredObject(const MeasuredSettings &m)
{
    QJsonArray runs;
    for (const fit::Run &run : m.runs.runs)
        runs.append(QJsonObject{{QStringLiteral("workers"), run.workers},
                                {QStringLiteral("value"), run.value}});
    QJsonObject object{{QStringLiteral("measure"), m.runs.measure == fit::Measure::RuntimeSeconds
                                                       ? QStringLiteral("runtime_s")
                                                       : QStringLiteral("throughput")},
                       {QStringLiteral("runs"), runs}};
    object.insert(QStringLiteral("trace"),
                  m.traceFile.isEmpty()
                      ? QJsonValue(QJsonValue::Null)
                      : QJsonValue(QJsonObject{{QStringLiteral("file"), m.traceFile},
                                               {QStringLiteral("read_at"), m.traceReadAt},
                                               {QStringLiteral("mapping"),
                                                QJsonArray::fromStringList(m.traceMapping)}}));
    return object;
}

/// `measured`: absent in files written before the Measured workspace (no runs, no trace).
MeasuredSettings readMeasured(Reader &read, const QJsonObject &m, const QString &path)
{
    MeasuredSettings measured;
    auto at = [&path](const QString &rest) { return path + QLatin1Char('.') + rest; };
    const QJsonValue measure = m.value(QStringLiteral("measure"));
    if (measure.isString() && measure.toString() == QLatin1String("runtime_s"))
        measured.runs.measure = fit::Measure::RuntimeSeconds;
    else if (!measure.isUndefined() && measure.toString() != QLatin1String("throughput"))
        read.fail(at(QStringLiteral("measure")), tr("must be \"throughput\" or "
                                                    "\"runtime_s\""));
    const QJsonValue runs = m.value(QStringLiteral("runs"));
    if (!runs.isUndefined() && !runs.isNull() && !runs.isArray())
        read.fail(at(QStringLiteral("runs")), tr("must be an array, got ") + typeName(runs));
    const QJsonArray list = runs.toArray();
    // Counted before they are read: every run feeds each iteration of the fit.
    if (list.size() > kMaxMeasuredRuns)
        read.fail(at(QStringLiteral("runs")),
                  tr("has %1 runs; at most %2")
                      .arg(format::grouped(static_cast<double>(list.size()), 0),
                           format::grouped(kMaxMeasuredRuns, 0)));
    for (qsizetype i = 0; i < list.size() && !read.failed(); ++i) {
        const QString where = at(QStringLiteral("runs[%1]").arg(i));
        if (!list[i].isObject()) {
            read.fail(where, tr("must be an object, got ") + typeName(list[i]));
            break;
        }
        const QJsonObject run = list[i].toObject();
        fit::Run parsed;
        parsed.workers =
            read.number(run, QStringLiteral("workers"), where + QStringLiteral(".workers"));
        parsed.value = read.number(run, QStringLiteral("value"), where + QStringLiteral(".value"));
        if (read.failed())
            break;
        if (!(parsed.workers >= 1) || parsed.workers != std::floor(parsed.workers))
            read.fail(where + QStringLiteral(".workers"),
                      tr("must be a whole number of at least 1, got ") +
                          format::plainNumber(parsed.workers));
        else if (!(parsed.value > 0))
            read.fail(where + QStringLiteral(".value"),
                      tr("must be above 0, got ") + format::plainNumber(parsed.value));
        measured.runs.runs.push_back(parsed);
    }
    const QJsonValue trace = m.value(QStringLiteral("trace"));
    if (trace.isObject()) {
        const QJsonObject t = trace.toObject();
        measured.traceFile = t.value(QStringLiteral("file")).toString();
        measured.traceReadAt = t.value(QStringLiteral("read_at")).toString();
        for (const auto &line : t.value(QStringLiteral("mapping")).toArray())
            measured.traceMapping << line.toString();
    } else if (!trace.isUndefined() && !trace.isNull()) {
        read.fail(at(QStringLiteral("trace")),
                  tr("must be an object or null, got ") + typeName(trace));
    }
    return measured;
}

/// `track`: the history the plan was calibrated on, its kind and the calibration's numbers;
/// written only when a history was chosen or a calibration kept (absent in older files).
QJsonObject trackObject(const TrackSettings &t)
{
    const track::Calibration &c = t.calibration;
    QJsonObject object{{QStringLiteral("history"), t.history},
                       {QStringLiteral("kind"), t.kind},
                       {QStringLiteral("apply"), t.apply}};
    if (c.jobs > 0)
        object.insert(QStringLiteral("calibration"),
                      QJsonObject{{QStringLiteral("n"), c.jobs},
                                  {QStringLiteral("median_ratio"), c.medianRatio},
                                  {QStringLiteral("log_sd"), c.logSd},
                                  {QStringLiteral("mdape"), c.mdape}});
    return object;
}

TrackSettings readTrack(Reader &read, const QJsonObject &t, const QString &path)
{
    TrackSettings track;
    auto at = [&path](const char *rest) { return path + QLatin1Char('.') + QLatin1String(rest); };
    track.history = read.string(t, QStringLiteral("history"), at("history"), false);
    track.kind = read.string(t, QStringLiteral("kind"), at("kind"), false);
    track.apply = read.booleanOr(t, QStringLiteral("apply"), at("apply"), false);
    const QString calibrationPath = at("calibration");
    const QJsonObject c = read.section(t, QStringLiteral("calibration"), calibrationPath);
    if (read.failed() || c.isEmpty())
        return track;
    const auto inner = [&calibrationPath](const char *rest) {
        return calibrationPath + QLatin1Char('.') + QLatin1String(rest);
    };
    const double jobs = read.number(c, QStringLiteral("n"), inner("n"));
    const double median = read.number(c, QStringLiteral("median_ratio"), inner("median_ratio"));
    const double logSd = read.number(c, QStringLiteral("log_sd"), inner("log_sd"));
    const double mdape = read.number(c, QStringLiteral("mdape"), inner("mdape"));
    if (read.failed())
        return track;
    if (!(jobs >= 1) || jobs != std::floor(jobs) || jobs > 1e9)
        read.fail(inner("n"),
                  tr("must be a whole number of at least 1, got ") + format::plainNumber(jobs));
    else if (!(median > 0) || !std::isfinite(median))
        read.fail(inner("median_ratio"), tr("must be above 0, got ") + format::plainNumber(median));
    else if (!(logSd >= 0) || !std::isfinite(logSd))
        read.fail(inner("log_sd"), tr("must be at least 0, got ") + format::plainNumber(logSd));
    else if (!(mdape >= 0) || !std::isfinite(mdape))
        read.fail(inner("mdape"), tr("must be at least 0, got ") + format::plainNumber(mdape));
    else
        track.calibration =
            track::fromNumbers(track.kind, static_cast<int>(jobs), median, logSd, mdape);
    return track;
}

QJsonObject scenarioObject(const Scenario &s)
{
    const Workload &w = s.workload;
    QJsonArray stages;
    for (const Stage &stage : s.stages) {
        QJsonObject object{{QStringLiteral("name"), stage.name}};
        if (stage.isScoring)
            object.insert(QStringLiteral("scoring"), true);
        writeElementRows(object, stage, fieldregistry::stageRows());
        stages.append(object);
    }
    QJsonArray workerCounts;
    for (double workers : s.workerCounts)
        workerCounts.append(workers);
    QJsonObject workload{{QStringLiteral("counted"), w.counted.many}};
    writeRows(workload, s, QLatin1StringView("workload"));
    // The singular only when the rules would not give it ("people", "person"): a --set of the
    // plural then brings its own singular.
    if (w.counted.one != singularOf(w.counted.many))
        workload.insert(QStringLiteral("counted_one"), w.counted.one);
    QJsonObject overheads{{QStringLiteral("shared_resource_name"), s.overheads.sharedResourceName}};
    writeRows(overheads, s, QLatin1StringView("overheads"));
    QJsonObject memory;
    writeRows(memory, s, QLatin1StringView("memory"));
    QJsonObject simulation{
        {QStringLiteral("speculative_backups"), s.simulation.speculativeBackups}};
    writeRows(simulation, s, QLatin1StringView("simulation"));
    QJsonObject object{
        {QStringLiteral("name"), s.name},
        {QStringLiteral("notes"), s.notes},
        {QStringLiteral("workload"), workload},
        {QStringLiteral("stages"), stages},
        {QStringLiteral("execution"), s.execution == Execution::Sequential
                                          ? QStringLiteral("sequential")
                                          : QStringLiteral("pipelined")},
        {QStringLiteral("worker_counts"), workerCounts},
        {QStringLiteral("overheads"), overheads},
        {QStringLiteral("memory"), memory},
        {QStringLiteral("hardware"), hardwareJson(s)},
        {QStringLiteral("uncertainty"), uncertaintyJson(s)},
        {QStringLiteral("simulation"), simulation},
        {QStringLiteral("goal"), goalObject(s)},
        {QStringLiteral("training"), trainingObject(s)},
        {QStringLiteral("project"), projectObject(s)},
        {QStringLiteral("measured"), measuredObject(s.measured)},
    };
    if (!(s.track == TrackSettings{}))
        object.insert(QStringLiteral("track"), trackObject(s.track));
    writeRows(object, s, QLatin1StringView());
    return object;
}

void readUncertainty(Reader &read, const QJsonObject &u, const QString &path, Scenario &s)
{
    const QString rangesPath = path + QStringLiteral(".ranges");
    const QJsonValue ranges = u.value(QStringLiteral("ranges"));
    if (!ranges.isUndefined() && !ranges.isNull() && !ranges.isObject()) {
        read.fail(rangesPath, tr("must be an object, got ") + typeName(ranges));
        return;
    }
    const QJsonObject object = ranges.toObject();
    for (auto it = object.begin(); it != object.end() && !read.failed(); ++it) {
        const QString at = rangesPath + QLatin1Char('.') + it.key();
        if (!it.value().isString()) {
            read.fail(at, tr("must be a range like \"800..1,200\", got ") + typeName(it.value()));
            return;
        }
        const std::optional<uncertainty::Input> in = uncertainty::input(s, it.key());
        if (!in) {
            read.fail(at, tr("is not a number that takes a range"));
            return;
        }
        const RangeParse parsed = parseRange(it.value().toString(), in->support);
        if (!parsed.range) {
            read.fail(at,
                      parsed.error.isEmpty() ? tr("must be a range, not a number") : parsed.error);
            return;
        }
        // Kept aside from the point value: the number the file stores there is checked as
        // written before the range's median replaces it (readScenario).
        s.uncertainty.ranges[it.key()] = *parsed.range;
    }
    readRows(read, u, path, s, QLatin1StringView("uncertainty"));
}

/// Reads one scenario's fields from `object`; `prefix` is prepended to every error path
/// ("baseline." for the pinned baseline).
Scenario readScenario(Reader &read, const QJsonObject &root, const QString &prefix)
{
    auto path = [&prefix](const QString &rest) { return prefix + rest; };
    Scenario s;
    s.name = read.string(root, QStringLiteral("name"), path(QStringLiteral("name")), false);
    s.notes = read.string(root, QStringLiteral("notes"), path(QStringLiteral("notes")), false);
    const QJsonObject w =
        read.object(root, QStringLiteral("workload"), path(QStringLiteral("workload")));
    auto wpath = [&path](const char *key) {
        return path(QStringLiteral("workload.") + QLatin1String(key));
    };
    readRows(read, w, path(QStringLiteral("workload")), s, QLatin1StringView("workload"));
    // What the job counts; a file without it counts users, as seed 000 does.
    if (w.contains(QStringLiteral("counted"))) {
        const QString plural = read.string(w, QStringLiteral("counted"), wpath("counted"), false);
        if (const std::optional<CountedNoun> noun = countedNoun(plural))
            s.workload.counted = *noun;
        else if (!read.failed())
            read.fail(wpath("counted"), countedNounProblem(plural));
        if (w.contains(QStringLiteral("counted_one"))) {
            const QString one =
                read.string(w, QStringLiteral("counted_one"), wpath("counted_one"), false);
            if (const QString problem = countedNounProblem(one); !problem.isEmpty())
                read.fail(wpath("counted_one"), problem);
            else
                s.workload.counted.one = one.simplified();
        }
    }

    const QJsonArray stages =
        read.array(root, QStringLiteral("stages"), path(QStringLiteral("stages")));
    if (auto problem = tooMany(stages.size(), kMaxStages, QT_TRANSLATE_NOOP("pipeplan", "stages")))
        read.fail(path(QStringLiteral("stages")), *problem);
    s.stages.clear();
    for (qsizetype i = 0; i < stages.size() && !read.failed(); ++i) {
        const QString stagePath = path(QStringLiteral("stages[%1]").arg(i));
        if (!stages[i].isObject()) {
            read.fail(stagePath, tr("must be an object, got ") + typeName(stages[i]));
            break;
        }
        const QJsonObject object = stages[i].toObject();
        Stage stage;
        stage.name =
            read.string(object, QStringLiteral("name"), stagePath + QStringLiteral(".name"), true);
        const QJsonValue scoring = object.value(QStringLiteral("scoring"));
        if (!scoring.isUndefined() && !scoring.isBool())
            read.fail(stagePath + QStringLiteral(".scoring"),
                      tr("must be true or false, got ") + typeName(scoring));
        stage.isScoring = scoring.toBool(false);
        readElementRows(read, object, stagePath, stage, fieldregistry::stageRows());
        s.stages.push_back(stage);
    }

    const QString execution =
        read.string(root, QStringLiteral("execution"), path(QStringLiteral("execution")), true);
    if (execution == QLatin1String("pipelined"))
        s.execution = Execution::Pipelined;
    else if (execution == QLatin1String("sequential"))
        s.execution = Execution::Sequential;
    else if (!read.failed())
        read.fail(
            path(QStringLiteral("execution")),
            tr("must be \"sequential\" or \"pipelined\", got \"%1\"").arg(execution.left(40)));

    const QJsonArray counts =
        read.array(root, QStringLiteral("worker_counts"), path(QStringLiteral("worker_counts")));
    if (auto problem =
            tooMany(counts.size(), kMaxWorkerCounts, QT_TRANSLATE_NOOP("pipeplan", "entries")))
        read.fail(path(QStringLiteral("worker_counts")), *problem);
    s.workerCounts.clear();
    for (qsizetype i = 0; i < counts.size() && !read.failed(); ++i) {
        if (!counts[i].isDouble()) {
            read.fail(path(QStringLiteral("worker_counts[%1]").arg(i)),
                      tr("must be a number, got ") + typeName(counts[i]));
        }
        s.workerCounts.push_back(counts[i].toDouble());
    }
    // The scenario's own numbers (microbatches, the comparison p).
    readRows(read, root, prefix.chopped(prefix.endsWith(QLatin1Char('.')) ? 1 : 0), s,
             QLatin1StringView());

    // Version 3 sections; absent ones (older files) keep their defaults: everything off.
    auto sectionPath = [&path](const QString &section, const char *key) {
        return path(section + QLatin1Char('.') + QLatin1String(key));
    };
    const QString oKey = QStringLiteral("overheads");
    const QJsonObject o = read.section(root, oKey, path(oKey));
    readRows(read, o, path(oKey), s, QLatin1StringView("overheads"));
    if (o.contains(QStringLiteral("shared_resource_name")))
        s.overheads.sharedResourceName =
            read.string(o, QStringLiteral("shared_resource_name"),
                        sectionPath(oKey, "shared_resource_name"), true)
                .left(80);

    const QString mKey = QStringLiteral("memory");
    const QJsonObject m = read.section(root, mKey, path(mKey));
    readRows(read, m, path(mKey), s, QLatin1StringView("memory"));

    const QString hwKey = QStringLiteral("hardware");
    const QJsonObject hw = read.section(root, hwKey, path(hwKey));
    if (!read.failed() && !hw.isEmpty())
        readHardware(read, hw, path(hwKey), s);

    // Version 8: the numbers given as ranges; an older file has none.
    const QString uKey = QStringLiteral("uncertainty");
    const QJsonObject un = read.section(root, uKey, path(uKey));
    if (!read.failed() && !un.isEmpty())
        readUncertainty(read, un, path(uKey), s);

    const QString simKey = QStringLiteral("simulation");
    const QJsonObject sim = read.section(root, simKey, path(simKey));
    SimulationSettings &ss = s.simulation;
    readRows(read, sim, path(simKey), s, QLatin1StringView("simulation"));
    ss.speculativeBackups =
        read.booleanOr(sim, QStringLiteral("speculative_backups"),
                       sectionPath(simKey, "speculative_backups"), ss.speculativeBackups);

    const QString goalKey = QStringLiteral("goal");
    const QJsonObject goal = read.section(root, goalKey, path(goalKey));
    // Version 9: a deadline_s is the deadline in force (an older file's was migrated before).
    readRows(read, goal, path(goalKey), s, QLatin1StringView("goal"));
    // Files from before the currency was named priced in no unit: they read as US dollars,
    // the default a new plan has.
    if (const QString currency =
            read.string(goal, QStringLiteral("currency"), sectionPath(goalKey, "currency"), false);
        !currency.isEmpty())
        s.goal.currency = currency;
    if (goal.contains(QStringLiteral("levers"))) {
        const QString leversPath = sectionPath(goalKey, "levers");
        const QJsonArray levers = read.array(goal, QStringLiteral("levers"), leversPath);
        if (!read.failed() && levers.size() != 2)
            read.fail(leversPath, tr("must list two levers, got %1").arg(levers.size()));
        for (qsizetype i = 0; i < levers.size() && i < 2 && !read.failed(); ++i) {
            if (!levers[i].isString())
                read.fail(leversPath + QStringLiteral("[%1]").arg(i),
                          tr("must be a lever's key such as workload.workers"));
            s.goal.levers[static_cast<size_t>(i)] = levers[i].toString();
        }
    }

    const QString trainingKey = QStringLiteral("training");
    const QJsonObject training = read.section(root, trainingKey, path(trainingKey));
    if (!read.failed())
        s.training = readTraining(read, training, path(trainingKey));
    const QString projectKey = QStringLiteral("project");
    const QJsonObject project = read.section(root, projectKey, path(projectKey));
    if (!read.failed())
        s.project = readProject(read, project, path(projectKey));
    const QString measuredKey = QStringLiteral("measured");
    const QJsonObject measured = read.section(root, measuredKey, path(measuredKey));
    if (!read.failed())
        s.measured = readMeasured(read, measured, path(measuredKey));
    const QString trackKey = QStringLiteral("track");
    const QJsonObject trackSection = read.section(root, trackKey, path(trackKey));
    if (!read.failed() && !trackSection.isEmpty())
        s.track = readTrack(read, trackSection, path(trackKey));
    if (!read.failed()) {
        // Every stored number as written, a range on it or not (a range does not excuse a
        // latency of -5), and the ranges' own ends.
        if (const std::vector<FieldError> errors = validate(s); !errors.empty())
            read.fail(path(errors.front().field), errors.front().message);
    }
    if (!read.failed()) {
        // Then each range's median becomes its point value, as the window sets it.
        const std::map<QString, Range> ranges = s.uncertainty.ranges;
        for (const auto &[key, range] : ranges) {
            if (const QString problem = uncertainty::setRange(s, key, range); !problem.isEmpty())
                read.fail(path(QStringLiteral("uncertainty.ranges.") + key), problem);
        }
    }
    return s;
}

/// `report.sections`: absent or null (the sections with content), or the chosen section names.
ReportSettings readReport(Reader &read, const QJsonObject &root)
{
    ReportSettings report;
    const QString reportKey = QStringLiteral("report");
    const QJsonObject object = read.section(root, reportKey, reportKey);
    const QJsonValue sections = object.value(QStringLiteral("sections"));
    const QString at = QStringLiteral("report.sections");
    if (read.failed() || sections.isUndefined() || sections.isNull())
        return report;
    if (!sections.isArray()) {
        read.fail(at, tr("must be an array of section names or null, got ") + typeName(sections));
        return report;
    }
    const QJsonArray names = sections.toArray();
    if (names.isEmpty()) {
        read.fail(at, tr("names no section: use null for the sections with content, "
                         "or some of ") +
                          reportsections::joinKeys(reportsections::all()));
        return report;
    }
    std::vector<ReportSection> chosen;
    for (qsizetype i = 0; i < names.size(); ++i) {
        const QString where = QStringLiteral("%1[%2]").arg(at).arg(i);
        const QJsonValue name = names[i];
        const std::optional<ReportSection> section =
            name.isString() ? reportsections::fromKey(name.toString()) : std::nullopt;
        if (!section) {
            read.fail(where,
                      tr("is %1, not a section: use one of %2")
                          .arg(name.isString()
                                   ? QLatin1Char('"') + name.toString().left(40) + QLatin1Char('"')
                                   : typeName(name),
                               reportsections::joinKeys(reportsections::all())));
            return report;
        }
        chosen.push_back(*section);
    }
    report.sections = reportsections::normalized(std::move(chosen));
    return report;
}

/// Version 1 (PipePlan 0.1 before comparison) had no pinned baseline: nothing else changed.
/// Version 2 had no overheads, memory, simulation or goal sections: absent sections read as
/// their defaults (all overheads off), so version 2 needs no rewriting. Version 3 had no training
/// section: it reads as the default training pipeline.
void migrateFromVersion1(QJsonObject &root)
{
    root.insert(QStringLiteral("baseline"), QJsonValue::Null);
}

/// Up to version 4 the accelerator lever ran backwards from seed 000's story: `latency_ms` held
/// the accelerated latency and `baseline_latency_ms` the CPU one it replaced. From version 5,
/// `latency_ms` is the job as it runs today and `accelerator_latency_ms` the lever's latency, so
/// an old file keeps its meaning: the same runtime, the same waterfall.
void migrateLeversFromVersion4(QJsonObject &scenario)
{
    QJsonObject workload = scenario.value(QStringLiteral("workload")).toObject();
    const QJsonValue before = workload.take(QStringLiteral("baseline_latency_ms"));
    if (before.isDouble()) {
        workload.insert(QStringLiteral("accelerator_latency_ms"),
                        workload.value(QStringLiteral("latency_ms")));
        workload.insert(QStringLiteral("latency_ms"), before);
    }
    if (scenario.value(QStringLiteral("workload")).isObject())
        scenario.insert(QStringLiteral("workload"), workload);
}

/// Before version 9 a file kept a deadline while "Finish within" was off (the goal seek and the
/// device ranking still planned for it). Version 9 holds the deadline in force only:
/// finish_within true keeps it, a deadline_s kept while off is dropped. Returns the dropped
/// deadline, so the window can say what it did.
std::optional<double> migrateDeadlineFromVersion8(QJsonObject &scenario)
{
    QJsonObject goal = scenario.value(QStringLiteral("goal")).toObject();
    const QJsonValue finishWithin = goal.take(QStringLiteral("finish_within"));
    const QJsonValue deadline = goal.value(QStringLiteral("deadline_s"));
    std::optional<double> dropped;
    if (!finishWithin.toBool(false) && !deadline.isUndefined()) {
        if (deadline.isDouble())
            dropped = deadline.toDouble();
        goal.remove(QStringLiteral("deadline_s"));
    }
    if (scenario.contains(QStringLiteral("goal")))
        scenario.insert(QStringLiteral("goal"), goal);
    return dropped;
}

/// An option of a file before version 9 (its `options`) may set `goal.finish_within`,
/// a key version 9 does not have: true becomes the deadline it turned on (the option's own
/// `goal.deadline_s`, else the one the plan held, kept or not), false no deadline.
void migrateOptionDeadlinesFromVersion8(QJsonObject &root, const QJsonValue &planDeadline)
{
    QJsonValue options = root.value(QStringLiteral("options"));
    if (!options.isArray())
        return;
    QJsonArray list = options.toArray();
    const QString finishKey = QStringLiteral("goal.finish_within");
    const QString deadlineKey = QStringLiteral("goal.deadline_s");
    for (QJsonValueRef entry : list) {
        QJsonObject option = entry.toObject();
        QJsonObject set = option.value(QStringLiteral("set")).toObject();
        if (!entry.isObject() || !set.contains(finishKey))
            continue;
        const QJsonValue on = set.take(finishKey);
        const bool turnsOn = on.toBool(false) || on.toString() == QLatin1String("true");
        if (!turnsOn)
            set.insert(deadlineKey, QStringLiteral("null"));
        else if (!set.contains(deadlineKey) && planDeadline.isDouble())
            set.insert(deadlineKey, planDeadline);
        option.insert(QStringLiteral("set"), set);
        entry = option;
    }
    root.insert(QStringLiteral("options"), list);
}

/// The window's note for a deadline migrateDeadlineFromVersion8 dropped; `whose`: empty for the
/// plan, "its pinned baseline" for the baseline.
QString deadlineNote(double version, double keptSeconds, const QString &whose)
{
    return tr("Deadline: this file of version %1 kept a deadline of %2 while "
              "'Finish within' was off%3; a deadline that is off is no longer kept, "
              "so %4 has none (set one under Model > Goal).")
        .arg(format::plainNumber(version), format::duration(keptSeconds),
             whose.isEmpty() ? QString() : tr(" in ") + whose,
             whose.isEmpty() ? tr("this plan") : whose);
}

/// Up to version 5 the simulation assumed 1 % of shards straggling at 3x unless the person
/// changed it, and every file wrote those numbers whether set or not, so the simulated tail and
/// the report's inputs showed stragglers nobody entered. From version 6 stragglers
/// are off until set. A file of version 5 or before that holds exactly the old default (1 %,
/// 3x) is read as no stragglers; any other value was the person's and stays. True when it
/// changed the scenario.
bool migrateStragglersFromVersion5(QJsonObject &scenario)
{
    QJsonObject simulation = scenario.value(QStringLiteral("simulation")).toObject();
    if (simulation.value(QStringLiteral("straggler_prob")).toDouble(-1) != 0.01 ||
        simulation.value(QStringLiteral("straggler_factor")).toDouble(-1) != 3)
        return false;
    simulation.insert(QStringLiteral("straggler_prob"), 0.0);
    scenario.insert(QStringLiteral("simulation"), simulation);
    return true;
}

} // namespace

QJsonObject toJsonObject(const Plan &plan)
{
    QJsonObject root = scenarioObject(plan.scenario);
    root.insert(QStringLiteral("format"), QLatin1String(kFormatName));
    root.insert(QStringLiteral("version"), kVersion);
    root.insert(QStringLiteral("baseline"), plan.baseline
                                                ? QJsonValue(scenarioObject(*plan.baseline))
                                                : QJsonValue(QJsonValue::Null));
    // The report's sections belong to the plan, not to either scenario: written at the top only.
    QJsonValue sections(QJsonValue::Null);
    if (const auto &chosen = plan.scenario.report.sections) {
        QJsonArray keys;
        for (ReportSection section : *chosen)
            keys.append(reportsections::key(section));
        sections = keys;
    }
    root.insert(QStringLiteral("report"), QJsonObject{{QStringLiteral("sections"), sections}});
    // The plan's options, each its name and its overrides as --set takes them.
    if (!plan.scenario.options.empty()) {
        QJsonArray options;
        for (const PlanOption &option : plan.scenario.options) {
            QJsonObject set;
            for (const auto &[key, text] : option.set)
                set.insert(key, text);
            options.append(
                QJsonObject{{QStringLiteral("name"), option.name}, {QStringLiteral("set"), set}});
        }
        root.insert(QStringLiteral("options"), options);
    }
    return root;
}

QByteArray toJson(const Plan &plan)
{
    return QJsonDocument(toJsonObject(plan)).toJson(QJsonDocument::Indented);
}

LoadResult fromJson(const QByteArray &bytes)
{
    if (bytes.size() > kMaxFileBytes) {
        return {std::nullopt,
                {QStringLiteral("(file)"),
                 tr("is %1 bytes; a scenario file is at most %2 bytes")
                     .arg(format::grouped(static_cast<double>(bytes.size()), 0),
                          format::grouped(kMaxFileBytes, 0))}};
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return {std::nullopt,
                {QStringLiteral("(file)"), tr("is not valid JSON: %1 at byte %2")
                                               .arg(parseError.errorString())
                                               .arg(parseError.offset)}};
    }
    if (!document.isObject())
        return {std::nullopt, {QStringLiteral("(root)"), tr("must be a JSON object")}};
    return fromJsonObject(document.object());
}

LoadResult fromJsonObject(QJsonObject root)
{
    auto failure = [](const QString &field, const QString &message) {
        return LoadResult{std::nullopt, FieldError{field, message}};
    };
    Reader read;
    const QString formatName =
        read.string(root, QStringLiteral("format"), QStringLiteral("format"), true);
    if (read.failed())
        return {std::nullopt, read.error()};
    if (formatName != QLatin1String(kFormatName)) {
        return failure(QStringLiteral("format"),
                       tr("is \"%1\", expected \"%2\": not a PipePlan scenario")
                           .arg(formatName.left(80), QLatin1String(kFormatName)));
    }
    const double version = read.number(root, QStringLiteral("version"), QStringLiteral("version"));
    if (read.failed())
        return {std::nullopt, read.error()};
    if (version != std::floor(version) || version < 1) {
        return failure(QStringLiteral("version"), tr("must be a whole number of at least 1, got ") +
                                                      format::plainNumber(version));
    }
    if (version > kVersion) {
        return failure(
            QStringLiteral("version"),
            tr("is %1, newer than this PipePlan understands (%2): update PipePlan to open it")
                .arg(format::plainNumber(version))
                .arg(kVersion));
    }
    if (version < 2)
        migrateFromVersion1(root);
    if (version < 5) {
        migrateLeversFromVersion4(root);
        if (QJsonValue baseline = root.value(QStringLiteral("baseline")); baseline.isObject()) {
            QJsonObject pinned = baseline.toObject();
            migrateLeversFromVersion4(pinned);
            root.insert(QStringLiteral("baseline"), pinned);
        }
    }
    QStringList notes;
    if (version < 6) {
        bool migrated = migrateStragglersFromVersion5(root);
        if (QJsonValue baseline = root.value(QStringLiteral("baseline")); baseline.isObject()) {
            QJsonObject pinned = baseline.toObject();
            migrated |= migrateStragglersFromVersion5(pinned);
            root.insert(QStringLiteral("baseline"), pinned);
        }
        if (migrated)
            notes << tr("Stragglers: this file of version %1 held the old default of 1 "
                        "% of shards at "
                        "3x, which PipePlan assumed whether set or not; it is read as "
                        "no stragglers. "
                        "Tick Straggler chance on Overheads & tail to simulate them.")
                         .arg(format::plainNumber(version));
    }
    if (version < 9) {
        migrateOptionDeadlinesFromVersion8(
            root,
            root.value(QStringLiteral("goal")).toObject().value(QStringLiteral("deadline_s")));
        const std::optional<double> kept = migrateDeadlineFromVersion8(root);
        std::optional<double> keptInBaseline;
        if (QJsonValue baseline = root.value(QStringLiteral("baseline")); baseline.isObject()) {
            QJsonObject pinned = baseline.toObject();
            keptInBaseline = migrateDeadlineFromVersion8(pinned);
            root.insert(QStringLiteral("baseline"), pinned);
        }
        if (kept)
            notes << deadlineNote(version, *kept, QString());
        if (keptInBaseline)
            notes << deadlineNote(version, *keptInBaseline, tr("its pinned baseline"));
    }

    Plan plan;
    plan.scenario = readScenario(read, root, QString());
    const QJsonValue baseline = root.value(QStringLiteral("baseline"));
    if (!read.failed() && !baseline.isNull() && !baseline.isUndefined()) {
        if (!baseline.isObject())
            read.fail(QStringLiteral("baseline"),
                      tr("must be an object or null, got ") + typeName(baseline));
        else
            plan.baseline = readScenario(read, baseline.toObject(), QStringLiteral("baseline."));
    }
    if (!read.failed())
        plan.scenario.report = readReport(read, root);
    if (read.failed())
        return {std::nullopt, read.error()};
    if (const QJsonValue options = root.value(QStringLiteral("options"));
        !options.isUndefined() && !options.isNull()) {
        if (!options.isArray())
            return {std::nullopt,
                    {QStringLiteral("options"), tr("must be an array, got ") + typeName(options)}};
        const QJsonArray list = options.toArray();
        // Counted before any is read: each option is checked by reading the whole plan again.
        if (const std::optional<QString> problem = options::tooMany(list.size()))
            return {std::nullopt, {QStringLiteral("options"), *problem}};
        for (qsizetype i = 0; i < list.size(); ++i) {
            const QString path = QStringLiteral("options[%1]").arg(i);
            if (!list[i].isObject())
                return {std::nullopt,
                        {path, tr("must be an object {name, set}, got ") + typeName(list[i])}};
            const QJsonObject object = list[i].toObject();
            PlanOption option;
            const QJsonValue name = object.value(QStringLiteral("name"));
            if (!name.isString())
                return {std::nullopt,
                        {path + QStringLiteral(".name"),
                         tr("must be a string, got ") + typeName(name)}};
            option.name = name.toString();
            const QJsonValue set = object.value(QStringLiteral("set"));
            if (!set.isUndefined() && !set.isObject())
                return {std::nullopt,
                        {path + QStringLiteral(".set"),
                         tr("must be an object of key: value, got ") + typeName(set)}};
            const QJsonObject overrides = set.toObject();
            for (auto it = overrides.begin(); it != overrides.end(); ++it) {
                const QJsonValue value = it.value();
                QString text;
                if (value.isString())
                    text = value.toString();
                else if (value.isDouble())
                    text = format::plainNumber(value.toDouble());
                else if (value.isBool())
                    text = value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
                else
                    return {std::nullopt,
                            {path + QStringLiteral(".set.") + it.key(),
                             tr("must be a value as --set takes it, got ") + typeName(value)}};
                option.set.emplace(it.key(), text);
            }
            plan.scenario.options.push_back(std::move(option));
        }
        if (const std::vector<FieldError> errors = options::validate(plan.scenario);
            !errors.empty())
            return {std::nullopt, errors.front()};
    }
    return {plan, {}, notes};
}

const std::vector<FormatKey> &formatKeys()
{
    using enum KeyType;
    // The format's table (docs/scenario-format.md), section by section; a key written only
    // when set (goal.budget, training.memory_limit, workload.counted_one) is as much a key as
    // one every file holds. The numbers of the field registry are its rows; the others (texts,
    // switches, the numbers of lists and the hardware model's, which core/hardware reads and
    // writes by its kind) are listed here.
    static const std::vector<FormatKey> keys = [] {
        std::vector<FormatKey> all{
            {"name", Text},
            {"notes", Text},
            {"workload.counted", Text},
            {"workload.counted_one", Text},
            {"stages[i].name", Text},
            {"stages[i].scoring", Boolean},
            {"execution", Text},
            {"worker_counts[i]", Number},
            {"overheads.shared_resource_name", Text},
            {"simulation.speculative_backups", Boolean},
            {"hardware.enabled", Boolean},
            {"hardware.device", Text},
            {"hardware.device_price", Boolean},
            {"hardware.training.shard_optimizer", Boolean},
            {"hardware.training.recompute", Text},
            {"goal.currency", Text},
            {"training.schedule", Text},
            {"training.interleaved_rule", Text},
            {"project.tasks[i].name", Text},
            {"project.tasks[i].category", Text},
            {"project.tasks[i].unit", Text},
            {"project.tasks[i].status", Text},
            {"project.tasks[i].finished_on", Text},
            {"project.calendar.working_days", Text},
            {"project.start_date", OptionalText},
            {"project.status_date", OptionalText},
            {"project.scale_by_pace", Boolean},
            {"project.monte_carlo.distribution", Text},
            {"project.labeling.strata[i].name", Text},
            {"project.actuals[i].name", Text},
            {"measured.measure", Text},
            {"measured.runs[i].workers", Number},
            {"measured.runs[i].value", Number},
            {"measured.trace.file", Text},
            {"measured.trace.read_at", Text},
            {"track.history", Text},
            {"track.kind", Text},
            {"track.apply", Boolean},
        };
        for (const fieldregistry::Field &field : fieldregistry::fields())
            all.push_back({field.path, field.optional() ? OptionalNumber : Number});
        // The numbers of lists' elements are their rows: "stages[i].ms_per_user".
        // FormatKey holds a C string: the paths live as long as the keys (a deque never moves
        // what it holds).
        static std::deque<QByteArray> elementPaths;
        const auto addElements = [&all](const auto &rows) {
            for (const auto &field : rows.fields) {
                elementPaths.push_back(QByteArray(rows.path) + "[i]." + field.key);
                all.push_back(
                    {elementPaths.back().constData(), field.optional() ? OptionalNumber : Number});
            }
        };
        addElements(fieldregistry::stageRows());
        addElements(fieldregistry::taskRows());
        addElements(fieldregistry::taskProgressRows());
        addElements(fieldregistry::stratumRows());
        addElements(fieldregistry::actualRows());
        for (const fieldregistry::PerDeviceField &field : fieldregistry::perDeviceFields())
            all.push_back({field.path, Number});
        // The hardware's model and devices are written by core/hardware, each key once there:
        // their keys are the ones its writer writes, the model's of either kind.
        const auto addWritten = [&all](const char *at, const QJsonObject &written) {
            for (auto it = written.begin(); it != written.end(); ++it) {
                elementPaths.push_back(QByteArray(at) + it.key().toLatin1());
                all.push_back({elementPaths.back().constData(), it.value().isDouble() ? Number
                                                                : it.value().isBool() ? Boolean
                                                                                      : Text});
            }
        };
        hardware::ModelSpec direct;
        direct.kind = hardware::ModelKind::Direct;
        QJsonObject model = hardware::toJson(hardware::ModelSpec{});
        const QJsonObject directModel = hardware::toJson(direct);
        for (auto it = directModel.begin(); it != directModel.end(); ++it)
            model.insert(it.key(), it.value());
        addWritten("hardware.model.", model);
        hardware::Device device;
        device.priceSource = QStringLiteral("a source"); // written only when there is one
        addWritten("hardware.devices[i].", hardware::toJson(device));
        return all;
    }();
    return keys;
}

namespace {
/// One step of a path: an object key, optionally indexed ("stages[2]").
struct PathStep
{
    QString key;
    qsizetype index = -1;
};

std::optional<std::vector<PathStep>> parsePath(const QString &path)
{
    // Keys may hold digits after their first letter ("bf16_tflops").
    static const QRegularExpression step(
        QStringLiteral("^([a-z][a-z0-9_]*)(?:\\[(\\d{1,6})\\])?$"));
    std::vector<PathStep> steps;
    for (const QString &part : path.split(QLatin1Char('.'))) {
        const QRegularExpressionMatch match = step.match(part);
        if (!match.hasMatch())
            return std::nullopt;
        steps.push_back(
            {match.captured(1), match.captured(2).isEmpty() ? -1 : match.captured(2).toLongLong()});
    }
    return steps;
}

/// The type the format gives `path` ("stages[2].ms_per_user" as "stages[i].ms_per_user", a
/// baseline's key as the scenario's), or nothing for a path the format does not define.
std::optional<KeyType> formatType(QString path)
{
    static const QRegularExpression index(QStringLiteral("\\[\\d+\\]"));
    static const QHash<QString, KeyType> types = [] {
        QHash<QString, KeyType> byPath;
        for (const FormatKey &key : formatKeys())
            byPath.insert(QString::fromLatin1(key.path), key.type);
        return byPath;
    }();
    path.replace(index, QStringLiteral("[i]"));
    if (const QLatin1String baseline("baseline."); path.startsWith(baseline))
        path.remove(0, baseline.size());
    const auto found = types.constFind(path);
    if (found == types.constEnd())
        return std::nullopt;
    return *found;
}

/// Sets `value` at `steps` inside `node`, with the value there before in `previous` (undefined
/// when absent); false when the path does not exist. With `create`, a key the object lacks is
/// added, and so is an object on the way to it that is absent or null (measured.trace); an
/// element of a list never is.
bool setAt(QJsonValue &node, const std::vector<PathStep> &steps, size_t depth,
           const QJsonValue &value, QJsonValue *previous, bool create)
{
    if (!node.isObject())
        return false;
    QJsonObject object = node.toObject();
    const PathStep &step = steps[depth];
    if (!object.contains(step.key) && !(create && step.index < 0))
        return false;
    QJsonValue child = object.value(step.key);
    const bool last = depth + 1 == steps.size();
    if (step.index >= 0) {
        if (!child.isArray())
            return false;
        QJsonArray array = child.toArray();
        if (step.index >= array.size())
            return false;
        QJsonValue element = array.at(step.index);
        if (last) {
            *previous = element;
            element = value;
        } else if (!setAt(element, steps, depth + 1, value, previous, create)) {
            return false;
        }
        array.replace(step.index, element);
        child = array;
    } else if (last) {
        *previous = child;
        child = value;
    } else {
        if (create && (child.isUndefined() || child.isNull()))
            child = QJsonObject{};
        if (!setAt(child, steps, depth + 1, value, previous, create))
            return false;
    }
    object.insert(step.key, child);
    node = object;
    return true;
}
} // namespace

std::optional<FieldError> setValue(QJsonObject &root, const QString &rawPath, const QString &text)
{
    QString path = rawPath.trimmed();
    // A bare workload key is the workload's: "--set users=75M".
    if (root.value(QStringLiteral("workload")).toObject().contains(path) ||
        formatType(QStringLiteral("workload.") + path))
        path.prepend(QStringLiteral("workload."));
    // The plane's two levers, "across,up": a list, absent from a file that keeps
    // the default pair. The file's reading checks them.
    if (path == QLatin1String("goal.levers")) {
        const QStringList keys = text.split(QLatin1Char(','));
        if (keys.size() != 2)
            return FieldError{rawPath, tr("must be two lever keys separated by a "
                                          "comma (like workload.workers,"
                                          "workload.keep_fraction), got '%1'")
                                           .arg(text)};
        QJsonObject goal = root.value(QStringLiteral("goal")).toObject();
        goal.insert(QStringLiteral("levers"), QJsonArray{keys[0].trimmed(), keys[1].trimmed()});
        root.insert(QStringLiteral("goal"), goal);
        return std::nullopt;
    }
    const std::optional<std::vector<PathStep>> steps = parsePath(path);
    if (!steps)
        return FieldError{rawPath,
                          tr("is not a key path (like workload.users or stages[1].ms_per_user)")};
    const bool inBaseline = path.startsWith(QLatin1String("baseline."));
    // The format's keys are set whether or not the file holds them (a budget, a file of an
    // older version): their type is the format's. A baseline's only when one is pinned.
    const std::optional<KeyType> formatted = formatType(path);
    if (formatted && inBaseline && !root.value(QStringLiteral("baseline")).isObject())
        return FieldError{rawPath, tr("the plan pins no baseline")};
    QJsonValue probe = root;
    QJsonValue previous;
    if (!setAt(probe, *steps, 0, QJsonValue(), &previous, formatted.has_value()))
        return FieldError{rawPath, tr("no such key in the scenario")};
    // Any other key the file holds takes the type of its value there.
    KeyType type = KeyType::OptionalNumber;
    if (formatted)
        type = *formatted;
    else if (previous.isString())
        type = KeyType::Text;
    else if (previous.isBool())
        type = KeyType::Boolean;
    else if (previous.isObject() || previous.isArray())
        return FieldError{rawPath, tr("is %1, not a single value").arg(typeName(previous))};

    const QString trimmed = text.trimmed();
    const bool null = trimmed == QLatin1String("null");
    QJsonValue value;
    QJsonObject result = root;
    switch (type) {
    case KeyType::Text:
        value = trimmed;
        break;
    case KeyType::OptionalText:
        value = null ? QJsonValue(QJsonValue::Null) : QJsonValue(trimmed);
        break;
    case KeyType::Boolean:
        if (trimmed != QLatin1String("true") && trimmed != QLatin1String("false"))
            return FieldError{rawPath, tr("must be true or false, got '%1'").arg(text)};
        value = trimmed == QLatin1String("true");
        break;
    case KeyType::Number:
    case KeyType::OptionalNumber: {
        // A number of the job given as a range goes to uncertainty.ranges under its own path
        // ("workload.latency_ms=800..1200"); a plain number drops the range it had.
        if (!inBaseline) {
            // Text shaped like a range is the file's to read, with the number's own kind
            // ("90%..99%" on a fraction) and its own refusals (a number that takes no range,
            // ends out of order).
            const bool range = looksLikeRange(text);
            QJsonObject uncertaintyObject = root.value(QStringLiteral("uncertainty")).toObject();
            QJsonObject ranges = uncertaintyObject.value(QStringLiteral("ranges")).toObject();
            if (range || ranges.contains(path)) {
                if (range)
                    ranges.insert(path, trimmed);
                else
                    ranges.remove(path);
                uncertaintyObject.insert(QStringLiteral("ranges"), ranges);
                result.insert(QStringLiteral("uncertainty"), uncertaintyObject);
                if (range) {
                    root = result;
                    return std::nullopt; // the point value follows the range's median on load
                }
            }
        }
        if (null && type == KeyType::OptionalNumber) {
            value = QJsonValue::Null;
            break;
        }
        const numparse::Parsed number = numparse::number(trimmed);
        if (!number.value)
            return FieldError{rawPath, number.error};
        value = *number.value;
        break;
    }
    }
    QJsonValue node = result;
    setAt(node, *steps, 0, value, &previous, formatted.has_value());
    root = node.toObject();
    return std::nullopt;
}

} // namespace pipeplan::scenariofile
