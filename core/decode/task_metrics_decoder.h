// The metric groups of a task event, "Task Metrics" (its top-level times and sizes, shuffle read
// with its push-based part, shuffle write, input, output) and "Task Executor Metrics" /
// "Executor Metrics" (kExecutorMetricNames), each with its keys in the order Spark writes them
// (known_fields.h) and the TaskMetric each key fills. Templates over the value, so that the
// simdjson path (od::value) and the raw fast path (json::RawCursor&) share one list of keys.
#pragma once

#include <array>
#include <cstddef>
#include <iterator>
#include <string_view>

#include "core/decode/json_fields.h"
#include "core/decode/known_fields.h"
#include "core/decode/raw_json_cursor.h"
#include "core/events/executor_metrics.h"
#include "core/events/task_metrics.h"
#include "simdjson.h"

namespace afterglow::json {

// A key of a metrics group and the TaskMetric its value fills.
struct MetricField {
  std::string_view key;
  TaskMetric metric;
};

// The keys of a group's fields, in its order (known_fields.h), then `more` (nested groups).
template <size_t N, size_t M>
constexpr std::array<std::string_view, N + M> KeysOf(const MetricField (&fields)[N],
                                                     const std::string_view (&more)[M]) {
  std::array<std::string_view, N + M> keys{};
  for (size_t i = 0; i < N; ++i) keys[i] = fields[i].key;
  for (size_t i = 0; i < M; ++i) keys[N + i] = more[i];
  return keys;
}
template <size_t N>
constexpr std::array<std::string_view, N> KeysOf(const MetricField (&fields)[N]) {
  std::array<std::string_view, N> keys{};
  for (size_t i = 0; i < N; ++i) keys[i] = fields[i].key;
  return keys;
}

template <const auto& kKeys, typename Value, size_t N>
error_code DecodeMetricGroup(Value&& value, const MetricField (&fields)[N], TaskMetricValues& out) {
  return ForEachKnownField<kKeys>(value, [&](auto key, auto&& v) -> error_code {
    return key < N ? ReadInt64(v, out[fields[key].metric]) : simdjson::SUCCESS;
  });
}

inline constexpr MetricField kPushReadFields[] = {
    {"Corrupt Merged Block Chunks", TaskMetric::kPushCorruptMergedBlockChunks},
    {"Merged Fallback Count", TaskMetric::kPushMergedFetchFallbackCount},
    {"Merged Remote Blocks Fetched", TaskMetric::kPushRemoteMergedBlocksFetched},
    {"Merged Local Blocks Fetched", TaskMetric::kPushLocalMergedBlocksFetched},
    {"Merged Remote Chunks Fetched", TaskMetric::kPushRemoteMergedChunksFetched},
    {"Merged Local Chunks Fetched", TaskMetric::kPushLocalMergedChunksFetched},
    {"Merged Remote Bytes Read", TaskMetric::kPushRemoteMergedBytesRead},
    {"Merged Local Bytes Read", TaskMetric::kPushLocalMergedBytesRead},
    {"Merged Remote Requests Duration", TaskMetric::kPushRemoteMergedReqsDuration},
};
inline constexpr auto kPushReadKeys = MakeKnownKeys(KeysOf(kPushReadFields));
inline constexpr MetricField kShuffleWriteFields[] = {
    {"Shuffle Bytes Written", TaskMetric::kShuffleBytesWritten},
    {"Shuffle Write Time", TaskMetric::kShuffleWriteTime},
    {"Shuffle Records Written", TaskMetric::kShuffleRecordsWritten},
};
inline constexpr auto kShuffleWriteKeys = MakeKnownKeys(KeysOf(kShuffleWriteFields));
inline constexpr MetricField kInputFields[] = {
    {"Bytes Read", TaskMetric::kInputBytesRead},
    {"Records Read", TaskMetric::kInputRecordsRead},
};
inline constexpr auto kInputKeys = MakeKnownKeys(KeysOf(kInputFields));
inline constexpr MetricField kOutputFields[] = {
    {"Bytes Written", TaskMetric::kOutputBytesWritten},
    {"Records Written", TaskMetric::kOutputRecordsWritten},
};
inline constexpr auto kOutputKeys = MakeKnownKeys(KeysOf(kOutputFields));
inline constexpr MetricField kShuffleReadFields[] = {
    {"Remote Blocks Fetched", TaskMetric::kShuffleRemoteBlocksFetched},
    {"Local Blocks Fetched", TaskMetric::kShuffleLocalBlocksFetched},
    {"Fetch Wait Time", TaskMetric::kShuffleFetchWaitTime},
    {"Remote Bytes Read", TaskMetric::kShuffleRemoteBytesRead},
    {"Remote Bytes Read To Disk", TaskMetric::kShuffleRemoteBytesReadToDisk},
    {"Local Bytes Read", TaskMetric::kShuffleLocalBytesRead},
    {"Total Records Read", TaskMetric::kShuffleRecordsRead},
    {"Remote Requests Duration", TaskMetric::kShuffleRemoteReqsDuration},
};
// Spark 3.2+ writers put push-based metrics under "Push Based Shuffle", but the pinned History
// Server's reader looks for "Shuffle Push Read Metrics" (SPARK-43100, fixed upstream later). We
// read what that History Server reads, so its answers match; the writer's key is deliberately
// ignored.
inline constexpr auto kShuffleReadKeys =
    MakeKnownKeys(KeysOf(kShuffleReadFields, {"Shuffle Push Read Metrics"}));
inline constexpr MetricField kTopLevelFields[] = {
    {"Executor Deserialize Time", TaskMetric::kExecutorDeserializeTime},
    {"Executor Deserialize CPU Time", TaskMetric::kExecutorDeserializeCpuTime},
    {"Executor Run Time", TaskMetric::kExecutorRunTime},
    {"Executor CPU Time", TaskMetric::kExecutorCpuTime},
    {"Peak Execution Memory", TaskMetric::kPeakExecutionMemory},
    {"Result Size", TaskMetric::kResultSize},
    {"JVM GC Time", TaskMetric::kJvmGcTime},
    {"Result Serialization Time", TaskMetric::kResultSerializationTime},
    {"Memory Bytes Spilled", TaskMetric::kMemoryBytesSpilled},
    {"Disk Bytes Spilled", TaskMetric::kDiskBytesSpilled},
};
// "Updated Blocks" is not read; listed so the key after it is still predicted.
inline constexpr auto kTaskMetricsKeys = MakeKnownKeys(
    KeysOf(kTopLevelFields, {"Shuffle Read Metrics", "Shuffle Write Metrics", "Input Metrics",
                             "Output Metrics", "Updated Blocks"}));

template <typename Value>
error_code DecodeShuffleRead(Value&& value, TaskMetricValues& out) {
  constexpr size_t kFields = std::size(kShuffleReadFields);
  return ForEachKnownField<kShuffleReadKeys>(value, [&](auto key, auto&& v) -> error_code {
    if (key < kFields) return ReadInt64(v, out[kShuffleReadFields[key].metric]);
    if (key == KeyIndex(kShuffleReadKeys, "Shuffle Push Read Metrics")) {
      return DecodeMetricGroup<kPushReadKeys>(v, kPushReadFields, out);
    }
    return simdjson::SUCCESS;
  });
}

template <typename Value>
error_code DecodeTaskMetrics(Value&& value, TaskMetricValues& out) {
  out = TaskMetricValues{};
  constexpr size_t kFields = std::size(kTopLevelFields);
  return ForEachKnownField<kTaskMetricsKeys>(value, [&](auto key, auto&& v) -> error_code {
    if (key < kFields) return ReadInt64(v, out[kTopLevelFields[key].metric]);
    switch (key) {
      case KeyIndex(kTaskMetricsKeys, "Shuffle Read Metrics"): return DecodeShuffleRead(v, out);
      case KeyIndex(kTaskMetricsKeys, "Shuffle Write Metrics"):
        return DecodeMetricGroup<kShuffleWriteKeys>(v, kShuffleWriteFields, out);
      case KeyIndex(kTaskMetricsKeys, "Input Metrics"):
        return DecodeMetricGroup<kInputKeys>(v, kInputFields, out);
      case KeyIndex(kTaskMetricsKeys, "Output Metrics"):
        return DecodeMetricGroup<kOutputKeys>(v, kOutputFields, out);
      default: return simdjson::SUCCESS;
    }
  });
}

inline constexpr auto kExecutorMetricKeys = MakeKnownKeys(kExecutorMetricNames);

template <typename Value>
error_code DecodeExecutorMetrics(Value&& value, ExecutorMetricValues& out) {
  out = ExecutorMetricValues{};
  // Spark writes them in kExecutorMetricNames order.
  return ForEachKnownField<kExecutorMetricKeys>(value, [&](auto key, auto&& v) -> error_code {
    return key < kExecutorMetricCount ? ReadInt64(v, out.values[key]) : simdjson::SUCCESS;
  });
}

}  // namespace afterglow::json
