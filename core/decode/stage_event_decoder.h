// The stage family: StageSubmitted and StageCompleted, and the pieces of a stage the job family
// reads too (a StageInfo, a job's or stage's Properties; JsonProtocol's stageInfoFromJson and
// propertiesFromJson).
#pragma once

#include <vector>

#include "core/base/string_pool.h"
#include "core/decode/event_targets.h"
#include "core/events/events.h"
#include "simdjson.h"

namespace afterglow {

// A "Stage Info" object into `info` (cleared first); `rdd_operations`: also its RDDs' operation
// graph fields (DecodeRddInfo).
simdjson::error_code DecodeStageInfo(simdjson::ondemand::value value, StringPool& pool,
                                     StageInfoEvent& info, bool rdd_operations);
// The properties a job or stage event carries that the listener reads (description, job group,
// tags, scheduler pool, SQL execution id), into `props` (cleared first).
simdjson::error_code DecodeProperties(simdjson::ondemand::value value, StringPool& pool,
                                      EventProperties& props);

class StageEventDecoder {
 public:
  simdjson::error_code DecodeStageSubmitted(simdjson::ondemand::object& event,
                                            const EventTargets& targets);
  simdjson::error_code DecodeStageCompleted(simdjson::ondemand::object& event,
                                            const EventTargets& targets);

 private:
  simdjson::error_code Read(simdjson::ondemand::object& event, StringPool& pool);

  // Reused across events (their vectors keep capacity).
  StageInfoEvent stage_info_;
  EventProperties properties_;
};

}  // namespace afterglow
