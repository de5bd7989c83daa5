#include "core/decode/status_event_decoder.h"

#include <string>
#include <string_view>

#include "core/decode/json_fields.h"
#include "core/decode/rdd_info_decoder.h"

namespace afterglow {
namespace {

namespace od = simdjson::ondemand;
using json::ForEachElement;
using json::ForEachField;
using json::ReadBool;
using json::ReadInt32;
using json::ReadInt64;
using json::ReadOptText;
using json::ReadString;
using simdjson::error_code;
using simdjson::SUCCESS;

template <typename OnField>
error_code ForEachEventField(od::object& event, OnField&& on_field) {
  for (auto field_result : event) {
    od::field field;
    AG_JSON_TRY(std::move(field_result).get(field));
    std::string_view key;
    AG_JSON_TRY(json::FieldKey(field, key));
    AG_JSON_TRY(on_field(key, field.value()));
  }
  return SUCCESS;
}

// A property block of EnvironmentUpdate into a sorted map. Values are strings in every log we
// know; other scalars are kept as their JSON text, nulls are dropped.
error_code DecodePropertyMap(od::value value, StringPool& pool,
                             std::map<std::string, std::string>& out) {
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    std::string owned_key(key);
    OptString text;
    AG_JSON_TRY(ReadOptText(v, pool, text));
    if (text.present) out[std::move(owned_key)] = std::string(pool.Get(text.id));
    return SUCCESS;
  });
}

error_code ReadOwnedString(od::value value, std::string& out) {
  od::json_type type;
  AG_JSON_TRY(value.type().get(type));
  if (type == od::json_type::null) {
    bool is_null = false;
    out.clear();
    return value.is_null().get(is_null);
  }
  std::string_view text;
  AG_JSON_TRY(value.get_string().get(text));
  out.assign(text);
  return SUCCESS;
}

error_code ReadDouble(od::value value, double& out) { return value.get_double().get(out); }

error_code DecodeEnvironment(od::object& event, StringPool& pool, EnvironmentInfo& env,
                             OptString& task_cpus) {
  env.Clear();
  return ForEachEventField(event, [&](std::string_view key, od::value v) -> error_code {
    if (key == "JVM Information") {
      return ForEachField(v, [&](std::string_view jk, od::value jv) -> error_code {
        std::optional<std::string>* target = nullptr;
        if (jk == "Java Version") target = &env.java_version;
        else if (jk == "Java Home") target = &env.java_home;
        else if (jk == "Scala Version") target = &env.scala_version;
        if (target == nullptr) return SUCCESS;
        OptString text;
        AG_JSON_TRY(ReadOptText(jv, pool, text));
        if (text.present) *target = std::string(pool.Get(text.id));
        else target->reset();
        return SUCCESS;
      });
    }
    if (key == "Spark Properties") {
      AG_JSON_TRY(DecodePropertyMap(v, pool, env.spark_properties));
      auto cpus = env.spark_properties.find("spark.task.cpus");
      if (cpus != env.spark_properties.end()) task_cpus = {true, pool.Intern(cpus->second)};
      return SUCCESS;
    }
    if (key == "Hadoop Properties") return DecodePropertyMap(v, pool, env.hadoop_properties);
    if (key == "System Properties") return DecodePropertyMap(v, pool, env.system_properties);
    if (key == "Metrics Properties") return DecodePropertyMap(v, pool, env.metrics_properties);
    if (key == "Classpath Entries") return DecodePropertyMap(v, pool, env.classpath_entries);
    return SUCCESS;
  });
}

// JsonProtocol.resourceProfileAddedFromJson: executor and task request maps.
error_code DecodeResourceProfile(od::object& event, ResourceProfileInfo& profile) {
  return ForEachEventField(event, [&](std::string_view key, od::value v) -> error_code {
    if (key == "Resource Profile Id") return ReadInt32(v, profile.id);
    if (key == "Executor Resource Requests") {
      return ForEachField(v, [&](std::string_view name, od::value rv) -> error_code {
        ExecutorResourceRequest request;
        request.key.assign(name);
        AG_JSON_TRY(ForEachField(rv, [&](std::string_view rk, od::value f) -> error_code {
          if (rk == "Resource Name") return ReadOwnedString(f, request.resource_name);
          if (rk == "Amount") return ReadInt64(f, request.amount);
          if (rk == "Discovery Script") return ReadOwnedString(f, request.discovery_script);
          if (rk == "Vendor") return ReadOwnedString(f, request.vendor);
          return SUCCESS;
        }));
        for (ExecutorResourceRequest& known : profile.executor_resources) {
          if (known.key == request.key) {
            known = std::move(request);
            return SUCCESS;
          }
        }
        profile.executor_resources.push_back(std::move(request));
        return SUCCESS;
      });
    }
    if (key == "Task Resource Requests") {
      return ForEachField(v, [&](std::string_view name, od::value rv) -> error_code {
        TaskResourceRequest request;
        request.key.assign(name);
        AG_JSON_TRY(ForEachField(rv, [&](std::string_view rk, od::value f) -> error_code {
          if (rk == "Resource Name") return ReadOwnedString(f, request.resource_name);
          if (rk == "Amount") return ReadDouble(f, request.amount);
          return SUCCESS;
        }));
        for (TaskResourceRequest& known : profile.task_resources) {
          if (known.key == request.key) {
            known = std::move(request);
            return SUCCESS;
          }
        }
        profile.task_resources.push_back(std::move(request));
        return SUCCESS;
      });
    }
    return SUCCESS;
  });
}

