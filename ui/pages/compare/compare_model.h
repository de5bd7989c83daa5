// The #/compare view's model: which two runs are compared (A, the baseline, and B), the
// comparison core/compare builds of them (or of two jobs or SQL executions of one run), and its
// aligned SQL executions, jobs and stages as three sortable, filterable tables. Every figure is
// the comparison's own (core/compare/comparison.h); the model only orders, filters and formats.
// Rebuilt by PrepareCompareView (view_compare.cc) when the route or the runs change.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/compare/comparison.h"
#include "core/session.h"
#include "ui/app/route.h"

namespace afterglow::ui {

// "application_1_0001" or "application_1_0001/2": how the model remembers a run across loads.
std::string RunKey(const AttemptSummary& app);

// The three aligned tables, as ComparePair names their rows in routes.
enum class AlignedKind : uint8_t { kSql, kJob, kStage };
inline constexpr size_t kAlignedKindCount = 3;
ComparePair PairOf(AlignedKind kind);
const char* AlignedKindTitle(AlignedKind kind);  // "SQL executions", "Jobs", "Stages"

// One row of an aligned table: an item of A, of B, or both paired.
struct AlignedPairRow {
  int row = -1;                  // index into the alignment (Comparison::rows.sql / jobs / stages)
  int64_t sort_a = -1, sort_b = -1;  // A's and B's id (stage id * 1000 + attempt), -1 for none
  std::string id_a, id_b;        // "12", "3.0"; "" on the side without the item
  std::string name;              // the description (SQL) or call site; B's when both have one
  std::string search;            // ids and name, lower-cased, for the search box
  const compare::EntityMetrics* a = nullptr;  // into the comparison; null on a side without
  const compare::EntityMetrics* b = nullptr;
  int64_t delta_ms = 0;          // RowDeltaMs: B's duration minus A's, a missing side as 0
  std::string plan;              // SQL: what changed in the plan, one line; "" when nothing
  bool in_headline = false;      // the headline names this pair
  bool both() const { return a != nullptr && b != nullptr; }
};

enum class AlignedColumn : uint8_t {
  kRow, kA, kB, kName, kDurationA, kDurationB, kDelta, kRatio, kTasks, kInput, kOutput, kShuffleRead,
  kShuffleWrite, kMemorySpill, kDiskSpill, kGc, kLongestTask, kSkew, kPlan, kCount
};
inline constexpr size_t kAlignedColumnCount = static_cast<size_t>(AlignedColumn::kCount);

// The side filter's choices.
enum class PairFilter : uint8_t { kAll, kBoth, kOnlyA, kOnlyB, kCount };
inline constexpr size_t kPairFilterCount = static_cast<size_t>(PairFilter::kCount);
const char* PairFilterName(PairFilter filter);  // "All", "Paired", "Only A", "Only B"

struct AlignedTable {
  AlignedKind kind = AlignedKind::kSql;
  std::vector<AlignedPairRow> rows;  // in alignment order
  std::vector<uint32_t> order;       // every row, in the current sort order
  std::vector<uint32_t> shown;       // `order` after the filter and the search text
  std::array<uint32_t, kPairFilterCount> counts{};
  PairFilter filter = PairFilter::kAll;
  char search[96] = {};
  bool sorted = false;    // false after a build: the view applies its sort order again
  int selected_row = -1;  // keyboard selection: a position in `shown`
  bool reveal_selected = false;  // a route chose the selection: the view scrolls to it once

  void Clear();
  void Sort(AlignedColumn column, bool ascending);
  void ApplyFilter();
  // The position in `shown` of alignment row `row`, -1 when it is filtered out or unknown.
  int ShownPosition(int row) const;
  // The shown rows in their order, with a header row: the figures as numbers (ms, bytes).
  std::string Tsv() const;
};

struct CompareModel {
  // The runs compared, as RunKey names them; "" until chosen. They survive a new load, so a
  // second log added with "Compare with..." is compared against the one that was open.
  std::string run_a, run_b;
  // Set by "Compare with...": the runs open before the second log was added; B is then the first
  // run not among them.
  std::vector<std::string> runs_before_add;
  // The summaries' indices of run_a and run_b after the last build; equal when comparing two
  // items of one run.
  size_t app_a = 0, app_b = 0;
  std::string name_a, name_b;  // "app-1234 · name" for the header and the view's title

  std::optional<compare::Comparison> result;
  std::string error;  // why there is no comparison ("one application is open", "no job 9 ...")
  std::array<AlignedTable, kAlignedKindCount> tables;

  // What the last build was for: a build for the same key keeps the tables' sort and filter.
  struct BuiltFor {
    const void* model_a = nullptr;
    const void* model_b = nullptr;
    double load_started_ms = 0;
    CompareItems items = CompareItems::kRuns;
    int64_t id_a = -1, id_b = -1;
    bool operator==(const BuiltFor&) const = default;
  };
  // How far the runs had grown when a build started (a load under way adds to them), and whether
  // it found the findings (a finished load's build does; a mid-load one leaves them out, as the
  // overview does). A build for the same key but older state is redone, keeping the shown rows
  // until the new ones are ready.
  struct Freshness {
    uint64_t grown = 0;  // the two runs' jobs, stage attempts and finished tasks, summed
    bool with_findings = true;
    bool operator==(const Freshness&) const = default;
  };
  BuiltFor built_for;
  Freshness built_fresh;
  bool built = false;
  bool scroll_to_top = false;  // a route without a pair: the view starts at its top

  AlignedTable& table(AlignedKind kind) { return tables[static_cast<size_t>(kind)]; }
  const AlignedTable& table(AlignedKind kind) const { return tables[static_cast<size_t>(kind)]; }

  void Clear();
  // Picks A and B among `summaries`: the remembered keys when both are there, else A as
  // remembered (or `selected`) and B the first other application. False when fewer than two.
  bool ChooseRuns(const std::vector<AttemptSummary>& summaries, size_t selected);
  void Swap() { std::swap(run_a, run_b); }
  // Compares `a` and `b` (two runs, or the route's two items of one run) and fills the tables.
  void Build(const compare::RunSide& a, const compare::RunSide& b, CompareItems items,
             int64_t id_a, int64_t id_b);
  // The same build in steps: StartBuild, then StepBuild until it returns true (the page steps it
  // between frames). A build for another key clears the shown comparison at once; one for the
  // same key (the runs grew) keeps it until the new one is done. The models must outlive the
  // build (CancelBuild before they go).
  void StartBuild(const compare::RunSide& a, const compare::RunSide& b, CompareItems items,
                  int64_t id_a, int64_t id_b, const BuiltFor& key, const Freshness& fresh);
  bool StepBuild(size_t task_budget);
  void CancelBuild() { building = false; }
  bool building = false;
  BuiltFor building_for;
  Freshness building_fresh;
  uint32_t builds_started = 0;  // since the page started: how often a comparison was built

 private:
  compare::ComparisonSteps steps_;
};

// The tasks one step of the comparison's build reads (as a step of a finished load's models):
// about 10 ms of wasm on a quiet machine, so a step stays well inside a frame gap.
inline constexpr size_t kCompareStepTasks = 32 * 1024;

}  // namespace afterglow::ui
