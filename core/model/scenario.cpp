#include "core/model/scenario.h"

#include "core/base/format.h"
#include "core/base/translate.h"
#include "core/base/units.h"
#include "core/model/amdahl.h"
#include "core/model/uncertainty.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace pipeplan {

PIPEPLAN_TR_CONTEXT("pipeplan")

Scenario defaultScenario()
{
    Scenario scenario;
    scenario.workload.workers = 10'000;
    scenario.workload.parallelFraction = 0.98;
    return scenario;
}

std::optional<QString> tooMany(qsizetype count, int limit, const char *what)
{
    if (count <= limit)
        return std::nullopt;
    return tr("has %1 %2; at most %3")
        .arg(format::grouped(static_cast<double>(count), 0),
             QCoreApplication::translate("pipeplan", what),
             format::grouped(static_cast<double>(limit), 0));
}

void setDevicePrice(HardwareSettings &hardware, double pricePerHour)
{
    std::optional<hardware::Device> device =
        hardware::findDevice(hardware.device, hardware.devices);
    if (!device)
        return;
    device->pricePerHour = pricePerHour;
    device->priceSource = QStringLiteral("typed in this plan");
    std::vector<hardware::Device> &own = hardware.devices;
    const QString key = hardware::nameKey(device->name);
    const auto mine = std::find_if(own.begin(), own.end(), [&key](const hardware::Device &d) {
        return hardware::nameKey(d.name) == key;
    });
    if (mine != own.end())
        *mine = *device;
    else
        own.push_back(*device);
}

std::vector<FieldError> validate(const HardwareSettings &hardware)
{
    std::vector<FieldError> errors;
    const QString path = QStringLiteral("hardware");
    for (qsizetype i = 0; i < qsizetype(hardware.devices.size()); ++i) {
        for (FieldError &e : hardware::validate(hardware.devices[size_t(i)],
                                                path + QStringLiteral(".devices[%1]").arg(i)))
            errors.push_back(std::move(e));
    }
    for (FieldError &e : hardware::validate(hardware.model, path + QStringLiteral(".model")))
        errors.push_back(std::move(e));
    if (auto e =
            checkField(hardware::fields::batch, hardware.batch, path + QStringLiteral(".batch")))
        errors.push_back(*e);
    if (auto e = checkField(hardware::fields::efficiency, hardware.efficiency.compute,
                            path + QStringLiteral(".compute_efficiency")))
        errors.push_back(*e);
    if (auto e = checkField(hardware::fields::efficiency, hardware.efficiency.memory,
                            path + QStringLiteral(".memory_efficiency")))
        errors.push_back(*e);
    const std::pair<const char *, double> training[] = {
        {"microbatch_sequences", hardware.training.microbatchSequences},
        {"sequence_length", hardware.training.sequenceLength},
        {"tensor_parallel", hardware.training.tensorParallel},
        {"data_parallel", hardware.training.dataParallel},
    };
    for (const auto &[key, value] : training) {
        if (auto e = checkField(hardware::fields::trainingCount, value,
                                path + QStringLiteral(".training.") + QLatin1String(key)))
            errors.push_back(*e);
    }
    static const FieldSpec tokens{"tokens",
                                  QT_TRANSLATE_NOOP("pipeplan::fields", "training tokens"),
                                  QT_TRANSLATE_NOOP("pipeplan::fields", "tokens"),
                                  1,
                                  1e18,
                                  false,
                                  false};
    if (auto e =
            checkField(tokens, hardware.trainingTokens, path + QStringLiteral(".training.tokens")))
        errors.push_back(*e);
    if (!hardware::findDevice(hardware.device, hardware.devices))
        errors.push_back({path + QStringLiteral(".device"),
                          tr("no device called \"%1\" (pipeplan-cli devices lists "
                             "them; a plan may add its own under hardware.devices)")
                              .arg(hardware.device)});
    return errors;
}

