// The task metrics Spark sums per stage attempt, as one fixed array indexed by TaskMetric so sums
// and deltas are plain loops. Order follows LiveEntityHelpers.createMetrics, then the push-based
// shuffle read fields.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace afterglow {

enum class TaskMetric : uint8_t {
  kExecutorDeserializeTime,
  kExecutorDeserializeCpuTime,
  kExecutorRunTime,
  kExecutorCpuTime,
  kResultSize,
  kJvmGcTime,
  kResultSerializationTime,
  kMemoryBytesSpilled,
  kDiskBytesSpilled,
  kPeakExecutionMemory,
  kInputBytesRead,
  kInputRecordsRead,
  kOutputBytesWritten,
  kOutputRecordsWritten,
  kShuffleRemoteBlocksFetched,
  kShuffleLocalBlocksFetched,
  kShuffleFetchWaitTime,
  kShuffleRemoteBytesRead,
  kShuffleRemoteBytesReadToDisk,
  kShuffleLocalBytesRead,
  kShuffleRecordsRead,
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
  kShuffleBytesWritten,
  kShuffleWriteTime,  // nanoseconds, as Spark records it
  kShuffleRecordsWritten,
  kCount
};

inline constexpr size_t kTaskMetricCount = static_cast<size_t>(TaskMetric::kCount);

// Metric values of one task, or sums over tasks. Missing fields in a log read as 0 (JsonProtocol).
struct TaskMetricValues {
  std::array<int64_t, kTaskMetricCount> values{};

  int64_t operator[](TaskMetric m) const { return values[static_cast<size_t>(m)]; }
  int64_t& operator[](TaskMetric m) { return values[static_cast<size_t>(m)]; }
  void Add(const TaskMetricValues& other) {
    for (size_t i = 0; i < kTaskMetricCount; ++i) values[i] += other.values[i];
  }
  // Spark's shuffleReadBytes: local plus remote bytes read (v1.StageData, ExecutorSummary).
  int64_t ShuffleReadBytes() const {
    return (*this)[TaskMetric::kShuffleLocalBytesRead] +
           (*this)[TaskMetric::kShuffleRemoteBytesRead];
  }
};

}  // namespace afterglow
