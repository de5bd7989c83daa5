// The job family: JobStart (with its StageInfos, or the stubs a pre-1.2 log gets) and JobEnd
// (JsonProtocol's jobStartFromJson, jobEndFromJson). The SQL listener follows both. A line in
// Spark's exact shape is read from its raw text (raw_json_cursor.h), any other through simdjson.
#pragma once

#include <string_view>

#include "core/decode/event_targets.h"
#include "core/decode/raw_text_interner.h"
#include "core/events/events.h"
#include "simdjson.h"

namespace afterglow {

class JobEventDecoder {
 public:
  // `raw_texts` (the raw path's strings) must outlive the decoder.
  explicit JobEventDecoder(RawTextInterner* raw_texts) : raw_texts_(raw_texts) {}

  // A JobStart or JobEnd line in Spark's exact shape, decoded and delivered from its raw text;
  // false, with nothing delivered, for any other line.
  bool DecodeRawLine(std::string_view line, const EventTargets& targets);
  simdjson::error_code DecodeJobStart(simdjson::ondemand::object& event,
                                      const EventTargets& targets);
  simdjson::error_code DecodeJobEnd(simdjson::ondemand::object& event,
                                    const EventTargets& targets);

 private:
  // `walk(on_field)` calls on_field(key, value) for each top-level field of the event.
  template <typename Walk, typename Strings>
  simdjson::error_code ReadJobStart(Walk&& walk, Strings& strings);
  void DeliverJobStart(const EventTargets& targets);
  template <typename Walk>
  simdjson::error_code ReadJobEnd(Walk&& walk);
  void DeliverJobEnd(const EventTargets& targets);

  struct JobEndFields {
    int32_t job_id = 0;
    int64_t completion_time = kNoTime;
    bool succeeded = false;
  };

  RawTextInterner* raw_texts_;
  JobStartEvent job_start_;  // reused across events (its vectors keep capacity)
  JobEndFields job_end_;
};

}  // namespace afterglow
