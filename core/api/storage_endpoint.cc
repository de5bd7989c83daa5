// applications/{id}[/{attempt}]/storage/rdd and storage/rdd/{rddId} (v1.RDDStorageInfo;
// docs/SPARK-SEMANTICS.md facts 74-78).
#include <algorithm>
#include <charconv>
#include <map>

#include "core/api/endpoints.h"
#include "core/api/json_writer.h"

namespace afterglow {
namespace {

// Java's String.hashCode over the id (executor ids are ASCII).
int32_t JavaStringHash(std::string_view text) {
  uint32_t h = 0;
  for (unsigned char c : text) h = 31 * h + c;
  return static_cast<int32_t>(h);
}

// LiveRDD keeps its distributions in a Scala 2.13 mutable.HashMap[String, _]: a table of 16
// buckets doubled before an insert would reach 3/4 load; bucket = improved hash & (capacity-1),
// improved = h ^ (h >>> 16); each bucket lists its entries by ascending (signed) improved hash.
std::vector<const RddDistribution*> DistributionsInScalaOrder(const StringPool& pool,
                                                              const Rdd& rdd) {
  size_t capacity = 16;
  while (rdd.distributions_ever >= capacity * 3 / 4) capacity *= 2;
  auto improved = [&](const RddDistribution* d) {
    const uint32_t h = static_cast<uint32_t>(JavaStringHash(pool.Get(d->executor_id)));
    return static_cast<int32_t>(h ^ (h >> 16));
  };
  std::vector<const RddDistribution*> ordered;
  for (const RddDistribution& d : rdd.distributions) ordered.push_back(&d);
  std::stable_sort(ordered.begin(), ordered.end(),
                   [&](const RddDistribution* a, const RddDistribution* b) {
                     const int32_t ha = improved(a);
                     const int32_t hb = improved(b);
                     const size_t ba = static_cast<uint32_t>(ha) & (capacity - 1);
                     const size_t bb = static_cast<uint32_t>(hb) & (capacity - 1);
                     if (ba != bb) return ba < bb;
                     return ha < hb;
                   });
  return ordered;
}

void WriteRdd(JsonWriter& w, const StringPool& pool, const AttemptModel& attempt, const Rdd& rdd) {
  w.BeginObject();
  w.FieldInt("id", rdd.id);
  w.Field("name", pool.Get(rdd.name));
  w.FieldInt("numPartitions", rdd.num_partitions);
  w.FieldInt("numCachedPartitions", rdd.cached_partitions);
  w.Field("storageLevel", rdd.level.Description());
  w.FieldInt("memoryUsed", rdd.memory_used);
  w.FieldInt("diskUsed", rdd.disk_used);
  if (!rdd.distributions.empty()) {
    w.Key("dataDistribution");
    w.BeginArray();
    for (const RddDistribution* dist : DistributionsInScalaOrder(pool, rdd)) {
      w.BeginObject();
      if (dist->address != kEmptyString) w.Field("address", pool.Get(dist->address));
      w.FieldInt("memoryUsed", dist->memory_used);
      w.FieldInt("memoryRemaining", dist->memory_remaining);
      w.FieldInt("diskUsed", dist->disk_used);
      if (dist->has_memory_info) {
        w.FieldInt("onHeapMemoryUsed", dist->on_heap_used);
        w.FieldInt("offHeapMemoryUsed", dist->off_heap_used);
        w.FieldInt("onHeapMemoryRemaining", dist->on_heap_remaining);
        w.FieldInt("offHeapMemoryRemaining", dist->off_heap_remaining);
      }
      w.EndObject();
    }
    w.EndArray();
  }
  w.Key("partitions");
  w.BeginArray();
  for (const RddPartition& partition : rdd.partitions) {
    if (partition.removed) continue;
    // The partition's effective level (LiveRDDPartition.update).
    StorageLevelInfo level;
    level.use_disk = partition.disk_used > 0;
    level.use_memory = partition.memory_used > 0;
    level.use_off_heap = rdd.level.use_off_heap;
    level.deserialized = partition.memory_used > 0 && rdd.level.deserialized;
    level.replication = static_cast<int32_t>(partition.executors.size());
    w.BeginObject();
    w.Field("blockName", pool.Get(partition.block_name));
    w.Field("storageLevel", level.Description());
    w.FieldInt("memoryUsed", partition.memory_used);
    w.FieldInt("diskUsed", partition.disk_used);
    w.Key("executors");
    w.BeginArray();
    for (StringId executor : partition.executors) w.String(pool.Get(executor));
    w.EndArray();
    w.EndObject();
  }
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
    for (const auto& [id, rdd] : attempt.rdds) {
      if (rdd.cached_partitions > 0) WriteRdd(w, *data.pool, attempt, rdd);
    }
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
  auto rdd = attempt.rdds.find(rdd_id);
  if (rdd == attempt.rdds.end()) return NotFound("no rdd found w/ id " + std::to_string(rdd_id));
  WriteRdd(w, *data.pool, attempt, rdd->second);
  return {200, w.Take()};
}

}  // namespace afterglow
