// devices and roofline: the device catalogue, and a model's latency on a device by
// the roofline; and the JSON of a plan's hardware and cost that eval prints.

#include "app/cli/cli.h"
#include "app/cli/commands.h"

#include "core/base/format.h"
#include "core/hardware/device.h"
#include "core/hardware/roofline.h"
#include "core/plan/hardwaretext.h"
#include "core/plan/planresult.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

#include <cmath>

namespace pipeplan::cli {

using namespace pipeplan::hardware;

namespace {

/// A phase's or a bound's key (what --json writes) in the words the window reads, from core's
/// text layer (explain::rooflineRows).
QString wordsOf(const QString &key)
{
    return QCoreApplication::translate("pipeplan::explain", key.toUtf8().constData());
}

// The plan's hardware rows that roofline's flags read, each found by its member.
const fieldregistry::Field &batchRow()
{
    return rowFor(&Scenario::hardware, &HardwareSettings::batch);
}
const fieldregistry::Field &computeEfficiencyRow()
{
    return rowFor(&Scenario::hardware, &HardwareSettings::efficiency, &Efficiency::compute);
}
const fieldregistry::Field &memoryEfficiencyRow()
{
    return rowFor(&Scenario::hardware, &HardwareSettings::efficiency, &Efficiency::memory);
}

/// Why not even one item fits ("weights", "kv_cache", "activations"); null when one does.
QJsonValue limitJson(FitLimit limit)
{
    return limit == FitLimit::None ? QJsonValue(QJsonValue::Null) : QJsonValue(fitLimitName(limit));
}

QJsonObject partJson(const RooflinePart &p)
{
    return QJsonObject{{QStringLiteral("phase"), phaseName(p.phase)},
                       {QStringLiteral("name"), p.name},
                       {QStringLiteral("ops"), p.ops},
                       {QStringLiteral("bytes"), p.bytes},
                       {QStringLiteral("seconds"), p.seconds},
                       {QStringLiteral("bound"), boundName(p.bound)}};
}

int runDevices(const Flags &flags, QTextStream &out)
{
    const Catalogue &catalogue = builtInCatalogue();
    if (flags.isSet(kJson.name)) {
        QJsonArray devices;
        for (const Device &d : catalogue.devices)
            devices.append(toJson(d));
        printJson(out, QJsonObject{{QStringLiteral("version"), catalogue.version},
                                   {QStringLiteral("checked"), catalogue.checked},
                                   {QStringLiteral("devices"), devices}});
        return kExitOk;
    }
    out << QCoreApplication::translate("pipeplan::cli",
                                       "Device catalogue, version %1, checked %2 (dense peaks; "
                                       "prices per device-hour, USD)")
               .arg(QString::number(catalogue.version), catalogue.checked)
        << '\n';
    std::vector<std::pair<QString, QString>> rows;
    for (const Device &d : catalogue.devices)
        rows.emplace_back(QStringLiteral("  ") + d.name,
                          QCoreApplication::translate(
                              "pipeplan::cli",
                              "%1 TFLOPS BF16, %2 TOPS INT8, %3 GiB at %4 GB/s, link %5 GB/s, %6/h")
                              .arg(format::trimmed(d.bf16Tflops, 3), format::trimmed(d.int8Tops, 3),
                                   format::trimmed(d.memoryGib, 1),
                                   format::trimmed(d.memoryGbPerS, 1),
                                   format::trimmed(d.interconnectGbPerS, 2),
                                   format::money(d.pricePerHour, QStringLiteral("USD"))));
    printRows(out, rows);
    return kExitOk;
}

/// The device the flags name: a catalogue device, each of --peak-tflops, --memory-gb-per-s and
/// --memory-gib given replacing its number (a what-if, as an H100 with 141 GiB), named so that
/// the output never passes the changed device off as the catalogue's; or, without --device, a
/// custom device from all three.
Device deviceFromFlags(const Flags &flags)
{
    const QString peak = QStringLiteral("peak-tflops");
    const QString bandwidth = QStringLiteral("memory-gb-per-s");
    const QString memory = QStringLiteral("memory-gib");
    Device d;
    // The text names the device in the language; the JSON keeps its English name.
    const bool text = !flags.isSet(kJson.name);
    const bool catalogue = flags.has(QStringLiteral("device"));
    if (catalogue) {
        const QString name = flags.text(QStringLiteral("device"));
        std::optional<Device> found = findDevice(name);
        if (!found)
            throw InvalidInput{
                QCoreApplication::translate("pipeplan::cli",
                                            "--device: no device called \"%1\" (pipeplan-cli "
                                            "devices lists them)")
                    .arg(name)};
        d = *found;
    } else if (!flags.has(peak)) {
        throw InvalidInput{QCoreApplication::translate(
            "pipeplan::cli",
            "--device: give a catalogue device, or --peak-tflops, --memory-gb-per-s and "
            "--memory-gib")};
    } else {
        d.name = text ? QCoreApplication::translate("pipeplan::cli", "custom device")
                      : QStringLiteral("custom device");
    }
    QStringList changed;
    // Without a device every one is required (number() says which is missing).
    if (!catalogue || flags.has(peak)) {
        d.bf16Tflops = flags.number(peak, hardware::fields::peakTflops);
        d.int8Tops = d.bf16Tflops * 2;
        changed << format::trimmed(d.bf16Tflops, 3) + QStringLiteral(" TFLOPS");
    }
    if (!catalogue || flags.has(bandwidth)) {
        d.memoryGbPerS = flags.number(bandwidth, hardware::fields::memoryGbPerS);
        changed << format::trimmed(d.memoryGbPerS, 1) + QStringLiteral(" GB/s");
    }
    if (!catalogue || flags.has(memory)) {
        d.memoryGib = flags.number(memory, hardware::fields::memoryGib);
        changed << format::trimmed(d.memoryGib, 1) + QStringLiteral(" GiB");
    }
    if (catalogue && !changed.isEmpty())
        d.name = (text ? QCoreApplication::translate("pipeplan::cli", "%1 with %2")
                       : QStringLiteral("%1 with %2"))
                     .arg(d.name, changed.join(QStringLiteral(", ")));
    return d;
}

ModelSpec modelFromFlags(const Flags &flags)
{
    using namespace hardware::fields;
    ModelSpec m;
    // What the memory's reasons call it: in the language in the text, in English in the JSON.
    m.name = flags.isSet(kJson.name) ? QStringLiteral("the model")
                                     : QCoreApplication::translate("pipeplan::cli", "the model");
    m.parameters = flags.number(QStringLiteral("params"), parameters);
    m.layers = flags.number(QStringLiteral("layers"), layers);
    m.hidden = flags.number(QStringLiteral("hidden"), hidden);
    m.heads = flags.number(QStringLiteral("heads"), heads);
    m.kvHeads = flags.number(QStringLiteral("kv-heads"), kvHeads, m.heads);
    m.intermediate = flags.number(QStringLiteral("intermediate"), intermediate, 4 * m.hidden);
    m.vocabulary = flags.number(QStringLiteral("vocabulary"), vocabulary, 32000);
    m.gatedMlp = !flags.isSet(QStringLiteral("plain-mlp"));
    m.tokens = flags.number(QStringLiteral("tokens"), tokens);
    m.outputTokens = flags.number(QStringLiteral("output-tokens"), outputTokens, 0);
    m.weightBits = flags.number(QStringLiteral("weight-bits"), bits, 16);
    m.activationBits = flags.number(QStringLiteral("activation-bits"), bits, 16);
    if (const std::vector<FieldError> errors = validate(m, QStringLiteral("model"));
        !errors.empty()) {
        QString flag = errors.front().field.section(QLatin1Char('.'), -1);
        flag.replace(QLatin1Char('_'), QLatin1Char('-'));
        if (flag == QLatin1String("parameters"))
            flag = QStringLiteral("params");
        throw InvalidInput{QStringLiteral("--") + flag + QStringLiteral(": ") +
                           errors.front().message};
    }
    return m;
}

int runRoofline(const Flags &flags, QTextStream &out)
{
    const Device device = deviceFromFlags(flags);
    const ModelSpec model = modelFromFlags(flags);
    const double batch = flags.number(batchRow());
    Efficiency efficiency;
    efficiency.compute = flags.number(computeEfficiencyRow(), efficiency.compute);
    efficiency.memory = flags.number(memoryEfficiencyRow(), efficiency.memory);
    const Roofline r = roofline(model, device, efficiency, batch);
    // A batch past the memory is still answered (the roofline's time does not depend on the
    // memory, and the memory count keeps every attention score, as no flash attention would),
    // but never without saying that one device cannot hold it.
    const MemoryFit fit = memoryFit(model, device);
    const QString warning = batchFitText(fit, batch, model.name, device.name);
    if (flags.isSet(kJson.name)) {
        printJson(out, rooflineJson(r, device, efficiency, warning));
        return kExitOk;
    }
    out << QCoreApplication::translate("pipeplan::cli",
                                       "%1, batch %2 (compute %3 %, memory %4 % of peak)")
               .arg(device.name, format::grouped(batch, 0),
                    format::trimmed(efficiency.compute * 100, 1),
                    format::trimmed(efficiency.memory * 100, 1))
        << '\n';
    if (!warning.isEmpty())
        out << QCoreApplication::translate(
                   "pipeplan::cli", "Warning: %1; the times below are for a batch it cannot run")
                   .arg(warning)
            << '\n';
    out << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
               .arg(QCoreApplication::translate("pipeplan::cli", "phase"), -8)
               .arg(QCoreApplication::translate("pipeplan::cli", "part"), -10)
               .arg(QStringLiteral("GFLOP"), 14)
               .arg(QCoreApplication::translate("pipeplan::cli", "MB moved"), 12)
               .arg(QCoreApplication::translate("pipeplan::cli", "time"), 10)
               .arg(QCoreApplication::translate("pipeplan::cli", "bound"));
    for (const RooflinePart &p : r.parts)
        out << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                   .arg(wordsOf(phaseName(p.phase)), -8)
                   .arg(p.name, -10)
                   .arg(format::grouped(p.ops / 1e9, 2), 14)
                   .arg(format::grouped(p.bytes / 1e6, 2), 12)
                   .arg(format::milliseconds(p.seconds * 1000), 10)
                   .arg(wordsOf(boundName(p.bound)));
    out << '\n';
    std::vector<std::pair<QString, QString>> rows{
        {QCoreApplication::translate("pipeplan::cli", "Prefill"),
         format::milliseconds(r.prefillSeconds * 1000)},
        {QCoreApplication::translate("pipeplan::cli", "Per batch"),
         format::milliseconds(r.secondsPerBatch * 1000)},
        {QCoreApplication::translate("pipeplan::cli", "Latency per item"),
         format::milliseconds(r.latencyMsPerItem)},
        {QCoreApplication::translate("pipeplan::cli", "Items per second"),
         format::ratePerSecond(r.itemsPerSecond,
                               QCoreApplication::translate("pipeplan::cli", "items"))},
        {QCoreApplication::translate("pipeplan::cli", "Bound"), wordsOf(boundName(r.bound))},
        {QCoreApplication::translate("pipeplan::cli", "Largest batch that fits"),
         r.maxBatch >= 1 ? format::grouped(r.maxBatch, 0)
                         : QCoreApplication::translate("pipeplan::cli", "none: %1")
                               .arg(memoryLimitText(fit, model.name, device.name))},
        {QCoreApplication::translate("pipeplan::cli", "Compute-bound from batch"),
         r.computeBoundBatch >= 1
             ? format::grouped(r.computeBoundBatch, 0)
             : QCoreApplication::translate("pipeplan::cli",
                                           "never (memory-bound up to the largest batch)")},
    };
    if (model.outputTokens > 0)
        rows.insert(rows.begin() + 1,
                    {QCoreApplication::translate("pipeplan::cli", "Decode per token"),
                     format::milliseconds(r.decodeSecondsPerToken * 1000)});
    printRows(out, rows);
    return kExitOk;
}

} // namespace

QJsonObject rooflineJson(const Roofline &r, const Device &device, const Efficiency &efficiency,
                         const QString &warning)
{
    QJsonArray parts;
    for (const RooflinePart &p : r.parts)
        parts.append(partJson(p));
    return QJsonObject{{QStringLiteral("device"), device.name},
                       {QStringLiteral("batch"), r.batch},
                       {QStringLiteral("compute_efficiency"), efficiency.compute},
                       {QStringLiteral("memory_efficiency"), efficiency.memory},
                       {QStringLiteral("parts"), parts},
                       {QStringLiteral("prefill_seconds"), r.prefillSeconds},
                       {QStringLiteral("decode_seconds_per_token"), r.decodeSecondsPerToken},
                       {QStringLiteral("seconds_per_batch"), r.secondsPerBatch},
                       {QStringLiteral("latency_ms_per_item"), r.latencyMsPerItem},
                       {QStringLiteral("items_per_second"), r.itemsPerSecond},
                       {QStringLiteral("max_batch"), r.maxBatch},
                       {QStringLiteral("max_batch_reason"), limitJson(r.fitLimit)},
                       {QStringLiteral("fits"), r.batch <= r.maxBatch},
                       {QStringLiteral("warning"), warning},
                       {QStringLiteral("compute_bound_batch"), r.computeBoundBatch},
                       {QStringLiteral("weight_bytes"), r.weightBytes},
                       {QStringLiteral("kv_bytes_per_item"), r.kvBytesPerItem},
                       {QStringLiteral("activation_bytes_per_item"), r.activationBytesPerItem},
                       {QStringLiteral("memory_bytes"), r.memoryBytes},
                       {QStringLiteral("bound"), boundName(r.bound)}};
}

QJsonValue hardwareJson(const PlanResult &result, const Scenario &typed)
{
    if (!typed.hardware.enabled)
        return QJsonValue(QJsonValue::Null);
    const HardwareInForce &hw = result.hardware.current;
    QJsonArray options;
    for (const DeviceOption &o : result.hardware.options)
        options.append(QJsonObject{
            {QStringLiteral("device"), o.device.name},
            {QStringLiteral("batch"), o.batch},
            {QStringLiteral("latency_ms_per_item"), o.latencyMsPerItem},
            {QStringLiteral("bound"), o.possible || o.batch > 0 ? boundName(o.bound) : QString()},
            {QStringLiteral("possible"), o.possible},
            {QStringLiteral("devices_needed"), o.possible ? QJsonValue(o.workers) : QJsonValue()},
            {QStringLiteral("runtime_seconds"), o.runtimeSeconds},
            {QStringLiteral("worker_hours"), o.workerHours},
            {QStringLiteral("cost"), o.cost},
            {QStringLiteral("reason"), o.reason}});
    return QJsonObject{
        {QStringLiteral("in_force"), hw.inForce},
        {QStringLiteral("device"), typed.hardware.device},
        {QStringLiteral("model"), typed.hardware.model.name},
        {QStringLiteral("requested_batch"), typed.hardware.batch},
        {QStringLiteral("batch"), hw.batch},
        {QStringLiteral("latency_ms_per_item"),
         hw.inForce ? QJsonValue(hw.roofline.latencyMsPerItem) : QJsonValue()},
        {QStringLiteral("bound"), hw.inForce ? boundName(hw.roofline.bound) : QString()},
        {QStringLiteral("max_batch"), hw.roofline.maxBatch},
        {QStringLiteral("max_batch_reason"), limitJson(hw.fitLimit)},
        // The plan runs the largest batch that fits instead of the one asked for (the lever
        // says so too).
        {QStringLiteral("batch_capped"), hw.inForce && hw.batch < hw.requestedBatch},
        {QStringLiteral("compute_bound_batch"), hw.roofline.computeBoundBatch},
        {QStringLiteral("lever"), explain::hardwareLever(hw)},
        {QStringLiteral("problem"), explain::hardwareProblem(hw)},
        {QStringLiteral("devices"), options}};
}

QJsonValue trainingJson(const PlanResult &result, const Scenario &typed)
{
    // As the report: only for a plan whose model and device are on (an untouched default model
    // is not the plan's), and only a model with layers to train.
    const std::optional<TrainingFromModel> &model = result.training.fromModel;
    if (!typed.hardware.enabled || !model)
        return QJsonValue(QJsonValue::Null);
    const TrainingStage &st = model->stage;
    const QString &currency = typed.goal.currency;
    QJsonValue run(QJsonValue::Null);
    if (model->run)
        run = QJsonObject{{QStringLiteral("schedule"), schedule::keyOf(model->runSchedule)},
                          {QStringLiteral("token_budget"), typed.hardware.trainingTokens},
                          {QStringLiteral("tokens_per_step"), model->run->tokensPerStep},
                          {QStringLiteral("tokens_per_second"), model->run->tokensPerSecond},
                          {QStringLiteral("seconds"), model->run->seconds},
                          {QStringLiteral("device_hours"), model->run->deviceHours},
                          {QStringLiteral("cost"), model->run->cost},
                          {QStringLiteral("currency"), currency}};
    return QJsonObject{
        {QStringLiteral("model"), model->model},
        {QStringLiteral("device"), model->device},
        {QStringLiteral("devices"), st.devices},
        {QStringLiteral("stage"),
         QJsonObject{
             {QStringLiteral("forward_ms"), st.forwardMs},
             {QStringLiteral("backward_ms"), st.backwardMs},
             {QStringLiteral("weight_ms"), st.weightMs},
             {QStringLiteral("weight_bytes"), st.weightBytes},
             {QStringLiteral("gradient_bytes"), st.gradientBytes},
             {QStringLiteral("optimizer_bytes"), st.optimizerBytes},
             {QStringLiteral("static_bytes"), st.staticBytes},
             {QStringLiteral("activation_bytes_per_microbatch"), st.activationBytesPerMicrobatch},
             {QStringLiteral("memory_for_activations_bytes"), st.memoryForActivationsBytes},
             {QStringLiteral("microbatches_that_fit"), st.microbatchesThatFit},
             {QStringLiteral("tokens_per_microbatch"), st.tokensPerMicrobatch}}},
        {QStringLiteral("run"), run},
        // The window's and the report's sentence, from the same numbers.
        {QStringLiteral("text"), explain::trainingFromModel(*model, currency)}};
}

QJsonObject costJson(const CostSummary &cost)
{
    return QJsonObject{{QStringLiteral("currency"), cost.currency},
                       {QStringLiteral("price_per_worker_hour"), cost.pricePerWorkerHour},
                       // The device whose price is in force; null: the Goal's price.
                       {QStringLiteral("price_source"), cost.priceSource.isEmpty()
                                                            ? QJsonValue(QJsonValue::Null)
                                                            : QJsonValue(cost.priceSource)},
                       {QStringLiteral("worker_hours"), cost.workerHours},
                       {QStringLiteral("total"), cost.total},
                       {QStringLiteral("total_text"), format::money(cost.total, cost.currency)}};
}

Command devicesCommand()
{
    return {QStringLiteral("devices"),
            QCoreApplication::translate(
                "pipeplan::cli", "the device catalogue: peaks, memory, bandwidths and prices"),
            {kJson, kHelp},
            runDevices};
}

Command rooflineCommand()
{
    return {
        QStringLiteral("roofline"),
        QCoreApplication::translate("pipeplan::cli",
                                    "a model's latency on a device by the roofline, per operator"),
        {{QStringLiteral("device"), FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli", "a catalogue device (pipeplan-cli devices), e.g. h100-sxm; the next "
                               "three replace its numbers")},
         {QStringLiteral("peak-tflops"), FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli", "peak TFLOPS (8-bit peak taken as twice): without --device required "
                               "with the next two; with it, replaces the device's")},
         {QStringLiteral("memory-gb-per-s"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "memory bandwidth in GB/s (replaces the device's)")},
         {QStringLiteral("memory-gib"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "device memory in GiB (replaces the device's)")},
         {QStringLiteral("params"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli", "parameters, e.g. 7B (required)")},
         {QStringLiteral("layers"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli", "layers (required)")},
         {QStringLiteral("hidden"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli", "hidden size (required)")},
         {QStringLiteral("heads"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli", "attention heads (required)")},
         {QStringLiteral("kv-heads"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "key/value heads; default the attention heads")},
         {QStringLiteral("intermediate"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli", "MLP width; default 4 x hidden")},
         {QStringLiteral("vocabulary"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "output head width for generation; default 32,000")},
         {QStringLiteral("plain-mlp"), FlagKind::Switch,
          QCoreApplication::translate("pipeplan::cli",
                                      "an up/down MLP (BERT) instead of a gated one (Llama)")},
         {QStringLiteral("tokens"), FlagKind::Value,
          QCoreApplication::translate(
              "pipeplan::cli", "tokens per item: the prompt, or the whole input (required)")},
         {QStringLiteral("output-tokens"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli",
                                      "tokens generated per item; default 0 (one forward pass)")},
         valueFlag(batchRow(),
                   QCoreApplication::translate(
                       "pipeplan::cli", "items per batch (required); one past the memory warns")),
         {QStringLiteral("weight-bits"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli", "default 16")},
         {QStringLiteral("activation-bits"), FlagKind::Value,
          QCoreApplication::translate("pipeplan::cli", "activations and KV cache; default 16")},
         valueFlag(computeEfficiencyRow(),
                   QCoreApplication::translate(
                       "pipeplan::cli", "share of peak compute reached, (0, 1]; default 0.6")),
         valueFlag(memoryEfficiencyRow(),
                   QCoreApplication::translate(
                       "pipeplan::cli", "share of peak bandwidth reached, (0, 1]; default 0.8")),
         kJson,
         kHelp},
        runRoofline,
        0,
        QCoreApplication::translate(
            "pipeplan::cli",
            "With both efficiencies 1 the times are the pure roofline.\n"
            "--device with --peak-tflops, --memory-gb-per-s or --memory-gib is that device with\n"
            "the numbers given replaced, and is named so (\"H100 SXM with 141 GiB\").\n"
            "A batch larger than the memory holds (90 % of it: the weights, then per item the KV\n"
            "cache and one layer's activations) still gets its times, under a warning naming the\n"
            "largest batch that fits (--json: fits false, warning); when not even one item fits,\n"
            "max_batch_reason names what does not: weights, kv_cache or activations.")};
}

} // namespace pipeplan::cli
