// Storage: BlockUpdated and UnpersistRDD (JsonProtocol's blockUpdateFromJson,
// unpersistRDDFromJson), and the storage side of a StageInfo's "RDD Info" (which RDDs a stage
// persists; the operation graph's fields go to rdd_info_decoder.h).
#pragma once

#include "core/base/string_pool.h"
#include "core/decode/event_targets.h"
#include "core/decode/raw_json_cursor.h"
#include "core/decode/raw_text_interner.h"
#include "core/events/events.h"
#include "core/events/storage_types.h"
#include "simdjson.h"

namespace afterglow {

simdjson::error_code DecodeBlockUpdated(simdjson::ondemand::object& event,
                                        const EventTargets& targets);
simdjson::error_code DecodeUnpersistRdd(simdjson::ondemand::object& event,
                                        const EventTargets& targets);

// One element of a StageInfo's "RDD Info": appends its id to info.rdd_ids, and to
// info.persisted_rdds when its storage level is valid; with `operations`, its operation-graph
// fields to info.rdd_operations (only a JobStart's stage infos feed the graph: the stage events
// repeat the same RDDs, and skipping their scopes and callsites saves interning them twice).
simdjson::error_code DecodeRddInfo(simdjson::ondemand::value value, StringPool& pool,
                                   StageInfoEvent& info, bool operations);
// The same on the raw fast path (raw_json_cursor.h), its strings through `strings`.
simdjson::error_code DecodeRddInfo(json::RawCursor& value, RawTextInterner& strings,
                                   StageInfoEvent& info, bool operations);
// A StageInfo's whole "RDD Info" array, each element as DecodeRddInfo reads it.
simdjson::error_code DecodeRddInfos(simdjson::ondemand::value value, StringPool& pool,
                                    StageInfoEvent& info, bool operations);
// The same on the raw fast path; an array seen before (strings.rdd_infos()) is not read again.
simdjson::error_code DecodeRddInfos(json::RawCursor& value, RawTextInterner& strings,
                                    StageInfoEvent& info, bool operations);
// A "Storage Level" object.
simdjson::error_code DecodeStorageLevel(simdjson::ondemand::value value, StorageLevelInfo& out);

}  // namespace afterglow
