#include "core/query/stage_executor_rows.h"

#include <algorithm>

#include "core/analysis/task_quantiles.h"

namespace afterglow {
namespace {

// The summaries one object holds: those its listener created, plus one for each executor
// excluded for the stage that has none.
std::vector<StageExecutorRow> ObjectExecutorRows(const StringPool& pool, const StageAttempt& stage) {
  std::vector<StageExecutorRow> shown;
  auto excluded = [&](StringId id) {
    return std::find(stage.excluded_executors.begin(), stage.excluded_executors.end(), id) !=
           stage.excluded_executors.end();
  };
  for (const ExecutorStageSummary& summary : stage.task_details.executor_summaries) {
    shown.push_back({pool.Get(summary.executor_id), summary, excluded(summary.executor_id)});
  }
  for (StringId id : stage.excluded_executors) {
    if (stage.task_details.FindSummary(id) != nullptr) continue;
    StageExecutorRow created;
    created.executor_id = pool.Get(id);
    created.summary.executor_id = id;
    created.excluded = true;
    shown.push_back(created);
  }
  return shown;
}

}  // namespace

StageAttemptObjects::StageAttemptObjects(const AttemptModel& model) {
  // Released objects are those whose rows the retention limits deleted, summaries included.
  for (uint32_t i = 0; i < model.stages.size(); ++i) {
    const StageAttempt* stage = model.stages.find(i);
    if (stage != nullptr) objects_[{stage->stage_id, stage->attempt_id}].push_back(stage);
  }
}

std::span<const StageAttempt* const> StageAttemptObjects::Of(const StageAttempt& stage) const {
  return objects_.at({stage.stage_id, stage.attempt_id});
}

std::vector<StageExecutorRow> StageExecutorRows(const StringPool& pool,
                                                const StageAttemptObjects& objects,
                                                const StageAttempt& stage) {
  std::vector<StageExecutorRow> merged;
  std::map<StringId, size_t> position;
  for (const StageAttempt* object : objects.Of(stage)) {
    for (StageExecutorRow& row : ObjectExecutorRows(pool, *object)) {
      auto [it, inserted] = position.try_emplace(row.summary.executor_id, merged.size());
      if (inserted) merged.push_back(std::move(row));
      else merged[it->second] = std::move(row);
    }
  }
  return merged;
}

const SpeculationSummary* StageSpeculationSummary(const StageAttemptObjects& objects,
                                                  const StageAttempt& stage) {
  const SpeculationSummary* shown = nullptr;
  for (const StageAttempt* object : objects.Of(stage)) {
    if (object->task_details.has_speculation) shown = &object->task_details.speculation;
  }
  return shown;
}

int64_t ExecutorSummaryValue(const ExecutorStageSummary& s, ExecutorSummaryField field) {
  using F = ExecutorSummaryField;
  switch (field) {
    case F::kTaskTime: return s.task_time;
    case F::kFailedTasks: return s.failed_tasks;
    case F::kSucceededTasks: return s.succeeded_tasks;
    case F::kKilledTasks: return s.killed_tasks;
    case F::kInputBytes: return s.input_bytes;
    case F::kInputRecords: return s.input_records;
    case F::kOutputBytes: return s.output_bytes;
    case F::kOutputRecords: return s.output_records;
    case F::kShuffleRead: return s.shuffle_read;
    case F::kShuffleReadRecords: return s.shuffle_read_records;
    case F::kShuffleWrite: return s.shuffle_write;
    case F::kShuffleWriteRecords: return s.shuffle_write_records;
    case F::kMemoryBytesSpilled: return s.memory_bytes_spilled;
    case F::kDiskBytesSpilled: return s.disk_bytes_spilled;
    case F::kCount: break;
  }
  return 0;
}

ExecutorMetricsDistributions ComputeExecutorDistributions(
    std::span<const StageExecutorRow> executors, const std::vector<double>& sorted_quantiles) {
  ExecutorMetricsDistributions d;
  d.quantiles = sorted_quantiles;
  std::vector<double> values;
  for (size_t f = 0; f < kExecutorSummaryFieldCount; ++f) {
    values.clear();
    for (const StageExecutorRow& e : executors) {
      values.push_back(static_cast<double>(
          ExecutorSummaryValue(e.summary, static_cast<ExecutorSummaryField>(f))));
    }
    std::sort(values.begin(), values.end());
    d.values[f] = QuantilesOfSorted(values, sorted_quantiles);
  }
  for (size_t i = 0; i < kExecutorMetricCount; ++i) {
    values.clear();
    for (const StageExecutorRow& e : executors) {
      if (e.summary.peak.is_set()) values.push_back(static_cast<double>(e.summary.peak.peaks[i]));
    }
    std::sort(values.begin(), values.end());
    d.peak_values[i] = QuantilesOfSorted(values, sorted_quantiles);
  }
  return d;
}

}  // namespace afterglow
