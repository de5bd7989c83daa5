// Task attempts as typed rows: what v1.TaskData shows for one task, with the derived values of
// core/analysis/task_view.h (status, duration, scheduler delay, the metrics as the API shows
// them). Built one at a time from the task columns: a stage can hold a million tasks, so readers
// visit rows or keep row numbers, never a vector of every TaskRow. Rows point into the model and
// the pool: valid while both live unchanged.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string_view>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"

namespace afterglow {

// The executor records behind tasks' executorLogs, built once for a request or a page.
class TaskExecutorLogs {
 public:
  explicit TaskExecutorLogs(const AttemptModel& model);
  // The logs of the current ExecutorSummary of this executor id (the latest record, unless
  // deleted past the retained dead executors); null when there is none ({}).
  const StringPairs* For(StringId executor_id) const;

 private:
  std::map<StringId, const Executor*> latest_;
};

struct TaskRow {
  uint32_t row = 0;  // the row of AttemptModel::tasks
  int64_t task_id = 0;
  int32_t index = 0;
  int32_t attempt = 0;
  int32_t partition_id = 0;
  int64_t launch_time = kNoTime;         // epoch ms
  int64_t result_fetch_start = kNoTime;  // kNoTime when the result was not fetched remotely
  int64_t duration = 0;                  // TaskDataWrapper.duration; the API omits it when <= 0
  std::string_view executor_id;
  std::string_view host;
  TaskApiStatus status = TaskApiStatus::kRunning;
  std::string_view locality;
  bool speculative = false;
  std::span<const TaskAccumulable> accumulables;  // pool ids
  bool has_error = false;
  std::string_view error_message;
  bool has_metrics = false;
  TaskMetricValues metrics;  // as the API shows them (ShownTaskMetric); zero without metrics
  const StringPairs* executor_logs = nullptr;  // pool ids; null when the executor has none
  int64_t scheduler_delay = 0;
  int64_t getting_result_time = 0;
};

// `now` is TaskNow(model) (core/analysis/task_view.h).
TaskRow TaskRowOf(const AttemptModel& model, const StringPool& pool, const TaskExecutorLogs& logs,
                  uint32_t row, int64_t now);

// The rows of AttemptModel::tasks of one stage attempt, in TaskStart order (empty when none).
const std::vector<uint32_t>& StageTaskRowsOf(const AttemptModel& model, int32_t stage_id,
                                             int32_t attempt_id);

// TaskRowOf for each of `rows`, in their order; each row valid during the call only.
void ForEachTaskRow(const AttemptModel& model, const StringPool& pool,
                    std::span<const uint32_t> rows, const std::function<void(const TaskRow&)>& task);

}  // namespace afterglow
