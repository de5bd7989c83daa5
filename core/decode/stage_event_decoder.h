// The stage family: StageSubmitted and StageCompleted, and the pieces of a stage the job family
// reads too (a StageInfo, a job's or stage's Properties; JsonProtocol's stageInfoFromJson and
// propertiesFromJson). A line in Spark's exact shape is read from its raw text
// (raw_json_cursor.h), any other through simdjson; one template per object serves both paths.
#pragma once

#include <string_view>
#include <vector>

#include "core/base/string_pool.h"
#include "core/decode/event_targets.h"
#include "core/decode/raw_json_cursor.h"
#include "core/decode/raw_text_interner.h"
#include "core/events/events.h"
#include "simdjson.h"

namespace afterglow {

// A "Stage Info" object into `info` (cleared first); `rdd_operations`: also its RDDs' operation
// graph fields (DecodeRddInfo).
simdjson::error_code DecodeStageInfo(simdjson::ondemand::value value, StringPool& pool,
                                     StageInfoEvent& info, bool rdd_operations);
simdjson::error_code DecodeStageInfo(json::RawCursor& value, RawTextInterner& strings,
                                     StageInfoEvent& info, bool rdd_operations);
// The properties a job or stage event carries that the listener reads (description, job group,
// tags, scheduler pool, SQL execution id), into `props` (cleared first).
simdjson::error_code DecodeProperties(simdjson::ondemand::value value, StringPool& pool,
                                      EventProperties& props);
simdjson::error_code DecodeProperties(json::RawCursor& value, RawTextInterner& strings,
                                      EventProperties& props);

class StageEventDecoder {
 public:
  // `raw_texts` (the raw path's strings) must outlive the decoder.
  explicit StageEventDecoder(RawTextInterner* raw_texts) : raw_texts_(raw_texts) {}

  // A StageSubmitted or StageCompleted line in Spark's exact shape, decoded and delivered from
  // its raw text; false, with nothing delivered, for any other line.
  bool DecodeRawLine(std::string_view line, const EventTargets& targets);
  simdjson::error_code DecodeStageSubmitted(simdjson::ondemand::object& event,
                                            const EventTargets& targets);
  simdjson::error_code DecodeStageCompleted(simdjson::ondemand::object& event,
                                            const EventTargets& targets);

 private:
  // `walk(on_field)` calls on_field(key, value) for each top-level field of the event.
  template <typename Walk, typename Strings>
  simdjson::error_code Read(Walk&& walk, Strings& strings);
  void DeliverStageSubmitted(const EventTargets& targets);
  void DeliverStageCompleted(const EventTargets& targets);

  RawTextInterner* raw_texts_;
  // Reused across events (their vectors keep capacity).
  StageInfoEvent stage_info_;
  EventProperties properties_;
};

}  // namespace afterglow
