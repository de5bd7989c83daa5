// applications/{id}[/{attempt}]/stages with the repeatable status filter (facts 30-40).
// Stage details (tasks, executorSummary), stages/{id}, stages/{id}/{attempt}, taskSummary and
// taskList come with issue 3.
#include "core/api/dates.h"
#include "core/api/endpoints.h"
#include "core/api/json_writer.h"

namespace afterglow {
namespace {

constexpr const char* kStageStatusNames[] = {"ACTIVE", "COMPLETE", "FAILED", "PENDING", "SKIPPED"};

void WriteOpt(JsonWriter& w, const StringPool& pool, const char* key, const OptString& value) {
  if (value.present) w.Field(key, pool.Get(value.id));
}

void WriteStage(JsonWriter& w, const StringPool& pool, const StageAttempt& s) {
  const TaskMetricValues& m = s.metrics;
  using M = TaskMetric;
  w.BeginObject();
  w.Field("status", kStageStatusNames[static_cast<int>(s.status)]);
  w.FieldInt("stageId", s.stage_id);
  w.FieldInt("attemptId", s.attempt_id);
  w.FieldInt("numTasks", s.num_tasks);
  w.FieldInt("numActiveTasks", s.active_tasks);
  w.FieldInt("numCompleteTasks", s.completed_tasks);
  w.FieldInt("numFailedTasks", s.failed_tasks);
  w.FieldInt("numKilledTasks", s.killed_tasks);
  w.FieldInt("numCompletedIndices", static_cast<int64_t>(s.completed_indices.size()));
  if (s.submission_time != kNoTime) w.Field("submissionTime", FormatSparkDate(s.submission_time));
  if (s.first_launch_time != INT64_MAX) {
    w.Field("firstTaskLaunchedTime", FormatSparkDate(s.first_launch_time));
  }
  if (s.completion_time != kNoTime) w.Field("completionTime", FormatSparkDate(s.completion_time));
  WriteOpt(w, pool, "failureReason", s.failure_reason);
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
  w.FieldInt("shuffleReadBytes", m[M::kShuffleLocalBytesRead] + m[M::kShuffleRemoteBytesRead]);
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
  w.Field("name", pool.Get(s.name));
  WriteOpt(w, pool, "description", s.description);
  w.Field("details", pool.Get(s.details));
  w.Field("schedulingPool", pool.Get(s.scheduling_pool));
  w.Key("rddIds");
  w.BeginArray();
  for (int32_t id : s.rdd_ids) w.Int(id);
  w.EndArray();
  w.Key("accumulatorUpdates");
  w.BeginArray();
  for (const StageAccumulable& acc : s.accumulables) {
    w.BeginObject();
    w.FieldInt("id", acc.id);
    WriteOpt(w, pool, "name", acc.name);
    WriteOpt(w, pool, "update", acc.update);
    WriteOpt(w, pool, "value", acc.value);
    w.EndObject();
  }
  w.EndArray();
  w.Key("killedTasksSummary");
  w.BeginObject();
  for (const auto& [reason, count] : s.killed_summary) w.FieldInt(pool.Get(reason), count);
  w.EndObject();
  w.FieldInt("resourceProfileId", s.resource_profile_id);
  if (s.peak_executor_metrics.is_set()) {
    w.Key("peakExecutorMetrics");
    w.BeginObject();
    for (size_t i = 0; i < kExecutorMetricCount; ++i) {
      w.FieldInt(kExecutorMetricNames[i], s.peak_executor_metrics.peaks[i]);
    }
    w.EndObject();
  }
  w.FieldBool("isShufflePushEnabled", s.shuffle_push_enabled);
  w.FieldInt("shuffleMergersCount", s.shuffle_mergers_count);
  w.EndObject();
}

}  // namespace

ApiResponse StagesEndpoint(const ApiData& data, const AttemptModel& attempt,
                           const std::vector<std::string>& rest, const ApiRequest& request) {
  if (!rest.empty()) {
    // stages/{id}[/{attempt}[/taskSummary|taskList]]: issue 3.
    return NotFound(IsDigits(rest[0]) ? "not implemented yet: stages/" + rest[0] : "");
  }
  bool wanted[5] = {false, false, false, false, false};
  const std::vector<std::string> statuses = request.Values("status");
  for (const std::string& status : statuses) {
    bool known = false;
    for (int i = 0; i < 5; ++i) {
      if (EqualsIgnoreCase(status, kStageStatusNames[i])) wanted[i] = known = true;
    }
    if (!known) return NotFound("unknown stage status: " + status);  // JAX-RS conversion failure
  }
  JsonWriter w;
  w.BeginArray();
  for (auto it = attempt.stage_rows.rbegin(); it != attempt.stage_rows.rend(); ++it) {
    const StageAttempt& stage = attempt.stage(it->second);
    if (!statuses.empty() && !wanted[static_cast<int>(stage.status)]) continue;
    WriteStage(w, *data.pool, stage);
  }
  w.EndArray();
  return {200, w.Take()};
}

}  // namespace afterglow
