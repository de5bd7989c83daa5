// Reads the Thrift server's session and operation events (thrift_server_events.h) and hands them
// to the Thrift server's sink.
#pragma once

#include <string_view>

#include "core/decode/event_kind.h"
#include "core/decode/thrift_server_events.h"
#include "simdjson.h"

namespace afterglow {

class StringPool;

// The kind of an "Event" name under org.apache.spark.sql.hive.thriftserver.ui., or kIgnored.
EventKind ThriftServerEventKindFromName(std::string_view name);

// Decodes a kThrift... event and hands it to `sink` (no call when the sink is null).
simdjson::error_code DecodeThriftServerEvent(EventKind kind, simdjson::ondemand::object& event,
                                             StringPool& pool, ThriftServerSink* sink);

}  // namespace afterglow
