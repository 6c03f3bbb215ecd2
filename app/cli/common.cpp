// The shared parts of every command: the flag parser, the JSON and row printers and the
// messages about files that cannot be read.

#include "app/cli/common.h"

#include "core/plan/explain.h"

#include <QCoreApplication>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace pipeplan::cli {

numparse::Parsed parseFor(const FieldSpec &spec, const QString &text)
{
    const QLatin1String unit(spec.unit);
    if (unit == QLatin1String("B") || unit == QLatin1String("B/s"))
        return numparse::bytes(text);
    if (spec.min >= 0 && spec.max <= 1)
        return numparse::fraction(text);
    return numparse::number(text);
}

Flags::Flags(const QStringList &args, const std::vector<FlagDef> &defs, int maxPositional)
{
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &arg = args[i];
        if (!arg.startsWith(QStringLiteral("--"))) {
            if (m_positional.size() >= maxPositional)
                throw InvalidInput{
                    QCoreApplication::translate("pipeplan::cli", "unexpected argument '%1'")
                        .arg(arg)};
            m_positional << arg;
            continue;
        }
        QString name = arg.mid(2);
        std::optional<QString> inlineValue;
        if (const qsizetype eq = name.indexOf(QLatin1Char('=')); eq >= 0) {
            inlineValue = name.mid(eq + 1);
            name.truncate(eq);
        }
        const auto def = std::find_if(defs.begin(), defs.end(),
                                      [&name](const FlagDef &d) { return d.name == name; });
        if (def == defs.end())
            throw InvalidInput{
                QCoreApplication::translate("pipeplan::cli", "unknown flag --%1").arg(name)};
        if (def->kind == FlagKind::Switch) {
            if (inlineValue)
                throw InvalidInput{
                    QCoreApplication::translate("pipeplan::cli", "--%1: takes no value").arg(name)};
            m_switches.insert(name, true);
            continue;
        }
        QString value;
        if (inlineValue) {
            value = *inlineValue;
        } else if (i + 1 < args.size()) {
            // The next argument is the value even when it looks like a flag ("-5"), so that
            // a negative number is reported as negative rather than as a missing value.
            const QString &next = args[i + 1];
            if (next.startsWith(QStringLiteral("--")))
                throw InvalidInput{
                    QCoreApplication::translate("pipeplan::cli", "--%1: missing value").arg(name)};
            value = next;
            ++i;
        } else {
            throw InvalidInput{
                QCoreApplication::translate("pipeplan::cli", "--%1: missing value").arg(name)};
        }
        if (def->kind == FlagKind::Repeated)
            m_repeated[name] << value;
        else
            m_values.insert(name, value);
    }
}

QString Flags::text(const QString &name) const
{
    if (!has(name))
        throw InvalidInput{
            QCoreApplication::translate("pipeplan::cli", "--%1: required").arg(name)};
    return m_values.value(name);
}

Support supportFor(const FieldSpec &spec)
{
    return spec.min >= 0 && spec.max <= 1 ? Support::Fraction : Support::Positive;
}

std::optional<Range> Flags::range(const QString &name, const FieldSpec &spec) const
{
    if (!has(name))
        return std::nullopt;
    const QString text = m_values.value(name);
    if (!looksLikeRange(text))
        return std::nullopt;
    const RangeParse parsed = parseRange(text, supportFor(spec));
    if (!parsed.range)
        throw InvalidInput{QStringLiteral("--%1: %2").arg(name, parsed.error)};
    return parsed.range;
}

double Flags::number(const QString &name, const FieldSpec &spec,
                     std::optional<double> fallback) const
{
    if (!has(name)) {
        if (fallback)
            return *fallback;
        throw InvalidInput{
            QCoreApplication::translate("pipeplan::cli", "--%1: required").arg(name)};
    }
    const QString text = m_values.value(name);
    // One number of a range would answer for a job nobody typed: the numbers that take a range
    // read it with range(), as the scenario file does, and any other refuses it as the file does.
    if (looksLikeRange(text))
        throw InvalidInput{
            QCoreApplication::translate("pipeplan::cli",
                                        "--%1: is not a number that takes a range, got '%2'")
                .arg(name, text)};
    const numparse::Parsed parsed = parseFor(spec, text);
    if (!parsed.value)
        throw InvalidInput{QStringLiteral("--%1: %2").arg(name, parsed.error)};
    if (auto reason = checkValue(spec, *parsed.value))
        throw InvalidInput{QStringLiteral("--%1: %2").arg(name, *reason)};
    return *parsed.value;
}

std::vector<double> Flags::list(const QString &name, const FieldSpec &spec,
                                std::optional<std::vector<double>> fallback) const
{
    if (!has(name)) {
        if (fallback)
            return *fallback;
        throw InvalidInput{
            QCoreApplication::translate("pipeplan::cli", "--%1: required").arg(name)};
    }
    const QString text = m_values.value(name);
    if (looksLikeRange(text))
        throw InvalidInput{QCoreApplication::translate(
                               "pipeplan::cli", "--%1: is not a list that takes ranges, got '%2'")
                               .arg(name, text)};
    const numparse::ParsedList parsed = numparse::numberList(text);
    if (!parsed.values)
        throw InvalidInput{QStringLiteral("--%1: %2").arg(name, parsed.error)};
    for (size_t i = 0; i < parsed.values->size(); ++i) {
        if (auto reason = checkValue(spec, (*parsed.values)[i]))
            throw InvalidInput{QCoreApplication::translate("pipeplan::cli", "--%1: item %2 %3")
                                   .arg(name, QString::number(i + 1), *reason)};
    }
    return *parsed.values;
}

