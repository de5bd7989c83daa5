// The job family: JobStart (with its StageInfos, or the stubs a pre-1.2 log gets) and JobEnd
// (JsonProtocol's jobStartFromJson, jobEndFromJson). The SQL listener follows both.
#pragma once

#include "core/decode/event_targets.h"
#include "core/events/events.h"
#include "simdjson.h"

namespace afterglow {

class JobEventDecoder {
 public:
  simdjson::error_code DecodeJobStart(simdjson::ondemand::object& event,
                                      const EventTargets& targets);
  simdjson::error_code DecodeJobEnd(simdjson::ondemand::object& event,
                                    const EventTargets& targets);

 private:
  JobStartEvent job_start_;  // reused across events (its vectors keep capacity)
};

}  // namespace afterglow
