#include "core/decode/event_decoder.h"

#include <iterator>
#include <string>
#include <type_traits>

#include "core/base/read_padding.h"
#include "core/decode/json_fields.h"
#include "core/decode/known_fields.h"
#include "core/decode/raw_json_cursor.h"
#include "core/decode/simd128_stage1.h"
#include "core/decode/sql_event_decoder.h"
#include "core/decode/status_event_decoder.h"
#include "core/decode/task_accumulables.h"
#include "core/decode/task_end_reason.h"

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
using json::ForEachElement;
using json::ForEachField;
using json::ReadBool;
using json::ReadInt32;
using json::ReadInt64;
using json::ReadOptText;
using json::ReadOptTime;
using json::ReadString;
using simdjson::error_code;
using simdjson::SUCCESS;

static_assert(kReadPadding >= simdjson::SIMDJSON_PADDING,
              "lines must carry the padding simdjson's on-demand parser reads past their end");

error_code DecodeProperties(od::value value, StringPool& pool, EventProperties& props) {
  props.Clear();
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    OptString* target = nullptr;
    if (json::SameText(key, "spark.job.description")) target = &props.job_description;
    else if (json::SameText(key, "spark.jobGroup.id")) target = &props.job_group;
    else if (json::SameText(key, "spark.job.tags")) target = &props.job_tags;
    else if (json::SameText(key, "spark.scheduler.pool")) target = &props.scheduler_pool;
    else if (json::SameText(key, "spark.sql.execution.id")) target = &props.sql_execution_id;
    if (target == nullptr) return SUCCESS;
    return ReadOptText(v, pool, *target);
  });
}

error_code DecodeAccumulables(od::value value, StringPool& pool,
                              std::vector<AccumulableEvent>& out) {
  out.clear();
  return ForEachElement(value, [&](od::value element) -> error_code {
    AccumulableEvent& acc = out.emplace_back();
    return ForEachField(element, [&](std::string_view key, od::value v) -> error_code {
      if (json::SameText(key, "ID")) return ReadInt64(v, acc.id);
      if (json::SameText(key, "Name")) return ReadOptText(v, pool, acc.name);
      if (json::SameText(key, "Update")) return ReadOptText(v, pool, acc.update);
      if (json::SameText(key, "Value")) return ReadOptText(v, pool, acc.value);
      if (json::SameText(key, "Internal")) return ReadBool(v, acc.internal);
      if (json::SameText(key, "Metadata")) {
        OptString metadata;
        AG_JSON_TRY(ReadOptText(v, pool, metadata));
        acc.metadata_sql = metadata.present && pool.Get(metadata.id) == "sql";
      }
      return SUCCESS;
    });
  });
}

error_code DecodeStageInfo(od::value value, StringPool& pool, StageInfoEvent& info) {
  info.Clear();
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    if (json::SameText(key, "Stage ID")) return ReadInt32(v, info.stage_id);
    if (json::SameText(key, "Stage Attempt ID")) return ReadInt32(v, info.attempt_id);
    if (json::SameText(key, "Stage Name")) return ReadString(v, pool, info.name);
    if (json::SameText(key, "Number of Tasks")) return ReadInt32(v, info.num_tasks);
    if (json::SameText(key, "RDD Info")) {
      return ForEachElement(v, [&](od::value rdd) { return DecodeRddInfo(rdd, pool, info); });
    }
    if (json::SameText(key, "Parent IDs")) {
      return ForEachElement(v, [&](od::value id) { return ReadInt32(id, info.parent_ids.emplace_back()); });
    }
    if (json::SameText(key, "Details")) return ReadString(v, pool, info.details);
    if (json::SameText(key, "Submission Time")) return ReadOptTime(v, info.submission_time);
    if (json::SameText(key, "Completion Time")) return ReadOptTime(v, info.completion_time);
    if (json::SameText(key, "Failure Reason")) return ReadOptText(v, pool, info.failure_reason);
    if (json::SameText(key, "Accumulables")) return DecodeAccumulables(v, pool, info.accumulables);
    if (json::SameText(key, "Resource Profile Id")) return ReadInt32(v, info.resource_profile_id);
    if (json::SameText(key, "Shuffle Push Enabled")) return ReadBool(v, info.shuffle_push_enabled);
    if (json::SameText(key, "Shuffle Push Mergers Count")) return ReadInt32(v, info.shuffle_mergers_count);
    return SUCCESS;
  });
}

