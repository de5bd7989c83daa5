// A stage attempt's per-executor summaries (v1.ExecutorStageSummary), its speculation summary and
// the quantiles over its executors (executorMetricsDistributions), as typed rows. Spark's store
// keys these by (stageId, attemptId): a stage-attempt object re-created for the same key (a later
// job naming a finished stage) starts empty and overwrites only what it writes, so the rows merge
// every object of the key, oldest first.
#pragma once

#include <array>
#include <map>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"

namespace afterglow {

// Every stage-attempt object of each (stageId, attemptId), oldest first. Built once for a request
// or a page that reads several stages.
class StageAttemptObjects {
 public:
  explicit StageAttemptObjects(const AttemptModel& model);
  // The objects with this stage attempt's key (at least the object itself).
  std::span<const StageAttempt* const> Of(const StageAttempt& stage) const;

 private:
  std::map<std::pair<int32_t, int32_t>, std::vector<const StageAttempt*>> objects_;
};

struct StageExecutorRow {
  std::string_view executor_id;
  ExecutorStageSummary summary;  // its executor_id is the pool id of `executor_id`
  // Excluded for the stage (setStageExcludedStatus creates a summary for such an executor).
  bool excluded = false;
};

// The summaries the store holds for the stage attempt, per executor the one the latest object of
// the key wrote, in first-created order.
std::vector<StageExecutorRow> StageExecutorRows(const StringPool& pool,
                                                const StageAttemptObjects& objects,
                                                const StageAttempt& stage);

// The speculation summary the store holds: the latest object of the key that had one; null when
// none did.
const SpeculationSummary* StageSpeculationSummary(const StageAttemptObjects& objects,
                                                  const StageAttempt& stage);

// The fields of ExecutorMetricsDistributions, in its order.
enum class ExecutorSummaryField : uint8_t {
  kTaskTime,
  kFailedTasks,
  kSucceededTasks,
  kKilledTasks,
  kInputBytes,
  kInputRecords,
  kOutputBytes,
  kOutputRecords,
  kShuffleRead,
  kShuffleReadRecords,
  kShuffleWrite,
  kShuffleWriteRecords,
  kMemoryBytesSpilled,
  kDiskBytesSpilled,
  kCount
};
inline constexpr size_t kExecutorSummaryFieldCount =
    static_cast<size_t>(ExecutorSummaryField::kCount);
int64_t ExecutorSummaryValue(const ExecutorStageSummary& summary, ExecutorSummaryField field);

struct ExecutorMetricsDistributions {
  std::vector<double> quantiles;  // sorted
  std::array<std::vector<double>, kExecutorSummaryFieldCount> values;
  // Per executor metric, over the executors that have peak metrics.
  std::array<std::vector<double>, kExecutorMetricCount> peak_values;
  const std::vector<double>& of(ExecutorSummaryField f) const {
    return values[static_cast<size_t>(f)];
  }
};

// AppStatusUtils.getQuantilesValue over the executors' summaries; `sorted_quantiles` as
// SortQuantiles leaves them.
ExecutorMetricsDistributions ComputeExecutorDistributions(
    std::span<const StageExecutorRow> executors, const std::vector<double>& sorted_quantiles);

}  // namespace afterglow
