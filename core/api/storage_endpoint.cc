// applications/{id}[/{attempt}]/storage/rdd and storage/rdd/{rddId} (v1.RDDStorageInfo;
// SPARK-SEMANTICS.md facts 74-78), written from core/query/storage_rows.h.
#include <charconv>
#include <optional>

#include "core/api/endpoints.h"
#include "core/api/json_writer.h"
#include "core/query/storage_rows.h"

namespace afterglow {
namespace {

void WriteRdd(JsonWriter& w, const StringPool& pool, const AttemptModel& attempt,
              const RddRow& rdd) {
  w.BeginObject();
  w.FieldInt("id", rdd.id);
  w.Field("name", rdd.name);
  w.FieldInt("numPartitions", rdd.num_partitions);
  w.FieldInt("numCachedPartitions", rdd.num_cached_partitions);
  w.Field("storageLevel", rdd.storage_level.Description());
  w.FieldInt("memoryUsed", rdd.memory_used);
  w.FieldInt("diskUsed", rdd.disk_used);
  if (rdd.has_distributions) {
    w.Key("dataDistribution");
    w.BeginArray();
    for (const RddDistributionRow& dist : RddDistributionRows(attempt, pool, rdd.id)) {
      w.BeginObject();
      if (!dist.address.empty()) w.Field("address", dist.address);
      w.FieldInt("memoryUsed", dist.memory_used);
      w.FieldInt("memoryRemaining", dist.memory_remaining);
      w.FieldInt("diskUsed", dist.disk_used);
      if (dist.has_memory_info) {
        w.FieldInt("onHeapMemoryUsed", dist.on_heap_memory_used);
        w.FieldInt("offHeapMemoryUsed", dist.off_heap_memory_used);
        w.FieldInt("onHeapMemoryRemaining", dist.on_heap_memory_remaining);
        w.FieldInt("offHeapMemoryRemaining", dist.off_heap_memory_remaining);
      }
      w.EndObject();
    }
    w.EndArray();
  }
  w.Key("partitions");
  w.BeginArray();
  ForEachRddPartitionRow(attempt, pool, rdd.id, [&](const RddPartitionRow& partition) {
    w.BeginObject();
    w.Field("blockName", partition.block_name);
    w.Field("storageLevel", partition.storage_level.Description());
    w.FieldInt("memoryUsed", partition.memory_used);
    w.FieldInt("diskUsed", partition.disk_used);
    w.Key("executors");
    w.BeginArray();
    for (std::string_view executor : partition.executors) w.String(executor);
    w.EndArray();
    w.EndObject();
  });
  w.EndArray();
  w.EndObject();
}

}  // namespace

ApiResponse StorageEndpoint(const ApiData& data, const AttemptModel& attempt,
                            const std::vector<std::string>& rest, const ApiRequest& request) {
  if (rest.empty() || rest[0] != "rdd" || rest.size() > 2) return NotFound("");
  JsonWriter w;
  if (rest.size() == 1) {
    // Only RDDs with cached partitions, by id (ASS rddList(cachedOnly = true)).
    w.BeginArray();
    for (const RddRow& rdd : CachedRddRows(attempt, *data.pool)) WriteRdd(w, *data.pool, attempt, rdd);
    w.EndArray();
    return {200, w.Take()};
  }
  const std::string& id_text = rest[1];
  int32_t rdd_id = 0;
  const auto parsed = std::from_chars(id_text.data(), id_text.data() + id_text.size(), rdd_id);
  if (!IsDigits(id_text) || parsed.ec != std::errc() ||
      parsed.ptr != id_text.data() + id_text.size()) {
    return NotFound("");  // the \d+ path regex, or an Integer that does not convert
  }
  const std::optional<RddRow> rdd = FindRddRow(attempt, *data.pool, rdd_id);
  if (!rdd) return NotFound("no rdd found w/ id " + std::to_string(rdd_id));
  WriteRdd(w, *data.pool, attempt, *rdd);
  return {200, w.Take()};
}

}  // namespace afterglow
