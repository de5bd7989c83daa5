#include "ui/pages/compare/compare_model.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "ui/widgets/table_text.h"
#include "ui/widgets/tsv.h"

namespace afterglow::ui {
namespace {

using compare::AlignedIndex;
using compare::EntityMetrics;

template <typename Entity>
const Entity* At(const std::vector<Entity>& items, int index) {
  return index >= 0 ? &items[static_cast<size_t>(index)] : nullptr;
}

// One line of what changed in a paired execution's plan: "SortMergeJoin → BroadcastHashJoin,
// +Filter, −Sort, PushedFilters of Scan parquet t".
std::string PlanSummary(const compare::PlanChanges& changes) {
  std::string text;
  auto add = [&](const std::string& part) {
    if (!text.empty()) text += ", ";
    text += part;
  };
  for (const auto& [from, to] : changes.replaced) add(from + " \xe2\x86\x92 " + to);
  for (const std::string& name : changes.added) add("+" + name);
  for (const std::string& name : changes.removed) add("\xe2\x80\x93" + name);
  for (const compare::ScanFieldChange& scan : changes.scans) add(scan.field + " of " + scan.scan);
  return text;
}

// What a row shows of one side's item: its id for sorting and as text, its name, its figures.
struct ItemSide {
  int64_t sort = -1;
  std::string id;
  std::string name;
  const EntityMetrics* metrics = nullptr;
};

ItemSide SideOf(const compare::SqlEntity& sql) {
  return {sql.execution_id, std::to_string(sql.execution_id), sql.description, &sql.metrics};
}
ItemSide SideOf(const compare::JobEntity& job) {
  return {job.job_id, std::to_string(job.job_id), job.name, &job.metrics};
}
ItemSide SideOf(const compare::StageEntity& stage) {
  return {int64_t{stage.stage_id} * 65536 + stage.attempt_id,
          std::to_string(stage.stage_id) + "." + std::to_string(stage.attempt_id), stage.name,
          &stage.metrics};
}

// One table's rows, in alignment order. `plans`: the SQL executions' plan changes (null for jobs
// and stages).
template <typename Entity>
void BuildRows(const std::vector<AlignedIndex>& aligned, const std::vector<Entity>& items_a,
               const std::vector<Entity>& items_b, const std::vector<compare::PlanChanges>* plans,
               AlignedTable& table) {
  for (size_t r = 0; r < aligned.size(); ++r) {
    const Entity* a = At(items_a, aligned[r].a);
    const Entity* b = At(items_b, aligned[r].b);
    AlignedPairRow row;
    row.row = static_cast<int>(r);
    if (a) {
      ItemSide side = SideOf(*a);
      row.sort_a = side.sort, row.id_a = std::move(side.id), row.a = side.metrics, row.name = std::move(side.name);
    }
    if (b) {
      ItemSide side = SideOf(*b);  // B's name when both have one
      row.sort_b = side.sort, row.id_b = std::move(side.id), row.b = side.metrics, row.name = std::move(side.name);
    }
    if (plans && a && b && r < plans->size()) row.plan = PlanSummary((*plans)[r]);
    row.name = OneLine(row.name);
    row.search = Lower(row.id_a + " " + row.id_b + " " + row.name + " " + row.plan);
    row.delta_ms = compare::RowDeltaMs(row.a ? row.a->duration_ms : -1, row.b ? row.b->duration_ms : -1);
    table.rows.push_back(std::move(row));
  }
}

// Every aligned table of the comparison, one kind after the other.
void BuildTables(const compare::Comparison& c, std::array<AlignedTable, kAlignedKindCount>& tables) {
  for (AlignedTable& table : tables) {
    switch (table.kind) {
      case AlignedKind::kSql: BuildRows(c.rows.sql, c.run_a.sql, c.run_b.sql, &c.sql_changes, table); break;
      case AlignedKind::kJob: BuildRows(c.rows.jobs, c.run_a.jobs, c.run_b.jobs, nullptr, table); break;
      case AlignedKind::kStage: BuildRows(c.rows.stages, c.run_a.stages, c.run_b.stages, nullptr, table); break;
    }
  }
}

void MarkHeadline(const compare::Comparison& c, std::array<AlignedTable, kAlignedKindCount>& tables) {
  auto mark = [&](AlignedKind kind, int row) {
    AlignedTable& table = tables[static_cast<size_t>(kind)];
    if (row >= 0 && static_cast<size_t>(row) < table.rows.size()) table.rows[row].in_headline = true;
  };
  for (const compare::HeadlineItem& item : c.headline) {
    mark(item.level == compare::HeadlineLevel::kSql ? AlignedKind::kSql : AlignedKind::kJob, item.row);
    mark(AlignedKind::kStage, item.stage_row);
  }
}

// A side's figure for sorting: the value, or -1 on a side without the item.
int64_t Side(const EntityMetrics* m, int64_t EntityMetrics::*member) { return m ? m->*member : -1; }
// B's figure minus A's, a missing side counting 0: the sort key of an "a → b" column.
int64_t Change(const AlignedPairRow& row, int64_t EntityMetrics::*member) {
  return (row.b ? std::max<int64_t>(row.b->*member, 0) : 0) -
         (row.a ? std::max<int64_t>(row.a->*member, 0) : 0);
}
double DurationRatio(const AlignedPairRow& row) {
  if (!row.both() || row.a->duration_ms <= 0 || row.b->duration_ms < 0) return -1;
  return static_cast<double>(row.b->duration_ms) / static_cast<double>(row.a->duration_ms);
}
double SkewChange(const AlignedPairRow& row) {
  return (row.b ? row.b->skew : 0) - (row.a ? row.a->skew : 0);
}

// True when row x sorts before row y on `column`, ascending.
bool Before(const AlignedPairRow& x, const AlignedPairRow& y, AlignedColumn column) {
  using C = AlignedColumn;
  switch (column) {
    case C::kRow: return x.row < y.row;
    case C::kA: return x.sort_a < y.sort_a;
    case C::kB: return x.sort_b < y.sort_b;
    case C::kName: return x.name < y.name;
    case C::kDurationA: return Side(x.a, &EntityMetrics::duration_ms) < Side(y.a, &EntityMetrics::duration_ms);
    case C::kDurationB: return Side(x.b, &EntityMetrics::duration_ms) < Side(y.b, &EntityMetrics::duration_ms);
    case C::kDelta: return x.delta_ms < y.delta_ms;
    case C::kRatio: return DurationRatio(x) < DurationRatio(y);
    case C::kTasks: return Change(x, &EntityMetrics::tasks) < Change(y, &EntityMetrics::tasks);
    case C::kInput: return Change(x, &EntityMetrics::input_bytes) < Change(y, &EntityMetrics::input_bytes);
    case C::kOutput: return Change(x, &EntityMetrics::output_bytes) < Change(y, &EntityMetrics::output_bytes);
    case C::kShuffleRead:
      return Change(x, &EntityMetrics::shuffle_read_bytes) < Change(y, &EntityMetrics::shuffle_read_bytes);
    case C::kShuffleWrite:
      return Change(x, &EntityMetrics::shuffle_write_bytes) < Change(y, &EntityMetrics::shuffle_write_bytes);
    case C::kMemorySpill:
      return Change(x, &EntityMetrics::memory_spilled_bytes) < Change(y, &EntityMetrics::memory_spilled_bytes);
    case C::kDiskSpill:
      return Change(x, &EntityMetrics::disk_spilled_bytes) < Change(y, &EntityMetrics::disk_spilled_bytes);
    case C::kGc: return Change(x, &EntityMetrics::gc_time_ms) < Change(y, &EntityMetrics::gc_time_ms);
    case C::kLongestTask:
      return Change(x, &EntityMetrics::longest_task_ms) < Change(y, &EntityMetrics::longest_task_ms);
    case C::kSkew: return SkewChange(x) < SkewChange(y);
    case C::kPlan: return x.plan < y.plan;
    case C::kCount: break;
  }
  return false;
}

bool PassesFilter(const AlignedPairRow& row, PairFilter filter) {
  switch (filter) {
    case PairFilter::kAll: return true;
    case PairFilter::kBoth: return row.both();
    case PairFilter::kOnlyA: return row.a != nullptr && row.b == nullptr;
    case PairFilter::kOnlyB: return row.a == nullptr && row.b != nullptr;
    case PairFilter::kCount: break;
  }
  return false;
}

void SideCells(TsvWriter& tsv, const AlignedPairRow& row, int64_t EntityMetrics::*member) {
  if (row.a && row.a->*member >= 0) tsv.Cell(row.a->*member);
  else tsv.Cell("");
  if (row.b && row.b->*member >= 0) tsv.Cell(row.b->*member);
  else tsv.Cell("");
}

}  // namespace

std::string RunKey(const AttemptSummary& app) {
  return app.attempt_id.empty() ? app.app_id : app.app_id + "/" + app.attempt_id;
}

ComparePair PairOf(AlignedKind kind) {
  switch (kind) {
    case AlignedKind::kSql: return ComparePair::kSql;
    case AlignedKind::kJob: return ComparePair::kJob;
    case AlignedKind::kStage: return ComparePair::kStage;
  }
  return ComparePair::kNone;
}

const char* AlignedKindTitle(AlignedKind kind) {
  switch (kind) {
    case AlignedKind::kSql: return "SQL executions";
    case AlignedKind::kJob: return "Jobs";
    case AlignedKind::kStage: return "Stages";
  }
  return "";
}

const char* PairFilterName(PairFilter filter) {
  switch (filter) {
    case PairFilter::kAll: return "All";
    case PairFilter::kBoth: return "Paired";
    case PairFilter::kOnlyA: return "Only A";
    case PairFilter::kOnlyB: return "Only B";
    case PairFilter::kCount: break;
  }
  return "";
}

void AlignedTable::Clear() {
  rows.clear();
  order.clear();
  shown.clear();
  counts = {};
  sorted = false;
  selected_row = -1;
}

void AlignedTable::Sort(AlignedColumn column, bool ascending) {
  order.resize(rows.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<uint32_t>(i);
  // Stable, ties in alignment order whichever the direction.
  std::stable_sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) {
    return ascending ? Before(rows[x], rows[y], column) : Before(rows[y], rows[x], column);
  });
  sorted = true;
  ApplyFilter();
}

