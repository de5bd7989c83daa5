// The "RDD Info" fields of a StageInfo that only the RDD operation graph reads (Scope, Callsite,
// Parent IDs, Barrier, DeterministicLevel; JsonProtocol.rddInfoToJson). DecodeRddInfo
// (storage_event_decoder.cc) reads each entry once and hands these keys here.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/base/string_pool.h"
#include "core/decode/json_fields.h"
#include "core/decode/raw_json_cursor.h"
#include "core/decode/raw_text_interner.h"
#include "core/events/events.h"
#include "simdjson.h"

namespace afterglow {

// Reads `key`'s value into `out` when it is one of the graph's fields; other keys are skipped.
// Parent ids are appended to `parent_ids`, the stage's flat list (RddOperationList).
// "Scope" is a JSON document inside a string: it is interned as text and parsed only when a
// graph is built (core/analysis/rdd_operation_graph.h). `value` and `strings` are simdjson's
// value and the pool, or the raw fast path's cursor and interner (raw_text_interner.h).
template <typename Value, typename Strings>
simdjson::error_code DecodeRddOperationField(std::string_view key, Value&& value, Strings& strings,
                                             RddOperationInfo& out,
                                             std::vector<int32_t>& parent_ids) {
  using json::ReadOptText;
  // Null reads as absent (""), so an odd writer cannot make the whole StageInfo unreadable.
  StringId* text = nullptr;
  if (key == "Scope") text = &out.scope;
  else if (key == "Callsite") text = &out.callsite;
  else if (key == "DeterministicLevel") text = &out.deterministic_level;
  if (text != nullptr) {
    OptString read;
    AG_JSON_TRY(ReadOptText(value, strings, read));
    *text = read.present ? read.id : kEmptyString;
    return simdjson::SUCCESS;
  }
  if (key == "Barrier") return json::ReadBool(value, out.barrier);
  if (key == "Parent IDs") {
    // A repeated key reads as its last value, as a map would keep it.
    out.parents_begin = static_cast<uint32_t>(parent_ids.size());
    const simdjson::error_code read = json::ForEachElement(
        value, [&](auto&& id) { return json::ReadInt32(id, parent_ids.emplace_back()); });
    out.parents_end = static_cast<uint32_t>(parent_ids.size());
    return read;
  }
  return simdjson::SUCCESS;
}

}  // namespace afterglow