// A string of a task event, interned through the decoder's cache of recent texts.
error_code ReadRecent(od::value value, RecentStrings& recent, StringId& out) {
  std::string_view text;
  AG_JSON_TRY(value.get_string().get(text));
  out = recent.Intern(text);
  return SUCCESS;
}
error_code ReadRecent(json::RawCursor& value, RecentStrings& recent, StringId& out) {
  std::string_view text;
  AG_JSON_TRY(value.ReadPlainString(text));
  out = recent.Intern(text);
  return SUCCESS;
}

// `accumulables`, when given, receives the "Accumulables" id/update pairs (for the SQL listener);
// `shown`, when given, the entries the task API shows (stage details and task lists). `Value` is
// od::value or json::RawCursor& (the raw fast path): one list of keys for both.
// A Task Info's keys in the order Spark writes them ("Partition ID" since Spark 3.3).
constexpr auto kTaskInfoKeys = json::MakeKnownKeys(
    {"Task ID",     "Index",  "Attempt",  "Partition ID", "Launch Time",
     "Executor ID", "Host",   "Locality", "Speculative",  "Getting Result Time",
     "Finish Time", "Failed", "Killed",   "Accumulables"});

// The top-level keys of TaskStart and TaskEnd events, in the order Spark writes them.
constexpr auto kTaskStartKeys =
    json::MakeKnownKeys({"Event", "Stage ID", "Stage Attempt ID", "Task Info"});
constexpr auto kTaskEndKeys = json::MakeKnownKeys(
    {"Event", "Stage ID", "Stage Attempt ID", "Task Type", "Task End Reason", "Task Info",
     "Task Executor Metrics", "Task Metrics"});

template <typename Value>
error_code DecodeTaskInfo(Value&& value, StringPool& pool, RecentStrings& recent,
                          TaskInfoEvent& info, std::vector<TaskAccumUpdate>* accumulables = nullptr,
                          std::vector<AccumulableEvent>* shown = nullptr) {
  info = TaskInfoEvent{};
  return json::ForEachKnownField<kTaskInfoKeys>(value, [&](auto key, auto&& v) -> error_code {
    switch (key) {
      case json::KeyIndex(kTaskInfoKeys, "Task ID"): return ReadInt64(v, info.task_id);
      case json::KeyIndex(kTaskInfoKeys, "Index"): return ReadInt32(v, info.index);
      case json::KeyIndex(kTaskInfoKeys, "Attempt"): return ReadInt32(v, info.attempt);
      case json::KeyIndex(kTaskInfoKeys, "Partition ID"): return ReadInt32(v, info.partition_id);
      case json::KeyIndex(kTaskInfoKeys, "Launch Time"): return ReadInt64(v, info.launch_time);
      case json::KeyIndex(kTaskInfoKeys, "Executor ID"): return ReadRecent(v, recent, info.executor_id);
      case json::KeyIndex(kTaskInfoKeys, "Host"): return ReadRecent(v, recent, info.host);
      case json::KeyIndex(kTaskInfoKeys, "Locality"): return ReadRecent(v, recent, info.locality);
      case json::KeyIndex(kTaskInfoKeys, "Speculative"): return ReadBool(v, info.speculative);
      case json::KeyIndex(kTaskInfoKeys, "Getting Result Time"):
        return ReadInt64(v, info.getting_result_time);
      case json::KeyIndex(kTaskInfoKeys, "Finish Time"): return ReadInt64(v, info.finish_time);
      case json::KeyIndex(kTaskInfoKeys, "Failed"): return ReadBool(v, info.failed);
      case json::KeyIndex(kTaskInfoKeys, "Killed"): return ReadBool(v, info.killed);
      case json::KeyIndex(kTaskInfoKeys, "Accumulables"):
        if (accumulables == nullptr && shown == nullptr) return SUCCESS;
        return DecodeTaskAccumulables(v, pool, shown, accumulables);
      default: return SUCCESS;
    }
  });
}

// Reads the fields of one metrics group; `names` pairs a JSON key with its TaskMetric.
struct MetricField {
  std::string_view key;
  TaskMetric metric;
};

// The keys of a group's fields, in its order (known_fields.h), then `more` (nested groups).
template <size_t N, size_t M>
constexpr std::array<std::string_view, N + M> KeysOf(const MetricField (&fields)[N],
                                                     const std::string_view (&more)[M]) {
  std::array<std::string_view, N + M> keys{};
  for (size_t i = 0; i < N; ++i) keys[i] = fields[i].key;
  for (size_t i = 0; i < M; ++i) keys[N + i] = more[i];
  return keys;
}
template <size_t N>
constexpr std::array<std::string_view, N> KeysOf(const MetricField (&fields)[N]) {
  std::array<std::string_view, N> keys{};
  for (size_t i = 0; i < N; ++i) keys[i] = fields[i].key;
  return keys;
}

