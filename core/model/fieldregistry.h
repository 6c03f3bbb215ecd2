#pragma once

#include "core/base/fields.h"
#include "core/model/range.h"

#include <QFlags>
#include <QLatin1StringView>
#include <QString>

#include <optional>
#include <span>
#include <type_traits>
#include <vector>

namespace pipeplan {

struct Scenario;
struct Stage;

namespace estimate {
struct Task;
struct Stratum;
struct ActualEntry;
} // namespace estimate

/// The parts of a plan's result, each recomputed only when its inputs change.
enum class Section : unsigned
{
    None = 0,
    Inputs = 1u << 0,   ///< any input at all (what input widgets show; names, notes)
    Model = 1u << 1,    ///< the job: runtime with overheads, scaling, waterfall, pipeline
    Baseline = 1u << 2, ///< the pinned baseline's result and the comparison with it
    Tail = 1u << 3,     ///< the simulated job and the goal seek's inputs
    Training = 1u << 4, ///< the training pipeline schedules
    Project = 1u << 5,  ///< PERT, labeling, job ETA, estimated vs actual
    Measured = 1u << 6, ///< the laws fitted to measured runs, and the runtime band they give
    All = (1u << 7) - 1,
};
Q_DECLARE_FLAGS(Sections, Section)
Q_DECLARE_OPERATORS_FOR_FLAGS(Sections)

} // namespace pipeplan

namespace pipeplan::uncertainty {

/// Where a number acts in the job model (the sampled kernel's slots; the latency is the typed one
/// or the accelerator's, whichever is in force). Declared with the registry so a row can name
/// the slot its number fills.
enum class Slot
{
    Users,
    Keep,
    Predictions,
    Latency,
    BatchMs,
    Parallel,
    ColdStart,
    RequestOverhead,
    SharedCap,
    DispatchCap,
    Price,
    ComputeEfficiency, ///< the device's, through the roofline to the latency in force
    MemoryEfficiency,
    Stage, ///< Input::stage's own time
};

} // namespace pipeplan::uncertainty

/// The plan's numeric inputs, one row each (LabPlot's STD_SETTER_CMD_IMPL, qBittorrent's
/// CachedSettingValue): the key in the scenario file, the bounds and why (a FieldSpec), the
/// words, the grid, how to read and write the number on a Scenario, which result sections it
/// feeds, and whether it takes a range or is a lever of What it would take. The file's reader and
/// writer, `--set`'s keys, the ranges and the levers iterate these rows, so a key is typed once.
namespace pipeplan::fieldregistry {

/// How the scenario file holds a number.
enum class Presence
{
    Required,  ///< every file holds it ("is missing" otherwise)
    Defaulted, ///< a file may leave it out (an older version): the default then
    Nullable,  ///< may be unset: written as null, read from null or absence
    WhenSet,   ///< may be unset: written only when set, read from null or absence
};

/// One numeric input of a plan. Its members are in the order a row is read (rows are written
/// with designated initializers, which must follow it), not the order that packs best: there
/// are over 70 rows.
struct Field // NOLINT(clang-analyzer-optin.performance.Padding)
{
    const char *path;      ///< the scenario-file key path, "workload.latency_ms"
    const FieldSpec *spec; ///< bounds, whole number, the reason for the maximum
    /// The number on the plan; nothing when it is unset (an optional member only).
    std::optional<double> (*get)(const Scenario &) = nullptr;
    /// Sets the number; nothing unsets an optional member and leaves a plain one as it was.
    void (*set)(Scenario &, std::optional<double>) = nullptr;
    /// The member itself on `scenario`: a control bound to a member finds its row by it.
    const void *(*at)(const Scenario &) = nullptr;
    const char *label = nullptr; ///< as a table or a control names it; spec's label when null
    /// The label or the unit in the plan's own words (its counted noun, its currency); they
    /// override `label` and spec's unit when set.
    QString (*labelIn)(const Scenario &) = nullptr;
    QString (*unitIn)(const Scenario &) = nullptr;
    int decimals = 0;        ///< digits a control and a lever's grid show
    double step = 1;         ///< a control's single step
    double displayScale = 1; ///< shown value = stored value x this
    Presence presence = Presence::Defaulted;
    Sections feeds = Section::Inputs; ///< the result sections a change of it recomputes
    bool rangeable = false;           ///< may be given as a range (uncertainty.ranges)
    Support support = Support::Positive;
    /// Where a rangeable number acts in the job model.
    std::optional<uncertainty::Slot> slot = std::nullopt;
    /// Whether the number is the one the job uses now (the typed latency is not while the
    /// accelerator lever is on); null: whenever it is set.
    bool (*inForce)(const Scenario &) = nullptr;
    bool lever = false; ///< What it would take may move it
    /// The pipeplan-cli flag that reads the number, without its dashes ("latency-ms"); null
    /// when no flag does. Two rows may share a flag when different commands read them (the
    /// simulate command's --trials is the simulation's, deadline's is the goal's).
    const char *flag = nullptr;

