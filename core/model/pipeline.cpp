#include "core/model/pipeline.h"

#include <algorithm>
#include <numeric>

namespace pipeplan::pipeline {

double sequentialMs(std::span<const double> stageMs)
{
    return std::accumulate(stageMs.begin(), stageMs.end(), 0.0);
}

double intervalMs(std::span<const double> stageMs)
{
    return stageMs.empty() ? 0.0 : *std::max_element(stageMs.begin(), stageMs.end());
}

int bottleneck(std::span<const double> stageMs)
{
    if (stageMs.empty())
        return -1;
    // max_element returns the first of equal maxima: the seed's "first on ties".
    return static_cast<int>(std::max_element(stageMs.begin(), stageMs.end()) - stageMs.begin());
}

double steadyRatePerSecond(std::span<const double> stageMs)
{
    return 1000.0 / intervalMs(stageMs);
}

double rateAfterChangePerSecond(std::span<const double> stageMs, int index, double newMs)
{
    std::vector<double> changed(stageMs.begin(), stageMs.end());
    if (index >= 0 && index < static_cast<int>(changed.size()))
        changed[static_cast<size_t>(index)] = newMs;
    return steadyRatePerSecond(changed);
}

double bubbleFraction(double stages, double microbatches)
{
    return (stages - 1.0) / (microbatches + stages - 1.0);
}

double totalTimeMs(std::span<const double> stageMs, double microbatches)
{
    return sequentialMs(stageMs) + (microbatches - 1.0) * intervalMs(stageMs);
}

std::vector<double> balance(std::span<const double> stageMs)
{
    if (stageMs.empty())
        return {};
    const double each = sequentialMs(stageMs) / static_cast<double>(stageMs.size());
    return std::vector<double>(stageMs.size(), each);
}

double utilization(std::span<const double> stageMs, double microbatches)
{
    const double occupied =
        static_cast<double>(stageMs.size()) * totalTimeMs(stageMs, microbatches);
    return sequentialMs(stageMs) * microbatches / occupied;
}

Schedule schedule(std::span<const double> stageMs, int microbatches)
{
    Schedule result;
    const auto stages = static_cast<std::int64_t>(stageMs.size());
    if (stages == 0 || microbatches <= 0 || stages * microbatches > kMaxScheduleCells)
        return result;
    const auto m = static_cast<size_t>(microbatches);
    result.cells.resize(static_cast<size_t>(stages) * m);
    for (size_t s = 0; s < static_cast<size_t>(stages); ++s) {
        for (size_t j = 0; j < m; ++j) {
            const double stageFree = j > 0 ? result.cells[s * m + j - 1].endMs : 0.0;
            const double inputReady = s > 0 ? result.cells[(s - 1) * m + j].endMs : 0.0;
            Cell &cell = result.cells[s * m + j];
            cell.stage = static_cast<int>(s);
            cell.microbatch = static_cast<int>(j);
            cell.startMs = std::max(stageFree, inputReady);
            cell.endMs = cell.startMs + stageMs[s];
        }
    }
    result.makespanMs = result.cells.back().endMs;
    for (size_t s = 0; s < static_cast<size_t>(stages); ++s) {
        const int stage = static_cast<int>(s);
        const Cell &first = result.cells[s * m];
        if (first.startMs > 0)
            result.idle.push_back({stage, 0.0, first.startMs, IdleKind::Fill});
        for (size_t j = 1; j < m; ++j) {
            const double gapStart = result.cells[s * m + j - 1].endMs;
            const double gapEnd = result.cells[s * m + j].startMs;
            if (gapEnd > gapStart)
                result.idle.push_back({stage, gapStart, gapEnd, IdleKind::Wait});
        }
        const double lastEnd = result.cells[s * m + m - 1].endMs;
        if (lastEnd < result.makespanMs)
            result.idle.push_back({stage, lastEnd, result.makespanMs, IdleKind::Drain});
    }
    return result;
}

} // namespace pipeplan::pipeline
