#include "core/query/stage_rows.h"

#include <limits>

#include "core/analysis/durations.h"

namespace afterglow {

const char* StageStatusName(StageStatus status) {
  switch (status) {
    case StageStatus::kActive: return "ACTIVE";
    case StageStatus::kComplete: return "COMPLETE";
    case StageStatus::kFailed: return "FAILED";
    case StageStatus::kPending: return "PENDING";
    case StageStatus::kSkipped: return "SKIPPED";
  }
  return "PENDING";
}

StageRow StageRowOf(const AttemptModel& model, const StringPool& pool, const StageAttempt& s) {
  StageRow row;
  row.status = s.status;
  row.stage_id = s.stage_id;
  row.attempt_id = s.attempt_id;
  row.num_tasks = s.num_tasks;
  row.active_tasks = s.active_tasks;
  row.complete_tasks = s.completed_tasks;
  row.failed_tasks = s.failed_tasks;
  row.killed_tasks = s.killed_tasks;
  row.completed_indices = static_cast<int64_t>(s.completed_indices.size());
  row.submission_time = s.submission_time;
  row.first_launch_time = s.first_launch_time != INT64_MAX ? s.first_launch_time : kNoTime;
  row.completion_time = s.completion_time;
  row.failure_reason = OptTextOf(pool, s.failure_reason);
  row.metrics = s.metrics;
  row.name = pool.Get(s.name);
  row.description = OptTextOf(pool, s.description);
  row.details = pool.Get(s.details);
  row.scheduling_pool = pool.Get(s.scheduling_pool);
  row.rdd_ids = s.rdd_ids;
  row.accumulables = s.accumulables;
  row.killed_summary = &s.killed_summary;
  row.resource_profile_id = s.resource_profile_id;
  row.peak_executor_metrics = &s.peak_executor_metrics;
  row.shuffle_push_enabled = s.shuffle_push_enabled;
  row.shuffle_mergers_count = s.shuffle_mergers_count;
  row.duration_ms = StageDurationMs(s, DurationNowMs(model));
  row.object = &s;
  return row;
}

void ForEachStageRow(const AttemptModel& model, const StringPool& pool,
                     const std::function<void(const StageRow&)>& row) {
  for (auto it = model.stage_rows.rbegin(); it != model.stage_rows.rend(); ++it) {
    row(StageRowOf(model, pool, model.stage(it->second)));
  }
}

std::vector<StageRow> StageAttemptRows(const AttemptModel& model, const StringPool& pool,
                                       int32_t stage_id) {
  std::vector<StageRow> rows;
  for (auto it = model.stage_rows.lower_bound({stage_id, std::numeric_limits<int32_t>::min()});
       it != model.stage_rows.end() && it->first.first == stage_id; ++it) {
    rows.push_back(StageRowOf(model, pool, model.stage(it->second)));
  }
  return rows;
}

std::optional<StageRow> LatestStageAttemptRow(const AttemptModel& model, const StringPool& pool,
                                              int32_t stage_id) {
  auto it = model.stage_rows.upper_bound({stage_id, std::numeric_limits<int32_t>::max()});
  if (it == model.stage_rows.begin() || (--it)->first.first != stage_id) return std::nullopt;
  return StageRowOf(model, pool, model.stage(it->second));
}

std::optional<StageRow> FindStageRow(const AttemptModel& model, const StringPool& pool,
                                     int32_t stage_id, int32_t attempt_id) {
  auto it = model.stage_rows.find({stage_id, attempt_id});
  if (it == model.stage_rows.end()) return std::nullopt;
  return StageRowOf(model, pool, model.stage(it->second));
}

}  // namespace afterglow
