#include "core/query/storage_rows.h"

#include <algorithm>

namespace afterglow {
namespace {

// Java's String.hashCode over the id (executor ids are ASCII).
int32_t JavaStringHashCode(std::string_view text) {
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
    const uint32_t h = static_cast<uint32_t>(JavaStringHashCode(pool.Get(d->executor_id)));
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

RddRow ReadRddRow(const StringPool& pool, const Rdd& rdd) {
  RddRow row;
  row.id = rdd.id;
  row.name = pool.Get(rdd.name);
  row.num_partitions = rdd.num_partitions;
  row.num_cached_partitions = static_cast<int32_t>(rdd.cached_partitions);
  row.storage_level = rdd.level;
  row.memory_used = rdd.memory_used;
  row.disk_used = rdd.disk_used;
  row.has_distributions = !rdd.distributions.empty();
  return row;
}

const Rdd* FindRdd(const AttemptModel& attempt, int32_t rdd_id) {
  auto rdd = attempt.rdds.find(rdd_id);
  return rdd == attempt.rdds.end() ? nullptr : &rdd->second;
}

}  // namespace

std::vector<RddRow> CachedRddRows(const AttemptModel& attempt, const StringPool& pool) {
  std::vector<RddRow> rows;
  for (const auto& [id, rdd] : attempt.rdds) {
    if (rdd.cached_partitions > 0) rows.push_back(ReadRddRow(pool, rdd));
  }
  return rows;
}

std::optional<RddRow> FindRddRow(const AttemptModel& attempt, const StringPool& pool,
                                 int32_t rdd_id) {
  const Rdd* rdd = FindRdd(attempt, rdd_id);
  if (rdd == nullptr) return std::nullopt;
  return ReadRddRow(pool, *rdd);
}

std::vector<RddDistributionRow> RddDistributionRows(const AttemptModel& attempt,
                                                    const StringPool& pool, int32_t rdd_id) {
  std::vector<RddDistributionRow> rows;
  const Rdd* rdd = FindRdd(attempt, rdd_id);
  if (rdd == nullptr) return rows;
  for (const RddDistribution* d : DistributionsInScalaOrder(pool, *rdd)) {
    RddDistributionRow row;
    row.executor_id = pool.Get(d->executor_id);
    row.address = pool.Get(d->address);
    row.memory_used = d->memory_used;
    row.memory_remaining = d->memory_remaining;
    row.disk_used = d->disk_used;
    row.has_memory_info = d->has_memory_info;
    row.on_heap_memory_used = d->on_heap_used;
    row.off_heap_memory_used = d->off_heap_used;
    row.on_heap_memory_remaining = d->on_heap_remaining;
    row.off_heap_memory_remaining = d->off_heap_remaining;
    rows.push_back(row);
  }
  return rows;
}

void ForEachRddPartitionRow(const AttemptModel& attempt, const StringPool& pool, int32_t rdd_id,
                            const std::function<void(const RddPartitionRow&)>& visit) {
  const Rdd* rdd = FindRdd(attempt, rdd_id);
  if (rdd == nullptr) return;
  std::vector<std::string_view> executors;
  for (const RddPartition& partition : rdd->partitions) {
    if (partition.removed) continue;
    RddPartitionRow row;
    row.block_name = pool.Get(partition.block_name);
    row.storage_level.use_disk = partition.disk_used > 0;
    row.storage_level.use_memory = partition.memory_used > 0;
    row.storage_level.use_off_heap = rdd->level.use_off_heap;
    row.storage_level.deserialized = partition.memory_used > 0 && rdd->level.deserialized;
    row.storage_level.replication = static_cast<int32_t>(partition.executors.size());
    row.memory_used = partition.memory_used;
    row.disk_used = partition.disk_used;
    executors.clear();
    for (StringId executor : partition.executors) executors.push_back(pool.Get(executor));
    row.executors = executors;
    visit(row);
  }
}

}  // namespace afterglow
