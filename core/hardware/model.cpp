#include "core/hardware/model.h"

#include "core/hardware/device.h"

#include <cmath>

namespace pipeplan::hardware {

namespace fields {
const FieldSpec parameters{"parameters", "parameters", "", 0, 1e15, true};
const FieldSpec layers{"layers", "layers", "layers", 1, 1e4, false, true};
const FieldSpec hidden{"hidden", "hidden size", "", 1, 1e7, false, true};
const FieldSpec heads{"heads", "attention heads", "heads", 1, 1e5, false, true};
const FieldSpec kvHeads{"kv_heads", "key/value heads", "heads", 1, 1e5, false, true};
const FieldSpec intermediate{"intermediate", "MLP width", "", 1, 1e8, false, true};
const FieldSpec vocabulary{"vocabulary", "vocabulary", "tokens", 0, 1e8, false, true};
const FieldSpec bits{"weight_bits", "bits per value", "bits", 1, 64, false, true};
const FieldSpec tokens{"tokens", "tokens per item", "tokens", 1, 1e7, false, true};
const FieldSpec outputTokens{"output_tokens", "output tokens", "tokens", 0, 1e7, false, true};
const FieldSpec flopsPerItem{"flops_per_item", "operations per item", "FLOP", 0, 1e21, true};
const FieldSpec activationBytesPerItem{"activation_bytes_per_item", "activation bytes per item",
                                       "B", 0, 1e18};
} // namespace fields

namespace {

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
    auto check = [&](const FieldSpec &spec, double value, const char *key) {
        if (auto e = checkField(spec, value, at(path, key)))
            errors.push_back(*e);
    };
    check(fields::parameters, m.parameters, "parameters");
    check(fields::bits, m.weightBits, "weight_bits");
    check(fields::bits, m.activationBits, "activation_bits");
    check(fields::tokens, m.tokens, "tokens");
    check(fields::outputTokens, m.outputTokens, "output_tokens");
    if (m.kind == ModelKind::Direct) {
        check(fields::flopsPerItem, m.flopsPerItem, "flops_per_item");
        check(fields::activationBytesPerItem, m.activationBytesPerItem,
              "activation_bytes_per_item");
        if (m.outputTokens > 0)
            errors.push_back({at(path, "output_tokens"),
                              QStringLiteral("must be 0 for a model given by its work per item")});
        return errors;
    }
    check(fields::layers, m.layers, "layers");
    check(fields::hidden, m.hidden, "hidden");
    check(fields::heads, m.heads, "heads");
    check(fields::kvHeads, m.kvHeads, "kv_heads");
    check(fields::intermediate, m.intermediate, "intermediate");
    check(fields::vocabulary, m.vocabulary, "vocabulary");
    if (errors.empty() && std::fmod(m.hidden, m.heads) != 0)
        errors.push_back(
            {at(path, "heads"),
             QStringLiteral("must divide the hidden size %1, got %2").arg(m.hidden).arg(m.heads)});
    if (errors.empty() && (m.kvHeads > m.heads || std::fmod(m.heads, m.kvHeads) != 0))
        errors.push_back(
            {at(path, "kv_heads"), QStringLiteral("must divide the %1 attention heads, got %2")
                                       .arg(m.heads)
                                       .arg(m.kvHeads)});
    if (errors.empty() && m.outputTokens > 0 && m.vocabulary < 1)
        errors.push_back(
            {at(path, "vocabulary"), QStringLiteral("must be at least 1 to generate tokens")});
    return errors;
}

QJsonObject toJson(const ModelSpec &m)
{
    QJsonObject o{{QStringLiteral("name"), m.name},
                  {QStringLiteral("kind"), m.kind == ModelKind::Direct
                                               ? QStringLiteral("direct")
                                               : QStringLiteral("transformer")},
                  {QStringLiteral("parameters"), m.parameters},
                  {QStringLiteral("weight_bits"), m.weightBits},
                  {QStringLiteral("activation_bits"), m.activationBits},
                  {QStringLiteral("tokens"), m.tokens},
                  {QStringLiteral("output_tokens"), m.outputTokens}};
    if (m.kind == ModelKind::Direct) {
        o.insert(QStringLiteral("flops_per_item"), m.flopsPerItem);
        o.insert(QStringLiteral("activation_bytes_per_item"), m.activationBytesPerItem);
    } else {
        o.insert(QStringLiteral("layers"), m.layers);
        o.insert(QStringLiteral("hidden"), m.hidden);
        o.insert(QStringLiteral("heads"), m.heads);
        o.insert(QStringLiteral("kv_heads"), m.kvHeads);
        o.insert(QStringLiteral("intermediate"), m.intermediate);
        o.insert(QStringLiteral("vocabulary"), m.vocabulary);
        o.insert(QStringLiteral("gated_mlp"), m.gatedMlp);
    }
    return o;
}

std::optional<ModelSpec> modelFromJson(const QJsonObject &o, const ModelSpec &defaults,
                                       const QString &path, FieldError &error)
{
    ModelSpec m = defaults;
    if (o.contains(QStringLiteral("name"))) {
        if (!o.value(QStringLiteral("name")).isString()) {
            error = {at(path, "name"), QStringLiteral("must be text")};
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
            error = {at(path, "kind"), QStringLiteral("must be \"transformer\" or \"direct\"")};
            return std::nullopt;
        }
    }
    if (o.contains(QStringLiteral("gated_mlp"))) {
        if (!o.value(QStringLiteral("gated_mlp")).isBool()) {
            error = {at(path, "gated_mlp"), QStringLiteral("must be true or false")};
            return std::nullopt;
        }
        m.gatedMlp = o.value(QStringLiteral("gated_mlp")).toBool();
    }
    const std::pair<const char *, double *> numbers[] = {
        {"parameters", &m.parameters},
        {"layers", &m.layers},
        {"hidden", &m.hidden},
        {"heads", &m.heads},
        {"kv_heads", &m.kvHeads},
        {"intermediate", &m.intermediate},
        {"vocabulary", &m.vocabulary},
        {"weight_bits", &m.weightBits},
        {"activation_bits", &m.activationBits},
        {"tokens", &m.tokens},
        {"output_tokens", &m.outputTokens},
        {"flops_per_item", &m.flopsPerItem},
        {"activation_bytes_per_item", &m.activationBytesPerItem},
    };
    for (const auto &[key, slot] : numbers) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined())
            continue;
        if (!v.isDouble()) {
            error = {at(path, key), QStringLiteral("must be a number")};
            return std::nullopt;
        }
        *slot = v.toDouble();
    }
    if (const std::vector<FieldError> errors = validate(m, path); !errors.empty()) {
        error = errors.front();
        return std::nullopt;
    }
    return m;
}

} // namespace pipeplan::hardware
