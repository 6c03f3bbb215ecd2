#pragma once

// The labeling-effort model: strata of items, QC review, adjudication, the first week's
// ramp-up, contingency and cost.

#include "core/base/fields.h"
#include "core/project/task.h"

#include <QString>

#include <optional>
#include <vector>

namespace pipeplan::estimate {

// ---------------------------------------------------------------------------------------------
// Labeling effort (seed 003 "Start by clarifying scope", steps 2-4).

/// Items of one difficulty stratum: a share of all items, or a count (all strata of an estimate
/// use shares, or all use counts).
struct Stratum
{
    QString name;
    std::optional<double> share;                ///< fraction of the items, 0 to 1
    std::optional<double> count;                ///< items in this stratum
    double minutesPerItem = 0;                  ///< labeling time t_s
    std::optional<double> reviewMinutesPerItem; ///< QC review time; unset: minutesPerItem
    bool operator==(const Stratum &) const = default;
};

/// Ramp-up model: the team of `annotators`, each working `hoursPerWeek`, produces at
/// `firstWeekProductivity` r of steady state during its first week. The first week's
/// min(annotators x hoursPerWeek, base / r) worked hours deliver only r of their worth, so
/// ramp-up = min(annotators x hoursPerWeek, base / r) x (1 - r): 0 when r = 1, and
/// base x (1 / r - 1) when the whole job fits in the first week.
struct LabelingInputs
{
    double items = 0; ///< total items when the strata give shares; 0 (unset) with counts
    std::vector<Stratum> strata;
    double qcSampleRate = 0.10;     ///< q: share of items reviewed (seed: 5-10 % spot checks)
    double adjudicationShare = 0.0; ///< p_relabel: share of items adjudicated
    std::optional<double> adjudicationMinutesPerItem; ///< unset: the stratum's labeling time
    double annotators = 1;
    double hoursPerWeek = kHoursPerWorkingWeek; ///< per annotator
    double firstWeekProductivity = 1.0;         ///< r in (0, 1]; the seed: often 0.5-0.8
    double contingency = 0.20;                  ///< C; the seed's worked example (range 15-30 %)
    double hourlyRate = 0;                      ///< blended rate per hour
    double toolingCost = 0;                     ///< tooling and cloud, added once
    bool operator==(const LabelingInputs &) const = default;
    /// The same inputs with the strata's shares scaled to sum to 1 (unchanged when they use
    /// counts or the shares sum to 0).
    LabelingInputs normalized() const;
};

/// Seed 003: base = sum_s N_s t_s / 60; QC = q sum_s N_s r_s / 60 (r_s the review time, by
/// default t_s); adjudication = p sum_s N_s t_adj / 60; ramp-up as in LabelingInputs;
/// total = (base + QC + adjudication + ramp-up) x (1 + C);
/// cost = total x hourly rate + tooling ("(annotator + reviewer hours) x blended rate + tooling";
/// project-management hours are not modelled). The seed's 100,000 items, 70 % at 1.5 min and
/// 30 % at 6 min: base 4,750 h, QC at 10 % 475 h, total with 20 % contingency 6,270 h.
struct LabelingEstimate
{
    double items = 0;
    double baseHours = 0;         ///< annotators labeling at steady state
    double qcHours = 0;           ///< reviewers spot-checking
    double adjudicationHours = 0; ///< reviewers adjudicating / relabeling
    double rampUpHours = 0;       ///< annotators' first-week shortfall
    double annotatorHours = 0;    ///< base + ramp-up
    double reviewerHours = 0;     ///< QC + adjudication
    double contingencyHours = 0;  ///< (annotator + reviewer) x C
    double totalHours = 0;
    double cost = 0;
    bool operator==(const LabelingEstimate &) const = default;
};

/// The inputs must be valid.
LabelingEstimate estimateLabeling(const LabelingInputs &inputs);

/// A pilot's throughput as a labeling time: 60 / itemsPerHour (100 items/h -> 0.6 min).
double minutesPerItemFromRate(double itemsPerHour);

/// Also: shares not summing to 1 within 1e-9, strata mixing shares and counts.
std::vector<FieldError> validate(const LabelingInputs &inputs);

} // namespace pipeplan::estimate
