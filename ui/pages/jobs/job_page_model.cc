#include "ui/pages/jobs/job_page_model.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <vector>
#include <string_view>
#include <functional>
#include <cstdint>
#include <optional>

#include "core/query/job_rows.h"
#include "core/query/stage_rows.h"

namespace afterglow::ui {
namespace {

void ReadJob(const afterglow::JobRow& job, JobPageModel& out) {
  auto count = [](int32_t n) { return n > 0 ? static_cast<uint32_t>(n) : 0u; };
  out.found = true;
  out.name = std::string(job.name);
  out.description = std::string(job.description.text);
  out.job_group = std::string(job.job_group.text);
  out.status = job.status;
  out.submitted_ms = job.submission_time;
  out.completed_ms = job.completion_time;
  out.duration_ms = job.duration_ms;
  out.num_tasks = count(job.num_tasks);
  out.completed_tasks = count(job.completed_tasks);
  out.failed_tasks = count(job.failed_tasks);
  out.skipped_tasks = count(job.skipped_tasks);
  out.killed_tasks = count(job.killed_tasks);
  out.active_tasks = count(job.active_tasks);
  out.completed_stages = count(job.completed_stages);
  out.skipped_stages = count(job.skipped_stages);
  out.failed_stages = count(job.failed_stages);
  out.active_stages = count(job.active_stages);
}

JobStageRow ReadStage(const afterglow::StageRow& stage) {
  auto count = [](int32_t n) { return n > 0 ? static_cast<uint32_t>(n) : 0u; };
  JobStageRow row;
  row.stage_id = stage.stage_id;
  row.attempt_id = stage.attempt_id;
  row.name = std::string(stage.name);
  row.status = stage.status;
  row.description = std::string(stage.description.text);
  row.tasks_total = count(stage.num_tasks);
  row.tasks_complete = count(stage.complete_tasks);
  row.tasks_failed = count(stage.failed_tasks);
  row.tasks_active = count(stage.active_tasks);
  row.tasks_killed = count(stage.killed_tasks);
  row.submitted_ms = stage.submission_time;
  row.first_launch_ms = stage.first_launch_time;
  row.completed_ms = stage.completion_time;
  row.input_bytes = stage.metrics[TaskMetric::kInputBytesRead];
  row.output_bytes = stage.metrics[TaskMetric::kOutputBytesWritten];
  row.shuffle_read_bytes = stage.shuffle_read_bytes();
  row.shuffle_write_bytes = stage.metrics[TaskMetric::kShuffleBytesWritten];
  row.failure_reason = std::string(stage.failure_reason.text);
  row.duration_ms = stage.duration_ms;
  return row;
}

}  // namespace

const char* JobStageSectionName(JobStageSection section) {
  switch (section) {
    case JobStageSection::kActive: return "Active";
    case JobStageSection::kPending: return "Pending";
    case JobStageSection::kCompleted: return "Completed";
    case JobStageSection::kSkipped: return "Skipped";
    case JobStageSection::kFailed: return "Failed";
    case JobStageSection::kCount: break;
  }
  return "";
}

JobStageSection SectionOfStage(const JobStageRow& row, bool job_running) {
  if (row.submitted_ms < 0) return job_running ? JobStageSection::kPending : JobStageSection::kSkipped;
  if (row.completed_ms >= 0) {
    return row.status == StageStatus::kFailed ? JobStageSection::kFailed
                                              : JobStageSection::kCompleted;
  }
  return JobStageSection::kActive;
}

void JobPageModel::ArrangeStages() {
  // Section by section, stage id descending within each (the rows already are).
  const bool running = status == JobStatus::kRunning;
  std::array<std::vector<uint32_t>, kJobStageSectionCount> sections;
  char id[16];
  for (uint32_t i = 0; i < stages.size(); ++i) {
    std::snprintf(id, sizeof id, "%d", stages[i].stage_id);
    if (!stage_filter.Shows({id, stages[i].name})) continue;
    sections[static_cast<size_t>(SectionOfStage(stages[i], running))].push_back(i);
  }
  display.clear();
  for (size_t section = 0; section < kJobStageSectionCount; ++section) {
    section_begin[section] = static_cast<uint32_t>(display.size());
    section_size[section] = static_cast<uint32_t>(sections[section].size());
    display.insert(display.end(), sections[section].begin(), sections[section].end());
  }
  selected_row = -1;
}

void BuildJobPageModel(const AttemptModel& model, const StringPool& strings, int64_t job_id,
                       const TextMeasure& dag_text, JobPageModel& out) {
  // A rebuild of the same job (a refresh while the log loads) keeps the stage filter.
  const SmallTableFilter kept_filter = out.job_id == job_id ? out.stage_filter : SmallTableFilter();
  out.Clear();
  out.stage_filter = kept_filter;
  out.job_id = job_id;
  if (job_id < 0 || job_id > INT32_MAX) return;  // not a job id: the view says so
  const std::optional<afterglow::JobRow> job =
      FindJobRow(model, strings, static_cast<int32_t>(job_id));
  if (!job) return;  // not found: the view says so
  ReadJob(*job, out);
  std::vector<int32_t> stage_ids(job->stage_ids.begin(), job->stage_ids.end());
  std::sort(stage_ids.begin(), stage_ids.end(), std::greater<>());
  stage_ids.erase(std::unique(stage_ids.begin(), stage_ids.end()), stage_ids.end());

  // The latest attempt of each of the job's stages (Spark's store.lastStageAttempt), skipped
  // stages included.
  for (int32_t id : stage_ids) {
    if (const std::optional<afterglow::StageRow> stage = LatestStageAttemptRow(model, strings, id)) {
      out.stages.push_back(ReadStage(*stage));
      continue;
    }
    JobStageRow unknown;  // JobPage.scala's stand-in for a stage the store no longer holds
    unknown.stage_id = id;
    unknown.name = "Unknown";
    unknown.status = StageStatus::kPending;
    out.stages.push_back(std::move(unknown));
  }

  out.ArrangeStages();

  // The SQL query whose execution ran this job (Spark's "Associated SQL Query").
  for (const auto& [execution_id, row] : model.sql.executions) {
    for (const auto& [id, status] : row.jobs) {
      if (id == job_id) out.sql_execution_id = execution_id;
    }
  }
  BuildJobDag(model, strings, static_cast<int32_t>(job_id), dag_text, out.dag);
}

}  // namespace afterglow::ui
