#include "core/model/task_details.h"

#include <bit>
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

size_t SummarySlot(StringId executor_id, size_t mask) {
  return static_cast<size_t>((static_cast<uint64_t>(executor_id) * 0x9E3779B97F4A7C15ull) >> 32) &
         mask;
}

// Puts row `row` of `summaries` into `slots` (which has a free slot).
void IndexSummary(const std::vector<ExecutorStageSummary>& summaries, uint32_t row,
                  std::vector<uint32_t>& slots) {
  const size_t mask = slots.size() - 1;
  size_t slot = SummarySlot(summaries[row].executor_id, mask);
  while (slots[slot] != 0) slot = (slot + 1) & mask;
  slots[slot] = row + 1;
}

}  // namespace

ExecutorStageSummary& StageTaskDetails::SummaryFor(StringId executor_id) {
  if (const ExecutorStageSummary* found = FindSummary(executor_id)) {
    return executor_summaries[static_cast<size_t>(found - executor_summaries.data())];
  }
  executor_summaries.emplace_back().executor_id = executor_id;
  const size_t count = executor_summaries.size();
  if (count > kScannedSummaries) {
    if (summary_slots.size() < 2 * count) {
      // Rebuilt at four times the rows, so the table stays at most half full until the next.
      summary_slots.assign(std::bit_ceil(4 * count), 0);
      for (uint32_t row = 0; row < count; ++row) IndexSummary(executor_summaries, row, summary_slots);
    } else {
      IndexSummary(executor_summaries, static_cast<uint32_t>(count - 1), summary_slots);
    }
  }
  return executor_summaries.back();
}

const ExecutorStageSummary* StageTaskDetails::FindSummary(StringId executor_id) const {
  if (summary_slots.empty()) {
    for (const ExecutorStageSummary& summary : executor_summaries) {
      if (summary.executor_id == executor_id) return &summary;
    }
    return nullptr;
  }
  const size_t mask = summary_slots.size() - 1;
  for (size_t slot = SummarySlot(executor_id, mask);; slot = (slot + 1) & mask) {
    const uint32_t row = summary_slots[slot];
    if (row == 0) return nullptr;
    if (executor_summaries[row - 1].executor_id == executor_id) return &executor_summaries[row - 1];
  }
}

}  // namespace afterglow