template <const auto& kKeys, typename Value, size_t N>
error_code DecodeMetricGroup(Value&& value, const MetricField (&fields)[N], TaskMetricValues& out) {
  return json::ForEachKnownField<kKeys>(value, [&](auto key, auto&& v) -> error_code {
    return key < N ? ReadInt64(v, out[fields[key].metric]) : SUCCESS;
  });
}

constexpr MetricField kPushReadFields[] = {
    {"Corrupt Merged Block Chunks", TaskMetric::kPushCorruptMergedBlockChunks},
    {"Merged Fallback Count", TaskMetric::kPushMergedFetchFallbackCount},
    {"Merged Remote Blocks Fetched", TaskMetric::kPushRemoteMergedBlocksFetched},
    {"Merged Local Blocks Fetched", TaskMetric::kPushLocalMergedBlocksFetched},
    {"Merged Remote Chunks Fetched", TaskMetric::kPushRemoteMergedChunksFetched},
    {"Merged Local Chunks Fetched", TaskMetric::kPushLocalMergedChunksFetched},
    {"Merged Remote Bytes Read", TaskMetric::kPushRemoteMergedBytesRead},
    {"Merged Local Bytes Read", TaskMetric::kPushLocalMergedBytesRead},
    {"Merged Remote Requests Duration", TaskMetric::kPushRemoteMergedReqsDuration},
};
constexpr auto kPushReadKeys = json::MakeKnownKeys(KeysOf(kPushReadFields));
constexpr MetricField kShuffleWriteFields[] = {
    {"Shuffle Bytes Written", TaskMetric::kShuffleBytesWritten},
    {"Shuffle Write Time", TaskMetric::kShuffleWriteTime},
    {"Shuffle Records Written", TaskMetric::kShuffleRecordsWritten},
};
constexpr auto kShuffleWriteKeys = json::MakeKnownKeys(KeysOf(kShuffleWriteFields));
constexpr MetricField kInputFields[] = {
    {"Bytes Read", TaskMetric::kInputBytesRead},
    {"Records Read", TaskMetric::kInputRecordsRead},
};
constexpr auto kInputKeys = json::MakeKnownKeys(KeysOf(kInputFields));
constexpr MetricField kOutputFields[] = {
    {"Bytes Written", TaskMetric::kOutputBytesWritten},
    {"Records Written", TaskMetric::kOutputRecordsWritten},
};
constexpr auto kOutputKeys = json::MakeKnownKeys(KeysOf(kOutputFields));
constexpr MetricField kShuffleReadFields[] = {
    {"Remote Blocks Fetched", TaskMetric::kShuffleRemoteBlocksFetched},
    {"Local Blocks Fetched", TaskMetric::kShuffleLocalBlocksFetched},
    {"Fetch Wait Time", TaskMetric::kShuffleFetchWaitTime},
    {"Remote Bytes Read", TaskMetric::kShuffleRemoteBytesRead},
    {"Remote Bytes Read To Disk", TaskMetric::kShuffleRemoteBytesReadToDisk},
    {"Local Bytes Read", TaskMetric::kShuffleLocalBytesRead},
    {"Total Records Read", TaskMetric::kShuffleRecordsRead},
    {"Remote Requests Duration", TaskMetric::kShuffleRemoteReqsDuration},
};
// Spark 3.2+ writers put push-based metrics under "Push Based Shuffle", but the pinned History
// Server's reader looks for "Shuffle Push Read Metrics" (SPARK-43100, fixed upstream later). We
// read what that History Server reads, so its answers match; the writer's key is deliberately
// ignored.
constexpr auto kShuffleReadKeys =
    json::MakeKnownKeys(KeysOf(kShuffleReadFields, {"Shuffle Push Read Metrics"}));
