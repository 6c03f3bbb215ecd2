#include "core/model/overheads.h"

#include "core/base/format.h"
#include "core/base/translate.h"

#include <algorithm>
#include <cmath>

namespace pipeplan {

PIPEPLAN_TR_CONTEXT("pipeplan")

MemoryCheck checkMemory(const MemoryLimit &memory, double predictionsPerUser)
{
    MemoryCheck check;
    if (!memory.acceleratorMemoryBytes)
        return check;
    check.checked = true;
    check.batchItems = memory.batchItems.value_or(predictionsPerUser);
    const double free = *memory.acceleratorMemoryBytes - memory.modelBytes;
    check.largestBatch = free > 0 ? std::floor(free / memory.bytesPerItem) : 0;
    check.fits = check.batchItems <= check.largestBatch;
    const auto inGiB = &format::gibibytes;
    if (!(free > 0)) {
        check.message = tr("The model alone (%1) does not fit in %2 of accelerator "
                           "memory")
                            .arg(inGiB(memory.modelBytes), inGiB(*memory.acceleratorMemoryBytes));
        return check;
    }
    const QString largest =
        tr("Largest batch that fits: %1 = (%2 − %3 model) / %4 MiB per item")
            .arg(format::count(check.largestBatch, tr("items")),
                 inGiB(*memory.acceleratorMemoryBytes), inGiB(memory.modelBytes),
                 format::trimmed(memory.bytesPerItem / (1ULL << 20), 2));
    check.message =
        check.fits
            ? largest
            : tr("A batch of %1 does not fit: it needs %2. %3")
                  .arg(format::count(check.batchItems, tr("items")),
                       inGiB(memory.modelBytes + check.batchItems * memory.bytesPerItem), largest);
    return check;
}

double OverheadModel::computeSeconds(double workers) const
{
    return job::computeSeconds(workSeconds, parallelFraction, 1.0 / workers);
}

std::pair<double, Limit> OverheadModel::capSeconds() const
{
    if (sharedCapSeconds <= 0 && dispatchCapSeconds <= 0)
        return {0, Limit::Compute};
    return sharedCapSeconds >= dispatchCapSeconds
               ? std::pair{sharedCapSeconds, Limit::SharedResource}
               : std::pair{dispatchCapSeconds, Limit::Coordinator};
}

double OverheadModel::runtimeSeconds(double workers) const
{
    return job::runtimeSeconds(workSeconds, parallelFraction, 1.0 / workers, coldStartSeconds,
                               capSeconds().first);
}

Limit OverheadModel::bindingLimit(double workers) const
{
    const auto [cap, limit] = capSeconds();
    return cap > computeSeconds(workers) ? limit : Limit::Compute;
}

std::optional<double> kneeWorkers(const OverheadModel &model, double capSeconds)
{
    const double serial = (1 - model.parallelFraction) * model.workSeconds;
    if (!(capSeconds > serial))
        return std::nullopt;
    const double workers = model.parallelFraction * model.workSeconds / (capSeconds - serial);
    return std::max(1.0, std::ceil(workers));
}

std::vector<RuntimePoint> runtimeCurve(const OverheadModel &naive,
                                       const OverheadModel &withOverheads, double minWorkers,
                                       double maxWorkers, int points)
{
    std::vector<RuntimePoint> curve;
    if (points < 2 || !(minWorkers > 0) || !(maxWorkers > minWorkers))
        return curve;
    curve.reserve(static_cast<size_t>(points));
    const double logMin = std::log10(minWorkers);
    const double step = (std::log10(maxWorkers) - logMin) / (points - 1);
    for (int i = 0; i < points; ++i) {
        const double workers = i == points - 1 ? maxWorkers : std::pow(10.0, logMin + step * i);
        curve.push_back(
            {workers, naive.runtimeSeconds(workers), withOverheads.runtimeSeconds(workers)});
    }
    return curve;
}

QString limitName(Limit limit, const QString &sharedResourceName)
{
    switch (limit) {
    case Limit::Compute:
        return QStringLiteral(QT_TRANSLATE_NOOP("pipeplan", "compute"));
    case Limit::SharedResource:
        return sharedResourceName.trimmed().isEmpty()
                   ? QStringLiteral(QT_TRANSLATE_NOOP("pipeplan", "shared resource"))
                   : sharedResourceName.trimmed();
    case Limit::Coordinator:
        return QStringLiteral(QT_TRANSLATE_NOOP("pipeplan", "coordinator"));
    }
    return {};
}

QString limitText(Limit limit, const QString &sharedResourceName)
{
    QString name = limitName(limit, sharedResourceName);
    if (limit == Limit::SharedResource && !sharedResourceName.trimmed().isEmpty())
        return name;
    return QCoreApplication::translate("pipeplan", name.toUtf8().constData());
}

} // namespace pipeplan
