#include "ui/document/presets.h"

#include <QFile>

namespace pipeplan::presets {

std::vector<Preset> all()
{
    return {
        {QStringLiteral("Nightly scoring job (seed 000)"),
         QStringLiteral(":/presets/nightly-scoring.json")},
        {QStringLiteral("Pruned + GPU + 10,000 workers: about 25 minutes"),
         QStringLiteral(":/presets/pruned-accelerated.json")},
        {QStringLiteral("Four-stage pipeline, 8 microbatches (seed 001)"),
         QStringLiteral(":/presets/seed001-pipeline.json")},
        {QStringLiteral("Fetch, transform, embed, score, write"),
         QStringLiteral(":/presets/five-stage.json")},
        {QStringLiteral("Feature store cap, cold starts and stragglers"),
         QStringLiteral(":/presets/feature-store-cap.json")},
        {QStringLiteral("Training pipeline: 1F1B against zero bubble"),
         QStringLiteral(":/presets/training-schedules.json")},
        {QStringLiteral("Measured runs fitted: SPEC SDM91 (USL)"),
         QStringLiteral(":/presets/measured-specsdm91.json")},
        {QStringLiteral("Project in week 6: forecast from what is done (seed 003)"),
         QStringLiteral(":/presets/project-forecast.json")},
        {QStringLiteral("Embed 500M documents with a 7B model on H100s"),
         QStringLiteral(":/presets/embedding-h100.json")},
    };
}

scenariofile::LoadResult load(const Preset &preset)
{
    QFile file(preset.resourcePath);
    if (!file.open(QIODevice::ReadOnly))
        return {std::nullopt, {preset.resourcePath, QStringLiteral("preset is missing")}};
    return scenariofile::fromJson(file.readAll());
}

} // namespace pipeplan::presets
