// Decoders for SQL-execution events: ExecutionStart and End, the adaptive plan and metric updates,
// the driver's accumulator updates (see sql_events.h); Structured Streaming's events are in
// streaming_event_decoder.h, and the task accumulables the SQL listener aggregates are read by
// task_accumulables.cc. Called from
// event_decoder.cc; same conventions: any key order, each value read once, strings interned
// before the parser moves on.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/base/string_pool.h"
#include "core/decode/event_kind.h"
#include "core/decode/raw_text_interner.h"
#include "core/decode/sql_events.h"
#include "simdjson.h"

namespace afterglow {

// The kind of an "Event" name under org.apache.spark.sql.: the SQL and streaming events the SQL
// listener reads, kIgnored for the package's other events (e.g. the 2.0.0 QueryProgress class,
// which later Spark versions cannot load either).
EventKind SqlEventKindFromName(std::string_view event_name);

// Decodes an SQL-execution event (kSqlExecutionStart ... kSqlDriverAccumUpdates) and hands it to
// `sink` (no call when the sink is null).
simdjson::error_code DecodeSqlEvent(EventKind kind, simdjson::ondemand::object& event,
                                    StringPool& pool, SqlEventSink* sink,
                                    SqlDecodeScratch& scratch);

// The raw fast path (raw_json_cursor.h) for the SQL events with the largest lines: ExecutionStart
// and AdaptiveExecutionUpdate, whose plan tree and plan description are most of a SQL log's
// bytes, and ExecutionEnd, which follows each start. True when `line` is one of them in Spark's
// exact shape and its event went to `sink`; false, nothing delivered, for any other line (and
// when the sink is null): the caller then decodes it with simdjson. `texts` interns the strings
// by their escaped text, except the plan's texts without escapes, which go through `scratch`'s
// plan cache as on simdjson's path; both keep texts from line to line.
bool DecodeSqlRawLine(std::string_view line, RawTextInterner& texts, SqlEventSink* sink,
                      SqlDecodeScratch& scratch);

// java.lang.Long.parseLong: optional sign, ASCII digits, no spaces, range-checked.
bool ParseJavaLong(std::string_view text, int64_t& out);

}  // namespace afterglow
