// The stages table's rows: every stage attempt as the History Server's /stages answer lists it,
// read once from the stage rows the REST API writes too (core/query/stage_rows.h), so each number
// is the API's. Rebuilt by RefreshModels;
// sorting and filtering work on index vectors, never on copies of rows.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "core/query/stage_rows.h"
#include "ui/widgets/small_table_filter.h"

namespace afterglow::ui {

struct StageRow {
  int32_t stage_id = 0;
  int32_t attempt_id = 0;
  afterglow::StageStatus status = afterglow::StageStatus::kPending;
  std::string name;         // StageInfo name, e.g. "collect at Foo.scala:12"
  std::string description;  // spark.job.description; "" when unset
  std::string description_line;  // `description` on one line, for the table's one-line rows
  std::string details;      // the call site's stack, for the tooltip
  std::string failure_reason;
  std::string pool;              // schedulingPool
  int64_t submitted_ms = -1;     // epoch ms; -1 when unknown
  int64_t first_launch_ms = -1;  // first task launched
  int64_t completed_ms = -1;
  uint32_t num_tasks = 0;
  uint32_t tasks_complete = 0;
  uint32_t tasks_active = 0;
  uint32_t tasks_failed = 0;
  uint32_t tasks_killed = 0;
  int64_t input_bytes = 0, input_records = 0;
  int64_t output_bytes = 0, output_records = 0;
  int64_t shuffle_read_bytes = 0, shuffle_read_records = 0;
  int64_t shuffle_write_bytes = 0, shuffle_write_records = 0;
  int64_t memory_spilled = 0, disk_spilled = 0;
  // StageDurationMs (core/analysis/durations.h): from the first task's launch to completion, or
  // to the log's end while running; -1 before any task launched.
  int64_t duration_ms = -1;
};

enum class StageColumn : uint8_t {
  kId,
  kAttempt,
  kPool,  // shown when the scheduler is FAIR, as Spark's "Pool Name"
  kDescription,
  kSubmitted,
  kDuration,
  kTasks,
  kInput,
  kOutput,
  kShuffleRead,
  kShuffleWrite,
  kSpill,
  kStatus,
  kCount
};

// The status filter's choices; kAll first, then the API's statuses.
enum class StageFilter : uint8_t { kAll, kActive, kPending, kComplete, kFailed, kSkipped, kCount };
inline constexpr size_t kStageFilterCount = static_cast<size_t>(StageFilter::kCount);
const char* StageFilterName(StageFilter filter);  // "All", "Active", ...

// A fair scheduler pool as the stages page lists it (core/query/pool_rows.h).
struct PoolTableRow {
  std::string name;
  int32_t stages = 0, active_stages = 0;
  int64_t running_tasks = 0;
};

struct StagesTableModel {
  bool fair_scheduler = false;     // spark.scheduler.mode=FAIR: the pools and the pool column show
  std::vector<PoolTableRow> pools;  // by name
  SmallTableFilter pool_filter;     // the pools table's filter (by name); kept across rebuilds
  std::vector<StageRow> rows;     // in the API's order (stage id descending, attempt descending)
  std::vector<uint32_t> order;    // every row, in the current sort order
  std::vector<uint32_t> shown;    // `order` after the status filter and the search text
  std::array<uint32_t, kStageFilterCount> counts{};  // rows per filter choice (kAll = all)
  StageFilter filter = StageFilter::kAll;
  char search[96] = {};  // the search box: id, or part of name or description (any case)
  bool sorted = false;            // false after Build: the view applies its sort order again
  int selected_row = -1;          // keyboard selection: a position in `shown`, -1 for none

  void Clear();
  // Reads the stage attempts of one application attempt's model, one row at a time.
  void Build(const AttemptModel& model, const StringPool& strings);
  void Sort(StageColumn column, bool ascending);
  // Recomputes `shown` from `order`, `filter` and `search`. Call after changing either.
  void ApplyFilter();
  bool Matches(const StageRow& row) const;

 private:
  // The selected (stage id, attempt id) while `shown` is rebuilt; (-1, -1) otherwise.
  std::pair<int32_t, int32_t> selected_key_{-1, -1};
};

}  // namespace afterglow::ui
