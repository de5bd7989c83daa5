#include "ui/pages/jobs/jobs_table_model.h"

#include <algorithm>


namespace afterglow::ui {

void JobsTableModel::Clear() {
  rows.clear();
  order.clear();
  succeeded = failed = running = 0;
  sorted = false;
}

void JobsTableModel::Build(const AttemptModel& model, const StringPool& strings) {
  Clear();
  const std::vector<afterglow::JobRow> jobs = JobRows(model, strings);
  rows.reserve(jobs.size());
  for (const afterglow::JobRow& job : jobs) {
    JobRow row;
    row.job_id = job.job_id;
    row.description = std::string(job.description.present ? job.description.text : job.name);
    row.submitted_ms = job.submission_time;
    row.completed_ms = job.completion_time;
    row.status = job.status;
    row.duration_ms = job.duration_ms;
    auto count = [](int32_t n) { return n > 0 ? static_cast<uint32_t>(n) : 0u; };
    const uint32_t stage_count = static_cast<uint32_t>(job.stage_ids.size());
    row.stages_completed = count(job.completed_stages);
    row.stages_skipped = count(job.skipped_stages);
    row.stages_failed = count(job.failed_stages);
    row.stages_total = stage_count > row.stages_skipped ? stage_count - row.stages_skipped : 0;
    row.tasks_completed = count(job.completed_tasks);
    row.tasks_active = count(job.active_tasks);
    row.tasks_failed = count(job.failed_tasks);
    row.tasks_killed = count(job.killed_tasks);
    row.tasks_skipped = count(job.skipped_tasks);
    const uint32_t tasks = count(job.num_tasks);
    row.tasks_total = tasks > row.tasks_skipped ? tasks - row.tasks_skipped : 0;
    succeeded += row.status == JobStatus::kSucceeded;
    failed += row.status == JobStatus::kFailed;
    running += row.status == JobStatus::kRunning;
    rows.push_back(std::move(row));
  }
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
        return x.duration_ms < y.duration_ms;
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
