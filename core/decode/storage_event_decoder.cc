#include "core/decode/storage_event_decoder.h"

#include <string_view>

#include "core/decode/json_fields.h"
#include "core/decode/rdd_info_decoder.h"

namespace afterglow {
namespace {

namespace od = simdjson::ondemand;
using json::ForEachElement;
using json::ForEachField;
using json::ForEachObjectField;
using json::ReadBool;
using json::ReadInt32;
using json::ReadInt64;
using json::ReadOptText;
using json::ReadString;
using simdjson::error_code;
using simdjson::SUCCESS;

error_code ReadBlockUpdated(od::object& event, StringPool& pool, BlockUpdatedEvent& out) {
  return ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
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

}  // namespace

error_code DecodeBlockUpdated(od::object& event, const EventTargets& targets) {
  BlockUpdatedEvent updated;
  AG_JSON_TRY(ReadBlockUpdated(event, *targets.pool, updated));
  targets.sink->OnBlockUpdated(updated);
  return SUCCESS;
}

error_code DecodeUnpersistRdd(od::object& event, const EventTargets& targets) {
  int32_t rdd_id = 0;
  AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    return key == "RDD ID" ? ReadInt32(v, rdd_id) : SUCCESS;
  }));
  targets.sink->OnUnpersistRdd(rdd_id);
  return SUCCESS;
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

error_code DecodeRddInfo(od::value value, StringPool& pool, StageInfoEvent& info,
                         bool operations) {
  PersistedRddInfo rdd;
  bool has_level = false;
  RddOperationInfo* operation = operations ? &info.rdd_operations.emplace_back() : nullptr;
  AG_JSON_TRY(ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    if (key == "RDD ID") return ReadInt32(v, rdd.rdd_id);
    if (key == "Name") return ReadString(v, pool, rdd.name);
    if (key == "Number of Partitions") return ReadInt32(v, rdd.num_partitions);
    if (key == "Storage Level") {
      has_level = true;
      return DecodeStorageLevel(v, rdd.level);
    }
    if (operation == nullptr) return SUCCESS;
    return DecodeRddOperationField(key, v, pool, *operation);
  }));
  if (operation != nullptr) {
    operation->rdd_id = rdd.rdd_id;
    operation->name = rdd.name;
    // StorageLevel != StorageLevel.NONE (RDDOperationGraph's "cached").
    operation->cached = has_level && (rdd.level.use_disk || rdd.level.use_memory ||
                                      rdd.level.use_off_heap || rdd.level.deserialized ||
                                      rdd.level.replication != 1);
  }
  info.rdd_ids.push_back(rdd.rdd_id);
  if (has_level && rdd.level.IsValid()) info.persisted_rdds.push_back(rdd);
  return SUCCESS;
}

}  // namespace afterglow
