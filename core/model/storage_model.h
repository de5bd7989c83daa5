// The cached RDDs of an attempt's status model, as BlockUpdated events and unpersists leave them
// (docs/SPARK-SEMANTICS.md sections 6-9), beside the Executor record in app_model.h. The
// environment, resource profiles and miscellaneous processes are vocabulary types the decoder
// fills too, so they live below the model, in core/events/storage_types.h.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/base/string_pool.h"
#include "core/events/storage_types.h"

namespace afterglow {

// One partition (block) of a cached RDD, as the History Server's RDDPartitionInfo shows it.
struct RddPartition {
  StringId block_name = kEmptyString;
  std::vector<StringId> executors;  // in the order they reported the block
  int64_t memory_used = 0;
  int64_t disk_used = 0;
  bool removed = false;  // no executor holds it any more (skipped when listing)
};

// Per-executor totals of one RDD (LiveRDDDistribution).
struct RddDistribution {
  StringId executor_id = kEmptyString;
  int64_t memory_used = 0;
  int64_t disk_used = 0;
  int64_t on_heap_used = 0;
  int64_t off_heap_used = 0;
  // The executor side as LiveRDDDistribution.toApi cached it: taken when a block of any RDD on
  // this executor last changed, not refreshed by later broadcast blocks or unpersists.
  StringId address = kEmptyString;  // the executor's host:port (or host)
  int64_t memory_remaining = 0;     // maxMemory - memoryUsed
  bool has_memory_info = false;
  int64_t on_heap_remaining = 0;
  int64_t off_heap_remaining = 0;
};

// A persisted RDD (LiveRDD): tracked from the first StageSubmitted that lists it with a valid
// storage level until its UnpersistRDD.
struct Rdd {
  int32_t id = 0;
  StringId name = kEmptyString;
  int32_t num_partitions = 0;
  StorageLevelInfo level;  // the level at first sight; later changes are ignored, as Spark does
  int64_t memory_used = 0;
  int64_t disk_used = 0;
  std::vector<RddPartition> partitions;  // first-seen order; see RddPartition::removed
  std::unordered_map<StringId, uint32_t> partition_index;  // block name -> partitions row
  uint32_t cached_partitions = 0;                          // rows not removed
  std::vector<RddDistribution> distributions;              // insertion order
  uint32_t distributions_ever = 0;  // distinct insertions, sizes Scala's hash table (see API)
};

}  // namespace afterglow
