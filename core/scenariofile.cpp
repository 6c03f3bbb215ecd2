#include "scenariofile.h"

#include "format.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

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
        const QJsonValue value = object.value(key);
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

    std::optional<double> optionalNumber(const QJsonObject &object, const QString &key, const QString &path)
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

    QString string(const QJsonObject &object, const QString &key, const QString &path, bool required)
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

} // namespace

QByteArray toJson(const Scenario &s)
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
    const QJsonObject root{
        {QStringLiteral("format"), QLatin1String(kFormatName)},
        {QStringLiteral("version"), kVersion},
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
        {QStringLiteral("execution"),
         s.execution == Execution::Sequential ? QStringLiteral("sequential") : QStringLiteral("pipelined")},
        {QStringLiteral("microbatches"), s.microbatches},
        {QStringLiteral("worker_counts"), workerCounts},
        {QStringLiteral("compare_parallel_fraction"), optionalNumber(s.comparisonParallelFraction)},
    };
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

LoadResult fromJson(const QByteArray &bytes)
{
    auto failure = [](const QString &field, const QString &message) {
        return LoadResult{std::nullopt, FieldError{field, message}};
    };
    if (bytes.size() > kMaxFileBytes) {
        return failure(QStringLiteral("(file)"), QStringLiteral("is %1 bytes; a scenario file is at most %2 bytes")
                                                    .arg(format::grouped(static_cast<double>(bytes.size()), 0),
                                                         format::grouped(kMaxFileBytes, 0)));
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return failure(QStringLiteral("(file)"), QStringLiteral("is not valid JSON: %1 at byte %2")
                                                    .arg(parseError.errorString())
                                                    .arg(parseError.offset));
    }
    if (!document.isObject())
        return failure(QStringLiteral("(root)"), QStringLiteral("must be a JSON object"));
    const QJsonObject root = document.object();

    Reader read;
    const QString formatName = read.string(root, QStringLiteral("format"), QStringLiteral("format"), true);
    if (read.failed())
        return {std::nullopt, read.error()};
    if (formatName != QLatin1String(kFormatName)) {
        return failure(QStringLiteral("format"), QStringLiteral("is '%1', expected '%2': not a PipePlan scenario")
                                                     .arg(formatName.left(80), QLatin1String(kFormatName)));
    }
    const double version = read.number(root, QStringLiteral("version"), QStringLiteral("version"));
    if (read.failed())
        return {std::nullopt, read.error()};
    if (version != std::floor(version) || version < 1) {
        return failure(QStringLiteral("version"), QStringLiteral("must be a whole number of at least 1, got ") +
                                                      format::plainNumber(version));
    }
    if (version > kVersion) {
        return failure(QStringLiteral("version"),
                       QStringLiteral("is %1, newer than this PipePlan understands (%2): update PipePlan to open it")
                           .arg(format::plainNumber(version))
                           .arg(kVersion));
    }

    Scenario s;
    s.name = read.string(root, QStringLiteral("name"), QStringLiteral("name"), false);
    s.notes = read.string(root, QStringLiteral("notes"), QStringLiteral("notes"), false);
    const QJsonObject w = read.object(root, QStringLiteral("workload"), QStringLiteral("workload"));
    auto wpath = [](const char *key) { return QStringLiteral("workload.") + QLatin1String(key); };
    s.workload.users = read.number(w, QStringLiteral("users"), wpath("users"));
    s.workload.predictionsPerUser = read.number(w, QStringLiteral("predictions_per_user"), wpath("predictions_per_user"));
    s.workload.latencyMs = read.number(w, QStringLiteral("latency_ms"), wpath("latency_ms"));
    s.workload.baselineLatencyMs =
        read.optionalNumber(w, QStringLiteral("baseline_latency_ms"), wpath("baseline_latency_ms"));
    s.workload.batchMsPerUser = read.optionalNumber(w, QStringLiteral("batch_ms_per_user"), wpath("batch_ms_per_user"));
    s.workload.keepFraction = read.number(w, QStringLiteral("keep_fraction"), wpath("keep_fraction"));
    s.workload.workers = read.number(w, QStringLiteral("workers"), wpath("workers"));
    s.workload.parallelFraction = read.number(w, QStringLiteral("parallel_fraction"), wpath("parallel_fraction"));

    const QJsonArray stages = read.array(root, QStringLiteral("stages"), QStringLiteral("stages"));
    if (stages.size() > 1000)
        read.fail(QStringLiteral("stages"), QStringLiteral("has %1 stages; at most 1,000").arg(stages.size()));
    s.stages.clear();
    for (qsizetype i = 0; i < stages.size() && !read.failed(); ++i) {
        const QString path = QStringLiteral("stages[%1]").arg(i);
        if (!stages[i].isObject()) {
            read.fail(path, QStringLiteral("must be an object, got ") + typeName(stages[i]));
            break;
        }
        const QJsonObject object = stages[i].toObject();
        Stage stage;
        stage.name = read.string(object, QStringLiteral("name"), path + QStringLiteral(".name"), true);
        const QJsonValue scoring = object.value(QStringLiteral("scoring"));
        if (!scoring.isUndefined() && !scoring.isBool())
            read.fail(path + QStringLiteral(".scoring"), QStringLiteral("must be true or false, got ") + typeName(scoring));
        stage.isScoring = scoring.toBool(false);
        if (!stage.isScoring)
            stage.msPerUser = read.number(object, QStringLiteral("ms_per_user"), path + QStringLiteral(".ms_per_user"));
        s.stages.push_back(stage);
    }

    const QString execution = read.string(root, QStringLiteral("execution"), QStringLiteral("execution"), true);
    if (execution == QLatin1String("pipelined"))
        s.execution = Execution::Pipelined;
    else if (execution == QLatin1String("sequential"))
        s.execution = Execution::Sequential;
    else
        read.fail(QStringLiteral("execution"), QStringLiteral("must be \"sequential\" or \"pipelined\""));
    s.microbatches = read.number(root, QStringLiteral("microbatches"), QStringLiteral("microbatches"));

    const QJsonArray counts = read.array(root, QStringLiteral("worker_counts"), QStringLiteral("worker_counts"));
    if (counts.size() > 10'000)
        read.fail(QStringLiteral("worker_counts"), QStringLiteral("has %1 entries; at most 10,000").arg(counts.size()));
    s.workerCounts.clear();
    for (qsizetype i = 0; i < counts.size() && !read.failed(); ++i) {
        if (!counts[i].isDouble())
            read.fail(QStringLiteral("worker_counts[%1]").arg(i), QStringLiteral("must be a number, got ") + typeName(counts[i]));
        s.workerCounts.push_back(counts[i].toDouble());
    }
    s.comparisonParallelFraction = read.optionalNumber(root, QStringLiteral("compare_parallel_fraction"),
                                                       QStringLiteral("compare_parallel_fraction"));
    if (read.failed())
        return {std::nullopt, read.error()};
    if (const std::vector<FieldError> errors = validate(s); !errors.empty())
        return {std::nullopt, errors.front()};
    return {s, {}};
}

} // namespace pipeplan::scenariofile
