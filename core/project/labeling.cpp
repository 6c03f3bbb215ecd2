// The labeling-effort model: hours for labeling, QC, adjudication, ramp-up and contingency,
// and the checks of its inputs.

#include "core/project/labeling.h"

#include "core/base/format.h"
#include "core/base/translate.h"

#include <algorithm>
#include <cmath>

namespace pipeplan::estimate {

PIPEPLAN_TR_CONTEXT("pipeplan::estimate")

LabelingInputs LabelingInputs::normalized() const
{
    LabelingInputs out = *this;
    double total = 0;
    for (const Stratum &s : out.strata) {
        if (!s.share)
            return out;
        total += *s.share;
    }
    if (!(total > 0))
        return out;
    for (Stratum &s : out.strata)
        s.share = *s.share / total;
    return out;
}

LabelingEstimate estimateLabeling(const LabelingInputs &in)
{
    LabelingEstimate e;
    double itemMinutes = 0;
    double reviewMinutes = 0;
    double adjudicationMinutes = 0;
    double countedItems = 0;
    for (const Stratum &s : in.strata) {
        const double items = s.count ? *s.count : s.share.value_or(0.0) * in.items;
        countedItems += items;
        itemMinutes += items * s.minutesPerItem;
        reviewMinutes += items * s.reviewMinutesPerItem.value_or(s.minutesPerItem);
        adjudicationMinutes += items * in.adjudicationMinutesPerItem.value_or(s.minutesPerItem);
    }
    const bool counts = !in.strata.empty() && in.strata.front().count.has_value();
    e.items = counts ? countedItems : in.items;
    e.baseHours = itemMinutes / 60.0;
    e.qcHours = in.qcSampleRate * reviewMinutes / 60.0;
    e.adjudicationHours = in.adjudicationShare * adjudicationMinutes / 60.0;
    const double r = in.firstWeekProductivity;
    e.rampUpHours =
        r < 1.0 ? std::min(in.annotators * in.hoursPerWeek, e.baseHours / r) * (1.0 - r) : 0.0;
    e.annotatorHours = e.baseHours + e.rampUpHours;
    e.reviewerHours = e.qcHours + e.adjudicationHours;
    const double beforeContingency = e.baseHours + e.qcHours + e.adjudicationHours + e.rampUpHours;
    e.contingencyHours = beforeContingency * in.contingency;
    e.totalHours = beforeContingency * (1.0 + in.contingency);
    e.cost = e.totalHours * in.hourlyRate + in.toolingCost;
    return e;
}

double minutesPerItemFromRate(double itemsPerHour)
{
    return 60.0 / itemsPerHour;
}

std::vector<FieldError> validate(const LabelingInputs &in)
{
    std::vector<FieldError> errors;
    auto check = [&errors](const FieldSpec &spec, double value, const QString &field) {
        if (auto e = checkField(spec, value, field))
            errors.push_back(*e);
    };
    auto stratumField = [](size_t i, const char *key) {
        return QStringLiteral("strata[%1].%2").arg(i).arg(QLatin1String(key));
    };
    if (in.strata.empty())
        errors.push_back({QStringLiteral("strata"), tr("is empty: add a stratum")});
    const bool counts = !in.strata.empty() && in.strata.front().count.has_value();
    bool sizesOk = true;
    double shareSum = 0;
    double countSum = 0;
    for (size_t i = 0; i < in.strata.size(); ++i) {
        const Stratum &s = in.strata[i];
        if (s.share && s.count) {
            errors.push_back({QStringLiteral("strata[%1]").arg(i),
                              tr("has both a share and a count: give one")});
            sizesOk = false;
        } else if (!s.share && !s.count) {
            errors.push_back({QStringLiteral("strata[%1]").arg(i),
                              tr("has neither a share nor a count: give one")});
            sizesOk = false;
        } else if (counts != s.count.has_value()) {
            errors.push_back(
                {stratumField(i, counts ? "share" : "count"),
                 tr("is given while strata[0] gives a %1: give every stratum a "
                    "share, or every stratum a count")
                     .arg(counts ? QStringLiteral("count") : QStringLiteral("share"))});
            sizesOk = false;
        } else if (s.count) {
            const size_t before = errors.size();
            check(specs::count, *s.count, stratumField(i, "count"));
            sizesOk = sizesOk && errors.size() == before;
            countSum += *s.count;
        } else {
            const size_t before = errors.size();
            check(specs::share, *s.share, stratumField(i, "share"));
            sizesOk = sizesOk && errors.size() == before;
            shareSum += *s.share;
        }
        check(specs::minutesPerItem, s.minutesPerItem, stratumField(i, "minutes_per_item"));
        if (s.reviewMinutesPerItem) {
            check(specs::minutesPerItem, *s.reviewMinutesPerItem,
                  stratumField(i, "review_minutes_per_item"));
        }
    }
    if (!in.strata.empty() && sizesOk) {
        if (counts) {
            if (!(countSum > 0)) {
                errors.push_back(
                    {QStringLiteral("strata"), tr("counts sum to 0: there is nothing to label")});
            }
            if (in.items != 0 && in.items != countSum) {
                errors.push_back(
                    {QStringLiteral("items"),
                     tr("is %1, but the strata's counts sum to %2: with counts, "
                        "leave items at 0 (it is their sum)")
                         .arg(format::plainNumber(in.items), format::plainNumber(countSum))});
            }
        } else {
            check(specs::items, in.items, QStringLiteral("items"));
            if (!(std::fabs(shareSum - 1.0) <= 1e-9)) {
                errors.push_back(
                    {QStringLiteral("strata"), tr("shares sum to %1, not 1: correct them or "
                                                  "normalize them to sum to 1")
                                                   .arg(format::plainNumber(shareSum))});
            }
        }
    }
    check(specs::rate, in.qcSampleRate, QStringLiteral("qc_rate"));
    check(specs::rate, in.adjudicationShare, QStringLiteral("adjudication_share"));
    if (in.adjudicationMinutesPerItem) {
        check(specs::minutesPerItem, *in.adjudicationMinutesPerItem,
              QStringLiteral("adjudication_minutes_per_item"));
    }
    check(specs::annotators, in.annotators, QStringLiteral("annotators"));
    check(specs::hoursPerWeek, in.hoursPerWeek, QStringLiteral("hours_per_week"));
    check(specs::productivity, in.firstWeekProductivity, QStringLiteral("first_week_productivity"));
    check(specs::buffer, in.contingency, QStringLiteral("contingency"));
    check(specs::money, in.hourlyRate, QStringLiteral("hourly_rate"));
    check(specs::money, in.toolingCost, QStringLiteral("tooling_cost"));
    return errors;
}

} // namespace pipeplan::estimate
