#pragma once

#include "core/base/fields.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>
#include <span>
#include <vector>

/// Accelerators and what they cost: the device catalogue shipped in
/// resources/hardware/devices.json, and a plan's own devices.
namespace pipeplan::hardware {

inline constexpr double kBytesPerGib = 1024.0 * 1024.0 * 1024.0;

/// One device as a data sheet states it: dense peaks, memory, bandwidths and an hourly price.
struct Device
{
    QString name;                  ///< "H100 SXM": the catalogue's spelling
    QString kind;                  ///< "cpu", "gpu" or "tpu"
    double bf16Tflops = 0;         ///< dense BF16 (FP16 where there is no BF16), 10^12 op/s
    double int8Tops = 0;           ///< dense INT8 (or FP8), 10^12 op/s
    double memoryGib = 0;          ///< what a job can see, GiB
    double memoryGbPerS = 0;       ///< memory bandwidth, 10^9 B/s
    double interconnectGbPerS = 0; ///< device-to-device, 10^9 B/s
    double pricePerHour = 0;       ///< per device-hour, in the plan's currency
    QString source;                ///< where the numbers come from
    QString priceSource;           ///< where the price comes from, and when it was read
    bool operator==(const Device &) const = default;

    double memoryBytes() const { return memoryGib * kBytesPerGib; }
    double bytesPerSecond() const { return memoryGbPerS * 1e9; }
    /// The peak the roofline uses for `bits`-wide weights and activations: INT8 when both are 8
    /// bits or fewer, BF16 otherwise (as LLM-Viewer's analyzer picks it), in op/s.
    double peakOpsPerSecond(bool eightBit) const
    {
        return (eightBit ? int8Tops : bf16Tflops) * 1e12;
    }
    /// The roofline's turning point (ridge): peak / bandwidth, in op/byte. Below it a kernel is
    /// memory-bound (Williams, Waterman, Patterson 2009, "Roofline").
    double turningPointOpsPerByte(bool eightBit) const
    {
        return peakOpsPerSecond(eightBit) / bytesPerSecond();
    }
};

struct Catalogue
{
    int version = 0;
    QString checked; ///< the date the numbers were last checked (ISO 8601)
    std::vector<Device> devices;
    bool operator==(const Catalogue &) const = default;
};

/// The catalogue built into PipePlan (resources/hardware/devices.json), parsed once.
const Catalogue &builtInCatalogue();

/// Reads a catalogue file's bytes; the first problem named by its JSON path otherwise.
struct CatalogueLoad
{
    std::optional<Catalogue> catalogue;
    FieldError error;
};
CatalogueLoad parseCatalogue(const QByteArray &json);

/// A device from its JSON object (the catalogue's and the scenario file's spelling), or the
/// problem at `path` ("hardware.devices[0].memory_gib").
std::optional<Device> deviceFromJson(const QJsonObject &object, const QString &path,
                                     FieldError &error);
QJsonObject toJson(const Device &device);

/// Every field of a device checked; errors named under `path`.
std::vector<FieldError> validate(const Device &device, const QString &path);

/// "H100 SXM", "h100-sxm" and "h100_sxm" are one name: lower case, letters and digits only.
QString nameKey(const QString &name);

/// The device called `name` (nameKey equal) among `own` (a plan's devices, which win), then the
/// built-in catalogue; nothing when neither has it.
std::optional<Device> findDevice(const QString &name, std::span<const Device> own = {});

/// The plan's devices over the catalogue's: every catalogue device, a plan's device of the same
/// name replacing it, then the plan's new ones in their order.
std::vector<Device> devicesOf(std::span<const Device> own);

namespace fields {
extern const FieldSpec peakTflops;
extern const FieldSpec memoryGib;
extern const FieldSpec memoryGbPerS;
extern const FieldSpec interconnectGbPerS;
extern const FieldSpec pricePerHour;
} // namespace fields

} // namespace pipeplan::hardware
