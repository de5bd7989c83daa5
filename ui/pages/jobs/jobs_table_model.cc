#include "ui/pages/jobs/jobs_table_model.h"

#include <algorithm>
#include <cstdio>

#include "core/query/pool_rows.h"
#include "ui/widgets/format.h"
#include "ui/widgets/table_text.h"
#include "ui/widgets/tsv.h"

namespace afterglow::ui {
namespace {

JobFilter FilterOf(JobStatus status) {
  switch (status) {
    case JobStatus::kRunning: return JobFilter::kRunning;
    case JobStatus::kSucceeded: return JobFilter::kSucceeded;
    case JobStatus::kFailed: return JobFilter::kFailed;
    default: return JobFilter::kAll;  // counted under All only
  }
}

}  // namespace

const char* JobFilterName(JobFilter filter) {
  switch (filter) {
    case JobFilter::kAll: return "All";
    case JobFilter::kRunning: return "Running";
    case JobFilter::kSucceeded: return "Succeeded";
    case JobFilter::kFailed: return "Failed";
    case JobFilter::kCount: break;
  }
  return "";
}

void JobsTableModel::Clear() {
  rows.clear();
  order.clear();
  shown.clear();
  counts.fill(0);
  scheduling_mode.clear();
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
    ++counts[static_cast<size_t>(JobFilter::kAll)];
    if (FilterOf(row.status) != JobFilter::kAll) ++counts[static_cast<size_t>(FilterOf(row.status))];
    rows.push_back(std::move(row));
  }
  scheduling_mode = SchedulingModeOf(model);
  order.resize(rows.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  ApplyFilter();
}

bool JobsTableModel::Matches(const JobRow& row) const {
  if (filter != JobFilter::kAll && FilterOf(row.status) != filter) return false;
  const std::string_view needle(search);
  if (needle.empty()) return true;
  char id[24];
  std::snprintf(id, sizeof id, "%lld", static_cast<long long>(row.job_id));
  return needle == id || ContainsIgnoreCase(row.description, needle);
}

void JobsTableModel::ApplyFilter() {
  shown.clear();
  for (uint32_t i : order) {
    if (Matches(rows[i])) shown.push_back(i);
  }
}

std::string JobsTableModel::Tsv() const {
  TsvWriter tsv;
  for (const char* header : {"Job Id", "Description", "Submitted", "Duration (ms)",
                             "Stages Succeeded", "Stages Total", "Stages Skipped", "Stages Failed",
                             "Tasks Succeeded", "Tasks Total", "Tasks Failed", "Tasks Killed",
                             "Status"}) {
    tsv.Cell(header);
  }
  tsv.EndRow();
  char when[64];
  for (uint32_t i : shown) {
    const JobRow& row = rows[i];
    tsv.Cell(row.job_id);
    tsv.Cell(row.description);
    tsv.Cell(FormatTimestamp(row.submitted_ms, when, sizeof when));
    tsv.Cell(row.duration_ms);
    for (uint32_t n : {row.stages_completed, row.stages_total, row.stages_skipped,
                       row.stages_failed, row.tasks_completed, row.tasks_total, row.tasks_failed,
                       row.tasks_killed}) {
      tsv.Cell(static_cast<int64_t>(n));
    }
    tsv.Cell(JobStatusName(row.status));
    tsv.EndRow();
  }
  return tsv.text();
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
  ApplyFilter();
}

}  // namespace afterglow::ui
