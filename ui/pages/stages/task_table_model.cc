#include "ui/pages/stages/task_table_model.h"

#include <algorithm>
#include <cctype>

#include "core/analysis/task_view.h"
#include "ui/widgets/table_text.h"

namespace afterglow::ui {
namespace {

// The numeric sort key of a column; string columns are compared by text instead.
int64_t NumericKey(const TaskCells& c, TaskColumn column) {
  switch (column) {
    case TaskColumn::kIndex: return c.index;
    case TaskColumn::kTaskId: return c.task_id;
    case TaskColumn::kAttempt: return c.attempt;
    case TaskColumn::kStatus: return static_cast<int64_t>(c.status);
    case TaskColumn::kLaunchTime: return c.launch_time_ms;
    case TaskColumn::kDuration: return c.duration_ms;
    case TaskColumn::kSchedulerDelay: return c.scheduler_delay_ms;
    case TaskColumn::kDeserialization: return c.deserialization_ms;
    case TaskColumn::kGcTime: return c.gc_time_ms;
    case TaskColumn::kResultSerialization: return c.result_serialization_ms;
    case TaskColumn::kGettingResult: return c.getting_result_ms;
    case TaskColumn::kPeakMemory: return c.peak_memory;
    case TaskColumn::kInput: return c.input_bytes;
    case TaskColumn::kOutput: return c.output_bytes;
    case TaskColumn::kShuffleRead: return c.shuffle_read_bytes;
    case TaskColumn::kShuffleWrite: return c.shuffle_write_bytes;
    case TaskColumn::kFetchWait: return c.fetch_wait_ms;
    case TaskColumn::kRemoteReads: return c.remote_bytes;
    case TaskColumn::kRemoteBlocks: return c.remote_blocks;
    case TaskColumn::kWriteTime: return c.write_time_ns;
    case TaskColumn::kSpillMemory: return c.spill_memory;
    case TaskColumn::kSpillDisk: return c.spill_disk;
    default: return 0;
  }
}

StringId TextKey(const TaskCells& c, TaskColumn column) {
  switch (column) {
    case TaskColumn::kLocality: return c.locality;
    case TaskColumn::kExecutor: return c.executor_id;
    case TaskColumn::kHost: return c.host;
    case TaskColumn::kErrors: return c.error;
    default: return kEmptyString;
  }
}

bool IsTextColumn(TaskColumn column) {
  return column == TaskColumn::kLocality || column == TaskColumn::kExecutor ||
         column == TaskColumn::kHost || column == TaskColumn::kErrors;
}

}  // namespace

const char* TaskFilterName(TaskFilter filter) {
  switch (filter) {
    case TaskFilter::kAll: return "All";
    case TaskFilter::kRunning: return "Running";
    case TaskFilter::kSuccess: return "Succeeded";
    case TaskFilter::kFailed: return "Failed";
    case TaskFilter::kKilled: return "Killed";
    case TaskFilter::kCount: break;
  }
  return "";
}

TaskFilter TaskFilterOf(TaskApiStatus status) {
  switch (status) {
    case TaskApiStatus::kRunning:
    case TaskApiStatus::kGetResult: return TaskFilter::kRunning;
    case TaskApiStatus::kSuccess: return TaskFilter::kSuccess;
    case TaskApiStatus::kFailed: return TaskFilter::kFailed;
    case TaskApiStatus::kKilled: return TaskFilter::kKilled;
    case TaskApiStatus::kUnknown: break;
  }
  return TaskFilter::kAll;
}

TaskCells ReadTaskCells(const AttemptModel& model, uint32_t row, int64_t now_ms) {
  const TaskColumns& t = model.tasks;
  const TaskDetailColumns& d = model.task_details;
  TaskCells c;
  c.index = t.index[row];
  c.task_id = t.task_id[row];
  c.attempt = t.attempt[row];
  c.status = TaskStatusOf(model, row);
  c.speculative = (d.flags[row] & kTaskSpeculative) != 0;
  c.locality = d.locality_names.empty() ? kEmptyString : d.locality_names[d.locality[row]];
  c.executor_id = t.executor_id[row];
  c.host = d.host[row];
  if (d.flags[row] & kTaskHasError) c.error = d.error_message(row);
  c.launch_time_ms = t.launch_time[row];
  c.scheduler_delay_ms = ShownSchedulerDelay(model, row, c.status, now_ms);
  c.getting_result_ms = ShownGettingResultTime(model, row, now_ms);
  if (!TaskHasMetrics(model, row)) return c;
  using M = TaskMetric;
  auto m = [&](M metric) { return ShownTaskMetric(model, row, metric, c.status); };
  c.duration_ms = m(M::kExecutorRunTime);
  c.deserialization_ms = m(M::kExecutorDeserializeTime);
  c.gc_time_ms = m(M::kJvmGcTime);
  c.result_serialization_ms = m(M::kResultSerializationTime);
  c.peak_memory = m(M::kPeakExecutionMemory);
  c.input_bytes = m(M::kInputBytesRead);
  c.input_records = m(M::kInputRecordsRead);
  c.output_bytes = m(M::kOutputBytesWritten);
  c.output_records = m(M::kOutputRecordsWritten);
  c.shuffle_read_bytes = m(M::kShuffleRemoteBytesRead) + m(M::kShuffleLocalBytesRead);
  c.shuffle_read_records = m(M::kShuffleRecordsRead);
  c.shuffle_write_bytes = m(M::kShuffleBytesWritten);
  c.shuffle_write_records = m(M::kShuffleRecordsWritten);
  c.spill_memory = m(M::kMemoryBytesSpilled);
  c.spill_disk = m(M::kDiskBytesSpilled);
  c.fetch_wait_ms = m(M::kShuffleFetchWaitTime);
  c.remote_bytes = m(M::kShuffleRemoteBytesRead);
  c.remote_blocks = m(M::kShuffleRemoteBlocksFetched);
  c.write_time_ns = m(M::kShuffleWriteTime);
  return c;
}

void TaskTableModel::Clear() {
  model = nullptr;
  pool = nullptr;
  executor_logs_.reset();
  order.clear();
  shown.clear();
  counts.fill(0);
  sorted = false;
}

void TaskTableModel::Build(const AttemptModel& attempt_model, const StringPool& strings,
                           const std::vector<uint32_t>& rows) {
  Clear();
  model = &attempt_model;
  pool = &strings;
  now_ms = TaskNow(attempt_model);
  executor_logs_ = std::make_unique<TaskExecutorLogs>(attempt_model);
  order = rows;
  for (uint32_t row : rows) {
    ++counts[static_cast<size_t>(TaskFilter::kAll)];
    ++counts[static_cast<size_t>(TaskFilterOf(TaskStatusOf(attempt_model, row)))];
  }
  ApplyFilter();
}

void TaskTableModel::Sort(TaskColumn column, bool ascending) {
  sorted = true;
  if (model == nullptr) return;
  // Keys are read once per sort (not per comparison): positions in `order` -> key.
  const size_t n = order.size();
  std::vector<uint32_t> position(n);
  for (uint32_t i = 0; i < n; ++i) position[i] = i;
  std::vector<int64_t> task_ids(n);
  for (size_t i = 0; i < n; ++i) task_ids[i] = model->tasks.task_id[order[i]];
  auto tie = [&](uint32_t a, uint32_t b) {
    return ascending ? task_ids[a] < task_ids[b] : task_ids[a] > task_ids[b];
  };
  if (IsTextColumn(column)) {
    std::vector<std::string_view> keys(n);
    for (size_t i = 0; i < n; ++i) {
      keys[i] = pool->Get(TextKey(ReadTaskCells(*model, order[i], now_ms), column));
    }
    std::sort(position.begin(), position.end(), [&](uint32_t a, uint32_t b) {
      if (keys[a] != keys[b]) return ascending ? keys[a] < keys[b] : keys[a] > keys[b];
      return tie(a, b);
    });
  } else {
    std::vector<int64_t> keys(n);
    for (size_t i = 0; i < n; ++i) keys[i] = NumericKey(ReadTaskCells(*model, order[i], now_ms), column);
    std::sort(position.begin(), position.end(), [&](uint32_t a, uint32_t b) {
      if (keys[a] != keys[b]) return ascending ? keys[a] < keys[b] : keys[a] > keys[b];
      return tie(a, b);
    });
  }
  std::vector<uint32_t> sorted_rows(n);
  for (size_t i = 0; i < n; ++i) sorted_rows[i] = order[position[i]];
  order.swap(sorted_rows);
  ApplyFilter();
}

bool TaskTableModel::Matches(uint32_t row) const {
  if (filter != TaskFilter::kAll && TaskFilterOf(TaskStatusOf(*model, row)) != filter) {
    return false;
  }
  const std::string_view needle(search);
  if (needle.empty()) return true;
  const TaskDetailColumns& d = model->task_details;
  if (ContainsIgnoreCase(pool->Get(model->tasks.executor_id[row]), needle) ||
      ContainsIgnoreCase(pool->Get(d.host[row]), needle)) {
    return true;
  }
  return (d.flags[row] & kTaskHasError) != 0 &&
         ContainsIgnoreCase(pool->Get(d.error_message(row)), needle);
}

TaskRow TaskTableModel::QueryRow(uint32_t row) const {
  return TaskRowOf(*model, *pool, *executor_logs_, row, now_ms);
}

std::string TaskAccumulatorsText(const TaskRow& task, const StringPool& pool,
                                 std::string_view separator) {
  std::string text;
  for (const TaskAccumulable& acc : task.accumulables) {
    const std::string_view name = acc.name.present ? pool.Get(acc.name.id) : std::string_view();
    if (name.empty() || name.starts_with("internal.")) continue;
    if (!text.empty()) text += separator;
    text += name;
    text += ": ";
    text += acc.update.present ? pool.Get(acc.update.id) : std::string_view();
  }
  return text;
}

void TaskTableModel::NoteSelection() {
  if (model == nullptr || selected_row < 0 || static_cast<size_t>(selected_row) >= shown.size()) {
    return;
  }
  const uint32_t row = shown[static_cast<size_t>(selected_row)];
  if (row < model->tasks.task_id.size()) selected_task_id = model->tasks.task_id[row];
}

void TaskTableModel::FocusTask(int64_t task_id) {
  filter = TaskFilter::kAll;
  search[0] = '\0';
  selected_row = -1;
  selected_task_id = task_id;
  ApplyFilter();
}

void TaskTableModel::ApplyFilter() {
  NoteSelection();
  shown.clear();
  selected_row = -1;
  if (model == nullptr) return;
  for (uint32_t row : order) {
    if (!Matches(row)) continue;
    if (model->tasks.task_id[row] == selected_task_id) selected_row = static_cast<int>(shown.size());
    shown.push_back(row);
  }
}

}  // namespace afterglow::ui
