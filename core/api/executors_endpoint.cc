// applications/{id}[/{attempt}]/executors, allexecutors, executors/{id}/threads and threads
// (v1.ExecutorSummary; docs/SPARK-SEMANTICS.md facts 64-73).
#include "core/api/dates.h"
#include "core/api/endpoints.h"
#include "core/api/executor_view.h"
#include "core/api/json_writer.h"
#include "core/base/epoch_clock.h"
#include "core/model/driver_id.h"

namespace afterglow {
namespace {

void WritePairs(JsonWriter& w, const StringPool& pool, std::string_view key,
                const StringPairs& pairs) {
  w.Key(key);
  w.BeginObject();
  for (const auto& [name, value] : pairs) w.Field(pool.Get(name), pool.Get(value));
  w.EndObject();
}

void WriteStageIds(JsonWriter& w, std::string_view key, const std::vector<int32_t>& ids) {
  w.Key(key);
  w.BeginArray();
  for (int32_t id : ids) w.Int(id);
  w.EndArray();
}

void WriteExecutor(JsonWriter& w, const StringPool& pool, const AttemptModel& attempt,
                   const Executor& e, int64_t now_ms) {
  w.BeginObject();
  w.Field("id", pool.Get(e.executor_id));
  // hostPort: the block manager's host:port, else the ExecutorAdded host.
  if (e.host_port != kEmptyString) w.Field("hostPort", pool.Get(e.host_port));
  else if (e.host != kEmptyString) w.Field("hostPort", pool.Get(e.host));
  w.FieldBool("isActive", e.is_active);
  w.FieldInt("rddBlocks", e.rdd_blocks);
  w.FieldInt("memoryUsed", e.memory_used);
  w.FieldInt("diskUsed", e.disk_used);
  w.FieldInt("totalCores", e.total_cores);
  w.FieldInt("maxTasks", e.max_tasks);
  w.FieldInt("activeTasks", e.active_tasks);
  w.FieldInt("failedTasks", e.failed_tasks);
  w.FieldInt("completedTasks", e.completed_tasks);
  w.FieldInt("totalTasks", e.total_tasks);
  w.FieldInt("totalDuration", ShownTotalDuration(attempt, pool, e, now_ms));
  w.FieldInt("totalGCTime", ShownTotalGcTime(pool, e));
  w.FieldInt("totalInputBytes", e.total_input_bytes);
  w.FieldInt("totalShuffleRead", e.total_shuffle_read);
  w.FieldInt("totalShuffleWrite", e.total_shuffle_write);
  w.FieldBool("isBlacklisted", e.is_excluded);
  w.FieldInt("maxMemory", e.max_memory);
  w.Field("addTime", FormatSparkDate(e.add_time));
  if (!e.is_active && e.remove_time != kNoTime) {
    w.Field("removeTime", FormatSparkDate(e.remove_time));
    w.Field("removeReason", pool.Get(e.remove_reason));
  }
  WritePairs(w, pool, "executorLogs", e.executor_logs);
  if (e.has_memory_info()) {
    w.Key("memoryMetrics");
    w.BeginObject();
    w.FieldInt("usedOnHeapStorageMemory", e.used_on_heap);
    w.FieldInt("usedOffHeapStorageMemory", e.used_off_heap);
    w.FieldInt("totalOnHeapStorageMemory", e.total_on_heap);
    w.FieldInt("totalOffHeapStorageMemory", e.total_off_heap);
    w.EndObject();
  }
  WriteStageIds(w, "blacklistedInStages", e.excluded_in_stages);
  if (e.peak_executor_metrics.is_set()) {
    w.Key("peakMemoryMetrics");
    w.BeginObject();
    for (size_t i = 0; i < kExecutorMetricCount; ++i) {
      w.FieldInt(kExecutorMetricNames[i], e.peak_executor_metrics.peaks[i]);
    }
    w.EndObject();
  }
  WritePairs(w, pool, "attributes", e.attributes);
  w.Key("resources");
  w.BeginObject();
  for (const ResourceInformation& resource : e.resources) {
    w.Key(pool.Get(resource.key));
    w.BeginObject();
    w.Field("name", pool.Get(resource.name));
    w.Key("addresses");
    w.BeginArray();
    for (StringId address : resource.addresses) w.String(pool.Get(address));
    w.EndArray();
    w.EndObject();
  }
  w.EndObject();
  w.FieldInt("resourceProfileId", e.resource_profile_id);
  w.FieldBool("isExcluded", e.is_excluded);
  WriteStageIds(w, "excludedInStages", e.excluded_in_stages);
  w.EndObject();
}

ApiResponse ExecutorList(const ApiData& data, const AttemptModel& attempt, bool active_only) {
  const int64_t now_ms = NowEpochMs();
  JsonWriter w(data.item_sink);
  w.BeginArray();
  for (const Executor* executor : ShownExecutors(attempt, *data.pool, active_only)) {
    WriteExecutor(w, *data.pool, attempt, *executor, now_ms);
  }
  w.EndArray();
  return {200, w.Take()};
}

// OAR threadDump: the id is checked first (400), then the History Server has no live
// SparkContext to ask (503).
ApiResponse ThreadDump(const std::string& executor_id) {
  bool valid = executor_id == kDriverExecutorId;
  if (!valid) {
    valid = true;  // Scala's forall: an empty id passes
    for (char c : executor_id) valid = valid && c >= '0' && c <= '9';
  }
  if (!valid) return BadRequest("Invalid executorId: neither 'driver' nor number.");
  return {503, "Thread dumps not available through the history server."};
}

}  // namespace

ApiResponse ExecutorsEndpoint(const ApiData& data, const AttemptModel& attempt,
                              const std::vector<std::string>& rest, const ApiRequest& request) {
  if (rest.empty()) return ExecutorList(data, attempt, /*active_only=*/true);
  if (rest.size() == 2 && rest[1] == "threads") return ThreadDump(rest[0]);
  return NotFound("");
}

ApiResponse AllExecutorsEndpoint(const ApiData& data, const AttemptModel& attempt,
                                 const std::vector<std::string>& rest, const ApiRequest& request) {
  if (!rest.empty()) return NotFound("");
  return ExecutorList(data, attempt, /*active_only=*/false);
}

ApiResponse ThreadsEndpoint(const ApiData& data, const AttemptModel& attempt,
                            const std::vector<std::string>& rest, const ApiRequest& request) {
  if (!rest.empty()) return NotFound("");
  return ThreadDump(request.Value("executorId").value_or(""));
}

}  // namespace afterglow