    /// Whether the number may be unset.
    bool optional() const
    {
        return presence == Presence::Nullable || presence == Presence::WhenSet;
    }
    bool wholeNumber() const { return spec->wholeNumber; }
    /// The object the key is in, "workload" ("" for a key at the top, "hardware.training").
    QLatin1StringView section() const;
    /// The key inside its section, "latency_ms".
    QLatin1StringView key() const;
    /// What the plan calls it ("Users" as "Documents" in a plan that counts documents).
    QString labelFor(const Scenario &scenario) const;
    /// Its unit in the plan's words ("documents/s", "EUR/worker-h").
    QString unitFor(const Scenario &scenario) const;
    /// The number the job uses now: get() unless the number is not in force.
    std::optional<double> inForceValue(const Scenario &scenario) const;
};

/// Every row, each section's in the order its reader reads them. A new numeric input of a plan
/// is a member of its settings struct and one row here (core/model/fieldregistry.cpp).
std::span<const Field> fields();

/// The row at `path`, or null when no row has it.
const Field *find(QStringView path);
const Field *find(QLatin1StringView path);

/// The row whose member is the one at `member` on `scenario` (a reference into it), or null when
/// no row reads that member.
const Field *findAt(const Scenario &scenario, const void *member);

/// The plan rows are found on by member (the defaults): a member's address on it names it.
/// One for the core, the window and the CLI, so no caller builds its own.
const Scenario &probe();

/// The row of the member at a path of members, or null: rowOf(&Scenario::workload,
/// &Workload::latencyMs). A control bound to a member finds its row, its key and bounds by the
/// member, never by the key typed again.
template <typename... Members>
requires(sizeof...(Members) > 0 &&
         (std::is_member_object_pointer_v<Members> && ...)) const Field *rowOf(Members... path)
{
    const Scenario &s = probe();
    return findAt(s, &(s.*....*path));
}

/// The same on a given plan (a member's address on it).
template <typename... Members> const Field *rowOf(const Scenario &plan, Members... path)
{
    return findAt(plan, &(plan.*....*path));
}

/// One number of a list's element (a stage's time, a task's optimistic time): its key in the
/// element's object, its bounds, how to read and write it on the element, how the file holds it
/// (Required: "is missing" otherwise; Nullable: null or absent when unset). The file's reader
/// and writer and the format's keys iterate these rows, so an element's key is typed once.
template <typename Element> struct ElementField
{
    const char *key;       ///< "ms_per_user"
    const FieldSpec *spec; ///< the bounds validate() applies under "stages[2].ms_per_user"
    /// The number on the element; nothing when it is unset (an optional member only).
    std::optional<double> (*get)(const Element &) = nullptr;
    /// Sets the number; nothing unsets an optional member and leaves a plain one as it was.
    void (*set)(Element &, std::optional<double>) = nullptr;
    Presence presence = Presence::Required;
    /// Whether the element holds the number at all (a stage that scores has no time of its own,
    /// a task not done no actual time); null: always. Read and written only when it does.
    bool (*applies)(const Element &) = nullptr;

    bool optional() const
    {
        return presence == Presence::Nullable || presence == Presence::WhenSet;
    }
    bool holds(const Element &element) const { return !applies || applies(element); }
};

/// A list's numeric element rows and the list's path in the file ("project.tasks").
template <typename Element> struct ElementRows
{
    const char *path;
    std::span<const ElementField<Element>> fields;
};

/// The stages' numbers: "stages[i].ms_per_user".
const ElementRows<Stage> &stageRows();
/// A task's three times, read before its dependencies.
const ElementRows<estimate::Task> &taskRows();
/// A task's progress numbers (the actual time when done, the share done while in progress),
/// read after its status.
const ElementRows<estimate::Task> &taskProgressRows();
/// The labeling strata's numbers.
const ElementRows<estimate::Stratum> &stratumRows();
/// The logged estimates and actual times.
const ElementRows<estimate::ActualEntry> &actualRows();

/// A number per pipeline device, written as one number when it is the same for all and read
/// from a number or an array of numbers: the training's forward, backward and weight times.
struct PerDeviceField
{
    const char *path;      ///< "training.forward_ms"
    const FieldSpec *spec; ///< the bounds of each time
    const std::vector<double> &(*get)(const Scenario &);
    std::vector<double> &(*at)(Scenario &);

    QLatin1StringView section() const;
    QLatin1StringView key() const;
};

/// The per-device lists, in the order the reader reads them.
std::span<const PerDeviceField> perDeviceFields();

} // namespace pipeplan::fieldregistry
