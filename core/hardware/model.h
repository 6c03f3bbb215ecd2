#pragma once

#include "core/base/fields.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace pipeplan::hardware {

/// How the model is described: by its transformer shape (every layer's parts derived from it),
/// or by the work of one item given directly (a CNN, or a measured model).
enum class ModelKind
{
    Transformer,
    Direct,
};

/// A model as the roofline sees it: its shape, precision and the work of one item.
/// An item is one forward pass over `tokens` tokens (embed, score, classify), or with
/// `outputTokens` > 0 a generation: the prompt's prefill, then one decode step per output token
/// against a KV cache that grows by a token each step.
struct ModelSpec
{
    QString name = QStringLiteral("Custom model");
    ModelKind kind = ModelKind::Transformer;
    double parameters = 0; ///< all weights, embeddings included (memory; training's 6N)
    double layers = 0;
    double hidden = 0;
    double heads = 0;
    double kvHeads = 0;      ///< grouped-query attention: fewer key/value heads; = heads otherwise
    double intermediate = 0; ///< the MLP's inner width
    double vocabulary = 0;   ///< the output head's width (generation only)
    bool gatedMlp = true;    ///< SwiGLU (gate, up, down) as in Llama; false: up, down (BERT)
    double weightBits = 16;
    double activationBits = 16; ///< activations and the KV cache
    double tokens = 512;        ///< per item: the prompt, or the whole input of a forward pass
    double outputTokens = 0;    ///< generated per item; 0: one forward pass
    // ModelKind::Direct: the work of one item as given.
    double flopsPerItem = 0;
    double activationBytesPerItem = 0; ///< moved per item (read and written)
    bool operator==(const ModelSpec &) const = default;

    double weightBytes() const { return parameters * weightBits / 8; }
    double headDim() const { return heads > 0 ? hidden / heads : 0; }
    bool eightBit() const { return weightBits <= 8 && activationBits <= 8; }
};

/// Presets for common models: a BERT-base encoder, Llama 2 7B, Llama 3 8B, Llama 3 70B (forward
/// passes of 512 tokens; set output tokens for generation) and a ResNet-50 (direct: 4.1 G
/// multiply-adds per 224x224 image).
const std::vector<ModelSpec> &modelPresets();
/// The preset called `name` (case and punctuation ignored), if any.
std::optional<ModelSpec> findModelPreset(const QString &name);

/// Every field checked, errors named under `path` ("hardware.model.layers").
std::vector<FieldError> validate(const ModelSpec &model, const QString &path);

QJsonObject toJson(const ModelSpec &model);
/// The model at `path` of a scenario file: fields absent keep `defaults`' values.
std::optional<ModelSpec> modelFromJson(const QJsonObject &object, const ModelSpec &defaults,
                                       const QString &path, FieldError &error);

namespace fields {
extern const FieldSpec parameters;
extern const FieldSpec layers;
extern const FieldSpec hidden;
extern const FieldSpec heads;
extern const FieldSpec kvHeads;
extern const FieldSpec intermediate;
extern const FieldSpec vocabulary;
extern const FieldSpec bits;
extern const FieldSpec tokens;
extern const FieldSpec outputTokens;
extern const FieldSpec flopsPerItem;
extern const FieldSpec activationBytesPerItem;
} // namespace fields

} // namespace pipeplan::hardware
