#include "core/decode/stage_event_decoder.h"

#include "core/decode/json_fields.h"
#include "core/decode/known_fields.h"
#include "core/decode/storage_event_decoder.h"

namespace afterglow {
namespace {

namespace od = simdjson::ondemand;
using json::ForEachElement;
using json::ForEachField;
using json::ForEachObjectField;
using json::ReadBool;
using json::ReadInt32;
using json::ReadInt64;
using json::ReadOptText;
using json::ReadOptTime;
using json::ReadPendingText;
using json::ResolvePendingText;
using json::ReadString;
using json::SameText;
using simdjson::error_code;
using simdjson::SUCCESS;

// A StageInfo's keys in the order Spark writes them (the times and the failure reason only when
// set; "Resource Profile Id" since Spark 3.1, the shuffle push keys since 3.4).
constexpr auto kStageInfoKeys = json::MakeKnownKeys(
    {"Stage ID", "Stage Attempt ID", "Stage Name", "Number of Tasks", "RDD Info", "Parent IDs",
     "Details", "Submission Time", "Completion Time", "Failure Reason", "Accumulables",
     "Resource Profile Id", "Shuffle Push Enabled", "Shuffle Push Mergers Count"});

// An AccumulableInfo's keys in the order Spark writes them ("Update" only in task events).
constexpr auto kStageAccumulableKeys = json::MakeKnownKeys(
    {"ID", "Name", "Update", "Value", "Internal", "Count Failed Values", "Metadata"});

// Internal and SQL accumulables are read but their name and values left absent: the status
// model drops them (AppStatusListener::CopyStageInfo, LiveEntityHelpers.newAccumulatorInfos) and
// nothing else reads a stage's accumulables, while interning their texts (a fresh number at
// nearly every stage) cost a twentieth of a streaming log's load.
template <typename Value, typename Strings>
error_code ReadStageAccumulables(Value&& value, Strings& strings,
                                 std::vector<AccumulableEvent>& out) {
  out.clear();
  return ForEachElement(value, [&](auto&& element) -> error_code {
    AccumulableEvent& acc = out.emplace_back();
    json::PendingText name, update, shown_value;
    AG_JSON_TRY(json::ForEachKnownField<kStageAccumulableKeys>(
        element, [&](auto key, auto&& v) -> error_code {
          switch (key) {
            case json::KeyIndex(kStageAccumulableKeys, "ID"): return ReadInt64(v, acc.id);
            case json::KeyIndex(kStageAccumulableKeys, "Name"):
              return ReadPendingText(v, strings, name);
            case json::KeyIndex(kStageAccumulableKeys, "Update"):
              return ReadPendingText(v, strings, update);
            case json::KeyIndex(kStageAccumulableKeys, "Value"):
              return ReadPendingText(v, strings, shown_value);
            case json::KeyIndex(kStageAccumulableKeys, "Internal"):
              return ReadBool(v, acc.internal);
            case json::KeyIndex(kStageAccumulableKeys, "Metadata"): {
              OptString metadata;
              AG_JSON_TRY(ReadOptText(v, strings, metadata));
              acc.metadata_sql = metadata.present && strings.Get(metadata.id) == "sql";
              return SUCCESS;
            }
            default: return SUCCESS;
          }
        }));
    if (acc.internal || acc.metadata_sql) return SUCCESS;
    AG_JSON_TRY(ResolvePendingText(strings, name, acc.name));
    AG_JSON_TRY(ResolvePendingText(strings, update, acc.update));
    return ResolvePendingText(strings, shown_value, acc.value);
  });
}

template <typename Value, typename Strings>
error_code ReadEventProperties(Value&& value, Strings& strings, EventProperties& props) {
  props.Clear();
  return ForEachField(value, [&](std::string_view key, auto&& v) -> error_code {
    OptString* target = nullptr;
    if (SameText(key, "spark.job.description")) target = &props.job_description;
    else if (SameText(key, "spark.jobGroup.id")) target = &props.job_group;
    else if (SameText(key, "spark.job.tags")) target = &props.job_tags;
    else if (SameText(key, "spark.scheduler.pool")) target = &props.scheduler_pool;
    else if (SameText(key, "spark.sql.execution.id")) target = &props.sql_execution_id;
    if (target == nullptr) return SUCCESS;
    return ReadOptText(v, strings, *target);
  });
}

template <typename Value, typename Strings>
error_code ReadStageInfo(Value&& value, Strings& strings, StageInfoEvent& info,
                         bool rdd_operations) {
  info.Clear();
  return json::ForEachKnownField<kStageInfoKeys>(value, [&](auto key, auto&& v) -> error_code {
    switch (key) {
      case json::KeyIndex(kStageInfoKeys, "Stage ID"): return ReadInt32(v, info.stage_id);
      case json::KeyIndex(kStageInfoKeys, "Stage Attempt ID"): return ReadInt32(v, info.attempt_id);
      case json::KeyIndex(kStageInfoKeys, "Stage Name"): return ReadString(v, strings, info.name);
      case json::KeyIndex(kStageInfoKeys, "Number of Tasks"): return ReadInt32(v, info.num_tasks);
      case json::KeyIndex(kStageInfoKeys, "RDD Info"):
        return DecodeRddInfos(v, strings, info, rdd_operations);
      case json::KeyIndex(kStageInfoKeys, "Parent IDs"):
        return ForEachElement(v, [&](auto&& id) {
          return ReadInt32(id, info.parent_ids.emplace_back());
        });
      case json::KeyIndex(kStageInfoKeys, "Details"): return ReadString(v, strings, info.details);
      case json::KeyIndex(kStageInfoKeys, "Submission Time"):
        return ReadOptTime(v, info.submission_time);
      case json::KeyIndex(kStageInfoKeys, "Completion Time"):
        return ReadOptTime(v, info.completion_time);
      case json::KeyIndex(kStageInfoKeys, "Failure Reason"):
        return ReadOptText(v, strings, info.failure_reason);
      case json::KeyIndex(kStageInfoKeys, "Accumulables"):
        return ReadStageAccumulables(v, strings, info.accumulables);
      case json::KeyIndex(kStageInfoKeys, "Resource Profile Id"):
        return ReadInt32(v, info.resource_profile_id);
      case json::KeyIndex(kStageInfoKeys, "Shuffle Push Enabled"):
        return ReadBool(v, info.shuffle_push_enabled);
      case json::KeyIndex(kStageInfoKeys, "Shuffle Push Mergers Count"):
        return ReadInt32(v, info.shuffle_mergers_count);
      default: return SUCCESS;
    }
  });
}

}  // namespace

error_code DecodeProperties(od::value value, StringPool& pool, EventProperties& props) {
  return ReadEventProperties(value, pool, props);
}

error_code DecodeProperties(json::RawCursor& value, RawTextInterner& strings,
                            EventProperties& props) {
  return ReadEventProperties(value, strings, props);
}

error_code DecodeStageInfo(od::value value, StringPool& pool, StageInfoEvent& info,
                           bool rdd_operations) {
  return ReadStageInfo(value, pool, info, rdd_operations);
}

error_code DecodeStageInfo(json::RawCursor& value, RawTextInterner& strings, StageInfoEvent& info,
                           bool rdd_operations) {
  return ReadStageInfo(value, strings, info, rdd_operations);
}

template <typename Walk, typename Strings>
error_code StageEventDecoder::Read(Walk&& walk, Strings& strings) {
  properties_.Clear();
  stage_info_.Clear();
  return walk([&](std::string_view key, auto&& v) -> error_code {
    if (SameText(key, "Stage Info")) {
      return DecodeStageInfo(v, strings, stage_info_, /*rdd_operations=*/false);
    }
    if (SameText(key, "Properties")) return DecodeProperties(v, strings, properties_);
    return SUCCESS;
  });
}

void StageEventDecoder::DeliverStageSubmitted(const EventTargets& targets) {
  targets.sink->OnStageSubmitted(stage_info_, properties_);
  if (targets.sql_sink != nullptr) targets.sql_sink->OnStageSubmitted(stage_info_);
}

void StageEventDecoder::DeliverStageCompleted(const EventTargets& targets) {
  targets.sink->OnStageCompleted(stage_info_);
}

bool StageEventDecoder::DecodeRawLine(std::string_view line, const EventTargets& targets) {
  const bool submitted =
      json::LineStartsWith(line, R"({"Event":"SparkListenerStageSubmitted",)");
  if (!submitted && !json::LineStartsWith(line, R"({"Event":"SparkListenerStageCompleted",)")) {
    return false;
  }
  auto walk = [&](auto&& on_field) { return json::ForEachRawLineField(line, on_field); };
  if (Read(walk, *raw_texts_) != SUCCESS) return false;
  if (submitted) DeliverStageSubmitted(targets);
  else DeliverStageCompleted(targets);
  return true;
}

error_code StageEventDecoder::DecodeStageSubmitted(od::object& event, const EventTargets& targets) {
  auto walk = [&](auto&& on_field) { return ForEachObjectField(event, on_field); };
  AG_JSON_TRY(Read(walk, *targets.pool));
  DeliverStageSubmitted(targets);
  return SUCCESS;
}

error_code StageEventDecoder::DecodeStageCompleted(od::object& event, const EventTargets& targets) {
  auto walk = [&](auto&& on_field) { return ForEachObjectField(event, on_field); };
  AG_JSON_TRY(Read(walk, *targets.pool));
  DeliverStageCompleted(targets);
  return SUCCESS;
}

}  // namespace afterglow
