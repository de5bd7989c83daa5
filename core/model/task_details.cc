#include "core/model/task_details.h"

#include <limits>

namespace afterglow {

const char* TaskApiStatusName(TaskApiStatus status) {
  switch (status) {
    case TaskApiStatus::kRunning: return "RUNNING";
    case TaskApiStatus::kGetResult: return "GET RESULT";
    case TaskApiStatus::kFailed: return "FAILED";
    case TaskApiStatus::kKilled: return "KILLED";
    case TaskApiStatus::kSuccess: return "SUCCESS";
    case TaskApiStatus::kUnknown: return "UNKNOWN";
  }
  return "UNKNOWN";
}

size_t TaskDetailColumns::bytes() const {
  size_t total = partition_id.bytes() + getting_result_offset.bytes() + host.bytes() +
                 error_messages.size() * 24 + locality.bytes() + flags.bytes() +
                 accumulables.capacity() * sizeof(TaskAccumulable) +
                 accumulable_ranges.size() * 24;
  for (const NarrowColumn& column : metrics) total += column.bytes();
  return total;
}

void TaskDetailColumns::Compact() {
  const size_t rows = size();
  partition_id.Compact();
  getting_result_offset.Compact(rows);
  host.Compact();
  locality.Compact();
  flags.Compact();
  for (NarrowColumn& column : metrics) column.Compact(rows);
  accumulables.shrink_to_fit();
}

ExecutorStageSummary& StageTaskDetails::SummaryFor(StringId executor_id) {
  auto [it, inserted] =
      summary_index.try_emplace(executor_id, static_cast<uint32_t>(executor_summaries.size()));
  if (!inserted) return executor_summaries[it->second];
  ExecutorStageSummary& created = executor_summaries.emplace_back();
  created.executor_id = executor_id;
  return created;
}

const ExecutorStageSummary* StageTaskDetails::FindSummary(StringId executor_id) const {
  auto it = summary_index.find(executor_id);
  return it == summary_index.end() ? nullptr : &executor_summaries[it->second];
}

}  // namespace afterglow
