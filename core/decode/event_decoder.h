// Lines of a Spark event log to events: a simdjson on-demand pass per line that reads "Event",
// switches on its kind and hands the event to its family's decoder (application, job, stage,
// task, executor, SQL and streaming, status: *_event_decoder.h), which reads the fields Spark's
// JsonProtocol reads. Task lines in Spark's exact shape skip simdjson (task_event_decoder.h). Field lookups tolerate
// any key order (hand-edited logs reorder keys) by walking each object once and switching on the
// key. Unknown events are skipped and counted; lines that are not JSON events are counted and
// kept with their line number; decoding goes on after both.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/base/string_pool.h"
#include "core/decode/event_kind.h"
#include "core/decode/event_sink.h"
#include "core/decode/event_targets.h"
#include "core/decode/job_event_decoder.h"
#include "core/decode/listing_sink.h"
#include "core/decode/raw_text_interner.h"
#include "core/decode/sql_events.h"
#include "core/decode/stage_event_decoder.h"
#include "core/decode/task_event_decoder.h"
#include "core/events/events.h"
#include "core/ingest/line_consumer.h"
#include "simdjson.h"

namespace afterglow {

struct BadLine {
  uint64_t line = 0;
  std::string cause;
};

// Whether a line passes FsHistoryProvider's listing filter (its eventsFilter over four exact
// event prefixes): the lines the History Server's listing replays.
bool PassesListingFilter(std::string_view line);

class EventDecoder : public LineConsumer {
 public:
  // `pool` and `sink` must outlive the decoder.
  EventDecoder(StringPool* pool, EventSink* sink);

  void OnLine(std::string_view line, uint64_t line_number) override;
  // A line that fails to parse is kept back until the next line or the end: on the last line of
  // a log that may be truncated it is skipped (Spark's replay ignores it), anywhere else it is a
  // bad line.
  void OnEnd(bool maybe_truncated) override;
  // A second listener for SQL executions and Structured Streaming (may be null; must outlive the
  // decoder). It also receives the job, stage-submitted and task-end events it follows.
  void set_sql_sink(SqlEventSink* sql_sink) { targets_.sql_sink = sql_sink; }
  // The Thrift server's listener (may be null; must outlive the decoder's use).
  void set_thrift_sink(ThriftServerSink* thrift_sink) { targets_.thrift_sink = thrift_sink; }
  // Where the listing's events go too (may be null; must outlive the decoder).
  void set_listing_sink(ListingSink* listing_sink) { listing_sink_ = listing_sink; }

  uint64_t events() const { return events_; }
  uint64_t unknown_events() const { return unknown_events_; }
  uint64_t ignored_events() const { return ignored_events_; }
  // Only the first kMaxKeptBadLines are kept in full; bad_line_count() counts all.
  const std::vector<BadLine>& bad_lines() const { return bad_lines_; }
  uint64_t bad_line_count() const { return bad_line_count_; }
  // Last lines of in-progress logs that did not parse and were skipped as cut off.
  uint64_t skipped_truncated_lines() const { return skipped_truncated_lines_; }
  static constexpr size_t kMaxKeptBadLines = 100;

 private:
  simdjson::error_code Decode(simdjson::ondemand::object& event, EventKind kind);
  void RecordBadLine(uint64_t line_number, std::string cause);
  void RecordFailedLine(std::string_view line, uint64_t line_number, std::string cause);

  EventTargets targets_;  // the pool and sinks; the listing sink only while a line is listed
  ListingSink* listing_sink_ = nullptr;
  simdjson::ondemand::parser parser_;
  // The raw fast path's strings of the stage and job events, shared: a JobStart and its stages'
  // events repeat the same texts.
  RawTextInterner raw_texts_;
  // The families' decoders that keep scratch events between lines (their vectors keep capacity).
  TaskEventDecoder tasks_;
  JobEventDecoder jobs_;
  StageEventDecoder stages_;
  SqlDecodeScratch sql_scratch_;
  // The raw fast path's strings of the SQL events, apart from the stage and job ones: a plan's
  // texts would evict those (and the reverse) in the direct-mapped slots.
  RawTextInterner sql_texts_;
  EnvironmentInfo environment_;
  uint64_t events_ = 0;
  uint64_t unknown_events_ = 0;
  uint64_t ignored_events_ = 0;
  uint64_t bad_line_count_ = 0;
  std::vector<BadLine> bad_lines_;
  std::optional<BadLine> unparsed_line_;  // a syntax error, pending until we know it was last
  uint64_t skipped_truncated_lines_ = 0;
  simdjson::dom::parser syntax_checker_;  // validates failed lines only
};

}  // namespace afterglow
