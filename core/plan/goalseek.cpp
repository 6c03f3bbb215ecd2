#include "core/plan/goalseek.h"

#include "core/base/cost.h"

#include "core/base/deadline.h"

#include "core/base/format.h"
#include "core/base/translate.h"
#include "core/model/amdahl.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace pipeplan::goalseek {

PIPEPLAN_TR_CONTEXT("pipeplan::goalseek")

namespace {

/// The fewest workers meeting the deadline in a closed-form model, or why none does.
Option closedForm(const OverheadModel &model, const Inputs &in, const QString &method,
                  const QString &key)
{
    Option option{method, key, std::nullopt, 0, 0, {}};
    const double deadline = in.deadlineSeconds;
    const double free = deadline - model.coldStartSeconds;
    const QString within = tr(" (deadline %1)").arg(format::duration(deadline));
    if (!(free > 0)) {
        option.reason =
            tr("the cold start alone takes %1").arg(format::duration(model.coldStartSeconds)) +
            within;
        return option;
    }
    const auto [capSeconds, capLimit] = model.capSeconds();
    if (capSeconds > free) {
        option.reason =
            tr("the %1 cap alone takes %2")
                .arg(limitText(capLimit, model.sharedResourceName), format::duration(capSeconds)) +
            within;
        return option;
    }
    const std::optional<double> workers =
        amdahl::workersNeeded(model.parallelFraction, model.workSeconds / free);
    if (!workers) {
        option.reason =
            tr("Amdahl's ceiling: ") +
            tr("the serial %1% alone takes %2")
                .arg(format::trimmed((1 - model.parallelFraction) * 100, 2),
                     format::duration((1 - model.parallelFraction) * model.workSeconds)) +
            within;
        return option;
    }
    if (auto tooMany = checkValue(fields::workers, *workers)) {
        option.reason =
            tr("needs %1 workers, more than PipePlan models (%2)")
                .arg(format::grouped(*workers, 0), format::grouped(fields::workers.max, 0));
        return option;
    }
    option.workers = *workers;
    option.runtimeSeconds = model.runtimeSeconds(*workers);
    option.cost = cost::ofJob(*workers, option.runtimeSeconds, in.pricePerWorkerHour);
    return option;
}

} // namespace

Option naiveOption(const Inputs &inputs)
{
    return closedForm(inputs.naive, inputs, tr("naive"), QStringLiteral("naive"));
}

Option overheadOption(const Inputs &inputs)
{
    return closedForm(inputs.withOverheads, inputs, tr("with overheads"),
                      QStringLiteral("overheads"));
}

Result seek(const Inputs &in, simulation::Control *control)
{
    Result result;
    result.options.push_back(naiveOption(in));
    result.options.push_back(overheadOption(in));

    const simulation::Params &base = in.simulation;
    // More workers than shards change nothing without backups; with them, a backup per shard.
    const double maxWorkers =
        std::min(in.maxSimulatedWorkers, base.speculativeBackups ? 2 * base.shards : base.shards);
    // No trial can beat the closed form with every shard at its nominal time.
    const double shardRun = simulation::shardRunSeconds(base.shardSeconds, base);
    const double free = in.deadlineSeconds - base.serialSeconds - base.coldStartSeconds;
    const double rounds = std::floor(free / shardRun);
    const double lowerBound =
        rounds >= 1 ? std::clamp(std::ceil(base.shards / rounds), 1.0, maxWorkers) : maxWorkers;

    std::map<double, simulation::Result> cache;
    auto simulated = [&](double workers) -> const simulation::Result & {
        auto found = cache.find(workers);
        if (found == cache.end()) {
            simulation::Params params = base;
            params.workers = workers;
            found = cache.emplace(workers, simulation::simulate(params, control)).first;
            ++result.simulationsRun;
        }
        return found->second;
    };
    auto cancelled = [control] { return control && control->cancel.load(); };

    for (const auto &[quantileToMeet, key] : {std::pair{0.5, QStringLiteral("simulated_p50")},
                                              std::pair{0.9, QStringLiteral("simulated_p90")}}) {
        const double quantile = quantileToMeet; // a lambda may not capture a structured binding
        Option option{tr("simulated P%1").arg(quantile * 100), key, std::nullopt, 0, 0, {}};
        auto at = [&](double workers) {
            return stats::quantileSorted(simulated(workers).sortedSeconds, quantile);
        };
        const double best = at(maxWorkers);
        if (cancelled())
            break;
        if (!deadline::meets(best, in.deadlineSeconds)) {
            option.reason =
                tr("even %1 (one shard each) take %2 at P%3 (deadline %4)")
                    .arg(format::count(maxWorkers, tr("workers")), format::duration(best))
                    .arg(quantile * 100)
                    .arg(format::duration(in.deadlineSeconds));
            result.options.push_back(option);
            continue;
        }
        double low = lowerBound;
        double high = maxWorkers;
        while (low < high && !cancelled()) {
            const double middle = std::floor((low + high) / 2);
            if (deadline::meets(at(middle), in.deadlineSeconds))
                high = middle;
            else
                low = middle + 1;
        }
        if (cancelled())
            break;
        option.workers = high;
        option.runtimeSeconds = at(high);
        option.cost = cost::ofJob(high, option.runtimeSeconds, in.pricePerWorkerHour);
        result.options.push_back(option);
    }
    result.cancelled = cancelled();
    return result;
}

} // namespace pipeplan::goalseek