namespace {

/// Every field of `scenario`, the task list only when `checkTasks`.
std::vector<FieldError> validateScenario(const Scenario &scenario, bool checkTasks)
{
    std::vector<FieldError> errors;
    for (FieldError error : validate(scenario.workload)) {
        error.field.prepend(QStringLiteral("workload."));
        errors.push_back(error);
    }
    auto check = [&errors](const FieldSpec &spec, double value, const QString &name) {
        if (auto error = checkField(spec, value, name))
            errors.push_back(*error);
    };
    // The numbers of the registry's rows in `section`, in the rows' order, each against its
    // spec under its path (an unset optional number holds nothing to check).
    auto checkRows = [&check, &scenario](QLatin1StringView section) {
        for (const fieldregistry::Field &row : fieldregistry::fields()) {
            if (row.section() != section)
                continue;
            if (const std::optional<double> value = row.get(scenario))
                check(*row.spec, *value, QLatin1StringView(row.path).toString());
        }
    };
    checkRows(QLatin1StringView("")); // the microbatches and the compared p
    int scoringStages = 0;
    for (size_t i = 0; i < scenario.stages.size(); ++i) {
        const Stage &stage = scenario.stages[i];
        const QString path = QStringLiteral("stages[%1]").arg(i);
        if (stage.isScoring)
            ++scoringStages;
        // A stage's numbers, each under its element row's key (a scoring stage holds no time).
        for (const fieldregistry::ElementField<Stage> &row : fieldregistry::stageRows().fields) {
            if (row.applies && !row.applies(stage))
                continue;
            if (const std::optional<double> value = row.get(stage))
                check(*row.spec, *value, path + QLatin1Char('.') + QLatin1String(row.key));
        }
        if (stage.name.trimmed().isEmpty())
            errors.push_back({path + QStringLiteral(".name"), tr("must not be empty")});
    }
    if (scoringStages != 1) {
        errors.push_back(
            {QStringLiteral("stages"),
             tr("must contain exactly one scoring stage, found %1").arg(scoringStages)});
    }
    if (auto problem = tooMany(static_cast<qsizetype>(scenario.stages.size()), kMaxStages,
                               QT_TRANSLATE_NOOP("pipeplan", "stages")))
        errors.push_back({QStringLiteral("stages"), *problem});
    if (scenario.workerCounts.empty())
        errors.push_back({QStringLiteral("worker_counts"), tr("must not be empty")});
    if (auto problem = tooMany(static_cast<qsizetype>(scenario.workerCounts.size()),
                               kMaxWorkerCounts, QT_TRANSLATE_NOOP("pipeplan", "entries")))
        errors.push_back({QStringLiteral("worker_counts"), *problem});
    for (size_t i = 0; i < scenario.workerCounts.size(); ++i)
        check(fields::workers, scenario.workerCounts[i],
              QStringLiteral("worker_counts[%1]").arg(i));

    checkRows(QLatin1StringView("overheads"));
    checkRows(QLatin1StringView("memory"));
    checkRows(QLatin1StringView("simulation"));
    checkRows(QLatin1StringView("goal"));
    if (!format::isCurrencyCode(scenario.goal.currency))
        errors.push_back({QStringLiteral("goal.currency"),
                          tr("must be a three-letter ISO 4217 code such as USD or "
                             "EUR, got '%1'")
                              .arg(scenario.goal.currency)});
    for (size_t i = 0; i < scenario.goal.levers.size(); ++i) {
        const QString &key = scenario.goal.levers[i];
        if (!uncertainty::isLeverKey(key))
            errors.push_back({QStringLiteral("goal.levers[%1]").arg(i),
                              tr("must name a lever such as workload.workers, "
                                 "workload.keep_fraction or stages[1].ms_per_user, "
                                 "got '%1'")
                                  .arg(key)});
    }
    if (scenario.goal.levers[0] == scenario.goal.levers[1])
        errors.push_back({QStringLiteral("goal.levers[1]"),
                          tr("must differ from goal.levers[0] (%1): a plane needs "
                             "two levers")
                              .arg(scenario.goal.levers[0])});

    const TrainingSettings &t = scenario.training;
    const std::size_t before = errors.size();
    check(fields::pipelineDevices, t.devices, QStringLiteral("training.devices"));
    check(fields::scheduleMicrobatches, t.microbatches, QStringLiteral("training.microbatches"));
    check(fields::virtualStages, t.virtualStages, QStringLiteral("training.virtual_stages"));
    if (t.compare.size() > schedule::kAllKinds.size()) {
        errors.push_back(
            {QStringLiteral("training.compare"), tr("lists %1 schedules; at most %2")
                                                     .arg(t.compare.size())
                                                     .arg(schedule::kAllKinds.size())});
    }
    if (errors.size() == before) {
        // Times, list lengths and size, checked as the widest schedule the workspace draws
        // (interleaved with all its chunks). Whether m fits the interleaved schedule is the
        // workspace's message, not a reason to refuse the scenario.
        schedule::Params params = trainingParams(t, schedule::Kind::Interleaved);
        params.microbatches = static_cast<int>(t.devices); // a multiple of p, for the check only
        const int realMicrobatches = static_cast<int>(t.microbatches);
        for (FieldError e : schedule::validate(params)) {
            e.field.prepend(QStringLiteral("training."));
            errors.push_back(e);
        }
        const std::int64_t cells =
            std::int64_t{params.devices} * realMicrobatches * params.virtualStages;
        if (errors.size() == before && cells * 3 > schedule::kMaxOps) {
            errors.push_back({QStringLiteral("training.microbatches"),
                              tr("devices x microbatches x virtual stages is %1; at "
                                 "most %2 fit one schedule")
                                  .arg(cells)
                                  .arg(schedule::kMaxOps / 3)});
        }
    }
    for (FieldError &e : validate(scenario.hardware))
        errors.push_back(std::move(e));
    // The project: each part's own checks, under "project.".
    auto addProject = [&errors](std::vector<FieldError> found, const QString &prefix) {
        for (FieldError &e : found) {
            e.field.prepend(prefix);
            errors.push_back(std::move(e));
        }
    };
    const ProjectSettings &project = scenario.project;
    if (checkTasks)
        addProject(estimate::validate(project.tasks), QStringLiteral("project."));
    std::vector<FieldError> buffers = estimate::validate(project.buffers);
    for (FieldError &e : buffers)
        e.field.remove(QStringLiteral("_buffer")); // "labeling_buffer" is "buffers.labeling" here
    addProject(std::move(buffers), QStringLiteral("project.buffers."));
    addProject(estimate::validate(project.monteCarlo), QStringLiteral("project.monte_carlo."));
    addProject(estimate::validate(project.labeling), QStringLiteral("project.labeling."));
    addProject(estimate::validate(project.jobEta), QStringLiteral("project.job_eta."));
    addProject(estimate::validate(project.calendar), QStringLiteral("project."));
    if (project.startDate && !project.startDate->isValid())
        errors.push_back({QStringLiteral("project.start_date"), tr("is not a date")});
    if (project.statusDate && !project.statusDate->isValid())
        errors.push_back({QStringLiteral("project.status_date"), tr("is not a date")});
    if (project.startDate && project.statusDate && project.startDate->isValid() &&
        *project.statusDate < *project.startDate)
        errors.push_back({QStringLiteral("project.status_date"),
                          tr("is %1, before the start date %2")
                              .arg(estimate::isoDate(*project.statusDate),
                                   estimate::isoDate(*project.startDate))});
    if (!project.actuals.empty()) {
        std::vector<FieldError> actuals = estimate::validate(project.actuals);
        for (FieldError &e : actuals)
            e.field.replace(QStringLiteral("entries"), QStringLiteral("actuals"));
        addProject(std::move(actuals), QStringLiteral("project."));
    }
    for (FieldError &error : uncertainty::validate(scenario))
        errors.push_back(std::move(error));
    return errors;
}

} // namespace

