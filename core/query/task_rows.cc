#include "core/query/task_rows.h"

#include "core/analysis/task_view.h"

namespace afterglow {

TaskExecutorLogs::TaskExecutorLogs(const AttemptModel& model) {
  for (const Executor& executor : model.executors) latest_[executor.executor_id] = &executor;
}

const StringPairs* TaskExecutorLogs::For(StringId executor_id) const {
  auto it = latest_.find(executor_id);
  if (it == latest_.end() || it->second->evicted) return nullptr;
  return &it->second->executor_logs;
}

TaskRow TaskRowOf(const AttemptModel& model, const StringPool& pool, const TaskExecutorLogs& logs,
                  uint32_t row, int64_t now) {
  const TaskColumns& t = model.tasks;
  const TaskDetailColumns& d = model.task_details;
  TaskRow task;
  task.row = row;
  task.task_id = t.task_id[row];
  task.index = t.index[row];
  task.attempt = t.attempt[row];
  task.partition_id = d.partition_id[row];
  task.launch_time = t.launch_time[row];
  const int64_t fetch_start = TaskResultFetchStart(model, row);
  task.result_fetch_start = fetch_start > 0 ? fetch_start : kNoTime;
  task.duration = TaskStoredDuration(model, row, now);
  task.executor_id = pool.Get(t.executor_id[row]);
  task.host = pool.Get(d.host[row]);
  task.status = TaskStatusOf(model, row);
  task.locality = d.locality_names.empty() ? std::string_view() : pool.Get(d.locality_names[d.locality[row]]);
  task.speculative = (d.flags[row] & kTaskSpeculative) != 0;
  if (auto range = d.accumulable_ranges.find(row); range != d.accumulable_ranges.end()) {
    task.accumulables = std::span<const TaskAccumulable>(d.accumulables).subspan(
        range->second.first, range->second.second);
  }
  task.has_error = (d.flags[row] & kTaskHasError) != 0;
  if (task.has_error) task.error_message = pool.Get(d.error_message(row));
  task.has_metrics = TaskHasMetrics(model, row);
  if (task.has_metrics) {
    for (size_t m = 0; m < kTaskMetricCount; ++m) {
      task.metrics.values[m] = ShownTaskMetric(model, row, static_cast<TaskMetric>(m), task.status);
    }
  }
  task.executor_logs = logs.For(t.executor_id[row]);
  task.scheduler_delay = ShownSchedulerDelay(model, row, task.status, now);
  task.getting_result_time = ShownGettingResultTime(model, row, now);
  return task;
}

const std::vector<uint32_t>& StageTaskRowsOf(const AttemptModel& model, int32_t stage_id,
                                             int32_t attempt_id) {
  static const std::vector<uint32_t> kNone;
  auto it = model.stage_task_rows.find({stage_id, attempt_id});
  return it == model.stage_task_rows.end() ? kNone : it->second;
}

void ForEachTaskRow(const AttemptModel& model, const StringPool& pool,
                    std::span<const uint32_t> rows, const std::function<void(const TaskRow&)>& task) {
  const TaskExecutorLogs logs(model);
  const int64_t now = TaskNow(model);
  for (uint32_t row : rows) task(TaskRowOf(model, pool, logs, row, now));
}

}  // namespace afterglow
