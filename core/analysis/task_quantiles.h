// Quantiles of task metrics as Spark's History Server computes them (AppStatusStore.taskSummary
// over a disk-backed store, docs/SPARK-SEMANTICS.md facts 55-59) and of per-executor stage
// summaries (AppStatusUtils.getQuantilesValue, docs/SPARK-SEMANTICS.md fact 63). Pure functions
// over the model.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/events/task_metrics.h"
#include "core/model/app_model.h"

namespace afterglow {

// The distributions of v1.TaskMetricDistributions, in its field order.
enum class SummaryField : uint8_t {
  kDuration,
  kExecutorDeserializeTime,
  kExecutorDeserializeCpuTime,
  kExecutorRunTime,
  kExecutorCpuTime,
  kResultSize,
  kJvmGcTime,
  kResultSerializationTime,
  kGettingResultTime,
  kSchedulerDelay,
  kPeakExecutionMemory,
  kMemoryBytesSpilled,
  kDiskBytesSpilled,
  kInputBytesRead,
  kInputRecordsRead,
  kOutputBytesWritten,
  kOutputRecordsWritten,
  kShuffleReadBytes,  // local + remote bytes
  kShuffleReadRecords,
  kShuffleRemoteBlocksFetched,
  kShuffleLocalBlocksFetched,
  kShuffleFetchWaitTime,
  kShuffleRemoteBytesRead,
  kShuffleRemoteBytesReadToDisk,
  kShuffleTotalBlocksFetched,  // local + remote blocks
  kShuffleRemoteReqsDuration,
  kPushCorruptMergedBlockChunks,
  kPushMergedFetchFallbackCount,
  kPushRemoteMergedBlocksFetched,
  kPushLocalMergedBlocksFetched,
  kPushRemoteMergedChunksFetched,
  kPushLocalMergedChunksFetched,
  kPushRemoteMergedBytesRead,
  kPushLocalMergedBytesRead,
  kPushRemoteMergedReqsDuration,
  kShuffleWriteBytes,
  kShuffleWriteRecords,
  kShuffleWriteTime,
  kCount
};
inline constexpr size_t kSummaryFieldCount = static_cast<size_t>(SummaryField::kCount);

struct TaskMetricDistributions {
  std::vector<double> quantiles;  // sorted ascending
  std::array<std::vector<double>, kSummaryFieldCount> values;  // NaN past the end of an index
  const std::vector<double>& of(SummaryField f) const { return values[static_cast<size_t>(f)]; }
};

// Sorts quantiles as Scala's `sorted` on doubles does (java.lang.Double.compare: -0.0 before
// 0.0, NaN last), so a NaN quantile cannot upset the order.
void SortQuantiles(std::vector<double>& quantiles);

// Spark's quantile position: min((long)(q * count), count - 1) for each sorted quantile.
std::vector<int64_t> QuantileIndices(const std::vector<double>& sorted_quantiles, int64_t count);

// Which distributions ComputeTaskSummary computes, by SummaryField.
using SummaryFieldSet = std::bitset<kSummaryFieldCount>;
inline SummaryFieldSet AllSummaryFields() { return SummaryFieldSet().set(); }

// taskSummary for the tasks `rows` of one stage attempt. nullopt when no task reported metrics
// as a successful task (the 404 "No tasks reported metrics for S / A yet."). Only the `fields`
// asked for are computed (each sorts the stage's tasks: the overview's findings need 3 of the 38);
// the others are left empty.
std::optional<TaskMetricDistributions> ComputeTaskSummary(
    const AttemptModel& model, const std::vector<uint32_t>& rows, std::vector<double> quantiles,
    const SummaryFieldSet& fields = AllSummaryFields());

// The values one distribution of ComputeTaskSummary reads for `field` (the tasks its index
// holds), sorted ascending: what a histogram of the summary's tasks bins.
std::vector<int64_t> SortedSummaryValues(const AttemptModel& model, const std::vector<uint32_t>& rows,
                                         SummaryField field);

// getQuantilesValue over already sorted values; all 0.0 when there are none.
std::vector<double> QuantilesOfSorted(const std::vector<double>& sorted_values,
                                      const std::vector<double>& sorted_quantiles);

// The taskList order: sortBy ID (task id ascending), or by the stored executor run time
// (ascending or descending; ties by task id in the same direction), as Spark's index walk gives.
enum class TaskSortOrder : uint8_t { kId, kIncreasingRuntime, kDecreasingRuntime };
void SortTaskRows(const AttemptModel& model, TaskSortOrder order, std::vector<uint32_t>& rows);

}  // namespace afterglow
