// The rows of the Storage page and of /storage/rdd and /storage/rdd/{id} (v1.RDDStorageInfo):
// cached RDDs, each RDD's per-executor distribution in the History Server's order, and its
// partitions. Strings are views into the session's string pool.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "core/model/storage_model.h"

namespace afterglow {

struct RddRow {
  int32_t id = 0;
  std::string_view name;
  int32_t num_partitions = 0;
  int32_t num_cached_partitions = 0;
  StorageLevelInfo storage_level;  // Description() is the API's text
  int64_t memory_used = 0;
  int64_t disk_used = 0;
  bool has_distributions = false;  // the API writes dataDistribution only then
};

// One executor's share of an RDD (v1.RDDDataDistribution).
struct RddDistributionRow {
  std::string_view executor_id;
  std::string_view address;  // "" when unknown (omitted)
  int64_t memory_used = 0;
  int64_t memory_remaining = 0;
  int64_t disk_used = 0;
  bool has_memory_info = false;  // the on/off-heap fields below are shown only then
  int64_t on_heap_memory_used = 0, off_heap_memory_used = 0;
  int64_t on_heap_memory_remaining = 0, off_heap_memory_remaining = 0;
};

// One cached block (v1.RDDPartitionInfo). `executors` is valid during the visit only.
struct RddPartitionRow {
  std::string_view block_name;
  StorageLevelInfo storage_level;  // the partition's effective level (LiveRDDPartition.update)
  int64_t memory_used = 0;
  int64_t disk_used = 0;
  std::span<const std::string_view> executors;  // in the order they reported the block
};

// storage/rdd: RDDs with cached partitions, by id (rddList(cachedOnly = true)).
std::vector<RddRow> CachedRddRows(const AttemptModel& attempt, const StringPool& pool);
// storage/rdd/{id}: any tracked RDD, cached or not; nullopt for an unknown id.
std::optional<RddRow> FindRddRow(const AttemptModel& attempt, const StringPool& pool,
                                 int32_t rdd_id);
// The distribution in LiveRDD's hash-map order (the order the API lists it).
std::vector<RddDistributionRow> RddDistributionRows(const AttemptModel& attempt,
                                                    const StringPool& pool, int32_t rdd_id);
// The partitions still held somewhere, in first-seen order; a long list, so visited.
void ForEachRddPartitionRow(const AttemptModel& attempt, const StringPool& pool, int32_t rdd_id,
                            const std::function<void(const RddPartitionRow&)>& visit);

}  // namespace afterglow
