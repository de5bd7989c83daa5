#include "core/api/task_summary_json.h"

namespace afterglow {

void WriteDoublesJson(JsonWriter& w, std::string_view key, const std::vector<double>& values) {
  w.Key(key);
  w.BeginArray();
  for (double v : values) w.Double(v);
  w.EndArray();
}

void WriteTaskSummaryJson(JsonWriter& w, const TaskMetricDistributions& d) {
  using F = SummaryField;
  auto field = [&](std::string_view key, F f) { WriteDoublesJson(w, key, d.of(f)); };
  w.BeginObject();
  WriteDoublesJson(w, "quantiles", d.quantiles);
  field("duration", F::kDuration);
  field("executorDeserializeTime", F::kExecutorDeserializeTime);
  field("executorDeserializeCpuTime", F::kExecutorDeserializeCpuTime);
  field("executorRunTime", F::kExecutorRunTime);
  field("executorCpuTime", F::kExecutorCpuTime);
  field("resultSize", F::kResultSize);
  field("jvmGcTime", F::kJvmGcTime);
  field("resultSerializationTime", F::kResultSerializationTime);
  field("gettingResultTime", F::kGettingResultTime);
  field("schedulerDelay", F::kSchedulerDelay);
  field("peakExecutionMemory", F::kPeakExecutionMemory);
  field("memoryBytesSpilled", F::kMemoryBytesSpilled);
  field("diskBytesSpilled", F::kDiskBytesSpilled);
  w.Key("inputMetrics");
  w.BeginObject();
  field("bytesRead", F::kInputBytesRead);
  field("recordsRead", F::kInputRecordsRead);
  w.EndObject();
  w.Key("outputMetrics");
  w.BeginObject();
  field("bytesWritten", F::kOutputBytesWritten);
  field("recordsWritten", F::kOutputRecordsWritten);
  w.EndObject();
  w.Key("shuffleReadMetrics");
  w.BeginObject();
  field("readBytes", F::kShuffleReadBytes);
  field("readRecords", F::kShuffleReadRecords);
  field("remoteBlocksFetched", F::kShuffleRemoteBlocksFetched);
  field("localBlocksFetched", F::kShuffleLocalBlocksFetched);
  field("fetchWaitTime", F::kShuffleFetchWaitTime);
  field("remoteBytesRead", F::kShuffleRemoteBytesRead);
  field("remoteBytesReadToDisk", F::kShuffleRemoteBytesReadToDisk);
  field("totalBlocksFetched", F::kShuffleTotalBlocksFetched);
  field("remoteReqsDuration", F::kShuffleRemoteReqsDuration);
  w.Key("shufflePushReadMetricsDist");
  w.BeginObject();
  field("corruptMergedBlockChunks", F::kPushCorruptMergedBlockChunks);
  field("mergedFetchFallbackCount", F::kPushMergedFetchFallbackCount);
  field("remoteMergedBlocksFetched", F::kPushRemoteMergedBlocksFetched);
  field("localMergedBlocksFetched", F::kPushLocalMergedBlocksFetched);
  field("remoteMergedChunksFetched", F::kPushRemoteMergedChunksFetched);
  field("localMergedChunksFetched", F::kPushLocalMergedChunksFetched);
  field("remoteMergedBytesRead", F::kPushRemoteMergedBytesRead);
  field("localMergedBytesRead", F::kPushLocalMergedBytesRead);
  field("remoteMergedReqsDuration", F::kPushRemoteMergedReqsDuration);
  w.EndObject();
  w.EndObject();
  w.Key("shuffleWriteMetrics");
  w.BeginObject();
  field("writeBytes", F::kShuffleWriteBytes);
  field("writeRecords", F::kShuffleWriteRecords);
  field("writeTime", F::kShuffleWriteTime);
  w.EndObject();
  w.EndObject();
}

}  // namespace afterglow
