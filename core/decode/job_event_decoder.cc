#include "core/decode/job_event_decoder.h"

#include "core/decode/json_fields.h"
#include "core/decode/raw_json_cursor.h"
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

// A JobResult's "Result" (JobSucceeded, JobFailed), through simdjson or the raw cursor.
error_code ReadJobResultName(od::value value, std::string_view& out) {
  return value.get_string().get(out);
}
error_code ReadJobResultName(json::RawCursor& value, std::string_view& out) {
  return value.ReadPlainString(out);
}

}  // namespace

template <typename Walk, typename Strings>
error_code JobEventDecoder::ReadJobStart(Walk&& walk, Strings& strings) {
  JobStartEvent& job = job_start_;
  job.job_id = 0;
  job.submission_time = kNoTime;
  job.stage_info_count = 0;
  job.stage_ids.clear();
  job.properties.Clear();
  bool has_stage_infos = false;
  AG_JSON_TRY(walk([&](std::string_view key, auto&& v) -> error_code {
    if (SameText(key, "Job ID")) return ReadInt32(v, job.job_id);
    if (SameText(key, "Submission Time")) return ReadOptTime(v, job.submission_time);
    if (SameText(key, "Stage Infos")) {
      has_stage_infos = true;
      return ForEachElement(v, [&](auto&& info) -> error_code {
        if (job.stage_info_count == job.stage_infos.size()) job.stage_infos.emplace_back();
        return DecodeStageInfo(info, strings, job.stage_infos[job.stage_info_count++],
                               /*rdd_operations=*/true);
      });
    }
    if (SameText(key, "Stage IDs")) {
      return ForEachElement(v, [&](auto&& id) -> error_code {
        return ReadInt32(id, job.stage_ids.emplace_back());
      });
    }
    if (SameText(key, "Properties")) return DecodeProperties(v, strings, job.properties);
    return SUCCESS;
  }));
  if (!has_stage_infos) {
    // Logs before Spark 1.2 have no "Stage Infos": JsonProtocol makes stub StageInfos named
    // "unknown" with 0 tasks, one per stage id.
    StringPool& pool = PoolOf(strings);
    for (int32_t stage_id : job.stage_ids) {
      if (job.stage_info_count == job.stage_infos.size()) job.stage_infos.emplace_back();
      StageInfoEvent& stub = job.stage_infos[job.stage_info_count++];
      stub.Clear();
      stub.stage_id = stage_id;
      stub.name = pool.Intern("unknown");
    }
  }
  return SUCCESS;
}

void JobEventDecoder::DeliverJobStart(const EventTargets& targets) {
  targets.sink->OnJobStart(job_start_);
  if (targets.sql_sink != nullptr) targets.sql_sink->OnJobStart(job_start_);
}

bool JobEventDecoder::DecodeRawLine(std::string_view line, const EventTargets& targets) {
  auto walk = [&](auto&& on_field) { return json::ForEachRawLineField(line, on_field); };
  if (json::LineStartsWith(line, R"({"Event":"SparkListenerJobStart",)")) {
    if (ReadJobStart(walk, *raw_texts_) != SUCCESS) return false;
    DeliverJobStart(targets);
    return true;
  }
  if (json::LineStartsWith(line, R"({"Event":"SparkListenerJobEnd",)")) {
    if (ReadJobEnd(walk) != SUCCESS) return false;
    DeliverJobEnd(targets);
    return true;
  }
  return false;
}

error_code JobEventDecoder::DecodeJobStart(od::object& event, const EventTargets& targets) {
  auto walk = [&](auto&& on_field) { return ForEachObjectField(event, on_field); };
  AG_JSON_TRY(ReadJobStart(walk, *targets.pool));
  DeliverJobStart(targets);
  return SUCCESS;
}

template <typename Walk>
error_code JobEventDecoder::ReadJobEnd(Walk&& walk) {
  JobEndFields& end = job_end_;
  end = JobEndFields{};
  return walk([&](std::string_view key, auto&& v) -> error_code {
    if (SameText(key, "Job ID")) return ReadInt32(v, end.job_id);
    if (SameText(key, "Completion Time")) return ReadOptTime(v, end.completion_time);
    if (SameText(key, "Job Result")) {
      return ForEachField(v, [&](std::string_view rk, auto&& rv) -> error_code {
        if (rk != "Result") return SUCCESS;
        std::string_view result;
        AG_JSON_TRY(ReadJobResultName(rv, result));
        end.succeeded = result == "JobSucceeded";
        return SUCCESS;
      });
    }
    return SUCCESS;
  });
}

void JobEventDecoder::DeliverJobEnd(const EventTargets& targets) {
  targets.sink->OnJobEnd(job_end_.job_id, job_end_.completion_time, job_end_.succeeded);
  if (targets.sql_sink != nullptr) targets.sql_sink->OnJobEnd(job_end_.job_id, job_end_.succeeded);
}

error_code JobEventDecoder::DecodeJobEnd(od::object& event, const EventTargets& targets) {
  auto walk = [&](auto&& on_field) { return ForEachObjectField(event, on_field); };
  AG_JSON_TRY(ReadJobEnd(walk));
  DeliverJobEnd(targets);
  return SUCCESS;
}

}  // namespace afterglow