QJsonValue jsonNumber(double value)
{
    return std::isfinite(value) ? QJsonValue(value) : QJsonValue(QJsonValue::Null);
}

void printJson(QTextStream &out, const QJsonObject &object)
{
    out << QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Indented));
}

void printRows(QTextStream &out, const std::vector<std::pair<QString, QString>> &rows)
{
    qsizetype width = 0;
    for (const auto &row : rows)
        width = std::max(width, row.first.size());
    for (const auto &[label, value] : rows)
        out << label.leftJustified(width + 2) << value << '\n';
}

QString oneLine(QString text)
{
    text.replace(QLatin1String("\r\n"), QLatin1String(" "));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    text.replace(QLatin1Char('\r'), QLatin1Char(' '));
    return text;
}

QString firstProblem(const QString &prefix, const QString &first, qsizetype count)
{
    QString message = prefix + first;
    if (count > 1) {
        // The count as digits, ungrouped, as the message has always written it.
        const int more = static_cast<int>(count - 1);
        QString text =
            QCoreApplication::translate("pipeplan::cli", "(and %n more problem(s))", nullptr, more);
        text.replace(QStringLiteral("(s)"), more == 1 ? QString() : QStringLiteral("s"));
        message += QLatin1Char(' ') + text;
    }
    return oneLine(message);
}

QString flagForKey(const QString &key)
{
    return QStringLiteral("--") + QString(key).replace(QLatin1Char('_'), QLatin1Char('-'));
}

QString readProblem(const QString &error)
{
    if (error.startsWith(QLatin1String("is ")))
        return error;
    return QCoreApplication::translate("pipeplan::cli", "cannot read it (%1)").arg(error);
}

QJsonValue percentilesJson(const uncertainty::Result &result)
{
    if (!result.active)
        return QJsonValue::Null;
    const auto three = [](const uncertainty::Percentiles &p) {
        return QJsonObject{{QStringLiteral("p10"), p.p10},
                           {QStringLiteral("p50"), p.p50},
                           {QStringLiteral("p90"), p.p90}};
    };
    QJsonObject object{{QStringLiteral("runtime_seconds"), three(result.runtimeSeconds)},
                       {QStringLiteral("cost"), three(result.cost)},
                       {QStringLiteral("currency"), result.currency},
                       {QStringLiteral("samples"), result.samples},
                       {QStringLiteral("seed"), result.seed}};
    if (result.pMeetDeadline)
        object.insert(QStringLiteral("p_meet_deadline"), *result.pMeetDeadline);
    // With a budget: the chance to stay within it, and with a deadline the chance of both,
    // counted on the same samples.
    if (result.pMeetBudget)
        object.insert(QStringLiteral("p_meet_budget"), *result.pMeetBudget);
    if (result.pMeetBoth)
        object.insert(QStringLiteral("p_meet_both"), *result.pMeetBoth);
    object.insert(QStringLiteral("worker_hours"), three(result.workerHours));
    object.insert(QStringLiteral("calibrated"), result.calibrated);
    // The goal seek over the ranges: the fewest workers whose P50 / P90 meets the deadline
    // (null: no count does).
    if (!result.fewest.empty()) {
        QJsonObject fewest;
        for (const uncertainty::Result::Fewest &f : result.fewest)
            fewest.insert(QStringLiteral("p%1").arg(std::lround(f.q * 100)),
                          f.workers ? QJsonValue(*f.workers) : QJsonValue::Null);
        object.insert(QStringLiteral("fewest_workers"), fewest);
    }
    return object;
}

QJsonArray sensitivityJson(const uncertainty::Result &result)
{
    QJsonArray drivers;
    for (const uncertainty::Driver &d : result.drivers)
        drivers.append(QJsonObject{
            {QStringLiteral("input"), d.label},
            {QStringLiteral("key"), d.key},
            {QStringLiteral("variance_share"), d.varianceShare},
            {QStringLiteral("needed"), d.needed ? QJsonValue(*d.needed) : QJsonValue::Null}});
    return drivers;
}

QJsonObject planeAxisJson(const whatittakes::PlaneAxis &axis)
{
    QJsonArray ticks;
    for (const double tick : axis.ticks)
        ticks.append(tick);
    return QJsonObject{{QStringLiteral("lever"), axis.lever},
                       {QStringLiteral("span"), axis.fieldLimits ? QStringLiteral("field_limits")
                                                                 : QStringLiteral("practical")},
                       {QStringLiteral("ticks"), ticks},
                       {QStringLiteral("tick_texts"), QJsonArray::fromStringList(axis.tickTexts)},
                       {QStringLiteral("key"), axis.key},
                       {QStringLiteral("unit"), axis.unit},
                       {QStringLiteral("current"), axis.current},
                       {QStringLiteral("low"), axis.low},
                       {QStringLiteral("high"), axis.high},
                       {QStringLiteral("log_scale"), axis.logScale},
                       {QStringLiteral("direction"),
                        axis.upHelps ? QStringLiteral("at_least") : QStringLiteral("at_most")}};
}

