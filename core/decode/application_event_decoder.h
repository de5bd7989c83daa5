// The application's own events: LogStart, ApplicationStart and ApplicationEnd (JsonProtocol's
// logStartFromJson, applicationStartFromJson, applicationEndFromJson). The listing sees them too.
// (EnvironmentUpdate and ResourceProfileAdded: environment_event_decoder.h.)
#pragma once

#include "core/decode/event_targets.h"
#include "simdjson.h"

namespace afterglow {

simdjson::error_code DecodeLogStart(simdjson::ondemand::object& event, const EventTargets& targets);
simdjson::error_code DecodeApplicationStart(simdjson::ondemand::object& event,
                                            const EventTargets& targets);
simdjson::error_code DecodeApplicationEnd(simdjson::ondemand::object& event,
                                          const EventTargets& targets);

}  // namespace afterglow