void AlignedTable::ApplyFilter() {
  if (order.size() != rows.size()) {
    order.resize(rows.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<uint32_t>(i);
  }
  counts = {};
  for (const AlignedPairRow& row : rows) {
    for (size_t f = 0; f < kPairFilterCount; ++f) {
      if (PassesFilter(row, static_cast<PairFilter>(f))) ++counts[f];
    }
  }
  const std::string needle = Lower(search);
  shown.clear();
  for (uint32_t i : order) {
    const AlignedPairRow& row = rows[i];
    if (PassesFilter(row, filter) && row.search.find(needle) != std::string::npos) shown.push_back(i);
  }
  if (selected_row >= static_cast<int>(shown.size())) selected_row = static_cast<int>(shown.size()) - 1;
}

int AlignedTable::ShownPosition(int row) const {
  for (size_t i = 0; i < shown.size(); ++i) {
    if (rows[shown[i]].row == row) return static_cast<int>(i);
  }
  return -1;
}

std::string AlignedTable::Tsv() const {
  TsvWriter tsv;
  for (const char* header :
       {"A", "B", "Name", "Duration A (ms)", "Duration B (ms)", "Delta (ms)", "Tasks A", "Tasks B",
        "Input A (bytes)", "Input B (bytes)", "Output A (bytes)", "Output B (bytes)",
        "Shuffle Read A (bytes)", "Shuffle Read B (bytes)", "Shuffle Write A (bytes)",
        "Shuffle Write B (bytes)", "Spill Memory A (bytes)", "Spill Memory B (bytes)",
        "Spill Disk A (bytes)", "Spill Disk B (bytes)", "GC A (ms)", "GC B (ms)",
        "Longest Task A (ms)", "Longest Task B (ms)", "Plan Changes"}) {
    tsv.Cell(header);
  }
  tsv.EndRow();
  for (uint32_t i : shown) {
    const AlignedPairRow& row = rows[i];
    tsv.Cell(row.id_a);
    tsv.Cell(row.id_b);
    tsv.Cell(row.name);
    SideCells(tsv, row, &EntityMetrics::duration_ms);
    tsv.Cell(row.delta_ms);
    for (int64_t EntityMetrics::*member :
         {&EntityMetrics::tasks, &EntityMetrics::input_bytes, &EntityMetrics::output_bytes,
          &EntityMetrics::shuffle_read_bytes, &EntityMetrics::shuffle_write_bytes,
          &EntityMetrics::memory_spilled_bytes, &EntityMetrics::disk_spilled_bytes,
          &EntityMetrics::gc_time_ms, &EntityMetrics::longest_task_ms}) {
      SideCells(tsv, row, member);
    }
    tsv.Cell(row.plan);
    tsv.EndRow();
  }
  return tsv.text();
}

void CompareModel::Clear() {
  result.reset();
  error.clear();
  for (AlignedTable& table : tables) table.Clear();
  built = false;
  built_for = {};
  built_fresh = {};
  building = false;
}

bool CompareModel::ChooseRuns(const std::vector<AttemptSummary>& summaries, size_t selected) {
  auto find = [&](const std::string& key) -> int {
    for (size_t i = 0; i < summaries.size(); ++i) {
      if (!key.empty() && RunKey(summaries[i]) == key) return static_cast<int>(i);
    }
    return -1;
  };
  if (summaries.size() < 2) {
    app_a = app_b = std::min(selected, summaries.empty() ? size_t{0} : summaries.size() - 1);
    return false;
  }
  int a = find(run_a);
  if (a < 0) a = static_cast<int>(std::min(selected, summaries.size() - 1));
  int b = find(run_b);
  if (b < 0 || b == a) {
    b = -1;
    // After "Compare with...": the first run the added log brought.
    for (size_t i = 0; i < summaries.size() && b < 0; ++i) {
      const std::string key = RunKey(summaries[i]);
      if (static_cast<int>(i) != a &&
          std::find(runs_before_add.begin(), runs_before_add.end(), key) == runs_before_add.end()) {
        b = static_cast<int>(i);
      }
    }
    for (size_t i = 0; i < summaries.size() && b < 0; ++i) {
      if (static_cast<int>(i) != a) b = static_cast<int>(i);
    }
  }
  app_a = static_cast<size_t>(a);
  app_b = static_cast<size_t>(b);
  run_a = RunKey(summaries[app_a]);
  run_b = RunKey(summaries[app_b]);
  return true;
}

void CompareModel::Build(const compare::RunSide& a, const compare::RunSide& b, CompareItems items,
                         int64_t id_a, int64_t id_b) {
  StartBuild(a, b, items, id_a, id_b, BuiltFor{a.model, b.model, 0, items, id_a, id_b}, Freshness{});
  while (!StepBuild(SIZE_MAX)) {
  }
}

void CompareModel::StartBuild(const compare::RunSide& a, const compare::RunSide& b,
                              CompareItems items, int64_t id_a, int64_t id_b, const BuiltFor& key,
                              const Freshness& fresh) {
  if (!built || !(built_for == key)) Clear();  // another comparison: none of the old one shows
  building = true;
  ++builds_started;
  building_for = key;
  building_fresh = fresh;
  const compare::ComparisonScope scope = items == CompareItems::kRuns   ? compare::ComparisonScope::kRuns
                                         : items == CompareItems::kJobs ? compare::ComparisonScope::kJobs
                                                                        : compare::ComparisonScope::kSqlExecutions;
  steps_.Start(a, b, scope, id_a, id_b, fresh.with_findings);
}

bool CompareModel::StepBuild(size_t task_budget) {
  if (!building) return true;
  if (!steps_.Step(task_budget)) return false;
  building = false;
  std::optional<compare::Comparison> next = steps_.Take();
  std::array<PairFilter, kAlignedKindCount> filters{};
  for (size_t k = 0; k < kAlignedKindCount; ++k) filters[k] = tables[k].filter;
  Clear();
  built = true;
  built_for = building_for;
  built_fresh = building_fresh;
  if (!next) {
    error = steps_.error();
    return true;
  }
  result = std::move(next);
  for (size_t k = 0; k < kAlignedKindCount; ++k) {
    tables[k].kind = static_cast<AlignedKind>(k);
    tables[k].filter = filters[k];
  }
  BuildTables(*result, tables);
  MarkHeadline(*result, tables);
  for (AlignedTable& t : tables) t.ApplyFilter();
  return true;
}

}  // namespace afterglow::ui
