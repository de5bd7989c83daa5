// Targets for the text layers: the line splitter over any chunking, the event decoder on one
// line, and the raw task, stage, job and SQL-execution fast paths against simdjson's reading of the
// same line.
#include <algorithm>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/decode/event_decoder.h"
#include "core/ingest/line_splitter.h"
#include "tests/fuzz/fuzz_inputs.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/fuzz/sql_recording_sink.h"
#include "tests/fuzz/stage_job_recording_sink.h"
#include "tests/fuzz/task_recording_sink.h"

namespace afterglow::fuzz {
namespace line_targets {

// Checks what the splitter promises its consumer: non-empty lines without '\n', numbered in
// order, padding readable, and no more bytes than were pushed.
class CheckingConsumer final : public LineConsumer {
 public:
  void OnLine(std::string_view line, uint64_t line_number) override {
    if (line.empty()) Fail("an empty line was delivered");
    if (line.find('\n') != std::string_view::npos) Fail("a line holds a newline");
    if (line_number <= last_line_) Fail("line numbers go backwards");
    volatile char last = line.data()[line.size() + kReadPadding - 1];
    (void)last;
    last_line_ = line_number;
    bytes_ += line.size();
  }
  uint64_t bytes_ = 0;
  uint64_t last_line_ = 0;
};

// The first line of the input (up to a '\n'), with its padding: what the decoder gets.
struct PaddedLine {
  PaddedLine(const uint8_t* data, size_t size, std::string_view prefix = "") {
    const auto* begin = reinterpret_cast<const char*>(data);
    const void* newline = std::memchr(begin, '\n', size);
    const size_t n = newline ? static_cast<const char*>(newline) - begin : size;
    text = std::string(prefix) + std::string(begin, n);
    size_ = text.size();
    text.resize(size_ + kReadPadding, '"');  // a quote in the padding must not close a string
  }
  std::string_view line() const { return std::string_view(text.data(), size_); }
  std::string text;
  size_t size_;
};

std::vector<std::string> LogLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Whether a line is one of the stage and job events the raw path reads (by its "Event" value, so
// any layout of the line counts).
bool IsStageOrJobLine(const std::string& line) {
  for (const char* kind : {"\"SparkListenerStageSubmitted\"", "\"SparkListenerStageCompleted\"",
                           "\"SparkListenerJobStart\"", "\"SparkListenerJobEnd\""}) {
    if (line.find(kind) != std::string::npos) return true;
  }
  return false;
}

// A stage or job line with texts the corpus lacks put in: \u escapes (a surrogate pair
// included), UTF-8, escapes in a property, nulls where JsonProtocol reads Option fields, a failed
// job's result. Each insertion is made only where its anchor is on the line.
std::vector<std::string> StageVariants(const std::string& line) {
  const std::pair<const char*, const char*> kInsertions[] = {
      {"\"Stage Name\":\"", "caf\\u00e9 \\ud83d\\ude00 \\u0000 "},
      {"\"Stage Name\":\"", "caf\xC3\xA9 "},
      {"\"Details\":\"", "\\\"quoted\\\"\\n\\tat \\/x\\u00e9\\n"},
      {"\"Stage Info\":{", "\"Failure Reason\":null,\"Submission Time\":null,"},
      {"\"Properties\":{",
       "\"spark.job.description\":\"a \\\"job\\\"\\t\\u00e9\",\"spark.jobGroup.id\":null,"
       "\"spark.job.tags\":\"a,b\",\"spark.sql.execution.id\":12,"},
      {"\"Completion Time\":", "null,\"Completion Time\":"},
      {"\"Job Result\":{",
       "\"Result\":\"JobFailed\",\"Exception\":{\"Message\":\"boom \\\"x\\\"\",\"Stack Trace\":[]},"},
  };
  std::vector<std::string> variants;
  for (const auto& [anchor, text] : kInsertions) {
    const size_t at = line.find(anchor);
    if (at == std::string::npos) continue;
    std::string variant = line;
    variant.insert(at + std::strlen(anchor), text);
    variants.push_back(std::move(variant));
  }
  return variants;
}

// Whether a line is one of the SQL-execution events the raw path reads (by its "Event" value).
bool IsSqlExecutionLine(const std::string& line) {
  for (const char* kind : {".SparkListenerSQLExecutionStart\"", ".SparkListenerSQLExecutionEnd\"",
                           ".SparkListenerSQLAdaptiveExecutionUpdate\""}) {
    if (line.find(kind) != std::string::npos) return true;
  }
  return false;
}

// A SQL-execution line with what the corpus lacks put in: \u escapes (a surrogate pair
// included), UTF-8, nulls where Jackson leaves fields unset, a root execution id, an error
// message, a config whose value is not text.
std::vector<std::string> SqlVariants(const std::string& line) {
  const std::pair<const char*, const char*> kInsertions[] = {
      {"\"simpleString\":\"", "caf\\u00e9 \\ud83d\\ude00 \\u0000 \\\"q\\\" "},
      {"\"nodeName\":\"", "caf\xC3\xA9 "},
      {"\"description\":\"", "\\\"quoted\\\"\\n\\tat \\/x\\u00e9\\n"},
      {"\"executionId\":", "1,\"rootExecutionId\":\"3\",\"description\":null,\"executionId\":"},
      {"\"name\":\"", "\\t"},
      {"\"metrics\":[", "{\"name\":null,\"accumulatorId\":1,\"metricType\":\"sum\"},"},
      {"\"time\":", "1,\"errorMessage\":\"boom\\n\\tat x\",\"time\":"},
      {"\"modifiedConfigs\":{", "\"a\":null,\"b\":3,\"c\":\"d\\n\","},
      {"\"sparkPlanInfo\":", "null,\"sparkPlanInfo\":"},
  };
  std::vector<std::string> variants;
  for (const auto& [anchor, text] : kInsertions) {
    const size_t at = line.find(anchor);
    if (at == std::string::npos) continue;
    const size_t end = at + std::strlen(anchor);
    std::string insertion = text;
    // Into an empty object or array, without the comma that would end it.
    if (insertion.back() == ',' && (line[end] == '}' || line[end] == ']')) insertion.pop_back();
    std::string variant = line;
    variant.insert(end, insertion);
    variants.push_back(std::move(variant));
  }
  return variants;
}

// Feeds the input's first `max_lines` lines to both decoders, each line as written to `fast` and
// with a leading space to `simdjson` (the raw paths take only a line that starts with its
// object), then ends both. Blank lines are skipped but counted, so line numbers agree.
void FeedBothWays(const uint8_t* data, size_t size, uint64_t max_lines, EventDecoder& fast,
                  EventDecoder& simdjson) {
  uint64_t line_number = 0;
  while (size > 0 && line_number < max_lines) {
    const PaddedLine line(data, size), spaced(data, size, " ");
    const size_t consumed = std::min(size, line.line().size() + 1);
    data += consumed;
    size -= consumed;
    ++line_number;
    if (line.line().find_first_not_of(" \t\r") == std::string_view::npos) continue;
    fast.OnLine(line.line(), line_number);
    simdjson.OnLine(spaced.line(), line_number);
  }
  fast.OnEnd(false);
  simdjson.OnEnd(false);
}

}  // namespace line_targets

using line_targets::CheckingConsumer;
using line_targets::FeedBothWays;
using line_targets::IsSqlExecutionLine;
using line_targets::IsStageOrJobLine;
using line_targets::LogLines;
using line_targets::PaddedLine;
using line_targets::SqlVariants;
using line_targets::StageVariants;

void FuzzLineSplitter(const uint8_t* data, size_t size) {
  CheckingConsumer consumer;
  LineSplitter splitter(&consumer);
  PushInChunks(data, size, [&](const uint8_t* chunk, size_t n) {
    splitter.Push(reinterpret_cast<const char*>(chunk), n);
  });
  splitter.Finish();
  if (consumer.bytes_ > size) Fail("more line bytes than input");
}
void SeedLineSplitter(SeedWriter& out) {
  for (const auto& [name, text] : SmallLogs(out)) {
    out.Write(name + "-chunk1", std::string(1, '\0') + text);
    out.Write(name + "-chunk300", std::string(1, '\x08') + text);
    std::string crlf;
    for (const std::string& line : LogLines(text.substr(0, 4096))) crlf += line + "\r\n\n";
    out.Write(name + "-crlf", std::string(1, '\x02') + crlf);
  }
}

void FuzzEventLine(const uint8_t* data, size_t size) {
  StringPool pool;
  TaskRecordingSink sink(&pool);
  EventDecoder decoder(&pool, &sink);
  const PaddedLine line(data, size);
  if (line.line().empty()) return;
  decoder.OnLine(line.line(), 1);
  decoder.OnEnd(size % 2 == 0);
}
// One seed per distinct event kind of the small logs (the first line of each kind).
void SeedEventLine(SeedWriter& out) {
  int n = 0;
  std::vector<std::string> seen;
  for (const auto& [name, text] : SmallLogs(out)) {
    for (const std::string& line : LogLines(text)) {
      const size_t start = line.find("\"Event\":\"");
      const std::string kind = line.substr(0, line.find('"', start + 9) + 1);
      bool known = false;
      for (const std::string& s : seen) known = known || s == kind;
      if (known || line.size() > 16384) continue;
      seen.push_back(kind);
      out.Write("event-" + std::to_string(n++), line);
    }
  }
}

// The fast path reads a task line only when it starts with Spark's exact prefix; a leading space
// sends the same JSON to simdjson. Whenever both read a line they must deliver the same event,
// and the decoders must agree on whether the line was an event at all.
void FuzzTaskLine(const uint8_t* data, size_t size) {
  StringPool pool;  // shared: equal texts get equal ids in both decoders
  TaskRecordingSink fast_sink(&pool), simdjson_sink(&pool);
  EventDecoder fast(&pool, &fast_sink), simdjson(&pool, &simdjson_sink);
  const PaddedLine line(data, size), spaced(data, size, " ");
  if (line.line().find_first_not_of(" \t\r") == std::string_view::npos) return;
  fast.OnLine(line.line(), 1);
  simdjson.OnLine(spaced.line(), 1);
  fast.OnEnd(false);
  simdjson.OnEnd(false);
  if (fast_sink.tasks != simdjson_sink.tasks) Fail("the fast path and simdjson read different events");
  if (fast.events() != simdjson.events() || fast.bad_line_count() != simdjson.bad_line_count()) {
    Fail("the fast path and simdjson disagree on whether the line is an event");
  }
}
void SeedTaskLine(SeedWriter& out) {
  int n = 0;
  for (const auto& [name, text] : SmallLogs(out)) {
    int kept = 0;
    for (const std::string& line : LogLines(text)) {
      if (line.find("\"SparkListenerTask") == std::string::npos || kept++ >= 6) continue;
      out.Write("task-" + std::to_string(n++), line);
    }
  }
}

// The same differential check for the stage and job events (StageSubmitted, StageCompleted,
// JobStart, JobEnd), whose raw path reads nested objects (StageInfo, RDD Info, Accumulables,
// Properties) and interns its strings by their escaped text: both decoders must deliver the same
// events, every field of every nested object alike, and agree on whether each line was one. The
// input's lines (up to kMaxStageJobLines) go to the same two decoders in turn, because the raw
// path's interner keeps texts between lines (a JobStart's Details and Scopes come back in its
// stages' events): a repeat, or a text sharing a slot with an earlier one, must read the same.
void FuzzStageJobLine(const uint8_t* data, size_t size) {
  constexpr int kMaxStageJobLines = 8;
  StringPool pool;  // shared: equal texts get equal ids in both decoders
  StageJobRecordingSink fast_sink(&pool), simdjson_sink(&pool);
  EventDecoder fast(&pool, &fast_sink), simdjson(&pool, &simdjson_sink);
  FeedBothWays(data, size, kMaxStageJobLines, fast, simdjson);
  if (fast_sink.events != simdjson_sink.events) {
    Fail("the raw stage/job path and simdjson read different events");
  }
  if (fast.events() != simdjson.events() || fast.bad_line_count() != simdjson.bad_line_count()) {
    Fail("the raw stage/job path and simdjson disagree on whether a line is an event");
  }
}
// Per small log: the first lines of each stage and job kind, and every one whose strings hold an
// escape, a \u escape or a null (the raw path's interner and its fallbacks), one per seed; and the
// first stage and job lines in log order as one seed (a JobStart, then its stages' events, which
// repeat its texts). The small logs' stage and job lines hold no \u escape, UTF-8 or null, so the
// first line of each kind is also written with some put in (StageVariants).
void SeedStageJobLine(SeedWriter& out) {
  int n = 0;
  std::vector<std::string> kinds_seen;
  for (const auto& [name, text] : SmallLogs(out)) {
    int kept = 0;
    std::string in_order;
    int in_order_lines = 0;
    for (const std::string& line : LogLines(text)) {
      if (!IsStageOrJobLine(line) || line.size() > 65536) continue;
      if (in_order_lines < 6 && in_order.size() + line.size() < 65536) {
        in_order += line + "\n";
        ++in_order_lines;
      }
      const std::string kind = line.substr(0, line.find(',') + 1);
      if (std::find(kinds_seen.begin(), kinds_seen.end(), kind) == kinds_seen.end()) {
        kinds_seen.push_back(kind);
        for (const std::string& variant : StageVariants(line)) {
          out.Write("stage-job-variant-" + std::to_string(n++), variant);
        }
      }
      const bool unusual = line.find("\\u") != std::string::npos ||
                           line.find(":null") != std::string::npos ||
                           line.find("\\\"") != std::string::npos;
      if (kept++ >= 12 && !(unusual && kept < 200)) continue;
      out.Write("stage-job-" + std::to_string(n++), line);
    }
    if (in_order_lines > 1) out.Write("stage-job-in-order-" + std::to_string(n++), in_order);
  }
}

// The same differential check for the SQL-execution events the raw path reads (ExecutionStart,
// ExecutionEnd, AdaptiveExecutionUpdate): a plan tree nested to any depth, texts with escapes,
// nulls and modified configs must read the same both ways, and both decoders must agree on
// whether each line was an event. Several lines per input, as for the stage and job events: the
// raw path's interner and the plan cache keep texts between lines.
void FuzzSqlLine(const uint8_t* data, size_t size) {
  constexpr int kMaxSqlLines = 8;
  StringPool pool;  // shared: equal texts get equal ids in both decoders
  StageJobRecordingSink fast_events(&pool), simdjson_events(&pool);
  SqlRecordingSink fast_sink(&pool), simdjson_sink(&pool);
  EventDecoder fast(&pool, &fast_events), simdjson(&pool, &simdjson_events);
  fast.set_sql_sink(&fast_sink);
  simdjson.set_sql_sink(&simdjson_sink);
  FeedBothWays(data, size, kMaxSqlLines, fast, simdjson);
  if (fast_sink.events != simdjson_sink.events) {
    Fail("the raw SQL path and simdjson read different events");
  }
  if (fast.events() != simdjson.events() || fast.bad_line_count() != simdjson.bad_line_count()) {
    Fail("the raw SQL path and simdjson disagree on whether a line is an event");
  }
}
// Per log with SQL: its first SQL-execution lines and each kind's first with texts put in
// (SqlVariants), one per seed, and its first ones in log order as one seed (a start, its end,
// the next start: the plan cache's repeats).
void SeedSqlLine(SeedWriter& out) {
  // The small logs hold no SQL: the corpus logs that do (Spark 3.0 Structured Streaming, 3.0
  // with a few queries, 3.2 with adaptive execution updates).
  static const char* const kSqlLogs[] = {
      "spark/sql-events/local-1596020211915",
      "spark/spark-events/app-20200706201101-0003",
      "spark/spark-events/local-1642039451826",
  };
  int n = 0;
  std::vector<std::string> kinds_seen;
  for (const char* path : kSqlLogs) {
    const std::string text = out.Corpus(path);
    int kept = 0;
    std::string in_order;
    int in_order_lines = 0;
    for (const std::string& line : LogLines(text)) {
      if (!IsSqlExecutionLine(line) || line.size() > 65536) continue;
      if (in_order_lines < 6 && in_order.size() + line.size() < 65536) {
        in_order += line + "\n";
        ++in_order_lines;
      }
      const std::string kind = line.substr(0, line.find(',') + 1);
      if (std::find(kinds_seen.begin(), kinds_seen.end(), kind) == kinds_seen.end()) {
        kinds_seen.push_back(kind);
        for (const std::string& variant : SqlVariants(line)) {
          out.Write("sql-variant-" + std::to_string(n++), variant);
        }
      }
      if (kept++ >= 6) continue;
      out.Write("sql-" + std::to_string(n++), line);
    }
    if (in_order_lines > 1) out.Write("sql-in-order-" + std::to_string(n++), in_order);
  }
}

}  // namespace afterglow::fuzz
