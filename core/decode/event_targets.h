// Where the decoder of one event family delivers what it read: the decoders of each family
// (application, job, stage, task, executor, ... *_event_decoder.h) take this instead of the whole
// EventDecoder.
#pragma once

#include "core/base/string_pool.h"
#include "core/decode/event_sink.h"
#include "core/decode/listing_sink.h"
#include "core/decode/sql_events.h"
#include "core/decode/thrift_server_events.h"

namespace afterglow {

struct EventTargets {
  StringPool* pool = nullptr;
  EventSink* sink = nullptr;
  // The SQL listener, which follows job, stage-submitted and task-end events too (may be null).
  SqlEventSink* sql_sink = nullptr;
  // The Thrift server's listener (may be null).
  ThriftServerSink* thrift_sink = nullptr;
  // Set only while the line being decoded passes the listing's prefix filter.
  ListingSink* listing_sink = nullptr;
};

}  // namespace afterglow
