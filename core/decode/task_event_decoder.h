// The task family: TaskStart and TaskEnd, nearly every line of a log and so the hot path of a
// load. A line in Spark's exact shape is read straight from its text (raw_json_cursor.h) without
// simdjson's two passes; any other task line through simdjson. One template per event serves
// both paths, so each key is listed once (known_fields.h).
#pragma once

#include <string_view>
#include <vector>

#include "core/base/string_pool.h"
#include "core/decode/event_kind.h"
#include "core/decode/event_targets.h"
#include "core/decode/recent_strings.h"
#include "core/decode/sql_events.h"
#include "core/events/events.h"
#include "simdjson.h"

namespace afterglow {

class TaskEventDecoder {
 public:
  // `pool` must outlive the decoder.
  explicit TaskEventDecoder(StringPool* pool) : recent_strings_(pool) {}

  // A TaskStart or TaskEnd line in Spark's exact shape, decoded and delivered from its raw text;
  // false, with nothing delivered, for any other line.
  bool DecodeRawLine(std::string_view line, const EventTargets& targets);
  // A TaskStart (kind kTaskStart) or TaskEnd event through simdjson.
  simdjson::error_code Decode(EventKind kind, simdjson::ondemand::object& event,
                              const EventTargets& targets);

 private:
  // `walk(keys, on_field)` calls on_field with each top-level field's index in `keys`
  // (known_fields.h) and its value (od::value or json::RawCursor&).
  template <typename Walk>
  simdjson::error_code DecodeTaskStart(Walk&& walk, const EventTargets& targets);
  template <typename Walk>
  simdjson::error_code DecodeTaskEnd(Walk&& walk, const EventTargets& targets);

  RecentStrings recent_strings_;  // the texts every task event repeats, in front of the pool
  // Reused across events (their vectors keep capacity).
  TaskEndEvent task_end_;
  std::vector<TaskAccumUpdate> task_accumulables_;  // what the SQL listener reads of a task end
};

}  // namespace afterglow
