// The "RDD Info" fields of a StageInfo that only the RDD operation graph reads (Scope, Callsite,
// Parent IDs, Barrier, DeterministicLevel; JsonProtocol.rddInfoToJson). DecodeRddInfo
// (storage_event_decoder.cc) reads each entry once and hands these keys here.
#pragma once

#include <string_view>

#include "core/base/string_pool.h"
#include "core/events/events.h"
#include "simdjson.h"

namespace afterglow {

// Reads `key`'s value into `out` when it is one of the graph's fields; other keys are skipped.
// "Scope" is a JSON document inside a string: it is interned as text and parsed only when a
// graph is built (core/analysis/rdd_operation_graph.h).
simdjson::error_code DecodeRddOperationField(std::string_view key,
                                             simdjson::ondemand::value value, StringPool& pool,
                                             RddOperationInfo& out);

}  // namespace afterglow
