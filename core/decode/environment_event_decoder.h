// The application's environment: EnvironmentUpdate (JVM information and the property blocks) and
// ResourceProfileAdded (JsonProtocol's environmentUpdateFromJson, resourceProfileAddedFromJson).
#pragma once

#include "core/decode/event_targets.h"
#include "core/events/storage_types.h"
#include "simdjson.h"

namespace afterglow {

// Also tells the sink spark.task.cpus (OnEnvironmentUpdate) before the whole environment
// (OnEnvironmentDetails). `environment` is scratch space reused between events.
simdjson::error_code DecodeEnvironmentUpdate(simdjson::ondemand::object& event,
                                             const EventTargets& targets,
                                             EnvironmentInfo& environment);
simdjson::error_code DecodeResourceProfileAdded(simdjson::ondemand::object& event,
                                                const EventTargets& targets);

}  // namespace afterglow