std::vector<FieldError> validate(const Scenario &scenario)
{
    return validateScenario(scenario, true);
}

std::vector<FieldError> validateChange(const Scenario &before, const Scenario &after)
{
    return validateScenario(after, !after.project.tasks.sharesWith(before.project.tasks));
}

hardware::ModelSpec HardwareSettings::defaultModel()
{
    return *hardware::findModelPreset(QStringLiteral("Llama 3 8B"));
}

estimate::WorkCalendar ProjectSettings::defaultCalendar()
{
    return estimate::WorkCalendar::fromLocale(QLocale());
}

std::vector<estimate::Task> ProjectSettings::defaultProjectTasks()
{
    using estimate::Category;
    using estimate::Task;
    using estimate::TimeUnit;
    auto task = [](const char *name, Category category, double a, double m, double b,
                   std::vector<int> dependsOn) {
        return Task{QString::fromUtf8(name), category, a, m, b, TimeUnit::Weeks,
                    std::move(dependsOn),    {}};
    };
    return {
        task("Discovery & requirements", Category::Other, 1, 1.5, 2, {}),
        task("Data collection & labeling", Category::Labeling, 4, 5, 8, {0}),
        task("Infrastructure & tooling", Category::Other, 2, 3, 4, {0}),
        task("Model selection & training", Category::Training, 3, 4, 6, {1, 2}),
        task("Integration & API", Category::Other, 2, 2.5, 3, {3}),
        task("Testing & validation", Category::Other, 2, 3, 4, {4}),
        task("Deployment & monitoring", Category::Other, 1, 1.5, 2, {5}),
    };
}

estimate::LabelingInputs ProjectSettings::defaultLabeling()
{
    estimate::LabelingInputs in;
    in.items = 100'000;
    in.strata = {
        estimate::Stratum{QStringLiteral("A: high confidence"), 0.7, std::nullopt, 1.5,
                          std::nullopt},
        estimate::Stratum{QStringLiteral("B: low confidence"), 0.3, std::nullopt, 6.0,
                          std::nullopt},
    };
    in.qcSampleRate = 0.10;
    in.contingency = 0.20;
    return in;
}

estimate::JobEtaInputs ProjectSettings::defaultJobEta()
{
    estimate::JobEtaInputs in;
    in.samplesPerSecond = 1200;
    in.datasetSamples = 1.2e6;
    in.epochs = 3;
    in.safetyFactor = 1.5;
    in.checkpointMinutes = 30;
    return in;
}

schedule::Params trainingParams(const TrainingSettings &training, schedule::Kind kind)
{
    schedule::Params params;
    params.kind = kind;
    params.devices = static_cast<int>(training.devices);
    params.microbatches = static_cast<int>(training.microbatches);
    params.virtualStages =
        kind == schedule::Kind::Interleaved ? static_cast<int>(training.virtualStages) : 1;
    params.forwardMs = training.forwardMs;
    params.backwardMs = training.backwardMs;
    params.weightMs = training.weightMs;
    params.commMs = training.commMs;
    params.interleavedRule = training.interleavedRule;
    params.memoryLimitMicrobatches = training.memoryLimitMicrobatches;
    params.activationBytesPerMicrobatch = training.activationBytesPerMicrobatch;
    params.deviceMemoryBytes = training.deviceMemoryBytes;
    return params;
}

} // namespace pipeplan
