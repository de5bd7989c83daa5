// The parts of an attempt's status model that the executors, storage, environment and
// miscellaneous-process endpoints read, beside the Executor record in app_model.h: RDDs cached
// through BlockUpdated events, the last EnvironmentUpdate, resource profiles and miscellaneous
// processes (docs/SPARK-SEMANTICS.md sections 6-9). The decoder fills some of these types directly
// (they double as event payloads); the listener owns the model's copies.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/model/string_pool.h"

namespace afterglow {

// key -> value pairs (log URLs, attributes) in log order; a repeated key keeps its last value,
// as the Map JsonProtocol reads them into does. Rendered as JSON objects, so order is free.
using StringPairs = std::vector<std::pair<StringId, StringId>>;
void SetPair(StringPairs& pairs, StringId key, StringId value);

// ResourceInformation of ExecutorInfo "Resources": a name and its addresses.
struct ResourceInformation {
  StringId key = kEmptyString;  // the map key it was read under
  StringId name = kEmptyString;
  std::vector<StringId> addresses;
};

// Spark's StorageLevel as JsonProtocol reads it ("Use Off Heap" defaults to false).
struct StorageLevelInfo {
  bool use_disk = false;
  bool use_memory = false;
  bool use_off_heap = false;
  bool deserialized = false;
  int32_t replication = 1;
  // StorageLevel.isValid: stored somewhere, at least once.
  bool IsValid() const { return (use_memory || use_disk) && replication > 0; }
  // StorageLevel.description, e.g. "Disk Memory Deserialized 1x Replicated".
  std::string Description() const;
};

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

// ResourceProfile requests (SparkListenerResourceProfileAdded).
struct ExecutorResourceRequest {
  std::string key;  // the map key; output keys use it
  std::string resource_name;
  int64_t amount = 0;
  std::string discovery_script;
  std::string vendor;
};
struct TaskResourceRequest {
  std::string key;
  std::string resource_name;
  double amount = 0;
};
struct ResourceProfileInfo {
  int32_t id = 0;
  std::vector<ExecutorResourceRequest> executor_resources;
  std::vector<TaskResourceRequest> task_resources;
};

// The last SparkListenerEnvironmentUpdate. Each property block is a JSON object read into a map
// (a repeated key keeps its last value); std::map keeps them sorted by key, as the API lists them.
struct EnvironmentInfo {
  std::optional<std::string> java_version;
  std::optional<std::string> java_home;
  std::optional<std::string> scala_version;
  std::map<std::string, std::string> spark_properties;
  std::map<std::string, std::string> hadoop_properties;
  std::map<std::string, std::string> system_properties;
  std::map<std::string, std::string> metrics_properties;
  std::map<std::string, std::string> classpath_entries;
  void Clear() { *this = EnvironmentInfo{}; }
};

// SparkListenerMiscellaneousProcessAdded, and the model's LiveMiscellaneousProcess.
struct MiscProcess {
  StringId process_id = kEmptyString;
  StringId host_port = kEmptyString;
  int32_t total_cores = 0;
  int64_t add_time = 0;  // the first event's time
  StringPairs process_logs;
};

}  // namespace afterglow