error_code DecodeExclusion(od::object& event, StringPool& pool, ExclusionEvent& out) {
  return ForEachEventField(event, [&](std::string_view key, od::value v) -> error_code {
    if (key == "time") return ReadInt64(v, out.time);
    if (key == "executorId" || key == "hostId") return ReadString(v, pool, out.id);
    if (key == "stageId") return ReadInt32(v, out.stage_id);
    if (key == "stageAttemptId") return ReadInt32(v, out.stage_attempt_id);
    return SUCCESS;
  });
}

error_code DecodeBlockUpdated(od::object& event, StringPool& pool, BlockUpdatedEvent& out) {
  return ForEachEventField(event, [&](std::string_view key, od::value v) -> error_code {
    if (key != "Block Updated Info") return SUCCESS;
    return ForEachField(v, [&](std::string_view bk, od::value bv) -> error_code {
      if (bk == "Block Manager ID") {
        return ForEachField(bv, [&](std::string_view mk, od::value mv) -> error_code {
          if (mk == "Executor ID") return ReadString(mv, pool, out.executor_id);
          if (mk == "Host") return ReadString(mv, pool, out.host);
          if (mk == "Port") return ReadInt32(mv, out.port);
          return SUCCESS;
        });
      }
      if (bk == "Block ID") return ReadString(bv, pool, out.block_id);
      if (bk == "Storage Level") return DecodeStorageLevel(bv, out.level);
      if (bk == "Memory Size") return ReadInt64(bv, out.memory_size);
      if (bk == "Disk Size") return ReadInt64(bv, out.disk_size);
      return SUCCESS;
    });
  });
}

error_code DecodeMiscProcess(od::object& event, StringPool& pool, MiscProcessAddedEvent& out) {
  return ForEachEventField(event, [&](std::string_view key, od::value v) -> error_code {
    if (key == "time") return ReadInt64(v, out.time);
    if (key == "processId") return ReadString(v, pool, out.process_id);
    if (key == "info") {
      return ForEachField(v, [&](std::string_view ik, od::value iv) -> error_code {
        if (ik == "hostPort") return ReadString(iv, pool, out.host_port);
        if (ik == "cores") return ReadInt32(iv, out.cores);
        if (ik == "logUrlInfo") return DecodeStringPairs(iv, pool, out.log_urls);
        return SUCCESS;
      });
    }
    return SUCCESS;
  });
}

}  // namespace

error_code DecodeStringPairs(od::value value, StringPool& pool, StringPairs& out) {
  out.clear();
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    const StringId key_id = pool.Intern(key);
    OptString text;
    AG_JSON_TRY(ReadOptText(v, pool, text));
    SetPair(out, key_id, text.present ? text.id : kEmptyString);
    return SUCCESS;
  });
}

error_code DecodeResources(od::value value, StringPool& pool,
                           std::vector<ResourceInformation>& out) {
  out.clear();
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    ResourceInformation info;
    info.key = pool.Intern(key);
    AG_JSON_TRY(ForEachField(v, [&](std::string_view rk, od::value rv) -> error_code {
      if (rk == "name") return ReadString(rv, pool, info.name);
      if (rk == "addresses") {
        return ForEachElement(rv, [&](od::value address) -> error_code {
          return ReadString(address, pool, info.addresses.emplace_back());
        });
      }
      return SUCCESS;
    }));
    for (ResourceInformation& known : out) {
      if (known.key == info.key) {
        known = std::move(info);
        return SUCCESS;
      }
    }
    out.push_back(std::move(info));
    return SUCCESS;
  });
}

error_code DecodeStorageLevel(od::value value, StorageLevelInfo& out) {
  out = StorageLevelInfo{};
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    if (key == "Use Disk") return ReadBool(v, out.use_disk);
    if (key == "Use Memory") return ReadBool(v, out.use_memory);
    if (key == "Use Off Heap") return ReadBool(v, out.use_off_heap);
    if (key == "Deserialized") return ReadBool(v, out.deserialized);
    if (key == "Replication") return ReadInt32(v, out.replication);
    return SUCCESS;  // "Use Tachyon" of 1.x logs is ignored, as JsonProtocol does
  });
}

