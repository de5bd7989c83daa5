#include "core/decode/task_event_decoder.h"

#include <type_traits>

#include "core/decode/json_fields.h"
#include "core/decode/known_fields.h"
#include "core/decode/raw_json_cursor.h"
#include "core/decode/task_accumulables.h"
#include "core/decode/task_end_reason.h"
#include "core/decode/task_metrics_decoder.h"

namespace afterglow {
namespace {

namespace od = simdjson::ondemand;
using json::ForEachField;
using json::ReadBool;
using json::ReadInt32;
using json::ReadInt64;
using json::ReadString;
using simdjson::error_code;
using simdjson::SUCCESS;

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
      case json::KeyIndex(kTaskInfoKeys, "Executor ID"):
        return ReadRecent(v, recent, info.executor_id);
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

template <typename Walk>
error_code TaskEventDecoder::DecodeTaskStart(Walk&& walk, const EventTargets& targets) {
  int32_t stage_id = 0;
  int32_t stage_attempt_id = 0;
  TaskInfoEvent& info = task_end_.info;
  info = TaskInfoEvent{};
  AG_JSON_TRY(walk(kTaskStartKeys, [&](size_t key, auto&& v) -> error_code {
    switch (key) {
      case json::KeyIndex(kTaskStartKeys, "Stage ID"): return ReadInt32(v, stage_id);
      case json::KeyIndex(kTaskStartKeys, "Stage Attempt ID"):
        return ReadInt32(v, stage_attempt_id);
      case json::KeyIndex(kTaskStartKeys, "Task Info"):
        return DecodeTaskInfo(v, *targets.pool, recent_strings_, info);
      default: return SUCCESS;
    }
  }));
  targets.sink->OnTaskStart(stage_id, stage_attempt_id, info);
  return SUCCESS;
}

template <typename Walk>
error_code TaskEventDecoder::DecodeTaskEnd(Walk&& walk, const EventTargets& targets) {
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
  std::vector<TaskAccumUpdate>& task_accumulables = task_accumulables_;
  task_accumulables.clear();
  bool seen_stage_id = false;
  AG_JSON_TRY(walk(kTaskEndKeys, [&](size_t key, auto&& v) -> error_code {
    switch (key) {
      case json::KeyIndex(kTaskEndKeys, "Stage ID"):
        seen_stage_id = true;
        return ReadInt32(v, end.stage_id);
      case json::KeyIndex(kTaskEndKeys, "Stage Attempt ID"):
        return ReadInt32(v, end.stage_attempt_id);
      case json::KeyIndex(kTaskEndKeys, "Task End Reason"):
        return DecodeTaskEndReason(v, *targets.pool, recent_strings_, end);
      case json::KeyIndex(kTaskEndKeys, "Task Info"): {
        // Task accumulables only for stages the SQL listener tracks ("Stage ID" comes first
        // in Spark's logs; if it has not been seen yet, decode them to be safe).
        SqlEventSink* sql = targets.sql_sink;
        const bool want_accumulables =
            sql != nullptr &&
            (!seen_stage_id || sql->WantsTaskAccumulables(end.stage_id, end.stage_attempt_id));
        return DecodeTaskInfo(v, *targets.pool, recent_strings_, end.info,
                              want_accumulables ? &task_accumulables : nullptr,
                              &end.task_accumulables);
      }
      case json::KeyIndex(kTaskEndKeys, "Task Executor Metrics"):
        return json::DecodeExecutorMetrics(v, end.executor_metrics);
      case json::KeyIndex(kTaskEndKeys, "Task Metrics"):
        if constexpr (!std::is_same_v<std::remove_cvref_t<decltype(v)>, json::RawCursor>) {
          od::json_type type;
          AG_JSON_TRY(v.type().get(type));
          if (type == od::json_type::null) end.has_metrics = false;
        }
        // (A raw null is not an object: the fast path gives the line back to simdjson.)
        return json::DecodeTaskMetrics(v, end.metrics);
      default: return SUCCESS;
    }
  }));
  targets.sink->OnTaskEnd(end);
  if (targets.sql_sink != nullptr) targets.sql_sink->OnTaskEnd(end, task_accumulables);
  return SUCCESS;
}

bool TaskEventDecoder::DecodeRawLine(std::string_view line, const EventTargets& targets) {
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
  return (task_end ? DecodeTaskEnd(walk, targets) : DecodeTaskStart(walk, targets)) == SUCCESS;
}

error_code TaskEventDecoder::Decode(EventKind kind, od::object& event,
                                    const EventTargets& targets) {
  // The walk over the event's fields, giving each key's index in `keys` (known_fields.h).
  auto walk_known = [&](json::KeyList keys, auto&& on_field) -> error_code {
    size_t next = 0;
    return json::ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
      return on_field(json::FindKey(keys.names, key, next), v);
    });
  };
  if (kind == EventKind::kTaskStart) return DecodeTaskStart(walk_known, targets);
  return DecodeTaskEnd(walk_known, targets);
}

}  // namespace afterglow
