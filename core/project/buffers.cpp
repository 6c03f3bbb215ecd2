// Uncertainty buffers on a plan: each task scaled by its category's buffer, the total by the
// contingency, and the plan estimated both ways.

#include "core/project/buffers.h"

namespace pipeplan::estimate {

double Buffers::forCategory(Category category) const
{
    switch (category) {
    case Category::Labeling:
        return labeling;
    case Category::Training:
        return training;
    case Category::Optimization:
        return optimization;
    case Category::Research:
        return research;
    case Category::Other:
        return other;
    }
    return other;
}

std::vector<Task> withBuffers(const std::vector<Task> &tasks, const Buffers &buffers)
{
    std::vector<Task> buffered = tasks;
    for (Task &task : buffered) {
        const double factor = 1.0 + buffers.forCategory(task.category);
        task.optimistic *= factor;
        task.mostLikely *= factor;
        task.pessimistic *= factor;
    }
    return buffered;
}

PertResult scaled(const PertResult &result, double factor)
{
    PertResult out = result;
    out.meanHours *= factor;
    out.sigmaHours *= factor;
    return out;
}

MonteCarloResult scaled(const MonteCarloResult &result, double factor)
{
    MonteCarloResult out = result;
    for (double *value : {&out.meanHours, &out.p50Hours, &out.p80Hours, &out.p90Hours,
                          &out.p95Hours, &out.minHours, &out.maxHours})
        *value *= factor;
    for (double &value : out.cumulativeHours)
        value *= factor;
    for (double &value : out.trialHours)
        value *= factor;
    out.histogram.minValue *= factor;
    out.histogram.binWidth *= factor;
    // Hours scale; the criticality (a share of trials) and the bars' order do not.
    for (TornadoBar &bar : out.tornado) {
        bar.p90LowHours *= factor;
        bar.p90HighHours *= factor;
    }
    for (TaskFinishRange &range : out.taskFinish) {
        range.p10Hours *= factor;
        range.p50Hours *= factor;
        range.p90Hours *= factor;
    }
    return out;
}

PlanEstimate estimatePlan(const std::vector<Task> &tasks, const Buffers &buffers,
                          const MonteCarloOptions &options, Control *control)
{
    PlanEstimate estimate = simulatePlan(tasks, buffers, options, control);
    estimate.pert = pert(tasks);
    estimate.pertBuffered = scaled(pert(withBuffers(tasks, buffers)), 1.0 + buffers.contingency);
    return estimate;
}

std::int64_t simulatePlanTrials(const std::vector<Task> &tasks, const MonteCarloOptions &options)
{
    MonteCarloOptions bufferedOptions = options;
    bufferedOptions.tornado = false;
    return plannedTrials(tasks, options) + plannedTrials(tasks, bufferedOptions);
}

PlanEstimate simulatePlan(const std::vector<Task> &tasks, const Buffers &buffers,
                          const MonteCarloOptions &options, Control *control)
{
    PlanEstimate estimate;
    const std::vector<Task> buffered = withBuffers(tasks, buffers);
    const double contingency = 1.0 + buffers.contingency;
    estimate.monteCarlo = monteCarlo(tasks, options, control);
    if (estimate.monteCarlo.cancelled) {
        estimate.monteCarloBuffered.cancelled = true;
        return estimate;
    }
    // The risk outputs (tornado, task ranges) are the plan's own: the buffered run, which only
    // stretches each task by its buffer, keeps the criticality alone.
    MonteCarloOptions bufferedOptions = options;
    bufferedOptions.tornado = false;
    bufferedOptions.taskRanges = false;
    estimate.monteCarloBuffered =
        scaled(monteCarlo(buffered, bufferedOptions, control), contingency);
    return estimate;
}

std::vector<FieldError> validate(const Buffers &buffers)
{
    std::vector<FieldError> errors;
    const std::pair<const char *, double> values[] = {{"labeling_buffer", buffers.labeling},
                                                      {"training_buffer", buffers.training},
                                                      {"optimization_buffer", buffers.optimization},
                                                      {"research_buffer", buffers.research},
                                                      {"other_buffer", buffers.other},
                                                      {"contingency", buffers.contingency}};
    for (const auto &value : values) {
        if (auto e = checkField(specs::buffer, value.second, QLatin1String(value.first)))
            errors.push_back(*e);
    }
    return errors;
}

} // namespace pipeplan::estimate
