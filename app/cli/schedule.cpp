// schedule: a training pipeline's schedule (GPipe, 1F1B, interleaved, ZB-H1, ZB-H2, ZB-V, or
// zb-auto within a memory limit) from its flags: makespan, bubble, activations in flight and
// every op.

#include "app/cli/cli.h"
#include "app/cli/commands.h"

#include "core/base/fields.h"
#include "core/base/format.h"
#include "core/training/schedule.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <optional>

namespace pipeplan::cli {

namespace {

// The plan's training rows that the schedule's flags read, each found by its member.
const fieldregistry::Field &devicesRow()
{
    return rowFor(&Scenario::training, &TrainingSettings::devices);
}
const fieldregistry::Field &microbatchesRow()
{
    return rowFor(&Scenario::training, &TrainingSettings::microbatches);
}
const fieldregistry::Field &virtualStagesRow()
{
    return rowFor(&Scenario::training, &TrainingSettings::virtualStages);
}
const fieldregistry::Field &commRow()
{
    return rowFor(&Scenario::training, &TrainingSettings::commMs);
}
const fieldregistry::Field &memoryLimitRow()
{
    return rowFor(&Scenario::training, &TrainingSettings::memoryLimitMicrobatches);
}
const fieldregistry::Field &activationBytesRow()
{
    return rowFor(&Scenario::training, &TrainingSettings::activationBytesPerMicrobatch);
}
const fieldregistry::Field &deviceMemoryRow()
{
    return rowFor(&Scenario::training, &TrainingSettings::deviceMemoryBytes);
}

/// The flag for a schedule::validate() field: "backward_ms[2]" is "--backward-ms: item 3".
QString scheduleFlagForField(const QString &field)
{
    const qsizetype bracket = field.indexOf(QLatin1Char('['));
    if (bracket < 0)
        return flagForKey(field);
    const int index = field.mid(bracket + 1).chopped(1).toInt();
    return flagForKey(field.left(bracket)) +
           QCoreApplication::translate("pipeplan::cli", ": item %1").arg(index + 1);
}

/// The schedule's inputs from its flags. p is the length of any list with more than one value
/// (they must agree, and agree with --devices); with only one-value lists, --devices or 1.
schedule::Params scheduleFromFlags(const Flags &flags)
{
    schedule::Params params;
    const QString kindText = flags.text(QStringLiteral("schedule"));
    const std::optional<schedule::Kind> kind = schedule::parseKind(kindText);
    if (!kind)
        throw InvalidInput{
            QCoreApplication::translate("pipeplan::cli", "--schedule: unknown schedule '%1' (%2)")
                .arg(kindText, schedule::kindKeys())};
    params.kind = *kind;
    params.forwardMs = flags.list(QStringLiteral("forward-ms"), fields::forwardMs);
    params.backwardMs = flags.list(QStringLiteral("backward-ms"), fields::backwardMs);
    params.weightMs =
        flags.list(QStringLiteral("weight-ms"), fields::weightMs, std::vector<double>{0.0});

    // The device count, and which flag set it (for the message when another disagrees).
    std::optional<int> devices;
    QString devicesFrom;
    const QString devicesFlag = QStringLiteral("--") + flagName(devicesRow());
    if (flags.has(devicesRow())) {
        devices = static_cast<int>(flags.number(devicesRow()));
        devicesFrom = devicesFlag;
    }
    const std::pair<QString, const std::vector<double> *> lists[] = {
        {QStringLiteral("--forward-ms"), &params.forwardMs},
        {QStringLiteral("--backward-ms"), &params.backwardMs},
        {QStringLiteral("--weight-ms"), &params.weightMs}};
    for (const auto &[flag, values] : lists) {
        if (values->size() <= 1)
            continue;
        const auto count = static_cast<int>(values->size());
        if (!devices) {
            devices = count;
            devicesFrom = flag;
        } else if (*devices != count) {
            throw InvalidInput{
                QCoreApplication::translate("pipeplan::cli",
                                            "%1: %2 values, but %3 gives %4 devices (give one "
                                            "value per device, or one for all)")
                    .arg(flag)
                    .arg(count)
                    .arg(devicesFrom)
                    .arg(*devices)};
        }
    }
    if (devices && devicesFrom != devicesFlag) {
        if (auto reason = checkValue(*devicesRow().spec, *devices))
            throw InvalidInput{
                QCoreApplication::translate("pipeplan::cli",
                                            "%1: %2 values, one per device: the device count %3")
                    .arg(devicesFrom)
                    .arg(*devices)
                    .arg(*reason)};
    }
    params.devices = devices.value_or(1);
    params.microbatches = static_cast<int>(flags.number(microbatchesRow()));
    params.virtualStages = static_cast<int>(flags.number(virtualStagesRow(), 1.0));
    params.commMs = flags.number(commRow(), 0.0);
    if (flags.has(QStringLiteral("interleaved-rule"))) {
        const QString rule = flags.text(QStringLiteral("interleaved-rule"));
        const std::optional<schedule::InterleavedRule> parsed =
            schedule::parseInterleavedRule(rule);
        if (!parsed)
            throw InvalidInput{
                QCoreApplication::translate("pipeplan::cli",
                                            "--interleaved-rule: unknown rule '%1' (current or "
                                            "megatron-2021)")
                    .arg(rule)};
        params.interleavedRule = *parsed;
    }
    params.memoryLimitMicrobatches = flags.optionalNumber(memoryLimitRow());
    params.activationBytesPerMicrobatch = flags.optionalNumber(activationBytesRow());
    params.deviceMemoryBytes = flags.optionalNumber(deviceMemoryRow());
    if (const std::vector<FieldError> errors = schedule::validate(params); !errors.empty())
        throw InvalidInput{scheduleFlagForField(errors.front().field) + QStringLiteral(": ") +
                           errors.front().message};
    return params;
}

/// An op's kind as the table names it; the JSON keeps schedule::keyOf's key.
QString opText(schedule::OpKind kind)
{
    switch (kind) {
    case schedule::OpKind::Forward:
        return QCoreApplication::translate("pipeplan::cli", "forward", "a schedule's op");
    case schedule::OpKind::Backward:
        return QCoreApplication::translate("pipeplan::cli", "backward", "a schedule's op");
    case schedule::OpKind::Weight:
        return QCoreApplication::translate("pipeplan::cli", "weight", "a schedule's op");
    }
    return schedule::keyOf(kind);
}

/// Human output lists every op only up to this many; beyond, --json has them.
constexpr std::size_t kMaxPrintedOps = 64;

int runSchedule(const Flags &flags, QTextStream &out)
{
    const schedule::Params params = scheduleFromFlags(flags);
    const schedule::Result r = schedule::compute(params);
    if (flags.isSet(kJson.name)) {
        QJsonArray peaks;
        for (double peak : r.peakInFlight)
            peaks.append(peak);
        QJsonObject summary{{QStringLiteral("schedule"), schedule::keyOf(params.kind)},
                            {QStringLiteral("devices"), params.devices},
                            {QStringLiteral("microbatches"), params.microbatches},
                            {QStringLiteral("virtual_stages"), params.virtualStages},
                            {QStringLiteral("makespan_ms"), r.makespanMs},
                            {QStringLiteral("busy_ms"), r.busyMs},
                            {QStringLiteral("bubble_fraction"), r.bubbleFraction},
                            {QStringLiteral("bubble_ratio"), r.bubbleRatio},
                            {QStringLiteral("peak_in_flight"), peaks}};
        if (r.chunks != params.virtualStages)
            summary.insert(QStringLiteral("chunks"), r.chunks);
        if (r.placement == schedule::Placement::VShape)
            summary.insert(QStringLiteral("placement"), QStringLiteral("v-shape"));
        if (!r.origin.isEmpty())
            summary.insert(QStringLiteral("order"), r.origin);
        if (const std::optional<double> limit = schedule::memoryLimit(params)) {
            summary.insert(QStringLiteral("memory_limit"), *limit);
            summary.insert(QStringLiteral("fits_memory"), r.fitsMemory);
        }
        // The ops are written one line each as they go: up to 4M ops as one QJsonArray would
        // take gigabytes. The summary's text ends "\n}\n"; "ops" joins it as the last key.
        QByteArray text = QJsonDocument(summary).toJson(QJsonDocument::Indented);
        text.chop(3);
        out << QString::fromUtf8(text) << ",\n    \"ops\": [";
        for (std::size_t i = 0; i < r.ops.size(); ++i) {
            const schedule::Op &op = r.ops[i];
            const QJsonObject object{{QStringLiteral("device"), op.device},
                                     {QStringLiteral("kind"), schedule::keyOf(op.kind)},
                                     {QStringLiteral("microbatch"), op.microbatch},
                                     {QStringLiteral("chunk"), op.chunk},
                                     {QStringLiteral("start_ms"), op.startMs},
                                     {QStringLiteral("end_ms"), op.endMs}};
            out << (i == 0 ? "\n        " : ",\n        ")
                << QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
        }
        out << (r.ops.empty() ? "]\n}\n" : "\n    ]\n}\n");
        return kExitOk;
    }
    QStringList peaks;
    for (double peak : r.peakInFlight)
        peaks << format::trimmed(peak, 2);
    // The counts are plain variables: lupdate drops a translate() whose count names a scope.
    const int devices = format::numerus(params.devices);
    const int microbatches = format::numerus(params.microbatches);
    QString shape = format::plural(
        QCoreApplication::translate("pipeplan::cli", "%n device(s)", nullptr, devices),
        params.devices);
    if (r.chunks > 1)
        shape = QCoreApplication::translate("pipeplan::cli", "%1 x %2 chunks")
                    .arg(shape, QString::number(r.chunks));
    if (r.placement == schedule::Placement::VShape)
        shape = QCoreApplication::translate("pipeplan::cli", "%1 (V-shaped)").arg(shape);
    shape += QStringLiteral(", ") +
             format::plural(QCoreApplication::translate("pipeplan::cli", "%n microbatch(es)",
                                                        nullptr, microbatches),
                            params.microbatches);
    std::vector<std::pair<QString, QString>> rows{
        {QCoreApplication::translate("pipeplan::cli", "Schedule"),
         schedule::displayName(params.kind) + QStringLiteral(", ") + shape},
        {QCoreApplication::translate("pipeplan::cli", "Makespan"),
         format::trimmed(r.makespanMs, 3) + QStringLiteral(" ms")},
        {QCoreApplication::translate("pipeplan::cli", "Busy (all devices)"),
         format::trimmed(r.busyMs, 3) + QStringLiteral(" ms")},
        {QCoreApplication::translate("pipeplan::cli", "Bubble (share idle)"),
         format::trimmed(r.bubbleFraction * 100, 2) + QStringLiteral(" %")},
        {QCoreApplication::translate("pipeplan::cli", "Bubble ratio (idle / ideal)"),
         format::trimmed(r.bubbleRatio, 4)},
        {QCoreApplication::translate("pipeplan::cli", "Peak in flight"),
         params.devices == 1
             ? QCoreApplication::translate("pipeplan::cli", "%1 microbatches")
                   .arg(peaks.join(QStringLiteral(", ")))
             : QCoreApplication::translate("pipeplan::cli", "%1 microbatches (device 0 to %2)")
                   .arg(peaks.join(QStringLiteral(", ")), QString::number(params.devices - 1))},
    };
    if (const std::optional<double> limit = schedule::memoryLimit(params)) {
        rows.emplace_back(
            QCoreApplication::translate("pipeplan::cli", "Memory limit"),
            QCoreApplication::translate("pipeplan::cli", "%1 microbatches: %2")
                .arg(format::trimmed(*limit, 2),
                     r.fitsMemory
                         ? QCoreApplication::translate("pipeplan::cli", "fits")
                         : QCoreApplication::translate("pipeplan::cli", "exceeded, does not fit")));
    }
    if (!r.origin.isEmpty())
        rows.emplace_back(QCoreApplication::translate("pipeplan::cli", "Order"), r.origin);
    printRows(out, rows);
    if (r.ops.size() > kMaxPrintedOps) {
        out << QCoreApplication::translate("pipeplan::cli", "%1 ops; run with --json to list them.")
                   .arg(format::grouped(static_cast<double>(r.ops.size()), 0))
            << '\n';
        return kExitOk;
    }
    out << '\n';
    std::vector<QStringList> lines{{QCoreApplication::translate("pipeplan::cli", "device"),
                                    QCoreApplication::translate("pipeplan::cli", "op"),
                                    QCoreApplication::translate("pipeplan::cli", "microbatch"),
                                    QCoreApplication::translate("pipeplan::cli", "chunk"),
                                    QCoreApplication::translate("pipeplan::cli", "start ms"),
                                    QCoreApplication::translate("pipeplan::cli", "end ms")}};
    for (const schedule::Op &op : r.ops) {
        lines.push_back({QString::number(op.device), opText(op.kind),
                         QString::number(op.microbatch), QString::number(op.chunk),
                         format::trimmed(op.startMs, 3), format::trimmed(op.endMs, 3)});
    }
    std::vector<qsizetype> widths(lines.front().size(), 0);
    for (const QStringList &line : lines)
        for (qsizetype c = 0; c < line.size(); ++c)
            widths[static_cast<size_t>(c)] =
                std::max(widths[static_cast<size_t>(c)], line[c].size());
    for (const QStringList &line : lines) {
        QStringList cells;
        for (qsizetype c = 0; c < line.size(); ++c)
            cells << line[c].rightJustified(widths[static_cast<size_t>(c)]);
        out << "  " << cells.join(QStringLiteral("  ")) << '\n';
    }
    return kExitOk;
}

} // namespace

Command scheduleCommand()
{
    return {
        QStringLiteral("schedule"),
        QCoreApplication::translate(
            "pipeplan::cli",
            "a training pipeline schedule: makespan, bubble, activations in flight"),
        {{QStringLiteral("schedule"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "gpipe, 1f1b, interleaved, zb-h1, zb-h2, zb-v or zb-auto "
                                      "(required)")},
         {QStringLiteral("forward-ms"), FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli", "forward time of a microbatch on a device in ms: one value for all "
                               "devices or one per device, comma-separated (required)")},
         {QStringLiteral("backward-ms"), FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli", "backward time (input gradients) in ms, listed like --forward-ms "
                               "(required)")},
         {QStringLiteral("weight-ms"), FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli", "weight-gradient time in ms, listed like --forward-ms; default 0 "
                               "(inside the backward)")},
         valueFlag(microbatchesRow(),
                   QCoreApplication::translate("pipeplan::cli",
                                               "microbatches m (required; "
                                               "interleaved: a multiple of the devices)")),
         valueFlag(virtualStagesRow(), QCoreApplication::translate(
                                           "pipeplan::cli", "chunks per device v, interleaved only "
                                                            "(zb-v always runs 2); default 1")),
         {QStringLiteral("interleaved-rule"), FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli", "interleaved warm-up: current (Megatron-LM today, the default) or "
                               "megatron-2021 (all forwards first when m = p)")},
         valueFlag(memoryLimitRow(),
                   QCoreApplication::translate(
                       "pipeplan::cli", "activation memory per device in microbatches held at once "
                                        "(the unit of peak in flight; ZB-H1 needs p, ZB-H2 2p): "
                                        "zb-auto searches within it (default p), every schedule is "
                                        "checked against it")),
         valueFlag(activationBytesRow(),
                   QCoreApplication::translate(
                       "pipeplan::cli", "bytes of one microbatch's activations on a device (e.g. "
                                        "2GiB); with --device-memory a memory limit")),
         valueFlag(deviceMemoryRow(), QCoreApplication::translate(
                                          "pipeplan::cli", "device memory for activations (e.g. "
                                                           "60GiB), with --activation-bytes")),
         valueFlag(commRow(), QCoreApplication::translate(
                                  "pipeplan::cli", "time to pass activations or gradients to the "
                                                   "next device in ms; default 0")),
         valueFlag(devicesRow(), QCoreApplication::translate(
                                     "pipeplan::cli", "devices p; default: the length of the "
                                                      "per-device lists, else 1")),
         kJson,
         kHelp},
        runSchedule};
}

} // namespace pipeplan::cli
