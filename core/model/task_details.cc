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

namespace {

// Up to this many executors a stage's summaries are scanned, not indexed.
constexpr size_t kScannedSummaries = 8;

}  // namespace

ExecutorStageSummary& StageTaskDetails::SummaryFor(StringId executor_id, size_t expected_executors) {
  if (const ExecutorStageSummary* found = FindSummary(executor_id)) {
    return executor_summaries[static_cast<size_t>(found - executor_summaries.data())];
  }
  if (executor_summaries.empty()) executor_summaries.reserve(expected_executors);
  executor_summaries.emplace_back().executor_id = executor_id;
  const size_t count = executor_summaries.size();
  if (count > kScannedSummaries) {
    // The first row past the scan indexes every row; later ones only themselves.
    for (size_t row = summary_index.size(); row < count; ++row) {
      summary_index.Set(executor_summaries[row].executor_id, static_cast<uint32_t>(row));
    }
  }
  return executor_summaries.back();
}

const ExecutorStageSummary* StageTaskDetails::FindSummary(StringId executor_id) const {
  if (summary_index.size() == 0) {
    for (const ExecutorStageSummary& summary : executor_summaries) {
      if (summary.executor_id == executor_id) return &summary;
    }
    return nullptr;
  }
  const int64_t row = summary_index.Find(executor_id);
  return row < 0 ? nullptr : &executor_summaries[static_cast<size_t>(row)];
}

}  // namespace afterglow
