#include "scenariofile.h"

#include "format.h"
#include "numparse.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>
#include <utility>

namespace pipeplan::scenariofile {

namespace {

QJsonValue optionalNumber(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QString typeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
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
            fail(path, QStringLiteral("is missing"));
        return value;
    }

    double number(const QJsonObject &object, const QString &key, const QString &path)
    {
        const QJsonValue value = require(object, key, path);
        if (!value.isUndefined() && !value.isDouble())
            fail(path, QStringLiteral("must be a number, got ") + typeName(value));
        return value.toDouble();
    }

    std::optional<double> optionalNumber(const QJsonObject &object, const QString &key,
                                         const QString &path)
    {
        const QJsonValue value = object.value(key);
        if (value.isUndefined() || value.isNull())
            return std::nullopt;
        if (!value.isDouble()) {
            fail(path, QStringLiteral("must be a number or null, got ") + typeName(value));
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
            fail(path, QStringLiteral("must be true or false, got ") + typeName(value));
        return value.toBool(fallback);
    }

    /// An optional section object: empty when absent.
    QJsonObject section(const QJsonObject &parent, const QString &key, const QString &path)
    {
        const QJsonValue value = parent.value(key);
        if (value.isUndefined() || value.isNull())
            return {};
        if (!value.isObject())
            fail(path, QStringLiteral("must be an object, got ") + typeName(value));
        return value.toObject();
    }

    QString string(const QJsonObject &object, const QString &key, const QString &path,
                   bool required)
    {
        const QJsonValue value = required ? require(object, key, path) : object.value(key);
        if (!value.isUndefined() && !value.isString())
            fail(path, QStringLiteral("must be a string, got ") + typeName(value));
        return value.toString();
    }

    QJsonObject object(const QJsonObject &parent, const QString &key, const QString &path)
    {
        const QJsonValue value = require(parent, key, path);
        if (!value.isUndefined() && !value.isObject())
            fail(path, QStringLiteral("must be an object, got ") + typeName(value));
        return value.toObject();
    }

    QJsonArray array(const QJsonObject &parent, const QString &key, const QString &path)
    {
        const QJsonValue value = require(parent, key, path);
        if (!value.isUndefined() && !value.isArray())
            fail(path, QStringLiteral("must be an array, got ") + typeName(value));
        return value.toArray();
    }

private:
    std::optional<FieldError> m_error;
};

QJsonValue timesValue(const std::vector<double> &times)
{
    if (times.size() == 1)
        return times.front();
    QJsonArray array;
    for (double t : times)
        array.append(t);
    return array;
}

QJsonObject trainingObject(const TrainingSettings &t)
{
    QJsonArray compare;
    for (schedule::Kind kind : t.compare)
        compare.append(schedule::keyOf(kind));
    return QJsonObject{{QStringLiteral("schedule"), schedule::keyOf(t.schedule)},
                       {QStringLiteral("devices"), t.devices},
                       {QStringLiteral("microbatches"), t.microbatches},
                       {QStringLiteral("virtual_stages"), t.virtualStages},
                       {QStringLiteral("forward_ms"), timesValue(t.forwardMs)},
                       {QStringLiteral("backward_ms"), timesValue(t.backwardMs)},
                       {QStringLiteral("weight_ms"), timesValue(t.weightMs)},
                       {QStringLiteral("comm_ms"), t.commMs},
                       {QStringLiteral("compare"), compare}};
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
        read.fail(path, QStringLiteral("must be a number or an array of numbers, got ") +
                            typeName(value));
        return fallback;
    }
    const QJsonArray array = value.toArray();
    if (array.size() > 1024) {
        read.fail(path, QStringLiteral("has %1 entries; at most 1,024 devices").arg(array.size()));
        return fallback;
    }
    std::vector<double> times;
    times.reserve(static_cast<std::size_t>(array.size()));
    for (qsizetype i = 0; i < array.size(); ++i) {
        if (!array[i].isDouble()) {
            read.fail(QStringLiteral("%1[%2]").arg(path).arg(i),
                      QStringLiteral("must be a number, got ") + typeName(array[i]));
            return fallback;
        }
        times.push_back(array[i].toDouble());
    }
    return times;
}

std::optional<schedule::Kind> readKind(Reader &read, const QJsonValue &value, const QString &path)
{
    if (!value.isString()) {
        read.fail(path, QStringLiteral("must be a string, got ") + typeName(value));
        return std::nullopt;
    }
    const std::optional<schedule::Kind> kind = schedule::parseKind(value.toString());
    if (!kind) {
        read.fail(path, QStringLiteral("must be \"gpipe\", \"1f1b\", \"interleaved\" or "
                                       "\"zb-h1\", got \"%1\"")
                            .arg(value.toString().left(40)));
    }
    return kind;
}

/// Version 4's training section; absent in older files (the defaults then).
TrainingSettings readTraining(Reader &read, const QJsonObject &t, const QString &path)
{
    TrainingSettings training;
    auto at = [&path](const char *key) { return path + QLatin1Char('.') + QLatin1String(key); };
    if (t.contains(QStringLiteral("schedule"))) {
        if (auto kind = readKind(read, t.value(QStringLiteral("schedule")), at("schedule")))
            training.schedule = *kind;
    }
    training.devices = read.numberOr(t, QStringLiteral("devices"), at("devices"), training.devices);
    training.microbatches =
        read.numberOr(t, QStringLiteral("microbatches"), at("microbatches"), training.microbatches);
    training.virtualStages = read.numberOr(t, QStringLiteral("virtual_stages"),
                                           at("virtual_stages"), training.virtualStages);
    training.forwardMs =
        readTimes(read, t, QStringLiteral("forward_ms"), at("forward_ms"), training.forwardMs);
    training.backwardMs =
        readTimes(read, t, QStringLiteral("backward_ms"), at("backward_ms"), training.backwardMs);
    training.weightMs =
        readTimes(read, t, QStringLiteral("weight_ms"), at("weight_ms"), training.weightMs);
    training.commMs = read.numberOr(t, QStringLiteral("comm_ms"), at("comm_ms"), training.commMs);
    const QJsonValue compare = t.value(QStringLiteral("compare"));
    if (!compare.isUndefined() && !compare.isArray()) {
        read.fail(at("compare"),
                  QStringLiteral("must be an array of schedule names, got ") + typeName(compare));
    }
    const QJsonArray names = compare.toArray();
    if (std::cmp_greater(names.size(), schedule::kAllKinds.size())) {
        read.fail(at("compare"), QStringLiteral("lists %1 schedules; at most %2")
                                     .arg(names.size())
                                     .arg(schedule::kAllKinds.size()));
        return training;
    }
    for (qsizetype i = 0; i < names.size() && !read.failed(); ++i) {
        const QString where = QStringLiteral("%1[%2]").arg(at("compare")).arg(i);
        if (auto kind = readKind(read, names[i], where))
            training.compare.push_back(*kind);
    }
    return training;
}

QJsonObject scenarioObject(const Scenario &s)
{
    const Workload &w = s.workload;
    QJsonArray stages;
    for (const Stage &stage : s.stages) {
        QJsonObject object{{QStringLiteral("name"), stage.name}};
        if (stage.isScoring)
            object.insert(QStringLiteral("scoring"), true);
        else
            object.insert(QStringLiteral("ms_per_user"), stage.msPerUser);
        stages.append(object);
    }
    QJsonArray workerCounts;
    for (double workers : s.workerCounts)
        workerCounts.append(workers);
    return QJsonObject{
        {QStringLiteral("name"), s.name},
        {QStringLiteral("notes"), s.notes},
        {QStringLiteral("workload"),
         QJsonObject{{QStringLiteral("users"), w.users},
                     {QStringLiteral("predictions_per_user"), w.predictionsPerUser},
                     {QStringLiteral("latency_ms"), w.latencyMs},
                     {QStringLiteral("baseline_latency_ms"), optionalNumber(w.baselineLatencyMs)},
                     {QStringLiteral("batch_ms_per_user"), optionalNumber(w.batchMsPerUser)},
                     {QStringLiteral("keep_fraction"), w.keepFraction},
                     {QStringLiteral("workers"), w.workers},
                     {QStringLiteral("parallel_fraction"), w.parallelFraction}}},
        {QStringLiteral("stages"), stages},
        {QStringLiteral("execution"), s.execution == Execution::Sequential
                                          ? QStringLiteral("sequential")
                                          : QStringLiteral("pipelined")},
        {QStringLiteral("microbatches"), s.microbatches},
        {QStringLiteral("worker_counts"), workerCounts},
        {QStringLiteral("compare_parallel_fraction"), optionalNumber(s.comparisonParallelFraction)},
        {QStringLiteral("overheads"),
         QJsonObject{
             {QStringLiteral("cold_start_s"), optionalNumber(s.overheads.coldStartSeconds)},
             {QStringLiteral("request_overhead_ms"), optionalNumber(s.overheads.requestOverheadMs)},
             {QStringLiteral("shared_cap_per_s"), optionalNumber(s.overheads.sharedCapPerSecond)},
             {QStringLiteral("shared_resource_name"), s.overheads.sharedResourceName},
             {QStringLiteral("dispatch_cap_per_s"),
              optionalNumber(s.overheads.dispatchCapPerSecond)},
             {QStringLiteral("users_per_shard"), s.overheads.usersPerShard}}},
        {QStringLiteral("memory"),
         QJsonObject{{QStringLiteral("accelerator_memory_bytes"),
                      optionalNumber(s.memory.acceleratorMemoryBytes)},
                     {QStringLiteral("model_bytes"), s.memory.modelBytes},
                     {QStringLiteral("bytes_per_item"), s.memory.bytesPerItem},
                     {QStringLiteral("batch_items"), optionalNumber(s.memory.batchItems)}}},
        {QStringLiteral("simulation"),
         QJsonObject{
             {QStringLiteral("straggler_prob"), s.simulation.stragglerProbability},
             {QStringLiteral("straggler_factor"), s.simulation.stragglerFactor},
             {QStringLiteral("failure_prob"), s.simulation.failureProbability},
             {QStringLiteral("checkpoint_s"), optionalNumber(s.simulation.checkpointSeconds)},
             {QStringLiteral("checkpoint_cost_s"), s.simulation.checkpointCostSeconds},
             {QStringLiteral("speculative_backups"), s.simulation.speculativeBackups},
             {QStringLiteral("trials"), s.simulation.trials},
             {QStringLiteral("seed"), s.simulation.seed}}},
        {QStringLiteral("goal"),
         QJsonObject{{QStringLiteral("deadline_s"), s.goal.deadlineSeconds},
                     {QStringLiteral("price_per_worker_hour"), s.goal.pricePerWorkerHour},
                     {QStringLiteral("trials"), s.goal.trials}}},
        {QStringLiteral("training"), trainingObject(s.training)},
    };
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
    s.workload.users = read.number(w, QStringLiteral("users"), wpath("users"));
    s.workload.predictionsPerUser =
        read.number(w, QStringLiteral("predictions_per_user"), wpath("predictions_per_user"));
    s.workload.latencyMs = read.number(w, QStringLiteral("latency_ms"), wpath("latency_ms"));
    s.workload.baselineLatencyMs =
        read.optionalNumber(w, QStringLiteral("baseline_latency_ms"), wpath("baseline_latency_ms"));
    s.workload.batchMsPerUser =
        read.optionalNumber(w, QStringLiteral("batch_ms_per_user"), wpath("batch_ms_per_user"));
    s.workload.keepFraction =
        read.number(w, QStringLiteral("keep_fraction"), wpath("keep_fraction"));
    s.workload.workers = read.number(w, QStringLiteral("workers"), wpath("workers"));
    s.workload.parallelFraction =
        read.number(w, QStringLiteral("parallel_fraction"), wpath("parallel_fraction"));

    const QJsonArray stages =
        read.array(root, QStringLiteral("stages"), path(QStringLiteral("stages")));
    if (stages.size() > 1000)
        read.fail(path(QStringLiteral("stages")),
                  QStringLiteral("has %1 stages; at most 1,000").arg(stages.size()));
    s.stages.clear();
    for (qsizetype i = 0; i < stages.size() && !read.failed(); ++i) {
        const QString stagePath = path(QStringLiteral("stages[%1]").arg(i));
        if (!stages[i].isObject()) {
            read.fail(stagePath, QStringLiteral("must be an object, got ") + typeName(stages[i]));
            break;
        }
        const QJsonObject object = stages[i].toObject();
        Stage stage;
        stage.name =
            read.string(object, QStringLiteral("name"), stagePath + QStringLiteral(".name"), true);
        const QJsonValue scoring = object.value(QStringLiteral("scoring"));
        if (!scoring.isUndefined() && !scoring.isBool())
            read.fail(stagePath + QStringLiteral(".scoring"),
                      QStringLiteral("must be true or false, got ") + typeName(scoring));
        stage.isScoring = scoring.toBool(false);
        if (!stage.isScoring)
            stage.msPerUser = read.number(object, QStringLiteral("ms_per_user"),
                                          stagePath + QStringLiteral(".ms_per_user"));
        s.stages.push_back(stage);
    }

    const QString execution =
        read.string(root, QStringLiteral("execution"), path(QStringLiteral("execution")), true);
    if (execution == QLatin1String("pipelined"))
        s.execution = Execution::Pipelined;
    else if (execution == QLatin1String("sequential"))
        s.execution = Execution::Sequential;
    else if (!read.failed())
        read.fail(path(QStringLiteral("execution")),
                  QStringLiteral("must be \"sequential\" or \"pipelined\", got \"%1\"")
                      .arg(execution.left(40)));
    s.microbatches =
        read.number(root, QStringLiteral("microbatches"), path(QStringLiteral("microbatches")));

    const QJsonArray counts =
        read.array(root, QStringLiteral("worker_counts"), path(QStringLiteral("worker_counts")));
    if (counts.size() > 10'000)
        read.fail(path(QStringLiteral("worker_counts")),
                  QStringLiteral("has %1 entries; at most 10,000").arg(counts.size()));
    s.workerCounts.clear();
    for (qsizetype i = 0; i < counts.size() && !read.failed(); ++i) {
        if (!counts[i].isDouble()) {
            read.fail(path(QStringLiteral("worker_counts[%1]").arg(i)),
                      QStringLiteral("must be a number, got ") + typeName(counts[i]));
        }
        s.workerCounts.push_back(counts[i].toDouble());
    }
    s.comparisonParallelFraction =
        read.optionalNumber(root, QStringLiteral("compare_parallel_fraction"),
                            path(QStringLiteral("compare_parallel_fraction")));

    // Version 3 sections; absent ones (older files) keep their defaults: everything off.
    auto sectionPath = [&path](const QString &section, const char *key) {
        return path(section + QLatin1Char('.') + QLatin1String(key));
    };
    const QString oKey = QStringLiteral("overheads");
    const QJsonObject o = read.section(root, oKey, path(oKey));
    auto optionalIn = [&](const QJsonObject &object, const QString &section, const char *key) {
        return read.optionalNumber(object, QLatin1String(key), sectionPath(section, key));
    };
    auto numberIn = [&](const QJsonObject &object, const QString &section, const char *key,
                        double fallback) {
        return read.numberOr(object, QLatin1String(key), sectionPath(section, key), fallback);
    };
    s.overheads.coldStartSeconds = optionalIn(o, oKey, "cold_start_s");
    s.overheads.requestOverheadMs = optionalIn(o, oKey, "request_overhead_ms");
    s.overheads.sharedCapPerSecond = optionalIn(o, oKey, "shared_cap_per_s");
    if (o.contains(QStringLiteral("shared_resource_name")))
        s.overheads.sharedResourceName =
            read.string(o, QStringLiteral("shared_resource_name"),
                        sectionPath(oKey, "shared_resource_name"), true)
                .left(80);
    s.overheads.dispatchCapPerSecond = optionalIn(o, oKey, "dispatch_cap_per_s");
    s.overheads.usersPerShard = numberIn(o, oKey, "users_per_shard", s.overheads.usersPerShard);

    const QString mKey = QStringLiteral("memory");
    const QJsonObject m = read.section(root, mKey, path(mKey));
    s.memory.acceleratorMemoryBytes = optionalIn(m, mKey, "accelerator_memory_bytes");
    s.memory.modelBytes = numberIn(m, mKey, "model_bytes", s.memory.modelBytes);
    s.memory.bytesPerItem = numberIn(m, mKey, "bytes_per_item", s.memory.bytesPerItem);
    s.memory.batchItems = optionalIn(m, mKey, "batch_items");

    const QString simKey = QStringLiteral("simulation");
    const QJsonObject sim = read.section(root, simKey, path(simKey));
    SimulationSettings &ss = s.simulation;
    ss.stragglerProbability = numberIn(sim, simKey, "straggler_prob", ss.stragglerProbability);
    ss.stragglerFactor = numberIn(sim, simKey, "straggler_factor", ss.stragglerFactor);
    ss.failureProbability = numberIn(sim, simKey, "failure_prob", ss.failureProbability);
    ss.checkpointSeconds = optionalIn(sim, simKey, "checkpoint_s");
    ss.checkpointCostSeconds = numberIn(sim, simKey, "checkpoint_cost_s", ss.checkpointCostSeconds);
    ss.speculativeBackups =
        read.booleanOr(sim, QStringLiteral("speculative_backups"),
                       sectionPath(simKey, "speculative_backups"), ss.speculativeBackups);
    ss.trials = numberIn(sim, simKey, "trials", ss.trials);
    ss.seed = numberIn(sim, simKey, "seed", ss.seed);

    const QString goalKey = QStringLiteral("goal");
    const QJsonObject goal = read.section(root, goalKey, path(goalKey));
    s.goal.deadlineSeconds = numberIn(goal, goalKey, "deadline_s", s.goal.deadlineSeconds);
    s.goal.pricePerWorkerHour =
        numberIn(goal, goalKey, "price_per_worker_hour", s.goal.pricePerWorkerHour);
    s.goal.trials = numberIn(goal, goalKey, "trials", s.goal.trials);

    const QString trainingKey = QStringLiteral("training");
    const QJsonObject training = read.section(root, trainingKey, path(trainingKey));
    if (!read.failed())
        s.training = readTraining(read, training, path(trainingKey));
    if (!read.failed()) {
        if (const std::vector<FieldError> errors = validate(s); !errors.empty())
            read.fail(path(errors.front().field), errors.front().message);
    }
    return s;
}

/// Version 1 (PipePlan 0.1 before comparison) had no pinned baseline: nothing else changed.
/// Version 2 had no overheads, memory, simulation or goal sections: absent sections read as
/// their defaults (all overheads off), so version 2 needs no rewriting. Version 3 had no training
/// section: it reads as the default training pipeline.
void migrateFromVersion1(QJsonObject &root)
{
    root.insert(QStringLiteral("baseline"), QJsonValue::Null);
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
                 QStringLiteral("is %1 bytes; a scenario file is at most %2 bytes")
                     .arg(format::grouped(static_cast<double>(bytes.size()), 0),
                          format::grouped(kMaxFileBytes, 0))}};
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return {std::nullopt,
                {QStringLiteral("(file)"), QStringLiteral("is not valid JSON: %1 at byte %2")
                                               .arg(parseError.errorString())
                                               .arg(parseError.offset)}};
    }
    if (!document.isObject())
        return {std::nullopt, {QStringLiteral("(root)"), QStringLiteral("must be a JSON object")}};
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
                       QStringLiteral("is \"%1\", expected \"%2\": not a PipePlan scenario")
                           .arg(formatName.left(80), QLatin1String(kFormatName)));
    }
    const double version = read.number(root, QStringLiteral("version"), QStringLiteral("version"));
    if (read.failed())
        return {std::nullopt, read.error()};
    if (version != std::floor(version) || version < 1) {
        return failure(QStringLiteral("version"),
                       QStringLiteral("must be a whole number of at least 1, got ") +
                           format::plainNumber(version));
    }
    if (version > kVersion) {
        return failure(
            QStringLiteral("version"),
            QStringLiteral(
                "is %1, newer than this PipePlan understands (%2): update PipePlan to open it")
                .arg(format::plainNumber(version))
                .arg(kVersion));
    }
    if (version < 2)
        migrateFromVersion1(root);

    Plan plan;
    plan.scenario = readScenario(read, root, QString());
    const QJsonValue baseline = root.value(QStringLiteral("baseline"));
    if (!read.failed() && !baseline.isNull() && !baseline.isUndefined()) {
        if (!baseline.isObject())
            read.fail(QStringLiteral("baseline"),
                      QStringLiteral("must be an object or null, got ") + typeName(baseline));
        else
            plan.baseline = readScenario(read, baseline.toObject(), QStringLiteral("baseline."));
    }
    if (read.failed())
        return {std::nullopt, read.error()};
    return {plan, {}};
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
    static const QRegularExpression step(QStringLiteral("^([a-z_]+)(?:\\[(\\d{1,6})\\])?$"));
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

