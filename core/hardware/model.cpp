#include "core/hardware/model.h"

#include "core/base/translate.h"
#include "core/hardware/device.h"

#include <cmath>

namespace pipeplan::hardware {

PIPEPLAN_TR_CONTEXT("pipeplan::hardware")

namespace fields {
const FieldSpec parameters{
    "parameters", QT_TRANSLATE_NOOP("pipeplan::fields", "parameters"), "", 0, 1e15, true};
const FieldSpec layers{"layers",
                       QT_TRANSLATE_NOOP("pipeplan::fields", "layers"),
                       QT_TRANSLATE_NOOP("pipeplan::fields", "layers"),
                       1,
                       1e4,
                       false,
                       true};
const FieldSpec hidden{
    "hidden", QT_TRANSLATE_NOOP("pipeplan::fields", "hidden size"), "", 1, 1e7, false, true};
const FieldSpec heads{"heads",
                      QT_TRANSLATE_NOOP("pipeplan::fields", "attention heads"),
                      QT_TRANSLATE_NOOP("pipeplan::fields", "heads"),
                      1,
                      1e5,
                      false,
                      true};
const FieldSpec kvHeads{"kv_heads",
                        QT_TRANSLATE_NOOP("pipeplan::fields", "key/value heads"),
                        QT_TRANSLATE_NOOP("pipeplan::fields", "heads"),
                        1,
                        1e5,
                        false,
                        true};
const FieldSpec intermediate{
    "intermediate", QT_TRANSLATE_NOOP("pipeplan::fields", "MLP width"), "", 1, 1e8, false, true};
const FieldSpec vocabulary{"vocabulary",
                           QT_TRANSLATE_NOOP("pipeplan::fields", "vocabulary"),
                           QT_TRANSLATE_NOOP("pipeplan::fields", "tokens"),
                           0,
                           1e8,
                           false,
                           true};
const FieldSpec bits{"weight_bits",
                     QT_TRANSLATE_NOOP("pipeplan::fields", "bits per value"),
                     QT_TRANSLATE_NOOP("pipeplan::fields", "bits"),
                     1,
                     64,
                     false,
                     true};
const FieldSpec tokens{"tokens",
                       QT_TRANSLATE_NOOP("pipeplan::fields", "tokens per item"),
                       QT_TRANSLATE_NOOP("pipeplan::fields", "tokens"),
                       1,
                       1e7,
                       false,
                       true};
const FieldSpec outputTokens{"output_tokens",
                             QT_TRANSLATE_NOOP("pipeplan::fields", "output tokens"),
                             QT_TRANSLATE_NOOP("pipeplan::fields", "tokens"),
                             0,
                             1e7,
                             false,
                             true};
const FieldSpec flopsPerItem{"flops_per_item",
                             QT_TRANSLATE_NOOP("pipeplan::fields", "operations per item"),
                             "FLOP",
                             0,
                             1e21,
                             true};
const FieldSpec activationBytesPerItem{
    "activation_bytes_per_item", QT_TRANSLATE_NOOP("pipeplan::fields", "activation bytes per item"),
    "B", 0, 1e18};
} // namespace fields

namespace {

/// Which kind of model holds a number.
enum class Holds
{
    Both,
    Transformer,
    Direct,
};

// A model's numbers, each typed once: its bounds (whose key is the file's key), its member and
// which kind holds it, in the order they are read (the checks take those of both kinds first).
struct Number
{
    const FieldSpec *spec;
    double ModelSpec::*member;
    Holds holds;

