// Decoders for the events of executors, storage, environment and miscellaneous processes
// (issue 3), and for the pieces of other events they need (ExecutorInfo maps, StageInfo RDD
// infos). Called from event_decoder.cc; same conventions: any key order, each value read once,
// strings interned or copied before the parser moves on.
#pragma once

#include <vector>

#include "core/decode/event_kind.h"
#include "core/decode/event_sink.h"
#include "core/decode/events.h"
#include "core/model/storage_model.h"
#include "core/model/string_pool.h"
#include "simdjson.h"

namespace afterglow {

// A JSON object of strings (log URLs, attributes) into pairs; a repeated key keeps its last value.
simdjson::error_code DecodeStringPairs(simdjson::ondemand::value value, StringPool& pool,
                                       StringPairs& out);
// ExecutorInfo "Resources": {name: {"name": ..., "addresses": [...]}}.
simdjson::error_code DecodeResources(simdjson::ondemand::value value, StringPool& pool,
                                     std::vector<ResourceInformation>& out);
// One element of a StageInfo's "RDD Info": appends its id to info.rdd_ids, and to
// info.persisted_rdds when its storage level is valid.
simdjson::error_code DecodeRddInfo(simdjson::ondemand::value value, StringPool& pool,
                                   StageInfoEvent& info);
// A "Storage Level" object.
simdjson::error_code DecodeStorageLevel(simdjson::ondemand::value value, StorageLevelInfo& out);

// Decodes an event of one of the kinds below and hands it to `sink`. `environment` is scratch
// space reused between EnvironmentUpdate events.
//   kEnvironmentUpdate (also calls sink.OnEnvironmentUpdate with spark.task.cpus),
//   kResourceProfileAdded, kMiscellaneousProcessAdded, kBlockUpdated, kUnpersistRdd and the
//   exclusion kinds.
bool IsStatusEventKind(EventKind kind);
simdjson::error_code DecodeStatusEvent(EventKind kind, simdjson::ondemand::object& event,
                                       StringPool& pool, EventSink& sink,
                                       EnvironmentInfo& environment);

}  // namespace afterglow
