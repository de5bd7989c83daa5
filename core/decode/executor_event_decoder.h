// The executor family, the processes the Executors page lists: ExecutorAdded, ExecutorRemoved,
// BlockManagerAdded (the block manager an executor or the driver registers, which is how the
// driver appears in the list), StageExecutorMetrics, the exclusion events of executors and nodes
// (old "Blacklisted" names included) and MiscellaneousProcessAdded; and the maps of an
// ExecutorInfo (log URLs, attributes, resources) that ApplicationStart's driver fields share.
#pragma once

#include <vector>

#include "core/base/string_pool.h"
#include "core/decode/event_kind.h"
#include "core/decode/event_targets.h"
#include "core/events/storage_types.h"
#include "simdjson.h"

namespace afterglow {

simdjson::error_code DecodeExecutorAdded(simdjson::ondemand::object& event,
                                         const EventTargets& targets);
simdjson::error_code DecodeExecutorRemoved(simdjson::ondemand::object& event,
                                           const EventTargets& targets);
simdjson::error_code DecodeBlockManagerAdded(simdjson::ondemand::object& event,
                                             const EventTargets& targets);
simdjson::error_code DecodeStageExecutorMetrics(simdjson::ondemand::object& event,
                                                const EventTargets& targets);
// kind: kExecutorExcluded, kExecutorUnexcluded, kExecutorExcludedForStage or the kNode... kinds.
simdjson::error_code DecodeExclusion(EventKind kind, simdjson::ondemand::object& event,
                                     const EventTargets& targets);
simdjson::error_code DecodeMiscellaneousProcessAdded(simdjson::ondemand::object& event,
                                                     const EventTargets& targets);

// A JSON object of strings (log URLs, attributes) into pairs; a repeated key keeps its last value.
simdjson::error_code DecodeStringPairs(simdjson::ondemand::value value, StringPool& pool,
                                       StringPairs& out);
// ExecutorInfo "Resources": {name: {"name": ..., "addresses": [...]}}.
simdjson::error_code DecodeResources(simdjson::ondemand::value value, StringPool& pool,
                                     std::vector<ResourceInformation>& out);

}  // namespace afterglow
