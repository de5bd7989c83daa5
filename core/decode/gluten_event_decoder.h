// Apache Gluten's plan-fallback event (GlutenPlanFallbackEvent in sql_events.h): Gluten runs Spark
// SQL on a native engine and posts, for each query (and each AQE re-plan of it), the plan nodes
// that stayed on vanilla Spark with the reason. Spark writes the event by class name; it goes to
// the SQL listener's sink, which keeps it beside the execution.
#pragma once

#include "core/decode/sql_events.h"
#include "simdjson.h"

namespace afterglow {

// Reads executionId, numGlutenNodes, numFallbackNodes and fallbackNodeToReason (the plan
// description is passed over) and hands the event to `sink` (no call when it is null).
simdjson::error_code DecodeGlutenPlanFallback(simdjson::ondemand::object& event, StringPool& pool,
                                              SqlEventSink* sink);

}  // namespace afterglow
