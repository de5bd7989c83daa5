#include "core/analysis/task_quantiles.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/analysis/task_view.h"

namespace afterglow {
namespace {

using M = TaskMetric;
using F = SummaryField;

// The metric behind each plain field (fields with their own formula map to kCount).
constexpr TaskMetric PlainMetric(SummaryField field) {
  switch (field) {
    case F::kExecutorDeserializeTime: return M::kExecutorDeserializeTime;
    case F::kExecutorDeserializeCpuTime: return M::kExecutorDeserializeCpuTime;
    case F::kExecutorRunTime: return M::kExecutorRunTime;
    case F::kExecutorCpuTime: return M::kExecutorCpuTime;
    case F::kResultSize: return M::kResultSize;
    case F::kJvmGcTime: return M::kJvmGcTime;
    case F::kResultSerializationTime: return M::kResultSerializationTime;
    case F::kPeakExecutionMemory: return M::kPeakExecutionMemory;
    case F::kMemoryBytesSpilled: return M::kMemoryBytesSpilled;
    case F::kDiskBytesSpilled: return M::kDiskBytesSpilled;
    case F::kInputBytesRead: return M::kInputBytesRead;
    case F::kInputRecordsRead: return M::kInputRecordsRead;
    case F::kOutputBytesWritten: return M::kOutputBytesWritten;
    case F::kOutputRecordsWritten: return M::kOutputRecordsWritten;
    case F::kShuffleReadRecords: return M::kShuffleRecordsRead;
    case F::kShuffleRemoteBlocksFetched: return M::kShuffleRemoteBlocksFetched;
    case F::kShuffleLocalBlocksFetched: return M::kShuffleLocalBlocksFetched;
    case F::kShuffleFetchWaitTime: return M::kShuffleFetchWaitTime;
    case F::kShuffleRemoteBytesRead: return M::kShuffleRemoteBytesRead;
    case F::kShuffleRemoteBytesReadToDisk: return M::kShuffleRemoteBytesReadToDisk;
    case F::kShuffleRemoteReqsDuration: return M::kShuffleRemoteReqsDuration;
    case F::kPushCorruptMergedBlockChunks: return M::kPushCorruptMergedBlockChunks;
    case F::kPushMergedFetchFallbackCount: return M::kPushMergedFetchFallbackCount;
    case F::kPushRemoteMergedBlocksFetched: return M::kPushRemoteMergedBlocksFetched;
    case F::kPushLocalMergedBlocksFetched: return M::kPushLocalMergedBlocksFetched;
    case F::kPushRemoteMergedChunksFetched: return M::kPushRemoteMergedChunksFetched;
    case F::kPushLocalMergedChunksFetched: return M::kPushLocalMergedChunksFetched;
    case F::kPushRemoteMergedBytesRead: return M::kPushRemoteMergedBytesRead;
    case F::kPushLocalMergedBytesRead: return M::kPushLocalMergedBytesRead;
    case F::kPushRemoteMergedReqsDuration: return M::kPushRemoteMergedReqsDuration;
    case F::kShuffleWriteBytes: return M::kShuffleBytesWritten;
    case F::kShuffleWriteRecords: return M::kShuffleRecordsWritten;
    case F::kShuffleWriteTime: return M::kShuffleWriteTime;
    default: return M::kCount;
  }
}

// The value of the field's store index for one task (ST TaskDataWrapper and its @KVIndex
// getters). Entries below 0 are not in the walk.
int64_t IndexValue(const AttemptModel& model, uint32_t row, SummaryField field,
                   TaskApiStatus status, int64_t now) {
  const bool has_metrics = TaskHasMetrics(model, row);
  switch (field) {
    case F::kDuration:
      // Every task's duration, running and failed ones included (docs/SPARK-SEMANTICS.md fact 58).
      return TaskStoredDuration(model, row, now);
    case F::kSchedulerDelay: {
      if (!has_metrics) return -1;
      return SchedulerDelay(model.tasks.launch_time[row], TaskResultFetchStart(model, row),
                            TaskStoredDuration(model, row, now),
                            ShownTaskMetric(model, row, M::kExecutorDeserializeTime, status),
                            ShownTaskMetric(model, row, M::kResultSerializationTime, status),
                            ShownTaskMetric(model, row, M::kExecutorRunTime, status), now);
    }
    case F::kGettingResultTime:
      if (!has_metrics) return -1;
      return GettingResultTime(model.tasks.launch_time[row], TaskResultFetchStart(model, row),
                               TaskStoredDuration(model, row, now), now);
    case F::kShuffleReadBytes:
      // SPARK-38309: raw stored values, so negative for non-successful tasks.
      if (!has_metrics) return -1;
      return StoredTaskMetric(model, row, M::kShuffleLocalBytesRead, status) +
             StoredTaskMetric(model, row, M::kShuffleRemoteBytesRead, status);
    case F::kShuffleTotalBlocksFetched:
      if (!has_metrics) return -1;
      return StoredTaskMetric(model, row, M::kShuffleLocalBlocksFetched, status) +
             StoredTaskMetric(model, row, M::kShuffleRemoteBlocksFetched, status);
    default:
      return StoredTaskMetric(model, row, PlainMetric(field), status);
  }
}

}  // namespace

void SortQuantiles(std::vector<double>& quantiles) {
  auto rank = [](double q) { return std::isnan(q) ? 1 : 0; };
  std::sort(quantiles.begin(), quantiles.end(), [&](double a, double b) {
    if (rank(a) != rank(b)) return rank(a) < rank(b);
    if (rank(a) == 1) return false;
    if (a == b) return std::signbit(a) && !std::signbit(b);
    return a < b;
  });
}

std::vector<int64_t> QuantileIndices(const std::vector<double>& sorted_quantiles, int64_t count) {
  std::vector<int64_t> indices;
  indices.reserve(sorted_quantiles.size());
  for (double q : sorted_quantiles) {
    // Scala's Double.toLong truncates toward zero (NaN -> 0, saturating at the long range).
    const double scaled = q * static_cast<double>(count);
    int64_t index;
    if (std::isnan(scaled)) index = 0;
    else if (scaled >= 9.2e18) index = std::numeric_limits<int64_t>::max();
    else if (scaled <= -9.2e18) index = std::numeric_limits<int64_t>::min();
    else index = static_cast<int64_t>(scaled);
    indices.push_back(std::min(index, count - 1));
  }
  return indices;
}

std::vector<int64_t> SortedSummaryValues(const AttemptModel& model, const std::vector<uint32_t>& rows,
                                         SummaryField field) {
  const int64_t now = TaskNow(model);
  std::vector<int64_t> values;
  values.reserve(rows.size());
  for (uint32_t row : rows) {
    const int64_t value = IndexValue(model, row, field, TaskStatusOf(model, row), now);
    if (value >= 0) values.push_back(value);
  }
  std::sort(values.begin(), values.end());
  return values;
}

std::optional<TaskMetricDistributions> ComputeTaskSummary(const AttemptModel& model,
                                                          const std::vector<uint32_t>& rows,
                                                          std::vector<double> quantiles,
                                                          const SummaryFieldSet& fields) {
  SortQuantiles(quantiles);
  const int64_t now = TaskNow(model);
  std::vector<TaskApiStatus> statuses;
  statuses.reserve(rows.size());
  int64_t count = 0;
  for (uint32_t row : rows) {
    const TaskApiStatus status = TaskStatusOf(model, row);
    statuses.push_back(status);
    if (StoredTaskMetric(model, row, M::kExecutorRunTime, status) >= 0) ++count;
  }
  if (count <= 0) return std::nullopt;

  TaskMetricDistributions result;
  const std::vector<int64_t> indices = QuantileIndices(quantiles, count);
  result.quantiles = std::move(quantiles);
  std::vector<int64_t> walk;
  walk.reserve(rows.size());
  for (size_t f = 0; f < kSummaryFieldCount; ++f) {
    if (!fields.test(f)) continue;
    walk.clear();
    for (size_t i = 0; i < rows.size(); ++i) {
      const int64_t value = IndexValue(model, rows[i], static_cast<SummaryField>(f), statuses[i], now);
      if (value >= 0) walk.push_back(value);
    }
    std::sort(walk.begin(), walk.end());
    std::vector<double>& out = result.values[f];
    out.reserve(indices.size());
    // scanTasks over the index iterator: a repeated position reuses the last value; otherwise
    // skip(diff - 1) then next(). Past the end reads NaN; skip(n <= 0) skips nothing, so a
    // negative quantile's position -1 reads NaN and lower ones read the first entry.
    const double kNaN = std::numeric_limits<double>::quiet_NaN();
    double last = kNaN;
    int64_t current = -1;
    size_t next = 0;  // the iterator's position in `walk`
    for (int64_t index : indices) {
      if (index == current) {
        out.push_back(last);
        continue;
      }
      const int64_t skip = index - current - 1;
      current = index;
      if (skip > 0) next = std::min(walk.size(), next + static_cast<size_t>(skip));
      if (next < walk.size()) {
        last = static_cast<double>(walk[next++]);
        out.push_back(last);
      } else {
        out.push_back(kNaN);
      }
    }
  }
  return result;
}

std::vector<double> QuantilesOfSorted(const std::vector<double>& sorted_values,
                                      const std::vector<double>& sorted_quantiles) {
  if (sorted_values.empty()) return std::vector<double>(sorted_quantiles.size(), 0.0);
  std::vector<double> out;
  for (int64_t index : QuantileIndices(sorted_quantiles, static_cast<int64_t>(sorted_values.size()))) {
    out.push_back(sorted_values[static_cast<size_t>(std::max<int64_t>(index, 0))]);
  }
  return out;
}

void SortTaskRows(const AttemptModel& model, TaskSortOrder order, std::vector<uint32_t>& rows) {
  const auto& ids = model.tasks.task_id;
  if (order == TaskSortOrder::kId) {
    std::sort(rows.begin(), rows.end(), [&](uint32_t a, uint32_t b) { return ids[a] < ids[b]; });
    return;
  }
  std::vector<std::pair<int64_t, uint32_t>> keyed;
  keyed.reserve(rows.size());
  for (uint32_t row : rows) {
    keyed.emplace_back(StoredTaskMetric(model, row, M::kExecutorRunTime, TaskStatusOf(model, row)),
                       row);
  }
  std::sort(keyed.begin(), keyed.end(), [&](const auto& a, const auto& b) {
    if (a.first != b.first) return a.first < b.first;
    return ids[a.second] < ids[b.second];
  });
  if (order == TaskSortOrder::kDecreasingRuntime) std::reverse(keyed.begin(), keyed.end());
  for (size_t i = 0; i < rows.size(); ++i) rows[i] = keyed[i].second;
}

}  // namespace afterglow
