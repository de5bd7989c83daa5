// Structured Streaming's listener events: QueryStarted, QueryProgress and QueryTerminated
// (StreamingQueryListener's events, read by Jackson from their class names; the names are
// told apart in sql_event_decoder.h's SqlEventKindFromName). They go to the SQL listener's sink,
// which keeps the streaming model beside the SQL executions.
#pragma once

#include "core/base/string_pool.h"
#include "core/decode/event_kind.h"
#include "core/decode/sql_events.h"
#include "simdjson.h"

namespace afterglow {

// Decodes a kStreamingQuery... event and hands it to `sink` (no call when the sink is null, or when the event lacks what Spark needs to deserialize it: the 2.0.x
// events, for instance, have neither "id" nor "runId" and are skipped as Spark's replay skips
// them). `progress` is scratch space reused between progress events.
simdjson::error_code DecodeStreamingEvent(EventKind kind, simdjson::ondemand::object& event,
                                          StringPool& pool, SqlEventSink* sink,
                                          StreamingQueryProgressEvent& progress);

}  // namespace afterglow
