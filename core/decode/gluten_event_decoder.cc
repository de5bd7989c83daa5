#include "core/decode/gluten_event_decoder.h"

#include "core/decode/json_fields.h"

namespace afterglow {

namespace od = simdjson::ondemand;
using simdjson::error_code;
using simdjson::SUCCESS;

error_code DecodeGlutenPlanFallback(od::object& event, StringPool& pool, SqlEventSink* sink) {
  if (sink == nullptr) return SUCCESS;
  GlutenPlanFallbackEvent e;
  AG_JSON_TRY(json::ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    if (key == "executionId") return json::ReadInt64(v, e.execution_id);
    if (key == "numGlutenNodes") return json::ReadInt32(v, e.num_gluten_nodes);
    if (key == "numFallbackNodes") return json::ReadInt32(v, e.num_fallback_nodes);
    if (key == "fallbackNodeToReason") {
      return json::ForEachField(v, [&](std::string_view node, od::value reason) -> error_code {
        const StringId node_id = pool.Intern(node);
        StringId reason_id = kEmptyString;
        AG_JSON_TRY(json::ReadStringOrEmpty(reason, pool, reason_id));
        e.node_reasons.emplace_back(node_id, reason_id);
        return SUCCESS;
      });
    }
    return SUCCESS;
  }));
  sink->OnGlutenPlanFallback(e);
  return SUCCESS;
}

}  // namespace afterglow
