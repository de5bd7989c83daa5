#include "core/analysis/task_view.h"

#include <algorithm>
#include <array>

namespace afterglow {
namespace {

// For a non-SUCCESS task, the metric whose value the API shows in each field
// (docs/SPARK-SEMANTICS.md fact 48): the inverse of makeNegative's argument mix-up. Fields not
// listed show their own value.
constexpr std::array<TaskMetric, kTaskMetricCount> MakeShownSource() {
  std::array<TaskMetric, kTaskMetricCount> source{};
  for (size_t i = 0; i < kTaskMetricCount; ++i) source[i] = static_cast<TaskMetric>(i);
  using M = TaskMetric;
  auto set = [&](M field, M from) { source[static_cast<size_t>(field)] = from; };
  set(M::kOutputBytesWritten, M::kPushCorruptMergedBlockChunks);
  set(M::kOutputRecordsWritten, M::kPushMergedFetchFallbackCount);
  set(M::kShuffleRemoteBlocksFetched, M::kPushRemoteMergedBlocksFetched);
  set(M::kShuffleLocalBlocksFetched, M::kPushLocalMergedBlocksFetched);
  set(M::kShuffleFetchWaitTime, M::kPushRemoteMergedChunksFetched);
  set(M::kShuffleRemoteBytesRead, M::kPushLocalMergedChunksFetched);
  set(M::kShuffleRemoteBytesReadToDisk, M::kPushRemoteMergedBytesRead);
  set(M::kShuffleLocalBytesRead, M::kPushLocalMergedBytesRead);
  set(M::kShuffleRecordsRead, M::kShuffleRemoteReqsDuration);
  set(M::kShuffleRemoteReqsDuration, M::kShuffleLocalBytesRead);
  set(M::kPushCorruptMergedBlockChunks, M::kPushRemoteMergedReqsDuration);
  set(M::kPushMergedFetchFallbackCount, M::kOutputBytesWritten);
  set(M::kPushRemoteMergedBlocksFetched, M::kOutputRecordsWritten);
  set(M::kPushLocalMergedBlocksFetched, M::kShuffleRemoteBlocksFetched);
  set(M::kPushRemoteMergedChunksFetched, M::kShuffleLocalBlocksFetched);
  set(M::kPushLocalMergedChunksFetched, M::kShuffleFetchWaitTime);
  set(M::kPushRemoteMergedBytesRead, M::kShuffleRemoteBytesRead);
  set(M::kPushLocalMergedBytesRead, M::kShuffleRemoteBytesReadToDisk);
  set(M::kPushRemoteMergedReqsDuration, M::kShuffleRecordsRead);
  return source;
}
constexpr std::array<TaskMetric, kTaskMetricCount> kShownSource = MakeShownSource();

}  // namespace

int64_t TaskNow(const AttemptModel& model) { return model.app.last_event_time; }

TaskApiStatus TaskStatusOf(const AttemptModel& model, uint32_t row) {
  // The model's one status (TaskColumns::status); a running task that started fetching its result
  // remotely shows GET RESULT.
  switch (model.tasks.status[row]) {
    case TaskStatus::kRunning:
      return model.task_details.getting_result_time(row, model.tasks.launch_time[row]) != 0
                 ? TaskApiStatus::kGetResult
                 : TaskApiStatus::kRunning;
    case TaskStatus::kSuccess: return TaskApiStatus::kSuccess;
    case TaskStatus::kFailed: return TaskApiStatus::kFailed;
    case TaskStatus::kKilled: return TaskApiStatus::kKilled;
  }
  return TaskApiStatus::kUnknown;
}

bool TaskHasMetrics(const AttemptModel& model, uint32_t row) {
  return (model.task_details.flags[row] & kTaskHasMetrics) != 0;
}

int64_t TaskStoredDuration(const AttemptModel& model, uint32_t row, int64_t now) {
  const int64_t finish = model.tasks.finish_time[row];
  const int64_t launch = model.tasks.launch_time[row];
  return finish != 0 ? finish - launch : now - launch;
}

int64_t TaskResultFetchStart(const AttemptModel& model, uint32_t row) {
  const int64_t time = model.task_details.getting_result_time(row, model.tasks.launch_time[row]);
  return time != 0 ? time : -1;
}

int64_t GettingResultTime(int64_t launch_time, int64_t fetch_start, int64_t duration, int64_t now) {
  if (fetch_start <= 0) return 0;
  return duration > 0 ? launch_time + duration - fetch_start : now - fetch_start;
}

int64_t SchedulerDelay(int64_t launch_time, int64_t fetch_start, int64_t duration,
                       int64_t deserialize_time, int64_t serialize_time, int64_t run_time,
                       int64_t now) {
  return std::max<int64_t>(0, duration - run_time - deserialize_time - serialize_time -
                                  GettingResultTime(launch_time, fetch_start, duration, now));
}

int64_t ShownTaskMetric(const AttemptModel& model, uint32_t row, TaskMetric metric,
                        TaskApiStatus status) {
  if (status == TaskApiStatus::kSuccess) return model.task_details.metric(row, metric);
  return model.task_details.metric(row, kShownSource[static_cast<size_t>(metric)]);
}

int64_t StoredTaskMetric(const AttemptModel& model, uint32_t row, TaskMetric metric,
                         TaskApiStatus status) {
  if (!TaskHasMetrics(model, row)) return -1;
  if (status == TaskApiStatus::kSuccess) return model.task_details.metric(row, metric);
  return -ShownTaskMetric(model, row, metric, status) - 1;
}

int64_t ShownSchedulerDelay(const AttemptModel& model, uint32_t row, TaskApiStatus status,
                            int64_t now) {
  const int64_t duration = TaskStoredDuration(model, row, now);
  const bool ended = status == TaskApiStatus::kFailed || status == TaskApiStatus::kKilled ||
                     status == TaskApiStatus::kSuccess;
  if (!ended || !TaskHasMetrics(model, row) || duration <= 0) return 0;
  using M = TaskMetric;
  return SchedulerDelay(model.tasks.launch_time[row], TaskResultFetchStart(model, row), duration,
                        ShownTaskMetric(model, row, M::kExecutorDeserializeTime, status),
                        ShownTaskMetric(model, row, M::kResultSerializationTime, status),
                        ShownTaskMetric(model, row, M::kExecutorRunTime, status), now);
}

int64_t ShownGettingResultTime(const AttemptModel& model, uint32_t row, int64_t now) {
  const int64_t duration = TaskStoredDuration(model, row, now);
  return GettingResultTime(model.tasks.launch_time[row], TaskResultFetchStart(model, row),
                           duration > 0 ? duration : -1, now);
}

}  // namespace afterglow