constexpr MetricField kTopLevelFields[] = {
    {"Executor Deserialize Time", TaskMetric::kExecutorDeserializeTime},
    {"Executor Deserialize CPU Time", TaskMetric::kExecutorDeserializeCpuTime},
    {"Executor Run Time", TaskMetric::kExecutorRunTime},
    {"Executor CPU Time", TaskMetric::kExecutorCpuTime},
    {"Peak Execution Memory", TaskMetric::kPeakExecutionMemory},
    {"Result Size", TaskMetric::kResultSize},
    {"JVM GC Time", TaskMetric::kJvmGcTime},
    {"Result Serialization Time", TaskMetric::kResultSerializationTime},
    {"Memory Bytes Spilled", TaskMetric::kMemoryBytesSpilled},
    {"Disk Bytes Spilled", TaskMetric::kDiskBytesSpilled},
};
// "Updated Blocks" is not read; listed so the key after it is still predicted.
constexpr auto kTaskMetricsKeys = json::MakeKnownKeys(
    KeysOf(kTopLevelFields, {"Shuffle Read Metrics", "Shuffle Write Metrics", "Input Metrics",
                             "Output Metrics", "Updated Blocks"}));

template <typename Value>
error_code DecodeShuffleRead(Value&& value, TaskMetricValues& out) {
  constexpr size_t kFields = std::size(kShuffleReadFields);
  return json::ForEachKnownField<kShuffleReadKeys>(value, [&](auto key, auto&& v) -> error_code {
    if (key < kFields) return ReadInt64(v, out[kShuffleReadFields[key].metric]);
    if (key == json::KeyIndex(kShuffleReadKeys, "Shuffle Push Read Metrics")) {
      return DecodeMetricGroup<kPushReadKeys>(v, kPushReadFields, out);
    }
    return SUCCESS;
  });
}

template <typename Value>
error_code DecodeTaskMetrics(Value&& value, TaskMetricValues& out) {
  out = TaskMetricValues{};
  constexpr size_t kFields = std::size(kTopLevelFields);
  return json::ForEachKnownField<kTaskMetricsKeys>(value, [&](auto key, auto&& v) -> error_code {
    if (key < kFields) return ReadInt64(v, out[kTopLevelFields[key].metric]);
    switch (key) {
      case json::KeyIndex(kTaskMetricsKeys, "Shuffle Read Metrics"): return DecodeShuffleRead(v, out);
      case json::KeyIndex(kTaskMetricsKeys, "Shuffle Write Metrics"):
        return DecodeMetricGroup<kShuffleWriteKeys>(v, kShuffleWriteFields, out);
      case json::KeyIndex(kTaskMetricsKeys, "Input Metrics"):
        return DecodeMetricGroup<kInputKeys>(v, kInputFields, out);
      case json::KeyIndex(kTaskMetricsKeys, "Output Metrics"):
        return DecodeMetricGroup<kOutputKeys>(v, kOutputFields, out);
      default: return SUCCESS;
    }
  });
}

constexpr auto kExecutorMetricKeys = json::MakeKnownKeys(kExecutorMetricNames);

template <typename Value>
error_code DecodeExecutorMetrics(Value&& value, ExecutorMetricValues& out) {
  out = ExecutorMetricValues{};
  // Spark writes them in kExecutorMetricNames order.
  return json::ForEachKnownField<kExecutorMetricKeys>(value, [&](auto key, auto&& v) -> error_code {
    return key < kExecutorMetricCount ? ReadInt64(v, out.values[key]) : SUCCESS;
  });
}

template <typename Value>
error_code DecodeTaskEndReason(Value&& value, StringPool& pool, RecentStrings& recent,
                               TaskEndEvent& event) {
  event.reason_name = kEmptyString;
  event.kill_reason = recent.Intern("unknown reason");
  event.commit_denied_job = event.commit_denied_partition = event.commit_denied_attempt = -1;
  AG_JSON_TRY(ForEachField(value, [&](std::string_view key, auto&& v) -> error_code {
    if (json::SameText(key, "Reason")) return ReadRecent(v, recent, event.reason_name);
    // The raw fast path reads successes only: failures go to simdjson.
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(v)>, json::RawCursor>) {
      return json::kNotCanonical;
    } else {
      if (json::SameText(key, "Kill Reason")) return ReadString(v, pool, event.kill_reason);
      if (json::SameText(key, "Job ID")) return ReadInt64(v, event.commit_denied_job);
      if (json::SameText(key, "Partition ID")) return ReadInt64(v, event.commit_denied_partition);
      if (json::SameText(key, "Attempt Number")) return ReadInt64(v, event.commit_denied_attempt);
      return ReadTaskFailureField(key, v, pool, event.failure);
    }
  }));
  const std::string_view reason = pool.Get(event.reason_name);
  if (reason == "Success") event.reason = TaskEndReasonKind::kSuccess;
  else if (reason == "TaskKilled") event.reason = TaskEndReasonKind::kTaskKilled;
  else if (reason == "TaskCommitDenied") event.reason = TaskEndReasonKind::kTaskCommitDenied;
  else if (reason == "Resubmitted") event.reason = TaskEndReasonKind::kResubmitted;
  else event.reason = TaskEndReasonKind::kOtherFailure;
  return SUCCESS;
}

}  // namespace

