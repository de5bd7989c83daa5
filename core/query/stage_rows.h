// Stage attempts as typed rows: what v1.StageData shows for each stage attempt the History Server
// lists, read from the model with no JSON between. The REST writer (core/api/stage_json.h), the
// stages table, the stage page and the job page read these. Rows point into the model and the
// pool: valid while both live unchanged. Long lists are visited one row at a time
// (ForEachStageRow), so a reader keeps only what it copies.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "core/query/opt_text.h"

namespace afterglow {

// "ACTIVE", "COMPLETE", "FAILED", "PENDING", "SKIPPED": the API's names.
const char* StageStatusName(StageStatus status);
inline constexpr StageStatus kStageStatuses[] = {StageStatus::kActive, StageStatus::kComplete,
                                                 StageStatus::kFailed, StageStatus::kPending,
                                                 StageStatus::kSkipped};

struct StageRow {
  StageStatus status = StageStatus::kPending;
  int32_t stage_id = 0;
  int32_t attempt_id = 0;
  int32_t num_tasks = 0;
  int32_t active_tasks = 0;
  int32_t complete_tasks = 0;
  int32_t failed_tasks = 0;
  int32_t killed_tasks = 0;
  int64_t completed_indices = 0;
  int64_t submission_time = kNoTime;    // epoch ms
  int64_t first_launch_time = kNoTime;  // the first task's launch; kNoTime before one
  int64_t completion_time = kNoTime;
  OptText failure_reason;
  TaskMetricValues metrics;  // sums over the attempt's ended tasks
  std::string_view name;
  OptText description;  // spark.job.description
  std::string_view details;
  std::string_view scheduling_pool;
  std::span<const int32_t> rdd_ids;
  std::span<const StageAccumulable> accumulables;  // pool ids, Spark's order
  const KilledSummary* killed_summary = nullptr;   // never null in a built row
  int32_t resource_profile_id = 0;
  const PeakExecutorMetrics* peak_executor_metrics = nullptr;  // never null; may be unset
  bool shuffle_push_enabled = false;
  int32_t shuffle_mergers_count = 0;
  // StageDurationMs (core/analysis/durations.h): first launch to completion or the log's end.
  int64_t duration_ms = -1;
  // The stage-attempt object behind the row, for what rows do not carry (its jobs, task rows).
  const StageAttempt* object = nullptr;

  int64_t shuffle_read_bytes() const {
    return metrics.ShuffleReadBytes();
  }
};

StageRow StageRowOf(const AttemptModel& model, const StringPool& pool, const StageAttempt& stage);

// Every listed stage attempt in the API's order (stage id descending, attempt descending), one at
// a time; the row is valid during the call only.
void ForEachStageRow(const AttemptModel& model, const StringPool& pool,
                     const std::function<void(const StageRow&)>& row);

// The listed attempts of one stage, attempt ascending (empty when the stage is unknown).
std::vector<StageRow> StageAttemptRows(const AttemptModel& model, const StringPool& pool,
                                       int32_t stage_id);

// The latest listed attempt of a stage (Spark's store.lastStageAttempt); nullopt when none.
std::optional<StageRow> LatestStageAttemptRow(const AttemptModel& model, const StringPool& pool,
                                              int32_t stage_id);

// One listed stage attempt; nullopt when there is none.
std::optional<StageRow> FindStageRow(const AttemptModel& model, const StringPool& pool,
                                     int32_t stage_id, int32_t attempt_id);

}  // namespace afterglow
