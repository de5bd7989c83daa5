// Jobs as typed rows: what v1.JobData shows for each job the History Server lists, read from the
// model with no JSON between. The REST writer (core/api/jobs_endpoint.cc), the jobs table and the
// job page read these. Rows point into the model and the pool: valid while both live unchanged.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "core/query/opt_text.h"

namespace afterglow {

// "RUNNING", "SUCCEEDED", "FAILED", "UNKNOWN": the API's names.
const char* JobStatusName(JobStatus status);

struct JobRow {
  int32_t job_id = 0;
  std::string_view name;  // the last stage's name
  OptText description;    // spark.job.description
  int64_t submission_time = kNoTime;  // epoch ms
  int64_t completion_time = kNoTime;
  std::span<const int32_t> stage_ids;  // in the job's order
  OptText job_group;
  std::span<const StringId> job_tags;  // sorted by text; pool ids
  JobStatus status = JobStatus::kRunning;
  int32_t num_tasks = 0;
  int32_t active_tasks = 0;
  int32_t completed_tasks = 0;
  int32_t skipped_tasks = 0;
  int32_t failed_tasks = 0;
  int32_t killed_tasks = 0;
  int32_t completed_indices = 0;
  int32_t active_stages = 0;
  int32_t completed_stages = 0;
  int32_t skipped_stages = 0;
  int32_t failed_stages = 0;
  const KilledSummary* killed_summary = nullptr;  // reason -> count; never null in a built row
  // JobDurationMs (core/analysis/durations.h): to completion, or to the log's end while running.
  int64_t duration_ms = -1;
};

// The row of one job object.
JobRow JobRowOf(const AttemptModel& model, const StringPool& pool, const Job& job);

// Every job the History Server lists, in its order (job id descending).
std::vector<JobRow> JobRows(const AttemptModel& model, const StringPool& pool);

// The listed job with this id; nullopt when there is none.
std::optional<JobRow> FindJobRow(const AttemptModel& model, const StringPool& pool,
                                 int32_t job_id);

}  // namespace afterglow