EventDecoder::EventDecoder(StringPool* pool, EventSink* sink)
    : pool_(pool), recent_strings_(pool), sink_(sink) {
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
  // Task lines, nearly all of a log, are read straight from the text when they have Spark's exact
  // shape (raw_json_cursor.h), without simdjson's two passes; any other line, and any task line
  // with something outside that shape, is decoded by simdjson below.
  if (DecodeRawTaskLine(line)) {
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
  line_listed_ = listing_sink_ != nullptr && PassesListingFilter(line);
  bool rewound = false;
  error = event.reset().get(rewound);
  if (!error) error = Decode(event, kind);
  if (error) {
    RecordFailedLine(line, line_number,
                     std::string(event_name) + ": " + simdjson::error_message(error));
    return;
  }
  if (line_listed_ && kind == EventKind::kEnvironmentUpdate) {
    listing_sink_->OnListedEnvironmentUpdate();
  }
  ++events_;
}

// Task events, from simdjson's walk of the line or from the raw fast path's (OnLine): `walk`
// calls its second argument with each top-level field's index in its first (known_fields.h) and
// value (od::value or json::RawCursor&).
template <typename Walk>
error_code EventDecoder::DecodeTaskStart(Walk&& walk) {
  int32_t stage_id = 0;
  int32_t stage_attempt_id = 0;
  TaskInfoEvent& info = task_end_.info;
  info = TaskInfoEvent{};
  AG_JSON_TRY(walk(kTaskStartKeys, [&](size_t key, auto&& v) -> error_code {
    switch (key) {
      case json::KeyIndex(kTaskStartKeys, "Stage ID"): return ReadInt32(v, stage_id);
      case json::KeyIndex(kTaskStartKeys, "Stage Attempt ID"): return ReadInt32(v, stage_attempt_id);
      case json::KeyIndex(kTaskStartKeys, "Task Info"):
        return DecodeTaskInfo(v, *pool_, recent_strings_, info);
      default: return SUCCESS;
    }
  }));
  sink_->OnTaskStart(stage_id, stage_attempt_id, info);
  return SUCCESS;
}

template <typename Walk>
error_code EventDecoder::DecodeTaskEnd(Walk&& walk) {
  TaskEndEvent& end = task_end_;
  end.stage_id = end.stage_attempt_id = 0;
  end.reason = TaskEndReasonKind::kSuccess;
  end.info = TaskInfoEvent{};
  // JsonProtocol: a missing "Task Metrics" is an empty (all-zero) TaskMetrics, a missing
  // "Task Executor Metrics" all zeros; only an explicit null leaves the task without metrics.
  end.has_metrics = true;
  end.metrics = TaskMetricValues{};
  end.executor_metrics = ExecutorMetricValues{};
  end.failure.Clear();
  end.task_accumulables.clear();
  std::vector<TaskAccumUpdate>& task_accumulables = sql_scratch_.task_accumulables;
  task_accumulables.clear();
  bool seen_stage_id = false;
  AG_JSON_TRY(walk(kTaskEndKeys, [&](size_t key, auto&& v) -> error_code {
    switch (key) {
      case json::KeyIndex(kTaskEndKeys, "Stage ID"):
        seen_stage_id = true;
        return ReadInt32(v, end.stage_id);
      case json::KeyIndex(kTaskEndKeys, "Stage Attempt ID"): return ReadInt32(v, end.stage_attempt_id);
      case json::KeyIndex(kTaskEndKeys, "Task End Reason"):
        return DecodeTaskEndReason(v, *pool_, recent_strings_, end);
      case json::KeyIndex(kTaskEndKeys, "Task Info"): {
        // Task accumulables only for stages the SQL listener tracks ("Stage ID" comes first
        // in Spark's logs; if it has not been seen yet, decode them to be safe).
        const bool want_accumulables =
            sql_sink_ != nullptr &&
            (!seen_stage_id || sql_sink_->WantsTaskAccumulables(end.stage_id, end.stage_attempt_id));
        return DecodeTaskInfo(v, *pool_, recent_strings_, end.info,
                              want_accumulables ? &task_accumulables : nullptr,
                              &end.task_accumulables);
      }
      case json::KeyIndex(kTaskEndKeys, "Task Executor Metrics"):
        return DecodeExecutorMetrics(v, end.executor_metrics);
      case json::KeyIndex(kTaskEndKeys, "Task Metrics"):
        if constexpr (!std::is_same_v<std::remove_cvref_t<decltype(v)>, json::RawCursor>) {
          od::json_type type;
          AG_JSON_TRY(v.type().get(type));
          if (type == od::json_type::null) end.has_metrics = false;
        }
        // (A raw null is not an object: the fast path gives the line back to simdjson.)
        return DecodeTaskMetrics(v, end.metrics);
      default: return SUCCESS;
    }
  }));
  sink_->OnTaskEnd(end);
  if (sql_sink_ != nullptr) sql_sink_->OnTaskEnd(end, task_accumulables);
  return SUCCESS;
}

bool EventDecoder::DecodeRawTaskLine(std::string_view line) {
  constexpr std::string_view kTaskEndPrefix = R"({"Event":"SparkListenerTaskEnd",)";
  constexpr std::string_view kTaskStartPrefix = R"({"Event":"SparkListenerTaskStart",)";
  // (SameText, not starts_with: in wasm a memcmp call costs more than these compares.)
  auto starts_with = [&](std::string_view prefix) {
    return line.size() >= prefix.size() && json::SameText(line.substr(0, prefix.size()), prefix);
  };
  const bool task_end = starts_with(kTaskEndPrefix);
  if (!task_end && !starts_with(kTaskStartPrefix)) return false;
  json::RawCursor cursor(line.data(), line.data() + line.size());
  // The whole line must be read (then it is valid JSON) before any event is delivered.
  auto walk = [&](json::KeyList keys, auto&& on_field) -> error_code {
    AG_JSON_TRY(json::ForEachKnownField(cursor, keys, on_field));
    while (!cursor.AtEnd()) {
      if (!cursor.Consume(' ') && !cursor.Consume('\t') && !cursor.Consume('\r')) {
        return json::kNotCanonical;
      }
    }
    return SUCCESS;
  };
  return (task_end ? DecodeTaskEnd(walk) : DecodeTaskStart(walk)) == SUCCESS;
}

error_code EventDecoder::Decode(od::object& event, EventKind kind) {
  StringPool& pool = *pool_;
  // Every decoder walks the event's fields once; "Event" itself is among them and ignored.
  auto walk = [&](auto&& on_field) -> error_code {
    for (auto field_result : event) {
      od::field field;
      AG_JSON_TRY(std::move(field_result).get(field));
      std::string_view key;
      AG_JSON_TRY(json::FieldKey(field, key));
      AG_JSON_TRY(on_field(key, field.value()));
    }
    return SUCCESS;
  };
  // The same walk, giving each key's index in `keys` (known_fields.h) instead of its text.
  auto walk_known = [&](json::KeyList keys, auto&& on_field) -> error_code {
    size_t next = 0;
    return walk([&](std::string_view key, od::value v) -> error_code {
      return on_field(json::FindKey(keys.names, key, next), v);
    });
  };
  switch (kind) {
    case EventKind::kLogStart: {
      StringId version = kEmptyString;
      AG_JSON_TRY(walk([&](std::string_view key, od::value v) -> error_code {
        return json::SameText(key, "Spark Version") ? ReadString(v, pool, version) : SUCCESS;
      }));
      sink_->OnLogStart(version);
      if (line_listed_) listing_sink_->OnListedLogStart(version);
      return SUCCESS;
    }
    case EventKind::kApplicationStart: {
      ApplicationStartEvent start;
      AG_JSON_TRY(walk([&](std::string_view key, od::value v) -> error_code {
        if (json::SameText(key, "App Name")) return ReadString(v, pool, start.name);
        if (json::SameText(key, "App ID")) return ReadOptText(v, pool, start.app_id);
        if (json::SameText(key, "Timestamp")) return ReadInt64(v, start.time);
        if (json::SameText(key, "User")) return ReadString(v, pool, start.user);
        if (json::SameText(key, "App Attempt ID")) return ReadOptText(v, pool, start.attempt_id);
        if (json::SameText(key, "Driver Logs")) {
          start.has_driver_logs = true;
          return DecodeStringPairs(v, pool, start.driver_logs);
        }
        if (json::SameText(key, "Driver Attributes")) return DecodeStringPairs(v, pool, start.driver_attributes);
        return SUCCESS;
      }));
      sink_->OnApplicationStart(start);
      if (line_listed_) listing_sink_->OnListedApplicationStart(start);
      return SUCCESS;
    }
    case EventKind::kApplicationEnd: {
      int64_t time = kNoTime;
      AG_JSON_TRY(walk([&](std::string_view key, od::value v) -> error_code {
        return json::SameText(key, "Timestamp") ? ReadInt64(v, time) : SUCCESS;
      }));
      sink_->OnApplicationEnd(time);
      if (line_listed_) listing_sink_->OnListedApplicationEnd(time);
      return SUCCESS;
    }
    case EventKind::kJobStart: {
      JobStartEvent& job = job_start_;
      job.job_id = 0;
      job.submission_time = kNoTime;
      job.stage_info_count = 0;
      job.stage_ids.clear();
      job.properties.Clear();
      bool has_stage_infos = false;
      AG_JSON_TRY(walk([&](std::string_view key, od::value v) -> error_code {
        if (json::SameText(key, "Job ID")) return ReadInt32(v, job.job_id);
        if (json::SameText(key, "Submission Time")) return ReadOptTime(v, job.submission_time);
        if (json::SameText(key, "Stage Infos")) {
          has_stage_infos = true;
          return ForEachElement(v, [&](od::value info) -> error_code {
            if (job.stage_info_count == job.stage_infos.size()) job.stage_infos.emplace_back();
            return DecodeStageInfo(info, pool, job.stage_infos[job.stage_info_count++]);
          });
        }
        if (json::SameText(key, "Stage IDs")) {
          return ForEachElement(v, [&](od::value id) -> error_code {
            return ReadInt32(id, job.stage_ids.emplace_back());
          });
        }
        if (json::SameText(key, "Properties")) return DecodeProperties(v, pool, job.properties);
        return SUCCESS;
      }));
      if (!has_stage_infos) {
        // Logs before Spark 1.2 have no "Stage Infos": JsonProtocol makes stub StageInfos named
        // "unknown" with 0 tasks, one per stage id.
        for (int32_t stage_id : job.stage_ids) {
          if (job.stage_info_count == job.stage_infos.size()) job.stage_infos.emplace_back();
          StageInfoEvent& stub = job.stage_infos[job.stage_info_count++];
          stub.Clear();
          stub.stage_id = stage_id;
          stub.name = pool.Intern("unknown");
        }
      }
      sink_->OnJobStart(job);
      if (sql_sink_ != nullptr) sql_sink_->OnJobStart(job);
      return SUCCESS;
    }
    case EventKind::kJobEnd: {
      int32_t job_id = 0;
      int64_t completion_time = kNoTime;
      bool succeeded = false;
      AG_JSON_TRY(walk([&](std::string_view key, od::value v) -> error_code {
        if (json::SameText(key, "Job ID")) return ReadInt32(v, job_id);
        if (json::SameText(key, "Completion Time")) return ReadOptTime(v, completion_time);
        if (json::SameText(key, "Job Result")) {
          return ForEachField(v, [&](std::string_view rk, od::value rv) -> error_code {
            if (rk != "Result") return SUCCESS;
            std::string_view result;
            AG_JSON_TRY(rv.get_string().get(result));
            succeeded = result == "JobSucceeded";
            return SUCCESS;
          });
        }
        return SUCCESS;
      }));
      sink_->OnJobEnd(job_id, completion_time, succeeded);
      if (sql_sink_ != nullptr) sql_sink_->OnJobEnd(job_id, succeeded);
      return SUCCESS;
    }
    case EventKind::kStageSubmitted:
    case EventKind::kStageCompleted: {
      properties_.Clear();
      stage_info_.Clear();
      AG_JSON_TRY(walk([&](std::string_view key, od::value v) -> error_code {
        if (json::SameText(key, "Stage Info")) return DecodeStageInfo(v, pool, stage_info_);
        if (json::SameText(key, "Properties")) return DecodeProperties(v, pool, properties_);
        return SUCCESS;
      }));
      if (kind == EventKind::kStageSubmitted) {
        sink_->OnStageSubmitted(stage_info_, properties_);
        if (sql_sink_ != nullptr) sql_sink_->OnStageSubmitted(stage_info_);
      } else {
        sink_->OnStageCompleted(stage_info_);
      }
      return SUCCESS;
    }
    case EventKind::kTaskStart: return DecodeTaskStart(walk_known);
    case EventKind::kTaskEnd: return DecodeTaskEnd(walk_known);
    case EventKind::kExecutorAdded: {
      ExecutorAddedEvent added;
      AG_JSON_TRY(walk([&](std::string_view key, od::value v) -> error_code {
        if (json::SameText(key, "Timestamp")) return ReadInt64(v, added.time);
        if (json::SameText(key, "Executor ID")) return ReadString(v, pool, added.executor_id);
        if (json::SameText(key, "Executor Info")) {
          return ForEachField(v, [&](std::string_view ik, od::value iv) -> error_code {
            if (ik == "Host") return ReadString(iv, pool, added.host);
            if (ik == "Total Cores") return ReadInt32(iv, added.total_cores);
            if (ik == "Resource Profile Id") return ReadInt32(iv, added.resource_profile_id);
            if (ik == "Log Urls") return DecodeStringPairs(iv, pool, added.log_urls);
            if (ik == "Attributes") return DecodeStringPairs(iv, pool, added.attributes);
            if (ik == "Resources") return DecodeResources(iv, pool, added.resources);
            return SUCCESS;
          });
        }
        return SUCCESS;
      }));
      sink_->OnExecutorAdded(added);
      return SUCCESS;
    }
    case EventKind::kExecutorRemoved: {
      int64_t time = kNoTime;
      StringId executor_id = kEmptyString;
      StringId reason = kEmptyString;
      AG_JSON_TRY(walk([&](std::string_view key, od::value v) -> error_code {
        if (json::SameText(key, "Timestamp")) return ReadInt64(v, time);
        if (json::SameText(key, "Executor ID")) return ReadString(v, pool, executor_id);
        if (json::SameText(key, "Removed Reason")) return ReadString(v, pool, reason);
        return SUCCESS;
      }));
      sink_->OnExecutorRemoved(time, executor_id, reason);
      return SUCCESS;
    }
    case EventKind::kBlockManagerAdded: {
      BlockManagerAddedEvent added;
      AG_JSON_TRY(walk([&](std::string_view key, od::value v) -> error_code {
        if (json::SameText(key, "Timestamp")) return ReadInt64(v, added.time);
        if (json::SameText(key, "Maximum Memory")) return ReadInt64(v, added.max_memory);
        if (json::SameText(key, "Maximum Onheap Memory")) return ReadInt64(v, added.max_on_heap);
        if (json::SameText(key, "Maximum Offheap Memory")) return ReadInt64(v, added.max_off_heap);
        if (json::SameText(key, "Block Manager ID")) {
          return ForEachField(v, [&](std::string_view bk, od::value bv) -> error_code {
            if (bk == "Executor ID") return ReadString(bv, pool, added.executor_id);
            if (bk == "Host") return ReadString(bv, pool, added.host);
            if (bk == "Port") return ReadInt32(bv, added.port);
            return SUCCESS;
          });
        }
        return SUCCESS;
      }));
      sink_->OnBlockManagerAdded(added);
      return SUCCESS;
    }
    case EventKind::kStageExecutorMetrics: {
      StringId executor_id = kEmptyString;
      int32_t stage_id = 0;
      int32_t stage_attempt_id = 0;
      ExecutorMetricValues metrics;
      AG_JSON_TRY(walk([&](std::string_view key, od::value v) -> error_code {
        if (json::SameText(key, "Executor ID")) return ReadString(v, pool, executor_id);
        if (json::SameText(key, "Stage ID")) return ReadInt32(v, stage_id);
        if (json::SameText(key, "Stage Attempt ID")) return ReadInt32(v, stage_attempt_id);
        if (json::SameText(key, "Executor Metrics")) return DecodeExecutorMetrics(v, metrics);
        return SUCCESS;
      }));
      sink_->OnStageExecutorMetrics(executor_id, stage_id, stage_attempt_id, metrics);
      return SUCCESS;
    }
    case EventKind::kUnknown:
    case EventKind::kIgnored:
      return SUCCESS;
    case EventKind::kSqlExecutionStart:
    case EventKind::kSqlExecutionEnd:
    case EventKind::kSqlAdaptiveExecutionUpdate:
    case EventKind::kSqlAdaptiveMetricUpdates:
    case EventKind::kSqlDriverAccumUpdates:
    case EventKind::kStreamingQueryStarted:
    case EventKind::kStreamingQueryProgress:
    case EventKind::kStreamingQueryTerminated:
      // SQL executions and Structured Streaming (sql_event_decoder.cc).
      return DecodeSqlEvent(kind, event, pool, sql_sink_, sql_scratch_);
    default:
      // Executors, storage, environment, miscellaneous processes (status_event_decoder.cc).
      if (IsStatusEventKind(kind)) return DecodeStatusEvent(kind, event, pool, *sink_, environment_);
      return SUCCESS;
  }
  return SUCCESS;
}

}  // namespace afterglow
