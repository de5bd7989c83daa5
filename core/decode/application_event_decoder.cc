#include "core/decode/application_event_decoder.h"

#include "core/decode/json_fields.h"
#include "core/decode/executor_event_decoder.h"

namespace afterglow {
namespace {

namespace od = simdjson::ondemand;
using json::ForEachObjectField;
using json::ReadInt64;
using json::ReadOptText;
using json::ReadString;
using json::SameText;
using simdjson::error_code;
using simdjson::SUCCESS;

}  // namespace

error_code DecodeLogStart(od::object& event, const EventTargets& targets) {
  StringId version = kEmptyString;
  AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    return SameText(key, "Spark Version") ? ReadString(v, *targets.pool, version) : SUCCESS;
  }));
  targets.sink->OnLogStart(version);
  if (targets.listing_sink != nullptr) targets.listing_sink->OnListedLogStart(version);
  return SUCCESS;
}

error_code DecodeApplicationStart(od::object& event, const EventTargets& targets) {
  StringPool& pool = *targets.pool;
  ApplicationStartEvent start;
  AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    if (SameText(key, "App Name")) return ReadString(v, pool, start.name);
    if (SameText(key, "App ID")) return ReadOptText(v, pool, start.app_id);
    if (SameText(key, "Timestamp")) return ReadInt64(v, start.time);
    if (SameText(key, "User")) return ReadString(v, pool, start.user);
    if (SameText(key, "App Attempt ID")) return ReadOptText(v, pool, start.attempt_id);
    if (SameText(key, "Driver Logs")) {
      start.has_driver_logs = true;
      return DecodeStringPairs(v, pool, start.driver_logs);
    }
    if (SameText(key, "Driver Attributes")) {
      return DecodeStringPairs(v, pool, start.driver_attributes);
    }
    return SUCCESS;
  }));
  targets.sink->OnApplicationStart(start);
  if (targets.listing_sink != nullptr) targets.listing_sink->OnListedApplicationStart(start);
  return SUCCESS;
}

error_code DecodeApplicationEnd(od::object& event, const EventTargets& targets) {
  int64_t time = kNoTime;
  AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    return SameText(key, "Timestamp") ? ReadInt64(v, time) : SUCCESS;
  }));
  targets.sink->OnApplicationEnd(time);
  if (targets.listing_sink != nullptr) targets.listing_sink->OnListedApplicationEnd(time);
  return SUCCESS;
}

}  // namespace afterglow
