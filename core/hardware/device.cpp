#include "core/hardware/device.h"

#include "core/base/translate.h"
#include "core/hardware/devicesjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

namespace pipeplan::hardware {

PIPEPLAN_TR_CONTEXT("pipeplan::hardware")

namespace fields {
const FieldSpec peakTflops{"bf16_tflops", QT_TRANSLATE_NOOP("pipeplan::fields", "peak throughput"),
                           "TFLOPS",      0,
                           1e7,           true};
const FieldSpec memoryGib{
    "memory_gib", QT_TRANSLATE_NOOP("pipeplan::fields", "device memory"), "GiB", 0, 1e6, true};
const FieldSpec memoryGbPerS{"memory_gb_per_s",
                             QT_TRANSLATE_NOOP("pipeplan::fields", "memory bandwidth"),
                             "GB/s",
                             0,
                             1e7,
                             true};
const FieldSpec interconnectGbPerS{"interconnect_gb_per_s",
                                   QT_TRANSLATE_NOOP("pipeplan::fields", "interconnect bandwidth"),
                                   "GB/s", 0, 1e7};
const FieldSpec pricePerHour{
    "price_per_hour", QT_TRANSLATE_NOOP("pipeplan::fields", "price per device-hour"), "", 0, 1e7};
} // namespace fields

namespace {

const FieldSpec int8Tops{
    "int8_tops", QT_TRANSLATE_NOOP("pipeplan::fields", "8-bit peak throughput"), "TOPS", 0, 1e7,
    true};

// A device's numbers, each its spec (whose key is the file's key) and its member, in the order
// they are read, written and checked: every key of a device's number is typed once, in its spec.
struct Number
{
    const FieldSpec *spec;
    double Device::*member;
};
constexpr Number kNumbers[] = {
    {&fields::peakTflops, &Device::bf16Tflops},
    {&int8Tops, &Device::int8Tops},
    {&fields::memoryGib, &Device::memoryGib},
    {&fields::memoryGbPerS, &Device::memoryGbPerS},
    {&fields::interconnectGbPerS, &Device::interconnectGbPerS},
    {&fields::pricePerHour, &Device::pricePerHour},
};

QString at(const QString &path, const char *key)
{
    return path + QLatin1Char('.') + QLatin1String(key);
}

} // namespace

QString nameKey(const QString &name)
{
    QString key;
    key.reserve(name.size());
    for (const QChar c : name) {
        if (c.isLetterOrNumber())
            key.append(c.toLower());
    }
    return key;
}

std::vector<FieldError> validate(const Device &device, const QString &path)
{
    std::vector<FieldError> errors;
    if (nameKey(device.name).isEmpty())
        errors.push_back({at(path, "name"), tr("needs a name with a letter or digit")});
    for (const auto &[spec, member] : kNumbers) {
        if (auto error = checkField(*spec, device.*member, at(path, spec->key)))
            errors.push_back(*error);
    }
    return errors;
}

QJsonObject toJson(const Device &device)
{
    QJsonObject o{{QStringLiteral("name"), device.name},
                  {QStringLiteral("kind"), device.kind},
                  {QStringLiteral("source"), device.source}};
    for (const auto &[spec, member] : kNumbers)
        o.insert(QLatin1StringView(spec->key), device.*member);
    if (!device.priceSource.isEmpty())
        o.insert(QStringLiteral("price_source"), device.priceSource);
    return o;
}

std::optional<Device> deviceFromJson(const QJsonObject &object, const QString &path,
                                     FieldError &error)
{
    Device d;
    const QJsonValue name = object.value(QStringLiteral("name"));
    if (!name.isString()) {
        error = {at(path, "name"), tr("must be text naming the device")};
        return std::nullopt;
    }
    d.name = name.toString().trimmed();
    d.kind = object.value(QStringLiteral("kind")).toString(QStringLiteral("gpu"));
    d.source = object.value(QStringLiteral("source")).toString();
    d.priceSource = object.value(QStringLiteral("price_source")).toString();
    for (const auto &[spec, member] : kNumbers) {
        const QJsonValue v = object.value(QLatin1StringView(spec->key));
        if (v.isUndefined() && spec == &int8Tops) {
            d.int8Tops = 2 * d.bf16Tflops; // a device without an 8-bit path: twice BF16
            continue;
        }
        if (!v.isDouble()) {
            error = {at(path, spec->key),
                     v.isUndefined() ? tr("is missing") : tr("must be a number")};
            return std::nullopt;
        }
        d.*member = v.toDouble();
    }
    if (const std::vector<FieldError> errors = validate(d, path); !errors.empty()) {
        error = errors.front();
        return std::nullopt;
    }
    return d;
}

CatalogueLoad parseCatalogue(const QByteArray &json)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject())
        return {
            std::nullopt,
            {QStringLiteral("devices"), tr("is not a JSON object: ") + parseError.errorString()}};
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != QLatin1String("pipeplan-devices"))
        return {std::nullopt, {QStringLiteral("format"), tr("must be \"pipeplan-devices\"")}};
    Catalogue catalogue;
    catalogue.version = root.value(QStringLiteral("version")).toInt();
    catalogue.checked = root.value(QStringLiteral("checked")).toString();
    const QJsonArray devices = root.value(QStringLiteral("devices")).toArray();
    for (qsizetype i = 0; i < devices.size(); ++i) {
        FieldError error;
        const QString path = QStringLiteral("devices[%1]").arg(i);
        std::optional<Device> d = deviceFromJson(devices[i].toObject(), path, error);
        if (!d)
            return {std::nullopt, error};
        catalogue.devices.push_back(std::move(*d));
    }
    return {std::move(catalogue), {}};
}

const Catalogue &builtInCatalogue()
{
    // The file is compiled in (devicesjson.h, generated by CMake from resources/hardware), so a
    // broken catalogue fails the test that loads it, never a person's session.
    static const Catalogue catalogue = [] {
        CatalogueLoad load = parseCatalogue(QByteArray(kDevicesJson));
        return load.catalogue ? std::move(*load.catalogue) : Catalogue{};
    }();
    return catalogue;
}

std::optional<Device> findDevice(const QString &name, std::span<const Device> own)
{
    const QString key = nameKey(name);
    if (key.isEmpty())
        return std::nullopt;
    for (const Device &d : own) {
        if (nameKey(d.name) == key)
            return d;
    }
    for (const Device &d : builtInCatalogue().devices) {
        if (nameKey(d.name) == key)
            return d;
    }
    return std::nullopt;
}

std::vector<Device> devicesOf(std::span<const Device> own)
{
    std::vector<Device> all;
    for (const Device &d : builtInCatalogue().devices) {
        const QString key = nameKey(d.name);
        auto mine = std::find_if(own.begin(), own.end(),
                                 [&key](const Device &o) { return nameKey(o.name) == key; });
        all.push_back(mine != own.end() ? *mine : d);
    }
    for (const Device &d : own) {
        if (!findDevice(d.name, {}))
            all.push_back(d);
    }
    return all;
}

} // namespace pipeplan::hardware
