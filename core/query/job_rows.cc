#include "core/query/job_rows.h"

#include "core/analysis/durations.h"

namespace afterglow {

const char* JobStatusName(JobStatus status) {
  switch (status) {
    case JobStatus::kRunning: return "RUNNING";
    case JobStatus::kSucceeded: return "SUCCEEDED";
    case JobStatus::kFailed: return "FAILED";
    case JobStatus::kUnknown: return "UNKNOWN";
  }
  return "UNKNOWN";
}

JobRow JobRowOf(const AttemptModel& model, const StringPool& pool, const Job& job) {
  // A job still live shows the counters the final flush would write (Job::LiveCounters), whose
  // killed summary is the live one.
  const JobCounters c = job.written ? *job.written : job.LiveCounters();
  JobRow row;
  row.job_id = job.job_id;
  row.name = pool.Get(job.name);
  row.description = OptTextOf(pool, job.description);
  row.submission_time = job.submission_time;
  row.completion_time = c.completion_time;
  row.stage_ids = job.stage_ids;
  row.job_group = OptTextOf(pool, job.job_group);
  row.job_tags = job.job_tags;
  row.status = c.status;
  row.num_tasks = job.num_tasks;
  row.active_tasks = c.active_tasks;
  row.completed_tasks = c.completed_tasks;
  row.skipped_tasks = c.skipped_tasks;
  row.failed_tasks = c.failed_tasks;
  row.killed_tasks = c.killed_tasks;
  row.completed_indices = c.completed_indices;
  row.active_stages = c.active_stages;
  row.completed_stages = c.completed_stages;
  row.skipped_stages = c.skipped_stages;
  row.failed_stages = c.failed_stages;
  row.killed_summary = job.written ? &job.written->killed_summary : &job.live.killed_summary;
  row.duration_ms = JobDurationMs(job.submission_time, c.completion_time, DurationNowMs(model));
  return row;
}

std::vector<JobRow> JobRows(const AttemptModel& model, const StringPool& pool) {
  std::vector<JobRow> rows;
  rows.reserve(model.job_rows.size());
  for (auto it = model.job_rows.rbegin(); it != model.job_rows.rend(); ++it) {
    rows.push_back(JobRowOf(model, pool, model.job(it->second)));
  }
  return rows;
}

std::optional<JobRow> FindJobRow(const AttemptModel& model, const StringPool& pool,
                                 int32_t job_id) {
  auto it = model.job_rows.find(job_id);
  if (it == model.job_rows.end()) return std::nullopt;
  return JobRowOf(model, pool, model.job(it->second));
}

}  // namespace afterglow
