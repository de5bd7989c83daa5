#include "core/decode/stage_event_decoder.h"

#include "core/decode/json_fields.h"
#include "core/decode/storage_event_decoder.h"

namespace afterglow {
namespace {

namespace od = simdjson::ondemand;
using json::ForEachObjectField;
using json::ForEachElement;
using json::ForEachField;
using json::ReadBool;
using json::ReadInt32;
using json::ReadInt64;
using json::ReadOptText;
using json::ReadOptTime;
using json::ReadString;
using json::SameText;
using simdjson::error_code;
using simdjson::SUCCESS;

error_code DecodeAccumulables(od::value value, StringPool& pool,
                              std::vector<AccumulableEvent>& out) {
  out.clear();
  return ForEachElement(value, [&](od::value element) -> error_code {
    AccumulableEvent& acc = out.emplace_back();
    return ForEachField(element, [&](std::string_view key, od::value v) -> error_code {
      if (SameText(key, "ID")) return ReadInt64(v, acc.id);
      if (SameText(key, "Name")) return ReadOptText(v, pool, acc.name);
      if (SameText(key, "Update")) return ReadOptText(v, pool, acc.update);
      if (SameText(key, "Value")) return ReadOptText(v, pool, acc.value);
      if (SameText(key, "Internal")) return ReadBool(v, acc.internal);
      if (SameText(key, "Metadata")) {
        OptString metadata;
        AG_JSON_TRY(ReadOptText(v, pool, metadata));
        acc.metadata_sql = metadata.present && pool.Get(metadata.id) == "sql";
      }
      return SUCCESS;
    });
  });
}

}  // namespace

error_code DecodeProperties(od::value value, StringPool& pool, EventProperties& props) {
  props.Clear();
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    OptString* target = nullptr;
    if (SameText(key, "spark.job.description")) target = &props.job_description;
    else if (SameText(key, "spark.jobGroup.id")) target = &props.job_group;
    else if (SameText(key, "spark.job.tags")) target = &props.job_tags;
    else if (SameText(key, "spark.scheduler.pool")) target = &props.scheduler_pool;
    else if (SameText(key, "spark.sql.execution.id")) target = &props.sql_execution_id;
    if (target == nullptr) return SUCCESS;
    return ReadOptText(v, pool, *target);
  });
}

error_code DecodeStageInfo(od::value value, StringPool& pool, StageInfoEvent& info,
                           bool rdd_operations) {
  info.Clear();
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    if (SameText(key, "Stage ID")) return ReadInt32(v, info.stage_id);
    if (SameText(key, "Stage Attempt ID")) return ReadInt32(v, info.attempt_id);
    if (SameText(key, "Stage Name")) return ReadString(v, pool, info.name);
    if (SameText(key, "Number of Tasks")) return ReadInt32(v, info.num_tasks);
    if (SameText(key, "RDD Info")) {
      return ForEachElement(v, [&](od::value rdd) {
        return DecodeRddInfo(rdd, pool, info, rdd_operations);
      });
    }
    if (SameText(key, "Parent IDs")) {
      return ForEachElement(v, [&](od::value id) { return ReadInt32(id, info.parent_ids.emplace_back()); });
    }
    if (SameText(key, "Details")) return ReadString(v, pool, info.details);
    if (SameText(key, "Submission Time")) return ReadOptTime(v, info.submission_time);
    if (SameText(key, "Completion Time")) return ReadOptTime(v, info.completion_time);
    if (SameText(key, "Failure Reason")) return ReadOptText(v, pool, info.failure_reason);
    if (SameText(key, "Accumulables")) return DecodeAccumulables(v, pool, info.accumulables);
    if (SameText(key, "Resource Profile Id")) return ReadInt32(v, info.resource_profile_id);
    if (SameText(key, "Shuffle Push Enabled")) return ReadBool(v, info.shuffle_push_enabled);
    if (SameText(key, "Shuffle Push Mergers Count")) {
      return ReadInt32(v, info.shuffle_mergers_count);
    }
    return SUCCESS;
  });
}

error_code StageEventDecoder::Read(od::object& event, StringPool& pool) {
  properties_.Clear();
  stage_info_.Clear();
  return ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    if (SameText(key, "Stage Info")) {
      return DecodeStageInfo(v, pool, stage_info_, /*rdd_operations=*/false);
    }
    if (SameText(key, "Properties")) return DecodeProperties(v, pool, properties_);
    return SUCCESS;
  });
}

error_code StageEventDecoder::DecodeStageSubmitted(od::object& event, const EventTargets& targets) {
  AG_JSON_TRY(Read(event, *targets.pool));
  targets.sink->OnStageSubmitted(stage_info_, properties_);
  if (targets.sql_sink != nullptr) targets.sql_sink->OnStageSubmitted(stage_info_);
  return SUCCESS;
}

error_code StageEventDecoder::DecodeStageCompleted(od::object& event, const EventTargets& targets) {
  AG_JSON_TRY(Read(event, *targets.pool));
  targets.sink->OnStageCompleted(stage_info_);
  return SUCCESS;
}

}  // namespace afterglow
