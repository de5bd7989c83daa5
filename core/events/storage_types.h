// The storage, environment and resource vocabulary that decoders fill and the model keeps:
// key/value pairs, executor resources, storage levels, resource profiles, the environment and
// miscellaneous processes. Decoders write these as event payloads (core/decode/) and the listener
// copies them into the model (core/model/storage_model.h, app_model.h), so they live below both.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/base/string_pool.h"

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
