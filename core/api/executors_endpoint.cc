// applications/{id}[/{attempt}]/executors, allexecutors, executors/{id}/threads and threads
// (v1.ExecutorSummary; SPARK-SEMANTICS.md facts 64-73), written from core/query/executor_rows.h.
#include <span>

#include "core/api/dates.h"
#include "core/api/endpoints.h"
#include "core/api/json_writer.h"
#include "core/base/epoch_clock.h"
#include "core/query/executor_rows.h"

namespace afterglow {
namespace {

void WritePairs(JsonWriter& w, std::string_view key, const StringViewPairs& pairs) {
  w.Key(key);
  w.BeginObject();
  for (const auto& [name, value] : pairs) w.Field(name, value);
  w.EndObject();
}

void WriteStageIds(JsonWriter& w, std::string_view key, std::span<const int32_t> ids) {
  w.Key(key);
  w.BeginArray();
  for (int32_t id : ids) w.Int(id);
  w.EndArray();
}

void WriteExecutor(JsonWriter& w, const ExecutorRow& e) {
  w.BeginObject();
  w.Field("id", e.id);
  if (!e.host_port.empty()) w.Field("hostPort", e.host_port);
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
  w.FieldInt("totalDuration", e.total_duration_ms);
  w.FieldInt("totalGCTime", e.total_gc_time_ms);
  w.FieldInt("totalInputBytes", e.total_input_bytes);
  w.FieldInt("totalShuffleRead", e.total_shuffle_read);
  w.FieldInt("totalShuffleWrite", e.total_shuffle_write);
  w.FieldBool("isBlacklisted", e.is_excluded);
  w.FieldInt("maxMemory", e.max_memory);
  w.Field("addTime", FormatSparkDate(e.add_time));
  if (e.remove_time != kNoTime) {
    w.Field("removeTime", FormatSparkDate(e.remove_time));
    w.Field("removeReason", e.remove_reason);
  }
  WritePairs(w, "executorLogs", e.executor_logs);
  if (e.has_memory_metrics) {
    w.Key("memoryMetrics");
    w.BeginObject();
    w.FieldInt("usedOnHeapStorageMemory", e.used_on_heap_storage);
    w.FieldInt("usedOffHeapStorageMemory", e.used_off_heap_storage);
    w.FieldInt("totalOnHeapStorageMemory", e.total_on_heap_storage);
    w.FieldInt("totalOffHeapStorageMemory", e.total_off_heap_storage);
    w.EndObject();
  }
  WriteStageIds(w, "blacklistedInStages", e.excluded_in_stages);
  if (e.peak_memory != nullptr) {
    w.Key("peakMemoryMetrics");
    w.BeginObject();
    for (size_t i = 0; i < kExecutorMetricCount; ++i) {
      w.FieldInt(kExecutorMetricNames[i], (*e.peak_memory)[i]);
    }
    w.EndObject();
  }
  WritePairs(w, "attributes", e.attributes);
  w.Key("resources");
  w.BeginObject();
  for (const ExecutorResourceRow& resource : e.resources) {
    w.Key(resource.key);
    w.BeginObject();
    w.Field("name", resource.name);
    w.Key("addresses");
    w.BeginArray();
    for (std::string_view address : resource.addresses) w.String(address);
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
  for (const ExecutorRow& row : ExecutorRows(attempt, *data.pool, active_only, now_ms)) {
    WriteExecutor(w, row);
  }
  w.EndArray();
  return {200, w.Take()};
}

// OAR threadDump: the id is checked first (400), then the History Server has no live
// SparkContext to ask (503).
ApiResponse ThreadDump(const std::string& executor_id) {
  bool valid = executor_id == "driver";
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
