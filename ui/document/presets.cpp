#include "ui/document/presets.h"

#include <QCoreApplication>
#include <QFile>

namespace pipeplan::presets {

std::vector<Preset> all()
{
    return {
        {QCoreApplication::translate("pipeplan::presets", "Nightly scoring job (seed 000)"),
         QStringLiteral(":/presets/nightly-scoring.json")},
        {QCoreApplication::translate("pipeplan::presets",
                                     "Pruned + GPU + 10,000 workers: about 25 minutes"),
         QStringLiteral(":/presets/pruned-accelerated.json")},
        {QCoreApplication::translate("pipeplan::presets",
                                     "Four-stage pipeline, 8 microbatches (seed 001)"),
         QStringLiteral(":/presets/seed001-pipeline.json")},
        {QCoreApplication::translate("pipeplan::presets", "Fetch, transform, embed, score, write"),
         QStringLiteral(":/presets/five-stage.json")},
        {QCoreApplication::translate("pipeplan::presets",
                                     "Feature store cap, cold starts and stragglers"),
         QStringLiteral(":/presets/feature-store-cap.json")},
        {QCoreApplication::translate("pipeplan::presets",
                                     "Training pipeline: 1F1B against zero bubble"),
         QStringLiteral(":/presets/training-schedules.json")},
        {QCoreApplication::translate("pipeplan::presets", "Measured runs fitted: SPEC SDM91 (USL)"),
         QStringLiteral(":/presets/measured-specsdm91.json")},
        {QCoreApplication::translate("pipeplan::presets",
                                     "Project in week 6: forecast from what is done (seed 003)"),
         QStringLiteral(":/presets/project-forecast.json")},
        {QCoreApplication::translate("pipeplan::presets",
                                     "Embed 500M documents with a 7B model on H100s"),
         QStringLiteral(":/presets/embedding-h100.json")},
    };
}

scenariofile::LoadResult load(const Preset &preset)
{
    QFile file(preset.resourcePath);
    if (!file.open(QIODevice::ReadOnly))
        return {std::nullopt,
                {preset.resourcePath,
                 QCoreApplication::translate("pipeplan::presets", "preset is missing")}};
    return scenariofile::fromJson(file.readAll());
}

} // namespace pipeplan::presets