    bool heldBy(ModelKind kind) const
    {
        return holds == Holds::Both || (holds == Holds::Direct) == (kind == ModelKind::Direct);
    }
};
// The activations' bits: the weights' bounds, under their own key.
const FieldSpec activationBits{"activation_bits",
                               QT_TRANSLATE_NOOP("pipeplan::fields", "bits per value"),
                               QT_TRANSLATE_NOOP("pipeplan::fields", "bits"),
                               1,
                               64,
                               false,
                               true};

constexpr Number kNumbers[] = {
    {&fields::parameters, &ModelSpec::parameters, Holds::Both},
    {&fields::layers, &ModelSpec::layers, Holds::Transformer},
    {&fields::hidden, &ModelSpec::hidden, Holds::Transformer},
    {&fields::heads, &ModelSpec::heads, Holds::Transformer},
    {&fields::kvHeads, &ModelSpec::kvHeads, Holds::Transformer},
    {&fields::intermediate, &ModelSpec::intermediate, Holds::Transformer},
    {&fields::vocabulary, &ModelSpec::vocabulary, Holds::Transformer},
    {&fields::bits, &ModelSpec::weightBits, Holds::Both},
    {&activationBits, &ModelSpec::activationBits, Holds::Both},
    {&fields::tokens, &ModelSpec::tokens, Holds::Both},
    {&fields::outputTokens, &ModelSpec::outputTokens, Holds::Both},
    {&fields::flopsPerItem, &ModelSpec::flopsPerItem, Holds::Direct},
    {&fields::activationBytesPerItem, &ModelSpec::activationBytesPerItem, Holds::Direct},
};

/// The key of the number at `member`: the checks of several numbers name it without typing it.
const char *keyOf(double ModelSpec::*member)
{
    for (const Number &n : kNumbers) {
        if (n.member == member)
            return n.spec->key;
    }
    return "";
}

ModelSpec transformer(const char *name, double parameters, double layers, double hidden,
                      double heads, double kvHeads, double intermediate, double vocabulary,
                      bool gated)
{
    ModelSpec m;
    m.name = QString::fromUtf8(name);
    m.parameters = parameters;
    m.layers = layers;
    m.hidden = hidden;
    m.heads = heads;
    m.kvHeads = kvHeads;
    m.intermediate = intermediate;
    m.vocabulary = vocabulary;
    m.gatedMlp = gated;
    return m;
}

QString at(const QString &path, const char *key)
{
    return path + QLatin1Char('.') + QLatin1String(key);
}

} // namespace

const std::vector<ModelSpec> &modelPresets()
{
    static const std::vector<ModelSpec> presets = [] {
        std::vector<ModelSpec> p;
        // Devlin et al. 2019: 12 layers, 768 wide, 12 heads, 3,072 MLP, 30,522 word pieces.
        ModelSpec bert =
            transformer("BERT-base encoder", 110e6, 12, 768, 12, 12, 3072, 30522, false);
        bert.tokens = 128;
        p.push_back(bert);
        // The models' published configs (config.json on their model cards).
        p.push_back(transformer("Llama 2 7B", 6.74e9, 32, 4096, 32, 32, 11008, 32000, true));
        p.push_back(transformer("Llama 3 8B", 8.03e9, 32, 4096, 32, 8, 14336, 128256, true));
        p.push_back(transformer("Llama 3 70B", 70.6e9, 80, 8192, 64, 8, 28672, 128256, true));
        // He et al. 2016: 3.8 G multiply-adds at 224x224 (4.1 G as torchvision counts them, so
        // 8.2 GFLOP); about 11 M activation values per image, each written and read once.
        ModelSpec resnet;
        resnet.name = QStringLiteral("ResNet-50");
        resnet.kind = ModelKind::Direct;
        resnet.parameters = 25.6e6;
        resnet.flopsPerItem = 8.2e9;
        resnet.activationBytesPerItem = 11e6 * 2 * 2;
        resnet.tokens = 1;
        p.push_back(resnet);
        return p;
    }();
    return presets;
}

std::optional<ModelSpec> findModelPreset(const QString &name)
{
    const QString key = nameKey(name);
    for (const ModelSpec &m : modelPresets()) {
        if (nameKey(m.name) == key)
            return m;
    }
    return std::nullopt;
}

std::vector<FieldError> validate(const ModelSpec &m, const QString &path)
{
    std::vector<FieldError> errors;
    // The numbers of both kinds first, then the kind's own.
    for (const bool both : {true, false}) {
        for (const Number &n : kNumbers) {
            if ((n.holds == Holds::Both) != both || !n.heldBy(m.kind))
                continue;
            if (auto e = checkField(*n.spec, m.*n.member, at(path, n.spec->key)))
                errors.push_back(*e);
        }
    }
    if (m.kind == ModelKind::Direct) {
        if (m.outputTokens > 0)
            errors.push_back({at(path, keyOf(&ModelSpec::outputTokens)),
                              tr("must be 0 for a model given by its work per item")});
        return errors;
    }
    if (errors.empty() && std::fmod(m.hidden, m.heads) != 0)
        errors.push_back({at(path, keyOf(&ModelSpec::heads)),
                          tr("must divide the hidden size %1, got %2").arg(m.hidden).arg(m.heads)});
    if (errors.empty() && (m.kvHeads > m.heads || std::fmod(m.heads, m.kvHeads) != 0))
        errors.push_back(
            {at(path, keyOf(&ModelSpec::kvHeads)),
             tr("must divide the %1 attention heads, got %2").arg(m.heads).arg(m.kvHeads)});
    if (errors.empty() && m.outputTokens > 0 && m.vocabulary < 1)
        errors.push_back(
            {at(path, keyOf(&ModelSpec::vocabulary)), tr("must be at least 1 to generate tokens")});
    return errors;
}

QJsonObject toJson(const ModelSpec &m)
{
    QJsonObject o{{QStringLiteral("name"), m.name},
                  {QStringLiteral("kind"), m.kind == ModelKind::Direct
                                               ? QStringLiteral("direct")
                                               : QStringLiteral("transformer")}};
    for (const Number &n : kNumbers) {
        if (n.heldBy(m.kind))
            o.insert(QLatin1StringView(n.spec->key), m.*n.member);
    }
    if (m.kind == ModelKind::Transformer)
        o.insert(QStringLiteral("gated_mlp"), m.gatedMlp);
    return o;
}

std::optional<ModelSpec> modelFromJson(const QJsonObject &o, const ModelSpec &defaults,
                                       const QString &path, FieldError &error)
{
    ModelSpec m = defaults;
    if (o.contains(QStringLiteral("name"))) {
        if (!o.value(QStringLiteral("name")).isString()) {
            error = {at(path, "name"), tr("must be text")};
            return std::nullopt;
        }
        m.name = o.value(QStringLiteral("name")).toString();
    }
    if (o.contains(QStringLiteral("kind"))) {
        const QString kind = o.value(QStringLiteral("kind")).toString();
        if (kind == QLatin1String("direct"))
            m.kind = ModelKind::Direct;
        else if (kind == QLatin1String("transformer"))
            m.kind = ModelKind::Transformer;
        else {
            error = {at(path, "kind"), tr("must be \"transformer\" or \"direct\"")};
            return std::nullopt;
        }
    }
    if (o.contains(QStringLiteral("gated_mlp"))) {
        if (!o.value(QStringLiteral("gated_mlp")).isBool()) {
            error = {at(path, "gated_mlp"), tr("must be true or false")};
            return std::nullopt;
        }
        m.gatedMlp = o.value(QStringLiteral("gated_mlp")).toBool();
    }
    // Every number is read whatever the kind (a file may hold the other kind's too).
    for (const Number &n : kNumbers) {
        const QJsonValue v = o.value(QLatin1StringView(n.spec->key));
        if (v.isUndefined())
            continue;
        if (!v.isDouble()) {
            error = {at(path, n.spec->key), tr("must be a number")};
            return std::nullopt;
        }
        m.*n.member = v.toDouble();
    }
    if (const std::vector<FieldError> errors = validate(m, path); !errors.empty()) {
        error = errors.front();
        return std::nullopt;
    }
    return m;
}

} // namespace pipeplan::hardware
