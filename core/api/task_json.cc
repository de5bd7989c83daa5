#include "core/api/task_json.h"

#include "core/api/dates.h"

namespace afterglow {
namespace {

void WriteTaskOpt(JsonWriter& w, const StringPool& pool, const char* key, const OptString& value) {
  if (value.present) w.Field(key, pool.Get(value.id));
}

// TaskData.taskMetrics (API TaskMetrics and its nested objects): each JSON object's fields in
// Spark's order, with the stored metric behind each. One table per object, so a field is
// named and mapped in exactly one place.
struct TaskMetricField {
  const char* name;
  TaskMetric metric;
};
constexpr TaskMetricField kTaskMetricFields[] = {
    {"executorDeserializeTime", TaskMetric::kExecutorDeserializeTime},
    {"executorDeserializeCpuTime", TaskMetric::kExecutorDeserializeCpuTime},
    {"executorRunTime", TaskMetric::kExecutorRunTime},
    {"executorCpuTime", TaskMetric::kExecutorCpuTime},
    {"resultSize", TaskMetric::kResultSize},
    {"jvmGcTime", TaskMetric::kJvmGcTime},
    {"resultSerializationTime", TaskMetric::kResultSerializationTime},
    {"memoryBytesSpilled", TaskMetric::kMemoryBytesSpilled},
    {"diskBytesSpilled", TaskMetric::kDiskBytesSpilled},
    {"peakExecutionMemory", TaskMetric::kPeakExecutionMemory},
};
constexpr TaskMetricField kInputMetricFields[] = {
    {"bytesRead", TaskMetric::kInputBytesRead},
    {"recordsRead", TaskMetric::kInputRecordsRead},
};
constexpr TaskMetricField kOutputMetricFields[] = {
    {"bytesWritten", TaskMetric::kOutputBytesWritten},
    {"recordsWritten", TaskMetric::kOutputRecordsWritten},
};
constexpr TaskMetricField kShuffleReadMetricFields[] = {
    {"remoteBlocksFetched", TaskMetric::kShuffleRemoteBlocksFetched},
    {"localBlocksFetched", TaskMetric::kShuffleLocalBlocksFetched},
    {"fetchWaitTime", TaskMetric::kShuffleFetchWaitTime},
    {"remoteBytesRead", TaskMetric::kShuffleRemoteBytesRead},
    {"remoteBytesReadToDisk", TaskMetric::kShuffleRemoteBytesReadToDisk},
    {"localBytesRead", TaskMetric::kShuffleLocalBytesRead},
    {"recordsRead", TaskMetric::kShuffleRecordsRead},
    {"remoteReqsDuration", TaskMetric::kShuffleRemoteReqsDuration},
};
constexpr TaskMetricField kShufflePushReadMetricFields[] = {
    {"corruptMergedBlockChunks", TaskMetric::kPushCorruptMergedBlockChunks},
    {"mergedFetchFallbackCount", TaskMetric::kPushMergedFetchFallbackCount},
    {"remoteMergedBlocksFetched", TaskMetric::kPushRemoteMergedBlocksFetched},
    {"localMergedBlocksFetched", TaskMetric::kPushLocalMergedBlocksFetched},
    {"remoteMergedChunksFetched", TaskMetric::kPushRemoteMergedChunksFetched},
    {"localMergedChunksFetched", TaskMetric::kPushLocalMergedChunksFetched},
    {"remoteMergedBytesRead", TaskMetric::kPushRemoteMergedBytesRead},
    {"localMergedBytesRead", TaskMetric::kPushLocalMergedBytesRead},
    {"remoteMergedReqsDuration", TaskMetric::kPushRemoteMergedReqsDuration},
};
constexpr TaskMetricField kShuffleWriteMetricFields[] = {
    {"bytesWritten", TaskMetric::kShuffleBytesWritten},
    {"writeTime", TaskMetric::kShuffleWriteTime},
    {"recordsWritten", TaskMetric::kShuffleRecordsWritten},
};

}  // namespace

void WriteTaskJson(JsonWriter& w, const StringPool& pool, const TaskRow& task) {
  w.BeginObject();
  w.FieldInt("taskId", task.task_id);
  w.FieldInt("index", task.index);
  w.FieldInt("attempt", task.attempt);
  w.FieldInt("partitionId", task.partition_id);
  w.Field("launchTime", FormatSparkDate(task.launch_time));
  if (task.result_fetch_start != kNoTime) {
    w.Field("resultFetchStart", FormatSparkDate(task.result_fetch_start));
  }
  if (task.duration > 0) w.FieldInt("duration", task.duration);
  w.Field("executorId", task.executor_id);
  w.Field("host", task.host);
  w.Field("status", TaskApiStatusName(task.status));
  w.Field("taskLocality", task.locality);
  w.FieldBool("speculative", task.speculative);
  w.Key("accumulatorUpdates");
  w.BeginArray();
  for (const TaskAccumulable& acc : task.accumulables) {
    w.BeginObject();
    w.FieldInt("id", acc.id);
    WriteTaskOpt(w, pool, "name", acc.name);
    WriteTaskOpt(w, pool, "update", acc.update);
    WriteTaskOpt(w, pool, "value", acc.value);
    w.EndObject();
  }
  w.EndArray();
  if (task.has_error) w.Field("errorMessage", task.error_message);
  if (task.has_metrics) {
    auto fields = [&](const auto& table) {
      for (const TaskMetricField& f : table) w.FieldInt(f.name, task.metrics[f.metric]);
    };
    auto object = [&](std::string_view key, const auto& table) {
      w.Key(key);
      w.BeginObject();
      fields(table);
      w.EndObject();
    };
    w.Key("taskMetrics");
    w.BeginObject();
    fields(kTaskMetricFields);
    object("inputMetrics", kInputMetricFields);
    object("outputMetrics", kOutputMetricFields);
    w.Key("shuffleReadMetrics");
    w.BeginObject();
    fields(kShuffleReadMetricFields);
    object("shufflePushReadMetrics", kShufflePushReadMetricFields);
    w.EndObject();
    object("shuffleWriteMetrics", kShuffleWriteMetricFields);
    w.EndObject();
  }
  w.Key("executorLogs");
  w.BeginObject();
  if (task.executor_logs != nullptr) {
    for (const auto& [key, value] : *task.executor_logs) w.Field(pool.Get(key), pool.Get(value));
  }
  w.EndObject();
  w.FieldInt("schedulerDelay", task.scheduler_delay);
  w.FieldInt("gettingResultTime", task.getting_result_time);
  w.EndObject();
}

}  // namespace afterglow