QJsonValue planePointJson(const std::optional<whatittakes::PlanePoint> &point)
{
    if (!point)
        return QJsonValue::Null;
    return QJsonObject{{QStringLiteral("x"), point->x},
                       {QStringLiteral("y"), point->y},
                       {QStringLiteral("runtime_seconds"), point->runtimeSeconds},
                       {QStringLiteral("cost"), point->cost}};
}

/// The plane's lead reason as a JSON word.
QString leadReasonKey(whatittakes::PlaneLead reason)
{
    switch (reason) {
    case whatittakes::PlaneLead::Cheapest:
        return QStringLiteral("cheapest");
    case whatittakes::PlaneLead::CostSeparates:
        return QStringLiteral("cost_separates");
    case whatittakes::PlaneLead::CostTies:
        return QStringLiteral("cost_ties");
    case whatittakes::PlaneLead::CheapestAtEnd:
        return QStringLiteral("cheapest_at_end");
    }
    return {};
}

QJsonValue planeJson(const whatittakes::Plane &plane)
{
    if (!plane.active)
        return QJsonObject{{QStringLiteral("reason"), plane.reason}};
    const auto orNull = [](const std::optional<double> &value) {
        return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
    };
    QJsonArray boundary;
    for (size_t i = 0; i < plane.xs.size(); ++i)
        boundary.append(QJsonObject{{QStringLiteral("x"), plane.xs[i]},
                                    {QStringLiteral("y"), orNull(plane.boundary[i])},
                                    {QStringLiteral("far"), orNull(plane.farEdge[i])}});
    return QJsonObject{
        {QStringLiteral("x"), planeAxisJson(plane.x)},
        {QStringLiteral("y"), planeAxisJson(plane.y)},
        {QStringLiteral("deadline_seconds"),
         plane.deadlineOn ? QJsonValue(plane.deadlineSeconds) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("budget"), orNull(plane.budget)},
        {QStringLiteral("currency"), plane.currency},
        {QStringLiteral("plan"), planePointJson(plane.plan)},
        {QStringLiteral("meets"), plane.meetsNow},
        {QStringLiteral("boundary"), boundary},
        {QStringLiteral("cheapest"), planePointJson(plane.cheapest)},
        {QStringLiteral("nearest"), planePointJson(plane.nearest)},
        {QStringLiteral("lead"),
         plane.leadsWithNearest ? QStringLiteral("nearest") : QStringLiteral("cheapest")},
        {QStringLiteral("lead_reason"), leadReasonKey(plane.leadReason)},
        {QStringLiteral("end_key"),
         plane.endKey.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(plane.endKey)},
        {QStringLiteral("lines"), QJsonArray::fromStringList(explain::planeLines(plane))}};
}

QJsonValue whatItTakesJson(const whatittakes::Result &result, const whatittakes::Plane &plane)
{
    if (!result.active)
        return QJsonValue::Null;
    QJsonArray rows;
    for (const whatittakes::Row &row : result.rows)
        rows.append(QJsonObject{
            {QStringLiteral("lever"), row.lever},
            {QStringLiteral("key"), row.key},
            {QStringLiteral("unit"), row.unit},
            {QStringLiteral("current"), row.current},
            {QStringLiteral("needed"), row.needed ? QJsonValue(*row.needed) : QJsonValue::Null},
            {QStringLiteral("direction"),
             row.atLeast ? QStringLiteral("at_least") : QStringLiteral("at_most")},
            {QStringLiteral("change"),
             row.needed ? QJsonValue(row.change) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("change_text"), row.changeText},
            {QStringLiteral("possible"), row.possible},
            {QStringLiteral("reason"), row.reason},
            {QStringLiteral("runtime_seconds"),
             row.possible ? QJsonValue(row.runtimeSeconds) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("choice"),
             row.choice.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(row.choice)},
            {QStringLiteral("cost"),
             row.choice.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(row.cost)}});
    return QJsonObject{{QStringLiteral("deadline_seconds"), result.deadlineOn
                                                                ? QJsonValue(result.deadlineSeconds)
                                                                : QJsonValue(QJsonValue::Null)},
                       {QStringLiteral("budget"),
                        result.budget ? QJsonValue(*result.budget) : QJsonValue(QJsonValue::Null)},
                       {QStringLiteral("cost"), result.costNow},
                       {QStringLiteral("runtime_seconds"), result.runtimeSeconds},
                       {QStringLiteral("meets"), result.meetsNow},
                       {QStringLiteral("levers"), rows},
                       {QStringLiteral("plane"), planeJson(plane)}};
}

} // namespace pipeplan::cli
