#include "core/decode/rdd_info_decoder.h"

#include "core/decode/json_fields.h"

namespace afterglow {

simdjson::error_code DecodeRddOperationField(std::string_view key,
                                             simdjson::ondemand::value value, StringPool& pool,
                                             RddOperationInfo& out) {
  // Null reads as absent (""), so an odd writer cannot make the whole StageInfo unreadable.
  StringId* text = nullptr;
  if (key == "Scope") text = &out.scope;
  else if (key == "Callsite") text = &out.callsite;
  else if (key == "DeterministicLevel") text = &out.deterministic_level;
  if (text != nullptr) {
    OptString read;
    AG_JSON_TRY(json::ReadOptText(value, pool, read));
    *text = read.present ? read.id : kEmptyString;
    return simdjson::SUCCESS;
  }
  if (key == "Barrier") return json::ReadBool(value, out.barrier);
  if (key == "Parent IDs") {
    out.parent_ids.clear();
    return json::ForEachElement(value, [&](simdjson::ondemand::value id) {
      return json::ReadInt32(id, out.parent_ids.emplace_back());
    });
  }
  return simdjson::SUCCESS;
}

}  // namespace afterglow