/// Sets `value` at `steps` inside `node`; false when the path does not exist.
bool setAt(QJsonValue &node, const std::vector<PathStep> &steps, size_t depth,
           const QJsonValue &value, QJsonValue *previous)
{
    if (!node.isObject())
        return false;
    QJsonObject object = node.toObject();
    const PathStep &step = steps[depth];
    if (!object.contains(step.key))
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
        } else if (!setAt(element, steps, depth + 1, value, previous)) {
            return false;
        }
        array.replace(step.index, element);
        child = array;
    } else if (last) {
        *previous = child;
        child = value;
    } else if (!setAt(child, steps, depth + 1, value, previous)) {
        return false;
    }
    object.insert(step.key, child);
    node = object;
    return true;
}

QJsonValue valueFromText(const QString &text)
{
    if (text == QLatin1String("null"))
        return QJsonValue::Null;
    if (text == QLatin1String("true") || text == QLatin1String("false"))
        return text == QLatin1String("true");
    if (const numparse::Parsed number = numparse::number(text); number.value)
        return *number.value;
    return text;
}
} // namespace

std::optional<FieldError> setValue(QJsonObject &root, const QString &rawPath, const QString &text)
{
    QString path = rawPath.trimmed();
    // A bare workload key is the workload's: "--set users=75M".
    if (root.value(QStringLiteral("workload")).toObject().contains(path))
        path.prepend(QStringLiteral("workload."));
    const std::optional<std::vector<PathStep>> steps = parsePath(path);
    if (!steps)
        return FieldError{
            rawPath,
            QStringLiteral("is not a key path (like workload.users or stages[1].ms_per_user)")};
    QJsonValue node = root;
    QJsonValue previous;
    const QJsonValue parsed = valueFromText(text.trimmed());
    if (!setAt(node, *steps, 0, parsed, &previous))
        return FieldError{rawPath, QStringLiteral("no such key in the scenario")};
    // The existing value's type decides: text fields stay text even when they look like numbers
    // ("name=2027"); numbers must parse as numbers.
    if (previous.isString()) {
        node = root;
        setAt(node, *steps, 0, text.trimmed(), &previous);
    } else if ((previous.isDouble() || previous.isNull()) && parsed.isString()) {
        return FieldError{rawPath, numparse::number(text).error};
    } else if (previous.isBool() && !parsed.isBool()) {
        return FieldError{rawPath, QStringLiteral("must be true or false, got '%1'").arg(text)};
    } else if (previous.isObject() || previous.isArray()) {
        return FieldError{rawPath,
                          QStringLiteral("is %1, not a single value").arg(typeName(previous))};
    }
    root = node.toObject();
    return std::nullopt;
}

} // namespace pipeplan::scenariofile
