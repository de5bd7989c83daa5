// Per-task detail kept for the stage-detail, taskList and taskSummary endpoints
// (docs/SPARK-SEMANTICS.md sections 3-5), beside the basic task columns of app_model.h (same row
// numbers). Built for scale: every field is a column of narrow numbers; metric columns take 0 to 8
// bytes a row depending on the values they have seen (narrow_column.h); strings are interned ids;
// the rare task accumulables live in a side table. Also the per-stage-attempt pieces Spark keeps
// beside its StageDataWrapper: executor summaries (docs/SPARK-SEMANTICS.md fact 41) and the
// speculation summary (docs/SPARK-SEMANTICS.md fact 42).
//
// Bytes per task row: every column is paged (4096 rows a page) at each page's narrowest width:
// TaskColumns and the partition/host/locality/flags columns here store offsets from the page's
// smallest value (packed_column.h), metric columns store values at 0 to 8 bytes with all-zero
// pages absent (narrow_column.h). The fixed part's upper bound is kTaskRowBytesFixed (every
// column at full width, as plain vectors would hold it) + 4 for the per-stage row index.
// Measured: about 33 bytes per task on nds_q66_gpu (12987 tasks; tests/conformance/task_memory_test.cc)
// after the end-of-file Compact, which cuts each column's last page to its rows.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/base/row_index.h"
#include "core/base/string_pool.h"
#include "core/events/events.h"
#include "core/events/executor_metrics.h"
#include "core/events/task_metrics.h"
#include "core/model/narrow_column.h"
#include "core/model/packed_column.h"

namespace afterglow {

// Task flags (TaskInfo booleans and what the listener saw).
enum TaskFlag : uint8_t {
  kTaskSpeculative = 1 << 0,
  kTaskHasMetrics = 1 << 1,  // a TaskEnd with metrics was seen (LiveTask hasMetrics)
  // (Task Info "Failed"/"Killed" are TaskColumns::status in app_model.h.)
  kTaskHasError = 1 << 4,    // errorMessage is Some(...)
  kTaskEnded = 1 << 5,       // its TaskEnd was seen
};

// One task accumulable as the API shows it (name/update/value omitted when absent).
struct TaskAccumulable {
  int64_t id = 0;
  OptString name;
  OptString update;
  OptString value;
};

// TaskInfo.status as the store shows it (docs/SPARK-SEMANTICS.md fact 44). kGetResult never matches
// a status filter.
enum class TaskApiStatus : uint8_t { kRunning, kGetResult, kFailed, kKilled, kSuccess, kUnknown };
const char* TaskApiStatusName(TaskApiStatus status);

struct TaskDetailColumns {
  PackedColumn<int32_t> partition_id;
  // TaskInfo "Getting Result Time" as (time - launch + 1), 0 when none: most tasks never fetch
  // a result remotely, so the column usually stores nothing.
  NarrowColumn getting_result_offset;
  PackedColumn<StringId> host;
  std::unordered_map<uint32_t, StringId> error_messages;  // rows with kTaskHasError
  PackedColumn<uint8_t> locality;            // index into locality_names
  PackedColumn<uint8_t> flags;               // TaskFlag bits
  std::array<NarrowColumn, kTaskMetricCount> metrics;  // actual values, as the TaskEnd reported
  // Task accumulables (non-internal, non-SQL) for the few tasks that have them: row -> range.
  std::unordered_map<uint32_t, std::pair<uint32_t, uint32_t>> accumulable_ranges;
  std::vector<TaskAccumulable> accumulables;
  std::vector<StringId> locality_names;      // distinct "Locality" texts, first-seen order

  size_t size() const { return flags.size(); }
  // TaskInfo "Getting Result Time" (epoch ms), 0 when none; `launch_time` is the task's.
  int64_t getting_result_time(size_t row, int64_t launch_time) const {
    const int64_t offset = getting_result_offset.Get(row);
    return offset == 0 ? 0 : launch_time + offset - 1;
  }
  void set_getting_result_time(size_t row, int64_t launch_time, int64_t time) {
    getting_result_offset.Set(row, time == 0 ? 0 : time - launch_time + 1);
  }
  StringId error_message(uint32_t row) const {
    auto it = error_messages.find(row);
    return it == error_messages.end() ? kEmptyString : it->second;
  }
  int64_t metric(size_t row, TaskMetric m) const {
    return metrics[static_cast<size_t>(m)].Get(row);
  }
  size_t bytes() const;  // memory held, for the size report
  void Compact();        // releases growth slack once a file has been read
};

inline constexpr size_t kTaskRowBytesFixed = 45 + 10 + 4;
inline constexpr size_t kTaskRowBytesAllMetrics32 = kTaskRowBytesFixed + 4 * kTaskMetricCount;
static_assert(kTaskRowBytesFixed < 100, "fixed task row must stay under 100 bytes");
static_assert(kTaskRowBytesAllMetrics32 < 200, "a task row with 32-bit metrics must stay small");

// LiveExecutorStageSummary: one executor's share of one stage attempt.
struct ExecutorStageSummary {
  StringId executor_id = kEmptyString;
  int64_t task_time = 0;
  int32_t succeeded_tasks = 0;
  int32_t failed_tasks = 0;
  int32_t killed_tasks = 0;
  int32_t active_tasks = 0;  // LiveStage.activeTasksPerExecutor
  int64_t input_bytes = 0;
  int64_t input_records = 0;
  int64_t output_bytes = 0;
  int64_t output_records = 0;
  int64_t shuffle_read = 0;  // remote + local bytes
  int64_t shuffle_read_records = 0;
  int64_t shuffle_write = 0;
  int64_t shuffle_write_records = 0;
  int64_t memory_bytes_spilled = 0;
  int64_t disk_bytes_spilled = 0;
  PeakExecutorMetrics peak;
};

// LiveSpeculationStageSummary; present once a speculative task started in the attempt.
struct SpeculationSummary {
  int32_t num_tasks = 0;
  int32_t num_active_tasks = 0;
  int32_t num_completed_tasks = 0;
  int32_t num_failed_tasks = 0;
  int32_t num_killed_tasks = 0;
};

// What a stage attempt object keeps beside its StageData counters.
struct StageTaskDetails {
  std::vector<ExecutorStageSummary> executor_summaries;  // creation order
  // Executor id -> executor_summaries row. Empty while a stage has few executors (most stages of
  // streaming and RDD jobs have one or two): a scan of the rows finds them, and a stage costs no
  // index to build and free.
  RowIndex summary_index;
  bool has_speculation = false;
  SpeculationSummary speculation;

  // `executor_id`'s summary, added if new. `expected_executors` (0: unknown) sizes the array when
  // its first summary is added: growing it one executor at a time reallocated it four or five
  // times per stage of a log with ten executors.
  ExecutorStageSummary& SummaryFor(StringId executor_id, size_t expected_executors = 0);
  const ExecutorStageSummary* FindSummary(StringId executor_id) const;
};

// Task rows of each (stageId, stageAttemptId), in TaskStart order (Spark's task store is keyed by
// stage attempt, not by the stage object that happened to be live).
using StageTaskRows = std::map<std::pair<int32_t, int32_t>, std::vector<uint32_t>>;

}  // namespace afterglow
