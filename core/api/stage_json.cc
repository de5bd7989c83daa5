#include "core/api/stage_json.h"

#include "core/api/dates.h"

namespace afterglow {
namespace {

void WriteStageOpt(JsonWriter& w, const char* key, const OptText& value) {
  if (value.present) w.Field(key, value.text);
}

}  // namespace

void WriteStageJson(JsonWriter& w, const StringPool& pool, const StageRow& s,
                    const std::function<void(JsonWriter&)>& extra) {
  const TaskMetricValues& m = s.metrics;
  using M = TaskMetric;
  w.BeginObject();
  w.Field("status", StageStatusName(s.status));
  w.FieldInt("stageId", s.stage_id);
  w.FieldInt("attemptId", s.attempt_id);
  w.FieldInt("numTasks", s.num_tasks);
  w.FieldInt("numActiveTasks", s.active_tasks);
  w.FieldInt("numCompleteTasks", s.complete_tasks);
  w.FieldInt("numFailedTasks", s.failed_tasks);
  w.FieldInt("numKilledTasks", s.killed_tasks);
  w.FieldInt("numCompletedIndices", s.completed_indices);
  if (s.submission_time != kNoTime) w.Field("submissionTime", FormatSparkDate(s.submission_time));
  if (s.first_launch_time != kNoTime) {
    w.Field("firstTaskLaunchedTime", FormatSparkDate(s.first_launch_time));
  }
  if (s.completion_time != kNoTime) w.Field("completionTime", FormatSparkDate(s.completion_time));
  WriteStageOpt(w, "failureReason", s.failure_reason);
  w.FieldInt("executorDeserializeTime", m[M::kExecutorDeserializeTime]);
  w.FieldInt("executorDeserializeCpuTime", m[M::kExecutorDeserializeCpuTime]);
  w.FieldInt("executorRunTime", m[M::kExecutorRunTime]);
  w.FieldInt("executorCpuTime", m[M::kExecutorCpuTime]);
  w.FieldInt("resultSize", m[M::kResultSize]);
  w.FieldInt("jvmGcTime", m[M::kJvmGcTime]);
  w.FieldInt("resultSerializationTime", m[M::kResultSerializationTime]);
  w.FieldInt("memoryBytesSpilled", m[M::kMemoryBytesSpilled]);
  w.FieldInt("diskBytesSpilled", m[M::kDiskBytesSpilled]);
  w.FieldInt("peakExecutionMemory", m[M::kPeakExecutionMemory]);
  w.FieldInt("inputBytes", m[M::kInputBytesRead]);
  w.FieldInt("inputRecords", m[M::kInputRecordsRead]);
  w.FieldInt("outputBytes", m[M::kOutputBytesWritten]);
  w.FieldInt("outputRecords", m[M::kOutputRecordsWritten]);
  w.FieldInt("shuffleRemoteBlocksFetched", m[M::kShuffleRemoteBlocksFetched]);
  w.FieldInt("shuffleLocalBlocksFetched", m[M::kShuffleLocalBlocksFetched]);
  w.FieldInt("shuffleFetchWaitTime", m[M::kShuffleFetchWaitTime]);
  w.FieldInt("shuffleRemoteBytesRead", m[M::kShuffleRemoteBytesRead]);
  w.FieldInt("shuffleRemoteBytesReadToDisk", m[M::kShuffleRemoteBytesReadToDisk]);
  w.FieldInt("shuffleLocalBytesRead", m[M::kShuffleLocalBytesRead]);
  w.FieldInt("shuffleReadBytes", m.ShuffleReadBytes());
  w.FieldInt("shuffleReadRecords", m[M::kShuffleRecordsRead]);
  w.FieldInt("shuffleCorruptMergedBlockChunks", m[M::kPushCorruptMergedBlockChunks]);
  w.FieldInt("shuffleMergedFetchFallbackCount", m[M::kPushMergedFetchFallbackCount]);
  w.FieldInt("shuffleMergedRemoteBlocksFetched", m[M::kPushRemoteMergedBlocksFetched]);
  w.FieldInt("shuffleMergedLocalBlocksFetched", m[M::kPushLocalMergedBlocksFetched]);
  w.FieldInt("shuffleMergedRemoteChunksFetched", m[M::kPushRemoteMergedChunksFetched]);
  w.FieldInt("shuffleMergedLocalChunksFetched", m[M::kPushLocalMergedChunksFetched]);
  w.FieldInt("shuffleMergedRemoteBytesRead", m[M::kPushRemoteMergedBytesRead]);
  w.FieldInt("shuffleMergedLocalBytesRead", m[M::kPushLocalMergedBytesRead]);
  w.FieldInt("shuffleRemoteReqsDuration", m[M::kShuffleRemoteReqsDuration]);
  w.FieldInt("shuffleMergedRemoteReqsDuration", m[M::kPushRemoteMergedReqsDuration]);
  w.FieldInt("shuffleWriteBytes", m[M::kShuffleBytesWritten]);
  w.FieldInt("shuffleWriteTime", m[M::kShuffleWriteTime]);
  w.FieldInt("shuffleWriteRecords", m[M::kShuffleRecordsWritten]);
  w.Field("name", s.name);
  WriteStageOpt(w, "description", s.description);
  w.Field("details", s.details);
  w.Field("schedulingPool", s.scheduling_pool);
  w.Key("rddIds");
  w.BeginArray();
  for (int32_t id : s.rdd_ids) w.Int(id);
  w.EndArray();
  w.Key("accumulatorUpdates");
  w.BeginArray();
  for (const StageAccumulable& acc : s.accumulables) {
    w.BeginObject();
    w.FieldInt("id", acc.id);
    WriteStageOpt(w, "name", OptTextOf(pool, acc.name));
    WriteStageOpt(w, "update", OptTextOf(pool, acc.update));
    WriteStageOpt(w, "value", OptTextOf(pool, acc.value));
    w.EndObject();
  }
  w.EndArray();
  w.Key("killedTasksSummary");
  w.BeginObject();
  for (const auto& [reason, count] : *s.killed_summary) w.FieldInt(pool.Get(reason), count);
  w.EndObject();
  w.FieldInt("resourceProfileId", s.resource_profile_id);
  if (s.peak_executor_metrics->is_set()) {
    w.Key("peakExecutorMetrics");
    w.BeginObject();
    for (size_t i = 0; i < kExecutorMetricCount; ++i) {
      w.FieldInt(kExecutorMetricNames[i], s.peak_executor_metrics->peaks[i]);
    }
    w.EndObject();
  }
  w.FieldBool("isShufflePushEnabled", s.shuffle_push_enabled);
  w.FieldInt("shuffleMergersCount", s.shuffle_mergers_count);
  if (extra) extra(w);
  w.EndObject();
}

}  // namespace afterglow
