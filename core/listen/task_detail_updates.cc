#include "core/listen/task_detail_updates.h"

#include <algorithm>
#include <string>

#include "core/decode/task_end_reason.h"
#include "core/listen/task_end_counts.h"

namespace afterglow {
namespace {

uint8_t LocalityCode(TaskDetailColumns& columns, StringId locality) {
  for (size_t i = 0; i < columns.locality_names.size(); ++i) {
    if (columns.locality_names[i] == locality) return static_cast<uint8_t>(i);
  }
  // TaskLocality has five values; anything beyond 255 distinct texts would be a broken log.
  if (columns.locality_names.size() >= 255) return 0;
  columns.locality_names.push_back(locality);
  return static_cast<uint8_t>(columns.locality_names.size() - 1);
}

void SetFlag(TaskDetailColumns& d, uint32_t row, uint8_t flag, bool on) {
  const uint8_t flags = d.flags[row];
  d.flags.Set(row, on ? static_cast<uint8_t>(flags | flag) : static_cast<uint8_t>(flags & ~flag));
}

// Row `row` of `column` holds `value`: appended when it is the next row (a TaskStart's, nearly
// always), rows before it filled with `fill`; otherwise rewritten, and only when it differs (a
// TaskEnd's "Task Info" mostly repeats its TaskStart's). A rewrite is a call that locates and
// may re-encode the row's page; an append or a read is a few instructions.
template <typename T>
void Store(PackedColumn<T>& column, uint32_t row, T value, T fill) {
  column.Resize(row, fill);
  if (column.size() == row) {
    column.push_back(value);
  } else if (column[row] != value) {
    column.Set(row, value);
  }
}

// The TaskInfo fields a TaskEnd's "Task Info" replaces (LiveTask.info = event.taskInfo), but
// for its flags, which callers set in one write. `launch_time` is the task's stored launch time
// (its TaskStart's).
void CopyInfo(TaskDetailColumns& d, uint32_t row, const TaskInfoEvent& info, int64_t launch_time) {
  Store(d.partition_id, row, info.partition_id, -1);
  d.set_getting_result_time(row, launch_time, info.getting_result_time);
  Store(d.host, row, info.host, kEmptyString);
  Store(d.locality, row, LocalityCode(d, info.locality), uint8_t{0});
}

}  // namespace

void RecordTaskStart(AttemptModel& model, uint32_t row, int32_t stage_id, int32_t stage_attempt_id,
                     const TaskInfoEvent& info, StageAttempt* live_stage) {
  TaskDetailColumns& d = model.task_details;
  CopyInfo(d, row, info, model.tasks.launch_time[row]);
  if (d.flags.size() <= row) {
    Store(d.flags, row, static_cast<uint8_t>(info.speculative ? kTaskSpeculative : 0), uint8_t{0});
  } else {
    SetFlag(d, row, kTaskSpeculative, info.speculative);
  }
  model.stage_task_rows[{stage_id, stage_attempt_id}].push_back(row);

  if (live_stage != nullptr && info.speculative) {
    StageTaskDetails& details = live_stage->task_details;
    details.has_speculation = true;
    details.speculation.num_tasks += 1;
    details.speculation.num_active_tasks += 1;
  }
}

void RecordTaskEnd(AttemptModel& model, StringPool& pool, int64_t row, const TaskEndEvent& event,
                   StageAttempt* live_stage) {
  const TaskInfoEvent& info = event.info;
  if (row >= 0) {
    TaskDetailColumns& d = model.task_details;
    const uint32_t r = static_cast<uint32_t>(row);
    CopyInfo(d, r, info, model.tasks.launch_time[r]);
    const uint8_t flags_before = d.flags[r];
    std::string error;
    const bool has_error = TaskErrorMessage(event, pool, error);
    uint8_t flags = static_cast<uint8_t>(flags_before & ~(kTaskSpeculative | kTaskHasError));
    flags |= kTaskEnded;
    if (info.speculative) flags |= kTaskSpeculative;
    if (has_error) flags |= kTaskHasError;
    if (event.has_metrics) flags |= kTaskHasMetrics;
    d.flags.Set(r, flags);
    // The side tables hold a row only after a TaskEnd of it: a first TaskEnd (nearly every one)
    // has nothing there to erase.
    if (has_error) d.error_messages[r] = pool.Intern(error);
    else if (flags_before & kTaskHasError) d.error_messages.erase(r);
    if (event.has_metrics) {
      for (size_t m = 0; m < kTaskMetricCount; ++m) d.metrics[m].Set(r, event.metrics.values[m]);
    }
    if (flags_before & kTaskEnded) d.accumulable_ranges.erase(r);
    if (!event.task_accumulables.empty()) {
      const uint32_t begin = static_cast<uint32_t>(d.accumulables.size());
      for (const AccumulableEvent& acc : event.task_accumulables) {
        d.accumulables.push_back({acc.id, acc.name, acc.update, acc.value});
      }
      d.accumulable_ranges[r] = {begin, static_cast<uint32_t>(event.task_accumulables.size())};
    }
  }
  if (live_stage == nullptr) return;

  const auto [completed, failed, killed] = CountTaskEnd(event.reason);
  StageTaskDetails& details = live_stage->task_details;
  // A stage runs on at most as many executors as are live or as it has tasks (retries aside).
  const size_t expected_executors = std::min(model.live_executors.size(),
                                             static_cast<size_t>(std::max(live_stage->num_tasks, 1)));
  ExecutorStageSummary& summary = details.SummaryFor(info.executor_id, expected_executors);
  summary.peak.Update(event.executor_metrics);
  // TaskInfo.duration; an unfinished TaskInfo would make Spark's listener throw and drop the event.
  if (info.finish_time != 0) summary.task_time += info.finish_time - info.launch_time;
  summary.succeeded_tasks += completed;
  summary.failed_tasks += failed;
  summary.killed_tasks += killed;
  // The metric delta exists only for a task that was live and reported metrics.
  if (row >= 0 && event.has_metrics) {
    const TaskMetricValues& m = event.metrics;
    using M = TaskMetric;
    summary.input_bytes += m[M::kInputBytesRead];
    summary.input_records += m[M::kInputRecordsRead];
    summary.output_bytes += m[M::kOutputBytesWritten];
    summary.output_records += m[M::kOutputRecordsWritten];
    summary.shuffle_read += m[M::kShuffleRemoteBytesRead] + m[M::kShuffleLocalBytesRead];
    summary.shuffle_read_records += m[M::kShuffleRecordsRead];
    summary.shuffle_write += m[M::kShuffleBytesWritten];
    summary.shuffle_write_records += m[M::kShuffleRecordsWritten];
    summary.memory_bytes_spilled += m[M::kMemoryBytesSpilled];
    summary.disk_bytes_spilled += m[M::kDiskBytesSpilled];
  }
  if (info.speculative) {
    // The lazy speculation summary is created on first touch, even by a TaskEnd.
    details.has_speculation = true;
    details.speculation.num_active_tasks -= 1;
    details.speculation.num_completed_tasks += completed;
    details.speculation.num_failed_tasks += failed;
    details.speculation.num_killed_tasks += killed;
  }
}

void RecordStageExecutorMetrics(StageAttempt& live_stage, StringId executor_id,
                                const ExecutorMetricValues& metrics) {
  live_stage.task_details.SummaryFor(executor_id).peak.Update(metrics);
}

}  // namespace afterglow
