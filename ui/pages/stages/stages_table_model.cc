#include "ui/pages/stages/stages_table_model.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "core/query/pool_rows.h"
#include "ui/widgets/table_text.h"

namespace afterglow::ui {
namespace {

StageFilter FilterOf(afterglow::StageStatus status) {
  using S = afterglow::StageStatus;
  switch (status) {
    case S::kActive: return StageFilter::kActive;
    case S::kComplete: return StageFilter::kComplete;
    case S::kFailed: return StageFilter::kFailed;
    case S::kPending: return StageFilter::kPending;
    case S::kSkipped: return StageFilter::kSkipped;
  }
  return StageFilter::kPending;
}

}  // namespace

const char* StageFilterName(StageFilter filter) {
  switch (filter) {
    case StageFilter::kAll: return "All";
    case StageFilter::kActive: return "Active";
    case StageFilter::kPending: return "Pending";
    case StageFilter::kComplete: return "Complete";
    case StageFilter::kFailed: return "Failed";
    case StageFilter::kSkipped: return "Skipped";
    case StageFilter::kCount: break;
  }
  return "";
}

void StagesTableModel::Clear() {
  fair_scheduler = false;
  pools.clear();
  rows.clear();
  order.clear();
  shown.clear();
  counts.fill(0);
  sorted = false;
}

void StagesTableModel::Build(const AttemptModel& model, const StringPool& strings) {
  // A rebuild (a refresh while the log loads) keeps the selected stage attempt selected.
  if (selected_row >= 0 && static_cast<size_t>(selected_row) < shown.size()) {
    const StageRow& row = rows[shown[static_cast<size_t>(selected_row)]];
    selected_key_ = {row.stage_id, row.attempt_id};
  }
  Clear();
  ForEachStageRow(model, strings, [&](const afterglow::StageRow& stage) {
    using M = TaskMetric;
    StageRow row;
    row.stage_id = stage.stage_id;
    row.attempt_id = stage.attempt_id;
    row.status = stage.status;
    row.name = std::string(stage.name);
    row.description = std::string(stage.description.text);
    row.description_line = OneLine(row.description);
    row.details = std::string(stage.details);
    row.failure_reason = std::string(stage.failure_reason.text);
    row.pool = std::string(stage.scheduling_pool);
    row.submitted_ms = stage.submission_time;
    row.first_launch_ms = stage.first_launch_time;
    row.completed_ms = stage.completion_time;
    auto count = [](int32_t n) { return n > 0 ? static_cast<uint32_t>(n) : 0u; };
    row.num_tasks = count(stage.num_tasks);
    row.tasks_complete = count(stage.complete_tasks);
    row.tasks_active = count(stage.active_tasks);
    row.tasks_failed = count(stage.failed_tasks);
    row.tasks_killed = count(stage.killed_tasks);
    row.input_bytes = stage.metrics[M::kInputBytesRead];
    row.input_records = stage.metrics[M::kInputRecordsRead];
    row.output_bytes = stage.metrics[M::kOutputBytesWritten];
    row.output_records = stage.metrics[M::kOutputRecordsWritten];
    row.shuffle_read_bytes = stage.shuffle_read_bytes();
    row.shuffle_read_records = stage.metrics[M::kShuffleRecordsRead];
    row.shuffle_write_bytes = stage.metrics[M::kShuffleBytesWritten];
    row.shuffle_write_records = stage.metrics[M::kShuffleRecordsWritten];
    row.memory_spilled = stage.metrics[M::kMemoryBytesSpilled];
    row.disk_spilled = stage.metrics[M::kDiskBytesSpilled];
    row.duration_ms = stage.duration_ms;
    ++counts[static_cast<size_t>(StageFilter::kAll)];
    ++counts[static_cast<size_t>(FilterOf(row.status))];
    rows.push_back(std::move(row));
  });
  fair_scheduler = IsFairScheduler(model);
  for (const PoolRow& pool : PoolRows(model, strings)) {
    pools.push_back({std::string(pool.name), pool.stages, pool.active_stages, pool.running_tasks});
  }
  order.resize(rows.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  ApplyFilter();
}

void StagesTableModel::Sort(StageColumn column, bool ascending) {
  sorted = true;
  auto key_less = [&](uint32_t a, uint32_t b) {
    const StageRow& x = rows[a];
    const StageRow& y = rows[b];
    switch (column) {
      case StageColumn::kId: return x.stage_id < y.stage_id;
      case StageColumn::kAttempt: return x.attempt_id < y.attempt_id;
      case StageColumn::kPool: return x.pool < y.pool;
      case StageColumn::kDescription: return x.name < y.name;
      case StageColumn::kSubmitted: return x.submitted_ms < y.submitted_ms;
      case StageColumn::kDuration: return x.duration_ms < y.duration_ms;
      case StageColumn::kTasks: return x.num_tasks < y.num_tasks;
      case StageColumn::kInput: return x.input_bytes < y.input_bytes;
      case StageColumn::kOutput: return x.output_bytes < y.output_bytes;
      case StageColumn::kShuffleRead: return x.shuffle_read_bytes < y.shuffle_read_bytes;
      case StageColumn::kShuffleWrite: return x.shuffle_write_bytes < y.shuffle_write_bytes;
      case StageColumn::kSpill:
        return x.memory_spilled + x.disk_spilled < y.memory_spilled + y.disk_spilled;
      case StageColumn::kStatus: return x.status < y.status;
      case StageColumn::kCount: break;
    }
    return false;
  };
  // Ties keep (stage id, attempt) order in the sort's direction so rows do not shuffle.
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    if (key_less(a, b)) return ascending;
    if (key_less(b, a)) return !ascending;
    const auto ka = std::make_pair(rows[a].stage_id, rows[a].attempt_id);
    const auto kb = std::make_pair(rows[b].stage_id, rows[b].attempt_id);
    return ascending ? ka < kb : kb < ka;
  });
  ApplyFilter();
}

bool StagesTableModel::Matches(const StageRow& row) const {
  if (filter != StageFilter::kAll && FilterOf(row.status) != filter) return false;
  const std::string_view needle(search);
  if (needle.empty()) return true;
  char id[16];
  std::snprintf(id, sizeof id, "%d", row.stage_id);
  return needle == id || ContainsIgnoreCase(row.name, needle) ||
         ContainsIgnoreCase(row.description, needle) ||
         (fair_scheduler && ContainsIgnoreCase(row.pool, needle));
}

void StagesTableModel::ApplyFilter() {
  // The selection follows its stage attempt through the new order, or ends when filtered away.
  if (selected_row >= 0 && static_cast<size_t>(selected_row) < shown.size()) {
    const StageRow& row = rows[shown[static_cast<size_t>(selected_row)]];
    selected_key_ = {row.stage_id, row.attempt_id};
  }
  shown.clear();
  selected_row = -1;
  for (uint32_t i : order) {
    if (!Matches(rows[i])) continue;
    if (std::make_pair(rows[i].stage_id, rows[i].attempt_id) == selected_key_) {
      selected_row = static_cast<int>(shown.size());
    }
    shown.push_back(i);
  }
  selected_key_ = {-1, -1};
}

}  // namespace afterglow::ui
