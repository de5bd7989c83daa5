// The stage page's task table: every task attempt of one stage attempt, read straight from the
// core's task columns through core/analysis/task_view.h (the values the taskList endpoint shows),
// never from the taskList JSON, which for 100,000 tasks would be tens of megabytes. The table
// sorts and filters index vectors of task rows; a row's cells are read only when it is drawn.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "core/model/task_details.h"
#include "core/query/task_rows.h"

namespace afterglow::ui {

// The columns of Spark's task table, in its order (Errors last).
enum class TaskColumn : uint8_t {
  kIndex,
  kTaskId,
  kAttempt,
  kStatus,
  kLocality,
  kExecutor,
  kHost,
  kLogs,  // the executor's log links (stdout, stderr, ...)
  kLaunchTime,
  kDuration,  // executorRunTime, as Spark's task table calls it
  kSchedulerDelay,
  kDeserialization,
  kGcTime,
  kResultSerialization,
  kGettingResult,
  kPeakMemory,
  kAccumulators,  // the task's named accumulator updates
  kInput,
  kOutput,
  kFetchWait,      // shuffle read fetch wait time
  kRemoteReads,    // shuffle remote bytes read
  kRemoteBlocks,   // shuffle remote blocks fetched
  kShuffleRead,
  kWriteTime,      // shuffle write time
  kShuffleWrite,
  kSpillMemory,
  kSpillDisk,
  kErrors,
  kCount
};
inline constexpr size_t kTaskColumnCount = static_cast<size_t>(TaskColumn::kCount);

// The status filter; kRunning also holds tasks fetching their result ("GET RESULT").
enum class TaskFilter : uint8_t { kAll, kRunning, kSuccess, kFailed, kKilled, kCount };
inline constexpr size_t kTaskFilterCount = static_cast<size_t>(TaskFilter::kCount);
const char* TaskFilterName(TaskFilter filter);
TaskFilter TaskFilterOf(TaskApiStatus status);

// One task attempt's cells as the API shows them. Metric fields are -1 for a task without
// metrics (still running, or ended without them): the table leaves those cells empty.
struct TaskCells {
  int32_t index = 0;
  int64_t task_id = 0;
  int32_t attempt = 0;
  TaskApiStatus status = TaskApiStatus::kUnknown;
  bool speculative = false;
  StringId locality = kEmptyString;
  StringId executor_id = kEmptyString;
  StringId host = kEmptyString;
  StringId error = kEmptyString;  // kEmptyString when the task has no error message
  int64_t launch_time_ms = 0;
  int64_t duration_ms = -1;  // executorRunTime
  int64_t scheduler_delay_ms = 0;
  int64_t deserialization_ms = -1;
  int64_t gc_time_ms = -1;
  int64_t result_serialization_ms = -1;
  int64_t getting_result_ms = 0;
  int64_t peak_memory = -1;
  int64_t input_bytes = -1, input_records = -1;
  int64_t output_bytes = -1, output_records = -1;
  int64_t shuffle_read_bytes = -1, shuffle_read_records = -1;  // local + remote bytes
  int64_t shuffle_write_bytes = -1, shuffle_write_records = -1;
  int64_t fetch_wait_ms = -1;
  int64_t remote_bytes = -1, remote_blocks = -1;
  int64_t write_time_ns = -1;  // nanoseconds, as the API's writeTime
  int64_t spill_memory = -1, spill_disk = -1;
};

// Reads one task row (a row of model.tasks). `now_ms` is TaskNow(model).
TaskCells ReadTaskCells(const AttemptModel& model, uint32_t row, int64_t now_ms);

struct TaskTableModel {
  const AttemptModel* model = nullptr;  // the session's; outlives this model until Clear
  const StringPool* pool = nullptr;
  int64_t now_ms = 0;
  std::vector<uint32_t> order;  // the stage attempt's task rows, in the current sort order
  std::vector<uint32_t> shown;  // `order` after the status filter and the search text
  std::array<uint32_t, kTaskFilterCount> counts{};  // task attempts per filter choice
  TaskFilter filter = TaskFilter::kAll;
  char search[96] = {};  // the search box: case-insensitive part of executor id, host, error
  bool sorted = false;  // false after Build: the view applies its sort order again
  int selected_row = -1;  // keyboard selection: a position in `shown`, -1 for none
  // The selected task's id, which the selection follows when `shown` is rebuilt (a sort, a
  // filter, a refresh while the log loads); -1 for none. Updated by NoteSelection.
  int64_t selected_task_id = -1;
  // A sort the view applies to the table's header once, largest first (a finding's evidence link:
  // the metric's culprits on top); kCount for none.
  TaskColumn sort_request = TaskColumn::kCount;
  bool scroll_into_view = false;  // the view scrolls its page to the table once (the same links)

  // Clears the rows; keeps the view state (filter, search, selected task) for the next Build.
  void Clear();
  // `rows` are the stage attempt's rows of model.tasks (model.stage_task_rows), TaskStart order.
  void Build(const AttemptModel& attempt_model, const StringPool& strings,
             const std::vector<uint32_t>& rows);
  // Sorts every row by `column`; ties by task id in the same direction (as the taskList
  // endpoint's run-time orders break them).
  void Sort(TaskColumn column, bool ascending);
  // Recomputes `shown`; call after changing `filter` or `search`. The selection stays on its task
  // while the task is shown.
  void ApplyFilter();
  // Selects task `task_id` and shows every task (no status filter, no search text), so it is in
  // `shown`.
  void FocusTask(int64_t task_id);
  // Notes the task at `selected_row` as the selected one (`model` must be the one of `shown`).
  void NoteSelection();
  bool Matches(uint32_t row) const;
  // The task's row as the taskList endpoint reads it (core/query/task_rows.h): the executor's
  // log links and the accumulator updates come from there. Valid while the model lives.
  TaskRow QueryRow(uint32_t row) const;

 private:
  std::unique_ptr<TaskExecutorLogs> executor_logs_;  // built by Build for `model`
};

// The Accumulators cell: "name: update" for each named, non-internal update of the task, joined
// by `separator` (stagepage.js lists them one per line).
std::string TaskAccumulatorsText(const TaskRow& task, const StringPool& pool,
                                 std::string_view separator);

}  // namespace afterglow::ui
