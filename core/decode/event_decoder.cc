#include "core/decode/event_decoder.h"

#include <string>

#include "core/base/read_padding.h"
#include "core/decode/application_event_decoder.h"
#include "core/decode/executor_event_decoder.h"
#include "core/decode/gluten_event_decoder.h"
#include "core/decode/json_fields.h"
#include "core/decode/simd128_stage1.h"
#include "core/decode/environment_event_decoder.h"
#include "core/decode/sql_event_decoder.h"
#include "core/decode/storage_event_decoder.h"
#include "core/decode/streaming_event_decoder.h"
#include "core/decode/thrift_server_event_decoder.h"

namespace afterglow {

// FsHistoryProvider's listing filter (doMergeApplicationListingInternal.eventsFilter over
// APPL_START/APPL_END/LOG_START/ENV_UPDATE_EVENT_PREFIX): exact prefixes, so another key order or
// any whitespace hides the event from the listing. The EnvironmentUpdate one ends in a comma.
bool PassesListingFilter(std::string_view line) {
  constexpr std::string_view kPrefixes[] = {
      R"({"Event":"SparkListenerApplicationStart")",
      R"({"Event":"SparkListenerApplicationEnd")",
      R"({"Event":"SparkListenerLogStart")",
      R"({"Event":"SparkListenerEnvironmentUpdate",)",
  };
  for (std::string_view prefix : kPrefixes) {
    if (line.substr(0, prefix.size()) == prefix) return true;
  }
  return false;
}

namespace {

namespace od = simdjson::ondemand;
using simdjson::error_code;
using simdjson::SUCCESS;

static_assert(kReadPadding >= simdjson::SIMDJSON_PADDING,
              "lines must carry the padding simdjson's on-demand parser reads past their end");

}  // namespace

EventDecoder::EventDecoder(StringPool* pool, EventSink* sink)
    : raw_texts_(pool), tasks_(pool), jobs_(&raw_texts_), stages_(&raw_texts_), sql_scratch_(pool),
      sql_texts_(pool) {
  targets_.pool = pool;
  targets_.sink = sink;
  // The page's simdjson has no WebAssembly kernel: its scalar stage 1 was a third of the page's
  // decode time, so the on-demand parser gets ours (simd128_stage1.h). Should installing fail, the
  // builtin kernel parses as before.
  if constexpr (kSimd128Stage1BeatsBuiltin) (void)InstallSimd128Stage1(parser_);
}

void EventDecoder::RecordBadLine(uint64_t line_number, std::string cause) {
  ++bad_line_count_;
  if (bad_lines_.size() < kMaxKeptBadLines) bad_lines_.push_back({line_number, std::move(cause)});
}

void EventDecoder::RecordFailedLine(std::string_view line, uint64_t line_number,
                                    std::string cause) {
  // Jackson's JsonParseException (bad syntax) is the one failure Spark's replay forgives, and only
  // on the last line of a log that may be truncated. The on-demand pass reads lazily, so check the
  // whole line's syntax before deciding (only failed lines pay for it).
  const bool syntax_error =
      syntax_checker_.parse(line.data(), line.size(), false).error() != simdjson::SUCCESS;
  if (syntax_error) {
    unparsed_line_ = BadLine{line_number, std::move(cause)};
  } else {
    RecordBadLine(line_number, std::move(cause));
  }
}

void EventDecoder::OnEnd(bool maybe_truncated) {
  if (!unparsed_line_) return;
  if (maybe_truncated) {
    ++skipped_truncated_lines_;
  } else {
    RecordBadLine(unparsed_line_->line, std::move(unparsed_line_->cause));
  }
  unparsed_line_.reset();
}

void EventDecoder::OnLine(std::string_view line, uint64_t line_number) {
  // A line of only whitespace is not an event and not damage either.
  if (line.find_first_not_of(" \t\r") == std::string_view::npos) return;
  // A line that did not parse was not the last one after all: it is damage.
  if (unparsed_line_) {
    RecordBadLine(unparsed_line_->line, std::move(unparsed_line_->cause));
    unparsed_line_.reset();
  }
  // Task lines, nearly all of a log, and the stage, job and SQL-execution events, the largest
  // lines of logs with few tasks per stage, are read straight from the text when they have
  // Spark's exact shape (raw_json_cursor.h), without simdjson's two passes; any other line, and
  // any of those with something outside that shape, is decoded by simdjson below.
  if (tasks_.DecodeRawLine(line, targets_) || stages_.DecodeRawLine(line, targets_) ||
      jobs_.DecodeRawLine(line, targets_) ||
      DecodeSqlRawLine(line, sql_texts_, targets_.sql_sink, sql_scratch_)) {
    ++events_;
    return;
  }
  od::document doc;
  od::object event;
  std::string_view event_name;
  error_code error = parser_.iterate(line.data(), line.size(), line.size() + kReadPadding).get(doc);
  if (!error) error = doc.get_object().get(event);
  if (!error) error = event.find_field_unordered("Event").get_string().get(event_name);
  if (error) {
    RecordFailedLine(line, line_number,
                     std::string("not a JSON event: ") + simdjson::error_message(error));
    return;
  }
  const EventKind kind = EventKindFromName(event_name);
  if (kind == EventKind::kUnknown) {
    ++unknown_events_;
    return;
  }
  if (kind == EventKind::kIgnored) {
    ++ignored_events_;
    return;
  }
  const bool listed = listing_sink_ != nullptr && PassesListingFilter(line);
  targets_.listing_sink = listed ? listing_sink_ : nullptr;
  bool rewound = false;
  error = event.reset().get(rewound);
  if (!error) error = Decode(event, kind);
  if (error) {
    RecordFailedLine(line, line_number,
                     std::string(event_name) + ": " + simdjson::error_message(error));
    return;
  }
  if (listed && kind == EventKind::kEnvironmentUpdate) {
    listing_sink_->OnListedEnvironmentUpdate();
  }
  ++events_;
}

error_code EventDecoder::Decode(simdjson::ondemand::object& event, EventKind kind) {
  // Each family's decoder walks the event's fields once (json::ForEachObjectField). No default:
  // a new EventKind must choose its family here.
  const EventTargets& targets = targets_;
  switch (kind) {
    // The application and its environment (application_event_decoder.h,
    // environment_event_decoder.h).
    case EventKind::kLogStart: return DecodeLogStart(event, targets);
    case EventKind::kApplicationStart: return DecodeApplicationStart(event, targets);
    case EventKind::kApplicationEnd: return DecodeApplicationEnd(event, targets);
    case EventKind::kEnvironmentUpdate:
      return DecodeEnvironmentUpdate(event, targets, environment_);
    case EventKind::kResourceProfileAdded: return DecodeResourceProfileAdded(event, targets);
    // Jobs and stages (job_event_decoder.h, stage_event_decoder.h).
    case EventKind::kJobStart: return jobs_.DecodeJobStart(event, targets);
    case EventKind::kJobEnd: return jobs_.DecodeJobEnd(event, targets);
    case EventKind::kStageSubmitted: return stages_.DecodeStageSubmitted(event, targets);
    case EventKind::kStageCompleted: return stages_.DecodeStageCompleted(event, targets);
    // Tasks that are not in Spark's exact shape (task_event_decoder.h).
    case EventKind::kTaskStart:
    case EventKind::kTaskEnd: return tasks_.Decode(kind, event, targets);
    // Executors, block managers, exclusions, miscellaneous processes
    // (executor_event_decoder.h).
    case EventKind::kExecutorAdded: return DecodeExecutorAdded(event, targets);
    case EventKind::kExecutorRemoved: return DecodeExecutorRemoved(event, targets);
    case EventKind::kBlockManagerAdded: return DecodeBlockManagerAdded(event, targets);
    case EventKind::kStageExecutorMetrics: return DecodeStageExecutorMetrics(event, targets);
    case EventKind::kMiscellaneousProcessAdded:
      return DecodeMiscellaneousProcessAdded(event, targets);
    // Storage (storage_event_decoder.h).
    case EventKind::kBlockUpdated: return DecodeBlockUpdated(event, targets);
    case EventKind::kUnpersistRdd: return DecodeUnpersistRdd(event, targets);
    // Exclusions of executors and nodes (executor_event_decoder.h).
    case EventKind::kExecutorExcluded:
    case EventKind::kExecutorUnexcluded:
    case EventKind::kExecutorExcludedForStage:
    case EventKind::kNodeExcluded:
    case EventKind::kNodeUnexcluded:
    case EventKind::kNodeExcludedForStage: return DecodeExclusion(kind, event, targets);
    // SQL executions (sql_event_decoder.h).
    case EventKind::kSqlExecutionStart:
    case EventKind::kSqlExecutionEnd:
    case EventKind::kSqlAdaptiveExecutionUpdate:
    case EventKind::kSqlAdaptiveMetricUpdates:
    case EventKind::kSqlDriverAccumUpdates:
      return DecodeSqlEvent(kind, event, *targets.pool, targets.sql_sink, sql_scratch_);
    // Structured Streaming (streaming_event_decoder.h).
    case EventKind::kStreamingQueryStarted:
    case EventKind::kStreamingQueryProgress:
    case EventKind::kStreamingQueryTerminated:
      return DecodeStreamingEvent(kind, event, *targets.pool, targets.sql_sink,
                                  sql_scratch_.progress);
    // Engine plugins (gluten_event_decoder.h).
    case EventKind::kGlutenPlanFallback:
      return DecodeGlutenPlanFallback(event, *targets.pool, targets.sql_sink);
    // The Thrift server (thrift_server_event_decoder.h).
    case EventKind::kThriftSessionCreated:
    case EventKind::kThriftSessionClosed:
    case EventKind::kThriftOperationStart:
    case EventKind::kThriftOperationParsed:
    case EventKind::kThriftOperationCanceled:
    case EventKind::kThriftOperationTimeout:
    case EventKind::kThriftOperationError:
    case EventKind::kThriftOperationFinish:
    case EventKind::kThriftOperationClosed:
      return DecodeThriftServerEvent(kind, event, *targets.pool, targets.thrift_sink);
    case EventKind::kUnknown:
    case EventKind::kIgnored: return SUCCESS;  // OnLine counts these and never gets here
  }
  return SUCCESS;
}

}  // namespace afterglow
