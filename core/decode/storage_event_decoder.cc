#include "core/decode/storage_event_decoder.h"

#include <string_view>

#include "core/decode/json_fields.h"
#include "core/decode/known_fields.h"
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

namespace {

// A "Storage Level"'s keys in the order Spark writes them ("Use Off Heap" since Spark 3.0).
constexpr auto kStorageLevelKeys = json::MakeKnownKeys(
    {"Use Disk", "Use Memory", "Use Off Heap", "Deserialized", "Replication"});

// An "RDD Info" entry's keys in the order Spark writes them.
constexpr auto kRddInfoKeys = json::MakeKnownKeys(
    {"RDD ID", "Name", "Scope", "Callsite", "Parent IDs", "Storage Level", "Barrier",
     "DeterministicLevel", "Number of Partitions", "Number of Cached Partitions", "Memory Size",
     "Disk Size"});

template <typename Value>
error_code ReadStorageLevel(Value&& value, StorageLevelInfo& out) {
  out = StorageLevelInfo{};
  // "Use Tachyon" of 1.x logs is ignored, as JsonProtocol does.
  return json::ForEachKnownField<kStorageLevelKeys>(value, [&](auto key, auto&& v) -> error_code {
    switch (key) {
      case json::KeyIndex(kStorageLevelKeys, "Use Disk"): return ReadBool(v, out.use_disk);
      case json::KeyIndex(kStorageLevelKeys, "Use Memory"): return ReadBool(v, out.use_memory);
      case json::KeyIndex(kStorageLevelKeys, "Use Off Heap"): return ReadBool(v, out.use_off_heap);
      case json::KeyIndex(kStorageLevelKeys, "Deserialized"): return ReadBool(v, out.deserialized);
      case json::KeyIndex(kStorageLevelKeys, "Replication"): return ReadInt32(v, out.replication);
      default: return SUCCESS;
    }
  });
}

// DecodeRddInfo over simdjson's value and the pool, or the raw cursor and its interner.
template <typename Value, typename Strings>
error_code ReadRddInfo(Value&& value, Strings& strings, StageInfoEvent& info, bool operations) {
  PersistedRddInfo rdd;
  bool has_level = false;
  RddOperationInfo* operation = nullptr;
  if (operations) {
    operation = &info.rdd_operations.rdds.emplace_back();
    // Even an RDD without parents gets its range at the list's end, so ranges only grow.
    operation->parents_begin = operation->parents_end =
        static_cast<uint32_t>(info.rdd_operations.parent_ids.size());
  }
  AG_JSON_TRY(json::ForEachKnownField<kRddInfoKeys>(value, [&](auto key, auto&& v) -> error_code {
    switch (key) {
      case json::KeyIndex(kRddInfoKeys, "RDD ID"): return ReadInt32(v, rdd.rdd_id);
      case json::KeyIndex(kRddInfoKeys, "Name"): return ReadString(v, strings, rdd.name);
      case json::KeyIndex(kRddInfoKeys, "Number of Partitions"):
        return ReadInt32(v, rdd.num_partitions);
      case json::KeyIndex(kRddInfoKeys, "Storage Level"):
        has_level = true;
        return ReadStorageLevel(v, rdd.level);
      case json::KeyIndex(kRddInfoKeys, "Scope"):
      case json::KeyIndex(kRddInfoKeys, "Callsite"):
      case json::KeyIndex(kRddInfoKeys, "Parent IDs"):
      case json::KeyIndex(kRddInfoKeys, "Barrier"):
      case json::KeyIndex(kRddInfoKeys, "DeterministicLevel"):
        if (operation == nullptr) return SUCCESS;
        return DecodeRddOperationField(kRddInfoKeys.names[key], v, strings, *operation,
                                       info.rdd_operations.parent_ids);
      default: return SUCCESS;
    }
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

}  // namespace

error_code DecodeStorageLevel(od::value value, StorageLevelInfo& out) {
  return ReadStorageLevel(value, out);
}

error_code DecodeRddInfo(od::value value, StringPool& pool, StageInfoEvent& info,
                         bool operations) {
  return ReadRddInfo(value, pool, info, operations);
}

error_code DecodeRddInfo(json::RawCursor& value, RawTextInterner& strings, StageInfoEvent& info,
                         bool operations) {
  return ReadRddInfo(value, strings, info, operations);
}

error_code DecodeRddInfos(od::value value, StringPool& pool, StageInfoEvent& info,
                          bool operations) {
  return ForEachElement(value, [&](od::value rdd) {
    return ReadRddInfo(rdd, pool, info, operations);
  });
}

error_code DecodeRddInfos(json::RawCursor& value, RawTextInterner& strings, StageInfoEvent& info,
                          bool operations) {
  RddInfoCache& cache = strings.rdd_infos();
  if (cache.ConsumeRepeat(value, operations, info)) return SUCCESS;
  const char* start = value.at();
  const size_t ids_from = info.rdd_ids.size();
  const size_t persisted_from = info.persisted_rdds.size();
  const size_t operations_from = info.rdd_operations.rdds.size();
  const size_t parents_from = info.rdd_operations.parent_ids.size();
  AG_JSON_TRY(ForEachElement(value, [&](json::RawCursor& rdd) {
    return ReadRddInfo(rdd, strings, info, operations);
  }));
  cache.Keep(std::string_view(start, static_cast<size_t>(value.at() - start)), operations, info,
             {ids_from, persisted_from, operations_from, parents_from});
  return SUCCESS;
}

}  // namespace afterglow