error_code DecodeRddInfo(od::value value, StringPool& pool, StageInfoEvent& info) {
  PersistedRddInfo rdd;
  bool has_level = false;
  RddOperationInfo& operation = info.rdd_operations.emplace_back();
  AG_JSON_TRY(ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    if (key == "RDD ID") return ReadInt32(v, rdd.rdd_id);
    if (key == "Name") return ReadString(v, pool, rdd.name);
    if (key == "Number of Partitions") return ReadInt32(v, rdd.num_partitions);
    if (key == "Storage Level") {
      has_level = true;
      return DecodeStorageLevel(v, rdd.level);
    }
    return DecodeRddOperationField(key, v, pool, operation);
  }));
  operation.rdd_id = rdd.rdd_id;
  operation.name = rdd.name;
  // StorageLevel != StorageLevel.NONE (RDDOperationGraph's "cached").
  operation.cached = has_level && (rdd.level.use_disk || rdd.level.use_memory ||
                                   rdd.level.use_off_heap || rdd.level.deserialized ||
                                   rdd.level.replication != 1);
  info.rdd_ids.push_back(rdd.rdd_id);
  if (has_level && rdd.level.IsValid()) info.persisted_rdds.push_back(rdd);
  return SUCCESS;
}

bool IsStatusEventKind(EventKind kind) {
  switch (kind) {
    case EventKind::kEnvironmentUpdate:
    case EventKind::kResourceProfileAdded:
    case EventKind::kMiscellaneousProcessAdded:
    case EventKind::kBlockUpdated:
    case EventKind::kUnpersistRdd:
    case EventKind::kExecutorExcluded:
    case EventKind::kExecutorUnexcluded:
    case EventKind::kExecutorExcludedForStage:
    case EventKind::kNodeExcluded:
    case EventKind::kNodeUnexcluded:
    case EventKind::kNodeExcludedForStage: return true;
    default: return false;
  }
}

error_code DecodeStatusEvent(EventKind kind, od::object& event, StringPool& pool, EventSink& sink,
                             EnvironmentInfo& environment) {
  switch (kind) {
    case EventKind::kEnvironmentUpdate: {
      OptString task_cpus;
      AG_JSON_TRY(DecodeEnvironment(event, pool, environment, task_cpus));
      sink.OnEnvironmentUpdate(task_cpus);
      sink.OnEnvironmentDetails(environment);
      return SUCCESS;
    }
    case EventKind::kResourceProfileAdded: {
      ResourceProfileInfo profile;
      AG_JSON_TRY(DecodeResourceProfile(event, profile));
      sink.OnResourceProfileAdded(profile);
      return SUCCESS;
    }
    case EventKind::kMiscellaneousProcessAdded: {
      MiscProcessAddedEvent added;
      AG_JSON_TRY(DecodeMiscProcess(event, pool, added));
      sink.OnMiscellaneousProcessAdded(added);
      return SUCCESS;
    }
    case EventKind::kBlockUpdated: {
      BlockUpdatedEvent updated;
      AG_JSON_TRY(DecodeBlockUpdated(event, pool, updated));
      sink.OnBlockUpdated(updated);
      return SUCCESS;
    }
    case EventKind::kUnpersistRdd: {
      int32_t rdd_id = 0;
      AG_JSON_TRY(ForEachEventField(event, [&](std::string_view key, od::value v) -> error_code {
        return key == "RDD ID" ? ReadInt32(v, rdd_id) : SUCCESS;
      }));
      sink.OnUnpersistRdd(rdd_id);
      return SUCCESS;
    }
    case EventKind::kExecutorExcluded:
    case EventKind::kExecutorUnexcluded:
    case EventKind::kExecutorExcludedForStage:
    case EventKind::kNodeExcluded:
    case EventKind::kNodeUnexcluded:
    case EventKind::kNodeExcludedForStage: {
      ExclusionEvent exclusion;
      const bool node = kind == EventKind::kNodeExcluded || kind == EventKind::kNodeUnexcluded ||
                        kind == EventKind::kNodeExcludedForStage;
      exclusion.target = node ? ExclusionEvent::Target::kNode : ExclusionEvent::Target::kExecutor;
      exclusion.excluded =
          kind != EventKind::kExecutorUnexcluded && kind != EventKind::kNodeUnexcluded;
      exclusion.for_stage =
          kind == EventKind::kExecutorExcludedForStage || kind == EventKind::kNodeExcludedForStage;
      AG_JSON_TRY(DecodeExclusion(event, pool, exclusion));
      sink.OnExclusion(exclusion);
      return SUCCESS;
    }
    default: return SUCCESS;
  }
}

}  // namespace afterglow
