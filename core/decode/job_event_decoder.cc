#include "core/decode/job_event_decoder.h"

#include "core/decode/json_fields.h"
#include "core/decode/stage_event_decoder.h"

namespace afterglow {
namespace {

namespace od = simdjson::ondemand;
using json::ForEachObjectField;
using json::ForEachElement;
using json::ForEachField;
using json::ReadInt32;
using json::ReadOptTime;
using json::SameText;
using simdjson::error_code;
using simdjson::SUCCESS;

}  // namespace

error_code JobEventDecoder::DecodeJobStart(od::object& event, const EventTargets& targets) {
  StringPool& pool = *targets.pool;
  JobStartEvent& job = job_start_;
  job.job_id = 0;
  job.submission_time = kNoTime;
  job.stage_info_count = 0;
  job.stage_ids.clear();
  job.properties.Clear();
  bool has_stage_infos = false;
  AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    if (SameText(key, "Job ID")) return ReadInt32(v, job.job_id);
    if (SameText(key, "Submission Time")) return ReadOptTime(v, job.submission_time);
    if (SameText(key, "Stage Infos")) {
      has_stage_infos = true;
      return ForEachElement(v, [&](od::value info) -> error_code {
        if (job.stage_info_count == job.stage_infos.size()) job.stage_infos.emplace_back();
        return DecodeStageInfo(info, pool, job.stage_infos[job.stage_info_count++],
                               /*rdd_operations=*/true);
      });
    }
    if (SameText(key, "Stage IDs")) {
      return ForEachElement(v, [&](od::value id) -> error_code {
        return ReadInt32(id, job.stage_ids.emplace_back());
      });
    }
    if (SameText(key, "Properties")) return DecodeProperties(v, pool, job.properties);
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
  targets.sink->OnJobStart(job);
  if (targets.sql_sink != nullptr) targets.sql_sink->OnJobStart(job);
  return SUCCESS;
}

error_code JobEventDecoder::DecodeJobEnd(od::object& event, const EventTargets& targets) {
  int32_t job_id = 0;
  int64_t completion_time = kNoTime;
  bool succeeded = false;
  AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    if (SameText(key, "Job ID")) return ReadInt32(v, job_id);
    if (SameText(key, "Completion Time")) return ReadOptTime(v, completion_time);
    if (SameText(key, "Job Result")) {
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
  targets.sink->OnJobEnd(job_id, completion_time, succeeded);
  if (targets.sql_sink != nullptr) targets.sql_sink->OnJobEnd(job_id, succeeded);
  return SUCCESS;
}

}  // namespace afterglow
