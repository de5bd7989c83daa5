// applications/{id}[/{attempt}]/jobs (status, repeatable) and jobs/{jobId} (docs/SPARK-SEMANTICS.md
// fact 18-29).
#include "core/api/dates.h"
#include "core/api/endpoints.h"
#include "core/api/json_writer.h"
#include "core/api/opt_field.h"

namespace afterglow {
namespace {

constexpr const char* kJobStatusNames[] = {"RUNNING", "SUCCEEDED", "FAILED", "UNKNOWN"};

void WriteKilledSummary(JsonWriter& w, const StringPool& pool, const KilledSummary& summary) {
  w.Key("killedTasksSummary");
  w.BeginObject();
  for (const auto& [reason, count] : summary) w.FieldInt(pool.Get(reason), count);
  w.EndObject();
}

void WriteJob(JsonWriter& w, const StringPool& pool, const Job& job) {
  const JobCounters c = job.written ? *job.written : job.LiveCounters();
  w.BeginObject();
  w.FieldInt("jobId", job.job_id);
  w.Field("name", pool.Get(job.name));
  WriteOptField(w, pool, "description", job.description);
  if (job.submission_time != kNoTime) w.Field("submissionTime", FormatSparkDate(job.submission_time));
  if (c.completion_time != kNoTime) w.Field("completionTime", FormatSparkDate(c.completion_time));
  w.Key("stageIds");
  w.BeginArray();
  for (int32_t id : job.stage_ids) w.Int(id);
  w.EndArray();
  WriteOptField(w, pool, "jobGroup", job.job_group);
  w.Key("jobTags");
  w.BeginArray();
  for (StringId tag : job.job_tags) w.String(pool.Get(tag));
  w.EndArray();
  w.Field("status", kJobStatusNames[static_cast<int>(c.status)]);
  w.FieldInt("numTasks", job.num_tasks);
  w.FieldInt("numActiveTasks", c.active_tasks);
  w.FieldInt("numCompletedTasks", c.completed_tasks);
  w.FieldInt("numSkippedTasks", c.skipped_tasks);
  w.FieldInt("numFailedTasks", c.failed_tasks);
  w.FieldInt("numKilledTasks", c.killed_tasks);
  w.FieldInt("numCompletedIndices", c.completed_indices);
  w.FieldInt("numActiveStages", c.active_stages);
  w.FieldInt("numCompletedStages", c.completed_stages);
  w.FieldInt("numSkippedStages", c.skipped_stages);
  w.FieldInt("numFailedStages", c.failed_stages);
  WriteKilledSummary(w, pool, c.killed_summary);
  w.EndObject();
}

}  // namespace

ApiResponse JobsEndpoint(const ApiData& data, const AttemptModel& attempt,
                         const std::vector<std::string>& rest, const ApiRequest& request) {
  const StringPool& pool = *data.pool;
  if (rest.size() == 1) {
    if (!IsDigits(rest[0])) return NotFound("");
    auto row = attempt.job_rows.find(std::stoi(rest[0]));
    if (row == attempt.job_rows.end()) return NotFound("unknown job: " + rest[0]);
    JsonWriter w;
    WriteJob(w, pool, attempt.job(row->second));
    return {200, w.Take()};
  }
  if (!rest.empty()) return NotFound("");

  bool wanted[4] = {false, false, false, false};
  const std::vector<std::string> statuses = request.Values("status");
  for (const std::string& status : statuses) {
    bool known = false;
    for (int i = 0; i < 4; ++i) {
      if (EqualsIgnoreCase(status, kJobStatusNames[i])) wanted[i] = known = true;
    }
    if (!known) return NotFound("unknown job status: " + status);  // JAX-RS conversion failure
  }
  JsonWriter w(data.item_sink);
  w.BeginArray();
  for (auto it = attempt.job_rows.rbegin(); it != attempt.job_rows.rend(); ++it) {
    const Job& job = attempt.job(it->second);
    const JobStatus status = job.shown().status;
    if (!statuses.empty() && !wanted[static_cast<int>(status)]) continue;
    WriteJob(w, pool, job);
  }
  w.EndArray();
  return {200, w.Take()};
}

}  // namespace afterglow
