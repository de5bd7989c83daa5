// applications/{id}[/{attempt}]/jobs (status, repeatable) and jobs/{jobId} (docs/SPARK-
// SEMANTICS.md facts 18-29): the JSON
// of the job rows (core/query/job_rows.h).
#include "core/api/dates.h"
#include "core/api/endpoints.h"
#include "core/api/java_numbers.h"
#include "core/api/json_writer.h"
#include "core/query/job_rows.h"

namespace afterglow {
namespace {

constexpr JobStatus kJobStatuses[] = {JobStatus::kRunning, JobStatus::kSucceeded,
                                      JobStatus::kFailed, JobStatus::kUnknown};

void WriteOpt(JsonWriter& w, const char* key, const OptText& value) {
  if (value.present) w.Field(key, value.text);
}

void WriteJob(JsonWriter& w, const StringPool& pool, const JobRow& job) {
  w.BeginObject();
  w.FieldInt("jobId", job.job_id);
  w.Field("name", job.name);
  WriteOpt(w, "description", job.description);
  if (job.submission_time != kNoTime) w.Field("submissionTime", FormatSparkDate(job.submission_time));
  if (job.completion_time != kNoTime) w.Field("completionTime", FormatSparkDate(job.completion_time));
  w.Key("stageIds");
  w.BeginArray();
  for (int32_t id : job.stage_ids) w.Int(id);
  w.EndArray();
  WriteOpt(w, "jobGroup", job.job_group);
  w.Key("jobTags");
  w.BeginArray();
  for (StringId tag : job.job_tags) w.String(pool.Get(tag));
  w.EndArray();
  w.Field("status", JobStatusName(job.status));
  w.FieldInt("numTasks", job.num_tasks);
  w.FieldInt("numActiveTasks", job.active_tasks);
  w.FieldInt("numCompletedTasks", job.completed_tasks);
  w.FieldInt("numSkippedTasks", job.skipped_tasks);
  w.FieldInt("numFailedTasks", job.failed_tasks);
  w.FieldInt("numKilledTasks", job.killed_tasks);
  w.FieldInt("numCompletedIndices", job.completed_indices);
  w.FieldInt("numActiveStages", job.active_stages);
  w.FieldInt("numCompletedStages", job.completed_stages);
  w.FieldInt("numSkippedStages", job.skipped_stages);
  w.FieldInt("numFailedStages", job.failed_stages);
  w.Key("killedTasksSummary");
  w.BeginObject();
  for (const auto& [reason, count] : *job.killed_summary) w.FieldInt(pool.Get(reason), count);
  w.EndObject();
  w.EndObject();
}

}  // namespace

ApiResponse JobsEndpoint(const ApiData& data, const AttemptModel& attempt,
                         const std::vector<std::string>& rest, const ApiRequest& request) {
  const StringPool& pool = *data.pool;
  if (rest.size() == 1) {
    // An Int path parameter: digits past its range fail the conversion as letters do.
    const std::optional<int32_t> job_id = IsDigits(rest[0]) ? ParseJavaInt(rest[0]) : std::nullopt;
    if (!job_id) return NotFound("");
    const std::optional<JobRow> job = FindJobRow(attempt, pool, *job_id);
    if (!job) return NotFound("unknown job: " + rest[0]);
    JsonWriter w;
    WriteJob(w, pool, *job);
    return {200, w.Take()};
  }
  if (!rest.empty()) return NotFound("");

  bool wanted[4] = {false, false, false, false};
  const std::vector<std::string> statuses = request.Values("status");
  for (const std::string& status : statuses) {
    bool known = false;
    for (JobStatus s : kJobStatuses) {
      if (EqualsIgnoreCase(status, JobStatusName(s))) wanted[static_cast<int>(s)] = known = true;
    }
    if (!known) return NotFound("unknown job status: " + status);  // JAX-RS conversion failure
  }
  JsonWriter w(data.item_sink);
  w.BeginArray();
  for (const JobRow& job : JobRows(attempt, pool)) {
    if (!statuses.empty() && !wanted[static_cast<int>(job.status)]) continue;
    WriteJob(w, pool, job);
  }
  w.EndArray();
  return {200, w.Take()};
}

}  // namespace afterglow
