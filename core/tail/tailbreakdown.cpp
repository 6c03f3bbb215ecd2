#include "core/tail/tailbreakdown.h"
#include "core/base/translate.h"

#include <optional>
#include <utility>

namespace pipeplan::tail {

PIPEPLAN_TR_CONTEXT("pipeplan::tail")

namespace {

using simulation::Params;

/// One cause the ladder adds: whether the job has it, and how to switch it on in a configuration
/// (copying the job's own values).
struct Cause
{
    const char *key;
    const char *label;
    bool (*on)(const Params &job);
    void (*apply)(Params &config, const Params &job);
};

const Cause kStragglers{"stragglers", QT_TRANSLATE_NOOP("pipeplan::tail", "Stragglers"),
                        [](const Params &job) { return job.stragglerProbability > 0; },
                        [](Params &config, const Params &job) {
                            config.stragglerProbability = job.stragglerProbability;
                            config.stragglerFactor = job.stragglerFactor;
                        }};
const Cause kFailures{
    "failures", QT_TRANSLATE_NOOP("pipeplan::tail", "Failures and retries"),
    [](const Params &job) { return job.failureProbability > 0; },
    [](Params &config, const Params &job) { config.failureProbability = job.failureProbability; }};
const Cause kCheckpoints{"checkpoints", QT_TRANSLATE_NOOP("pipeplan::tail", "Checkpoints"),
                         [](const Params &job) { return job.checkpointSeconds > 0; },
                         [](Params &config, const Params &job) {
                             config.checkpointSeconds = job.checkpointSeconds;
                             config.checkpointCostSeconds = job.checkpointCostSeconds;
                         }};
const Cause kBackups{
    "backups", QT_TRANSLATE_NOOP("pipeplan::tail", "Speculative backups"),
    [](const Params &job) { return job.speculativeBackups; },
    [](Params &config, const Params &job) { config.speculativeBackups = job.speculativeBackups; }};

/// No random draw changes a trial: every trial is the closed form.
bool deterministic(const Params &p)
{
    return !(p.stragglerProbability > 0) && !(p.failureProbability > 0) && !p.speculativeBackups;
}

/// The configurations of the ladder: `base`, then each cause of `causes` the job has, added in
/// turn. The last one is the job itself (fields that change nothing, such as a checkpoint cost
/// without checkpoints, stay as the job has them).
std::vector<std::pair<const Cause *, Params>> ladder(const Params &job, Params base,
                                                     const std::vector<const Cause *> &causes)
{
    std::vector<std::pair<const Cause *, Params>> rungs{{nullptr, base}};
    for (const Cause *cause : causes) {
        if (!cause->on(job))
            continue;
        cause->apply(base, job);
        rungs.emplace_back(cause, base);
    }
    rungs.back().second = job;
    return rungs;
}

Breakdown cancelled()
{
    Breakdown b;
    b.cancelled = true;
    return b;
}

/// Climbs the ladder. With a headline, the first step ("shards") goes from the headline to the
/// base configuration; without one, the breakdown starts at the base configuration.
Breakdown climb(const Params &job, const std::vector<std::pair<const Cause *, Params>> &rungs,
                std::optional<double> headlineSeconds, simulation::Control *control,
                const simulation::Result *full)
{
    Breakdown b;
    double previous50 = 0;
    double previous90 = 0;
    for (size_t i = 0; i < rungs.size(); ++i) {
        const auto &[cause, config] = rungs[i];
        double p50 = 0;
        double p90 = 0;
        if (i + 1 == rungs.size() && full && (headlineSeconds || rungs.size() > 1)) {
            p50 = full->p50Seconds;
            p90 = full->p90Seconds;
        } else if (deterministic(config)) {
            p50 = p90 = simulation::closedFormSeconds(config);
        } else {
            const simulation::Result r = simulation::simulate(config, control);
            if (r.cancelled)
                return cancelled();
            p50 = r.p50Seconds;
            p90 = r.p90Seconds;
        }
        if (control && control->cancel.load())
            return cancelled();
        if (i == 0) {
            b.startSeconds = headlineSeconds.value_or(p50);
            if (headlineSeconds) {
                // The headline holds the cold start and the caps in the overhead model's smooth
                // form; the discrete job pays them in whole shards and paced dispatches.
                const QString label = job.dispatchPerSecond > 0
                                          ? tr("Whole shards and paced dispatch (closed form)")
                                          : tr("Whole shards (closed form)");
                b.toP50.push_back({QStringLiteral("shards"), label, p50 - *headlineSeconds});
                b.toP90.push_back({QStringLiteral("shards"), label, p90 - *headlineSeconds});
            }
        } else {
            const QString key = QLatin1String(cause->key);
            QString label = QCoreApplication::translate("pipeplan::tail", cause->label);
            if (!headlineSeconds && cause == &kFailures && job.checkpointSeconds > 0)
                label += tr(" (from the last checkpoint)");
            b.toP50.push_back({key, label, p50 - previous50});
            b.toP90.push_back({key, label, p90 - previous90});
        }
        previous50 = p50;
        previous90 = p90;
    }
    b.p50Seconds = previous50;
    b.p90Seconds = previous90;
    return b;
}

/// The job's closed form: serial time, cold start, whole shards and the paced dispatch, with no
/// random cause and no checkpoints.
Params noTail(const Params &job)
{
    Params base = job;
    base.stragglerProbability = 0;
    base.stragglerFactor = 1;
    base.failureProbability = 0;
    base.checkpointSeconds = 0;
    base.checkpointCostSeconds = 0;
    base.speculativeBackups = false;
    return base;
}

std::vector<std::pair<const Cause *, Params>> headlineLadder(const Params &job)
{
    return ladder(job, noTail(job), {&kStragglers, &kFailures, &kCheckpoints, &kBackups});
}

} // namespace

Breakdown fromHeadline(const simulation::Params &params, double headlineSeconds,
                       simulation::Control *control, const simulation::Result *full)
{
    return climb(params, headlineLadder(params), headlineSeconds, control, full);
}

Breakdown fromClosedForm(const simulation::Params &params, simulation::Control *control,
                         const simulation::Result *full)
{
    // The closed form's own configuration: everything deterministic kept (cold start, cap,
    // checkpoint writes), every random cause off.
    Params base = params;
    base.stragglerProbability = 0;
    base.stragglerFactor = 1;
    base.failureProbability = 0;
    base.speculativeBackups = false;
    return climb(params, ladder(params, base, {&kStragglers, &kFailures, &kBackups}), std::nullopt,
                 control, full);
}

int extraSimulations(const simulation::Params &params)
{
    const auto rungs = headlineLadder(params);
    int count = 0;
    for (size_t i = 0; i + 1 < rungs.size(); ++i)
        count += deterministic(rungs[i].second) ? 0 : 1;
    return count;
}

} // namespace pipeplan::tail
