#include "ui/pages/jobs/jobs_table_model.h"

#include <algorithm>
#include <string_view>

#include "ui/pages/api_rows.h"

namespace afterglow::ui {
namespace {

JobStatus StatusFromApi(std::string_view text) {
  if (text == "SUCCEEDED") return JobStatus::kSucceeded;
  if (text == "RUNNING") return JobStatus::kRunning;
  if (text == "FAILED") return JobStatus::kFailed;
  return JobStatus::kUnknown;
}

}  // namespace

const char* JobStatusName(JobStatus status) {
  switch (status) {
    case JobStatus::kRunning:
      return "RUNNING";
    case JobStatus::kSucceeded:
      return "SUCCEEDED";
    case JobStatus::kFailed:
      return "FAILED";
    case JobStatus::kUnknown:
      return "UNKNOWN";
  }
  return "UNKNOWN";
}

void JobsTableModel::Clear() {
  rows.clear();
  order.clear();
  error.clear();
  succeeded = failed = running = 0;
  sorted = false;
}

void JobsTableModel::Build(const Session& session, const AttemptSummary& app) {
  Clear();
  error = ForEachApiItem(session, ApiAppBase(app) + "/jobs", "jobs", [&](const ApiRow& job) {
    JobRow row;
    if (!job.Has("jobId")) return;
    row.job_id = job.Int("jobId");
    if (!job.TextIf("description", &row.description)) job.TextIf("name", &row.description);
    row.submitted_ms = job.Date("submissionTime");
    row.completed_ms = job.Date("completionTime");
    row.status = StatusFromApi(job.Text("status"));
    const uint32_t stage_count = static_cast<uint32_t>(job.ArraySize("stageIds"));
    row.stages_completed = job.Count("numCompletedStages");
    row.stages_skipped = job.Count("numSkippedStages");
    row.stages_failed = job.Count("numFailedStages");
    row.stages_total = stage_count > row.stages_skipped ? stage_count - row.stages_skipped : 0;
    row.tasks_completed = job.Count("numCompletedTasks");
    row.tasks_active = job.Count("numActiveTasks");
    row.tasks_failed = job.Count("numFailedTasks");
    row.tasks_killed = job.Count("numKilledTasks");
    row.tasks_skipped = job.Count("numSkippedTasks");
    const uint32_t tasks = job.Count("numTasks");
    row.tasks_total = tasks > row.tasks_skipped ? tasks - row.tasks_skipped : 0;
    succeeded += row.status == JobStatus::kSucceeded;
    failed += row.status == JobStatus::kFailed;
    running += row.status == JobStatus::kRunning;
    rows.push_back(std::move(row));
  });
  order.resize(rows.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
}

void JobsTableModel::Sort(JobColumn column, bool ascending) {
  sorted = true;
  auto key_less = [&](uint32_t a, uint32_t b) {
    const JobRow& x = rows[a];
    const JobRow& y = rows[b];
    switch (column) {
      case JobColumn::kId:
        return x.job_id < y.job_id;
      case JobColumn::kDescription:
        return x.description < y.description;
      case JobColumn::kSubmitted:
        return x.submitted_ms < y.submitted_ms;
      case JobColumn::kDuration:
        return x.DurationMs() < y.DurationMs();
      case JobColumn::kStages:
        return x.stages_total < y.stages_total;
      case JobColumn::kTasks:
        return x.tasks_total < y.tasks_total;
      case JobColumn::kStatus:
        return x.status < y.status;
    }
    return false;
  };
  // Ties keep the job id order so the table does not shuffle between sorts.
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    if (key_less(a, b)) return ascending;
    if (key_less(b, a)) return !ascending;
    return ascending ? rows[a].job_id < rows[b].job_id : rows[a].job_id > rows[b].job_id;
  });
}

}  // namespace afterglow::ui
